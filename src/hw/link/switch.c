// SPDX-License-Identifier: MIT
/*
 * A store-and-forward Ethernet switch: ingress on a frame's last bit, a
 * fixed forwarding latency, an output FIFO per egress port with tail
 * drop, an optional token bucket per egress port. The contract is in
 * switch.h.
 */
#include <string.h>
#include "hw/link/switch.h"
#include "sim/engine/util.h"
#include "sim/engine/skb_pool.h"

static void sw_egress_ev(struct sim *sim, struct sim_event *ev);

void switch_init(struct switch_dev *sw, struct sim *sim, struct skb_pool *pool,
		 sim_time_t latency)
{
	memset(sw, 0, sizeof(*sw));
	sw->sim = sim;
	sw->pool = pool;
	sw->latency = latency;
}

sim_time_t switch_l2t(const struct sw_port *p, uint32_t bytes)
{
	return (sim_time_t)(((__int128)bytes * 8 * PS_PER_S + p->rate - 1) / p->rate);
}

void switch_shape(struct switch_dev *sw, int i, int64_t rate, uint32_t burst)
{
	struct sw_port *p = &sw->port[i];

	p->rate = rate;
	p->buffer = switch_l2t(p, burst);
	p->tokens = p->buffer;	/* the bucket starts full (tbf_init) */
	p->t_c = sw->sim->now;
}

/* The shaper's tokens at time t, less the head frame's length: >= 0 when
 * it may start at t (tbf_dequeue's toks). */
static sim_time_t sw_toks(const struct sw_port *p, sim_time_t t, uint32_t len)
{
	sim_time_t toks = MIN(t - p->t_c, p->buffer) + p->tokens;

	return MIN(toks, p->buffer) - switch_l2t(p, len);
}

/* Start the head frame at now if the wire and the shaper allow it, else
 * wake up when they will. */
static void sw_egress(struct sw_port *p)
{
	struct sim *sim = p->sw->sim;
	struct sk_buff *skb = p->q.head;
	sim_time_t t, toks = 0;

	if (!skb || sim_event_pending(&p->ev))
		return;
	t = MAX(sim->now, p->eth->busy_until);
	if (p->rate) {
		toks = sw_toks(p, t, skb->len);
		if (toks < 0) {
			p->shaped_ps += -toks;
			t += -toks;
		}
	}
	if (t > sim->now) {
		sim_schedule(sim, &p->ev, t);
		return;
	}
	if (p->rate) {
		p->tokens = toks;
		p->t_c = t;
	}
	skb = skb_dequeue(&p->q);
	p->backlog -= skb->len;
	p->tx_frames++;
	p->tx_bytes += skb->len;
	eth_xmit(p->eth, skb, t);
	if (p->q.head)	/* the next frame: once the wire is free */
		sim_schedule(sim, &p->ev, p->eth->busy_until);
}

static void sw_egress_ev(struct sim *sim, struct sim_event *ev)
{
	(void)sim;
	sw_egress(ev->arg);
}

static struct sw_port *sw_route(struct switch_dev *sw, uint32_t daddr)
{
	int i;

	for (i = 0; i < sw->nr_ports; i++)
		if (sw->port[i].eth && sw->port[i].addr == daddr)
			return &sw->port[i];
	return NULL;
}

/* The frame is in the switch: into its egress port's FIFO, or dropped. */
static void sw_forward(struct switch_dev *sw, struct sk_buff *skb)
{
	struct sw_port *out = sw_route(sw, skb->daddr);

	if (!out) {
		sw->no_route++;
		skb_pool_put(sw->pool, skb);
		return;
	}
	if ((out->limit_packets && out->q.qlen >= out->limit_packets) ||
	    out->backlog + skb->len > out->limit_bytes) {
		out->drops++;
		out->drop_bytes += skb->len;
		skb_pool_put(sw->pool, skb);
		return;
	}
	skb_queue_tail(&out->q, skb);
	out->backlog += skb->len;
	out->max_backlog = MAX(out->max_backlog, out->backlog);
	out->max_qlen = MAX(out->max_qlen, (uint64_t)out->q.qlen);
	sw_egress(out);
}

static void sw_forward_ev(struct sim *sim, struct sim_event *ev)
{
	(void)sim;
	sw_forward(ev->arg, (struct sk_buff *)(uintptr_t)ev->data);
}

/* eth_arrive: the frame's last bit is in (store-and-forward) */
static void sw_rx(struct eth_port *ep, struct sk_buff *skb)
{
	struct sw_port *p = ep->owner;
	struct switch_dev *sw = p->sw;

	p->rx_frames++;
	p->rx_bytes += skb->len;
	if (!sw->latency) {
		sw_forward(sw, skb);
		return;
	}
	sim_post(sw->sim, sw->sim->now + sw->latency, sw_forward_ev, sw,
		 (uint64_t)(uintptr_t)skb);
}

void switch_attach(struct switch_dev *sw, int i, struct eth_link *l, uint32_t addr,
		   uint64_t limit_bytes, uint64_t limit_packets)
{
	struct sw_port *p = &sw->port[i];

	BUG_ON(i >= SWITCH_MAX_PORTS);
	memset(p, 0, sizeof(*p));
	p->sw = sw;
	p->idx = i;
	p->eth = &l->port[1];
	p->addr = addr;
	p->limit_bytes = limit_bytes;
	p->limit_packets = limit_packets;
	sim_event_init(&p->ev, sw_egress_ev, p);
	l->port[1].rx = sw_rx;
	l->port[1].owner = p;
	sw->nr_ports = MAX(sw->nr_ports, i + 1);
}
