// SPDX-License-Identifier: MIT
/*
 * ftgmac100 driver (drivers/net/ethernet/faraday/ftgmac100.c), per era,
 * for the FTGMAC100 of the ASPEED BMCs (the device: src/hw/ftgmac100/).
 *
 * Models ftgmac100_hard_start_xmit (one descriptor per linear part and
 * page fragment, OWN set on the first last, stop when fewer than
 * TX_THRESHOLD slots are free, NPTXPD poke), TX reclaim by
 * ftgmac100_tx_complete / ftgmac100_tx_complete_packet (descriptors the
 * device gave back, from tx_clean_pointer; wake at TX_THRESHOLD free),
 * ftgmac100_interrupt (read and acknowledge ISR, leave only INT_BAD
 * enabled, napi_schedule), ftgmac100_poll (TX completions first, then RX;
 * NAPI kept scheduled while any TX descriptor is outstanding; before
 * completing, acknowledge RX/TX status and re-check; then IER = INT_ALL),
 * and the TX watchdog's ftgmac100_tx_timeout with ftgmac100_reset_task.
 * Read in the ftgmac100.c of the 2017 rework (gregkh/linux 46974d97),
 * assumed unchanged in these functions to 6.6.
 * The profiles differ in FTGMAC100_INT_ALL (ftgmac100.h), what the poll
 * re-enables:
 *  - ftgmac100-6.6: RPKT_BUF | INT_BAD. The TX-complete interrupt
 *    (XPKT_ETH) is never enabled, so TX descriptors are reclaimed only
 *    when a poll runs, and a poll runs only after an RX interrupt: a host
 *    that only transmits fills its ring, stops its queue, and the TX
 *    watchdog resets the MAC.
 *  - ftgmac100-6.11: INT_RXTX | INT_BAD, commit fef2843bb49f "net:
 *    ftgmac100: Enable TX interrupt to avoid TX timeout" (v1 posted
 *    2024-09-04; the maintainer asked for v2 with Fixes: 10cbd6407609
 *    "ftgmac100: Rework NAPI & interrupts handling", the 2017 rework).
 *    That mainline first carries it in 6.11 is read from those dates,
 *    not checked against a tag. The fix went to the stable series too
 *    (linux-5.15.y took it in October 2024), so ftgmac100-6.6 is 6.6 as
 *    released, before the backport reached 6.6.y.
 * Rings: DEF_TX_QUEUE_ENTRIES / DEF_RX_QUEUE_ENTRIES 128, ethtool -G a
 * power of two in [32, 1024] (ftgmac100_set_ringparam). No coalescing
 * ops: ITC is left at one interrupt per frame (ftgmac100_init_hw). No
 * TSO, no BQL (the driver never calls netdev_tx_sent_queue).
 * Deviation: ftgmac100_tx_timeout schedules reset_task on a workqueue;
 * here the reset runs inside the watchdog's timer (the MAC reset's
 * udelay/usleep waits take no time), and NAPI is not disabled around it.
 * Deviation: RX buffers are the frames the device stores (hw/ftgmac100/
 * ftgmac100.h), with the truesize of the driver's RX_BUF_SIZE skb.
 * Leaves out: the PHY and NC-SI, pause frames, VLAN and checksum offload,
 * the multicast filter, frames larger than MAX_PKT_SIZE (dropped).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/ftgmac100/ftgmac100.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define MAX_SKB_FRAGS		17
#define MAX_RX_QUEUE_ENTRIES	1024
#define MAX_TX_QUEUE_ENTRIES	1024
#define MIN_RX_QUEUE_ENTRIES	32
#define MIN_TX_QUEUE_ENTRIES	32
#define DEF_RX_QUEUE_ENTRIES	128
#define DEF_TX_QUEUE_ENTRIES	128
#define MAX_PKT_SIZE		1536
#define RX_BUF_SIZE		MAX_PKT_SIZE
#define TX_THRESHOLD		(MAX_SKB_FRAGS + 1)
#define FTGMAC100_TXQLEN	1000	/* ether_setup (alloc_etherdev) */

