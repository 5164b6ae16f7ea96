// SPDX-License-Identifier: MIT
/*
 * BBR v1 congestion control (Bottleneck Bandwidth and RTT).
 *
 * Follows net/ipv4/tcp_bbr.c of Linux 6.18 (read in a 5.x tree, commit
 * 02dc96ef; 6.18 differs in accessors, tcp_snd_cwnd_set,
 * get_random_u32_below, GSO_LEGACY_MAX_SIZE, the cong_control signature:
 * UNVERIFIED line by line against 6.18) and lib/win_minmax.c. Functions
 * keep the kernel's names:
 *  - the model of the path: bbr_update_bw (a max filter over 10
 *    packet-timed rounds of delivery rate samples, app-limited ones only
 *    if they raise it), bbr_update_min_rtt (min RTT over 10 s; expired,
 *    PROBE_RTT), bbr_lt_bw_sampling (a token-bucket policer: two
 *    intervals of 4-16 rounds with 20 % loss and rates within 1/8 or
 *    4 kbit/s make their mean the estimate for 48 rounds),
 *    bbr_update_ack_aggregation (extra_acked, a 5-10 round max).
 *  - the state machine: STARTUP (gain 2/ln 2), leaving once the max bw
 *    grew less than 25 % in 3 non-app-limited rounds
 *    (bbr_check_full_bw_reached), DRAIN (gain ln2/2) until in flight at
 *    the next departure time is down to a BDP (bbr_check_drain,
 *    bbr_packets_in_net_at_edt), PROBE_BW's 8-phase pacing gain cycle
 *    (5/4, 3/4, then six of 1) from a random phase other than 3/4
 *    (bbr_reset_probe_bw_mode, drawn from the socket's own stream),
 *    advanced each min_rtt or on reaching its in-flight target
 *    (bbr_is_next_cycle_phase), PROBE_RTT (cwnd 4 for 200 ms and a round
 *    when min_rtt is 10 s old; bbr_check_probe_rtt_done).
 *  - the controls: pacing rate = bw x gain x mss, 1 % below
 *    (bbr_bw_to_pacing_rate), not lowered before the pipe is full
 *    (bbr_set_pacing_rate), written to sk_pacing_rate; cwnd = BDP x
 *    cwnd_gain + extra_acked + 3 TSO quanta, rounded up even, +2 in the
 *    5/4 phase (bbr_inflight, bbr_quantization_budget), approached by
 *    slow start, with packet conservation in the first round of
 *    recovery and the prior cwnd restored after (bbr_set_cwnd,
 *    bbr_set_cwnd_to_recover_or_restore).
 *  - the hooks: bbr_init turns sk_pacing_status NONE into NEEDED (TCP
 *    paces itself unless sch_fq set FQ), bbr_ssthresh saves cwnd,
 *    bbr_undo_cwnd, bbr_set_state (an RTO ends a round and counts as a
 *    loss for lt sampling), bbr_cwnd_event (CA_EVENT_TX_START, the
 *    model's ->tx_start), bbr_min_tso_segs, bbr_sndbuf_expand (3).
 * Time: usec of tcp_mstamp for the rate and cycles, jiffies
 * (tcp_cc_jiffies) for the min_rtt window and PROBE_RTT, as the kernel.
 * Deviation: ->init runs at socket set-up and again at establishment
 * (->init_established), where Linux runs it once from tcp_init_transfer;
 * the second one is the one that counts. sk_max_pacing_rate is ~0 (no
 * SO_MAX_PACING_RATE). get_info (inet_diag) is left out.
 */
#include <string.h>
#include "net/core/sock.h"
#include "net/ipv4/tcp_cong.h"
#include "nicsim/rng.h"

#define BW_SCALE	24
#define BW_UNIT		(1u << BW_SCALE)
#define BBR_SCALE	8
#define BBR_UNIT	(1 << BBR_SCALE)
#define CYCLE_LEN	8
#define USEC_PER_SEC	1000000ULL
#define USEC_PER_MSEC	1000ULL
#define TCP_INIT_CWND_BBR 10	/* TCP_INIT_CWND */

enum bbr_mode { BBR_STARTUP, BBR_DRAIN, BBR_PROBE_BW, BBR_PROBE_RTT };
/* enum tcp_ca_state's values (tcp.h) */
enum { CA_OPEN, CA_CWR, CA_RECOVERY, CA_LOSS };

