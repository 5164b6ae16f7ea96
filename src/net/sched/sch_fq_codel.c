// SPDX-License-Identifier: MIT
/*
 * fq_codel and CoDel. Contract in sch_fq_codel.h.
 *
 * Follows Linux 6.18.2:
 *   net/sched/sch_fq_codel.c	fq_codel_init, fq_codel_enqueue,
 *				fq_codel_drop, dequeue_func, drop_func,
 *				__fq_codel_dequeue, fq_codel_reset,
 *				fq_codel_change (parameter ranges)
 *   include/net/codel.h	codel_time_t, CODEL_SHIFT, codel_time_after*,
 *				REC_INV_SQRT_BITS, CODEL_DISABLED_THRESHOLD
 *   include/net/codel_impl.h	codel_Newton_step, codel_control_law,
 *				codel_should_drop, codel_dequeue
 *   include/net/inet_ecn.h	IP_ECN_set_ce
 *
 * Era differences, not modelled (3.13.10 read):
 * - 3.13 codel_should_drop leaves CoDel alone while the qdisc backlog is
 *   <= stats->maxpacket (largest packet seen), not <= params->mtu.
 * - 3.13 fq_codel_drop drops one packet per overlimit enqueue (no batch,
 *   no memory_limit); count is not raised by it.
 * - 3.13 hashes with jhash_3words(dst, src ^ proto, ports, perturbation);
 *   6.x uses skb_get_hash and a per-boot seed.
 * - 3.13 codel_control_law uses reciprocal_divide (same arithmetic as
 *   reciprocal_scale here: (u64)a * b >> 32).
 *
 * Deviation: see sch_fq_codel.h (hash, packet length, return value).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include "net/sched/sch_fq_codel.h"
#include "net/core/netdevice.h"
#include "kernel/host.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

/* --- CoDel (include/net/codel.h, codel_impl.h) ---------------------- */

typedef uint32_t codel_time_t;

#define CODEL_SHIFT		10
#define REC_INV_SQRT_BITS	16
#define REC_INV_SQRT_SHIFT	(32 - REC_INV_SQRT_BITS)
#define CODEL_DISABLED_THRESHOLD ((codel_time_t)INT32_MAX)

/* serial-number compares on the wrapping u32 clock */
static inline bool codel_time_after(codel_time_t a, codel_time_t b)
{
	return (int32_t)(a - b) > 0;
}

static inline bool codel_time_after_eq(codel_time_t a, codel_time_t b)
{
	return (int32_t)(a - b) >= 0;
}

static inline bool codel_time_before(codel_time_t a, codel_time_t b)
{
	return codel_time_after(b, a);
}

static inline uint32_t reciprocal_scale(uint32_t val, uint32_t ep_ro)
{
	return (uint32_t)(((uint64_t)val * ep_ro) >> 32);
}

struct codel_vars {
	uint32_t	count;		/* drops since entering dropping state */
	uint32_t	lastcount;	/* count when it was entered */
	bool		dropping;
	uint16_t	rec_inv_sqrt;	/* 1/sqrt(count), Q0.16 */
	codel_time_t	first_above_time;
	codel_time_t	drop_next;
	codel_time_t	ldelay;		/* sojourn of the last packet seen */
};

/*
 * One Newton-Raphson step towards 1/sqrt(count):
 * x' = x * (3 - count * x^2) / 2, in Q0.32 from the stored Q0.16.
 */
static void codel_newton_step(struct codel_vars *v)
{
	uint32_t x = (uint32_t)v->rec_inv_sqrt << REC_INV_SQRT_SHIFT;
	uint32_t x2 = (uint32_t)(((uint64_t)x * x) >> 32);
	uint64_t y = (3ULL << 32) - (uint64_t)v->count * x2;

	y >>= 2;			/* keeps y * x within 64 bits */
	y = (y * x) >> 31;		/* >> 32, << 2 back, >> 1 for the /2 */
	v->rec_inv_sqrt = (uint16_t)(y >> REC_INV_SQRT_SHIFT);
}

/* t + interval / sqrt(count) */
static codel_time_t codel_control_law(codel_time_t t, codel_time_t interval,
				      uint32_t rec_inv_sqrt)
{
	return t + reciprocal_scale(interval, rec_inv_sqrt << REC_INV_SQRT_SHIFT);
}

