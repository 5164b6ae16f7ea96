// SPDX-License-Identifier: MIT
/*
 * The output directory of a sweep:
 *   DIR/manifest.json       what the sweep is: the scenario (path and
 *                           content), overrides, axes, repeat, metrics
 *   DIR/points/NNNNNN.json  one finished point, a single JSON line
 *   DIR/results.jsonl, DIR/results.csv   the merge (sweep_merge.c)
 *   DIR/stats/summary.csv   with --repeat > 1, the repeats' statistics
 *                           (sweep_merge.c)
 *
 * Contract: every file appears whole or not at all (a temporary in the
 * same directory, then rename), so after a kill -9 a point file exists
 * if and only if the point finished; temporaries end in ".tmp.PID" and
 * sweep_dir_tidy removes them (and no other file). A directory whose
 * manifest differs from this sweep's (the scenario's path aside: its
 * content counts) is refused, as is a non-empty directory without a
 * sweep's manifest and anything that is not a directory. With --force,
 * another sweep's directory starts over (its manifest, point files and
 * merged files are removed, nothing else), and a non-empty directory
 * that holds no sweep gets this one's files beside its own (not if it
 * has a points/ with anything in it). Files are not fsync'ed: they
 * survive the death of nicsim, not a power cut.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sweep.h"

#define PATH_LEN	4096

static void dir_file(const struct sweep *sw, const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", sw->out, name);
}

static json_t *manifest(const struct sweep *sw)
{
	json_t *m = json_object(), *sets = json_array();
	json_t *axes = json_array(), *metrics = json_array();
	int i, k;

	for (i = 0; i < sw->nr_sets; i++)
		json_array_append_new(sets, json_string(sw->sets[i].arg));
	for (i = 0; i < sw->nr_axes; i++) {
		json_t *ax = json_object(), *v = json_array();

		for (k = 0; k < sw->axes[i].nr_values; k++)
			json_array_append_new(v, json_string(sw->axes[i].values[k]));
		json_object_set_new(ax, "key", json_string(sw->axes[i].key));
		json_object_set_new(ax, "values", v);
		json_array_append_new(axes, ax);
	}
	for (i = 0; i < sw->nr_metrics; i++)
		json_array_append_new(metrics, json_string(sw->metrics[i]));
	json_object_set_new(m, "nicsim_sweep", json_integer(1));
	json_object_set_new(m, "scenario", json_string(sw->file));
	json_object_set_new(m, "scenario_text", json_string(sw->text));
	if (sw->include) {
		json_object_set_new(m, "include", json_string(sw->include));
		json_object_set_new(m, "include_text", json_string(sw->include_text));
	}
	json_object_set_new(m, "set", sets);
	json_object_set_new(m, "axes", axes);
	json_object_set_new(m, "repeat", json_integer(sw->repeat));
	json_object_set_new(m, "metrics", metrics);
	return m;
}

/* What makes two sweeps different, in words; NULL when they are the same. */
static const char *manifest_diff(json_t *old, json_t *cur)
{
	static const char *const parts[][2] = {
		{ "nicsim_sweep", "format" },
		{ "scenario_text", "scenario file content" },
		{ "include_text", "--include file content" },
		{ "set", "--set overrides" },
		{ "axes", "axes" },
		{ "repeat", "--repeat" },
		{ "metrics", "metrics" },
	};
	size_t i;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		json_t *a = json_object_get(old, parts[i][0]);
		json_t *b = json_object_get(cur, parts[i][0]);

		if ((a || b) && !json_equal(a, b))	/* absent in both: the same */
			return parts[i][1];
	}
	return NULL;
}

static int mkdir_p(const char *path)
{
	char buf[PATH_LEN], *p;

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0777) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(buf, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

static int make_out(const char *out)
{
	struct stat st;

	if (!stat(out, &st) && !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "nicsim sweep: --out %s: exists and is not a directory; nicsim "
			"does not replace it with one, even with --force\n", out);
		return -1;
	}
	if (mkdir_p(out) || stat(out, &st))
		goto fail;
	if (S_ISDIR(st.st_mode))
		return 0;
	errno = ENOTDIR;
fail:
	fprintf(stderr, "nicsim sweep: cannot make directory %s: %s\n", out,
		strerror(errno));
	return -1;
}

