// SPDX-License-Identifier: MIT
/*
 * nicsim calibrate FILE --out DIR [-j N] [--force]: fit [host.NAME.cost]
 * keys to measured rows (docs/calibrate.md).
 *
 * The fit minimises the sum over the rows of log(figure/value)^2 with
 * GSL's Nelder-Mead simplex (nmsimplex2) in the coordinates of
 * calib_value (bounds by transform). Every evaluation rounds each
 * parameter to the integer the scenario key holds and runs the rows'
 * scenarios with those values; evaluations are remembered by their
 * integers, so a simplex that shrinks within one integer costs no runs.
 * The distinct runs of one evaluation (rows with the same scenario and
 * `set` share one) go to -j forked workers; each run is deterministic, so
 * the figures, the fit and the outputs do not depend on -j.
 *
 * Contract: bad input (the file, DIR, a key a scenario refuses, a metric
 * the results lack) exits 2 before DIR is touched; DIR receives
 * fitted.ini and report.txt whole (run/outpath.h); exit 1 if a row ends
 * outside its band or the fit breaks a published change of the file's
 * `pairs` (each a constraint of the objective: calib_term), 0 otherwise.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_vector.h>
#include "cli.h"
#include "sim/engine/util.h"
#include "profiles/profile.h"
#include "sim/run/calib.h"
#include "sim/run/outpath.h"
#include "sim/run/validate.h"

#define MAX_JOBS	64
#define SIMPLEX_SIZE	1e-3	/* stop when the simplex is this small (in u) */
#define SIMPLEX_STEP	0.5	/* first step of each coordinate (in u) */
#define SENS_STEPS	16	/* bisections per direction */
#define RESTARTS	4	/* descents at most */
#define SETS_MAX	(2 * SCN_STR_MAX + CALIB_MAX_PARAMS * CALIB_MAX_KEYS * \
			 (3 * SCN_NAME_MAX + 32))
#define MAX_RUNS	(2 * CALIB_MAX_ROWS)
#define KEY_COLUMN	28	/* the report's key column */
#define RAW_SLOTS	(2 * CALIB_MAX_ROWS)	/* rows' metrics, then baselines' */
#define NO_RUN		(-1)

/* One evaluation: the integers run and the rows' figures (a baseline
 * row's: its ratio or difference) and, for a baseline row, the baseline
 * run's metric. */
struct memo {
	int64_t		v[CALIB_MAX_PARAMS];
	double		x[CALIB_MAX_ROWS];	/* each row's run's metric */
	double		fig[CALIB_MAX_ROWS];
	double		base[CALIB_MAX_ROWS];
	bool		unmet[CALIB_MAX_ROWS];	/* a run failed the row's require */
	double		f;
};

/* What a worker sends back: every row's metric and its baseline's, and
 * whether that run met the row's `require`. */
struct raw {
	double		x[RAW_SLOTS];
	bool		unmet[RAW_SLOTS];
};

/* A distinct run: a row's scenario with its set, and its baseline on top
 * if base. Rows with the same scenario and overrides share one. */
struct cal_run {
	int		row;
	bool		base;
};

struct fit {
	struct calib	c;
	int		jobs;
	int		row_run[CALIB_MAX_ROWS];	/* the run of each row */
	int		base_run[CALIB_MAX_ROWS];	/* its baseline's, or NO_RUN */
	struct cal_run	run[MAX_RUNS];
	int		nr_runs;
	struct memo	*memo;
	int		nr_memo, max_memo;
	int		iter;
	int		fit;			/* memo index of the fitted point */
	bool		tty, fatal;
	struct scn_error err;
};

static void usage(FILE *out)
{
	fprintf(out, "usage: nicsim calibrate FILE --out DIR [-j N] [--force]\n"
		"fit [host.NAME.cost] keys to measured rows; FILE's format: docs/calibrate.md\n");
}

/* The overrides parameter i adds at its integer v. */
static size_t param_sets(const struct calib_param *p, int64_t v, char *buf, size_t len,
			 size_t n)
{
	int k;

	if (!p->nr_keys)
		return n + (size_t)snprintf(buf + n, len - n, "%shost.%s.cost.%s=%lld",
					    n ? " " : "", p->host, p->key, (long long)v);
	for (k = 0; k < p->nr_keys && n < len; k++)
		n += (size_t)snprintf(buf + n, len - n, "%shost.%s.cost.%s=%lld", n ? " " : "",
				      p->host, p->keys[k], (long long)calib_key_value(p, k, v));
	return n;
}

/* The overrides of run i at the integers v: the row's set, its baseline
 * for a baseline run, then the parameters. */
