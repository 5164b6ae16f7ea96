// SPDX-License-Identifier: MIT
/*
 * TCP input: ACK processing for the sender, the receiver's queues and
 * window, and the handshake's receiving half.
 *
 * Follows net/ipv4/tcp_input.c (3.13.10, 4.4.155, 6.18.2 read): tcp_ack,
 * tcp_ack_update_rtt, tcp_rtt_estimator (tcp_formulas.c),
 * tcp_clean_rtx_queue, tcp_sacktag_write_queue, tcp_fastretrans_alert,
 * tcp_cwnd_reduction, tcp_undo_cwnd_reduction, tcp_enter_loss,
 * tcp_process_tlp_ack, tcp_rcv_established, tcp_data_queue,
 * tcp_ofo_queue, tcp_grow_window, tcp_rcv_space_adjust,
 * __tcp_ack_snd_check, tcp_rcv_synsent_state_process, tcp_conn_request,
 * tcp_rcv_state_process, tcp_finish_connect, tcp_init_buffer_space,
 * tcp_new_space, tcp_update_pacing_rate.
 *  - tcp_ack: cumulative ACK, the RTT sample per era (tcp_ack_update_rtt:
 *    the echoed timestamp up to 3.11; from 3.12 the send time of the
 *    oldest acked or first SACKed skb first, Karn's rule), RFC 6298 RTO
 *    with the 200 ms floor, congestion control through tcp_cc (CUBIC, Reno),
 *    sk_pacing_rate per era. With SACK (net.ipv4.tcp_sack on both ends,
 *    RFC 2018): tcp_sacktag_write_queue marks SACKed skbs (split at block
 *    edges), a segment is lost once tp->reordering segments above it are
 *    SACKed (RFC 6675 IsLost), tp->reordering rises when an original fills
 *    a hole or is SACKed below the highest SACK (tcp_update_reordering),
 *    tcp_packets_in_flight gates sending, tcp_xmit_retransmit_queue
 *    resends lost segments first; an RTO marks all not SACKed lost and
 *    slow-starts from one segment. Without SACK: each duplicate ACK
 *    counts a segment out of the network (tcp_add_reno_sack), NewReno on
 *    three (partial ACKs retransmit the next hole) and an RTO goes back
 *    N. Recovery and ECN's CWR bring cwnd down to ssthresh by PRR
 *    (tcp_cwnd_reduction, RFC 6937). A retransmission is lost again once
 *    data sent after it is SACKed (tcp_mark_lost_retrans). The receiver
 *    reports duplicates by D-SACK (RFC 2883); a recovery whose
 *    retransmissions were all D-SACKed, or whose ACK echoes a timestamp
 *    from before the first retransmission (tcp_packet_delayed, on the
 *    era's timestamp clock), is undone (tcp_undo_cwnd_reduction).
 *    Deviation: every D-SACK block above undo_marker counts one needless
 *    retransmission (Linux counts per retransmitted skb it covers); no
 *    undo after an RTO (tcp_try_undo_loss); no partial undo.
 *  - receiver: in-order queue and an out-of-order queue with SACK blocks
 *    (tcp_sack_new_ofo_skb: up to four, the three most recent sent, as
 *    timestamps leave room for three, a D-SACK first when a duplicate
 *    came in), quick ACKs (tcp_incr_quickack: half the window in
 *    segments, at most 16, at the first data segment, after a gap
 *    longer than the RTO, on a duplicate, in 3.x on out-of-order data;
 *    ended when less than half the buffer is free), the window's growth
 *    (the initial window is the full space rounded to MSS, in 3.x and
 *    4.4 at most 20 MSS; tcp_grow_window raises rcv_ssthresh by two MSS
 *    per in-order segment up to window_clamp, which follows autotuning,
 *    and ACKs that segment at once), an ACK for every second full segment
 *    (__tcp_ack_snd_check), the delayed-ACK timer (TCP_DELACK_MIN = HZ/25;
 *    it fires in tcp_timer.c), a window update when the application frees
 *    space (tcp_cleanup_rbuf, tcp.c), receive window = free space >>
 *    tcp_adv_win_scale, tcp_rmem
 *    autotuning per RTT per era (tcp_rcv_space_adjust: 3.12's 2 x copied,
 *    3.13/4.4's 2 x copied + 16 MSS scaled by the rate's growth, 6.x's
 *    tcp_rcvbuf_grow) from the start-up buffer (tcp_fixup_rcvbuf: 40
 *    segments' truesize, x4 in 3.13 and 4.4, none in 6.x).
 *  - classic ECN (RFC 3168; tcp_ecn_send in tcp_output.c,
 *    tcp_ecn_check_ce, tcp_ecn_accept_cwr, tcp_enter_cwr): negotiated at
 *    connect when the
 *    connecting host's tcp_ecn is 1 and the other's is not 0; new data
 *    is ECT(0), ACKs and retransmits Not-ECT; CE makes the receiver echo
 *    ECE (and ACK at once) until a CWR arrives; ECE puts the sender in
 *    CWR once per window (ssthresh from the congestion control, cwnd
 *    brought down to it by PRR), held until something above high_seq is
 *    ACKed.
 *  - the three-way handshake (tcp_v4_connect, tcp_connect,
 *    tcp_conn_request, tcp_rcv_synsent_state_process, tcp_rcv_state_process
 *    in SYN_RECV; 3.12.0, 4.4.155, 6.18.2; the SYNs are sent by
 *    tcp_output.c and retransmitted by tcp_timer.c): the connecting side's SYN and
 *    the listener's SYN-ACK carry MSS, SACK-permitted (net.ipv4.tcp_sack),
 *    timestamps and window scale, and travel the whole path; what each end
 *    uses comes from the options exchanged (MSS, SACK and timestamps when
 *    both offered them, window scaling when both sent it, classic ECN when
 *    the SYN asked with ECE|CWR (tcp_ecn 1) and the SYN-ACK agreed with
 *    ECE (tcp_ecn not 0)). The initial window and its scale follow
 *    tcp_select_initial_window (the connecting side rounds to its advmss,
 *    1460, as it has no peer timestamps yet; the listener to 1448); the
 *    windows in SYNs are unscaled, later ones are advertised in units of
 *    2^wscale (__tcp_select_window rounds the free space up to one) and
 *    read back scaled. The client is established on the SYN-ACK, which
 *    gives its first RTT sample (the SYN's send time, or its echoed
 *    timestamp once the SYN was retransmitted: tcp_ack_update_rtt), and
 *    answers with a pure ACK (tcp_send_ack); the listener on that ACK, or
 *    on any later segment acknowledging its SYN-ACK, with its first sample
 *    from the SYN-ACK's send time (tcp_synack_rtt_meas). A lost SYN or
 *    SYN-ACK is sent again after TCP_TIMEOUT_INIT (1 s), doubling; a
 *    duplicate SYN or SYN-ACK after that is answered by an ACK. More than
 *    one retransmission starts the connection at cwnd 1 (tcp_init_metrics,
 *    tcp_init_transfer). The handshake's CPU costs are those of a segment
 *    (Deviation: Linux's listener path, request socks and SYN-ACK
 *    building cost more; there is no cost entry for them).
 *    Deviation: one socket per end: the listener is bound to its one
 *    client and becomes the connection (no request socks, no accept
 *    queue, no SYN cookies); the ISN is the sequence number just below
 *    the first data byte (0 in the model; Linux draws it from a keyed
 *    hash); no retry limit (tcp_syn_retries); simultaneous open, RST and
 *    TCP Fast Open are not modelled; 6.x's undo of a spurious SYN
 *    retransmission is left out.
 * RTT samples are whole jiffies (at least one) before 3.15, as
 * tcp_time_stamp was; the era's formulas receive srtt and convert it to
 * their own units (jiffies<<3 in 3.x, usec later); from 3.15 a sample
 * that only an echoed timestamp gives keeps the TS clock's resolution
 * (4.4: whole jiffies, 0 within one; 6.x: whole ms, at least one). The receiver's RTT (which paces tcp_rmem autotuning) is measured
 * in timestamp-clock units as the kernel does: jiffies before 4.13, so at
 * least 4 ms on a HZ=250 receiver.
 * Leaves out, sender loss recovery: early retransmit (3.x, 4.4: a window
 * under four segments recovers on fewer duplicate ACKs, after a short
 * timer), RACK (4.4 on: lost
 * retransmissions found by send time, also in Loss; 6.x's reorder timer
 * and loss marking in every state), F-RTO's new data first after an RTO,
 * forward retransmission (tcp_can_forward_retransmit), SACK reneging, the
 * retransmit hold-backs (__tcp_retransmit_skb's sk_wmem_alloc test,
 * skb_still_in_host_queue, 6.x TSQ and pacing on retransmits), a local
 * the RTO re-armed by a SACK-only ACK's sample,
 * the Disorder state, 6.x's cwnd of in_flight + 1 after an RTO.
 * Leaves out, congestion-control details: 4.4 and 6.x grow the window on
 * the ACK that ends Recovery and not on the one that enters it (the
 * model grows it in 3.x's order), 6.x counts newly delivered segments
 * (SACKed ones once), high reordering lets SACK-only ACKs grow the
 * window (FLAG_FORWARD_PROGRESS), 3.x takes in_flight before SACK
 * tagging, the pacing rate is refreshed on every cumulative ACK.
 * Leaves out, receiver: 3.x and 4.4's prequeue (a blocked reader's
 * segments and ACKs handled in its process context), 3.x's full quick-ACK
 * mode on a CE mark (the model gives 2, as 4.4 and 6.x), 6.x
 * autotuning's out-of-order span and measured len/truesize ratio (50 %
 * assumed), 6.x compressed SACKs and its immediate ACK
 * when the out-of-order queue empties, ICSK_ACK_PUSHED (PSH is set on
 * every data segment), GRO's flush rules, tcp_clamp_window and queue
 * collapsing, a zero window.
 * Deviation: the size goal (Linux: tcp_xmit_size_goal in tcp.c per write,
 * tcp_tso_autosize in tcp_output.c) is recomputed with the pacing rate
 * (tcp_update_pacing_rate), so it lives here beside it.
 */
