// SPDX-License-Identifier: MIT
/*
 * The probe catalogue and its instantiation over a built world.
 *
 * Each template reads one field the model keeps anyway (the same fields the
 * results JSON reports at the end), so tracing adds no state to the model:
 * sk_wmem_alloc and sk_sndbuf of a socket, tcp_sock's snd_cwnd, packets_out,
 * sk_pacing_rate and TSQ_THROTTLED, a qdisc's qlen/backlog/drops, a
 * queue's DQL limit and in-flight bytes, the TX ring's descriptors in use,
 * the NIC's interrupts by cause, a CPU's busy time by top's classes
 * (us/sy/hi/si) and a link port's busy time; a socket's send limit comes
 * from sock_send_limit, the function the send path tests. Each template
 * also names its quantity in words (legends) and, for counters whose every
 * increase is worth marking on a time axis, that increase (run/events.h).
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include "sim/run/probe.h"
#include "drivers/net/nic.h"
#include "net/sched/sch_tbf.h"
#include "net/sched/sch_fq.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"

enum probe_scope { S_SOCK, S_PING, S_TCP, S_HOST, S_CPU, S_TXQ, S_BQL, S_PORT, S_TBF, S_FQ, S_SWPORT };

/* --- getters ------------------------------------------------------- */

static double sk_wmem(const void *o, int i) { return (double)((const struct sock *)o)->sk_wmem_alloc; }
static double sk_sndbuf(const void *o, int i) { return (double)((const struct sock *)o)->sk_sndbuf; }
static double sk_held(const void *o, int i) { return ((const struct sock *)o)->skbs_held; }
static double sk_limit(const void *o, int i) { return (double)sock_send_limit(o); }
static double ping_enobufs(const void *o, int i) { return (double)((const struct ping *)o)->enobufs; }

static double tp_cwnd(const void *o, int i) { return ((const struct tcp_sock *)o)->cc.snd_cwnd; }
static double tp_out(const void *o, int i) { return ((const struct tcp_sock *)o)->packets_out; }
static double tp_queued(const void *o, int i) { return (double)((const struct tcp_sock *)o)->sk_wmem_queued; }
static double tp_pacing(const void *o, int i) { return 8.0 * (double)((const struct tcp_sock *)o)->sk.sk_pacing_rate; }
static double tp_srtt(const void *o, int i) { return (double)((const struct tcp_sock *)o)->srtt / PS_PER_US; }
static double tp_tsq(const void *o, int i) { return ((const struct tcp_sock *)o)->tsq_throttled; }
static double tp_tsq_n(const void *o, int i) { return (double)((const struct tcp_sock *)o)->tsq_throttles; }
static double tp_acked_bits(const void *o, int i) { return 8.0 * (double)((const struct tcp_sock *)o)->bytes_acked; }
static double tp_retrans(const void *o, int i) { return (double)((const struct tcp_sock *)o)->retrans; }

static double h_irq_tx(const void *o, int i)
{
	struct nic_info ni;

	nic_info(o, &ni);
	return (double)ni.irq_tx;
}

static double h_irq_rx(const void *o, int i)
{
	struct nic_info ni;

	nic_info(o, &ni);
	return (double)ni.irq_rx;
}

/* busy seconds of one accounting class (rate: busy fraction) */
static double cpu_busy(const void *o, int acct) { return (double)((const struct cpu *)o)->busy_ps[acct] / PS_PER_S; }

static double cpu_ksoftirqd(const void *o, int i) { return (double)((const struct cpu *)o)->ksoftirqd_ps / PS_PER_S; }
static double cpu_squeeze(const void *o, int i) { return (double)((const struct cpu *)o)->time_squeeze; }

