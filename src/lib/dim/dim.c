// SPDX-License-Identifier: MIT
/*
 * The tuning steps and rate computation shared by net_dim (Linux
 * lib/dim/dim.c, 6.x): contract in dim.h.
 */
#include "lib/dim/dim.h"

/* A walk has crossed its best point: it went one way more than one step,
 * turned, and has made exactly one step back. */
bool dim_on_top(const struct dim *dim)
{
	switch (dim->tune_state) {
	case DIM_GOING_RIGHT:
		return dim->steps_left > 1 && dim->steps_right == 1;
	case DIM_GOING_LEFT:
		return dim->steps_right > 1 && dim->steps_left == 1;
	default:	/* parked */
		return true;
	}
}

void dim_turn(struct dim *dim)
{
	if (dim->tune_state == DIM_GOING_RIGHT) {
		dim->tune_state = DIM_GOING_LEFT;
		dim->steps_left = 0;
	} else if (dim->tune_state == DIM_GOING_LEFT) {
		dim->tune_state = DIM_GOING_RIGHT;
		dim->steps_right = 0;
	}
}

void dim_park_on_top(struct dim *dim)
{
	dim->steps_right = dim->steps_left = dim->tired = 0;
	dim->tune_state = DIM_PARKING_ON_TOP;
}

/* Parked after too many steps; tired counts the windows down to leaving. */
void dim_park_tired(struct dim *dim)
{
	dim->steps_right = dim->steps_left = 0;
	dim->tune_state = DIM_PARKING_TIRED;
}

static uint32_t per_ms(uint64_t n, uint64_t us)
{
	return (uint32_t)((n * 1000 + us - 1) / us);	/* DIV_ROUND_UP */
}

/* Rates over the window from start to end; false if it took no time. */
bool dim_calc_stats(const struct dim_sample *start, const struct dim_sample *end,
		    struct dim_stats *curr)
{
	uint64_t us = (uint64_t)((end->time - start->time) / PS_PER_US);

	if (!us)
		return false;
	curr->ppms = per_ms((uint32_t)(end->pkt_ctr - start->pkt_ctr), us);
	curr->bpms = per_ms((uint32_t)(end->byte_ctr - start->byte_ctr), us);
	curr->epms = per_ms(DIM_NEVENTS, us);
	return true;
}
