// SPDX-License-Identifier: MIT
/*
 * Fuzz target: the number and unit parsers of nicsim/scenario.h.
 *
 * Contract: the input, up to its first NUL, is one value as a user writes
 * it. It goes through parse_bytes(), parse_time(), parse_rate(), parse_prob() and
 * parse_int() (with several ranges), and through the internal decimal and
 * "did you mean" helpers. Beyond not crashing, the results must hold:
 * sizes, times and rates are never negative; a probability is within
 * [0, 1e9] parts per billion; parse_int() stays in its
 * range and agrees with the unranged parser; a time printed by
 * scn_fmt_time() parses back to the same value; a parsed double is finite.
 * A broken property aborts, which the fuzzer reports as a crash.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "nicsim/scenario.h"
#include "sim/scenario/internal.h"

#define MAX_TEXT	256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_sizes(const char *s)
{
	int64_t v;
	sim_time_t t, back;
	char buf[64];

	if (!parse_bytes(s, &v) && v < 0)
		abort();
	if (!parse_rate(s, &v) && v < 0)
		abort();
	if (!parse_prob(s, &v) && (v < 0 || v > SCN_PPB_ONE))
		abort();
	if (!parse_time(s, &t)) {
		if (t < 0)
			abort();
		scn_fmt_time(t, buf, sizeof(buf));
		if (parse_time(buf, &back) || back != t)
			abort();
	}
}

static void check_ints(const char *s)
{
	static const int64_t ranges[][2] = {
		{ INT64_MIN, INT64_MAX }, { 0, INT64_MAX }, { 0, 255 },
		{ 1, 16384 }, { -5, 5 },
	};
	int64_t v, any;
	bool parsed = !scn_parse_int(s, &any);
	size_t i;

	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		bool in = parsed && any >= ranges[i][0] && any <= ranges[i][1];

		v = 0;
		if (!parse_int(s, ranges[i][0], ranges[i][1], &v) != in)
			abort();
		if (in && v != any)
			abort();
	}
}

static void check_misc(const char *s)
{
	static const char *const words[] = { "duration", "tx-frames",
					     "fq_codel_ce_threshold", "", NULL };
	double d;

	if (!scn_parse_double(s, &d) && !isfinite(d))
		abort();
	if (!scn_closest(s, words))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size > MAX_TEXT)
		return 0;
	s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';		/* a C string: it ends at the first NUL */
	check_sizes(s);
	check_ints(s);
	check_misc(s);
	free(s);
	return 0;
}
