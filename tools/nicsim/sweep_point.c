// SPDX-License-Identifier: MIT
/*
 * One point of a sweep: its axis values and repeat, its seed, its
 * scenario and its results record.
 *
 * Contract: a pure function of (sweep, i), so a point is the same in
 * whichever process and order it runs. With repeat 1 the seed is the
 * scenario's own (after the overrides): the point's results are those of
 * `nicsim run FILE --set ...`. With --repeat N, repeat 0 keeps that seed
 * and repeat r > 0 takes the r-th output of splitmix64 started from it,
 * shifted right by one bit (sim.seed is non-negative).
 */
#include <stdio.h>
#include <string.h>
#include "nicsim/rng.h"
#include "sim/engine/util.h"
#include "sim/run/world.h"
#include "sweep.h"

int sweep_point_repeat(const struct sweep *sw, long i)
{
	return (int)(i % sw->repeat);
}

int sweep_point_value(const struct sweep *sw, long i, int a)
{
	long rest = i / sw->repeat;
	int k;

	for (k = sw->nr_axes - 1; k > a; k--)
		rest /= sw->axes[k].nr_values;
	return (int)(rest % sw->axes[a].nr_values);
}

static int64_t derived_seed(int64_t base, int r)
{
	uint64_t st = (uint64_t)base + (uint64_t)(r - 1) * 0x9e3779b97f4a7c15ULL;

	if (!r)
		return base;
	return (int64_t)(splitmix64(&st) >> 1);
}

static void axis_arg(const struct sweep *sw, long i, int a, char *buf, size_t len)
{
	const struct sweep_axis *ax = &sw->axes[a];

	snprintf(buf, len, "%s=%s", ax->key, ax->values[sweep_point_value(sw, i, a)]);
}

/*
 * The loader names an override "--set ARG: why"; say where the user
 * wrote it instead: "FILE:LINE: ARG: why" or "--axis SPEC: ARG: why".
 */
void sweep_reword(struct scn_error *err, const char *arg, const char *where)
{
	char head[SCN_STR_MAX + 16], why[sizeof(err->msg)];
	size_t n;

	if (!where)
		return;
	snprintf(head, sizeof(head), "--set %s: ", arg);
	n = strlen(head);
	if (strncmp(err->msg, head, n))
		return;
	strscpy(why, err->msg + n, sizeof(why));
	if (snprintf(err->msg, sizeof(err->msg), "%s: %s: %.900s", where, arg, why) >=
	    (int)sizeof(err->msg))
		memcpy(err->msg + sizeof(err->msg) - 4, "...", 4);	/* say it was cut */
}

int sweep_point_scenario(const struct sweep *sw, long i, struct scenario *dst,
			 struct scn_error *err)
{
	int a, r = sweep_point_repeat(sw, i);
	char arg[SCN_STR_MAX];

	scenario_copy(dst, &sw->base);
	for (a = 0; a < sw->nr_axes; a++) {
		axis_arg(sw, i, a, arg, sizeof(arg));
		if (scenario_set(dst, arg, err)) {
			sweep_reword(err, arg, sw->axes[a].where);
			return -1;
		}
	}
	if (r) {
		snprintf(arg, sizeof(arg), "sim.seed=%lld",
			 (long long)derived_seed(dst->sim.seed, r));
		if (scenario_set(dst, arg, err))
			return -1;
	}
	if (!scenario_check(dst, err))
		return 0;
	for (a = 0; a < sw->nr_axes; a++) {
		axis_arg(sw, i, a, arg, sizeof(arg));
		sweep_reword(err, arg, sw->axes[a].where);
	}
	return -1;
}

static json_t *point_record(const struct sweep *sw, long i,
			    const struct scenario *s, json_t *results)
{
	json_t *rec = json_object(), *set = json_object();
	int a;

	for (a = 0; a < sw->nr_axes; a++)
		json_object_set_new(set, sw->axes[a].key,
				    json_string(sw->axes[a].values[sweep_point_value(sw, i, a)]));
	json_object_set_new(rec, "point", json_integer(i));
	json_object_set_new(rec, "set", set);
	json_object_set_new(rec, "repeat", json_integer(sweep_point_repeat(sw, i)));
	json_object_set_new(rec, "seed", json_integer(s->sim.seed));
	json_object_set_new(rec, "results", results);
	return rec;
}

json_t *sweep_point_run(const struct sweep *sw, long i, struct scn_error *err)
{
	struct scenario s;
	struct world w;
	json_t *rec = NULL;

	memset(&w, 0, sizeof(w));
	if (!sweep_point_scenario(sw, i, &s, err) && !world_build(&w, &s, err)) {
		if (world_run(&w, NULL, NULL))
			*err = w.limit;	/* a limit stopped it: no partial point */
		else
			rec = point_record(sw, i, &s, world_results(&w));
	}
	world_destroy(&w);
	scenario_free(&s);
	return rec;
}
