/* SPDX-License-Identifier: MIT */
/*
 * Full-duplex point-to-point Ethernet.
 *
 * Models: per direction, the serialisation of each frame at the link rate
 * with 8 bytes of preamble+SFD, padding to 60 bytes, 4 bytes of FCS and a
 * 12-byte inter-frame gap (IEEE 802.3 clause 4); propagation delay; frames
 * delivered to the far port when their last bit arrives. The transmitting
 * device decides when a frame starts; the link tells when the wire is free.
 * Frame loss (netem-like, but where it happens on a real link): a frame
 * may be corrupted on the wire with a fixed probability per direction,
 * drawn from its own random stream; it still takes its wire time and is
 * captured at the sending port, and the receiving MAC drops it (bad FCS,
 * counted as rx_crc_errors) instead of handing it to the device.
 * Leaves out: bit-error-rate loss that grows with frame length, bursts,
 * pause frames, autonegotiation.
 */
#ifndef NICSIM_LINK_ETH_H
#define NICSIM_LINK_ETH_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "nicsim/skb.h"
#include "nicsim/rng.h"

struct eth_port;

#define ETH_HIST	16

typedef void (*eth_rx_fn)(struct eth_port *port, struct sk_buff *frame);
typedef void (*eth_tap_fn)(void *arg, sim_time_t t, const struct sk_buff *frame);

struct eth_port {
	struct eth_link	*link;
	struct eth_port	*peer;
	eth_rx_fn	rx;
	void		*owner;
	sim_time_t	busy_until;	/* wire free again (after the IFG) */
	eth_tap_fn	tap;		/* pcap of frames leaving this port */
	void		*tap_arg;
	uint64_t	tx_frames, tx_bytes, rx_frames;
	uint32_t	tx_max_len;	/* the longest frame sent (for --check) */
	uint64_t	loss_ppb;	/* of the frames this port sends */
	struct rng	loss_rng;
	uint64_t	lost_frames;	/* sent by this port, dropped at the far MAC */
	struct skb_pool	*pool;		/* where dropped frames go */
	sim_time_t	busy_ps;
	/* the last frames' wire intervals: a device may commit frames ahead
	 * of the simulation's clock (a CPU item reading its registers) */
	sim_time_t	hist_start[ETH_HIST], hist_end[ETH_HIST];
	unsigned int	hist_i;
};

struct eth_link {
	struct sim	*sim;
	int64_t		rate;		/* bit/s */
	sim_time_t	ps_per_byte;	/* when exact, else 0 */
	sim_time_t	delay;
	struct eth_port	port[2];
};

void eth_link_init(struct eth_link *l, struct sim *sim, int64_t rate, sim_time_t delay);
/* Frames that `port` sends are lost with probability ppb / 1e9, drawn from
 * the stream `name` of `seed`; dropped frames go back to `pool`. */
void eth_set_loss(struct eth_port *port, uint64_t ppb, uint64_t seed, const char *name,
		  struct skb_pool *pool);
/* Time to serialise `bytes` on the wire. */
sim_time_t eth_wire_time(const struct eth_link *l, uint32_t bytes);
/*
 * Start sending `frame` (owned by the link from now on) at time `t`
 * (>= busy_until). Returns the time the last FCS bit has left the port.
 */
sim_time_t eth_xmit(struct eth_port *port, struct sk_buff *frame, sim_time_t t);
/*
 * Was the wire sending at time t (within the last ETH_HIST frames)? If so,
 * *later says whether a frame was already committed to follow it.
 */
bool eth_busy_at(const struct eth_port *port, sim_time_t t, bool *later);

#endif
