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
 * Two TX queues (txq_number 2, XPS: queue 0 for CPU 0, queue 1 for CPU 1;
 * BQL off), a sparse sender on CPU 0 (one datagram at 0 ms) and a steady
 * one on CPU 1 (a datagram every 0.5 ms: rate 896 kbit/s of 56 bytes, so
 * datagram k leaves at k x 0.5 ms exactly):
 *  - stmmac-4.14, tx-frames 256, 100 datagrams on queue 1 (the last at
 *    49.5 ms, jiffy 4): every xmit, on either queue, re-arms the one
 *    40 ms timer to jiffies + 4, so it is due at jiffy 8: queue 0's
 *    datagram is still held at 79 ms and reclaimed, with queue 1's 100, by
 *    the one timer run at 80 ms.
 *  - stmmac-4.19 with the same tx-frames 256 and tx-usecs 40000: queue 0's
 *    own timer, armed at jiffy 0, runs at jiffy 4 (40 ms): held at 39 ms,
 *    reclaimed by 41 ms while queue 1's 82 are all held (its timer is
 *    pushed to jiffy 8 like 4.14's).
 *  - stmmac-4.14 with its defaults (tx-frames 64) and queue 1 sending on:
 *    the one frame count is shared, queue 0's datagram counts 1 and queue
 *    1's 63rd (at 31 ms) reaches 64 and carries IC; its TX interrupt's
 *    NAPI poll cleans every queue: queue 0 held at 30 ms, reclaimed by
 *    32 ms, one TX interrupt, no timer run.
 *  - stmmac-4.19 with its defaults (1 ms: one jiffy): queue 0's timer runs
 *    at jiffy 1 (10 ms): held at 9.9 ms, reclaimed by 10.5 ms.
 *  - stmmac-6.x: queue 0's 5 ms hrtimer, restarted only by queue 0's
 *    xmits, runs at 5 ms: held at 4.9 ms, reclaimed by 5.5 ms, while
 *    queue 1's (restarted every 0.5 ms) has not run.
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

static const char *const base_mq[] = {
	"link.rate=1Gbit",
	"host.board.platform=cortex-a9", "host.board.kernel=3.13",
	"host.board.txq_number=2", "host.board.xps_cpus=1 2", "host.board.bql=off",
	"host.peer.platform=x86-64", "host.peer.kernel=3.13", "host.peer.driver=ideal",
	"app.a.type=udp", "app.a.host=board", "app.a.dest=peer", "app.a.size=56",
	"app.a.count=1", "app.a.cpu=0",
	"app.b.type=udp", "app.b.host=board", "app.b.dest=peer", "app.b.size=56",
	"app.b.rate=896kbit", "app.b.cpu=1", NULL,
};

struct outcome_mq {
	struct nic_queue_stats st[2];
	struct nic_info info;
};

static void run_mq(const char *more, struct outcome_mq *o)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;
	const char *const *p;
	int i;

	scenario_init(&s);
	for (p = base_mq; *p; p++)
		assert_int_equal(scenario_set(&s, *p, &err), 0);
	assert_int_equal(scenario_set_list(&s, more, &err), 0);
	assert_int_equal(scenario_check(&s, &err), 0);
	assert_int_equal(world_build(&w, &s, &err), 0);
	assert_int_equal(world_run(&w, NULL, NULL), 0);
	memset(o, 0, sizeof(*o));
	for (i = 0; i < w.nr_hosts; i++) {
		if (strcmp(w.hosts[i].name, "board"))
			continue;
		nic_queue_stats(&w.hosts[i], 0, &o->st[0]);
		nic_queue_stats(&w.hosts[i], 1, &o->st[1]);
		nic_info(&w.hosts[i], &o->info);
	}
	world_destroy(&w);
	scenario_free(&s);
}

static void test_414_shared_timer(void **state)
{
	struct outcome_mq o;

	(void)state;
	run_mq("host.board.driver=stmmac-4.14 host.board.ethtool.tx-frames=256 "
	       "app.b.count=100 sim.duration=79ms", &o);
	assert_int_equal(o.info.nr_txq, 2);
	assert_int_equal(o.st[0].packets, 1);
	assert_int_equal(o.st[1].packets, 100);
	assert_int_equal(o.st[0].reclaimed, 0);
	assert_int_equal(o.st[1].reclaimed, 0);
	assert_int_equal(o.info.tx_timer_runs, 0);
	run_mq("host.board.driver=stmmac-4.14 host.board.ethtool.tx-frames=256 "
	       "app.b.count=100 sim.duration=81ms", &o);
	assert_int_equal(o.st[0].reclaimed, 1);
	assert_int_equal(o.st[1].reclaimed, 100);
	assert_int_equal(o.info.tx_timer_runs, 1);
	assert_int_equal(o.info.irq_tx, 0);
}

static void test_419_per_queue_timer(void **state)
{
	struct outcome_mq o;

	(void)state;
	run_mq("host.board.driver=stmmac-4.19 host.board.ethtool.tx-frames=256 "
	       "host.board.ethtool.tx-usecs=40000 app.b.count=100 sim.duration=39ms", &o);
	assert_int_equal(o.st[0].packets, 1);
	assert_int_equal(o.st[0].reclaimed, 0);
	run_mq("host.board.driver=stmmac-4.19 host.board.ethtool.tx-frames=256 "
	       "host.board.ethtool.tx-usecs=40000 app.b.count=100 sim.duration=41ms", &o);
	assert_int_equal(o.st[0].reclaimed, 1);
	assert_int_equal(o.st[1].packets, 82);
	assert_int_equal(o.st[1].reclaimed, 0);
	assert_int_equal(o.info.tx_timer_runs, 1);
	run_mq("host.board.driver=stmmac-4.19 sim.duration=9900us", &o);
	assert_int_equal(o.st[0].reclaimed, 0);
	run_mq("host.board.driver=stmmac-4.19 sim.duration=10500us", &o);
	assert_int_equal(o.st[0].reclaimed, 1);
}

static void test_414_shared_count(void **state)
{
	struct outcome_mq o;

	(void)state;
	run_mq("host.board.driver=stmmac-4.14 sim.duration=30ms", &o);
	assert_int_equal(o.st[0].reclaimed, 0);
	assert_int_equal(o.info.irq_tx, 0);
	run_mq("host.board.driver=stmmac-4.14 sim.duration=32ms", &o);
	assert_int_equal(o.st[0].reclaimed, 1);
	assert_int_equal(o.st[1].reclaimed, 63);
	assert_int_equal(o.info.irq_tx, 1);
	assert_int_equal(o.info.tx_timer_runs, 0);
}

static void test_6x_per_queue_hrtimer(void **state)
{
	struct outcome_mq o;

	(void)state;
	run_mq("host.board.driver=stmmac-6.x sim.duration=4900us", &o);
	assert_int_equal(o.st[0].reclaimed, 0);
	run_mq("host.board.driver=stmmac-6.x sim.duration=5500us", &o);
	assert_int_equal(o.st[0].reclaimed, 1);
	assert_int_equal(o.st[1].reclaimed, 0);
	assert_int_equal(o.info.tx_timer_runs, 1);
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
		cmocka_unit_test(test_414_shared_timer),
		cmocka_unit_test(test_419_per_queue_timer),
		cmocka_unit_test(test_414_shared_count),
		cmocka_unit_test(test_6x_per_queue_hrtimer),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
