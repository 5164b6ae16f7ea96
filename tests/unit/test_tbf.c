// SPDX-License-Identifier: MIT
/*
 * Unit tests for tbf (src/net/sched/sch_tbf.c), with worked numbers.
 *
 * psched_ratecfg_precompute and psched_l2t_ns: 10 Mbit/s is 1250000 B/s,
 * mult 3355443200 with shift 22, so a 1514-byte frame costs 1514 * 800 =
 * 1211200 ns of tokens (1514 * 8 / 10e6 s = 1.2112 ms); 1 Gbit/s: 12112
 * ns (shift 28); 7 Mbit/s, not a divisor of 1e9: 1730285 ns, the
 * reciprocal's floor of 1730285.7. tc's options: burst 10 KiB at 10 Mbit/s
 * is a bucket of 8192000 ns and max_size 10240; latency 50 ms sets limit
 * = 1250000 * 0.05 + 10240 = 72740 bytes. A burst of 1514-byte frames
 * behind a 1 Gbit/s line: 6 leave at line rate (12272 ns apart, frame
 * plus preamble and gap), the 7th when the tokens reach its cost, at
 * 286400 ns (buffer + t - 7 * 1211200 = 0), then one every 1211200 ns;
 * each refused dequeue counts an overlimit and names the wake time. The
 * bfifo drops the 21st frame (21 * 1514 > 30720), max_size drops a packet
 * over the burst; a GSO skb counts its extra headers (qdisc_pkt_len) and
 * is cut when over max_size with segments that fit.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <cmocka.h>

#include "net/sched/sch_tbf.h"
#include "net/core/netdevice.h"

#define FRAME	1514u
#define LINE_NS	12272	/* (1514 + 20) * 8 bits at 1 Gbit/s */

static struct sk_buff *mk(uint32_t len)
{
	struct sk_buff *skb = calloc(1, sizeof(*skb));

	assert_non_null(skb);
	skb->len = len;
	skb->gso_segs = 1;
	return skb;
}

static uint32_t free_list(struct skb_queue *l)
{
	struct sk_buff *skb;
	uint32_t n = 0;

	while ((skb = skb_dequeue(l))) {
		free(skb);
		n++;
	}
	return n;
}

static struct tbf *mktbf(uint64_t rate_bits, uint32_t burst, uint32_t limit)
{
	struct tbf_params p;
	struct tbf *t;

	assert_int_equal(tbf_params_from_tc(&p, rate_bits, burst, limit, 0), 0);
	t = tbf_create(&p, 0);
	assert_non_null(t);
	return t;
}

static void destroy(struct tbf *t)
{
	struct skb_queue l = { 0 };

	tbf_purge(t, &l);
	free_list(&l);
	tbf_destroy(t);
}

static void test_l2t(void **state)
{
	struct psched_ratecfg r;

	(void)state;
	psched_ratecfg_precompute(&r, 10000000 / 8);
	assert_int_equal(r.rate_bytes_ps, 1250000);
	assert_int_equal(r.mult, 3355443200u);
	assert_int_equal(r.shift, 22);
	assert_int_equal(psched_l2t_ns(&r, FRAME), 1211200);
	assert_int_equal(psched_l2t_ns(&r, 64), 51200);
	psched_ratecfg_precompute(&r, 1000000000 / 8);
	assert_int_equal(r.mult, 2147483648u);
	assert_int_equal(r.shift, 28);
	assert_int_equal(psched_l2t_ns(&r, FRAME), 12112);
	psched_ratecfg_precompute(&r, 7000000 / 8);
	assert_int_equal(r.mult, 2396745142u);
	assert_int_equal(r.shift, 21);
	assert_int_equal(psched_l2t_ns(&r, FRAME), 1730285);
	psched_ratecfg_precompute(&r, 1);	/* 8 bit/s: 1514 s */
	assert_int_equal(r.shift, 2);
	assert_int_equal(psched_l2t_ns(&r, FRAME), 1514000000000ULL);
}

static void test_params(void **state)
{
	struct tbf_params p;

	(void)state;
	assert_int_equal(tbf_params_from_tc(&p, 10000000, 10240, 30720, 0), 0);
	assert_int_equal(p.buffer, 8192000);
	assert_int_equal(p.max_size, 10240);
	assert_int_equal(p.limit, 30720);
	/* latency 50 ms (50000 us): rate * latency + burst */
	assert_int_equal(tbf_params_from_tc(&p, 10000000, 10240, 0, 50000), 0);
	assert_int_equal(p.limit, 72740);
	/* tc's mandatory rate, burst, limit or latency */
	assert_int_equal(tbf_params_from_tc(&p, 0, 10240, 30720, 0), -1);
	assert_int_equal(tbf_params_from_tc(&p, 7, 10240, 30720, 0), -1);	/* 0 B/s */
	assert_int_equal(tbf_params_from_tc(&p, 10000000, 0, 30720, 0), -1);
	assert_int_equal(tbf_params_from_tc(&p, 10000000, 10240, 0, 0), -1);
}

