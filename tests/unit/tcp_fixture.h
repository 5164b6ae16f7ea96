/* SPDX-License-Identifier: MIT */
/*
 * A TCP sender under test: two x86-64 hosts with the ideal NIC and one
 * stream application from a to b, built as a world; the sender connects
 * at 0 and the simulation runs the handshake until both ends are
 * established (some tens of microseconds; the applications start at 1 s).
 * Then the test is the running work item on the sender's CPU, so it may
 * call the TCP functions directly; nothing else happens unless it runs
 * the simulation.
 */
#ifndef NICSIM_TESTS_TCP_FIXTURE_H
#define NICSIM_TESTS_TCP_FIXTURE_H

#include <stdbool.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"

struct tcp_fixture {
	struct scenario	s;
	struct world	w;
	struct tcp_sock	*tp;
	struct cpu	*cpu;
	struct work	connect;
};

static inline void tcp_fixture_connect(struct cpu *cpu, struct work *w)
{
	tcp_connect(cpu, w->arg);
}

/* connect() as a work item at 0, then the handshake, a microsecond at a
 * time until both ends are established. */
static inline void tcp_fixture_handshake(struct tcp_fixture *f)
{
	struct tcp_sock *rx = &f->w.apps[0].u.stream.rx;

	work_init(&f->connect, CTX_PROCESS, tcp_fixture_connect, f->tp);
	cpu_queue_work(f->cpu, &f->connect);
	while (f->tp->state != TCP_ESTABLISHED || rx->state != TCP_ESTABLISHED) {
		assert_true(f->w.sim.now < 100 * PS_PER_MS);
		sim_run(&f->w.sim, f->w.sim.now + PS_PER_US);
	}
	f->cpu->t = f->w.sim.now;
}

/* Build the world, both hosts on `kernel` (a kernel profile name), with
 * more settings (NULL-terminated, or NULL), without running anything. */
static inline void tcp_fixture_build(struct tcp_fixture *f, const char *kernel,
				     const char *const *more)
{
	static const char *const pair[] = {
		"sim.duration=2s", "host.a.platform=x86-64", "host.a.driver=ideal",
		"host.b.platform=x86-64", "host.b.driver=ideal", "app.s.type=stream",
		"app.s.host=a", "app.s.dest=b", "app.s.start=1s", NULL,
	};
	struct scn_error err = { { 0 } };
	const char *const *k;
	char kset[64];

	nic_drivers_init();
	scenario_init(&f->s);
	for (k = pair; *k; k++)
		assert_int_equal(scenario_set(&f->s, *k, &err), 0);
	for (k = more; k && *k; k++)
		assert_int_equal(scenario_set(&f->s, *k, &err), 0);
	snprintf(kset, sizeof(kset), "host.a.kernel=%s", kernel);
	assert_int_equal(scenario_set(&f->s, kset, &err), 0);
	kset[5] = 'b';	/* the receiver runs the same kernel */
	assert_int_equal(scenario_set(&f->s, kset, &err), 0);
	assert_int_equal(scenario_check(&f->s, &err), 0);
	assert_int_equal(world_build(&f->w, &f->s, &err), 0);
	assert_int_equal(f->w.apps[0].kind, APP_STREAM);
	f->tp = &f->w.apps[0].u.stream.tx;
	f->cpu = f->tp->cpu;
}

/* After the handshake, the test becomes the sender's work item. */
static inline void tcp_fixture_run_item(struct tcp_fixture *f)
{
	f->cpu->running = true;	/* the test is the work item */
	f->cpu->host->cur_cpu = f->cpu;
}

/* Build the pair and connect it, more settings as tcp_fixture_build. */
static inline void tcp_fixture_setup_with(struct tcp_fixture *f, const char *kernel,
					  const char *const *more)
{
	tcp_fixture_build(f, kernel, more);
	tcp_fixture_handshake(f);
	tcp_fixture_run_item(f);
}

/* Build the pair, both hosts on `kernel`, and connect it. */
static inline void tcp_fixture_setup(struct tcp_fixture *f, const char *kernel)
{
	tcp_fixture_setup_with(f, kernel, NULL);
	assert_int_equal(f->tp->mss, 1448);
}

/* The sender of the worked cases: size goal 10 segments, cwnd as given,
 * a 1 MiB window, a send buffer with room for every skb of a test. */
static inline void tcp_fixture_sender(struct tcp_fixture *f, const char *kernel, uint32_t cwnd)
{
	tcp_fixture_setup(f, kernel);
	f->tp->size_goal = 10 * 1448;
	f->tp->cc.snd_cwnd = cwnd;
	f->tp->snd_wnd = 1 << 20;
	f->tp->sk.sk_sndbuf = 1 << 22;
}

/* A segment from the other end to `to`: `len` bytes at to's rcv_nxt
 * (0: a pure ACK), acknowledging ack_seq, echoing tsecr (a send time; 0:
 * none), delivered now on to's CPU. */
static inline void tcp_fixture_segment(struct tcp_fixture *f, struct tcp_sock *to, uint32_t len,
				       uint64_t ack_seq, sim_time_t tsecr)
{
	struct sk_buff *skb = alloc_skb(to->host, 128);
	bool was_running = to->cpu->running;

	skb->protocol = ETH_P_IP;
	skb->ip_proto = IPPROTO_TCP_;
	skb->saddr = to->daddr;
	skb->daddr = to->host->addr;
	skb->sport = to->dport;
	skb->dport = to->sk.port;
	skb->seq = to->rcv_nxt;
	skb->end_seq = skb->seq + len;
	skb->payload_len = len;
	if (len) {
		skb->len = len + 66;
		skb->truesize = 2304;	/* a 2 KiB receive buffer */
	}
	skb->ack_seq = ack_seq;
	skb->tcp_flags = TCPHDR_ACK;
	skb->tcp_win = 1 << 20;
	skb->tsval = f->cpu->t;
	skb->tsecr = tsecr;
	to->cpu->running = true;
	to->host->cur_cpu = to->cpu;
	tcp_v4_rcv(to->cpu, skb);
	to->cpu->running = was_running;
	to->host->cur_cpu = was_running ? to->cpu : NULL;
}

/* The peer's pure ACK of everything below ack_seq, to the sender. */
static inline void tcp_fixture_ack(struct tcp_fixture *f, uint64_t ack_seq, sim_time_t tsecr)
{
	tcp_fixture_segment(f, f->tp, 0, ack_seq, tsecr);
}

static inline void tcp_fixture_teardown(struct tcp_fixture *f)
{
	f->cpu->running = false;
	f->cpu->host->cur_cpu = NULL;
	world_destroy(&f->w);
	scenario_free(&f->s);
}

#endif
