// SPDX-License-Identifier: MIT
/*
 * ping, as iputils does it (ping.c, ping_common.c: main_loop, pinger,
 * send_probe, gather_statistics, finish; s2012-s2016 and 20221126 share
 * this structure).
 *
 * Models: SO_SNDBUF from iputils' own estimate (hold = datalen + 8, plus
 * 260 bytes per started 512) or -S; IP_RECVERR; the token bucket of
 * pinger() (a send is attempted only once `interval` ms of tokens have
 * accumulated); on ENOBUFS: tokens = 0, a silent retry after
 * min(SCHINT(interval / 2), 500) ms, and once oom_count * that reaches
 * lingertime (10 s) a printed "ping: sendmsg: No buffer space available"
 * that counts the probe as sent; oom_count resets only on success. The
 * main loop polls with the returned timeout when it is shorter than the
 * interval, otherwise blocks in recvmsg with SO_RCVTIMEO = interval; a
 * reply empties the receive queue until nothing is in flight. With -c,
 * after the last probe an alarm of max(2 * tmax, interval) (or lingertime
 * if nothing was received) ends the run. RTT is SO_TIMESTAMP of the reply
 * minus the gettimeofday() stamp in the request, in microseconds.
 * A request larger than the MTU leaves as IP fragments (ip_append_data),
 * each skb charged and tested against 2 x sk_sndbuf.
 * The socket has ping's ICMP_FILTER (setup(): only echo replies and the
 * error types 3, 4, 5, 11, 12 pass) and the BPF program of
 * install_filter() (an echo reply with another ident is rejected), so a
 * ping is woken by its own replies only.
 * Leaves out: -A adaptive mode, flood mode, duplicates, ICMP errors.
 * SO_RCVTIMEO is held in jiffies (sock_set_timeout rounds up) and the wait
 * is schedule_timeout's timer, so it ends on a tick, after the era's timer
 * wheel rounding (timer_due).
 * Deviation: poll() timeouts (hrtimers) expire exactly, without the
 * task's 50 us timer slack.
 * Deviation: the ICMP ident is not the pid but a draw from the app's own
 * stream among 64 per host, the next free one if another ping on the host
 * holds it (two processes never share a pid); a 65th ping is refused.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/app.h"
#include "kernel/host.h"
#include "sim/engine/util.h"

#define MININTERVAL	10
#define LINGERTIME	10000	/* MAXWAIT * 1000 ms */
#define SCHINT(a)	(((a) <= MININTERVAL) ? MININTERVAL : (a))

enum { PS_TOP, PS_POLL, PS_RECV_BLOCK, PS_RECV, PS_DONE };

void transcript_printf(struct transcript *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* a line is kept or dropped whole: the limit applies at its start */
	if (t->max_lines && t->lines >= t->max_lines && (!t->len || t->buf[t->len - 1] == '\n')) {
		t->omitted += strchr(fmt, '\n') != NULL;
		return;
	}
	if (!t->buf) {
		t->cap = 1024;
		t->buf = xcalloc(1, t->cap);
	}
	for (;;) {
		size_t room = t->cap - t->len;

		va_start(ap, fmt);
		n = vsnprintf(t->buf + t->len, room, fmt, ap);
		va_end(ap);
		if ((size_t)n < room)
			break;
		t->cap = MAX(t->cap * 2, t->len + (size_t)n + 256);
		t->buf = xrealloc(t->buf, t->cap);
	}
	for (; n > 0; n--)
		t->lines += t->buf[t->len++] == '\n';
}

void transcript_resume(struct transcript *t)
{
	uint64_t n = t->omitted;

	if (!t->max_lines || t->lines < t->max_lines)
		return;
	t->max_lines = 0;
	if (n)
		transcript_printf(t, "[nicsim: %llu more lines not kept]\n", (unsigned long long)n);
}

void transcript_free(struct transcript *t)
{
	free(t->buf);
	memset(t, 0, sizeof(*t));
}

static void gettimeofday_(const struct cpu *cpu, long *sec, long *usec)
{
	sim_time_t t = cpu_now(cpu);

	*sec = (long)(t / PS_PER_S);
	*usec = (long)((t % PS_PER_S) / PS_PER_US);
}

static void addr_str(uint32_t a, char *buf, size_t len)
{
	snprintf(buf, len, "%u.%u.%u.%u", a >> 24, (a >> 16) & 255, (a >> 8) & 255, a & 255);
}