/* 20 frames at t = 0 behind a 1 Gbit/s line: the departures */
static void test_burst_then_rate(void **state)
{
	struct tbf *t = mktbf(10000000, 10240, 30720);
	struct skb_queue dropped = { 0 };
	int64_t now = 0, dep[20], wake;
	struct tbf_stats st;
	int i, n = 0, refusals = 0;

	(void)state;
	for (i = 0; i < 20; i++)
		assert_int_equal(tbf_enqueue(t, mk(FRAME), &dropped), NET_XMIT_SUCCESS);
	tbf_get_stats(t, &st);
	assert_int_equal(st.qlen, 20);
	assert_int_equal(st.backlog, 20 * FRAME);
	while (n < 20) {
		struct sk_buff *skb = tbf_dequeue(t, now, &wake);

		if (!skb) {
			assert_true(wake > now);
			refusals++;
			now = wake;	/* the watchdog */
			continue;
		}
		free(skb);
		dep[n++] = now;
		now += LINE_NS;	/* the line is busy with it */
		assert_int_equal(tbf_check(t, (char[128]){ 0 }, 128), 0);
	}
	for (i = 0; i < 6; i++)
		assert_int_equal(dep[i], i * LINE_NS);
	assert_int_equal(dep[6], 286400);
	for (i = 7; i < 20; i++)
		assert_int_equal(dep[i] - dep[i - 1], 1211200);
	tbf_get_stats(t, &st);
	assert_int_equal(st.overlimits, refusals);
	assert_int_equal(refusals, 14);
	assert_int_equal(st.packets, 20);
	assert_int_equal(st.bytes, 20 * FRAME);
	assert_int_equal(st.qlen, 0);
	assert_int_equal(st.backlog, 0);
	assert_int_equal(st.tokens, 0);
	/* empty: no wake */
	assert_null(tbf_dequeue(t, now, &wake));
	assert_int_equal(wake, 0);
	/* idle for 1 s: the tokens stop at buffer */
	assert_int_equal(tbf_enqueue(t, mk(FRAME), &dropped), NET_XMIT_SUCCESS);
	free(tbf_dequeue(t, now + 1000000000, &wake));
	tbf_get_stats(t, &st);
	assert_int_equal(st.tokens, 8192000 - 1211200);
	destroy(t);
}

static void test_limit_and_max_size(void **state)
{
	struct tbf *t = mktbf(10000000, 10240, 30720);
	struct skb_queue dropped = { 0 };
	struct sk_buff *big = mk(10241);
	struct tbf_stats st;
	int i;

	(void)state;
	for (i = 0; i < 20; i++)
		assert_int_equal(tbf_enqueue(t, mk(FRAME), &dropped), NET_XMIT_SUCCESS);
	assert_int_equal(tbf_enqueue(t, mk(FRAME), &dropped), NET_XMIT_DROP);
	/* 30280 + 440 = 30720: exactly the limit still fits */
	assert_int_equal(tbf_enqueue(t, mk(440), &dropped), NET_XMIT_SUCCESS);
	assert_int_equal(tbf_enqueue(t, mk(1), &dropped), NET_XMIT_DROP);
	tbf_get_stats(t, &st);
	assert_int_equal(st.backlog, 30720);
	assert_int_equal(st.drops, 2);
	assert_int_equal(free_list(&dropped), 2);
	destroy(t);

	t = mktbf(10000000, 10240, 100000);
	assert_false(tbf_wants_segments(t, big));
	assert_int_equal(tbf_enqueue(t, big, &dropped), NET_XMIT_DROP);
	assert_ptr_equal(dropped.head, big);
	assert_int_equal(tbf_enqueue(t, mk(10240), &dropped), NET_XMIT_SUCCESS);
	free_list(&dropped);
	destroy(t);
}

static void test_gso(void **state)
{
	struct tbf *t = mktbf(10000000, 10240, 100000);
	struct sk_buff *two = mk(66 + 2 * 1448), *ten = mk(66 + 10 * 1448);
	struct sk_buff *fat;
	int64_t wake;

	(void)state;
	two->gso_segs = 2;
	two->gso_size = 1448;
	two->payload_len = 2 * 1448;
	ten->gso_segs = 10;
	ten->gso_size = 1448;
	ten->payload_len = 10 * 1448;
	/* qdisc_pkt_len: one header per extra segment */
	assert_int_equal(tbf_pkt_len(two), 2 * 1514);
	assert_int_equal(tbf_pkt_len(ten), 10 * 1514);
	assert_false(tbf_wants_segments(t, two));
	assert_true(tbf_wants_segments(t, ten));
	/* segments longer than max_size: dropped whole */
	fat = mk(66 + 2 * 11000);
	fat->gso_segs = 2;
	fat->gso_size = 11000;
	fat->payload_len = 2 * 11000;
	assert_false(tbf_wants_segments(t, fat));
	free(fat);
	/* the GSO skb costs its two frames' tokens */
	assert_int_equal(tbf_enqueue(t, two, &(struct skb_queue){ 0 }), NET_XMIT_SUCCESS);
	assert_ptr_equal(tbf_dequeue(t, 0, &wake), two);
	{
		struct tbf_stats st;

		tbf_get_stats(t, &st);
		assert_int_equal(st.tokens, 8192000 - 2 * 1211200);
		assert_int_equal(st.packets, 2);
		assert_int_equal(st.bytes, 2 * 1514);
	}
	free(two);
	free(ten);
	destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_l2t),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_burst_then_rate),
		cmocka_unit_test(test_limit_and_max_size),
		cmocka_unit_test(test_gso),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
