/* SPDX-License-Identifier: MIT */
/*
 * Processes: an application is a task pinned to a CPU that runs in process
 * context when woken and sleeps on a socket or a timeout (poll, blocking
 * recvmsg/sendmsg, nanosleep). Several tasks on one CPU run in wakeup
 * order. Leaves out: the CFS time slice (a task yields when it sleeps).
 */
#ifndef NICSIM_HOST_TASK_H
#define NICSIM_HOST_TASK_H

#include <stdbool.h>
#include "host/cpu.h"

struct task {
	struct work	work;
	struct cpu	*cpu;
	struct sim_event timeout;
	bool		sleeping;
	bool		timed_out;	/* last sleep ended by its timeout */
	void		(*run)(struct cpu *cpu, struct task *t);
	void		*app;
	uint64_t	wakeups;
};

void task_init(struct task *t, struct cpu *cpu,
	       void (*run)(struct cpu *, struct task *), void *app);
/* Run the task at absolute time `at` (process start). */
void task_start(struct task *t, sim_time_t at);
/* Sleep until task_wake() or until `until` (SIM_TIME_MAX = forever). */
void task_sleep(struct task *t, sim_time_t until);
/* Wake a sleeping task (no effect if it is not sleeping). */
void task_wake(struct task *t);

#endif