/* ping4_send_probe -> sendmsg on the raw socket -> raw_sendmsg */
static int send_probe(struct ping *p, struct cpu *cpu)
{
	struct host *h = p->host;
	struct skb_queue frags;
	struct sk_buff *skb;
	int err;

	p->sent_attempts++;
	p->send_t = cpu_now(cpu);	/* gettimeofday() before sendmsg */
	cpu_charge2(cpu, COST_syscall, h->plat->cost.syscall, COST_raw_sendmsg, h->plat->cost.raw_sendmsg);
	/* raw_sendmsg -> ip_append_data with transhdrlen 0: every skb of
	 * the datagram (one per fragment) while sk_wmem_alloc <= 2 x sndbuf */
	err = ip_append_data(cpu, &p->sk, ICMP_HLEN + (uint32_t)p->cfg.datalen, 0, &frags);
	if (err) {
		p->last_err_qdisc = false;
		return err;
	}
	p->last_err_qdisc = true;	/* if IP reports an error, the qdisc dropped */
	for (skb = frags.head; skb; skb = skb->next) {
		skb->daddr = p->dest->addr;
		skb->ip_proto = IPPROTO_ICMP_;
		skb->icmp_type = ICMP_ECHO_;
		skb->icmp_id = p->ident;
		skb->icmp_seq = (uint16_t)(p->ntransmitted + 1);
		skb->payload_len = (uint32_t)p->cfg.datalen;
		/* the gettimeofday() stamp taken before sendmsg, in microseconds */
		skb->app_stamp = p->send_t / PS_PER_US * PS_PER_US;
		skb->path[PATH_SEND] = p->send_t;
	}
	ip_send_frags(cpu, &frags, &err);
	return err;	/* IP_RECVERR: qdisc drops come back as ENOBUFS */
}

static long pinger(struct ping *p, struct cpu *cpu)
{
	long sec, usec, interval = p->interval_ms;
	int err;

	if (p->exiting || (p->cfg.count && p->ntransmitted >= p->cfg.count))
		return 1000;
	gettimeofday_(cpu, &sec, &usec);
	if (!p->cur_set) {
		p->cur_set = true;
		p->cur_sec = sec;
		p->cur_usec = usec;
		p->tokens = 0;	/* interval * (preload - 1) */
	} else {
		long ntokens = (sec - p->cur_sec) * 1000 + (usec - p->cur_usec) / 1000;

		ntokens += p->tokens;
		if (ntokens > interval)	/* interval * preload */
			ntokens = interval;
		if (ntokens < interval)
			return interval - ntokens;
		p->cur_sec = sec;
		p->cur_usec = usec;
		p->tokens = ntokens - interval;
	}
	err = send_probe(p, cpu);
	if (!err) {
		p->oom_count = 0;
		p->ntransmitted++;
		return interval - p->tokens;
	}
	/* ENOBUFS: the device queue or the socket is full */
	p->enobufs++;
	if (p->first_error_seq < 0) {
		p->first_error_seq = p->ntransmitted + 1;
		p->first_error_t = cpu_now(cpu);
		p->err_wmem = p->sk.sk_wmem_alloc;
		p->err_sndbuf = p->sk.sk_sndbuf;
		p->err_held = p->sk.skbs_held;
		sock_tx_census(&p->sk, &p->err_where);
		p->err_qdisc = p->last_err_qdisc;
	}
	p->tokens = 0;
	{
		long nores = SCHINT(interval / 2);

		if (nores > 500)
			nores = 500;
		p->oom_count++;
		if (p->oom_count * nores < LINGERTIME)
			return nores;
	}
	/* hard local error: counted as sent, reported */
	p->ntransmitted++;
	p->errors_printed++;
	if (!p->first_printed_error_t)
		p->first_printed_error_t = cpu_now(cpu);
	p->last_printed_error_t = cpu_now(cpu);
	transcript_printf(&p->out, "ping: sendmsg: No buffer space available\n");
	p->tokens = 0;
	return SCHINT(interval);
}

static void ping_alarm(struct sim *sim, struct sim_event *ev)
{
	struct ping *p = ev->arg;

	p->exiting = true;
	task_wake(&p->task);
}

