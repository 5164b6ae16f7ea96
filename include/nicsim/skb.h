/* SPDX-License-Identifier: MIT */
/*
 * struct sk_buff: what nicsim keeps of a Linux socket buffer.
 *
 * Models: len, truesize (charged to the owner socket), the owner and its
 * destructor, queue mapping and priority, and the protocol header fields
 * nicsim needs (IPv4 addresses, protocol, ICMP id/seq, UDP ports, TCP
 * sequence numbers, flags, window and options). Payload
 * bytes are not stored; the pcap writer synthesises them.
 * IPv4 fragments carry their offset and More Fragments flag; payload_len
 * and the L4 header fields stay the whole datagram's.
 * Leaves out: page fragments, clones, cloned data references, checksums.
 * Follows include/linux/skbuff.h.
 */
#ifndef NICSIM_SKB_H
#define NICSIM_SKB_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/time.h"

#define ETH_HLEN	14
#define ETH_FCS_LEN	4
#define ETH_ZLEN	60	/* minimum frame without FCS */
#define IPV4_HLEN	20
#define ICMP_HLEN	8
#define UDP_HLEN	8
#define ETH_P_IP	0x0800
#define IPPROTO_ICMP_	1
#define IPPROTO_UDP_	17
#define IPPROTO_TCP_	6
#define TCP_HLEN_TS	32	/* 20 + timestamps option 12 */
#define TCP_HLEN	20
#define TCPHDR_FIN	0x01
#define TCPHDR_SYN	0x02
#define TCPHDR_PSH	0x08
#define TCPHDR_ACK	0x10
#define TCPHDR_ECE	0x40
#define TCPHDR_CWR	0x80

/* Options a SYN or SYN-ACK carries (skb->tcp_opts) */
#define TCP_OPT_MSS		0x01
#define TCP_OPT_SACK_PERM	0x02
#define TCP_OPT_TS		0x04
#define TCP_OPT_WSCALE		0x08

/* The TCP header length of a SYN or SYN-ACK with these options, laid out
 * as tcp_options_write does: MSS (4); SACK-permitted in the two NOPs
 * before the timestamps (4 + 8), or NOP, NOP, SACK-permitted (4) without
 * them; NOP and the window scale (4). MSS, SACK, TS and WS: 40 bytes. */
static inline uint32_t tcp_syn_hlen(uint8_t opts)
{
	uint32_t n = TCP_HLEN;

	if (opts & TCP_OPT_MSS)
		n += 4;
	if (opts & TCP_OPT_TS)
		n += 12;
	else if (opts & TCP_OPT_SACK_PERM)
		n += 4;
	if (opts & TCP_OPT_WSCALE)
		n += 4;
	return n;
}

/* IPv4 ECN field values in skb->ecn (include/net/inet_ecn.h) */
enum {
	INET_ECN_NOT_ECT = 0,
	INET_ECN_ECT_1 = 1,
	INET_ECN_ECT_0 = 2,
	INET_ECN_CE = 3,
	INET_ECN_MASK = 3,
};
#define ICMP_ECHOREPLY_	0
#define ICMP_ECHO_	8

struct sock;

struct cpu;

/* Per-skb timestamps (not copied with the frame; a packet's journey across
 * hosts is path[] below). */
enum skb_stamp {
	SKB_T_ALLOC,		/* allocated and charged (the socket's hold time) */
	SKB_T_QDISC,		/* enqueued to the qdisc (CoDel's sojourn time) */
	SKB_T_WIRE,		/* its first frame started on the wire (the skb in
				 * the TX ring, for explanations; 0: not yet) */
	SKB_T_NR
};

/* Where a packet was when, across hosts (copied with the frame), for the
 * "where did the time go" split of a round trip. */
enum skb_path {
	PATH_SEND,	/* the application sent it */
	PATH_QDISC,	/* dev_queue_xmit: into the qdisc (or past it, bypass) */
	PATH_XMIT,	/* handed to the driver (ndo_start_xmit) */
	PATH_HEAD,	/* at the head of its TX queue: what was ahead in the
			 * same queue has gone; from here it waits for the
			 * NIC's arbitration between queues */
	PATH_WIRE,	/* first bit on the wire */
	PATH_ARRIVE,	/* last bit at the receiving NIC */
	PATH_IRQ,	/* the receiving NIC raised (or had raised) its interrupt */
	PATH_POLL,	/* the NAPI poll that took it began */
	PATH_RX,	/* netif_receive_skb */
	PATH_NR
};

struct sk_buff {
	struct sk_buff	*next;
	struct sk_buff	*prev;
	uint64_t	id;		/* unique per simulation */
	uint32_t	len;		/* bytes from the MAC header, no FCS */
	uint32_t	truesize;
	struct sock	*sk;
	/* set by the owner that charged it (sock_wfree, tcp_wfree): run by
	 * kfree_skb, it uncharges the socket; NULL: none */
	void		(*destructor)(struct cpu *cpu, struct sk_buff *skb);
	uint8_t		priority;	/* skb->priority & 15 (pfifo_fast band) */
	uint8_t		nr_frags;	/* page fragments after the linear part */
	uint8_t		ooo_okay;	/* may change TX queue: nothing in flight */
	uint16_t	queue_mapping;
	uint16_t	protocol;	/* ETH_P_IP */

