/* SPDX-License-Identifier: MIT */
/*
 * Plots of traces and event logs, rendered by gnuplot as SVG and PNG.
 *
 * A fixed list of plot designs (plot.c) names what each plot shows, by
 * probe glob and role:
 *   line   a probe's value over time (steps)
 *   limit  a bound the model tests, labelled with its formula in words
 *          when the trace shows it is a constant multiple of its base probe
 *          ("send limit: 2 x sk_sndbuf = 4096 bytes")
 *   event  an event counter (run/events.h): each increase a mark at its
 *          exact time on a strip under the plot, one row per counter and
 *          run; a counter whose log could not keep every event is drawn
 *          as its rate probe instead, and the page says so
 * The socket design is drawn once per application, with the TX-done
 * interrupts of the application's host. Several runs of the same scenario
 * share each plot: one colour per quantity, one dash pattern per run. A
 * design whose legend would exceed KEY_SPLIT entries is drawn a quantity
 * (spec) per plot, NAME-QUANTITY, a colour per instance (a parallel app's
 * connection, a queue, a CPU). A parallel app's connection NAME-K is named
 * NAME.K, as in the results. The legend takes as many columns as its
 * longest entry lets fit; gnuplot keeps a key column within the plot's
 * height, so a longer legend makes the plot taller.
 *
 * Legends are words: the probe's label (probe_tmpl.label), its instance
 * when the plot has several ("dut txq3"), and the run in words. A series
 * that stays at zero is drawn and labelled "(zero throughout)"; the zero
 * series of one quantity and run share a legend entry. A start-up spike
 * does not flatten a plot: when an axis' maximum is more than 1.25 times
 * the highest value after the first tenth of the run, the axis ends a
 * tenth above that value, and points above it are marked with triangles
 * on the top edge. The gnuplot script is kept next to the images
 * (plots.gp) so a user can restyle and rerun it.
 */
#ifndef NICSIM_REPORT_PLOT_H
#define NICSIM_REPORT_PLOT_H

#include <stddef.h>

struct plot_input {
	const char	*csv;		/* trace, relative to the directory */
	const char	*events;	/* its event log, or NULL */
	const char	*words;		/* the run in legends; NULL if only one */
};

/* An application and its host (from the results), for per-app plots;
 * name is a glob for the connections of a parallel stream app (NAME-*). */
struct plot_app {
	char	name[40], host[32];
};

/* One legend entry, for a table under the plot. */
struct plot_key {
	char	label[256];		/* as in the image */
	char	probes[512];		/* the probes it draws */
	char	note[256];
};

struct plot_out {
	char	name[48];		/* NAME.svg, NAME.png */
	char	title[160];
	char	note[512];		/* clipping, events not marked */
	struct plot_key *key;
	int	nkey;
};

/* Write dir/plots.gp and run gnuplot in dir. Returns the number of plots
 * drawn (up to max, described in out; free with plot_out_free), or -1
 * with msg. duration: the runs' simulated time in seconds. */
int plot_traces(const char *dir, const struct plot_input *in, int nin,
		const struct plot_app *apps, int napps, double duration,
		struct plot_out *out, int max, char *msg, size_t len);
void plot_out_free(struct plot_out *out, int n);
/* Run gnuplot on dir/script in dir; 0, or -1 with msg. */
int plot_gnuplot(const char *dir, const char *script, char *msg, size_t len);

/* rtt_plot.c: for the ping apps of the runs' results, one plot (rtt.svg,
 * rtt.png, drawn by dir/rtt.gp from dir/rtt.dat): each reply's RTT at the
 * time its request went on the wire, and beside it the CDF of the RTTs;
 * one colour per series (an app of a run; the legend is its name and the
 * run's words[i], NULL with one run), and per run one point type and one
 * dash pattern. Returns 1 with out described, 0 when no
 * run has a ping reply, -1 with msg. */
struct json_t;
int plot_rtt(const char *dir, struct json_t *const *res, const char *const *words,
	     int nres, double duration, struct plot_out *out, char *msg, size_t len);

#endif
