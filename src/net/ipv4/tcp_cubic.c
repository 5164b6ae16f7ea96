// SPDX-License-Identifier: MIT
/*
 * CUBIC congestion control with HyStart. Contract in tcp_cong.h.
 *
 * Follows Linux 6.x (read in a 6.17-rc tree):
 *   net/ipv4/tcp_cubic.c	cubic_root, bictcp_update, cubictcp_cong_avoid,
 *				cubictcp_recalc_ssthresh, cubictcp_state,
 *				cubictcp_cwnd_event, hystart_update,
 *				hystart_ack_delay, cubictcp_acked,
 *				cubictcp_register (beta_scale, cube_factor)
 * Module parameters at their defaults: beta 717/1024, bic_scale 41,
 * fast_convergence 1, tcp_friendliness 1, hystart 1 with both detectors,
 * hystart_low_window 16, hystart_ack_delta_us 2000, initial_ssthresh 0.
 *
 * Deviation: hz = 0 gives a 1 MHz epoch clock (tcp_cong.h).
 * Deviation: undo (->undo_cwnd) and the MIB counters are left out.
 *
 * The <= 4.4 HyStart is modelled (hystart_ms): a millisecond clock, delays
 * in ms << 3 (at least 1), the ACK-train threshold delay_min >> 4 (so in a
 * LAN any train crossing a millisecond ends slow start) and the delay
 * threshold clamp(RTT/16 (3.x) or RTT/8 (4.4), 4 ms, 16 ms), as in
 * 3.13.10 and 4.4.155 tcp_cubic.c;
 * rounds restart in cong_avoid when the ACK passes end_seq (after
 * pkts_acked has seen it), curr_rtt starts at 0, the low-window check
 * comes before hystart_update, and the curve's t adds
 * msecs_to_jiffies(delay_min >> 3) (4.4.155 reads the same).
 *
 * The 3.x counting rules (cc->era; tcp_cubic.c read in 3.10.99, 3.12.0
 * and 3.13.0; slow start and tcp_cong_avoid_ai's are in tcp_cong.h):
 * - CUBIC: ack_cnt counts ACKs (an epoch starts at 1); the curve is
 *   re-evaluated on any ACK past the HZ/32 test (no once-per-jiffy
 *   shortcut); cnt is then scaled by delayed_ack, an EWMA of packets per
 *   ACK << 4 (starts at 2 << 4, kept in TCP_CA_Open by bictcp_acked, at
 *   most 32 << 4), and floored at 1, not 2; there is no cwnd_event, so no
 *   CA_EVENT_TX_START epoch shift. 4.4 has the 6.x logic for all this.
 */
#include "net/ipv4/tcp_cong.h"

#define BICTCP_BETA_SCALE	1024
#define BICTCP_HZ		10	/* the cubic's time unit is 2^-10 s */
#define CUBIC_BETA		717
#define CUBIC_BIC_SCALE		41
#define HYSTART_LOW_WINDOW	16
#define HYSTART_ACK_DELTA_US	2000
#define HYSTART_MIN_SAMPLES	8
#define HYSTART_DELAY_MIN_US	4000U
#define HYSTART_DELAY_MAX_US	16000U
#define USEC_PER_SEC		1000000ULL
#define USEC_PER_MSEC		1000ULL
/* 3.x: delayed_ack holds packets per ACK << 4, at most 32 */
#define ACK_RATIO_SHIFT		4
#define ACK_RATIO_LIMIT		(32u << ACK_RATIO_SHIFT)

/* cubictcp_register: 8 * (1024 + beta) / 3 / (1024 - beta) = 15 */
#define CUBIC_BETA_SCALE \
	(8 * (BICTCP_BETA_SCALE + CUBIC_BETA) / 3 / (BICTCP_BETA_SCALE - CUBIC_BETA))
/* 1024 * C / RTT with the kernel's fixed 100 ms: 410 (C = 0.4) */
#define CUBE_RTT_SCALE		(CUBIC_BIC_SCALE * 10)
/* 2^(10 + 3 * BICTCP_HZ) / (bic_scale * 10): K^3 per packet of Wmax - cwnd */
#define CUBE_FACTOR \
	((1ULL << (10 + 3 * BICTCP_HZ)) / (uint64_t)(CUBIC_BIC_SCALE * 10))

