// SPDX-License-Identifier: MIT
/*
 * Unit tests for the calibration file and the bounds transform
 * (src/sim/run/calib.c): a valid file's parameters and rows (paths relative
 * to the file, the default scenario, the default start), FILE:LINE
 * messages with the closest valid name, the rows-per-parameter limit;
 * calib_value stays inside the bounds and calib_coord inverts it;
 * calib_round clamps; the squared log-error and its penalty; a factor
 * over several keys (held in thousandths, each key scaled and rounded);
 * a difference row's error against baseline + value.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "sim/run/calib.h"

static char path[] = "/tmp/nicsim-test-calib.XXXXXX";

static const char good[] =
	"; a comment\n"
	"[calibrate]\n"
	"scenario = board.ini\n"
	"iterations = 50\n"
	"\n"
	"[param.page]\n"
	"host = dut\n"
	"key = sendpage   ; inline comment\n"
	"min = 2000\n"
	"max = 60000\n"
	"\n"
	"[row.A]\n"
	"metric = apps.http.goodput_mbps\n"
	"value = 800\n"
	"tolerance = 5%\n"
	"set = sim.duration=1s\n"
	"\n"
	"[row.B]\n"
	"scenario = /abs/other.ini\n"
	"metric = hosts.dut.cpus.0.busy_pct.sy\n"
	"value = 70\n"
	"tolerance = 3\n";

static int load_text(struct calib *c, const char *text, struct scn_error *err)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return calib_load(c, path, err);
}

/* The message for text, without the "PATH:" prefix. */
static const char *fails(const char *text)
{
	static struct calib c;
	static struct scn_error err;
	size_t n = strlen(path);

	assert_int_equal(load_text(&c, text, &err), -1);
	assert_memory_equal(err.msg, path, n);
	assert_int_equal(err.msg[n], ':');
	return err.msg + n + 1;
}

static void test_good(void **state)
{
	static struct calib c;
	struct scn_error err;
	char dir[64];

	(void)state;
	assert_int_equal(load_text(&c, good, &err), 0);
	snprintf(dir, sizeof(dir), "%.*s", (int)(strrchr(path, '/') - path), path);
	assert_int_equal(c.iterations, 50);
	assert_int_equal(c.nr_params, 1);
	assert_string_equal(c.param[0].key, "sendpage");
	assert_int_equal(c.param[0].line, 6);
	assert_true(fabs(c.param[0].start - sqrt(2000.0 * 60000)) < 1e-6);
	assert_int_equal(c.nr_rows, 2);
	assert_true(!strncmp(c.row[0].scenario, dir, strlen(dir)));
	assert_string_equal(c.row[0].scenario + strlen(dir), "/board.ini");
	assert_string_equal(c.row[1].scenario, "/abs/other.ini");
	assert_true(fabs(c.row[0].e.tol_rel - 0.05) < 1e-12);
	assert_true(fabs(c.row[1].e.tol_abs - 3) < 1e-12);
	assert_string_equal(c.row[0].e.set, "sim.duration=1s");
}

static char *edit(const char *from, const char *to)
{
	static char buf[2048];
	const char *p = strstr(good, from);

	assert_non_null(p);
	snprintf(buf, sizeof(buf), "%.*s%s%s", (int)(p - good), good, to, p + strlen(from));
	return buf;
}

static void test_errors(void **state)
{
	(void)state;
	assert_string_equal(fails(edit("[row.B]", "[rows.B]")),
			    "18: unknown section [rows.B]; did you mean [row.NAME]?");
	assert_string_equal(fails(edit("max = ", "maxi = ")),
			    "10: unknown key 'maxi' in [param.page]; did you mean 'max'?");
	assert_string_equal(fails(edit("value = 800", "valeu = 800")),
			    "14: unknown key 'valeu' in [row.A]; did you mean 'value'?");
	assert_string_equal(fails(edit("min = 2000", "min = -3")),
			    "9: min: '-3' is not a positive number");
	assert_string_equal(fails(edit("[row.B]", "[row.A]")),
			    "18: [row.A] again (first on line 12)");
	assert_string_equal(fails(edit("iterations = 50", "iterations = 0")),
			    "4: iterations: '0' is not an integer in [1, 2000]");
	assert_string_equal(fails(edit("host = dut\n", "")),
			    "6: [param.page] needs 'host'");
	assert_string_equal(fails(edit("[calibrate]", "scenario = x\n[calibrate]")),
			    "2: key before any section; start with [calibrate]");
	assert_string_equal(fails(edit("tolerance = 3\n", "")),
			    "18: [row.B] needs a 'tolerance' (its band)");
}

