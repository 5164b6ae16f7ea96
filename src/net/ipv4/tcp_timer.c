// SPDX-License-Identifier: MIT
/*
 * TCP timers: the write timer (RTO, tail loss probe, SYN and SYN-ACK
 * retransmission) and the delayed-ACK timer.
 *
 * Follows net/ipv4/tcp_timer.c (3.12.0, 4.4.155, 6.18.2 read):
 * tcp_init_xmit_timers, tcp_write_timer, tcp_write_timer_handler,
 * tcp_retransmit_timer, tcp_delack_timer, and inet_rtx_syn_ack.
 *  - one timer_list carries the write timer's deadline (icsk_timeout in
 *    jiffies, tp->rto_deadline); it is re-armed only when the deadline
 *    comes earlier (tcp_set_rto_timer, tcp_internal.h), and re-arms itself
 *    when it fires before the deadline. While the application owns the
 *    socket it only sets TCP_WRITE_TIMER_DEFERRED, for release_sock
 *    (tcp.c).
 *  - the deadline is a SYN's or SYN-ACK's (TCP_TIMEOUT_INIT, doubled per
 *    retransmission), a loss probe's (ICSK_TIME_LOSS_PROBE: sent by
 *    tcp_send_loss_probe, tcp_output.c), or the RTO's: tcp_enter_loss
 *    (tcp_input.c), the backoff doubled (at most TCP_RTO_MAX), and the
 *    lost segments, or with no SACK everything from snd_una, sent again
 *    as the window of one segment allows.
 *  - the delayed-ACK timer sends the ACK __tcp_ack_snd_check held back.
 * Leaves out: the keepalive timer, the zero-window probe timer, the
 * retry limits (tcp_retries2, tcp_syn_retries: see tcp_set_rto_timer),
 * the delayed ACK's ato estimate (TCP_DELACK_MIN always).
 * Deviation: the delayed-ACK timer is never deferred by the socket lock.
 */
#include "net/ipv4/tcp_internal.h"

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

/* tcp_write_timer's work with nothing to do: no data out and no
 * handshake under way, or the deadline cleared (tcp_clear_rto_timer) */
static bool tcp_write_timer_idle(const struct tcp_sock *tp)
{
	bool syn = tp->state == TCP_SYN_SENT || tp->state == TCP_SYN_RECV;

	return (!tp->packets_out && !syn) || !tp->rto_deadline;
}

/*
 * tcp_retransmit_timer: the RTO. tcp_enter_loss (tcp_input.c) marks what
 * goes again, the backoff doubles the next RTO, and the lost segments
 * (with SACK) or everything from snd_una (go back N) are sent as the
 * window of one segment allows.
 */
static void tcp_retransmit_timer(struct cpu *cpu, struct tcp_sock *tp)
{
	tp->rtos++;
	tcp_enter_loss(cpu, tp);
	if (tp->backoff < 32)
		tp->backoff++;
	if (tp->sack_ok) {
		tcp_xmit_retransmit_queue(cpu, tp);
	} else {
		tp->retrans++;
		tcp_write_xmit(cpu, tp);
	}
	tcp_set_rto_timer(cpu, tp);
}

/* tcp_write_timer_handler: the deadline not reached yet re-arms the
 * timer; else the SYN, the loss probe or the RTO, whichever is due. */
void tcp_write_timer_handler(struct cpu *cpu, struct tcp_sock *tp)
{
	if (tcp_write_timer_idle(tp))
		return;
	if (cpu_jiffies(cpu) < tp->rto_deadline) {
		mod_timer(cpu, &tp->rto_timer, tp->rto_deadline);
		return;
	}
	if (tp->state == TCP_SYN_SENT || tp->state == TCP_SYN_RECV) {
		tcp_retransmit_syn(cpu, tp);
		return;
	}
	if (tp->tlp_armed) {	/* ICSK_TIME_LOSS_PROBE */
		tp->tlp_armed = false;
		tcp_send_loss_probe(cpu, tp);
		return;
	}
	tcp_retransmit_timer(cpu, tp);
}

static void tcp_write_timer(struct cpu *cpu, struct timer_list *t)
{
	struct tcp_sock *tp = t->arg;

	if (tcp_write_timer_idle(tp))
		return;
	if (tp->owned) {	/* tcp_write_timer: TCP_WRITE_TIMER_DEFERRED */
		tp->write_timer_deferred = true;
		return;
	}
	tcp_write_timer_handler(cpu, tp);
}

static void tcp_delack_timer(struct cpu *cpu, struct timer_list *t)
{
	struct tcp_sock *tp = t->arg;

	if (tp->ack_pending)
		tcp_send_ack(cpu, tp);
}

/* tcp_init_xmit_timers, from the socket's set-up (tcp.c) */
void tcp_init_xmit_timers(struct tcp_sock *tp)
{
	timer_setup(&tp->rto_timer, tcp_write_timer, tp);
	timer_setup(&tp->delack_timer, tcp_delack_timer, tp);
	sim_event_init(&tp->pacing_timer, tcp_pace_kick, tp);	/* HRTIMER_MODE_ABS_PINNED_SOFT */
}
