// SPDX-License-Identifier: MIT
/*
 * The event log (src/sim/run/events.h) and the probe helpers the report's
 * legends use (src/sim/run/probe.h).
 *
 * Checks, on the ping story (scenarios/mvneta-2014-ping.ini): the log
 * holds every ENOBUFS at its own instant, as many as the ping counted, and
 * no TX-done interrupt (tx-frames 16 never raises one); the event log
 * leaves the results alone (the same events fired as without it); the send
 * limit probe is 2 x sk_sndbuf for the raw socket; a probe name's instance
 * and rate in words.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "sim/run/events.h"
#include "drivers/net/nic.h"

static uint64_t run_ping(struct event_log *l, struct world *w)
{
	struct scn_error err = { { 0 } };
	struct scenario *s = calloc(1, sizeof(*s));
	uint64_t fired;

	scenario_init(s);
	assert_int_equal(scenario_load(s, NICSIM_SOURCE_DIR "/scenarios/mvneta-2014-ping.ini", &err), 0);
	assert_int_equal(scenario_check(s, &err), 0);
	assert_int_equal(world_build(w, s, &err), 0);
	if (l)
		events_start(l, w);
	assert_int_equal(world_run(w, NULL, NULL), 0);
	if (l)
		events_finish(l);
	fired = w->sim.nr_fired;
	return fired;
}

/* The world and the scenario run_ping made for it. */
static void world_done(struct world *w)
{
	struct scenario *s = (struct scenario *)w->scn;

	world_destroy(w);
	scenario_free(s);
	free(s);
}

static const struct event_series *series(const struct event_log *l, const char *name)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->s[i].p->name, name))
			return &l->s[i];
	return NULL;
}

static void test_enobufs_each_at_its_instant(void **state)
{
	struct event_log l;
	struct world w, plain;
	const struct event_series *e, *tx;
	uint64_t fired;
	uint32_t i;

	(void)state;
	fired = run_ping(&l, &w);
	e = series(&l, "app.ping.ping.enobufs");
	tx = series(&l, "host.dut.irq.tx");
	assert_non_null(e);
	assert_non_null(tx);
	assert_int_equal(e->sum, w.apps[0].u.ping.enobufs);
	assert_int_equal(e->sum, 43);
	assert_int_equal(e->instants, 43);
	assert_int_equal(e->n, 43);
	for (i = 1; i < e->n; i++)
		assert_true(e->t[i] > e->t[i - 1]);
	/* the instant of the work item that failed; the ping's own stamp is
	 * inside it, after the cycles charged before the failure */
	assert_true(e->t[0] <= w.apps[0].u.ping.first_error_t);
	assert_true(w.apps[0].u.ping.first_error_t - e->t[0] < PS_PER_S / 1000);
	assert_int_equal(tx->sum, 0);
	assert_null(tx->t);	/* nothing allocated for a counter that never moved */
	assert_int_equal(sock_send_limit(&w.apps[0].u.ping.sk), 2 * w.apps[0].u.ping.sk.sk_sndbuf);
	events_free(&l);
	world_done(&w);
	assert_int_equal(run_ping(NULL, &plain), fired);
	world_done(&plain);
}

static void test_probe_words(void **state)
{
	char buf[96];

	(void)state;
	probe_instance("host.dut.txq3.ring.used", buf, sizeof(buf));
	assert_string_equal(buf, "dut txq3");
	probe_instance("app.ping.sock.wmem_alloc", buf, sizeof(buf));
	assert_string_equal(buf, "ping");
	probe_instance("host.peer.cpu1.si", buf, sizeof(buf));
	assert_string_equal(buf, "peer cpu1");
	assert_int_equal(probe_rate_name("host.dut.irq.tx", buf, sizeof(buf)), 0);
	assert_string_equal(buf, "host.dut.irq.tx_per_s");
	assert_int_equal(probe_rate_name("app.ping.ping.enobufs", buf, sizeof(buf)), -1);
	assert_string_equal(probe_tmpl_of("app.ping.sock.wmem_alloc")->label, "sk_wmem_alloc");
	assert_string_equal(probe_tmpl_of("host.dut.irq.tx")->event, "TX-done interrupt");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_enobufs_each_at_its_instant),
		cmocka_unit_test(test_probe_words),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
