// SPDX-License-Identifier: MIT
/*
 * nicsim explain: for each application, what limited it, derived from the
 * same counters as the summary (the socket's charge ledger, the NIC's
 * reclaim counters, TCP's "limited by" sampling) and put as cause, rule
 * and remedy with the run's own numbers. No text is keyed to a scenario:
 * every sentence follows from a mechanism's state at the end of the run,
 * or, for a ping's first ENOBUFS, at that moment: where the socket's
 * charged skbs were (sock_tx_census) names what held them, a queue
 * stopped by BQL or the driver, the qdisc, the wire or TX reclaim. A
 * claim that needs a what-if (the largest tx-frames that avoids the
 * failure) is printed only when a re-run confirmed it.
 * Remedies are candidates, as scenario overrides, for the symptom each
 * explanation is about; remedy.c re-runs the scenario with each and
 * prints only those that removed the symptom.
 */
#include <string.h>
#include "sim/run/world.h"
#include "sim/run/remedy.h"
#include "net/sch_generic.h"
#include "drivers/net/nic.h"

int world_sock_txq(const struct host *h, const struct sock *sk, struct nic_queue_stats *st)
{
	struct nic_info ni;
	int q, best = 0;

	nic_info(h, &ni);
	if (sk->last_txq >= 0) {
		nic_queue_stats(h, sk->last_txq, st);
		return sk->last_txq;
	}
	nic_queue_stats(h, 0, st);
	for (q = 1; q < ni.nr_txq; q++) {
		struct nic_queue_stats s;

		nic_queue_stats(h, q, &s);
		if (s.packets > st->packets) {
			*st = s;
			best = q;
		}
	}
	return best;
}

/* --- candidate remedies, as scenario overrides ----------------------- */

/* The driver takes tx_reclaim (mvneta): its policy is one of these. */
static bool has_reclaim_policy(const struct nic_info *ni)
{
	static const char *const policies[] = { "xmit-timer", "tx-irq", "rx-poll", "hrtimer" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(policies); i++)
		if (!strcmp(ni->reclaim, policies[i]))
			return true;
	return false;
}

static const char *reclaim_what(const char *policy)
{
	if (!strcmp(policy, "rx-poll"))
		return "reclaim in the RX poll, the 2013 patch";
	if (!strcmp(policy, "hrtimer"))
		return "reclaim from a high-resolution timer, as mvpp2";
	if (!strcmp(policy, "tx-irq"))
		return "reclaim on the TX-done interrupt";
	return "reclaim from the transmit path's timer";
}

static void add_tx_frames(struct remedy_list *l, const struct host *h, uint32_t n)
{
	remedy_set(remedy_add(l, "ethtool -C tx-frames %u", n), "host.%s.ethtool.tx-frames=%u",
		   h->name, n);
}

/* Another reclaim policy; with tx-irq, tx_frames >= 0 sets its threshold. */
static void add_reclaim(struct remedy_list *l, const struct host *h, const struct nic_info *ni,
			const char *policy, int tx_frames)
{
	struct remedy *r;

	if (!has_reclaim_policy(ni) || !strcmp(ni->reclaim, policy))
		return;
	if (tx_frames < 0)
		r = remedy_add(l, "tx_reclaim = %s (%s)", policy, reclaim_what(policy));
	else
		r = remedy_add(l, "tx_reclaim = %s with ethtool -C tx-frames %d (%s)", policy,
			       tx_frames, reclaim_what(policy));
	remedy_set(r, "host.%s.tx_reclaim=%s", h->name, policy);
	if (tx_frames >= 0)
		remedy_set(r, "host.%s.ethtool.tx-frames=%d", h->name, tx_frames);
}

/* A lower TX-done threshold, where tx-irq reclaim has one. */
static void add_lower_tx_frames(struct remedy_list *l, const struct host *h,
				const struct nic_info *ni, uint32_t tx_frames)
{
	if (strcmp(ni->reclaim, "tx-irq"))
		return;
	if (tx_frames > 0)
		add_tx_frames(l, h, 0);
	if (tx_frames > 1)
		add_tx_frames(l, h, 1);
}

/* A BQL floor that lets tx-frames + 1 frames of `len` bytes in. */
static void add_bql_min(struct remedy_list *l, const struct host *h, int q,
			const struct nic_info *ni, uint32_t tx_frames, uint32_t len)
{
	uint32_t bytes = (tx_frames + 1) * len;

	if (!h->dev.txq[q].bql_on || strcmp(ni->reclaim, "tx-irq") || !tx_frames ||
	    h->dev.txq[q].bql.dql.min_limit >= bytes)
		return;
	remedy_set(remedy_add(l, "BQL limit_min %u B (tx-frames + 1 frames of %u B in tx-%d)",
			      bytes, len, q),
		   "host.%s.bql_limit_min=%u", h->name, bytes);
}

/*
 * The later era of the host's driver family whose commit removed this
 * era's known TX defect (nic_info.fixed_by); printed only if the re-run
 * with it removes the symptom.
 */
static void add_driver_fix(struct remedy_list *l, const struct host *h)
{
	struct nic_info ni;

	nic_info(h, &ni);
	if (!ni.fixed_by)
		return;
	remedy_set(remedy_add(l, "driver %s, with %s (%s: %s)", ni.fixed_by, ni.fix, ni.driver,
			      ni.defect), "host.%s.driver=%s", h->name, ni.fixed_by);
}

/* --- ping ----------------------------------------------------------- */

/* Where the socket's charged requests were: `when` is "then" (the first
 * ENOBUFS) or "at the end". */
static void ping_where(const struct sock_tx_census *c, const struct nic_info *ni,
		       const char *when, FILE *out)
{
	const char *sep = "";

	fprintf(out, "  where they were %s:", when);
	if (c->stack) {
		fprintf(out, " %u in the qdisc of txq %d", c->stack, c->txq);
		sep = ",";
	}
	if (c->ring_unsent) {
		fprintf(out, "%s %u in its TX ring, not yet sent", sep, c->ring_unsent);
		sep = ",";
	}
	if (c->ring_sent)
		fprintf(out, "%s %u sent and waiting for TX reclaim (%s) to free %s", sep,
			c->ring_sent, ni->reclaim, c->ring_sent == 1 ? "it" : "them");
	fprintf(out, ".\n");
}

