// SPDX-License-Identifier: MIT
/*
 * IPv4 input: ip_rcv takes the datagrams addressed to this host
 * (reassembling fragments), ip_local_deliver gives each to the raw
 * sockets and then to its protocol's handler, registered in the host's
 * inet_protos by inet_init (ICMP, UDP, TCP).
 * Kernel source: net/ipv4/ip_input.c (ip_rcv, ip_local_deliver,
 * ip_protocol_deliver_rcu), net/ipv4/protocol.c (inet_add_protocol).
 * Leaves out: forwarding, options, netfilter hooks, early demux, checksum
 * and header validation (frames arrive intact).
 */
#include "kernel/host.h"
#include "sim/engine/util.h"

void inet_add_protocol(struct host *h, const struct net_protocol *prot, uint8_t protocol)
{
	h->inet_protos[protocol] = prot;
}

/* ip_local_deliver -> ip_protocol_deliver_rcu */
void ip_local_deliver(struct cpu *cpu, struct sk_buff *skb)
{
	const struct net_protocol *ipprot;

	raw_local_deliver(cpu, skb);
	ipprot = cpu->host->inet_protos[skb->ip_proto];
	if (ipprot) {
		ipprot->handler(cpu, skb);
		return;
	}
	cpu->host->rx_dropped++;
	kfree_skb(cpu, skb);
}

void ip_rcv(struct cpu *cpu, struct sk_buff *skb)
{
	struct host *h = cpu->host;

	cpu_charge(cpu, COST_ip_rcv, h->plat->cost.ip_rcv);
	skb->rx_stamp = skb->path[PATH_RX] = cpu_now(cpu);	/* SO_TIMESTAMP */
	h->rx_packets++;
	if (skb->daddr != h->addr) {
		h->rx_dropped++;
		kfree_skb(cpu, skb);
		return;
	}
	if (skb->frag_mf || skb->frag_off) {
		skb = ip_defrag(cpu, skb);
		if (!skb)
			return;
	}
	ip_local_deliver(cpu, skb);
}