static void run_sets(const struct fit *ft, int i, const int64_t *v, char *buf, size_t len)
{
	const struct calib *c = &ft->c;
	const struct scn_expect *e = &c->row[ft->run[i].row].e;
	size_t n = (size_t)snprintf(buf, len, "%s%s%s", e->set,
				    ft->run[i].base && e->set[0] ? " " : "",
				    ft->run[i].base ? e->baseline : "");
	int p;

	for (p = 0; p < c->nr_params && n < len; p++)
		n = param_sets(&c->param[p], v[p], buf, len, n);
}

/* Does run result res fail row r's `require`? */
static bool unmet(const struct fit *ft, int r, json_t *res)
{
	char why[8];

	return res && validate_work_missing(&ft->c.row[r].e, res, "", why, sizeof(why));
}

/* Run i at v; the metric of every row that uses it into raw: slot r for
 * a row's run, CALIB_MAX_ROWS + r for its baseline (NAN on a failed
 * run), with whether the run met the row's `require`. */
static void run_one(const struct fit *ft, int i, const int64_t *v, struct raw *raw)
{
	char sets[SETS_MAX];
	struct scn_error err;
	json_t *res;
	int r, k;

	run_sets(ft, i, v, sets, sizeof(sets));
	res = validate_run_variant(ft->c.row[ft->run[i].row].scenario, NULL, sets, &err);
	for (r = 0; r < ft->c.nr_rows; r++) {
		double x = res ? validate_metric(res, ft->c.row[r].e.metric) : NAN;

		for (k = 0; k < 2; k++) {
			int slot = k ? CALIB_MAX_ROWS + r : r;

			if ((k ? ft->base_run[r] : ft->row_run[r]) != i)
				continue;
			raw->x[slot] = x;
			raw->unmet[slot] = unmet(ft, r, res);
		}
	}
	json_decref(res);
}

/* Worker w of n: the runs numbered w, w + n, ...; their metrics written
 * to fd. */
static void raw_init(struct raw *raw)
{
	int i;

	memset(raw, 0, sizeof(*raw));
	for (i = 0; i < RAW_SLOTS; i++)
		raw->x[i] = NAN;
}

static void worker(const struct fit *ft, const int64_t *v, int w, int n, int fd)
{
	struct raw raw;
	int i;

	raw_init(&raw);
	for (i = w; i < ft->nr_runs; i += n)
		run_one(ft, i, v, &raw);
	_exit(write(fd, &raw, sizeof(raw)) == (ssize_t)sizeof(raw) ? 0 : 1);
}

/* Collect worker w's metrics (of its runs only) and the worker; -1 if it
 * failed. */
static int collect(const struct fit *ft, int w, int n, int fd, pid_t pid, struct raw *raw)
{
	struct raw part;
	int r, status, rc = 0, s;

	if (read(fd, &part, sizeof(part)) != (ssize_t)sizeof(part))
		rc = -1;
	close(fd);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		rc = -1;
	for (r = 0; !rc && r < ft->c.nr_rows; r++) {
		if (ft->row_run[r] % n == w) {
			raw->x[r] = part.x[r];
			raw->unmet[r] = part.unmet[r];
		}
		s = CALIB_MAX_ROWS + r;
		if (ft->base_run[r] != NO_RUN && ft->base_run[r] % n == w) {
			raw->x[s] = part.x[s];
			raw->unmet[s] = part.unmet[s];
		}
	}
	return rc;
}

/* Metrics of every run at v, the runs on ft->jobs workers (no more than
 * there are runs); -1 if a worker could not be started or failed. */
static int run_all(const struct fit *ft, const int64_t *v, struct raw *raw)
{
	int n = MIN(ft->jobs, ft->nr_runs), w, r, rc = 0, fd[MAX_JOBS][2];
	pid_t pid[MAX_JOBS];

	raw_init(raw);
	if (n <= 1) {
		for (r = 0; r < ft->nr_runs; r++)
			run_one(ft, r, v, raw);
		return 0;
	}
	fflush(stdout);
	fflush(stderr);
	for (w = 0; w < n && !rc; w++) {
		if (pipe(fd[w])) {
			rc = -1;
			break;
		}
		pid[w] = fork();
		if (pid[w] < 0) {
			close(fd[w][0]);
			close(fd[w][1]);
			rc = -1;
			break;
		}
		if (!pid[w]) {
			close(fd[w][0]);
			worker(ft, v, w, n, fd[w][1]);
		}
		close(fd[w][1]);
	}
	for (r = 0; r < w; r++)		/* every worker started is collected */
		if (collect(ft, r, n, fd[r][0], pid[r], raw))
			rc = -1;
	return rc;
}

/* A row's figure from its run's metric x and its baseline's b. */
static double row_figure(const struct scn_expect *e, double x, double b)
{
	if (!e->baseline[0])
		return x;
	if (!strcmp(e->compare, "difference"))
		return x - b;
	return b ? x / b : NAN;
}

