// SPDX-License-Identifier: MIT
/* TCP: see tcp.h for the contract and the kernel sources it follows. */
#include <stdio.h>
#include <string.h>
#include "net/ipv4/tcp.h"
#include "kernel/host.h"
#include "kernel/sched/sched.h"
#include "hw/link/eth.h"
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

const char *const tcp_limit_names[TCP_LIM_NR] = {
	"link", "cpu", "tsq", "stopped", "defer", "cwnd", "rwnd", "sndbuf", "app",
};

static struct tcp_sock *tcp_sk(struct sock *sk)
{
	return container_of(sk, struct tcp_sock, sk);
}

static const struct kprofile *kp(const struct tcp_sock *tp)
{
	return tp->host->kp;
}

static const struct cpu_costs *cost(const struct tcp_sock *tp)
{
	return &tp->host->plat->cost;
}

/* skb->truesize of a write-queue skb head: sk_stream_alloc_skb(0) */
static uint32_t head_truesize(const struct tcp_sock *tp)
{
	return tp->head_truesize;
}

static uint32_t payload(const struct sk_buff *skb)
{
	return (uint32_t)(skb->end_seq - skb->seq);
}

/* --- windows and buffers ------------------------------------------ */

/* SKB_TRUESIZE(mss + MAX_TCP_HEADER): one full segment's buffer, the unit
 * of the send and receive buffer sizing rules. */
static int64_t tcp_seg_truesize(const struct tcp_sock *tp)
{
	return skb_truesize_macro(tp->host->plat,
				  tp->mss + (uint32_t)tp->host->plat->max_tcp_header);
}

static int64_t win_from_space(const struct tcp_sock *tp, int64_t space)
{
	int s = kp(tp)->tcp_adv_win_scale;

	return s <= 0 ? space >> -s : space - (space >> s);
}

/* tcp_space, tcp_full_space: the window the free and the whole buffer give */
static int64_t tcp_space(const struct tcp_sock *tp)
{
	return win_from_space(tp, MAX(tp->rcvbuf - tp->sk.sk_rmem_alloc, 0));
}

/* ALIGN(win, 1 << rcv_wscale): a window the scaled field can carry whole */
static int64_t tcp_wscale_align(const struct tcp_sock *tp, int64_t win)
{
	int64_t unit = (int64_t)1 << tp->rcv_wscale;

	return (win + unit - 1) & ~(unit - 1);
}

/* __tcp_select_window and tcp_select_window's never-shrink rule: the free
 * space, at most rcv_ssthresh, rounded up to the window scale's unit (a
 * window never scaled is not rounded: Linux rounds it down to the MSS);
 * less than half the full space free ends quick-ACK mode. */
static uint32_t tcp_select_window(struct tcp_sock *tp)
{
	int64_t full = MIN((int64_t)tp->window_clamp, win_from_space(tp, tp->rcvbuf));
	int64_t win = tcp_space(tp);
	int64_t cur = (int64_t)(tp->rcv_wup + tp->rcv_wnd) - (int64_t)tp->rcv_nxt;

	if (win < full / 2)
		tp->quick = 0;
	win = tcp_wscale_align(tp, MIN(win, (int64_t)tp->rcv_ssthresh));

	if (win < cur)	/* never shrink the offered window */
		win = tcp_wscale_align(tp, cur);
	return (uint32_t)MIN(win, (int64_t)UINT32_MAX);
}

/* The window a segment carries: at most what the 16-bit field scaled by
 * rcv_wscale holds (tcp_select_window). */
static uint32_t tcp_win_field(const struct tcp_sock *tp, uint32_t win)
{
	return MIN(win, (uint32_t)65535 << tp->rcv_wscale);
}

