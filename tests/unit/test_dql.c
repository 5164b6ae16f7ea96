// SPDX-License-Identifier: MIT
/*
 * Dynamic queue limits (lib/dynamic_queue_limits.c) with worked sequences: starvation growth,
 * over-limit completion, slack shrink after hold_time, clamping, the BQL
 * STACK_XOFF and xmit_more doorbell rules, 32-bit wraparound, and
 * completion traces of a queue fed by TCP small queues (mvneta's per-skb
 * accounting, a29b6235560a; TSQ's refill after dql_completed), whose
 * limits are worked from lib/dynamic_queue_limits.c at v4.10.
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

/*
 * --check's admission bound (bql_admit_excess). Limit 3000 (a completion
 * of 3000 bytes into an over-limit, empty queue, from limit 0):
 * - 1000 queued, avail 2000: the test found room, limit_ok 3000; a
 *   hand-over now is within the bound (excess 0);
 * - a bulk's 1500 with xmit_more: in flight 2500 < 3000, still within;
 * - the last skb of the bulk, 1500: 4000 in flight, XOFF; a hand-over
 *   now would be 1000 beyond (the stack does not make one: stopped);
 * - the limit shrinks to 2000 (dql_completed's slack) with 1000 still in
 *   flight after 3000 completed: the queue runs, and a hand-over finds
 *   1000 <= limit_ok 3000 (within), though the next test stops it;
 * - the driver that ignores the limit (xmit_more kept set, as a qdisc that
 *   sets it for every skb while its queue is not empty): three 1500-byte
 *   skbs from 1000 in flight, 5500 against limit_ok 3000: 2500 beyond.
 */
