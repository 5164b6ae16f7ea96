// SPDX-License-Identifier: MIT
/*
 * fq, the Fair Queue packet scheduler: the contract is in sch_fq.h; the
 * qdisc operations (the watchdog with timer_slack) are at the end.
 * Kernel source: net/sched/sch_fq.c, torvalds/linux 01857fc (post-6.18),
 * 6.18 assumed the same (UNVERIFIED).
 * Flows come from a free list grown a chunk at a time: no allocation once
 * a run's flows exist.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "net/sched/sch_fq.h"
#include "net/core/netdevice.h"
#include "net/core/sock.h"
#include "kernel/host.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

#define NSEC_PER_SEC	1000000000ULL
#define FQ_BUCKETS_LOG	10		/* fq_init: ilog2(1024) */
#define FQ_BUCKETS	(1u << FQ_BUCKETS_LOG)
#define FQ_FLOW_CHUNK	64
#define FQ_FASTPATH_MAX	8		/* fq_fastpath_check: internal.qlen < 8 */
#define TIME_NONE	(~0ULL)

enum fq_flow_state { FQ_DETACHED, FQ_LISTED, FQ_THROTTLED };

struct fq_flow {
	struct sk_buff	*head, *tail;	/* in time_to_send order */
	const struct sock *sk;		/* its socket, or NULL: okey */
	uint32_t	okey;		/* orphan key (hash & orphan_mask) << 1 | 1 */
	uint32_t	bucket;
	int		qlen;
	int		credit;
	int		band;
	enum fq_flow_state state;
	uint64_t	age;		/* jiffies | 1 when it was detached */
	uint64_t	time_next_packet;	/* ns */
	struct fq_flow	*next;		/* new_flows / old_flows */
	struct fq_flow	*hnext;		/* its bucket */
	struct fq_flow	*dnext;		/* q->delayed, by time_next_packet */
};

struct fq_flow_head {
	struct fq_flow	*first, *last;
};

struct fq_perband_flows {
	struct fq_flow_head new_flows, old_flows;
	int		credit;
	int		quantum;	/* the band's weight */
};

struct fq_sched {
	struct fq_params p;
	int		hz;
	uint32_t	hashrnd;
	uint64_t	refill_delay;	/* jiffies */
	struct fq_flow	*buckets[FQ_BUCKETS];
	struct fq_flow	*free_flows;
	void		**chunks;
	size_t		nr_chunks;
	unsigned int	band_nr;
	struct fq_perband_flows band_flows[FQ_BANDS];
	struct fq_flow	internal;	/* the fast path */
	struct fq_flow	*delayed;	/* throttled flows, earliest first */
	uint64_t	time_next_delayed_flow;
	uint32_t	band_pkt_count[FQ_BANDS];
	uint32_t	flows, inactive_flows, throttled_flows;
	uint32_t	qlen;
	uint64_t	backlog;
	struct fq_stats	st;	/* the event counters */
};

/* sch_default_prio2band (net/sched/sch_generic.c), tc's default map */
static const uint8_t default_prio2band[16] = { 1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };

void fq_default_params(struct fq_params *p, uint32_t mtu_plus_hh)
{
	*p = (struct fq_params){
		.limit = 10000, .flow_plimit = 100,
		.quantum = 2 * mtu_plus_hh, .initial_quantum = 10 * mtu_plus_hh,
		.flow_max_rate = FQ_MAX_RATE_UNLIMITED,
		.low_rate_threshold = 550000 / 8,
		.horizon = 10 * NSEC_PER_SEC, .horizon_drop = true,
		.rate_enable = true, .orphan_mask = 1024 - 1,
		.flow_refill_delay_ms = 40, .timer_slack = 10000,
		.weights = { 9 << 16, 3 << 16, 1 << 16 },
	};
	memcpy(p->prio2band, default_prio2band, sizeof(p->prio2band));
}

