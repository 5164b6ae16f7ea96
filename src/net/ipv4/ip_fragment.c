// SPDX-License-Identifier: MIT
/*
 * IPv4 reassembly: fragments wait in the host's queue until their
 * datagram is whole. Kernel source: net/ipv4/ip_fragment.c (ip_defrag,
 * ip_frag_queue, ip_frag_reasm) and net/ipv4/inet_fragment.c.
 * The deviations are described at ip_defrag below.
 */
#include <string.h>
#include "kernel/host.h"
#include "sim/engine/util.h"

/* net/ipv4/ip_fragment.c: ipfrag_high_thresh 4 MiB, ipfrag_time 30 s */
#define IPFRAG_HIGH_THRESH	(4u << 20)
#define IPFRAG_TIME		(30 * PS_PER_S)

static bool ipq_same(const struct sk_buff *a, const struct sk_buff *b)
{
	return a->saddr == b->saddr && a->ip_id == b->ip_id && a->ip_proto == b->ip_proto;
}

static void ipq_drop(struct cpu *cpu, struct sk_buff *skb)
{
	cpu->host->ipq_mem -= skb->truesize;
	cpu->host->ip_reasm_fails++;
	kfree_skb(cpu, skb);
}

/*
 * ip_defrag (net/ipv4/ip_fragment.c): fragments wait in the host's queue
 * until their datagram is whole; then the first becomes the datagram (its
 * len the whole, its truesize the sum, as ip_frag_reasm makes it) and the
 * others are freed. Returns the datagram, or NULL while incomplete.
 * Deviation: one queue for every datagram, walked per fragment, instead
 * of a hash of ipq; fragments older than ipfrag_time are dropped when the
 * next fragment arrives, not by a timer; a fragment that would take the
 * queue over ipfrag_high_thresh is dropped. No overlap or duplicate
 * handling (nicsim's links neither duplicate nor reorder).
 */
struct sk_buff *ip_defrag(struct cpu *cpu, struct sk_buff *skb)
{
	struct host *h = cpu->host;
	sim_time_t now = cpu_now(cpu);
	struct skb_queue keep = { 0 };
	struct sk_buff *f, *head = NULL;
	uint32_t have = 0, total = 0, truesize = 0;

	while ((f = skb_dequeue(&h->ipq))) {
		if (now - f->rx_stamp > IPFRAG_TIME)
			ipq_drop(cpu, f);
		else
			skb_queue_tail(&keep, f);
	}
	h->ipq = keep;
	if (h->ipq_mem + skb->truesize > IPFRAG_HIGH_THRESH) {
		h->ipq_mem += skb->truesize;
		ipq_drop(cpu, skb);
		return NULL;
	}
	h->ipq_mem += skb->truesize;
	skb_queue_tail(&h->ipq, skb);
	for (f = h->ipq.head; f; f = f->next) {
		if (!ipq_same(f, skb))
			continue;
		have += skb_ip_len(f) - IPV4_HLEN;
		if (!f->frag_mf)
			total = f->frag_off + skb_ip_len(f) - IPV4_HLEN;
	}
	if (!total || have < total)
		return NULL;
	memset(&keep, 0, sizeof(keep));
	while ((f = skb_dequeue(&h->ipq))) {
		if (!ipq_same(f, skb)) {
			skb_queue_tail(&keep, f);
			continue;
		}
		h->ipq_mem -= f->truesize;
		if (!f->frag_off) {
			head = f;
			continue;
		}
		truesize += f->truesize;
		kfree_skb(cpu, f);
	}
	h->ipq = keep;
	BUG_ON(!head);
	head->truesize += truesize;
	head->len = ETH_HLEN + IPV4_HLEN + total;
	/* inet_frag_reasm_finish: the stamp of the last fragment queued */
	head->rx_stamp = head->path[PATH_RX] = skb->rx_stamp;
	head->frag_mf = 0;
	head->next = NULL;
	return head;
}
