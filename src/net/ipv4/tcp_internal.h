/* SPDX-License-Identifier: MIT */
/*
 * TCP's private interface between its files: what Linux keeps in
 * include/net/tcp.h and include/net/inet_connection_sock.h (constants,
 * tcp_sk, tcp_packets_in_flight, tcp_space, tcp_win_from_space,
 * tcp_current_ssthresh, inet_csk_reset_xmit_timer, the TCPCB_* marks) as
 * static inlines, and the functions each file offers the files above it.
 *
 * The files call only down, never in a circle (scripts/callgraph):
 *   tcp.c          the socket layer: sendmsg, recvmsg, lock, set-up
 *   tcp_ipv4.c     tcp_v4_rcv from IP (inet_protos), tcp_v4_do_rcv
 *   tcp_timer.c    the write (RTO, loss probe, SYN) and delayed-ACK timers
 *   tcp_input.c    ACK processing, recovery, the receiver, the handshake
 *   tcp_output.c   transmit, TSQ, retransmission, window selection
 * and tcp_offload.c (GSO) beside them, on tcp_output.c's tcp_wfree.
 * Deviation: Linux's TCP files call each other both ways; where a
 * function's caller sits below its Linux home, the function moved down
 * (its file's contract says which).
 */
#ifndef NICSIM_NET_IPV4_TCP_INTERNAL_H
#define NICSIM_NET_IPV4_TCP_INTERNAL_H

#include <stddef.h>
#include "net/ipv4/tcp.h"
#include "kernel/host.h"
#include "kernel/sched/sched.h"
#include "sim/engine/util.h"

#define TCP_HDRS	(ETH_HLEN + IPV4_HLEN + TCP_HLEN_TS)	/* 66 */
#define TCPOLEN_SACK_BASE_ALIGNED	4	/* NOP, NOP, kind 5, length */
#define TCP_FASTRETRANS_THRESH		3	/* sysctl_tcp_reordering */
#define TCPOLEN_SACK_PERBLOCK		8
#define TCP_RTO_MIN	(200 * PS_PER_MS)
#define TCP_RTO_MAX	(120 * PS_PER_S)
#define TCP_TIMEOUT_INIT (1 * PS_PER_S)
#define TCP_MAX_QUICKACKS 16
#define GSO_MAX_SIZE	65536
#define TCP_PAGE_FRAG	32768	/* SKB_FRAG_PAGE_ORDER 3 pages */
/* The handshake */
#define TCP_ISN		UINT64_MAX	/* so that the first data byte is 0 */
#define TCPOLEN_TSTAMP_ALIGNED	12
#define TCP_MAX_WSCALE	14
#define TCP_DEFAULT_INIT_RCVWND	20

/* TCP_SKB_CB(skb)->sacked */
#define TCPCB_SACKED_ACKED	0x01
#define TCPCB_SACKED_RETRANS	0x02
#define TCPCB_LOST		0x04
#define TCPCB_EVER_RETRANS	0x08

static inline struct tcp_sock *tcp_sk(struct sock *sk)
{
	return container_of(sk, struct tcp_sock, sk);
}

static inline const struct kprofile *kp(const struct tcp_sock *tp)
{
	return tp->host->kp;
}

static inline const struct cpu_costs *cost(const struct tcp_sock *tp)
{
	return &tp->host->plat->cost;
}

/* skb->truesize of a write-queue skb head: sk_stream_alloc_skb(0) */
static inline uint32_t head_truesize(const struct tcp_sock *tp)
{
	return tp->head_truesize;
}

static inline uint32_t payload(const struct sk_buff *skb)
{
	return (uint32_t)(skb->end_seq - skb->seq);
}

/* --- windows and buffers ------------------------------------------ */

static inline int64_t win_from_space(const struct tcp_sock *tp, int64_t space)
{
	int s = kp(tp)->tcp_adv_win_scale;

	return s <= 0 ? space >> -s : space - (space >> s);
}

/* tcp_space, tcp_full_space: the window the free and the whole buffer give */
static inline int64_t tcp_space(const struct tcp_sock *tp)
{
	return win_from_space(tp, MAX(tp->rcvbuf - tp->sk.sk_rmem_alloc, 0));
}

/* tcp_packets_in_flight: sent, minus what SACK or loss marking says left
 * the network, plus retransmissions */
static inline uint32_t tcp_in_flight(const struct tcp_sock *tp)
{
	return tp->packets_out - (tp->sacked_out + tp->reno_sacked + tp->lost_out) +
	       tp->retrans_out;
}

/* tcp_current_ssthresh: during a reduction ssthresh, else at least 3/4
 * of cwnd. */
static inline uint32_t tcp_current_ssthresh(const struct tcp_sock *tp)
{
	uint32_t cwnd = tp->cc.snd_cwnd;

	if (tp->ca_state == TCP_CA_CWR || tp->ca_state == TCP_CA_RECOVERY)
		return tp->cc.snd_ssthresh;
	return MAX(tp->cc.snd_ssthresh, (cwnd >> 1) + (cwnd >> 2));
}

/* --- the retransmit timer's deadline ------------------------------ */

/*
 * inet_csk_reset_xmit_timer: the deadline moves with every ACK. The
 * timer_list is re-armed only when the deadline comes earlier; a timer
 * that fires before the deadline re-arms itself, as tcp_write_timer does
 * when icsk_timeout is still ahead.
 */
/* icsk_rto in jiffies: the estimator's RTO doubled per backoff
 * (inet_csk_rto_backoff: at most TCP_RTO_MAX, tested before shifting). */