/* ftgmac100.h: the abnormal causes, enabled even while NAPI runs */
#define FTGMAC100_INT_BAD	(FTGMAC100_INT_RPKT_LOST | FTGMAC100_INT_XPKT_LOST | \
				 FTGMAC100_INT_AHB_ERR | FTGMAC100_INT_NO_RXBUF)
#define FTGMAC100_INT_RXTX	(FTGMAC100_INT_XPKT_ETH | FTGMAC100_INT_RPKT_BUF)

struct ftgmac100_profile {
	const char	*name;
	uint32_t	int_all;	/* FTGMAC100_INT_ALL */
	const char	*reclaim;	/* for nic_info */
	const char	*defect, *fixed_by, *fix;	/* for nic_info */
};

static const struct ftgmac100_profile profiles[] = {
	{ "ftgmac100-6.6", FTGMAC100_INT_RPKT_BUF | FTGMAC100_INT_BAD, "rx-poll",
	  "TX descriptors are reclaimed only from the poll an RX interrupt starts",
	  "ftgmac100-6.11",
	  "fef2843bb49f \"net: ftgmac100: Enable TX interrupt to avoid TX timeout\"" },
	{ "ftgmac100-6.11", FTGMAC100_INT_RXTX | FTGMAC100_INT_BAD, "tx-irq", NULL, NULL, NULL },
};

struct ftgmac100 {
	struct host	*host;
	const struct ftgmac100_profile *prof;
	struct ftgmac100_hw hw;
	struct irq_desc	*irq;
	struct napi_struct napi;
	/* TX ring */
	uint32_t	tx_q_entries;
	struct ftgmac100_txdes *txdes;
	struct sk_buff	**tx_skbs;
	uint32_t	tx_clean_pointer, tx_pointer;
	/* RX ring */
	uint32_t	rx_q_entries;
	struct ftgmac100_rxdes *rxdes;
	uint32_t	rx_pointer;
	bool		need_mac_restart;
	uint64_t	reclaim_events, reclaimed, rx_packets, resets;
	uint32_t	max_used;
};

static struct ftgmac100 *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t ioread32(struct ftgmac100 *priv, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, priv->host->plat->cost.mmio_read);
	return ftgmac100_hw_read(&priv->hw, reg);
}

static void iowrite32(struct ftgmac100 *priv, struct cpu *cpu, uint32_t val, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, priv->host->plat->cost.mmio_write);
	ftgmac100_hw_write(&priv->hw, reg, val);
}

/* --- TX -------------------------------------------------------------- */

static uint32_t ftgmac100_next_tx_pointer(const struct ftgmac100 *priv, uint32_t p)
{
	return (p + 1) & (priv->tx_q_entries - 1);
}

/* Free slots, one always left empty (ftgmac100_tx_buf_avail). */
static uint32_t ftgmac100_tx_buf_avail(const struct ftgmac100 *priv)
{
	return (priv->tx_clean_pointer - priv->tx_pointer - 1) & (priv->tx_q_entries - 1);
}

static bool ftgmac100_tx_buf_cleanable(const struct ftgmac100 *priv)
{
	return priv->tx_pointer != priv->tx_clean_pointer;
}

static uint32_t tx_used(const struct ftgmac100 *priv)
{
	return (priv->tx_pointer - priv->tx_clean_pointer) & (priv->tx_q_entries - 1);
}

static uint32_t base_tx_ctlstat(const struct ftgmac100 *priv, uint32_t index)
{
	return index == priv->tx_q_entries - 1 ? FTGMAC100_TXDES0_EDOTR_ASPEED : 0;
}

