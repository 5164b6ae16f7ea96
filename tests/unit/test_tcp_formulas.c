// SPDX-License-Identifier: MIT
/*
 * The per-era TCP formulas of tcp_formulas.c with worked numbers:
 * sk_pacing_rate (tcp_update_pacing_rate), the TCP Small Queues limit
 * and test (tcp_write_xmit / tcp_small_queue_check), the GSO size goal
 * (tcp_xmit_size_goal, tcp_tso_autosize). docs/kernel.md, TSQ and GSO.
 *
 * Common inputs: mss 1448 (1500 - 20 IP - 32 TCP with timestamps),
 * hlen 52, gso_max_size 65536, gso_max_segs 65535, cwnd 10.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "net/ipv4/tcp_formulas.h"

#define MSS	1448U
#define HLEN	52U
#define GSO_MAX	65536U
#define SEGS	65535U
#define BIGWIN	3000000U	/* peer window large enough not to bound */
#define SSTH_INF 0x7fffffffU

/* A full GSO skb: 45 * 1448 = 65160 payload bytes in page frags plus
 * head and struct overhead; 66 KiB = 67584 chosen as a round figure. */
#define TS_GSO	67584U
/* One 1514-byte frame on ARM32 3.x (test_profile.c): 2240 */
#define TS_ARM	2240U

#define R23	23168000ULL	/* 3.12 rate at HZ 100, cwnd 10, srtt <= 1 jiffy */
#define R120	120000000ULL
#define MS(x)	((sim_time_t)(x) * PS_PER_MS)
#define US(x)	((sim_time_t)(x) * PS_PER_US)

/* --- send-buffer autotuning (tcp_sndbuf_expand, 6.x) --------------- */

static void test_sndbuf_expand_v6(void **state)
{
	(void)state;
	/* x86-64 with MAX_HEADER 176 (distribution kernels): MAX_TCP_HEADER
	 * 320, shinfo 320, sk_buff 232 -> 256; mss_clamp 1460:
	 * 1460 + 320 + 320 = 2100 -> 4096, + 256 = 4352 */
	assert_int_equal(tcp_sndbuf_per_mss(1460, 320, 320, 256), 4352);
	/* MAX_HEADER 32 (no WLAN, Hyper-V or IP tunnel: the 6.18.44 VM
	 * kernel-check ran on): MAX_TCP_HEADER 192; 1972 -> 2048 + 256 */
	assert_int_equal(tcp_sndbuf_per_mss(1460, 192, 320, 256), 2304);
	/* a power of two stays: 2048 - 192 - 320 = 1536 -> 2048 + 256 */
	assert_int_equal(tcp_sndbuf_per_mss(1536, 192, 320, 256), 2304);
	/* connection set-up: cwnd 10 -> 2 x 10 x 2304 = 46080, as measured */
	assert_int_equal(tcp_sndbuf_sndmem(2304, 10, 3), 46080);
	/* cwnd below TCP_INIT_CWND still counts 10 segments */
	assert_int_equal(tcp_sndbuf_sndmem(2304, 2, 3), 46080);
	/* reordering + 1 above cwnd: 2 x 21 x 4352 */
	assert_int_equal(tcp_sndbuf_sndmem(4352, 12, 20), 182784);
	/* measured at 10 Mbit/s: largest cwnd 269 -> 1239552 */
	assert_int_equal(tcp_sndbuf_sndmem(2304, 269, 3), 1239552);
}

/* --- srtt representation ------------------------------------------- */

static void test_srtt_repr(void **state)
{
	(void)state;
	/* jiffies<<3: below one jiffy (10 ms at HZ 100) the sample is 0 or
	 * 1 jiffy, both stored as 1 -> 8 */
	assert_int_equal(tcp_srtt_jiffies8(US(500), 100), 8);
	/* 50 ms = 5 jiffies exactly -> 40 */
	assert_int_equal(tcp_srtt_jiffies8(MS(50), 100), 40);
	/* 15 ms = 1.5 jiffies: samples 1 or 2, mean 1.5 -> 12 */
	assert_int_equal(tcp_srtt_jiffies8(MS(15), 100), 12);
	/* HZ 250: 4 ms jiffy; 10 ms -> 8 * 2.5 = 20 */
	assert_int_equal(tcp_srtt_jiffies8(MS(10), 250), 20);
	assert_int_equal(tcp_srtt_jiffies8(0, 100), 0);		/* no sample */
	/* usec<<3: 1 ms -> 8000; 1 ps rounds to 0, stored max(1, 0) = 1 */
	assert_int_equal(tcp_srtt_us8(MS(1)), 8000);
	assert_int_equal(tcp_srtt_us8(1), 1);
	assert_int_equal(tcp_srtt_us8(0), 0);
}

/* --- sk_pacing_rate ------------------------------------------------- */

