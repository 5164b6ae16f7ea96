// SPDX-License-Identifier: MIT
/*
 * nicsim sweep FILE [--axis KEY=V1,V2,...|KEY=LO:HI[:STEP]]...
 *                   [--set S.KEY=VALUE]... [--repeat N] [--metric PATH]...
 *                   [-j N] [--force] --out DIR
 *
 * FILE is a scenario, or a sweep file (name ending in .sweep) of
 * "KEY = VALUE" lines: scenario (a path relative to the sweep file), axis,
 * set, metric, repeat; the command line adds to it (--repeat replaces).
 *
 * Contract: every point is checked before anything runs or is written;
 * bad input is reported as "FILE:LINE: why" (or names the option) with
 * exit status 2. Then the points not yet in DIR run (sweep_exec.c) and
 * rank 0 merges all of them (sweep_merge.c). Exit status: 0 merged; 1 a
 * point or the merge failed (the finished points are kept: run the same
 * command again); 2 bad input, or DIR belongs to another sweep (--force
 * starts it over: sweep_dir.c) or is not a sweep directory.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sim/engine/util.h"
#include "cli.h"
#include "sweep.h"

#define LINE_MAX_LEN	4096
#define MAX_JOBS	1024

static void usage(FILE *out)
{
	fprintf(out,
		"usage: nicsim sweep FILE [--axis KEY=V1,V2,...|KEY=LO:HI[:STEP]]...\n"
		"                    [--set S.KEY=VALUE]... [--repeat N] [--metric PATH]...\n"
		"                    [--include FILE] [-j N] [--force] [--report] --out DIR\n"
		"FILE is a scenario (.ini) or a sweep file (.sweep). -j 0 = one worker per\n"
		"CPU. Under mpirun, point i runs on rank i %% size. DIR must be new, empty,\n"
		"or this sweep's (it resumes); --force starts another sweep's DIR over\n"
		"(removing only that sweep's files) or adds this sweep's files to a\n"
		"directory that holds no sweep. With --repeat N > 1 the points run with\n"
		"sim.variation = on (seeded start, wake-up and cost variation, so repeats\n"
		"differ) unless the scenario, a --set or an axis sets sim.variation; each\n"
		"combination's repeats are summarised (n, mean, sd, min, max, 95%% CI of\n"
		"the mean) in DIR/stats/summary.csv; --report adds, per metric that varies,\n"
		"the CDF of each combination's repeats (DIR/stats/cdf-N.svg, then cdf-N-2.svg,\n"
		"... past 16 combinations; gnuplot).\n"
		"See docs/sweep.md.\n"
		"MPI support in this build: %s\n", par_built() ? "yes" : "no");
}

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xcalloc(1, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* ---- building the sweep ------------------------------------------------ */

static void add_set(struct sweep *sw, const char *arg, const char *where)
{
	struct sweep_set *s;

	sw->sets = xrealloc(sw->sets, sizeof(*sw->sets) * (size_t)(sw->nr_sets + 1));
	s = &sw->sets[sw->nr_sets++];
	s->arg = xstrdup(arg);
	s->where = where ? xstrdup(where) : NULL;
}

static int add_axis(struct sweep *sw, const char *spec, const char *where)
{
	struct sweep_axis ax;
	int i;

	if (sweep_axis_parse(&ax, spec, where))
		return -1;
	for (i = 0; i < sw->nr_axes; i++) {
		if (strcmp(sw->axes[i].key, ax.key))
			continue;
		sweep_say("%s: axis %s is already given at %s\n", where, ax.key,
			  sw->axes[i].where);
		sweep_axis_free(&ax);
		return -1;
	}
	sw->axes = xrealloc(sw->axes, sizeof(*sw->axes) * (size_t)(sw->nr_axes + 1));
	sw->axes[sw->nr_axes++] = ax;
	return 0;
}

static void add_metric(struct sweep *sw, const char *path)
{
	sw->metrics = xrealloc(sw->metrics, sizeof(*sw->metrics) * (size_t)(sw->nr_metrics + 1));
	sw->metrics[sw->nr_metrics++] = xstrdup(path);
}

static int parse_count(const char *s, const char *what, int64_t min, int64_t max,
		       const char *where, int *out)
{
	int64_t v;

	if (parse_int(s, min, max, &v)) {
		sweep_say("%s: %s must be an integer from %lld to %lld, not '%s'\n",
			  where, what, (long long)min, (long long)max, s);
		return -1;
	}
	*out = (int)v;
	return 0;
}

