// SPDX-License-Identifier: MIT
/*
 * The receiver's window and quick ACKs at the start of a connection
 * (tcp_select_initial_window, tcp_init_buffer_space, tcp_incr_quickack,
 * tcp_grow_window; 3.12.0 and 6.18.2 read; src/net/ipv4/tcp_output.c,
 * tcp_input.c).
 *
 * Worked numbers, an x86-64 receiver, MSS 1448, tcp_rmem[1] 87380 (3.x)
 * or 131072 (6.x), tcp_adv_win_scale 1 (half the buffer is window):
 *  - 3.12: full space 43690, rounded down to MSS 43440, capped at
 *    tcp_default_init_rwnd 20 MSS = 28960: the initial window and
 *    rcv_ssthresh. Then tcp_fixup_rcvbuf raises the buffer to 2 x 20
 *    segments' truesize, 40 x SKB_TRUESIZE(1448 + 320) = 40 x 2344 =
 *    93760 (3.13: four times that, 375040), and window_clamp is half of
 *    it, 46880. The first data segment gives 28960 / (2 x 1448) = 10
 *    quick ACKs.
 *  - 6.x: 65536 rounded down to 65160 (45 MSS), no cap: 22 quick ACKs,
 *    at most 16.
 *  - an in-order 1448-byte segment of truesize 2304 (win_from_space 1152
 *    <= 1448) raises rcv_ssthresh by 2 MSS, 28960 -> 31856, and sets the
 *    low bit of the quick count (quick |= 1: 10 -> 11, 16 -> 17), so it
 *    is ACKed at once; each ACK sent uses one quick ACK.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "tcp_fixture.h"

/* One in-order 1448-byte data segment from the sender to the receiver. */
static void deliver(struct tcp_fixture *f, struct tcp_sock *rx)
{
	tcp_fixture_segment(f, rx, 1448, rx->snd_nxt, 0);
}

static void test_initial_window_312(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *rx;
	uint64_t acks;

	(void)state;
	tcp_fixture_setup(&f, "3.12");
	rx = &f.w.apps[0].u.stream.rx;
	assert_int_equal(rx->rcv_wnd, 28960);
	assert_int_equal(rx->rcv_ssthresh, 28960);
	assert_int_equal(rx->rcvbuf, 93760);
	assert_int_equal(rx->window_clamp, 46880);
	assert_int_equal(rx->rcvq_space, 28960);
	assert_int_equal(rx->quick, 0);
	acks = rx->acks_out;
	deliver(&f, rx);
	/* 10 quick ACKs, | 1, one used by this segment's immediate ACK */
	assert_int_equal(rx->rcv_ssthresh, 28960 + 2 * 1448);
	assert_int_equal(rx->acks_out, acks + 1);
	assert_int_equal(rx->quick, 10);
	tcp_fixture_teardown(&f);
}

static void test_initial_window_6x(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *rx;

	(void)state;
	tcp_fixture_setup(&f, "6.x");
	rx = &f.w.apps[0].u.stream.rx;
	assert_int_equal(rx->rcv_wnd, 65160);
	deliver(&f, rx);
	assert_int_equal(rx->quick, (16 | 1) - 1);
	tcp_fixture_teardown(&f);
}

/*
 * 3.13 autotuning (tcp_rcv_space_adjust): 30 segments (43440 bytes) read
 * in an RTT after a first measure of 28960: at least 1.5 times it, so the
 * window is (2 x 43440 + 16 x 1448) x 2 = 220096, 152 segments of rcvmem
 * (2344 raised by 128 until its half holds an MSS: 2984), 453568 bytes,
 * above the start-up 375040; window_clamp follows the window (3.13).
 */
static void test_autotuning_313(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *rx;
	int i;

	(void)state;
	tcp_fixture_setup(&f, "3.13");
	rx = &f.w.apps[0].u.stream.rx;
	assert_int_equal(rx->rcvbuf, 375040);
	assert_int_equal(rx->window_clamp, 187520);
	for (i = 0; i < 30; i++)
		deliver(&f, rx);
	rx->rcv_rtt = 1 * PS_PER_MS;
	rx->cpu->running = true;
	rx->cpu->t = 5 * PS_PER_MS;
	assert_int_equal(tcp_recvmsg(rx->cpu, rx, 1 << 20), 30 * 1448);
	rx->cpu->running = false;
	assert_int_equal(rx->rcvq_space, 43440);
	assert_int_equal(rx->rcvbuf, 453568);
	assert_int_equal(rx->window_clamp, 220096);
	tcp_fixture_teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_initial_window_312),
		cmocka_unit_test(test_initial_window_6x),
		cmocka_unit_test(test_autotuning_313),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