bool sk_stream_memory_free(const struct tcp_sock *tp)
{
	return tp->sk_wmem_queued < tp->sk.sk_sndbuf;
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
static uint32_t tcp_in_flight(const struct tcp_sock *tp);

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

/* --- output --------------------------------------------------------- */

static void tcp_update_size_goal(struct tcp_sock *tp)
{
	/* tcp_tso_autosize of 3.19-5.x subtracts MAX_TCP_HEADER, the others
	 * the TCP/IP header length */
	uint32_t hlen = kp(tp)->gso_mode == GSO_TSO_AUTOSIZE_NORTT ?
			(uint32_t)tp->host->plat->max_tcp_header : TCP_HDRS - ETH_HLEN;

	tp->size_goal = tcp_size_goal(kp(tp)->gso_mode, tp->mss, tp->pacing_rate,
				      (uint32_t)MIN(tp->max_window, (uint64_t)UINT32_MAX),
				      GSO_MAX_SIZE, hlen, 65535, tp->min_rtt,
				      kp(tp)->pacing_shift);
	tp->size_goal = tcp_size_goal_tsq_cap(kp(tp)->tsq_mode, tp->size_goal, tp->mss,
					      kp(tp)->tcp_limit_output_bytes);
}

static void tcp_update_pacing_rate(struct tcp_sock *tp)
{
	/* the era's formula on the estimator's own srtt8 (jiffies or usec << 3) */
	tp->pacing_rate = kp(tp)->pacing_mode == PACING_NONE ? UINT64_MAX :
		tcp_pacing_rate_raw(kp(tp)->pacing_mode, tp->mss, tp->cc.snd_cwnd,
				    tp->packets_out, tp->cc.snd_ssthresh,
				    (uint32_t)MIN(tp->est.srtt8, (int64_t)UINT32_MAX), tp->host->hz, NULL);
	tcp_update_size_goal(tp);
}

/*
 * inet_csk_reset_xmit_timer: the deadline moves with every ACK. The
 * timer_list is re-armed only when the deadline comes earlier; a timer
 * that fires before the deadline re-arms itself, as tcp_write_timer does
 * when icsk_timeout is still ahead.
 */
/* icsk_rto in jiffies: the estimator's RTO doubled per backoff
 * (inet_csk_rto_backoff: at most TCP_RTO_MAX, tested before shifting). */
static uint64_t tcp_icsk_rto_jiffies(const struct tcp_sock *tp)
{
	sim_time_t rto = tp->backoff >= 32 || tp->rto > (TCP_RTO_MAX >> tp->backoff) ?
			 TCP_RTO_MAX : tp->rto << tp->backoff;

	return (uint64_t)DIV_ROUND_UP(rto, tp->host->tick);
}

static void tcp_set_rto_timer(struct cpu *cpu, struct tcp_sock *tp)
{
	/* Deviation: Linux gives up after tcp_retries2 timeouts
	 * (ETIMEDOUT); the model keeps retrying at TCP_RTO_MAX. */
	uint64_t j = tcp_icsk_rto_jiffies(tp);

	tp->rto_deadline = cpu_jiffies(cpu) + MAX(j, 1u);
	tp->tlp_armed = false;	/* ICSK_TIME_RETRANS */
	if (!tp->rto_timer.pending || tp->rto_timer.expires > tp->rto_deadline)
		mod_timer(cpu, &tp->rto_timer, tp->rto_deadline);
}

static void tcp_clear_rto_timer(struct tcp_sock *tp)
{
	tp->rto_deadline = 0;	/* the pending timer finds nothing to do */
	tp->tlp_armed = false;
}

static void fill_tcp_header(struct tcp_sock *tp, struct sk_buff *c, struct cpu *cpu)
{
	c->protocol = ETH_P_IP;
	c->ip_proto = IPPROTO_TCP_;
	c->daddr = tp->daddr;
	c->sport = tp->sk.port;
	c->dport = tp->dport;
	c->ack_seq = tp->rcv_nxt;
	c->tcp_flags = TCPHDR_ACK;
	c->tcp_wscale = tp->rcv_wscale;
	c->tsval = cpu_now(cpu);
	c->tsecr = tp->ts_recent;
	if ((tp->ecn_flags & TCP_ECN_OK) && (tp->ecn_flags & TCP_ECN_DEMAND_CWR))
		c->tcp_flags |= TCPHDR_ECE;	/* tcp_ecn_send */
}

/* tcp_ecn_send: new data is ECT(0) and carries a queued CWR; ACKs and
 * retransmits are Not-ECT. "New" is seq >= snd_nxt, as in the kernel.
 * Deviation: after an RTO the model's go-back-N rewinds snd_nxt, so the
 * resent data counts as new and goes out ECT(0). */
static void tcp_ecn_send(struct tcp_sock *tp, struct sk_buff *c, bool new_data)
{
	if (!(tp->ecn_flags & TCP_ECN_OK))
		return;
	if (!new_data) {
		c->ecn = INET_ECN_NOT_ECT;
		return;
	}
	c->ecn = INET_ECN_ECT_0;
	if (tp->ecn_flags & TCP_ECN_QUEUE_CWR) {
		tp->ecn_flags &= (uint8_t)~TCP_ECN_QUEUE_CWR;
		c->tcp_flags |= TCPHDR_CWR;
	}
}

static void tcp_charge_owner(struct tcp_sock *tp, struct sk_buff *c)
{
	skb_set_owner_w(c, &tp->sk);
	if (kp(tp)->tsq_mode != TSQ_NONE)
		c->destructor = tcp_wfree;
}

/* After sending anything that carries our ACK: no delayed ACK pending. */
static void tcp_event_ack_sent(struct cpu *cpu, struct tcp_sock *tp, uint32_t win)
{
	if (tp->quick)		/* tcp_dec_quickack_mode */
		tp->quick--;
	tp->ack_pending = false;
	del_timer(cpu, &tp->delack_timer);
	tp->rcv_wup = tp->rcv_nxt;
	tp->rcv_wnd = win;
}

/* tcp_transmit_skb: a clone of a write-queue skb to IP. */
static void tcp_enter_cwr(struct cpu *cpu, struct tcp_sock *tp);

/* The end of tcp_transmit_skb, data or ACK: a segment the local qdisc
 * dropped (NET_XMIT_DROP, or fq_codel's _CN) puts the socket in CWR. */
static void tcp_queue_xmit(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *c)
{
	int err = ERR_OK;

	ip_send_skb(cpu, c, &err);
	if (err != ERR_OK) {
		tp->local_drops++;
		tcp_enter_cwr(cpu, tp);
	}
}

static void tcp_transmit_skb(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	struct sk_buff *c = skb_pool_get(tp->host->pool);
	uint32_t len = payload(skb), win = tcp_select_window(tp);

	cpu_charge(cpu, COST_tcp_xmit_skb, cost(tp)->tcp_xmit_skb);
	fill_tcp_header(tp, c, cpu);
	c->seq = skb->seq;
	c->end_seq = skb->end_seq;
	c->tcp_flags |= TCPHDR_PSH;
	c->tcp_win = tcp_win_field(tp, win);
	c->len = TCP_HDRS + len;
	c->payload_len = len;
	c->gso_size = (uint16_t)tp->mss;
	c->gso_segs = (uint16_t)DIV_ROUND_UP(len, tp->mss);
	c->ooo_okay = !tp->packets_out;	/* may move to another TX queue */
	c->nr_frags = (uint8_t)(len ? (skb->end_seq - 1) / TCP_PAGE_FRAG - skb->seq / TCP_PAGE_FRAG + 1 : 0);
	c->truesize = skb->truesize;
	c->t[SKB_T_ALLOC] = cpu_now(cpu);
	tcp_ecn_send(tp, c, len && skb->seq >= tp->snd_nxt);
	tcp_charge_owner(tp, c);
	skb->pcount = c->gso_segs;
	skb->tsval = c->tsval;
	tp->segs_out += c->gso_segs;
	tcp_event_ack_sent(cpu, tp, win);
	tcp_queue_xmit(cpu, tp, c);
}

/* tso_fragment: split skb so that it carries `len` bytes. */
static void tso_fragment(struct tcp_sock *tp, struct sk_buff *skb, uint32_t len)
{
	struct sk_buff *n = skb_pool_get(tp->host->pool);
	uint32_t moved = payload(skb) - len;

	n->seq = skb->seq + len;
	n->end_seq = skb->end_seq;
	skb->end_seq = n->seq;
	n->truesize = head_truesize(tp) + moved;
	skb->truesize -= moved;
	tp->sk_wmem_queued += head_truesize(tp);
	/* insert after skb */
	n->prev = skb;
	n->next = skb->next;
	if (skb->next)
		skb->next->prev = n;
	else
		tp->write_queue.tail = n;
	skb->next = n;
	tp->write_queue.qlen++;
}

#define TCPCB_SACKED_ACKED	0x01
#define TCPCB_SACKED_RETRANS	0x02
#define TCPCB_LOST		0x04
#define TCPCB_EVER_RETRANS	0x08

/* tcp_packets_in_flight: sent, minus what SACK or loss marking says left
 * the network, plus retransmissions */
static uint32_t tcp_in_flight(const struct tcp_sock *tp)
{
	return tp->packets_out - (tp->sacked_out + tp->reno_sacked + tp->lost_out) +
	       tp->retrans_out;
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

/* A retransmission: undo_retrans and retrans_stamp (tcp_retransmit_skb) */
static void tcp_undo_count_retrans(struct cpu *cpu, struct tcp_sock *tp, uint32_t segs)
{
	if (tp->undo_retrans < 0)
		tp->undo_retrans = 0;
	tp->undo_retrans += (int)segs;
	if (!tp->retrans_stamp)
		tp->retrans_stamp = cpu_now(cpu);
}

/* prr_out: segments sent while the window is being reduced */
static inline void tcp_prr_sent(struct tcp_sock *tp, uint32_t segs)
{
	if (tp->ca_state == TCP_CA_CWR || tp->ca_state == TCP_CA_RECOVERY)
		tp->prr_out += segs;
}

/* tcp_fragment of a sent skb: both parts keep its marks, and its segment
 * count splits by their lengths. */
static void tcp_fragment_sent(struct tcp_sock *tp, struct sk_buff *skb, uint32_t len)
{
	uint32_t pcount = skb->pcount, first = DIV_ROUND_UP(len, tp->mss);

	tso_fragment(tp, skb, len);
	if (pcount <= first)	/* a short last segment */
		first = pcount > 1 ? pcount - 1 : 1;
	skb->pcount = first;
	skb->next->pcount = pcount - first;
	skb->next->sacked = skb->sacked;
	skb->next->tsval = skb->tsval;
	skb->next->ack_seq = skb->ack_seq;	/* snd_nxt when retransmitted */
}

/* 6.x tcp_rtx_queue_empty_or_single_skb */
static bool rtx_empty_or_single(const struct tcp_sock *tp)
{
	const struct sk_buff *h = tp->write_queue.head;

	return h == tp->send_head || (h && h->next == tp->send_head);
}

static bool tcp_tsq_check(struct tcp_sock *tp, const struct sk_buff *skb)
{
	uint32_t limit = tcp_tsq_limit(kp(tp)->tsq_mode, tp->pacing_rate, skb->truesize,
				       kp(tp)->tcp_limit_output_bytes, kp(tp)->pacing_shift, 0);

	if (!tcp_tsq_throttled(kp(tp)->tsq_mode, tp->sk.sk_wmem_alloc, limit,
			       rtx_empty_or_single(tp)))
		return false;
	if (!tp->tsq_throttled)
		tp->tsq_throttles++;
	tp->tsq_throttled = true;
	tp->tsq_wmem = tp->sk.sk_wmem_alloc;
	tp->tsq_limit = limit;
	return true;
}

/*
 * tcp_is_cwnd_limited, 4.4 and 6.x (include/net/tcp.h, 4.4.155 and
 * 6.18.2): the window tcp_cwnd_validate last found cwnd-limited, or in
 * slow start a cwnd below twice the most packets out in it. 4.4 tests slow
 * start first, 6.x the flag first.
 */
bool tcp_is_cwnd_limited_4x(const struct tcp_sock *tp)
{
	bool ss = tp->cc.snd_cwnd < tp->cc.snd_ssthresh;

	if (tp->is_cwnd_limited && (!ss || kp(tp)->cwnd_limited_v6))
		return true;
	if (ss)
		return tp->cc.snd_cwnd < 2 * tp->max_packets_out;
	return false;
}

/*
 * 4.4 and 6.x tcp_cwnd_validate, first half: a new window (snd_una past
 * the snd_nxt of the last update), or more packets out than the window's
 * maximum, records whether this send was cwnd-limited; 6.x also records
 * every cwnd-limited send and stops counting packets once cwnd-limited.
 */
void tcp_track_cwnd_usage(struct tcp_sock *tp, bool is_cwnd_limited)
{
	bool v6 = kp(tp)->cwnd_limited_v6;

	if (tp->snd_una >= tp->cwnd_usage_seq ||
	    (v6 ? is_cwnd_limited || (!tp->is_cwnd_limited &&
				      tp->packets_out > tp->max_packets_out)
		: tp->packets_out > tp->max_packets_out)) {
		tp->is_cwnd_limited = is_cwnd_limited;
		tp->max_packets_out = tp->packets_out;
		tp->cwnd_usage_seq = tp->snd_nxt;
	}
}

/* tcp_current_ssthresh: during a reduction ssthresh, else at least 3/4
 * of cwnd. */
static uint32_t tcp_current_ssthresh(const struct tcp_sock *tp)
{
	uint32_t cwnd = tp->cc.snd_cwnd;

	if (tp->ca_state == TCP_CA_CWR || tp->ca_state == TCP_CA_RECOVERY)
		return tp->cc.snd_ssthresh;
	return MAX(tp->cc.snd_ssthresh, (cwnd >> 1) + (cwnd >> 2));
}

/*
 * Slow start after idle (3.12.0 tcp_event_data_sent, 4.4.155 and 6.18.2
 * tcp_slow_start_after_idle_check, tcp_cwnd_restart): nothing in flight
 * and no data sent for more than an RTO (jiffies): ssthresh keeps 3/4 of
 * the window, which halves once per RTO of idle beyond the first, down to
 * the initial window. CUBIC and Reno do nothing on CA_EVENT_CWND_RESTART.
 */
static void tcp_slow_start_after_idle_check(struct cpu *cpu, struct tcp_sock *tp)
{
	sim_time_t now = cpu_now(cpu);
	int64_t rto = (int64_t)tcp_icsk_rto_jiffies(tp);
	int64_t delta = now / tp->host->tick - tp->lsndtime / tp->host->tick;
	uint32_t cwnd = tp->cc.snd_cwnd, restart = MIN((uint32_t)TCP_INIT_CWND, cwnd);

	if (!tp->host->tcp_slow_start_after_idle || tp->packets_out || delta <= rto)
		return;
	tp->cc.snd_ssthresh = tcp_current_ssthresh(tp);
	while ((delta -= rto) > 0 && cwnd > restart)
		cwnd >>= 1;
	tp->cc.snd_cwnd = MAX(cwnd, restart);
	tp->cwnd_stamp = now;
	tp->cwnd_used = 0;
	tp->cwnd_restarts++;
}

/*
 * tcp_cwnd_validate / tcp_cwnd_application_limited (RFC 2861): a window
 * not filled, and not grown on by any ACK (tcp_cong_avoid stamps it), for
 * an RTO, while the application did not wait for buffer space, decays to
 * the mean of itself and what was used. "Filled": 3.x packets_out >=
 * cwnd; 4.4 on tcp_is_cwnd_limited.
 */
static void tcp_cwnd_validate(struct cpu *cpu, struct tcp_sock *tp, bool is_cwnd_limited)
{
	sim_time_t now = cpu_now(cpu);
	bool full;

	if (kp(tp)->rtt_usec) {
		tcp_track_cwnd_usage(tp, is_cwnd_limited);
		full = tcp_is_cwnd_limited_4x(tp);
	} else {
		full = tp->packets_out >= tp->cc.snd_cwnd;
	}
	if (full) {
		tp->cwnd_used = 0;
		tp->cwnd_stamp = now;
		return;
	}
	if (tp->packets_out > tp->cwnd_used)
		tp->cwnd_used = tp->packets_out;
	if (!tp->host->tcp_slow_start_after_idle ||
	    now / tp->host->tick - tp->cwnd_stamp / tp->host->tick <
	    (int64_t)tcp_icsk_rto_jiffies(tp))
		return;
	if (tp->ca_state == TCP_CA_OPEN && !tp->nospace) {
		uint32_t used = MAX(tp->cwnd_used, (uint32_t)TCP_INIT_CWND);

		if (used < tp->cc.snd_cwnd) {
			tp->cc.snd_ssthresh = tcp_current_ssthresh(tp);
			tp->cc.snd_cwnd = (tp->cc.snd_cwnd + used) >> 1;
			tp->cwnd_decays++;
		}
		tp->cwnd_used = 0;
	}
	tp->cwnd_stamp = now;
}

static void tcp_xmit_retransmit_queue(struct cpu *cpu, struct tcp_sock *tp);
static void tcp_retransmit_syn(struct cpu *cpu, struct tcp_sock *tp);
static bool tcp_rcv_handshake(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb);

/* tcp_tso_should_defer's first test per era: may it defer at all now? */
static bool tso_defer_allowed(struct cpu *cpu, struct tcp_sock *tp, int rule)
{
	sim_time_t now = cpu_now(cpu);
	uint32_t jiffies;

	if (rule == TSO_DEFER_3X) {
		if (tp->ca_state != TCP_CA_OPEN)
			return false;
		if (!tp->tso_deferred)
			return true;
		/* at most into the jiffy after the first deferral */
		jiffies = (uint32_t)cpu_jiffies(cpu);
		return ((jiffies << 1) >> 1) - (tp->tso_deferred >> 1) <= 1;
	}
	if (tp->ca_state >= TCP_CA_RECOVERY)
		return false;
	/* only right after the last send: in its jiffy (4.4,
	 * tcp_time_stamp - lsndtime), within 1 ms (6.x, tcp_wstamp_ns) */
	if (rule == TSO_DEFER_44)
		return now / tp->host->tick <= tp->lsndtime / tp->host->tick;
	return now - tp->lsndtime <= PS_PER_MS;
}

/* 4.4 and 6.x: defer only if the next ACK is due soon, judged from the
 * oldest unacknowledged skb's send time and srtt. */
static bool tso_defer_ack_due(struct cpu *cpu, const struct tcp_sock *tp, int rule)
{
	const struct sk_buff *head = tp->write_queue.head;
	sim_time_t now = cpu_now(cpu);

	if (rule == TSO_DEFER_44)	/* age < srtt_us >> 4: half srtt */
		return now - head->tsval >= tp->srtt / 2;
	if (!tp->packets_out)		/* tcp_rtx_queue_head: none */
		return false;
	/* the ACK expected at send time + srtt, at most min(srtt/2, 1 ms) away */
	return head->tsval + tp->srtt - now <= MIN(tp->srtt / 2, (sim_time_t)PS_PER_MS);
}

/*
 * tcp_tso_should_defer (3.10.99, 3.12.0 and 3.13.0 alike; 4.4.155;
 * 6.18.2), for the send head skb of more than one segment: hold it back
 * while the room the congestion and receive windows leave is below a
 * full-sized skb (3.x: the size goal, at most 64 KB; later
 * tcp_tso_autosize's, which is the size goal here), the skb could still
 * grow or is longer than the room, and the room is under a third of the
 * window (tcp_tso_win_divisor 3); the era's timing tests
 * (tso_defer_allowed, tso_defer_ack_due) come on top. From 4.4 a deferral
 * the window forces counts as cwnd-limited (*cwnd_limited).
 */
bool tcp_tso_should_defer(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *skb,
			  uint32_t in_flight, bool *cwnd_limited)
{
	int rule = kp(tp)->tso_defer;
	uint64_t send_win, cong_win, limit, chunk, full;

	if (rule == TSO_DEFER_NONE || !tso_defer_allowed(cpu, tp, rule))
		goto send_now;
	send_win = tp->snd_una + tp->snd_wnd - skb->seq;
	cong_win = (uint64_t)(tp->cc.snd_cwnd - in_flight) * tp->mss;
	limit = MIN(send_win, cong_win);
	full = (uint64_t)(tp->size_goal / tp->mss) * tp->mss;
	if (rule == TSO_DEFER_3X)	/* min(sk_gso_max_size, xmit_size_goal_segs * mss) */
		full = MIN((uint64_t)GSO_MAX_SIZE, full);
	if (limit >= full)
		goto send_now;
	if (skb != tp->write_queue.tail && limit >= payload(skb))
		goto send_now;
	chunk = MIN((uint64_t)tp->snd_wnd, (uint64_t)tp->cc.snd_cwnd * tp->mss) / 3;
	if (limit >= chunk)
		goto send_now;
	if (rule == TSO_DEFER_3X) {
		if (!tp->tso_deferred)
			tp->tso_deferred = 1 | ((uint32_t)cpu_jiffies(cpu) << 1);
		return true;
	}
	if (!tso_defer_ack_due(cpu, tp, rule))
		goto send_now;
	if (cong_win < send_win && cong_win <= payload(skb))
		*cwnd_limited = true;
	return true;
send_now:
	tp->tso_deferred = 0;
	return false;
}

static bool tcp_schedule_loss_probe(struct cpu *cpu, struct tcp_sock *tp);

/* push_one: 1, tcp_push_one's call, one skb without TSO deferral; 2, a
 * loss probe's, which may also exceed cwnd by one segment. */
static void __tcp_write_xmit(struct cpu *cpu, struct tcp_sock *tp, int push_one)
{
	struct sk_buff *skb;
	bool sent = false, idle = !tp->packets_out, cwnd_full = false;

	tp->xmit_deferred = false;
	if (tp->lost_out > tp->retrans_out)	/* as tcp_tsq_handler does */
		tcp_xmit_retransmit_queue(cpu, tp);
	while ((skb = tp->send_head)) {
		uint64_t wnd_end = tp->snd_una + tp->snd_wnd;
		uint32_t quota, limit, in_flight = tcp_in_flight(tp);

		if ((in_flight >= tp->cc.snd_cwnd && push_one != 2) || skb->seq >= wnd_end)
			break;
		if (!push_one && payload(skb) > tp->mss &&
		    tcp_tso_should_defer(cpu, tp, skb, in_flight, &cwnd_full)) {
			tp->xmit_deferred = true;
			break;
		}
		if (tcp_tsq_check(tp, skb))
			break;
		quota = in_flight < tp->cc.snd_cwnd ? tp->cc.snd_cwnd - in_flight : 1;
		limit = (uint32_t)MIN((uint64_t)quota * tp->mss, wnd_end - skb->seq);
		if (limit >= tp->mss)
			limit -= limit % tp->mss;	/* tcp_mss_split_point */
		if (payload(skb) > limit)
			tso_fragment(tp, skb, limit);
		if (!kp(tp)->cwnd_restart_at_entail)	/* tcp_event_data_sent */
			tcp_slow_start_after_idle_check(cpu, tp);
		if (idle && tp->cc.ops->tx_start)	/* CA_EVENT_TX_START */
			tp->cc.ops->tx_start(&tp->cc, cpu_now(cpu), tp->lsndtime);
		idle = false;
		tcp_transmit_skb(cpu, tp, skb);
		tp->lsndtime = cpu_now(cpu);
		tp->send_head = skb->next;
		tp->snd_nxt = skb->end_seq;
		tp->packets_out += skb->pcount;
		tcp_prr_sent(tp, skb->pcount);
		sent = true;
		if (push_one)
			break;
	}
	/* 4.4: after sending; 6.x: also when the window stopped it */
	cwnd_full |= tcp_in_flight(tp) >= tp->cc.snd_cwnd;
	if (sent || (cwnd_full && kp(tp)->cwnd_limited_v6))
		tcp_cwnd_validate(cpu, tp, cwnd_full);
	if (sent) {
		/* tcp_event_new_data_sent: an RTO if none, or instead of a
		 * probe; then one probe per tail loss episode */
		if (!tp->rto_deadline || tp->tlp_armed)
			tcp_set_rto_timer(cpu, tp);
		if (push_one != 2)
			tcp_schedule_loss_probe(cpu, tp);
	}
}

static void tcp_retransmit_head(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb = tp->write_queue.head;

	if (!skb || skb == tp->send_head)
		return;
	/* tcp_retransmit_skb: one MSS at a time */
	if (payload(skb) > tp->mss)
		tcp_fragment_sent(tp, skb, tp->mss);
	tp->retrans++;
	tcp_undo_count_retrans(cpu, tp, 1);
	skb->sacked |= TCPCB_EVER_RETRANS;	/* Karn: no RTT sample from it */
	tcp_transmit_skb(cpu, tp, skb);
	tcp_prr_sent(tp, 1);
	tcp_set_rto_timer(cpu, tp);
}

static void tcp_write_xmit(struct cpu *cpu, struct tcp_sock *tp)
{
	__tcp_write_xmit(cpu, tp, 0);
}

/*
 * tcp_should_autocork (3.14+): a write's last skb, not full, waits while
 * more than its truesize of the socket's earlier skbs is still in the
 * qdisc or the driver and an ACK is due; their TX completion (tcp_wfree,
 * the TSQ handler) sends it, with whatever the next write added.
 */
static bool tcp_should_autocork(const struct tcp_sock *tp, const struct sk_buff *skb)
{
	int rule = kp(tp)->autocork;

	if (rule == AUTOCORK_NONE || payload(skb) >= tp->size_goal ||
	    tp->sk.sk_wmem_alloc <= skb->truesize)
		return false;
	return rule == AUTOCORK_HEAD ? skb != tp->write_queue.head : tp->packets_out > 0;
}

/* tcp_push: the end of a write (no MSG_MORE) marks the push point */
void tcp_push(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb = tp->write_queue.tail;

	if (!tp->send_head)	/* nothing unsent (6.x: an empty write queue) */
		return;
	tp->pushed_seq = tp->write_seq;
	if (tcp_should_autocork(tp, skb)) {
		if (!tp->tsq_throttled) {	/* LINUX_MIB_TCPAUTOCORKING */
			tp->autocorks++;
			tp->tsq_throttled = true;
		}
		return;	/* wmem_alloc was checked: no completion came between */
	}
	tcp_write_xmit(cpu, tp);
}

uint32_t tcp_sendmsg_step(struct cpu *cpu, struct tcp_sock *tp, uint32_t len, bool sendfile)
{
	struct sk_buff *skb = tp->write_queue.tail;
	uint32_t copy;

	cpu_charge(cpu, COST_tcp_sendmsg, cost(tp)->tcp_sendmsg);
	/* append to the tail while it is unsent and below the size goal */
	if (!skb || !tp->send_head || payload(skb) >= tp->size_goal) {
		/* new_segment */
		if (!sk_stream_memory_free(tp)) {
			tp->nospace = true;
			return 0;
		}
		skb = skb_pool_get(tp->host->pool);
		skb->seq = skb->end_seq = tp->write_seq;
		skb->truesize = head_truesize(tp);
		tp->sk_wmem_queued += skb->truesize;
		skb_queue_tail(&tp->write_queue, skb);	/* tcp_skb_entail */
		if (kp(tp)->cwnd_restart_at_entail)
			tcp_slow_start_after_idle_check(cpu, tp);
		if (!tp->send_head)
			tp->send_head = skb;
	}
	copy = MIN(len, tp->size_goal - payload(skb));
	skb->end_seq += copy;
	skb->truesize += copy;
	tp->sk_wmem_queued += copy;
	tp->write_seq += copy;
	if (sendfile)
		cpu_charge(cpu, COST_sendpage, (uint64_t)cost(tp)->sendpage * DIV_ROUND_UP(copy, 4096));
	else
		cpu_charge(cpu, COST_copy_byte_x16, (uint64_t)cost(tp)->copy_byte_x16 * DIV_ROUND_UP(copy, 16));
	/* tcp_sendmsg, once an skb is full with more to write: forced_push
	 * (more than half the peer's largest window written since the last
	 * push mark) pushes everything, else a full send head goes alone */
	if (copy == len || payload(skb) < tp->size_goal)
		return copy;
	if (tp->write_seq > tp->pushed_seq + tp->max_window / 2) {
		tp->pushed_seq = tp->write_seq;		/* tcp_mark_push */
		tcp_write_xmit(cpu, tp);
	} else if (skb == tp->send_head) {
		__tcp_write_xmit(cpu, tp, 1);	/* tcp_push_one */
	}
	return copy;
}

/* --- TX completion and TSQ ----------------------------------------- */

void tcp_wfree(struct cpu *cpu, struct sk_buff *skb)
{
	struct tcp_sock *tp = tcp_sk(skb->sk);

	sock_wfree(cpu, skb);	/* uncharge sk_wmem_alloc */
	/* 6.x: in ksoftirqd (under stress) wait until the qdisc and the
	 * device hold none of this socket's skbs, then refill in one batch */
	if (kp(tp)->tsq_ksoftirqd_wait && cpu->sirq_in_ksoftirqd &&
	    tp->sk.sk_wmem_alloc >= skb_truesize_macro(tp->host->plat, 1))
		return;
	if (tp->tsq_throttled && !tp->tsq_queued) {
		/* test_and_clear(TSQ_THROTTLED) && !test_and_set(TSQ_QUEUED) */
		tp->tsq_throttled = false;
		tp->tsq_queued = true;
		tp->tsq_next = cpu->tsq_list;
		cpu->tsq_list = tp;
		raise_softirq(cpu, TASKLET_SOFTIRQ);
	}
}

/* tcp_tasklet_func -> tcp_tsq_handler -> tcp_write_xmit */
void tcp_tasklet_func(struct cpu *cpu)
{
	struct tcp_sock *tp = cpu->tsq_list;

	cpu->tsq_list = NULL;
	while (tp) {
		struct tcp_sock *next = tp->tsq_next;

		tp->tsq_queued = false;
		cpu_charge(cpu, COST_softirq, cost(tp)->softirq);
		if (tp->owned)	/* tcp_tsq_handler: TCP_TSQ_DEFERRED */
			tp->tsq_deferred = true;
		else
			tcp_write_xmit(cpu, tp);
		tp = next;
	}
}

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
		if (tp->sk.sk_wmem_alloc > tp->sk.wmem_peak)
			tp->sk.wmem_peak = tp->sk.sk_wmem_alloc;
	}
	kfree_skb(cpu, skb);
	return head;
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

/* tcp_xmit_retransmit_queue: lost segments first, one MSS each, while
 * the window has room. */
static void tcp_xmit_retransmit_queue(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;

	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next) {
		if (tcp_in_flight(tp) >= tp->cc.snd_cwnd)
			break;
		if ((skb->sacked & (TCPCB_LOST | TCPCB_SACKED_RETRANS | TCPCB_SACKED_ACKED)) !=
		    TCPCB_LOST)
			continue;
		if (skb->pcount > 1)
			tcp_fragment_sent(tp, skb, tp->mss);
		skb->sacked |= TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS;
		skb->ack_seq = tp->snd_nxt;	/* TCP_SKB_CB(skb)->ack_seq */
		tp->retrans_out += skb->pcount;
		tp->retrans++;
		tcp_undo_count_retrans(cpu, tp, skb->pcount);
		tcp_transmit_skb(cpu, tp, skb);
		tcp_prr_sent(tp, skb->pcount);
		if (skb == tp->write_queue.head)
			tcp_set_rto_timer(cpu, tp);
	}
}

