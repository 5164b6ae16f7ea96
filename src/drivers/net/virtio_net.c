// SPDX-License-Identifier: MIT
/*
 * virtio_net (drivers/net/virtio_net.c), per era, driving the virtio-net
 * device of src/hw/virtio/ (a KVM guest's paravirtual NIC with a
 * vhost-net-like host side) through the split virtqueues of
 * src/drivers/virtio/virtio_ring.c. One queue pair (the device offers no
 * VIRTIO_NET_F_MQ).
 *
 * Models start_xmit (free_old_xmit_skbs first, xmit_skb: one descriptor
 * per skb, indirect when it has fragments; stop the queue when fewer than
 * 2 + MAX_SKB_FRAGS descriptors are free; kick when no more skbs follow
 * or the queue stopped, through virtqueue_kick_prepare's avail_event
 * test), skb_xmit_done (the TX virtqueue's callback), virtnet_poll_tx,
 * virtnet_poll with virtnet_poll_cleantx and virtnet_receive /
 * try_fill_recv (mergeable buffers, refilled when more than half the
 * ring is free), and virtnet_tx_timeout.
 * The profiles, each read in the sources named:
 *  - virtio_net-4.19 (4.19, 0x88888888/linux-4.19-comments read:
 *    start_xmit, virtnet_alloc_queues, virtnet_ethtool_ops): napi_tx
 *    off by default (module parameter, 0), so the TX virtqueue has no
 *    NAPI: start_xmit reclaims what the host returned before queueing
 *    and calls skb_orphan on the skb it queued, which uncharges the
 *    socket at once; the TX callback stays disabled until the ring
 *    lacks room, when virtqueue_enable_cb_delayed asks for it and
 *    skb_xmit_done wakes the queue. No set_coalesce (ethtool -C refused),
 *    get_ringparam only (ethtool -G refused), no ndo_tx_timeout.
 *  - virtio_net-5.3: napi_tx on by default, commit 31c03aef9bc2
 *    "virtio_net: enable napi_tx by default" (posted to net-next
 *    2019-06-13, applied; mainline 5.3 is read from that date, not
 *    checked against a tag). TX completions come from the TX
 *    virtqueue's interrupt in virtnet_poll_tx and opportunistically from
 *    the RX poll (virtnet_poll_cleantx); skbs are not orphaned, so the
 *    socket and TSQ see them until the host returns them. ethtool -C
 *    tx-frames 0 / 1 turns NAPI TX off / on (virtnet_set_coalesce,
 *    0c465be183c7 "virtio_net: ethtool tx napi configuration", which the
 *    31c03aef9bc2 message names as already landed; its release is not
 *    checked); other values and other coalescing parameters -EINVAL.
 *    start_xmit and virtnet_poll_tx as in the 5.x start_xmit read (the
 *    stable-era source with "if (use_napi && kick)
 *    virtqueue_enable_cb_delayed"). No ndo_tx_timeout: it came with
 *    a520794b063b "virtio_net: introduce TX timeout watchdog", in
 *    net-next's pull for the 5.16 merge window (after 5.15-rc2, September
 *    2021), so no TX watchdog runs on 4.19 or 5.3 (the 2019 posting
 *    "Implement a dev_watchdog handler", v3 of 2019-11-26, did not land
 *    as such: a520794b063b introduces the handler).
 *  - virtio_net-6.11: BQL, commit c8bd1f7f3e61 "virtio_net: add support
 *    for Byte Queue Limits" (net-next, June 2024; its fix's
 *    "Cc: stable # v6.11+" dates it to 6.11; also taken into 6.10.y as
 *    a stable dependency). In NAPI TX mode start_xmit reports the skb to
 *    BQL and kicks only when __netdev_tx_sent_queue says so;
 *    __free_old_xmit completes the non-orphaned skbs to BQL. start_xmit
 *    loops free_old_xmit / virtqueue_enable_cb_delayed, check_sq_full_and_
 *    disable schedules the TX NAPI when the callback was already due,
 *    virtnet_poll_tx disables the callback, reclaims, wakes, then
 *    re-enables it (all as in the 6.10-stable backport read).
 *    virtnet_tx_timeout (a520794b063b, 5.16; as read in 6.18's
 *    virtio_net.c) counts the timeout (sq->stats.tx_timeouts) and logs;
 *    it resets nothing. virtnet_probe sets no watchdog_timeo, so
 *    dev_activate's 5 * HZ applies.
 * Ring size: the device's queue size (256), read from QUEUE_NUM; ethtool
 * -G needs virtnet_set_ringparam (6.0+) and VIRTIO_F_RING_RESET, which
 * the modelled vhost-net device does not offer, so it is refused in
 * every era.
 * Deviation: __napi_schedule from inside the poll that is completing
 * (virtqueue_napi_complete) sets the NAPI scheduled; net_rx_action then
 * lists it again, as a poll that used its budget.
 * Deviation: xmit_skb's virtio_net_hdr and checksum / GSO fields are not
 * written (the device does not read them); the skb is the descriptor's
 * address. RX buffers are the frames the device stores, with the truesize
 * of a mergeable buffer (GOOD_PACKET_LEN plus the header).
 * Leaves out: XDP, multiqueue, the control virtqueue, the refill work
 * (an RX refill never fails here), NOTF_COAL / DIM.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "drivers/virtio/virtio_ring.h"
#include "hw/virtio/virtio_net.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define MAX_SKB_FRAGS		17
#define GOOD_PACKET_LEN		(ETH_HLEN + 4 + 1500)	/* + VLAN_HLEN + ETH_DATA_LEN */
#define VIRTNET_HDR_LEN		12	/* virtio_net_hdr_mrg_rxbuf */
#define VIRTNET_TXQLEN		1000	/* ether_setup (alloc_etherdev_mq) */