static const uint32_t bbr_bw_rtts = CYCLE_LEN + 2;
static const uint32_t bbr_min_rtt_win_sec = 10;
static const uint32_t bbr_probe_rtt_mode_ms = 200;
static const uint64_t bbr_min_tso_rate = 1200000;	/* bit/s */
static const int bbr_pacing_margin_percent = 1;
static const int bbr_high_gain = BBR_UNIT * 2885 / 1000 + 1;
static const int bbr_drain_gain = BBR_UNIT * 1000 / 2885;
static const int bbr_cwnd_gain = BBR_UNIT * 2;
static const int bbr_pacing_gain[CYCLE_LEN] = {
	BBR_UNIT * 5 / 4, BBR_UNIT * 3 / 4,
	BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT,
};
static const uint32_t bbr_cycle_rand = 7;
static const uint32_t bbr_cwnd_min_target = 4;
static const uint32_t bbr_full_bw_thresh = BBR_UNIT * 5 / 4;
static const uint32_t bbr_full_bw_cnt = 3;
static const uint32_t bbr_lt_intvl_min_rtts = 4;
static const uint32_t bbr_lt_loss_thresh = 50;
static const uint32_t bbr_lt_bw_ratio = BBR_UNIT / 8;
static const uint32_t bbr_lt_bw_diff = 4000 / 8;
static const uint32_t bbr_lt_bw_max_rtts = 48;
static const int bbr_extra_acked_gain = BBR_UNIT;
static const uint32_t bbr_extra_acked_win_rtts = 5;
static const uint32_t bbr_ack_epoch_acked_reset_thresh = 1U << 20;
static const uint32_t bbr_extra_acked_max_us = 100 * 1000;

static struct bbr *bbr_of(struct tcp_cc *cc) { return &cc->priv.bbr; }
static const struct bbr *cbbr(const struct tcp_cc *cc) { return &cc->priv.bbr; }

/* --- lib/win_minmax.c ---------------------------------------------- */

static uint32_t minmax_get(const struct minmax *m) { return m->s[0].v; }

static uint32_t minmax_reset(struct minmax *m, uint32_t t, uint32_t meas)
{
	struct minmax_sample val = { .t = t, .v = meas };

	m->s[2] = m->s[1] = m->s[0] = val;
	return m->s[0].v;
}

static uint32_t minmax_subwin_update(struct minmax *m, uint32_t win,
				     const struct minmax_sample *val)
{
	uint32_t dt = val->t - m->s[0].t;

	if (dt > win) {
		m->s[0] = m->s[1];
		m->s[1] = m->s[2];
		m->s[2] = *val;
		if (val->t - m->s[0].t > win) {
			m->s[0] = m->s[1];
			m->s[1] = m->s[2];
			m->s[2] = *val;
		}
	} else if (m->s[1].t == m->s[0].t && dt > win / 4) {
		m->s[2] = m->s[1] = *val;
	} else if (m->s[2].t == m->s[1].t && dt > win / 2) {
		m->s[2] = *val;
	}
	return m->s[0].v;
}

static uint32_t minmax_running_max(struct minmax *m, uint32_t win, uint32_t t, uint32_t meas)
{
	struct minmax_sample val = { .t = t, .v = meas };

	if (val.v >= m->s[0].v || val.t - m->s[2].t > win)
		return minmax_reset(m, t, meas);
	if (val.v >= m->s[1].v)
		m->s[2] = m->s[1] = val;
	else if (val.v >= m->s[2].v)
		m->s[2] = val;
	return minmax_subwin_update(m, win, &val);
}

/* --- estimates ------------------------------------------------------ */

static uint32_t jiffies32(const struct tcp_cc *cc)
{
	return tcp_cc_jiffies(cc, cc->now);
}

static uint32_t bbr_max_bw(const struct tcp_cc *cc)
{
	return minmax_get(&cbbr(cc)->bw);
}

static uint32_t bbr_bw(const struct tcp_cc *cc)
{
	return cbbr(cc)->lt_use_bw ? cbbr(cc)->lt_bw : bbr_max_bw(cc);
}

static uint16_t bbr_extra_acked(const struct tcp_cc *cc)
{
	const struct bbr *b = cbbr(cc);

	return b->extra_acked[0] > b->extra_acked[1] ? b->extra_acked[0] : b->extra_acked[1];
}

