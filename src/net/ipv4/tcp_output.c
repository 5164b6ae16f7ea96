// SPDX-License-Identifier: MIT
/*
 * TCP transmit: what goes out, when, and in what size.
 *
 * Follows net/ipv4/tcp_output.c (3.13.10, 4.4.155, 6.18.2 read):
 * tcp_transmit_skb, tcp_write_xmit, tso_fragment, tcp_fragment,
 * tcp_tso_should_defer, tcp_cwnd_validate, tcp_cwnd_restart,
 * tcp_select_window, tcp_select_initial_window, tcp_send_ack,
 * tcp_connect, tcp_make_synack, tcp_retransmit_skb,
 * tcp_xmit_retransmit_queue, tcp_schedule_loss_probe,
 * tcp_send_loss_probe, tcp_wfree, tcp_tasklet_func; the socket's
 * contract and what TCP leaves out as a whole are tcp.h's.
 *  - tcp_write_xmit: cwnd test, receive-window test, TSQ per era
 *    (tcp_formulas.c), splitting to the cwnd/window quota (tso_fragment),
 *    tcp_transmit_skb: a clone charged to sk_wmem_alloc with tcp_wfree.
 *    The cwnd quota (tcp_cwnd_test) is the room in the window; since
 *    "tcp: limit GSO packets to half cwnd" (before 4.4; 6.x text read,
 *    4.4.155's not) at most half the window, so one skb never takes it
 *    all (4.4 and 6.x profiles).
 *  - tcp_wfree: uncharge; if TSQ throttled, queue the socket on this
 *    CPU's TSQ list and raise TASKLET_SOFTIRQ (tcp_tasklet_func ->
 *    tcp_write_xmit), so refill happens on the CPU that freed. 6.x
 *    (6.18.2 tcp_wfree): not from ksoftirqd while sk_wmem_alloc is at
 *    least SKB_TRUESIZE(1), so a stressed CPU refills in batches.
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
 *  - the tail loss probe (3.10 on, tcp_early_retrans 3): with an RTO
 *    pending, a probe about two srtt ahead (3.x: in Open, cwnd-limited
 *    or with nothing to send, at least 10 ms; 6.x: in Open or CWR)
 *    sends new data or the last segment again; an ACK past it without a
 *    D-SACK means it repaired a loss, and cwnd drops to a new ssthresh
 *    (tcp_schedule_loss_probe, tcp_send_loss_probe here; the timer in
 *    tcp_timer.c, tcp_process_tlp_ack in tcp_input.c).
 *  - RFC 2861 and idle (tcp_cwnd_validate, tcp_cwnd_application_limited,
 *    tcp_cwnd_restart): an unused window decays once an RTO passes with
 *    no ACK it may grow on; a sender idle for more than an RTO restarts
 *    with its window halved per RTO of idle, down to IW10 (3.x as a data
 *    skb is sent, 4.4 and 6.x as tcp_sendmsg queues one); both follow
 *    net.ipv4.tcp_slow_start_after_idle.
 *  - the sending half of the three-way handshake (tcp_connect,
 *    tcp_make_synack, tcp_select_initial_window; the handshake's
 *    contract is tcp_input.c's) and of classic ECN (tcp_ecn_send,
 *    tcp_ecn_send_syn; ECN's contract is tcp_input.c's).
 *  - EDT (6.18.2 __tcp_transmit_skb, tcp_update_skb_after_send,
 *    tcp_pacing_check, tcp_pace_kick; the model since 4.20): every skb
 *    TCP sends carries its earliest departure time (skb->tstamp =
 *    tcp_wstamp_ns, at least the clock tcp_mstamp_refresh cached), and
 *    its send stamp is that time. A socket whose sk_pacing_status is not
 *    SK_PACING_NONE (BBR sets SK_PACING_NEEDED; sch_fq SK_PACING_FQ)
 *    advances tcp_wstamp_ns by len / sk_pacing_rate after each data skb
 *    (from the 11th data segment on, less up to half of it as credit for
 *    time the socket sat idle). With SK_PACING_NEEDED tcp_write_xmit and
 *    tcp_xmit_retransmit_queue stop while tcp_wstamp_ns is ahead of the
 *    clock and arm the pacing hrtimer for it, whose expiry runs the
 *    socket's TSQ handler. Unpaced sockets keep tcp_wstamp_ns at the
 *    clock, so their skbs leave as before.
 *    Deviation: the hrtimer's soft expiry (HRTIMER_SOFTIRQ on the arming
 *    CPU) joins the socket to that CPU's TSQ list and raises
 *    TASKLET_SOFTIRQ: both end in tcp_tsq_handler.
 *    Deviation: pacing is not applied to the handshake's SYNs and a
 *    local qdisc drop (NET_XMIT_DROP, or CN, which Linux counts as sent)
 *    leaves tcp_wstamp_ns unadvanced.
 * Deviation: tcp_enter_cwr and tcp_init_cwnd_reduction live here, not in
 * tcp_input.c: tcp_transmit_skb enters CWR when the local qdisc drops,
 * and this file calls no other TCP file.
 */
