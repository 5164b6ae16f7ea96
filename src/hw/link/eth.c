// SPDX-License-Identifier: MIT
/*
 * A full-duplex Ethernet link: serialisation, propagation, loss; frames
 * reach the far device through its port's rx callback. No kernel
 * source: IEEE 802.3 timing; the contract is in eth.h.
 */
#include <string.h>
#include "hw/link/eth.h"
#include "sim/engine/util.h"
#include "sim/engine/skb_pool.h"

void eth_link_init(struct eth_link *l, struct sim *sim, int64_t rate, sim_time_t delay)
{
	memset(l, 0, sizeof(*l));
	l->sim = sim;
	l->rate = rate;
	l->delay = delay;
	l->ps_per_byte = (8 * PS_PER_S) % rate ? 0 : (8 * PS_PER_S) / rate;
	l->port[0].link = l;
	l->port[1].link = l;
	l->port[0].peer = &l->port[1];
	l->port[1].peer = &l->port[0];
}

void eth_set_loss(struct eth_port *port, uint64_t ppb, uint64_t seed, const char *name,
		  struct skb_pool *pool)
{
	port->loss_ppb = ppb;
	port->pool = pool;
	rng_stream(&port->loss_rng, seed, name);
}

sim_time_t eth_wire_time(const struct eth_link *l, uint32_t bytes)
{
	if (l->ps_per_byte)	/* the rate divides 8e12: exact, no division */
		return (sim_time_t)bytes * l->ps_per_byte;
	return (sim_time_t)(((__int128)bytes * 8 * PS_PER_S + l->rate - 1) / l->rate);
}

static void eth_arrive(struct sim *sim, struct sim_event *ev)
{
	struct eth_port *port = ev->arg;
	struct sk_buff *frame = (struct sk_buff *)(uintptr_t)(ev->data & ~(uint64_t)1);

	if (ev->data & 1) {	/* corrupted on the wire: the MAC drops it */
		skb_pool_put(port->peer->pool, frame);
		return;
	}
	port->rx_frames++;
	frame->path[PATH_ARRIVE] = sim->now;
	port->rx(port, frame);
}

sim_time_t eth_xmit(struct eth_port *port, struct sk_buff *frame, sim_time_t t)
{
	struct eth_link *l = port->link;
	uint32_t wire = eth_wire_bytes(frame->len);
	sim_time_t last_bit = t + eth_wire_time(l, wire - 12);
	uint64_t lost = 0;

	BUG_ON(t < port->busy_until);
	port->busy_until = t + eth_wire_time(l, wire);
	port->busy_ps += port->busy_until - t;
	port->hist_i = (port->hist_i + 1) % ETH_HIST;
	port->hist_start[port->hist_i] = t;
	port->hist_end[port->hist_i] = port->busy_until;
	port->tx_frames++;
	port->tx_bytes += frame->len;
	if (frame->len > port->tx_max_len)
		port->tx_max_len = frame->len;
	if (port->tap)
		port->tap(port->tap_arg, t, frame);
	if (port->loss_ppb && rng_below(&port->loss_rng, 1000000000) < port->loss_ppb) {
		port->lost_frames++;
		lost = 1;	/* skbs are at least 8-byte aligned */
	}
	sim_post(l->sim, last_bit + l->delay, eth_arrive, port->peer,
		 (uint64_t)(uintptr_t)frame | lost);
	return last_bit;
}

bool eth_busy_at(const struct eth_port *port, sim_time_t t, bool *later)
{
	unsigned int n, i = port->hist_i;

	/* newest first: frames committed after t, then the one that may
	 * cover t; older ones ended before it started */
	*later = false;
	for (n = 0; n < ETH_HIST; n++) {
		if (port->hist_end[i] <= port->hist_start[i])
			return false;	/* never used */
		if (port->hist_start[i] <= t)
			return t < port->hist_end[i];
		*later = true;
		i = (i + ETH_HIST - 1) % ETH_HIST;
	}
	return false;
}