static const struct qdisc *txq_qdisc(const void *o, int q) { return &((const struct host *)o)->dev.txq[q].qdisc; }
static double q_qlen(const void *o, int q) { return txq_qdisc(o, q)->qlen; }
static double q_backlog(const void *o, int q) { return (double)txq_qdisc(o, q)->backlog; }
static double q_drops(const void *o, int q) { return (double)txq_qdisc(o, q)->drops; }

static struct tbf_stats tbf_of(const void *o, int q)
{
	struct tbf_stats ts;

	tbf_get_stats(txq_qdisc(o, q)->priv, &ts);
	return ts;
}

static double tbf_overlimits(const void *o, int q) { return (double)tbf_of(o, q).overlimits; }
static double tbf_tokens(const void *o, int q) { return (double)tbf_of(o, q).tokens; }
static double tbf_backlog(const void *o, int q) { return (double)tbf_of(o, q).backlog; }
static double tbf_sent(const void *o, int q) { return (double)tbf_of(o, q).bytes; }
static struct fq_stats fq_of(const void *o, int q)
{
	struct fq_stats st;

	fq_get_stats(txq_qdisc(o, q)->priv, &st);
	return st;
}

static double fq_flows(const void *o, int q) { return fq_of(o, q).flows; }
static double fq_throttled_flows(const void *o, int q) { return fq_of(o, q).throttled_flows; }
static double fq_throttled(const void *o, int q) { return (double)fq_of(o, q).throttled; }
static double fq_plimit(const void *o, int q) { return (double)fq_of(o, q).flows_plimit; }
static double fq_horizon_drops(const void *o, int q) { return (double)fq_of(o, q).horizon_drops; }
static double fq_sent(const void *o, int q) { return (double)fq_of(o, q).bytes; }
static double q_stopped(const void *o, int q) { return netif_xmit_stopped(&((const struct host *)o)->dev.txq[q]); }

static const struct dql *txq_dql(const void *o, int q) { return &((const struct host *)o)->dev.txq[q].bql.dql; }
static double bql_limit(const void *o, int q) { return txq_dql(o, q)->limit; }
static double bql_inflight(const void *o, int q) { return dql_inflight(txq_dql(o, q)); }

static double ring_used(const void *o, int q)
{
	struct nic_queue_stats st = { 0 };

	nic_queue_stats(o, q, &st);
	return st.ring_used;
}

static double ring_packets(const void *o, int q)
{
	struct nic_queue_stats st = { 0 };

	nic_queue_stats(o, q, &st);
	return (double)st.packets;
}

static double port_busy(const void *o, int i) { return (double)((const struct eth_port *)o)->busy_ps / PS_PER_S; }
static double port_bits(const void *o, int i) { return 8.0 * (double)((const struct eth_port *)o)->tx_bytes; }

static double sw_backlog(const void *o, int i) { return (double)((const struct sw_port *)o)->backlog; }
static double sw_qlen(const void *o, int i) { return ((const struct sw_port *)o)->q.qlen; }
static double sw_drops(const void *o, int i) { return (double)((const struct sw_port *)o)->drops; }
static double sw_bits(const void *o, int i) { return 8.0 * (double)((const struct sw_port *)o)->tx_bytes; }
static double sw_shaped(const void *o, int i) { return (double)((const struct sw_port *)o)->shaped_ps / PS_PER_S; }

/* --- the catalogue ------------------------------------------------- */