static uint64_t fq_jiffies(const struct fq_sched *q, int64_t now_ns)
{
	return (uint64_t)now_ns / (NSEC_PER_SEC / (uint64_t)q->hz);
}

/* time_after(a, b) */
static bool after(uint64_t a, uint64_t b)
{
	return (int64_t)(b - a) < 0;
}

struct fq_sched *fq_create(const struct fq_params *p, int hz, uint32_t hashrnd)
{
	struct fq_sched *q;
	int i;

	if (!p->quantum || p->quantum > (1u << 20) || p->initial_quantum > INT_MAX)
		return NULL;	/* fq_change: "invalid quantum", iq_range */
	q = xcalloc(1, sizeof(*q));
	q->p = *p;
	q->hz = hz;
	q->hashrnd = hashrnd;
	/* msecs_to_jiffies: rounded up */
	q->refill_delay = ((uint64_t)p->flow_refill_delay_ms * (uint64_t)hz + 999) / 1000;
	q->time_next_delayed_flow = TIME_NONE;
	for (i = 0; i < FQ_BANDS; i++)
		q->band_flows[i].quantum = p->weights[i];
	return q;
}

static void fq_free_chunks(struct fq_sched *q)
{
	size_t i;

	for (i = 0; i < q->nr_chunks; i++)
		free(q->chunks[i]);
	free(q->chunks);
}

void fq_destroy(struct fq_sched *q)
{
	fq_free_chunks(q);
	free(q);
}

const struct fq_params *fq_params(const struct fq_sched *q)
{
	return &q->p;
}

int fq_band_of(const struct fq_sched *q, const struct sk_buff *skb)
{
	return q->p.prio2band[skb->priority & 15];	/* TC_PRIO_MAX */
}

/* fq_skb_cb(skb)->time_to_send: the EDT stamp, else the enqueue time */
static uint64_t time_to_send(const struct sk_buff *skb)
{
	return skb->tstamp ? skb->tstamp : (uint64_t)(skb->t[SKB_T_QDISC] / PS_PER_NS);
}

static void fq_flow_add_tail(struct fq_sched *q, struct fq_flow *f, bool new_flow)
{
	struct fq_perband_flows *pb = &q->band_flows[f->band];
	struct fq_flow_head *h = new_flow ? &pb->new_flows : &pb->old_flows;

	if (h->first)
		h->last->next = f;
	else
		h->first = f;
	h->last = f;
	f->next = NULL;
	f->state = FQ_LISTED;
}

static void fq_flow_set_detached(struct fq_sched *q, struct fq_flow *f, int64_t now_ns)
{
	f->state = FQ_DETACHED;
	f->age = fq_jiffies(q, now_ns) | 1;
}

/* fq_flow_set_throttled: into q->delayed after the flows due no later */
static void fq_flow_set_throttled(struct fq_sched *q, struct fq_flow *f)
{
	struct fq_flow **pp = &q->delayed;

	while (*pp && f->time_next_packet >= (*pp)->time_next_packet)
		pp = &(*pp)->dnext;
	f->dnext = *pp;
	*pp = f;
	q->throttled_flows++;
	q->st.throttled++;
	f->state = FQ_THROTTLED;
	if (q->time_next_delayed_flow > f->time_next_packet)
		q->time_next_delayed_flow = f->time_next_packet;
}

/* fq_check_throttled: the flows now due back to old_flows */
static void fq_check_throttled(struct fq_sched *q, uint64_t now)
{
	if (q->time_next_delayed_flow > now)
		return;
	q->time_next_delayed_flow = TIME_NONE;
	while (q->delayed) {
		struct fq_flow *f = q->delayed;

		if (f->time_next_packet > now) {
			q->time_next_delayed_flow = f->time_next_packet;
			break;
		}
		q->delayed = f->dnext;
		q->throttled_flows--;
		fq_flow_add_tail(q, f, false);
	}
}

static struct fq_flow *fq_flow_alloc(struct fq_sched *q)
{
	struct fq_flow *f;

