/* SPDX-License-Identifier: MIT */
/*
 * CPUs and the contexts work runs in.
 *
 * Models: each core runs hardirq > softirq > process work in priority
 * order; every piece of work charges cycles from the platform profile and
 * the core is busy for that long; work queued on a busy core waits. Busy
 * time is accounted like top(1): us, sy, hi, si. Softirqs are raised per
 * CPU and run in the order of kernel/softirq.c (HI, TIMER, NET_TX, NET_RX,
 * ..., TASKLET), in passes as __do_softirq runs them: a pass takes the
 * pending bits and runs each handler once; bits raised meanwhile make
 * another pass, at most MAX_SOFTIRQ_RESTART (10) in all, while jiffies
 * have not passed msecs_to_jiffies(2) since the first and nothing needs
 * the CPU (need_resched: a task woken on an idle CPU, or one that
 * preempts the current task). Past that the rest is left to ksoftirqd, a
 * CFS task of the CPU (sched/core.c), and to the next hardirq's exit (any
 * interrupt, or the tick, modelled only while softirqs wait), which
 * starts a new episode inline as irq_exit -> invoke_softirq does (3.x,
 * 4.4 and 6.x alike: the 4.9-6.1 "let ksoftirqd do its job" rule is not
 * modelled). Time in ksoftirqd is accounted si, as top shows it.
 * timer_list timers fire on jiffy boundaries (HZ from the
 * host) from TIMER_SOFTIRQ on the CPU that armed them (kernel/timer.c);
 * hrtimers fire at their exact time.
 *
 * Leaves out: preemption inside a piece of work. A work item runs to its
 * end once started; items are kept small (one packet, one poll) so a
 * hardirq waits at most one item.
 * Deviation: the work's effects are applied when it starts; actions that
 * leave the CPU (register writes, wakeups on other CPUs, timers) are
 * stamped with the CPU's local clock, which advances with every charge.
 * Shared state is not: what a CPU changes late in a long item is visible
 * to other CPUs from the item's start. For the qdisc this is undone: a
 * CPU whose clock is behind an skb's enqueue time leaves it for its
 * enqueuer to send at that time (net/sched/sch_generic.c, skb_ahead), so no skb leaves
 * before its send stamp. Other hand-offs still show early (data a long
 * write() copies into the socket's write queue, for one).
 * Deviation: the periodic tick's own cost is not charged (NO_HZ idle).
 * Seeded variation (off by default): each charge's time is scaled by a
 * factor drawn uniformly from [1 - c, 1 + c] (c = sim.cost_noise) from the
 * CPU's stream "host.H.cpuN.cost", standing for what the model leaves out
 * of a path's cost (cache and TLB misses, branch prediction, memory
 * contention). Deviation: uniform and independent per charge, UNVERIFIED
 * as a distribution; cost_cycles[] keeps the modelled cycles.
 */
#ifndef NICSIM_HOST_CPU_H
#define NICSIM_HOST_CPU_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "nicsim/rng.h"
#include "profiles/profile.h"

struct host;
struct cpu;

enum cpu_ctx { CTX_HARDIRQ, CTX_SOFTIRQ, CTX_PROCESS, CTX_NR };
enum cpu_acct { ACCT_USER, ACCT_SYS, ACCT_IRQ, ACCT_SOFTIRQ, ACCT_NR };

/* include/linux/interrupt.h order */
enum softirq_nr {
	HI_SOFTIRQ, TIMER_SOFTIRQ, NET_TX_SOFTIRQ, NET_RX_SOFTIRQ,
	TASKLET_SOFTIRQ, NR_SOFTIRQS
};

struct work {
	struct work	*next;
	void		(*fn)(struct cpu *cpu, struct work *w);
	void		*arg;
	uint8_t		ctx;
	bool		queued;
	int64_t		key;		/* order in cpu_queue_work_ordered */
};

