// SPDX-License-Identifier: MIT
/*
 * The generic qdisc machinery: pfifo_fast (three bands by priority; a
 * list up to 4.15, per-band skb_array rings from 4.16), enqueue with the
 * child qdisc's drops, dequeue_skb with the requeue slot and its bulk
 * bounded by BQL (try_bulk_dequeue_skb, which sets xmit_more),
 * sch_direct_xmit (software GSO, then the driver, requeue on
 * NETDEV_TX_BUSY or a stopped queue), __qdisc_run with its quota, and the
 * TX watchdog.
 * Kernel source: net/sched/sch_generic.c (pfifo_fast_enqueue,
 * pfifo_fast_dequeue, dequeue_skb, dev_requeue_skb, sch_direct_xmit,
 * __qdisc_run, dev_watchdog, __netdev_watchdog_up), 3.13.0 and 6.18.2
 * read; the contract (queue selection, bypass, the watchdog's eras) is
 * in net/core/netdevice.h.
 * Deviation: __netif_schedule (net/core/dev.c in Linux) lives here, with
 * the qdisc run it restarts, so that the device core calls down into the
 * qdisc layer and never the other way round.
 * Leaves out: qdisc locks and the TCQ_F_NOLOCK paths, qdisc statistics
 * beyond packets, bytes, drops and requeues.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/host.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

static const uint8_t prio2band[16] = { 1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };

/*
 * 4.16+ skb_array (include/linux/ptr_ring.h, 6.18 read): the batch of
 * __ptr_ring_set_size, SMP_CACHE_BYTES * 2 / sizeof(void *), 1 when that
 * is more than half the ring.
 */
static uint32_t pfifo_ring_batch(const struct platform *p, uint32_t size)
{
	uint32_t batch = (uint32_t)(p->cache_line * 2 / p->ptr_bytes);

	return batch > size / 2 || !batch ? 1 : batch;
}

/* __ptr_ring_produce fails while the producer's slot holds a pointer:
 * when the band's packets and its consumed-but-not-freed slots fill it */
static bool pfifo_band_full(const struct qdisc *q, int b)
{
	if (!q->ring_batch)	/* <= 4.15: the whole qdisc */
		return q->qlen >= q->limit;
	return q->band[b].qlen + q->ring[b].lag >= q->limit;
}

/* __ptr_ring_discard_one: free the consumed slots a batch at a time, and
 * all of them at the ring's end */
static void pfifo_ring_consumed(struct qdisc *q, int b)
{
	struct pfifo_ring *r = &q->ring[b];

	if (!q->ring_batch)
		return;
	r->head++;
	r->lag++;
	if (r->lag >= q->ring_batch || r->head >= q->limit)
		r->lag = 0;
	if (r->head >= q->limit)
		r->head = 0;
}

void qdisc_band_enqueue_tail(struct qdisc *q, struct skb_queue *band, struct sk_buff *skb)
{
	skb_queue_tail(band, skb);
	q->qlen++;
	q->backlog += skb->len;
	if (q->qlen > q->max_qlen)
		q->max_qlen = q->qlen;
}

struct sk_buff *qdisc_bands_dequeue(struct qdisc *q, struct skb_queue *bands, int n, int *band)
{
	int b;

	for (b = 0; b < n; b++) {
		struct sk_buff *skb = skb_dequeue(&bands[b]);

		if (skb) {
			q->qlen--;
			q->backlog -= skb->len;
			*band = b;
			return skb;
		}
	}
	return NULL;
}

void qdisc_bands_reset(struct qdisc *q, struct skb_queue *bands, int n, struct skb_queue *out)
{
	struct sk_buff *skb;
	int b;

	for (b = 0; b < n; b++)
		while ((skb = skb_dequeue(&bands[b])))
			skb_queue_tail(out, skb);
	q->qlen = qdisc_requeued(q);
	q->backlog = 0;
}

uint32_t qdisc_band_walk(const struct skb_queue *band, uint64_t *bytes)
{
	const struct sk_buff *skb;
	uint32_t n = 0;

	for (skb = band->head; skb; skb = skb->next) {
		n++;
		*bytes += skb->len;
	}
	return n;
}

