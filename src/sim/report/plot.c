// SPDX-License-Identifier: MIT
/* Plots of traces and event logs with gnuplot (see plot.h). */
#include <fnmatch.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sim/report/plot.h"
#include "sim/run/probe.h"
#include "sim/engine/util.h"

#define MAX_SPECS	6
#define SPIKE_RATIO	1.25	/* an axis' maximum above this times ... */
#define STARTUP		0.1	/* ... its maximum after this share of the run */

enum role { LINE, LIMIT, EVENT };

struct spec {
	const char	*glob;		/* {A}: the app, {H}: its host */
	enum role	role;
	bool		y2;
	const char	*base;		/* LIMIT: the probe it is a multiple of */
};

struct plot_design {
	const char	*name, *title;	/* title: {A}, {H} as in the globs */
	bool		per_app;
	struct spec	s[MAX_SPECS];
	const char	*y1_unit, *y2_unit;
};

/* What a driver developer looks at first: each socket against the limit
 * its send path tests, its failures and the TX completions that free it;
 * then each stage below it. */
#define LN(g)		{ g, LINE, false, NULL }
#define LN2(g)		{ g, LINE, true, NULL }
#define LIM(g, base)	{ g, LIMIT, false, base }
#define EV(g)		{ g, EVENT, false, NULL }
#define EV2(g)		{ g, EVENT, true, NULL }
static const struct plot_design designs[] = {
	{ "sock", "Send buffer of {A} (sk_wmem_alloc) against the TX-done interrupts of {H} that free it",
	  true, { LN("app.{A}.sock.wmem_alloc"), LN("app.{A}.tcp.wmem_queued"),
		  LIM("app.{A}.sock.send_limit", "app.{A}.sock.sndbuf"),
		  EV("app.{A}.ping.enobufs"), EV2("host.{H}.irq.tx") },
	  "bytes", "per second" },
	{ "tcp_window", "TCP congestion window and segments in flight", false,
	  { LN("app.*.tcp.cwnd"), LN("app.*.tcp.packets_out"), LN2("app.*.tcp.tsq_throttled"),
	    EV("app.*.tcp.retrans") },
	  "packets", "TSQ throttled (0/1)" },
	{ "tcp_rate", "TCP goodput and pacing rate", false,
	  { LN("app.*.tcp.goodput"), LN("app.*.tcp.pacing_rate") }, "bit/s", NULL },
	{ "qdisc", "Qdisc backlog and byte queue limits", false,
	  { LN("host.*.txq*.qdisc.backlog"), LN("host.*.txq*.bql.limit"),
	    LN("host.*.txq*.bql.inflight") }, "bytes", NULL },
	{ "ring", "TX ring descriptors held by the driver", false,
	  { LN("host.*.txq*.ring.used") }, "descriptors", NULL },
	{ "irq", "Interrupts by cause", false,
	  { EV("host.*.irq.tx"), EV("host.*.irq.rx") }, "interrupts per second", NULL },
	{ "cpu", "CPU busy by class (as top: us, sy, hi, si)", false,
	  { LN("host.*.cpu*.us"), LN("host.*.cpu*.sy"), LN("host.*.cpu*.hi"), LN("host.*.cpu*.si") },
	  "fraction of the CPU", NULL },
	{ "link", "Link utilisation", false, { LN("link.*.util") }, "fraction of the time", NULL },
	{ "switch", "Switch port output FIFOs and their tail drops", false,
	  { LN("switch.port.*.backlog"), EV("switch.port.*.drops") }, "bytes", "drops per second" },
};

/* Colours per quantity, or per instance in a plot of one quantity
 * (Okabe-Ito first); zero series in grey. */
static const char *const palette[] = {
	"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000",
	"#8c564b", "#9400d3", "#bcbd22", "#17becf", "#7f3f00", "#1f3a93", "#66a61e",
	"#e7298a", "#b8860b",
};
#define GREY "#999999"

/* --- inputs -------------------------------------------------------- */

struct col {
	char	*name;
	bool	nonzero, constant;
	double	first, max, late;	/* late: the maximum after the start-up */
};

struct trace_cols {
	struct col *c;
	int	n;
};

struct ev {
	char		name[96];
	unsigned long long sum, instants, kept;
};

struct ev_list {
	struct ev	*e;
	int		n;
};

