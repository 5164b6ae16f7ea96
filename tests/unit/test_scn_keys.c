// SPDX-License-Identifier: MIT
/*
 * Unit tests for the scenario loader (src/sim/scenario/).
 *
 * Checks: the unit parsers on worked values and on every kind of bad input;
 * a file using every section kind loads with the right values and
 * defaults; messages carry FILE:LINE or --set ARG and suggest the closest
 * key, choice, section or host; a failed value leaves its field alone;
 * origins point at the line that set a field; scenario_check catches bad
 * references and incomplete expectations; copies keep their origins;
 * expectations pass and fail as documented; the key table prints with
 * whole meanings and takes a filter; a key twice in a section and a --set
 * naming a host or app that does not exist are refused; and random
 * garbage never crashes the loader.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nicsim/scenario.h"
#include "sim/engine/names.h"

/* ---- helpers ----------------------------------------------------------- */

struct tmpfile {
	char path[64];
};

static void write_tmp(struct tmpfile *t, const char *text, size_t len)
{
	int fd;

	snprintf(t->path, sizeof(t->path), "/tmp/test_scn_XXXXXX");
	fd = mkstemp(t->path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
}

/* Load text as a file; returns scenario_load()'s result, message in err. */
static int load_text(struct scenario *s, const char *text,
		     struct scn_error *err, char *path, size_t plen)
{
	struct tmpfile t;
	int rc;

	write_tmp(&t, text, strlen(text));
	rc = scenario_load(s, t.path, err);
	if (path)
		snprintf(path, plen, "%s", t.path);
	unlink(t.path);
	return rc;
}

/* Expect a load failure whose message is exactly "PATH:LINE: want". */
static void load_fails(const char *text, int line, const char *want)
{
	struct scn_error err = { "" };
	struct scenario s;
	char path[64], full[1200];

	scenario_init(&s);
	assert_int_equal(load_text(&s, text, &err, path, sizeof(path)), -1);
	snprintf(full, sizeof(full), "%s:%d: %s", path, line, want);
	assert_string_equal(err.msg, full);
	scenario_free(&s);
}

/* ---- units ------------------------------------------------------------- */

/* A unit parser's cases: `in` parses to `want`, or (REFUSED) is refused
 * and leaves the output alone. */
#define REFUSED INT64_MIN

struct parse_case {
	const char	*in;
	int64_t		want;
};

static void check_cases(int (*parse)(const char *, int64_t *),
			const struct parse_case *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int64_t v = 42;
		int rc = parse(c[i].in, &v);

		if (c[i].want == REFUSED ? rc != -1 || v != 42 : rc != 0 || v != c[i].want)
			fail_msg("'%s': rc %d, value %lld", c[i].in, rc, (long long)v);
	}
}

#define CHECK_CASES(parse, cases) check_cases(parse, cases, sizeof(cases) / sizeof(cases[0]))

static void test_bytes(void **state)
{
	static const struct parse_case cases[] = {
		{ "1500", 1500 }, { "64KiB", 65536 }, { "2MiB", 2097152 },
		{ "1GiB", 1073741824 }, { "2k", 2000 }, { "2K", 2000 },
		{ "3MB", 3000000 }, { "1.5KiB", 1536 }, { "64 KiB", 65536 }, { "0", 0 },
		{ "", REFUSED }, { "-5", REFUSED }, { "abc", REFUSED },
		{ "1.3", REFUSED },	/* not whole bytes */
		{ "1.1KiB", REFUSED }, { "5 parsecs", REFUSED }, { "5KiBx", REFUSED },
		{ " 5", REFUSED }, { "5.", REFUSED }, { ".5k", REFUSED },
		{ "99999999999999999999", REFUSED }, { "9000000000GiB", REFUSED },
	};

	CHECK_CASES(parse_bytes, cases);
}

static void test_time(void **state)
{
	static const struct parse_case cases[] = {
		{ "10ms", 10000000000LL }, { "1.5s", 1500000000000LL },
		{ "100us", 100000000LL }, { "3ns", 3000 }, { "7ps", 7 },
		{ "0.000000000001s", 1 }, { "1.250000000000000000000s", 1250000000000LL },
		{ "fast", REFUSED }, { "-5", REFUSED }, { "-5ms", REFUSED },
		{ "10", REFUSED },	/* units required */
		{ "", REFUSED }, { "1.5ps", REFUSED }, { "10msx", REFUSED },
		{ "2min", REFUSED },
		{ "10000000s", REFUSED },	/* > 2^63 ps */
	};

	CHECK_CASES(parse_time, cases);
}

static void test_rate(void **state)
{
	static const struct parse_case cases[] = {
		{ "1Gbit", 1000000000 }, { "100Mbit", 100000000 }, { "10kbit", 10000 },
		{ "9600bit", 9600 }, { "1Gbps", 1000000000 }, { "100 mbit", 100000000 },
		{ "2.5Gbit", 2500000000LL },
		{ "fast", REFUSED }, { "10", REFUSED }, { "-1Gbit", REFUSED }, { "", REFUSED },
		{ "1.5bit", REFUSED },
		{ "100mbps", REFUSED },	/* tc: MB/s */
		{ "10kbps", REFUSED },
	};

	CHECK_CASES(parse_rate, cases);
}

static void test_prob(void **state)
{
	static const struct parse_case cases[] = {
		{ "0.001", 1000000 }, { "0.1%", 1000000 }, { "1", SCN_PPB_ONE },
		{ "100%", SCN_PPB_ONE },
		{ "0.000000001", 1 },	/* one in a billion */
		{ "0", 0 },
		{ "1.5", REFUSED },	/* above 1 */
		{ "101%", REFUSED }, { "-0.1", REFUSED },
		{ "0.0000000001", REFUSED },	/* finer than 1e-9 */
		{ "1e-3", REFUSED }, { "some", REFUSED }, { "", REFUSED }, { "5 ppm", REFUSED },
	};

	CHECK_CASES(parse_prob, cases);
}

static void test_int(void **state)
{
	int64_t v;

	assert_int_equal(parse_int("16383", 0, 16383, &v), 0);
	assert_int_equal(v, 16383);
	assert_int_equal(parse_int("-5", -10, 10, &v), 0);
	assert_int_equal(v, -5);
	assert_int_equal(parse_int("16384", 0, 16383, &v), -1);
	assert_int_equal(parse_int("-1", 0, 16383, &v), -1);
	assert_int_equal(parse_int("1.0", 0, 10, &v), -1);
	assert_int_equal(parse_int("1k", 0, 10000, &v), -1);
	assert_int_equal(parse_int("", 0, 10, &v), -1);
	assert_int_equal(parse_int("-", 0, 10, &v), -1);
	assert_int_equal(parse_int("9223372036854775808", 0, INT64_MAX, &v),
			 -1);
	assert_int_equal(v, -5);
	/* hexadecimal with 0x, as TOS bytes are written (ping -Q 0x10) */
	assert_int_equal(parse_int("0x10", 0, 255, &v), 0);
	assert_int_equal(v, 16);
	assert_int_equal(parse_int("0XfF", 0, 255, &v), 0);
	assert_int_equal(v, 255);
	assert_int_equal(parse_int("0x100", 0, 255, &v), -1);
	assert_int_equal(parse_int("0x", 0, 255, &v), -1);
	assert_int_equal(parse_int("0x1g", 0, 255, &v), -1);
	assert_int_equal(parse_int("-0x1", -10, 10, &v), -1);
	assert_int_equal(parse_int("0x8000000000000000", 0, INT64_MAX, &v), -1);
}

