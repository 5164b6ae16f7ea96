// SPDX-License-Identifier: MIT
/*
 * nicsim run FILE --report DIR [--compare "S.KEY=VALUE ..."]...
 *
 * Runs the scenario as given (with its --set overrides) and once more per
 * --compare with those overrides added, each traced (--trace, default all
 * probes), then writes the page (src/report). DIR must be new, a report
 * directory nicsim wrote, or (--force) any directory: checked, with --json
 * and every --compare, before anything runs. Everything goes to a
 * temporary directory first and reaches DIR only when complete
 * (run/outpath.h): a failed or killed report leaves any previous DIR as it
 * was, and nothing in DIR that nicsim did not write is touched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "run_opts.h"
#include "run/outpath.h"
#include "report/report.h"

#define MAX_VARIANTS 8

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

/* Every variant loads and checks: a bad --compare costs no run. */
static int check_variants(const struct run_opts *o)
{
	struct scn_error err = { { 0 } };
	int i, rc = 0;

	for (i = 0; i <= o->nr_compare && !rc; i++) {
		const char *extra = i ? o->compare[i - 1] : NULL;
		struct scenario s;

		scenario_init(&s);
		rc = run_load(&s, o, &err) ||
		     (extra && (scenario_set_list(&s, extra, &err) || scenario_check(&s, &err)));
		if (rc)
			fprintf(stderr, "%s%s\n", extra ? "--compare: " : "", err.msg);
		scenario_free(&s);
	}
	return rc;
}

/* DIR, --json and the variants before anything is written. */
static int check_report(const struct run_opts *o)
{
	char msg[512];

	if (o->nr_compare + 1 > MAX_VARIANTS) {
		fprintf(stderr, "nicsim run: at most %d --compare\n", MAX_VARIANTS - 1);
		return -1;
	}
	if (outpath_report_check(o->report, o->force, msg, sizeof(msg))) {
		fprintf(stderr, "nicsim run: --report %s: %s\n", o->report, msg);
		return -1;
	}
	if (o->json && strcmp(o->json, "-") &&
	    run_check_output("run", "--json", o->json, o->json, OUTPATH_JSON, o->force))
		return -1;
	return check_variants(o);
}

int run_report(const struct run_opts *o)
{
	struct report_variant v[MAX_VARIANTS];
	char tmp[OUTPATH_LEN], cmd[4096], msg[OUTPATH_LEN + 512];
	int i, nv = o->nr_compare + 1, rc = 0;

	if (check_report(o))
		return 2;
	if (outpath_report_begin(o->report, tmp, sizeof(tmp), msg, sizeof(msg))) {
		fprintf(stderr, "nicsim run: --report %s: %s\n", o->report, msg);
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
	if (rc) {
		outpath_report_abort(tmp);
		return rc;
	}
	if (outpath_report_publish(tmp, o->report, o->force, msg, sizeof(msg))) {
		fprintf(stderr, "nicsim run: --report %s: %s\n", o->report, msg);
		return 1;
	}
	if (!o->quiet)
		printf("report: %s/index.html\n", o->report);
	return 0;
}
