// SPDX-License-Identifier: MIT
/*
 * Merging a sweep's point files, in point order, into
 *   DIR/results.jsonl  the point files' lines, one per point
 *   DIR/results.csv    a header, then one row per point: the axis values,
 *                      repeat, seed and sim.variation (only with
 *                      --repeat > 1; sim.variation unless it is an axis),
 *                      metrics
 *   DIR/stats/summary.csv  with --repeat > 1: per combination of axis
 *                      values and metric, the statistics of its repeats'
 *                      numeric cells (src/sim/run/stats.h)
 * and a summary on stdout: the rows (the first TABLE_ROWS) with the axis
 * columns and the metrics that vary from point to point, each headed by
 * its path's last part where that is unambiguous, then the metrics that
 * do not vary, once each.
 *
 * Contract: the output is a function of the point files alone (no time,
 * host or process count in it), so a sweep resumed after a kill -9, or
 * run with any -j or number of MPI ranks, writes the same bytes. Without
 * --metric the metrics are every key directly under each apps.NAME object
 * of point 0's results whose value is a number, true/false or null, in
 * the results' order. A cell is empty for null or a missing path, 1/0 for
 * true/false, the number as the JSON writes it, a string as is, compact
 * JSON for an object or array; CSV quoting as in RFC 4180.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/engine/util.h"
#include <math.h>
#include <sys/stat.h>
#include "sim/report/plot.h"
#include "sim/run/stats.h"
#include "sim/run/world.h"
#include "sweep.h"

#define TABLE_ROWS	200
#define PATH_LEN	4096
#define CI_LEVEL	0.95

struct merge {
	int	nr_cols, first_metric;	/* metrics are columns first_metric.. */
	char	**head;
	char	**row0;			/* point 0's cells */
	bool	*varies, *found;
	long	nr_shown;
	char	**shown;		/* TABLE_ROWS rows of nr_cols cells */
	/* the repeats' statistics: the current combination's numeric cells
	 * (repeat values per metric, nv of them), and the first TABLE_ROWS
	 * combinations' summaries for the table */
	long	nrep;
	double	*vals;
	long	*nv;
	long	nr_sum;
	struct stats_summary *sum;	/* TABLE_ROWS x metrics */
	FILE	*cdf;			/* --report: stats/cdf.dat, or NULL */
};

/* The metrics' count, and is sim.variation a column of its own? */
static int nr_metrics(const struct merge *m)
{
	return m->nr_cols - m->first_metric;
}

static bool variation_col(const struct sweep *sw)
{
	int a;

	if (sw->repeat < 2)
		return false;
	for (a = 0; a < sw->nr_axes; a++)
		if (!strcmp(sw->axes[a].key, "sim.variation"))
			return false;
	return true;
}

/* Point i's record, and its line as read (for results.jsonl). */
static json_t *load_point(const struct sweep *sw, long i, char **line, size_t *len)
{
	char path[PATH_LEN];
	json_error_t jerr;
	json_t *rec = NULL, *n;
	FILE *f;

	sweep_point_path(sw, i, path, sizeof(path));
	*line = NULL;
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "nicsim sweep: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	if (getline(line, len, f) > 0)
		rec = json_loads(*line, 0, &jerr);
	fclose(f);
	*len = *line ? strlen(*line) : 0;
	n = json_object_get(rec, "point");
	if (rec && json_is_integer(n) && json_integer_value(n) == i)
		return rec;
	fprintf(stderr, "nicsim sweep: %s is not point %ld's record; remove it "
		"and run the sweep again\n", path, i);
	json_decref(rec);
	return NULL;
}

static void add_col(struct merge *m, const char *name)
{
	m->head = xrealloc(m->head, sizeof(*m->head) * (size_t)(m->nr_cols + 1));
	m->head[m->nr_cols++] = xstrdup(name);
}

static void default_metrics(struct merge *m, json_t *results)
{
	json_t *apps = json_object_get(results, "apps"), *app, *v;
	const char *name, *key;
	char path[PATH_LEN];

	json_object_foreach(apps, name, app) {
		json_object_foreach(app, key, v) {
			if (!json_is_number(v) && !json_is_boolean(v) && !json_is_null(v))
				continue;
			snprintf(path, sizeof(path), "apps.%s.%s", name, key);
			add_col(m, path);
		}
	}
}

