// SPDX-License-Identifier: MIT
/*
 * Unit tests for Reno and CUBIC (src/net/ipv4/tcp_cong.c, tcp_cubic.c).
 *
 * Checks, with worked numbers: the registry and initial state; the jiffies
 * clock (INITIAL_JIFFIES, HZ 100/250/300/1000 and the 1 MHz clock); the
 * integer cube root against exact values and the real cube root; Reno slow
 * start doubling per RTT, +1 per cwnd acked in congestion avoidance,
 * stretch ACKs, the leftover from slow start, the clamp and
 * non-cwnd-limited ACKs; Reno ssthresh max(cwnd/2, 2); CUBIC ssthresh
 * max(cwnd * 717/1024, 2) and fast convergence; after a loss at cwnd 100,
 * K = cbrt(30 / 0.4) s = 4.217 s, cwnd on W(t) = 0.4 (t - K)^3 + 100,
 * ~Wmax at K, concave before and convex after, at HZ 1000, 100 and the
 * 1 MHz clock; TCP friendliness at RTT 1 ms (Reno estimate grows 8/15
 * packet per RTT); delay_min tracking and the 1 s discard after an epoch
 * starts; HyStart exit by ACK train (with and without the pacing cushion)
 * and by delay increase (at the 4 ms and 16 ms clamps and in between),
 * none below hystart_low_window or outside slow start; the reset on
 * TCP_CA_Loss; the idle shift of the epoch on CA_EVENT_TX_START. The 3.x
 * rules: slow start one packet per ACK (3.12) or up to ssthresh + 1
 * (3.13), cwnd == ssthresh still slow start, avoidance counting ACKs,
 * CUBIC's delayed-ACK ratio (EWMA, Open state only, limit 32 << 4) and
 * its cnt scaled by it (cwnd 100 grows after 11 ACKs of 2 packets, 6 of
 * 4), no TX_START shift.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <math.h>
#include <cmocka.h>

#include "net/ipv4/tcp_cong.h"

/* ---- helpers ---------------------------------------------------------- */

/*
 * One RTT of a window-limited flow: cwnd packets, each acked by its own
 * ACK, spread evenly over the RTT; every ACK carries an RTT sample.
 */
static void ack_round(struct tcp_cc *cc, sim_time_t *t, sim_time_t rtt)
{
	uint32_t n = cc->snd_cwnd, i;
	sim_time_t t0 = *t;

	for (i = 0; i < n; i++) {
		sim_time_t now = t0 + rtt * (sim_time_t)(i + 1) / n;

		cc->snd_una++;
		cc->snd_nxt = cc->snd_una + cc->snd_cwnd;
		if (cc->ops->pkts_acked)
			cc->ops->pkts_acked(cc, 1, rtt, now, n);
		cc->ops->cong_avoid(cc, 1, true, now);
	}
	*t = t0 + rtt;
}

/* A CUBIC flow in congestion avoidance at cwnd 100 that sees a loss. */
static sim_time_t cubic_loss_at_100(struct tcp_cc *cc, int hz, sim_time_t rtt)
{
	sim_time_t t = PS_PER_S;

	tcp_cc_init(cc, &tcp_cubic_ops, 100, 1448, hz);
	cc->snd_ssthresh = 100;
	ack_round(cc, &t, rtt);		/* learns delay_min */
	cc->snd_cwnd = 100;
	cc->now = t;
	cc->snd_ssthresh = cc->ops->ssthresh(cc);
	cc->snd_cwnd = cc->snd_ssthresh;	/* recovery done */
	return t;
}

static double cubic_model(double t)
{
	double k = cbrt(30.0 / 0.4);

	return 0.4 * pow(t - k, 3) + 100.0;
}

/* ---- registry, init, clock ------------------------------------------- */

static void test_find_and_init(void **state)
{
	struct tcp_cc cc;

	(void)state;
	assert_ptr_equal(tcp_cc_find("reno"), &tcp_reno_ops);
	assert_ptr_equal(tcp_cc_find("cubic"), &tcp_cubic_ops);
	assert_ptr_equal(tcp_cc_find("bbr"), &tcp_bbr_ops);
	assert_null(tcp_cc_find("vegas"));
	assert_null(tcp_cc_find(NULL));

	tcp_cc_init(&cc, &tcp_cubic_ops, 10, 1448, 250);
	assert_int_equal(cc.snd_cwnd, 10);
	assert_int_equal(cc.snd_ssthresh, 0x7fffffff);
	assert_int_equal(cc.snd_cwnd_clamp, 0xffffffffU);
	assert_int_equal(cc.snd_cwnd_cnt, 0);
	assert_int_equal(cc.mss, 1448);
	assert_int_equal(cc.hz, 250);
	assert_int_equal(cc.priv.cubic.curr_rtt, 0xffffffffU);
	assert_int_equal(cc.priv.cubic.epoch_start, 0);
	assert_int_equal(cc.priv.cubic.last_max_cwnd, 0);
	assert_true(tcp_cc_in_slow_start(&cc));
}

