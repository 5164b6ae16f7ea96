// SPDX-License-Identifier: MIT
/*
 * Request/response: netperf TCP_RR and UDP_RR, as read in netperf's git
 * (HewlettPackard/netperf afc51ff): src/nettest_omni.c send_omni_inner
 * and doc/netperf.texi (TCP_RR, UDP_RR, "Using --enable-burst", the
 * omni latency selectors). A transaction is a request of `request` bytes
 * from the client (netperf, on host) and a response of `response` bytes
 * from the server (netserver, on dest): the client write()s the request,
 * then read()s until the whole response is in; the server read()s until
 * the whole request is in, then write()s the response. One transaction is
 * outstanding at a time; with -b N (`burst`) netperf first injects N
 * requests, then runs its loop of send and receive, so N + 1 are
 * outstanding and each response read lets it send one more (the ramp-up
 * of older versions was removed in 2015).
 *
 * TCP_RR runs over one connection, set up as the stream app's is
 * (tcp.h: the handshake at start) and kept open. UDP_RR sends each
 * request and each response as one datagram and retransmits nothing
 * (netperf.texi: neither UDP nor netperf retransmits; any lost request
 * or response stops the exchange until the test timer expires; with -b
 * N it survives losses until they add up to N + 1). The client then
 * stays blocked in recv() for the rest of the run and the results say
 * since when. Deviation: netperf's receive-timeout path (a timed-out
 * recv() restarts the burst) is left out; the stock build blocks.
 *
 * Both ends are processes on their hosts' CPUs (cpu, peer_cpu), charged
 * as the other apps are: a syscall per call, the copy, the TCP or UDP
 * send and receive costs.
 *
 * Latency of a transaction: from the client's send() of its request to
 * the end of the recv() that completed its response, as netperf times it.
 * Deviation: netperf computes its latency percentiles from a histogram
 * of 100 buckets per decade; here they are exact (every latency kept).
 * The transaction rate is over the time from the first request (after
 * connect() for TCP) to the end of the run. Latencies are kept in ns (at
 * most 2^32 - 1, 4.29 s) for exact percentiles (results.md).
 *
 * Deviation: no Nagle (the TCP model has none): as netperf -D
 * (TCP_NODELAY). With one transaction outstanding Nagle never delays a
 * request (the previous response acknowledged all data); with a burst it
 * would in Linux without -D.
 * UDP_RR requests and responses larger than the MTU go as IP fragments,
 * reassembled before delivery. The server's socket has the default
 * SO_RCVBUF and SO_SNDBUF; `sndbuf` sets the client's.
 */
#include <stdlib.h>
#include <string.h>
#include "app/app.h"
#include "kernel/host.h"
#include "net/ipv4/ip.h"
#include "sim/engine/util.h"

enum { RR_CONNECT, RR_SEND, RR_RECV };

/* One transaction done: its latency kept (up to RR_RECORDS). */
static void rr_complete(struct rr_app *r, sim_time_t now)
{
	sim_time_t lat = now - r->sent_at[r->done % r->ring];
	uint64_t ns = (uint64_t)(lat / PS_PER_NS);

	r->done++;
	r->lat_sum += lat;
	r->lat_min = r->done == 1 ? lat : MIN(r->lat_min, lat);
	r->lat_max = MAX(r->lat_max, lat);
	if (r->nr_lat == RR_RECORDS) {
		r->lat_not_recorded++;
		return;
	}
	if (r->nr_lat == r->cap_lat) {
		r->cap_lat = r->cap_lat ? r->cap_lat * 2 : 1024;
		r->lat_ns = xrealloc(r->lat_ns, r->cap_lat * sizeof(*r->lat_ns));
	}
	r->lat_ns[r->nr_lat++] = (uint32_t)MIN(ns, (uint64_t)UINT32_MAX);
}

