// SPDX-License-Identifier: MIT
/*
 * Numbers with units, as users write them in scenario files and --set.
 *
 * Contract: a parser takes the whole string (blanks are allowed only
 * between the number and its unit) and either stores an exact result or
 * says why not (enum scn_num_err). Nothing is rounded: a decimal such as
 * "1.5KiB" is accepted only when the result is a whole number of the base
 * unit (bytes, picoseconds, bit/s). Negative values, overflow, empty
 * strings and trailing garbage are errors. The public parse_*() functions
 * of nicsim/scenario.h return 0 or -1.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sim/scenario/internal.h"

#define FRAC_DIGITS_MAX	18	/* 10^18 still fits in int64_t */

struct unit {
	const char	*name;
	int64_t		scale;
};

/* K and k are 1000 (SI), KiB is 1024 (IEC). */
static const struct unit byte_units[] = {
	{ "", 1 }, { "B", 1 },
	{ "k", 1000 }, { "K", 1000 }, { "kB", 1000 }, { "KB", 1000 },
	{ "KiB", 1024 },
	{ "M", 1000000 }, { "MB", 1000000 }, { "MiB", 1 << 20 },
	{ "G", 1000000000 }, { "GB", 1000000000 }, { "GiB", 1 << 30 },
	{ NULL, 0 }
};

static const struct unit time_units[] = {
	{ "s", PS_PER_S }, { "ms", PS_PER_MS },
	{ "us", PS_PER_US }, { "\xc2\xb5s", PS_PER_US },	/* µs */
	{ "ns", PS_PER_NS }, { "ps", 1 },
	{ NULL, 0 }
};

/*
 * tc spells "mbit"; lowercase "kbps", "mbps", "gbps" are not accepted
 * because tc reads them as bytes per second.
 */
static const struct unit rate_units[] = {
	{ "bit", 1 }, { "bps", 1 }, { "bit/s", 1 },
	{ "kbit", 1000 }, { "Kbit", 1000 }, { "Kbps", 1000 },
	{ "kbit/s", 1000 }, { "Kbit/s", 1000 },
	{ "Mbit", 1000000 }, { "mbit", 1000000 }, { "Mbps", 1000000 },
	{ "Mbit/s", 1000000 },
	{ "Gbit", 1000000000 }, { "gbit", 1000000000 },
	{ "Gbps", 1000000000 }, { "Gbit/s", 1000000000 },
	{ "Tbit", 1000000000000LL }, { "tbit", 1000000000000LL },
	{ "Tbps", 1000000000000LL }, { "Tbit/s", 1000000000000LL },
	{ NULL, 0 }
};

/* An unsigned decimal ip.fp where fp has nf digits. */
struct decimal {
	int64_t	ip;
	int64_t	fp;
	int	nf;
};

static int add_digit(int64_t *v, int c)
{
	if (__builtin_mul_overflow(*v, 10, v) ||
	    __builtin_add_overflow(*v, c - '0', v))
		return SCN_NUM_RANGE;
	return 0;
}

/* Digits after the point beyond FRAC_DIGITS_MAX must be zeros. */
static int parse_fraction(const char **sp, struct decimal *d)
{
	const char *p = *sp;

	if (!isdigit((unsigned char)*p))
		return SCN_NUM_SYNTAX;
	for (; isdigit((unsigned char)*p); p++) {
		if (d->nf < FRAC_DIGITS_MAX) {
			d->fp = d->fp * 10 + (*p - '0');
			d->nf++;
		} else if (*p != '0') {
			return SCN_NUM_FRACTION;
		}
	}
	*sp = p;
	return 0;
}

static int parse_decimal(const char **sp, struct decimal *d)
{
	const char *p = *sp;
	int rc;

	memset(d, 0, sizeof(*d));
	if (*p == '-')
		return isdigit((unsigned char)p[1]) ? SCN_NUM_NEGATIVE :
						      SCN_NUM_SYNTAX;
	if (!isdigit((unsigned char)*p))
		return SCN_NUM_SYNTAX;
	for (; isdigit((unsigned char)*p); p++)
		if (add_digit(&d->ip, *p))
			return SCN_NUM_RANGE;
	if (*p == '.') {
		p++;
		rc = parse_fraction(&p, d);
		if (rc)
			return rc;
	}
	*sp = p;
	return 0;
}