static void test_pacing_jiffies(void **state)
{
	(void)state;
	/* 3.12/3.13, HZ 100: rate = 1448 * 2 * (100 << 3) * 10
	 * = 1448 * 1600 * 10 = 23,168,000 B/s; srtt 500 us -> 8, not > 10:
	 * no division (the "23 MB/s" of a sub-jiffy LAN RTT) */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 0, SSTH_INF, US(500), 100), R23);
	/* 50 ms -> srtt 40 > 10: 23,168,000 / 40 = 579,200
	 * (= 2 * 1448 * 10 / 0.05 s) */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 0, SSTH_INF, MS(50), 100), 579200);
	/* 12.5 ms -> 10, still not > 8 + 2: undivided */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 0, SSTH_INF, US(12500), 100), R23);
	/* 13.75 ms -> 11: 23,168,000 / 11 = 2,106,181 (floor of .8) */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 0, SSTH_INF, US(13750), 100), 2106181);
	/* max(cwnd, packets_out): 20 in flight doubles it: 1,158,400 */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 20, SSTH_INF, MS(50), 100), 1158400);
	/* no sample yet (srtt 0): undivided */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 0, SSTH_INF, 0, 100), R23);
	/* HZ 1000: 1448 * 2 * 8000 * 10 = 231,680,000 sub-jiffy;
	 * 50 ms -> 400: 231,680,000 / 400 = 579,200 again */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 0, SSTH_INF, US(500), 1000), 231680000);
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 10, 0, SSTH_INF, MS(50), 1000), 579200);
	/* u32 sk_pacing_rate: 1448 * 16000 * 200 = 4,633,600,000 -> ~0U */
	assert_int_equal(tcp_pacing_rate(PACING_JIFFIES, MSS, 200, 0, SSTH_INF, US(500), 1000), UINT32_MAX);
}

static void test_pacing_usec(void **state)
{
	struct tcp_pacing_cfg wide = { 200, 120, UINT64_MAX };
	struct tcp_pacing_cfg ss150 = { 150, 120, UINT32_MAX };

	(void)state;
	assert_true(tcp_pacing_rate(PACING_NONE, MSS, 10, 0, SSTH_INF, MS(1), 100) == UINT64_MAX);
	/* 3.15-4.1: 1448 * 2 * (10^6 << 3) * 10 / 8000 = 28,960,000 */
	assert_int_equal(tcp_pacing_rate(PACING_USEC_200, MSS, 10, 0, 20, MS(1), 100), 28960000);
	/* 4.4/6.x at srtt 1 ms (srtt_us 8000), cwnd 10:
	 * slow start, 10 < 0x7fffffff / 2: 1448 * 80000 * 200 * 10 / 8000
	 * = 28,960,000 */
	assert_int_equal(tcp_pacing_rate(PACING_SS_CA, MSS, 10, 0, SSTH_INF, MS(1), 100), 28960000);
	/* ssthresh 20: 10 < 10 false -> ca: 1448 * 80000 * 120 * 10 / 8000
	 * = 17,376,000 */
	assert_int_equal(tcp_pacing_rate(PACING_SS_CA, MSS, 10, 0, 20, MS(1), 100), 17376000);
	/* the cwnd < ssthresh / 2 boundary: 21 / 2 = 10 -> ca, 22 / 2 = 11 -> ss */
	assert_int_equal(tcp_pacing_rate(PACING_SS_CA, MSS, 10, 0, 21, MS(1), 100), 17376000);
	assert_int_equal(tcp_pacing_rate(PACING_SS_CA, MSS, 10, 0, 22, MS(1), 100), 28960000);
	/* 50 ms (400000): 1448 * 16,000,000 * 10 / 400000 = 579,200 */
	assert_int_equal(tcp_pacing_rate(PACING_SS_CA, MSS, 10, 0, SSTH_INF, MS(50), 100), 579200);
	/* no sample: undivided, 231,680,000,000, clamped to ~0U ... */
	assert_int_equal(tcp_pacing_rate(PACING_SS_CA, MSS, 10, 0, SSTH_INF, 0, 100), UINT32_MAX);
	/* ... or kept with a 64-bit sk_max_pacing_rate */
	assert_true(tcp_pacing_rate_raw(PACING_SS_CA, MSS, 10, 0, SSTH_INF, 0, 100, &wide)
		    == 231680000000ULL);
	/* tcp_pacing_ss_ratio 150: 1448 * 80000 * 150 * 10 / 8000 = 21,720,000 */
	assert_int_equal(tcp_pacing_rate_raw(PACING_SS_CA, MSS, 10, 0, SSTH_INF, 8000, 100, &ss150),
			 21720000);
}

/* --- TCP Small Queues ----------------------------------------------- */