/* ---- loading ----------------------------------------------------------- */

static const char full_scenario[] =
	"; every section kind\n"					/* 1 */
	"[sim]\n"							/* 2 */
	"duration = 5s   ; inline comment\n"				/* 3 */
	"seed=7\n"							/* 4 */
	"\n"								/* 5 */
	"[link]\n"							/* 6 */
	"rate = 100Mbit  # other comment style\n"			/* 7 */
	"delay = 1us\n"							/* 8 */
	"[host.dut]\n"							/* 9 */
	"platform = armada-370\n"					/* 10 */
	"kernel = 3.13\n"						/* 11 */
	"driver = mvneta-3.13\n"					/* 12 */
	"hz = 250\n"							/* 13 */
	"[host.dut.ethtool]\n"						/* 14 */
	"tx-frames = 1\n"						/* 15 */
	"rx-usecs = 100\n"						/* 16 */
	"tx = 532\n"							/* 17 */
	"[host.dut.sysctl]\n"						/* 18 */
	"wmem_default = 208KiB\n"					/* 19 */
	"[host.peer]\n"							/* 20 */
	"[app.ping]\n"							/* 21 */
	"type = ping\n"							/* 22 */
	"host = dut\n"							/* 23 */
	"dest = peer\n"							/* 24 */
	"count = 10\n"							/* 25 */
	"interval = 200ms\n"						/* 26 */
	"sndbuf = 4KiB\n"						/* 27 */
	"[expect.C1']\n"						/* 28 */
	"observation = RTT jumps after 6 packets; see #42\n"		/* 29 */
	"metric = apps.ping.rtt_max_ms\n"				/* 30 */
	"set = host.dut.ethtool.tx-frames=32 sim.duration=2s\n"	/* 31 */
	"value = 10\n"							/* 32 */
	"tolerance = 20%\n"						/* 33 */
	"  [host.dut]   \n"						/* 34 */
	"\ttxq_number = 8\n"						/* 35 */
	"[expect.C1']\n"						/* 36 */
	"source = https://example.org/a:b;c?d=e\n";			/* 37 */

static void test_load_every_section(void **state)
{
	struct scn_error err = { "" };
	const struct scn_host *dut, *peer;
	const struct scn_expect *e;
	const struct scn_app *a;
	struct scenario s;

	scenario_init(&s);
	assert_int_equal(load_text(&s, full_scenario, &err, NULL, 0), 0);
	assert_int_equal(scenario_check(&s, &err), 0);

	assert_int_equal(s.sim.duration, 5 * PS_PER_S);
	assert_int_equal(s.sim.seed, 7);
	assert_int_equal(s.link.rate, 100000000);
	assert_int_equal(s.link.delay, PS_PER_US);
	assert_int_equal(s.link.mtu, 1500);		/* default */

	assert_int_equal(s.nr_hosts, 2);		/* [host.dut] merged */
	dut = scenario_host_c(&s, "dut");
	assert_non_null(dut);
	assert_string_equal(dut->platform, "armada-370");
	assert_string_equal(dut->kernel, "3.13");
	assert_string_equal(dut->driver, "mvneta-3.13");
	assert_int_equal(dut->hz, 250);
	assert_int_equal(dut->txq_number, 8);
	assert_int_equal(dut->rxq_number, SCN_UNSET);
	assert_int_equal(dut->ethtool.tx_frames, 1);
	assert_int_equal(dut->ethtool.rx_frames, SCN_UNSET);
	assert_int_equal(dut->ethtool.rx_usecs, 100 * PS_PER_US);
	assert_int_equal(dut->ethtool.tx_ring, 532);
	assert_int_equal(dut->sysctl.wmem_default, 212992);
	assert_int_equal(dut->sysctl.wmem_max, SCN_UNSET);
	assert_int_equal(dut->xps_cpus[0], SCN_UNSET);

	peer = scenario_host_c(&s, "peer");		/* defaults only */
	assert_non_null(peer);
	assert_string_equal(peer->platform, "x86-64");
	assert_string_equal(peer->kernel, "6.x");
	assert_string_equal(peer->driver, "");	/* unset: the platform decides */
	assert_int_equal(peer->hz, SCN_UNSET);
	assert_int_equal(peer->ethtool.tx_ring, SCN_UNSET);
	assert_null(scenario_host_c(&s, "nobody"));

	assert_int_equal(s.nr_apps, 1);
	a = &s.apps[0];
	assert_string_equal(a->name, "ping");
	assert_string_equal(a->type, "ping");
	assert_string_equal(a->host, "dut");
	assert_string_equal(a->dest, "peer");
	assert_int_equal(a->count, 10);
	assert_int_equal(a->interval, 200 * PS_PER_MS);
	assert_int_equal(a->start, 0);
	assert_int_equal(a->size, SCN_UNSET);	/* 56 for ping, resolved at build */
	assert_int_equal(a->sndbuf, 4096);
	assert_int_equal(a->cpu, 0);
	assert_int_equal(a->nonblock, 0);
	assert_int_equal(a->sndtimeo, SCN_UNSET);

	assert_int_equal(s.nr_expect, 1);
	e = &s.expect[0];
	assert_string_equal(e->id, "C1'");
	/* '#' after a blank starts a comment; ';' inside a word does not. */
	assert_string_equal(e->observation, "RTT jumps after 6 packets; see");
	assert_string_equal(e->metric, "apps.ping.rtt_max_ms");
	assert_string_equal(e->set,
			    "host.dut.ethtool.tx-frames=32 sim.duration=2s");
	assert_true(e->has_value);
	assert_true(e->value == 10.0);
	assert_true(e->tol_abs == 0.0);
	assert_true(e->tol_rel == 0.2);
	assert_string_equal(e->source, "https://example.org/a:b;c?d=e");
	assert_false(e->has_min);
	assert_false(e->has_max);
	scenario_free(&s);
}

static void test_unknown_key(void **state)
{
	load_fails("[host.dut]\n[host.dut.ethtool]\ntx-frame = 1\n", 3,
		   "unknown key 'tx-frame' in [host.dut.ethtool]; did you "
		   "mean 'tx-frames'?");
	load_fails("[sim]\nduraiton = 1s\n", 2,
		   "unknown key 'duraiton' in [sim]; did you mean "
		   "'duration'?");
	load_fails("[host.dut]\n\ntx-frames = 1\n", 3,
		   "unknown key 'tx-frames' in [host.dut]; it belongs in "
		   "[host.dut.ethtool]");
	load_fails("[link]\nrate: 1Gbit = x\n", 2,
		   "unknown key 'rate: 1Gbit' in [link]; did you mean "
		   "'rate'?");
}

