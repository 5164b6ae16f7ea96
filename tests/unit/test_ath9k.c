// SPDX-License-Identifier: MIT
/*
 * ath9k's A-MPDU completion rule on the AR9003 model (src/drivers/net/
 * wireless/ath/ath9k/ath9k.c, src/hw/wifi/ar9003.h) and the TSQ limit
 * under mac80211's sk_pacing_shift, with worked numbers.
 *
 * Air time, MCS 15 HT40 short GI (N_DBPS 1080, 3.6 us symbols, the data
 * rounded up to 4 us): a PPDU costs AIFS 43 us (16 + 3 x 9) + the mean
 * backoff 67.5 us (7.5 x 9) + the HT-mixed preamble 40 us + the data +
 * SIFS 16 us + the response at 24 Mbit/s (block-ack 32 us, ACK 28 us).
 *  - a 1514-byte Ethernet frame is a 1538-byte MPDU (26 + 8 + 1500 + 4)
 *    and a 1544-byte subframe (4-byte delimiter, padded to 4);
 *  - 32 of them: 49408 bytes, ceil((22 + 8 x 49408) / 1080) = 367
 *    symbols = 1321.2 us -> 1324 us; the A-MPDU with its block-ack takes
 *    43 + 67.5 + 40 + 1324 + 16 + 32 = 1522.5 us, and all 32 skbs are
 *    freed together after it;
 *  - one 1538-byte MPDU alone: 12 symbols, 43.2 -> 44 us; with its ACK
 *    238.5 us;
 *  - a 56-byte UDP datagram (98-byte frame, 122-byte MPDU): one symbol,
 *    4 us; 198.5 us with its ACK;
 *  - 4 ms of symbols: 1111 x 1080 bits less 22 = 149982 bytes, so the
 *    65535-byte HT limit binds and half the block-ack window (32) binds
 *    before it: 32 x 1544 = 49408.
 * TSQ (4.x, TSQ_MIN_MAX): limit = min(max(2 x truesize, rate >> shift),
 * 262144). At 200 Mbit/s delivered, the congestion-avoidance pacing rate
 * is 120 %: 30,000,000 B/s:
 *   shift 10 (ath9k-4.15): 30000000 >> 10 = 29296 bytes
 *   shift 8  (ath9k-4.16): 30000000 >> 8 = 117187 bytes
 * One full A-MPDU of MSS skbs holds 32 x truesize (2304 on x86-64) =
 * 73728 bytes of sk_wmem_alloc until its block-ack: more than shift 10
 * allows, less than shift 8 does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "hw/wifi/ar9003.h"
#include "kernel/host.h"
#include "net/ipv4/tcp_formulas.h"

#define US(x)	((sim_time_t)((x) * 1000000.0))

static const char *const base[] = {
	"sim.duration=20ms", "link.rate=1Gbit",
	"host.sta.platform=x86-64", "host.sta.kernel=4.4",
	"host.peer.platform=x86-64", "host.peer.kernel=4.4", "host.peer.driver=ideal",
	NULL,
};

struct outcome {
	struct nic_queue_stats st;
	struct nic_info info;
	uint64_t stops, received;
	sim_time_t held_avg;
	int shift;
};

static void run(const char *more, struct outcome *o)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;
	const char *const *p;
	int i;

	scenario_init(&s);
	for (p = base; *p; p++)
		assert_int_equal(scenario_set(&s, *p, &err), 0);
	assert_int_equal(scenario_set_list(&s, more, &err), 0);
	assert_int_equal(scenario_check(&s, &err), 0);
	assert_int_equal(world_build(&w, &s, &err), 0);
	assert_int_equal(world_run(&w, NULL, NULL), 0);
	memset(o, 0, sizeof(*o));
	for (i = 0; i < w.nr_hosts; i++) {
		struct host *h = &w.hosts[i];
		struct sock *sk;

		if (!strcmp(h->name, "peer")) {
			o->received = h->port->peer->tx_frames;
			continue;
		}
		nic_queue_stats(h, 0, &o->st);
		nic_info(h, &o->info);
		o->stops = h->dev.txq[0].stops;
		for (sk = h->socks; sk; sk = sk->next) {
			if (sk->kind == SK_UDP && sk->freed)
				o->held_avg = sk->held_ps_total / (sim_time_t)sk->freed;
			if (sk->kind == SK_TCP)
				o->shift = sk->sk_pacing_shift;
		}
	}
	world_destroy(&w);
	scenario_free(&s);
}

static void test_airtime(void **state)
{
	(void)state;
	assert_int_equal(ar9003_mpdu_len(1514), 1538);
	assert_int_equal(ar9003_subframe_len(1538), 1544);
	assert_int_equal(ar9003_max_len_us(4000), 149982);
	assert_int_equal(ar9003_ppdu_time(32 * 1544, true), US(1522.5));
	assert_int_equal(ar9003_ppdu_time(1538, false), US(238.5));
	assert_int_equal(ar9003_ppdu_time(ar9003_mpdu_len(98), false), US(198.5));
}

/* One small datagram: a single MPDU, freed after its ACK (198.5 us) and
 * the interrupt and tasklet, never before. */
