/* SPDX-License-Identifier: MIT */
/*
 * Plots of traces, rendered by gnuplot as SVG and PNG.
 *
 * A fixed list of plot designs (plot.c) names the probes each plot shows,
 * by glob, with its units; a plot is drawn when the traces hold at least
 * one of its probes with a non-zero value. Several traces of the same
 * scenario (variants) share each plot: one colour per probe, one dash
 * pattern per variant. The gnuplot script is kept next to the images
 * (plots.gp) so a user can restyle and rerun it.
 */
#ifndef NICSIM_REPORT_PLOT_H
#define NICSIM_REPORT_PLOT_H

#include <stddef.h>

struct plot_input {
	const char	*csv;		/* file name, relative to the directory */
	const char	*label;		/* variant, in legends; NULL if only one */
};

struct plot_out {
	char	name[32];		/* NAME.svg, NAME.png */
	char	title[96];
};

/* Write dir/plots.gp and run gnuplot in dir. Returns the number of plots
 * drawn (up to max, described in out), or -1 with msg. */
int plot_traces(const char *dir, const struct plot_input *in, int nin,
		struct plot_out *out, int max, char *msg, size_t len);

#endif
