// SPDX-License-Identifier: MIT
/*
 * igb driver (drivers/net/ethernet/intel/igb/igb_main.c, igb.h,
 * igb_ethtool.c) of Linux 6.x, for an Intel I210 (the device:
 * src/hw/igb/). The I210 is the single-port igb of x86 boards; the I350
 * and 82576 differ in queue count (8 / 16), in IVAR layout (82576) and
 * in TX WTHRESH (1 on the 82576 with MSI-X).
 *
 * Read: torvalds/linux igb_main.c at 6f23fc47c1b2 (a 6.x tree with XDP,
 * before the AF_XDP zero-copy path; UNVERIFIED against the v6.18 tag),
 * igb.h (a 6.x copy: IGB_MIN_TXD / IGB_MIN_RXD 64, lowered from 80 by a
 * 2023 patch whose title was not checked) and igb_set_coalesce as of the
 * kernel_ethtool_coalesce API (5.15+). igb_get_max_rss_queues,
 * igb_set_flag_queue_pairs, igb_sw_init, igb_set_interrupt_capability,
 * igb_alloc_q_vector(s) and igb_irq_enable read at 6f23fc47c1b2; not read
 * (written from the 6.x driver as remembered, UNVERIFIED): igb_assign_vector's
 * set_itr and IVAR layout, igb_set_channels, igb_set_ringparam,
 * watchdog_timeo in igb_probe.
 * Models:
 *  - igb_xmit_frame / igb_xmit_frame_ring: the ring by skb->queue_mapping
 *    (igb_tx_queue_mapping); TXD_USE_COUNT per linear part and fragment
 *    (IGB_MAX_DATA_PER_TXD 32 KiB); igb_maybe_stop_tx(count + 3) or
 *    NETDEV_TX_BUSY; a context descriptor from igb_tso (TSO: bytecount +=
 *    (gso_segs - 1) * hdr_len) or igb_tx_csum (TCP and UDP, whose checksum
 *    the device inserts; none for ICMP); igb_tx_map: the data
 *    descriptors, EOP | RS on the last (IGB_TXD_DCMD: an RS per packet),
 *    netdev_tx_sent_queue(bytecount), next_to_watch, then
 *    igb_maybe_stop_tx(DESC_NEEDED = MAX_SKB_FRAGS + 4 = 21) and the TDT
 *    write unless xmit_more (and the queue not stopped).
 *  - igb_clean_tx_irq from igb_poll: packets whose EOP descriptor has DD,
 *    at most q_vector->tx.work_limit (IGB_DEFAULT_TX_WORK 128) a poll;
 *    netdev_tx_completed_queue; the wake at TX_WAKE_THRESHOLD
 *    (DESC_NEEDED * 2 = 42 free); a poll that hit the limit returns the
 *    budget and is polled again.
 *  - igb_poll: TX clean, then igb_clean_rx_irq with the NAPI budget,
 *    napi_complete_done, igb_ring_irq_enable (the ITR update, then EIMS =
 *    the vector's bit).
 *  - igb_msix_ring: igb_write_itr (the ITR computed at the previous
 *    poll, masked 0x7FFC, 0 written as 0x4, with EITR_CNT_IGNR), then
 *    napi_schedule. MSI-X: vector 0 is the "other" vector, q_vector i
 *    uses vector i + 1 (igb_configure_msix, igb_assign_vector: IVAR
 *    entries, set_itr on the first interrupt); EIAC and EIAM auto-clear
 *    and auto-mask the queue vectors (igb_irq_enable).
 *  - Queues (igb_init_queue_configuration, igb_set_flag_queue_pairs):
 *    rss_queues = min(num_online_cpus, 4 on the I210: IGB_MAX_RX_QUEUES_82575 in igb_get_max_rss_queues); queue pairs
 *    (IGB_FLAG_QUEUE_PAIRS: TX and RX queue i share q_vector i) when
 *    rss_queues > 4 / 2, else a q_vector per TX queue and per RX queue.
 *    txq_number is ethtool -L combined N (igb_set_channels: 1 ..
 *    igb_max_channels = 4; the same rule for queue pairs).
 *  - Interrupt throttling (ethtool -C, igb_set_coalesce): rx-usecs 0 (no
 *    throttle: EITR 0x4), 1 (dynamic), 3 (dynamic conservative, the
 *    default IGB_DEFAULT_ITR), 10 .. 10000 (a fixed interval; itr_setting
 *    = usecs << 2); 2, 4 .. 9 and above 10000 are EINVAL; tx-usecs the
 *    same, but EINVAL when queues are paired (rx-usecs then sets both).
 *    The dynamic ITR (itr_setting 1 or 3), at each igb_ring_irq_enable:
 *    igb_set_itr with one q_vector (igb_update_itr's lowest / low / bulk
 *    latency ranges, IGB_70K_ITR 56, IGB_20K_ITR 196, IGB_4K_ITR 980, the
 *    step towards bulk), igb_update_ring_itr with several (avg wire size
 *    + 24, /3 between 300 and 1200, else /2; at least IGB_20K_ITR in
 *    conservative mode); below 1000 Mbit/s both fix IGB_4K_ITR. The first
 *    interval is IGB_START_ITR 648 (162 us) for a dynamic setting, the
 *    setting itself for 0 or a fixed one (igb_alloc_q_vector); it reaches
 *    EITR only in the first interrupt's igb_write_itr, so the first two
 *    messages of a vector are never throttled (EITR is 0 at reset).
 *  - Rings: IGB_DEFAULT_TXD / RXD 256; ethtool -G in [IGB_MIN_TXD 64,
 *    IGB_MAX_TXD 4096], rounded up to a multiple of 8
 *    (REQ_TX_DESCRIPTOR_MULTIPLE) by igb_set_ringparam: a value it would
 *    change is refused here, with the value it would become.
 *  - RX: igb_clean_rx_irq (descriptors with a length, up to the budget,
 *    napi_gro_receive, refill by IGB_RX_BUFFER_WRITE 16 and at the end
 *    through igb_alloc_rx_buffers, which writes RDT).
 *  - The TX watchdog: watchdog_timeo 5 * HZ (igb_probe); igb_tx_timeout
 *    schedules igb_reset_task, whose igb_reinit_locked (igb_down: rings
 *    cleaned, BQL reset; igb_up) is done here inside the watchdog timer.
 *  - Link: igb_set_itr / igb_update_ring_itr read the link speed; the
 *    I210 negotiates 10, 100 or 1000 Mbit/s, so another [link] rate is
 *    refused at probe.
 * Deviation: MSI-X vector i + 1 is affine to CPU i % CPUs (igb sets no
 * affinity hint; irqbalance or the user decides). RSS is not modelled:
 * every frame arrives on RX queue 0 (q_vector 0). The TX hang check of
 * igb_watchdog_task (IGB_RING_FLAG_TX_DETECT_HANG) and the adapter
 * watchdog, DMA coalescing, EEE, VLAN, PTP, XDP, SR-IOV and the "other"
 * vector's causes are left out. tx-frames-irq (tx_work_limit) is not a
 * setting here: IGB_DEFAULT_TX_WORK.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/igb/igb.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define MAX_SKB_FRAGS		17
#define IGB_MAX_DATA_PER_TXD	(1u << 15)
#define TXD_USE_COUNT(s)	DIV_ROUND_UP((s), IGB_MAX_DATA_PER_TXD)
#define DESC_NEEDED		(MAX_SKB_FRAGS + 4)
#define TX_WAKE_THRESHOLD	(DESC_NEEDED * 2)
#define IGB_DEFAULT_TXD		256
#define IGB_DEFAULT_RXD		256
#define IGB_MIN_TXD		64
#define IGB_MAX_TXD		4096
#define REQ_DESCRIPTOR_MULTIPLE	8
#define IGB_DEFAULT_TX_WORK	128
#define IGB_RX_BUFFER_WRITE	16
#define IGB_RXBUFFER_2048	2048
#define IGB_START_ITR		648
#define IGB_4K_ITR		980
#define IGB_20K_ITR		196
#define IGB_70K_ITR		56
#define IGB_DEFAULT_ITR		3
#define IGB_MAX_ITR_USECS	10000
#define IGB_MIN_ITR_USECS	10
#define IGB_MAX_RX_QUEUES_82575	4
#define IGB_TX_PTHRESH		8
#define IGB_TX_HTHRESH		1
#define IGB_TX_WTHRESH		16	/* not an 82576 */
#define IGB_TXQLEN		1000	/* ether_setup */
#define NON_Q_VECTORS		1
#define SPEED_1000		1000