#include <string.h>
#include "net/ipv4/tcp_internal.h"

/* SKB_TRUESIZE(mss + MAX_TCP_HEADER): one full segment's buffer, the unit
 * of the send and receive buffer sizing rules. */
static int64_t tcp_seg_truesize(const struct tcp_sock *tp)
{
	return skb_truesize_macro(tp->host->plat,
				  tp->mss + (uint32_t)tp->host->plat->max_tcp_header);
}

/*
 * tcp_sndbuf_expand, 6.x (6.18 net/ipv4/tcp_input.c; tcp_formulas.h):
 * 2 x max(TCP_INIT_CWND, cwnd, reordering + 1) x a power-of-two
 * per-segment memory computed from the peer's MSS (rx_opt.mss_clamp,
 * larger than mss_cache by the timestamp option), at most tcp_wmem[2].
 */
static void tcp_sndbuf_expand_pow2(struct tcp_sock *tp)
{
	const struct platform *p = tp->host->plat;
	uint32_t per_mss = tcp_sndbuf_per_mss(MAX((uint32_t)tp->mss_clamp, tp->mss),
					      (uint32_t)p->max_tcp_header,
					      skb_data_align(p, (uint32_t)p->sizeof_shinfo),
					      skb_data_align(p, (uint32_t)p->sizeof_sk_buff));
	int64_t sndmem = tcp_sndbuf_sndmem(per_mss, tp->cc.snd_cwnd, tp->reordering);

	if (tp->cc.ops->sndbuf_expand)	/* its factor for the kernel's 2 */
		sndmem = sndmem / 2 * tp->cc.ops->sndbuf_expand(&tp->cc);
	if (tp->sk.sk_sndbuf < sndmem)
		tp->sk.sk_sndbuf = MIN(sndmem, kp(tp)->tcp_wmem[2]);
}

/*
 * tcp_check_space → tcp_new_space and sk_stream_write_space. The buffer
 * grows while the window is not full (tcp_should_expand_sndbuf; no
 * global memory pressure in the model): 6.x counts packets in flight
 * and restamps snd_cwnd_stamp; the 3.x form counts packets out,
 * SKB_TRUESIZE(mss + MAX_TCP_HEADER) per segment and max(cwnd, 4)
 * segments.
 */
static void tcp_check_space(struct tcp_sock *tp, sim_time_t now)
{
	if (!tp->nospace)
		return;
	if (kp(tp)->sndbuf_expand_pow2) {
		if (!tp->sndbuf_locked && tcp_in_flight(tp) < tp->cc.snd_cwnd) {
			tcp_sndbuf_expand_pow2(tp);
			tp->cwnd_stamp = now;
		}
	} else if (!tp->sndbuf_locked && tp->packets_out < tp->cc.snd_cwnd) {
		int64_t sndmem = tcp_seg_truesize(tp);
		int64_t demanded = MAX((int64_t)tp->cc.snd_cwnd, 4);

		sndmem *= 2 * demanded;
		if (sndmem > tp->sk.sk_sndbuf)
			tp->sk.sk_sndbuf = MIN(sndmem, kp(tp)->tcp_wmem[2]);
	}
	/* sk_stream_wspace >= sk_stream_min_wspace */
	if (tp->sk.sk_sndbuf - tp->sk_wmem_queued >= tp->sk_wmem_queued / 2) {
		tp->nospace = false;
		if (tp->sk.tx_waiter)
			task_wake(tp->sk.tx_waiter);
	}
}

static void tcp_update_size_goal(struct tcp_sock *tp)
{
	/* tcp_tso_autosize of 3.19-5.x subtracts MAX_TCP_HEADER, the others
	 * the TCP/IP header length */
	uint32_t hlen = kp(tp)->gso_mode == GSO_TSO_AUTOSIZE_NORTT ?
			(uint32_t)tp->host->plat->max_tcp_header : TCP_HDRS - ETH_HLEN;

	/* tcp_tso_segs: the congestion control's min_tso_segs, else the sysctl's */
	uint32_t min_tso = tp->cc.ops->min_tso_segs ? tp->cc.ops->min_tso_segs(&tp->cc) :
			   TCP_MIN_TSO_SEGS;

	tp->size_goal = tcp_size_goal_min_tso(kp(tp)->gso_mode, tp->mss, tp->sk.sk_pacing_rate,
					      (uint32_t)MIN(tp->max_window, (uint64_t)UINT32_MAX),
					      GSO_MAX_SIZE, hlen, 65535, tp->min_rtt,
					      tp->sk.sk_pacing_shift, min_tso);
	tp->size_goal = tcp_size_goal_tsq_cap(kp(tp)->tsq_mode, tp->size_goal, tp->mss,
					      kp(tp)->tcp_limit_output_bytes);
}

/* tcp_update_pacing_rate; an algorithm with ->cong_control sets the rate
 * itself (tcp_cong_control does not call this): only the size goal follows */
static void tcp_update_pacing_rate(struct tcp_sock *tp)
{
	if (tp->cc.ops->cong_control) {
		tcp_update_size_goal(tp);
		return;
	}
	/* the era's formula on the estimator's own srtt8 (jiffies or usec << 3) */
	tp->sk.sk_pacing_rate = kp(tp)->pacing_mode == PACING_NONE ? UINT64_MAX :
		tcp_pacing_rate_raw(kp(tp)->pacing_mode, tp->mss, tp->cc.snd_cwnd,
				    tp->packets_out, tp->cc.snd_ssthresh,
				    (uint32_t)MIN(tp->est.srtt8, (int64_t)UINT32_MAX), tp->host->hz, NULL);
	tcp_update_size_goal(tp);
}

/* retrans_stamp is kept while a retransmission may still be answered
 * (tcp_any_retrans_done: retransmissions out, or the head was resent) */
static void tcp_clear_retrans_stamp(struct tcp_sock *tp)
{
	const struct sk_buff *head = tp->write_queue.head;

	if (!tp->retrans_out &&
	    !(head && head != tp->send_head && (head->sacked & TCPCB_EVER_RETRANS)))
		tp->retrans_stamp = 0;
}

/* --- ACK processing (sender) --------------------------------------- */

/* The RTT clock: jiffies before 3.15 (tcp_time_stamp), microseconds after
 * (skb_mstamp). */
static sim_time_t rtt_unit(const struct tcp_sock *tp)
{
	return kp(tp)->rtt_usec ? PS_PER_US : tp->host->tick;
}

/* The estimator (tcp_formulas.c) in RTT clock units, then as time. */
static void tcp_rtt_update(struct tcp_sock *tp, int64_t m)
{
	sim_time_t unit = rtt_unit(tp);
	int64_t rto = tcp_rtt_estimator(&tp->est, m, TCP_RTO_MIN / unit,
					tp->snd_una, tp->snd_nxt);

	tp->srtt = tp->est.srtt8 * unit / 8;
	tp->rttvar = tp->est.rttvar * unit;
	tp->rto = rto * unit;
	tp->backoff = 0;
}

/* One RTT sample: the time since `sent` (an skb's send time or an echoed
 * timestamp), in RTT clock units (whole jiffies before 3.15, as
 * tcp_time_stamp differences). */
static void tcp_rtt_sample(struct tcp_sock *tp, sim_time_t now, sim_time_t sent)
{
	sim_time_t unit = rtt_unit(tp);

	if (!tp->min_rtt || now - sent < tp->min_rtt)
		tp->min_rtt = MAX(now - sent, (sim_time_t)1);
	tcp_rtt_update(tp, now / unit - sent / unit);
}

/* An echoed timestamp's age on the era's TS clock (tcp_formulas.c). */
static int64_t tsecr_age_us(const struct tcp_sock *tp, sim_time_t now, sim_time_t tsecr)
{
	return tcp_tsecr_age_us(kp(tp)->ts_clock_ms, tp->host->tick, now, tsecr);
}

/* 4.4 and 6.x: the sample an echoed timestamp gives, when no skb gave one
 * (tcp_ack_update_rtt's fallback), at the TS clock's resolution; min_rtt
 * takes it too (tcp_update_rtt_min, at least 1 us). */
static void tcp_rtt_sample_tsecr(struct tcp_sock *tp, sim_time_t now, sim_time_t tsecr)
{
	int64_t us = tsecr_age_us(tp, now, tsecr);
	sim_time_t m = MAX(us, (int64_t)1) * PS_PER_US;

	if (!tp->min_rtt || m < tp->min_rtt)
		tp->min_rtt = m;
	tcp_rtt_update(tp, us);
}

/*
 * tcp_ack_update_rtt: the ACK's RTT sample, if any (profile.c says which
 * era takes which). acked: the ACK acknowledged new data (FLAG_ACKED).
 */
static void tcp_ack_update_rtt(struct tcp_sock *tp, sim_time_t now,
			       const struct sk_buff *ack, bool acked)
{
	sim_time_t sent = -1;

	if (kp(tp)->rtt_sack) {
		if (acked && !tp->rtt_retrans_acked)
			sent = tp->rtt_seq_sent;
		if (sent < 0)
			sent = tp->rtt_sack_sent;
	}
	if (sent < 0 && ack->tsecr && (acked || kp(tp)->rtt_tsecr_any_ack)) {
		if (kp(tp)->rtt_usec) {
			tcp_rtt_sample_tsecr(tp, now, ack->tsecr);
			return;
		}
		sent = ack->tsecr;
	}
	if (sent >= 0)
		tcp_rtt_sample(tp, now, sent);
}

