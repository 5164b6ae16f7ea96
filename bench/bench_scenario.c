// SPDX-License-Identifier: MIT
/*
 * Whole-model speed: run a scenario (with optional key=value overrides)
 * and report wall time, events per second and simulated seconds per wall
 * second. Timing belongs here, never in pass/fail tests.
 *
 * Usage: bench_scenario [-r N] FILE [key=value ...]
 *
 * -r N runs the scenario N times (default 1), each from a fresh world, and
 * reports the fastest and the median run: on a shared machine single runs
 * vary by several per cent. Each run's CPU time (CLOCK_PROCESS_CPUTIME_ID)
 * is reported too, on a line of its own: the model is single-threaded, so
 * on an idle machine it equals the wall time, and on a busy one it leaves
 * out the time other processes held the CPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sim/run/world.h"
#include "sim/run/validate.h"
#include "drivers/net/nic.h"

#define MAX_REPEAT 100

static double clock_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One run from a fresh world: its wall time (and *cpu its CPU time), or a
 * negative value. */
static double run_once(struct scenario *s, sim_time_t *duration, uint64_t *events,
		       double *cpu)
{
	struct scn_error err;
	struct world w;
	double t0, c0, wall;

	memset(&w, 0, sizeof(w));
	if (world_build(&w, s, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	t0 = clock_s(CLOCK_MONOTONIC);
	c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	world_run(&w, NULL, NULL);
	wall = clock_s(CLOCK_MONOTONIC) - t0;
	*cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
	*duration = w.duration;
	*events = w.sim.nr_fired;
	world_destroy(&w);
	return wall;
}

int main(int argc, char **argv)
{
	char sets[SCN_STR_MAX] = "";
	double walls[MAX_REPEAT], cpus[MAX_REPEAT];
	struct scn_error err;
	struct scenario s;
	sim_time_t duration = 0;
	uint64_t events = 0;
	int i, first = 1, repeat = 1;

	if (argc > 2 && !strcmp(argv[1], "-r")) {
		repeat = atoi(argv[2]);
		first = 3;
	}
	if (argc <= first || repeat < 1 || repeat > MAX_REPEAT) {
		fprintf(stderr, "usage: bench_scenario [-r N (1-%d)] FILE [key=value ...]\n",
			MAX_REPEAT);
		return 2;
	}
	for (i = first + 1; i < argc; i++) {
		strncat(sets, argv[i], sizeof(sets) - strlen(sets) - 2);
		strcat(sets, " ");
	}
	nic_drivers_init();
	if (scenario_load_with(&s, argv[first], NULL, sets, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 2;
	}
	for (i = 0; i < repeat; i++) {
		uint64_t n = 0;

		walls[i] = run_once(&s, &duration, &n, &cpus[i]);
		if (walls[i] < 0 || (i && n != events)) {
			if (walls[i] >= 0)	/* same scenario, same seed */
				fprintf(stderr, "bench_scenario: run %d fired %llu events, run 1 %llu\n",
					i + 1, (unsigned long long)n, (unsigned long long)events);
			scenario_free(&s);
			return i && walls[i] >= 0 ? 1 : 2;
		}
		events = n;
	}
	qsort(walls, (size_t)repeat, sizeof(walls[0]), cmp_double);
	qsort(cpus, (size_t)repeat, sizeof(cpus[0]), cmp_double);
	printf("%-40s %s\n", argv[first], sets);
	printf("  simulated %.1f s in %.3f s wall: %.1f simulated s per wall s, %.2f M events/s (%llu events)\n",
	       time_to_s(duration), walls[0], time_to_s(duration) / walls[0],
	       (double)events / walls[0] / 1e6, (unsigned long long)events);
	if (repeat > 1)
		printf("  fastest of %d runs; median %.3f s (%.1f simulated s per wall s), slowest %.3f s\n",
		       repeat, walls[(repeat - 1) / 2], time_to_s(duration) / walls[(repeat - 1) / 2],
		       walls[repeat - 1]);
	printf("  cpu time: fastest %.3f s (%.1f simulated s per cpu s, %.2f M events per cpu s), median %.3f s\n",
	       cpus[0], time_to_s(duration) / cpus[0], (double)events / cpus[0] / 1e6,
	       cpus[(repeat - 1) / 2]);
	scenario_free(&s);
	return 0;
}
