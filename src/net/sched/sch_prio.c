// SPDX-License-Identifier: MIT
/*
 * prio: a classful qdisc of N bands, each a pfifo child, band 0 served
 * first; the band of an skb is its priority's entry in the priomap.
 *
 * Follows Linux 6.18 net/sched/sch_prio.c (prio_classify without tc
 * filters, prio_enqueue, prio_dequeue, prio_tune, prio_reset),
 * net/sched/sch_fifo.c (pfifo_enqueue, fifo_init: limit =
 * dev->tx_queue_len) and iproute2 tc/q_prio.c (the default priomap
 * "1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1", sent whatever the bands; a priomap
 * of fewer than 16 entries keeps the default's for the rest). prio_tune
 * (read in a recent tree, with TCQ_MIN_PRIO_BANDS) refuses bands outside
 * [2, 16] and any priomap entry >= bands, so `tc qdisc add ... prio bands
 * 2` without a priomap fails; it creates each band with qdisc_create_dflt
 * (pfifo, no options), whose fifo_init (read) takes dev->tx_queue_len.
 * tc's own check of an entry (q_prio.c) is `band > bands`: a band equal
 * to bands passes tc and is refused by the kernel. UNVERIFIED: a drop
 * counts in the child and in prio.
 * Models: an skb whose priority has a major number (TC_H_MAJ) takes band
 * priomap[0]; others priomap[priority & 15]. prio is not
 * TCQ_F_CAN_BYPASS: every skb is enqueued. The bands' FIFOs are
 * sch_generic.c's (qdisc_band_enqueue_tail, qdisc_bands_dequeue), as
 * pfifo_fast's are.
 * Leaves out: tc filters, classes (tc class), children other than pfifo,
 * a priority naming prio's own handle (major:minor classification),
 * multiqueue mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "net/core/netdevice.h"
#include "kernel/host.h"
#include "net/sch_generic.h"
#include "net/sched/sch_prio.h"
#include "sim/engine/util.h"

struct prio_sched {
	int		bands;
	uint8_t		prio2band[PRIO_MAP_LEN];
	uint32_t	limit;		/* each pfifo's: tx_queue_len */
	struct skb_queue q[PRIO_MAX_BANDS];
	uint64_t	drops[PRIO_MAX_BANDS];
};

const uint8_t prio_default_priomap[PRIO_MAP_LEN] = { 1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };

struct prio_sched *prio_create(int bands, const uint8_t *priomap, uint32_t limit)
{
	struct prio_sched *q;
	int i;

	if (!priomap)
		priomap = prio_default_priomap;
	if (bands < 2 || bands > PRIO_MAX_BANDS)
		return NULL;	/* prio_tune */
	for (i = 0; i < PRIO_MAP_LEN; i++)
		if (priomap[i] >= bands)
			return NULL;
	q = xcalloc(1, sizeof(*q));
	q->bands = bands;
	memcpy(q->prio2band, priomap, PRIO_MAP_LEN);
	q->limit = limit ? limit : 1;	/* fifo_init */
	return q;
}

int prio_classify(const struct prio_sched *q, const struct sk_buff *skb)
{
	uint32_t band = skb->priority;

	if (band >> 16)		/* TC_H_MAJ: no filter to ask */
		band = 0;
	return q->prio2band[band & 15];
}

static int prio_qdisc_enqueue(struct cpu *cpu, struct qdisc *sch, struct sk_buff *skb)
{
	struct prio_sched *q = sch->priv;
	int b = prio_classify(q, skb);

	if (q->q[b].qlen >= q->limit) {	/* pfifo_enqueue: qdisc_drop */
		q->drops[b]++;
		sch->drops++;
		return NET_XMIT_DROP;
	}
	qdisc_band_enqueue_tail(sch, &q->q[b], skb);
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *prio_qdisc_dequeue(struct cpu *cpu, struct qdisc *sch)
{
	struct prio_sched *q = sch->priv;
	int b;

	return qdisc_bands_dequeue(sch, q->q, q->bands, &b);
}

static void prio_qdisc_reset(struct qdisc *sch, struct skb_queue *out)
{
	struct prio_sched *q = sch->priv;

	qdisc_bands_reset(sch, q->q, q->bands, out);
}

static void prio_qdisc_destroy(struct qdisc *sch)
{
	free(sch->priv);
	sch->priv = NULL;
}

/* tc -s class show: each band's pfifo drops and backlog */
static void prio_dump_stats(const struct qdisc *sch, qdisc_put_t put, void *ctx)
{
	const struct prio_sched *q = sch->priv;
	char name[32];
	int b;

	put(ctx, "bands", q->bands);
	for (b = 0; b < q->bands; b++) {
		snprintf(name, sizeof(name), "band%d_drops", b);
		put(ctx, name, (int64_t)q->drops[b]);
		snprintf(name, sizeof(name), "band%d_backlog_packets", b);
		put(ctx, name, q->q[b].qlen);
	}
}

static int prio_qdisc_check(const struct qdisc *sch, char *msg, size_t len)
{
	const struct prio_sched *q = sch->priv;
	uint64_t n = qdisc_requeued(sch), bytes = 0;
	int b;

	for (b = 0; b < q->bands; b++) {
		uint32_t k = qdisc_band_walk(&q->q[b], &bytes);

		if (k != q->q[b].qlen || k > q->limit) {
			snprintf(msg, len, "prio: band %d counts %u skbs, holds %u (limit %u)",
				 b, q->q[b].qlen, k, q->limit);
			return -1;
		}
		n += k;
	}
	if (n == sch->qlen && bytes == sch->backlog)
		return 0;
	snprintf(msg, len, "prio: qlen %u backlog %llu, but it holds %llu skbs, %llu bytes",
		 sch->qlen, (unsigned long long)sch->backlog, (unsigned long long)n,
		 (unsigned long long)bytes);
	return -1;
}

const struct Qdisc_ops prio_qdisc_ops = {
	.id		= "prio",
	.enqueue	= prio_qdisc_enqueue,
	.dequeue	= prio_qdisc_dequeue,
	.reset		= prio_qdisc_reset,
	.destroy	= prio_qdisc_destroy,
	.dump_stats	= prio_dump_stats,
	.check		= prio_qdisc_check,
};

/* prio under mq on every TX queue; its pfifos hold tx_queue_len each */
int netdev_set_prio(struct net_device *dev, int bands, const uint8_t *priomap)
{
	int i;

	for (i = 0; i < dev->real_num_tx_queues; i++) {
		struct qdisc *q = &dev->txq[i].qdisc;

		q->priv = prio_create(bands, priomap, dev->tx_queue_len);
		if (!q->priv)
			return -1;
		q->ops = &prio_qdisc_ops;
		q->flags = 0;
	}
	return 0;
}