/* bw x mss x gain, 1 % under, in bytes per second; ordered so that u64
 * does not overflow below ~2.9 Tbit/s */
static uint64_t bbr_rate_bytes_per_sec(const struct tcp_cc *cc, uint64_t rate, int gain)
{
	rate *= cc->mss;
	rate *= (uint64_t)gain;
	rate >>= BBR_SCALE;
	rate *= USEC_PER_SEC / 100 * (uint64_t)(100 - bbr_pacing_margin_percent);
	return rate >> BW_SCALE;
}

uint64_t bbr_bw_to_pacing_rate(const struct tcp_cc *cc, uint32_t bw, int gain)
{
	return bbr_rate_bytes_per_sec(cc, bw, gain);	/* sk_max_pacing_rate ~0 */
}

/* high_gain x cwnd / srtt (1 ms before any sample) */
static void bbr_init_pacing_rate_from_rtt(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);
	uint64_t bw;
	uint32_t rtt_us;

	if (cc->srtt_us) {
		rtt_us = cc->srtt_us >> 3 ? cc->srtt_us >> 3 : 1;
		b->has_seen_rtt = true;
	} else {
		rtt_us = USEC_PER_MSEC;
	}
	bw = (uint64_t)cc->snd_cwnd * BW_UNIT / rtt_us;
	cc->sk->sk_pacing_rate = bbr_bw_to_pacing_rate(cc, (uint32_t)bw, bbr_high_gain);
}

static void bbr_set_pacing_rate(struct tcp_cc *cc, uint32_t bw, int gain)
{
	uint64_t rate = bbr_bw_to_pacing_rate(cc, bw, gain);

	if (!cbbr(cc)->has_seen_rtt && cc->srtt_us)
		bbr_init_pacing_rate_from_rtt(cc);
	if (cbbr(cc)->full_bw_reached || rate > cc->sk->sk_pacing_rate)
		cc->sk->sk_pacing_rate = rate;
}

static uint32_t bbr_min_tso_segs(struct tcp_cc *cc)
{
	return cc->sk->sk_pacing_rate < (bbr_min_tso_rate >> 3) ? 1 : 2;
}

uint32_t bbr_tso_segs_goal(const struct tcp_cc *cc)
{
	uint64_t bytes = cc->sk->sk_pacing_rate >> cc->sk->sk_pacing_shift;
	uint32_t segs;

	if (bytes > cc->gso_max_size)	/* GSO_LEGACY_MAX_SIZE - 1 - MAX_TCP_HEADER */
		bytes = cc->gso_max_size;
	segs = (uint32_t)(bytes / cc->mss);
	if (segs < bbr_min_tso_segs((struct tcp_cc *)cc))
		segs = bbr_min_tso_segs((struct tcp_cc *)cc);
	return segs < 0x7F ? segs : 0x7F;
}

static void bbr_save_cwnd(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	if (b->prev_ca_state < CA_RECOVERY && b->mode != BBR_PROBE_RTT)
		b->prior_cwnd = cc->snd_cwnd;
	else if (cc->snd_cwnd > b->prior_cwnd)
		b->prior_cwnd = cc->snd_cwnd;
}

/* ceil(bw x min_rtt x gain); TCP_INIT_CWND before any RTT sample */
uint32_t bbr_bdp(const struct tcp_cc *cc, uint32_t bw, int gain)
{
	uint64_t w;

	if (cbbr(cc)->min_rtt_us == ~0U)
		return TCP_INIT_CWND_BBR;
	w = (uint64_t)bw * cbbr(cc)->min_rtt_us;
	return (uint32_t)((((w * (uint64_t)gain) >> BBR_SCALE) + BW_UNIT - 1) / BW_UNIT);
}

static uint32_t bbr_quantization_budget(const struct tcp_cc *cc, uint32_t cwnd)
{
	cwnd += 3 * bbr_tso_segs_goal(cc);
	cwnd = (cwnd + 1) & ~1U;
	if (cbbr(cc)->mode == BBR_PROBE_BW && cbbr(cc)->cycle_idx == 0)
		cwnd += 2;
	return cwnd;
}

uint32_t bbr_inflight(const struct tcp_cc *cc, uint32_t bw, int gain)
{
	return bbr_quantization_budget(cc, bbr_bdp(cc, bw, gain));
}

/* in flight at the next departure time: less what bw delivers until then,
 * plus the skb then sent when probing */
