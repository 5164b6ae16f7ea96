// SPDX-License-Identifier: MIT
/*
 * GRO for the drivers that call napi_gro_receive (net/core/gro.c,
 * dev_gro_receive and tcp_gro_receive in net/ipv4/tcp_offload.c, read in
 * 6.x): an in-order TCP segment of the flow whose skb the NAPI holds is
 * merged into it, up to 64 KiB; anything else flushes the held skb to the
 * stack first. The driver flushes at the end of each poll, as
 * napi_complete_done and, at HZ below 1000, net_rx_action's napi_poll do.
 * Deviation: one held flow per NAPI (the kernel keeps up to 8 per hash
 * bucket), and the timestamp option's value is not compared (a burst
 * carries one TSval, which the model does not quantise). The same rule as
 * the ideal driver's own GRO (drivers/net/ideal.c).
 */
#include <stddef.h>
#include "kernel/host.h"
#include "net/core/netdevice.h"

#define GRO_MAX_SIZE	(65535 - 66)

static bool gro_can_merge(const struct sk_buff *h, const struct sk_buff *skb)
{
	return h && h->ip_proto == IPPROTO_TCP_ && skb->ip_proto == IPPROTO_TCP_ &&
	       h->saddr == skb->saddr && h->daddr == skb->daddr &&
	       h->sport == skb->sport && h->dport == skb->dport &&
	       h->payload_len && skb->payload_len && h->end_seq == skb->seq &&
	       h->ack_seq == skb->ack_seq && h->payload_len + skb->payload_len <= GRO_MAX_SIZE;
}

void napi_gro_flush(struct cpu *cpu, struct napi_struct *napi)
{
	struct sk_buff *held = napi->gro_held;

	napi->gro_held = NULL;
	if (held)
		netif_receive_skb(cpu, held);
}

void napi_gro_receive(struct cpu *cpu, struct napi_struct *napi, struct sk_buff *skb)
{
	struct sk_buff *held = napi->gro_held;

	if (gro_can_merge(held, skb)) {
		held->end_seq = skb->end_seq;
		held->payload_len += skb->payload_len;
		held->len += skb->payload_len;
		held->truesize += skb->truesize;
		held->tcp_win = skb->tcp_win;
		held->gso_segs++;
		skb_pool_put(cpu->host->pool, skb);
		return;
	}
	napi_gro_flush(cpu, napi);
	if (skb->ip_proto == IPPROTO_TCP_ && skb->payload_len)
		napi->gro_held = skb;
	else
		netif_receive_skb(cpu, skb);
}
