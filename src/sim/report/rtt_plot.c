// SPDX-License-Identifier: MIT
/*
 * The report's ping plot (contract in plot.h, plot_rtt): every recorded
 * reply of every ping app (results.md, apps.NAME.replies[]) as a point at
 * the time its request went on the wire, and the empirical CDF of the
 * same RTTs beside it, so a queue that builds up shows both as a rising
 * cloud over time and as the CDF's long right side. The data go to
 * rtt.dat (gnuplot blocks: per series its points, then its CDF), the
 * script to rtt.gp, so a user can restyle and rerun them.
 */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/report/plot.h"
#include "sim/engine/util.h"

#define MAX_SERIES	32

static const char *const colours[] = {
	"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000",
};
static const int point_types[] = { 7, 5, 9, 11, 13, 3, 1, 2 };

struct rtt_series {
	char	label[256], app_name[64];
	int	run;		/* point type and dash; the colour is the series' own */
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One app of one run: its points block, then its CDF block. 0 if none. */
static size_t write_series(FILE *dat, json_t *replies)
{
	size_t n = json_array_size(replies), i, k = 0;
	double *v = xcalloc(n ? n : 1, sizeof(*v));
	json_t *r;

	json_array_foreach(replies, i, r) {
		json_t *rtt = json_object_get(r, "rtt_us"), *t = json_object_get(r, "request_wire_ns");

		if (!json_is_number(rtt) || !json_is_number(t))
			continue;
		fprintf(dat, "%.9g %.9g\n", json_number_value(t) / 1e9, json_number_value(rtt));
		v[k++] = json_number_value(rtt);
	}
	if (k) {
		fputs("\n\n", dat);
		qsort(v, k, sizeof(*v), cmp_double);
		fprintf(dat, "%.9g 0\n", v[0]);
		for (i = 0; i < k; i++)
			fprintf(dat, "%.9g %.9g\n", v[i], (double)(i + 1) / (double)k);
		fputs("\n\n", dat);
	}
	free(v);
	return k;
}

static void gp_quoted(FILE *gp, const char *s)
{
	fputc('\'', gp);
	for (; *s; s++)
		fputc(*s == '\'' || *s == '\n' ? '"' : *s, gp);
	fputc('\'', gp);
}

static void panel(FILE *gp, const struct rtt_series *s, int ns, bool cdf)
{
	int i;

	fputs("plot ", gp);
	for (i = 0; i < ns; i++) {
		fprintf(gp, "%s'rtt.dat' index %d using 1:2 ", i ? ", \\\n     " : "",
			2 * i + (cdf ? 1 : 0));
		if (cdf)
			fprintf(gp, "with steps lw 2 dt %d", s[i].run % 8 + 1);
		else
			fprintf(gp, "with points pt %d ps 0.5",
				point_types[s[i].run % (int)ARRAY_SIZE(point_types)]);
		fprintf(gp, " lc rgb '%s' title ", colours[i % (int)ARRAY_SIZE(colours)]);
		gp_quoted(gp, s[i].label);
	}
	fputc('\n', gp);
}

static void write_script(FILE *gp, const struct rtt_series *s, int ns, double duration)
{
	static const char *const term[][2] = {
		{ "svg size 960,400 dynamic noenhanced font 'DejaVu Sans,11' background '#ffffff'", "svg" },
		{ "pngcairo size 960,400 noenhanced font 'DejaVu Sans,10'", "png" },
	};
	int t;

	fputs("# nicsim: ping round-trip times (gnuplot rtt.gp; data in rtt.dat)\n", gp);
	for (t = 0; t < (int)ARRAY_SIZE(term); t++) {
		fprintf(gp, "\nreset\nset terminal %s\nset output 'rtt.%s'\n", term[t][0], term[t][1]);
		fputs("set multiplot layout 1,2 title 'Ping round-trip times: each reply "
		      "over time, and their CDF' font ',13'\nset grid\nset key top left\n", gp);
		fprintf(gp, "set xrange [0:%.9g]\nset xlabel 'time the request was sent (s)'\n"
			"set ylabel 'RTT (us)'\nset yrange [0:*]\n", duration);
		panel(gp, s, ns, false);
		fputs("set autoscale x\nset xlabel 'RTT (us)'\nset ylabel 'fraction of replies'\n"
		      "set yrange [0:1]\nset key bottom right\n", gp);
		panel(gp, s, ns, true);
		fputs("unset multiplot\n", gp);
	}
}

static void describe(const struct rtt_series *s, int ns, struct plot_out *out)
{
	int i;

	memset(out, 0, sizeof(*out));
	snprintf(out->name, sizeof(out->name), "rtt");
	snprintf(out->title, sizeof(out->title), "Ping round-trip times: each reply over "
		 "time, and their CDF");
	out->key = xcalloc((size_t)ns, sizeof(*out->key));
	for (i = 0; i < ns; i++) {
		strscpy(out->key[i].label, s[i].label, sizeof(out->key[i].label));
		snprintf(out->key[i].probes, sizeof(out->key[i].probes),
			 "apps.%s.replies[].rtt_us", s[i].app_name);
	}
	out->nkey = ns;
}

int plot_rtt(const char *dir, json_t *const *res, const char *const *words,
	     int nres, double duration, struct plot_out *out, char *msg, size_t len)
{
	struct rtt_series s[MAX_SERIES];
	char path[4200];
	const char *name;
	int r, ns = 0;
	FILE *dat, *gp;
	json_t *a;

	snprintf(path, sizeof(path), "%s/rtt.dat", dir);
	dat = fopen(path, "w");
	if (!dat) {
		snprintf(msg, len, "cannot write %s", path);
		return -1;
	}
	for (r = 0; r < nres; r++) {
		json_object_foreach(json_object_get(res[r], "apps"), name, a) {
			const char *type = json_string_value(json_object_get(a, "type"));

			if (!type || strcmp(type, "ping"))
				continue;
			if (ns < MAX_SERIES && write_series(dat, json_object_get(a, "replies"))) {
				snprintf(s[ns].label, sizeof(s[ns].label), words && words[r] ?
					 "%s (%s)" : "%s", name, words ? words[r] : "");
				snprintf(s[ns].app_name, sizeof(s[ns].app_name), "%s", name);
				s[ns++].run = r;
			}
		}
	}
	if (fclose(dat)) {
		snprintf(msg, len, "cannot write %s", path);
		return -1;
	}
	if (!ns)
		return 0;
	snprintf(path, sizeof(path), "%s/rtt.gp", dir);
	gp = fopen(path, "w");
	if (!gp) {
		snprintf(msg, len, "cannot write %s", path);
		return -1;
	}
	write_script(gp, s, ns, duration);
	if (fclose(gp) || plot_gnuplot(dir, "rtt.gp", msg, len))
		return -1;
	describe(s, ns, out);
	return 1;
}
