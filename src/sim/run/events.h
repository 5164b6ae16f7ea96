/* SPDX-License-Identifier: MIT */
/*
 * The event log: the exact instants at which event counters went up.
 *
 * Event probes are the counters of the probe catalogue that name their
 * increase in words (probe_tmpl.event: each ENOBUFS of a ping, each
 * TX-done or RX interrupt a NIC raised, each TCP retransmission). The log
 * reads them whenever the engine is about to leave an instant (it chains
 * itself in front of sim->observe, like the trace, and never changes what
 * the model does) and keeps, per probe, the time and size of every
 * increase, up to EVENTS_MAX of them; beyond that it only counts. A trace
 * sampled every period turns sparse events into a comb of one-sample
 * spikes; the log keeps each one at its own time.
 *
 * File (events_write): '#' comment lines, first the totals per probe
 * ("# total PROBE SUM instants I kept K"), then CSV "time_s,event,count"
 * in time order (probes in catalogue order at the same instant), time in
 * seconds with ns resolution, count the increase at that instant. The
 * instant is the engine's: the event that ran the work item which counted
 * it (a stamp the model takes inside the work item, after the cycles it
 * charged, can be later by those cycles).
 *
 * Memory: one allocation per probe at its first event (EVENTS_MAX
 * entries), none per event.
 */
#ifndef NICSIM_RUN_EVENTS_H
#define NICSIM_RUN_EVENTS_H

#include "sim/run/probe.h"

/* Increases kept per event probe (the report marks at most these). */
#define EVENTS_MAX 2000

struct event_series {
	struct probe	*p;
	double		last;		/* counter value at the previous instant */
	uint64_t	sum;		/* increase over the run */
	uint64_t	instants;	/* instants with an increase */
	uint32_t	n;		/* kept: t[0..n), count[0..n) */
	sim_time_t	*t;
	uint32_t	*count;
};

struct event_log {
	struct world	*w;
	struct probe_set ps;
	struct event_series *s;
	int		n;
	void		(*next)(struct sim *sim, sim_time_t next, void *arg);
	void		*next_arg;
};

/* Every event probe of the world; chain into w->sim.observe (install
 * after the trace, if any). */
void events_start(struct event_log *l, struct world *w);
/* After world_run: the last instant, unchain. */
void events_finish(struct event_log *l);
/* Write the log to path; -1 on an I/O error. */
int events_write(const struct event_log *l, const char *path);
void events_free(struct event_log *l);

#endif
