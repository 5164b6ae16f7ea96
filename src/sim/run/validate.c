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
#include "sim/run/validate.h"
#include "sim/run/world.h"
#include "sim/engine/util.h"

int scenario_load_with(struct scenario *s, const char *path, const char *include,
		       const char *sets, struct scn_error *err)
{
	scenario_init(s);
	if (scenario_load(s, path, err) || (include && scenario_include(s, include, err)) ||
	    (sets && scenario_set_list(s, sets, err)))
		return -1;
	return scenario_check(s, err);
}

double validate_metric(json_t *results, const char *path)
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

json_t *validate_run_variant(const char *path, const char *include, const char *sets,
			     struct scn_error *err)
{
	struct scenario s;
	struct world w;
	json_t *res = NULL;

	memset(&w, 0, sizeof(w));
	if (!scenario_load_with(&s, path, include, sets, err) && !world_build(&w, &s, err)) {
		if (world_run(&w, NULL, NULL))
			*err = w.limit;
		else
			res = world_results(&w);
	}
	world_destroy(&w);
	scenario_free(&s);
	return res;
}

/*
 * The first condition of e's `require` that res does not meet, written
 * into why; false when all hold (or there are none).
 */
bool validate_work_missing(const struct scn_expect *e, json_t *res, const char *run,
			   char *why, size_t len)
{
	struct scn_cond c;
	char dummy[8];
	size_t pos = 0;

	while (scn_cond_next(e->require, &pos, &c, dummy, sizeof(dummy)) > 0) {
		double a = validate_metric(res, c.lhs);
		double b = c.rhs_is_num ? c.num : validate_metric(res, c.rhs);

		if (scn_cond_holds(&c, a, b))
			continue;
		if (c.rhs_is_num)
			snprintf(why, len, "the %srun did not do its work: %s is %g, not %s %g",
				 run, c.lhs, a, c.op, b);
		else
			snprintf(why, len, "the %srun did not do its work: %s is %g, not %s %s "
				 "(%g)", run, c.lhs, a, c.op, c.rhs, b);
		return true;
	}
	return false;
}

/* With a baseline, *x becomes this run's metric compared with that of a
 * second run (set, then baseline): their ratio (NAN over a zero) or their
 * difference. -1 with err if the second run fails; a baseline run that did
 * not do its work makes *x NAN and says why. */
static int baseline_figure(const char *path, const char *include, const struct scn_expect *e, double *x,
			   char *why, size_t len, struct scn_error *err)
{
	char sets[2 * SCN_STR_MAX + 2];
	json_t *res;
	double b;

	snprintf(sets, sizeof(sets), "%s %s", e->set, e->baseline);
	res = validate_run_variant(path, include, sets, err);
	if (!res)
		return -1;
	b = validate_metric(res, e->metric);
	if (!why[0] && validate_work_missing(e, res, "baseline ", why, len))
		b = NAN;
	json_decref(res);
	if (!strcmp(e->compare, "difference"))
		*x -= b;
	else
		*x = b ? *x / b : NAN;
	return 0;
}

static bool is_calibration(const struct scn_expect *e)
{
	return !strcmp(e->role, "calibration");
}

/* The role column: "cal" for a calibration row, "dep:IDS" for one that
 * shares a calibration row's constants. */
static void role_text(const struct scn_expect *e, char *buf, size_t len)
{
	if (is_calibration(e))
		snprintf(buf, len, "cal");
	else if (e->depends[0])
		snprintf(buf, len, "dep:%s", e->depends);
	else
		buf[0] = 0;
}

