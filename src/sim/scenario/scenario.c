// SPDX-License-Identifier: MIT
/*
 * Loading a scenario: INI files (through inih), --set overrides, where each
 * value came from, and the checks that need more than one field.
 *
 * Contract: the public functions of nicsim/scenario.h. Every message is
 * "FILE:LINE: text", "--set ARG: text" or "FILE: text". A failed load or
 * override leaves the scenario valid (it can be freed or reported on) but
 * partly changed; a failed value never changes its field. A file gives a
 * key at most once per section; a --set may create a host or app only
 * through a key that makes one (SCN_K_CREATES), so a misspelt name is
 * refused with the closest existing one. No input,
 * however malformed, crashes the loader: lines are read here, one physical
 * line at a time, checked, stripped of comments and handed to inih as
 * "[section]" or "key=value", so inih never splits a line, never sees a
 * continuation line and its line numbers stay ours.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ini.h>
#include "sim/engine/util.h"
#include "sim/scenario/internal.h"

#define WHY_MAX		600
#define NAME_CHARS	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" \
			"0123456789_'-"

/* Instances are found by name, which comes first in each struct. */
_Static_assert(offsetof(struct scn_host, name) == 0, "name first");
_Static_assert(offsetof(struct scn_app, name) == 0, "name first");
_Static_assert(offsetof(struct scn_expect, id) == 0, "id first");
_Static_assert(offsetof(struct scn_pair, id) == 0, "id first");

/* Where a value came from. */
struct scn_loc {
	const char	*file;	/* NULL for --set */
	int		line;	/* 0: the file as a whole */
	const char	*text;	/* the --set argument */
};

/* A section name, parsed: [host.dut.ethtool] is SCN_ETHTOOL of "dut". */
struct scn_section {
	enum scn_kind	kind;
	char		name[SCN_NAME_MAX];	/* "" for [sim], [link] */
};

static void loc_error(const struct scn_loc *loc, struct scn_error *err,
		      const char *why)
{
	if (!err)
		return;
	if (loc->file && loc->line)
		snprintf(err->msg, sizeof(err->msg), "%s:%d: %s", loc->file,
			 loc->line, why);
	else if (loc->file && loc->file[0])
		snprintf(err->msg, sizeof(err->msg), "%s: %s", loc->file, why);
	else if (loc->text)
		snprintf(err->msg, sizeof(err->msg), "--set %s: %s", loc->text,
			 why);
	else
		snprintf(err->msg, sizeof(err->msg), "%s", why);
}