static void test_bad_values(void **state)
{
	load_fails("[host.d.ethtool]\ntx-frames = abc\n", 2,
		   "tx-frames: 'abc' is not an integer");
	load_fails("[host.d.ethtool]\ntx-frames = 16384\n", 2,
		   "tx-frames must be between 0 and 16383");
	load_fails("[link]\nrate = fast\n", 2,
		   "rate: 'fast' is not a rate (e.g. 1Gbit, 100Mbit)");
	load_fails("[link]\nrate = 1Tbit\n", 2,
		   "rate must be greater than 0 and at most 400Gbit");
	load_fails("[link]\nmtu = 10KiB\n", 2,
		   "mtu must be between 68 and 9600");
	load_fails("[sim]\nduration = 10\n", 2,
		   "duration: '10' needs a unit, e.g. '10ms' "
		   "(units: s, ms, us, ns, ps)");
	load_fails("[sim]\nduration = 0s\n", 2,
		   "duration must be greater than 0 and at most 100000s");
	load_fails("[sim]\nseed = -1\n", 2, "seed must not be negative");
	load_fails("[sim]\nseed = 9223372036854775808\n", 2,
		   "seed: '9223372036854775808' is too large (at most 9223372036854775807)");
	load_fails("[host.d]\nxps_cpus = 1 2 g\n", 2,
		   "xps_cpus: '1 2 g' is not 1 to 8 hex CPU masks, one per TX queue (e.g. 1 2 4 8)");
	load_fails("[host.d]\nxps_cpus = 1 1 1 1 1 1 1 1 1\n", 2,
		   "xps_cpus: '1 1 1 1 1 1 1 1 1' is not 1 to 8 hex CPU masks, one per TX queue (e.g. 1 2 4 8)");
	load_fails("[host.d]\nxps_cpus = 100\n", 2,
		   "xps_cpus: '100' is not 1 to 8 hex CPU masks, one per TX queue (e.g. 1 2 4 8)");
	load_fails("[host.d]\nhz = 400\n", 2,
		   "hz must be one of 100, 200, 250, 300, 500 or 1000");
	load_fails("[host.d]\nplatform = armada370\n", 2,
		   "platform: 'armada370' is not one of armada-370, armada-xp, armada-385, ast2600, cortex-a7, cortex-a9, cortex-a53, bcm2711, x86-64, x86-64-vm; "
		   "did you mean 'armada-370'?");
	load_fails("[host.d.ethtool]\nrx-usecs = 1500ns\n", 2,
		   "rx-usecs: '1500ns' is not a whole number of microseconds");
	load_fails("[app.a]\nhost = a-very-long-host-name-longer-than-31\n", 2,
		   "host: too long (36 characters, at most 31)");
	load_fails("[expect.x]\nvalue = ten\n", 2,
		   "value: 'ten' is not a number");
	load_fails("[expect.x]\ntolerance = -1%\n", 2,
		   "tolerance must not be negative");
	load_fails("[host.d.ethtool]\nrx-usecs = 1.5\n", 2,
		   "rx-usecs: '1.5' is not a time (microseconds as in ethtool, "
		   "e.g. 100 or 100us)");
	load_fails("[host.d.ethtool]\nrx-usecs = 1000001\n", 2,
		   "rx-usecs must be between 0us and 1000000us");
}

static void test_malformed(void **state)
{
	char big[1100];

	load_fails("[sim]\nduration 10s\n", 2,
		   "expected 'key = value' or '[section]'");
	load_fails("\n[host.dut\n", 2, "unterminated section header (no ']')");
	load_fails("[sim] x\n", 1, "text after ']' in a section header");
	load_fails("duration = 1s\n", 1,
		   "key 'duration' comes before any section; start with "
		   "[sim], [link], [host.NAME], [app.NAME], [expect.ID] or [pair.ID]");
	load_fails("[sim]\n= 5\n", 2, "no key before '='");
	load_fails("[hots.dut]\n", 1,
		   "unknown section [hots.dut]; did you mean [host.dut]?");
	load_fails("[host.dut.ethtol]\n", 1,
		   "unknown section [host.dut.ethtol]; did you mean "
		   "[host.dut.ethtool]?");
	load_fails("[host]\n", 1, "[host] needs a name, e.g. [host.dut]");
	load_fails("[sim.x]\n", 1, "[sim] has no instances: write [sim]");
	load_fails("[app.a b]\n", 1,
		   "name 'a b' may only contain letters, digits and _ - '");
	load_fails("[sim]\nseed = 1\x01\n", 2,
		   "control character 0x01 in line (not a text file?)");

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	load_fails(big, 1, "line too long (more than 1000 characters)");
}

/*
 * inih's line buffer (200 bytes) bounds "key=value" to 199 characters; the
 * blanks around '=' and comments do not count.
 */
static void test_long_values(void **state)
{
	struct scn_error err = { "" };
	struct scenario s;
	char text[512];

	/* "source=" and 192 characters: the longest that fits. */
	snprintf(text, sizeof(text), "[expect.e]\nsource   =   %0192d   "
		 "; comment\n", 0);
	scenario_init(&s);
	assert_int_equal(load_text(&s, text, &err, NULL, 0), 0);
	assert_int_equal(strlen(s.expect[0].source), 192);
	scenario_free(&s);

	snprintf(text, sizeof(text), "[expect.e]\nsource = %0193d\n", 0);
	load_fails(text, 2, "line too long (key=value may have at most 199 "
		   "characters)");
}

/* The file is written with its NUL; load_fails() would stop at it. */
static void test_nul_byte(void **state)
{
	static const char text[] = "[sim]\nseed = 1\0junk\n";
	struct scn_error err = { "" };
	struct scenario s;
	struct tmpfile t;

	write_tmp(&t, text, sizeof(text) - 1);
	scenario_init(&s);
	assert_int_equal(scenario_load(&s, t.path, &err), -1);
	assert_non_null(strstr(err.msg, ":2: NUL byte in line"));
	unlink(t.path);
	scenario_free(&s);
}

static void test_missing_file(void **state)
{
	struct scn_error err = { "" };
	struct scenario s;

	scenario_init(&s);
	assert_int_equal(scenario_load(&s, "/nonexistent/x.ini", &err), -1);
	assert_string_equal(err.msg,
			    "/nonexistent/x.ini: No such file or directory");
	assert_int_equal(scenario_load(&s, "/", &err), -1);
	assert_string_equal(err.msg, "/: read error: Is a directory");
	scenario_free(&s);
}

/* ---- --set and origins -------------------------------------------------- */

