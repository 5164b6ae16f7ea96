// SPDX-License-Identifier: MIT
/*
 * The calibration file of `nicsim calibrate` (docs/calibrate.md):
 *   [calibrate]  scenario (default for the rows), iterations, weight,
 *                pairs (scenario files whose [pair.ID] sections become
 *                constraints of the fit)
 *   [param.NAME] host, key (a [host.NAME.cost] key or clock) or keys (cost
 *                keys scaled by one factor), min, max, start
 *   [row.ID]     scenario, and the [expect.ID] keys metric, value,
 *                tolerance, set, baseline, compare, require, observation,
 *                published, source, note
 * Paths are relative to the file. Read with inih through a reader that
 * counts lines, so every message is FILE:LINE.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ini.h>
#include "sim/run/calib.h"

enum sec_kind { SEC_NONE, SEC_CALIBRATE, SEC_PARAM, SEC_ROW };

struct load_ctx {
	struct calib		*c;
	FILE			*f;
	struct scn_error	*err;
	int			lineno;
	bool			failed;
	enum sec_kind		kind;
	char			dir[CALIB_PATH_MAX];
	char			pairs[CALIB_MAX_PAIR_FILES][CALIB_PATH_MAX];
	int			nr_pair_files, pairs_line;
};

static const char *const calibrate_keys[] = { "scenario", "iterations", "weight", "pairs",
					       NULL };
static const char *const param_keys[] = { "host", "key", "keys", "base", "min", "max", "start",
					   NULL };
static const char *const row_keys[] = {
	"scenario", "metric", "value", "tolerance", "set", "baseline", "compare",
	"require", "observation", "published", "source", "note", NULL
};

static void fail_at(struct load_ctx *x, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail_at(struct load_ctx *x, int line, const char *fmt, ...)
{
	char why[600];
	va_list ap;

	if (x->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	snprintf(x->err->msg, sizeof(x->err->msg), "%.400s:%d: %.600s", x->c->file, line, why);
	x->failed = true;
}

static char *trim(char *p)
{
	char *e;

	while (isspace((unsigned char)*p))
		p++;
	e = p + strlen(p);
	while (e > p && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return p;
}

static bool name_ok(const char *s)
{
	if (!*s || strlen(s) >= SCN_NAME_MAX)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_-'", *s))
			return false;
	return true;
}

/* A section header: its kind, and a new param or row. */
static void section(struct load_ctx *x, char *name)
{
	static const char *const words[] = { "calibrate", "param", "row", NULL };
	struct calib *c = x->c;
	char *dot = strchr(name, '.');

	if (!strcmp(name, "calibrate")) {
		x->kind = SEC_CALIBRATE;
		return;
	}
	if (dot && (!strncmp(name, "param.", 6) || !strncmp(name, "row.", 4))) {
		if (!name_ok(dot + 1)) {
			fail_at(x, x->lineno, "'%s' is not a name (letters, digits, _ - ', "
				"shorter than %d)", dot + 1, SCN_NAME_MAX);
			return;
		}
		if (name[0] == 'p') {
			if (c->nr_params == CALIB_MAX_PARAMS) {
				fail_at(x, x->lineno, "too many [param.*] (at most %d)",
					CALIB_MAX_PARAMS);
				return;
			}
			x->kind = SEC_PARAM;
			snprintf(c->param[c->nr_params].name, SCN_NAME_MAX, "%s", dot + 1);
			c->param[c->nr_params++].line = x->lineno;
		} else {
			if (c->nr_rows == CALIB_MAX_ROWS) {
				fail_at(x, x->lineno, "too many [row.*] (at most %d)",
					CALIB_MAX_ROWS);
				return;
			}
			x->kind = SEC_ROW;
			scenario_expect_defaults(&c->row[c->nr_rows].e);
			snprintf(c->row[c->nr_rows].e.id, SCN_NAME_MAX, "%s", dot + 1);
			c->row[c->nr_rows++].line = x->lineno;
		}
		return;
	}
	if (dot)
		*dot = '\0';
	fail_at(x, x->lineno, "unknown section [%s%s%s]; did you mean [%s%s]?", name,
		dot ? "." : "", dot ? dot + 1 : "", scn_closest(name, words),
		!strcmp(scn_closest(name, words), "calibrate") ? "" : ".NAME");
}

