// SPDX-License-Identifier: MIT
/*
 * Fuzz target: --set overrides on a shipped scenario.
 *
 * Contract: the first byte of the input picks a scenario of scenarios/
 * (its low four bits modulo their number, in name order: '0' is the
 * first); the rest is text. Each of its lines is applied to a pristine
 * copy with scenario_set(), as repeated --set options would be, and the
 * whole text, newlines taken as blanks, to another copy with
 * scenario_set_list(), as an expectation's `set` is. A copy whose
 * overrides all applied is checked (scenario_check) and, if it passes,
 * built (world_build) and run for at most FUZZ_RUN_MAX of simulated time.
 * Nothing may crash, leak, trip a sanitizer or loop; every refusal must
 * carry a message.
 */
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nicsim/scenario.h"
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "fuzz_world.h"

#define MAX_SCENARIOS	16
#define MAX_TEXT	4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct scenario pristine[MAX_SCENARIOS];
static int nr_pristine;
static struct scenario work;	/* large: not on the heap per input */

static int is_ini(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 4 && !strcmp(d->d_name + n - 4, ".ini");
}

/* Load every shipped scenario once; a failure is a broken checkout. */
static void load_pristine(void)
{
	const char *dir = NICSIM_SOURCE_DIR "/scenarios";
	struct scn_error err = { { 0 } };
	struct dirent **list;
	char path[4096];
	int i, n;

	n = scandir(dir, &list, is_ini, alphasort);
	if (n <= 0) {
		fprintf(stderr, "fuzz_set: no scenarios in %s\n", dir);
		abort();
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
		if (nr_pristine < MAX_SCENARIOS) {
			scenario_init(&pristine[nr_pristine]);
			if (scenario_load(&pristine[nr_pristine], path, &err)) {
				fprintf(stderr, "fuzz_set: %s\n", err.msg);
				abort();
			}
			nr_pristine++;
		}
		free(list[i]);
	}
	free(list);
}

static void build_and_run(const struct scenario *s)
{
	struct scn_error err = { { 0 } };

	if (scenario_check(s, &err)) {
		if (!err.msg[0])
			abort();
		return;
	}
	fuzz_build_and_run(s);
}

/* Every line through scenario_set(), on a copy of src. */
static void set_lines(const struct scenario *src, char *text)
{
	struct scn_error err = { { 0 } };
	struct scenario *s = &work;
	char *line, *save = NULL;
	bool ok = true;

	scenario_copy(s, src);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		err.msg[0] = '\0';
		if (scenario_set(s, line, &err)) {
			if (!err.msg[0])
				abort();
			ok = false;
		}
	}
	if (ok)
		build_and_run(s);
	scenario_free(s);
}

/* The whole text, one line, through scenario_set_list(). */
static void set_list(const struct scenario *src, char *text)
{
	struct scn_error err = { { 0 } };
	struct scenario *s = &work;
	char *p;

	for (p = text; *p; p++)
		if (*p == '\n')
			*p = ' ';
	scenario_copy(s, src);
	if (scenario_set_list(s, text, &err)) {
		if (!err.msg[0])
			abort();
	} else {
		build_and_run(s);
	}
	scenario_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct scenario *src;
	char *a, *b;

	nic_drivers_init();
	if (!nr_pristine)
		load_pristine();
	if (!size || size > MAX_TEXT || memchr(data, '\0', size))
		return 0;	/* arguments are C strings */
	src = &pristine[(data[0] & 0x0f) % nr_pristine];
	a = malloc(size);
	b = malloc(size);
	if (!a || !b)
		abort();
	memcpy(a, data + 1, size - 1);
	a[size - 1] = '\0';
	memcpy(b, a, size);
	set_lines(src, a);
	set_list(src, b);
	free(a);
	free(b);
	return 0;
}
