// SPDX-License-Identifier: MIT
/*
 * bcmgenet-6.x's adaptive RX coalescing (ethtool -C adaptive-rx, net_dim;
 * src/drivers/net/ethernet/broadcom/genet/bcmgenet.c, src/lib/dim/), with
 * worked numbers. A PC (ideal) sends to a Raspberry Pi 4 (bcm2711,
 * bcmgenet-6.x) over 1 Gbit/s.
 *  - turning it on programs net_dim's default EQE profile into ring 16:
 *    DMA_MBUF_DONE_THRESH 256 frames and DMA_RING16_TIMEOUT
 *    DIV_ROUND_UP(8 * 1000, 8192) = 1 unit, read back (as
 *    bcmgenet_get_coalesce does) as 1 * 8192 / 1000 = 8 us; off leaves the
 *    driver's 1 frame, no timeout.
 *  - sparse ping, 100 echo requests 100 ms apart: one frame per RX
 *    interrupt, 100 interrupts either way. On, each request waits for the
 *    8.192 us timeout (256 frames never gather): the round trip is 8 us
 *    longer (16 -> 24 us here). net_dim sees one window of 64 events; as
 *    in 6.x, bcmgenet_desc_rx leaves the packets and bytes of its last
 *    pass (1 frame, the same size) in the sample, so the window's gaps are
 *    0, no better than the zero it starts from: it stays parked on
 *    profile 0 and writes nothing, the default profile stays in force.
 *  - bulk TCP receive (stream, 2 s): on, net_dim moves the profile (it
 *    writes new ones) and the RX interrupts fall below three quarters of
 *    those with adaptive-rx off (1 frame, no timeout) and of those with
 *    its default profile fixed (rx-usecs 8, rx-frames 256), at no loss of
 *    goodput. net_dim starts from profile 0, so the share falls as the
 *    run goes on (with the bcm2711's estimated costs: 0.77 of off over
 *    1 s, 0.74 over 2 s); 2 s is the shortest run that shows it.
 *  - bcmgenet-4.4 refuses adaptive-rx on, naming the commit.
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
#include "sim/engine/util.h"

static const char *const base[] = {
	"link.rate=1Gbit",
	"host.rpi.platform=bcm2711", "host.rpi.kernel=6.x",
	"host.pc.platform=x86-64", "host.pc.kernel=6.x", "host.pc.driver=ideal", NULL,
};

struct outcome {
	struct nic_info info;
	double	rtt_avg_us, goodput_mbps;
};

static double app_number(json_t *res, const char *key, const char *sub)
{
	json_t *v = json_object_get(json_object_get(json_object_get(res, "apps"), "a"), key);

	if (sub)
		v = json_object_get(v, sub);
	return v ? json_number_value(v) : -1;
}

/* world_build's result: 0, or -1 with its message in why */
static int run(const char *more, struct outcome *o, char *why, size_t len)
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
	memset(o, 0, sizeof(*o));
	if (world_build(&w, &s, &err)) {
		strscpy(why, err.msg, len);
		world_destroy(&w);
		scenario_free(&s);
		return -1;
	}
	assert_int_equal(world_run(&w, NULL, NULL), 0);
	{
		json_t *res = world_results(&w);

		o->rtt_avg_us = app_number(res, "rtt_us", "avg");
		o->goodput_mbps = app_number(res, "goodput_mbps", NULL);
		json_decref(res);
	}
	for (i = 0; i < w.nr_hosts; i++)
		if (!strcmp(w.hosts[i].name, "rpi"))
			nic_info(&w.hosts[i], &o->info);
	world_destroy(&w);
	scenario_free(&s);
	return 0;
}

#define G6	"host.rpi.driver=bcmgenet-6.x "
#define ON	"host.rpi.ethtool.adaptive-rx=on "
#define BULK	"sim.duration=2s app.a.type=stream app.a.host=pc app.a.dest=rpi "
#define PING	"sim.duration=11s app.a.type=ping app.a.host=pc app.a.dest=rpi " \
		"app.a.interval=100ms app.a.count=100 "
