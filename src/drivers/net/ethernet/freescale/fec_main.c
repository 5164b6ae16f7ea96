// SPDX-License-Identifier: MIT
/*
 * fec driver (drivers/net/ethernet/freescale/fec_main.c, fec.h), per
 * era, for the ENET of the i.MX8MQ (the device: src/hw/fec/).
 *
 * Read in torvalds/linux fec_main.c at 002bba562dd3 and fec.h at
 * 0140a7168f8b (6.x trees). Models fec_enet_start_xmit with
 * fec_enet_txq_submit_skb (one descriptor for the linear part and one
 * per page fragment, INTR | LAST on the last, READY on the first last,
 * the skb kept at the last; dropped if fewer than MAX_SKB_FRAGS + 1
 * descriptors are free) and fec_enet_txq_submit_tso (software TSO: a
 * header descriptor and the data descriptors per segment, INTR only on
 * the last; dropped if tso_count_descs does not fit), the TDAR doorbell,
 * the stop at tx_stop_threshold (FEC_MAX_SKB_DESCS = 2 * 100 + 17 = 217
 * free or fewer) and the wake in fec_enet_tx_queue at tx_wake_threshold
 * ((512 - 217) / 2 = 147 free), fec_enet_tx_queue's reclaim and its
 * ERR006358 TDAR re-write, fec_enet_interrupt (read and acknowledge EIR,
 * IMASK = 0, napi_schedule), fec_enet_rx_napi (RX then TX, repeated
 * while events keep coming; napi_complete_done, IMASK =
 * FEC_DEFAULT_IMASK), fec_enet_rx_queue (acknowledge RXF per frame, RDAR
 * per frame), the coalescing of fec_enet_itr_coal_set (TXIC0 / RXIC0:
 * ICEN, ICCS, ICFT, ICTT from fec_enet_us_to_itr_clock), the checks of
 * fec_enet_set_coalesce, and fec_timeout / fec_enet_timeout_work
 * (fec_restart). TX_RING_SIZE 512, RX_RING_SIZE 512, no ethtool -G (no
 * set_ringparam), no BQL (no netdev_tx_sent_queue in the tree read),
 * watchdog_timeo TX_TIMEOUT = 2 * HZ, NAPI weight NAPI_POLL_WEIGHT.
 *
 * The profiles differ in interrupt coalescing:
 *  - fec-3.17: before commit d851b47b22fc "net: fec: add interrupt
 *    coalescence feature support": no coalesce ops, TXIC0 / RXIC0 never
 *    written, so one TXF per frame sent and one RXF per frame received.
 *  - fec-6.x: coalescing on devices with FEC_QUIRK_HAS_COALESCE (i.MX6SX,
 *    i.MX6UL, i.MX8MQ, i.MX8QM; not the i.MX6Q), FEC_ITR_ICFT_DEFAULT
 *    200 frames and FEC_ITR_ICTT_DEFAULT 1000 us for TX and RX, written
 *    by fec_restart at every (re)start, ethtool -C rx/tx-usecs and
 *    rx/tx-frames (supported_coalesce_params USECS | MAX_FRAMES).
 *    fec_enet_itr_coal_set as b7ad21258f9e "net: fec: allow disable
 *    coalescing" (June 2025; in the 5.10 to 6.12 stable trees from
 *    August 2025) writes it: per direction, ICEN only with ICTT > 0 and
 *    more than one frame, else TXIC0 / RXIC0 = 0, coalescing off, an
 *    interrupt per frame (rx-usecs 0, rx-frames 0 or 1). Before that
 *    commit any of the four values 0 made it return and leave both
 *    registers as they were; fec_enet_set_coalesce refuses neither 0.
 *    UNVERIFIED: whether the 002bba562dd3 tree carries b7ad21258f9e; the
 *    era is read with it, the rule of every maintained 6.x tree.
 * UNVERIFIED: that d851b47b22fc first shipped in 3.18 (it is a
 * September 2014 net-next commit; no tag was checked), hence the name
 * fec-3.17 for the last release without it. The 3.17 driver is modelled
 * as the 6.x one without coalescing. Deviation: its other differences
 * (fec_enet_interrupt's work_tx / work_rx bookkeeping, the RX-only mask
 * while NAPI runs, the RX ring of skbs instead of the page pool) are not
 * modelled.
 * Two defects of the coalescing code between those eras are not
 * modelled (docs/observations.md, part L): until commit "net: fec: don't
 * reset irq coalesce settings to defaults on "ip link up"" (2022) every
 * fec_restart rewrote the defaults (fec_enet_itr_coal_init), and older
 * fec_enet_set_coalesce checked the stored usecs instead of the new ones.
 * The itr clock: clk_ahb, on the i.MX8MQ IMX8MQ_CLK_ENET1_ROOT under
 * ENET_AXI, whose parent imx8mq.dtsi assigns as SYS1_PLL_266M:
 * 266666666 Hz (800 MHz / 3; the PLL's 800 MHz is UNVERIFIED).
 * fec_enet_us_to_itr_clock(us) = us * (rate / 64000) / 1000, so one
 * unit is 64 cycles = 240 ns, and the default 1000 us is 4166 units =
 * 999.84 us; the largest tx-usecs ethtool -C accepts is 15731 (65535
 * units).
 * Deviation: the device has three TX rings on the i.MX8MQ (fsl,num-tx-
 * queues = 3) but fec_enet_select_queue sends untagged traffic to ring
 * 0: one TX and one RX queue are modelled. fec_enet_timeout_work runs
 * on a workqueue with NAPI disabled; here the restart runs inside the
 * watchdog's timer. RX buffers are the frames the device stores.
 * Leaves out: the PHY and link changes, pause frames, VLAN, checksum
 * offload, hardware timestamps, XDP, copybreak, EEE.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/fec/fec.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define MAX_SKB_FRAGS		17
#define FEC_MAX_TSO_SEGS	100
#define FEC_MAX_SKB_DESCS	(FEC_MAX_TSO_SEGS * 2 + MAX_SKB_FRAGS)
#define TX_RING_SIZE		512
#define RX_RING_SIZE		512	/* FEC_ENET_RX_FRPPG (2 on 4 KiB pages) * 256 */
#define FEC_ENET_RX_FRSIZE	2048
#define FEC_TXQLEN		1000	/* ether_setup (alloc_etherdev_mqs) */
#define FEC_ITR_ICFT_DEFAULT	200
#define FEC_ITR_ICTT_DEFAULT	1000	/* us */
#define FEC_ITR_CLK_RATE	266666666ULL	/* clk_ahb on the i.MX8MQ */
#define TSO_PAGE		32768u	/* TCP's sk_page_frag pages */