/* Newly acknowledged skb: its part in this ACK's RTT sample. A SACKed one
 * counts in 3.12 (tcp_clean_rtx_queue), not in 4.4 and 6.x. */
static void tcp_rtt_acked(struct tcp_sock *tp, const struct sk_buff *skb)
{
	if (skb->sacked & (TCPCB_EVER_RETRANS | TCPCB_SACKED_RETRANS)) {
		tp->rtt_retrans_acked = true;
	} else if (!(kp(tp)->rtt_usec && (skb->sacked & TCPCB_SACKED_ACKED))) {
		if (tp->rtt_seq_sent < 0)
			tp->rtt_seq_sent = skb->tsval;
		tp->rtt_ca_sent = skb->tsval;
	}
}

/*
 * The congestion control's RTT sample of an ACK (pkts_acked's rtt_us), or
 * -1. acked: it acknowledged new data (FLAG_ACKED).
 * <= 3.13 (tcp_clean_rtx_queue): the time since the newest acked skb was
 * sent, none if retransmitted data was acked; in microseconds from the
 * skb's ktime stamp, which CUBIC asks for when HZ < 1000
 * (TCP_CONG_RTT_STAMP), else in jiffies.
 * 4.4, 6.x: the same in microseconds, replaced by the newest newly SACKed
 * skb's, else (6.x only) the echoed timestamp's age in whole ms, at least
 * one, if new data was acked.
 */
static sim_time_t tcp_ca_rtt(const struct tcp_sock *tp, sim_time_t now,
			     const struct sk_buff *ack, bool acked)
{
	sim_time_t sent = tp->rtt_retrans_acked ? -1 : tp->rtt_ca_sent, unit;

	if (kp(tp)->rtt_usec) {
		if (tp->rtt_sack_last >= 0)
			sent = tp->rtt_sack_last;
		if (sent >= 0)	/* skb_mstamp: microsecond stamps */
			return (now / PS_PER_US - sent / PS_PER_US) * PS_PER_US;
		/* 6.x: the echoed timestamp's sample reaches the CA through
		 * rs->rtt_us; 4.4 passes ca_rtt_us by value, so it does not */
		if (!acked || !ack->tsecr || !kp(tp)->ts_clock_ms)
			return -1;
		return tsecr_age_us(tp, now, ack->tsecr) * PS_PER_US;
	} else {
		if (sent < 0)
			return -1;
		if (tp->host->hz < 1000)	/* ktime_us_delta */
			return (now - sent) / PS_PER_US * PS_PER_US;
		unit = tp->host->tick;
	}
	return (now / unit - sent / unit) * unit;
}

/* ->pkts_acked: on an ACK of new data before 4.4 (FLAG_ACKED), on every
 * ACK from 4.4 on. */
static void tcp_ca_pkts_acked(struct tcp_sock *tp, sim_time_t now,
			      const struct sk_buff *ack, uint32_t acked)
{
	if (!tp->cc.ops->pkts_acked || (!acked && tcp_cc_counts_acks(&tp->cc)))
		return;
	tp->cc.ca_open = tp->ca_state == TCP_CA_OPEN;
	tp->cc.ops->pkts_acked(&tp->cc, acked, tcp_ca_rtt(tp, now, ack, acked > 0),
			       now, tp->packets_out);
}

/* Remove fully acked skbs; trim a partially acked one. */
/* Segments of a marked skb leave the scoreboard (acknowledged). */
static void tcp_unmark(struct tcp_sock *tp, const struct sk_buff *skb, uint32_t segs)
{
	if (!skb->sacked)
		return;
	if (skb->sacked & TCPCB_SACKED_ACKED)
		tp->sacked_out -= MIN(segs, tp->sacked_out);
	if (skb->sacked & TCPCB_LOST)
		tp->lost_out -= MIN(segs, tp->lost_out);
	if (skb->sacked & TCPCB_SACKED_RETRANS)
		tp->retrans_out -= MIN(segs, tp->retrans_out);
}

/* *reord: the position (segments from snd_una) of the first acknowledged
 * skb neither SACKed nor ever retransmitted: a hole the original filled. */
static uint32_t tcp_clean_rtx_queue(struct tcp_sock *tp, uint64_t ack, uint32_t *reord)
{
	struct sk_buff *skb;
	uint32_t acked = 0;

	*reord = UINT32_MAX;
	while ((skb = tp->write_queue.head) && skb != tp->send_head) {
		if (skb->end_seq > ack) {
			uint32_t n = (uint32_t)(ack - skb->seq);

			if (n) {	/* tcp_trim_head */
				uint32_t segs = MIN(n / tp->mss, skb->pcount - 1u);

				if (segs)	/* tcp_tso_acked */
					tcp_rtt_acked(tp, skb);
				if (segs && tp->sack_ok && !(skb->sacked & TCPCB_SACKED_ACKED))
					tp->delivered += segs;	/* tcp_count_delivered */
				if (segs)
					tcp_rate_skb_delivered(tp, skb, &tp->ack_rs);
				skb->seq = ack;
				skb->truesize -= n;
				tp->sk_wmem_queued -= n;
				skb->pcount -= segs;
				tcp_unmark(tp, skb, segs);
				acked += segs;
			}
			break;
		}
		skb_dequeue(&tp->write_queue);
		tcp_rtt_acked(tp, skb);
		if (!(skb->sacked & (TCPCB_SACKED_ACKED | TCPCB_EVER_RETRANS)))
			*reord = MIN(*reord, acked);
		if (tp->sack_ok && !(skb->sacked & TCPCB_SACKED_ACKED))
			tp->delivered += skb->pcount;	/* tcp_count_delivered */
		tcp_rate_skb_delivered(tp, skb, &tp->ack_rs);
		tcp_unmark(tp, skb, skb->pcount);
		acked += skb->pcount;
		tp->sk_wmem_queued -= skb->truesize;
		skb_pool_put(tp->host->pool, skb);
	}
	return acked;
}

/*
 * tcp_is_cwnd_limited. 3.x (3.10.99, 3.12.0 tcp_cong.c): the window is the
 * limit when what was in flight before the ACK filled it, or left less
 * than a third of it and less than one GSO skb (tcp_tso_win_divisor 3),
 * or at most 3 MSS. 4.4 on: what tcp_cwnd_validate recorded for the
 * window (tcp_is_cwnd_limited_4x).
 */
static bool tcp_cwnd_limited(const struct tcp_sock *tp, uint32_t in_flight)
{
	uint32_t cwnd = tp->cc.snd_cwnd, left;

	if (kp(tp)->rtt_usec)
		return tcp_is_cwnd_limited_4x(tp);
	if (in_flight >= cwnd)
		return true;
	left = cwnd - in_flight;
	if (left * 3 < cwnd && left * tp->mss < GSO_MAX_SIZE)
		return true;
	return left <= 3;
}

/* Mark the skbs of one SACK block (tcp_sacktag_walk), splitting those it
 * covers in part at its edges. A segment never retransmitted that is
 * SACKed below the highest SACK arrived out of order: *reord keeps the
 * lowest such position, in segments from snd_una (tcp_sacktag_one). */
static void tcp_sacktag_block(struct tcp_sock *tp, uint64_t start, uint64_t end,
			      uint64_t prior_highest, uint32_t *reord)
{
	struct sk_buff *skb;
	uint32_t fack_count = 0;

	start = MAX(start, tp->snd_una);
	end = MIN(end, tp->snd_nxt);
	for (skb = tp->write_queue.head; skb && skb != tp->send_head && skb->seq < end;
	     fack_count += skb->pcount, skb = skb->next) {
		if (skb->end_seq <= start || (skb->sacked & TCPCB_SACKED_ACKED))
			continue;
		if (skb->seq < start || skb->end_seq > end) {
			if (skb->pcount < 2)	/* part of one segment: not SACKed */
				continue;
			if (skb->seq < start) {
				tcp_fragment_sent(tp, skb, (uint32_t)(start - skb->seq));
				continue;	/* the next skb starts at start */
			}
			tcp_fragment_sent(tp, skb, (uint32_t)(end - skb->seq));
		}
		if (!(skb->sacked & TCPCB_EVER_RETRANS) && skb->seq < prior_highest)
			*reord = MIN(*reord, fack_count);
		/* tcp_sacktag_one: the earliest sequence SACKed for RTT */
		if (!(skb->sacked & (TCPCB_EVER_RETRANS | TCPCB_SACKED_RETRANS))) {
			if (skb->seq < tp->rtt_sack_seq) {
				tp->rtt_sack_seq = skb->seq;
				tp->rtt_sack_sent = skb->tsval;
			}
			if (skb->seq >= tp->rtt_sack_last_seq) {
				tp->rtt_sack_last_seq = skb->seq;
				tp->rtt_sack_last = skb->tsval;
			}
		}
		tcp_unmark(tp, skb, skb->pcount);
		skb->sacked = TCPCB_SACKED_ACKED | (skb->sacked & TCPCB_EVER_RETRANS);
		tp->sacked_out += skb->pcount;
		tp->delivered += skb->pcount;
		tcp_rate_skb_delivered(tp, skb, &tp->ack_rs);
		tp->highest_sack = MAX(tp->highest_sack, skb->end_seq);
	}
}

/*
 * Loss marking, RFC 6675 IsLost: a segment not SACKed is lost once at
 * least tp->reordering (initially 3, DupThresh) segments above it are.
 * Deviation: 3.x and 4.4 use FACK until they see reordering (the same
 * once SACKs come in order), 6.x RACK's time rule.
 */
