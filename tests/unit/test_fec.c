// SPDX-License-Identifier: MIT
/*
 * fec's TX interrupt moderation rule (src/hw/fec/fec.c, driven by
 * src/drivers/net/ethernet/freescale/fec_main.c), with worked numbers on
 * an i.MX8MQ-like host (cortex-a53) that sends 56-byte UDP datagrams to
 * an ideal peer, 100 us apart (the app's interval; the send path adds
 * its own time, so T_2 - T_1 is a little over 100 us).
 *
 * The clock: clk_ahb = 266666666 Hz (SYS1_PLL_266M, imx8mq.dtsi).
 * fec_enet_us_to_itr_clock(us) = us * (266666666 / 64000) / 1000
 *   = us * 4166 / 1000 (266666666 / 64000 = 4166.67, truncated);
 * one ICTT unit is 64 cycles = 240 ns, so
 *   tx-usecs 1000 (FEC_ITR_ICTT_DEFAULT): 4166 units
 *     = 266624 cycles = 4166 * 64 * 10^12 / 266666666 ps = 999840002 ps
 *     (999.84 us, truncated to the picosecond);
 *   tx-usecs 50: 50 * 4166 / 1000 = 208 units = 49920000 ps (49.92 us);
 *   tx-usecs 15731: 65535 units, the largest fec_enet_set_coalesce takes;
 *   15732: 65539 > 0xffff, refused.
 * T_k, the instant the k-th frame's last bit leaves, is measured on
 * fec-3.17, which raises TXF at once (no coalescing): the smallest time
 * at which k TX interrupts have been raised. The stack before the
 * doorbell is the same in both eras, so on fec-6.x:
 *  - defaults (ICFT 200, ICTT 4166 units): the first interrupt comes at
 *    exactly T_1 + 999840002 ps, not 1 ps earlier;
 *  - tx-usecs 50: at T_1 + 49920000 ps;
 *  - tx-frames 4 (ICTT 1000 us): at T_4 (the 4th frame, before the
 *    timer), the second at T_8, and the 9th and 10th frames, fewer than
 *    4, at T_9 + 999840002 ps by the timer;
 *  - tx-frames 0, tx-frames 1 or tx-usecs 0: fec_enet_itr_coal_set
 *    (b7ad21258f9e) writes TXIC0 = 0, coalescing off: an interrupt per
 *    frame, at T_1, T_2, ... as on fec-3.17;
 *  - rx-usecs 0 or rx-frames 0 turn only RX coalescing off: TX keeps
 *    the defaults (T_1 + 999840002).
 * And the refusals: tx-usecs 15732 and tx-frames 256 by the probe, with
 * the setting named; tx-usecs and adaptive-rx on fec-3.17 / adaptive-rx
 * on fec-6.x by cap.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <string.h>
#include "irq_fixture.h"

#define ICTT_DEFAULT_PS	999840002LL	/* 4166 units of 240 ns */
#define ICTT_50US_PS	49920000LL	/* 208 units */

static const char *const base[] = {
	"sim.duration=30ms", "link.rate=1Gbit",
	"host.imx.platform=cortex-a53", "host.imx.kernel=6.x",
	"host.peer.platform=x86-64", "host.peer.kernel=6.x", "host.peer.driver=ideal",
	"app.u.type=udp", "app.u.host=imx", "app.u.dest=peer", "app.u.size=56",
	"app.u.interval=100us", "app.u.count=10", NULL,
};

static const struct irq_fixture fx = { base, "imx" };

static int build(struct world *w, struct scenario *s, const char *more, struct scn_error *err)
{
	return irq_fixture_build(&fx, w, s, more, err);
}

static uint64_t irq_tx_at(const char *more, sim_time_t t)
{
	return irq_fixture_tx_at(&fx, more, t);
}

