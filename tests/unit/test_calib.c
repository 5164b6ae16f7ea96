// SPDX-License-Identifier: MIT
/*
 * Unit tests for the calibration file and the bounds transform
 * (src/run/calib.c): a valid file's parameters and rows (paths relative
 * to the file, the default scenario, the default start), FILE:LINE
 * messages with the closest valid name, the rows-per-parameter limit;
 * calib_value stays inside the bounds and calib_coord inverts it;
 * calib_round clamps; the squared log-error and its penalty.
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

#include "run/calib.h"

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
	assert_true(fabs(calib_sq_log_error(&r, 100)) < 1e-15);
	assert_true(fabs(calib_sq_log_error(&r, 100 * exp(1)) - 1) < 1e-12);
	assert_true(fabs(calib_sq_log_error(&r, 100 / exp(1)) - 1) < 1e-12);
	assert_true(calib_sq_log_error(&r, 0) == CALIB_MISS);
	assert_true(calib_sq_log_error(&r, NAN) == CALIB_MISS);
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
	};

	return cmocka_run_group_tests(tests, enter, leave);
}