/* tcp_init_cwnd_reduction: ssthresh now, cwnd brought down by PRR */
static void tcp_init_cwnd_reduction(struct cpu *cpu, struct tcp_sock *tp)
{
	tp->cc.now = cpu_now(cpu);
	tp->high_seq = tp->snd_nxt;
	tp->tlp_high_seq = 0;
	tp->cc.snd_cwnd_cnt = 0;
	tp->prior_cwnd = tp->cc.snd_cwnd;
	tp->prr_delivered = 0;
	tp->prr_out = 0;
	tp->cc.snd_ssthresh = tp->cc.ops->ssthresh(&tp->cc);
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
	/* tcp_remove_reno_sacks: all but one acknowledged were counted */
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
	tp->cc.pacing_rate = tp->pacing_rate == UINT64_MAX ? 0 : tp->pacing_rate;
	tcp_ca_pkts_acked(tp, now, skb, acked);
	if (tp->ca_state != TCP_CA_OPEN) {
		/* CWR is held until something above high_seq is ACKed, so the
		 * CWR bit has reached the receiver (tcp_fastretrans_alert) */
		if (tp->ca_state == TCP_CA_CWR ? ack > tp->high_seq : ack >= tp->high_seq) {
			/* tcp_try_undo_recovery, else tcp_end_cwnd_reduction */
			if (tp->ca_state == TCP_CA_RECOVERY && tp->undo_marker &&
			    (!tp->undo_retrans || tcp_packet_delayed(tp, skb)))
				tcp_undo_cwnd_reduction(tp);
			else if (tp->ca_state != TCP_CA_LOSS)
				tp->cc.snd_cwnd = MAX(tp->cc.snd_ssthresh, 2u);
			/* undo_marker stays: D-SACKs that come later may
			 * still undo (tcp_try_undo_dsack in Open) */
			tcp_clear_retrans_stamp(tp);
			tp->reno_sacked = 0;	/* tcp_reset_reno_sack */
			tp->icsk_retransmits = 0;	/* recovered */
			tp->ca_state = TCP_CA_OPEN;
		} else if (tp->ca_state == TCP_CA_RECOVERY && !tp->sack_ok) {
			tcp_retransmit_head(cpu, tp);	/* NewReno partial ACK */
		} else if (tp->ca_state == TCP_CA_LOSS && acked) {
			/* after an RTO the window slow-starts from one segment
			 * (tcp_may_raise_cwnd outside cwnd reduction);
			 * tcp_process_loss: FLAG_DATA_ACKED clears
			 * icsk_retransmits */
			tcp_cong_avoid(tp, acked, true, now);
			tp->icsk_retransmits = 0;
		}
	} else if (acked) {
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
 * tcp_enter_cwr, on an ACK with ECE (FLAG_ECE) or a segment the local
 * qdisc dropped (tcp_transmit_skb): once per window, ssthresh from the
 * congestion control, and with ECN CWR queued for the next new segment
 * (tcp_init_cwnd_reduction, TCP_ECN_queue_cwr); PRR brings cwnd down to
 * it, and it does not grow until snd_una passes high_seq.
 */
static void tcp_enter_cwr(struct cpu *cpu, struct tcp_sock *tp)
{
	if (tp->ca_state != TCP_CA_OPEN)
		return;
	tp->undo_marker = 0;
	tcp_init_cwnd_reduction(cpu, tp);
	tp->ca_state = TCP_CA_CWR;
	if (tp->ecn_flags & TCP_ECN_OK)
		tp->ecn_flags |= TCP_ECN_QUEUE_CWR;
	tp->cwr_events++;
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
	tp->cc.snd_cwnd = tp->cc.snd_ssthresh;	/* tcp_end_cwnd_reduction */
	tp->cwnd_stamp = cpu_now(cpu);
	tp->loss_probe_recoveries++;
}

static void tcp_ack(struct cpu *cpu, struct tcp_sock *tp, const struct sk_buff *skb)
{
	uint64_t ack = skb->ack_seq, prior_una = tp->snd_una, prior_lost_retrans;
	uint32_t prior_sacked = tp->sacked_out, prior_lost;
	bool win_changed = skb->tcp_win != tp->snd_wnd;
	uint32_t prior_fackets, fackets, prior_unsacked = tp->packets_out - tp->sacked_out - tp->reno_sacked;
	enum tcp_ca_state prior_state = tp->ca_state;
	bool entered = false;

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
		if (tp->reno_sacked + 1 < tp->packets_out)
			tp->reno_sacked++;
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
	if (!entered && tp->ca_state == prior_state &&
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
	if (tp->rto_deadline && !tp->tlp_armed)	/* ICSK_TIME_RETRANS pending */
		tcp_schedule_loss_probe(cpu, tp);
	tcp_write_xmit(cpu, tp);	/* tcp_data_snd_check */
}

/*
 * tcp_enter_loss with SACK: what is not SACKed is lost, retransmissions
 * are forgotten, and the lost segments go out again from the head as the
 * window (from one segment) allows; snd_nxt stays.
 */
static void tcp_enter_loss_sack(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;

	tp->retrans_out = 0;
	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next) {
		skb->sacked &= (uint8_t)~TCPCB_SACKED_RETRANS;
		if (skb->sacked & (TCPCB_SACKED_ACKED | TCPCB_LOST))
			continue;
		skb->sacked |= TCPCB_LOST;
		tp->lost_out += skb->pcount;
	}
	tcp_xmit_retransmit_queue(cpu, tp);
	tcp_set_rto_timer(cpu, tp);
}

/*
 * The tail loss probe (3.10 on, tcp_early_retrans 3): while an RTO is
 * pending, a probe is scheduled instead, about two srtt ahead, so a loss
 * at the tail of a flight is found in milliseconds rather than by the
 * RTO. tcp_schedule_loss_probe, 3.12.0 (3.10.99 and 4.4.155 alike): SACK,
 * Open, the flow cwnd-limited or with nothing left to send; 2 srtt
 * (jiffies, rounded up from usec in 4.4), at least 1.5 srtt + 200 ms with
 * one segment out, at least 10 ms; never past the RTO. 6.18.2: Open or
 * CWR, SACK; 2 srtt + 2 jiffies (+ rto_min with one segment out), never
 * past the RTO.
 */
static bool tcp_schedule_loss_probe(struct cpu *cpu, struct tcp_sock *tp)
{
	uint64_t now = cpu_jiffies(cpu), hz = (uint64_t)tp->host->hz, timeout, rtt;

	if (!kp(tp)->tlp || !tp->packets_out || !tp->sack_ok || !tp->rto_deadline ||
	    tp->tlp_armed)
		return false;
	if (kp(tp)->tlp == TLP_3X) {
		if (tp->ca_state != TCP_CA_OPEN ||
		    (tp->cc.snd_cwnd > tcp_in_flight(tp) && tp->send_head))
			return false;
		rtt = kp(tp)->rtt_usec ? (uint64_t)DIV_ROUND_UP((tp->est.srtt8 >> 3) * PS_PER_US,
								 tp->host->tick) :
					 (uint64_t)(tp->est.srtt8 >> 3);
		if (!rtt && !kp(tp)->rtt_usec)
			return false;
		timeout = rtt ? rtt << 1 : hz;	/* TCP_TIMEOUT_INIT */
		if (tp->packets_out == 1)
			timeout = MAX(timeout, rtt + (rtt >> 1) + hz / 5);
		timeout = MAX(timeout, (uint64_t)DIV_ROUND_UP(10 * hz, 1000));
	} else {
		if (tp->ca_state != TCP_CA_OPEN && tp->ca_state != TCP_CA_CWR)
			return false;
		if (tp->est.srtt8)
			timeout = (uint64_t)DIV_ROUND_UP((tp->est.srtt8 >> 2) * PS_PER_US,
							tp->host->tick) +
				  (tp->packets_out == 1 ? hz / 5 : 2);
		else
			timeout = hz;
	}
	if (tp->rto_deadline > now)	/* the RTO, if sooner, takes its place */
		timeout = MIN(timeout, tp->rto_deadline - now);
	tp->rto_deadline = now + MAX(timeout, 1u);
	tp->tlp_armed = true;
	if (!tp->rto_timer.pending || tp->rto_timer.expires > tp->rto_deadline)
		mod_timer(cpu, &tp->rto_timer, tp->rto_deadline);
	return true;
}

/*
 * tcp_send_loss_probe: new data if there is any (tcp_write_xmit with
 * push_one 2: one skb, one segment past cwnd if need be), else the last
 * segment again, at most one such retransmission out (tlp_high_seq);
 * then the RTO from now. 3.x records tlp_high_seq for a retransmission
 * only, 6.x for new data too (tlp_retrans tells them apart).
 */
static void tcp_send_loss_probe(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;
	uint32_t before = tp->packets_out;

	if (tp->send_head) {
		__tcp_write_xmit(cpu, tp, 2);
		if (tp->packets_out > before) {
			tp->loss_probes++;
			if (kp(tp)->tlp == TLP_6X) {
				tp->tlp_high_seq = tp->snd_nxt;
				tp->tlp_retrans = false;
			}
		}
	} else if (!tp->tlp_high_seq && (skb = tp->write_queue.tail)) {
		if (skb->pcount > 1)	/* retransmit the last MSS alone */
			tcp_fragment_sent(tp, skb, (skb->pcount - 1) * tp->mss);
		skb = tp->write_queue.tail;
		skb->sacked |= TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS;
		skb->ack_seq = tp->snd_nxt;
		tp->retrans_out += skb->pcount;
		tp->retrans++;
		tcp_undo_count_retrans(cpu, tp, skb->pcount);
		tcp_transmit_skb(cpu, tp, skb);
		tp->tlp_high_seq = tp->snd_nxt;
		tp->tlp_retrans = true;
		tp->loss_probes++;
	}
	tcp_set_rto_timer(cpu, tp);
}

static void tcp_write_timer(struct cpu *cpu, struct timer_list *t)
{
	struct tcp_sock *tp = t->arg;
	struct sk_buff *skb;
	bool syn = tp->state == TCP_SYN_SENT || tp->state == TCP_SYN_RECV;

	if ((!tp->packets_out && !syn) || !tp->rto_deadline)
		return;
	if (tp->owned) {	/* tcp_write_timer: TCP_WRITE_TIMER_DEFERRED */
		tp->write_timer_deferred = true;
		return;
	}
	if (cpu_jiffies(cpu) < tp->rto_deadline) {
		mod_timer(cpu, t, tp->rto_deadline);
		return;
	}
	if (syn) {
		tcp_retransmit_syn(cpu, tp);
		return;
	}
	if (tp->tlp_armed) {	/* ICSK_TIME_LOSS_PROBE */
		tp->tlp_armed = false;
		tcp_send_loss_probe(cpu, tp);
		return;
	}
	/*
	 * tcp_enter_loss (Deviation: no loss undo, tcp_try_undo_loss).
	 * ssthresh drops only if this window has not reduced it yet: from
	 * Open, once high_seq is ACKed, or in Loss after data was ACKed
	 * (icsk_retransmits back to 0); an RTO in Recovery or CWR keeps the
	 * reduction made there (3.12.0 .. 6.18). The congestion control
	 * resets on entering Loss in any case (set_state, bictcp_reset).
	 */
	tp->rtos++;
	tp->undo_marker = 0;
	tp->cc.now = cpu_now(cpu);
	if (tp->ca_state == TCP_CA_OPEN || tp->high_seq <= tp->snd_una ||
	    (tp->ca_state == TCP_CA_LOSS && !tp->icsk_retransmits))
		tp->cc.snd_ssthresh = tp->cc.ops->ssthresh(&tp->cc);
	if (tp->cc.ops->on_loss)
		tp->cc.ops->on_loss(&tp->cc);
	tp->icsk_retransmits++;
	tp->cwnd_stamp = tp->cc.now;
	tp->cc.snd_cwnd = 1;
	tp->cc.snd_cwnd_cnt = 0;
	tp->ca_state = TCP_CA_LOSS;
	tp->high_seq = tp->snd_nxt;
	if (tp->backoff < 32)
		tp->backoff++;
	if (tp->sack_ok) {
		tcp_enter_loss_sack(cpu, tp);
		return;
	}
	/* without SACK: go back N; what goes again is a retransmission
	 * (Karn: no RTT sample from it, as tcp_retransmit_skb marks it) */
	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next)
		skb->sacked |= TCPCB_EVER_RETRANS;
	tp->reno_sacked = 0;
	tp->packets_out = 0;
	tp->snd_nxt = tp->snd_una;
	tp->send_head = tp->write_queue.head;
	tp->retrans++;
	tcp_write_xmit(cpu, tp);
	tcp_set_rto_timer(cpu, tp);
}

/* --- receiver ------------------------------------------------------- */

static void tcp_send_ack(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *c = alloc_skb(tp->host, (uint32_t)tp->host->plat->max_tcp_header);
	uint32_t win = tcp_select_window(tp);

	cpu_charge(cpu, COST_tcp_send_ack, cost(tp)->tcp_send_ack);
	fill_tcp_header(tp, c, cpu);
	c->seq = c->end_seq = tp->snd_nxt;
	c->tcp_win = tcp_win_field(tp, win);
	c->len = TCP_HDRS;
	c->gso_segs = 1;
	if (tp->num_sacks || tp->dsack) {	/* tcp_established_options: 3 blocks fit */
		int i, n = 0;

		if (tp->dsack) {	/* a D-SACK first, its edges maybe below ack_seq */
			c->sack[n][0] = (int32_t)((int64_t)tp->dsack_blk[0] - (int64_t)tp->rcv_nxt);
			c->sack[n++][1] = (int32_t)((int64_t)tp->dsack_blk[1] - (int64_t)tp->rcv_nxt);
			tp->dsack = false;
		}
		for (i = 0; i < tp->num_sacks && n < 3; i++, n++) {
			c->sack[n][0] = (int32_t)(tp->sack_blk[i][0] - tp->rcv_nxt);
			c->sack[n][1] = (int32_t)(tp->sack_blk[i][1] - tp->rcv_nxt);
		}
		c->nr_sack = (uint8_t)n;
		c->len += TCPOLEN_SACK_BASE_ALIGNED + TCPOLEN_SACK_PERBLOCK * c->nr_sack;
	}
	tcp_charge_owner(tp, c);	/* tcp_transmit_skb charges ACKs too */
	tp->acks_out++;
	tcp_event_ack_sent(cpu, tp, win);
	tcp_queue_xmit(cpu, tp, c);
}

static void tcp_delack_timer(struct cpu *cpu, struct timer_list *t)
{
	struct tcp_sock *tp = t->arg;

	if (tp->ack_pending)
		tcp_send_ack(cpu, tp);
}

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

static struct tcp_sock *tcp_lookup(struct host *h, const struct sk_buff *skb)
{
	struct sock *sk;

	for (sk = h->socks; sk; sk = sk->next) {
		struct tcp_sock *tp;

		if (sk->kind != SK_TCP || sk->port != skb->dport)
			continue;
		tp = tcp_sk(sk);
		if (tp->dport == skb->sport && tp->daddr == skb->saddr)
			return tp;
	}
	return NULL;
}

/* tcp_v4_do_rcv: the segment's effect on the socket, in softirq or, for
 * a backlogged one, in release_sock. */
static void tcp_v4_do_rcv(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	bool ack_now;

	cpu_charge(cpu, COST_tcp_rcv, cost(tp)->tcp_rcv);
	tp->segs_in++;
	if (tp->state != TCP_ESTABLISHED && tcp_rcv_handshake(cpu, tp, skb))
		return;
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

/*
 * tcp_v4_rcv: while the application owns the socket, the segment waits in
 * the backlog (sk_add_backlog, at most sk_rcvbuf + sk_sndbuf of truesize)
 * for release_sock on the application's CPU.
 */
void tcp_v4_rcv(struct cpu *cpu, struct sk_buff *skb)
{
	struct tcp_sock *tp = tcp_lookup(cpu->host, skb);

	if (!tp) {
		cpu->host->rx_dropped++;
		kfree_skb(cpu, skb);
		return;
	}
	if (!tp->owned) {
		tcp_v4_do_rcv(cpu, tp, skb);
		return;
	}
	if (tp->backlog_len + skb->truesize > tp->sk.sk_rcvbuf + tp->sk.sk_sndbuf) {
		tp->backlog_drops++;
		kfree_skb(cpu, skb);
		return;
	}
	tp->backlog_len += skb->truesize;
	tp->backlogged++;
	skb_queue_tail(&tp->backlog, skb);
}

void lock_sock(struct tcp_sock *tp)
{
	tp->owned = true;
}

/* __release_sock, then tcp_release_cb: TSQ and write-timer work deferred
 * while the socket was owned. */
void release_sock(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&tp->backlog))) {
		tp->backlog_len -= skb->truesize;
		tcp_v4_do_rcv(cpu, tp, skb);
	}
	tp->owned = false;
	if (tp->tsq_deferred) {
		tp->tsq_deferred = false;
		tcp_write_xmit(cpu, tp);
	}
	if (tp->write_timer_deferred) {
		tp->write_timer_deferred = false;
		tcp_write_timer(cpu, &tp->rto_timer);
	}
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
static void tcp_rcv_space_adjust(struct cpu *cpu, struct tcp_sock *tp)
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
 * tcp_cleanup_rbuf: after the application read, send the ACK that
 * tcp_input.c held back (a delayed ACK is pending and more than one full
 * segment arrived since the last ACK), or announce a window that at least
 * doubled.
 */
