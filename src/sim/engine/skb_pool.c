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

#define SKB_SLAB	512
#define SLAB_BYTES	(1u << 18)	/* a slab's size and alignment */

/*
 * A slab is aligned to its own size, so an skb's slab is its address
 * rounded down. Two bitmaps, one bit per skb of the slab:
 *  - live_bits mirrors "allocated and not yet freed" (skb_pool_get/copy
 *    set it, skb_pool_put clears it); skb_pool_for_each_live reads it;
 *  - charged_bits mirrors "skb->sk and skb->destructor hold a charge on
 *    the socket's sk_wmem_alloc": set where the charge is taken
 *    (skb_set_owner_w, a GSO segment taking its share), cleared where it
 *    is dropped (sock_wfree, the GSO skb handing its charge on), always
 *    through skb_pool_mark_charged. skb_pool_for_each_charged reads it:
 *    the --check recount after every event touches only the charged skbs,
 *    not the RX rings' buffers that no socket owns.
 */
struct skb_slab {
	struct skb_slab	*next;
	uint64_t	live_bits[SKB_SLAB / 64];
	uint64_t	charged_bits[SKB_SLAB / 64];
	struct sk_buff	skb[SKB_SLAB];
};
_Static_assert(sizeof(struct skb_slab) <= SLAB_BYTES, "an skb slab outgrew SLAB_BYTES");

static struct skb_slab *skb_slab(const struct sk_buff *skb, size_t *i)
{
	struct skb_slab *s = (struct skb_slab *)((uintptr_t)skb & ~(uintptr_t)(SLAB_BYTES - 1));

	*i = (size_t)(skb - s->skb);
	return s;
}

static uint64_t *live_word(const struct sk_buff *skb, uint64_t *bit)
{
	size_t i;
	struct skb_slab *s = skb_slab(skb, &i);

	*bit = 1ull << (i % 64);
	return &s->live_bits[i / 64];
}

static uint64_t *charged_word(const struct sk_buff *skb, uint64_t *bit)
{
	size_t i;
	struct skb_slab *s = skb_slab(skb, &i);

	*bit = 1ull << (i % 64);
	return &s->charged_bits[i / 64];
}

static bool is_charged(const struct sk_buff *skb)
{
	uint64_t bit, *w = charged_word(skb, &bit);

	return *w & bit;
}

void skb_pool_mark_charged(struct sk_buff *skb, bool charged)
{
	uint64_t bit, *w = charged_word(skb, &bit);

	BUG_ON(!!(*w & bit) == charged);	/* charged twice, or dropped twice */
	*w ^= bit;
}

static void mark_live(struct sk_buff *skb, bool live)
{
	uint64_t bit, *w = live_word(skb, &bit);

	*w = live ? *w | bit : *w & ~bit;
}

static bool is_live(const struct sk_buff *skb)
{
	uint64_t bit, *w = live_word(skb, &bit);

	return *w & bit;
}

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
		struct skb_slab *s = aligned_alloc(SLAB_BYTES, SLAB_BYTES);
		int i;

		if (!s) {
			fprintf(stderr, "nicsim: out of memory allocating %u bytes\n", SLAB_BYTES);
			exit(1);
		}
		memset(s, 0, sizeof(*s));

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
	mark_live(skb, true);
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
	mark_live(skb, true);
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
	if (!is_live(skb))
		violation(pool, skb, "freed twice");
	if (skb->sk || is_charged(skb))
		violation(pool, skb, "freed while still charged to a socket");
	BUG_ON(!pool->live);
	pool->live--;
	mark_live(skb, false);
	skb->next = pool->free;
	pool->free = skb;
}

/* fn on every skb of every slab whose bit is set in the bitmap at offset
 * map of struct skb_slab */
static void for_each_bit(struct skb_pool *pool, size_t map,
			 void (*fn)(struct sk_buff *skb, void *arg), void *arg)
{
	struct skb_slab *s;
	int w;

	for (s = pool->slabs; s; s = s->next) {
		const uint64_t *bitmap = (const uint64_t *)((const char *)s + map);

		for (w = 0; w < SKB_SLAB / 64; w++) {
			uint64_t bits = bitmap[w];

			while (bits) {
				int b = __builtin_ctzll(bits);

				bits &= bits - 1;
				fn(&s->skb[w * 64 + b], arg);
			}
		}
	}
}

void skb_pool_for_each_live(struct skb_pool *pool,
			    void (*fn)(struct sk_buff *skb, void *arg), void *arg)
{
	for_each_bit(pool, offsetof(struct skb_slab, live_bits), fn, arg);
}

void skb_pool_for_each_charged(struct skb_pool *pool,
			       void (*fn)(struct sk_buff *skb, void *arg), void *arg)
{
	for_each_bit(pool, offsetof(struct skb_slab, charged_bits), fn, arg);
}

void skb_copy_frame(struct sk_buff *dst, const struct sk_buff *src)
{
	dst->len = src->len;
	dst->protocol = src->protocol;
	copy_frame_fields(dst, src);
}
