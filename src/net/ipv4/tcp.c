// SPDX-License-Identifier: MIT
/*
 * TCP's socket layer: what the application calls, and the socket's
 * set-up. The contract of the socket as a whole is tcp.h's.
 *
 * Follows net/ipv4/tcp.c (3.13.10, 4.4.155, 6.18.2 read): tcp_sendmsg,
 * tcp_push, tcp_should_autocork, tcp_recvmsg, tcp_cleanup_rbuf,
 * tcp_init_sock; net/core/sock.c lock_sock, release_sock,
 * __release_sock.
 *  - tcp_sendmsg: copy into write-queue skbs of up to the era's size goal
 *    (tcp_xmit_size_goal / tcp_tso_autosize), charged to sk_wmem_queued;
 *    sk_stream_memory_free (sk_wmem_queued < sk_sndbuf) or sleep until
 *    sk_stream_write_space (a third of the buffer free); tcp_wmem send
 *    buffer autotuning (tcp_new_space: 2 * max(cwnd, reordering+1) *
 *    SKB_TRUESIZE(mss + MAX_TCP_HEADER), up to tcp_wmem[2]); sendfile
 *    (do_tcp_sendpages) without the copy.
 *  - tcp_sendmsg's pushes (3.x to 6.x alike): once an skb reaches the
 *    size goal with more to write, forced_push (more than half the
 *    peer's largest window written since the last push mark) sends what
 *    it may, else a full send head goes alone (tcp_push_one: one skb, no
 *    TSO deferral); the end of a write marks the push point (tcp_push).
 *  - autocorking (3.14+, tcp_should_autocork in tcp_push: 4.4's rule, the
 *    tail is not the write queue's head, and 6.x's, the retransmit queue
 *    is not empty), net.ipv4.tcp_autocorking.
 *  - the socket lock (net/core/sock.c lock_sock, release_sock,
 *    __release_sock; tcp_v4_rcv's sk_add_backlog; tcp_release_cb): a
 *    sender owns its socket from the first step of a write()/sendfile()
 *    until it returns or sleeps for buffer space; meanwhile segments that
 *    arrive in softirq wait in the backlog (at most sk_rcvbuf + sk_sndbuf
 *    of truesize, else dropped), and the TSQ handler and the RTO timer
 *    only set a deferred flag; release_sock runs all of it on the
 *    sender's CPU, in process context. Deviation: the receiver's
 *    tcp_recvmsg does not take the lock, and the delayed-ACK timer is
 *    never deferred.
 *  - what limits a sending flow, sampled at a random phase every period
 *    (enum tcp_limit, tcp_chrono_start). Deviation: Linux's chronographs
 *    (tcp_chrono_start, tcp_output.c) time the busy, rwnd- and
 *    sndbuf-limited states as they change; the model samples a finer
 *    classification for its reports, here with the socket's reporting.
 * Leaves out (beyond tcp.h's list): MSG_MORE and TCP_CORK, urgent data,
 * MSG_PEEK, zero-copy.
 * Deviation: tcp_release_cb (tcp_output.c in Linux) is part of
 * release_sock here, which runs the deferred work by name.
 */
#include <stdio.h>
#include <string.h>
#include "net/ipv4/tcp_internal.h"
#include "hw/link/eth.h"

const char *const tcp_limit_names[TCP_LIM_NR] = {
	"link", "cpu", "tsq", "stopped", "defer", "cwnd", "rwnd", "sndbuf", "app",
};

bool sk_stream_memory_free(const struct tcp_sock *tp)
{
	return tp->sk_wmem_queued < tp->sk.sk_sndbuf;
}

/*
 * tcp_should_autocork (3.14+): a write's last skb, not full, waits while
 * more than its truesize of the socket's earlier skbs is still in the
 * qdisc or the driver and an ACK is due; their TX completion (tcp_wfree,
 * the TSQ handler) sends it, with whatever the next write added.
 */