static void test_tsq_limit_3x(void **state)
{
	(void)state;
	/* 23,168,000 >> 10 = 22625 (exact); 120,000,000 >> 10 = 117187;
	 * 2 * 67584 = 135168 */
	assert_int_equal(tcp_tsq_limit(TSQ_NONE, R23, TS_GSO, 131072, 10, 0), UINT32_MAX);
	/* 3.6-3.11: the sysctl, whatever the rate */
	assert_int_equal(tcp_tsq_limit(TSQ_FIXED, R23, TS_GSO, 131072, 10, 0), 131072);
	assert_int_equal(tcp_tsq_limit(TSQ_FIXED, R120, TS_GSO, 131072, 10, 0), 131072);
	/* 3.12-rc..3.12.0 (one truesize, 3.12.0 tcp_write_xmit):
	 * max(67584, 22625) = 67584 and max(67584, 117187) = 117187 */
	assert_int_equal(tcp_tsq_limit(TSQ_DYN_312RC, R23, TS_GSO, 131072, 10, 0), 67584);
	assert_int_equal(tcp_tsq_limit(TSQ_DYN_312RC, R120, TS_GSO, 131072, 10, 0), 117187);
	/* the tiny 3.12.0 limit: an MSS frame (truesize 2240) at 50 ms,
	 * rate 579,200 >> 10 = 565: max(2240, 565) = 2240, one frame */
	assert_int_equal(tcp_tsq_limit(TSQ_DYN_312RC, 579200, TS_ARM, 131072, 10, 0), 2240);
	/* 3.12.x/3.13: the sysctl is the floor: max(131072, 565/22625/117187) */
	assert_int_equal(tcp_tsq_limit(TSQ_MAX_SYSCTL, 579200, TS_ARM, 131072, 10, 0), 131072);
	assert_int_equal(tcp_tsq_limit(TSQ_MAX_SYSCTL, R23, TS_GSO, 131072, 10, 0), 131072);
	assert_int_equal(tcp_tsq_limit(TSQ_MAX_SYSCTL, R120, TS_GSO, 131072, 10, 0), 131072);
	/* above 128 MiB/s the rate wins: 200,000,000 >> 10 = 195312 */
	assert_int_equal(tcp_tsq_limit(TSQ_MAX_SYSCTL, 200000000, TS_GSO, 131072, 10, 0), 195312);
	/* unset rate, u32 ~0U: 4294967295 >> 10 = 4194303 */
	assert_int_equal(tcp_tsq_limit(TSQ_MAX_SYSCTL, UINT64_MAX, TS_GSO, 131072, 10, 0), 4194303);
}

static void test_tsq_limit_4x_6x(void **state)
{
	(void)state;
	/* 4.4: min(max(135168, 22625), 262144) = 135168; same at 117187 */
	assert_int_equal(tcp_tsq_limit(TSQ_MIN_MAX, R23, TS_GSO, 262144, 10, 0), 135168);
	assert_int_equal(tcp_tsq_limit(TSQ_MIN_MAX, R120, TS_GSO, 262144, 10, 0), 135168);
	/* MSS frames: max(4480, 22625) = 22625, about 1 ms */
	assert_int_equal(tcp_tsq_limit(TSQ_MIN_MAX, R23, TS_ARM, 262144, 10, 0), 22625);
	/* the cap: 400,000,000 >> 10 = 390625 -> 262144; factor 1 -> 524288 */
	assert_int_equal(tcp_tsq_limit(TSQ_MIN_MAX, 400000000, TS_GSO, 262144, 10, 0), 262144);
	assert_int_equal(tcp_tsq_limit(TSQ_MIN_MAX, 400000000, TS_GSO, 262144, 10, 1), 524288);
	/* 6.x, shift 10: max(135168, 117187) = 135168; retransmit << 1 = 270336 */
	assert_int_equal(tcp_tsq_limit(TSQ_V6, R120, TS_GSO, 4194304, 10, 0), 135168);
	assert_int_equal(tcp_tsq_limit(TSQ_V6, R120, TS_GSO, 4194304, 10, 1), 270336);
	/* mac80211 shift 7: 120,000,000 >> 7 = 937500; << 1 = 1,875,000 */
	assert_int_equal(tcp_tsq_limit(TSQ_V6, R120, TS_GSO, 4194304, 7, 0), 937500);
	assert_int_equal(tcp_tsq_limit(TSQ_V6, R120, TS_GSO, 4194304, 7, 1), 1875000);
	/* shift 7 at 23,168,000: >> 7 = 181000 */
	assert_int_equal(tcp_tsq_limit(TSQ_V6, R23, TS_GSO, 4194304, 7, 0), 181000);
	/* 10 Gbit/s, shift 7: 1,250,000,000 >> 7 = 9765625 -> 4 MiB, << 1 8 MiB */
	assert_int_equal(tcp_tsq_limit(TSQ_V6, 1250000000, TS_GSO, 4194304, 7, 0), 4194304);
	assert_int_equal(tcp_tsq_limit(TSQ_V6, 1250000000, TS_GSO, 4194304, 7, 1), 8388608);
}

