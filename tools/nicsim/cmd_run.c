// SPDX-License-Identifier: MIT
/* nicsim run: load, override, check, build, run, report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "sim/run/world.h"
#include "sim/run/trace.h"
#include "sim/run/probe.h"
#include "sim/run/check.h"
#include "sim/run/outpath.h"
#include "run_opts.h"
#include "explain_run.h"


/* The field an option with a value fills; NULL if a is not one. */
static const char **opt_value(const char *a, struct run_opts *o)
{
	const struct { const char *name; const char **field; } opts[] = {
		{ "--json", &o->json },
		{ "--pcap", &o->pcap }, { "--pcap-merged", &o->pcap_merged },
		{ "--seed", &o->seed }, { "--include", &o->include },
		{ "--trace", &o->trace }, { "--trace-out", &o->trace_out },
		{ "--trace-every", &o->trace_every },
		{ "--report", &o->report }, { "--inject", &o->inject },
	};
	size_t i;

	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (!strcmp(a, opts[i].name))
			return opts[i].field;
	return NULL;
}

static int parse_opts(int argc, char **argv, struct run_opts *o)
{
	int i;

	o->sets = calloc((size_t)argc, sizeof(*o->sets));
	o->compare = calloc((size_t)argc, sizeof(*o->compare));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
			o->quiet = true;
		} else if (!strcmp(a, "--check")) {
			o->check = true;
		} else if (!strcmp(a, "--force")) {
			o->force = true;
		} else if (!strcmp(a, "--set") || !strcmp(a, "--compare") || opt_value(a, o)) {
			if (i + 1 >= argc) {
				fprintf(stderr, "nicsim run: %s needs a value\n", a);
				return -1;
			}
			if (!strcmp(a, "--set"))
				o->sets[o->nr_sets++] = argv[++i];
			else if (!strcmp(a, "--compare"))
				o->compare[o->nr_compare++] = argv[++i];
			else
				*opt_value(a, o) = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "nicsim run: unknown option '%s' (try nicsim --help)\n", a);
			return -1;
		} else if (!o->file) {
			o->file = a;
		} else {
			fprintf(stderr, "nicsim run: one scenario file at a time ('%s')\n", a);
			return -1;
		}
	}
	if (!o->file) {
		fprintf(stderr, "usage: nicsim run FILE [--set S.KEY=VALUE]... [--json PATH|-] [--pcap PREFIX]\n"
				"           [--pcap-merged FILE] [--seed N]\n"
				"           [--trace PATTERNS [--trace-every DUR|change] [--trace-out CSV]]\n"
				"           [--report DIR [--compare \"S.KEY=VALUE...\"]...] [--force]\n");
		return -1;
	}
	if (o->nr_compare && !o->report) {
		fprintf(stderr, "nicsim run: --compare needs --report DIR\n");
		return -1;
	}
	if (o->report && (o->trace_out || o->pcap || o->pcap_merged)) {
		fprintf(stderr, "nicsim run: --report DIR writes its own traces; no %s\n",
			o->pcap ? "--pcap" : o->pcap_merged ? "--pcap-merged" : "--trace-out");
		return -1;
	}
	if ((o->trace_out || o->trace_every) && !o->trace && !o->report) {
		fprintf(stderr, "nicsim run: %s needs --trace PATTERNS (nicsim probes FILE lists the probes)\n",
			o->trace_out ? "--trace-out" : "--trace-every");
		return -1;
	}
	return 0;
}

int run_load(struct scenario *s, const struct run_opts *o, struct scn_error *err)
{
	int i;

	if (scenario_load(s, o->file, err) || (o->include && scenario_include(s, o->include, err)))
		return -1;
	for (i = 0; i < o->nr_sets; i++)
		if (scenario_set(s, o->sets[i], err))
			return -1;
	if (o->seed) {
		char buf[128];

		snprintf(buf, sizeof(buf), "sim.seed=%s", o->seed);
		if (scenario_set(s, buf, err))
			return -1;
	}
	return scenario_check(s, err);
}