static bool tcp_should_autocork(const struct tcp_sock *tp, const struct sk_buff *skb)
{
	int rule = kp(tp)->autocork;

	if (rule == AUTOCORK_NONE || payload(skb) >= tp->size_goal ||
	    tp->sk.sk_wmem_alloc <= skb->truesize)
		return false;
	return rule == AUTOCORK_HEAD ? skb != tp->write_queue.head : tp->packets_out > 0;
}

/* tcp_push: the end of a write (no MSG_MORE) marks the push point */
void tcp_push(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb = tp->write_queue.tail;

	if (!tp->send_head)	/* nothing unsent (6.x: an empty write queue) */
		return;
	tp->pushed_seq = tp->write_seq;
	if (tcp_should_autocork(tp, skb)) {
		if (!tp->tsq_throttled) {	/* LINUX_MIB_TCPAUTOCORKING */
			tp->autocorks++;
			tp->tsq_throttled = true;
		}
		return;	/* wmem_alloc was checked: no completion came between */
	}
	tcp_write_xmit(cpu, tp);
}

uint32_t tcp_sendmsg_step(struct cpu *cpu, struct tcp_sock *tp, uint32_t len, bool sendfile)
{
	struct sk_buff *skb = tp->write_queue.tail;
	uint32_t copy;

	cpu_charge(cpu, COST_tcp_sendmsg, cost(tp)->tcp_sendmsg);
	tcp_rate_check_app_limited(tp);	/* is sending application-limited? */
	/* append to the tail while it is unsent and below the size goal */
	if (!skb || !tp->send_head || payload(skb) >= tp->size_goal) {
		/* new_segment */
		if (!sk_stream_memory_free(tp)) {
			tp->nospace = true;
			return 0;
		}
		skb = skb_pool_get(tp->host->pool);
		skb->seq = skb->end_seq = tp->write_seq;
		skb->truesize = head_truesize(tp);
		tp->sk_wmem_queued += skb->truesize;
		skb_queue_tail(&tp->write_queue, skb);	/* tcp_skb_entail */
		if (kp(tp)->cwnd_restart_at_entail)
			tcp_slow_start_after_idle_check(cpu, tp);
		if (!tp->send_head)
			tp->send_head = skb;
	}
	copy = MIN(len, tp->size_goal - payload(skb));
	skb->end_seq += copy;
	skb->truesize += copy;
	tp->sk_wmem_queued += copy;
	tp->write_seq += copy;
	if (sendfile)
		cpu_charge(cpu, COST_sendpage, (uint64_t)cost(tp)->sendpage * DIV_ROUND_UP(copy, 4096));
	else
		cpu_charge(cpu, COST_copy_byte_x16, (uint64_t)cost(tp)->copy_byte_x16 * DIV_ROUND_UP(copy, 16));
	/* tcp_sendmsg, once an skb is full with more to write: forced_push
	 * (more than half the peer's largest window written since the last
	 * push mark) pushes everything, else a full send head goes alone */
	if (copy == len || payload(skb) < tp->size_goal)
		return copy;
	if (tp->write_seq > tp->pushed_seq + tp->max_window / 2) {
		tp->pushed_seq = tp->write_seq;		/* tcp_mark_push */
		tcp_write_xmit(cpu, tp);
	} else if (skb == tp->send_head) {
		tcp_push_one(cpu, tp);
	}
	return copy;
}

void lock_sock(struct tcp_sock *tp)
{
	tp->owned = true;
}

/* __release_sock, then tcp_release_cb: TSQ and write-timer work deferred
 * while the socket was owned. */
void release_sock(struct cpu *cpu, struct tcp_sock *tp)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&tp->backlog))) {
		tp->backlog_len -= skb->truesize;
		tcp_v4_do_rcv(cpu, tp, skb);
	}
	tp->owned = false;
	if (tp->tsq_deferred) {
		tp->tsq_deferred = false;
		tcp_write_xmit(cpu, tp);
	}
	if (tp->write_timer_deferred) {
		tp->write_timer_deferred = false;
		tcp_write_timer_handler(cpu, tp);
	}
}

