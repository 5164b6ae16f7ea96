// SPDX-License-Identifier: MIT
/*
 * TCP per-era formulas; see tcp_formulas.h for the contract.
 *
 * Sources read (kernel trees, file, function):
 *  - 3.13.10 net/ipv4/tcp_input.c tcp_update_pacing_rate, tcp_rtt_estimator;
 *    net/ipv4/tcp_output.c tcp_write_xmit (TSQ); net/ipv4/tcp.c
 *    tcp_xmit_size_goal; include/net/tcp.h tcp_bound_to_half_wnd;
 *    include/net/sock.h (u32 sk_pacing_rate), net/core/sock.c
 *    sock_init_data (sk_pacing_rate = sk_max_pacing_rate = ~0U).
 *  - 3.10.65 and 3.10.99 tcp.c tcp_xmit_size_goal and tcp_output.c: the
 *    3.12/3.13 code, backported to stable.
 *  - 3.12.0 tcp_output.c tcp_write_xmit: the dynamic TSQ limit before
 *    its fix ("tcp: TSQ can use a dynamic limit"), max(skb->truesize,
 *    sk_pacing_rate >> 10) with ">" (TSQ_DYN_312RC; the commit's description
 *    gives 2 * truesize, which 3.12.0 does not have); tcp.c
 *    tcp_xmit_size_goal with its cap at half of tcp_limit_output_bytes,
 *    gone in 3.10.65, 3.12.10 and 3.13.0 (trees with 98e09386's fix).
 *  - an unidentified 3.10/3.11-era tcp_output.c: the fixed TSQ test
 *    "sk_wmem_alloc >= sysctl_tcp_limit_output_bytes".
 *  - an unidentified ~3.19-4.1 tcp_input.c: usec srtt, fixed 200 %.
 *  - 4.4.155 tcp_input.c tcp_update_pacing_rate (ss/ca ratios),
 *    tcp_rtt_estimator (srtt_us = max(1, srtt)); tcp_output.c
 *    tcp_tso_autosize, tcp_write_xmit (TSQ), sysctl default 262144.
 *  - 6.18.2 tcp_input.c tcp_update_pacing_rate, tcp_update_rtt_min;
 *    tcp_output.c tcp_tso_autosize, tcp_tso_segs, tcp_small_queue_check,
 *    tcp_rtx_queue_empty_or_single_skb; tcp.c tcp_xmit_size_goal;
 *    tcp_ipv4.c tcp_sk_init (4 MiB, min_tso_segs 2, tso_rtt_log 9,
 *    ratios 200/120); net/core/sock.c sock_init_data (pacing shift 10);
 *    net/mac80211/main.c (tx_sk_pacing_shift = 7); tcp_input.c
 *    tcp_sndbuf_expand, tcp_should_expand_sndbuf, tcp_init_buffer_space
 *    (the per-segment memory and nr_segs; sk_sndbuf values measured on
 *    6.18.44: tests/kernel/part_tcp.py).
 *
 * UNVERIFIED (not read in source):
 *  - Version bounds of the modes: ss/ca ratios from "tcp: refine pacing
 *    rate determination" (43e122b014c9, text seen, ~4.2); min(.., sysctl)
 *    and tcp_tso_autosize from "tcp: refine TSO autosizing" (605ad7f184b6,
 *    text seen, 3.19); 262144 from "tcp: double default TSQ output bytes
 *    limit" (text seen, June 2015); the min_rtt term (~5.18); the
 *    retransmit factor (4.9); the "> TCP_MSS_DEFAULT" cutoff of
 *    tcp_bound_to_half_wnd (between 4.4 and 6.18).
 *  - The size goal's cap at half of tcp_limit_output_bytes in 3.6-3.11
 *    rests on the TSQ commit text ("TSO packets are sized/capped to half
 *    the limit"); it was read in 3.12.0 only.
 *  - Before 4.9 retransmits skipped the TSQ test: callers decide.
 *
 * Deviation: the time-to-srtt conversion gives the mean stored value for
 * a constant RTT at a uniform tick phase; the kernel's integer EWMA can
 * sit up to 7/8 unit above 8 * sample and, with mixed floor/ceil jiffy
 * samples, wanders around the mean.
 */
#include <stddef.h>
#include "net/ipv4/tcp_formulas.h"

#define MSEC_PER_SEC	1000U
#define USEC_PER_SEC	1000000ULL
/* tcp_bound_to_half_wnd floor: 68 - tcp_header_len, timestamps on (32) */
#define TCP_HDR_TS	32U

