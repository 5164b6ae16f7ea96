// SPDX-License-Identifier: MIT
/*
 * mvneta driver (drivers/net/ethernet/marvell/mvneta.c), per era.
 *
 * Models the TX path of mvneta_tx (descriptor fill, count, doorbell via
 * TXQ_UPDATE in chunks of at most 255, stop threshold), TX reclaim by
 * mvneta_txq_done (read the sent counter, subtract it, free the skbs with
 * dev_kfree_skb_any, wake the queue), the NAPI poll mvneta_poll (cause
 * read, TX done, RX of the queues flagged, napi_complete and unmask), the
 * ISR (mask everything, napi_schedule), RX refill, and ethtool -C / -G.
 * Reclaim policies by profile:
 *  - mvneta-3.8 (3.8 to 3.13.0): TX interrupts stay masked; mvneta_tx
 *    reclaims once MVNETA_TXDONE_COAL_PKTS (16) descriptors are
 *    outstanding, and a 10 ms tx_done_timer is armed when a packet enters
 *    an empty ring; the timer reclaims every queue and re-arms while
 *    descriptors remain (mvneta_tx_done_timer_callback, 3.10.33).
 *  - mvneta-3.13 (3.13.x stable, 3.14+): timer gone; TXQ SENT interrupt
 *    handled in NAPI (mvneta_tx_done_gbe), tx-frames 16.
 *  - mvneta-3.18 (Dec 2014 fix): same with tx-frames 1; stop/wake by
 *    tx_stop_threshold = size - MVNETA_MAX_SKB_DESCS, wake at half.
 *  - mvneta-6.x: tx-frames 0 (interrupt per packet), rings 1024/512.
 * Software TSO (mvneta_tx_tso, 3.16+): per segment a header descriptor
 * (from the queue's TSO header area) and one data descriptor per page
 * fragment the segment's payload touches; the skb is freed with the last
 * descriptor of its last segment; a GSO skb that does not fit the ring
 * (count + tso_count_descs >= size) is dropped, as mvneta does.
 * Deviation: the header descriptor carries the segment's payload offset
 * instead of pointing at a header the driver built; the device builds the
 * segment's headers from it.
 * The TX watchdog's mvneta_tx_timeout resets the TX side (below).
 * mvneta_cap declares what each era implements (ethtool, module
 * parameters, arbiter, XPS, BQL), for the world to refuse the rest.
 * Leaves out: XDP, page_pool, link management.
 * Deviation: RX buffers are skbs allocated at refill time, not page
 * fragments turned into skbs by build_skb; the received skb's truesize is
 * that of the refill buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/neta/neta.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define MAX_SKB_FRAGS		17
#define MVNETA_MAX_TSO_SEGS	100
#define MVNETA_MAX_SKB_DESCS	(MVNETA_MAX_TSO_SEGS * 2 + MAX_SKB_FRAGS)

enum reclaim_policy { RECLAIM_XMIT_TIMER, RECLAIM_TX_IRQ, RECLAIM_RX_POLL, RECLAIM_HRTIMER };

static const char *const reclaim_names[] = {
	[RECLAIM_XMIT_TIMER] = "xmit-timer", [RECLAIM_TX_IRQ] = "tx-irq",
	[RECLAIM_RX_POLL] = "rx-poll", [RECLAIM_HRTIMER] = "hrtimer",
};
enum stop_rule { STOP_FRAGS, STOP_THRESHOLD };

struct mvneta_profile {
	const char	*name;
	const char	*source;
	enum reclaim_policy reclaim;
	enum stop_rule	stop;
	uint32_t	txdone_coal;	/* MVNETA_TXDONE_COAL_PKTS */
	uint32_t	rx_coal_pkts;	/* MVNETA_RX_COAL_PKTS */
	uint32_t	rx_coal_usec;	/* MVNETA_RX_COAL_USEC */
	uint32_t	max_txd, max_rxd;
	int		txq_number, rxq_number;
	uint32_t	tx_done_timer_ms;
	uint64_t	clk_hz;		/* clock behind the RX time threshold */
	bool		tso;		/* software TSO (net/core/tso.c), 3.16+ */
	bool		percpu;		/* per-CPU interrupts and NAPI (4.2+) */
	bool		spread;		/* CPU_MAP spreads queues over CPUs, XPS (4.6+) */
	bool		bql;		/* BQL and xmit_more doorbell batching (4.19+) */
};

/*
 * How the NETA shares the wire between TX queues when mvneta leaves the
 * arbiter at reset (tx_arbiter): mvneta_defaults_set writes 0 to
 * MVNETA_TXQ_CMD_1 and never writes the fixed-priority (TQFPC) or weight
 * (TQxAC) registers, in every era. The default is the reading the sources
 * support (hw/neta/neta.h): every queue at fixed priority, the highest
 * ready one first; round robin and post order are what-ifs.
 */
#define NETA_ARB_RESET	NETA_ARB_FIXED
static const char *const arb_names[] = {
	[NETA_ARB_FIXED] = "fixed-priority", [NETA_ARB_RR] = "round-robin",
	[NETA_ARB_POST] = "post-order",
};

static enum neta_arb arb_of(const char *name)
{
	size_t i;

	for (i = 0; name && i < ARRAY_SIZE(arb_names); i++)
		if (!strcmp(name, arb_names[i]))
			return (enum neta_arb)i;
	return NETA_ARB_RESET;
}

static const struct mvneta_profile profiles[] = {
	{ "mvneta-3.8", "mvneta.c 3.8-3.13.0 (3.10.33 read)", RECLAIM_XMIT_TIMER,
	  STOP_FRAGS, 16, 32, 100, 532, 128, 8, 8, 10, 250000000, false, false, false,
	  false },
	{ "mvneta-3.13", "mvneta.c 3.13.10 (Tx timer replaced by a real interrupt)",
	  RECLAIM_TX_IRQ, STOP_FRAGS, 16, 32, 100, 532, 128, 8, 8, 0, 250000000, false,
	  false, false, false },
	{ "mvneta-3.18", "mvneta.c 3.18 + 'fix Tx interrupt delay' (16 -> 1)",
	  RECLAIM_TX_IRQ, STOP_THRESHOLD, 1, 32, 100, 532, 128, 8, 8, 0, 250000000, true,
	  false, false, false },
	{ "mvneta-4.4", "mvneta.c 4.4.155: per-CPU interrupts, one elected CPU",
	  RECLAIM_TX_IRQ, STOP_THRESHOLD, 0, 32, 100, 532, 128, 8, 8, 0, 250000000, true,
	  true, false, false },
	{ "mvneta-6.x", "mvneta.c 6.18.2", RECLAIM_TX_IRQ, STOP_THRESHOLD, 0, 32,
	  100, 1024, 512, 8, 8, 0, 250000000, true, true, true, true },
};

/*
 * Each era's known TX-path defect and the later era whose commits removed
 * it (docs/kernel.md, the mvneta eras; docs/observations.md A-D), for
 * nicsim explain (struct nic_info).
 */
