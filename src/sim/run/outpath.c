// SPDX-License-Identifier: MIT
/* Output paths: ownership, temporaries, report directories (see outpath.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include "sim/run/outpath.h"
#include "sim/run/probe.h"
#include "sim/report/pcap.h"
#include "sim/engine/util.h"

#define TMP_TAG		".nicsim-tmp."
#define MARKER_HEAD	"nicsim report directory"
#define PCAP_HDR_LEN	24
#define PCAP_REC_LEN	16
#define MAC_LEN		6

static int say(char *msg, size_t len, const char *why)
{
	snprintf(msg, len, "%s", why);
	return -1;
}

/* ---- what nicsim wrote ----------------------------------------------- */

static bool json_is_nicsims(const char *path)
{
	json_t *j = json_load_file(path, 0, NULL);
	json_t *meta = json_object_get(j, "nicsim");
	bool ok = json_is_object(meta) && json_is_string(json_object_get(meta, "version"));

	json_decref(j);
	return ok;
}

/* "time_s,NAME,NAME,...": every NAME a probe of the catalogue. */
static bool trace_header_is_nicsims(char *line)
{
	char *p, *comma;

	line[strcspn(line, "\r\n")] = '\0';
	if (strncmp(line, "time_s,", 7))
		return false;
	for (p = line + 7;; p = comma + 1) {
		comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		if (!*p || !probe_tmpl_of(p))
			return false;
		if (!comma)
			return true;
	}
}

