// SPDX-License-Identifier: MIT
/*
 * Expectations: a scenario's [expect.ID] sections name a published
 * observation, the results path that measures it and the tolerance.
 * Expectations with the same `set` overrides share one run. One with a
 * `baseline` also runs set + baseline and checks the ratio (or the
 * difference) of the two runs' metrics: for observations like "no
 * measurable impact" of a setting.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "run/validate.h"
#include "run/world.h"
#include "core/util.h"

int scenario_load_with(struct scenario *s, const char *path, const char *sets,
		       struct scn_error *err)
{
	scenario_init(s);
	if (scenario_load(s, path, err) || (sets && scenario_set_list(s, sets, err)))
		return -1;
	return scenario_check(s, err);
}

static double metric_value(json_t *results, const char *path)
{
	json_t *v = json_path(results, path);

	if (json_is_number(v))
		return json_number_value(v);
	if (json_is_boolean(v))
		return json_is_true(v);
	return NAN;
}

/* The pass band in the metric's own units; the expectation's `published`
 * text may use others (MB/s beside a goodput_mbps metric). */
static void tolerance_text(const struct scn_expect *e, char *buf, size_t len)
{
	if (e->has_min || e->has_max)
		snprintf(buf, len, "[%g, %g]", e->has_min ? e->min : -INFINITY,
			 e->has_max ? e->max : INFINITY);
	else if (e->tol_rel > 0)
		snprintf(buf, len, "%g +-%g%%", e->value, e->tol_rel * 100);
	else
		snprintf(buf, len, "%g +-%g", e->value, e->tol_abs);
}

/* Run the scenario once for the overrides `sets`; NULL + err on failure. */
static json_t *run_variant(const char *path, const char *sets, struct scn_error *err)
{
	struct scenario s;
	struct world w;
	json_t *res = NULL;

	memset(&w, 0, sizeof(w));
	if (!scenario_load_with(&s, path, sets, err) && !world_build(&w, &s, err)) {
		if (world_run(&w, NULL, NULL))
			*err = w.limit;
		else
			res = world_results(&w);
	}
	world_destroy(&w);
	scenario_free(&s);
	return res;
}

/* With a baseline, *x becomes this run's metric compared with that of a
 * second run (set, then baseline): their ratio (NAN over a zero) or their
 * difference. -1 with err if the second run fails. */
static int baseline_figure(const char *path, const struct scn_expect *e, double *x,
			   struct scn_error *err)
{
	char sets[2 * SCN_STR_MAX + 2];
	json_t *res;
	double b;

	snprintf(sets, sizeof(sets), "%s %s", e->set, e->baseline);
	res = run_variant(path, sets, err);
	if (!res)
		return -1;
	b = metric_value(res, e->metric);
	json_decref(res);
	if (!strcmp(e->compare, "difference"))
		*x -= b;
	else
		*x = b ? *x / b : NAN;
	return 0;
}

int validate_file(const char *path, FILE *out, struct validate_count *cnt,
		  struct scn_error *err)
{
	struct scenario base;
	bool *done;
	int i, j;

	scenario_init(&base);
	if (scenario_load(&base, path, err)) {
		scenario_free(&base);
		return -1;
	}
	done = xcalloc((size_t)MAX(base.nr_expect, 1), sizeof(*done));
	for (i = 0; i < base.nr_expect; i++) {
		json_t *res;

		if (done[i])
			continue;
		res = run_variant(path, base.expect[i].set, err);
		if (!res) {
			free(done);
			scenario_free(&base);
			return -1;
		}
		for (j = i; j < base.nr_expect; j++) {
			const struct scn_expect *e = &base.expect[j];
			char tol[64];
			double x;
			bool ok;

			if (done[j] || strcmp(e->set, base.expect[i].set))
				continue;
			done[j] = true;
			x = metric_value(res, e->metric);
			if (e->baseline[0] && baseline_figure(path, e, &x, err)) {
				json_decref(res);
				free(done);
				scenario_free(&base);
				return -1;
			}
			ok = scenario_expect_pass(e, x);
			tolerance_text(e, tol, sizeof(tol));
			fprintf(out, "%-6s %-58.58s %-16s %12g %-16s %s\n", e->id, e->observation,
				e->published, x, tol, ok ? "pass" : "FAIL");
			if (!ok && e->note[0])
				fprintf(out, "%-6s why: %s\n", "", e->note);
			cnt->rows++;
			cnt->failed += !ok;
		}
		json_decref(res);
	}
	free(done);
	scenario_free(&base);
	return 0;
}

void validate_header(FILE *out)
{
	fprintf(out, "%-6s %-58s %-16s %12s %-16s %s\n", "id", "observation", "published",
		"nicsim", "target", "result");
	fprintf(out, "%-6s %-58s %-16s %12s %s\n", "", "", "", "(metric units)", "(metric units)");
}
