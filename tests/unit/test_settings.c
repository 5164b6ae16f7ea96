// SPDX-License-Identifier: MIT
/*
 * Every [host.NAME] setting is honoured or refused (src/sim/run/settings.c).
 *
 * Checks: every key of a host's sections, given on host dut (with the
 * settings it depends on, where it has a condition), on every driver x
 * kernel x platform, is accepted by world_build() or refused with the
 * key's own --set as the location; the refusals equal the table written
 * here, so a change in what a driver, kernel or platform supports shows
 * up as a failure that names the cases. Also: the messages of the issue's
 * cases, the profile defaults `nicsim keys` prints, and the support
 * tables come from the same declarations.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sim/run/world.h"
#include "sim/run/settings.h"
#include "sim/engine/names.h"
#include "drivers/net/nic.h"

#define MVNETA	"mvneta-3.8 mvneta-3.13 mvneta-3.18 mvneta-4.4 mvneta-6.x"
#define PRE_314	"k:3.5 k:3.10 k:3.11 k:3.12-rc k:3.12.0+tsq-fix k:3.12 k:3.13"
#define FTG	"ftgmac100-6.6 ftgmac100-6.11"
#define USBNET	"usbnet-6.18 usbnet-6.19"
#define BCM	"bcmgenet-3.18 bcmgenet-4.4 bcmgenet-6.x"
#define BCM_NO_BQL	"bcmgenet-3.18 bcmgenet-4.4"
#define STM	"stmmac-3.18 stmmac-4.0 stmmac-4.14 stmmac-4.19 stmmac-6.x stmmac-7.2"
#define STM_1Q	"stmmac-3.18 stmmac-4.0"
#define VIO	"virtio_net-4.19 virtio_net-5.3 virtio_net-6.11"
#define ATH9K	"ath9k-4.15 ath9k-4.16"
#define TSN	"tsnep-5.17 tsnep-6.2"
#define FEC	"fec-3.17 fec-6.x"
#define IGB	"igb-6.x"
/* igb pairs its queues (and refuses tx-usecs) on hosts with more than 2 CPUs */
#define IGB_PAIRED	"igb-6.x@armada-xp igb-6.x@bcm2711 igb-6.x@cortex-a53 igb-6.x@cortex-a7 " \
			"igb-6.x@cortex-a9 igb-6.x@x86-64"
#define ALL	"*"

/*
 * One case: `set` on host dut (after `with`, the settings it needs, on
 * the drivers whose names start with `only`), and where it is refused:
 * blank-separated driver names, "k:KERNEL", "p:PLATFORM",
 * "DRIVER@PLATFORM" or "*" for everywhere; "" for nowhere.
 */
struct kase {
	const char	*set;
	const char	*with;
	const char	*only;
	const char	*refused;
};

