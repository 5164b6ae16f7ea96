// SPDX-License-Identifier: MIT
/*
 * Host model: the raw ENOBUFS rule and the UDP blocking rule with real
 * charges, sock_wfree uncharging, CPU context priority, jiffy timers,
 * the CFS tunables and time slices.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "host/host.h"
#include "host/task.h"

struct fixture {
	struct sim	sim;
	struct skb_pool	pool;
	struct host	host;
};

static int setup(void **state)
{
	struct fixture *f = test_calloc(1, sizeof(*f));

	sim_init(&f->sim, 1);
	skb_pool_init(&f->pool);
	host_init(&f->host, &f->sim, &f->pool, 0, "dut", platform_find("armada-370"),
		  kprofile_find("3.12"), 100, 1);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	skb_pool_destroy(&f->pool);
	sim_destroy(&f->sim);
	test_free(f);
	return 0;
}

/* Willy's report: sk_sndbuf 2048, 704 B per echo: 6 sends, the 7th fails. */
static void test_raw_enobufs_rule(void **state)
{
	struct fixture *f = *state;
	struct sk_buff *held[8];
	struct sock sk;
	int n = 0;

	sock_init(&sk, &f->host, SK_RAW_ICMP);
	sock_set_sndbuf(&sk, 324);
	assert_int_equal(sk.sk_sndbuf, 2048);
	assert_int_equal(sk.sk_wmem_alloc, 1);
	while (sock_raw_may_alloc(&sk)) {
		held[n] = alloc_skb(&f->host, 115);
		skb_set_owner_w(held[n++], &sk);
	}
	assert_int_equal(n, 6);
	assert_int_equal(sk.sk_wmem_alloc, 1 + 6 * 704);	/* 4225 > 4096 */
	/* the driver frees one: 3521 <= 4096, allowed again */
	kfree_skb(&f->host.cpus[0], held[--n]);
	assert_int_equal(sk.sk_wmem_alloc, 1 + 5 * 704);
	assert_true(sock_raw_may_alloc(&sk));
	while (n)
		kfree_skb(&f->host.cpus[0], held[--n]);
	assert_int_equal(sk.sk_wmem_alloc, 1);
	assert_int_equal(f->pool.live, 0);
}

/* sock_alloc_send_pskb: allowed while sk_wmem_alloc < sk_sndbuf (1x, not 2x) */
static void test_udp_rule(void **state)
{
	struct fixture *f = *state;
	struct sk_buff *held[4];
	struct sock sk;
	int n = 0;

	sock_init(&sk, &f->host, SK_UDP);
	sock_set_sndbuf(&sk, 2048);	/* -> 4096 */
	assert_int_equal(sk.sk_sndbuf, 4096);
	while (sock_udp_may_alloc(&sk)) {
		held[n] = alloc_skb(&f->host, 1531);	/* truesize 2240 */
		skb_set_owner_w(held[n++], &sk);
	}
	assert_int_equal(n, 2);	/* 1, 2241 < 4096; 4481 >= 4096 stops */
	assert_true(sock_raw_may_alloc(&sk));	/* the raw rule allows up to 2x */
	while (n)
		kfree_skb(&f->host.cpus[0], held[--n]);
}

/* rt_tos2priority: ip_tos2prio[IPTOS_TOS(tos) >> 1]; IP_TOS sets the
 * socket's priority and its skbs carry it to the pfifo_fast band. */
static void test_tos_priority(void **state)
{
	struct fixture *f = *state;
	struct sk_buff *skb;
	struct sock sk;

	assert_int_equal(rt_tos2priority(0x00), 0);	/* BESTEFFORT */
	assert_int_equal(rt_tos2priority(0x02), 0);	/* MINCOST: ECN_OR_COST */
	assert_int_equal(rt_tos2priority(0x04), 0);	/* RELIABILITY */
	assert_int_equal(rt_tos2priority(0x08), 2);	/* THROUGHPUT: BULK */
	assert_int_equal(rt_tos2priority(0x10), 6);	/* LOWDELAY: INTERACTIVE */
	assert_int_equal(rt_tos2priority(0x18), 4);	/* INTERACTIVE_BULK */
	assert_int_equal(rt_tos2priority(0x13), 6);	/* ECN bits 0x01 ignored */
	assert_int_equal(rt_tos2priority(0xb8), 4);	/* DSCP EF: 0xb8 & 0x1e = 0x18 */
	sock_init(&sk, &f->host, SK_RAW_ICMP);
	ip_sock_set_tos(&sk, 0x10);
	assert_int_equal(sk.sk_priority, 6);
	skb = alloc_skb(&f->host, 128);
	skb_set_owner_w(skb, &sk);
	assert_int_equal(skb->priority, 6);
	kfree_skb(&f->host.cpus[0], skb);
	sock_init(&sk, &f->host, SK_TCP);
	sk.tos = 0x02;				/* ECT(0) negotiated */
	ip_sock_set_tos(&sk, 0x11);		/* the user's ECN bits are dropped */
	assert_int_equal(sk.tos, 0x12);
}

static int order[8], nr_order;

static void record(struct cpu *cpu, struct work *w)
{
	order[nr_order++] = (int)(intptr_t)w->arg;
	cpu_charge(cpu, COST_ip_output, 1200);	/* 1 us at 1.2 GHz */
}

