// SPDX-License-Identifier: MIT
/*
 * Host model: the raw ENOBUFS rule and the UDP blocking rule with real
 * charges, sock_wfree uncharging and waking writers (not TCP's), CPU
 * context priority, jiffy timers,
 * the CFS tunables and time slices, __do_softirq's limits (ten passes,
 * the 2-ms jiffy deadline, need_resched) handing softirqs to ksoftirqd,
 * what software GSO charges its segments in each era, and which RTT
 * sample an ACK gives in each era, to the estimator and to CUBIC, and
 * when each era holds a multi-segment skb back (TSO deferral), and how 4.4
 * and 6.x decide a window was cwnd-limited; where a socket's charged skbs
 * are (sock_tx_census, for explain); how a socket's port is picked
 * (sock_pick_port: the owner's draw, else the next free one);
 * __ip_append_data's fragments, their sizes, truesize and the two send
 * rules.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "kernel/host.h"
#include "kernel/sched/sched.h"
#include "net/ipv4/tcp.h"

struct fixture {
	struct sim	sim;
	struct skb_pool	pool;
	struct host	host;
	struct rng	rng;	/* the sockets' owner's stream */
};

static int setup(void **state)
{
	struct fixture *f = test_calloc(1, sizeof(*f));

	sim_init(&f->sim, 1);
	skb_pool_init(&f->pool);
	host_init(&f->host, &f->sim, &f->pool, 0, "dut", platform_find("armada-370"),
		  kprofile_find("3.12"), 100, 1);
	rng_stream(&f->rng, 1, "app.test");
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

	sock_init(&sk, &f->host, SK_RAW_ICMP, &f->rng);
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

/* The census counts only the socket's own skbs, by how far each got: in
 * the qdisc (no driver took it), in the ring unsent, sent and unreclaimed;
 * and reads the stop state of the socket's last queue. */
static void test_tx_census(void **state)
{
	struct fixture *f = *state;
	struct netdev_queue *txq = &f->host.dev.txq[1];
	struct sk_buff *skb[5];
	struct sock sk, other;
	struct sock_tx_census c;
	int i;

	sock_init(&sk, &f->host, SK_RAW_ICMP, &f->rng);
	sock_init(&other, &f->host, SK_RAW_ICMP, &f->rng);
	sock_tx_census(&sk, &c);
	assert_int_equal(c.stack + c.ring_unsent + c.ring_sent, 0);
	assert_int_equal(c.txq, -1);
	for (i = 0; i < 5; i++) {
		skb[i] = alloc_skb(&f->host, 115);
		skb[i]->len = 98;
		skb_set_owner_w(skb[i], i < 4 ? &sk : &other);
	}
	skb[1]->path[PATH_XMIT] = 1000;			/* taken by the driver */
	skb[2]->path[PATH_XMIT] = 1000;
	skb[2]->t[SKB_T_WIRE] = 2000;			/* and on the wire */
	skb[3]->path[PATH_XMIT] = 1000;
	skb[3]->t[SKB_T_WIRE] = 3000;
	skb[4]->path[PATH_XMIT] = 1000;			/* another socket's */
	sk.last_txq = 1;
	txq->bql_on = true;
	txq->bql.stack_xoff = true;
	txq->bql.dql.num_queued = 294;
	txq->bql.dql.num_completed = 98;
	txq->qdisc.qlen = 1;
	sock_tx_census(&sk, &c);
	assert_int_equal(c.stack, 1);
	assert_int_equal(c.ring_unsent, 1);
	assert_int_equal(c.ring_sent, 2);
	assert_int_equal(c.ring_sent_bytes, 196);
	assert_int_equal(c.txq, 1);
	assert_true(c.stack_xoff);
	assert_false(c.drv_xoff);
	assert_int_equal(c.bql_inflight, 196);
	assert_int_equal(c.qdisc_qlen, 1);
	for (i = 0; i < 5; i++)
		kfree_skb(&f->host.cpus[0], skb[i]);
	assert_int_equal(f->pool.live, 0);
}

/* sock_alloc_send_pskb: allowed while sk_wmem_alloc < sk_sndbuf (1x, not 2x) */
static void test_udp_rule(void **state)
{
	struct fixture *f = *state;
	struct sk_buff *held[4];
	struct sock sk;
	int n = 0;

	sock_init(&sk, &f->host, SK_UDP, &f->rng);
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

/*
 * __ip_append_data on x86-64 / 6.x with MAX_HEADER 32 (the numbers the
 * running 6.18 kernel gave, tests/kernel/part_sock.py): 4000 data bytes +
 * 8 of ICMP or UDP header at MTU 1500 are fragments of 1480, 1480 and
 * 1048 bytes, skbs of 1531, 1531 and 1099 bytes, each truesize 2304.
 */
static void test_ip_append_data(void **state)
{
	struct fixture *f = *state;
	struct platform plat = *platform_find("x86-64");
	struct skb_queue q, held, raw_q;
	struct sk_buff *skb;
	struct host h;
	struct sock raw, udp;
	uint32_t lens[3] = { 1514, 1514, 1082 }, offs[3] = { 0, 1480, 2960 };
	int i = 0;

	platform_set_max_header(&plat, 32);
	host_init(&h, &f->sim, &f->pool, 1, "x86", &plat, kprofile_find("6.x"), 250, 1);
	h.dev.mtu = 1500;
	sock_init(&raw, &h, SK_RAW_ICMP, &f->rng);
	sock_set_sndbuf(&raw, 324);	/* 4608: raw skbs while <= 9216 */
	assert_int_equal(ip_append_data(&h.cpus[0], &raw, 4008, 0, &raw_q), ERR_OK);
	assert_int_equal(raw_q.qlen, 3);
	for (skb = raw_q.head; skb; skb = skb->next, i++) {
		assert_int_equal(skb->len, lens[i]);
		assert_int_equal(skb->frag_off, offs[i]);
		assert_int_equal(skb->frag_mf, i < 2);
		assert_int_equal(skb->truesize, 2304);
	}
	assert_int_equal(raw.sk_wmem_alloc, 1 + 3 * 2304);
	/* the next: 6913 <= 9216 for the first skb, 9217 > 9216 for the
	 * second: ENOBUFS, the first freed again */
	assert_int_equal(ip_append_data(&h.cpus[0], &raw, 4008, 0, &q), ERR_ENOBUFS);
	assert_int_equal(raw.sk_wmem_alloc, 1 + 3 * 2304);
	assert_int_equal(f->pool.live, 3);
	/* UDP: the first skb by sock_alloc_send_skb's rule (< 4608) */
	sock_init(&udp, &h, SK_UDP, &f->rng);
	sock_set_sndbuf(&udp, 324);
	assert_int_equal(ip_append_data(&h.cpus[0], &udp, 4008, 8, &q), ERR_OK);
	assert_int_equal(udp.sk_wmem_alloc, 1 + 3 * 2304);
	while ((skb = skb_dequeue(&q)))
		kfree_skb(&h.cpus[0], skb);
	assert_int_equal(ip_append_data(&h.cpus[0], &udp, 4008, 8, &held), ERR_OK);
	/* 6913 >= 4608: EAGAIN before anything is allocated */
	assert_int_equal(ip_append_data(&h.cpus[0], &udp, 4008, 8, &q), ERR_EAGAIN);
	assert_int_equal(q.qlen, 0);
	while ((skb = skb_dequeue(&held)))
		kfree_skb(&h.cpus[0], skb);
	/* 20008 bytes, 14 fragments: the first by the UDP rule, then while
	 * 1 + k x 2304 <= 9216: the fifth fails, ENOBUFS, nothing kept */
	assert_int_equal(ip_append_data(&h.cpus[0], &udp, 20008, 8, &q), ERR_ENOBUFS);
	assert_int_equal(udp.sk_wmem_alloc, 1);
	assert_int_equal(udp.wmem_peak, 1 + 4 * 2304);
	while ((skb = skb_dequeue(&raw_q)))
		kfree_skb(&h.cpus[0], skb);
	assert_int_equal(f->pool.live, 0);
}

/* sock_wfree wakes a blocked writer once half the buffer is free
 * (sock_def_write_space), but not on a SOCK_USE_WRITE_QUEUE socket (TCP),
 * whose writer waits for ACKs to shrink the write queue. */
static void nap_run(struct cpu *cpu, struct task *t);

static void test_write_space(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];
	struct task writer;
	struct sk_buff *skb;
	struct sock sk;
	int tcp;

	for (tcp = 0; tcp < 2; tcp++) {
		sock_init(&sk, &f->host, tcp ? SK_TCP : SK_UDP, &f->rng);
		sk.use_write_queue = tcp;
		task_init_sleeping(&writer, cpu, nap_run, NULL);
		sk.tx_waiter = &writer;
		skb = alloc_skb(&f->host, 1531);
		skb_set_owner_w(skb, &sk);
		kfree_skb(cpu, skb);		/* the driver frees it */
		assert_int_equal(sk.sk_wmem_alloc, 1);
		assert_int_equal(writer.sleeping, tcp);
		sim_cancel(&f->sim, &writer.timeout);
	}
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
	sock_init(&sk, &f->host, SK_RAW_ICMP, &f->rng);
	ip_sock_set_tos(&sk, 0x10);
	assert_int_equal(sk.sk_priority, 6);
	skb = alloc_skb(&f->host, 128);
	skb_set_owner_w(skb, &sk);
	assert_int_equal(skb->priority, 6);
	kfree_skb(&f->host.cpus[0], skb);
	sock_init(&sk, &f->host, SK_TCP, &f->rng);
	sk.tos = 0x02;				/* ECT(0) negotiated */
	ip_sock_set_tos(&sk, 0x11);		/* the user's ECN bits are dropped */
	assert_int_equal(sk.tos, 0x12);
}

/* sock_pick_port: the owner's draw, or the next free port of the range
 * (wrapping) among sockets of the same kind, on the host and on `also`;
 * -1 once the range is full. */
static void test_pick_port(void **state)
{
	struct fixture *f = *state;
	struct host *peer = test_calloc(1, sizeof(*peer));
	struct sock s[5];
	struct rng r, draw;
	int first, i, n = 0;

	host_init(peer, &f->sim, &f->pool, 1, "peer", platform_find("armada-370"),
		  kprofile_find("3.12"), 100, 1);
	rng_stream(&draw, 1, "app.pick");	/* the picking app's stream */
	r = draw;
	first = sock_pick_port(&r, &f->host, peer, SK_UDP, 100, 4);
	assert_in_range(first, 100, 103);
	sock_init(&s[n], &f->host, SK_TCP, &f->rng);	/* another protocol */
	s[n++].port = (uint16_t)first;
	r = draw;
	assert_int_equal(sock_pick_port(&r, &f->host, peer, SK_UDP, 100, 4), first);
	sock_init(&s[n], peer, SK_UDP, &f->rng);	/* held on the peer */
	s[n++].port = (uint16_t)first;
	r = draw;
	assert_int_equal(sock_pick_port(&r, &f->host, NULL, SK_UDP, 100, 4), first);
	r = draw;
	assert_int_equal(sock_pick_port(&r, &f->host, peer, SK_UDP, 100, 4),
			 100 + (first - 100 + 1) % 4);
	for (i = 1; i < 4; i++) {	/* the rest of the range on the host */
		sock_init(&s[n], &f->host, SK_UDP, &f->rng);
		s[n++].port = (uint16_t)(100 + (first - 100 + i) % 4);
	}
	r = draw;
	assert_int_equal(sock_pick_port(&r, &f->host, NULL, SK_UDP, 100, 4), first);
	r = draw;
	assert_int_equal(sock_pick_port(&r, &f->host, peer, SK_UDP, 100, 4), -1);
	test_free(peer);
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

/* A timer armed already due fires at the next tick (internal_add_timer),
 * not at once; round_jiffies rounds to a second at HZ, down below a
 * quarter past, and never into the past. */
static void test_timer_due_and_round(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];
	struct timer_list t;

	timer_setup(&t, on_timer, NULL);
	sim_run(&f->sim, 23 * PS_PER_MS);		/* jiffy 2 */
	mod_timer(cpu, &t, 1);
	sim_run(&f->sim, SIM_TIME_MAX);
	assert_true(fired_at >= 30 * PS_PER_MS && fired_at < 30 * PS_PER_MS + 10 * PS_PER_US);
	assert_int_equal(round_jiffies(cpu, 510), 500);	/* HZ 100 */
	assert_int_equal(round_jiffies(cpu, 530), 600);
	assert_int_equal(round_jiffies(cpu, 10), 10);	/* 0 is not after jiffy 3 */
}

/* The timer wheel of each era (kernel/time/timer.c): before 4.8 a timer
 * runs at its expiry; from 4.8 calc_index rounds the expiry up to the next
 * granule of the level its distance falls in (level n: below 63 << 3n
 * jiffies, granule 8^n), so one jiffy late at level 0 and up to 8^n at
 * level n; already due runs at the next tick in both. */
static void test_timer_wheel_eras(void **state)
{
	struct fixture *f = *state;
	struct host h6 = f->host;

	h6.kp = kprofile_find("6.x");
	h6.hz = 250;
	assert_int_equal(timer_due(&f->host, 1000, 1050), 1050);	/* 3.12: exact */
	assert_int_equal(timer_due(&f->host, 1000, 999), 1001);
	assert_int_equal(timer_due(&h6, 1000, 1050), 1051);		/* level 0 */
	assert_int_equal(timer_due(&h6, 1000, 1062), 1063);		/* delta 62 */
	assert_int_equal(timer_due(&h6, 1000, 1063), 1064);		/* delta 63: level 1 */
	assert_int_equal(timer_due(&h6, 1000, 1100), 1104);		/* (1100 / 8 + 1) x 8 */
	assert_int_equal(timer_due(&h6, 1000, 2250), 2304);		/* level 2: (2250 / 64 + 1) x 64 */
	assert_int_equal(timer_due(&h6, 1000, 1000), 1001);		/* due: next tick */
	/* SO_RCVTIMEO of 200 ms at HZ 250: 50 jiffies, run at the 51st */
	assert_int_equal(timer_due(&h6, 7, 7 + 50), 58);
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
	/* only switches pay COST_wakeup, not the hogs' 100-us steps */
	assert_int_equal(cpu->cost_cycles[COST_wakeup],
			 cpu->nr_switches * f->host.plat->cost.wakeup);
}

/* A softirq that raises itself again until it has run `limit` times,
 * charging `cycles` each run; it may wake a task on its first run. */
static struct {
	int		runs, limit;
	uint64_t	cycles;
	struct task	*wake;
	int		runs_at_wake_step;	/* handler runs when the woken task ran */
	sim_time_t	at[64];
} sq;

static void self_raising(struct cpu *cpu)
{
	sq.at[sq.runs] = cpu_now(cpu);
	if (++sq.runs < sq.limit)
		raise_softirq(cpu, HI_SOFTIRQ);
	cpu_charge(cpu, COST_ip_output, sq.cycles);
	if (sq.runs == 1 && sq.wake)
		task_wake(sq.wake);
}

static void sq_setup(struct cpu *cpu, int limit, uint64_t cycles)
{
	memset(&sq, 0, sizeof(sq));
	sq.limit = limit;
	sq.cycles = cycles;
	open_softirq(cpu, HI_SOFTIRQ, self_raising);
}

/* MAX_SOFTIRQ_RESTART: ten passes inline, the rest in ksoftirqd. */
static void test_softirq_restart_limit(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];

	sq_setup(cpu, 30, 1200);		/* 1 us each at 1.2 GHz */
	raise_softirq(cpu, HI_SOFTIRQ);
	sim_run(&f->sim, SIM_TIME_MAX);
	assert_int_equal(sq.runs, 30);
	assert_int_equal(cpu->ksoftirqd_wakeups, 1);
	assert_int_equal(cpu->softirqs[HI_SOFTIRQ], 30);
	/* 20 runs in ksoftirqd (two episodes of ten): each 1 us plus the
	 * softirq dispatch cost (443 cycles on the fitted Armada 370), all
	 * accounted as softirq time: 1643 cycles at 1.2 GHz, 1369166.7 ps,
	 * rounded up to 1369167 */
	assert_int_equal(f->host.plat->cost.softirq, 443);
	assert_int_equal(cpu->ksoftirqd_ps, 20 * 1369167);	/* 1200 + 443 cycles */
	assert_true(f->host.ksoftirqd[0].sleeping);
	/* process time: only ksoftirqd's switch-in (COST_wakeup); its second
	 * episode follows the first without a switch */
	assert_int_equal(cpu->busy_ps[ACCT_SYS],
			 (sim_time_t)f->host.plat->cost.wakeup * PS_PER_S / cpu->cpu_hz);
}