static void tcp_cleanup_rbuf(struct cpu *cpu, struct tcp_sock *tp)
{
	int64_t now_win = (int64_t)(tp->rcv_wup + tp->rcv_wnd) - (int64_t)tp->rcv_nxt;
	uint32_t nw;

	if (tp->ack_pending && tp->rcv_nxt - tp->rcv_wup > tp->mss) {
		tcp_send_ack(cpu, tp);
		return;
	}
	if (2 * MAX(now_win, 0) > (int64_t)tp->window_clamp)
		return;
	nw = tcp_select_window(tp);
	if (nw && nw >= 2 * MAX(now_win, 0))
		tcp_send_ack(cpu, tp);
}

uint32_t tcp_recvmsg(struct cpu *cpu, struct tcp_sock *tp, uint32_t len)
{
	uint32_t done = 0;
	struct sk_buff *skb;

	cpu_charge(cpu, COST_tcp_recvmsg, cost(tp)->tcp_recvmsg);
	while (done < len && (skb = tp->sk.rxq.head)) {
		uint32_t avail = payload(skb) - skb->rx_off;
		uint32_t n = MIN(avail, len - done);

		skb->rx_off += n;
		done += n;
		if (skb->rx_off == payload(skb)) {
			skb_dequeue(&tp->sk.rxq);
			tp->sk.sk_rmem_alloc -= skb->truesize;
			kfree_skb(cpu, skb);
		}
	}
	cpu_charge(cpu, COST_copy_byte_x16, (uint64_t)cost(tp)->copy_byte_x16 * DIV_ROUND_UP(done, 16));
	tp->copied_seq += done;
	if (!done)
		return 0;
	tcp_rcv_space_adjust(cpu, tp);
	tcp_cleanup_rbuf(cpu, tp);
	return done;
}

