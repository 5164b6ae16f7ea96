// SPDX-License-Identifier: MIT
/*
 * usbnet (drivers/net/usb/usbnet.c) with an smsc95xx-like minidriver, per
 * era, for a USB 2.0 high-speed Ethernet adapter such as the Raspberry Pi
 * 3 Model B's LAN9514 (the device: src/hw/usb/usb2.h).
 *
 * Models usbnet_start_xmit (the minidriver's tx_fixup puts its framing
 * before the frame; one bulk-OUT URB per skb; the skb joins dev->txq and
 * the queue stops once txq.qlen >= tx_qlen), smsc95xx_bind's hard_mtu
 * (hard_header_len = ETH_HLEN + SMSC95XX_TX_OVERHEAD_CSUM = 26, hard_mtu
 * = mtu + hard_header_len = 1526), usbnet_update_max_qlen (at high speed
 * tx_qlen = MAX_QUEUE_MEMORY / hard_mtu = 60 * 1518 / 1526 = 59, rx_qlen
 * = MAX_QUEUE_MEMORY / rx_urb_size), the HCD's interrupt and
 * URB giveback (ehci_irq, then usb_giveback_urb_bh: completions run in a
 * BH since HCD_BH, 3.12), tx_complete and rx_complete -> defer_bh (the
 * skb moves to dev->done, the first one schedules the bottom half),
 * usbnet_bh (tx_done: the skb is freed, which uncharges its socket;
 * rx_done: rx_process hands the URB's frames up; then RX URBs refilled, at most
 * 10 a pass (rx_alloc_submit), and the queue woken while txq.qlen <
 * tx_qlen), and usbnet_tx_timeout (unlink_urbs of the TX queue; the
 * unlinked URBs complete with -ECONNRESET and are freed by usbnet_bh),
 * with watchdog_timeo = TX_TIMEOUT_JIFFIES (5 * HZ).
 * Read: usbnet.c of torvalds/linux at 002c6ca75289 (6.x, before BQL);
 * commit 7ff14c52049e "usbnet: Add support for Byte Queue Limits (BQL)"
 * (net-next, 2025-11-11; netdev_sent_queue after a submitted URB,
 * netdev_completed_queue over usbnet_bh's tx_done skbs, reset at open and
 * stop), read as its v1 posting (the merged version adds locking only,
 * UNVERIFIED). smsc95xx.c and usbnet.c read at 6.18 (a linux-6.18.y
 * tree, 6.18.19; smsc95xx.c unchanged there since 6.18-rc1 but for
 * ethtool/ioctl cleanups): smsc95xx_bind adds SMSC95XX_TX_OVERHEAD_CSUM
 * (12) to net->hard_header_len and sets dev->hard_mtu = mtu +
 * hard_header_len after usbnet_probe's own (1514); usbnet_probe's
 * usbnet_update_max_qlen then gives tx_qlen 59. The BQL commit's "60 *
 * 1518 bytes" is MAX_QUEUE_MEMORY; 60 URBs is the figure for a
 * minidriver that leaves hard_mtu at mtu + ETH_HLEN (1514), not for
 * smsc95xx, whose 59 the model uses. smsc95xx_tx_fixup puts 8 bytes
 * (TX_CMD_A, TX_CMD_B) before the frame, 12 with the checksum preamble
 * when the device computes the checksum (NETIF_F_IP_CSUM, on from
 * smsc95xx_bind: IPv4 TCP and UDP, not fragments, if
 * smsc95xx_can_tx_checksum agrees). No TSO (smsc95xx sets no
 * NETIF_F_TSO).
 * RX, smsc95xx's turbo_mode (module parameter, default true):
 * smsc95xx_reset sets BURST_CAP = DEFAULT_HS_BURST_CAP_SIZE / 512 = 37
 * packets, HW_CFG's MEF and BCE, BULK_IN_DLY = DEFAULT_BULK_IN_DELAY
 * (0x2000) and rx_urb_size = DEFAULT_HS_BURST_CAP_SIZE = 16384 + 5 * 512
 * = 18944, so usbnet_open's usbnet_update_max_qlen gives rx_qlen =
 * 91080 / 18944 = 4 (turbo_mode off: MAX_SINGLE_PACKET_SIZE 2048, 44).
 * The device then packs several frames into one transfer (usb2.h: MEF),
 * each as RX status word, RXDOFF = NET_IP_ALIGN (2) bytes, the frame,
 * FCS and RX COE word (NETIF_F_RXCSUM, on from smsc95xx_bind), DWORD
 * padded, as smsc95xx_rx_fixup parses them; rx_fixup copies each frame
 * but the last into an skb of its own size, the last keeps the URB's
 * 18944-byte skb (its truesize). The Bulk-In delay's unit is not in the
 * driver: the LAN950x data sheet gives 34 us as the default delay, read
 * as a reset value of 0x800 counts of 16.67 ns (a 60 MHz clock), so
 * 0x2000 is 136.5 us (UNVERIFIED: the register's reset value and unit).
 * The profiles:
 *  - usbnet-6.18: no BQL. Up to tx_qlen (59) URBs, each a whole frame,
 *    wait below the qdisc: 59 frames of 1538 wire bytes at 100 Mbit/s
 *    is 7.3 ms that no qdisc sees (the BQL commit gives 91.08 KB on USB
 *    2.0).
 *  - usbnet-6.19: BQL (7ff14c52049e); its first mainline release is read
 *    from the merge date, 6.19, UNVERIFIED against a tag.
 * No ethtool -C (usbnet_ethtool_ops has no coalesce ops; the completion
 * interrupt is the host controller's) and no -G (no ringparam ops:
 * tx_qlen follows the USB speed and the MTU).
 * Deviation: usbnet_bh runs as a softirq-context work item of the
 * interrupt's CPU (a tasklet up to 6.10, a BH workqueue item from 6.11,
 * both softirq context); the HCD's giveback BH likewise. RX frames go to
 * netif_receive_skb from usbnet_bh instead of netif_rx and the backlog.
 * Deviation: turbo_mode is fixed at its default (on); smsc95xx_rx_fixup's
 * copy of each frame but a URB's last is charged as the per-frame RX
 * cost only (no per-byte memcpy cost).
 * Deviation: URBs are qTDs in a fixed ring per endpoint (the HCD links a
 * qTD per URB into its schedule; usb_alloc_urb per skb is not modelled).
 * Leaves out: the interrupt endpoint (link status), runtime PM
 * (usb_autopm_*), EVENT_TX_HALT / RX_HALT recovery, the RX error
 * throttle, FLAG_SEND_ZLP's zero-length packet (a full frame's 1526-byte
 * transfer never ends on a packet boundary; a 500- or 504-byte frame's
 * would, and its ZLP is not sent), MTU changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "drivers/net/usb/smsc95xx.h"
#include "hw/usb/usb2.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define MAX_QUEUE_MEMORY	(60 * 1518)
#define ETH_DATA_LEN		1500		/* ether_setup's mtu */
#define HS_USB_PKT_SIZE		512
#define DEFAULT_HS_BURST_CAP_SIZE (16 * 1024 + 5 * HS_USB_PKT_SIZE)	/* 18944 */
#define MAX_SINGLE_PACKET_SIZE	2048		/* turbo_mode off */
#define DEFAULT_BULK_IN_DELAY	0x2000
#define BULK_IN_DLY_UNIT_PS	16667		/* a count: 1 / 60 MHz, UNVERIFIED */
#define NET_IP_ALIGN		2		/* arm and arm64: the generic value */
#define SMSC_RX_HDR		(4 + NET_IP_ALIGN)	/* RX status word, RXDOFF */
#define SMSC_RX_TAIL		(ETH_FCS_LEN + 2)	/* FCS, RX COE word */
#define RX_ALLOC_BATCH		10		/* rx_alloc_submit */
#define USBNET_TXQLEN		1000		/* ether_setup (alloc_etherdev) */
#define OUT_RING		128		/* > tx_qlen */
#define IN_RING			64		/* > rx_qlen */
#define FIFO_TX_BYTES		8192		/* function FIFOs: usb2.h, UNVERIFIED */
#define FIFO_RX_BYTES		16384
#define DONE_RING		(OUT_RING + IN_RING)

