// SPDX-License-Identifier: MIT
/*
 * Whole-model speed: run a scenario (with optional key=value overrides)
 * and report wall time, events per second and simulated seconds per wall
 * second. Timing belongs here, never in pass/fail tests.
 *
 * Usage: bench_scenario FILE [key=value ...]
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "run/world.h"
#include "run/validate.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	char sets[SCN_STR_MAX] = "";
	struct scn_error err;
	struct scenario s;
	struct world w;
	double t0, wall;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: bench_scenario FILE [key=value ...]\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		strncat(sets, argv[i], sizeof(sets) - strlen(sets) - 2);
		strcat(sets, " ");
	}
	memset(&w, 0, sizeof(w));
	if (scenario_load_with(&s, argv[1], sets, &err) || world_build(&w, &s, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 2;
	}
	t0 = now_s();
	world_run(&w, NULL, NULL);
	wall = now_s() - t0;
	printf("%-40s %s\n", argv[1], sets);
	printf("  simulated %.1f s in %.3f s wall: %.1f simulated s per wall s, %.2f M events/s (%llu events)\n",
	       time_to_s(w.duration), wall, time_to_s(w.duration) / wall,
	       (double)w.sim.nr_fired / wall / 1e6, (unsigned long long)w.sim.nr_fired);
	world_destroy(&w);
	scenario_free(&s);
	return 0;
}
