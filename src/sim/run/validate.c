// SPDX-License-Identifier: MIT
/*
 * Expectations: a scenario's [expect.ID] sections name a published
 * observation, the results path that measures it and the tolerance.
 * Expectations with the same `set` overrides share one run. One with a
 * `baseline` also runs set + baseline and checks the ratio (or the
 * difference) of the two runs' metrics: for observations like "no
 * measurable impact" of a setting. A [pair.ID] compares the metric of two
 * runs, before and after, with a published change: its direction, and at
 * least the square root of its factor. Runs with the same overrides, of
 * rows or pairs, are one run.
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
	if (e->or_when[0]) {
		size_t n = strlen(buf);

		snprintf(buf + n, len - n, " or %s", e->or_when);
	}
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
 * The first condition of require that res does not meet, written into
 * why; false when all hold (or there are none).
 */
static bool require_missing(const char *require, json_t *res, const char *run,
			    char *why, size_t len)
{
	struct scn_cond c;
	char dummy[8];
	size_t pos = 0;

	while (scn_cond_next(require, &pos, &c, dummy, sizeof(dummy)) > 0) {
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

/* After the missing work, the row's or pair's note: why the model
 * leaves it undone (a starved ping sends or receives too little). */
static void append_note(char *why, size_t len, const char *note)
{
	size_t n = strlen(why);

	if (note[0] && n < len)
		snprintf(why + n, len - n, "; %s", note);
}

bool validate_work_missing(const struct scn_expect *e, json_t *res, const char *run,
			   char *why, size_t len)
{
	if (!require_missing(e->require, res, run, why, len))
		return false;
	append_note(why, len, e->note);
	return true;
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

/* "pass", "pass*" for a pass that rests on what no source supports, or
 * "FAIL". */
static const char *verdict(bool ok, const char *rests_on)
{
	if (!ok)
		return "FAIL";
	return rests_on[0] ? "pass*" : "pass";
}

/* Under a row or pair: why it fails, or what its pass rests on. */
static void print_below(FILE *out, bool ok, const char *why, const char *rests_on)
{
	if (!ok && why[0])
		fprintf(out, "%-6s why: %s\n", "", why);
	else if (ok && rests_on[0])
		fprintf(out, "%-6s rests on: %s\n", "", rests_on);
}

static void print_row(FILE *out, const struct scn_expect *e, const char *figure,
		      bool ok, const char *why, struct validate_count *cnt)
{
	char tol[SCN_STR_MAX + 64], role[SCN_STR_MAX + 8];

	tolerance_text(e, tol, sizeof(tol));
	role_text(e, role, sizeof(role));
	fprintf(out, "%-6s %-58.58s %-16s %12s %-16s %s%s%s\n", e->id, e->observation,
		e->published, figure, tol, verdict(ok, e->rests_on), role[0] ? " " : "", role);
	print_below(out, ok, why, e->rests_on);
	cnt->rows++;
	cnt->failed += !ok;
	cnt->rests_passed += ok && e->rests_on[0];
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
	ok = !why[0] && (scenario_expect_pass(e, x) ||
			 (e->or_when[0] && !require_missing(e->or_when, res, "", NULL, 0)));
	if (!ok && !why[0])
		snprintf(why, sizeof(why), "%s", e->note);
	snprintf(figure, sizeof(figure), "%g", x);
	print_row(out, e, figure, ok, why, cnt);
	return 0;
}

/* The runs of one file by their overrides: every row's and pair's. */
struct run_cache {
	int		nr;
	const char	*sets[SCN_MAX_EXPECT + 2 * SCN_MAX_PAIRS];
	json_t		*res[SCN_MAX_EXPECT + 2 * SCN_MAX_PAIRS];
};

/* The results of the run with overrides sets (borrowed from the cache),
 * run if no row or pair ran it yet; NULL + err. */
static json_t *cached_run(struct run_cache *rc, const char *path, const char *include,
			  const char *sets, struct scn_error *err)
{
	int i;

	for (i = 0; i < rc->nr; i++)
		if (scenario_sets_equal(rc->sets[i], sets))
			return rc->res[i];
	BUG_ON(rc->nr == (int)ARRAY_SIZE(rc->res));
	rc->res[rc->nr] = validate_run_variant(path, include, sets, err);
	if (!rc->res[rc->nr])
		return NULL;
	rc->sets[rc->nr] = sets;
	return rc->res[rc->nr++];
}

/* A missing term counts 0 where the run lacks its app or host (its first
 * two words, apps.NAME), as long as the other run has it as a number. */
static double pair_term(const char *term, json_t *res, json_t *other)
{
	char head[SCN_STR_MAX];
	const char *dot = strchr(term, '.');
	double x = validate_metric(res, term);
	size_t n;

	if (!isnan(x) || !dot || isnan(validate_metric(other, term)))
		return x;
	n = strcspn(dot + 1, ".") + (size_t)(dot + 1 - term);
	snprintf(head, sizeof(head), "%.*s", (int)n, term);
	return json_path(res, head) ? NAN : 0;
}

/* A pair's metric in res: its path, or the sum of its +-joined paths. */
static double pair_metric(const char *metric, json_t *res, json_t *other)
{
	char term[SCN_STR_MAX];
	double sum = 0;
	size_t n;

	while (*metric) {
		n = strcspn(metric, "+");
		snprintf(term, sizeof(term), "%.*s", (int)n, metric);
		sum += pair_term(term, res, other);
		metric += n + (metric[n] == '+');
	}
	return sum;
}

/* Why a pair whose runs did their work fails: no figure, its note, or the
 * rule it misses. */
static void pair_why(const struct scn_pair *p, const struct scn_change *c, double x0,
		     double x1, char *why, size_t len)
{
	if (isnan(x0) || isnan(x1))
		snprintf(why, len, "the %s run has no number at %s", isnan(x0) ? "before" : "after",
			 p->metric);
	else if (p->note[0])
		snprintf(why, len, "%s", p->note);
	else if (c->dir == SCN_CHANGE_GONE)
		snprintf(why, len, "%s is %g before and %g after: not gone", p->metric, x0, x1);
	else if ((c->dir == SCN_CHANGE_UP ? x0 : x1) == 0)
		snprintf(why, len, "%s is 0 %s: no ratio", p->metric,
			 c->dir == SCN_CHANGE_UP ? "before" : "after");
	else
		snprintf(why, len, "%s changes by a factor of %g in the published direction, "
			 "less than %.3g", p->metric,
			 c->dir == SCN_CHANGE_UP ? x1 / x0 : x0 / x1, c->threshold);
}

static void print_pair(FILE *out, const struct scn_pair *p, const struct scn_change *c,
		       double x0, double x1, double f, bool ok, const char *why,
		       struct validate_count *cnt)
{
	char figures[48], change[48], factor[16];

	snprintf(figures, sizeof(figures), "%g -> %g", x0, x1);
	scn_change_text(c, change, sizeof(change));
	if (c->dir == SCN_CHANGE_GONE)
		snprintf(factor, sizeof(factor), "%s", ok ? "gone" : "not gone");
	else if (isnan(f))
		snprintf(factor, sizeof(factor), "-");
	else
		snprintf(factor, sizeof(factor), "%.3g", f);
	fprintf(out, "%-6s %-58.58s %-24s %-24s %-19s %8s %s\n", p->id, p->observation,
		p->published, figures, change, factor, verdict(ok, p->rests_on));
	print_below(out, ok, why, p->rests_on);
	cnt->pairs++;
	cnt->pairs_failed += !ok;
	cnt->pairs_rests_passed += ok && p->rests_on[0];
}

/* Check one pair on its two runs; -1 + err if a run fails. */
static int check_pair(const char *path, const char *include, const struct scn_pair *p,
		      struct run_cache *rc, FILE *out, struct validate_count *cnt,
		      struct scn_error *err)
{
	char why[SCN_STR_MAX + 128] = "";
	struct scn_change c;
	json_t *b, *a;
	double x0, x1, f;
	bool ok;

	b = cached_run(rc, path, include, p->before, err);
	a = b ? cached_run(rc, path, include, p->after, err) : NULL;
	if (!a)
		return -1;
	BUG_ON(scn_change_parse(p->change, &c, why, sizeof(why)));	/* checked at load */
	x0 = pair_metric(p->metric, b, a);
	x1 = pair_metric(p->metric, a, b);
	ok = scn_change_holds(&c, x0, x1, &f);
	if (require_missing(p->require, b, "before ", why, sizeof(why)) ||
	    require_missing(p->require, a, "after ", why, sizeof(why))) {
		append_note(why, sizeof(why), p->note);
		ok = false;
	}
	else if (!ok)
		pair_why(p, &c, x0, x1, why, sizeof(why));
	print_pair(out, p, &c, x0, x1, f, ok, why, cnt);
	return 0;
}

int validate_file(const char *path, const char *include, FILE *out, FILE *pairs,
		  struct validate_count *cnt, struct scn_error *err)
{
	struct run_cache *runs = xcalloc(1, sizeof(*runs));
	struct scenario base;
	json_t *res;
	int i, rc = 0;

	scenario_init(&base);
	if (scenario_load_with(&base, path, include, NULL, err)) {
		scenario_free(&base);
		free(runs);
		return -1;
	}
	for (i = 0; i < base.nr_expect && !rc; i++) {
		const struct scn_expect *e = &base.expect[i];

		if (e->unmodelled[0])
			print_row(out, e, "-", false, e->unmodelled, cnt);
		else if (!(res = cached_run(runs, path, include, e->set, err)))
			rc = -1;
		else
			rc = check_row(path, include, e, res, out, cnt, err);
	}
	for (i = 0; i < base.nr_pairs && !rc; i++)
		rc = check_pair(path, include, &base.pairs[i], runs, pairs, cnt, err);
	for (i = 0; i < runs->nr; i++)
		json_decref(runs->res[i]);
	free(runs);
	scenario_free(&base);
	return rc;
}

void validate_header(FILE *out)
{
	fprintf(out, "%-6s %-58s %-16s %12s %-16s %-4s %s\n", "id", "observation", "published",
		"nicsim", "target", "", "role");
	fprintf(out, "%-6s %-58s %-16s %12s %s\n", "", "", "", "(metric units)", "(metric units)");
}

void validate_pairs_header(FILE *out)
{
	fprintf(out, "\npublished changes\n");
	fprintf(out, "%-6s %-58s %-24s %-24s %-19s %8s\n", "id", "observation", "published",
		"nicsim before -> after", "change (needs)", "nicsim");
}

/* The headline's count of passes marked pass*, if any. */
static void print_rests(FILE *out, int k, int n)
{
	if (k)
		fprintf(out, "; %d of the %d %s on a fitted factor or an unsourced choice", k, n,
			k == 1 ? "rests" : "rest");
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
	print_rests(out, c->rests_passed, n);
	fprintf(out, "\n");
	if (c->pairs) {
		n = c->pairs - c->pairs_failed;
		fprintf(out, "%d of %d published changes reproduced", n, c->pairs);
		print_rests(out, c->pairs_rests_passed, n);
		fprintf(out, "\n");
	}
}