/* The evaluation at the integers v, run if new; NULL if runs failed. */
static const struct memo *evaluate(struct fit *ft, const int64_t *v)
{
	size_t sz = sizeof(int64_t) * (size_t)ft->c.nr_params;
	struct raw raw;
	struct memo *m;
	int i, r;

	for (i = 0; i < ft->nr_memo; i++)
		if (!memcmp(ft->memo[i].v, v, sz))
			return &ft->memo[i];
	if (ft->nr_memo == ft->max_memo)
		return NULL;
	m = &ft->memo[ft->nr_memo];
	memset(m, 0, sizeof(*m));
	memcpy(m->v, v, sz);
	if (run_all(ft, v, &raw))
		return NULL;
	for (r = 0; r < ft->c.nr_rows; r++) {
		m->x[r] = raw.x[r];
		m->base[r] = raw.x[CALIB_MAX_ROWS + r];
		m->fig[r] = ft->c.row[r].pair ?
			calib_pair_factor(&ft->c.row[r], m->x[r], m->base[r]) :
			row_figure(&ft->c.row[r].e, m->x[r], m->base[r]);
		m->unmet[r] = raw.unmet[r] || raw.unmet[CALIB_MAX_ROWS + r];
		m->f += m->unmet[r] ? CALIB_MISS :
			calib_term(&ft->c, &ft->c.row[r], m->fig[r], m->base[r]);
	}
	ft->nr_memo++;
	return m;
}

static void round_all(const struct fit *ft, const gsl_vector *u, int64_t *v)
{
	int i;

	for (i = 0; i < ft->c.nr_params; i++)
		v[i] = calib_round(&ft->c.param[i],
				   calib_value(&ft->c.param[i], gsl_vector_get(u, (size_t)i)));
}

/* GSL's objective. */
static double objective(const gsl_vector *u, void *data)
{
	struct fit *ft = data;
	int64_t v[CALIB_MAX_PARAMS];
	const struct memo *m;

	round_all(ft, u, v);
	m = evaluate(ft, v);
	if (!m) {
		ft->fatal = true;
		return GSL_POSINF;
	}
	return m->f;
}

/* The evaluation with the least objective (the first of equals). */
static const struct memo *best(const struct fit *ft)
{
	const struct memo *b = &ft->memo[0];
	int i;

	for (i = 1; i < ft->nr_memo; i++)
		if (ft->memo[i].f < b->f)
			b = &ft->memo[i];
	return b;
}

/* The fitted point: the best of the fit's evaluations, whatever the
 * sensitivity runs find later. */
static const struct memo *fitted(const struct fit *ft)
{
	return &ft->memo[ft->fit];
}

static void progress(const struct fit *ft, double size)
{
	if (ft->tty)
		fprintf(stderr, "\rcalibrate: iteration %d, %d evaluations, objective %.6g, "
			"simplex %.3g  ", ft->iter, ft->nr_memo, best(ft)->f, size);
}

/* One Nelder-Mead descent from u until the simplex is small or the
 * iteration cap. */
static void descend(struct fit *ft, gsl_multimin_fminimizer *s, gsl_vector *u,
		    const gsl_vector *step)
{
	gsl_multimin_function fn = { objective, (size_t)ft->c.nr_params, ft };
	double size = INFINITY;

	gsl_multimin_fminimizer_set(s, &fn, u, step);
	while (!ft->fatal && ft->iter < ft->c.iterations && size > SIMPLEX_SIZE) {
		ft->iter++;
		if (gsl_multimin_fminimizer_iterate(s))
			break;
		size = gsl_multimin_fminimizer_size(s);
		progress(ft, size);
	}
}

/*
 * Nelder-Mead from the starting values, restarted from the best point
 * with a fresh simplex while a descent improves on it: the rounded, run
 * objective is piecewise constant and a simplex can collapse on a
 * plateau short of the minimum. -1 if runs failed.
 */
static int minimise(struct fit *ft)
{
	size_t n = (size_t)ft->c.nr_params, i;
	gsl_multimin_fminimizer *s = gsl_multimin_fminimizer_alloc(
		gsl_multimin_fminimizer_nmsimplex2, n);
	gsl_vector *u = gsl_vector_alloc(n), *step = gsl_vector_alloc(n);
	double before = INFINITY;
	int round;

	for (i = 0; i < n; i++) {
		gsl_vector_set(u, i, calib_coord(&ft->c.param[i], ft->c.param[i].start));
		gsl_vector_set(step, i, SIMPLEX_STEP);
	}
	for (round = 0; round < RESTARTS && !ft->fatal && ft->iter < ft->c.iterations;
	     round++) {
		const struct memo *b;

		descend(ft, s, u, step);
		b = best(ft);
		if (ft->fatal || !(b->f < before))
			break;
		before = b->f;
		for (i = 0; i < n; i++)
			gsl_vector_set(u, i, calib_coord(&ft->c.param[i], (double)b->v[i]));
	}
	if (ft->tty)
		fprintf(stderr, "\n");
	ft->fit = (int)(best(ft) - ft->memo);
	gsl_multimin_fminimizer_free(s);
	gsl_vector_free(u);
	gsl_vector_free(step);
	return ft->fatal ? -1 : 0;
}