static const struct mvneta_era_fix {
	const char	*name, *defect, *fixed_by, *fix;
} era_fixes[] = {
	{ "mvneta-3.8", "TX is reclaimed only in xmit every 16 descriptors or by a 10 ms timer",
	  "mvneta-3.13", "\"net: mvneta: replace Tx timer with a real interrupt\" (January 2014)" },
	{ "mvneta-3.13", "the TX-done interrupt comes only after 16 frames sent (tx-frames 16)",
	  "mvneta-3.18", "aebea2ba0f74 \"net: mvneta: fix Tx interrupt delay\"" },
	{ "mvneta-3.18", "one CPU completes every TX queue, and there is no BQL",
	  "mvneta-6.x", "\"net: mvneta: Spread out the TX queues management on all CPUs\" "
	  "(2015) and a29b6235560a \"net: mvneta: add BQL support\"" },
	{ "mvneta-4.4", "one elected CPU completes every TX queue, and there is no BQL",
	  "mvneta-6.x", "\"net: mvneta: Spread out the TX queues management on all CPUs\" "
	  "(2015) and a29b6235560a \"net: mvneta: add BQL support\"" },
};

struct mvneta_tx_queue {
	int		id;
	uint32_t	size;
	uint32_t	count;
	uint32_t	put, get;
	uint32_t	done_pkts_coal;
	uint32_t	stop_threshold, wake_threshold;
	struct mvneta_tx_desc *descs;
	struct sk_buff	**tx_skb;
	uint32_t	max_count;
	uint32_t	pending;	/* descriptors not yet announced (xmit_more) */
	uint64_t	reclaim_events, reclaimed;
};

struct mvneta_rx_queue {
	int		id;
	uint32_t	size;
	uint32_t	get;
	uint32_t	pkts_coal;
	uint32_t	time_coal_us;
	struct mvneta_rx_desc *descs;
	uint64_t	packets;
};

struct mvneta_port;

/* struct mvneta_pcpu_port: a CPU's NAPI and its share of the work */
struct mvneta_pcpu {
	struct mvneta_port *pp;
	struct napi_struct napi;
	uint32_t	cause_rx_tx;
	struct irq_desc	*irq;
	int		cpu;
};

struct mvneta_port {
	struct host	*host;
	const struct mvneta_profile *prof;
	struct neta_dev	dev;
	int		nr_cpus;
	struct mvneta_pcpu pcpu[NETA_MAX_CPUS];
	bool		select_cpu;	/* txq = cpu % txq_number (2015 patch) */
	bool		bql;		/* netdev_tx_sent/completed_queue (bql key) */
	int		txq_number, rxq_number, rxq_def;
	struct mvneta_tx_queue txqs[MVNETA_MAX_QUEUES];
	struct mvneta_rx_queue rxqs[MVNETA_MAX_QUEUES];
	enum reclaim_policy reclaim;
	struct timer_list tx_done_timer;
	bool		tx_done_timer_set;	/* MVNETA_F_TX_DONE_TIMER_BIT */
	sim_time_t	timer_period;
	uint64_t	tx_timer_runs;
	/* hrtimer reclaim (mvpp2_hr_timer_cb-like what-if) */
	struct sim_event hr_ev;
	struct work	hr_work;
	struct cpu	*hr_cpu;
	sim_time_t	tx_usecs;
};

static struct mvneta_port *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t mvreg_read(struct mvneta_port *pp, struct cpu *cpu, uint32_t reg)
{
	cpu_charge(cpu, COST_mmio_read, pp->host->plat->cost.mmio_read);
	return mvneta_dev_read(&pp->dev, reg);
}

static void mvreg_write(struct mvneta_port *pp, struct cpu *cpu, uint32_t reg, uint32_t val)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, pp->host->plat->cost.mmio_write);
	mvneta_dev_write(&pp->dev, reg, val);
}

static uint32_t rx_intr_mask(struct mvneta_port *pp)
{
	return MVNETA_RX_INTR_MASK(pp->rxq_number);
}

static uint32_t intr_mask(struct mvneta_port *pp)
{
	uint32_t m = rx_intr_mask(pp);

	if (pp->reclaim == RECLAIM_TX_IRQ)
		m |= MVNETA_TX_INTR_MASK(pp->txq_number);
	return m;
}

/* --- TX reclaim ----------------------------------------------------- */

/* mvneta_txq_sent_desc_proc: read and acknowledge the sent counter. */
static uint32_t txq_sent_desc_proc(struct mvneta_port *pp, struct cpu *cpu,
				   struct mvneta_tx_queue *txq)
{
	uint32_t val = mvreg_read(pp, cpu, MVNETA_TXQ_STATUS_REG(txq->id));
	uint32_t sent = (val & MVNETA_TXQ_SENT_DESC_MASK) >> MVNETA_TXQ_SENT_DESC_SHIFT;
	uint32_t left = sent;

	while (left) {	/* mvneta_txq_sent_desc_dec: at most 255 per write */
		uint32_t n = MIN(left, 255u);

		mvreg_write(pp, cpu, MVNETA_TXQ_UPDATE_REG(txq->id),
			    n << MVNETA_TXQ_DEC_SENT_SHIFT);
		left -= n;
	}
	return sent;
}

/* mvneta_txq_bufs_free: n descriptors from the get index, each skb freed
 * with its last one; BQL is told what completed. */
static void txq_bufs_free(struct mvneta_port *pp, struct cpu *cpu,
			  struct mvneta_tx_queue *txq, uint32_t n)
{
	struct netdev_queue *nq = &pp->host->dev.txq[txq->id];
	uint32_t i, pkts = 0, bytes = 0;

	for (i = 0; i < n; i++) {
		struct sk_buff *skb = txq->tx_skb[txq->get];

		txq->tx_skb[txq->get] = NULL;
		txq->get = ring_next(txq->get, txq->size);
		cpu_charge(cpu, COST_reclaim_desc, pp->host->plat->cost.reclaim_desc);
		if (skb) {
			pkts++;
			bytes += skb->len;
			dev_kfree_skb_any(cpu, skb);
		}
	}
	netdev_tx_completed_queue(cpu, nq, pkts, bytes);
}

static void txq_done(struct mvneta_port *pp, struct cpu *cpu, struct mvneta_tx_queue *txq)
{
	struct netdev_queue *nq = &pp->host->dev.txq[txq->id];
	uint32_t done = txq_sent_desc_proc(pp, cpu, txq);

	if (!done)
		return;
	txq_bufs_free(pp, cpu, txq, done);
	txq->count -= done;
	txq->reclaim_events++;
	txq->reclaimed += done;
	if (!netif_tx_queue_stopped(nq))
		return;
	if (pp->prof->stop == STOP_FRAGS ? txq->size - txq->count >= MAX_SKB_FRAGS + 1
					 : txq->count <= txq->wake_threshold)
		netif_tx_wake_queue(cpu, nq);
}

/* mvneta_tx_done_gbe: reclaim the queues in cause_tx_done. */
static uint32_t tx_done_gbe(struct mvneta_port *pp, struct cpu *cpu, uint32_t cause_tx_done)
{
	uint32_t tx_todo = 0;
	int q;

	for (q = 0; q < pp->txq_number; q++) {
		if (!(cause_tx_done & (1u << q)))
			continue;
		txq_done(pp, cpu, &pp->txqs[q]);
		tx_todo += pp->txqs[q].count;
	}
	return tx_todo;
}