static void test_tsq_throttle(void **state)
{
	(void)state;
	/* 3.6-3.11 compare with >=: reaching the limit throttles */
	assert_true(tcp_tsq_throttled(TSQ_FIXED, 131072, 131072, false));
	assert_false(tcp_tsq_throttled(TSQ_FIXED, 131071, 131072, false));
	/* afterwards >: one byte over */
	assert_false(tcp_tsq_throttled(TSQ_MAX_SYSCTL, 131072, 131072, false));
	assert_true(tcp_tsq_throttled(TSQ_MAX_SYSCTL, 131073, 131072, false));
	assert_false(tcp_tsq_throttled(TSQ_MIN_MAX, 135168, 135168, false));
	assert_true(tcp_tsq_throttled(TSQ_DYN_312RC, 2241, 2240, false));
	assert_false(tcp_tsq_throttled(TSQ_DYN_312RC, 2240, 2240, false));
	/* the escape exists only in 6.x */
	assert_true(tcp_tsq_throttled(TSQ_MIN_MAX, 10000000, 135168, true));
	assert_false(tcp_tsq_throttled(TSQ_V6, 10000000, 135168, true));
	assert_true(tcp_tsq_throttled(TSQ_V6, 10000000, 135168, false));
	assert_false(tcp_tsq_throttled(TSQ_V6, 135168, 135168, false));
	assert_false(tcp_tsq_throttled(TSQ_NONE, INT64_MAX, UINT32_MAX, false));
}

static void test_tsq_defaults(void **state)
{
	(void)state;
	assert_int_equal(tcp_default_limit_output_bytes(TSQ_NONE), 0);
	assert_int_equal(tcp_default_limit_output_bytes(TSQ_FIXED), 131072);
	assert_int_equal(tcp_default_limit_output_bytes(TSQ_MAX_SYSCTL), 131072);
	assert_int_equal(tcp_default_limit_output_bytes(TSQ_MIN_MAX), 262144);
	assert_int_equal(tcp_default_limit_output_bytes(TSQ_V6), 4194304);
}

/* --- GSO size goal --------------------------------------------------- */

static uint32_t goal(enum gso_mode m, uint64_t rate, uint32_t win)
{
	return tcp_size_goal(m, MSS, rate, win, GSO_MAX, HLEN, SEGS, 0, 10);
}

static void test_gso_312(void **state)
{
	(void)state;
	/* 23,000,000 / 2000 = 11500 -> 7 * 1448 = 10136 */
	assert_int_equal(goal(GSO_AUTOSIZE_312, 23000000, BIGWIN), 10136);
	/* 23,168,000 / 2000 = 11584 = 8 * 1448 exactly */
	assert_int_equal(goal(GSO_AUTOSIZE_312, R23, BIGWIN), 11584);
	/* 120 MB/s: 60000 -> 41 * 1448 = 59368 */
	assert_int_equal(goal(GSO_AUTOSIZE_312, R120, BIGWIN), 59368);
	/* 200 MB/s: 100000 -> min(100000, 65536 - 1 - 52 = 65483) -> 45 * 1448
	 * = 65160 */
	assert_int_equal(goal(GSO_AUTOSIZE_312, 200000000, BIGWIN), 65160);
	/* unset rate ~0U: 4294967295 / 2000 = 2147483 -> 65160 */
	assert_int_equal(goal(GSO_AUTOSIZE_312, UINT64_MAX, BIGWIN), 65160);
	/* 50 ms flow: 579,200 / 2000 = 289 < 2 * 1448 -> 2896 */
	assert_int_equal(goal(GSO_AUTOSIZE_312, 579200, BIGWIN), 2896);
	/* half window: max_window 20000 -> 10000 -> 6 * 1448 = 8688 */
	assert_int_equal(goal(GSO_AUTOSIZE_312, 200000000, 20000), 8688);
	/* max_window 1000 -> 500 < mss -> mss */
	assert_int_equal(goal(GSO_AUTOSIZE_312, 200000000, 1000), MSS);
	/* no window seen yet: no bound */
	assert_int_equal(goal(GSO_AUTOSIZE_312, 200000000, 0), 65160);
	/* gso_max_segs 16: 16 * 1448 = 23168 */
	assert_int_equal(tcp_size_goal(GSO_AUTOSIZE_312, MSS, 200000000, BIGWIN, GSO_MAX,
				       HLEN, 16, 0, 10), 23168);
	assert_int_equal(tcp_tso_segs(GSO_AUTOSIZE_312, MSS, 23000000, BIGWIN, GSO_MAX,
				      HLEN, SEGS, 0, 10), 7);
}

