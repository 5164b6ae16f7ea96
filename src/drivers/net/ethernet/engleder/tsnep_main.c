// SPDX-License-Identifier: MIT
/*
 * tsnep driver (drivers/net/ethernet/engleder/tsnep_main.c, with the
 * coalescing ops of tsnep_ethtool.c), per era, for the Engleder TSN
 * endpoint Ethernet MAC (the device: src/hw/tsnep/), one TX/RX queue pair
 * on one interrupt.
 *
 * Models tsnep_xmit_frame_ring (one descriptor per linear part and page
 * fragment, INTERRUPT_FLAG on each, the owner counter and user flag, a
 * TX_ENABLE write per frame, the queue stopped when fewer than
 * MAX_SKB_FRAGS + 1 descriptors are free, NETDEV_TX_BUSY if a frame does
 * not fit), tsnep_tx_poll (at most 128 frames per call, a frame done when
 * its first descriptor's writeback carries the owner bits it was given;
 * the queue woken at 2 * (MAX_SKB_FRAGS + 1) free), tsnep_rx_poll (frames
 * whose writeback carries their descriptor's owner counter, up to the NAPI
 * budget, to napi_gro_receive; RX_ENABLE after re-arming), tsnep_poll (TX
 * then RX; budget returned while either has work left; napi_complete_done
 * then the queue's interrupts enabled) and tsnep_irq (read and acknowledge
 * ECM_INT_ACTIVE, disable the queue's causes, napi_schedule).
 * Read in the driver as Linux 5.17 added it (403f69bbdbad "tsnep: Add TSN
 * endpoint Ethernet MAC driver", merged to net-next in late 2021; that 5.17
 * is the first release is inferred from the merge date, not checked against
 * a tag) and in the 6.2 series of November 2022.
 * The profiles:
 *  - tsnep-5.17: the interrupt delay register is never written, so it
 *    stays at its reset value 0: an interrupt for every frame received and
 *    every frame sent while the poll is not running. RX buffers are skbs of
 *    RX_SKB_ALLOC_LENGTH, each replaced in the poll (tsnep_rx_alloc_and_
 *    map_skb) and its descriptor re-armed at once.
 *  - tsnep-6.2: d3dfe8d6c040 "tsnep: Throttle interrupts" (posted as
 *    net-next v2 3/4 on 2022-11-30, before the 6.2 merge window; 6.2 is
 *    read from that date, not checked against a tag): the queue's delay
 *    set to TSNEP_COALESCE_USECS_DEFAULT, 64 us, and ethtool -C rx-usecs /
 *    tx-usecs (tsnep_set_irq_coalesce: at most TSNEP_COALESCE_USECS_MAX,
 *    255; truncated to 16 us steps). With it in the same release: "tsnep:
 *    Fix rotten packets" (after enabling the interrupt, a poll that finds
 *    work pending disables it again and reschedules), and the RX rework to
 *    page-pool pages built into skbs (napi_build_skb of PAGE_SIZE),
 *    re-armed in batches of TSNEP_RING_RX_REFILL (16) or at the poll's end.
 * Rings: TSNEP_RING_SIZE 256 each, fixed (no ethtool -G). No TSO, no
 * BQL (netdev_tx_sent_queue is never called), no ndo_tx_timeout (no TX
 * watchdog). netdev->features is NETIF_F_SG only (tsnep_probe, 5.17 read,
 * 6.2 assumed the same), and without a checksum feature the core drops SG
 * (netdev_fix_features), so skbs are linear.
 * Deviation: the interrupt line is named "tsnep" in both eras (5.17's
 * name; 6.2's tsnep_request_irq names queue 0's "<netdev>-mac"), so that
 * results read one path for both.
 * Deviation: the frame the device stored is the RX buffer (hw/tsnep/
 * tsnep.h), given the truesize of the era's buffer; the allocation and
 * DMA mapping of buffers cost nothing beyond rx_pkt.
 * Leaves out: PTP timestamps, gate control (taprio), the link interrupt
 * and the PHY, multiple queues (6.2 supports more pairs where the IP has
 * them), XDP (later releases), statistics registers other than no-desc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/tsnep/tsnep.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define TSNEP_RING_SIZE		256
#define TSNEP_RING_RX_REFILL	16
#define MAX_SKB_FRAGS		17
#define TSNEP_TXQLEN		1000	/* ether_setup (devm_alloc_etherdev_mqs) */
#define TSNEP_TX_POLL_BUDGET	128
#define NET_IP_ALIGN_ARM64	2	/* arm64 keeps the generic NET_IP_ALIGN */
#define NET_SKB_PAD_64		64	/* max(32, L1_CACHE_BYTES) */
#define PAGE_SIZE_4K		4096
/* 5.17: the skb each RX descriptor points at */
#define RX_SKB_LENGTH		((TSNEP_RX_INLINE_METADATA_SIZE + 14 + TSNEP_MAX_FRAME_SIZE + \
				  ETH_FCS_LEN + 3) & ~3u)