enum latency_range { lowest_latency = 0, low_latency = 1, bulk_latency = 2 };

struct igb_tx_buffer {
	int		next_to_watch;	/* EOP descriptor, -1: none */
	struct sk_buff	*skb;
	uint32_t	bytecount;
	uint16_t	gso_segs;
};

struct igb_ring {
	struct igb_q_vector *q_vector;
	int		queue_index;
	uint32_t	count;
	uint32_t	next_to_use, next_to_clean;
	struct e1000_adv_tx_desc *tx_desc;
	struct igb_tx_buffer *tx_buffer_info;
	struct e1000_adv_rx_desc *rx_desc;
	uint64_t	reclaim_events, reclaimed, restart_queue;
	uint32_t	max_used;
};

struct igb_ring_container {
	struct igb_ring	*ring;
	uint32_t	total_bytes, total_packets;
	uint16_t	work_limit;
	uint8_t		itr;
};

struct igb_q_vector {
	struct igb_adapter *adapter;
	int		v_idx;
	uint32_t	eims_value;
	uint16_t	itr_val;
	bool		set_itr;
	struct igb_ring_container rx, tx;
	struct napi_struct napi;
	struct irq_desc	*irq;
};

struct igb_adapter {
	struct host	*host;
	struct igb_hw	hw;
	bool		queue_pairs;	/* IGB_FLAG_QUEUE_PAIRS */
	bool		bql;
	uint32_t	rss_queues, num_q_vectors;
	uint32_t	rx_itr_setting, tx_itr_setting;
	uint16_t	tx_work_limit;
	uint32_t	tx_ring_count, rx_ring_count;
	uint32_t	link_speed;	/* Mbit/s */
	uint32_t	eims_enable_mask;
	struct igb_ring	tx_ring[IGB_HW_QUEUES], rx_ring[IGB_HW_QUEUES];
	struct igb_q_vector q_vector[2 * IGB_HW_QUEUES];
	uint64_t	rx_packets, tx_timeout_count;
};

static struct igb_adapter *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t rd32(struct igb_adapter *a, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, a->host->plat->cost.mmio_read);
	return igb_hw_read(&a->hw, reg);
}

static void wr32(struct igb_adapter *a, struct cpu *cpu, uint32_t reg, uint32_t val)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, a->host->plat->cost.mmio_write);
	igb_hw_write(&a->hw, reg, val);
}

/* igb_desc_unused */
static uint32_t igb_desc_unused(const struct igb_ring *ring)
{
	if (ring->next_to_clean > ring->next_to_use)
		return ring->next_to_clean - ring->next_to_use - 1;
	return ring->count + ring->next_to_clean - ring->next_to_use - 1;
}

static uint32_t igb_ring_next(const struct igb_ring *ring, uint32_t i)
{
	return i + 1 == ring->count ? 0 : i + 1;
}

/* --- TX ------------------------------------------------------------------ */

static struct netdev_queue *txring_txq(const struct igb_ring *ring)
{
	return &ring->q_vector->adapter->host->dev.txq[ring->queue_index];
}

static int __igb_maybe_stop_tx(struct igb_ring *ring, uint32_t size)
{
	netif_tx_stop_queue(txring_txq(ring));
	if (igb_desc_unused(ring) < size)	/* no other CPU cleans meanwhile */
		return -1;
	netif_tx_wake_queue(ring->q_vector->adapter->host->cur_cpu, txring_txq(ring));
	ring->restart_queue++;
	return 0;
}

static int igb_maybe_stop_tx(struct igb_ring *ring, uint32_t size)
{
	if (igb_desc_unused(ring) >= size)
		return 0;
	return __igb_maybe_stop_tx(ring, size);
}

/* igb_tx_ctxtdesc: the context descriptor (TSO's MSS, or checksum only) */
static void igb_tx_ctxtdesc(struct igb_ring *ring, uint32_t mss)
{
	struct e1000_adv_tx_desc *desc = &ring->tx_desc[ring->next_to_use];

	desc->buffer_addr = 0;
	desc->cmd_type_len = E1000_ADVTXD_DCMD_DEXT | E1000_ADVTXD_DTYP_CTXT;
	desc->olinfo_status = mss << E1000_ADVTXD_MSS_SHIFT;
	ring->next_to_use = igb_ring_next(ring, ring->next_to_use);
}