/* 3.6-3.12.0: the goal capped at half of tcp_limit_output_bytes (3.12.0
 * tcp_xmit_size_goal), in whole segments */
static void test_gso_tsq_cap(void **state)
{
	(void)state;
	/* 131072 >> 1 = 65536 = 45 segments of 1448 (65160): no change */
	assert_int_equal(tcp_size_goal_tsq_cap(TSQ_FIXED, 45 * MSS, MSS, 131072), 45 * MSS);
	/* a lowered sysctl, 8192: 4096 / 1448 = 2 segments, 2896 */
	assert_int_equal(tcp_size_goal_tsq_cap(TSQ_DYN_312RC, 45 * MSS, MSS, 8192), 2 * MSS);
	assert_int_equal(tcp_size_goal_tsq_cap(TSQ_FIXED, 45 * MSS, MSS, 8192), 2 * MSS);
	/* below one segment: never less than mss */
	assert_int_equal(tcp_size_goal_tsq_cap(TSQ_DYN_312RC, 45 * MSS, MSS, 2048), MSS);
	/* after 98e09386 (and before TSQ) the sysctl no longer sizes skbs */
	assert_int_equal(tcp_size_goal_tsq_cap(TSQ_MAX_SYSCTL, 45 * MSS, MSS, 8192), 45 * MSS);
	assert_int_equal(tcp_size_goal_tsq_cap(TSQ_NONE, 45 * MSS, MSS, 8192), 45 * MSS);
}

static void test_gso_half_window(void **state)
{
	(void)state;
	/* < 3.12: 65483 -> 45 * 1448 = 65160, rate ignored */
	assert_int_equal(goal(GSO_HALF_WINDOW, UINT64_MAX, BIGWIN), 65160);
	assert_int_equal(goal(GSO_HALF_WINDOW, 579200, BIGWIN), 65160);
	/* 65535 window: cutoff 32767 -> 22 * 1448 = 31856 */
	assert_int_equal(goal(GSO_HALF_WINDOW, UINT64_MAX, 65535), 31856);
	/* window 300 < 512: cutoff is the whole window, 300 -> mss */
	assert_int_equal(goal(GSO_HALF_WINDOW, UINT64_MAX, 300), MSS);
	/* tcp_bound_to_half_wnd itself */
	assert_int_equal(tcp_bound_to_half_wnd(GSO_HALF_WINDOW, 20000, 65483), 10000);
	assert_int_equal(tcp_bound_to_half_wnd(GSO_HALF_WINDOW, 20000, 9000), 9000);
	assert_int_equal(tcp_bound_to_half_wnd(GSO_HALF_WINDOW, 300, 65483), 300);
	/* floor 68 - tcp_header_len (32) = 36 */
	assert_int_equal(tcp_bound_to_half_wnd(GSO_HALF_WINDOW, 20, 1000), 36);
	/* 520: halved when >= 512 (<= 4.x), not when <= 536 (6.x) */
	assert_int_equal(tcp_bound_to_half_wnd(GSO_HALF_WINDOW, 520, 1000), 260);
	assert_int_equal(tcp_bound_to_half_wnd(GSO_TSO_AUTOSIZE, 520, 1000), 520);
}

