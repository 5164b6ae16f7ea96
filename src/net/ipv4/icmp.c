// SPDX-License-Identifier: MIT
/*
 * ICMP: an echo request is answered (icmp_echo -> icmp_reply) from the
 * per-CPU ICMP socket, fragmented as the request was.
 * Kernel source: net/ipv4/icmp.c (icmp_rcv, icmp_echo, icmp_reply).
 * Leaves out: every other ICMP type, rate limiting, the reply socket's
 * own accounting (its skbs are not charged).
 */
#include <string.h>
#include "kernel/host.h"
#include "sim/engine/util.h"

static void icmp_echo(struct cpu *cpu, const struct sk_buff *req)
{
	struct host *h = cpu->host;
	uint32_t ip_len = skb_ip_len(req);
	struct sk_buff *skb;

	struct skb_queue frags;

	cpu_charge(cpu, COST_icmp_echo, h->plat->cost.icmp_echo);
	/* icmp_reply -> ip_append_data on the per-CPU icmp socket, whose
	 * skbs are not charged here; fragmented as the request was */
	ip_append_data(cpu, NULL, ip_len - IPV4_HLEN, 0, &frags);
	for (skb = frags.head; skb; skb = skb->next) {
		skb->daddr = req->saddr;
		skb->ip_proto = IPPROTO_ICMP_;
		skb->icmp_type = ICMP_ECHOREPLY_;
		skb->icmp_id = req->icmp_id;
		skb->icmp_seq = req->icmp_seq;
		skb->payload_len = req->payload_len;
		skb->app_stamp = req->app_stamp;
		memcpy(skb->req_path, req->path, sizeof(skb->req_path));
		skb->has_req_path = 1;
	}
	h->icmp_echo_replies++;
	ip_send_frags(cpu, &frags, NULL);
}

/* icmp_rcv: raw sockets have had their copy (ip_local_deliver) */
void icmp_rcv(struct cpu *cpu, struct sk_buff *skb)
{
	if (skb->icmp_type == ICMP_ECHO_)
		icmp_echo(cpu, skb);
	kfree_skb(cpu, skb);
}
