// SPDX-License-Identifier: MIT
/* Plots of traces with gnuplot (see plot.h). */
#include <fnmatch.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "report/plot.h"
#include "core/util.h"

#define MAX_GLOBS 4

struct plot_design {
	const char	*name, *title;
	const char	*y1[MAX_GLOBS];	/* probes on the left axis */
	const char	*y1_unit;
	const char	*y2[MAX_GLOBS];	/* on the right axis, if any */
	const char	*y2_unit;
};

/* What a driver developer looks at first: the socket against the TX
 * completions that free it, then each stage below it. */
static const struct plot_design designs[] = {
	{ "sock", "Socket send buffer (sk_wmem_alloc) against TX-done interrupts",
	  { "app.*.sock.wmem_alloc", "app.*.sock.sndbuf" }, "bytes",
	  { "host.*.irq.tx" }, "TX-done interrupts raised (count)" },
	{ "tcp_window", "TCP congestion window and segments in flight",
	  { "app.*.tcp.cwnd", "app.*.tcp.packets_out" }, "packets",
	  { "app.*.tcp.tsq_throttled" }, "TSQ throttled (0/1)" },
	{ "tcp_rate", "TCP goodput and pacing rate",
	  { "app.*.tcp.goodput", "app.*.tcp.pacing_rate" }, "bit/s", { 0 }, NULL },
	{ "qdisc", "Qdisc backlog and byte queue limits",
	  { "host.*.txq*.qdisc.backlog", "host.*.txq*.bql.limit", "host.*.txq*.bql.inflight" },
	  "bytes", { 0 }, NULL },
	{ "ring", "TX ring descriptors held by the driver",
	  { "host.*.txq*.ring.used" }, "descriptors", { 0 }, NULL },
	{ "irq", "Interrupt rate by cause",
	  { "host.*.irq.*_per_s" }, "interrupts per second", { 0 }, NULL },
	{ "cpu", "CPU busy by class (as top: us, sy, hi, si)",
	  { "host.*.cpu*.us", "host.*.cpu*.sy", "host.*.cpu*.hi", "host.*.cpu*.si" },
	  "fraction of the CPU", { 0 }, NULL },
	{ "link", "Link utilisation", { "link.*.util" }, "fraction of the time", { 0 }, NULL },
};

/* A trace's columns and which ever held a non-zero value. */
struct csv_cols {
	char	**name;
	bool	*nonzero;
	int	n;
};

static void split_header(char *line, struct csv_cols *c)
{
	char *save = NULL, *tok;

	line[strcspn(line, "\r\n")] = 0;
	for (tok = strtok_r(line, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		c->name = xrealloc(c->name, sizeof(*c->name) * (size_t)(c->n + 1));
		c->name[c->n++] = xstrdup(tok);
	}
	c->nonzero = xcalloc((size_t)c->n + 1, sizeof(*c->nonzero));
}

static int csv_scan(const char *path, struct csv_cols *c)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;

	memset(c, 0, sizeof(*c));
	if (!f)
		return -1;
	if (getline(&line, &cap, f) > 0)
		split_header(line, c);
	while (getline(&line, &cap, f) > 0) {
		char *p = line;
		int i;

		for (i = 0; i < c->n && *p; i++) {
			if (strtod(p, &p) != 0)
				c->nonzero[i] = true;
			p += *p == ',';
		}
	}
	free(line);
	fclose(f);
	return c->n ? 0 : -1;
}

static void csv_free(struct csv_cols *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		free(c->name[i]);
	free(c->name);
	free(c->nonzero);
}

/* A label inside gnuplot's single quotes: no quote, no newline. */
static void gp_label(FILE *gp, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\'' || *s == '\n' ? '"' : *s, gp);
}

static bool matches(const char *const *globs, const char *name)
{
	int i;

	for (i = 0; i < MAX_GLOBS && globs[i]; i++)
		if (!fnmatch(globs[i], name, 0))
			return true;
	return false;
}

/* The plot commands of one design: every matching non-zero column of
 * every trace. Returns the number of series (gp NULL: only counts). */
static int design_series(FILE *gp, const struct plot_design *d, const struct plot_input *in,
			 const struct csv_cols *cols, int nin)
{
	int v, i, n = 0, colour;

	for (v = 0; v < nin; v++) {
		colour = 0;
		for (i = 1; i < cols[v].n; i++) {
			bool y1 = matches(d->y1, cols[v].name[i]);
			bool y2 = !y1 && matches(d->y2, cols[v].name[i]);

			if (!y1 && !y2)
				continue;
			colour++;
			if (!cols[v].nonzero[i] && !y2)
				continue;
			if (!gp) {
				n++;
				continue;
			}
			fprintf(gp, "%s '%s' using 1:%d with steps lw 1.6 lc %d dt %d axes x1%s title '",
				n ? ", \\\n     " : "plot ", in[v].csv, i + 1, colour, v + 1,
				y2 ? "y2" : "y1");
			if (in[v].label) {
				gp_label(gp, in[v].label);
				fputs(": ", gp);
			}
			fprintf(gp, "%s'", cols[v].name[i]);
			n++;
		}
	}
	if (n && gp)
		fputc('\n', gp);
	return n;
}