/* Is row r inside its band at m (a pair row: does the change hold)? */
static bool row_in(const struct fit *ft, const struct memo *m, int r)
{
	if (ft->c.row[r].pair)
		return !m->unmet[r] && calib_pair_holds(&ft->c.row[r], m->fig[r]);
	return !m->unmet[r] && scenario_expect_pass(&ft->c.row[r].e, m->fig[r]);
}

/* Do the rows inside at the fit stay inside at m? */
static bool keeps(const struct fit *ft, const struct memo *fit, const struct memo *m)
{
	int r;

	for (r = 0; r < ft->c.nr_rows; r++)
		if (row_in(ft, fit, r) && !row_in(ft, m, r))
			return false;
	return true;
}

/*
 * How far parameter i moves from the fit towards its bound `to` before a
 * row inside at the fit leaves its band: bisection on the integers.
 * *edge: the farthest value found with every such row inside (the bound
 * itself if they stay inside there). -1 if runs failed.
 */
static int sensitivity(struct fit *ft, int i, int64_t to, int64_t *edge)
{
	int64_t v[CALIB_MAX_PARAMS], good, bad;
	const struct memo *fit = fitted(ft), *m;
	struct memo f = *fit;
	int k;

	memcpy(v, f.v, sizeof(v));
	good = f.v[i];
	bad = to;
	v[i] = to;
	m = evaluate(ft, v);
	if (!m)
		return -1;
	if (keeps(ft, &f, m)) {
		*edge = to;
		return 0;
	}
	for (k = 0; k < SENS_STEPS && llabs(bad - good) > 1; k++) {
		v[i] = good + (bad - good) / 2;
		m = evaluate(ft, v);
		if (!m)
			return -1;
		if (keeps(ft, &f, m))
			good = v[i];
		else
			bad = v[i];
	}
	*edge = good;
	return 0;
}

/* A parameter's integer as written: a key's value, or a factor. */
static int value_text(const struct calib_param *p, char *buf, size_t len, int64_t v)
{
	if (p->nr_keys)
		return snprintf(buf, len, "x%.3f", (double)v / CALIB_FACTOR_UNIT);
	return snprintf(buf, len, "%lld", (long long)v);
}

/* "V (+P%)", or "-" when no row is inside at the fit (nothing to keep). */
static int pct_text(const struct calib_param *p, char *buf, size_t len, int64_t v,
		    int64_t at, bool any)
{
	char val[32];

	if (!any)
		return snprintf(buf, len, "-");
	value_text(p, val, sizeof(val), v);
	return snprintf(buf, len, "%s (%+.1f%%)", val, 100.0 * (double)(v - at) / (double)at);
}

