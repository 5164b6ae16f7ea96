/* SPDX-License-Identifier: MIT */
/*
 * Applications: processes on a host's CPU that use sockets.
 * ping (iputils, raw ICMP socket) and udp (a datagram sender and sink).
 */
#ifndef NICSIM_APP_APP_H
#define NICSIM_APP_APP_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/time.h"
#include "kernel/sched/sched.h"
#include "net/core/sock.h"
#include "net/ipv4/tcp.h"

struct host;

struct ping_config {
	char		name[32];
	int64_t		count;		/* -c, 0 = until the run ends */
	sim_time_t	interval;	/* -i */
	sim_time_t	start;
	int64_t		datalen;	/* -s */
	int64_t		sndbuf;		/* -S, -1 = iputils' estimate */
	int		cpu;
};

/* Line-by-line transcript, kept in one growing buffer. */
/* What an application printed. Past max_lines (0: no limit) lines are
 * counted, not kept, until transcript_resume(). */
struct transcript {
	char		*buf;
	size_t		len, cap;
	uint32_t	lines;
	uint32_t	max_lines;
	uint64_t	omitted;
};

/* ping keeps this many replies' records and transcript lines: a long run's
 * memory stays bounded (statistics cover every reply). */
#define PING_RECORDS	10000

/* Where a round trip's time went (parts sum to reply RX - request send). */
enum rtt_part {
	RTT_STACK,	/* socket, IP, until dev_queue_xmit */
	/* the next three: the request's at this host plus the reply's at the peer */
	RTT_QDISC,	/* in a qdisc until the driver took it */
	RTT_TX_RING,	/* in a TX ring behind its own queue's frames */
	RTT_ARBITER,	/* at its queue's head, while the NIC served other queues */
	RTT_WIRE,	/* serialisation + propagation, both ways */
	RTT_PEER,	/* the peer: its interrupt, NAPI, ICMP, until its dev_queue_xmit */
	RTT_RX_COAL,	/* reply waiting for the RX interrupt (coalescing) */
	RTT_CPU_WAIT,	/* interrupt raised until the NAPI poll took it */
	RTT_RX_STACK,	/* driver RX to netif_receive_skb */
	RTT_NR
};

extern const char *const rtt_part_names[RTT_NR];

struct ping_reply {
	uint16_t	seq;
	sim_time_t	rtt;
	sim_time_t	part[RTT_NR];
	sim_time_t	req_wire;	/* the request's first bit on the wire */
};

struct ping {
	struct ping_config cfg;
	struct host	*host;
	struct host	*dest;
	struct sock	sk;
	struct task	task;
	int		state;
	uint16_t	ident;
	/* iputils state */
	long		interval_ms;
	long		ntransmitted, nreceived;
	long		oom_count;
	long		tokens;
	long		cur_sec, cur_usec;	/* cur_time */
	bool		cur_set;
	long		tmin, tmax;		/* us */
	long long	tsum, tsum2;
	long		waittime_us;
	bool		exiting;
	bool		finished;
	struct sim_event alarm;
	sim_time_t	t_start, t_end;
	/* nicsim's own accounting */
	uint64_t	enobufs;		/* failed sendmsg calls */
	uint64_t	errors_printed;
	long		first_error_seq;	/* -1 = none */
	sim_time_t	first_error_t;
	sim_time_t	first_printed_error_t;
	sim_time_t	last_printed_error_t;
	/* the socket at the first ENOBUFS, for the explanation */
	int64_t		err_wmem, err_sndbuf;
	uint32_t	err_held;
	struct sock_tx_census err_where;	/* where its skbs were */
	bool		err_qdisc;	/* the first ENOBUFS was a qdisc drop */
	bool		last_err_qdisc;
	uint64_t	sent_attempts;
	sim_time_t	send_t;
	struct ping_reply *replies;	/* the first PING_RECORDS replies */
	uint32_t	nr_replies, cap_replies;
	uint64_t	replies_omitted;
	uint32_t	*rtt_us;	/* every reply's RTT, for percentiles */
	uint64_t	nr_rtt, cap_rtt;
	sim_time_t	split_sum[RTT_NR];	/* over every reply */
	struct transcript out;
};

/* -1 if every ICMP ident of h is held by another ping (64 per host). */
int ping_init(struct ping *p, struct host *h, struct host *dest,
	      const struct ping_config *cfg);
void ping_stop(struct ping *p);
void ping_free(struct ping *p);

struct udp_config {
	char		name[32];
	int64_t		count;
	sim_time_t	interval;	/* 0 = back to back */
	int64_t		rate;		/* bit/s of payload (iperf -b); 0 = interval */
	sim_time_t	start;
	int64_t		size;
	int64_t		sndbuf;
	int		cpu;
	bool		nonblock;
	sim_time_t	sndtimeo;	/* -1 = none (block forever) */
};

struct udp_app {
	struct udp_config cfg;
	struct host	*host;
	struct host	*dest;
	struct sock	sk;
	struct sock	sink;		/* on dest */
	struct task	task;
	int		state;
	uint64_t	sent, eagain, blocked;
	uint64_t	slots;		/* send loop turns done (the rate's k) */
	sim_time_t	blocked_ps, block_start;
	uint64_t	sink_packets, sink_bytes;
	uint64_t	sink_expected;	/* highest datagram number seen + 1 */
	uint64_t	enobufs;	/* qdisc drops (not reported to the app) */
	uint64_t	sendmsg_enobufs;	/* sendmsg failed: a fragment over 2 x sk_sndbuf */
};