static void test_jiffies_clock(void **state)
{
	struct tcp_cc cc;

	(void)state;
	tcp_cc_init(&cc, &tcp_reno_ops, 10, 1448, 1000);
	assert_int_equal(tcp_cc_jiffies(&cc, 0), 4294967296ULL - 300000);
	assert_int_equal(tcp_cc_jiffies(&cc, PS_PER_S), 4294967296ULL - 299000);
	assert_int_equal(tcp_cc_jiffies(&cc, 300 * PS_PER_S), 0);
	cc.hz = 250;		/* 4 ms per jiffy */
	assert_int_equal(tcp_cc_jiffies(&cc, 4 * PS_PER_MS - 1) -
			 tcp_cc_jiffies(&cc, 0), 0);
	assert_int_equal(tcp_cc_jiffies(&cc, 4 * PS_PER_MS) -
			 tcp_cc_jiffies(&cc, 0), 1);
	cc.hz = 300;		/* not a divisor of 1 s in ps */
	assert_int_equal(tcp_cc_jiffies(&cc, 10 * PS_PER_MS) -
			 tcp_cc_jiffies(&cc, 0), 3);
	assert_int_equal(tcp_cc_jiffies(&cc, 1000 * PS_PER_S) -
			 tcp_cc_jiffies(&cc, 0), 300000);
	cc.hz = 0;		/* 1 MHz */
	assert_int_equal(tcp_cc_jiffies(&cc, 0), 4294967296ULL - 300000000);
	assert_int_equal(tcp_cc_jiffies(&cc, 7 * PS_PER_US + 999999) -
			 tcp_cc_jiffies(&cc, 0), 7);
}

/* ---- cube root -------------------------------------------------------- */

