// SPDX-License-Identifier: MIT
/*
 * Bulk TCP transfers: netperf TCP_STREAM / TCP_MAERTS and iperf (a sender
 * that write()s `size` bytes at a time from user memory, a receiver that
 * read()s), and an HTTP file server for one large file, either
 * Apache-like (read() the file from the page cache into a user buffer,
 * then write() it: two copies per byte; or, Apache's default, write() a
 * mapping of the file, whose pages the copy faults in from the page
 * cache inside tcp_sendmsg, the socket locked) or nginx-like (sendfile():
 * no copy, a per-page cost).
 * Deviation: the mmap mode charges the page-cache read per 16 bytes with
 * each skb's copy (file_read_x16, the read() path's cost), not per page
 * fault; the mmap() and munmap() calls themselves are not charged.
 *
 * The receiver listens before the run and blocks in accept(); at start
 * the sender connect()s (the three-way handshake over the whole path,
 * tcp.h) and writes once connect() returns. Each write() is a series of
 * work items, one skb's worth each, so that interrupts and softirqs
 * interleave with a long copy as they would. Throughput is what the
 * receiving application read, over the time from the application's start
 * (the handshake included) to the end of the run.
 * Deviation: the sending side connects, as netperf TCP_STREAM and iperf
 * do; for TCP_MAERTS and HTTP the receiving client connects in reality
 * (the same exchange with the SYN's and SYN-ACK's roles swapped). The
 * HTTP request is not modelled: the server writes as soon as it is
 * connected.
 */
#include <string.h>
#include "app/app.h"
#include "kernel/host.h"
#include "sim/engine/util.h"

/* filemap_read copies the page cache a page at a time; interrupts come in
 * between pages, so a long read() is one work item per page. */
#define FILE_READ_STEP	4096u

static void sender_run(struct cpu *cpu, struct task *t)
{
	struct stream_app *s = t->app;
	struct tcp_sock *tp = &s->tx;
	const struct cpu_costs *c = &s->host->plat->cost;
	uint32_t n;

	tp->sk.tx_waiter = NULL;
	if (tp->state != TCP_ESTABLISHED) {	/* connect(): inet_wait_for_connect */
		if (tp->state == TCP_CLOSE) {
			cpu_charge(cpu, COST_syscall, c->syscall);
			tcp_connect(cpu, tp);
		}
		tp->sk.tx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	if (!s->left) {	/* a new write() or sendfile() call */
		s->calls++;
		s->left = (uint32_t)s->cfg.size;
		cpu_charge(cpu, COST_syscall, c->syscall);
		cpu_charge_user(cpu, c->user_iter);
		if (s->cfg.mode == STREAM_FILE_WRITE) {	/* read() from the page cache */
			cpu_charge(cpu, COST_syscall, c->syscall);
			s->file_left = s->left;
		}
	}
	if (s->file_left) {	/* the read() copies a page per work item */
		n = MIN(s->file_left, FILE_READ_STEP);
		cpu_charge(cpu, COST_file_read_x16, (uint64_t)c->file_read_x16 * DIV_ROUND_UP(n, 16));
		s->file_left -= n;
		task_continue(t);
		return;
	}
	if (!tp->owned)		/* tcp_sendmsg / do_tcp_sendpages: lock_sock */
		lock_sock(tp);
	n = tcp_sendmsg_step(cpu, tp, s->left, s->cfg.mode == STREAM_SENDFILE);
	if (!n) {	/* sk_stream_wait_memory: the lock is dropped while asleep */
		tcp_push(cpu, tp);
		release_sock(cpu, tp);
		/* sk_wait_event: ACKs from the backlog may have made room */
		if (sk_stream_memory_free(tp)) {
			task_continue(t);
			return;
		}
		s->waits++;
		tp->sk.tx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	if (s->cfg.mode == STREAM_FILE_MMAP)	/* copy_from_user faults the page cache in */
		cpu_charge(cpu, COST_file_read_x16, (uint64_t)c->file_read_x16 * DIV_ROUND_UP(n, 16));
	s->left -= n;
	s->written += n;
	if (!s->left) {
		tcp_push(cpu, tp);
		release_sock(cpu, tp);
	}
	task_continue(t);	/* the next step of the loop */
}

static void receiver_run(struct cpu *cpu, struct task *t)
{
	struct stream_app *s = t->app;
	struct tcp_sock *tp = &s->rx;
	uint32_t n;

	tp->sk.rx_waiter = NULL;
	cpu_charge(cpu, COST_syscall, s->dest->plat->cost.syscall);
	if (tp->state != TCP_ESTABLISHED) {	/* accept() until the handshake is done */
		tp->sk.rx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	n = tcp_recvmsg(cpu, tp, (uint32_t)s->cfg.read_size);
	if (!n) {
		tp->sk.rx_waiter = t;
		task_sleep(t, SIM_TIME_MAX);
		return;
	}
	s->read += n;
	task_continue(t);
}

void stream_app_init(struct stream_app *s, struct host *h, struct host *dest,
		     const struct stream_config *cfg)
{
	struct tcp_config ct = { cfg->cc, cfg->sndbuf, -1 };
	struct tcp_config cr = { NULL, -1, cfg->rcvbuf };	/* accept()ed: the default */
	struct rng r;

	memset(s, 0, sizeof(*s));
	s->cfg = *cfg;
	s->host = h;
	s->dest = dest;
	rng_streamf(&r, h->sim->seed, "app.%s", cfg->name);	/* its own stream */
	tcp_pair_setup(&s->tx, h, &h->cpus[cfg->cpu % h->nr_cpus], &s->rx, dest,
		      &dest->cpus[cfg->peer_cpu % dest->nr_cpus], &ct, &cr, &r);
	task_init(&s->sender, s->tx.cpu, sender_run, s);
	task_init(&s->receiver, s->rx.cpu, receiver_run, s);
	task_start(&s->sender, cfg->start);
	task_start(&s->receiver, cfg->start);
	tcp_chrono_start(&s->tx, 100 * PS_PER_US);
}

void stream_app_free(struct stream_app *s)
{
	tcp_sock_free(&s->tx);
	tcp_sock_free(&s->rx);
}