static inline uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

uint32_t tcp_default_limit_output_bytes(enum tsq_mode m)
{
	switch (m) {
	case TSQ_NONE:
		return 0;
	case TSQ_MIN_MAX:
		return TCP_LIMIT_OUTPUT_BYTES_4X;
	case TSQ_V6:
		return TCP_LIMIT_OUTPUT_BYTES_6X;
	default:
		return TCP_LIMIT_OUTPUT_BYTES_3X;
	}
}

/* --- srtt representation ------------------------------------------- */

uint32_t tcp_srtt_jiffies8(sim_time_t srtt, int hz)
{
	uint64_t v;

	if (srtt <= 0)
		return 0;
	if (hz <= 0)
		hz = 100;
	/* below one jiffy the sample is 0 or 1, stored as 1 either way */
	if ((uint64_t)srtt * (uint64_t)hz < (uint64_t)PS_PER_S)
		return 8;
	v = (8 * (uint64_t)srtt * (uint64_t)hz + PS_PER_S / 2) / PS_PER_S;
	return (uint32_t)min_u64(v, UINT32_MAX);
}

uint32_t tcp_srtt_us8(sim_time_t srtt)
{
	uint64_t v;

	if (srtt <= 0)
		return 0;
	v = (8 * (uint64_t)srtt + PS_PER_US / 2) / PS_PER_US;
	return (uint32_t)min_u64(max_u64(v, 1), UINT32_MAX);
}

/* --- sk_pacing_rate ------------------------------------------------- */

static const struct tcp_pacing_cfg pacing_defaults = {
	.ss_ratio = TCP_PACING_SS_RATIO,
	.ca_ratio = TCP_PACING_CA_RATIO,
	.max_rate = UINT32_MAX,
};

uint64_t tcp_pacing_rate_raw(enum pacing_mode m, uint32_t mss, uint32_t cwnd,
			     uint32_t packets_out, uint32_t ssthresh, uint32_t srtt_raw,
			     int hz, const struct tcp_pacing_cfg *cfg)
{
	uint64_t rate;
	uint32_t ratio;

	if (!cfg)
		cfg = &pacing_defaults;
	if (hz <= 0)
		hz = 100;
	switch (m) {
	case PACING_JIFFIES:
		/* 3.13: 200 %; srtt of 1 jiffy (8) or less is not divided */
		rate = (uint64_t)mss * 2 * ((uint64_t)hz << 3);
		rate *= max_u64(cwnd, packets_out);
		if (srtt_raw > 8 + 2)
			rate /= srtt_raw;
		break;
	case PACING_USEC_200:
	case PACING_SS_CA:
		if (m == PACING_USEC_200)
			ratio = 200;
		else
			ratio = cwnd < ssthresh / 2 ? cfg->ss_ratio : cfg->ca_ratio;
		/* mss * ((USEC_PER_SEC / 100) << 3) * ratio == mss * 2 *
		 * (USEC_PER_SEC << 3) for ratio 200 */
		rate = (uint64_t)mss * ((USEC_PER_SEC / 100) << 3) * ratio;
		rate *= max_u64(cwnd, packets_out);
		if (srtt_raw)
			rate /= srtt_raw;
		break;
	default:
		return UINT64_MAX;
	}
	return min_u64(rate, cfg->max_rate);
}

uint64_t tcp_pacing_rate(enum pacing_mode m, uint32_t mss, uint32_t cwnd,
			 uint32_t packets_out, uint32_t ssthresh, sim_time_t srtt, int hz)
{
	uint32_t raw;

	if (m == PACING_NONE)
		return UINT64_MAX;
	raw = m == PACING_JIFFIES ? tcp_srtt_jiffies8(srtt, hz) : tcp_srtt_us8(srtt);
	return tcp_pacing_rate_raw(m, mss, cwnd, packets_out, ssthresh, raw, hz, NULL);
}

/* --- TCP Small Queues ----------------------------------------------- */

static int pacing_shift_or_default(int shift)
{
	return shift >= 1 && shift <= 63 ? shift : SK_PACING_SHIFT_DEFAULT;
}

/* sk_pacing_rate is a u32 up to 4.x: ~0U when unset */
static uint64_t rate_u32(uint64_t rate)
{
	return min_u64(rate, UINT32_MAX);
}