#define RX_SKB_RESERVE		((16 - TSNEP_RX_INLINE_METADATA_SIZE) + NET_IP_ALIGN_ARM64)
#define RX_SKB_ALLOC_LENGTH	(RX_SKB_RESERVE + RX_SKB_LENGTH)
/* 6.2: a page minus headroom and shared info (TSNEP_MAX_RX_BUF_SIZE) */
#define TSNEP_MAX_RX_BUF_SIZE	(PAGE_SIZE_4K - 68 - 320)
#define TSNEP_COALESCE_USECS_DEFAULT	64
#define TSNEP_COALESCE_USECS_MAX	((ECM_INT_DELAY_MASK >> ECM_INT_DELAY_SHIFT) * \
					 ECM_INT_DELAY_BASE_US + ECM_INT_DELAY_BASE_US - 1)
#define QUEUE0_IRQ_MASK		(ECM_INT_TX_0 | ECM_INT_RX_0)

struct tsnep_profile {
	const char	*name;
	bool		throttle;	/* d3dfe8d6c040: delay and coalesce ops */
	bool		resched_pending;	/* "tsnep: Fix rotten packets" */
	bool		page_pool;	/* RX pages, refilled in batches */
	const char	*defect, *fixed_by, *fix;	/* for nic_info */
};

static const struct tsnep_profile profiles[] = {
	{ "tsnep-5.17", false, false, false,
	  "an interrupt for every frame: no interrupt delay, ~20 us apart at line rate",
	  "tsnep-6.2", "d3dfe8d6c040 \"tsnep: Throttle interrupts\"" },
	{ "tsnep-6.2", true, true, true, NULL, NULL, NULL },
};

struct tsnep_tx_entry {
	struct sk_buff	*skb;
	uint32_t	properties;
	bool		owner_user_flag;
};

struct tsnep_rx_entry {
	uint32_t	properties;
	bool		armed;		/* has a buffer (skb or page) */
};

struct tsnep_adapter {
	struct host	*host;
	const struct tsnep_profile *prof;
	struct tsnep_hw	hw;
	struct irq_desc	*irq;
	struct napi_struct napi;
	uint8_t		irq_delay;	/* the queue's ECM_INT_DELAY byte */
	/* TX */
	struct tsnep_tx_desc txd[TSNEP_RING_SIZE];
	struct tsnep_tx_desc_wb txwb[TSNEP_RING_SIZE];
	struct tsnep_tx_entry tx[TSNEP_RING_SIZE];
	int		tx_read, tx_write;
	int		tx_owner_counter, tx_increment_owner_counter;
	/* RX */
	struct tsnep_rx_desc rxd[TSNEP_RING_SIZE];
	struct tsnep_rx_desc_wb rxwb[TSNEP_RING_SIZE];
	struct tsnep_rx_entry rx[TSNEP_RING_SIZE];
	int		rx_read, rx_write;
	int		rx_owner_counter, rx_increment_owner_counter;
	uint64_t	rx_packets, reclaim_events, reclaimed;
	uint32_t	max_used;
};