/* --- set-up --------------------------------------------------------- */

static void tcp_sock_init(struct tcp_sock *tp, struct host *h, struct cpu *cpu,
			  const struct tcp_config *cfg, uint16_t port, struct rng *rng)
{
	const struct kprofile *k = h->kp;
	const char *cc = cfg->cc && *cfg->cc ? cfg->cc : k->tcp_cc;

	memset(tp, 0, sizeof(*tp));
	sock_init(&tp->sk, h, SK_TCP, rng);
	tp->sk.use_write_queue = true;	/* tcp_init_sock */
	tp->host = h;
	tp->cpu = cpu;
	tp->sk.port = port;
	tp->sk.connected = true;
	tp->advmss = (uint16_t)MIN(h->dev.mtu - IPV4_HLEN - TCP_HLEN, 65535u);
	tp->mss = tp->advmss - TCPOLEN_TSTAMP_ALIGNED;	/* until the handshake says */
	tp->head_truesize = skb_truesize(h->plat, k, (uint32_t)h->plat->max_tcp_header);
	tp->sk.sk_sndbuf = k->tcp_wmem[1];
	tp->rcvbuf = k->tcp_rmem[1];
	if (cfg->sndbuf >= 0) {
		sock_set_sndbuf(&tp->sk, cfg->sndbuf);
		tp->sndbuf_locked = true;
	}
	if (cfg->rcvbuf >= 0) {
		sock_set_rcvbuf(&tp->sk, cfg->rcvbuf);
		tp->rcvbuf = tp->sk.sk_rcvbuf;
		tp->rcvbuf_locked = true;
	}
	/* CUBIC's epoch runs on jiffies in every era (tcp_jiffies32) */
	tcp_cc_init(&tp->cc, tcp_cc_find(cc), TCP_INIT_CWND, tp->mss, h->hz);
	tp->cc.hystart_ms = !k->ts_clock_ms;	/* <= 4.4 HyStart */
	tp->cc.era = (uint8_t)k->cc_era;
	/* sk_setup_caps: sk_dst_gso_max_size, the device's 64 KiB less
	 * MAX_TCP_HEADER + 1 (6.x; HyStart's ACK-train cushion reads it) */
	tp->cc.gso_max_size = GSO_MAX_SIZE - ((uint32_t)h->plat->max_tcp_header + 1);
	tp->rto = TCP_TIMEOUT_INIT;
	tp->reordering = TCP_FASTRETRANS_THRESH;
	tp->quick = 0;		/* tcp_incr_quickack at the first data */
	timer_setup(&tp->rto_timer, tcp_write_timer, tp);
	timer_setup(&tp->delack_timer, tcp_delack_timer, tp);
}

