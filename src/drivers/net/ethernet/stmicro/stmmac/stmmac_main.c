// SPDX-License-Identifier: MIT
/*
 * stmmac driver (drivers/net/ethernet/stmicro/stmmac/stmmac_main.c), per
 * era, for the DesignWare GMAC's dwmac1000 DMA with normal descriptors
 * (the device: src/hw/stmmac/).
 *
 * Models stmmac_xmit (the linear part and each page fragment in its own
 * descriptor, FIRST / LAST_SEGMENT, OWN on the first last, the queue
 * stopped at stmmac_tx_avail <= MAX_SKB_FRAGS + 1, the TX poll demand),
 * the TX completion rules (the IC bit every tx_coal_frames descriptors and
 * the software coalesce timer, below), stmmac_tx_clean (descriptors the
 * DMA gave back, from dirty_tx; the queue woken above STMMAC_TX_THRESH,
 * a quarter of the ring), the interrupt (dwmac_dma_interrupt: read and
 * acknowledge DMA_STATUS, RI / TI under NIS; stmmac_dma_interrupt: mask
 * the DMA interrupts and schedule NAPI), the NAPI poll (TX clean, then
 * stmmac_rx, then napi_complete and DMA_INTR_DEFAULT_MASK back), and the
 * TX watchdog's stmmac_tx_timeout (stmmac_tx_err: stop the TX DMA, free
 * the ring, start over; watchdog = TX_TIMEO, 5000 ms).
 *
 * The eras (profiles):
 *  - stmmac-3.18: read in a 3.1x stmmac_main.c whose stmmac_xmit counts
 *    tx_count_frames += nfrags + 1, clears the IC bit that close_tx_desc
 *    set on the last descriptor while tx_coal_frames > tx_count_frames and
 *    then re-arms the one shared timer with mod_timer(jiffies +
 *    usecs_to_jiffies(tx_coal_timer)) -- every such xmit pushes the
 *    completion out -- and else leaves IC and restarts the count;
 *    stmmac_tx_timer runs stmmac_tx_clean from the timer itself. common.h:
 *    STMMAC_COAL_TX_TIMER 40000 (us), STMMAC_TX_FRAMES 64,
 *    STMMAC_TX_MAX_FRAMES 256, STMMAC_MAX_COAL_TX_TICK 100000; module
 *    parameters dma_txsize / dma_rxsize, DMA_TX_SIZE / DMA_RX_SIZE 256.
 *    No BQL.
 *  - stmmac-4.0: the same with BQL, commit 3897957494d9 "stmmac: add BQL
 *    support" (B. Galvani, dated 2015-01-21 in a git blame of
 *    stmmac_tx_clean): netdev_sent_queue in stmmac_xmit,
 *    netdev_completed_queue in stmmac_tx_clean, netdev_reset_queue where
 *    the ring is reset. That 4.0 is its first release is read from the
 *    date (after the 3.19 merge window), not checked against a tag.
 *  - stmmac-4.19: commit 8fce33317023 "net: stmmac: Rework coalesce timer
 *    and fix multi-queue races" (2018-09-17; 4.19 per the 2023 commit
 *    2d1a42cf7f77 "net: stmmac: improve TX timer arm logic"): a timer per
 *    TX queue, STMMAC_COAL_TX_TIMER 1000 us; stmmac_xmit sets IC once
 *    tx_count_frames reaches tx_coal_frames (and restarts the count), else
 *    re-arms the queue's timer with mod_timer (still every xmit); the timer
 *    schedules NAPI instead of cleaning. UNVERIFIED: STMMAC_TX_FRAMES 25 in
 *    4.19 (it is 25 from "net: stmmac: Tune-up default coalesce settings",
 *    2019, which changed it from 1), and DMA_TX_SIZE 512 with no ethtool
 *    set_ringparam in 4.19.
 *  - stmmac-6.x: 6.7 onwards: the timer is an hrtimer (STMMAC_COAL_TIMER
 *    as ns_to_ktime); STMMAC_COAL_TX_TIMER 5000 us (039550960a22 "net:
 *    stmmac: increase TX coalesce timer to 5ms"), STMMAC_TX_FRAMES 25;
 *    stmmac_xmit sets IC when tx_count_frames crosses a multiple of
 *    tx_coal_frames (never with tx-frames 0) and calls stmmac_tx_timer_arm
 *    after the tail pointer / poll demand (a594166387fe "net: stmmac: move
 *    TX timer arm after DMA enable"), which starts the hrtimer anew (every
 *    xmit) unless the TX NAPI is scheduled, then it tries to cancel it
 *    (2d1a42cf7f77); tx-usecs 0 disables the timer (2023, "Fixes:
 *    8fce33317023"); stmmac_tx_clean re-arms it while descriptors remain
 *    (4ccb45857c2c, 2019). Separate RX and TX NAPI, each masking only its
 *    own enable bit (RIE / TIE). Rings DMA_DEFAULT_TX_SIZE 512, ethtool -G
 *    a power of two in [DMA_MIN_TX_SIZE 64, DMA_MAX_TX_SIZE 1024].
 *  - stmmac-7.2: 6.x plus edceeba4af3d "net: stmmac: Improve Tx timer arm
 *    logic further": stmmac_tx_timer_arm starts the hrtimer only when it
 *    is not active (hrtimer_active), so a running timer is left alone and
 *    expires tx-usecs after the first still pending packet, however many
 *    xmits follow. Release: the commit was on net-next on 2026-06-03 (a
 *    next-queue push listing it); Linux 7.2-rc1 was tagged on 2026-06-28,
 *    so 7.2 is read as its first release, not checked against the tag.
 * Deviation: the hrtimer callback runs in softirq context on the CPU that
 * armed it (hardirq in Linux); stmmac_tx_clean frees every completed
 * descriptor (6.x bounds it by the NAPI budget).
 * Deviation: stmmac_tx_err rewrites DMA_TX_BASE_ADDR so the DMA restarts
 * at slot 0 with the driver (3.x relies on the stopped DMA).
 * Deviation: RX buffers are the frames the device stores (hw/stmmac/
 * dwmac.h), with the truesize of the driver's buf_sz (1536) skb; the RX
 * watchdog (RIWT, rx-usecs) is not modelled: an RX interrupt per frame,
 * as with riwt_off.
 * Leaves out: the MAC core and PHY, EEE and LPI, PTP, checksum offload
 * (frames are whole), jumbo frames, chain mode, enhanced descriptors,
 * multiple DMA channels (dwmac1000 has one), XDP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/stmmac/dwmac.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define MAX_SKB_FRAGS		17
#define TX_TIMEO		5000	/* ms, module parameter watchdog */
#define DEFAULT_BUFSIZE		1536	/* buf_sz */
#define ETH_FCS_LEN		4
#define STMMAC_TX_MAX_FRAMES	256
#define STMMAC_MAX_COAL_TX_TICK	100000	/* us */
#define DMA_MIN_TX_SIZE		64
#define DMA_MAX_TX_SIZE		1024
#define STMMAC_TXQLEN		1000	/* ether_setup */

