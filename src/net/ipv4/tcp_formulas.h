/* SPDX-License-Identifier: MIT */
/*
 * TCP per-era formulas: sk_pacing_rate, the TCP Small Queues limit and the
 * GSO/TSO size goal. Pure functions of their arguments, no simulator state.
 *
 * Follows, by era (sources read are named; the rest is marked UNVERIFIED
 * in tcp_formulas.c; docs/kernel.md, "TCP Small Queues" and "GSO, the
 * size goal and TSO deferral"):
 *  - tcp_update_pacing_rate() and tcp_rtt_estimator(), net/ipv4/tcp_input.c
 *    (3.13.10: jiffies srtt, 200 %; 4.4.155 and 6.18.2: usec srtt, 200 %
 *    in slow start and 120 % otherwise; a ~3.19-4.1 tree: usec srtt, 200 %);
 *  - the TSQ test of tcp_write_xmit() (3.13.10, 4.4.155 and, with the >=
 *    of the fixed limit, a 3.10/3.11-era tree) and tcp_small_queue_check()
 *    (6.18.2), net/ipv4/tcp_output.c;
 *  - tcp_xmit_size_goal(), net/ipv4/tcp.c (3.10.65, 3.13.10, 4.4.155,
 *    6.18.2), tcp_tso_autosize() and tcp_tso_segs(), net/ipv4/tcp_output.c
 *    (4.4.155, 6.18.2), tcp_bound_to_half_wnd(), include/net/tcp.h.
 *
 * Stable kernels mix eras: 3.10.65 and 3.10.99 (read) carry the 3.12
 * pacing rate, TSO autosizing and the max(sysctl, rate >> 10) TSQ limit;
 * the 3.10.14..3.10.28 stable changelog lists "tcp: TSO packets automatic
 * sizing", "tcp: TSQ can use a dynamic limit" and "tcp: tsq: restore
 * minimal amount of queueing". Pick the mode from the code, not the
 * version number.
 */
#ifndef NICSIM_HOST_TCP_FORMULAS_H
#define NICSIM_HOST_TCP_FORMULAS_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/time.h"

enum tsq_mode {
	TSQ_NONE,	/* <= 3.5: no TCP Small Queues */
	TSQ_FIXED,	/* 3.6-3.11: throttle when sk_wmem_alloc >= tcp_limit_output_bytes */
	TSQ_DYN_312RC,	/* 3.12.0, before the fix: limit = max(truesize, pacing_rate >> 10) */
	TSQ_MAX_SYSCTL,	/* 3.12.x stable / 3.13: limit = max(sysctl, pacing_rate >> 10), throttle when wmem > limit */
	TSQ_MIN_MAX,	/* ~3.19-4.x: limit = min(max(2*truesize, rate >> shift), sysctl) << factor */
	TSQ_V6,		/* 6.x: min(max(2*truesize, rate >> sk_pacing_shift), sysctl) << factor; escape if rtx queue empty or single skb */
};

enum pacing_mode {
	PACING_NONE,	/* < 3.12: no sk_pacing_rate */
	PACING_JIFFIES,	/* 3.12-3.14: rate = mss*2*(HZ<<3)*max(cwnd,packets_out), divided by srtt (jiffies<<3) only if srtt > 8+2 */
	PACING_USEC_200,/* 3.15-~4.1: 200% with usec srtt */
	PACING_SS_CA,	/* ~4.2+: ss_ratio 200 if cwnd < ssthresh/2 else ca_ratio 120, usec srtt (srtt_us is <<3) */
};

enum gso_mode {
	GSO_HALF_WINDOW,	/* < 3.12: size goal = gso_max_size - 1 - hlen, bounded by half the peer's max window */
	GSO_AUTOSIZE_312,	/* 3.12-3.18 tcp_xmit_size_goal: max(pacing_rate / 2000, min_tso_segs*mss), min gso_max_size - 1 - hlen, half window, mss multiple */
	GSO_TSO_AUTOSIZE,	/* 6.x tcp_tso_autosize: bytes = (rate >> shift) + (gso_max_size >> (min_rtt_us >> 9) if < 32), min gso_max_size; segs >= min_tso_segs, <= gso_max_segs */
	GSO_TSO_AUTOSIZE_NORTT,	/* 3.19-5.x tcp_tso_autosize: bytes = min(rate >> shift, gso_max_size - 1 - MAX_TCP_HEADER), no min_rtt term */
};