	if (!q->free_flows) {
		struct fq_flow *chunk = xcalloc(FQ_FLOW_CHUNK, sizeof(*chunk));
		int i;

		q->chunks = realloc(q->chunks, (q->nr_chunks + 1) * sizeof(*q->chunks));
		if (!q->chunks)
			abort();
		q->chunks[q->nr_chunks++] = chunk;
		for (i = 0; i < FQ_FLOW_CHUNK; i++) {
			chunk[i].hnext = q->free_flows;
			q->free_flows = &chunk[i];
		}
	}
	f = q->free_flows;
	q->free_flows = f->hnext;
	memset(f, 0, sizeof(*f));
	return f;
}

/* fq_gc: the bucket's flows detached for more than FQ_GC_AGE (3 s),
 * other than the one looked up, freed */
static void fq_gc(struct fq_sched *q, uint32_t b, const struct sock *sk, uint32_t okey,
		  int64_t now_ns)
{
	uint64_t j = fq_jiffies(q, now_ns);
	struct fq_flow **pp = &q->buckets[b];
	uint32_t n = 0;

	while (*pp) {
		struct fq_flow *f = *pp;

		if ((f->sk != sk || f->okey != okey) && f->state == FQ_DETACHED &&
		    after(j, f->age + 3 * (uint64_t)q->hz)) {
			*pp = f->hnext;
			f->hnext = q->free_flows;
			q->free_flows = f;
			n++;
			continue;
		}
		pp = &f->hnext;
	}
	q->flows -= n;
	q->inactive_flows -= n;
	q->st.gc_flows += n;
}

/* the flow hash of an skb without a (connected) socket */
static uint32_t fq_orphan_key(const struct fq_sched *q, const struct sk_buff *skb)
{
	uint32_t ports = 0, h;

	if (skb->ip_proto == IPPROTO_TCP_ || skb->ip_proto == IPPROTO_UDP_)
		ports = (uint32_t)skb->sport << 16 | skb->dport;
	h = mix32(skb->saddr ^ q->hashrnd);
	h = mix32(h ^ skb->daddr);
	h = mix32(h ^ ports);
	h = mix32(h ^ skb->ip_proto);
	return (h & q->p.orphan_mask) << 1 | 1;
}

/* fq_fastpath_check */
static bool fq_fastpath_check(const struct fq_sched *q, const struct sk_buff *skb, uint64_t now)
{
	if (time_to_send(skb) > now)	/* offload_horizon 0 */
		return false;
	if (q->qlen) {
		if (q->flows != q->inactive_flows + q->throttled_flows)
			return false;
		if (q->internal.qlen >= FQ_FASTPATH_MAX)
			return false;
		if (q->time_next_delayed_flow <= now)
			return false;
	}
	return q->p.flow_max_rate == FQ_MAX_RATE_UNLIMITED;
}

static void fq_mark_socket(const struct fq_sched *q, struct sock *sk)
{
	if (q->p.rate_enable)
		sk->sk_pacing_status = SK_PACING_FQ;
}

static struct fq_flow *fq_classify(struct fq_sched *q, struct sk_buff *skb, int64_t now_ns)
{
	struct sock *sk = skb->sk && skb->sk->connected ? skb->sk : NULL;
	uint32_t okey = sk ? 0 : fq_orphan_key(q, skb);
	uint32_t b = ((sk ? sk->sk_hash : okey) * 0x61C88647u) >> (32 - FQ_BUCKETS_LOG);
	struct fq_flow *f;

