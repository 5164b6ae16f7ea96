/* SPDX-License-Identifier: MIT */
/* nicsim explain's remedies: re-runs of the explained scenario. */
#ifndef NICSIM_EXPLAIN_RUN_H
#define NICSIM_EXPLAIN_RUN_H

#include <stdio.h>
#include "run_opts.h"

/*
 * Build and run o's scenario (file, --set overrides, --seed) with sets
 * added after o's own; call done(w, arg) on the finished world. 0; 1 if
 * loading, checking or building refused it (err says why); -1 if a limit
 * stopped the run (w.limit, copied to err). No progress, trace or pcap.
 */
int run_world_with(const struct run_opts *o, char **sets, int n,
		   void (*done)(const struct world *w, void *arg), void *arg,
		   struct scn_error *err);
/* world_explain, with remedies verified by run_world_with re-runs. */
void explain_print(const struct world *w, const struct run_opts *o, FILE *out);

#endif
