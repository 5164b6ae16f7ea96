// SPDX-License-Identifier: MIT
/*
 * Jiffies: a CPU's jiffies counter (from its local clock and the host's
 * HZ) and msecs_to_jiffies.
 * Kernel source: kernel/time/jiffies.c, kernel/time/time.c and
 * include/linux/jiffies.h (msecs_to_jiffies rounds up).
 * Deviation: jiffies are derived from the clock, never incremented by a
 * tick (the tick is not modelled, cpu.h).
 */
#include "kernel/cpu.h"
#include "kernel/host.h"
#include "sim/engine/util.h"

uint64_t cpu_jiffies(const struct cpu *cpu)
{
	return (uint64_t)(cpu_now(cpu) / cpu->host->tick);
}

uint64_t msecs_to_jiffies(const struct cpu *cpu, uint64_t ms)
{
	/* include/linux/jiffies.h: rounds up */
	return DIV_ROUND_UP(ms * (uint64_t)cpu->host->hz, 1000);
}