/* The TX reclaim threshold held them all. With the socket's room (0:
 * not full), the tx-frames arithmetic, only if the largest tx-frames it
 * names was verified to fix the run. */
static void ping_threshold(const struct ping *p, int q, const struct nic_queue_stats *st,
			   const struct remedy_list *l, uint32_t room, FILE *out)
{
	char set[REMEDY_SET_LEN];

	fprintf(out, "  what held them: TX reclaim. The TX-done interrupt of txq %d is raised only"
		" when more than tx-frames = %u frames have been sent on it (%u frames)", q,
		st->tx_frames, st->tx_frames + 1);
	if (room)
		fprintf(out, "; the socket fills after %u", room);
	fputc('.', out);
	snprintf(set, sizeof(set), "host.%s.ethtool.tx-frames=%u", p->host->name, room ? room - 1 : 0);
	if (room && room - 1 < st->tx_frames && remedy_fixed(l, set))
		fprintf(out, " With tx-frames <= %u the interrupt comes before the socket is full.",
			room - 1);
	fputc('\n', out);
}

static int busiest_txq(const struct host *h, int nr, int skip, uint64_t *frames);

/* Frames left in a ring with several TX queues: how the NIC chose
 * between queues, and what the busiest other one sent meanwhile. */
static void ring_arbiter_words(const struct host *h, const struct nic_info *ni, int q,
			       const struct nic_queue_stats *st, FILE *out)
{
	uint64_t frames;
	int k = busiest_txq(h, ni->nr_txq, q, &frames);

	fprintf(out, " (%llu frames sent on it); %s's NIC serves its TX queues %s",
		(unsigned long long)st->packets, h->name, ni->tx_arb);
	if (k >= 0)
		fprintf(out, ", and its busiest other queue, txq %d, sent %llu frames", k,
			(unsigned long long)frames);
}

/* What kept the requests charged: a stopped queue in front of them, the
 * wire, or TX reclaim after they were sent. */
static void ping_holder(const struct ping *p, const struct sock_tx_census *c,
			const struct nic_info *ni, const struct nic_queue_stats *st,
			const struct remedy_list *l, uint32_t room, FILE *out)
{
	const struct netdev_queue *txq = &p->host->dev.txq[c->txq >= 0 ? c->txq : 0];

	if (c->stack && c->stack_xoff) {
		fprintf(out, "  what held them: BQL had stopped txq %d (STACK_XOFF): %u B were queued"
			" to the driver and not completed, above its DQL limit of %u B, so the qdisc"
			" passed nothing on; only a TX completion restarts the queue.", c->txq,
			c->bql_inflight, c->bql_limit);
		if (!strcmp(ni->reclaim, "tx-irq"))
			fprintf(out, " A completion needs the TX-done interrupt, raised once more"
				" than tx-frames = %u descriptors were sent on the queue, and the stop"
				" had let %u B through.", st->tx_frames, c->bql_inflight);
		if (txq->trans_timeout)
			fprintf(out, " Over the run the TX watchdog found the queue stopped and reset"
				" the device %llu times.", (unsigned long long)txq->trans_timeout);
		fputc('\n', out);
	} else if (c->stack && c->drv_xoff) {
		fprintf(out, "  what held them: the driver had stopped txq %d: its TX ring of %u"
			" descriptors was full (at most %u in use over the run), so the qdisc passed"
			" nothing on until TX reclaim (%s) freed descriptors.\n", c->txq,
			st->ring_size, st->ring_max_used, ni->reclaim);
	} else if (c->stack) {
		fprintf(out, "  what held them: the qdisc of txq %d, which was not stopped; it held"
			" %u packets in all.\n", c->txq, c->qdisc_qlen);
	} else if (c->ring_unsent) {
		fprintf(out, "  what held them: the TX ring of txq %d, whose frames had not all"
			" reached the wire", c->txq);
		if (ni->nr_txq > 1)
			ring_arbiter_words(p->host, ni, c->txq, st, out);
		fputs(".\n", out);
	} else if (!strcmp(ni->reclaim, "tx-irq")) {
		ping_threshold(p, c->txq, st, l, room, out);
	} else {
		fprintf(out, "  what held them: TX reclaim; the %s policy frees sent skbs on its own"
			" schedule (%llu timer runs over the run).\n", ni->reclaim,
			(unsigned long long)ni->tx_timer_runs);
	}
}

/* Changes that may free a request before the socket is full. */
static void ping_candidates(const struct ping *p, const struct sock_tx_census *c,
			    const struct nic_info *ni, const struct nic_queue_stats *st,
			    uint32_t room, int64_t ts, struct remedy_list *l)
{
	uint32_t len = ETH_HLEN + IPV4_HLEN + ICMP_HLEN + (uint32_t)p->cfg.datalen;
	int64_t sndbuf;

	add_lower_tx_frames(l, p->host, ni, st->tx_frames);
	if (!strcmp(ni->reclaim, "tx-irq") && room > 2 && room - 1 < st->tx_frames)
		add_tx_frames(l, p->host, room - 1);
	add_reclaim(l, p->host, ni, "hrtimer", -1);
	if (c->txq >= 0)
		add_bql_min(l, p->host, c->txq, ni, st->tx_frames, len);
	add_driver_fix(l, p->host);
	/* a full socket: SO_SNDBUF (doubled) with room for tx-frames + 2 */
	sndbuf = ((int64_t)st->tx_frames + 2) * ts / 2;
	if (room && !strcmp(ni->reclaim, "tx-irq") && ts && 2 * sndbuf > p->sk.sk_sndbuf)
		remedy_set(remedy_add(l, "ping -S %lld (SO_SNDBUF: room for tx-frames + 2 requests)",
				      (long long)sndbuf), "app.%s.sndbuf=%lld", p->cfg.name,
			   (long long)sndbuf);
}