static void columns(struct merge *m, const struct sweep *sw, json_t *rec0)
{
	int i;

	for (i = 0; i < sw->nr_axes; i++)
		add_col(m, sw->axes[i].key);
	if (sw->repeat > 1) {
		add_col(m, "repeat");
		add_col(m, "seed");
	}
	if (variation_col(sw))
		add_col(m, "sim.variation");
	m->first_metric = m->nr_cols;
	if (sw->nr_metrics)
		for (i = 0; i < sw->nr_metrics; i++)
			add_col(m, sw->metrics[i]);
	else
		default_metrics(m, json_object_get(rec0, "results"));
	m->row0 = xcalloc((size_t)m->nr_cols, sizeof(*m->row0));
	m->varies = xcalloc((size_t)m->nr_cols, sizeof(*m->varies));
	m->found = xcalloc((size_t)m->nr_cols, sizeof(*m->found));
	m->shown = xcalloc((size_t)m->nr_cols * TABLE_ROWS, sizeof(*m->shown));
	m->nrep = sw->repeat;
	m->vals = xcalloc((size_t)MAX(nr_metrics(m), 1) * (size_t)sw->repeat, sizeof(*m->vals));
	m->nv = xcalloc((size_t)MAX(nr_metrics(m), 1), sizeof(*m->nv));
	m->sum = xcalloc((size_t)MAX(nr_metrics(m), 1) * TABLE_ROWS, sizeof(*m->sum));
}

static char *cell(json_t *v)
{
	char buf[64];

	if (!v || json_is_null(v))
		return xstrdup("");
	if (json_is_boolean(v))
		return xstrdup(json_is_true(v) ? "1" : "0");
	if (json_is_string(v))
		return xstrdup(json_string_value(v));
	if (json_is_integer(v)) {
		snprintf(buf, sizeof(buf), "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return xstrdup(buf);
	}
	return json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_PRESERVE_ORDER |
			  JSON_REAL_PRECISION(12));
}

static void csv_field(FILE *f, const char *s, bool last)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
	} else {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	}
	fputc(last ? '\n' : ',', f);
}

/* Point i's cells, in column order. */
static void row_cells(const struct merge *m, const struct sweep *sw, long i,
		      json_t *rec, char **row)
{
	json_t *res = json_object_get(rec, "results");
	int c = 0, a;

	for (a = 0; a < sw->nr_axes; a++)
		row[c++] = xstrdup(sw->axes[a].values[sweep_point_value(sw, i, a)]);
	if (sw->repeat > 1) {
		row[c++] = cell(json_object_get(rec, "repeat"));
		row[c++] = cell(json_object_get(rec, "seed"));
	}
	if (variation_col(sw))	/* the base's: only axes differ between points */
		row[c++] = xstrdup(sw->base.sim.variation);
	for (; c < m->nr_cols; c++)
		row[c] = cell(json_path(res, m->head[c]));
}

static void add_row(struct merge *m, long i, json_t *rec, char **row, FILE *csv)
{
	int c;

	for (c = 0; c < m->nr_cols; c++) {
		csv_field(csv, row[c], c == m->nr_cols - 1);
		if (c >= m->first_metric && json_path(json_object_get(rec, "results"), m->head[c]))
			m->found[c] = true;
		if (!i)
			m->row0[c] = xstrdup(row[c]);
		else if (strcmp(m->row0[c], row[c]))
			m->varies[c] = true;
		if (i < TABLE_ROWS)
			m->shown[i * m->nr_cols + c] = row[c];
		else
			free(row[c]);
	}
	if (i < TABLE_ROWS)
		m->nr_shown = i + 1;
}

static const char *last_part(const char *s)
{
	const char *dot = strrchr(s, '.');

	return dot ? dot + 1 : s;
}

/* A column's name in the table: the path's last part, unless another
 * column's ends the same; then the path without "apps." or "host.". */
