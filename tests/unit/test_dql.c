// SPDX-License-Identifier: MIT
/*
 * Dynamic queue limits (lib/dynamic_queue_limits.c) with worked sequences: starvation growth,
 * over-limit completion, slack shrink after hold_time, clamping, the BQL
 * STACK_XOFF and xmit_more doorbell rules, 32-bit wraparound.
 * docs/kernel.md, "Byte Queue Limits (DQL)".
 *
 * Notation in the comments, for one dql_completed(count) at jiffies j:
 *   nq = num_queued, nc = num_completed (before), pnq = prev_num_queued,
 *   done = nc + count, ov = POSDIFF(nq - nc, limit), inprog = nq - done,
 *   pinprog = pnq - nc, allprev = AFTER_EQ(done, pnq),
 *   starved = (ov && !inprog) || (prev_ovlimit && allprev)
 *     -> limit += POSDIFF(done, pnq) + prev_ovlimit;
 *   busy = inprog && pinprog && !allprev
 *     -> slack = max(POSDIFF(limit + prev_ovlimit, 2 * count), last-obj
 *        term), shrink by lowest_slack once j is after start + hold_time;
 *   then adj_limit = limit + done and avail = adj_limit - nq.
 * HZ is 100 and hold_time HZ = 100 jiffies unless a test says otherwise.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <cmocka.h>
#include "lib/dynamic_queue_limits.h"

#define HZ	100U

static void queue_pkts(struct dql *d, unsigned int n, unsigned int size)
{
	while (n--)
		dql_queued(d, size);
}

/* --- (1) starvation growth ------------------------------------------- */

static void test_starvation_growth(void **state)
{
	struct dql d;

	(void)state;
	dql_init(&d, HZ);
	assert_int_equal(d.limit, 0);
	assert_int_equal(d.max_limit, DQL_MAX_LIMIT);
	assert_int_equal(d.min_limit, 0);
	assert_int_equal(d.slack_hold_time, HZ);
	assert_int_equal(d.lowest_slack, UINT_MAX);

	/* R1: 2 x 1500 queued, avail 0 - 3000 = -3000 */
	queue_pkts(&d, 2, 1500);
	assert_int_equal(dql_avail(&d), -3000);
	/* all 3000 complete at j 1: ov = POSDIFF(3000, 0) = 3000, inprog 0:
	 * starved, limit = 0 + POSDIFF(3000, pnq 0) + 0 = 3000;
	 * adj = 3000 + 3000 = 6000, avail = 6000 - 3000 = 3000 */
	dql_completed(&d, 3000, 1);
	assert_int_equal(d.limit, 3000);
	assert_int_equal(d.adj_limit, 6000);
	assert_int_equal(dql_avail(&d), 3000);
	assert_int_equal(d.prev_ovlimit, 0);	/* limit changed: ov -> 0 */
	assert_int_equal(d.slack_start_time, 1);
	assert_int_equal(d.lowest_slack, UINT_MAX);

	/* R2: 3 x 1500, nq 7500, avail 6000 - 7500 = -1500; complete 4500 at
	 * j 2: ov = POSDIFF(7500 - 3000, 3000) = 1500, inprog 0: starved,
	 * limit = 3000 + POSDIFF(7500, 3000) + 0 = 7500; adj 15000 */
	queue_pkts(&d, 3, 1500);
	assert_int_equal(dql_avail(&d), -1500);
	dql_completed(&d, 4500, 2);
	assert_int_equal(d.limit, 7500);
	assert_int_equal(dql_avail(&d), 15000 - 7500);

	/* R3: 6 x 1500, nq 16500, avail -1500; complete 9000 at j 3:
	 * limit = 7500 + POSDIFF(16500, 7500) = 16500; adj 33000 */
	queue_pkts(&d, 6, 1500);
	assert_int_equal(dql_avail(&d), -1500);
	dql_completed(&d, 9000, 3);
	assert_int_equal(d.limit, 16500);
	assert_int_equal(d.adj_limit, 33000);

	/* R4: 12 x 1500 = 18000, nq 34500; complete all at j 4:
	 * limit = 16500 + 18000 = 34500; adj 34500 + 34500 = 69000 */
	queue_pkts(&d, 12, 1500);
	dql_completed(&d, 18000, 4);
	assert_int_equal(d.limit, 34500);
	assert_int_equal(d.adj_limit, 69000);
	assert_int_equal(d.slack_start_time, 4);

	/* R5: 20 x 1500 = 30000 <= avail 34500, never over the limit;
	 * complete all at j 5: ov = POSDIFF(30000, 34500) = 0, prev_ovlimit 0,
	 * inprog 0: neither starved nor busy, limit stays 34500 */
	queue_pkts(&d, 20, 1500);
	assert_int_equal(dql_avail(&d), 4500);
	dql_completed(&d, 30000, 5);
	assert_int_equal(d.limit, 34500);
	assert_int_equal(d.slack_start_time, 4);
}