	if (fq_fastpath_check(q, skb, (uint64_t)now_ns)) {
		q->st.fastpath_packets++;
		if (sk)
			fq_mark_socket(q, sk);
		return &q->internal;
	}
	fq_gc(q, b, sk, okey, now_ns);
	for (f = q->buckets[b]; f; f = f->hnext)
		if (f->sk == sk && f->okey == okey)
			return f;
	f = fq_flow_alloc(q);
	fq_flow_set_detached(q, f, now_ns);
	f->sk = sk;
	f->okey = okey;
	f->bucket = b;
	if (sk)
		fq_mark_socket(q, sk);
	f->credit = (int)q->p.initial_quantum;
	f->hnext = q->buckets[b];
	q->buckets[b] = f;
	q->flows++;
	q->inactive_flows++;
	return f;
}

/* flow_queue_add: after every skb due no later (Linux: a list while
 * time_to_send does not decrease, an rb-tree for the others; served in
 * the same order) */
static void flow_queue_add(struct fq_flow *f, struct sk_buff *skb)
{
	uint64_t t = time_to_send(skb);
	struct sk_buff **pp = &f->head, *prev = NULL;

	if (f->head && t >= time_to_send(f->tail)) {
		prev = f->tail;
		pp = &prev->next;
	} else {
		while (*pp && t >= time_to_send(*pp)) {
			prev = *pp;
			pp = &prev->next;
		}
	}
	skb->next = *pp;
	*pp = skb;
	if (!skb->next)
		f->tail = skb;
}

static int fq_drop(struct fq_sched *q)
{
	q->st.drops++;
	return NET_XMIT_DROP;
}

int fq_enqueue(struct fq_sched *q, struct sk_buff *skb, int64_t now_ns)
{
	uint64_t now = (uint64_t)now_ns;
	int band = fq_band_of(q, skb);
	struct fq_flow *f;

	if (q->band_pkt_count[band] >= q->p.limit) {
		q->st.band_drops[band]++;
		return fq_drop(q);
	}
	skb->t[SKB_T_QDISC] = (sim_time_t)now_ns * PS_PER_NS;
	if (skb->tstamp && (int64_t)skb->tstamp > (int64_t)(now + q->p.horizon)) {
		if (q->p.horizon_drop) {
			q->st.horizon_drops++;
			return fq_drop(q);
		}
		q->st.horizon_caps++;
		skb->tstamp = now + q->p.horizon;
	}
	f = fq_classify(q, skb, now_ns);
	if (f != &q->internal) {
		if (f->qlen >= (int)q->p.flow_plimit) {
			q->st.flows_plimit++;
			return fq_drop(q);
		}
		if (f->state == FQ_DETACHED) {
			uint64_t j = fq_jiffies(q, now_ns);

			fq_flow_add_tail(q, f, true);
			/* max_t(u32, credit, quantum): a negative credit
			 * compares as huge and stays */
			if (after(j, f->age + q->refill_delay) &&
			    (uint32_t)f->credit < q->p.quantum)
				f->credit = (int)q->p.quantum;
		}
		f->band = band;
		q->band_pkt_count[band]++;
		if (f->qlen == 0)
			q->inactive_flows--;
	}
	f->qlen++;
	flow_queue_add(f, skb);
	q->qlen++;
	q->backlog += skb->len;
	return NET_XMIT_SUCCESS;
}

/* fq_dequeue_skb: the head of f out */
static struct sk_buff *fq_take_head(struct fq_sched *q, struct fq_flow *f)
{
	struct sk_buff *skb = f->head;

	f->head = skb->next;
	skb->next = NULL;
	q->qlen--;
	q->backlog -= skb->len;
	q->st.packets += skb->gso_segs ? skb->gso_segs : 1;	/* qdisc_bstats_update */
	q->st.bytes += skb->len;
	return skb;
}

static struct fq_flow_head *fq_pband_head_select(struct fq_perband_flows *pb)
{
	if (pb->credit <= 0)
		return NULL;
	if (pb->new_flows.first)
		return &pb->new_flows;
	return pb->old_flows.first ? &pb->old_flows : NULL;
}

