// SPDX-License-Identifier: MIT
/*
 * The CPUs: per-context run queues (hardirq > softirq > process), the
 * dispatch of work items and cycle charging. Contract in cpu.h.
 * Kernel source: none as such; this is the machine the kernel runs on,
 * with the context rules of kernel/softirq.c (irq_exit) and
 * kernel/sched/core.c (a task runs only when no interrupt work waits).
 * Softirqs are in softirq.c, jiffies in time/time.c, timer_list timers
 * in time/timer.c.
 */
#include <string.h>
#include "kernel/cpu.h"
#include "kernel/host.h"
#include "sim/engine/util.h"

#define PPB	1000000000ULL	/* cost_noise's unit: parts per billion */

static const uint8_t ctx_acct[CTX_NR] = {
	[CTX_HARDIRQ] = ACCT_IRQ, [CTX_SOFTIRQ] = ACCT_SOFTIRQ, [CTX_PROCESS] = ACCT_SYS,
};

static void cpu_dispatch(struct sim *sim, struct sim_event *ev);

void work_init(struct work *w, enum cpu_ctx ctx,
	       void (*fn)(struct cpu *, struct work *), void *arg)
{
	memset(w, 0, sizeof(*w));
	w->ctx = (uint8_t)ctx;
	w->fn = fn;
	w->arg = arg;
}

void cpu_init(struct cpu *cpu, struct host *host, int id, uint64_t hz)
{
	memset(cpu, 0, sizeof(*cpu));
	cpu->host = host;
	cpu->id = id;
	cpu->cpu_hz = hz;
	cpu->now = &host->sim->now;
	cpu->ps_per_cycle_q32 = (uint64_t)(((unsigned __int128)PS_PER_S << 32) / hz);
	sim_event_init(&cpu->ev_dispatch, cpu_dispatch, cpu);
}


/* Make sure a dispatch is due once the current item (if any) ends. */
static void kick(struct cpu *cpu)
{
	struct sim *sim = cpu->host->sim;

	if (!cpu->running && !sim_event_pending(&cpu->ev_dispatch))
		sim_schedule(sim, &cpu->ev_dispatch, MAX(sim->now, cpu->busy_until));
}

void cpu_queue_work(struct cpu *cpu, struct work *w)
{
	if (w->queued)
		return;
	w->queued = true;
	w->next = NULL;
	if (cpu->tail[w->ctx])
		cpu->tail[w->ctx]->next = w;
	else
		cpu->head[w->ctx] = w;
	cpu->tail[w->ctx] = w;
	kick(cpu);
}

void cpu_queue_work_head(struct cpu *cpu, struct work *w)
{
	if (w->queued)
		return;
	w->queued = true;
	w->next = cpu->head[w->ctx];
	cpu->head[w->ctx] = w;
	if (!cpu->tail[w->ctx])
		cpu->tail[w->ctx] = w;
	kick(cpu);
}

void cpu_queue_work_ordered(struct cpu *cpu, struct work *w, int64_t key)
{
	struct work **pp = &cpu->head[w->ctx];

	if (w->queued)
		return;
	w->key = key;
	while (*pp && (*pp)->key <= key)
		pp = &(*pp)->next;
	w->next = *pp;
	if (!*pp)
		cpu->tail[w->ctx] = w;
	*pp = w;
	w->queued = true;
	kick(cpu);
}

static struct work *pick(struct cpu *cpu)
{
	int c;

	for (c = 0; c < CTX_NR; c++) {
		struct work *w = cpu->head[c];

		if (!w)
			continue;
		cpu->head[c] = w->next;
		if (!cpu->head[c])
			cpu->tail[c] = NULL;
		w->queued = false;
		return w;
	}
	return NULL;
}

static bool queue_empty(const struct cpu *cpu)
{
	return !cpu->head[CTX_HARDIRQ] && !cpu->head[CTX_SOFTIRQ] && !cpu->head[CTX_PROCESS];
}

/*
 * Run queued items one after the other. When the next item would start
 * before any other pending event, it runs within this event: the engine
 * would have fired nothing in between, so the order of effects is the
 * same, and a run of back-to-back items costs one event instead of one
 * each.
 */
static void cpu_dispatch(struct sim *sim, struct sim_event *ev)
{
	struct cpu *cpu = ev->arg;
	struct host *host = cpu->host;
	struct work *w;

	while ((w = pick(cpu))) {
		cpu->running = true;
		cpu->t = sim->now;
		cpu->ctx = w->ctx;
		cpu->acct = ctx_acct[w->ctx];
		cpu->items[w->ctx]++;
		host->cur_cpu = cpu;
		w->fn(cpu, w);
		/* irq_exit: softirqs left pending start an episode */
		if (w->ctx == CTX_HARDIRQ && cpu->softirq_pending && !cpu->sirq_episode)
			cpu_queue_work(cpu, &cpu->softirq_work);
		host->cur_cpu = NULL;
		cpu->running = false;
		cpu->busy_until = cpu->t;
		if (queue_empty(cpu))
			return;
		if (!sim_may_advance(sim, cpu->t)) {
			sim_schedule(sim, &cpu->ev_dispatch, cpu->t);
			return;
		}
		sim->now = cpu->t;
	}
}

sim_time_t cpu_cost_noise(struct cpu *cpu, sim_time_t dt)
{
	uint64_t c = cpu->cost_noise;
	uint64_t f = PPB - c + rng_below(&cpu->cost_rng, 2 * c + 1);	/* ppb */

	return (sim_time_t)(((unsigned __int128)dt * f + PPB / 2) / PPB);
}

void cpu_set_cost_noise(struct cpu *cpu, uint32_t ppb, uint64_t seed)
{
	cpu->cost_noise = ppb;
	rng_streamf(&cpu->cost_rng, seed, "host.%s.cpu%d.cost", cpu->host->name, cpu->id);
}

void nicsim_cpu_not_running(const struct cpu *cpu)
{
	BUG_ON(!cpu->running);	/* cycles charged outside a work item */
}
