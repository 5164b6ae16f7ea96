// SPDX-License-Identifier: MIT
/*
 * Raw sockets on receive: every raw ICMP socket of the host gets a copy
 * of each ICMP datagram (ping's socket sees the replies, and the
 * requests it did not send, as Linux's do).
 * Kernel source: net/ipv4/raw.c (raw_local_deliver, raw_v4_input,
 * raw_rcv -> sock_queue_rcv_skb).
 * Leaves out: raw sockets of other protocols, ICMP filters, IP_HDRINCL.
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
