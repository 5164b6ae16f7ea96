// SPDX-License-Identifier: MIT
/*
 * bcmgenet's TX completion rules (src/drivers/net/ethernet/broadcom/genet/
 * bcmgenet.c, src/hw/bcmgenet/), with worked numbers. Queue 0 is ring 16
 * (128 descriptors), queue 1 is priority ring 0 (32); a queue stops when
 * 18 or fewer descriptors are free, i.e. at 14 used on ring 0.
 *  - bcmgenet-3.18, ping (1 s apart) on queue 1: no TX interrupt is
 *    unmasked until the ring stops, and the RX poll reclaims only ring 16.
 *    Ping's raw socket (sk_sndbuf 4480, allocation refused above twice
 *    that) can hold 13 echo requests: 13 go out, all 13 stay held, the
 *    ring never reaches 14 and nothing is reclaimed (every later ping
 *    fails with ENOBUFS).
 *  - the same on queue 0: each echo reply's RX poll reclaims ring 16 first:
 *    20 sent, 20 reclaimed, no TX interrupt.
 *  - bcmgenet-4.4 on queue 1: the TX NAPI's interrupt stays unmasked: one
 *    TX interrupt per ping, 20 reclaimed.
 *  - the done threshold (bcmgenet-4.4, 30 datagrams of 1400 B queued at
 *    once on ring 16, 100 Mbit/s so the ring backs up): MBDONE when the
 *    packets done reach tx-frames or the ring empties: tx-frames 16 gives
 *    interrupts at packets 16 and 30 (empty), 2; tx-frames 8 at 8, 16, 24
 *    and 30, 4; tx-frames 1, 30.
 *  - bcmgenet-3.18, the same 30 datagrams on queue 1: the queue stops at
 *    14 used and unmasks ring 0's interrupt; each completion then
 *    interrupts and reclaims until more than 18 are free, which masks it:
 *    17 interrupts, 17 reclaimed, 13 held at the end.
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
	"link.rate=1Gbit", "host.dut.platform=cortex-a9",
	"host.peer.platform=x86-64", "host.peer.kernel=6.x", "host.peer.driver=ideal", NULL,
};

struct outcome {
	struct nic_queue_stats st;
	struct nic_info info;
	uint32_t stops;
};

static void run(const char *more, int q, struct outcome *o)
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
		if (strcmp(w.hosts[i].name, "dut"))
			continue;
		nic_queue_stats(&w.hosts[i], q, &o->st);
		nic_info(&w.hosts[i], &o->info);
		o->stops = (uint32_t)w.hosts[i].dev.txq[q].stops;
	}
	world_destroy(&w);
	scenario_free(&s);
}

#define PING "sim.duration=21s app.p.type=ping app.p.host=dut app.p.dest=peer " \
	     "app.p.interval=1s app.p.count=20 "
#define UDP30 "sim.duration=50ms link.rate=100Mbit app.u.type=udp app.u.host=dut " \
	      "app.u.dest=peer app.u.size=1400 app.u.interval=0s app.u.count=30 "

static void test_priority_ring_holds(void **state)
{
	struct outcome o;

	(void)state;
	run(PING "host.dut.kernel=3.13 host.dut.driver=bcmgenet-3.18 app.p.hash_pick=1", 1, &o);
	assert_int_equal(o.st.ring_size, 32);
	assert_int_equal(o.st.packets, 13);
	assert_int_equal(o.st.ring_used, 13);
	assert_int_equal(o.st.reclaimed, 0);
	assert_int_equal(o.info.irq_tx, 0);
	assert_int_equal(o.stops, 0);
}

static void test_ring16_rx_poll(void **state)
{
	struct outcome o;

	(void)state;
	run(PING "host.dut.kernel=3.13 host.dut.driver=bcmgenet-3.18 app.p.hash_pick=0", 0, &o);
	assert_int_equal(o.st.ring_size, 128);
	assert_int_equal(o.st.packets, 20);
	assert_int_equal(o.st.reclaimed, 20);
	assert_int_equal(o.info.irq_tx, 0);
	assert_int_equal(o.info.irq_rx, 20);
}

static void test_tx_napi(void **state)
{
	struct outcome o;

	(void)state;
	run(PING "host.dut.kernel=4.4 host.dut.driver=bcmgenet-4.4 app.p.hash_pick=1", 1, &o);
	assert_int_equal(o.st.packets, 20);
	assert_int_equal(o.st.reclaimed, 20);
	assert_int_equal(o.st.ring_used, 0);
	assert_int_equal(o.info.irq_tx, 20);
}

static void test_done_threshold(void **state)
{
	static const struct { const char *frames; uint64_t irqs; } c[] = {
		{ "16", 2 }, { "8", 4 }, { "1", 30 },
	};
	char more[256];
	struct outcome o;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		snprintf(more, sizeof(more), UDP30 "host.dut.kernel=4.4 host.dut.driver=bcmgenet-4.4 "
			 "app.u.hash_pick=0 host.dut.ethtool.tx-frames=%s", c[i].frames);
		run(more, 0, &o);
		assert_int_equal(o.st.packets, 30);
		assert_int_equal(o.st.reclaimed, 30);
		assert_int_equal(o.info.irq_tx, c[i].irqs);
	}
}

static void test_stop_unmasks(void **state)
{
	struct outcome o;

	(void)state;
	run(UDP30 "host.dut.kernel=3.13 host.dut.driver=bcmgenet-3.18 app.u.hash_pick=1", 1, &o);
	assert_int_equal(o.st.packets, 30);
	assert_int_equal(o.st.ring_max_used, 14);
	assert_int_equal(o.st.reclaimed, 17);
	assert_int_equal(o.st.ring_used, 13);
	assert_int_equal(o.info.irq_tx, 17);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_priority_ring_holds),
		cmocka_unit_test(test_ring16_rx_poll),
		cmocka_unit_test(test_tx_napi),
		cmocka_unit_test(test_done_threshold),
		cmocka_unit_test(test_stop_unmasks),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
