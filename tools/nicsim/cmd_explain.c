// SPDX-License-Identifier: MIT
/*
 * The re-runs behind nicsim explain's remedies: the explained scenario
 * built and run again, same file, overrides and seed, plus a remedy's
 * overrides. Each costs one run; `nicsim run` never makes them.
 */
#include <stdlib.h>
#include <string.h>
#include "explain_run.h"
#include "sim/engine/util.h"

int run_world_with(const struct run_opts *o, char **sets, int n,
		   void (*done)(const struct world *w, void *arg), void *arg,
		   struct scn_error *err)
{
	struct run_opts with = *o;
	struct scenario s;
	struct world w;
	int rc = 0;

	memset(&w, 0, sizeof(w));
	with.sets = xcalloc((size_t)(o->nr_sets + n + 1), sizeof(*with.sets));
	if (o->nr_sets)
		memcpy(with.sets, o->sets, (size_t)o->nr_sets * sizeof(*with.sets));
	if (n)
		memcpy(with.sets + o->nr_sets, sets, (size_t)n * sizeof(*with.sets));
	with.nr_sets = o->nr_sets + n;
	scenario_init(&s);
	if (run_load(&s, &with, err) || world_build(&w, &s, err)) {
		rc = 1;
	} else if (world_run(&w, NULL, NULL)) {
		*err = w.limit;
		rc = -1;
	} else if (done) {
		done(&w, arg);
	}
	world_destroy(&w);
	scenario_free(&s);
	free(with.sets);
	return rc;
}

static int rerun(const struct world_rerun *rr, char **sets, int n,
		 void (*done)(const struct world *w, void *arg), void *arg)
{
	struct scn_error err = { { 0 } };

	return run_world_with(rr->ctx, sets, n, done, arg, &err);
}

void explain_print(const struct world *w, const struct run_opts *o, FILE *out)
{
	struct world_rerun rr = { rerun, o };

	world_explain(w, &rr, out);
}
