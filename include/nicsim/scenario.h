/* SPDX-License-Identifier: MIT */
/*
 * A scenario as loaded from an INI file plus --set overrides.
 *
 * Every key lives in one registry (src/sim/scenario/keys.c) that the loader,
 * `nicsim keys` and docs/scenario.md all come from. Integer fields hold -1
 * and string fields "" when the user did not set them: the profile
 * (platform, kernel, driver) then decides.
 */
#ifndef NICSIM_SCENARIO_H
#define NICSIM_SCENARIO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "nicsim/time.h"

#define SCN_NAME_MAX	32
#define SCN_PPB_ONE	1000000000LL	/* probability 1 in parts per billion */
#define SCN_MAX_MASKS	8	/* TX queues with an xps_cpus mask */
#define SCN_STR_MAX	256
#define SCN_MAX_HOSTS	16
#define SCN_MAX_APPS	1024
#define SCN_MAX_EXPECT	32
#define SCN_MAX_PAIRS	16
#define SCN_UNSET	(-1)
#define SCN_PRIOMAP_LEN	16	/* TC_PRIO_MAX + 1 priorities a prio maps */

/* [sim] */
struct scn_sim {
	sim_time_t	duration;	/* default 10s */
	int64_t		seed;		/* default 1 */
	/* seeded variation (docs/architecture.md, Randomness): on|off, and
	 * its magnitudes, which take effect only with variation = on */
	char		variation[SCN_NAME_MAX];
	sim_time_t	start_jitter;	/* app start offset: uniform [0, this] */
	sim_time_t	wakeup_jitter;	/* wake-up latency: uniform [0, this] */
	int64_t		cost_noise;	/* cost factor uniform [1-this, 1+this], ppb */
};

/* [link]: the Ethernet segment joining the hosts (point to point). */
struct scn_link {
	int64_t		rate;		/* bit/s, default 1Gbit */
	sim_time_t	delay;		/* propagation, default 500ns (~100 m) */
	int64_t		mtu;		/* bytes, default 1500 */
	int64_t		loss;		/* frame loss, parts per billion */
	char		loss_from[SCN_NAME_MAX];	/* "" = both directions */
};

/* [switch]: every host on a port of one store-and-forward switch, each
 * through its own link (hw/link/switch.h). on: the section is there. */
struct scn_switch {
	int64_t		on;
	int64_t		limit_bytes;	/* per egress port, bytes */
	int64_t		limit_packets;	/* per egress port; SCN_UNSET: none */
	sim_time_t	latency;	/* last bit in to the egress queue */
};

/* [host.NAME.ethtool]: ethtool -C / -G. SCN_UNSET = driver default. */
struct scn_ethtool {
	int64_t		tx_frames;	/* tx-frames */
	int64_t		rx_frames;	/* rx-frames */
	sim_time_t	rx_usecs;	/* rx-usecs (stored as time) */
	sim_time_t	tx_usecs;	/* tx-usecs: hrtimer reclaim period */
	int64_t		tx_ring;	/* tx (ethtool -G) */
	int64_t		rx_ring;	/* rx */
	char		tso[SCN_NAME_MAX];	/* ethtool -K tso on|off; "" = driver's */
	char		adaptive_rx[SCN_NAME_MAX];	/* ethtool -C adaptive-rx on|off */
};

/* [host.NAME.sysctl]: sysctl names. SCN_UNSET = kernel default. */
struct scn_sysctl {
	int64_t		wmem_default;	/* net.core.wmem_default */
	int64_t		wmem_max;	/* net.core.wmem_max */
	int64_t		tcp_wmem[3];	/* [0] == SCN_UNSET: kernel default */
	int64_t		tcp_rmem[3];
	int64_t		tcp_limit_output_bytes;
	int64_t		tcp_ecn;	/* net.ipv4.tcp_ecn */
	int64_t		tcp_sack;	/* net.ipv4.tcp_sack */
	int64_t		tcp_autocorking;	/* net.ipv4.tcp_autocorking */
	int64_t		tcp_slow_start_after_idle;
	char		tcp_congestion_control[SCN_NAME_MAX];
};