/* The key column: host.H.cost.KEY, or the factor's keys. */
static void key_text(const struct calib_param *p, char *buf, size_t len)
{
	size_t n;
	int k;

	if (!p->nr_keys) {
		snprintf(buf, len, "host.%s.cost.%s", p->host, p->key);
		return;
	}
	n = (size_t)snprintf(buf, len, "host.%s.cost.{", p->host);
	for (k = 0; k < p->nr_keys && n < len; k++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", k ? "," : "", p->keys[k]);
	if (n < len)
		snprintf(buf + n, len - n, "}");
	if (strlen(buf) > KEY_COLUMN)	/* the keys are on the factor's own line */
		snprintf(buf, len, "host.%s.cost.{%d keys}", p->host, p->nr_keys);
}

/* Under the table: each factor's keys, from their base to the fit. */
static void report_factors(const struct fit *ft, FILE *f)
{
	const struct memo *b = fitted(ft);
	int i, k;

	for (i = 0; i < ft->c.nr_params; i++) {
		const struct calib_param *p = &ft->c.param[i];

		if (!p->nr_keys)
			continue;
		fprintf(f, "%s x%.3f:", p->name, (double)b->v[i] / CALIB_FACTOR_UNIT);
		for (k = 0; k < p->nr_keys; k++)
			fprintf(f, " %s %lld -> %lld%s", p->keys[k], (long long)p->base[k],
				(long long)calib_key_value(p, k, b->v[i]),
				k + 1 < p->nr_keys ? "," : "\n");
	}
}

static bool any_inside(const struct fit *ft)
{
	int r;

	for (r = 0; r < ft->c.nr_rows; r++)
		if (row_in(ft, fitted(ft), r))
			return true;
	return false;
}

static void report_params(struct fit *ft, FILE *f, const int64_t (*edge)[2])
{
	const struct memo *b = fitted(ft);
	int i;

	fprintf(f, "parameters (integers as the scenario holds them; sensitivity: the "
		"farthest value, down and up, with every row that is inside its band at "
		"the fit still inside)\n");
	fprintf(f, "%-14s %-28s %10s %10s %-21s %-20s %-20s\n", "name", "key", "fitted",
		"start", "bounds", "down to", "up to");
	for (i = 0; i < ft->c.nr_params; i++) {
		const struct calib_param *p = &ft->c.param[i];
		char key[CALIB_MAX_KEYS * SCN_NAME_MAX + 96], bounds[48], lo[40], hi[40];
		char fit[32], start[32];
		double unit = p->nr_keys ? CALIB_FACTOR_UNIT : 1;

		key_text(p, key, sizeof(key));
		snprintf(bounds, sizeof(bounds), "[%g, %g]", p->min / unit, p->max / unit);
		value_text(p, fit, sizeof(fit), b->v[i]);
		value_text(p, start, sizeof(start), calib_round(p, p->start));
		pct_text(p, lo, sizeof(lo), edge[i][0], b->v[i], any_inside(ft));
		pct_text(p, hi, sizeof(hi), edge[i][1], b->v[i], any_inside(ft));
		fprintf(f, "%-14s %-28s %10s %10s %-21s %-20s %-20s\n", p->name, key, fit,
			start, bounds, lo, hi);
	}
	report_factors(ft, f);
}

static void band_text(const struct scn_expect *e, char *buf, size_t len)
{
	if (e->tol_rel > 0)
		snprintf(buf, len, "%g +-%g%%", e->value, e->tol_rel * 100);
	else
		snprintf(buf, len, "%g +-%g", e->value, e->tol_abs);
}

static int report_rows(struct fit *ft, FILE *f)
{
	const struct memo *b = fitted(ft);
	int r, out = 0;

	fprintf(f, "\nrows (residual: log(figure/value); a difference row's: "
		"log((figure + baseline)/(baseline + value)))\n");
	fprintf(f, "%-10s %-40s %14s %-22s %10s %s\n", "id", "metric", "figure", "band",
		"residual", "");
	for (r = 0; r < ft->c.nr_rows; r++) {
		const struct scn_expect *e = &ft->c.row[r].e;
		char band[64];
		bool in = row_in(ft, b, r);

		if (ft->c.row[r].pair)
			continue;
		band_text(e, band, sizeof(band));
		fprintf(f, "%-10s %-40s %14.6g %-22s %+10.4f %s\n", e->id, e->metric,
			b->fig[r], band, calib_log_error(&ft->c.row[r], b->fig[r], b->base[r]),
			in ? "inside" : b->unmet[r] ? "OUTSIDE (a run failed its require)" :
			"OUTSIDE");
		out += !in;
	}
	fprintf(f, "\nrows outside their bands:");
	for (r = 0; r < ft->c.nr_rows; r++)
		if (!ft->c.row[r].pair && !row_in(ft, b, r))
			fprintf(f, " %s", ft->c.row[r].e.id);
	fprintf(f, "%s\n", out ? "" : " none");
	return out;
}

/* The pairs at the fit: each published change, the model's before ->
 * after and factor, and whether it holds. The number broken. */
static int report_pairs(struct fit *ft, FILE *f)
{
	const struct memo *b = fitted(ft);
	int r, broken = 0;

	if (!ft->c.nr_pairs)
		return 0;
	fprintf(f, "\npublished changes (constraints: a fit that breaks one fails; "
		"docs/validation.md, \"Published changes\")\n");
	fprintf(f, "%-10s %-40s %-26s %-20s %10s %s\n", "id", "metric", "before -> after",
		"change (needs)", "factor", "");
	for (r = 0; r < ft->c.nr_rows; r++) {
		const struct calib_row *row = &ft->c.row[r];
		char figs[64], change[48];
		bool in = row_in(ft, b, r);

		if (!row->pair)
			continue;
		snprintf(figs, sizeof(figs), "%g -> %g", b->x[r], b->base[r]);
		scn_change_text(&row->change, change, sizeof(change));
		fprintf(f, "%-10s %-40s %-26s %-20s %10.4g %s\n", row->e.id, row->e.metric,
			figs, change, b->fig[r], in ? "holds" : b->unmet[r] ?
			"BROKEN (a run failed its require)" : "BROKEN");
		broken += !in;
	}
	fprintf(f, "\npublished changes the fit breaks:");
	for (r = 0; r < ft->c.nr_rows; r++)
		if (ft->c.row[r].pair && !row_in(ft, b, r))
			fprintf(f, " %s", ft->c.row[r].e.id);
	fprintf(f, "%s\n", broken ? "" : " none");
	return broken;
}

static void write_param(const struct calib_param *p, int64_t v, FILE *f)
{
	int k;

	if (!p->nr_keys) {
		fprintf(f, "%s = %lld\n", p->key, (long long)v);
		return;
	}
	fprintf(f, "; %s: x%.3f\n", p->name, (double)v / CALIB_FACTOR_UNIT);
	for (k = 0; k < p->nr_keys; k++)
		fprintf(f, "%s = %lld\n", p->keys[k], (long long)calib_key_value(p, k, v));
}

static void write_fitted(const struct fit *ft, FILE *f)
{
	const struct memo *b = fitted(ft);
	int i, j;

	fprintf(f, "; nicsim calibrate %s: the fitted values, for --include\n", ft->c.file);
	for (i = 0; i < ft->c.nr_params; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(ft->c.param[j].host, ft->c.param[i].host))
				break;
		if (j < i)
			continue;
		fprintf(f, "\n[host.%s.cost]\n", ft->c.param[i].host);
		for (j = i; j < ft->c.nr_params; j++)
			if (!strcmp(ft->c.param[j].host, ft->c.param[i].host))
				write_param(&ft->c.param[j], b->v[j], f);
	}
}

