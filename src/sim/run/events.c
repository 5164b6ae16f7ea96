// SPDX-License-Identifier: MIT
/* The event log (see events.h). */
#include <stdlib.h>
#include <string.h>
#include "sim/run/events.h"
#include "sim/engine/util.h"

static void record(struct event_log *l, sim_time_t now)
{
	int i;

	for (i = 0; i < l->n; i++) {
		struct event_series *s = &l->s[i];
		double v = probe_read(s->p, 0), d = v - s->last;

		if (d <= 0)
			continue;
		s->last = v;
		s->sum += (uint64_t)d;
		s->instants++;
		if (s->n >= EVENTS_MAX)
			continue;
		if (!s->t) {	/* once per probe, at its first event */
			s->t = xcalloc(EVENTS_MAX, sizeof(*s->t));
			s->count = xcalloc(EVENTS_MAX, sizeof(*s->count));
		}
		s->t[s->n] = now;
		s->count[s->n++] = (uint32_t)d;
	}
}

/* sim->observe: the state at now is final. */
static void observe(struct sim *sim, sim_time_t next, void *arg)
{
	struct event_log *l = arg;

	record(l, sim->now);
	if (l->next)
		l->next(sim, next, l->next_arg);
}

void events_start(struct event_log *l, struct world *w)
{
	int i;

	memset(l, 0, sizeof(*l));
	l->w = w;
	probes_enumerate(w, &l->ps);
	for (i = 0; i < l->ps.n; i++)
		if (l->ps.v[i].t->event && l->ps.v[i].t->kind == PROBE_COUNTER)
			l->ps.v[l->n++] = l->ps.v[i];
	l->ps.n = l->n;
	l->s = xcalloc((size_t)l->n + 1, sizeof(*l->s));
	for (i = 0; i < l->n; i++) {
		l->s[i].p = &l->ps.v[i];
		l->s[i].last = probe_read(&l->ps.v[i], 0);
	}
	l->next = w->sim.observe;
	l->next_arg = w->sim.observe_arg;
	w->sim.observe = observe;
	w->sim.observe_arg = l;
}

void events_finish(struct event_log *l)
{
	if (!l->w || l->w->sim.observe != observe)
		return;
	record(l, l->w->sim.now);
	l->w->sim.observe = l->next;
	l->w->sim.observe_arg = l->next_arg;
}

static void write_time(FILE *f, sim_time_t at)
{
	fprintf(f, "%lld.%09lld", (long long)(at / PS_PER_S),
		(long long)(at % PS_PER_S / PS_PER_NS));
}

int events_write(const struct event_log *l, const char *path)
{
	uint32_t *next = xcalloc((size_t)l->n + 1, sizeof(*next));
	FILE *f = fopen(path, "w");
	int i;

	if (!f) {
		free(next);
		return -1;
	}
	fprintf(f, "# nicsim events: each increase of an event counter at the instant it happened; at most %d kept per counter\n",
		EVENTS_MAX);
	for (i = 0; i < l->n; i++)
		fprintf(f, "# total %s %llu instants %llu kept %u\n", l->s[i].p->name,
			(unsigned long long)l->s[i].sum, (unsigned long long)l->s[i].instants,
			l->s[i].n);
	fputs("time_s,event,count\n", f);
	for (;;) {	/* merge the series by time; catalogue order at a tie */
		int best = -1;

		for (i = 0; i < l->n; i++)
			if (next[i] < l->s[i].n &&
			    (best < 0 || l->s[i].t[next[i]] < l->s[best].t[next[best]]))
				best = i;
		if (best < 0)
			break;
		write_time(f, l->s[best].t[next[best]]);
		fprintf(f, ",%s,%u\n", l->s[best].p->name, l->s[best].count[next[best]]);
		next[best]++;
	}
	free(next);
	return fclose(f) ? -1 : 0;
}

void events_free(struct event_log *l)
{
	int i;

	if (l->w && l->w->sim.observe == observe) {
		l->w->sim.observe = l->next;
		l->w->sim.observe_arg = l->next_arg;
	}
	for (i = 0; i < l->n; i++) {
		free(l->s[i].t);
		free(l->s[i].count);
	}
	free(l->s);
	probes_free(&l->ps);
	memset(l, 0, sizeof(*l));
}