static char *trim(char *p)
{
	char *end = p + strlen(p);

	while (isspace((unsigned char)*p))
		p++;
	while (end > p && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return p;
}

/* The scenario named by a sweep file, relative to the sweep file. */
static char *relative_to(const char *file, const char *path)
{
	const char *slash = strrchr(file, '/');

	if (path[0] == '/' || !slash)
		return xstrdup(path);
	return xasprintf("%.*s/%s", (int)(slash - file), file, path);
}

static int sweep_line(struct sweep *sw, const char *file, char *key, char *val,
		      const char *where)
{
	if (!strcmp(key, "scenario")) {
		if (sw->file) {
			sweep_say("%s: scenario is given twice\n", where);
			return -1;
		}
		sw->file = relative_to(file, val);
		return 0;
	}
	if (!strcmp(key, "axis"))
		return add_axis(sw, val, where);
	if (!strcmp(key, "set"))
		add_set(sw, val, where);
	else if (!strcmp(key, "metric"))
		add_metric(sw, val);
	else if (!strcmp(key, "repeat"))
		return parse_count(val, "repeat", 1, SWEEP_MAX_POINTS, where, &sw->repeat);
	else {
		sweep_say("%s: unknown key '%s' (scenario, axis, set, metric, repeat)\n",
			  where, key);
		return -1;
	}
	return 0;
}

static int read_sweep_file(struct sweep *sw, const char *file)
{
	char line[LINE_MAX_LEN], where[LINE_MAX_LEN + 32];
	FILE *f = fopen(file, "r");
	int ln = 0, rc = 0;

	if (!f) {
		sweep_say("nicsim sweep: cannot open %s: %s\n", file, strerror(errno));
		return -1;
	}
	while (!rc && fgets(line, sizeof(line), f)) {
		char *p = trim(line), *eq = strchr(p, '=');

		snprintf(where, sizeof(where), "%s:%d", file, ++ln);
		if (!strchr(line, '\n') && !feof(f) && strlen(line) == sizeof(line) - 1) {
			sweep_say("%s: line too long\n", where);
			rc = -1;
		} else if (!*p || *p == ';' || *p == '#') {
			continue;
		} else if (!eq) {
			sweep_say("%s: expected KEY = VALUE\n", where);
			rc = -1;
		} else {
			*eq = '\0';
			rc = sweep_line(sw, file, trim(p), trim(eq + 1), where);
		}
	}
	fclose(f);
	if (!rc && !sw->file) {
		sweep_say("%s: no 'scenario = FILE' line\n", file);
		rc = -1;
	}
	return rc;
}

static bool is_sweep_file(const char *path)
{
	size_t n = strlen(path);

	return n > 6 && !strcmp(path + n - 6, ".sweep");
}

static const char *const value_opts[] = {
	"--axis", "--set", "--metric", "--repeat", "--out", "-j", "--jobs", "--include", NULL
};

static bool takes_value(const char *a)
{
	int i;

	for (i = 0; value_opts[i]; i++)
		if (!strcmp(a, value_opts[i]))
			return true;
	return false;
}

/* FILE, -j, --out, --repeat; 1 for --help. */
static int parse_simple(struct sweep *sw, int argc, char **argv, const char **file,
			const char **repeat)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			if (!par_rank())
				usage(stdout);
			return 1;
		}
		if (!strcmp(a, "--force")) {
			sw->force = true;
			continue;
		}
		if (!strcmp(a, "--report")) {
			sw->report = true;
			continue;
		}
		if (!strncmp(a, "-j", 2) && a[2]) {
			v = a + 2;
			a = "-j";
		} else if (takes_value(a) && !v) {
			sweep_say("nicsim sweep: %s needs a value\n", a);
			return -1;
		} else if (takes_value(a)) {
			i++;
		} else if (a[0] == '-' && a[1]) {
			sweep_say("nicsim sweep: unknown option '%s' (try nicsim sweep --help)\n", a);
			return -1;
		} else if (*file) {
			sweep_say("nicsim sweep: one scenario or sweep file at a time ('%s')\n", a);
			return -1;
		} else {
			*file = a;
			continue;
		}
		if (!strcmp(a, "--out"))
			sw->out = xstrdup(v);
		else if (!strcmp(a, "--include"))
			sw->include = xstrdup(v);
		else if (!strcmp(a, "--repeat"))
			*repeat = v;
		else if ((!strcmp(a, "-j") || !strcmp(a, "--jobs")) &&
			 parse_count(v, "-j", 0, MAX_JOBS, "nicsim sweep", &sw->jobs))
			return -1;
	}
	return 0;
}

