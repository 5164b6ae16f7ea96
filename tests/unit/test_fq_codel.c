// SPDX-License-Identifier: MIT
/*
 * Unit tests for fq_codel and CoDel (src/net/sched/sch_fq_codel.c).
 *
 * Checks, with worked numbers: the defaults and the CoDel clock (5 ms =
 * 4882 units of 1024 ns, 100 ms = 97656); the drop schedule of a standing
 * queue (first drop one interval after the sojourn reached target, then
 * gaps of interval * rec_inv_sqrt(count), the kernel's Newton estimate of
 * 1/sqrt(count): 0.5 at count 2, within 3% from count 3, 0.5% from 10);
 * re-entry at count - lastcount within 16 intervals, and at 1 after a
 * longer pause; no drop below target or with at most one MTU queued; ECN marks instead
 * of drops, and ce_threshold; DRR byte fairness between 1500- and 300-byte
 * flows; new-flow priority and the pass of an emptied new flow through
 * old_flows; the overlimit batch from the fattest flow (half its backlog,
 * at most 64), the CN return and memory_limit; determinism.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <math.h>
#include <cmocka.h>

#include "net/sched/sch_fq_codel.h"

#define PERTURB		0x9e3779b9u
#define MTU		1514u
#define US		PS_PER_US
#define MS		PS_PER_MS

/* ---- helpers ---------------------------------------------------------- */

static uint64_t next_id;

/* A UDP packet of flow `flow` (source port 1000 + flow). */
static struct sk_buff *mk(uint32_t flow, uint32_t len, uint8_t ecn)
{
	struct sk_buff *skb = calloc(1, sizeof(*skb));

	assert_non_null(skb);
	skb->id = ++next_id;
	skb->len = len;
	skb->truesize = 2048;
	skb->protocol = ETH_P_IP;
	skb->ip_proto = IPPROTO_UDP_;
	skb->saddr = 0x0a000001;
	skb->daddr = 0x0a000002;
	skb->sport = (uint16_t)(1000 + flow);
	skb->dport = 5001;
	skb->ecn = ecn;
	skb->gso_segs = 1;
	return skb;
}

/* frees a list, returns how many it held */
static uint32_t free_list(struct skb_queue *l)
{
	uint32_t n = 0;
	struct sk_buff *skb;

	while ((skb = l->head)) {
		l->head = skb->next;
		free(skb);
		n++;
	}
	l->tail = NULL;
	l->qlen = 0;
	return n;
}

static struct fq_codel *mkq(struct fq_codel_params *p)
{
	struct fq_codel *q = fq_codel_create(p, PERTURB);

	assert_non_null(q);
	return q;
}

static void destroy(struct fq_codel *q)
{
	struct skb_queue l = { 0 };

	fq_codel_purge(q, &l);
	free_list(&l);
	fq_codel_destroy(q);
}

static uint32_t flow_of(uint32_t flow)
{
	struct fq_codel_params p;
	struct fq_codel *q;
	struct sk_buff *skb = mk(flow, 100, 0);
	uint32_t idx;

	fq_codel_default_params(&p, MTU);
	q = mkq(&p);
	idx = fq_codel_classify(q, skb);
	fq_codel_destroy(q);
	free(skb);
	return idx;
}

struct ev {
	sim_time_t	t;
	bool		mark;
};

/*
 * A standing queue: `prefill` packets of one flow at t = 0, then every
 * `tick` one packet in and one out (enqueue first). Records each CoDel
 * drop and ECN mark with its time; returns how many.
 */
static int standing_queue_at(struct fq_codel *q, sim_time_t t0, uint32_t prefill,
			     sim_time_t tick, int nticks, uint8_t ecn,
			     struct ev *ev, int max_ev)
{
	struct skb_queue dropped = { 0 };
	struct fq_codel_stats st;
	uint32_t marks = 0, i;
	int k, n = 0;