static const struct kase cases[] = {
	{ "hz=1000", NULL, NULL, "" },
	{ "hz=200", NULL, NULL, "p:cortex-a53 p:bcm2711 p:x86-64 p:x86-64-vm" },
	{ "hz=500", NULL, NULL, "p:cortex-a53 p:bcm2711 p:x86-64 p:x86-64-vm" },
	{ "max_header=32", NULL, NULL, "" },
	{ "txq_number=2", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM_1Q " " VIO " " ATH9K " " TSN " " FEC },
	{ "rxq_number=2", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_queue_len=100", NULL, NULL, "" },
	{ "tx_queue_len=100", "qdisc=fq_codel", NULL, ALL },
	{ "tx_reclaim=rx-poll", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "qdisc=fq_codel", NULL, NULL, "" },
	{ "tx_select=cpu", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_select=kernel", NULL, NULL, "" },
	{ "rxq_def=0", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "irq_cpu=0", NULL, NULL, MVNETA " " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_fixed_prio=1", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_fixed_prio=1", "txq_number=1", "mvneta", ALL },
	{ "tx_arbiter=round-robin", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_arbiter=post-order", "txq_number=1", "mvneta", ALL },
	{ "tx_arbiter=post-order", "tx_wrr_weight=6", "mvneta", ALL },
	{ "tx_arbiter=round-robin", "tx_fixed_prio=255", "mvneta", ALL },
	{ "tx_arbiter=round-robin", "tx_fixed_prio=127", "mvneta", "" },
	{ "tx_wrr_weight=6", NULL, NULL, "ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_wrr_weight=6", "txq_number=1", "mvneta", ALL },
	{ "xps_cpus=1", NULL, NULL, "ideal " FTG " " USBNET " " STM " " VIO " " ATH9K " " TSN " " FEC },
	{ "xps_cpus=1", "tx_select=cpu", "mvneta", ALL },
	{ "xps_cpus=1", "txq_number=1", "mvneta", ALL },
	{ "xps_cpus=1", "txq_number=2", "stmmac-4.1", "" },
	{ "fq_codel_limit=100", NULL, NULL, ALL },
	{ "fq_codel_limit=100", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_flows=16", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_quantum=300", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_target=1ms", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_interval=10ms", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_ecn=0", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_ce_threshold=1ms", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_memory_limit=1MiB", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_drop_batch=8", "qdisc=fq_codel", NULL, "" },
	{ "fq_codel_ecn=1", "qdisc=pfifo_fast", NULL, ALL },
	/* tbf's options only with qdisc = tbf; qdisc = tbf alone lacks tc's
	 * mandatory rate and burst (tests/scenario/tbf_bottleneck.sh runs it) */
	{ "qdisc=tbf", NULL, NULL, ALL },
	{ "tbf_rate=10Mbit", NULL, NULL, ALL },
	{ "tbf_burst=10KiB", "qdisc=fq_codel", NULL, ALL },
	{ "tbf_limit=30KiB", NULL, NULL, ALL },
	{ "tbf_latency=20ms", NULL, NULL, ALL },
	/* fq's and prio's options only with their qdisc; tx_queue_len sets
	 * prio's pfifos, not fq */
	{ "qdisc=fq", NULL, NULL, "" },
	{ "qdisc=prio", NULL, NULL, "" },
	{ "fq_limit=100", NULL, NULL, ALL },
	{ "fq_limit=100", "qdisc=fq", NULL, "" },
	{ "fq_flow_limit=10", "qdisc=fq", NULL, "" },
	{ "fq_quantum=3000", "qdisc=fq", NULL, "" },
	{ "fq_initial_quantum=3000", "qdisc=fq", NULL, "" },
	{ "fq_maxrate=10Mbit", "qdisc=fq", NULL, "" },
	{ "fq_horizon=1s", "qdisc=fq", NULL, "" },
	{ "fq_horizon_drop=off", "qdisc=fq", NULL, "" },
	{ "fq_pacing=off", "qdisc=fq", NULL, "" },
	{ "fq_pacing=off", "qdisc=prio", NULL, ALL },
	{ "tx_queue_len=100", "qdisc=fq", NULL, ALL },
	{ "tx_queue_len=100", "qdisc=prio", NULL, "" },
	{ "prio_bands=4", NULL, NULL, ALL },
	{ "prio_bands=4", "qdisc=prio", NULL, "" },
	{ "prio_bands=4", "qdisc=fq", NULL, ALL },
	{ "prio_priomap=1 1 0", NULL, NULL, ALL },
	{ "prio_priomap=1 1 0", "qdisc=prio", NULL, "" },
	{ "bql=on", NULL, NULL, "mvneta-3.8 mvneta-3.13 mvneta-3.18 mvneta-4.4 ideal " FTG " usbnet-6.18 " BCM_NO_BQL " stmmac-3.18"
	  " virtio_net-4.19 virtio_net-5.3 " ATH9K " " TSN " " FEC },
	{ "bql=off", NULL, NULL, "" },
	{ "bql=on", "ethtool.tx-frames=0", "virtio_net", VIO },
	{ "bql_limit_min=0", "bql=off", "mvneta", ALL },
	{ "bql_limit_min=0", NULL, NULL, "mvneta-3.8 mvneta-3.13 mvneta-3.18 mvneta-4.4 ideal " FTG " usbnet-6.18 " BCM_NO_BQL " stmmac-3.18"
	  " virtio_net-4.19 virtio_net-5.3 " ATH9K " " TSN " " FEC },
	{ "bql_limit_min=0", "bql=off", "bcmgenet-6.x", ALL },
	{ "bql_limit_max=64KiB", NULL, NULL, "mvneta-3.8 mvneta-3.13 mvneta-3.18 mvneta-4.4 ideal " FTG " usbnet-6.18 " BCM_NO_BQL " stmmac-3.18"
	  " virtio_net-4.19 virtio_net-5.3 " ATH9K " " TSN " " FEC },
	{ "bql_hold_time=10ms", NULL, NULL, "mvneta-3.8 mvneta-3.13 mvneta-3.18 mvneta-4.4 ideal " FTG " usbnet-6.18 " BCM_NO_BQL " stmmac-3.18"
	  " virtio_net-4.19 virtio_net-5.3 " ATH9K " " TSN " " FEC },
	{ "tx_timer_period=5ms", NULL, NULL, "mvneta-3.13 mvneta-3.18 mvneta-4.4 mvneta-6.x ideal " FTG " " USBNET " " BCM " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_timer_period=5ms", "tx_reclaim=rx-poll", "mvneta", "" },
	{ "virtio_host_delay=1ms", NULL, NULL, MVNETA " ideal " FTG " " USBNET " " BCM " " STM " " ATH9K " " TSN " " FEC " " IGB },
	{ "tx_timer_period=5ms", "tx_reclaim=hrtimer", "mvneta", ALL },
	{ "ethtool.tx-frames=4", NULL, NULL, "ideal " FTG " " USBNET " bcmgenet-3.18 " VIO " " ATH9K " " TSN " fec-3.17 " IGB },
	{ "ethtool.tx-frames=0", NULL, "virtio_net", "virtio_net-4.19" },
	{ "ethtool.tx-frames=300", NULL, NULL, "ideal " FTG " " USBNET " " BCM_NO_BQL " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "ethtool.tx-frames=4", "tx_reclaim=hrtimer", "mvneta", "" },
	{ "ethtool.rx-frames=8", NULL, NULL, "ideal " FTG " " USBNET " bcmgenet-3.18 " STM " " VIO " " ATH9K " " TSN " fec-3.17 " IGB },
	{ "ethtool.rx-usecs=50", NULL, NULL, FTG " " USBNET " bcmgenet-3.18 " STM " " VIO " " ATH9K " tsnep-5.17 fec-3.17" },
	{ "ethtool.tx-usecs=100", NULL, NULL, MVNETA " ideal " FTG " " USBNET " " BCM " " VIO " " ATH9K " " TSN " fec-3.17 " IGB_PAIRED },
	/* tx-usecs 0 is a value of the setting: the drivers that take
	 * tx-usecs take 0 too, as their ethtool handlers do. stmmac: every
	 * era's stmmac_set_coalesce refuses only tx-usecs and tx-frames both
	 * 0 (EINVAL; stmmac_ethtool.c, 3.18 to 6.x); 0 alone is a timer due
	 * at once before 6.6, no timer from fa60b8163816 (6.6). fec-6.x:
	 * fec_enet_set_coalesce checks only the upper limits, and
	 * b7ad21258f9e turns coalescing off. igb: igb_set_coalesce takes 0
	 * (ITR off). mvneta's hrtimer period (no Linux handler: mvpp2's
	 * period is fixed) must be positive. */
	{ "ethtool.tx-usecs=0", NULL, NULL, MVNETA " ideal " FTG " " USBNET " " BCM " " VIO " " ATH9K " " TSN " fec-3.17 " IGB_PAIRED },
	{ "ethtool.tx-usecs=0", "ethtool.tx-frames=0", "stmmac", ALL },
	{ "ethtool.tx-usecs=0", "ethtool.tx-frames=0", "fec-6.x", "" },
	{ "ethtool.tx-usecs=0", "txq_number=2", "igb", "" },
	{ "ethtool.tx-usecs=0", "tx_reclaim=hrtimer", "mvneta", ALL },
	{ "ethtool.rx-usecs=0", NULL, "fec", "fec-3.17" },
	{ "ethtool.tx-usecs=100", "txq_number=2", "igb", "" },
	{ "ethtool.tx-usecs=100", "txq_number=3", "igb", ALL },
	{ "ethtool.rx-usecs=5us", NULL, "igb", ALL },
	{ "ethtool.tx=100", NULL, "igb", ALL },
	{ "txq_number=5", NULL, "igb", ALL },
	{ "ethtool.tx-usecs=100", "tx_reclaim=hrtimer", "mvneta", "" },
	{ "ethtool.tx=512", NULL, NULL, USBNET " " BCM " stmmac-4.14 stmmac-4.19 " VIO " " ATH9K " " TSN " " FEC },
	{ "ethtool.rx=128", NULL, NULL, USBNET " " BCM " stmmac-4.14 stmmac-4.19 " VIO " " ATH9K " " TSN " " FEC },
	{ "ethtool.tso=on", NULL, NULL, "mvneta-3.8 mvneta-3.13 " FTG " " USBNET " " BCM " " STM " " ATH9K " " TSN },
	{ "ethtool.tso=off", NULL, NULL, "" },
	{ "ethtool.adaptive-rx=on", NULL, NULL, MVNETA " ideal " FTG " " USBNET " " BCM_NO_BQL " " STM " " VIO " " ATH9K " " TSN " " FEC " " IGB },
	{ "ethtool.adaptive-rx=off", NULL, NULL, "" },
	{ "sysctl.tcp_wmem=4096 16384 4194304", NULL, NULL, "" },
	{ "sysctl.tcp_rmem=4096 87380 6291456", NULL, NULL, "" },
	{ "sysctl.tcp_limit_output_bytes=64KiB", NULL, NULL, "k:3.5" },
	{ "sysctl.tcp_congestion_control=reno", NULL, NULL, "" },
	{ "sysctl.tcp_ecn=1", NULL, NULL, "" },
	{ "sysctl.tcp_sack=0", NULL, NULL, "" },
	{ "sysctl.tcp_autocorking=0", NULL, NULL, PRE_314 },
	{ "sysctl.tcp_autocorking=1", NULL, NULL, PRE_314 },
	{ "sysctl.tcp_slow_start_after_idle=0", NULL, NULL, "" },
	{ "sysctl.wmem_default=64KiB", NULL, NULL, "" },
	{ "sysctl.wmem_max=1MiB", NULL, NULL, "" },
	/* a host's switch link and port: only with [switch], whatever the NIC */
	{ "link_rate=100Mbit", NULL, "ideal", ALL },
	{ "link_delay=1ms", NULL, "ideal", ALL },
	{ "port_rate=10Mbit", NULL, "ideal", ALL },
	{ "port_burst=10KiB", NULL, "ideal", ALL },
	/* [host.NAME.cost]: every key, by test_every_key_has_a_case */
	{ "cost.clock=800", NULL, NULL, "" },
};

/* The profile keys are the matrix itself. */
static bool is_profile_key(const char *section, const char *key)
{
	return !strcmp(section, "host.NAME") &&
	       (!strcmp(key, "platform") || !strcmp(key, "kernel") || !strcmp(key, "driver"));
}

/* "ethtool.tx-frames" for key tx-frames of [host.NAME.ethtool]. */
static void short_name(const char *section, const char *key, char *buf, size_t len)
{
	const char *sub = section + strlen("host.NAME");

	snprintf(buf, len, "%s%s%s", *sub ? sub + 1 : "", *sub ? "." : "", key);
}

static bool has_case(const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (!strncmp(cases[i].set, name, n) && cases[i].set[n] == '=')
			return true;
	return false;
}

/* Every key of a host's sections has a case (a cost key has one below). */
static void test_every_key_has_a_case(void **state)
{
	const char *key, *section;
	const void *field;
	struct scn_host h;
	char name[96];
	int pos = 0, missing = 0;

	memset(&h, 0, sizeof(h));
	while ((key = scenario_host_key_next(NULL, &h, &pos, &field, &section))) {
		if (is_profile_key(section, key) || !strcmp(section, "host.NAME.cost"))
			continue;
		short_name(section, key, name, sizeof(name));
		if (!has_case(name)) {
			print_error("no case for %s\n", name);
			missing++;
		}
	}
	assert_int_equal(missing, 0);
}

static struct scenario scn;	/* large: not on the stack */

/* dut on (platform, kernel, driver), then c's settings: NULL, or the
 * message of the refusal (which must be about c->set). */
static const char *build(const char *platform, const char *kernel, const char *driver,
			 const struct kase *c, char *why, size_t len)
{
	struct scn_error err = { { 0 } };
	char arg[160], head[200];
	struct world w;
	int rc;

	scenario_init(&scn);
	snprintf(arg, sizeof(arg), "host.dut.platform=%s", platform);
	assert_int_equal(scenario_set(&scn, arg, &err), 0);
	snprintf(arg, sizeof(arg), "host.dut.kernel=%s", kernel);
	assert_int_equal(scenario_set(&scn, arg, &err), 0);
	snprintf(arg, sizeof(arg), "host.dut.driver=%s", driver);
	assert_int_equal(scenario_set(&scn, arg, &err), 0);
	assert_int_equal(scenario_set(&scn, "host.peer.driver=ideal", &err), 0);
	if (!strncmp(driver, "usbnet", 6))	/* its MAC links at 10 or 100 Mbit/s */
		assert_int_equal(scenario_set(&scn, "link.rate=100Mbit", &err), 0);
	if (c->with) {
		snprintf(arg, sizeof(arg), "host.dut.%s", c->with);
		assert_int_equal(scenario_set(&scn, arg, &err), 0);
	}
	snprintf(arg, sizeof(arg), "host.dut.%s", c->set);
	if (scenario_set(&scn, arg, &err) || scenario_check(&scn, &err))
		fail_msg("%s: %s", arg, err.msg);
	memset(&w, 0, sizeof(w));
	rc = world_build(&w, &scn, &err);
	world_destroy(&w);
	scenario_free(&scn);
	if (!rc)
		return NULL;
	snprintf(head, sizeof(head), "--set %s: ", arg);
	if (strncmp(err.msg, head, strlen(head)))
		fail_msg("%s on %s/%s/%s refused for another key: %s", arg, platform,
			 kernel, driver, err.msg);
	snprintf(why, len, "%s", err.msg + strlen(head));
	return why;
}

/* Is (platform, kernel, driver) among the refused of spec? */
static bool listed(const char *spec, const char *platform, const char *kernel,
		   const char *driver)
{
	char buf[512], *tok, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", spec);
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!strcmp(tok, "*") || !strcmp(tok, driver) ||
		    (!strncmp(tok, "k:", 2) && !strcmp(tok + 2, kernel)) ||
		    (!strncmp(tok, "p:", 2) && !strcmp(tok + 2, platform)))
			return true;
		if (!strncmp(tok, driver, strlen(driver)) && tok[strlen(driver)] == '@' &&
		    !strcmp(tok + strlen(driver) + 1, platform))
			return true;
	}
	return false;
}

static int run_case(const struct kase *c, const char *const *platforms)
{
	const char *const *p, *const *k, *const *d, *why;
	char msg[512];
	int wrong = 0;

	for (d = nicsim_driver_names; *d; d++) {
		if (c->only && strncmp(*d, c->only, strlen(c->only)))
			continue;
		for (k = nicsim_kernel_names; *k; k++) {
			for (p = platforms; *p; p++) {
				bool want = listed(c->refused, *p, *k, *d);

				why = build(*p, *k, *d, c, msg, sizeof(msg));
				if (!why == !want)
					continue;
				print_error("%s%s%s on %s %s %s: %s\n", c->with ? c->with : "",
					    c->with ? ", " : "", c->set, *p, *k, *d,
					    why ? why : "accepted, expected refused");
				wrong++;
			}
		}
	}
	return wrong;
}

/*
 * The platforms of the matrix. Under AddressSanitizer (make check's
 * sanitizer build) it runs on four with refusals of their own (x86-64,
 * x86-64-vm, cortex-a53, bcm2711): a case on another platform runs the
 * same code with other names and numbers, at three times the cost. The
 * plain build runs all ten.
 */
static const char *const *matrix_platforms(void)
{
#ifdef __SANITIZE_ADDRESS__
	static const char *const some[] = { "x86-64", "x86-64-vm", "cortex-a53", "bcm2711", NULL };

	return some;
#else
	return nicsim_platform_names;
#endif
}

/* The whole matrix: each case on every driver x kernel x platform. */
static void test_matrix(void **state)
{
	int wrong = 0;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		wrong += run_case(&cases[i], matrix_platforms());
	assert_int_equal(wrong, 0);
}

/* Every cost key takes effect everywhere. */
static void test_matrix_costs(void **state)
{
	const char *key, *section;
	const void *field;
	struct scn_host h;
	char set[96];
	int pos = 0, wrong = 0;

	memset(&h, 0, sizeof(h));
	while ((key = scenario_host_key_next(NULL, &h, &pos, &field, &section))) {
		struct kase c = { set, NULL, NULL, "" };

		if (strcmp(section, "host.NAME.cost") || !strcmp(key, "clock"))
			continue;
		snprintf(set, sizeof(set), "cost.%s=100", key);
		wrong += run_case(&c, matrix_platforms());
	}
	assert_int_equal(wrong, 0);
}

/* The messages: ethtool's EOPNOTSUPP, a condition not met, a sysctl an
 * era lacks, a CONFIG_HZ the architecture lacks. */
static void test_messages(void **state)
{
	static const struct {
		const char *p, *k, *d, *set, *with, *want;
	} m[] = {
		{ "x86-64", "6.x", "ideal", "ethtool.tx-usecs=1000", NULL,
		  "driver 'ideal' does not support ethtool tx-usecs" },
		{ "armada-370", "3.13", "mvneta-3.13", "ethtool.tx-usecs=1000", NULL,
		  "tx-usecs takes effect only with tx_reclaim = hrtimer (this host "
		  "reclaims with tx-irq)" },
		{ "armada-370", "3.13", "mvneta-3.8", "tx_timer_period=5ms", "tx_reclaim=hrtimer",
		  "tx_timer_period takes effect only with tx_reclaim = xmit-timer or rx-poll "
		  "(this host reclaims with hrtimer)" },
		{ "armada-xp", "4.4", "mvneta-4.4", "xps_cpus=1", "tx_select=cpu",
		  "xps_cpus takes effect only with tx_select = kernel and txq_number > 1 "
		  "(this host picks TX queues by CPU: tx_select = cpu)" },
		{ "armada-370", "3.12", "mvneta-3.13", "ethtool.tso=on", NULL,
		  "driver 'mvneta-3.13' does not support ethtool -K tso on (mvneta's "
		  "software TSO came with 3.16)" },
		{ "armada-370", "3.12", "mvneta-4.4", "bql_limit_max=64KiB", NULL,
		  "driver 'mvneta-4.4' does not support bql_limit_max (this era's mvneta_tx "
		  "does not call netdev_tx_sent_queue)" },
		{ "armada-370", "3.12", "mvneta-3.13", "sysctl.tcp_autocorking=1", NULL,
		  "kernel '3.12' has no sysctl net.ipv4.tcp_autocorking (No such file or "
		  "directory: it came with 3.14)" },
		{ "x86-64", "3.5", "ideal", "sysctl.tcp_limit_output_bytes=1MiB", NULL,
		  "kernel '3.5' has no sysctl net.ipv4.tcp_limit_output_bytes (No such file or "
		  "directory: it came with 3.6)" },
		{ "x86-64", "6.x", "ideal", "hz=200", NULL,
		  "platform 'x86-64' has no CONFIG_HZ 200 (its architecture offers 100, "
		  "250, 300 or 1000)" },
		{ "x86-64", "6.x", "mvneta-6.x", "tx_queue_len=10", "qdisc=fq_codel",
		  "tx_queue_len takes effect only with qdisc = pfifo_fast or prio: it sets the "
		  "packet limit of pfifo_fast and of each of prio's bands; fq_codel's is "
		  "fq_codel_limit (this host has fq_codel)" },
		{ "x86-64", "6.x", "ideal", "tx_queue_len=10", "qdisc=fq",
		  "tx_queue_len takes effect only with qdisc = pfifo_fast or prio: it sets the "
		  "packet limit of pfifo_fast and of each of prio's bands; fq's is fq_limit "
		  "(this host has fq)" },
		{ "x86-64", "6.x", "mvneta-6.x", "irq_cpu=1", NULL,
		  "driver 'mvneta-6.x' does not support irq_cpu (its interrupt CPUs follow "
		  "its per-CPU interrupts and CPU_MAP)" },
	};
	char msg[512];
	size_t i;

	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		struct kase c = { m[i].set, m[i].with, NULL, NULL };
		const char *why = build(m[i].p, m[i].k, m[i].d, &c, msg, sizeof(msg));

		assert_non_null(why);
		assert_string_equal(why, m[i].want);
	}
}

/* A refusal points at the file line of the key. */
static void test_file_line(void **state)
{
	struct scn_error err = { { 0 } };
	struct world w;
	char path[] = "/tmp/test_settings_XXXXXX", want[128];
	FILE *f;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("[host.dut]\ndriver = ideal\n\n[host.dut.ethtool]\nrx-usecs = 10\n"
	      "tx-usecs = 1000\n[host.peer]\n", f);
	fclose(f);
	scenario_init(&scn);
	assert_int_equal(scenario_load(&scn, path, &err), 0);
	assert_int_equal(scenario_check(&scn, &err), 0);
	memset(&w, 0, sizeof(w));
	assert_int_equal(world_build(&w, &scn, &err), -1);
	snprintf(want, sizeof(want), "%s:6: driver 'ideal' does not support ethtool tx-usecs",
		 path);
	assert_string_equal(err.msg, want);
	world_destroy(&w);
	scenario_free(&scn);
	unlink(path);
}

/* Is word one of the blank-separated words of list? */
static bool word_in(const char *word, const char *list)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(list, word); p; p = strstr(p + 1, word))
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
	return false;
}