/* --axis, --set, --metric in their order, after the sweep file's. */
static int parse_lists(struct sweep *sw, int argc, char **argv)
{
	int i;

	for (i = 1; i + 1 < argc; i++) {
		const char *a = argv[i], *v = argv[i + 1];
		char *where;
		int rc = 0;

		if (!takes_value(a))
			continue;
		i++;
		if (!strcmp(a, "--set"))
			add_set(sw, v, NULL);
		else if (!strcmp(a, "--metric"))
			add_metric(sw, v);
		if (strcmp(a, "--axis"))
			continue;
		where = xasprintf("--axis %s", v);
		rc = add_axis(sw, v, where);
		free(where);
		if (rc)
			return -1;
	}
	return 0;
}

static int parse_args(struct sweep *sw, int argc, char **argv)
{
	const char *file = NULL, *repeat = NULL;
	int rc = parse_simple(sw, argc, argv, &file, &repeat);

	if (rc)
		return rc;
	if (!file || !sw->out) {
		sweep_say("usage: nicsim sweep FILE [--axis KEY=VALUES]... [--set S.KEY=VALUE]... "
			  "[--repeat N] [--metric PATH]... [-j N] [--force] --out DIR\n");
		return -1;
	}
	if (is_sweep_file(file) ? read_sweep_file(sw, file) : (sw->file = xstrdup(file), 0))
		return -1;
	if (repeat && parse_count(repeat, "--repeat", 1, SWEEP_MAX_POINTS, "nicsim sweep",
				  &sw->repeat))
		return -1;
	if (sw->report && sw->repeat < 2) {
		sweep_say("nicsim sweep: --report draws the CDF of each combination's "
			  "repeats: it needs --repeat N with N > 1\n");
		return -1;
	}
	if (!sw->jobs)
		sw->jobs = (int)MIN(MAX(sysconf(_SC_NPROCESSORS_ONLN), 1), MAX_JOBS);
	return parse_lists(sw, argc, argv);
}

/* ---- checking ---------------------------------------------------------- */

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = NULL;
	size_t n = 0, got;

	if (!f)
		return NULL;
	do {
		s = xrealloc(s, n + 4096 + 1);
		got = fread(s + n, 1, 4096, f);
		n += got;
	} while (got == 4096);
	s[n] = '\0';
	if (ferror(f) || strlen(s) != n) {
		errno = ferror(f) ? EIO : EILSEQ;
		free(s);
		s = NULL;
	}
	fclose(f);
	return s;
}

static int load_base(struct sweep *sw)
{
	struct scn_error err = { { 0 } };
	json_t *utf8;
	int i;

	if (scenario_load(&sw->base, sw->file, &err) ||
	    (sw->include && scenario_include(&sw->base, sw->include, &err)))
		goto fail;
	sw->text = read_text(sw->file);
	if (!sw->text) {
		sweep_say("%s: cannot read it: %s\n", sw->file, strerror(errno));
		return -1;
	}
	sw->include_text = sw->include ? read_text(sw->include) : xstrdup("");
	if (!sw->include_text) {
		sweep_say("%s: cannot read it: %s\n", sw->include, strerror(errno));
		return -1;
	}
	utf8 = json_string(sw->text);
	json_decref(utf8);
	if (!utf8) {
		sweep_say("%s: not UTF-8 text (the manifest keeps it as a string)\n",
			  sw->file);
		return -1;
	}
	/* repeats must differ: seeded variation on, unless the scenario says
	 * (a --set or an axis, applied later, still decide over this) */
	if (sw->repeat > 1 && !scenario_field_given(&sw->base, &sw->base.sim.variation) &&
	    scenario_set(&sw->base, "sim.variation=on", &err))
		goto fail;
	for (i = 0; i < sw->nr_sets; i++) {
		if (!scenario_set(&sw->base, sw->sets[i].arg, &err))
			continue;
		sweep_reword(&err, sw->sets[i].arg, sw->sets[i].where);
		goto fail;
	}
	if (!scenario_check(&sw->base, &err))
		return 0;
	for (i = 0; i < sw->nr_sets; i++)
		sweep_reword(&err, sw->sets[i].arg, sw->sets[i].where);
fail:
	sweep_say("%s\n", err.msg);
	return -1;
}