struct fec_profile {
	const char	*name;
	bool		coalesce;	/* FEC_QUIRK_HAS_COALESCE and the ops */
	const char	*reclaim;	/* for nic_info */
	const char	*defect, *fixed_by, *fix;
};

static const struct fec_profile profiles[] = {
	{ "fec-3.17", false, "tx-irq per frame",
	  "no interrupt coalescing: a TX interrupt for every frame sent and an RX "
	  "interrupt for every frame received",
	  "fec-6.x", "d851b47b22fc \"net: fec: add interrupt coalescence feature support\"" },
	{ "fec-6.x", true, "tx-irq per frame (TXIC0 off)", NULL, NULL, NULL },
};

struct fec_enet_private {
	struct host	*host;
	const struct fec_profile *prof;
	struct fec_hw	hw;
	struct irq_desc	*irq;
	struct napi_struct napi;
	/* TX ring 0 */
	struct fec_bufdesc tx_bd[TX_RING_SIZE];
	struct sk_buff	*tx_skbuff[TX_RING_SIZE];
	uint32_t	cur, dirty_tx;	/* bd.cur, dirty_tx (indices) */
	uint32_t	tx_stop_threshold, tx_wake_threshold;
	/* RX ring 0 */
	struct fec_bufdesc rx_bd[RX_RING_SIZE];
	uint32_t	rx_cur;
	/* hw interrupt coalesce (fep->*_itr) */
	uint32_t	rx_pkts_itr, rx_time_itr, tx_pkts_itr, tx_time_itr;
	uint64_t	itr_clk_rate;
	uint64_t	reclaim_events, reclaimed, rx_packets, restarts;
	uint32_t	max_used;
};

static struct fec_enet_private *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t readl(struct fec_enet_private *fep, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, fep->host->plat->cost.mmio_read);
	return fec_hw_read(&fep->hw, reg);
}

static void writel(struct fec_enet_private *fep, struct cpu *cpu, uint32_t val, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, fep->host->plat->cost.mmio_write);
	fec_hw_write(&fep->hw, reg, val);
}

