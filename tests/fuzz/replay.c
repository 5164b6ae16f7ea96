// SPDX-License-Identifier: MIT
/*
 * A main() for the fuzz targets outside libFuzzer: runs every file named
 * on the command line, and every regular file in every directory named
 * (sorted, not recursive, dot files skipped), through
 * LLVMFuzzerTestOneInput(). A directory that does not exist is skipped
 * with a note, so an empty regressions/ folder (which git does not keep)
 * is no error. Built into the normal and the sanitizer builds, it replays
 * the seed corpus and the regressions under `make check`; built with
 * afl-clang-fast it is also a plain AFL++ target taking @@.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REPLAY_MAX_INPUT	(1 << 20)

static int replay_file(const char *path)
{
	static uint8_t buf[REPLAY_MAX_INPUT];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int skip_dot(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* Number of files replayed, or -1. */
static int replay_dir(const char *dir)
{
	struct dirent **list;
	char path[4096];
	struct stat st;
	int i, n, done = 0, rc = 0;

	n = scandir(dir, &list, skip_dot, by_name);
	if (n < 0) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
		if (!stat(path, &st) && S_ISREG(st.st_mode)) {
			if (replay_file(path))
				rc = -1;
			else
				done++;
		}
		free(list[i]);
	}
	free(list);
	return rc ? -1 : done;
}

int main(int argc, char **argv)
{
	struct stat st;
	int i, n, total = 0;

	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st)) {
			fprintf(stderr, "replay: %s: missing, skipped\n", argv[i]);
			continue;
		}
		n = S_ISDIR(st.st_mode) ? replay_dir(argv[i]) :
					  (replay_file(argv[i]) ? -1 : 1);
		if (n < 0)
			return 1;
		total += n;
	}
	printf("replay: %d input(s), no crash\n", total);
	return 0;
}