static struct tsnep_adapter *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t ioread32(struct tsnep_adapter *a, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, a->host->plat->cost.mmio_read);
	return tsnep_hw_read(&a->hw, reg);
}

static void iowrite32(struct tsnep_adapter *a, struct cpu *cpu, uint32_t val, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, a->host->plat->cost.mmio_write);
	tsnep_hw_write(&a->hw, reg, val);
}

static void tsnep_enable_irq(struct tsnep_adapter *a, struct cpu *cpu, uint32_t mask)
{
	iowrite32(a, cpu, mask, ECM_INT_ENABLE);
}

static void tsnep_disable_irq(struct tsnep_adapter *a, struct cpu *cpu, uint32_t mask)
{
	iowrite32(a, cpu, mask | ECM_INT_DISABLE, ECM_INT_ENABLE);
}

/* The owner counter (1, 2, 3) changes at a slot that moves back by one
 * every pass; tsnep_tx_activate and tsnep_rx_activate share the rule. */
static uint32_t next_owner(int index, int *counter, int *increment)
{
	if (index == *increment) {
		if (++*counter == 4)
			*counter = 1;
		if (--*increment < 0)
			*increment = TSNEP_RING_SIZE - 1;
	}
	return ((uint32_t)*counter << TSNEP_DESC_OWNER_COUNTER_SHIFT) &
	       TSNEP_DESC_OWNER_COUNTER_MASK;
}

/* tsnep_set_irq_coalesce: refused above the field's range by probe */
static void tsnep_set_irq_coalesce(struct tsnep_adapter *a, struct cpu *cpu, uint32_t usecs)
{
	uint32_t v = ((usecs / ECM_INT_DELAY_BASE_US) << ECM_INT_DELAY_SHIFT) & ECM_INT_DELAY_MASK;

	a->irq_delay = (uint8_t)((a->irq_delay & ~ECM_INT_DELAY_MASK) | v);
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, a->host->plat->cost.mmio_write);
	tsnep_hw_write8(&a->hw, ECM_INT_DELAY, a->irq_delay);
}

/* --- TX -------------------------------------------------------------- */

static int tsnep_tx_desc_available(const struct tsnep_adapter *a)
{
	if (a->tx_read <= a->tx_write)
		return TSNEP_RING_SIZE - a->tx_write + a->tx_read - 1;
	return a->tx_read - a->tx_write - 1;
}

static void tsnep_tx_activate(struct tsnep_adapter *a, int index, uint32_t length, bool last)
{
	struct tsnep_tx_entry *entry = &a->tx[index];

	entry->properties = 0;
	if (entry->skb) {
		entry->properties = (length & TSNEP_DESC_LENGTH_MASK) | TSNEP_DESC_INTERRUPT_FLAG;
		entry->owner_user_flag = !entry->owner_user_flag;	/* no false acknowledge */
	}
	if (last)
		entry->properties |= TSNEP_TX_DESC_LAST_FRAGMENT_FLAG;
	entry->properties |= next_owner(index, &a->tx_owner_counter,
					&a->tx_increment_owner_counter);
	if (entry->owner_user_flag)
		entry->properties |= TSNEP_TX_DESC_OWNER_USER_FLAG;
	a->txd[index].more_properties = length & TSNEP_DESC_LENGTH_MASK;
	a->txd[index].properties = entry->properties;	/* last: it hands it over */
}

static enum netdev_tx tsnep_xmit_frame_ring(struct sk_buff *skb, struct net_device *dev)
{
	struct tsnep_adapter *a = netdev_priv(dev);
	struct cpu *cpu = a->host->cur_cpu;
	struct netdev_queue *txq = &dev->txq[0];
	int count = 1 + skb->nr_frags, i;