/* Two parameters need four rows. */
static void test_too_many_params(void **state)
{
	(void)state;
	assert_string_equal(fails(edit("[row.A]", "[param.two]\nhost = dut\nkey = irq\n"
				       "min = 100\nmax = 9000\n\n[row.A]")),
			    "12: 2 free parameters for 2 rows: at most 1 (half the rows)");
}

static void test_transform(void **state)
{
	struct calib_param p = { .min = 2000, .max = 60000 };
	double u, x;

	(void)state;
	for (u = -40; u <= 40; u += 0.5) {
		x = calib_value(&p, u);
		assert_true(x >= p.min && x <= p.max);
	}
	for (x = 2100; x < 59000; x *= 1.37)
		assert_true(fabs(calib_value(&p, calib_coord(&p, x)) / x - 1) < 1e-12);
	assert_true(fabs(calib_value(&p, 0) - sqrt(p.min * p.max)) < 1e-9);
	assert_int_equal(calib_round(&p, 2500.5), 2501);
	assert_int_equal(calib_round(&p, 1999.7), 2000);
	p.min = 1.5;
	p.max = 9.5;
	assert_int_equal(calib_round(&p, 1.4), 2);
	assert_int_equal(calib_round(&p, 9.6), 9);
}

static void test_log_error(void **state)
{
	struct calib_row r = { .e = { .value = 100 } };

	(void)state;
	assert_true(fabs(calib_sq_log_error(&r, 100, NAN)) < 1e-15);
	assert_true(fabs(calib_sq_log_error(&r, 100 * exp(1), NAN) - 1) < 1e-12);
	assert_true(fabs(calib_sq_log_error(&r, 100 / exp(1), NAN) - 1) < 1e-12);
	assert_true(calib_sq_log_error(&r, 0, NAN) == CALIB_MISS);
	assert_true(calib_sq_log_error(&r, NAN, NAN) == CALIB_MISS);
	/* a ratio row is an ordinary one: the baseline does not enter */
	strcpy(r.e.baseline, "host.dut.bql=off");
	strcpy(r.e.compare, "ratio");
	r.e.value = 1.08;
	assert_true(fabs(calib_log_error(&r, 1.08 * exp(0.5), 60) - 0.5) < 1e-12);
}

/* "no CPU increase": 0 points over a baseline of 67.3 % busy; the run
 * shows 8.3 points more (75.6 %): the error is log(75.6 / 67.3). */
static void test_difference(void **state)
{
	struct calib_row r = { .e = { .value = 0, .baseline = "x=1",
				      .compare = "difference" } };

	(void)state;
	assert_true(calib_difference(&r));
	assert_true(fabs(calib_log_error(&r, 8.3, 67.3) - log(75.6 / 67.3)) < 1e-12);
	assert_true(fabs(calib_log_error(&r, 0, 67.3)) < 1e-15);
	r.e.value = 5;		/* +5 points: the metric against 72.3 */
	assert_true(fabs(calib_log_error(&r, 8.3, 67.3) - log(75.6 / 72.3)) < 1e-12);
	assert_true(isnan(calib_log_error(&r, -80, 67.3)));	/* metric < 0 */
	assert_true(calib_sq_log_error(&r, 1, NAN) == CALIB_MISS);
}

/* weight = band: a term over its band's squared log. A ±2 % row 2 % low
 * weighs (log 0.98 / log 1.02)^2 ~ 1.04; a ±10-point row at 30, 1 point
 * off, (log(31/30) / log(40/30))^2 ~ 0.013; a difference row's band is
 * taken at baseline + value: 2 points over 67.3. */