static int count_points(struct sweep *sw)
{
	long n = sw->repeat;
	int a;

	for (a = 0; a < sw->nr_axes; a++) {
		if (n > SWEEP_MAX_POINTS / sw->axes[a].nr_values) {
			sweep_say("nicsim sweep: more than %ld points\n", SWEEP_MAX_POINTS);
			return -1;
		}
		n *= sw->axes[a].nr_values;
	}
	sw->nr_points = n;
	return 0;
}

/* Every combination of axis values loads and checks (repeats differ only
 * in their seed, which is always valid). */
static int check_points(const struct sweep *sw)
{
	struct scn_error err = { { 0 } };
	long i;

	for (i = 0; i < sw->nr_points; i += sw->repeat) {
		struct scenario s;
		int rc = sweep_point_scenario(sw, i, &s, &err);

		scenario_free(&s);
		if (rc) {
			sweep_say("%s\n", err.msg);
			return -1;
		}
	}
	return 0;
}

/* ---- running ----------------------------------------------------------- */

static int finish(const struct sweep *sw, long run, long before, long failed)
{
	if (failed) {
		fprintf(stderr, "nicsim sweep: %ld of %ld points failed; the finished "
			"ones are kept in %s: run the same command again to retry\n",
			failed, sw->nr_points, sw->out);
		return 1;
	}
	if (sweep_merge(sw))
		return 1;
	sweep_dir_tidy(sw);
	printf("%ld point%s: %ld run now, %ld found done in %s; results in "
	       "%s/results.csv and %s/results.jsonl\n", sw->nr_points,
	       sw->nr_points == 1 ? "" : "s", run, before, sw->out, sw->out, sw->out);
	return 0;
}

static int run(const struct sweep *sw)
{
	long *todo, n = 0, before = 0, failed, i;
	int bad = 0;

	if (par_active() && sw->jobs > 1)
		sweep_say("nicsim sweep: -j is ignored under mpirun: each rank runs "
			  "its points one at a time\n");
	if (!par_rank())
		bad = sweep_dir_prepare(sw);
	if (par_bcast(bad))
		return 2;
	if (par_size() == 1 && sweep_dir_lock(sw))
		return 2;
	todo = xcalloc((size_t)sw->nr_points, sizeof(*todo));
	for (i = par_rank(); i < sw->nr_points; i += par_size()) {
		if (sweep_point_done(sw, i))
			before++;
		else
			todo[n++] = i;
	}
	failed = sweep_exec(sw, todo, n, before);
	free(todo);
	failed = par_sum(failed);	/* also the barrier before the merge */
	n = par_sum(n);
	before = par_sum(before);
	if (par_rank())
		return failed ? 1 : 0;
	return finish(sw, n, before, failed);
}

static void sweep_free(struct sweep *sw)
{
	int i;

	for (i = 0; i < sw->nr_sets; i++) {
		free(sw->sets[i].arg);
		free(sw->sets[i].where);
	}
	for (i = 0; i < sw->nr_axes; i++)
		sweep_axis_free(&sw->axes[i]);
	for (i = 0; i < sw->nr_metrics; i++)
		free(sw->metrics[i]);
	free(sw->sets);
	free(sw->axes);
	free(sw->metrics);
	free(sw->file);
	free(sw->text);
	free(sw->include);
	free(sw->include_text);
	free(sw->out);
	scenario_free(&sw->base);
}

static int sweep_main(struct sweep *sw, int argc, char **argv)
{
	int rc = parse_args(sw, argc, argv);
	bool bad = rc < 0 || (!rc && (load_base(sw) || count_points(sw) ||
				      check_points(sw)));

	/* Ranks see the same input and agree, unless a file is missing on
	 * some host: then every rank must still stop together. */
	if (par_sum(bad)) {
		if (!bad)
			sweep_say("nicsim sweep: another rank cannot load the sweep: "
				  "are its files on a filesystem every rank sees?\n");
		return 2;
	}
	return rc > 0 ? 0 : run(sw);
}

int cmd_sweep(int argc, char **argv)
{
	struct sweep sw = { .repeat = 1, .jobs = 1 };
	int rc;

	if (par_init())
		return 2;
	scenario_init(&sw.base);
	rc = sweep_main(&sw, argc, argv);
	sweep_free(&sw);
	par_finish();
	return rc;
}