/* T_k: the first instant with k TX interrupts on fec-3.17 (bisection). */
static sim_time_t frame_done(int k)
{
	return irq_fixture_kth(&fx, "host.imx.driver=fec-3.17", (uint64_t)k, 20 * PS_PER_MS);
}

/* On fec-6.x with more: the n-th interrupt comes at exactly t. */
static void nth_irq_at(const char *more, uint64_t n, sim_time_t t)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "host.imx.driver=fec-6.x %s", more);
	assert_int_equal(irq_tx_at(buf, t - 1), n - 1);
	assert_int_equal(irq_tx_at(buf, t), n);
}

static void test_per_frame_without_coalescing(void **state)
{
	sim_time_t t1 = frame_done(1), t2 = frame_done(2);

	(void)state;
	/* one interrupt per frame, the frames 100 us apart */
	assert_int_equal(irq_tx_at("host.imx.driver=fec-3.17", 30 * PS_PER_MS), 10);
	assert_true(t2 - t1 >= 100 * PS_PER_US);	/* the app's interval at least */
}

static void test_ictt_default(void **state)
{
	(void)state;
	nth_irq_at("", 1, frame_done(1) + ICTT_DEFAULT_PS);
}

static void test_ictt_50us(void **state)
{
	(void)state;
	nth_irq_at("host.imx.ethtool.tx-usecs=50us", 1, frame_done(1) + ICTT_50US_PS);
}

static void test_icft_then_timer(void **state)
{
	const char *more = "host.imx.ethtool.tx-frames=4";

	(void)state;
	nth_irq_at(more, 1, frame_done(4));
	nth_irq_at(more, 2, frame_done(8));
	nth_irq_at(more, 3, frame_done(9) + ICTT_DEFAULT_PS);
	assert_int_equal(irq_tx_at("host.imx.driver=fec-6.x host.imx.ethtool.tx-frames=4",
				   30 * PS_PER_MS), 3);
}

static void test_zero_turns_coalescing_off(void **state)
{
	static const char *const off[] = {
		"host.imx.ethtool.tx-frames=0", "host.imx.ethtool.tx-frames=1",
		"host.imx.ethtool.tx-usecs=0",
	};
	sim_time_t t1 = frame_done(1), t2 = frame_done(2);
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		nth_irq_at(off[i], 1, t1);
		nth_irq_at(off[i], 2, t2);
	}
	nth_irq_at("host.imx.ethtool.rx-usecs=0", 1, t1 + ICTT_DEFAULT_PS);
	nth_irq_at("host.imx.ethtool.rx-frames=0", 1, t1 + ICTT_DEFAULT_PS);
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
	accepted("host.imx.driver=fec-6.x host.imx.ethtool.tx-usecs=15731us "
		 "host.imx.ethtool.tx-frames=255");
	refused("host.imx.driver=fec-6.x host.imx.ethtool.tx-usecs=15732us", "tx-usecs");
	refused("host.imx.driver=fec-6.x host.imx.ethtool.rx-usecs=15732us", "rx-usecs");
	refused("host.imx.driver=fec-6.x host.imx.ethtool.tx-frames=256", "tx-frames");
	refused("host.imx.driver=fec-6.x host.imx.ethtool.rx-frames=256", "rx-frames");
	refused("host.imx.driver=fec-3.17 host.imx.ethtool.tx-usecs=50us", "tx-usecs");
	refused("host.imx.driver=fec-6.x host.imx.ethtool.adaptive-rx=on", "adaptive-rx");
	refused("host.imx.driver=fec-6.x host.imx.ethtool.tx-usecs=1500ns", "tx-usecs");
	refused("host.imx.driver=fec-6.x host.imx.ethtool.tx=256", "fec");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_per_frame_without_coalescing),
		cmocka_unit_test(test_ictt_default),
		cmocka_unit_test(test_ictt_50us),
		cmocka_unit_test(test_icft_then_timer),
		cmocka_unit_test(test_zero_turns_coalescing_off),
		cmocka_unit_test(test_limits),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