static int pfifo_fast_enqueue(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb)
{
	int b = prio2band[skb->priority & 15];

	if (pfifo_band_full(q, b)) {
		q->drops++;
		return NET_XMIT_DROP;
	}
	qdisc_band_enqueue_tail(q, &q->band[b], skb);
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *pfifo_fast_dequeue(struct cpu *cpu, struct qdisc *q)
{
	int b;
	struct sk_buff *skb = qdisc_bands_dequeue(q, q->band, 3, &b);

	if (skb)
		pfifo_ring_consumed(q, b);
	return skb;
}

/* qdisc_drop for a list: what an enqueue or dequeue dropped */
void qdisc_drop_all(struct cpu *cpu, struct qdisc *q, struct skb_queue *dropped)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(dropped))) {
		q->drops++;
		q->qlen--;
		q->backlog -= skb->len;
		kfree_skb(cpu, skb);
	}
}

/* qdisc->enqueue: NET_XMIT_DROP if skb itself was dropped */
int qdisc_enqueue(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb)
{
	return q->ops->enqueue(cpu, q, skb);
}

/*
 * Whether skb, queued by another CPU inside one of its work items, lies
 * ahead of this CPU's clock (cpu.h: an item's effects show from its
 * start, its actions carry its own clock). In Linux this CPU would have
 * found the qdisc without it, and the enqueuer's own qdisc_run would have
 * sent it; so it stays at the head and the enqueuer runs the qdisc (in
 * NET_TX softirq) at the enqueue time.
 * Deviation: that run is a softirq, where Linux sends from the caller of
 * dev_queue_xmit (process context, bottom halves off).
 */
static bool skb_ahead(struct cpu *cpu, struct qdisc *q, const struct sk_buff *skb)
{
	sim_time_t t = skb->t[SKB_T_QDISC];

	if (t <= cpu_now(cpu) || skb->enq_cpu == cpu->id)
		return false;
	if (!sim_event_pending(&q->visible_ev) || q->visible_ev.time > t) {
		q->visible_ev.data = skb->enq_cpu;
		sim_schedule(cpu->host->sim, &q->visible_ev, t);
	}
	return true;
}

/* the slot dequeue_skb serves first (q->gso_skb) */
static void qdisc_put_head(struct qdisc *q, struct sk_buff *skb)
{
	q->gso_skb = skb;
	q->qlen++;
}

static void qdisc_visible(struct sim *sim, struct sim_event *ev)
{
	struct qdisc *q = ev->arg;

	__netif_schedule(&q->txq->dev->host->cpus[ev->data], q);
}

/*
 * qdisc_watchdog_schedule_range_ns: an hrtimer with soft expiry
 * `expires` and hard expiry expires + delta_ns, left alone if its soft
 * expiry already lies in [expires, expires + delta_ns], else (re)started
 * on this CPU (HRTIMER_MODE_ABS_PINNED). When it fires, qdisc_watchdog
 * reschedules the qdisc (__netif_schedule) on that CPU. (net/sched/
 * sch_api.c, from memory: UNVERIFIED against 6.18.)
 * Deviation: the timer fires at its hard expiry: the hrtimer interrupt
 * is programmed for the earliest hard expiry and nicsim has no other
 * hrtimer that could run it earlier. Its interrupt costs no CPU time.
 * Deviation: an skb the qdisc let out that another CPU queued ahead of
 * this CPU's clock (skb_ahead) goes back to the head, its tokens (tbf)
 * or credit (fq) spent.
 */
void qdisc_watchdog_schedule_range_ns(struct cpu *cpu, struct qdisc *q,
				      int64_t expires, uint64_t delta_ns)
{
	sim_time_t t = (sim_time_t)(expires + (int64_t)delta_ns) * PS_PER_NS;

	if (sim_event_pending(&q->watchdog_ev) &&
	    (uint64_t)(q->wd_soft - expires) <= delta_ns)
		return;
	q->wd_soft = expires;
	q->watchdog_ev.data = (uint64_t)cpu->id;
	sim_schedule(cpu->host->sim, &q->watchdog_ev, t);
}

