// SPDX-License-Identifier: MIT
/*
 * The retransmission timeout's window (tcp_enter_loss, net/ipv4/
 * tcp_input.c, 3.12.0 and 6.18.2 read; src/net/ipv4/tcp_timer.c tcp_write_timer):
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

	tcp_fixture_sender(f, "3.12", 20);
	tp = f->tp;
	assert_int_equal(tcp_sendmsg_step(f->cpu, tp, 10 * 1448, false), 10 * 1448);
	tcp_push(f->cpu, tp);
	assert_int_equal(tp->packets_out, 10);
	f->cpu->t = PS_PER_S;	/* a second into the item: jiffies > 0 */
}

/* The retransmission timeout, due now (not the loss probe the send may
 * have scheduled with the handshake's RTT sample). */
static void fire_rto(struct tcp_fixture *f)
{
	f->tp->rto_deadline = 1;	/* due */
	f->tp->tlp_armed = false;
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
 * (0.1 ms would be wrong); the echoed timestamp does, 5 ms old. The
 * handshake's sample came first: the SYN-ACK 6.5 us after the SYN, 6 whole
 * us (srtt8 48); the 5 ms sample makes it 48 + 5000 - 48 / 8 = 5042, srtt
 * 630.25 us (with 0.1 ms it would be 142).
 */
static void test_karn_after_rto(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;

	(void)state;
	tcp_fixture_sender(&f, "6.x", 20);
	tp = f.tp;
	tp->sack_ok = false;
	f.cpu->t = 1 * PS_PER_MS;
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 10 * 1448, false), 10 * 1448);
	tcp_push(f.cpu, tp);
	assert_int_equal(tp->packets_out, 10);
	f.cpu->t = 6 * PS_PER_MS;
	fire_rto(&f);
	assert_int_equal(tp->ca_state, TCP_CA_LOSS);
	assert_int_equal(tp->est.srtt8, 48);
	assert_in_range(tp->min_rtt, 6 * PS_PER_US, 7 * PS_PER_US);
	f.cpu->t = 6 * PS_PER_MS + 100 * PS_PER_US;
	tcp_fixture_ack(&f, 1448, 1 * PS_PER_MS);
	assert_int_equal(tp->snd_una, 1448);
	assert_int_equal(tp->est.srtt8, 5042);
	assert_int_equal(tp->srtt, 630250 * PS_PER_NS);
	assert_in_range(tp->min_rtt, 6 * PS_PER_US, 7 * PS_PER_US);	/* the handshake's */
	tcp_fixture_teardown(&f);
}

/*
 * The tail loss probe, 3.12 rules (x86-64, HZ 250: 4 ms jiffies): ten
 * segments sent with nothing more to send and srtt one jiffy. The probe is
 * due in max(2 x 1 jiffy, 10 ms = 3 jiffies) = 3 jiffies instead of the
 * RTO; it retransmits the last segment alone and records snd_nxt. The ACK
 * of everything up to there ends nothing yet (not past tlp_high_seq);
 * once an ACK passes it, the probe repaired a loss: cwnd drops to CUBIC's
 * ssthresh, 20 x 717 / 1024 = 14.
 */
static void test_tail_loss_probe(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;

	(void)state;
	tcp_fixture_sender(&f, "3.12", 20);
	tp = f.tp;
	tp->est.srtt8 = 8;	/* one jiffy */
	f.cpu->t = 4 * PS_PER_MS;	/* jiffy 1 */
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 10 * 1448, false), 10 * 1448);
	tcp_push(f.cpu, tp);
	assert_int_equal(tp->packets_out, 10);
	assert_true(tp->tlp_armed);
	assert_int_equal(tp->rto_deadline, 1 + 3);
	f.cpu->t = 16 * PS_PER_MS;	/* jiffy 4: the probe */
	tp->rto_timer.fn(f.cpu, &tp->rto_timer);
	assert_int_equal(tp->loss_probes, 1);
	assert_int_equal(tp->retrans, 1);
	assert_int_equal(tp->tlp_high_seq, 10 * 1448);
	assert_false(tp->tlp_armed);	/* the RTO again */
	assert_int_equal(tp->write_queue.tail->seq, 9 * 1448);
	assert_int_equal(tp->retrans_out, 1);
	/* the ACK of all ten: at tlp_high_seq, not past it */
	f.cpu->t = 17 * PS_PER_MS;
	tcp_fixture_ack(&f, 10 * 1448, 4 * PS_PER_MS);
	assert_int_equal(tp->tlp_high_seq, 10 * 1448);
	assert_int_equal(tp->loss_probe_recoveries, 0);
	/* one more segment, ACKed: past it, a loss was repaired */
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 1448, false), 1448);
	tcp_push(f.cpu, tp);
	f.cpu->t = 18 * PS_PER_MS;
	tcp_fixture_ack(&f, 11 * 1448, 17 * PS_PER_MS);
	assert_int_equal(tp->tlp_high_seq, 0);
	assert_int_equal(tp->loss_probe_recoveries, 1);
	assert_int_equal(tp->cc.snd_cwnd, tp->cc.snd_ssthresh);
	tcp_fixture_teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rto_from_open),
		cmocka_unit_test(test_rto_in_recovery),
		cmocka_unit_test(test_karn_after_rto),
		cmocka_unit_test(test_tail_loss_probe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
