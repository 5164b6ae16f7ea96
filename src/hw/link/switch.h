/* SPDX-License-Identifier: MIT */
/*
 * A store-and-forward Ethernet switch joining up to SWITCH_MAX_PORTS
 * hosts, each on its own full-duplex link (eth.h): the host's NIC on the
 * link's port[0], a switch port on port[1].
 *
 * Models: store-and-forward (a frame is forwarded only once its last bit
 * has arrived on the ingress port, and then after a fixed forwarding
 * latency); static forwarding by the destination IPv4 address to the port
 * of the host owning it (no learning: the table is written when the world
 * is built); one output FIFO per egress port with tail drop at a byte
 * limit and an optional packet limit (the frame that would cross either
 * is dropped and counted); optional token-bucket shaping per egress port
 * (tokens accrue at `rate` bits of frame per second up to `burst` bytes;
 * the head frame starts once the bucket holds its length, the way
 * sch_tbf measures a packet: MAC header on, no FCS, preamble or gap);
 * a frame starts on the egress wire at max(now, the wire free again, the
 * shaper's time) and occupies the FIFO until then.
 * No kernel source: a hardware model. Read: the Realtek RTL8308B datasheet
 * (8-port 10/100 switch, rev. 2.0, 2002: a 256 KB embedded packet buffer
 * shared by the ports, frames stored in 256-byte pages, dropped when no
 * page is free and flow control is off), the source of the default
 * per-port limit (scenario key switch.limit_bytes: 256 KB / 8); a Gigabit
 * chip's buffer and a switch's forwarding latency are UNVERIFIED (the
 * 1 us default is a round figure). IEEE 802.1Q's forwarding process was
 * not read. The token bucket keeps its tokens as time at the rate, as
 * tbf_dequeue in net/sched/sch_tbf.c does (nicsim's sch_tbf.c), in ps.
 * Deviation: a frame leaves the FIFO's byte count when it starts on the
 * wire, not when its last bit has left; the limits count frame bytes
 * (skb->len), not the pages a real chip allocates (the RTL8308B: 248
 * data bytes a page, so a 1514-byte frame takes 7); every port has its
 * own limit, where a chip's ports share one buffer.
 * Leaves out: pause frames (802.3x), a buffer pool shared between ports,
 * several priorities (802.1p queues), ECN marking, cut-through
 * forwarding, address learning and flooding, VLANs, broadcast.
 */
#ifndef NICSIM_LINK_SWITCH_H
#define NICSIM_LINK_SWITCH_H

#include <stdint.h>
#include "nicsim/sim.h"
#include "nicsim/skb.h"
#include "hw/link/eth.h"

#define SWITCH_MAX_PORTS	16

struct sw_port {
	struct switch_dev *sw;
	int		idx;
	struct eth_port	*eth;		/* the link's port[1] */
	uint32_t	addr;		/* IPv4 address of the host behind it */
	struct skb_queue q;		/* egress FIFO */
	uint64_t	backlog;	/* bytes in q */
	uint64_t	limit_bytes;
	uint64_t	limit_packets;	/* 0: none */
	/* shaper: 0 rate is none; tokens and the bucket in ps of rate */
	int64_t		rate;		/* bit/s */
	sim_time_t	buffer;		/* the bucket: burst bytes at rate */
	sim_time_t	tokens;
	sim_time_t	t_c;		/* when tokens was last brought up to date */
	struct sim_event ev;		/* the egress wire or the shaper ready */
	/* counters */
	uint64_t	rx_frames, rx_bytes;	/* in through this port */
	uint64_t	tx_frames, tx_bytes;	/* out of this port */
	uint64_t	drops, drop_bytes;	/* tail drops at this egress port */
	uint64_t	max_backlog, max_qlen;
	sim_time_t	shaped_ps;	/* time head frames waited for tokens */
};

struct switch_dev {
	struct sim	*sim;
	struct skb_pool	*pool;		/* where dropped frames go */
	sim_time_t	latency;	/* last bit in -> egress FIFO */
	int		nr_ports;
	uint64_t	no_route;	/* frames for an address no port owns */
	struct sw_port	port[SWITCH_MAX_PORTS];
};

void switch_init(struct switch_dev *sw, struct sim *sim, struct skb_pool *pool,
		 sim_time_t latency);
/* Port i on the switch side (port[1]) of link l, the host at addr behind
 * it; limits of its egress FIFO (limit_packets 0: none). */
void switch_attach(struct switch_dev *sw, int i, struct eth_link *l, uint32_t addr,
		   uint64_t limit_bytes, uint64_t limit_packets);
/* Shape port i's egress: rate bit/s, a bucket of burst bytes (full at
 * the start). */
void switch_shape(struct switch_dev *sw, int i, int64_t rate, uint32_t burst);
/* Time the shaper of p needs to send `bytes` (l2t: rounded up). */
sim_time_t switch_l2t(const struct sw_port *p, uint32_t bytes);

#endif