static void add_tx_done_timer(struct mvneta_port *pp, struct cpu *cpu)
{
	if (pp->tx_done_timer_set)
		return;
	pp->tx_done_timer_set = true;
	/* jiffies + msecs_to_jiffies(period): rounded up to whole jiffies */
	mod_timer(cpu, &pp->tx_done_timer, cpu_jiffies(cpu) +
		  (uint64_t)DIV_ROUND_UP(pp->timer_period, pp->host->tick));
}

static void tx_done_timer_callback(struct cpu *cpu, struct timer_list *t)
{
	struct mvneta_port *pp = t->arg;

	pp->tx_timer_runs++;
	pp->tx_done_timer_set = false;
	if (tx_done_gbe(pp, cpu, (1u << pp->txq_number) - 1))
		add_tx_done_timer(pp, cpu);
}

/* --- xmit ----------------------------------------------------------- */

static void txq_pend_desc_add(struct mvneta_port *pp, struct cpu *cpu,
			      struct mvneta_tx_queue *txq, uint32_t n)
{
	while (n) {
		uint32_t c = MIN(n, (uint32_t)MVNETA_TXQ_PEND_MAX);

		mvreg_write(pp, cpu, MVNETA_TXQ_UPDATE_REG(txq->id), c);
		n -= c;
	}
}

static void put_desc(struct mvneta_tx_queue *txq, struct sk_buff *skb, uint32_t cmd,
		     uint32_t size, uint32_t seg_off, bool last)
{
	struct mvneta_tx_desc *desc = &txq->descs[txq->put];

	desc->command = cmd;
	desc->data_size = (uint16_t)size;
	desc->seg_off = seg_off;
	desc->buf = (uint64_t)(uintptr_t)skb;
	txq->tx_skb[txq->put] = last ? skb : NULL;
	txq->put = ring_next(txq->put, txq->size);
}

/* TCP copies payload into 32 KiB page frags (sk_page_frag) */
#define TSO_PAGE 32768u

/* mvneta_tx_tso: returns descriptors used, 0 if the skb must be dropped */
static uint32_t mvneta_tx_tso(struct mvneta_port *pp, struct cpu *cpu,
			      struct mvneta_tx_queue *txq, struct sk_buff *skb)
{
	uint32_t hdr = skb->len - skb->payload_len, off, n = 0;
	/* tso_count_descs: 2 per segment + the fragments */
	uint32_t need = 2u * skb->gso_segs + skb->nr_frags;

	if (txq->count + need >= txq->size)
		return 0;
	for (off = 0; off < skb->payload_len; off += skb->gso_size) {
		uint32_t seg = MIN((uint32_t)skb->gso_size, skb->payload_len - off), done = 0;
		uint64_t pos = skb->seq + off;
		bool last_seg = off + seg >= skb->payload_len;

		put_desc(txq, skb, MVNETA_TXD_F_DESC, hdr, off, false);
		n++;
		while (done < seg) {	/* mvneta_tso_put_data, frag by frag */
			uint32_t room = TSO_PAGE - (uint32_t)((pos + done) % TSO_PAGE);
			uint32_t sz = MIN(room, seg - done);
			bool last = done + sz == seg;

			put_desc(txq, skb, last ? MVNETA_TXD_L_DESC : 0, sz, off, last && last_seg);
			done += sz;
			n++;
		}
	}
	cpu_charge2(cpu, COST_xmit_desc, (uint64_t)pp->host->plat->cost.xmit_desc * n,
		    COST_gso_seg, (uint64_t)pp->host->plat->cost.gso_seg * skb->gso_segs);
	return n;
}

static enum netdev_tx mvneta_tx(struct sk_buff *skb, struct net_device *dev)
{
	struct mvneta_port *pp = netdev_priv(dev);
	struct cpu *cpu = pp->host->cur_cpu;
	struct mvneta_tx_queue *txq = &pp->txqs[skb->queue_mapping];
	struct netdev_queue *nq = &dev->txq[txq->id];
	uint32_t frags = skb->nr_frags + 1u, i, left = skb->len;

	if (skb->gso_segs > 1 && pp->host->dev.tso) {
		cpu_charge(cpu, COST_xmit_pkt, pp->host->plat->cost.xmit_pkt);
		frags = mvneta_tx_tso(pp, cpu, txq, skb);
		if (!frags) {	/* does not fit: dropped, not requeued */
			dev->tx_dropped++;
			dev_kfree_skb_any(cpu, skb);
			return NETDEV_TX_OK;
		}
	} else {
		if (txq->count + frags > txq->size) {
			netif_tx_stop_queue(nq);
			return NETDEV_TX_BUSY;
		}
		cpu_charge2(cpu, COST_xmit_pkt, pp->host->plat->cost.xmit_pkt,
			    COST_xmit_desc, (uint64_t)pp->host->plat->cost.xmit_desc * frags);
		/* the linear part, then one descriptor per page fragment; the
		 * skb is freed with its last descriptor */
		for (i = 0; i < frags; i++) {
			uint32_t n = i == frags - 1 ? left : i == 0 ? skb->len - skb->payload_len :
				     skb->payload_len / skb->nr_frags;

			put_desc(txq, skb, (i == 0 ? MVNETA_TXD_F_DESC : 0) |
				 (i == frags - 1 ? MVNETA_TXD_L_DESC : 0), n, 0, i == frags - 1);
			left -= n;
		}
	}
	txq->count += frags;
	if (txq->count > txq->max_count)
		txq->max_count = txq->count;
	if (pp->prof->bql) {
		/* 4.19+: BQL, then the doorbell only at the end of a batch.
		 * Deviation: bql = off drops only the BQL call and keeps the
		 * batched doorbell (no era had the one without the other). */
		if (pp->bql)
			netdev_tx_sent_queue(nq, skb->len);
		if (txq->count >= txq->stop_threshold)
			netif_tx_stop_queue(nq);
		if (!dev->xmit_more || netif_xmit_stopped(nq) ||
		    txq->pending + frags > MVNETA_TXQ_PEND_MAX) {
			txq_pend_desc_add(pp, cpu, txq, txq->pending + frags);
			txq->pending = 0;
		} else {
			txq->pending += frags;
		}
		goto reclaim;
	}
	txq_pend_desc_add(pp, cpu, txq, frags);
	if (pp->prof->stop == STOP_FRAGS ? txq->size - txq->count < MAX_SKB_FRAGS + 1
					 : txq->count >= txq->stop_threshold)
		netif_tx_stop_queue(nq);
reclaim:
	if (pp->reclaim != RECLAIM_TX_IRQ && txq->count >= txq->done_pkts_coal)
		txq_done(pp, cpu, txq);
	if (pp->reclaim == RECLAIM_XMIT_TIMER || pp->reclaim == RECLAIM_RX_POLL) {
		/* after reclaiming, count == frags: the ring was empty */
		if (txq->count == frags)
			add_tx_done_timer(pp, cpu);
	} else if (pp->reclaim == RECLAIM_HRTIMER && !sim_event_pending(&pp->hr_ev)) {
		pp->hr_cpu = cpu;
		sim_schedule(pp->host->sim, &pp->hr_ev, cpu_now(cpu) + pp->tx_usecs);
	}
	return NETDEV_TX_OK;
}

