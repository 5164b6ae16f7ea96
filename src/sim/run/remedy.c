// SPDX-License-Identifier: MIT
/* Verified remedies for nicsim explain: see remedy.h for the contract. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "sim/run/remedy.h"
#include "drivers/net/nic.h"
#include "sim/engine/util.h"

static void outcome_take(struct outcome *o, const struct world *w)
{
	int i;

	o->app = xcalloc((size_t)MAX(w->nr_apps, 1), sizeof(*o->app));
	o->timeouts = xcalloc((size_t)MAX(w->nr_hosts, 1), sizeof(*o->timeouts));
	o->cpu_busy = xcalloc((size_t)MAX(w->nr_hosts, 1), sizeof(*o->cpu_busy));
	o->link_mbps = (double)world_link_rate(w, &w->hosts[0]) / 1e6;
	for (i = 0; i < w->nr_hosts; i++) {
		/* with a switch: the slowest host link */
		o->link_mbps = MIN(o->link_mbps, (double)world_link_rate(w, &w->hosts[i]) / 1e6);
		o->timeouts[i] = netdev_tx_timeouts(&w->hosts[i].dev);
		world_busiest_cpu(&w->hosts[i], &o->cpu_busy[i], w->duration);
	}
	for (i = 0; i < w->nr_apps; i++) {
		const struct world_app *a = &w->apps[i];
		struct outcome_app *r = &o->app[i];
		struct nic_info ni;

		if (a->kind == APP_PING) {
			r->enobufs = a->u.ping.enobufs;
			r->sent = a->u.ping.ntransmitted;
			r->answered = a->u.ping.nreceived;
			/* stopped by the end of the run, not by itself */
			r->may_be_in_flight = a->u.ping.t_end >= w->duration;
			r->rtt_ms = a->u.ping.nreceived ? (double)a->u.ping.tsum /
				    (double)a->u.ping.nreceived / 1000 : 0;
		} else if (a->kind == APP_STREAM) {
			r->goodput = stream_goodput_mbps(&a->u.stream, w->duration);
		} else if (a->kind == APP_UDP) {
			nic_info(a->u.udp.dest, &ni);
			r->enobufs = a->u.udp.enobufs;
			r->udp_sent = a->u.udp.sent;
			r->udp_received = a->u.udp.sink_packets;
			r->rx_no_desc = ni.rx_no_desc_drops;
		}
	}
}

static void outcome_free(struct outcome *o)
{
	free(o->app);
	free(o->timeouts);
	free(o->cpu_busy);
}

void explain_init(struct explain *x, const struct world *w, const struct world_rerun *rr)
{
	memset(x, 0, sizeof(*x));
	x->w = w;
	x->rr = rr;
	outcome_take(&x->before, w);
}

void explain_free(struct explain *x)
{
	int i;

	for (i = 0; i < x->nr_cache; i++) {
		outcome_free(x->cache[i]);
		free(x->cache[i]);
	}
	free(x->cache);
	outcome_free(&x->before);
	memset(x, 0, sizeof(*x));
}

void remedy_list_init(struct remedy_list *l, enum symptom sym, int idx)
{
	memset(l, 0, sizeof(*l));
	l->sym = sym;
	l->idx = idx;
}

struct remedy *remedy_add(struct remedy_list *l, const char *what, ...)
{
	struct remedy *r;
	va_list ap;

	if (l->n == REMEDY_MAX)
		return NULL;
	r = &l->v[l->n++];
	memset(r, 0, sizeof(*r));
	va_start(ap, what);
	vsnprintf(r->what, sizeof(r->what), what, ap);
	va_end(ap);
	return r;
}

void remedy_set(struct remedy *r, const char *fmt, ...)
{
	va_list ap;

	if (!r || r->nr_sets == REMEDY_SETS)
		return;
	va_start(ap, fmt);
	vsnprintf(r->set[r->nr_sets++], REMEDY_SET_LEN, fmt, ap);
	va_end(ap);
}