uint32_t tcp_tsq_limit(enum tsq_mode m, uint64_t pacing_rate, uint32_t truesize,
		       uint32_t limit_output_bytes, int pacing_shift, int factor)
{
	int shift = pacing_shift_or_default(pacing_shift);
	uint64_t two = 2 * (uint64_t)truesize;
	uint64_t limit;

	switch (m) {
	case TSQ_FIXED:
		return limit_output_bytes;
	case TSQ_DYN_312RC:
		limit = max_u64(truesize, rate_u32(pacing_rate) >> 10);
		break;
	case TSQ_MAX_SYSCTL:
		limit = max_u64(limit_output_bytes, rate_u32(pacing_rate) >> 10);
		break;
	case TSQ_MIN_MAX:
		limit = max_u64(two, rate_u32(pacing_rate) >> shift);
		limit = min_u64(limit, limit_output_bytes);
		break;
	case TSQ_V6:
		/* unsigned long rate: 64 bits assumed (x86_64, arm64) */
		limit = max_u64(two, pacing_rate >> shift);
		limit = min_u64(limit, limit_output_bytes);
		break;
	default:
		return UINT32_MAX;
	}
	if ((m == TSQ_MIN_MAX || m == TSQ_V6) && factor > 0 && factor < 32)
		limit <<= factor;
	return (uint32_t)min_u64(limit, UINT32_MAX);
}

bool tcp_tsq_throttled(enum tsq_mode m, int64_t wmem_alloc, uint32_t limit,
		       bool rtx_empty_or_single)
{
	switch (m) {
	case TSQ_NONE:
		return false;
	case TSQ_FIXED:
		return wmem_alloc >= (int64_t)limit;
	case TSQ_V6:
		/* always send when at most one skb is in flight */
		if (rtx_empty_or_single)
			return false;
		return wmem_alloc > (int64_t)limit;
	default:
		return wmem_alloc > (int64_t)limit;
	}
}

/* --- send-buffer autotuning ----------------------------------------- */

static uint32_t roundup_pow_of_two(uint32_t x)
{
	uint32_t r = 1;

	while (r < x && r < 0x80000000u)
		r <<= 1;
	return r;
}

uint32_t tcp_sndbuf_per_mss(uint32_t mss, uint32_t max_tcp_header,
			    uint32_t shinfo_aligned, uint32_t sk_buff_aligned)
{
	return roundup_pow_of_two(mss + max_tcp_header + shinfo_aligned) + sk_buff_aligned;
}

int64_t tcp_sndbuf_sndmem(uint32_t per_mss, uint32_t cwnd, uint32_t reordering)
{
	uint32_t nr_segs = cwnd > (uint32_t)TCP_INIT_CWND ? cwnd : (uint32_t)TCP_INIT_CWND;

	if (nr_segs < reordering + 1)
		nr_segs = reordering + 1;
	return 2 * (int64_t)nr_segs * per_mss;
}

/* --- GSO / TSO size goal -------------------------------------------- */

uint32_t tcp_bound_to_half_wnd(enum gso_mode m, uint32_t max_window, uint32_t pktsize)
{
	bool half = m == GSO_TSO_AUTOSIZE ? max_window > TCP_MSS_DEFAULT
					  : max_window >= 512;
	uint32_t cutoff = half ? max_window >> 1 : max_window;

	if (cutoff && pktsize > cutoff)
		return (uint32_t)max_u64(cutoff, 68 - TCP_HDR_TS);
	return pktsize;
}

/* The header allowance subtracted from gso_max_size, clamped. */
static uint32_t gso_room(uint32_t gso_max_size, uint32_t hlen)
{
	return gso_max_size > hlen + 1 ? gso_max_size - 1 - hlen : 0;
}

uint32_t tcp_size_goal_tsq_cap(enum tsq_mode m, uint32_t goal, uint32_t mss,
			       uint32_t limit_output_bytes)
{
	uint32_t cap;

	if ((m != TSQ_FIXED && m != TSQ_DYN_312RC) || !mss)
		return goal;
	cap = (limit_output_bytes >> 1) / mss * mss;
	return (uint32_t)max_u64(min_u64(goal, cap), mss);
}

/* Round a byte goal down to whole segments, at most gso_max_segs. */
static uint32_t goal_segs(uint32_t goal, uint32_t mss, uint32_t gso_max_segs)
{
	return (uint32_t)min_u64(goal / mss, gso_max_segs);
}

