/* SPDX-License-Identifier: MIT */
/*
 * Simulated time: a signed 64-bit count of picoseconds. 2^63 ps is about
 * 106 days of simulated time, far beyond any scenario.
 */
#ifndef NICSIM_TIME_H
#define NICSIM_TIME_H

#include <stdint.h>

typedef int64_t sim_time_t;

#define PS_PER_NS	1000LL
#define PS_PER_US	1000000LL
#define PS_PER_MS	1000000000LL
#define PS_PER_S	1000000000000LL
#define SIM_TIME_MAX	INT64_MAX

static inline double time_to_us(sim_time_t t) { return (double)t / PS_PER_US; }
static inline double time_to_ms(sim_time_t t) { return (double)t / PS_PER_MS; }
static inline double time_to_s(sim_time_t t) { return (double)t / PS_PER_S; }

#endif
