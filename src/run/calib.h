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

/* A free parameter: host.HOST.cost.KEY in [min, max], from start. */
struct calib_param {
	char		name[SCN_NAME_MAX];
	char		host[SCN_NAME_MAX];
	char		key[SCN_NAME_MAX];
	double		min, max, start;
	bool		has_min, has_max, has_start;
	int		line;
};

/* A measured row: an [expect.ID] with its scenario. */
struct calib_row {
	struct scn_expect e;
	char		scenario[CALIB_PATH_MAX];	/* resolved */
	int		line;
};

struct calib {
	char		file[CALIB_PATH_MAX];
	char		scenario[CALIB_PATH_MAX];	/* [calibrate] default, resolved */
	int		iterations;
	int		nr_params, nr_rows;
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
/* A row's squared log-error for figure x; CALIB_MISS when x is not a
 * positive number (a run that produced nothing). */
#define CALIB_MISS	100.0
double calib_sq_log_error(const struct calib_row *r, double x);

#endif
