// SPDX-License-Identifier: MIT
/*
 * Fuzz target: the scenario loader on whole files.
 *
 * Contract: the input is a scenario file. It is loaded from memory
 * (fmemopen) with scenario_load_stream() and checked with scenario_check();
 * an input that passes also builds its world (world_build) and runs it for
 * at most FUZZ_RUN_MAX of simulated time before world_destroy(), so the
 * model sees every combination the loader lets through. Nothing may crash,
 * leak, trip a sanitizer or loop; a failed load must leave a message.
 * The cap keeps one execution well under a millisecond (docs/robustness.md).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nicsim/scenario.h"
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "fuzz_world.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct scenario scn;	/* large: not on the heap per input */
	struct scn_error err = { { 0 } };
	struct scenario *s = &scn;
	char *copy;
	FILE *f;

	nic_drivers_init();
	if (!size)
		return 0;
	copy = malloc(size);	/* exact size: ASan sees any overread */
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	f = fmemopen(copy, size, "r");
	if (!f) {
		free(copy);
		return 0;
	}
	scenario_init(s);
	if (scenario_load_stream(s, f, "fuzz.ini", &err)) {
		if (!err.msg[0])
			abort();
	} else if (!scenario_check(s, &err)) {
		fuzz_build_and_run(s);
	}
	scenario_free(s);
	fclose(f);
	free(copy);
	return 0;
}
