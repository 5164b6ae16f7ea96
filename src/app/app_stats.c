// SPDX-License-Identifier: MIT
/*
 * Statistics the applications' results share: Jain's fairness index over
 * several flows' throughputs (R. Jain, D. Chiu, W. Hawe, "A Quantitative
 * Measure of Fairness and Discrimination for Resource Allocation in
 * Shared Computer Systems", DEC-TR-301, 1984) and the nearest-rank
 * percentile of recorded latencies.
 */
#include <math.h>
#include "app/app.h"

double jain_index(const double *x, int n)
{
	double sum = 0, sq = 0;
	int i;

	for (i = 0; i < n; i++) {
		sum += x[i];
		sq += x[i] * x[i];
	}
	return n && sq > 0 ? sum * sum / (n * sq) : 0;
}

/* The smallest value with at least pct % of the values at or below it:
 * the value of rank ceil(pct / 100 x n), 1-based, at least 1. */
uint32_t percentile_nearest_rank(const uint32_t *sorted, uint64_t n, double pct)
{
	uint64_t rank;

	if (!n)
		return 0;
	rank = (uint64_t)ceil(pct / 100.0 * (double)n);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}