/* --- (2) over-limit, then the queue runs empty ------------------------ */

struct step {
	char		op;		/* 'Q': n x 1500 queued; 'C': n completed */
	unsigned int	n;
	unsigned long	j;
	unsigned int	limit;		/* expected after the step */
	int		avail;
	unsigned int	prev_ovlimit;	/* expected after a 'C' */
};

static const struct step overlimit_script[] = {
	/* R1 of test 1: limit 3000, nq = nc = pnq = 3000, adj 6000 */
	{ 'Q', 2, 0, 0, -3000, 0 },
	{ 'C', 3000, 1, 3000, 3000, 0 },
	/* 3 x 1500: nq 7500, avail 6000 - 7500 = -1500 (over by 1500) */
	{ 'Q', 3, 0, 3000, -1500, 0 },
	/* 1500 at j 2: done 4500, ov = POSDIFF(4500, 3000) = 1500,
	 * inprog 3000, pinprog 3000 - 3000 = 0, allprev AFTER_EQ(4500, 3000):
	 * not starved (inprog, prev_ovlimit 0), not busy (pinprog 0); limit
	 * unchanged so ov stays: prev_ovlimit 1500; adj 3000 + 4500 = 7500 */
	{ 'C', 1500, 2, 3000, 0, 1500 },
	/* 3000 at j 3: done 7500, ov = POSDIFF(3000, 3000) = 0, inprog 0,
	 * allprev AFTER_EQ(7500, 7500): starved by prev_ovlimit && allprev,
	 * limit = 3000 + POSDIFF(7500, 7500) + 1500 = 4500; adj 12000 */
	{ 'C', 3000, 3, 4500, 4500, 0 },
	/* 6 x 1500: nq 16500, avail 12000 - 16500 = -4500 */
	{ 'Q', 6, 0, 4500, -4500, 0 },
	/* 3000 at j 4: done 10500, ov = POSDIFF(9000, 4500) = 4500,
	 * inprog 6000, pinprog 0: nothing; prev_ovlimit 4500;
	 * adj 4500 + 10500 = 15000, avail -1500 */
	{ 'C', 3000, 4, 4500, -1500, 4500 },
	/* 1 x 1500: nq 18000, avail -3000 */
	{ 'Q', 1, 0, 4500, -3000, 4500 },
	/* 7500 at j 5, the queue runs empty: done 18000,
	 * ov = POSDIFF(18000 - 10500, 4500) = 3000, inprog 0: starved,
	 * limit = 4500 + POSDIFF(18000, 16500) + 4500 = 10500;
	 * adj 10500 + 18000 = 28500, avail 10500 */
	{ 'C', 7500, 5, 10500, 10500, 0 },
};

static void run_script(struct dql *d, const struct step *s, size_t n)
{
	for (size_t i = 0; i < n; i++, s++) {
		if (s->op == 'Q') {
			queue_pkts(d, s->n, 1500);
		} else {
			dql_completed(d, s->n, s->j);
			assert_int_equal(d->prev_ovlimit, s->prev_ovlimit);
		}
		assert_int_equal(d->limit, s->limit);
		assert_int_equal(dql_avail(d), s->avail);
	}
}

static void test_overlimit_then_empty(void **state)
{
	struct dql d;

	(void)state;
	dql_init(&d, HZ);
	run_script(&d, overlimit_script, sizeof(overlimit_script) / sizeof(overlimit_script[0]));
	assert_int_equal(d.num_queued, 18000);
	assert_int_equal(d.num_completed, 18000);
	assert_int_equal(d.prev_num_queued, 18000);
	assert_int_equal(d.prev_last_obj_cnt, 1500);
}

/* --- (3) slack shrink after hold_time ---------------------------------- */

/* Fills the queue up to the limit in 1000-byte packets, then completes c
 * at jiffies j. */