/* inih's reader: one line per call, counted; section headers checked here
 * (inih reports a section only with its first key). */
static char *reader(char *buf, int num, void *stream)
{
	struct load_ctx *x = stream;
	char line[1002], *p, *q;

	if (x->failed || !fgets(line, sizeof(line), x->f))
		return NULL;
	x->lineno++;
	if (strlen(line) == sizeof(line) - 1 && line[sizeof(line) - 2] != '\n') {
		fail_at(x, x->lineno, "line too long (more than %d characters)",
			(int)sizeof(line) - 2);
		return NULL;
	}
	for (q = line; *q; q++)		/* comments: ; or # first or after a blank */
		if ((*q == ';' || *q == '#') && (q == line || isspace((unsigned char)q[-1]))) {
			*q = '\0';
			break;
		}
	p = trim(line);
	if (*p == '[') {
		q = strchr(p, ']');
		if (!q || q[1]) {
			fail_at(x, x->lineno, "malformed section header");
			return NULL;
		}
		*q = '\0';
		section(x, trim(p + 1));
		*q = ']';
	} else if (*p && !strchr(p, '=')) {
		fail_at(x, x->lineno, "expected 'key = value' or '[section]'");
	} else if (*p && x->kind == SEC_NONE) {
		fail_at(x, x->lineno, "key before any section; start with [calibrate]");
	} else if (strlen(p) >= (size_t)num) {
		fail_at(x, x->lineno, "line too long (at most %d characters)", num - 1);
	}
	if (x->failed)
		return NULL;
	snprintf(buf, (size_t)num, "%s", p);
	return buf;
}

static void set_path(struct load_ctx *x, char *dst, const char *v)
{
	int n;

	if (v[0] == '/' || !x->dir[0])
		n = snprintf(dst, CALIB_PATH_MAX, "%s", v);
	else
		n = snprintf(dst, CALIB_PATH_MAX, "%s/%s", x->dir, v);
	if (n >= CALIB_PATH_MAX)
		fail_at(x, x->lineno, "path too long");
}

/* `pairs`: blank-separated scenario files, relative to the file. */
static void pair_files(struct load_ctx *x, const char *v)
{
	char word[CALIB_PATH_MAX];
	size_t n;

	x->nr_pair_files = 0;
	x->pairs_line = x->lineno;
	for (v += strspn(v, " \t"); *v; v += strspn(v, " \t")) {
		n = strcspn(v, " \t");
		if (n >= sizeof(word) || x->nr_pair_files == CALIB_MAX_PAIR_FILES) {
			fail_at(x, x->lineno, "pairs: at most %d files of at most %d characters",
				CALIB_MAX_PAIR_FILES, CALIB_PATH_MAX - 1);
			return;
		}
		snprintf(word, sizeof(word), "%.*s", (int)n, v);
		set_path(x, x->pairs[x->nr_pair_files++], word);
		v += n;
	}
	if (!x->nr_pair_files)
		fail_at(x, x->lineno, "pairs: no file");
}

static void unknown_key(struct load_ctx *x, const char *sec, const char *key,
			const char *const *keys)
{
	fail_at(x, x->lineno, "unknown key '%s' in [%s]; did you mean '%s'?", key, sec,
		scn_closest(key, keys));
}

static bool known(const char *key, const char *const *keys)
{
	for (; *keys; keys++)
		if (!strcmp(key, *keys))
			return true;
	return false;
}

static void calibrate_key(struct load_ctx *x, const char *key, const char *v)
{
	int64_t n;

	if (!known(key, calibrate_keys))
		unknown_key(x, "calibrate", key, calibrate_keys);
	else if (!strcmp(key, "scenario"))
		set_path(x, x->c->scenario, v);
	else if (!strcmp(key, "pairs"))
		pair_files(x, v);
	else if (!strcmp(key, "weight")) {
		if (strcmp(v, "equal") && strcmp(v, "band"))
			fail_at(x, x->lineno, "weight: '%s' is not equal or band", v);
		x->c->band_weight = !strcmp(v, "band");
	} else if (parse_int(v, 1, CALIB_ITER_MAX, &n))
		fail_at(x, x->lineno, "iterations: '%s' is not an integer in [1, %d]", v,
			CALIB_ITER_MAX);
	else
		x->c->iterations = (int)n;
}

