// SPDX-License-Identifier: MIT
/*
 * Software GSO: an skb larger than the MSS, on a device without TSO, is
 * cut into segments by its protocol's gso_segment (TCP's, registered by
 * inet_init), as validate_xmit_skb -> skb_gso_segment does before the
 * driver sees it.
 * Kernel source: net/core/gso.c (skb_gso_segment, __skb_gso_segment),
 * net/ipv4/af_inet.c (inet_gso_segment).
 * Leaves out: partial GSO, checksum offload, tunnels.
 */
#include "kernel/host.h"

struct sk_buff *skb_gso_segment(struct cpu *cpu, struct sk_buff *skb)
{
	const struct net_offload *ops = cpu->host->inet_offloads[skb->ip_proto];

	return ops ? ops->gso_segment(cpu, skb) : skb;
}
