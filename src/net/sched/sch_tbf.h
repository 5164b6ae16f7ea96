/* SPDX-License-Identifier: MIT */
/*
 * tbf: the token bucket filter qdisc, with its default child, a bfifo.
 *
 * Follows Linux net/sched/sch_tbf.c (tbf_enqueue, tbf_segment,
 * tbf_dequeue, tbf_change; the 4.x-5.x text with TCA_TBF_BURST and
 * psched_ratecfg was read, the 6.18 text is UNVERIFIED), net/sched/
 * sch_generic.c (psched_ratecfg_precompute, psched_ratecfg_precompute__),
 * include/net/sch_generic.h (psched_l2t_ns), net/sched/sch_fifo.c
 * (bfifo_enqueue: UNVERIFIED, from memory: accepts while backlog + len <=
 * limit), net/sched/sch_api.c (qdisc_watchdog_schedule_range_ns: from
 * memory, UNVERIFIED) and iproute2 tc/q_tbf.c (tbf_parse_opt: how
 * `tc qdisc add dev X root tbf rate R burst B limit L | latency T` turns
 * into the kernel's parameters; tc sends TCA_TBF_BURST, so the kernel's
 * max_size is the burst and its bucket depth `buffer` psched_l2t_ns(rate,
 * burst)).
 *
 * Models: tokens counted in nanoseconds of the rate (the kernel's), refilled
 * by the time since the last send (t_c) and capped at buffer; the head
 * packet leaves when tokens - l2t(len) >= 0, else the qdisc asks its
 * watchdog for a run at now + the missing tokens and counts an overlimit;
 * a packet longer than max_size is dropped, a GSO skb whose segments fit is
 * cut into them first (tbf_segment); the bfifo child drops what would take
 * its backlog past limit bytes. psched_l2t_ns is the kernel's reciprocal
 * multiply: (len * mult) >> shift, with linklayer ethernet, no overhead,
 * no mpu (tc's defaults).
 *
 * Calling convention (as fq_codel's): the caller owns what it gets back;
 * enqueue appends a packet it drops to *dropped, dequeue returns the head
 * or NULL with the time, in ns, at which the tokens will suffice.
 *
 * Deviation: the packet length is the kernel's qdisc_pkt_len for GSO
 * skbs (qdisc_pkt_len_init: one header per extra segment), skb->len
 * otherwise; the generic qdisc counters of nicsim stay in skb->len.
 * Leaves out: peakrate and mtu/minburst (a second bucket; no keys, so a
 * scenario cannot ask for them), overhead, mpu, linklayer atm, another
 * child qdisc than bfifo, tc change at run time, hardware offload
 * (TC_SETUP_QDISC_TBF).
 */
#ifndef NICSIM_SCH_TBF_H
#define NICSIM_SCH_TBF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "nicsim/skb.h"
#include "nicsim/time.h"

/* struct psched_ratecfg (linklayer ethernet, overhead and mpu 0) */
struct psched_ratecfg {
	uint64_t	rate_bytes_ps;
	uint32_t	mult;
	uint8_t		shift;
};

void psched_ratecfg_precompute(struct psched_ratecfg *r, uint64_t rate_bytes_ps);
static inline uint64_t psched_l2t_ns(const struct psched_ratecfg *r, uint32_t len)
{
	return ((uint64_t)len * r->mult) >> r->shift;
}

/* What the kernel holds after tbf_change, from tc's options */
struct tbf_params {
	struct psched_ratecfg rate;
	uint32_t	limit;		/* bytes: the bfifo's */
	uint32_t	max_size;	/* bytes: the longest packet it sends */
	int64_t		buffer;		/* ns: the bucket depth */
};

/*
 * tc qdisc add ... tbf rate RATE burst BURST (limit LIMIT | latency LAT):
 * rate in bit/s (tc's get_rate64: bytes/s = bits / 8), burst and limit in
 * bytes, latency in microseconds (tc's TIME_UNITS_PER_SEC); with latency,
 * limit = rate * latency + burst, as tbf_parse_opt computes it. -1 if tc
 * or tbf_change refuses (a zero rate, burst, or limit and latency both 0).
 */
int tbf_params_from_tc(struct tbf_params *p, uint64_t rate_bits, uint32_t burst,
		       uint32_t limit, uint64_t latency_us);

/* tc -s qdisc: the tbf's counters, plus its bucket */
struct tbf_stats {
	uint64_t	packets;	/* bstats: sent (dequeued) */
	uint64_t	bytes;
	uint64_t	drops;		/* over max_size or over limit */
	uint64_t	overlimits;	/* dequeues short of tokens */
	uint64_t	backlog;	/* bytes (qdisc_pkt_len) in the bfifo */
	uint32_t	qlen;
	int64_t		tokens;		/* ns */
	int64_t		t_c;		/* ns */
};

struct tbf;

struct tbf *tbf_create(const struct tbf_params *p, int64_t now_ns);
void tbf_destroy(struct tbf *t);
const struct tbf_params *tbf_params(const struct tbf *t);
/* the bfifo's skbs, all of them, to *out */
void tbf_purge(struct tbf *t, struct skb_queue *out);
/* tbf_pkt_len: qdisc_pkt_len */
uint32_t tbf_pkt_len(const struct sk_buff *skb);
/* true if skb is over max_size but its segments are not: the caller cuts
 * it (skb_gso_segment) and enqueues each segment (tbf_segment) */
bool tbf_wants_segments(const struct tbf *t, const struct sk_buff *skb);
/* NET_XMIT_SUCCESS, or NET_XMIT_DROP with skb appended to *dropped */
int tbf_enqueue(struct tbf *t, struct sk_buff *skb, struct skb_queue *dropped);
/* The head if its tokens are there (then it is the caller's), else NULL;
 * *wake: the ns at which they will be (0 if the queue is empty). */
struct sk_buff *tbf_dequeue(struct tbf *t, int64_t now_ns, int64_t *wake);
void tbf_get_stats(const struct tbf *t, struct tbf_stats *st);
/* --check: qlen and backlog match the queued skbs, tokens in [0, buffer] */
int tbf_check(const struct tbf *t, char *msg, size_t len);

#endif