static inline uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* after(a, b): a is later than b in 32-bit sequence space */
static inline bool seq_after(uint32_t a, uint32_t b)
{
	return (int32_t)(b - a) < 0;
}

/* ---- clocks --------------------------------------------------------- */

/* usecs_to_jiffies on the epoch clock: rounds up */
static uint32_t usecs_to_ticks(const struct tcp_cc *cc, uint32_t us)
{
	uint64_t rate = tcp_cc_epoch_rate(cc);

	return (uint32_t)(((uint64_t)us * rate + USEC_PER_SEC - 1) / USEC_PER_SEC);
}

/* tcp_mstamp: microseconds, truncated to 32 bits as bictcp_clock_us */
static uint32_t clock_us(sim_time_t t)
{
	return (uint32_t)((uint64_t)(t > 0 ? t : 0) / PS_PER_US);
}

/* ---- CUBIC ---------------------------------------------------------- */

/*
 * cbrt(a) by the kernel's method: the top six bits of a (taken at a bit
 * position that is a multiple of 3) index a table of cbrt(i << 18) - 1
 * values as the kernel tuned them; the estimate, shifted back by a third
 * of that position, gets one Newton-Raphson step x' = (2x + a / x^2) / 3
 * where the kernel divides by x(x - 1) and by 3 as * 341 >> 10.
 */
static const uint8_t cbrt_tab[64] = {
	0, 54, 54, 54, 118, 118, 118, 118,
	123, 129, 134, 138, 143, 147, 151, 156,
	157, 161, 164, 168, 170, 173, 176, 179,
	181, 185, 187, 190, 192, 194, 197, 199,
	200, 202, 204, 206, 209, 211, 213, 215,
	217, 219, 221, 222, 224, 225, 227, 229,
	231, 232, 234, 236, 237, 239, 240, 242,
	244, 245, 246, 248, 250, 251, 252, 254,
};

static uint32_t fls64(uint64_t a)
{
	return a ? 64 - (uint32_t)__builtin_clzll(a) : 0;
}

uint32_t tcp_cubic_root(uint64_t a)
{
	uint32_t bits = fls64(a), third, x;
	uint64_t den;

	if (bits < 7)		/* a < 64: straight from the table */
		return ((uint32_t)cbrt_tab[a] + 35) >> 6;

	third = ((bits * 84) >> 8) - 1;		/* about bits / 3 - 1 */
	x = ((uint32_t)cbrt_tab[a >> (third * 3)] + 10) << third;
	x >>= 6;

	den = (uint64_t)x * (uint64_t)(x - 1);
	if (!den)		/* cannot happen for a >= 64; stay defined */
		return x;
	x = 2 * x + (uint32_t)(a / den);
	return (x * 341) >> 10;
}

static void bictcp_reset(struct bictcp *ca)
{
	/* the kernel clears every field before `unused`, then found */
	ca->cnt = 0;
	ca->last_max_cwnd = 0;
	ca->last_cwnd = 0;
	ca->last_time = 0;
	ca->bic_origin_point = 0;
	ca->bic_K = 0;
	ca->delay_min = 0;
	ca->epoch_start = 0;
	ca->ack_cnt = 0;
	ca->tcp_cwnd = 0;
	ca->found = 0;
	ca->delay_min_ms8 = 0;
	ca->delayed_ack = 2 << ACK_RATIO_SHIFT;	/* 3.x */
}

static uint32_t clock_ms(sim_time_t t)
{
	return (uint32_t)(t / PS_PER_MS);	/* bictcp_clock(), <= 4.4 */
}

static void bictcp_hystart_reset(struct tcp_cc *cc)
{
	struct bictcp *ca = &cc->priv.cubic;

	ca->round_start = ca->last_ack = cc->hystart_ms ? clock_ms(cc->now) : clock_us(cc->now);
	ca->end_seq = cc->snd_nxt;
	ca->curr_rtt = cc->hystart_ms ? 0 : ~0U;
	ca->sample_cnt = 0;
}