/* __schedule_exit: arm the final alarm once the last probe is out. */
static long schedule_exit(struct ping *p, struct cpu *cpu, long next)
{
	if (!p->cfg.count || p->ntransmitted < p->cfg.count || p->waittime_us)
		return next;
	if (p->nreceived) {
		p->waittime_us = 2 * p->tmax;
		if (p->waittime_us < 1000 * p->interval_ms)
			p->waittime_us = 1000 * p->interval_ms;
	} else {
		p->waittime_us = (long)LINGERTIME * 1000;
	}
	if (next < 0 || next < p->waittime_us / 1000)
		next = p->waittime_us / 1000;
	sim_schedule(p->host->sim, &p->alarm,
		     cpu_now(cpu) + (sim_time_t)p->waittime_us * PS_PER_US);
	return next;
}

const char *const rtt_part_names[RTT_NR] = {
	"stack", "qdisc", "tx_ring", "arbiter", "wire", "peer", "rx_coalescing", "cpu_wait",
	"rx_stack",
};

/*
 * The round trip as one chain of stamps, request then reply; each step's
 * time goes to its part. Deviation: a CPU's clock runs ahead of the
 * simulation's inside a work item, so a stamp it takes (dev_queue_xmit,
 * ndo_start_xmit) can be later than the device's next one; the chain is
 * made non-decreasing (a running maximum), which keeps every part at or
 * above zero and their sum the round trip.
 */
static void rtt_split(const struct sk_buff *skb, sim_time_t *part)
{
	static const struct { uint8_t req, stamp, part; } chain[] = {
		{ 1, PATH_SEND, RTT_NR }, { 1, PATH_QDISC, RTT_STACK },
		{ 1, PATH_XMIT, RTT_QDISC }, { 1, PATH_HEAD, RTT_TX_RING },
		{ 1, PATH_WIRE, RTT_ARBITER }, { 1, PATH_ARRIVE, RTT_WIRE },
		{ 0, PATH_QDISC, RTT_PEER }, { 0, PATH_XMIT, RTT_QDISC },
		{ 0, PATH_HEAD, RTT_TX_RING }, { 0, PATH_WIRE, RTT_ARBITER },
		{ 0, PATH_ARRIVE, RTT_WIRE }, { 0, PATH_IRQ, RTT_RX_COAL },
		{ 0, PATH_POLL, RTT_CPU_WAIT }, { 0, PATH_RX, RTT_RX_STACK },
	};
	sim_time_t prev = 0;
	size_t i;

	memset(part, 0, RTT_NR * sizeof(*part));
	for (i = 0; i < ARRAY_SIZE(chain); i++) {
		sim_time_t t = (chain[i].req ? skb->req_path : skb->path)[chain[i].stamp];

		t = MAX(t, prev);
		if (i)
			part[chain[i].part] += t - prev;
		prev = t;
	}
}

static void record_reply(struct ping *p, const struct sk_buff *skb, long triptime)
{
	sim_time_t part[RTT_NR];
	struct ping_reply *r;
	int k;

	rtt_split(skb, part);
	for (k = 0; k < RTT_NR; k++)
		p->split_sum[k] += part[k];
	if (p->nr_rtt == p->cap_rtt) {
		p->cap_rtt = p->cap_rtt ? p->cap_rtt * 2 : 64;
		p->rtt_us = xrealloc(p->rtt_us, p->cap_rtt * sizeof(*p->rtt_us));
	}
	p->rtt_us[p->nr_rtt++] = (uint32_t)triptime;
	if (p->nr_replies == PING_RECORDS) {
		p->replies_omitted++;
		return;
	}
	if (p->nr_replies == p->cap_replies) {
		p->cap_replies = p->cap_replies ? p->cap_replies * 2 : 64;
		p->replies = xrealloc(p->replies, p->cap_replies * sizeof(*p->replies));
	}
	r = &p->replies[p->nr_replies++];
	r->seq = skb->icmp_seq;
	r->rtt = (sim_time_t)triptime * PS_PER_US;
	memcpy(r->part, part, sizeof(part));
	r->req_wire = skb->req_path[PATH_WIRE];
}