static void test_set(void **state)
{
	struct scn_error err = { "" };
	struct scenario s;
	struct scn_host *h;

	scenario_init(&s);
	assert_int_equal(scenario_set(&s, "host.dut.driver=ideal", &err), 0);
	assert_int_equal(scenario_set(&s, "host.dut.ethtool.tx-frames=1",
				      &err), 0);
	h = scenario_host(&s, "dut");
	assert_non_null(h);
	assert_int_equal(h->ethtool.tx_frames, 1);

	assert_int_equal(scenario_set(&s, "host.dut.ethtool.tx-frames=-5",
				      &err), -1);
	assert_string_equal(err.msg, "--set host.dut.ethtool.tx-frames=-5: "
			    "tx-frames must be between 0 and 16383");
	assert_int_equal(h->ethtool.tx_frames, 1);	/* unchanged */

	assert_int_equal(scenario_set(&s, " sim.duration = 2.5s ", &err), 0);
	assert_int_equal(s.sim.duration, 2500 * PS_PER_MS);
	assert_int_equal(scenario_set(&s, "sim.duration", &err), -1);
	assert_string_equal(err.msg, "--set sim.duration: expected "
			    "SECTION.KEY=VALUE, e.g. "
			    "host.dut.ethtool.tx-frames=1");
	assert_int_equal(scenario_set(&s, "duration=1s", &err), -1);
	assert_string_equal(err.msg, "--set duration=1s: 'duration' has no "
			    "section; expected SECTION.KEY=VALUE");
	assert_int_equal(scenario_set(&s, "link.rat=1Gbit", &err), -1);
	assert_string_equal(err.msg, "--set link.rat=1Gbit: unknown key "
			    "'rat' in [link]; did you mean 'rate'?");
	assert_int_equal(scenario_set(&s, "expect.B1.observation=a = b",
				      &err), 0);
	assert_string_equal(s.expect[0].observation, "a = b");

	assert_int_equal(scenario_set_list(&s, "  link.mtu=9000\t"
					   "sim.seed=3 ", &err), 0);
	assert_int_equal(s.link.mtu, 9000);
	assert_int_equal(s.sim.seed, 3);
	assert_int_equal(scenario_set_list(&s, "sim.seed=4 link.mtu=1", &err),
			 -1);
	assert_string_equal(err.msg, "--set link.mtu=1: mtu must be between "
			    "68 and 9600");
	/* a triple in an override list: commas, as blanks split the list */
	assert_int_equal(scenario_set_list(&s, "host.dut.sysctl.tcp_wmem=4096,16384,262144",
					   &err), 0);
	assert_int_equal(h->sysctl.tcp_wmem[2], 262144);
	assert_int_equal(scenario_set(&s, "host.dut.sysctl.tcp_wmem=4096 16384 4071360", &err), 0);
	assert_int_equal(h->sysctl.tcp_wmem[1], 16384);
	assert_int_equal(h->sysctl.tcp_wmem[2], 4071360);
	assert_int_equal(scenario_set(&s, "host.dut.sysctl.tcp_wmem=4096,16384", &err), -1);
	scenario_free(&s);
}

/* A --set may not make a host or app of a misspelt name: only the keys
 * that make one (a host's profiles, an app's type) create it. */
static void test_set_names(void **state)
{
	struct scn_error err = { "" };
	struct scenario s;

	scenario_init(&s);
	assert_int_equal(load_text(&s, "[host.dut]\n[host.peer]\n[app.ping]\ntype = ping\n"
				   "host = dut\ndest = peer\n", &err, NULL, 0), 0);
	assert_int_equal(scenario_set(&s, "host.dtu.ethtool.tx-frames=1", &err), -1);
	assert_string_equal(err.msg, "--set host.dtu.ethtool.tx-frames=1: no host 'dtu' "
			    "(did you mean 'dut'?); a --set creates one only with its "
			    "platform, kernel or driver");
	assert_int_equal(scenario_set(&s, "host.pear.txq_number=2", &err), -1);
	assert_string_equal(err.msg, "--set host.pear.txq_number=2: no host 'pear' "
			    "(did you mean 'peer'?); a --set creates one only with its "
			    "platform, kernel or driver");
	assert_int_equal(scenario_set(&s, "app.pign.interval=1s", &err), -1);
	assert_string_equal(err.msg, "--set app.pign.interval=1s: no app 'pign' "
			    "(did you mean 'ping'?); a --set creates one only with its type");
	assert_int_equal(s.nr_hosts, 2);
	assert_int_equal(s.nr_apps, 1);
	assert_int_equal(scenario_set_list(&s, "sim.seed=2 app.pign.count=3", &err), -1);
	assert_string_equal(err.msg, "--set app.pign.count=3: no app 'pign' "
			    "(did you mean 'ping'?); a --set creates one only with its type");

	/* the creating keys create; then the rest may follow */
	assert_int_equal(scenario_set(&s, "app.f.type=udp", &err), 0);
	assert_int_equal(scenario_set(&s, "app.f.interval=0s", &err), 0);
	assert_int_equal(scenario_set(&s, "host.third.driver=ideal", &err), 0);
	assert_int_equal(scenario_set(&s, "host.third.ethtool.tx=64", &err), 0);
	assert_int_equal(s.nr_hosts, 3);
	assert_int_equal(s.nr_apps, 2);
	assert_int_equal(scenario_set(&s, "expect.X.value=1", &err), 0);	/* scenario_check asks for metric */
	scenario_free(&s);

	scenario_init(&s);		/* nothing to suggest */
	assert_int_equal(scenario_set(&s, "app.a.host=dut", &err), -1);
	assert_string_equal(err.msg, "--set app.a.host=dut: no app 'a'; a --set creates "
			    "one only with its type");
	scenario_free(&s);
}

/* A key a file sets twice in one section is an error, reopened or not;
 * a --set after the file overrides it. */
static void test_set_twice(void **state)
{
	struct scn_error err = { "" };
	struct scenario s;

	load_fails("[sim]\nduration = 1s\nduration = 2s\n", 3,
		   "'duration' is set twice in [sim] (first on line 2)");
	load_fails("[host.dut]\nhz = 100\n[host.peer]\nhz = 100\n[host.dut]\nhz = 250\n", 6,
		   "'hz' is set twice in [host.dut] (first on line 2)");
	load_fails("[host.dut.ethtool]\ntx-frames = 1\n\n[host.dut.ethtool]\n"
		   "tx-frames=16\n", 5,
		   "'tx-frames' is set twice in [host.dut.ethtool] (first on line 2)");
	load_fails("[app.p]\ntype = ping\ntype = udp\n", 3,
		   "'type' is set twice in [app.p] (first on line 2)");
	scenario_init(&s);
	assert_int_equal(load_text(&s, "[host.dut]\nhz = 100\n[host.dut.ethtool]\n"
				   "tx-frames = 1\n", &err, NULL, 0), 0);
	assert_int_equal(scenario_set(&s, "host.dut.hz=250", &err), 0);
	assert_int_equal(scenario_set(&s, "host.dut.hz=300", &err), 0);
	assert_int_equal(s.hosts[0].hz, 300);
	scenario_free(&s);
}

/* scenario_host_key_next: every key of a host's sections, or only those
 * the scenario sets, with their fields. */