/* --- coalescing ---------------------------------------------------------- */

static uint32_t fec_enet_us_to_itr_clock(const struct fec_enet_private *fep, uint32_t us)
{
	return (uint32_t)((uint64_t)us * (fep->itr_clk_rate / 64000) / 1000);
}

/* One direction's TXIC0 / RXIC0: on only with ICTT > 0 and more than one
 * frame (b7ad21258f9e), else 0, coalescing off: an interrupt per frame. */
static uint32_t fec_itr_value(const struct fec_enet_private *fep, uint32_t pkts, uint32_t us)
{
	uint32_t ictt = fec_enet_us_to_itr_clock(fep, us);

	if (!ictt || pkts <= 1)
		return 0;
	return FEC_ITR_EN | FEC_ITR_CLK_SEL | FEC_ITR_ICFT(pkts) | FEC_ITR_ICTT(ictt);
}

static void fec_enet_itr_coal_set(struct fec_enet_private *fep, struct cpu *cpu)
{
	writel(fep, cpu, fec_itr_value(fep, fep->tx_pkts_itr, fep->tx_time_itr), FEC_TXIC0);
	writel(fep, cpu, fec_itr_value(fep, fep->rx_pkts_itr, fep->rx_time_itr), FEC_RXIC0);
}

/* --- TX ------------------------------------------------------------------ */

static uint32_t fec_next(uint32_t i, uint32_t size)
{
	return i + 1 == size ? 0 : i + 1;
}

/* fec_enet_get_free_txdesc_num */
static uint32_t fec_enet_get_free_txdesc_num(const struct fec_enet_private *fep)
{
	int entries = (int)fep->dirty_tx - (int)fep->cur - 1;

	return (uint32_t)(entries >= 0 ? entries : entries + TX_RING_SIZE);
}

static uint32_t tx_used(const struct fec_enet_private *fep)
{
	return TX_RING_SIZE - 1 - fec_enet_get_free_txdesc_num(fep);
}

static uint16_t wrap_bit(uint32_t i)
{
	return i == TX_RING_SIZE - 1 ? BD_ENET_TX_WRAP : 0;
}

/* Fill one descriptor (not yet READY unless ready). */
static void put_bd(struct fec_enet_private *fep, uint32_t i, struct sk_buff *skb,
		   uint32_t len, uint16_t flags, uint32_t seg_off, bool hdr)
{
	struct fec_bufdesc *bd = &fep->tx_bd[i];

	bd->buf = (uint64_t)(uintptr_t)skb;
	bd->cbd_datlen = (uint16_t)len;
	bd->seg_off = seg_off;
	bd->tso_hdr = hdr;
	bd->cbd_esc = flags & BD_ENET_TX_INTR ? BD_ENET_TX_INT : 0;
	bd->cbd_sc = (uint16_t)(wrap_bit(i) | BD_ENET_TX_TC | flags);
}

static void note_used(struct fec_enet_private *fep)
{
	fep->max_used = MAX(fep->max_used, tx_used(fep));
}

static void fec_enet_txq_submit_skb(struct fec_enet_private *fep, struct cpu *cpu,
				    struct sk_buff *skb)
{
	uint32_t nfrags = skb->nr_frags, first = fep->cur, i = first, f, last;
	uint32_t head = skb->len - (nfrags ? skb->payload_len : 0), left = skb->len - head;

	if (fec_enet_get_free_txdesc_num(fep) < MAX_SKB_FRAGS + 1) {
		fep->host->dev.tx_dropped++;	/* "NOT enough BD for SG!" */
		dev_kfree_skb_any(cpu, skb);
		return;
	}
	cpu_charge2(cpu, COST_xmit_pkt, fep->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, (uint64_t)fep->host->plat->cost.xmit_desc * (nfrags + 1));
	last = first;
	for (f = 0; f < nfrags; f++) {	/* fec_enet_txq_submit_frag_skb */
		uint32_t n = f == nfrags - 1 ? left : skb->payload_len / nfrags;

		i = fec_next(i, TX_RING_SIZE);
		put_bd(fep, i, skb, n, BD_ENET_TX_READY |
		       (f == nfrags - 1 ? BD_ENET_TX_INTR | BD_ENET_TX_LAST : 0), 0, false);
		left -= n;
		last = i;
	}
	put_bd(fep, first, skb, head, nfrags ? 0 : BD_ENET_TX_INTR | BD_ENET_TX_LAST, 0, false);
	fep->tx_skbuff[last] = skb;
	fep->tx_bd[first].cbd_sc |= BD_ENET_TX_READY;	/* after the rest */
	fep->cur = fec_next(last, TX_RING_SIZE);
	writel(fep, cpu, 0, FEC_X_DES_ACTIVE_0);
}