/* An [app.NAME] key on each app type: taken, or refused as the tool it
 * stands for has no such option. The table: key=value, the types that
 * take it. */
static void test_app_keys(void **state)
{
	static const char *const types[] = { "ping", "udp", "stream", "http", "tcp_rr", "udp_rr" };
	static const struct {
		const char *set, *takes;
	} k[] = {
		{ "count=3", "ping udp" }, { "interval=10ms", "ping udp" },
		{ "rate=1Mbit", "udp" }, { "nonblock=1", "udp" }, { "sndtimeo=1s", "udp" },
		{ "mode=sendfile", "http" }, { "read_size=64KiB", "stream http" },
		{ "rcvbuf=1MiB", "stream http tcp_rr" }, { "peer_cpu=0", "stream http tcp_rr udp_rr" },
		{ "size=1000", "ping udp stream http" },
		{ "sndbuf=64KiB", "ping udp stream http tcp_rr udp_rr" },
		{ "tos=16", "ping udp stream http tcp_rr udp_rr" },
		{ "start=1s", "ping udp stream http tcp_rr udp_rr" },
		{ "parallel=2", "stream" }, { "request=100", "tcp_rr udp_rr" },
		{ "response=100", "tcp_rr udp_rr" }, { "burst=2", "tcp_rr udp_rr" },
	};
	struct scn_error err = { { 0 } };
	char arg[128], want[256];
	struct world w;
	size_t i, t;

	(void)state;
	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		for (t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
			const char *sets[] = { "host.dut.driver=ideal", "host.peer.driver=ideal",
					       "sim.duration=2s" };
			bool takes = word_in(types[t], k[i].takes);
			size_t j;
			int rc;

			scenario_init(&scn);
			for (j = 0; j < sizeof(sets) / sizeof(sets[0]); j++)
				if (scenario_set(&scn, sets[j], &err))
					fail_msg("%s: %s", sets[j], err.msg);
			snprintf(arg, sizeof(arg), "app.a.type=%s", types[t]);
			assert_int_equal(scenario_set(&scn, arg, &err), 0);
			assert_int_equal(scenario_set(&scn, "app.a.host=dut", &err), 0);
			assert_int_equal(scenario_set(&scn, "app.a.dest=peer", &err), 0);
			snprintf(arg, sizeof(arg), "app.a.%s", k[i].set);
			assert_int_equal(scenario_set(&scn, arg, &err), 0);
			assert_int_equal(scenario_check(&scn, &err), 0);
			memset(&w, 0, sizeof(w));
			rc = world_build(&w, &scn, &err);
			world_destroy(&w);
			scenario_free(&scn);
			if (takes) {
				if (rc)
					fail_msg("%s on %s refused: %s", arg, types[t], err.msg);
				continue;
			}
			snprintf(want, sizeof(want), "--set %s: app.a: a %s app takes no %.*s (only %s)",
				 arg, types[t], (int)strcspn(k[i].set, "="), k[i].set, k[i].takes);
			assert_int_equal(rc, -1);
			assert_string_equal(err.msg, want);
		}
	}
}

