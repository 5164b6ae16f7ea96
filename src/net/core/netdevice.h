/* SPDX-License-Identifier: MIT */
/*
 * Network device core: TX queues and their qdiscs, queue selection, the
 * stop/wake protocol between driver and stack, NAPI.
 *
 * Follows net/core/dev.c (dev_queue_xmit, __dev_xmit_skb, __qdisc_run,
 * net_rx_action, napi_schedule, napi_complete_done, __netif_schedule,
 * net_tx_action), net/core/flow_dissector.c (3.13 __netdev_pick_tx,
 * __skb_tx_hash) and net/sched/sch_generic.c (pfifo_fast, qdisc_restart,
 * sch_direct_xmit, mq).
 * Queue selection follows 6.x netdev_pick_tx: the socket's cached queue
 * unless the skb is ooo_okay (nothing in flight) or none is cached, then
 * XPS by the sending CPU (a hash among that CPU's queues), else
 * skb_tx_hash; connected sockets cache the choice (sk_tx_queue_set). A
 * driver may override with ndo_select_queue.
 * The root is mq with one child per TX queue: pfifo_fast (default) or
 * fq_codel (sch_fq_codel.c). Both are TCQ_F_CAN_BYPASS (pfifo_fast_init;
 * fq_codel_init while its limit is at least one packet, which the loader
 * requires; 3.13.0 and 6.18.2 read): __dev_xmit_skb hands an skb to the
 * driver without enqueueing it when the qdisc is empty and not running.
 * Or, on a device with one TX queue, tbf as the root (sch_tbf.h): not
 * TCQ_F_CAN_BYPASS, so every skb is enqueued; its watchdog reschedules
 * the queue's qdisc run when the tokens will suffice.
 * An skb another CPU queued ahead of the dequeuing CPU's clock (cpu.h) is
 * not dequeued early: it waits at the head, and its enqueuer runs the
 * qdisc at the enqueue time (net/sched/sch_generic.c skb_ahead), so nothing leaves before
 * it was queued.
 * The TX watchdog (sch_generic.c dev_watchdog, __netdev_watchdog_up), for
 * drivers with ndo_tx_timeout: a timer_list every watchdog_timeo
 * (round_jiffies) finds the first queue stopped (by the driver or BQL)
 * whose last accepted xmit (trans_start, txq_trans_update) is older than
 * watchdog_timeo, counts it (trans_timeout), calls ndo_tx_timeout and
 * reschedules the queues that are no longer stopped (netif_tx_unlock /
 * netif_unfreeze_queues). It re-arms from now, or (6.10+, 33fb988b6705
 * "adjust device watchdog timer to detect stopped queue at right time",
 * also in 6.6.y stable) from the oldest stopped queue's trans_start.
 * Deviation: trans_start is stamped only by accepted xmits; 6.x also
 * stamps it when BQL or the driver stops the queue, which follows an
 * accepted xmit in the same jiffy. 3.x rescheduled every queue after each
 * watchdog run, with or without a timeout; here only after a timeout.
 * Leaves out: XPS by RX queue, TX locks.
 * Deviation: the TX hash is a 32-bit mix of protocol or sk_hash with a
 * per-boot random seed, not jhash; both spread flows uniformly over the
 * queues.
 */
#ifndef NICSIM_HOST_NETDEV_H
#define NICSIM_HOST_NETDEV_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/skb.h"
#include "kernel/cpu.h"
#include "lib/dynamic_queue_limits.h"

struct host;
struct net_device;

enum netdev_tx { NETDEV_TX_OK = 0, NETDEV_TX_BUSY = 0x10 };

/* A protocol netif_receive_skb delivers to (dev_add_pack): the handler
 * owns the skb */
struct packet_type {
	uint16_t	type;		/* ETH_P_IP */
	void		(*func)(struct cpu *cpu, struct sk_buff *skb);
	struct packet_type *next;
};

