/* SPDX-License-Identifier: MIT */
/*
 * A trace: selected probes written as CSV while the world runs.
 *
 * Rows are "time_s,probe,probe,..." with time in seconds (ns resolution).
 * Every `every` of simulated time a row holds each probe's value at that
 * instant (the state after all events up to it); with every = 0 ("on
 * change") a row is written at each instant after which a gauge or a
 * counter differs from the previous row. Rates are over the time since the
 * previous row. The sampler is an observer of the engine (sim->observe),
 * not an event: tracing never changes what the model does or the results.
 * The file is written to a temporary beside PATH and renamed at the end
 * (run/outpath.h).
 */
#ifndef NICSIM_RUN_TRACE_H
#define NICSIM_RUN_TRACE_H

#include "sim/run/probe.h"
#include "sim/run/outpath.h"

/* Rows an interval trace may hold (a 1 ps interval over 10 s would be
 * 10^13); --trace-every is refused beyond. */
#define TRACE_MAX_ROWS 10000000

struct trace {
	struct world	*w;
	struct probe_set ps;
	FILE		*f;
	char		path[4096];
	char		tmp[OUTPATH_LEN];	/* the temporary being written */
	sim_time_t	every;		/* 0 = on change */
	sim_time_t	next;		/* next sample time (interval mode) */
	sim_time_t	last_row;	/* time of the previous row */
	double		*prev;		/* values of the previous row */
	bool		have_row;
	uint64_t	rows;
};

/* Select probes by comma-separated globs and open the temporary; -1 with a
 * message in msg (bad pattern with the closest probe name, or I/O). */
int trace_start(struct trace *t, struct world *w, const char *patterns,
		sim_time_t every, const char *path, char *msg, size_t len);
/* After world_run: rows up to the end, close, rename into place. */
int trace_finish(struct trace *t);
/* Drop the temporary file (a failed run). */
void trace_abort(struct trace *t);

#endif