static void assert_prefix(const char *s, const char *prefix)
{
	if (strncmp(s, prefix, strlen(prefix)))
		fail_msg("\"%s\" does not start with \"%s\"", s, prefix);
}

/* The defaults `nicsim keys` prints come from the profiles. */
static void test_defaults(void **state)
{
	char buf[256];

	/* the first families' part: the list grows with each family */
	assert_true(settings_default("host.NAME.ethtool", "tx-frames", buf, sizeof(buf)));
	assert_prefix(buf, "mvneta-3.8..3.13: 16, mvneta-3.18: 1, mvneta-4.4..6.x: 0, ideal..");
	assert_non_null(strstr(buf, "ideal..ftgmac100-6.11: -, stmmac-3.18..4.14: 64, "
			       "stmmac-4.19..7.2: 25, bcmgenet-3.18: -, bcmgenet-4.4..6.x: 1, "));
	assert_true(settings_default("host.NAME", "tx_reclaim", buf, sizeof(buf)));
	assert_prefix(buf, "mvneta-3.8: xmit-timer, mvneta-3.13..6.x: tx-irq, ideal..");
	assert_true(settings_default("host.NAME.ethtool", "tx", buf, sizeof(buf)));
	assert_prefix(buf, "mvneta-3.8..4.4: 532, mvneta-6.x: 1024, ideal: 4096, "
		      "ftgmac100-6.6..6.11: 128, ");
	assert_non_null(strstr(buf, "stmmac-3.18..4.0: 256, stmmac-4.14..4.19: -, stmmac-6.x..7.2: 512"));
	assert_true(settings_default("host.NAME", "tx_select", buf, sizeof(buf)));
	assert_string_equal(buf, "kernel");	/* the same everywhere */
	assert_true(settings_default("host.NAME.sysctl", "tcp_limit_output_bytes", buf,
				     sizeof(buf)));
	assert_string_equal(buf, "3.5: -, 3.10..3.13: 131072, 4.4: 262144, 6.x: 4194304");
	assert_true(settings_default("host.NAME", "hz", buf, sizeof(buf)));
	assert_string_equal(buf, "armada-370..cortex-a9: 100, cortex-a53..x86-64-vm: 250");
	assert_true(settings_default("host.NAME.cost", "clock", buf, sizeof(buf)));
	assert_string_equal(buf, "armada-370: 1200, armada-xp..385: 1600, ast2600..cortex-a7: 1200, "
			    "cortex-a9: 2000, cortex-a53: 1200, bcm2711: 1500, x86-64..64-vm: 3000");
	assert_false(settings_default("host.NAME.sysctl", "tcp_ecn", buf, sizeof(buf)));
	assert_false(settings_default("link", "rate", buf, sizeof(buf)));
	assert_false(settings_default("host.NAME", "fq_codel_limit", buf, sizeof(buf)));
}