static void busy_step(struct dql *d, unsigned int c, unsigned long j)
{
	assert_true(dql_avail(d) >= 0);
	queue_pkts(d, (unsigned int)dql_avail(d) / 1000, 1000);
	assert_int_equal(dql_avail(d), 0);
	dql_completed(d, c, j);
}

/* limit 30000 by one starvation round at j0 + 1 (slack_start_time). */
static void slack_setup(struct dql *d, unsigned int hold, unsigned long j0)
{
	dql_init(d, hold);
	dql_reset(d, j0);
	queue_pkts(d, 30, 1000);
	dql_completed(d, 30000, j0 + 1);
	assert_int_equal(d->limit, 30000);
	assert_int_equal(d->slack_start_time, j0 + 1);
}

static void test_slack_shrink(void **state)
{
	struct dql d;
	unsigned long j;

	(void)state;
	slack_setup(&d, HZ, 0);

	/* j 2: 30000 in flight, 10000 complete: inprog 20000 but
	 * pinprog = pnq 30000 - nc 30000 = 0 (the queue was empty after the
	 * last completion): not busy, no slack recorded */
	busy_step(&d, 10000, 2);
	assert_int_equal(d.limit, 30000);
	assert_int_equal(d.lowest_slack, UINT_MAX);

	/* j 3: refilled to 30000 in flight, 10000 complete: pinprog 20000,
	 * allprev = AFTER_EQ(nc + 10000, nc + 20000) false: busy,
	 * slack = POSDIFF(30000 + 0, 2 * 10000) = 10000 */
	busy_step(&d, 10000, 3);
	assert_int_equal(d.lowest_slack, 10000);

	/* j 4..101, with 12000 completing at j 50: slack 30000 - 24000 = 6000
	 * there (pinprog 20000 > 12000, still busy); at j 51 pinprog is
	 * 18000 > 10000, busy, slack 10000; lowest 6000 */
	for (j = 4; j <= 101; j++) {
		busy_step(&d, j == 50 ? 12000 : 10000, j);
		assert_int_equal(d.lowest_slack, j < 50 ? 10000 : 6000);
	}
	/* j 101 is not after slack_start 1 + hold 100: no shrink yet */
	assert_int_equal(d.limit, 30000);
	assert_int_equal(d.slack_start_time, 1);

	/* j 102 > 101: limit = POSDIFF(30000, 6000) = 24000, new interval */
	busy_step(&d, 10000, 102);
	assert_int_equal(d.limit, 24000);
	assert_int_equal(d.slack_start_time, 102);
	assert_int_equal(d.lowest_slack, UINT_MAX);
	assert_int_equal(dql_inflight(&d), 20000);
	assert_int_equal(dql_avail(&d), 24000 - 20000);

	/* 24000 in flight, 10000 per completion: pinprog 20000 then 14000,
	 * busy, slack = POSDIFF(24000, 20000) = 4000; not after 102 + 100
	 * until j 203: limit 24000 - 4000 = 20000 */
	for (j = 103; j <= 202; j++)
		busy_step(&d, 10000, j);
	assert_int_equal(d.limit, 24000);
	assert_int_equal(d.lowest_slack, 4000);
	busy_step(&d, 10000, 203);
	assert_int_equal(d.limit, 20000);

	/* 20000 = 2 x 10000 completed per interval: at j 204 slack
	 * POSDIFF(20000, 20000) = 0; from j 205 pinprog = 10000 and
	 * allprev = AFTER_EQ(nc + 10000, nc + 10000) is true: never busy
	 * again, the limit stays 20000 */
	for (j = 204; j <= 600; j++)
		busy_step(&d, 10000, j);
	assert_int_equal(d.limit, 20000);
	assert_int_equal(d.lowest_slack, 0);
	assert_int_equal(d.slack_start_time, 203);
}

/* hold_time tunable: 10 jiffies, shrink at j 12 (after 1 + 10), by the
 * lowest slack 10000 of j 3..12: 30000 -> 20000 */
static void test_slack_hold_time_tunable(void **state)
{
	struct dql d;
	unsigned long j;

	(void)state;
	slack_setup(&d, HZ, 0);
	dql_set_hold_time(&d, 10);
	assert_int_equal(d.slack_hold_time, 10);
	for (j = 2; j <= 11; j++)
		busy_step(&d, 10000, j);
	assert_int_equal(d.limit, 30000);
	busy_step(&d, 10000, 12);
	assert_int_equal(d.limit, 20000);
	assert_int_equal(d.slack_start_time, 12);
}