	for (i = 0; i < prefill; i++)
		assert_int_equal(fq_codel_enqueue(q, mk(0, 1514, ecn), t0, &dropped), 0);
	for (k = 1; k <= nticks; k++) {
		sim_time_t now = t0 + tick * k;
		struct sk_buff *skb;

		assert_int_equal(fq_codel_enqueue(q, mk(0, 1514, ecn), now, &dropped), 0);
		skb = fq_codel_dequeue(q, now, &dropped);
		assert_non_null(skb);
		fq_codel_get_stats(q, &st);
		for (i = 0; i < dropped.qlen && n < max_ev; i++)
			ev[n++] = (struct ev){ now, false };
		if (st.ecn_mark != marks) {
			assert_int_equal(skb->ecn, INET_ECN_CE);
			assert_int_equal(st.ecn_mark, marks + 1);
			marks = st.ecn_mark;
			if (n < max_ev)
				ev[n++] = (struct ev){ now, true };
		}
		free_list(&dropped);
		free(skb);
	}
	return n;
}

static int standing_queue(struct fq_codel *q, uint32_t prefill, sim_time_t tick,
			  int nticks, uint8_t ecn, struct ev *ev, int max_ev)
{
	return standing_queue_at(q, 0, prefill, tick, nticks, ecn, ev, max_ev);
}

/* dequeue everything at `now`; returns how many were sent */
static uint32_t drain(struct fq_codel *q, sim_time_t now)
{
	struct skb_queue dropped = { 0 };
	struct sk_buff *skb;
	uint32_t n = 0;

	while ((skb = fq_codel_dequeue(q, now, &dropped))) {
		free(skb);
		n++;
	}
	free_list(&dropped);
	return n;
}

/* ---- defaults and clock ----------------------------------------------- */

static void test_defaults(void **state)
{
	struct fq_codel_params p;
	struct fq_codel_stats st;
	struct skb_queue dropped = { 0 };
	struct fq_codel *q;

	(void)state;
	fq_codel_default_params(&p, MTU);
	assert_int_equal(p.limit, 10240);
	assert_int_equal(p.flows_cnt, 1024);
	assert_int_equal(p.quantum, 1514);
	assert_int_equal(p.mtu, 1514);
	assert_int_equal(p.drop_batch_size, 64);
	assert_int_equal(p.memory_limit, 32u << 20);
	assert_true(p.target == 5 * MS && p.interval == 100 * MS && p.ecn);
	assert_true(p.ce_threshold == FQ_CODEL_CE_THRESHOLD_OFF);
	/* MS2TIME: 5e6 ns >> 10 = 4882, 1e8 ns >> 10 = 97656 */
	assert_int_equal(codel_time_from_sim(p.target), 4882);
	assert_int_equal(codel_time_from_sim(p.interval), 97656);
	assert_true(codel_time_to_sim(97656) == 99999744 * PS_PER_NS);
	/* psched_mtu is clamped to [256, 1 << 20] */
	fq_codel_default_params(&p, 100);
	assert_int_equal(p.quantum, 256);
	/* change()'s ranges */
	p.flows_cnt = 0;
	assert_null(fq_codel_create(&p, 1));
	p.flows_cnt = 65537;
	assert_null(fq_codel_create(&p, 1));
	p.flows_cnt = 1024;
	p.quantum = (1u << 20) + 1;
	assert_null(fq_codel_create(&p, 1));
	p.quantum = 256;
	q = mkq(&p);
	assert_int_equal(fq_codel_qlen(q), 0);
	assert_null(fq_codel_dequeue(q, 0, &dropped));
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.new_flow_count, 0);
	fq_codel_destroy(q);
}

/* ---- (1) the drop schedule -------------------------------------------- */

