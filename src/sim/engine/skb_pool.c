// SPDX-License-Identifier: MIT
/*
 * The simulation's skb pool: slabs of sk_buffs, never returned to malloc
 * during a run, with an optional bound on the skbs alive at once. No
 * kernel source (the kernel's skbuff_head_cache in spirit); the
 * contract is in skb_pool.h.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/engine/skb_pool.h"
#include "sim/engine/util.h"

#define SKB_SLAB 512

struct skb_slab {
	struct skb_slab	*next;
	struct sk_buff	skb[SKB_SLAB];
};

void skb_pool_init(struct skb_pool *pool)
{
	memset(pool, 0, sizeof(*pool));
}

void skb_pool_destroy(struct skb_pool *pool)
{
	struct skb_slab *s = pool->slabs, *n;

	for (; s; s = n) {
		n = s->next;
		free(s);
	}
	memset(pool, 0, sizeof(*pool));
}

void skb_pool_limit(struct skb_pool *pool, uint64_t max_live, struct sim *sim)
{
	pool->max_live = max_live;
	pool->sim = sim;
}

static struct sk_buff *pool_pop(struct skb_pool *pool)
{
	struct sk_buff *skb = pool->free;

	if (!skb) {
		struct skb_slab *s = xcalloc(1, sizeof(*s));
		int i;

		s->next = pool->slabs;
		pool->slabs = s;
		for (i = SKB_SLAB - 1; i >= 0; i--) {
			s->skb[i].next = pool->free;
			pool->free = &s->skb[i];
		}
		skb = pool->free;
	}
	pool->free = skb->next;
	pool->live++;
	pool->allocated++;
	if (pool->max_live && pool->live > pool->max_live && !pool->over) {
		pool->over = true;
		sim_stop(pool->sim);
	}
	return skb;
}

struct sk_buff *skb_pool_get(struct skb_pool *pool)
{
	struct sk_buff *skb = pool_pop(pool);

	memset(skb, 0, sizeof(*skb));
	skb->id = ++pool->next_id;
	skb->live = 1;
	return skb;
}

/* A new skb holding a copy of src's frame: only what the copy does not
 * overwrite is cleared. */
_Static_assert(offsetof(struct sk_buff, sack) > offsetof(struct sk_buff, path) &&
	       offsetof(struct sk_buff, req_path) > offsetof(struct sk_buff, sack) &&
	       offsetof(struct sk_buff, req_path) + sizeof(((struct sk_buff *)0)->req_path) <=
	       offsetof(struct sk_buff, rx_stamp),
	       "sack[] and req_path[] must be the last frame fields");

/* The frame's fields, eth_src up to rx_stamp; sack[] and req_path[] only
 * if used. */
static inline void copy_frame_fields(struct sk_buff *dst, const struct sk_buff *src)
{
	size_t a = offsetof(struct sk_buff, eth_src);
	size_t s = offsetof(struct sk_buff, sack);

	memcpy((char *)dst + a, (const char *)src + a, s - a);
	if (src->nr_sack)
		memcpy(dst->sack, src->sack, sizeof(dst->sack));
	if (src->has_req_path)
		memcpy(dst->req_path, src->req_path, sizeof(dst->req_path));
}

struct sk_buff *skb_pool_copy(struct skb_pool *pool, const struct sk_buff *src)
{
	struct sk_buff *skb = pool_pop(pool);
	size_t a = offsetof(struct sk_buff, eth_src);
	size_t b = offsetof(struct sk_buff, rx_stamp);

	memset(skb, 0, a);
	memset((char *)skb + b, 0, sizeof(*skb) - b);
	copy_frame_fields(skb, src);
	skb->len = src->len;
	skb->protocol = src->protocol;
	skb->id = ++pool->next_id;
	skb->live = 1;
	return skb;
}

static void violation(struct skb_pool *pool, const struct sk_buff *skb, const char *what)
{
	if (pool->violation)
		pool->violation(pool->violation_arg, skb, what);
	fprintf(stderr, "nicsim: BUG: skb %llu %s\n", (unsigned long long)skb->id, what);
	abort();
}

void skb_pool_put(struct skb_pool *pool, struct sk_buff *skb)
{
	if (!skb->live)
		violation(pool, skb, "freed twice");
	if (skb->sk)
		violation(pool, skb, "freed while still charged to a socket");
	BUG_ON(!pool->live);
	pool->live--;
	skb->live = 0;
	skb->next = pool->free;
	pool->free = skb;
}

void skb_pool_for_each_live(struct skb_pool *pool,
			    void (*fn)(struct sk_buff *skb, void *arg), void *arg)
{
	struct skb_slab *s;
	int i;

	for (s = pool->slabs; s; s = s->next)
		for (i = 0; i < SKB_SLAB; i++)
			if (s->skb[i].live)
				fn(&s->skb[i], arg);
}

void skb_copy_frame(struct sk_buff *dst, const struct sk_buff *src)
{
	dst->len = src->len;
	dst->protocol = src->protocol;
	copy_frame_fields(dst, src);
}