/* igb_tso, or igb_tx_csum for a frame whose L4 checksum is offloaded */
static bool igb_tso(struct igb_ring *ring, struct igb_tx_buffer *first,
		    struct sk_buff *skb, bool tso)
{
	if (tso) {
		uint32_t hdr_len = skb->len - skb->payload_len;

		first->gso_segs = skb->gso_segs;
		first->bytecount += (uint32_t)(first->gso_segs - 1) * hdr_len;
		igb_tx_ctxtdesc(ring, skb->gso_size);
		return true;
	}
	if (skb->ip_proto == IPPROTO_TCP_ ||
	    (skb->ip_proto == IPPROTO_UDP_ && !skb->frag_off && !skb->frag_mf))
		igb_tx_ctxtdesc(ring, 0);	/* CHECKSUM_PARTIAL */
	return false;
}

static void put_data_desc(struct igb_ring *ring, uint32_t i, struct sk_buff *skb,
			  uint32_t cmd_type, uint32_t size, uint32_t olinfo)
{
	struct e1000_adv_tx_desc *desc = &ring->tx_desc[i];

	desc->buffer_addr = (uint64_t)(uintptr_t)skb;
	desc->cmd_type_len = cmd_type | size;
	desc->olinfo_status = olinfo;
}

/* igb_tx_map: one descriptor per 32 KiB of the head and of each fragment */
static void igb_tx_map(struct igb_adapter *a, struct cpu *cpu, struct igb_ring *ring,
		       struct igb_tx_buffer *first, struct sk_buff *skb, bool tso)
{
	uint32_t cmd_type = E1000_ADVTXD_DTYP_DATA | E1000_ADVTXD_DCMD_DEXT |
			    E1000_ADVTXD_DCMD_IFCS | (tso ? E1000_ADVTXD_DCMD_TSE : 0);
	uint32_t nfrags = skb->nr_frags, f = 0, i = ring->next_to_use, last = i;
	uint32_t size = skb->len - (nfrags ? skb->payload_len : 0), left = skb->len - size;
	uint32_t olinfo = skb->payload_len << E1000_ADVTXD_PAYLEN_SHIFT, n = 0;
	struct netdev_queue *txq = txring_txq(ring);

	for (;;) {
		while (size > IGB_MAX_DATA_PER_TXD) {
			put_data_desc(ring, i, skb, cmd_type, IGB_MAX_DATA_PER_TXD, olinfo);
			olinfo = 0;
			i = igb_ring_next(ring, i);
			size -= IGB_MAX_DATA_PER_TXD;
			n++;
		}
		last = i;
		if (f == nfrags)
			break;
		put_data_desc(ring, i, skb, cmd_type, size, olinfo);
		olinfo = 0;
		i = igb_ring_next(ring, i);
		n++;
		size = ++f == nfrags ? left : skb->payload_len / nfrags;
		left -= size;
	}
	put_data_desc(ring, last, skb, cmd_type | E1000_ADVTXD_DCMD_EOP |
		      E1000_ADVTXD_DCMD_RS, size, olinfo);
	n++;
	cpu_charge2(cpu, COST_xmit_pkt, a->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, (uint64_t)a->host->plat->cost.xmit_desc * n);
	if (a->bql)
		netdev_tx_sent_queue(txq, first->bytecount);
	first->next_to_watch = (int)last;
	ring->next_to_use = igb_ring_next(ring, last);
	ring->max_used = MAX(ring->max_used, ring->count - 1 - igb_desc_unused(ring));
	igb_maybe_stop_tx(ring, DESC_NEEDED);
	if (netif_xmit_stopped(txq) || !a->host->dev.xmit_more)
		wr32(a, cpu, E1000_TDT(ring->queue_index), ring->next_to_use);
}

static enum netdev_tx igb_xmit_frame_ring(struct igb_adapter *a, struct cpu *cpu,
					  struct sk_buff *skb, struct igb_ring *ring)
{
	uint32_t nfrags = skb->nr_frags, f, head = skb->len - (nfrags ? skb->payload_len : 0);
	uint32_t count = TXD_USE_COUNT(head), left = skb->len - head;
	bool tso = skb->gso_segs > 1 && a->host->dev.tso;
	struct igb_tx_buffer *first;

	for (f = 0; f < nfrags; f++) {
		uint32_t sz = f == nfrags - 1 ? left : skb->payload_len / nfrags;

		count += TXD_USE_COUNT(sz);
		left -= sz;
	}
	if (igb_maybe_stop_tx(ring, count + 3))
		return NETDEV_TX_BUSY;
	first = &ring->tx_buffer_info[ring->next_to_use];
	first->skb = skb;
	first->bytecount = skb->len;
	first->gso_segs = 1;
	igb_tso(ring, first, skb, tso);
	/* the skb is kept at the first descriptor, next_to_watch its EOP */
	igb_tx_map(a, cpu, ring, first, skb, tso);
	return NETDEV_TX_OK;
}

static enum netdev_tx igb_xmit_frame(struct sk_buff *skb, struct net_device *dev)
{
	struct igb_adapter *a = netdev_priv(dev);
	uint32_t r_idx = skb->queue_mapping;

	if (r_idx >= a->rss_queues)	/* igb_tx_queue_mapping */
		r_idx %= a->rss_queues;
	return igb_xmit_frame_ring(a, a->host->cur_cpu, skb, &a->tx_ring[r_idx]);
}

/* igb_clean_tx_irq: true if the ring was cleaned within the work limit */
static bool igb_clean_tx_irq(struct igb_q_vector *q_vector, struct cpu *cpu)
{
	struct igb_adapter *a = q_vector->adapter;
	struct igb_ring *ring = q_vector->tx.ring;
	uint32_t budget = q_vector->tx.work_limit, i = ring->next_to_clean;
	uint32_t total_bytes = 0, total_packets = 0, descs = 0;
	struct netdev_queue *txq = txring_txq(ring);

	do {
		struct igb_tx_buffer *buf = &ring->tx_buffer_info[i];
		int eop = buf->next_to_watch;

		if (eop < 0 || !(ring->tx_desc[eop].olinfo_status & E1000_TXD_STAT_DD))
			break;
		buf->next_to_watch = -1;
		total_bytes += buf->bytecount;
		total_packets += buf->gso_segs;
		dev_kfree_skb_any(cpu, buf->skb);	/* napi_consume_skb */
		buf->skb = NULL;
		while (i != (uint32_t)eop) {
			i = igb_ring_next(ring, i);
			descs++;
		}
		i = igb_ring_next(ring, i);
		descs++;
		budget--;
	} while (budget);
	cpu_charge(cpu, COST_reclaim_desc, (uint64_t)a->host->plat->cost.reclaim_desc * descs);
	if (a->bql)
		netdev_tx_completed_queue(cpu, txq, total_packets, total_bytes);
	ring->next_to_clean = i;
	ring->reclaimed += descs;
	ring->reclaim_events += descs != 0;
	q_vector->tx.total_bytes += total_bytes;
	q_vector->tx.total_packets += total_packets;
	if (total_packets && igb_desc_unused(ring) >= TX_WAKE_THRESHOLD &&
	    netif_tx_queue_stopped(txq)) {
		netif_tx_wake_queue(cpu, txq);
		ring->restart_queue++;
	}
	return budget != 0;
}

