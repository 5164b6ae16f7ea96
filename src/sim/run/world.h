/* SPDX-License-Identifier: MIT */
/*
 * The world built from a scenario: a simulation, the hosts, the link
 * joining them and the applications; running it; its results as JSON and
 * as a short human summary.
 */
#ifndef NICSIM_RUN_WORLD_H
#define NICSIM_RUN_WORLD_H

#include <stdio.h>
#include <jansson.h>
#include "nicsim/scenario.h"
#include "nicsim/sim.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "hw/link/switch.h"
#include "app/app.h"

struct pcap_writer;
struct pcap_merge;
struct world_checker;
struct world;

/* What a link port's capture tap needs: the world and the direction. */
struct world_tap {
	struct world	*w;
	int		dir;	/* the sending port: hosts[dir] -> hosts[1 - dir];
				 * with a switch, 2i: hosts[i] -> switch, 2i + 1:
				 * switch -> hosts[i] */
};

/* Captures per direction: two for the one link, two per host link with
 * a switch. */
#define WORLD_CAPTURES_MAX	(2 * SWITCH_MAX_PORTS)

/*
 * Limits of a run (docs/robustness.md). A world holds at most
 * WORLD_SKB_MAX packets (skbs, about 320 bytes each) alive at once: a run
 * that crosses it stops there and world_run() fails. Its ping
 * applications may send at most WORLD_PING_MAX echo requests in all (one
 * ping every 1 ms for the longest run): each reply's RTT is kept for the
 * percentiles, so world_build() refuses more.
 */
#define WORLD_SKB_MAX	(1u << 22)
/* Applications, each connection of a parallel stream app counted: the
 * [app.*] sections a scenario may have (SCN_MAX_APPS). */
#define WORLD_APPS_MAX	1024
#define WORLD_PING_MAX	100000000

enum app_kind { APP_PING, APP_UDP, APP_STREAM, APP_RR };

/* One per application, except that a stream app with parallel = N > 1
 * is N consecutive world apps, its connections, stream 1..N of
 * nr_streams N (stream 0 of 1 otherwise). */
struct world_app {
	enum app_kind	kind;
	const struct scn_app *cfg;
	int		stream, nr_streams;
	union {
		struct ping	ping;
		struct udp_app	udp;
		struct stream_app stream;
		struct rr_app	rr;
	} u;
};

struct world {
	const struct scenario *scn;
	struct sim	sim;
	struct skb_pool	pool;
	int		nr_hosts;
	struct host	*hosts;
	struct eth_link	link;		/* the one link (no [switch]) */
	struct switch_dev *sw;		/* [switch], or NULL */
	struct eth_link	*links;		/* with sw: hosts[i]'s link, NIC on port[0] */
	int		nr_apps;
	struct world_app *apps;
	struct pcap_writer *pcap[WORLD_CAPTURES_MAX];	/* --pcap: per direction */
	struct pcap_merge *pcap_merged;	/* --pcap-merged */
	struct world_tap tap[WORLD_CAPTURES_MAX];
	sim_time_t	duration;
	struct world_checker *chk;	/* --check, or NULL */
	/* before the program exits on a broken invariant: remove files
	 * being written */
	void		(*on_abort)(void *arg);
	void		*on_abort_arg;
	struct scn_error limit;	/* why world_run() stopped early */
};

/* Build; 0, or -1 with err ("FILE:LINE: ..."). Nothing is written.
 * Either way the caller ends with world_destroy(). */
int world_build(struct world *w, const struct scenario *s, struct scn_error *err);
/* The per-direction captures --pcap writes: how many, and the path of
 * capture k (< that), PREFIX-A-B.pcap, A and B hosts or "switch". */
int world_pcap_count(const struct world *w);
void world_pcap_path(const struct world *w, int k, const char *prefix, char *buf, size_t len);
/* Open per-direction pcap files PREFIX-A-B.pcap; -1 with err. */
int world_pcap(struct world *w, const char *prefix, struct scn_error *err);
/* Open one capture of both directions in time order at path; -1 with err
 * (a world with a switch has more than two directions: refused). */
int world_pcap_merged(struct world *w, const char *path, struct scn_error *err);
/* After the run: complete the captures and, unless out is NULL, print one
 * line per file ("pcap: PATH (N frames)"); -1 after a message on stderr
 * if a file could not be written. A frame's timestamp is when its first
 * bit left the sending port. */
int world_pcap_finish(struct world *w, FILE *out);
/* Run to the end in WORLD_RUN_SLICES equal slices of simulated time,
 * calling progress (if not NULL) after each; slicing is unconditional so
 * the results never depend on whether anyone watches. 0, or -1 when a
 * limit stopped the run: w->limit says why ("FILE: ..."), and the results
 * cover only the time before. */
#define WORLD_RUN_SLICES 100
int world_run(struct world *w, void (*progress)(const struct world *w, void *arg), void *arg);
json_t *world_results(const struct world *w);
void world_summary(const struct world *w, FILE *out);
struct nic_queue_stats;
/* The TX queue a socket last used (else h's busiest) and its statistics. */
int world_sock_txq(const struct host *h, const struct sock *sk, struct nic_queue_stats *st);
/* The busiest CPU of h over a run of `duration`, and its busy share in % */
int world_busiest_cpu(const struct host *h, double *pct, sim_time_t duration);
/*
 * How explain re-runs the scenario it explains to test a remedy: the same
 * file, overrides and seed, plus sets[0..n-1] ("SECTION.KEY=VALUE").
 * Returns 0 after done(w, arg) has seen the finished world; 1 if the
 * scenario checker or world_build refused an override (nothing ran); -1
 * if the run stopped at a limit. Prints nothing.
 */
struct world_rerun {
	int		(*run)(const struct world_rerun *rr, char **sets, int n,
			       void (*done)(const struct world *w, void *arg), void *arg);
	const void	*ctx;
};
/* nicsim explain: per application, its limiter as cause, rule and the
 * remedies that rr's re-runs verified (none if rr is NULL). */
void world_explain(const struct world *w, const struct world_rerun *rr, FILE *out);
void world_destroy(struct world *w);

double stream_goodput_mbps(const struct stream_app *s, sim_time_t end);
/* The line rate of h's link (bit/s): the one link's, or with a switch
 * the rate of the link joining h to its port. */
int64_t world_link_rate(const struct world *w, const struct host *h);
enum tcp_limit tcp_main_limit(const struct tcp_sock *tp);

/* Look up a dotted path ("apps.ping.first_error_seq") in results. */
json_t *json_path(json_t *root, const char *path);

#endif