static void test_single_mpdu(void **state)
{
	struct outcome o;

	(void)state;
	run("host.sta.driver=ath9k-4.15 app.u.type=udp app.u.host=sta app.u.dest=peer "
	    "app.u.size=56 app.u.interval=1ms app.u.count=5", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.st.reclaim_events, 5);
	assert_int_equal(o.st.tx_frames, 1);	/* largest A-MPDU */
	assert_int_equal(o.st.ring_used, 0);
	assert_true(o.held_avg >= US(198.5));
	assert_true(o.held_avg < US(230));
	assert_int_equal(o.received, 5);
}

/* A UDP flood with a send buffer larger than the driver's queue (so the
 * socket does not block first: 212992 bytes hold only about 92 skbs of
 * truesize 2304): A-MPDUs of 32, each completed as one batch (32 skbs per
 * completion pass), and the queue stopped by ath_tx_start once
 * pending_frames exceeds txq_max_pending (123), at the 124th frame. */
static void test_flood_batches(void **state)
{
	struct outcome o;

	(void)state;
	run("host.sta.driver=ath9k-4.15 app.u.type=udp app.u.host=sta app.u.dest=peer "
	    "app.u.size=1472 app.u.interval=0s app.u.sndbuf=1000000 "
	    "host.sta.sysctl.wmem_max=4194304", &o);
	assert_int_equal(o.st.tx_frames, 32);
	assert_int_equal(o.st.ring_size, 123);
	assert_int_equal(o.st.ring_max_used, 124);
	assert_true(o.stops > 0);
	assert_int_equal(o.st.reclaimed, o.st.packets);
	/* after the first (short) aggregates every completion frees 32 */
	assert_true(o.st.reclaimed >= 32 * (o.st.reclaim_events - 3));
	/* an skb waits at least one A-MPDU's air time before it is freed */
	assert_true(o.held_avg > US(1522.5));
	assert_string_equal(o.info.fixed_by, "ath9k-4.16");
}

/* The TSQ limit for shift 10 and 8 at 30,000,000 B/s. */
static void test_tsq_limit(void **state)
{
	(void)state;
	assert_int_equal(tcp_tsq_limit(TSQ_MIN_MAX, 30000000, 2304, 262144, 10, 0), 29296);
	assert_int_equal(tcp_tsq_limit(TSQ_MIN_MAX, 30000000, 2304, 262144, 8, 0), 117187);
	assert_true(29296 < 32 * 2304 && 32 * 2304 < 117187);
}

/* The socket's shift: 10 on ath9k-4.15, 8 once mac80211's xmit saw it on
 * ath9k-4.16; bigger aggregates and more goodput on 4.16. */
static void test_pacing_shift_eras(void **state)
{
	struct outcome a, b;
	const char *tcp = "app.s.type=stream app.s.host=sta app.s.dest=peer sim.duration=1s";
	char buf[256];

	(void)state;
	snprintf(buf, sizeof(buf), "%s host.sta.driver=ath9k-4.15", tcp);
	run(buf, &a);
	snprintf(buf, sizeof(buf), "%s host.sta.driver=ath9k-4.16", tcp);
	run(buf, &b);
	assert_int_equal(a.shift, 10);
	assert_int_equal(b.shift, 8);
	assert_null(b.info.defect);
	/* MPDUs per block-ack: the mean A-MPDU grows with the shift */
	assert_true(a.st.reclaimed * b.st.reclaim_events <
		    b.st.reclaimed * a.st.reclaim_events);
	assert_true(b.received > a.received);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_airtime),
		cmocka_unit_test(test_single_mpdu),
		cmocka_unit_test(test_flood_batches),
		cmocka_unit_test(test_tsq_limit),
		cmocka_unit_test(test_pacing_shift_eras),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
