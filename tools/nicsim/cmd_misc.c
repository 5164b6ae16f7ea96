// SPDX-License-Identifier: MIT
/* nicsim keys, list, validate. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "nicsim/scenario.h"
#include "sim/run/settings.h"
#include "sim/run/validate.h"

const char *scenarios_dir(void)
{
	const char *d = getenv("NICSIM_SCENARIOS");

	return d && *d ? d : NICSIM_SOURCE_DIR "/scenarios";
}

/* Anything but the expected option is refused, exit 2. */
static int extra_args(const char *cmd, int argc, char **argv, const char *allowed)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!allowed || strcmp(argv[i], allowed)) {
			fprintf(stderr, "nicsim %s: unexpected argument '%s' (try nicsim --help)\n",
				cmd, argv[i]);
			return 1;
		}
	return 0;
}

/* nicsim keys [FILTER] [--markdown] [--support] */
int cmd_keys(int argc, char **argv)
{
	struct scn_keys_opts o = { .profile_default = settings_default };
	struct scn_error err;
	bool support = false;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--markdown")) {
			o.markdown = true;
		} else if (!strcmp(argv[i], "--support")) {
			support = true;
		} else if (argv[i][0] != '-' && !o.filter) {
			o.filter = argv[i];
		} else {
			fprintf(stderr, "nicsim keys: unexpected argument '%s' (try nicsim --help)\n",
				argv[i]);
			return 2;
		}
	}
	if (support) {
		if (scenario_print_keys(NULL, &o, &err))
			goto bad;
		settings_print_support(stdout, o.markdown, o.filter);
		return 0;
	}
	if (!scenario_print_keys(stdout, &o, &err))
		return 0;
bad:
	fprintf(stderr, "nicsim keys: %s\n", err.msg);
	return 2;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted paths of the shipped *.ini files; returns the count. */
static int shipped(char ***out)
{
	DIR *d = opendir(scenarios_dir());
	struct dirent *e;
	char **v = NULL;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l < 5 || strcmp(e->d_name + l - 4, ".ini"))
			continue;
		v = realloc(v, sizeof(*v) * (size_t)(n + 1));
		v[n] = malloc(strlen(scenarios_dir()) + l + 2);
		sprintf(v[n++], "%s/%s", scenarios_dir(), e->d_name);
	}
	closedir(d);
	if (n)
		qsort(v, (size_t)n, sizeof(*v), cmp_str);
	*out = v;
	return n;
}

static void free_list(char **v, int n)
{
	while (n--)
		free(v[n]);
	free(v);
}

int cmd_list(int argc, char **argv)
{
	char **v = NULL;
	int n, i;

	if (extra_args("list", argc, argv, NULL))
		return 2;
	n = shipped(&v);

	for (i = 0; i < n; i++) {
		struct scenario s;
		struct scn_error err;

		scenario_init(&s);
		if (scenario_load(&s, v[i], &err))
			printf("%-48s (does not load: %s)\n", v[i], err.msg);
		else
			printf("%-48s %d host(s), %d app(s), %d expectation(s)\n", v[i],
			       s.nr_hosts, s.nr_apps, s.nr_expect);
		scenario_free(&s);
	}
	free_list(v, n);
	return 0;
}

/* validate's arguments: scenario files and --include FILE; -1 after a
 * message. The files are moved to the front of argv. */
static int validate_args(int argc, char **argv, const char **include, int *nfiles)
{
	int i;

	*nfiles = 0;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--include") && i + 1 < argc) {
			*include = argv[++i];
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "nicsim validate: unknown option '%s' (it takes scenario "
				"files and --include FILE; rows carry their own overrides in "
				"'set')\n", argv[i]);
			return -1;
		} else {
			argv[1 + (*nfiles)++] = argv[i];
		}
	}
	return 0;
}

int cmd_validate(int argc, char **argv)
{
	struct validate_count cnt = { 0 };
	struct scn_error err;
	const char *include = NULL;
	char **v = NULL, *pairs_text = NULL;
	size_t pairs_len = 0;
	FILE *pairs;
	int n, i, rc = 0, nfiles;

	if (validate_args(argc, argv, &include, &nfiles))
		return 2;
	if (nfiles) {
		v = argv + 1;
		n = nfiles;
	} else {
		n = shipped(&v);
	}
	pairs = open_memstream(&pairs_text, &pairs_len);
	if (!pairs) {
		perror("nicsim validate");
		return 2;
	}
	validate_header(stdout);
	for (i = 0; i < n; i++) {
		if (validate_file(v[i], include, stdout, pairs, &cnt, &err)) {
			fprintf(stderr, "%s\n", err.msg);
			rc = 2;
		}
	}
	fclose(pairs);
	if (cnt.pairs) {	/* after every row: the second table */
		validate_pairs_header(stdout);
		fputs(pairs_text, stdout);
	}
	free(pairs_text);
	validate_headline(stdout, &cnt);
	if (!nfiles)
		free_list(v, n);
	if (rc)
		return rc;
	return cnt.failed || cnt.pairs_failed ? 1 : 0;
}