/* Entries other than . and ..; -1 if it cannot be read. */
static int dir_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

/* A temporary of sweep_atomic_open: NAME.tmp.PID. */
static bool is_tmp_name(const char *name)
{
	const char *p = strstr(name, ".tmp."), *q;

	if (!p)
		return false;
	for (q = p + 5; *q; q++)
		if (!isdigit((unsigned char)*q))
			return false;
	return q > p + 5;
}

/* A point file (NNNNNN.json) or a temporary of one. */
static bool is_point_name(const char *name)
{
	const char *q = name;

	while (isdigit((unsigned char)*q))
		q++;
	return q - name >= 6 && (!strcmp(q, ".json") || (!strncmp(q, ".json", 5) &&
							 is_tmp_name(q)));
}

/* The pid of another process holding the manifest's lock; 0 if none. */
static long manifest_busy(const char *path)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd = open(path, O_RDWR);

	if (fd < 0)
		return 0;
	if (fcntl(fd, F_GETLK, &fl))
		fl.l_type = F_UNLCK;
	close(fd);
	return fl.l_type == F_UNLCK ? 0 : (fl.l_pid > 0 ? fl.l_pid : -1);
}

static void remove_if_file(const char *path)
{
	struct stat st;

	if (!lstat(path, &st) && S_ISREG(st.st_mode))
		unlink(path);
}

/* --force over another sweep: its point files first (so a kill half-way
 * leaves the old sweep, some points short), then its merged files. */
static void remove_sweep(const struct sweep *sw)
{
	char path[PATH_LEN], f[PATH_LEN + 256];
	struct dirent *e;
	DIR *d;

	dir_file(sw, "points", path, sizeof(path));
	d = opendir(path);
	while (d && (e = readdir(d))) {
		if (!is_point_name(e->d_name))
			continue;
		snprintf(f, sizeof(f), "%s/%s", path, e->d_name);
		remove_if_file(f);
	}
	if (d)
		closedir(d);
	dir_file(sw, "results.jsonl", path, sizeof(path));
	remove_if_file(path);
	dir_file(sw, "results.csv", path, sizeof(path));
	remove_if_file(path);
	dir_file(sw, "stats/summary.csv", path, sizeof(path));
	remove_if_file(path);
}