static uint32_t igb_tx_backlog(const struct net_device *dev)
{
	const struct igb_adapter *a = dev->priv;
	uint32_t n, held = 0;

	for (n = 0; n < a->rss_queues; n++)
		held += igb_hw_tx_backlog(&a->hw, (int)n);
	return held;
}

/* --- interrupt throttling ----------------------------------------------- */

/* igb_update_itr: the latency range of one ring container */
static void igb_update_itr(struct igb_ring_container *rc)
{
	uint32_t packets = rc->total_packets, bytes = rc->total_bytes;
	uint8_t itrval = rc->itr;

	if (!packets)
		return;
	switch (itrval) {
	case lowest_latency:
		if (bytes / packets > 8000)
			itrval = bulk_latency;
		else if (packets < 5 && bytes > 512)
			itrval = low_latency;
		break;
	case low_latency:
		if (bytes > 10000) {
			if (bytes / packets > 8000 || packets < 10 || bytes / packets > 1200)
				itrval = bulk_latency;
			else if (packets > 35)
				itrval = lowest_latency;
		} else if (bytes / packets > 2000) {
			itrval = bulk_latency;
		} else if (packets <= 2 && bytes < 512) {
			itrval = lowest_latency;
		}
		break;
	case bulk_latency:
		if (bytes > 25000) {
			if (packets > 35)
				itrval = low_latency;
		} else if (bytes < 1500) {
			itrval = low_latency;
		}
		break;
	}
	rc->total_bytes = rc->total_packets = 0;
	rc->itr = itrval;
}

static bool conservative(const struct igb_q_vector *qv)
{
	const struct igb_adapter *a = qv->adapter;

	return (qv->rx.ring && a->rx_itr_setting == 3) ||
	       (!qv->rx.ring && a->tx_itr_setting == 3);
}

/* igb_set_itr: one q_vector; the step towards bulk when the rate rises */
static void igb_set_itr(struct igb_q_vector *qv)
{
	uint32_t new_itr = qv->itr_val, cur;

	if (qv->adapter->link_speed != SPEED_1000) {
		new_itr = IGB_4K_ITR;
	} else {
		igb_update_itr(&qv->tx);
		igb_update_itr(&qv->rx);
		cur = MAX(qv->rx.itr, qv->tx.itr);
		if (cur == lowest_latency && conservative(qv))
			cur = low_latency;
		new_itr = cur == lowest_latency ? IGB_70K_ITR :
			  cur == low_latency ? IGB_20K_ITR : IGB_4K_ITR;
	}
	if (new_itr != qv->itr_val) {
		if (new_itr > qv->itr_val)
			new_itr = MAX((new_itr * qv->itr_val) /
				      (new_itr + (qv->itr_val >> 2u)), new_itr);
		qv->itr_val = (uint16_t)new_itr;
		qv->set_itr = true;
	}
}

/* igb_update_ring_itr: several q_vectors; from the average wire size */
static void igb_update_ring_itr(struct igb_q_vector *qv)
{
	uint32_t new_val = qv->itr_val, avg = 0;

	if (qv->adapter->link_speed != SPEED_1000) {
		new_val = IGB_4K_ITR;
	} else {
		if (qv->rx.total_packets)
			avg = qv->rx.total_bytes / qv->rx.total_packets;
		if (qv->tx.total_packets)
			avg = MAX(avg, qv->tx.total_bytes / qv->tx.total_packets);
		if (!avg)
			goto clear_counts;
		avg = MIN(avg + 24, 3000u);
		new_val = avg > 300 && avg < 1200 ? avg / 3 : avg / 2;
		if (new_val < IGB_20K_ITR && conservative(qv))
			new_val = IGB_20K_ITR;
	}
	if (new_val != qv->itr_val) {
		qv->itr_val = (uint16_t)new_val;
		qv->set_itr = true;
	}
clear_counts:
	qv->rx.total_bytes = qv->rx.total_packets = 0;
	qv->tx.total_bytes = qv->tx.total_packets = 0;
}

/* igb_write_itr: the value computed at the previous poll, into EITR */
static void igb_write_itr(struct igb_q_vector *qv, struct cpu *cpu)
{
	uint32_t itr_val = qv->itr_val & 0x7FFC;

	if (!qv->set_itr)
		return;
	if (!itr_val)
		itr_val = 0x4;
	wr32(qv->adapter, cpu, E1000_EITR(qv->v_idx + NON_Q_VECTORS),
	     itr_val | E1000_EITR_CNT_IGNR);
	qv->set_itr = false;
}

static void igb_ring_irq_enable(struct igb_q_vector *qv, struct cpu *cpu)
{
	struct igb_adapter *a = qv->adapter;

	if ((qv->rx.ring && (a->rx_itr_setting & 3)) ||
	    (!qv->rx.ring && (a->tx_itr_setting & 3))) {
		if (a->num_q_vectors == 1)
			igb_set_itr(qv);
		else
			igb_update_ring_itr(qv);
	}
	wr32(a, cpu, E1000_EIMS, qv->eims_value);
}

/* --- RX, interrupt, NAPI ------------------------------------------------ */

/* igb_alloc_rx_buffers: hand cleaned_count descriptors back, RDT last */
static void igb_alloc_rx_buffers(struct igb_adapter *a, struct cpu *cpu,
				 struct igb_ring *ring, uint32_t cleaned_count)
{
	uint32_t i = ring->next_to_use;

	if (!cleaned_count)
		return;
	while (cleaned_count--) {
		struct e1000_adv_rx_desc *desc = &ring->rx_desc[i];

		desc->pkt_addr = 0;	/* the page: the device stores the frame */
		desc->length = 0;
		desc->status_error = 0;
		i = igb_ring_next(ring, i);
	}
	if (i != ring->next_to_use) {
		ring->next_to_use = i;
		wr32(a, cpu, E1000_RDT(ring->queue_index), i);
	}
}