struct virtnet_profile {
	const char	*name;
	bool		napi_tx;	/* the module parameter's default */
	bool		set_coalesce;	/* ethtool -C tx-frames 0/1 */
	bool		bql;		/* c8bd1f7f3e61 */
	bool		tx_timeout;	/* ndo_tx_timeout */
	bool		v6;		/* 6.x start_xmit / virtnet_poll_tx / cleantx */
	const char	*defect, *fixed_by, *fix;
};

static const struct virtnet_profile profiles[] = {
	{ "virtio_net-4.19", false, false, false, false, false,
	  "TX skbs are orphaned in start_xmit (no TX interrupt): the socket is uncharged "
	  "at once, so neither its send buffer nor TSQ limits what it queues",
	  "virtio_net-5.3", "31c03aef9bc2 \"virtio_net: enable napi_tx by default\"" },
	{ "virtio_net-5.3", true, true, false, false, false,
	  "no BQL: up to 237 skbs (each up to 64 KB with TSO) wait in the TX virtqueue "
	  "ahead of any new packet",
	  "virtio_net-6.11", "c8bd1f7f3e61 \"virtio_net: add support for Byte Queue Limits\"" },
	{ "virtio_net-6.11", true, true, true, true, true, NULL, NULL, NULL },
};

struct virtnet_info {
	struct host	*host;
	const struct virtnet_profile *prof;
	struct virtio_net_hw hw;
	struct virtqueue rvq, svq;		/* receive_queue, send_queue */
	struct napi_struct rx_napi, tx_napi;
	struct irq_desc	*rx_irq, *tx_irq;
	bool		use_napi;		/* sq->napi.weight */
	bool		bql;
	struct napi_struct *polling;		/* the NAPI whose poll runs */
	uint32_t	rx_buf_truesize;
	uint32_t	max_used;
	uint64_t	reclaim_events, reclaimed, rx_packets, tx_timeouts, kicks;
};

static struct virtnet_info *netdev_priv(struct net_device *dev)
{
	return dev->priv;
}

static uint32_t ioread(struct virtnet_info *vi, struct cpu *cpu, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_read, vi->host->plat->cost.mmio_read);
	return virtio_net_hw_read(&vi->hw, reg);
}

static void iowrite(struct virtnet_info *vi, struct cpu *cpu, uint32_t val, uint32_t reg)
{
	if (cpu)
		cpu_charge(cpu, COST_mmio_write, vi->host->plat->cost.mmio_write);
	virtio_net_hw_write(&vi->hw, reg, val);
}

