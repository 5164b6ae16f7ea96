/* SPDX-License-Identifier: MIT */
/*
 * `nicsim calibrate`: the calibration file and the map between the
 * optimiser's unbounded coordinates and a parameter's integer value.
 *
 * Contract: calib_load reads the whole file or nothing (-1 with a
 * "FILE:LINE: message" err); the transforms are pure functions.
 */
#ifndef NICSIM_RUN_CALIB_H
#define NICSIM_RUN_CALIB_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/scenario.h"

#define CALIB_MAX_PARAMS	8
#define CALIB_MAX_ROWS		32
#define CALIB_PATH_MAX		1024
#define CALIB_ITER_DEFAULT	200
#define CALIB_ITER_MAX		2000
#define CALIB_MAX_KEYS		8	/* keys of one factor parameter */
#define CALIB_FACTOR_UNIT	1000	/* a factor parameter's integer: thousandths */
#define CALIB_MAX_PAIR_FILES	8	/* files in [calibrate] pairs */

/*
 * A free parameter: host.HOST.cost.KEY in [min, max], from start; or,
 * with `keys`, one factor in [min, max] that multiplies each key's value
 * in the first row's scenario (base, filled by the caller) or as the
 * file's `base` lists them, so several costs of one path move together. A factor's min, max and start are
 * held in thousandths (CALIB_FACTOR_UNIT), the integer a run uses.
 */
struct calib_param {
	char		name[SCN_NAME_MAX];
	char		host[SCN_NAME_MAX];
	char		key[SCN_NAME_MAX];
	char		keys[CALIB_MAX_KEYS][SCN_NAME_MAX];
	int64_t		base[CALIB_MAX_KEYS];
	int		nr_keys;	/* 0: a single key */
	int		nr_base;	/* bases given in the file (`base`), else 0 */
	double		min, max, start;
	bool		has_min, has_max, has_start;
	int		line;
};

/*
 * A measured row: an [expect.ID] with its scenario. Or, with pair set, a
 * published change taken from a scenario's [pair.ID] as a constraint: e's
 * set is empty (the before run: the file as written), its baseline the
 * pair's after overrides, its require the pair's; the row's figure is the
 * model's factor in the published direction, and the row holds when
 * scn_change_holds says so. It adds no measurement: it counts neither
 * towards the rows that allow parameters nor among them in the report.
 */
struct calib_row {
	struct scn_expect e;
	char		scenario[CALIB_PATH_MAX];	/* resolved */
	int		line;
	bool		pair;
	struct scn_change change;	/* a pair's, parsed */
};

struct calib {
	char		file[CALIB_PATH_MAX];
	char		scenario[CALIB_PATH_MAX];	/* [calibrate] default, resolved */
	int		iterations;
	bool		band_weight;	/* weight = band: each term over its band's */
	int		nr_params, nr_rows;
	int		nr_pairs;	/* of the rows, constraints from [pair.ID] */
	struct calib_param param[CALIB_MAX_PARAMS];
	struct calib_row row[CALIB_MAX_ROWS];
};

/* Read a calibration file. 0, or -1 with err. */
int calib_load(struct calib *c, const char *path, struct scn_error *err);

/*
 * Bounds by transform: the optimiser moves u over the reals; the value is
 * min * (max/min)^t with t = 1 / (1 + e^-u), so it never leaves the
 * bounds and equal steps in u are equal ratios near the middle.
 */
double calib_value(const struct calib_param *p, double u);
/* The u whose value is x (x clamped to 0.1 % inside the bounds). */
double calib_coord(const struct calib_param *p, double x);
/* The integer a run uses: x rounded, kept within the bounds. */
int64_t calib_round(const struct calib_param *p, double x);
/* Is r a baseline row compared by difference? */
bool calib_difference(const struct calib_row *r);
/* A factor parameter's key k at the integer v: base scaled, rounded. */
int64_t calib_key_value(const struct calib_param *p, int k, int64_t v);
/*
 * A row's log-error for figure x: log(x / value). A `difference` row's
 * figure is its run's metric less the baseline run's (b), and the error
 * is that of the metric against b + value, log((x + b) / (b + value)), so
 * a target of 0 has a scale. NAN when a logarithm is undefined.
 */
double calib_log_error(const struct calib_row *r, double x, double b);
/*
 * A pair row's figure from its before run's metric x0 and its after
 * run's x1: the factor in the published direction (NAN when undefined;
 * for a `gone` change 1 if it holds, else 0).
 */
double calib_pair_factor(const struct calib_row *r, double x0, double x1);
/* Does a pair row hold at factor f? */
bool calib_pair_holds(const struct calib_row *r, double f);
/* Its square; CALIB_MISS when NAN (a run that produced nothing). */
#define CALIB_MISS	100.0
double calib_sq_log_error(const struct calib_row *r, double x, double b);
/*
 * The row's band in the same logarithm: log((value + half) / value) for
 * a band value +- half (half = tol_abs or tol_rel * value), a difference
 * row's with b + value for value; NAN when undefined.
 */
double calib_band_log(const struct calib_row *r, double b);
/* The row's term of the objective: the squared log-error, over the
 * squared band log if c weighs by band (CALIB_MISS stays unweighted). A
 * pair row's: 0 while it holds; broken, CALIB_MISS times (1 + how far
 * below its threshold the factor is, in logarithms of the threshold), so
 * a fit that breaks a published change scores as a failed run does, and
 * worse the farther it breaks it. */
double calib_term(const struct calib *c, const struct calib_row *r, double x, double b);

#endif
