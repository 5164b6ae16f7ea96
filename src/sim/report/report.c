// SPDX-License-Identifier: MIT
/* The HTML report page (see report.h). */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/report/report.h"
#include "sim/report/plot.h"
#include "sim/run/validate.h"
#include "sim/run/world.h"
#include "sim/engine/util.h"

#define MAX_PLOTS 64
#define MAX_RUNS 16

static void html_text(FILE *out, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i]; i++) {
		switch (s[i]) {
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '&': fputs("&amp;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(s[i], out);
		}
	}
}

static void html_str(FILE *out, const char *s)
{
	html_text(out, s, strlen(s));
}

/* The whole of a small file, or NULL. */
static char *slurp(const char *dir, const char *name)
{
	char path[4200], *buf = NULL;
	size_t cap = 0, n;
	FILE *f, *m;

	if (dir)
		snprintf(path, sizeof(path), "%s/%s", dir, name);
	else
		snprintf(path, sizeof(path), "%s", name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	m = open_memstream(&buf, &cap);
	while ((n = fread(path, 1, sizeof(path), f)) > 0)
		fwrite(path, 1, n, m);
	fclose(f);
	fclose(m);
	return buf;
}

static void pre_file(FILE *out, const char *dir, const char *name)
{
	char *text = slurp(dir, name);

	fputs("<pre>", out);
	html_str(out, text ? text : "(missing)");
	fputs("</pre>\n", out);
	free(text);
}

static const char style[] =
	"body{font-family:'DejaVu Sans',sans-serif;max-width:1000px;margin:2em auto;color:#222}"
	"h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc;margin-top:2em}"
	"pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}"
	"figure{margin:1em 0}figcaption{font-size:.85em;color:#555}"
	"code{background:#f0f0f0;padding:0 .2em}details{margin:.5em 0}"
	"table{border-collapse:collapse;font-size:.85em;margin:.5em 0}"
	"th,td{border:1px solid #ddd;padding:.2em .5em;text-align:left;vertical-align:top}"
	"td.n{text-align:right}td.d{font-weight:bold}th{background:#f3f3f3}"
	"table.legend td:nth-child(2){font-family:monospace;font-size:.95em}"
	"p.note{font-size:.85em;background:#fff8e0;padding:.3em .6em}";

/* A gnuplot SVG without its XML prolog, inline, with its legend as a
 * table: each entry's words, the probes it draws, and a note. */
static void inline_svg(FILE *out, const char *dir, const struct plot_out *p)
{
	char name[64], *svg, *start;
	int i;

	snprintf(name, sizeof(name), "%s.svg", p->name);
	svg = slurp(dir, name);
	start = svg ? strstr(svg, "<svg") : NULL;
	fprintf(out, "<figure id=\"%s\">\n", p->name);
	if (start)
		fputs(start, out);
	else
		fprintf(out, "<p>missing %s</p>", name);
	fprintf(out, "<figcaption>");
	html_str(out, p->title);
	fprintf(out, " &middot; <a href=\"%s.png\">PNG</a> &middot; <a href=\"%s.svg\">SVG</a></figcaption>\n",
		p->name, p->name);
	if (p->note[0]) {
		fputs("<p class=\"note\">", out);
		html_str(out, p->note);
		fputs("</p>\n", out);
	}
	fputs("<table class=\"legend\"><tr><th>series</th><th>probe</th><th>note</th></tr>\n", out);
	for (i = 0; i < p->nkey; i++) {
		fputs("<tr><td>", out);
		html_str(out, p->key[i].label);
		fputs("</td><td>", out);
		html_str(out, p->key[i].probes);
		fputs("</td><td>", out);
		html_str(out, p->key[i].note);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n</figure>\n", out);
	free(svg);
}

/* --- the headline metrics, side by side -------------------------------- */

enum fmt { F_NUM, F_PER_S, F_TEXT, F_CPUS };

/* A row per application or host that has the field in some run: PATH
 * under apps.NAME or hosts.NAME of the results. */
struct metric {
	const char	*path;
	const char	*label;
	enum fmt	fmt;
};

static const struct metric app_metrics[] = {
	{ "goodput_mbps", "goodput (Mbit/s)", F_NUM },
	{ "limited_by_main", "limited mostly by", F_TEXT },
	{ "retransmits", "retransmitted segments", F_NUM },
	{ "srtt_us", "smoothed RTT at the end (us)", F_NUM },
	{ "fairness.min_goodput_mbps", "slowest connection (Mbit/s)", F_NUM },
	{ "fairness.max_goodput_mbps", "fastest connection (Mbit/s)", F_NUM },
	{ "fairness.jain_index", "Jain's fairness index of the connections", F_NUM },
	{ "transactions_per_s", "transactions per second", F_NUM },
	{ "latency_us.p50", "transaction latency p50 (us)", F_NUM },
	{ "latency_us.p99", "transaction latency p99 (us)", F_NUM },
	{ "transmitted", "echo requests sent", F_NUM },
	{ "sent", "datagrams sent", F_NUM },
	{ "received", "received", F_NUM },
	{ "enobufs", "ENOBUFS (failed sendmsg)", F_NUM },
	{ "first_error_seq", "first ENOBUFS at icmp_seq", F_NUM },
	{ "eagain", "EAGAIN", F_NUM },
	{ "qdisc_drops", "qdisc drops", F_NUM },
	{ "rtt_us.avg", "RTT avg (us)", F_NUM },
	{ "rtt_us.max", "RTT max (us)", F_NUM },
	{ "sk_wmem_alloc_peak", "peak sk_wmem_alloc (bytes)", F_NUM },
};

static const struct metric host_metrics[] = {
	{ "nic.irqs_tx_done", "TX-done interrupts per second", F_PER_S },
	{ "nic.irqs_rx", "RX interrupts per second", F_PER_S },
	{ "cpus", "CPU busy % (cpu0 / cpu1 / ...)", F_CPUS },
};

static void cell_text(json_t *res, const char *path, enum fmt fmt, char *buf, size_t len)
{
	json_t *x = res ? json_path(res, path) : NULL, *d;
	double dur;
	size_t i, o = 0;

	buf[0] = 0;
	if (!x || json_is_null(x))
		return;
	if (fmt == F_CPUS && json_is_array(x)) {
		json_array_foreach(x, i, d)
			o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s%.3g", i ? " / " : "",
					      json_number_value(json_object_get(d, "busy_total_pct")));
	} else if (fmt == F_PER_S) {
		dur = json_number_value(json_path(res, "nicsim.duration_s"));
		snprintf(buf, len, "%.4g", dur > 0 ? json_number_value(x) / dur : 0);
	} else if (json_is_string(x)) {
		snprintf(buf, len, "%s", json_string_value(x));
	} else if (json_is_integer(x)) {
		snprintf(buf, len, "%lld", (long long)json_integer_value(x));
	} else if (json_is_real(x)) {
		snprintf(buf, len, "%.6g", json_real_value(x));
	} else if (json_is_boolean(x)) {
		snprintf(buf, len, "%s", json_is_true(x) ? "yes" : "no");
	}
}

static const char *str_of(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "?";
}

/* One row if any run has the value; a cell that differs from the first
 * run's is bold. */
static void metric_row(FILE *out, json_t **res, int nv, const char *who, const char *path,
		       const struct metric *m)
{
	char cell[16][512];
	bool any = false;
	int i;

	for (i = 0; i < nv; i++) {
		cell_text(res[i], path, m->fmt, cell[i], sizeof(cell[i]));
		any |= cell[i][0] != 0;
	}
	if (!any)
		return;
	fputs("<tr><th>", out);
	html_str(out, who);
	fputs(": ", out);
	html_str(out, m->label);
	fputs("</th>", out);
	for (i = 0; i < nv; i++) {
		fprintf(out, "<td class=\"n%s\">", i && strcmp(cell[i], cell[0]) ? " d" : "");
		html_str(out, cell[i][0] ? cell[i] : "-");
		fputs("</td>", out);
	}
	fputs("</tr>\n", out);
}

static void metrics_section(FILE *out, json_t **res, const struct report_variant *v, int nv)
{
	const char *name;
	char path[256];
	json_t *x, *d;
	size_t i, k;
	int r;

	fputs("<h2>Headline metrics</h2>\n<table class=\"metrics\"><tr><th>metric</th>", out);
	for (r = 0; r < nv; r++) {
		fputs("<th>", out);
		html_str(out, v[r].words[0] ? v[r].words : v[r].label);
		fputs("</th>", out);
	}
	fputs("</tr>\n", out);
	json_object_foreach(json_object_get(res[0], "apps"), name, x) {
		for (k = 0; k < ARRAY_SIZE(app_metrics); k++) {
			snprintf(path, sizeof(path), "apps.%s.%s", name, app_metrics[k].path);
			metric_row(out, res, nv, name, path, &app_metrics[k]);
		}
	}
	json_object_foreach(json_object_get(res[0], "hosts"), name, x) {
		for (k = 0; k < ARRAY_SIZE(host_metrics); k++) {
			snprintf(path, sizeof(path), "hosts.%s.%s", name, host_metrics[k].path);
			metric_row(out, res, nv, name, path, &host_metrics[k]);
		}
	}
	json_array_foreach(json_path(res[0], "link.directions"), i, d) {
		static const struct metric util = { NULL, "link busy (%)", F_NUM };
		char who[96];

		snprintf(who, sizeof(who), "link %s to %s", str_of(d, "from"), str_of(d, "to"));
		snprintf(path, sizeof(path), "link.directions.%zu.utilisation_pct", i);
		metric_row(out, res, nv, who, path, &util);
	}
	fputs("</table>\n<p><small>From each run's results JSON (docs/results.md); bold: differs from the first run.</small></p>\n",
	      out);
}

/* A parallel stream app's connections (streams[]), a row each: each
 * run's goodput and retransmitted segments. */
static const struct metric conn_metrics[] = {
	{ "goodput_mbps", "goodput (Mbit/s)", F_NUM },
	{ "retransmits", "retransmitted segments", F_NUM },
};

static void connections_table(FILE *out, json_t **res, const struct report_variant *v, int nv,
			      const char *app)
{
	json_t *streams = json_object_get(json_object_get(res[0], "apps"), app), *st;
	char path[256], cell[512];
	size_t i, k;
	int r;

	streams = json_object_get(streams, "streams");
	fputs("<table class=\"connections\" id=\"connections-", out);
	html_str(out, app);
	fputs("\"><tr><th>connection</th>", out);
	for (k = 0; k < ARRAY_SIZE(conn_metrics); k++)
		for (r = 0; r < nv; r++) {
			fputs("<th>", out);
			html_str(out, conn_metrics[k].label);
			if (nv > 1) {
				fputs(", ", out);
				html_str(out, v[r].words[0] ? v[r].words : v[r].label);
			}
			fputs("</th>", out);
		}
	fputs("</tr>\n", out);
	json_array_foreach(streams, i, st) {
		fputs("<tr><th>", out);
		html_str(out, str_of(st, "name"));
		fputs("</th>", out);
		for (k = 0; k < ARRAY_SIZE(conn_metrics); k++)
			for (r = 0; r < nv; r++) {
				snprintf(path, sizeof(path), "apps.%s.streams.%zu.%s", app, i,
					 conn_metrics[k].path);
				cell_text(res[r], path, F_NUM, cell, sizeof(cell));
				fputs("<td class=\"n\">", out);
				html_str(out, cell[0] ? cell : "-");
				fputs("</td>", out);
			}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

static void connections_section(FILE *out, json_t **res, const struct report_variant *v, int nv)
{
	const char *name;
	json_t *a;
	bool any = false;

	json_object_foreach(json_object_get(res[0], "apps"), name, a) {
		if (!json_is_array(json_object_get(a, "streams")))
			continue;
		if (!any)
			fputs("<h2>Connections</h2>\n<p>Each connection of a stream app with <code>parallel</code> &gt; 1"
			      " (results: <code>apps.NAME.streams[]</code>), over the time since the app started.</p>\n",
			      out);
		any = true;
		fputs("<h3>", out);
		html_str(out, name);
		fputs("</h3>\n", out);
		connections_table(out, res, v, nv, name);
	}
}

static void variants_section(FILE *out, const char *dir, const struct report_variant *v, int nv)
{
	int i;

	fputs("<h2>Runs</h2>\n", out);
	for (i = 0; i < nv; i++) {
		fputs("<details open><summary><b>", out);
		html_str(out, v[i].label);
		fputs("</b>", out);
		if (v[i].sets[0]) {
			fputs(" &middot; <code>", out);
			html_str(out, v[i].sets);
			fputs("</code>", out);
		}
		fprintf(out, " &middot; <a href=\"%s\">results</a> &middot; <a href=\"%s\">trace</a></summary>\n",
			v[i].json, v[i].csv);
		pre_file(out, dir, v[i].summary);
		fputs("</details>\n", out);
	}
}

/* The scenario's rows and pairs, under --include FILE if the runs had one. */
static void validation_section(FILE *out, const char *scenario, const char *include)
{
	struct validate_count cnt = { 0 };
	struct scn_error err = { { 0 } };
	char *text = NULL, *ptext = NULL;
	size_t cap = 0, pcap = 0;
	FILE *m = open_memstream(&text, &cap), *pm = open_memstream(&ptext, &pcap);
	int rc;

	validate_header(m);
	rc = validate_file(scenario, include, m, pm, &cnt, &err);
	fclose(pm);
	if (cnt.pairs) {
		validate_pairs_header(m);
		fputs(ptext, m);
	}
	fclose(m);
	free(ptext);
	if (!rc && !cnt.rows && !cnt.pairs) {
		free(text);
		return;
	}
	fprintf(out, "<h2>Validation</h2>\n<p>%d published observation(s) of this scenario, %d outside their band",
		cnt.rows, cnt.failed);
	if (cnt.pairs)
		fprintf(out, "; %d published change(s), %d not reproduced", cnt.pairs,
			cnt.pairs_failed);
	fputs(" (<code>nicsim validate</code>, each row with its own overrides", out);
	if (include) {
		fputs(", under <code>--include ", out);
		html_str(out, include);
		fputs("</code>", out);
	}
	fputs(").</p>\n<pre>", out);
	html_str(out, rc ? err.msg : text);
	fputs("</pre>\n", out);
	free(text);
}

static const char *const dash_words[] = {
	"solid", "dashed", "dotted", "dash-dotted", "dash-dot-dotted", "pattern 6", "pattern 7",
	"pattern 8",
};

static void plots_section(FILE *out, const char *dir, const struct plot_out *p, int np,
			  const struct report_variant *v, int nv, const char *why)
{
	int i;

	fputs("<h2>Over time</h2>\n", out);
	if (np < 0) {
		fputs("<p>No plots: ", out);
		html_str(out, why);
		fputs(".</p>\n", out);
		return;
	}
	fputs("<p>From the traces (<code>--trace</code>; probes in docs/probes.md) and the event logs"
	      " (events-N.csv: each marked event at its own time).", out);
	if (nv > 1) {
		fputs(" Line styles:", out);
		for (i = 0; i < nv && i < (int)ARRAY_SIZE(dash_words); i++) {
			fprintf(out, "%s %s <b>", i ? "," : "", dash_words[i]);
			html_str(out, v[i].words[0] ? v[i].words : v[i].label);
			fputs("</b>", out);
		}
		fputc('.', out);
	}
	fputs("</p>\n", out);
	for (i = 0; i < np; i++)
		inline_svg(out, dir, &p[i]);
}

/* The applications and their hosts, for per-application plots. */
static int app_list(json_t *res, struct plot_app *apps, int max)
{
	const char *name;
	json_t *a;
	int n = 0;

	json_object_foreach(json_object_get(res, "apps"), name, a) {
		if (n == max)
			break;
		/* a parallel stream app: its connections' probes, NAME-K */
		snprintf(apps[n].name, sizeof(apps[n].name), "%s%s", name,
			 json_object_get(a, "streams") ? "-*" : "");
		snprintf(apps[n].host, sizeof(apps[n].host), "%s", str_of(a, "host"));
		n++;
	}
	return n;
}

int report_page(const char *dir, const char *scenario, const char *include,
		const char *command,
		const struct report_variant *v, int nv, char *msg, size_t len)
{
	struct plot_input in[MAX_RUNS];
	struct plot_out plots[MAX_PLOTS];
	struct plot_app apps[MAX_PLOTS];
	json_t *res[MAX_RUNS] = { NULL };
	char path[4200], why[256] = "";
	int i, np, napps, rc = -1;
	FILE *out;

	if (nv > MAX_RUNS)
		nv = MAX_RUNS;
	for (i = 0; i < nv; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, v[i].json);
		res[i] = json_load_file(path, 0, NULL);
		if (!res[i]) {
			snprintf(msg, len, "cannot read %s", path);
			goto out;
		}
		in[i].csv = v[i].csv;
		in[i].events = v[i].events[0] ? v[i].events : NULL;
		in[i].words = nv > 1 ? (v[i].words[0] ? v[i].words : v[i].label) : NULL;
	}
	napps = app_list(res[0], apps, MAX_PLOTS / 2);
	np = plot_traces(dir, in, nv, apps, napps,
			 json_number_value(json_path(res[0], "nicsim.duration_s")),
			 plots, MAX_PLOTS, why, sizeof(why));
	if (np >= 0 && np < MAX_PLOTS) {
		const char *words[MAX_RUNS];
		int k;

		for (i = 0; i < nv; i++)
			words[i] = in[i].words;
		k = plot_rtt(dir, res, nv > 1 ? words : NULL, nv,
			     json_number_value(json_path(res[0], "nicsim.duration_s")),
			     &plots[np], why, sizeof(why));
		if (k < 0)
			plot_out_free(plots, np);
		np = k < 0 ? -1 : np + k;
	}
	if (np < 0)
		fprintf(stderr, "nicsim: report without plots: %s\n", why);
	snprintf(path, sizeof(path), "%s/index.html", dir);
	out = fopen(path, "w");
	if (!out) {
		snprintf(msg, len, "cannot write %s", path);
		goto out_plots;
	}
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>nicsim: ");
	html_str(out, scenario);
	fprintf(out, "</title>\n<style>%s</style></head><body>\n<h1>nicsim report: ", style);
	html_str(out, scenario);
	fputs("</h1>\n<p><code>", out);
	html_str(out, command);
	fprintf(out, "</code></p>\n");
	metrics_section(out, res, v, nv);
	connections_section(out, res, v, nv);
	plots_section(out, dir, plots, np, v, nv, why);
	variants_section(out, dir, v, nv);
	validation_section(out, scenario, include);
	fputs("<h2>Scenario</h2>\n", out);
	pre_file(out, NULL, scenario);
	fprintf(out, "<p><small>nicsim %s &middot; same scenario and seed, same page.</small></p>\n</body></html>\n",
		NICSIM_VERSION);
	if (fclose(out))
		snprintf(msg, len, "cannot write %s", path);
	else
		rc = 0;
out_plots:
	if (np > 0)
		plot_out_free(plots, np);
out:
	for (i = 0; i < nv; i++)
		json_decref(res[i]);
	return rc;
}