/* Write JSON atomically: a temporary file renamed into place. */
int run_write_json(json_t *res, const char *path)
{
	size_t flags = JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12);
	char tmp[OUTPATH_LEN];
	FILE *f;

	if (!strcmp(path, "-")) {
		json_dumpf(res, stdout, flags);
		fputc('\n', stdout);
		return 0;
	}
	f = outpath_tmp_open(path, tmp, sizeof(tmp));
	if (f && json_dumpf(res, f, flags)) {
		outpath_tmp_abort(f, tmp);
		f = NULL;
	}
	if (!f || outpath_tmp_commit(f, tmp, path)) {
		fprintf(stderr, "nicsim: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

int run_check_output(const char *cmd, const char *opt, const char *val, const char *path,
		     enum outpath_kind kind, bool force)
{
	char msg[512];

	if (!outpath_check(path, kind, force, msg, sizeof(msg)))
		return 0;
	if (strcmp(val, path))
		fprintf(stderr, "nicsim %s: %s %s: %s %s\n", cmd, opt, val, path, msg);
	else
		fprintf(stderr, "nicsim %s: %s %s: %s\n", cmd, opt, val, msg);
	return -1;
}

const char *run_trace_path(const struct run_opts *o)
{
	return o->trace_out ? o->trace_out : "trace.csv";
}

/* Every file the run writes may be written (run/outpath.h): checked
 * before anything runs, so a refusal costs no run and writes nothing. */
static int check_outputs(const char *cmd, const struct run_opts *o, const struct world *w)
{
	char path[OUTPATH_LEN];
	int i;

	if (o->json && strcmp(o->json, "-") &&
	    run_check_output(cmd, "--json", o->json, o->json, OUTPATH_JSON, o->force))
		return -1;
	if (o->trace && run_check_output(cmd, "--trace-out", run_trace_path(o), run_trace_path(o),
					 OUTPATH_TRACE, o->force))
		return -1;
	for (i = 0; o->pcap && i < world_pcap_count(w); i++) {
		/* the names world_pcap gives them */
		world_pcap_path(w, i, o->pcap, path, sizeof(path));
		if (run_check_output(cmd, "--pcap", o->pcap, path, OUTPATH_PCAP, o->force))
			return -1;
	}
	if (o->pcap_merged && w->sw) {
		fprintf(stderr, "nicsim %s: --pcap-merged: it merges the one link's two directions; "
			"with a [switch] every host link has two (use --pcap: a file per direction "
			"of each host link)\n", cmd);
		return -1;
	}
	if (o->pcap_merged && run_check_output(cmd, "--pcap-merged", o->pcap_merged,
					       o->pcap_merged, OUTPATH_PCAP, o->force))
		return -1;
	return 0;
}

/* Progress on stderr for runs longer than about a second, on a terminal
 * (NICSIM_PROGRESS_AFTER: after how many seconds; tests set 0). */
struct progress {
	bool	tty, shown;
	double	start, after;
};

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void show_progress(const struct world *w, void *arg)
{
	struct progress *p = arg;
	double wall = wall_now() - p->start;

	if (wall < p->after)
		return;
	fprintf(stderr, "\r  nicsim: %3.0f%%, %.1f of %.1f s simulated in %.1f s",
		100.0 * (double)w->sim.now / (double)w->duration, time_to_s(w->sim.now),
		time_to_s(w->duration), wall);
	p->shown = true;
}

/* --trace: the sampling period ("change" = on change) and the file. */
int run_start_trace(struct trace *t, struct world *w, const struct run_opts *o,
		    const char *path)
{
	sim_time_t every = 0;
	char msg[512];

	if (o->trace_every && strcmp(o->trace_every, "change") &&
	    (parse_time(o->trace_every, &every) || every <= 0)) {
		fprintf(stderr, "nicsim run: --trace-every: '%s' is neither a duration > 0 (100us, 1ms) nor 'change'\n",
			o->trace_every);
		return -1;
	}
	if (!o->trace_every)
		every = w->duration / 1000 > 0 ? w->duration / 1000 : 1;
	if (every && w->duration / every > TRACE_MAX_ROWS) {
		fprintf(stderr, "nicsim run: --trace-every %s gives %lld rows over the run; at most %d "
			"(choose a longer interval, or 'change')\n", o->trace_every,
			(long long)(w->duration / every), TRACE_MAX_ROWS);
		return -1;
	}
	if (trace_start(t, w, o->trace ? o->trace : "all", every, path, msg, sizeof(msg))) {
		fprintf(stderr, "nicsim run: %s\n", msg);
		return -1;
	}
	return 0;
}

/* A broken invariant ends the program: no half-written trace. */
static void abort_trace(void *arg)
{
	trace_abort(arg);
}

int run_start_check(struct world *w, const struct run_opts *o, struct trace *t)
{
	if (o->inject && !o->check) {
		fprintf(stderr, "nicsim run: --inject needs --check\n");
		return -1;
	}
	w->on_abort = abort_trace;
	w->on_abort_arg = t;
	if ((o->check || o->inject) && !w->chk && world_check_enable(w, o->inject)) {
		fprintf(stderr, "nicsim run: --inject: unknown fault '%s' (double-free, wmem-leak, bql-excess, mtu-drop)\n",
			o->inject);
		return -1;
	}
	return 0;
}

/* run and explain share everything but what they print at the end */
static int run_or_explain(int argc, char **argv, bool explain)
{
	struct progress prog = { 0 };
	const char *after;
	struct trace trace = { 0 };
	struct run_opts o = { 0 };
	struct scenario s;
	struct scn_error err = { { 0 } };
	struct world w;
	int rc = 0;

	memset(&w, 0, sizeof(w));
	scenario_init(&s);
	if (parse_opts(argc, argv, &o)) {
		rc = 2;
		goto out;
	}
	if (o.report && !explain) {
		rc = run_report(&o);
		goto out;
	}
	if (run_load(&s, &o, &err) || world_build(&w, &s, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		rc = 2;
		goto out;
	}
	if (check_outputs(explain ? "explain" : "run", &o, &w)) {
		rc = 2;
		goto out;
	}
	if ((o.pcap && world_pcap(&w, o.pcap, &err)) ||
	    (o.pcap_merged && world_pcap_merged(&w, o.pcap_merged, &err))) {
		fprintf(stderr, "%s\n", err.msg);
		rc = 2;
		goto out;
	}
	if (o.trace && run_start_trace(&trace, &w, &o, run_trace_path(&o))) {
		rc = 2;
		goto out;
	}
	if (run_start_check(&w, &o, &trace)) {
		rc = 2;
		goto out;
	}
	prog.tty = !o.quiet && isatty(STDERR_FILENO);
	prog.start = wall_now();
	after = getenv("NICSIM_PROGRESS_AFTER");
	prog.after = after ? atof(after) : 1.0;
	rc = world_run(&w, prog.tty ? show_progress : NULL, &prog) ? 2 : 0;
	if (prog.shown)
		fputs("\r\033[K", stderr);	/* clear the progress line */
	if (rc) {	/* a limit stopped it: no partial results */
		fprintf(stderr, "%s\n", w.limit.msg);
		goto out;
	}
	if (o.trace && trace_finish(&trace)) {
		fprintf(stderr, "nicsim: cannot write %s\n", trace.path);
		rc = 1;
	}
	trace.f = NULL;
	if (explain)
		explain_print(&w, &o, o.json && !strcmp(o.json, "-") ? stderr : stdout);
	else if (!o.quiet)
		world_summary(&w, o.json && !strcmp(o.json, "-") ? stderr : stdout);
	if ((o.pcap || o.pcap_merged) &&
	    world_pcap_finish(&w, o.quiet ? NULL : o.json && !strcmp(o.json, "-") ? stderr : stdout))
		rc = 1;
	if (o.json) {
		json_t *res = world_results(&w);

		if (run_write_json(res, o.json))
			rc = 1;
		json_decref(res);
	}
out:
	trace_abort(&trace);
	world_destroy(&w);
	scenario_free(&s);
	free(o.sets);
	free(o.compare);
	return rc;
}

int cmd_run(int argc, char **argv)
{
	return run_or_explain(argc, argv, false);
}

int cmd_explain(int argc, char **argv)
{
	return run_or_explain(argc, argv, true);
}

/* nicsim probes [--markdown] | nicsim probes FILE [--set S.KEY=VALUE]... */
int cmd_probes(int argc, char **argv)
{
	struct run_opts o = { 0 };
	struct scn_error err = { { 0 } };
	struct probe_set ps;
	struct scenario s;
	struct world w;
	int i, rc = 0;

	if (argc < 2 || !strcmp(argv[1], "--markdown")) {
		probes_print_catalogue(stdout, argc >= 2);
		return 0;
	}
	memset(&w, 0, sizeof(w));
	scenario_init(&s);
	if (parse_opts(argc, argv, &o) || run_load(&s, &o, &err) || world_build(&w, &s, &err)) {
		if (err.msg[0])
			fprintf(stderr, "%s\n", err.msg);
		rc = 2;
		goto out;
	}
	probes_enumerate(&w, &ps);
	for (i = 0; i < ps.n; i++)
		printf("%-36s %-7s %-11s %s\n", ps.v[i].name, probe_kind_name(ps.v[i].t->kind),
		       ps.v[i].t->unit, ps.v[i].t->help);
	probes_free(&ps);
out:
	world_destroy(&w);
	scenario_free(&s);
	free(o.sets);
	return rc;
}