static FILE *open_in(const char *dir, const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", dir, name);
	return fopen(path, "w");
}

/* fitted.ini and report.txt into the temporary dir; -1 after a message. */
static int write_outputs(struct fit *ft, const char *tmp, const int64_t (*edge)[2], int *out,
			 int *broken)
{
	char path[OUTPATH_LEN + 32];
	FILE *f = open_in(tmp, "fitted.ini", path, sizeof(path));

	if (!f)
		goto fail;
	write_fitted(ft, f);
	if (fclose(f))
		goto fail;
	f = open_in(tmp, "report.txt", path, sizeof(path));
	if (!f)
		goto fail;
	fprintf(f, "nicsim calibrate %s\n", ft->c.file);
	fprintf(f, "fit: Nelder-Mead, %d iterations%s, %d evaluations of %d run(s) each, "
		"objective %.6g (sum of squared log-errors%s)\n\n", ft->iter,
		ft->iter >= ft->c.iterations ? " (the cap)" : "", ft->nr_memo, ft->nr_runs,
		fitted(ft)->f, ft->c.band_weight ? ", each over its band's squared" : "");
	report_params(ft, f, edge);
	*out = report_rows(ft, f);
	*broken = report_pairs(ft, f);
	if (fclose(f))
		goto fail;
	return 0;
fail:
	fprintf(stderr, "nicsim calibrate: %s: %s\n", path, strerror(errno));
	return -1;
}

/* The file's params and rows against their scenarios: FILE:LINE. */
/* Key k of factor parameter p in host h: its value there (the
 * scenario's [host.NAME.cost], else the platform's); -1 after a message. */
static int key_base(const struct fit *ft, struct calib_param *p, int k,
		    const struct scn_host *h)
{
	static const char *names[COST_NR + 1];
	const struct platform *plat = platform_find(h->platform);
	const char *name;
	int64_t val;
	int i, pos = 0;

	for (i = 0; i < COST_NR; i++)
		names[i] = cpu_cost_names[i];
	for (i = 0; i < COST_NR && strcmp(names[i], p->keys[k]); i++)
		;
	if (i == COST_NR || !plat) {
		fprintf(stderr, "%s:%d: [param.%s]: keys: '%s' is not a cost; did you mean "
			"'%s'?\n", ft->c.file, p->line, p->name, p->keys[k],
			scn_closest(p->keys[k], names));
		return -1;
	}
	p->base[k] = ((const uint32_t *)&plat->cost)[i];
	while ((name = scenario_cost_next(&h->cost, &pos, &val)))
		if (!strcmp(name, p->keys[k]))
			p->base[k] = val;
	return 0;
}