static char *trim(char *p)
{
	char *end;

	while (isspace((unsigned char)*p))
		p++;
	end = p + strlen(p);
	while (end > p && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return p;
}

/* ---- origins ---------------------------------------------------------- */

/* Capacity for n origins: 8, 16, 32, ...; grown when n reaches it. */
static size_t origins_cap(int n)
{
	size_t cap = 8;

	if (n <= 0)
		return 0;
	while (cap < (size_t)n)
		cap *= 2;
	return cap;
}

static const struct scn_origin *origin_find(const struct scenario *s,
					    const void *field)
{
	int i;

	for (i = 0; i < s->nr_origins; i++)
		if (s->origins[i].field == field)
			return &s->origins[i];
	return NULL;
}

static void origin_record(struct scenario *s, const void *field,
			  const struct scn_loc *loc)
{
	struct scn_origin *o = (struct scn_origin *)origin_find(s, field);
	int n = s->nr_origins;

	if (!o) {
		if (origins_cap(n) == (size_t)n)
			s->origins = xrealloc(s->origins, origins_cap(n + 1) *
					      sizeof(*o));
		o = &s->origins[s->nr_origins++];
	}
	memset(o, 0, sizeof(*o));
	o->field = field;
	if (loc->file) {
		snprintf(o->file, sizeof(o->file), "%s", loc->file);
		o->line = loc->line;
	} else {
		snprintf(o->text, sizeof(o->text), "%s", loc->text);
	}
}

/* ---- sections and instances ------------------------------------------- */

static int check_name(const char *name, const char *section, char *why,
		      size_t len)
{
	size_t n = strlen(name);

	if (!n)
		snprintf(why, len, "[%s] needs a name, e.g. [%s.dut]", section,
			 section);
	else if (n >= SCN_NAME_MAX)
		snprintf(why, len, "name '%.40s' is too long (at most %d "
			 "characters)", name, SCN_NAME_MAX - 1);
	else if (strspn(name, NAME_CHARS) != n)
		snprintf(why, len, "name '%.40s' may only contain letters, "
			 "digits and _ - '", name);
	else
		return 0;
	return -1;
}

/* Copy the first n characters of src as a name, or say why not. */
static int copy_name(char *dst, const char *src, size_t n,
		     const char *section, char *why, size_t len)
{
	char tmp[SCN_NAME_MAX + 1];

	if (n >= SCN_NAME_MAX) {
		memcpy(tmp, src, SCN_NAME_MAX);
		tmp[SCN_NAME_MAX] = '\0';
		return check_name(tmp, section, why, len);
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
	return check_name(dst, section, why, len);
}

static int parse_host_section(const char *rest, struct scn_section *sec,
			      char *why, size_t len)
{
	static const char *const subs[] = { "ethtool", "sysctl", "cost", NULL };
	const char *dot = strchr(rest, '.');
	size_t n = dot ? (size_t)(dot - rest) : strlen(rest);

	if (copy_name(sec->name, rest, n, "host", why, len))
		return -1;
	sec->kind = SCN_HOST;
	if (!dot)
		return 0;
	if (!strcmp(dot + 1, "ethtool")) {
		sec->kind = SCN_ETHTOOL;
		return 0;
	}
	if (!strcmp(dot + 1, "sysctl")) {
		sec->kind = SCN_SYSCTL;
		return 0;
	}
	if (!strcmp(dot + 1, "cost")) {
		sec->kind = SCN_COST;
		return 0;
	}
	snprintf(why, len, "unknown section [host.%s.%.40s]; did you mean "
		 "[host.%s.%s]?", sec->name, dot + 1, sec->name,
		 scn_closest(dot + 1, subs));
	return -1;
}

static int unknown_section(const char *text, size_t wl, char *why,
			   size_t len)
{
	static const char *const words[] = {
		"sim", "link", "switch", "host", "app", "expect", "pair", NULL
	};
	char word[64];

	snprintf(word, sizeof(word), "%.*s", (int)MIN(wl, sizeof(word) - 1),
		 text);
	snprintf(why, len, "unknown section [%.60s]; did you mean [%s%.40s]?",
		 text, scn_closest(word, words), text + wl);
	return -1;
}

static bool word_is(const char *text, size_t wl, const char *word)
{
	return strlen(word) == wl && !strncmp(text, word, wl);
}

/* "host.dut.ethtool" -> SCN_ETHTOOL "dut", or why not. */
static int section_parse(const char *text, struct scn_section *sec,
			 char *why, size_t len)
{
	const char *dot = strchr(text, '.');
	size_t wl = dot ? (size_t)(dot - text) : strlen(text);
	const char *rest = dot ? dot + 1 : "";

	memset(sec, 0, sizeof(*sec));
	if (word_is(text, wl, "sim") || word_is(text, wl, "link")) {
		sec->kind = text[0] == 's' ? SCN_SIM : SCN_LINK;
		if (!dot)
			return 0;
		snprintf(why, len, "[%.*s] has no instances: write [%.*s]",
			 (int)wl, text, (int)wl, text);
		return -1;
	}
	if (word_is(text, wl, "switch")) {
		sec->kind = SCN_SWITCH;
		if (!dot)
			return 0;
		snprintf(why, len, "[switch] has no instances: write [switch] (a host's "
			 "port: host.NAME.port_rate)");
		return -1;
	}
	if (word_is(text, wl, "host"))
		return parse_host_section(rest, sec, why, len);
	if (word_is(text, wl, "app")) {
		sec->kind = SCN_APP;
		return copy_name(sec->name, rest, strlen(rest), "app", why,
				 len);
	}
	if (word_is(text, wl, "expect")) {
		sec->kind = SCN_EXPECT;
		return copy_name(sec->name, rest, strlen(rest), "expect", why,
				 len);
	}
	if (word_is(text, wl, "pair")) {
		sec->kind = SCN_PAIR;
		return copy_name(sec->name, rest, strlen(rest), "pair", why, len);
	}
	return unknown_section(text, wl, why, len);
}

/* Find the named instance in an array, or create it with its defaults. */
static void *instance_get(struct scenario *s, void *array, size_t size,
			  int *nr, int max, enum scn_kind kind,
			  const char *name, const struct scn_loc *loc,
			  char *why, size_t len)
{
	char *p = array;
	int i;

	for (i = 0; i < *nr; i++, p += size)
		if (!strcmp(p, name))
			return p;
	if (*nr == max) {
		snprintf(why, len, "too many [%s.*] sections (at most %d)",
			 scn_kind_word(kind), max);
		return NULL;
	}
	(*nr)++;
	memset(p, 0, size);
	snprintf(p, SCN_NAME_MAX, "%s", name);
	scn_kind_defaults(kind, p);
	origin_record(s, p, loc);
	return p;
}

static struct scn_host *host_get(struct scenario *s, const char *name,
				 const struct scn_loc *loc, char *why,
				 size_t len)
{
	int nr = s->nr_hosts;
	struct scn_host *h;

	h = instance_get(s, s->hosts, sizeof(*h), &s->nr_hosts,
			 SCN_MAX_HOSTS, SCN_HOST, name, loc, why, len);
	if (h && nr != s->nr_hosts) {
		scn_kind_defaults(SCN_ETHTOOL, &h->ethtool);
		scn_kind_defaults(SCN_SYSCTL, &h->sysctl);
		scn_kind_defaults(SCN_COST, &h->cost);
	}
	return h;
}

/* Where the keys of a host-family kind live in h. */
static void *host_kind_base(struct scn_host *h, enum scn_kind kind)
{
	switch (kind) {
	case SCN_ETHTOOL:
		return &h->ethtool;
	case SCN_SYSCTL:
		return &h->sysctl;
	case SCN_COST:
		return &h->cost;
	default:
		return h;
	}
}

/* The struct a section's keys live in, created if new. */
static void *section_base(struct scenario *s, const struct scn_section *sec,
			  const struct scn_loc *loc, char *why, size_t len)
{
	struct scn_host *h;

	switch (sec->kind) {
	case SCN_SIM:
		return &s->sim;
	case SCN_LINK:
		return &s->link;
	case SCN_SWITCH:	/* the section, or a --set of one of its keys */
		if (!s->sw.on)
			origin_record(s, &s->sw.on, loc);
		s->sw.on = 1;
		return &s->sw;
	case SCN_APP:
		return instance_get(s, s->apps, sizeof(s->apps[0]),
				    &s->nr_apps, SCN_MAX_APPS, SCN_APP,
				    sec->name, loc, why, len);
	case SCN_EXPECT:
		return instance_get(s, s->expect, sizeof(s->expect[0]),
				    &s->nr_expect, SCN_MAX_EXPECT, SCN_EXPECT,
				    sec->name, loc, why, len);
	case SCN_PAIR:
		return instance_get(s, s->pairs, sizeof(s->pairs[0]),
				    &s->nr_pairs, SCN_MAX_PAIRS, SCN_PAIR,
				    sec->name, loc, why, len);
	default:
		break;
	}
	h = host_get(s, sec->name, loc, why, len);
	return h ? host_kind_base(h, sec->kind) : NULL;
}

/* ---- keys ------------------------------------------------------------- */

static bool host_family(enum scn_kind kind)
{
	return kind == SCN_HOST || kind == SCN_ETHTOOL || kind == SCN_SYSCTL ||
	       kind == SCN_COST;
}

static void unknown_key(const struct scn_section *sec, const char *key,
			char *why, size_t len)
{
	const struct scn_key *k = scn_key_elsewhere(sec->kind, key);
	char here[64], there[64];

	scn_kind_section(sec->kind, sec->name, here, sizeof(here));
	if (k) {
		bool same = host_family(k->kind) && host_family(sec->kind);

		scn_kind_section(k->kind, same ? sec->name : NULL, there,
				 sizeof(there));
		snprintf(why, len, "unknown key '%s' in [%s]; it belongs in "
			 "[%s]", key, here, there);
		return;
	}
	snprintf(why, len, "unknown key '%.40s' in [%s]; did you mean '%s'?",
		 key, here, scn_key_closest(sec->kind, key)->name);
}

/* A key a file sets twice in one section (reopened or not): which value
 * is meant is not clear, so it is an error, not a silent override. */
static int set_before(const struct scenario *s, const struct scn_section *sec,
		      const struct scn_key *k, const void *field,
		      const struct scn_loc *loc, char *why, size_t len)
{
	const struct scn_origin *o = origin_find(s, field);
	char here[64];

	if (!o || !o->line || strncmp(o->file, loc->file, sizeof(o->file) - 1))
		return 0;
	scn_kind_section(sec->kind, sec->name, here, sizeof(here));
	snprintf(why, len, "'%s' is set twice in [%s] (first on line %d)",
		 k->name, here, o->line);
	return -1;
}

static int set_key(struct scenario *s, const struct scn_section *sec,
		   void *base, const char *key, const char *value,
		   const struct scn_loc *loc, char *why, size_t len)
{
	const struct scn_key *k = scn_key_find(sec->kind, key);

	if (!k) {
		unknown_key(sec, key, why, len);
		return -1;
	}
	if (loc->file && set_before(s, sec, k, (char *)base + k->off, loc, why, len))
		return -1;
	if (scn_key_parse(k, base, value, why, len))
		return -1;
	origin_record(s, (char *)base + k->off, loc);
	return 0;
}

/* ---- files ------------------------------------------------------------ */

struct load_ctx {
	struct scenario		*s;
	FILE			*f;
	const char		*path;
	struct scn_error	*err;
	int			lineno;
	bool			failed;
	bool			in_section;
	bool			include;	/* only [host.NAME.cost] of known hosts */
	struct scn_section	sec;
	void			*base;		/* the section's struct */
	char			line[SCN_LINE_MAX + 1];
};

static void load_fail(struct load_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void load_fail(struct load_ctx *c, const char *fmt, ...)
{
	struct scn_loc loc = { c->path, c->lineno, NULL };
	char why[WHY_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	loc_error(&loc, c->err, why);
	c->failed = true;
}

/* 1: a line in c->line; 0: end of file; -1: failed (reported). */
static int read_line(struct load_ctx *c)
{
	size_t n = 0;
	int ch;

	while ((ch = getc(c->f)) != EOF && ch != '\n') {
		if (n == SCN_LINE_MAX) {
			c->lineno++;
			load_fail(c, "line too long (more than %d characters)",
				  SCN_LINE_MAX);
			return -1;
		}
		c->line[n++] = (char)ch;
	}
	if (ferror(c->f)) {
		c->lineno = 0;
		load_fail(c, "read error: %s", strerror(errno));
		return -1;
	}
	if (ch == EOF && !n)
		return 0;
	c->lineno++;
	if (n && c->line[n - 1] == '\r')
		n--;
	if (memchr(c->line, '\0', n)) {
		load_fail(c, "NUL byte in line (not a text file?)");
		return -1;
	}
	c->line[n] = '\0';
	return 1;
}

/* Control characters, comments and surrounding blanks out; NULL if bad. */
static char *clean_line(struct load_ctx *c)
{
	char *p = c->line, *q;

	if (c->lineno == 1 && !strncmp(p, "\xef\xbb\xbf", 3))
		p += 3;		/* UTF-8 byte order mark */
	for (q = p; *q; q++) {
		unsigned char ch = (unsigned char)*q;

		if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			load_fail(c, "control character 0x%02x in line (not "
				  "a text file?)", ch);
			return NULL;
		}
	}
	for (q = p; *q; q++) {
		if ((*q == ';' || *q == '#') &&
		    (q == p || q[-1] == ' ' || q[-1] == '\t')) {
			*q = '\0';
			break;
		}
	}
	return trim(p);
}

/* An --include file sets the costs of hosts the scenario has, nothing
 * else: its other sections would change what the scenario is. */
static int include_section(const struct scenario *s, const struct scn_section *sec,
			   char *why, size_t len)
{
	const char *names[SCN_MAX_HOSTS + 1];
	int i;

	if (sec->kind != SCN_COST) {
		snprintf(why, len, "an included file holds only [host.NAME.cost] sections");
		return -1;
	}
	if (scenario_host_c(s, sec->name))
		return 0;
	for (i = 0; i < s->nr_hosts; i++)
		names[i] = s->hosts[i].name;
	names[i] = NULL;
	snprintf(why, len, "the scenario has no host '%s'%s%s%s", sec->name,
		 i ? "; did you mean '" : "", i ? scn_closest(sec->name, names) : "",
		 i ? "'?" : "");
	return -1;
}

static int section_line(struct load_ctx *c, char *p, char *buf, int num)
{
	struct scn_loc loc = { c->path, c->lineno, NULL };
	size_t n = strlen(p);
	char why[WHY_MAX], *name;

	if (p[n - 1] != ']') {
		load_fail(c, "%s", strchr(p, ']') ?
			  "text after ']' in a section header" :
			  "unterminated section header (no ']')");
		return -1;
	}
	p[n - 1] = '\0';
	name = trim(p + 1);
	if (section_parse(name, &c->sec, why, sizeof(why)) ||
	    (c->include && include_section(c->s, &c->sec, why, sizeof(why))) ||
	    !(c->base = section_base(c->s, &c->sec, &loc, why, sizeof(why)))) {
		load_fail(c, "%s", why);
		return -1;
	}
	c->in_section = true;
	/* Names are short and checked, so this always fits. */
	n = (size_t)snprintf(buf, (size_t)num, "[%s]", name);
	BUG_ON(n >= (size_t)num);
	return 0;
}

static int key_line(struct load_ctx *c, char *p, char *buf, int num)
{
	char *eq = strchr(p, '='), *key, *value, why[WHY_MAX];

	if (!eq) {
		load_fail(c, "expected 'key = value' or '[section]'");
		return -1;
	}
	*eq = '\0';
	key = trim(p);
	value = trim(eq + 1);
	if (!*key) {
		load_fail(c, "no key before '='");
		return -1;
	}
	if (!c->in_section) {
		load_fail(c, "key '%.40s' comes before any section; start with "
			  "[sim], [link], [host.NAME], [app.NAME], "
			  "[expect.ID] or [pair.ID]", key);
		return -1;
	}
	if (strchr(key, ':')) {	/* inih would split the key there */
		unknown_key(&c->sec, key, why, sizeof(why));
		load_fail(c, "%s", why);
		return -1;
	}
	if (snprintf(buf, (size_t)num, "%s=%s", key, value) >= num) {
		load_fail(c, "line too long (key=value may have at most %d "
			  "characters)", num - 1);
		return -1;
	}
	return 0;
}

/* inih's reader: one checked, cleaned physical line per call. */
static char *read_for_inih(char *buf, int num, void *stream)
{
	struct load_ctx *c = stream;
	char *p;
	int rc;

	if (c->failed || read_line(c) <= 0)
		return NULL;
	p = clean_line(c);
	if (!p)
		return NULL;
	buf[0] = '\0';
	rc = 0;
	if (*p == '[')
		rc = section_line(c, p, buf, num);
	else if (*p)
		rc = key_line(c, p, buf, num);
	return rc ? NULL : buf;
}

static int on_pair(void *user, const char *section, const char *key,
		   const char *value)
{
	struct load_ctx *c = user;
	struct scn_loc loc = { c->path, c->lineno, NULL };
	char why[WHY_MAX];

	if (set_key(c->s, &c->sec, c->base, key, value, &loc, why,
		    sizeof(why))) {
		load_fail(c, "%s", why);
		return 0;
	}
	return 1;
}

static int load_stream(struct scenario *s, FILE *f, const char *name, bool include,
		       struct scn_error *err)
{
	struct load_ctx *c = xcalloc(1, sizeof(*c));
	int rc;

	c->include = include;
	c->s = s;
	c->f = f;
	c->path = name;
	c->err = err;
	rc = ini_parse_stream(read_for_inih, c, on_pair, c);
	if (!c->failed && rc) {
		c->lineno = rc > 0 ? rc : 0;
		load_fail(c, "malformed line");
	}
	rc = c->failed ? -1 : 0;
	free(c);
	return rc;
}

int scenario_load_stream(struct scenario *s, FILE *f, const char *name,
			 struct scn_error *err)
{
	snprintf(s->file, sizeof(s->file), "%s", name);
	return load_stream(s, f, name, false, err);
}

int scenario_include(struct scenario *s, const char *path, struct scn_error *err)
{
	struct scn_loc loc = { path, 0, NULL };
	FILE *f = fopen(path, "r");
	int rc;

	if (!f) {
		loc_error(&loc, err, strerror(errno));
		return -1;
	}
	rc = load_stream(s, f, path, true, err);
	fclose(f);
	return rc;
}

int scenario_expect_key(struct scn_expect *e, const char *key, const char *value,
			char *why, size_t len)
{
	const struct scn_key *k = scn_key_find(SCN_EXPECT, key);

	if (!k) {
		snprintf(why, len, "unknown key '%s'", key);
		return -1;
	}
	return scn_key_parse(k, e, value, why, len);
}

void scenario_expect_defaults(struct scn_expect *e)
{
	scn_kind_defaults(SCN_EXPECT, e);
}

int scenario_load(struct scenario *s, const char *path, struct scn_error *err)
{
	struct scn_loc loc = { path, 0, NULL };
	FILE *f = fopen(path, "r");
	int rc;

	if (!f) {
		loc_error(&loc, err, strerror(errno));
		return -1;
	}
	rc = scenario_load_stream(s, f, path, err);
	fclose(f);
	return rc;
}

/* ---- overrides -------------------------------------------------------- */

/* The host or app a --set names, if the scenario has it. */
static bool instance_exists(const struct scenario *s,
			    const struct scn_section *sec)
{
	int i;

	if (sec->kind == SCN_APP) {
		for (i = 0; i < s->nr_apps; i++)
			if (!strcmp(s->apps[i].name, sec->name))
				return true;
		return false;
	}
	return !host_family(sec->kind) || scenario_host_c(s, sec->name);
}

/* The closest existing host or app name to name, or NULL if none. */
static const char *closest_instance(const struct scenario *s,
				    enum scn_kind kind, const char *name)
{
	unsigned int d, best_d = ~0u;
	const char *best = NULL, *n;
	int i, nr = kind == SCN_APP ? s->nr_apps : s->nr_hosts;

	for (i = 0; i < nr; i++) {
		n = kind == SCN_APP ? s->apps[i].name : s->hosts[i].name;
		d = scn_distance(name, n);
		if (d < best_d) {
			best = n;
			best_d = d;
		}
	}
	return best;
}

/*
 * A --set names a host or app the scenario lacks: a misspelt name, unless
 * the key is one that makes a new one (a host's platform, kernel or
 * driver, an app's type; SCN_K_CREATES). Otherwise the override would
 * make a host or app of its own, which fails later with a message that
 * does not name the mistake.
 */
static int set_creates(const struct scenario *s, const struct scn_section *sec,
		       const char *key, char *why, size_t len)
{
	enum scn_kind kind = host_family(sec->kind) ? SCN_HOST : sec->kind;
	const struct scn_key *k = scn_key_find(sec->kind, key);
	const char *near;
	int nr = 0, i = 0;
	size_t n;

	if (instance_exists(s, sec) || (k && (k->flags & SCN_K_CREATES)))
		return 0;
	near = closest_instance(s, kind, sec->name);
	n = (size_t)snprintf(why, len, "no %s '%s'", scn_kind_word(kind), sec->name);
	if (near && n < len)
		n += (size_t)snprintf(why + n, len - n, " (did you mean '%s'?)", near);
	for (k = NULL; (k = scn_key_next(kind, k)); )
		nr += !!(k->flags & SCN_K_CREATES);
	for (k = NULL; n < len && (k = scn_key_next(kind, k)); ) {
		if (!(k->flags & SCN_K_CREATES))
			continue;
		n += (size_t)snprintf(why + n, len - n, "%s%s",
				      !i ? "; a --set creates one only with its " :
				      i == nr - 1 ? " or " : ", ", k->name);
		i++;
	}
	return -1;
}

/* "host.dut.ethtool.tx-frames=1": the section ends at the last dot. */
static int set_one(struct scenario *s, const char *arg,
		   const struct scn_loc *loc, char *why, size_t len)
{
	char lhs[128], value[SCN_LINE_MAX + 1], *dot, *key;
	const char *eq = strchr(arg, '=');
	struct scn_section sec;
	void *base;

	if (!eq) {
		snprintf(why, len, "expected SECTION.KEY=VALUE, e.g. "
			 "host.dut.ethtool.tx-frames=1");
		return -1;
	}
	if ((size_t)(eq - arg) >= sizeof(lhs) ||
	    strlen(eq + 1) >= sizeof(value)) {
		snprintf(why, len, "too long");
		return -1;
	}
	snprintf(lhs, sizeof(lhs), "%.*s", (int)(eq - arg), arg);
	snprintf(value, sizeof(value), "%s", eq + 1);
	dot = strrchr(lhs, '.');
	if (!dot) {
		snprintf(why, len, "'%s' has no section; expected "
			 "SECTION.KEY=VALUE", trim(lhs));
		return -1;
	}
	*dot = '\0';
	key = trim(dot + 1);
	if (section_parse(trim(lhs), &sec, why, len) ||
	    set_creates(s, &sec, key, why, len))
		return -1;
	base = section_base(s, &sec, loc, why, len);
	if (!base)
		return -1;
	return set_key(s, &sec, base, key, trim(value), loc, why, len);
}

int scenario_set(struct scenario *s, const char *arg, struct scn_error *err)
{
	struct scn_loc loc = { NULL, 0, arg };
	char why[WHY_MAX];

	if (!set_one(s, arg, &loc, why, sizeof(why)))
		return 0;
	loc_error(&loc, err, why);
	return -1;
}

/* Apply each blank-separated override; on failure item is the culprit. */
static int set_list(struct scenario *s, const char *list, char *item,
		    size_t ilen, char *why, size_t len)
{
	struct scn_loc loc = { NULL, 0, item };
	size_t n;

	for (;;) {
		list += strspn(list, " \t");
		n = strcspn(list, " \t");
		if (!n)
			return 0;
		snprintf(item, ilen, "%.*s", (int)n, list);
		if (n >= ilen) {
			snprintf(why, len, "too long");
			return -1;
		}
		if (set_one(s, item, &loc, why, len))
			return -1;
		list += n;
	}
}

int scenario_set_list(struct scenario *s, const char *list,
		      struct scn_error *err)
{
	char item[SCN_STR_MAX], why[WHY_MAX];
	struct scn_loc loc = { NULL, 0, item };

	if (!set_list(s, list, item, sizeof(item), why, sizeof(why)))
		return 0;
	loc_error(&loc, err, why);
	return -1;
}

/* ---- the scenario ----------------------------------------------------- */

void scenario_init(struct scenario *s)
{
	memset(s, 0, sizeof(*s));
	scn_kind_defaults(SCN_SIM, &s->sim);
	scn_kind_defaults(SCN_LINK, &s->link);
	scn_kind_defaults(SCN_SWITCH, &s->sw);
}

void scenario_free(struct scenario *s)
{
	free(s->origins);
	s->origins = NULL;
	s->nr_origins = 0;
}

void scenario_copy(struct scenario *dst, const struct scenario *src)
{
	uintptr_t lo = (uintptr_t)src, hi = lo + sizeof(*src), f;
	int i;

	BUG_ON(dst == src);
	*dst = *src;
	dst->origins = NULL;
	if (src->nr_origins <= 0)
		return;
	dst->origins = xcalloc(origins_cap(src->nr_origins),
			       sizeof(*dst->origins));
	memcpy(dst->origins, src->origins,
	       (size_t)src->nr_origins * sizeof(*dst->origins));
	for (i = 0; i < dst->nr_origins; i++) {
		f = (uintptr_t)dst->origins[i].field;
		if (f >= lo && f < hi)
			dst->origins[i].field = (char *)dst + (f - lo);
	}
}

bool scenario_field_given(const struct scenario *s, const void *field)
{
	return origin_find(s, field) != NULL;
}

void scenario_error_at(const struct scenario *s, const void *field,
		       struct scn_error *err, const char *fmt, ...)
{
	const struct scn_origin *o = origin_find(s, field);
	struct scn_loc loc = { s->file, 0, NULL };
	char why[WHY_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (o && o->line)
		loc = (struct scn_loc){ o->file, o->line, NULL };
	else if (o)
		loc = (struct scn_loc){ NULL, 0, o->text };
	loc_error(&loc, err, why);
}

struct scn_host *scenario_host(struct scenario *s, const char *name)
{
	return (struct scn_host *)scenario_host_c(s, name);
}

const struct scn_host *scenario_host_c(const struct scenario *s,
				       const char *name)
{
	int i;

	for (i = 0; i < s->nr_hosts; i++)
		if (!strcmp(s->hosts[i].name, name))
			return &s->hosts[i];
	return NULL;
}


const char *scenario_host_key_next(const struct scenario *s,
				   const struct scn_host *h, int *pos,
				   const void **field, const char **section)
{
	static const enum scn_kind kinds[] = { SCN_HOST, SCN_ETHTOOL, SCN_SYSCTL, SCN_COST };
	static const char *const sections[] = {	/* as scn_kind_section prints them */
		"host.NAME", "host.NAME.ethtool", "host.NAME.sysctl", "host.NAME.cost",
	};
	const struct scn_key *k;
	const char *f;
	size_t i;
	int n = 0;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		for (k = NULL; (k = scn_key_next(kinds[i], k)); ) {
			f = (const char *)host_kind_base((struct scn_host *)h, kinds[i]) + k->off;
			if (n++ < *pos || (s && !origin_find(s, f)))
				continue;
			*pos = n;
			*field = f;
			*section = sections[i];
			return k->name;
		}
	}
	*pos = n;
	return NULL;
}

const char *scenario_cost_next(const struct scn_cost *c, int *pos,
			       int64_t *value)
{
	const struct scn_key *k = NULL;
	int i = 0;

	while ((k = scn_key_next(SCN_COST, k))) {
		if (i++ < *pos || !scn_key_is_set(k, c))
			continue;
		*pos = i;
		*value = *(const int64_t *)((const char *)c + k->off);
		return k->name;
	}
	*pos = i;
	return NULL;
}

bool scenario_expect_pass(const struct scn_expect *e, double x)
{
	double d = fabs(x - e->value);
	bool bounded = e->has_min || e->has_max;

	if (isnan(x))
		return false;
	if (e->has_value &&
	    (d <= e->tol_abs || d <= e->tol_rel * fabs(e->value)))
		return true;
	return bounded && (!e->has_min || x >= e->min) &&
	       (!e->has_max || x <= e->max);
}

static const char *const cond_ops[] = { ">=", "<=", "==", "!=", ">", "<", NULL };

int scn_cond_next(const char *list, size_t *pos, struct scn_cond *c, char *why,
		  size_t len)
{
	const char *t = list + *pos, *op = NULL, *end;
	size_t n, l;
	int i;

	t += strspn(t, " \t");
	if (!*t)
		return 0;
	n = strcspn(t, " \t");
	*pos = (size_t)(t + n - list);
	for (end = t; end < t + n && !op; end++)
		for (i = 0; cond_ops[i] && !op; i++)
			if (!strncmp(end, cond_ops[i], strlen(cond_ops[i])))
				op = cond_ops[i];
	if (!op || end - 1 == t || end - 1 + strlen(op) >= t + n) {
		snprintf(why, len, "'%.*s' is not PATH OP VALUE (OP one of >= <= == != > <, "
			 "no blanks), e.g. apps.ping.received==apps.ping.transmitted",
			 (int)MIN(n, 80), t);
		return -1;
	}
	l = (size_t)(end - 1 - t);
	memset(c, 0, sizeof(*c));
	snprintf(c->lhs, sizeof(c->lhs), "%.*s", (int)l, t);
	snprintf(c->op, sizeof(c->op), "%s", op);
	snprintf(c->rhs, sizeof(c->rhs), "%.*s", (int)(n - l - strlen(op)), t + l + strlen(op));
	c->rhs_is_num = !scn_parse_double(c->rhs, &c->num);
	return 1;
}

bool scn_cond_holds(const struct scn_cond *c, double a, double b)
{
	if (isnan(a) || isnan(b))
		return false;
	switch (c->op[0]) {
	case '>': return c->op[1] ? a >= b : a > b;
	case '<': return c->op[1] ? a <= b : a < b;
	case '=': return a == b;
	default: return a != b;
	}
}

int scn_change_parse(const char *text, struct scn_change *c, char *why, size_t len)
{
	char word[8], num[64], extra[2];
	int n = sscanf(text, " %7s %63s %1s", word, num, extra);

	memset(c, 0, sizeof(*c));
	if (n == 1 && !strcmp(word, "gone")) {
		c->dir = SCN_CHANGE_GONE;
		return 0;
	}
	if (n != 2 || (strcmp(word, "up") && strcmp(word, "down")) ||
	    scn_parse_double(num, &c->factor) || !isfinite(c->factor)) {
		snprintf(why, len, "'%.60s' is not up F, down F or gone (F the published "
			 "factor, above 1), e.g. up 6.2", text);
		return -1;
	}
	if (c->factor <= 1) {
		snprintf(why, len, "the factor %g is not above 1 (a fall by F is down F, "
			 "a rise up F)", c->factor);
		return -1;
	}
	c->dir = word[0] == 'u' ? SCN_CHANGE_UP : SCN_CHANGE_DOWN;
	c->threshold = sqrt(c->factor);
	return 0;
}

bool scn_change_holds(const struct scn_change *c, double before, double after,
		      double *factor)
{
	double num = c->dir == SCN_CHANGE_UP ? after : before;
	double den = c->dir == SCN_CHANGE_UP ? before : after;

	*factor = NAN;
	if (c->dir == SCN_CHANGE_GONE)
		return before > 0 && after == 0;
	if (isnan(num) || isnan(den) || den == 0)
		return false;
	*factor = num / den;
	return *factor >= c->threshold;
}

/* The blank-separated words of a and b, one by one. */
bool scenario_sets_equal(const char *a, const char *b)
{
	size_t na, nb;

	for (;;) {
		a += strspn(a, " \t");
		b += strspn(b, " \t");
		na = strcspn(a, " \t");
		nb = strcspn(b, " \t");
		if (na != nb || strncmp(a, b, na))
			return false;
		if (!na)
			return true;
		a += na;
		b += nb;
	}
}

/* ---- checks across fields --------------------------------------------- */

static int check_required(const struct scenario *s, enum scn_kind kind,
			  const void *base, struct scn_error *err)
{
	const struct scn_key *k = NULL;
	char sec[64], meaning[WHY_MAX];

	while ((k = scn_key_next(kind, k))) {
		if (!(k->flags & SCN_K_REQUIRED) || scn_key_is_set(k, base))
			continue;
		scn_kind_section(kind, base, sec, sizeof(sec));
		scn_key_meaning(k, meaning, sizeof(meaning));
		scenario_error_at(s, base, err, "[%s] needs '%s' (%s)", sec,
				  k->name, meaning);
		return -1;
	}
	return 0;
}

static const char *closest_host(const struct scenario *s, const char *name)
{
	unsigned int d, best_d = ~0u;
	const char *best = NULL;
	int i;

	for (i = 0; i < s->nr_hosts; i++) {
		d = scn_distance(name, s->hosts[i].name);
		if (d < best_d) {
			best = s->hosts[i].name;
			best_d = d;
		}
	}
	return best;
}

/* field names a host ("host" or "dest" of an app). */
static int check_host_ref(const struct scenario *s, const char *field,
			  const char *key, struct scn_error *err)
{
	if (scenario_host_c(s, field))
		return 0;
	scenario_error_at(s, field, err, "%s: no host named '%s'; did you "
			  "mean '%s'?", key, field, closest_host(s, field));
	return -1;
}

/* The magnitudes of seeded variation take effect only with it on: one
 * given while variation is off is refused where it was given. */
static int check_variation(const struct scenario *s, struct scn_error *err)
{
	const struct { const void *field; const char *key; } mag[] = {
		{ &s->sim.start_jitter, "start_jitter" },
		{ &s->sim.wakeup_jitter, "wakeup_jitter" },
		{ &s->sim.cost_noise, "cost_noise" },
	};
	size_t i;

	if (!strcmp(s->sim.variation, "on"))
		return 0;
	for (i = 0; i < ARRAY_SIZE(mag); i++) {
		if (!scenario_field_given(s, mag[i].field))
			continue;
		scenario_error_at(s, mag[i].field, err, "sim.%s takes effect only with "
				  "sim.variation = on (it is off here): set sim.variation = on, "
				  "or remove sim.%s", mag[i].key, mag[i].key);
		return -1;
	}
	return 0;
}

static int check_app(const struct scenario *s, const struct scn_app *a,
		     struct scn_error *err)
{
	char t[32], d[32];

	if (check_required(s, SCN_APP, a, err) ||
	    check_host_ref(s, a->host, "host", err) ||
	    (a->dest[0] && check_host_ref(s, a->dest, "dest", err)))
		return -1;
	if (!strcmp(a->type, "ping") && !a->dest[0]) {
		scenario_error_at(s, a->name, err, "[app.%s] is a ping and "
				  "needs 'dest'", a->name);
		return -1;
	}
	if (!strcmp(a->dest, a->host)) {
		scenario_error_at(s, a->dest, err, "dest: '%s' is the app's "
				  "own host; it must be another host", a->dest);
		return -1;
	}
	if (a->start >= s->sim.duration) {
		scn_fmt_time(a->start, t, sizeof(t));
		scn_fmt_time(s->sim.duration, d, sizeof(d));
		scenario_error_at(s, &a->start, err, "start: %s is not before "
				  "the end of the run (sim duration %s)", t, d);
		return -1;
	}
	return 0;
}

/* Apply the overrides of list, a field of s, to tmp, a copy of s; an
 * error is reported at the line of the key what. */
static int overrides_apply(const struct scenario *s, struct scenario *tmp, const char *list,
			   const char *what, struct scn_error *err)
{
	char item[SCN_STR_MAX], why[WHY_MAX];

	if (!set_list(tmp, list, item, sizeof(item), why, sizeof(why)))
		return 0;
	scenario_error_at(s, list, err, "%s: '%s': %s", what, item, why);
	return -1;
}

/* Overrides list, then more (unless NULL) on top of it, must apply
 * cleanly: try them on a copy of s. */
static int try_overrides(const struct scenario *s, const char *list, const char *what,
			 const char *more, const char *more_what, struct scn_error *err)
{
	struct scenario *tmp = xcalloc(1, sizeof(*tmp));
	int rc;

	scenario_copy(tmp, s);
	rc = overrides_apply(s, tmp, list, what, err);
	if (!rc && more)
		rc = overrides_apply(s, tmp, more, more_what, err);
	scenario_free(tmp);
	free(tmp);
	return rc;
}

/* An expectation's `set` (and `baseline` on top of it) must apply cleanly. */
static int check_overrides(const struct scenario *s,
			   const struct scn_expect *e, struct scn_error *err)
{
	return try_overrides(s, e->set, "set", e->baseline[0] ? e->baseline : NULL,
			     "baseline", err);
}

/* Every condition of list, the field `key` of s, parses. */
static int check_conds(const struct scenario *s, const char *list, const char *key,
		       struct scn_error *err)
{
	struct scn_cond c;
	char why[WHY_MAX];
	size_t pos = 0;
	int rc;

	while ((rc = scn_cond_next(list, &pos, &c, why, sizeof(why))) > 0)
		;
	if (rc < 0) {
		scenario_error_at(s, list, err, "%s: %s", key, why);
		return -1;
	}
	return 0;
}

/* `require` parses, and a row that a run doing nothing would pass has one. */
static int check_require(const struct scenario *s, const struct scn_expect *e,
			 struct scn_error *err)
{
	if (check_conds(s, e->require, "require", err) ||
	    check_conds(s, e->or_when, "or_when", err))
		return -1;
	if (e->unmodelled[0] || e->require[0] || !scenario_expect_pass(e, 0))
		return 0;
	scenario_error_at(s, e->id, err, "[expect.%s] passes with 0, so a run that did "
			  "nothing would pass it: add 'require' (what the run must have "
			  "done, e.g. apps.ping.received==apps.ping.transmitted)", e->id);
	return -1;
}

static int check_expect(const struct scenario *s, const struct scn_expect *e,
			struct scn_error *err)
{
	if (check_required(s, SCN_EXPECT, e, err))
		return -1;
	if (!e->metric[0] && !e->unmodelled[0]) {
		scenario_error_at(s, e->id, err, "[expect.%s] needs 'metric' (the results "
				  "path it checks), or 'unmodelled' saying why the model has "
				  "none", e->id);
		return -1;
	}
	if (e->metric[0] && e->unmodelled[0]) {
		scenario_error_at(s, e->unmodelled, err, "unmodelled: [expect.%s] also "
				  "names a metric; a row is either run or not modelled", e->id);
		return -1;
	}
	if (e->rests_on[0] && (e->unmodelled[0] || !strcmp(e->role, "calibration"))) {
		scenario_error_at(s, e->rests_on, err, "rests_on: [expect.%s] is %s, so it "
				  "never counts as reproduced; rests_on marks a check's pass",
				  e->id, e->unmodelled[0] ? "unmodelled" : "a calibration row");
		return -1;
	}
	if (!e->has_value && !e->has_min && !e->has_max) {
		scenario_error_at(s, e->id, err, "[expect.%s] needs 'value', "
				  "'min' or 'max'", e->id);
		return -1;
	}
	if (e->has_min && e->has_max && e->min > e->max) {
		scenario_error_at(s, &e->max, err, "max (%g) is below min (%g)",
				  e->max, e->min);
		return -1;
	}
	if ((e->tol_abs || e->tol_rel) && !e->has_value) {
		scenario_error_at(s, &e->tol_abs, err, "tolerance applies to "
				  "'value', which [expect.%s] does not give",
				  e->id);
		return -1;
	}
	if (check_require(s, e, err))
		return -1;
	return e->set[0] || e->baseline[0] ? check_overrides(s, e, err) : 0;
}

/* A pair's metric: a path, or paths joined by +, none empty, no blanks. */
static int check_pair_metric(const struct scenario *s, const struct scn_pair *p,
			     struct scn_error *err)
{
	const char *m = p->metric;
	size_t n = strlen(m);

	if (strcspn(m, " \t") == n && m[0] != '+' && m[n - 1] != '+' && !strstr(m, "++"))
		return 0;
	scenario_error_at(s, p->metric, err, "metric: '%s' is not PATH or PATH+PATH... "
			  "(no blanks), e.g. apps.ping.enobufs+apps.ping2.enobufs", m);
	return -1;
}

static bool expect_named(const struct scenario *s, const char *id)
{
	int i;

	for (i = 0; i < s->nr_expect; i++)
		if (!strcmp(s->expect[i].id, id))
			return true;
	return false;
}

static int check_pair(const struct scenario *s, const struct scn_pair *p,
		      struct scn_error *err)
{
	struct scn_change c;
	char why[WHY_MAX];

	if (check_required(s, SCN_PAIR, p, err) || check_pair_metric(s, p, err) ||
	    check_conds(s, p->require, "require", err))
		return -1;
	if (scn_change_parse(p->change, &c, why, sizeof(why))) {
		scenario_error_at(s, p->change, err, "change: %s", why);
		return -1;
	}
	if (expect_named(s, p->id)) {
		scenario_error_at(s, p->id, err, "[pair.%s]: an [expect.%s] has the same ID; "
				  "nicsim validate lists both, so give one another", p->id, p->id);
		return -1;
	}
	if (scenario_sets_equal(p->before, p->after)) {
		scenario_error_at(s, p->after, err, "after: the same overrides as before, so "
				  "the two runs would be one");
		return -1;
	}
	return try_overrides(s, p->before, "before", NULL, NULL, err) ||
	       try_overrides(s, p->after, "after", NULL, NULL, err);
}

int scenario_check(const struct scenario *s, struct scn_error *err)
{
	int i;

	if (!s->nr_hosts) {
		scenario_error_at(s, NULL, err, "no hosts: a scenario needs "
				  "at least one [host.NAME] section");
		return -1;
	}
	if (check_variation(s, err))
		return -1;
	if (s->link.loss_from[0] &&
	    check_host_ref(s, s->link.loss_from, "loss_from", err))
		return -1;
	for (i = 0; i < s->nr_apps; i++)
		if (check_app(s, &s->apps[i], err))
			return -1;
	for (i = 0; i < s->nr_expect; i++)
		if (check_expect(s, &s->expect[i], err))
			return -1;
	for (i = 0; i < s->nr_pairs; i++)
		if (check_pair(s, &s->pairs[i], err))
			return -1;
	return 0;
}

void scn_change_text(const struct scn_change *c, char *buf, size_t len)
{
	if (c->dir == SCN_CHANGE_GONE)
		snprintf(buf, len, "gone");
	else
		snprintf(buf, len, "%s %g (>= %.3g)", c->dir == SCN_CHANGE_UP ? "up" : "down",
			 c->factor, c->threshold);
}