static const char *short_name(const struct merge *m, int c)
{
	const char *s = m->head[c];
	int k;

	for (k = 0; k < m->nr_cols; k++)
		if (k != c && !strcmp(last_part(m->head[k]), last_part(s)))
			break;
	if (k == m->nr_cols)
		return last_part(s);
	if (!strncmp(s, "apps.", 5) || !strncmp(s, "host.", 5))
		return s + 5;
	return s;
}

static bool in_table(const struct merge *m, int c)
{
	return c < m->first_metric || m->varies[c];
}

static void print_table(const struct merge *m, const struct sweep *sw)
{
	int *w = xcalloc((size_t)m->nr_cols, sizeof(*w)), c;
	long i;

	for (c = 0; c < m->nr_cols; c++) {
		w[c] = (int)strlen(short_name(m, c));
		for (i = 0; i < m->nr_shown; i++)
			w[c] = MAX(w[c], (int)strlen(m->shown[i * m->nr_cols + c]));
	}
	for (i = -1; i < m->nr_shown; i++) {
		const char *sep = "";

		for (c = 0; c < m->nr_cols; c++) {
			const char *s = i < 0 ? short_name(m, c) :
					m->shown[i * m->nr_cols + c];

			if (!in_table(m, c))
				continue;
			printf("%s%*s", sep, w[c], *s ? s : "-");
			sep = "  ";
		}
		putchar('\n');
	}
	if (sw->nr_points > m->nr_shown)
		printf("(%ld more rows in %s/results.csv)\n", sw->nr_points - m->nr_shown, sw->out);
	for (c = m->first_metric; c < m->nr_cols; c++)
		if (!m->varies[c] && sw->nr_points > 1)
			printf("same in every point: %s = %s\n", m->head[c],
			       *m->row0[c] ? m->row0[c] : "-");
	free(w);
}

/* ---- the repeats' statistics ------------------------------------------- */

/* Keep point i's numeric metric cells for its combination's statistics. */
static void keep_values(struct merge *m, char **row)
{
	int k;

	for (k = 0; k < nr_metrics(m); k++) {
		const char *s = row[m->first_metric + k];
		char *end;
		double v = strtod(s, &end);

		if (*s && !*end && isfinite(v))
			m->vals[k * m->nrep + m->nv[k]++] = v;
	}
}

static void num(FILE *f, double v, bool last)
{
	char buf[64] = "";

	if (!isnan(v))
		snprintf(buf, sizeof(buf), "%.12g", v);
	csv_field(f, buf, last);
}

static void summary_head(const struct sweep *sw, FILE *f)
{
	static const char *const cols[] = {
		"metric", "n", "mean", "sd", "min", "max", "ci95_lo", "ci95_hi"
	};
	size_t k;
	int a;

	for (a = 0; a < sw->nr_axes; a++)
		csv_field(f, sw->axes[a].key, false);
	if (variation_col(sw))
		csv_field(f, "sim.variation", false);
	for (k = 0; k < ARRAY_SIZE(cols); k++)
		csv_field(f, cols[k], k + 1 == ARRAY_SIZE(cols));
}

/* The combination ending at point i: a row per metric. */
static void summary_rows(struct merge *m, const struct sweep *sw, long i, FILE *f)
{
	long combo = i / sw->repeat;
	struct stats_summary st;
	int k, a;

	for (k = 0; k < nr_metrics(m); k++) {
		stats_summarize(m->vals + (size_t)k * (size_t)sw->repeat, (size_t)m->nv[k],
				CI_LEVEL, &st);
		if (combo < TABLE_ROWS)
			m->sum[combo * nr_metrics(m) + k] = st;
		for (a = 0; a < sw->nr_axes; a++)
			csv_field(f, sw->axes[a].values[sweep_point_value(sw, i, a)], false);
		if (variation_col(sw))
			csv_field(f, sw->base.sim.variation, false);
		csv_field(f, m->head[m->first_metric + k], false);
		fprintf(f, "%zu,", st.n);
		num(f, st.mean, false);
		num(f, st.sd, false);
		num(f, st.min, false);
		num(f, st.max, false);
		num(f, st.ci_lo, false);
		num(f, st.ci_hi, true);
	}
	if (combo < TABLE_ROWS)
		m->nr_sum = combo + 1;
}