static void remedy_key(const struct remedy *r, char *key, size_t len)
{
	size_t off = 0;
	int i;

	key[0] = 0;
	for (i = 0; i < r->nr_sets && off < len; i++)
		off += (size_t)snprintf(key + off, len - off, "%s%s", i ? " " : "", r->set[i]);
}

static void take_done(const struct world *w, void *arg)
{
	outcome_take(arg, w);
}

/* The outcome of a run with r's overrides, from the cache or run now. */
static const struct outcome *rerun(struct explain *x, const struct remedy *r)
{
	char *sets[REMEDY_SETS];
	struct outcome *o;
	char key[sizeof(o->key)];
	int i;

	remedy_key(r, key, sizeof(key));
	for (i = 0; i < x->nr_cache; i++)
		if (!strcmp(x->cache[i]->key, key))
			return x->cache[i];
	x->cache = xrealloc(x->cache, (size_t)(x->nr_cache + 1) * sizeof(*x->cache));
	o = xcalloc(1, sizeof(*o));
	x->cache[x->nr_cache++] = o;
	snprintf(o->key, sizeof(o->key), "%s", key);
	for (i = 0; i < r->nr_sets; i++)
		sets[i] = (char *)r->set[i];
	o->status = x->rr->run(x->rr, sets, r->nr_sets, take_done, o);
	return o;
}

static bool goodput_up(const struct outcome *b, const struct outcome *a, int i)
{
	double was = b->app[i].goodput, now = a->app[i].goodput;

	return now >= REMEDY_GAIN * was || (now >= REMEDY_LINK * a->link_mbps && now > was);
}

static int app_host(const struct world *w, int i)
{
	const struct world_app *a = &w->apps[i];

	if (a->kind == APP_PING)
		return a->u.ping.host->idx;
	if (a->kind == APP_STREAM)
		return a->u.stream.host->idx;
	if (a->kind == APP_RR)
		return a->u.rr.host->idx;
	return a->u.udp.host->idx;
}

static bool is_fixed(const struct explain *x, const struct remedy_list *l, const struct outcome *o)
{
	const struct outcome_app *a = &o->app[l->idx];

	if (o->status)
		return false;
	switch (l->sym) {
	case SYM_PING:
		return !a->enobufs && a->sent > 0 &&
		       a->answered >= a->sent - (a->may_be_in_flight ? 1 : 0);
	case SYM_GOODPUT:
		return goodput_up(&x->before, o, l->idx);
	case SYM_STOPPED:
		return goodput_up(&x->before, o, l->idx) && !o->timeouts[app_host(x->w, l->idx)];
	case SYM_UDP:
		return !a->enobufs && !a->rx_no_desc;
	case SYM_WATCHDOG:
		return !o->timeouts[l->idx];
	case SYM_CPU:
		return o->cpu_busy[l->idx] < REMEDY_CPU_BUSY;
	case SYM_UDP_SENT:
		return a->udp_sent >= REMEDY_SENT * MAX(x->before.app[l->idx].udp_sent, 1u);
	case SYM_RTT:	/* no more pings lost: a re-run may send fewer */
		return a->rtt_ms > 0 &&
		       a->sent - a->answered <= x->before.app[l->idx].sent -
						x->before.app[l->idx].answered &&
		       a->rtt_ms <= REMEDY_RTT * x->before.app[l->idx].rtt_ms;
	}
	return false;
}

void remedies_verify(struct explain *x, struct remedy_list *l)
{
	int i, j, n = 0;
	char ki[REMEDY_SETS * REMEDY_SET_LEN], kj[sizeof(ki)];

	for (i = 0; i < l->n; i++) {	/* drop duplicates and empty ones */
		bool dup = !l->v[i].nr_sets;

		remedy_key(&l->v[i], ki, sizeof(ki));
		for (j = 0; j < n && !dup; j++) {
			remedy_key(&l->v[j], kj, sizeof(kj));
			dup = !strcmp(ki, kj);
		}
		if (!dup)
			l->v[n++] = l->v[i];
	}
	l->n = n;
	if (!x->rr)
		return;
	for (i = 0; i < l->n; i++) {
		l->v[i].res = rerun(x, &l->v[i]);
		l->v[i].fixed = is_fixed(x, l, l->v[i].res);
	}
}