/* MAX_SOFTIRQ_TIME: passes go on until jiffies reach start + 1 (HZ 100:
 * msecs_to_jiffies(2) = 1), so 3-ms runs from t = 0 stop after the one
 * that crosses 10 ms. */
static void test_softirq_time_limit(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];

	sq_setup(cpu, 8, 3600000);		/* 3 ms */
	raise_softirq(cpu, HI_SOFTIRQ);
	sim_run(&f->sim, SIM_TIME_MAX);
	assert_int_equal(sq.runs, 8);
	assert_int_equal(cpu->ksoftirqd_wakeups, 1);
	/* runs 1-4 inline (the 4th starts at ~9 ms, before the tick), then
	 * ksoftirqd from ~12 ms: an episode until it crosses 20 ms (runs
	 * 5-7), another for run 8; the tick at 20 ms lands inside run 7 and
	 * starts nothing */
	assert_true(sq.at[3] < 10 * PS_PER_MS);
	assert_true(sq.at[4] >= 12 * PS_PER_MS);
	/* 3.6e6 + 443 cycles: 3000369166.7 ps, rounded up */
	assert_int_equal(cpu->ksoftirqd_ps, 4 * 3000369167LL);
}

static void note_step(struct cpu *cpu, struct task *t)
{
	sq.runs_at_wake_step = sq.runs;
	task_sleep(t, SIM_TIME_MAX);
}

