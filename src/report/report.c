// SPDX-License-Identifier: MIT
/* The HTML report page (see report.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "report/plot.h"
#include "run/validate.h"
#include "core/util.h"

#define MAX_PLOTS 16

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
	"code{background:#f0f0f0;padding:0 .2em}details{margin:.5em 0}";

/* A gnuplot SVG without its XML prolog, inline. */
static void inline_svg(FILE *out, const char *dir, const struct plot_out *p)
{
	char name[64], *svg, *start;

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
	fprintf(out, " &middot; <a href=\"%s.png\">PNG</a> &middot; <a href=\"%s.svg\">SVG</a></figcaption>\n</figure>\n",
		p->name, p->name);
	free(svg);
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

static void validation_section(FILE *out, const char *scenario)
{
	struct validate_count cnt = { 0 };
	struct scn_error err = { { 0 } };
	char *text = NULL;
	size_t cap = 0;
	FILE *m = open_memstream(&text, &cap);
	int rc;

	validate_header(m);
	rc = validate_file(scenario, m, &cnt, &err);
	fclose(m);
	if (!rc && !cnt.rows) {
		free(text);
		return;
	}
	fprintf(out, "<h2>Validation</h2>\n<p>%d published observation(s) of this scenario, %d outside their band (<code>nicsim validate</code>, each row with its own overrides).</p>\n<pre>",
		cnt.rows, cnt.failed);
	html_str(out, rc ? err.msg : text);
	fputs("</pre>\n", out);
	free(text);
}

static void plots_section(FILE *out, const char *dir, const struct plot_out *p, int np,
			  const char *why)
{
	int i;

	fputs("<h2>Over time</h2>\n", out);
	if (np < 0) {
		fputs("<p>No plots: ", out);
		html_str(out, why);
		fputs(".</p>\n", out);
		return;
	}
	fputs("<p>From the traces (<code>--trace</code>; probes in docs/probes.md). Solid lines: the first run, dashes: the next.</p>\n", out);
	for (i = 0; i < np; i++)
		inline_svg(out, dir, &p[i]);
}

int report_page(const char *dir, const char *scenario, const char *command,
		const struct report_variant *v, int nv, char *msg, size_t len)
{
	struct plot_input in[16];
	struct plot_out plots[MAX_PLOTS];
	char path[4200], why[256] = "";
	FILE *out;
	int i, np;

	for (i = 0; i < nv && i < (int)ARRAY_SIZE(in); i++) {
		in[i].csv = v[i].csv;
		in[i].label = nv > 1 ? v[i].label : NULL;
	}
	np = plot_traces(dir, in, i, plots, MAX_PLOTS, why, sizeof(why));
	if (np < 0)
		fprintf(stderr, "nicsim: report without plots: %s\n", why);
	snprintf(path, sizeof(path), "%s/index.html", dir);
	out = fopen(path, "w");
	if (!out) {
		snprintf(msg, len, "cannot write %s", path);
		return -1;
	}
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>nicsim: ");
	html_str(out, scenario);
	fprintf(out, "</title>\n<style>%s</style></head><body>\n<h1>nicsim report: ", style);
	html_str(out, scenario);
	fputs("</h1>\n<p><code>", out);
	html_str(out, command);
	fprintf(out, "</code></p>\n");
	plots_section(out, dir, plots, np, why);
	variants_section(out, dir, v, nv);
	validation_section(out, scenario);
	fputs("<h2>Scenario</h2>\n", out);
	pre_file(out, NULL, scenario);
	fprintf(out, "<p><small>nicsim %s &middot; same scenario and seed, same page.</small></p>\n</body></html>\n",
		NICSIM_VERSION);
	if (fclose(out)) {
		snprintf(msg, len, "cannot write %s", path);
		return -1;
	}
	return 0;
}
