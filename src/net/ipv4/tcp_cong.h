/* SPDX-License-Identifier: MIT */
/*
 * TCP congestion control: Reno and CUBIC, packet-counted like the kernel,
 * and BBR v1 (tcp_bbr.c, 6.x only), through the 6.x hooks below.
 *
 * Follows net/ipv4/tcp_cong.c (tcp_slow_start, tcp_cong_avoid_ai,
 * tcp_reno_cong_avoid, tcp_reno_ssthresh; here tcp_cong.c and this
 * header), net/ipv4/tcp_cubic.c (bictcp; here tcp_cubic.c)
 * and include/net/tcp.h (tcp_in_slow_start, TCP_INFINITE_SSTHRESH) of
 * Linux 6.x, read in a 6.17-rc tree; tcp_cong.c is the same in 4.4.155.
 * The 3.x rules are modelled too (cc->era, enum tcp_cc_era; 3.10.99,
 * 3.12.0 and 3.13.0 read); tcp_cubic.c and the helpers below list them.
 *
 * Calling convention, as tcp_ack() orders it: per ACK, pkts_acked() (from
 * tcp_clean_rtx_queue) before cong_avoid() (from tcp_cong_control). On
 * entering recovery or on RTO, TCP calls ssthresh() and sets snd_ssthresh
 * from it; on RTO it then calls on_loss() (tcp_enter_loss calls
 * ->ssthresh before tcp_set_ca_state(TCP_CA_Loss)), which wipes CUBIC's
 * state including last_max_cwnd. Before a hook that takes no time (init,
 * ssthresh, on_loss) TCP sets cc->now; cong_avoid and pkts_acked store
 * their `now` there too. snd_una and snd_nxt must be current before
 * pkts_acked (HyStart rounds end when snd_una passes snd_nxt of the
 * round's start).
 *
 * Clocks: CUBIC's epoch (epoch_start, last_time, the once-per-jiffy and
 * HZ/32 limits) runs on jiffies, tcp_jiffies32 in every era including
 * 6.x: cc->hz is CONFIG_HZ, and jiffies start at INITIAL_JIFFIES
 * (-300 * HZ) as in include/linux/jiffies.h. delay_min and HyStart run
 * on microseconds (tcp_mstamp).
 * Deviation: hz = 0 runs the epoch on a 1 MHz clock (no kernel does;
 * it removes jiffy granularity for idealised runs).
 */
#ifndef NICSIM_HOST_TCP_CC_H
#define NICSIM_HOST_TCP_CC_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/time.h"

#define TCP_INFINITE_SSTHRESH	0x7fffffffU
/* tcp_init_sock: ~0; only a locked RTAX_CWND route metric lowers it */
#define TCP_CWND_CLAMP_DEFAULT	0xffffffffU

struct tcp_cc;

/* Which kernels' counting rules (tcp_cong.c, tcp_cubic.c). */
enum tcp_cc_era {
	TCP_CC_PKTS = 0,	/* 4.4, 6.x: growth counts packets acked */
	TCP_CC_ACKS_313,	/* 3.13: ACK-counted avoidance; slow start by
				 * packets acked, to ssthresh + 1 at most */
	TCP_CC_ACKS,		/* 3.10-3.12: ACK-counted, slow start one
				 * packet per ACK */
};

/* CUBIC private state: struct bictcp of 6.x tcp_cubic.c. */
struct bictcp {
	uint32_t	cnt;		/* cwnd += 1 after this many packets */
	uint32_t	last_max_cwnd;	/* Wmax */
	uint32_t	last_cwnd;	/* cwnd at the last cnt computation */
	uint32_t	last_time;	/* jiffies of that computation */
	uint32_t	bic_origin_point; /* Wmax of this epoch's curve */
	uint32_t	bic_K;		/* epoch start to origin, 2^-10 s */
	uint32_t	delay_min;	/* smallest RTT seen, usec (0: none) */
	uint32_t	epoch_start;	/* jiffies (0: no epoch) */
	uint32_t	ack_cnt;	/* packets acked, Reno estimate */
	uint32_t	tcp_cwnd;	/* Reno-estimated cwnd */
	uint8_t		sample_cnt;	/* HyStart delay samples this round */
	uint8_t		found;		/* HyStart exit point found */
	uint32_t	round_start;	/* usec, start of the HyStart round */
	uint32_t	end_seq;	/* snd_nxt at the round's start */
	uint32_t	last_ack;	/* usec, last ACK of a close train */
	uint32_t	curr_rtt;	/* min RTT of this round, usec */
	/* the <= 4.4 HyStart: millisecond clock, delays in ms << 3 */
	uint32_t	delay_min_ms8;
	/* 3.x: packets per ACK << 4, an EWMA over ACKs in TCP_CA_Open */
	uint32_t	delayed_ack;
};