#define G PROBE_GAUGE
#define K PROBE_COUNTER
#define R PROBE_RATE
const struct probe_tmpl probe_catalogue[] = {
	{ "app.A.sock.wmem_alloc", "bytes", G, "sk_wmem_alloc of the sending socket: 1 + truesize of its skbs not yet freed", sk_wmem, S_SOCK,
	  "sk_wmem_alloc", NULL },
	{ "app.A.sock.sndbuf", "bytes", G, "sk_sndbuf of the sending socket", sk_sndbuf, S_SOCK,
	  "sk_sndbuf", NULL },
	{ "app.A.sock.send_limit", "bytes", G, "the bound the send path tests: raw/ICMP (ping) fails with ENOBUFS once sk_wmem_alloc > 2 x sk_sndbuf; UDP waits while sk_wmem_alloc >= sk_sndbuf, TCP while sk_wmem_queued >= sk_sndbuf", sk_limit, S_SOCK,
	  "send limit", NULL },
	{ "app.A.sock.skbs_held", "skbs", G, "skbs charged to the sending socket and not yet freed", sk_held, S_SOCK,
	  "skbs held", NULL },
	{ "app.A.ping.enobufs", "count", K, "sendmsg calls that failed with ENOBUFS (retried or printed)", ping_enobufs, S_PING,
	  "ENOBUFS", "ENOBUFS" },
	{ "app.A.tcp.cwnd", "packets", G, "snd_cwnd", tp_cwnd, S_TCP,
	  "snd_cwnd", NULL },
	{ "app.A.tcp.packets_out", "packets", G, "segments sent and not yet acknowledged", tp_out, S_TCP,
	  "packets_out", NULL },
	{ "app.A.tcp.wmem_queued", "bytes", G, "sk_wmem_queued: bytes in the write queue (sent or not)", tp_queued, S_TCP,
	  "sk_wmem_queued", NULL },
	{ "app.A.tcp.pacing_rate", "bit/s", G, "sk_pacing_rate", tp_pacing, S_TCP,
	  "sk_pacing_rate", NULL },
	{ "app.A.tcp.srtt", "us", G, "smoothed RTT", tp_srtt, S_TCP,
	  "srtt", NULL },
	{ "app.A.tcp.tsq_throttled", "0/1", G, "TSQ_THROTTLED: the socket waits for TX completion to free bytes", tp_tsq, S_TCP,
	  "TSQ throttled", NULL },
	{ "app.A.tcp.tsq_throttles", "count", K, "times TSQ stopped tcp_write_xmit", tp_tsq_n, S_TCP,
	  "TSQ throttles", NULL },
	{ "app.A.tcp.goodput", "bit/s", R, "bytes acknowledged per second", tp_acked_bits, S_TCP,
	  "goodput", NULL },
	{ "app.A.tcp.retrans", "segments", K, "retransmitted segments", tp_retrans, S_TCP,
	  "retransmissions", "retransmission" },
	{ "host.H.irq.tx", "count", K, "interrupts the NIC raised with a TX-done cause", h_irq_tx, S_HOST,
	  "TX-done interrupts", "TX-done interrupt" },
	{ "host.H.irq.tx_per_s", "1/s", R, "TX-done interrupts per second", h_irq_tx, S_HOST,
	  "TX-done interrupts per second", NULL },
	{ "host.H.irq.rx", "count", K, "interrupts the NIC raised with an RX cause", h_irq_rx, S_HOST,
	  "RX interrupts", "RX interrupt" },
	{ "host.H.irq.rx_per_s", "1/s", R, "RX interrupts per second", h_irq_rx, S_HOST,
	  "RX interrupts per second", NULL },
	{ "host.H.cpuC.us", "fraction", R, "CPU busy in user code (top's us)", cpu_busy, S_CPU + 16 * ACCT_USER,
	  "us", NULL },
	{ "host.H.cpuC.sy", "fraction", R, "CPU busy in the kernel for processes (top's sy)", cpu_busy, S_CPU + 16 * ACCT_SYS,
	  "sy", NULL },
	{ "host.H.cpuC.hi", "fraction", R, "CPU busy in hard interrupts (top's hi)", cpu_busy, S_CPU + 16 * ACCT_IRQ,
	  "hi", NULL },
	{ "host.H.cpuC.si", "fraction", R, "CPU busy in softirqs (top's si)", cpu_busy, S_CPU + 16 * ACCT_SOFTIRQ,
	  "si", NULL },
	{ "host.H.cpuC.ksoftirqd", "fraction", R, "CPU running softirqs in ksoftirqd (part of si)", cpu_ksoftirqd, S_CPU,
	  "ksoftirqd", NULL },
	{ "host.H.cpuC.time_squeeze", "count", K, "net_rx_action stopped with NAPIs left (budget or time spent)", cpu_squeeze, S_CPU,
	  "time_squeeze", NULL },
	{ "host.H.txqN.qdisc.qlen", "packets", G, "packets in the queue's qdisc", q_qlen, S_TXQ,
	  "qdisc packets", NULL },
	{ "host.H.txqN.qdisc.backlog", "bytes", G, "bytes in the queue's qdisc", q_backlog, S_TXQ,
	  "qdisc backlog", NULL },
	{ "host.H.txqN.qdisc.drops", "packets", K, "packets the qdisc dropped", q_drops, S_TXQ,
	  "qdisc drops", NULL },
	{ "host.H.txqN.tbf.overlimits", "count", K, "tbf dequeues short of tokens (tc -s: overlimits)", tbf_overlimits, S_TBF,
	  "tbf overlimits", NULL },
	{ "host.H.txqN.tbf.tokens", "ns", G, "tbf tokens at its last send, ns of the rate (at most buffer)", tbf_tokens, S_TBF,
	  "tbf tokens", NULL },
	{ "host.H.txqN.tbf.backlog", "bytes", G, "bytes in tbf's bfifo (qdisc_pkt_len; tc -s: backlog)", tbf_backlog, S_TBF,
	  "tbf backlog", NULL },
	{ "host.H.txqN.tbf.sent", "bytes", K, "bytes tbf sent (tc -s: Sent)", tbf_sent, S_TBF,
	  "tbf sent", NULL },
	{ "host.H.txqN.fq.flows", "flows", G, "flows fq knows, inactive ones included (tc -s: flows)", fq_flows, S_FQ,
	  "fq flows", NULL },
	{ "host.H.txqN.fq.throttled_flows", "flows", G, "fq flows waiting for their time_next_packet (tc -s: throttled in flows ...)", fq_throttled_flows, S_FQ,
	  "fq throttled flows", NULL },
	{ "host.H.txqN.fq.throttled", "count", K, "times fq throttled a flow (tc -s: throttled)", fq_throttled, S_FQ,
	  "fq throttled", NULL },
	{ "host.H.txqN.fq.flows_plimit", "packets", K, "packets fq dropped over flow_limit (tc -s: flows_plimit)", fq_plimit, S_FQ,
	  "fq flows_plimit", NULL },
	{ "host.H.txqN.fq.horizon_drops", "packets", K, "packets fq dropped past the horizon (tc -s: horizon_drops)", fq_horizon_drops, S_FQ,
	  "fq horizon_drops", NULL },
	{ "host.H.txqN.fq.sent", "bytes", K, "bytes fq sent (tc -s: Sent)", fq_sent, S_FQ,
	  "fq sent", NULL },
	{ "host.H.txqN.stopped", "0/1", G, "netif_xmit_stopped: the driver or BQL stopped the queue", q_stopped, S_TXQ,
	  "queue stopped", NULL },
	{ "host.H.txqN.bql.limit", "bytes", G, "BQL (DQL) limit", bql_limit, S_BQL,
	  "BQL limit", NULL },
	{ "host.H.txqN.bql.inflight", "bytes", G, "BQL in-flight bytes: queued to the driver, not completed", bql_inflight, S_BQL,
	  "BQL in flight", NULL },
	{ "host.H.txqN.ring.used", "descriptors", G, "TX ring descriptors held by the driver (sent or not, not yet reclaimed)", ring_used, S_TXQ,
	  "TX descriptors in use", NULL },
	{ "host.H.txqN.packets", "packets", K, "frames the NIC sent from the queue", ring_packets, S_TXQ,
	  "frames sent", NULL },
	{ "link.H.util", "fraction", R, "share of time the host's link port was transmitting", port_busy, S_PORT,
	  "link busy", NULL },
	{ "link.H.rate", "bit/s", R, "bits the host's link port sent per second", port_bits, S_PORT,
	  "link bit rate", NULL },
	{ "switch.port.H.backlog", "bytes", G, "bytes of frames in the output FIFO of the switch port towards the host", sw_backlog, S_SWPORT,
	  "switch port backlog", NULL },
	{ "switch.port.H.qlen", "packets", G, "frames in the output FIFO of the switch port towards the host", sw_qlen, S_SWPORT,
	  "switch port frames", NULL },
	{ "switch.port.H.drops", "packets", K, "frames the switch port towards the host dropped at its FIFO's limit (tail drop)", sw_drops, S_SWPORT,
	  "switch port drops", "switch drop" },
	{ "switch.port.H.rate", "bit/s", R, "bits of frames the switch port sent towards the host per second", sw_bits, S_SWPORT,
	  "switch port bit rate", NULL },
	{ "switch.port.H.shaped", "fraction", R, "time the port's head frame waited for its shaper's tokens, per second (host.H.port_rate)", sw_shaped, S_SWPORT,
	  "waiting for tokens", NULL },
};
#undef G
#undef K
#undef R
const int probe_catalogue_len = (int)ARRAY_SIZE(probe_catalogue);

