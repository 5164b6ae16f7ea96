/* SPDX-License-Identifier: MIT */
/* `nicsim validate`: published observations against the model. */
#ifndef NICSIM_RUN_VALIDATE_H
#define NICSIM_RUN_VALIDATE_H

#include <stdbool.h>
#include <stdio.h>
#include <jansson.h>
#include "nicsim/scenario.h"

struct validate_count {
	int rows, failed;		/* every row */
	int cal_rows, cal_failed;	/* of them, role = calibration */
	int dep_passed;			/* passed checks sharing a calibration row's constants */
	int rests_passed;		/* passed checks with rests_on (pass*) */
	int pairs, pairs_failed;	/* [pair.ID] changes */
	int pairs_rests_passed;		/* of the passed pairs, those with rests_on */
};

/* Load a scenario, apply an --include file (or NULL) and space-separated
 * key=value overrides (or NULL), then check. */
int scenario_load_with(struct scenario *s, const char *path, const char *include,
		       const char *sets, struct scn_error *err);
/* Run the scenario once so loaded; its results, or NULL + err. */
json_t *validate_run_variant(const char *path, const char *include, const char *sets,
			     struct scn_error *err);
/* A number (or boolean, as 0/1) at a dotted results path; NAN if none. */
double validate_metric(json_t *results, const char *path);
/* Does res fail one of e's `require` conditions? why says which ("the
 * RUNrun did not do its work: ..."), then e's note if it has one. */
bool validate_work_missing(const struct scn_expect *e, json_t *res, const char *run,
			   char *why, size_t len);
void validate_header(FILE *out);
/* The "published changes" title and the column heads of the pairs. */
void validate_pairs_header(FILE *out);
/* "N of M published figures reproduced (K more used for calibration)",
 * then, if there are pairs, "K of L published changes reproduced"; each
 * goes on "; J of the N rest on a fitted factor or an unsourced choice"
 * when J of its passes are pass* (rests_on). */
void validate_headline(FILE *out, const struct validate_count *c);
/* Run every expectation of one file, printing a row each to out, then
 * every pair, printing a line each to pairs. -1 + err. */
int validate_file(const char *path, const char *include, FILE *out, FILE *pairs,
		  struct validate_count *cnt, struct scn_error *err);

#endif
