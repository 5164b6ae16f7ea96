/* SPDX-License-Identifier: MIT */
/*
 * TCP, sender and receiver, per kernel era: the socket (struct tcp_sock)
 * and what the application, the stack and the reports call.
 *
 * Models net/ipv4/tcp.c, tcp_output.c, tcp_input.c, tcp_timer.c,
 * tcp_ipv4.c and tcp_offload.c as read in 3.13.10, 4.4.155 and 6.18.2,
 * each in the file of the same name; each file's contract says what of
 * it is modelled and where it deviates, tcp_internal.h how they layer:
 *  - tcp.c: tcp_sendmsg and its pushes, autocorking, tcp_recvmsg, the
 *    socket lock (lock_sock, release_sock), the socket's set-up, and the
 *    sampling of what limits a flow.
 *  - tcp_output.c: tcp_write_xmit (TSQ, TSO deferral, RFC 2861 and
 *    idle), tcp_transmit_skb, tcp_wfree and the TSQ tasklet,
 *    retransmission, the tail loss probe, ACKs and SYNs sent, the window
 *    offered.
 *  - tcp_input.c: tcp_ack (RTT, SACK, loss marking, recovery, PRR, undo,
 *    congestion control), classic ECN, the receiver (queues, SACK and
 *    D-SACK blocks, quick and delayed ACKs, window growth, tcp_rmem
 *    autotuning), the three-way handshake, RTT sample resolution.
 *  - tcp_timer.c: the RTO, loss-probe, SYN and delayed-ACK timers.
 *  - tcp_ipv4.c: tcp_v4_rcv, the backlog, the socket lookup.
 *  - tcp_offload.c: software GSO (tcp_gso_segment).
 *  - tcp_cong.c, tcp_cubic.c, tcp_bbr.c: congestion control (tcp_cong.h).
 *  - tcp_rate.c: delivery rate sampling (for BBR's cong_control).
 * Leaves out: teardown (FIN, TIME_WAIT: connections last the run),
 * AccECN and DCTCP, Nagle (bulk flows only), memory pressure.
 */
#ifndef NICSIM_HOST_TCP_H
#define NICSIM_HOST_TCP_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/rng.h"
#include "net/core/sock.h"
#include "net/ipv4/tcp_cong.h"
#include "net/ipv4/tcp_formulas.h"

enum tcp_ca_state { TCP_CA_OPEN, TCP_CA_CWR, TCP_CA_RECOVERY, TCP_CA_LOSS };

/* Connection states (include/net/tcp_states.h) the model goes through */
enum tcp_state {
	TCP_ESTABLISHED = 1,
	TCP_SYN_SENT = 2,
	TCP_SYN_RECV = 3,
	TCP_CLOSE = 7,
	TCP_LISTEN = 10,
};

/* tp->ecn_flags (include/net/tcp.h) */
#define TCP_ECN_OK		1
#define TCP_ECN_QUEUE_CWR	2
#define TCP_ECN_DEMAND_CWR	4
#define TCP_ECN_SEEN		8

/* What held a sending flow back, sampled (see tcp_chrono_sample). */
enum tcp_limit {
	TCP_LIM_LINK,		/* the wire busy, frames waiting behind it */
	TCP_LIM_CPU,		/* a CPU on the path had work queued */
	TCP_LIM_TSQ,		/* TSQ throttled, waiting for TX completion */
	TCP_LIM_STOPPED,	/* qdisc or driver queue stopped */
	TCP_LIM_DEFER,		/* TSO deferral: room held back for a bigger skb */
	TCP_LIM_CWND,		/* congestion window full */
	TCP_LIM_RWND,		/* receiver window full */
	TCP_LIM_SNDBUF,		/* application blocked on the send buffer */
	TCP_LIM_APP,		/* nothing to send, application not blocked */
	TCP_LIM_NR
};

extern const char *const tcp_limit_names[TCP_LIM_NR];