/* smsc95xx's module parameter turbo_mode, at its default */
static const bool turbo_mode = true;

struct usbnet_profile {
	const char	*name;
	bool		bql;
	const char	*defect, *fixed_by, *fix;
};

static const struct usbnet_profile profiles[] = {
	{ "usbnet-6.18", false,
	  "up to tx_qlen (59) URBs wait below the qdisc, without BQL",
	  "usbnet-6.19", "7ff14c52049e \"usbnet: Add support for Byte Queue Limits (BQL)\"" },
	{ "usbnet-6.19", true, NULL, NULL, NULL },
};

enum skb_state { TX_START, TX_DONE, RX_START, RX_DONE };

struct usbnet {
	struct host	*host;
	const struct usbnet_profile *prof;
	struct usb2_hw	hw;
	struct irq_desc	*irq;
	struct usb2_qtd	out[OUT_RING], in[IN_RING];
	uint32_t	out_wr, out_clean, in_wr, in_clean;
	uint32_t	hard_header_len;	/* dev->net->hard_header_len */
	uint32_t	hard_mtu, tx_qlen, rx_qlen, rx_urb_size;
	uint32_t	txq_qlen, rxq_qlen;	/* dev->txq.qlen, dev->rxq.qlen */
	uint32_t	max_txq;
	/* dev->done: skbs given back with their state (skb->cb's skb_data),
	 * for usbnet_bh */
	struct { struct sk_buff *skb; enum skb_state state; } done[DONE_RING];
	uint32_t	done_head, done_qlen;
	struct work	giveback_work, bh_work;
	bool		bql;
	uint64_t	tx_done_n, tx_errors, rx_packets, bh_runs, unlinked;
	uint32_t	rx_truesize;
};

