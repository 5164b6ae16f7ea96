// SPDX-License-Identifier: MIT
/*
 * Results: the JSON document (schema in docs/results.md) and the short
 * human summary. Every number here is read from the model's own counters.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "net/sched/sch_fq_codel.h"
#include "net/sched/sch_tbf.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

static const char *const acct_names[ACCT_NR] = { "us", "sy", "hi", "si" };
static const char *const softirq_names[NR_SOFTIRQS] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "TASKLET",
};

/* Fixed decimals keep the text stable and readable. */
static json_t *jreal(double v, int decimals)
{
	double f = pow(10, decimals);

	return json_real(round(v * f) / f);
}

static int cmp_time(const void *a, const void *b)
{
	sim_time_t x = *(const sim_time_t *)a, y = *(const sim_time_t *)b;

	return (x > y) - (x < y);
}

/* Nearest-rank percentile of the recorded RTTs, in microseconds. */
static double rtt_percentile(const sim_time_t *sorted, uint32_t n, double pct)
{
	uint32_t rank;

	if (!n)
		return 0;
	rank = (uint32_t)ceil(pct / 100.0 * n);
	if (rank < 1)
		rank = 1;
	return time_to_us(sorted[rank - 1]);
}

static json_t *ping_rtt(const struct ping *p)
{
	sim_time_t *v = xcalloc(MAX(p->nr_rtt, 1u), sizeof(*v));
	json_t *o = json_object();
	double avg = 0, mdev = 0;
	uint64_t i;

	for (i = 0; i < p->nr_rtt; i++)
		v[i] = (sim_time_t)p->rtt_us[i] * PS_PER_US;
	qsort(v, p->nr_rtt, sizeof(*v), cmp_time);
	if (p->nreceived) {
		double s2 = (double)p->tsum2 / p->nreceived;

		avg = (double)p->tsum / p->nreceived;
		mdev = sqrt(fmax(0, s2 - avg * avg));
	}
	json_object_set_new(o, "min", json_integer(p->nreceived ? p->tmin : 0));
	json_object_set_new(o, "avg", jreal(avg, 3));
	json_object_set_new(o, "max", json_integer(p->nreceived ? p->tmax : 0));
	json_object_set_new(o, "mdev", jreal(mdev, 3));
	json_object_set_new(o, "p50", jreal(rtt_percentile(v, (uint32_t)p->nr_rtt, 50), 3));
	json_object_set_new(o, "p99", jreal(rtt_percentile(v, (uint32_t)p->nr_rtt, 99), 3));
	free(v);
	return o;
}

static json_t *transcript_lines(const struct transcript *t)
{
	json_t *a = json_array();
	const char *s = t->buf, *e;

	while (s && s < t->buf + t->len) {
		e = memchr(s, '\n', (size_t)(t->buf + t->len - s));
		if (!e)
			e = t->buf + t->len;
		json_array_append_new(a, json_stringn(s, (size_t)(e - s)));
		s = e + 1;
	}
	return a;
}

static json_t *split_json(const sim_time_t *part, double div)
{
	json_t *o = json_object();
	int i;

	for (i = 0; i < RTT_NR; i++)
		json_object_set_new(o, rtt_part_names[i], jreal(time_to_us(part[i]) / div, 3));
	return o;
}

/* Mean of each part over the replies, in microseconds. */
static json_t *rtt_split_avg(const struct ping *p)
{
	return split_json(p->split_sum, p->nr_rtt ? (uint32_t)p->nr_rtt : 1);
}

/* Every reply: icmp_seq, RTT as ping printed it, and its parts. */
static json_t *replies_json(const struct ping *p)
{
	json_t *a = json_array();
	uint32_t i;

	for (i = 0; i < p->nr_replies; i++) {
		json_t *r = json_object();

		json_object_set_new(r, "seq", json_integer(p->replies[i].seq));
		json_object_set_new(r, "rtt_us", jreal(time_to_us(p->replies[i].rtt), 3));
		json_object_set_new(r, "split_us", split_json(p->replies[i].part, 1));
		/* as the pcap stamps it: nanoseconds, truncated */
		json_object_set_new(r, "request_wire_ns",
				    json_integer((json_int_t)(p->replies[i].req_wire / PS_PER_NS)));
		json_array_append_new(a, r);
	}
	return a;
}

