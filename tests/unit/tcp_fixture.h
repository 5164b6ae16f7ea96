/* SPDX-License-Identifier: MIT */
/*
 * A TCP sender under test: two x86-64 hosts with the ideal NIC and one
 * stream application from a to b, built as a world but not run. The test
 * is the running work item on the sender's CPU, so it may call the TCP
 * functions directly; nothing else happens unless it runs the simulation.
 */
#ifndef NICSIM_TESTS_TCP_FIXTURE_H
#define NICSIM_TESTS_TCP_FIXTURE_H

#include "run/world.h"

struct tcp_fixture {
	struct scenario	s;
	struct world	w;
	struct tcp_sock	*tp;
	struct cpu	*cpu;
};

/* Build the pair, both hosts on `kernel` (a kernel profile name). */
static inline void tcp_fixture_setup(struct tcp_fixture *f, const char *kernel)
{
	static const char *const pair[] = {
		"sim.duration=2s", "host.a.platform=x86-64", "host.a.driver=ideal",
		"host.b.platform=x86-64", "host.b.driver=ideal", "app.s.type=stream",
		"app.s.host=a", "app.s.dest=b", "app.s.start=1s", NULL,
	};
	struct scn_error err = { { 0 } };
	const char *const *k;
	char kset[64];

	scenario_init(&f->s);
	for (k = pair; *k; k++)
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
	f->cpu->running = true;	/* the test is the work item */
	f->cpu->host->cur_cpu = f->cpu;
	assert_int_equal(f->tp->mss, 1448);
}

/* The peer's pure ACK of everything below ack_seq, echoing tsecr (a send
 * time; 0: none), delivered to the sender now. */
static inline void tcp_fixture_ack(struct tcp_fixture *f, uint64_t ack_seq, sim_time_t tsecr)
{
	struct tcp_sock *tp = f->tp;
	struct sk_buff *ack = alloc_skb(tp->host, 128);

	ack->protocol = ETH_P_IP;
	ack->ip_proto = IPPROTO_TCP_;
	ack->saddr = tp->daddr;
	ack->daddr = tp->host->addr;
	ack->sport = tp->dport;
	ack->dport = tp->sk.port;
	ack->seq = ack->end_seq = tp->rcv_nxt;
	ack->ack_seq = ack_seq;
	ack->tcp_flags = TCPHDR_ACK;
	ack->tcp_win = (uint32_t)tp->snd_wnd;
	ack->tsval = f->cpu->t;
	ack->tsecr = tsecr;
	tcp_v4_rcv(f->cpu, ack);
}

static inline void tcp_fixture_teardown(struct tcp_fixture *f)
{
	f->cpu->running = false;
	f->cpu->host->cur_cpu = NULL;
	world_destroy(&f->w);
	scenario_free(&f->s);
}

#endif