/* need_resched: a task woken on the idle CPU ends the episode after its
 * pass; the task runs first, then ksoftirqd (FIFO among equals). A hog
 * holding the CPU meanwhile: a hardirq's exit runs what waits inline. */
static void test_softirq_need_resched(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];
	struct task waiter;

	task_init_sleeping(&waiter, cpu, note_step, NULL);
	sq_setup(cpu, 5, 1200);
	sq.wake = &waiter;
	raise_softirq(cpu, HI_SOFTIRQ);
	sim_run(&f->sim, SIM_TIME_MAX);
	assert_int_equal(sq.runs, 5);
	assert_int_equal(cpu->ksoftirqd_wakeups, 1);
	assert_int_equal(sq.runs_at_wake_step, 1);
	assert_false(cpu->need_resched);
}

static void nothing(struct cpu *cpu, struct work *w)
{
	cpu_charge(cpu, COST_irq, 120);
}

static void test_softirq_irq_exit(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->host.cpus[0];
	struct hog a = { 0 };
	struct work irq;

	task_init(&a.t, cpu, hog_run, &a);
	task_start(&a.t, 0);
	sim_run(&f->sim, PS_PER_MS);		/* the hog holds the CPU */
	/* ksoftirqd is a little ahead of the hog: its wakeup does not preempt */
	f->host.ksoftirqd[0].vruntime = a.t.vruntime + PS_PER_MS;
	sq_setup(cpu, 40, 1200);
	raise_softirq(cpu, HI_SOFTIRQ);		/* ten runs, then ksoftirqd waits */
	sim_run(&f->sim, 1100 * PS_PER_US);
	assert_int_equal(sq.runs, 10);
	assert_int_equal(cpu->ksoftirqd_wakeups, 1);
	work_init(&irq, CTX_HARDIRQ, nothing, NULL);
	cpu_queue_work(cpu, &irq);		/* irq_exit: ten more inline */
	sim_run(&f->sim, 1200 * PS_PER_US);
	assert_int_equal(sq.runs, 20);
	sim_run(&f->sim, 30 * PS_PER_MS);	/* ksoftirqd gets its turn */
	assert_int_equal(sq.runs, 40);
	assert_true(cpu->ksoftirqd_ps > 0);
}