static struct usbnet *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t hcd_read(struct usbnet *dev, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, dev->host->plat->cost.mmio_read);
	return usb2_hw_read(&dev->hw, reg);
}

static void hcd_write(struct usbnet *dev, struct cpu *cpu, uint32_t reg, uint32_t val)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, dev->host->plat->cost.mmio_write);
	usb2_hw_write(&dev->hw, reg, val);
}

/* usbnet_update_max_qlen at USB_SPEED_HIGH */
static void usbnet_update_max_qlen(struct usbnet *dev)
{
	dev->rx_qlen = MAX_QUEUE_MEMORY / dev->rx_urb_size;
	dev->tx_qlen = MAX_QUEUE_MEMORY / dev->hard_mtu;
}

/* --- URBs --------------------------------------------------------------- */

/* usb_submit_urb on the bulk-OUT pipe: link a qTD; false if none free. */
static bool submit_out(struct usbnet *dev, struct sk_buff *skb, uint32_t length)
{
	struct usb2_qtd *q = &dev->out[dev->out_wr];

	if (q->token & USB2_QTD_ACTIVE || q->buf)
		return false;
	q->buf = (uint64_t)(uintptr_t)skb;
	q->nframes = 1;
	q->hdr = length - skb->len;
	q->actual = 0;
	q->token = USB2_QTD_ACTIVE | USB2_QTD_IOC | (length & 0x7fffu);
	dev->out_wr = (dev->out_wr + 1) % OUT_RING;
	usb2_hw_kick(&dev->hw);
	return true;
}

