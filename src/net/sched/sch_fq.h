/* SPDX-License-Identifier: MIT */
/*
 * fq: the Fair Queue packet scheduler, per-flow pacing.
 *
 * Follows Linux net/sched/sch_fq.c (fq_init, fq_change, fq_classify,
 * fq_fastpath_check, fq_gc, fq_enqueue, flow_queue_add, fq_peek,
 * fq_check_throttled, fq_flow_set_throttled, fq_flow_unset_throttled,
 * fq_pband_head_select, fq_dequeue, fq_reset, fq_dump_stats), read at
 * torvalds/linux 01857fc (post-6.18 master); the 6.18 text is assumed
 * the same (UNVERIFIED: no 6.18 tag was at hand; the three bands and
 * their weights date from 6.7, the fast path from 6.9). The watchdog is
 * sch_generic.c's qdisc_watchdog_schedule_range_ns with timer_slack.
 *
 * Models: flows per socket (a connected socket's skbs, skb->sk), or, for
 * an skb without a socket or from an unconnected one (sk_state
 * TCP_CLOSE: UDP, raw), per flow hash & orphan_mask; new flows served
 * before old ones, round robin with a per-flow byte credit refilled by
 * quantum, initial_quantum for a flow's first packets, and a detached
 * flow's credit raised to quantum after flow_refill_delay (40 ms);
 * flow_limit packets per flow, limit packets per band; three priority
 * bands from skb->priority (tc's default priomap) served by weighted
 * round robin (weights 589824, 196608, 65536 bytes); the fast path
 * (q->internal: an skb due now, while no flow is eligible and fewer than
 * 8 wait there, without maxrate) served first and never paced; pacing:
 * an skb's time_to_send is skb->tstamp (EDT), capped or dropped past the
 * horizon, else its enqueue time; a flow waits (throttled, in time order)
 * until max(time_to_send, its time_next_packet), which each dequeue
 * without EDT advances by max(len, quantum) / min(sk_pacing_rate,
 * maxrate) once the credit is spent (per packet, credit zeroed, at or
 * below low_rate_threshold), and with EDT only by maxrate; the delay is
 * clamped to 1 s (pkts_too_long) and shortened by the dequeue's lateness
 * (at most half); the gc of flows detached for more than 3 s (FQ_GC_AGE)
 * met on their bucket when another flow is looked up; SK_PACING_FQ set
 * on the socket when its flow is found or made. As in the kernel, a
 * detached flow rejoins new_flows of the band it had last (fq_enqueue
 * links it before it sets f->band; a new flow's is 0), so a new flow's
 * first turn is band 0's whatever its skbs' priority.
 * Without EDT stamps (TCP sets none here until it models EDT), a qdisc
 * whose flows are all idle takes skbs on its fast path, first in, first
 * out, up to 8 at a time: TSQ-limited streams then share one FIFO.
 *
 * Calling convention (as fq_codel's): the caller owns what it gets back;
 * enqueue returns NET_XMIT_DROP when it drops skb (the caller frees it);
 * dequeue returns the next skb or NULL and, in *wake, the ns at which a
 * throttled flow becomes eligible (0: none). Enqueue records `now` in
 * skb->t[SKB_T_QDISC] (a time_to_send without EDT is read back from it)
 * and may rewrite skb->tstamp (horizon cap), as Linux does.
 *
 * Deviation: flows are found in 1024 buckets by sk_hash (or the orphan
 * key), not by hashing the socket's address (hash_ptr) into rb-trees:
 * addresses are not deterministic here; the gc examines every flow of
 * the bucket (Linux: those on the rb-tree path to the looked-up socket).
 * Deviation: the flow hash of an orphan skb is a mix of (saddr, daddr,
 * ports, proto) with a per-qdisc random seed, not skb_get_hash.
 * Deviation: packet lengths are skb->len (no qdisc_pkt_len_init extra
 * headers for GSO skbs), as nicsim's pfifo_fast and fq_codel.
 * Leaves out: skb_orphan of orphaned skbs (nicsim sends none from
 * listeners or timewait sockets; skbs without a socket have none to
 * orphan), a socket's reallocation (sk_hash change), SO_MAX_PACING_RATE,
 * ce_threshold (off by default), offload_horizon (0 by default),
 * buckets/orphan_mask/refill_delay/weights/timer_slack options, change()
 * at run time, allocation errors, unthrottle_latency_ns.
 */
#ifndef NICSIM_SCH_FQ_H
#define NICSIM_SCH_FQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "nicsim/skb.h"

#define FQ_BANDS	3
#define FQ_MAX_RATE_UNLIMITED	(~0ULL)

struct fq_params {
	uint32_t	limit;		/* packets per band (sch->limit) */
	uint32_t	flow_plimit;	/* packets per flow */
	uint32_t	quantum;	/* bytes */
	uint32_t	initial_quantum;
	uint64_t	flow_max_rate;	/* bytes/s; FQ_MAX_RATE_UNLIMITED */
	uint64_t	low_rate_threshold;	/* bytes/s */
	uint64_t	horizon;	/* ns */
	bool		horizon_drop;
	bool		rate_enable;	/* pacing (tc: nopacing clears it) */
	uint32_t	orphan_mask;
	uint32_t	flow_refill_delay_ms;
	uint64_t	timer_slack;	/* ns */
	uint8_t		prio2band[16];
	int32_t		weights[FQ_BANDS];
};

/* tc -s qdisc show: fq's qstats, bstats and tc_fq_qd_stats */
struct fq_stats {
	uint64_t	packets, bytes;	/* sent (dequeued) */
	uint64_t	drops;
	uint32_t	qlen;
	uint64_t	backlog;
	uint32_t	flows, inactive_flows, throttled_flows;
	uint64_t	gc_flows;
	uint64_t	highprio_packets;	/* always 0 since 6.7 */
	uint64_t	fastpath_packets;
	uint64_t	throttled;	/* times a flow was throttled */
	uint64_t	flows_plimit;
	uint64_t	pkts_too_long;
	uint64_t	horizon_drops, horizon_caps;
	uint64_t	band_drops[FQ_BANDS];
	uint32_t	band_pkt_count[FQ_BANDS];
};

struct fq_sched;

/* fq_init's defaults for a device of psched_mtu mtu_plus_hh */
void fq_default_params(struct fq_params *p, uint32_t mtu_plus_hh);
/* NULL if fq_change would refuse p (quantum 0 or over 1 << 20,
 * initial_quantum over INT_MAX). hz: the kernel's, for the jiffies of
 * flow_refill_delay and the gc; hashrnd: the orphan flow hash's seed. */
struct fq_sched *fq_create(const struct fq_params *p, int hz, uint32_t hashrnd);
void fq_destroy(struct fq_sched *q);
/* fq_reset: every queued skb to *out */
void fq_purge(struct fq_sched *q, struct skb_queue *out);
int fq_enqueue(struct fq_sched *q, struct sk_buff *skb, int64_t now_ns);
struct sk_buff *fq_dequeue(struct fq_sched *q, int64_t now_ns, int64_t *wake);
const struct fq_params *fq_params(const struct fq_sched *q);
void fq_get_stats(const struct fq_sched *q, struct fq_stats *st);
/* --check: qlen, backlog, flows and the per-flow counts agree */
int fq_check(const struct fq_sched *q, char *msg, size_t len);
/* fq_prio2band for skb->priority */
int fq_band_of(const struct fq_sched *q, const struct sk_buff *skb);

#endif