enum coal_rule {
	COAL_318,	/* clear IC below the count, mod_timer each such xmit */
	COAL_419,	/* IC at the count, else mod_timer the queue's timer */
	COAL_6X,	/* IC at each multiple, hrtimer armed every xmit unless NAPI */
};

enum ring_rule { RING_MODPARAM, RING_FIXED, RING_ETHTOOL };

struct stmmac_profile {
	const char	*name;
	enum coal_rule	coal;
	bool		bql;
	enum ring_rule	ring;
	uint32_t	tx_frames, tx_usecs;	/* STMMAC_TX_FRAMES, STMMAC_COAL_TX_TIMER */
	uint32_t	tx_size, rx_size;	/* the rings' defaults */
	bool		timer_once;		/* 7.2: no restart of an active hrtimer */
	const char	*reclaim;		/* for nic_info */
	const char	*defect, *fixed_by, *fix;
};

static const struct stmmac_profile profiles[] = {
	{ "stmmac-3.18", COAL_318, false, RING_MODPARAM, 64, 40000, 256, 256, false,
	  "tx-irq every 64 descriptors + 40 ms timer",
	  "no BQL: the whole TX ring (256 descriptors) queues ahead of the qdisc's bands",
	  "stmmac-4.0", "3897957494d9 \"stmmac: add BQL support\"" },
	{ "stmmac-4.0", COAL_318, true, RING_MODPARAM, 64, 40000, 256, 256, false,
	  "tx-irq every 64 descriptors + 40 ms timer",
	  "fewer than tx-frames (64) descriptors complete only by a 40 ms timer "
	  "that every xmit pushes back",
	  "stmmac-4.19", "8fce33317023 \"net: stmmac: Rework coalesce timer and fix "
	  "multi-queue races\"" },
	{ "stmmac-4.19", COAL_419, true, RING_FIXED, 25, 1000, 512, 512, false,
	  "tx-irq every 25 descriptors + 1 ms timer (NAPI)", NULL, NULL, NULL },
	{ "stmmac-6.x", COAL_6X, true, RING_ETHTOOL, 25, 5000, 512, 512, false,
	  "tx-irq every 25 descriptors + 5 ms hrtimer (TX NAPI)",
	  "fewer than tx-frames (25) descriptors complete only by a 5 ms hrtimer that "
	  "every xmit restarts: a sender that keeps sending waits for its own pause",
	  "stmmac-7.2", "edceeba4af3d \"net: stmmac: Improve Tx timer arm logic further\"" },
	{ "stmmac-7.2", COAL_6X, true, RING_ETHTOOL, 25, 5000, 512, 512, true,
	  "tx-irq every 25 descriptors + 5 ms hrtimer from the first pending (TX NAPI)",
	  NULL, NULL, NULL },
};

struct stmmac_priv {
	struct host	*host;
	const struct stmmac_profile *prof;
	struct dwmac_hw	hw;
	struct irq_desc	*irq;
	struct napi_struct napi;	/* 6.x: the RX NAPI */
	struct napi_struct tx_napi;	/* 6.x only */
	/* TX ring */
	uint32_t	dma_tx_size;
	struct dma_desc	*dma_tx;
	struct sk_buff	**tx_skbuff;
	uint32_t	cur_tx, dirty_tx;
	uint32_t	tx_count_frames;
	uint32_t	tx_coal_frames, tx_coal_timer;	/* ethtool tx-frames, tx-usecs */
	bool		bql;
	/* the coalesce timer: timer_list (to 4.19) or hrtimer (6.x) */
	struct timer_list txtimer;
	struct sim_event hr_ev;
	struct work	hr_work;
	struct cpu	*hr_cpu;
	/* RX ring */
	uint32_t	dma_rx_size;
	struct dma_desc	*dma_rx;
	uint32_t	cur_rx;
	uint64_t	reclaim_events, reclaimed, rx_packets, timer_runs, ic_set;
	uint32_t	max_used;
};

