/* SPDX-License-Identifier: MIT */
/*
 * Probes: named views of the model's state, sampled into a trace.
 *
 * A probe has a stable dotted name built from a template by putting in the
 * scenario's host and application names and queue or CPU numbers, e.g.
 * "app.ping.sock.wmem_alloc" or "host.dut.txq0.ring.used". Three kinds:
 *   gauge    a level read at the sample time (sk_wmem_alloc, a ring's
 *            descriptors in use, the BQL limit)
 *   counter  a running total since the start (interrupts raised)
 *   rate     a counter's increase divided by the time since the previous
 *            trace row, scaled to the unit (interrupts per second, CPU
 *            busy fraction, link utilisation)
 * Reading a probe never changes the model. The catalogue is the single
 * source of names, units and meanings: `nicsim probes` prints it and
 * docs/probes.md holds it.
 */
#ifndef NICSIM_RUN_PROBE_H
#define NICSIM_RUN_PROBE_H

#include <stdbool.h>
#include <stdio.h>
#include "sim/run/world.h"

enum probe_kind { PROBE_GAUGE, PROBE_COUNTER, PROBE_RATE };

struct probe_tmpl {
	const char	*name;		/* with H, A, N, C placeholders */
	const char	*unit;
	enum probe_kind	kind;
	const char	*help;
	double		(*get)(const void *obj, int idx);
	int		scope;		/* what obj points at (probe.c) */
	const char	*label;		/* in words, for legends: "sk_wmem_alloc" */
	const char	*event;		/* counters: one increase in words
					 * ("ENOBUFS"), logged by events.h */
};

struct probe {
	char		name[96];
	const struct probe_tmpl *t;
	const void	*obj;
	int		idx;
	double		last;		/* counter value at the previous row (rate) */
};

struct probe_set {
	struct probe	*v;
	int		n;
};

/* Every probe the world offers, in catalogue order per object. */
void probes_enumerate(const struct world *w, struct probe_set *ps);
/* Keep the probes whose names match one of the comma-separated glob
 * patterns ("all" = every one). Returns -1 with the first pattern that
 * matches nothing in *bad (pointing into patterns' copy in buf). */
int probes_select(struct probe_set *ps, const char *patterns, char *bad, size_t len);
void probes_free(struct probe_set *ps);
/* The value now; for a rate, the increase since `last` over dt_s. */
double probe_read(struct probe *p, double dt_s);

/* The catalogue; probe_tmpl_of: the template a probe name comes from
 * (NULL if none), for tools that only have a CSV header. */
extern const struct probe_tmpl probe_catalogue[];
extern const int probe_catalogue_len;
const struct probe_tmpl *probe_tmpl_of(const char *name);
/* The instance a probe name is about, in words: "ping", "dut txq3",
 * "peer cpu1" (the placeholder segments); "" if none. */
void probe_instance(const char *name, char *buf, size_t len);
/* The rate probe over the same counter as the counter probe `name`
 * ("host.dut.irq.tx" -> "host.dut.irq.tx_per_s"); -1 if none. */
int probe_rate_name(const char *name, char *buf, size_t len);
const char *probe_kind_name(enum probe_kind k);
void probes_print_catalogue(FILE *out, bool markdown);

#endif
