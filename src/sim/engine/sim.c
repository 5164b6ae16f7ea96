// SPDX-License-Identifier: MIT
/*
 * Event engine: a radix heap keyed by time in base 256 (see nicsim/sim.h),
 * with FIFO buckets so that equal times keep their scheduling order: the
 * order is (time, seq) as with a heap, so results do not depend on the
 * structure.
 *
 * Why it is correct: every pending time is >= last, and an event sits in
 * bucket 1 + 256 p + v, p the highest byte where its time differs from
 * last and v its time's byte there (0 if equal). For times >= last that
 * index never decreases with the time, so the earliest event is in the
 * lowest non-empty bucket. Taking it out sets last to its time; only the
 * events of that bucket change buckets, all to a lower byte, so each event
 * moves at most 8 times in its life. Events of equal time always share a
 * bucket (same key, same last) and every move keeps list order, so a
 * bucket lists equal times in scheduling (seq) order. Cancelling unlinks
 * in O(1); a two-level bit mask finds the lowest non-empty bucket.
 */
#include <stdlib.h>
#include <string.h>
#include "nicsim/sim.h"
#include "sim/engine/util.h"

#define SLAB_EVENTS 256

struct sim_pool_slab {
	struct sim_pool_slab	*next;
	struct sim_event	ev[SLAB_EVENTS];
};

static inline int bucket_of(const struct sim *sim, sim_time_t t)
{
	uint64_t x = (uint64_t)t ^ (uint64_t)sim->last;
	int p;

	if (!x)
		return 0;
	p = (63 - __builtin_clzll(x)) >> 3;
	return 1 + (p << 8) + (int)(((uint64_t)t >> (p << 3)) & 0xff);
}

static inline void mask_set(struct sim *sim, int b)
{
	sim->mask[(b - 1) >> 6] |= 1ull << ((b - 1) & 63);
	sim->summary |= 1u << ((b - 1) >> 6);
}

static inline void mask_clear(struct sim *sim, int b)
{
	int w = (b - 1) >> 6;

	sim->mask[w] &= ~(1ull << ((b - 1) & 63));
	if (!sim->mask[w])
		sim->summary &= ~(1u << w);
}

static inline void list_append(struct sim *sim, int b, struct sim_event *ev)
{
	ev->bucket = b;
	ev->q_next = NULL;
	ev->q_prev = sim->tail[b];
	if (sim->tail[b])
		sim->tail[b]->q_next = ev;
	else
		sim->head[b] = ev;
	sim->tail[b] = ev;
	if (b)
		mask_set(sim, b);
}

static inline void list_unlink(struct sim *sim, struct sim_event *ev)
{
	int b = ev->bucket;

	if (ev->q_prev)
		ev->q_prev->q_next = ev->q_next;
	else
		sim->head[b] = ev->q_next;
	if (ev->q_next)
		ev->q_next->q_prev = ev->q_prev;
	else
		sim->tail[b] = ev->q_prev;
	if (b && !sim->head[b])
		mask_clear(sim, b);
	ev->bucket = -1;
}

static void queue_insert(struct sim *sim, struct sim_event *ev)
{
	list_append(sim, bucket_of(sim, ev->time), ev);
	sim->nr_pending++;
	if (sim->min_valid && ev->time < sim->min_time)
		sim->min_time = ev->time;
}

static void queue_remove(struct sim *sim, struct sim_event *ev)
{
	if (sim->min_valid && ev->time == sim->min_time)
		sim->min_valid = false;
	list_unlink(sim, ev);
	sim->nr_pending--;
}

/* The lowest non-empty bucket above 0. */
static int lowest_nonempty(const struct sim *sim)
{
	int w = __builtin_ctz(sim->summary);

	return 1 + (w << 6) + __builtin_ctzll(sim->mask[w]);
}

/* The lowest non-empty bucket above 0 and its earliest time. */
static int lowest_bucket(const struct sim *sim, sim_time_t *min)
{
	int b = lowest_nonempty(sim);
	const struct sim_event *ev = sim->head[b];
	sim_time_t m = ev->time;

	for (ev = ev->q_next; ev; ev = ev->q_next)
		if (ev->time < m)
			m = ev->time;
	*min = m;
	return b;
}

sim_time_t sim_next_time(struct sim *sim)
{
	if (sim->head[0])
		return sim->last;
	if (!sim->summary)
		return SIM_TIME_MAX;
	if (!sim->min_valid) {
		lowest_bucket(sim, &sim->min_time);
		sim->min_valid = true;
	}
	return sim->min_time;
}

