// SPDX-License-Identifier: MIT
/*
 * nicsim run FILE --report DIR [--compare "S.KEY=VALUE ..."]...
 *
 * Runs the scenario as given (with its --set overrides) and once more per
 * --compare with those overrides added, each traced (--trace, default all
 * probes), then writes the page (src/report). Everything goes to DIR.partial
 * first and replaces DIR only when complete: a failed or killed report
 * leaves any previous DIR as it was.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "run_opts.h"
#include "report/report.h"

#define MAX_VARIANTS 8

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

static void rm_tree(const char *path)
{
	nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* One run of the report: its overrides, trace, results and summary. */
static int run_variant(const struct run_opts *o, const char *dir, const char *extra,
		       struct report_variant *v, int idx)
{
	struct scn_error err = { { 0 } };
	struct trace trace = { 0 };
	struct scenario s;
	struct world w;
	char path[4200];
	json_t *res;
	FILE *f;
	int rc = 2;

	memset(&w, 0, sizeof(w));
	scenario_init(&s);
	snprintf(v->csv, sizeof(v->csv), "trace-%d.csv", idx);
	snprintf(v->json, sizeof(v->json), "results-%d.json", idx);
	snprintf(v->summary, sizeof(v->summary), "summary-%d.txt", idx);
	if (run_load(&s, o, &err) || (extra && scenario_set_list(&s, extra, &err)) ||
	    scenario_check(&s, &err) || world_build(&w, &s, &err)) {
		fprintf(stderr, "%s%s\n", extra ? "--compare: " : "", err.msg);
		goto out;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, v->csv);
	if (run_start_trace(&trace, &w, o, path) || run_start_check(&w, o, &trace))
		goto out;
	if (world_run(&w, NULL, NULL)) {
		fprintf(stderr, "%s%s\n", extra ? "--compare: " : "", w.limit.msg);
		goto out;
	}
	rc = 1;
	if (trace_finish(&trace)) {
		fprintf(stderr, "nicsim: cannot write %s\n", path);
		goto out;
	}
	trace.f = NULL;
	snprintf(path, sizeof(path), "%s/%s", dir, v->summary);
	f = fopen(path, "w");
	if (!f)
		goto out;
	world_summary(&w, f);
	if (fclose(f))
		goto out;
	if (!o->quiet && !idx)
		world_summary(&w, stdout);
	res = world_results(&w);
	snprintf(path, sizeof(path), "%s/%s", dir, v->json);
	rc = run_write_json(res, path) ? 1 : 0;
	if (!rc && !idx && o->json)
		rc = run_write_json(res, o->json) ? 1 : 0;
	json_decref(res);
out:
	trace_abort(&trace);
	world_destroy(&w);
	scenario_free(&s);
	return rc;
}

static void describe(const struct run_opts *o, const char *extra, struct report_variant *v)
{
	size_t n = 0;
	int i;

	v->sets[0] = 0;
	for (i = 0; i < o->nr_sets; i++)
		n += (size_t)snprintf(v->sets + n, n < sizeof(v->sets) ? sizeof(v->sets) - n : 0,
				      "%s%s", n ? " " : "", o->sets[i]);
	if (extra && n < sizeof(v->sets))
		snprintf(v->sets + n, sizeof(v->sets) - n, "%s%s", n ? " " : "", extra);
	snprintf(v->label, sizeof(v->label), "%s", extra ? extra : "as written");
}

static void command_line(const struct run_opts *o, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "nicsim run %s", o->file);
	int i;

	for (i = 0; i < o->nr_sets && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, " --set %s", o->sets[i]);
	for (i = 0; i < o->nr_compare && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, " --compare '%s'", o->compare[i]);
	if (o->trace && n < len)
		n += (size_t)snprintf(buf + n, len - n, " --trace '%s'", o->trace);
	if (o->trace_every && n < len)
		snprintf(buf + n, len - n, " --trace-every %s", o->trace_every);
}

/* DIR.partial complete: put it in DIR's place. */
static int replace_dir(const char *tmp, const char *dir)
{
	char old[4200];

	snprintf(old, sizeof(old), "%s.old", dir);
	rm_tree(old);
	if (rename(dir, old) && errno != ENOENT)
		return -1;
	if (rename(tmp, dir))
		return -1;
	rm_tree(old);
	return 0;
}

int run_report(const struct run_opts *o)
{
	struct report_variant v[MAX_VARIANTS];
	char tmp[4200], cmd[4096], msg[512];
	int i, nv = o->nr_compare + 1, rc = 0;

	if (nv > MAX_VARIANTS) {
		fprintf(stderr, "nicsim run: at most %d --compare\n", MAX_VARIANTS - 1);
		return 2;
	}
	snprintf(tmp, sizeof(tmp), "%s.partial", o->report);
	rm_tree(tmp);
	if (mkdir(tmp, 0777)) {
		fprintf(stderr, "nicsim run: --report: cannot create %s: %s\n", tmp, strerror(errno));
		return 1;
	}
	for (i = 0; i < nv && !rc; i++) {
		const char *extra = i ? o->compare[i - 1] : NULL;

		describe(o, extra, &v[i]);
		rc = run_variant(o, tmp, extra, &v[i], i);
	}
	command_line(o, cmd, sizeof(cmd));
	if (!rc && report_page(tmp, o->file, cmd, v, nv, msg, sizeof(msg))) {
		fprintf(stderr, "nicsim: %s\n", msg);
		rc = 1;
	}
	if (!rc && replace_dir(tmp, o->report)) {
		fprintf(stderr, "nicsim: cannot move %s to %s: %s\n", tmp, o->report, strerror(errno));
		rc = 1;
	}
	if (rc) {
		rm_tree(tmp);
		return rc;
	}
	if (!o->quiet)
		printf("report: %s/index.html\n", o->report);
	return 0;
}