/*
 * [host.NAME.cost]: the platform's CPU cycle costs, one key per cost,
 * and its core clock. SCN_UNSET = the platform's value.
 */
struct scn_cost {
	int64_t		syscall, raw_sendmsg, udp_sendmsg, ip_output;
	int64_t		dev_queue_xmit, xmit_pkt, xmit_desc;
	int64_t		mmio_read, mmio_write, reclaim_desc;
	int64_t		irq, softirq, napi_poll, rx_pkt, ip_rcv, icmp_echo;
	int64_t		sock_deliver, recvmsg, wakeup, timer, user_iter;
	int64_t		copy_byte_x16, tcp_sendmsg, sendpage, tcp_xmit_skb;
	int64_t		gso_seg, tcp_ack, tcp_rcv, tcp_send_ack, tcp_recvmsg;
	int64_t		file_read_x16;
	int64_t		clock;		/* MHz */
};

/* [host.NAME] */
struct scn_host {
	char		name[SCN_NAME_MAX];
	char		platform[SCN_NAME_MAX];	/* armada-370, x86-64 */
	char		kernel[SCN_NAME_MAX];	/* 3.10 3.12 3.13 4.4 6.x */
	char		driver[SCN_NAME_MAX];	/* mvneta-3.8 ... ideal */
	int64_t		hz;			/* CONFIG_HZ, unset = platform */
	int64_t		max_header;		/* MAX_HEADER of the build, unset = platform */
	int64_t		txq_number;		/* driver module parameter */
	int64_t		rxq_number;
	int64_t		tx_queue_len;		/* ip link set txqueuelen */
	char		tx_reclaim[SCN_NAME_MAX];	/* mvneta reclaim policy */
	char		tx_select[SCN_NAME_MAX];	/* kernel | cpu */
	int64_t		tx_fixed_prio;		/* NETA TQFPC queue mask */
	char		tx_arbiter[SCN_NAME_MAX];	/* round-robin | post-order */
	int64_t		tx_wrr_weight[SCN_MAX_MASKS];	/* NETA TQxAC; [0] SCN_UNSET: reset */
	int64_t		irq_cpu;		/* /proc/irq/N/smp_affinity (ideal) */
	int64_t		rxq_def;		/* mvneta module parameter */
	char		qdisc[SCN_NAME_MAX];		/* pfifo_fast | fq_codel | tbf | fq | prio */
	sim_time_t	tx_timer_period;
	int64_t		xps_cpus[SCN_MAX_MASKS];	/* per TX queue; [0] SCN_UNSET: driver's */
	char		bql[SCN_NAME_MAX];	/* on|off; "" = the driver's */
	int64_t		bql_limit_min;		/* byte_queue_limits, every TX queue */
	struct scn_fq_codel {			/* tc qdisc ... fq_codel options */
		int64_t		limit, flows, quantum, memory_limit, drop_batch, ecn;
		sim_time_t	target, interval, ce_threshold;
	} fq_codel;
	struct scn_tbf {			/* tc qdisc add ... root tbf options */
		int64_t		rate, burst, limit;	/* bit/s, bytes, bytes */
		sim_time_t	latency;
	} tbf;
	struct scn_fq {				/* tc qdisc ... fq options */
		int64_t		limit, flow_limit, quantum, initial_quantum;	/* packets, bytes */
		int64_t		maxrate;	/* bit/s */
		sim_time_t	horizon;
		char		horizon_drop[SCN_NAME_MAX];	/* on|off; "" = on */
		char		pacing[SCN_NAME_MAX];		/* on|off (nopacing); "" = on */
	} fq;
	struct scn_prio {			/* tc qdisc ... prio options */
		int64_t		bands;
		int64_t		priomap[SCN_PRIOMAP_LEN];	/* bands; SCN_UNSET: tc's */
	} prio;
	int64_t		bql_limit_max;
	sim_time_t	bql_hold_time;
	sim_time_t	virtio_host_delay;	/* virtio_net's host side */
	/* with [switch]: this host's own link and its switch port's shaper;
	 * SCN_UNSET: [link]'s rate and delay, no shaping */
	int64_t		link_rate;
	sim_time_t	link_delay;
	int64_t		port_rate, port_burst;	/* bit/s, bytes */
	struct scn_ethtool ethtool;
	struct scn_sysctl sysctl;
	struct scn_cost	cost;
};