	/* headers */
	uint8_t		eth_src;	/* host index; MAC 02:00:00:00:00:(idx+1) */
	uint8_t		eth_dst;
	uint32_t	saddr;		/* IPv4, host byte order */
	uint32_t	daddr;
	uint8_t		ip_proto;
	uint8_t		ttl;
	uint8_t		ecn;		/* IPv4 ECN bits, INET_ECN_* (0 Not-ECT) */
	uint16_t	ip_id;
	/* an IPv4 fragment: where its data starts in the datagram's IP
	 * payload (bytes, a multiple of 8), and More Fragments; both 0 for a
	 * whole datagram */
	uint16_t	frag_off;
	uint8_t		frag_mf;
	uint8_t		icmp_type;
	uint16_t	icmp_id;
	uint16_t	icmp_seq;
	uint16_t	sport;
	uint16_t	dport;
	uint32_t	payload_len;	/* bytes after the L4 header */
	sim_time_t	app_stamp;	/* timestamp the sender put in the payload */
	/* TCP (sequence numbers are 64-bit and never wrap in nicsim; the
	 * pcap writer folds them to 32 bits) */
	uint64_t	seq;
	uint64_t	end_seq;
	uint64_t	ack_seq;
	uint32_t	tcp_win;	/* advertised window, bytes (what the field
					 * means after scaling) */
	uint8_t		tcp_flags;
	uint8_t		tcp_opts;	/* a SYN's options, TCP_OPT_* (0 on others) */
	/* a SYN: its window scale option; others: the shift the window
	 * field is scaled by (RFC 7323; SYNs are never scaled) */
	uint8_t		tcp_wscale;
	uint16_t	tcp_mss;	/* a SYN: its MSS option */
	uint16_t	gso_segs;	/* segments this skb becomes on the wire */
	uint16_t	gso_size;	/* MSS of those segments */
	uint8_t		enq_cpu;	/* the CPU that handed it to dev_queue_xmit */
	uint8_t		nr_sack;	/* SACK blocks in sack[] */
	sim_time_t	tsval;		/* timestamps option */
	sim_time_t	tsecr;
	uint8_t		has_req_path;	/* req_path[] holds a request's journey */
	sim_time_t	path[PATH_NR];	/* this packet's journey */
	/* skb->tstamp as TCP's EDT model sets it: the earliest departure
	 * time in ns of simulated time; 0 = none */
	uint64_t	tstamp;
	/* The frame's optional parts, last of its fields: copies skip each
	 * one its frame does not use (its contents are then stale). */
	/* SACK option: up to 3 blocks (with timestamps), as offsets of their
	 * left and right edges from ack_seq (a D-SACK's may be negative) */
	int32_t		sack[3][2];
	sim_time_t	req_path[PATH_NR];	/* an echo reply: the request's */

	sim_time_t	rx_stamp;	/* receive timestamp (SO_TIMESTAMP) */
	uint32_t	rx_off;		/* bytes already read by the application */
	uint32_t	pcount;		/* write queue: segments when last sent */
	uint8_t		sacked;		/* write queue: TCPCB_SACKED_ACKED, _RETRANS, LOST */
	/* write queue: TCP_SKB_CB(skb)->tx, the socket's delivery state when
	 * it was last sent (tcp_rate_skb_sent); usec, 0: delivered already */
	uint64_t	tx_first_tx_mstamp, tx_delivered_mstamp;
	uint32_t	tx_delivered;
	uint8_t		tx_app_limited;
	sim_time_t	t[SKB_T_NR];
};

static inline uint32_t skb_ip_len(const struct sk_buff *skb)
{
	return skb->len - ETH_HLEN;
}

/* Bytes a frame occupies on an Ethernet wire: preamble+SFD 8, the frame
 * padded to 60, FCS 4, inter-frame gap 12 (IEEE 802.3 clause 4.4). */
static inline uint32_t eth_wire_bytes(uint32_t frame_len)
{
	return 8 + (frame_len < ETH_ZLEN ? ETH_ZLEN : frame_len) + ETH_FCS_LEN + 12;
}

/* A list of skbs (struct sk_buff_head, include/linux/skbuff.h); the
 * operations are the unlocked __skb_queue_tail and friends. */
struct skb_queue {
	struct sk_buff	*head, *tail;
	uint32_t	qlen;
};

static inline void skb_queue_tail(struct skb_queue *q, struct sk_buff *skb)
{
	skb->next = NULL;
	skb->prev = q->tail;
	if (q->tail)
		q->tail->next = skb;
	else
		q->head = skb;
	q->tail = skb;
	q->qlen++;
}

static inline void skb_queue_head(struct skb_queue *q, struct sk_buff *skb)
{
	skb->prev = NULL;
	skb->next = q->head;
	if (q->head)
		q->head->prev = skb;
	else
		q->tail = skb;
	q->head = skb;
	q->qlen++;
}

static inline struct sk_buff *skb_dequeue(struct skb_queue *q)
{
	struct sk_buff *skb = q->head;

	if (!skb)
		return NULL;
	q->head = skb->next;
	if (q->head)
		q->head->prev = NULL;
	else
		q->tail = NULL;
	q->qlen--;
	skb->next = skb->prev = NULL;
	return skb;
}

#endif