/*
 * tcp_cleanup_rbuf: after the application read, send the ACK that
 * tcp_input.c held back (a delayed ACK is pending and more than one full
 * segment arrived since the last ACK), or announce a window that at least
 * doubled.
 */
static void tcp_cleanup_rbuf(struct cpu *cpu, struct tcp_sock *tp)
{
	int64_t now_win = (int64_t)(tp->rcv_wup + tp->rcv_wnd) - (int64_t)tp->rcv_nxt;
	uint32_t nw;

	if (tp->ack_pending && tp->rcv_nxt - tp->rcv_wup > tp->mss) {
		tcp_send_ack(cpu, tp);
		return;
	}
	if (2 * MAX(now_win, 0) > (int64_t)tp->window_clamp)
		return;
	nw = tcp_select_window(tp);
	if (nw && nw >= 2 * MAX(now_win, 0))
		tcp_send_ack(cpu, tp);
}

uint32_t tcp_recvmsg(struct cpu *cpu, struct tcp_sock *tp, uint32_t len)
{
	uint32_t done = 0;
	struct sk_buff *skb;

	cpu_charge(cpu, COST_tcp_recvmsg, cost(tp)->tcp_recvmsg);
	while (done < len && (skb = tp->sk.rxq.head)) {
		uint32_t avail = payload(skb) - skb->rx_off;
		uint32_t n = MIN(avail, len - done);

		skb->rx_off += n;
		done += n;
		if (skb->rx_off == payload(skb)) {
			skb_dequeue(&tp->sk.rxq);
			tp->sk.sk_rmem_alloc -= skb->truesize;
			kfree_skb(cpu, skb);
		}
	}
	cpu_charge(cpu, COST_copy_byte_x16, (uint64_t)cost(tp)->copy_byte_x16 * DIV_ROUND_UP(done, 16));
	tp->copied_seq += done;
	if (!done)
		return 0;
	tcp_rcv_space_adjust(cpu, tp);
	tcp_cleanup_rbuf(cpu, tp);
	return done;
}

/* --- set-up --------------------------------------------------------- */

static void tcp_sock_init(struct tcp_sock *tp, struct host *h, struct cpu *cpu,
			  const struct tcp_config *cfg, uint16_t port, struct rng *rng)
{
	const struct kprofile *k = h->kp;
	const char *cc = cfg->cc && *cfg->cc ? cfg->cc : k->tcp_cc;
	char name[64];

	memset(tp, 0, sizeof(*tp));
	sock_init(&tp->sk, h, SK_TCP, rng);
	tp->sk.use_write_queue = true;	/* tcp_init_sock */
	tp->host = h;
	tp->cpu = cpu;
	tp->sk.port = port;
	tp->sk.connected = true;
	tp->advmss = (uint16_t)MIN(h->dev.mtu - IPV4_HLEN - TCP_HLEN, 65535u);
	tp->mss = tp->advmss - TCPOLEN_TSTAMP_ALIGNED;	/* until the handshake says */
	tp->head_truesize = skb_truesize(h->plat, k, (uint32_t)h->plat->max_tcp_header);
	/* Deviation: no rate (0, not sock_init_data's ~0) until
	 * tcp_update_pacing_rate or the congestion control sets one, as the
	 * reports show it */
	tp->sk.sk_pacing_rate = 0;
	tp->sk.sk_sndbuf = k->tcp_wmem[1];
	tp->rcvbuf = k->tcp_rmem[1];
	if (cfg->sndbuf >= 0) {
		sock_set_sndbuf(&tp->sk, cfg->sndbuf);
		tp->sndbuf_locked = true;
	}
	if (cfg->rcvbuf >= 0) {
		sock_set_rcvbuf(&tp->sk, cfg->rcvbuf);
		tp->rcvbuf = tp->sk.sk_rcvbuf;
		tp->rcvbuf_locked = true;
	}
	/* CUBIC's epoch runs on jiffies in every era (tcp_jiffies32) */
	tcp_cc_init(&tp->cc, tcp_cc_find(cc), TCP_INIT_CWND, tp->mss, h->hz);
	tp->cc.hystart_ms = !k->ts_clock_ms;	/* <= 4.4 HyStart */
	tp->cc.era = (uint8_t)k->cc_era;
	/* sk_setup_caps: sk_dst_gso_max_size, the device's 64 KiB less
	 * MAX_TCP_HEADER + 1 (6.x; HyStart's ACK-train cushion reads it) */
	tp->cc.gso_max_size = GSO_MAX_SIZE - ((uint32_t)h->plat->max_tcp_header + 1);
	/* BBR's view of the socket, and its own random stream */
	tp->cc.sk = &tp->sk;
	snprintf(name, sizeof(name), "host.%s.tcp.%u.cc", h->name, port);
	rng_stream(&tp->cc_rng, h->sim->seed, name);
	tp->cc.rng = &tp->cc_rng;
	tp->rto = TCP_TIMEOUT_INIT;
	tp->reordering = TCP_FASTRETRANS_THRESH;
	tp->quick = 0;		/* tcp_incr_quickack at the first data */
	tcp_init_xmit_timers(tp);
}