/* [app.NAME] */
struct scn_app {
	char		name[SCN_NAME_MAX];
	char		type[SCN_NAME_MAX];	/* ping | udp */
	char		host[SCN_NAME_MAX];
	char		dest[SCN_NAME_MAX];
	int64_t		count;		/* 0 = unlimited */
	sim_time_t	interval;	/* ping -i, udp send interval */
	int64_t		rate;		/* udp: iperf -b, bit/s; unset = interval */
	sim_time_t	start;
	int64_t		size;		/* payload bytes (ping -s, udp write) */
	int64_t		sndbuf;		/* ping -S / SO_SNDBUF; unset = app rule */
	int64_t		cpu;		/* CPU the process runs on */
	int64_t		nonblock;	/* udp: MSG_DONTWAIT (0/1) */
	sim_time_t	sndtimeo;	/* SO_SNDTIMEO, unset = app rule */
	char		mode[SCN_NAME_MAX];	/* http: write | sendfile */
	int64_t		read_size;
	int64_t		rcvbuf;
	int64_t		peer_cpu;
	int64_t		hash_pick;	/* SCN_UNSET: the flow hash */
	int64_t		tos;		/* IP_TOS (ping -Q, iperf -S) */
	char		cc[SCN_NAME_MAX];	/* TCP_CONGESTION; "" = the host's */
	int64_t		parallel;	/* stream: connections (iperf -P) */
	int64_t		request, response;	/* tcp_rr, udp_rr: bytes */
	int64_t		burst;		/* tcp_rr, udp_rr: netperf -b */
};

/* [expect.ID]: a published observation this scenario reproduces. */
struct scn_expect {
	char		id[SCN_NAME_MAX];
	char		observation[SCN_STR_MAX];
	char		metric[SCN_STR_MAX];	/* dotted path into results JSON */
	char		set[SCN_STR_MAX];	/* "key=value key=value" overrides */
	char		baseline[SCN_STR_MAX];	/* overrides of a second run, on top of set */
	char		compare[SCN_NAME_MAX];	/* ratio | difference, with baseline */
	char		source[SCN_STR_MAX];
	char		published[SCN_NAME_MAX];/* as printed, e.g. "after 6" */
	char		note[SCN_STR_MAX];	/* printed under the row when it fails */
	char		role[SCN_NAME_MAX];	/* check | calibration */
	char		depends[SCN_STR_MAX];	/* calibration rows whose constants it shares */
	char		require[SCN_STR_MAX];	/* "PATH OP VALUE|PATH ...": the run did its work */
	char		or_when[SCN_STR_MAX];	/* a second branch of the band: conditions as require's */
	char		unmodelled[SCN_STR_MAX];/* no run: what the model lacks */
	char		rests_on[SCN_STR_MAX];	/* what its pass needs that no source supports */
	double		value;			/* published number */
	double		tol_abs;		/* pass if |x-value| <= tol_abs */
	double		tol_rel;		/* or <= tol_rel*|value| */
	double		min;			/* or within [min, max] */
	double		max;
	bool		has_value, has_min, has_max;
};

/*
 * [pair.ID]: a published before -> after change the model must reproduce
 * in direction and size: the metric of the run with `before` against that
 * of the run with `after` (each on the file as written).
 */
struct scn_pair {
	char		id[SCN_NAME_MAX];
	char		observation[SCN_STR_MAX];
	char		published[SCN_NAME_MAX];/* as printed, "151.13 -> 939.16 Mbit/s" */
	char		source[SCN_STR_MAX];
	char		note[SCN_STR_MAX];	/* printed under the pair when it fails */
	char		metric[SCN_STR_MAX];	/* results path, or PATH+PATH... summed */
	char		before[SCN_STR_MAX];	/* overrides of the before run ("" = as written) */
	char		after[SCN_STR_MAX];	/* overrides of the after run */
	char		change[SCN_NAME_MAX];	/* "up F", "down F" or "gone" */
	char		require[SCN_STR_MAX];	/* conditions both runs must meet */
	char		rests_on[SCN_STR_MAX];	/* what its pass needs that no source supports */
};