/* --- the qdisc ------------------------------------------------------ */

struct fq_list {
	struct fq_list *next, *prev;
};

struct fq_codel_flow {
	struct sk_buff	*head;
	struct sk_buff	*tail;
	struct fq_list	flowchain;	/* on new_flows or old_flows */
	int32_t		deficit;
	struct codel_vars cvars;
};

struct fq_codel {
	struct fq_codel_flow *flows;
	uint32_t	*backlogs;	/* bytes per flow */
	uint32_t	flows_cnt;
	uint32_t	limit;
	uint32_t	quantum;
	uint32_t	drop_batch_size;
	uint32_t	memory_limit;
	uint32_t	perturbation;
	/* codel_params */
	codel_time_t	target;
	codel_time_t	interval;
	codel_time_t	ce_threshold;
	uint32_t	mtu;
	bool		ecn;

	struct fq_list	new_flows;
	struct fq_list	old_flows;
	uint32_t	qlen;		/* sch->q.qlen */
	uint32_t	backlog;	/* sch->qstats.backlog, u32 as there */
	uint32_t	memory_usage;
	struct fq_codel_stats st;
};

static void fq_list_init(struct fq_list *l)
{
	l->next = l->prev = l;
}

static bool fq_list_empty(const struct fq_list *l)
{
	return l->next == l;
}

static void fq_list_del_init(struct fq_list *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	fq_list_init(e);
}

static void fq_list_add_tail(struct fq_list *e, struct fq_list *head)
{
	e->prev = head->prev;
	e->next = head;
	head->prev->next = e;
	head->prev = e;
}

static void fq_list_move_tail(struct fq_list *e, struct fq_list *head)
{
	fq_list_del_init(e);
	fq_list_add_tail(e, head);
}

static struct fq_codel_flow *flow_of(struct fq_list *e)
{
	return (struct fq_codel_flow *)((char *)e -
					offsetof(struct fq_codel_flow, flowchain));
}


uint32_t fq_codel_classify(const struct fq_codel *q, const struct sk_buff *skb)
{
	uint32_t ports = 0, h;

	if (skb->ip_proto == IPPROTO_TCP_ || skb->ip_proto == IPPROTO_UDP_)
		ports = (uint32_t)skb->sport << 16 | skb->dport;
	h = mix32(skb->saddr ^ q->perturbation);
	h = mix32(h ^ skb->daddr);
	h = mix32(h ^ ports);
	h = mix32(h ^ skb->ip_proto);
	return reciprocal_scale(h, q->flows_cnt);
}

/* INET_ECN_set_ce for IPv4: true if the packet now carries CE */
static bool inet_ecn_set_ce(struct sk_buff *skb)
{
	if (skb->protocol != ETH_P_IP)
		return false;
	switch (skb->ecn & INET_ECN_MASK) {
	case INET_ECN_NOT_ECT:
		return false;
	case INET_ECN_CE:
		return true;
	default:
		skb->ecn |= INET_ECN_CE;
		return true;
	}
}

static codel_time_t codel_enqueue_time(const struct sk_buff *skb)
{
	return codel_time_from_sim(skb->t[SKB_T_QDISC]);
}

static codel_time_t codel_param_time(sim_time_t t)
{
	if (t >= FQ_CODEL_CE_THRESHOLD_OFF)
		return CODEL_DISABLED_THRESHOLD;
	return codel_time_from_sim(t);
}

void fq_codel_default_params(struct fq_codel_params *p, uint32_t mtu_plus_hh)
{
	uint32_t mtu = mtu_plus_hh;

	if (mtu < 256)
		mtu = 256;
	if (mtu > FQ_CODEL_QUANTUM_MAX)
		mtu = FQ_CODEL_QUANTUM_MAX;
	p->limit = 10 * 1024;
	p->flows_cnt = 1024;
	p->quantum = mtu;
	p->drop_batch_size = 64;
	p->memory_limit = 32u << 20;
	p->mtu = mtu;
	p->target = 5 * PS_PER_MS;
	p->interval = 100 * PS_PER_MS;
	p->ce_threshold = FQ_CODEL_CE_THRESHOLD_OFF;
	p->ecn = true;
}