/* The <= 4.4 hystart_update: ms clock, delays in ms << 3 */
static void hystart_update_ms(struct tcp_cc *cc, uint32_t delay)
{
	struct bictcp *ca = &cc->priv.cubic;
	uint32_t now = clock_ms(cc->now), thresh;

	if ((int32_t)(now - ca->last_ack) <= 2) {	/* hystart_ack_delta 2 ms */
		ca->last_ack = now;
		if ((int32_t)(now - ca->round_start) > (int32_t)(ca->delay_min_ms8 >> 4))
			ca->found |= 1;		/* HYSTART_ACK_TRAIN */
	}
	if (ca->sample_cnt < HYSTART_MIN_SAMPLES) {
		if (ca->curr_rtt == 0 || ca->curr_rtt > delay)
			ca->curr_rtt = delay;
		ca->sample_cnt++;
	} else {
		/* HYSTART_DELAY_THRESH of RTT/16 (3.x) or RTT/8 (4.4) */
		thresh = ca->delay_min_ms8 >> (tcp_cc_counts_acks(cc) ? 4 : 3);
		thresh = thresh < (4u << 3) ? (4u << 3) : thresh > (16u << 3) ? (16u << 3) : thresh;
		if (ca->curr_rtt > ca->delay_min_ms8 + thresh)
			ca->found |= 2;		/* HYSTART_DELAY */
	}
	if (ca->found)
		cc->snd_ssthresh = cc->snd_cwnd;
}

static void cubic_init(struct tcp_cc *cc)
{
	bictcp_reset(&cc->priv.cubic);
	bictcp_hystart_reset(cc);
}

/* A new epoch: where the curve starts, its origin and K. */
static void bictcp_new_epoch(struct bictcp *ca, uint32_t cwnd, uint32_t acked,
			     uint32_t jiffies)
{
	ca->epoch_start = jiffies;
	ca->ack_cnt = acked;
	ca->tcp_cwnd = cwnd;
	if (ca->last_max_cwnd <= cwnd) {
		ca->bic_K = 0;
		ca->bic_origin_point = cwnd;
	} else {
		ca->bic_K = tcp_cubic_root(CUBE_FACTOR *
					   (ca->last_max_cwnd - cwnd));
		ca->bic_origin_point = ca->last_max_cwnd;
	}
}

/* W(t) = C (t - K)^3 + origin, t one delay_min ahead, in 2^-10 s */
static uint32_t bictcp_target(const struct tcp_cc *cc, uint32_t jiffies)
{
	const struct bictcp *ca = &cc->priv.cubic;
	uint64_t t, offs, delta;

	t = (uint64_t)(int64_t)(int32_t)(jiffies - ca->epoch_start);
	if (cc->hystart_ms)	/* <= 4.4: msecs_to_jiffies(delay_min >> 3) */
		t += usecs_to_ticks(cc, (ca->delay_min_ms8 >> 3) * (uint32_t)USEC_PER_MSEC);
	else
		t += usecs_to_ticks(cc, ca->delay_min);
	t = (t << BICTCP_HZ) / tcp_cc_epoch_rate(cc);

	offs = t < ca->bic_K ? ca->bic_K - t : t - ca->bic_K;
	delta = (CUBE_RTT_SCALE * offs * offs * offs) >> (10 + 3 * BICTCP_HZ);
	if (t < ca->bic_K)
		return ca->bic_origin_point - (uint32_t)delta;
	return ca->bic_origin_point + (uint32_t)delta;
}

/* Cap cnt so that cwnd grows at least as fast as the Reno estimate. */
static void bictcp_friendliness(struct bictcp *ca, uint32_t cwnd)
{
	uint32_t per_inc = (cwnd * CUBIC_BETA_SCALE) >> 3;

	while (ca->ack_cnt > per_inc) {
		ca->ack_cnt -= per_inc;
		ca->tcp_cwnd++;
	}
	if (ca->tcp_cwnd > cwnd) {
		uint32_t max_cnt = cwnd / (ca->tcp_cwnd - cwnd);

		if (ca->cnt > max_cnt)
			ca->cnt = max_cnt;
	}
}