#define IDLE	"sim.duration=1ms "

static void test_default_profile(void **state)
{
	struct outcome o;
	char why[256];

	(void)state;
	assert_int_equal(run(G6 IDLE, &o, why, sizeof(why)), 0);
	assert_int_equal(o.info.rx_dim_on, 0);
	assert_int_equal(o.info.rx_coal_frames, 1);
	assert_int_equal(o.info.rx_coal_usecs, 0);
	assert_int_equal(run(G6 ON IDLE, &o, why, sizeof(why)), 0);
	assert_int_equal(o.info.rx_dim_on, 1);
	assert_int_equal(o.info.rx_coal_frames, 256);
	assert_int_equal(o.info.rx_coal_usecs, 8);
}

static void test_sparse_ping(void **state)
{
	struct outcome off, on;
	char why[256];

	(void)state;
	assert_int_equal(run(G6 PING, &off, why, sizeof(why)), 0);
	assert_int_equal(run(G6 ON PING, &on, why, sizeof(why)), 0);
	assert_int_equal(off.info.rx_packets, 100);
	assert_int_equal(on.info.rx_packets, 100);
	assert_int_equal(off.info.irq_rx, 100);
	assert_int_equal(on.info.irq_rx, 100);
	assert_int_equal(on.info.rx_dim_profile, 0);
	assert_int_equal(on.info.rx_dim_applied, 0);
	assert_int_equal(on.info.rx_coal_frames, 256);
	assert_int_equal(on.info.rx_coal_usecs, 8);
	assert_true(off.rtt_avg_us > 0);
	assert_true(on.rtt_avg_us - off.rtt_avg_us >= 8 && on.rtt_avg_us - off.rtt_avg_us <= 9);
}

static void test_bulk_receive(void **state)
{
	struct outcome off, on, fixed;
	char why[256];

	(void)state;
	assert_int_equal(run(G6 BULK, &off, why, sizeof(why)), 0);
	assert_int_equal(run(G6 ON BULK, &on, why, sizeof(why)), 0);
	assert_int_equal(run(G6 BULK "host.rpi.ethtool.rx-usecs=8 host.rpi.ethtool.rx-frames=256",
			     &fixed, why, sizeof(why)), 0);
	print_message("rx irqs: off %llu, default profile fixed %llu, adaptive %llu "
		      "(%llu profiles written, profile %d at the end)\n",
		      (unsigned long long)off.info.irq_rx, (unsigned long long)fixed.info.irq_rx,
		      (unsigned long long)on.info.irq_rx,
		      (unsigned long long)on.info.rx_dim_applied, on.info.rx_dim_profile);
	assert_true(on.info.irq_rx * 4 < fixed.info.irq_rx * 3);
	assert_int_equal(off.info.rx_dim_applied, 0);
	assert_true(on.info.rx_dim_applied > 0);
	assert_true(on.info.rx_packets > 0 && off.info.rx_packets > 0);
	assert_true(on.info.irq_rx * 4 < off.info.irq_rx * 3);
	assert_true(on.goodput_mbps >= off.goodput_mbps * 0.99);
}

static void test_refused_before_6(void **state)
{
	struct outcome o;
	char why[256];

	(void)state;
	assert_int_equal(run("host.rpi.driver=bcmgenet-4.4 " ON IDLE, &o, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "does not support ethtool -C adaptive-rx on"));
	assert_non_null(strstr(why, "Add support for adaptive RX coalescing"));
	assert_int_equal(run("host.rpi.driver=bcmgenet-4.4 host.rpi.ethtool.adaptive-rx=off "
			     IDLE, &o, why, sizeof(why)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_profile),
		cmocka_unit_test(test_sparse_ping),
		cmocka_unit_test(test_bulk_receive),
		cmocka_unit_test(test_refused_before_6),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
