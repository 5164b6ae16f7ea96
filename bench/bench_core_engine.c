// SPDX-License-Identifier: MIT
/*
 * Event engine throughput: the classic hold model.
 *
 * N events stay pending; each fired event schedules one replacement at
 * now + a random increment, so the queue size never changes. Workloads:
 *   hold/exp      one-shot events (sim_post), exponential increments
 *   hold/uniform  one-shot events, uniform increments in [0, 2 * mean)
 *   timer/exp     N embedded events; each firing re-arms itself and, half
 *                 of the time, cancels and re-arms another random timer
 *                 (the del_timer/add_timer pattern of a driver)
 * Each runs on the nicsim engine (src/sim/engine/sim.c, a base-256 radix heap) and on a
 * plain binary heap written here with the same interface and pooling, so
 * the only difference is the engine. Its entry points are noinline, as
 * nicsim's are behind the library boundary, so that neither engine is
 * inlined into the workload's callbacks. Increments come from a table filled
 * by struct rng beforehand, keeping libm out of the timed loop; both
 * engines consume the same numbers and fire the same events (checked
 * once before timing, exit status 1 if they do not).
 *
 * Time is the process's CPU time (CLOCK_PROCESS_CPUTIME_ID): on an idle
 * machine it equals the wall time of this single-threaded loop, and on a
 * shared one it does not count the time other processes held the CPU.
 *
 * Usage: bench_core_engine [CPU seconds per measurement, default 1]
 * Output: one header line, then one row per (pending, workload).
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "nicsim/rng.h"
#include "nicsim/sim.h"

#define INC_TABLE	65536		/* power of two */
#define MEAN_INC	1000000		/* 1 us in ps */
#define BATCH		65536		/* events between clock reads */

enum workload { WL_HOLD_EXP, WL_HOLD_UNI, WL_TIMER_EXP, WL_NR };
static const char *const wl_name[WL_NR] = { "hold/exp", "hold/uniform", "timer/exp" };

static sim_time_t inc_exp[INC_TABLE], inc_uni[INC_TABLE];

/* ---- workload state shared by both engines ---------------------------- */

struct load {
	const sim_time_t *inc;
	uint32_t	k;
	int32_t		n;
	struct rng	r;
	uint64_t	fired;
	uint64_t	stop_at;
	uint64_t	sum;		/* of firing times, to compare engines */
};

static inline sim_time_t next_inc(struct load *l)
{
	return l->inc[l->k++ & (INC_TABLE - 1)];
}

/* Uniform index in [0, n) from the high 32 bits of r. */
static inline int32_t pick(uint64_t r, int32_t n)
{
	return (int32_t)(((r >> 32) * (uint64_t)n) >> 32);
}

static void load_init(struct load *l, enum workload w, int32_t n)
{
	l->inc = w == WL_HOLD_UNI ? inc_uni : inc_exp;
	l->k = 0;
	l->n = n;
	rng_stream(&l->r, 1, "bench.timer");
	l->fired = l->sum = 0;
	l->stop_at = UINT64_MAX;
}

/* Count a firing; true when the batch is done. */
static inline bool load_fired(struct load *l, sim_time_t now)
{
	l->sum += (uint64_t)now;
	return ++l->fired == l->stop_at;
}

static void fill_tables(void)
{
	struct rng r;
	int i;

	rng_stream(&r, 1, "bench.inc");
	for (i = 0; i < INC_TABLE; i++) {
		inc_exp[i] = (sim_time_t)(-MEAN_INC * log(1.0 - rng_double(&r)));
		inc_uni[i] = (sim_time_t)rng_below(&r, 2 * MEAN_INC);
	}
}

/* ---- the nicsim engine ------------------------------------------------ */

struct nl {
	struct sim	sim;
	struct load	l;
	struct sim_event *tm;
};

static void n_post_fn(struct sim *sim, struct sim_event *ev)
{
	struct nl *x = ev->arg;

	sim_post(sim, sim_now(sim) + next_inc(&x->l), n_post_fn, x, 0);
	if (load_fired(&x->l, sim_now(sim)))
		sim_stop(sim);
}

static void n_timer_fn(struct sim *sim, struct sim_event *ev)
{
	struct nl *x = ev->arg;
	uint64_t r = rng_next(&x->l.r);

	sim_schedule(sim, ev, sim_now(sim) + next_inc(&x->l));
	if (r & 1) {
		struct sim_event *o = &x->tm[pick(r, x->l.n)];

		sim_cancel(sim, o);
		sim_schedule(sim, o, sim_now(sim) + next_inc(&x->l));
	}
	if (load_fired(&x->l, sim_now(sim)))
		sim_stop(sim);
}