/* Where a key was set: for FILE:LINE errors after loading. */
struct scn_origin {
	const void	*field;		/* address of the field in struct scenario */
	char		file[SCN_STR_MAX];
	int		line;		/* 0 for --set */
	char		text[SCN_STR_MAX];	/* the --set argument, if line 0 */
};

struct scenario {
	char		file[SCN_STR_MAX];
	struct scn_sim	sim;
	struct scn_link	link;
	struct scn_switch sw;
	int		nr_hosts;
	struct scn_host	hosts[SCN_MAX_HOSTS];
	int		nr_apps;
	struct scn_app	apps[SCN_MAX_APPS];
	int		nr_expect;
	struct scn_expect expect[SCN_MAX_EXPECT];
	int		nr_pairs;
	struct scn_pair	pairs[SCN_MAX_PAIRS];
	int		nr_origins;
	struct scn_origin *origins;
};

/* Error sink: every message is "FILE:LINE: text" (or "--set ARG: text"). */
struct scn_error {
	char		msg[1024];
};

void scenario_init(struct scenario *s);
void scenario_free(struct scenario *s);
/* Load FILE into s (which holds defaults). 0 on success; -1 with err set. */
int scenario_load(struct scenario *s, const char *path, struct scn_error *err);
/* Load an open stream; name is used in messages and origins. */
int scenario_load_stream(struct scenario *s, FILE *f, const char *name,
			 struct scn_error *err);
/* Apply FILE's [host.NAME.cost] sections (nothing else; NAME a host of s)
 * on top of s: `--include`. 0, or -1 with a FILE:LINE err. */
int scenario_include(struct scenario *s, const char *path, struct scn_error *err);
/* One [expect.ID] key of e, parsed as a scenario file would: 0, or -1
 * with why (no prefix). scenario_expect_defaults first. */
int scenario_expect_key(struct scn_expect *e, const char *key, const char *value,
			char *why, size_t len);
void scenario_expect_defaults(struct scn_expect *e);
/* Apply one "section.key=value" override. */
int scenario_set(struct scenario *s, const char *arg, struct scn_error *err);
/* Apply blank-separated overrides, e.g. an expectation's `set`. */
int scenario_set_list(struct scenario *s, const char *list,
		      struct scn_error *err);
