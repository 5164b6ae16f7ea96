// SPDX-License-Identifier: MIT
/*
 * igb-6.x's interrupt throttle and TX ring rules (src/drivers/net/
 * ethernet/intel/igb/igb_main.c on the I210 model, src/hw/igb/), with
 * worked numbers. An x86-64 host sends 56-byte UDP datagrams, 10 us
 * apart, to an ideal peer at 1 Gbit/s: each is a 98-byte frame on two
 * descriptors (a checksum context descriptor and the data, EOP | RS).
 *
 * EITR holds the interval in bits 14:2 in microseconds: igb_set_coalesce
 * stores usecs << 2, so the interval is itr_val >> 2 us.
 *  - rx-usecs 0 (ITR off): igb_write_itr writes 0x4, 1 us: every frame's
 *    write-back raises its own message. T_k, the instant of the k-th TX
 *    interrupt there, is the k-th frame's completion.
 *  - The I210's EITR is 0 at reset and igb writes it only in the
 *    interrupt handler (igb_msix_ring -> igb_write_itr, set_itr from
 *    igb_assign_vector), with CNT_IGNR: the first two messages (T_1,
 *    T_2) are never throttled, whatever the setting.
 *  - rx-usecs 100 (a fixed interval, itr_setting 400): the 3rd message
 *    at exactly T_2 + 100 us, the 4th at T_2 + 200 us.
 *  - rx-usecs 3 (the default, dynamic conservative): the first handler
 *    writes IGB_START_ITR 648 (162 us); the first poll's
 *    igb_update_ring_itr (4 queue vectors: x86-64 has 4 CPUs, so
 *    igb_set_flag_queue_pairs pairs them) takes the average wire size
 *    98 + 24 = 122, /2 = 61, raised to IGB_20K_ITR 196 in conservative
 *    mode (49 us), written by the 2nd handler. The 2nd message started a
 *    162 us interval: the 3rd comes at T_2 + 162 us, the 4th 49 us later.
 * The ring: with bql = off and ethtool -G tx 64 on a 10 Mbit/s link
 * (a frame every 97.6 us) and datagrams every microsecond,
 * igb_maybe_stop_tx(DESC_NEEDED = 21) stops the queue after the 22nd
 * frame (63 - 44 = 19 free < 21), so at most 44 descriptors are held
 * and the queue stops at least once.
 * And the refusals of igb_set_coalesce, igb_set_ringparam,
 * igb_set_channels and the link rates.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <string.h>
#include "irq_fixture.h"

static const char *const base[] = {
	"sim.duration=30ms", "link.rate=1Gbit",
	"host.pc.platform=x86-64", "host.pc.kernel=6.x", "host.pc.driver=igb-6.x",
	"host.peer.platform=x86-64", "host.peer.kernel=6.x", "host.peer.driver=ideal",
	"app.u.type=udp", "app.u.host=pc", "app.u.dest=peer", "app.u.size=56",
	"app.u.interval=10us", "app.u.count=20", NULL,
};

static const struct irq_fixture fx = { base, "pc" };

static int build(struct world *w, struct scenario *s, const char *more, struct scn_error *err)
{
	return irq_fixture_build(&fx, w, s, more, err);
}

static uint64_t irq_tx_at(const char *more, sim_time_t t)
{
	return irq_fixture_tx_at(&fx, more, t);
}

/* T_k: the first instant with k TX interrupts with the throttle off. */
static sim_time_t frame_done(int k)
{
	return irq_fixture_kth(&fx, "host.pc.ethtool.rx-usecs=0", (uint64_t)k, 20 * PS_PER_MS);
}

/* With more: the n-th TX interrupt comes at exactly t. */
static void nth_irq_at(const char *more, uint64_t n, sim_time_t t)
{
	assert_int_equal(irq_tx_at(more, t - 1), n - 1);
	assert_int_equal(irq_tx_at(more, t), n);
}

static void test_itr_off_per_frame(void **state)
{
	(void)state;
	/* a message per frame: 20 */
	assert_int_equal(irq_tx_at("host.pc.ethtool.rx-usecs=0", 30 * PS_PER_MS), 20);
	assert_true(frame_done(2) - frame_done(1) >= 10 * PS_PER_US);
}

static void test_itr_fixed_100us(void **state)
{
	const char *more = "host.pc.ethtool.rx-usecs=100us";
	sim_time_t t2 = frame_done(2);

	(void)state;
	nth_irq_at(more, 1, frame_done(1));
	nth_irq_at(more, 2, t2);
	nth_irq_at(more, 3, t2 + 100 * PS_PER_US);
	nth_irq_at(more, 4, t2 + 200 * PS_PER_US);
}

static void test_itr_dynamic_conservative(void **state)
{
	sim_time_t t2 = frame_done(2);

	(void)state;
	nth_irq_at("", 2, t2);
	nth_irq_at("", 3, t2 + 162 * PS_PER_US);	/* IGB_START_ITR 648 >> 2 */
	nth_irq_at("", 4, t2 + 211 * PS_PER_US);	/* + IGB_20K_ITR 196 >> 2 */
}