/*
 * 300 packets at t = 0, then one in and one out every 100 us: the sojourn
 * stays ~20-30 ms (> 5 ms) and the queue >> one MTU for 2 s.
 *
 * Sojourn reaches target at 5.0 ms: now = 5e6 >> 10 = 4882 = target, not
 * below it, so first_above_time = 4882 + 97656 = 102538. The first drop
 * is at the first dequeue with now > 102538: 105.0 ms (now 102539).
 * count = 1, rec_inv_sqrt = 0xffff: drop_next = 102539 + 97656 * 0xffff0000
 * >> 32 = 102539 + 97654 = 200193 (204.998 ms) -> drop at 205.0 ms.
 * Then drop_next += 97656 * rec(count) where the Newton step gives
 *	count	rec_inv_sqrt	gap (units)	1/sqrt(count)	gap, ideal
 *	2	0x8001 (.5000)	48829		.7071		69053
 *	3	0x9000 (.5625)	54931		.5774		56382
 *	4	0x7ce0 (.4878)	47635		.5		48828
 *	5	0x7107 (.4415)	43116		.4472		43673
 *	6	0x6771 (.4041)	39459		.4082		39868
 *	7	0x600c (.3752)	36638		.3780		36910
 * so drops at 255.0, 311.3, 360.1, 404.2, 444.6, 482.2 ms (the first
 * 100 us tick at or after each drop_next).
 */
static void test_codel_drop_schedule(void **state)
{
	static const sim_time_t want_us[] = {
		105000, 205000, 255000, 311300, 360100, 404200, 444600, 482200,
	};
	struct fq_codel_params p;
	struct fq_codel_stats st;
	struct fq_codel *q;
	struct ev ev[200];
	int n, k;

	(void)state;
	fq_codel_default_params(&p, MTU);
	q = mkq(&p);
	n = standing_queue(q, 300, 100 * US, 20000, INET_ECN_NOT_ECT, ev, 200);
	fq_codel_get_stats(q, &st);
	/* 107 drops in one dropping episode (independent model: 107) */
	assert_int_equal(n, 107);
	assert_int_equal(st.codel_drops, 107);
	assert_int_equal(st.drops, 107);
	assert_int_equal(st.ecn_mark, 0);
	assert_int_equal(st.drop_overlimit, 0);
	assert_int_equal(st.maxpacket, 1514);
	assert_int_equal(fq_codel_qlen(q), 300 - 107);
	for (k = 0; k < 8; k++)
		assert_true(ev[k].t == want_us[k] * US);
	/*
	 * Gap k (from drop k to k + 1) against interval / sqrt(k): the
	 * kernel's rec_inv_sqrt error (29.3% at count 2, < 2.6% at 3-4, < 1.3%
	 * at 5-9, < 0.4% from 10) plus one 100 us tick of dequeue grid and
	 * the 1.024 us clock.
	 */
	for (k = 1; k < n; k++) {
		double gap = (double)(ev[k].t - ev[k - 1].t);
		double ideal = 100.0 * MS / sqrt((double)k);
		double tol = k == 2 ? 0.30 : k <= 4 ? 0.03 : k <= 9 ? 0.015 : 0.005;

		assert_true(fabs(gap - ideal) <= ideal * tol + 102.4 * US);
		if (k != 2)	/* count 2 is 29% off: below the ideal */
			continue;
		assert_true(gap < ideal * 0.75);
	}
	destroy(q);
}

/*
 * The re-entry rule. Test 1's queue for 1 s, then drained at 1 s: the
 * episode ends with count = c (every CoDel drop so far, one episode).
 * A new standing queue from 1 s: the sojourn is above target again from
 * 1.005 s, the first drop comes one interval later (1.1051 s). As
 * count - lastcount = c - 1 > 1 and now - drop_next < 16 intervals, count
 * restarts at c - 1 (one Newton step from 1/sqrt(c)) instead of 1: the
 * next gap is interval / sqrt(c - 1), not 100 ms. After a pause of more
 * than 16 intervals (1.6 s), count restarts at 1: gaps 100 ms, then 50.
 */
