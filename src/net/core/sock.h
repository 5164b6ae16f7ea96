/* SPDX-License-Identifier: MIT */
/*
 * Sockets: send-buffer accounting and the datagram send rules.
 *
 * Models: sk_sndbuf (SO_SNDBUF doubling and SOCK_MIN_SNDBUF per kernel
 * profile), sk_wmem_alloc starting at 1 (the socket's own reference),
 * charging skb->truesize at allocation (skb_set_owner_w) and uncharging in
 * sock_wfree when the driver frees the skb; sk_write_space waking a writer
 * once half the buffer is free (sock_def_write_space), except on sockets
 * flagged SOCK_USE_WRITE_QUEUE (TCP: tcp_init_sock), whose writers wait
 * for the write queue and are woken by the protocol; the raw/ICMP rule
 * of __ip_append_data (allowed while sk_wmem_alloc <= 2 * sk_sndbuf, else
 * ENOBUFS, never blocks); the UDP rule of sock_alloc_send_pskb (blocks
 * while sk_wmem_alloc >= sk_sndbuf, up to SO_SNDTIMEO, EAGAIN when
 * non-blocking); IP fragmentation of a datagram larger than the MTU
 * (__ip_append_data): one skb per fragment, each charged and tested as
 * above; receive queue with sk_rcvbuf; a local port drawn from the
 * owner's random stream, stepping to the next free one of its range when
 * taken (the ephemeral port search of __inet_hash_connect and
 * udp_lib_get_port).
 * Follows net/core/sock.c, net/ipv4/ip_output.c, net/ipv4/raw.c (3.13.10,
 * 6.18.2). Leaves out: SOCK_NOSPACE subtleties, memory pressure, cgroups.
 */
#ifndef NICSIM_HOST_SOCK_H
#define NICSIM_HOST_SOCK_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/rng.h"
#include "nicsim/skb.h"
#include "net/core/netdevice.h"

struct host;
struct task;

enum sock_kind { SK_RAW_ICMP, SK_UDP, SK_TCP };

enum { ERR_OK = 0, ERR_ENOBUFS = 105, ERR_EAGAIN = 11 };

/* sk->sk_pacing_status (include/net/sock.h) */
enum sk_pacing { SK_PACING_NONE, SK_PACING_NEEDED, SK_PACING_FQ };

struct sock {
	struct sock	*next;
	struct host	*host;
	enum sock_kind	kind;
	int64_t		sk_sndbuf;
	int64_t		sk_wmem_alloc;
	int64_t		sk_rcvbuf;
	int64_t		sk_rmem_alloc;
	bool		recverr;	/* IP_RECVERR */
	uint8_t		tos;		/* IP_TOS */
	uint8_t		sk_priority;	/* SO_PRIORITY, or rt_tos2priority(tos) */
	uint32_t	sk_hash;
	int		tx_queue;	/* sk_tx_queue_mapping, -1 = none */
	int		hash_pick;	/* what-if: the flow hash's pick, -1 = the hash */
	int		last_txq;	/* queue of the last skb sent, -1 = none (explanations) */
	bool		connected;	/* has a route: may cache its queue */
	bool		use_write_queue;	/* SOCK_USE_WRITE_QUEUE: no sk_write_space from sock_wfree */
	/* sk_pacing_shift: TSQ keeps about sk_pacing_rate >> sk_pacing_shift
	 * bytes below the socket; the kernel profile's value at creation
	 * (sock_init_data: 10), lowered per socket by a driver at xmit
	 * (sk_pacing_shift_update) */
	int		sk_pacing_shift;
	uint16_t	port;		/* UDP local port */
	/* raw ICMP only: ICMP_FILTER (bit t set: type t is not delivered)
	 * and a socket filter (SO_ATTACH_FILTER) of iputils ping's shape,
	 * dropping echo replies whose ident is not filter_echo_ident
	 * (-1: no socket filter) */
	uint32_t	icmp_filter;
	int32_t		filter_echo_ident;
	struct skb_queue rxq;
	/* if set, received skbs go here instead of rxq (a sink) */
	void		(*consume)(struct cpu *cpu, struct sock *sk, struct sk_buff *skb);
	void		*owner;
	struct task	*rx_waiter;
	struct task	*tx_waiter;
	/* accounting */
	uint32_t	skbs_held;	/* charged skbs not yet freed */
	int64_t		wmem_peak;
	uint64_t	rx_drops;
	/* held-skb ledger for explanations: time the oldest held skb was
	 * charged, and total charged time of freed skbs */
	sim_time_t	held_ps_total;
	uint64_t	freed;
	uint64_t	sk_pacing_rate;		/* bytes per second; ~0: unlimited */
	uint8_t		sk_pacing_status;	/* enum sk_pacing */
};