static struct stmmac_priv *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t readl(struct stmmac_priv *priv, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, priv->host->plat->cost.mmio_read);
	return dwmac_hw_read(&priv->hw, reg);
}

static void writel(struct stmmac_priv *priv, struct cpu *cpu, uint32_t val, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, priv->host->plat->cost.mmio_write);
	dwmac_hw_write(&priv->hw, reg, val);
}

/* --- TX ring ----------------------------------------------------------- */

static uint32_t tx_next(const struct stmmac_priv *priv, uint32_t i)
{
	return i + 1 == priv->dma_tx_size ? 0 : i + 1;
}

/* Free slots, one always left empty (stmmac_tx_avail). */
static uint32_t stmmac_tx_avail(const struct stmmac_priv *priv)
{
	if (priv->dirty_tx > priv->cur_tx)
		return priv->dirty_tx - priv->cur_tx - 1;
	return priv->dma_tx_size - priv->cur_tx + priv->dirty_tx - 1;
}

static uint32_t tx_used(const struct stmmac_priv *priv)
{
	return priv->dma_tx_size - 1 - stmmac_tx_avail(priv);
}

/* init_tx_desc / release_tx_desc: the driver's, END_RING on the last. */
static void release_tx_desc(struct stmmac_priv *priv, uint32_t i)
{
	struct dma_desc *p = &priv->dma_tx[i];

	p->des0 = 0;
	p->des1 = i == priv->dma_tx_size - 1 ? TDES1_END_RING : 0;
	p->buf = 0;
}

/* --- the coalesce timer ------------------------------------------------- */

/* usecs_to_jiffies: rounded up to whole jiffies */
static uint64_t usecs_to_jiffies(const struct stmmac_priv *priv, uint32_t us)
{
	return (uint64_t)DIV_ROUND_UP((sim_time_t)us * PS_PER_US, priv->host->tick);
}

static void stmmac_tx_clean(struct stmmac_priv *priv, struct cpu *cpu);

/* stmmac_tx_timer_arm: mod_timer (to 4.19), the 6.x or the 7.2 hrtimer rule. */
static void stmmac_tx_timer_arm(struct stmmac_priv *priv, struct cpu *cpu)
{
	if (priv->prof->coal != COAL_6X) {
		mod_timer(cpu, &priv->txtimer, cpu_jiffies(cpu) +
			  usecs_to_jiffies(priv, priv->tx_coal_timer));
		return;
	}
	if (!priv->tx_coal_timer)
		return;
	if (!priv->tx_napi.scheduled) {		/* hrtimer_start: restarts it */
		if (sim_event_pending(&priv->hr_ev)) {
			if (priv->prof->timer_once)	/* hrtimer_active: leave it */
				return;
			sim_cancel(priv->host->sim, &priv->hr_ev);
		}
		priv->hr_cpu = cpu;
		sim_schedule(priv->host->sim, &priv->hr_ev,
			     cpu_now(cpu) + (sim_time_t)priv->tx_coal_timer * PS_PER_US);
	} else if (sim_event_pending(&priv->hr_ev)) {	/* hrtimer_try_to_cancel */
		sim_cancel(priv->host->sim, &priv->hr_ev);
	}
}

/* 6.x: stmmac_napi_check's TX half: mask TIE, schedule the TX NAPI. */
static void schedule_tx_napi(struct stmmac_priv *priv, struct cpu *cpu)
{
	if (priv->tx_napi.scheduled)
		return;
	writel(priv, cpu, readl(priv, cpu, DMA_INTR_ENA) & ~DMA_INTR_ENA_TIE, DMA_INTR_ENA);
	napi_schedule(cpu, &priv->tx_napi);
}

/* stmmac_tx_timer: 3.x cleans from the timer; 4.19 schedules NAPI. */
static void stmmac_tx_timer(struct cpu *cpu, struct timer_list *t)
{
	struct stmmac_priv *priv = t->arg;

	priv->timer_runs++;
	if (priv->prof->coal == COAL_318)
		stmmac_tx_clean(priv, cpu);
	else if (!priv->napi.scheduled) {	/* napi_schedule_prep */
		writel(priv, cpu, 0, DMA_INTR_ENA);
		napi_schedule(cpu, &priv->napi);
	}
}

static void hr_timer_fire(struct sim *sim, struct sim_event *ev)
{
	struct stmmac_priv *priv = ev->arg;

	(void)sim;
	cpu_queue_work(priv->hr_cpu, &priv->hr_work);
}

static void hr_timer_cb(struct cpu *cpu, struct work *w)
{
	struct stmmac_priv *priv = w->arg;

	priv->timer_runs++;
	cpu_charge(cpu, COST_timer, priv->host->plat->cost.timer);
	schedule_tx_napi(priv, cpu);
}