static void param_number(struct load_ctx *x, const char *key, const char *v,
			 double *dst, bool *has)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(v, &end);
	if (end == v || *end || errno || !(d > 0) || !isfinite(d)) {
		fail_at(x, x->lineno, "%s: '%s' is not a positive number", key, v);
		return;
	}
	*dst = d;
	*has = true;
}

/* One word of `keys`: a distinct name, not clock (a factor scales costs). */
static void key_word(struct load_ctx *x, struct calib_param *p, const char *w)
{
	int j;

	if (!name_ok(w))
		fail_at(x, x->lineno, "keys: '%s' is not a name", w);
	else if (!strcmp(w, "clock"))
		fail_at(x, x->lineno, "keys: clock cannot share a factor with costs; "
			"free it alone with 'key = clock'");
	else if (p->nr_keys == CALIB_MAX_KEYS)
		fail_at(x, x->lineno, "keys: more than %d", CALIB_MAX_KEYS);
	for (j = 0; j < p->nr_keys && !x->failed; j++)
		if (!strcmp(p->keys[j], w))
			fail_at(x, x->lineno, "keys: '%s' twice", w);
	if (!x->failed)
		snprintf(p->keys[p->nr_keys++], SCN_NAME_MAX, "%s", w);
}

/* One word of `base`: the value the factor multiplies for that key. */
static void base_word(struct load_ctx *x, struct calib_param *p, const char *w)
{
	int64_t n;

	if (p->nr_base == CALIB_MAX_KEYS)
		fail_at(x, x->lineno, "base: more than %d values", CALIB_MAX_KEYS);
	else if (parse_int(w, 0, UINT32_MAX, &n))
		fail_at(x, x->lineno, "base: '%s' is not a cost (an integer in [0, %u])",
			w, UINT32_MAX);
	else
		p->base[p->nr_base++] = n;
}

/* A list key (blank- or comma-separated): each word to fn, none refused. */
static void param_words(struct load_ctx *x, struct calib_param *p, const char *key,
			const char *v, int *count,
			void (*fn)(struct load_ctx *, struct calib_param *, const char *))
{
	char buf[SCN_STR_MAX], *save = NULL, *w;

	snprintf(buf, sizeof(buf), "%s", v);
	*count = 0;
	for (w = strtok_r(buf, " \t,", &save); w && !x->failed;
	     w = strtok_r(NULL, " \t,", &save))
		fn(x, p, w);
	if (!x->failed && !*count)
		fail_at(x, x->lineno, "%s: empty", key);
}

static void param_key(struct load_ctx *x, const char *sec, const char *key, const char *v)
{
	struct calib_param *p = &x->c->param[x->c->nr_params - 1];

	if (!known(key, param_keys))
		unknown_key(x, sec, key, param_keys);
	else if (!strcmp(key, "keys"))
		param_words(x, p, key, v, &p->nr_keys, key_word);
	else if (!strcmp(key, "base"))
		param_words(x, p, key, v, &p->nr_base, base_word);
	else if (!strcmp(key, "host") || !strcmp(key, "key")) {
		if (!name_ok(v))
			fail_at(x, x->lineno, "%s: '%s' is not a name", key, v);
		else
			snprintf(key[0] == 'h' ? p->host : p->key, SCN_NAME_MAX, "%s", v);
	} else if (!strcmp(key, "min"))
		param_number(x, key, v, &p->min, &p->has_min);
	else if (!strcmp(key, "max"))
		param_number(x, key, v, &p->max, &p->has_max);
	else
		param_number(x, key, v, &p->start, &p->has_start);
}

static void row_key(struct load_ctx *x, const char *sec, const char *key, const char *v)
{
	struct calib_row *r = &x->c->row[x->c->nr_rows - 1];
	char why[600];

	if (!known(key, row_keys))
		unknown_key(x, sec, key, row_keys);
	else if (!strcmp(key, "scenario"))
		set_path(x, r->scenario, v);
	else if (scenario_expect_key(&r->e, key, v, why, sizeof(why)))
		fail_at(x, x->lineno, "%s", why);
}