/* The next request goes out now: its send time, for its latency. */
static void rr_request_starts(struct rr_app *r, struct cpu *cpu)
{
	if (!r->sent)
		r->first_send = cpu_now(cpu);
	r->sent_at[r->sent % r->ring] = cpu_now(cpu);
}

/* --- UDP_RR ---------------------------------------------------------- */

/* udp_sendmsg of one datagram of `len` bytes from sk to port on `to`;
 * false if the send buffer is full (the caller sleeps). */
static bool rr_udp_send(struct cpu *cpu, struct sock *sk, struct host *to, uint16_t port,
			uint32_t len, uint64_t *drops)
{
	const struct cpu_costs *c = &cpu->host->plat->cost;
	struct skb_queue frags;
	struct sk_buff *skb;
	int err;

	cpu_charge2(cpu, COST_syscall, c->syscall, COST_udp_sendmsg, c->udp_sendmsg);
	if (!sock_udp_may_alloc(sk))
		return false;
	cpu_charge(cpu, COST_copy_byte_x16, (uint64_t)c->copy_byte_x16 * DIV_ROUND_UP(len, 16));
	if (ip_append_data(cpu, sk, UDP_HLEN + len, UDP_HLEN, &frags))
		return true;	/* ENOBUFS: the datagram is not sent */
	for (skb = frags.head; skb; skb = skb->next) {
		skb->daddr = to->addr;
		skb->ip_proto = IPPROTO_UDP_;
		skb->sport = sk->port;
		skb->dport = port;
		skb->payload_len = len;
	}
	ip_send_frags(cpu, &frags, &err);
	if (err)
		(*drops)++;
	return true;
}

/* udp_recvmsg of one datagram, if one is queued: its payload bytes. */
static bool rr_udp_recv(struct cpu *cpu, struct sock *sk)
{
	const struct cpu_costs *c = &cpu->host->plat->cost;
	struct sk_buff *skb;

	cpu_charge(cpu, COST_syscall, c->syscall);
	skb = skb_dequeue(&sk->rxq);
	if (!skb)
		return false;
	sk->sk_rmem_alloc -= skb->truesize;
	cpu_charge(cpu, COST_copy_byte_x16,
		   (uint64_t)c->copy_byte_x16 * DIV_ROUND_UP(skb->payload_len, 16));
	kfree_skb(cpu, skb);
	return true;
}