/* The values a factor scales: its keys' in the first row's scenario. */
static int resolve_bases(struct fit *ft)
{
	struct calib *c = &ft->c;
	const struct scn_host *h;
	struct scenario s;
	int i, k, rc;

	rc = scenario_load_with(&s, c->row[0].scenario, NULL, "", &ft->err);
	if (rc)
		fprintf(stderr, "%s:%d: [row.%s]: %s\n", c->file, c->row[0].line,
			c->row[0].e.id, ft->err.msg);
	for (i = 0; i < c->nr_params && !rc; i++) {
		if (!c->param[i].nr_keys || c->param[i].nr_base)
			continue;
		h = scenario_host_c(&s, c->param[i].host);
		if (!h) {
			fprintf(stderr, "%s:%d: [param.%s]: no host '%s' in %s\n", c->file,
				c->param[i].line, c->param[i].name, c->param[i].host,
				c->row[0].scenario);
			rc = -1;
		}
		for (k = 0; !rc && k < c->param[i].nr_keys; k++)
			rc = key_base(ft, &c->param[i], k, h);
	}
	scenario_free(&s);
	return rc;
}

static int check_inputs(struct fit *ft)
{
	const struct calib *c = &ft->c;
	char sets[SETS_MAX], one[SETS_MAX];
	int64_t v[CALIB_MAX_PARAMS];
	struct scenario s;
	int i, r, rc = 0;

	for (i = 0; i < c->nr_params; i++)
		v[i] = calib_round(&c->param[i], c->param[i].start);
	for (i = 0; i < c->nr_params && !rc; i++) {
		param_sets(&c->param[i], v[i], one, sizeof(one), 0);
		rc = scenario_load_with(&s, c->row[0].scenario, NULL, one, &ft->err);
		scenario_free(&s);
		if (rc)
			fprintf(stderr, "%s:%d: [param.%s]: %s\n", c->file, c->param[i].line,
				c->param[i].name, ft->err.msg);
	}
	for (i = 0; i < ft->nr_runs && !rc; i++) {
		r = ft->run[i].row;
		run_sets(ft, i, v, sets, sizeof(sets));
		rc = scenario_load_with(&s, c->row[r].scenario, NULL, sets, &ft->err);
		scenario_free(&s);
		if (rc)
			fprintf(stderr, "%s:%d: [row.%s]%s: %s\n", c->file, c->row[r].line,
				c->row[r].e.id, ft->run[i].base ? " (its baseline run)" : "",
				ft->err.msg);
	}
	return rc;
}

/* The first evaluation: every row's metric must be a number. */
static int check_metrics(struct fit *ft)
{
	int64_t v[CALIB_MAX_PARAMS];
	const struct memo *m;
	int i, r;

	for (i = 0; i < ft->c.nr_params; i++)
		v[i] = calib_round(&ft->c.param[i], ft->c.param[i].start);
	m = evaluate(ft, v);
	if (!m) {
		fprintf(stderr, "nicsim calibrate: a run failed\n");
		return -1;
	}
	for (r = 0; r < ft->c.nr_rows; r++)
		if (isnan(m->x[r]) || (ft->base_run[r] != NO_RUN && isnan(m->base[r]))) {
			fprintf(stderr, "%s:%d: [row.%s]: metric '%s' is not a number in the "
				"results (docs/results.md)\n", ft->c.file, ft->c.row[r].line,
				ft->c.row[r].e.id, ft->c.row[r].e.metric);
			return -1;
		}
	return 0;
}

/* Run i's overrides without the parameters. */
static void run_key(const struct fit *ft, int i, char *buf, size_t len)
{
	const struct scn_expect *e = &ft->c.row[ft->run[i].row].e;

	snprintf(buf, len, "%s%s%s", e->set, ft->run[i].base && e->set[0] ? " " : "",
		 ft->run[i].base ? e->baseline : "");
}

/* The run of row r (its baseline's if base), shared with an equal one. */
static int add_run(struct fit *ft, int r, bool base)
{
	char a[2 * SCN_STR_MAX + 2], b[2 * SCN_STR_MAX + 2];
	int i;

	ft->run[ft->nr_runs] = (struct cal_run){ .row = r, .base = base };
	run_key(ft, ft->nr_runs, a, sizeof(a));
	for (i = 0; i < ft->nr_runs; i++) {
		run_key(ft, i, b, sizeof(b));
		if (!strcmp(ft->c.row[ft->run[i].row].scenario, ft->c.row[r].scenario) &&
		    !strcmp(a, b))
			return i;
	}
	return ft->nr_runs++;
}

static void share_runs(struct fit *ft)
{
	int r;

	for (r = 0; r < ft->c.nr_rows; r++) {
		ft->row_run[r] = add_run(ft, r, false);
		ft->base_run[r] = ft->c.row[r].e.baseline[0] ? add_run(ft, r, true) : NO_RUN;
	}
}

struct cal_opts {
	const char	*file, *out;
	int		jobs;
	bool		force;
};