/* One descriptor given back: free the skb with its last one. */
static bool ftgmac100_tx_complete_packet(struct ftgmac100 *priv, struct cpu *cpu)
{
	uint32_t pointer = priv->tx_clean_pointer;
	struct ftgmac100_txdes *txdes = &priv->txdes[pointer];
	uint32_t ctl_stat = txdes->txdes0;
	struct sk_buff *skb = priv->tx_skbs[pointer];

	if (ctl_stat & FTGMAC100_TXDES0_TXDMA_OWN)
		return false;
	cpu_charge(cpu, COST_reclaim_desc, priv->host->plat->cost.reclaim_desc);
	if (ctl_stat & FTGMAC100_TXDES0_LTS)
		dev_kfree_skb_any(cpu, skb);
	priv->tx_skbs[pointer] = NULL;
	txdes->txdes0 = ctl_stat & FTGMAC100_TXDES0_EDOTR_ASPEED;
	priv->tx_clean_pointer = ftgmac100_next_tx_pointer(priv, pointer);
	priv->reclaimed++;
	return true;
}

static void ftgmac100_tx_complete(struct ftgmac100 *priv, struct cpu *cpu)
{
	struct netdev_queue *txq = &priv->host->dev.txq[0];
	uint64_t before = priv->reclaimed;

	while (ftgmac100_tx_buf_cleanable(priv) && ftgmac100_tx_complete_packet(priv, cpu))
		;
	priv->reclaim_events += priv->reclaimed != before;
	if (netif_tx_queue_stopped(txq) && ftgmac100_tx_buf_avail(priv) >= TX_THRESHOLD)
		netif_tx_wake_queue(cpu, txq);
}

static void put_txdes(struct ftgmac100 *priv, uint32_t pointer, struct sk_buff *skb,
		      uint32_t ctl_stat)
{
	struct ftgmac100_txdes *txdes = &priv->txdes[pointer];

	priv->tx_skbs[pointer] = skb;
	txdes->buf = (uint64_t)(uintptr_t)skb;
	txdes->txdes1 = 0;
	txdes->txdes0 = base_tx_ctlstat(priv, pointer) | ctl_stat;
}

static enum netdev_tx ftgmac100_hard_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct ftgmac100 *priv = netdev_priv(dev);
	struct cpu *cpu = priv->host->cur_cpu;
	struct netdev_queue *txq = &dev->txq[0];
	uint32_t nfrags = skb->nr_frags, i, pointer = priv->tx_pointer, first = pointer;
	uint32_t head = skb->len - (nfrags ? skb->payload_len : 0);

	if (skb->len > MAX_PKT_SIZE) {	/* oversize: dropped */
		dev->tx_dropped++;
		dev_kfree_skb_any(cpu, skb);
		return NETDEV_TX_OK;
	}
	cpu_charge2(cpu, COST_xmit_pkt, priv->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, (uint64_t)priv->host->plat->cost.xmit_desc * (nfrags + 1));
	/* the head without OWN, then the fragments, then OWN on the head */
	put_txdes(priv, pointer, skb, FTGMAC100_TXDES0_FTS |
		  FTGMAC100_TXDES0_TXBUF_SIZE(head) | (nfrags ? 0 : FTGMAC100_TXDES0_LTS));
	pointer = ftgmac100_next_tx_pointer(priv, pointer);
	for (i = 0; i < nfrags; i++) {
		put_txdes(priv, pointer, skb, FTGMAC100_TXDES0_TXDMA_OWN |
			  FTGMAC100_TXDES0_TXBUF_SIZE(skb->payload_len / nfrags) |
			  (i == nfrags - 1 ? FTGMAC100_TXDES0_LTS : 0));
		pointer = ftgmac100_next_tx_pointer(priv, pointer);
	}
	priv->txdes[first].txdes0 |= FTGMAC100_TXDES0_TXDMA_OWN;
	priv->tx_pointer = pointer;
	priv->max_used = MAX(priv->max_used, tx_used(priv));
	if (ftgmac100_tx_buf_avail(priv) < TX_THRESHOLD) {
		netif_tx_stop_queue(txq);
		if (ftgmac100_tx_buf_avail(priv) >= TX_THRESHOLD)
			netif_tx_wake_queue(cpu, txq);
	}
	iowrite32(priv, cpu, 1, FTGMAC100_OFFSET_NPTXPD);
	return NETDEV_TX_OK;
}