struct tcp_srtt { sim_time_t srtt; /* smoothed RTT as time */ };

/*
 * The RTT estimator state in the kernel's integer form (tcp_rtt_estimator
 * and __tcp_set_rto, net/ipv4/tcp_input.c, 3.13.10 and 4.4.155), in RTT
 * clock units (jiffies before 3.15, microseconds after): srtt8 = smoothed
 * RTT << 3, mdev = mean deviation << 2, mdev_max its maximum over the
 * current window of data, rttvar >= rto_min; rto = (srtt8 >> 3) + rttvar.
 */
struct tcp_rtt_est {
	int64_t		srtt8, mdev, mdev_max, rttvar;
	uint64_t	rtt_seq;	/* snd_nxt when this window began */
};

/* Feed one sample m (units; <= 0 counts as 1). snd_una/snd_nxt close the
 * rttvar window as the kernel does. The integer arithmetic is the point:
 * with one-unit samples a srtt8 above 8 stays there, because
 * m - (srtt8 >> 3) is 0. Returns the RTO in units. */
int64_t tcp_rtt_estimator(struct tcp_rtt_est *e, int64_t m, int64_t rto_min,
			  uint64_t snd_una, uint64_t snd_nxt);

/* The age of an echoed timestamp, in microseconds, as the kernel's RTT
 * fallback reads it (tcp_ack_update_rtt): on a jiffies TS clock (4.4)
 * jiffies_to_usecs(tcp_time_stamp - rcv_tsecr), 0 within one jiffy; on
 * the 1 kHz clock (6.x) tcp_rtt_tsopt_us(tp, 1), whole ms, at least one.
 * tick: the jiffy; now and tsecr: when it is and when the TSval was. */
int64_t tcp_tsecr_age_us(bool ms_clock, sim_time_t tick, sim_time_t now, sim_time_t tsecr);

/* PRR's bound once in_flight is at or below ssthresh (tcp_cwnd_reduction). */
enum prr_rule {
	PRR_3X,		/* 3.12.0 read: min(delta, max(prr_delivered - prr_out, newly) + 1), even for nothing delivered */
	PRR_44,		/* 4.4.155 read: that only when retransmitted data was ACKed and none found lost again, else min(delta, newly) */
	PRR_6X,		/* 6.18.2 read: max(prr_delivered - prr_out, newly), + 1 if snd_una advanced and nothing newly lost */
};

/* One ACK of a PRR reduction (tcp_cwnd_reduction): prr_delivered already
 * counts this ACK's delivered segments. */
struct tcp_prr {
	int		rule;		/* enum prr_rule */
	uint32_t	ssthresh, in_flight, prior_cwnd, prr_delivered, prr_out;
	int64_t		delivered;	/* newly_acked_sacked */
	bool		fast_rexmit;	/* the reduction's first retransmission (<= 4.4) */
	bool		retrans_acked;	/* FLAG_RETRANS_DATA_ACKED */
	bool		lost_retrans;	/* FLAG_LOST_RETRANS */
	bool		una_advanced;	/* FLAG_SND_UNA_ADVANCED */
	bool		newly_lost;
};

/* How many segments PRR lets this ACK send (cwnd = in_flight + that).
 * Above ssthresh ceil(ssthresh * prr_delivered / prior_cwnd) - prr_out;
 * at or below it, per era: 3.12.0 min(delta, max(prr_delivered - prr_out,
 * delivered) + 1); 4.4.155 the same only when retransmitted data was
 * ACKed and no retransmission found lost, else min(delta, delivered);
 * 6.18.2 min(delta, max(...) + (snd_una advanced and nothing newly
 * lost)). At least one for a fast retransmission (6.x: while prr_out is
 * 0). */
int64_t tcp_prr_sndcnt(const struct tcp_prr *p);