static int write_manifest(const struct sweep *sw, const char *path, json_t *cur)
{
	char tmp[PATH_LEN];
	FILE *f;

	f = sweep_atomic_open(path, tmp, sizeof(tmp));
	if (!f)
		return -1;
	json_dumpf(cur, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	return sweep_atomic_commit(f, tmp, path);
}

/* DIR holds another sweep: refused, or (--force) started over. */
static int other_sweep(const struct sweep *sw, const char *path, json_t *cur,
		       const char *diff)
{
	long pid = manifest_busy(path);

	if (sw->force && !pid) {
		remove_sweep(sw);
		return write_manifest(sw, path, cur);
	}
	if (pid) {
		fprintf(stderr, "nicsim sweep: %s holds another sweep, running now (pid %ld)\n",
			sw->out, pid);
		return -1;
	}
	fprintf(stderr, "nicsim sweep: %s holds another sweep (not the same %s, "
		"see %s): use another --out, or --force to start over there (its "
		"points and results are removed)\n", sw->out, diff, path);
	return -1;
}

/* No sweep in DIR: a new one if DIR is empty, or with --force. */
static int new_sweep(const struct sweep *sw, const char *path, json_t *cur)
{
	char points[PATH_LEN];

	dir_file(sw, "points", points, sizeof(points));
	if (!sw->force && dir_entries(sw->out) != 0) {
		fprintf(stderr, "nicsim sweep: %s is not empty and holds no sweep's "
			"manifest.json: not a sweep directory (use another --out, or "
			"--force to add the sweep's files to it)\n", sw->out);
		return -1;
	}
	if (dir_entries(points) > 0) {
		fprintf(stderr, "nicsim sweep: %s holds files that are not this sweep's; "
			"nicsim does not mix them, even with --force\n", points);
		return -1;
	}
	return write_manifest(sw, path, cur);
}

int sweep_dir_prepare(const struct sweep *sw)
{
	char path[PATH_LEN];
	json_t *cur = manifest(sw), *old;
	const char *diff;
	int rc;

	if (make_out(sw->out)) {
		json_decref(cur);
		return -1;
	}
	dir_file(sw, "manifest.json", path, sizeof(path));
	old = json_load_file(path, 0, NULL);
	diff = manifest_diff(old, cur);
	if (!json_is_integer(json_object_get(old, "nicsim_sweep")))
		rc = new_sweep(sw, path, cur);
	else
		rc = diff ? other_sweep(sw, path, cur, diff) : 0;
	json_decref(old);
	json_decref(cur);
	dir_file(sw, "points", path, sizeof(path));
	if (!rc && mkdir(path, 0777) && errno != EEXIST) {
		fprintf(stderr, "nicsim sweep: cannot make directory %s: %s\n",
			path, strerror(errno));
		rc = -1;
	}
	return rc;
}

/* A write lock on the manifest, held until exit: one sweep per directory. */
int sweep_dir_lock(const struct sweep *sw)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	char path[PATH_LEN];
	int fd;

	dir_file(sw, "manifest.json", path, sizeof(path));
	fd = open(path, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "nicsim sweep: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!fcntl(fd, F_SETLK, &fl))
		return 0;	/* fd stays open: closing it would drop the lock */
	if (fcntl(fd, F_GETLK, &fl) || fl.l_type == F_UNLCK)
		fl.l_pid = 0;
	fprintf(stderr, "nicsim sweep: %s is in use by another nicsim sweep "
		"(pid %ld)\n", sw->out, (long)fl.l_pid);
	close(fd);
	return -1;
}

void sweep_point_path(const struct sweep *sw, long i, char *buf, size_t len)
{
	snprintf(buf, len, "%s/points/%06ld.json", sw->out, i);
}

bool sweep_point_done(const struct sweep *sw, long i)
{
	char path[PATH_LEN];
	struct stat st;

	sweep_point_path(sw, i, path, sizeof(path));
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

int sweep_point_write(const struct sweep *sw, long i, json_t *rec)
{
	char path[PATH_LEN], tmp[PATH_LEN];
	FILE *f;

	sweep_point_path(sw, i, path, sizeof(path));
	f = sweep_atomic_open(path, tmp, sizeof(tmp));
	if (!f)
		return -1;
	json_dumpf(rec, f, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
	fputc('\n', f);
	return sweep_atomic_commit(f, tmp, path);
}

FILE *sweep_atomic_open(const char *path, char *tmp, size_t len)
{
	FILE *f;

	if (snprintf(tmp, len, "%s.tmp.%ld", path, (long)getpid()) >= (int)len) {
		fprintf(stderr, "nicsim sweep: path too long: %s\n", path);
		return NULL;
	}
	f = fopen(tmp, "w");
	if (!f)
		fprintf(stderr, "nicsim sweep: cannot write %s: %s\n", tmp, strerror(errno));
	return f;
}

int sweep_atomic_commit(FILE *f, const char *tmp, const char *path)
{
	bool bad = ferror(f);

	bad |= fclose(f) != 0;
	if (!bad && !rename(tmp, path))
		return 0;
	fprintf(stderr, "nicsim sweep: cannot write %s: %s\n", path,
		strerror(errno ? errno : EIO));
	remove(tmp);
	return -1;
}

static void tidy(const char *path)
{
	struct dirent *e;
	DIR *d = opendir(path);

	if (!d)
		return;
	while ((e = readdir(d))) {
		char f[PATH_LEN + 256];

		if (!is_tmp_name(e->d_name))
			continue;
		snprintf(f, sizeof(f), "%s/%s", path, e->d_name);
		remove(f);
	}
	closedir(d);
}

/* Temporaries left by processes killed while writing. */
void sweep_dir_tidy(const struct sweep *sw)
{
	char path[PATH_LEN];

	tidy(sw->out);
	dir_file(sw, "points", path, sizeof(path));
	tidy(path);
	dir_file(sw, "stats", path, sizeof(path));
	tidy(path);
}
