/* SPDX-License-Identifier: MIT */
/*
 * Processes and a simple CFS-like scheduler.
 *
 * An application is a task pinned to a CPU. It runs in process context as
 * a series of steps (work items: one syscall, or one skb's worth of a long
 * write) and sleeps on a socket or a timeout (poll, blocking
 * recvmsg/sendmsg, nanosleep). Several tasks on one CPU share it as CFS
 * does with equal nice values (kernel/sched/fair.c, 3.x to 6.5):
 *  - the running task keeps the CPU across its steps for its slice,
 *    sched_slice = __sched_period(nr_running) / nr_running, where the
 *    period is sysctl_sched_latency (6 ms) or, above sched_nr_latency (8)
 *    tasks, nr_running x sysctl_sched_min_granularity (0.75 ms); when the
 *    slice is used up and another task is runnable it goes back into the
 *    run queue, which is ordered by vruntime (the leftmost runs next);
 *  - a task that wakes is placed at max(its vruntime, min_vruntime -
 *    sched_latency / 2) (place_entity, GENTLE_FAIR_SLEEPERS) and preempts
 *    the running task if that one's vruntime exceeds it by more than
 *    sysctl_sched_wakeup_granularity (1 ms) (check_preempt_wakeup);
 *  - the three tunables are scaled by 1 + ilog2(min(CPUs, 8))
 *    (SCHED_TUNABLESCALING_LOG).
 * vruntime is the task's process-context time on its CPU (nice 0).
 * A task pays the wakeup cost (try_to_wake_up and the switch) when it is
 * switched in, not for each step of a loop it goes on with.
 * Deviation: the run queue is a list sorted by vruntime, not a tree, and
 * preemption takes effect at the end of the running step (steps are
 * short: a syscall, one skb's copy).
 * ksoftirqd/N is such a task (run_ksoftirqd, kernel/softirq.c), woken when an
 * episode of softirqs leaves work behind.
 * Seeded variation (off by default): a wake-up latency, drawn per wake-up,
 * between a task being woken and its becoming runnable (the time
 * try_to_wake_up, the IPI or the idle exit take on a real machine).
 * Deviation: the latency is a uniform draw, not the result of modelled
 * idle states or IPIs; UNVERIFIED as a distribution (its bound is the
 * scenario's sim.wakeup_jitter).
 * Leaves out: migration (tasks are pinned), nice levels, the tick, EEVDF
 * (6.6+), ksoftirqd's time outside handlers (its loop and cond_resched).
 */
#ifndef NICSIM_HOST_TASK_H
#define NICSIM_HOST_TASK_H

#include <stdbool.h>
#include "kernel/cpu.h"

struct task {
	struct work	work;
	struct cpu	*cpu;
	struct sim_event timeout;
	struct sim_event wake_ev;	/* a woken task's wake-up latency */
	bool		sleeping;
	bool		timed_out;	/* last sleep ended by its timeout */
	void		(*run)(struct cpu *cpu, struct task *t);
	void		*app;
	uint64_t	wakeups;
	sim_time_t	vruntime;
	sim_time_t	sum_exec;	/* process-context time it ran */
	uint64_t	preempted;	/* times it went to the back of the queue */
};

void task_init(struct task *t, struct cpu *cpu,
	       void (*run)(struct cpu *, struct task *), void *app);
/* Run the task at absolute time `at` (process start). */
void task_start(struct task *t, sim_time_t at);
/* Sleep until task_wake() or until `until` (SIM_TIME_MAX = forever). */
void task_sleep(struct task *t, sim_time_t until);
/* Wake a sleeping task (no effect if it is not sleeping). */
void task_wake(struct task *t);
/* From the task's step: it stays runnable and takes another step when the
 * scheduler gives it the CPU (now, or after others if its slice is over). */
void task_continue(struct task *t);

/* Seeded variation (sim.wakeup_jitter): each wake-up of a task of h (by
 * task_wake or its timeout) makes it runnable after a latency drawn
 * uniformly from [0, max] from the stream "host.H.sched.wakeup"; 0 = at once. */
void sched_set_wakeup_jitter(struct host *h, sim_time_t max, uint64_t seed);

/* ksoftirqd/N's step (kernel/softirq.c): run the pending softirqs as one episode. */
void run_ksoftirqd(struct cpu *cpu, struct task *t);
/* A task that sleeps until task_wake() (a kernel thread). */
void task_init_sleeping(struct task *t, struct cpu *cpu,
			void (*run)(struct cpu *, struct task *), void *app);

/* The CFS tunables for a host of ncpus CPUs, in ps (for tests). */
sim_time_t sched_latency(int ncpus);
sim_time_t sched_min_granularity(int ncpus);
sim_time_t sched_wakeup_granularity(int ncpus);
sim_time_t sched_slice(int ncpus, int nr_running);

#endif