static void fq_codel_init_flows(struct fq_codel *q)
{
	uint32_t i;

	fq_list_init(&q->new_flows);
	fq_list_init(&q->old_flows);
	for (i = 0; i < q->flows_cnt; i++) {
		struct fq_codel_flow *flow = &q->flows[i];

		flow->head = flow->tail = NULL;
		fq_list_init(&flow->flowchain);
		flow->cvars = (struct codel_vars){ 0 };
		q->backlogs[i] = 0;
	}
	q->qlen = 0;
	q->backlog = 0;
	q->memory_usage = 0;
}

struct fq_codel *fq_codel_create(const struct fq_codel_params *p,
				 uint32_t perturbation)
{
	struct fq_codel *q;

	if (!p->flows_cnt || p->flows_cnt > FQ_CODEL_FLOWS_MAX ||
	    p->quantum > FQ_CODEL_QUANTUM_MAX)
		return NULL;
	q = calloc(1, sizeof(*q));
	if (!q)
		return NULL;
	q->flows = calloc(p->flows_cnt, sizeof(*q->flows));
	q->backlogs = calloc(p->flows_cnt, sizeof(*q->backlogs));
	if (!q->flows || !q->backlogs) {
		fq_codel_destroy(q);
		return NULL;
	}
	q->flows_cnt = p->flows_cnt;
	q->limit = p->limit;
	q->quantum = p->quantum < 256 ? 256 : p->quantum;
	q->drop_batch_size = p->drop_batch_size ? p->drop_batch_size : 1;
	q->memory_limit = p->memory_limit > (1u << 31) ? 1u << 31 : p->memory_limit;
	q->perturbation = perturbation;
	q->target = codel_param_time(p->target);
	q->interval = codel_param_time(p->interval);
	q->ce_threshold = codel_param_time(p->ce_threshold);
	q->mtu = p->mtu;
	q->ecn = p->ecn;
	fq_codel_init_flows(q);
	return q;
}

void fq_codel_destroy(struct fq_codel *q)
{
	if (!q)
		return;
	free(q->backlogs);
	free(q->flows);
	free(q);
}

/* remove the head skb of a non-empty flow */
static struct sk_buff *flow_dequeue_head(struct fq_codel_flow *flow)
{
	struct sk_buff *skb = flow->head;

	flow->head = skb->next;
	skb->next = skb->prev = NULL;
	return skb;
}

static void flow_queue_add(struct fq_codel_flow *flow, struct sk_buff *skb)
{
	if (!flow->head)
		flow->head = skb;
	else
		flow->tail->next = skb;
	flow->tail = skb;
	skb->next = skb->prev = NULL;
}

void fq_codel_purge(struct fq_codel *q, struct skb_queue *out)
{
	uint32_t i;

	for (i = 0; i < q->flows_cnt; i++) {
		struct fq_codel_flow *flow = &q->flows[i];

		while (flow->head)
			skb_queue_tail(out, flow_dequeue_head(flow));
	}
	fq_codel_init_flows(q);
}

/*
 * Over limit: head-drop from the flow with the largest byte backlog (the
 * first such flow in index order) until half of that backlog is gone or
 * max_packets are dropped. Returns the flow's index.
 */
static uint32_t fq_codel_drop(struct fq_codel *q, uint32_t max_packets,
			      struct skb_queue *dropped)
{
	uint32_t maxbacklog = 0, idx = 0, i, len = 0, mem = 0, threshold;
	struct fq_codel_flow *flow;

	for (i = 0; i < q->flows_cnt; i++) {
		if (q->backlogs[i] > maxbacklog) {
			maxbacklog = q->backlogs[i];
			idx = i;
		}
	}
	threshold = maxbacklog >> 1;
	flow = &q->flows[idx];
	i = 0;
	if (!flow->head)	/* only zero-length packets queued */
		return idx;
	do {
		struct sk_buff *skb = flow_dequeue_head(flow);

		len += skb->len;
		mem += skb->truesize;
		skb_queue_tail(dropped, skb);
	} while (++i < max_packets && len < threshold && flow->head);