static void split_header(char *line, struct trace_cols *tc)
{
	char *save = NULL, *tok;

	line[strcspn(line, "\r\n")] = 0;
	for (tok = strtok_r(line, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		tc->c = xrealloc(tc->c, sizeof(*tc->c) * (size_t)(tc->n + 1));
		memset(&tc->c[tc->n], 0, sizeof(*tc->c));
		tc->c[tc->n].name = xstrdup(tok);
		tc->c[tc->n++].constant = true;
	}
}

/* Each column's maximum, before and after `late_from` seconds. */
static int csv_scan(const char *path, double late_from, struct trace_cols *tc)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	bool first = true;

	memset(tc, 0, sizeof(*tc));
	if (!f)
		return -1;
	if (getline(&line, &cap, f) > 0)
		split_header(line, tc);
	while (getline(&line, &cap, f) > 0) {
		char *p = line;
		double t = 0;
		int i;

		for (i = 0; i < tc->n && *p; i++) {
			struct col *c = &tc->c[i];
			double v = strtod(p, &p);

			p += *p == ',';
			if (!i) {
				t = v;
				continue;
			}
			if (first)
				c->first = c->max = v;
			c->nonzero |= v != 0;
			c->constant &= v == c->first;
			if (v > c->max)
				c->max = v;
			if (t >= late_from && v > c->late)
				c->late = v;
		}
		first = false;
	}
	free(line);
	fclose(f);
	return tc->n ? 0 : -1;
}

static void cols_free(struct trace_cols *tc)
{
	int i;

	for (i = 0; i < tc->n; i++)
		free(tc->c[i].name);
	free(tc->c);
}

static int col_find(const struct trace_cols *tc, const char *name)
{
	int i;

	for (i = 1; i < tc->n; i++)
		if (!strcmp(tc->c[i].name, name))
			return i;
	return -1;
}

/* The totals an event log starts with ("# total NAME SUM instants I kept K"). */
static void events_scan(const char *path, struct ev_list *el)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	char *line = NULL;
	size_t cap = 0;

	memset(el, 0, sizeof(*el));
	while (f && getline(&line, &cap, f) > 0 && line[0] == '#') {
		struct ev e;

		memset(&e, 0, sizeof(e));
		if (sscanf(line, "# total %95s %llu instants %llu kept %llu", e.name, &e.sum,
			   &e.instants, &e.kept) != 4)
			continue;
		el->e = xrealloc(el->e, sizeof(*el->e) * (size_t)(el->n + 1));
		el->e[el->n++] = e;
	}
	free(line);
	if (f)
		fclose(f);
}

/* k if column a == k * column b on every row where b > 0 (an integer
 * k >= 1), else 0. */
static int multiple_of(const char *path, int a, int b)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	double k = 0;
	bool ok = f != NULL;

	if (f && getline(&line, &cap, f) <= 0)
		ok = false;
	while (ok && getline(&line, &cap, f) > 0) {
		double va = 0, vb = 0;
		char *p = line;
		int i;

		for (i = 0; *p && i <= (a > b ? a : b); i++) {
			double v = strtod(p, &p);

			p += *p == ',';
			if (i == a)
				va = v;
			if (i == b)
				vb = v;
		}
		if (vb <= 0)
			continue;
		if (!k)
			k = va / vb;
		if (va != k * vb)
			ok = false;
	}
	free(line);
	if (f)
		fclose(f);
	return ok && k >= 1 && k == (double)(int)k ? (int)k : 0;
}

/* --- series -------------------------------------------------------- */

struct series {
	int		spec, v, ident;
	enum role	role;
	bool		y2;
	bool		zero;		/* a line that stays at zero */
	bool		hidden;		/* in another series' legend entry */
	bool		marks;		/* an event series drawn as marks */
	int		col;		/* trace column drawn, -1 none */
	const char	*name;		/* probe */
	const struct probe_tmpl *t;
	const struct col *c;		/* stats of col */
	const struct ev	*ev;
	char		inst[64];
	char		label[256], probes[512], note[256];
	const char	*colour;
	double		clip;		/* y of the top edge if clipped, else 0 */
};

struct build {
	const struct plot_design *d;
	const struct plot_app *app;
	const struct plot_app *apps;	/* every app: names the connections */
	int		napps;
	int		only;		/* draw this spec alone; -1: every spec */
	const struct plot_input *in;
	const struct trace_cols *tc;
	const struct ev_list *el;
	const char	*dir;
	int		nin;
	double		duration;
	struct series	*s;
	int		n;
	int		nkey, nrows;	/* legend entries of the main plot, strip rows */
	int		krows;		/* rows of the legend's columns */
	bool		axis_used[2];
	double		top[2], max[2];	/* top: clipped axis end, or 0 (auto) */
	bool		all_zero[2];
	char		name[48], title[160], note[512];
};

/* glob with {A} and {H} put in; words: {A} is the app's name, not its
 * connections' glob. */
static void expand_as(const char *glob, const struct plot_app *app, bool words, char *buf,
		      size_t len)
{
	size_t o = 0, an = app ? strlen(app->name) : 0;

	if (words && an > 2 && !strcmp(app->name + an - 2, "-*"))
		an -= 2;
	for (; *glob && o + 1 < len; glob++) {
		if (app && (!strncmp(glob, "{A}", 3) || !strncmp(glob, "{H}", 3))) {
			o += (size_t)snprintf(buf + o, len - o, "%.*s", glob[1] == 'A' ? (int)an :
					      (int)strlen(app->host), glob[1] == 'A' ? app->name :
					      app->host);
			glob += 2;
			if (o >= len)
				o = len - 1;
		} else {
			buf[o++] = *glob;
		}
	}
	buf[o] = 0;
}