/* tso_count_descs: two per segment and the fragments */
static uint32_t tso_count_descs(const struct sk_buff *skb)
{
	return 2u * skb->gso_segs + skb->nr_frags;
}

static void fec_enet_txq_submit_tso(struct fec_enet_private *fep, struct cpu *cpu,
				    struct sk_buff *skb)
{
	uint32_t hdr = skb->len - skb->payload_len, off, i = fep->cur, n = 0, last = i;

	if (tso_count_descs(skb) >= fec_enet_get_free_txdesc_num(fep)) {
		fep->host->dev.tx_dropped++;	/* "NOT enough BD for TSO!" */
		dev_kfree_skb_any(cpu, skb);
		return;
	}
	for (off = 0; off < skb->payload_len; off += skb->gso_size) {
		uint32_t seg = MIN((uint32_t)skb->gso_size, skb->payload_len - off), done = 0;
		bool last_seg = off + seg >= skb->payload_len;

		put_bd(fep, i, skb, hdr, BD_ENET_TX_READY, off, true);
		n++;
		while (done < seg) {	/* fec_enet_txq_put_data_tso, page by page */
			uint64_t pos = skb->seq + off + done;
			uint32_t sz = MIN(TSO_PAGE - (uint32_t)(pos % TSO_PAGE), seg - done);
			bool seg_end = done + sz == seg;

			i = fec_next(i, TX_RING_SIZE);
			put_bd(fep, i, skb, sz, BD_ENET_TX_READY |
			       (seg_end ? BD_ENET_TX_LAST : 0) |
			       (seg_end && last_seg ? BD_ENET_TX_INTR : 0), off, false);
			done += sz;
			n++;
		}
		last = i;
		i = fec_next(i, TX_RING_SIZE);
	}
	cpu_charge2(cpu, COST_xmit_pkt, fep->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, (uint64_t)fep->host->plat->cost.xmit_desc * n);
	cpu_charge(cpu, COST_gso_seg, (uint64_t)fep->host->plat->cost.gso_seg * skb->gso_segs);
	fep->tx_skbuff[last] = skb;
	fep->cur = i;
	writel(fep, cpu, 0, FEC_X_DES_ACTIVE_0);
}

static enum netdev_tx fec_enet_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct fec_enet_private *fep = netdev_priv(ndev);
	struct cpu *cpu = fep->host->cur_cpu;
	struct netdev_queue *nq = &ndev->txq[0];

	if (skb->gso_segs > 1 && ndev->tso)
		fec_enet_txq_submit_tso(fep, cpu, skb);
	else
		fec_enet_txq_submit_skb(fep, cpu, skb);
	note_used(fep);
	if (fec_enet_get_free_txdesc_num(fep) <= fep->tx_stop_threshold)
		netif_tx_stop_queue(nq);
	return NETDEV_TX_OK;
}

/* fec_enet_tx_queue: give back every descriptor the device is done with. */
static void fec_enet_tx_queue(struct fec_enet_private *fep, struct cpu *cpu)
{
	struct netdev_queue *nq = &fep->host->dev.txq[0];
	uint32_t bdp = fec_next(fep->dirty_tx, TX_RING_SIZE);
	uint64_t before = fep->reclaimed;

	while (bdp != fep->cur) {
		struct fec_bufdesc *bd = &fep->tx_bd[bdp];
		struct sk_buff *skb = fep->tx_skbuff[bdp];

		if (bd->cbd_sc & BD_ENET_TX_READY)
			break;
		cpu_charge(cpu, COST_reclaim_desc, fep->host->plat->cost.reclaim_desc);
		fep->tx_skbuff[bdp] = NULL;
		bd->buf = 0;
		if (skb)
			dev_kfree_skb_any(cpu, skb);
		fep->dirty_tx = bdp;
		fep->reclaimed++;
		bdp = fec_next(bdp, TX_RING_SIZE);
		if (netif_tx_queue_stopped(nq) &&
		    fec_enet_get_free_txdesc_num(fep) >= fep->tx_wake_threshold)
			netif_tx_wake_queue(cpu, nq);
	}
	fep->reclaim_events += fep->reclaimed != before;
	/* ERR006358: keep the transmitter going */
	if (bdp != fep->cur && readl(fep, cpu, FEC_X_DES_ACTIVE_0) == 0)
		writel(fep, cpu, 0, FEC_X_DES_ACTIVE_0);
}

