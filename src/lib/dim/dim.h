/* SPDX-License-Identifier: MIT */
/*
 * Dynamic interrupt moderation (DIM), the kernel's lib/dim as a library a
 * driver model can call from its NAPI poll: the driver hands net_dim a
 * sample of its counters (interrupts, packets, bytes) with the time; every
 * DIM_NEVENTS interrupts net_dim compares the rates of the last window
 * with the window before and moves along a table of five moderation
 * profiles (usec, pkts), right towards more moderation while throughput
 * improves, left otherwise, and parks where it stops improving.
 * Read in Linux's lib/dim/dim.c, lib/dim/net_dim.c and include/linux/dim.h
 * (6.x); the state machine and the profile tables are the kernel's.
 * Deviation: no work item: net_dim leaves DIM_APPLY_NEW_PROFILE set and
 * the driver applies net_dim_get_rx_moderation(mode, profile_ix) when it
 * sees it, then calls dim_applied (what the driver's work function does
 * before it sets DIM_START_MEASURE). Times are the simulation's
 * picoseconds; the sample counters are 32-bit as the kernel's, the event
 * counter 16-bit, and the gaps are taken modulo their width.
 * Deviation: the rates are computed in 64 bits (the kernel multiplies
 * 32-bit counts by 1000).
 * Leaves out: RDMA DIM (rdma_dim), the cqe/cpe-ratio path that only RDMA
 * uses, and the per-device profile overrides of later kernels.
 * Used by bcmgenet-6.x for ethtool -C adaptive-rx (its RX ring 16); tsnep,
 * the other family with a time-based interrupt delay, has no DIM in Linux.
 */
#ifndef NICSIM_LIB_DIM_H
#define NICSIM_LIB_DIM_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/time.h"

#define DIM_NEVENTS			64	/* interrupts per measurement window */
#define NET_DIM_PARAMS_NUM_PROFILES	5

enum dim_cq_period_mode {
	DIM_CQ_PERIOD_MODE_START_FROM_EQE,	/* the timer starts at the event */
	DIM_CQ_PERIOD_MODE_START_FROM_CQE,	/* it restarts at each completion */
	DIM_CQ_PERIOD_NUM_MODES,
};

enum dim_state { DIM_START_MEASURE, DIM_MEASURE_IN_PROGRESS, DIM_APPLY_NEW_PROFILE };

enum dim_tune_state { DIM_PARKING_ON_TOP, DIM_PARKING_TIRED, DIM_GOING_RIGHT, DIM_GOING_LEFT };

enum dim_stats_state { DIM_STATS_WORSE, DIM_STATS_SAME, DIM_STATS_BETTER };

enum dim_step_result { DIM_STEPPED, DIM_TOO_TIRED, DIM_ON_EDGE };

struct dim_cq_moder {
	uint16_t	usec;
	uint16_t	pkts;
	uint8_t		cq_period_mode;
};

struct dim_sample {
	sim_time_t	time;
	uint32_t	pkt_ctr;
	uint32_t	byte_ctr;
	uint16_t	event_ctr;
};

/* rates per millisecond over one window */
struct dim_stats {
	uint32_t	ppms;	/* packets */
	uint32_t	bpms;	/* bytes */
	uint32_t	epms;	/* events (interrupts) */
};

struct dim {
	enum dim_state	state;
	struct dim_stats prev_stats;
	struct dim_sample start_sample;
	uint8_t		profile_ix;
	uint8_t		mode;		/* enum dim_cq_period_mode */
	enum dim_tune_state tune_state;
	uint8_t		steps_right, steps_left, tired;
};

/* lib/dim/dim.c */
bool dim_on_top(const struct dim *dim);
void dim_turn(struct dim *dim);
void dim_park_on_top(struct dim *dim);
void dim_park_tired(struct dim *dim);
bool dim_calc_stats(const struct dim_sample *start, const struct dim_sample *end,
		    struct dim_stats *curr);

/* lib/dim/net_dim.c */
struct dim_cq_moder net_dim_get_rx_moderation(uint8_t cq_period_mode, int ix);
struct dim_cq_moder net_dim_get_def_rx_moderation(uint8_t cq_period_mode);
struct dim_cq_moder net_dim_get_tx_moderation(uint8_t cq_period_mode, int ix);
struct dim_cq_moder net_dim_get_def_tx_moderation(uint8_t cq_period_mode);
/* Feed the counters at the end of a poll; may set DIM_APPLY_NEW_PROFILE. */
void net_dim(struct dim *dim, struct dim_sample end_sample);
/* The driver applied profile_ix: measure again from sample. */
void dim_applied(struct dim *dim);

#endif
