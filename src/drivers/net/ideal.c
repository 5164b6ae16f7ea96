// SPDX-License-Identifier: MIT
/*
 * An ideal NIC, for the peer: one TX queue served at line rate, an
 * interrupt for every completed or received frame (no coalescing), and a
 * driver that reclaims and receives everything in one NAPI poll. It stands
 * for "a fast PC with a GbE NIC" whose own TX path must not limit the
 * experiment.
 * RX interrupts may be coalesced by time (ethtool rx-usecs, default 0:
 * one per frame), as a PC NIC's interrupt throttling does, and the poll
 * hands TCP segments to the stack through GRO (napi_gro_receive): in-order
 * segments of one flow merge up to 64 KiB and the merged skb is delivered
 * at the end of the poll (napi_gro_flush), so the receiver ACKs once per
 * merged skb.
 * Deviation: the driver and device exchange skbs through lists (TX FIFO,
 * done list, RX list) instead of descriptor rings; cause and mask are the
 * only registers.
 * Deviation: GRO ignores differences in the timestamp option (in the
 * kernel a burst carries one TSval, which the model does not quantise).
 * The RX list holds at most ethtool rx frames (default 4096, a PC NIC's
 * largest ring); frames beyond are dropped as a full ring drops them. The
 * driver holds at most ethtool tx skbs (default 4096): it stops its queue
 * when that many are queued, on the wire or awaiting reclaim, and wakes it
 * when reclaim brings them to half.
 * With ethtool tso on, the driver takes GSO skbs and the NIC cuts them
 * into gso_size segments on the wire, each with its own headers (as a
 * TSO engine does); the skb completes, and interrupts, after its last
 * segment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define IDEAL_CAUSE_TX	1u
#define IDEAL_CAUSE_RX	2u
#define IDEAL_RING	4096u	/* ethtool -G tx / rx default: a PC NIC's largest */
#define IDEAL_TXQLEN	1000u	/* ether_setup's tx_queue_len */

struct ideal_port {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	struct napi_struct napi;
	struct skb_queue txfifo, done, rx;
	struct sim_event tx_start_ev, tx_done_ev;
	struct sim_event rx_coal_ev;
	sim_time_t	rx_usecs;
	bool		rx_latched;
	struct sk_buff	*on_wire;
	struct sk_buff	*rx_unstamped;	/* first RX frame not yet signalled */
	uint32_t	rx_ring;	/* RX descriptors: frames beyond are dropped */
	uint32_t	tx_ring;	/* TX descriptors: the queue stops when all are held */
	uint64_t	rx_drops;
	uint32_t	seg_off;	/* TSO: payload of on_wire already sent */
	uint32_t	seg_len;	/* TSO: payload of the segment on the wire */
	uint32_t	mask;
	uint64_t	tx_packets, tx_bytes, reclaimed, polls_freeing, rx_packets;
	uint64_t	irq_tx, irq_rx;	/* raised with a TX / RX cause */
};

static uint32_t ideal_cause(const struct ideal_port *ip)
{
	return (ip->done.qlen ? IDEAL_CAUSE_TX : 0) |
	       (ip->rx.qlen && ip->rx_latched ? IDEAL_CAUSE_RX : 0);
}

static void ideal_update_irq(struct ideal_port *ip)
{
	uint32_t on = ideal_cause(ip) & ip->mask;

	if (on && !ip->irq->level) {
		ip->irq_tx += (on & IDEAL_CAUSE_TX) != 0;
		ip->irq_rx += (on & IDEAL_CAUSE_RX) != 0;
	}
	irq_set_level(ip->irq, on != 0);
}

static void ideal_kick(struct ideal_port *ip, sim_time_t t)
{
	if (ip->on_wire || sim_event_pending(&ip->tx_start_ev) || !ip->txfifo.qlen)
		return;
	sim_schedule(ip->host->sim, &ip->tx_start_ev, MAX(t, ip->port->busy_until));
}

/* The next TSO segment of skb as a frame of its own. */
static void tso_segment(struct ideal_port *ip, const struct sk_buff *skb, struct sk_buff *frame)
{
	uint32_t hdr = skb->len - skb->payload_len;

	ip->seg_len = MIN((uint32_t)skb->gso_size, skb->payload_len - ip->seg_off);
	frame->seq = skb->seq + ip->seg_off;
	frame->payload_len = ip->seg_len;
	frame->end_seq = frame->seq + ip->seg_len;
	frame->len = hdr + ip->seg_len;
	frame->gso_segs = 1;
}