static void tcp_mark_lost(struct tcp_sock *tp)
{
	struct sk_buff *skb = tp->send_head ? tp->send_head->prev : tp->write_queue.tail;
	uint32_t above = 0;

	for (; skb; skb = skb->prev) {
		if (skb->sacked & TCPCB_SACKED_ACKED)
			above += skb->pcount;
		else if (above >= tp->reordering &&
			 !(skb->sacked & (TCPCB_LOST | TCPCB_SACKED_RETRANS))) {
			skb->sacked |= TCPCB_LOST;
			tp->lost_out += skb->pcount;
			tp->lost += skb->pcount;
		}
	}
}

/* tcp_update_reordering: a segment arrived `metric` segments out of
 * order; the loss threshold rises to that, up to tcp_max_reordering. */
static void tcp_update_reordering(struct tcp_sock *tp, uint32_t metric)
{
	if (metric <= tp->reordering)
		return;
	tp->reordering = MIN(metric, kp(tp)->tcp_max_reordering);
	tp->reorder_events++;
}

/*
 * tcp_mark_lost_retrans (3.x, FACK): a retransmission is lost once data
 * sent after it (above the snd_nxt of its time) is SACKed; it is lost
 * again and goes out again. 4.4 and 6.x find it by RACK's time order,
 * the same for a single path.
 */
static void tcp_mark_lost_retrans(struct tcp_sock *tp)
{
	struct sk_buff *skb;
	uint32_t cnt = 0;

	for (skb = tp->write_queue.head; skb && skb != tp->send_head &&
	     cnt < tp->retrans_out; skb = skb->next) {
		if (!(skb->sacked & TCPCB_SACKED_RETRANS))
			continue;
		if (tp->highest_sack > skb->ack_seq) {
			skb->sacked &= (uint8_t)~TCPCB_SACKED_RETRANS;
			tp->retrans_out -= skb->pcount;
			if (!(skb->sacked & TCPCB_LOST)) {
				skb->sacked |= TCPCB_LOST;
				tp->lost_out += skb->pcount;
				tp->lost += skb->pcount;
			}
			tp->lost_retrans++;
		} else {
			cnt += skb->pcount;
		}
	}
}

/* Segments from snd_una to the end of the highest SACKed skb. */
static uint32_t tcp_fackets_out(const struct tcp_sock *tp)
{
	const struct sk_buff *skb;
	uint32_t n = 0;

	for (skb = tp->write_queue.head; skb && skb != tp->send_head &&
	     skb->seq < tp->highest_sack; skb = skb->next)
		n += skb->pcount;
	return n;
}

/*
 * tcp_check_dsack (RFC 2883): a first block below the cumulative ACK, or
 * inside the second, reports a duplicate. One that covers data of the
 * current recovery (above undo_marker) counts one retransmission as
 * needless (Linux's "dumb counting" for data already acknowledged; the
 * model counts one for any such block); when all were, the reduction is
 * undone. Returns the index of the first real SACK block.
 */
static int tcp_check_dsack(struct tcp_sock *tp, const struct sk_buff *ack, uint64_t prior_snd_una)
{
	int64_t s0 = ack->sack[0][0], e0 = ack->sack[0][1];
	uint64_t end = (uint64_t)((int64_t)ack->ack_seq + e0);

	if (!ack->nr_sack ||
	    !(s0 < 0 || (ack->nr_sack > 1 && s0 >= ack->sack[1][0] && e0 <= ack->sack[1][1])))
		return 0;
	tp->dsacks_in++;
	tp->ack_dsack = true;
	if (tp->undo_marker && tp->undo_retrans > 0 && end > tp->undo_marker)
		tp->undo_retrans--;
	return 1;
}

/* tcp_sacktag_write_queue, then tcp_check_sack_reordering's
 * tcp_update_reordering: the distance a segment was reordered raises the
 * loss threshold, up to tcp_max_reordering. Returns fackets_out after
 * the tagging (the loss marking moves no skb boundary). */
static uint32_t tcp_sacktag(struct tcp_sock *tp, const struct sk_buff *ack,
			    uint64_t prior_snd_una)
{
	uint64_t prior_highest = tp->highest_sack;
	uint32_t reord = UINT32_MAX, fackets;
	int i;

	tp->sack_acks++;
	i = tcp_check_dsack(tp, ack, prior_snd_una);
	for (; i < ack->nr_sack; i++)
		tcp_sacktag_block(tp, ack->ack_seq + ack->sack[i][0],
				  ack->ack_seq + ack->sack[i][1], prior_highest, &reord);
	fackets = tp->sacked_out ? tcp_fackets_out(tp) : 0;
	if (reord < fackets && tp->ca_state != TCP_CA_LOSS)
		tcp_update_reordering(tp, fackets - reord);
	tcp_mark_lost(tp);
	if (tp->retrans_out && tp->ca_state == TCP_CA_RECOVERY)
		tcp_mark_lost_retrans(tp);
	return fackets;
}

/*
 * tcp_cwnd_reduction, Proportional Rate Reduction (RFC 6937, 3.2+): while
 * in flight exceeds ssthresh, send ssthresh/prior_cwnd of what the ACKs
 * report delivered; below it, slow-start back up to ssthresh.
 * prior_unsacked is packets_out - sacked_out before the ACK.
 */
/*
 * tcp_cwnd_reduction (PRR, RFC 6937; tcp_prr_sndcnt in tcp_formulas.c
 * has the rule per era): 3.x computes it on every ACK of a reduction,
 * 4.4 and 6.x only when something was delivered.
 */
static void tcp_cwnd_reduction(struct tcp_sock *tp, uint32_t prior_unsacked, bool fast_rexmit)
{
	int64_t delivered = (int64_t)prior_unsacked -
			    (tp->packets_out - tp->sacked_out - tp->reno_sacked);
	int64_t sndcnt;

	if (!tp->prior_cwnd || (delivered <= 0 && kp(tp)->prr != PRR_3X))
		return;
	tp->prr_delivered = (uint32_t)MAX((int64_t)tp->prr_delivered + delivered, 0);
	sndcnt = tcp_prr_sndcnt(&(struct tcp_prr){
		.rule = kp(tp)->prr, .ssthresh = tp->cc.snd_ssthresh,
		.in_flight = tcp_in_flight(tp), .prior_cwnd = tp->prior_cwnd,
		.prr_delivered = tp->prr_delivered, .prr_out = tp->prr_out,
		.delivered = delivered, .fast_rexmit = fast_rexmit,
		.retrans_acked = tp->rtt_retrans_acked, .lost_retrans = tp->ack_lost_retrans,
		.una_advanced = tp->ack_una_advanced, .newly_lost = tp->ack_newly_lost });
	tp->cc.snd_cwnd = (uint32_t)MAX((int64_t)tcp_in_flight(tp) + sndcnt, 1);
}

/* tcp_undo_cwnd_reduction: the losses were not (CUBIC's undo_cwnd: the
 * window before the reduction; Reno's: twice the reduced ssthresh) */
static void tcp_undo_cwnd_reduction(struct tcp_sock *tp)
{
	uint32_t cwnd = !strcmp(tp->cc.ops->name, "cubic") ? tp->prior_cwnd :
			2 * tp->cc.snd_ssthresh;

	if (tp->cc.ops->undo_cwnd)	/* 6.x: cwnd = ->undo_cwnd() */
		tp->cc.snd_cwnd = tp->cc.ops->undo_cwnd(&tp->cc);
	else
		tp->cc.snd_cwnd = MAX(tp->cc.snd_cwnd, cwnd);
	if (tp->prior_ssthresh > tp->cc.snd_ssthresh)
		tp->cc.snd_ssthresh = tp->prior_ssthresh;
	tp->undo_marker = 0;
	tp->undos++;
}

/* tcp_packet_delayed: no retransmission was sent, or this ACK echoes a
 * timestamp older than the first one (on the era's timestamp clock) */
static bool tcp_packet_delayed(const struct tcp_sock *tp, const struct sk_buff *ack)
{
	sim_time_t unit = kp(tp)->ts_clock_ms ? PS_PER_MS : tp->host->tick;

	return !tp->retrans_stamp || (ack->tsecr && ack->tsecr / unit < tp->retrans_stamp / unit);
}

static void tcp_enter_recovery(struct cpu *cpu, struct tcp_sock *tp, uint32_t prior_unsacked)
{
	/* tcp_init_undo */
	tp->prior_ssthresh = 0;
	tp->undo_marker = tp->snd_una;
	tp->undo_retrans = tp->retrans_out ? (int)tp->retrans_out : -1;
	if (tp->ca_state != TCP_CA_CWR) {	/* already reducing for ECE */
		/* tcp_current_ssthresh */
		tp->prior_ssthresh = MAX(tp->cc.snd_ssthresh,
					 (tp->cc.snd_cwnd >> 1) + (tp->cc.snd_cwnd >> 2));
		tcp_init_cwnd_reduction(cpu, tp);
	}
	tp->ca_state = TCP_CA_RECOVERY;
	tp->high_seq = tp->snd_nxt;
	tp->fast_retrans++;
	if (!tp->cc.ops->cong_control)
		tcp_cwnd_reduction(tp, prior_unsacked, true);
	if (tp->sack_ok)
		tcp_xmit_retransmit_queue(cpu, tp);
	else
		tcp_retransmit_head(cpu, tp);
}

/* tcp_cong_avoid (3.12 .. 6.18 tcp_input.c): every ACK the window may grow
 * on stamps snd_cwnd_stamp, cwnd-limited or not, so the RFC 2861 decay in
 * tcp_cwnd_validate waits an RTO without such an ACK. */