static uint32_t bbr_packets_in_net_at_edt(const struct tcp_cc *cc, uint32_t inflight_now)
{
	uint64_t now_ns = cc->tcp_clock_cache;
	uint64_t edt_ns = cc->tcp_wstamp_ns > now_ns ? cc->tcp_wstamp_ns : now_ns;
	uint64_t interval_us = (edt_ns - now_ns) / 1000;
	uint32_t interval_delivered = (uint32_t)((uint64_t)bbr_bw(cc) * interval_us >> BW_SCALE);
	uint32_t inflight_at_edt = inflight_now;

	if (cbbr(cc)->pacing_gain > BBR_UNIT)
		inflight_at_edt += bbr_tso_segs_goal(cc);
	if (interval_delivered >= inflight_at_edt)
		return 0;
	return inflight_at_edt - interval_delivered;
}

static uint32_t bbr_ack_aggregation_cwnd(const struct tcp_cc *cc)
{
	uint32_t max_aggr_cwnd, aggr_cwnd = 0;

	if (bbr_extra_acked_gain && cbbr(cc)->full_bw_reached) {
		max_aggr_cwnd = (uint32_t)((uint64_t)bbr_bw(cc) * bbr_extra_acked_max_us / BW_UNIT);
		aggr_cwnd = (uint32_t)(bbr_extra_acked_gain * bbr_extra_acked(cc)) >> BBR_SCALE;
		if (aggr_cwnd > max_aggr_cwnd)
			aggr_cwnd = max_aggr_cwnd;
	}
	return aggr_cwnd;
}

/* --- cwnd ----------------------------------------------------------- */

static bool bbr_set_cwnd_to_recover_or_restore(struct tcp_cc *cc, const struct rate_sample *rs,
					       uint32_t acked, uint32_t *new_cwnd)
{
	struct bbr *b = bbr_of(cc);
	uint8_t prev_state = b->prev_ca_state, state = cc->ca_state;
	uint32_t cwnd = cc->snd_cwnd;

	if (rs->losses > 0)
		cwnd = (int32_t)(cwnd - (uint32_t)rs->losses) > 1 ? cwnd - (uint32_t)rs->losses : 1;
	if (state == CA_RECOVERY && prev_state != CA_RECOVERY) {
		b->packet_conservation = true;
		b->next_rtt_delivered = cc->delivered;
		cwnd = cc->in_flight + acked;
	} else if (prev_state >= CA_RECOVERY && state < CA_RECOVERY) {
		cwnd = cwnd > b->prior_cwnd ? cwnd : b->prior_cwnd;
		b->packet_conservation = false;
	}
	b->prev_ca_state = state;
	if (b->packet_conservation) {
		*new_cwnd = cwnd > cc->in_flight + acked ? cwnd : cc->in_flight + acked;
		return true;
	}
	*new_cwnd = cwnd;
	return false;
}

static void bbr_set_cwnd(struct tcp_cc *cc, const struct rate_sample *rs, uint32_t acked,
			 uint32_t bw, int gain)
{
	uint32_t cwnd = cc->snd_cwnd, target_cwnd;

	if (!acked)
		goto done;
	if (bbr_set_cwnd_to_recover_or_restore(cc, rs, acked, &cwnd))
		goto done;
	target_cwnd = bbr_bdp(cc, bw, gain);
	target_cwnd += bbr_ack_aggregation_cwnd(cc);
	target_cwnd = bbr_quantization_budget(cc, target_cwnd);
	if (cbbr(cc)->full_bw_reached)
		cwnd = cwnd + acked < target_cwnd ? cwnd + acked : target_cwnd;
	else if (cwnd < target_cwnd || cc->delivered < TCP_INIT_CWND_BBR)
		cwnd = cwnd + acked;
	if (cwnd < bbr_cwnd_min_target)
		cwnd = bbr_cwnd_min_target;
done:
	cc->snd_cwnd = cwnd < cc->snd_cwnd_clamp ? cwnd : cc->snd_cwnd_clamp;
	if (cbbr(cc)->mode == BBR_PROBE_RTT && cc->snd_cwnd > bbr_cwnd_min_target)
		cc->snd_cwnd = bbr_cwnd_min_target;
}

/* --- PROBE_BW's gain cycle ------------------------------------------ */

