/* SPDX-License-Identifier: MIT */
/*
 * Dynamic queue limits (DQL) and the byte queue limits (BQL) driver hooks.
 *
 * Follows lib/dynamic_queue_limits.c and include/linux/dynamic_queue_limits.h
 * (dql_queued, dql_avail, dql_completed, dql_reset, dql_init; 3.5+ form
 * with ACCESS_ONCE/READ_ONCE of num_queued and AFTER_EQ for
 * all_prev_completed, as in 3.13.10, 4.x and 6.18.2), the hooks in
 * include/linux/netdevice.h (netdev_tx_sent_queue, __netdev_tx_sent_queue,
 * netdev_tx_completed_queue, netdev_tx_reset_queue) and the
 * byte_queue_limits sysfs stores of net/core/net-sysfs.c (bql_set,
 * bql_set_hold_time). docs/kernel.md, "Byte Queue Limits (DQL)".
 *
 * Arithmetic is the kernel's: 32-bit unsigned counters that wrap, POSDIFF
 * and AFTER_EQ through a signed 32-bit difference. Time is jiffies passed
 * in by the caller (the kernel reads the global jiffies).
 *
 * Era differences, chosen by dql->era (dql_init sets DQL_ERA_6X):
 *  - dql_reset: limit = 0 (3.13.10, 4.x) or limit = min_limit (6.18.2;
 *    "dql: Fix dql->limit value when reset", 2025);
 *  - clamp(limit, min_limit, max_limit) when min_limit > max_limit: 3.x
 *    raises to min then caps to max (always max_limit); 6.x minmax.h
 *    __clamp gives max_limit if limit >= max_limit, else min_limit.
 * __netdev_tx_sent_queue exists from 4.20 (commit 3e59020abf0f); a 3.13
 * driver calls netdev_tx_sent_queue (bql_sent) for every packet.
 *
 * Deviation: time_after(jiffies, slack_start_time + slack_hold_time) is
 * evaluated on 32 bits, as on a 32-bit (ARM) kernel whose unsigned long
 * is 32 bits; on a 64-bit kernel it differs only for intervals of 2^31
 * jiffies or more. A caller may pass either a 64-bit jiffies count or a
 * 32-bit one that wraps (INITIAL_JIFFIES).
 * Deviation: the 6.x stall detector (dql_queued history bitmap,
 * dql_check_stall, stall_thrs/stall_cnt/stall_max) is left out; it is off
 * by default (stall_thrs = 0) and never changes the limit.
 * Deviation: 6.x netdev_tx_sent_queue also stamps trans_start for the TX
 * watchdog; the model stamps it on each accepted xmit (net/core/netdevice.h).
 * Deviation: the barrier and second dql_avail test in
 * netdev_tx_sent_queue (set STACK_XOFF, smp_mb, re-check, clear) guard
 * against a completion running on another CPU in between. Here the model
 * is single-threaded and no completion can run between the two tests, so
 * the re-check always sees the same value; it is kept for fidelity and is
 * a no-op.
 *
 * As in the kernel, dql_reset does not touch adj_limit: until the first
 * dql_completed after a reset, dql_avail() = (old adj_limit) - num_queued.
 * dql_init zeroes the whole structure first (the kernel's netdev_queue is
 * kzalloc'ed), so a fresh dql has adj_limit 0.
 *
 * Tunables (/sys/class/net/<if>/queues/tx-<n>/byte_queue_limits/):
 * limit_min, limit_max and limit are dql_set_limit_min / dql_set_limit_max
 * / dql_set_limit (-EINVAL above DQL_MAX_LIMIT, like bql_set; "max" is
 * DQL_MAX_LIMIT); hold_time is dql_set_hold_time, in jiffies: the caller
 * converts the sysfs milliseconds with msecs_to_jiffies (host/cpu.h). None
 * of them changes limit, adj_limit or the XOFF state at once: the new
 * bounds apply at the next dql_completed, as in the kernel. The fields may
 * equally be written directly.
 */
#ifndef NICSIM_HOST_DQL_H
#define NICSIM_HOST_DQL_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include "sim/engine/util.h"

#define DQL_MAX_OBJECT	(UINT_MAX / 16)
#define DQL_MAX_LIMIT	((UINT_MAX / 2) - DQL_MAX_OBJECT)

enum dql_era {
	DQL_ERA_3X,	/* 3.13.10, 4.x: reset to 0, clamp = min(max(v, lo), hi) */
	DQL_ERA_6X,	/* 6.18.2: reset to min_limit, minmax.h __clamp */
	/* (6.1..6.14 trees mix the two; only min_limit > max_limit or a
	 * non-zero min_limit at reset tells them apart) */
};

struct dql {
	/* enqueue side (dql_queued) */
	unsigned int	num_queued;		/* total ever queued */
	unsigned int	adj_limit;		/* limit + num_completed */
	unsigned int	last_obj_cnt;		/* count of the last dql_queued */

	/* completion side (dql_completed) */
	unsigned int	limit;			/* current limit */
	unsigned int	num_completed;		/* total ever completed */
	unsigned int	prev_ovlimit;		/* over-limit at the last completion */
	unsigned int	prev_num_queued;	/* num_queued at the last completion */
	unsigned int	prev_last_obj_cnt;	/* last_obj_cnt at the last completion */
	unsigned int	lowest_slack;		/* lowest slack since slack_start_time */
	unsigned long	slack_start_time;	/* jiffies the slack interval began */