/* One Armada 370 host running `kernel`, with a TCP connection to itself. */
struct tcp_pair {
	struct sim	sim;
	struct skb_pool	pool;
	struct host	h;
	struct tcp_sock	a, b;
	struct cpu	*cpu;
};

static void tcp_pair_init(struct tcp_pair *p, const char *kernel)
{
	struct tcp_config cfg = { .cc = "cubic", .sndbuf = -1, .rcvbuf = -1 };
	struct rng r;

	sim_init(&p->sim, 1);
	skb_pool_init(&p->pool);
	host_init(&p->h, &p->sim, &p->pool, 0, "dut", platform_find("armada-370"),
		  kprofile_find(kernel), 100, 1);
	p->h.dev.mtu = 1500;	/* no driver attached: the MSS is 1448 */
	p->cpu = &p->h.cpus[0];
	rng_stream(&r, 1, "app.test");
	tcp_pair_setup(&p->a, &p->h, p->cpu, &p->b, &p->h, p->cpu, &cfg, &cfg, &r);
	/* no device to carry a handshake: the two ends as one with SACK and
	 * timestamps leaves them, before any RTT sample (these tests build
	 * their own flights and ACKs) */
	p->a.state = p->b.state = TCP_ESTABLISHED;
	p->a.sack_ok = p->b.sack_ok = true;
	p->a.tstamp_ok = p->b.tstamp_ok = true;
	assert_int_equal(p->a.mss, 1448);
	p->cpu->running = true;	/* the test is the work item */
}