static json_t *ping_json(const struct ping *p)
{
	json_t *o = json_object();

	json_object_set_new(o, "type", json_string("ping"));
	json_object_set_new(o, "host", json_string(p->host->name));
	json_object_set_new(o, "dest", json_string(p->dest->name));
	json_object_set_new(o, "transmitted", json_integer(p->ntransmitted));
	json_object_set_new(o, "received", json_integer(p->nreceived));
	/* ping's "% packet loss": what was sent and never answered */
	json_object_set_new(o, "loss_pct", jreal(p->ntransmitted ? 100.0 *
			    (double)(p->ntransmitted - p->nreceived) /
			    (double)p->ntransmitted : 0, 3));
	json_object_set_new(o, "enobufs", json_integer((json_int_t)p->enobufs));
	json_object_set_new(o, "errors_printed", json_integer((json_int_t)p->errors_printed));
	json_object_set_new(o, "first_error_seq", p->first_error_seq < 0 ? json_null() :
			    json_integer(p->first_error_seq));
	json_object_set_new(o, "first_error_s", p->first_error_seq < 0 ? json_null() :
			    jreal(time_to_s(p->first_error_t), 6));
	json_object_set_new(o, "first_printed_error_s", !p->errors_printed ? json_null() :
			    jreal(time_to_s(p->first_printed_error_t), 6));
	json_object_set_new(o, "last_printed_error_s", !p->errors_printed ? json_null() :
			    jreal(time_to_s(p->last_printed_error_t), 6));
	json_object_set_new(o, "rtt_us", ping_rtt(p));
	json_object_set_new(o, "sk_sndbuf", json_integer(p->sk.sk_sndbuf));
	json_object_set_new(o, "sk_wmem_alloc_peak", json_integer(p->sk.wmem_peak));
	json_object_set_new(o, "enobufs_limit", json_integer(2 * p->sk.sk_sndbuf));
	json_object_set_new(o, "skbs_held_at_end", json_integer(p->sk.skbs_held));
	json_object_set_new(o, "mean_skb_hold_us", jreal(p->sk.freed ?
			    time_to_us(p->sk.held_ps_total) / (double)p->sk.freed : 0, 3));
	json_object_set_new(o, "rtt_split_avg_us", rtt_split_avg(p));
	json_object_set_new(o, "replies", replies_json(p));
	json_object_set_new(o, "replies_not_recorded", json_integer((json_int_t)p->replies_omitted));
	json_object_set_new(o, "transcript", transcript_lines(&p->out));
	return o;
}

static json_t *udp_json(const struct udp_app *u, sim_time_t end)
{
	double span = time_to_s(udp_active_ps(u, end));
	json_t *o = json_object();

	json_object_set_new(o, "type", json_string("udp"));
	json_object_set_new(o, "host", json_string(u->host->name));
	json_object_set_new(o, "dest", json_string(u->dest->name));
	json_object_set_new(o, "sent", json_integer((json_int_t)u->sent));
	json_object_set_new(o, "received", json_integer((json_int_t)u->sink_packets));
	json_object_set_new(o, "received_bytes", json_integer((json_int_t)u->sink_bytes));
	json_object_set_new(o, "lost", json_integer((json_int_t)udp_lost(u)));
	json_object_set_new(o, "loss_pct", jreal(u->sink_expected ? 100.0 * (double)udp_lost(u) /
						 (double)u->sink_expected : 0, 4));
	json_object_set_new(o, "received_mbps",
			    jreal(span > 0 ? (double)u->sink_bytes * 8 / span / 1e6 : 0, 3));
	json_object_set_new(o, "received_pps",
			    jreal(span > 0 ? (double)u->sink_packets / span : 0, 1));
	json_object_set_new(o, "offered_mbps", jreal(span > 0 ? (double)u->sent *
						     (double)u->cfg.size * 8 / span / 1e6 : 0, 3));
	json_object_set_new(o, "eagain", json_integer((json_int_t)u->eagain));
	json_object_set_new(o, "blocked", json_integer((json_int_t)u->blocked));
	json_object_set_new(o, "blocked_s", jreal(time_to_s(udp_blocked_ps(u)), 6));
	json_object_set_new(o, "qdisc_drops", json_integer((json_int_t)u->enobufs));
	json_object_set_new(o, "sendmsg_enobufs", json_integer((json_int_t)u->sendmsg_enobufs));
	json_object_set_new(o, "sk_sndbuf", json_integer(u->sk.sk_sndbuf));
	json_object_set_new(o, "sk_wmem_alloc_peak", json_integer(u->sk.wmem_peak));
	return o;
}

static const char *const mode_text[] = { "write", "file+write", "sendfile", "mmap+write" };

double stream_goodput_mbps(const struct stream_app *s, sim_time_t end)
{
	sim_time_t t = end - s->cfg.start;

	return t > 0 ? (double)s->read * 8.0 / time_to_s(t) / 1e6 : 0;
}

enum tcp_limit tcp_main_limit(const struct tcp_sock *tp)
{
	int i, best = 0;

	for (i = 1; i < TCP_LIM_NR; i++)
		if (tp->lim_ps[i] > tp->lim_ps[best])
			best = i;
	return (enum tcp_limit)best;
}