static int on_pair(void *user, const char *sec, const char *key, const char *v)
{
	struct load_ctx *x = user;

	if (x->kind == SEC_CALIBRATE)
		calibrate_key(x, key, v);
	else if (x->kind == SEC_PARAM)
		param_key(x, sec, key, v);
	else if (x->kind == SEC_ROW)
		row_key(x, sec, key, v);
	return !x->failed;
}

static void check_param(struct load_ctx *x, struct calib_param *p)
{
	const char *miss = !p->host[0] ? "host" : !p->key[0] && !p->nr_keys ? "key" :
			   !p->has_min ? "min" : !p->has_max ? "max" : NULL;

	if (p->key[0] && p->nr_keys) {
		fail_at(x, p->line, "[param.%s] has both 'key' and 'keys': one key, or a "
			"factor over several", p->name);
		return;
	}
	if (p->nr_base && p->nr_base != p->nr_keys) {
		fail_at(x, p->line, "[param.%s]: %d base values for %d keys", p->name,
			p->nr_base, p->nr_keys);
		return;
	}
	if (miss)
		fail_at(x, p->line, "[param.%s] needs '%s'", p->name, miss);
	else if (p->min >= p->max)
		fail_at(x, p->line, "[param.%s]: min %g is not below max %g", p->name,
			p->min, p->max);
	else if (p->has_start && (p->start < p->min || p->start > p->max))
		fail_at(x, p->line, "[param.%s]: start %g is outside [%g, %g]", p->name,
			p->start, p->min, p->max);
	else if (!p->has_start)
		p->start = sqrt(p->min * p->max);
	if (p->nr_keys) {
		p->min *= CALIB_FACTOR_UNIT;
		p->max *= CALIB_FACTOR_UNIT;
		p->start *= CALIB_FACTOR_UNIT;
	}
}

/* Does parameter p free host.host.cost.key? */
static bool frees(const struct calib_param *p, const char *host, const char *key)
{
	int k;

	if (strcmp(p->host, host))
		return false;
	if (!p->nr_keys)
		return !strcmp(p->key, key);
	for (k = 0; k < p->nr_keys; k++)
		if (!strcmp(p->keys[k], key))
			return true;
	return false;
}

/* The first key of p that an earlier parameter q also frees, or NULL. */
static const char *shared_key(const struct calib_param *q, const struct calib_param *p)
{
	int k;

	if (!p->nr_keys)
		return frees(q, p->host, p->key) ? p->key : NULL;
	for (k = 0; k < p->nr_keys; k++)
		if (frees(q, p->host, p->keys[k]))
			return p->keys[k];
	return NULL;
}

static void check_row(struct load_ctx *x, struct calib_row *r)
{
	const struct scn_expect *e = &r->e;

	if (!e->metric[0])
		fail_at(x, r->line, "[row.%s] needs 'metric'", e->id);
	else if (!e->has_value)
		fail_at(x, r->line, "[row.%s] needs 'value'", e->id);
	else if (!calib_difference(r) && !(e->value > 0))
		fail_at(x, r->line, "[row.%s] needs a positive 'value' (the fit compares "
			"logarithms; only a 'compare = difference' row may target 0 or less)",
			e->id);
	else if (!e->tol_abs && !e->tol_rel)
		fail_at(x, r->line, "[row.%s] needs a 'tolerance' (its band)", e->id);
	else if (!r->scenario[0] && !x->c->scenario[0])
		fail_at(x, r->line, "[row.%s] has no scenario, and [calibrate] names none",
			e->id);
	else if (!r->scenario[0])
		snprintf(r->scenario, sizeof(r->scenario), "%s", x->c->scenario);
}