static void test_ring_stop(void **state)
{
	struct scn_error err = { { 0 } };
	struct nic_queue_stats st = { 0 };
	struct scenario s;
	struct world w;
	struct host *h;
	uint64_t stops = 0;
	int q;

	(void)state;
	assert_int_equal(build(&w, &s, "link.rate=10Mbit host.pc.bql=off host.pc.ethtool.tx=64 "
			       "host.pc.txq_number=1 app.u.interval=1us app.u.count=200", &err), 0);
	sim_run(&w.sim, 30 * PS_PER_MS);
	h = irq_fixture_dut(&fx, &w);
	for (q = 0; q < h->dev.real_num_tx_queues; q++)
		stops += h->dev.txq[q].stops;
	nic_queue_stats(h, 0, &st);
	assert_int_equal(st.ring_size, 64);
	assert_int_equal(st.ring_max_used, 44);
	assert_true(stops >= 1);
	world_destroy(&w);
	scenario_free(&s);
}

/* The queues and vectors igb sets up, BQL, the watchdog. */
static void queues(const char *more, int nr_txq, const char *const *vectors, bool bql)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;
	struct host *h;
	int i, n = 0;

	assert_int_equal(build(&w, &s, more, &err), 0);
	h = irq_fixture_dut(&fx, &w);
	assert_int_equal(h->dev.real_num_tx_queues, nr_txq);
	for (i = 0; i < h->nr_irqs; i++)
		if (!strncmp(h->irqs[i].name, "eth0-", 5))
			assert_string_equal(h->irqs[i].name, vectors[n++]);
	assert_null(vectors[n]);
	assert_int_equal(h->dev.txq[0].bql_on, bql);
	assert_int_equal(h->dev.watchdog_timeo, 5 * (uint64_t)h->hz);	/* 5 * HZ */
	world_destroy(&w);
	scenario_free(&s);
}

static void test_queue_pairs(void **state)
{
	/* 4 CPUs: min(4, 4) queues, > 4 / 2: paired, one vector each */
	static const char *const paired[] = { "eth0-TxRx-0", "eth0-TxRx-1", "eth0-TxRx-2",
					       "eth0-TxRx-3", NULL };
	/* ethtool -L combined 2: not paired, the RX vectors first */
	static const char *const two[] = { "eth0-rx-0", "eth0-rx-1", "eth0-tx-0", "eth0-tx-1",
					    NULL };

	(void)state;
	queues("", 4, paired, true);
	queues("host.pc.txq_number=2 host.pc.bql=off", 2, two, false);
}

static void refused(const char *more, const char *what)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;
	const char *const *p;
	int rc;

	scenario_init(&s);
	for (p = base; *p; p++)
		assert_int_equal(scenario_set(&s, *p, &err), 0);
	rc = scenario_set_list(&s, more, &err);
	if (!rc)
		rc = scenario_check(&s, &err);
	if (!rc) {
		rc = world_build(&w, &s, &err);
		world_destroy(&w);
	}
	scenario_free(&s);
	assert_int_not_equal(rc, 0);
	if (!strstr(err.msg, what))
		fail_msg("'%s': '%s' does not name %s", more, err.msg, what);
}

static void accepted(const char *more)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;

	if (build(&w, &s, more, &err))
		fail_msg("'%s' refused: %s", more, err.msg);
	world_destroy(&w);
	scenario_free(&s);
}

static void test_limits(void **state)
{
	(void)state;
	accepted("host.pc.ethtool.rx-usecs=1us");
	accepted("host.pc.ethtool.rx-usecs=10us");
	accepted("host.pc.ethtool.rx-usecs=10000us host.pc.ethtool.tx=4096 host.pc.ethtool.rx=64");
	accepted("host.pc.txq_number=2 host.pc.ethtool.tx-usecs=50us");
	accepted("link.rate=100Mbit");
	accepted("link.rate=10Mbit");
	refused("host.pc.ethtool.rx-usecs=2us", "rx-usecs");
	refused("host.pc.ethtool.rx-usecs=9us", "rx-usecs");
	refused("host.pc.ethtool.rx-usecs=10001us", "rx-usecs");
	refused("host.pc.ethtool.rx-usecs=1500ns", "rx-usecs");
	refused("host.pc.ethtool.tx-usecs=50us", "tx-usecs");	/* 4 paired queues */
	refused("host.pc.txq_number=3 host.pc.ethtool.tx-usecs=50us", "tx-usecs");
	refused("host.pc.ethtool.tx=100", "104");
	refused("host.pc.ethtool.rx=32", "64");
	refused("host.pc.txq_number=5", "txq_number");
	refused("host.pc.ethtool.tx-frames=4", "tx-frames");
	refused("link.rate=2500Mbit", "1000 Mbit/s");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_itr_off_per_frame),
		cmocka_unit_test(test_itr_fixed_100us),
		cmocka_unit_test(test_itr_dynamic_conservative),
		cmocka_unit_test(test_ring_stop),
		cmocka_unit_test(test_queue_pairs),
		cmocka_unit_test(test_limits),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