static void expand(const char *glob, const struct plot_app *app, char *buf, size_t len)
{
	expand_as(glob, app, false, buf, len);
}

/* A parallel stream app's connection NAME-K is named NAME.K, as in the
 * results (streams[].name). */
static void conn_name(const struct build *b, char *inst)
{
	size_t n, k;
	int i;

	for (i = 0; i < b->napps; i++) {
		n = strlen(b->apps[i].name);
		if (n < 3 || strcmp(b->apps[i].name + n - 2, "-*") ||
		    strncmp(inst, b->apps[i].name, n - 1))
			continue;
		for (k = n - 1; inst[k] >= '0' && inst[k] <= '9'; k++)
			;
		if (k > n - 1 && (!inst[k] || inst[k] == ' ')) {
			inst[n - 2] = '.';
			return;
		}
	}
}

static struct series *add(struct build *b, int spec, int v, const char *name)
{
	const struct spec *sp = &b->d->s[spec];
	struct series *s;

	b->s = xrealloc(b->s, sizeof(*b->s) * (size_t)(b->n + 1));
	s = &b->s[b->n++];
	memset(s, 0, sizeof(*s));
	s->spec = spec;
	s->v = v;
	s->role = sp->role;
	s->y2 = sp->y2;
	s->col = -1;
	s->name = name;
	s->t = probe_tmpl_of(name);
	probe_instance(name, s->inst, sizeof(s->inst));
	conn_name(b, s->inst);
	snprintf(s->probes, sizeof(s->probes), "%s", name);
	return s;
}

/* An event counter: marks if its log kept every event, else its rate. */
static void add_event(struct build *b, int spec, int v, const struct ev *e)
{
	struct series *s = add(b, spec, v, e->name);
	char rate[96];

	s->ev = e;
	if (e->instants <= e->kept) {
		s->marks = true;
		return;
	}
	if (!probe_rate_name(e->name, rate, sizeof(rate)))
		s->col = col_find(&b->tc[v], rate);
	if (s->col > 0) {
		s->c = &b->tc[v].c[s->col];
		s->t = probe_tmpl_of(rate);
		snprintf(s->probes, sizeof(s->probes), "%s", rate);
		snprintf(s->note, sizeof(s->note), "%llu instants with an event, more than the %llu the log keeps: drawn as a rate",
			 e->instants, e->kept);
	} else {
		snprintf(s->note, sizeof(s->note), "%llu instants with an event, more than the %llu the log keeps: not drawn",
			 e->instants, e->kept);
	}
}

static void gather(struct build *b)
{
	char glob[128];
	int sp, v, i;

	for (sp = 0; sp < MAX_SPECS && b->d->s[sp].glob; sp++) {
		if (b->only >= 0 && sp != b->only)
			continue;
		expand(b->d->s[sp].glob, b->app, glob, sizeof(glob));
		for (v = 0; v < b->nin; v++) {
			if (b->d->s[sp].role == EVENT) {
				for (i = 0; i < b->el[v].n; i++)
					if (!fnmatch(glob, b->el[v].e[i].name, 0))
						add_event(b, sp, v, &b->el[v].e[i]);
				continue;
			}
			for (i = 1; i < b->tc[v].n; i++) {
				struct series *s;

				if (fnmatch(glob, b->tc[v].c[i].name, 0))
					continue;
				s = add(b, sp, v, b->tc[v].c[i].name);
				s->col = i;
				s->c = &b->tc[v].c[i];
				s->zero = s->role == LINE && !s->c->nonzero;
			}
		}
	}
}

static const char *label_of(const struct series *s)
{
	return s->t && s->t->label ? s->t->label : s->name;
}

/* One colour per quantity and instance, in order of appearance; the
 * series sorted by design order, zero series last, quantity, run. */
static void identify(struct build *b)
{
	int i, j, next = 0;

	for (i = 0; i < b->n; i++) {
		b->s[i].ident = -1;
		for (j = 0; j < i && b->s[i].ident < 0; j++)
			if (!strcmp(label_of(&b->s[j]), label_of(&b->s[i])) &&
			    !strcmp(b->s[j].inst, b->s[i].inst))
				b->s[i].ident = b->s[j].ident;
		if (b->s[i].ident < 0)
			b->s[i].ident = next++;
	}
	for (i = 1; i < b->n; i++) {	/* insertion sort: stable */
		struct series x = b->s[i];

		for (j = i; j > 0; j--) {
			const struct series *p = &b->s[j - 1];

			if (p->spec != x.spec ? p->spec < x.spec : p->zero != x.zero ? x.zero :
			    p->ident != x.ident ? p->ident < x.ident : p->v <= x.v)
				break;
			b->s[j] = b->s[j - 1];
		}
		b->s[j] = x;
	}
	/* colours for the quantities that are not zero throughout */
	for (i = 0, next = 0; i < b->n; i++) {
		for (j = 0; j < i && !b->s[i].colour; j++)
			if (b->s[j].ident == b->s[i].ident)
				b->s[i].colour = b->s[j].colour;
		if (!b->s[i].colour && !b->s[i].zero)
			b->s[i].colour = palette[next++ % (int)ARRAY_SIZE(palette)];
	}
	for (i = 0; i < b->n; i++)
		if (!b->s[i].colour)
			b->s[i].colour = GREY;
}