/* rx_submit: an RX URB of rx_urb_size on the bulk-IN pipe. */
static void rx_submit(struct usbnet *dev)
{
	struct usb2_qtd *q = &dev->in[dev->in_wr];

	q->buf = 0;
	q->actual = 0;
	q->token = USB2_QTD_ACTIVE | USB2_QTD_IOC | (dev->rx_urb_size & 0x7fffu);
	dev->in_wr = (dev->in_wr + 1) % IN_RING;
	dev->rxq_qlen++;
	usb2_hw_kick(&dev->hw);
}

static void rx_alloc_submit(struct usbnet *dev)
{
	int i;

	for (i = 0; i < RX_ALLOC_BATCH && dev->rxq_qlen < dev->rx_qlen; i++)
		rx_submit(dev);
}

/* --- TX ----------------------------------------------------------------- */

#define SMSC_CSUM_START	(ETH_HLEN + 20)	/* skb_checksum_start_offset: IPv4, no options */

/* smsc95xx_can_tx_checksum: not for 45 bytes or less, nor when the
 * checksum field lies in the packet's last 5 bytes (TCP: under 56). */
static bool smsc95xx_can_tx_checksum(const struct sk_buff *skb, uint32_t csum_offset)
{
	if (skb->len <= 45)
		return false;
	return csum_offset + 5 < skb->len - SMSC_CSUM_START;
}

uint32_t smsc95xx_tx_overhead(const struct sk_buff *skb)
{
	uint32_t csum_offset;

	if (skb->protocol != ETH_P_IP || skb->frag_off || skb->frag_mf)
		return SMSC95XX_TX_OVERHEAD;	/* CHECKSUM_NONE */
	if (skb->ip_proto == IPPROTO_UDP_)
		csum_offset = 6;		/* offsetof(struct udphdr, check) */
	else if (skb->ip_proto == IPPROTO_TCP_)
		csum_offset = 16;		/* offsetof(struct tcphdr, check) */
	else
		return SMSC95XX_TX_OVERHEAD;
	/* too short: checksummed in software, csum = false */
	if (!smsc95xx_can_tx_checksum(skb, csum_offset))
		return SMSC95XX_TX_OVERHEAD;
	return SMSC95XX_TX_OVERHEAD_CSUM;
}

/* smsc95xx_tx_fixup: TX_CMD_A / TX_CMD_B (and the checksum preamble)
 * before the frame; the URB's length. */
static uint32_t smsc95xx_tx_fixup(struct sk_buff *skb)
{
	return skb->len + smsc95xx_tx_overhead(skb);
}

static enum netdev_tx usbnet_start_xmit(struct sk_buff *skb, struct net_device *net)
{
	struct usbnet *dev = netdev_priv(net);
	struct cpu *cpu = dev->host->cur_cpu;
	struct netdev_queue *txq = &net->txq[0];
	uint32_t length = smsc95xx_tx_fixup(skb);

	cpu_charge2(cpu, COST_xmit_pkt, dev->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, dev->host->plat->cost.xmit_desc);
	if (netif_tx_queue_stopped(txq) || !submit_out(dev, skb, length)) {
		net->tx_dropped++;	/* drop: */
		dev_kfree_skb_any(cpu, skb);
		return NETDEV_TX_OK;
	}
	dev->txq_qlen++;	/* __usbnet_queue_skb(&dev->txq, skb, tx_start) */
	dev->max_txq = MAX(dev->max_txq, dev->txq_qlen);
	if (dev->bql)
		netdev_tx_sent_queue(txq, skb->len);
	if (dev->txq_qlen >= dev->tx_qlen)
		netif_tx_stop_queue(txq);
	return NETDEV_TX_OK;
}

/* defer_bh: onto dev->done; the first one schedules usbnet_bh. */
static void defer_bh(struct usbnet *dev, struct cpu *cpu, struct sk_buff *skb,
		     enum skb_state state)
{
	uint32_t i = (dev->done_head + dev->done_qlen) % DONE_RING;

