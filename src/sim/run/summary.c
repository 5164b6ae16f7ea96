// SPDX-License-Identifier: MIT
/*
 * The human summary printed after a run: per application what a user of
 * the real tool would see, one line of why taken from the socket and NIC
 * counters, and per host CPU load and interrupts.
 */
#include <stdlib.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "sim/engine/util.h"

static void ping_why(const struct ping *p, FILE *out)
{
	struct nic_queue_stats st;
	struct nic_info ni;
	char words[32];
	int q = world_sock_txq(p->host, &p->sk, &st);	/* the ping's own queue */

	nic_info(p->host, &ni);
	if (p->first_error_seq >= 0 && p->err_qdisc) {
		fprintf(out, "  why: sendmsg for icmp_seq %ld failed because the qdisc of its TX queue was "
			"full and dropped the request (reported as ENOBUFS with IP_RECVERR); "
			"sk_wmem_alloc was only %lld.\n", p->first_error_seq, (long long)p->err_wmem);
		return;
	}
	if (p->first_error_seq >= 0) {
		fprintf(out, "  why: sendmsg for icmp_seq %ld found sk_wmem_alloc %lld > 2 x sk_sndbuf (2 x %lld):"
			" %u echo requests (%lld B truesize each) were still charged to the socket.\n",
			p->first_error_seq, (long long)p->err_wmem, (long long)p->err_sndbuf,
			p->err_held, p->err_held ? (long long)(p->err_wmem - 1) / p->err_held : 0);
		fprintf(out, "       An skb is uncharged only when the driver frees it at TX reclaim (%s%s):"
			" txq %d sent %llu frames, reclaim freed %llu.\n",
			ni.reclaim, nic_tx_frames_words(p->host, &st, words, sizeof(words)), q, (unsigned long long)st.packets,
			(unsigned long long)st.reclaimed);
		return;
	}
	if (!p->sk.freed && p->sk.skbs_held) {
		fprintf(out, "  why no error yet: none of the %u echo requests was freed by TX reclaim,"
			" but the peak sk_wmem_alloc %lld B stayed within 2 x sk_sndbuf = %lld B"
			" (%s%s: txq %d sent %llu frames).\n",
			p->sk.skbs_held, (long long)p->sk.wmem_peak, (long long)(2 * p->sk.sk_sndbuf),
			ni.reclaim, nic_tx_frames_words(p->host, &st, words, sizeof(words)), q, (unsigned long long)st.packets);
		return;
	}
	fprintf(out, "  why no error: peak sk_wmem_alloc %lld B stayed within 2 x sk_sndbuf = %lld B;"
		" skbs were held %.1f us on average before TX reclaim (%s%s:"
		" txq %d sent %llu, reclaimed %llu in %llu passes).\n",
		(long long)p->sk.wmem_peak, (long long)(2 * p->sk.sk_sndbuf),
		p->sk.freed ? time_to_us(p->sk.held_ps_total) / (double)p->sk.freed : 0.0,
		ni.reclaim, nic_tx_frames_words(p->host, &st, words, sizeof(words)), q,
		(unsigned long long)st.packets,
		(unsigned long long)st.reclaimed, (unsigned long long)st.reclaim_events);
}

static void ping_summary(const struct ping *p, FILE *out)
{
	double avg = p->nreceived ? (double)p->tsum / p->nreceived / 1000.0 : 0;

	fprintf(out, "[app.%s] ping %s -> %s: %ld transmitted, %ld received, %llu failed sendmsg (ENOBUFS), %llu printed",
		p->cfg.name, p->host->name, p->dest->name, p->ntransmitted, p->nreceived,
		(unsigned long long)p->enobufs, (unsigned long long)p->errors_printed);
	if (p->first_error_seq >= 0)
		fprintf(out, "; first failure at icmp_seq %ld (t=%.3f s)", p->first_error_seq,
			time_to_s(p->first_error_t));
	if (p->errors_printed)
		fprintf(out, ", first printed error at t=%.3f s", time_to_s(p->first_printed_error_t));
	fprintf(out, "\n");
	if (p->nreceived) {
		int k;

		fprintf(out, "  rtt min/avg/max = %.3f/%.3f/%.3f ms; where it went (mean us):",
			p->tmin / 1000.0, avg, p->tmax / 1000.0);
		for (k = 0; k < RTT_NR; k++)
			fprintf(out, " %s %.1f", rtt_part_names[k],
				time_to_us(p->split_sum[k]) / (double)MAX(p->nr_rtt, 1));
		fprintf(out, "\n");
	}
	ping_why(p, out);
}

