// SPDX-License-Identifier: MIT
/*
 * tbf, the token bucket filter: the contract is in sch_tbf.h; the glue
 * to the device queue (GSO segmentation, the watchdog event that
 * reschedules the queue's qdisc run) is in sch_generic.c.
 * Kernel source: net/sched/sch_tbf.c (tbf_enqueue, tbf_segment,
 * tbf_dequeue, tbf_change), net/sched/sch_generic.c
 * (psched_ratecfg_precompute__), iproute2 tc/q_tbf.c (tbf_parse_opt).
 * No allocation after tbf_create: the bfifo is a list of the skbs.
 */
#include <stdio.h>
#include <stdlib.h>
#include "net/sched/sch_tbf.h"
#include "net/core/netdevice.h"
#include "kernel/host.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

#define NSEC_PER_SEC	1000000000ULL

struct tbf {
	struct tbf_params p;
	int64_t		tokens;		/* ns */
	int64_t		t_c;		/* ns: the last send */
	struct skb_queue fifo;		/* the bfifo child */
	uint32_t	qlen;
	uint64_t	backlog;	/* bytes, qdisc_pkt_len */
	uint64_t	packets, bytes, drops, overlimits;
};

/* psched_ratecfg_precompute__: the largest mult (bit 31 set) such that
 * len * mult >> shift is len * NSEC_PER_SEC / rate */
void psched_ratecfg_precompute(struct psched_ratecfg *r, uint64_t rate_bytes_ps)
{
	uint64_t factor = NSEC_PER_SEC;

	r->rate_bytes_ps = rate_bytes_ps;
	r->mult = 1;
	r->shift = 0;
	if (!rate_bytes_ps)
		return;
	for (;;) {
		r->mult = (uint32_t)(factor / rate_bytes_ps);
		if ((r->mult & (1u << 31)) || (factor & (1ULL << 63)))
			break;
		factor <<= 1;
		r->shift++;
	}
}

int tbf_params_from_tc(struct tbf_params *p, uint64_t rate_bits, uint32_t burst,
		       uint32_t limit, uint64_t latency_us)
{
	uint64_t rate = rate_bits / 8;	/* get_rate64 */

	if (!rate || !burst || (!limit && !latency_us))
		return -1;	/* tbf_parse_opt's "mandatory" errors */
	if (!limit) {
		/* tbf_parse_opt: rate * latency / TIME_UNITS_PER_SEC + buffer,
		 * a double stored into the u32 limit */
		uint64_t lim = rate * latency_us / 1000000 + burst;

		limit = lim > UINT32_MAX ? UINT32_MAX : (uint32_t)lim;
	}
	psched_ratecfg_precompute(&p->rate, rate);
	p->max_size = burst;	/* TCA_TBF_BURST */
	p->buffer = (int64_t)psched_l2t_ns(&p->rate, burst);
	p->limit = limit;
	return 0;
}

struct tbf *tbf_create(const struct tbf_params *p, int64_t now_ns)
{
	struct tbf *t = xcalloc(1, sizeof(*t));

	t->p = *p;
	t->tokens = p->buffer;	/* tbf_change */
	t->t_c = now_ns;	/* tbf_init */
	return t;
}

void tbf_destroy(struct tbf *t)
{
	free(t);
}

const struct tbf_params *tbf_params(const struct tbf *t)
{
	return &t->p;
}

void tbf_purge(struct tbf *t, struct skb_queue *out)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&t->fifo)))
		skb_queue_tail(out, skb);
	t->qlen = 0;
	t->backlog = 0;
}

/* qdisc_pkt_len_init: a GSO skb counts its other segments' headers too */
uint32_t tbf_pkt_len(const struct sk_buff *skb)
{
	if (skb->gso_segs > 1)
		return skb->len + (uint32_t)(skb->gso_segs - 1) * (skb->len - skb->payload_len);
	return skb->len;
}