static int igb_clean_rx_irq(struct igb_q_vector *qv, struct cpu *cpu, int budget)
{
	struct igb_adapter *a = qv->adapter;
	struct igb_ring *ring = qv->rx.ring;
	uint32_t cleaned_count = igb_desc_unused(ring), total_bytes = 0;
	sim_time_t start = cpu_now(cpu);
	int total_packets = 0;

	while (total_packets < budget) {
		struct e1000_adv_rx_desc *desc;
		struct sk_buff *skb;

		if (cleaned_count >= IGB_RX_BUFFER_WRITE) {
			igb_alloc_rx_buffers(a, cpu, ring, cleaned_count);
			cleaned_count = 0;
		}
		desc = &ring->rx_desc[ring->next_to_clean];
		if (!desc->length)
			break;
		skb = (struct sk_buff *)(uintptr_t)desc->pkt_addr;
		skb->len = desc->length;
		skb->path[PATH_POLL] = start;
		desc->pkt_addr = 0;
		ring->next_to_clean = igb_ring_next(ring, ring->next_to_clean);
		cleaned_count++;
		cpu_charge(cpu, COST_rx_pkt, a->host->plat->cost.rx_pkt);
		total_bytes += skb->len;
		total_packets++;
		a->rx_packets++;
		napi_gro_receive(cpu, &qv->napi, skb);
	}
	qv->rx.total_packets += (uint32_t)total_packets;
	qv->rx.total_bytes += total_bytes;
	igb_alloc_rx_buffers(a, cpu, ring, cleaned_count);
	return total_packets;
}

static void igb_msix_ring(struct cpu *cpu, void *data)
{
	struct igb_q_vector *qv = data;

	igb_write_itr(qv, cpu);
	napi_schedule(cpu, &qv->napi);
}

static int igb_poll(struct napi_struct *napi, int budget)
{
	struct igb_q_vector *qv = napi->priv;
	struct cpu *cpu = napi->cpu;
	bool clean_complete = true;
	int work_done = 0;

	if (qv->tx.ring)
		clean_complete = igb_clean_tx_irq(qv, cpu);
	if (qv->rx.ring) {
		int cleaned = igb_clean_rx_irq(qv, cpu, budget);

		work_done += cleaned;
		if (cleaned >= budget)
			clean_complete = false;
	}
	napi_gro_flush(cpu, napi);
	if (!clean_complete)
		return budget;
	if (napi_complete_done(napi, work_done))
		igb_ring_irq_enable(qv, cpu);
	return work_done;
}

/* --- bring-up, reset, watchdog ------------------------------------------ */

/* igb_write_ivar */
static void igb_write_ivar(struct igb_adapter *a, uint32_t msix_vector, uint32_t index,
			   uint32_t offset)
{
	uint32_t ivar = rd32(a, NULL, E1000_IVAR(index));

	ivar &= ~((uint32_t)0xFF << offset);
	ivar |= (msix_vector | E1000_IVAR_VALID) << offset;
	wr32(a, NULL, E1000_IVAR(index), ivar);
}

/* igb_assign_vector (82580 and later, the I210's layout) */
static void igb_assign_vector(struct igb_q_vector *qv, uint32_t msix_vector)
{
	struct igb_adapter *a = qv->adapter;

	if (qv->rx.ring) {
		uint32_t q = (uint32_t)qv->rx.ring->queue_index;

		igb_write_ivar(a, msix_vector, q >> 1, (q & 1) << 4);
	}
	if (qv->tx.ring) {
		uint32_t q = (uint32_t)qv->tx.ring->queue_index;

		igb_write_ivar(a, msix_vector, q >> 1, ((q & 1) << 4) + 8);
	}
	qv->eims_value = 1u << msix_vector;
	a->eims_enable_mask |= qv->eims_value;
	qv->set_itr = true;
}

/* igb_configure_msix: vector 0 is the other causes', the queues' follow */
static void igb_configure_msix(struct igb_adapter *a)
{
	uint32_t i;

	a->eims_enable_mask = 1u << 0;	/* eims_other */
	wr32(a, NULL, E1000_GPIE, E1000_GPIE_MSIX_MODE | E1000_GPIE_PBA | E1000_GPIE_EIAME);
	for (i = 0; i < a->num_q_vectors; i++)
		igb_assign_vector(&a->q_vector[i], i + NON_Q_VECTORS);
}

static void igb_configure_tx_ring(struct igb_adapter *a, struct igb_ring *ring)
{
	uint32_t i;

	for (i = 0; i < ring->count; i++)
		ring->tx_buffer_info[i].next_to_watch = -1;
	memset(ring->tx_desc, 0, ring->count * sizeof(*ring->tx_desc));
	ring->next_to_use = ring->next_to_clean = 0;
	igb_hw_set_tx_ring(&a->hw, ring->queue_index, ring->tx_desc, ring->count);
	wr32(a, NULL, E1000_TXDCTL(ring->queue_index),
	     IGB_TX_PTHRESH | IGB_TX_HTHRESH << 8 | IGB_TX_WTHRESH << 16 |
	     E1000_TXDCTL_QUEUE_ENABLE);
}

static void igb_configure_rx_ring(struct igb_adapter *a, struct igb_ring *ring)
{
	memset(ring->rx_desc, 0, ring->count * sizeof(*ring->rx_desc));
	ring->next_to_use = ring->next_to_clean = 0;
	igb_hw_set_rx_ring(&a->hw, ring->queue_index, ring->rx_desc, ring->count);
	wr32(a, NULL, E1000_RXDCTL(ring->queue_index), E1000_RXDCTL_QUEUE_ENABLE);
	igb_alloc_rx_buffers(a, NULL, ring, igb_desc_unused(ring));
}

/* igb_up: rings, vectors, transmitter and receiver on, interrupts on */
static void igb_up(struct igb_adapter *a)
{
	uint32_t n;

	for (n = 0; n < a->rss_queues; n++) {
		igb_configure_tx_ring(a, &a->tx_ring[n]);
		igb_configure_rx_ring(a, &a->rx_ring[n]);
	}
	igb_configure_msix(a);
	wr32(a, NULL, E1000_TCTL, E1000_TCTL_EN);
	wr32(a, NULL, E1000_RCTL, E1000_RCTL_EN);
	/* igb_irq_enable */
	wr32(a, NULL, E1000_EIAC, a->eims_enable_mask);
	wr32(a, NULL, E1000_EIAM, a->eims_enable_mask);
	wr32(a, NULL, E1000_EIMS, a->eims_enable_mask);
	netif_tx_start_all_queues(&a->host->dev);
}