/* Does the plot show this series' probes for more than one instance? */
static bool several(const struct build *b, const struct series *s)
{
	int i;

	for (i = 0; i < b->n; i++)
		if (b->s[i].spec == s->spec && strcmp(b->s[i].inst, s->inst))
			return true;
	return false;
}

static size_t catf(char *buf, size_t len, size_t o, const char *fmt, ...)
{
	va_list ap;

	if (o >= len)
		return o;
	va_start(ap, fmt);
	o += (size_t)vsnprintf(buf + o, len - o, fmt, ap);
	va_end(ap);
	return o < len ? o : len - 1;
}

/* "LABEL (dut txq0, txq1; peer txq0), RUN (zero throughout)" for the zero
 * series of one quantity and run; the first of them carries the entry. */
static void zero_groups(struct build *b)
{
	int i, j;

	for (i = 0; i < b->n; i++) {
		struct series *s = &b->s[i];
		char host[64] = "";
		size_t o, pp = strlen(s->probes);
		int ninst = 0;

		if (!s->zero || s->hidden)
			continue;
		s->colour = GREY;
		o = catf(s->label, sizeof(s->label), 0, "%s", label_of(s));
		for (j = i; j < b->n; j++) {
			struct series *z = &b->s[j];
			const char *sp = strchr(z->inst, ' ');
			size_t hl = sp ? (size_t)(sp - z->inst) : strlen(z->inst);

			if (!z->zero || z->v != s->v || strcmp(label_of(z), label_of(s)))
				continue;
			if (j > i) {
				z->hidden = true;
				pp = catf(s->probes, sizeof(s->probes), pp, ", %s", z->name);
			}
			if (!z->inst[0])
				continue;
			if (sp && ninst && strlen(host) == hl && !strncmp(host, z->inst, hl))
				o = catf(s->label, sizeof(s->label), o, ", %s", sp + 1);
			else
				o = catf(s->label, sizeof(s->label), o, "%s%s", ninst ? "; " : " (",
					 z->inst);
			snprintf(host, sizeof(host), "%.*s", (int)hl, z->inst);
			ninst++;
		}
		if (ninst)
			o = catf(s->label, sizeof(s->label), o, ")");
		if (b->in[s->v].words)
			o = catf(s->label, sizeof(s->label), o, ", %s", b->in[s->v].words);
		catf(s->label, sizeof(s->label), o, " (zero throughout)");
	}
}

static void fmt_num(double v, char *buf, size_t len)
{
	if (v == (double)(long long)v && v < 1e7)
		snprintf(buf, len, "%lld", (long long)v);
	else
		snprintf(buf, len, "%.4g", v);
}

/* A limit in words, "send limit: 2 x sk_sndbuf = 4096 bytes": the factor
 * as the trace shows it (the limit over its base probe on every row), the
 * value if it never changed. */
static size_t limit_label(struct build *b, struct series *s)
{
	const struct spec *sp = &b->d->s[s->spec];
	const struct probe_tmpl *bt = NULL;
	char base[128], num[32], path[4200];
	size_t o;
	int bc = -1, k = 0;

	if (sp->base) {
		struct plot_app own;
		const char *a = strchr(s->name, '.');

		/* the series' own app: one connection of a parallel app */
		memset(&own, 0, sizeof(own));
		if (b->app)
			own = *b->app;
		if (b->app && a)
			snprintf(own.name, sizeof(own.name), "%.*s", (int)strcspn(a + 1, "."), a + 1);
		expand(sp->base, b->app ? &own : NULL, base, sizeof(base));
		bc = col_find(&b->tc[s->v], base);
		bt = probe_tmpl_of(base);
	}
	snprintf(path, sizeof(path), "%s/%s", b->dir, b->in[s->v].csv);
	if (bc > 0 && bt)
		k = multiple_of(path, s->col, bc);
	o = catf(s->label, sizeof(s->label), 0, "%s", label_of(s));
	if (k > 1)
		o = catf(s->label, sizeof(s->label), o, ": %d x %s", k, bt->label);
	else if (k)
		o = catf(s->label, sizeof(s->label), o, ": %s", bt->label);
	if (k)
		catf(s->probes, sizeof(s->probes), strlen(s->probes), " = %d x %s", k, base);
	if (s->c->constant) {
		fmt_num(s->c->first, num, sizeof(num));
		o = catf(s->label, sizeof(s->label), o, " = %s %s", num, s->t ? s->t->unit : "");
	}
	return o;
}

/* A later run's limit that is the first run's constant is not drawn
 * again; true if every run's is. */