struct tcp_sock {
	struct sock	sk;		/* kind SK_TCP; port = local port */
	struct host	*host;
	uint32_t	daddr;
	uint16_t	dport;
	uint8_t		dst_idx;	/* peer host index */
	struct cpu	*cpu;		/* CPU of the owning process */
	/* the connection and what the handshake agreed (tp->rx_opt) */
	enum tcp_state	state;
	bool		tstamp_ok, wscale_ok;
	uint8_t		snd_wscale;	/* the peer's window field is scaled by this */
	uint8_t		rcv_wscale;	/* ours */
	uint16_t	advmss;		/* our MSS option (dst_metric_advmss) */
	uint16_t	mss_clamp;	/* the peer's MSS option */
	sim_time_t	syn_stamp;	/* our SYN or SYN-ACK first sent (snt_synack) */
	uint32_t	syn_retrans;	/* SYN or SYN-ACK retransmissions */
	/* send side */
	uint32_t	mss;
	uint32_t	head_truesize;	/* of a header-only skb (MAX_TCP_HEADER) */
	uint64_t	write_seq, snd_una, snd_nxt;
	uint64_t	pushed_seq;	/* write_seq at the last push mark */
	uint64_t	snd_wnd;	/* peer's window */
	uint64_t	max_window;
	struct skb_queue write_queue;	/* skbs from snd_una to write_seq */
	struct sk_buff	*send_head;	/* first skb not yet sent */
	int64_t		sk_wmem_queued;
	uint32_t	packets_out;
	uint32_t	size_goal;
	uint32_t	tso_deferred;	/* 1 | jiffies << 1 of the first TSO deferral, or 0 */
	bool		xmit_deferred;	/* the last tcp_write_xmit stopped at tcp_tso_should_defer */
	uint64_t	autocorks;	/* LINUX_MIB_TCPAUTOCORKING */
	bool		nospace;	/* SOCK_NOSPACE: a writer waits */
	bool		sndbuf_locked;	/* SO_SNDBUF set by the user */
	struct tcp_cc	cc;
	sim_time_t	srtt, rttvar, rto, min_rtt;	/* as time, derived */
	struct tcp_rtt_est est;		/* estimator state, RTT clock units */
	int		backoff;
	uint32_t	icsk_retransmits;	/* RTOs since data was last ACKed in Loss */
	enum tcp_ca_state ca_state;
	uint8_t		ecn_flags;	/* TCP_ECN_* */
	uint64_t	high_seq;
	int		dupacks;
	/* SACK (RFC 2018) scoreboard: segments SACKed, marked lost, and
	 * retransmitted and not yet acknowledged (tcp_packets_in_flight) */
	bool		sack_ok;
	uint32_t	sacked_out, lost_out, retrans_out;
	uint32_t	reno_sacked;	/* without SACK: duplicate ACKs (Reno's sacked_out) */
	uint64_t	highest_sack;	/* end of the highest SACKed block */
	/* the ACK being processed: send times for its RTT sample
	 * (tcp_ack_update_rtt); -1 for none */
	sim_time_t	rtt_seq_sent;	/* oldest newly acked skb never retransmitted */
	bool		rtt_retrans_acked; /* FLAG_RETRANS_DATA_ACKED */
	sim_time_t	rtt_sack_sent;	/* first newly SACKed skb never retransmitted */
	uint64_t	rtt_sack_seq;
	/* and for the congestion control's sample (pkts_acked) */
	sim_time_t	rtt_ca_sent;	/* newest of those acked (last_ackt) */
	sim_time_t	rtt_sack_last;	/* newest of those SACKed (last_sackt) */
	uint64_t	rtt_sack_last_seq;
	uint32_t	reordering;	/* tp->reordering: the loss threshold */
	uint64_t	reorder_events;
	uint64_t	lost_retrans;	/* retransmissions found lost (TCPLostRetransmit) */
	/* PRR (tcp_cwnd_reduction) */
	uint32_t	prior_cwnd, prr_delivered, prr_out;
	/* undo (tcp_init_undo): where recovery began, retransmissions not yet
	 * reported needless by D-SACK (-1: none sent), the first one's time */
	uint64_t	undo_marker;
	int		undo_retrans;
	uint32_t	prior_ssthresh;
	sim_time_t	retrans_stamp;
	uint64_t	dsacks_in, undos;
	uint64_t	sack_acks;	/* ACKs that carried SACK blocks */
	sim_time_t	lsndtime;	/* last data sent */
	/* EDT (6.x tcp_output.c, since 4.20): the earliest departure time
	 * of the next skb and the clock tcp_mstamp_refresh cached, both in
	 * ns of simulated time; the pacing hrtimer (tcp_pace_kick) and the
	 * CPU that armed it */
	uint64_t	tcp_wstamp_ns, tcp_clock_cache;
	struct sim_event pacing_timer;
	uint64_t	pacing_timer_fires;
	/* delivery rate sampling (tcp_rate.c): segments delivered (SACKed or
	 * acknowledged) and marked lost, the time of the last delivery and
	 * the send time of the newest delivered skb (usec), the
	 * application-limited bubble's end (0: none) and the last sample
	 * kept for reports */
	uint32_t	delivered, lost;
	uint64_t	delivered_mstamp, first_tx_mstamp;
	uint32_t	app_limited;
	uint32_t	rate_delivered, rate_interval_us;
	bool		rate_app_limited;
	struct rate_sample ack_rs;	/* the ACK being processed's sample */
	struct rng	cc_rng;		/* host.H.tcp.P.cc: the congestion control's draws */
	uint32_t	cwnd_used;	/* snd_cwnd_used */
	sim_time_t	cwnd_stamp;	/* snd_cwnd_stamp */
	/* 4.4 on: whether this window was cwnd-limited (tcp_cwnd_validate) */
	bool		is_cwnd_limited;
	uint32_t	max_packets_out;
	uint64_t	cwnd_usage_seq;	/* max_packets_seq in 4.4 */
	uint64_t	cwnd_decays;
	uint64_t	cwnd_restarts;	/* tcp_cwnd_restart: slow start after idle */
	uint64_t	local_drops;	/* segments the local qdisc dropped (each enters CWR) */
	uint64_t	tlp_high_seq;	/* snd_nxt at the last loss probe, 0: none out */
	bool		tlp_armed;	/* the RTO timer is a loss probe (ICSK_TIME_LOSS_PROBE) */
	bool		tlp_retrans;	/* 6.x: the probe was a retransmission */
	bool		ack_dsack;	/* this ACK carried a D-SACK (FLAG_DSACKING_ACK) */
	bool		ack_una_advanced;	/* FLAG_SND_UNA_ADVANCED */
	bool		ack_lost_retrans;	/* FLAG_LOST_RETRANS: a retransmission found lost */
	bool		ack_newly_lost;		/* segments newly marked lost */
	uint64_t	loss_probes, loss_probe_recoveries;
	bool		tsq_throttled, tsq_queued;
	/* lock_sock: the application is inside tcp_sendmsg; softirq work on
	 * the socket is queued (sk_backlog) or deferred (tcp_release_cb) */
	bool		owned;
	bool		tsq_deferred, write_timer_deferred;
	struct skb_queue backlog;
	int64_t		backlog_len;	/* truesize queued (sk_backlog.len) */
	uint64_t	backlogged;	/* segments that waited in the backlog */
	uint64_t	backlog_drops;	/* sk_add_backlog refused (TCPBacklogDrop) */
	struct tcp_sock	*tsq_next;
	struct timer_list rto_timer;
	uint64_t	rto_deadline;	/* icsk_timeout in jiffies; 0 = none */
	/* receive side */
	uint64_t	rcv_nxt, rcv_wup, copied_seq;
	uint32_t	rcv_wnd;	/* last advertised */
	int64_t		rcvbuf;
	bool		rcvbuf_locked;
	struct skb_queue ofo;
	uint64_t	sack_blk[TCP_NUM_SACKS][2];	/* selective_acks, most recent first */
	int		num_sacks;
	bool		dsack;		/* a D-SACK block waits for the next ACK */
	uint64_t	dsack_blk[2];
	uint32_t	quick;		/* quick ACKs left */
	uint32_t	rcv_ssthresh;	/* the window's growth bound (tcp_grow_window) */
	uint32_t	window_clamp;	/* the largest window to offer */
	bool		ato_init;	/* a data segment came (icsk_ack.ato set) */
	sim_time_t	lrcvtime;	/* last data segment received */
	bool		ack_pending;
	struct timer_list delack_timer;
	uint64_t	rcvq_space, rcvq_seq;
	sim_time_t	rcvq_time;
	sim_time_t	ts_recent;	/* tsval to echo */
	sim_time_t	rcv_rtt;	/* receiver's RTT estimate (tcp_rcv_rtt_measure_ts) */
	/* accounting */
	uint64_t	bytes_acked, bytes_received, segs_out, segs_in;
	uint64_t	retrans, fast_retrans, rtos, acks_out, acks_in;
	uint64_t	tsq_throttles;
	int64_t		tsq_wmem;	/* sk_wmem_alloc at the last throttle */
	uint32_t	tsq_limit;	/* and the limit it was over */
	uint64_t	ece_acks, cwr_events, ce_received;	/* ECN */
	sim_time_t	lim_ps[TCP_LIM_NR];
	struct sim_event chrono;
	sim_time_t	chrono_period, chrono_base;
	struct rng	chrono_rng;
	uint64_t	ofo_drops;
};

