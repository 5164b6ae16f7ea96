// SPDX-License-Identifier: MIT
/*
 * Unit tests for the random streams (src/sim/engine/rng.c).
 *
 * Checks: splitmix64 and xoshiro256** reproduce published reference
 * outputs; rng_seed fills the state from splitmix64; a (seed, name) pair
 * always gives the same stream and different names or seeds give
 * unrelated ones; rng_streamf names the stream with a format; rng_below stays in [0, n) and is roughly uniform
 * (chi-square, fixed seed, loose bound); rng_double stays in [0, 1).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nicsim/rng.h"

/*
 * splitmix64 from seed 1234567: the values published with the Rosetta Code
 * task "Pseudo-random numbers/Splitmix64"; the algorithm computes exactly
 * these (checked when this test was written).
 */
static const uint64_t sm_1234567[] = {
	6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
	4593380528125082431ULL, 16408922859458223821ULL,
};

static void test_splitmix64_reference(void **state)
{
	uint64_t st = 1234567;
	unsigned int i;

	for (i = 0; i < 5; i++)
		assert_int_equal(splitmix64(&st), sm_1234567[i]);
	st = 0;		/* Vigna's splitmix64.c from a zero state */
	assert_int_equal(splitmix64(&st), 0xe220a8397b1dcdafULL);
}

/*
 * xoshiro256** from state {1, 2, 3, 4}: the vector in rand_xoshiro's
 * "reference" test, produced there with the authors' C implementation.
 * The first three also follow by hand: rotl(2 * 5, 7) * 9 = 11520, then
 * s[1] becomes 0, then rotl(262149 * 5, 7) * 9 = 1509978240.
 */
static void test_xoshiro256ss_reference(void **state)
{
	static const uint64_t want[] = {
		11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
		1216172134540287360ULL, 607988272756665600ULL,
		16172922978634559625ULL, 8476171486693032832ULL,
		10595114339597558777ULL, 2904607092377533576ULL,
	};
	struct rng r = { .s = { 1, 2, 3, 4 } };
	unsigned int i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_int_equal(rng_next(&r), want[i]);
}

static void test_seed_fills_from_splitmix(void **state)
{
	struct rng r;
	int i;

	rng_seed(&r, 1234567);
	for (i = 0; i < 4; i++)
		assert_int_equal(r.s[i], sm_1234567[i]);
}

static void test_stream_reproducible(void **state)
{
	struct rng a, b;
	int i;

	rng_stream(&a, 42, "host0.tx");
	rng_stream(&b, 42, "host0.tx");
	for (i = 0; i < 100000; i++)
		assert_int_equal(rng_next(&a), rng_next(&b));
}

/* rng_streamf is rng_stream of the formatted name. */
static void test_streamf_formats_name(void **state)
{
	struct rng a, b;
	int i;

	rng_streamf(&a, 42, "app.%s", "ping");
	rng_stream(&b, 42, "app.ping");
	for (i = 0; i < 1000; i++)
		assert_int_equal(rng_next(&a), rng_next(&b));
	rng_streamf(&a, 42, "host.%s.dev.%s", "dut", "eth0");
	rng_stream(&b, 42, "host.dut.dev.eth0");
	for (i = 0; i < 1000; i++)
		assert_int_equal(rng_next(&a), rng_next(&b));
}

/* Streams agree on no output in the first 10000: unrelated. */
static void assert_streams_differ(uint64_t sa, const char *na,
				  uint64_t sb, const char *nb)
{
	struct rng a, b;
	int i, same = 0;

	rng_stream(&a, sa, na);
	rng_stream(&b, sb, nb);
	for (i = 0; i < 10000; i++)
		same += rng_next(&a) == rng_next(&b);
	assert_int_equal(same, 0);
}

static void test_streams_differ(void **state)
{
	assert_streams_differ(42, "host0.tx", 42, "host1.tx");
	assert_streams_differ(42, "a", 42, "b");
	assert_streams_differ(42, "", 42, "x");
	assert_streams_differ(42, "ab", 42, "ba");
	assert_streams_differ(42, "link", 43, "link");
	assert_streams_differ(0, "link", 0, "link2");
}

static void test_below_bounds(void **state)
{
	static const uint64_t ns[] = {
		1, 2, 3, 7, 10, 1000, 1ULL << 32, (1ULL << 32) + 1,
		(1ULL << 63) + 1, UINT64_MAX - 1, UINT64_MAX,
	};
	uint64_t high = 0;
	unsigned int k;
	struct rng r;
	int i;

	rng_stream(&r, 7, "below");
	for (k = 0; k < sizeof(ns) / sizeof(ns[0]); k++)
		for (i = 0; i < 20000; i++)
			assert_true(rng_below(&r, ns[k]) < ns[k]);
	for (i = 0; i < 1000; i++)
		assert_int_equal(rng_below(&r, 1), 0);
	/* n = 2^63 + 1 rejects about half the draws; the result must still
	 * land in the upper half, [2^62, 2^63], about half of the time. */
	for (i = 0; i < 20000; i++)
		high += rng_below(&r, (1ULL << 63) + 1) >= (1ULL << 62);
	assert_true(high > 9000 && high < 11000);
}

/* Chi-square of 16 buckets; 15 degrees of freedom, P(X > 50) ~ 1e-5. */
static double chi2_16(const uint64_t *count, uint64_t total)
{
	double e = (double)total / 16, x = 0;
	int i;

	for (i = 0; i < 16; i++)
		x += ((double)count[i] - e) * ((double)count[i] - e) / e;
	return x;
}

static void test_below_uniform(void **state)
{
	uint64_t c16[16] = { 0 }, c48[16] = { 0 }, cbig[16] = { 0 };
	const uint64_t big = 16 * 1000000007ULL;
	struct rng r;
	int i;

	rng_stream(&r, 8, "chi2");
	for (i = 0; i < 160000; i++) {
		c16[rng_below(&r, 16)]++;
		c48[rng_below(&r, 48) / 3]++;
		cbig[rng_below(&r, big) / 1000000007ULL]++;
	}
	print_message("chi2: n=16 %.1f, n=48 %.1f, n=16e9+ %.1f\n",
		      chi2_16(c16, 160000), chi2_16(c48, 160000),
		      chi2_16(cbig, 160000));
	assert_true(chi2_16(c16, 160000) < 50);
	assert_true(chi2_16(c48, 160000) < 50);
	assert_true(chi2_16(cbig, 160000) < 50);
}

static void test_double_range(void **state)
{
	struct rng r = { .s = { 1, 2, 3, 4 } };
	uint64_t c[16] = { 0 };
	double sum = 0;
	int i;

	/* 53 high bits times 2^-53: 11520 >> 11 = 5 */
	assert_true(rng_double(&r) == 5 * 0x1.0p-53);
	rng_stream(&r, 9, "double");
	for (i = 0; i < 1000000; i++) {
		double d = rng_double(&r);

		assert_true(d >= 0.0 && d < 1.0);
		sum += d;
		c[(int)(d * 16)]++;
	}
	assert_true(sum / 1000000 > 0.499 && sum / 1000000 < 0.501);
	assert_true(chi2_16(c, 1000000) < 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_splitmix64_reference),
		cmocka_unit_test(test_xoshiro256ss_reference),
		cmocka_unit_test(test_seed_fills_from_splitmix),
		cmocka_unit_test(test_stream_reproducible),
		cmocka_unit_test(test_streamf_formats_name),
		cmocka_unit_test(test_streams_differ),
		cmocka_unit_test(test_below_bounds),
		cmocka_unit_test(test_below_uniform),
		cmocka_unit_test(test_double_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