/*
 * tcp_select_initial_window (3.12.0, 4.4.155, 6.18.2) for an MSS of mss:
 * the full space, at most window_clamp (65535 << 14, or the full space
 * once SO_RCVBUF locked the buffer: tcp_connect_init, tcp_openreq_init_
 * rwin), rounded down to mss; 3.x and 4.4 offer at most
 * tcp_default_init_rwnd (20) segments (fewer above an MSS of 1460) when
 * the MSS exceeds one scaled unit, 6.x the whole space. The scale: the
 * shift that brings the largest buffer the socket may reach,
 * max(tcp_rmem[2], rmem_max), within window_clamp, to at most 65535
 * (3.x, 4.4 halve until it fits; 6.x takes ilog2 - 15, the same shift,
 * and the offered window into the max, never the largest), at most 14.
 * rcv_ssthresh starts at the window; window_clamp is kept within what
 * the scale can express. rmem_max is SK_RMEM_MAX, defined as
 * SK_WMEM_MAX (kp_wmem_max).
 */
static void tcp_select_initial_window(struct tcp_sock *tp, uint32_t mss)
{
	const struct host *h = tp->host;
	uint64_t space = (uint64_t)MAX(win_from_space(tp, tp->rcvbuf), (int64_t)0);
	uint64_t clamp = tp->rcvbuf_locked ? space : (uint64_t)65535 << TCP_MAX_WSCALE;
	uint64_t wnd = MIN(space, clamp), most;
	uint32_t segs = TCP_DEFAULT_INIT_RCVWND;

	if (wnd > mss)
		wnd -= wnd % mss;
	tp->rcv_wscale = 0;
	if (tp->wscale_ok) {
		most = MAX((uint64_t)kp(tp)->tcp_rmem[2], (uint64_t)kp_wmem_max(h->plat, h->kp));
		most = MIN(MAX(most, wnd), clamp);
		while (most > 65535 && tp->rcv_wscale < TCP_MAX_WSCALE) {
			most >>= 1;
			tp->rcv_wscale++;
		}
	}
	if (kp(tp)->rcv_wnd_init_cap && mss > (1u << tp->rcv_wscale)) {
		if (mss > 1460)
			segs = MAX(1460 * TCP_DEFAULT_INIT_RCVWND / mss, 2u);
		wnd = MIN(wnd, (uint64_t)segs * mss);
	}
	tp->rcv_ssthresh = tp->rcv_wnd = (uint32_t)wnd;
	tp->window_clamp = (uint32_t)MIN(clamp, (uint64_t)65535 << tp->rcv_wscale);
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

/* A SYN (synack false) or SYN-ACK with our options; the window unscaled
 * (RFC 7323). Sent directly: a local drop is repaired by the SYN timer. */
static void tcp_send_syn(struct cpu *cpu, struct tcp_sock *tp, bool synack)
{
	struct sk_buff *c = alloc_skb(tp->host, (uint32_t)tp->host->plat->max_tcp_header);

	/* Deviation: a segment's transmit cost (no cost entry for SYNs) */
	cpu_charge(cpu, COST_tcp_xmit_skb, cost(tp)->tcp_xmit_skb);
	c->protocol = ETH_P_IP;
	c->ip_proto = IPPROTO_TCP_;
	c->daddr = tp->daddr;
	c->sport = tp->sk.port;
	c->dport = tp->dport;
	c->seq = TCP_ISN;
	c->end_seq = TCP_ISN + 1;
	c->tcp_flags = TCPHDR_SYN;
	if (synack) {
		c->tcp_flags |= TCPHDR_ACK;
		c->ack_seq = tp->rcv_nxt;
		c->tsecr = tp->ts_recent;
	}
	/* tcp_ecn_send_syn / tcp_ecn_make_synack */
	if (tp->ecn_flags & TCP_ECN_OK)
		c->tcp_flags |= synack ? TCPHDR_ECE : TCPHDR_ECE | TCPHDR_CWR;
	c->tcp_opts = TCP_OPT_MSS | (tp->tstamp_ok ? TCP_OPT_TS : 0) |
		      (tp->sack_ok ? TCP_OPT_SACK_PERM : 0) |
		      (tp->wscale_ok ? TCP_OPT_WSCALE : 0);
	c->tcp_mss = tp->advmss;
	c->tcp_wscale = tp->rcv_wscale;
	c->tcp_win = MIN(tp->rcv_wnd, 65535u);
	c->tsval = cpu_now(cpu);
	c->len = ETH_HLEN + IPV4_HLEN + tcp_syn_hlen(c->tcp_opts);
	c->gso_segs = 1;
	c->ooo_okay = 1;
	if (!tp->syn_retrans)
		tp->syn_stamp = c->tsval;
	tcp_charge_owner(tp, c);
	ip_send_skb(cpu, c, NULL);
}

/* The SYN or SYN-ACK timer (tcp_retransmit_timer, inet_rtx_syn_ack):
 * TCP_TIMEOUT_INIT, doubled per retransmission. */
static void tcp_retransmit_syn(struct cpu *cpu, struct tcp_sock *tp)
{
	tp->syn_retrans++;
	if (tp->backoff < 32)
		tp->backoff++;
	tcp_send_syn(cpu, tp, tp->state == TCP_SYN_RECV);
	tcp_set_rto_timer(cpu, tp);
}

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

void tcp_connect(struct cpu *cpu, struct tcp_sock *tp)
{
	tp->state = TCP_SYN_SENT;
	tp->tstamp_ok = tp->wscale_ok = true;	/* net.ipv4.tcp_timestamps, _window_scaling */
	tp->sack_ok = tp->host->tcp_sack;
	if (tp->host->tcp_ecn == 1)		/* tcp_ecn_send_syn */
		tp->ecn_flags = TCP_ECN_OK;
	/* tcp_connect_init: no peer timestamps cached, so the advmss */
	tcp_select_initial_window(tp, tp->advmss);
	tcp_send_syn(cpu, tp, false);
	tcp_set_rto_timer(cpu, tp);
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
static bool tcp_rcv_handshake(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
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

void tcp_pair_setup(struct tcp_sock *a, struct host *ha, struct cpu *ca,
		   struct tcp_sock *b, struct host *hb, struct cpu *cb,
		   const struct tcp_config *cfg_a, const struct tcp_config *cfg_b,
		   struct rng *rng)
{
	/* The connecting end's ephemeral port is unique on its host, which
	 * keeps the 4-tuple unique (__inet_hash_connect); 16384 ports outnumber
	 * the sockets a scenario can declare. The listening port may be shared:
	 * accepted sockets keep the listener's port and tcp_lookup tells them
	 * apart by the peer's port, as inet_lookup_established does. */
	int pa = sock_pick_port(rng, ha, NULL, SK_TCP, 32768, 0x4000);
	uint16_t pb = (uint16_t)(5001 + rng_below(rng, 256));

	BUG_ON(pa < 0);
	tcp_sock_init(a, ha, ca, cfg_a, (uint16_t)pa, rng);
	tcp_sock_init(b, hb, cb, cfg_b, pb, rng);
	a->daddr = hb->addr;
	a->dport = pb;
	a->state = TCP_CLOSE;
	b->daddr = ha->addr;
	b->dport = pa;
	b->state = TCP_LISTEN;
}

static void free_queue(struct tcp_sock *tp, struct skb_queue *q)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(q)))
		skb_pool_put(tp->host->pool, skb);
}