struct tcp_config {
	const char	*cc;		/* "cubic", "reno" */
	int64_t		sndbuf;		/* SO_SNDBUF, -1 = tcp_wmem autotuning */
	int64_t		rcvbuf;		/* SO_RCVBUF, -1 = tcp_rmem autotuning */
};

/* Both ends of a connection to be, before the run: b listens on its port
 * for a (TCP_LISTEN), a is closed and will connect to it (TCP_CLOSE).
 * Ports and socket hashes come from rng, the owning application's stream. */
void tcp_pair_setup(struct tcp_sock *a, struct host *ha, struct cpu *ca,
		   struct tcp_sock *b, struct host *hb, struct cpu *cb,
		   const struct tcp_config *cfg_a, const struct tcp_config *cfg_b,
		   struct rng *rng);
/* connect(): send the SYN (TCP_SYN_SENT). Established on the SYN-ACK,
 * when tp->sk.tx_waiter (if any) is woken; the listener, once
 * established, wakes its tp->sk.rx_waiter (accept() returns). */
void tcp_connect(struct cpu *cpu, struct tcp_sock *tp);
void tcp_sock_free(struct tcp_sock *tp);

/*
 * tcp_sendmsg, one step: queue up to `len` bytes (copying them unless
 * `sendfile`), at most one skb's worth per call so that a long write is a
 * series of short work items. Returns bytes queued; 0 means the send
 * buffer is full (the caller sleeps: tp->sk.tx_waiter is woken by
 * sk_stream_write_space).
 */
