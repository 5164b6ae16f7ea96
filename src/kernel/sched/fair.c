// SPDX-License-Identifier: MIT
/*
 * CFS's tunables and slices, equal weights (nice 0): sched_latency,
 * sched_min_granularity and sched_wakeup_granularity scaled by
 * 1 + ilog2(min(CPUs, 8)), and sched_slice.
 * Kernel source: kernel/sched/fair.c (get_update_sysctl_factor,
 * __sched_period, sched_slice), 3.x to 6.5. The contract is in sched.h.
 * Leaves out: nice levels and weights, EEVDF (6.6+).
 */
#include "kernel/sched/sched.h"
#include "sim/engine/util.h"

/* get_update_sysctl_factor, SCHED_TUNABLESCALING_LOG */
static sim_time_t factor(int ncpus)
{
	int n = ncpus < 8 ? ncpus : 8, log = 0;

	while (n >>= 1)
		log++;
	return 1 + log;
}

sim_time_t sched_latency(int ncpus) { return 6 * PS_PER_MS * factor(ncpus); }
sim_time_t sched_min_granularity(int ncpus) { return 750 * PS_PER_US * factor(ncpus); }
sim_time_t sched_wakeup_granularity(int ncpus) { return PS_PER_MS * factor(ncpus); }

/* __sched_period / sched_slice with equal weights; sched_nr_latency is
 * latency / min_granularity = 8 at any factor */
sim_time_t sched_slice(int ncpus, int nr_running)
{
	sim_time_t period = nr_running > 8 ? nr_running * sched_min_granularity(ncpus)
					   : sched_latency(ncpus);

	return period / (nr_running > 0 ? nr_running : 1);
}