static json_t *limited_json(const struct tcp_sock *tp)
{
	json_t *o = json_object();
	sim_time_t total = 0;
	int i;

	for (i = 0; i < TCP_LIM_NR; i++)
		total += tp->lim_ps[i];
	for (i = 0; i < TCP_LIM_NR; i++)
		json_object_set_new(o, tcp_limit_names[i],
				    jreal(total ? 100.0 * (double)tp->lim_ps[i] / (double)total : 0, 2));
	return o;
}

static json_t *stream_json(const struct stream_app *s, sim_time_t end)
{
	const struct tcp_sock *tp = &s->tx;
	json_t *o = json_object();

	json_object_set_new(o, "type", json_string(s->cfg.mode == STREAM_WRITE ? "stream" : "http"));
	json_object_set_new(o, "host", json_string(s->host->name));
	json_object_set_new(o, "dest", json_string(s->dest->name));
	json_object_set_new(o, "mode", json_string(mode_text[s->cfg.mode]));
	json_object_set_new(o, "goodput_mbps", jreal(stream_goodput_mbps(s, end), 3));
	json_object_set_new(o, "bytes", json_integer((json_int_t)s->read));
	json_object_set_new(o, "limited_by", limited_json(tp));
	json_object_set_new(o, "limited_by_main", json_string(tcp_limit_names[tcp_main_limit(tp)]));
	json_object_set_new(o, "segs_out", json_integer((json_int_t)tp->segs_out));
	json_object_set_new(o, "retransmits", json_integer((json_int_t)tp->retrans));
	json_object_set_new(o, "fast_retransmits", json_integer((json_int_t)tp->fast_retrans));
	json_object_set_new(o, "rtos", json_integer((json_int_t)tp->rtos));
	json_object_set_new(o, "sack", json_boolean(tp->sack_ok));
	json_object_set_new(o, "sack_acks", json_integer((json_int_t)tp->sack_acks));
	json_object_set_new(o, "reordering", json_integer(tp->reordering));
	json_object_set_new(o, "lost_retransmits", json_integer((json_int_t)tp->lost_retrans));
	json_object_set_new(o, "dsacks", json_integer((json_int_t)tp->dsacks_in));
	json_object_set_new(o, "undos", json_integer((json_int_t)tp->undos));
	json_object_set_new(o, "acks_in", json_integer((json_int_t)tp->acks_in));
	json_object_set_new(o, "tsq_throttles", json_integer((json_int_t)tp->tsq_throttles));
	json_object_set_new(o, "autocorks", json_integer((json_int_t)tp->autocorks));
	json_object_set_new(o, "cwnd_decays", json_integer((json_int_t)tp->cwnd_decays));
	json_object_set_new(o, "cwnd_restarts", json_integer((json_int_t)tp->cwnd_restarts));
	json_object_set_new(o, "backlogged", json_integer((json_int_t)tp->backlogged));
	json_object_set_new(o, "backlog_drops", json_integer((json_int_t)tp->backlog_drops));
	json_object_set_new(o, "ecn", json_boolean(tp->ecn_flags & TCP_ECN_OK));
	json_object_set_new(o, "ece_acks", json_integer((json_int_t)tp->ece_acks));
	json_object_set_new(o, "cwr_events", json_integer((json_int_t)tp->cwr_events));
	json_object_set_new(o, "local_drops", json_integer((json_int_t)tp->local_drops));
	json_object_set_new(o, "loss_probes", json_integer((json_int_t)tp->loss_probes));
	json_object_set_new(o, "loss_probe_recoveries", json_integer((json_int_t)tp->loss_probe_recoveries));
	json_object_set_new(o, "ce_received", json_integer((json_int_t)s->rx.ce_received));
	json_object_set_new(o, "cwnd", json_integer(tp->cc.snd_cwnd));
	json_object_set_new(o, "ssthresh", json_integer(tp->cc.snd_ssthresh));
	json_object_set_new(o, "srtt_us", jreal(time_to_us(tp->srtt), 3));
	json_object_set_new(o, "min_rtt_us", jreal(time_to_us(tp->min_rtt), 3));
	json_object_set_new(o, "pacing_rate_mbps", jreal(tp->sk.sk_pacing_rate == UINT64_MAX ? 0 :
			    (double)tp->sk.sk_pacing_rate * 8 / 1e6, 3));
	json_object_set_new(o, "size_goal", json_integer(tp->size_goal));
	json_object_set_new(o, "sk_sndbuf", json_integer(tp->sk.sk_sndbuf));
	json_object_set_new(o, "sk_wmem_alloc_peak", json_integer(tp->sk.wmem_peak));
	json_object_set_new(o, "rcvbuf", json_integer(s->rx.rcvbuf));
	json_object_set_new(o, "writes", json_integer((json_int_t)s->calls));
	json_object_set_new(o, "sndbuf_waits", json_integer((json_int_t)s->waits));
	return o;
}