static void test_gso_tso_autosize(void **state)
{
	(void)state;
	/* 6.x at 1 Gbit/s: 125,000,000 >> 10 = 122070 -> min(.., 65536)
	 * -> 45 segs = 65160 (the skb goal, 65536 -> 45 segs, agrees) */
	assert_int_equal(goal(GSO_TSO_AUTOSIZE, 125000000, BIGWIN), 65160);
	assert_int_equal(tcp_tso_segs(GSO_TSO_AUTOSIZE, MSS, 125000000, BIGWIN, GSO_MAX,
				      HLEN, 100, 0, 10), 45);
	/* 10 Mbit/s: 1,250,000 >> 10 = 1220 < mss -> min_tso_segs 2 = 2896 */
	assert_int_equal(goal(GSO_TSO_AUTOSIZE, 1250000, BIGWIN), 2896);
	/* min_rtt 1 ms: 1000 >> 9 = 1 -> + 65536 >> 1 = 32768 -> 33988
	 * -> 23 segs = 33304 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE, MSS, 1250000, BIGWIN, GSO_MAX,
				       HLEN, SEGS, MS(1), 10), 33304);
	/* min_rtt 100 us: >> 9 = 0 -> + 65536 -> capped 65536 -> 65160 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE, MSS, 1250000, BIGWIN, GSO_MAX,
				       HLEN, SEGS, US(100), 10), 65160);
	/* 15.9 ms: 15900 >> 9 = 31 -> + (65536 >> 31) = 0 -> 2896;
	 * 16.384 ms: 32, not < 32 -> no term -> 2896 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE, MSS, 1250000, BIGWIN, GSO_MAX,
				       HLEN, SEGS, US(15900), 10), 2896);
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE, MSS, 1250000, BIGWIN, GSO_MAX,
				       HLEN, SEGS, US(16384), 10), 2896);
	/* mac80211 shift 7: 1,250,000 >> 7 = 9765 -> 6 segs = 8688;
	 * + min_rtt 4 ms: 4000 >> 9 = 7 -> + 512 = 10277 -> 7 segs = 10136 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE, MSS, 1250000, BIGWIN, GSO_MAX,
				       HLEN, SEGS, 0, 7), 8688);
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE, MSS, 1250000, BIGWIN, GSO_MAX,
				       HLEN, SEGS, MS(4), 7), 10136);
	/* half window bounds the skb: 20000 -> 10000 -> 6 segs = 8688 */
	assert_int_equal(goal(GSO_TSO_AUTOSIZE, 125000000, 20000), 8688);
	/* mvneta gso_max_segs 100 with mss 536: 65536 / 536 = 122 -> 100
	 * -> 53600 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE, 536, 125000000, BIGWIN, GSO_MAX,
				       HLEN, 100, 0, 10), 53600);
}

static void test_gso_tso_autosize_nortt(void **state)
{
	/* 4.4: MAX_TCP_HEADER = 128 + MAX_HEADER; with CONFIG_WLAN (no
	 * mesh) and no tunnels 128 + 96 = 224 */
	const uint32_t mth = 224;

	(void)state;
	/* 1 Gbit/s: min(122070, 65536 - 1 - 224 = 65311) -> 45 segs = 65160 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE_NORTT, MSS, 125000000, BIGWIN, GSO_MAX,
				       mth, SEGS, 0, 10), 65160);
	/* 50 MB/s: 50,000,000 >> 10 = 48828 -> 33 segs = 47784 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE_NORTT, MSS, 50000000, BIGWIN, GSO_MAX,
				       mth, SEGS, 0, 10), 47784);
	assert_int_equal(tcp_tso_segs(GSO_TSO_AUTOSIZE_NORTT, MSS, 50000000, BIGWIN, GSO_MAX,
				      mth, SEGS, 0, 10), 33);
	/* no min_rtt term: 10 Mbit/s with a 100 us RTT stays at 2 segs */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE_NORTT, MSS, 1250000, BIGWIN, GSO_MAX,
				       mth, SEGS, US(100), 10), 2896);
	/* unset u32 rate: 4294967295 >> 10 = 4194303 -> 65311 -> 65160 */
	assert_int_equal(tcp_size_goal(GSO_TSO_AUTOSIZE_NORTT, MSS, UINT64_MAX, BIGWIN, GSO_MAX,
				       mth, SEGS, 0, 10), 65160);
}

/* tcp_rtt_estimator on jiffies at HZ 100 (rto_min = 20 jiffies): one-
 * jiffy samples after two-jiffy ones leave srtt8 at 15, not 8. */
static void test_rtt_estimator_jiffies(void **state)
{
	struct tcp_rtt_est e = { 0 };
	int i;

	(void)state;
	/* first sample: srtt8 = 8, mdev = 2, rttvar = max(2, 20) */
	assert_int_equal(tcp_rtt_estimator(&e, 1, 20, 0, 10), 21);
	assert_int_equal(e.srtt8, 8);
	assert_int_equal(e.mdev, 2);
	assert_int_equal(e.rttvar, 20);
	/* eight samples of 2: srtt8 climbs 9..16 one step at a time */
	for (i = 0; i < 7; i++)
		tcp_rtt_estimator(&e, 2, 20, 0, 10);
	assert_int_equal(e.srtt8, 15);
	assert_int_equal(e.mdev, 4);
	assert_int_equal(tcp_rtt_estimator(&e, 2, 20, 0, 10), 22);
	assert_int_equal(e.srtt8, 16);
	/* back to 1: 1 - (16 >> 3) = -1 -> 15, then 1 - (15 >> 3) = 0 sticks */
	tcp_rtt_estimator(&e, 1, 20, 0, 10);
	assert_int_equal(e.srtt8, 15);
	for (i = 0; i < 10; i++)
		assert_int_equal(tcp_rtt_estimator(&e, 1, 20, 0, 10), 21);
	assert_int_equal(e.srtt8, 15);
	assert_int_equal(e.mdev, 3);
	/* a sample of 0 counts as 1 */
	tcp_rtt_estimator(&e, 0, 20, 0, 10);
	assert_int_equal(e.srtt8, 15);
}

/* PRR per era (tcp_cwnd_reduction in 3.12.0, 4.4.155, 6.18.2). ssthresh
 * 10 and prior_cwnd 20; an ACK delivering 2 (prr_delivered 5 with it,
 * prr_out 3). */