/* --- (4) clamp to max_limit / min_limit ------------------------------ */

static void test_clamp_max(void **state)
{
	struct dql d;

	(void)state;
	/* limit_max 5000: R1 -> 3000; R2 wants 3000 + 4500 = 7500 -> 5000,
	 * a change, so prev_ovlimit 0; adj 5000 + 7500 = 12500 */
	dql_init(&d, HZ);
	assert_int_equal(dql_set_limit_max(&d, 5000), 0);
	queue_pkts(&d, 2, 1500);
	dql_completed(&d, 3000, 1);
	assert_int_equal(d.limit, 3000);
	queue_pkts(&d, 3, 1500);
	dql_completed(&d, 4500, 2);
	assert_int_equal(d.limit, 5000);
	assert_int_equal(d.prev_ovlimit, 0);
	assert_int_equal(d.adj_limit, 12500);

	/* limit_max 3000: R2 wants 7500 -> 3000 = the old limit, unchanged,
	 * so ov = POSDIFF(4500, 3000) = 1500 is kept in prev_ovlimit;
	 * adj 3000 + 7500 = 10500 */
	dql_init(&d, HZ);
	assert_int_equal(dql_set_limit_max(&d, 3000), 0);
	queue_pkts(&d, 2, 1500);
	dql_completed(&d, 3000, 1);
	queue_pkts(&d, 3, 1500);
	dql_completed(&d, 4500, 2);
	assert_int_equal(d.limit, 3000);
	assert_int_equal(d.prev_ovlimit, 1500);
	assert_int_equal(d.adj_limit, 10500);
	/* 2 x 1500 = avail 3000 (not over), all complete at j 3: ov 0 but
	 * prev_ovlimit && allprev: wants 3000 + POSDIFF(10500, 7500) + 1500
	 * = 7500 -> 3000 again; ov 0 now, so prev_ovlimit 0 */
	queue_pkts(&d, 2, 1500);
	assert_int_equal(dql_avail(&d), 0);
	dql_completed(&d, 3000, 3);
	assert_int_equal(d.limit, 3000);
	assert_int_equal(d.prev_ovlimit, 0);
}

static void test_clamp_min_and_setters(void **state)
{
	struct dql d;

	(void)state;
	dql_init(&d, HZ);
	/* sysfs limit_min: applies at the next completion only */
	assert_int_equal(dql_set_limit_min(&d, 10000), 0);
	assert_int_equal(d.limit, 0);
	dql_queued(&d, 1500);
	assert_int_equal(dql_avail(&d), -1500);
	/* starved: 0 + 1500 = 1500 -> clamped up to 10000; adj 11500 */
	dql_completed(&d, 1500, 1);
	assert_int_equal(d.limit, 10000);
	assert_int_equal(d.adj_limit, 11500);
	/* limit_min 20000, a completion that neither starves nor is busy
	 * (ov = POSDIFF(1500, 10000) = 0, inprog 0) still clamps: 20000 */
	assert_int_equal(dql_set_limit_min(&d, 20000), 0);
	dql_queued(&d, 1500);
	dql_completed(&d, 1500, 2);
	assert_int_equal(d.limit, 20000);
	assert_int_equal(d.adj_limit, 20000 + 3000);

	/* bql_set: DQL_MAX_LIMIT = 2147483647 - 268435455 = 1879048192 */
	assert_int_equal(DQL_MAX_LIMIT, 1879048192U);
	assert_int_equal(dql_set_limit_max(&d, DQL_MAX_LIMIT + 1), -EINVAL);
	assert_int_equal(d.max_limit, DQL_MAX_LIMIT);
	assert_int_equal(dql_set_limit_max(&d, DQL_MAX_LIMIT), 0);
	assert_int_equal(dql_set_limit_min(&d, UINT_MAX), -EINVAL);
	assert_int_equal(d.min_limit, 20000);
	assert_int_equal(dql_set_limit(&d, 7000), 0);
	assert_int_equal(d.limit, 7000);
	assert_int_equal(d.adj_limit, 23000);	/* untouched until completion */

	/* reset: 6.18.2 limit = min_limit, 3.13 limit = 0; adj_limit is left
	 * alone by both (kernel quirk): avail = 23000 - 0 */
	dql_reset(&d, 3);
	assert_int_equal(d.limit, 20000);
	assert_int_equal(dql_avail(&d), 23000);
	assert_int_equal(d.slack_start_time, 3);
	d.era = DQL_ERA_3X;
	dql_reset(&d, 4);
	assert_int_equal(d.limit, 0);
	assert_int_equal(d.num_queued, 0);
	assert_int_equal(d.num_completed, 0);
	assert_int_equal(d.lowest_slack, UINT_MAX);
}