static void tcp_cong_avoid(struct tcp_sock *tp, uint32_t acked, bool cwnd_limited,
			   sim_time_t now)
{
	tp->cc.ops->cong_avoid(&tp->cc, acked, cwnd_limited, now);
	tp->cwnd_stamp = now;
}

/*
 * tcp_check_reno_reordering / tcp_limit_reno_sacked (3.12.0 .. 6.18.2,
 * after every ACK without SACK): duplicate ACKs count segments out of the
 * network, but never more than are outstanding less one hole; if more
 * were counted, they came from reordering, and tp->reordering rises.
 * (Without this clamp an ACK could leave more counted than outstanding:
 * in_flight wrapped below zero and the flow stopped for good.)
 */
static void tcp_check_reno_reordering(struct tcp_sock *tp, uint32_t addend)
{
	uint32_t holes = MIN(MAX(tp->lost_out, 1u), tp->packets_out);

	if (tp->reno_sacked + holes <= tp->packets_out)
		return;
	tp->reno_sacked = tp->packets_out - holes;
	tcp_update_reordering(tp, tp->packets_out + addend);
}

static void tcp_ack_advance(struct cpu *cpu, struct tcp_sock *tp,
			    const struct sk_buff *skb, uint64_t ack, uint32_t prior_fackets,
			    uint32_t fackets)
{
	uint32_t in_flight = tcp_in_flight(tp), acked, reord;
	sim_time_t now = cpu_now(cpu);

	tp->bytes_acked += ack - tp->snd_una;
	tp->snd_una = ack;
	acked = tcp_clean_rtx_queue(tp, ack, &reord);
	/* tcp_remove_reno_sacks: all but one acknowledged were counted,
	 * and delivered by their duplicate ACKs */
	if (acked && !tp->sack_ok)
		tp->delivered += (uint32_t)MAX((int64_t)acked - tp->reno_sacked, (int64_t)1);
	if (acked)
		tp->reno_sacked -= MIN(acked - 1, tp->reno_sacked);
	/* tcp_clean_rtx_queue: a non-retransmitted hole got filled */
	if (reord < prior_fackets && reord <= fackets)
		tcp_update_reordering(tp, fackets - reord);
	tp->packets_out -= MIN(acked, tp->packets_out);
	if (!tp->sack_ok)
		tcp_check_reno_reordering(tp, acked);
	tcp_ack_update_rtt(tp, now, skb, true);
	tp->dupacks = 0;
	tp->cc.snd_una = (uint32_t)tp->snd_una;	/* HyStart rounds */
	tp->cc.snd_nxt = (uint32_t)tp->snd_nxt;
	tp->cc.now = now;
	tp->cc.pacing_rate = tp->sk.sk_pacing_rate == UINT64_MAX ? 0 : tp->sk.sk_pacing_rate;
	tcp_ca_pkts_acked(tp, now, skb, acked);
	if (tp->ca_state != TCP_CA_OPEN) {
		/* CWR is held until something above high_seq is ACKed, so the
		 * CWR bit has reached the receiver (tcp_fastretrans_alert) */
		if (tp->ca_state == TCP_CA_CWR ? ack > tp->high_seq : ack >= tp->high_seq) {
			/* tcp_try_undo_recovery, else tcp_end_cwnd_reduction */
			if (tp->ca_state == TCP_CA_RECOVERY && tp->undo_marker &&
			    (!tp->undo_retrans || tcp_packet_delayed(tp, skb)))
				tcp_undo_cwnd_reduction(tp);
			else if (tp->ca_state != TCP_CA_LOSS && !tp->cc.ops->cong_control)
				tp->cc.snd_cwnd = MAX(tp->cc.snd_ssthresh, 2u);
			/* undo_marker stays: D-SACKs that come later may
			 * still undo (tcp_try_undo_dsack in Open) */
			tcp_clear_retrans_stamp(tp);
			tp->reno_sacked = 0;	/* tcp_reset_reno_sack */
			tp->icsk_retransmits = 0;	/* recovered */
			tp->ca_state = TCP_CA_OPEN;
		} else if (tp->ca_state == TCP_CA_RECOVERY && !tp->sack_ok) {
			tcp_retransmit_head(cpu, tp);	/* NewReno partial ACK */
		} else if (tp->ca_state == TCP_CA_LOSS && acked && !tp->cc.ops->cong_control) {
			/* after an RTO the window slow-starts from one segment
			 * (tcp_may_raise_cwnd outside cwnd reduction);
			 * tcp_process_loss: FLAG_DATA_ACKED clears
			 * icsk_retransmits */
			tcp_cong_avoid(tp, acked, true, now);
			tp->icsk_retransmits = 0;
		}
	} else if (acked && !tp->cc.ops->cong_control) {
		tcp_cong_avoid(tp, acked, tcp_cwnd_limited(tp, in_flight), now);
	}
	tcp_update_pacing_rate(tp);
	if (tp->packets_out)
		tcp_set_rto_timer(cpu, tp);
	else
		tcp_clear_rto_timer(tp);
	tcp_check_space(tp, now);
}

/*
 * tcp_process_tlp_ack: an ACK past tlp_high_seq means the probe repaired
 * a loss: cwnd goes to a freshly reduced ssthresh at once (CWR entered and
 * ended), unless a D-SACK says the probe was needless; a pure duplicate
 * ACK at tlp_high_seq ends the episode with no loss (3.12.0, 6.18.2; 6.x
 * also ends it on the ACK of a new-data probe).
 */
static void tcp_process_tlp_ack(struct cpu *cpu, struct tcp_sock *tp, uint64_t ack,
				bool una_advanced, bool not_dup, bool data_sacked)
{
	if (ack < tp->tlp_high_seq)
		return;
	if (kp(tp)->tlp == TLP_6X && !tp->tlp_retrans) {
		tp->tlp_high_seq = 0;
		return;
	}
	if (ack == tp->tlp_high_seq) {
		if (!una_advanced && !not_dup && !data_sacked)
			tp->tlp_high_seq = 0;	/* the probe's duplicate ACK */
		return;
	}
	tp->tlp_high_seq = 0;
	if (tp->ack_dsack)
		return;
	tcp_init_cwnd_reduction(cpu, tp);
	if (!tp->cc.ops->cong_control)
		tp->cc.snd_cwnd = tp->cc.snd_ssthresh;	/* tcp_end_cwnd_reduction */
	tp->cwnd_stamp = cpu_now(cpu);
	tp->loss_probe_recoveries++;
}

/*
 * tcp_cong_control with ->cong_control (6.x): the algorithm gets the
 * ACK's rate sample, with the congestion control's RTT sample of the
 * ACK, and sets cwnd and sk_pacing_rate itself; no PRR, no
 * tcp_update_pacing_rate. (Called after the ACK's state changes, as
 * tcp_ack calls it after tcp_fastretrans_alert.)
 * Deviation: is_ack_delayed (FLAG_ACK_MAYBE_DELAYED) is never set.
 */
static void tcp_cong_control(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *ack,
			     bool data_acked)
{
	sim_time_t now = cpu_now(cpu);
	sim_time_t rtt = tcp_ca_rtt(tp, now, ack, data_acked);

	tp->ack_rs.rtt_us = rtt >= 0 ? rtt / PS_PER_US : -1;
	tcp_cc_sync(tp, now);
	tp->cc.ops->cong_control(&tp->cc, &tp->ack_rs);
	tp->app_limited = tp->cc.app_limited;
	tp->cwnd_stamp = now;
	tcp_update_size_goal(tp);
}