static bool limit_shared(struct build *b, const struct series *s)
{
	int i, same = 0;

	for (i = 0; i < b->n; i++) {
		struct series *x = &b->s[i];

		if (x->role == LIMIT && x->v && !strcmp(x->name, s->name) && s->c->constant &&
		    x->c->constant && x->c->first == s->c->first) {
			x->hidden = true;
			same++;
		}
	}
	return same == b->nin - 1;
}

static void labels(struct build *b)
{
	int i;

	zero_groups(b);
	for (i = 0; i < b->n; i++) {
		struct series *s = &b->s[i];
		const char *words = b->in[s->v].words;
		size_t o;

		if (s->zero || s->hidden)
			continue;
		if (s->role == LIMIT) {
			o = limit_label(b, s);
			if (!s->v && limit_shared(b, s))
				words = NULL;
		} else {
			o = catf(s->label, sizeof(s->label), 0, "%s", label_of(s));
		}
		if (s->inst[0] && several(b, s))
			o = catf(s->label, sizeof(s->label), o, " (%s)", s->inst);
		if (words)
			o = catf(s->label, sizeof(s->label), o, ", %s", words);
		if (s->marks && s->ev->instants) {
			catf(s->label, sizeof(s->label), o, ": %llu", s->ev->instants);
			snprintf(s->note, sizeof(s->note), "a mark at each of the %llu instants with an event (%llu events)",
				 s->ev->instants, s->ev->sum);
		} else if (s->marks)
			catf(s->label, sizeof(s->label), o, ": none (zero throughout)");
		else if (s->role == EVENT && s->col < 0)
			catf(s->label, sizeof(s->label), o, ": too many to mark");
	}
}

/* --- layout and drawing -------------------------------------------- */

static bool in_main(const struct series *s)
{
	return !s->hidden && (s->role != EVENT || (!s->marks && s->col > 0));
}

static bool in_strip(const struct series *s)
{
	return !s->hidden && s->role == EVENT && (s->marks || s->col < 0);
}

/* Axis ends: a start-up spike is clipped (see plot.h). */
static void ranges(struct build *b)
{
	double late[2] = { 0, 0 };
	size_t o = 0;
	int i, ax;

	for (i = 0; i < b->n; i++) {
		const struct series *s = &b->s[i];

		if (!in_main(s))
			continue;
		b->axis_used[s->y2] = true;
		b->nkey++;
		if (s->c->max > b->max[s->y2])
			b->max[s->y2] = s->c->max;
		if (s->c->late > late[s->y2])
			late[s->y2] = s->c->late;
	}
	for (ax = 0; ax < 2; ax++) {
		char top[32], max[32];

		b->all_zero[ax] = b->max[ax] <= 0;
		if (late[ax] <= 0 || b->max[ax] <= SPIKE_RATIO * late[ax])
			continue;
		b->top[ax] = late[ax] * 1.1;
		for (i = 0; i < b->n; i++)
			if (in_main(&b->s[i]) && b->s[i].y2 == ax && b->s[i].c->max > b->top[ax]) {
				b->s[i].clip = b->top[ax];
				fmt_num(b->s[i].c->max, max, sizeof(max));
				catf(b->s[i].note, sizeof(b->s[i].note), strlen(b->s[i].note),
				     "%sclipped: up to %s in the first tenth of the run",
				     b->s[i].note[0] ? "; " : "", max);
			}
		fmt_num(b->top[ax], top, sizeof(top));
		fmt_num(b->max[ax], max, sizeof(max));
		o = catf(b->note, sizeof(b->note), o,
			 "%sThe %s axis ends at %s, a tenth above its highest value after the first tenth of the run; earlier values up to %s are above it, marked with triangles on the top edge.",
			 o ? " " : "", ax ? "right" : "left", top, max);
	}
	for (i = 0; i < b->n; i++)
		if (in_strip(&b->s[i]))
			b->nrows++;
	for (i = 0; i < b->n; i++)
		if (in_strip(&b->s[i]) && !b->s[i].marks)
			o = catf(b->note, sizeof(b->note), o,
				 "%s%s: %llu instants with an event, more than the %llu its log keeps, not marked.",
				 o ? " " : "", b->s[i].label, b->s[i].ev->instants, b->s[i].ev->kept);
}

/* A string inside gnuplot's single quotes: no quote, no newline. */
static void gp_str(FILE *gp, const char *s)
{
	fputc('\'', gp);
	for (; *s; s++)
		fputc(*s == '\'' || *s == '\n' ? '"' : *s, gp);
	fputc('\'', gp);
}

#define WIDTH_PX	960
#define TITLE_PX	40
#define MAIN_PX		300
#define GAP_PX		10
#define ROW_PX		28
#define AXIS_PX		52
#define KEY_PX		19
#define LEFT		0.085
#define RIGHT		0.915
#define CHAR_PX		6.7	/* a legend character, about */
#define SAMPLE_PX	70	/* a legend entry's line sample and gaps */
#define KEY_COLS	4
#define KEY_SPLIT	16	/* more legend entries: a plot per quantity */

