// SPDX-License-Identifier: MIT
/*
 * The statistics of src/app/app_stats.c.
 *
 * Jain's index (sum x)^2 / (n sum x^2): four equal flows give 1; one flow
 * with everything of four gives 1/4; goodputs 10, 20, 30, 40 give
 * 100^2 / (4 x 3000) = 10000 / 12000 = 0.8333...; 1 and 3 give
 * 16 / (2 x 10) = 0.8; all zero is undefined (0).
 *
 * Nearest-rank percentile: rank ceil(p/100 x n). Of the ten values
 * 10, 20, ..., 100: p50 is rank 5 (50), p90 rank 9 (90), p99 rank
 * ceil(9.9) = 10 (100), p1 rank ceil(0.1) = 1 (10), p55 rank
 * ceil(5.5) = 6 (60). Of 200 values 1..200: p99 is rank 198, p99.5 rank
 * 199. Of one value, every percentile is that value; of none, 0.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "app/app.h"

static void test_jain(void **state)
{
	const double eq[] = { 5, 5, 5, 5 }, one[] = { 0, 0, 8, 0 };
	const double ramp[] = { 10, 20, 30, 40 }, two[] = { 1, 3 }, zero[] = { 0, 0 };

	(void)state;
	assert_float_equal(jain_index(eq, 4), 1.0, 1e-12);
	assert_float_equal(jain_index(one, 4), 0.25, 1e-12);
	assert_float_equal(jain_index(ramp, 4), 10000.0 / 12000.0, 1e-12);
	assert_float_equal(jain_index(two, 2), 0.8, 1e-12);
	assert_float_equal(jain_index(zero, 2), 0.0, 0);
}

static void test_percentile(void **state)
{
	const uint32_t ten[] = { 10, 20, 30, 40, 50, 60, 70, 80, 90, 100 }, single[] = { 7 };
	uint32_t many[200];
	int i;

	(void)state;
	for (i = 0; i < 200; i++)
		many[i] = (uint32_t)i + 1;
	assert_int_equal(percentile_nearest_rank(ten, 10, 50), 50);
	assert_int_equal(percentile_nearest_rank(ten, 10, 90), 90);
	assert_int_equal(percentile_nearest_rank(ten, 10, 99), 100);
	assert_int_equal(percentile_nearest_rank(ten, 10, 1), 10);
	assert_int_equal(percentile_nearest_rank(ten, 10, 55), 60);
	assert_int_equal(percentile_nearest_rank(ten, 10, 100), 100);
	assert_int_equal(percentile_nearest_rank(many, 200, 99), 198);
	assert_int_equal(percentile_nearest_rank(many, 200, 99.5), 199);
	assert_int_equal(percentile_nearest_rank(single, 1, 50), 7);
	assert_int_equal(percentile_nearest_rank(single, 1, 99), 7);
	assert_int_equal(percentile_nearest_rank(single, 0, 50), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jain),
		cmocka_unit_test(test_percentile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
