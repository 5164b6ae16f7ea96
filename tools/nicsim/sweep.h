/* SPDX-License-Identifier: MIT */
/*
 * nicsim sweep: a scenario run over the cross product of axes (and
 * repeats), the points written one file each into an output directory,
 * then merged. The parts and their contracts:
 *
 *   cmd_sweep.c    options and .sweep files into a struct sweep; every
 *                  point checked before anything runs; the whole flow
 *   sweep_axis.c   an axis: KEY=V1,V2,... or KEY=LO:HI[:STEP]
 *   sweep_point.c  point i: its overrides, seed, scenario and results
 *   sweep_dir.c    the directory: manifest, point files, lock, tidying
 *   sweep_exec.c   running points: forked workers, or in this MPI rank
 *   sweep_merge.c  results.jsonl, results.csv and the summary table
 *   sweep_par.c    MPI when launched by mpirun, else a single process
 *
 * Point i decodes as: r = i % repeat, then the axis indices with the
 * last axis varying fastest (the first axis is the outermost loop).
 * Nothing here depends on how many processes run the points.
 */
#ifndef NICSIM_SWEEP_H
#define NICSIM_SWEEP_H

#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>
#include "nicsim/scenario.h"

#define SWEEP_MAX_POINTS	1000000L

/* An override ("section.key=value") and where it was given. */
struct sweep_set {
	char	*arg;
	char	*where;		/* "FILE:LINE", or NULL for --set */
};

struct sweep_axis {
	char	*key;		/* "host.dut.ethtool.tx-frames" */
	char	*where;		/* "FILE:LINE" or "--axis SPEC" */
	int	nr_values;
	char	**values;	/* as written, ranges expanded */
};

struct sweep {
	char	*file;		/* the scenario (resolved from a .sweep file) */
	char	*text;		/* its content, for the manifest */
	char	*include;	/* --include FILE, or NULL */
	char	*include_text;	/* its content, for the manifest */
	int	nr_sets;
	struct sweep_set *sets;
	int	nr_axes;
	struct sweep_axis *axes;
	int	repeat;		/* 1: the scenario's own seed */
	int	nr_metrics;	/* 0: the default set (sweep_merge.c) */
	char	**metrics;
	char	*out;
	bool	force;		/* --force: start another sweep's DIR over */
	bool	report;		/* --report: CDF plots of the repeats (stats/) */
	int	jobs;
	long	nr_points;
	struct scenario	base;	/* loaded, --set applied, checked */
};

/* sweep_axis.c: parse "KEY=..." into ax; -1 after saying why (where:). */
int sweep_axis_parse(struct sweep_axis *ax, const char *spec, const char *where);
void sweep_axis_free(struct sweep_axis *ax);

/* sweep_point.c */
int sweep_point_repeat(const struct sweep *sw, long i);
/* The loader names an override "--set ARG: why"; put where (the option
 * or FILE:LINE that gave ARG) instead. */
void sweep_reword(struct scn_error *err, const char *arg, const char *where);
/* The value index of axis a in point i. */
int sweep_point_value(const struct sweep *sw, long i, int a);
/* Point i's scenario (dst not initialised); -1 with err on failure. */
int sweep_point_scenario(const struct sweep *sw, long i, struct scenario *dst,
			 struct scn_error *err);
/* Run point i: {"point", "set", "repeat", "seed", "results"}; NULL + err. */
json_t *sweep_point_run(const struct sweep *sw, long i, struct scn_error *err);

/* sweep_dir.c: every function returns 0 or -1 after saying why. */
int sweep_dir_prepare(const struct sweep *sw);
int sweep_dir_lock(const struct sweep *sw);
void sweep_point_path(const struct sweep *sw, long i, char *buf, size_t len);
bool sweep_point_done(const struct sweep *sw, long i);
int sweep_point_write(const struct sweep *sw, long i, json_t *rec);
/* Write-to-temporary then rename: open gives the stream, commit renames
 * (or removes the temporary when anything failed). */
FILE *sweep_atomic_open(const char *path, char *tmp, size_t len);
int sweep_atomic_commit(FILE *f, const char *tmp, const char *path);
void sweep_dir_tidy(const struct sweep *sw);

/* sweep_exec.c: the points in todo[0..n); returns how many failed. */
long sweep_exec(const struct sweep *sw, const long *todo, long n, long done_before);

/* sweep_merge.c: 0, or -1 (said why); summary table on stdout. */
int sweep_merge(const struct sweep *sw);

/* sweep_par.c */
int par_init(void);		/* -1: launched by mpirun without MPI */
void par_finish(void);
bool par_active(void);		/* MPI initialised */
int par_rank(void);
int par_size(void);
long par_sum(long v);		/* over all ranks (also a barrier) */
int par_bcast(int v);		/* rank 0's v */
bool par_built(void);		/* this binary has MPI */

/* Messages of the checking phase: every rank sees the same input, so only
 * rank 0 prints them. */
void sweep_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