static int tmpl_scope(const struct probe_tmpl *t) { return t->scope % 16; }
static int tmpl_arg(const struct probe_tmpl *t) { return t->scope / 16; }

const char *probe_kind_name(enum probe_kind k)
{
	return k == PROBE_GAUGE ? "gauge" : k == PROBE_COUNTER ? "counter" : "rate";
}

/* --- instantiation ------------------------------------------------- */

static void add(struct probe_set *ps, const struct probe_tmpl *t, const void *obj,
		int idx, const char *who, int num)
{
	const char *s = t->name;
	struct probe *p;
	size_t o = 0;

	ps->v = xrealloc(ps->v, sizeof(*ps->v) * (size_t)(ps->n + 1));
	p = &ps->v[ps->n++];
	memset(p, 0, sizeof(*p));
	p->t = t;
	p->obj = obj;
	p->idx = idx;
	/* replace the placeholder segments: H/A by who, N/C by num */
	while (*s && o + 24 < sizeof(p->name)) {
		bool seg = s == t->name || s[-1] == '.';
		bool end = s[1] == '.' || !s[1];

		if (seg && end && (*s == 'H' || *s == 'A'))
			o += (size_t)snprintf(p->name + o, sizeof(p->name) - o, "%s", who);
		else if (end && (*s == 'N' || *s == 'C') && !seg)
			o += (size_t)snprintf(p->name + o, sizeof(p->name) - o, "%d", num);
		else
			p->name[o++] = *s;
		s++;
	}
	p->name[o] = 0;
}