/* --- RX, interrupt and NAPI ------------------------------------------- */

static uint32_t ftgmac100_next_rx_pointer(const struct ftgmac100 *priv, uint32_t p)
{
	return (p + 1) & (priv->rx_q_entries - 1);
}

static bool ftgmac100_check_rx(const struct ftgmac100 *priv)
{
	return priv->rxdes[priv->rx_pointer].rxdes0 & FTGMAC100_RXDES0_RXPKT_RDY;
}

/* One filled descriptor to the stack; the descriptor goes back empty. */
static bool ftgmac100_rx_packet(struct ftgmac100 *priv, struct cpu *cpu, int *processed,
				sim_time_t start)
{
	uint32_t pointer = priv->rx_pointer;
	struct ftgmac100_rxdes *rxdes = &priv->rxdes[pointer];
	struct sk_buff *skb;

	if (!(rxdes->rxdes0 & FTGMAC100_RXDES0_RXPKT_RDY))
		return false;
	skb = (struct sk_buff *)(uintptr_t)rxdes->buf;
	skb->len = rxdes->rxdes0 & FTGMAC100_RXDES0_VDBC;
	rxdes->buf = 0;
	rxdes->rxdes0 = pointer == priv->rx_q_entries - 1 ? FTGMAC100_RXDES0_EDORR_ASPEED : 0;
	priv->rx_pointer = ftgmac100_next_rx_pointer(priv, pointer);
	skb->path[PATH_POLL] = start;
	cpu_charge(cpu, COST_rx_pkt, priv->host->plat->cost.rx_pkt);
	priv->rx_packets++;
	netif_receive_skb(cpu, skb);
	(*processed)++;
	return true;
}

static void ftgmac100_interrupt(struct cpu *cpu, void *dev_id)
{
	struct ftgmac100 *priv = dev_id;
	uint32_t status = ioread32(priv, cpu, FTGMAC100_OFFSET_ISR);
	uint32_t new_mask = FTGMAC100_INT_BAD;

	iowrite32(priv, cpu, status, FTGMAC100_OFFSET_ISR);
	if (status & FTGMAC100_INT_BAD) {
		/* counted by the device; the MAC is restarted from the poll,
		 * and these causes stay off until then */
		priv->need_mac_restart = true;
		new_mask &= ~status;
	}
	iowrite32(priv, cpu, new_mask, FTGMAC100_OFFSET_IER);
	napi_schedule(cpu, &priv->napi);
}

static int ftgmac100_poll(struct napi_struct *napi, int budget)
{
	struct ftgmac100 *priv = napi->priv;
	struct cpu *cpu = napi->cpu;
	sim_time_t start = cpu_now(cpu);
	int work_done = 0;

	if (ftgmac100_tx_buf_cleanable(priv))
		ftgmac100_tx_complete(priv, cpu);
	while (work_done < budget && ftgmac100_rx_packet(priv, cpu, &work_done, start))
		;
	if (priv->need_mac_restart) {	/* ftgmac100_start_hw, then INT_BAD back */
		priv->need_mac_restart = false;
		iowrite32(priv, cpu, FTGMAC100_INT_BAD, FTGMAC100_OFFSET_IER);
	}
	/* NAPI stays scheduled while a TX descriptor is outstanding */
	if (ftgmac100_tx_buf_cleanable(priv))
		work_done = budget;
	if (work_done < budget) {
		iowrite32(priv, cpu, FTGMAC100_INT_RXTX, FTGMAC100_OFFSET_ISR);
		ioread32(priv, cpu, FTGMAC100_OFFSET_ISR);
		if (ftgmac100_check_rx(priv) || ftgmac100_tx_buf_cleanable(priv))
			return budget;
		napi_complete_done(napi, work_done);
		iowrite32(priv, cpu, priv->prof->int_all, FTGMAC100_OFFSET_IER);
	}
	return work_done;
}