/* What iperf's server reports: received rate and loss; and the sender's side. */
static void udp_summary(const struct world *w, const struct udp_app *u, FILE *out)
{
	double span = time_to_s(udp_active_ps(u, w->duration));
	uint64_t lost = udp_lost(u);

	fprintf(out, "[app.%s] udp %s -> %s: %llu sent, %llu received, %llu lost (%.2f %%);"
		" received %.2f Mbit/s, %.0f pps\n", u->cfg.name, u->host->name, u->dest->name,
		(unsigned long long)u->sent, (unsigned long long)u->sink_packets,
		(unsigned long long)lost, u->sink_expected ? 100.0 * (double)lost /
		(double)u->sink_expected : 0.0, span > 0 ? (double)u->sink_bytes * 8 / span / 1e6 : 0,
		span > 0 ? (double)u->sink_packets / span : 0);
	fprintf(out, "  sender: %.2f Mbit/s offered, %llu EAGAIN, blocked %.3f s, %llu qdisc drops\n",
		span > 0 ? (double)u->sent * (double)u->cfg.size * 8 / span / 1e6 : 0,
		(unsigned long long)u->eagain, time_to_s(udp_blocked_ps(u)),
		(unsigned long long)u->enobufs);
}

/* "limited by:" with each limit's share of the sampled time, largest first */
static void limits_line(const sim_time_t *lim_ps, FILE *out)
{
	sim_time_t total = 0;
	int i, order[TCP_LIM_NR], n = 0;

	for (i = 0; i < TCP_LIM_NR; i++)
		total += lim_ps[i];
	for (i = 0; i < TCP_LIM_NR; i++)	/* by share, largest first */
		order[n++] = i;
	for (i = 1; i < n; i++) {
		int j = i, v = order[i];

		while (j > 0 && lim_ps[order[j - 1]] < lim_ps[v]) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = v;
	}
	fprintf(out, "  limited by:");
	for (i = 0; i < n && total; i++)
		if (lim_ps[order[i]] >= total / 100)	/* >= 1 %, no overflow */
			fprintf(out, " %s %.0f%%", tcp_limit_names[order[i]],
				100.0 * (double)lim_ps[order[i]] / (double)total);
	fprintf(out, "\n");
}

static void stream_summary(const struct world *w, const struct stream_app *s, FILE *out)
{
	const struct tcp_sock *tp = &s->tx;

	fprintf(out, "[app.%s] %s %s -> %s: %.1f Mbit/s goodput (%.2f MB/s); cwnd %u, srtt %.3f ms, "
		"%llu retransmits, sk_sndbuf %lld\n", s->cfg.name,
		s->cfg.mode == STREAM_WRITE ? "stream" : "http", s->host->name, s->dest->name, stream_goodput_mbps(s, w->duration),
		stream_goodput_mbps(s, w->duration) / 8, tp->cc.snd_cwnd, time_to_ms(tp->srtt),
		(unsigned long long)tp->retrans, (long long)tp->sk.sk_sndbuf);
	if (tp->ecn_flags & TCP_ECN_OK)
		fprintf(out, "  ECN: %llu CE segments received, %llu ECE ACKs, %llu cwnd reductions (CWR)\n",
			(unsigned long long)s->rx.ce_received, (unsigned long long)tp->ece_acks,
			(unsigned long long)tp->cwr_events);
	limits_line(tp->lim_ps, out);
}

