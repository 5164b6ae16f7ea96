// SPDX-License-Identifier: MIT
/*
 * net_dim: the measurement windows, the comparison of successive windows
 * and the walk along the moderation profiles (Linux lib/dim/net_dim.c,
 * 6.x); contract in dim.h.
 */
#include <stdlib.h>
#include "lib/dim/dim.h"

#define RX_EQE_PKTS	256	/* NET_DIM_DEFAULT_RX_CQ_PKTS_FROM_EQE */
#define TX_EQE_PKTS	128	/* NET_DIM_DEFAULT_TX_CQ_PKTS_FROM_EQE */
#define DEF_PROFILE	1	/* NET_DIM_DEF_PROFILE_CQE and _EQE */

/* the kernel's tables: [mode][profile] = { usec, pkts } */
static const struct dim_cq_moder rx_profile[DIM_CQ_PERIOD_NUM_MODES]
					    [NET_DIM_PARAMS_NUM_PROFILES] = {
	{ { 1, RX_EQE_PKTS, 0 }, { 8, RX_EQE_PKTS, 0 }, { 64, RX_EQE_PKTS, 0 },
	  { 128, RX_EQE_PKTS, 0 }, { 256, RX_EQE_PKTS, 0 } },
	{ { 2, 256, 0 }, { 8, 128, 0 }, { 16, 64, 0 }, { 32, 64, 0 }, { 64, 64, 0 } },
};

static const struct dim_cq_moder tx_profile[DIM_CQ_PERIOD_NUM_MODES]
					    [NET_DIM_PARAMS_NUM_PROFILES] = {
	{ { 1, TX_EQE_PKTS, 0 }, { 8, TX_EQE_PKTS, 0 }, { 32, TX_EQE_PKTS, 0 },
	  { 64, TX_EQE_PKTS, 0 }, { 128, TX_EQE_PKTS, 0 } },
	{ { 5, 128, 0 }, { 8, 64, 0 }, { 16, 32, 0 }, { 32, 32, 0 }, { 64, 32, 0 } },
};

struct dim_cq_moder net_dim_get_rx_moderation(uint8_t cq_period_mode, int ix)
{
	struct dim_cq_moder m = rx_profile[cq_period_mode][ix];

	m.cq_period_mode = cq_period_mode;
	return m;
}

struct dim_cq_moder net_dim_get_def_rx_moderation(uint8_t cq_period_mode)
{
	return net_dim_get_rx_moderation(cq_period_mode, DEF_PROFILE);
}

struct dim_cq_moder net_dim_get_tx_moderation(uint8_t cq_period_mode, int ix)
{
	struct dim_cq_moder m = tx_profile[cq_period_mode][ix];

	m.cq_period_mode = cq_period_mode;
	return m;
}

struct dim_cq_moder net_dim_get_def_tx_moderation(uint8_t cq_period_mode)
{
	return net_dim_get_tx_moderation(cq_period_mode, DEF_PROFILE);
}

static enum dim_step_result net_dim_step(struct dim *dim)
{
	if (dim->tired == NET_DIM_PARAMS_NUM_PROFILES * 2)
		return DIM_TOO_TIRED;
	if (dim->tune_state == DIM_GOING_RIGHT) {
		if (dim->profile_ix == NET_DIM_PARAMS_NUM_PROFILES - 1)
			return DIM_ON_EDGE;
		dim->profile_ix++;
		dim->steps_right++;
	} else if (dim->tune_state == DIM_GOING_LEFT) {
		if (dim->profile_ix == 0)
			return DIM_ON_EDGE;
		dim->profile_ix--;
		dim->steps_left++;
	}
	dim->tired++;
	return DIM_STEPPED;
}

/* Leave a parking towards the side there is room on. */
static void net_dim_exit_parking(struct dim *dim)
{
	dim->tune_state = dim->profile_ix ? DIM_GOING_LEFT : DIM_GOING_RIGHT;
	net_dim_step(dim);
}

/* More than 10 % apart, against a non-zero reference (IS_SIGNIFICANT_DIFF). */
static bool significant(uint32_t val, uint32_t ref)
{
	return ref && 100ULL * (uint64_t)labs((long)val - (long)ref) / ref > 10;
}

/* Bytes first, then packets (more is better), then interrupts (fewer). */
static enum dim_stats_state net_dim_stats_compare(const struct dim_stats *curr,
						  const struct dim_stats *prev)
{
	if (!prev->bpms)
		return curr->bpms ? DIM_STATS_BETTER : DIM_STATS_SAME;
	if (significant(curr->bpms, prev->bpms))
		return curr->bpms > prev->bpms ? DIM_STATS_BETTER : DIM_STATS_WORSE;
	if (!prev->ppms)
		return curr->ppms ? DIM_STATS_BETTER : DIM_STATS_SAME;
	if (significant(curr->ppms, prev->ppms))
		return curr->ppms > prev->ppms ? DIM_STATS_BETTER : DIM_STATS_WORSE;
	if (!prev->epms)
		return DIM_STATS_SAME;
	if (significant(curr->epms, prev->epms))
		return curr->epms < prev->epms ? DIM_STATS_BETTER : DIM_STATS_WORSE;
	return DIM_STATS_SAME;
}

/* One window's verdict; true if the profile changed. */
static bool net_dim_decision(const struct dim_stats *curr, struct dim *dim)
{
	enum dim_tune_state prev_state = dim->tune_state;
	uint8_t prev_ix = dim->profile_ix;

	switch (dim->tune_state) {
	case DIM_PARKING_ON_TOP:
		if (net_dim_stats_compare(curr, &dim->prev_stats) != DIM_STATS_SAME)
			net_dim_exit_parking(dim);
		break;
	case DIM_PARKING_TIRED:
		if (!--dim->tired)
			net_dim_exit_parking(dim);
		break;
	case DIM_GOING_RIGHT:
	case DIM_GOING_LEFT:
		if (net_dim_stats_compare(curr, &dim->prev_stats) != DIM_STATS_BETTER)
			dim_turn(dim);
		if (dim_on_top(dim)) {
			dim_park_on_top(dim);
			break;
		}
		switch (net_dim_step(dim)) {
		case DIM_ON_EDGE:
			dim_park_on_top(dim);
			break;
		case DIM_TOO_TIRED:
			dim_park_tired(dim);
			break;
		default:
			break;
		}
		break;
	}
	/* a window parked on top keeps comparing with the one it parked on */
	if (prev_state != DIM_PARKING_ON_TOP || dim->tune_state != DIM_PARKING_ON_TOP)
		dim->prev_stats = *curr;
	return dim->profile_ix != prev_ix;
}

static void start_measure(struct dim *dim, const struct dim_sample *s)
{
	dim->start_sample = *s;
	dim->state = DIM_MEASURE_IN_PROGRESS;
}

void net_dim(struct dim *dim, struct dim_sample end_sample)
{
	struct dim_stats curr;

	switch (dim->state) {
	case DIM_MEASURE_IN_PROGRESS:
		if ((uint16_t)(end_sample.event_ctr - dim->start_sample.event_ctr) < DIM_NEVENTS)
			return;
		if (dim_calc_stats(&dim->start_sample, &end_sample, &curr) &&
		    net_dim_decision(&curr, dim)) {
			dim->state = DIM_APPLY_NEW_PROFILE;
			return;
		}
		start_measure(dim, &end_sample);
		return;
	case DIM_START_MEASURE:
		start_measure(dim, &end_sample);
		return;
	case DIM_APPLY_NEW_PROFILE:
		return;
	}
}

void dim_applied(struct dim *dim)
{
	dim->state = DIM_START_MEASURE;
}
