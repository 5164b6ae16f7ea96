// SPDX-License-Identifier: MIT
/*
 * Unit tests for BBR v1 (src/net/ipv4/tcp_bbr.c), EDT pacing
 * (tcp_update_skb_after_send, tcp_output.c) and delivery rate sampling
 * (tcp_rate.c), with worked numbers:
 *  - bw 0.01 pkt/us (167772 in pkts/us << 24) x min_rtt 10 ms: BDP
 *    ceil(99.99995) = 100 at gain 1, 200 at the cwnd gain 2, 289 at the
 *    high gain 2.89; inflight = BDP + 3 TSO quanta (2 segments each below
 *    1.2 Mbit/s x ... here 10 Mbit/s >> 10 < one MSS: 2) = 106;
 *  - pacing rate 10000 pkt/s x 1448 B x 0.99 = 14335186 B/s;
 *  - the PROBE_BW gain table (5/4, 3/4, 1 x 6) and its random start,
 *    never in the 3/4 phase;
 *  - full bandwidth after 3 rounds growing less than 25 % (not after 2);
 *  - PROBE_RTT after 10 s without a lower RTT (not at 9.9 s), cwnd 4;
 *  - tcp_update_skb_after_send: 1448 B at 1.25 MB/s is 1158400 ns, less
 *    up to half of it as credit; nothing when unpaced or within the first
 *    10 segments;
 *  - tcp_rate_gen: 10 segments over max(send 5 ms, ACK 11 ms) is a valid
 *    sample above a 10 ms min_rtt, invalid below a 20 ms one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "net/ipv4/tcp_internal.h"

#define BW_1PCT	167772u		/* 0.01 pkt/us << 24 */

static struct sock sk;
static struct rng rng;

static void bbr_setup(struct tcp_cc *cc)
{
	memset(&sk, 0, sizeof(sk));
	sk.sk_pacing_shift = 10;
	tcp_cc_init(cc, &tcp_bbr_ops, 10, 1448, 1000);
	cc->sk = &sk;
	cc->rng = &rng;
	cc->gso_max_size = 65536 - 1 - 320;
	cc->min_rtt_us = 10000;
	cc->srtt_us = 10000 << 3;
	cc->now = 0;
	rng_stream(&rng, 1, "test.bbr");
	tcp_bbr_ops.init_established(cc);
}

static void test_bbr_init(void **state)
{
	struct tcp_cc cc;

	(void)state;
	bbr_setup(&cc);
	/* NONE -> NEEDED; high_gain x 10 / 10 ms: 1000 pkt/s x 2.89 x 1448 x 0.99 */
	assert_int_equal(sk.sk_pacing_status, SK_PACING_NEEDED);
	assert_true(sk.sk_pacing_rate > 4100000 && sk.sk_pacing_rate < 4150000);
	assert_int_equal(cc.priv.bbr.mode, 0);	/* STARTUP */
	assert_int_equal(cc.snd_ssthresh, TCP_INFINITE_SSTHRESH);
}

static void test_bbr_bdp_and_rate(void **state)
{
	struct tcp_cc cc;

	(void)state;
	bbr_setup(&cc);
	assert_int_equal(bbr_bdp(&cc, BW_1PCT, 256), 100);
	assert_int_equal(bbr_bdp(&cc, BW_1PCT, 512), 200);
	assert_int_equal(bbr_bdp(&cc, BW_1PCT, 256 * 2885 / 1000 + 1), 289);
	sk.sk_pacing_rate = 1250000;	/* >> 10 = 1220 B: under an MSS, min_tso 2 */
	assert_int_equal(bbr_tso_segs_goal(&cc), 2);
	assert_int_equal(bbr_inflight(&cc, BW_1PCT, 256), 106);
	sk.sk_pacing_rate = 100000;	/* below 1.2 Mbit/s: min_tso 1 */
	assert_int_equal(bbr_tso_segs_goal(&cc), 1);
	assert_int_equal(bbr_bw_to_pacing_rate(&cc, BW_1PCT, 256), 14335186);
	/* no RTT sample yet: TCP_INIT_CWND */
	cc.priv.bbr.min_rtt_us = ~0U;
	assert_int_equal(bbr_bdp(&cc, BW_1PCT, 512), 10);
}