/* the pacing after f sent skb of plen bytes (fq_dequeue's tail) */
static void fq_pace(struct fq_sched *q, struct fq_flow *f, const struct sk_buff *skb,
		    uint32_t plen, uint64_t now)
{
	uint64_t rate = q->p.flow_max_rate, len;

	if (!skb->tstamp) {
		if (skb->sk && skb->sk->sk_pacing_rate < rate)
			rate = skb->sk->sk_pacing_rate;
		if (rate <= q->p.low_rate_threshold) {
			f->credit = 0;
		} else {
			plen = MAX(plen, q->p.quantum);
			if (f->credit > 0)
				return;
		}
	}
	if (rate == FQ_MAX_RATE_UNLIMITED)
		return;
	len = (uint64_t)plen * NSEC_PER_SEC;
	if (rate)
		len /= rate;
	if (len > NSEC_PER_SEC) {	/* the socket's rate may change: 1 s at most */
		len = NSEC_PER_SEC;
		q->st.pkts_too_long++;
	}
	if (f->time_next_packet)	/* this dequeue's lateness, up to half */
		len -= MIN(len / 2, now - f->time_next_packet);
	f->time_next_packet = now + len;
}

struct sk_buff *fq_dequeue(struct fq_sched *q, int64_t now_ns, int64_t *wake)
{
	uint64_t now = (uint64_t)now_ns;
	struct fq_perband_flows *pb;
	struct fq_flow_head *head;
	struct sk_buff *skb;
	struct fq_flow *f;
	int retry = 0;
	uint32_t plen;

	*wake = 0;
	if (!q->qlen)
		return NULL;
	if (q->internal.head) {
		q->internal.qlen--;
		return fq_take_head(q, &q->internal);
	}
	fq_check_throttled(q, now);
	pb = &q->band_flows[q->band_nr];
begin:
	head = fq_pband_head_select(pb);
	if (!head) {
		while (++retry <= FQ_BANDS) {
			if (++q->band_nr == FQ_BANDS)
				q->band_nr = 0;
			pb = &q->band_flows[q->band_nr];
			pb->credit = MIN(pb->credit + pb->quantum, pb->quantum);
			if (pb->credit > 0)
				goto begin;
			retry = 0;
		}
		if (q->time_next_delayed_flow != TIME_NONE)
			*wake = (int64_t)q->time_next_delayed_flow;
		return NULL;
	}
	f = head->first;
	retry = 0;
	if (f->credit <= 0) {
		f->credit += (int)q->p.quantum;
		head->first = f->next;
		fq_flow_add_tail(q, f, false);
		goto begin;
	}
	if (f->head) {
		uint64_t tnp = MAX(time_to_send(f->head), f->time_next_packet);

		if (now < tnp) {
			head->first = f->next;
			f->time_next_packet = tnp;
			fq_flow_set_throttled(q, f);
			goto begin;
		}
		skb = fq_take_head(q, f);
		if (--f->qlen == 0)
			q->inactive_flows++;
		q->band_pkt_count[fq_band_of(q, skb)]--;
	} else {
		head->first = f->next;
		/* an emptied new flow passes through old_flows first */
		if (head == &pb->new_flows)
			fq_flow_add_tail(q, f, false);
		else
			fq_flow_set_detached(q, f, now_ns);
		goto begin;
	}
	plen = skb->len;
	f->credit -= (int)plen;
	pb->credit -= (int)plen;
	if (q->p.rate_enable)
		fq_pace(q, f, skb, plen, now);
	return skb;
}

void fq_purge(struct fq_sched *q, struct skb_queue *out)
{
	struct sk_buff *skb;
	uint32_t b;
	int i;

	while ((skb = q->internal.head)) {
		q->internal.head = skb->next;
		skb->next = NULL;
		skb_queue_tail(out, skb);
	}
	q->internal.qlen = 0;
	for (b = 0; b < FQ_BUCKETS; b++)
		while (q->buckets[b]) {
			struct fq_flow *f = q->buckets[b];

			while ((skb = f->head)) {
				f->head = skb->next;
				skb->next = NULL;
				skb_queue_tail(out, skb);
			}
			q->buckets[b] = f->hnext;
			f->hnext = q->free_flows;
			q->free_flows = f;
		}
	for (i = 0; i < FQ_BANDS; i++) {
		q->band_flows[i].new_flows.first = NULL;
		q->band_flows[i].old_flows.first = NULL;
		q->band_pkt_count[i] = 0;
	}
	q->delayed = NULL;
	q->time_next_delayed_flow = TIME_NONE;
	q->flows = q->inactive_flows = q->throttled_flows = 0;
	q->qlen = 0;
	q->backlog = 0;
}