static uint32_t ftgmac100_tx_backlog(const struct net_device *dev)
{
	const struct ftgmac100 *priv = dev->priv;

	return ftgmac100_hw_tx_backlog(&priv->hw);
}

/* --- bring-up, reset, watchdog ---------------------------------------- */

/* ftgmac100_init_rings: every descriptor the driver's, the ends marked. */
static void ftgmac100_init_rings(struct ftgmac100 *priv)
{
	memset(priv->rxdes, 0, priv->rx_q_entries * sizeof(*priv->rxdes));
	memset(priv->txdes, 0, priv->tx_q_entries * sizeof(*priv->txdes));
	priv->rxdes[priv->rx_q_entries - 1].rxdes0 = FTGMAC100_RXDES0_EDORR_ASPEED;
	priv->txdes[priv->tx_q_entries - 1].txdes0 = FTGMAC100_TXDES0_EDOTR_ASPEED;
}

/* ftgmac100_init_all: rings, the hardware started, the queue, IER. */
static void ftgmac100_init_all(struct ftgmac100 *priv, struct cpu *cpu)
{
	ftgmac100_init_rings(priv);
	ftgmac100_hw_set_rings(&priv->hw, priv->txdes, priv->rxdes,
			       host_skb_truesize(priv->host, RX_BUF_SIZE + 64));
	iowrite32(priv, cpu, ioread32(priv, cpu, FTGMAC100_OFFSET_ISR), FTGMAC100_OFFSET_ISR);
	iowrite32(priv, cpu, FTGMAC100_MACCR_TXDMA_EN | FTGMAC100_MACCR_RXDMA_EN |
		  FTGMAC100_MACCR_TXMAC_EN | FTGMAC100_MACCR_RXMAC_EN, FTGMAC100_OFFSET_MACCR);
	netif_tx_start_all_queues(&priv->host->dev);
	iowrite32(priv, cpu, priv->prof->int_all, FTGMAC100_OFFSET_IER);
}

/* ftgmac100_free_buffers: every TX skb freed, sent or not, every held
 * RX frame dropped. */
static void ftgmac100_free_buffers(struct ftgmac100 *priv, struct cpu *cpu)
{
	uint32_t i;

	for (i = 0; i < priv->tx_q_entries; i++) {
		struct sk_buff *skb = priv->tx_skbs[i];

		priv->tx_skbs[i] = NULL;
		if (skb && (priv->txdes[i].txdes0 & FTGMAC100_TXDES0_LTS))
			dev_kfree_skb_any(cpu, skb);
	}
	for (i = 0; i < priv->rx_q_entries; i++)
		if (priv->rxdes[i].buf)
			skb_pool_put(priv->host->pool,
				     (struct sk_buff *)(uintptr_t)priv->rxdes[i].buf);
}

/*
 * ftgmac100_tx_timeout: interrupts off, then ftgmac100_reset_task: stop
 * the queue and the MAC, reset it (ftgmac100_reset_and_config_mac: the
 * ring pointers to 0, MACCR SW_RST), free every buffer, ftgmac100_init_all.
 */
static void ftgmac100_tx_timeout(struct cpu *cpu, struct net_device *dev, int txqueue)
{
	struct ftgmac100 *priv = netdev_priv(dev);

	(void)txqueue;	/* counted by dev_watchdog (trans_timeout) */
	iowrite32(priv, cpu, 0, FTGMAC100_OFFSET_IER);
	netif_tx_stop_all_queues(dev);	/* netif_tx_disable */
	iowrite32(priv, cpu, 0, FTGMAC100_OFFSET_MACCR);	/* ftgmac100_stop_hw */
	priv->rx_pointer = priv->tx_clean_pointer = priv->tx_pointer = 0;
	iowrite32(priv, cpu, FTGMAC100_MACCR_SW_RST, FTGMAC100_OFFSET_MACCR);
	ftgmac100_free_buffers(priv, cpu);
	priv->resets++;
	ftgmac100_init_all(priv, cpu);
}

