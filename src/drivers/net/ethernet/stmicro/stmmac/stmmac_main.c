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
 *  - stmmac-4.14: multi-queue stmmac for GMAC4 (snps,tx-queues-to-use,
 *    plat->tx_queues_to_use), read in a 4.1x stmmac_main.c whose timers
 *    still take an unsigned long (before 4.15's timer_setup): a struct
 *    stmmac_tx_queue per queue, picked in stmmac_xmit by
 *    skb_get_queue_mapping, each with its ring, cur_tx / dirty_tx and its
 *    netdev queue's BQL, but ONE priv->tx_count_frames and ONE
 *    priv->txtimer for all of them: stmmac_xmit adds nfrags + 1 to the
 *    shared count and, below tx_coal_frames, re-arms the shared timer with
 *    mod_timer (every xmit, on any queue), else restarts the count and sets
 *    IC; then the queue's tail pointer (set_tx_tail_ptr, GMAC4) or the poll
 *    demand (enable_dma_transmission). stmmac_tx_timer runs stmmac_tx_clean
 *    on every TX queue from the timer; stmmac_poll (a NAPI per RX queue)
 *    cleans every TX queue, then its RX queue, then stmmac_enable_dma_irq
 *    on its channel; stmmac_tx_timeout runs stmmac_tx_err on every
 *    channel. common.h of that generation (with MTL packet routing, enum
 *    packets_types): DMA_TX_SIZE / DMA_RX_SIZE 512 (no module parameter,
 *    no set_ringparam), STMMAC_COAL_TX_TIMER 40000, STMMAC_TX_FRAMES 64.
 *    UNVERIFIED: that multi-queue stmmac came with 4.12 (the tree read is
 *    4.12..4.14 by its timer API; the era is named after the 4.14 LTS).
 *  - stmmac-4.19: commit 8fce33317023 "net: stmmac: Rework coalesce timer
 *    and fix multi-queue races" (2018-09-17; 4.19 per the 2023 commit
 *    2d1a42cf7f77 "net: stmmac: improve TX timer arm logic"): a timer and
 *    a frame count per TX queue (tx_q->txtimer, tx_q->tx_count_frames; the
 *    timer, from_timer(tx_q), schedules the NAPI of its queue's channel,
 *    priv->channel[tx_q->queue_index], read in a vendor tree carrying the
 *    change), STMMAC_COAL_TX_TIMER 1000 us; stmmac_xmit sets IC once
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
 *    (2d1a42cf7f77); tx-usecs 0 disables the timer (fa60b8163816 "net:
 *    stmmac: fix handling of zero coalescing tx-usecs", 6.6, "Fixes:
 *    8fce33317023"; earlier eras take tx-usecs 0 as a timer due at the
 *    current jiffy); stmmac_tx_clean re-arms it while descriptors remain
 *    (4ccb45857c2c, 2019). stmmac_set_coalesce refuses tx-usecs and
 *    tx-frames both 0 (EINVAL) in every era, 6.x included. Separate RX and TX NAPI, each masking only its
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
 * Several TX queues (txq_number > 1, from stmmac-4.14): the device is a
 * GMAC4 with as many TX DMA channels (hw/stmmac/dwmac.h), driven through
 * its per-channel registers (DMA_CHAN_TX_CONTROL, DMA_CHAN_TX_END_ADDR,
 * DMA_CHAN_STATUS, DMA_CHAN_INTR_ENA of dwmac4_dma.h); the one interrupt
 * handler reads every channel's status (stmmac_dma_interrupt's loop over
 * channels, dma_interrupt(ioaddr, x, chan)). 4.19 gives every channel a
 * NAPI (channel 0's also does RX); 6.x and 7.2 a TX NAPI and an hrtimer
 * per queue.
 * Deviation: one RX queue (rx_queues_to_use 1) on channel 0.
 * Deviation: in stmmac-4.14 a TX interrupt of channel 1.. schedules
 * channel 0's NAPI (the only one: netif_napi_add runs per RX queue) and
 * masks every channel until that poll ends; UNVERIFIED how 4.14's
 * stmmac_dma_interrupt maps a TX channel without an RX queue to a NAPI.
 * Leaves out: the MAC core and PHY, EEE and LPI, PTP, checksum offload
 * (frames are whole), jumbo frames, chain mode, enhanced descriptors, TSO
 * (GMAC4 has it; the model's channels do not), per-channel MSI vectors,
 * XDP.
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
	COAL_414,	/* IC at the one shared count, else mod_timer the one timer */
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
	bool		multiq;			/* snps,tx-queues-to-use (GMAC4) */
	const char	*timer_words;		/* for nic_info: the timer's scope */
	const char	*defect, *fixed_by, *fix;
};

static const struct stmmac_profile profiles[] = {
	{ "stmmac-3.18", COAL_318, false, RING_MODPARAM, 64, 40000, 256, 256, false, false,
	  "timer",
	  "no BQL: the whole TX ring (256 descriptors) queues ahead of the qdisc's bands",
	  "stmmac-4.0", "3897957494d9 \"stmmac: add BQL support\"" },
	{ "stmmac-4.0", COAL_318, true, RING_MODPARAM, 64, 40000, 256, 256, false, false,
	  "timer",
	  "fewer than tx-frames descriptors complete only by the tx-usecs timer "
	  "that every xmit pushes back",
	  "stmmac-4.19", "8fce33317023 \"net: stmmac: Rework coalesce timer and fix "
	  "multi-queue races\"" },
	{ "stmmac-4.14", COAL_414, true, RING_FIXED, 64, 40000, 512, 512, false, true,
	  "timer shared by every TX queue",
	  "one coalesce timer and one frame count for all TX queues: an xmit on any "
	  "queue pushes the tx-usecs timer back, so a queue's last frames wait until "
	  "every queue pauses",
	  "stmmac-4.19", "8fce33317023 \"net: stmmac: Rework coalesce timer and fix "
	  "multi-queue races\"" },
	{ "stmmac-4.19", COAL_419, true, RING_FIXED, 25, 1000, 512, 512, false, true,
	  "timer per TX queue (NAPI)", NULL, NULL, NULL },
	{ "stmmac-6.x", COAL_6X, true, RING_ETHTOOL, 25, 5000, 512, 512, false, true,
	  "hrtimer per TX queue (TX NAPI)",
	  "fewer than tx-frames descriptors complete only by the tx-usecs hrtimer that "
	  "every xmit restarts: a sender that keeps sending waits for its own pause",
	  "stmmac-7.2", "edceeba4af3d \"net: stmmac: Improve Tx timer arm logic further\"" },
	{ "stmmac-7.2", COAL_6X, true, RING_ETHTOOL, 25, 5000, 512, 512, true, true,
	  "hrtimer per TX queue from the first pending (TX NAPI)",
	  NULL, NULL, NULL },
};

struct stmmac_priv;

/* struct stmmac_tx_queue: a TX ring and what 4.19 on keeps per queue. */
struct stmmac_tx_queue {
	struct stmmac_priv *priv;
	uint32_t	index;
	struct dma_desc	*dma_tx;
	struct sk_buff	**tx_skbuff;
	uint32_t	cur_tx, dirty_tx;
	uint32_t	tx_count_frames;
	/* the coalesce timer: timer_list (4.19) or hrtimer (6.x) */
	struct timer_list txtimer;
	struct sim_event hr_ev;
	struct work	hr_work;
	struct cpu	*hr_cpu;
	/* queue 1..: its channel's NAPI (4.19: TX clean; 6.x: the TX NAPI);
	 * queue 0: 6.x's TX NAPI */
	struct napi_struct napi;
	uint64_t	reclaim_events, reclaimed;
	uint32_t	max_used;
};

struct stmmac_priv {
	struct host	*host;
	const struct stmmac_profile *prof;
	struct dwmac_hw	hw;
	struct irq_desc	*irq;
	struct napi_struct napi;	/* channel 0's (RX; to 4.19 TX too) */
	uint32_t	tx_queues_to_use;
	struct stmmac_tx_queue tx_q[DMA_MAX_CHANNELS];
	uint32_t	dma_tx_size;
	uint32_t	tx_coal_frames, tx_coal_timer;	/* ethtool tx-frames, tx-usecs */
	bool		bql;
	/* 4.14: the one frame count and timer of all queues */
	uint32_t	tx_count_frames;
	struct timer_list txtimer;
	/* RX ring */
	uint32_t	dma_rx_size;
	struct dma_desc	*dma_rx;
	uint32_t	cur_rx;
	uint64_t	rx_packets, timer_runs, ic_set;
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

/* Channel registers: dwmac1000's with one channel, GMAC4's per channel. */
static bool gmac4(const struct stmmac_priv *priv)
{
	return priv->tx_queues_to_use > 1;
}

static uint32_t reg_status(const struct stmmac_priv *priv, uint32_t chan)
{
	return gmac4(priv) ? DMA_CHAN_STATUS(chan) : DMA_STATUS;
}

static uint32_t reg_intr_ena(const struct stmmac_priv *priv, uint32_t chan)
{
	return gmac4(priv) ? DMA_CHAN_INTR_ENA(chan) : DMA_INTR_ENA;
}

/* enable_dma_transmission (dwmac1000) or set_tx_tail_ptr (GMAC4) */
static void stmmac_kick(struct stmmac_priv *priv, struct cpu *cpu, uint32_t chan)
{
	if (gmac4(priv))
		writel(priv, cpu, 0, DMA_CHAN_TX_END_ADDR(chan));
	else
		writel(priv, cpu, 1, DMA_XMT_POLL_DEMAND);
}

/* --- TX ring ----------------------------------------------------------- */

static uint32_t tx_next(const struct stmmac_priv *priv, uint32_t i)
{
	return i + 1 == priv->dma_tx_size ? 0 : i + 1;
}

/* Free slots, one always left empty (stmmac_tx_avail). */
static uint32_t stmmac_tx_avail(const struct stmmac_tx_queue *tx_q)
{
	const struct stmmac_priv *priv = tx_q->priv;

	if (tx_q->dirty_tx > tx_q->cur_tx)
		return tx_q->dirty_tx - tx_q->cur_tx - 1;
	return priv->dma_tx_size - tx_q->cur_tx + tx_q->dirty_tx - 1;
}

static uint32_t tx_used(const struct stmmac_tx_queue *tx_q)
{
	return tx_q->priv->dma_tx_size - 1 - stmmac_tx_avail(tx_q);
}

/* init_tx_desc / release_tx_desc: the driver's, END_RING on the last. */
static void release_tx_desc(struct stmmac_tx_queue *tx_q, uint32_t i)
{
	struct dma_desc *p = &tx_q->dma_tx[i];

	p->des0 = 0;
	p->des1 = i == tx_q->priv->dma_tx_size - 1 ? TDES1_END_RING : 0;
	p->buf = 0;
}

/* --- the coalesce timer ------------------------------------------------- */

/* usecs_to_jiffies: rounded up to whole jiffies */
static uint64_t usecs_to_jiffies(const struct stmmac_priv *priv, uint32_t us)
{
	return (uint64_t)DIV_ROUND_UP((sim_time_t)us * PS_PER_US, priv->host->tick);
}

static void stmmac_tx_clean(struct stmmac_tx_queue *tx_q, struct cpu *cpu);

/* stmmac_tx_timer_arm: mod_timer (the shared one in 4.14, the queue's to
 * 4.19), the 6.x or the 7.2 hrtimer rule. */
static void stmmac_tx_timer_arm(struct stmmac_tx_queue *tx_q, struct cpu *cpu)
{
	struct stmmac_priv *priv = tx_q->priv;

	if (priv->prof->coal != COAL_6X) {
		mod_timer(cpu, priv->prof->coal == COAL_414 ? &priv->txtimer : &tx_q->txtimer,
			  cpu_jiffies(cpu) + usecs_to_jiffies(priv, priv->tx_coal_timer));
		return;
	}
	if (!priv->tx_coal_timer)
		return;
	if (!tx_q->napi.scheduled) {		/* hrtimer_start: restarts it */
		if (sim_event_pending(&tx_q->hr_ev)) {
			if (priv->prof->timer_once)	/* hrtimer_active: leave it */
				return;
			sim_cancel(priv->host->sim, &tx_q->hr_ev);
		}
		tx_q->hr_cpu = cpu;
		sim_schedule(priv->host->sim, &tx_q->hr_ev,
			     cpu_now(cpu) + (sim_time_t)priv->tx_coal_timer * PS_PER_US);
	} else if (sim_event_pending(&tx_q->hr_ev)) {	/* hrtimer_try_to_cancel */
		sim_cancel(priv->host->sim, &tx_q->hr_ev);
	}
}

/* 6.x: stmmac_napi_check's TX half: mask the channel's TIE, schedule its
 * TX NAPI. */
static void schedule_tx_napi(struct stmmac_tx_queue *tx_q, struct cpu *cpu)
{
	struct stmmac_priv *priv = tx_q->priv;
	uint32_t reg = reg_intr_ena(priv, tx_q->index);

	if (tx_q->napi.scheduled)
		return;
	writel(priv, cpu, readl(priv, cpu, reg) & ~DMA_INTR_ENA_TIE, reg);
	napi_schedule(cpu, &tx_q->napi);
}

/* 4.19: the NAPI of the queue's channel */
static struct napi_struct *chan_napi(struct stmmac_tx_queue *tx_q)
{
	return tx_q->index ? &tx_q->napi : &tx_q->priv->napi;
}

/* stmmac_tx_timer: 3.x cleans from the timer; 4.19 schedules the
 * channel's NAPI. */
static void stmmac_tx_timer(struct cpu *cpu, struct timer_list *t)
{
	struct stmmac_tx_queue *tx_q = t->arg;
	struct stmmac_priv *priv = tx_q->priv;
	struct napi_struct *napi = chan_napi(tx_q);

	priv->timer_runs++;
	if (priv->prof->coal == COAL_318)
		stmmac_tx_clean(tx_q, cpu);
	else if (!napi->scheduled) {	/* napi_schedule_prep */
		writel(priv, cpu, 0, reg_intr_ena(priv, tx_q->index));
		napi_schedule(cpu, napi);
	}
}

/* 4.14: the one timer cleans every TX queue from the timer itself. */
static void stmmac_tx_timer_shared(struct cpu *cpu, struct timer_list *t)
{
	struct stmmac_priv *priv = t->arg;
	uint32_t q;

	priv->timer_runs++;
	for (q = 0; q < priv->tx_queues_to_use; q++)
		stmmac_tx_clean(&priv->tx_q[q], cpu);
}

static void hr_timer_fire(struct sim *sim, struct sim_event *ev)
{
	struct stmmac_tx_queue *tx_q = ev->arg;

	(void)sim;
	cpu_queue_work(tx_q->hr_cpu, &tx_q->hr_work);
}

static void hr_timer_cb(struct cpu *cpu, struct work *w)
{
	struct stmmac_tx_queue *tx_q = w->arg;
	struct stmmac_priv *priv = tx_q->priv;

	priv->timer_runs++;
	cpu_charge(cpu, COST_timer, priv->host->plat->cost.timer);
	schedule_tx_napi(tx_q, cpu);
}

/* --- TX ------------------------------------------------------------------ */

/* Whether the last descriptor of this xmit keeps / gets IC, per era. */
static bool stmmac_coalesce(struct stmmac_tx_queue *tx_q, struct cpu *cpu, uint32_t ndesc)
{
	struct stmmac_priv *priv = tx_q->priv;
	uint32_t *count = priv->prof->coal == COAL_414 ? &priv->tx_count_frames :
			  &tx_q->tx_count_frames;

	*count += ndesc;
	switch (priv->prof->coal) {
	case COAL_318:
		if (priv->tx_coal_frames > *count) {
			stmmac_tx_timer_arm(tx_q, cpu);
			return false;
		}
		*count = 0;
		return true;
	case COAL_414:
	case COAL_419:
		if (priv->tx_coal_frames <= *count) {
			*count = 0;
			return true;
		}
		stmmac_tx_timer_arm(tx_q, cpu);
		return false;
	default:
		if (!priv->tx_coal_frames)
			return false;
		return ndesc > priv->tx_coal_frames ||
		       *count % priv->tx_coal_frames < ndesc;
	}
}

static void put_txdesc(struct stmmac_tx_queue *tx_q, uint32_t i, struct sk_buff *skb,
		       uint32_t des1, uint32_t size)
{
	struct dma_desc *p = &tx_q->dma_tx[i];

	p->buf = (uint64_t)(uintptr_t)skb;
	p->des1 = (p->des1 & TDES1_END_RING) | des1 | (size & TDES1_BUFFER1_SIZE_MASK);
}

static enum netdev_tx stmmac_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct cpu *cpu = priv->host->cur_cpu;
	uint32_t queue = skb->queue_mapping;	/* skb_get_queue_mapping */
	struct stmmac_tx_queue *tx_q = &priv->tx_q[queue];
	struct netdev_queue *txq = &dev->txq[queue];
	uint32_t nfrags = skb->nr_frags, i, first = tx_q->cur_tx, entry = first;
	uint32_t head = skb->len - (nfrags ? skb->payload_len : 0);

	if (stmmac_tx_avail(tx_q) < nfrags + 1) {
		netif_tx_stop_queue(txq);	/* "Tx Ring full when queue awake" */
		return NETDEV_TX_BUSY;
	}
	cpu_charge2(cpu, COST_xmit_pkt, priv->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, (uint64_t)priv->host->plat->cost.xmit_desc * (nfrags + 1));
	put_txdesc(tx_q, entry, skb, TDES1_FIRST_SEGMENT, head);
	tx_q->dma_tx[entry].des0 = 0;
	for (i = 0; i < nfrags; i++) {
		entry = tx_next(priv, entry);
		put_txdesc(tx_q, entry, skb, 0, skb->payload_len / nfrags);
		tx_q->dma_tx[entry].des0 = TDES0_OWN;
	}
	/* close_tx_desc: LAST_SEGMENT, and IC up to 4.0 */
	tx_q->dma_tx[entry].des1 |= TDES1_LAST_SEGMENT |
		(priv->prof->coal == COAL_318 ? TDES1_INTERRUPT : 0);
	tx_q->tx_skbuff[entry] = skb;
	if (stmmac_coalesce(tx_q, cpu, nfrags + 1)) {
		tx_q->dma_tx[entry].des1 |= TDES1_INTERRUPT;
		priv->ic_set++;
	} else {
		tx_q->dma_tx[entry].des1 &= ~TDES1_INTERRUPT;
	}
	tx_q->dma_tx[first].des0 |= TDES0_OWN;
	tx_q->cur_tx = tx_next(priv, entry);
	tx_q->max_used = MAX(tx_q->max_used, tx_used(tx_q));
	if (stmmac_tx_avail(tx_q) <= MAX_SKB_FRAGS + 1)
		netif_tx_stop_queue(txq);
	if (priv->bql)
		netdev_tx_sent_queue(txq, skb->len);
	stmmac_kick(priv, cpu, queue);
	if (priv->prof->coal == COAL_6X)
		stmmac_tx_timer_arm(tx_q, cpu);
	return NETDEV_TX_OK;
}

/* stmmac_tx_clean: every descriptor the DMA gave back, from dirty_tx. */
static void stmmac_tx_clean(struct stmmac_tx_queue *tx_q, struct cpu *cpu)
{
	struct stmmac_priv *priv = tx_q->priv;
	struct netdev_queue *txq = &priv->host->dev.txq[tx_q->index];
	uint32_t entry = tx_q->dirty_tx, pkts = 0, bytes = 0, n = 0;

	while (entry != tx_q->cur_tx) {
		struct sk_buff *skb = tx_q->tx_skbuff[entry];

		if (tx_q->dma_tx[entry].des0 & TDES0_OWN)
			break;
		cpu_charge(cpu, COST_reclaim_desc, priv->host->plat->cost.reclaim_desc);
		if (skb) {
			pkts++;
			bytes += skb->len;
			tx_q->tx_skbuff[entry] = NULL;
			dev_kfree_skb_any(cpu, skb);
		}
		release_tx_desc(tx_q, entry);
		entry = tx_next(priv, entry);
		n++;
	}
	tx_q->dirty_tx = entry;
	tx_q->reclaimed += n;
	tx_q->reclaim_events += n != 0;
	if (priv->bql)
		netdev_tx_completed_queue(cpu, txq, pkts, bytes);
	if (netif_tx_queue_stopped(txq) && stmmac_tx_avail(tx_q) > priv->dma_tx_size / 4)
		netif_tx_wake_queue(cpu, txq);
	if (priv->prof->coal == COAL_6X && tx_q->dirty_tx != tx_q->cur_tx)
		stmmac_tx_timer_arm(tx_q, cpu);
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

/* dwmac_dma_interrupt + stmmac_dma_interrupt: every channel's status, in
 * turn, on the one line. */
static void stmmac_interrupt(struct cpu *cpu, void *dev_id)
{
	struct stmmac_priv *priv = dev_id;
	uint32_t chan, y;

	for (chan = 0; chan < priv->tx_queues_to_use; chan++) {
		struct stmmac_tx_queue *tx_q = &priv->tx_q[chan];
		uint32_t status = readl(priv, cpu, reg_status(priv, chan));
		uint32_t ena = reg_intr_ena(priv, chan);
		struct napi_struct *napi;
		bool rx = false, tx = false;

		if (status & DMA_STATUS_NIS) {
			if (!chan && (status & DMA_STATUS_RI) &&
			    (readl(priv, cpu, ena) & DMA_INTR_ENA_RIE))
				rx = true;
			tx = status & DMA_STATUS_TI;
		}
		writel(priv, cpu, status & 0x1ffffu, reg_status(priv, chan));
		if (priv->prof->coal == COAL_6X) {
			if (rx && !priv->napi.scheduled) {
				writel(priv, cpu, readl(priv, cpu, ena) & ~DMA_INTR_ENA_RIE, ena);
				napi_schedule(cpu, &priv->napi);
			}
			if (tx)
				schedule_tx_napi(tx_q, cpu);
			continue;
		}
		napi = priv->prof->coal == COAL_414 ? &priv->napi : chan_napi(tx_q);
		if ((rx || tx) && !napi->scheduled) {	/* napi_schedule_prep */
			if (priv->prof->coal == COAL_414)	/* see Deviation */
				for (y = 0; y < priv->tx_queues_to_use; y++)
					writel(priv, cpu, 0, reg_intr_ena(priv, y));
			else
				writel(priv, cpu, 0, ena);	/* stmmac_disable_dma_irq */
			napi_schedule(cpu, napi);
		}
	}
}

/* stmmac_poll: channel 0's NAPI (4.14: every TX queue and RX; 4.19: TX
 * queue 0 and RX; 6.x: RX only) */
static int stmmac_poll(struct napi_struct *napi, int budget)
{
	struct stmmac_priv *priv = napi->priv;
	struct cpu *cpu = napi->cpu;
	int work_done;
	uint32_t q;

	if (priv->prof->coal == COAL_414)
		for (q = 0; q < priv->tx_queues_to_use; q++)
			stmmac_tx_clean(&priv->tx_q[q], cpu);
	else if (priv->prof->coal != COAL_6X)
		stmmac_tx_clean(&priv->tx_q[0], cpu);
	work_done = stmmac_rx(priv, cpu, budget);
	if (work_done < budget) {
		napi_complete_done(napi, work_done);
		if (priv->prof->coal == COAL_6X)
			writel(priv, cpu, readl(priv, cpu, reg_intr_ena(priv, 0)) |
			       DMA_INTR_ENA_RIE, reg_intr_ena(priv, 0));
		else if (priv->prof->coal == COAL_414)
			for (q = 0; q < priv->tx_queues_to_use; q++)
				writel(priv, cpu, DMA_INTR_DEFAULT_MASK, reg_intr_ena(priv, q));
		else
			writel(priv, cpu, DMA_INTR_DEFAULT_MASK, reg_intr_ena(priv, 0));
	}
	return work_done;
}

/* 4.19: the NAPI of channel 1.. (no RX there): its TX queue */
static int stmmac_chan_poll(struct napi_struct *napi, int budget)
{
	struct stmmac_tx_queue *tx_q = napi->priv;
	struct stmmac_priv *priv = tx_q->priv;

	stmmac_tx_clean(tx_q, napi->cpu);
	napi_complete_done(napi, 0);
	writel(priv, napi->cpu, DMA_INTR_DEFAULT_MASK, reg_intr_ena(priv, tx_q->index));
	(void)budget;
	return 0;
}

/* 6.x stmmac_napi_poll_tx */
static int stmmac_napi_poll_tx(struct napi_struct *napi, int budget)
{
	struct stmmac_tx_queue *tx_q = napi->priv;
	struct stmmac_priv *priv = tx_q->priv;
	struct cpu *cpu = napi->cpu;
	uint32_t ena = reg_intr_ena(priv, tx_q->index);

	stmmac_tx_clean(tx_q, cpu);
	napi_complete_done(napi, 0);
	writel(priv, cpu, readl(priv, cpu, ena) | DMA_INTR_ENA_TIE, ena);
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
	uint32_t i, q;

	for (q = 0; q < priv->tx_queues_to_use; q++)
		for (i = 0; i < priv->dma_tx_size; i++)
			release_tx_desc(&priv->tx_q[q], i);
	for (i = 0; i < priv->dma_rx_size; i++) {
		priv->dma_rx[i].des0 = RDES0_OWN;
		priv->dma_rx[i].des1 = (DEFAULT_BUFSIZE & RDES1_BUFFER1_SIZE_MASK) |
				       (i == priv->dma_rx_size - 1 ? RDES1_END_RING : 0);
	}
}

/* dma_free_tx_skbufs: every TX skb freed, sent or not. */
static void dma_free_tx_skbufs(struct stmmac_tx_queue *tx_q, struct cpu *cpu)
{
	uint32_t i;

	for (i = 0; i < tx_q->priv->dma_tx_size; i++) {
		struct sk_buff *skb = tx_q->tx_skbuff[i];

		tx_q->tx_skbuff[i] = NULL;
		if (skb)
			dev_kfree_skb_any(cpu, skb);
		release_tx_desc(tx_q, i);
	}
}

/* stmmac_tx_err's ring part: free the queue's ring, start over from slot 0. */
static void stmmac_tx_reset(struct stmmac_tx_queue *tx_q, struct cpu *cpu)
{
	struct stmmac_priv *priv = tx_q->priv;

	dma_free_tx_skbufs(tx_q, cpu);
	tx_q->dirty_tx = tx_q->cur_tx = 0;
	tx_q->tx_count_frames = 0;
	dwmac_hw_set_chan_tx_ring(&priv->hw, tx_q->index, tx_q->dma_tx);
	if (priv->bql)
		netdev_tx_reset_queue(&priv->host->dev.txq[tx_q->index]);
}

/* stmmac_tx_timeout -> stmmac_tx_err on every channel: stop its TX DMA,
 * free its ring, start over from slot 0. */
static void stmmac_tx_timeout(struct cpu *cpu, struct net_device *dev, int txqueue)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	uint32_t ctl = gmac4(priv) ? 0 : readl(priv, cpu, DMA_CONTROL), q;

	(void)txqueue;	/* counted by dev_watchdog (trans_timeout) */
	netif_tx_stop_all_queues(dev);
	for (q = 0; q < priv->tx_queues_to_use; q++) {
		if (gmac4(priv)) {
			writel(priv, cpu, 0, DMA_CHAN_TX_CONTROL(q));	/* stop_tx */
			stmmac_tx_reset(&priv->tx_q[q], cpu);
			writel(priv, cpu, DMA_CHAN_TX_CONTROL_ST, DMA_CHAN_TX_CONTROL(q));
			continue;
		}
		writel(priv, cpu, ctl & ~DMA_CONTROL_ST, DMA_CONTROL);	/* stop_tx */
		stmmac_tx_reset(&priv->tx_q[q], cpu);
		writel(priv, cpu, ctl | DMA_CONTROL_ST, DMA_CONTROL);	/* start_tx */
	}
	priv->tx_count_frames = 0;
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

/* stmmac_set_coalesce's checks; the queue count (snps,tx-queues-to-use) */
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
	/* every era's stmmac_set_coalesce (__stmmac_set_coalesce from 5.13);
	 * tx-usecs 0 alone is taken: a timer due at once, none from 6.6
	 * (fa60b8163816) */
	if (us == 0 && cfg->tx_frames == 0)
		FAIL(NIC_F_TX_USECS, "%s: tx-usecs and tx-frames both 0 (stmmac_set_coalesce: "
		     "EINVAL)", p->name);
	if (cfg->txq_number != -1 && (cfg->txq_number < 1 || cfg->txq_number > DMA_MAX_CHANNELS ||
				      (!p->multiq && cfg->txq_number > 1)))
		FAIL(NIC_F_TXQ, "%s: txq_number %lld out of [1, %d] (snps,tx-queues-to-use)",
		     p->name, (long long)cfg->txq_number, p->multiq ? DMA_MAX_CHANNELS : 1);
	return 0;
}

static void stmmac_open(struct stmmac_priv *priv)
{
	uint32_t q;

	init_dma_desc_rings(priv);
	dwmac_hw_set_rings(&priv->hw, priv->tx_q[0].dma_tx, priv->dma_rx,
			   host_skb_truesize(priv->host, DEFAULT_BUFSIZE + 64));
	for (q = 1; q < priv->tx_queues_to_use; q++)
		dwmac_hw_set_chan_tx_ring(&priv->hw, q, priv->tx_q[q].dma_tx);
	if (gmac4(priv)) {	/* RX start, then each channel's TX start */
		writel(priv, NULL, DMA_CONTROL_SR, DMA_CONTROL);
		for (q = 0; q < priv->tx_queues_to_use; q++)
			writel(priv, NULL, DMA_CHAN_TX_CONTROL_ST, DMA_CHAN_TX_CONTROL(q));
	} else {
		writel(priv, NULL, DMA_CONTROL_ST | DMA_CONTROL_SR, DMA_CONTROL);
	}
	netif_tx_start_all_queues(&priv->host->dev);
	for (q = 0; q < priv->tx_queues_to_use; q++)
		writel(priv, NULL, DMA_INTR_DEFAULT_MASK, reg_intr_ena(priv, q));
}

static void stmmac_tx_queue_init(struct stmmac_priv *priv, uint32_t q)
{
	struct host *h = priv->host;
	struct stmmac_tx_queue *tx_q = &priv->tx_q[q];

	tx_q->priv = priv;
	tx_q->index = q;
	tx_q->dma_tx = xcalloc(priv->dma_tx_size, sizeof(*tx_q->dma_tx));
	tx_q->tx_skbuff = xcalloc(priv->dma_tx_size, sizeof(*tx_q->tx_skbuff));
	if (priv->bql) {	/* dql_init(HZ) */
		h->dev.txq[q].bql_on = true;
		bql_init(&h->dev.txq[q].bql, (unsigned int)h->hz, 0);
	}
}

static void stmmac_tx_queue_napi(struct stmmac_priv *priv, uint32_t q)
{
	struct host *h = priv->host;
	struct stmmac_tx_queue *tx_q = &priv->tx_q[q];

	if (priv->prof->coal == COAL_6X)
		netif_napi_add(&h->dev, &tx_q->napi, stmmac_napi_poll_tx, h->kp->napi_weight);
	else if (q && priv->prof->coal == COAL_419)
		netif_napi_add(&h->dev, &tx_q->napi, stmmac_chan_poll, h->kp->napi_weight);
	tx_q->napi.priv = tx_q;
	timer_setup(&tx_q->txtimer, stmmac_tx_timer, tx_q);
	sim_event_init(&tx_q->hr_ev, hr_timer_fire, tx_q);
	work_init(&tx_q->hr_work, CTX_SOFTIRQ, hr_timer_cb, tx_q);
}

static int stmmac_probe(struct host *h, struct eth_port *port, const char *name,
			const struct nic_config *cfg, char *msg, size_t len,
			enum nic_field *field)
{
	const struct stmmac_profile *p = find_profile(name);
	struct stmmac_priv *priv;
	uint32_t q;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	if (check_config(p, cfg, msg, len, field))
		return -1;
	priv = xcalloc(1, sizeof(*priv));
	priv->host = h;
	priv->prof = p;
	priv->tx_queues_to_use = cfg->txq_number != -1 ? (uint32_t)cfg->txq_number : 1;
	priv->dma_tx_size = cfg->tx_ring != -1 ? (uint32_t)cfg->tx_ring : p->tx_size;
	priv->dma_rx_size = cfg->rx_ring != -1 ? (uint32_t)cfg->rx_ring : p->rx_size;
	priv->dma_rx = xcalloc(priv->dma_rx_size, sizeof(*priv->dma_rx));
	priv->tx_coal_frames = cfg->tx_frames != -1 ? (uint32_t)cfg->tx_frames : p->tx_frames;
	priv->tx_coal_timer = cfg->tx_usecs != -1 ? (uint32_t)(cfg->tx_usecs / PS_PER_US) :
			      p->tx_usecs;
	h->drv = priv;
	h->drv_name = p->name;
	netdev_init(&h->dev, h, "eth0", (int)priv->tx_queues_to_use,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : STMMAC_TXQLEN));
	h->dev.ops = &stmmac_netdev_ops;
	h->dev.priv = priv;
	h->dev.tso = false;
	priv->bql = cfg->bql == -1 ? p->bql : cfg->bql == 1;
	for (q = 0; q < priv->tx_queues_to_use; q++)
		stmmac_tx_queue_init(priv, q);
	priv->irq = host_request_irq(h, "stmmac", 0, stmmac_interrupt, priv);
	dwmac_hw_init(&priv->hw, h, port, priv->irq, priv->tx_queues_to_use);
	netif_napi_add(&h->dev, &priv->napi, stmmac_poll, h->kp->napi_weight);
	priv->napi.priv = priv;
	for (q = 0; q < priv->tx_queues_to_use; q++)
		stmmac_tx_queue_napi(priv, q);
	timer_setup(&priv->txtimer, stmmac_tx_timer_shared, priv);
	stmmac_open(priv);
	/* watchdog_timeo = msecs_to_jiffies(watchdog) */
	h->dev.watchdog_timeo = (uint64_t)DIV_ROUND_UP((sim_time_t)TX_TIMEO * PS_PER_MS, h->tick);
	netdev_watchdog_up(&h->dev);
	return 0;
}