/* min_limit 8000 > max_limit 5000: 3.x raises to 8000 then caps: 5000;
 * 6.x __clamp: 3000 < 5000 and <= 8000: 8000 */
static void test_clamp_inverted(void **state)
{
	static const enum dql_era eras[] = { DQL_ERA_3X, DQL_ERA_6X };
	static const unsigned int want[] = { 5000, 8000 };

	(void)state;
	for (int i = 0; i < 2; i++) {
		struct dql d;

		dql_init(&d, HZ);
		d.era = eras[i];
		d.min_limit = 8000;
		d.max_limit = 5000;
		queue_pkts(&d, 2, 1500);
		dql_completed(&d, 3000, 1);
		assert_int_equal(d.limit, want[i]);
	}
}

/* --- (5) STACK_XOFF ---------------------------------------------------- */

static void test_stack_xoff(void **state)
{
	struct bql_queue q;

	(void)state;
	bql_init(&q, HZ, 0);
	assert_false(q.stack_xoff);

	/* limit 0: 1500 sent, avail -1500 < 0: XOFF set and kept (the
	 * re-check sees the same -1500) */
	assert_true(bql_sent(&q, 1500));
	assert_true(q.stack_xoff);
	assert_int_equal(q.xoffs, 1);
	/* 1500 completed at j 1: starved, limit 1500, adj 3000, avail 1500
	 * >= 0: XOFF cleared, the caller reschedules the qdisc */
	assert_true(bql_completed(&q, 1, 1500, 1));
	assert_false(q.stack_xoff);
	assert_int_equal(q.dql.limit, 1500);

	/* avail 3000 - 3000 = 0 is not over the limit */
	assert_false(bql_sent(&q, 1500));
	assert_false(q.stack_xoff);
	/* avail -1500: stopped */
	assert_true(bql_sent(&q, 1500));
	assert_int_equal(q.xoffs, 2);
	/* a packet sent while stopped (a batch): still set, no new xoff */
	assert_true(bql_sent(&q, 1500));
	assert_int_equal(q.xoffs, 2);
	assert_int_equal(dql_avail(&q.dql), -3000);

	/* 1500 at j 2: done 3000, ov = POSDIFF(6000 - 1500, 1500) = 3000,
	 * inprog 3000, pinprog 0: no change, prev_ovlimit 3000;
	 * adj 1500 + 3000 = 4500, avail 4500 - 6000 = -1500 < 0: stays */
	assert_false(bql_completed(&q, 1, 1500, 2));
	assert_true(q.stack_xoff);
	assert_int_equal(q.dql.prev_ovlimit, 3000);

	/* no bytes: nothing at all */
	assert_false(bql_completed(&q, 0, 0, 3));
	assert_true(q.stack_xoff);
	assert_int_equal(q.dql.num_completed, 3000);

	/* 3000 at j 3: ov = POSDIFF(3000, 1500) = 1500, inprog 0: starved,
	 * limit = 1500 + POSDIFF(6000, 6000) + 3000 = 4500; adj 10500,
	 * avail 4500: cleared */
	assert_true(bql_completed(&q, 2, 3000, 3));
	assert_false(q.stack_xoff);
	assert_int_equal(q.dql.limit, 4500);
	assert_int_equal(dql_avail(&q.dql), 4500);

	/* avail >= 0 but XOFF was not set: false */
	assert_false(bql_sent(&q, 1500));
	assert_false(bql_completed(&q, 1, 1500, 4));

	/* netdev_tx_reset_queue clears XOFF and the counters */
	assert_true(bql_sent(&q, 9000));
	assert_true(q.stack_xoff);
	bql_reset(&q, 5);
	assert_false(q.stack_xoff);
	assert_int_equal(q.dql.num_queued, 0);
	assert_int_equal(q.dql.limit, 0);
}

/* --- (6) xmit_more doorbell ------------------------------------------- */