struct timer_list {
	struct sim_event ev;
	struct timer_list *next_expired;
	struct cpu	*cpu;
	uint64_t	expires;	/* jiffies */
	void		(*fn)(struct cpu *cpu, struct timer_list *t);
	void		*arg;
	bool		pending;
};

struct irq_desc;
struct tcp_sock;
struct task;

struct cpu {
	struct host	*host;
	int		id;
	uint64_t	cpu_hz;
	uint64_t	ps_per_cycle_q32;	/* 1e12 / hz in 32.32 fixed point */
	const sim_time_t *now;		/* the simulation's clock */
	struct work	*head[CTX_NR];
	struct work	*tail[CTX_NR];
	bool		running;	/* inside a work item's function */
	sim_time_t	busy_until;	/* end of the last item */
	uint8_t		ctx;		/* context of the running item */
	uint8_t		acct;		/* where charges go */
	sim_time_t	t;		/* local clock while running */
	struct sim_event ev_dispatch;
	uint32_t	softirq_pending;
	struct work	softirq_work;
	/* __do_softirq: the running episode's pass (bits still to run), its
	 * restart budget and time limit, whether ksoftirqd runs it */
	uint32_t	sirq_pass;
	uint32_t	sirq_cont;	/* handlers to call again before the pass goes on */
	bool		sirq_episode;
	bool		sirq_in_ksoftirqd;
	bool		need_resched;	/* TIF_NEED_RESCHED of the CPU's current */
	int		sirq_restarts;
	uint64_t	sirq_end;	/* jiffies */
	struct task	*ksoftirqd;
	struct sim_event sirq_tick;	/* the tick, while softirqs wait */
	uint64_t	ksoftirqd_wakeups;
	sim_time_t	ksoftirqd_ps;	/* softirq time run by ksoftirqd */
	void		(*softirq_handler[NR_SOFTIRQS])(struct cpu *cpu);
	struct timer_list *expired;	/* fired, waiting for TIMER_SOFTIRQ */
	/* net_rx_action across its work items */
	bool		net_rx_running;
	int		net_rx_budget;
	sim_time_t	net_rx_limit;
	uint64_t	time_squeeze;	/* softnet_stat's third column */
	struct napi_struct *poll_head;
	struct napi_struct *poll_tail;
	struct qdisc	*output_queue;	/* softnet_data.output_queue */
	struct tcp_sock	*tsq_list;	/* per-CPU tsq_tasklet list */
	/* process scheduler (sched/core.c): the task holding the CPU between its
	 * steps, since when, runnable tasks and CFS's min_vruntime */
	struct task	*curr_task;
	sim_time_t	slice_start;
	int		nr_running;
	sim_time_t	min_vruntime;
	uint64_t	nr_switches;
	/* accounting */
	sim_time_t	busy_ps[ACCT_NR];
	uint64_t	items[CTX_NR];
	uint64_t	cost_cycles[COST_NR];	/* cycles charged per platform cost */
	uint64_t	softirqs[NR_SOFTIRQS];
	/* seeded variation: cost noise in parts per billion (0: none), its stream */
	uint32_t	cost_noise;
	struct rng	cost_rng;
};

void cpu_init(struct cpu *cpu, struct host *host, int id, uint64_t hz);
void work_init(struct work *w, enum cpu_ctx ctx,
	       void (*fn)(struct cpu *, struct work *), void *arg);
/* Queue w on cpu; it runs when the CPU gets to it. */
void cpu_queue_work(struct cpu *cpu, struct work *w);
/* Queue w first among the work of its context (it keeps or takes the CPU). */
void cpu_queue_work_head(struct cpu *cpu, struct work *w);
/* Queue w after the work of its context whose key is not greater (the
 * CFS run queue, keyed by vruntime: the leftmost runs next). */
