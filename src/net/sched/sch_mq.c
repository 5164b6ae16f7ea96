// SPDX-License-Identifier: MIT
/*
 * mq, the root of a multiqueue device: one child qdisc per TX queue.
 * Each child is pfifo_fast (sch_generic.c) until fq_codel is attached to
 * every TX queue, each with its own hash perturbation.
 * Kernel source: net/sched/sch_mq.c (mq_init, mq_attach), with
 * net/sched/sch_api.c's qdisc_create for the child.
 * tbf as the root instead of mq (netdev_set_tbf): a device with one TX
 * queue only.
 * Leaves out: per-queue qdisc choice (every child is of one kind), mq's
 * own statistics dump, a root tbf over several TX queues.
 */
#include <stdio.h>
#include "kernel/host.h"
#include "net/sched/sch_fq_codel.h"
#include "net/sched/sch_tbf.h"
#include "net/sched/sch_fq.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

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
		struct qdisc *q = &dev->txq[i].qdisc;

		q->priv = fq_codel_create(p, (uint32_t)rng_next(&r));
		if (!q->priv)
			return -1;
		q->ops = &fq_codel_qdisc_ops;
		/* fq_codel_init: TCQ_F_CAN_BYPASS while limit >= 1 (the loader's) */
		q->flags = TCQ_F_CAN_BYPASS;
	}
	return 0;
}

/* fq under mq on every TX queue (net.core.default_qdisc = fq): not
 * TCQ_F_CAN_BYPASS (fq_init; fq has its own fast path). The orphan flow
 * hash takes the device's per-boot hash seed, as skb_get_hash does. */
int netdev_set_fq(struct net_device *dev, const struct fq_params *p)
{
	int i;

	for (i = 0; i < dev->real_num_tx_queues; i++) {
		struct qdisc *q = &dev->txq[i].qdisc;

		q->priv = fq_create(p, dev->host->hz, dev->tx_hashrnd);
		if (!q->priv)
			return -1;
		q->ops = &fq_qdisc_ops;
		q->flags = 0;
	}
	return 0;
}

/* tc qdisc add dev X root tbf ...: tbf replaces mq as the root. With
 * one TX queue that root is the queue's qdisc; over several queues one
 * qdisc would feed them all (not modelled: refused). */
int netdev_set_tbf(struct net_device *dev, const struct tbf_params *p)
{
	struct qdisc *q = &dev->txq[0].qdisc;

	if (dev->real_num_tx_queues != 1)
		return -1;
	q->priv = tbf_create(p, dev->host->sim->now / PS_PER_NS);
	q->ops = &tbf_qdisc_ops;
	q->flags = 0;	/* tbf_init: not TCQ_F_CAN_BYPASS, every skb is enqueued */
	return 0;
}

/* Free the qdiscs' own memory; queued skbs live in the pool. */
void netdev_free(struct net_device *dev)
{
	int i;

	for (i = 0; i < NETDEV_MAX_QUEUES; i++) {
		struct qdisc *q = &dev->txq[i].qdisc;
		struct skb_queue left = { 0 };

		if (!q->ops)
			continue;
		q->ops->reset(q, &left);
		q->ops->destroy(q);
	}
}
