// SPDX-License-Identifier: MIT
/*
 * Sockets: send-buffer accounting (skb_set_owner_w, sock_wfree, the
 * send limits of raw, UDP and TCP sockets), SO_SNDBUF and SO_RCVBUF,
 * receive queueing, port choice and the TX census of a socket's skbs.
 * Kernel source: net/core/sock.c (sock_setsockopt, sock_wfree,
 * sock_queue_rcv_skb, sk_stream_memory_free); the full contract, with
 * the eras read, is in sock.h.
 */
#include <string.h>
#include "kernel/host.h"
#include "kernel/sched/sched.h"
#include "sim/engine/util.h"

void sock_init(struct sock *sk, struct host *host, enum sock_kind kind,
	       struct rng *rng)
{
	memset(sk, 0, sizeof(*sk));
	sk->host = host;
	sk->kind = kind;
	/* sock_init_data: sk_sndbuf = sysctl_wmem_default; sk_wmem_alloc = 1 */
	sk->sk_sndbuf = host->wmem_default;
	sk->sk_rcvbuf = host->wmem_default;	/* rmem_default = same formula */
	sk->sk_wmem_alloc = 1;
	sk->wmem_peak = 1;
	sk->sk_pacing_shift = host->kp->pacing_shift;	/* sock_init_data */
	sk->sk_pacing_rate = UINT64_MAX;	/* sock_init_data: ~0, unlimited */
	sk->sk_pacing_status = SK_PACING_NONE;
	sk->sk_hash = (uint32_t)rng_next(rng);
	sk->tx_queue = -1;
	sk->hash_pick = -1;
	sk->last_txq = -1;
	sk->filter_echo_ident = -1;
	sk->next = host->socks;
	host->socks = sk;
}

static bool port_taken(const struct host *h, enum sock_kind kind, uint16_t port)
{
	const struct sock *sk;

	for (sk = h ? h->socks : NULL; sk; sk = sk->next)
		if (sk->kind == kind && sk->port == port)
			return true;
	return false;
}

/*
 * The draw is the owner's alone unless the port it lands on is taken: this
 * is the one case where another component (the socket holding the port)
 * changes what an application gets, and it does so the same way on every
 * run, by the order the scenario builds its applications in.
 */
int sock_pick_port(struct rng *rng, const struct host *h, const struct host *also,
		   enum sock_kind kind, uint16_t low, uint16_t span)
{
	uint32_t off = (uint32_t)rng_below(rng, span), i;

	for (i = 0; i < span; i++) {
		uint16_t port = (uint16_t)(low + (off + i) % span);

		if (!port_taken(h, kind, port) && !port_taken(also, kind, port))
			return port;
	}
	return -1;
}

struct census_walk {
	const struct sock	*sk;
	struct sock_tx_census	*c;
};

/* An skb has been taken by a driver once ndo_start_xmit accepted it
 * (path[PATH_XMIT], cleared on a requeue), and has been on the wire once
 * its first frame started (t[SKB_T_WIRE]). */
static void census_skb(struct sk_buff *skb, void *arg)
{
	struct census_walk *cw = arg;

	if (skb->sk != cw->sk)
		return;
	if (!skb->path[PATH_XMIT]) {
		cw->c->stack++;
	} else if (!skb->t[SKB_T_WIRE]) {
		cw->c->ring_unsent++;
	} else {
		cw->c->ring_sent++;
		cw->c->ring_sent_bytes += skb->len;
	}
}

void sock_tx_census(const struct sock *sk, struct sock_tx_census *c)
{
	struct census_walk cw = { sk, c };
	const struct netdev_queue *txq;

	memset(c, 0, sizeof(*c));
	c->txq = sk->last_txq;
	skb_pool_for_each_live(sk->host->pool, census_skb, &cw);
	if (c->txq < 0)
		return;
	txq = &sk->host->dev.txq[c->txq];
	c->drv_xoff = netif_tx_queue_stopped(txq);
	c->bql_on = txq->bql_on;
	c->stack_xoff = txq->bql_on && txq->bql.stack_xoff;
	c->bql_limit = txq->bql.dql.limit;
	c->bql_inflight = dql_inflight(&txq->bql.dql);
	c->qdisc_qlen = txq->qdisc.qlen;
}

void sock_set_sndbuf(struct sock *sk, int64_t val)
{
	struct host *h = sk->host;

	sk->sk_sndbuf = kp_so_sndbuf(h->plat, h->kp, val, h->wmem_max);
}

void sock_set_rcvbuf(struct sock *sk, int64_t val)
{
	/* SO_RCVBUF: max(2 * min(val, rmem_max), SOCK_MIN_RCVBUF); rmem_max
	 * has the same default as wmem_max. */
	struct host *h = sk->host;
	int64_t v = MIN(val, h->wmem_max) * 2;

	sk->sk_rcvbuf = MAX(v, 2048 + (int64_t)skb_data_align(h->plat,
					(uint32_t)h->plat->sizeof_sk_buff));
}

