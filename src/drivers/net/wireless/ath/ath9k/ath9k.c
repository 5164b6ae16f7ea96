// SPDX-License-Identifier: MIT
/*
 * mac80211's TX path and ath9k's aggregation, per era, for a 2x2 802.11n
 * station (AR9003 family) whose A-MPDUs complete as one batch at their
 * block-ack (the device, the air and the access point: src/hw/wifi/
 * ar9003.h).
 *
 * Models, in mac80211 (net/mac80211/tx.c): ieee80211_subif_start_xmit
 * as the netdev's ndo_start_xmit, which since 36148c2bbfbe ("mac80211:
 * Adjust TSQ pacing shift", first in v4.16-rc5) calls
 * sk_pacing_shift_update(skb->sk, 8) for a frame to a known station, so
 * TCP Small Queues lets about 4 ms of the pacing rate wait below the
 * socket instead of the 1 ms of sock_init_data's 10; later trees take the
 * value from hw.tx_sk_pacing_shift, 7 by default (main.c,
 * ieee80211_alloc_hw_nm) and call it in ieee80211_tx_8023 too;
 * ieee80211_tx -> drv_tx; and in net/mac80211/status.c
 * ieee80211_tx_status, where a completed frame's skb is freed (which
 * uncharges its socket: TSQ sees the bytes leave only then).
 * In ath9k (drivers/net/wireless/ath/ath9k/xmit.c, main.c): ath9k_tx ->
 * ath_tx_start (the frame joins its TID's queue; txq->pending_frames
 * counts it, and above txq_max_pending (ATH_MAX_QDEPTH, 123) the queue is
 * stopped with ieee80211_stop_queue); ath_txq_schedule (while the
 * hardware queue holds fewer than ATH_AGGR_MIN_QDEPTH (2) A-MPDUs) ->
 * ath_tx_form_aggr (subframes while the A-MPDU stays within the limit of
 * ath_lookup_rate, min(4 ms at the rate, 65535 bytes), and within half
 * the block-ack window, 32) -> ath_tx_txqaddbuf (descriptors, then the
 * queue's TXDP); ath_isr (read AR_ISR, mask, schedule the tasklet) ->
 * ath9k_tasklet -> ath_tx_edma_tasklet (the TX status ring) ->
 * ath_tx_process_buffer -> ath_tx_complete_aggr (every subframe the
 * block-ack acknowledges) -> ath_tx_complete_buf -> ath_tx_complete ->
 * ieee80211_tx_status, and ath_txq_skb_done (pending_frames back, the
 * queue woken below txq_max_pending); ath_rx_tasklet (frames up, buffers
 * back); ath_tx_complete_poll_work (every ATH_TX_COMPLETE_POLL_INT,
 * 1000 ms: a queue with frames that completed nothing since the last
 * run is a TX hang, and ath_reset drains it).
 * Read: the pacing-shift lines of mac80211 tx.c and main.c as quoted in
 * the public mirrors found (the 8, the later hard-coded 7 with its
 * "~8ms" comment, hw.tx_sk_pacing_shift = 7 in ieee80211_alloc_hw_nm),
 * and the ath10k patch thread "ath10k: Set sk_pacing_shift to 6 for 11AC
 * WiFi chips" (Wen Gong, 2018, not merged). The ath9k function names,
 * ATH_MAX_QDEPTH, ATH_AGGR_MIN_QDEPTH, the 4 ms / 65535 limits, half the
 * BAW, and ATH_TX_COMPLETE_POLL_INT are from memory of ath9k's xmit.c,
 * ath9k.h and link.c, UNVERIFIED against a 4.15 tree; so is the text of
 * 36148c2bbfbe (its measurements were not found).
 * The profiles:
 *  - ath9k-4.15: before 36148c2bbfbe: the socket keeps TSQ's shift 10;
 *    about 1 ms of pacing rate may wait below it, less than one A-MPDU
 *    in the air plus one queued behind it, so the aggregates shrink and
 *    a single TCP flow loses throughput.
 *  - ath9k-4.16: sk_pacing_shift_update(skb->sk, 8) in mac80211's xmit.
 * Deviation: ath9k has used mac80211's intermediate software queues
 * (wake_tx_queue, fq_codel per TID) since 4.9; here the TID queue is a
 * FIFO filled by ath_tx_start, and the netdev queue is stopped at
 * txq_max_pending frames as the push path did, with the qdisc above.
 * Deviation: the tasklet is a softirq-context work item of the
 * interrupt's CPU; frames go up with netif_receive_skb.
 * Leaves out: rate control (minstrel_ht; one MCS), retries and the
 * block-ack window's holes (every subframe acknowledged), other stations
 * and airtime fairness, power save, management frames, encryption, the
 * non-aggregated queues (VO/VI/BK: one best-effort queue), AQL (5.5),
 * monitor and AP modes.
 * No ethtool -C (no coalesce ops), no -G (mac80211's set_ringparam goes to
 * a driver op ath9k does not have), no TSO (mac80211 offers no GSO
 * offload to ath9k), no BQL (mac80211 has none).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/wifi/ar9003.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "net/core/sock.h"
#include "sim/engine/util.h"

#define ATH_TXBUF		512	/* TX descriptors */
#define ATH_TXS_RING		64	/* TX status entries */
#define ATH_RXBUF		512
#define ATH_MAX_QDEPTH		123	/* txq_max_pending */
#define ATH_AGGR_MIN_QDEPTH	2
#define ATH_TID_QLEN		256	/* > ATH_MAX_QDEPTH + 1 */
#define ATH_TX_COMPLETE_POLL_INT 1000	/* ms */
#define ATH9K_TXQLEN		1000	/* ether_setup */
#define ATH9K_RX_BUFSIZE	3872	/* an AR9003 RX buffer, UNVERIFIED */