/* One ACK that ends a round, bw samples of `bw`: delivered `n` more. */
static void round_ack(struct tcp_cc *cc, uint32_t bw, uint64_t now_us)
{
	struct rate_sample rs = { .rtt_us = 10000, .prior_mstamp = 1 };
	uint32_t n = 100;

	rs.prior_delivered = cc->delivered;
	cc->delivered += n;
	rs.delivered = (int32_t)n;
	rs.acked_sacked = n;
	rs.interval_us = (int64_t)((uint64_t)n * (1u << 24) / bw);
	cc->delivered_mstamp = now_us;
	cc->now = (sim_time_t)now_us * PS_PER_US;
	tcp_bbr_ops.cong_control(cc, &rs);
}

static void test_bbr_full_bw(void **state)
{
	struct tcp_cc cc;
	uint64_t t = 20000;

	(void)state;
	bbr_setup(&cc);
	round_ack(&cc, BW_1PCT, t += 10000);	/* the first: full_bw = bw */
	round_ack(&cc, BW_1PCT * 6 / 5, t += 10000);	/* +20 %: cnt 1 */
	round_ack(&cc, BW_1PCT * 6 / 5, t += 10000);	/* cnt 2 */
	assert_false(cc.priv.bbr.full_bw_reached);
	assert_int_equal(cc.priv.bbr.mode, 0);
	round_ack(&cc, BW_1PCT * 6 / 5, t += 10000);	/* cnt 3: full */
	assert_true(cc.priv.bbr.full_bw_reached);
	/* DRAIN, left at once with nothing in flight, for PROBE_BW */
	assert_int_equal(cc.priv.bbr.mode, 2);
	assert_int_not_equal(cc.priv.bbr.cycle_idx, 1);
	/* a 25 % rise resets the count */
	bbr_setup(&cc);
	round_ack(&cc, BW_1PCT, t += 10000);
	round_ack(&cc, BW_1PCT, t += 10000);
	round_ack(&cc, BW_1PCT * 5 / 4 + 1, t += 10000);
	round_ack(&cc, BW_1PCT * 5 / 4 + 1, t += 10000);
	assert_int_equal(cc.priv.bbr.full_bw_cnt, 1);
}

static void test_bbr_gain_cycle(void **state)
{
	static const uint32_t gains[8] = { 320, 192, 256, 256, 256, 256, 256, 256 };
	struct tcp_cc cc;
	uint64_t t = 20000;
	int i, seen[8] = { 0 };

	(void)state;
	for (i = 0; i < 40; i++) {
		bbr_setup(&cc);
		rng_stream(&rng, (uint64_t)i + 7, "test.bbr");
		round_ack(&cc, BW_1PCT, t += 10000);
		round_ack(&cc, BW_1PCT, t += 10000);
		round_ack(&cc, BW_1PCT, t += 10000);
		round_ack(&cc, BW_1PCT, t += 10000);
		assert_int_equal(cc.priv.bbr.mode, 2);
		assert_int_equal(cc.priv.bbr.pacing_gain, gains[cc.priv.bbr.cycle_idx]);
		assert_int_equal(cc.priv.bbr.cwnd_gain, 512);
		seen[cc.priv.bbr.cycle_idx]++;
	}
	assert_int_equal(seen[1], 0);	/* never starts draining */
	for (i = 0; i < 8; i++)
		if (i != 1)
			assert_true(seen[i] > 0);
}

static void test_bbr_probe_rtt(void **state)
{
	struct tcp_cc cc;
	uint64_t t = 20000;
	struct rate_sample rs = { .rtt_us = 20000, .delivered = -1, .interval_us = -1 };

	(void)state;
	bbr_setup(&cc);
	cc.snd_cwnd = 100;
	cc.in_flight = 50;
	round_ack(&cc, BW_1PCT, t);
	cc.now = (sim_time_t)9900 * PS_PER_MS;	/* 9.9 s: the 10 ms min stands */
	tcp_bbr_ops.cong_control(&cc, &rs);
	assert_int_not_equal(cc.priv.bbr.mode, 3);
	assert_int_equal(cc.priv.bbr.min_rtt_us, 10000);
	cc.now = (sim_time_t)10100 * PS_PER_MS;	/* expired: PROBE_RTT */
	rs.acked_sacked = 1;
	tcp_bbr_ops.cong_control(&cc, &rs);
	assert_int_equal(cc.priv.bbr.mode, 3);
	assert_int_equal(cc.priv.bbr.min_rtt_us, 20000);	/* the expired filter takes it */
	assert_int_equal(cc.snd_cwnd, 4);
	assert_int_equal(cc.priv.bbr.pacing_gain, 256);
}