/* include/net/protocol.h: a protocol's GSO (inet_add_offload) */
struct net_offload {
	struct sk_buff	*(*gso_segment)(struct cpu *cpu, struct sk_buff *skb);
};
/* NET_XMIT_DROP_FREED, nicsim's: qdisc_enqueue dropped what the skb
 * became (tbf's segments), the skb is gone; the caller sees a drop */
enum { NET_XMIT_SUCCESS = 0, NET_XMIT_DROP = 1, NET_XMIT_DROP_FREED = 0x100 };

/*
 * pfifo_fast: 3 bands, band 0 first. Up to 4.15 one list with limit =
 * dev->tx_queue_len in total (3.13 pfifo_fast_enqueue). From 4.16 (6.18
 * read) each band is an skb_array, a ptr_ring of tx_queue_len slots
 * (pfifo_fast_init): an enqueue fails when the producer's slot is still
 * in use, and the consumer frees the slots it consumed only a batch at a
 * time (__ptr_ring_discard_one: every SMP_CACHE_BYTES * 2 / sizeof(void *)
 * consumed entries, 1 when that exceeds half the ring, and at the ring's
 * end), so a band accepts tx_queue_len minus the packets in it minus the
 * consumed slots not freed yet.
 */
struct pfifo_ring {
	uint32_t	head;		/* consumer_head */
	uint32_t	lag;		/* consumer_head - consumer_tail: consumed, not freed */
};

struct Qdisc_ops;

/* One per TX queue under the mq root (pfifo_fast, fq_codel, fq or
 * prio), or the root of a device with one TX queue (tbf); its kind is
 * ops (include/net/sch_generic.h), its private data priv (qdisc_priv),
 * except pfifo_fast's bands and rings, which live here */
struct qdisc {
	struct netdev_queue *txq;
	const struct Qdisc_ops *ops;
	void		*priv;
	uint32_t	flags;		/* TCQ_F_* */
	/* qdisc_watchdog: an hrtimer, pinned to the CPU that armed it
	 * (data), that reschedules this qdisc at its hard expiry;
	 * wd_soft: its soft expiry (ns) */
	struct sim_event watchdog_ev;
	int64_t		wd_soft;
	struct skb_queue band[3];
	struct sk_buff	*gso_skb;	/* requeued after NETDEV_TX_BUSY */
	/* the bulk's next skb, dequeued before the driver refused the one
	 * before it (see try_bulk_dequeue_skb in sch_generic.c) */
	struct sk_buff	*bulk_skb;
	uint32_t	qlen;
	uint32_t	limit;
	uint32_t	ring_batch;	/* pfifo_fast per-band rings (4.16+); 0: one limit */
	struct pfifo_ring ring[3];
	uint64_t	backlog;	/* bytes */
	bool		running;	/* __QDISC_STATE_RUNNING */
	bool		scheduled;	/* __QDISC_STATE_SCHED */
	struct qdisc	*next_sched;
	/* An skb that another CPU enqueued ahead of the dequeuing CPU's
	 * clock waits for its enqueue time; then its enqueuer runs the
	 * qdisc (see dequeue_skb). data: that CPU's id. */
	struct sim_event visible_ev;
	/* statistics */
	uint64_t	packets, bytes, drops, requeues;
	uint32_t	max_qlen;
};

/* the skbs qdisc->qlen counts outside the qdisc's own queues */
static inline uint32_t qdisc_requeued(const struct qdisc *q)
{
	return (q->gso_skb != NULL) + (q->bulk_skb != NULL);
}

#define QUEUE_STATE_DRV_XOFF	(1u << 0)

