// SPDX-License-Identifier: MIT
/* Writing a trace of probes as CSV (see trace.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "sim/run/trace.h"
#include "sim/run/outpath.h"
#include "sim/engine/util.h"

static void write_row(struct trace *t, sim_time_t at, bool force)
{
	double dt = time_to_s(at - t->last_row);
	bool changed = force || !t->have_row;
	int i;

	/* gauges and counters decide whether anything changed; rates are
	 * read only for rows that are written (their window is the row's) */
	for (i = 0; i < t->ps.n; i++) {
		struct probe *p = &t->ps.v[i];
		double v;

		if (p->t->kind == PROBE_RATE)
			continue;
		v = probe_read(p, dt);
		if (v != t->prev[i])
			changed = true;
		t->prev[i] = v;
	}
	if (!changed)
		return;
	fprintf(t->f, "%lld.%09lld", (long long)(at / PS_PER_S),
		(long long)(at % PS_PER_S / PS_PER_NS));
	for (i = 0; i < t->ps.n; i++) {
		struct probe *p = &t->ps.v[i];
		double v = p->t->kind == PROBE_RATE ? probe_read(p, dt) : t->prev[i];

		if (v == (double)(long long)v)
			fprintf(t->f, ",%lld", (long long)v);
		else
			fprintf(t->f, ",%.6g", v);
	}
	fputc('\n', t->f);
	t->last_row = at;
	t->have_row = true;
	t->rows++;
}

/* sim->observe: the state at sim->now is final; the next event is at
 * `next`. Interval mode writes the samples in [now, next). */
static void observe(struct sim *sim, sim_time_t next, void *arg)
{
	struct trace *t = arg;

	if (!t->every) {
		write_row(t, sim->now, false);
		return;
	}
	while (t->next < next && t->next <= t->w->duration) {
		write_row(t, t->next, true);
		t->next += t->every;
	}
}

static int no_match(struct trace *t, const char *bad, char *msg, size_t len)
{
	struct probe_set all;
	const char **names;
	int i;

	probes_enumerate(t->w, &all);
	names = xcalloc((size_t)all.n + 1, sizeof(*names));
	for (i = 0; i < all.n; i++)
		names[i] = all.v[i].name;
	snprintf(msg, len, "--trace: '%s' matches no probe of this scenario; did you mean '%s'? (nicsim probes FILE lists them)",
		 bad, all.n ? scn_closest(bad, names) : "");
	free(names);
	probes_free(&all);
	return -1;
}

int trace_start(struct trace *t, struct world *w, const char *patterns,
		sim_time_t every, const char *path, char *msg, size_t len)
{
	char bad[128];
	int i;

	memset(t, 0, sizeof(*t));
	t->w = w;
	t->every = every;
	probes_enumerate(w, &t->ps);
	if (probes_select(&t->ps, patterns, bad, sizeof(bad))) {
		probes_free(&t->ps);
		return no_match(t, bad, msg, len);
	}
	snprintf(t->path, sizeof(t->path), "%s", path);
	t->f = outpath_tmp_open(path, t->tmp, sizeof(t->tmp));
	if (!t->f) {
		snprintf(msg, len, "--trace-out: cannot write %s: %s", path, strerror(errno));
		probes_free(&t->ps);
		return -1;
	}
	t->prev = xcalloc((size_t)t->ps.n, sizeof(*t->prev));
	fputs("time_s", t->f);
	for (i = 0; i < t->ps.n; i++)
		fprintf(t->f, ",%s", t->ps.v[i].name);
	fputc('\n', t->f);
	w->sim.observe = observe;
	w->sim.observe_arg = t;
	return 0;
}

static void trace_close(struct trace *t)
{
	t->w->sim.observe = NULL;
	free(t->prev);
	probes_free(&t->ps);
	t->prev = NULL;
}

int trace_finish(struct trace *t)
{
	/* the end of the run is an instant like any other */
	observe(&t->w->sim, t->w->duration + 1, t);
	if (!t->every && t->w->sim.now > t->last_row)
		write_row(t, t->w->sim.now, true);
	trace_close(t);
	return outpath_tmp_commit(t->f, t->tmp, t->path);
}

void trace_abort(struct trace *t)
{
	if (!t->f)
		return;
	trace_close(t);
	outpath_tmp_abort(t->f, t->tmp);
}