static void ideal_tx_start(struct sim *sim, struct sim_event *ev)
{
	struct ideal_port *ip = ev->arg;
	struct sk_buff *skb = ip->on_wire ? ip->on_wire : skb_dequeue(&ip->txfifo), *frame;

	frame = skb_pool_copy(ip->host->pool, skb);
	frame->path[PATH_WIRE] = frame->path[PATH_HEAD] = sim->now;	/* one FIFO */
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = sim->now;	/* nicsim observation */
	if (skb->gso_segs > 1)
		tso_segment(ip, skb, frame);
	ip->on_wire = skb;
	sim_schedule(sim, &ip->tx_done_ev, eth_xmit(ip->port, frame, sim->now));
}

static void ideal_tx_done(struct sim *sim, struct sim_event *ev)
{
	struct ideal_port *ip = ev->arg;
	struct sk_buff *skb = ip->on_wire;

	ip->tx_packets++;
	if (skb->gso_segs > 1) {	/* TSO: one segment done */
		ip->tx_bytes += skb->len - skb->payload_len + ip->seg_len;
		ip->seg_off += ip->seg_len;
		if (ip->seg_off < skb->payload_len) {
			sim_schedule(sim, &ip->tx_start_ev, MAX(sim->now, ip->port->busy_until));
			return;
		}
		ip->seg_off = 0;
	} else {
		ip->tx_bytes += skb->len;
	}
	skb_queue_tail(&ip->done, ip->on_wire);
	ip->on_wire = NULL;
	ideal_update_irq(ip);
	ideal_kick(ip, sim->now);
}

static void rx_latch(struct ideal_port *ip)
{
	struct sk_buff *skb;

	ip->rx_latched = true;
	for (skb = ip->rx_unstamped; skb; skb = skb->next)	/* the unsignalled tail */
		skb->path[PATH_IRQ] = ip->host->sim->now;
	ip->rx_unstamped = NULL;
	ideal_update_irq(ip);
}

static void rx_coal_fire(struct sim *sim, struct sim_event *ev)
{
	rx_latch(ev->arg);
}

static void ideal_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct ideal_port *ip = port->owner;

	if (ip->rx.qlen >= ip->rx_ring) {	/* no free RX descriptor */
		ip->rx_drops++;
		skb_pool_put(ip->host->pool, frame);
		return;
	}
	frame->truesize = host_skb_truesize(ip->host, frame->len + 64);
	frame->path[PATH_IRQ] = 0;
	skb_queue_tail(&ip->rx, frame);
	if (!ip->rx_unstamped)
		ip->rx_unstamped = frame;
	if (ip->rx_latched || !ip->rx_usecs)
		rx_latch(ip);
	else if (!sim_event_pending(&ip->rx_coal_ev))
		sim_schedule(ip->host->sim, &ip->rx_coal_ev, ip->host->sim->now + ip->rx_usecs);
}

/* dev_gro_receive / tcp_gro_receive: can skb extend the held one? */
static bool gro_can_merge(const struct sk_buff *h, const struct sk_buff *skb)
{
	return h && h->ip_proto == IPPROTO_TCP_ && skb->ip_proto == IPPROTO_TCP_ &&
	       h->saddr == skb->saddr && h->daddr == skb->daddr &&
	       h->sport == skb->sport && h->dport == skb->dport &&
	       h->payload_len && skb->payload_len && h->end_seq == skb->seq &&
	       h->ack_seq == skb->ack_seq && h->payload_len + skb->payload_len <= 65535 - 66;
}

/* skbs the driver holds: queued to the NIC, on the wire, awaiting reclaim */
static uint32_t tx_held(const struct ideal_port *ip)
{
	return ip->txfifo.qlen + ip->done.qlen + (ip->on_wire != NULL);
}

static enum netdev_tx ideal_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct ideal_port *ip = dev->priv;
	struct cpu *cpu = ip->host->cur_cpu;

	cpu_charge(cpu, COST_xmit_pkt, ip->host->plat->cost.xmit_pkt);
	skb_queue_tail(&ip->txfifo, skb);
	if (tx_held(ip) >= ip->tx_ring)	/* no descriptor left for the next */
		netif_tx_stop_queue(&dev->txq[0]);
	ideal_kick(ip, cpu_now(cpu));
	return NETDEV_TX_OK;
}