static inline uint64_t tcp_icsk_rto_jiffies(const struct tcp_sock *tp)
{
	sim_time_t rto = tp->backoff >= 32 || tp->rto > (TCP_RTO_MAX >> tp->backoff) ?
			 TCP_RTO_MAX : tp->rto << tp->backoff;

	return (uint64_t)DIV_ROUND_UP(rto, tp->host->tick);
}

static inline void tcp_set_rto_timer(struct cpu *cpu, struct tcp_sock *tp)
{
	/* Deviation: Linux gives up after tcp_retries2 timeouts
	 * (ETIMEDOUT); the model keeps retrying at TCP_RTO_MAX. */
	uint64_t j = tcp_icsk_rto_jiffies(tp);

	tp->rto_deadline = cpu_jiffies(cpu) + MAX(j, 1u);
	tp->tlp_armed = false;	/* ICSK_TIME_RETRANS */
	if (!tp->rto_timer.pending || tp->rto_timer.expires > tp->rto_deadline)
		mod_timer(cpu, &tp->rto_timer, tp->rto_deadline);
}

static inline void tcp_clear_rto_timer(struct tcp_sock *tp)
{
	tp->rto_deadline = 0;	/* the pending timer finds nothing to do */
	tp->tlp_armed = false;
}

/* What an algorithm with ->cong_control reads of the socket (struct
 * tcp_cc's view), before each of its hooks. */
static inline void tcp_cc_sync(struct tcp_sock *tp, sim_time_t now)
{
	struct tcp_cc *cc = &tp->cc;

	cc->now = now;
	cc->mss = tp->mss;
	cc->delivered = tp->delivered;
	cc->lost = tp->lost;
	cc->app_limited = tp->app_limited;
	cc->in_flight = tcp_in_flight(tp);
	cc->delivered_mstamp = tp->delivered_mstamp;
	cc->tcp_mstamp = (uint64_t)now / PS_PER_US;
	cc->tcp_wstamp_ns = tp->tcp_wstamp_ns;
	cc->tcp_clock_cache = tp->tcp_clock_cache;
	/* srtt_us << 3 (6.x's usec estimator), 0 before a sample */
	cc->srtt_us = kp(tp)->rtt_usec ? (uint32_t)MIN(tp->est.srtt8, (int64_t)UINT32_MAX) :
		      (uint32_t)MIN(tp->srtt * 8 / PS_PER_US, (int64_t)UINT32_MAX);
	cc->min_rtt_us = tp->min_rtt ? (uint32_t)(tp->min_rtt / PS_PER_US) : ~0U;
	cc->ca_state = (uint8_t)tp->ca_state;
}

/* --- tcp_rate.c --------------------------------------------------- */

void tcp_rate_skb_sent(struct tcp_sock *tp, struct sk_buff *skb);
void tcp_rate_skb_delivered(struct tcp_sock *tp, struct sk_buff *skb, struct rate_sample *rs);
void tcp_rate_gen(struct tcp_sock *tp, uint32_t delivered, uint32_t lost,
		  uint64_t now_us, struct rate_sample *rs);
void tcp_rate_check_app_limited(struct tcp_sock *tp);

/* --- tcp_output.c ------------------------------------------------- */

uint32_t tcp_select_window(struct tcp_sock *tp);
void tcp_select_initial_window(struct tcp_sock *tp, uint32_t mss);
void tcp_fragment_sent(struct tcp_sock *tp, struct sk_buff *skb, uint32_t len);
void tcp_slow_start_after_idle_check(struct cpu *cpu, struct tcp_sock *tp);
void tcp_write_xmit(struct cpu *cpu, struct tcp_sock *tp);
void tcp_push_one(struct cpu *cpu, struct tcp_sock *tp);
void tcp_retransmit_head(struct cpu *cpu, struct tcp_sock *tp);
void tcp_xmit_retransmit_queue(struct cpu *cpu, struct tcp_sock *tp);
bool tcp_schedule_loss_probe(struct cpu *cpu, struct tcp_sock *tp);
void tcp_send_loss_probe(struct cpu *cpu, struct tcp_sock *tp);
void tcp_send_ack(struct cpu *cpu, struct tcp_sock *tp);
void tcp_send_syn(struct cpu *cpu, struct tcp_sock *tp, bool synack);
void tcp_init_cwnd_reduction(struct cpu *cpu, struct tcp_sock *tp);
void tcp_enter_cwr(struct cpu *cpu, struct tcp_sock *tp);
void tcp_mstamp_refresh(struct cpu *cpu, struct tcp_sock *tp);
void tcp_update_skb_after_send(struct tcp_sock *tp, uint32_t len, uint64_t prior_wstamp);
void tcp_pace_kick(struct sim *sim, struct sim_event *ev);

/* --- tcp_input.c -------------------------------------------------- */

void tcp_enter_loss(struct cpu *cpu, struct tcp_sock *tp);
bool tcp_rcv_handshake(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb);
void tcp_rcv_established(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb);
void tcp_rcv_space_adjust(struct cpu *cpu, struct tcp_sock *tp);

/* --- tcp_timer.c -------------------------------------------------- */

void tcp_init_xmit_timers(struct tcp_sock *tp);
void tcp_write_timer_handler(struct cpu *cpu, struct tcp_sock *tp);

/* --- tcp_ipv4.c --------------------------------------------------- */

void tcp_v4_do_rcv(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb);

#endif