	flow->cvars.count += i;		/* CoDel signals harder, too */
	q->backlogs[idx] -= len;
	q->memory_usage -= mem;
	q->st.drops += i;
	q->backlog -= len;
	q->qlen -= i;
	return idx;
}

int fq_codel_enqueue(struct fq_codel *q, struct sk_buff *skb, sim_time_t now,
		     struct skb_queue *dropped)
{
	uint32_t idx = fq_codel_classify(q, skb), prev_qlen, fat, n;
	struct fq_codel_flow *flow = &q->flows[idx];
	bool memory_limited;

	skb->t[SKB_T_QDISC] = now;		/* codel_set_enqueue_time */
	flow_queue_add(flow, skb);
	q->backlogs[idx] += skb->len;
	q->backlog += skb->len;
	if (fq_list_empty(&flow->flowchain)) {
		fq_list_add_tail(&flow->flowchain, &q->new_flows);
		q->st.new_flow_count++;
		flow->deficit = (int32_t)q->quantum;
	}
	q->memory_usage += skb->truesize;
	memory_limited = q->memory_usage > q->memory_limit;
	q->qlen++;
	if (q->qlen <= q->limit && !memory_limited)
		return NET_XMIT_SUCCESS;

	prev_qlen = q->qlen;
	/* the scan is linear in flows_cnt: drop a batch to amortise it */
	fat = fq_codel_drop(q, q->drop_batch_size, dropped);
	n = prev_qlen - q->qlen;
	q->st.drop_overlimit += n;
	if (memory_limited)
		q->st.drop_overmemory += n;
	/* kernel: NET_XMIT_CN if the batch came from this packet's flow */
	return fat == idx ? NET_XMIT_DROP : NET_XMIT_SUCCESS;
}

/* dequeue_func: the flow's head; the qdisc backlog drops before CoDel
 * looks at it */
static struct sk_buff *codel_flow_dequeue(struct fq_codel *q,
					  struct fq_codel_flow *flow)
{
	uint32_t idx = (uint32_t)(flow - q->flows);
	struct sk_buff *skb;

	if (!flow->head)
		return NULL;
	skb = flow_dequeue_head(flow);
	q->backlogs[idx] -= skb->len;
	q->memory_usage -= skb->truesize;
	q->qlen--;
	q->backlog -= skb->len;
	return skb;
}

/* drop_func */
static void codel_drop(struct fq_codel *q, struct sk_buff *skb,
		       struct skb_queue *dropped)
{
	skb_queue_tail(dropped, skb);
	q->st.drops++;
	q->st.codel_drops++;
}

/*
 * codel_should_drop: true once the sojourn time has stayed at or above
 * target for a whole interval while more than mtu bytes are queued.
 */
static bool codel_should_drop(struct fq_codel *q, struct codel_vars *v,
			      const struct sk_buff *skb, codel_time_t now)
{
	if (!skb) {
		v->first_above_time = 0;
		return false;
	}
	v->ldelay = now - codel_enqueue_time(skb);
	if (skb->len > q->st.maxpacket)
		q->st.maxpacket = skb->len;
	if (codel_time_before(v->ldelay, q->target) || q->backlog <= q->mtu) {
		v->first_above_time = 0;
		return false;
	}
	if (v->first_above_time == 0) {
		v->first_above_time = now + q->interval;
		return false;
	}
	return codel_time_after(now, v->first_above_time);
}

/* Dropping state: drop (or mark) each time drop_next passes, faster as
 * count grows. Returns the packet to send, or NULL. */
static struct sk_buff *codel_dropping(struct fq_codel *q,
				      struct fq_codel_flow *flow,
				      struct sk_buff *skb, codel_time_t now,
				      struct skb_queue *dropped)
{
	struct codel_vars *v = &flow->cvars;

	while (v->dropping && codel_time_after_eq(now, v->drop_next)) {
		v->count++;
		codel_newton_step(v);
		if (q->ecn && inet_ecn_set_ce(skb)) {
			q->st.ecn_mark++;
			v->drop_next = codel_control_law(v->drop_next, q->interval,
							 v->rec_inv_sqrt);
			return skb;
		}
		codel_drop(q, skb, dropped);
		skb = codel_flow_dequeue(q, flow);
		if (!codel_should_drop(q, v, skb, now))
			v->dropping = false;
		else
			v->drop_next = codel_control_law(v->drop_next, q->interval,
							 v->rec_inv_sqrt);
	}
	return skb;
}