void fq_get_stats(const struct fq_sched *q, struct fq_stats *st)
{
	int i;

	*st = q->st;
	st->qlen = q->qlen;
	st->backlog = q->backlog;
	st->flows = q->flows;
	st->inactive_flows = q->inactive_flows;
	st->throttled_flows = q->throttled_flows;
	for (i = 0; i < FQ_BANDS; i++)
		st->band_pkt_count[i] = q->band_pkt_count[i];
}

static int fq_check_flows(const struct fq_sched *q, char *msg, size_t len)
{
	uint32_t nflows = 0, inactive = 0, throttled = 0, bands[FQ_BANDS] = { 0 };
	uint64_t n = 0, bytes = 0;
	const struct fq_flow *f;
	const struct sk_buff *skb;
	uint32_t b;

	for (b = 0; b < FQ_BUCKETS; b++)
		for (f = q->buckets[b]; f; f = f->hnext) {
			int fn = 0;

			nflows++;
			inactive += !f->qlen;
			throttled += f->state == FQ_THROTTLED;
			for (skb = f->head; skb; skb = skb->next) {
				fn++;
				bytes += skb->len;
				bands[fq_band_of(q, skb)]++;
			}
			n += (uint64_t)fn;
			if (fn != f->qlen) {
				snprintf(msg, len, "fq: a flow's qlen %d, but it holds %d skbs", f->qlen, fn);
				return -1;
			}
		}
	for (skb = q->internal.head; skb; skb = skb->next) {
		n++;
		bytes += skb->len;
	}
	if (n != q->qlen || bytes != q->backlog || nflows != q->flows ||
	    inactive != q->inactive_flows || throttled != q->throttled_flows) {
		snprintf(msg, len, "fq: qlen %u backlog %llu flows %u (inactive %u, throttled %u), "
			 "but it holds %llu skbs, %llu bytes in %u flows (%u, %u)",
			 q->qlen, (unsigned long long)q->backlog, q->flows, q->inactive_flows,
			 q->throttled_flows, (unsigned long long)n, (unsigned long long)bytes,
			 nflows, inactive, throttled);
		return -1;
	}
	for (b = 0; b < FQ_BANDS; b++)
		if (bands[b] != q->band_pkt_count[b]) {
			snprintf(msg, len, "fq: band %u counts %u packets, holds %u", b,
				 q->band_pkt_count[b], bands[b]);
			return -1;
		}
	return 0;
}

int fq_check(const struct fq_sched *q, char *msg, size_t len)
{
	const struct fq_flow *f;
	uint32_t nd = 0;

	for (f = q->delayed; f; f = f->dnext) {
		if (f->dnext && f->dnext->time_next_packet < f->time_next_packet) {
			snprintf(msg, len, "fq: throttled flows out of time order");
			return -1;
		}
		nd++;
	}
	if (nd != q->throttled_flows) {
		snprintf(msg, len, "fq: %u throttled flows, %u on the delayed list",
			 q->throttled_flows, nd);
		return -1;
	}
	return fq_check_flows(q, msg, len);
}

/* --- the qdisc operations (include/net/sch_generic.h) ---------------- */

