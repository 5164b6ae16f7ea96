// SPDX-License-Identifier: MIT
/*
 * Unit tests for fq (src/net/sched/sch_fq.c), with worked numbers. A
 * device of mtu 1500: psched_mtu 1514, quantum 3028, initial_quantum
 * 15140.
 *
 * Round robin: flow A (1000-byte packets) and flow B (300-byte) with
 * quantum = initial_quantum = 2000, both new: A sends 2 (credit 0), goes
 * to old_flows with 2000; B sends 7 (2000 - 7 * 300 = -100), goes to old
 * with 1900; A 2; B its last 3 and leaves; then A 2 per turn.
 * The fast path: with nothing else queued, up to 8 skbs due now wait in
 * q->internal; one socket's 109 packets at once: 8 there, 100 in its flow
 * (flow_limit), the 109th dropped.
 * Pacing from the rate: sk_pacing_rate 1250000 B/s (maxrate 2500000):
 * the first 10 packets of 1514 bytes spend initial_quantum unpaced, then
 * each credit refill of one quantum (2 packets) waits max(1514, 3028) /
 * 1250000 s = 2422400 ns. Below low_rate_threshold (68750 B/s), each
 * packet waits len / rate: 1000 B at 50000 B/s = 20 ms.
 * EDT: an skb with tstamp 5 ms leaves at 5 ms (its flow throttled until
 * then, the watchdog asked for 5 ms); one past the 10 s horizon is
 * dropped (horizon_drop) or capped to now + 10 s.
 * Bands: priority 6 -> band 0, 0 -> band 1, 1 -> band 2 (tc's default
 * priomap); 64 KiB skbs in all three, weights 589824, 196608, 65536. A
 * new flow joins new_flows of the band it last had (fq_enqueue adds it
 * before setting f->band; 0 for a new flow), so the first round is band
 * 0's: A, B, C one each, then A's until band 0's 9 skbs are spent; from
 * then on each flow is in its own band: B 3, C 1, A 9, B 3, C 1.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include "net/sched/sch_fq.h"
#include "net/core/netdevice.h"
#include "net/core/sock.h"

#define MTU_HH	1514u
#define HZ	250

static struct sock sk_a, sk_b, sk_c;

static struct sk_buff *mk(struct sock *sk, uint32_t len)
{
	struct sk_buff *skb = calloc(1, sizeof(*skb));

	assert_non_null(skb);
	skb->len = len;
	skb->gso_segs = 1;
	skb->sk = sk;
	return skb;
}

static void socks_init(void)
{
	struct sock *s[] = { &sk_a, &sk_b, &sk_c };
	int i;

	for (i = 0; i < 3; i++) {
		memset(s[i], 0, sizeof(*s[i]));
		s[i]->connected = true;
		s[i]->sk_hash = 0x1000u * (uint32_t)(i + 1);
		s[i]->sk_pacing_rate = ~0ULL;
	}
}

static struct fq_sched *mkfq(const struct fq_params *p)
{
	struct fq_sched *q = fq_create(p, HZ, 1);

	assert_non_null(q);
	socks_init();
	return q;
}

static void destroy(struct fq_sched *q)
{
	struct skb_queue l = { 0 };
	struct sk_buff *skb;
	char msg[256];

	assert_int_equal(fq_check(q, msg, sizeof(msg)), 0);
	fq_purge(q, &l);
	while ((skb = skb_dequeue(&l)))
		free(skb);
	fq_destroy(q);
}

/* dequeue at now: the skb's socket, freed; NULL if none */
static struct sock *deq(struct fq_sched *q, int64_t now, int64_t *wake)
{
	struct sk_buff *skb = fq_dequeue(q, now, wake);
	struct sock *sk;

	if (!skb)
		return NULL;
	sk = skb->sk;
	free(skb);
	return sk;
}

static void test_defaults(void **state)
{
	struct fq_params p;

	(void)state;
	fq_default_params(&p, MTU_HH);
	assert_int_equal(p.quantum, 3028);
	assert_int_equal(p.initial_quantum, 15140);
	assert_int_equal(p.limit, 10000);
	assert_int_equal(p.flow_plimit, 100);
	assert_int_equal(p.low_rate_threshold, 68750);
	assert_true(p.horizon == 10000000000ULL && p.horizon_drop);
	p.quantum = 0;
	assert_null(fq_create(&p, HZ, 1));
	p.quantum = (1u << 20) + 1;
	assert_null(fq_create(&p, HZ, 1));
}

/* maxrate set: fq_fastpath_check refuses every skb; pacing off */
static void no_fastpath_no_pacing(struct fq_params *p)
{
	p->flow_max_rate = 1;
	p->rate_enable = false;
}

