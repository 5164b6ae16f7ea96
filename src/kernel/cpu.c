// SPDX-License-Identifier: MIT
/*
 * CPU model: priority run queues per context, cycle charging, softirqs and
 * timer_list timers. Contract in cpu.h.
 */
#include <string.h>
#include "kernel/cpu.h"
#include "kernel/host.h"
#include "kernel/sched/sched.h"
#include "sim/engine/util.h"

#define MAX_SOFTIRQ_RESTART	10	/* kernel/softirq.c */
#define MAX_SOFTIRQ_TIME_MS	2

static const uint8_t ctx_acct[CTX_NR] = {
	[CTX_HARDIRQ] = ACCT_IRQ, [CTX_SOFTIRQ] = ACCT_SOFTIRQ, [CTX_PROCESS] = ACCT_SYS,
};

static void cpu_dispatch(struct sim *sim, struct sim_event *ev);
static void do_softirq(struct cpu *cpu, struct work *w);
static void sirq_tick(struct sim *sim, struct sim_event *ev);

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
	work_init(&cpu->softirq_work, CTX_SOFTIRQ, do_softirq, NULL);
	sim_event_init(&cpu->sirq_tick, sirq_tick, cpu);
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

void nicsim_cpu_not_running(const struct cpu *cpu)
{
	BUG_ON(!cpu->running);	/* cycles charged outside a work item */
}

/* --- softirqs ------------------------------------------------------- */

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

/* --- timer_list ----------------------------------------------------- */

uint64_t cpu_jiffies(const struct cpu *cpu)
{
	return (uint64_t)(cpu_now(cpu) / cpu->host->tick);
}

uint64_t msecs_to_jiffies(const struct cpu *cpu, uint64_t ms)
{
	/* include/linux/jiffies.h: rounds up */
	return DIV_ROUND_UP(ms * (uint64_t)cpu->host->hz, 1000);
}

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
void run_timer_softirq(struct cpu *cpu)
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
