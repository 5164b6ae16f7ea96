// SPDX-License-Identifier: MIT
/*
 * The network device core: the TX queues and their stop/wake protocol,
 * BQL's hooks, queue selection (XPS, the flow hash, the socket's cached
 * queue), dev_queue_xmit with the qdisc bypass, NET_TX's qdisc runs,
 * NAPI and net_rx_action, and receive by packet type. The contract is
 * in netdevice.h.
 * Kernel source: net/core/dev.c (dev_queue_xmit, __dev_xmit_skb,
 * netdev_pick_tx, get_xps_queue, net_tx_action, napi_schedule,
 * napi_complete_done, net_rx_action, __netif_receive_skb_core,
 * dev_add_pack), include/linux/netdevice.h (netdev_tx_sent_queue,
 * netdev_tx_completed_queue, netif_tx_stop_queue, netif_tx_wake_queue).
 * The qdiscs are in net/sched/.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/host.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

/* NET_TX_SOFTIRQ: run the qdiscs __netif_schedule put on this CPU's list */
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
		qdisc_init(&dev->txq[i].qdisc, &dev->txq[i], tx_queue_len);
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
/*
 * The flow hash __skb_tx_hash scales to a queue. 3.x hashes sk->sk_hash,
 * or skb->protocol where that is 0, as it is for every raw socket:
 * raw_hash_sk (net/ipv4/raw.c, 3.12) files the socket by its protocol
 * number and never sets sk_hash, so every raw ICMP socket of a host (each
 * ping) lands on one TX queue. Deviation: later kernels hash the flow's
 * addresses and ports (skb_get_hash); nicsim draws a per-socket sk_hash
 * for it, and keeps it for raw sockets there too (whether 4.4's and 6.x's
 * dissectors tell two pings to one host apart is not read).
 */
static uint32_t skb_hash(const struct net_device *dev, const struct sk_buff *skb)
{
	const struct sock *sk = skb->sk;
	uint32_t h = sk && sk->sk_hash ? sk->sk_hash : skb->protocol;

	if (sk && sk->kind == SK_RAW_ICMP && dev->host->kp->tx_hash_sk)
		h = skb->protocol;	/* sk_hash 0 */
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
	if (!q->qlen && !q->running && (q->flags & TCQ_F_CAN_BYPASS)) {
		/* __dev_xmit_skb, TCQ_F_CAN_BYPASS: nothing queued, nothing running */
		q->running = true;	/* qdisc_run_begin */
		rc = sch_direct_xmit(cpu, q, skb);
		q->running = false;
		if (rc)
			qdisc_run(cpu, q);	/* __qdisc_run */
		return NET_XMIT_SUCCESS;
	}
	rc = qdisc_enqueue(cpu, q, skb);
	if (rc == NET_XMIT_DROP_FREED)	/* tbf cut it, dropped every segment */
		return NET_XMIT_DROP;
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
	/* used its whole weight: poll again; unless the poll completed and
	 * scheduled itself anew (napi_schedule put it on the list already) */
	if (n->scheduled && cpu->poll_tail != n)
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

	/* The receiver's skb is its own (Linux allocates it in the driver):
	 * no sender's departure time comes with the frame. */
	skb->tstamp = 0;
	for (pt = cpu->host->ptype_base; pt; pt = pt->next)
		if (pt->type == skb->protocol) {
			pt->func(cpu, skb);
			return;
		}
	cpu->host->rx_packets++;
	cpu->host->rx_dropped++;
	kfree_skb(cpu, skb);
}