static void check_all(struct load_ctx *x)
{
	struct calib *c = x->c;
	int i, j;

	if (!c->nr_params)
		fail_at(x, x->lineno, "no [param.NAME]: nothing to fit");
	if (!c->nr_rows)
		fail_at(x, x->lineno, "no [row.ID]: nothing to fit to");
	for (i = 0; i < c->nr_params; i++) {
		check_param(x, &c->param[i]);
		for (j = 0; j < i; j++)
			if (shared_key(&c->param[j], &c->param[i]))
				fail_at(x, c->param[i].line, "[param.%s] frees host.%s.cost.%s "
					"again (see line %d)", c->param[i].name,
					c->param[i].host, shared_key(&c->param[j], &c->param[i]),
					c->param[j].line);
	}
	for (i = 0; i < c->nr_rows; i++)
		check_row(x, &c->row[i]);
	if (c->nr_params && 2 * c->nr_params > c->nr_rows) {
		i = c->nr_rows / 2;
		fail_at(x, c->param[i].line, "%d free parameters for %d rows: at most %d "
			"(half the rows)", c->nr_params, c->nr_rows, c->nr_rows / 2);
	}
}

/* One [pair.ID] of file as a constraint row. */
static void add_pair(struct load_ctx *x, const char *file, const struct scn_pair *p)
{
	struct calib *c = x->c;
	struct calib_row *r;
	char why[256];

	if (p->before[0]) {
		fail_at(x, x->pairs_line, "pairs: %s: [pair.%s] has a 'before'; calibrate takes "
			"pairs whose before run is the file as written", file, p->id);
		return;
	}
	if (strchr(p->metric, '+')) {
		fail_at(x, x->pairs_line, "pairs: %s: [pair.%s] sums metrics ('%s'); calibrate "
			"takes pairs of one metric", file, p->id, p->metric);
		return;
	}
	if (c->nr_rows == CALIB_MAX_ROWS) {
		fail_at(x, x->pairs_line, "pairs: more than %d rows and pairs", CALIB_MAX_ROWS);
		return;
	}
	r = &c->row[c->nr_rows++];
	memset(r, 0, sizeof(*r));
	scenario_expect_defaults(&r->e);
	snprintf(r->e.id, sizeof(r->e.id), "%s", p->id);
	snprintf(r->e.observation, sizeof(r->e.observation), "%s", p->observation);
	snprintf(r->e.published, sizeof(r->e.published), "%s", p->published);
	snprintf(r->e.source, sizeof(r->e.source), "%s", p->source);
	snprintf(r->e.metric, sizeof(r->e.metric), "%s", p->metric);
	snprintf(r->e.baseline, sizeof(r->e.baseline), "%s", p->after);
	snprintf(r->e.require, sizeof(r->e.require), "%s", p->require);
	snprintf(r->scenario, sizeof(r->scenario), "%s", file);
	r->line = x->pairs_line;
	r->pair = true;
	if (scn_change_parse(p->change, &r->change, why, sizeof(why)))
		fail_at(x, x->pairs_line, "pairs: %s: [pair.%s]: %s", file, p->id, why);
	c->nr_pairs++;
}

/* Every [pair.ID] of the `pairs` files, after the measured rows. */
static void load_pairs(struct load_ctx *x)
{
	struct scenario s;
	int i, j;

	for (i = 0; i < x->nr_pair_files && !x->failed; i++) {
		scenario_init(&s);
		if (scenario_load(&s, x->pairs[i], x->err)) {
			char msg[sizeof(x->err->msg)];

			snprintf(msg, sizeof(msg), "%s", x->err->msg);
			fail_at(x, x->pairs_line, "pairs: %.900s", msg);
		} else if (!s.nr_pairs) {
			fail_at(x, x->pairs_line, "pairs: %s has no [pair.ID]", x->pairs[i]);
		}
		for (j = 0; j < s.nr_pairs && !x->failed; j++)
			add_pair(x, x->pairs[i], &s.pairs[j]);
		scenario_free(&s);
	}
}

static void names_unique(struct load_ctx *x)
{
	struct calib *c = x->c;
	int i, j;

	for (i = 0; i < c->nr_params; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(c->param[i].name, c->param[j].name))
				fail_at(x, c->param[i].line, "[param.%s] again (first on "
					"line %d)", c->param[i].name, c->param[j].line);
	for (i = 0; i < c->nr_rows; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(c->row[i].e.id, c->row[j].e.id))
				fail_at(x, c->row[i].line, "[row.%s] again (first on line %d)",
					c->row[i].e.id, c->row[j].line);
}