static void test_cubic_root_values(void **state)
{
	/* outputs of the kernel's cubic_root, checked equal to it (over
	 * 18.5 million inputs) when this test was written */
	static const struct { uint64_t a; uint32_t r; } v[] = {
		{ 0, 0 }, { 1, 1 }, { 7, 2 }, { 8, 2 }, { 27, 3 }, { 63, 4 },
		{ 64, 4 }, { 100, 5 }, { 125, 5 }, { 1000, 10 },
		{ 4096, 16 }, { 32768, 32 }, { 1000000, 100 },
		{ 1ULL << 30, 1024 }, { 27000000000ULL, 3001 },
		{ 80452070310ULL, 4316 },	/* cube_factor * 30 */
		{ 1ULL << 60, 1049071 }, { ~0ULL, 2641850 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		assert_int_equal(tcp_cubic_root(v[i].a), v[i].r);
}

static void test_cubic_root_error(void **state)
{
	uint64_t a, d;

	(void)state;
	/* everywhere: within 1 + 1/128 of the real cube root */
	for (a = 1; a && a < (1ULL << 63); a += a / 4099 + 1) {
		double e = (double)cbrtl((long double)a);
		double x = tcp_cubic_root(a);

		assert_true(fabs(x - e) <= 1.0 + e / 128.0);
	}
	/* where K lives, 2^40/410 * (Wmax - cwnd): within 0.2% */
	for (d = 1; d <= 1000000; d = d * 3 / 2 + 1) {
		double e;

		a = (1ULL << 40) / 410 * d;
		e = (double)cbrtl((long double)a);
		assert_true(fabs(tcp_cubic_root(a) - e) <= e * 0.002);
	}
}

/* ---- Reno ------------------------------------------------------------- */

static void test_reno_slow_start_doubles(void **state)
{
	struct tcp_cc cc;
	sim_time_t t = 0;

	(void)state;
	tcp_cc_init(&cc, &tcp_reno_ops, 10, 1448, 1000);
	ack_round(&cc, &t, 10 * PS_PER_MS);
	assert_int_equal(cc.snd_cwnd, 20);
	ack_round(&cc, &t, 10 * PS_PER_MS);
	assert_int_equal(cc.snd_cwnd, 40);
	ack_round(&cc, &t, 10 * PS_PER_MS);
	assert_int_equal(cc.snd_cwnd, 80);
	assert_int_equal(cc.snd_cwnd_cnt, 0);
}

static void test_reno_congestion_avoidance(void **state)
{
	struct tcp_cc cc;
	sim_time_t t = 0;
	int i;

	(void)state;
	tcp_cc_init(&cc, &tcp_reno_ops, 20, 1448, 1000);
	cc.snd_ssthresh = 20;		/* cwnd == ssthresh: not slow start */
	assert_false(tcp_cc_in_slow_start(&cc));
	for (i = 0; i < 19; i++)
		cc.ops->cong_avoid(&cc, 1, true, t);
	assert_int_equal(cc.snd_cwnd, 20);
	assert_int_equal(cc.snd_cwnd_cnt, 19);
	cc.ops->cong_avoid(&cc, 1, true, t);	/* 20th: +1 */
	assert_int_equal(cc.snd_cwnd, 21);
	assert_int_equal(cc.snd_cwnd_cnt, 0);
	ack_round(&cc, &t, 10 * PS_PER_MS);	/* 21 acked: +1 */
	assert_int_equal(cc.snd_cwnd, 22);
	assert_int_equal(cc.snd_cwnd_cnt, 0);

	/* stretch ACKs count packets: 8 ACKs of 3 = 24 acked at w 22 */
	for (i = 0; i < 8; i++)
		cc.ops->cong_avoid(&cc, 3, true, t);
	assert_int_equal(cc.snd_cwnd, 23);
	assert_int_equal(cc.snd_cwnd_cnt, 2);
}

static void test_slow_start_leftover(void **state)
{
	struct tcp_cc cc;

	(void)state;
	tcp_cc_init(&cc, &tcp_reno_ops, 18, 1448, 1000);
	cc.snd_ssthresh = 20;
	assert_int_equal(tcp_slow_start(&cc, 5), 3);
	assert_int_equal(cc.snd_cwnd, 20);

	/* the same ACK through cong_avoid: 2 to slow start, 3 to CA */
	cc.snd_cwnd = 18;
	cc.ops->cong_avoid(&cc, 5, true, 0);
	assert_int_equal(cc.snd_cwnd, 20);
	assert_int_equal(cc.snd_cwnd_cnt, 3);

	/* credit earned at a larger w is spent as one packet */
	cc.snd_cwnd_cnt = 30;
	tcp_cong_avoid_ai(&cc, 20, 1);
	assert_int_equal(cc.snd_cwnd, 21);
	assert_int_equal(cc.snd_cwnd_cnt, 1);
}

static void test_not_cwnd_limited_and_clamp(void **state)
{
	struct tcp_cc cc;
	int i;

	(void)state;
	tcp_cc_init(&cc, &tcp_reno_ops, 10, 1448, 1000);
	cc.ops->cong_avoid(&cc, 5, false, 0);
	assert_int_equal(cc.snd_cwnd, 10);
	tcp_cc_init(&cc, &tcp_cubic_ops, 10, 1448, 1000);
	cc.ops->cong_avoid(&cc, 5, false, 0);
	assert_int_equal(cc.snd_cwnd, 10);

	tcp_cc_init(&cc, &tcp_reno_ops, 10, 1448, 1000);
	cc.snd_cwnd_clamp = 12;
	assert_int_equal(tcp_slow_start(&cc, 5), 0);
	assert_int_equal(cc.snd_cwnd, 12);
	cc.snd_ssthresh = 12;
	for (i = 0; i < 40; i++)
		cc.ops->cong_avoid(&cc, 1, true, 0);
	assert_int_equal(cc.snd_cwnd, 12);
}

static void test_reno_ssthresh(void **state)
{
	static const uint32_t in[] = { 100, 101, 5, 4, 3, 2, 1 };
	static const uint32_t out[] = { 50, 50, 2, 2, 2, 2, 2 };
	struct tcp_cc cc;
	size_t i;

	(void)state;
	tcp_cc_init(&cc, &tcp_reno_ops, 10, 1448, 1000);
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		cc.snd_cwnd = in[i];
		assert_int_equal(cc.ops->ssthresh(&cc), out[i]);
	}
}

/* ---- CUBIC: ssthresh, K, the curve ----------------------------------- */

static void test_cubic_ssthresh_fast_convergence(void **state)
{
	struct tcp_cc cc;

	(void)state;
	tcp_cc_init(&cc, &tcp_cubic_ops, 100, 1448, 1000);
	cc.priv.cubic.epoch_start = 12345;
	assert_int_equal(cc.ops->ssthresh(&cc), 70);	/* 71700/1024 */
	assert_int_equal(cc.priv.cubic.last_max_cwnd, 100);
	assert_int_equal(cc.priv.cubic.epoch_start, 0);

	/* lower peak than Wmax: Wmax = 80 * (1024 + 717) / 2048 = 68 */
	cc.snd_cwnd = 80;
	assert_int_equal(cc.ops->ssthresh(&cc), 56);	/* 57360/1024 */
	assert_int_equal(cc.priv.cubic.last_max_cwnd, 68);
	/* higher again: Wmax = cwnd */
	cc.snd_cwnd = 90;
	assert_int_equal(cc.ops->ssthresh(&cc), 63);
	assert_int_equal(cc.priv.cubic.last_max_cwnd, 90);

	cc.snd_cwnd = 10;
	assert_int_equal(cc.ops->ssthresh(&cc), 7);
	cc.snd_cwnd = 2;				/* 1434/1024 = 1 */
	assert_int_equal(cc.ops->ssthresh(&cc), 2);
}

static void test_cubic_K_after_loss(void **state)
{
	struct tcp_cc cc;
	sim_time_t t = cubic_loss_at_100(&cc, 1000, 100 * PS_PER_MS);

	(void)state;
	assert_int_equal(cc.snd_cwnd, 70);
	cc.ops->cong_avoid(&cc, 1, true, t + PS_PER_MS);
	/* K = cbrt(2^40/410 * 30) = 4316 / 1024 s = 4.215 s; exact 4.217 */
	assert_int_equal(cc.priv.cubic.bic_K, 4316);
	assert_int_equal(cc.priv.cubic.bic_origin_point, 100);
	assert_true(fabs(cc.priv.cubic.bic_K / 1024.0 - cbrt(75.0)) < 0.01);
	assert_int_equal(cc.priv.cubic.epoch_start,
			 tcp_cc_jiffies(&cc, t + PS_PER_MS));
	assert_int_equal(cc.priv.cubic.delay_min, 100000);
}

/* cwnd at the end of every 100 ms round for 8 s after the loss */
static void cubic_curve(int hz, uint32_t *w, int rounds)
{
	struct tcp_cc cc;
	sim_time_t rtt = 100 * PS_PER_MS;
	sim_time_t t = cubic_loss_at_100(&cc, hz, rtt);
	int r;

	for (r = 0; r < rounds; r++) {
		ack_round(&cc, &t, rtt);
		w[r] = cc.snd_cwnd;
		/* 100 ms RTT: the Reno estimate never leads */
		assert_true(cc.priv.cubic.tcp_cwnd <= cc.snd_cwnd);
	}
}

static void check_cubic_curve(int hz)
{
	enum { ROUNDS = 80 };		/* 8 s of 100 ms rounds */
	uint32_t w[ROUNDS];
	int r, k;

	cubic_curve(hz, w, ROUNDS);
	for (r = 0; r < ROUNDS; r++) {
		double t = (r + 1) * 0.1;

		/* on W(t), a little ahead: the kernel aims one RTT on */
		assert_true(fabs(w[r] - cubic_model(t)) <= 3.0);
	}
	/* t = K = 4.2 s: the end of round 42 */
	k = 41;
	assert_in_range(w[k], 98, 102);
	/* concave before K: each second adds less (70 -> 87 -> 97 -> 100) */
	assert_true(w[9] - 70 > w[19] - w[9]);
	assert_true(w[19] - w[9] > w[29] - w[19]);
	assert_true(w[29] - w[19] >= w[39] - w[29]);
	assert_in_range(w[39], 99, 101);	/* flat near Wmax */
	/* convex after K: each second adds more */
	assert_true(w[59] - w[49] < w[69] - w[59]);
	assert_true(w[69] - w[59] < w[79] - w[69]);
	assert_true(w[79] > 115);
}

static void test_cubic_curve_hz1000(void **state)
{
	(void)state;
	check_cubic_curve(1000);
}

static void test_cubic_curve_hz100(void **state)
{
	(void)state;
	check_cubic_curve(100);
}

static void test_cubic_curve_usec(void **state)
{
	(void)state;
	check_cubic_curve(0);
}

static void test_cubic_tcp_friendliness(void **state)
{
	struct tcp_cc cc;
	sim_time_t rtt = PS_PER_MS;
	sim_time_t t = cubic_loss_at_100(&cc, 1000, rtt);
	int n;

	(void)state;
	/*
	 * The Reno estimate gains 8/15 packet per RTT (beta_scale 15); at
	 * 1 ms the cubic alone would give W(0.4 s) = 78. While cwnd stands
	 * still bictcp_update returns early for HZ/32 = 31 jiffies, so the
	 * estimate and the cap catch up in steps: cwnd trails it by at most
	 * 32 RTTs * 8/15 = 17 packets, and meets it after each step.
	 */
	for (n = 1; n <= 400; n++) {
		ack_round(&cc, &t, rtt);
		assert_true(cc.snd_cwnd + 17 >= cc.priv.cubic.tcp_cwnd);
		if (n % 50 == 0) {
			assert_true(cc.snd_cwnd + 17 >= 70 + (uint32_t)(n * 8 / 15));
			assert_true(cc.snd_cwnd >= cc.priv.cubic.tcp_cwnd);
		}
	}
	assert_in_range(cc.snd_cwnd, 270, 290);		/* 70 + 213 */
	assert_true(cc.snd_cwnd > cubic_model(0.4) + 150);
}

/* ---- delay_min -------------------------------------------------------- */

static void test_delay_min_tracking(void **state)
{
	struct tcp_cc cc;
	sim_time_t t0 = 10 * PS_PER_S;

	(void)state;
	tcp_cc_init(&cc, &tcp_cubic_ops, 10, 1448, 1000);
	cc.ops->pkts_acked(&cc, 1, 10 * PS_PER_MS, t0, 10);
	assert_int_equal(cc.priv.cubic.delay_min, 10000);
	cc.ops->pkts_acked(&cc, 1, 8 * PS_PER_MS, t0, 10);
	cc.ops->pkts_acked(&cc, 1, 12 * PS_PER_MS, t0, 10);
	cc.ops->pkts_acked(&cc, 1, -1, t0, 10);		/* no sample */
	assert_int_equal(cc.priv.cubic.delay_min, 8000);
	cc.ops->pkts_acked(&cc, 1, 0, t0, 10);		/* 0 counts as 1 us */
	assert_int_equal(cc.priv.cubic.delay_min, 1);

	/* an epoch starts at t0: samples in its first second are dropped */
	cc.snd_cwnd = cc.snd_ssthresh = 50;
	cc.ops->cong_avoid(&cc, 1, true, t0);
	cc.priv.cubic.delay_min = 8000;
	cc.ops->pkts_acked(&cc, 1, 5 * PS_PER_MS, t0 + 999 * PS_PER_MS, 50);
	assert_int_equal(cc.priv.cubic.delay_min, 8000);
	cc.ops->pkts_acked(&cc, 1, 5 * PS_PER_MS, t0 + PS_PER_S, 50);
	assert_int_equal(cc.priv.cubic.delay_min, 5000);
}

/* ---- the 3.x counting rules (3.10.99, 3.12.0, 3.13.0) ----------------- */

static void test_slow_start_3x(void **state)
{
	struct tcp_cc cc;
	int i;

	(void)state;
	/* 3.12: one packet per ACK, whatever it acked */
	tcp_cc_init(&cc, &tcp_reno_ops, 10, 1448, 100);
	cc.era = TCP_CC_ACKS;
	for (i = 0; i < 5; i++)
		cc.ops->cong_avoid(&cc, 2, true, 0);
	assert_int_equal(cc.snd_cwnd, 15);
	assert_int_equal(cc.snd_cwnd_cnt, 0);
	/* cwnd == ssthresh is still slow start in 3.x: 20 -> 21 */
	cc.snd_cwnd = cc.snd_ssthresh = 20;
	assert_true(tcp_cc_in_slow_start(&cc));
	cc.ops->cong_avoid(&cc, 4, true, 0);
	assert_int_equal(cc.snd_cwnd, 21);
	assert_false(tcp_cc_in_slow_start(&cc));

	/* 3.13: the packets acked, up to ssthresh + 1; the leftover is
	 * returned but cong_avoid drops it */
	tcp_cc_init(&cc, &tcp_reno_ops, 18, 1448, 100);
	cc.era = TCP_CC_ACKS_313;
	cc.snd_ssthresh = 20;
	assert_int_equal(tcp_slow_start(&cc, 5), 2);
	assert_int_equal(cc.snd_cwnd, 21);
	cc.snd_cwnd = 18;
	cc.ops->cong_avoid(&cc, 5, true, 0);
	assert_int_equal(cc.snd_cwnd, 21);
	assert_int_equal(cc.snd_cwnd_cnt, 0);
}

static void test_reno_avoidance_3x(void **state)
{
	struct tcp_cc cc;
	int i;

	(void)state;
	/* tcp_cong_avoid_ai(tp, w) per ACK: cwnd 20 grows on the 21st ACK,
	 * whether each ACK acked one packet or two */
	tcp_cc_init(&cc, &tcp_reno_ops, 20, 1448, 100);
	cc.era = TCP_CC_ACKS;
	cc.snd_ssthresh = 10;
	for (i = 0; i < 20; i++)
		cc.ops->cong_avoid(&cc, 2, true, 0);
	assert_int_equal(cc.snd_cwnd, 20);
	assert_int_equal(cc.snd_cwnd_cnt, 20);
	cc.ops->cong_avoid(&cc, 2, true, 0);
	assert_int_equal(cc.snd_cwnd, 21);
	assert_int_equal(cc.snd_cwnd_cnt, 0);
}

static void test_cubic_ack_ratio_3x(void **state)
{
	struct tcp_cc cc;
	struct bictcp *ca = &cc.priv.cubic;

	(void)state;
	tcp_cc_init(&cc, &tcp_cubic_ops, 100, 1448, 100);
	cc.era = TCP_CC_ACKS;
	assert_int_equal(ca->delayed_ack, 32);		/* 2 << 4 */
	cc.ca_open = true;
	/* ratio = ratio - ratio / 16 + acked: 32 - 2 + 4 = 34, then 36 */
	cc.ops->pkts_acked(&cc, 4, -1, PS_PER_S, 100);
	assert_int_equal(ca->delayed_ack, 34);
	cc.ops->pkts_acked(&cc, 4, -1, PS_PER_S, 100);
	assert_int_equal(ca->delayed_ack, 36);
	cc.ca_open = false;			/* only in TCP_CA_Open */
	cc.ops->pkts_acked(&cc, 4, -1, PS_PER_S, 100);
	assert_int_equal(ca->delayed_ack, 36);
	cc.ca_open = true;			/* at most 32 packets per ACK */
	ca->delayed_ack = 500;
	cc.ops->pkts_acked(&cc, 64, -1, PS_PER_S, 100);
	assert_int_equal(ca->delayed_ack, 512);
	/* the 6.x rules keep no ratio */
	tcp_cc_init(&cc, &tcp_cubic_ops, 100, 1448, 100);
	cc.ca_open = true;
	cc.ops->pkts_acked(&cc, 4, -1, PS_PER_S, 100);
	assert_int_equal(ca->delayed_ack, 32);
}

/*
 * CUBIC in avoidance at cwnd 100 with no Wmax yet (cnt capped at 20
 * packets), at HZ 100, every ACK acking `per_ack` packets with a 1 ms RTT
 * sample. Returns the number of ACKs until cwnd reached 101.
 */
static int cubic_acks_to_grow(enum tcp_cc_era era, uint32_t per_ack, uint32_t ratio)
{
	struct tcp_cc cc;
	sim_time_t now = 10 * PS_PER_S;
	int i;

	tcp_cc_init(&cc, &tcp_cubic_ops, 100, 1448, 100);
	cc.era = (uint8_t)era;
	cc.hystart_ms = true;
	cc.snd_ssthresh = 50;
	cc.priv.cubic.delayed_ack = ratio;
	for (i = 1; i <= 100; i++, now += 10 * PS_PER_US) {
		cc.ops->pkts_acked(&cc, per_ack, PS_PER_MS, now, 100);
		cc.ops->cong_avoid(&cc, per_ack, true, now);
		if (cc.snd_cwnd > 100)
			return i;
	}
	return -1;
}

static void test_cubic_cnt_3x(void **state)
{
	(void)state;
	/* 6.x: 20 packets, 10 ACKs of 2 */
	assert_int_equal(cubic_acks_to_grow(TCP_CC_PKTS, 2, 32), 10);
	/* 3.x: cnt 20 * 16 / 32 = 10 ACKs, and cwnd moves on the ACK after
	 * snd_cwnd_cnt reached it: the 11th */
	assert_int_equal(cubic_acks_to_grow(TCP_CC_ACKS, 2, 32), 11);
	/* stretch ACKs of 4 packets, ratio 64: cnt 5, the 6th ACK */
	assert_int_equal(cubic_acks_to_grow(TCP_CC_ACKS, 4, 64), 6);
	/* ratio 512 (32 packets per ACK): 20 * 16 / 512 = 0, floored at 1 */
	assert_int_equal(cubic_acks_to_grow(TCP_CC_ACKS, 32, 512), 2);
}

static void test_cubic_tx_start_3x(void **state)
{
	struct tcp_cc cc;

	(void)state;
	tcp_cc_init(&cc, &tcp_cubic_ops, 100, 1448, 1000);
	cc.era = TCP_CC_ACKS;
	cc.priv.cubic.epoch_start = 5000;
	cc.ops->tx_start(&cc, 10 * PS_PER_S, 9 * PS_PER_S);	/* no cwnd_event in 3.x */
	assert_int_equal(cc.priv.cubic.epoch_start, 5000);
}

/* ---- HyStart ---------------------------------------------------------- */

/*
 * ACKs every 0.5 ms from t = 10 ms, RTT 10 ms, cwnd fixed. The first ACK
 * starts a round (snd_una passes snd_nxt at init). Returns the index of
 * the ACK that ended slow start, or -1.
 */
static int hystart_train(uint32_t cwnd, uint64_t pacing_rate)
{
	struct tcp_cc cc;
	int i;

	tcp_cc_init(&cc, &tcp_cubic_ops, cwnd, 1448, 1000);
	cc.pacing_rate = pacing_rate;
	cc.gso_max_size = 65536;
	for (i = 0; i < 30; i++) {
		sim_time_t now = 10 * PS_PER_MS + i * 500 * PS_PER_US;

		cc.snd_una = (uint32_t)i + 1;
		cc.snd_nxt = cwnd + 100;
		cc.ops->pkts_acked(&cc, 1, 10 * PS_PER_MS, now, cwnd);
		if (cc.snd_ssthresh != TCP_INFINITE_SSTHRESH) {
			assert_int_equal(cc.snd_ssthresh, cwnd);
			assert_int_equal(cc.priv.cubic.found, 1);
			return i;
		}
	}
	assert_int_equal(cc.priv.cubic.found, 0);
	return -1;
}

static void test_hystart_ack_train(void **state)
{
	(void)state;
	/* threshold delay_min / 2 = 5 ms: ACK 11 is 5.5 ms into the round */
	assert_int_equal(hystart_train(32, 0), 11);
	assert_int_equal(hystart_train(16, 0), 11);
	/* 1 Gbit/s pacing rate: cushion min(1 ms, 64 KiB * 4 / rate) = 1 ms,
	 * threshold (10 + 1) / 2 = 5.5 ms: ACK 12 at 6 ms */
	assert_int_equal(hystart_train(32, 125000000), 12);
	/* below hystart_low_window nothing happens */
	assert_int_equal(hystart_train(15, 0), -1);
}

/*
 * The same train with a chosen clock: ACKs `gap` apart from `t0`, RTT
 * `rtt`, hystart_ms as given. Returns the ACK that ended slow start or -1.
 */
static int hystart_train_clock(bool ms, sim_time_t rtt, sim_time_t t0, sim_time_t gap)
{
	struct tcp_cc cc;
	int i;

	tcp_cc_init(&cc, &tcp_cubic_ops, 32, 1448, 100);
	cc.hystart_ms = ms;
	for (i = 0; i < 40; i++) {
		cc.snd_una = (uint32_t)i + 1;
		cc.snd_nxt = 200;
		cc.ops->pkts_acked(&cc, 1, rtt, t0 + i * gap, 32);
		if (cc.snd_ssthresh != TCP_INFINITE_SSTHRESH)
			return i;
		if (ms)	/* <= 4.4: the round restarts in cong_avoid */
			cc.ops->cong_avoid(&cc, 1, true, t0 + i * gap);
	}
	return -1;
}

/* The <= 4.4 HyStart: delays in ms << 3, threshold delay_min_ms8 >> 4. */
static void test_hystart_ms_clock(void **state)
{
	(void)state;
	/* RTT 10 ms: 80 >> 4 = 5 ms; ACK i at clock 10 + i / 2 ms is past
	 * round start 10 + 5 at i = 12 (the usec clock says 11) */
	assert_int_equal(hystart_train_clock(true, 10 * PS_PER_MS, 10 * PS_PER_MS,
					     500 * PS_PER_US), 12);
	assert_int_equal(hystart_train_clock(false, 10 * PS_PER_MS, 10 * PS_PER_MS,
					     500 * PS_PER_US), 11);
	/* LAN RTT 300 us: 2400 / 1000 = 2, 2 >> 4 = 0, so the first ACK in
	 * the next millisecond (10.05 + 0.1 i >= 11: i = 10) ends slow start;
	 * the usec clock's threshold is 150 us: i = 2 */
	assert_int_equal(hystart_train_clock(true, 300 * PS_PER_US, 10050 * PS_PER_US,
					     100 * PS_PER_US), 10);
	assert_int_equal(hystart_train_clock(false, 300 * PS_PER_US, 10050 * PS_PER_US,
					     100 * PS_PER_US), 2);
	/* ACKs 3 ms apart are never a train (hystart_ack_delta 2 ms), and an
	 * unchanged RTT never trips the delay test */
	assert_int_equal(hystart_train_clock(true, 300 * PS_PER_US, 10 * PS_PER_MS,
					     3 * PS_PER_MS), -1);
}

/*
 * Round 1: 10 ACKs with RTT delay_min, 3 ms apart (never a train). Round 2
 * (snd_una passes round 1's snd_nxt): RTT `rtt2`. Returns the number of
 * round-2 samples when slow start ended, or -1.
 */
static int hystart_delay_run(uint32_t cwnd, sim_time_t delay_min,
			     sim_time_t rtt2)
{
	struct tcp_cc cc;
	sim_time_t now = PS_PER_S;
	int i;

	tcp_cc_init(&cc, &tcp_cubic_ops, cwnd, 1448, 1000);
	cc.snd_nxt = 0;
	for (i = 0; i < 10; i++, now += 3 * PS_PER_MS) {
		cc.snd_una = (uint32_t)i + 1;
		cc.snd_nxt = 10;
		cc.ops->pkts_acked(&cc, 1, delay_min, now, cwnd);
	}
	assert_int_equal(cc.snd_ssthresh, TCP_INFINITE_SSTHRESH);
	assert_int_equal(cc.priv.cubic.end_seq, 10);
	for (i = 1; i <= 20; i++, now += 3 * PS_PER_MS) {
		cc.snd_una = 10 + (uint32_t)i;
		cc.snd_nxt = 100;
		cc.ops->pkts_acked(&cc, 1, rtt2, now, cwnd);
		if (cc.snd_ssthresh != TCP_INFINITE_SSTHRESH) {
			assert_int_equal(cc.snd_ssthresh, cwnd);
			return i;
		}
	}
	return -1;
}

static void test_hystart_delay(void **state)
{
	(void)state;
	/* delay_min 10 ms: 10/8 clamps up to 4 ms; exit on the 9th
	 * sample (HYSTART_MIN_SAMPLES 8 first) above 14 ms */
	assert_int_equal(hystart_delay_run(32, 10 * PS_PER_MS, 20 * PS_PER_MS), 9);
	assert_int_equal(hystart_delay_run(32, 10 * PS_PER_MS, 14100 * PS_PER_US), 9);
	assert_int_equal(hystart_delay_run(32, 10 * PS_PER_MS, 14 * PS_PER_MS), -1);
	/* delay_min 80 ms: 10 ms */
	assert_int_equal(hystart_delay_run(32, 80 * PS_PER_MS, 90500 * PS_PER_US), 9);
	assert_int_equal(hystart_delay_run(32, 80 * PS_PER_MS, 90 * PS_PER_MS), -1);
	/* delay_min 200 ms: 25 ms clamps down to 16 ms */
	assert_int_equal(hystart_delay_run(32, 200 * PS_PER_MS, 216500 * PS_PER_US), 9);
	assert_int_equal(hystart_delay_run(32, 200 * PS_PER_MS, 216 * PS_PER_MS), -1);
	/* below hystart_low_window nothing happens */
	assert_int_equal(hystart_delay_run(15, 10 * PS_PER_MS, 30 * PS_PER_MS), -1);
	assert_int_equal(hystart_delay_run(16, 10 * PS_PER_MS, 30 * PS_PER_MS), 9);
}

static void test_hystart_only_in_slow_start(void **state)
{
	struct tcp_cc cc;
	int i;

	(void)state;
	tcp_cc_init(&cc, &tcp_cubic_ops, 32, 1448, 1000);
	cc.snd_ssthresh = 32;		/* congestion avoidance */
	for (i = 0; i < 30; i++) {
		cc.snd_una = (uint32_t)i + 1;
		cc.snd_nxt = 200;
		cc.ops->pkts_acked(&cc, 1, 10 * PS_PER_MS,
				   10 * PS_PER_MS + i * 500 * PS_PER_US, 32);
	}
	assert_int_equal(cc.priv.cubic.found, 0);
	assert_int_equal(cc.snd_ssthresh, 32);
	assert_int_equal(cc.priv.cubic.delay_min, 10000);
}

/* ---- loss reset, idle ------------------------------------------------- */

static void test_cubic_on_loss_reset(void **state)
{
	struct tcp_cc cc;
	sim_time_t t = cubic_loss_at_100(&cc, 1000, 100 * PS_PER_MS);
	struct bictcp *ca = &cc.priv.cubic;
	int r;

	(void)state;
	for (r = 0; r < 5; r++)
		ack_round(&cc, &t, 100 * PS_PER_MS);
	assert_int_not_equal(ca->epoch_start, 0);
	assert_int_not_equal(ca->bic_K, 0);

	/* RTO: ssthresh first (tcp_enter_loss), then TCP_CA_Loss */
	cc.now = t + 300 * PS_PER_MS;
	cc.snd_nxt = 5000;
	cc.snd_ssthresh = cc.ops->ssthresh(&cc);
	cc.ops->on_loss(&cc);
	assert_int_equal(ca->last_max_cwnd, 0);
	assert_int_equal(ca->epoch_start, 0);
	assert_int_equal(ca->delay_min, 0);
	assert_int_equal(ca->bic_K, 0);
	assert_int_equal(ca->bic_origin_point, 0);
	assert_int_equal(ca->cnt, 0);
	assert_int_equal(ca->ack_cnt, 0);
	assert_int_equal(ca->tcp_cwnd, 0);
	assert_int_equal(ca->last_cwnd, 0);
	assert_int_equal(ca->found, 0);
	assert_int_equal(ca->curr_rtt, 0xffffffffU);
	assert_int_equal(ca->sample_cnt, 0);
	assert_int_equal(ca->end_seq, 5000);
	assert_int_equal(ca->round_start,
			 (uint32_t)((t + 300 * PS_PER_MS) / PS_PER_US));

	/* with no Wmax the next epoch starts flat at cwnd, capped at
	 * cnt 20 (5% per RTT) */
	cc.snd_cwnd = cc.snd_ssthresh = 50;
	cc.ops->cong_avoid(&cc, 1, true, t + PS_PER_S);
	assert_int_equal(ca->bic_K, 0);
	assert_int_equal(ca->bic_origin_point, 50);
	assert_int_equal(ca->cnt, 20);
}

static void test_cubic_tx_start_idle(void **state)
{
	struct tcp_cc cc;
	sim_time_t t0 = 10 * PS_PER_S;
	uint32_t e;

	(void)state;
	tcp_cc_init(&cc, &tcp_cubic_ops, 50, 1448, 1000);
	cc.snd_ssthresh = 50;
	cc.ops->cong_avoid(&cc, 1, true, t0);
	e = cc.priv.cubic.epoch_start;
	assert_int_equal(e, tcp_cc_jiffies(&cc, t0));
	/* idle from t0 + 1 s to t0 + 3 s: the epoch moves 2000 jiffies */
	cc.ops->tx_start(&cc, t0 + 3 * PS_PER_S, t0 + PS_PER_S);
	assert_int_equal(cc.priv.cubic.epoch_start, e + 2000);
	/* never into the future */
	cc.ops->tx_start(&cc, t0 + 4 * PS_PER_S, t0);
	assert_int_equal(cc.priv.cubic.epoch_start,
			 tcp_cc_jiffies(&cc, t0 + 4 * PS_PER_S));
	/* no epoch: nothing to move */
	cc.priv.cubic.epoch_start = 0;
	cc.ops->tx_start(&cc, t0 + 9 * PS_PER_S, t0);
	assert_int_equal(cc.priv.cubic.epoch_start, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_and_init),
		cmocka_unit_test(test_jiffies_clock),
		cmocka_unit_test(test_cubic_root_values),
		cmocka_unit_test(test_cubic_root_error),
		cmocka_unit_test(test_reno_slow_start_doubles),
		cmocka_unit_test(test_reno_congestion_avoidance),
		cmocka_unit_test(test_slow_start_leftover),
		cmocka_unit_test(test_not_cwnd_limited_and_clamp),
		cmocka_unit_test(test_reno_ssthresh),
		cmocka_unit_test(test_cubic_ssthresh_fast_convergence),
		cmocka_unit_test(test_cubic_K_after_loss),
		cmocka_unit_test(test_cubic_curve_hz1000),
		cmocka_unit_test(test_cubic_curve_hz100),
		cmocka_unit_test(test_cubic_curve_usec),
		cmocka_unit_test(test_cubic_tcp_friendliness),
		cmocka_unit_test(test_delay_min_tracking),
		cmocka_unit_test(test_hystart_ack_train),
		cmocka_unit_test(test_hystart_delay),
		cmocka_unit_test(test_hystart_only_in_slow_start),
		cmocka_unit_test(test_hystart_ms_clock),
		cmocka_unit_test(test_cubic_on_loss_reset),
		cmocka_unit_test(test_cubic_tx_start_idle),
		cmocka_unit_test(test_slow_start_3x),
		cmocka_unit_test(test_reno_avoidance_3x),
		cmocka_unit_test(test_cubic_ack_ratio_3x),
		cmocka_unit_test(test_cubic_cnt_3x),
		cmocka_unit_test(test_cubic_tx_start_3x),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
