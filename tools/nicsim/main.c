// SPDX-License-Identifier: MIT
/*
 * nicsim: the command line.
 *   nicsim run FILE [--set section.key=value]... [--json PATH|-]
 *              [--pcap PREFIX] [--pcap-merged FILE] [--seed N] [--quiet] [--force]
 *   nicsim probes [FILE] [--markdown]
 *   nicsim keys [FILTER] [--markdown] [--support]
 *   nicsim list
 *   nicsim validate [FILE...] [--include FILE]
 *   nicsim calibrate FILE --out DIR [-j N] [--force]
 *   nicsim sweep FILE [--axis KEY=VALUES]... [options] [--force] --out DIR
 * Exit status: 0 success, 1 a validation row or sweep point failed,
 * 2 bad input, 3 a broken model invariant (--check).
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "drivers/net/nic.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: nicsim COMMAND [ARGS]\n"
		"\n"
		"nicsim emulates the Linux transmit path of a NIC driver, from the socket\n"
		"down to the wire, deterministically.\n"
		"\n"
		"commands:\n"
		"  run FILE [options]   run a scenario and print a summary\n"
		"      --set S.KEY=VALUE  override a key (repeatable), e.g.\n"
		"                         --set host.dut.ethtool.tx-frames=1\n"
		"      --json PATH|-      write the results as JSON (- = stdout)\n"
		"      --pcap PREFIX      write PREFIX-A-B.pcap per link direction (A or B\n"
		"                         'switch' for a host's link to a [switch])\n"
		"      --pcap-merged FILE one capture of both directions in time order\n"
		"                         (each frame stamped when its first bit left\n"
		"                         the sending port; not with a [switch]); the\n"
		"                         files written are listed after the run\n"
		"      --seed N           override sim.seed\n"
		"      --include FILE     apply FILE's [host.NAME.cost] sections (nicsim\n"
		"                         calibrate's fitted.ini) before the --set\n"
		"      --quiet            no summary (and no progress line)\n"
		"      --check            verify the model's invariants after every event\n"
		"                         (skb frees, socket charges, qdisc, BQL, rings,\n"
		"                         frames within the MTU, clocks); a violation\n"
		"                         exits with status 3\n"
		"      --inject FAULT     with --check, break one on purpose (tests):\n"
		"                         double-free, wmem-leak, bql-excess, mtu-drop\n"
		"      --trace PATTERNS   write probes matching the comma-separated\n"
		"                         globs ('all', 'app.*', 'host.dut.txq*.ring.used')\n"
		"                         as CSV, one column per probe\n"
		"      --trace-every DUR|change  a row every DUR of simulated time\n"
		"                         (default: duration/1000) or at every change\n"
		"      --trace-out CSV    where (default trace.csv)\n"
		"      --report DIR       a self-contained HTML page (DIR/index.html) with\n"
		"                         plots of the traces (gnuplot), the summary and\n"
		"                         the scenario's validation rows\n"
		"      --compare \"S.KEY=VALUE ...\"  with --report: one more run with\n"
		"                         these overrides, drawn in the same plots\n"
		"      --force            write over outputs nicsim did not write (below)\n"
		"                       runs longer than a second show progress on\n"
		"                       stderr when it is a terminal (the second:\n"
		"                       NICSIM_PROGRESS_AFTER, in s)\n"
		"  explain FILE [options]  run it and say what limited each application:\n"
		"                       cause, rule and remedy, with the run's numbers\n"
		"                       (run's options; --quiet has no effect)\n"
		"  keys [FILTER] [--markdown] [--support]\n"
		"                       every scenario key: default (per driver, kernel or\n"
		"                       platform where they decide it), unit, meaning;\n"
		"                       FILTER keeps a section ('ethtool', 'host.NAME.sysctl',\n"
		"                       'app') or one key; --support: which driver, kernel,\n"
		"                       platform or qdisc supports which key\n"
		"  probes [FILE [--set S.KEY=VALUE]...] [--markdown]\n"
		"                       the probe catalogue, or the probes FILE's\n"
		"                       world offers (names for --trace)\n"
		"  list                 the shipped scenarios\n"
		"  validate [FILE...] [--include FILE]  published observations against\n"
		"                       the model (default: every shipped scenario)\n"
		"  calibrate FILE --out DIR [-j N] [--force]  fit [host.NAME.cost] keys\n"
		"                       to measured rows (docs/calibrate.md)\n"
		"  sweep FILE --out DIR [options]  run FILE over the cross product of\n"
		"                       axes; one JSON line per point, a CSV, a table\n"
		"      --axis KEY=V1,V2,...|KEY=LO:HI[:STEP]  an axis (repeatable)\n"
		"      --set S.KEY=VALUE  a fixed override (repeatable)\n"
		"      --repeat N         N seeds per point    --metric PATH  a CSV column\n"
		"      -j N               N worker processes (0: one per CPU); or run it\n"
		"                         under mpirun; DIR resumes an interrupted sweep\n"
		"      --force            start over a DIR that holds another sweep\n"
		"  --help, --version\n"
		"\n"
		"Outputs (--json, --pcap, --trace-out, --report, sweep --out): nicsim writes\n"
		"a path only if it does not exist or nicsim wrote it (a results JSON, trace\n"
		"or capture it recognises; a report directory holding .nicsim-report; the\n"
		"same sweep's directory). Anything else is refused with exit 2 before the\n"
		"run, unless --force: a file is then replaced, and a report's or a sweep's\n"
		"files are added to a directory without removing anything else in it\n"
		"(another sweep's directory starts over). Where a directory is needed, a\n"
		"file is refused even with --force; `--report .` is refused like any\n"
		"directory that holds no report. JSON, traces and reports appear whole:\n"
		"written beside their place under a temporary name (.*nicsim-tmp.*), then\n"
		"renamed. docs/results.md, \"Output files\".\n"
		"\n"
		"Exit status: 0 ok, 1 a validation row or sweep point failed, 2 bad input,\n"
		"3 a model invariant broke (--check).\n"
		"Scenario format: docs/scenario.md; results: docs/results.md.\n");
}

/* `nicsim COMMAND --help` (or -h) anywhere after the command; sweep has
 * its own usage text. */
static int asks_help(int argc, char **argv)
{
	int i;

	if (!strcmp(argv[1], "sweep"))
		return 0;
	for (i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help") ||
	    asks_help(argc, argv)) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("nicsim %s\n", NICSIM_VERSION);
		return 0;
	}
	nic_drivers_init();	/* the driver names scenarios are checked against */
	if (!strcmp(argv[1], "run"))
		return cmd_run(argc - 1, argv + 1);
	if (!strcmp(argv[1], "explain"))
		return cmd_explain(argc - 1, argv + 1);
	if (!strcmp(argv[1], "probes"))
		return cmd_probes(argc - 1, argv + 1);
	if (!strcmp(argv[1], "keys"))
		return cmd_keys(argc - 1, argv + 1);
	if (!strcmp(argv[1], "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(argv[1], "validate"))
		return cmd_validate(argc - 1, argv + 1);
	if (!strcmp(argv[1], "sweep"))
		return cmd_sweep(argc - 1, argv + 1);
	if (!strcmp(argv[1], "calibrate"))
		return cmd_calibrate(argc - 1, argv + 1);
	fprintf(stderr, "nicsim: unknown command '%s' (try nicsim --help)\n", argv[1]);
	return 2;
}