static bool bbr_is_next_cycle_phase(struct tcp_cc *cc, const struct rate_sample *rs)
{
	const struct bbr *b = cbbr(cc);
	bool is_full_length = (int64_t)(cc->delivered_mstamp - b->cycle_mstamp) > (int64_t)b->min_rtt_us;
	uint32_t inflight, bw;

	if (b->pacing_gain == BBR_UNIT)
		return is_full_length;
	inflight = bbr_packets_in_net_at_edt(cc, rs->prior_in_flight);
	bw = bbr_max_bw(cc);
	if (b->pacing_gain > BBR_UNIT)
		return is_full_length &&
		       (rs->losses || inflight >= bbr_inflight(cc, bw, (int)b->pacing_gain));
	return is_full_length || inflight <= bbr_inflight(cc, bw, BBR_UNIT);
}

static void bbr_advance_cycle_phase(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	b->cycle_idx = (uint8_t)((b->cycle_idx + 1) & (CYCLE_LEN - 1));
	b->cycle_mstamp = cc->delivered_mstamp;
}

static void bbr_update_cycle_phase(struct tcp_cc *cc, const struct rate_sample *rs)
{
	if (cbbr(cc)->mode == BBR_PROBE_BW && bbr_is_next_cycle_phase(cc, rs))
		bbr_advance_cycle_phase(cc);
}

static void bbr_reset_probe_bw_mode(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);
	uint32_t r = cc->rng ? (uint32_t)rng_below(cc->rng, bbr_cycle_rand) : 0;

	b->mode = BBR_PROBE_BW;
	b->cycle_idx = (uint8_t)(CYCLE_LEN - 1 - r);
	bbr_advance_cycle_phase(cc);	/* so never the 3/4 phase first */
}

static void bbr_reset_mode(struct tcp_cc *cc)
{
	if (!cbbr(cc)->full_bw_reached)
		bbr_of(cc)->mode = BBR_STARTUP;
	else
		bbr_reset_probe_bw_mode(cc);
}

/* --- long-term (policer) sampling ----------------------------------- */

static void bbr_reset_lt_bw_sampling_interval(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	b->lt_last_stamp = (uint32_t)(cc->delivered_mstamp / USEC_PER_MSEC);
	b->lt_last_delivered = cc->delivered;
	b->lt_last_lost = cc->lost;
	b->lt_rtt_cnt = 0;
}

static void bbr_reset_lt_bw_sampling(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	b->lt_bw = 0;
	b->lt_use_bw = false;
	b->lt_is_sampling = false;
	bbr_reset_lt_bw_sampling_interval(cc);
}

static void bbr_lt_bw_interval_done(struct tcp_cc *cc, uint32_t bw)
{
	struct bbr *b = bbr_of(cc);
	uint32_t diff;

	if (b->lt_bw) {
		diff = bw > b->lt_bw ? bw - b->lt_bw : b->lt_bw - bw;
		if ((uint64_t)diff * BBR_UNIT <= (uint64_t)bbr_lt_bw_ratio * b->lt_bw ||
		    bbr_rate_bytes_per_sec(cc, diff, BBR_UNIT) <= bbr_lt_bw_diff) {
			b->lt_bw = (bw + b->lt_bw) >> 1;
			b->lt_use_bw = true;
			b->pacing_gain = BBR_UNIT;
			b->lt_rtt_cnt = 0;
			return;
		}
	}
	b->lt_bw = bw;
	bbr_reset_lt_bw_sampling_interval(cc);
}