	BUG_ON(dev->done_qlen == DONE_RING);
	dev->done[i].skb = skb;
	dev->done[i].state = state;
	if (++dev->done_qlen == 1)
		cpu_queue_work(cpu, &dev->bh_work);
}

/* tx_complete: the URB left dev->txq for dev->done. */
static void tx_complete(struct usbnet *dev, struct cpu *cpu, struct usb2_qtd *q)
{
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)q->buf;

	if (q->token & USB2_QTD_HALTED)
		dev->tx_errors++;	/* -ECONNRESET: unlinked */
	q->buf = 0;
	q->token = 0;
	dev->txq_qlen--;
	defer_bh(dev, cpu, skb, TX_DONE);
}

/* rx_complete: the frame to dev->done, the URB resubmitted at once. */
static void rx_complete(struct usbnet *dev, struct cpu *cpu, struct usb2_qtd *q)
{
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)q->buf;

	q->buf = 0;
	q->token = 0;
	dev->rxq_qlen--;
	defer_bh(dev, cpu, skb, RX_DONE);
	rx_submit(dev);
}

/* usb_giveback_urb_bh: every retired qTD's completion, OUT then IN. */
static void usb_giveback_urb_bh(struct cpu *cpu, struct work *w)
{
	struct usbnet *dev = w->arg;

	while (dev->out_clean != dev->out_wr &&
	       !(dev->out[dev->out_clean].token & USB2_QTD_ACTIVE)) {
		cpu_charge(cpu, COST_reclaim_desc, dev->host->plat->cost.reclaim_desc);
		tx_complete(dev, cpu, &dev->out[dev->out_clean]);
		dev->out_clean = (dev->out_clean + 1) % OUT_RING;
	}
	while (dev->in_clean != dev->in_wr &&
	       !(dev->in[dev->in_clean].token & USB2_QTD_ACTIVE)) {
		uint32_t i = dev->in_clean;

		dev->in_clean = (dev->in_clean + 1) % IN_RING;
		rx_complete(dev, cpu, &dev->in[i]);
	}
}

/* ehci_irq: read and acknowledge USBSTS, give the URBs back in a BH. */
static void ehci_irq(struct cpu *cpu, void *dev_id)
{
	struct usbnet *dev = dev_id;
	uint32_t status = hcd_read(dev, cpu, USB2_USBSTS);

	hcd_write(dev, cpu, USB2_USBSTS, status);
	if (status & USB2_STS_USBINT)
		cpu_queue_work(cpu, &dev->giveback_work);
}

/*
 * rx_process -> smsc95xx_rx_fixup: each frame of the URB up the stack.
 * The last keeps the URB's skb (its truesize is rx_urb_size's); the
 * others are copied into skbs of their own size (netdev_alloc_skb_ip_align
 * of the frame with FCS and checksum word).
 */
static void rx_process(struct usbnet *dev, struct cpu *cpu, struct sk_buff *skb,
		       sim_time_t start)
{
	struct host *h = dev->host;

	while (skb) {
		struct sk_buff *next = skb->next;

		skb->next = NULL;
		skb->truesize = next ? host_skb_truesize(h, skb->len + SMSC_RX_TAIL) :
				       dev->rx_truesize;
		skb->path[PATH_POLL] = start;
		cpu_charge(cpu, COST_rx_pkt, h->plat->cost.rx_pkt);
		dev->rx_packets++;
		netif_receive_skb(cpu, skb);
		skb = next;
	}
}

