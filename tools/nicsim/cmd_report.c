// SPDX-License-Identifier: MIT
/*
 * nicsim run FILE --report DIR [--compare "S.KEY=VALUE ..."]...
 *
 * Runs the scenario as given (with its --set overrides) and once more per
 * --compare with those overrides added, each traced (--trace, default all
 * probes), then writes the page (src/sim/report). DIR must be new, a report
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
#include "sim/run/outpath.h"
#include "sim/report/report.h"
#include "sim/run/events.h"
#include "sim/engine/util.h"

#define MAX_VARIANTS 8

/* Line `line` of a scenario file: the value after '=', without a comment. */
static void file_value(const char *file, int line, char *buf, size_t len)
{
	FILE *f = fopen(file, "r");
	char *text = NULL, *p, *q;
	size_t cap = 0;
	int n = 0;

	while (f && getline(&text, &cap, f) > 0)
		if (++n == line)
			break;
	if (f && n == line && (p = strchr(text, '='))) {
		for (q = ++p; *q && *q != '\n' && *q != '\r'; q++)
			if ((*q == ';' || *q == '#') && (q[-1] == ' ' || q[-1] == '\t'))
				break;
		while (q > p && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		p += strspn(p, " \t");
		if (q > p)
			snprintf(buf, len, "%.*s", (int)(q - p), p);
	}
	free(text);
	if (f)
		fclose(f);
}

/* One run of the report: its overrides, trace, event log, results and
 * summary. */
static int run_variant(const struct run_opts *o, const char *dir, const char *extra,
		       struct report_variant *v, int idx)
{
	struct scn_error err = { { 0 } };
	struct trace trace = { 0 };
	struct event_log events = { 0 };
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
	snprintf(v->events, sizeof(v->events), "events-%d.csv", idx);
	if (run_load(&s, o, &err) || (extra && scenario_set_list(&s, extra, &err)) ||
	    scenario_check(&s, &err) || world_build(&w, &s, &err)) {
		fprintf(stderr, "%s%s\n", extra ? "--compare: " : "", err.msg);
		goto out;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, v->csv);
	if (run_start_trace(&trace, &w, o, path) || run_start_check(&w, o, &trace))
		goto out;
	events_start(&events, &w);
	if (world_run(&w, NULL, NULL)) {
		fprintf(stderr, "%s%s\n", extra ? "--compare: " : "", w.limit.msg);
		goto out;
	}
	rc = 1;
	events_finish(&events);
	if (trace_finish(&trace)) {
		fprintf(stderr, "nicsim: cannot write %s\n", path);
		goto out;
	}
	trace.f = NULL;
	snprintf(path, sizeof(path), "%s/%s", dir, v->events);
	if (events_write(&events, path)) {
		fprintf(stderr, "nicsim: cannot write %s\n", path);
		goto out;
	}
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
	events_free(&events);
	trace_abort(&trace);
	world_destroy(&w);
	scenario_free(&s);
	return rc;
}

/* The value of KEY in the base run as written: in the scenario file (its
 * line), in a --set, or "default" if neither sets it. The key's field is
 * found by setting it to VALUE on a copy and looking at which origin the
 * copy records (struct scn_origin: the public record of where a field was
 * set). */
static void base_value(const struct scenario *base, const char *key, const char *value,
		       char *buf, size_t len)
{
	struct scenario *c = xcalloc(1, sizeof(*c));
	struct scn_error err = { { 0 } };
	const struct scn_origin *o = NULL;
	char arg[SCN_STR_MAX];
	ptrdiff_t off = -1;
	int i;

	snprintf(buf, len, "default");
	if (snprintf(arg, sizeof(arg), "%s=%s", key, value) >= (int)sizeof(arg)) {
		free(c);	/* no key that long: stays "default" */
		return;
	}
	scenario_copy(c, base);
	if (!scenario_set(c, arg, &err))
		for (i = 0; i < c->nr_origins; i++)
			if (!c->origins[i].line && !strcmp(c->origins[i].text, arg))
				off = (const char *)c->origins[i].field - (const char *)c;
	for (i = 0; off >= 0 && i < base->nr_origins; i++)
		if ((const char *)base->origins[i].field - (const char *)base == off)
			o = &base->origins[i];
	if (o && !o->line)
		snprintf(buf, len, "%s", strchr(o->text, '=') ? strchr(o->text, '=') + 1 : o->text);
	else if (o)
		file_value(o->file, o->line, buf, len);
	scenario_free(c);
	free(c);
}

/* The overrides of a --compare: "K=V K=V" into keys[] and values[]. */
static int split_sets(const char *list, char keys[][SCN_STR_MAX], char vals[][SCN_STR_MAX],
		      int max)
{
	int n = 0;

	while (*(list += strspn(list, " \t")) && n < max) {
		size_t l = strcspn(list, " \t"), k = strcspn(list, "=");

		if (k > l)
			k = l;
		snprintf(keys[n], SCN_STR_MAX, "%.*s", (int)k, list);
		snprintf(vals[n], SCN_STR_MAX, "%.*s", k < l ? (int)(l - k - 1) : 0,
			 list + k + (k < l));
		n++;
		list += l;
	}
	return n;
}

/* KEY's shortest dotted suffix that no other compared key ends with. */
static const char *short_key(const char *key, char keys[][SCN_STR_MAX], int n)
{
	const char *s = key + strlen(key);
	int i;

	while (s > key) {
		bool unique = true;

		while (s > key && s[-1] != '.')
			s--;
		for (i = 0; i < n && unique; i++) {
			size_t kl = strlen(keys[i]), sl = strlen(s);

			if (strcmp(keys[i], key) && kl >= sl && !strcmp(keys[i] + kl - sl, s) &&
			    (kl == sl || keys[i][kl - sl - 1] == '.'))
				unique = false;
		}
		if (unique)
			return s;
		s--;
	}
	return key;
}

#define MAX_KEYS 16

/* The run in words for legends: every key any --compare sets, with its
 * value in this run ("tx-frames 16" for the base, "tx-frames 1" for
 * --compare host.dut.ethtool.tx-frames=1). Empty with no --compare. */
static void variant_words(const struct run_opts *o, const char *extra, struct report_variant *v)
{
	static char keys[MAX_KEYS][SCN_STR_MAX], vals[MAX_KEYS][SCN_STR_MAX];
	static char mk[MAX_KEYS][SCN_STR_MAX], mv[MAX_KEYS][SCN_STR_MAX];
	struct scn_error err = { { 0 } };
	struct scenario *base = NULL;
	int nk = 0, i, j, k, n;
	size_t w = 0;

	v->words[0] = 0;
	for (i = 0; i < o->nr_compare; i++) {	/* the union of the keys */
		n = split_sets(o->compare[i], mk, mv, MAX_KEYS);
		for (j = 0; j < n; j++) {
			for (k = 0; k < nk && strcmp(keys[k], mk[j]); k++)
				;
			if (k == nk && nk < MAX_KEYS) {
				strscpy(keys[nk], mk[j], SCN_STR_MAX);
				strscpy(vals[nk++], mv[j], SCN_STR_MAX);
			}
		}
	}
	n = extra ? split_sets(extra, mk, mv, MAX_KEYS) : 0;
	for (k = 0; k < nk; k++) {
		char val[SCN_STR_MAX] = "";

		for (j = 0; j < n; j++)
			if (!strcmp(mk[j], keys[k]))
				strscpy(val, mv[j], sizeof(val));
		if (!val[0]) {
			if (!base) {
				base = xcalloc(1, sizeof(*base));
				scenario_init(base);
				if (run_load(base, o, &err))
					break;
			}
			base_value(base, keys[k], vals[k], val, sizeof(val));
		}
		w += (size_t)snprintf(v->words + w, w < sizeof(v->words) ? sizeof(v->words) - w : 0,
				      "%s%s %s", w ? ", " : "", short_key(keys[k], keys, nk), val);
	}
	if (base) {
		scenario_free(base);
		free(base);
	}
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
	variant_words(o, extra, v);
}

static void command_line(const struct run_opts *o, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "nicsim run %s", o->file);
	int i;

	if (o->include && n < len)
		n += (size_t)snprintf(buf + n, len - n, " --include %s", o->include);
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
	if (!rc && report_page(tmp, o->file, o->include, cmd, v, nv, msg, sizeof(msg))) {
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
