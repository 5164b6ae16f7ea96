// SPDX-License-Identifier: MIT
/*
 * tcp_sendmsg's pushes (net/ipv4/tcp.c, 3.12.0 and 6.18.2 read; src/net/ipv4/
 * tcp.c tcp_sendmsg_step): once an skb reaches the size goal with more of
 * the write to come, forced_push (more than half the peer's largest window
 * written since the last push mark) sends what it may; otherwise the full
 * send head goes alone through tcp_push_one, which skips TSO deferral.
 *
 * Worked case: an x86-64 sender on kernel 3.12 with the ideal NIC, mss
 * 1448, a size goal of 10 segments, cwnd 14, a 1 MiB window. A write of
 * 35 segments: its first skb (10) goes at once; the second (10) finds 4
 * segments of cwnd room, less than a full skb and than a third of the
 * window, where tcp_write_xmit would defer, and tcp_push_one still sends
 * those 4 (tso_fragment leaves 6 unsent, which the next copy tops up). With the peer's largest window at 16 segments, the second full
 * skb is past half of it: a forced push, which defers, and marks the push
 * point.
 *
 * From 4.4 (tcp_cwnd_test, "tcp: limit GSO packets to half cwnd") one skb
 * takes at most half the window: the same first skb of 10 segments with
 * cwnd 14 sends 7 (the rest stays unsent), and with cwnd 40 all 10.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "tcp_fixture.h"

/* The worked case's sender: size goal 10 segments, a 1 MiB window, the
 * kernel, cwnd and the peer's largest window as given. */
static void setup_sender(struct tcp_fixture *f, const char *kernel, uint32_t cwnd,
			 uint64_t max_window)
{
	tcp_fixture_sender(f, kernel, cwnd);
	f->tp->max_window = max_window;
}

static void test_push_one(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;

	(void)state;
	setup_sender(&f, "3.12", 14, 1 << 20);
	tp = f.tp;
	/* the first skb fills: the send head goes alone, 10 segments */
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 35 * 1448, false), 10 * 1448);
	assert_int_equal(tp->packets_out, 10);
	assert_int_equal(tp->snd_nxt, 10 * 1448);
	/* the second: 4 segments of room, which deferral would hold back
	 * (under a full skb and under a third of 14); tcp_push_one sends them */
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 25 * 1448, false), 10 * 1448);
	assert_int_equal(tp->packets_out, 14);
	assert_int_equal(tp->snd_nxt, 14 * 1448);
	assert_int_equal(tp->pushed_seq, 0);	/* no push mark yet */
	/* the 6 segments left unsent (tso_fragment cut the skb at the window)
	 * are the tail, which the write tops up to the size goal: 4 more,
	 * full with more to come, and alone it goes once the window opens */
	tp->cc.snd_cwnd = 40;
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 5 * 1448, false), 4 * 1448);
	assert_int_equal(tp->packets_out, 24);
	/* the end of a write is tcp_push's (the caller's), not the copy's */
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 1 * 1448, false), 1 * 1448);
	assert_int_equal(tp->packets_out, 24);
	assert_int_equal(tp->write_seq, 25 * 1448);
	tcp_fixture_teardown(&f);
}

static void test_forced_push(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;

	(void)state;
	setup_sender(&f, "3.12", 14, 16 * 1448);	/* half: 8 segments */
	tp = f.tp;
	/* 10 written > 0 + 8: forced push, the push point marked; it sends
	 * all it may (deferral does not hold a first skb with all of cwnd) */
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 35 * 1448, false), 10 * 1448);
	assert_int_equal(tp->pushed_seq, 10 * 1448);
	assert_int_equal(tp->packets_out, 10);
	/* 20 written > 10 + 8: forced again; 4 segments of room and a skb
	 * that is the tail: tcp_write_xmit's deferral holds it */
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 25 * 1448, false), 10 * 1448);
	assert_int_equal(tp->pushed_seq, 20 * 1448);
	assert_int_equal(tp->packets_out, 10);
	tcp_fixture_teardown(&f);
}

/* 4.4 and 6.x: the first full skb with cwnd 14 goes as 7 segments */
static void half_cwnd(const char *kernel)
{
	struct tcp_fixture f;
	struct tcp_sock *tp;

	setup_sender(&f, kernel, 14, 1 << 20);
	tp = f.tp;
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 35 * 1448, false), 10 * 1448);
	assert_int_equal(tp->packets_out, 7);	/* min(14 - 0, 14 / 2) */
	assert_int_equal(tp->snd_nxt, 7 * 1448);
	tcp_fixture_teardown(&f);

	setup_sender(&f, kernel, 40, 1 << 20);
	tp = f.tp;
	assert_int_equal(tcp_sendmsg_step(f.cpu, tp, 35 * 1448, false), 10 * 1448);
	assert_int_equal(tp->packets_out, 10);	/* half of 40 is room enough */
	tcp_fixture_teardown(&f);
}

static void test_half_cwnd_44(void **state)
{
	(void)state;
	half_cwnd("4.4");
}

static void test_half_cwnd_6x(void **state)
{
	(void)state;
	half_cwnd("6.x");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_push_one),
		cmocka_unit_test(test_forced_push),
		cmocka_unit_test(test_half_cwnd_44),
		cmocka_unit_test(test_half_cwnd_6x),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
