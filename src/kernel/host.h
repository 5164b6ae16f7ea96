/* SPDX-License-Identifier: MIT */
/*
 * A host: CPUs, jiffies, interrupts, one network device and its driver,
 * the IPv4/ICMP/UDP layer, sockets. Profiles give its constants.
 */
#ifndef NICSIM_HOST_HOST_H
#define NICSIM_HOST_HOST_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "nicsim/rng.h"
#include "profiles/profile.h"
#include "sim/engine/skb_pool.h"
#include "kernel/cpu.h"
#include "net/core/netdevice.h"
#include "net/core/sock.h"
#include "kernel/sched/sched.h"

#define HOST_MAX_CPUS	8
#define HOST_MAX_IRQS	16

struct irq_desc {
	struct host	*host;
	char		name[24];
	struct cpu	*cpu;		/* affinity */
	void		(*handler)(struct cpu *cpu, void *dev_id);
	void		*dev_id;
	bool		level;
	struct work	work;
	uint64_t	count;
};

/* Device side: the interrupt line's level; a rising edge queues the
 * handler on the affine CPU. */
void irq_set_level(struct irq_desc *irq, bool level);

struct nic_driver;
struct eth_port;

struct host {
	struct sim	*sim;
	struct skb_pool	*pool;
	int		idx;
	char		name[32];
	uint32_t	addr;		/* IPv4, host order: 10.0.0.(idx+1) */
	const struct platform *plat;	/* points at plat_local */
	struct platform	plat_local;	/* the platform with per-host cost overrides */
	const struct kprofile *kp;	/* points at kp_local */
	struct kprofile	kp_local;	/* the kernel profile with sysctl overrides */
	int		hz;
	sim_time_t	tick;		/* ps per jiffy */
	int		nr_cpus;
	struct cpu	cpus[HOST_MAX_CPUS];
	struct task	ksoftirqd[HOST_MAX_CPUS];
	struct cpu	*cur_cpu;	/* running a work item, or NULL */
	struct net_device dev;
	void		*drv;		/* driver private (struct mvneta_port...) */
	const char	*drv_name;
	int		nr_irqs;
	struct irq_desc	irqs[HOST_MAX_IRQS];
	struct sock	*socks;
	void		*dma[32];	/* coherent DMA areas, by handle-1 */
	int		nr_dma;
	int64_t		wmem_default;
	int64_t		wmem_max;
	int		tcp_ecn;	/* net.ipv4.tcp_ecn: 0 off, 1 request, 2 accept */
	int		tcp_sack;	/* net.ipv4.tcp_sack */
	int		tcp_slow_start_after_idle;	/* net.ipv4.tcp_slow_start_after_idle */
	uint16_t	ip_id;
	/* seeded variation: the wake-up latency's bound (0: none) and its
	 * stream (sched/core.c) */
	sim_time_t	wakeup_jitter;
	struct rng	wakeup_rng;
	uint8_t		neigh;		/* the peer's host index (one link), or
					 * HOST_NEIGH_BY_ADDR (a switch) */
	uint32_t	ts_memo_size[2], ts_memo_val[2];	/* host_skb_truesize */
	int		ts_memo_next;
	struct eth_port	*port;		/* where our frames leave */
	/* what the stack registered at boot: the packet types netif_receive_skb
	 * delivers to (dev_add_pack), the IPv4 protocols' receive handlers
	 * (inet_add_protocol) and their GSO (inet_add_offload), by number */
	struct packet_type *ptype_base;
	const struct net_protocol *inet_protos[256];
	const struct net_offload *inet_offloads[256];
	/* IPv4 fragments waiting for the rest of their datagram (ip_defrag) */
	struct skb_queue ipq;
	uint64_t	ipq_mem;	/* their truesize */
	/* statistics */
	uint64_t	rx_packets, rx_dropped, icmp_echo_replies;
	uint64_t	ip_reasm_fails;	/* fragments dropped: over ipfrag_high_thresh or expired */
};

/* Host idx's IPv4 address is 10.0.0.(idx + 1) (host_init); a frame for
 * a host behind a switch carries that host's MAC (its index). */
#define HOST_NEIGH_BY_ADDR	0xff
static inline uint8_t host_addr_idx(uint32_t addr)
{
	return (uint8_t)((addr & 0xff) - 1);
}

/* plat and kp are copied: h->plat and h->kp point at the host's own. */
void host_init(struct host *h, struct sim *sim, struct skb_pool *pool, int idx,
	       const char *name, const struct platform *plat,
	       const struct kprofile *kp, int hz, uint64_t seed);
struct irq_desc *host_request_irq(struct host *h, const char *name, int cpu,
				  void (*handler)(struct cpu *, void *), void *dev_id);
static inline sim_time_t host_now(const struct host *h)
{
	return h->cur_cpu ? h->cur_cpu->t : h->sim->now;
}

/* dma_alloc_coherent: a handle the device resolves to the memory. */
uint32_t host_dma_map(struct host *h, void *mem);
void *host_dma_resolve(struct host *h, uint32_t handle);

/* skb allocation with truesize for a head of `size` bytes. */
struct sk_buff *alloc_skb(struct host *h, uint32_t size);
void kfree_skb(struct cpu *cpu, struct sk_buff *skb);
/* skb_orphan: the owner's destructor now (the socket uncharged), no owner */
void skb_orphan(struct cpu *cpu, struct sk_buff *skb);
/* skb_truesize for this host's platform and kernel (memoised) */
uint32_t host_skb_truesize(struct host *h, uint32_t size);

/* kernel/time/timer.c: TIMER_SOFTIRQ on every CPU (at boot) */
void init_timers(struct host *h);

#include "net/ipv4/ip.h"

#endif