static void qdisc_watchdog(struct sim *sim, struct sim_event *ev)
{
	struct qdisc *q = ev->arg;

	__netif_schedule(&q->txq->dev->host->cpus[ev->data], q);
}

/* the second slot dequeue_skb serves: the bulk's next skb, dequeued
 * before the driver refused the last segment of the one before */
static void qdisc_put_bulk(struct qdisc *q, struct sk_buff *skb)
{
	q->bulk_skb = skb;
	q->qlen++;
}

/*
 * try_bulk_dequeue_skb (net/sched/sch_generic.c; 3.18's 5772e9a3463b
 * "qdisc: bulk dequeue support for qdiscs with TCQ_F_ONETXQUEUE", 6.18
 * read): after the skb dequeue_skb took from the qdisc itself (not one
 * requeued), it goes on dequeuing while the bytes BQL still accepts
 * (qdisc_avail_bulklimit: dql_avail, 0 without BQL), less those taken,
 * stay above 0, so the list ends with the skb that crosses BQL's limit;
 * since 0345552a653c ("net_sched: limit try_bulk_dequeue_skb()
 * batches", November 2025: the 6.x profile) also after at most `budget`
 * more skbs, the quota __qdisc_run has left. The driver sees xmit_more
 * on every skb of the list but the last (dev_hard_start_xmit: xmit_one's
 * `more`); before 3.18 there is neither bulk nor xmit_more.
 * Deviation: the next skb is dequeued just before the last segment of
 * the one before goes to the driver, not the whole list up front; a
 * stop in between puts it back at the head, as dev_requeue_skb does
 * with the rest of the list.
 */
struct bulk {
	int64_t		bytelimit;
	int		budget;		/* more skbs it may take; < 0: no bound */
	int		packets;	/* skbs handed over, for the quota */
};

static void bulk_start(struct bulk *b, const struct qdisc *q, const struct sk_buff *skb,
		       int quota)
{
	const struct netdev_queue *txq = q->txq;
	int mode = txq->dev->host->kp->qdisc_bulk;

	b->packets = 0;
	b->budget = mode == QDISC_BULK_QUOTA ? quota : -1;
	b->bytelimit = !skb || mode == QDISC_BULK_NONE || !txq->bql_on ? 0 :
		       (int64_t)dql_avail(&txq->bql.dql) - skb->len;
}

static struct sk_buff *bulk_next(struct cpu *cpu, struct qdisc *q, struct bulk *b)
{
	struct sk_buff *nskb;

	if (!b || b->bytelimit <= 0 || !b->budget)
		return NULL;
	nskb = q->ops->dequeue(cpu, q);
	if (!nskb)
		return NULL;
	if (skb_ahead(cpu, q, nskb)) {
		qdisc_put_head(q, nskb);
		return NULL;
	}
	b->bytelimit -= nskb->len;	/* a GSO skb's whole length */
	if (b->budget > 0)
		b->budget--;
	return nskb;
}

/* --check: the first excess of in-flight bytes at a hand-over (see
 * bql_admit_excess) */
static void bql_admit_record(struct netdev_queue *txq)
{
	unsigned int excess;

	if (!txq->bql_on || txq->bql_excess)
		return;
	excess = bql_admit_excess(&txq->bql);
	if (excess) {
		txq->bql_excess = excess;
		txq->bql_excess_limit = txq->bql.dql.limit;
	}
}

/* xmit_one's `more`: the 3.18+ profiles only */
static bool xmit_more(const struct net_device *dev, bool more)
{
	return more && dev->host->kp->qdisc_bulk != QDISC_BULK_NONE;
}

/* dequeue_skb: the requeued slots first (no bulk after them), else the
 * qdisc's own dequeue and try_bulk_dequeue_skb's bound in b */
static struct sk_buff *dequeue_skb(struct cpu *cpu, struct qdisc *q, struct bulk *b, int quota)
{
	struct sk_buff *skb = q->gso_skb ? q->gso_skb : q->bulk_skb;