static void add_scope(struct probe_set *ps, int scope, const void *obj, int idx,
		      const char *who, int num)
{
	int i;

	for (i = 0; i < probe_catalogue_len; i++)
		if (tmpl_scope(&probe_catalogue[i]) == scope)
			add(ps, &probe_catalogue[i], obj,
			    scope == S_CPU ? tmpl_arg(&probe_catalogue[i]) : idx, who, num);
}

static const struct sock *app_sock(const struct world_app *a)
{
	switch (a->kind) {
	case APP_PING: return &a->u.ping.sk;
	case APP_UDP: return &a->u.udp.sk;
	case APP_RR: return a->u.rr.cfg.udp ? &a->u.rr.usk : &a->u.rr.tx.sk;
	default: return &a->u.stream.tx.sk;
	}
}

static void enumerate_host(const struct world *w, int i, struct probe_set *ps)
{
	const struct host *h = &w->hosts[i];
	int c, q;

	add_scope(ps, S_HOST, h, 0, h->name, 0);
	for (c = 0; c < h->nr_cpus; c++)
		add_scope(ps, S_CPU, &h->cpus[c], 0, h->name, c);
	for (q = 0; q < h->dev.real_num_tx_queues; q++) {
		add_scope(ps, S_TXQ, h, q, h->name, q);
		if (h->dev.txq[q].bql_on)
			add_scope(ps, S_BQL, h, q, h->name, q);
		if (h->dev.txq[q].qdisc.ops == &tbf_qdisc_ops)
			add_scope(ps, S_TBF, h, q, h->name, q);
		if (h->dev.txq[q].qdisc.ops == &fq_qdisc_ops)
			add_scope(ps, S_FQ, h, q, h->name, q);
	}
	add_scope(ps, S_PORT, h->port, 0, h->name, 0);
}

