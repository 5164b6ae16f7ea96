// SPDX-License-Identifier: MIT
/*
 * Softirqs: raise, the __do_softirq episode in passes, the restart and
 * time limits, ksoftirqd and the tick's irq_exit while softirqs wait.
 * Kernel source: kernel/softirq.c (raise_softirq, __do_softirq,
 * wakeup_softirqd, run_ksoftirqd, irq_exit -> invoke_softirq), read in
 * 3.13, 4.4 and 6.x. The contract (what is modelled, what is left out)
 * is in cpu.h, which declares these functions.
 * Leaves out: the 4.9-6.1 rule that defers to a running ksoftirqd.
 */
#include <string.h>
#include "kernel/cpu.h"
#include "kernel/host.h"
#include "kernel/sched/sched.h"
#include "sim/engine/util.h"

#define MAX_SOFTIRQ_RESTART	10
#define MAX_SOFTIRQ_TIME_MS	2

static void do_softirq(struct cpu *cpu, struct work *w);
static void sirq_tick(struct sim *sim, struct sim_event *ev);

/* The CPU's softirq work item and its tick (at host boot, after cpu_init). */
void softirq_init(struct cpu *cpu)
{
	work_init(&cpu->softirq_work, CTX_SOFTIRQ, do_softirq, NULL);
	sim_event_init(&cpu->sirq_tick, sirq_tick, cpu);
}

void open_softirq(struct cpu *cpu, enum softirq_nr nr, void (*fn)(struct cpu *))
{
	cpu->softirq_handler[nr] = fn;
}

/* Outside an episode a raise starts one at once: from a hardirq it is
 * irq_exit, from process context local_bh_enable. */
void raise_softirq(struct cpu *cpu, enum softirq_nr nr)
{
	cpu->softirq_pending |= 1u << nr;
	if (!cpu->sirq_episode)
		cpu_queue_work(cpu, &cpu->softirq_work);
}

void cpu_set_ksoftirqd(struct cpu *cpu, struct task *t)
{
	cpu->ksoftirqd = t;
}

static void softirq_begin(struct cpu *cpu, bool ksoftirqd)
{
	cpu->sirq_episode = true;
	cpu->sirq_in_ksoftirqd = ksoftirqd;
	cpu->sirq_restarts = MAX_SOFTIRQ_RESTART;
	cpu->sirq_end = cpu_jiffies(cpu) + msecs_to_jiffies(cpu, MAX_SOFTIRQ_TIME_MS);
	cpu->sirq_pass = cpu->softirq_pending;
	cpu->softirq_pending = 0;
}

/* The tick's irq_exit, every jiffy while softirqs wait for ksoftirqd. */
static void arm_tick(struct cpu *cpu)
{
	struct sim *sim = cpu->host->sim;
	sim_time_t next = (sim_time_t)(cpu_jiffies(cpu) + 1) * cpu->host->tick;

	if (!sim_event_pending(&cpu->sirq_tick))
		sim_schedule(sim, &cpu->sirq_tick, MAX(next, sim->now));
}

static void sirq_tick(struct sim *sim, struct sim_event *ev)
{
	struct cpu *cpu = ev->arg;

	if (!cpu->softirq_pending)
		return;
	/* a tick that lands inside a softirq item finds in_interrupt(): the
	 * running episode sees the pending bits at its restart check */
	if (!cpu->sirq_episode && !(cpu->busy_until > sim->now && cpu->ctx == CTX_SOFTIRQ))
		cpu_queue_work(cpu, &cpu->softirq_work);
	arm_tick(cpu);
}

/* wakeup_softirqd */
static void wakeup_softirqd(struct cpu *cpu)
{
	struct task *t = cpu->ksoftirqd;

	if (!t || !t->sleeping)
		return;
	cpu->ksoftirqd_wakeups++;
	task_wake(t);
}

/* The episode is over; ksoftirqd goes on while bits remain (the smpboot
 * loop of run_ksoftirqd), else sleeps. */
static void softirq_end(struct cpu *cpu)
{
	bool ksoftirqd = cpu->sirq_in_ksoftirqd;

	cpu->sirq_episode = false;
	cpu->sirq_in_ksoftirqd = false;
	if (!cpu->softirq_pending) {
		if (ksoftirqd)
			task_sleep(cpu->ksoftirqd, SIM_TIME_MAX);
		return;
	}
	arm_tick(cpu);
	if (ksoftirqd)
		task_continue(cpu->ksoftirqd);
	else
		wakeup_softirqd(cpu);
}

/*
 * One handler per work item, lowest number first, then requeue while the
 * pass has bits: hardirqs that arrive meanwhile run between handlers, as
 * they would interrupt __do_softirq. At the end of a pass, bits raised
 * meanwhile make another pass, or go to ksoftirqd.
 */
static void do_softirq(struct cpu *cpu, struct work *w)
{
	sim_time_t start = cpu->t;

	if (!cpu->sirq_episode)
		softirq_begin(cpu, false);
	if (cpu->sirq_cont) {	/* a handler's loop goes on */
		int nr = __builtin_ctz(cpu->sirq_cont);

		cpu->sirq_cont &= ~(1u << nr);
		cpu->softirq_handler[nr](cpu);
	} else if (cpu->sirq_pass) {
		int nr = __builtin_ctz(cpu->sirq_pass);

		cpu->sirq_pass &= ~(1u << nr);
		cpu->softirqs[nr]++;
		cpu_charge(cpu, COST_softirq, cpu->host->plat->cost.softirq);
		if (cpu->softirq_handler[nr])
			cpu->softirq_handler[nr](cpu);
	}
	if (cpu->sirq_in_ksoftirqd) {	/* the thread's CPU time */
		cpu->ksoftirqd->vruntime += cpu->t - start;
		cpu->ksoftirqd->sum_exec += cpu->t - start;
		cpu->ksoftirqd_ps += cpu->t - start;
	}
	if (!cpu->sirq_pass && !cpu->sirq_cont && cpu->softirq_pending &&
	    cpu_jiffies(cpu) < cpu->sirq_end && !cpu->need_resched && --cpu->sirq_restarts) {
		cpu->sirq_pass = cpu->softirq_pending;	/* restart */
		cpu->softirq_pending = 0;
	}
	if (cpu->sirq_pass || cpu->sirq_cont)
		cpu_queue_work(cpu, &cpu->softirq_work);
	else
		softirq_end(cpu);
}

/* run_ksoftirqd: an episode of its own, in process context. */
void run_ksoftirqd(struct cpu *cpu, struct task *t)
{
	if (!cpu->softirq_pending || cpu->sirq_episode) {
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	softirq_begin(cpu, true);
	cpu_queue_work(cpu, &cpu->softirq_work);
}
