// SPDX-License-Identifier: MIT
/*
 * Host assembly, interrupts and the IPv4 layer.
 *
 * IPv4 follows net/ipv4/ip_output.c (ip_local_out .. dev_queue_xmit),
 * ip_input.c (ip_rcv, ip_local_deliver), icmp.c (icmp_echo -> icmp_reply)
 * and raw.c (raw_v4_input: every raw ICMP socket gets a copy).
 * Leaves out: routing tables and ARP (one link, the neighbour is known),
 * fragmentation, options, the icmp reply socket's own accounting.
 * Interrupts are level-triggered lines; a rising edge queues the handler
 * as hardirq work on the line's CPU (kernel/irq/handle.c in spirit).
 */
#include <stdio.h>
#include <string.h>
#include "kernel/host.h"
#include "net/ipv4/tcp.h"
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
		open_softirq(c, TIMER_SOFTIRQ, run_timer_softirq);
		open_softirq(c, NET_TX_SOFTIRQ, net_tx_action);
		open_softirq(c, NET_RX_SOFTIRQ, net_rx_action);
		open_softirq(c, TASKLET_SOFTIRQ, tcp_tasklet_func);
		task_init_sleeping(&h->ksoftirqd[i], c, run_ksoftirqd, NULL);
		cpu_set_ksoftirqd(c, &h->ksoftirqd[i]);
	}
}

uint32_t host_dma_map(struct host *h, void *mem)
{
	BUG_ON(h->nr_dma >= (int)ARRAY_SIZE(h->dma));
	h->dma[h->nr_dma++] = mem;
	return (uint32_t)h->nr_dma;
}

void *host_dma_resolve(struct host *h, uint32_t handle)
{
	BUG_ON(handle == 0 || handle > (uint32_t)h->nr_dma);
	return h->dma[handle - 1];
}

static void irq_work(struct cpu *cpu, struct work *w)
{
	struct irq_desc *irq = w->arg;

	irq->count++;
	cpu_charge(cpu, COST_irq, cpu->host->plat->cost.irq);
	irq->handler(cpu, irq->dev_id);
}

struct irq_desc *host_request_irq(struct host *h, const char *name, int cpu,
				  void (*handler)(struct cpu *, void *), void *dev_id)
{
	struct irq_desc *irq;

	BUG_ON(h->nr_irqs >= HOST_MAX_IRQS);
	irq = &h->irqs[h->nr_irqs++];
	irq->host = h;
	snprintf(irq->name, sizeof(irq->name), "%s", name);
	irq->cpu = &h->cpus[cpu % h->nr_cpus];
	irq->handler = handler;
	irq->dev_id = dev_id;
	work_init(&irq->work, CTX_HARDIRQ, irq_work, irq);
	return irq;
}

void irq_set_level(struct irq_desc *irq, bool level)
{
	bool rising = level && !irq->level;

	irq->level = level;
	if (rising)
		cpu_queue_work(irq->cpu, &irq->work);
}

/* --- IPv4 output ---------------------------------------------------- */

/* The IP and Ethernet headers of one datagram's skb, then the device:
 * net_xmit_errno's NET_XMIT_DROP -> -ENOBUFS. */
static int ip_output_one(struct cpu *cpu, struct sk_buff *skb, uint16_t id)
{
	struct host *h = cpu->host;

	skb->protocol = ETH_P_IP;
	skb->saddr = h->addr;
	skb->ttl = 64;
	skb->ip_id = id;
	skb->eth_src = (uint8_t)h->idx;
	skb->eth_dst = h->neigh;
	return dev_queue_xmit(cpu, skb) == NET_XMIT_SUCCESS ? ERR_OK : ERR_ENOBUFS;
}

void ip_send_skb(struct cpu *cpu, struct sk_buff *skb, int *err)
{
	struct host *h = cpu->host;
	int e;

	cpu_charge(cpu, COST_ip_output, h->plat->cost.ip_output);
	e = ip_output_one(cpu, skb, h->ip_id++);
	if (err)
		*err = e;
}

/* ip_do_fragment's fast path: the fragments leave in order, one id. */
void ip_send_frags(struct cpu *cpu, struct skb_queue *frags, int *err)
{
	struct host *h = cpu->host;
	uint16_t id = h->ip_id++;
	struct sk_buff *skb;
	int e, first = ERR_OK;

	cpu_charge(cpu, COST_ip_output, h->plat->cost.ip_output);
	while ((skb = skb_dequeue(frags))) {
		e = ip_output_one(cpu, skb, id);
		if (!first)
			first = e;
	}
	if (err)
		*err = first;
}

/* --- IPv4 input ----------------------------------------------------- */

static void icmp_echo(struct cpu *cpu, const struct sk_buff *req)
{
	struct host *h = cpu->host;
	uint32_t ip_len = skb_ip_len(req);
	struct sk_buff *skb;

	struct skb_queue frags;

	cpu_charge(cpu, COST_icmp_echo, h->plat->cost.icmp_echo);
	/* icmp_reply -> ip_append_data on the per-CPU icmp socket, whose
	 * skbs are not charged here; fragmented as the request was */
	ip_append_data(cpu, NULL, ip_len - IPV4_HLEN, 0, &frags);
	for (skb = frags.head; skb; skb = skb->next) {
		skb->daddr = req->saddr;
		skb->ip_proto = IPPROTO_ICMP_;
		skb->icmp_type = ICMP_ECHOREPLY_;
		skb->icmp_id = req->icmp_id;
		skb->icmp_seq = req->icmp_seq;
		skb->payload_len = req->payload_len;
		skb->app_stamp = req->app_stamp;
		memcpy(skb->req_path, req->path, sizeof(skb->req_path));
		skb->has_req_path = 1;
	}
	h->icmp_echo_replies++;
	ip_send_frags(cpu, &frags, NULL);
}