/* skb_gso_mac_seglen: headers plus one segment's payload */
static uint32_t gso_mac_seglen(const struct sk_buff *skb)
{
	return skb->len - skb->payload_len + skb->gso_size;
}

bool tbf_wants_segments(const struct tbf *t, const struct sk_buff *skb)
{
	return skb->gso_segs > 1 && tbf_pkt_len(skb) > t->p.max_size &&
	       gso_mac_seglen(skb) <= t->p.max_size;
}

int tbf_enqueue(struct tbf *t, struct sk_buff *skb, struct skb_queue *dropped)
{
	uint32_t len = tbf_pkt_len(skb);

	/* over max_size (and not cut into segments: the caller's), or
	 * bfifo_enqueue over its limit: qdisc_drop, counted by both */
	if (len > t->p.max_size || t->backlog + len > t->p.limit) {
		t->drops++;
		skb_queue_tail(dropped, skb);
		return NET_XMIT_DROP;
	}
	skb_queue_tail(&t->fifo, skb);
	t->qlen++;
	t->backlog += len;
	return NET_XMIT_SUCCESS;
}

struct sk_buff *tbf_dequeue(struct tbf *t, int64_t now_ns, int64_t *wake)
{
	struct sk_buff *skb = t->fifo.head;	/* peek */
	uint32_t len;
	int64_t toks;

	*wake = 0;
	if (!skb)
		return NULL;
	len = tbf_pkt_len(skb);
	toks = MIN(now_ns - t->t_c, t->p.buffer);
	toks += t->tokens;
	if (toks > t->p.buffer)
		toks = t->p.buffer;
	toks -= (int64_t)psched_l2t_ns(&t->p.rate, len);
	if (toks >= 0) {
		skb_dequeue(&t->fifo);
		t->t_c = now_ns;
		t->tokens = toks;
		t->qlen--;
		t->backlog -= len;
		t->packets += skb->gso_segs ? skb->gso_segs : 1;	/* qdisc_bstats_update */
		t->bytes += len;
		return skb;
	}
	*wake = now_ns - toks;	/* qdisc_watchdog_schedule_ns(now + -toks) */
	t->overlimits++;
	return NULL;
}

void tbf_get_stats(const struct tbf *t, struct tbf_stats *st)
{
	*st = (struct tbf_stats){
		.packets = t->packets, .bytes = t->bytes, .drops = t->drops,
		.overlimits = t->overlimits, .backlog = t->backlog, .qlen = t->qlen,
		.tokens = t->tokens, .t_c = t->t_c,
	};
}

int tbf_check(const struct tbf *t, char *msg, size_t len)
{
	const struct sk_buff *skb;
	uint64_t n = 0, bytes = 0;

	for (skb = t->fifo.head; skb; skb = skb->next) {
		n++;
		bytes += tbf_pkt_len(skb);
	}
	if (n != t->qlen || bytes != t->backlog) {
		snprintf(msg, len, "tbf: qlen %u backlog %llu, but its bfifo holds %llu skbs, %llu bytes",
			 t->qlen, (unsigned long long)t->backlog, (unsigned long long)n,
			 (unsigned long long)bytes);
		return -1;
	}
	if (t->backlog > t->p.limit) {
		snprintf(msg, len, "tbf: backlog %llu over its limit %u",
			 (unsigned long long)t->backlog, t->p.limit);
		return -1;
	}
	if (t->tokens < 0 || t->tokens > t->p.buffer) {
		snprintf(msg, len, "tbf: tokens %lld ns outside [0, buffer %lld ns]",
			 (long long)t->tokens, (long long)t->p.buffer);
		return -1;
	}
	return 0;
}

/* --- the qdisc operations (include/net/sch_generic.h) ---------------- */

/* tbf_enqueue, and tbf_segment for a GSO skb over max_size whose
 * segments fit: each segment on its own, the skb gone */