static void stmmac_remove(struct host *h)
{
	struct stmmac_priv *priv = h->drv;
	uint32_t q;

	for (q = 0; q < priv->tx_queues_to_use; q++) {
		struct stmmac_tx_queue *tx_q = &priv->tx_q[q];

		if (sim_event_pending(&tx_q->hr_ev))
			sim_cancel(h->sim, &tx_q->hr_ev);
		free(tx_q->dma_tx);
		free(tx_q->tx_skbuff);
	}
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
 * fixed in 4.14 and 4.19). dwmac1000 has one DMA channel, no TSO (TSO came
 * with GMAC4), BQL from 4.0. From 4.14 txq_number is the DT property
 * snps,tx-queues-to-use (a GMAC4 with that many TX channels); the kernel
 * picks the queue (no ndo_select_queue: XPS or the flow hash).
 */
static struct nic_cap stmmac_cap(const char *name, enum nic_field f,
				 const struct nic_config *cfg, char *now, size_t len)
{
	const struct stmmac_profile *p = find_profile(name);
	int64_t txq = cfg && cfg->txq_number != -1 ? cfg->txq_number : 1;

	if (!p)		/* stmmac_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	if (txq > 1)
		snprintf(now, len, "has %lld TX queues", (long long)txq);
	else
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
			return (struct nic_cap){ NIC_UNSUPPORTED, p->multiq ?
						 "stmmac has no ndo_select_queue: the kernel picks "
						 "(XPS, the flow hash)" : "it has one TX queue" };
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
		if (p->multiq)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return (struct nic_cap){ NIC_UNSUPPORTED, "dwmac1000 has one DMA channel, and "
					 "this era's stmmac one TX queue (snps,tx-queues-to-use "
					 "came with GMAC4 multi-queue, 4.12)" };
	case NIC_F_XPS_CPUS:
		if (!p->multiq)
			return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
		if (cfg && txq > 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return (struct nic_cap){ NIC_SUPPORTED_IF, "txq_number > 1" };
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
		return (struct nic_cap){ NIC_UNSUPPORTED, p->multiq ?
					 "its MTL TX scheduling (snps,tx-sched-*) is not a setting "
					 "here: frames in turn" : "it has no TX queue arbiter" };
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
	case NIC_F_TXQ: snprintf(buf, len, p->multiq ? "1" : "-"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

/*
 * How TX is reclaimed, from tx_coal_frames and tx_coal_timer as probe
 * left them (ethtool -C): "tx-irq every 25 descriptors + 5 ms hrtimer per
 * TX queue (TX NAPI)". 6.x: tx-frames 0 sets no IC bit, tx-usecs 0 arms
 * no timer; before it tx-usecs 0 is a timer due at the next jiffy.
 */
static void stmmac_reclaim_words(const struct stmmac_priv *priv, char *buf, size_t len)
{
	uint32_t n = priv->tx_coal_frames, us = priv->tx_coal_timer;
	bool hr = priv->prof->coal == COAL_6X;
	char ic[48], t[32];

	if (hr && !n)
		snprintf(ic, sizeof(ic), "no TX-done interrupt");
	else if (n <= 1)
		snprintf(ic, sizeof(ic), "tx-irq at every xmit");
	else
		snprintf(ic, sizeof(ic), "tx-irq every %u descriptors", n);
	if (hr && !us) {
		snprintf(buf, len, "%s, no hrtimer (tx-usecs 0)", ic);
		return;
	}
	if (us && !(us % 1000))
		snprintf(t, sizeof(t), "%u ms", us / 1000);
	else
		snprintf(t, sizeof(t), "%u us", us);
	snprintf(buf, len, "%s + %s %s", ic, t, priv->prof->timer_words);
}

static void stmmac_info(const struct host *h, struct nic_info *info)
{
	const struct stmmac_priv *priv = h->drv;

	info->driver = priv->prof->name;
	stmmac_reclaim_words(priv, info->reclaim, sizeof(info->reclaim));
	info->defect = priv->prof->defect;
	info->fixed_by = priv->prof->fixed_by;
	info->fix = priv->prof->fix;
	info->nr_txq = (int)priv->tx_queues_to_use;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), priv->tx_queues_to_use > 1 ?
		 "MTL: one frame per ready channel in turn" : "one queue");
	info->rx_packets = priv->rx_packets;
	info->rx_no_desc_drops = priv->hw.rx_no_buf;
	info->tx_timer_runs = priv->timer_runs;
	info->irq_tx = priv->hw.irq_tx;
	info->irq_rx = priv->hw.irq_rx;
}