/* --- RX and NAPI ---------------------------------------------------- */

static struct sk_buff *rx_buf_alloc(struct mvneta_port *pp)
{
	/* MVNETA_RX_PKT_SIZE(mtu) = ALIGN(mtu + 2 + 4 + 14 + 4, 8) + NET_SKB_PAD */
	uint32_t sz = ALIGN_UP(pp->host->dev.mtu + 2 + 4 + 14 + 4, 8) + 64;

	return alloc_skb(pp->host, sz);
}

static int mvneta_rx(struct mvneta_port *pp, struct cpu *cpu, int budget,
		     struct mvneta_rx_queue *rxq)
{
	uint32_t val = mvreg_read(pp, cpu, MVNETA_RXQ_STATUS_REG(rxq->id));
	int todo = MIN((int)(val & MVNETA_RXQ_OCCUPIED_ALL_MASK), budget), i, left;
	sim_time_t start = cpu_now(cpu);

	for (i = 0; i < todo; i++) {
		struct mvneta_rx_desc *desc = &rxq->descs[rxq->get];
		struct sk_buff *skb = (struct sk_buff *)(uintptr_t)desc->buf;

		rxq->get = ring_next(rxq->get, rxq->size);
		desc->buf = (uint64_t)(uintptr_t)rx_buf_alloc(pp);	/* refill */
		desc->status = 0;
		skb->len = desc->data_size;
		skb->path[PATH_POLL] = start;
		rxq->packets++;
		cpu_charge(cpu, COST_rx_pkt, pp->host->plat->cost.rx_pkt);
		netif_receive_skb(cpu, skb);
	}
	for (left = todo; left > 0; left -= 255) {	/* mvneta_rxq_desc_num_update */
		uint32_t n = (uint32_t)MIN(left, 255);

		mvreg_write(pp, cpu, MVNETA_RXQ_STATUS_UPDATE_REG(rxq->id),
			    n | (n << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT));
	}
	return todo;
}

static int mvneta_poll(struct napi_struct *napi, int budget)
{
	struct mvneta_pcpu *pc = napi->priv;
	struct mvneta_port *pp = pc->pp;
	struct cpu *cpu = napi->cpu;
	uint32_t cause = mvreg_read(pp, cpu, MVNETA_INTR_NEW_CAUSE) & intr_mask(pp);
	int rx_done = 0;

	if (cause & MVNETA_TX_INTR_MASK_ALL) {
		tx_done_gbe(pp, cpu, cause & MVNETA_TX_INTR_MASK_ALL);
		cause &= ~MVNETA_TX_INTR_MASK_ALL;
	}
	/* the 2013 experiment: reclaim every TX queue while polling RX; the
	 * timer stays armed only while descriptors remain */
	if (pp->reclaim == RECLAIM_RX_POLL &&
	    tx_done_gbe(pp, cpu, (1u << pp->txq_number) - 1))
		add_tx_done_timer(pp, cpu);
	cause |= pc->cause_rx_tx;	/* RX left over by the previous poll */
	while ((cause & MVNETA_RX_INTR_MASK_ALL) && budget > rx_done) {
		int q = __builtin_ffs((int)(cause >> 8)) - 1;
		int n = mvneta_rx(pp, cpu, budget - rx_done, &pp->rxqs[q]);

		rx_done += n;
		if (rx_done < budget)
			cause &= ~(1u << (8 + q));
	}
	if (rx_done < budget) {
		cause = 0;
		napi_complete_done(napi, rx_done);
		mvreg_write(pp, cpu, MVNETA_INTR_NEW_MASK, intr_mask(pp));
	}
	pc->cause_rx_tx = cause;
	return rx_done;
}

/* mvneta_isr / mvneta_percpu_isr: mask this CPU's bank, schedule its NAPI */
static void mvneta_isr(struct cpu *cpu, void *dev_id)
{
	struct mvneta_pcpu *pc = dev_id;

	mvreg_write(pc->pp, cpu, MVNETA_INTR_NEW_MASK, 0);
	napi_schedule(cpu, &pc->napi);
}

/* A register write run on CPU c (smp_call_function_single at set-up). */
static void write_on_cpu(struct mvneta_port *pp, int c, uint32_t reg, uint32_t val)
{
	struct cpu *saved = pp->host->cur_cpu;

	pp->host->cur_cpu = &pp->host->cpus[c];
	mvneta_dev_write(&pp->dev, reg, val);
	pp->host->cur_cpu = saved;
}

/* ndo_select_queue of the 2015 "spread TX queues" patch */
static int mvneta_select_queue(struct net_device *dev, struct sk_buff *skb, int cpu)
{
	struct mvneta_port *pp = dev->priv;

	return cpu % pp->txq_number;
}

/* hrtimer (HRTIMER_MODE_REL_PINNED_SOFT): runs in softirq on its CPU */
static void hr_timer_fire(struct sim *sim, struct sim_event *ev)
{
	struct mvneta_port *pp = ev->arg;

	cpu_queue_work(pp->hr_cpu, &pp->hr_work);
}

static void hr_timer_cb(struct cpu *cpu, struct work *w)
{
	struct mvneta_port *pp = w->arg;

	pp->tx_timer_runs++;
	cpu_charge(cpu, COST_timer, pp->host->plat->cost.timer);
	if (tx_done_gbe(pp, cpu, (1u << pp->txq_number) - 1))
		sim_schedule(pp->host->sim, &pp->hr_ev, cpu_now(cpu) + pp->tx_usecs);
}

static uint32_t mvneta_tx_backlog(const struct net_device *dev)
{
	const struct mvneta_port *pp = dev->priv;

	return neta_tx_backlog(&pp->dev);
}

static void mvneta_tx_timeout(struct cpu *cpu, struct net_device *dev, int txqueue);

static const struct net_device_ops mvneta_netdev_ops = {
	.ndo_start_xmit = mvneta_tx,
	.tx_backlog = mvneta_tx_backlog,
	.ndo_tx_timeout = mvneta_tx_timeout,
};

static const struct net_device_ops mvneta_select_ops = {
	.ndo_start_xmit = mvneta_tx,
	.ndo_select_queue = mvneta_select_queue,
	.tx_backlog = mvneta_tx_backlog,
	.ndo_tx_timeout = mvneta_tx_timeout,
};

/* --- probe, open, ethtool ------------------------------------------- */

static const struct mvneta_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

