/* SPDX-License-Identifier: MIT */
/*
 * Remedies for nicsim explain, each verified before it is printed.
 *
 * An explanation lists candidate remedies as scenario overrides
 * ("host.dut.ethtool.tx-frames=0") with the change a person would make,
 * and names the symptom it was called for. remedies_verify() re-runs the
 * scenario (same file, overrides and seed, plus the candidate's) through
 * the caller's struct world_rerun and keeps the outcome; remedies_print()
 * prints only the candidates whose run no longer shows the symptom, each
 * with its figure and its overrides as --set options, then how many were
 * tried. An override the scenario checker or world_build refuses (a key
 * the driver or kernel lacks) is skipped without a word. Runs are cached
 * by their overrides: two explanations proposing the same change share
 * one run. Nothing here runs in `nicsim run`.
 */
#ifndef NICSIM_RUN_REMEDY_H
#define NICSIM_RUN_REMEDY_H

#include <stdbool.h>
#include <stdio.h>
#include "sim/run/world.h"

#define REMEDY_SETS	3	/* overrides per remedy */
#define REMEDY_MAX	12	/* candidates per explanation */
#define REMEDY_SET_LEN	96

/* What "fixed" means, for the application or host an explanation is about */
enum symptom {
	SYM_PING,	/* app: no ENOBUFS, and every request answered */
	SYM_GOODPUT,	/* app: goodput up by REMEDY_GAIN, or at REMEDY_LINK of the link */
	SYM_STOPPED,	/* app: SYM_GOODPUT, and no TX watchdog timeout on its host */
	SYM_UDP,	/* app: no ENOBUFS, no RX-descriptor drop at its destination */
	SYM_WATCHDOG,	/* host: no TX watchdog timeout */
	SYM_RTT,	/* app: ping's mean round trip at most REMEDY_RTT of what it was */
	SYM_UDP_SENT,	/* app: udp sent at least REMEDY_SENT x as many datagrams */
	SYM_CPU,	/* host: its busiest CPU busy less than REMEDY_CPU_BUSY % */
};

#define REMEDY_GAIN	1.2	/* goodput x 1.2: up by 20 % */
#define REMEDY_LINK	0.9	/* or 90 % of the line rate */
#define REMEDY_RTT	0.5	/* a ping's mean round trip halved */
#define REMEDY_SENT	2	/* a blocked sender's datagrams doubled */
#define REMEDY_CPU_BUSY	80.0	/* a CPU busier than this is saturated */
#define IRQ_STORM_PER_S	20000.0	/* a NIC's interrupts a second that make a storm */

/* What a re-run showed, per application and host (by index). */
struct outcome_app {
	uint64_t	enobufs;
	long		sent, answered;	/* ping */
	bool		may_be_in_flight;	/* ping ended by the run: the last may be */
	double		rtt_ms;		/* ping: mean round trip of the answered, 0 if none */
	double		goodput;	/* stream, Mbit/s */
	uint64_t	udp_sent, udp_received, rx_no_desc;	/* udp; drops at its dest */
};

struct outcome {
	char		key[REMEDY_SETS * REMEDY_SET_LEN];
	int		status;		/* world_rerun's: 0 ran, 1 refused, -1 limit */
	struct outcome_app *app;
	uint64_t	*timeouts;	/* per host */
	double		*cpu_busy;	/* per host: its busiest CPU's busy share, % */
	double		link_mbps;
};

struct remedy {
	char		set[REMEDY_SETS][REMEDY_SET_LEN];
	int		nr_sets;
	char		what[480];	/* the change as a person makes it */
	const struct outcome *res;	/* after remedies_verify */
	bool		fixed;
};

struct remedy_list {
	enum symptom	sym;
	int		idx;		/* application or host index */
	int		n;
	struct remedy	v[REMEDY_MAX];
};

/* The explanation in progress: the world explained and its re-runs. */
struct explain {
	const struct world *w;
	const struct world_rerun *rr;	/* NULL: no remedies */
	struct outcome	before;		/* the world explained, as an outcome */
	struct outcome	**cache;	/* one per run, by overrides */
	int		nr_cache;
};

void explain_init(struct explain *x, const struct world *w, const struct world_rerun *rr);
void explain_free(struct explain *x);

void remedy_list_init(struct remedy_list *l, enum symptom sym, int idx);
/* A new candidate doing `what` (printf); then its overrides with
 * remedy_set. NULL when the list is full. */
struct remedy *remedy_add(struct remedy_list *l, const char *what, ...)
	__attribute__((format(printf, 2, 3)));
void remedy_set(struct remedy *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Run every candidate (drops duplicates first); sets res and fixed. */
void remedies_verify(struct explain *x, struct remedy_list *l);
/* The candidate with exactly these overrides, if it was verified to fix. */
bool remedy_fixed(const struct remedy_list *l, const char *set);
/* The fixed ones, then "N remedies tried, M fixed it" or "no tested
 * remedy fixed it". Nothing if none could be tried. */
void remedies_print(const struct explain *x, const struct remedy_list *l, FILE *out);

#endif
