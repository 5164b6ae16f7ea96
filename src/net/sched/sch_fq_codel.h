/* SPDX-License-Identifier: MIT */
/*
 * fq_codel: fair-queueing CoDel qdisc, and the CoDel control law.
 *
 * Follows Linux 6.18.2 net/sched/sch_fq_codel.c (fq_codel_init,
 * fq_codel_enqueue, fq_codel_drop, __fq_codel_dequeue, dequeue_func,
 * drop_func, fq_codel_reset, fq_codel_dump_stats), include/net/codel.h
 * (codel_time_t, CODEL_SHIFT, REC_INV_SQRT_BITS/SHIFT, codel_time_after),
 * include/net/codel_impl.h (codel_params_init, codel_Newton_step,
 * codel_control_law, codel_should_drop, codel_dequeue),
 * include/net/codel_qdisc.h (enqueue time, mem_usage per skb) and
 * include/net/inet_ecn.h (IP_ECN_set_ce); 3.13.10 compared (see
 * sch_fq_codel.c for the era differences, not modelled).
 *
 * Models: flows_cnt (1024) hashed flows, each a FIFO with its own CoDel state; DRR
 * over new_flows (served first) and old_flows with a byte deficit
 * refilled by quantum; an emptied new flow goes to the tail of old_flows
 * (if old_flows is non-empty) before it may leave; over limit (packets)
 * or memory_limit (sum of truesize), up to drop_batch_size packets, until
 * half its backlog is gone, are head-dropped from the fattest flow.
 * CoDel runs on the kernel's clock, u32 units of 1024 ns (sim time ps ->
 * ns -> >> 10), with the Newton step on a 16-bit reciprocal sqrt of count
 * (no table of first values: CoDel has none, only sch_cake's COBALT does)
 * and the "backlog <= mtu" rule on the whole qdisc backlog.
 *
 * Calling convention: the caller owns every skb it gets back. Enqueue
 * takes the skb; packets dropped by enqueue (the batch, which may include
 * the skb just enqueued) or by dequeue (CoDel head drops) are appended to
 * *dropped for the caller to free (kfree_skb). The skb's enqueue time is
 * kept in skb->t[SKB_T_QDISC], which enqueue sets to `now`, and its
 * charge in skb->truesize, which must not change while queued.
 * ECN: a packet is ECN-capable when skb->protocol is ETH_P_IP and skb->ecn
 * (the IPv4 ECN bits) is ECT(0) or ECT(1); marking sets skb->ecn to CE. A
 * CE packet counts as marked again, as IP_ECN_set_ce returns true for it.
 *
 * Leaves out: tc filters and classification by skb->priority (every
 * packet is hashed); ce_threshold_selector/mask; peek (gso_skb); change()
 * at run time; the per-qdisc stats of a parent (qdisc_tree_reduce_backlog).
 * Deviation: the flow hash is a 32-bit mix of (saddr, daddr, ports,
 * proto) with the perturbation, not skb_get_hash (flow dissector + jhash);
 * ports count for TCP and UDP only, as in the kernel's flow keys.
 * Deviation: the packet length is skb->len, without qdisc_pkt_len_init's
 * extra headers for GSO packets (as nicsim's pfifo_fast).
 * Deviation: enqueue returns NET_XMIT_DROP (1) where the kernel returns
 * NET_XMIT_CN (0x02): a packet of the enqueued flow was dropped.
 */
#ifndef NICSIM_HOST_SCH_FQ_CODEL_H
#define NICSIM_HOST_SCH_FQ_CODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/skb.h"
#include "nicsim/time.h"
#include "net/core/netdevice.h"

#define FQ_CODEL_QUANTUM_MAX	(1u << 20)	/* uapi pkt_sched.h */
#define FQ_CODEL_FLOWS_MAX	65536u		/* fq_codel_change */
/* ce_threshold off: the kernel's CODEL_DISABLED_THRESHOLD (INT_MAX) */
#define FQ_CODEL_CE_THRESHOLD_OFF	SIM_TIME_MAX