static void bbr_lt_bw_sampling(struct tcp_cc *cc, const struct rate_sample *rs)
{
	struct bbr *b = bbr_of(cc);
	uint32_t lost, delivered, t;
	uint64_t bw;

	if (b->lt_use_bw) {
		if (b->mode == BBR_PROBE_BW && b->round_start &&
		    ++b->lt_rtt_cnt >= bbr_lt_bw_max_rtts) {
			bbr_reset_lt_bw_sampling(cc);
			bbr_reset_probe_bw_mode(cc);
		}
		return;
	}
	if (!b->lt_is_sampling) {
		if (!rs->losses)
			return;
		bbr_reset_lt_bw_sampling_interval(cc);
		b->lt_is_sampling = true;
	}
	if (rs->is_app_limited) {
		bbr_reset_lt_bw_sampling(cc);
		return;
	}
	if (b->round_start)
		b->lt_rtt_cnt++;	/* 7 bits in Linux: never past 4 x 4 + 1 here */
	if (b->lt_rtt_cnt < bbr_lt_intvl_min_rtts)
		return;
	if (b->lt_rtt_cnt > 4 * bbr_lt_intvl_min_rtts) {
		bbr_reset_lt_bw_sampling(cc);
		return;
	}
	if (!rs->losses)
		return;
	lost = cc->lost - b->lt_last_lost;
	delivered = cc->delivered - b->lt_last_delivered;
	if (!delivered || ((uint64_t)lost << BBR_SCALE) < (uint64_t)bbr_lt_loss_thresh * delivered)
		return;
	t = (uint32_t)(cc->delivered_mstamp / USEC_PER_MSEC) - b->lt_last_stamp;
	if ((int32_t)t < 1)
		return;
	if (t >= ~0U / USEC_PER_MSEC) {
		bbr_reset_lt_bw_sampling(cc);
		return;
	}
	t *= USEC_PER_MSEC;
	bw = (uint64_t)delivered * BW_UNIT / t;
	bbr_lt_bw_interval_done(cc, (uint32_t)bw);
}

/* --- the model's update per ACK --------------------------------------- */

static void bbr_update_bw(struct tcp_cc *cc, const struct rate_sample *rs)
{
	struct bbr *b = bbr_of(cc);
	uint64_t bw;

	b->round_start = false;
	if (rs->delivered < 0 || rs->interval_us <= 0)
		return;
	if ((int32_t)(rs->prior_delivered - b->next_rtt_delivered) >= 0) {
		b->next_rtt_delivered = cc->delivered;
		b->rtt_cnt++;
		b->round_start = true;
		b->packet_conservation = false;
	}
	bbr_lt_bw_sampling(cc, rs);
	bw = (uint64_t)rs->delivered * BW_UNIT / (uint64_t)rs->interval_us;
	if (!rs->is_app_limited || bw >= bbr_max_bw(cc))
		minmax_running_max(&b->bw, bbr_bw_rtts, b->rtt_cnt, (uint32_t)bw);
}

static void bbr_update_ack_aggregation(struct tcp_cc *cc, const struct rate_sample *rs)
{
	struct bbr *b = bbr_of(cc);
	uint32_t epoch_us, expected_acked, extra_acked;

	if (!bbr_extra_acked_gain || rs->acked_sacked <= 0 ||
	    rs->delivered < 0 || rs->interval_us <= 0)
		return;
	if (b->round_start) {
		b->extra_acked_win_rtts = (uint8_t)(b->extra_acked_win_rtts + 1 < 0x1F ?
						    b->extra_acked_win_rtts + 1 : 0x1F);
		if (b->extra_acked_win_rtts >= bbr_extra_acked_win_rtts) {
			b->extra_acked_win_rtts = 0;
			b->extra_acked_win_idx = b->extra_acked_win_idx ? 0 : 1;
			b->extra_acked[b->extra_acked_win_idx] = 0;
		}
	}
	epoch_us = (uint32_t)(cc->delivered_mstamp - b->ack_epoch_mstamp);
	expected_acked = (uint32_t)((uint64_t)bbr_bw(cc) * epoch_us / BW_UNIT);
	if (b->ack_epoch_acked <= expected_acked ||
	    b->ack_epoch_acked + rs->acked_sacked >= bbr_ack_epoch_acked_reset_thresh) {
		b->ack_epoch_acked = 0;
		b->ack_epoch_mstamp = cc->delivered_mstamp;
		expected_acked = 0;
	}
	b->ack_epoch_acked = b->ack_epoch_acked + rs->acked_sacked < 0xFFFFF ?
			     b->ack_epoch_acked + rs->acked_sacked : 0xFFFFF;
	extra_acked = b->ack_epoch_acked - expected_acked;
	if (extra_acked > cc->snd_cwnd)
		extra_acked = cc->snd_cwnd;
	if (extra_acked > b->extra_acked[b->extra_acked_win_idx])
		b->extra_acked[b->extra_acked_win_idx] = (uint16_t)extra_acked;
}