int calib_load(struct calib *c, const char *path, struct scn_error *err)
{
	struct load_ctx x = { .c = c, .err = err };
	const char *slash = strrchr(path, '/');
	int rc;

	memset(c, 0, sizeof(*c));
	c->iterations = CALIB_ITER_DEFAULT;
	snprintf(c->file, sizeof(c->file), "%s", path);
	if (slash)
		snprintf(x.dir, sizeof(x.dir), "%.*s", (int)(slash - path + (slash == path)),
			 path);
	x.f = fopen(path, "r");
	if (!x.f) {
		snprintf(err->msg, sizeof(err->msg), "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = ini_parse_stream(reader, &x, on_pair, &x);
	fclose(x.f);
	if (!x.failed && rc)
		fail_at(&x, rc > 0 ? rc : x.lineno, "malformed line");
	if (!x.failed)
		names_unique(&x);
	if (!x.failed)
		check_all(&x);
	if (!x.failed)
		load_pairs(&x);
	if (!x.failed)
		names_unique(&x);
	return x.failed ? -1 : 0;
}

double calib_value(const struct calib_param *p, double u)
{
	double t = 1 / (1 + exp(-u));

	return p->min * pow(p->max / p->min, t);
}

double calib_coord(const struct calib_param *p, double x)
{
	double span = log(p->max / p->min), t = log(x / p->min) / span;

	t = fmin(fmax(t, 0.001), 0.999);
	return log(t / (1 - t));
}

int64_t calib_round(const struct calib_param *p, double x)
{
	int64_t lo = (int64_t)ceil(p->min), hi = (int64_t)floor(p->max);
	int64_t v = (int64_t)llround(x);

	return v < lo ? lo : v > hi ? hi : v;
}

bool calib_difference(const struct calib_row *r)
{
	return r->e.baseline[0] && !strcmp(r->e.compare, "difference");
}

int64_t calib_key_value(const struct calib_param *p, int k, int64_t v)
{
	return (int64_t)llround((double)p->base[k] * (double)v / CALIB_FACTOR_UNIT);
}

double calib_log_error(const struct calib_row *r, double x, double b)
{
	double num = x, den = r->e.value;

	if (calib_difference(r)) {
		num = x + b;
		den = b + r->e.value;
	}
	if (!(num > 0) || !(den > 0) || !isfinite(num) || !isfinite(den))
		return NAN;
	return log(num / den);
}

double calib_sq_log_error(const struct calib_row *r, double x, double b)
{
	double l = calib_log_error(r, x, b);

	return isnan(l) ? CALIB_MISS : l * l;
}

double calib_band_log(const struct calib_row *r, double b)
{
	double v = calib_difference(r) ? b + r->e.value : r->e.value;
	double half = r->e.tol_abs ? r->e.tol_abs : r->e.tol_rel * fabs(r->e.value);

	if (!(v > 0) || !(half > 0) || !isfinite(v))
		return NAN;
	return log((v + half) / v);
}

double calib_pair_factor(const struct calib_row *r, double x0, double x1)
{
	double f;
	bool ok = scn_change_holds(&r->change, x0, x1, &f);

	if (r->change.dir == SCN_CHANGE_GONE)
		return isnan(x0) || isnan(x1) ? NAN : ok;
	return f;
}

bool calib_pair_holds(const struct calib_row *r, double f)
{
	if (r->change.dir == SCN_CHANGE_GONE)
		return f == 1;
	return f >= r->change.threshold;
}

double calib_term(const struct calib *c, const struct calib_row *r, double x, double b)
{
	double sq, w;

	if (r->pair) {
		if (calib_pair_holds(r, x))
			return 0;
		if (!(x > 0) || r->change.dir == SCN_CHANGE_GONE)
			return 2 * CALIB_MISS;
		return CALIB_MISS * (1 + log(r->change.threshold / x) / log(r->change.threshold));
	}
	sq = calib_sq_log_error(r, x, b);

	if (!c->band_weight || sq == CALIB_MISS)
		return sq;
	w = calib_band_log(r, b);
	return isnan(w) ? CALIB_MISS : sq / (w * w);
}
