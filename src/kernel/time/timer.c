// SPDX-License-Identifier: MIT
/*
 * timer_list timers: setup, mod_timer and del_timer, the era's timer
 * wheel granularity (timer_due), round_jiffies, and their run from
 * TIMER_SOFTIRQ on the CPU that armed them, in expiry order.
 * Kernel source: kernel/time/timer.c (mod_timer, __run_timers,
 * calc_wheel_index, round_jiffies_common), 3.x cascading wheel and the
 * 4.8+ wheel. Contract in cpu.h.
 * Leaves out: deferrable timers, timer migration, hrtimers (the model's
 * hrtimers are engine events at their exact time).
 */
#include <string.h>
#include "kernel/cpu.h"
#include "kernel/host.h"
#include "sim/engine/util.h"

uint64_t round_jiffies(const struct cpu *cpu, uint64_t j)
{
	uint64_t hz = (uint64_t)cpu->host->hz, skew = 3 * (uint64_t)cpu->id;
	uint64_t r = j + skew, rem = r % hz;

	/* kernel/time/timer.c round_jiffies_common, force_up false */
	r = rem < hz / 4 ? r - rem : r - rem + hz;
	r -= skew;
	return r > cpu_jiffies(cpu) ? r : j;
}

static void timer_fire(struct sim *sim, struct sim_event *ev)
{
	struct timer_list *t = ev->arg;
	struct cpu *cpu = t->cpu;

	t->next_expired = cpu->expired;
	cpu->expired = t;
	raise_softirq(cpu, TIMER_SOFTIRQ);
}

void timer_setup(struct timer_list *t, void (*fn)(struct cpu *, struct timer_list *),
		 void *arg)
{
	memset(t, 0, sizeof(*t));
	sim_event_init(&t->ev, timer_fire, t);
	t->fn = fn;
	t->arg = arg;
}

/*
 * The jiffy a timer armed at jiffy clk for expires runs at. The 4.8+ wheel
 * (kernel/time/timer.c, calc_wheel_index and calc_index) files it in the
 * first level whose range holds expires - clk (level n holds deltas below
 * 63 << 3n jiffies, granularity 8^n; 9 levels above HZ 100, else 8) and
 * rounds the expiry up to the next granule, so that it never runs early:
 * one jiffy late at level 0, up to 8^n at level n. The older cascading
 * wheel ran it at expires. One already due runs at the next tick.
 */
uint64_t timer_due(const struct host *h, uint64_t clk, uint64_t expires)
{
	int lvl, depth = h->hz > 100 ? 9 : 8;
	uint64_t delta;

	if (!h->kp->timer_wheel_v2)
		return MAX(expires, clk + 1);
	if (expires <= clk)
		return clk + 1;
	delta = expires - clk;
	for (lvl = 0; lvl < depth - 1 && delta >= (63ULL << (3 * lvl)); lvl++)
		;
	return ((expires >> (3 * lvl)) + 1) << (3 * lvl);
}

void mod_timer(struct cpu *cpu, struct timer_list *t, uint64_t expires)
{
	uint64_t due = timer_due(cpu->host, cpu_jiffies(cpu), expires);
	sim_time_t at = (sim_time_t)due * cpu->host->tick;
	sim_time_t now = cpu->host->sim->now;

	del_timer(cpu, t);
	t->cpu = cpu;
	t->expires = expires;
	t->pending = true;
	sim_schedule(cpu->host->sim, &t->ev, at > now ? at : now);
}

void del_timer(struct cpu *cpu, struct timer_list *t)
{
	struct timer_list **pp;

	if (!t->pending)
		return;
	t->pending = false;
	sim_cancel(cpu->host->sim, &t->ev);
	for (pp = &t->cpu->expired; *pp; pp = &(*pp)->next_expired)
		if (*pp == t) {
			*pp = t->next_expired;
			break;
		}
}

/* run_timer_softirq: the expired timers, in the order they expired. */
static void run_timer_softirq(struct cpu *cpu)
{
	struct timer_list *list = NULL, *t;

	while ((t = cpu->expired)) {	/* reverse to expiry order */
		cpu->expired = t->next_expired;
		t->next_expired = list;
		list = t;
	}
	while ((t = list)) {
		list = t->next_expired;
		/* deleted, or re-armed by an earlier callback */
		if (!t->pending || sim_event_pending(&t->ev))
			continue;
		t->pending = false;
		cpu_charge(cpu, COST_timer, cpu->host->plat->cost.timer);
		t->fn(cpu, t);
	}
}

void init_timers(struct host *h)
{
	int i;

	for (i = 0; i < h->nr_cpus; i++)
		open_softirq(&h->cpus[i], TIMER_SOFTIRQ, run_timer_softirq);
}