static void bictcp_update(struct tcp_cc *cc, uint32_t cwnd, uint32_t acked,
			  uint32_t jiffies)
{
	struct bictcp *ca = &cc->priv.cubic;
	uint32_t target;

	ca->ack_cnt += acked;
	if (ca->last_cwnd == cwnd &&
	    (int32_t)(jiffies - ca->last_time) <= (int32_t)(tcp_cc_epoch_rate(cc) / 32))
		return;

	/* the curve is evaluated at most once per jiffy (not in 3.x) */
	if (tcp_cc_counts_acks(cc) || !(ca->epoch_start && jiffies == ca->last_time)) {
		ca->last_cwnd = cwnd;
		ca->last_time = jiffies;
		if (ca->epoch_start == 0)
			bictcp_new_epoch(ca, cwnd, acked, jiffies);

		target = bictcp_target(cc, jiffies);
		if (target > cwnd)
			ca->cnt = cwnd / (target - cwnd);
		else
			ca->cnt = 100 * cwnd;	/* nearly flat */
		/* no Wmax yet: at least 5% per RTT */
		if (ca->last_max_cwnd == 0 && ca->cnt > 20)
			ca->cnt = 20;
	}
	bictcp_friendliness(ca, cwnd);
	if (tcp_cc_counts_acks(cc)) {
		/* 3.x: cnt is in ACKs, scaled by the packets/ACK ratio */
		ca->cnt = (ca->cnt << ACK_RATIO_SHIFT) / ca->delayed_ack;
		ca->cnt = max_u32(ca->cnt, 1);
		return;
	}
	/* at most 1 packet per 2 acked: 1.5x per RTT */
	ca->cnt = max_u32(ca->cnt, 2);
}

static void cubic_cong_avoid(struct tcp_cc *cc, uint32_t acked,
			     bool cwnd_limited, sim_time_t now)
{
	cc->now = now;
	if (!cwnd_limited)
		return;
	if (tcp_cc_in_slow_start(cc)) {
		/* <= 4.4: a HyStart round ends here, after pkts_acked */
		if (cc->hystart_ms && seq_after(cc->snd_una, cc->priv.cubic.end_seq))
			bictcp_hystart_reset(cc);
		acked = tcp_slow_start(cc, acked);
		if (!acked || tcp_cc_counts_acks(cc))	/* 3.x: no leftover */
			return;
	}
	if (tcp_cc_counts_acks(cc))
		acked = 1;	/* 3.x counts ACKs */
	bictcp_update(cc, cc->snd_cwnd, acked, tcp_cc_jiffies(cc, now));
	tcp_cong_avoid_ai(cc, cc->priv.cubic.cnt, acked);
}

static uint32_t cubic_ssthresh(struct tcp_cc *cc)
{
	struct bictcp *ca = &cc->priv.cubic;
	uint32_t cwnd = cc->snd_cwnd;

	ca->epoch_start = 0;
	/* fast convergence: a lower peak than last time leaves room */
	if (cwnd < ca->last_max_cwnd)
		ca->last_max_cwnd = cwnd * (BICTCP_BETA_SCALE + CUBIC_BETA) /
				    (2 * BICTCP_BETA_SCALE);
	else
		ca->last_max_cwnd = cwnd;
	return max_u32(cwnd * CUBIC_BETA / BICTCP_BETA_SCALE, 2);
}

static void cubic_on_loss(struct tcp_cc *cc)
{
	bictcp_reset(&cc->priv.cubic);
	bictcp_hystart_reset(cc);
}

/* Idle: slide the epoch so the curve resumes where it stopped. */
static void cubic_tx_start(struct tcp_cc *cc, sim_time_t now,
			   sim_time_t lsndtime)
{
	struct bictcp *ca = &cc->priv.cubic;
	uint32_t jnow = tcp_cc_jiffies(cc, now);
	int32_t idle = (int32_t)(jnow - tcp_cc_jiffies(cc, lsndtime));

	cc->now = now;
	if (tcp_cc_counts_acks(cc))	/* 3.x CUBIC has no cwnd_event */
		return;
	if (ca->epoch_start && idle > 0) {
		ca->epoch_start += (uint32_t)idle;
		if (seq_after(ca->epoch_start, jnow))
			ca->epoch_start = jnow;
	}
}

/* Cushion for TSO/GRO aggregation, at most 1 ms (hystart_ack_delay). */
static uint32_t hystart_ack_delay(const struct tcp_cc *cc)
{
	uint64_t d;

	if (!cc->pacing_rate)
		return 0;
	d = (uint64_t)cc->gso_max_size * 4 * USEC_PER_SEC / cc->pacing_rate;
	return (uint32_t)(d < USEC_PER_MSEC ? d : USEC_PER_MSEC);
}