/* ping4_parse_reply + gather_statistics */
static void parse_reply(struct ping *p, struct sk_buff *skb)
{
	long triptime = (long)(skb->rx_stamp / PS_PER_US - skb->app_stamp / PS_PER_US);
	char from[32];

	if (skb->icmp_type != ICMP_ECHOREPLY_ || skb->icmp_id != p->ident)
		return;
	if (triptime < 0)
		triptime = 0;
	p->nreceived++;
	p->tsum += triptime;
	p->tsum2 += (long long)triptime * triptime;
	if (triptime < p->tmin)
		p->tmin = triptime;
	if (triptime > p->tmax)
		p->tmax = triptime;
	record_reply(p, skb, triptime);
	addr_str(skb->saddr, from, sizeof(from));
	transcript_printf(&p->out, "%u bytes from %s: icmp_seq=%u ttl=%u time=",
			  ICMP_HLEN + skb->payload_len, from, skb->icmp_seq, skb->ttl);
	if (triptime >= 100000)
		transcript_printf(&p->out, "%ld ms\n", triptime / 1000);
	else if (triptime >= 10000)
		transcript_printf(&p->out, "%ld.%01ld ms\n", triptime / 1000, (triptime % 1000) / 100);
	else if (triptime >= 1000)
		transcript_printf(&p->out, "%ld.%02ld ms\n", triptime / 1000, (triptime % 1000) / 10);
	else
		transcript_printf(&p->out, "%ld.%03ld ms\n", triptime / 1000, triptime % 1000);
}

static void finish(struct ping *p, struct cpu *cpu)
{
	char to[32];
	sim_time_t el = cpu_now(cpu) - p->t_start;
	long sec = (long)(el / PS_PER_S), usec = (long)((el % PS_PER_S) / PS_PER_US);

	addr_str(p->dest->addr, to, sizeof(to));
	transcript_resume(&p->out);
	transcript_printf(&p->out, "\n--- %s ping statistics ---\n", to);
	transcript_printf(&p->out, "%ld packets transmitted, %ld received", p->ntransmitted, p->nreceived);
	if (p->ntransmitted)
		transcript_printf(&p->out, ", %g%% packet loss",
				  (float)(((long long)(p->ntransmitted - p->nreceived) * 100.0) /
					  p->ntransmitted));
	transcript_printf(&p->out, ", time %ldms\n", 1000 * sec + (usec + 500) / 1000);
	if (p->nreceived) {
		long long avg = p->tsum / p->nreceived;
		long long s2 = p->tsum2 / p->nreceived;
		long mdev = (long)sqrt((double)(s2 - avg * avg));

		transcript_printf(&p->out, "rtt min/avg/max/mdev = %ld.%03ld/%lld.%03lld/%ld.%03ld/%ld.%03ld ms\n",
				  p->tmin / 1000, p->tmin % 1000, avg / 1000, avg % 1000,
				  p->tmax / 1000, p->tmax % 1000, mdev / 1000, mdev % 1000);
	}
	p->finished = true;
	p->t_end = cpu_now(cpu);
	p->state = PS_DONE;
	p->sk.rx_waiter = NULL;
}

static void sleep_on(struct ping *p, sim_time_t until, int state)
{
	p->state = state;
	p->sk.rx_waiter = &p->task;
	task_sleep(&p->task, until);
}

/* sk_wait_data with SO_RCVTIMEO = interval: schedule_timeout(timeo) from
 * the current jiffy, on the era's timer wheel. */
static sim_time_t rcvtimeo_end(const struct ping *p, struct cpu *cpu)
{
	uint64_t now = cpu_jiffies(cpu);
	uint64_t timeo = msecs_to_jiffies(cpu, (uint64_t)p->interval_ms);

	return (sim_time_t)timer_due(p->host, now, now + timeo) * p->host->tick;
}

static bool loop_top(struct ping *p, struct cpu *cpu)
{
	long next;

	if (p->exiting || (p->cfg.count && p->nreceived >= p->cfg.count)) {
		finish(p, cpu);
		return false;
	}
	do {
		next = pinger(p, cpu);
		next = schedule_exit(p, cpu, next);
	} while (next <= 0);
	cpu_charge_user(cpu, p->host->plat->cost.user_iter);
	if (next < SCHINT(p->interval_ms)) {
		cpu_charge(cpu, COST_syscall, p->host->plat->cost.syscall);	/* poll() */
		if (p->sk.rxq.qlen) {
			p->state = PS_RECV;
			return true;
		}
		sleep_on(p, cpu_now(cpu) + (sim_time_t)next * PS_PER_MS, PS_POLL);
		return false;
	}
	/* blocking recvmsg with SO_RCVTIMEO = interval */
	if (p->sk.rxq.qlen) {
		p->state = PS_RECV;
		return true;
	}
	cpu_charge(cpu, COST_syscall, p->host->plat->cost.syscall);
	sleep_on(p, rcvtimeo_end(p, cpu), PS_RECV_BLOCK);
	return false;
}