static void test_round_robin(void **state)
{
	const char *want = "AABBBBBBBAABBBAAAAAA";
	struct fq_params p;
	struct fq_sched *q;
	int64_t wake;
	int i;

	(void)state;
	fq_default_params(&p, MTU_HH);
	no_fastpath_no_pacing(&p);
	p.quantum = p.initial_quantum = 2000;
	q = mkfq(&p);
	for (i = 0; i < 10; i++)
		assert_int_equal(fq_enqueue(q, mk(&sk_a, 1000), 0), NET_XMIT_SUCCESS);
	for (i = 0; i < 10; i++)
		assert_int_equal(fq_enqueue(q, mk(&sk_b, 300), 0), NET_XMIT_SUCCESS);
	for (i = 0; want[i]; i++)
		assert_ptr_equal(deq(q, 0, &wake), want[i] == 'A' ? &sk_a : &sk_b);
	assert_null(deq(q, 0, &wake));
	assert_int_equal(wake, 0);
	assert_int_equal(sk_a.sk_pacing_status, SK_PACING_NONE);	/* nopacing */
	destroy(q);
}

static void test_flow_limit_and_fastpath(void **state)
{
	struct fq_params p;
	struct fq_sched *q;
	struct fq_stats st;
	struct sk_buff *skb;
	int i, ok = 0;

	(void)state;
	fq_default_params(&p, MTU_HH);
	q = mkfq(&p);
	for (i = 0; i < 109; i++) {
		skb = mk(&sk_a, 1514);
		if (fq_enqueue(q, skb, 0) == NET_XMIT_SUCCESS)
			ok++;
		else
			free(skb);
	}
	fq_get_stats(q, &st);
	assert_int_equal(ok, 108);
	assert_int_equal(st.fastpath_packets, 8);
	assert_int_equal(st.flows_plimit, 1);
	assert_int_equal(st.drops, 1);
	assert_int_equal(st.flows, 1);
	assert_int_equal(st.qlen, 108);
	assert_int_equal(sk_a.sk_pacing_status, SK_PACING_FQ);	/* fq_classify */
	destroy(q);
}

static void test_pacing_rate(void **state)
{
	struct fq_params p;
	struct fq_sched *q;
	struct fq_stats st;
	int64_t wake;
	int i;

	(void)state;
	fq_default_params(&p, MTU_HH);
	p.flow_max_rate = 2500000;
	q = mkfq(&p);
	sk_a.sk_pacing_rate = 1250000;
	for (i = 0; i < 13; i++)
		fq_enqueue(q, mk(&sk_a, 1514), 0);
	for (i = 0; i < 10; i++)
		assert_ptr_equal(deq(q, 0, &wake), &sk_a);
	assert_null(deq(q, 0, &wake));
	assert_int_equal(wake, 2422400);
	fq_get_stats(q, &st);
	assert_int_equal(st.throttled_flows, 1);
	assert_null(deq(q, 2422399, &wake));
	assert_ptr_equal(deq(q, 2422400, &wake), &sk_a);
	assert_ptr_equal(deq(q, 2422400, &wake), &sk_a);
	assert_null(deq(q, 2422400, &wake));
	assert_int_equal(wake, 4844800);
	assert_ptr_equal(deq(q, 4844800, &wake), &sk_a);
	fq_get_stats(q, &st);
	assert_int_equal(st.throttled, 2);
	assert_int_equal(st.qlen, 0);
	destroy(q);
}

static void test_pacing_low_rate(void **state)
{
	struct fq_params p;
	struct fq_sched *q;
	int64_t wake;

	(void)state;
	fq_default_params(&p, MTU_HH);
	p.flow_max_rate = 2500000;
	q = mkfq(&p);
	sk_a.sk_pacing_rate = 50000;	/* <= low_rate_threshold */
	fq_enqueue(q, mk(&sk_a, 1000), 0);
	fq_enqueue(q, mk(&sk_a, 1000), 0);
	assert_ptr_equal(deq(q, 0, &wake), &sk_a);
	assert_null(deq(q, 0, &wake));
	assert_int_equal(wake, 20000000);	/* 1000 / 50000 s */
	assert_ptr_equal(deq(q, 20000000, &wake), &sk_a);
	destroy(q);
}