/* --- TX ------------------------------------------------------------------ */

/* Whether the last descriptor of this xmit keeps / gets IC, per era. */
static bool stmmac_coalesce(struct stmmac_priv *priv, struct cpu *cpu, uint32_t ndesc)
{
	priv->tx_count_frames += ndesc;
	switch (priv->prof->coal) {
	case COAL_318:
		if (priv->tx_coal_frames > priv->tx_count_frames) {
			stmmac_tx_timer_arm(priv, cpu);
			return false;
		}
		priv->tx_count_frames = 0;
		return true;
	case COAL_419:
		if (priv->tx_coal_frames <= priv->tx_count_frames) {
			priv->tx_count_frames = 0;
			return true;
		}
		stmmac_tx_timer_arm(priv, cpu);
		return false;
	default:
		if (!priv->tx_coal_frames)
			return false;
		return ndesc > priv->tx_coal_frames ||
		       priv->tx_count_frames % priv->tx_coal_frames < ndesc;
	}
}

static void put_txdesc(struct stmmac_priv *priv, uint32_t i, struct sk_buff *skb,
		       uint32_t des1, uint32_t size)
{
	struct dma_desc *p = &priv->dma_tx[i];

	p->buf = (uint64_t)(uintptr_t)skb;
	p->des1 = (p->des1 & TDES1_END_RING) | des1 | (size & TDES1_BUFFER1_SIZE_MASK);
}

static enum netdev_tx stmmac_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct cpu *cpu = priv->host->cur_cpu;
	struct netdev_queue *txq = &dev->txq[0];
	uint32_t nfrags = skb->nr_frags, i, first = priv->cur_tx, entry = first;
	uint32_t head = skb->len - (nfrags ? skb->payload_len : 0);

	if (stmmac_tx_avail(priv) < nfrags + 1) {
		netif_tx_stop_queue(txq);	/* "Tx Ring full when queue awake" */
		return NETDEV_TX_BUSY;
	}
	cpu_charge2(cpu, COST_xmit_pkt, priv->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, (uint64_t)priv->host->plat->cost.xmit_desc * (nfrags + 1));
	put_txdesc(priv, entry, skb, TDES1_FIRST_SEGMENT, head);
	priv->dma_tx[entry].des0 = 0;
	for (i = 0; i < nfrags; i++) {
		entry = tx_next(priv, entry);
		put_txdesc(priv, entry, skb, 0, skb->payload_len / nfrags);
		priv->dma_tx[entry].des0 = TDES0_OWN;
	}
	/* close_tx_desc: LAST_SEGMENT, and IC up to 4.0 */
	priv->dma_tx[entry].des1 |= TDES1_LAST_SEGMENT |
		(priv->prof->coal == COAL_318 ? TDES1_INTERRUPT : 0);
	priv->tx_skbuff[entry] = skb;
	if (stmmac_coalesce(priv, cpu, nfrags + 1)) {
		priv->dma_tx[entry].des1 |= TDES1_INTERRUPT;
		priv->ic_set++;
	} else {
		priv->dma_tx[entry].des1 &= ~TDES1_INTERRUPT;
	}
	priv->dma_tx[first].des0 |= TDES0_OWN;
	priv->cur_tx = tx_next(priv, entry);
	priv->max_used = MAX(priv->max_used, tx_used(priv));
	if (stmmac_tx_avail(priv) <= MAX_SKB_FRAGS + 1)
		netif_tx_stop_queue(txq);
	if (priv->bql)
		netdev_tx_sent_queue(txq, skb->len);
	writel(priv, cpu, 1, DMA_XMT_POLL_DEMAND);	/* enable_dma_transmission */
	if (priv->prof->coal == COAL_6X)
		stmmac_tx_timer_arm(priv, cpu);
	return NETDEV_TX_OK;
}

/* stmmac_tx_clean: every descriptor the DMA gave back, from dirty_tx. */
static void stmmac_tx_clean(struct stmmac_priv *priv, struct cpu *cpu)
{
	struct netdev_queue *txq = &priv->host->dev.txq[0];
	uint32_t entry = priv->dirty_tx, pkts = 0, bytes = 0, n = 0;

	while (entry != priv->cur_tx) {
		struct sk_buff *skb = priv->tx_skbuff[entry];

		if (priv->dma_tx[entry].des0 & TDES0_OWN)
			break;
		cpu_charge(cpu, COST_reclaim_desc, priv->host->plat->cost.reclaim_desc);
		if (skb) {
			pkts++;
			bytes += skb->len;
			priv->tx_skbuff[entry] = NULL;
			dev_kfree_skb_any(cpu, skb);
		}
		release_tx_desc(priv, entry);
		entry = tx_next(priv, entry);
		n++;
	}
	priv->dirty_tx = entry;
	priv->reclaimed += n;
	priv->reclaim_events += n != 0;
	if (priv->bql)
		netdev_tx_completed_queue(cpu, txq, pkts, bytes);
	if (netif_tx_queue_stopped(txq) && stmmac_tx_avail(priv) > priv->dma_tx_size / 4)
		netif_tx_wake_queue(cpu, txq);
	if (priv->prof->coal == COAL_6X && priv->dirty_tx != priv->cur_tx)
		stmmac_tx_timer_arm(priv, cpu);
}