static void usbnet_bh(struct cpu *cpu, struct work *w)
{
	struct usbnet *dev = w->arg;
	struct netdev_queue *txq = &dev->host->dev.txq[0];
	sim_time_t start = cpu_now(cpu);
	unsigned int pkts = 0, bytes = 0;
	struct sk_buff *skb;

	dev->bh_runs++;
	while (dev->done_qlen) {
		enum skb_state state = dev->done[dev->done_head].state;

		skb = dev->done[dev->done_head].skb;
		dev->done_head = (dev->done_head + 1) % DONE_RING;
		dev->done_qlen--;
		if (state == RX_DONE) {
			rx_process(dev, cpu, skb, start);
			continue;
		}
		pkts++;
		bytes += skb->len;
		dev->tx_done_n++;
		dev_kfree_skb_any(cpu, skb);
	}
	if (dev->bql)
		netdev_tx_completed_queue(cpu, txq, pkts, bytes);
	if (dev->rxq_qlen < dev->rx_qlen) {
		rx_alloc_submit(dev);
		if (dev->rxq_qlen < dev->rx_qlen)
			cpu_queue_work(cpu, &dev->bh_work);
	}
	if (dev->txq_qlen < dev->tx_qlen && netif_tx_queue_stopped(txq))
		netif_tx_wake_queue(cpu, txq);
}

/* usbnet_tx_timeout: unlink every TX URB; their completions follow. */
static void usbnet_tx_timeout(struct cpu *cpu, struct net_device *net, int txqueue)
{
	struct usbnet *dev = netdev_priv(net);

	(void)txqueue;	/* counted by dev_watchdog */
	dev->unlinked += usb2_hw_unlink_out(&dev->hw);
	cpu_queue_work(cpu, &dev->bh_work);
}

static uint32_t usbnet_tx_backlog(const struct net_device *net)
{
	const struct usbnet *dev = net->priv;

	return usb2_hw_tx_backlog(&dev->hw);
}

static const struct net_device_ops usbnet_netdev_ops = {
	.ndo_start_xmit = usbnet_start_xmit,
	.tx_backlog = usbnet_tx_backlog,
	.ndo_tx_timeout = usbnet_tx_timeout,
};

/* --- probe, open ------------------------------------------------------- */

static const struct usbnet_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

/*
 * smsc95xx_bind: the netdev's hard_header_len grows by the largest TX
 * framing (SMSC95XX_TX_OVERHEAD_CSUM) and hard_mtu is recomputed from it:
 * 1500 + 14 + 12 = 1526, so tx_qlen = 91080 / 1526 = 59 at high speed.
 */
static void smsc95xx_bind(struct usbnet *dev)
{
	dev->hard_header_len += SMSC95XX_TX_OVERHEAD_CSUM;
	dev->hard_mtu = ETH_DATA_LEN + dev->hard_header_len;
}

/*
 * smsc95xx_reset's RX setup: with turbo_mode, BURST_CAP = 18944 / 512 =
 * 37 packets, HW_CFG MEF and BCE, URBs of DEFAULT_HS_BURST_CAP_SIZE
 * (18944); without, one frame per transfer and URBs of
 * MAX_SINGLE_PACKET_SIZE. BULK_IN_DLY = DEFAULT_BULK_IN_DELAY either
 * way; RXDOFF = NET_IP_ALIGN.
 */
static void smsc95xx_reset(struct usbnet *dev)
{
	uint32_t burst_cap = turbo_mode ? DEFAULT_HS_BURST_CAP_SIZE / HS_USB_PKT_SIZE : 0;

	dev->rx_urb_size = turbo_mode ? DEFAULT_HS_BURST_CAP_SIZE : MAX_SINGLE_PACKET_SIZE;
	dev->rx_truesize = host_skb_truesize(dev->host, dev->rx_urb_size);
	usb2_hw_set_rx_format(&dev->hw, SMSC_RX_TAIL, turbo_mode, burst_cap * HS_USB_PKT_SIZE,
			      DEFAULT_BULK_IN_DELAY * (sim_time_t)BULK_IN_DLY_UNIT_PS);
}