static void test_host_keys(void **state)
{
	struct scn_error err = { "" };
	const char *key, *section;
	const struct scn_host *h;
	const void *field;
	struct scenario s;
	int pos = 0, n = 0;

	scenario_init(&s);
	assert_int_equal(load_text(&s, "[host.dut.sysctl]\ntcp_ecn = 1\n[host.dut]\n"
				   "qdisc = pfifo_fast\n[host.dut.ethtool]\ntx = 64\n",
				   &err, NULL, 0), 0);
	h = scenario_host_c(&s, "dut");
	assert_int_equal(scenario_set(&s, "host.dut.cost.clock=800", &err), 0);
	key = scenario_host_key_next(&s, h, &pos, &field, &section);
	assert_string_equal(key, "qdisc");	/* the registry's order */
	assert_ptr_equal(field, h->qdisc);
	assert_string_equal(section, "host.NAME");
	key = scenario_host_key_next(&s, h, &pos, &field, &section);
	assert_string_equal(key, "tx");
	assert_ptr_equal(field, &h->ethtool.tx_ring);
	assert_string_equal(section, "host.NAME.ethtool");
	key = scenario_host_key_next(&s, h, &pos, &field, &section);
	assert_string_equal(key, "tcp_ecn");
	assert_ptr_equal(field, &h->sysctl.tcp_ecn);
	key = scenario_host_key_next(&s, h, &pos, &field, &section);
	assert_string_equal(key, "clock");
	assert_string_equal(section, "host.NAME.cost");
	assert_null(scenario_host_key_next(&s, h, &pos, &field, &section));
	pos = 0;
	while (scenario_host_key_next(NULL, h, &pos, &field, &section))
		n++;
	assert_true(n > 70);	/* every key of the four sections */
	scenario_free(&s);
}

static void test_origins(void **state)
{
	struct scn_error err = { "" };
	struct scenario s;
	struct scn_host *h;
	char path[64], want[256];

	scenario_init(&s);
	assert_int_equal(load_text(&s, full_scenario, &err, path,
				   sizeof(path)), 0);
	h = scenario_host(&s, "dut");

	scenario_error_at(&s, &h->ethtool.tx_frames, &err, "bad %d", 1);
	snprintf(want, sizeof(want), "%s:15: bad 1", path);
	assert_string_equal(err.msg, want);
	scenario_error_at(&s, &h->txq_number, &err, "x");	/* line 35 */
	snprintf(want, sizeof(want), "%s:35: x", path);
	assert_string_equal(err.msg, want);
	scenario_error_at(&s, h->name, &err, "x");	/* first header */
	snprintf(want, sizeof(want), "%s:9: x", path);
	assert_string_equal(err.msg, want);
	scenario_error_at(&s, &s.expect[0].tol_abs, &err, "x");
	snprintf(want, sizeof(want), "%s:33: x", path);
	assert_string_equal(err.msg, want);

	scenario_error_at(&s, &s.link.mtu, &err, "never set");
	snprintf(want, sizeof(want), "%s: never set", path);
	assert_string_equal(err.msg, want);

	assert_int_equal(scenario_set(&s, "host.dut.ethtool.tx-frames=2",
				      &err), 0);
	scenario_error_at(&s, &h->ethtool.tx_frames, &err, "now %s", "here");
	assert_string_equal(err.msg,
			    "--set host.dut.ethtool.tx-frames=2: now here");
	scenario_free(&s);
	assert_null(s.origins);
}

static void test_copy(void **state)
{
	struct scn_error err = { "" };
	struct scenario s, *c = malloc(sizeof(*c));
	char path[64], want[256];
	int i;

	assert_non_null(c);
	scenario_init(&s);
	assert_int_equal(load_text(&s, full_scenario, &err, path,
				   sizeof(path)), 0);
	scenario_copy(c, &s);
	assert_ptr_not_equal(c->origins, s.origins);
	assert_int_equal(scenario_set_list(c, s.expect[0].set, &err), 0);
	assert_int_equal(c->hosts[0].ethtool.tx_frames, 32);
	assert_int_equal(s.hosts[0].ethtool.tx_frames, 1);
	scenario_error_at(c, &c->link.rate, &err, "x");
	snprintf(want, sizeof(want), "%s:7: x", path);
	assert_string_equal(err.msg, want);
	/* Growing the copy's origins past its capacity must be safe. */
	for (i = 0; i < SCN_MAX_APPS; i++) {
		char arg[64];

		snprintf(arg, sizeof(arg), "app.a%d.type=udp", i);
		assert_int_equal(scenario_set(c, arg, &err),
				 i < SCN_MAX_APPS - 1 ? 0 : -1);
	}
	snprintf(want, sizeof(want), "--set app.a%d.type=udp: too many [app.*] "
		 "sections (at most %d)", SCN_MAX_APPS - 1, SCN_MAX_APPS);
	assert_string_equal(err.msg, want);
	scenario_free(c);
	free(c);
	scenario_free(&s);
}

/* ---- scenario_check ----------------------------------------------------- */

static void check_fails(const char *text, int line, const char *want)
{
	struct scn_error err = { "" };
	struct scenario s;
	char path[64], full[1200];

	scenario_init(&s);
	assert_int_equal(load_text(&s, text, &err, path, sizeof(path)), 0);
	assert_int_equal(scenario_check(&s, &err), -1);
	if (line)
		snprintf(full, sizeof(full), "%s:%d: %s", path, line, want);
	else
		snprintf(full, sizeof(full), "%s: %s", path, want);
	assert_string_equal(err.msg, full);
	scenario_free(&s);
}