/* vp_notify: the queue's number to QUEUE_NOTIFY, a VM exit */
static bool vp_notify(struct virtqueue *vq)
{
	struct virtnet_info *vi = vq->priv;

	iowrite(vi, vi->host->cur_cpu, (uint32_t)vq->index, VIRTIO_PCI_QUEUE_NOTIFY);
	vi->kicks++;
	return true;
}

static void virtqueue_kick(struct virtqueue *vq)
{
	if (virtqueue_kick_prepare(vq))
		virtqueue_notify(vq);
}

/* virtqueue_napi_schedule: napi_schedule_prep, callback off, schedule */
static void virtqueue_napi_schedule(struct virtnet_info *vi, struct cpu *cpu,
				    struct napi_struct *napi, struct virtqueue *vq)
{
	if (napi->scheduled)
		return;
	virtqueue_disable_cb(vq);
	if (vi->polling == napi) {
		napi->scheduled = true;	/* see Deviation: listed again */
		return;
	}
	napi_schedule(cpu, napi);
}

static void virtqueue_napi_complete(struct virtnet_info *vi, struct cpu *cpu,
				    struct napi_struct *napi, struct virtqueue *vq,
				    int processed)
{
	uint16_t opaque = virtqueue_enable_cb_prepare(vq);

	if (napi_complete_done(napi, processed)) {
		if (virtqueue_poll(vq, opaque))
			virtqueue_napi_schedule(vi, cpu, napi, vq);
	} else {
		virtqueue_disable_cb(vq);
	}
}

/* --- TX -------------------------------------------------------------- */

static struct netdev_queue *vi_txq(struct virtnet_info *vi)
{
	return &vi->host->dev.txq[0];
}

static bool sq_has_room(const struct virtnet_info *vi)
{
	return vi->svq.num_free >= 2 + MAX_SKB_FRAGS;
}

/* netif_start_subqueue: running again, no qdisc reschedule */
static void netif_start_subqueue(struct netdev_queue *txq)
{
	txq->state &= ~QUEUE_STATE_DRV_XOFF;
}

/*
 * free_old_xmit_skbs / free_old_xmit: every skb the host returned is
 * freed (napi_consume_skb); 6.11 completes to BQL those it did not
 * orphan (all of them in NAPI TX mode, none otherwise).
 */
static void free_old_xmit(struct virtnet_info *vi, struct cpu *cpu)
{
	struct sk_buff *skb;
	unsigned int pkts = 0, bytes = 0;
	uint64_t before = vi->reclaimed;

	while ((skb = virtqueue_get_buf(&vi->svq, NULL, NULL)) != NULL) {
		cpu_charge(cpu, COST_reclaim_desc, vi->host->plat->cost.reclaim_desc);
		pkts++;
		bytes += skb->len;
		vi->reclaimed++;
		dev_kfree_skb_any(cpu, skb);
	}
	vi->reclaim_events += vi->reclaimed != before;
	if (vi->prof->bql && vi->use_napi)
		netdev_tx_completed_queue(cpu, vi_txq(vi), pkts, bytes);
}

/* skb_xmit_done: the TX virtqueue's callback (interrupt) */
static void skb_xmit_done(struct cpu *cpu, void *dev_id)
{
	struct virtnet_info *vi = dev_id;

	cpu_charge(cpu, COST_irq, vi->host->plat->cost.irq);
	virtqueue_disable_cb(&vi->svq);
	if (vi->use_napi)
		virtqueue_napi_schedule(vi, cpu, &vi->tx_napi, &vi->svq);
	else	/* we were probably waiting for more output buffers */
		netif_tx_wake_queue(cpu, vi_txq(vi));
}

/* check_sq_full_and_disable (6.x) and its inline form in 4.19 / 5.x */
static void check_sq_full_and_disable(struct virtnet_info *vi, struct cpu *cpu)
{
	struct netdev_queue *txq = vi_txq(vi);

	if (sq_has_room(vi))
		return;
	netif_tx_stop_queue(txq);
	if (vi->use_napi) {
		if (vi->prof->v6 && !virtqueue_enable_cb_delayed(&vi->svq))
			virtqueue_napi_schedule(vi, cpu, &vi->tx_napi, &vi->svq);
	} else if (!virtqueue_enable_cb_delayed(&vi->svq)) {
		/* more just got used: free them, then recheck */
		free_old_xmit(vi, cpu);
		if (sq_has_room(vi)) {
			netif_start_subqueue(txq);
			virtqueue_disable_cb(&vi->svq);
		}
	}
}