/* The request the qdisc dropped: a longer queue, or a qdisc that keeps
 * the ping's flow apart. */
static void ping_qdisc_candidates(const struct ping *p, struct remedy_list *l)
{
	uint32_t len = p->host->dev.tx_queue_len * 4;

	remedy_set(remedy_add(l, "ip link set txqueuelen %u", len), "host.%s.tx_queue_len=%u",
		   p->host->name, len);
	if (p->host->dev.txq[0].qdisc.ops != &fq_codel_qdisc_ops)
		remedy_set(remedy_add(l, "fq_codel as the qdisc (net.core.default_qdisc)"),
			   "host.%s.qdisc=fq_codel", p->host->name);
}

/* No ENOBUFS, but requests still charged at the end went unanswered:
 * where they are, what holds them, and what would free them. */
static void ping_unanswered(struct explain *x, struct remedy_list *l, const struct ping *p,
			    const struct nic_info *ni, const struct nic_queue_stats *st, FILE *out)
{
	struct sock_tx_census c;
	int64_t ts = p->sk.skbs_held ? (p->sk.sk_wmem_alloc - 1) / p->sk.skbs_held : 0;

	if (!p->sk.skbs_held || p->nreceived + 1 >= p->ntransmitted)
		return;
	sock_tx_census(&p->sk, &c);
	ping_where(&c, ni, "at the end", out);
	ping_candidates(p, &c, ni, st, 0, ts, l);
	remedies_verify(x, l);
	ping_holder(p, &c, ni, st, l, 0, out);
	remedies_print(x, l, out);
}

/* The busiest TX queue of h other than skip (-1 = none): its frames sent. */
static int busiest_txq(const struct host *h, int nr, int skip, uint64_t *frames)
{
	struct nic_queue_stats st;
	int k, best = -1;

	*frames = 0;
	for (k = 0; k < nr; k++) {
		if (k == skip)
			continue;
		nic_queue_stats(h, k, &st);
		if (st.packets > *frames) {
			*frames = st.packets;
			best = k;
		}
	}
	return best;
}

/* What the arbiter part was: the host whose NIC has several TX queues. */
static void ping_arbiter_words(const struct ping *p, FILE *out)
{
	const struct host *h = p->host;
	struct nic_queue_stats st;
	struct nic_info ni;
	uint64_t frames;
	int q = -1, k;

	nic_info(h, &ni);
	if (ni.nr_txq > 1) {
		q = world_sock_txq(h, &p->sk, &st);
	} else {
		h = p->dest;
		nic_info(h, &ni);
	}
	k = busiest_txq(h, ni.nr_txq, q, &frames);
	fprintf(out, "; %s's NIC serves its TX queues %s", h->name, ni.tx_arb);
	if (k >= 0)
		fprintf(out, ", and its busiest other queue, txq %d, sent %llu frames", k,
			(unsigned long long)frames);
}

/* Where the answered pings' round trips went, largest parts first. */
static void ping_latency(const struct ping *p, FILE *out)
{
	static const char *const what[RTT_NR] = {
		[RTT_STACK] = "in the socket and IP layers, before dev_queue_xmit",
		[RTT_QDISC] = "in a qdisc, behind packets queued before it",
		[RTT_TX_RING] = "in a TX ring, behind frames of its own queue",
		[RTT_ARBITER] = "at the head of its TX queue, while the NIC sent other queues' frames",
		[RTT_WIRE] = "on the wire, both ways",
		[RTT_PEER] = "at the peer: its interrupt, NAPI poll and ICMP echo",
		[RTT_RX_COAL] = "the reply waiting for the RX interrupt (rx-usecs, rx-frames)",
		[RTT_CPU_WAIT] = "the reply's interrupt waiting for the CPU",
		[RTT_RX_STACK] = "the reply from the driver to the socket, behind the NAPI poll's other packets",
	};
	sim_time_t total = 0;
	bool used[RTT_NR] = { false };
	int n, k, best;

	if (!p->nr_rtt)
		return;
	for (k = 0; k < RTT_NR; k++)
		total += p->split_sum[k];
	fprintf(out, "  round trip: mean %.3f ms over %llu replies; where it went:",
		time_to_ms(total) / (double)p->nr_rtt, (unsigned long long)p->nr_rtt);
	for (n = 0; n < 3; n++) {
		for (best = -1, k = 0; k < RTT_NR; k++)
			if (!used[k] && (best < 0 || p->split_sum[k] > p->split_sum[best]))
				best = k;
		if (n && p->split_sum[best] * 10 < total)
			break;
		used[best] = true;
		fprintf(out, "%s %.0f %% (%.3f ms) %s", n ? ";" : "",
			total ? 100.0 * (double)p->split_sum[best] / (double)total : 0.0,
			time_to_ms(p->split_sum[best]) / (double)p->nr_rtt, what[best]);
		if (best == RTT_ARBITER)
			ping_arbiter_words(p, out);
	}
	fprintf(out, ".\n");
}

/*
 * Answered pings that spent most of their round trip queued behind other
 * packets (qdisc, TX ring, the NIC's arbiter): what would shorten it.
 */
static void ping_rtt_remedies(struct explain *x, int i, const struct ping *p, FILE *out)
{
	const struct host *h = p->host;
	sim_time_t total = 0, queued;
	struct remedy_list l;
	int k;

	for (k = 0; k < RTT_NR; k++)
		total += p->split_sum[k];
	queued = p->split_sum[RTT_QDISC] + p->split_sum[RTT_TX_RING] + p->split_sum[RTT_ARBITER];
	if (!p->nr_rtt || 2 * queued < total)
		return;
	remedy_list_init(&l, SYM_RTT, i);
	add_driver_fix(&l, h);
	if (!h->dev.txq[0].bql_on)
		remedy_set(remedy_add(&l, "BQL on (the driver reports its queued bytes)"),
			   "host.%s.bql=1", h->name);
	if (h->dev.txq[0].qdisc.ops != &fq_codel_qdisc_ops)
		remedy_set(remedy_add(&l, "fq_codel as the qdisc (net.core.default_qdisc)"),
			   "host.%s.qdisc=fq_codel", h->name);
	remedies_verify(x, &l);
	remedies_print(x, &l, out);
}