	bulk_start(b, q, NULL, 0);
	if (skb) {
		if (netif_xmit_stopped(q->txq) || skb_ahead(cpu, q, skb))
			return NULL;
		if (skb == q->gso_skb)
			q->gso_skb = NULL;
		else
			q->bulk_skb = NULL;
		q->qlen--;
		return skb;
	}
	skb = q->ops->dequeue(cpu, q);
	if (skb && skb_ahead(cpu, q, skb)) {	/* back to the head */
		qdisc_put_head(q, skb);
		return NULL;
	}
	if (skb)
		bulk_start(b, q, skb, quota);
	return skb;
}

/* dev_requeue_skb: what the driver refused goes back, segments and all */
static void dev_requeue(struct qdisc *q, struct sk_buff *skb)
{
	qdisc_put_head(q, skb);
	q->requeues++;
}

/*
 * sch_direct_xmit -> dev_hard_start_xmit: software GSO first when the
 * device lacks TSO (skb_gso_segment), then each segment to the driver,
 * then the bulk's next skb (b; NULL: one skb, as from the bypass path);
 * false stops the qdisc loop.
 */
static bool xmit_list(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb, struct bulk *b)
{
	struct net_device *dev = q->txq->dev;

	while (skb) {
		sim_time_t queued = skb->t[SKB_T_QDISC];
		struct sk_buff *nskb = NULL;

		bool first = true;

		BUG_ON(queued > cpu_now(cpu));	/* skb_ahead: never before it was queued */
		if (skb->gso_segs > 1 && !dev->tso)
			skb = skb_gso_segment(cpu, skb);
		while (skb) {
			struct sk_buff *next = skb->next;

			skb->t[SKB_T_QDISC] = queued;	/* a requeued segment keeps it */
			if (netif_xmit_stopped(q->txq)) {
				dev_requeue(q, skb);
				return false;
			}
			if (first)
				bql_admit_record(q->txq);
			first = false;
			if (!next)
				nskb = bulk_next(cpu, q, b);
			skb->next = NULL;
			skb->path[PATH_XMIT] = cpu_now(cpu);
			dev->xmit_more = xmit_more(dev, next || nskb);
			if (dev->ops->ndo_start_xmit(skb, dev) != NETDEV_TX_OK) {
				skb->path[PATH_XMIT] = 0;	/* back in the qdisc */
				skb->next = next;
				dev_requeue(q, skb);
				if (nskb)
					qdisc_put_bulk(q, nskb);
				return false;
			}
			q->txq->trans_start = cpu_jiffies(cpu);	/* txq_trans_update */
			q->packets++;
			q->bytes += skb->len;
			skb = next;
		}
		if (b)
			b->packets++;
		skb = nskb;
	}
	return !netif_xmit_stopped(q->txq);
}

bool sch_direct_xmit(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb)
{
	return xmit_list(cpu, q, skb, NULL);
}

/* __qdisc_run: until empty, stopped, or the quota is used up. */
void qdisc_run(struct cpu *cpu, struct qdisc *q)
{
	int quota = cpu->host->kp->dev_weight;
	struct sk_buff *skb;
	struct bulk b;

	if (q->running)
		return;
	q->running = true;
	while ((skb = dequeue_skb(cpu, q, &b, quota))) {
		bool more = xmit_list(cpu, q, skb, &b);

		quota -= b.packets ? b.packets : 1;
		if (!more)
			break;
		if (quota <= 0) {
			__netif_schedule(cpu, q);
			break;
		}
	}
	q->running = false;
}

void __netif_schedule(struct cpu *cpu, struct qdisc *q)
{
	if (q->scheduled)
		return;
	q->scheduled = true;
	q->next_sched = cpu->output_queue;
	cpu->output_queue = q;
	raise_softirq(cpu, NET_TX_SOFTIRQ);
}

/* The qdisc of TX queue txq, pfifo_fast until a child is attached
 * (sch_mq.c): qdisc_alloc + pfifo_fast_init. */
void qdisc_init(struct qdisc *q, struct netdev_queue *txq, uint32_t limit)
{
	const struct host *host = txq->dev->host;

	q->txq = txq;
	q->ops = &pfifo_fast_ops;
	q->flags = TCQ_F_CAN_BYPASS;	/* pfifo_fast_init */
	q->limit = limit;
	if (host->kp->pfifo_fast_rings)
		q->ring_batch = pfifo_ring_batch(host->plat, limit);
	sim_event_init(&q->visible_ev, qdisc_visible, q);
	sim_event_init(&q->watchdog_ev, qdisc_watchdog, q);
}

