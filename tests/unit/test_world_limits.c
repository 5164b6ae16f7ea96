// SPDX-License-Identifier: MIT
/*
 * The limits of a run (src/sim/run/world.h, docs/robustness.md).
 *
 * Checks: a world whose queues grow past the skb bound stops inside the
 * event that crossed it, world_run() fails with a message and the time it
 * stopped at, and a run within the bound succeeds; world_build() refuses
 * pings that would send more than WORLD_PING_MAX echo requests in all,
 * alone or together, and accepts exactly the limit. The skb bound is
 * lowered here (skb_pool_limit) so the test stays small and fast.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"

/* Two hosts, an x86 UDP flood of empty datagrams onto a 1 Mbit/s link. */
static const char *const flood[] = {
	"sim.duration=1s", "link.rate=1Mbit",
	"host.a.driver=ideal", "host.a.tx_queue_len=1000000",
	"host.a.sysctl.wmem_max=16MiB", "host.b.driver=ideal",
	"app.f.type=udp", "app.f.host=a", "app.f.dest=b", "app.f.size=0",
	"app.f.interval=0s", "app.f.sndbuf=16MiB", NULL,
};

static void load(struct scenario *s, const char *const *sets, const char *more)
{
	struct scn_error err = { { 0 } };

	scenario_init(s);
	for (; *sets; sets++)
		assert_int_equal(scenario_set(s, *sets, &err), 0);
	if (more)
		assert_int_equal(scenario_set_list(s, more, &err), 0);
	assert_int_equal(scenario_check(s, &err), 0);
}

static void test_skb_bound_stops_the_run(void **state)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;

	(void)state;
	load(&s, flood, NULL);
	assert_int_equal(world_build(&w, &s, &err), 0);
	skb_pool_limit(&w.pool, 5000, &w.sim);
	assert_int_equal(world_run(&w, NULL, NULL), -1);
	assert_true(w.pool.over);
	assert_true(w.pool.live > 5000 && w.pool.live < 5100);
	assert_true(w.sim.now > 0 && w.sim.now < w.duration);
	assert_non_null(strstr(w.limit.msg, "stopped at 0.0"));
	assert_non_null(strstr(w.limit.msg, "packets (skbs) alive at once"));
	world_destroy(&w);
	scenario_free(&s);
}

static void test_within_bound_runs(void **state)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;

	(void)state;
	load(&s, flood, "app.f.sndbuf=64KiB sim.duration=100ms");
	assert_int_equal(world_build(&w, &s, &err), 0);
	skb_pool_limit(&w.pool, 5000, &w.sim);
	assert_int_equal(world_run(&w, NULL, NULL), 0);
	assert_false(w.pool.over);
	assert_int_equal(w.sim.now, w.duration);
	world_destroy(&w);
	scenario_free(&s);
}

static const char *const pinger[] = {
	"host.a.driver=ideal", "host.b.driver=ideal",
	"app.p.type=ping", "app.p.host=a", "app.p.dest=b", "app.p.count=0",
	"app.p.interval=1ms", NULL,
};

/* world_build's verdict on pinger plus more; the message, if any. */
static int build(const char *more, char *msg, size_t len)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;
	int rc;

	load(&s, pinger, more);
	rc = world_build(&w, &s, &err);
	snprintf(msg, len, "%s", err.msg);
	world_destroy(&w);
	scenario_free(&s);
	return rc;
}

static void test_ping_budget(void **state)
{
	char msg[1024];

	(void)state;
	/* one at 0, then every 1 ms: the longest run is exactly the limit */
	assert_int_equal(build("sim.duration=100000s", msg, sizeof(msg)), 0);
	assert_int_equal(build("sim.duration=100000s app.p.count=100000001", msg, sizeof(msg)), 0);
	/* with a second ping it is over, at the ping that crossed it */
	assert_int_equal(build("sim.duration=100000s app.q.type=ping app.q.host=b app.q.dest=a "
			       "app.q.count=1", msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "--set app.q.count=1: app.q: up to 1 echo requests, "
			       "over 100000000 with the other pings"));
	/* interval 1.9 ms is 1 ms to ping: 2 x 60 000 000 */
	assert_int_equal(build("sim.duration=60000s app.p.interval=1900us app.q.type=ping "
			       "app.q.host=b app.q.dest=a app.q.interval=1900us", msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "--set app.q.interval=1900us: app.q: up to 60000000 echo"));
	/* count bounds it; start shortens it */
	assert_int_equal(build("sim.duration=100000s app.p.count=50000000 app.q.type=ping "
			       "app.q.host=b app.q.dest=a app.q.count=50000000", msg, sizeof(msg)), 0);
	assert_int_equal(build("sim.duration=100000s app.p.start=50000s app.q.type=ping "
			       "app.q.host=b app.q.dest=a app.q.start=50000s", msg, sizeof(msg)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skb_bound_stops_the_run),
		cmocka_unit_test(test_within_bound_runs),
		cmocka_unit_test(test_ping_budget),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