bool remedy_fixed(const struct remedy_list *l, const char *set)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].nr_sets == 1 && !strcmp(l->v[i].set[0], set))
			return l->v[i].fixed;
	return false;
}

/* The figure that shows whether the symptom is gone. */
static void figure(const struct explain *x, const struct remedy_list *l, const struct outcome *o,
		   FILE *out)
{
	const struct outcome_app *a = &o->app[l->idx], *b = &x->before.app[l->idx];

	if (o->status < 0) {
		fprintf(out, "the run stopped at a limit");
		return;
	}
	switch (l->sym) {
	case SYM_PING:
		fprintf(out, "%llu ENOBUFS, %ld of %ld answered", (unsigned long long)a->enobufs,
			a->answered, a->sent);
		break;
	case SYM_GOODPUT:
	case SYM_STOPPED:
		fprintf(out, "%.1f Mbit/s, was %.1f", a->goodput, b->goodput);
		if (l->sym == SYM_STOPPED)
			fprintf(out, ", %llu TX watchdog timeouts",
				(unsigned long long)o->timeouts[app_host(x->w, l->idx)]);
		break;
	case SYM_UDP:
		fprintf(out, "%llu ENOBUFS, %llu RX-descriptor drops, %llu of %llu received",
			(unsigned long long)a->enobufs, (unsigned long long)a->rx_no_desc,
			(unsigned long long)a->udp_received, (unsigned long long)a->udp_sent);
		break;
	case SYM_WATCHDOG:
		fprintf(out, "%llu TX watchdog timeouts, was %llu",
			(unsigned long long)o->timeouts[l->idx],
			(unsigned long long)x->before.timeouts[l->idx]);
		break;
	case SYM_CPU:
		fprintf(out, "busiest CPU busy %.1f %%, was %.1f", o->cpu_busy[l->idx],
			x->before.cpu_busy[l->idx]);
		break;
	case SYM_UDP_SENT:
		fprintf(out, "%llu datagrams sent, was %llu", (unsigned long long)a->udp_sent,
			(unsigned long long)b->udp_sent);
		break;
	case SYM_RTT:
		fprintf(out, "mean round trip %.3f ms, was %.3f; %ld of %ld answered", a->rtt_ms,
			b->rtt_ms, a->answered, a->sent);
		break;
	}
}

void remedies_print(const struct explain *x, const struct remedy_list *l, FILE *out)
{
	int i, j, tried = 0, fixed = 0;

	for (i = 0; x->rr && i < l->n; i++) {
		const struct remedy *r = &l->v[i];

		if (r->res->status == 1)	/* refused by the scenario checker */
			continue;
		tried++;
		if (!r->fixed)
			continue;
		fixed++;
		fprintf(out, "  remedy (verified: ");
		figure(x, l, r->res, out);
		fprintf(out, "): %s  [", r->what);
		for (j = 0; j < r->nr_sets; j++)
			fprintf(out, "%s--set %s", j ? " " : "", r->set[j]);
		fprintf(out, "]\n");
	}
	if (!tried)
		return;
	if (fixed)
		fprintf(out, "  %d remed%s tried, %d fixed it", tried, tried == 1 ? "y" : "ies", fixed);
	else
		fprintf(out, "  no tested remedy fixed it");
	for (i = 0, j = 0; i < l->n; i++) {
		const struct remedy *r = &l->v[i];

		if (r->res->status == 1 || r->fixed)
			continue;
		fprintf(out, "%s%s (", j++ ? "; " : fixed ? "; not: " : ": tried ", r->what);
		figure(x, l, r->res, out);
		fprintf(out, ")");
	}
	fprintf(out, ".\n");
}