struct geom {
	int	h;			/* canvas */
	int	main_top, main_bot, strip_top, strip_bot, key_top;
};

/* The legend in as many columns as its longest entry lets fit beside each
 * other under the plot; gnuplot keeps a column within the plot's height,
 * so a long legend makes the plot taller. */
static int key_rows(const struct build *b)
{
	double avail = (1 - LEFT) * WIDTH_PX - 10;
	size_t longest = 1;
	int i, cols;

	for (i = 0; i < b->n; i++)
		if (in_main(&b->s[i]) && strlen(b->s[i].label) > longest)
			longest = strlen(b->s[i].label);
	cols = (int)(avail / (longest * CHAR_PX + SAMPLE_PX));
	cols = cols < 1 ? 1 : cols > KEY_COLS ? KEY_COLS : cols;
	return (b->nkey + cols - 1) / cols;
}

static void layout(const struct build *b, struct geom *g)
{
	int y = TITLE_PX;
	bool main = b->nkey > 0;

	g->main_top = y;
	if (main)
		y += MAX(MAIN_PX, b->krows * KEY_PX + 12);
	g->main_bot = y;
	if (main && b->nrows)
		y += GAP_PX;
	g->strip_top = y;
	y += b->nrows * ROW_PX;
	g->strip_bot = y;
	y += AXIS_PX;
	g->key_top = y;
	if (b->nkey)
		y += b->krows * KEY_PX + 10;
	g->h = y;
}

static double yf(const struct geom *g, int px)
{
	return 1.0 - (double)px / g->h;
}

static void axis_range(FILE *gp, const struct build *b, int ax)
{
	const char *name = ax ? "y2range" : "yrange";

	if (b->all_zero[ax])
		fprintf(gp, "set %s [0:1]\n", name);
	else if (b->top[ax] > 0)
		fprintf(gp, "set %s [0:%.6g]\n", name, b->top[ax]);
	else	/* a little room above the highest point */
		fprintf(gp, "set %s [0:%.6g]\n", name, b->max[ax] * 1.06);
}

/*
 * The main plot's columns, read from each trace once: gnuplot re-reads and
 * splits the whole file (hundreds of columns) for every series it draws,
 * so the columns a plot needs are first copied into datablocks
 * ($tV_B: the time and up to TABLE_COLS of them, gnuplot's limit on a
 * using spec being 14 columns) with `plot ... with table`.
 */
#define TABLE_COLS	13

/* The slot of main-plot series i among those of its input, in draw order:
 * datablock slot / TABLE_COLS, column slot % TABLE_COLS + 2. */
static int table_slot(const struct build *b, int i)
{
	int j, k = 0;

	for (j = 0; j < i; j++)
		k += in_main(&b->s[j]) && b->s[j].v == b->s[i].v;
	return k;
}

static void write_tables(FILE *gp, const struct build *b)
{
	int v, i, k;

	for (v = 0; v < b->nin; v++) {
		for (i = 0, k = 0; i < b->n; i++) {
			const struct series *s = &b->s[i];

			if (!in_main(s) || s->v != v)
				continue;
			if (k % TABLE_COLS == 0)
				fprintf(gp, "%sset table $t%d_%d\nplot '%s' using 1", k ? " with table\nunset table\n" : "",
					v, k / TABLE_COLS, b->in[v].csv);
			fprintf(gp, ":%d", s->col + 1);
			k++;
		}
		if (k)
			fputs(" with table\nunset table\n", gp);
	}
}

static void write_main(FILE *gp, const struct build *b, const struct geom *g)
{
	int i, n = 0;

	fprintf(gp, "set tmargin at screen %.5f\nset bmargin at screen %.5f\n",
		yf(g, g->main_top), yf(g, g->main_bot));
	fputs("set ylabel ", gp);
	gp_str(gp, b->d->y1_unit);
	fputc('\n', gp);
	axis_range(gp, b, 0);
	if (b->axis_used[1]) {
		fputs("set y2label ", gp);
		gp_str(gp, b->d->y2_unit ? b->d->y2_unit : "");
		fputs("\nset y2tics\nset ytics nomirror\n", gp);
		axis_range(gp, b, 1);
	}
	if (b->nrows)
		fputs("set format x ''\nunset xlabel\n", gp);
	else
		fputs("set xlabel 'simulated time (s)'\n", gp);
	fprintf(gp, "set key at screen %.5f,%.5f left top vertical Left reverse samplen 3 spacing 1.1 maxrows %d\n",
		LEFT, yf(g, g->key_top), b->krows);
	fputs("set datafile separator whitespace\nset datafile nocolumnheaders\n", gp);
	for (i = 0; i < b->n; i++) {
		const struct series *s = &b->s[i];
		int k;

		if (!in_main(s))
			continue;
		k = table_slot(b, i);
		fprintf(gp, "%s$t%d_%d using 1:%d with steps lw %.1f lc rgb '%s' dt %d axes x1y%d title ",
			n++ ? ", \\\n     " : "plot ", s->v, k / TABLE_COLS, k % TABLE_COLS + 2,
			s->role == LIMIT ? 2.4 : 1.6, s->colour, s->v + 1, s->y2 + 1);
		gp_str(gp, s->label);
		if (s->clip > 0)
			fprintf(gp, ", \\\n     $t%d_%d using 1:(column(%d) > %.6g ? %.6g : NaN) axes x1y%d with points pt 9 ps 0.8 lc rgb '%s' notitle",
				s->v, k / TABLE_COLS, k % TABLE_COLS + 2, s->clip, s->clip,
				s->y2 + 1, s->colour);
	}
	fputs("\nset datafile separator ','\nset datafile columnheaders\n", gp);
}

