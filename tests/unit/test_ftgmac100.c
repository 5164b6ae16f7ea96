// SPDX-License-Identifier: MIT
/*
 * ftgmac100's TX completion rule (src/drivers/net/ethernet/faraday/
 * ftgmac100.c), with worked numbers on a BMC that sends 5 UDP datagrams
 * of 56 bytes, 1 ms apart (one frame each), to an ideal peer:
 *  - ftgmac100-6.6: only RPKT_BUF is enabled, so no interrupt comes and
 *    no poll runs: 5 frames on the wire, 0 descriptors reclaimed, 5 still
 *    held.
 *  - the same with one ping from the peer at 20 ms: its echo request
 *    raises RPKT_BUF, the poll reclaims the 5, sends the reply and keeps
 *    polling while the reply's descriptor is outstanding (the poll's
 *    "cleanable" rule): 6 reclaimed, 0 held, 1 RX interrupt, 0 TX.
 *  - ftgmac100-6.11: XPKT_ETH is enabled: one TX interrupt per frame (the
 *    poll completes between frames 1 ms apart), 5 reclaimed, 0 held.
 *  - the stop rule: a 32-entry ring keeps one slot empty and stops the
 *    queue when fewer than TX_THRESHOLD (18) are free, i.e. with 14
 *    descriptors held (31 - 14 = 17 < 18); with nothing reclaimed, 14
 *    frames leave and the queue stays stopped.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "kernel/host.h"

static const char *const base[] = {
	"sim.duration=50ms", "link.rate=1Gbit",
	"host.bmc.platform=ast2600", "host.bmc.kernel=6.x",
	"host.peer.platform=x86-64", "host.peer.kernel=6.x", "host.peer.driver=ideal",
	"app.u.type=udp", "app.u.host=bmc", "app.u.dest=peer", "app.u.size=56",
	"app.u.interval=1ms", "app.u.count=5", NULL,
};

struct outcome {
	struct nic_queue_stats st;
	struct nic_info info;
	uint32_t stops;
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
		if (strcmp(w.hosts[i].name, "bmc"))
			continue;
		nic_queue_stats(&w.hosts[i], 0, &o->st);
		nic_info(&w.hosts[i], &o->info);
		o->stops = (uint32_t)w.hosts[i].dev.txq[0].stops;
	}
	world_destroy(&w);
	scenario_free(&s);
}

static void test_no_rx_no_reclaim(void **state)
{
	struct outcome o;

	(void)state;
	run("host.bmc.driver=ftgmac100-6.6", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 0);
	assert_int_equal(o.st.ring_used, 5);
	assert_int_equal(o.info.irq_tx, 0);
	assert_int_equal(o.info.irq_rx, 0);
}

static void test_rx_runs_the_reclaim(void **state)
{
	struct outcome o;

	(void)state;
	run("host.bmc.driver=ftgmac100-6.6 app.p.type=ping app.p.host=peer "
	    "app.p.dest=bmc app.p.count=1 app.p.start=20ms", &o);
	assert_int_equal(o.st.packets, 6);
	assert_int_equal(o.st.reclaimed, 6);
	assert_int_equal(o.st.ring_used, 0);
	assert_int_equal(o.info.irq_rx, 1);
	assert_int_equal(o.info.irq_tx, 0);
}

static void test_tx_irq_runs_the_reclaim(void **state)
{
	struct outcome o;

	(void)state;
	run("host.bmc.driver=ftgmac100-6.11", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.st.ring_used, 0);
	assert_int_equal(o.info.irq_tx, 5);
}

static void test_stop_threshold(void **state)
{
	struct outcome o;

	(void)state;
	run("host.bmc.driver=ftgmac100-6.6 host.bmc.ethtool.tx=32 app.u.count=20 "
	    "app.u.interval=0s", &o);
	assert_int_equal(o.st.ring_size, 32);
	assert_int_equal(o.st.packets, 14);
	assert_int_equal(o.st.ring_used, 14);
	assert_int_equal(o.st.reclaimed, 0);
	assert_int_equal(o.stops, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_rx_no_reclaim),
		cmocka_unit_test(test_rx_runs_the_reclaim),
		cmocka_unit_test(test_tx_irq_runs_the_reclaim),
		cmocka_unit_test(test_stop_threshold),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
