// SPDX-License-Identifier: MIT
/* Network device core and pfifo_fast: see netdev.h for the contract. */
#include <stdio.h>
#include <string.h>
#include "kernel/host.h"
#include "net/sched/sch_fq_codel.h"
#include "sim/engine/util.h"

/* --- pfifo_fast (net/sched/sch_generic.c) --------------------------- */

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

static int pfifo_fast_enqueue(struct qdisc *q, struct sk_buff *skb)
{
	int b = prio2band[skb->priority & 15];

	if (pfifo_band_full(q, b)) {
		q->drops++;
		return NET_XMIT_DROP;
	}
	skb_queue_tail(&q->band[b], skb);
	q->qlen++;
	q->backlog += skb->len;
	if (q->qlen > q->max_qlen)
		q->max_qlen = q->qlen;
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *pfifo_fast_dequeue(struct qdisc *q)
{
	int b;

	for (b = 0; b < 3; b++) {
		struct sk_buff *skb = skb_dequeue(&q->band[b]);

		if (skb) {
			pfifo_ring_consumed(q, b);
			q->qlen--;
			q->backlog -= skb->len;
			return skb;
		}
	}
	return NULL;
}

static void free_dropped(struct cpu *cpu, struct qdisc *q, struct skb_queue *dropped)
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
static int qdisc_enqueue(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb)
{
	struct skb_queue dropped = { 0 };
	bool self = false;
	struct sk_buff *d;

	if (!q->fq)
		return pfifo_fast_enqueue(q, skb);
	fq_codel_enqueue(q->fq, skb, cpu_now(cpu), &dropped);
	q->qlen++;
	q->backlog += skb->len;
	for (d = dropped.head; d; d = d->next)
		self |= d == skb;
	if (self) {	/* the caller frees it */
		struct skb_queue others = { 0 };

		while ((d = skb_dequeue(&dropped)))
			if (d != skb)
				skb_queue_tail(&others, d);
		q->drops++;
		q->qlen--;
		q->backlog -= skb->len;
		free_dropped(cpu, q, &others);
		return NET_XMIT_DROP;
	}
	free_dropped(cpu, q, &dropped);
	if (q->qlen > q->max_qlen)
		q->max_qlen = q->qlen;
	return NET_XMIT_SUCCESS;
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

static struct sk_buff *dequeue_skb(struct cpu *cpu, struct qdisc *q)
{
	struct sk_buff *skb = q->gso_skb;
	struct skb_queue dropped = { 0 };

	if (skb) {
		if (netif_xmit_stopped(q->txq) || skb_ahead(cpu, q, skb))
			return NULL;
		q->gso_skb = NULL;
		q->qlen--;
		return skb;
	}
	if (!q->fq) {
		skb = pfifo_fast_dequeue(q);
	} else {
		skb = fq_codel_dequeue(q->fq, cpu_now(cpu), &dropped);	/* CoDel drops */
		free_dropped(cpu, q, &dropped);
		if (skb) {
			q->qlen--;
			q->backlog -= skb->len;
		}
	}
	if (skb && skb_ahead(cpu, q, skb)) {	/* back to the head */
		qdisc_put_head(q, skb);
		return NULL;
	}
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
 * device lacks TSO (skb_gso_segment), then each segment to the driver;
 * false stops the qdisc loop.
 */
static bool sch_direct_xmit(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb)
{
	struct net_device *dev = q->txq->dev;
	sim_time_t queued = skb->t[SKB_T_QDISC];

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
		skb->next = NULL;
		skb->path[PATH_XMIT] = cpu_now(cpu);
		/* xmit_more: more segments of this skb, or more in the qdisc */
		dev->xmit_more = next || q->qlen;
		if (dev->ops->ndo_start_xmit(skb, dev) != NETDEV_TX_OK) {
			skb->path[PATH_XMIT] = 0;	/* back in the qdisc */
			skb->next = next;
			dev_requeue(q, skb);
			return false;
		}
		q->txq->trans_start = cpu_jiffies(cpu);	/* txq_trans_update */
		q->packets++;
		q->bytes += skb->len;
		skb = next;
	}
	return !netif_xmit_stopped(q->txq);
}

/* __qdisc_run: until empty, stopped, or the quota is used up. */
static void qdisc_run(struct cpu *cpu, struct qdisc *q)
{
	int quota = cpu->host->kp->dev_weight;
	struct sk_buff *skb;

	if (q->running)
		return;
	q->running = true;
	while ((skb = dequeue_skb(cpu, q))) {
		if (!sch_direct_xmit(cpu, q, skb))
			break;
		if (--quota <= 0) {
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

void net_tx_action(struct cpu *cpu)
{
	struct qdisc *q = cpu->output_queue;

	cpu->output_queue = NULL;
	while (q) {
		struct qdisc *next = q->next_sched;

		q->scheduled = false;
		qdisc_run(cpu, q);
		q = next;
	}
}

/* --- queues --------------------------------------------------------- */

void netdev_init(struct net_device *dev, struct host *host, const char *name,
		 int nr_txq, uint32_t tx_queue_len)
{
	struct rng r;
	int i;

	memset(dev, 0, sizeof(*dev));
	dev->host = host;
	snprintf(dev->name, sizeof(dev->name), "%s", name);
	dev->mtu = 1500;
	dev->tx_queue_len = tx_queue_len;
	dev->real_num_tx_queues = nr_txq;
	/* Deviation: Linux's hashrnd is one secret per boot for the whole
	 * system (net/core/dev.c, initialize_hashrnd in 3.x); here each device
	 * draws it from its own stream, the same thing with one device per
	 * host, and no application or socket shifts it. */
	rng_streamf(&r, host->sim->seed, "host.%s.dev.%s", host->name, dev->name);
	dev->tx_hashrnd = (uint32_t)rng_next(&r);
	for (i = 0; i < nr_txq; i++) {
		dev->txq[i].dev = dev;
		dev->txq[i].index = i;
		dev->txq[i].qdisc.txq = &dev->txq[i];
		dev->txq[i].qdisc.limit = tx_queue_len;
		if (host->kp->pfifo_fast_rings)
			dev->txq[i].qdisc.ring_batch = pfifo_ring_batch(host->plat, tx_queue_len);
		sim_event_init(&dev->txq[i].qdisc.visible_ev, qdisc_visible, &dev->txq[i].qdisc);
	}
}

void netdev_tx_sent_queue(struct netdev_queue *txq, unsigned int bytes)
{
	if (txq->bql_on)
		bql_sent(&txq->bql, bytes);
}

bool __netdev_tx_sent_queue(struct netdev_queue *txq, unsigned int bytes, bool xmit_more)
{
	if (!txq->bql_on)
		return !xmit_more || netif_tx_queue_stopped(txq);
	txq->bql.drv_xoff = netif_tx_queue_stopped(txq);
	return bql_sent_more(&txq->bql, bytes, xmit_more);
}

void netdev_tx_completed_queue(struct cpu *cpu, struct netdev_queue *txq,
			       unsigned int pkts, unsigned int bytes)
{
	if (txq->bql_on && bql_completed(&txq->bql, pkts, bytes, cpu_jiffies(cpu)))
		__netif_schedule(cpu, &txq->qdisc);	/* netif_schedule_queue */
}

void netdev_tx_reset_queue(struct netdev_queue *txq)
{
	if (txq->bql_on)
		bql_reset(&txq->bql, 0);
}

int netdev_set_fq_codel(struct net_device *dev, const struct fq_codel_params *p)
{
	struct fq_codel_params def;
	int i;

	if (!p) {
		fq_codel_default_params(&def, dev->mtu + ETH_HLEN);	/* psched_mtu */
		p = &def;
	}
	for (i = 0; i < dev->real_num_tx_queues; i++) {
		/* each qdisc its own stream: attaching it shifts no other number */
		char name[64];
		struct rng r;

		snprintf(name, sizeof(name), "host.%s.txq%d.fq_codel", dev->host->name, i);
		rng_stream(&r, dev->host->sim->seed, name);
		dev->txq[i].qdisc.fq = fq_codel_create(p, (uint32_t)rng_next(&r));
		if (!dev->txq[i].qdisc.fq)
			return -1;
	}
	return 0;
}

/* Free the qdiscs' own memory; queued skbs live in the pool. */
void netdev_free(struct net_device *dev)
{
	int i;

	for (i = 0; i < NETDEV_MAX_QUEUES; i++) {
		struct qdisc *q = &dev->txq[i].qdisc;
		struct skb_queue left = { 0 };

		if (!q->fq)
			continue;
		fq_codel_purge(q->fq, &left);
		fq_codel_destroy(q->fq);
		q->fq = NULL;
	}
}

void netif_tx_stop_queue(struct netdev_queue *txq)
{
	if (!(txq->state & QUEUE_STATE_DRV_XOFF))
		txq->stops++;
	txq->state |= QUEUE_STATE_DRV_XOFF;
}

void netif_tx_wake_queue(struct cpu *cpu, struct netdev_queue *txq)
{
	if (txq->state & QUEUE_STATE_DRV_XOFF) {
		txq->state &= ~QUEUE_STATE_DRV_XOFF;
		txq->wakes++;
		__netif_schedule(cpu, &txq->qdisc);
	}
}

void netif_tx_start_all_queues(struct net_device *dev)
{
	int i;

	for (i = 0; i < dev->real_num_tx_queues; i++)
		dev->txq[i].state &= ~QUEUE_STATE_DRV_XOFF;
}

void netif_tx_stop_all_queues(struct net_device *dev)
{
	int i;

	for (i = 0; i < dev->real_num_tx_queues; i++)
		netif_tx_stop_queue(&dev->txq[i]);
}

/* --- TX watchdog (net/sched/sch_generic.c) ---------------------------- */

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


static uint32_t skb_hash(const struct net_device *dev, const struct sk_buff *skb)
{
	uint32_t h = skb->sk && skb->sk->sk_hash ? skb->sk->sk_hash : skb->protocol;

	return mix32(h ^ dev->tx_hashrnd);
}

/* reciprocal_scale */
static uint16_t scale(uint32_t hash, uint32_t n)
{
	return (uint16_t)(((uint64_t)hash * n) >> 32);
}

void netif_set_xps_queue(struct net_device *dev, uint32_t cpu_mask, int q)
{
	dev->xps_cpus[q] = cpu_mask;
	dev->xps = true;
}

/* get_xps_queue: among the queues this CPU may use, by hash; -1 if none */
static int get_xps_queue(const struct net_device *dev, const struct sk_buff *skb, int cpu)
{
	int q, n = 0, map[NETDEV_MAX_QUEUES];

	if (!dev->xps)
		return -1;
	for (q = 0; q < dev->real_num_tx_queues; q++)
		if (dev->xps_cpus[q] & (1u << cpu))
			map[n++] = q;
	if (!n)
		return -1;
	if (skb->sk && skb->sk->hash_pick >= 0)
		return map[skb->sk->hash_pick % n];
	return n == 1 ? map[0] : map[scale(skb_hash(dev, skb), (uint32_t)n)];
}

uint16_t netdev_pick_tx(struct net_device *dev, struct sk_buff *skb, int cpu)
{
	struct sock *sk = skb->sk;
	int q;

	if (dev->real_num_tx_queues == 1)
		return 0;
	if (dev->ops->ndo_select_queue)
		return (uint16_t)dev->ops->ndo_select_queue(dev, skb, cpu);
	q = sk ? sk->tx_queue : -1;
	if (q < 0 || skb->ooo_okay || q >= dev->real_num_tx_queues) {
		int nq = get_xps_queue(dev, skb, cpu);

		if (nq < 0 && sk && sk->hash_pick >= 0)
			nq = sk->hash_pick % dev->real_num_tx_queues;
		else if (nq < 0)
			nq = scale(skb_hash(dev, skb), (uint32_t)dev->real_num_tx_queues);
		if (sk && sk->connected)
			sk->tx_queue = nq;	/* sk_tx_queue_set */
		q = nq;
	}
	return (uint16_t)q;
}

int dev_queue_xmit(struct cpu *cpu, struct sk_buff *skb)
{
	struct net_device *dev = &cpu->host->dev;
	struct qdisc *q;
	int rc;

	cpu_charge(cpu, COST_dev_queue_xmit, cpu->host->plat->cost.dev_queue_xmit);
	skb->queue_mapping = netdev_pick_tx(dev, skb, cpu->id);
	if (skb->sk)
		skb->sk->last_txq = skb->queue_mapping;
	q = &dev->txq[skb->queue_mapping].qdisc;
	skb->t[SKB_T_QDISC] = skb->path[PATH_QDISC] = cpu_now(cpu);
	skb->enq_cpu = (uint8_t)cpu->id;
	if (!q->qlen && !q->running) {
		/* __dev_xmit_skb, TCQ_F_CAN_BYPASS: nothing queued, nothing running */
		q->running = true;	/* qdisc_run_begin */
		rc = sch_direct_xmit(cpu, q, skb);
		q->running = false;
		if (rc)
			qdisc_run(cpu, q);	/* __qdisc_run */
		return NET_XMIT_SUCCESS;
	}
	rc = qdisc_enqueue(cpu, q, skb);
	if (rc != NET_XMIT_SUCCESS) {
		kfree_skb(cpu, skb);
		return rc;
	}
	qdisc_run(cpu, q);
	return NET_XMIT_SUCCESS;
}

/* --- NAPI ----------------------------------------------------------- */

void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *, int), int weight)
{
	memset(napi, 0, sizeof(*napi));
	napi->dev = dev;
	napi->poll = poll;
	napi->weight = weight;
}

static void poll_list_add(struct cpu *cpu, struct napi_struct *napi)
{
	napi->poll_next = NULL;
	if (cpu->poll_tail)
		cpu->poll_tail->poll_next = napi;
	else
		cpu->poll_head = napi;
	cpu->poll_tail = napi;
}

void napi_schedule(struct cpu *cpu, struct napi_struct *napi)
{
	if (napi->scheduled)
		return;
	napi->scheduled = true;
	napi->cpu = cpu;
	poll_list_add(cpu, napi);
	raise_softirq(cpu, NET_RX_SOFTIRQ);
}

bool napi_complete_done(struct napi_struct *napi, int work_done)
{
	napi->scheduled = false;
	napi->completes++;
	return true;
}

/*
 * net_rx_action: poll each scheduled NAPI once with its weight, until the
 * list is empty, netdev_budget is spent or two jiffies have passed; what
 * remains is polled in a fresh softirq (time_squeeze). One poll per CPU
 * work item: the handler asks to be called again (softirq_continue) while
 * NAPIs remain, so frames that arrive during a long run of polls are seen
 * by the later ones, and hardirqs run in between, as on a real CPU.
 */
void net_rx_action(struct cpu *cpu)
{
	const struct kprofile *kp = cpu->host->kp;
	struct napi_struct *n = cpu->poll_head;
	int work;

	if (!cpu->net_rx_running) {
		cpu->net_rx_running = true;
		cpu->net_rx_budget = kp->netdev_budget;
		cpu->net_rx_limit = cpu_now(cpu) + kp->netdev_budget_jiffies * cpu->host->tick;
	}
	if (!n) {
		cpu->net_rx_running = false;
		return;
	}
	if (cpu->net_rx_budget <= 0 || cpu_now(cpu) > cpu->net_rx_limit) {
		cpu->net_rx_running = false;
		cpu->time_squeeze++;
		raise_softirq(cpu, NET_RX_SOFTIRQ);
		return;
	}
	cpu->poll_head = n->poll_next;
	if (!cpu->poll_head)
		cpu->poll_tail = NULL;
	cpu_charge(cpu, COST_napi_poll, cpu->host->plat->cost.napi_poll);
	n->polls++;
	work = n->poll(n, n->weight);
	cpu->net_rx_budget -= work;
	if (n->scheduled)	/* used its whole weight: poll again */
		poll_list_add(cpu, n);
	if (cpu->poll_head)
		softirq_continue(cpu, NET_RX_SOFTIRQ);
	else
		cpu->net_rx_running = false;
}

/* --- boot and receive ---------------------------------------------- */

void net_dev_init(struct host *h)
{
	int i;

	for (i = 0; i < h->nr_cpus; i++) {
		open_softirq(&h->cpus[i], NET_TX_SOFTIRQ, net_tx_action);
		open_softirq(&h->cpus[i], NET_RX_SOFTIRQ, net_rx_action);
	}
}

void dev_add_pack(struct host *h, struct packet_type *pt)
{
	pt->next = h->ptype_base;
	h->ptype_base = pt;
}

/*
 * __netif_receive_skb_core: the handler of the frame's packet type.
 * Deviation: a frame of no registered type (none is ever sent) is only
 * counted and dropped.
 */
void netif_receive_skb(struct cpu *cpu, struct sk_buff *skb)
{
	struct packet_type *pt;

	for (pt = cpu->host->ptype_base; pt; pt = pt->next)
		if (pt->type == skb->protocol) {
			pt->func(cpu, skb);
			return;
		}
	cpu->host->rx_packets++;
	cpu->host->rx_dropped++;
	kfree_skb(cpu, skb);
}