int tcp_check(struct sock *sk, char *msg, size_t len)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	const struct sk_buff *skb;
	uint32_t out = 0, sacked = 0, lost = 0, retrans = 0;

	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next) {
		out += skb->pcount;
		sacked += skb->sacked & TCPCB_SACKED_ACKED ? skb->pcount : 0;
		lost += skb->sacked & TCPCB_LOST ? skb->pcount : 0;
		retrans += skb->sacked & TCPCB_SACKED_RETRANS ? skb->pcount : 0;
	}
	/* tcp_verify_left_out: what is counted out of the network (SACKed,
	 * lost, or by duplicate ACKs) never exceeds what is outstanding */
	if (out == tp->packets_out && sacked == tp->sacked_out && lost == tp->lost_out &&
	    retrans == tp->retrans_out && tp->packets_out + tp->retrans_out >=
	    tp->sacked_out + tp->lost_out + tp->reno_sacked)
		return 0;
	snprintf(msg, len, "packets_out %u sacked_out %u lost_out %u retrans_out %u reno_sacked %u;"
		 " the write queue's marks: %u sent, %u SACKed, %u lost, %u retransmitted",
		 tp->packets_out, tp->sacked_out, tp->lost_out, tp->retrans_out, tp->reno_sacked,
		 out, sacked, lost, retrans);
	return -1;
}