static void *n_create(enum workload w, int32_t n)
{
	struct nl *x = calloc(1, sizeof(*x));
	int32_t i;

	sim_init(&x->sim, 1);
	load_init(&x->l, w, n);
	if (w != WL_TIMER_EXP) {
		for (i = 0; i < n; i++)
			sim_post(&x->sim, next_inc(&x->l), n_post_fn, x, 0);
		return x;
	}
	x->tm = calloc((size_t)n, sizeof(*x->tm));
	for (i = 0; i < n; i++) {
		sim_event_init(&x->tm[i], n_timer_fn, x);
		sim_schedule(&x->sim, &x->tm[i], next_inc(&x->l));
	}
	return x;
}

static struct load *n_run(void *p, uint64_t nr)
{
	struct nl *x = p;

	x->l.stop_at = x->l.fired + nr;
	sim_run(&x->sim, SIM_TIME_MAX);
	return &x->l;
}

static void n_destroy(void *p)
{
	struct nl *x = p;

	sim_destroy(&x->sim);
	free(x->tm);
	free(x);
}

/* ---- baseline: a plain binary heap ------------------------------------ */

struct bh;
struct bh_ev {
	sim_time_t	time;
	uint64_t	seq;
	void		(*fn)(struct bh *h, struct bh_ev *ev);
	void		*arg;
	int32_t		idx;		/* -1 when not pending */
	bool		pooled;
};

#define BH_CHUNK 256

struct bh_chunk {
	struct bh_chunk	*next;
	struct bh_ev	ev[BH_CHUNK];
};

struct bh {
	struct bh_ev	**a;
	int32_t		n, cap;
	uint64_t	seq;
	sim_time_t	now;
	bool		stop;
	struct bh_ev	*free;		/* linked via arg */
	struct bh_chunk	*chunks;
};

static inline bool bh_less(const struct bh_ev *x, const struct bh_ev *y)
{
	return x->time < y->time || (x->time == y->time && x->seq < y->seq);
}

static inline void bh_set(struct bh *h, int32_t i, struct bh_ev *ev)
{
	h->a[i] = ev;
	ev->idx = i;
}