/* The reclaim start_xmit does before queueing, per era. */
static void start_xmit_reclaim(struct virtnet_info *vi, struct cpu *cpu, bool xmit_more)
{
	if (!vi->prof->v6) {
		free_old_xmit(vi, cpu);
		if (vi->use_napi && !xmit_more)
			virtqueue_enable_cb_delayed(&vi->svq);
		return;
	}
	do {
		if (vi->use_napi)
			virtqueue_disable_cb(&vi->svq);
		free_old_xmit(vi, cpu);
	} while (vi->use_napi && !xmit_more && !virtqueue_enable_cb_delayed(&vi->svq));
}

static enum netdev_tx start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct virtnet_info *vi = netdev_priv(dev);
	struct cpu *cpu = vi->host->cur_cpu;
	struct netdev_queue *txq = vi_txq(vi);
	bool xmit_more = dev->xmit_more, kick;
	unsigned int nsg = 1u + skb->nr_frags;

	start_xmit_reclaim(vi, cpu, xmit_more);
	cpu_charge2(cpu, COST_xmit_pkt, vi->host->plat->cost.xmit_pkt,
		    COST_xmit_desc, vi->host->plat->cost.xmit_desc);
	if (virtqueue_add(&vi->svq, nsg, skb->len, false, skb)) {
		/* "Unexpected TXQ queue failure": dropped */
		dev->tx_dropped++;
		dev_kfree_skb_any(cpu, skb);
		return NETDEV_TX_OK;
	}
	vi->max_used = MAX(vi->max_used, virtqueue_in_flight(&vi->svq));
	if (!vi->use_napi)	/* don't wait up for transmitted skbs to be freed */
		skb_orphan(cpu, skb);
	check_sq_full_and_disable(vi, cpu);
	if (vi->prof->bql && vi->use_napi)
		kick = __netdev_tx_sent_queue(txq, skb->len, xmit_more);
	else
		kick = !xmit_more || netif_xmit_stopped(txq);
	if (kick)
		virtqueue_kick(&vi->svq);
	return NETDEV_TX_OK;
}

/* virtnet_poll_tx */
static int virtnet_poll_tx(struct napi_struct *napi, int budget)
{
	struct virtnet_info *vi = napi->priv;
	struct cpu *cpu = napi->cpu;
	struct netdev_queue *txq = vi_txq(vi);
	uint16_t opaque;

	(void)budget;
	vi->polling = napi;
	if (!vi->prof->v6) {
		free_old_xmit(vi, cpu);
		virtqueue_napi_complete(vi, cpu, napi, &vi->svq, 0);
		if (sq_has_room(vi))
			netif_tx_wake_queue(cpu, txq);
		vi->polling = NULL;
		return 0;
	}
	virtqueue_disable_cb(&vi->svq);
	free_old_xmit(vi, cpu);
	if (sq_has_room(vi))
		netif_tx_wake_queue(cpu, txq);
	opaque = virtqueue_enable_cb_prepare(&vi->svq);
	if (!napi_complete_done(napi, 0))
		virtqueue_disable_cb(&vi->svq);
	else if (virtqueue_poll(&vi->svq, opaque))
		virtqueue_napi_schedule(vi, cpu, napi, &vi->svq);
	vi->polling = NULL;
	return 0;
}

/* virtnet_poll_cleantx: the RX poll reclaims TX too, in NAPI TX mode */
static void virtnet_poll_cleantx(struct virtnet_info *vi, struct cpu *cpu)
{
	if (!vi->use_napi)
		return;
	if (!vi->prof->v6) {
		free_old_xmit(vi, cpu);
	} else {
		do {
			virtqueue_disable_cb(&vi->svq);
			free_old_xmit(vi, cpu);
		} while (!virtqueue_enable_cb_delayed(&vi->svq));
	}
	if (sq_has_room(vi))
		netif_tx_wake_queue(cpu, vi_txq(vi));
}

