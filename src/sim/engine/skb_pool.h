/* SPDX-License-Identifier: MIT */
/*
 * The simulation's skb pool: every sk_buff, whether the kernel holds it
 * or it is a frame on the wire, comes from one pool per world that grows
 * in slabs and is never returned to malloc while the simulation runs (no
 * allocation per packet in steady state). An optional bound on the skbs
 * alive at once stops the simulation when crossed (skb_pool_limit), so no
 * run can exhaust memory through its queues.
 * Deviation: a frame on the wire is an skb of the pool (a copy of the
 * sender's), not bytes; the hardware models and the link use the pool
 * directly, without the kernel's alloc_skb and its accounting.
 */
#ifndef NICSIM_SIM_ENGINE_SKB_POOL_H
#define NICSIM_SIM_ENGINE_SKB_POOL_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "nicsim/skb.h"

struct skb_pool {
	struct sk_buff	*free;
	void		*slabs;
	uint64_t	next_id;
	uint64_t	live;
	uint64_t	allocated;
	/* a broken skb invariant (freed twice, freed while charged):
	 * reports and does not return; NULL: abort() */
	void		(*violation)(void *arg, const struct sk_buff *skb, const char *what);
	void		*violation_arg;
	uint64_t	max_live;	/* 0: no limit */
	struct sim	*sim;		/* stopped when live exceeds max_live */
	bool		over;		/* it did */
};

void skb_pool_init(struct skb_pool *pool);
/* Bound the skbs alive at once: the allocation that exceeds max_live still
 * succeeds, but sets pool->over and stops sim (sim_stop), so a run whose
 * queues would grow without end stops within the event that crossed it. */
void skb_pool_limit(struct skb_pool *pool, uint64_t max_live, struct sim *sim);
void skb_pool_destroy(struct skb_pool *pool);
struct sk_buff *skb_pool_get(struct skb_pool *pool);
struct sk_buff *skb_pool_copy(struct skb_pool *pool, const struct sk_buff *src);
void skb_pool_put(struct skb_pool *pool, struct sk_buff *skb);
/* Call fn on every skb allocated and not yet freed (for --check). */
void skb_pool_for_each_live(struct skb_pool *pool,
			    void (*fn)(struct sk_buff *skb, void *arg), void *arg);
/* The skb now holds (charged true) or no longer holds a charge on the
 * send buffer of its socket (skb->sk, run off by skb->destructor): every
 * place that takes or drops that charge says so here, once. BUG on a
 * charge taken twice or dropped twice. */
void skb_pool_mark_charged(struct sk_buff *skb, bool charged);
/* Call fn on every skb marked charged (for --check's recount). */
void skb_pool_for_each_charged(struct skb_pool *pool,
			       void (*fn)(struct sk_buff *skb, void *arg), void *arg);
/* Copy what travels on the wire (len and headers) from src to dst. */
void skb_copy_frame(struct sk_buff *dst, const struct sk_buff *src);

#endif