static void write_strip(FILE *gp, const struct build *b, const struct geom *g)
{
	int i, row = b->nrows, n = 0;

	fprintf(gp, "unset key\nunset label\nunset y2tics\nunset y2label\nunset ylabel\nunset ytics\n"
		"set format x '%% h'\nset xlabel 'simulated time (s)'\nunset grid\nset grid xtics\n"
		"set tmargin at screen %.5f\nset bmargin at screen %.5f\nset yrange [0:%d]\n",
		yf(g, g->strip_top), yf(g, g->strip_bot), b->nrows);
	for (i = 1; i < b->nrows; i++)
		fprintf(gp, "set arrow from graph 0, first %d to graph 1, first %d nohead lc rgb '#dddddd' back\n",
			i, i);
	for (i = 0; i < b->n; i++) {
		const struct series *s = &b->s[i];

		if (!in_strip(s))
			continue;
		row--;
		fprintf(gp, "set label %d ", row + 1);
		gp_str(gp, s->label);
		fprintf(gp, " at graph 0.004, first %.2f left front font ',9' textcolor rgb '%s'\n",
			row + 0.6, s->colour);
	}
	for (i = 0, row = b->nrows; i < b->n; i++) {
		const struct series *s = &b->s[i];

		if (!in_strip(s))
			continue;
		row--;
		if (!s->marks || !s->ev->kept || !b->in[s->v].events)
			continue;
		fprintf(gp, "%s'%s' using 1:(strcol(2) eq '%s' ? %.2f : NaN):(0):(0.4) with vectors nohead lw 1.3 lc rgb '%s' notitle",
			n++ ? ", \\\n     " : "plot ", b->in[s->v].events, s->name, row + 0.08,
			s->colour);
	}
	fputs(n ? "\n" : "plot 1/0 notitle\n", gp);
	fputs("unset arrow\nunset label\n", gp);
}

/* Terminals, with the canvas height as %d. */
static const char *const terminals[][2] = {
	{ "svg size 960,%d dynamic noenhanced font 'DejaVu Sans,11' background '#ffffff'", "svg" },
	{ "pngcairo size 960,%d noenhanced font 'DejaVu Sans,10'", "png" },
};

static void write_plot(FILE *gp, const struct build *b)
{
	struct geom g;
	int t;

	layout(b, &g);
	for (t = 0; t < (int)ARRAY_SIZE(terminals); t++) {
		fputs("\nreset\nset terminal ", gp);
		fprintf(gp, terminals[t][0], g.h);
		fprintf(gp, "\nset output '%s.%s'\n", b->name, terminals[t][1]);
		fputs("set datafile separator ','\nset datafile columnheaders\nset grid\n", gp);
		fprintf(gp, "set xrange [0:%.9g]\nset lmargin at screen %.3f\nset rmargin at screen %.3f\n",
			b->duration, LEFT, RIGHT);
		if (t == 0 && b->nkey)	/* datablocks outlive reset */
			write_tables(gp, b);
		fputs("set multiplot title ", gp);
		gp_str(gp, b->title);
		fputs(" font ',13'\n", gp);
		if (b->nkey)
			write_main(gp, b, &g);
		if (b->nrows)
			write_strip(gp, b, &g);
		fputs("unset multiplot\n", gp);
	}
}

static int run_gnuplot(const char *dir, char *msg, size_t len)
{
	return plot_gnuplot(dir, "plots.gp", msg, len);
}

int plot_gnuplot(const char *dir, const char *script, char *msg, size_t len)
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
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
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

/* The page's legend for a plot: the main plot's entries, then the rows of
 * its strip. */
static void describe(const struct build *b, struct plot_out *out)
{
	int i, pass;

	memset(out, 0, sizeof(*out));
	snprintf(out->name, sizeof(out->name), "%s", b->name);
	snprintf(out->title, sizeof(out->title), "%s", b->title);
	snprintf(out->note, sizeof(out->note), "%s", b->note);
	out->key = xcalloc((size_t)b->n + 1, sizeof(*out->key));
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < b->n; i++) {
			const struct series *s = &b->s[i];
			struct plot_key *k = &out->key[out->nkey];

			if (pass ? !in_strip(s) : !in_main(s))
				continue;
			snprintf(k->label, sizeof(k->label), "%s", s->label);
			snprintf(k->probes, sizeof(k->probes), "%s", s->probes);
			snprintf(k->note, sizeof(k->note), "%s", s->note);
			out->nkey++;
		}
}