static void test_codel_resume(void **state)
{
	struct fq_codel_params p;
	struct fq_codel_stats st;
	struct fq_codel *q;
	struct ev ev[200];
	double gap, ideal;
	uint32_t c;
	int n;

	(void)state;
	fq_codel_default_params(&p, MTU);
	q = mkq(&p);
	n = standing_queue(q, 300, 100 * US, 10000, 0, ev, 200);
	assert_int_equal(n, 28);	/* test 1: the 28th at 982.1 ms */
	drain(q, PS_PER_S);
	fq_codel_get_stats(q, &st);
	c = st.codel_drops;
	assert_true(c >= 28);
	print_message("resume: count %u at the drain\n", c);
	n = standing_queue_at(q, PS_PER_S, 300, 100 * US, 2000, 0, ev, 200);
	assert_true(n >= 2);
	/* 1.105 s is 1079101.56 units, not after first_above_time 981445
	 * + 97656 = 1079101: the drop comes one tick later */
	assert_true(ev[0].t == PS_PER_S + 105100 * US);
	gap = (double)(ev[1].t - ev[0].t);
	print_message("resume: gap %.3f ms, interval/sqrt(c-1) %.3f ms\n",
		      gap / MS, 100.0 / sqrt((double)(c - 1)));
	ideal = 100.0 * MS / sqrt((double)(c - 1));
	assert_true(fabs(gap - ideal) <= ideal * 0.005 + 102.4 * US);
	destroy(q);

	/* the same with the new queue 2 s after the drain */
	q = mkq(&p);
	standing_queue(q, 300, 100 * US, 10000, 0, ev, 200);
	drain(q, PS_PER_S);
	n = standing_queue_at(q, 3 * PS_PER_S, 300, 100 * US, 3000, 0, ev, 200);
	assert_true(n >= 3);
	assert_true(ev[0].t - (3 * PS_PER_S + 105 * MS) <= 100 * US);
	assert_true(llabs(ev[1].t - ev[0].t - 100 * MS) <= 100 * US);
	assert_true(llabs(ev[2].t - ev[1].t - 50 * MS) <= 100 * US);
	destroy(q);
}

/* ---- (2) no drop below target or with one MTU queued ------------------ */

static void test_codel_no_drop(void **state)
{
	struct fq_codel_params p;
	struct fq_codel *q;
	struct ev ev[16];

	(void)state;
	fq_codel_default_params(&p, MTU);

	/* 4 packets ahead, one out per 1 ms: sojourn 4 ms < 5 ms, for 2 s */
	q = mkq(&p);
	assert_int_equal(standing_queue(q, 4, MS, 2000, 0, ev, 16), 0);
	destroy(q);
	/* 5 ahead: sojourn 5 ms (4882 or 4883 units >= target): one drop at
	 * 105 ms, after which 4 are ahead and the sojourn is below target */
	q = mkq(&p);
	assert_int_equal(standing_queue(q, 5, MS, 2000, 0, ev, 16), 1);
	assert_true(ev[0].t == 105 * MS);
	destroy(q);

	/* one 1514-byte packet ahead, one out per 50 ms: sojourn 50 ms, but
	 * the backlog left after the dequeue is 1514 <= mtu: never a drop */
	q = mkq(&p);
	assert_int_equal(standing_queue(q, 1, 50 * MS, 100, 0, ev, 16), 0);
	destroy(q);
	/* two ahead: 3028 > mtu. first_above_time = 50 ms + interval; now
	 * must pass it: 150 ms is not after, the drop comes at 200 ms; then
	 * one is left ahead and the mtu rule holds again */
	q = mkq(&p);
	assert_int_equal(standing_queue(q, 2, 50 * MS, 100, 0, ev, 16), 1);
	assert_true(ev[0].t == 200 * MS);
	destroy(q);
}

/* ---- (3) ECN ---------------------------------------------------------- */