	if (tsnep_tx_desc_available(a) < count) {	/* "shall not happen" */
		netif_tx_stop_queue(txq);
		return NETDEV_TX_BUSY;
	}
	cpu_charge2(cpu, COST_xmit_pkt, a->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, (uint64_t)a->host->plat->cost.xmit_desc * (uint64_t)count);
	for (i = 0; i < count; i++) {
		int index = (a->tx_write + i) % TSNEP_RING_SIZE;

		a->tx[index].skb = i == 0 ? skb : NULL;
		a->txd[index].tx = (uint64_t)(uintptr_t)skb;
	}
	for (i = 0; i < count; i++)
		tsnep_tx_activate(a, (a->tx_write + i) % TSNEP_RING_SIZE, skb->len, i == count - 1);
	a->tx_write = (a->tx_write + count) % TSNEP_RING_SIZE;
	a->max_used = MAX(a->max_used, (uint32_t)(TSNEP_RING_SIZE - 1 - tsnep_tx_desc_available(a)));
	iowrite32(a, cpu, TSNEP_CONTROL_TX_ENABLE, TSNEP_CONTROL);
	if (tsnep_tx_desc_available(a) < MAX_SKB_FRAGS + 1)	/* the next may not fit */
		netif_tx_stop_queue(txq);
	return NETDEV_TX_OK;
}

static bool tsnep_tx_done(const struct tsnep_adapter *a, int index)
{
	return (a->txwb[index].properties & TSNEP_TX_DESC_OWNER_MASK) ==
	       (a->tx[index].properties & TSNEP_TX_DESC_OWNER_MASK);
}

/* true: all done within the 128-frame budget */
static bool tsnep_tx_poll(struct tsnep_adapter *a, struct cpu *cpu)
{
	struct netdev_queue *txq = &a->host->dev.txq[0];
	int budget = TSNEP_TX_POLL_BUDGET;
	uint64_t before = a->reclaimed;

	do {
		struct tsnep_tx_entry *entry = &a->tx[a->tx_read];
		int count;

		if (a->tx_read == a->tx_write || !tsnep_tx_done(a, a->tx_read))
			break;
		count = 1 + entry->skb->nr_frags;
		cpu_charge(cpu, COST_reclaim_desc,
			   (uint64_t)a->host->plat->cost.reclaim_desc * (uint64_t)count);
		dev_kfree_skb_any(cpu, entry->skb);	/* napi_consume_skb */
		entry->skb = NULL;
		a->tx_read = (a->tx_read + count) % TSNEP_RING_SIZE;
		a->reclaimed += (uint64_t)count;
		budget--;
	} while (budget);
	a->reclaim_events += a->reclaimed != before;
	if (tsnep_tx_desc_available(a) >= (MAX_SKB_FRAGS + 1) * 2 && netif_tx_queue_stopped(txq))
		netif_tx_wake_queue(cpu, txq);
	return budget != 0;
}

static bool tsnep_tx_pending(const struct tsnep_adapter *a)
{
	return a->tx_read != a->tx_write && tsnep_tx_done(a, a->tx_read);
}

/* --- RX -------------------------------------------------------------- */

static uint32_t rx_buf_len(const struct tsnep_adapter *a)
{
	return a->prof->page_pool ? TSNEP_MAX_RX_BUF_SIZE : RX_SKB_LENGTH;
}

static void tsnep_rx_activate(struct tsnep_adapter *a, int index)
{
	struct tsnep_rx_entry *entry = &a->rx[index];

	entry->armed = true;
	entry->properties = (rx_buf_len(a) & TSNEP_DESC_LENGTH_MASK) | TSNEP_DESC_INTERRUPT_FLAG;
	entry->properties |= next_owner(index, &a->rx_owner_counter,
					&a->rx_increment_owner_counter);
	a->rxd[index].rx = 0;
	a->rxd[index].properties = entry->properties;
}