static uint32_t fec_tx_backlog(const struct net_device *dev)
{
	const struct fec_enet_private *fep = dev->priv;

	return fec_hw_tx_backlog(&fep->hw);
}

/* --- RX, interrupt, NAPI ------------------------------------------------ */

static int fec_enet_rx_queue(struct fec_enet_private *fep, struct cpu *cpu, int budget,
			     sim_time_t start)
{
	int pkt_received = 0;

	while (!(fep->rx_bd[fep->rx_cur].cbd_sc & BD_ENET_RX_EMPTY)) {
		struct fec_bufdesc *bd = &fep->rx_bd[fep->rx_cur];
		struct sk_buff *skb = (struct sk_buff *)(uintptr_t)bd->buf;

		if (pkt_received >= budget)
			break;
		pkt_received++;
		writel(fep, cpu, FEC_ENET_RXF_0, FEC_IEVENT);
		skb->len = bd->cbd_datlen;
		skb->path[PATH_POLL] = start;
		bd->buf = 0;
		bd->cbd_sc = (uint16_t)((bd->cbd_sc & BD_ENET_RX_WRAP) | BD_ENET_RX_EMPTY);
		cpu_charge(cpu, COST_rx_pkt, fep->host->plat->cost.rx_pkt);
		fep->rx_packets++;
		netif_receive_skb(cpu, skb);
		fep->rx_cur = fec_next(fep->rx_cur, RX_RING_SIZE);
		writel(fep, cpu, 0, FEC_R_DES_ACTIVE_0);
	}
	return pkt_received;
}

/* fec_enet_collect_events: read and acknowledge EIR (but MII). */
static bool fec_enet_collect_events(struct fec_enet_private *fep, struct cpu *cpu)
{
	uint32_t int_events = readl(fep, cpu, FEC_IEVENT) & ~FEC_ENET_MII;

	writel(fep, cpu, int_events, FEC_IEVENT);
	return int_events != 0;
}

static void fec_enet_interrupt(struct cpu *cpu, void *dev_id)
{
	struct fec_enet_private *fep = dev_id;

	if (fec_enet_collect_events(fep, cpu) && !fep->napi.scheduled) {
		writel(fep, cpu, 0, FEC_IMASK);
		napi_schedule(cpu, &fep->napi);
	}
}

static int fec_enet_rx_napi(struct napi_struct *napi, int budget)
{
	struct fec_enet_private *fep = napi->priv;
	struct cpu *cpu = napi->cpu;
	sim_time_t start = cpu_now(cpu);
	int done = 0;

	do {
		done += fec_enet_rx_queue(fep, cpu, budget - done, start);
		fec_enet_tx_queue(fep, cpu);
	} while (done < budget && fec_enet_collect_events(fep, cpu));
	if (done < budget) {
		napi_complete_done(napi, done);
		writel(fep, cpu, FEC_DEFAULT_IMASK, FEC_IMASK);
	}
	return done;
}

/* --- bring-up, restart, watchdog --------------------------------------- */

/* fec_enet_bd_init: RX descriptors EMPTY, TX ones free, skbs freed. */
static void fec_enet_bd_init(struct fec_enet_private *fep, struct cpu *cpu)
{
	uint32_t i;

	for (i = 0; i < RX_RING_SIZE; i++) {
		struct fec_bufdesc *bd = &fep->rx_bd[i];

		if (bd->buf && !(bd->cbd_sc & BD_ENET_RX_EMPTY))
			skb_pool_put(fep->host->pool, (struct sk_buff *)(uintptr_t)bd->buf);
		memset(bd, 0, sizeof(*bd));
		bd->cbd_sc = (uint16_t)(BD_ENET_RX_EMPTY |
					(i == RX_RING_SIZE - 1 ? BD_ENET_RX_WRAP : 0));
		bd->cbd_esc = BD_ENET_RX_INT;
	}
	fep->rx_cur = 0;
	for (i = 0; i < TX_RING_SIZE; i++) {
		if (fep->tx_skbuff[i])
			dev_kfree_skb_any(cpu, fep->tx_skbuff[i]);
		fep->tx_skbuff[i] = NULL;
		memset(&fep->tx_bd[i], 0, sizeof(fep->tx_bd[i]));
		fep->tx_bd[i].cbd_sc = wrap_bit(i);
	}
	fep->cur = 0;
	fep->dirty_tx = TX_RING_SIZE - 1;
}