static void test_band_weight(void **state)
{
	static struct calib c;
	struct calib_row a = { .e = { .value = 939, .tol_rel = 0.02 } };
	struct calib_row s = { .e = { .value = 30, .tol_abs = 10 } };
	struct calib_row d = { .e = { .value = 0, .tol_abs = 2, .baseline = "x=1",
				      .compare = "difference" } };
	double t;

	(void)state;
	assert_true(fabs(calib_term(&c, &a, 939 * 0.98, NAN) - log(0.98) * log(0.98)) < 1e-15);
	c.band_weight = true;
	t = calib_term(&c, &a, 939 * 0.98, NAN);
	assert_true(fabs(t - pow(log(0.98) / log(1.02), 2)) < 1e-12 && t > 1.03 && t < 1.05);
	assert_true(fabs(calib_term(&c, &s, 31, NAN) - pow(log(31.0 / 30) / log(40.0 / 30), 2)) < 1e-12);
	assert_true(fabs(calib_band_log(&d, 67.3) - log(69.3 / 67.3)) < 1e-12);
	assert_true(fabs(calib_term(&c, &d, 2, 67.3) - 1) < 1e-12);	/* at the edge */
	assert_true(calib_term(&c, &a, 0, NAN) == CALIB_MISS);
	assert_string_equal(fails(edit("iterations = 50", "weight = bands")),
			    "4: weight: 'bands' is not equal or band");
}

/* keys = irq softirq, factors 0.5 .. 2 from 1.25: thousandths inside,
 * each key's base scaled and rounded. */
static void test_factor(void **state)
{
	static struct calib c;
	struct scn_error err;
	struct calib_param *p;

	(void)state;
	assert_int_equal(load_text(&c, edit("key = sendpage   ; inline comment\nmin = 2000\n"
					    "max = 60000\n",
					    "keys = irq softirq\nmin = 0.5\nmax = 2\n"
					    "start = 1.25\n"), &err), 0);
	p = &c.param[0];
	assert_int_equal(p->nr_keys, 2);
	assert_string_equal(p->keys[1], "softirq");
	assert_true(fabs(p->min - 500) < 1e-9 && fabs(p->max - 2000) < 1e-9);
	assert_int_equal(calib_round(p, p->start), 1250);
	p->base[0] = 1500;
	p->base[1] = 301;
	assert_int_equal(calib_key_value(p, 0, 1250), 1875);
	assert_int_equal(calib_key_value(p, 1, 1250), 376);	/* 376.25 */
	assert_int_equal(calib_key_value(p, 1, 500), 151);	/* 150.5 away from 0 */
	assert_string_equal(fails(edit("key = sendpage", "key = sendpage\nkeys = irq")),
			    "6: [param.page] has both 'key' and 'keys': one key, or a "
			    "factor over several");
	assert_string_equal(fails(edit("key = sendpage", "keys = irq clock")),
			    "8: keys: clock cannot share a factor with costs; free it alone "
			    "with 'key = clock'");
	assert_string_equal(fails(edit("key = sendpage", "keys = irq irq")),
			    "8: keys: 'irq' twice");
	/* base: the values the factor multiplies, given in the file */
	assert_int_equal(load_text(&c, edit("key = sendpage   ; inline comment\n",
					    "keys = irq softirq\nbase = 1500 300\n"), &err), 0);
	assert_int_equal(c.param[0].nr_base, 2);
	assert_int_equal(c.param[0].base[1], 300);
	assert_string_equal(fails(edit("key = sendpage", "keys = irq softirq\nbase = 1500")),
			    "6: [param.page]: 1 base values for 2 keys");
	assert_string_equal(fails(edit("key = sendpage", "keys = irq\nbase = -4")),
			    "9: base: '-4' is not a cost (an integer in [0, 4294967295])");
}

/* A factor and a key may not free the same cost. */
static void test_overlap(void **state)
{
	(void)state;
	assert_string_equal(fails(edit("[row.A]", "[param.two]\nhost = dut\nkeys = irq sendpage\n"
				       "min = 0.5\nmax = 2\n\n[row.C]\nmetric = m\nvalue = 1\n"
				       "tolerance = 1\n\n[row.D]\nmetric = m\nvalue = 1\n"
				       "tolerance = 1\n\n[row.A]")),
			    "12: [param.two] frees host.dut.cost.sendpage again (see line 6)");
}

static int enter(void **state)
{
	int fd = mkstemp(path);

	(void)state;
	return fd < 0 || close(fd);
}

static int leave(void **state)
{
	(void)state;
	return unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_too_many_params),
		cmocka_unit_test(test_transform),
		cmocka_unit_test(test_log_error),
		cmocka_unit_test(test_difference),
		cmocka_unit_test(test_band_weight),
		cmocka_unit_test(test_factor),
		cmocka_unit_test(test_overlap),
	};

	return cmocka_run_group_tests(tests, enter, leave);
}