static void test_check(void **state)
{
	check_fails("[sim]\n", 0, "no hosts: a scenario needs at least one "
		    "[host.NAME] section");
	check_fails("[host.dut]\n[host.peer]\n[app.p]\ntype = ping\n"
		    "host = dutt\ndest = peer\n", 5,
		    "host: no host named 'dutt'; did you mean 'dut'?");
	check_fails("[host.dut]\n[host.peer]\n[app.p]\ntype = ping\n"
		    "host = dut\ndest = pear\n", 6,
		    "dest: no host named 'pear'; did you mean 'peer'?");
	check_fails("[host.dut]\n[app.p]\ntype = ping\nhost = dut\n", 2,
		    "[app.p] is a ping and needs 'dest'");
	check_fails("[host.dut]\n[app.p]\ntype = udp\nhost = dut\n"
		    "dest = dut\n", 5,
		    "dest: 'dut' is the app's own host; it must be another "
		    "host");
	check_fails("[host.dut]\n[app.u]\nhost = dut\n", 2,
		    "[app.u] needs 'type' (What the application does: ping, "
		    "udp, stream, http, tcp_rr, udp_rr)");
	check_fails("[host.dut]\n[app.u]\ntype = udp\nhost = dut\n"
		    "start = 10s\n", 5, "start: 10s is not before the end of "
		    "the run (sim duration 10s)");
	check_fails("[host.dut]\n[expect.E]\nvalue = 1\n", 2,
		    "[expect.E] needs 'metric' (the results path it checks), or "
		    "'unmodelled' saying why the model has none");
	check_fails("[host.dut]\n[expect.E]\nmetric = a.b\nunmodelled = no\nvalue = 1\n",
		    4, "unmodelled: [expect.E] also names a metric; a row is either "
		    "run or not modelled");
	/* a band a do-nothing run meets needs `require` */
	check_fails("[host.dut]\n[expect.E]\nmetric = a.b\nmax = 3\n", 2,
		    "[expect.E] passes with 0, so a run that did nothing would pass "
		    "it: add 'require' (what the run must have done, e.g. "
		    "apps.ping.received==apps.ping.transmitted)");
	check_fails("[host.dut]\n[expect.E]\nmetric = a.b\nmin = 1\nrequire = a.b=1\n", 5,
		    "require: 'a.b=1' is not PATH OP VALUE (OP one of >= <= == != > <, "
		    "no blanks), e.g. apps.ping.received==apps.ping.transmitted");
	check_fails("[host.dut]\n[expect.E]\nmetric = a.b\n", 2,
		    "[expect.E] needs 'value', 'min' or 'max'");
	check_fails("[host.dut]\n[expect.E]\nmetric = a.b\nmin = 5\n"
		    "max = 4\n", 5, "max (4) is below min (5)");
	check_fails("[host.dut]\n[expect.E]\nmetric = a.b\nmin = 5\n"
		    "tolerance = 1\n", 5, "tolerance applies to 'value', which "
		    "[expect.E] does not give");
	check_fails("[host.dut]\n[expect.E]\nmetric = a.b\nvalue = 1\n"
		    "set = sim.seed=1 host.dut.ethtool.tx-frames=-5\n", 5,
		    "set: 'host.dut.ethtool.tx-frames=-5': tx-frames must be "
		    "between 0 and 16383");
}

static void test_expect_pass(void **state)
{
	struct scn_expect e = { .value = 10, .has_value = true };

	assert_true(scenario_expect_pass(&e, 10));
	assert_false(scenario_expect_pass(&e, 10.5));
	e.tol_abs = 1;
	assert_true(scenario_expect_pass(&e, 11));
	assert_false(scenario_expect_pass(&e, 11.5));
	e.tol_abs = 0;
	e.tol_rel = 0.2;
	assert_true(scenario_expect_pass(&e, 8));
	assert_false(scenario_expect_pass(&e, 7.9));
	assert_false(scenario_expect_pass(&e, NAN));

	e = (struct scn_expect){ .min = 2, .has_min = true };
	assert_true(scenario_expect_pass(&e, 2));
	assert_true(scenario_expect_pass(&e, 1e9));
	assert_false(scenario_expect_pass(&e, 1.99));
	e.max = 3;
	e.has_max = true;
	assert_false(scenario_expect_pass(&e, 3.01));
}

/* ---- the key table ------------------------------------------------------ */

/* A stand-in for the profiles' defaults (src/sim/run/settings.c). */
static bool fake_default(const char *section, const char *key, char *buf, size_t len)
{
	if (strcmp(section, "host.NAME.ethtool") || strcmp(key, "tx-frames"))
		return false;
	snprintf(buf, len, "mvneta-3.8: 16, ideal: -");
	return true;
}

/* `nicsim keys` with opts o into a string (freed by the caller); NULL
 * if it refuses the filter, with err. */
static char *print_keys(const struct scn_keys_opts *o, struct scn_error *err)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	assert_non_null(f);
	rc = scenario_print_keys(f, o, err);
	fclose(f);
	if (!rc)
		return buf;
	assert_int_equal(len, 0);	/* nothing printed */
	free(buf);
	return NULL;
}

static void test_print_keys(void **state)
{
	struct scn_keys_opts o = { .markdown = false };
	struct scn_error err = { "" };
	char *plain, *md;

	plain = print_keys(&o, &err);
	o.markdown = true;
	md = print_keys(&o, &err);
	assert_non_null(strstr(plain, "host.NAME.ethtool  tx-frames"));
	assert_non_null(strstr(md, "| `[host.NAME.cost]` | `gso_seg` | (platform) | cycles | "
			       "skb_segment, per segment |"));
	assert_non_null(strstr(md, "| section | key | default | unit | "
			       "meaning |\n|---|---|---|---|---|\n"));
	assert_non_null(strstr(md, "| `[link]` | `rate` | 1Gbit | bit/s |"));
	assert_non_null(strstr(md, "armada-370, armada-xp, armada-385, ast2600, cortex-a7, cortex-a9, cortex-a53, bcm2711, x86-64, x86-64-vm"));
	/* meanings in full, however long (tx_arbiter's is over 300 characters) */
	assert_non_null(strstr(plain, "in the order their doorbells handed them over, as one "
			       "FIFO): fixed-priority, round-robin, post-order\n"));
	assert_non_null(strstr(md, "as one FIFO): fixed-priority, round-robin, post-order |\n"));
	free(plain);
	free(md);

	/* the profiles' defaults where they give one */
	o = (struct scn_keys_opts){ .filter = "ethtool", .profile_default = fake_default };
	plain = print_keys(&o, &err);
	assert_non_null(strstr(plain, "tx-frames    mvneta-3.8: 16, ideal: -  "));
	assert_non_null(strstr(plain, "rx-frames    (driver)  "));
	free(plain);
}

/* Lines of a `nicsim keys` output after the header. */
static int rows(const char *out)
{
	int n = -1;

	for (; *out; out++)
		n += *out == '\n';
	return n;
}

static void test_keys_filter(void **state)
{
	struct scn_keys_opts o = { .markdown = false };
	struct scn_error err = { "" };
	static const struct {
		const char *filter, *has, *lacks;
		int rows;
	} cases[] = {
		{ "ethtool", "host.NAME.ethtool  tx-frames", "host.NAME.sysctl", 8 },
		{ "host.NAME.ethtool", "host.NAME.ethtool  tso", "host.NAME ", 8 },
		{ "[host.dut.ethtool]", "host.NAME.ethtool  rx ", "host.NAME.cost", 8 },
		{ "host.NAME.sysctl", "host.NAME.sysctl  wmem_max", "ethtool", 10 },
		{ "sysctl", "host.NAME.sysctl  tcp_wmem", "ethtool", 10 },
		{ "host", "host.NAME  driver", "app.NAME", 0 },	/* the section, not app's key */
		{ "app", "app.NAME  host", "host.NAME ", 0 },
		{ "sim", "seed  ", "link", 6 },
		{ "expect.B1", "expect.ID  metric", "app.NAME", 0 },
		{ "tx-usecs", "host.NAME.ethtool  tx-usecs", "tx-frames", 1 },
	};
	size_t i;
	char *out;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		o.filter = cases[i].filter;
		out = print_keys(&o, &err);
		if (!out || !strstr(out, cases[i].has) || strstr(out, cases[i].lacks) ||
		    (cases[i].rows && rows(out) != cases[i].rows))
			fail_msg("keys %s:\n%s", cases[i].filter, out ? out : err.msg);
		free(out);
	}
	o.filter = "ethtol";
	assert_null(print_keys(&o, &err));
	assert_string_equal(err.msg, "no section or key 'ethtol'; did you mean 'ethtool'?");
	o.filter = "host.NAME.sysctls";
	assert_null(print_keys(&o, &err));
	assert_string_equal(err.msg, "no section or key 'host.NAME.sysctls'; did you mean "
			    "'host.NAME.sysctl'?");
	o.filter = "tx-frame";
	assert_null(print_keys(&o, &err));
	assert_string_equal(err.msg, "no section or key 'tx-frame'; did you mean 'tx-frames'?");
	o.filter = "ethtool";		/* out NULL: only the filter's check */
	assert_int_equal(scenario_print_keys(NULL, &o, &err), 0);
	assert_true(scenario_key_in_filter("ethtool", "host.NAME.ethtool", "tx"));
	assert_false(scenario_key_in_filter("ethtool", "host.NAME", "txq_number"));
	assert_true(scenario_key_in_filter(NULL, "host.NAME", "txq_number"));
	assert_false(scenario_key_in_filter(NULL, "host.NAME", "no-such-key"));
}