/* BBR v1 private state: struct bbr of 6.18 tcp_bbr.c (bitfields as
 * plain members). */
struct minmax_sample { uint32_t t, v; };
struct minmax { struct minmax_sample s[3]; };	/* lib/win_minmax.c */

struct bbr {
	uint32_t	min_rtt_us;	/* min RTT in the 10 s window */
	uint32_t	min_rtt_stamp;	/* jiffies of min_rtt_us */
	uint32_t	probe_rtt_done_stamp;	/* end of PROBE_RTT, jiffies */
	struct minmax	bw;		/* max delivery rate, pkts/us << 24 */
	uint32_t	rtt_cnt;	/* packet-timed rounds */
	uint32_t	next_rtt_delivered;	/* delivered at the round's end */
	uint64_t	cycle_mstamp;	/* start of this gain-cycle phase, usec */
	uint8_t		mode, prev_ca_state;
	bool		packet_conservation, round_start, idle_restart;
	bool		probe_rtt_round_done;
	bool		lt_is_sampling, lt_use_bw;
	uint8_t		lt_rtt_cnt;
	uint32_t	lt_bw;		/* long-term rate, pkts/us << 24 */
	uint32_t	lt_last_delivered, lt_last_stamp, lt_last_lost;
	uint32_t	pacing_gain, cwnd_gain;	/* << 8 */
	bool		full_bw_reached, has_seen_rtt;
	uint8_t		full_bw_cnt, cycle_idx;
	uint32_t	prior_cwnd;
	uint32_t	full_bw;
	uint64_t	ack_epoch_mstamp;
	uint16_t	extra_acked[2];
	uint32_t	ack_epoch_acked;
	uint8_t		extra_acked_win_rtts, extra_acked_win_idx;
};

/* struct rate_sample (include/net/tcp.h): one ACK's delivery rate sample
 * (tcp_rate.c), what ->cong_control reads */
struct rate_sample {
	uint64_t	prior_mstamp;	/* usec, the interval's start (0: none) */
	uint32_t	prior_delivered;
	int32_t		delivered;	/* segments delivered in it; -1: none */
	int64_t		interval_us;	/* -1: not valid */
	uint32_t	snd_interval_us, rcv_interval_us;
	int64_t		rtt_us;		/* the ACK's RTT sample, -1: none */
	int		losses;		/* segments newly marked lost */
	uint32_t	acked_sacked;	/* segments newly delivered */
	uint32_t	prior_in_flight;
	uint64_t	last_end_seq;
	bool		is_app_limited, is_retrans, is_ack_delayed;
};

struct sock;
struct rng;

struct tcp_cc {
	/* owned by TCP, read/written by the algorithm */
	uint32_t	snd_cwnd;	/* packets */
	uint32_t	snd_ssthresh;	/* packets; TCP_INFINITE_SSTHRESH */
	uint32_t	snd_cwnd_cnt;	/* linear increase counter */
	uint32_t	snd_cwnd_clamp;	/* TCP_CWND_CLAMP_DEFAULT */
	uint32_t	mss;		/* bytes, informational */
	int		hz;		/* CONFIG_HZ for the epoch; 0 = 1 MHz */
	/* owned by TCP, read by the algorithm */
	uint32_t	snd_una;	/* sequence space of TCP's choice, */
	uint32_t	snd_nxt;	/* compared modulo 2^32 like after() */
	sim_time_t	now;		/* time of the current hook call */
	uint64_t	pacing_rate;	/* sk_pacing_rate, bytes/s; 0 = unset */
	uint32_t	gso_max_size;	/* sk_gso_max_size, bytes */
	bool		paced;		/* sk_pacing_status != SK_PACING_NONE */
	bool		hystart_ms;	/* <= 4.4 HyStart (ms clock, ms << 3 delays) */
	uint8_t		era;		/* enum tcp_cc_era */
	bool		ca_open;	/* icsk_ca_state == TCP_CA_Open (3.x ratio) */
	/* for algorithms with ->cong_control (BBR), set by TCP before each
	 * hook (tcp_cc_sync): the socket, whose sk_pacing_rate,
	 * sk_pacing_status and sk_pacing_shift they read and write, and
	 * what they read of struct tcp_sock; app_limited is written back */
	struct sock	*sk;
	struct rng	*rng;		/* the socket's own stream */
	uint32_t	delivered, lost, app_limited, in_flight;
	uint64_t	delivered_mstamp, tcp_mstamp;	/* usec */
	uint64_t	tcp_wstamp_ns, tcp_clock_cache;
	uint32_t	srtt_us;	/* srtt_us (<< 3); 0: no sample */
	uint32_t	min_rtt_us;	/* tcp_min_rtt; ~0U: none */
	uint8_t		ca_state;	/* enum tcp_ca_state */
	const struct tcp_cc_ops *ops;
	union {
		struct bictcp cubic;
		struct bbr bbr;
	} priv;
};