static void print_row(FILE *out, const struct scn_expect *e, const char *figure,
		      bool ok, const char *why, struct validate_count *cnt)
{
	char tol[64], role[SCN_STR_MAX + 8];

	tolerance_text(e, tol, sizeof(tol));
	role_text(e, role, sizeof(role));
	fprintf(out, "%-6s %-58.58s %-16s %12s %-16s %s%s%s\n", e->id, e->observation,
		e->published, figure, tol, ok ? "pass" : "FAIL", role[0] ? " " : "", role);
	if (!ok && why[0])
		fprintf(out, "%-6s why: %s\n", "", why);
	cnt->rows++;
	cnt->failed += !ok;
	if (is_calibration(e)) {
		cnt->cal_rows++;
		cnt->cal_failed += !ok;
	} else if (e->depends[0]) {
		cnt->dep_passed += ok;
	}
}

/* Check one expectation on its run's results res; -1 + err if a baseline
 * run fails. */
static int check_row(const char *path, const char *include, const struct scn_expect *e, json_t *res,
		     FILE *out, struct validate_count *cnt, struct scn_error *err)
{
	char why[SCN_STR_MAX + 128] = "", figure[32];
	double x = validate_metric(res, e->metric);
	bool ok;

	if (validate_work_missing(e, res, "", why, sizeof(why)))
		x = NAN;
	if (e->baseline[0] && baseline_figure(path, include, e, &x, why, sizeof(why), err))
		return -1;
	ok = !why[0] && scenario_expect_pass(e, x);
	if (!ok && !why[0])
		snprintf(why, sizeof(why), "%s", e->note);
	snprintf(figure, sizeof(figure), "%g", x);
	print_row(out, e, figure, ok, why, cnt);
	return 0;
}

/* The results of one expectation's run: rows with the same `set` share it. */
static json_t *shared_run(const char *path, const char *include, const struct scenario *base, int i,
			  json_t **res, struct scn_error *err)
{
	int j;

	for (j = 0; j < i; j++)
		if (res[j] && !strcmp(base->expect[j].set, base->expect[i].set))
			return res[i] = json_incref(res[j]);
	return res[i] = validate_run_variant(path, include, base->expect[i].set, err);
}

int validate_file(const char *path, const char *include, FILE *out, struct validate_count *cnt,
		  struct scn_error *err)
{
	struct scenario base;
	json_t **res;
	int i, rc = 0;

	scenario_init(&base);
	if (scenario_load_with(&base, path, include, NULL, err)) {
		scenario_free(&base);
		return -1;
	}
	res = xcalloc((size_t)MAX(base.nr_expect, 1), sizeof(*res));
	for (i = 0; i < base.nr_expect && !rc; i++) {
		const struct scn_expect *e = &base.expect[i];

		if (e->unmodelled[0])
			print_row(out, e, "-", false, e->unmodelled, cnt);
		else if (!shared_run(path, include, &base, i, res, err))
			rc = -1;
		else
			rc = check_row(path, include, e, res[i], out, cnt, err);
	}
	for (i = 0; i < base.nr_expect; i++)
		json_decref(res[i]);
	free(res);
	scenario_free(&base);
	return rc;
}

void validate_header(FILE *out)
{
	fprintf(out, "%-6s %-58s %-16s %12s %-16s %-4s %s\n", "id", "observation", "published",
		"nicsim", "target", "", "role");
	fprintf(out, "%-6s %-58s %-16s %12s %s\n", "", "", "", "(metric units)", "(metric units)");
}

void validate_headline(FILE *out, const struct validate_count *c)
{
	int m = c->rows - c->cal_rows, n = m - (c->failed - c->cal_failed);

	fprintf(out, "%d of %d published figures reproduced (%d more used for calibration",
		n, m, c->cal_rows);
	if (c->cal_failed)
		fprintf(out, ", %d of them outside %s", c->cal_failed,
			c->cal_failed == 1 ? "its band" : "their bands");
	fprintf(out, ")");
	if (c->dep_passed)
		fprintf(out, "; %d of the %d %s a calibration row's application (dep)",
			c->dep_passed, n, c->dep_passed == 1 ? "shares" : "share");
	fprintf(out, "\n");
}