/* The support tables: what nic_cap and the profiles declare. */
static void test_support_tables(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	settings_print_support(f, true, NULL);
	fclose(f);
	assert_non_null(strstr(buf, "| section | key | mvneta-3.8 | mvneta-3.13 | mvneta-3.18 | "
			       "mvneta-4.4 | mvneta-6.x | ideal | ftgmac100-6.6 | ftgmac100-6.11 | "));
	assert_non_null(strstr(buf, "| `[host.NAME.ethtool]` | `tx-usecs` | if tx_reclaim = hrtimer "
			       "| if tx_reclaim = hrtimer | if tx_reclaim = hrtimer | if tx_reclaim "
			       "= hrtimer | if tx_reclaim = hrtimer | no | no | no | "));
	assert_non_null(strstr(buf, "| `[host.NAME.sysctl]` | `tcp_autocorking` | no | no | no | no "
			       "| no | no | no | yes | yes |\n"));
	assert_non_null(strstr(buf, "| `[host.NAME]` | `hz` | 100, 200, 250, 300, 500, 1000 |"));
	assert_non_null(strstr(buf, "| `[host.NAME]` | `tx_queue_len` | pfifo_fast, prio |\n"));
	assert_non_null(strstr(buf, "|\n\n| section | key | 3.5 |"));	/* tables apart */
	free(buf);

	buf = NULL;
	f = open_memstream(&buf, &len);
	settings_print_support(f, false, "ethtool");
	fclose(f);
	assert_non_null(strstr(buf, "host.NAME.ethtool  tx-frames"));
	assert_null(strstr(buf, "host.NAME.sysctl"));
	assert_null(strstr(buf, "\n\n"));	/* one table */
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_key_has_a_case),
		cmocka_unit_test(test_messages),
		cmocka_unit_test(test_file_line),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_support_tables),
		cmocka_unit_test(test_matrix),
		cmocka_unit_test(test_matrix_costs),
		cmocka_unit_test(test_app_keys),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