struct tcp_cc_ops {
	const char *name;	/* "cubic", "reno" */
	void	(*init)(struct tcp_cc *cc);
	/* an ACK acked `acked` packets; cwnd_limited as the kernel's
	 * tcp_is_cwnd_limited; now = current time */
	void	(*cong_avoid)(struct tcp_cc *cc, uint32_t acked,
			      bool cwnd_limited, sim_time_t now);
	/* per ACK, for delay_min and HyStart; rtt < 0 if no sample */
	void	(*pkts_acked)(struct tcp_cc *cc, uint32_t acked, sim_time_t rtt,
			      sim_time_t now, uint32_t packets_in_flight);
	/* new ssthresh on entering recovery or on RTO */
	uint32_t (*ssthresh)(struct tcp_cc *cc);
	/* entering TCP_CA_Loss (RTO): reset; NULL for Reno */
	void	(*on_loss)(struct tcp_cc *cc);
	/* CA_EVENT_TX_START: sending after idle; lsndtime is the time of the
	 * last send before now. NULL for Reno. */
	void	(*tx_start)(struct tcp_cc *cc, sim_time_t now,
			    sim_time_t lsndtime);
	/* 6.x hooks BBR uses; NULL for CUBIC and Reno. ->cong_control takes
	 * over from cong_avoid, PRR and tcp_update_pacing_rate on every ACK
	 * (tcp_cong_control); ->init_established runs ->init's work again
	 * once the handshake gave an RTT (tcp_init_transfer) */
	void	(*cong_control)(struct tcp_cc *cc, const struct rate_sample *rs);
	void	(*init_established)(struct tcp_cc *cc);
	uint32_t (*undo_cwnd)(struct tcp_cc *cc);
	void	(*set_state)(struct tcp_cc *cc, uint8_t new_state);
	uint32_t (*min_tso_segs)(struct tcp_cc *cc);
	uint32_t (*sndbuf_expand)(struct tcp_cc *cc);
};

extern const struct tcp_cc_ops tcp_reno_ops;
extern const struct tcp_cc_ops tcp_cubic_ops;
extern const struct tcp_cc_ops tcp_bbr_ops;

/* tcp_bbr.c's formulas, for tests: bbr_bdp (bw in pkts/us << 24, gain
 * << 8), bbr_inflight, bbr_bw_to_pacing_rate (bytes/s), bbr_tso_segs_goal */
uint32_t bbr_bdp(const struct tcp_cc *cc, uint32_t bw, int gain);
uint32_t bbr_inflight(const struct tcp_cc *cc, uint32_t bw, int gain);
uint64_t bbr_bw_to_pacing_rate(const struct tcp_cc *cc, uint32_t bw, int gain);
uint32_t bbr_tso_segs_goal(const struct tcp_cc *cc);

const struct tcp_cc_ops *tcp_cc_find(const char *name);	/* NULL if unknown */
/* Zeroes cc, sets cwnd, infinite ssthresh, default clamp, then ops->init.
 * Set the optional inputs (snd_una, snd_nxt, now, pacing) afterwards;
 * a HyStart round starts on the first ACK past snd_nxt at init. */
void tcp_cc_init(struct tcp_cc *cc, const struct tcp_cc_ops *ops,
		 uint32_t init_cwnd, uint32_t mss, int hz);
/* The 3.x rules: growth counted per ACK (see the helpers below). */
static inline bool tcp_cc_counts_acks(const struct tcp_cc *cc)
{
	return cc->era != TCP_CC_PKTS;
}

/* tcp_in_slow_start: cwnd < ssthresh (4.4, 6.x); 3.x tests cwnd <= ssthresh. */
static inline bool tcp_cc_in_slow_start(const struct tcp_cc *cc)
{
	if (tcp_cc_counts_acks(cc))
		return cc->snd_cwnd <= cc->snd_ssthresh;
	return cc->snd_cwnd < cc->snd_ssthresh;
}

/*
 * The helpers every algorithm shares (tcp_cong.c in Linux: tcp_slow_start,
 * tcp_cong_avoid_ai; tcp_jiffies32), and their 3.x counting rules
 * (cc->era; tcp_cong.c read in 3.10.99, 3.12.0 and 3.13.0):
 * - slow start while cwnd <= ssthresh (4.4 has tcp_in_slow_start, "<").
 *   3.10-3.12 tcp_slow_start(tp) adds one packet per ACK, whatever it
 *   acked (sysctl_tcp_max_ssthresh 0, and ABC was removed in 3.8);
 *   3.13 tcp_slow_start(tp, acked) adds the packets acked up to
 *   ssthresh + 1 and its callers drop the leftover.
 * - tcp_cong_avoid_ai(tp, w) counts ACKs: cwnd + 1 after w + 1 calls.
 * Deviation: Linux exports them from tcp_cong.c for the modules; here they
 * are static inlines, so that tcp_cubic.c calls nothing in tcp_cong.c,
 * whose registry names CUBIC's ops (no import circle).
 */