/* Entering dropping state: drop (or mark) this packet, and resume near
 * the last drop rate if the previous episode ended recently. */
static struct sk_buff *codel_enter_dropping(struct fq_codel *q,
					    struct fq_codel_flow *flow,
					    struct sk_buff *skb,
					    codel_time_t now,
					    struct skb_queue *dropped)
{
	struct codel_vars *v = &flow->cvars;
	uint32_t delta;

	if (q->ecn && inet_ecn_set_ce(skb)) {
		q->st.ecn_mark++;
	} else {
		codel_drop(q, skb, dropped);
		skb = codel_flow_dequeue(q, flow);
		/* called for its side effects (first_above_time, ldelay) */
		codel_should_drop(q, v, skb, now);
	}
	v->dropping = true;
	delta = v->count - v->lastcount;
	if (delta > 1 &&
	    codel_time_before(now - v->drop_next, 16 * q->interval)) {
		v->count = delta;
		codel_newton_step(v);
	} else {
		v->count = 1;
		v->rec_inv_sqrt = (uint16_t)(~0u >> REC_INV_SQRT_SHIFT);
	}
	v->lastcount = v->count;
	v->drop_next = codel_control_law(now, q->interval, v->rec_inv_sqrt);
	return skb;
}

static struct sk_buff *codel_dequeue(struct fq_codel *q,
				     struct fq_codel_flow *flow,
				     codel_time_t now, struct skb_queue *dropped)
{
	struct codel_vars *v = &flow->cvars;
	struct sk_buff *skb = codel_flow_dequeue(q, flow);
	bool drop;

	if (!skb) {
		v->dropping = false;
		return NULL;
	}
	drop = codel_should_drop(q, v, skb, now);
	if (v->dropping) {
		if (!drop)
			v->dropping = false;
		else if (codel_time_after_eq(now, v->drop_next))
			skb = codel_dropping(q, flow, skb, now, dropped);
	} else if (drop) {
		skb = codel_enter_dropping(q, flow, skb, now, dropped);
	}
	if (skb && codel_time_after(v->ldelay, q->ce_threshold) &&
	    inet_ecn_set_ce(skb))
		q->st.ce_mark++;
	return skb;
}

struct sk_buff *fq_codel_dequeue(struct fq_codel *q, sim_time_t now,
				 struct skb_queue *dropped)
{
	codel_time_t cnow = codel_time_from_sim(now);
	struct fq_codel_flow *flow;
	struct fq_list *head;
	struct sk_buff *skb;

	for (;;) {
		head = &q->new_flows;
		if (fq_list_empty(head)) {
			head = &q->old_flows;
			if (fq_list_empty(head))
				return NULL;
		}
		flow = flow_of(head->next);
		if (flow->deficit <= 0) {
			flow->deficit += (int32_t)q->quantum;
			fq_list_move_tail(&flow->flowchain, &q->old_flows);
			continue;
		}
		skb = codel_dequeue(q, flow, cnow, dropped);
		if (skb)
			break;
		/* an emptied new flow passes through old_flows first, so
		 * that it cannot starve them by coming back as new */
		if (head == &q->new_flows && !fq_list_empty(&q->old_flows))
			fq_list_move_tail(&flow->flowchain, &q->old_flows);
		else
			fq_list_del_init(&flow->flowchain);
	}
	q->st.packets += skb->gso_segs > 1 ? skb->gso_segs : 1;
	q->st.bytes += skb->len;
	flow->deficit -= (int32_t)skb->len;
	return skb;
}

uint32_t fq_codel_qlen(const struct fq_codel *q)
{
	return q->qlen;
}

uint64_t fq_codel_backlog(const struct fq_codel *q)
{
	return q->backlog;
}

static uint32_t fq_list_len(const struct fq_list *head)
{
	const struct fq_list *e;
	uint32_t n = 0;

	for (e = head->next; e != head; e = e->next)
		n++;
	return n;
}