static bool trace_is_nicsims(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	bool ok;

	if (!f)
		return false;
	ok = getline(&line, &cap, f) > 0 && trace_header_is_nicsims(line);
	free(line);
	fclose(f);
	return ok;
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool pcap_header_is_nicsims(const uint8_t *h)
{
	return get_le32(h) == PCAP_MAGIC_NS && get_le32(h + 4) == (2u | 4u << 16) &&
	       !get_le32(h + 8) && !get_le32(h + 12) && get_le32(h + 16) == PCAP_SNAPLEN &&
	       get_le32(h + 20) == PCAP_LINKTYPE_ETHERNET;
}

/* 02:00:00:00:00:xx, the locally administered MACs pcap.c writes. */
static bool nicsim_mac(const uint8_t *m)
{
	static const uint8_t oui[MAC_LEN - 1] = { 0x02, 0, 0, 0, 0 };

	return !memcmp(m, oui, sizeof(oui));
}

/* The next record: 1 nicsim's, 0 the end of the file (a run killed while
 * writing may leave a last record cut short), -1 not nicsim's. */
static int pcap_record(FILE *f)
{
	uint8_t r[PCAP_REC_LEN + 2 * MAC_LEN];
	uint32_t incl;

	if (fread(r, 1, sizeof(r), f) < sizeof(r))
		return 0;
	incl = get_le32(r + 8);
	if (incl > PCAP_SNAPLEN || incl > get_le32(r + 12) || incl < 2 * MAC_LEN ||
	    !nicsim_mac(r + PCAP_REC_LEN) || !nicsim_mac(r + PCAP_REC_LEN + MAC_LEN))
		return -1;
	return fseek(f, (long)(incl - 2 * MAC_LEN), SEEK_CUR) ? -1 : 1;
}

static bool pcap_is_nicsims(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t h[PCAP_HDR_LEN];
	int i, r = 1;

	if (!f)
		return false;
	if (fread(h, 1, sizeof(h), f) < sizeof(h) || !pcap_header_is_nicsims(h))
		r = -1;
	for (i = 0; i < OUTPATH_PCAP_PROBE && r > 0; i++)
		r = pcap_record(f);
	fclose(f);
	return r >= 0;
}

bool outpath_is_nicsims(const char *path, enum outpath_kind kind)
{
	switch (kind) {
	case OUTPATH_JSON:
		return json_is_nicsims(path);
	case OUTPATH_TRACE:
		return trace_is_nicsims(path);
	case OUTPATH_PCAP:
		return pcap_is_nicsims(path);
	}
	return false;
}

/* ---- paths ------------------------------------------------------------ */

/* path without trailing slashes into buf; its last component's offset. */
static size_t split(const char *path, char *buf, size_t len)
{
	size_t n;
	char *slash;

	snprintf(buf, len, "%s", path);
	n = strlen(buf);
	while (n > 1 && buf[n - 1] == '/')
		buf[--n] = '\0';
	slash = strrchr(buf, '/');
	return slash ? (size_t)(slash - buf + 1) : 0;
}

/* The directory path would be made in exists. */
static int parent_ok(const char *path, char *msg, size_t len)
{
	char buf[OUTPATH_LEN];
	size_t base = split(path, buf, sizeof(buf));
	struct stat st;

	if (!base)
		snprintf(buf, sizeof(buf), ".");
	else
		buf[base > 1 ? base - 1 : base] = '\0';
	if (!stat(buf, &st) && S_ISDIR(st.st_mode))
		return 0;
	snprintf(msg, len, "there is no directory %s to make it in", buf);
	return -1;
}

int outpath_check(const char *path, enum outpath_kind kind, bool force,
		  char *msg, size_t len)
{
	struct stat st;

	if (lstat(path, &st)) {
		int e = errno;

		if (parent_ok(path, msg, len))
			return -1;
		return e == ENOENT ? 0 : say(msg, len, strerror(e));
	}
	if (S_ISDIR(st.st_mode))
		return say(msg, len, "is a directory; a file is needed here");
	if (S_ISLNK(st.st_mode))
		return force ? 0 : say(msg, len, "is a symbolic link, which nicsim does not write "
				       "(use --force to replace the link)");
	if (!S_ISREG(st.st_mode))
		return say(msg, len, "is not a regular file; nicsim does not replace it");
	/* an empty file holds nothing to lose: mktemp(1) makes one to write to */
	if (force || !st.st_size || outpath_is_nicsims(path, kind))
		return 0;
	return say(msg, len, "exists and was not written by nicsim (use --force to replace it)");
}

/* ---- temporaries ------------------------------------------------------ */

/* prefix + "PID-N", made exclusively as a file (its fd) or a directory
 * (0); -1 + errno. */
static int create_unique(const char *prefix, bool dir, char *tmp, size_t len)
{
	int n, fd;

	for (n = 0; n < 1000; n++) {
		if (snprintf(tmp, len, "%s%ld-%d", prefix, (long)getpid(), n) >= (int)len) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = dir ? mkdir(tmp, 0777) : open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/* The prefix of a temporary beside path: DIR/.NAME.nicsim-tmp. */
static void tmp_prefix(const char *path, char *prefix, size_t len)
{
	char buf[OUTPATH_LEN];
	size_t base = split(path, buf, sizeof(buf));

	snprintf(prefix, len, "%.*s.%s" TMP_TAG, (int)base, buf, buf + base);
}

FILE *outpath_tmp_open(const char *path, char *tmp, size_t len)
{
	char prefix[OUTPATH_LEN];
	FILE *f;
	int fd;

	tmp_prefix(path, prefix, sizeof(prefix));
	fd = create_unique(prefix, false, tmp, len);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (!f) {
		int e = errno;

		close(fd);
		unlink(tmp);
		errno = e;
	}
	return f;
}

int outpath_tmp_commit(FILE *f, const char *tmp, const char *path)
{
	bool bad = ferror(f);
	int e;

	errno = 0;
	bad |= fclose(f) != 0;
	if (!bad && !rename(tmp, path))
		return 0;
	e = errno ? errno : EIO;
	unlink(tmp);
	errno = e;
	return -1;
}

void outpath_tmp_abort(FILE *f, const char *tmp)
{
	if (f)
		fclose(f);
	unlink(tmp);
}

/* ---- report directories ---------------------------------------------- */

struct names {
	char	**v;
	int	n;
};

static void names_add(struct names *l, const char *s)
{
	l->v = xrealloc(l->v, sizeof(*l->v) * (size_t)(l->n + 1));
	l->v[l->n++] = xstrdup(s);
}

static bool names_has(const struct names *l, const char *s)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return true;
	return false;
}

static void names_free(struct names *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static int names_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A name the marker may list: one entry of the directory itself. */
static bool plain_name(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..") &&
	       strcmp(s, OUTPATH_MARKER);
}

/* The files of the report in tmp (not the marker), sorted. */
static void list_dir(const char *dir, struct names *l)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (plain_name(e->d_name))
			names_add(l, e->d_name);
	if (d)
		closedir(d);
	if (l->n)
		qsort(l->v, (size_t)l->n, sizeof(*l->v), names_cmp);
}

/* DIR's marker: true if nicsim wrote DIR, with the names it lists. */
static bool marker_read(const char *dir, struct names *l)
{
	char path[OUTPATH_LEN], *line = NULL;
	size_t cap = 0;
	struct stat st;
	bool ok;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, OUTPATH_MARKER);
	if (lstat(path, &st) || !S_ISREG(st.st_mode) || !(f = fopen(path, "r")))
		return false;
	ok = getline(&line, &cap, f) > 0 && !strncmp(line, MARKER_HEAD, strlen(MARKER_HEAD));
	while (ok && l && getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		if (plain_name(line))
			names_add(l, line);
	}
	free(line);
	fclose(f);
	return ok;
}

/* The marker at path, listing a's names and b's (either may be NULL). */
static int marker_write(const char *path, const struct names *a, const struct names *b)
{
	struct names all = { 0 };
	char tmp[OUTPATH_LEN];
	FILE *f = outpath_tmp_open(path, tmp, sizeof(tmp));
	int i;

	if (!f)
		return -1;
	for (i = 0; a && i < a->n; i++)
		names_add(&all, a->v[i]);
	for (i = 0; b && i < b->n; i++)
		if (!names_has(&all, b->v[i]))
			names_add(&all, b->v[i]);
	if (all.n)
		qsort(all.v, (size_t)all.n, sizeof(*all.v), names_cmp);
	fprintf(f, MARKER_HEAD " (nicsim %s, nicsim run --report): a new report here "
		"replaces or removes the files listed below, and no other\n", NICSIM_VERSION);
	for (i = 0; i < all.n; i++)
		fprintf(f, "%s\n", all.v[i]);
	names_free(&all);
	return outpath_tmp_commit(f, tmp, path);
}

int outpath_report_check(const char *dir, bool force, char *msg, size_t len)
{
	struct stat st;

	if (lstat(dir, &st))
		return errno == ENOENT ? parent_ok(dir, msg, len) : say(msg, len, strerror(errno));
	if (S_ISLNK(st.st_mode) && stat(dir, &st))
		return say(msg, len, "is a symbolic link to nothing; nicsim does not replace it");
	if (!S_ISDIR(st.st_mode))
		return say(msg, len, "exists and is not a directory; nicsim does not replace "
			   "it with one, even with --force");
	if (force || marker_read(dir, NULL))
		return 0;
	return say(msg, len, "is a directory nicsim did not write (no " OUTPATH_MARKER
		   " in it): give a new DIR, or use --force to add the report's files to it "
		   "(nothing else there is touched)");
}

int outpath_report_begin(const char *dir, char *tmp, size_t len, char *msg, size_t mlen)
{
	char prefix[OUTPATH_LEN];
	struct stat st;

	if (!stat(dir, &st))
		snprintf(prefix, sizeof(prefix), "%s/" TMP_TAG, dir);
	else
		tmp_prefix(dir, prefix, sizeof(prefix));
	if (!create_unique(prefix, true, tmp, len))
		return 0;
	snprintf(msg, mlen, "cannot make a directory beside it (%s): %s", tmp, strerror(errno));
	return -1;
}

static int left_in(const char *tmp, const char *why, char *msg, size_t len)
{
	snprintf(msg, len, "%s; the new report is in %s", why, tmp);
	return -1;
}

/* Report files in dir that nicsim did not write (old: what it did). */
static int find_clash(const char *tmp, const char *dir, const struct names *cur,
		      const struct names *old, char *msg, size_t len)
{
	char path[OUTPATH_LEN], why[OUTPATH_LEN + 128];
	struct stat st;
	int i;

	for (i = 0; i < cur->n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, cur->v[i]);
		if (lstat(path, &st) || names_has(old, cur->v[i]))
			continue;
		snprintf(why, sizeof(why), "%s exists and was not written by nicsim "
			 "(use --force to replace it)", path);
		return left_in(tmp, why, msg, len);
	}
	return 0;
}

