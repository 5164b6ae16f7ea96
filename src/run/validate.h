/* SPDX-License-Identifier: MIT */
/* `nicsim validate`: published observations against the model. */
#ifndef NICSIM_RUN_VALIDATE_H
#define NICSIM_RUN_VALIDATE_H

#include <stdbool.h>
#include <stdio.h>
#include "nicsim/scenario.h"

struct validate_count {
	int rows, failed;		/* every row */
	int cal_rows, cal_failed;	/* of them, role = calibration */
	int dep_passed;			/* passed checks sharing a calibration row's constants */
};

/* Load a scenario and apply space-separated key=value overrides, then check. */
int scenario_load_with(struct scenario *s, const char *path, const char *sets,
		       struct scn_error *err);
void validate_header(FILE *out);
/* "N of M published figures reproduced (K more used for calibration)". */
void validate_headline(FILE *out, const struct validate_count *c);
/* Run every expectation of one file, printing a row each. -1 + err. */
int validate_file(const char *path, FILE *out, struct validate_count *cnt,
		  struct scn_error *err);

#endif
