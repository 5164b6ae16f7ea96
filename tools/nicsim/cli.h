/* SPDX-License-Identifier: MIT */
#ifndef NICSIM_CLI_H
#define NICSIM_CLI_H
int cmd_run(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_keys(int argc, char **argv);
int cmd_probes(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
/* Shipped scenarios: $NICSIM_SCENARIOS or the source tree's scenarios/. */
const char *scenarios_dir(void);
#endif