	/* configuration (tunables) */
	unsigned int	max_limit;		/* limit_max */
	unsigned int	min_limit;		/* limit_min */
	unsigned int	slack_hold_time;	/* hold_time, jiffies */
	enum dql_era	era;
};

/* Zeroes *dql, sets max_limit DQL_MAX_LIMIT, min_limit 0, slack_hold_time
 * hold_time (the kernel passes HZ), era DQL_ERA_6X, then dql_reset at
 * jiffies 0: follow with dql_reset(dql, now) if the clock is not at 0. */
void dql_init(struct dql *dql, unsigned int hold_time);
/* Clears the dynamic state; limit = 0 or min_limit by era (see above). */
void dql_reset(struct dql *dql, unsigned long jiffies);

/* Records count objects (bytes) queued; BUG if count > DQL_MAX_OBJECT. */
static inline void dql_queued(struct dql *dql, unsigned int count)
{
	BUG_ON(count > DQL_MAX_OBJECT);
	dql->last_obj_cnt = count;
	dql->num_queued += count;
}

/* How many more may be queued; < 0 when over the limit. */
static inline int dql_avail(const struct dql *dql)
{
	return (int)(dql->adj_limit - dql->num_queued);
}

/* Records count completed at `jiffies` and recomputes the limit; BUG if
 * count exceeds what is in flight. */
void dql_completed(struct dql *dql, unsigned int count, unsigned long jiffies);

/* sysfs stores: 0, or -EINVAL when value > DQL_MAX_LIMIT. */
int dql_set_limit_min(struct dql *dql, unsigned int value);
int dql_set_limit_max(struct dql *dql, unsigned int value);
int dql_set_limit(struct dql *dql, unsigned int value);
void dql_set_hold_time(struct dql *dql, unsigned int jiffies);

/* Bytes in flight (sysfs "inflight"). */
static inline unsigned int dql_inflight(const struct dql *dql)
{
	return dql->num_queued - dql->num_completed;
}

/*
 * A TX queue's BQL state: its dql, __QUEUE_STATE_STACK_XOFF (stack_xoff)
 * and a copy of __QUEUE_STATE_DRV_XOFF (drv_xoff), which only
 * bql_sent_more reads; the caller keeps it equal to the driver's stop
 * state (netif_tx_stop_queue / netif_tx_wake_queue) or sets it just before
 * the call. The queue is stopped for the stack when either bit is set
 * (netif_xmit_stopped). xoffs counts STACK_XOFF clear -> set transitions.
 */
struct bql_queue {
	struct dql	dql;
	bool		stack_xoff;
	bool		drv_xoff;
	uint64_t	xoffs;
	/* nicsim's, for --check: the limit at the last test that found room
	 * (bql_sent, bql_completed, bql_reset) */
	unsigned int	limit_ok;
};

/*
 * nicsim's, for --check: by how many bytes the bytes in flight exceed
 * what the queue may hold when the qdisc layer hands it an skb. The
 * stack hands one over only while the last test found room, or, within
 * a bulk, while dql_avail is above 0 (try_bulk_dequeue_skb); a limit
 * that shrank since (dql_completed's slack) does not stop the queue by
 * itself. So in flight may not exceed the larger of the limit and
 * limit_ok before an skb, and exceeds the limit by at most the skb that
 * crossed it after.
 */
static inline unsigned int bql_admit_excess(const struct bql_queue *q)
{
	unsigned int in = dql_inflight(&q->dql);
	unsigned int lim = q->dql.limit > q->limit_ok ? q->dql.limit : q->limit_ok;

	return in > lim ? in - lim : 0;
}

/* dql_init(&q->dql, hold_time) and netdev_tx_reset_queue at `jiffies`. */
void bql_init(struct bql_queue *q, unsigned int hold_time, unsigned long jiffies);
/* netdev_tx_sent_queue: dql_queued, then STACK_XOFF if over the limit.
 * Returns true if dql_avail < 0 after queueing, i.e. this call set
 * STACK_XOFF (or set it again: the kernel's set_bit on a set bit); false
 * leaves stack_xoff as it was, as the kernel's early return does. */
bool bql_sent(struct bql_queue *q, unsigned int bytes);
/* __netdev_tx_sent_queue (4.20+). xmit_more: dql_queued only (no XOFF
 * test) and returns drv_xoff (netif_tx_queue_stopped: a stopped driver
 * queue gets no more packets, so the doorbell must be rung now); else
 * bql_sent and returns true. Returns true if the doorbell must be rung. */
bool bql_sent_more(struct bql_queue *q, unsigned int bytes, bool xmit_more);
/* netdev_tx_completed_queue: nothing if bytes == 0; else dql_completed and,
 * if dql_avail >= 0, clears STACK_XOFF. Returns true if it cleared it: the
 * caller then reschedules the qdisc (netif_schedule_queue). pkts is
 * unused, as in the kernel. */
bool bql_completed(struct bql_queue *q, unsigned int pkts, unsigned int bytes,
		   unsigned long jiffies);
/* netdev_tx_reset_queue: clear STACK_XOFF, dql_reset. */
void bql_reset(struct bql_queue *q, unsigned long jiffies);

#endif