static void bbr_check_full_bw_reached(struct tcp_cc *cc, const struct rate_sample *rs)
{
	struct bbr *b = bbr_of(cc);
	uint32_t bw_thresh;

	if (b->full_bw_reached || !b->round_start || rs->is_app_limited)
		return;
	bw_thresh = (uint32_t)((uint64_t)b->full_bw * bbr_full_bw_thresh >> BBR_SCALE);
	if (bbr_max_bw(cc) >= bw_thresh) {
		b->full_bw = bbr_max_bw(cc);
		b->full_bw_cnt = 0;
		return;
	}
	++b->full_bw_cnt;
	b->full_bw_reached = b->full_bw_cnt >= bbr_full_bw_cnt;
}

static void bbr_check_drain(struct tcp_cc *cc, const struct rate_sample *rs)
{
	struct bbr *b = bbr_of(cc);

	(void)rs;
	if (b->mode == BBR_STARTUP && b->full_bw_reached) {
		b->mode = BBR_DRAIN;
		cc->snd_ssthresh = bbr_inflight(cc, bbr_max_bw(cc), BBR_UNIT);
	}
	if (b->mode == BBR_DRAIN &&
	    bbr_packets_in_net_at_edt(cc, cc->in_flight) <= bbr_inflight(cc, bbr_max_bw(cc), BBR_UNIT))
		bbr_reset_probe_bw_mode(cc);
}

static void bbr_check_probe_rtt_done(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	if (!(b->probe_rtt_done_stamp && (int32_t)(jiffies32(cc) - b->probe_rtt_done_stamp) > 0))
		return;
	b->min_rtt_stamp = jiffies32(cc);
	if (b->prior_cwnd > cc->snd_cwnd)
		cc->snd_cwnd = b->prior_cwnd;
	bbr_reset_mode(cc);
}

static void bbr_update_min_rtt(struct tcp_cc *cc, const struct rate_sample *rs)
{
	struct bbr *b = bbr_of(cc);
	uint64_t hz = tcp_cc_epoch_rate(cc);
	bool filter_expired = (int32_t)(jiffies32(cc) -
					(b->min_rtt_stamp + bbr_min_rtt_win_sec * (uint32_t)hz)) > 0;

	if (rs->rtt_us >= 0 &&
	    (rs->rtt_us <= (int64_t)b->min_rtt_us || (filter_expired && !rs->is_ack_delayed))) {
		b->min_rtt_us = (uint32_t)rs->rtt_us;
		b->min_rtt_stamp = jiffies32(cc);
	}
	if (bbr_probe_rtt_mode_ms > 0 && filter_expired && !b->idle_restart &&
	    b->mode != BBR_PROBE_RTT) {
		b->mode = BBR_PROBE_RTT;
		bbr_save_cwnd(cc);
		b->probe_rtt_done_stamp = 0;
	}
	if (b->mode == BBR_PROBE_RTT) {
		uint32_t v = cc->delivered + cc->in_flight;

		cc->app_limited = v ? v : 1;	/* ignore its low-rate samples */
		if (!b->probe_rtt_done_stamp && cc->in_flight <= bbr_cwnd_min_target) {
			/* msecs_to_jiffies rounds up */
			b->probe_rtt_done_stamp = jiffies32(cc) +
				(uint32_t)((bbr_probe_rtt_mode_ms * hz + 999) / 1000);
			b->probe_rtt_round_done = false;
			b->next_rtt_delivered = cc->delivered;
		} else if (b->probe_rtt_done_stamp) {
			if (b->round_start)
				b->probe_rtt_round_done = true;
			if (b->probe_rtt_round_done)
				bbr_check_probe_rtt_done(cc);
		}
	}
	if (rs->delivered > 0)
		b->idle_restart = false;
}

static void bbr_update_gains(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	switch (b->mode) {
	case BBR_STARTUP:
		b->pacing_gain = (uint32_t)bbr_high_gain;
		b->cwnd_gain = (uint32_t)bbr_high_gain;
		break;
	case BBR_DRAIN:
		b->pacing_gain = (uint32_t)bbr_drain_gain;
		b->cwnd_gain = (uint32_t)bbr_high_gain;
		break;
	case BBR_PROBE_BW:
		b->pacing_gain = (uint32_t)(b->lt_use_bw ? BBR_UNIT : bbr_pacing_gain[b->cycle_idx]);
		b->cwnd_gain = (uint32_t)bbr_cwnd_gain;
		break;
	default:	/* BBR_PROBE_RTT */
		b->pacing_gain = BBR_UNIT;
		b->cwnd_gain = BBR_UNIT;
		break;
	}
}