static void test_cpu_priority(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];
	struct work p, s, h;

	work_init(&p, CTX_PROCESS, record, (void *)(intptr_t)3);
	work_init(&s, CTX_SOFTIRQ, record, (void *)(intptr_t)2);
	work_init(&h, CTX_HARDIRQ, record, (void *)(intptr_t)1);
	nr_order = 0;
	cpu_queue_work(cpu, &p);
	cpu_queue_work(cpu, &s);
	cpu_queue_work(cpu, &h);
	sim_run(&f->sim, SIM_TIME_MAX);
	assert_int_equal(nr_order, 3);
	assert_int_equal(order[0], 1);
	assert_int_equal(order[1], 2);
	assert_int_equal(order[2], 3);
	assert_int_equal(cpu->busy_ps[ACCT_IRQ], PS_PER_US);
	assert_int_equal(cpu->busy_ps[ACCT_SOFTIRQ], PS_PER_US);
	assert_int_equal(cpu->busy_ps[ACCT_SYS], PS_PER_US);
	/* the last item ends at 3 us; nothing needs an event there */
	assert_int_equal(cpu->busy_until, 3 * PS_PER_US);
}

static sim_time_t fired_at;

static void on_timer(struct cpu *cpu, struct timer_list *t)
{
	fired_at = cpu_now(cpu);
}

/* mod_timer(jiffies + msecs_to_jiffies(10)) at HZ 100 fires on the next
 * tick: 1 jiffy, anywhere up to 10 ms after arming. */
static void test_jiffy_timer(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];
	struct timer_list t;

	timer_setup(&t, on_timer, NULL);
	sim_run(&f->sim, 3 * PS_PER_MS);
	assert_int_equal(msecs_to_jiffies(cpu, 10), 1);
	assert_int_equal(msecs_to_jiffies(cpu, 11), 2);
	mod_timer(cpu, &t, cpu_jiffies(cpu) + msecs_to_jiffies(cpu, 10));
	sim_run(&f->sim, SIM_TIME_MAX);
	/* tick at 10 ms; TIMER_SOFTIRQ dispatch cost precedes the callback */
	assert_true(fired_at >= 10 * PS_PER_MS && fired_at < 10 * PS_PER_MS + 10 * PS_PER_US);
}

/* kernel/sched/fair.c defaults scaled by 1 + ilog2(min(ncpus, 8)) */
static void test_sched_tunables(void **state)
{
	assert_int_equal(sched_latency(1), 6 * PS_PER_MS);
	assert_int_equal(sched_latency(2), 12 * PS_PER_MS);
	assert_int_equal(sched_latency(4), 18 * PS_PER_MS);
	assert_int_equal(sched_latency(16), 24 * PS_PER_MS);	/* capped at 8 CPUs */
	assert_int_equal(sched_min_granularity(4), 2250 * PS_PER_US);
	assert_int_equal(sched_wakeup_granularity(4), 3 * PS_PER_MS);
	assert_int_equal(sched_slice(4, 2), 9 * PS_PER_MS);	/* 18 ms / 2 */
	assert_int_equal(sched_slice(1, 8), 750 * PS_PER_US);	/* 6 ms / 8 */
	assert_int_equal(sched_slice(1, 10), 750 * PS_PER_US);	/* 10 x 0.75 ms / 10 */
	assert_int_equal(sched_slice(1, 1), 6 * PS_PER_MS);
}

struct hog {
	struct task	t;
	uint64_t	steps;
};

/* a CPU-bound loop: 100 us per step, never sleeps */
static void hog_run(struct cpu *cpu, struct task *t)
{
	struct hog *h = t->app;

	cpu_charge(cpu, COST_ip_output, cpu->cpu_hz / 10000);
	h->steps++;
	task_continue(t);
}

/* a sleeper: one short step every 50 ms */
static void nap_run(struct cpu *cpu, struct task *t)
{
	struct hog *h = t->app;

	h->steps++;
	task_sleep(t, cpu_now(cpu) + 50 * PS_PER_MS);
}

static void test_sched_time_slices(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];	/* armada-370: one CPU, 3 ms slices */
	struct hog a = { 0 }, b = { 0 }, nap = { 0 };

	task_init(&a.t, cpu, hog_run, &a);
	task_init(&b.t, cpu, hog_run, &b);
	task_init(&nap.t, cpu, nap_run, &nap);
	task_start(&a.t, 0);
	task_start(&b.t, 0);
	task_start(&nap.t, PS_PER_MS);
	sim_run(&f->sim, 600 * PS_PER_MS);
	/* the hogs alternate in 3 ms slices and share the CPU evenly */
	assert_in_range(a.t.preempted, 90, 110);
	assert_in_range(b.t.preempted, 90, 110);
	assert_in_range(a.t.sum_exec / PS_PER_MS, 290, 310);
	assert_in_range(b.t.sum_exec / PS_PER_MS, 290, 310);
	/* the sleeper runs every 50 ms: its wakeups preempt the hogs */
	assert_int_equal(nap.steps, 12);
	assert_true(cpu->nr_switches > 200);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_raw_enobufs_rule, setup, teardown),
		cmocka_unit_test_setup_teardown(test_udp_rule, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tos_priority, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cpu_priority, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jiffy_timer, setup, teardown),
		cmocka_unit_test(test_sched_tunables),
		cmocka_unit_test_setup_teardown(test_sched_time_slices, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