static void design_axes(FILE *gp, const struct plot_design *d)
{
	fputs("set title '", gp);
	gp_label(gp, d->title);
	fprintf(gp, "'\nset xlabel 'simulated time (s)'\nset ylabel '%s'\n", d->y1_unit);
	if (d->y2_unit)
		fprintf(gp, "set y2label '%s'\nset y2tics\nset ytics nomirror\nset y2range [0:*]\n",
			d->y2_unit);
	else
		fputs("unset y2label\nunset y2tics\nset ytics mirror\n", gp);
}

static int run_gnuplot(const char *dir, char *msg, size_t len)
{
	pid_t pid = fork();
	int st;

	if (pid < 0) {
		snprintf(msg, len, "cannot start gnuplot");
		return -1;
	}
	if (!pid) {
		FILE *log;

		if (chdir(dir))
			_exit(127);
		log = freopen("gnuplot.log", "w", stderr);
		(void)log;
		execlp("gnuplot", "gnuplot", "plots.gp", (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		snprintf(msg, len, WIFEXITED(st) && WEXITSTATUS(st) == 127 ?
			 "gnuplot not found (scripts/bootstrap installs gnuplot-nox)" :
			 "gnuplot failed (its messages: gnuplot.log in the report)");
		return -1;
	}
	return 0;
}

/* Terminals, with the canvas height as %d: the plot keeps 360 pixels and
 * the key below it gets a line per series. */
static const char *const terminals[][2] = {
	{ "svg size 960,%d dynamic noenhanced font 'DejaVu Sans,11' background '#ffffff'", "svg" },
	{ "pngcairo size 960,%d noenhanced font 'DejaVu Sans,10'", "png" },
};

int plot_traces(const char *dir, const struct plot_input *in, int nin,
		struct plot_out *out, int max, char *msg, size_t len)
{
	struct csv_cols *cols = xcalloc((size_t)nin, sizeof(*cols));
	char path[4200];
	FILE *gp;
	int v, d, t, n = 0, rc = -1;

	for (v = 0; v < nin; v++) {
		snprintf(path, sizeof(path), "%s/%s", dir, in[v].csv);
		if (csv_scan(path, &cols[v])) {
			snprintf(msg, len, "cannot read the trace %s", path);
			goto out;
		}
	}
	snprintf(path, sizeof(path), "%s/plots.gp", dir);
	gp = fopen(path, "w");
	if (!gp) {
		snprintf(msg, len, "cannot write %s", path);
		goto out;
	}
	fputs("# nicsim: plots of the traces in this directory (gnuplot plots.gp)\n"
	      "set datafile separator ','\nset datafile columnheaders\nset key below noenhanced\nset grid\n"
	      "set yrange [0:*]\n", gp);
	for (d = 0; d < (int)ARRAY_SIZE(designs) && n < max; d++) {
		long mark = ftell(gp);
		bool drawn = false;

		int height = 360 + 18 * design_series(NULL, &designs[d], in, cols, nin);

		for (t = 0; t < (int)ARRAY_SIZE(terminals); t++) {
			fputs("\nset terminal ", gp);
			fprintf(gp, terminals[t][0], height);
			fprintf(gp, "\nset output '%s.%s'\n", designs[d].name, terminals[t][1]);
			design_axes(gp, &designs[d]);
			drawn = design_series(gp, &designs[d], in, cols, nin) > 0;
			if (!drawn)
				break;
		}
		if (!drawn) {	/* nothing to show: take the lines back */
			fflush(gp);
			if (fseek(gp, mark, SEEK_SET) || ftruncate(fileno(gp), mark))
				break;
			continue;
		}
		snprintf(out[n].name, sizeof(out[n].name), "%s", designs[d].name);
		snprintf(out[n].title, sizeof(out[n].title), "%s", designs[d].title);
		n++;
	}
	fputs("unset output\n", gp);
	if (fclose(gp)) {
		snprintf(msg, len, "cannot write %s", path);
		goto out;
	}
	rc = n && run_gnuplot(dir, msg, len) ? -1 : n;
out:
	for (v = 0; v < nin; v++)
		csv_free(&cols[v]);
	free(cols);
	return rc;
}
