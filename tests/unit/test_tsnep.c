// SPDX-License-Identifier: MIT
/*
 * tsnep's interrupt rule (src/drivers/net/ethernet/engleder/tsnep_main.c,
 * src/hw/tsnep/), with worked timings: a PC sends 5 UDP datagrams of 56
 * bytes to the board, 40 us apart (t = 0, 40, 80, 120, 160 us, each on
 * the wire for under 1 us), and the board's poll takes a few us:
 *  - tsnep-5.17: no interrupt delay: one interrupt per frame, 5.
 *  - tsnep-6.2, 64 us (the default): the frame at 0 starts the delay, the
 *    one at 40 joins it, the interrupt comes at 64 with both; the frame at
 *    80 starts the next (144, with 120), the one at 160 the last (224): 3.
 *  - tsnep-6.2, rx-usecs 50: the register holds 50 / 16 = 3 units, 48 us:
 *    interrupts at 48, 128, 208: 3. rx-usecs 16: each frame's delay runs
 *    out before the next arrives: 5. rx-usecs 0: 5, as 5.17.
 *  - tsnep-6.2, 64 us, frames 20 us apart (0 .. 80): the frames at 0, 20,
 *    40 and 60 go with the interrupt at 64; the one at 80 arrives after the
 *    poll has enabled the interrupt again and starts its own (144): 2.
 *  - ping from the PC: the echo reply's TX completion raises the board's
 *    second interrupt per ping (it completes after the poll): 6 for 3
 *    pings in either era, every reply reclaimed; the 6.2 round trip is
 *    64 us longer (the request waits out the delay on the board).
 *  - the settings each era refuses (ethtool -C, -G) and the range of
 *    rx-usecs (at most 255 us).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "kernel/host.h"

static const char *const base[] = {
	"sim.duration=20ms", "link.rate=1Gbit",
	"host.board.platform=cortex-a53", "host.board.kernel=6.x",
	"host.pc.platform=x86-64", "host.pc.kernel=6.x", "host.pc.driver=ideal",
	"app.u.type=udp", "app.u.host=pc", "app.u.dest=board", "app.u.size=56",
	"app.u.interval=40us", "app.u.count=5", NULL,
};

struct outcome {
	struct nic_queue_stats st;
	struct nic_info info;
	uint64_t irqs;
	double	rtt_avg_us;	/* apps.u.rtt_us.avg, for a ping */
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
	{
		json_t *res = world_results(&w);
		json_t *rtt = json_object_get(json_object_get(json_object_get(
				json_object_get(res, "apps"), "u"), "rtt_us"), "avg");

		o->rtt_avg_us = rtt ? json_number_value(rtt) : -1;
		json_decref(res);
	}
	for (i = 0; i < w.nr_hosts; i++) {
		if (strcmp(w.hosts[i].name, "board"))
			continue;
		nic_queue_stats(&w.hosts[i], 0, &o->st);
		nic_info(&w.hosts[i], &o->info);
		o->irqs = w.hosts[i].irqs[0].count;
	}
	world_destroy(&w);
	scenario_free(&s);
}

static void expect_irqs(const char *more, uint64_t irqs)
{
	struct outcome o;

	run(more, &o);
	assert_int_equal(o.info.rx_packets, 5);
	assert_int_equal(o.info.irq_rx, irqs);
	assert_int_equal(o.irqs, irqs);
}

static void test_517_one_per_frame(void **state)
{
	(void)state;
	expect_irqs("host.board.driver=tsnep-5.17", 5);
}

static void test_62_default_delay(void **state)
{
	(void)state;
	expect_irqs("host.board.driver=tsnep-6.2", 3);
	expect_irqs("host.board.driver=tsnep-6.2 app.u.interval=20us", 2);
}

static void test_62_rx_usecs(void **state)
{
	(void)state;
	expect_irqs("host.board.driver=tsnep-6.2 host.board.ethtool.rx-usecs=50us", 3);
	expect_irqs("host.board.driver=tsnep-6.2 host.board.ethtool.rx-usecs=16us", 5);
	expect_irqs("host.board.driver=tsnep-6.2 host.board.ethtool.rx-usecs=0", 5);
}

static void test_ping_reclaim(void **state)
{
	const char *era[] = { "tsnep-5.17", "tsnep-6.2" };
	double rtt[2];
	char more[256];
	struct outcome o;
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		snprintf(more, sizeof(more), "host.board.driver=%s app.u.type=ping "
			 "app.u.interval=1ms app.u.count=3", era[i]);
		run(more, &o);
		assert_int_equal(o.st.packets, 3);
		assert_int_equal(o.st.reclaimed, 3);
		assert_int_equal(o.st.ring_used, 0);
		assert_int_equal(o.info.irq_rx, 3);
		assert_int_equal(o.info.irq_tx, 3);
		assert_int_equal(o.irqs, 6);
		rtt[i] = o.rtt_avg_us;
	}
	/* the request waits out the 64 us delay on the board; the reply's
	 * TX-done delay does not hold the reply (ping prints whole us) */
	assert_true(rtt[0] > 0);
	assert_true(rtt[1] - rtt[0] >= 63 && rtt[1] - rtt[0] <= 65);
}

static int cap_refused(const char *driver, enum nic_field f, const char *set)
{
	struct nic_config cfg;
	char msg[256];

	memset(&cfg, 0xff, sizeof(cfg));	/* every field SCN_UNSET (-1) */
	cfg.tx_reclaim = cfg.tx_select = cfg.tx_arbiter = NULL;
	cfg.tx_wrr_weight = NULL;
	if (!strcmp(set, "usecs"))
		cfg.rx_usecs = cfg.tx_usecs = 64 * PS_PER_US;
	else if (!strcmp(set, "frames"))
		cfg.rx_frames = cfg.tx_frames = 8;
	else if (!strcmp(set, "ring"))
		cfg.tx_ring = cfg.rx_ring = 128;
	return nic_cap_check(driver, &cfg, f, msg, sizeof(msg)) != 0;
}

static void test_refusals(void **state)
{
	(void)state;
	assert_true(cap_refused("tsnep-5.17", NIC_F_RX_USECS, "usecs"));
	assert_false(cap_refused("tsnep-6.2", NIC_F_RX_USECS, "usecs"));
	assert_true(cap_refused("tsnep-6.2", NIC_F_TX_USECS, "usecs"));
	assert_true(cap_refused("tsnep-6.2", NIC_F_RX_FRAMES, "frames"));
	assert_true(cap_refused("tsnep-6.2", NIC_F_TX_FRAMES, "frames"));
	assert_true(cap_refused("tsnep-6.2", NIC_F_TX_RING, "ring"));
	assert_true(cap_refused("tsnep-5.17", NIC_F_RX_RING, "ring"));
}

static void test_rx_usecs_range(void **state)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;
	const char *const *p;

	(void)state;
	scenario_init(&s);
	for (p = base; *p; p++)
		assert_int_equal(scenario_set(&s, *p, &err), 0);
	assert_int_equal(scenario_set_list(&s, "host.board.driver=tsnep-6.2 "
					   "host.board.ethtool.rx-usecs=256us", &err), 0);
	assert_int_equal(scenario_check(&s, &err), 0);
	assert_int_not_equal(world_build(&w, &s, &err), 0);
	assert_non_null(strstr(err.msg, "above 255"));
	world_destroy(&w);	/* what world_build set up before the refusal */
	scenario_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_517_one_per_frame),
		cmocka_unit_test(test_62_default_delay),
		cmocka_unit_test(test_62_rx_usecs),
		cmocka_unit_test(test_ping_reclaim),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_rx_usecs_range),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