/* fec_restart: MAC off, events cleared, rings, MAC on, mask, coalescing. */
static void fec_restart(struct fec_enet_private *fep, struct cpu *cpu)
{
	writel(fep, cpu, 0, FEC_ECNTRL);
	writel(fep, cpu, 0xffffffffu & ~FEC_ENET_MII, FEC_IEVENT);
	fec_enet_bd_init(fep, cpu);
	fec_hw_set_rings(&fep->hw, fep->tx_bd, TX_RING_SIZE, fep->rx_bd, RX_RING_SIZE,
			 host_skb_truesize(fep->host, FEC_ENET_RX_FRSIZE));
	writel(fep, cpu, FEC_ECR_ETHEREN, FEC_ECNTRL);
	writel(fep, cpu, 0, FEC_R_DES_ACTIVE_0);
	writel(fep, cpu, FEC_DEFAULT_IMASK, FEC_IMASK);
	if (fep->prof->coalesce)
		fec_enet_itr_coal_set(fep, cpu);
}

static void fec_timeout(struct cpu *cpu, struct net_device *ndev, int txqueue)
{
	struct fec_enet_private *fep = netdev_priv(ndev);

	(void)txqueue;	/* counted by dev_watchdog (trans_timeout) */
	fep->restarts++;
	fec_restart(fep, cpu);	/* fec_enet_timeout_work */
	netif_tx_start_all_queues(ndev);	/* netif_tx_wake_all_queues */
}

static const struct net_device_ops fec_netdev_ops = {
	.ndo_start_xmit = fec_enet_start_xmit,
	.tx_backlog = fec_tx_backlog,
	.ndo_tx_timeout = fec_timeout,
};

static const struct fec_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

/* fec_enet_set_coalesce's checks, on the values ethtool -C would pass
 * (the current ones where the scenario leaves a setting). */
static int fec_check_coalesce(const struct nic_config *cfg, char *msg, size_t len,
			      enum nic_field *field)
{
	uint64_t per_us = FEC_ITR_CLK_RATE / 64000;

	if (cfg->rx_frames > 255)
		FAIL(NIC_F_RX_FRAMES, "fec: rx-frames %lld exceeds the hardware limit 255 "
		     "(ethtool -C)", (long long)cfg->rx_frames);
	if (cfg->tx_frames > 255)
		FAIL(NIC_F_TX_FRAMES, "fec: tx-frames %lld exceeds the hardware limit 255 "
		     "(ethtool -C)", (long long)cfg->tx_frames);
	if (cfg->rx_usecs != -1 &&
	    (uint64_t)(cfg->rx_usecs / PS_PER_US) * per_us / 1000 > 0xffff)
		FAIL(NIC_F_RX_USECS, "fec: rx-usecs %lld exceeds the hardware limit "
		     "(ICTT 0xffff units of 64 clk_ahb cycles: at most 15731us) (ethtool -C)",
		     (long long)(cfg->rx_usecs / PS_PER_US));
	if (cfg->tx_usecs != -1 &&
	    (uint64_t)(cfg->tx_usecs / PS_PER_US) * per_us / 1000 > 0xffff)
		FAIL(NIC_F_TX_USECS, "fec: tx-usecs %lld exceeds the hardware limit "
		     "(ICTT 0xffff units of 64 clk_ahb cycles: at most 15731us) (ethtool -C)",
		     (long long)(cfg->tx_usecs / PS_PER_US));
	if (cfg->rx_usecs != -1 && cfg->rx_usecs % PS_PER_US)
		FAIL(NIC_F_RX_USECS, "fec: rx-usecs takes whole microseconds (ethtool -C)");
	if (cfg->tx_usecs != -1 && cfg->tx_usecs % PS_PER_US)
		FAIL(NIC_F_TX_USECS, "fec: tx-usecs takes whole microseconds (ethtool -C)");
	return 0;
}