void fq_codel_get_stats(const struct fq_codel *q, struct fq_codel_stats *st)
{
	*st = q->st;
	st->memory_usage = q->memory_usage;
	st->new_flows_len = fq_list_len(&q->new_flows);
	st->old_flows_len = fq_list_len(&q->old_flows);
}

int fq_codel_check(const struct fq_codel *q, char *msg, size_t len)
{
	uint64_t n = 0, bytes = 0;
	uint32_t i;

	for (i = 0; i < q->flows_cnt; i++) {
		uint64_t fb = 0;
		const struct sk_buff *skb;

		for (skb = q->flows[i].head; skb; skb = skb->next) {
			n++;
			fb += skb->len;
		}
		if (fb != q->backlogs[i]) {
			snprintf(msg, len, "fq_codel flow %u: backlogs[] %u != %llu bytes queued",
				 i, q->backlogs[i], (unsigned long long)fb);
			return -1;
		}
		bytes += fb;
	}
	if (n != q->qlen || bytes != q->backlog) {
		snprintf(msg, len, "fq_codel: qlen %u backlog %u != %llu skbs, %llu bytes in the flows",
			 q->qlen, q->backlog, (unsigned long long)n, (unsigned long long)bytes);
		return -1;
	}
	return 0;
}

/* --- the qdisc operations (include/net/sch_generic.h) ---------------- */

static int fq_codel_qdisc_enqueue(struct cpu *cpu, struct qdisc *sch, struct sk_buff *skb)
{
	struct skb_queue dropped = { 0 };
	bool self = false;
	struct sk_buff *d;

	fq_codel_enqueue(sch->priv, skb, cpu_now(cpu), &dropped);
	sch->qlen++;
	sch->backlog += skb->len;
	for (d = dropped.head; d; d = d->next)
		self |= d == skb;
	if (self) {	/* the caller frees it */
		struct skb_queue others = { 0 };

		while ((d = skb_dequeue(&dropped)))
			if (d != skb)
				skb_queue_tail(&others, d);
		sch->drops++;
		sch->qlen--;
		sch->backlog -= skb->len;
		qdisc_drop_all(cpu, sch, &others);
		return NET_XMIT_DROP;
	}
	qdisc_drop_all(cpu, sch, &dropped);
	if (sch->qlen > sch->max_qlen)
		sch->max_qlen = sch->qlen;
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *fq_codel_qdisc_dequeue(struct cpu *cpu, struct qdisc *sch)
{
	struct skb_queue dropped = { 0 };
	struct sk_buff *skb;

	skb = fq_codel_dequeue(sch->priv, cpu_now(cpu), &dropped);	/* CoDel drops */
	qdisc_drop_all(cpu, sch, &dropped);
	if (skb) {
		sch->qlen--;
		sch->backlog -= skb->len;
	}
	return skb;
}

static void fq_codel_qdisc_reset(struct qdisc *sch, struct skb_queue *out)
{
	fq_codel_purge(sch->priv, out);
	sch->qlen = qdisc_requeued(sch);
	sch->backlog = 0;
}

static void fq_codel_qdisc_destroy(struct qdisc *sch)
{
	fq_codel_destroy(sch->priv);
	sch->priv = NULL;
}

static void fq_codel_dump_stats(const struct qdisc *sch, qdisc_put_t put, void *ctx)
{
	struct fq_codel_stats fs;

	fq_codel_get_stats(sch->priv, &fs);
	put(ctx, "drop_overlimit", fs.drop_overlimit);
	put(ctx, "codel_drops", fs.codel_drops);
	put(ctx, "ecn_mark", fs.ecn_mark);
	put(ctx, "new_flow_count", fs.new_flow_count);
}

static int fq_codel_qdisc_check(const struct qdisc *sch, char *msg, size_t len)
{
	return fq_codel_check(sch->priv, msg, len);
}

const struct Qdisc_ops fq_codel_qdisc_ops = {
	.id		= "fq_codel",
	.enqueue	= fq_codel_qdisc_enqueue,
	.dequeue	= fq_codel_qdisc_dequeue,
	.reset		= fq_codel_qdisc_reset,
	.destroy	= fq_codel_qdisc_destroy,
	.dump_stats	= fq_codel_dump_stats,
	.check		= fq_codel_qdisc_check,
};
