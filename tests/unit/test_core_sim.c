// SPDX-License-Identifier: MIT
/*
 * Unit tests for the event engine (src/sim/engine/sim.c).
 *
 * Checks: events fire in (time, insertion) order; simultaneous events keep
 * scheduling order; reschedule moves and cancel removes an event wherever
 * it sits in the heap; a 100k-operation random sequence of schedule,
 * reschedule, cancel, post and run fires exactly like a sorted reference
 * array; the pool is recycled (steady state allocates no slab, cancelled
 * posts return to the pool); two struct sim share no state; sim_run(until)
 * and sim_stop() stop where they say. Heap and pool invariants are
 * checked through the public struct fields.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "nicsim/rng.h"
#include "nicsim/sim.h"
#include "sim/engine/util.h"

#define SLAB_EVENTS 256		/* mirrors src/sim/engine/sim.c */

/* ---- invariant checks ------------------------------------------------- */


/* The radix heap's invariants: each pending event in the bucket its time
 * gives against `last`, lists doubly linked, equal times in seq order,
 * the non-empty mask and the count right, nothing earlier than now. */
static void check_heap(const struct sim *sim)
{
	int32_t n = 0;
	int b;

	for (b = 0; b < SIM_BUCKETS; b++) {
		const struct sim_event *ev, *prev = NULL;
		uint64_t x;

		if (b)
			assert_int_equal(!!(sim->mask[(b - 1) / 64] & (1ull << ((b - 1) % 64))),
					 sim->head[b] != NULL);
		for (ev = sim->head[b]; ev; prev = ev, ev = ev->q_next, n++) {
			assert_int_equal(ev->bucket, b);
			assert_ptr_equal(ev->q_prev, prev);
			assert_true(ev->time >= sim->now && ev->time >= sim->last);
			x = (uint64_t)ev->time ^ (uint64_t)sim->last;
			if (x) {
				int p = (63 - __builtin_clzll(x)) / 8;

				assert_int_equal(1 + 256 * p + (int)(((uint64_t)ev->time >> (8 * p)) & 0xff), b);
			} else {
				assert_int_equal(b, 0);
			}
			if (prev && prev->time == ev->time)
				assert_true(prev->seq < ev->seq);
		}
		assert_ptr_equal(sim->tail[b], prev);
	}
	for (b = 0; b < SIM_MASK_WORDS; b++)
		assert_int_equal(!!(sim->summary & (1u << b)), sim->mask[b] != 0);
	assert_int_equal(n, sim->nr_pending);
}

/* The free list is acyclic and free + in-use pooled events fill the slabs. */
static void check_pool(const struct sim *sim, size_t pooled_in_use)
{
	size_t cap = sim_pool_slabs(sim) * SLAB_EVENTS, n = 0;
	const struct sim_event *ev;

	for (ev = sim->free_list; ev; ev = ev->arg) {
		assert_true(n < cap);
		n++;
	}
	assert_int_equal(n + pooled_in_use, cap);
}

/* ---- a firing log shared by the simple tests -------------------------- */

struct fired {
	int		n;
	int		id[4096];
	sim_time_t	t[4096];
};

static void log_fn(struct sim *sim, struct sim_event *ev)
{
	struct fired *f = ev->arg;

	assert_true(f->n < (int)ARRAY_SIZE(f->id));
	f->id[f->n] = (int)ev->data;
	f->t[f->n] = sim_now(sim);
	f->n++;
}

static void init_ev(struct sim_event *ev, struct fired *f, int id)
{
	sim_event_init(ev, log_fn, f);
	ev->data = (uint64_t)id;
}

