/* SPDX-License-Identifier: MIT */
/*
 * --check: the model's invariants, verified after every event.
 *
 * What is checked (the kernel guards the same with WARN_ON/BUG_ON):
 *  - skbs: none is freed twice or while still charged (always, in the
 *    pool); every socket's sk_wmem_alloc is 1 plus the truesize of the
 *    live skbs charged to it, and skbs_held their number (the skbs the
 *    pool marks charged, skb_pool_for_each_charged; each must have an
 *    owner and a destructor);
 *  - each qdisc's qlen and backlog equal what its bands (or fq_codel's
 *    flows) hold; fq_codel's per-flow backlogs likewise; tbf's qlen and
 *    backlog what its bfifo holds, the backlog within its limit, its
 *    tokens within [0, buffer];
 *  - BQL: num_queued >= num_completed, in-flight below 2^31, and the limit
 *    within [limit_min, limit_max]; no skb reaches the driver with more in
 *    flight than the limit lets through (bql_admit_excess), so in flight
 *    exceeds the limit by at most the skb that crossed it;
 *  - the wire: no frame leaves a host above its MTU plus the Ethernet
 *    header; a port's busy time stays within the time to its last
 *    frame's end (no link above 100 %);
 *  - the driver's TX ring indices and count agree with the device's
 *    pending and sent counters (nic_check);
 *  - time: the clock never goes backwards, and neither does any CPU's
 *    busy-until or a charged-time total.
 * A violation prints the simulated time, the event number and the object,
 * then the program exits with status 3 (after on_abort, which removes
 * half-written files).
 */
#ifndef NICSIM_RUN_CHECK_H
#define NICSIM_RUN_CHECK_H

#include "sim/run/world.h"

#define NICSIM_EXIT_INVARIANT 3

/* Faults a test can inject to show the checker catches them. */
enum check_inject { INJECT_NONE, INJECT_DOUBLE_FREE, INJECT_WMEM_LEAK, INJECT_BQL_EXCESS,
		    INJECT_MTU_DROP };

/* Turn checking on for w; inject names a fault ("double-free",
 * "wmem-leak", "bql-excess", "mtu-drop") or is NULL. -1 if inject is
 * unknown. */
int world_check_enable(struct world *w, const char *inject);
/* Everything, once (also after the run). */
void world_check_now(struct world *w);
void world_check_disable(struct world *w);

#endif