static int tsnep_rx_desc_available(const struct tsnep_adapter *a)
{
	if (a->rx_read <= a->rx_write)
		return TSNEP_RING_SIZE - a->rx_write + a->rx_read - 1;
	return a->rx_read - a->rx_write - 1;
}

/* 6.2 tsnep_rx_refill: count slots from rx_write re-armed, RX enabled */
static int tsnep_rx_refill(struct tsnep_adapter *a, struct cpu *cpu, int count)
{
	int i;

	for (i = 0; i < count; i++)
		tsnep_rx_activate(a, (a->rx_write + i) % TSNEP_RING_SIZE);
	if (count) {
		a->rx_write = (a->rx_write + count) % TSNEP_RING_SIZE;
		iowrite32(a, cpu, TSNEP_CONTROL_RX_ENABLE, TSNEP_CONTROL);
	}
	return count;
}

static bool tsnep_rx_done(const struct tsnep_adapter *a, int index)
{
	return (a->rxwb[index].properties & TSNEP_DESC_OWNER_COUNTER_MASK) ==
	       (a->rx[index].properties & TSNEP_DESC_OWNER_COUNTER_MASK);
}

/* The frame in slot rx_read to the stack. */
static void rx_take(struct tsnep_adapter *a, struct cpu *cpu, sim_time_t start)
{
	int index = a->rx_read;
	uint32_t length = a->rxwb[index].properties & TSNEP_DESC_LENGTH_MASK;
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)a->rxd[index].rx;

	a->rxd[index].rx = 0;
	a->rx[index].armed = false;
	skb->len = length - TSNEP_RX_INLINE_METADATA_SIZE - ETH_FCS_LEN;
	skb->path[PATH_POLL] = start;
	cpu_charge(cpu, COST_rx_pkt, a->host->plat->cost.rx_pkt);
	a->rx_packets++;
	napi_gro_receive(cpu, &a->napi, skb);
}

/* 5.17: each frame's buffer replaced and its descriptor re-armed at once */
static int tsnep_rx_poll_517(struct tsnep_adapter *a, struct cpu *cpu, int budget,
			     sim_time_t start)
{
	bool enable = false;
	int done = 0;

	while (done < budget && tsnep_rx_done(a, a->rx_read)) {
		rx_take(a, cpu, start);
		done++;
		tsnep_rx_activate(a, a->rx_read);
		enable = true;
		a->rx_read = (a->rx_read + 1) % TSNEP_RING_SIZE;
	}
	if (enable)
		iowrite32(a, cpu, TSNEP_CONTROL_RX_ENABLE, TSNEP_CONTROL);
	return done;
}

/* 6.2: taken slots re-armed in batches of TSNEP_RING_RX_REFILL and at the end */
static int tsnep_rx_poll_62(struct tsnep_adapter *a, struct cpu *cpu, int budget,
			    sim_time_t start)
{
	int avail = tsnep_rx_desc_available(a), done = 0;

	while (done < budget && a->rx_read != a->rx_write && tsnep_rx_done(a, a->rx_read)) {
		done++;
		if (avail >= TSNEP_RING_RX_REFILL)
			avail -= tsnep_rx_refill(a, cpu, avail);
		rx_take(a, cpu, start);
		a->rx_read = (a->rx_read + 1) % TSNEP_RING_SIZE;
		avail++;
	}
	if (avail)
		tsnep_rx_refill(a, cpu, avail);
	return done;
}

static bool tsnep_rx_pending(const struct tsnep_adapter *a)
{
	return a->rx_read != a->rx_write && tsnep_rx_done(a, a->rx_read);
}

/* --- interrupt and NAPI ----------------------------------------------- */

