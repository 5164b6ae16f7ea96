// SPDX-License-Identifier: MIT
/*
 * An ideal NIC, for the peer: one TX queue served at line rate, an
 * interrupt for every completed or received frame (no coalescing), and a
 * driver that reclaims and receives everything in one NAPI poll. It stands
 * for "a fast PC with a GbE NIC" whose own TX path must not limit the
 * experiment.
 * Deviation: the driver and device exchange skbs through lists (TX FIFO,
 * done list, RX list) instead of descriptor rings; cause and mask are the
 * only registers.
 */
#include <stdlib.h>
#include <string.h>
#include "nic/nic.h"
#include "host/host.h"
#include "link/eth.h"
#include "core/util.h"

#define IDEAL_CAUSE_TX	1u
#define IDEAL_CAUSE_RX	2u

struct ideal_port {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	struct napi_struct napi;
	struct skb_queue txfifo, done, rx;
	struct sim_event tx_start_ev, tx_done_ev;
	struct sk_buff	*on_wire;
	uint32_t	mask;
	uint64_t	tx_packets, tx_bytes, reclaimed, polls_freeing, rx_packets;
};

static uint32_t ideal_cause(const struct ideal_port *ip)
{
	return (ip->done.qlen ? IDEAL_CAUSE_TX : 0) | (ip->rx.qlen ? IDEAL_CAUSE_RX : 0);
}

static void ideal_update_irq(struct ideal_port *ip)
{
	irq_set_level(ip->irq, (ideal_cause(ip) & ip->mask) != 0);
}

static void ideal_kick(struct ideal_port *ip, sim_time_t t)
{
	if (ip->on_wire || sim_event_pending(&ip->tx_start_ev) || !ip->txfifo.qlen)
		return;
	sim_schedule(ip->host->sim, &ip->tx_start_ev, MAX(t, ip->port->busy_until));
}

static void ideal_tx_start(struct sim *sim, struct sim_event *ev)
{
	struct ideal_port *ip = ev->arg;
	struct sk_buff *skb = skb_dequeue(&ip->txfifo), *frame;

	frame = skb_pool_copy(ip->host->pool, skb);
	skb->t[SKB_T_WIRE] = frame->path[PATH_WIRE] = sim->now;
	ip->on_wire = skb;
	sim_schedule(sim, &ip->tx_done_ev, eth_xmit(ip->port, frame, sim->now));
}

static void ideal_tx_done(struct sim *sim, struct sim_event *ev)
{
	struct ideal_port *ip = ev->arg;

	ip->on_wire->t[SKB_T_SENT] = sim->now;
	ip->tx_packets++;
	ip->tx_bytes += ip->on_wire->len;
	skb_queue_tail(&ip->done, ip->on_wire);
	ip->on_wire = NULL;
	ideal_update_irq(ip);
	ideal_kick(ip, sim->now);
}

static void ideal_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct ideal_port *ip = port->owner;

	frame->truesize = skb_truesize(ip->host->plat, ip->host->kp, frame->len + 64);
	frame->path[PATH_IRQ] = ip->host->sim->now;	/* no coalescing */
	skb_queue_tail(&ip->rx, frame);
	ideal_update_irq(ip);
}

static enum netdev_tx ideal_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct ideal_port *ip = dev->priv;
	struct cpu *cpu = ip->host->cur_cpu;

	cpu_charge(cpu, ip->host->plat->cost.xmit_pkt);
	skb_queue_tail(&ip->txfifo, skb);
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
		cpu_charge(cpu, ip->host->plat->cost.reclaim_desc);
		ip->reclaimed++;
		dev_kfree_skb_any(cpu, skb);
	}
	sim_time_t start = cpu_now(cpu);

	while (rx < budget && (skb = skb_dequeue(&ip->rx))) {
		skb->path[PATH_POLL] = start;
		cpu_charge(cpu, ip->host->plat->cost.rx_pkt);
		ip->rx_packets++;
		rx++;
		netif_receive_skb(cpu, skb);
	}
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

static const struct net_device_ops ideal_ops = { .ndo_start_xmit = ideal_xmit };

int ideal_probe(struct host *h, struct eth_port *port, const struct nic_config *cfg)
{
	struct ideal_port *ip = xcalloc(1, sizeof(*ip));

	ip->host = h;
	ip->port = port;
	port->owner = ip;
	port->rx = ideal_rx;
	h->drv = ip;
	h->drv_name = "ideal";
	netdev_init(&h->dev, h, "eth0", 1,
		    (uint32_t)(cfg->tx_queue_len != -1 ? cfg->tx_queue_len : 1000));
	h->dev.ops = &ideal_ops;
	h->dev.priv = ip;
	sim_event_init(&ip->tx_start_ev, ideal_tx_start, ip);
	sim_event_init(&ip->tx_done_ev, ideal_tx_done, ip);
	ip->irq = host_request_irq(h, "ideal", 0, ideal_isr, ip);
	netif_napi_add(&h->dev, &ip->napi, ideal_poll, h->kp->napi_weight);
	ip->napi.priv = ip;
	ip->mask = IDEAL_CAUSE_TX | IDEAL_CAUSE_RX;
	return 0;
}

void ideal_remove(struct host *h)
{
	free(h->drv);
}

void ideal_info(const struct host *h, struct nic_info *info)
{
	const struct ideal_port *ip = h->drv;

	memset(info, 0, sizeof(*info));
	info->driver = "ideal";
	info->reclaim = "interrupt per frame + napi";
	info->nr_txq = 1;
	info->nr_rxq = 1;
	info->rx_packets = ip->rx_packets;
}

void ideal_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct ideal_port *ip = h->drv;

	st->packets = ip->tx_packets;
	st->bytes = ip->tx_bytes;
	st->reclaim_events = ip->polls_freeing;
	st->reclaimed = ip->reclaimed;
}