static void test_codel_ecn(void **state)
{
	struct fq_codel_params p;
	struct fq_codel_stats st;
	struct skb_queue dropped = { 0 };
	struct sk_buff *skb;
	struct fq_codel *q;
	struct ev ev[200];
	int n, k;

	(void)state;
	fq_codel_default_params(&p, MTU);

	/* ECT(0) packets, the test 1 queue: the same 107 signals at the same
	 * times, all marks (the marked packet goes out with CE) */
	q = mkq(&p);
	n = standing_queue(q, 300, 100 * US, 20000, INET_ECN_ECT_0, ev, 200);
	fq_codel_get_stats(q, &st);
	assert_int_equal(n, 107);
	assert_int_equal(st.ecn_mark, 107);
	assert_int_equal(st.drops, 0);
	assert_int_equal(fq_codel_qlen(q), 300);
	assert_true(ev[0].mark && ev[0].t == 105 * MS);
	assert_true(ev[1].mark && ev[1].t == 205 * MS);
	assert_true(ev[7].mark && ev[7].t == 482200 * US);
	destroy(q);

	/* ECT(1) is ECN-capable too; already-CE counts as marked again */
	q = mkq(&p);
	n = standing_queue(q, 300, 100 * US, 3000, INET_ECN_ECT_1, ev, 200);
	assert_int_equal(n, 3);		/* 105, 205, 255 ms */
	destroy(q);
	q = mkq(&p);
	n = standing_queue(q, 300, 100 * US, 3000, INET_ECN_CE, ev, 200);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.ecn_mark, 3);
	assert_int_equal(st.drops, 0);
	destroy(q);

	/* ecn off: the same ECT packets are dropped */
	p.ecn = false;
	q = mkq(&p);
	n = standing_queue(q, 300, 100 * US, 20000, INET_ECN_ECT_0, ev, 200);
	fq_codel_get_stats(q, &st);
	assert_int_equal(n, 107);
	assert_int_equal(st.drops, 107);
	assert_int_equal(st.ecn_mark, 0);
	for (k = 0; k < n; k++)
		assert_false(ev[k].mark);
	destroy(q);

	/* ce_threshold 1 ms: with a 2 ms sojourn (below target) every ECT
	 * packet leaves with CE, Not-ECT ones untouched */
	fq_codel_default_params(&p, MTU);
	p.ce_threshold = 1 * MS;
	q = mkq(&p);
	assert_int_equal(fq_codel_enqueue(q, mk(0, 1000, INET_ECN_ECT_0), 0, &dropped), 0);
	assert_int_equal(fq_codel_enqueue(q, mk(0, 1000, INET_ECN_NOT_ECT), 0, &dropped), 0);
	skb = fq_codel_dequeue(q, 2 * MS, &dropped);
	assert_int_equal(skb->ecn, INET_ECN_CE);
	free(skb);
	skb = fq_codel_dequeue(q, 2 * MS, &dropped);
	assert_int_equal(skb->ecn, INET_ECN_NOT_ECT);
	free(skb);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.ce_mark, 1);
	assert_int_equal(dropped.qlen, 0);
	destroy(q);
}

/* ---- (4) DRR fairness ------------------------------------------------- */

/*
 * Flow A 1500-byte packets, flow B 300-byte, both backlogged, quantum
 * 1514, everything at t = 0 (sojourn 0, CoDel quiet). Both start on
 * new_flows with deficit 1514:
 *   A: 1500 (14 left), 1500 (-1486) -> +1514 = 28, to old_flows
 *   B: 6 x 300 (1514 - 1800 = -286) -> +1514 = 1228, to old_flows
 *   A: 1500 (-1472 -> 42), B: 5 x 300 (-272 -> 1242), ...
 * so A, A, B x 6, then one A per five B, 1500 bytes each per round; the
 * 14-byte surplus per round gives A a second packet about every 107
 * rounds. Bytes stay within one packet of each other after each round.
 */