/* Fisher-Yates with the project's rng. */
static void shuffle(int *a, int n, struct rng *r)
{
	int i;

	for (i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint64_t)i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* ---- ordering ---------------------------------------------------------- */

static void test_time_order(void **state)
{
	static struct sim_event ev[2000];
	static struct fired f;
	struct sim sim;
	struct rng r;
	int i;

	memset(&f, 0, sizeof(f));
	rng_stream(&r, 1, "time_order");
	sim_init(&sim, 1);
	for (i = 0; i < 2000; i++) {
		init_ev(&ev[i], &f, i);
		sim_schedule(&sim, &ev[i], (sim_time_t)rng_below(&r, 1000000));
	}
	check_heap(&sim);
	sim_run(&sim, SIM_TIME_MAX);
	assert_int_equal(f.n, 2000);
	for (i = 1; i < f.n; i++) {
		assert_true(f.t[i - 1] <= f.t[i]);
		if (f.t[i - 1] == f.t[i])
			assert_true(ev[f.id[i - 1]].seq < ev[f.id[i]].seq);
	}
	for (i = 0; i < f.n; i++)
		assert_int_equal(f.t[i], ev[f.id[i]].time);
	assert_int_equal(sim.nr_fired, 2000);
	assert_int_equal(sim_pending(&sim), 0);
	sim_destroy(&sim);
}

static void test_same_time_insertion_order(void **state)
{
	static struct sim_event ev[1000];
	static struct fired f;
	int order[1000], i;
	struct sim sim;
	struct rng r;

	memset(&f, 0, sizeof(f));
	rng_stream(&r, 2, "same_time");
	for (i = 0; i < 1000; i++)
		order[i] = i;
	shuffle(order, 1000, &r);
	sim_init(&sim, 2);
	/* Created (initialised) in one shuffled order, scheduled in another. */
	for (i = 0; i < 1000; i++)
		init_ev(&ev[order[i]], &f, order[i]);
	shuffle(order, 1000, &r);
	for (i = 0; i < 1000; i++)
		sim_schedule(&sim, &ev[order[i]], 777);
	sim_run(&sim, SIM_TIME_MAX);
	assert_int_equal(f.n, 1000);
	for (i = 0; i < 1000; i++) {
		assert_int_equal(f.id[i], order[i]);
		assert_int_equal(f.t[i], 777);
		if (i > 0)
			assert_true(ev[f.id[i - 1]].seq < ev[f.id[i]].seq);
	}
	sim_destroy(&sim);
}

/* ---- reschedule and cancel -------------------------------------------- */

static void test_reschedule(void **state)
{
	struct sim_event a, b, c;
	struct fired f = { 0 };
	struct sim sim;

	sim_init(&sim, 3);
	init_ev(&a, &f, 0);
	init_ev(&b, &f, 1);
	init_ev(&c, &f, 2);
	sim_schedule(&sim, &a, 10);
	sim_schedule(&sim, &b, 20);
	sim_schedule(&sim, &c, 20);
	sim_schedule(&sim, &a, 30);	/* later */
	sim_schedule(&sim, &b, 20);	/* same time: now after c */
	assert_int_equal(sim_pending(&sim), 3);
	check_heap(&sim);
	sim_schedule(&sim, &c, 5);	/* earlier */
	sim_run(&sim, SIM_TIME_MAX);
	assert_int_equal(f.n, 3);
	assert_int_equal(f.id[0], 2);
	assert_int_equal(f.t[0], 5);
	assert_int_equal(f.id[1], 1);
	assert_int_equal(f.t[1], 20);
	assert_int_equal(f.id[2], 0);
	assert_int_equal(f.t[2], 30);
	assert_false(sim_event_pending(&a));
	sim_destroy(&sim);
}

static void fill_distinct(struct sim *sim, struct sim_event *ev,
			  struct fired *f, int n, struct rng *r)
{
	int order[128], i;

	for (i = 0; i < n; i++)
		order[i] = i;
	shuffle(order, n, r);
	for (i = 0; i < n; i++) {
		init_ev(&ev[order[i]], f, order[i]);
		sim_schedule(sim, &ev[order[i]], 100 + 10 * (sim_time_t)order[i]);
	}
}

static void test_cancel_positions(void **state)
{
	struct sim_event ev[100], *victim;
	bool gone[100] = { false };
	struct fired f = { 0 };
	int i, k, last_id = -1;
	struct sim sim;
	struct rng r;

	rng_stream(&r, 4, "cancel");
	sim_init(&sim, 4);
	fill_distinct(&sim, ev, &f, 100, &r);
	for (k = 0; k < 30; k++) {
		int32_t len = sim_pending(&sim), pend[100], np = 0;

		/* the earliest, a middle and the latest pending event, in turn */
		for (i = 0; i < 100; i++)
			if (sim_event_pending(&ev[i]))
				pend[np++] = i;
		assert_int_equal(np, len);
		victim = &ev[pend[k % 3 == 0 ? 0 : k % 3 == 1 ? np / 2 : np - 1]];
		gone[victim->data] = true;
		sim_cancel(&sim, victim);
		assert_false(sim_event_pending(victim));
		assert_int_equal(sim_pending(&sim), len - 1);
		sim_cancel(&sim, victim);	/* not pending: no effect */
		assert_int_equal(sim_pending(&sim), len - 1);
		check_heap(&sim);
	}
	sim_run(&sim, SIM_TIME_MAX);
	assert_int_equal(f.n, 70);
	for (i = 0; i < f.n; i++) {
		assert_false(gone[f.id[i]]);
		assert_true(f.id[i] > last_id);	/* time = 100 + 10 * id */
		last_id = f.id[i];
	}
	sim_destroy(&sim);
}

/* Cancel everything in random order, checking the heap after each. */
static void test_cancel_all(void **state)
{
	struct sim_event ev[128];
	struct fired f = { 0 };
	int order[128], i;
	struct sim sim;
	struct rng r;

	rng_stream(&r, 5, "cancel_all");
	sim_init(&sim, 5);
	fill_distinct(&sim, ev, &f, 128, &r);
	for (i = 0; i < 128; i++)
		order[i] = i;
	shuffle(order, 128, &r);
	for (i = 0; i < 128; i++) {
		sim_cancel(&sim, &ev[order[i]]);
		check_heap(&sim);
	}
	assert_int_equal(sim_pending(&sim), 0);
	sim_run(&sim, SIM_TIME_MAX);
	assert_int_equal(f.n, 0);
	sim_destroy(&sim);
}

/* ---- property test against a sorted reference array ------------------- */

#define PT_EMB		512		/* embedded events, ids 0..511 */
#define PT_MAXPEND	2048		/* posts only while fewer pending */
#define PT_OPS		100000
#define PT_LOG		65536

struct pt_ref {
	uint64_t	id;
	sim_time_t	time;
};

struct pt {
	struct sim	sim;
	struct sim_event ev[PT_EMB];
	uint64_t	fires;			/* sim side */
	int		nlog;
	uint64_t	log[PT_LOG];
	sim_time_t	logt[PT_LOG];
	size_t		pooled;			/* pooled events in use */
	struct sim_event *post[PT_OPS];		/* by id - PT_EMB, live ones */

	struct pt_ref	ref[PT_MAXPEND + PT_EMB + 8];	/* sorted */
	int		nref;
	sim_time_t	rnow;
	uint64_t	rfires;
	int		nrlog;
	uint64_t	rlog[PT_LOG];
	sim_time_t	rlogt[PT_LOG];
};

/* After the nth firing overall, does the fired event re-arm itself, and
 * how far ahead (0 allowed)? Both sides call this with the same nth. */
static sim_time_t pt_again(uint64_t nth)
{
	uint64_t h = nth;

	h = splitmix64(&h);
	return (h & 3) == 0 ? (sim_time_t)((h >> 8) % 40) : -1;
}

static void pt_ref_del(struct pt *p, uint64_t id)
{
	int i;

	for (i = 0; i < p->nref; i++) {
		if (p->ref[i].id != id)
			continue;
		memmove(&p->ref[i], &p->ref[i + 1],
			(size_t)(p->nref - i - 1) * sizeof(p->ref[0]));
		p->nref--;
		return;
	}
}

/* A newly scheduled event has the largest seq: it goes after every
 * pending event with time <= t. */
static void pt_ref_add(struct pt *p, uint64_t id, sim_time_t t)
{
	int i = p->nref;

	assert_true(p->nref < (int)ARRAY_SIZE(p->ref));
	while (i > 0 && p->ref[i - 1].time > t) {
		p->ref[i] = p->ref[i - 1];
		i--;
	}
	p->ref[i].id = id;
	p->ref[i].time = t;
	p->nref++;
}

static void pt_ref_run(struct pt *p, sim_time_t until)
{
	while (p->nref > 0 && p->ref[0].time <= until) {
		struct pt_ref e = p->ref[0];
		sim_time_t d;

		memmove(&p->ref[0], &p->ref[1], (size_t)(p->nref - 1) * sizeof(p->ref[0]));
		p->nref--;
		p->rnow = e.time;
		assert_true(p->nrlog < PT_LOG);
		p->rlog[p->nrlog] = e.id;
		p->rlogt[p->nrlog++] = e.time;
		d = pt_again(++p->rfires);
		if (d >= 0)
			pt_ref_add(p, e.id, p->rnow + d);
	}
	if (until != SIM_TIME_MAX && p->rnow < until)
		p->rnow = until;
}

static void pt_fn(struct sim *sim, struct sim_event *ev)
{
	struct pt *p = container_of(sim, struct pt, sim);
	sim_time_t d;

	assert_true(p->nlog < PT_LOG);
	p->log[p->nlog] = ev->data;
	p->logt[p->nlog++] = sim_now(sim);
	d = pt_again(++p->fires);
	if (d >= 0) {
		sim_schedule(sim, ev, sim_now(sim) + d);
	} else if (ev->pooled) {
		p->post[ev->data - PT_EMB] = NULL;
		p->pooled--;
	}
}

/* Cancel the pending posted event at a random place in the reference. */
static void pt_cancel_post(struct pt *p, struct rng *r)
{
	int i;
	uint64_t id;

	if (p->nref == 0)
		return;
	i = (int)rng_below(r, (uint64_t)p->nref);
	id = p->ref[i].id;
	if (id < PT_EMB)
		return;
	assert_non_null(p->post[id - PT_EMB]);
	sim_cancel(&p->sim, p->post[id - PT_EMB]);
	p->post[id - PT_EMB] = NULL;
	pt_ref_del(p, id);
	p->pooled--;
}

static void pt_run(struct pt *p, sim_time_t until)
{
	p->nlog = 0;
	p->nrlog = 0;
	sim_run(&p->sim, until);
	pt_ref_run(p, until);
	assert_int_equal(p->nlog, p->nrlog);
	assert_memory_equal(p->log, p->rlog, (size_t)p->nlog * sizeof(p->log[0]));
	assert_memory_equal(p->logt, p->rlogt, (size_t)p->nlog * sizeof(p->logt[0]));
	assert_int_equal(sim_now(&p->sim), p->rnow);
}

static void pt_check(struct pt *p)
{
	bool in_ref[PT_EMB] = { false };
	int i;

	assert_int_equal(sim_pending(&p->sim), p->nref);
	for (i = 0; i < p->nref; i++)
		if (p->ref[i].id < PT_EMB)
			in_ref[p->ref[i].id] = true;
	for (i = 0; i < PT_EMB; i++)
		assert_int_equal(sim_event_pending(&p->ev[i]), in_ref[i]);
	check_heap(&p->sim);
	check_pool(&p->sim, p->pooled);
}

static void pt_op(struct pt *p, struct rng *r, uint64_t *next_post)
{
	uint64_t op = rng_below(r, 100), id = rng_below(r, PT_EMB);
	sim_time_t now = sim_now(&p->sim), t = now + (sim_time_t)rng_below(r, 64);

	if (op < 40) {
		sim_schedule(&p->sim, &p->ev[id], t);
		pt_ref_del(p, id);
		pt_ref_add(p, id, t);
	} else if (op < 52) {
		sim_cancel(&p->sim, &p->ev[id]);
		pt_ref_del(p, id);
	} else if (op < 57) {
		pt_cancel_post(p, r);
	} else if (op < 67) {
		if (p->nref >= PT_MAXPEND)
			return;
		p->post[*next_post - PT_EMB] =
			sim_post(&p->sim, t, pt_fn, NULL, *next_post);
		pt_ref_add(p, (*next_post)++, t);
		p->pooled++;
	} else {
		pt_run(p, now + (sim_time_t)rng_below(r, 32));
	}
}

static void test_property_vs_reference(void **state)
{
	struct pt *p = calloc(1, sizeof(*p));
	uint64_t next_post = PT_EMB;
	struct rng r;
	int i;

	assert_non_null(p);
	rng_stream(&r, 6, "property");
	sim_init(&p->sim, 6);
	for (i = 0; i < PT_EMB; i++) {
		sim_event_init(&p->ev[i], pt_fn, NULL);
		p->ev[i].data = (uint64_t)i;
	}
	for (i = 0; i < PT_OPS; i++) {
		pt_op(p, &r, &next_post);
		if (i % 97 == 0)
			pt_check(p);
	}
	pt_check(p);
	pt_run(p, SIM_TIME_MAX);
	pt_check(p);
	assert_int_equal(p->nref, 0);
	assert_int_equal(p->pooled, 0);
	assert_true(p->fires > PT_OPS / 4);	/* the test exercised firing */
	assert_true(sim_pool_slabs(&p->sim) <= 2);	/* cancels recycled */
	sim_destroy(&p->sim);
	free(p);
}

/* ---- the pool ---------------------------------------------------------- */

struct hold {
	struct rng	r;
	uint64_t	n;
};

/* Hold model: each fired event posts one replacement. */
static void hold_fn(struct sim *sim, struct sim_event *ev)
{
	struct hold *h = ev->arg;

	h->n++;
	sim_post(sim, sim_now(sim) + 1 + (sim_time_t)rng_below(&h->r, 1000),
		 hold_fn, h, 0);
}

static void test_pool_steady_state(void **state)
{
	struct hold h = { .n = 0 };
	struct sim sim;
	size_t slabs;
	int i;

	rng_stream(&h.r, 7, "hold");
	sim_init(&sim, 7);
	for (i = 0; i < 1000; i++)
		sim_post(&sim, (sim_time_t)rng_below(&h.r, 1000), hold_fn, &h, 0);
	while (h.n < 50000)
		sim_run(&sim, sim_now(&sim) + 1000);
	slabs = sim_pool_slabs(&sim);
	/* 1000 pending + the one firing */
	assert_true(slabs <= DIV_ROUND_UP(1001, SLAB_EVENTS));
	check_pool(&sim, 1000);
	while (h.n < 1050000)
		sim_run(&sim, sim_now(&sim) + 1000);
	assert_int_equal(sim_pool_slabs(&sim), slabs);
	assert_int_equal(sim_pending(&sim), 1000);
	check_pool(&sim, 1000);
	check_heap(&sim);
	sim_destroy(&sim);
}

static void nop_fn(struct sim *sim, struct sim_event *ev)
{
}

/* A cancelled one-shot event goes back to the pool. */
static void test_pool_cancel_recycles(void **state)
{
	struct sim_event *a, *b;
	struct sim sim;
	int i;

	sim_init(&sim, 8);
	for (i = 0; i < 100000; i++) {
		a = sim_post(&sim, 10, nop_fn, NULL, 0);
		b = sim_post(&sim, 20, nop_fn, NULL, 0);
		sim_cancel(&sim, i & 1 ? a : b);
		sim_cancel(&sim, i & 1 ? b : a);
	}
	assert_int_equal(sim_pool_slabs(&sim), 1);
	assert_int_equal(sim_pending(&sim), 0);
	check_pool(&sim, 0);
	sim_destroy(&sim);
}

/*
 * A pooled event that re-arms itself stays alive until it finally fires
 * without re-arming; one that re-arms and then cancels itself from its own
 * callback is freed exactly once.
 */
static void rearm_fn(struct sim *sim, struct sim_event *ev)
{
	int *count = ev->arg;

	(*count)++;
	sim_post(sim, sim_now(sim) + 1, nop_fn, NULL, 0);
	if (ev->data > 0) {
		ev->data--;
		sim_schedule(sim, ev, sim_now(sim) + 3);
		if (ev->data == 2) {
			sim_cancel(sim, ev);
			sim_post(sim, sim_now(sim) + 1, nop_fn, NULL, 0);
		}
	}
}

/* Re-arm, then cancel, and post nothing that could reuse the slot. */
static void rearm_cancel_fn(struct sim *sim, struct sim_event *ev)
{
	int *count = ev->arg;

	(*count)++;
	sim_schedule(sim, ev, sim_now(sim) + 3);
	sim_cancel(sim, ev);
}

static void test_pool_self_rearm(void **state)
{
	int count = 0, count2 = 0, count3 = 0;
	struct sim sim;

	sim_init(&sim, 9);
	sim_post(&sim, 0, rearm_fn, &count, 10);
	sim_post(&sim, 0, rearm_fn, &count2, 0);	/* fires once */
	sim_post(&sim, 0, rearm_cancel_fn, &count3, 0);
	sim_run(&sim, SIM_TIME_MAX);
	/* data 10..3 re-armed; at 3 it re-arms to 2 and cancels */
	assert_int_equal(count, 8);
	assert_int_equal(count2, 1);
	assert_int_equal(count3, 1);
	check_pool(&sim, 0);
	sim_destroy(&sim);
}

/* ---- independent instances -------------------------------------------- */

#define WL_TIMERS 64

struct wl {
	struct sim	sim;
	struct rng	r;
	struct sim_event t[WL_TIMERS];
	uint64_t	hash;
};

static void wl_mix(struct wl *w, uint64_t v)
{
	w->hash = (w->hash ^ v) * 0x100000001b3ULL;
}

static void wl_fn(struct sim *sim, struct sim_event *ev)
{
	struct wl *w = container_of(sim, struct wl, sim);
	sim_time_t now = sim_now(sim);
	uint64_t x = rng_below(&w->r, 4);

	wl_mix(w, ev->data);
	wl_mix(w, (uint64_t)now);
	if (!ev->pooled)
		sim_schedule(sim, ev, now + 1 + (sim_time_t)rng_below(&w->r, 500));
	if (x == 0)
		sim_post(sim, now + (sim_time_t)rng_below(&w->r, 300), wl_fn, NULL,
			 1000 + rng_below(&w->r, 1000));
	else if (x == 1)
		sim_cancel(sim, &w->t[rng_below(&w->r, WL_TIMERS)]);
	else if (x == 2)
		sim_schedule(sim, &w->t[rng_below(&w->r, WL_TIMERS)],
			     now + (sim_time_t)rng_below(&w->r, 200));
}

static void wl_init(struct wl *w, uint64_t seed)
{
	int i;

	memset(w, 0, sizeof(*w));
	w->hash = 0xcbf29ce484222325ULL;
	sim_init(&w->sim, seed);
	rng_stream(&w->r, seed, "wl");
	for (i = 0; i < WL_TIMERS; i++) {
		sim_event_init(&w->t[i], wl_fn, NULL);
		w->t[i].data = (uint64_t)i;
		sim_schedule(&w->sim, &w->t[i], (sim_time_t)rng_below(&w->r, 500));
	}
}

#define WL_END 200000

static void test_instances_independent(void **state)
{
	static struct wl a, b, a2, b2;
	sim_time_t t;

	wl_init(&a, 11);
	sim_run(&a.sim, WL_END);
	wl_init(&b, 12);
	sim_run(&b.sim, WL_END);
	assert_true(a.sim.nr_fired > 10000);
	assert_true(a.hash != b.hash);

	wl_init(&a2, 11);
	wl_init(&b2, 12);
	for (t = 0; t <= WL_END; t += 37) {
		sim_run(&b2.sim, t);
		sim_run(&a2.sim, t);
	}
	sim_run(&a2.sim, WL_END);
	sim_run(&b2.sim, WL_END);
	assert_int_equal(a2.hash, a.hash);
	assert_int_equal(b2.hash, b.hash);
	assert_int_equal(a2.sim.nr_fired, a.sim.nr_fired);
	assert_int_equal(b2.sim.nr_fired, b.sim.nr_fired);
	assert_int_equal(sim_pending(&a2.sim), sim_pending(&a.sim));
	sim_destroy(&a.sim);
	sim_destroy(&b.sim);
	sim_destroy(&a2.sim);
	sim_destroy(&b2.sim);
}

/* ---- run bounds and stop ----------------------------------------------- */

static void test_run_until(void **state)
{
	struct sim_event ev[3];
	struct fired f = { 0 };
	struct sim sim;
	int i;

	sim_init(&sim, 13);
	for (i = 0; i < 3; i++) {
		init_ev(&ev[i], &f, i);
		sim_schedule(&sim, &ev[i], 10 * (sim_time_t)(i + 1));
	}
	sim_run(&sim, 20);		/* the bound is inclusive */
	assert_int_equal(f.n, 2);
	assert_int_equal(sim_now(&sim), 20);
	assert_int_equal(sim_pending(&sim), 1);
	assert_true(sim_event_pending(&ev[2]));
	sim_run(&sim, 25);		/* nothing due: time still advances */
	assert_int_equal(f.n, 2);
	assert_int_equal(sim_now(&sim), 25);
	sim_run(&sim, SIM_TIME_MAX);
	assert_int_equal(f.n, 3);
	assert_int_equal(f.t[2], 30);
	assert_int_equal(sim_now(&sim), 30);
	sim_run(&sim, 100);		/* empty queue: advances to the bound */
	assert_int_equal(sim_now(&sim), 100);
	sim_destroy(&sim);
}

static void stop_fn(struct sim *sim, struct sim_event *ev)
{
	log_fn(sim, ev);
	if (ev->data == 4)
		sim_stop(sim);
}

static void test_stop_from_callback(void **state)
{
	struct sim_event ev[10];
	struct fired f = { 0 };
	struct sim sim;
	int i;

	sim_init(&sim, 14);
	for (i = 0; i < 10; i++) {
		sim_event_init(&ev[i], stop_fn, &f);
		ev[i].data = (uint64_t)i;
		sim_schedule(&sim, &ev[i], (sim_time_t)i + 1);
	}
	sim_run(&sim, 1000);
	assert_int_equal(f.n, 5);
	assert_int_equal(sim_now(&sim), 5);	/* stop does not jump to until */
	assert_int_equal(sim_pending(&sim), 5);
	sim_run(&sim, 1000);			/* resumes */
	assert_int_equal(f.n, 10);
	for (i = 0; i < 10; i++)
		assert_int_equal(f.id[i], i);
	assert_int_equal(sim_now(&sim), 1000);
	sim_destroy(&sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_order),
		cmocka_unit_test(test_same_time_insertion_order),
		cmocka_unit_test(test_reschedule),
		cmocka_unit_test(test_cancel_positions),
		cmocka_unit_test(test_cancel_all),
		cmocka_unit_test(test_property_vs_reference),
		cmocka_unit_test(test_pool_steady_state),
		cmocka_unit_test(test_pool_cancel_recycles),
		cmocka_unit_test(test_pool_self_rearm),
		cmocka_unit_test(test_instances_independent),
		cmocka_unit_test(test_run_until),
		cmocka_unit_test(test_stop_from_callback),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