static void raw_v4_input(struct cpu *cpu, struct sk_buff *skb)
{
	struct host *h = cpu->host;
	struct sock *sk;

	for (sk = h->socks; sk; sk = sk->next) {
		struct sk_buff *c;

		if (sk->kind != SK_RAW_ICMP)
			continue;
		c = skb_pool_copy(h->pool, skb);	/* skb_clone */
		c->truesize = skb->truesize;
		c->rx_stamp = skb->rx_stamp;
		if (!sock_queue_rcv_skb(cpu, sk, c))
			skb_pool_put(h->pool, c);
	}
}

static void udp_rcv(struct cpu *cpu, struct sk_buff *skb)
{
	struct sock *sk;

	for (sk = cpu->host->socks; sk; sk = sk->next) {
		if (sk->kind != SK_UDP || sk->port != skb->dport)
			continue;
		if (sk->consume) {
			sk->consume(cpu, sk, skb);
			return;
		}
		if (sock_queue_rcv_skb(cpu, sk, skb))
			return;
	}
	cpu->host->rx_dropped++;
	kfree_skb(cpu, skb);
}

/* net/ipv4/ip_fragment.c: ipfrag_high_thresh 4 MiB, ipfrag_time 30 s */
#define IPFRAG_HIGH_THRESH	(4u << 20)
#define IPFRAG_TIME		(30 * PS_PER_S)

static bool ipq_same(const struct sk_buff *a, const struct sk_buff *b)
{
	return a->saddr == b->saddr && a->ip_id == b->ip_id && a->ip_proto == b->ip_proto;
}

static void ipq_drop(struct cpu *cpu, struct sk_buff *skb)
{
	cpu->host->ipq_mem -= skb->truesize;
	cpu->host->ip_reasm_fails++;
	kfree_skb(cpu, skb);
}

/*
 * ip_defrag (net/ipv4/ip_fragment.c): fragments wait in the host's queue
 * until their datagram is whole; then the first becomes the datagram (its
 * len the whole, its truesize the sum, as ip_frag_reasm makes it) and the
 * others are freed. Returns the datagram, or NULL while incomplete.
 * Deviation: one queue for every datagram, walked per fragment, instead
 * of a hash of ipq; fragments older than ipfrag_time are dropped when the
 * next fragment arrives, not by a timer; a fragment that would take the
 * queue over ipfrag_high_thresh is dropped. No overlap or duplicate
 * handling (nicsim's links neither duplicate nor reorder).
 */
static struct sk_buff *ip_defrag(struct cpu *cpu, struct sk_buff *skb)
{
	struct host *h = cpu->host;
	sim_time_t now = cpu_now(cpu);
	struct skb_queue keep = { 0 };
	struct sk_buff *f, *head = NULL;
	uint32_t have = 0, total = 0, truesize = 0;

	while ((f = skb_dequeue(&h->ipq))) {
		if (now - f->rx_stamp > IPFRAG_TIME)
			ipq_drop(cpu, f);
		else
			skb_queue_tail(&keep, f);
	}
	h->ipq = keep;
	if (h->ipq_mem + skb->truesize > IPFRAG_HIGH_THRESH) {
		h->ipq_mem += skb->truesize;
		ipq_drop(cpu, skb);
		return NULL;
	}
	h->ipq_mem += skb->truesize;
	skb_queue_tail(&h->ipq, skb);
	for (f = h->ipq.head; f; f = f->next) {
		if (!ipq_same(f, skb))
			continue;
		have += skb_ip_len(f) - IPV4_HLEN;
		if (!f->frag_mf)
			total = f->frag_off + skb_ip_len(f) - IPV4_HLEN;
	}
	if (!total || have < total)
		return NULL;
	memset(&keep, 0, sizeof(keep));
	while ((f = skb_dequeue(&h->ipq))) {
		if (!ipq_same(f, skb)) {
			skb_queue_tail(&keep, f);
			continue;
		}
		h->ipq_mem -= f->truesize;
		if (!f->frag_off) {
			head = f;
			continue;
		}
		truesize += f->truesize;
		kfree_skb(cpu, f);
	}
	h->ipq = keep;
	BUG_ON(!head);
	head->truesize += truesize;
	head->len = ETH_HLEN + IPV4_HLEN + total;
	/* inet_frag_reasm_finish: the stamp of the last fragment queued */
	head->rx_stamp = head->path[PATH_RX] = skb->rx_stamp;
	head->frag_mf = 0;
	head->next = NULL;
	return head;
}

void netif_receive_skb(struct cpu *cpu, struct sk_buff *skb)
{
	struct host *h = cpu->host;

	cpu_charge(cpu, COST_ip_rcv, h->plat->cost.ip_rcv);
	skb->rx_stamp = skb->path[PATH_RX] = cpu_now(cpu);	/* SO_TIMESTAMP */
	h->rx_packets++;
	if (skb->protocol != ETH_P_IP || skb->daddr != h->addr) {
		h->rx_dropped++;
		kfree_skb(cpu, skb);
		return;
	}
	if (skb->frag_mf || skb->frag_off) {
		skb = ip_defrag(cpu, skb);
		if (!skb)
			return;
	}
	switch (skb->ip_proto) {
	case IPPROTO_ICMP_:
		raw_v4_input(cpu, skb);
		if (skb->icmp_type == ICMP_ECHO_)
			icmp_echo(cpu, skb);
		kfree_skb(cpu, skb);
		break;
	case IPPROTO_UDP_:
		udp_rcv(cpu, skb);
		break;
	case IPPROTO_TCP_:
		tcp_v4_rcv(cpu, skb);
		break;
	default:
		h->rx_dropped++;
		kfree_skb(cpu, skb);
	}
}