static void tcp_ack(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *skb)
{
	uint64_t ack = skb->ack_seq, prior_una = tp->snd_una, prior_lost_retrans;
	uint32_t prior_sacked = tp->sacked_out, prior_lost;
	bool win_changed = skb->tcp_win != tp->snd_wnd;
	uint32_t prior_fackets, fackets, prior_unsacked = tp->packets_out - tp->sacked_out - tp->reno_sacked;
	enum tcp_ca_state prior_state = tp->ca_state;
	bool entered = false;

	uint32_t prior_delivered = tp->delivered, prior_lost_cnt = tp->lost;

	if (ack > tp->snd_nxt || ack < tp->snd_una)
		return;
	tp->snd_wnd = skb->tcp_win;
	tp->max_window = MAX(tp->max_window, tp->snd_wnd);
	if (!tp->packets_out && ack == tp->snd_una) {
		tcp_write_xmit(cpu, tp);	/* a window update */
		return;
	}
	tp->acks_in++;
	cpu_charge(cpu, COST_tcp_ack, cost(tp)->tcp_ack);
	memset(&tp->ack_rs, 0, sizeof(tp->ack_rs));
	tp->ack_rs.prior_in_flight = tcp_in_flight(tp);
	tp->rtt_seq_sent = tp->rtt_sack_sent = -1;
	tp->rtt_ca_sent = tp->rtt_sack_last = -1;
	tp->rtt_retrans_acked = false;
	tp->rtt_sack_seq = UINT64_MAX;
	tp->rtt_sack_last_seq = 0;
	tp->ack_dsack = false;
	tp->ack_una_advanced = ack > tp->snd_una;
	prior_fackets = fackets = tp->sacked_out ? tcp_fackets_out(tp) : 0;
	prior_lost = tp->lost_out;
	prior_lost_retrans = tp->lost_retrans;
	if (tp->sack_ok && skb->nr_sack)
		fackets = tcp_sacktag(tp, skb, tp->snd_una);
	tp->ack_lost_retrans = tp->lost_retrans > prior_lost_retrans;
	tp->ack_newly_lost = tp->lost_out > prior_lost;
	if (ack == tp->snd_una) {	/* no new data: a SACK or 3.12.0's TSecr sample */
		tcp_ack_update_rtt(tp, cpu_now(cpu), skb, false);
		tcp_ca_pkts_acked(tp, cpu_now(cpu), skb, 0);
	}
	if (ack > tp->snd_una) {
		tcp_ack_advance(cpu, tp, skb, ack, prior_fackets, fackets);
	} else if (!skb->payload_len && !win_changed && !tp->sack_ok) {
		/* tcp_add_reno_sack: a duplicate ACK stands for a segment
		 * that left the network (one hole kept: tcp_limit_reno_sacked) */
		if (tp->reno_sacked + 1 < tp->packets_out) {
			tp->reno_sacked++;
			tp->delivered++;	/* tcp_add_reno_sack */
		}
		if (++tp->dupacks == 3 && tp->ca_state <= TCP_CA_CWR) {
			tcp_enter_recovery(cpu, tp, prior_unsacked);
			entered = true;
		}
	}
	/* tcp_time_to_recover with SACK: a segment is marked lost */
	if (tp->sack_ok && tp->lost_out && tp->ca_state <= TCP_CA_CWR) {
		tcp_enter_recovery(cpu, tp, prior_unsacked);
		entered = true;
	}
	/* tcp_try_undo_dsack: every retransmission was needless (in
	 * recovery, or reported after it ended) */
	if (tp->undo_marker && !tp->undo_retrans && !tp->lost_out && !tp->retrans_out &&
	    (tp->ca_state == TCP_CA_RECOVERY || tp->ca_state == TCP_CA_OPEN)) {
		tcp_undo_cwnd_reduction(tp);
		tp->ca_state = TCP_CA_OPEN;
		tcp_clear_retrans_stamp(tp);
	}
	/* still reducing (not left, not just entered): PRR for this ACK */
	if (!entered && tp->ca_state == prior_state && !tp->cc.ops->cong_control &&
	    (prior_state == TCP_CA_CWR || prior_state == TCP_CA_RECOVERY))
		tcp_cwnd_reduction(tp, prior_unsacked, false);
	if ((tp->ecn_flags & TCP_ECN_OK) && (skb->tcp_flags & TCPHDR_ECE)) {
		tp->ece_acks++;
		tcp_enter_cwr(cpu, tp);
	}
	if (tp->tlp_high_seq)
		tcp_process_tlp_ack(cpu, tp, ack, ack > prior_una,
				    ack > prior_una || skb->payload_len || win_changed,
				    tp->sacked_out > prior_sacked);
	tcp_rate_gen(tp, tp->delivered - prior_delivered, tp->lost - prior_lost_cnt,
		     (uint64_t)cpu_now(cpu) / PS_PER_US, &tp->ack_rs);
	if (tp->cc.ops->cong_control)
		tcp_cong_control(cpu, tp, skb, ack > prior_una);
	if (tp->rto_deadline && !tp->tlp_armed)	/* ICSK_TIME_RETRANS pending */
		tcp_schedule_loss_probe(cpu, tp);
	tcp_write_xmit(cpu, tp);	/* tcp_data_snd_check */
}

/*
 * tcp_enter_loss, on an RTO (Deviation: no loss undo, tcp_try_undo_loss).
 * ssthresh drops only if this window has not reduced it yet: from
 * Open, once high_seq is ACKed, or in Loss after data was ACKed
 * (icsk_retransmits back to 0); an RTO in Recovery or CWR keeps the
 * reduction made there (3.12.0 .. 6.18). The congestion control
 * resets on entering Loss in any case (set_state, bictcp_reset).
 */
static void tcp_enter_loss_sack(struct tcp_sock *tp);
static void tcp_enter_loss_go_back_n(struct tcp_sock *tp);

void tcp_enter_loss(struct cpu *cpu, struct tcp_sock *tp)
{
	tp->undo_marker = 0;
	tp->cc.now = cpu_now(cpu);
	if (tp->ca_state == TCP_CA_OPEN || tp->high_seq <= tp->snd_una ||
	    (tp->ca_state == TCP_CA_LOSS && !tp->icsk_retransmits))
		tp->cc.snd_ssthresh = tp->cc.ops->ssthresh(&tp->cc);
	if (tp->cc.ops->on_loss)
		tp->cc.ops->on_loss(&tp->cc);
	if (tp->cc.ops->set_state) {	/* tcp_set_ca_state(sk, TCP_CA_Loss) */
		tcp_cc_sync(tp, tp->cc.now);
		tp->cc.ops->set_state(&tp->cc, TCP_CA_LOSS);
	}
	tp->icsk_retransmits++;
	tp->cwnd_stamp = tp->cc.now;
	tp->cc.snd_cwnd = 1;
	tp->cc.snd_cwnd_cnt = 0;
	tp->ca_state = TCP_CA_LOSS;
	tp->high_seq = tp->snd_nxt;
	if (tp->sack_ok)
		tcp_enter_loss_sack(tp);
	else
		tcp_enter_loss_go_back_n(tp);
}

/*
 * tcp_enter_loss with SACK: what is not SACKed is lost, retransmissions
 * are forgotten, and the lost segments go out again from the head as the
 * window (from one segment) allows (tcp_timer.c); snd_nxt stays.
 */
static void tcp_enter_loss_sack(struct tcp_sock *tp)
{
	struct sk_buff *skb;

	tp->retrans_out = 0;
	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next) {
		skb->sacked &= (uint8_t)~TCPCB_SACKED_RETRANS;
		if (skb->sacked & (TCPCB_SACKED_ACKED | TCPCB_LOST))
			continue;
		skb->sacked |= TCPCB_LOST;
		tp->lost_out += skb->pcount;
		tp->lost += skb->pcount;
	}
}

/* without SACK: go back N; what goes again is a retransmission
 * (Karn: no RTT sample from it, as tcp_retransmit_skb marks it) */
static void tcp_enter_loss_go_back_n(struct tcp_sock *tp)
{
	struct sk_buff *skb;

	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next)
		skb->sacked |= TCPCB_EVER_RETRANS;
	tp->reno_sacked = 0;
	tp->packets_out = 0;
	tp->snd_nxt = tp->snd_una;
	tp->send_head = tp->write_queue.head;
}

/* --- receiver ------------------------------------------------------- */

/* __tcp_ack_snd_check */
static void tcp_ack_snd_check(struct cpu *cpu, struct tcp_sock *tp, bool now)
{
	if (now || tp->quick ||
	    (tp->rcv_nxt - tp->rcv_wup > tp->mss && tcp_select_window(tp) >= tp->rcv_wnd)) {
		tcp_send_ack(cpu, tp);
		return;
	}
	if (!tp->ack_pending) {
		/* TCP_DELACK_MIN = HZ / 25 */
		tp->ack_pending = true;
		mod_timer(cpu, &tp->delack_timer,
			  cpu_jiffies(cpu) + MAX((uint64_t)tp->host->hz / 25, 1u));
	}
}

static void tcp_queue_rcv(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	if (skb->seq < tp->rcv_nxt)
		skb->rx_off = (uint32_t)(tp->rcv_nxt - skb->seq);
	tp->sk.sk_rmem_alloc += skb->truesize;
	skb_queue_tail(&tp->sk.rxq, skb);
	tp->bytes_received += skb->end_seq - tp->rcv_nxt;
	tp->rcv_nxt = skb->end_seq;
}

/* Move what became in-order from the out-of-order queue. */
static void tcp_ofo_queue(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;

	while ((skb = tp->ofo.head) && skb->seq <= tp->rcv_nxt) {
		skb_dequeue(&tp->ofo);
		tp->sk.sk_rmem_alloc -= skb->truesize;
		if (skb->end_seq <= tp->rcv_nxt)
			kfree_skb(cpu, skb);
		else
			tcp_queue_rcv(cpu, tp, skb);
	}
}

/*
 * The receiver's SACK blocks (tcp_sack_new_ofo_skb, tcp_sack_extend,
 * tcp_sack_maybe_coalesce, tcp_sack_remove): the block an out-of-order
 * segment joins, or a new one, moves to the front; at most four are kept
 * and the three most recent are sent (with timestamps there is room for
 * three); a duplicate is reported first by a D-SACK block (tcp_dsack_set).
 */
static void tcp_sack_new_ofo(struct tcp_sock *tp, uint64_t seq, uint64_t end)
{
	tcp_sack_blocks_add(tp->sack_blk, &tp->num_sacks, seq, end);
}

/* tcp_dsack_set (RFC 2883): the next ACK reports a duplicate first */
static void tcp_dsack_set(struct tcp_sock *tp, uint64_t seq, uint64_t end)
{
	if (!tp->sack_ok)
		return;
	tp->dsack = true;
	tp->dsack_blk[0] = seq;
	tp->dsack_blk[1] = end;
}

/* rcv_nxt moved: a block it reaches is gone from the out-of-order queue */
static void tcp_sack_remove(struct tcp_sock *tp)
{
	tcp_sack_blocks_remove(tp->sack_blk, &tp->num_sacks, tp->rcv_nxt);
}

static void tcp_ofo_insert(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	struct sk_buff *p;

	for (p = tp->ofo.tail; p && p->seq > skb->seq; p = p->prev)
		;
	if ((p && p->end_seq >= skb->end_seq) ||
	    (p && p->next && p->next->seq == skb->seq)) {
		tp->ofo_drops++;	/* already held */
		tcp_dsack_set(tp, skb->seq, skb->end_seq);
		kfree_skb(cpu, skb);
		return;
	}
	tp->sk.sk_rmem_alloc += skb->truesize;
	if (tp->sack_ok)
		tcp_sack_new_ofo(tp, skb->seq, skb->end_seq);
	if (!p) {
		skb_queue_head(&tp->ofo, skb);
		return;
	}
	skb->prev = p;
	skb->next = p->next;
	if (p->next)
		p->next->prev = skb;
	else
		tp->ofo.tail = skb;
	p->next = skb;
	tp->ofo.qlen++;
}