static int ideal_poll(struct napi_struct *napi, int budget)
{
	struct ideal_port *ip = napi->priv;
	struct cpu *cpu = napi->cpu;
	struct sk_buff *skb;
	int rx = 0;

	if (ip->done.qlen)
		ip->polls_freeing++;
	while ((skb = skb_dequeue(&ip->done))) {
		cpu_charge(cpu, COST_reclaim_desc, ip->host->plat->cost.reclaim_desc);
		ip->reclaimed++;
		dev_kfree_skb_any(cpu, skb);
	}
	if (netif_tx_queue_stopped(&ip->host->dev.txq[0]) && tx_held(ip) <= ip->tx_ring / 2)
		netif_tx_wake_queue(cpu, &ip->host->dev.txq[0]);
	sim_time_t start = cpu_now(cpu);
	struct sk_buff *held = NULL;

	while (rx < budget && (skb = skb_dequeue(&ip->rx))) {
		if (skb == ip->rx_unstamped)
			ip->rx_unstamped = ip->rx.head;	/* the rest is unsignalled too */
		skb->path[PATH_POLL] = start;
		cpu_charge(cpu, COST_rx_pkt, ip->host->plat->cost.rx_pkt);
		ip->rx_packets++;
		rx++;
		if (gro_can_merge(held, skb)) {
			held->end_seq = skb->end_seq;
			held->payload_len += skb->payload_len;
			held->len += skb->payload_len;
			held->truesize += skb->truesize;
			held->tcp_win = skb->tcp_win;
			held->gso_segs++;
			skb_pool_put(ip->host->pool, skb);
			continue;
		}
		if (held)
			netif_receive_skb(cpu, held);
		held = skb->ip_proto == IPPROTO_TCP_ && skb->payload_len ? skb : NULL;
		if (!held)
			netif_receive_skb(cpu, skb);
	}
	if (held)	/* napi_gro_flush */
		netif_receive_skb(cpu, held);
	if (!ip->rx.qlen)
		ip->rx_latched = false;
	if (rx < budget) {
		napi_complete_done(napi, rx);
		ip->mask = IDEAL_CAUSE_TX | IDEAL_CAUSE_RX;
		ideal_update_irq(ip);
	}
	return rx;
}

static void ideal_isr(struct cpu *cpu, void *dev_id)
{
	struct ideal_port *ip = dev_id;

	ip->mask = 0;
	ideal_update_irq(ip);
	napi_schedule(cpu, &ip->napi);
}

static uint32_t ideal_tx_backlog(const struct net_device *dev)
{
	const struct ideal_port *ip = dev->priv;

	return ip->txfifo.qlen;
}

static const struct net_device_ops ideal_ops = {
	.ndo_start_xmit = ideal_xmit,
	.tx_backlog = ideal_tx_backlog,
};

/*
 * What the ideal NIC implements: rx-usecs (its only coalescing), the ring
 * sizes, tso, the interrupt's CPU and the qdisc length. With one TX and
 * one RX queue, an interrupt per frame and reclaim in its NAPI poll, it
 * has nothing for the queue, reclaim, arbiter and BQL settings of mvneta.
 */
static struct nic_cap ideal_cap(enum nic_field f, const struct nic_config *cfg,
				char *now, size_t len)
{
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_RX_USECS:
	case NIC_F_TX_RING:
	case NIC_F_RX_RING:
	case NIC_F_TSO:
	case NIC_F_IRQ_CPU:
	case NIC_F_TX_QUEUE_LEN:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_SELECT:	/* the kernel's choice, of one queue */
		if (!cfg)
			return (struct nic_cap){ NIC_SUPPORTED_IF, "tx_select = kernel" };
		if (cfg->tx_select && !strcmp(cfg->tx_select, "cpu"))
			return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_FRAMES:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it interrupts for every frame sent" };
	case NIC_F_RX_FRAMES:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it coalesces RX interrupts by "
					 "time only: rx-usecs" };
	case NIC_F_TXQ:
	case NIC_F_XPS_CPUS:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one TX queue" };
	case NIC_F_RXQ:
	case NIC_F_RXQ_DEF:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has one RX queue" };
	case NIC_F_TX_RECLAIM:
	case NIC_F_TX_TIMER_PERIOD:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it reclaims in its NAPI poll, "
					 "on the TX interrupt" };
	case NIC_F_TX_FIXED_PRIO:
	case NIC_F_TX_ARBITER:
	case NIC_F_TX_WRR_WEIGHT:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no TX queue arbiter" };
	case NIC_F_BQL:		/* off is what it is */
		if (cfg && cfg->bql != 1)
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return cfg ? (struct nic_cap){ NIC_UNSUPPORTED, "it has no BQL" } :
			     (struct nic_cap){ NIC_SUPPORTED_IF, "bql = off" };
	case NIC_F_BQL_LIMIT_MIN:
	case NIC_F_BQL_LIMIT_MAX:
	case NIC_F_BQL_HOLD_TIME:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it has no BQL" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, NULL };
	}
}