/* igb_down: the device reset, every ring cleaned (igb_clean_tx_ring,
 * igb_clean_rx_ring), BQL reset */
static void igb_down(struct igb_adapter *a, struct cpu *cpu)
{
	uint32_t n, i;

	netif_tx_stop_all_queues(&a->host->dev);
	wr32(a, cpu, E1000_EIMC, ~0u);
	wr32(a, cpu, E1000_CTRL, E1000_CTRL_RST);
	for (n = 0; n < a->rss_queues; n++) {
		struct igb_ring *tx = &a->tx_ring[n], *rx = &a->rx_ring[n];

		for (i = 0; i < tx->count; i++) {
			if (tx->tx_buffer_info[i].skb)
				dev_kfree_skb_any(cpu, tx->tx_buffer_info[i].skb);
			tx->tx_buffer_info[i].skb = NULL;
		}
		netdev_tx_reset_queue(txring_txq(tx));
		for (i = 0; i < rx->count; i++)
			if (rx->rx_desc[i].pkt_addr)
				skb_pool_put(a->host->pool,
					     (struct sk_buff *)(uintptr_t)rx->rx_desc[i].pkt_addr);
	}
}

/* igb_tx_timeout, then igb_reset_task's igb_reinit_locked */
static void igb_tx_timeout(struct cpu *cpu, struct net_device *dev, int txqueue)
{
	struct igb_adapter *a = netdev_priv(dev);

	(void)txqueue;
	a->tx_timeout_count++;
	igb_down(a, cpu);
	igb_up(a);
}

static const struct net_device_ops igb_netdev_ops = {
	.ndo_start_xmit = igb_xmit_frame,
	.tx_backlog = igb_tx_backlog,
	.ndo_tx_timeout = igb_tx_timeout,
};

/* --- probe: the settings igb accepts ------------------------------------ */

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

/* ethtool -G: igb_set_ringparam clamps to [64, 4096] and rounds up to 8 */
static int check_ring(int64_t n, const char *dir, enum nic_field f, char *msg, size_t len,
		      enum nic_field *field)
{
	int64_t v = n;

	if (n == -1)
		return 0;
	v = MIN(MAX(v, (int64_t)IGB_MIN_TXD), (int64_t)IGB_MAX_TXD);
	v = (v + REQ_DESCRIPTOR_MULTIPLE - 1) / REQ_DESCRIPTOR_MULTIPLE * REQ_DESCRIPTOR_MULTIPLE;
	if (v != n)
		FAIL(f, "igb-6.x: %s ring %lld is not what ethtool -G gives: igb_set_ringparam "
		     "makes it %lld (a multiple of 8 in [%d, %d])", dir, (long long)n,
		     (long long)v, IGB_MIN_TXD, IGB_MAX_TXD);
	return 0;
}

/* igb_set_coalesce's EINVAL for one usecs value */
static int check_usecs(sim_time_t t, const char *name, enum nic_field f, char *msg,
		       size_t len, enum nic_field *field)
{
	int64_t us = t / PS_PER_US;

	if (t == -1)
		return 0;
	if (t % PS_PER_US)
		FAIL(f, "igb-6.x: %s takes whole microseconds (ethtool -C)", name);
	if (us > IGB_MAX_ITR_USECS || (us > 3 && us < IGB_MIN_ITR_USECS) || us == 2)
		FAIL(f, "igb-6.x: %s %lld is refused by igb_set_coalesce (EINVAL): 0 (off), "
		     "1 (dynamic), 3 (dynamic conservative) or %d..%d us", name, (long long)us,
		     IGB_MIN_ITR_USECS, IGB_MAX_ITR_USECS);
	return 0;
}

/* the ethtool -C value as adapter->*_itr_setting */
static uint32_t itr_setting(sim_time_t t)
{
	uint32_t us = t == -1 ? IGB_DEFAULT_ITR : (uint32_t)(t / PS_PER_US);

	return us && us <= 3 ? us : us << 2;
}

static int igb_check_config(const struct nic_config *cfg, int nr_cpus,
			    char *msg, size_t len, enum nic_field *field)
{
	int64_t q = cfg->txq_number;

	if (check_ring(cfg->tx_ring, "TX", NIC_F_TX_RING, msg, len, field) ||
	    check_ring(cfg->rx_ring, "RX", NIC_F_RX_RING, msg, len, field) ||
	    check_usecs(cfg->rx_usecs, "rx-usecs", NIC_F_RX_USECS, msg, len, field) ||
	    check_usecs(cfg->tx_usecs, "tx-usecs", NIC_F_TX_USECS, msg, len, field))
		return -1;
	if (q != -1 && (q < 1 || q > IGB_MAX_RX_QUEUES_82575))
		FAIL(NIC_F_TXQ, "igb-6.x: txq_number %lld out of [1, %d] (ethtool -L combined: "
		     "igb_max_channels of the I210)", (long long)q, IGB_MAX_RX_QUEUES_82575);
	if (q == -1)
		q = MIN(nr_cpus, IGB_MAX_RX_QUEUES_82575);
	if (cfg->tx_usecs != -1 && q > IGB_MAX_RX_QUEUES_82575 / 2)
		FAIL(NIC_F_TX_USECS, "igb-6.x: tx-usecs is refused (EINVAL) while TX and RX "
		     "queues share vectors (IGB_FLAG_QUEUE_PAIRS: %lld queues > %d); rx-usecs "
		     "sets both", (long long)q, IGB_MAX_RX_QUEUES_82575 / 2);
	return 0;
}

static void igb_alloc_ring(struct igb_adapter *a, struct igb_ring *ring, int q, bool tx)
{
	ring->queue_index = q;
	if (tx) {
		ring->count = a->tx_ring_count;
		ring->tx_desc = xcalloc(ring->count, sizeof(*ring->tx_desc));
		ring->tx_buffer_info = xcalloc(ring->count, sizeof(*ring->tx_buffer_info));
	} else {
		ring->count = a->rx_ring_count;
		ring->rx_desc = xcalloc(ring->count, sizeof(*ring->rx_desc));
	}
}

/* igb_alloc_q_vector: its rings, NAPI, ITR start, its MSI-X interrupt */
static void igb_alloc_q_vector(struct igb_adapter *a, uint32_t v, struct igb_ring *tx,
			       struct igb_ring *rx)
{
	struct host *h = a->host;
	struct igb_q_vector *qv = &a->q_vector[v];
	uint32_t setting = rx ? a->rx_itr_setting : a->tx_itr_setting;
	char name[24];