/* ---- robustness --------------------------------------------------------- */

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

/* Random mixes of real tokens and bytes: any result but a crash is fine. */
static void test_garbage(void **state)
{
	static const char *const tok[] = {
		"[", "]", "=", ";", "#", " ", "\n", "\r\n", "\t", ".", "'",
		"sim", "link", "host", "app", "expect", "dut", "ethtool",
		"sysctl", "cost", "tx-frames", "rate", "1Gbit", "10ms", "-5", "1.5",
		"%", "99999999999999999999999", "type", "ping", "host.dut",
		"\xef\xbb\xbf", "\xff", "\x01", "set", "metric",
	};
	struct scn_error err;
	struct scenario s;
	uint64_t x = 12345;
	char text[4096];
	size_t n;
	int i;

	for (i = 0; i < 2000; i++) {
		struct tmpfile t;

		n = 0;
		while (n < sizeof(text) - 64 && lcg(&x) % 200) {
			const char *w = tok[lcg(&x) % (sizeof(tok) /
						       sizeof(tok[0]))];

			if (lcg(&x) % 8 == 0)
				text[n++] = (char)lcg(&x);
			else
				n += (size_t)snprintf(text + n, 64, "%s", w);
		}
		write_tmp(&t, text, n);
		scenario_init(&s);
		if (scenario_load(&s, t.path, &err) == 0)
			scenario_check(&s, &err);
		scenario_free(&s);
		unlink(t.path);
	}
}

/* xps_cpus: hex masks, spaces or commas, optional 0x; the rest 0 */
static void test_xps_masks(void **state)
{
	struct scn_error err = { "" };
	struct scenario s;
	const struct scn_host *h;

	(void)state;
	scenario_init(&s);
	assert_int_equal(load_text(&s, "[host.d]\nxps_cpus = 1, 0x2 f\n", &err, NULL, 0), 0);
	h = scenario_host_c(&s, "d");
	assert_non_null(h);
	assert_int_equal(h->xps_cpus[0], 1);
	assert_int_equal(h->xps_cpus[1], 2);
	assert_int_equal(h->xps_cpus[2], 15);
	assert_int_equal(h->xps_cpus[3], 0);
	assert_int_equal(h->xps_cpus[7], 0);
	scenario_free(&s);
}

/* [host.NAME.cost]: cycles per struct cpu_costs field and the clock in
 * MHz; what is not given stays SCN_UNSET (the platform's value). */
static void test_cost_section(void **state)
{
	struct scn_error err = { "" };
	const struct scn_host *h;
	struct scenario s;
	const char *key;
	int64_t v;
	int pos = 0;

	(void)state;
	scenario_init(&s);
	assert_int_equal(load_text(&s, "[host.dut]\nplatform = armada-370\n"
				   "[host.dut.cost]\ngso_seg = 2000\n"
				   "file_read_x16 = 0\nclock = 800\n"
				   "[host.peer]\n", &err, NULL, 0), 0);
	assert_int_equal(scenario_set(&s, "host.dut.cost.tcp_ack=1234", &err), 0);
	h = scenario_host_c(&s, "dut");
	assert_non_null(h);
	assert_int_equal(h->cost.gso_seg, 2000);
	assert_int_equal(h->cost.file_read_x16, 0);
	assert_int_equal(h->cost.clock, 800);
	assert_int_equal(h->cost.tcp_ack, 1234);
	assert_int_equal(h->cost.syscall, SCN_UNSET);
	assert_int_equal(h->cost.copy_byte_x16, SCN_UNSET);
	h = scenario_host_c(&s, "peer");
	assert_int_equal(h->cost.gso_seg, SCN_UNSET);
	assert_int_equal(h->cost.clock, SCN_UNSET);

	/* the set keys, in table order */
	h = scenario_host_c(&s, "dut");
	key = scenario_cost_next(&h->cost, &pos, &v);
	assert_string_equal(key, "clock");
	assert_int_equal(v, 800);
	key = scenario_cost_next(&h->cost, &pos, &v);
	assert_string_equal(key, "gso_seg");
	assert_int_equal(v, 2000);
	key = scenario_cost_next(&h->cost, &pos, &v);
	assert_string_equal(key, "tcp_ack");
	key = scenario_cost_next(&h->cost, &pos, &v);
	assert_string_equal(key, "file_read_x16");
	assert_int_equal(v, 0);
	assert_null(scenario_cost_next(&h->cost, &pos, &v));
	pos = 0;
	assert_null(scenario_cost_next(&scenario_host_c(&s, "peer")->cost, &pos, &v));

	assert_int_equal(scenario_set(&s, "host.dut.cost.gso_segs=1", &err), -1);
	assert_string_equal(err.msg, "--set host.dut.cost.gso_segs=1: unknown key "
			    "'gso_segs' in [host.dut.cost]; did you mean 'gso_seg'?");
	assert_int_equal(scenario_set(&s, "host.dut.cost.clock=0", &err), -1);
	assert_string_equal(err.msg, "--set host.dut.cost.clock=0: "
			    "clock must be between 1 and 100000");
	assert_int_equal(h->cost.clock, 800);		/* unchanged */
	scenario_free(&s);

	load_fails("[host.dut.cost]\ngso_segs = 2000\n", 2,
		   "unknown key 'gso_segs' in [host.dut.cost]; did you mean 'gso_seg'?");
	load_fails("[host.dut]\ngso_seg = 2000\n", 2,
		   "unknown key 'gso_seg' in [host.dut]; it belongs in [host.dut.cost]");
	load_fails("[host.dut.cost]\ngso_seg = 100000001\n", 2,
		   "gso_seg must be between 0 and 100000000");
	load_fails("[host.dut.cost]\ngso_seg = 1.5\n", 2,
		   "gso_seg: '1.5' is not an integer");
	load_fails("[host.dut.costs]\n", 1,
		   "unknown section [host.dut.costs]; did you mean [host.dut.cost]?");
}

