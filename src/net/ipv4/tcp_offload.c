// SPDX-License-Identifier: MIT
/*
 * TCP segmentation offload in software: GSO for a device without TSO.
 *
 * Follows net/ipv4/tcp_offload.c (tcp_gso_segment; 3.12.0, 4.4.155,
 * 6.18.2 read) and net/core/skbuff.c's skb_segment, as dev_hard_start_xmit
 * calls them through inet_offloads (registered by af_inet.c).
 *  - GSO for a device without TSO (dev_hard_start_xmit / tcp_gso_segment):
 *    segments of gso_size each; from 3.12 each segment carries tcp_wfree
 *    and its own truesize (copy_destructor), before that the GSO skb is
 *    freed once its segments are handed to the driver.
 * Leaves out: checksums, GSO_PARTIAL, headers other than IPv4/TCP.
 */
#include <string.h>
#include "net/ipv4/tcp_internal.h"

/*
 * Software GSO (skb_gso_segment -> tcp_gso_segment -> skb_segment): one skb
 * per gso_size, each with a linear header of MAX_TCP_HEADER and the payload
 * as page fragments, so truesize = SKB_TRUESIZE(header) + payload. With
 * copy_destructor (>= 3.12) every segment owns a share of the charge: mss
 * each and the rest on the last in 3.12.0 (the socket's total unchanged),
 * its truesize later (the socket's total grows by the difference).
 */
struct sk_buff *tcp_gso_segment(struct cpu *cpu, struct sk_buff *skb)
{
	struct tcp_sock *tp = tcp_sk(skb->sk);
	struct sk_buff *head = NULL, **tail = &head;
	int64_t sum = 0;
	uint64_t seq;

	for (seq = skb->seq; seq < skb->end_seq; seq += skb->gso_size) {
		struct sk_buff *seg = skb_pool_copy(tp->host->pool, skb);
		uint32_t n = (uint32_t)MIN((uint64_t)skb->gso_size, skb->end_seq - seq);

		cpu_charge(cpu, COST_gso_seg, cost(tp)->gso_seg);
		memcpy(seg->t, skb->t, sizeof(seg->t));
		seg->seq = seq;
		seg->end_seq = seq + n;
		seg->payload_len = n;
		seg->len = TCP_HDRS + n;
		seg->gso_segs = 1;
		if (seq != skb->seq)	/* tcp_gso_segment: th->cwr = 0 after the first */
			seg->tcp_flags &= (uint8_t)~TCPHDR_CWR;
		seg->queue_mapping = skb->queue_mapping;
		seg->truesize = head_truesize(tp) + n;
		/* payload copied into 32 KiB page frags (sk_page_frag): one
		 * fragment, two where it crosses a page */
		seg->nr_frags = (uint8_t)(1 + (seq / TCP_PAGE_FRAG != (seq + n - 1) / TCP_PAGE_FRAG));
		if (kp(tp)->gso_seg_charge == GSO_SEG_CHARGE_MSS)
			seg->truesize = seq + n < skb->end_seq ? skb->gso_size :
					(uint32_t)(skb->truesize - sum);
		if (kp(tp)->gso_seg_charge != GSO_SEG_UNCHARGED) {
			seg->sk = skb->sk;
			seg->destructor = tcp_wfree;
			skb_pool_mark_charged(seg, true);
			sum += seg->truesize;
			tp->sk.skbs_held++;
		}
		*tail = seg;
		tail = &seg->next;
	}
	if (kp(tp)->gso_seg_charge != GSO_SEG_UNCHARGED) {
		/* the charge moves from the GSO skb to its segments */
		tp->sk.sk_wmem_alloc += sum - skb->truesize;
		tp->sk.skbs_held--;
		skb->sk = NULL;
		skb->destructor = NULL;
		skb_pool_mark_charged(skb, false);
		if (tp->sk.sk_wmem_alloc > tp->sk.wmem_peak)
			tp->sk.wmem_peak = tp->sk.sk_wmem_alloc;
	}
	kfree_skb(cpu, skb);
	return head;
}