	qv->adapter = a;
	qv->v_idx = (int)v;
	qv->tx.ring = tx;
	qv->rx.ring = rx;
	qv->tx.work_limit = a->tx_work_limit;
	qv->rx.itr = qv->tx.itr = low_latency;
	if (tx)
		tx->q_vector = qv;
	if (rx)
		rx->q_vector = qv;
	qv->itr_val = IGB_START_ITR;
	if (!setting || setting > 3)
		qv->itr_val = (uint16_t)setting;
	netif_napi_add(&h->dev, &qv->napi, igb_poll, h->kp->napi_weight);
	qv->napi.priv = qv;
	snprintf(name, sizeof(name), "eth0-%s-%u", tx && rx ? "TxRx" : tx ? "tx" : "rx",
		 (unsigned)(tx ? tx->queue_index : rx->queue_index));
	qv->irq = host_request_irq(h, name, (int)(v % (uint32_t)h->nr_cpus), igb_msix_ring, qv);
	igb_hw_set_msix(&a->hw, (int)v + NON_Q_VECTORS, qv->irq);
}

/* igb_alloc_q_vectors: paired, or the RX vectors first, then the TX ones */
static void igb_alloc_q_vectors(struct igb_adapter *a)
{
	uint32_t n, q = a->rss_queues;

	for (n = 0; n < q; n++) {
		igb_alloc_ring(a, &a->tx_ring[n], (int)n, true);
		igb_alloc_ring(a, &a->rx_ring[n], (int)n, false);
	}
	a->num_q_vectors = a->queue_pairs ? q : 2 * q;
	for (n = 0; n < q; n++)
		igb_alloc_q_vector(a, n, a->queue_pairs ? &a->tx_ring[n] : NULL, &a->rx_ring[n]);
	for (n = 0; n < q && !a->queue_pairs; n++)
		igb_alloc_q_vector(a, q + n, &a->tx_ring[n], NULL);
}

static int igb_probe(struct host *h, struct eth_port *port, const char *name,
		     const struct nic_config *cfg, char *msg, size_t len, enum nic_field *field)
{
	struct igb_adapter *a;
	uint32_t n;

	if (strcmp(name, "igb-6.x"))
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	if (igb_check_config(cfg, h->nr_cpus, msg, len, field))
		return -1;
	a = xcalloc(1, sizeof(*a));
	a->host = h;
	a->link_speed = (uint32_t)(port->link->rate / 1000000);
	/* igb_sw_init, igb_init_queue_configuration, igb_set_flag_queue_pairs */
	a->tx_ring_count = cfg->tx_ring != -1 ? (uint32_t)cfg->tx_ring : IGB_DEFAULT_TXD;
	a->rx_ring_count = cfg->rx_ring != -1 ? (uint32_t)cfg->rx_ring : IGB_DEFAULT_RXD;
	a->tx_work_limit = IGB_DEFAULT_TX_WORK;
	a->rss_queues = cfg->txq_number != -1 ? (uint32_t)cfg->txq_number :
			(uint32_t)MIN(h->nr_cpus, IGB_MAX_RX_QUEUES_82575);
	a->queue_pairs = a->rss_queues > IGB_MAX_RX_QUEUES_82575 / 2;
	a->rx_itr_setting = itr_setting(cfg->rx_usecs);
	a->tx_itr_setting = a->queue_pairs ? a->rx_itr_setting : itr_setting(cfg->tx_usecs);
	a->bql = cfg->bql != 0;
	h->drv = a;
	h->drv_name = "igb-6.x";
	netdev_init(&h->dev, h, "eth0", (int)a->rss_queues,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : IGB_TXQLEN));
	h->dev.ops = &igb_netdev_ops;
	h->dev.priv = a;
	h->dev.tso = cfg->tso != 0;	/* NETIF_F_TSO */
	for (n = 0; n < a->rss_queues && a->bql; n++) {	/* dql_init(HZ) */
		h->dev.txq[n].bql_on = true;
		bql_init(&h->dev.txq[n].bql, (unsigned int)h->hz, 0);
	}
	igb_hw_init(&a->hw, h, port, host_skb_truesize(h, IGB_RXBUFFER_2048));
	igb_alloc_q_vectors(a);
	igb_up(a);
	h->dev.watchdog_timeo = 5 * (uint64_t)h->hz;
	netdev_watchdog_up(&h->dev);
	return 0;
}

static void igb_remove(struct host *h)
{
	struct igb_adapter *a = h->drv;
	uint32_t n;

	for (n = 0; n < a->rss_queues; n++) {
		free(a->tx_ring[n].tx_desc);
		free(a->tx_ring[n].tx_buffer_info);
		free(a->rx_ring[n].rx_desc);
	}
	free(a);
}

/* --- what it implements ------------------------------------------------- */

#define YES		((struct nic_cap){ NIC_SUPPORTED, NULL })
#define NO(why)		((struct nic_cap){ NIC_UNSUPPORTED, why })
#define IF(cond)	((struct nic_cap){ NIC_SUPPORTED_IF, cond })

/* tx-usecs: only with a vector per TX queue (queue pairs off) */
static struct nic_cap cap_tx_usecs(const struct nic_config *cfg, char *now, size_t len)
{
	static const char cond[] = "TX and RX queues on separate vectors (txq_number <= 2, "
				   "or at most 2 CPUs)";

	if (!cfg)
		return IF(cond);
	if (cfg->txq_number > IGB_MAX_RX_QUEUES_82575 / 2) {
		snprintf(now, len, "pairs its %lld queues on shared vectors",
			 (long long)cfg->txq_number);
		return IF(cond);
	}
	return YES;	/* igb_probe refuses it if the CPU count pairs them */
}

/*
 * igb's ethtool_ops (6.x): supported_coalesce_params USECS |
 * MAX_FRAMES_IRQ (the latter is tx-frames-irq, the TX work limit), get /
 * set_ringparam, get / set_channels (combined only), NETIF_F_TSO, BQL
 * (netdev_tx_sent_queue in igb_tx_map). No ndo_select_queue.
 */