/* TC_PRIO_BESTEFFORT 0, BULK 2, INTERACTIVE_BULK 4, INTERACTIVE 6
 * (uapi pkt_sched.h); ECN_OR_COST(class) is the class itself. */
static const uint8_t ip_tos2prio[16] = { 0, 0, 0, 0, 2, 2, 2, 2, 6, 6, 6, 6, 4, 4, 4, 4 };

uint8_t rt_tos2priority(uint8_t tos)
{
	return ip_tos2prio[(tos & 0x1e) >> 1];	/* IPTOS_TOS(tos) >> 1 */
}

void ip_sock_set_tos(struct sock *sk, uint8_t tos)
{
	if (sk->kind == SK_TCP)
		tos = (uint8_t)((tos & ~3u) | (sk->tos & 3u));	/* INET_ECN_MASK */
	sk->tos = tos;
	sk->sk_priority = rt_tos2priority(tos);
}

/*
 * Deviation: the kernel copies sk_priority into skb->priority on the IP
 * output paths (__ip_queue_xmit, __ip_make_skb, raw_send_hdrinc); here it
 * happens when the skb is charged, which every socket skb goes through.
 */
void skb_set_owner_w(struct sk_buff *skb, struct sock *sk)
{
	skb->priority = sk->sk_priority;
	skb->sk = sk;
	skb->destructor = sock_wfree;
	skb_pool_mark_charged(skb, true);
	sk->sk_wmem_alloc += skb->truesize;
	sk->skbs_held++;
	if (sk->sk_wmem_alloc > sk->wmem_peak)
		sk->wmem_peak = sk->sk_wmem_alloc;
}

/* sock_def_write_space: wake a writer when at least half is free. */
static void sk_write_space(struct sock *sk)
{
	if (sk->tx_waiter && (sk->sk_wmem_alloc << 1) <= sk->sk_sndbuf)
		task_wake(sk->tx_waiter);
}

void sock_wfree(struct cpu *cpu, struct sk_buff *skb)
{
	struct sock *sk = skb->sk;

	BUG_ON(!sk || sk->sk_wmem_alloc - skb->truesize < 1);
	sk->sk_wmem_alloc -= skb->truesize;
	sk->skbs_held--;
	sk->freed++;
	sk->held_ps_total += cpu_now(cpu) - skb->t[SKB_T_ALLOC];
	skb->sk = NULL;
	skb->destructor = NULL;
	skb_pool_mark_charged(skb, false);
	/* sock_wfree: SOCK_USE_WRITE_QUEUE sockets (TCP) leave the wakeup
	 * to the protocol (sk_stream_write_space on ACKs) */
	if (!sk->use_write_queue)
		sk_write_space(sk);
}

/* __ip_append_data with transhdrlen == 0 (raw, ping) allocates while
 * sk_wmem_alloc <= 2 * sk_sndbuf */
static int64_t raw_send_limit(const struct sock *sk)
{
	return 2 * sk->sk_sndbuf;
}

/* sock_alloc_send_pskb (UDP) allocates while sk_wmem_alloc < sk_sndbuf;
 * sk_stream_memory_free (TCP) tests sk_wmem_queued against it */
static int64_t sndbuf_send_limit(const struct sock *sk)
{
	return sk->sk_sndbuf;
}

int64_t sock_send_limit(const struct sock *sk)
{
	return sk->kind == SK_RAW_ICMP ? raw_send_limit(sk) : sndbuf_send_limit(sk);
}

bool sock_raw_may_alloc(const struct sock *sk)
{
	return sk->sk_wmem_alloc <= raw_send_limit(sk);
}

bool sock_udp_may_alloc(const struct sock *sk)
{
	return sk->sk_wmem_alloc < sndbuf_send_limit(sk);
}

/*
 * sk_filter with the one program the model knows, iputils ping's
 * (ping.c install_filter, ping4_install_filter in later releases): an
 * ICMP echo reply passes only with the socket's ident; anything else
 * passes. Deviation: running the program costs no cycles.
 */
static bool sk_filter(const struct sock *sk, const struct sk_buff *skb)
{
	if (sk->filter_echo_ident < 0 || skb->ip_proto != IPPROTO_ICMP_)
		return true;
	return skb->icmp_type != ICMP_ECHOREPLY_ || skb->icmp_id == (uint16_t)sk->filter_echo_ident;
}

bool sock_queue_rcv_skb(struct cpu *cpu, struct sock *sk, struct sk_buff *skb)
{
	/* sock_queue_rcv_skb: drop if sk_rmem_alloc >= sk_rcvbuf */
	if (sk->sk_rmem_alloc >= sk->sk_rcvbuf) {
		sk->rx_drops++;
		return false;
	}
	if (!sk_filter(sk, skb))
		return false;
	sk->sk_rmem_alloc += skb->truesize;
	skb_queue_tail(&sk->rxq, skb);
	cpu_charge(cpu, COST_sock_deliver, cpu->host->plat->cost.sock_deliver);
	if (sk->rx_waiter)
		task_wake(sk->rx_waiter);
	return true;
}