static int64_t gcd64(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* d * scale, exactly. */
static int scale_decimal(const struct decimal *d, int64_t scale, int64_t *out)
{
	int64_t pow10 = 1, g, frac, whole;
	int i;

	for (i = 0; i < d->nf; i++)
		pow10 *= 10;
	g = gcd64(scale, pow10);
	if (d->fp % (pow10 / g))
		return SCN_NUM_FRACTION;
	if (__builtin_mul_overflow(d->fp / (pow10 / g), scale / g, &frac) ||
	    __builtin_mul_overflow(d->ip, scale, &whole) ||
	    __builtin_add_overflow(whole, frac, out))
		return SCN_NUM_RANGE;
	return 0;
}

static const struct unit *find_unit(const struct unit *u, const char *name)
{
	for (; u->name; u++)
		if (!strcmp(u->name, name))
			return u;
	return NULL;
}

/* A decimal, optional blanks, then one of units ("" = bare number). */
static int parse_scaled(const char *s, const struct unit *units,
			int64_t *out)
{
	const struct unit *u;
	struct decimal d;
	int rc;

	rc = parse_decimal(&s, &d);
	if (rc)
		return rc;
	while (*s == ' ' || *s == '\t')
		s++;
	u = find_unit(units, s);
	if (!u)
		return *s ? SCN_NUM_SYNTAX : SCN_NUM_NOUNIT;
	return scale_decimal(&d, u->scale, out);
}

/* "0x1f": a hexadecimal integer (TOS bytes, masks), non-negative. */
static int parse_hex(const char *s, int64_t *out)
{
	int64_t v = 0;

	if (!isxdigit((unsigned char)*s))
		return SCN_NUM_SYNTAX;
	for (; isxdigit((unsigned char)*s); s++) {
		int d = isdigit((unsigned char)*s) ? *s - '0' : (tolower((unsigned char)*s) - 'a' + 10);

		if (__builtin_mul_overflow(v, 16, &v) || __builtin_add_overflow(v, d, &v))
			return SCN_NUM_RANGE;
	}
	if (*s)
		return SCN_NUM_SYNTAX;
	*out = v;
	return 0;
}

int scn_parse_int(const char *s, int64_t *out)
{
	bool neg = *s == '-';
	int64_t v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return parse_hex(s + 2, out);
	if (neg)
		s++;
	if (!isdigit((unsigned char)*s))
		return SCN_NUM_SYNTAX;
	for (; isdigit((unsigned char)*s); s++)
		if (add_digit(&v, *s))
			return SCN_NUM_RANGE;
	if (*s)
		return SCN_NUM_SYNTAX;
	*out = neg ? -v : v;
	return 0;
}

int scn_parse_bytes(const char *s, int64_t *out)
{
	return parse_scaled(s, byte_units, out);
}

int scn_parse_time(const char *s, sim_time_t *out)
{
	return parse_scaled(s, time_units, out);
}

int scn_parse_rate(const char *s, int64_t *out)
{
	return parse_scaled(s, rate_units, out);
}

/* A probability in parts per billion: a fraction (0.001) or a percentage
 * (0.1%), down to 1e-9. */
static const struct unit prob_units[] = {
	{ "", SCN_PPB_ONE }, { "%", SCN_PPB_ONE / 100 }, { NULL, 0 }
};

int scn_parse_prob(const char *s, int64_t *out)
{
	return parse_scaled(s, prob_units, out);
}

/* A finite decimal number such as -3, 0.25 or 1e-3 (no hex, inf, nan). */
int scn_parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (!*s || strspn(s, "0123456789+-.eE") != strlen(s))
		return SCN_NUM_SYNTAX;
	v = strtod(s, &end);
	if (*end || end == s)
		return SCN_NUM_SYNTAX;
	if (!isfinite(v))
		return SCN_NUM_RANGE;
	*out = v;
	return 0;
}

int parse_bytes(const char *s, int64_t *out)
{
	return scn_parse_bytes(s, out) ? -1 : 0;
}

int parse_time(const char *s, sim_time_t *out)
{
	return scn_parse_time(s, out) ? -1 : 0;
}

int parse_rate(const char *s, int64_t *out)
{
	return scn_parse_rate(s, out) ? -1 : 0;
}

int parse_prob(const char *s, int64_t *ppb)
{
	int64_t v;

	if (scn_parse_prob(s, &v) || v > SCN_PPB_ONE)
		return -1;
	*ppb = v;
	return 0;
}

int parse_int(const char *s, int64_t min, int64_t max, int64_t *out)
{
	int64_t v;

	if (scn_parse_int(s, &v) || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}
