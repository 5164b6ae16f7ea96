// SPDX-License-Identifier: MIT
/*
 * Dynamic queue limits and the BQL hooks; see dynamic_queue_limits.h for the contract.
 *
 * Sources read (kernel trees, file, function):
 *  - lib/dynamic_queue_limits.c dql_completed, dql_reset, dql_init and
 *    include/linux/dynamic_queue_limits.h struct dql, dql_queued,
 *    dql_avail, DQL_MAX_OBJECT, DQL_MAX_LIMIT: a 3.3-era tree (POSDIFF
 *    for all_prev_completed, since replaced), 3.5+-era trees with
 *    ACCESS_ONCE(num_queued) and AFTER_EQ (the 3.13.10 form), a 4.x/5.x
 *    tree with reset to min_limit, a 6.9+ tree with the stall detector
 *    and reset to 0, and the 2025 patch "dql: Fix dql->limit value when
 *    reset" (limit = min_limit).
 *  - include/linux/netdevice.h (6.x) netdev_tx_sent_queue,
 *    __netdev_tx_sent_queue, netdev_tx_completed_queue,
 *    netdev_tx_reset_queue, netif_tx_queue_stopped (DRV_XOFF only).
 *  - net/core/net-sysfs.c bql_set ("max", -EINVAL above DQL_MAX_LIMIT),
 *    bql_set_hold_time (msecs_to_jiffies).
 *  - include/linux/minmax.h (6.x) __clamp.
 * The 3.13.10 netdevice.h hooks follow notes taken from that tree (the
 * same sequence without the trans_start stamp; docs/kernel.md, "Byte Queue
 * Limits (DQL)").
 */
#include <errno.h>
#include <string.h>
#include "lib/dynamic_queue_limits.h"

/* (int)(a - b) on 32 bits: positive part of a wrapping difference. */
static unsigned int posdiff(unsigned int a, unsigned int b)
{
	return (int)(a - b) > 0 ? a - b : 0;
}

static bool after_eq(unsigned int a, unsigned int b)
{
	return (int)(a - b) >= 0;
}

/* time_after(a, b) on a 32-bit unsigned long (see Deviation in dynamic_queue_limits.h). */
static bool time_after32(unsigned long a, unsigned long b)
{
	return (int32_t)((uint32_t)b - (uint32_t)a) < 0;
}

static unsigned int dql_clamp(const struct dql *dql, unsigned int v)
{
	unsigned int lo = dql->min_limit, hi = dql->max_limit;

	if (dql->era == DQL_ERA_3X) {
		v = v < lo ? lo : v;
		return v > hi ? hi : v;
	}
	return v >= hi ? hi : (v <= lo ? lo : v);
}

/* The busy-interval branch: record slack, shrink after the hold time. */
static unsigned int dql_slack(struct dql *dql, unsigned int limit,
			      unsigned int done, unsigned long jiffies)
{
	unsigned int slack, slack_last_objs;

	/* at most limit + prev_ovlimit - 2 * completed this interval ... */
	slack = posdiff(limit + dql->prev_ovlimit, 2 * done);
	/* ... or the part of the last queueing above the previous over-limit */
	slack_last_objs = dql->prev_ovlimit ?
		posdiff(dql->prev_last_obj_cnt, dql->prev_ovlimit) : 0;
	if (slack_last_objs > slack)
		slack = slack_last_objs;
	if (slack < dql->lowest_slack)
		dql->lowest_slack = slack;

	if (time_after32(jiffies, dql->slack_start_time + dql->slack_hold_time)) {
		limit = posdiff(limit, dql->lowest_slack);
		dql->slack_start_time = jiffies;
		dql->lowest_slack = UINT_MAX;
	}
	return limit;
}