static void bbr_update_model(struct tcp_cc *cc, const struct rate_sample *rs)
{
	bbr_update_bw(cc, rs);
	bbr_update_ack_aggregation(cc, rs);
	bbr_update_cycle_phase(cc, rs);
	bbr_check_full_bw_reached(cc, rs);
	bbr_check_drain(cc, rs);
	bbr_update_min_rtt(cc, rs);
	bbr_update_gains(cc);
}

/* bbr_main, ->cong_control */
static void bbr_main(struct tcp_cc *cc, const struct rate_sample *rs)
{
	uint32_t bw;

	bbr_update_model(cc, rs);
	bw = bbr_bw(cc);
	bbr_set_pacing_rate(cc, bw, (int)cbbr(cc)->pacing_gain);
	bbr_set_cwnd(cc, rs, rs->acked_sacked, bw, (int)cbbr(cc)->cwnd_gain);
}

/* --- hooks ------------------------------------------------------------ */

static void bbr_init(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	memset(b, 0, sizeof(*b));
	cc->snd_ssthresh = TCP_INFINITE_SSTHRESH;
	b->prev_ca_state = CA_OPEN;
	b->min_rtt_us = cc->min_rtt_us;
	b->min_rtt_stamp = jiffies32(cc);
	minmax_reset(&b->bw, b->rtt_cnt, 0);
	if (cc->sk) {
		bbr_init_pacing_rate_from_rtt(cc);
		if (cc->sk->sk_pacing_status == SK_PACING_NONE)	/* cmpxchg */
			cc->sk->sk_pacing_status = SK_PACING_NEEDED;
	}
	bbr_reset_lt_bw_sampling(cc);
	b->mode = BBR_STARTUP;
	b->ack_epoch_mstamp = cc->tcp_mstamp;
}

/* CA_EVENT_TX_START: restarting from idle while app-limited */
static void bbr_tx_start(struct tcp_cc *cc, sim_time_t now, sim_time_t lsndtime)
{
	struct bbr *b = bbr_of(cc);

	(void)lsndtime;
	cc->now = now;
	if (!cc->app_limited)
		return;
	b->idle_restart = true;
	b->ack_epoch_mstamp = cc->tcp_mstamp;
	b->ack_epoch_acked = 0;
	if (b->mode == BBR_PROBE_BW)
		bbr_set_pacing_rate(cc, bbr_bw(cc), BBR_UNIT);
	else if (b->mode == BBR_PROBE_RTT)
		bbr_check_probe_rtt_done(cc);
}

static uint32_t bbr_sndbuf_expand(struct tcp_cc *cc)
{
	(void)cc;
	return 3;	/* BBR may slow-start even in recovery */
}

static uint32_t bbr_undo_cwnd(struct tcp_cc *cc)
{
	struct bbr *b = bbr_of(cc);

	b->full_bw = 0;
	b->full_bw_cnt = 0;
	bbr_reset_lt_bw_sampling(cc);
	return cc->snd_cwnd;
}

static uint32_t bbr_ssthresh(struct tcp_cc *cc)
{
	bbr_save_cwnd(cc);
	return cc->snd_ssthresh;
}

static void bbr_set_state(struct tcp_cc *cc, uint8_t new_state)
{
	struct bbr *b = bbr_of(cc);

	if (new_state == CA_LOSS) {
		struct rate_sample rs = { .losses = 1 };

		b->prev_ca_state = CA_LOSS;
		b->full_bw = 0;
		b->round_start = true;	/* an RTO ends a round */
		bbr_lt_bw_sampling(cc, &rs);
	}
}

/* No ->cong_avoid: TCP calls ->cong_control instead. */
static void bbr_no_cong_avoid(struct tcp_cc *cc, uint32_t acked, bool cwnd_limited,
			      sim_time_t now)
{
	(void)acked;
	(void)cwnd_limited;
	cc->now = now;
}

const struct tcp_cc_ops tcp_bbr_ops = {
	.name			= "bbr",
	.init			= bbr_init,
	.init_established	= bbr_init,
	.cong_avoid		= bbr_no_cong_avoid,
	.cong_control		= bbr_main,
	.ssthresh		= bbr_ssthresh,
	.tx_start		= bbr_tx_start,
	.undo_cwnd		= bbr_undo_cwnd,
	.set_state		= bbr_set_state,
	.min_tso_segs		= bbr_min_tso_segs,
	.sndbuf_expand		= bbr_sndbuf_expand,
};
