/* SPDX-License-Identifier: MIT */
/*
 * Inside the scenario loader: the key registry (keys.c), the unit parsers
 * with their reasons for failing (units.c) and name suggestions.
 *
 * Contract: nothing here is visible outside src/sim/scenario/. The registry is
 * the only description of the keys; defaults are its printed text, parsed
 * by the same code that parses the user's values.
 */
#ifndef NICSIM_SCENARIO_INTERNAL_H
#define NICSIM_SCENARIO_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "nicsim/scenario.h"

#define SCN_LINE_MAX	1000	/* longest line of a scenario file */

/* Why a number did not parse. */
enum scn_num_err {
	SCN_NUM_OK = 0,
	SCN_NUM_SYNTAX = -1,	/* not a number, or an unknown unit */
	SCN_NUM_NEGATIVE = -2,
	SCN_NUM_NOUNIT = -3,	/* a bare number where a unit is required */
	SCN_NUM_FRACTION = -4,	/* not a whole number of the base unit */
	SCN_NUM_RANGE = -5,	/* does not fit in 64 bits */
};

int scn_parse_int(const char *s, int64_t *out);
int scn_parse_bytes(const char *s, int64_t *out);
int scn_parse_time(const char *s, sim_time_t *out);
int scn_parse_rate(const char *s, int64_t *out);
int scn_parse_double(const char *s, double *out);
int scn_parse_prob(const char *s, int64_t *out);

/* Section kinds, in the order `nicsim keys` lists them. */
enum scn_kind {
	SCN_SIM,
	SCN_LINK,
	SCN_SWITCH,
	SCN_HOST,
	SCN_ETHTOOL,
	SCN_SYSCTL,
	SCN_COST,
	SCN_APP,
	SCN_EXPECT,
	SCN_PAIR,
	SCN_NR_KINDS,
};

enum scn_type {
	SCN_T_INT,
	SCN_T_BYTES,
	SCN_T_TIME,
	SCN_T_USECS,	/* integer microseconds like ethtool, or a time */
	SCN_T_RATE,
	SCN_T_PROB,	/* a probability, stored in parts per billion */
	SCN_T_CHOICE,	/* one of a NULL-terminated list of names */
	SCN_T_STRING,
	SCN_T_DOUBLE,
	SCN_T_TOL,	/* tolerance: "2" absolute or "20%" relative */
	SCN_T_TRIPLE,	/* three sizes, "min default max" (tcp_wmem) */
	SCN_T_MASKS,	/* up to SCN_MAX_MASKS hex masks, one per queue (xps_cpus) */
	SCN_T_QLIST,	/* up to SCN_MAX_MASKS decimal values, one per queue; the last repeats */
	SCN_T_PRIOMAP,	/* up to SCN_PRIOMAP_LEN bands, priorities 0, 1, ...; the rest unset */
};

#define SCN_K_REQUIRED	0x1	/* scenario_check() insists on a value */
#define SCN_K_CREATES	0x2	/* a --set of it may create its host or app */

struct scn_key {
	enum scn_kind	kind;
	const char	*name;		/* as the user writes it */
	enum scn_type	type;
	size_t		off;		/* field in the kind's struct */
	size_t		size;		/* string fields: buffer size */
	size_t		aux;		/* DOUBLE: its has_ flag; TOL: tol_rel */
	int64_t		min, max;	/* numbers (time in ps) */
	const int64_t	*allowed;	/* INT: the only values, 0-terminated */
	const char *const *choices;	/* CHOICE */
	const char	*def;		/* default value text; NULL = unset */
	const char	*nodef;		/* printed when def is NULL */
	const char	*unit;
	const char	*meaning;
	unsigned int	flags;
};

const struct scn_key *scn_key_find(enum scn_kind kind, const char *name);
const struct scn_key *scn_key_closest(enum scn_kind kind, const char *name);
/* A key of that name in a section of another kind, or NULL. */
const struct scn_key *scn_key_elsewhere(enum scn_kind kind, const char *name);
/* Parse value into the key's field of base; on failure say why, no prefix. */
int scn_key_parse(const struct scn_key *k, void *base, const char *value,
		  char *why, size_t len);
/* Give every key of kind in base its default (or unset) value. */
void scn_kind_defaults(enum scn_kind kind, void *base);
bool scn_key_is_set(const struct scn_key *k, const void *base);
/* The key's meaning followed by its valid choices, if any. */
void scn_key_meaning(const struct scn_key *k, char *buf, size_t len);
/* t in the largest unit that shows it exactly: "10s", "500ns". */
void scn_fmt_time(sim_time_t t, char *buf, size_t len);
/* Keys of a kind, for scenario_check(): iterate from NULL. */
const struct scn_key *scn_key_next(enum scn_kind kind, const struct scn_key *k);

/* "sim", "host", ...: the first word of a section name. */
const char *scn_kind_word(enum scn_kind kind);
/* "host.NAME.ethtool" with name (or "NAME") substituted. */
void scn_kind_section(enum scn_kind kind, const char *name, char *buf,
		      size_t len);

/* Optimal-string-alignment (Damerau-Levenshtein) distance. */
unsigned int scn_distance(const char *a, const char *b);

#endif