/* When datagram k of a rate-paced sender is due (iperf -b). */
sim_time_t udp_rate_due(sim_time_t start, uint64_t k, int64_t size, int64_t rate);
/* Datagrams lost as iperf's server counts them: gaps below the highest
 * datagram number received (those still in flight after it are not). */
uint64_t udp_lost(const struct udp_app *u);
/* The time rates are averaged over: from the app's start to the run's end. */
sim_time_t udp_active_ps(const struct udp_app *u, sim_time_t duration);

void udp_app_init(struct udp_app *u, struct host *h, struct host *dest,
		  const struct udp_config *cfg);

enum stream_mode {
	STREAM_WRITE,		/* write() from user memory (netperf, iperf) */
	STREAM_FILE_WRITE,	/* read() a file, then write() it (Apache) */
	STREAM_SENDFILE,	/* sendfile() (nginx) */
	STREAM_FILE_MMAP,	/* mmap() a file, then write() the mapping (Apache's EnableMMAP) */
};

struct stream_config {
	char		name[40];	/* the app's, or NAME.K for connection K of several */
	enum stream_mode mode;
	int64_t		size;		/* bytes per write()/sendfile() */
	int64_t		read_size;	/* bytes per read() at the receiver */
	sim_time_t	start;
	int		cpu, peer_cpu;
	const char	*cc;
	int64_t		sndbuf, rcvbuf;	/* -1 = autotuning */
};

struct stream_app {
	struct stream_config cfg;
	struct host	*host, *dest;
	struct tcp_sock	tx, rx;
	struct task	sender, receiver;
	uint32_t	left;		/* of the current write */
	uint32_t	file_left;	/* of the current read() from the page cache */
	uint64_t	calls, waits, written, read;
};

void stream_app_init(struct stream_app *s, struct host *h, struct host *dest,
		     const struct stream_config *cfg);
void stream_app_free(struct stream_app *s);

/* netperf TCP_RR / UDP_RR (rr.c) */
struct rr_config {
	char		name[32];
	bool		udp;		/* UDP_RR, else TCP_RR */
	int64_t		request, response;	/* bytes (-r req,resp) */
	int64_t		burst;		/* netperf -b: more requests in flight */
	sim_time_t	start;
	int		cpu, peer_cpu;
	const char	*cc;
	int64_t		sndbuf, rcvbuf;	/* -1 = the default / autotuning */
};

/* Every transaction's latency is kept for the percentiles up to this many
 * (4 bytes each); later ones count in min, mean and max only. */
#define RR_RECORDS	(1u << 25)

struct rr_app {
	struct rr_config cfg;
	struct host	*host, *dest;
	struct tcp_sock	tx, rx;		/* TCP_RR: netperf's, netserver's */
	struct sock	usk, usrv;	/* UDP_RR: netperf's, netserver's */
	struct task	client, server;
	int		state;
	uint32_t	left, srv_left;	/* of the write or read under way */
	bool		srv_respond;	/* the server has the request, owes the response */
	uint32_t	ring;		/* burst + 1: requests that may be outstanding */
	sim_time_t	*sent_at;	/* their send times, by number modulo ring */
	uint64_t	sent, done;	/* requests sent, transactions completed */
	uint64_t	srv_requests, srv_responses;
	uint64_t	qdisc_drops, srv_qdisc_drops;	/* UDP: not reported to the app */
	sim_time_t	first_send;
	sim_time_t	waiting_since;	/* UDP: the client last blocked in recv() */
	sim_time_t	lat_sum, lat_min, lat_max;
	uint32_t	*lat_ns;	/* the first RR_RECORDS latencies, ns, at most 2^32 - 1 */
	uint64_t	nr_lat, cap_lat, lat_not_recorded;
};

void rr_app_init(struct rr_app *r, struct host *h, struct host *dest,
		 const struct rr_config *cfg);
void rr_app_free(struct rr_app *r);
/* netperf's MIN/MEAN/P50/P90/P99/MAX_LATENCY in microseconds: min, mean
 * and max over every transaction, the percentiles exact (nearest rank)
 * over the recorded ones; all 0 before the first transaction. */
struct rr_latency {
	double		min, mean, p50, p90, p99, max;
};
void rr_latency_stats(const struct rr_app *r, struct rr_latency *l);
/* TRANSACTION_RATE: transactions per second from the first request to end */
double rr_rate(const struct rr_app *r, sim_time_t end);

/* Time spent blocked on a full send buffer, including a block under way. */
sim_time_t udp_blocked_ps(const struct udp_app *u);

/* Jain's fairness index of n throughputs: (sum x)^2 / (n sum x^2), in
 * [1/n, 1]; 0 when every x is 0 (undefined). */
double jain_index(const double *x, int n);
/* Nearest-rank percentile (0 < pct <= 100) of n ascending values; 0 if n = 0. */
uint32_t percentile_nearest_rank(const uint32_t *sorted, uint64_t n, double pct);

void transcript_printf(struct transcript *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void transcript_free(struct transcript *t);
/* Keep lines again (after max_lines), first noting how many were not kept. */
void transcript_resume(struct transcript *t);

#endif