/* The files nicsim wrote last time that this report has not. */
static void remove_stale(const char *dir, const struct names *cur, const struct names *old)
{
	char path[OUTPATH_LEN];
	struct stat st;
	int i;

	for (i = 0; i < old->n; i++) {
		if (names_has(cur, old->v[i]))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, old->v[i]);
		if (!lstat(path, &st) && S_ISREG(st.st_mode))
			unlink(path);
	}
}

/*
 * Into an existing directory, file by file: the marker first lists the
 * old and the new files (so a kill half-way leaves every file nicsim
 * wrote listed), then the files are renamed in, the old report's files
 * this one has not are removed, and the marker lists the new ones.
 */
static int publish_into(const char *tmp, const char *dir, const struct names *cur,
			const struct names *old, bool force, char *msg, size_t len)
{
	char from[OUTPATH_LEN], to[OUTPATH_LEN], marker[OUTPATH_LEN];
	int i;

	if (!force && find_clash(tmp, dir, cur, old, msg, len))
		return -1;
	snprintf(marker, sizeof(marker), "%s/%s", dir, OUTPATH_MARKER);
	if (marker_write(marker, old, cur))
		return left_in(tmp, strerror(errno), msg, len);
	for (i = 0; i < cur->n; i++) {
		snprintf(from, sizeof(from), "%s/%s", tmp, cur->v[i]);
		snprintf(to, sizeof(to), "%s/%s", dir, cur->v[i]);
		if (rename(from, to))
			return left_in(tmp, strerror(errno), msg, len);
	}
	remove_stale(dir, cur, old);
	if (marker_write(marker, cur, NULL))
		return left_in(tmp, strerror(errno), msg, len);
	rmdir(tmp);
	return 0;
}