static void ping_explain(struct explain *x, int i, const struct ping *p, FILE *out)
{
	struct nic_queue_stats st;
	struct nic_info ni;
	struct remedy_list l;
	char words[32];
	int q = world_sock_txq(p->host, &p->sk, &st);
	int64_t limit = 2 * p->sk.sk_sndbuf;

	nic_info(p->host, &ni);
	remedy_list_init(&l, SYM_PING, i);
	fprintf(out, "[app.%s] ping %s -> %s: %ld sent, %ld answered, %llu sendmsg failures (ENOBUFS)\n",
		p->cfg.name, p->host->name, p->dest->name, p->ntransmitted, p->nreceived,
		(unsigned long long)p->enobufs);
	ping_latency(p, out);
	if (p->first_error_seq >= 0 && p->err_qdisc) {
		fprintf(out, "  cause: icmp_seq %ld was dropped by the full qdisc of txq %d; IP_RECVERR"
			" reports the drop as ENOBUFS (the socket held only %lld B).\n",
			p->first_error_seq, p->err_where.txq >= 0 ? p->err_where.txq : q,
			(long long)p->err_wmem);
		ping_qdisc_candidates(p, &l);
		remedies_verify(x, &l);
		remedies_print(x, &l, out);
		return;
	}
	if (p->first_error_seq >= 0) {
		int64_t ts = p->err_held ? (p->err_wmem - 1) / p->err_held : 0;
		uint32_t room = ts ? (uint32_t)((limit - 1) / ts) + 1 : 0;

		if (p->err_where.txq >= 0 && p->err_where.txq != q) {	/* the queue it failed on */
			q = p->err_where.txq;
			nic_queue_stats(p->host, q, &st);
		}
		fprintf(out, "  cause: the socket's send buffer was full. A raw socket may charge up to"
			" 2 x sk_sndbuf = %lld B of sk_wmem_alloc; at icmp_seq %ld it held %lld B:"
			" %u echo requests of %lld B truesize each, plus 1.\n",
			(long long)limit, p->first_error_seq, (long long)p->err_wmem, p->err_held,
			(long long)ts);
		fprintf(out, "  why they were held: a request stays charged until the driver frees it at"
			" TX reclaim, not when it leaves the wire; over the run txq %d sent %llu frames"
			" and reclaim (%s) freed %llu.\n", q, (unsigned long long)st.packets,
			ni.reclaim, (unsigned long long)st.reclaimed);
		ping_where(&p->err_where, &ni, "then", out);
		ping_candidates(p, &p->err_where, &ni, &st, room, ts, &l);
		remedies_verify(x, &l);
		ping_holder(p, &p->err_where, &ni, &st, &l, room, out);
		remedies_print(x, &l, out);
		return;
	}
	if (!p->sk.freed) {
		fprintf(out, "  no failure yet: sk_wmem_alloc peaked at %lld B of the %lld B a raw socket"
			" may charge (2 x sk_sndbuf); none of the %u echo requests still charged has"
			" been freed by reclaim (%s%s on txq %d, %llu frames sent).\n",
			(long long)p->sk.wmem_peak, (long long)limit, p->sk.skbs_held, ni.reclaim,
			nic_tx_frames_words(p->host, &st, words, sizeof(words)), q,
			(unsigned long long)st.packets);
		ping_unanswered(x, &l, p, &ni, &st, out);
		return;
	}
	fprintf(out, "  no failure: sk_wmem_alloc peaked at %lld B of the %lld B a raw socket may"
		" charge (2 x sk_sndbuf); reclaim (%s%s on txq %d) freed %llu"
		" skbs in %llu passes, each held %.1f us on average.\n",
		(long long)p->sk.wmem_peak, (long long)limit, ni.reclaim,
		nic_tx_frames_words(p->host, &st, words, sizeof(words)), q,
		(unsigned long long)st.reclaimed, (unsigned long long)st.reclaim_events,
		p->sk.freed ? time_to_us(p->sk.held_ps_total) / (double)p->sk.freed : 0.0);
	ping_rtt_remedies(x, i, p, out);
}

static double share(const struct tcp_sock *tp, enum tcp_limit l)
{
	sim_time_t total = 0;
	int i;

	for (i = 0; i < TCP_LIM_NR; i++)
		total += tp->lim_ps[i];
	return total ? 100.0 * (double)tp->lim_ps[l] / (double)total : 0;
}

/* The busiest CPU of a host, by busy time. */
/* The three platform costs that took most of a CPU's cycles. */
static void cpu_costs_explain(const struct cpu *c, FILE *out)
{
	uint64_t total = 0, shown = 0;
	int i, k, best;

	for (i = 0; i < COST_NR; i++)
		total += c->cost_cycles[i];
	if (!total)
		return;
	fprintf(out, "  where its cycles went:");
	for (k = 0; k < 3; k++) {
		best = -1;
		for (i = 0; i < COST_NR; i++)
			if (c->cost_cycles[i] && !(shown & (1ull << i)) &&
			    (best < 0 || c->cost_cycles[i] > c->cost_cycles[best]))
				best = i;
		if (best < 0)
			break;
		shown |= 1ull << best;
		fprintf(out, "%s %s %.0f %%", k ? "," : "", cpu_cost_names[best],
			100.0 * (double)c->cost_cycles[best] / (double)total);
	}
	fprintf(out, " (cost keys of [host.NAME.cost]).\n");
}