static const struct net_device_ops ftgmac100_netdev_ops = {
	.ndo_start_xmit = ftgmac100_hard_start_xmit,
	.tx_backlog = ftgmac100_tx_backlog,
	.ndo_tx_timeout = ftgmac100_tx_timeout,
};

static const struct ftgmac100_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

static bool ring_ok(int64_t n, int64_t min, int64_t max)
{
	return n == -1 || (n >= min && n <= max && !(n & (n - 1)));
}

/* ftgmac100_set_ringparam's checks */
static int check_config(const struct nic_config *cfg, char *msg, size_t len,
			enum nic_field *field)
{
	if (!ring_ok(cfg->tx_ring, MIN_TX_QUEUE_ENTRIES, MAX_TX_QUEUE_ENTRIES))
		FAIL(NIC_F_TX_RING, "ftgmac100: TX ring size %lld is not a power of two in "
		     "[%d, %d] (ethtool -G)", (long long)cfg->tx_ring, MIN_TX_QUEUE_ENTRIES,
		     MAX_TX_QUEUE_ENTRIES);
	if (!ring_ok(cfg->rx_ring, MIN_RX_QUEUE_ENTRIES, MAX_RX_QUEUE_ENTRIES))
		FAIL(NIC_F_RX_RING, "ftgmac100: RX ring size %lld is not a power of two in "
		     "[%d, %d] (ethtool -G)", (long long)cfg->rx_ring, MIN_RX_QUEUE_ENTRIES,
		     MAX_RX_QUEUE_ENTRIES);
	return 0;
}

static int ftgmac100_probe(struct host *h, struct eth_port *port, const char *name,
			   const struct nic_config *cfg, char *msg, size_t len,
			   enum nic_field *field)
{
	const struct ftgmac100_profile *p = find_profile(name);
	struct ftgmac100 *priv;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	if (check_config(cfg, msg, len, field))
		return -1;
	priv = xcalloc(1, sizeof(*priv));
	priv->host = h;
	priv->prof = p;
	priv->tx_q_entries = cfg->tx_ring != -1 ? (uint32_t)cfg->tx_ring : DEF_TX_QUEUE_ENTRIES;
	priv->rx_q_entries = cfg->rx_ring != -1 ? (uint32_t)cfg->rx_ring : DEF_RX_QUEUE_ENTRIES;
	priv->txdes = xcalloc(priv->tx_q_entries, sizeof(*priv->txdes));
	priv->tx_skbs = xcalloc(priv->tx_q_entries, sizeof(*priv->tx_skbs));
	priv->rxdes = xcalloc(priv->rx_q_entries, sizeof(*priv->rxdes));
	h->drv = priv;
	h->drv_name = p->name;
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : FTGMAC100_TXQLEN));
	h->dev.ops = &ftgmac100_netdev_ops;
	h->dev.priv = priv;
	h->dev.tso = false;
	priv->irq = host_request_irq(h, "ftgmac100", 0, ftgmac100_interrupt, priv);
	ftgmac100_hw_init(&priv->hw, h, port, priv->irq);
	netif_napi_add(&h->dev, &priv->napi, ftgmac100_poll, h->kp->napi_weight);
	priv->napi.priv = priv;
	ftgmac100_init_all(priv, NULL);
	h->dev.watchdog_timeo = 5 * (uint64_t)h->hz;	/* ftgmac100_probe: 5 * HZ */
	netdev_watchdog_up(&h->dev);
	return 0;
}

static void ftgmac100_remove(struct host *h)
{
	struct ftgmac100 *priv = h->drv;

	free(priv->txdes);
	free(priv->tx_skbs);
	free(priv->rxdes);
	free(priv);
}

/* --- what it implements ------------------------------------------------ */

/*
 * ftgmac100_ethtool_ops has get/set_ringparam and no coalesce ops; the
 * driver has one TX and one RX queue, no TSO (NETIF_F_SG and checksums
 * only), no BQL, and reclaims in its NAPI poll.
 */