/* tcp_data_queue; returns true if an immediate ACK is due. */
/* tcp_incr_quickack: as many quick ACKs as half the window holds
 * segments (2 if none), at most TCP_MAX_QUICKACKS. */
static void tcp_incr_quickack(struct tcp_sock *tp)
{
	uint32_t n = tp->rcv_wnd / (2 * tp->mss);

	if (!n)
		n = 2;
	if (n > tp->quick)
		tp->quick = MIN(n, (uint32_t)TCP_MAX_QUICKACKS);
}

/*
 * tcp_grow_window (3.12.0, 4.4.155, 6.18.2): while rcv_ssthresh is below
 * the clamp and the free space, an in-order segment whose truesize the
 * window accounts for raises it by two MSS (or twice its length), and is
 * ACKed at once (quick |= 1). __tcp_grow_window's search for skbs with a
 * poorer len/truesize ratio is kept.
 */
static void tcp_grow_window(struct tcp_sock *tp, const struct sk_buff *skb)
{
	uint32_t len = skb->payload_len, incr = 0;

	if (tp->rcv_ssthresh >= tp->window_clamp || (int64_t)tp->rcv_ssthresh >= tcp_space(tp))
		return;
	if (win_from_space(tp, skb->truesize) <= len) {
		incr = 2 * tp->mss;
	} else {
		int64_t truesize = win_from_space(tp, skb->truesize) >> 1;
		int64_t window = win_from_space(tp, kp(tp)->tcp_rmem[2]) >> 1;

		for (; tp->rcv_ssthresh <= window; truesize >>= 1, window >>= 1)
			if (truesize <= len) {
				incr = 2 * tp->mss;
				break;
			}
	}
	if (!incr)
		return;
	incr = MAX(incr, 2 * len);
	tp->rcv_ssthresh = MIN(tp->rcv_ssthresh + incr, tp->window_clamp);
	tp->quick |= 1;
}

/* tcp_event_data_recv's delayed-ACK part: quick ACKs at the first data
 * segment and after a gap longer than the RTO; then tcp_grow_window. */
static void tcp_event_data_recv(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *skb)
{
	sim_time_t now = cpu_now(cpu);

	if (!tp->ato_init) {
		tcp_incr_quickack(tp);
		tp->ato_init = true;
	} else if (now - tp->lrcvtime > tp->rto) {
		tcp_incr_quickack(tp);
	}
	tp->lrcvtime = now;
	tcp_grow_window(tp, skb);
}

static bool tcp_data_queue(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	if (skb->end_seq <= tp->rcv_nxt) {	/* duplicate */
		tcp_incr_quickack(tp);	/* tcp_enter_quickack_mode */
		tcp_dsack_set(tp, skb->seq, skb->end_seq);
		kfree_skb(cpu, skb);
		return true;
	}
	if (tp->sk.sk_rmem_alloc + skb->truesize > tp->rcvbuf + tp->rcvbuf / 2) {
		tp->sk.rx_drops++;	/* tcp_try_rmem_schedule failed */
		kfree_skb(cpu, skb);
		return true;
	}
	if (skb->seq > tp->rcv_nxt) {
		if (kp(tp)->quickack_ofo)	/* 3.x tcp_enter_quickack_mode */
			tcp_incr_quickack(tp);
		tcp_ofo_insert(cpu, tp, skb);
		return true;
	}
	tcp_event_data_recv(cpu, tp, skb);
	tcp_queue_rcv(cpu, tp, skb);
	tcp_ofo_queue(cpu, tp);
	if (tp->num_sacks)
		tcp_sack_remove(tp);
	if (tp->sk.rx_waiter)
		task_wake(tp->sk.rx_waiter);	/* sk_data_ready */
	return tp->ofo.qlen > 0;
}

/* tcp_ecn_accept_cwr, then __tcp_ecn_check_ce: CE on data asks the
 * sender to reduce (ECE on our ACKs until its CWR), ACKed at once. */
static void tcp_ecn_rcv(struct tcp_sock *tp, const struct sk_buff *skb)
{
	if (!(tp->ecn_flags & TCP_ECN_OK))
		return;
	if (skb->tcp_flags & TCPHDR_CWR)
		tp->ecn_flags &= (uint8_t)~TCP_ECN_DEMAND_CWR;
	switch (skb->ecn & INET_ECN_MASK) {
	case INET_ECN_NOT_ECT:	/* after ECT: probably a retransmit */
		if (tp->ecn_flags & TCP_ECN_SEEN)
			tp->quick = MAX(tp->quick, 2u);
		break;
	case INET_ECN_CE:
		tp->ce_received++;
		if (!(tp->ecn_flags & TCP_ECN_DEMAND_CWR)) {
			tp->quick = MAX(tp->quick, 2u);	/* tcp_enter_quickack_mode */
			tp->ecn_flags |= TCP_ECN_DEMAND_CWR;
		}
		tp->ecn_flags |= TCP_ECN_SEEN;
		break;
	default:
		tp->ecn_flags |= TCP_ECN_SEEN;
	}
}

/* tcp_rcv_established: an established socket's segment, after
 * tcp_v4_do_rcv (tcp_ipv4.c), or the listener's ACK that completed its
 * handshake (tcp_rcv_state_process): the ACK, then the data. */
void tcp_rcv_established(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	bool ack_now;

	if (skb->tcp_flags & TCPHDR_SYN) {
		/* a SYN or SYN-ACK again, its answer lost: an ACK
		 * (tcp_send_dupack; a challenge ACK for a SYN) */
		kfree_skb(cpu, skb);
		tcp_send_ack(cpu, tp);
		return;
	}
	/* tcp_replace_ts_recent: only a segment starting at or before rcv_wup
	 * (where our last ACK left the window) may replace ts_recent, and only
	 * with a timestamp not older (tcp_paws_check). Between two ACKs the
	 * echo is therefore the first segment's, RFC 7323 section 4.3. */
	if (skb->seq <= tp->rcv_wup && skb->tsval >= tp->ts_recent)
		tp->ts_recent = skb->tsval;
	if (skb->tcp_flags & TCPHDR_ACK)
		tcp_ack(cpu, tp, skb);
	if (!skb->payload_len) {
		kfree_skb(cpu, skb);
		return;
	}
	if (skb->tsecr) {
		/* tcp_rcv_rtt_measure_ts: in units of the timestamp clock
		 * (jiffies before 4.13, 1 ms after), at least one unit */
		sim_time_t unit = kp(tp)->ts_clock_ms ? PS_PER_MS : tp->host->tick;
		sim_time_t m = cpu_now(cpu) / unit - skb->tsecr / unit;
		sim_time_t r = MAX(m, (sim_time_t)1) * unit;

		tp->rcv_rtt = !tp->rcv_rtt ? r : tp->rcv_rtt + (r - tp->rcv_rtt) / 8;
	}
	tcp_ecn_rcv(tp, skb);
	ack_now = tcp_data_queue(cpu, tp, skb);
	tcp_ack_snd_check(cpu, tp, ack_now);
}

/* tcp_rcv_space_adjust: grow sk_rcvbuf to twice what the application
 * copied in the last RTT, in truesize units. */
/* The buffer a window of `win` bytes of MSS segments needs (rcvmem: one
 * segment's truesize, raised until its window share holds an MSS). */
static int64_t tcp_rcvbuf_for(const struct tcp_sock *tp, uint64_t win)
{
	int64_t rcvmem = tcp_seg_truesize(tp);

	while (win_from_space(tp, rcvmem) < tp->mss)
		rcvmem += 128;
	return MIN((int64_t)MAX(win / tp->mss, 1u) * rcvmem, kp(tp)->tcp_rmem[2]);
}

/* A larger buffer, and the window clamp with it. */
static void tcp_rcvbuf_set(struct tcp_sock *tp, int64_t buf, uint64_t clamp)
{
	if (buf <= tp->rcvbuf)
		return;
	tp->rcvbuf = buf;
	tp->window_clamp = (uint32_t)MIN(clamp, (uint64_t)UINT32_MAX);
}

/*
 * tcp_rcv_space_adjust, once per receiver RTT: what the application read
 * in the last RTT sizes the buffer, per era (enum drs_rule). 3.12: a
 * window of twice that, kept as a maximum; 3.13 and 4.4: twice that plus
 * 16 MSS, times 1.5 or 2 when the rate grew by a quarter or a half; 6.x
 * (tcp_rcvbuf_grow): twice that plus twice its growth, in buffer bytes at
 * the default 50 % len/truesize ratio, data not yet read left out.
 */