static void test_drr_fairness(void **state)
{
	struct fq_codel_params p;
	struct skb_queue dropped = { 0 };
	uint64_t bytes[2] = { 0, 0 };
	uint32_t order[14], i;
	struct fq_codel *q;

	(void)state;
	assert_int_not_equal(flow_of(0), flow_of(1));
	fq_codel_default_params(&p, MTU);
	q = mkq(&p);
	for (i = 0; i < 400; i++)
		fq_codel_enqueue(q, mk(0, 1500, 0), 0, &dropped);
	for (i = 0; i < 2000; i++)
		fq_codel_enqueue(q, mk(1, 300, 0), 0, &dropped);
	assert_int_equal(dropped.qlen, 0);
	for (i = 0; i < 2000; i++) {
		struct sk_buff *skb = fq_codel_dequeue(q, 0, &dropped);
		uint32_t f = skb->sport - 1000;

		assert_non_null(skb);
		if (i < 14)
			order[i] = f;
		/* at the end of each of B's turns (A's packet comes next),
		 * A is ahead by A's first round (3000 - 1800 = 1200) give or
		 * take the 14-byte surpluses: never by more than a quantum */
		if (f == 0 && i > 2)
			assert_true(llabs((long long)bytes[0] - (long long)bytes[1]) <= 1514);
		bytes[f] += skb->len;
		free(skb);
	}
	assert_int_equal(order[0], 0);
	assert_int_equal(order[1], 0);
	for (i = 2; i < 8; i++)
		assert_int_equal(order[i], 1);
	assert_int_equal(order[8], 0);
	for (i = 9; i < 14; i++)
		assert_int_equal(order[i], 1);
	assert_true(llabs((long long)bytes[0] - (long long)bytes[1]) <= 1514);
	assert_int_equal(dropped.qlen, 0);
	destroy(q);
}

/* ---- (5) new flows first; an emptied new flow goes through old ------- */

static uint32_t deq_flow(struct fq_codel *q, struct skb_queue *dropped)
{
	struct sk_buff *skb = fq_codel_dequeue(q, 0, dropped);
	uint32_t f;

	assert_non_null(skb);
	f = skb->sport - 1000;
	free(skb);
	return f;
}

/*
 * A: 50 x 300 bytes at t = 0. Six dequeues take A's deficit to -286; the
 * seventh moves A to old_flows (deficit 1228) and serves it (928).
 * B sends one packet: a new flow, served next although A is backlogged
 * with deficit left. The following dequeue finds B empty at the head of
 * new_flows; old_flows is not empty, so B moves to old_flows' tail (not
 * off the lists) and A is served (628). B's second packet now finds B
 * still listed: no new flow, no priority; it waits for A's deficit (628
 * -> 328 -> 28 -> -272), then A goes to the tail and B is served. When B
 * is next found empty at the head of old_flows it leaves the lists, and
 * its third packet makes it a new flow again.
 */
static void test_new_flow_priority(void **state)
{
	struct fq_codel_params p;
	struct fq_codel_stats st;
	struct skb_queue dropped = { 0 };
	struct fq_codel *q;
	int i;

	(void)state;
	fq_codel_default_params(&p, MTU);
	q = mkq(&p);
	for (i = 0; i < 50; i++)
		fq_codel_enqueue(q, mk(0, 300, 0), 0, &dropped);
	for (i = 0; i < 7; i++)
		assert_int_equal(deq_flow(q, &dropped), 0);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.new_flows_len, 0);
	assert_int_equal(st.old_flows_len, 1);

	fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.new_flow_count, 2);
	assert_int_equal(deq_flow(q, &dropped), 1);		/* priority */
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.new_flows_len, 1);		/* B, empty */

	assert_int_equal(deq_flow(q, &dropped), 0);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.new_flows_len, 0);
	assert_int_equal(st.old_flows_len, 2);		/* A, B */

	fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.new_flow_count, 2);		/* not new */
	assert_int_equal(deq_flow(q, &dropped), 0);
	assert_int_equal(deq_flow(q, &dropped), 0);
	assert_int_equal(deq_flow(q, &dropped), 0);
	assert_int_equal(deq_flow(q, &dropped), 1);
	/* old_flows = [B (empty), A]: B leaves the lists, A is served */
	assert_int_equal(deq_flow(q, &dropped), 0);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.old_flows_len, 1);

	fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.new_flow_count, 3);
	assert_int_equal(deq_flow(q, &dropped), 1);
	assert_int_equal(dropped.qlen, 0);
	destroy(q);
}

