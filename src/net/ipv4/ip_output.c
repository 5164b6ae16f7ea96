// SPDX-License-Identifier: MIT
/*
 * IPv4 output: a datagram's IP and Ethernet headers, then the device
 * (ip_send_skb, ip_send_frags); __ip_append_data's fragmenting and
 * per-skb send-buffer rule for raw, ICMP and UDP sockets.
 * Kernel source: net/ipv4/ip_output.c (ip_local_out .. ip_finish_output2
 * -> dev_queue_xmit, __ip_append_data, __ip_make_skb, ip_do_fragment's
 * fast path), 6.18 read.
 * Leaves out: routing and ARP (one link, the neighbour is known; behind
 * a switch, a static neighbour table: the host that owns the destination
 * address), IP options, MSG_MORE, paged data.
 */
#include <string.h>
#include "kernel/host.h"
#include "sim/engine/util.h"

/* The IP and Ethernet headers of one datagram's skb, then the device:
 * net_xmit_errno's NET_XMIT_DROP -> -ENOBUFS. */
static int ip_output_one(struct cpu *cpu, struct sk_buff *skb, uint16_t id)
{
	struct host *h = cpu->host;

	skb->protocol = ETH_P_IP;
	skb->saddr = h->addr;
	skb->ttl = 64;
	skb->ip_id = id;
	skb->eth_src = (uint8_t)h->idx;
	skb->eth_dst = h->neigh == HOST_NEIGH_BY_ADDR ? host_addr_idx(skb->daddr) : h->neigh;
	return dev_queue_xmit(cpu, skb) == NET_XMIT_SUCCESS ? ERR_OK : ERR_ENOBUFS;
}

void ip_send_skb(struct cpu *cpu, struct sk_buff *skb, int *err)
{
	struct host *h = cpu->host;
	int e;

	cpu_charge(cpu, COST_ip_output, h->plat->cost.ip_output);
	e = ip_output_one(cpu, skb, h->ip_id++);
	if (err)
		*err = e;
}

/* ip_do_fragment's fast path: the fragments leave in order, one id. */
void ip_send_frags(struct cpu *cpu, struct skb_queue *frags, int *err)
{
	struct host *h = cpu->host;
	uint16_t id = h->ip_id++;
	struct sk_buff *skb;
	int e, first = ERR_OK;

	cpu_charge(cpu, COST_ip_output, h->plat->cost.ip_output);
	while ((skb = skb_dequeue(frags))) {
		e = ip_output_one(cpu, skb, id);
		if (!first)
			first = e;
	}
	if (err)
		*err = first;
}

/* LL_RESERVED_SPACE of an Ethernet device: hard_header_len 14 rounded up
 * to HH_DATA_MOD (16) */
#define ETH_HH_LEN	16

/* Free the fragments allocated so far (__ip_flush_pending_frames). */
static void ip_flush_frags(struct cpu *cpu, struct skb_queue *frags)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(frags)))
		kfree_skb(cpu, skb);
}

/* May the next skb of a datagram be allocated: sock_alloc_send_skb's rule
 * for the first of a UDP datagram (transhdrlen != 0), else
 * __ip_append_data's own (sk_wmem_alloc + wmem_alloc_delta <= 2 *
 * sk_sndbuf; here each skb is charged as it is made, so sk_wmem_alloc
 * already holds the delta). */
static int ip_frag_may_alloc(const struct sock *sk, bool first_udp)
{
	if (!sk)
		return ERR_OK;
	if (first_udp)
		return sock_udp_may_alloc(sk) ? ERR_OK : ERR_EAGAIN;
	return sock_raw_may_alloc(sk) ? ERR_OK : ERR_ENOBUFS;
}

/*
 * net/ipv4/ip_output.c __ip_append_data (6.18), no MSG_MORE, no paged
 * data (fraglen + hh_len + 15 stays below SKB_MAX_ALLOC for any MTU
 * nicsim takes): while more than mtu - fragheaderlen bytes remain, a
 * fragment carries maxfraglen - fragheaderlen of them (the largest
 * multiple of 8 that fits), the last the rest; each skb is allocated with
 * fraglen + hh_len + 15 bytes. __ip_make_skb chains them into one skb
 * and ip_do_fragment's fast path splits them again, giving each its own
 * truesize and sock_wfree back, so each stays charged until freed.
 * Deviation: the skbs are charged one by one as they are allocated, not
 * summed into sk_wmem_alloc at the end; the tests above see the same sums.
 */
int ip_append_data(struct cpu *cpu, struct sock *sk, uint32_t length,
		   uint32_t transhdrlen, struct skb_queue *frags)
{
	struct host *h = cpu->host;
	uint32_t mtu = h->dev.mtu;
	uint32_t maxfraglen = ((mtu - IPV4_HLEN) & ~7u) + IPV4_HLEN;
	uint32_t off = 0;
	struct sk_buff *skb;
	int err;

	memset(frags, 0, sizeof(*frags));
	do {
		uint32_t datalen = length - off;

		if (datalen > mtu - IPV4_HLEN)
			datalen = maxfraglen - IPV4_HLEN;
		err = ip_frag_may_alloc(sk, transhdrlen && !off);
		if (err) {
			ip_flush_frags(cpu, frags);
			return err;
		}
		skb = alloc_skb(h, IPV4_HLEN + datalen + ETH_HH_LEN + 15);
		if (sk)
			skb_set_owner_w(skb, sk);
		skb->len = ETH_HLEN + IPV4_HLEN + datalen;
		skb->frag_off = (uint16_t)off;
		off += datalen;
		skb->frag_mf = off < length;
		skb_queue_tail(frags, skb);
	} while (off < length);
	return ERR_OK;
}