void tcp_sock_free(struct tcp_sock *tp)
{
	if (!tp->host)
		return;
	free_queue(tp, &tp->write_queue);
	free_queue(tp, &tp->backlog);
	free_queue(tp, &tp->sk.rxq);
	free_queue(tp, &tp->ofo);
}

/* --- what limits the flow ------------------------------------------- */

static bool cpu_has_work(const struct cpu *c)
{
	return c->busy_until > c->host->sim->now ||
	       c->head[CTX_HARDIRQ] || c->head[CTX_SOFTIRQ] || c->head[CTX_PROCESS];
}

/*
 * The wire is the bottleneck: sending now, with frames waiting for it (in
 * the device, committed behind the current one, or in a qdisc). A busy
 * wire with nothing behind is not holding anyone. Asked of the wire's
 * history, since a device may have committed frames ahead of now.
 */
static bool link_backlogged(const struct host *h)
{
	const struct net_device *dev = &h->dev;
	bool later;
	int i;

	if (!h->port || !eth_busy_at(h->port, h->sim->now, &later))
		return false;
	if (later || (dev->ops && dev->ops->tx_backlog && dev->ops->tx_backlog(dev)))
		return true;
	for (i = 0; i < dev->real_num_tx_queues; i++)
		if (dev->txq[i].qdisc.qlen)
			return true;
	return false;
}

static enum tcp_limit tcp_classify(const struct tcp_sock *tp)
{
	const struct host *h = tp->host;
	int i;

	if (link_backlogged(h))
		return TCP_LIM_LINK;
	for (i = 0; i < h->nr_cpus; i++)
		if (cpu_has_work(&h->cpus[i]))
			return TCP_LIM_CPU;
	if (tp->tsq_throttled || tp->tsq_queued)
		return TCP_LIM_TSQ;
	for (i = 0; i < h->dev.real_num_tx_queues; i++)
		if (netif_xmit_stopped(&h->dev.txq[i]) && h->dev.txq[i].qdisc.qlen)
			return TCP_LIM_STOPPED;
	if (tp->send_head && tp->xmit_deferred)
		return TCP_LIM_DEFER;
	if (tp->send_head && tp->packets_out >= tp->cc.snd_cwnd)
		return TCP_LIM_CWND;
	if (tp->send_head && tp->send_head->seq >= tp->snd_una + tp->snd_wnd)
		return TCP_LIM_RWND;
	if (tp->nospace)
		return TCP_LIM_SNDBUF;
	return TCP_LIM_APP;
}

/* Samples at a random phase within each period, so that they never lock
 * onto a periodic event (a jiffy timer) and count it as the whole period. */
static void tcp_chrono_sample(struct sim *sim, struct sim_event *ev)
{
	struct tcp_sock *tp = ev->arg;
	sim_time_t next = tp->chrono_base + tp->chrono_period;

	tp->lim_ps[tcp_classify(tp)] += tp->chrono_period;
	tp->chrono_base = next;
	sim_schedule(sim, ev, next + (sim_time_t)rng_below(&tp->chrono_rng,
							  (uint64_t)tp->chrono_period));
}

void tcp_chrono_start(struct tcp_sock *tp, sim_time_t period)
{
	char name[64];

	tp->chrono_period = period;
	tp->chrono_base = tp->host->sim->now;
	snprintf(name, sizeof(name), "host.%s.tcp.%u.chrono", tp->host->name, tp->sk.port);
	rng_stream(&tp->chrono_rng, tp->host->sim->seed, name);
	sim_event_init(&tp->chrono, tcp_chrono_sample, tp);
	sim_schedule(tp->host->sim, &tp->chrono, tp->host->sim->now + period / 2);
}