static int fec_probe(struct host *h, struct eth_port *port, const char *name,
		     const struct nic_config *cfg, char *msg, size_t len, enum nic_field *field)
{
	const struct fec_profile *p = find_profile(name);
	struct fec_enet_private *fep;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	if (p->coalesce && fec_check_coalesce(cfg, msg, len, field))
		return -1;
	fep = xcalloc(1, sizeof(*fep));
	fep->host = h;
	fep->prof = p;
	fep->itr_clk_rate = FEC_ITR_CLK_RATE;
	fep->tx_stop_threshold = FEC_MAX_SKB_DESCS;
	fep->tx_wake_threshold = (TX_RING_SIZE - FEC_MAX_SKB_DESCS) / 2;
	fep->rx_pkts_itr = fep->tx_pkts_itr = FEC_ITR_ICFT_DEFAULT;
	fep->rx_time_itr = fep->tx_time_itr = FEC_ITR_ICTT_DEFAULT;
	h->drv = fep;
	h->drv_name = p->name;
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : FEC_TXQLEN));
	h->dev.ops = &fec_netdev_ops;
	h->dev.priv = fep;
	h->dev.tso = cfg->tso != 0;	/* NETIF_F_TSO with FEC_QUIRK_HAS_CSUM */
	fep->irq = host_request_irq(h, "fec", 0, fec_enet_interrupt, fep);
	fec_hw_init(&fep->hw, h, port, fep->irq, fep->itr_clk_rate);
	netif_napi_add(&h->dev, &fep->napi, fec_enet_rx_napi, h->kp->napi_weight);
	fep->napi.priv = fep;
	fec_restart(fep, NULL);	/* fec_enet_open */
	if (p->coalesce && (cfg->rx_frames != -1 || cfg->tx_frames != -1 ||
			    cfg->rx_usecs != -1 || cfg->tx_usecs != -1)) {
		/* then ethtool -C: fec_enet_set_coalesce */
		if (cfg->rx_frames != -1)
			fep->rx_pkts_itr = (uint32_t)cfg->rx_frames;
		if (cfg->tx_frames != -1)
			fep->tx_pkts_itr = (uint32_t)cfg->tx_frames;
		if (cfg->rx_usecs != -1)
			fep->rx_time_itr = (uint32_t)(cfg->rx_usecs / PS_PER_US);
		if (cfg->tx_usecs != -1)
			fep->tx_time_itr = (uint32_t)(cfg->tx_usecs / PS_PER_US);
		fec_enet_itr_coal_set(fep, NULL);
	}
	netif_tx_start_all_queues(&h->dev);
	h->dev.watchdog_timeo = 2 * (uint64_t)h->hz;	/* TX_TIMEOUT */
	netdev_watchdog_up(&h->dev);
	return 0;
}

static void fec_remove(struct host *h)
{
	free(h->drv);
}

/* --- what it implements ------------------------------------------------ */