static void test_prr_sndcnt(void **state)
{
	struct tcp_prr p = { .rule = PRR_3X, .ssthresh = 10, .prior_cwnd = 20,
			     .prr_delivered = 5, .prr_out = 3, .delivered = 2 };

	(void)state;
	/* in_flight 6, delta 4: owed max(5 - 3, 2) = 2. 3.x: min(4, 3) */
	p.in_flight = 6;
	assert_int_equal(tcp_prr_sndcnt(&p), 3);
	/* 4.4: + 1 only when retransmitted data was ACKed and no
	 * retransmission was found lost */
	p.rule = PRR_44;
	assert_int_equal(tcp_prr_sndcnt(&p), 2);
	p.retrans_acked = true;
	assert_int_equal(tcp_prr_sndcnt(&p), 3);
	p.lost_retrans = true;
	assert_int_equal(tcp_prr_sndcnt(&p), 2);
	/* 6.x: + 1 when snd_una advanced and nothing was newly lost */
	p.rule = PRR_6X;
	assert_int_equal(tcp_prr_sndcnt(&p), 2);
	p.una_advanced = true;
	assert_int_equal(tcp_prr_sndcnt(&p), 3);
	p.newly_lost = true;
	assert_int_equal(tcp_prr_sndcnt(&p), 2);
	/* above ssthresh (in_flight 14), proportional: prr_delivered 7,
	 * prr_out 2: ceil(10 * 7 / 20) - 2 = 2, the same in every era */
	p.in_flight = 14;
	p.prr_delivered = 7;
	p.prr_out = 2;
	assert_int_equal(tcp_prr_sndcnt(&p), 2);
	p.rule = PRR_3X;
	assert_int_equal(tcp_prr_sndcnt(&p), 2);
	/* nothing allowed (delta 0): a fast retransmission still goes; in
	 * 6.x the reduction's first, while prr_out is 0 */
	p.in_flight = 10;
	p.delivered = 0;
	p.prr_delivered = 2;
	p.fast_rexmit = true;
	assert_int_equal(tcp_prr_sndcnt(&p), 1);
	p.fast_rexmit = false;
	assert_int_equal(tcp_prr_sndcnt(&p), 0);
	p.rule = PRR_6X;
	assert_int_equal(tcp_prr_sndcnt(&p), 0);
	p.prr_out = 0;
	assert_int_equal(tcp_prr_sndcnt(&p), 1);
}

/* The echoed timestamp's age (tcp_ack_update_rtt's fallback): 4.4 in
 * whole jiffies, 0 within one; 6.x in whole ms, at least 1 ms. */
static void test_tsecr_age(void **state)
{
	sim_time_t tick = 4 * PS_PER_MS;	/* HZ 250 */

	(void)state;
	/* 4.4, TSval at 10.5 ms, now 11.9 ms: the same jiffy (8-12 ms) */
	assert_int_equal(tcp_tsecr_age_us(false, tick, 11900 * PS_PER_US, 10500 * PS_PER_US), 0);
	/* now 12.1 ms: one jiffy later, 4000 us for 1.6 ms of real age */
	assert_int_equal(tcp_tsecr_age_us(false, tick, 12100 * PS_PER_US, 10500 * PS_PER_US), 4000);
	/* 6.x: 0.3 ms within one ms counts as 1 ms; 2.4 ms across 3
	 * boundaries (10.5 -> 12.9) is 2 ms */
	assert_int_equal(tcp_tsecr_age_us(true, tick, 10800 * PS_PER_US, 10500 * PS_PER_US), 1000);
	assert_int_equal(tcp_tsecr_age_us(true, tick, 12900 * PS_PER_US, 10500 * PS_PER_US), 2000);
}

/* rttvar follows the window's mdev_max up at once and down by a quarter
 * of the gap per window of data (snd_una past rtt_seq). */
static void test_rtt_estimator_rttvar(void **state)
{
	struct tcp_rtt_est e = { 0 };

	(void)state;
	tcp_rtt_estimator(&e, 1, 20, 0, 10);
	/* 40: m = 39, srtt8 = 47, mdev = 2 + 39 = 41 -> rttvar 41 */
	assert_int_equal(tcp_rtt_estimator(&e, 40, 20, 0, 10), 5 + 41);
	assert_int_equal(e.srtt8, 47);
	assert_int_equal(e.rttvar, 41);
	/* window closes (una 11 > 10): mdev 41 - 10 = 31; mdev_max reset */
	assert_int_equal(tcp_rtt_estimator(&e, 5, 20, 11, 20), 5 + 41);
	assert_int_equal(e.mdev, 31);
	assert_int_equal(e.mdev_max, 20);
	assert_int_equal(e.rtt_seq, 20);
	/* mdev 31 - 7 = 24 = mdev_max; rttvar 41 - (17 >> 2) = 37 */
	assert_int_equal(tcp_rtt_estimator(&e, 5, 20, 21, 30), 5 + 37);
	assert_int_equal(e.rttvar, 37);
}