struct ath9k_profile {
	const char	*name;
	int		pacing_shift;	/* sk_pacing_shift_update's value; 0: not called */
	const char	*defect, *fixed_by, *fix;
};

static const struct ath9k_profile profiles[] = {
	{ "ath9k-4.15", 0,
	  "TSQ keeps ~1 ms of pacing rate below the socket, less than the A-MPDUs in flight",
	  "ath9k-4.16", "36148c2bbfbe \"mac80211: Adjust TSQ pacing shift\"" },
	{ "ath9k-4.16", 8, NULL, NULL, NULL },
};

struct ath_softc {
	struct host	*host;
	const struct ath9k_profile *prof;
	struct ar9003_hw hw;
	struct irq_desc	*irq;
	struct ar_tx_desc txd[ATH_TXBUF];
	struct ar_tx_status txs[ATH_TXS_RING];
	struct ar_rx_desc rxd[ATH_RXBUF];
	uint32_t	tx_wr, tx_clean, txs_rd, rx_rd;
	/* the TID's queue (see Deviation) */
	struct sk_buff	*tid_q[ATH_TID_QLEN];
	uint32_t	tid_head, tid_len;
	/* struct ath_txq */
	uint32_t	pending_frames, axq_depth, axq_ampdu_depth;
	bool		stopped, axq_tx_inprogress;
	uint32_t	txq_max_pending;
	struct work	tasklet;
	struct timer_list poll_work;
	uint32_t	rx_truesize;
	uint64_t	completed, completions, ampdus, tx_hangs, rx_packets;
	uint32_t	max_pending;
};

static struct ath_softc *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t reg_read(struct ath_softc *sc, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, sc->host->plat->cost.mmio_read);
	return ar9003_hw_read(&sc->hw, reg);
}

static void reg_write(struct ath_softc *sc, struct cpu *cpu, uint32_t reg, uint32_t val)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, sc->host->plat->cost.mmio_write);
	ar9003_hw_write(&sc->hw, reg, val);
}

/* --- aggregation (xmit.c) ---------------------------------------------- */

/* ath_lookup_rate's aggregate limit: 4 ms at the rate, at most 65535. */
static uint32_t ath_aggr_limit(void)
{
	return MIN(ar9003_max_len_us(AMPDU_MAX_US), AMPDU_MAX_LEN);
}

/* ath_tx_form_aggr: how many frames of the TID queue make the next
 * A-MPDU. */
static uint32_t ath_tx_form_aggr(const struct ath_softc *sc)
{
	uint32_t n = 0, len = 0, limit = ath_aggr_limit();

	while (n < sc->tid_len && n < AMPDU_MAX_SUBFRAMES) {
		const struct sk_buff *skb = sc->tid_q[(sc->tid_head + n) % ATH_TID_QLEN];
		uint32_t sub = ar9003_subframe_len(ar9003_mpdu_len(skb->len));

		if (n && len + sub > limit)
			break;
		len += sub;
		n++;
	}
	return n;
}