/* --- RX ---------------------------------------------------------------- */

/* try_fill_recv: mergeable buffers until the ring is full, then kick. */
static void try_fill_recv(struct virtnet_info *vi, struct cpu *cpu)
{
	bool added = false;

	while (vi->rvq.num_free) {
		/* the token is the receive queue; the device stores the frame */
		if (virtqueue_add(&vi->rvq, 1, GOOD_PACKET_LEN + VIRTNET_HDR_LEN, true, &vi->rvq))
			break;
		added = true;
	}
	if (added && cpu)
		virtqueue_kick(&vi->rvq);
}

/* skb_recv_done: the RX virtqueue's callback */
static void skb_recv_done(struct cpu *cpu, void *dev_id)
{
	struct virtnet_info *vi = dev_id;

	cpu_charge(cpu, COST_irq, vi->host->plat->cost.irq);
	virtqueue_napi_schedule(vi, cpu, &vi->rx_napi, &vi->rvq);
}

static int virtnet_receive(struct virtnet_info *vi, struct cpu *cpu, int budget,
			   sim_time_t start)
{
	unsigned int refill_at = vi->rvq.vring.num / 2;
	uint64_t addr;
	uint32_t len;
	int received = 0;

	while (received < budget && virtqueue_get_buf(&vi->rvq, &len, &addr)) {
		struct sk_buff *skb = (struct sk_buff *)(uintptr_t)addr;

		skb->path[PATH_POLL] = start;
		cpu_charge(cpu, COST_rx_pkt, vi->host->plat->cost.rx_pkt);
		vi->rx_packets++;
		received++;
		netif_receive_skb(cpu, skb);
	}
	if (vi->prof->v6)	/* 6.x: min(budget, ring size) / 2 */
		refill_at = MIN((unsigned int)budget, vi->rvq.vring.num) / 2;
	if (vi->rvq.num_free > refill_at)
		try_fill_recv(vi, cpu);
	return received;
}

/* virtnet_poll */
static int virtnet_poll(struct napi_struct *napi, int budget)
{
	struct virtnet_info *vi = napi->priv;
	struct cpu *cpu = napi->cpu;
	int received;

	vi->polling = napi;
	virtnet_poll_cleantx(vi, cpu);
	received = virtnet_receive(vi, cpu, budget, cpu_now(cpu));
	if (received < budget)
		virtqueue_napi_complete(vi, cpu, napi, &vi->rvq, received);
	vi->polling = NULL;
	return received;
}

static uint32_t virtnet_tx_backlog(const struct net_device *dev)
{
	const struct virtnet_info *vi = dev->priv;

	return virtio_net_hw_tx_backlog(&vi->hw);
}

/* virtnet_tx_timeout (6.11): counted and logged, nothing reset */
static void virtnet_tx_timeout(struct cpu *cpu, struct net_device *dev, int txqueue)
{
	struct virtnet_info *vi = netdev_priv(dev);

	(void)cpu;
	(void)txqueue;
	vi->tx_timeouts++;
}

static const struct net_device_ops virtnet_netdev = {
	.ndo_start_xmit = start_xmit,
	.tx_backlog = virtnet_tx_backlog,
};

static const struct net_device_ops virtnet_netdev_timeout = {
	.ndo_start_xmit = start_xmit,
	.tx_backlog = virtnet_tx_backlog,
	.ndo_tx_timeout = virtnet_tx_timeout,
};

/* --- probe ------------------------------------------------------------- */