static void tcp_pair_destroy(struct tcp_pair *p)
{
	p->cpu->running = false;
	tcp_sock_free(&p->a);
	tcp_sock_free(&p->b);
	skb_pool_destroy(&p->pool);
	sim_destroy(&p->sim);
}

/* A GSO skb of 3 full segments and 100 bytes, charged to a TCP socket,
 * segmented on a host running `kernel`: returns sk_wmem_alloc after, the
 * segments' truesizes in ts[4]. */
static int64_t gso_charge(const char *kernel, uint32_t truesize, uint32_t ts[4])
{
	struct tcp_pair p;
	struct sk_buff *skb, *seg;
	int64_t wmem;
	int n = 0;

	tcp_pair_init(&p, kernel);
	skb = alloc_skb(&p.h, 320);
	skb->seq = 0;
	skb->end_seq = 3 * 1448 + 100;
	skb->gso_size = 1448;
	skb->gso_segs = 4;
	skb->truesize = truesize;
	skb_set_owner_w(skb, &p.a.sk);
	skb->destructor = tcp_wfree;
	seg = tcp_gso_segment(p.cpu, skb);
	wmem = p.a.sk.sk_wmem_alloc;
	while (seg) {
		struct sk_buff *next = seg->next;

		assert_true(n < 4);
		ts[n++] = seg->truesize;
		kfree_skb(p.cpu, seg);
		seg = next;
	}
	assert_int_equal(n, 4);
	assert_int_equal(p.a.sk.sk_wmem_alloc, 1);	/* all uncharged again */
	tcp_pair_destroy(&p);
	return wmem;
}

/* 3.12.0 (6ff50cd): mss per segment, the rest of the GSO skb's truesize
 * on the last, the socket's charge unchanged; 3.12.1/3.13 (0d08c42): each
 * segment its own truesize, the difference added to sk_wmem_alloc. */
