// SPDX-License-Identifier: MIT
/*
 * UDP receive: a datagram goes to the socket bound to its port (or to the
 * socket's own consumer, for sinks that count without queueing); a full
 * receive buffer or no socket drops it.
 * Kernel source: net/ipv4/udp.c (udp_rcv, __udp4_lib_rcv,
 * __udp_queue_rcv_skb -> sock_queue_rcv_skb). UDP sending is
 * ip_append_data (ip_output.c) from the application's socket.
 * Leaves out: checksums, connected-socket lookup, multicast, GRO, ICMP
 * port unreachable.
 */
#include "kernel/host.h"
#include "sim/engine/util.h"

void udp_rcv(struct cpu *cpu, struct sk_buff *skb)
{
	struct sock *sk;

	for (sk = cpu->host->socks; sk; sk = sk->next) {
		if (sk->kind != SK_UDP || sk->port != skb->dport)
			continue;
		if (sk->consume) {
			sk->consume(cpu, sk, skb);
			return;
		}
		if (sock_queue_rcv_skb(cpu, sk, skb))
			return;
	}
	cpu->host->rx_dropped++;
	kfree_skb(cpu, skb);
}