/* --report: the combination's repeats of each metric, sorted, as a CDF
 * block of stats/cdf.dat (block combo x metrics + k; empty if no value). */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void cdf_blocks(struct merge *m)
{
	long j;
	int k;

	for (k = 0; k < nr_metrics(m); k++) {
		double *v = m->vals + k * m->nrep;

		qsort(v, (size_t)m->nv[k], sizeof(*v), cmp_double);
		if (m->nv[k])
			fprintf(m->cdf, "%.12g 0\n", v[0]);
		for (j = 0; j < m->nv[k]; j++)
			fprintf(m->cdf, "%.12g %.12g\n", v[j], (double)(j + 1) / (double)m->nv[k]);
		if (!m->nv[k])
			fputs("nan nan\n", m->cdf);
		fputs("\n\n", m->cdf);
	}
}

/* A combination in words: "qdisc fq_codel, parallel 8". */
static void combo_words(const struct merge *m, const struct sweep *sw, long combo,
			char *buf, size_t len)
{
	size_t o = 0;
	int a;

	buf[0] = '\0';
	for (a = 0; a < sw->nr_axes && o < len; a++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s %s", a ? ", " : "",
				      short_name(m, a),
				      sw->axes[a].values[sweep_point_value(sw, combo * sw->repeat, a)]);
	if (!sw->nr_axes)
		snprintf(buf, len, "all repeats");
}

static void gp_quoted(FILE *gp, const char *s)
{
	fputc('\'', gp);
	for (; *s; s++)
		fputc(*s == '\'' || *s == '\n' ? '"' : *s, gp);
	fputc('\'', gp);
}

#define CDF_PER_PLOT	16

/* One CDF plot of metric k: combinations first .. first + n - 1, written
 * to cdf-K.EXT for the first page and cdf-K-P.EXT for page P >= 2. */
static void cdf_page(const struct merge *m, const struct sweep *sw, FILE *gp, int k,
		     long first, long n, long combos)
{
	static const char *const colours[] = {
		"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
		"#000000", "#8c564b",
	};
	static const char *const term[][2] = {
		{ "svg size 960,420 dynamic noenhanced font 'DejaVu Sans,11' background '#ffffff'", "svg" },
		{ "pngcairo size 960,420 noenhanced font 'DejaVu Sans,10'", "png" },
	};
	long page = first / CDF_PER_PLOT + 1, c;
	char words[512], name[64];
	int t;

	if (page == 1)
		snprintf(name, sizeof(name), "cdf-%d", k);
	else
		snprintf(name, sizeof(name), "cdf-%d-%ld", k, page);
	for (t = 0; t < 2; t++) {
		fprintf(gp, "\nreset\nset terminal %s\nset output '%s.%s'\n", term[t][0], name,
			term[t][1]);
		fputs("set grid\nset key outside right top\nset yrange [0:1]\n"
		      "set ylabel 'fraction of repeats'\nset xlabel ", gp);
		gp_quoted(gp, m->head[m->first_metric + k]);
		fprintf(gp, "\nset title 'CDF over the %d repeats of each combination", sw->repeat);
		if (combos > CDF_PER_PLOT)
			fprintf(gp, " (%ld to %ld of %ld)", first + 1, first + n, combos);
		fputs("' font ',13'\nplot ", gp);
		for (c = first; c < first + n; c++) {
			long i = c - first;

			combo_words(m, sw, c, words, sizeof(words));
			fprintf(gp, "%s'cdf.dat' index %ld using 1:2 with steps lw 2 "
				"lc rgb '%s' dt %ld title ", i ? ", \\\n     " : "",
				c * nr_metrics(m) + k, colours[i % 8], i / 8 + 1);
			gp_quoted(gp, words);
		}
		fputc('\n', gp);
	}
}

/* stats/cdf.gp: per metric that varies, one step CDF per combination,
 * CDF_PER_PLOT combinations a plot (cdf-K, then cdf-K-2, cdf-K-3, ...),
 * the combination's axis values as legend. */