/* ath_tx_txqaddbuf: the A-MPDU's descriptors, OWN on the first last, then
 * the queue's TX descriptor pointer. */
static void ath_tx_txqaddbuf(struct ath_softc *sc, struct cpu *cpu, uint32_t n)
{
	uint32_t i, first = sc->tx_wr;
	uint32_t aggr = n > 1 ? AR_TXD_AGGR : 0;

	for (i = 0; i < n; i++) {
		struct sk_buff *skb = sc->tid_q[sc->tid_head];
		struct ar_tx_desc *d = &sc->txd[(first + i) % ATH_TXBUF];

		sc->tid_q[sc->tid_head] = NULL;
		sc->tid_head = (sc->tid_head + 1) % ATH_TID_QLEN;
		sc->tid_len--;
		d->buf = (uint64_t)(uintptr_t)skb;
		d->ctl = aggr | (i + 1 < n ? AR_TXD_MORE : 0) | ar9003_mpdu_len(skb->len);
		if (i)
			d->ctl |= AR_TXD_OWN;
		cpu_charge(cpu, COST_xmit_desc, sc->host->plat->cost.xmit_desc);
	}
	sc->txd[first].ctl |= AR_TXD_OWN;
	sc->tx_wr = (first + n) % ATH_TXBUF;
	sc->axq_depth += n;
	sc->axq_ampdu_depth++;
	sc->ampdus++;
	reg_write(sc, cpu, AR_Q_TXD, sc->tx_wr);
}

/* ath_txq_schedule: keep ATH_AGGR_MIN_QDEPTH A-MPDUs in the hardware. */
static void ath_txq_schedule(struct ath_softc *sc, struct cpu *cpu)
{
	uint32_t n;

	while (sc->axq_ampdu_depth < ATH_AGGR_MIN_QDEPTH && sc->tid_len) {
		n = ath_tx_form_aggr(sc);
		if ((sc->tx_wr + ATH_TXBUF - sc->tx_clean) % ATH_TXBUF + n >= ATH_TXBUF)
			break;
		ath_tx_txqaddbuf(sc, cpu, n);
	}
}

/* ath_tx_start: onto the TID, counted in pending_frames. */
static void ath_tx_start(struct ath_softc *sc, struct cpu *cpu, struct sk_buff *skb)
{
	struct netdev_queue *txq = &sc->host->dev.txq[0];

	BUG_ON(sc->tid_len == ATH_TID_QLEN);
	sc->tid_q[(sc->tid_head + sc->tid_len) % ATH_TID_QLEN] = skb;
	sc->tid_len++;
	if (++sc->pending_frames > sc->txq_max_pending && !sc->stopped) {
		netif_tx_stop_queue(txq);	/* ieee80211_stop_queue */
		sc->stopped = true;
	}
	sc->max_pending = MAX(sc->max_pending, sc->pending_frames);
	ath_txq_schedule(sc, cpu);
}

/* ieee80211_subif_start_xmit -> ieee80211_xmit -> ieee80211_tx ->
 * drv_tx -> ath9k_tx. */
static enum netdev_tx ieee80211_subif_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct ath_softc *sc = netdev_priv(dev);
	struct cpu *cpu = sc->host->cur_cpu;

	cpu_charge(cpu, COST_xmit_pkt, sc->host->plat->cost.xmit_pkt);
	if (sc->prof->pacing_shift)
		sk_pacing_shift_update(skb->sk, sc->prof->pacing_shift);
	ath_tx_start(sc, cpu, skb);
	return NETDEV_TX_OK;
}

/* --- completion (xmit.c, status.c) ------------------------------------- */

/* ath_txq_skb_done: one frame less pending; wake below the limit. */
static void ath_txq_skb_done(struct ath_softc *sc, struct cpu *cpu)
{
	struct netdev_queue *txq = &sc->host->dev.txq[0];

	sc->pending_frames--;
	if (sc->stopped && sc->pending_frames < sc->txq_max_pending) {
		sc->stopped = false;
		netif_tx_wake_queue(cpu, txq);	/* ieee80211_wake_queue */
	}
}