void tcp_pair_setup(struct tcp_sock *a, struct host *ha, struct cpu *ca,
		   struct tcp_sock *b, struct host *hb, struct cpu *cb,
		   const struct tcp_config *cfg_a, const struct tcp_config *cfg_b,
		   struct rng *rng)
{
	/* The connecting end's ephemeral port is unique on its host, which
	 * keeps the 4-tuple unique (__inet_hash_connect); 16384 ports outnumber
	 * the sockets a scenario can declare. The listening port may be shared:
	 * accepted sockets keep the listener's port and tcp_lookup tells them
	 * apart by the peer's port, as inet_lookup_established does. */
	int pa = sock_pick_port(rng, ha, NULL, SK_TCP, 32768, 0x4000);
	uint16_t pb = (uint16_t)(5001 + rng_below(rng, 256));

	BUG_ON(pa < 0);
	tcp_sock_init(a, ha, ca, cfg_a, (uint16_t)pa, rng);
	tcp_sock_init(b, hb, cb, cfg_b, pb, rng);
	a->daddr = hb->addr;
	a->dport = pb;
	a->state = TCP_CLOSE;
	b->daddr = ha->addr;
	b->dport = pa;
	b->state = TCP_LISTEN;
}

static void free_queue(struct tcp_sock *tp, struct skb_queue *q)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(q)))
		skb_pool_put(tp->host->pool, skb);
}

int tcp_check(struct sock *sk, char *msg, size_t len)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	const struct sk_buff *skb;
	uint32_t out = 0, sacked = 0, lost = 0, retrans = 0;

	for (skb = tp->write_queue.head; skb && skb != tp->send_head; skb = skb->next) {
		out += skb->pcount;
		sacked += skb->sacked & TCPCB_SACKED_ACKED ? skb->pcount : 0;
		lost += skb->sacked & TCPCB_LOST ? skb->pcount : 0;
		retrans += skb->sacked & TCPCB_SACKED_RETRANS ? skb->pcount : 0;
	}
	/* tcp_verify_left_out: what is counted out of the network (SACKed,
	 * lost, or by duplicate ACKs) never exceeds what is outstanding */
	if (out == tp->packets_out && sacked == tp->sacked_out && lost == tp->lost_out &&
	    retrans == tp->retrans_out && tp->packets_out + tp->retrans_out >=
	    tp->sacked_out + tp->lost_out + tp->reno_sacked)
		return 0;
	snprintf(msg, len, "packets_out %u sacked_out %u lost_out %u retrans_out %u reno_sacked %u;"
		 " the write queue's marks: %u sent, %u SACKed, %u lost, %u retransmitted",
		 tp->packets_out, tp->sacked_out, tp->lost_out, tp->retrans_out, tp->reno_sacked,
		 out, sacked, lost, retrans);
	return -1;
}