void tcp_rcv_space_adjust(struct cpu *cpu, struct tcp_sock *tp)
{
	sim_time_t now = cpu_now(cpu), rtt = MAX(tp->rcv_rtt, (sim_time_t)PS_PER_MS / 10);
	uint64_t copied = tp->copied_seq - tp->rcvq_seq, old = tp->rcvq_space, win;
	int64_t buf;

	if (now - tp->rcvq_time < rtt)
		return;
	if (kp(tp)->drs == DRS_6X)
		copied -= MIN(tp->rcv_nxt - tp->copied_seq, copied);	/* inq */
	if (kp(tp)->drs == DRS_312) {
		win = MAX(old, 2 * copied);
		if (win != old) {
			tp->rcvq_space = win;
			if (!tp->rcvbuf_locked)
				tcp_rcvbuf_set(tp, tcp_rcvbuf_for(tp, win), win);
		}
	} else if (copied > old) {
		tp->rcvq_space = copied;
		if (kp(tp)->drs == DRS_6X) {
			win = 2 * copied;
			win += 2 * (old ? win * (copied - old) / old : 0);
			buf = MIN((int64_t)MIN(2 * win, (uint64_t)INT64_MAX), kp(tp)->tcp_rmem[2]);
			if (!tp->rcvbuf_locked)
				tcp_rcvbuf_set(tp, buf, (uint64_t)win_from_space(tp, buf));
		} else if (!tp->rcvbuf_locked) {
			win = 2 * copied + 16 * tp->mss;
			if (copied >= old + (old >> 1))
				win <<= 1;
			else if (copied >= old + (old >> 2))
				win += win >> 1;
			buf = tcp_rcvbuf_for(tp, win);
			tcp_rcvbuf_set(tp, buf, kp(tp)->drs == DRS_313 ? win :
					(uint64_t)win_from_space(tp, buf));
		}
	}
	tp->rcvq_seq = tp->copied_seq;
	tp->rcvq_time = now;
}

/*
 * tcp_init_buffer_space, as the connection is established: 6.x sizes the
 * send buffer for the initial window (tcp_sndbuf_expand); the receive
 * buffer's start-up boost (tcp_fixup_rcvbuf, before 6.x: room for 2 x 20
 * segments' truesize, four times that from 3.13), window_clamp at most
 * the full space of that buffer (tcp_app_win's reserve ignored), the
 * first autotuning measure.
 */
static void tcp_init_buffer_space(struct tcp_sock *tp, sim_time_t now)
{
	if (!tp->sndbuf_locked && kp(tp)->sndbuf_expand_pow2)
		tcp_sndbuf_expand_pow2(tp);
	if (!tp->rcvbuf_locked && kp(tp)->drs != DRS_6X) {
		int64_t rcvmem = 2 * 2 * TCP_INIT_CWND * tcp_seg_truesize(tp);

		if (kp(tp)->drs != DRS_312)
			rcvmem <<= 2;
		if (tp->rcvbuf < rcvmem)
			tp->rcvbuf = MIN(rcvmem, kp(tp)->tcp_rmem[2]);
	}
	tp->window_clamp = (uint32_t)MIN((int64_t)tp->window_clamp,
					 win_from_space(tp, tp->rcvbuf));
	tp->rcv_ssthresh = MIN(tp->rcv_ssthresh, tp->window_clamp);
	tp->rcvq_space = kp(tp)->drs == DRS_6X ?
			 MIN(tp->rcv_wnd, (uint32_t)TCP_INIT_CWND * tp->mss) : tp->rcv_wnd;
	tp->rcvq_time = now;
}

/* --- the three-way handshake ----------------------------------------- */

/* tcp_parse_options on a SYN or SYN-ACK: what the peer offered, kept
 * where we offer it too. */
static void tcp_parse_syn_options(struct tcp_sock *tp, const struct sk_buff *skb)
{
	tp->mss_clamp = skb->tcp_opts & TCP_OPT_MSS ? skb->tcp_mss : TCP_MSS_DEFAULT;
	tp->tstamp_ok = tp->tstamp_ok && (skb->tcp_opts & TCP_OPT_TS);
	tp->sack_ok = tp->host->tcp_sack && (skb->tcp_opts & TCP_OPT_SACK_PERM);
	tp->wscale_ok = tp->wscale_ok && (skb->tcp_opts & TCP_OPT_WSCALE);
	tp->snd_wscale = tp->wscale_ok ? MIN(skb->tcp_wscale, (uint8_t)TCP_MAX_WSCALE) : 0;
	tp->rcv_nxt = tp->rcv_wup = tp->copied_seq = tp->rcvq_seq = skb->seq + 1;
	tp->ts_recent = skb->tsval;
}

/*
 * Established (tcp_finish_connect, tcp_init_transfer; 3.x
 * tcp_init_metrics): the MSS both may use less the timestamps option
 * (tcp_sync_mss), the buffers, the initial window (one segment after
 * more than one SYN or SYN-ACK retransmission, RFC 6298 5.7), the pacing
 * rate from the first sample, and lsndtime (no restart after idle on the
 * first data). Then the waiting application: connect() or accept().
 */
static void tcp_established(struct cpu *cpu, struct tcp_sock *tp)
{
	sim_time_t now = cpu_now(cpu);

	tp->state = TCP_ESTABLISHED;
	tcp_clear_rto_timer(tp);
	tp->backoff = 0;
	tp->mss = (uint32_t)MIN(tp->advmss, tp->mss_clamp) -
		  (tp->tstamp_ok ? TCPOLEN_TSTAMP_ALIGNED : 0);
	tp->cc.mss = tp->mss;
	tcp_init_buffer_space(tp, now);
	if (tp->syn_retrans > 1)
		tp->cc.snd_cwnd = 1;
	tp->lsndtime = tp->cwnd_stamp = now;
	if (tp->cc.ops->init_established) {	/* tcp_init_congestion_control */
		tcp_cc_sync(tp, now);
		tp->cc.ops->init_established(&tp->cc);
	}
	tcp_update_pacing_rate(tp);
	if (tp->sk.tx_waiter)
		task_wake(tp->sk.tx_waiter);
	if (tp->sk.rx_waiter)
		task_wake(tp->sk.rx_waiter);
}

/* The handshake's RTT sample, by the era's tcp_ack_update_rtt: the time
 * since our SYN or SYN-ACK was sent, unless it was retransmitted (Karn),
 * else the echoed timestamp. The client's comes from the SYN-ACK acking
 * its SYN (tcp_clean_rtx_queue), the listener's from the ACK of its
 * SYN-ACK (tcp_synack_rtt_meas: lsndtime in 3.x, snt_synack later). */
static void tcp_syn_rtt(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *skb)
{
	tp->rtt_seq_sent = tp->syn_retrans ? -1 : tp->syn_stamp;
	tp->rtt_retrans_acked = tp->syn_retrans > 0;
	tp->rtt_sack_sent = -1;
	tcp_ack_update_rtt(tp, cpu_now(cpu), skb, true);
}

/* The listener's SYN (tcp_conn_request): the peer's options, ECN if
 * asked with ECE|CWR on a Not-ECT SYN and net.ipv4.tcp_ecn is not 0
 * (tcp_ecn_create_request), the initial window, the SYN-ACK. */
static void tcp_conn_request(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *syn)
{
	tp->tstamp_ok = tp->wscale_ok = true;
	tcp_parse_syn_options(tp, syn);
	if ((syn->tcp_flags & (TCPHDR_ECE | TCPHDR_CWR)) == (TCPHDR_ECE | TCPHDR_CWR) &&
	    tp->host->tcp_ecn && (syn->ecn & INET_ECN_MASK) == INET_ECN_NOT_ECT)
		tp->ecn_flags = TCP_ECN_OK;
	tcp_select_initial_window(tp, MIN(tp->advmss, tp->mss_clamp) -
				  (tp->tstamp_ok ? TCPOLEN_TSTAMP_ALIGNED : 0));
	tp->state = TCP_SYN_RECV;
	tcp_send_syn(cpu, tp, true);
	tcp_set_rto_timer(cpu, tp);
}

/* tcp_rcv_synsent_state_process: a SYN-ACK for our SYN establishes the
 * connection (its window unscaled; ECN kept only if it echoed ECE
 * without CWR: tcp_ecn_rcv_synack), acknowledged by a pure ACK. */
static void tcp_rcv_synsent(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *skb)
{
	if ((skb->tcp_flags & (TCPHDR_SYN | TCPHDR_ACK)) != (TCPHDR_SYN | TCPHDR_ACK) ||
	    skb->ack_seq != tp->snd_nxt)
		return;	/* Deviation: no RST, no simultaneous open */
	tcp_parse_syn_options(tp, skb);
	if (!tp->wscale_ok) {
		tp->rcv_wscale = 0;
		tp->window_clamp = MIN(tp->window_clamp, 65535u);
	}
	if ((tp->ecn_flags & TCP_ECN_OK) &&
	    (!(skb->tcp_flags & TCPHDR_ECE) || (skb->tcp_flags & TCPHDR_CWR)))
		tp->ecn_flags = 0;
	tp->snd_wnd = tp->max_window = skb->tcp_win;
	tcp_syn_rtt(cpu, tp, skb);
	tcp_established(cpu, tp);
	tcp_send_ack(cpu, tp);
}

/*
 * A segment to a socket not yet established (tcp_rcv_state_process).
 * Returns true if it was consumed; false if it completed the listener's
 * handshake and goes on as an established one's (it may carry data).
 */
bool tcp_rcv_handshake(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	bool syn = skb->tcp_flags & TCPHDR_SYN, ack = skb->tcp_flags & TCPHDR_ACK;

	if (tp->state == TCP_LISTEN && syn && !ack) {
		tcp_conn_request(cpu, tp, skb);
	} else if (tp->state == TCP_SYN_SENT) {
		tcp_rcv_synsent(cpu, tp, skb);
	} else if (tp->state == TCP_SYN_RECV && syn && !ack) {
		tp->syn_retrans++;		/* the SYN again: inet_rtx_syn_ack */
		tcp_send_syn(cpu, tp, true);
	} else if (tp->state == TCP_SYN_RECV && ack && skb->ack_seq == tp->snd_nxt) {
		tcp_syn_rtt(cpu, tp, skb);	/* tcp_synack_rtt_meas */
		tp->snd_wnd = tp->max_window = skb->tcp_win;
		tcp_established(cpu, tp);
		return false;
	}
	kfree_skb(cpu, skb);
	return true;
}