static void tsnep_irq(struct cpu *cpu, void *dev_id)
{
	struct tsnep_adapter *a = dev_id;
	uint32_t active = ioread32(a, cpu, ECM_INT_ACTIVE);

	if (active)
		iowrite32(a, cpu, active, ECM_INT_ACKNOWLEDGE);
	if (active & QUEUE0_IRQ_MASK) {
		tsnep_disable_irq(a, cpu, QUEUE0_IRQ_MASK);
		napi_schedule(cpu, &a->napi);
	}
}

static int tsnep_poll(struct napi_struct *napi, int budget)
{
	struct tsnep_adapter *a = napi->priv;
	struct cpu *cpu = napi->cpu;
	sim_time_t start = cpu_now(cpu);
	bool complete = tsnep_tx_poll(a, cpu);
	int done = a->prof->page_pool ? tsnep_rx_poll_62(a, cpu, budget, start) :
					tsnep_rx_poll_517(a, cpu, budget, start);

	napi_gro_flush(cpu, napi);
	if (done >= budget)
		complete = false;
	if (!complete)
		return budget;
	if (napi_complete_done(napi, done)) {
		tsnep_enable_irq(a, cpu, QUEUE0_IRQ_MASK);
		if (a->prof->resched_pending && (tsnep_tx_pending(a) || tsnep_rx_pending(a))) {
			tsnep_disable_irq(a, cpu, QUEUE0_IRQ_MASK);
			napi_schedule(cpu, napi);
		}
	}
	return MIN(done, budget - 1);
}

static uint32_t tsnep_tx_backlog(const struct net_device *dev)
{
	const struct tsnep_adapter *a = dev->priv;

	return tsnep_hw_tx_backlog(&a->hw);
}

static const struct net_device_ops tsnep_netdev_ops = {
	.ndo_start_xmit = tsnep_xmit_frame_ring,	/* via tsnep_netdev_xmit_frame */
	.tx_backlog = tsnep_tx_backlog,
};

/* --- open ---------------------------------------------------------------- */

/* tsnep_netdev_open: rings (TSNEP_RESET_OWNER_COUNTER), RX armed and
 * enabled, NAPI, the queue's interrupts enabled */
static void tsnep_netdev_open(struct tsnep_adapter *a, const struct nic_config *cfg)
{
	uint32_t truesize;

	a->tx_owner_counter = a->rx_owner_counter = 1;
	a->tx_increment_owner_counter = a->rx_increment_owner_counter = TSNEP_RING_SIZE - 1;
	if (a->prof->page_pool)		/* napi_build_skb(page, PAGE_SIZE) */
		truesize = PAGE_SIZE_4K + (uint32_t)ALIGN_UP(a->host->plat->sizeof_sk_buff,
							      a->host->plat->cache_line);
	else
		truesize = host_skb_truesize(a->host, RX_SKB_ALLOC_LENGTH + NET_SKB_PAD_64);
	tsnep_hw_set_rings(&a->hw, TSNEP_RING_SIZE, a->txd, a->txwb, a->rxd, a->rxwb, truesize);
	if (a->prof->throttle)		/* tsnep_queue_init */
		tsnep_set_irq_coalesce(a, NULL, cfg->rx_usecs != -1 ?
				       (uint32_t)(cfg->rx_usecs / PS_PER_US) :
				       TSNEP_COALESCE_USECS_DEFAULT);
	if (a->prof->page_pool) {
		tsnep_rx_refill(a, NULL, tsnep_rx_desc_available(a));
	} else {
		int i;

		for (i = 0; i < TSNEP_RING_SIZE; i++)
			tsnep_rx_activate(a, i);
		iowrite32(a, NULL, TSNEP_CONTROL_RX_ENABLE, TSNEP_CONTROL);
	}
	netif_tx_start_all_queues(&a->host->dev);
	tsnep_enable_irq(a, NULL, QUEUE0_IRQ_MASK);
}

static const struct tsnep_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

