// SPDX-License-Identifier: MIT
/* --check: invariants after every event (see check.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/run/check.h"
#include "drivers/net/nic.h"
#include "net/sched/sch_fq_codel.h"
#include "net/sched/sch_tbf.h"
#include "net/sch_generic.h"
#include "sim/engine/util.h"
#include "hw/link/eth.h"

struct cpu_marks {
	sim_time_t	busy_until;
	sim_time_t	busy_ps[ACCT_NR];
};

struct world_checker {
	struct world	*w;
	enum check_inject inject;
	bool		injected;
	sim_time_t	last_now;
	struct cpu_marks *marks;	/* per host, HOST_MAX_CPUS each */
	/* per-socket sums of one pool walk */
	struct sock	**socks;
	int64_t		*charged;
	uint32_t	*held;
	int		nr_socks, cap_socks;
};

static _Noreturn void violated(struct world_checker *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static _Noreturn void violated(struct world_checker *c, const char *fmt, ...)
{
	struct world *w = c->w;
	va_list ap;

	fprintf(stderr, "nicsim: --check: invariant violated at t=%.9f s, after event #%llu: ",
		time_to_s(w->sim.now), (unsigned long long)w->sim.nr_fired);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (w->on_abort)
		w->on_abort(w->on_abort_arg);
	exit(NICSIM_EXIT_INVARIANT);
}

/* The pool's report of a double free or a free while charged. */
static void pool_violation(void *arg, const struct sk_buff *skb, const char *what)
{
	violated(arg, "skb %llu (%u bytes, truesize %u) %s", (unsigned long long)skb->id,
		 skb->len, skb->truesize, what);
}

/* --- sockets -------------------------------------------------------- */

static int sock_index(const struct world_checker *c, const struct sock *sk)
{
	int i;

	for (i = 0; i < c->nr_socks; i++)
		if (c->socks[i] == sk)
			return i;
	return -1;
}

static void count_charge(struct sk_buff *skb, void *arg)
{
	struct world_checker *c = arg;
	int i;

	if (!skb->sk || !skb->destructor)
		violated(c, "skb %llu is marked charged but has no owner or destructor",
			 (unsigned long long)skb->id);
	i = sock_index(c, skb->sk);
	if (i < 0)
		violated(c, "skb %llu is charged to a socket no host has", (unsigned long long)skb->id);
	c->charged[i] += skb->truesize;
	c->held[i]++;
}

/* Every host's sockets (applications may open theirs late). */
static void collect_socks(struct world_checker *c)
{
	int h;

	c->nr_socks = 0;
	for (h = 0; h < c->w->nr_hosts; h++) {
		struct sock *sk;

		for (sk = c->w->hosts[h].socks; sk; sk = sk->next) {
			if (c->nr_socks == c->cap_socks) {
				c->cap_socks = 2 * c->cap_socks + 8;
				c->socks = xrealloc(c->socks, sizeof(*c->socks) * (size_t)c->cap_socks);
				c->charged = xrealloc(c->charged, sizeof(*c->charged) * (size_t)c->cap_socks);
				c->held = xrealloc(c->held, sizeof(*c->held) * (size_t)c->cap_socks);
			}
			c->socks[c->nr_socks++] = sk;
		}
	}
}

static void check_socks(struct world_checker *c)
{
	int i;

	collect_socks(c);
	memset(c->charged, 0, sizeof(*c->charged) * (size_t)c->nr_socks);
	memset(c->held, 0, sizeof(*c->held) * (size_t)c->nr_socks);
	skb_pool_for_each_charged(&c->w->pool, count_charge, c);
	for (i = 0; i < c->nr_socks; i++) {
		const struct sock *sk = c->socks[i];

		char msg[256];

		if (sk->kind == SK_TCP && tcp_check(c->socks[i], msg, sizeof(msg)))
			violated(c, "host %s TCP socket (port %u): %s", sk->host->name, sk->port, msg);
		if (sk->sk_wmem_alloc != 1 + c->charged[i] || sk->skbs_held != c->held[i])
			violated(c, "host %s %s socket (port %u): sk_wmem_alloc %lld, skbs_held %u; "
				 "its live skbs: 1 + %lld bytes of truesize in %u skbs",
				 sk->host->name, sk->kind == SK_RAW_ICMP ? "raw ICMP" :
				 sk->kind == SK_UDP ? "UDP" : "TCP", sk->port, (long long)sk->sk_wmem_alloc,
				 sk->skbs_held, (long long)c->charged[i], c->held[i]);
	}
}

/* --- queues --------------------------------------------------------- */

/* A switch port's FIFO: its byte and frame counts are its frames', and
 * within the limits it enforces. */
static void check_switch_port(struct world_checker *c, const struct sw_port *p)
{
	const struct sk_buff *skb;
	uint64_t bytes = 0, n = 0;

	for (skb = p->q.head; skb; skb = skb->next) {
		bytes += skb->len;
		n++;
	}
	if (bytes != p->backlog || n != p->q.qlen)
		violated(c, "switch port %s: backlog %llu bytes / %u frames, but the FIFO holds "
			 "%llu / %llu", c->w->hosts[p->idx].name, (unsigned long long)p->backlog,
			 p->q.qlen, (unsigned long long)bytes, (unsigned long long)n);
	if (p->backlog > p->limit_bytes || (p->limit_packets && n > p->limit_packets))
		violated(c, "switch port %s: %llu bytes / %llu frames over the limits",
			 c->w->hosts[p->idx].name, (unsigned long long)bytes,
			 (unsigned long long)n);
}

static void check_qdisc(struct world_checker *c, const struct host *h, int q)
{
	const struct qdisc *qd = &h->dev.txq[q].qdisc;
	char msg[256];

	if (qd->ops->check(qd, msg, sizeof(msg)))
		violated(c, "host %s txq %d: %s", h->name, q, msg);
}

static void check_bql(struct world_checker *c, const struct host *h, int q)
{
	const struct dql *d = &h->dev.txq[q].bql.dql;

	if (!h->dev.txq[q].bql_on)
		return;
	if ((int)(d->num_queued - d->num_completed) < 0)
		violated(c, "host %s txq %d BQL: num_completed %u > num_queued %u",
			 h->name, q, d->num_completed, d->num_queued);
	if (d->limit < d->min_limit || d->limit > d->max_limit)
		violated(c, "host %s txq %d BQL: limit %u outside [%u, %u]",
			 h->name, q, d->limit, d->min_limit, d->max_limit);
	if (h->dev.txq[q].bql_excess)
		violated(c, "host %s txq %d BQL: an skb was handed to the driver with %u bytes "
			 "in flight beyond what the limit (%u) lets through",
			 h->name, q, h->dev.txq[q].bql_excess, h->dev.txq[q].bql_excess_limit);
}

/* --- the wire ------------------------------------------------------- */

/* No frame above the device's MTU plus its Ethernet header leaves the
 * host (whatever the device does with a GSO skb), and the port's busy
 * time never exceeds the time up to the end of its last frame (frames
 * never overlap: eth_xmit's BUG_ON). */
static void check_wire(struct world_checker *c, const struct host *h)
{
	const struct eth_port *p = h->port;

	if (!p)
		return;
	if (p->tx_max_len > h->dev.mtu + ETH_HLEN)
		violated(c, "host %s: a frame of %u bytes left on the wire, above the MTU %u "
			 "plus the %d-byte Ethernet header", h->name, p->tx_max_len, h->dev.mtu,
			 ETH_HLEN);
	if (p->busy_ps > p->busy_until)
		violated(c, "host %s: the wire was busy %.9f s by %.9f s (above 100 %%)",
			 h->name, time_to_s(p->busy_ps), time_to_s(p->busy_until));
}

/* --- time ----------------------------------------------------------- */

static void check_time(struct world_checker *c, const struct host *h, int hi)
{
	int i, a;

	for (i = 0; i < h->nr_cpus; i++) {
		const struct cpu *cpu = &h->cpus[i];
		struct cpu_marks *m = &c->marks[hi * HOST_MAX_CPUS + i];

		if (cpu->busy_until < m->busy_until)
			violated(c, "host %s cpu%d: busy_until went back from %.9f s to %.9f s",
				 h->name, i, time_to_s(m->busy_until), time_to_s(cpu->busy_until));
		m->busy_until = cpu->busy_until;
		for (a = 0; a < ACCT_NR; a++) {
			if (cpu->busy_ps[a] < m->busy_ps[a])
				violated(c, "host %s cpu%d: busy time of class %d went down", h->name, i, a);
			m->busy_ps[a] = cpu->busy_ps[a];
		}
	}
}

/* --- faults for tests ------------------------------------------------ */

/* what a driver that queues without testing the limit leaves (as when
 * xmit_more stayed set): the first queue with BQL holds more than its
 * limit, and the stack has not stopped it */
static void inject_bql_excess(struct world *w)
{
	int h, q;

	for (h = 0; h < w->nr_hosts; h++)
		for (q = 0; q < w->hosts[h].dev.real_num_tx_queues; q++) {
			struct netdev_queue *txq = &w->hosts[h].dev.txq[q];

			if (txq->bql_on) {
				txq->bql.dql.num_queued += txq->bql.dql.limit + (1u << 20);
				txq->bql.stack_xoff = false;
				return;
			}
		}
}

static void inject(struct world_checker *c)
{
	struct world *w = c->w;

	if (c->injected || w->sim.now < PS_PER_MS)
		return;
	c->injected = true;
	if (c->inject == INJECT_DOUBLE_FREE) {
		/* free an skb the pool already holds as free */
		struct sk_buff *skb = w->pool.free;

		if (skb)
			skb_pool_put(&w->pool, skb);
	} else if (c->inject == INJECT_WMEM_LEAK && w->hosts[0].socks) {
		w->hosts[0].socks->sk_wmem_alloc++;	/* a charge with no skb */
	} else if (c->inject == INJECT_BQL_EXCESS) {
		inject_bql_excess(w);
	} else if (c->inject == INJECT_MTU_DROP) {
		w->hosts[0].dev.mtu = 576;	/* frames already that long break it */
	}
}

/* --- the hook ------------------------------------------------------- */

void world_check_now(struct world *w)
{
	struct world_checker *c = w->chk;
	char msg[256];
	int h, q;

	if (!c)
		return;
	if (w->sim.now < c->last_now)
		violated(c, "the clock went back from %.9f s", time_to_s(c->last_now));
	c->last_now = w->sim.now;
	if (c->inject)
		inject(c);
	check_socks(c);
	for (h = 0; h < w->nr_hosts; h++) {
		const struct host *hp = &w->hosts[h];

		for (q = 0; q < hp->dev.real_num_tx_queues; q++) {
			check_qdisc(c, hp, q);
			check_bql(c, hp, q);
		}
		check_wire(c, hp);
		if (nic_check(hp, msg, sizeof(msg)))
			violated(c, "host %s %s: %s", hp->name, hp->drv_name, msg);
		check_time(c, hp, h);
	}
	for (h = 0; w->sw && h < w->sw->nr_ports; h++)
		check_switch_port(c, &w->sw->port[h]);
}

static void after_event(struct sim *sim, const struct sim_event *ev, void *arg)
{
	(void)sim;
	(void)ev;
	world_check_now(arg);
}

int world_check_enable(struct world *w, const char *fault)
{
	struct world_checker *c;
	enum check_inject inj = INJECT_NONE;

	if (fault && !strcmp(fault, "double-free"))
		inj = INJECT_DOUBLE_FREE;
	else if (fault && !strcmp(fault, "wmem-leak"))
		inj = INJECT_WMEM_LEAK;
	else if (fault && !strcmp(fault, "bql-excess"))
		inj = INJECT_BQL_EXCESS;
	else if (fault && !strcmp(fault, "mtu-drop"))
		inj = INJECT_MTU_DROP;
	else if (fault)
		return -1;
	c = xcalloc(1, sizeof(*c));
	c->w = w;
	c->inject = inj;
	c->marks = xcalloc((size_t)w->nr_hosts * HOST_MAX_CPUS, sizeof(*c->marks));
	w->chk = c;
	w->pool.violation = pool_violation;
	w->pool.violation_arg = c;
	w->sim.after = after_event;
	w->sim.after_arg = w;
	return 0;
}

void world_check_disable(struct world *w)
{
	struct world_checker *c = w->chk;

	if (!c)
		return;
	w->sim.after = NULL;
	w->pool.violation = NULL;
	free(c->socks);
	free(c->charged);
	free(c->held);
	free(c->marks);
	free(c);
	w->chk = NULL;
}