int outpath_report_publish(const char *tmp, const char *dir, bool force,
			   char *msg, size_t len)
{
	struct names cur = { 0 }, old = { 0 };
	char marker[OUTPATH_LEN];
	struct stat st;
	int rc;

	list_dir(tmp, &cur);
	if (lstat(dir, &st) && errno == ENOENT) {
		snprintf(marker, sizeof(marker), "%s/%s", tmp, OUTPATH_MARKER);
		rc = marker_write(marker, &cur, NULL) || rename(tmp, dir) ?
		     left_in(tmp, strerror(errno), msg, len) : 0;
	} else {
		marker_read(dir, &old);
		rc = publish_into(tmp, dir, &cur, &old, force, msg, len);
	}
	names_free(&cur);
	names_free(&old);
	return rc;
}

static void remove_tree(const char *path)
{
	char sub[OUTPATH_LEN];
	DIR *d = opendir(path);
	struct dirent *e;
	struct stat st;

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (!lstat(sub, &st) && S_ISDIR(st.st_mode))
			remove_tree(sub);
		else
			unlink(sub);
	}
	if (d)
		closedir(d);
	rmdir(path);
}

void outpath_report_abort(const char *tmp)
{
	if (strstr(tmp, TMP_TAG))	/* only a temporary outpath_report_begin made */
		remove_tree(tmp);
}