static void test_xmit_more(void **state)
{
	struct bql_queue q;

	(void)state;
	bql_init(&q, HZ, 0);

	/* xmit_more: dql_queued only; avail -1500 but no XOFF test; the
	 * driver queue is running, so no doorbell */
	assert_false(bql_sent_more(&q, 1500, true));
	assert_false(q.stack_xoff);
	assert_int_equal(dql_avail(&q.dql), -1500);

	/* the driver stopped its queue (ring full): ring now even with
	 * xmit_more, the stack sends no more */
	q.drv_xoff = true;
	assert_true(bql_sent_more(&q, 1500, true));
	assert_false(q.stack_xoff);
	q.drv_xoff = false;

	/* last packet of the batch: netdev_tx_sent_queue, avail -4500 sets
	 * XOFF, and the doorbell is always rung */
	assert_true(bql_sent_more(&q, 1500, false));
	assert_true(q.stack_xoff);
	assert_int_equal(q.xoffs, 1);
	assert_int_equal(q.dql.num_queued, 4500);
	assert_int_equal(q.dql.last_obj_cnt, 1500);

	/* under the limit, no xmit_more: doorbell, no XOFF */
	assert_true(bql_completed(&q, 3, 4500, 1));	/* limit 4500 */
	assert_true(bql_sent_more(&q, 1500, false));
	assert_false(q.stack_xoff);
}

/* --- (7) 32-bit wraparound -------------------------------------------- */

static void test_wraparound_counters(void **state)
{
	/* base 2000 below UINT_MAX: the script of test 2 crosses 2^32 in
	 * its first step and must give the same limits and avails */
	const unsigned int base = UINT_MAX - 2000;
	struct dql d;

	(void)state;
	dql_init(&d, HZ);
	d.num_queued = d.num_completed = d.prev_num_queued = base;
	d.adj_limit = base;		/* limit 0 + num_completed */
	assert_int_equal(dql_avail(&d), 0);

	queue_pkts(&d, 2, 1500);
	/* base + 3000 = 2^32 - 1 - 2000 + 3000 = 999 (mod 2^32) */
	assert_int_equal(d.num_queued, 999);
	assert_int_equal(dql_inflight(&d), 3000);
	assert_int_equal(dql_avail(&d), -3000);
	/* the rest of the script from its second step */
	run_script(&d, overlimit_script + 1,
		   sizeof(overlimit_script) / sizeof(overlimit_script[0]) - 1);
	assert_int_equal(d.num_queued, base + 18000);
	assert_int_equal(d.num_completed, base + 18000);
}

/* The shrink of test_slack_hold_time_tunable (hold 10, shrink at j0 + 12)
 * with jiffies crossing 2^32 at j0 + 8: passed as a 32-bit count that
 * wraps to 0 (32-bit unsigned long, INITIAL_JIFFIES) and as a 64-bit
 * count; and with the shrink falling exactly on the wrap, j0 + 12 = 0. */
static void test_wraparound_jiffies(void **state)
{
	static const unsigned long long j0s[] = {
		0xfffffff8ULL, 0xfffffff8ULL, 0xfffffff4ULL,
	};
	static const bool wrap32[] = { true, false, true };

	(void)state;
	for (int i = 0; i < 3; i++) {
		struct dql d;
		unsigned long long k;
		unsigned long j;

		j = wrap32[i] ? (uint32_t)j0s[i] : (unsigned long)j0s[i];
		slack_setup(&d, 10, j);
		for (k = 2; k <= 12; k++) {
			unsigned long long t = j0s[i] + k;

			j = wrap32[i] ? (unsigned long)(uint32_t)t : (unsigned long)t;
			busy_step(&d, 10000, j);
			assert_int_equal(d.limit, k < 12 ? 30000 : 20000);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_starvation_growth),
		cmocka_unit_test(test_overlimit_then_empty),
		cmocka_unit_test(test_slack_shrink),
		cmocka_unit_test(test_slack_hold_time_tunable),
		cmocka_unit_test(test_clamp_max),
		cmocka_unit_test(test_clamp_min_and_setters),
		cmocka_unit_test(test_clamp_inverted),
		cmocka_unit_test(test_stack_xoff),
		cmocka_unit_test(test_xmit_more),
		cmocka_unit_test(test_wraparound_counters),
		cmocka_unit_test(test_wraparound_jiffies),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