/* Default sysctls and constants per era, for profiles. */
#define TCP_LIMIT_OUTPUT_BYTES_3X	131072U		/* 3.6-4.1, tcp_output.c */
#define TCP_LIMIT_OUTPUT_BYTES_4X	262144U		/* 4.4.155 tcp_output.c */
#define TCP_LIMIT_OUTPUT_BYTES_6X	4194304U	/* 6.18.2 tcp_ipv4.c tcp_sk_init */
#define TCP_MIN_TSO_SEGS		2U		/* sysctl_tcp_min_tso_segs, 3.12+ */
#define TCP_PACING_SS_RATIO		200U		/* sysctl_tcp_pacing_ss_ratio */
#define TCP_PACING_CA_RATIO		120U		/* sysctl_tcp_pacing_ca_ratio */
#define TCP_TSO_RTT_LOG			9		/* 6.x sysctl_tcp_tso_rtt_log: 512 us */
#define SK_PACING_SHIFT_DEFAULT		10		/* sock_init_data, 4.16+ */
#define SK_PACING_SHIFT_MAC80211	7		/* 6.18 hw.tx_sk_pacing_shift */
#define TCP_MSS_DEFAULT			536U
#define TCP_INIT_CWND			10		/* include/net/tcp.h */

/* tcp_limit_output_bytes default for a TSQ mode (0 for TSQ_NONE). */
uint32_t tcp_default_limit_output_bytes(enum tsq_mode m);

/*
 * The smoothed RTT in the kernel's stored representation, for a constant
 * true RTT `srtt` (<= 0: no sample yet, returns 0, which the kernel
 * treats as "do not divide").
 * Jiffies era: tp->srtt = 8 * (sample in jiffies); the sample is a
 * difference of two jiffies counts, floor or ceil of srtt/jiffy by tick
 * phase, and 0 is stored as 1. Returned: 8 for srtt < 1 jiffy, else
 * round(8 * srtt / jiffy), the mean over a uniform tick phase.
 * Usec era: max(1, round(8 * srtt / 1 us)).
 */
uint32_t tcp_srtt_jiffies8(sim_time_t srtt, int hz);
uint32_t tcp_srtt_us8(sim_time_t srtt);

/* Tunables of the pacing rate; NULL means the defaults: ratios 200/120,
 * max_rate UINT32_MAX (sk_max_pacing_rate = ~0U, a u32 field up to 4.x;
 * `unsigned long` later, which is still 32 bits on ARM32). */
struct tcp_pacing_cfg {
	uint32_t	ss_ratio;
	uint32_t	ca_ratio;
	uint64_t	max_rate;
};

/* sk_pacing_rate in bytes per second per era. srtt given as time and
 * converted by tcp_srtt_jiffies8 (PACING_JIFFIES, with hz = CONFIG_HZ)
 * or tcp_srtt_us8. Returns UINT64_MAX for PACING_NONE. */
uint64_t tcp_pacing_rate(enum pacing_mode m, uint32_t mss, uint32_t cwnd,
			 uint32_t packets_out, uint32_t ssthresh, sim_time_t srtt, int hz);
/* Same, srtt_raw in the era's representation (jiffies<<3 or usec<<3). */
uint64_t tcp_pacing_rate_raw(enum pacing_mode m, uint32_t mss, uint32_t cwnd,
			     uint32_t packets_out, uint32_t ssthresh, uint32_t srtt_raw,
			     int hz, const struct tcp_pacing_cfg *cfg);

/* The TSQ limit in bytes for the skb about to be sent (truesize of that
 * skb); UINT32_MAX for TSQ_NONE. factor is 0 normally, 1 for
 * retransmits (4.9+; used by TSQ_MIN_MAX and TSQ_V6 only). pacing_shift
 * is sk_pacing_shift (10; 7 under mac80211), used by TSQ_MIN_MAX and
 * TSQ_V6; values outside 1..63 mean 10. */
uint32_t tcp_tsq_limit(enum tsq_mode m, uint64_t pacing_rate, uint32_t truesize,
		       uint32_t limit_output_bytes, int pacing_shift, int factor);
/* Whether TSQ throttles: sk_wmem_alloc (including the socket's own 1)
 * against the limit, >= for TSQ_FIXED, > afterwards, and the 6.x escape
 * when the retransmit queue is empty or holds a single skb. */
bool tcp_tsq_throttled(enum tsq_mode m, int64_t wmem_alloc, uint32_t limit,
		       bool rtx_empty_or_single);

/*
 * tcp_sndbuf_expand, 6.x (6.18 net/ipv4/tcp_input.c; the form of "tcp:
 * sndbuf autotuning improvements", 3.14): the memory one segment may
 * take, assuming no GSO and a kmalloced power-of-two head,
 * per_mss = roundup_pow_of_two(mss + MAX_TCP_HEADER +
 * SKB_DATA_ALIGN(sizeof(skb_shared_info))) + SKB_DATA_ALIGN(sizeof(sk_buff)),
 * with mss = max(rx_opt.mss_clamp, mss_cache); sk_sndbuf grows to
 * 2 x nr_segs x per_mss (cubic and reno have no sndbuf_expand hook, so
 * the factor is 2), nr_segs = max(TCP_INIT_CWND, snd_cwnd,
 * reordering + 1), at most tcp_wmem[2] (the caller's).
 */