static struct nic_cap ftgmac100_cap(const char *name, enum nic_field f,
				    const struct nic_config *cfg, char *now, size_t len)
{
	const struct ftgmac100_profile *p = find_profile(name);

	if (!p)		/* ftgmac100_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
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
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no ethtool coalesce ops: "
					 "one interrupt per frame" };
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

static void ftgmac100_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	(void)name;
	switch (f) {
	case NIC_F_TX_RING: snprintf(buf, len, "%d", DEF_TX_QUEUE_ENTRIES); break;
	case NIC_F_RX_RING: snprintf(buf, len, "%d", DEF_RX_QUEUE_ENTRIES); break;
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", FTGMAC100_TXQLEN); break;
	case NIC_F_TSO:
	case NIC_F_BQL: snprintf(buf, len, "off"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static void ftgmac100_info(const struct host *h, struct nic_info *info)
{
	const struct ftgmac100 *priv = h->drv;

	info->driver = priv->prof->name;
	snprintf(info->reclaim, sizeof(info->reclaim), "%s", priv->prof->reclaim);
	info->defect = priv->prof->defect;
	info->fixed_by = priv->prof->fixed_by;
	info->fix = priv->prof->fix;
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = priv->rx_packets;
	info->rx_no_desc_drops = priv->hw.rx_no_buf;
	info->irq_tx = priv->hw.irq_tx;
	info->irq_rx = priv->hw.irq_rx;
}

static void ftgmac100_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct ftgmac100 *priv = h->drv;

	(void)q;
	st->packets = priv->hw.tx_frames;
	st->bytes = priv->hw.tx_bytes;
	st->reclaim_events = priv->reclaim_events;
	st->reclaimed = priv->reclaimed;
	st->ring_size = priv->tx_q_entries;
	st->ring_max_used = priv->max_used;
	st->ring_used = tx_used(priv);
}

/* --check: the descriptors from tx_clean_pointer the device has not given
 * back start at the device's read index, and none outside is the
 * device's. */
static int ftgmac100_check(const struct host *h, char *msg, size_t len)
{
	const struct ftgmac100 *priv = h->drv;
	uint32_t i, p = priv->tx_clean_pointer;

	for (i = 0; i < tx_used(priv); i++, p = ftgmac100_next_tx_pointer(priv, p))
		if (priv->txdes[p].txdes0 & FTGMAC100_TXDES0_TXDMA_OWN)
			break;
	if (i < tx_used(priv) && p != priv->hw.tx_rd) {
		snprintf(msg, len, "ftgmac100: first device-owned TX descriptor %u, "
			 "device reads %u", p, priv->hw.tx_rd);
		return -1;
	}
	for (i = tx_used(priv), p = priv->tx_pointer; i < priv->tx_q_entries;
	     i++, p = ftgmac100_next_tx_pointer(priv, p)) {
		if (priv->txdes[p].txdes0 & FTGMAC100_TXDES0_TXDMA_OWN) {
			snprintf(msg, len, "ftgmac100: TX descriptor %u is the device's "
				 "but outside tx_clean_pointer %u .. tx_pointer %u",
				 p, priv->tx_clean_pointer, priv->tx_pointer);
			return -1;
		}
	}
	return 0;
}

/* The eras, in the order users see them (nicsim keys). */
static const char *const ftgmac100_names[] = { "ftgmac100-6.6", "ftgmac100-6.11", NULL };

const struct nic_driver ftgmac100_driver = {
	.names = ftgmac100_names,
	.cap = ftgmac100_cap,
	.get_default = ftgmac100_default,
	.probe = ftgmac100_probe,
	.remove = ftgmac100_remove,
	.info = ftgmac100_info,
	.queue_stats = ftgmac100_queue_stats,
	.check = ftgmac100_check,
	/* ftgmac100_adjust_link: 10, 100 (FTGMAC100_MACCR_FAST_MODE), 1000
	 * (FTGMAC100_MACCR_GIGA_MODE) */
	.link_speeds = nic_link_speeds_gbit,
};