/* --- RX, interrupt and NAPI -------------------------------------------- */

static uint32_t rx_next(const struct stmmac_priv *priv, uint32_t i)
{
	return i + 1 == priv->dma_rx_size ? 0 : i + 1;
}

/* stmmac_rx: filled descriptors to the stack, each given back at once. */
static int stmmac_rx(struct stmmac_priv *priv, struct cpu *cpu, int limit)
{
	sim_time_t start = cpu_now(cpu);
	int count = 0;

	while (count < limit) {
		struct dma_desc *p = &priv->dma_rx[priv->cur_rx];
		struct sk_buff *skb;

		if (p->des0 & RDES0_OWN)
			break;
		skb = (struct sk_buff *)(uintptr_t)p->buf;
		skb->len = ((p->des0 & RDES0_FRAME_LEN_MASK) >> RDES0_FRAME_LEN_SHIFT) -
			   ETH_FCS_LEN;
		p->buf = 0;
		p->des0 = RDES0_OWN;	/* stmmac_rx_refill */
		priv->cur_rx = rx_next(priv, priv->cur_rx);
		skb->path[PATH_POLL] = start;
		cpu_charge(cpu, COST_rx_pkt, priv->host->plat->cost.rx_pkt);
		priv->rx_packets++;
		netif_receive_skb(cpu, skb);
		count++;
	}
	return count;
}

/* dwmac_dma_interrupt + stmmac_dma_interrupt */
static void stmmac_interrupt(struct cpu *cpu, void *dev_id)
{
	struct stmmac_priv *priv = dev_id;
	uint32_t status = readl(priv, cpu, DMA_STATUS);
	bool rx = false, tx = false;

	if (status & DMA_STATUS_NIS) {
		if ((status & DMA_STATUS_RI) &&
		    (readl(priv, cpu, DMA_INTR_ENA) & DMA_INTR_ENA_RIE))
			rx = true;
		tx = status & DMA_STATUS_TI;
	}
	writel(priv, cpu, status & 0x1ffffu, DMA_STATUS);
	if (priv->prof->coal == COAL_6X) {
		if (rx && !priv->napi.scheduled) {
			writel(priv, cpu, readl(priv, cpu, DMA_INTR_ENA) & ~DMA_INTR_ENA_RIE,
			       DMA_INTR_ENA);
			napi_schedule(cpu, &priv->napi);
		}
		if (tx)
			schedule_tx_napi(priv, cpu);
		return;
	}
	if ((rx || tx) && !priv->napi.scheduled) {	/* napi_schedule_prep */
		writel(priv, cpu, 0, DMA_INTR_ENA);	/* stmmac_disable_dma_irq */
		napi_schedule(cpu, &priv->napi);
	}
}

/* stmmac_poll (to 4.19: TX clean and RX in one NAPI; 6.x: RX only) */
static int stmmac_poll(struct napi_struct *napi, int budget)
{
	struct stmmac_priv *priv = napi->priv;
	struct cpu *cpu = napi->cpu;
	int work_done;

	if (priv->prof->coal != COAL_6X)
		stmmac_tx_clean(priv, cpu);
	work_done = stmmac_rx(priv, cpu, budget);
	if (work_done < budget) {
		napi_complete_done(napi, work_done);
		if (priv->prof->coal == COAL_6X)
			writel(priv, cpu, readl(priv, cpu, DMA_INTR_ENA) | DMA_INTR_ENA_RIE,
			       DMA_INTR_ENA);
		else
			writel(priv, cpu, DMA_INTR_DEFAULT_MASK, DMA_INTR_ENA);
	}
	return work_done;
}

/* 6.x stmmac_napi_poll_tx */
static int stmmac_napi_poll_tx(struct napi_struct *napi, int budget)
{
	struct stmmac_priv *priv = napi->priv;
	struct cpu *cpu = napi->cpu;

	stmmac_tx_clean(priv, cpu);
	napi_complete_done(napi, 0);
	writel(priv, cpu, readl(priv, cpu, DMA_INTR_ENA) | DMA_INTR_ENA_TIE, DMA_INTR_ENA);
	(void)budget;
	return 0;
}

static uint32_t stmmac_tx_backlog(const struct net_device *dev)
{
	const struct stmmac_priv *priv = dev->priv;

	return dwmac_hw_tx_backlog(&priv->hw);
}

/* --- bring-up and the TX watchdog --------------------------------------- */

/* init_dma_desc_rings: TX the driver's, RX the DMA's, END_RING marked. */
static void init_dma_desc_rings(struct stmmac_priv *priv)
{
	uint32_t i;

	for (i = 0; i < priv->dma_tx_size; i++)
		release_tx_desc(priv, i);
	for (i = 0; i < priv->dma_rx_size; i++) {
		priv->dma_rx[i].des0 = RDES0_OWN;
		priv->dma_rx[i].des1 = (DEFAULT_BUFSIZE & RDES1_BUFFER1_SIZE_MASK) |
				       (i == priv->dma_rx_size - 1 ? RDES1_END_RING : 0);
	}
}