static struct nic_cap fec_cap(const char *name, enum nic_field f,
			      const struct nic_config *cfg, char *now, size_t len)
{
	const struct fec_profile *p = find_profile(name);

	if (!p)		/* fec_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_TX_QUEUE_LEN:
	case NIC_F_TSO:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_SELECT:
		if (!cfg)
			return (struct nic_cap){ NIC_SUPPORTED_IF, "tx_select = kernel" };
		if (cfg->tx_select && !strcmp(cfg->tx_select, "cpu"))
			return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_FRAMES:
	case NIC_F_RX_FRAMES:
	case NIC_F_RX_USECS:
	case NIC_F_TX_USECS:
		if (p->coalesce)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no ethtool coalesce ops "
					 "before d851b47b22fc: one interrupt per frame" };
	case NIC_F_ADAPTIVE_RX:
		return (struct nic_cap){ NIC_UNSUPPORTED, "its coalescing is fixed ICFT/ICTT "
					 "(no adaptive-rx)" };
	case NIC_F_BQL:
		if (cfg && cfg->bql != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "it has no BQL" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no BQL" };
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no ethtool -G: "
					 "TX_RING_SIZE and RX_RING_SIZE are 512" };
	case NIC_F_TXQ:
	case NIC_F_XPS_CPUS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
	case NIC_F_RXQ:
	case NIC_F_RXQ_DEF:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one RX queue" };
	case NIC_F_IRQ_CPU:
		return (struct nic_cap){ NIC_UNSUPPORTED, "its interrupt line is on CPU 0" };
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

static void fec_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	(void)name;
	switch (f) {
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", FEC_TXQLEN); break;
	case NIC_F_TSO: snprintf(buf, len, "on"); break;
	case NIC_F_BQL: snprintf(buf, len, "off"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	case NIC_F_TX_FRAMES:
	case NIC_F_RX_FRAMES: snprintf(buf, len, "%d", FEC_ITR_ICFT_DEFAULT); break;
	case NIC_F_TX_USECS:
	case NIC_F_RX_USECS: snprintf(buf, len, "%dus", FEC_ITR_ICTT_DEFAULT); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static void fec_info(const struct host *h, struct nic_info *info)
{
	const struct fec_enet_private *fep = h->drv;
	uint32_t ric = fep->hw.ric.reg;

	info->driver = fep->prof->name;
	if (fep->hw.tic.reg & FEC_ITR_EN)	/* what fec_enet_itr_coal_set wrote */
		snprintf(info->reclaim, sizeof(info->reclaim), "tx-irq after %u frames or %u us "
			 "(TXIC0)", fep->tx_pkts_itr, fep->tx_time_itr);
	else
		snprintf(info->reclaim, sizeof(info->reclaim), "%s", fep->prof->reclaim);
	info->defect = fep->prof->defect;
	info->fixed_by = fep->prof->fixed_by;
	info->fix = fep->prof->fix;
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = fep->rx_packets;
	info->rx_no_desc_drops = fep->hw.rx_no_buf;
	info->irq_tx = fep->hw.irq_tx;
	info->irq_rx = fep->hw.irq_rx;
	if (ric & FEC_ITR_EN) {	/* ethtool -c: what the driver stored */
		info->rx_coal_frames = fep->rx_pkts_itr;
		info->rx_coal_usecs = fep->rx_time_itr;
	}
}

static void fec_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct fec_enet_private *fep = h->drv;
	uint32_t tic = fep->hw.tic.reg;

	(void)q;
	st->packets = fep->hw.tx_frames;
	st->bytes = fep->hw.tx_bytes;
	st->reclaim_events = fep->reclaim_events;
	st->reclaimed = fep->reclaimed;
	st->ring_size = TX_RING_SIZE;
	st->ring_max_used = fep->max_used;
	st->ring_used = tx_used(fep);
	st->tx_frames = tic & FEC_ITR_EN ? FEC_ITR_GET_ICFT(tic) : 1;
}

/* --check: the descriptors between dirty_tx and cur the device has not
 * given back start at the device's read index, and none outside is READY. */
static int fec_check(const struct host *h, char *msg, size_t len)
{
	const struct fec_enet_private *fep = h->drv;
	uint32_t i, p = fec_next(fep->dirty_tx, TX_RING_SIZE), used = tx_used(fep);

	for (i = 0; i < used; i++, p = fec_next(p, TX_RING_SIZE))
		if (fep->tx_bd[p].cbd_sc & BD_ENET_TX_READY)
			break;
	if (i < used && p != fep->hw.tx_rd) {
		snprintf(msg, len, "fec: first READY TX descriptor %u, device reads %u",
			 p, fep->hw.tx_rd);
		return -1;
	}
	for (i = used, p = fep->cur; i < TX_RING_SIZE - 1; i++, p = fec_next(p, TX_RING_SIZE)) {
		if (fep->tx_bd[p].cbd_sc & BD_ENET_TX_READY) {
			snprintf(msg, len, "fec: TX descriptor %u is READY but outside "
				 "dirty_tx %u .. cur %u", p, fep->dirty_tx, fep->cur);
			return -1;
		}
	}
	return 0;
}

/* The eras, in the order users see them (nicsim keys). */
static const char *const fec_names[] = { "fec-3.17", "fec-6.x", NULL };

const struct nic_driver fec_driver = {
	.names = fec_names,
	.cap = fec_cap,
	.get_default = fec_default,
	.probe = fec_probe,
	.remove = fec_remove,
	.info = fec_info,
	.queue_stats = fec_queue_stats,
	.check = fec_check,
	/* an ENET with FEC_QUIRK_HAS_GBIT (i.MX6, i.MX8): fec_enet_mii_probe
	 * caps the PHY at 1000 Mbit/s */
	.link_speeds = nic_link_speeds_gbit,
};