static struct nic_cap igb_cap(const char *name, enum nic_field f,
			      const struct nic_config *cfg, char *now, size_t len)
{
	(void)name;
	snprintf(now, len, "has its default queues");
	switch (f) {
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
	case NIC_F_RX_USECS:
	case NIC_F_TX_QUEUE_LEN:
	case NIC_F_TSO:
	case NIC_F_TXQ:
	case NIC_F_BQL:
		return YES;
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		if (cfg && cfg->bql == 0)
			return NO("bql = off");
		return cfg ? YES : IF("bql = on");
	case NIC_F_TX_USECS:
		return cap_tx_usecs(cfg, now, len);
	case NIC_F_TX_FRAMES:
	case NIC_F_RX_FRAMES:
		return NO("igb throttles with the EITR interval (rx-usecs); it has no frame "
			  "counts (tx-frames-irq is its TX work limit)");
	case NIC_F_ADAPTIVE_RX:
		return NO("igb has no adaptive-rx: rx-usecs 1 or 3 selects its dynamic ITR");
	case NIC_F_RXQ:
		return NO("igb's ethtool -L sets combined channels: RX queues follow txq_number");
	case NIC_F_TX_SELECT:
		if (!cfg)
			return IF("tx_select = kernel");
		if (cfg->tx_select && !strcmp(cfg->tx_select, "cpu"))
			return NO("igb has no ndo_select_queue: the kernel picks (XPS, the "
				  "flow hash)");
		return YES;
	case NIC_F_XPS_CPUS:
		if (cfg && cfg->txq_number == 1)
			return NO("txq_number = 1: one TX queue");
		return cfg ? YES : IF("more than one TX queue");
	case NIC_F_IRQ_CPU:
	case NIC_F_RXQ_DEF:
		return NO("its MSI-X vector for queue i is on CPU i");
	case NIC_F_TX_RECLAIM:
	case NIC_F_TX_TIMER_PERIOD:
		return NO("it reclaims in the NAPI poll of the queue's MSI-X vector");
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_ARBITER:
	case NIC_F_TX_WRR_WEIGHT:
		return NO("its TX queues are served in turn (no arbiter setting)");
	default:
		return NO(NULL);
	}
}

static void igb_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	(void)name;
	switch (f) {
	case NIC_F_TX_RING: snprintf(buf, len, "%d", IGB_DEFAULT_TXD); break;
	case NIC_F_RX_RING: snprintf(buf, len, "%d", IGB_DEFAULT_RXD); break;
	case NIC_F_RX_USECS:
	case NIC_F_TX_USECS: snprintf(buf, len, "%dus", IGB_DEFAULT_ITR); break;
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", IGB_TXQLEN); break;
	case NIC_F_TSO:
	case NIC_F_BQL: snprintf(buf, len, "on"); break;
	case NIC_F_BQL_LIMIT_MIN: snprintf(buf, len, "0"); break;
	case NIC_F_BQL_LIMIT_MAX: snprintf(buf, len, "1879048192"); break;
	case NIC_F_BQL_HOLD_TIME: snprintf(buf, len, "1s"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	case NIC_F_TXQ: snprintf(buf, len, "min(CPUs,4)"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

/* How TX is reclaimed, with the TX vectors' ITR setting in force (ethtool
 * -c tx-usecs; rx-usecs where the queues are paired). */
static void igb_reclaim_words(const struct igb_adapter *a, char *buf, size_t len)
{
	uint32_t s = a->tx_itr_setting;
	const char *v = "NAPI poll of the queue's MSI-X vector";

	if (!s)
		snprintf(buf, len, "%s, EITR off", v);
	else if (s == 1 || s == 3)
		snprintf(buf, len, "%s, dynamic EITR%s", v, s == 3 ? " (conservative)" : "");
	else
		snprintf(buf, len, "%s, EITR %u us", v, s >> 2);
}

static void igb_info(const struct host *h, struct nic_info *info)
{
	const struct igb_adapter *a = h->drv;

	info->driver = "igb-6.x";
	igb_reclaim_words(a, info->reclaim, sizeof(info->reclaim));
	info->nr_txq = (int)a->rss_queues;
	info->nr_rxq = (int)a->rss_queues;
	snprintf(info->tx_arb, sizeof(info->tx_arb), a->rss_queues > 1 ?
		 "one frame per ready queue in turn" : "one queue");
	info->rx_packets = a->rx_packets;
	info->rx_no_desc_drops = a->hw.rx_missed;
	info->irq_tx = a->hw.irq_tx;
	info->irq_rx = a->hw.irq_rx;
	/* ethtool -c (igb_get_coalesce) */
	info->rx_coal_usecs = a->rx_itr_setting <= 3 ? a->rx_itr_setting : a->rx_itr_setting >> 2;
}

static void igb_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct igb_adapter *a = h->drv;
	const struct igb_ring *ring = &a->tx_ring[q];

	st->packets = a->hw.txq[q].frames;
	st->bytes = a->hw.txq[q].bytes;
	st->reclaim_events = ring->reclaim_events;
	st->reclaimed = ring->reclaimed;
	st->ring_size = ring->count;
	st->ring_max_used = ring->max_used;
	st->ring_used = ring->count - 1 - igb_desc_unused(ring);
	st->tx_frames = E1000_TXDCTL_WTHRESH(a->hw.txq[q].txdctl);
}

/* --check: the device's next fetch and its write-back head lie between
 * next_to_clean and next_to_use, and TDT is next_to_use or behind it
 * (xmit_more). */
static bool between(const struct igb_ring *r, uint32_t i)
{
	uint32_t used = r->count - 1 - igb_desc_unused(r);
	uint32_t off = i >= r->next_to_clean ? i - r->next_to_clean : i + r->count - r->next_to_clean;

	return off <= used;
}

static int igb_check(const struct host *h, char *msg, size_t len)
{
	const struct igb_adapter *a = h->drv;
	uint32_t n;

	for (n = 0; n < a->rss_queues; n++) {
		const struct igb_ring *r = &a->tx_ring[n];
		const struct igb_hw_txq *q = &a->hw.txq[n];

		if (!between(r, q->rd) || !between(r, q->wb_head) || !between(r, q->tdt)) {
			snprintf(msg, len, "igb: TX queue %u: device fetch %u, write-back %u, "
				 "TDT %u outside next_to_clean %u .. next_to_use %u", n, q->rd,
				 q->wb_head, q->tdt, r->next_to_clean, r->next_to_use);
			return -1;
		}
	}
	return 0;
}

static const char *const igb_names[] = { "igb-6.x", NULL };

const struct nic_driver igb_driver = {
	.names = igb_names,
	.cap = igb_cap,
	.get_default = igb_default,
	.probe = igb_probe,
	.remove = igb_remove,
	.info = igb_info,
	.queue_stats = igb_queue_stats,
	.check = igb_check,
	/* the I210: 10, 100, 1000 (igb_get_link_ksettings) */
	.link_speeds = nic_link_speeds_gbit,
};