/* ath_tx_complete -> ieee80211_tx_status: the skb is freed here. */
static void ath_tx_complete(struct ath_softc *sc, struct cpu *cpu, struct sk_buff *skb)
{
	cpu_charge(cpu, COST_reclaim_desc, sc->host->plat->cost.reclaim_desc);
	dev_kfree_skb_any(cpu, skb);
	sc->completed++;
	ath_txq_skb_done(sc, cpu);
}

/* ath_tx_complete_aggr: every subframe the block-ack acknowledges. */
static void ath_tx_complete_aggr(struct ath_softc *sc, struct cpu *cpu, uint32_t first,
				 uint32_t n, uint32_t ba)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		struct ar_tx_desc *d = &sc->txd[(first + i) % ATH_TXBUF];
		struct sk_buff *skb = (struct sk_buff *)(uintptr_t)d->buf;

		BUG_ON(!(ba & (1u << (i & 31))));	/* no retries modelled */
		d->buf = 0;
		d->ctl = 0;
		ath_tx_complete(sc, cpu, skb);
	}
	sc->tx_clean = (first + n) % ATH_TXBUF;
	sc->axq_depth -= n;
	sc->axq_ampdu_depth--;
	sc->completions++;
	sc->axq_tx_inprogress = false;
}

static void ath_tx_edma_tasklet(struct ath_softc *sc, struct cpu *cpu)
{
	for (;;) {
		struct ar_tx_status *s = &sc->txs[sc->txs_rd];
		uint32_t info = s->info;

		if (!(info & AR_TXS_DONE))
			break;
		s->info = 0;
		sc->txs_rd = (sc->txs_rd + 1) % ATH_TXS_RING;
		ath_tx_complete_aggr(sc, cpu, AR_TXS_FIRST(info), AR_TXS_NFRAMES(info),
				     s->ba_bitmap);
	}
	ath_txq_schedule(sc, cpu);
}

static void ath_rx_tasklet(struct ath_softc *sc, struct cpu *cpu)
{
	sim_time_t start = cpu_now(cpu);

	while (sc->rxd[sc->rx_rd].ctl & AR_RXD_DONE) {
		struct ar_rx_desc *d = &sc->rxd[sc->rx_rd];
		struct sk_buff *skb = (struct sk_buff *)(uintptr_t)d->buf;

		d->buf = 0;
		d->ctl = AR_RXD_OWN;	/* the buffer back to the hardware */
		sc->rx_rd = (sc->rx_rd + 1) % ATH_RXBUF;
		skb->truesize = sc->rx_truesize;
		skb->path[PATH_POLL] = start;
		cpu_charge(cpu, COST_rx_pkt, sc->host->plat->cost.rx_pkt);
		sc->rx_packets++;
		netif_receive_skb(cpu, skb);	/* ieee80211_rx -> ieee80211_deliver_skb */
	}
}

#define ATH9K_INT_MASK	(AR_ISR_TXOK | AR_ISR_RXOK)

static void ath9k_tasklet(struct cpu *cpu, struct work *w)
{
	struct ath_softc *sc = w->arg;

	ath_tx_edma_tasklet(sc, cpu);
	ath_rx_tasklet(sc, cpu);
	reg_write(sc, cpu, AR_IMR, ATH9K_INT_MASK);	/* ath9k_hw_resume_interrupts */
}

/* ath_isr: acknowledge, mask, defer to the tasklet. */
static void ath_isr(struct cpu *cpu, void *dev_id)
{
	struct ath_softc *sc = dev_id;
	uint32_t status = reg_read(sc, cpu, AR_ISR);

	reg_write(sc, cpu, AR_ISR, status);
	if (status & ATH9K_INT_MASK) {
		reg_write(sc, cpu, AR_IMR, 0);	/* ath9k_hw_kill_interrupts */
		cpu_queue_work(cpu, &sc->tasklet);
	}
}

/* --- the TX hang check (link.c) ------------------------------------------ */