void probes_enumerate(const struct world *w, struct probe_set *ps)
{
	int i;

	memset(ps, 0, sizeof(*ps));
	for (i = 0; i < w->nr_apps; i++) {
		const struct world_app *a = &w->apps[i];
		char who[SCN_NAME_MAX + 8];

		/* connection K of a parallel stream app: NAME-K (a probe name's
		 * segments are split at dots) */
		if (a->stream)
			snprintf(who, sizeof(who), "%s-%d", a->cfg->name, a->stream);
		else
			snprintf(who, sizeof(who), "%s", a->cfg->name);
		add_scope(ps, S_SOCK, app_sock(a), 0, who, 0);
		if (a->kind == APP_PING)
			add_scope(ps, S_PING, &a->u.ping, 0, who, 0);
		if (a->kind == APP_STREAM)
			add_scope(ps, S_TCP, &a->u.stream.tx, 0, who, 0);
		if (a->kind == APP_RR && !a->u.rr.cfg.udp)
			add_scope(ps, S_TCP, &a->u.rr.tx, 0, who, 0);
	}
	for (i = 0; i < w->nr_hosts; i++)
		enumerate_host(w, i, ps);
	for (i = 0; w->sw && i < w->sw->nr_ports; i++)
		add_scope(ps, S_SWPORT, &w->sw->port[i], 0, w->hosts[i].name, 0);
}

int probes_select(struct probe_set *ps, const char *patterns, char *bad, size_t len)
{
	char *copy = xstrdup(patterns), *save = NULL, *pat;
	bool *keep = xcalloc((size_t)ps->n + 1, sizeof(*keep));
	int i, n = 0, rc = 0;

	for (pat = strtok_r(copy, ",", &save); pat; pat = strtok_r(NULL, ",", &save)) {
		bool any = false;

		while (*pat == ' ')
			pat++;
		for (i = 0; i < ps->n; i++)
			if (!strcmp(pat, "all") || !fnmatch(pat, ps->v[i].name, 0))
				keep[i] = any = true;
		if (!any && !rc) {
			snprintf(bad, len, "%s", pat);
			rc = -1;
		}
	}
	for (i = 0; i < ps->n; i++)
		if (keep[i])
			ps->v[n++] = ps->v[i];
	ps->n = n;
	free(keep);
	free(copy);
	return rc;
}

void probes_free(struct probe_set *ps)
{
	free(ps->v);
	memset(ps, 0, sizeof(*ps));
}

double probe_read(struct probe *p, double dt_s)
{
	double v = p->t->get(p->obj, p->idx), d;

	if (p->t->kind != PROBE_RATE)
		return v;
	d = dt_s > 0 ? (v - p->last) / dt_s : 0;
	p->last = v;
	return d;
}

/* --- names back to templates (for CSV headers) ---------------------- */

/* One name segment against one template segment: H and A match any
 * segment, "txqN"/"cpuC" a prefix and digits, anything else itself. */