/*
 * Where a socket's charged skbs are at one moment, and the state of the TX
 * queue it last used: a nicsim observation for explanations (no kernel
 * counterpart), taken by walking the live skbs, so only at rare moments.
 */
struct sock_tx_census {
	uint32_t	stack;		/* not yet taken by a driver: in the qdisc */
	uint32_t	ring_unsent;	/* in the driver, not yet on the wire */
	uint32_t	ring_sent;	/* on the wire, not yet freed by TX reclaim */
	uint32_t	ring_sent_bytes;	/* their skb->len */
	int		txq;		/* the socket's last TX queue, -1 = none */
	bool		drv_xoff;	/* ... stopped by its driver (DRV_XOFF) */
	bool		bql_on;
	bool		stack_xoff;	/* ... stopped by BQL (STACK_XOFF) */
	uint32_t	bql_limit;	/* its DQL limit, bytes */
	uint32_t	bql_inflight;	/* bytes queued to the driver, not completed */
	uint32_t	qdisc_qlen;	/* packets in its qdisc, of every socket */
};

/* sk_hash is drawn from rng, the stream of the application that owns the
 * socket (docs/architecture.md, Randomness). */
void sock_init(struct sock *sk, struct host *host, enum sock_kind kind,
	       struct rng *rng);
/*
 * A local port for a new socket of `kind` on h: low + a draw from rng below
 * span, then the next port up (wrapping within [low, low + span)) while a
 * socket of that kind on h, or on `also` if not NULL, holds it, as the
 * ephemeral port search steps on from a random offset (__inet_hash_connect,
 * udp_lib_get_port). -1 if every port of the range is taken.
 */
int sock_pick_port(struct rng *rng, const struct host *h, const struct host *also,
		   enum sock_kind kind, uint16_t low, uint16_t span);
/* Count where sk's charged skbs are now (see struct sock_tx_census). */
void sock_tx_census(const struct sock *sk, struct sock_tx_census *c);
void sock_set_sndbuf(struct sock *sk, int64_t val);	/* setsockopt SO_SNDBUF */
/* rt_tos2priority (include/net/route.h, ip_tos2prio in net/ipv4/route.c):
 * the TC_PRIO_* class of an IP TOS byte. */
uint8_t rt_tos2priority(uint8_t tos);
/* setsockopt IP_TOS (__ip_sock_set_tos): tos and sk_priority; a stream
 * socket keeps its own ECN bits. */
void ip_sock_set_tos(struct sock *sk, uint8_t tos);
void sock_set_rcvbuf(struct sock *sk, int64_t val);
/*
 * sk_pacing_shift_update (include/net/sock.h, 6.x read; added with
 * sk_pacing_shift by "tcp: allow drivers to tweak TSQ logic", 4.16,
 * UNVERIFIED): a driver whose TX completions come late sets the shift of
 * the socket an skb belongs to from its ndo_start_xmit, so TSQ lets more
 * bytes wait below that socket. No socket (a forwarded or orphaned skb)
 * or the same value: nothing changes. Callers read: mac80211
 * (ieee80211_tx_8023, with hw.tx_sk_pacing_shift, 7 in 6.18), brcmfmac's
 * start_xmit (8), rmnet_egress_handler (8). No usbnet minidriver calls it.
 * Deviation: the kernel also skips request and timewait minisockets
 * (sk_fullsock); the model has none.
 */
static inline void sk_pacing_shift_update(struct sock *sk, int val)
{
	if (!sk || sk->sk_pacing_shift == val)
		return;
	sk->sk_pacing_shift = val;
}
/* Charge an skb to sk (skb_set_owner_w). */
void skb_set_owner_w(struct sk_buff *skb, struct sock *sk);
/* Destructor: uncharge (sock_wfree) and maybe wake a writer. */
void sock_wfree(struct cpu *cpu, struct sk_buff *skb);
/* The bound the send path tests: 2 * sk_sndbuf for raw/ICMP (against
 * sk_wmem_alloc, ENOBUFS above it), sk_sndbuf for UDP (sk_wmem_alloc) and
 * TCP (sk_wmem_queued, sk_stream_memory_free). */
int64_t sock_send_limit(const struct sock *sk);
/* __ip_append_data for transhdrlen == 0 (raw, ping): may we allocate? */
bool sock_raw_may_alloc(const struct sock *sk);
/* sock_alloc_send_pskb: may we allocate now (else block / EAGAIN)? */
bool sock_udp_may_alloc(const struct sock *sk);
/* Queue a received skb (sock_queue_rcv_skb); false if dropped. */
bool sock_queue_rcv_skb(struct cpu *cpu, struct sock *sk, struct sk_buff *skb);

#endif