#include "net/ipv4/tcp_internal.h"

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
uint32_t tcp_select_window(struct tcp_sock *tp)
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

/*
 * __tcp_transmit_skb: the departure time, at least the cached clock, is
 * the skb's tstamp and, when paced, its send stamp (the timestamp
 * option's and the RTT samples' skb_mstamp_ns).
 * Deviation: an unpaced socket's departure time is the clock of the CPU
 * sending, whose local clock may trail another CPU's (Linux: the max
 * with the last, on one monotonic clock); its send stamp stays that
 * CPU's time in ps.
 */
static void tcp_edt_stamp(struct tcp_sock *tp, struct sk_buff *c)
{
	if (tp->sk.sk_pacing_status == SK_PACING_NONE) {
		tp->tcp_wstamp_ns = tp->tcp_clock_cache;
		c->tstamp = tp->tcp_wstamp_ns;
		return;
	}
	tp->tcp_wstamp_ns = MAX(tp->tcp_wstamp_ns, tp->tcp_clock_cache);
	c->tstamp = tp->tcp_wstamp_ns;
	c->tsval = MAX(c->tsval, (sim_time_t)tp->tcp_wstamp_ns * PS_PER_NS);
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

/* tcp_init_cwnd_reduction: ssthresh now, cwnd brought down by PRR */
void tcp_init_cwnd_reduction(struct cpu *cpu, struct tcp_sock *tp)
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
 * tcp_enter_cwr, on an ACK with ECE (FLAG_ECE) or a segment the local
 * qdisc dropped (tcp_transmit_skb): once per window, ssthresh from the
 * congestion control, and with ECN CWR queued for the next new segment
 * (tcp_init_cwnd_reduction, TCP_ECN_queue_cwr); PRR brings cwnd down to
 * it, and it does not grow until snd_una passes high_seq.
 */
void tcp_enter_cwr(struct cpu *cpu, struct tcp_sock *tp)
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

/* The end of tcp_transmit_skb, data or ACK: a segment the local qdisc
 * dropped (NET_XMIT_DROP, or fq_codel's _CN) puts the socket in CWR. */
static int tcp_queue_xmit(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *c)
{
	int err = ERR_OK;

	ip_send_skb(cpu, c, &err);
	if (err != ERR_OK) {
		tp->local_drops++;
		tcp_enter_cwr(cpu, tp);
	}
	return err;
}

/* --- EDT and internal pacing (6.x) ----------------------------------- */

/* tcp_mstamp_refresh: the clock TCP stamps skbs with, in ns */
void tcp_mstamp_refresh(struct cpu *cpu, struct tcp_sock *tp)
{
	tp->tcp_clock_cache = (uint64_t)cpu_now(cpu) / PS_PER_NS;
}

/* tcp_needs_internal_pacing: paced, and no qdisc (sch_fq) does it */
static bool tcp_needs_internal_pacing(const struct tcp_sock *tp)
{
	return tp->sk.sk_pacing_status == SK_PACING_NEEDED;
}

/*
 * tcp_update_skb_after_send, after a data skb of len bytes left: a paced
 * socket's next departure is len / sk_pacing_rate later; the time
 * tcp_wstamp_ns was just raised by (the socket sat idle: credit) pays for
 * up to half of that. No pacing over the first 10 data segments, as the
 * original sch_fq, nor at an unset (~0) or zero rate.
 */
void tcp_update_skb_after_send(struct tcp_sock *tp, uint32_t len, uint64_t prior_wstamp)
{
	uint64_t rate = tp->sk.sk_pacing_rate, len_ns, credit;

	if (tp->sk.sk_pacing_status == SK_PACING_NONE)
		return;
	if (rate == UINT64_MAX || !rate || tp->segs_out < 10)
		return;
	len_ns = (uint64_t)len * (uint64_t)(PS_PER_S / PS_PER_NS) / rate;
	credit = tp->tcp_wstamp_ns - prior_wstamp;
	len_ns -= MIN(len_ns / 2, credit);
	tp->tcp_wstamp_ns += len_ns;
}

/* tcp_pacing_check: internal pacing holds the next skb until its
 * departure time, the pacing hrtimer armed for it on this CPU. */
static bool tcp_pacing_check(struct cpu *cpu, struct tcp_sock *tp)
{
	if (!tcp_needs_internal_pacing(tp))
		return false;
	if (tp->tcp_wstamp_ns <= tp->tcp_clock_cache)
		return false;
	if (!sim_event_pending(&tp->pacing_timer)) {
		tp->pacing_timer.data = (uint64_t)cpu->id;
		sim_schedule(tp->host->sim, &tp->pacing_timer,
			     (sim_time_t)tp->tcp_wstamp_ns * PS_PER_NS);
	}
	return true;
}

/* tcp_pace_kick, the pacing hrtimer's expiry: tcp_tsq_handler on the
 * arming CPU (see the contract's Deviation). */
void tcp_pace_kick(struct sim *sim, struct sim_event *ev)
{
	struct tcp_sock *tp = ev->arg;
	struct cpu *cpu = &tp->host->cpus[ev->data];

	(void)sim;
	tp->pacing_timer_fires++;
	if (tp->tsq_queued)
		return;
	tp->tsq_queued = true;
	tp->tsq_next = cpu->tsq_list;
	cpu->tsq_list = tp;
	raise_softirq(cpu, TASKLET_SOFTIRQ);
}

/* tcp_transmit_skb: a clone of a write-queue skb to IP. */
static void tcp_transmit_skb(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	struct sk_buff *c = skb_pool_get(tp->host->pool);
	uint32_t len = payload(skb), win = tcp_select_window(tp);
	uint64_t prior_wstamp = tp->tcp_wstamp_ns;

	cpu_charge(cpu, COST_tcp_xmit_skb, cost(tp)->tcp_xmit_skb);
	fill_tcp_header(tp, c, cpu);
	tcp_edt_stamp(tp, c);
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
	if (tcp_queue_xmit(cpu, tp, c) == ERR_OK) {
		tcp_update_skb_after_send(tp, len, prior_wstamp);
		tcp_rate_skb_sent(tp, skb);
	}
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
void tcp_fragment_sent(struct tcp_sock *tp, struct sk_buff *skb, uint32_t len)
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
	skb->next->tx_first_tx_mstamp = skb->tx_first_tx_mstamp;	/* TCP_SKB_CB copied */
	skb->next->tx_delivered_mstamp = skb->tx_delivered_mstamp;
	skb->next->tx_delivered = skb->tx_delivered;
	skb->next->tx_app_limited = skb->tx_app_limited;
}

/* 6.x tcp_rtx_queue_empty_or_single_skb */
static bool rtx_empty_or_single(const struct tcp_sock *tp)
{
	const struct sk_buff *h = tp->write_queue.head;

	return h == tp->send_head || (h && h->next == tp->send_head);
}

static bool tcp_tsq_check(struct tcp_sock *tp, const struct sk_buff *skb)
{
	uint32_t limit = tcp_tsq_limit(kp(tp)->tsq_mode, tp->sk.sk_pacing_rate, skb->truesize,
				       kp(tp)->tcp_limit_output_bytes, tp->sk.sk_pacing_shift, 0);

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

/*
 * Slow start after idle (3.12.0 tcp_event_data_sent, 4.4.155 and 6.18.2
 * tcp_slow_start_after_idle_check, tcp_cwnd_restart): nothing in flight
 * and no data sent for more than an RTO (jiffies): ssthresh keeps 3/4 of
 * the window, which halves once per RTO of idle beyond the first, down to
 * the initial window. CUBIC and Reno do nothing on CA_EVENT_CWND_RESTART.
 */
void tcp_slow_start_after_idle_check(struct cpu *cpu, struct tcp_sock *tp)
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
	/* a paced socket's tcp_wstamp_ns may be ahead of the clock: it
	 * counts as a send just made (Deviation: unpaced, lsndtime stands
	 * in for it, which ACKs sent since leave alone) */
	if (tp->sk.sk_pacing_status != SK_PACING_NONE)
		return (int64_t)(tp->tcp_clock_cache - tp->tcp_wstamp_ns) <= (int64_t)(PS_PER_MS / PS_PER_NS);
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
bool tcp_schedule_loss_probe(struct cpu *cpu, struct tcp_sock *tp)
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

/* tcp_xmit_retransmit_queue: lost segments first, one MSS each, while
 * the window has room. */
void tcp_xmit_retransmit_queue(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;

	tcp_mstamp_refresh(cpu, tp);
	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next) {
		if (tcp_in_flight(tp) >= tp->cc.snd_cwnd)
			break;
		if (tcp_pacing_check(cpu, tp))
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

/* tcp_cwnd_test: how many segments the window lets the next skb carry;
 * 4.4 and 6.x keep at least two GSO skbs in flight (at most cwnd / 2). A
 * loss probe (push_one 2) may send one segment into a full window. */
static uint32_t tcp_cwnd_quota(const struct tcp_sock *tp, uint32_t in_flight)
{
	uint32_t cwnd = tp->cc.snd_cwnd;

	if (in_flight >= cwnd)
		return 1;
	if (kp(tp)->cwnd_quota_half)
		return MIN(cwnd - in_flight, MAX(cwnd >> 1, 1u));
	return cwnd - in_flight;
}

/* push_one: 1, tcp_push_one's call, one skb without TSO deferral; 2, a
 * loss probe's, which may also exceed cwnd by one segment. */
static void __tcp_write_xmit(struct cpu *cpu, struct tcp_sock *tp, int push_one)
{
	struct sk_buff *skb;
	bool sent = false, idle = !tp->packets_out, cwnd_full = false;

	tp->xmit_deferred = false;
	tcp_mstamp_refresh(cpu, tp);
	if (tp->lost_out > tp->retrans_out)	/* as tcp_tsq_handler does */
		tcp_xmit_retransmit_queue(cpu, tp);
	while ((skb = tp->send_head)) {
		uint64_t wnd_end = tp->snd_una + tp->snd_wnd;
		uint32_t quota, limit, in_flight = tcp_in_flight(tp);

		if (tcp_pacing_check(cpu, tp))
			break;
		if ((in_flight >= tp->cc.snd_cwnd && push_one != 2) || skb->seq >= wnd_end)
			break;
		if (!push_one && payload(skb) > tp->mss &&
		    tcp_tso_should_defer(cpu, tp, skb, in_flight, &cwnd_full)) {
			tp->xmit_deferred = true;
			break;
		}
		if (tcp_tsq_check(tp, skb))
			break;
		quota = tcp_cwnd_quota(tp, in_flight);
		limit = (uint32_t)MIN((uint64_t)quota * tp->mss, wnd_end - skb->seq);
		if (limit >= tp->mss)
			limit -= limit % tp->mss;	/* tcp_mss_split_point */
		if (payload(skb) > limit)
			tso_fragment(tp, skb, limit);
		if (!kp(tp)->cwnd_restart_at_entail)	/* tcp_event_data_sent */
			tcp_slow_start_after_idle_check(cpu, tp);
		if (idle && tp->cc.ops->tx_start) {	/* CA_EVENT_TX_START */
			tcp_cc_sync(tp, cpu_now(cpu));
			tp->cc.ops->tx_start(&tp->cc, cpu_now(cpu), tp->lsndtime);
		}
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

void tcp_retransmit_head(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb = tp->write_queue.head;

	if (!skb || skb == tp->send_head)
		return;
	tcp_mstamp_refresh(cpu, tp);	/* tcp_write_timer_handler */
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

void tcp_write_xmit(struct cpu *cpu, struct tcp_sock *tp)
{
	__tcp_write_xmit(cpu, tp, 0);
}

/* tcp_push_one: one skb, without TSO deferral */
void tcp_push_one(struct cpu *cpu, struct tcp_sock *tp)
{
	__tcp_write_xmit(cpu, tp, 1);
}

/*
 * tcp_send_loss_probe: new data if there is any (tcp_write_xmit with
 * push_one 2: one skb, one segment past cwnd if need be), else the last
 * segment again, at most one such retransmission out (tlp_high_seq);
 * then the RTO from now. 3.x records tlp_high_seq for a retransmission
 * only, 6.x for new data too (tlp_retrans tells them apart).
 */
void tcp_send_loss_probe(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;
	uint32_t before = tp->packets_out;

	tcp_mstamp_refresh(cpu, tp);	/* tcp_write_timer_handler */
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

void tcp_send_ack(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *c = alloc_skb(tp->host, (uint32_t)tp->host->plat->max_tcp_header);
	uint32_t win = tcp_select_window(tp);

	cpu_charge(cpu, COST_tcp_send_ack, cost(tp)->tcp_send_ack);
	fill_tcp_header(tp, c, cpu);
	tcp_mstamp_refresh(cpu, tp);
	tcp_edt_stamp(tp, c);
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

/* --- the three-way handshake ----------------------------------------- */

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
void tcp_select_initial_window(struct tcp_sock *tp, uint32_t mss)
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

/* A SYN (synack false) or SYN-ACK with our options; the window unscaled
 * (RFC 7323). Sent directly: a local drop is repaired by the SYN timer. */
void tcp_send_syn(struct cpu *cpu, struct tcp_sock *tp, bool synack)
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
