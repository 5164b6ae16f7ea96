// SPDX-License-Identifier: MIT
/*
 * virtio_net's TX completion rules (src/drivers/net/virtio_net.c over
 * src/hw/virtio/), with worked numbers on a KVM guest that sends 5 UDP
 * datagrams of 56 bytes, 1 ms apart, to an ideal peer on 1 Gbit/s:
 *  - virtio_net-4.19 (no TX NAPI): start_xmit frees what the host
 *    returned before it queues, so each datagram's skb is freed by the
 *    next start_xmit: 4 reclaimed, 1 still held. The TX callback starts
 *    enabled (used_event 0): the first buffer returned raises the one TX
 *    interrupt, whose skb_xmit_done disables it for good (the ring never
 *    fills).
 *  - virtio_net-5.3 (NAPI TX): before each kick virtqueue_enable_cb_delayed
 *    sets used_event to the last used index (nothing else outstanding),
 *    so every returned buffer interrupts and virtnet_poll_tx frees it: 5
 *    interrupts, 5 reclaimed, 0 held.
 *  - the same with virtio_host_delay = 500us: the host returns each buffer
 *    500 us after its frame left, still within the 1 ms gap: the same 5/5.
 *  - the TX watchdog: none before 5.16 (4.19, 5.3), 5 * HZ on 6.11.
 *  - the event index (vring_need_event): an interrupt is due when the used
 *    index moves past used_event: from 10 to 12 with used_event 10 or 11,
 *    not with 12 or 9.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "hw/virtio/virtio_ring.h"
#include "kernel/host.h"

static const char *const base[] = {
	"sim.duration=50ms", "link.rate=1Gbit",
	"host.vm.platform=x86-64-vm", "host.vm.kernel=6.x",
	"host.peer.platform=x86-64", "host.peer.kernel=6.x", "host.peer.driver=ideal",
	"app.u.type=udp", "app.u.host=vm", "app.u.dest=peer", "app.u.size=56",
	"app.u.interval=1ms", "app.u.count=5", NULL,
};

struct outcome {
	struct nic_queue_stats st;
	struct nic_info info;
};

/* the world of base plus more (space-separated settings), built */
static void build(struct scenario *s, struct world *w, const char *more)
{
	struct scn_error err = { { 0 } };
	const char *const *p;

	scenario_init(s);
	for (p = base; *p; p++)
		assert_int_equal(scenario_set(s, *p, &err), 0);
	assert_int_equal(scenario_set_list(s, more, &err), 0);
	assert_int_equal(scenario_check(s, &err), 0);
	assert_int_equal(world_build(w, s, &err), 0);
}

static void run(const char *more, struct outcome *o)
{
	struct scenario s;
	struct world w;
	int i;

	build(&s, &w, more);
	assert_int_equal(world_run(&w, NULL, NULL), 0);
	memset(o, 0, sizeof(*o));
	for (i = 0; i < w.nr_hosts; i++) {
		if (strcmp(w.hosts[i].name, "vm"))
			continue;
		nic_queue_stats(&w.hosts[i], 0, &o->st);
		nic_info(&w.hosts[i], &o->info);
	}
	world_destroy(&w);
	scenario_free(&s);
}

static void test_orphan_mode_reclaims_in_xmit(void **state)
{
	struct outcome o;

	(void)state;
	run("host.vm.driver=virtio_net-4.19", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 4);
	assert_int_equal(o.st.ring_used, 1);
	assert_int_equal(o.info.irq_tx, 1);
}

static void test_napi_tx_reclaims_per_interrupt(void **state)
{
	struct outcome o;

	(void)state;
	run("host.vm.driver=virtio_net-5.3", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.st.ring_used, 0);
	assert_int_equal(o.info.irq_tx, 5);
}

static void test_host_delay(void **state)
{
	struct outcome o;

	(void)state;
	run("host.vm.driver=virtio_net-5.3 host.vm.virtio_host_delay=500us", &o);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.st.ring_used, 0);
	assert_int_equal(o.info.irq_tx, 5);
}

static void test_tx_frames_0_is_orphan_mode(void **state)
{
	struct outcome o;

	(void)state;
	run("host.vm.driver=virtio_net-6.11 host.vm.ethtool.tx-frames=0", &o);
	assert_int_equal(o.st.reclaimed, 4);
	assert_int_equal(o.st.ring_used, 1);
	assert_string_equal(o.info.reclaim, "xmit-orphan");
}

/*
 * The TX watchdog per era: virtio_net has ndo_tx_timeout from
 * a520794b063b "virtio_net: introduce TX timeout watchdog" (5.16), and
 * never sets watchdog_timeo, so dev_activate's default 5 * HZ arms it:
 * none on 4.19 and 5.3 (no dev_watchdog timer, watchdog_timeo 0), 5 s
 * on 6.11.
 */
static void watchdog(const char *driver, bool *has, uint64_t *timeo_s)
{
	struct scenario s;
	struct world w;
	int i;

	build(&s, &w, driver);
	for (i = 0; i < w.nr_hosts; i++) {
		struct host *h = &w.hosts[i];

		if (strcmp(h->name, "vm"))
			continue;
		*has = h->dev.ops->ndo_tx_timeout != NULL;
		assert_int_equal(h->dev.watchdog_timer.pending, *has);
		*timeo_s = h->dev.watchdog_timeo / (uint64_t)h->hz;
	}
	world_destroy(&w);
	scenario_free(&s);
}

static void test_tx_watchdog_per_era(void **state)
{
	bool has;
	uint64_t timeo;

	(void)state;
	watchdog("host.vm.driver=virtio_net-4.19", &has, &timeo);
	assert_false(has);
	assert_int_equal(timeo, 0);
	watchdog("host.vm.driver=virtio_net-5.3", &has, &timeo);
	assert_false(has);
	assert_int_equal(timeo, 0);
	watchdog("host.vm.driver=virtio_net-6.11", &has, &timeo);
	assert_true(has);
	assert_int_equal(timeo, 5);
}

static void test_need_event(void **state)
{
	(void)state;
	assert_true(vring_need_event(10, 12, 10));
	assert_true(vring_need_event(11, 12, 10));
	assert_false(vring_need_event(12, 12, 10));
	assert_false(vring_need_event(9, 12, 10));
	assert_true(vring_need_event(65535, 1, 65534));	/* across the wrap */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_orphan_mode_reclaims_in_xmit),
		cmocka_unit_test(test_napi_tx_reclaims_per_interrupt),
		cmocka_unit_test(test_host_delay),
		cmocka_unit_test(test_tx_frames_0_is_orphan_mode),
		cmocka_unit_test(test_tx_watchdog_per_era),
		cmocka_unit_test(test_need_event),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
