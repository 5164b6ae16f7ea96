/* SPDX-License-Identifier: MIT */
/*
 * Discrete-event engine.
 *
 * Events are ordered by (time, insertion sequence): two events at the same
 * picosecond fire in the order they were scheduled, so runs are
 * deterministic. An event is a struct embedded in its owner (a timer, a
 * device engine); scheduling it again moves it, cancelling it removes it.
 * Fire-and-forget events (a frame in flight) come from sim_post(), which
 * draws from a pool that grows in slabs and is never returned to malloc
 * while the simulation lives: no allocation per event in steady state.
 *
 * There is no global state: each struct sim is independent.
 */
#ifndef NICSIM_SIM_H
#define NICSIM_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "nicsim/time.h"

struct sim;
struct sim_event;

typedef void (*sim_fn)(struct sim *sim, struct sim_event *ev);

struct sim_event {
	sim_time_t	time;
	uint64_t	seq;
	sim_fn		fn;
	void		*arg;		/* owner's pointer */
	uint64_t	data;		/* owner's scalar */
	struct sim_event *q_next, *q_prev;	/* in its bucket */
	int32_t		bucket;		/* -1 when not pending */
	bool		pooled;		/* returned to the pool after firing */
};

struct sim_pool_slab;

/*
 * The pending events: a radix heap (Ahuja, Mehlhorn, Orlin, Tarjan 1990)
 * on the time in base 256, which event simulation suits because no event
 * is ever scheduled before the last one taken out. Bucket 0 holds the
 * events at exactly `last`; bucket 1 + 256 p + v those whose time first
 * differs from `last` in byte p, where it holds v. Each bucket is a list
 * in scheduling order, so events at one time leave in the order they were
 * scheduled.
 */
#define SIM_BUCKETS	(1 + 8 * 256)
#define SIM_MASK_WORDS	(8 * 256 / 64)

struct sim {
	sim_time_t		now;
	uint64_t		next_seq;
	uint64_t		nr_fired;
	sim_time_t		last;		/* time of the last event taken out */
	uint32_t		summary;	/* bit w: mask[w] != 0 */
	uint64_t		mask[SIM_MASK_WORDS];	/* bit: bucket 1 + bit has events */
	struct sim_event	*head[SIM_BUCKETS];
	struct sim_event	*tail[SIM_BUCKETS];
	int32_t			nr_pending;
	bool			min_valid;	/* min_time is the earliest pending time */
	sim_time_t		min_time;
	struct sim_event	*free_list;	/* pooled events, linked via arg */
	struct sim_pool_slab	*slabs;
	uint64_t		seed;
	sim_time_t		until;		/* bound of the current sim_run */
	bool			stop;
	/* Observer (tracing): called before an event later than `now` fires,
	 * when the state at `now` is final. It may read the model but must
	 * not schedule, cancel or change anything. */
	void			(*observe)(struct sim *sim, sim_time_t next, void *arg);
	void			*observe_arg;
	/* Checker (--check): called after every event, with the event
	 * (still valid); may stop the program but must not change the model. */
	void			(*after)(struct sim *sim, const struct sim_event *ev, void *arg);
	void			*after_arg;
};

void sim_init(struct sim *sim, uint64_t seed);
void sim_destroy(struct sim *sim);

/* Prepare an embedded event. */
void sim_event_init(struct sim_event *ev, sim_fn fn, void *arg);
static inline bool sim_event_pending(const struct sim_event *ev)
{
	return ev->bucket >= 0;
}

/* Schedule (or reschedule) an embedded event at absolute time t >= now. */
void sim_schedule(struct sim *sim, struct sim_event *ev, sim_time_t t);
/* Remove a pending event; no effect if it is not pending. A cancelled
 * sim_post() event goes back to the pool: its pointer is dead. */
void sim_cancel(struct sim *sim, struct sim_event *ev);
/* One-shot event from the pool, freed after it fires. */
struct sim_event *sim_post(struct sim *sim, sim_time_t t, sim_fn fn,
			   void *arg, uint64_t data);

/* Run events until the queue is empty, sim_stop() or time > until. */
void sim_run(struct sim *sim, sim_time_t until);
static inline void sim_stop(struct sim *sim) { sim->stop = true; }

/*
 * May the caller move `now` forward to t inside the current event? True
 * when no pending event comes at or before t and t is within the run:
 * nothing would have fired in between.
 */
/* The time of the earliest pending event, SIM_TIME_MAX if none. */
sim_time_t sim_next_time(struct sim *sim);
static inline bool sim_may_advance(struct sim *sim, sim_time_t t)
{
	return !sim->stop && t <= sim->until && sim_next_time(sim) > t;
}
static inline sim_time_t sim_now(const struct sim *sim) { return sim->now; }
static inline int32_t sim_pending(const struct sim *sim) { return sim->nr_pending; }
/* Slabs the event pool has grown to (for tests: steady state allocates none). */
size_t sim_pool_slabs(const struct sim *sim);

#endif
