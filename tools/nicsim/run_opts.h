/* SPDX-License-Identifier: MIT */
/* What nicsim run parsed, and the steps run and report share. */
#ifndef NICSIM_RUN_OPTS_H
#define NICSIM_RUN_OPTS_H

#include <stdbool.h>
#include <jansson.h>
#include "sim/run/world.h"
#include "sim/run/trace.h"
#include "sim/run/outpath.h"

struct run_opts {
	const char	*file;
	const char	*json;
	const char	*pcap;
	const char	*pcap_merged;	/* --pcap-merged FILE */
	const char	*seed;
	const char	*include;	/* --include FILE: [host.NAME.cost] on top */
	const char	*trace;		/* probe patterns */
	const char	*trace_out;
	const char	*trace_every;
	const char	*report;	/* directory */
	const char	*inject;	/* --inject FAULT (tests of --check) */
	bool		check;
	bool		quiet;
	bool		force;		/* --force: replace what nicsim did not write */
	int		nr_sets;
	char		**sets;
	int		nr_compare;
	char		**compare;	/* --compare: a variant's overrides */
};

/* Load FILE, apply --set and --seed, check; -1 with err. */
int run_load(struct scenario *s, const struct run_opts *o, struct scn_error *err);
/* JSON to PATH atomically ("-": stdout); -1 after a message. */
int run_write_json(json_t *res, const char *path);
/* May path (given as "OPT VAL") be written as a kind output? 0, or -1
 * after "nicsim CMD: OPT VAL: [path] why" (run/outpath.h). */
int run_check_output(const char *cmd, const char *opt, const char *val, const char *path,
		     enum outpath_kind kind, bool force);
/* --trace-out, or its default. */
const char *run_trace_path(const struct run_opts *o);
/* Trace o->trace (default: all probes) every o->trace_every into path;
 * -1 after a message. */
int run_start_trace(struct trace *t, struct world *w, const struct run_opts *o,
		    const char *path);
/* --check / --inject on a built world (t: its trace, removed if an
 * invariant breaks); -1 after a message. */
int run_start_check(struct world *w, const struct run_opts *o, struct trace *t);
/* nicsim run --report DIR: exit status. */
int run_report(const struct run_opts *o);

#endif