static void bh_up(struct bh *h, int32_t i, struct bh_ev *ev)
{
	while (i > 0 && bh_less(ev, h->a[(i - 1) / 2])) {
		bh_set(h, i, h->a[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	bh_set(h, i, ev);
}

static void bh_down(struct bh *h, int32_t i, struct bh_ev *ev)
{
	for (;;) {
		int32_t c = 2 * i + 1;

		if (c >= h->n)
			break;
		if (c + 1 < h->n && bh_less(h->a[c + 1], h->a[c]))
			c++;
		if (!bh_less(h->a[c], ev))
			break;
		bh_set(h, i, h->a[c]);
		i = c;
	}
	bh_set(h, i, ev);
}

static void bh_remove(struct bh *h, struct bh_ev *ev)
{
	int32_t i = ev->idx;
	struct bh_ev *last = h->a[--h->n];

	ev->idx = -1;
	if (last == ev)
		return;
	if (i > 0 && bh_less(last, h->a[(i - 1) / 2]))
		bh_up(h, i, last);
	else
		bh_down(h, i, last);
}

#define BH_API __attribute__((noinline))

static BH_API void bh_schedule(struct bh *h, struct bh_ev *ev, sim_time_t t)
{
	if (ev->idx >= 0)
		bh_remove(h, ev);
	ev->time = t;
	ev->seq = h->seq++;
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 1024;
		h->a = realloc(h->a, (size_t)h->cap * sizeof(*h->a));
	}
	bh_up(h, h->n++, ev);
}

static BH_API void bh_cancel(struct bh *h, struct bh_ev *ev)
{
	if (ev->idx >= 0)
		bh_remove(h, ev);
}

static BH_API void bh_post(struct bh *h, sim_time_t t,
		    void (*fn)(struct bh *, struct bh_ev *), void *arg)
{
	struct bh_ev *ev = h->free;
	int i;

	if (!ev) {
		struct bh_chunk *c = calloc(1, sizeof(*c));

		c->next = h->chunks;
		h->chunks = c;
		for (i = BH_CHUNK - 1; i >= 0; i--) {
			c->ev[i].arg = h->free;
			h->free = &c->ev[i];
		}
		ev = h->free;
	}
	h->free = ev->arg;
	ev->fn = fn;
	ev->arg = arg;
	ev->idx = -1;
	ev->pooled = true;
	bh_schedule(h, ev, t);
}

static BH_API void bh_run(struct bh *h)
{
	h->stop = false;
	while (h->n > 0 && !h->stop) {
		struct bh_ev *ev = h->a[0];

		bh_remove(h, ev);
		h->now = ev->time;
		ev->fn(h, ev);
		if (ev->pooled && ev->idx < 0) {
			ev->arg = h->free;
			h->free = ev;
		}
	}
}

struct bl {
	struct bh	h;
	struct load	l;
	struct bh_ev	*tm;
};

static void b_post_fn(struct bh *h, struct bh_ev *ev)
{
	struct bl *x = ev->arg;

	bh_post(h, h->now + next_inc(&x->l), b_post_fn, x);
	if (load_fired(&x->l, h->now))
		h->stop = true;
}

static void b_timer_fn(struct bh *h, struct bh_ev *ev)
{
	struct bl *x = ev->arg;
	uint64_t r = rng_next(&x->l.r);

	bh_schedule(h, ev, h->now + next_inc(&x->l));
	if (r & 1) {
		struct bh_ev *o = &x->tm[pick(r, x->l.n)];

		bh_cancel(h, o);
		bh_schedule(h, o, h->now + next_inc(&x->l));
	}
	if (load_fired(&x->l, h->now))
		h->stop = true;
}

static void *b_create(enum workload w, int32_t n)
{
	struct bl *x = calloc(1, sizeof(*x));
	int32_t i;

	load_init(&x->l, w, n);
	if (w != WL_TIMER_EXP) {
		for (i = 0; i < n; i++)
			bh_post(&x->h, next_inc(&x->l), b_post_fn, x);
		return x;
	}
	x->tm = calloc((size_t)n, sizeof(*x->tm));
	for (i = 0; i < n; i++) {
		x->tm[i].fn = b_timer_fn;
		x->tm[i].arg = x;
		x->tm[i].idx = -1;
		bh_schedule(&x->h, &x->tm[i], next_inc(&x->l));
	}
	return x;
}

static struct load *b_run(void *p, uint64_t nr)
{
	struct bl *x = p;

	x->l.stop_at = x->l.fired + nr;
	bh_run(&x->h);
	return &x->l;
}

static void b_destroy(void *p)
{
	struct bl *x = p;
	struct bh_chunk *c, *next;

	for (c = x->h.chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	free(x->h.a);
	free(x->tm);
	free(x);
}

/* ---- measurement ------------------------------------------------------- */

struct engine {
	void		*(*create)(enum workload w, int32_t n);
	struct load	*(*run)(void *x, uint64_t nr);	/* fire nr events */
	void		(*destroy)(void *x);
};

static const struct engine nicsim_engine = { n_create, n_run, n_destroy };
static const struct engine binheap_engine = { b_create, b_run, b_destroy };

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Events per CPU second over about secs of CPU time, after a warm-up. */
static double measure(const struct engine *e, enum workload w, int32_t n,
		      double secs)
{
	void *x = e->create(w, n);
	uint64_t warm = 4 * (uint64_t)n > 200000 ? 4 * (uint64_t)n : 200000;
	uint64_t start = e->run(x, warm)->fired;
	double t0 = now_s(), el;
	struct load *l;

	do {
		l = e->run(x, BATCH);
		el = now_s() - t0;
	} while (el < secs);
	el = (double)(l->fired - start) / el;
	e->destroy(x);
	return el;
}

/* Both engines fire the same events at the same times. */
static bool same_events(enum workload w, int32_t n)
{
	void *a = nicsim_engine.create(w, n), *b = binheap_engine.create(w, n);
	uint64_t sa = nicsim_engine.run(a, 300000)->sum;
	uint64_t sb = binheap_engine.run(b, 300000)->sum;

	nicsim_engine.destroy(a);
	binheap_engine.destroy(b);
	return sa == sb;
}

int main(int argc, char **argv)
{
	static const int32_t pending[] = { 64, 1000, 10000, 100000 };
	double secs = argc > 1 ? atof(argv[1]) : 1.0;
	unsigned int i;
	int w;

	if (secs <= 0)
		secs = 1.0;
	fill_tables();
	for (w = 0; w < WL_NR; w++) {
		if (!same_events(w, 1000)) {
			fprintf(stderr, "bench_core_engine: engines disagree on %s\n",
				wl_name[w]);
			return 1;
		}
	}
	printf("%8s  %-12s  %13s  %14s  %7s\n", "pending", "workload",
	       "nicsim_Mev/s", "binheap_Mev/s", "speedup");
	for (i = 0; i < sizeof(pending) / sizeof(pending[0]); i++) {
		for (w = 0; w < WL_NR; w++) {
			double a = measure(&nicsim_engine, w, pending[i], secs);
			double b = measure(&binheap_engine, w, pending[i], secs);

			printf("%8d  %-12s  %13.2f  %14.2f  %7.2f\n", pending[i],
			       wl_name[w], a / 1e6, b / 1e6, a / b);
			fflush(stdout);
		}
	}
	return 0;
}
