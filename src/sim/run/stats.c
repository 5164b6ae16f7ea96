// SPDX-License-Identifier: MIT
/*
 * Summary statistics of a sample; contract in stats.h. The arithmetic is
 * GSL's (gsl_stats_mean, gsl_stats_sd, gsl_stats_minmax, and the inverse
 * of Student's t distribution, gsl_cdf_tdist_Pinv).
 */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include "sim/run/stats.h"

double stats_t_quantile(double level, size_t df)
{
	return gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, (double)df);
}

void stats_summarize(const double *x, size_t n, double level,
		     struct stats_summary *s)
{
	double half;

	*s = (struct stats_summary){ .n = n, .mean = NAN, .sd = NAN, .min = NAN,
				     .max = NAN, .ci_lo = NAN, .ci_hi = NAN };
	if (!n)
		return;
	s->mean = gsl_stats_mean(x, 1, n);
	gsl_stats_minmax(&s->min, &s->max, x, 1, n);
	if (n < 2)
		return;
	s->sd = gsl_stats_sd_m(x, 1, n, s->mean);
	half = stats_t_quantile(level, n - 1) * s->sd / sqrt((double)n);
	s->ci_lo = s->mean - half;
	s->ci_hi = s->mean + half;
}