/* netperf's MIN_LATENCY, MEAN_LATENCY, P50/P90/P99_LATENCY, MAX_LATENCY */
static json_t *rr_latency(const struct rr_app *r)
{
	json_t *o = json_object();
	struct rr_latency l;

	rr_latency_stats(r, &l);
	json_object_set_new(o, "min", jreal(l.min, 3));
	json_object_set_new(o, "mean", jreal(l.mean, 3));
	json_object_set_new(o, "p50", jreal(l.p50, 3));
	json_object_set_new(o, "p90", jreal(l.p90, 3));
	json_object_set_new(o, "p99", jreal(l.p99, 3));
	json_object_set_new(o, "max", jreal(l.max, 3));
	return o;
}

static json_t *rr_json(const struct rr_app *r, sim_time_t end)
{
	json_t *o = json_object();

	json_object_set_new(o, "type", json_string(r->cfg.udp ? "udp_rr" : "tcp_rr"));
	json_object_set_new(o, "host", json_string(r->host->name));
	json_object_set_new(o, "dest", json_string(r->dest->name));
	json_object_set_new(o, "request", json_integer(r->cfg.request));
	json_object_set_new(o, "response", json_integer(r->cfg.response));
	json_object_set_new(o, "burst", json_integer(r->cfg.burst));
	json_object_set_new(o, "transactions", json_integer((json_int_t)r->done));
	json_object_set_new(o, "transactions_per_s", jreal(rr_rate(r, end), 3));
	json_object_set_new(o, "latency_us", rr_latency(r));
	json_object_set_new(o, "latencies_not_recorded", json_integer((json_int_t)r->lat_not_recorded));
	json_object_set_new(o, "requests_sent", json_integer((json_int_t)r->sent));
	json_object_set_new(o, "requests_received", json_integer((json_int_t)r->srv_requests));
	json_object_set_new(o, "responses_sent", json_integer((json_int_t)r->srv_responses));
	if (r->cfg.udp) {
		json_object_set_new(o, "qdisc_drops", json_integer((json_int_t)(r->qdisc_drops +
							      r->srv_qdisc_drops)));
		json_object_set_new(o, "blocked_in_recv_since_s", r->usk.rx_waiter ?
				    jreal(time_to_s(r->waiting_since), 6) : json_null());
		return o;
	}
	json_object_set_new(o, "retransmits", json_integer((json_int_t)r->tx.retrans));
	json_object_set_new(o, "server_retransmits", json_integer((json_int_t)r->rx.retrans));
	json_object_set_new(o, "srtt_us", jreal(time_to_us(r->tx.srtt), 3));
	json_object_set_new(o, "min_rtt_us", jreal(time_to_us(r->tx.min_rtt), 3));
	return o;
}

/* The application's (sending) process as the scheduler saw it; for the
 * n connections of a parallel stream app, their sending tasks summed. */
static json_t *task_json(const struct world_app *a, int n)
{
	const struct task *t = a->kind == APP_PING ? &a->u.ping.task : a->kind == APP_UDP ?
			       &a->u.udp.task : a->kind == APP_RR ? &a->u.rr.client :
			       &a->u.stream.sender;
	sim_time_t exec = 0;
	uint64_t wakeups = 0, preempted = 0;
	json_t *o = json_object();
	int i;

	for (i = 0; i < n; i++) {
		const struct task *ti = i ? &a[i].u.stream.sender : t;

		exec += ti->sum_exec;
		wakeups += ti->wakeups;
		preempted += ti->preempted;
	}
	json_object_set_new(o, "cpu", json_integer(t->cpu->id));
	json_object_set_new(o, "cpu_time_s", jreal(time_to_s(exec), 6));
	json_object_set_new(o, "wakeups", json_integer((json_int_t)wakeups));
	json_object_set_new(o, "preempted", json_integer((json_int_t)preempted));
	return o;
}

/*
 * A stream app of n > 1 connections (iperf -P): its metrics over the
 * connections, under the single connection's names (docs/results.md says
 * how each is formed: most are sums, as iperf's [SUM] line), the list of
 * connections, each as a single stream app's object with its name, and
 * the fairness of their goodputs.
 */
enum agg { AGG_SUM, AGG_MAX, AGG_MIN, AGG_MEAN, AGG_ALL, AGG_FIRST, AGG_SSTHRESH };

static const struct { const char *key; enum agg how; } stream_agg[] = {
	{ "type", AGG_FIRST }, { "host", AGG_FIRST }, { "dest", AGG_FIRST },
	{ "mode", AGG_FIRST }, { "sack", AGG_ALL }, { "ecn", AGG_ALL },
	{ "reordering", AGG_MAX }, { "size_goal", AGG_MAX }, { "srtt_us", AGG_MEAN },
	{ "min_rtt_us", AGG_MIN }, { "ssthresh", AGG_SSTHRESH },
};