static void test_edt_after_send(void **state)
{
	static struct tcp_sock tp;

	(void)state;
	memset(&tp, 0, sizeof(tp));
	tp.sk.sk_pacing_rate = 1250000;
	tp.sk.sk_pacing_status = SK_PACING_NEEDED;
	tp.segs_out = 10;
	tp.tcp_wstamp_ns = 1000000;
	tcp_update_skb_after_send(&tp, 1448, 1000000);
	assert_int_equal(tp.tcp_wstamp_ns, 1000000 + 1158400);
	tp.tcp_wstamp_ns = 1000000;	/* raised by 400 us of idle: credit */
	tcp_update_skb_after_send(&tp, 1448, 600000);
	assert_int_equal(tp.tcp_wstamp_ns, 1000000 + 1158400 - 400000);
	tp.tcp_wstamp_ns = 1000000;	/* credit above half: half is paid */
	tcp_update_skb_after_send(&tp, 1448, 0);
	assert_int_equal(tp.tcp_wstamp_ns, 1000000 + 579200);
	tp.tcp_wstamp_ns = 1000000;
	tp.segs_out = 9;		/* the first 10 segments go unpaced */
	tcp_update_skb_after_send(&tp, 1448, 1000000);
	assert_int_equal(tp.tcp_wstamp_ns, 1000000);
	tp.segs_out = 10;
	tp.sk.sk_pacing_status = SK_PACING_NONE;
	tcp_update_skb_after_send(&tp, 1448, 1000000);
	assert_int_equal(tp.tcp_wstamp_ns, 1000000);
	tp.sk.sk_pacing_status = SK_PACING_FQ;	/* fq paces: the stamp still advances */
	tcp_update_skb_after_send(&tp, 1448, 1000000);
	assert_int_equal(tp.tcp_wstamp_ns, 1000000 + 1158400);
}

static void test_rate_sample(void **state)
{
	static struct tcp_sock tp;
	static struct sk_buff skb;
	struct rate_sample rs;

	(void)state;
	memset(&tp, 0, sizeof(tp));
	memset(&rs, 0, sizeof(rs));
	memset(&skb, 0, sizeof(skb));
	/* an skb sent at 6 ms, when 10 were delivered (last at 1 ms) and the
	 * newest delivered had been sent at 1 ms */
	skb.tsval = 6 * PS_PER_MS;
	skb.end_seq = 1448;
	skb.tx_delivered = 10;
	skb.tx_delivered_mstamp = 1000;
	skb.tx_first_tx_mstamp = 1000;
	tcp_rate_skb_delivered(&tp, &skb, &rs);
	assert_int_equal(rs.prior_delivered, 10);
	assert_int_equal(rs.interval_us, 5000);	/* send phase */
	assert_int_equal(tp.first_tx_mstamp, 6000);
	tp.delivered = 20;
	tp.min_rtt = 10 * PS_PER_MS;
	tcp_rate_gen(&tp, 10, 0, 12000, &rs);
	assert_int_equal(rs.delivered, 10);
	assert_int_equal(rs.interval_us, 11000);	/* the ACK phase, longer */
	assert_int_equal(tp.delivered_mstamp, 12000);
	assert_int_equal(tp.rate_delivered, 10);
	assert_int_equal(tp.rate_interval_us, 11000);
	/* shorter than min_rtt: no sample */
	memset(&rs, 0, sizeof(rs));
	skb.tx_delivered_mstamp = 1000;
	tcp_rate_skb_delivered(&tp, &skb, &rs);
	tp.min_rtt = 20 * PS_PER_MS;
	tcp_rate_gen(&tp, 10, 0, 12000, &rs);
	assert_int_equal(rs.interval_us, -1);
	/* no timing yet */
	memset(&rs, 0, sizeof(rs));
	tcp_rate_gen(&tp, 0, 0, 12000, &rs);
	assert_int_equal(rs.delivered, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bbr_init),
		cmocka_unit_test(test_bbr_bdp_and_rate),
		cmocka_unit_test(test_bbr_full_bw),
		cmocka_unit_test(test_bbr_gain_cycle),
		cmocka_unit_test(test_bbr_probe_rtt),
		cmocka_unit_test(test_edt_after_send),
		cmocka_unit_test(test_rate_sample),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
