// SPDX-License-Identifier: MIT
/*
 * A UDP sender and its sink.
 *
 * The sender loops on sendmsg() of `size` bytes to the sink's port, one
 * datagram every `interval` (or back to back), or paced to `rate` as
 * iperf -b paces UDP: datagram k is due at start + k x size x 8 / rate,
 * whatever each send cost, and a sender behind its schedule sends at once
 * until it has caught up. Each datagram carries its number, as iperf's
 * does, so the sink counts loss as iperf's server does (gaps below the
 * highest number received). Each datagram takes the
 * sock_alloc_send_pskb rule: while sk_wmem_alloc >= sk_sndbuf a blocking
 * socket sleeps until sk_write_space (half the buffer free) or SO_SNDTIMEO
 * (then EAGAIN); a non-blocking one gets EAGAIN and waits in poll(POLLOUT).
 * Qdisc drops come back as ENOBUFS only with IP_RECVERR (not set here, as
 * for plain UDP sockets: raw_sendmsg/udp_sendmsg drop the error). A
 * datagram larger than the MTU is sent as IP fragments (ip_append_data);
 * when a fragment after the first finds sk_wmem_alloc above 2 x
 * sk_sndbuf, sendmsg fails with ENOBUFS and the datagram is not sent.
 * The sink counts and frees datagrams at delivery.
 * Deviation: the sink has no process of its own; its receive cost is the
 * softirq's delivery cost.
 */
#include <string.h>
#include "app/app.h"
#include "kernel/host.h"
#include "sim/engine/util.h"

enum { US_SEND, US_WAIT_SPACE, US_DONE };

static void sink_consume(struct cpu *cpu, struct sock *sk, struct sk_buff *skb)
{
	struct udp_app *u = sk->owner;

	cpu_charge(cpu, COST_sock_deliver, cpu->host->plat->cost.sock_deliver);
	u->sink_packets++;
	u->sink_bytes += skb->payload_len;
	u->sink_expected = MAX(u->sink_expected, skb->seq + 1);
	kfree_skb(cpu, skb);
}

/* udp_sendmsg -> ip_make_skb: the first skb by sock_alloc_send_skb's
 * rule (tested by the caller), a fragmented datagram's others while
 * sk_wmem_alloc <= 2 x sk_sndbuf, else sendmsg fails with ENOBUFS. */
static void udp_send_one(struct udp_app *u, struct cpu *cpu)
{
	struct host *h = u->host;
	struct skb_queue frags;
	struct sk_buff *skb;
	int err;

	cpu_charge(cpu, COST_copy_byte_x16, (uint64_t)h->plat->cost.copy_byte_x16 * DIV_ROUND_UP(u->cfg.size, 16));
	if (ip_append_data(cpu, &u->sk, UDP_HLEN + (uint32_t)u->cfg.size, UDP_HLEN, &frags)) {
		u->sendmsg_enobufs++;
		return;
	}
	for (skb = frags.head; skb; skb = skb->next) {
		skb->daddr = u->dest->addr;
		skb->ip_proto = IPPROTO_UDP_;
		skb->sport = u->sk.port;
		skb->dport = u->sink.port;
		skb->payload_len = (uint32_t)u->cfg.size;
		skb->seq = u->sent;	/* the datagram's number, in its payload */
	}
	ip_send_frags(cpu, &frags, &err);
	if (err)
		u->enobufs++;	/* not reported without IP_RECVERR */
	u->sent++;
}

static void udp_run(struct cpu *cpu, struct task *t)
{
	struct udp_app *u = t->app;
	const struct cpu_costs *c = &u->host->plat->cost;

	u->sk.tx_waiter = NULL;
	if (u->state == US_WAIT_SPACE) {
		u->blocked_ps += cpu_now(cpu) - u->block_start;
		if (t->timed_out && !u->cfg.nonblock)
			u->eagain++;	/* SO_SNDTIMEO expired */
		u->state = US_SEND;
		if (t->timed_out && !u->cfg.nonblock)
			goto next;
	}
	if (u->cfg.count && u->sent >= (uint64_t)u->cfg.count) {
		u->state = US_DONE;
		return;
	}
	cpu_charge2(cpu, COST_syscall, c->syscall, COST_udp_sendmsg, c->udp_sendmsg);
	if (!sock_udp_may_alloc(&u->sk)) {
		if (u->cfg.nonblock)
			u->eagain++;
		u->blocked++;
		u->block_start = cpu_now(cpu);
		u->state = US_WAIT_SPACE;
		u->sk.tx_waiter = t;
		task_sleep(t, u->cfg.nonblock || u->cfg.sndtimeo < 0 ? SIM_TIME_MAX
						: cpu_now(cpu) + u->cfg.sndtimeo);
		return;
	}
	udp_send_one(u, cpu);
next:
	cpu_charge_user(cpu, c->user_iter);
	u->slots++;
	if (u->cfg.rate) {
		sim_time_t due = udp_rate_due(u->cfg.start, u->slots, u->cfg.size, u->cfg.rate);

		if (due > cpu_now(cpu)) {
			task_sleep(t, due);
			return;
		}
		task_continue(t);	/* behind the schedule: catch up */
		return;
	}
	if (!u->cfg.interval) {	/* back to back: the loop goes on */
		task_continue(t);
		return;
	}
	task_sleep(t, cpu_now(cpu) + u->cfg.interval);
}

sim_time_t udp_rate_due(sim_time_t start, uint64_t k, int64_t size, int64_t rate)
{
	unsigned __int128 bits = (unsigned __int128)k * (uint64_t)size * 8;

	return start + (sim_time_t)(bits * (uint64_t)PS_PER_S / (uint64_t)rate);
}

uint64_t udp_lost(const struct udp_app *u)
{
	return u->sink_expected - MIN(u->sink_packets, u->sink_expected);
}

void udp_app_init(struct udp_app *u, struct host *h, struct host *dest,
		  const struct udp_config *cfg)
{
	struct rng r;
	int port;

	memset(u, 0, sizeof(*u));
	u->cfg = *cfg;
	u->host = h;
	u->dest = dest;
	/* the application's own stream: its sockets' hashes and its port */
	rng_streamf(&r, h->sim->seed, "app.%s", cfg->name);
	/* free on both hosts: the sink binds the same number on dest; 16384
	 * ports outnumber the sockets a scenario can declare */
	port = sock_pick_port(&r, h, dest, SK_UDP, 40000, 0x4000);
	BUG_ON(port < 0);
	sock_init(&u->sk, h, SK_UDP, &r);
	u->sk.port = (uint16_t)port;
	if (cfg->sndbuf >= 0)
		sock_set_sndbuf(&u->sk, cfg->sndbuf);
	sock_init(&u->sink, dest, SK_UDP, &r);
	u->sink.port = u->sk.port;	/* one sink port per sender */
	u->sink.consume = sink_consume;
	u->sink.owner = u;
	task_init(&u->task, &h->cpus[cfg->cpu % h->nr_cpus], udp_run, u);
	task_start(&u->task, cfg->start);
}

sim_time_t udp_blocked_ps(const struct udp_app *u)
{
	sim_time_t t = u->blocked_ps;

	if (u->state == US_WAIT_SPACE)
		t += u->host->sim->now - u->block_start;
	return t;
}

sim_time_t udp_active_ps(const struct udp_app *u, sim_time_t duration)
{
	return duration > u->cfg.start ? duration - u->cfg.start : 0;
}