/* ---- (6) overlimit: batch drops from the fattest flow ----------------- */

static void test_overlimit(void **state)
{
	struct fq_codel_params p;
	struct fq_codel_stats st;
	struct skb_queue dropped = { 0 };
	struct sk_buff *skb, *last;
	struct fq_codel *q;
	uint64_t first_a;
	uint32_t i;

	(void)state;
	assert_int_not_equal(flow_of(0), flow_of(1));
	assert_int_not_equal(flow_of(0), flow_of(2));
	assert_int_not_equal(flow_of(1), flow_of(2));
	fq_codel_default_params(&p, MTU);

	/* limit 100: A 80 x 1000 B, B 20 x 100 B fill it. B's 21st makes
	 * 101: A is fattest (80000), threshold 40000, so 40 of A's packets
	 * go from the head; B's flow was spared: NET_XMIT_SUCCESS */
	p.limit = 100;
	q = mkq(&p);
	first_a = next_id + 1;
	for (i = 0; i < 80; i++)
		assert_int_equal(fq_codel_enqueue(q, mk(0, 1000, 0), 0, &dropped), 0);
	for (i = 0; i < 20; i++)
		assert_int_equal(fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped), 0);
	assert_int_equal(dropped.qlen, 0);
	assert_int_equal(fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped), NET_XMIT_SUCCESS);
	assert_int_equal(dropped.qlen, 40);
	for (i = 0, skb = dropped.head; skb; skb = skb->next, i++)
		assert_true(skb->id == first_a + i);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.drop_overlimit, 40);
	assert_int_equal(st.drops, 40);
	assert_int_equal(st.drop_overmemory, 0);
	assert_int_equal(fq_codel_qlen(q), 61);
	assert_int_equal(fq_codel_backlog(q), 40 * 1000 + 21 * 100);
	free_list(&dropped);
	destroy(q);

	/* limit 200: A 190 x 100 B (19000), B 10 x 1000 (10000); A's next
	 * packet: A is fattest (19100), half is 9550 = 96 packets, capped at
	 * drop_batch_size 64; the batch is from the sender's flow: CN */
	p.limit = 200;
	q = mkq(&p);
	for (i = 0; i < 190; i++)
		fq_codel_enqueue(q, mk(0, 100, 0), 0, &dropped);
	for (i = 0; i < 10; i++)
		fq_codel_enqueue(q, mk(1, 1000, 0), 0, &dropped);
	assert_int_equal(fq_codel_enqueue(q, mk(0, 100, 0), 0, &dropped), NET_XMIT_DROP);
	assert_int_equal(dropped.qlen, 64);
	assert_int_equal(fq_codel_qlen(q), 201 - 64);
	assert_int_equal(fq_codel_backlog(q), 19100 - 6400 + 10000);
	free_list(&dropped);
	destroy(q);

	/* limit 2: the enqueued packet is the fattest flow's only one: it is
	 * the one dropped (its half, 750 bytes, is reached at once) */
	p.limit = 2;
	q = mkq(&p);
	fq_codel_enqueue(q, mk(0, 1000, 0), 0, &dropped);
	fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped);
	last = mk(2, 1500, 0);
	assert_int_equal(fq_codel_enqueue(q, last, 0, &dropped), NET_XMIT_DROP);
	assert_int_equal(dropped.qlen, 1);
	assert_ptr_equal(dropped.head, last);
	assert_int_equal(fq_codel_qlen(q), 2);
	free_list(&dropped);
	destroy(q);

	/* memory_limit 10000, truesize 2048: A 3 x 1000 B and B 1 x 100
	 * charge 8192; B's second makes 10240 > 10000. A is fattest (3000),
	 * half 1500: two packets go (1000 < 1500, 2000 >= 1500) */
	fq_codel_default_params(&p, MTU);
	p.memory_limit = 10000;
	q = mkq(&p);
	for (i = 0; i < 3; i++)
		fq_codel_enqueue(q, mk(0, 1000, 0), 0, &dropped);
	fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped);
	assert_int_equal(dropped.qlen, 0);
	assert_int_equal(fq_codel_enqueue(q, mk(1, 100, 0), 0, &dropped), NET_XMIT_SUCCESS);
	assert_int_equal(dropped.qlen, 2);
	fq_codel_get_stats(q, &st);
	assert_int_equal(st.drop_overmemory, 2);
	assert_int_equal(st.drop_overlimit, 2);
	assert_int_equal(st.memory_usage, 3 * 2048);
	free_list(&dropped);
	destroy(q);
}