struct fq_codel_params {
	uint32_t	limit;		/* packets (sch->limit) */
	uint32_t	flows_cnt;
	uint32_t	quantum;	/* DRR bytes per round */
	uint32_t	drop_batch_size;
	uint32_t	memory_limit;	/* bytes of truesize */
	uint32_t	mtu;		/* codel_params.mtu: CoDel leaves a backlog
					 * of at most this many bytes alone */
	sim_time_t	target;
	sim_time_t	interval;
	sim_time_t	ce_threshold;	/* FQ_CODEL_CE_THRESHOLD_OFF: off */
	bool		ecn;
};

/* fq_codel_dump_stats (tc_fq_codel_qd_stats) and the qdisc counters */
struct fq_codel_stats {
	uint64_t	packets;	/* dequeued (bstats: GSO segments) */
	uint64_t	bytes;
	uint64_t	drops;		/* qstats.drops: overlimit + CoDel */
	uint32_t	drop_overlimit;	/* dropped by enqueue */
	uint32_t	drop_overmemory; /* ... while over memory_limit */
	uint32_t	codel_drops;	/* dropped by CoDel in dequeue (nicsim's;
					 * the kernel has drops - drop_overlimit) */
	uint32_t	ecn_mark;	/* CoDel marked instead of dropping */
	uint32_t	ce_mark;	/* marked above ce_threshold */
	uint32_t	new_flow_count;
	uint32_t	maxpacket;	/* largest packet CoDel has seen */
	uint32_t	memory_usage;
	uint32_t	new_flows_len;
	uint32_t	old_flows_len;
};

struct fq_codel;

/*
 * fq_codel_init's defaults: limit 10240, flows 1024, quantum = mtu =
 * psched_mtu clamped to [256, FQ_CODEL_QUANTUM_MAX], target 5 ms,
 * interval 100 ms, ecn on, ce_threshold off, memory_limit 32 MB (the
 * CONFIG_X86_64 value; other arches 4 MB), drop_batch_size 64.
 */
void fq_codel_default_params(struct fq_codel_params *p, uint32_t mtu_plus_hh);
/* NULL if the parameters are out of fq_codel_change's range (flows_cnt
 * 0 or > 65536, quantum > FQ_CODEL_QUANTUM_MAX); quantum is raised to 256,
 * drop_batch_size to 1 and memory_limit capped at 2^31 as change() does. */
struct fq_codel *fq_codel_create(const struct fq_codel_params *p,
				 uint32_t perturbation);
/* Frees the qdisc, not the skbs still queued: purge them first. */
void fq_codel_destroy(struct fq_codel *q);
/* fq_codel_reset: every queued skb to *out, flows and CoDel state reset. */
void fq_codel_purge(struct fq_codel *q, struct skb_queue *out);

/* NET_XMIT_SUCCESS, or NET_XMIT_DROP when the overlimit batch came from
 * this skb's flow (kernel NET_XMIT_CN); the skb is dropped only if it is
 * in *dropped. */
int fq_codel_enqueue(struct fq_codel *q, struct sk_buff *skb, sim_time_t now,
		     struct skb_queue *dropped);
struct sk_buff *fq_codel_dequeue(struct fq_codel *q, sim_time_t now,
				 struct skb_queue *dropped);

uint32_t fq_codel_qlen(const struct fq_codel *q);
uint64_t fq_codel_backlog(const struct fq_codel *q);	/* bytes */
void fq_codel_get_stats(const struct fq_codel *q, struct fq_codel_stats *st);
/* --check: qlen, backlog and the per-flow backlogs match the queued skbs;
 * -1 with what does not. */
int fq_codel_check(const struct fq_codel *q, char *msg, size_t len);
/* The flow (0 .. flows_cnt - 1) skb hashes to. */
uint32_t fq_codel_classify(const struct fq_codel *q, const struct sk_buff *skb);

/* CoDel's clock: sim time -> u32 units of 1024 ns, and back. */
static inline uint32_t codel_time_from_sim(sim_time_t t)
{
	return (uint32_t)((uint64_t)(t / PS_PER_NS) >> 10);
}

static inline sim_time_t codel_time_to_sim(uint32_t t)
{
	return (sim_time_t)((uint64_t)t << 10) * PS_PER_NS;
}

#endif
