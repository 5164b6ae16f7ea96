/* SPDX-License-Identifier: MIT */
/*
 * IPv4: what the rest of the stack calls (output, input, the protocol
 * registry) and what registers in it. One header for what Linux spreads
 * over include/net/ip.h, include/net/protocol.h, include/net/icmp.h,
 * include/net/raw.h and include/net/udp.h.
 */
#ifndef NICSIM_NET_IPV4_IP_H
#define NICSIM_NET_IPV4_IP_H

#include <stdint.h>
#include "nicsim/skb.h"

struct cpu;
struct host;
struct sock;

/* include/net/protocol.h: an IPv4 protocol's receive handler, which owns
 * (and frees) the skb */
struct net_protocol {
	void	(*handler)(struct cpu *cpu, struct sk_buff *skb);
};

/* af_inet.c: register IPv4 and its protocols on a host (at boot) */
void inet_init(struct host *h);
void inet_add_protocol(struct host *h, const struct net_protocol *prot, uint8_t protocol);

/* ip_output.c */
void ip_send_skb(struct cpu *cpu, struct sk_buff *skb, int *err);
/* Send the fragments ip_append_data made (one datagram: one IP id),
 * each through dev_queue_xmit; *err as ip_send_skb's, the first error. */
void ip_send_frags(struct cpu *cpu, struct skb_queue *frags, int *err);
/*
 * __ip_append_data, __ip_make_skb and ip_do_fragment's fast path for one
 * datagram sent without corking: `length` bytes after the IP header
 * (transhdrlen of them the transport header: 8 for UDP, 0 for raw) cut
 * into skbs of at most one MTU each, queued on frags, every one charged
 * to sk (none if sk is NULL: the kernel's ICMP reply socket). Returns 0,
 * ERR_EAGAIN when the first skb of a UDP datagram finds the buffer full
 * (nothing allocated), or ERR_ENOBUFS when a later skb, or any of a raw
 * socket's, finds sk_wmem_alloc above 2 * sk_sndbuf (what was allocated is
 * freed). The skbs carry len and the fragment fields; the caller sets the
 * rest and sends them with ip_send_frags.
 */
int ip_append_data(struct cpu *cpu, struct sock *sk, uint32_t length,
		   uint32_t transhdrlen, struct skb_queue *frags);

/* ip_input.c: the ETH_P_IP packet type's handler */
void ip_rcv(struct cpu *cpu, struct sk_buff *skb);
void ip_local_deliver(struct cpu *cpu, struct sk_buff *skb);
/* ip_fragment.c: the datagram once whole, else NULL (skb kept or freed) */
struct sk_buff *ip_defrag(struct cpu *cpu, struct sk_buff *skb);
/* raw.c: copies to the raw sockets, before the protocol's handler */
void raw_local_deliver(struct cpu *cpu, struct sk_buff *skb);
/* icmp.c, udp.c: the protocols' handlers */
void icmp_rcv(struct cpu *cpu, struct sk_buff *skb);
void udp_rcv(struct cpu *cpu, struct sk_buff *skb);

#endif
