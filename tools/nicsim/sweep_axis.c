// SPDX-License-Identifier: MIT
/*
 * A sweep axis: "KEY=V1,V2,..." (values as written, each handed to the
 * scenario loader like a --set value) or "KEY=LO:HI[:STEP]", a range of
 * decimal numbers with an optional unit, e.g. 1:32, 0.5:2:0.5, 10ms:50ms:10ms.
 *
 * Contract: a range is computed in fixed point with the most decimals any
 * of its numbers has, so it never drifts (0.1 steps land on 0.3, not
 * 0.30000000000000004) and every value is printed with that many decimals
 * and the unit, from LO while <= HI. LO and HI carry the same unit; STEP
 * the same or none; STEP defaults to 1. Whether a value suits the key is
 * the loader's business (cmd_sweep.c checks every point). Errors start
 * with where, and nothing is kept from a failed parse.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/engine/util.h"
#include "sweep.h"

#define FIX_DIGITS	15
#define UNIT_MAX	16

struct fixnum {
	int64_t	v;			/* value * 10^dec */
	int	dec;
	char	unit[UNIT_MAX];
};

static int64_t pow10i(int n)
{
	int64_t p = 1;

	while (n-- > 0)
		p *= 10;
	return p;
}

/* "[-]digits[.digits][unit]" in s[0..n); unit is letters only. */
static int fix_parse(const char *s, size_t n, struct fixnum *f)
{
	size_t i = 0, u;
	int digits = 0;
	bool neg = i < n && s[i] == '-', frac = false;

	memset(f, 0, sizeof(*f));
	for (i = neg; i < n && (isdigit((unsigned char)s[i]) || (s[i] == '.' && !frac)); i++) {
		if (s[i] == '.') {
			frac = true;
			continue;
		}
		f->v = f->v * 10 + (s[i] - '0');
		f->dec += frac;
		digits++;
	}
	if (!digits || digits > FIX_DIGITS || n - i >= UNIT_MAX)
		return -1;
	for (u = i; u < n; u++)
		if (!isalpha((unsigned char)s[u]))
			return -1;
	memcpy(f->unit, s + i, n - i);
	if (neg)
		f->v = -f->v;
	return 0;
}

static void fix_format(int64_t v, int dec, const char *unit, char *buf, size_t len)
{
	uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v, p = (uint64_t)pow10i(dec);

	if (dec)
		snprintf(buf, len, "%s%llu.%0*llu%s", v < 0 ? "-" : "",
			 (unsigned long long)(a / p), dec, (unsigned long long)(a % p), unit);
	else
		snprintf(buf, len, "%s%llu%s", v < 0 ? "-" : "", (unsigned long long)a, unit);
}

static void add_value(struct sweep_axis *ax, const char *v, size_t n)
{
	ax->values = xrealloc(ax->values, sizeof(*ax->values) * (size_t)(ax->nr_values + 1));
	ax->values[ax->nr_values] = xcalloc(1, n + 1);
	memcpy(ax->values[ax->nr_values++], v, n);
}

static int parse_list(struct sweep_axis *ax, const char *s, const char *where)
{
	while (1) {
		size_t n = strcspn(s, ",");
		const char *b = s, *e = s + n;

		while (b < e && isspace((unsigned char)*b))
			b++;
		while (e > b && isspace((unsigned char)e[-1]))
			e--;
		if (b == e) {
			sweep_say("%s: an empty value in the list of %s\n", where, ax->key);
			return -1;
		}
		if (ax->nr_values >= SWEEP_MAX_POINTS) {
			sweep_say("%s: more than %ld values\n", where, SWEEP_MAX_POINTS);
			return -1;
		}
		add_value(ax, b, (size_t)(e - b));
		if (!s[n])
			return 0;
		s += n + 1;
	}
}

/* Split "LO:HI[:STEP]" into three numbers scaled to the same decimals. */
static int range_parts(const char *s, struct fixnum f[3])
{
	const char *p = s;
	int k, dec = 0;

	for (k = 0; k < 3; k++) {
		size_t n = strcspn(p, ":");

		if (fix_parse(p, n, &f[k]))
			return -1;
		dec = MAX(dec, f[k].dec);
		p += n;
		if (!*p)
			break;
		p++;
	}
	if (k == 0 || k == 3)
		return -1;	/* one number, or more than three */
	if (k == 1) {		/* no STEP: 1 */
		f[2] = (struct fixnum){ .v = 1 };
		k = 2;
	}
	if (strcmp(f[0].unit, f[1].unit) || (f[2].unit[0] && strcmp(f[2].unit, f[0].unit)))
		return -1;
	for (k = 0; k < 3; k++) {
		int64_t p10 = pow10i(dec - f[k].dec);

		if (f[k].v > INT64_MAX / 4 / p10 || f[k].v < -(INT64_MAX / 4 / p10))
			return -1;	/* too many digits in all */
		f[k].v *= p10;
		f[k].dec = dec;
	}
	return 0;
}

static int parse_range(struct sweep_axis *ax, const char *s, const char *where)
{
	struct fixnum f[3];
	char buf[64];
	int64_t v;

	if (range_parts(s, f)) {
		sweep_say("%s: a range is LO:HI[:STEP], decimal numbers with the "
			  "same unit (if any), e.g. 1:32:1 or 10ms:50ms:10ms\n", where);
		return -1;
	}
	if (f[2].v <= 0 || f[0].v > f[1].v) {
		sweep_say("%s: a range needs LO <= HI and a STEP above 0\n", where);
		return -1;
	}
	if ((f[1].v - f[0].v) / f[2].v >= SWEEP_MAX_POINTS) {
		sweep_say("%s: more than %ld values\n", where, SWEEP_MAX_POINTS);
		return -1;
	}
	for (v = f[0].v; v <= f[1].v; v += f[2].v) {
		fix_format(v, f[0].dec, f[0].unit, buf, sizeof(buf));
		add_value(ax, buf, strlen(buf));
	}
	return 0;
}

int sweep_axis_parse(struct sweep_axis *ax, const char *spec, const char *where)
{
	const char *eq = strchr(spec, '='), *v;
	int rc;

	memset(ax, 0, sizeof(*ax));
	if (!eq || eq == spec || !eq[1] || !memchr(spec, '.', (size_t)(eq - spec))) {
		sweep_say("%s: an axis is SECTION.KEY=V1,V2,... or SECTION.KEY=LO:HI[:STEP], "
			  "e.g. host.dut.ethtool.tx-frames=1:32\n", where);
		return -1;
	}
	ax->key = xcalloc(1, (size_t)(eq - spec) + 1);
	memcpy(ax->key, spec, (size_t)(eq - spec));
	ax->where = xstrdup(where);
	v = eq + 1;
	if (strchr(v, ',') || !strchr(v, ':'))
		rc = parse_list(ax, v, where);
	else
		rc = parse_range(ax, v, where);
	if (rc)
		sweep_axis_free(ax);
	return rc;
}

void sweep_axis_free(struct sweep_axis *ax)
{
	int i;

	for (i = 0; i < ax->nr_values; i++)
		free(ax->values[i]);
	free(ax->values);
	free(ax->key);
	free(ax->where);
	memset(ax, 0, sizeof(*ax));
}