void dql_completed(struct dql *dql, unsigned int count, unsigned long jiffies)
{
	unsigned int num_queued = dql->num_queued;
	unsigned int completed, limit, ovlimit, inprogress, prev_inprogress;
	bool all_prev_completed;

	BUG_ON(count > num_queued - dql->num_completed);

	completed = dql->num_completed + count;
	limit = dql->limit;
	ovlimit = posdiff(num_queued - dql->num_completed, limit);
	inprogress = num_queued - completed;
	prev_inprogress = dql->prev_num_queued - dql->num_completed;
	all_prev_completed = after_eq(completed, dql->prev_num_queued);

	if ((ovlimit && !inprogress) ||
	    (dql->prev_ovlimit && all_prev_completed)) {
		/* starved: grow by what was sent and completed since the last
		 * completion, plus the previous over-limit */
		limit += posdiff(completed, dql->prev_num_queued) +
			 dql->prev_ovlimit;
		dql->slack_start_time = jiffies;
		dql->lowest_slack = UINT_MAX;
	} else if (inprogress && prev_inprogress && !all_prev_completed) {
		/* busy for the whole interval: maybe shrink */
		limit = dql_slack(dql, limit, completed - dql->num_completed,
				  jiffies);
	}

	limit = dql_clamp(dql, limit);
	if (limit != dql->limit) {
		dql->limit = limit;
		ovlimit = 0;
	}

	dql->adj_limit = limit + completed;
	dql->prev_ovlimit = ovlimit;
	dql->prev_last_obj_cnt = dql->last_obj_cnt;
	dql->num_completed = completed;
	dql->prev_num_queued = num_queued;
}

void dql_reset(struct dql *dql, unsigned long jiffies)
{
	/* adj_limit is left alone, as in the kernel */
	dql->limit = dql->era == DQL_ERA_6X ? dql->min_limit : 0;
	dql->num_queued = 0;
	dql->num_completed = 0;
	dql->last_obj_cnt = 0;
	dql->prev_num_queued = 0;
	dql->prev_last_obj_cnt = 0;
	dql->prev_ovlimit = 0;
	dql->lowest_slack = UINT_MAX;
	dql->slack_start_time = jiffies;
}

void dql_init(struct dql *dql, unsigned int hold_time)
{
	memset(dql, 0, sizeof(*dql));
	dql->max_limit = DQL_MAX_LIMIT;
	dql->min_limit = 0;
	dql->slack_hold_time = hold_time;
	dql->era = DQL_ERA_6X;
	dql_reset(dql, 0);
}

static int bql_store(unsigned int *field, unsigned int value)
{
	if (value > DQL_MAX_LIMIT)
		return -EINVAL;
	*field = value;
	return 0;
}

int dql_set_limit_min(struct dql *dql, unsigned int value)
{
	return bql_store(&dql->min_limit, value);
}

int dql_set_limit_max(struct dql *dql, unsigned int value)
{
	return bql_store(&dql->max_limit, value);
}

int dql_set_limit(struct dql *dql, unsigned int value)
{
	return bql_store(&dql->limit, value);
}

void dql_set_hold_time(struct dql *dql, unsigned int jiffies)
{
	dql->slack_hold_time = jiffies;
}

/* --- netdevice.h hooks ------------------------------------------------ */

void bql_init(struct bql_queue *q, unsigned int hold_time, unsigned long jiffies)
{
	dql_init(&q->dql, hold_time);
	q->stack_xoff = false;
	q->drv_xoff = false;
	q->xoffs = 0;
	bql_reset(q, jiffies);
}

bool bql_sent(struct bql_queue *q, unsigned int bytes)
{
	dql_queued(&q->dql, bytes);
	if (dql_avail(&q->dql) >= 0) {
		q->limit_ok = q->dql.limit;
		return false;
	}

	if (!q->stack_xoff)
		q->xoffs++;
	q->stack_xoff = true;
	/* the kernel's smp_mb and re-check: no completion can have run in
	 * between here, so this never clears (see dynamic_queue_limits.h) */
	if (dql_avail(&q->dql) >= 0)
		q->stack_xoff = false;
	return q->stack_xoff;
}

bool bql_sent_more(struct bql_queue *q, unsigned int bytes, bool xmit_more)
{
	if (xmit_more) {
		dql_queued(&q->dql, bytes);
		return q->drv_xoff;
	}
	bql_sent(q, bytes);
	return true;
}

bool bql_completed(struct bql_queue *q, unsigned int pkts, unsigned int bytes,
		   unsigned long jiffies)
{
	(void)pkts;
	if (!bytes)
		return false;

	dql_completed(&q->dql, bytes, jiffies);
	if (dql_avail(&q->dql) < 0)
		return false;
	q->limit_ok = q->dql.limit;
	if (!q->stack_xoff)
		return false;
	q->stack_xoff = false;
	return true;
}

void bql_reset(struct bql_queue *q, unsigned long jiffies)
{
	q->stack_xoff = false;
	dql_reset(&q->dql, jiffies);
	q->limit_ok = q->dql.limit;
}
