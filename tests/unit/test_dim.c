// SPDX-License-Identifier: MIT
/*
 * net_dim (src/lib/dim/), the kernel's DIM walk, on a synthetic device
 * whose throughput depends on the profile in force: 100, 200, 300, 400
 * and 350 bytes per microsecond for profiles 0..4, 64 interrupts per
 * millisecond window, packets of 1000 bytes. Starting parked on profile 1
 * (what drivers set up: net_dim_get_def_rx_moderation), with a poll of
 * 8 interrupts every 1/8 ms, so a window is 8 polls (9 after a change,
 * whose first poll starts the next measurement):
 *  - window 1 has no previous one to compare with: better, so DIM leaves
 *    the parking towards the side with room, left: profile 0;
 *  - window 2 (profile 0) is worse than window 1: turn right, step to 1;
 *    3 (profile 1) better: 2; 4 better: 3; 5 better: 4;
 *  - window 6 (profile 4, 350) is worse than 400: turn left, step to 3;
 *    now steps_right = 4 > 1 and steps_left = 1: on top, so window 7
 *    parks there (profile 3) and the walk ends: 6 changes, 0 1 2 3 4 3;
 *  - parked, a window within 10 % of the one it parked on changes
 *    nothing; a load that halves (a significant difference) leaves the
 *    parking, left again.
 * Also: fewer than DIM_NEVENTS interrupts never end a window, and a
 * profile change waits in DIM_APPLY_NEW_PROFILE until the driver applies it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "lib/dim/dim.h"

static const uint32_t rate[NET_DIM_PARAMS_NUM_PROFILES] = { 100, 200, 300, 400, 350 };

struct dev {
	struct dim	dim;
	struct dim_sample s;
	uint8_t		seq[16];	/* the profiles applied, in order */
	int		applied;
};

/* polls of 8 interrupts, 1/8 ms each, at the profile in force (scaled) */
static void polls(struct dev *d, int n, uint32_t scale)
{
	int i;

	for (i = 0; i < n; i++) {
		uint32_t bytes = rate[d->dim.profile_ix] * scale / 100 * 1000 / 8;

		d->s.time += PS_PER_MS / 8;
		d->s.event_ctr += 8;
		d->s.byte_ctr += bytes;
		d->s.pkt_ctr += bytes / 1000;
		net_dim(&d->dim, d->s);
		if (d->dim.state == DIM_APPLY_NEW_PROFILE) {
			if (d->applied < 16)
				d->seq[d->applied] = d->dim.profile_ix;
			d->applied++;
			dim_applied(&d->dim);	/* the driver's work function */
		}
	}
}

static void start(struct dev *d)
{
	memset(d, 0, sizeof(*d));
	d->dim.profile_ix = 1;
	d->dim.mode = DIM_CQ_PERIOD_MODE_START_FROM_EQE;
	net_dim(&d->dim, d->s);		/* DIM_START_MEASURE: the first sample */
	assert_int_equal(d->dim.state, DIM_MEASURE_IN_PROGRESS);
}

static void test_walk(void **state)
{
	static const uint8_t seq[] = { 0, 1, 2, 3, 4, 3 };
	struct dev d;
	size_t i;

	(void)state;
	start(&d);
	polls(&d, 120, 100);
	assert_int_equal(d.applied, 6);
	for (i = 0; i < sizeof(seq); i++)
		assert_int_equal(d.seq[i], seq[i]);
	assert_int_equal(d.dim.tune_state, DIM_PARKING_ON_TOP);
	polls(&d, 80, 95);		/* within 10 %: stays parked */
	assert_int_equal(d.applied, 6);
	assert_int_equal(d.dim.profile_ix, 3);
	for (i = 0; i < 16 && d.applied == 6; i++)
		polls(&d, 1, 50);	/* halved: leaves within two windows, left */
	assert_int_equal(d.applied, 7);
	assert_int_equal(d.dim.tune_state, DIM_GOING_LEFT);
	assert_int_equal(d.dim.profile_ix, 2);
}

static void test_window_needs_nevents(void **state)
{
	struct dev d;

	(void)state;
	start(&d);
	d.s.time += PS_PER_MS;
	d.s.event_ctr += DIM_NEVENTS - 1;
	d.s.byte_ctr += 100000;
	net_dim(&d.dim, d.s);
	assert_int_equal(d.dim.state, DIM_MEASURE_IN_PROGRESS);
	assert_int_equal(d.dim.profile_ix, 1);
	d.s.event_ctr += 1;
	net_dim(&d.dim, d.s);
	assert_int_equal(d.dim.state, DIM_APPLY_NEW_PROFILE);
	assert_int_equal(d.dim.profile_ix, 0);
	d.s.event_ctr += DIM_NEVENTS;	/* not applied yet: nothing moves */
	net_dim(&d.dim, d.s);
	assert_int_equal(d.dim.state, DIM_APPLY_NEW_PROFILE);
	assert_int_equal(d.dim.profile_ix, 0);
}

static void test_profiles(void **state)
{
	(void)state;
	assert_int_equal(net_dim_get_def_rx_moderation(DIM_CQ_PERIOD_MODE_START_FROM_EQE).usec, 8);
	assert_int_equal(net_dim_get_rx_moderation(DIM_CQ_PERIOD_MODE_START_FROM_EQE, 4).usec, 256);
	assert_int_equal(net_dim_get_rx_moderation(DIM_CQ_PERIOD_MODE_START_FROM_CQE, 0).pkts, 256);
	assert_int_equal(net_dim_get_tx_moderation(DIM_CQ_PERIOD_MODE_START_FROM_CQE, 0).usec, 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_walk),
		cmocka_unit_test(test_window_needs_nevents),
		cmocka_unit_test(test_profiles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