static bool recv_loop(struct ping *p, struct cpu *cpu)
{
	struct sk_buff *skb;

	for (;;) {
		cpu_charge2(cpu, COST_syscall, p->host->plat->cost.syscall,
			    COST_recvmsg, p->host->plat->cost.recvmsg);
		skb = skb_dequeue(&p->sk.rxq);
		if (!skb)
			break;	/* EAGAIN */
		p->sk.sk_rmem_alloc -= skb->truesize;
		parse_reply(p, skb);
		skb_pool_put(p->host->pool, skb);
		if (p->ntransmitted - p->nreceived <= 0)
			break;	/* nothing in flight: back to pinger */
	}
	p->state = PS_TOP;
	return true;
}

static void ping_run(struct cpu *cpu, struct task *t)
{
	struct ping *p = t->app;
	bool more = true;

	p->sk.rx_waiter = NULL;
	if (p->state == PS_DONE)
		return;
	if (p->state == PS_POLL || p->state == PS_RECV_BLOCK)
		p->state = (t->timed_out || p->exiting) ? PS_TOP : PS_RECV;
	while (more) {
		if (p->state == PS_TOP)
			more = loop_top(p, cpu);
		else
			more = recv_loop(p, cpu);
	}
}

static void ping_start(struct cpu *cpu, struct task *t)
{
	struct ping *p = t->app;
	char to[32];

	p->t_start = cpu_now(cpu);
	addr_str(p->dest->addr, to, sizeof(to));
	transcript_printf(&p->out, "PING %s (%s) %lld(%lld) bytes of data.\n", to, to,
			  (long long)p->cfg.datalen,
			  (long long)p->cfg.datalen + ICMP_HLEN + IPV4_HLEN);
	t->run = ping_run;
	p->state = PS_TOP;
	ping_run(cpu, t);
}

int ping_init(struct ping *p, struct host *h, struct host *dest,
	      const struct ping_config *cfg)
{
	struct rng r;
	long hold;
	int ident;

	/* the application's own stream: its ident and its socket's hash */
	rng_streamf(&r, h->sim->seed, "app.%s", cfg->name);
	ident = sock_pick_port(&r, h, NULL, SK_RAW_ICMP, (uint16_t)(0x4000 + h->idx * 64), 64);
	if (ident < 0)
		return -1;
	memset(p, 0, sizeof(*p));
	p->out.max_lines = PING_RECORDS;
	p->cfg = *cfg;
	p->host = h;
	p->dest = dest;
	p->interval_ms = (long)(cfg->interval / PS_PER_MS);
	p->first_error_seq = -1;
	p->tmin = 0x7fffffff;
	sock_init(&p->sk, h, SK_RAW_ICMP, &r);
	p->sk.port = p->ident = (uint16_t)ident;	/* the socket holds its ident */
	p->sk.recverr = true;
	/* setup(): ICMP_FILTER passes only errors and echo replies */
	p->sk.icmp_filter = ~(1u << ICMP_ECHOREPLY_ | 1u << 3 | 1u << 4 | 1u << 5 |
			      1u << 11 | 1u << 12);
	p->sk.filter_echo_ident = p->ident;	/* install_filter() */
	/* "Estimate memory eaten by single packet. It is rough estimate." */
	hold = (long)cfg->datalen + 8;
	hold += ((hold + 511) / 512) * (0 + 20 + 16 + 64 + 160);
	sock_set_sndbuf(&p->sk, cfg->sndbuf >= 0 ? cfg->sndbuf : hold);
	sock_set_rcvbuf(&p->sk, MAX(hold, 65536));
	sim_event_init(&p->alarm, ping_alarm, p);
	task_init(&p->task, &h->cpus[cfg->cpu % h->nr_cpus], ping_start, p);
	task_start(&p->task, cfg->start);
	return 0;
}

/* The run ended before ping did: print the statistics as on SIGINT. */
void ping_stop(struct ping *p)
{
	if (!p->finished)
		finish(p, &p->host->cpus[p->cfg.cpu % p->host->nr_cpus]);
}

void ping_free(struct ping *p)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&p->sk.rxq)))
		skb_pool_put(p->host->pool, skb);
	free(p->replies);
	free(p->rtt_us);
	transcript_free(&p->out);
}
