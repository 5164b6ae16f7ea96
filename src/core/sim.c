// SPDX-License-Identifier: MIT
/*
 * Event engine: a 4-ary min-heap keyed by (time, seq). Each slot holds the
 * key beside the event pointer, so sifting compares without touching the
 * events; a 4-ary heap halves the depth of a binary one. Each event
 * remembers its heap index so that cancellation and rescheduling are
 * O(log n) without searching.
 */
#include <stdlib.h>
#include <string.h>
#include "nicsim/sim.h"
#include "core/util.h"

#define SLAB_EVENTS 256

struct sim_pool_slab {
	struct sim_pool_slab	*next;
	struct sim_event	ev[SLAB_EVENTS];
};

static inline bool before(const struct sim_heap_entry *a, const struct sim_heap_entry *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static inline void heap_put(struct sim *sim, int32_t i, struct sim_heap_entry e)
{
	sim->heap[i] = e;
	e.ev->heap_idx = i;
}

static void sift_up(struct sim *sim, int32_t i, struct sim_heap_entry e)
{
	while (i > 0) {
		int32_t p = (i - 1) >> 2;

		if (!before(&e, &sim->heap[p]))
			break;
		heap_put(sim, i, sim->heap[p]);
		i = p;
	}
	heap_put(sim, i, e);
}

static void sift_down(struct sim *sim, int32_t i, struct sim_heap_entry e)
{
	int32_t n = sim->heap_len;
	struct sim_heap_entry *h = sim->heap;

	for (;;) {
		int32_t c = (i << 2) + 1, best, end, k;

		if (c >= n)
			break;
		best = c;
		end = c + 4 < n ? c + 4 : n;
		for (k = c + 1; k < end; k++)
			if (before(&h[k], &h[best]))
				best = k;
		if (!before(&h[best], &e))
			break;
		heap_put(sim, i, h[best]);
		i = best;
	}
	heap_put(sim, i, e);
}

static void heap_remove(struct sim *sim, struct sim_event *ev)
{
	int32_t i = ev->heap_idx;
	struct sim_heap_entry last = sim->heap[--sim->heap_len];

	ev->heap_idx = -1;
	if (last.ev == ev)
		return;
	if (i > 0 && before(&last, &sim->heap[(i - 1) >> 2]))
		sift_up(sim, i, last);
	else
		sift_down(sim, i, last);
}

void sim_init(struct sim *sim, uint64_t seed)
{
	memset(sim, 0, sizeof(*sim));
	sim->seed = seed;
	sim->heap_cap = 1024;
	sim->heap = xcalloc((size_t)sim->heap_cap, sizeof(*sim->heap));
}

void sim_destroy(struct sim *sim)
{
	struct sim_pool_slab *s = sim->slabs, *n;

	for (; s; s = n) {
		n = s->next;
		free(s);
	}
	free(sim->heap);
	memset(sim, 0, sizeof(*sim));
}

void sim_event_init(struct sim_event *ev, sim_fn fn, void *arg)
{
	memset(ev, 0, sizeof(*ev));
	ev->fn = fn;
	ev->arg = arg;
	ev->heap_idx = -1;
}

void sim_schedule(struct sim *sim, struct sim_event *ev, sim_time_t t)
{
	BUG_ON(t < sim->now);
	if (ev->heap_idx >= 0)
		heap_remove(sim, ev);
	ev->time = t;
	ev->seq = sim->next_seq++;
	if (sim->heap_len == sim->heap_cap) {
		sim->heap_cap *= 2;
		sim->heap = xrealloc(sim->heap, (size_t)sim->heap_cap * sizeof(*sim->heap));
	}
	sift_up(sim, sim->heap_len++, (struct sim_heap_entry){ t, ev->seq, ev });
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
	if (ev->heap_idx < 0)
		return;
	heap_remove(sim, ev);
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
	while (sim->heap_len > 0 && !sim->stop) {
		struct sim_event *ev = sim->heap[0].ev;

		if (ev->time > until)
			break;
		if (sim->observe && ev->time > sim->now)
			sim->observe(sim, ev->time, sim->observe_arg);
		heap_remove(sim, ev);
		sim->now = ev->time;
		sim->nr_fired++;
		ev->fn(sim, ev);
		if (sim->after)
			sim->after(sim, ev, sim->after_arg);
		if (ev->pooled && ev->heap_idx < 0)
			pool_put(sim, ev);
	}
	if (!sim->stop && until != SIM_TIME_MAX && sim->now < until) {
		/* nothing more happens up to until: the state at now is final */
		if (sim->observe)
			sim->observe(sim, until + 1, sim->observe_arg);
		sim->now = until;
	}
}
