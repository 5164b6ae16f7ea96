// SPDX-License-Identifier: MIT
/*
 * Raw sockets on receive: every raw ICMP socket of the host is offered
 * a copy of each ICMP datagram, as Linux's are.
 * Kernel source: net/ipv4/raw.c (raw_local_deliver, raw_v4_input,
 * raw_rcv -> sock_queue_rcv_skb).
 * A socket's ICMP_FILTER (raw_v4_input -> icmp_filter) keeps the types
 * it blocks from being cloned to it; its socket filter runs in
 * sock_queue_rcv_skb (net/core/sock.c).
 * Leaves out: raw sockets of other protocols, IP_HDRINCL.
 */
#include "kernel/host.h"
#include "sim/engine/util.h"

static void raw_v4_input(struct cpu *cpu, struct sk_buff *skb)
{
	struct host *h = cpu->host;
	struct sock *sk;

	for (sk = h->socks; sk; sk = sk->next) {
		struct sk_buff *c;

		if (sk->kind != SK_RAW_ICMP)
			continue;
		if (skb->icmp_type < 32 && (sk->icmp_filter >> skb->icmp_type & 1))
			continue;	/* icmp_filter */
		c = skb_pool_copy(h->pool, skb);	/* skb_clone */
		c->truesize = skb->truesize;
		c->rx_stamp = skb->rx_stamp;
		if (!sock_queue_rcv_skb(cpu, sk, c))
			skb_pool_put(h->pool, c);
	}
}

/* raw_local_deliver: only ICMP raw sockets exist in the model */
void raw_local_deliver(struct cpu *cpu, struct sk_buff *skb)
{
	if (skb->ip_proto == IPPROTO_ICMP_)
		raw_v4_input(cpu, skb);
}