static int tsnep_probe(struct host *h, struct eth_port *port, const char *name,
		       const struct nic_config *cfg, char *msg, size_t len,
		       enum nic_field *field)
{
	const struct tsnep_profile *p = find_profile(name);
	struct tsnep_adapter *a;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	if (cfg->rx_usecs != -1 && cfg->rx_usecs % PS_PER_US)
		FAIL(NIC_F_RX_USECS, "tsnep: rx-usecs %lld ns is not a whole number of "
		     "microseconds (ethtool -C takes microseconds)",
		     (long long)(cfg->rx_usecs / PS_PER_NS));
	if (cfg->rx_usecs != -1 && cfg->rx_usecs / PS_PER_US > TSNEP_COALESCE_USECS_MAX)
		FAIL(NIC_F_RX_USECS, "tsnep: rx-usecs %lld us is above %d "
		     "(tsnep_set_irq_coalesce: ERANGE)",
		     (long long)(cfg->rx_usecs / PS_PER_US), TSNEP_COALESCE_USECS_MAX);
	a = xcalloc(1, sizeof(*a));
	a->host = h;
	a->prof = p;
	h->drv = a;
	h->drv_name = p->name;
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : TSNEP_TXQLEN));
	h->dev.ops = &tsnep_netdev_ops;
	h->dev.priv = a;
	h->dev.tso = false;
	a->irq = host_request_irq(h, "tsnep", 0, tsnep_irq, a);
	tsnep_hw_init(&a->hw, h, port, a->irq);
	netif_napi_add(&h->dev, &a->napi, tsnep_poll, h->kp->napi_weight);
	a->napi.priv = a;
	tsnep_netdev_open(a, cfg);
	return 0;
}

static void tsnep_remove(struct host *h)
{
	struct tsnep_adapter *a = h->drv;

	if (sim_event_pending(&a->hw.delay_ev))
		sim_cancel(h->sim, &a->hw.delay_ev);
	free(a);
}

/* --- what it implements ------------------------------------------------ */

static struct nic_cap coalesce_cap(const struct tsnep_profile *p, enum nic_field f)
{
	if (!p->throttle)
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no ethtool coalesce ops: "
					 "an interrupt for every frame" };
	switch (f) {
	case NIC_F_RX_USECS:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_USECS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "TX and RX share the queue's "
					 "interrupt delay, which rx-usecs sets" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, "its interrupt delay is a time: "
					 "no frame count (ETHTOOL_COALESCE_USECS only)" };
	}
}

/*
 * tsnep_ethtool_ops: no ringparam ops (the rings are TSNEP_RING_SIZE), and
 * the coalesce ops from 6.2 on (supported_coalesce_params =
 * ETHTOOL_COALESCE_USECS). One TX/RX queue pair here, no TSO, no BQL.
 */