static void test_gso_segment_charge(void **state)
{
	uint32_t ts[4];
	int64_t wmem;

	(void)state;
	/* 5444 = 4444 payload + 1000 */
	wmem = gso_charge("3.12.0+tsq-fix", 5444, ts);
	assert_int_equal(wmem, 1 + 5444);
	assert_int_equal(ts[0], 1448);
	assert_int_equal(ts[1], 1448);
	assert_int_equal(ts[2], 1448);
	assert_int_equal(ts[3], 5444 - 3 * 1448);
	assert_int_equal(gso_charge("3.12-rc", 5444, ts), 1 + 5444);
	wmem = gso_charge("3.12", 5444, ts);
	/* each segment: its MAX_TCP_HEADER head (SKB_TRUESIZE 704 on the
	 * Armada 370, as test_profile's echo request) + payload */
	assert_int_equal(ts[0], 704 + 1448);
	assert_int_equal(ts[2], 704 + 1448);
	assert_int_equal(ts[3], 704 + 100);
	assert_int_equal(wmem, 1 + 3 * 2152 + 804);
}

/* An Armada 370 sender with two one-segment skbs in flight, sent at 10 and
 * 20 ms (HZ 100: jiffies 1 and 2), receives one ACK at 100 ms (jiffy 10):
 * srtt in jiffies after it, or 0 if no sample was taken. ack_segs: how
 * many segments it acknowledges; sack: it SACKs the second; tsecr: its
 * echoed timestamp. */
static int64_t rtt_after_ack_cc(const char *kernel, int ack_segs, bool sack,
				sim_time_t tsecr, uint32_t *delay_min)
{
	struct tcp_pair p;
	struct tcp_sock *a = &p.a;
	struct sk_buff *ack;
	uint64_t base;
	int64_t srtt8;
	int i;

	tcp_pair_init(&p, kernel);
	assert_true(a->sack_ok);
	base = a->snd_una;
	for (i = 0; i < 2; i++) {
		struct sk_buff *skb = skb_pool_get(&p.pool);

		skb->seq = base + (uint64_t)i * a->mss;
		skb->end_seq = skb->seq + a->mss;
		skb->pcount = 1;
		skb->tsval = (sim_time_t)(i + 1) * 10 * PS_PER_MS;
		skb_queue_tail(&a->write_queue, skb);
	}
	a->snd_nxt = a->write_seq = base + 2 * a->mss;
	a->packets_out = 2;
	a->send_head = NULL;
	assert_int_equal(a->est.srtt8, 0);	/* no sample yet */
	ack = skb_pool_get(&p.pool);
	ack->protocol = ETH_P_IP;
	ack->ip_proto = IPPROTO_TCP_;
	ack->saddr = p.h.addr;
	ack->sport = p.b.sk.port;
	ack->dport = a->sk.port;
	ack->tcp_flags = TCPHDR_ACK;
	ack->tcp_win = (uint32_t)a->snd_wnd;
	ack->ack_seq = base + (uint64_t)ack_segs * a->mss;
	ack->tsecr = tsecr;
	if (sack) {
		ack->nr_sack = 1;
		ack->sack[0][0] = (int32_t)(base + a->mss - ack->ack_seq);
		ack->sack[0][1] = (int32_t)(base + 2 * a->mss - ack->ack_seq);
	}
	p.cpu->t = 100 * PS_PER_MS;
	tcp_v4_rcv(p.cpu, ack);
	srtt8 = a->est.srtt8;
	if (delay_min)
		*delay_min = a->cc.priv.cubic.delay_min;
	tcp_pair_destroy(&p);
	return srtt8 / 8;
}

static int64_t rtt_after_ack(const char *kernel, int ack_segs, bool sack, sim_time_t tsecr)
{
	return rtt_after_ack_cc(kernel, ack_segs, sack, tsecr, NULL);
}

/* CUBIC's sample of the same ACKs (pkts_acked; 3.12.0, 3.13.0, 4.4.155
 * read): delay_min in us, 0 if it got none. */
static uint32_t cc_rtt_after_ack(const char *kernel, int ack_segs, bool sack)
{
	uint32_t delay_min = 0;

	rtt_after_ack_cc(kernel, ack_segs, sack, 1 * PS_PER_MS, &delay_min);
	return delay_min;
}

static void test_cc_rtt_sample_rule(void **state)
{
	(void)state;
	/* (+ up to 10 us: the receive path's CPU costs run before tcp_ack) */
	/* the newest acked skb, in us (HZ 100 < 1000: TCP_CONG_RTT_STAMP):
	 * both acked at 100 ms, the second sent at 20: 80 ms; the first
	 * alone: 90 ms (the echoed timestamp would say 99) */
	assert_in_range(cc_rtt_after_ack("3.12", 2, false), 80000, 80000 + 10);
	assert_in_range(cc_rtt_after_ack("3.12", 1, false), 90000, 90000 + 10);
	assert_in_range(cc_rtt_after_ack("4.4", 1, false), 90000, 90000 + 10);
	/* the first acked and the second SACKed: 4.4 takes the SACKed one
	 * (last_sackt), 3.x only what was acked */
	assert_in_range(cc_rtt_after_ack("4.4", 1, true), 80000, 80000 + 10);
	assert_in_range(cc_rtt_after_ack("3.13", 1, true), 90000, 90000 + 10);
	/* a duplicate ACK SACKing the second: 4.4 calls pkts_acked on every
	 * ACK, 3.x only on an ACK of new data */
	assert_in_range(cc_rtt_after_ack("4.4", 0, true), 80000, 80000 + 10);
	assert_in_range(cc_rtt_after_ack("6.x", 0, true), 80000, 80000 + 10);
	assert_int_equal(cc_rtt_after_ack("3.12", 0, true), 0);
}