static int check_config(const struct mvneta_profile *p, const struct nic_config *cfg,
			char *msg, size_t len, enum nic_field *field)
{
	uint32_t min_txd = p->stop == STOP_FRAGS ? MAX_SKB_FRAGS + 2 : 2 * MVNETA_MAX_SKB_DESCS;

	if (cfg->tx_ring != -1 && (cfg->tx_ring < min_txd || cfg->tx_ring > p->max_txd))
		FAIL(NIC_F_TX_RING, "%s: TX ring size %lld out of range [%u, %u] (ethtool -G)",
		     p->name, (long long)cfg->tx_ring, min_txd, p->max_txd);
	if (cfg->rx_ring != -1 && (cfg->rx_ring < 1 || cfg->rx_ring > p->max_rxd))
		FAIL(NIC_F_RX_RING, "%s: RX ring size %lld out of range [1, %u] (ethtool -G)",
		     p->name, (long long)cfg->rx_ring, p->max_rxd);
	if (cfg->tx_frames != -1 && cfg->tx_frames > MVNETA_TXQ_SENT_THRESH_MASK)
		FAIL(NIC_F_TX_FRAMES, "tx-frames %lld exceeds the 14-bit threshold field",
		     (long long)cfg->tx_frames);
	if (cfg->rxq_def != -1 && cfg->rxq_def >= (cfg->rxq_number != -1 ? cfg->rxq_number : p->rxq_number))
		FAIL(NIC_F_RXQ_DEF, "rxq_def %lld, but the port has %lld RX queue(s) (rxq_number)",
		     (long long)cfg->rxq_def,
		     (long long)(cfg->rxq_number != -1 ? cfg->rxq_number : p->rxq_number));
	if (cfg->tx_usecs == 0)
		FAIL(NIC_F_TX_USECS, "%s: tx-usecs 0 leaves the hrtimer reclaim no period "
		     "(at least 1us)", p->name);
	if (cfg->rx_frames != -1 && cfg->rx_frames > MVNETA_RXQ_OCCUPIED_ALL_MASK)
		FAIL(NIC_F_RX_FRAMES, "rx-frames %lld exceeds the 14-bit threshold field",
		     (long long)cfg->rx_frames);
	return 0;
}

static void txq_init(struct mvneta_port *pp, struct mvneta_tx_queue *txq, int id, uint32_t size)
{
	struct host *h = pp->host;

	txq->id = id;
	txq->size = size;
	txq->descs = xcalloc(size, sizeof(*txq->descs));
	txq->tx_skb = xcalloc(size, sizeof(*txq->tx_skb));
	txq->stop_threshold = size - MVNETA_MAX_SKB_DESCS;
	txq->wake_threshold = txq->stop_threshold / 2;
	mvreg_write(pp, NULL, MVNETA_TXQ_BASE_ADDR_REG(id), host_dma_map(h, txq->descs));
	/* mvneta_tx_done_pkts_coal_set */
	mvreg_write(pp, NULL, MVNETA_TXQ_SIZE_REG(id),
		    size | (txq->done_pkts_coal << MVNETA_TXQ_SENT_THRESH_SHIFT));
}

static void rxq_init(struct mvneta_port *pp, struct mvneta_rx_queue *rxq, int id, uint32_t size)
{
	struct host *h = pp->host;
	uint32_t i, left;

	rxq->id = id;
	rxq->size = size;
	rxq->descs = xcalloc(size, sizeof(*rxq->descs));
	for (i = 0; i < size; i++)
		rxq->descs[i].buf = (uint64_t)(uintptr_t)rx_buf_alloc(pp);
	mvreg_write(pp, NULL, MVNETA_RXQ_BASE_ADDR_REG(id), host_dma_map(h, rxq->descs));
	mvreg_write(pp, NULL, MVNETA_RXQ_SIZE_REG(id), size);
	mvreg_write(pp, NULL, MVNETA_RXQ_THRESHOLD_REG(id), rxq->pkts_coal);
	/* mvneta_rx_time_coal_set: cycles = clk_rate / 1000000 * usec */
	mvreg_write(pp, NULL, MVNETA_RXQ_TIME_COAL_REG(id),
		    (uint32_t)(pp->prof->clk_hz / 1000000 * rxq->time_coal_us));
	for (left = size; left; ) {
		uint32_t n = MIN(left, 255u);

		mvreg_write(pp, NULL, MVNETA_RXQ_STATUS_UPDATE_REG(id),
			    n << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
		left -= n;
	}
}

static int64_t pick(int64_t user, int64_t dflt)
{
	return user != -1 ? user : dflt;
}

/* The hrtimer policy's period unless tx-usecs gives one. */
#define HRTIMER_USECS	1000u

/* The xmit-timer / rx-poll timer's period unless tx_timer_period gives
 * one: MVNETA_TX_DONE_TIMER_PERIOD (10 ms; also for the eras without). */
static uint32_t timer_ms(const struct mvneta_profile *p)
{
	return MAX(p->tx_done_timer_ms, 10u);
}

/* The reclaim policy: tx_reclaim, or the profile's. */
static enum reclaim_policy reclaim_of(const struct mvneta_profile *p,
				      const struct nic_config *cfg)
{
	size_t i;

	for (i = 0; cfg->tx_reclaim && i < ARRAY_SIZE(reclaim_names); i++)
		if (!strcmp(cfg->tx_reclaim, reclaim_names[i]))
			return (enum reclaim_policy)i;
	return p->reclaim;
}

/* A setting that takes effect only when a condition holds. */
static struct nic_cap cap_if(const struct nic_config *cfg, const char *when,
			     bool holds)
{
	if (cfg && holds)
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	return (struct nic_cap){ NIC_SUPPORTED_IF, when };
}

/*
 * What mvneta implements, per era. Linux 5.7+ declares ETHTOOL_COALESCE_
 * RX_USECS | ETHTOOL_COALESCE_MAX_FRAMES (mvneta_eth_tool_ops): rx-usecs,
 * rx-frames, tx-frames. tx-frames is the TX-done threshold of every
 * policy: the interrupt's with tx-irq, mvneta_tx's own reclaim with the
 * others. tx-usecs is the model's hrtimer policy's period (a what-if, as
 * mvpp2 has); tx_timer_period that of the timer of xmit-timer and
 * rx-poll. The NETA arbiter (tx_fixed_prio, tx_wrr_weight) and XPS choose
 * between TX queues; XPS only when the driver has no ndo_select_queue
 * (netdev_pick_tx), i.e. with tx_select = kernel. BQL is the era's
 * (netdev_tx_sent_queue in mvneta_tx); software TSO came with 3.16.
 */
static struct nic_cap mvneta_cap(const char *profile, enum nic_field f,
				 const struct nic_config *cfg, char *now, size_t len)
{
	const struct mvneta_profile *p = find_profile(profile);
	bool by_cpu = cfg && cfg->tx_select && !strcmp(cfg->tx_select, "cpu");
	int64_t txq = cfg ? pick(cfg->txq_number, p ? p->txq_number : 1) : 0;
	enum reclaim_policy r = p && cfg ? reclaim_of(p, cfg) : RECLAIM_TX_IRQ;

	if (!p)		/* mvneta_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	snprintf(now, len, "reclaims with %s", reclaim_names[r]);
	switch (f) {
	case NIC_F_IRQ_CPU:	/* mvneta_irq_init */
		return (struct nic_cap){ NIC_UNSUPPORTED, p->percpu ?
					 "its interrupt CPUs follow its per-CPU interrupts "
					 "and CPU_MAP" : "its one interrupt line is on CPU 0" };
	case NIC_F_TX_USECS:
		return cap_if(cfg, "tx_reclaim = hrtimer", r == RECLAIM_HRTIMER);
	case NIC_F_TX_TIMER_PERIOD:
		return cap_if(cfg, "tx_reclaim = xmit-timer or rx-poll",
			      r == RECLAIM_XMIT_TIMER || r == RECLAIM_RX_POLL);
	case NIC_F_TSO:
		if (p->tso || (cfg && cfg->tso != 1))
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "mvneta's software TSO "
					       "came with 3.16" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "tso = off" };
	case NIC_F_BQL:
		if (p->bql || (cfg && cfg->bql != 1))
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "this era's mvneta_tx does "
					       "not call netdev_tx_sent_queue" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		if (p->bql && cfg && cfg->bql == 0)
			return (struct nic_cap){ NIC_UNSUPPORTED, "bql = off" };
		if (p->bql)
			return (struct nic_cap){ cfg ? NIC_SUPPORTED : NIC_SUPPORTED_IF,
						 cfg ? NULL : "bql = on" };
		return (struct nic_cap){ NIC_UNSUPPORTED, "this era's mvneta_tx does not "
					 "call netdev_tx_sent_queue" };
	case NIC_F_XPS_CPUS:
		if (by_cpu)
			snprintf(now, len, "picks TX queues by CPU: tx_select = cpu");
		else
			snprintf(now, len, "has 1 TX queue");
		return cap_if(cfg, "tx_select = kernel and txq_number > 1",
			      !by_cpu && txq > 1);
	case NIC_F_TX_ARBITER:	/* decides only for queues left to it */
		if (txq > 1 && cfg && cfg->tx_wrr_weight && cfg->tx_wrr_weight[0] > 0)
			snprintf(now, len, "shares its queues by tx_wrr_weight");
		else if (txq > 1 && cfg && !(~cfg->tx_fixed_prio & ((1 << txq) - 1)))
			snprintf(now, len, "serves every queue by fixed priority (tx_fixed_prio)");
		else
			snprintf(now, len, "has 1 TX queue");
		return cap_if(cfg, "txq_number > 1, no tx_wrr_weight, and a queue outside tx_fixed_prio",
			      txq > 1 && !(cfg->tx_wrr_weight && cfg->tx_wrr_weight[0] > 0) &&
			      (~cfg->tx_fixed_prio & ((1 << txq) - 1)));
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_WRR_WEIGHT:
		snprintf(now, len, "has 1 TX queue");
		return cap_if(cfg, "txq_number > 1", txq > 1);
	case NIC_F_VIRTIO_HOST_DELAY:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it is not a virtio device" };
	case NIC_F_ADAPTIVE_RX:	/* mvneta_ethtool_set_coalesce: fixed values only */
		return (struct nic_cap){ NIC_UNSUPPORTED, "mvneta has no net_dim: its RX "
					 "coalescing is the rx-usecs / rx-frames set" };
	default:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	}
}

