// SPDX-License-Identifier: MIT
/* Sweep statistics (src/sim/run/stats.c) against worked numbers. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "sim/run/stats.h"

/* Student's t quantiles t(0.975, df) from any printed table. */
static void test_t_table(void **state)
{
	(void)state;
	assert_float_equal(stats_t_quantile(0.95, 1), 12.7062, 1e-4);
	assert_float_equal(stats_t_quantile(0.95, 2), 4.3027, 1e-4);
	assert_float_equal(stats_t_quantile(0.95, 7), 2.3646, 1e-4);
	assert_float_equal(stats_t_quantile(0.95, 30), 2.0423, 1e-4);
}

/*
 * {1, 2, 3}: mean 2; squared deviations 1 + 0 + 1 = 2, over n - 1 = 2:
 * variance 1, sd 1; half-width t(0.975, 2) x 1 / sqrt(3) = 4.302653 /
 * 1.732051 = 2.484138: the interval is [-0.484138, 4.484138].
 */
static void test_three(void **state)
{
	const double x[] = { 3, 1, 2 };
	struct stats_summary s;

	(void)state;
	stats_summarize(x, 3, 0.95, &s);
	assert_int_equal(s.n, 3);
	assert_float_equal(s.mean, 2, 1e-12);
	assert_float_equal(s.sd, 1, 1e-12);
	assert_float_equal(s.min, 1, 0);
	assert_float_equal(s.max, 3, 0);
	assert_float_equal(s.ci_lo, -0.484138, 1e-6);
	assert_float_equal(s.ci_hi, 4.484138, 1e-6);
}

/*
 * {2, 4, 4, 4, 5, 5, 7, 9}: mean 40 / 8 = 5; squared deviations
 * 9 + 1 + 1 + 1 + 0 + 0 + 4 + 16 = 32, variance 32 / 7 = 4.571429,
 * sd 2.138090 (the population sd would be 2); half-width
 * 2.364624 x 2.138090 / 2.828427 = 1.787488.
 */
static void test_eight(void **state)
{
	const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct stats_summary s;

	(void)state;
	stats_summarize(x, 8, 0.95, &s);
	assert_float_equal(s.mean, 5, 1e-12);
	assert_float_equal(s.sd, 2.138090, 1e-6);
	assert_float_equal(s.ci_lo, 5 - 1.787488, 1e-6);
	assert_float_equal(s.ci_hi, 5 + 1.787488, 1e-6);
}

/* One value: no spread and no interval; none: nothing. Equal values:
 * sd 0 and an interval of width 0. */
static void test_degenerate(void **state)
{
	const double one[] = { 7.5 }, same[] = { 4, 4, 4 };
	struct stats_summary s;

	(void)state;
	stats_summarize(one, 1, 0.95, &s);
	assert_float_equal(s.mean, 7.5, 0);
	assert_float_equal(s.min, 7.5, 0);
	assert_true(isnan(s.sd) && isnan(s.ci_lo) && isnan(s.ci_hi));
	stats_summarize(one, 0, 0.95, &s);
	assert_int_equal(s.n, 0);
	assert_true(isnan(s.mean) && isnan(s.min) && isnan(s.max));
	stats_summarize(same, 3, 0.95, &s);
	assert_float_equal(s.sd, 0, 0);
	assert_float_equal(s.ci_lo, 4, 0);
	assert_float_equal(s.ci_hi, 4, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_table),
		cmocka_unit_test(test_three),
		cmocka_unit_test(test_eight),
		cmocka_unit_test(test_degenerate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
