/* SPDX-License-Identifier: MIT */
/*
 * Shared by the fuzz targets: build a checked scenario's world and run it
 * for at most FUZZ_RUN_MAX of simulated time (one execution stays well
 * under a millisecond, docs/robustness.md). A refusal must say why.
 */
#ifndef NICSIM_FUZZ_WORLD_H
#define NICSIM_FUZZ_WORLD_H

#include <stdlib.h>
#include "nicsim/scenario.h"
#include "sim/run/world.h"

#define FUZZ_RUN_MAX	(100 * PS_PER_US)

static inline void fuzz_build_and_run(const struct scenario *s)
{
	struct scn_error err = { { 0 } };
	struct world w;

	if (world_build(&w, s, &err)) {
		if (!err.msg[0])
			abort();
	} else {
		if (w.duration > FUZZ_RUN_MAX)
			w.duration = FUZZ_RUN_MAX;
		world_run(&w, NULL, NULL);
		json_decref(world_results(&w));
	}
	world_destroy(&w);
}

#endif