static void mvneta_default(const char *profile, enum nic_field f, char *buf, size_t len)
{
	const struct mvneta_profile *p = find_profile(profile);

	BUG_ON(!p);
	switch (f) {
	case NIC_F_TX_FRAMES: snprintf(buf, len, "%u", p->txdone_coal); break;
	case NIC_F_RX_FRAMES: snprintf(buf, len, "%u", p->rx_coal_pkts); break;
	case NIC_F_RX_USECS: snprintf(buf, len, "%uus", p->rx_coal_usec); break;
	case NIC_F_TX_USECS: snprintf(buf, len, "%uus", HRTIMER_USECS); break;
	case NIC_F_TX_RING:
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%u", p->max_txd); break;
	case NIC_F_RX_RING: snprintf(buf, len, "%u", p->max_rxd); break;
	case NIC_F_TSO: snprintf(buf, len, "%s", p->tso ? "on" : "off"); break;
	case NIC_F_TXQ: snprintf(buf, len, "%d", p->txq_number); break;
	case NIC_F_RXQ: snprintf(buf, len, "%d", p->rxq_number); break;
	case NIC_F_RXQ_DEF: snprintf(buf, len, "0"); break;
	case NIC_F_TX_RECLAIM: snprintf(buf, len, "%s", reclaim_names[p->reclaim]); break;
	case NIC_F_TX_TIMER_PERIOD: snprintf(buf, len, "%ums", timer_ms(p)); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	case NIC_F_TX_FIXED_PRIO: snprintf(buf, len, "0"); break;
	case NIC_F_TX_ARBITER: snprintf(buf, len, "%s", arb_names[NETA_ARB_RESET]); break;
	case NIC_F_TX_WRR_WEIGHT: snprintf(buf, len, "(reset)"); break;
	case NIC_F_XPS_CPUS:	/* mvneta_txq_sw_init: queue q on CPU q % CPUs */
		snprintf(buf, len, "%s", p->spread ? "CPU q % CPUs" : "(none)");
		break;
	case NIC_F_BQL: snprintf(buf, len, p->bql ? "on" : "off"); break;
	case NIC_F_BQL_LIMIT_MIN: snprintf(buf, len, p->bql ? "0" : "-"); break;
	case NIC_F_BQL_LIMIT_MAX: snprintf(buf, len, p->bql ? "1879048192" : "-"); break;
	case NIC_F_BQL_HOLD_TIME: snprintf(buf, len, p->bql ? "1s" : "-"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

/*
 * Interrupts and NAPI: 3.x one interrupt line (on CPU 0) and one NAPI;
 * 4.2+ a per-CPU interrupt and NAPI per CPU. CPU_MAP: every CPU sees every
 * queue, except with queues spread (6.x: queue q on CPU q % ncpu, the 2015
 * patch: TX queue q on CPU q) where each CPU sees its own.
 */
static void mvneta_irq_init(struct mvneta_port *pp)
{
	struct host *h = pp->host;
	int c, n = pp->prof->percpu ? pp->nr_cpus : 1;

	for (c = 0; c < n; c++) {
		struct mvneta_pcpu *pc = &pp->pcpu[c];

		pc->pp = pp;
		pc->cpu = c;
		char name[24];

		snprintf(name, sizeof(name), pp->prof->percpu ? "mvneta/cpu%d" : "mvneta", c);
		pc->irq = host_request_irq(h, name, c, mvneta_isr, pc);
		pp->dev.irq[c] = pc->irq;
		netif_napi_add(&h->dev, &pc->napi, mvneta_poll, h->kp->napi_weight);
		pc->napi.priv = pc;
	}
}

/* mvneta_percpu_elect (4.4): the CPU whose per-CPU interrupt is enabled
 * is rxq_def % num_online_cpus; one interrupt line (3.x) is on CPU 0. */
static int elected_cpu(const struct mvneta_port *pp)
{
	return pp->prof->percpu ? pp->rxq_def % pp->nr_cpus : 0;
}

static uint32_t cpu_map_of(const struct mvneta_port *pp, int c)
{
	uint32_t m = 0;
	int q;

	if (!pp->prof->spread && !(pp->select_cpu && pp->prof->percpu))
		return 0xffff;
	for (q = 0; q < pp->rxq_number; q++)	/* RX: rxq % ncpu; rxq_def on the elected CPU */
		if (q % pp->nr_cpus == c || (!pp->prof->spread && c == elected_cpu(pp)))
			m |= MVNETA_CPU_RXQ_ACCESS(q);
	for (q = 0; q < pp->txq_number; q++)
		if (q % pp->nr_cpus == c)
			m |= MVNETA_CPU_TXQ_ACCESS(q);
	return m;
}

/* Write CPU_MAP and unmask each CPU's bank; with per-CPU interrupts but
 * no spreading only the elected CPU (rxq_def % ncpu) is unmasked
 * (mvneta_percpu_elect, 4.4). */
static void mvneta_irq_enable(struct mvneta_port *pp)
{
	int c;

	for (c = 0; c < pp->nr_cpus; c++) {
		bool on = c == elected_cpu(pp) ||
			  (pp->prof->percpu && cpu_map_of(pp, c) != 0xffff);

		mvneta_dev_write(&pp->dev, MVNETA_CPU_MAP(c), cpu_map_of(pp, c));
		write_on_cpu(pp, c, MVNETA_INTR_NEW_MASK, on ? intr_mask(pp) : 0);
	}
	if (pp->prof->spread && !pp->select_cpu)	/* mvneta_txq_sw_init: XPS */
		for (c = 0; c < pp->txq_number; c++)
			netif_set_xps_queue(&pp->host->dev, 1u << (c % pp->nr_cpus), c);
}

/* mvneta_txq_done_force: free every descriptor the ring holds, sent or
 * not; the ring starts over. */
static void txq_done_force(struct mvneta_port *pp, struct cpu *cpu,
			   struct mvneta_tx_queue *txq)
{
	txq_bufs_free(pp, cpu, txq, txq->count);
	txq->count = txq->put = txq->get = txq->pending = 0;
}

/*
 * mvneta_tx_timeout (the TX watchdog's ndo_tx_timeout; read in a 3.x
 * mvneta.c, assumed unchanged since): mvneta_stop_dev then
 * mvneta_start_dev. Stop: the queues, the interrupts,
 * then mvneta_tx_reset (free the rings, reset the TX DMA). Start:
 * interrupts unmasked, queues started; the watchdog reschedules them.
 * Deviation: NAPI is not disabled and re-enabled, the RX side is not reset
 * (mvneta_rx_reset), and the port is not brought down and up (no link
 * renegotiation); the TX side is what the timeout is about.
 */
static void mvneta_tx_timeout(struct cpu *cpu, struct net_device *dev, int txqueue)
{
	struct mvneta_port *pp = netdev_priv(dev);
	int c, q;

	(void)txqueue;	/* counted by dev_watchdog (trans_timeout) */
	netif_tx_stop_all_queues(dev);
	for (c = 0; c < pp->nr_cpus; c++)
		write_on_cpu(pp, c, MVNETA_INTR_NEW_MASK, 0);
	for (q = 0; q < pp->txq_number; q++)
		txq_done_force(pp, cpu, &pp->txqs[q]);
	mvreg_write(pp, cpu, MVNETA_PORT_TX_RESET, MVNETA_PORT_TX_DMA_RESET);
	mvreg_write(pp, cpu, MVNETA_PORT_TX_RESET, 0);
	mvneta_irq_enable(pp);
	netif_tx_start_all_queues(dev);
}

/*
 * A what-if (mvneta never does it): put TX queue q in WRR mode with a
 * weight, as Marvell's NETA HAL does (mvNetaTxqWrrPrioSet): write the
 * weight to TQxAC and clear the queue's TQFPC bit.
 */
static void txq_wrr_set(struct mvneta_port *pp, int q, uint32_t weight)
{
	uint32_t prio = mvneta_dev_read(&pp->dev, MVNETA_TXQ_FIXED_PRIO);

	mvneta_dev_write(&pp->dev, MVNETA_TXQ_WRR_ARB_REG(q), weight & MVNETA_TXQ_WRR_WEIGHT_MASK);
	mvneta_dev_write(&pp->dev, MVNETA_TXQ_FIXED_PRIO, prio & ~(1u << q));
}

static int mvneta_probe(struct host *h, struct eth_port *port, const char *profile,
			const struct nic_config *cfg, char *msg, size_t len,
			enum nic_field *field)
{
	const struct mvneta_profile *p = find_profile(profile);
	struct mvneta_port *pp;
	uint32_t txd, rxd;
	int q;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", profile);
	if (check_config(p, cfg, msg, len, field))
		return -1;
	pp = xcalloc(1, sizeof(*pp));
	pp->host = h;
	pp->prof = p;
	pp->txq_number = (int)pick(cfg->txq_number, p->txq_number);
	pp->rxq_number = (int)pick(cfg->rxq_number, p->rxq_number);
	pp->rxq_def = (int)pick(cfg->rxq_def, 0);
	txd = (uint32_t)pick(cfg->tx_ring, p->max_txd);
	rxd = (uint32_t)pick(cfg->rx_ring, p->max_rxd);
	h->drv = pp;
	h->drv_name = p->name;
	/* dev->tx_queue_len = MVNETA_MAX_TXD */
	netdev_init(&h->dev, h, "eth0", pp->txq_number,
		    (uint32_t)pick(cfg->tx_queue_len, p->max_txd));
	h->dev.tso = cfg->tso == -1 ? p->tso : cfg->tso == 1;
	pp->bql = cfg->bql == -1 ? p->bql : cfg->bql == 1;
	for (q = 0; pp->bql && q < pp->txq_number; q++) {	/* dql_init(HZ) */
		h->dev.txq[q].bql_on = true;
		bql_init(&h->dev.txq[q].bql, (unsigned int)h->hz, 0);
	}
	pp->select_cpu = cfg->tx_select && !strcmp(cfg->tx_select, "cpu");
	h->dev.ops = pp->select_cpu ? &mvneta_select_ops : &mvneta_netdev_ops;
	h->dev.priv = pp;
	pp->nr_cpus = MIN(h->nr_cpus, NETA_MAX_CPUS);
	neta_dev_init(&pp->dev, h, port, p->clk_hz, pp->nr_cpus);
	neta_dev_arb_reset(&pp->dev, arb_of(cfg->tx_arbiter));
	mvneta_irq_init(pp);
	timer_setup(&pp->tx_done_timer, tx_done_timer_callback, pp);
	pp->reclaim = reclaim_of(p, cfg);
	pp->timer_period = cfg->tx_timer_period > 0 ? cfg->tx_timer_period :
			   (sim_time_t)timer_ms(p) * PS_PER_MS;
	pp->tx_usecs = cfg->tx_usecs > 0 ? cfg->tx_usecs : HRTIMER_USECS * PS_PER_US;
	sim_event_init(&pp->hr_ev, hr_timer_fire, pp);
	work_init(&pp->hr_work, CTX_SOFTIRQ, hr_timer_cb, pp);
	for (q = 0; q < pp->txq_number; q++) {
		pp->txqs[q].done_pkts_coal = (uint32_t)pick(cfg->tx_frames, p->txdone_coal);
		txq_init(pp, &pp->txqs[q], q, txd);
	}
	for (q = 0; q < pp->rxq_number; q++) {
		pp->rxqs[q].pkts_coal = (uint32_t)pick(cfg->rx_frames, p->rx_coal_pkts);
		pp->rxqs[q].time_coal_us = cfg->rx_usecs != -1 ?
			(uint32_t)(cfg->rx_usecs / PS_PER_US) : p->rx_coal_usec;
		rxq_init(pp, &pp->rxqs[q], q, rxd);
	}
	/* mvneta_defaults_set: MVNETA_PORT_CONFIG_DEFL_VALUE(rxq_def) */
	mvneta_dev_write(&pp->dev, MVNETA_PORT_CONFIG, MVNETA_DEF_RXQ(pp->rxq_def));
	if (cfg->tx_fixed_prio > 0)	/* a what-if: mvneta leaves it at reset */
		mvneta_dev_write(&pp->dev, MVNETA_TXQ_FIXED_PRIO, (uint32_t)cfg->tx_fixed_prio);
	for (q = 0; cfg->tx_wrr_weight && cfg->tx_wrr_weight[0] > 0 && q < MVNETA_MAX_QUEUES; q++)
		txq_wrr_set(pp, q, (uint32_t)cfg->tx_wrr_weight[q]);	/* likewise */
	netif_tx_start_all_queues(&h->dev);
	mvneta_irq_enable(pp);
	h->dev.watchdog_timeo = 5 * (uint64_t)h->hz;	/* mvneta_probe: 5 * HZ, all eras */
	netdev_watchdog_up(&h->dev);
	return 0;
}

static void mvneta_remove(struct host *h)
{
	struct mvneta_port *pp = h->drv;
	int q;

	neta_dev_fini(&pp->dev);
	for (q = 0; q < MVNETA_MAX_QUEUES; q++) {
		free(pp->txqs[q].descs);
		free(pp->txqs[q].tx_skb);
		free(pp->rxqs[q].descs);
	}
	free(pp);
}

/* How the arbiter shares the wire, in words, for explain. */
static void mvneta_tx_arb_info(const struct mvneta_port *pp, char *buf, size_t len)
{
	uint32_t used = (1u << pp->txq_number) - 1, fixed = pp->dev.fixed_prio & used;
	size_t n = 0;

	if (fixed == used) {
		snprintf(buf, len, "by fixed priority, the highest-numbered queue first (%s)",
			 pp->dev.arb == NETA_ARB_FIXED ? "TQFPC at reset" : "tx_fixed_prio");
		return;
	}
	if (fixed)
		n = (size_t)snprintf(buf, len, "queues 0x%02x by fixed priority, highest first, then ",
				     fixed);
	snprintf(buf + n, len - n, "%s", pp->dev.wrr_weight[0] ? "weighted round robin (tx_wrr_weight)" :
		 pp->dev.arb == NETA_ARB_POST ? "in the order frames were handed over (post-order)" :
		 "round robin, a frame per busy queue");
}

static void mvneta_info(const struct host *h, struct nic_info *info)
{
	const struct mvneta_port *pp = h->drv;
	size_t i;
	int q;

	memset(info, 0, sizeof(*info));
	info->driver = pp->prof->name;
	snprintf(info->reclaim, sizeof(info->reclaim), "%s", reclaim_names[pp->reclaim]);
	for (i = 0; i < ARRAY_SIZE(era_fixes); i++) {
		if (!strcmp(era_fixes[i].name, pp->prof->name)) {
			info->defect = era_fixes[i].defect;
			info->fixed_by = era_fixes[i].fixed_by;
			info->fix = era_fixes[i].fix;
		}
	}
	info->nr_txq = pp->txq_number;
	info->nr_rxq = pp->rxq_number;
	info->tx_timer_runs = pp->tx_timer_runs;
	info->irq_tx = pp->dev.irq_tx;
	info->irq_rx = pp->dev.irq_rx;
	mvneta_tx_arb_info(pp, info->tx_arb, sizeof(info->tx_arb));
	for (q = 0; q < pp->rxq_number; q++) {
		info->rx_packets += pp->rxqs[q].packets;
		info->rx_no_desc_drops += pp->dev.rxq[q].no_desc_drops;
	}
}

static void mvneta_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct mvneta_port *pp = h->drv;
	const struct mvneta_tx_queue *txq = &pp->txqs[q];

	st->packets = pp->dev.txq[q].frames;
	st->bytes = pp->dev.txq[q].bytes;
	st->reclaim_events = txq->reclaim_events;
	st->reclaimed = txq->reclaimed;
	st->ring_size = txq->size;
	st->ring_max_used = txq->max_count;
	st->ring_used = txq->count;
	st->tx_frames = txq->done_pkts_coal;
}

/* --check: the driver's ring indices, its count and the device's pending
 * and sent counters describe the same descriptors. */
static int mvneta_check(const struct host *h, char *msg, size_t len)
{
	const struct mvneta_port *pp = h->drv;
	int q;

	for (q = 0; q < pp->txq_number; q++) {
		const struct mvneta_tx_queue *txq = &pp->txqs[q];
		const struct neta_txq *d = &pp->dev.txq[q];

		if (txq->count > txq->size || (txq->get + txq->count) % txq->size != txq->put) {
			snprintf(msg, len, "txq %d: count %u does not span get %u .. put %u (ring %u)",
				 q, txq->count, txq->get, txq->put, txq->size);
			return -1;
		}
		if ((txq->get + d->sent) % txq->size != d->rd ||
		    txq->count != d->sent + d->pending + txq->pending || d->late > d->pending) {
			snprintf(msg, len, "txq %d: driver count %u (get %u, put %u, unannounced %u) "
				 "!= device sent %u + pending %u (rd %u, late %u)",
				 q, txq->count, txq->get, txq->put, txq->pending, d->sent,
				 d->pending, d->rd, d->late);
			return -1;
		}
	}
	if (!neta_cached_consistent(&pp->dev)) {
		snprintf(msg, len, "NETA cause bits 0x%x / pending mask 0x%x kept, but the queues give otherwise",
			 pp->dev.cause_bits, pp->dev.pending_mask);
		return -1;
	}
	return 0;
}

/* The eras' profiles, in the order users see them (nicsim keys). */
static const char *const mvneta_names[] = {
	"mvneta-3.8", "mvneta-3.13", "mvneta-3.18", "mvneta-4.4", "mvneta-6.x", NULL
};

/* The NETA's speeds: 10, 100 and 1000 (mvneta_adjust_link up to 4.x);
 * 6.x's phylink mac_capabilities (mvneta_probe) add MAC_2500FD, for a
 * 2500BASE-X SerDes */
static const int *mvneta_link_speeds(const char *name)
{
	static const int gbit[] = { 10, 100, 1000, 0 }, v6[] = { 10, 100, 1000, 2500, 0 };

	return strcmp(name, "mvneta-6.x") ? gbit : v6;
}

const struct nic_driver mvneta_driver = {
	.names = mvneta_names,
	.cap = mvneta_cap,
	.get_default = mvneta_default,
	.probe = mvneta_probe,
	.remove = mvneta_remove,
	.info = mvneta_info,
	.queue_stats = mvneta_queue_stats,
	.check = mvneta_check,
	.link_speeds = mvneta_link_speeds,
};