/* Frames the wire lost on the flow's path, and how TCP recovered. */
static void loss_explain(const struct world *w, const struct stream_app *s, FILE *out)
{
	const struct tcp_sock *tp = &s->tx;
	const struct eth_port *p = s->host->port, *back = p ? p->peer : NULL;

	if (!p || (!p->lost_frames && !back->lost_frames))
		return;
	fprintf(out, "  losses: the wire lost %llu of the %llu frames %s sent and %llu of the %llu"
		" %s sent ([link] loss %.9g %%); each recovery reduces the window once. Recovery:"
		" %s, %llu fast recoveries, %llu retransmissions (%llu found lost again), %llu"
		" RTOs, %llu undone as needless%s.\n",
		(unsigned long long)p->lost_frames, (unsigned long long)p->tx_frames,
		s->host->name, (unsigned long long)back->lost_frames,
		(unsigned long long)back->tx_frames, s->dest->name,
		(double)w->scn->link.loss * 100 / SCN_PPB_ONE,
		tp->sack_ok ? "SACK" : "NewReno (no SACK: tcp_sack is 0 at one end)",
		(unsigned long long)tp->fast_retrans, (unsigned long long)tp->retrans,
		(unsigned long long)tp->lost_retrans, (unsigned long long)tp->rtos,
		(unsigned long long)tp->undos,
		tp->sack_ok ? "" : "; with SACK several losses per window are repaired at once");
}

/* Softirq overload on a CPU: NAPI out of budget, work left to ksoftirqd. */
static void softirq_overload_explain(const struct cpu *c, sim_time_t duration, FILE *out)
{
	if (!c->time_squeeze && !c->ksoftirqd_ps)
		return;
	fprintf(out, "  softirq overload: net_rx_action ran out of budget or time %llu times"
		" (time_squeeze); what __do_softirq's ten passes left went to ksoftirqd, which"
		" ran softirqs %.1f %% of the run and shares the CPU with the applications as a"
		" CFS task.\n", (unsigned long long)c->time_squeeze,
		duration ? 100.0 * (double)c->ksoftirqd_ps / (double)duration : 0);
}

/* The other limiters that held the flow at least 5 % of the time. */
static void also_limited(const struct tcp_sock *tp, enum tcp_limit main_l, FILE *out)
{
	bool any = false;
	int i;

	for (i = 0; i < TCP_LIM_NR; i++) {
		if (i == (int)main_l || share(tp, (enum tcp_limit)i) < 5.0)
			continue;
		fprintf(out, "%s %s %.0f %%", any ? "," : "  also:", tcp_limit_names[i],
			share(tp, (enum tcp_limit)i));
		any = true;
	}
	if (any)
		fprintf(out, "\n");
}

/* A stopped queue restarts sooner: a TX-done per frame, a timed reclaim,
 * a BQL floor above what tx-frames frames take, a longer ring. */
static void stopped_candidates(const struct host *h, int q, const struct nic_info *ni,
			       const struct nic_queue_stats *st, struct remedy_list *l)
{
	add_lower_tx_frames(l, h, ni, st->tx_frames);
	add_reclaim(l, h, ni, "hrtimer", -1);
	add_bql_min(l, h, q, ni, st->tx_frames, h->dev.mtu + ETH_HLEN);
	add_driver_fix(l, h);
	if (!h->dev.txq[q].bql_on || !h->dev.txq[q].bql.stack_xoff)
		remedy_set(remedy_add(l, "ethtool -G tx %u", 2 * st->ring_size),
			   "host.%s.ethtool.tx=%u", h->name, 2 * st->ring_size);
}

/* A stopped TX queue: by BQL (STACK_XOFF) or by the driver (DRV_XOFF). */
static void stopped_explain(struct explain *x, const struct host *h, int q,
			    struct remedy_list *l, FILE *out)
{
	const struct netdev_queue *txq = &h->dev.txq[q];
	struct nic_queue_stats st;
	struct nic_info ni;

	nic_queue_stats(h, q, &st);
	nic_info(h, &ni);
	l->sym = SYM_STOPPED;
	stopped_candidates(h, q, &ni, &st, l);
	remedies_verify(x, l);
	if (!txq->bql_on || !txq->bql.stack_xoff) {
		fprintf(out, "  cause: the driver stopped TX queue %d (%llu stops): its ring of %u "
			"descriptors was full (at most %u in use).\n", q,
			(unsigned long long)txq->stops, st.ring_size, st.ring_max_used);
		return;
	}
	fprintf(out, "  cause: BQL stopped TX queue %d (%llu times): %u bytes were queued to the "
		"driver and not yet completed, against a limit of %u.\n", q,
		(unsigned long long)txq->bql.xoffs, dql_inflight(&txq->bql.dql), txq->bql.dql.limit);
	fprintf(out, "  rule: netdev_tx_sent_queue stops the queue while the in-flight bytes "
		"exceed the DQL limit; only netdev_tx_completed_queue, called from TX reclaim, "
		"restarts it.\n");
	if (!strcmp(ni.reclaim, "tx-irq") && st.tx_frames > 0 && st.ring_used <= st.tx_frames)
		fprintf(out, "  here: the ring still holds %u descriptors of skbs not yet freed (an skb "
			"completes when its last descriptor is reclaimed); the NIC raises TX-done "
			"only once more than %u descriptors were sent (ethtool tx-frames), and BQL "
			"lets nothing more in, so no completion comes: the queue restarts only when "
			"the TX watchdog resets the device (%llu times on this queue).\n",
			st.ring_used, st.tx_frames, (unsigned long long)txq->trans_timeout);
}

/* The TSQ test of each era, as the kernel writes it. */
static const char *const tsq_rules[] = {
	[TSQ_FIXED] = "throttle when sk_wmem_alloc >= tcp_limit_output_bytes",
	[TSQ_DYN_312RC] = "limit = max(skb truesize, pacing_rate >> 10)",
	[TSQ_MAX_SYSCTL] = "limit = max(tcp_limit_output_bytes, pacing_rate >> 10)",
	[TSQ_MIN_MAX] = "limit = min(max(2 x skb truesize, pacing_rate >> sk_pacing_shift), "
			"tcp_limit_output_bytes)",
	[TSQ_V6] = "limit = min(max(2 x skb truesize, pacing_rate >> sk_pacing_shift), "
		   "tcp_limit_output_bytes), except for the only skb not yet acknowledged",
};