/* ath_draintxq: the chip's queue stopped, every frame not completed freed. */
static void ath_reset(struct ath_softc *sc, struct cpu *cpu)
{
	ar9003_hw_stop_tx(&sc->hw);
	while (sc->tx_clean != sc->tx_wr) {
		struct ar_tx_desc *d = &sc->txd[sc->tx_clean];

		if (d->ctl & AR_TXD_OWN)	/* on the air: completes */
			break;
		if (d->buf)
			ath_tx_complete(sc, cpu, (struct sk_buff *)(uintptr_t)d->buf);
		d->buf = 0;
		d->ctl = 0;
		sc->tx_clean = (sc->tx_clean + 1) % ATH_TXBUF;
		sc->axq_depth--;
	}
	if (!sc->axq_depth)
		sc->axq_ampdu_depth = 0;
	ath_txq_schedule(sc, cpu);
}

static void ath_tx_complete_poll_work(struct cpu *cpu, struct timer_list *t)
{
	struct ath_softc *sc = t->arg;

	if (sc->axq_depth) {
		if (sc->axq_tx_inprogress) {
			sc->tx_hangs++;
			ath_reset(sc, cpu);
		} else {
			sc->axq_tx_inprogress = true;
		}
	}
	mod_timer(cpu, t, cpu_jiffies(cpu) + msecs_to_jiffies(cpu, ATH_TX_COMPLETE_POLL_INT));
}

static uint32_t ath9k_tx_backlog(const struct net_device *dev)
{
	const struct ath_softc *sc = dev->priv;

	return ar9003_hw_tx_backlog(&sc->hw) + sc->tid_len;
}

static const struct net_device_ops ieee80211_dataif_ops = {
	.ndo_start_xmit = ieee80211_subif_start_xmit,
	.tx_backlog = ath9k_tx_backlog,
};

/* --- probe ---------------------------------------------------------------- */

static const struct ath9k_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

/* ath9k_start: rings, interrupts, the hang check. */
static void ath9k_start(struct ath_softc *sc)
{
	struct host *h = sc->host;
	uint32_t i;

	for (i = 0; i < ATH_RXBUF; i++)
		sc->rxd[i].ctl = AR_RXD_OWN;
	ar9003_hw_set_rings(&sc->hw, sc->txd, ATH_TXBUF, sc->txs, ATH_TXS_RING,
			    sc->rxd, ATH_RXBUF);
	reg_write(sc, NULL, AR_IMR, ATH9K_INT_MASK);
	netif_tx_start_all_queues(&h->dev);
	timer_setup(&sc->poll_work, ath_tx_complete_poll_work, sc);
	mod_timer(&h->cpus[0], &sc->poll_work,
		  cpu_jiffies(&h->cpus[0]) + msecs_to_jiffies(&h->cpus[0], ATH_TX_COMPLETE_POLL_INT));
}