void cpu_queue_work_ordered(struct cpu *cpu, struct work *w, int64_t key);
/* Is work of context ctx waiting on cpu? */
static inline bool cpu_work_waiting(const struct cpu *cpu, enum cpu_ctx ctx)
{
	return cpu->head[ctx] != NULL;
}
void nicsim_cpu_not_running(const struct cpu *cpu);
/* dt scaled by a factor drawn from [1 - c, 1 + c], c = cost_noise ppb */
sim_time_t cpu_cost_noise(struct cpu *cpu, sim_time_t dt);
/* Turn cost noise on (ppb > 0) with the CPU's stream under seed. */
void cpu_set_cost_noise(struct cpu *cpu, uint32_t ppb, uint64_t seed);

static inline void cpu_charge_acct(struct cpu *cpu, uint64_t cycles, int acct)
{
	/* ps = cycles * 1e12 / hz, by a 32.32 fixed-point reciprocal */
	sim_time_t dt = (sim_time_t)(((unsigned __int128)cycles * cpu->ps_per_cycle_q32 +
				      (1ull << 31)) >> 32);	/* rounded */

	if (__builtin_expect(!cpu->running, 0))
		nicsim_cpu_not_running(cpu);
	if (__builtin_expect(cpu->cost_noise != 0, 0))
		dt = cpu_cost_noise(cpu, dt);
	cpu->t += dt;
	cpu->busy_ps[acct] += dt;
}

/* Charge `cycles` of work of kind `id` (a platform cost) to the running
 * item; cost_cycles keeps where the CPU's cycles went. */
static inline void cpu_charge(struct cpu *cpu, enum cpu_cost id, uint64_t cycles)
{
	cpu->cost_cycles[id] += cycles;
	cpu_charge_acct(cpu, cycles, cpu->acct);
}

/* Two kinds of work charged as one (one rounding to picoseconds). */
static inline void cpu_charge2(struct cpu *cpu, enum cpu_cost a, uint64_t ca,
			       enum cpu_cost b, uint64_t cb)
{
	cpu->cost_cycles[a] += ca;
	cpu->cost_cycles[b] += cb;
	cpu_charge_acct(cpu, ca + cb, cpu->acct);
}

/* Charge the application's own cycles (accounted as us). */
static inline void cpu_charge_user(struct cpu *cpu, uint64_t cycles)
{
	cpu->cost_cycles[COST_user_iter] += cycles;
	cpu_charge_acct(cpu, cycles, ACCT_USER);
}
/* The CPU's clock: local time inside a running item, else now. */
static inline sim_time_t cpu_now(const struct cpu *cpu)
{
	return cpu->running ? cpu->t : *cpu->now;
}

void raise_softirq(struct cpu *cpu, enum softirq_nr nr);
/* From a softirq handler: call it again in the next work item, before the
 * pass goes on (the handler's loop, split so time can pass in between). */
static inline void softirq_continue(struct cpu *cpu, enum softirq_nr nr)
{
	cpu->sirq_cont |= 1u << nr;
}
/* softirq.c: the CPU's softirq work item, at boot after cpu_init */
void softirq_init(struct cpu *cpu);
/* The CPU's ksoftirqd (host init; sched/sched.h) */
void cpu_set_ksoftirqd(struct cpu *cpu, struct task *t);
void open_softirq(struct cpu *cpu, enum softirq_nr nr, void (*fn)(struct cpu *));

/* timer_list (jiffies) */
void timer_setup(struct timer_list *t, void (*fn)(struct cpu *, struct timer_list *),
		 void *arg);
void mod_timer(struct cpu *cpu, struct timer_list *t, uint64_t expires);
void del_timer(struct cpu *cpu, struct timer_list *t);
uint64_t cpu_jiffies(const struct cpu *cpu);
/* The jiffy a timer armed at clk for expires runs at (the era's wheel). */
uint64_t timer_due(const struct host *h, uint64_t clk, uint64_t expires);
uint64_t msecs_to_jiffies(const struct cpu *cpu, uint64_t ms);
/* round_jiffies on this CPU: to a whole second (skewed by 3 jiffies per
 * CPU number), down if less than a quarter past, never into the past */
uint64_t round_jiffies(const struct cpu *cpu, uint64_t j);

#endif