/* Take out the earliest event (there is one). */
static struct sim_event *queue_pop(struct sim *sim)
{
	struct sim_event *ev;

	if (!sim->head[0]) {
		sim_time_t m = sim->min_time;
		/* sim_next_time usually found the minimum already */
		int b = sim->min_valid ? lowest_nonempty(sim) : lowest_bucket(sim, &m);

		ev = sim->head[b];
		if (!ev->q_next) {	/* alone in its bucket: it is the minimum */
			sim->last = ev->time;
			list_unlink(sim, ev);
			goto out;
		}
		sim->head[b] = sim->tail[b] = NULL;
		mask_clear(sim, b);
		sim->last = m;
		while (ev) {	/* redistribute, in list order */
			struct sim_event *next = ev->q_next;

			list_append(sim, bucket_of(sim, ev->time), ev);
			ev = next;
		}
	}
	ev = sim->head[0];
	list_unlink(sim, ev);
out:
	sim->nr_pending--;
	sim->min_time = sim->last;
	sim->min_valid = sim->head[0] != NULL;
	return ev;
}

void sim_init(struct sim *sim, uint64_t seed)
{
	memset(sim, 0, sizeof(*sim));
	sim->seed = seed;
}

void sim_destroy(struct sim *sim)
{
	struct sim_pool_slab *s = sim->slabs, *n;

	for (; s; s = n) {
		n = s->next;
		free(s);
	}
	memset(sim, 0, sizeof(*sim));
}

void sim_event_init(struct sim_event *ev, sim_fn fn, void *arg)
{
	memset(ev, 0, sizeof(*ev));
	ev->fn = fn;
	ev->arg = arg;
	ev->bucket = -1;
}

void sim_schedule(struct sim *sim, struct sim_event *ev, sim_time_t t)
{
	BUG_ON(t < sim->now);
	if (ev->bucket >= 0)
		queue_remove(sim, ev);
	ev->time = t;
	ev->seq = sim->next_seq++;
	queue_insert(sim, ev);
}

/* Clearing pooled keeps an event that re-armed and then cancelled itself in
 * its own callback from being freed a second time when the callback returns. */
static void pool_put(struct sim *sim, struct sim_event *ev)
{
	ev->pooled = false;
	ev->arg = sim->free_list;
	sim->free_list = ev;
}

void sim_cancel(struct sim *sim, struct sim_event *ev)
{
	if (ev->bucket < 0)
		return;
	queue_remove(sim, ev);
	if (ev->pooled)
		pool_put(sim, ev);
}

static struct sim_event *pool_get(struct sim *sim)
{
	struct sim_event *ev = sim->free_list;

	if (!ev) {
		struct sim_pool_slab *s = xcalloc(1, sizeof(*s));
		int i;

		s->next = sim->slabs;
		sim->slabs = s;
		for (i = SLAB_EVENTS - 1; i >= 0; i--) {
			s->ev[i].arg = sim->free_list;
			sim->free_list = &s->ev[i];
		}
		ev = sim->free_list;
	}
	sim->free_list = ev->arg;
	return ev;
}

size_t sim_pool_slabs(const struct sim *sim)
{
	const struct sim_pool_slab *s;
	size_t n = 0;

	for (s = sim->slabs; s; s = s->next)
		n++;
	return n;
}

struct sim_event *sim_post(struct sim *sim, sim_time_t t, sim_fn fn,
			   void *arg, uint64_t data)
{
	struct sim_event *ev = pool_get(sim);

	sim_event_init(ev, fn, arg);
	ev->data = data;
	ev->pooled = true;
	sim_schedule(sim, ev, t);
	return ev;
}

void sim_run(struct sim *sim, sim_time_t until)
{
	sim->stop = false;
	sim->until = until;
	while (sim->nr_pending > 0 && !sim->stop) {
		sim_time_t t = sim_next_time(sim);
		struct sim_event *ev;

		if (t > until)
			break;
		if (sim->observe && t > sim->now)
			sim->observe(sim, t, sim->observe_arg);
		ev = queue_pop(sim);
		sim->now = t;
		sim->nr_fired++;
		ev->fn(sim, ev);
		if (sim->after)
			sim->after(sim, ev, sim->after_arg);
		if (ev->pooled && ev->bucket < 0)
			pool_put(sim, ev);
	}
	if (!sim->stop && until != SIM_TIME_MAX && sim->now < until) {
		/* nothing more happens up to until: the state at now is final */
		if (sim->observe)
			sim->observe(sim, until + 1, sim->observe_arg);
		sim->now = until;
	}
}