/* netperf TCP_RR / UDP_RR: the rate and the latencies netperf's omni
 * output selectors give. */
static void rr_summary(const struct world *w, const struct rr_app *r, FILE *out)
{
	struct rr_latency l;

	rr_latency_stats(r, &l);
	fprintf(out, "[app.%s] %s %s -> %s, %lld,%lld bytes: %llu transactions, %.1f per second;"
		" latency us min %.1f mean %.1f p50 %.1f p90 %.1f p99 %.1f max %.1f\n", r->cfg.name,
		r->cfg.udp ? "udp_rr" : "tcp_rr", r->host->name, r->dest->name,
		(long long)r->cfg.request, (long long)r->cfg.response, (unsigned long long)r->done,
		rr_rate(r, w->duration), l.min, l.mean, l.p50, l.p90, l.p99, l.max);
	/* longer than any transaction took: a lost datagram, most likely */
	if (r->cfg.udp && r->usk.rx_waiter && w->duration - r->waiting_since > r->lat_max)
		fprintf(out, "  waiting in recv() since t=%.6f s, longer than any transaction took:"
			" %llu requests sent, %llu received, %llu responses sent, %llu received"
			" (UDP_RR does not retransmit: a lost datagram stalls it)\n",
			time_to_s(r->waiting_since), (unsigned long long)r->sent,
			(unsigned long long)r->srv_requests, (unsigned long long)r->srv_responses,
			(unsigned long long)r->done);
}

/* A stream app of n > 1 connections (iperf -P): the sum as iperf's [SUM]
 * line, fairness, then a row per connection. */
static void stream_group_summary(const struct world *w, const struct world_app *a, int n,
				 FILE *out)
{
	const struct stream_app *s = &a->u.stream;
	sim_time_t lim_ps[TCP_LIM_NR] = { 0 };
	double sum = 0, lo = 0, hi = 0, *g = xcalloc((size_t)n, sizeof(*g));
	uint64_t retrans = 0;
	int i, l, width;

	for (i = 0; i < n; i++) {
		g[i] = stream_goodput_mbps(&a[i].u.stream, w->duration);
		sum += g[i];
		lo = i ? MIN(lo, g[i]) : g[i];
		hi = i ? MAX(hi, g[i]) : g[i];
		retrans += a[i].u.stream.tx.retrans;
		for (l = 0; l < TCP_LIM_NR; l++)
			lim_ps[l] += a[i].u.stream.tx.lim_ps[l];
	}
	fprintf(out, "[app.%s] %s %s -> %s, %d connections: %.1f Mbit/s goodput summed (%.2f MB/s), "
		"%llu retransmits; per connection %.1f .. %.1f Mbit/s, Jain's index %.3f\n",
		a->cfg->name, s->cfg.mode == STREAM_WRITE ? "stream" : "http", s->host->name,
		s->dest->name, n, sum, sum / 8, (unsigned long long)retrans, lo, hi,
		jain_index(g, n));
	limits_line(lim_ps, out);
	width = MAX((int)strlen(a[n - 1].u.stream.cfg.name), 10);
	fprintf(out, "  %-*s %9s %8s %6s %9s\n", width, "connection",
		"Mbit/s", "retrans", "cwnd", "srtt ms");
	for (i = 0; i < n; i++) {
		const struct tcp_sock *tp = &a[i].u.stream.tx;

		fprintf(out, "  %-*s %9.1f %8llu %6u %9.3f\n", width,
			a[i].u.stream.cfg.name, g[i], (unsigned long long)tp->retrans,
			tp->cc.snd_cwnd, time_to_ms(tp->srtt));
	}
	free(g);
}