uint32_t tcp_sndbuf_per_mss(uint32_t mss, uint32_t max_tcp_header,
			    uint32_t shinfo_aligned, uint32_t sk_buff_aligned);
int64_t tcp_sndbuf_sndmem(uint32_t per_mss, uint32_t cwnd, uint32_t reordering);

/*
 * The GSO size goal in bytes (a multiple of mss, >= mss): how much one
 * GSO/TSO skb carries. For the TSO_AUTOSIZE modes this is the smaller of
 * the skb built at sendmsg time (tcp_xmit_size_goal) and the split at
 * transmit time (tcp_tso_segs); cwnd and receive-window splits are the
 * caller's. max_window = the largest window the peer advertised (0:
 * none yet, no bound); gso_max_size 65536; gso_max_segs 65535, or 100
 * for mvneta with TSO; min_rtt (<= 0: no sample) for GSO_TSO_AUTOSIZE.
 * hlen = the header allowance the era subtracts from gso_max_size:
 * net_header_len + ext + tcp_header_len (52 with timestamps) for
 * GSO_HALF_WINDOW and GSO_AUTOSIZE_312; MAX_TCP_HEADER (128 + MAX_HEADER,
 * config dependent) for GSO_TSO_AUTOSIZE_NORTT; unused by GSO_TSO_AUTOSIZE.
 */
uint32_t tcp_size_goal(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
		       uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
		       uint32_t gso_max_segs, sim_time_t min_rtt, int pacing_shift);
/* The same with tcp_tso_segs' min_tso (6.x: the congestion control's
 * ->min_tso_segs, else sysctl_tcp_min_tso_segs, TCP_MIN_TSO_SEGS) for the
 * autosizing modes. */
uint32_t tcp_size_goal_min_tso(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
			       uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
			       uint32_t gso_max_segs, sim_time_t min_rtt, int pacing_shift,
			       uint32_t min_tso);
/* The TSQ eras before 98e09386 (TSQ_FIXED, TSQ_DYN_312RC) also cap the
 * goal at half of tcp_limit_output_bytes, in whole segments, >= mss
 * ("try to have at least two segments in flight"); others return goal. */
uint32_t tcp_size_goal_tsq_cap(enum tsq_mode m, uint32_t goal, uint32_t mss,
			       uint32_t limit_output_bytes);
/* The parts: the skb size tcp_sendmsg builds (tcp_xmit_size_goal) ... */
uint32_t tcp_xmit_size_goal(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
			    uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
			    uint32_t gso_max_segs);
/* ... and the segments per TSO packet at transmit time (tcp_tso_segs);
 * for the pre-3.19 modes, the xmit size goal in segments. */
uint32_t tcp_tso_segs(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
		      uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
		      uint32_t gso_max_segs, sim_time_t min_rtt, int pacing_shift);
/* tcp_bound_to_half_wnd: the cutoff is max_window / 2 when max_window >=
 * 512 (<= 4.x) or > TCP_MSS_DEFAULT (GSO_TSO_AUTOSIZE, 6.x). */
uint32_t tcp_bound_to_half_wnd(enum gso_mode m, uint32_t max_window, uint32_t pktsize);

/*
 * The receiver's SACK blocks, tp->selective_acks (net/ipv4/tcp_input.c,
 * 4.4.155: tcp_sack_new_ofo_skb, tcp_sack_extend, tcp_sack_maybe_coalesce,
 * tcp_sack_remove): blk[i] = { start, end }, most recent first, at most
 * TCP_NUM_SACKS (4). Adding an out-of-order range extends the first block
 * it touches or overlaps and moves that block to the front, merging the
 * others it now reaches; otherwise it becomes a new front block, the
 * oldest falling off a full array. Removing drops every block whose start
 * rcv_nxt has reached.
 */
#define TCP_NUM_SACKS	4
void tcp_sack_blocks_add(uint64_t blk[][2], int *num, uint64_t seq, uint64_t end);
void tcp_sack_blocks_remove(uint64_t blk[][2], int *num, uint64_t rcv_nxt);

#endif
