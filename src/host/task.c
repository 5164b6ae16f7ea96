// SPDX-License-Identifier: MIT
/* Processes: see task.h. */
#include "host/task.h"
#include "host/host.h"

static void task_work(struct cpu *cpu, struct work *w)
{
	struct task *t = w->arg;

	cpu_charge(cpu, cpu->host->plat->cost.wakeup);
	t->run(cpu, t);
}

static void task_timeout(struct sim *sim, struct sim_event *ev)
{
	struct task *t = ev->arg;

	if (!t->sleeping)
		return;
	t->sleeping = false;
	t->timed_out = true;
	cpu_queue_work(t->cpu, &t->work);
}

void task_init(struct task *t, struct cpu *cpu,
	       void (*run)(struct cpu *, struct task *), void *app)
{
	work_init(&t->work, CTX_PROCESS, task_work, t);
	sim_event_init(&t->timeout, task_timeout, t);
	t->cpu = cpu;
	t->run = run;
	t->app = app;
	t->sleeping = false;
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
	cpu_queue_work(t->cpu, &t->work);
}
