// SPDX-License-Identifier: MIT
/*
 * stmmac's TX completion rules (src/drivers/net/ethernet/stmicro/stmmac/
 * stmmac_main.c), with worked numbers on an S802 board (cortex-a9, HZ 100:
 * a jiffy is 10 ms) that sends UDP datagrams of 56 bytes (one descriptor
 * each) to an ideal peer over 1 Gbit/s, and receives nothing:
 *  - stmmac-3.18, 5 datagrams 1 ms apart: each clears IC (5 < tx-frames
 *    64) and re-arms the timer to jiffies + usecs_to_jiffies(40000) = 4;
 *    the last xmit (4 ms, jiffy 0) leaves it due at jiffy 4: at 35 ms
 *    nothing is reclaimed and 5 are held; by 50 ms the timer has run once
 *    and reclaimed the 5; no TX interrupt.
 *  - stmmac-3.18, 64 back to back: the 64th keeps IC, one TX interrupt,
 *    the poll reclaims all 64 well before the timer (35 ms: 0 runs).
 *  - stmmac-4.19 without BQL, 5 datagrams 1 ms apart: usecs_to_jiffies(1000)
 *    = 1, the timer runs at jiffy 1 (10 ms) and schedules NAPI: 5
 *    reclaimed by 15 ms, one timer run, no TX interrupt. With BQL (the
 *    era's default) the limit starts at 0: the first frame stops the queue
 *    until the timer's poll completes it, 1 sent by 9 ms.
 *  - stmmac-6.x without BQL, 5 datagrams 1 ms apart: the 5 ms hrtimer is started anew
 *    by each xmit, so it runs 5 ms after the last (4 ms): nothing
 *    reclaimed at 8.9 ms, 5 at 10 ms, one run; 25 back to back: the 25th
 *    carries IC, one TX interrupt.
 *  - stmmac-7.2 without BQL, the same 5 datagrams: the first xmit (0 ms)
 *    starts the hrtimer and the next four leave the active timer alone,
 *    so it runs at 5 ms: nothing reclaimed at 4.9 ms, 5 at 5.5 ms (when
 *    6.x has reclaimed none), one run.
 *  - the stop rule: a 32-descriptor ring (dma_txsize) keeps one slot empty
 *    and stops the queue at stmmac_tx_avail <= MAX_SKB_FRAGS + 1 = 18, i.e.
 *    with 13 held (31 - 13 = 18); before the timer reclaims, 13 frames have
 *    left and the queue is stopped.
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
	"link.rate=1Gbit",
	"host.board.platform=cortex-a9", "host.board.kernel=3.13",
	"host.peer.platform=x86-64", "host.peer.kernel=3.13", "host.peer.driver=ideal",
	"app.u.type=udp", "app.u.host=board", "app.u.dest=peer", "app.u.size=56",
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
		if (strcmp(w.hosts[i].name, "board"))
			continue;
		nic_queue_stats(&w.hosts[i], 0, &o->st);
		nic_info(&w.hosts[i], &o->info);
		o->stops = (uint32_t)w.hosts[i].dev.txq[0].stops;
	}
	world_destroy(&w);
	scenario_free(&s);
}

static void test_318_timer_only(void **state)
{
	struct outcome o;

	(void)state;
	run("host.board.driver=stmmac-3.18 sim.duration=35ms", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 0);
	assert_int_equal(o.st.ring_used, 5);
	assert_int_equal(o.info.tx_timer_runs, 0);
	run("host.board.driver=stmmac-3.18 sim.duration=50ms", &o);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.st.ring_used, 0);
	assert_int_equal(o.info.tx_timer_runs, 1);
	assert_int_equal(o.info.irq_tx, 0);
}

static void test_318_ic_every_64(void **state)
{
	struct outcome o;

	(void)state;
	run("host.board.driver=stmmac-3.18 sim.duration=35ms app.u.count=64 "
	    "app.u.interval=0s", &o);
	assert_int_equal(o.st.packets, 64);
	assert_int_equal(o.info.irq_tx, 1);
	assert_int_equal(o.st.reclaimed, 64);
	assert_int_equal(o.info.tx_timer_runs, 0);
}

static void test_419_one_jiffy(void **state)
{
	struct outcome o;

	(void)state;
	run("host.board.driver=stmmac-4.19 host.board.bql=off sim.duration=15ms", &o);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.info.tx_timer_runs, 1);
	assert_int_equal(o.info.irq_tx, 0);
	/* with BQL: the limit starts at 0, so the first frame stops the
	 * queue (STACK_XOFF) until the timer's poll completes it */
	run("host.board.driver=stmmac-4.19 sim.duration=9ms", &o);
	assert_int_equal(o.st.packets, 1);
	assert_int_equal(o.st.reclaimed, 0);
}

static void test_6x_hrtimer(void **state)
{
	struct outcome o;

	(void)state;
	run("host.board.driver=stmmac-6.x host.board.bql=off sim.duration=8900us", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 0);
	run("host.board.driver=stmmac-6.x host.board.bql=off sim.duration=10ms", &o);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.info.tx_timer_runs, 1);
	assert_int_equal(o.info.irq_tx, 0);
	run("host.board.driver=stmmac-6.x host.board.bql=off sim.duration=3ms "
	    "app.u.count=25 app.u.interval=0s",
	    &o);
	assert_int_equal(o.info.irq_tx, 1);
	assert_int_equal(o.st.reclaimed, 25);
}

static void test_72_timer_from_first(void **state)
{
	struct outcome o;

	(void)state;
	run("host.board.driver=stmmac-7.2 host.board.bql=off sim.duration=4900us", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 0);
	run("host.board.driver=stmmac-7.2 host.board.bql=off sim.duration=5500us", &o);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.info.tx_timer_runs, 1);
	assert_int_equal(o.info.irq_tx, 0);
	run("host.board.driver=stmmac-6.x host.board.bql=off sim.duration=5500us", &o);
	assert_int_equal(o.st.reclaimed, 0);
	assert_int_equal(o.info.tx_timer_runs, 0);
}

static void test_stop_threshold(void **state)
{
	struct outcome o;

	(void)state;
	run("host.board.driver=stmmac-3.18 host.board.ethtool.tx=32 sim.duration=30ms "
	    "app.u.count=40 app.u.interval=0s", &o);
	assert_int_equal(o.st.ring_size, 32);
	assert_int_equal(o.st.packets, 13);
	assert_int_equal(o.st.ring_used, 13);
	assert_int_equal(o.st.reclaimed, 0);
	assert_int_equal(o.stops, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_318_timer_only),
		cmocka_unit_test(test_318_ic_every_64),
		cmocka_unit_test(test_419_one_jiffy),
		cmocka_unit_test(test_6x_hrtimer),
		cmocka_unit_test(test_72_timer_from_first),
		cmocka_unit_test(test_stop_threshold),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
