/* SPDX-License-Identifier: MIT */
/*
 * The HTML report: one self-contained page (index.html, plots inline as
 * SVG, no script, no external resource) with the scenario, each variant's
 * overrides and summary, the validation rows of the scenario if it has
 * any, and the plots of the variants' traces. The files it describes sit
 * next to it: trace-N.csv, results-N.json, summary-N.txt, the plots as
 * SVG and PNG and the gnuplot script that drew them.
 */
#ifndef NICSIM_REPORT_REPORT_H
#define NICSIM_REPORT_REPORT_H

#include <stddef.h>

struct report_variant {
	char	label[256];	/* "as written" or its --compare overrides */
	char	words[256];	/* in legends: each compared key with its
				 * value in this run ("tx-frames 16") */
	char	sets[1024];	/* every override of this run, space-separated */
	char	csv[32], json[32], summary[32], events[32];
};

/* Plots and index.html in dir, for the runs already written there. */
int report_page(const char *dir, const char *scenario, const char *include,
		const char *command,
		const struct report_variant *v, int nv, char *msg, size_t len);

#endif