static void ideal_default(enum nic_field f, char *buf, size_t len)
{
	switch (f) {
	case NIC_F_RX_USECS: snprintf(buf, len, "0us"); break;
	case NIC_F_TX_RING:
	case NIC_F_RX_RING: snprintf(buf, len, "%u", IDEAL_RING); break;
	case NIC_F_TSO: snprintf(buf, len, "off"); break;
	case NIC_F_BQL: snprintf(buf, len, "off"); break;
	case NIC_F_IRQ_CPU: snprintf(buf, len, "0"); break;
	case NIC_F_TX_QUEUE_LEN: snprintf(buf, len, "%u", IDEAL_TXQLEN); break;
	case NIC_F_TX_SELECT: snprintf(buf, len, "kernel"); break;
	default: snprintf(buf, len, "-"); break;
	}
}

static int ideal_probe(struct host *h, struct eth_port *port, const struct nic_config *cfg)
{
	struct ideal_port *ip = xcalloc(1, sizeof(*ip));

	ip->host = h;
	ip->port = port;
	port->owner = ip;
	port->rx = ideal_rx;
	h->drv = ip;
	h->drv_name = "ideal";
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : IDEAL_TXQLEN));
	h->dev.ops = &ideal_ops;
	h->dev.tso = cfg->tso == 1;	/* ethtool -K tso, off unless asked */
	h->dev.priv = ip;
	sim_event_init(&ip->tx_start_ev, ideal_tx_start, ip);
	sim_event_init(&ip->tx_done_ev, ideal_tx_done, ip);
	sim_event_init(&ip->rx_coal_ev, rx_coal_fire, ip);
	ip->rx_usecs = cfg->rx_usecs > 0 ? cfg->rx_usecs : 0;
	ip->rx_ring = cfg->rx_ring > 0 ? (uint32_t)cfg->rx_ring : IDEAL_RING;
	ip->tx_ring = cfg->tx_ring > 0 ? (uint32_t)cfg->tx_ring : IDEAL_RING;
	ip->irq = host_request_irq(h, "ideal", cfg->irq_cpu > 0 ? (int)cfg->irq_cpu : 0,
				   ideal_isr, ip);
	netif_napi_add(&h->dev, &ip->napi, ideal_poll, h->kp->napi_weight);
	ip->napi.priv = ip;
	ip->mask = IDEAL_CAUSE_TX | IDEAL_CAUSE_RX;
	return 0;
}

static void ideal_remove(struct host *h)
{
	free(h->drv);
}

static void ideal_info(const struct host *h, struct nic_info *info)
{
	const struct ideal_port *ip = h->drv;

	memset(info, 0, sizeof(*info));
	info->driver = "ideal";
	snprintf(info->reclaim, sizeof(info->reclaim), "interrupt per frame + napi");
	info->nr_txq = 1;
	info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = ip->rx_packets;
	info->rx_no_desc_drops = ip->rx_drops;
	info->irq_tx = ip->irq_tx;
	info->irq_rx = ip->irq_rx;
}

static void ideal_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct ideal_port *ip = h->drv;

	st->packets = ip->tx_packets;
	st->bytes = ip->tx_bytes;
	st->reclaim_events = ip->polls_freeing;
	st->reclaimed = ip->reclaimed;
	st->ring_used = tx_held(ip);
	st->ring_size = ip->tx_ring;
}

/* The nic_driver ops take the name the driver answers to: "ideal". */
static struct nic_cap ideal_get_cap(const char *name, enum nic_field f,
				    const struct nic_config *cfg, char *now, size_t len)
{
	return ideal_cap(f, cfg, now, len);
}

static void ideal_get_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	ideal_default(f, buf, len);
}

static int ideal_driver_probe(struct host *h, struct eth_port *port, const char *name,
			      const struct nic_config *cfg, char *msg, size_t len,
			      enum nic_field *field)
{
	return ideal_probe(h, port, cfg);
}

static const char *const ideal_names[] = { "ideal", NULL };

const struct nic_driver ideal_driver = {
	.names = ideal_names,
	.cap = ideal_get_cap,
	.get_default = ideal_get_default,
	.probe = ideal_driver_probe,
	.remove = ideal_remove,
	.info = ideal_info,
	.queue_stats = ideal_queue_stats,
	/* .check: a FIFO, no indices to disagree */
};