struct netdev_queue {
	struct net_device *dev;
	int		index;
	uint32_t	state;
	struct qdisc	qdisc;
	struct bql_queue bql;	/* byte queue limits, when the driver uses them */
	bool		bql_on;
	uint64_t	stops, wakes;
	uint64_t	trans_start;	/* jiffies of the last accepted xmit */
	uint64_t	trans_timeout;	/* TX watchdog timeouts */
	/* nicsim observation, for explanations: the timeouts that found
	 * BQL's stop set (STACK_XOFF), and BQL at the first timeout */
	uint64_t	timeout_bql;
	uint32_t	timeout_inflight, timeout_limit;
	/* nicsim observation, for --check: the first hand-over that found
	 * more in flight than BQL allows (bql_admit_excess), and the limit */
	uint32_t	bql_excess, bql_excess_limit;
};

struct napi_struct {
	struct napi_struct *poll_next;
	struct net_device *dev;
	int		(*poll)(struct napi_struct *napi, int budget);
	int		weight;
	struct cpu	*cpu;		/* where it was scheduled */
	bool		scheduled;	/* NAPI_STATE_SCHED */
	uint64_t	polls, completes;
	void		*priv;
	struct sk_buff	*gro_held;	/* gro.c: the TCP skb GRO is growing */
};

struct net_device_ops {
	enum netdev_tx	(*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	/* optional: the driver picks the TX queue (ndo_select_queue) */
	int		(*ndo_select_queue)(struct net_device *dev, struct sk_buff *skb,
					    int cpu);
	/* nicsim observation, no kernel counterpart: frames (or descriptors)
	 * the device holds that have not started on the wire yet */
	uint32_t	(*tx_backlog)(const struct net_device *dev);
	/* optional: the TX watchdog found queue txqueue stopped too long */
	void		(*ndo_tx_timeout)(struct cpu *cpu, struct net_device *dev,
					  int txqueue);
};

#define NETDEV_MAX_QUEUES 8

struct net_device {
	struct host	*host;
	char		name[16];
	const struct net_device_ops *ops;
	void		*priv;
	uint32_t	mtu;
	uint32_t	tx_queue_len;
	int		real_num_tx_queues;
	struct netdev_queue txq[NETDEV_MAX_QUEUES];
	uint32_t	tx_hashrnd;	/* hashrnd, random per boot */
	/* XPS: CPUs allowed to pick each queue (/sys/.../tx-N/xps_cpus) */
	uint32_t	xps_cpus[NETDEV_MAX_QUEUES];
	bool		xps;
	bool		tso;		/* NETIF_F_TSO: the driver takes GSO skbs */
	bool		xmit_more;	/* netdev_xmit_more(): more skbs follow */
	uint64_t	tx_dropped;
	uint64_t	watchdog_timeo;	/* jiffies; 0: no TX watchdog */
	struct timer_list watchdog_timer;
};

void netdev_init(struct net_device *dev, struct host *host, const char *name,
		 int nr_txq, uint32_t tx_queue_len);
/* Attach fq_codel (default parameters) to every TX queue (mq root). */
struct fq_codel_params;
/* fq_codel under mq on every TX queue; NULL p: fq_codel_init's defaults.
 * Returns -1 if fq_codel_create refuses p. */
int netdev_set_fq_codel(struct net_device *dev, const struct fq_codel_params *p);
struct fq_params;
/* fq under mq on every TX queue; -1 if fq_create refuses p */
int netdev_set_fq(struct net_device *dev, const struct fq_params *p);
/* prio under mq on every TX queue (bands, priomap: NULL = tc's
 * default); -1 if prio_tune refuses them */
int netdev_set_prio(struct net_device *dev, int bands, const uint8_t *priomap);
struct tbf_params;
/* tc qdisc add dev X root tbf: replaces mq; only for a device with one TX
 * queue (-1 otherwise: a root tbf over several queues is not modelled) */
int netdev_set_tbf(struct net_device *dev, const struct tbf_params *p);
void netdev_free(struct net_device *dev);
/* dev_queue_xmit: returns NET_XMIT_SUCCESS or NET_XMIT_DROP. */
int dev_queue_xmit(struct cpu *cpu, struct sk_buff *skb);
uint16_t netdev_pick_tx(struct net_device *dev, struct sk_buff *skb, int cpu);
/* netif_set_xps_queue: let the CPUs in mask pick queue q */
void netif_set_xps_queue(struct net_device *dev, uint32_t cpu_mask, int q);

void netif_tx_stop_queue(struct netdev_queue *txq);
void netif_tx_wake_queue(struct cpu *cpu, struct netdev_queue *txq);
static inline bool netif_tx_queue_stopped(const struct netdev_queue *txq)
{
	return txq->state & QUEUE_STATE_DRV_XOFF;
}

/* netif_xmit_stopped: the driver stopped it, or BQL did (STACK_XOFF) */
static inline bool netif_xmit_stopped(const struct netdev_queue *txq)
{
	return netif_tx_queue_stopped(txq) || (txq->bql_on && txq->bql.stack_xoff);
}

/* BQL driver hooks (include/linux/netdevice.h) */
void netdev_tx_sent_queue(struct netdev_queue *txq, unsigned int bytes);
/* __netdev_tx_sent_queue: true if the doorbell must be rung now */
bool __netdev_tx_sent_queue(struct netdev_queue *txq, unsigned int bytes, bool xmit_more);
void netdev_tx_completed_queue(struct cpu *cpu, struct netdev_queue *txq,
			       unsigned int pkts, unsigned int bytes);
void netdev_tx_reset_queue(struct netdev_queue *txq);
void netif_tx_start_all_queues(struct net_device *dev);
void netif_tx_stop_all_queues(struct net_device *dev);
/* __netdev_watchdog_up (dev_activate): start the TX watchdog if the
 * driver has ndo_tx_timeout; watchdog_timeo 0 means 5 * HZ */
void netdev_watchdog_up(struct net_device *dev);
/* TX watchdog timeouts over all TX queues */
uint64_t netdev_tx_timeouts(const struct net_device *dev);
void __netif_schedule(struct cpu *cpu, struct qdisc *q);

void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *, int), int weight);
void napi_schedule(struct cpu *cpu, struct napi_struct *napi);
bool napi_complete_done(struct napi_struct *napi, int work_done);
void net_rx_action(struct cpu *cpu);
void net_tx_action(struct cpu *cpu);

