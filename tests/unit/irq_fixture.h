/* SPDX-License-Identifier: MIT */
/*
 * A driver's TX interrupts over time: a world built from a base list of
 * settings plus a few more, run from 0 to an instant, and the TX-done
 * interrupts the device under test has raised by then (nic_info). Every
 * run is fresh, so the count at t is what a whole run shows at t, and a
 * bisection over t finds the instant of the k-th interrupt exactly.
 */
#ifndef NICSIM_TESTS_IRQ_FIXTURE_H
#define NICSIM_TESTS_IRQ_FIXTURE_H

#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "kernel/host.h"

struct irq_fixture {
	const char *const *base;	/* settings, NULL-terminated */
	const char	*dut;		/* the host whose NIC is counted */
};

/* The world of base + more (space-separated KEY=VALUE); world_build's result. */
static inline int irq_fixture_build(const struct irq_fixture *f, struct world *w,
				    struct scenario *s, const char *more, struct scn_error *err)
{
	const char *const *p;

	scenario_init(s);
	for (p = f->base; *p; p++)
		assert_int_equal(scenario_set(s, *p, err), 0);
	assert_int_equal(scenario_set_list(s, more, err), 0);
	assert_int_equal(scenario_check(s, err), 0);
	return world_build(w, s, err);
}

static inline struct host *irq_fixture_dut(const struct irq_fixture *f, struct world *w)
{
	int i;

	for (i = 0; i < w->nr_hosts; i++)
		if (!strcmp(w->hosts[i].name, f->dut))
			return &w->hosts[i];
	fail_msg("no host %s", f->dut);
	return NULL;
}

/* TX interrupts raised by time t in a fresh run. */
static inline uint64_t irq_fixture_tx_at(const struct irq_fixture *f, const char *more,
					 sim_time_t t)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct nic_info info = { 0 };
	struct world w;

	assert_int_equal(irq_fixture_build(f, &w, &s, more, &err), 0);
	sim_run(&w.sim, t);
	nic_info(irq_fixture_dut(f, &w), &info);
	world_destroy(&w);
	scenario_free(&s);
	return info.irq_tx;
}

/* The first instant in (0, hi] with k TX interrupts under more (bisection). */
static inline sim_time_t irq_fixture_kth(const struct irq_fixture *f, const char *more,
					 uint64_t k, sim_time_t hi)
{
	sim_time_t lo = 0;

	assert_true(irq_fixture_tx_at(f, more, hi) >= k);
	while (hi - lo > 1) {
		sim_time_t mid = lo + (hi - lo) / 2;

		if (irq_fixture_tx_at(f, more, mid) >= k)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

#endif