static void hystart_exit(struct tcp_cc *cc)
{
	cc->priv.cubic.found = 1;
	cc->snd_ssthresh = cc->snd_cwnd;
}

/* ACKs closer than 2 ms for longer than half the minimum RTT. */
static void hystart_ack_train(struct tcp_cc *cc, uint32_t now)
{
	struct bictcp *ca = &cc->priv.cubic;
	uint32_t threshold;

	if ((int32_t)(now - ca->last_ack) > HYSTART_ACK_DELTA_US)
		return;
	ca->last_ack = now;
	threshold = ca->delay_min + hystart_ack_delay(cc);
	if (!cc->paced)
		threshold >>= 1;
	if (now - ca->round_start > threshold)
		hystart_exit(cc);
}

/* This round's minimum RTT is delay_min + clamp(delay_min / 8) above. */
static void hystart_delay(struct tcp_cc *cc, uint32_t delay)
{
	struct bictcp *ca = &cc->priv.cubic;
	uint32_t thresh;

	if (ca->curr_rtt > delay)
		ca->curr_rtt = delay;
	if (ca->sample_cnt < HYSTART_MIN_SAMPLES) {
		ca->sample_cnt++;
		return;
	}
	thresh = ca->delay_min >> 3;
	if (thresh < HYSTART_DELAY_MIN_US)
		thresh = HYSTART_DELAY_MIN_US;
	if (thresh > HYSTART_DELAY_MAX_US)
		thresh = HYSTART_DELAY_MAX_US;
	if (ca->curr_rtt > ca->delay_min + thresh)
		hystart_exit(cc);
}

static void hystart_update(struct tcp_cc *cc, uint32_t delay)
{
	if (seq_after(cc->snd_una, cc->priv.cubic.end_seq))
		bictcp_hystart_reset(cc);
	if (cc->snd_cwnd < HYSTART_LOW_WINDOW)
		return;
	hystart_ack_train(cc, clock_us(cc->now));
	hystart_delay(cc, delay);
}

static void cubic_pkts_acked(struct tcp_cc *cc, uint32_t acked, sim_time_t rtt,
			     sim_time_t now, uint32_t packets_in_flight)
{
	struct bictcp *ca = &cc->priv.cubic;
	uint32_t delay;

	(void)packets_in_flight;
	cc->now = now;
	if (tcp_cc_counts_acks(cc) && cc->ca_open) {
		/* 3.x bictcp_acked: ratio = 15/16 ratio + packets acked */
		uint32_t ratio = ca->delayed_ack - (ca->delayed_ack >> ACK_RATIO_SHIFT) + acked;

		ca->delayed_ack = ratio < 1 ? 1 : ratio > ACK_RATIO_LIMIT ? ACK_RATIO_LIMIT : ratio;
	}
	if (rtt < 0)
		return;
	/* RTTs in the first second of an epoch still carry the queue */
	if (ca->epoch_start &&
	    (int32_t)(tcp_cc_jiffies(cc, now) - ca->epoch_start) <
	    (int32_t)tcp_cc_epoch_rate(cc))
		return;

	if (cc->hystart_ms) {	/* <= 4.4: delays in ms << 3 */
		uint32_t d8 = (uint32_t)((rtt / PS_PER_US) * 8 / USEC_PER_MSEC);

		if (!d8)
			d8 = 1;
		if (!ca->delay_min_ms8 || ca->delay_min_ms8 > d8)
			ca->delay_min_ms8 = d8;
		if (!ca->found && tcp_cc_in_slow_start(cc) && cc->snd_cwnd >= HYSTART_LOW_WINDOW)
			hystart_update_ms(cc, d8);
	}
	delay = (uint32_t)(rtt / PS_PER_US);
	if (delay == 0)
		delay = 1;
	if (ca->delay_min == 0 || ca->delay_min > delay)
		ca->delay_min = delay;
	if (!cc->hystart_ms && !ca->found && tcp_cc_in_slow_start(cc))
		hystart_update(cc, delay);
}

const struct tcp_cc_ops tcp_cubic_ops = {
	.name		= "cubic",
	.init		= cubic_init,
	.cong_avoid	= cubic_cong_avoid,
	.pkts_acked	= cubic_pkts_acked,
	.ssthresh	= cubic_ssthresh,
	.on_loss	= cubic_on_loss,
	.tx_start	= cubic_tx_start,
};