static const struct virtnet_profile *find_profile(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

#define FAIL(f, ...) do { snprintf(msg, len, __VA_ARGS__); *field = (f); return -1; } while (0)

/* virtnet_set_coalesce without VIRTIO_NET_F_NOTF_COAL: tx-frames 0 or 1 */
static int check_config(const struct nic_config *cfg, char *msg, size_t len,
			enum nic_field *field)
{
	if (cfg->tx_frames != -1 && cfg->tx_frames > 1)
		FAIL(NIC_F_TX_FRAMES, "virtio_net: tx-frames %lld: virtnet_set_coalesce "
		     "takes 0 (NAPI TX off) or 1 (on) (EINVAL)", (long long)cfg->tx_frames);
	return 0;
}

static bool probe_use_napi(const struct virtnet_profile *p, const struct nic_config *cfg)
{
	if (p->set_coalesce && cfg->tx_frames != -1)
		return cfg->tx_frames == 1;
	return p->napi_tx;
}

/* virtnet_find_vqs: one RX and one TX virtqueue of the device's size */
static void virtnet_find_vqs(struct virtnet_info *vi)
{
	uint32_t features = ioread(vi, NULL, VIRTIO_PCI_HOST_FEATURES);
	bool event = features & (1u << VIRTIO_RING_F_EVENT_IDX);
	bool indirect = features & (1u << VIRTIO_RING_F_INDIRECT_DESC);
	unsigned int q;

	for (q = 0; q < 2; q++) {
		struct virtqueue *vq = q == VIRTIO_NET_RXQ ? &vi->rvq : &vi->svq;
		unsigned int num;

		iowrite(vi, NULL, q, VIRTIO_PCI_QUEUE_SEL);
		num = ioread(vi, NULL, VIRTIO_PCI_QUEUE_NUM);
		vring_new_virtqueue(vq, (int)q, num, event, indirect, vp_notify, vi);
	}
	vi->rx_irq = host_request_irq(vi->host, "virtio0-input.0", 0, skb_recv_done, vi);
	vi->tx_irq = host_request_irq(vi->host, "virtio0-output.0", 0, skb_xmit_done, vi);
	virtio_net_hw_set_vring(&vi->hw, VIRTIO_NET_RXQ, &vi->rvq.vring, vi->rx_irq);
	virtio_net_hw_set_vring(&vi->hw, VIRTIO_NET_TXQ, &vi->svq.vring, vi->tx_irq);
}

static int virtnet_probe(struct host *h, struct eth_port *port, const char *name,
			 const struct nic_config *cfg, char *msg, size_t len,
			 enum nic_field *field)
{
	const struct virtnet_profile *p = find_profile(name);
	struct virtnet_info *vi;

	if (!p)
		FAIL(NIC_F_NONE, "unknown driver profile '%s'", name);
	if (check_config(cfg, msg, len, field))
		return -1;
	vi = xcalloc(1, sizeof(*vi));
	vi->host = h;
	vi->prof = p;
	vi->use_napi = probe_use_napi(p, cfg);
	h->drv = vi;
	h->drv_name = p->name;
	virtio_net_hw_init(&vi->hw, h, port,
			   cfg->virtio_host_delay != -1 ? cfg->virtio_host_delay : 0);
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : VIRTNET_TXQLEN));
	h->dev.ops = p->tx_timeout ? &virtnet_netdev_timeout : &virtnet_netdev;
	h->dev.priv = vi;
	h->dev.tso = cfg->tso != 0;	/* gso = true, VIRTIO_NET_F_HOST_TSO4 */
	virtnet_find_vqs(vi);
	vi->rx_buf_truesize = host_skb_truesize(h, GOOD_PACKET_LEN + VIRTNET_HDR_LEN);
	virtio_net_hw_set_rx_truesize(&vi->hw, vi->rx_buf_truesize);
	netif_napi_add(&h->dev, &vi->rx_napi, virtnet_poll, h->kp->napi_weight);
	vi->rx_napi.priv = vi;
	netif_napi_add(&h->dev, &vi->tx_napi, virtnet_poll_tx, h->kp->napi_weight);
	vi->tx_napi.priv = vi;
	vi->bql = p->bql && vi->use_napi && cfg->bql != 0;
	if (vi->bql) {	/* dql_init(HZ) via netdev_tx_reset_queue at open */
		h->dev.txq[0].bql_on = true;
		bql_init(&h->dev.txq[0].bql, (unsigned int)h->hz, 0);
	}
	/* virtnet_open: fill the RX ring (its kick comes with the device ready) */
	try_fill_recv(vi, NULL);
	netif_tx_start_all_queues(&h->dev);
	if (p->tx_timeout)	/* watchdog_timeo left 0: dev_activate's 5 * HZ */
		netdev_watchdog_up(&h->dev);
	return 0;
}