static bool seg_match(const char *t, size_t tl, const char *n, size_t nl)
{
	size_t i;

	if (tl == 1 && (*t == 'H' || *t == 'A'))
		return nl > 0;
	if (tl > 1 && (t[tl - 1] == 'N' || t[tl - 1] == 'C')) {
		if (nl < tl || strncmp(t, n, tl - 1))
			return false;
		for (i = tl - 1; i < nl; i++)
			if (n[i] < '0' || n[i] > '9')
				return false;
		return true;
	}
	return tl == nl && !strncmp(t, n, tl);
}

static bool name_match(const char *t, const char *n)
{
	for (;;) {
		size_t tl = strcspn(t, "."), nl = strcspn(n, ".");

		if (!seg_match(t, tl, n, nl))
			return false;
		t += tl;
		n += nl;
		if (!*t || !*n)
			return !*t && !*n;
		t++;
		n++;
	}
}

const struct probe_tmpl *probe_tmpl_of(const char *name)
{
	int i;

	for (i = 0; i < probe_catalogue_len; i++)
		if (name_match(probe_catalogue[i].name, name))
			return &probe_catalogue[i];
	return NULL;
}

/* Is template segment t (tl long) a placeholder (H, A, txqN, cpuC)? */
static bool seg_placeholder(const char *t, size_t tl)
{
	if (tl == 1 && (*t == 'H' || *t == 'A'))
		return true;
	return tl > 1 && (t[tl - 1] == 'N' || t[tl - 1] == 'C');
}

void probe_instance(const char *name, char *buf, size_t len)
{
	const struct probe_tmpl *pt = probe_tmpl_of(name);
	const char *t = pt ? pt->name : "", *n = name;
	size_t o = 0;

	buf[0] = 0;
	while (pt && *t && *n && o + 1 < len) {
		size_t tl = strcspn(t, "."), nl = strcspn(n, ".");

		if (seg_placeholder(t, tl))
			o += (size_t)snprintf(buf + o, len - o, "%s%.*s", o ? " " : "",
					      (int)nl, n);
		t += tl + (t[tl] == '.');
		n += nl + (n[nl] == '.');
	}
}

int probe_rate_name(const char *name, char *buf, size_t len)
{
	const struct probe_tmpl *c = probe_tmpl_of(name), *r = NULL;
	const char *t, *ct, *n = name;
	size_t o = 0;
	int i;

	for (i = 0; c && c->kind == PROBE_COUNTER && i < probe_catalogue_len; i++)
		if (probe_catalogue[i].kind == PROBE_RATE && probe_catalogue[i].get == c->get &&
		    probe_catalogue[i].scope == c->scope)
			r = &probe_catalogue[i];
	if (!r)
		return -1;
	/* the rate's segments, with the counter name's where the templates
	 * agree (the placeholders) */
	for (t = r->name, ct = c->name; *t && o + 1 < len;) {
		size_t tl = strcspn(t, "."), cl = strcspn(ct, "."), nl = strcspn(n, ".");
		bool same = tl == cl && !strncmp(t, ct, tl);

		o += (size_t)snprintf(buf + o, len - o, "%s%.*s", o ? "." : "",
				      same ? (int)nl : (int)tl, same ? n : t);
		t += tl + (t[tl] == '.');
		ct += cl + (ct[cl] == '.');
		n += nl + (n[nl] == '.');
	}
	return 0;
}

void probes_print_catalogue(FILE *out, bool markdown)
{
	int i;

	if (markdown)
		fputs("| probe | kind | unit | meaning |\n|---|---|---|---|\n", out);
	for (i = 0; i < probe_catalogue_len; i++) {
		const struct probe_tmpl *t = &probe_catalogue[i];

		if (markdown)
			fprintf(out, "| `%s` | %s | %s | %s |\n", t->name,
				probe_kind_name(t->kind), t->unit, t->help);
		else
			fprintf(out, "%-28s %-7s %-11s %s\n", t->name,
				probe_kind_name(t->kind), t->unit, t->help);
	}
}