uint32_t tcp_xmit_size_goal(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
			    uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
			    uint32_t gso_max_segs)
{
	uint64_t goal;

	if (!mss)
		return 0;
	switch (m) {
	case GSO_AUTOSIZE_312:
		/* about 1 ms at the true rate: the pacing rate is 2x */
		goal = rate_u32(pacing_rate) / (2 * MSEC_PER_SEC);
		goal = max_u64(goal, (uint64_t)TCP_MIN_TSO_SEGS * mss);
		goal = min_u64(goal, gso_room(gso_max_size, hlen));
		break;
	case GSO_TSO_AUTOSIZE:
		goal = gso_max_size;
		break;
	default:	/* GSO_HALF_WINDOW, GSO_TSO_AUTOSIZE_NORTT */
		goal = gso_room(gso_max_size, hlen);
		break;
	}
	goal = tcp_bound_to_half_wnd(m, max_window, (uint32_t)goal);
	goal = (uint64_t)goal_segs((uint32_t)goal, mss, gso_max_segs) * mss;
	return (uint32_t)max_u64(goal, mss);
}

/* tcp_tso_autosize + the gso_max_segs cap of tcp_tso_segs. */
static uint32_t tso_autosize(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
			     uint32_t gso_max_size, uint32_t hlen, uint32_t gso_max_segs,
			     sim_time_t min_rtt, int pacing_shift, uint32_t min_tso)
{
	int shift = pacing_shift_or_default(pacing_shift);
	uint64_t bytes, segs, r;

	if (m == GSO_TSO_AUTOSIZE) {
		bytes = pacing_rate >> shift;
		/* tcp_min_rtt() in usec; ~0U before the first sample */
		if (min_rtt > 0) {
			r = ((uint64_t)min_rtt / PS_PER_US) >> TCP_TSO_RTT_LOG;
			if (r < 32)
				bytes += gso_max_size >> r;
		}
		bytes = min_u64(bytes, gso_max_size);
	} else {
		bytes = min_u64(rate_u32(pacing_rate) >> shift,
				gso_room(gso_max_size, hlen));
	}
	segs = max_u64(bytes / mss, min_tso);
	return (uint32_t)min_u64(segs, gso_max_segs);
}

uint32_t tcp_tso_segs(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
		      uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
		      uint32_t gso_max_segs, sim_time_t min_rtt, int pacing_shift)
{
	if (!mss)
		return 0;
	if (m == GSO_TSO_AUTOSIZE || m == GSO_TSO_AUTOSIZE_NORTT)
		return tso_autosize(m, mss, pacing_rate, gso_max_size, hlen,
				    gso_max_segs, min_rtt, pacing_shift, TCP_MIN_TSO_SEGS);
	return tcp_xmit_size_goal(m, mss, pacing_rate, max_window, gso_max_size,
				  hlen, gso_max_segs) / mss;
}

uint32_t tcp_size_goal(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
		       uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
		       uint32_t gso_max_segs, sim_time_t min_rtt, int pacing_shift)
{
	return tcp_size_goal_min_tso(m, mss, pacing_rate, max_window, gso_max_size, hlen,
				     gso_max_segs, min_rtt, pacing_shift, TCP_MIN_TSO_SEGS);
}

uint32_t tcp_size_goal_min_tso(enum gso_mode m, uint32_t mss, uint64_t pacing_rate,
			       uint32_t max_window, uint32_t gso_max_size, uint32_t hlen,
			       uint32_t gso_max_segs, sim_time_t min_rtt, int pacing_shift,
			       uint32_t min_tso)
{
	uint32_t skb_goal, segs;

	if (!mss)
		return 0;
	skb_goal = tcp_xmit_size_goal(m, mss, pacing_rate, max_window,
				      gso_max_size, hlen, gso_max_segs);
	if (m != GSO_TSO_AUTOSIZE && m != GSO_TSO_AUTOSIZE_NORTT)
		return skb_goal;
	segs = tso_autosize(m, mss, pacing_rate, gso_max_size, hlen, gso_max_segs,
			    min_rtt, pacing_shift, min_tso);
	return (uint32_t)max_u64(min_u64((uint64_t)segs * mss, skb_goal), mss);
}

static int64_t min_i64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