static int tbf_qdisc_enqueue(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb)
{
	struct skb_queue dropped = { 0 };
	struct sk_buff *segs, *next, *d;
	struct tbf *t = q->priv;
	int nb = 0;

	if (!tbf_wants_segments(t, skb)) {
		if (tbf_enqueue(t, skb, &dropped) != NET_XMIT_SUCCESS) {
			q->drops++;
			return NET_XMIT_DROP;	/* the caller frees it */
		}
		q->qlen++;
		q->backlog += skb->len;
		q->max_qlen = MAX(q->max_qlen, q->qlen);
		return NET_XMIT_SUCCESS;
	}
	for (segs = skb_gso_segment(cpu, skb); segs; segs = next) {
		next = segs->next;
		segs->next = NULL;
		if (tbf_enqueue(t, segs, &dropped) != NET_XMIT_SUCCESS)
			continue;
		nb++;
		q->qlen++;
		q->backlog += segs->len;
	}
	q->max_qlen = MAX(q->max_qlen, q->qlen);
	while ((d = skb_dequeue(&dropped))) {
		q->drops++;
		kfree_skb(cpu, d);
	}
	return nb ? NET_XMIT_SUCCESS : NET_XMIT_DROP_FREED;
}

/* the head if its tokens suffice, else the watchdog for when they will */
static struct sk_buff *tbf_qdisc_dequeue(struct cpu *cpu, struct qdisc *q)
{
	struct sk_buff *skb;
	int64_t wake;

	skb = tbf_dequeue(q->priv, cpu_now(cpu) / PS_PER_NS, &wake);
	if (skb) {
		q->qlen--;
		q->backlog -= skb->len;
	} else if (wake) {
		qdisc_watchdog_schedule_range_ns(cpu, q, wake, 0);
	}
	return skb;
}

static void tbf_qdisc_reset(struct qdisc *q, struct skb_queue *out)
{
	tbf_purge(q->priv, out);
	q->qlen = qdisc_requeued(q);
	q->backlog = 0;
}

static void tbf_qdisc_destroy(struct qdisc *q)
{
	tbf_destroy(q->priv);
	q->priv = NULL;
}

/* tc -s qdisc show dev X: tbf's qstats and bstats, and its parameters */
static void tbf_dump_stats(const struct qdisc *q, qdisc_put_t put, void *ctx)
{
	const struct tbf_params *tp = tbf_params(q->priv);
	struct tbf_stats ts;

	tbf_get_stats(q->priv, &ts);
	put(ctx, "sent_bytes", (int64_t)ts.bytes);
	put(ctx, "sent_packets", (int64_t)ts.packets);
	put(ctx, "dropped", (int64_t)ts.drops);
	put(ctx, "overlimits", (int64_t)ts.overlimits);
	put(ctx, "backlog_bytes", (int64_t)ts.backlog);
	put(ctx, "backlog_packets", ts.qlen);
	put(ctx, "rate_bytes_ps", (int64_t)tp->rate.rate_bytes_ps);
	put(ctx, "buffer_ns", tp->buffer);
	put(ctx, "max_size", tp->max_size);
	put(ctx, "limit", tp->limit);
	put(ctx, "tokens_ns", ts.tokens);
}

static int tbf_qdisc_check(const struct qdisc *q, char *msg, size_t len)
{
	uint64_t n = qdisc_requeued(q);
	struct tbf_stats ts;

	if (tbf_check(q->priv, msg, len))
		return -1;
	tbf_get_stats(q->priv, &ts);
	if (q->qlen == ts.qlen + n)
		return 0;
	snprintf(msg, len, "qdisc qlen %u, but tbf holds %u skbs and the requeue slot %llu",
		 q->qlen, ts.qlen, (unsigned long long)n);
	return -1;
}

const struct Qdisc_ops tbf_qdisc_ops = {
	.id		= "tbf",
	.enqueue	= tbf_qdisc_enqueue,
	.dequeue	= tbf_qdisc_dequeue,
	.reset		= tbf_qdisc_reset,
	.destroy	= tbf_qdisc_destroy,
	.dump_stats	= tbf_dump_stats,
	.check		= tbf_qdisc_check,
};