static void udp_client_run(struct cpu *cpu, struct task *t)
{
	struct rr_app *r = t->app;

	r->usk.tx_waiter = NULL;
	r->usk.rx_waiter = NULL;
	if (r->state == RR_SEND) {
		rr_request_starts(r, cpu);
		if (!rr_udp_send(cpu, &r->usk, r->dest, r->usrv.port, (uint32_t)r->cfg.request,
				 &r->qdisc_drops)) {
			r->usk.tx_waiter = t;
			task_sleep(t, SIM_TIME_MAX);
			return;
		}
		r->sent++;
		if (r->sent - r->done >= (uint64_t)r->cfg.burst + 1)
			r->state = RR_RECV;
		task_continue(t);
		return;
	}
	if (!rr_udp_recv(cpu, &r->usk)) {	/* recvfrom() blocks */
		r->waiting_since = cpu_now(cpu);
		r->usk.rx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	rr_complete(r, cpu_now(cpu));
	cpu_charge_user(cpu, cpu->host->plat->cost.user_iter);
	r->state = RR_SEND;
	task_continue(t);
}

static void udp_server_run(struct cpu *cpu, struct task *t)
{
	struct rr_app *r = t->app;

	r->usrv.tx_waiter = NULL;
	r->usrv.rx_waiter = NULL;
	if (!r->srv_respond) {
		if (!rr_udp_recv(cpu, &r->usrv)) {
			r->usrv.rx_waiter = t;
			task_sleep(t, SIM_TIME_MAX);
			return;
		}
		r->srv_requests++;
		r->srv_respond = true;
	}
	if (!rr_udp_send(cpu, &r->usrv, r->host, r->usk.port, (uint32_t)r->cfg.response,
			 &r->srv_qdisc_drops)) {
		r->usrv.tx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	r->srv_respond = false;
	r->srv_responses++;
	task_continue(t);
}

/* --- TCP_RR ---------------------------------------------------------- */

/* write() of `len` bytes, a step at a time (as the stream app's sender):
 * true when the whole write is queued; false after it put t to sleep or
 * continued it. */
static bool rr_tcp_write(struct cpu *cpu, struct task *t, struct tcp_sock *tp, uint32_t len,
			 uint32_t *left)
{
	uint32_t n;

	if (!*left) {
		cpu_charge(cpu, COST_syscall, cpu->host->plat->cost.syscall);
		*left = len;
	}
	if (!tp->owned)
		lock_sock(tp);
	n = tcp_sendmsg_step(cpu, tp, *left, false);
	if (!n) {	/* sk_stream_wait_memory */
		tcp_push(cpu, tp);
		release_sock(cpu, tp);
		if (sk_stream_memory_free(tp)) {
			task_continue(t);
			return false;
		}
		tp->sk.tx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return false;
	}
	*left -= n;
	if (*left) {
		task_continue(t);
		return false;
	}
	tcp_push(cpu, tp);
	release_sock(cpu, tp);
	return true;
}

/* read() until `*left` more bytes are in: true when they are; false
 * after it put t to sleep or continued it. */
static bool rr_tcp_read(struct cpu *cpu, struct task *t, struct tcp_sock *tp, uint32_t len,
			uint32_t *left)
{
	uint32_t n;

	if (!*left)
		*left = len;
	cpu_charge(cpu, COST_syscall, cpu->host->plat->cost.syscall);
	n = tcp_recvmsg(cpu, tp, *left);
	if (!n) {
		tp->sk.rx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return false;
	}
	*left -= n;
	if (*left) {
		task_continue(t);
		return false;
	}
	return true;
}

static void tcp_client_run(struct cpu *cpu, struct task *t)
{
	struct rr_app *r = t->app;
	struct tcp_sock *tp = &r->tx;

	tp->sk.tx_waiter = NULL;
	tp->sk.rx_waiter = NULL;
	if (r->state == RR_CONNECT) {	/* connect(): inet_wait_for_connect */
		if (tp->state == TCP_CLOSE) {
			cpu_charge(cpu, COST_syscall, cpu->host->plat->cost.syscall);
			tcp_connect(cpu, tp);
		}
		if (tp->state != TCP_ESTABLISHED) {
			tp->sk.tx_waiter = t;
			task_sleep(t, SIM_TIME_MAX);
			return;
		}
		r->state = RR_SEND;
	}
	if (r->state == RR_SEND) {
		if (!r->left)
			rr_request_starts(r, cpu);
		if (!rr_tcp_write(cpu, t, tp, (uint32_t)r->cfg.request, &r->left))
			return;
		r->sent++;
		if (r->sent - r->done >= (uint64_t)r->cfg.burst + 1)
			r->state = RR_RECV;
		task_continue(t);
		return;
	}
	if (!rr_tcp_read(cpu, t, tp, (uint32_t)r->cfg.response, &r->left))
		return;
	rr_complete(r, cpu_now(cpu));
	cpu_charge_user(cpu, cpu->host->plat->cost.user_iter);
	r->state = RR_SEND;
	task_continue(t);
}

static void tcp_server_run(struct cpu *cpu, struct task *t)
{
	struct rr_app *r = t->app;
	struct tcp_sock *tp = &r->rx;

	tp->sk.tx_waiter = NULL;
	tp->sk.rx_waiter = NULL;
	if (tp->state != TCP_ESTABLISHED) {	/* accept() */
		cpu_charge(cpu, COST_syscall, cpu->host->plat->cost.syscall);
		tp->sk.rx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	if (!r->srv_respond) {
		if (!rr_tcp_read(cpu, t, tp, (uint32_t)r->cfg.request, &r->srv_left))
			return;
		r->srv_requests++;
		r->srv_respond = true;
	}
	if (!rr_tcp_write(cpu, t, tp, (uint32_t)r->cfg.response, &r->srv_left))
		return;
	r->srv_respond = false;
	r->srv_responses++;
	task_continue(t);
}

/* --- set-up ---------------------------------------------------------- */

void rr_app_init(struct rr_app *r, struct host *h, struct host *dest,
		 const struct rr_config *cfg)
{
	struct cpu *cc = &h->cpus[cfg->cpu % h->nr_cpus];
	struct cpu *sc = &dest->cpus[cfg->peer_cpu % dest->nr_cpus];
	struct rng rng;

	memset(r, 0, sizeof(*r));
	r->cfg = *cfg;
	r->host = h;
	r->dest = dest;
	r->ring = (uint32_t)cfg->burst + 1;
	r->sent_at = xcalloc(r->ring, sizeof(*r->sent_at));
	rng_streamf(&rng, h->sim->seed, "app.%s", cfg->name);	/* its own stream */
	if (cfg->udp) {
		int port = sock_pick_port(&rng, h, dest, SK_UDP, 40000, 0x4000);

		BUG_ON(port < 0);
		sock_init(&r->usk, h, SK_UDP, &rng);
		r->usk.port = (uint16_t)port;
		if (cfg->sndbuf >= 0)
			sock_set_sndbuf(&r->usk, cfg->sndbuf);
		sock_init(&r->usrv, dest, SK_UDP, &rng);
		r->usrv.port = r->usk.port;	/* netserver's data socket */
		r->state = RR_SEND;
		task_init(&r->client, cc, udp_client_run, r);
		task_init(&r->server, sc, udp_server_run, r);
	} else {
		struct tcp_config ct = { cfg->cc, cfg->sndbuf, -1 };
		struct tcp_config cr = { NULL, -1, cfg->rcvbuf };

		tcp_pair_setup(&r->tx, h, cc, &r->rx, dest, sc, &ct, &cr, &rng);
		r->state = RR_CONNECT;
		task_init(&r->client, r->tx.cpu, tcp_client_run, r);
		task_init(&r->server, r->rx.cpu, tcp_server_run, r);
	}
	task_start(&r->client, cfg->start);
	task_start(&r->server, cfg->start);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

void rr_latency_stats(const struct rr_app *r, struct rr_latency *l)
{
	uint32_t *v;

	memset(l, 0, sizeof(*l));
	if (!r->done)
		return;
	v = xcalloc(MAX(r->nr_lat, 1u), sizeof(*v));
	memcpy(v, r->lat_ns, r->nr_lat * sizeof(*v));
	qsort(v, r->nr_lat, sizeof(*v), cmp_u32);
	/* min and max in whole ns, as the percentiles are kept */
	l->min = (double)(r->lat_min / PS_PER_NS) / 1000.0;
	l->mean = time_to_us(r->lat_sum) / (double)r->done;
	l->p50 = percentile_nearest_rank(v, r->nr_lat, 50) / 1000.0;
	l->p90 = percentile_nearest_rank(v, r->nr_lat, 90) / 1000.0;
	l->p99 = percentile_nearest_rank(v, r->nr_lat, 99) / 1000.0;
	l->max = (double)(r->lat_max / PS_PER_NS) / 1000.0;
	free(v);
}

double rr_rate(const struct rr_app *r, sim_time_t end)
{
	sim_time_t span = r->sent && end > r->first_send ? end - r->first_send : 0;

	return span ? (double)r->done / time_to_s(span) : 0;
}

void rr_app_free(struct rr_app *r)
{
	if (!r->cfg.udp) {
		tcp_sock_free(&r->tx);
		tcp_sock_free(&r->rx);
	}
	free(r->sent_at);
	free(r->lat_ns);
}