/* Why pacing_rate >> 10 did not lift the 3.12-3.14 limit: a jiffy srtt. */
static void tsq_pacing_jiffies(const struct tcp_sock *tp, const struct host *h, FILE *out)
{
	uint64_t term = tp->sk.sk_pacing_rate >> 10;

	if (tp->est.srtt8 <= 10 || term >= h->kp->tcp_limit_output_bytes)
		return;
	fprintf(out, "  why the limit is the sysctl: pacing_rate = 2 x mss x cwnd / srtt, with srtt"
		" in jiffies << 3 (3.12-3.14 RTT clock) and divided only when above 10; here srtt8"
		" = %lld (%.3f ms at HZ %d), cwnd %u, so pacing_rate >> 10 = %llu B.",
		(long long)tp->est.srtt8, time_to_ms(tp->srtt), h->hz, tp->cc.snd_cwnd,
		(unsigned long long)term);
	if (tp->est.srtt8 < 16)
		fprintf(out, " Once RTT samples of two jiffies have lifted srtt8 above 10, samples"
			" of one jiffy leave it there (m - (srtt8 >> 3) = 0 in tcp_rtt_estimator).");
	fputc('\n', out);
}

/* Sent skbs freed sooner (another reclaim, a lower TX-done threshold),
 * a larger limit, or the era's fix of its rule. */
static void tsq_candidates(const struct stream_app *s, const struct nic_queue_stats *st,
			   const struct nic_info *ni, struct remedy_list *l)
{
	const struct kprofile *kp = s->host->kp;
	const struct host *h = s->host;
	const char *fix = "3.12.0+tsq-fix";
	uint32_t lob = kp->tcp_limit_output_bytes * 4;

	add_reclaim(l, h, ni, "rx-poll", -1);
	add_reclaim(l, h, ni, "tx-irq", -1);
	add_reclaim(l, h, ni, "tx-irq", 1);
	add_reclaim(l, h, ni, "hrtimer", -1);
	add_lower_tx_frames(l, h, ni, st->tx_frames);
	add_driver_fix(l, h);
	if (kp->tsq_mode != TSQ_DYN_312RC)
		remedy_set(remedy_add(l, "sysctl net.ipv4.tcp_limit_output_bytes=%u", lob),
			   "host.%s.sysctl.tcp_limit_output_bytes=%u", h->name, lob);
	else if (kprofile_find(fix))
		remedy_set(remedy_add(l, "a kernel with \"tcp: tsq: restore minimal amount of"
				      " queueing\" (kernel %s)", fix), "host.%s.kernel=%s", h->name, fix);
}

static void tsq_explain(struct explain *x, const struct stream_app *s, int q,
			const struct nic_queue_stats *st, const struct nic_info *ni,
			struct remedy_list *l, FILE *out)
{
	const struct tcp_sock *tp = &s->tx;
	const struct kprofile *kp = s->host->kp;

	fprintf(out, "  cause: TCP Small Queues stopped the flow %llu times: sk_wmem_alloc (bytes"
		" below TCP, charged until the driver frees them) reached the era's limit; at the"
		" last stop it held %lld B against %u B.\n", (unsigned long long)tp->tsq_throttles,
		(long long)tp->tsq_wmem, tp->tsq_limit);
	if (kp->tsq_mode == TSQ_DYN_312RC)
		fprintf(out, "  rule (kernel %s): %s (tcp_limit_output_bytes is not used); pacing"
			" rate %.1f Mbit/s, from cwnd %u and srtt %.3f ms.\n", kp->name,
			tsq_rules[kp->tsq_mode], (double)tp->sk.sk_pacing_rate * 8 / 1e6,
			tp->cc.snd_cwnd, time_to_ms(tp->srtt));
	else if (kp->tsq_mode < (int)ARRAY_SIZE(tsq_rules) && tsq_rules[kp->tsq_mode])
		fprintf(out, "  rule (kernel %s): %s; tcp_limit_output_bytes %u, pacing rate %.1f"
			" Mbit/s.\n", kp->name, tsq_rules[kp->tsq_mode], kp->tcp_limit_output_bytes,
			tp->sk.sk_pacing_rate == UINT64_MAX ? 0 : (double)tp->sk.sk_pacing_rate * 8 / 1e6);
	if (kp->pacing_mode == PACING_JIFFIES && kp->tsq_mode == TSQ_MAX_SYSCTL)
		tsq_pacing_jiffies(tp, s->host, out);
	fprintf(out, "  what releases it: TX completion on txq %d, by the %s reclaim policy"
		" (%llu reclaim passes, %llu timer runs); until then nothing is sent.\n",
		q, ni->reclaim, (unsigned long long)st->reclaim_events,
		(unsigned long long)ni->tx_timer_runs);
	if (ni->tx_timer_runs && !strcmp(ni->reclaim, "xmit-timer"))
		fprintf(out, "  per timer run: %.1f KB acknowledged on average; the flow sends"
			" about one limit's worth each time the timer frees the ring, in skbs"
			" of the size goal (%u B, %u segments): the skb that crosses the"
			" limit still goes, so the size goal sets how far past it.\n",
			(double)tp->bytes_acked / (double)ni->tx_timer_runs / 1000,
			tp->size_goal, tp->mss ? tp->size_goal / tp->mss : 0);
	tsq_candidates(s, st, ni, l);
	remedies_verify(x, l);
}