static void test_edt(void **state)
{
	struct fq_params p;
	struct fq_sched *q;
	struct sk_buff *skb;
	struct fq_stats st;
	int64_t wake;

	(void)state;
	fq_default_params(&p, MTU_HH);
	q = mkfq(&p);
	skb = mk(&sk_a, 1514);
	skb->tstamp = 5000000;
	assert_int_equal(fq_enqueue(q, skb, 1000), NET_XMIT_SUCCESS);
	assert_null(deq(q, 1000, &wake));
	assert_int_equal(wake, 5000000);
	assert_null(deq(q, 4999999, &wake));
	assert_ptr_equal(deq(q, 5000000, &wake), &sk_a);
	fq_get_stats(q, &st);
	assert_int_equal(st.fastpath_packets, 0);	/* not due: no fast path */
	assert_int_equal(st.throttled, 1);

	skb = mk(&sk_b, 1514);	/* past the horizon: dropped */
	skb->tstamp = 10000000001ULL + 6000000;
	assert_int_equal(fq_enqueue(q, skb, 6000000), NET_XMIT_DROP);
	free(skb);
	fq_get_stats(q, &st);
	assert_int_equal(st.horizon_drops, 1);
	destroy(q);

	p.horizon_drop = false;	/* capped */
	q = mkfq(&p);
	skb = mk(&sk_b, 1514);
	skb->tstamp = 20000000000ULL;
	assert_int_equal(fq_enqueue(q, skb, 1000), NET_XMIT_SUCCESS);
	assert_int_equal(skb->tstamp, 10000001000ULL);
	fq_get_stats(q, &st);
	assert_int_equal(st.horizon_caps, 1);
	assert_null(deq(q, 1000, &wake));
	assert_int_equal(wake, 10000001000LL);
	destroy(q);
}

static void test_bands(void **state)
{
	const char *want = "012" "000000" "111" "2" "000000000" "111" "2";
	struct sock *by_band[3] = { &sk_a, &sk_b, &sk_c };
	uint32_t prio[3] = { 6, 0, 1 };	/* TC_PRIO_INTERACTIVE, BESTEFFORT, FILLER */
	struct fq_params p;
	struct fq_sched *q;
	int64_t wake;
	int b, i;

	(void)state;
	fq_default_params(&p, MTU_HH);
	no_fastpath_no_pacing(&p);
	q = mkfq(&p);
	for (b = 0; b < 3; b++)
		for (i = 0; i < 30; i++) {
			struct sk_buff *skb = mk(by_band[b], 65536);

			skb->priority = prio[b];
			assert_int_equal(fq_band_of(q, skb), b);
			fq_enqueue(q, skb, 0);
		}
	for (i = 0; want[i]; i++)
		assert_ptr_equal(deq(q, 0, &wake), by_band[want[i] - '0']);
	destroy(q);
}

static void test_band_limit(void **state)
{
	struct fq_params p;
	struct fq_sched *q;
	struct sk_buff *skb;
	struct fq_stats st;

	(void)state;
	fq_default_params(&p, MTU_HH);
	no_fastpath_no_pacing(&p);
	p.limit = 2;	/* per band */
	q = mkfq(&p);
	fq_enqueue(q, mk(&sk_a, 100), 0);
	fq_enqueue(q, mk(&sk_b, 100), 0);
	skb = mk(&sk_c, 100);
	assert_int_equal(fq_enqueue(q, skb, 0), NET_XMIT_DROP);
	free(skb);
	skb = mk(&sk_c, 100);
	skb->priority = 6;	/* band 0 has room */
	assert_int_equal(fq_enqueue(q, skb, 0), NET_XMIT_SUCCESS);
	fq_get_stats(q, &st);
	assert_int_equal(st.band_drops[1], 1);
	destroy(q);
}

/* a flow detached for more than 3 s is freed when its bucket is searched */
static void test_gc(void **state)
{
	struct fq_params p;
	struct fq_sched *q;
	struct fq_stats st;
	struct sk_buff *skb;
	int64_t wake;

	(void)state;
	fq_default_params(&p, MTU_HH);
	no_fastpath_no_pacing(&p);
	q = mkfq(&p);
	sk_b.sk_hash = sk_a.sk_hash;	/* one bucket */
	fq_enqueue(q, mk(&sk_a, 100), 0);
	skb = mk(&sk_c, 100);
	skb->tstamp = 1000000;
	fq_enqueue(q, skb, 0);
	assert_ptr_equal(deq(q, 0, &wake), &sk_a);
	/* A: new -> old -> detached at jiffy 0 (age 1); C throttled */
	assert_null(deq(q, 0, &wake));
	assert_ptr_equal(deq(q, 1000000, &wake), &sk_c);
	fq_get_stats(q, &st);
	assert_int_equal(st.flows, 2);
	assert_int_equal(st.inactive_flows, 2);
	fq_enqueue(q, mk(&sk_b, 100), 3000000000LL);	/* jiffy 750: not after 751 */
	fq_get_stats(q, &st);
	assert_int_equal(st.gc_flows, 0);
	assert_int_equal(st.flows, 3);
	fq_enqueue(q, mk(&sk_b, 100), 3008000000LL);	/* jiffy 752 */
	fq_get_stats(q, &st);
	assert_int_equal(st.gc_flows, 1);
	assert_int_equal(st.flows, 2);
	destroy(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_round_robin),
		cmocka_unit_test(test_flow_limit_and_fastpath),
		cmocka_unit_test(test_pacing_rate),
		cmocka_unit_test(test_pacing_low_rate),
		cmocka_unit_test(test_edt),
		cmocka_unit_test(test_bands),
		cmocka_unit_test(test_band_limit),
		cmocka_unit_test(test_gc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
