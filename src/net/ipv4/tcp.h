/* SPDX-License-Identifier: MIT */
/*
 * TCP, sender and receiver, per kernel era.
 *
 * Models (net/ipv4/tcp.c, tcp_output.c, tcp_input.c, tcp_timer.c,
 * tcp_offload.c as read in 3.13.10, 4.4.155 and 6.18.2):
 *  - tcp_sendmsg: copy into write-queue skbs of up to the era's size goal
 *    (tcp_xmit_size_goal / tcp_tso_autosize), charged to sk_wmem_queued;
 *    sk_stream_memory_free (sk_wmem_queued < sk_sndbuf) or sleep until
 *    sk_stream_write_space (a third of the buffer free); tcp_wmem send
 *    buffer autotuning (tcp_new_space: 2 * max(cwnd, reordering+1) *
 *    SKB_TRUESIZE(mss + MAX_TCP_HEADER), up to tcp_wmem[2]); sendfile
 *    (do_tcp_sendpages) without the copy.
 *  - tcp_write_xmit: cwnd test, receive-window test, TSQ per era
 *    (tcp_formulas.c), splitting to the cwnd/window quota (tso_fragment),
 *    tcp_transmit_skb: a clone charged to sk_wmem_alloc with tcp_wfree.
 *  - GSO for a device without TSO (dev_hard_start_xmit / tcp_gso_segment):
 *    segments of gso_size each; from 3.12 each segment carries tcp_wfree
 *    and its own truesize (copy_destructor), before that the GSO skb is
 *    freed once its segments are handed to the driver.
 *  - tcp_wfree: uncharge; if TSQ throttled, queue the socket on this
 *    CPU's TSQ list and raise TASKLET_SOFTIRQ (tcp_tasklet_func ->
 *    tcp_write_xmit), so refill happens on the CPU that freed. 6.x
 *    (6.18.2 tcp_wfree): not from ksoftirqd while sk_wmem_alloc is at
 *    least SKB_TRUESIZE(1), so a stressed CPU refills in batches.
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
 *    (__tcp_ack_snd_check), the delayed-ACK timer (TCP_DELACK_MIN = HZ/25),
 *    a window update when the application frees space (tcp_cleanup_rbuf),
 *    receive window = free space >> tcp_adv_win_scale, tcp_rmem
 *    autotuning per RTT per era (tcp_rcv_space_adjust: 3.12's 2 x copied,
 *    3.13/4.4's 2 x copied + 16 MSS scaled by the rate's growth, 6.x's
 *    tcp_rcvbuf_grow) from the start-up buffer (tcp_fixup_rcvbuf: 40
 *    segments' truesize, x4 in 3.13 and 4.4, none in 6.x).
 *  - classic ECN (RFC 3168; tcp_ecn_send, tcp_ecn_check_ce,
 *    tcp_ecn_accept_cwr, tcp_enter_cwr): negotiated at connect when the
 *    connecting host's tcp_ecn is 1 and the other's is not 0; new data
 *    is ECT(0), ACKs and retransmits Not-ECT; CE makes the receiver echo
 *    ECE (and ACK at once) until a CWR arrives; ECE puts the sender in
 *    CWR once per window (ssthresh from the congestion control, cwnd
 *    brought down to it by PRR), held until something above high_seq is
 *    ACKed.
 *  - whether the window limits the flow (tcp_is_cwnd_limited, which
 *    gates cwnd growth): 3.x tests what was in flight before each ACK;
 *    4.4 and 6.x use what tcp_cwnd_validate recorded for the window when
 *    sending (is_cwnd_limited, max_packets_out), in slow start also a
 *    cwnd below twice the most packets out.
 *  - TSO deferral (tcp_tso_should_defer) for multi-segment skbs, GSO
 *    included (3.10.99, 3.12.0, 3.13.0, 4.4.155, 6.18.2 read): wait for a
 *    third of the window; 3.x at most into the jiffy after the first
 *    wait, 4.4 and 6.x only right after a send and while the next ACK is
 *    due within half an srtt (6.x: and 1 ms).
 *  - tcp_sendmsg's pushes (3.x to 6.x alike): once an skb reaches the
 *    size goal with more to write, forced_push (more than half the
 *    peer's largest window written since the last push mark) sends what
 *    it may, else a full send head goes alone (tcp_push_one: one skb, no
 *    TSO deferral); the end of a write marks the push point (tcp_push).
 *  - the tail loss probe (3.10 on, tcp_early_retrans 3): with an RTO
 *    pending, a probe about two srtt ahead (3.x: in Open, cwnd-limited
 *    or with nothing to send, at least 10 ms; 6.x: in Open or CWR)
 *    sends new data or the last segment again; an ACK past it without a
 *    D-SACK means it repaired a loss, and cwnd drops to a new ssthresh
 *    (tcp_schedule_loss_probe, tcp_send_loss_probe, tcp_process_tlp_ack).
 *  - autocorking (3.14+, tcp_should_autocork in tcp_push: 4.4's rule, the
 *    tail is not the write queue's head, and 6.x's, the retransmit queue
 *    is not empty), net.ipv4.tcp_autocorking.
 *  - RFC 2861 and idle (tcp_cwnd_validate, tcp_cwnd_application_limited,
 *    tcp_cwnd_restart): an unused window decays once an RTO passes with
 *    no ACK it may grow on; a sender idle for more than an RTO restarts
 *    with its window halved per RTO of idle, down to IW10 (3.x as a data
 *    skb is sent, 4.4 and 6.x as tcp_sendmsg queues one); both follow
 *    net.ipv4.tcp_slow_start_after_idle.
 *  - the three-way handshake (tcp_v4_connect, tcp_connect,
 *    tcp_conn_request, tcp_rcv_synsent_state_process, tcp_rcv_state_process
 *    in SYN_RECV; 3.12.0, 4.4.155, 6.18.2): the connecting side's SYN and
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
 * Leaves out: teardown (FIN, TIME_WAIT: connections last the run),
 * AccECN and DCTCP, Nagle (bulk flows only), memory pressure.
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
 *  - the socket lock (net/core/sock.c lock_sock, release_sock,
 *    __release_sock; tcp_v4_rcv's sk_add_backlog; tcp_release_cb): a
 *    sender owns its socket from the first step of a write()/sendfile()
 *    until it returns or sleeps for buffer space; meanwhile segments that
 *    arrive in softirq wait in the backlog (at most sk_rcvbuf + sk_sndbuf
 *    of truesize, else dropped), and the TSQ handler and the RTO timer
 *    only set a deferred flag; release_sock runs all of it on the
 *    sender's CPU, in process context. Deviation: the receiver's
 *    tcp_recvmsg does not take the lock, and the delayed-ACK timer is
 *    never deferred.
 * RTT samples are whole jiffies (at least one) before 3.15, as
 * tcp_time_stamp was; the era's formulas receive srtt and convert it to
 * their own units (jiffies<<3 in 3.x, usec later); from 3.15 a sample
 * that only an echoed timestamp gives keeps the TS clock's resolution
 * (4.4: whole jiffies, 0 within one; 6.x: whole ms, at least one). The receiver's RTT (which paces tcp_rmem autotuning) is measured
 * in timestamp-clock units as the kernel does: jiffies before 4.13, so at
 * least 4 ms on a HZ=250 receiver.
 * Deviation: 6.x TCP-internal pacing (EDT) does not delay packets; the
 * pacing rate only sizes TSQ and GSO.
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
	uint64_t	pacing_rate;
	sim_time_t	lsndtime;	/* last data sent */
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