/* dma_free_tx_skbufs: every TX skb freed, sent or not. */
static void dma_free_tx_skbufs(struct stmmac_priv *priv, struct cpu *cpu)
{
	uint32_t i;

	for (i = 0; i < priv->dma_tx_size; i++) {
		struct sk_buff *skb = priv->tx_skbuff[i];

		priv->tx_skbuff[i] = NULL;
		if (skb)
			dev_kfree_skb_any(cpu, skb);
		release_tx_desc(priv, i);
	}
}

/* stmmac_tx_timeout -> stmmac_tx_err: stop the TX DMA, free the ring,
 * start over from slot 0. */
static void stmmac_tx_timeout(struct cpu *cpu, struct net_device *dev, int txqueue)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	uint32_t ctl = readl(priv, cpu, DMA_CONTROL);

	(void)txqueue;	/* counted by dev_watchdog (trans_timeout) */
	netif_tx_stop_all_queues(dev);
	writel(priv, cpu, ctl & ~DMA_CONTROL_ST, DMA_CONTROL);	/* stop_tx */
	dma_free_tx_skbufs(priv, cpu);
	priv->dirty_tx = priv->cur_tx = 0;
	priv->tx_count_frames = 0;
	dwmac_hw_set_tx_ring(&priv->hw, priv->dma_tx);
	if (priv->bql)
		netdev_tx_reset_queue(&dev->txq[0]);
	writel(priv, cpu, ctl | DMA_CONTROL_ST, DMA_CONTROL);	/* start_tx */
	netif_tx_start_all_queues(dev);
}

static const struct net_device_ops stmmac_netdev_ops = {
	.ndo_start_xmit = stmmac_xmit,
	.tx_backlog = stmmac_tx_backlog,
	.ndo_tx_timeout = stmmac_tx_timeout,
};

static const struct stmmac_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

static bool pow2_in(int64_t n, int64_t min, int64_t max)
{
	return n >= min && n <= max && !(n & (n - 1));
}

/* A ring size: 6.x stmmac_set_ringparam, else the module parameter
 * (Deviation: 3.x takes any positive dma_txsize; the model asks for room
 * for one frame of MAX_SKB_FRAGS + 1 descriptors and at most 4096). */
static int check_ring(const struct stmmac_profile *p, int64_t n, const char *what,
		      enum nic_field f, char *msg, size_t len, enum nic_field *field)
{
	if (n == -1)
		return 0;
	if (p->ring == RING_ETHTOOL && !pow2_in(n, DMA_MIN_TX_SIZE, DMA_MAX_TX_SIZE))
		FAIL(f, "%s: %s ring size %lld is not a power of two in [%d, %d] (ethtool -G)",
		     p->name, what, (long long)n, DMA_MIN_TX_SIZE, DMA_MAX_TX_SIZE);
	if (p->ring == RING_MODPARAM && (n < MAX_SKB_FRAGS + 2 || n > 4096))
		FAIL(f, "%s: %s ring size %lld out of [%d, 4096] (module parameter dma_%ssize)",
		     p->name, what, (long long)n, MAX_SKB_FRAGS + 2, f == NIC_F_TX_RING ? "tx" : "rx");
	return 0;
}

/* stmmac_set_coalesce's checks */
static int check_config(const struct stmmac_profile *p, const struct nic_config *cfg,
			char *msg, size_t len, enum nic_field *field)
{
	int64_t us = cfg->tx_usecs == -1 ? -1 : cfg->tx_usecs / PS_PER_US;

	if (check_ring(p, cfg->tx_ring, "TX", NIC_F_TX_RING, msg, len, field) ||
	    check_ring(p, cfg->rx_ring, "RX", NIC_F_RX_RING, msg, len, field))
		return -1;
	if (cfg->tx_frames > STMMAC_TX_MAX_FRAMES)
		FAIL(NIC_F_TX_FRAMES, "%s: tx-frames %lld above STMMAC_TX_MAX_FRAMES (%d)",
		     p->name, (long long)cfg->tx_frames, STMMAC_TX_MAX_FRAMES);
	if (us > STMMAC_MAX_COAL_TX_TICK)
		FAIL(NIC_F_TX_USECS, "%s: tx-usecs %lld above STMMAC_MAX_COAL_TX_TICK (%d)",
		     p->name, (long long)us, STMMAC_MAX_COAL_TX_TICK);
	if (p->coal != COAL_6X && us == 0 && cfg->tx_frames == 0)
		FAIL(NIC_F_TX_USECS, "%s: tx-usecs and tx-frames both 0 (stmmac_set_coalesce: "
		     "EINVAL)", p->name);
	return 0;
}

static void stmmac_open(struct stmmac_priv *priv)
{
	init_dma_desc_rings(priv);
	dwmac_hw_set_rings(&priv->hw, priv->dma_tx, priv->dma_rx,
			   host_skb_truesize(priv->host, DEFAULT_BUFSIZE + 64));
	writel(priv, NULL, DMA_CONTROL_ST | DMA_CONTROL_SR, DMA_CONTROL);
	netif_tx_start_all_queues(&priv->host->dev);
	writel(priv, NULL, DMA_INTR_DEFAULT_MASK, DMA_INTR_ENA);
}

