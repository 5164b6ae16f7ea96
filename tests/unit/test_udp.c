// SPDX-License-Identifier: MIT
/*
 * The UDP sender's rate schedule (src/app/udp.c udp_rate_due), as iperf -b
 * paces UDP: datagram k is due at start + k x size x 8 / rate, in whole
 * picoseconds rounded down, computed from k each time so no rounding
 * accumulates; and the loss count of iperf's server (udp_lost).
 *
 * Worked numbers: 1250 B at 10 Mbit/s is 10 000 bits, 1 ms apart; 1472 B
 * at 1 Gbit/s is 11 776 bits, 11.776 us apart; 1 B at 3 bit/s is 8/3 s,
 * so datagram 1 is due at 2 666 666 666 666 ps and datagram 3 at exactly
 * 8 s (no drift from the rounded 1st).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "app/app.h"

static void test_rate_due(void **state)
{
	(void)state;
	assert_int_equal(udp_rate_due(0, 0, 1250, 10000000), 0);
	assert_int_equal(udp_rate_due(0, 1, 1250, 10000000), PS_PER_MS);
	assert_int_equal(udp_rate_due(0, 1000, 1250, 10000000), PS_PER_S);
	assert_int_equal(udp_rate_due(5 * PS_PER_MS, 2, 1472, 1000000000),
			 5 * PS_PER_MS + 2 * 11776000);
	assert_int_equal(udp_rate_due(0, 1, 1, 3), 2666666666666LL);
	assert_int_equal(udp_rate_due(0, 3, 1, 3), 8 * PS_PER_S);
	/* 10^9 datagrams of 1472 B at 1 Gbit/s: 11 776 s, no overflow */
	assert_int_equal(udp_rate_due(0, 1000000000, 1472, 1000000000), 11776 * PS_PER_S);
}

static void test_lost(void **state)
{
	struct udp_app u = { 0 };

	(void)state;
	assert_int_equal(udp_lost(&u), 0);
	u.sink_expected = 100;	/* the highest datagram seen was number 99 */
	u.sink_packets = 97;
	assert_int_equal(udp_lost(&u), 3);
	u.sink_packets = 100;
	assert_int_equal(udp_lost(&u), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_due),
		cmocka_unit_test(test_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