static struct nic_cap tsnep_cap(const char *name, enum nic_field f,
				const struct nic_config *cfg, char *now, size_t len)
{
	const struct tsnep_profile *p = find_profile(name);

	if (!p)		/* tsnep_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_TX_QUEUE_LEN:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
		return (struct nic_cap){ NIC_UNSUPPORTED, "its rings are fixed at 256 "
					 "(no ethtool -G)" };
	case NIC_F_TX_SELECT:
		if (!cfg)
			return (struct nic_cap){ NIC_SUPPORTED_IF, "tx_select = kernel" };
		if (cfg->tx_select && !strcmp(cfg->tx_select, "cpu"))
			return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TSO:
		if (cfg && cfg->tso != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "it has no TSO" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "tso = off" };
	case NIC_F_BQL:
		if (cfg && cfg->bql != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "it has no BQL" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no BQL" };
	case NIC_F_TX_FRAMES:
	case NIC_F_RX_FRAMES:
	case NIC_F_RX_USECS:
	case NIC_F_TX_USECS:
		return coalesce_cap(p, f);
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
		return (struct nic_cap){ NIC_UNSUPPORTED, "it reclaims in its NAPI poll" };
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_ARBITER:
	case NIC_F_TX_WRR_WEIGHT:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no TX queue arbiter" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, NULL };
	}
}

static void tsnep_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	(void)name;
	switch (f) {
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", TSNEP_TXQLEN); break;
	case NIC_F_RX_USECS: snprintf(buf, len, "%dus", TSNEP_COALESCE_USECS_DEFAULT); break;
	case NIC_F_TSO:
	case NIC_F_BQL: snprintf(buf, len, "off"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static void tsnep_info(const struct host *h, struct nic_info *info)
{
	const struct tsnep_adapter *a = h->drv;

	info->driver = a->prof->name;
	if (a->prof->throttle)	/* the delay rx-usecs set, as tsnep_get_irq_coalesce reads it */
		snprintf(info->reclaim, sizeof(info->reclaim), "tx-irq, delayed %u us (ECM_INT_DELAY)",
			 ((a->irq_delay & ECM_INT_DELAY_MASK) >> ECM_INT_DELAY_SHIFT) *
			 ECM_INT_DELAY_BASE_US);
	else
		snprintf(info->reclaim, sizeof(info->reclaim), "tx-irq");
	info->defect = a->prof->defect;
	info->fixed_by = a->prof->fixed_by;
	info->fix = a->prof->fix;
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = a->rx_packets;
	info->rx_no_desc_drops = a->hw.rx_no_desc;
	info->irq_tx = a->hw.irq_tx;
	info->irq_rx = a->hw.irq_rx;
}

static uint32_t tx_used(const struct tsnep_adapter *a)
{
	return (uint32_t)(TSNEP_RING_SIZE - 1 - tsnep_tx_desc_available(a));
}

static void tsnep_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct tsnep_adapter *a = h->drv;

	(void)q;
	st->packets = a->hw.tx_frames;
	st->bytes = a->hw.tx_bytes;
	st->reclaim_events = a->reclaim_events;
	st->reclaimed = a->reclaimed;
	st->ring_size = TSNEP_RING_SIZE;
	st->ring_max_used = a->max_used;
	st->ring_used = tx_used(a);
}

/* --check: the device's TX read index lies in tx_read .. tx_write, and
 * every RX slot the device may fill is one the driver armed. */
static int tsnep_check(const struct host *h, char *msg, size_t len)
{
	const struct tsnep_adapter *a = h->drv;
	uint32_t dev_ahead = (a->hw.tx_rd + TSNEP_RING_SIZE - (uint32_t)a->tx_read) % TSNEP_RING_SIZE;
	int i;

	if (dev_ahead > tx_used(a)) {
		snprintf(msg, len, "tsnep: device reads TX slot %u outside %d .. %d",
			 a->hw.tx_rd, a->tx_read, a->tx_write);
		return -1;
	}
	for (i = 0; i < TSNEP_RING_SIZE; i++) {
		bool devs = (a->rxd[i].properties & TSNEP_DESC_OWNER_COUNTER_MASK) &&
			    (a->rxd[i].properties & TSNEP_DESC_OWNER_COUNTER_MASK) !=
			    (a->rxwb[i].properties & TSNEP_DESC_OWNER_COUNTER_MASK);

		if (devs && !a->rx[i].armed) {
			snprintf(msg, len, "tsnep: RX slot %d handed over without a buffer", i);
			return -1;
		}
	}
	return 0;
}

/* The eras, in the order users see them (nicsim keys). */
static const char *const tsnep_names[] = { "tsnep-5.17", "tsnep-6.2", NULL };

const struct nic_driver tsnep_driver = {
	.names = tsnep_names,
	.cap = tsnep_cap,
	.get_default = tsnep_default,
	.probe = tsnep_probe,
	.remove = tsnep_remove,
	.info = tsnep_info,
	.queue_stats = tsnep_queue_stats,
	.check = tsnep_check,
	/* tsnep_phy_link_status_change: ECM_LINK_MODE_10, _100, _1000 */
	.link_speeds = nic_link_speeds_gbit,
};
