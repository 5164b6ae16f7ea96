/* SPDX-License-Identifier: MIT */
/*
 * The qdisc operations table: what one kind of qdisc does for the
 * generic layer (sch_generic.c) that runs it under dev_queue_xmit.
 *
 * Follows Linux include/net/sch_generic.h (struct Qdisc_ops: id,
 * enqueue, dequeue, reset, destroy, dump_stats; TCQ_F_CAN_BYPASS; the
 * qdisc_watchdog of net/sched/sch_api.c), 6.18 read.
 * Models: a qdisc's kind is its ops; the generic counters (qlen, backlog
 * in skb->len, drops, requeues, packets and bytes sent) stay in struct
 * qdisc (net/core/netdevice.h) and every ops keeps them; the kind's own
 * state hangs off qdisc->priv.
 * Deviation: enqueue gets the CPU (for its clock and to free what it
 * drops) and returns NET_XMIT_DROP when the caller must free skb,
 * NET_XMIT_DROP_FREED when skb is gone already (tbf's segments);
 * dequeue frees what it drops itself. dump_stats hands each of the
 * kind's `tc -s qdisc` counters to a callback (the results JSON, the
 * probes) instead of a netlink message; check is nicsim's (--check).
 * Leaves out: peek (no qdisc here is a child of a classful one that
 * peeks), change, init from netlink, the class operations.
 */
#ifndef NICSIM_NET_SCH_GENERIC_H
#define NICSIM_NET_SCH_GENERIC_H

#include <stddef.h>
#include <stdint.h>
#include "net/core/netdevice.h"

/* sch->flags: __dev_xmit_skb may hand an skb straight to the driver
 * when this qdisc is empty and not running */
#define TCQ_F_CAN_BYPASS	4

/* one `tc -s qdisc` counter of the kind: name, value */
typedef void (*qdisc_put_t)(void *ctx, const char *name, int64_t value);

struct Qdisc_ops {
	const char	*id;
	int		(*enqueue)(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb);
	struct sk_buff	*(*dequeue)(struct cpu *cpu, struct qdisc *q);
	/* every queued skb to *out; counters of the queue to zero */
	void		(*reset)(struct qdisc *q, struct skb_queue *out);
	void		(*destroy)(struct qdisc *q);
	/* the kind's own counters, in `tc -s qdisc show` order; may be NULL */
	void		(*dump_stats)(const struct qdisc *q, qdisc_put_t put, void *ctx);
	/* --check: -1 with msg if the kind's state contradicts itself */
	int		(*check)(const struct qdisc *q, char *msg, size_t len);
};

extern const struct Qdisc_ops pfifo_fast_ops;
extern const struct Qdisc_ops fq_codel_qdisc_ops;
extern const struct Qdisc_ops tbf_qdisc_ops;
extern const struct Qdisc_ops fq_qdisc_ops;
extern const struct Qdisc_ops prio_qdisc_ops;

static inline void *qdisc_priv(const struct qdisc *q)
{
	return q->priv;
}

/*
 * Bands of FIFOs under one qdisc, served lowest band first (pfifo_fast's
 * three, prio's pfifos): qdisc_band_enqueue_tail queues skb at the tail
 * of band and counts it in q (qdisc_enqueue_tail); qdisc_bands_dequeue
 * takes the head of the first of the n bands that holds one (its index
 * in *band) and uncounts it; qdisc_bands_reset hands every skb to *out
 * (qlen keeps the requeued skb); qdisc_band_walk counts band's skbs and
 * adds their bytes to *bytes, for --check.
 */
void qdisc_band_enqueue_tail(struct qdisc *q, struct skb_queue *band, struct sk_buff *skb);
struct sk_buff *qdisc_bands_dequeue(struct qdisc *q, struct skb_queue *bands, int n, int *band);
void qdisc_bands_reset(struct qdisc *q, struct skb_queue *bands, int n, struct skb_queue *out);
uint32_t qdisc_band_walk(const struct skb_queue *band, uint64_t *bytes);

/* qdisc_drop for a list: each skb of *dropped counted and freed */
void qdisc_drop_all(struct cpu *cpu, struct qdisc *q, struct skb_queue *dropped);

/*
 * qdisc_watchdog_schedule_range_ns: the qdisc's hrtimer at soft expiry
 * expires (ns) with delta_ns of slack, left alone when it is already set
 * within [expires, expires + delta_ns], else (re)started on this CPU.
 */
void qdisc_watchdog_schedule_range_ns(struct cpu *cpu, struct qdisc *q,
				      int64_t expires, uint64_t delta_ns);

#endif