static enum agg stream_agg_of(const char *key)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(stream_agg); i++)
		if (!strcmp(stream_agg[i].key, key))
			return stream_agg[i].how;
	return AGG_SUM;
}

static json_t *agg_value(json_t **v, int n, enum agg how)
{
	double x = 0, y;
	bool all = true;
	int i;

	if (how == AGG_FIRST)
		return json_incref(v[0]);
	if (json_is_boolean(v[0])) {
		for (i = 0; i < n; i++)
			all &= json_is_true(v[i]);
		return json_boolean(all);
	}
	for (i = 0; i < n; i++) {
		y = json_number_value(v[i]);
		if (how == AGG_SSTHRESH && y >= TCP_INFINITE_SSTHRESH)
			return json_integer(TCP_INFINITE_SSTHRESH);
		if (!i)
			x = y;
		else if (how == AGG_MAX)
			x = fmax(x, y);
		else if (how == AGG_MIN)
			x = fmin(x, y);
		else
			x += y;
	}
	if (how == AGG_MEAN)
		return jreal(x / n, 3);
	return json_is_integer(v[0]) ? json_integer((json_int_t)x) : jreal(x, 3);
}

static json_t *stream_fairness(const struct world_app *a, int n, sim_time_t end)
{
	double *g = xcalloc((size_t)n, sizeof(*g)), lo = 0, hi = 0;
	json_t *o = json_object();
	int i;

	for (i = 0; i < n; i++) {
		g[i] = stream_goodput_mbps(&a[i].u.stream, end);
		lo = i ? fmin(lo, g[i]) : g[i];
		hi = i ? fmax(hi, g[i]) : g[i];
	}
	json_object_set_new(o, "min_goodput_mbps", jreal(lo, 3));
	json_object_set_new(o, "max_goodput_mbps", jreal(hi, 3));
	json_object_set_new(o, "jain_index", hi > 0 ? jreal(jain_index(g, n), 4) : json_null());
	free(g);
	return o;
}

static json_t *stream_group_json(const struct world_app *a, int n, sim_time_t end)
{
	json_t **one = xcalloc((size_t)n, sizeof(*one)), **v = xcalloc((size_t)n, sizeof(*v));
	json_t *o = json_object(), *list = json_array(), *lim = json_object(), *x;
	sim_time_t lim_ps[TCP_LIM_NR] = { 0 }, total = 0;
	double goodput = 0;
	const char *key;
	int i, best = 0;

	for (i = 0; i < n; i++) {
		one[i] = stream_json(&a[i].u.stream, end);
		goodput += stream_goodput_mbps(&a[i].u.stream, end);
	}
	for (i = 0; i < n; i++) {
		int l;

		for (l = 0; l < TCP_LIM_NR; l++) {
			lim_ps[l] += a[i].u.stream.tx.lim_ps[l];
			total += a[i].u.stream.tx.lim_ps[l];
		}
	}
	for (i = 1; i < TCP_LIM_NR; i++)
		if (lim_ps[i] > lim_ps[best])
			best = i;
	for (i = 0; i < TCP_LIM_NR; i++)
		json_object_set_new(lim, tcp_limit_names[i], jreal(total ? 100.0 *
				    (double)lim_ps[i] / (double)total : 0, 2));
	json_object_foreach(one[0], key, x) {
		if (!strcmp(key, "goodput_mbps")) {
			json_object_set_new(o, key, jreal(goodput, 3));
		} else if (!strcmp(key, "limited_by")) {
			json_object_set(o, key, lim);
		} else if (!strcmp(key, "limited_by_main")) {
			json_object_set_new(o, key, json_string(tcp_limit_names[best]));
		} else {
			for (i = 0; i < n; i++)
				v[i] = json_object_get(one[i], key);
			json_object_set_new(o, key, agg_value(v, n, stream_agg_of(key)));
		}
	}
	json_decref(lim);
	json_object_set_new(o, "parallel", json_integer(n));
	json_object_set_new(o, "fairness", stream_fairness(a, n, end));
	for (i = 0; i < n; i++) {
		json_t *s = json_object();

		json_object_set_new(s, "name", json_string(a[i].u.stream.cfg.name));
		json_object_update(s, one[i]);
		json_object_set_new(s, "task", task_json(&a[i], 1));
		json_array_append_new(list, s);
		json_decref(one[i]);
	}
	json_object_set_new(o, "streams", list);
	free(one);
	free(v);
	return o;
}

/* Where the CPU's cycles went, by platform cost, largest first; costs
 * that took none are left out. */
