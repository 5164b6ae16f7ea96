// SPDX-License-Identifier: MIT
/*
 * Slow start after idle (tcp_cwnd_restart; src/net/ipv4/tcp_output.c
 * tcp_slow_start_after_idle_check): a sender with nothing in flight that
 * sent no data for more than an RTO keeps 3/4 of its window in ssthresh
 * and halves cwnd once per RTO of idle beyond the first, down to the
 * initial window. 3.12.0 tests it as a data skb is sent
 * (tcp_event_data_sent), 4.4.155 and 6.18.2 as tcp_sendmsg queues a new
 * skb (tcp_skb_entail); net.ipv4.tcp_slow_start_after_idle=0 turns it off.
 *
 * Worked numbers, x86-64 (HZ 250, 4 ms jiffies), RTO 200 ms = 50 jiffies,
 * cwnd 80, ssthresh 30, idle 450 ms = 112 jiffies: ssthresh = max(30, 40
 * + 20) = 60; 112 - 50 = 62 > 0: 40; 62 - 50 = 12 > 0: 20; 12 - 50 < 0:
 * stop. cwnd 20.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "tcp_fixture.h"

/* A sender that last sent data at 0 and is now 450 ms later, idle. */
static void setup_idle(struct tcp_fixture *f, const char *kernel)
{
	struct tcp_sock *tp;

	tcp_fixture_sender(f, kernel, 80);
	tp = f->tp;
	tp->cc.snd_ssthresh = 30;
	tp->rto = 200 * PS_PER_MS;
	tp->lsndtime = 0;
	f->cpu->t = 450 * PS_PER_MS;
}

/* Write 10 segments and push them; the window as the first one left. */
static void write_after_idle(struct tcp_fixture *f)
{
	assert_int_equal(tcp_sendmsg_step(f->cpu, f->tp, 10 * 1448, false), 10 * 1448);
	tcp_push(f->cpu, f->tp);
	assert_int_equal(f->tp->packets_out, 10);
}

static void check_restart(const char *kernel)
{
	struct tcp_fixture f;

	setup_idle(&f, kernel);
	write_after_idle(&f);
	assert_int_equal(f.tp->cc.snd_ssthresh, 60);
	assert_int_equal(f.tp->cc.snd_cwnd, 20);
	assert_int_equal(f.tp->cwnd_restarts, 1);
	tcp_fixture_teardown(&f);
}

static void test_restart_on_send_312(void **state)
{
	(void)state;
	check_restart("3.12");
}

static void test_restart_on_entail_44(void **state)
{
	(void)state;
	check_restart("4.4");
}

/* Idle for less than an RTO, or with the sysctl off: nothing changes. */
static void test_no_restart(void **state)
{
	struct tcp_fixture f;

	(void)state;
	setup_idle(&f, "3.12");
	f.cpu->t = 190 * PS_PER_MS;
	write_after_idle(&f);
	assert_int_equal(f.tp->cc.snd_cwnd, 80);
	assert_int_equal(f.tp->cwnd_restarts, 0);
	tcp_fixture_teardown(&f);

	setup_idle(&f, "4.4");
	f.tp->host->tcp_slow_start_after_idle = 0;
	write_after_idle(&f);
	assert_int_equal(f.tp->cc.snd_cwnd, 80);
	assert_int_equal(f.tp->cc.snd_ssthresh, 30);
	tcp_fixture_teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_restart_on_send_312),
		cmocka_unit_test(test_restart_on_entail_44),
		cmocka_unit_test(test_no_restart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
