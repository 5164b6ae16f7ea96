/* SPDX-License-Identifier: MIT */
/*
 * prio: N pfifo bands, band 0 first (the contract is in sch_prio.c).
 */
#ifndef NICSIM_SCH_PRIO_H
#define NICSIM_SCH_PRIO_H

#include <stdint.h>
#include "nicsim/skb.h"

#define PRIO_MAX_BANDS	16	/* TCQ_PRIO_BANDS */
#define PRIO_MAP_LEN	16	/* TC_PRIO_MAX + 1 */

extern const uint8_t prio_default_priomap[PRIO_MAP_LEN];

struct prio_sched;

/* NULL where prio_tune refuses: bands outside [2, 16], an entry of
 * priomap (NULL: tc's default) >= bands. limit: each pfifo's packets. */
struct prio_sched *prio_create(int bands, const uint8_t *priomap, uint32_t limit);
/* prio_classify without filters: the band of skb */
int prio_classify(const struct prio_sched *q, const struct sk_buff *skb);

#endif