static void stmmac_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct stmmac_priv *priv = h->drv;
	const struct stmmac_tx_queue *tx_q = &priv->tx_q[q];

	st->packets = priv->hw.chan[q].tx_frames;
	st->bytes = priv->hw.chan[q].tx_bytes;
	st->reclaim_events = tx_q->reclaim_events;
	st->reclaimed = tx_q->reclaimed;
	st->ring_size = priv->dma_tx_size;
	st->ring_max_used = tx_q->max_used;
	st->ring_used = tx_used(tx_q);
	st->tx_frames = priv->tx_coal_frames;
}

/* --check: in each TX queue, the descriptors from dirty_tx the DMA has not
 * given back start at its channel's current descriptor, and none outside
 * them is the DMA's. */
static int check_queue(const struct stmmac_tx_queue *tx_q, char *msg, size_t len)
{
	const struct stmmac_priv *priv = tx_q->priv;
	uint32_t i, p = tx_q->dirty_tx, used = tx_used(tx_q);
	uint32_t cur = dwmac_hw_chan_tx_cur(&priv->hw, tx_q->index);

	for (i = 0; i < used; i++, p = tx_next(priv, p))
		if (tx_q->dma_tx[p].des0 & TDES0_OWN)
			break;
	if (i < used && p != cur) {
		snprintf(msg, len, "stmmac: first DMA-owned TX descriptor %u, DMA reads %u",
			 p, cur);
		return -1;
	}
	for (i = used, p = tx_q->cur_tx; i < priv->dma_tx_size; i++, p = tx_next(priv, p)) {
		if (tx_q->dma_tx[p].des0 & TDES0_OWN) {
			snprintf(msg, len, "stmmac: TX descriptor %u is the DMA's but outside "
				 "dirty_tx %u .. cur_tx %u", p, tx_q->dirty_tx, tx_q->cur_tx);
			return -1;
		}
	}
	return 0;
}

static int stmmac_check(const struct host *h, char *msg, size_t len)
{
	const struct stmmac_priv *priv = h->drv;
	uint32_t q;

	for (q = 0; q < priv->tx_queues_to_use; q++)
		if (check_queue(&priv->tx_q[q], msg, len))
			return -1;
	return 0;
}

/* The eras, in the order users see them (nicsim keys). */
static const char *const stmmac_names[] = {
	"stmmac-3.18", "stmmac-4.0", "stmmac-4.14", "stmmac-4.19", "stmmac-6.x", "stmmac-7.2", NULL
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
	/* dwmac1000 and GMAC4 cores: 10, 100, 1000 (dwmac1000_setup's
	 * link.speed10/100/1000; stmmac_adjust_link, later phylink's MAC_10 |
	 * MAC_100 | MAC_1000) */
	.link_speeds = nic_link_speeds_gbit,
};