/* tcp_ack_update_rtt per era (3.10.99, 3.12.0, 3.13.0 read): the ACK at
 * jiffy 10 echoes a timestamp of jiffy 0. */
static void test_rtt_sample_rule(void **state)
{
	sim_time_t ts0 = 1 * PS_PER_MS;	/* jiffy 0 */

	(void)state;
	/* an ACK of the first segment: 3.10 takes TSecr (10 - 0), 3.12 the
	 * acked skb's send time (10 - 1) */
	assert_int_equal(rtt_after_ack("3.10", 1, false, ts0), 10);
	assert_int_equal(rtt_after_ack("3.12", 1, false, ts0), 9);
	assert_int_equal(rtt_after_ack("3.13", 1, false, ts0), 9);
	/* a duplicate ACK that SACKs the second (sent at jiffy 2): 3.10 takes
	 * nothing, 3.12 the SACKed skb's send time (10 - 2) */
	assert_int_equal(rtt_after_ack("3.10", 0, true, ts0), 0);
	assert_int_equal(rtt_after_ack("3.12", 0, true, ts0), 8);
	assert_int_equal(rtt_after_ack("3.12-rc", 0, true, ts0), 8);
	/* a duplicate ACK without news: only 3.12.0 takes its TSecr */
	assert_int_equal(rtt_after_ack("3.12", 0, false, ts0), 0);
	assert_int_equal(rtt_after_ack("3.13", 0, false, ts0), 0);
	assert_int_equal(rtt_after_ack("3.12-rc", 0, false, ts0), 10);
	assert_int_equal(rtt_after_ack("3.12.0+tsq-fix", 0, false, ts0), 10);
}

/*
 * tcp_tso_should_defer with worked numbers: mss 1448, HZ 100, cwnd 30, a
 * 1 MB receive window, a size goal of 32 segments (46336 B), srtt 10 ms,
 * the last send now (at 5 s). Returns whether an skb of `segs` segments,
 * the only one queued unless more follow it (`behind`), sent `sent_ago`
 * ago as far as the head's stamp goes, is held back with `in_flight`
 * segments out; then (later >= 0) again `later` jiffies on, as r * 10 +
 * the second answer. *cl: a 4.4/6.x deferral counted as cwnd-limited.
 */
static int defer_at(const char *kernel, uint32_t in_flight, uint32_t segs,
		    bool behind, int later, sim_time_t sent_ago, bool *cl)
{
	struct tcp_pair p;
	struct tcp_sock *a = &p.a;
	struct sk_buff *skb, *next = NULL;
	bool dummy = false;
	int r;

	tcp_pair_init(&p, kernel);
	a->cc.snd_cwnd = 30;
	a->snd_wnd = 1 << 20;
	a->size_goal = 32 * 1448;
	a->srtt = 10 * PS_PER_MS;
	a->packets_out = in_flight;
	p.cpu->t = 5 * PS_PER_S;
	a->lsndtime = p.cpu->t;
	skb = skb_pool_get(&p.pool);
	skb->seq = a->snd_una;
	skb->end_seq = skb->seq + segs * 1448;
	skb->tsval = p.cpu->t - sent_ago;
	skb_queue_tail(&a->write_queue, skb);
	if (behind) {
		next = skb_pool_get(&p.pool);
		next->seq = skb->end_seq;
		next->end_seq = next->seq + 1448;
		skb_queue_tail(&a->write_queue, next);
	}
	*(cl ? cl : &dummy) = false;
	r = tcp_tso_should_defer(p.cpu, a, skb, in_flight, cl ? cl : &dummy);
	if (later >= 0) {
		p.cpu->t += (sim_time_t)later * 10 * PS_PER_MS;
		r = r * 10 + tcp_tso_should_defer(p.cpu, a, skb, in_flight, &dummy);
	}
	a->packets_out = 0;
	a->send_head = NULL;
	tcp_pair_destroy(&p);
	return r;
}