static int stmmac_probe(struct host *h, struct eth_port *port, const char *name,
			const struct nic_config *cfg, char *msg, size_t len,
			enum nic_field *field)
{
	const struct stmmac_profile *p = find_profile(name);
	struct stmmac_priv *priv;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	if (check_config(p, cfg, msg, len, field))
		return -1;
	priv = xcalloc(1, sizeof(*priv));
	priv->host = h;
	priv->prof = p;
	priv->dma_tx_size = cfg->tx_ring != -1 ? (uint32_t)cfg->tx_ring : p->tx_size;
	priv->dma_rx_size = cfg->rx_ring != -1 ? (uint32_t)cfg->rx_ring : p->rx_size;
	priv->dma_tx = xcalloc(priv->dma_tx_size, sizeof(*priv->dma_tx));
	priv->tx_skbuff = xcalloc(priv->dma_tx_size, sizeof(*priv->tx_skbuff));
	priv->dma_rx = xcalloc(priv->dma_rx_size, sizeof(*priv->dma_rx));
	priv->tx_coal_frames = cfg->tx_frames != -1 ? (uint32_t)cfg->tx_frames : p->tx_frames;
	priv->tx_coal_timer = cfg->tx_usecs != -1 ? (uint32_t)(cfg->tx_usecs / PS_PER_US) :
			      p->tx_usecs;
	h->drv = priv;
	h->drv_name = p->name;
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : STMMAC_TXQLEN));
	h->dev.ops = &stmmac_netdev_ops;
	h->dev.priv = priv;
	h->dev.tso = false;
	priv->bql = cfg->bql == -1 ? p->bql : cfg->bql == 1;
	if (priv->bql) {	/* dql_init(HZ) */
		h->dev.txq[0].bql_on = true;
		bql_init(&h->dev.txq[0].bql, (unsigned int)h->hz, 0);
	}
	priv->irq = host_request_irq(h, "stmmac", 0, stmmac_interrupt, priv);
	dwmac_hw_init(&priv->hw, h, port, priv->irq);
	netif_napi_add(&h->dev, &priv->napi, stmmac_poll, h->kp->napi_weight);
	priv->napi.priv = priv;
	if (p->coal == COAL_6X) {
		netif_napi_add(&h->dev, &priv->tx_napi, stmmac_napi_poll_tx, h->kp->napi_weight);
		priv->tx_napi.priv = priv;
	}
	timer_setup(&priv->txtimer, stmmac_tx_timer, priv);
	sim_event_init(&priv->hr_ev, hr_timer_fire, priv);
	work_init(&priv->hr_work, CTX_SOFTIRQ, hr_timer_cb, priv);
	stmmac_open(priv);
	/* watchdog_timeo = msecs_to_jiffies(watchdog) */
	h->dev.watchdog_timeo = (uint64_t)DIV_ROUND_UP((sim_time_t)TX_TIMEO * PS_PER_MS, h->tick);
	netdev_watchdog_up(&h->dev);
	return 0;
}

static void stmmac_remove(struct host *h)
{
	struct stmmac_priv *priv = h->drv;

	if (sim_event_pending(&priv->hr_ev))
		sim_cancel(h->sim, &priv->hr_ev);
	free(priv->dma_tx);
	free(priv->tx_skbuff);
	free(priv->dma_rx);
	free(priv);
}

/* --- what it implements ------------------------------------------------- */

static struct nic_cap cap_bql(const struct stmmac_profile *p, enum nic_field f,
			      const struct nic_config *cfg)
{
	static const char no_bql[] = "this era's stmmac_xmit does not call netdev_sent_queue";

	if (f == NIC_F_BQL) {
		if (p->bql || (cfg && cfg->bql != 1))
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, no_bql } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	}
	if (!p->bql)
		return (struct nic_cap){ NIC_UNSUPPORTED, no_bql };
	if (cfg && cfg->bql == 0)
		return (struct nic_cap){ NIC_UNSUPPORTED, "bql = off" };
	return (struct nic_cap){ cfg ? NIC_SUPPORTED : NIC_SUPPORTED_IF, cfg ? NULL : "bql = on" };
}

/*
 * stmmac_ethtool_ops: get/set_coalesce with tx-usecs, tx-frames and
 * rx-usecs (the RX watchdog, not modelled); get/set_ringparam only in 6.x
 * (earlier rings are the dma_txsize / dma_rxsize module parameters, or
 * fixed in 4.19). dwmac1000 has one DMA channel, no TSO (TSO came with
 * GMAC4), BQL from 4.0.
 */