static int ath9k_probe(struct host *h, struct eth_port *port, const char *name,
		       const struct nic_config *cfg, char *msg, size_t len,
		       enum nic_field *field)
{
	const struct ath9k_profile *p = find_profile(name);
	struct ath_softc *sc;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	sc = xcalloc(1, sizeof(*sc));
	sc->host = h;
	sc->prof = p;
	sc->txq_max_pending = ATH_MAX_QDEPTH;
	sc->rx_truesize = host_skb_truesize(h, ATH9K_RX_BUFSIZE);
	h->drv = sc;
	h->drv_name = p->name;
	netdev_init(&h->dev, h, "wlan0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : ATH9K_TXQLEN));
	h->dev.ops = &ieee80211_dataif_ops;
	h->dev.priv = sc;
	h->dev.tso = false;
	sc->irq = host_request_irq(h, "ath9k", 0, ath_isr, sc);
	ar9003_hw_init(&sc->hw, h, port, sc->irq);
	work_init(&sc->tasklet, CTX_SOFTIRQ, ath9k_tasklet, sc);
	ath9k_start(sc);
	return 0;
}

static void ath9k_remove(struct host *h)
{
	struct ath_softc *sc = h->drv;
	uint32_t i;

	for (i = 0; i < AP_QLEN; i++)	/* frames the AP still held */
		if (sc->hw.apq[i])
			skb_pool_put(h->pool, sc->hw.apq[i]);
	free(sc);
}

/* --- what it implements ------------------------------------------------- */

static struct nic_cap ath9k_cap(const char *name, enum nic_field f,
				const struct nic_config *cfg, char *now, size_t len)
{
	if (!find_profile(name))	/* ath9k_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_TX_QUEUE_LEN:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_SELECT:
		if (!cfg)
			return (struct nic_cap){ NIC_SUPPORTED_IF, "tx_select = kernel" };
		if (cfg->tx_select && !strcmp(cfg->tx_select, "cpu"))
			return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TSO:
		if (cfg && cfg->tso != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "mac80211 offers ath9k no TSO" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "tso = off" };
	case NIC_F_BQL:
		if (cfg && cfg->bql != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "mac80211 has no BQL" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		return (struct nic_cap){ NIC_UNSUPPORTED, "mac80211 has no BQL" };
	case NIC_F_TX_FRAMES:
	case NIC_F_RX_FRAMES:
	case NIC_F_RX_USECS:
	case NIC_F_TX_USECS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "ath9k has no ethtool coalesce ops: "
					 "it completes at each block-ack" };
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
		return (struct nic_cap){ NIC_UNSUPPORTED, "ath9k has no set_ringparam op" };
	case NIC_F_TXQ:
	case NIC_F_XPS_CPUS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
	case NIC_F_RXQ:
	case NIC_F_RXQ_DEF:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one RX queue" };
	case NIC_F_IRQ_CPU:
		return (struct nic_cap){ NIC_UNSUPPORTED, "its interrupt is on CPU 0" };
	case NIC_F_TX_RECLAIM:
	case NIC_F_TX_TIMER_PERIOD:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it frees TX skbs at the block-ack, "
					 "in its tasklet" };
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_ARBITER:
	case NIC_F_TX_WRR_WEIGHT:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no TX queue arbiter" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, NULL };
	}
}

static void ath9k_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	(void)name;
	switch (f) {
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", ATH9K_TXQLEN); break;
	case NIC_F_TSO: snprintf(buf, len, "off"); break;
	case NIC_F_BQL: snprintf(buf, len, "off"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static void ath9k_info(const struct host *h, struct nic_info *info)
{
	const struct ath_softc *sc = h->drv;

	info->driver = sc->prof->name;
	snprintf(info->reclaim, sizeof(info->reclaim), "block-ack");
	info->defect = sc->prof->defect;
	info->fixed_by = sc->prof->fixed_by;
	info->fix = sc->prof->fix;
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = sc->rx_packets;
	info->rx_no_desc_drops = sc->hw.rx_no_desc;
	info->irq_tx = sc->hw.irqs;	/* one line for both directions */
	info->irq_rx = sc->hw.irqs;
}

static void ath9k_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct ath_softc *sc = h->drv;

	(void)q;
	st->packets = sc->hw.tx_mpdus;
	st->bytes = sc->hw.tx_bytes;
	st->reclaim_events = sc->completions;
	st->reclaimed = sc->completed;
	st->ring_size = sc->txq_max_pending;
	st->ring_max_used = sc->max_pending;
	st->ring_used = sc->pending_frames;
	st->tx_frames = sc->hw.max_ampdu;
}

/* --check: pending_frames is the TID's frames plus the descriptors not
 * completed; at most ATH_AGGR_MIN_QDEPTH A-MPDUs in the hardware. */
static int ath9k_check(const struct host *h, char *msg, size_t len)
{
	const struct ath_softc *sc = h->drv;
	uint32_t used = (sc->tx_wr + ATH_TXBUF - sc->tx_clean) % ATH_TXBUF;

	if (used != sc->axq_depth || sc->pending_frames != sc->tid_len + sc->axq_depth) {
		snprintf(msg, len, "ath9k: %u descriptors held, axq_depth %u, pending %u, tid %u",
			 used, sc->axq_depth, sc->pending_frames, sc->tid_len);
		return -1;
	}
	if (sc->axq_ampdu_depth > ATH_AGGR_MIN_QDEPTH) {
		snprintf(msg, len, "ath9k: %u A-MPDUs in the hardware", sc->axq_ampdu_depth);
		return -1;
	}
	return 0;
}

static const char *const ath9k_names[] = { "ath9k-4.15", "ath9k-4.16", NULL };

const struct nic_driver ath9k_driver = {
	.names = ath9k_names,
	.cap = ath9k_cap,
	.get_default = ath9k_default,
	.probe = ath9k_probe,
	.remove = ath9k_remove,
	.info = ath9k_info,
	.queue_stats = ath9k_queue_stats,
	.check = ath9k_check,
};