static void stream_explain(struct explain *x, int i, const struct stream_app *s, FILE *out)
{
	const struct world *w = x->w;
	const struct tcp_sock *tp = &s->tx;
	enum tcp_limit l = tcp_main_limit(tp);
	struct nic_queue_stats st;
	struct remedy_list rl;
	struct nic_info ni;
	double pct;
	int q = world_sock_txq(s->host, &tp->sk, &st), c;

	nic_info(s->host, &ni);
	remedy_list_init(&rl, SYM_GOODPUT, i);
	fprintf(out, "[app.%s] %s %s -> %s: %.1f Mbit/s goodput; main limiter: %s (%.0f %% of the time)\n",
		s->cfg.name, s->cfg.mode == STREAM_WRITE ? "stream" : "http", s->host->name, s->dest->name,
		stream_goodput_mbps(s, w->duration), tcp_limit_names[l], share(tp, l));
	switch (l) {
	case TCP_LIM_TSQ:
		tsq_explain(x, s, q, &st, &ni, &rl, out);
		break;
	case TCP_LIM_LINK:
		fprintf(out, "  cause: the wire was busy, with frames waiting for it, when sampled; goodput"
			" %.1f of a %.0f Mbit/s link.\n",
			stream_goodput_mbps(s, w->duration),
			(double)world_link_rate(w, s->host) / 1e6);
		break;
	case TCP_LIM_CPU:
		c = world_busiest_cpu(s->host, &pct, w->duration);
		fprintf(out, "  cause: a CPU on the path had work queued; the busiest, %s cpu%d, was"
			" busy %.1f %% of the run.\n", s->host->name, c, pct);
		cpu_costs_explain(&s->host->cpus[c], out);
		softirq_overload_explain(&s->host->cpus[c], w->duration, out);
		break;
	case TCP_LIM_CWND:
		fprintf(out, "  cause: the congestion window was full: cwnd %u, ssthresh %u, %llu"
			" retransmits, %llu ECN reductions, srtt %.3f ms.\n", tp->cc.snd_cwnd,
			tp->cc.snd_ssthresh, (unsigned long long)tp->retrans,
			(unsigned long long)tp->cwr_events, time_to_ms(tp->srtt));
		break;
	case TCP_LIM_RWND:
		fprintf(out, "  cause: the receiver's window was full: %llu B advertised.\n",
			(unsigned long long)tp->snd_wnd);
		break;
	case TCP_LIM_SNDBUF:
		fprintf(out, "  cause: the application waited for send-buffer space: sk_sndbuf %lld B,"
			" tcp_wmem max %lld B.\n", (long long)tp->sk.sk_sndbuf,
			(long long)s->host->kp->tcp_wmem[2]);
		break;
	case TCP_LIM_STOPPED:
		stopped_explain(x, s->host, q, &rl, out);
		break;
	case TCP_LIM_DEFER:
		fprintf(out, "  cause: TCP held the send head back to send a bigger skb later"
			" (tcp_tso_should_defer, kernel %s): the room the windows left was under a"
			" full skb and a third of the window; cwnd %u, srtt %.3f ms.\n",
			s->host->kp->name, tp->cc.snd_cwnd, time_to_ms(tp->srtt));
		break;
	default:
		fprintf(out, "  cause: the application had nothing to send.\n");
	}
	loss_explain(w, s, out);
	also_limited(tp, l, out);
	remedies_print(x, &rl, out);
}

/*
 * A sender blocked on its send buffer for most of the run: where the skbs
 * charged to it were at the end, and what would free them sooner.
 */
static void udp_blocked_explain(struct explain *x, int i, const struct udp_app *u, FILE *out)
{
	struct sock_tx_census c;
	struct remedy_list l;
	struct nic_info ni;

	double offered = x->w->duration ? (double)u->sent * (double)u->cfg.size * 8 /
			 time_to_s(x->w->duration) : 0;

	/* blocked because the link is full is no stall */
	if (2 * udp_blocked_ps(u) < x->w->duration || 2 * offered > (double)world_link_rate(x->w, u->host))
		return;
	sock_tx_census(&u->sk, &c);
	nic_info(u->host, &ni);
	fprintf(out, "  cause: the sender waited on its send buffer for most of the run: its"
		" datagrams stay charged to the socket until the driver frees them at TX"
		" reclaim (%s).\n", ni.reclaim);
	ping_where(&c, &ni, "at the end", out);
	if (c.ring_sent && ni.defect)
		fprintf(out, "  known defect of %s: %s.\n", ni.driver, ni.defect);
	remedy_list_init(&l, SYM_UDP_SENT, i);
	add_reclaim(&l, u->host, &ni, "hrtimer", -1);
	add_driver_fix(&l, u->host);
	remedies_verify(x, &l);
	remedies_print(x, &l, out);
}

static void udp_explain(struct explain *x, int i, const struct udp_app *u, FILE *out)
{
	const struct world *w = x->w;
	const struct eth_port *port = u->host->port;
	struct remedy_list l;
	struct nic_info ni;
	double pct;
	int c;

	fprintf(out, "[app.%s] udp %s -> %s: %llu sent, %llu received; %llu lost to full qdiscs (ENOBUFS),"
		" blocked %.3f s on the send buffer (sk_sndbuf %lld B).\n", u->cfg.name, u->host->name,
		u->dest->name, (unsigned long long)u->sent, (unsigned long long)u->sink_packets,
		(unsigned long long)u->enobufs, time_to_s(udp_blocked_ps(u)),
		(long long)u->sk.sk_sndbuf);
	remedy_list_init(&l, SYM_UDP, i);
	if (u->enobufs) {	/* a longer qdisc */
		uint32_t len = u->host->dev.tx_queue_len * 4;

		remedy_set(remedy_add(&l, "ip link set txqueuelen %u", len),
			   "host.%s.tx_queue_len=%u", u->host->name, len);
	}
	remedies_verify(x, &l);
	udp_blocked_explain(x, i, u, out);
	if (u->sink_packets < u->sent) {
		nic_info(u->dest, &ni);
		fprintf(out, "  where the rest went (all traffic of the path): %llu frames corrupted"
			" on the wire, %llu dropped by %s's NIC for want of an RX descriptor.\n",
			(unsigned long long)(port ? port->lost_frames : 0),
			(unsigned long long)ni.rx_no_desc_drops, u->dest->name);
		if (ni.rx_no_desc_drops) {
			c = world_busiest_cpu(u->dest, &pct, w->duration);
			fprintf(out, "  the RX ring fills when the receiver cannot keep up: %s cpu%d"
				" was busy %.1f %% of the run.\n", u->dest->name, c, pct);
			cpu_costs_explain(&u->dest->cpus[c], out);
			softirq_overload_explain(&u->dest->cpus[c], w->duration, out);
		}
	}
	remedies_print(x, &l, out);
}