static int parse_args(int argc, char **argv, struct cal_opts *o)
{
	int i;
	int64_t n;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--out") && i + 1 < argc) {
			o->out = argv[++i];
		} else if (!strcmp(argv[i], "-j") && i + 1 < argc) {
			if (parse_int(argv[++i], 0, MAX_JOBS, &n)) {
				fprintf(stderr, "nicsim calibrate: -j %s: not an integer in "
					"[0, %d]\n", argv[i], MAX_JOBS);
				return -1;
			}
			o->jobs = n ? (int)n : (int)MIN(MAX_JOBS,
							MAX(1, sysconf(_SC_NPROCESSORS_ONLN)));
		} else if (!strcmp(argv[i], "--force")) {
			o->force = true;
		} else if (argv[i][0] == '-' || o->file) {
			fprintf(stderr, "nicsim calibrate: unexpected '%s'\n", argv[i]);
			usage(stderr);
			return -1;
		} else {
			o->file = argv[i];
		}
	}
	if (!o->file || !o->out) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* Fit, then the sensitivities; -1 after a message. */
static int fit_and_probe(struct fit *ft, int64_t (*edge)[2])
{
	int i;

	if (minimise(ft)) {
		fprintf(stderr, "nicsim calibrate: a run failed\n");
		return -1;
	}
	for (i = 0; i < ft->c.nr_params && any_inside(ft); i++) {
		const struct calib_param *p = &ft->c.param[i];

		if (sensitivity(ft, i, calib_round(p, p->min), &edge[i][0]) ||
		    sensitivity(ft, i, calib_round(p, p->max), &edge[i][1])) {
			fprintf(stderr, "nicsim calibrate: a run failed\n");
			return -1;
		}
	}
	return 0;
}

static int publish(struct fit *ft, const struct cal_opts *o, const int64_t (*edge)[2])
{
	char tmp[OUTPATH_LEN], msg[OUTPATH_LEN + 512];
	int out = 0, broken = 0, r, k = 0;

	if (outpath_report_begin(o->out, tmp, sizeof(tmp), msg, sizeof(msg))) {
		fprintf(stderr, "nicsim calibrate: --out %s: %s\n", o->out, msg);
		return 2;
	}
	if (write_outputs(ft, tmp, edge, &out, &broken)) {
		outpath_report_abort(tmp);
		return 2;
	}
	if (outpath_report_publish(tmp, o->out, o->force, msg, sizeof(msg))) {
		fprintf(stderr, "nicsim calibrate: --out %s: %s\n", o->out, msg);
		return 2;
	}
	printf("%s/fitted.ini, %s/report.txt: %d of %d rows inside their bands", o->out,
	       o->out, ft->c.nr_rows - ft->c.nr_pairs - out, ft->c.nr_rows - ft->c.nr_pairs);
	if (ft->c.nr_pairs) {
		printf("; %d of %d published changes hold", ft->c.nr_pairs - broken,
		       ft->c.nr_pairs);
		for (r = 0; r < ft->c.nr_rows && broken; r++)
			if (ft->c.row[r].pair && !row_in(ft, fitted(ft), r))
				printf("%s%s", k++ ? " " : " (broken: ", ft->c.row[r].e.id);
		printf("%s", broken ? ")" : "");
	}
	printf("\n");
	return out || broken ? 1 : 0;
}

int cmd_calibrate(int argc, char **argv)
{
	struct cal_opts o = { .jobs = 1 };
	int64_t edge[CALIB_MAX_PARAMS][2] = { { 0 } };
	char msg[OUTPATH_LEN + 512];
	struct fit *ft;
	int rc = 2;

	if (parse_args(argc, argv, &o))
		return 2;
	ft = xcalloc(1, sizeof(*ft));
	if (calib_load(&ft->c, o.file, &ft->err)) {
		fprintf(stderr, "%s\n", ft->err.msg);
		goto out;
	}
	if (outpath_report_check(o.out, o.force, msg, sizeof(msg))) {
		fprintf(stderr, "nicsim calibrate: --out %s: %s\n", o.out, msg);
		goto out;
	}
	ft->jobs = o.jobs;
	ft->tty = isatty(STDERR_FILENO);
	/* Nelder-Mead evaluates at most n + 2 points an iteration (a shrink:
	 * n), each start n + 1; the sensitivities SENS_STEPS + 1 a direction. */
	ft->max_memo = (ft->c.iterations + RESTARTS) * (ft->c.nr_params + 2) +
		       2 * ft->c.nr_params * (SENS_STEPS + 1) + 1;
	ft->memo = xcalloc((size_t)ft->max_memo, sizeof(*ft->memo));
	share_runs(ft);
	if (resolve_bases(ft) || check_inputs(ft) || check_metrics(ft))
		goto out;
	if (fit_and_probe(ft, edge)) {
		rc = 1;
		goto out;
	}
	rc = publish(ft, &o, (const int64_t (*)[2])edge);
out:
	free(ft->memo);
	free(ft);
	return rc;
}
