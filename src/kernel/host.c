// SPDX-License-Identifier: MIT
/*
 * A host boots: its CPUs with their softirqs and ksoftirqd, then the
 * subsystems in the order the kernel initialises them (timers, the
 * network device core, IPv4). The kernel's start_kernel and initcalls in
 * spirit (init/main.c); what each subsystem registers is in its own file
 * (init_timers, net_dev_init, inet_init).
 * Leaves out: everything a real boot does that the network path does not
 * see.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/host.h"
#include "sim/engine/util.h"

void host_init(struct host *h, struct sim *sim, struct skb_pool *pool, int idx,
	       const char *name, const struct platform *plat,
	       const struct kprofile *kp, int hz, uint64_t seed)
{
	struct rng r;
	int i;

	memset(h, 0, sizeof(*h));
	h->sim = sim;
	h->pool = pool;
	h->idx = idx;
	snprintf(h->name, sizeof(h->name), "%s", name);
	h->addr = (10u << 24) | (uint32_t)(idx + 1);
	h->plat_local = *plat;
	h->plat = &h->plat_local;
	h->kp_local = *kp;
	h->kp = &h->kp_local;
	h->hz = hz;
	h->tick = PS_PER_S / hz;
	h->nr_cpus = MIN(plat->nr_cpus, HOST_MAX_CPUS);
	h->wmem_default = kp_wmem_default(plat, kp);
	h->wmem_max = kp_wmem_max(plat, kp);
	h->tcp_ecn = 2;		/* sysctl_tcp_ecn default since 2.6.31 */
	h->tcp_sack = 1;
	h->tcp_slow_start_after_idle = 1;
	h->ts_memo_size[0] = h->ts_memo_size[1] = UINT32_MAX;	/* none yet */
	/* The host's own stream: only what belongs to no device or socket.
	 * Devices (netdev_init) and applications (their sockets, ports and
	 * idents) draw from their own. */
	rng_streamf(&r, seed, "host.%s", name);
	h->ip_id = (uint16_t)rng_next(&r);
	for (i = 0; i < h->nr_cpus; i++) {
		struct cpu *c = &h->cpus[i];

		cpu_init(c, h, i, plat->cpu_hz);
		softirq_init(c);
		task_init_sleeping(&h->ksoftirqd[i], c, run_ksoftirqd, NULL);
		cpu_set_ksoftirqd(c, &h->ksoftirqd[i]);
	}
	init_timers(h);		/* start_kernel */
	net_dev_init(h);	/* subsys_initcall */
	inet_init(h);		/* fs_initcall */
}