static void cdf_script(const struct merge *m, const struct sweep *sw, FILE *gp)
{
	long combos = sw->nr_points / sw->repeat, first;
	int k;

	fputs("# nicsim sweep: per metric, the CDF of each combination's repeats "
	      "(gnuplot cdf.gp; data in cdf.dat)\n", gp);
	for (k = 0; k < nr_metrics(m); k++) {
		if (!m->varies[m->first_metric + k])
			continue;
		for (first = 0; first < combos; first += CDF_PER_PLOT)
			cdf_page(m, sw, gp, k, first, MIN(combos - first, CDF_PER_PLOT), combos);
	}
}

/* Write stats/cdf.gp and run gnuplot; a failure is a warning. */
static void cdf_plots(const struct merge *m, const struct sweep *sw)
{
	char path[PATH_LEN], msg[256];
	FILE *gp;

	snprintf(path, sizeof(path), "%s/stats/cdf.gp", sw->out);
	gp = fopen(path, "w");
	if (!gp) {
		fprintf(stderr, "nicsim sweep: warning: cannot write %s\n", path);
		return;
	}
	cdf_script(m, sw, gp);
	snprintf(path, sizeof(path), "%s/stats", sw->out);
	if (fclose(gp) || plot_gnuplot(path, "cdf.gp", msg, sizeof(msg)))
		fprintf(stderr, "nicsim sweep: warning: no CDF plots: %s\n", msg);
}

static void tnum(char *buf, size_t len, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.6g", v);
}

/* The statistics of the metrics that vary, per combination. */
static void print_summary(const struct merge *m, const struct sweep *sw)
{
	static const char *const st_head[] = { "n", "mean", "sd", "min", "max",
					       "ci95_lo", "ci95_hi" };
	char cells[16][32];
	long combo;
	int k, a, c;

	printf("over the %d repeats of each combination (sample sd, 95%% confidence "
	       "interval of the mean by Student's t; all metrics in %s/stats/summary.csv):\n",
	       sw->repeat, sw->out);
	for (a = 0; a < sw->nr_axes; a++)
		printf("%12s  ", short_name(m, a));
	printf("%-24s", "metric");
	for (c = 0; c < 7; c++)
		printf("  %10s", st_head[c]);
	putchar('\n');
	for (combo = 0; combo < m->nr_sum; combo++) {
		for (k = 0; k < nr_metrics(m); k++) {
			const struct stats_summary *st = &m->sum[combo * nr_metrics(m) + k];
			const double v[6] = { st->mean, st->sd, st->min, st->max,
					      st->ci_lo, st->ci_hi };

			if (!m->varies[m->first_metric + k])
				continue;
			for (a = 0; a < sw->nr_axes; a++)
				printf("%12s  ", sw->axes[a].values[sweep_point_value(
					sw, combo * sw->repeat, a)]);
			printf("%-24s  %10zu", short_name(m, m->first_metric + k), st->n);
			for (c = 0; c < 6; c++) {
				tnum(cells[c], sizeof(cells[c]), v[c]);
				printf("  %10s", cells[c]);
			}
			putchar('\n');
		}
	}
	if (sw->nr_points / sw->repeat > m->nr_sum)
		printf("(%ld more combinations in %s/stats/summary.csv)\n",
		       sw->nr_points / sw->repeat - m->nr_sum, sw->out);
}

static void merge_free(struct merge *m)
{
	int c;
	long i;

	for (i = 0; i < m->nr_shown * m->nr_cols; i++)
		free(m->shown[i]);
	for (c = 0; c < m->nr_cols; c++) {
		free(m->head[c]);
		free(m->row0 ? m->row0[c] : NULL);
	}
	free(m->head);
	free(m->row0);
	free(m->varies);
	free(m->found);
	free(m->shown);
	free(m->vals);
	free(m->nv);
	free(m->sum);
}