static void host_summary(const struct world *w, const struct host *h, FILE *out)
{
	struct nic_info ni;
	uint64_t timeouts;
	int i;

	nic_info(h, &ni);
	fprintf(out, "host %s (%s, kernel %s, %s):", h->name, h->plat->name, h->kp->name, ni.driver);
	for (i = 0; i < h->nr_cpus; i++) {
		const struct cpu *c = &h->cpus[i];
		double d = (double)w->duration / 100.0;

		fprintf(out, " cpu%d us %.3f%% sy %.3f%% hi %.3f%% si %.3f%%;", i,
			c->busy_ps[ACCT_USER] / d, c->busy_ps[ACCT_SYS] / d,
			c->busy_ps[ACCT_IRQ] / d, c->busy_ps[ACCT_SOFTIRQ] / d);
	}
	for (i = 0; i < h->nr_irqs; i++)
		fprintf(out, " irq %s %llu", h->irqs[i].name, (unsigned long long)h->irqs[i].count);
	timeouts = netdev_tx_timeouts(&h->dev);
	if (timeouts)
		fprintf(out, "; TX watchdog timeouts %llu", (unsigned long long)timeouts);
	fprintf(out, "\n");
}

/* Only with [link] loss: what the wire dropped, per direction. */
static void link_loss_summary(const struct world *w, FILE *out)
{
	int i;

	fprintf(out, "link: loss %.9g%%", (double)w->scn->link.loss * 100 / SCN_PPB_ONE);
	for (i = 0; w->sw && i < 2 * w->nr_hosts; i++) {
		const struct eth_port *p = &w->links[i / 2].port[i % 2];

		fprintf(out, "; %s -> %s %llu of %llu frames lost",
			i % 2 ? "switch" : w->hosts[i / 2].name, i % 2 ? w->hosts[i / 2].name : "switch",
			(unsigned long long)p->lost_frames, (unsigned long long)p->tx_frames);
	}
	for (i = 0; !w->sw && i < 2; i++) {
		const struct eth_port *p = &w->link.port[i];

		fprintf(out, "; %s -> %s %llu of %llu frames lost", w->hosts[i].name,
			w->hosts[1 - i].name, (unsigned long long)p->lost_frames,
			(unsigned long long)p->tx_frames);
	}
	fprintf(out, "\n");
}

/* With [switch]: per port, what left towards its host and what it dropped. */
static void switch_summary(const struct world *w, FILE *out)
{
	int i;

	for (i = 0; i < w->sw->nr_ports; i++) {
		const struct sw_port *p = &w->sw->port[i];

		fprintf(out, "switch port %s: %.1f Mbit/s link, %llu frames out, %llu dropped, "
			"max backlog %llu bytes (%llu frames)", w->hosts[i].name,
			(double)p->eth->link->rate / 1e6, (unsigned long long)p->tx_frames,
			(unsigned long long)p->drops, (unsigned long long)p->max_backlog,
			(unsigned long long)p->max_qlen);
		if (p->rate)
			fprintf(out, "; shaped to %.1f Mbit/s, %.3f ms waiting for tokens",
				(double)p->rate / 1e6, time_to_ms(p->shaped_ps));
		fprintf(out, "\n");
	}
}

void world_summary(const struct world *w, FILE *out)
{
	int i;

	fprintf(out, "nicsim %s: %s, seed %lld, %.3f s simulated, %llu events\n", NICSIM_VERSION,
		w->scn->file, (long long)w->scn->sim.seed, time_to_s(w->duration),
		(unsigned long long)w->sim.nr_fired);
	for (i = 0; i < w->nr_apps; i += w->apps[i].nr_streams) {
		if (w->apps[i].kind == APP_PING)
			ping_summary(&w->apps[i].u.ping, out);
		else if (w->apps[i].kind == APP_UDP)
			udp_summary(w, &w->apps[i].u.udp, out);
		else if (w->apps[i].kind == APP_RR)
			rr_summary(w, &w->apps[i].u.rr, out);
		else if (w->apps[i].nr_streams > 1)
			stream_group_summary(w, &w->apps[i], w->apps[i].nr_streams, out);
		else
			stream_summary(w, &w->apps[i].u.stream, out);
	}
	for (i = 0; i < w->nr_hosts; i++)
		host_summary(w, &w->hosts[i], out);
	if (w->sw)
		switch_summary(w, out);
	if (w->scn->link.loss)
		link_loss_summary(w, out);
}
