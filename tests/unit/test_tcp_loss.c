// SPDX-License-Identifier: MIT
/*
 * The retransmission timeout's window (tcp_enter_loss, net/ipv4/
 * tcp_input.c, 3.12.0 and 6.18.2 read; src/host/tcp.c tcp_write_timer):
 * cwnd restarts from one segment, but ssthresh drops only if this window
 * has not reduced it yet: from Open, once high_seq is ACKed, or in Loss
 * after data was ACKed there. An RTO during Recovery keeps Recovery's
 * ssthresh instead of taking 0.7 of a window PRR already shrank.
 *
 * Worked numbers, CUBIC (beta 717/1024) on an x86-64 3.12 sender with 10
 * segments out: from Open at cwnd 20, ssthresh = 20 * 717 / 1024 = 14; a
 * second RTO in Loss keeps 14 (recomputed from cwnd 1 it would be 2); in
 * Recovery with ssthresh 9 and cwnd 5, the RTO keeps 9 (not 3).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "tcp_fixture.h"

/* A sender with 10 segments in flight and its RTO due. */
static void setup_flight(struct tcp_fixture *f)
{
	struct tcp_sock *tp;

	tcp_fixture_setup(f, "3.12");
	tp = f->tp;
	tp->size_goal = 10 * 1448;
	tp->cc.snd_cwnd = 20;
	tp->snd_wnd = 1 << 20;
	tp->sk.sk_sndbuf = 1 << 22;
	assert_int_equal(tcp_sendmsg_step(f->cpu, tp, 10 * 1448, false), 10 * 1448);
	tcp_push(f->cpu, tp);
	assert_int_equal(tp->packets_out, 10);
	f->cpu->t = PS_PER_S;	/* a second into the item: jiffies > 0 */
}

static void fire_rto(struct tcp_fixture *f)
{
	f->tp->rto_deadline = 1;	/* due */
	f->tp->rto_timer.fn(f->cpu, &f->tp->rto_timer);
}

static void test_rto_from_open(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;

	(void)state;
	setup_flight(&f);
	tp = f.tp;
	fire_rto(&f);
	assert_int_equal(tp->ca_state, TCP_CA_LOSS);
	assert_int_equal(tp->cc.snd_cwnd, 1);
	assert_int_equal(tp->cc.snd_ssthresh, 14);
	/* a second RTO before anything was ACKed: this window's reduction
	 * is made, ssthresh stays */
	fire_rto(&f);
	assert_int_equal(tp->cc.snd_ssthresh, 14);
	assert_int_equal(tp->rtos, 2);
	tcp_fixture_teardown(&f);
}

static void test_rto_in_recovery(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;

	(void)state;
	setup_flight(&f);
	tp = f.tp;
	tp->ca_state = TCP_CA_RECOVERY;	/* as tcp_enter_recovery left it */
	tp->high_seq = tp->snd_nxt;
	tp->cc.snd_ssthresh = 9;
	tp->cc.snd_cwnd = 5;		/* PRR's way down */
	fire_rto(&f);
	assert_int_equal(tp->ca_state, TCP_CA_LOSS);
	assert_int_equal(tp->cc.snd_cwnd, 1);
	assert_int_equal(tp->cc.snd_ssthresh, 9);
	tcp_fixture_teardown(&f);
}

/*
 * Karn's rule after an RTO, 6.x (the 1 ms TS clock): ten segments sent at
 * 1 ms, the head retransmitted at 6 ms, its ACK at 6.1 ms echoing the
 * original's TSval (1 ms). The retransmission's stamp gives no sample
 * (0.1 ms would be wrong); the echoed timestamp does, 5 ms old.
 */
static void test_karn_after_rto(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;
	struct sk_buff *ack;

	(void)state;
	tcp_fixture_setup(&f, "6.x");
	tp = f.tp;
	tp->sack_ok = false;
	tp->size_goal = 10 * 1448;
	tp->cc.snd_cwnd = 20;
	tp->snd_wnd = 1 << 20;
	tp->sk.sk_sndbuf = 1 << 22;
	f.cpu->t = 1 * PS_PER_MS;
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 10 * 1448, false), 10 * 1448);
	tcp_push(f.cpu, tp);
	assert_int_equal(tp->packets_out, 10);
	f.cpu->t = 6 * PS_PER_MS;
	fire_rto(&f);
	assert_int_equal(tp->ca_state, TCP_CA_LOSS);
	f.cpu->t = 6 * PS_PER_MS + 100 * PS_PER_US;
	ack = alloc_skb(tp->host, 128);
	ack->protocol = ETH_P_IP;
	ack->ip_proto = IPPROTO_TCP_;
	ack->saddr = tp->daddr;
	ack->daddr = tp->host->addr;
	ack->sport = tp->dport;
	ack->dport = tp->sk.port;
	ack->seq = ack->end_seq = tp->rcv_nxt;
	ack->ack_seq = tp->snd_una + 1448;
	ack->tcp_flags = TCPHDR_ACK;
	ack->tcp_win = 1 << 20;
	ack->tsval = f.cpu->t;
	ack->tsecr = 1 * PS_PER_MS;
	tcp_v4_rcv(f.cpu, ack);
	assert_int_equal(tp->snd_una, 1448);
	assert_int_equal(tp->min_rtt, 5 * PS_PER_MS);
	assert_int_equal(tp->srtt, 5 * PS_PER_MS);
	tcp_fixture_teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rto_from_open),
		cmocka_unit_test(test_rto_in_recovery),
		cmocka_unit_test(test_karn_after_rto),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