/* Every point into the two streams; 0, or -1 when a point is unreadable. */
static int merge_points(struct merge *m, const struct sweep *sw, FILE *jsonl, FILE *csv,
			FILE *sum)
{
	char **row = NULL, *line;
	size_t len;
	long i;
	int c;

	for (i = 0; i < sw->nr_points; i++) {
		json_t *rec = load_point(sw, i, &line, &len);

		if (!rec) {
			free(line);
			free(row);
			return -1;
		}
		if (!i) {
			columns(m, sw, rec);
			for (c = 0; c < m->nr_cols; c++)
				csv_field(csv, m->head[c], c == m->nr_cols - 1);
			row = xcalloc((size_t)m->nr_cols, sizeof(*row));
			if (sum)
				summary_head(sw, sum);
		}
		fwrite(line, 1, len, jsonl);
		row_cells(m, sw, i, rec, row);
		if (sum)
			keep_values(m, row);
		add_row(m, i, rec, row, csv);
		if (sum && i % sw->repeat == sw->repeat - 1) {
			summary_rows(m, sw, i, sum);
			if (m->cdf)
				cdf_blocks(m);	/* sorts: after the statistics */
			memset(m->nv, 0, sizeof(*m->nv) * (size_t)MAX(nr_metrics(m), 1));
		}
		json_decref(rec);
		free(line);
	}
	free(row);
	return 0;
}

static void discard(FILE *f, const char *tmp)
{
	if (!f)
		return;
	fclose(f);
	remove(tmp);
}

/* DIR/stats/summary.csv's temporary, with --repeat > 1; else NULL. */
static FILE *summary_open(const struct sweep *sw, char *path, char *tmp, size_t len,
			  bool *bad)
{
	snprintf(path, len, "%s/stats", sw->out);
	*bad = false;
	if (sw->repeat < 2)
		return NULL;
	if (mkdir(path, 0777) && errno != EEXIST) {
		fprintf(stderr, "nicsim sweep: %s: %s\n", path, strerror(errno));
		*bad = true;
		return NULL;
	}
	snprintf(path, len, "%s/stats/summary.csv", sw->out);
	return sweep_atomic_open(path, tmp, len);
}

int sweep_merge(const struct sweep *sw)
{
	char pj[PATH_LEN], pc[PATH_LEN], tj[PATH_LEN], tc[PATH_LEN];
	char ps[PATH_LEN], ts[PATH_LEN], pd[PATH_LEN], td[PATH_LEN];
	struct merge m = { 0 };
	FILE *jsonl, *csv = NULL, *sum = NULL;
	bool bad = false;
	int rc = -1, c;

	snprintf(pj, sizeof(pj), "%s/results.jsonl", sw->out);
	snprintf(pc, sizeof(pc), "%s/results.csv", sw->out);
	jsonl = sweep_atomic_open(pj, tj, sizeof(tj));
	if (jsonl)
		csv = sweep_atomic_open(pc, tc, sizeof(tc));
	if (csv)
		sum = summary_open(sw, ps, ts, sizeof(ps), &bad);
	if (sum && sw->report) {
		snprintf(pd, sizeof(pd), "%s/stats/cdf.dat", sw->out);
		m.cdf = sweep_atomic_open(pd, td, sizeof(td));
		bad = !m.cdf;
	}
	if (!csv || bad || (sw->repeat > 1 && !sum) ||
	    merge_points(&m, sw, jsonl, csv, sum)) {
		discard(jsonl, tj);
		discard(csv, tc);
		discard(sum, ts);
		discard(m.cdf, td);
		m.cdf = NULL;
		goto out;
	}
	if (sweep_atomic_commit(jsonl, tj, pj)) {
		discard(csv, tc);
		discard(sum, ts);
		discard(m.cdf, td);
		m.cdf = NULL;
		goto out;
	}
	if (sweep_atomic_commit(csv, tc, pc)) {
		discard(sum, ts);
		discard(m.cdf, td);
		m.cdf = NULL;
		goto out;
	}
	if (sum && sweep_atomic_commit(sum, ts, ps)) {
		discard(m.cdf, td);
		m.cdf = NULL;
		goto out;
	}
	if (m.cdf && sweep_atomic_commit(m.cdf, td, pd))
		goto out;
	m.cdf = NULL;
	for (c = m.first_metric; c < m.nr_cols; c++)
		if (!m.found[c])
			fprintf(stderr, "nicsim sweep: warning: metric %s is in no "
				"point's results (docs/results.md)\n", m.head[c]);
	print_table(&m, sw);
	if (sw->repeat > 1)
		print_summary(&m, sw);
	if (sw->repeat > 1 && sw->report)
		cdf_plots(&m, sw);
	rc = 0;
out:
	merge_free(&m);
	return rc;
}