static json_t *cycles_json(const struct cpu *c)
{
	json_t *o = json_object();
	int order[COST_NR], n = 0, i, j;

	for (i = 0; i < COST_NR; i++) {
		if (!c->cost_cycles[i])
			continue;
		for (j = n++; j > 0 && c->cost_cycles[order[j - 1]] < c->cost_cycles[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	for (i = 0; i < n; i++)
		json_object_set_new(o, cpu_cost_names[order[i]],
				    json_integer((json_int_t)c->cost_cycles[order[i]]));
	return o;
}

static json_t *cpu_json(const struct cpu *c, sim_time_t dur)
{
	json_t *o = json_object(), *pct = json_object(), *sirq = json_object();
	sim_time_t busy = 0;
	int a;

	json_object_set_new(o, "cpu", json_integer(c->id));
	for (a = 0; a < ACCT_NR; a++) {
		json_object_set_new(pct, acct_names[a],
				    jreal(dur ? 100.0 * (double)c->busy_ps[a] / (double)dur : 0, 3));
		busy += c->busy_ps[a];
	}
	json_object_set_new(o, "busy_pct", pct);
	json_object_set_new(o, "busy_total_pct", jreal(dur ? 100.0 * (double)busy / (double)dur : 0, 3));
	for (a = 0; a < NR_SOFTIRQS; a++)
		json_object_set_new(sirq, softirq_names[a], json_integer((json_int_t)c->softirqs[a]));
	json_object_set_new(o, "softirqs", sirq);
	json_object_set_new(o, "context_switches", json_integer((json_int_t)c->nr_switches));
	json_object_set_new(o, "time_squeeze", json_integer((json_int_t)c->time_squeeze));
	json_object_set_new(o, "ksoftirqd_wakeups", json_integer((json_int_t)c->ksoftirqd_wakeups));
	json_object_set_new(o, "ksoftirqd_pct",
			    jreal(dur ? 100.0 * (double)c->ksoftirqd_ps / (double)dur : 0, 3));
	json_object_set_new(o, "cycles", cycles_json(c));
	return o;
}

/* one counter of a qdisc's dump_stats into its JSON object */
static void put_counter(void *ctx, const char *name, int64_t v)
{
	json_object_set_new(ctx, name, json_integer((json_int_t)v));
}

static json_t *txq_json(const struct host *h, int q)
{
	const struct qdisc *qd = &h->dev.txq[q].qdisc;
	struct nic_queue_stats st;
	json_t *o = json_object(), *jq = json_object();

	nic_queue_stats(h, q, &st);
	json_object_set_new(o, "queue", json_integer(q));
	json_object_set_new(o, "packets", json_integer((json_int_t)st.packets));
	json_object_set_new(o, "bytes", json_integer((json_int_t)st.bytes));
	json_object_set_new(o, "reclaim_events", json_integer((json_int_t)st.reclaim_events));
	json_object_set_new(o, "reclaimed", json_integer((json_int_t)st.reclaimed));
	json_object_set_new(o, "ring_size", json_integer(st.ring_size));
	json_object_set_new(o, "ring_max_used", json_integer(st.ring_max_used));
	json_object_set_new(o, "tx_frames", json_integer(st.tx_frames));
	json_object_set_new(o, "stops", json_integer((json_int_t)h->dev.txq[q].stops));
	json_object_set_new(o, "tx_timeouts", json_integer((json_int_t)h->dev.txq[q].trans_timeout));
	json_object_set_new(jq, "kind", json_string(qd->ops->id));
	json_object_set_new(jq, "packets", json_integer((json_int_t)qd->packets));
	json_object_set_new(jq, "drops", json_integer((json_int_t)qd->drops));
	json_object_set_new(jq, "requeues", json_integer((json_int_t)qd->requeues));
	json_object_set_new(jq, "max_qlen", json_integer(qd->max_qlen));
	if (qd->ops->dump_stats)	/* tc -s qdisc: the kind's own counters */
		qd->ops->dump_stats(qd, put_counter, jq);
	json_object_set_new(o, "qdisc", jq);
	if (h->dev.txq[q].bql_on) {
		const struct bql_queue *b = &h->dev.txq[q].bql;
		json_t *jb = json_object();

		json_object_set_new(jb, "limit", json_integer(b->dql.limit));
		json_object_set_new(jb, "inflight", json_integer(dql_inflight(&b->dql)));
		json_object_set_new(jb, "xoffs", json_integer((json_int_t)b->xoffs));
		json_object_set_new(o, "bql", jb);
	}
	return o;
}

/* [host.NAME.cost] keys the scenario set, or NULL if none. */
static json_t *cost_json(const struct world *w, const struct host *h)
{
	const struct scn_host *sh = scenario_host_c(w->scn, h->name);
	json_t *o = NULL;
	const char *key;
	int64_t v;
	int pos = 0;

	while (sh && (key = scenario_cost_next(&sh->cost, &pos, &v))) {
		if (!o)
			o = json_object();
		json_object_set_new(o, key, json_integer(v));
	}
	return o;
}

static json_t *host_json(const struct world *w, const struct host *h)
{
	json_t *o = json_object(), *cpus = json_array(), *irqs = json_object();
	json_t *nic = json_object(), *txqs = json_array(), *cost;
	sim_time_t busy = 0;
	struct nic_info ni;
	int i, a;

	nic_info(h, &ni);
	json_object_set_new(o, "platform", json_string(h->plat->name));
	json_object_set_new(o, "kernel", json_string(h->kp->name));
	json_object_set_new(o, "driver", json_string(ni.driver));
	json_object_set_new(o, "hz", json_integer(h->hz));
	cost = cost_json(w, h);
	if (cost)
		json_object_set_new(o, "cost_overrides", cost);
	for (i = 0; i < h->nr_cpus; i++)
		json_array_append_new(cpus, cpu_json(&h->cpus[i], w->duration));
	json_object_set_new(o, "cpus", cpus);
	/* mpstat's "all" line: the CPUs' busy time over their whole time */
	for (i = 0; i < h->nr_cpus; i++)
		for (a = 0; a < ACCT_NR; a++)
			busy += h->cpus[i].busy_ps[a];
	json_object_set_new(o, "cpu_busy_pct", jreal(w->duration ? 100.0 * (double)busy /
			    ((double)w->duration * h->nr_cpus) : 0, 3));
	for (i = 0; i < h->nr_irqs; i++)
		json_object_set_new(irqs, h->irqs[i].name, json_integer((json_int_t)h->irqs[i].count));
	json_object_set_new(o, "irqs", irqs);
	json_object_set_new(nic, "reclaim", json_string(ni.reclaim));
	json_object_set_new(nic, "rx_packets", json_integer((json_int_t)ni.rx_packets));
	json_object_set_new(nic, "rx_no_desc_drops", json_integer((json_int_t)ni.rx_no_desc_drops));
	json_object_set_new(nic, "irqs_tx_done", json_integer((json_int_t)ni.irq_tx));
	json_object_set_new(nic, "irqs_rx", json_integer((json_int_t)ni.irq_rx));
	json_object_set_new(nic, "tx_done_timer_runs", json_integer((json_int_t)ni.tx_timer_runs));
	json_object_set_new(nic, "tx_timeouts", json_integer((json_int_t)netdev_tx_timeouts(&h->dev)));
	for (i = 0; i < ni.nr_txq; i++)
		json_array_append_new(txqs, txq_json(h, i));
	json_object_set_new(nic, "txq", txqs);
	json_object_set_new(o, "nic", nic);
	return o;
}

/* One direction of a link: the frames port p sent from `from` to `to`. */
static json_t *dir_json(const struct world *w, const struct eth_port *p, const char *from,
			const char *to)
{
	json_t *d = json_object();

	json_object_set_new(d, "from", json_string(from));
	json_object_set_new(d, "to", json_string(to));
	json_object_set_new(d, "frames", json_integer((json_int_t)p->tx_frames));
	json_object_set_new(d, "bytes", json_integer((json_int_t)p->tx_bytes));
	json_object_set_new(d, "lost", json_integer((json_int_t)p->lost_frames));
	json_object_set_new(d, "utilisation_pct",
			    jreal(100.0 * (double)p->busy_ps / (double)w->duration, 4));
	if (w->sw)	/* host links may differ */
		json_object_set_new(d, "rate_bps", json_integer(p->link->rate));
	return d;
}

static json_t *link_json(const struct world *w)
{
	json_t *o = json_object(), *dirs = json_array();
	int i;

	json_object_set_new(o, "rate_bps", json_integer(w->sw ? w->scn->link.rate : w->link.rate));
	json_object_set_new(o, "loss", jreal((double)w->scn->link.loss / SCN_PPB_ONE, 9));
	for (i = 0; !w->sw && i < 2; i++)
		json_array_append_new(dirs, dir_json(w, &w->link.port[i], w->hosts[i].name,
						     w->hosts[1 - i].name));
	for (i = 0; w->sw && i < w->nr_hosts; i++) {
		json_array_append_new(dirs, dir_json(w, &w->links[i].port[0], w->hosts[i].name,
						     "switch"));
		json_array_append_new(dirs, dir_json(w, &w->links[i].port[1], "switch",
						     w->hosts[i].name));
	}
	json_object_set_new(o, "directions", dirs);
	return o;
}

/* A switch port, named by the host behind it. */
static json_t *sw_port_json(const struct world *w, const struct sw_port *p)
{
	const struct eth_link *l = p->eth->link;
	json_t *o = json_object();

	json_object_set_new(o, "link_rate_bps", json_integer(l->rate));
	json_object_set_new(o, "link_delay_ns", jreal(time_to_us(l->delay) * 1000, 3));
	json_object_set_new(o, "rx_frames", json_integer((json_int_t)p->rx_frames));
	json_object_set_new(o, "rx_bytes", json_integer((json_int_t)p->rx_bytes));
	json_object_set_new(o, "tx_frames", json_integer((json_int_t)p->tx_frames));
	json_object_set_new(o, "tx_bytes", json_integer((json_int_t)p->tx_bytes));
	json_object_set_new(o, "drops", json_integer((json_int_t)p->drops));
	json_object_set_new(o, "drop_bytes", json_integer((json_int_t)p->drop_bytes));
	json_object_set_new(o, "backlog_bytes", json_integer((json_int_t)p->backlog));
	json_object_set_new(o, "backlog_packets", json_integer((json_int_t)p->q.qlen));
	json_object_set_new(o, "max_backlog_bytes", json_integer((json_int_t)p->max_backlog));
	json_object_set_new(o, "max_backlog_packets", json_integer((json_int_t)p->max_qlen));
	if (p->rate) {
		json_object_set_new(o, "shaper_rate_bps", json_integer(p->rate));
		json_object_set_new(o, "shaper_burst_bytes",
				    json_integer(w->scn->hosts[p->idx].port_burst));
		json_object_set_new(o, "shaped_wait_us", jreal(time_to_us(p->shaped_ps), 3));
	}
	return o;
}

static json_t *switch_json(const struct world *w)
{
	const struct scn_switch *c = &w->scn->sw;
	json_t *o = json_object(), *ports = json_object();
	int i;

	json_object_set_new(o, "latency_ns", jreal(time_to_us(c->latency) * 1000, 3));
	json_object_set_new(o, "limit_bytes", json_integer(c->limit_bytes));
	if (c->limit_packets != SCN_UNSET)
		json_object_set_new(o, "limit_packets", json_integer(c->limit_packets));
	json_object_set_new(o, "no_route", json_integer((json_int_t)w->sw->no_route));
	for (i = 0; i < w->sw->nr_ports; i++)
		json_object_set_new(ports, w->hosts[i].name, sw_port_json(w, &w->sw->port[i]));
	json_object_set_new(o, "ports", ports);
	return o;
}

json_t *world_results(const struct world *w)
{
	json_t *root = json_object(), *meta = json_object(), *apps = json_object();
	json_t *hosts = json_object();
	int i;

	json_object_set_new(meta, "version", json_string(NICSIM_VERSION));
	json_object_set_new(meta, "scenario", json_string(w->scn->file));
	json_object_set_new(meta, "seed", json_integer(w->scn->sim.seed));
	json_object_set_new(meta, "duration_s", jreal(time_to_s(w->duration), 6));
	json_object_set_new(meta, "events", json_integer((json_int_t)w->sim.nr_fired));
	json_object_set_new(root, "nicsim", meta);
	for (i = 0; i < w->nr_apps; i += w->apps[i].nr_streams) {
		const struct world_app *a = &w->apps[i];
		int n = a->nr_streams;
		json_t *o = a->kind == APP_PING ? ping_json(&a->u.ping) : a->kind == APP_UDP ?
			    udp_json(&a->u.udp, w->duration) : a->kind == APP_RR ?
			    rr_json(&a->u.rr, w->duration) : n > 1 ?
			    stream_group_json(a, n, w->duration) : stream_json(&a->u.stream, w->duration);

		json_object_set_new(o, "task", task_json(a, n));
		json_object_set_new(apps, a->cfg->name, o);
	}
	json_object_set_new(root, "apps", apps);
	for (i = 0; i < w->nr_hosts; i++)
		json_object_set_new(hosts, w->hosts[i].name, host_json(w, &w->hosts[i]));
	json_object_set_new(root, "hosts", hosts);
	json_object_set_new(root, "link", link_json(w));
	if (w->sw)
		json_object_set_new(root, "switch", switch_json(w));
	return root;
}

json_t *json_path(json_t *root, const char *path)
{
	char key[256];
	const char *s = path;

	while (root && *s) {
		size_t n = strcspn(s, ".");

		if (n >= sizeof(key))
			return NULL;
		memcpy(key, s, n);
		key[n] = 0;
		if (json_is_array(root)) {
			char *end;
			long idx = strtol(key, &end, 10);

			root = *end ? NULL : json_array_get(root, (size_t)idx);
		} else {
			root = json_object_get(root, key);
		}
		s += n;
		if (*s == '.')
			s++;
	}
	return root;
}
