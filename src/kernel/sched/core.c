// SPDX-License-Identifier: MIT
/*
 * Processes: a task's steps as process-context work, wakeups
 * (try_to_wake_up) with CFS's placement and wakeup preemption, sleeps
 * with a timeout, and the switch between tasks at the end of a slice.
 * Kernel source: kernel/sched/core.c (try_to_wake_up, __schedule) with
 * kernel/sched/fair.c's place_entity and check_preempt_wakeup; the
 * tunables and slices are in fair.c. The contract is in sched.h.
 */
#include "kernel/sched/sched.h"
#include "kernel/host.h"
#include "sim/engine/util.h"

static int host_cpus(const struct task *t)
{
	return t->cpu->host->nr_cpus;
}

static void task_work(struct cpu *cpu, struct work *w)
{
	struct task *t = w->arg;
	sim_time_t start;

	cpu->need_resched = false;	/* __schedule */
	start = cpu->t;
	if (cpu->curr_task != t) {	/* context switch in */
		cpu->curr_task = t;
		cpu->slice_start = cpu->t;
		cpu->nr_switches++;
		if (t->vruntime > cpu->min_vruntime)
			cpu->min_vruntime = t->vruntime;
		/* a task going on with its loop (task_continue) pays nothing */
		cpu_charge(cpu, COST_wakeup, cpu->host->plat->cost.wakeup);
	}
	t->run(cpu, t);
	t->vruntime += cpu->t - start;
	t->sum_exec += cpu->t - start;
}

static void make_runnable(struct task *t)
{
	struct cpu *cpu = t->cpu;
	struct task *curr = cpu->curr_task;
	sim_time_t floor = cpu->min_vruntime - sched_latency(host_cpus(t)) / 2;

	cpu->nr_running++;
	if (t->vruntime < floor)	/* place_entity: bounded sleeper credit */
		t->vruntime = floor;
	if (curr && curr != t && !curr->sleeping &&
	    curr->vruntime - t->vruntime > sched_wakeup_granularity(host_cpus(t))) {
		/* check_preempt_wakeup: t runs before curr's next step */
		cpu->curr_task = NULL;
		curr->preempted++;
		cpu->need_resched = true;
		t->work.key = t->vruntime;
		cpu_queue_work_head(cpu, &t->work);
		return;
	}
	if (!curr)	/* the idle task is preempted by any wakeup */
		cpu->need_resched = true;
	cpu_queue_work_ordered(cpu, &t->work, t->vruntime);
}

static void task_woken(struct sim *sim, struct sim_event *ev)
{
	(void)sim;
	make_runnable(ev->arg);
}

/* A woken task becomes runnable now, or after a wake-up latency drawn
 * from its host's stream when seeded variation gives one. */
static void wake_runnable(struct task *t)
{
	struct host *h = t->cpu->host;
	sim_time_t d;

	if (!h->wakeup_jitter) {
		make_runnable(t);
		return;
	}
	d = (sim_time_t)rng_below(&h->wakeup_rng, (uint64_t)h->wakeup_jitter + 1);
	sim_schedule(h->sim, &t->wake_ev, host_now(h) + d);
}

static void task_timeout(struct sim *sim, struct sim_event *ev)
{
	struct task *t = ev->arg;

	if (!t->sleeping)
		return;
	t->sleeping = false;
	t->timed_out = true;
	wake_runnable(t);
}

void sched_set_wakeup_jitter(struct host *h, sim_time_t max, uint64_t seed)
{
	h->wakeup_jitter = max;
	rng_streamf(&h->wakeup_rng, seed, "host.%s.sched.wakeup", h->name);
}

void task_init(struct task *t, struct cpu *cpu,
	       void (*run)(struct cpu *, struct task *), void *app)
{
	work_init(&t->work, CTX_PROCESS, task_work, t);
	sim_event_init(&t->timeout, task_timeout, t);
	sim_event_init(&t->wake_ev, task_woken, t);
	t->cpu = cpu;
	t->run = run;
	t->app = app;
	t->sleeping = false;
	t->vruntime = 0;
	t->sum_exec = 0;
	t->preempted = 0;
}

void task_init_sleeping(struct task *t, struct cpu *cpu,
			void (*run)(struct cpu *, struct task *), void *app)
{
	task_init(t, cpu, run, app);
	t->sleeping = true;
}

void task_start(struct task *t, sim_time_t at)
{
	t->sleeping = true;
	sim_schedule(t->cpu->host->sim, &t->timeout, at);
}

void task_sleep(struct task *t, sim_time_t until)
{
	struct sim *sim = t->cpu->host->sim;

	t->sleeping = true;
	t->timed_out = false;
	t->cpu->nr_running--;
	if (t->cpu->curr_task == t)
		t->cpu->curr_task = NULL;
	if (until != SIM_TIME_MAX)
		sim_schedule(sim, &t->timeout, until < sim->now ? sim->now : until);
	else
		sim_cancel(sim, &t->timeout);
}

void task_wake(struct task *t)
{
	if (!t->sleeping)
		return;
	t->sleeping = false;
	t->timed_out = false;
	t->wakeups++;
	sim_cancel(t->cpu->host->sim, &t->timeout);
	wake_runnable(t);
}

void task_continue(struct task *t)
{
	struct cpu *cpu = t->cpu;

	if (cpu->curr_task != t) {	/* preempted during this step */
		cpu_queue_work_ordered(cpu, &t->work, t->vruntime);
		return;
	}
	if (cpu_work_waiting(cpu, CTX_PROCESS) &&
	    cpu->t - cpu->slice_start >= sched_slice(host_cpus(t), cpu->nr_running)) {
		/* slice used up: back into the queue by vruntime */
		cpu->curr_task = NULL;
		t->preempted++;
		cpu_queue_work_ordered(cpu, &t->work, t->vruntime);
		return;
	}
	cpu_queue_work_head(cpu, &t->work);
}