/* microseconds (>= 3.15): 100, 180, 60 us; rttvar at rto_min 200000 */
static void test_rtt_estimator_usec(void **state)
{
	struct tcp_rtt_est e = { 0 };

	(void)state;
	assert_int_equal(tcp_rtt_estimator(&e, 100, 200000, 0, 10), 200100);
	/* m = 80, srtt8 = 880, mdev = 200 + 80 - 50 = 230 */
	assert_int_equal(tcp_rtt_estimator(&e, 180, 200000, 11, 20), 200110);
	assert_int_equal(e.mdev, 230);
	/* m = -50, srtt8 = 830; 50 - 57 = -7 is not shifted: mdev = 223 */
	assert_int_equal(tcp_rtt_estimator(&e, 60, 200000, 21, 30), 200103);
	assert_int_equal(e.srtt8, 830);
	assert_int_equal(e.mdev, 223);
}

static void assert_blocks(uint64_t blk[][2], int num, const uint64_t *want, int n)
{
	int i;

	assert_int_equal(num, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(blk[i][0], want[2 * i]);
		assert_int_equal(blk[i][1], want[2 * i + 1]);
	}
}

/* tcp_sack_new_ofo_skb / tcp_sack_remove on a worked sequence */
static void test_sack_blocks(void **state)
{
	uint64_t blk[TCP_NUM_SACKS][2];
	int num = 0;

	tcp_sack_blocks_add(blk, &num, 10, 20);
	assert_blocks(blk, num, (const uint64_t[]){ 10, 20 }, 1);
	tcp_sack_blocks_add(blk, &num, 30, 40);		/* new: to the front */
	assert_blocks(blk, num, (const uint64_t[]){ 30, 40, 10, 20 }, 2);
	tcp_sack_blocks_add(blk, &num, 25, 28);
	assert_blocks(blk, num, (const uint64_t[]){ 25, 28, 30, 40, 10, 20 }, 3);
	/* touches the most recent block first, [25,28) -> [20,28), which
	 * then coalesces with [10,20) */
	tcp_sack_blocks_add(blk, &num, 20, 25);
	assert_blocks(blk, num, (const uint64_t[]){ 10, 28, 30, 40 }, 2);
	tcp_sack_blocks_add(blk, &num, 28, 30);		/* fills the gap */
	assert_blocks(blk, num, (const uint64_t[]){ 10, 40 }, 1);
	tcp_sack_blocks_add(blk, &num, 50, 60);
	tcp_sack_blocks_add(blk, &num, 70, 80);
	tcp_sack_blocks_add(blk, &num, 90, 100);
	tcp_sack_blocks_add(blk, &num, 110, 120);	/* the oldest falls off */
	assert_blocks(blk, num, (const uint64_t[]){ 110, 120, 90, 100, 70, 80, 50, 60 }, 4);
	tcp_sack_blocks_add(blk, &num, 75, 78);		/* inside: no change but order */
	assert_blocks(blk, num, (const uint64_t[]){ 70, 80, 110, 120, 90, 100, 50, 60 }, 4);
	tcp_sack_blocks_remove(blk, &num, 60);		/* rcv_nxt reached [50,60) */
	assert_blocks(blk, num, (const uint64_t[]){ 70, 80, 110, 120, 90, 100 }, 3);
	tcp_sack_blocks_remove(blk, &num, 120);
	assert_int_equal(num, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_srtt_repr),
		cmocka_unit_test(test_pacing_jiffies),
		cmocka_unit_test(test_pacing_usec),
		cmocka_unit_test(test_tsq_limit_3x),
		cmocka_unit_test(test_tsq_limit_4x_6x),
		cmocka_unit_test(test_tsq_throttle),
		cmocka_unit_test(test_tsq_defaults),
		cmocka_unit_test(test_gso_312),
		cmocka_unit_test(test_gso_tsq_cap),
		cmocka_unit_test(test_gso_half_window),
		cmocka_unit_test(test_gso_tso_autosize),
		cmocka_unit_test(test_gso_tso_autosize_nortt),
		cmocka_unit_test(test_rtt_estimator_jiffies),
		cmocka_unit_test(test_tsecr_age),
		cmocka_unit_test(test_prr_sndcnt),
		cmocka_unit_test(test_rtt_estimator_rttvar),
		cmocka_unit_test(test_rtt_estimator_usec),
		cmocka_unit_test(test_sack_blocks),
		cmocka_unit_test(test_sndbuf_expand_v6),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