/* ---- (7) determinism -------------------------------------------------- */

static uint64_t rnd_state;

static uint32_t rnd(void)
{
	rnd_state = rnd_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(rnd_state >> 33);
}

static uint64_t fnv(uint64_t h, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 1099511628211ULL;
	}
	return h;
}

/*
 * 8 flows (half ECT) arriving at random over 3 s into a 10 Mbit/s
 * bottleneck, limit 300: CoDel drops, marks and overlimit batches all
 * happen. Returns a hash of every dequeue and drop, with its time.
 */
static uint64_t workload(uint32_t perturbation, struct fq_codel_stats *st)
{
	struct fq_codel_params p;
	struct skb_queue dropped = { 0 };
	struct fq_codel *q;
	sim_time_t now = 0, next_tx = 0;
	uint64_t h = 14695981039346656037ULL, in = 0, out = 0, lost = 0;
	struct sk_buff *skb;

	rnd_state = 42;
	next_id = 0;
	fq_codel_default_params(&p, MTU);
	p.limit = 300;
	q = fq_codel_create(&p, perturbation);
	assert_non_null(q);
	while (now < 3 * PS_PER_S) {
		uint32_t f = rnd() % 8;

		now += (sim_time_t)(rnd() % 1000) * US;	/* ~ 2x the link */
		fq_codel_enqueue(q, mk(f, 64 + rnd() % 1451, f & 1 ? INET_ECN_ECT_0 : 0),
				 now, &dropped);
		in++;
		while (next_tx <= now) {
			skb = fq_codel_dequeue(q, next_tx, &dropped);
			if (!skb) {
				next_tx = now + 1;
				break;
			}
			h = fnv(fnv(fnv(h, skb->id), (uint64_t)next_tx), skb->ecn);
			next_tx += (sim_time_t)skb->len * 8 * 100000;	/* 10 Mbit/s */
			free(skb);
			out++;
		}
		for (skb = dropped.head; skb; skb = skb->next)
			h = fnv(fnv(h, ~skb->id), (uint64_t)now);
		lost += free_list(&dropped);
	}
	fq_codel_get_stats(q, st);
	assert_true(in == out + lost + fq_codel_qlen(q));
	destroy(q);
	return h;
}

static void test_determinism(void **state)
{
	struct fq_codel_stats a, b, c;
	uint64_t ha, hb, hc;

	(void)state;
	ha = workload(PERTURB, &a);
	hb = workload(PERTURB, &b);
	assert_true(ha == hb);
	assert_memory_equal(&a, &b, sizeof(a));
	assert_true(a.codel_drops > 0 && a.ecn_mark > 0 && a.drop_overlimit > 0);
	print_message("workload: %llu sent, %u CoDel drops, %u marks, "
		      "%u overlimit, hash %016llx\n",
		      (unsigned long long)a.packets, a.codel_drops, a.ecn_mark,
		      a.drop_overlimit, (unsigned long long)ha);
	/* another seed: still conserving (checked inside), may differ */
	hc = workload(PERTURB ^ 0x5a5a5a5au, &c);
	(void)hc;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_codel_drop_schedule),
		cmocka_unit_test(test_codel_resume),
		cmocka_unit_test(test_codel_no_drop),
		cmocka_unit_test(test_codel_ecn),
		cmocka_unit_test(test_drr_fairness),
		cmocka_unit_test(test_new_flow_priority),
		cmocka_unit_test(test_overlimit),
		cmocka_unit_test(test_determinism),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