static int fq_qdisc_enqueue(struct cpu *cpu, struct qdisc *sch, struct sk_buff *skb)
{
	if (fq_enqueue(sch->priv, skb, cpu_now(cpu) / PS_PER_NS) != NET_XMIT_SUCCESS) {
		sch->drops++;
		return NET_XMIT_DROP;	/* the caller frees it */
	}
	sch->qlen++;
	sch->backlog += skb->len;
	sch->max_qlen = MAX(sch->max_qlen, sch->qlen);
	return NET_XMIT_SUCCESS;
}

/* the next skb, or the watchdog for the first throttled flow
 * (qdisc_watchdog_schedule_range_ns with timer_slack) */
static struct sk_buff *fq_qdisc_dequeue(struct cpu *cpu, struct qdisc *sch)
{
	struct fq_sched *q = sch->priv;
	struct sk_buff *skb;
	int64_t wake;

	skb = fq_dequeue(q, cpu_now(cpu) / PS_PER_NS, &wake);
	if (skb) {
		sch->qlen--;
		sch->backlog -= skb->len;
	} else if (wake) {
		qdisc_watchdog_schedule_range_ns(cpu, sch, wake, q->p.timer_slack);
	}
	return skb;
}

static void fq_qdisc_reset(struct qdisc *sch, struct skb_queue *out)
{
	fq_purge(sch->priv, out);
	sch->qlen = qdisc_requeued(sch);
	sch->backlog = 0;
}

static void fq_qdisc_destroy(struct qdisc *sch)
{
	fq_destroy(sch->priv);
	sch->priv = NULL;
}

/* tc -s qdisc show: qstats and bstats, then tc_fq_qd_stats */
static void fq_dump_stats(const struct qdisc *sch, qdisc_put_t put, void *ctx)
{
	struct fq_stats st;

	fq_get_stats(sch->priv, &st);
	put(ctx, "sent_bytes", (int64_t)st.bytes);
	put(ctx, "sent_packets", (int64_t)st.packets);
	put(ctx, "dropped", (int64_t)st.drops);
	put(ctx, "overlimits", 0);	/* fq counts none */
	put(ctx, "backlog_bytes", (int64_t)st.backlog);
	put(ctx, "backlog_packets", st.qlen);
	put(ctx, "flows", st.flows);
	put(ctx, "inactive", st.inactive_flows);
	put(ctx, "throttled_flows", st.throttled_flows);
	put(ctx, "gc", (int64_t)st.gc_flows);
	put(ctx, "highprio", (int64_t)st.highprio_packets);
	put(ctx, "fastpath", (int64_t)st.fastpath_packets);
	put(ctx, "throttled", (int64_t)st.throttled);
	put(ctx, "flows_plimit", (int64_t)st.flows_plimit);
	put(ctx, "pkts_too_long", (int64_t)st.pkts_too_long);
	put(ctx, "horizon_drops", (int64_t)st.horizon_drops);
	put(ctx, "horizon_caps", (int64_t)st.horizon_caps);
	put(ctx, "band0_drops", (int64_t)st.band_drops[0]);
	put(ctx, "band1_drops", (int64_t)st.band_drops[1]);
	put(ctx, "band2_drops", (int64_t)st.band_drops[2]);
}

static int fq_qdisc_check(const struct qdisc *sch, char *msg, size_t len)
{
	const struct fq_sched *q = sch->priv;

	if (fq_check(q, msg, len))
		return -1;
	if (sch->qlen == q->qlen + (qdisc_requeued(sch)))
		return 0;
	snprintf(msg, len, "qdisc qlen %u, but fq holds %u skbs and the requeue slot %d",
		 sch->qlen, q->qlen, qdisc_requeued(sch));
	return -1;
}

const struct Qdisc_ops fq_qdisc_ops = {
	.id		= "fq",
	.enqueue	= fq_qdisc_enqueue,
	.dequeue	= fq_qdisc_dequeue,
	.reset		= fq_qdisc_reset,
	.destroy	= fq_qdisc_destroy,
	.dump_stats	= fq_dump_stats,
	.check		= fq_qdisc_check,
};