static void pfifo_fast_reset(struct qdisc *q, struct skb_queue *out)
{
	qdisc_bands_reset(q, q->band, 3, out);
}

static void pfifo_fast_destroy(struct qdisc *q)
{
}

/* --check: the bands and the requeue slot hold qlen skbs, backlog bytes */
static int pfifo_fast_check(const struct qdisc *q, char *msg, size_t len)
{
	uint64_t n = qdisc_requeued(q), bytes = 0;
	int b;

	for (b = 0; b < 3; b++)
		n += qdisc_band_walk(&q->band[b], &bytes);
	if (n == q->qlen && bytes == q->backlog)
		return 0;
	snprintf(msg, len, "pfifo_fast: qlen %u backlog %llu, but it holds %llu skbs, %llu bytes",
		 q->qlen, (unsigned long long)q->backlog, (unsigned long long)n,
		 (unsigned long long)bytes);
	return -1;
}

const struct Qdisc_ops pfifo_fast_ops = {
	.id		= "pfifo_fast",
	.enqueue	= pfifo_fast_enqueue,
	.dequeue	= pfifo_fast_dequeue,
	.reset		= pfifo_fast_reset,
	.destroy	= pfifo_fast_destroy,
	.check		= pfifo_fast_check,
};

/* --- TX watchdog ---------------------------------------------------- */

/* What stopped a queue that timed out, for explanations. */
static void watchdog_note(struct netdev_queue *txq)
{
	if (txq->bql_on && txq->bql.stack_xoff)
		txq->timeout_bql++;
	if (txq->trans_timeout == 1) {
		txq->timeout_inflight = dql_inflight(&txq->bql.dql);
		txq->timeout_limit = txq->bql.dql.limit;
	}
}

static void dev_watchdog(struct cpu *cpu, struct timer_list *t)
{
	struct net_device *dev = t->arg;
	uint64_t now = cpu_jiffies(cpu), oldest = now;
	int i, timedout = -1;

	cpu_charge(cpu, COST_timer, cpu->host->plat->cost.timer);
	for (i = 0; i < dev->real_num_tx_queues; i++) {
		struct netdev_queue *txq = &dev->txq[i];

		if (!netif_xmit_stopped(txq))
			continue;
		if (now > txq->trans_start + dev->watchdog_timeo) {	/* time_after */
			txq->trans_timeout++;
			watchdog_note(txq);
			timedout = i;
			break;
		}
		if (txq->trans_start < oldest)
			oldest = txq->trans_start;
	}
	if (timedout >= 0) {
		/* netif_freeze_queues; ndo_tx_timeout; netif_unfreeze_queues */
		dev->ops->ndo_tx_timeout(cpu, dev, timedout);
		for (i = 0; i < dev->real_num_tx_queues; i++)
			if (!netif_xmit_stopped(&dev->txq[i]))	/* netif_schedule_queue */
				__netif_schedule(cpu, &dev->txq[i].qdisc);
	}
	mod_timer(cpu, t, round_jiffies(cpu, (cpu->host->kp->watchdog_oldest ? oldest : now) +
				       dev->watchdog_timeo));
}

uint64_t netdev_tx_timeouts(const struct net_device *dev)
{
	uint64_t n = 0;
	int i;

	for (i = 0; i < dev->real_num_tx_queues; i++)
		n += dev->txq[i].trans_timeout;
	return n;
}

void netdev_watchdog_up(struct net_device *dev)
{
	struct cpu *cpu = &dev->host->cpus[0];	/* dev_activate's CPU */

	if (!dev->ops->ndo_tx_timeout)
		return;
	if (!dev->watchdog_timeo)
		dev->watchdog_timeo = 5 * (uint64_t)dev->host->hz;
	timer_setup(&dev->watchdog_timer, dev_watchdog, dev);
	mod_timer(cpu, &dev->watchdog_timer,
		  round_jiffies(cpu, cpu_jiffies(cpu) + dev->watchdog_timeo));
}