/* An expectation's `require`: PATH OP NUMBER|PATH, blank-separated. */
static void test_require_conditions(void **state)
{
	const char *list = " apps.p.received==apps.p.transmitted  x.y>=1000 z!=2.5 ";
	struct scn_cond c;
	char why[256];
	size_t pos = 0;

	(void)state;
	assert_int_equal(scn_cond_next(list, &pos, &c, why, sizeof(why)), 1);
	assert_string_equal(c.lhs, "apps.p.received");
	assert_string_equal(c.op, "==");
	assert_string_equal(c.rhs, "apps.p.transmitted");
	assert_false(c.rhs_is_num);
	assert_int_equal(scn_cond_next(list, &pos, &c, why, sizeof(why)), 1);
	assert_string_equal(c.lhs, "x.y");
	assert_string_equal(c.op, ">=");
	assert_true(c.rhs_is_num);
	assert_true(c.num == 1000);
	assert_true(scn_cond_holds(&c, 1000, c.num));
	assert_false(scn_cond_holds(&c, 999, c.num));
	assert_false(scn_cond_holds(&c, NAN, c.num));	/* a missing figure never holds */
	assert_int_equal(scn_cond_next(list, &pos, &c, why, sizeof(why)), 1);
	assert_string_equal(c.op, "!=");
	assert_true(scn_cond_holds(&c, 2, 2.5));
	assert_false(scn_cond_holds(&c, 2.5, 2.5));
	assert_int_equal(scn_cond_next(list, &pos, &c, why, sizeof(why)), 0);
	/* no operator, nothing before or after it */
	pos = 0;
	assert_int_equal(scn_cond_next("apps.p.received", &pos, &c, why, sizeof(why)), -1);
	pos = 0;
	assert_int_equal(scn_cond_next(">=3", &pos, &c, why, sizeof(why)), -1);
	pos = 0;
	assert_int_equal(scn_cond_next("a.b<", &pos, &c, why, sizeof(why)), -1);
	/* > and < alone */
	pos = 0;
	assert_int_equal(scn_cond_next("a>0", &pos, &c, why, sizeof(why)), 1);
	assert_string_equal(c.op, ">");
	assert_false(scn_cond_holds(&c, 0, 0));
	assert_true(scn_cond_holds(&c, 1, 0));
}

/* A pair's `change`: up F and down F pass at sqrt(F), gone at before > 0
 * and after 0; a zero or missing denominator never passes. */
static void test_pair_change(void **state)
{
	struct scn_change c;
	char why[256];
	double f;

	(void)state;
	assert_int_equal(scn_change_parse("up 6.2", &c, why, sizeof(why)), 0);
	assert_int_equal(c.dir, SCN_CHANGE_UP);
	assert_true(c.factor == 6.2);
	assert_true(fabs(c.threshold - 2.49) < 0.001);	/* sqrt(6.2) = 2.48998 */
	assert_true(scn_change_holds(&c, 151.13, 939.16, &f));	/* the published pair */
	assert_true(fabs(f - 6.214) < 0.001);
	assert_true(scn_change_holds(&c, 100, 249, &f));
	assert_false(scn_change_holds(&c, 100, 248, &f));
	assert_false(scn_change_holds(&c, 900, 100, &f));	/* the wrong direction */
	assert_false(scn_change_holds(&c, 0, 100, &f));	/* no ratio over 0 */
	assert_true(isnan(f));
	assert_false(scn_change_holds(&c, NAN, 100, &f));
	assert_false(scn_change_holds(&c, 100, NAN, &f));

	assert_int_equal(scn_change_parse("  down 3 ", &c, why, sizeof(why)), 0);
	assert_int_equal(c.dir, SCN_CHANGE_DOWN);
	assert_true(fabs(c.threshold - 1.732) < 0.001);	/* sqrt(3) */
	assert_true(scn_change_holds(&c, 7000, 3500, &f));	/* before / after = 2 */
	assert_true(f == 2);
	assert_false(scn_change_holds(&c, 5793, 5793, &f));
	assert_true(f == 1);
	assert_false(scn_change_holds(&c, 7000, 0, &f));	/* after 0: no ratio */
	assert_int_equal(scn_change_parse("down 11.7", &c, why, sizeof(why)), 0);
	assert_true(fabs(c.threshold - 3.42) < 0.001);	/* sqrt(11.7) = 3.4205 */

	assert_int_equal(scn_change_parse("gone", &c, why, sizeof(why)), 0);
	assert_int_equal(c.dir, SCN_CHANGE_GONE);
	assert_true(scn_change_holds(&c, 4, 0, &f));
	assert_false(scn_change_holds(&c, 4, 1, &f));
	assert_false(scn_change_holds(&c, 0, 0, &f));	/* nothing was there to go */
	assert_false(scn_change_holds(&c, NAN, 0, &f));

	assert_int_equal(scn_change_parse("up", &c, why, sizeof(why)), -1);
	assert_string_equal(why, "'up' is not up F, down F or gone (F the published factor, "
			    "above 1), e.g. up 6.2");
	assert_int_equal(scn_change_parse("up 1", &c, why, sizeof(why)), -1);
	assert_string_equal(why, "the factor 1 is not above 1 (a fall by F is down F, a rise up F)");
	assert_int_equal(scn_change_parse("down x3", &c, why, sizeof(why)), -1);
	assert_int_equal(scn_change_parse("gone 2", &c, why, sizeof(why)), -1);
	assert_int_equal(scn_change_parse("up 2 3", &c, why, sizeof(why)), -1);
	assert_int_equal(scn_change_parse("", &c, why, sizeof(why)), -1);
}

/* Override lists compare word by word, blanks aside. */
static void test_sets_equal(void **state)
{
	(void)state;
	assert_true(scenario_sets_equal("", "  "));
	assert_true(scenario_sets_equal(" a=1\tb=2", "a=1 b=2 "));
	assert_false(scenario_sets_equal("a=1 b=2", "b=2 a=1"));
	assert_false(scenario_sets_equal("a=1", "a=10"));
	assert_false(scenario_sets_equal("a=1", ""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_time),
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_prob),
		cmocka_unit_test(test_int),
		cmocka_unit_test(test_load_every_section),
		cmocka_unit_test(test_unknown_key),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_long_values),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_set),
		cmocka_unit_test(test_set_names),
		cmocka_unit_test(test_set_twice),
		cmocka_unit_test(test_host_keys),
		cmocka_unit_test(test_origins),
		cmocka_unit_test(test_copy),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_expect_pass),
		cmocka_unit_test(test_print_keys),
		cmocka_unit_test(test_keys_filter),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_xps_masks),
		cmocka_unit_test(test_cost_section),
		cmocka_unit_test(test_require_conditions),
		cmocka_unit_test(test_pair_change),
		cmocka_unit_test(test_sets_equal),
	};

	/* the loader does not link the drivers, which add their names when
	 * they register: these are the names the tests use */
	if (nicsim_driver_name_add("mvneta-3.13") || nicsim_driver_name_add("ideal"))
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
