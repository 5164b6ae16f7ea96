// SPDX-License-Identifier: MIT
/*
 * skb allocation and freeing: alloc_skb charges truesize as __alloc_skb
 * does (profiles/profile.c, skb_truesize) and stamps the allocation time;
 * kfree_skb runs the owner's destructor (sock_wfree, tcp_wfree), then
 * returns the skb to the simulation's pool (sim/engine/skb_pool.c).
 * Kernel source: net/core/skbuff.c (__alloc_skb, kfree_skb,
 * skb_release_head_state), include/linux/skbuff.h.
 * Leaves out: page fragments as memory (nr_frags is a count), cloning,
 * the skbuff_head_cache as a cache (the pool is the simulation's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/host.h"
#include "sim/engine/util.h"

/* skb_truesize of the host's platform and kernel, for the two sizes last
 * asked (an ACK's header and a full frame, mostly) */
uint32_t host_skb_truesize(struct host *h, uint32_t size)
{
	int i = h->ts_memo_size[0] == size ? 0 : h->ts_memo_size[1] == size ? 1 : -1;

	if (i < 0) {
		i = h->ts_memo_next;
		h->ts_memo_next ^= 1;
		h->ts_memo_size[i] = size;
		h->ts_memo_val[i] = skb_truesize(h->plat, h->kp, size);
	}
	return h->ts_memo_val[i];
}

struct sk_buff *alloc_skb(struct host *h, uint32_t size)
{
	struct sk_buff *skb = skb_pool_get(h->pool);

	skb->truesize = host_skb_truesize(h, size);
	skb->t[SKB_T_ALLOC] = host_now(h);
	return skb;
}

void kfree_skb(struct cpu *cpu, struct sk_buff *skb)
{
	if (skb->destructor)
		skb->destructor(cpu, skb);
	skb_pool_put(cpu->host->pool, skb);
}

void dev_kfree_skb_any(struct cpu *cpu, struct sk_buff *skb)
{
	kfree_skb(cpu, skb);
}

/* skb_orphan (include/linux/skbuff.h): run the owner's destructor now,
 * which uncharges the socket, and leave the skb ownerless. */
void skb_orphan(struct cpu *cpu, struct sk_buff *skb)
{
	if (skb->destructor)
		skb->destructor(cpu, skb);
	skb->destructor = NULL;
	skb->sk = NULL;
}