int64_t tcp_prr_sndcnt(const struct tcp_prr *p)
{
	int64_t delta = (int64_t)p->ssthresh - p->in_flight, sndcnt, owed;
	bool rexmit = p->rule == PRR_6X ? !p->prr_out : p->fast_rexmit;

	owed = (int64_t)p->prr_delivered - p->prr_out;
	owed = owed > p->delivered ? owed : p->delivered;
	if (delta < 0)
		sndcnt = (int64_t)(((uint64_t)p->ssthresh * p->prr_delivered + p->prior_cwnd - 1) /
				   p->prior_cwnd) - p->prr_out;
	else if (p->rule == PRR_6X)
		sndcnt = min_i64(delta, owed + (p->una_advanced && !p->newly_lost));
	else if (p->rule == PRR_44 && !(p->retrans_acked && !p->lost_retrans))
		sndcnt = min_i64(delta, p->delivered);
	else
		sndcnt = min_i64(delta, owed + 1);
	return sndcnt > rexmit ? sndcnt : rexmit;
}

int64_t tcp_tsecr_age_us(bool ms_clock, sim_time_t tick, sim_time_t now, sim_time_t tsecr)
{
	sim_time_t unit = ms_clock ? PS_PER_MS : tick;
	int64_t d = now / unit - tsecr / unit;

	if (ms_clock && d < 1)
		d = 1;
	return d * unit / PS_PER_US;
}

/* tcp_rtt_estimator (mean deviation on << 2, a quarter of a negative error
 * beyond mdev only when the sample is below srtt) and __tcp_set_rto. */
int64_t tcp_rtt_estimator(struct tcp_rtt_est *e, int64_t m, int64_t rto_min,
			  uint64_t snd_una, uint64_t snd_nxt)
{
	if (m <= 0)
		m = 1;
	if (!e->srtt8) {
		e->srtt8 = m << 3;
		e->mdev = m << 1;
		e->mdev_max = e->rttvar = m << 1 > rto_min ? m << 1 : rto_min;
		e->rtt_seq = snd_nxt;
		return (e->srtt8 >> 3) + e->rttvar;
	}
	m -= e->srtt8 >> 3;
	e->srtt8 += m;
	if (m < 0) {
		m = -m - (e->mdev >> 2);
		if (m > 0)
			m >>= 3;
	} else {
		m -= e->mdev >> 2;
	}
	e->mdev += m;
	if (e->mdev > e->mdev_max) {
		e->mdev_max = e->mdev;
		if (e->mdev_max > e->rttvar)
			e->rttvar = e->mdev_max;
	}
	if (snd_una > e->rtt_seq) {
		if (e->mdev_max < e->rttvar)
			e->rttvar -= (e->rttvar - e->mdev_max) >> 2;
		e->rtt_seq = snd_nxt;
		e->mdev_max = rto_min;
	}
	return (e->srtt8 >> 3) + e->rttvar;
}

/* --- the receiver's SACK blocks ------------------------------------- */

/* tcp_sack_extend: touching or overlapping ranges merge */
static bool sack_extend(uint64_t *b, uint64_t seq, uint64_t end)
{
	if (seq > b[1] || end < b[0])
		return false;
	if (seq < b[0])
		b[0] = seq;
	if (end > b[1])
		b[1] = end;
	return true;
}

static void sack_remove_at(uint64_t blk[][2], int *num, int i)
{
	for (; i + 1 < *num; i++) {
		blk[i][0] = blk[i + 1][0];
		blk[i][1] = blk[i + 1][1];
	}
	(*num)--;
}

/* blk[i] to the front, the ones before it one down */
static void sack_to_front(uint64_t blk[][2], int i)
{
	uint64_t b0 = blk[i][0], b1 = blk[i][1];

	for (; i > 0; i--) {
		blk[i][0] = blk[i - 1][0];
		blk[i][1] = blk[i - 1][1];
	}
	blk[0][0] = b0;
	blk[0][1] = b1;
}

void tcp_sack_blocks_add(uint64_t blk[][2], int *num, uint64_t seq, uint64_t end)
{
	int i;

	for (i = 0; i < *num; i++) {
		if (!sack_extend(blk[i], seq, end))
			continue;
		sack_to_front(blk, i);
		for (i = 1; i < *num; i++)	/* tcp_sack_maybe_coalesce */
			if (sack_extend(blk[0], blk[i][0], blk[i][1]))
				sack_remove_at(blk, num, i--);
		return;
	}
	if (*num < TCP_NUM_SACKS)
		(*num)++;
	blk[*num - 1][0] = seq;
	blk[*num - 1][1] = end;
	sack_to_front(blk, *num - 1);
}

void tcp_sack_blocks_remove(uint64_t blk[][2], int *num, uint64_t rcv_nxt)
{
	int i;

	for (i = 0; i < *num; i++)
		if (blk[i][0] <= rcv_nxt)
			sack_remove_at(blk, num, i--);
}