static struct nic_cap stmmac_cap(const char *name, enum nic_field f,
				 const struct nic_config *cfg, char *now, size_t len)
{
	const struct stmmac_profile *p = find_profile(name);

	if (!p)		/* stmmac_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_TX_FRAMES:
	case NIC_F_TX_USECS:
	case NIC_F_TX_QUEUE_LEN:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
		if (p->ring == RING_FIXED)
			return (struct nic_cap){ NIC_UNSUPPORTED, "DMA_TX_SIZE / DMA_RX_SIZE are "
						 "fixed in this era (no set_ringparam)" };
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_RX_USECS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "the RX watchdog (RIWT) is not "
					 "modelled: an RX interrupt per frame" };
	case NIC_F_RX_FRAMES:
		return (struct nic_cap){ NIC_UNSUPPORTED, "RX frame coalescing is not modelled: "
					 "an RX interrupt per frame" };
	case NIC_F_TX_SELECT:
		if (!cfg)
			return (struct nic_cap){ NIC_SUPPORTED_IF, "tx_select = kernel" };
		if (cfg->tx_select && !strcmp(cfg->tx_select, "cpu"))
			return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TSO:
		if (cfg && cfg->tso != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "dwmac1000 has no TSO" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "tso = off" };
	case NIC_F_BQL:
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		return cap_bql(p, f, cfg);
	case NIC_F_TXQ:
	case NIC_F_XPS_CPUS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
	case NIC_F_RXQ:
	case NIC_F_RXQ_DEF:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one RX queue" };
	case NIC_F_IRQ_CPU:
		return (struct nic_cap){ NIC_UNSUPPORTED, "its one interrupt line is on CPU 0" };
	case NIC_F_TX_RECLAIM:
	case NIC_F_TX_TIMER_PERIOD:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it reclaims in its NAPI poll and its "
					 "coalesce timer (tx-usecs)" };
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_ARBITER:
	case NIC_F_TX_WRR_WEIGHT:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no TX queue arbiter" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, NULL };
	}
}

static void stmmac_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	const struct stmmac_profile *p = find_profile(name);

	BUG_ON(!p);
	switch (f) {
	case NIC_F_TX_FRAMES: snprintf(buf, len, "%u", p->tx_frames); break;
	case NIC_F_TX_USECS: snprintf(buf, len, "%uus", p->tx_usecs); break;
	case NIC_F_TX_RING: snprintf(buf, len, "%u", p->tx_size); break;
	case NIC_F_RX_RING: snprintf(buf, len, "%u", p->rx_size); break;
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", STMMAC_TXQLEN); break;
	case NIC_F_TSO: snprintf(buf, len, "off"); break;
	case NIC_F_BQL: snprintf(buf, len, p->bql ? "on" : "off"); break;
	case NIC_F_BQL_LIMIT_MIN: snprintf(buf, len, p->bql ? "0" : "-"); break;
	case NIC_F_BQL_LIMIT_MAX: snprintf(buf, len, p->bql ? "1879048192" : "-"); break;
	case NIC_F_BQL_HOLD_TIME: snprintf(buf, len, p->bql ? "1s" : "-"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static void stmmac_info(const struct host *h, struct nic_info *info)
{
	const struct stmmac_priv *priv = h->drv;

	info->driver = priv->prof->name;
	info->reclaim = priv->prof->reclaim;
	info->defect = priv->prof->defect;
	info->fixed_by = priv->prof->fixed_by;
	info->fix = priv->prof->fix;
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = priv->rx_packets;
	info->rx_no_desc_drops = priv->hw.rx_no_buf;
	info->tx_timer_runs = priv->timer_runs;
	info->irq_tx = priv->hw.irq_tx;
	info->irq_rx = priv->hw.irq_rx;
}

static void stmmac_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct stmmac_priv *priv = h->drv;

	(void)q;
	st->packets = priv->hw.tx_frames;
	st->bytes = priv->hw.tx_bytes;
	st->reclaim_events = priv->reclaim_events;
	st->reclaimed = priv->reclaimed;
	st->ring_size = priv->dma_tx_size;
	st->ring_max_used = priv->max_used;
	st->ring_used = tx_used(priv);
	st->tx_frames = priv->tx_coal_frames;
}

/* --check: the descriptors from dirty_tx the DMA has not given back start
 * at the DMA's current descriptor, and none outside them is the DMA's. */
static int stmmac_check(const struct host *h, char *msg, size_t len)
{
	const struct stmmac_priv *priv = h->drv;
	uint32_t i, p = priv->dirty_tx, used = tx_used(priv);

	for (i = 0; i < used; i++, p = tx_next(priv, p))
		if (priv->dma_tx[p].des0 & TDES0_OWN)
			break;
	if (i < used && p != priv->hw.tx_cur) {
		snprintf(msg, len, "stmmac: first DMA-owned TX descriptor %u, DMA reads %u",
			 p, priv->hw.tx_cur);
		return -1;
	}
	for (i = used, p = priv->cur_tx; i < priv->dma_tx_size; i++, p = tx_next(priv, p)) {
		if (priv->dma_tx[p].des0 & TDES0_OWN) {
			snprintf(msg, len, "stmmac: TX descriptor %u is the DMA's but outside "
				 "dirty_tx %u .. cur_tx %u", p, priv->dirty_tx, priv->cur_tx);
			return -1;
		}
	}
	return 0;
}

/* The eras, in the order users see them (nicsim keys). */
static const char *const stmmac_names[] = {
	"stmmac-3.18", "stmmac-4.0", "stmmac-4.19", "stmmac-6.x", "stmmac-7.2", NULL
};

const struct nic_driver stmmac_driver = {
	.names = stmmac_names,
	.cap = stmmac_cap,
	.get_default = stmmac_default,
	.probe = stmmac_probe,
	.remove = stmmac_remove,
	.info = stmmac_info,
	.queue_stats = stmmac_queue_stats,
	.check = stmmac_check,
};