/* Frees an skb from the driver's TX completion (dev_kfree_skb_any): runs
 * its destructor, which uncharges the owner socket, and returns it. */
void dev_kfree_skb_any(struct cpu *cpu, struct sk_buff *skb);

/* dev.c: NET_TX and NET_RX softirqs on every CPU (at boot) */
void net_dev_init(struct host *h);
void dev_add_pack(struct host *h, struct packet_type *pt);
/* Deliver a received frame to its packet type's handler. */
void netif_receive_skb(struct cpu *cpu, struct sk_buff *skb);
/* gro.c: napi_gro_receive merges in-order TCP segments of one flow into
 * the skb napi holds (up to 64 KiB); napi_gro_flush delivers it. */
void napi_gro_receive(struct cpu *cpu, struct napi_struct *napi, struct sk_buff *skb);
void napi_gro_flush(struct cpu *cpu, struct napi_struct *napi);
/* gso.c: the segments of skb (a list through ->next), or skb itself if its
 * protocol has no GSO */
struct sk_buff *skb_gso_segment(struct cpu *cpu, struct sk_buff *skb);

/* net/sched/sch_generic.c: the qdisc layer under dev_queue_xmit */
void qdisc_init(struct qdisc *q, struct netdev_queue *txq, uint32_t limit);
/* qdisc->enqueue: NET_XMIT_DROP if skb itself was dropped (the caller
 * frees it) */
int qdisc_enqueue(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb);
/* false: stop sending (the queue stopped or the driver refused) */
bool sch_direct_xmit(struct cpu *cpu, struct qdisc *q, struct sk_buff *skb);
/* __qdisc_run: until empty, stopped, or the quota is used up */
void qdisc_run(struct cpu *cpu, struct qdisc *q);

#endif