static void virtnet_remove(struct host *h)
{
	struct virtnet_info *vi = h->drv;

	vring_del_virtqueue(&vi->rvq);
	vring_del_virtqueue(&vi->svq);
	free(vi);
}

/* --- what it implements ------------------------------------------------ */

static struct nic_cap cap_tx_frames(const struct virtnet_profile *p)
{
	if (!p->set_coalesce)
		return (struct nic_cap){ NIC_UNSUPPORTED, "its ethtool ops have no set_coalesce "
					 "(napi_tx is a module parameter)" };
	return (struct nic_cap){ NIC_SUPPORTED, NULL };
}

static struct nic_cap cap_bql(const struct virtnet_profile *p, const struct nic_config *cfg,
			      char *now, size_t len)
{
	if (!p->bql) {
		if (cfg && cfg->bql != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "this era does not call "
					       "netdev_tx_sent_queue" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	}
	if (!cfg)
		return (struct nic_cap){ NIC_SUPPORTED_IF, "tx-frames = 1 (NAPI TX)" };
	if (cfg->tx_frames == 0 && cfg->bql == 1) {
		snprintf(now, len, "orphans its TX skbs: tx-frames = 0");
		return (struct nic_cap){ NIC_SUPPORTED_IF, "tx-frames = 1 (NAPI TX)" };
	}
	return (struct nic_cap){ NIC_SUPPORTED, NULL };
}

/*
 * virtnet_ethtool_ops: get_ringparam (the device's size), set_coalesce
 * from 5.x (tx-frames 0/1 only, without NOTF_COAL), TSO through gso and
 * the host's HOST_TSO4; one queue pair; BQL in 6.11 in NAPI TX mode.
 */
static struct nic_cap virtnet_cap(const char *name, enum nic_field f,
				  const struct nic_config *cfg, char *now, size_t len)
{
	const struct virtnet_profile *p = find_profile(name);

	if (!p)		/* virtnet_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_TSO:
	case NIC_F_TX_QUEUE_LEN:
	case NIC_F_VIRTIO_HOST_DELAY:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_FRAMES:
		return cap_tx_frames(p);
	case NIC_F_TX_SELECT:
		if (!cfg)
			return (struct nic_cap){ NIC_SUPPORTED_IF, "tx_select = kernel" };
		if (cfg->tx_select && !strcmp(cfg->tx_select, "cpu"))
			return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_BQL:
		return cap_bql(p, cfg, now, len);
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		if (p->bql)
			return cap_bql(p, cfg, now, len);
		return (struct nic_cap){ NIC_UNSUPPORTED, "this era does not call "
					 "netdev_tx_sent_queue" };
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
		return (struct nic_cap){ NIC_UNSUPPORTED, "the ring size is the device's queue "
					 "size; resizing needs VIRTIO_F_RING_RESET, which the "
					 "vhost-net device does not offer" };
	case NIC_F_RX_FRAMES:
	case NIC_F_RX_USECS:
	case NIC_F_TX_USECS:
		return (struct nic_cap){ NIC_UNSUPPORTED, p->set_coalesce ?
					 "without VIRTIO_NET_F_NOTF_COAL virtnet_set_coalesce takes "
					 "only tx-frames 0 or 1" :
					 "its ethtool ops have no set_coalesce" };
	case NIC_F_TXQ:
	case NIC_F_XPS_CPUS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "the device offers one queue pair "
					 "(no VIRTIO_NET_F_MQ)" };
	case NIC_F_RXQ:
	case NIC_F_RXQ_DEF:
		return (struct nic_cap){ NIC_UNSUPPORTED, "the device offers one queue pair "
					 "(no VIRTIO_NET_F_MQ)" };
	case NIC_F_IRQ_CPU:
		return (struct nic_cap){ NIC_UNSUPPORTED, "its MSI-X vectors are on CPU 0" };
	case NIC_F_TX_RECLAIM:
	case NIC_F_TX_TIMER_PERIOD:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it reclaims in start_xmit or its "
					 "TX NAPI poll (tx-frames)" };
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_ARBITER:
	case NIC_F_TX_WRR_WEIGHT:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no TX queue arbiter" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, NULL };
	}
}

static void virtnet_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	const struct virtnet_profile *p = find_profile(name);

	switch (f) {
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%d", VIRTNET_TXQLEN); break;
	case NIC_F_TSO: snprintf(buf, len, "on"); break;
	case NIC_F_BQL: snprintf(buf, len, p && p->bql ? "on" : "off"); break;
	case NIC_F_BQL_LIMIT_MIN: snprintf(buf, len, p && p->bql ? "0" : "-"); break;
	case NIC_F_BQL_LIMIT_MAX: snprintf(buf, len, p && p->bql ? "1879048192" : "-"); break;
	case NIC_F_BQL_HOLD_TIME: snprintf(buf, len, p && p->bql ? "1s" : "-"); break;
	case NIC_F_TX_FRAMES: snprintf(buf, len, p && p->napi_tx ? "1" : "-"); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	case NIC_F_VIRTIO_HOST_DELAY: snprintf(buf, len, "0"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static void virtnet_info(const struct host *h, struct nic_info *info)
{
	const struct virtnet_info *vi = h->drv;

	info->driver = vi->prof->name;
	snprintf(info->reclaim, sizeof(info->reclaim), "%s", vi->use_napi ? "tx-napi" : "xmit-orphan");
	info->defect = vi->prof->defect;
	info->fixed_by = vi->prof->fixed_by;
	info->fix = vi->prof->fix;
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = vi->rx_packets;
	info->rx_no_desc_drops = vi->hw.rx_no_buf;
	info->irq_tx = vi->hw.vq[VIRTIO_NET_TXQ].irqs;
	info->irq_rx = vi->hw.vq[VIRTIO_NET_RXQ].irqs;
}

static void virtnet_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct virtnet_info *vi = h->drv;

	(void)q;
	st->packets = vi->hw.tx_frames;
	st->bytes = vi->hw.tx_bytes;
	st->reclaim_events = vi->reclaim_events;
	st->reclaimed = vi->reclaimed;
	st->ring_size = vi->svq.vring.num;
	st->ring_max_used = vi->max_used;
	st->ring_used = virtqueue_in_flight(&vi->svq);
	st->tx_frames = vi->use_napi ? 1 : 0;
}

/* --check: the driver's and the host's indices agree: what the host took
 * lies between what the driver reclaimed and what it made available, and
 * the descriptors held match the buffers in flight. */
static int virtnet_check(const struct host *h, char *msg, size_t len)
{
	const struct virtnet_info *vi = h->drv;
	const struct virtqueue *vq = &vi->svq;
	const struct virtio_net_vq *dq = &vi->hw.vq[VIRTIO_NET_TXQ];
	uint16_t taken = (uint16_t)(dq->last_avail_idx - vq->last_used_idx);
	uint16_t used = (uint16_t)(dq->used_idx - vq->last_used_idx);

	if (taken > virtqueue_in_flight(vq) || used > taken) {
		snprintf(msg, len, "virtio_net: TX indices out of order: driver used %u avail %u, "
			 "host took %u returned %u", vq->last_used_idx, vq->avail_idx_shadow,
			 dq->last_avail_idx, dq->used_idx);
		return -1;
	}
	if (vq->num_free + virtqueue_in_flight(vq) > vq->vring.num ||
	    (vq->num_free + virtqueue_in_flight(vq) < vq->vring.num && !vq->indirect)) {
		snprintf(msg, len, "virtio_net: %u descriptors free with %u buffers in flight "
			 "of %u", vq->num_free, virtqueue_in_flight(vq), vq->vring.num);
		return -1;
	}
	return 0;
}

/* The eras, in the order users see them (nicsim keys). */
static const char *const virtnet_names[] = {
	"virtio_net-4.19", "virtio_net-5.3", "virtio_net-6.11", NULL
};

const struct nic_driver virtio_net_driver = {
	.names = virtnet_names,
	.cap = virtnet_cap,
	.get_default = virtnet_default,
	.probe = virtnet_probe,
	.remove = virtnet_remove,
	.info = virtnet_info,
	.queue_stats = virtnet_queue_stats,
	.check = virtnet_check,
};