/* What had stopped a queue when the watchdog found it. */
static void timeout_cause(const struct host *h, int q, const struct nic_info *ni, FILE *out)
{
	const struct netdev_queue *txq = &h->dev.txq[q];
	struct nic_queue_stats st;

	nic_queue_stats(h, q, &st);
	fprintf(out, "  txq %d timed out %llu times", q, (unsigned long long)txq->trans_timeout);
	if (!txq->timeout_bql) {
		fprintf(out, ": the driver had stopped it (DRV_XOFF).\n");
		return;
	}
	if (txq->timeout_bql == txq->trans_timeout)
		fprintf(out, ": BQL had stopped it (STACK_XOFF)");
	else
		fprintf(out, ": BQL had stopped it %llu of those times (STACK_XOFF), the driver the"
			" others", (unsigned long long)txq->timeout_bql);
	fprintf(out, "; at the first, %u B were in flight against a DQL limit of %u B",
		txq->timeout_inflight, txq->timeout_limit);
	if (!strcmp(ni->reclaim, "tx-irq") && st.tx_frames > 0)
		fprintf(out, ", and only a completion restarts it: the TX-done interrupt, raised"
			" once more than tx-frames = %u descriptors were sent", st.tx_frames);
	fprintf(out, ".\n");
}

/* dev_watchdog found a queue stopped too long and the driver reset. */
static void watchdog_explain(struct explain *x, int i, const struct host *h, FILE *out)
{
	const struct net_device *dev = &h->dev;
	uint64_t timeouts = netdev_tx_timeouts(dev);
	struct remedy_list l;
	struct nic_info ni;
	int q, first = -1;

	if (!timeouts)
		return;
	nic_info(h, &ni);
	fprintf(out, "host %s: the TX watchdog fired %llu times: a TX queue stayed stopped, by the"
		" driver or by BQL, with no transmit accepted for more than %llu ms"
		" (dev_watchdog); ndo_tx_timeout (%s) freed the TX rings and reset the TX DMA.\n",
		h->name, (unsigned long long)timeouts,
		(unsigned long long)(dev->watchdog_timeo * 1000 / (uint64_t)h->hz), ni.driver);
	for (q = 0; q < dev->real_num_tx_queues; q++) {
		if (!dev->txq[q].trans_timeout)
			continue;
		if (first < 0)
			first = q;
		timeout_cause(h, q, &ni, out);
	}
	remedy_list_init(&l, SYM_WATCHDOG, i);
	if (first >= 0) {
		struct nic_queue_stats st;

		nic_queue_stats(h, first, &st);
		add_lower_tx_frames(&l, h, &ni, st.tx_frames);
		add_reclaim(&l, h, &ni, "hrtimer", -1);
		add_bql_min(&l, h, first, &ni, st.tx_frames, h->dev.mtu + ETH_HLEN);
	}
	add_driver_fix(&l, h);
	remedies_verify(x, &l);
	remedies_print(x, &l, out);
}

/*
 * A CPU of h saturated while its NIC interrupted it often: an interrupt
 * storm. What its cycles went to, and what would spread the interrupts
 * out: the driver era that fixed this one's known defect, interrupt
 * coalescing where the driver has it.
 */
static void irq_load_explain(struct explain *x, int i, const struct host *h, FILE *out)
{
	double pct, secs = time_to_s(x->w->duration), rate;
	struct remedy_list l;
	struct nic_info ni;
	int c;

	if (!secs)
		return;
	c = world_busiest_cpu(h, &pct, x->w->duration);
	nic_info(h, &ni);
	rate = (double)(ni.irq_rx + ni.irq_tx) / secs;
	if (pct < REMEDY_CPU_BUSY || rate < IRQ_STORM_PER_S)
		return;
	fprintf(out, "host %s: cpu%d was busy %.1f %% of the run while its NIC (%s) raised %.0f"
		" interrupts a second, one every %.1f us (%llu RX, %llu TX-done).\n", h->name, c,
		pct, ni.driver, rate, 1e6 / rate, (unsigned long long)ni.irq_rx,
		(unsigned long long)ni.irq_tx);
	cpu_costs_explain(&h->cpus[c], out);
	if (ni.defect)
		fprintf(out, "  known defect of %s: %s.\n", ni.driver, ni.defect);
	remedy_list_init(&l, SYM_CPU, i);
	add_driver_fix(&l, h);
	remedy_set(remedy_add(&l, "ethtool -C rx-usecs 64"), "host.%s.ethtool.rx-usecs=64",
		   h->name);
	remedy_set(remedy_add(&l, "ethtool -C rx-frames 32"), "host.%s.ethtool.rx-frames=32",
		   h->name);
	remedies_verify(x, &l);
	remedies_print(x, &l, out);
}

void world_explain(const struct world *w, const struct world_rerun *rr, FILE *out)
{
	struct explain x;
	int i;

	explain_init(&x, w, rr);
	for (i = 0; i < w->nr_apps; i++) {
		const struct world_app *a = &w->apps[i];

		if (a->kind == APP_PING)
			ping_explain(&x, i, &a->u.ping, out);
		else if (a->kind == APP_STREAM)
			stream_explain(&x, i, &a->u.stream, out);
		else if (a->kind == APP_UDP)
			udp_explain(&x, i, &a->u.udp, out);
	}
	for (i = 0; i < w->nr_hosts; i++) {
		watchdog_explain(&x, i, &w->hosts[i], out);
		irq_load_explain(&x, i, &w->hosts[i], out);
	}
	explain_free(&x);
}