/* The epoch clock's rate: CONFIG_HZ, or 1 MHz when hz = 0. */
static inline uint64_t tcp_cc_epoch_rate(const struct tcp_cc *cc)
{
	return cc->hz > 0 ? (uint64_t)cc->hz : 1000000ULL;
}

/* tcp_jiffies32 at `t` on cc's epoch clock (hz, or 1 MHz when hz = 0). */
static inline uint32_t tcp_cc_jiffies(const struct tcp_cc *cc, sim_time_t t)
{
	uint64_t rate = tcp_cc_epoch_rate(cc);
	uint64_t ut = t > 0 ? (uint64_t)t : 0;
	uint64_t ticks;

	/* split so that (t % 1 s) * rate stays below 2^63 */
	ticks = ut / PS_PER_S * rate + ut % PS_PER_S * rate / PS_PER_S;
	/* INITIAL_JIFFIES: jiffies wrap 300 s after boot */
	return (uint32_t)ticks - (uint32_t)(300 * rate);
}

/* 3.12 tcp_slow_start(tp): snd_cwnd_cnt gains cwnd per ACK and every
 * cwnd of it is one packet (sysctl_tcp_max_ssthresh 0): +1 per ACK. */
static inline uint32_t tcp_slow_start_per_ack(struct tcp_cc *cc)
{
	uint32_t cwnd = cc->snd_cwnd ? cc->snd_cwnd : 1;
	uint64_t cnt = (uint64_t)cc->snd_cwnd_cnt + cwnd;
	uint64_t grown = cwnd + cnt / cwnd;

	cc->snd_cwnd_cnt = (uint32_t)(cnt % cwnd);
	cc->snd_cwnd = grown < cc->snd_cwnd_clamp ? (uint32_t)grown : cc->snd_cwnd_clamp;
	return 0;
}

/* Returns the leftover acked (0 in 3.12, which has none; 3.13's callers
 * drop it). */
static inline uint32_t tcp_slow_start(struct tcp_cc *cc, uint32_t acked)
{
	uint32_t cwnd, cap = cc->snd_ssthresh;

	if (cc->era == TCP_CC_ACKS)
		return tcp_slow_start_per_ack(cc);
	if (cc->era == TCP_CC_ACKS_313)	/* 3.13: stops at ssthresh + 1 */
		cap = cap < UINT32_MAX ? cap + 1 : cap;
	cwnd = cc->snd_cwnd + acked;
	if (cwnd > cap)
		cwnd = cap;
	acked -= cwnd - cc->snd_cwnd;
	cc->snd_cwnd = cwnd < cc->snd_cwnd_clamp ? cwnd : cc->snd_cwnd_clamp;
	return acked;
}

/* 3.x tcp_cong_avoid_ai(tp, w): one call per ACK, whatever it acked */
static inline void tcp_cong_avoid_ai_per_ack(struct tcp_cc *cc, uint32_t w)
{
	if (cc->snd_cwnd_cnt >= w) {
		if (cc->snd_cwnd < cc->snd_cwnd_clamp)
			cc->snd_cwnd++;
		cc->snd_cwnd_cnt = 0;
	} else {
		cc->snd_cwnd_cnt++;
	}
}

/* cwnd += 1 per w packets acked (6.x), or per w ACKs (3.x: acked unused) */
static inline void tcp_cong_avoid_ai(struct tcp_cc *cc, uint32_t w, uint32_t acked)
{
	if (tcp_cc_counts_acks(cc)) {
		tcp_cong_avoid_ai_per_ack(cc, w);
		return;
	}
	/* credit earned under a larger w: spend it as one packet */
	if (cc->snd_cwnd_cnt >= w) {
		cc->snd_cwnd_cnt = 0;
		cc->snd_cwnd++;
	}
	cc->snd_cwnd_cnt += acked;
	if (cc->snd_cwnd_cnt >= w) {
		uint32_t inc = cc->snd_cwnd_cnt / w;

		cc->snd_cwnd_cnt -= inc * w;
		cc->snd_cwnd += inc;
	}
	cc->snd_cwnd = cc->snd_cwnd < cc->snd_cwnd_clamp ? cc->snd_cwnd : cc->snd_cwnd_clamp;
}

/* The kernel's integer cube root (table + one Newton-Raphson step;
 * tcp_cubic.c). */
uint32_t tcp_cubic_root(uint64_t a);

#endif
