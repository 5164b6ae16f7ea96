/* SPDX-License-Identifier: MIT */
/*
 * Summary statistics of a sample (a sweep point's repeats): n, mean,
 * sample standard deviation (n - 1 in the denominator), min, max and the
 * two-sided confidence interval of the mean from Student's t with n - 1
 * degrees of freedom: mean -/+ t(1 - (1 - level) / 2, n - 1) * sd / sqrt(n).
 *
 * Contract: pure functions of their input (GSL's gsl_stats_* and
 * gsl_cdf_tdist_Pinv). With n = 0 every field but n is NaN; with n = 1
 * mean, min and max are the value and sd and the interval are NaN (one
 * run says nothing about the spread). The interval assumes the repeats
 * are independent draws of a roughly normal quantity; with few repeats
 * of a skewed metric read it as a rough guide.
 */
#ifndef NICSIM_RUN_STATS_H
#define NICSIM_RUN_STATS_H

#include <stddef.h>

struct stats_summary {
	size_t	n;
	double	mean, sd, min, max;
	double	ci_lo, ci_hi;	/* confidence interval of the mean */
};

/* x[0..n) at confidence level (0.95 for 95 %). */
void stats_summarize(const double *x, size_t n, double level,
		     struct stats_summary *s);
/* The t quantile the interval uses: t(1 - (1 - level) / 2, df). */
double stats_t_quantile(double level, size_t df);

#endif