static void test_admit_excess(void **state)
{
	struct bql_queue q;

	(void)state;
	bql_init(&q, HZ, 0);
	bql_sent(&q, 3000);				/* limit 0: XOFF */
	assert_true(bql_completed(&q, 1, 3000, 1));	/* starved: limit 3000 */
	assert_int_equal(q.dql.limit, 3000);
	assert_int_equal(q.limit_ok, 3000);
	assert_false(bql_sent(&q, 1000));
	assert_int_equal(bql_admit_excess(&q), 0);
	assert_false(bql_sent_more(&q, 1500, true));
	assert_int_equal(bql_admit_excess(&q), 0);
	assert_true(bql_sent_more(&q, 1500, false));
	assert_true(q.stack_xoff);
	assert_int_equal(bql_admit_excess(&q), 1000);

	assert_true(bql_completed(&q, 2, 3000, 2));	/* 1000 in flight */
	q.dql.limit = 2000;				/* a shrink */
	assert_int_equal(bql_admit_excess(&q), 0);
	assert_int_equal(q.limit_ok, 3000);

	assert_false(bql_sent_more(&q, 1500, true));
	assert_false(bql_sent_more(&q, 1500, true));
	assert_int_equal(bql_admit_excess(&q), 1000);	/* 4000 - 3000 */
	assert_false(bql_sent_more(&q, 1500, true));
	assert_int_equal(bql_admit_excess(&q), 2500);
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


/* --- (8) completion traces: BQL beside a TSQ-limited TCP flow --------- */

/*
 * One completion trace, call by call, as mvneta (a29b6235560a) makes it:
 * netdev_tx_sent_queue(skb->len) per skb in mvneta_tx, one
 * netdev_tx_completed_queue per mvneta_txq_done with the skb->len of every
 * skb whose last descriptor was reclaimed. 'Q' is dql_queued(bytes), 'C'
 * dql_completed(bytes) at jiffy j; the expected limit, avail,
 * prev_ovlimit and prev_num_queued are checked after the call.
 */
struct tstep {
	char		op;
	unsigned int	bytes;
	unsigned long	j;
	unsigned int	limit;
	int		avail;
	unsigned int	prev_ovlimit;
	unsigned int	prev_num_queued;
};

static void replay(struct dql *d, const struct tstep *s, size_t n)
{
	for (size_t i = 0; i < n; i++, s++) {
		if (s->op == 'Q')
			dql_queued(d, s->bytes);
		else
			dql_completed(d, s->bytes, s->j);
		assert_int_equal(d->limit, s->limit);
		assert_int_equal(dql_avail(d), s->avail);
		assert_int_equal(d->prev_ovlimit, s->prev_ovlimit);
		assert_int_equal(d->prev_num_queued, s->prev_num_queued);
	}
}

/*
 * The first calls on iperf's queue in scenarios/mvneta-2017-bql.ini at
 * 10 Mbit/s: the SYN (74), the handshake's ACK (66), then TSO skbs of 5
 * and 2 segments (7306, 2962) and 6 (8754). HZ 100, jiffy 0 at the start.
 */
static const struct tstep startup_trace[] = {
	/* SYN: nq 74, adj 0: avail -74 */
	{ 'Q', 74, 0, 0, -74, 0, 0 },
	/* done 74, ov = POSDIFF(74, 0) = 74, inprog 0: starved,
	 * limit = 0 + POSDIFF(74, pnq 0) + 0 = 74; changed: ov 0;
	 * adj 74 + 74 = 148, avail 148 - 74 = 74 */
	{ 'C', 74, 0, 74, 74, 0, 74 },
	{ 'Q', 66, 0, 74, 8, 0, 74 },
	/* nq 7446: avail 148 - 7446 = -7298 */
	{ 'Q', 7306, 0, 74, -7298, 0, 74 },
	/* 66 done: done 140, ov = POSDIFF(7372, 74) = 7298, inprog 7306,
	 * pinprog = 74 - 74 = 0, prev_ovlimit 0: neither branch; limit
	 * unchanged so ov is kept; adj 74 + 140 = 214, avail -7232 */
	{ 'C', 66, 0, 74, -7232, 7298, 7446 },
	/* 7306 done: done 7446, ov = POSDIFF(7306, 74) = 7232, inprog 0:
	 * starved (and prev_ovlimit && AFTER_EQ(7446, 7446)),
	 * limit = 74 + POSDIFF(7446, 7446) + 7298 = 7372; adj 14818 */
	{ 'C', 7306, 0, 7372, 7372, 0, 7446 },
	{ 'Q', 7306, 0, 7372, 66, 0, 7446 },
	/* nq 17714: avail 14818 - 17714 = -2896 */
	{ 'Q', 2962, 0, 7372, -2896, 0, 7446 },
	/* j 1, 7306 done: done 14752, ov = POSDIFF(10268, 7372) = 2896,
	 * inprog 2962, pinprog = 7446 - 7446 = 0: neither; adj 22124,
	 * avail 4410 */
	{ 'C', 7306, 1, 7372, 4410, 2896, 17714 },
	/* nq 26468: avail -4344 */
	{ 'Q', 8754, 1, 7372, -4344, 2896, 17714 },
	/* 2962 done: done 17714 = pnq, AFTER_EQ true, prev_ovlimit 2896:
	 * starved, limit = 7372 + 0 + 2896 = 10268; adj 27982,
	 * avail 27982 - 26468 = 1514 */
	{ 'C', 2962, 1, 10268, 1514, 0, 26468 },
};

static void test_trace_startup(void **state)
{
	struct dql d;

	(void)state;
	dql_init(&d, HZ);
	replay(&d, startup_trace, sizeof(startup_trace) / sizeof(startup_trace[0]));
	assert_int_equal(d.slack_start_time, 1);
	assert_int_equal(d.lowest_slack, UINT_MAX);
}

/*
 * A queue fed by TCP small queues: the socket keeps `tsq` skbs of `size`
 * bytes below it (in the qdisc or the ring). The ring completes one skb
 * per call (mvneta: a TX-done interrupt per packet, the skb's bytes
 * reported with its last descriptor); then, as in the kernel, the qdisc
 * runs if BQL cleared STACK_XOFF (NET_TX_SOFTIRQ) and TSQ's tasklet
 * (TASKLET_SOFTIRQ, scheduled by tcp_wfree, after dql_completed) hands one
 * skb to the qdisc, which runs while the queue is not stopped.
 */
struct tsq_feed {
	struct bql_queue q;
	unsigned int	size;
	unsigned int	ring;		/* skbs handed to the driver */
	unsigned int	qdisc;		/* skbs waiting in the qdisc */
};

static void feed_qdisc_run(struct tsq_feed *f)
{
	while (f->qdisc && !f->q.stack_xoff) {
		f->qdisc--;
		f->ring++;
		bql_sent(&f->q, f->size);
	}
}

static void feed_init(struct tsq_feed *f, unsigned int size, unsigned int tsq,
		      unsigned int limit)
{
	bql_init(&f->q, HZ, 0);
	/* as left by a completion with num_completed 0 */
	f->q.dql.limit = limit;
	f->q.dql.adj_limit = limit;
	f->size = size;
	f->ring = 0;
	f->qdisc = tsq;
	feed_qdisc_run(f);
}

static void feed_complete(struct tsq_feed *f, unsigned long j)
{
	f->ring--;
	if (bql_completed(&f->q, 1, f->size, j))
		feed_qdisc_run(f);
	f->qdisc++;
	feed_qdisc_run(f);
}

/*
 * Two skbs below the socket (4.4/4.10 TSQ: sk_wmem_alloc starts at 1, so
 * 1 + 2 truesize > 2 truesize stops the third). Each completion ends
 * exactly where the previous one found num_queued: at call c, done = c S
 * and pnq = c S (one skb left in flight, its successor queued after the
 * call). AFTER_EQ(done, pnq) is true, prev_ovlimit is 0: neither branch,
 * whatever the time. The limit stays where slow start left it (18956, the
 * 10 Mbit/s run's), the ring holds both skbs, the qdisc none.
 */
static void test_trace_tsq_two(void **state)
{
	const unsigned int S = 4410, L = 18956;
	struct tsq_feed f;

	(void)state;
	feed_init(&f, S, 2, L);
	assert_int_equal(f.ring, 2);
	for (unsigned long c = 1; c <= 400; c++) {
		if (c > 1)	/* what the next call will complete up to */
			assert_int_equal(f.q.dql.prev_num_queued,
					 f.q.dql.num_completed + S);
		feed_complete(&f, c);
		assert_int_equal(f.q.dql.limit, L);
		assert_int_equal(f.q.dql.prev_ovlimit, 0);
		/* adj = L + c S, nq = (c + 2) S */
		assert_int_equal(dql_avail(&f.q.dql), (int)(L - 2 * S));
		assert_int_equal(f.ring, 2);
		assert_int_equal(f.qdisc, 0);
	}
	/* 400 jiffies, four hold times: never a busy interval */
	assert_int_equal(f.q.dql.lowest_slack, UINT_MAX);
	assert_int_equal(f.q.dql.slack_start_time, 0);
	assert_int_equal(f.q.xoffs, 0);
}

/*
 * Three skbs below the socket (what TSQ allows when the next skb is larger
 * than those in flight). Call c (jiffy c): nq = (c + 2) S before it,
 * done = c S, pnq = (c + 1) S for c > 1: AFTER_EQ(c S, (c + 1) S) is
 * false, inprog 2 S, pinprog 2 S: the busy branch.
 *  c 2..100: slack = POSDIFF(18956 + 0, 2 S) = 10136, lowest 10136;
 *  c 101: time_after(101, 0 + 100): limit = 18956 - 10136 = 8820 = 2 S,
 *    changed: ov 0; adj = 2 S + 101 S = nq: avail 0; the refill leaves
 *    avail -S: STACK_XOFF (the third skb is in the ring all the same);
 *  c 102: ov = POSDIFF(3 S, 2 S) = S, slack = POSDIFF(2 S + 0, 2 S) = 0:
 *    lowest 0; avail 0 clears XOFF, the refill sets it again;
 *  c 103..201: prev_ovlimit S: slack = max(POSDIFF(3 S, 2 S),
 *    POSDIFF(S, S)) = S, lowest stays 0; c 202: time_after(202, 201):
 *    limit - 0, unchanged, the interval restarts;
 *  c 203..302: lowest S; c 303: time_after(303, 302): limit = S, ov 0;
 *    adj = S + 303 S, nq 305 S: avail -S, XOFF stays: the refill waits in
 *    the qdisc, the ring holds 2 skbs;
 *  c 304: ov = POSDIFF(2 S, S) = S, inprog S, pnq 305 S > 304 S: busy,
 *    slack 0; limit S kept, prev_ovlimit S; avail 0: XOFF cleared, the
 *    qdisc's skb goes (avail -S, XOFF), the refill waits;
 *  c 305: done 305 S = pnq: AFTER_EQ true with prev_ovlimit S: starved,
 *    limit = S + 0 + S = 2 S; avail S: the waiting skb and the refill go.
 * The limit goes down to 2 S and S, never below one skb, and the ring
 * never holds fewer than TSQ's two.
 */
static void test_trace_tsq_three(void **state)
{
	const unsigned int S = 4410, L = 18956;
	struct tsq_feed f;
	unsigned long c;

	(void)state;
	feed_init(&f, S, 3, L);
	assert_int_equal(f.ring, 3);
	for (c = 1; c <= 100; c++) {
		feed_complete(&f, c);
		assert_int_equal(f.q.dql.limit, L);
		assert_int_equal(f.q.dql.lowest_slack, c == 1 ? UINT_MAX : 10136);
		assert_int_equal(dql_avail(&f.q.dql), (int)(L - 3 * S));
	}
	feed_complete(&f, 101);
	assert_int_equal(f.q.dql.limit, 2 * S);
	assert_int_equal(f.q.dql.slack_start_time, 101);
	assert_int_equal(dql_avail(&f.q.dql), -(int)S);
	assert_true(f.q.stack_xoff);
	assert_int_equal(f.ring, 3);

	feed_complete(&f, 102);
	assert_int_equal(f.q.dql.prev_ovlimit, S);
	assert_int_equal(f.q.dql.lowest_slack, 0);
	for (c = 103; c <= 201; c++)
		feed_complete(&f, c);
	assert_int_equal(f.q.dql.lowest_slack, 0);
	feed_complete(&f, 202);
	assert_int_equal(f.q.dql.limit, 2 * S);
	assert_int_equal(f.q.dql.slack_start_time, 202);
	for (c = 203; c <= 302; c++)
		feed_complete(&f, c);
	assert_int_equal(f.q.dql.lowest_slack, S);
	assert_int_equal(f.ring, 3);

	feed_complete(&f, 303);
	assert_int_equal(f.q.dql.limit, S);
	assert_int_equal(dql_avail(&f.q.dql), -(int)S);
	assert_int_equal(f.ring, 2);
	assert_int_equal(f.qdisc, 1);

	feed_complete(&f, 304);
	assert_int_equal(f.q.dql.limit, S);
	assert_int_equal(f.q.dql.prev_ovlimit, S);
	assert_int_equal(f.ring, 2);
	assert_int_equal(f.qdisc, 1);

	feed_complete(&f, 305);
	assert_int_equal(f.q.dql.limit, 2 * S);
	assert_int_equal(f.q.dql.slack_start_time, 305);
	assert_int_equal(f.ring, 3);
	assert_int_equal(f.qdisc, 0);
}

/*
 * A limit below one skb does not last: with two skbs below the socket and
 * the limit at 3000 (< S = 4410), the first skb stops the queue
 * (avail 3000 - 4410 = -1410).
 *  j 1: done S, ov = POSDIFF(S, 3000) = 1410, inprog 0: starved,
 *    limit = 3000 + POSDIFF(S, 0) + 0 = 7410; adj 11820, avail 7410: the
 *    waiting skb goes (avail 3000), the refill too (avail -1410);
 *  j 2: ov = POSDIFF(2 S, 7410) = 1410, pinprog = S - S = 0: neither,
 *    prev_ovlimit 1410; avail 16230 - 13230 = 3000, refill: -1410;
 *  j 3: done 3 S = pnq, prev_ovlimit 1410: starved,
 *    limit = 7410 + 0 + 1410 = 8820 = 2 S; from there as the two-skb
 *    trace: avail S after each completion, 0 after the refill.
 * With limit_max 3000 (a hand-held limit) the clamp keeps it at 3000 and
 * the ring holds one skb, the other waits in the qdisc.
 */
static void test_trace_below_one_skb(void **state)
{
	const unsigned int S = 4410;
	struct tsq_feed f;

	(void)state;
	feed_init(&f, S, 2, 3000);
	assert_int_equal(f.ring, 1);
	assert_int_equal(f.qdisc, 1);
	feed_complete(&f, 1);
	assert_int_equal(f.q.dql.limit, 7410);
	assert_int_equal(f.ring, 2);
	feed_complete(&f, 2);
	assert_int_equal(f.q.dql.limit, 7410);
	assert_int_equal(f.q.dql.prev_ovlimit, 1410);
	feed_complete(&f, 3);
	assert_int_equal(f.q.dql.limit, 2 * S);
	for (unsigned long c = 4; c <= 300; c++) {
		feed_complete(&f, c);
		assert_int_equal(f.q.dql.limit, 2 * S);
		assert_int_equal(dql_avail(&f.q.dql), 0);
		assert_int_equal(f.ring, 2);
	}

	feed_init(&f, S, 2, 3000);
	assert_int_equal(dql_set_limit_max(&f.q.dql, 3000), 0);
	for (unsigned long c = 1; c <= 300; c++) {
		feed_complete(&f, c);
		assert_int_equal(f.q.dql.limit, 3000);
		assert_int_equal(f.ring, 1);
		assert_int_equal(f.qdisc, 1);
	}
}

/*
 * The same socket when the stack segments (GSO without TSO): TSQ still
 * keeps two skbs of three 1514-byte frames below the socket, but the
 * driver queues and completes frames, and TSQ refills three frames after
 * every third completion (tcp_wfree with the skb's last segment).
 *  Start: limit 18956, six frames queued (avail 18956 - 9084 = 9872).
 *  k 1 (jiffy k): pnq 0, AFTER_EQ true: neither branch.
 *  k 2..100: a one-frame completion leaves frames queued before the
 *    previous call in flight: AFTER_EQ false, busy,
 *    slack = POSDIFF(18956 + 0, 2 x 1514) = 15928.
 *  k 101: time_after(101, 100): limit = 18956 - 15928 = 3028, two frames;
 *    the ring drains from five to three, then holds at most three.
 *  k 102..201: prev_ovlimit 3028 then 1514; slack 0 at k 102, lowest 0:
 *    the shrink at k 202 takes 0. k 203..302: slack =
 *    max(POSDIFF(3028 + 1514, 3028), POSDIFF(1514, 1514)) = 1514;
 *  k 303: limit = 3028 - 1514 = 1514; k 304: busy again, lowest 0;
 *  k 305: AFTER_EQ true with prev_ovlimit 1514: starved, limit 3028.
 * Unlike the TSO trace the limit comes down to two frames, not two skbs.
 */
static void frames_step(struct tsq_feed *f, unsigned long k)
{
	f->ring--;
	if (bql_completed(&f->q, 1, f->size, k))
		feed_qdisc_run(f);
	if (k % 3 == 0) {
		f->qdisc += 3;
		feed_qdisc_run(f);
	}
}

static void test_trace_frames(void **state)
{
	const unsigned int F = 1514, L = 18956;
	struct tsq_feed f;
	unsigned long k;

	(void)state;
	feed_init(&f, F, 6, L);
	assert_int_equal(dql_avail(&f.q.dql), (int)(L - 6 * F));
	frames_step(&f, 1);
	assert_int_equal(f.q.dql.lowest_slack, UINT_MAX);
	for (k = 2; k <= 100; k++) {
		frames_step(&f, k);
		assert_int_equal(f.q.dql.limit, L);
		assert_int_equal(f.q.dql.lowest_slack, L - 2 * F);
	}
	frames_step(&f, 101);
	assert_int_equal(f.q.dql.limit, 2 * F);
	assert_int_equal(f.q.dql.slack_start_time, 101);
	for (k = 102; k <= 302; k++) {
		frames_step(&f, k);
		assert_int_equal(f.q.dql.limit, 2 * F);
		if (k == 201 || k == 302)
			assert_int_equal(f.q.dql.lowest_slack, k == 201 ? 0 : F);
		if (k >= 103)
			assert_true(f.ring <= 3);
	}
	frames_step(&f, 303);
	assert_int_equal(f.q.dql.limit, F);
	frames_step(&f, 304);
	assert_int_equal(f.q.dql.limit, F);
	frames_step(&f, 305);
	assert_int_equal(f.q.dql.limit, 2 * F);
	assert_int_equal(f.q.dql.slack_start_time, 305);
	assert_true(f.ring <= 3);
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
		cmocka_unit_test(test_admit_excess),
		cmocka_unit_test(test_wraparound_counters),
		cmocka_unit_test(test_wraparound_jiffies),
		cmocka_unit_test(test_trace_startup),
		cmocka_unit_test(test_trace_tsq_two),
		cmocka_unit_test(test_trace_tsq_three),
		cmocka_unit_test(test_trace_below_one_skb),
		cmocka_unit_test(test_trace_frames),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