/* Do two override lists hold the same words in the same order? */
bool scenario_sets_equal(const char *a, const char *b);
/* Deep copy (origins included) into dst, which is not initialised. */
void scenario_copy(struct scenario *dst, const struct scenario *src);
/* Cross-field checks (references, impossible values). */
int scenario_check(const struct scenario *s, struct scn_error *err);
/* Report an error about a field, at the place that set it (or the file). */
/* Whether a field was given by the file or a --set (not a default). */
bool scenario_field_given(const struct scenario *s, const void *field);
void scenario_error_at(const struct scenario *s, const void *field,
		       struct scn_error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

struct scn_host *scenario_host(struct scenario *s, const char *name);
const struct scn_host *scenario_host_c(const struct scenario *s, const char *name);

/*
 * The [host.NAME.cost] keys set in c, in `nicsim keys` order: start with
 * *pos = 0; each call returns the next one's name and stores its value;
 * NULL after the last.
 */
const char *scenario_cost_next(const struct scn_cost *c, int *pos,
			       int64_t *value);

/*
 * Does result x meet e? With a value: |x-value| <= tol_abs or
 * <= tol_rel*|value|. With min and/or max: inside them. Either passes.
 */
bool scenario_expect_pass(const struct scn_expect *e, double x);

/*
 * One condition of an expectation's `require`: "PATH OP OPERAND", written
 * without blanks (apps.ping.received==apps.ping.transmitted,
 * apps.ping.transmitted>=1000); OP is one of >= <= == != > <, OPERAND a
 * number or another path.
 */
struct scn_cond {
	char		lhs[SCN_STR_MAX];
	char		op[3];
	char		rhs[SCN_STR_MAX];
	double		num;		/* rhs as a number, if rhs_is_num */
	bool		rhs_is_num;
};

/*
 * Parse the next condition of list at *pos: 1 and c filled, 0 at the end,
 * -1 with why filled on a malformed one.
 */
int scn_cond_next(const char *list, size_t *pos, struct scn_cond *c, char *why,
		  size_t len);
/* Does lhs OP rhs hold? False when either side is NaN. */
bool scn_cond_holds(const struct scn_cond *c, double lhs, double rhs);

/*
 * A pair's `change`, parsed: "up F" (after / before >= sqrt(F)), "down F"
 * (before / after >= sqrt(F)) or "gone" (before > 0, after == 0), F the
 * published factor, above 1.
 */
enum scn_change_dir {
	SCN_CHANGE_UP,
	SCN_CHANGE_DOWN,
	SCN_CHANGE_GONE,
};

struct scn_change {
	enum scn_change_dir dir;
	double		factor;		/* F; 0 for gone */
	double		threshold;	/* sqrt(F): the least factor that passes */
};

/* 0 and c filled, or -1 with why (no prefix). */
int scn_change_parse(const char *text, struct scn_change *c, char *why, size_t len);
/*
 * Does the change from before to after meet c? *factor gets the model's
 * factor in c's direction (after / before up, before / after down; NAN
 * over a zero or NaN, and for gone).
 */
bool scn_change_holds(const struct scn_change *c, double before, double after,
		      double *factor);
/* c as validate and calibrate print it: "up 6.2 (>= 2.49)", "gone". */
void scn_change_text(const struct scn_change *c, char *buf, size_t len);

/*
 * The keys of host h's sections ([host.NAME], .ethtool, .sysctl, .cost) in
 * `nicsim keys` order: start with *pos = 0; each call returns the next
 * key's name, its field in h and its section as `nicsim keys` prints it
 * ("host.NAME.ethtool"); NULL after the last. With s, only the keys s
 * sets (in a file or with --set); with s NULL, every key.
 */
const char *scenario_host_key_next(const struct scenario *s,
				   const struct scn_host *h, int *pos,
				   const void **field, const char **section);

/* `nicsim keys`: which keys, in which form. */
struct scn_keys_opts {
	bool		markdown;
	/* NULL: every key. Else a section as printed ("host.NAME.sysctl",
	 * any name for NAME), its last word ("ethtool", "sysctl", "cost"),
	 * its first ("sim", "link", "host", "app", "expect", "pair") or a key. */
	const char	*filter;
	/* The default of a key that the profiles decide, into buf (e.g.
	 * "mvneta-3.8..3.13: 16, ideal: -"); false keeps the registry's
	 * text. NULL: the registry's text for every key. */
	bool		(*profile_default)(const char *section, const char *key,
					   char *buf, size_t len);
};

/* `nicsim keys`: every key (or the filter's) with default, unit and
 * meaning. -1 with err when the filter matches no key; out NULL only
 * checks the filter. */
int scenario_print_keys(FILE *out, const struct scn_keys_opts *o,
			struct scn_error *err);
/* Does the key of section (as printed, "host.NAME.ethtool") pass filter
 * (as in struct scn_keys_opts; NULL passes every key)? */
bool scenario_key_in_filter(const char *filter, const char *section,
			    const char *key);

/* Parse numbers with units; 0 on success. Exposed for tests. */
int parse_bytes(const char *s, int64_t *out);	/* 64KiB, 1500, 2k */
int parse_time(const char *s, sim_time_t *out);	/* 10ms 1.5s 100us 3ns 7ps */
int parse_rate(const char *s, int64_t *out);	/* 1Gbit 100Mbit 9600bit */
int parse_prob(const char *s, int64_t *ppb);	/* 0.001 0.1% -> 1000000 */
/* The closest word of a NULL-terminated list (for "did you mean");
 * NULL only if it is empty. */
const char *scn_closest(const char *word, const char *const *list);
/* A decimal integer in [min, max]. */
int parse_int(const char *s, int64_t min, int64_t max, int64_t *out);

#endif