static void test_tso_defer_rule(void **state)
{
	const sim_time_t old = 9500 * PS_PER_US;	/* head sent 9.5 ms ago */
	bool cl;

	(void)state;
	/* 3.x: room 5 segments = 7240 B, below the size goal and below a
	 * third of the window (30 * 1448 / 3 = 14480): held back */
	assert_int_equal(defer_at("3.12", 25, 20, false, -1, old, NULL), 1);
	/* still in the same jiffy and the next one; sent in the one after */
	assert_int_equal(defer_at("3.12", 25, 20, false, 0, old, NULL), 11);
	assert_int_equal(defer_at("3.12", 25, 20, false, 1, old, NULL), 11);
	assert_int_equal(defer_at("3.12", 25, 20, false, 2, old, NULL), 10);
	/* room 10 segments = 14480 B reaches the third: sent */
	assert_int_equal(defer_at("3.12", 20, 20, false, -1, old, NULL), 0);
	/* a 4-segment skb with data queued behind it fits the room: sent */
	assert_int_equal(defer_at("3.12", 25, 4, true, -1, old, NULL), 0);
	assert_int_equal(defer_at("3.12", 25, 4, false, -1, old, NULL), 1);
	assert_int_equal(defer_at("3.13", 25, 20, false, -1, old, NULL), 1);
	/* 4.4: held back only in the jiffy of the last send, and counted as
	 * cwnd-limited (room 7240 B < the window, <= the skb's 28960 B) */
	assert_int_equal(defer_at("4.4", 25, 20, false, 1, old, &cl), 10);
	assert_true(cl);
	/* ... and not if the head went out under srtt/2 = 5 ms ago */
	assert_int_equal(defer_at("4.4", 25, 20, false, -1, 4 * PS_PER_MS, NULL), 0);
	/* 6.x: the next ACK (head + srtt) due within min(5 ms, 1 ms): held
	 * back; due in 10 ms: sent; and not 10 ms after the last send */
	assert_int_equal(defer_at("6.x", 25, 20, false, 1, old, &cl), 10);
	assert_true(cl);
	assert_int_equal(defer_at("6.x", 25, 20, false, -1, 0, NULL), 0);
	/* nothing out: the whole window is room */
	assert_int_equal(defer_at("6.x", 0, 20, false, -1, old, NULL), 0);
}

/*
 * 4.4 and 6.x tcp_cwnd_validate / tcp_is_cwnd_limited (4.4.155, 6.18.2):
 * in congestion avoidance (cwnd 20, ssthresh 10) a window counts as
 * cwnd-limited if its first recorded send, or one with more packets out,
 * was; 6.x also keeps a cwnd-limited record against later sends.
 */
static void test_cwnd_limited_4x(void **state)
{
	const char *k[2] = { "4.4", "6.x" };
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		struct tcp_pair p;
		struct tcp_sock *a = &p.a;

		tcp_pair_init(&p, k[i]);
		a->cc.snd_cwnd = 20;
		a->cc.snd_ssthresh = 10;
		a->snd_una = 1000;
		a->snd_nxt = 2000;
		a->packets_out = 12;
		tcp_track_cwnd_usage(a, false);	/* new window: 12 out, not limited */
		assert_false(tcp_is_cwnd_limited_4x(a));
		assert_int_equal(a->max_packets_out, 12);
		assert_int_equal(a->cwnd_usage_seq, 2000);
		a->packets_out = 20;
		tcp_track_cwnd_usage(a, true);	/* more out, and the window stopped it */
		assert_true(tcp_is_cwnd_limited_4x(a));
		a->packets_out = 25;		/* more out, not stopped: 4.4 forgets */
		tcp_track_cwnd_usage(a, false);
		assert_int_equal(tcp_is_cwnd_limited_4x(a), i == 1);
		a->snd_una = 2000;		/* the next window starts afresh */
		a->packets_out = 5;
		tcp_track_cwnd_usage(a, false);
		assert_false(tcp_is_cwnd_limited_4x(a));
		/* slow start (cwnd 8 < ssthresh): cwnd below twice the 5 out */
		a->cc.snd_cwnd = 8;
		assert_true(tcp_is_cwnd_limited_4x(a));
		a->cc.snd_cwnd = 10;
		a->cc.snd_ssthresh = 20;
		assert_false(tcp_is_cwnd_limited_4x(a));
		a->send_head = NULL;
		tcp_pair_destroy(&p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_raw_enobufs_rule, setup, teardown),
		cmocka_unit_test(test_gso_segment_charge),
		cmocka_unit_test(test_rtt_sample_rule),
		cmocka_unit_test(test_cc_rtt_sample_rule),
		cmocka_unit_test(test_tso_defer_rule),
		cmocka_unit_test(test_cwnd_limited_4x),
		cmocka_unit_test_setup_teardown(test_udp_rule, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ip_append_data, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tx_census, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_space, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tos_priority, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pick_port, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cpu_priority, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jiffy_timer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_timer_due_and_round, setup, teardown),
		cmocka_unit_test_setup_teardown(test_timer_wheel_eras, setup, teardown),
		cmocka_unit_test(test_sched_tunables),
		cmocka_unit_test_setup_teardown(test_sched_time_slices, setup, teardown),
		cmocka_unit_test_setup_teardown(test_softirq_restart_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_softirq_time_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_softirq_need_resched, setup, teardown),
		cmocka_unit_test_setup_teardown(test_softirq_irq_exit, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