/* usbnet_open: the schedule running, RX URBs posted by the first bh. */
static void usbnet_open(struct usbnet *dev)
{
	struct host *h = dev->host;

	usb2_hw_set_rings(&dev->hw, dev->out, OUT_RING, dev->in, IN_RING);
	hcd_write(dev, NULL, USB2_USBINTR, USB2_STS_USBINT);
	hcd_write(dev, NULL, USB2_USBCMD, USB2_CMD_RUN | USB2_CMD_ITC(1));
	usbnet_update_max_qlen(dev);
	if (dev->bql)
		netdev_tx_reset_queue(&h->dev.txq[0]);
	netif_tx_start_all_queues(&h->dev);
	while (dev->rxq_qlen < dev->rx_qlen)	/* the bh refills in tens */
		rx_alloc_submit(dev);
}

static int usbnet_probe(struct host *h, struct eth_port *port, const char *name,
			const struct nic_config *cfg, char *msg, size_t len,
			enum nic_field *field)
{
	const struct usbnet_profile *p = find_profile(name);
	struct usbnet *dev;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	dev = xcalloc(1, sizeof(*dev));
	dev->host = h;
	dev->prof = p;
	dev->hard_header_len = ETH_HLEN;	/* ether_setup */
	dev->hard_mtu = ETH_DATA_LEN + dev->hard_header_len;
	smsc95xx_bind(dev);
	dev->bql = cfg->bql == -1 ? p->bql : cfg->bql == 1;
	h->drv = dev;
	h->drv_name = p->name;
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : USBNET_TXQLEN));
	h->dev.ops = &usbnet_netdev_ops;
	h->dev.priv = dev;
	h->dev.tso = false;
	if (dev->bql) {
		h->dev.txq[0].bql_on = true;
		bql_init(&h->dev.txq[0].bql, (unsigned int)h->hz, 0);
	}
	dev->irq = host_request_irq(h, "ehci_hcd", 0, ehci_irq, dev);
	usb2_hw_init(&dev->hw, h, port, dev->irq, FIFO_TX_BYTES, FIFO_RX_BYTES,
		     SMSC_RX_HDR);
	smsc95xx_reset(dev);
	work_init(&dev->giveback_work, CTX_SOFTIRQ, usb_giveback_urb_bh, dev);
	work_init(&dev->bh_work, CTX_SOFTIRQ, usbnet_bh, dev);
	usbnet_open(dev);
	h->dev.watchdog_timeo = 5 * (uint64_t)h->hz;	/* TX_TIMEOUT_JIFFIES */
	netdev_watchdog_up(&h->dev);
	return 0;
}

static void usbnet_remove(struct host *h)
{
	free(h->drv);
}

/* --- what it implements ------------------------------------------------ */

static struct nic_cap usbnet_cap(const char *name, enum nic_field f,
				 const struct nic_config *cfg, char *now, size_t len)
{
	const struct usbnet_profile *p = find_profile(name);

	if (!p)		/* usbnet_probe refuses it */
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
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "smsc95xx has no TSO" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "tso = off" };
	case NIC_F_BQL:
		if (p->bql || (cfg && cfg->bql != 1))
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "usbnet has BQL from "
					       "7ff14c52049e (usbnet-6.19)" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		if (p->bql && cfg && cfg->bql == 0)
			return (struct nic_cap){ NIC_UNSUPPORTED, "bql = off" };
		if (p->bql)
			return (struct nic_cap){ cfg ? NIC_SUPPORTED : NIC_SUPPORTED_IF,
						 cfg ? NULL : "bql = on" };
		return (struct nic_cap){ NIC_UNSUPPORTED, "usbnet has BQL from "
					 "7ff14c52049e (usbnet-6.19)" };
	case NIC_F_TX_FRAMES:
	case NIC_F_RX_FRAMES:
	case NIC_F_RX_USECS:
	case NIC_F_TX_USECS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "usbnet has no ethtool coalesce ops: "
					 "URBs complete by the host controller's interrupt" };
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
		return (struct nic_cap){ NIC_UNSUPPORTED, "usbnet has no ethtool -G: tx_qlen "
					 "and rx_qlen follow the USB speed and the MTU" };
	case NIC_F_TXQ:
	case NIC_F_XPS_CPUS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
	case NIC_F_RXQ:
	case NIC_F_RXQ_DEF:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one RX queue" };
	case NIC_F_IRQ_CPU:
		return (struct nic_cap){ NIC_UNSUPPORTED, "the host controller's interrupt "
					 "is on CPU 0" };
	case NIC_F_TX_RECLAIM:
	case NIC_F_TX_TIMER_PERIOD:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it frees TX skbs in usbnet_bh" };
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_ARBITER:
	case NIC_F_TX_WRR_WEIGHT:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no TX queue arbiter" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, NULL };
	}
}