void tcp_sock_free(struct tcp_sock *tp)
{
	if (!tp->host)
		return;
	free_queue(tp, &tp->write_queue);
	free_queue(tp, &tp->backlog);
	free_queue(tp, &tp->sk.rxq);
	free_queue(tp, &tp->ofo);
}

/* --- what limits the flow ------------------------------------------- */

static bool cpu_has_work(const struct cpu *c)
{
	return c->busy_until > c->host->sim->now ||
	       c->head[CTX_HARDIRQ] || c->head[CTX_SOFTIRQ] || c->head[CTX_PROCESS];
}

/*
 * The wire is the bottleneck: sending now, with frames waiting for it (in
 * the device, committed behind the current one, or in a qdisc). A busy
 * wire with nothing behind is not holding anyone. Asked of the wire's
 * history, since a device may have committed frames ahead of now.
 */
static bool link_backlogged(const struct host *h)
{
	const struct net_device *dev = &h->dev;
	bool later;
	int i;

	if (!h->port || !eth_busy_at(h->port, h->sim->now, &later))
		return false;
	if (later || (dev->ops && dev->ops->tx_backlog && dev->ops->tx_backlog(dev)))
		return true;
	for (i = 0; i < dev->real_num_tx_queues; i++)
		if (dev->txq[i].qdisc.qlen)
			return true;
	return false;
}

static enum tcp_limit tcp_classify(const struct tcp_sock *tp)
{
	const struct host *h = tp->host;
	int i;

	if (link_backlogged(h))
		return TCP_LIM_LINK;
	for (i = 0; i < h->nr_cpus; i++)
		if (cpu_has_work(&h->cpus[i]))
			return TCP_LIM_CPU;
	if (tp->tsq_throttled || tp->tsq_queued)
		return TCP_LIM_TSQ;
	for (i = 0; i < h->dev.real_num_tx_queues; i++)
		if (netif_xmit_stopped(&h->dev.txq[i]) && h->dev.txq[i].qdisc.qlen)
			return TCP_LIM_STOPPED;
	if (tp->send_head && tp->xmit_deferred)
		return TCP_LIM_DEFER;
	if (tp->send_head && tp->packets_out >= tp->cc.snd_cwnd)
		return TCP_LIM_CWND;
	if (tp->send_head && tp->send_head->seq >= tp->snd_una + tp->snd_wnd)
		return TCP_LIM_RWND;
	if (tp->nospace)
		return TCP_LIM_SNDBUF;
	return TCP_LIM_APP;
}

/* Samples at a random phase within each period, so that they never lock
 * onto a periodic event (a jiffy timer) and count it as the whole period. */
static void tcp_chrono_sample(struct sim *sim, struct sim_event *ev)
{
	struct tcp_sock *tp = ev->arg;
	sim_time_t next = tp->chrono_base + tp->chrono_period;

	tp->lim_ps[tcp_classify(tp)] += tp->chrono_period;
	tp->chrono_base = next;
	sim_schedule(sim, ev, next + (sim_time_t)rng_below(&tp->chrono_rng,
							  (uint64_t)tp->chrono_period));
}

void tcp_chrono_start(struct tcp_sock *tp, sim_time_t period)
{
	char name[64];

	tp->chrono_period = period;
	tp->chrono_base = tp->host->sim->now;
	snprintf(name, sizeof(name), "host.%s.tcp.%u.chrono", tp->host->name, tp->sk.port);
	rng_stream(&tp->chrono_rng, tp->host->sim->seed, name);
	sim_event_init(&tp->chrono, tcp_chrono_sample, tp);
	sim_schedule(tp->host->sim, &tp->chrono, tp->host->sim->now + period / 2);
}