uint32_t tcp_sendmsg_step(struct cpu *cpu, struct tcp_sock *tp, uint32_t len,
			  bool sendfile);
/* tcp_push at the end of a write */
void tcp_push(struct cpu *cpu, struct tcp_sock *tp);
/* sk_stream_memory_free: sk_wmem_queued < sk_sndbuf; sk_stream_wait_memory
 * tests it again after release_sock (sk_wait_event) before it sleeps */
bool sk_stream_memory_free(const struct tcp_sock *tp);
/* lock_sock / release_sock around tcp_sendmsg: release_sock processes the
 * backlog and the deferred TSQ and write-timer work on the caller's CPU. */
void lock_sock(struct tcp_sock *tp);
void release_sock(struct cpu *cpu, struct tcp_sock *tp);
/* tcp_recvmsg: consume up to len bytes; returns bytes (0: sleep on rx). */
uint32_t tcp_recvmsg(struct cpu *cpu, struct tcp_sock *tp, uint32_t len);

/* Hooks from the stack */
void tcp_v4_rcv(struct cpu *cpu, struct sk_buff *skb);
void tcp_wfree(struct cpu *cpu, struct sk_buff *skb);
void tcp_tasklet_func(struct cpu *cpu);
/* Software GSO before a driver without TSO: returns a list (via ->next). */
struct sk_buff *tcp_gso_segment(struct cpu *cpu, struct sk_buff *skb);
/* tcp_write_xmit's TSO deferral test for the send head skb of more than
 * one segment, by the profile's rule; sets *cwnd_limited when a 4.4 or
 * 6.x deferral is the window's doing. */
bool tcp_tso_should_defer(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *skb,
			  uint32_t in_flight, bool *cwnd_limited);
/* 4.4 and 6.x: tcp_cwnd_validate's record of a send (is_cwnd_limited:
 * the window stopped it), and tcp_is_cwnd_limited from that record. */
void tcp_track_cwnd_usage(struct tcp_sock *tp, bool is_cwnd_limited);
bool tcp_is_cwnd_limited_4x(const struct tcp_sock *tp);

/* --check: packets_out and the SACK scoreboard agree with the write
 * queue's marks; -1 with what does not. */
int tcp_check(struct sock *sk, char *msg, size_t len);

/* Start sampling what limits this (sending) flow. */
void tcp_chrono_start(struct tcp_sock *tp, sim_time_t period);

#endif