static void usbnet_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	const struct usbnet_profile *p = find_profile(name);
	bool bql = p && p->bql;

	switch (f) {
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", USBNET_TXQLEN); break;
	case NIC_F_TSO: snprintf(buf, len, "off"); break;
	case NIC_F_BQL: snprintf(buf, len, bql ? "on" : "off"); break;
	case NIC_F_BQL_LIMIT_MIN: snprintf(buf, len, bql ? "0" : "-"); break;
	case NIC_F_BQL_LIMIT_MAX: snprintf(buf, len, bql ? "1879048192" : "-"); break;
	case NIC_F_BQL_HOLD_TIME: snprintf(buf, len, bql ? "1s" : "-"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static void usbnet_info(const struct host *h, struct nic_info *info)
{
	const struct usbnet *dev = h->drv;

	info->driver = dev->prof->name;
	snprintf(info->reclaim, sizeof(info->reclaim), "urb-complete");
	info->defect = dev->prof->defect;
	info->fixed_by = dev->prof->fixed_by;
	info->fix = dev->prof->fix;
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = dev->rx_packets;
	info->rx_no_desc_drops = dev->hw.rx_fifo_drops;
	info->irq_tx = dev->hw.irqs;	/* one line for both directions */
	info->irq_rx = dev->hw.irqs;
}

static void usbnet_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct usbnet *dev = h->drv;

	(void)q;
	st->packets = dev->hw.tx_frames;
	st->bytes = dev->hw.tx_bytes;
	st->reclaim_events = dev->bh_runs;
	st->reclaimed = dev->tx_done_n;
	st->ring_size = dev->tx_qlen;
	st->ring_max_used = dev->max_txq;
	st->ring_used = dev->txq_qlen;
}

/* --check: the driver's URB count equals the qTDs it has not had back,
 * and those are the OUT ring's from out_clean. */
static int usbnet_check(const struct host *h, char *msg, size_t len)
{
	const struct usbnet *dev = h->drv;
	uint32_t used = (dev->out_wr + OUT_RING - dev->out_clean) % OUT_RING;

	if (used != dev->txq_qlen) {
		snprintf(msg, len, "usbnet: %u TX URBs in dev->txq, %u qTDs not given back",
			 dev->txq_qlen, used);
		return -1;
	}
	if (dev->txq_qlen > dev->tx_qlen) {
		snprintf(msg, len, "usbnet: txq.qlen %u above tx_qlen %u", dev->txq_qlen,
			 dev->tx_qlen);
		return -1;
	}
	return 0;
}

static const char *const usbnet_names[] = { "usbnet-6.18", "usbnet-6.19", NULL };

/* the smsc95xx-like function's integrated PHY is 10/100 (LAN95xx) */
static const int *usbnet_link_speeds(const char *name)
{
	static const int speeds[] = { 10, 100, 0 };

	(void)name;
	return speeds;
}

const struct nic_driver usbnet_driver = {
	.names = usbnet_names,
	.cap = usbnet_cap,
	.get_default = usbnet_default,
	.probe = usbnet_probe,
	.remove = usbnet_remove,
	.info = usbnet_info,
	.queue_stats = usbnet_queue_stats,
	.check = usbnet_check,
	.link_speeds = usbnet_link_speeds,
};