/* NAME, NAME-APP; a design drawn a quantity per plot adds the quantity
 * (tcp_window-snd_cwnd) and names it in the title. */
static void plot_name(const struct plot_design *d, const struct plot_app *app, struct build *b)
{
	char who[40], *p;
	size_t o;

	expand_as(d->title, app, true, b->title, sizeof(b->title));
	expand_as("{A}", app, true, who, sizeof(who));
	o = (size_t)snprintf(b->name, sizeof(b->name), "%s%s%s", d->name, app ? "-" : "",
			     app ? who : "");
	if (b->only >= 0 && b->n && o < sizeof(b->name)) {
		snprintf(b->name + o, sizeof(b->name) - o, "-%s", label_of(&b->s[0]));
		o = strlen(b->title);
		snprintf(b->title + o, sizeof(b->title) - o, ": %s", label_of(&b->s[0]));
	}
	for (p = b->name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			*p = '_';
}

/* The series of b and their legend; false (nothing allocated) if none. */
static bool prepare(struct build *b)
{
	gather(b);
	if (!b->n) {
		free(b->s);
		return false;
	}
	identify(b);
	labels(b);
	ranges(b);
	b->krows = key_rows(b);
	return true;
}

static int specs_drawn(const struct build *b)
{
	bool seen[MAX_SPECS] = { false };
	int i, k = 0;

	for (i = 0; i < b->n; i++)
		if (!seen[b->s[i].spec]) {
			seen[b->s[i].spec] = true;
			k++;
		}
	return k;
}

/* Write b's plot, describe it in out, free b's series: 1. */
static int draw(FILE *gp, struct build *b, struct plot_out *out)
{
	plot_name(b->d, b->app, b);
	write_plot(gp, b);
	describe(b, out);
	free(b->s);
	return 1;
}

int plot_traces(const char *dir, const struct plot_input *in, int nin,
		const struct plot_app *apps, int napps, double duration,
		struct plot_out *out, int max, char *msg, size_t len)
{
	struct trace_cols *tc = xcalloc((size_t)nin, sizeof(*tc));
	struct ev_list *el = xcalloc((size_t)nin, sizeof(*el));
	char path[4200];
	FILE *gp = NULL;
	int v, d, a, n = 0, rc = -1;

	for (v = 0; v < nin; v++) {
		snprintf(path, sizeof(path), "%s/%s", dir, in[v].csv);
		if (csv_scan(path, duration * STARTUP, &tc[v])) {
			snprintf(msg, len, "cannot read the trace %s", path);
			goto out;
		}
		snprintf(path, sizeof(path), "%s/%s", dir, in[v].events ? in[v].events : "");
		events_scan(in[v].events ? path : NULL, &el[v]);
	}
	snprintf(path, sizeof(path), "%s/plots.gp", dir);
	gp = fopen(path, "w");
	if (!gp) {
		snprintf(msg, len, "cannot write %s", path);
		goto out;
	}
	fputs("# nicsim: plots of the traces and event logs in this directory (gnuplot plots.gp)\n", gp);
	for (d = 0; d < (int)ARRAY_SIZE(designs); d++) {
		for (a = 0; a < (designs[d].per_app ? napps : 1) && n < max; a++) {
			struct build b = { .d = &designs[d], .app = designs[d].per_app ? &apps[a] : NULL,
					   .apps = apps, .napps = napps, .only = -1, .in = in,
					   .tc = tc, .el = el, .dir = dir, .nin = nin,
					   .duration = duration };
			int sp;

			if (!prepare(&b))
				continue;
			if (b.nkey <= KEY_SPLIT || specs_drawn(&b) < 2) {
				n += draw(gp, &b, &out[n]);
				continue;
			}
			free(b.s);
			for (sp = 0; sp < MAX_SPECS && designs[d].s[sp].glob && n < max; sp++) {
				struct build q = { .d = b.d, .app = b.app, .apps = apps,
						   .napps = napps, .only = sp, .in = in, .tc = tc,
						   .el = el, .dir = dir, .nin = nin,
						   .duration = duration };

				if (prepare(&q))
					n += draw(gp, &q, &out[n]);
			}
		}
	}
	if (fclose(gp)) {
		snprintf(msg, len, "cannot write %s", path);
		goto out;
	}
	rc = n && run_gnuplot(dir, msg, len) ? -1 : n;
	if (rc < 0)
		plot_out_free(out, n);
out:
	for (v = 0; v < nin; v++) {
		cols_free(&tc[v]);
		free(el[v].e);
	}
	free(tc);
	free(el);
	return rc;
}

void plot_out_free(struct plot_out *out, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(out[i].key);
		out[i].key = NULL;
		out[i].nkey = 0;
	}
}
