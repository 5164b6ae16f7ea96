// SPDX-License-Identifier: MIT
/*
 * Unit tests for output-path ownership (src/sim/run/outpath.c), in a scratch
 * directory: what counts as nicsim's JSON, trace and pcap (the pcap made
 * by the real writer, so a change of its MACs or header shows here),
 * what outpath_check refuses with and without force, that a temporary
 * never takes a name that exists, and how a report reaches an existing
 * directory: the user's files kept, the old report's own files replaced
 * or removed, the marker listing exactly the new ones. The tests share
 * one scratch directory and run in order (later ones use "adir" and
 * "user.json" made by test_check).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "sim/run/outpath.h"
#include "sim/report/pcap.h"

static char scratch[] = "/tmp/nicsim-test-outpath.XXXXXX";

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void put_bytes(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* The whole of a small file, in buf. */
static const char *get(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static bool exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

static void test_json(void **state)
{
	put("a.json", "{\n  \"nicsim\": {\n    \"version\": \"0.1.0\",\n    \"seed\": 1\n  },\n  \"apps\": {}\n}");
	assert_true(outpath_is_nicsims("a.json", OUTPATH_JSON));
	put("b.json", "{\"nicsim\": \"yes\"}");
	assert_false(outpath_is_nicsims("b.json", OUTPATH_JSON));
	put("c.json", "[1, 2]");
	assert_false(outpath_is_nicsims("c.json", OUTPATH_JSON));
	put("d.json", "not json");
	assert_false(outpath_is_nicsims("d.json", OUTPATH_JSON));
	/* a trace is not a results JSON */
	put("e.csv", "time_s,host.dut.irq.tx\n0.000000000,0\n");
	assert_false(outpath_is_nicsims("e.csv", OUTPATH_JSON));
}

static void test_trace(void **state)
{
	put("a.csv", "time_s,app.ping.sock.wmem_alloc,host.dut.irq.tx,link.dut.util\n0.000000000,1,0,0\n");
	assert_true(outpath_is_nicsims("a.csv", OUTPATH_TRACE));
	put("b.csv", "time_s,host.dut.txq3.ring.used\n");	/* killed before a row */
	assert_true(outpath_is_nicsims("b.csv", OUTPATH_TRACE));
	put("c.csv", "time_s,price\n0,1\n");
	assert_false(outpath_is_nicsims("c.csv", OUTPATH_TRACE));
	put("d.csv", "time_s\n0\n");
	assert_false(outpath_is_nicsims("d.csv", OUTPATH_TRACE));
	put("e.csv", "time_s,host.dut.irq.tx,\n");
	assert_false(outpath_is_nicsims("e.csv", OUTPATH_TRACE));
	put("f.csv", "t,host.dut.irq.tx\n");
	assert_false(outpath_is_nicsims("f.csv", OUTPATH_TRACE));
	put("g.csv", "");
	assert_false(outpath_is_nicsims("g.csv", OUTPATH_TRACE));
}

static void ping_skb(struct sk_buff *s)
{
	memset(s, 0, sizeof(*s));
	s->len = ETH_HLEN + IPV4_HLEN + ICMP_HLEN + 56;
	s->protocol = ETH_P_IP;
	s->eth_src = 0;
	s->eth_dst = 1;
	s->ip_proto = IPPROTO_ICMP_;
	s->ttl = 64;
	s->payload_len = 56;
	s->icmp_type = ICMP_ECHO_;
}

/* path's bytes with the first frame's destination MAC changed. */
static void foreign_copy(const char *from, const char *to)
{
	uint8_t buf[4096];
	FILE *f = fopen(from, "rb");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	assert_true(n > 24 + 16 + 12);
	buf[24 + 16] = 0x00;	/* a universally administered MAC */
	put_bytes(to, buf, n);
}

static void test_pcap(void **state)
{
	struct pcap_writer *w;
	struct sk_buff s;
	uint8_t hdr[24];
	FILE *f;
	int i;

	w = pcap_open("empty.pcap");
	assert_non_null(w);
	pcap_close(w);
	assert_true(outpath_is_nicsims("empty.pcap", OUTPATH_PCAP));
	w = pcap_open("ping.pcap");
	assert_non_null(w);
	ping_skb(&s);
	for (i = 0; i < OUTPATH_PCAP_PROBE + 4; i++)
		assert_int_equal(pcap_write_skb(w, i * 1000000, &s), 0);
	pcap_close(w);
	assert_true(outpath_is_nicsims("ping.pcap", OUTPATH_PCAP));
	foreign_copy("ping.pcap", "other.pcap");
	assert_false(outpath_is_nicsims("other.pcap", OUTPATH_PCAP));
	/* a microsecond capture with nicsim's frames is not nicsim's file */
	f = fopen("ping.pcap", "rb");
	assert_int_equal(fread(hdr, 1, sizeof(hdr), f), sizeof(hdr));
	fclose(f);
	hdr[0] = 0xd4;
	hdr[1] = 0xc3;
	put_bytes("usec.pcap", hdr, sizeof(hdr));
	assert_false(outpath_is_nicsims("usec.pcap", OUTPATH_PCAP));
	put_bytes("short.pcap", hdr, 10);
	assert_false(outpath_is_nicsims("short.pcap", OUTPATH_PCAP));
	put("text.pcap", "not a capture at all, but long enough to have 24 bytes");
	assert_false(outpath_is_nicsims("text.pcap", OUTPATH_PCAP));
}

static void test_check(void **state)
{
	char msg[256];

	assert_int_equal(outpath_check("new.json", OUTPATH_JSON, false, msg, sizeof(msg)), 0);
	put("user.json", "{\"mine\": 1}");
	assert_int_equal(outpath_check("user.json", OUTPATH_JSON, false, msg, sizeof(msg)), -1);
	assert_string_equal(msg, "exists and was not written by nicsim (use --force to replace it)");
	assert_int_equal(outpath_check("user.json", OUTPATH_JSON, true, msg, sizeof(msg)), 0);
	assert_int_equal(symlink("user.json", "link.json"), 0);
	assert_int_equal(outpath_check("link.json", OUTPATH_JSON, false, msg, sizeof(msg)), -1);
	assert_int_equal(outpath_check("link.json", OUTPATH_JSON, true, msg, sizeof(msg)), 0);
	assert_int_equal(mkdir("adir", 0777), 0);
	assert_int_equal(outpath_check("adir", OUTPATH_JSON, true, msg, sizeof(msg)), -1);
	assert_string_equal(msg, "is a directory; a file is needed here");
	assert_int_equal(outpath_check("nodir/x.json", OUTPATH_JSON, true, msg, sizeof(msg)), -1);
	assert_string_equal(msg, "there is no directory nodir to make it in");
	assert_int_equal(outpath_check("user.json/x", OUTPATH_JSON, true, msg, sizeof(msg)), -1);
	assert_int_equal(outpath_check("/dev/null", OUTPATH_JSON, true, msg, sizeof(msg)), -1);
}

/* A temporary never takes an existing name, and goes away on abort. */
static void test_tmp(void **state)
{
	char taken[64], tmp[OUTPATH_LEN], buf[64];
	FILE *f;

	snprintf(taken, sizeof(taken), ".out.json.nicsim-tmp.%ld-0", (long)getpid());
	put(taken, "mine");
	f = outpath_tmp_open("out.json", tmp, sizeof(tmp));
	assert_non_null(f);
	assert_string_not_equal(tmp, taken);
	assert_non_null(strstr(tmp, ".out.json.nicsim-tmp."));
	fputs("new", f);
	assert_int_equal(outpath_tmp_commit(f, tmp, "out.json"), 0);
	assert_string_equal(get("out.json", buf, sizeof(buf)), "new");
	assert_string_equal(get(taken, buf, sizeof(buf)), "mine");
	assert_false(exists(tmp));
	f = outpath_tmp_open("adir/x.json", tmp, sizeof(tmp));
	assert_non_null(f);
	assert_int_equal(strncmp(tmp, "adir/.x.json.nicsim-tmp.", 24), 0);
	outpath_tmp_abort(f, tmp);
	assert_false(exists(tmp));
	assert_false(exists("adir/x.json"));
}

/* A report of files names[] in a fresh temporary for dir. */
static void make_report(const char *dir, const char *const *names, char *tmp, size_t len)
{
	char msg[256], path[OUTPATH_LEN + 64];

	assert_int_equal(outpath_report_begin(dir, tmp, len, msg, sizeof(msg)), 0);
	for (; *names; names++) {
		snprintf(path, sizeof(path), "%s/%s", tmp, *names);
		put(path, "new");
	}
}

static void test_report(void **state)
{
	static const char *const first[] = { "index.html", "trace-0.csv", "trace-1.csv", NULL };
	static const char *const second[] = { "index.html", "trace-0.csv", NULL };
	char tmp[OUTPATH_LEN], msg[OUTPATH_LEN + 256], buf[512];

	/* a new directory: the temporary beside it, renamed into place */
	assert_int_equal(outpath_report_check("rep", false, msg, sizeof(msg)), 0);
	make_report("rep", first, tmp, sizeof(tmp));
	assert_int_equal(strncmp(tmp, ".rep.nicsim-tmp.", 16), 0);
	assert_int_equal(outpath_report_publish(tmp, "rep", false, msg, sizeof(msg)), 0);
	assert_false(exists(tmp));
	assert_string_equal(get("rep/index.html", buf, sizeof(buf)), "new");
	assert_non_null(strstr(get("rep/" OUTPATH_MARKER, buf, sizeof(buf)),
			       "\nindex.html\ntrace-0.csv\ntrace-1.csv\n"));
	/* rewritten: the user's file kept, trace-1.csv (nicsim's) removed */
	put("rep/notes.txt", "mine");
	assert_int_equal(outpath_report_check("rep", false, msg, sizeof(msg)), 0);
	make_report("rep", second, tmp, sizeof(tmp));
	assert_int_equal(strncmp(tmp, "rep/.nicsim-tmp.", 16), 0);
	assert_int_equal(outpath_report_publish(tmp, "rep", false, msg, sizeof(msg)), 0);
	assert_false(exists(tmp));
	assert_false(exists("rep/trace-1.csv"));
	assert_string_equal(get("rep/notes.txt", buf, sizeof(buf)), "mine");
	assert_non_null(strstr(get("rep/" OUTPATH_MARKER, buf, sizeof(buf)),
			       "\nindex.html\ntrace-0.csv\n"));
	assert_null(strstr(buf, "trace-1.csv"));
	/* a user's file where the report puts one: refused, the new report
	 * left in the temporary, nothing in rep changed; --force replaces */
	put("rep/trace-1.csv", "mine");
	make_report("rep", first, tmp, sizeof(tmp));
	assert_int_equal(outpath_report_publish(tmp, "rep", false, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "rep/trace-1.csv exists and was not written by nicsim"));
	assert_true(exists(tmp));
	assert_string_equal(get("rep/trace-1.csv", buf, sizeof(buf)), "mine");
	assert_int_equal(outpath_report_publish(tmp, "rep", true, msg, sizeof(msg)), 0);
	assert_string_equal(get("rep/trace-1.csv", buf, sizeof(buf)), "new");
	/* a failed run: the temporary and what it holds go, rep stays */
	make_report("rep", second, tmp, sizeof(tmp));
	outpath_report_abort(tmp);
	assert_false(exists(tmp));
	assert_string_equal(get("rep/trace-1.csv", buf, sizeof(buf)), "new");
	/* a user's directory: refused, unless force; a file: always */
	assert_int_equal(outpath_report_check("adir", false, msg, sizeof(msg)), -1);
	assert_int_equal(outpath_report_check("adir", true, msg, sizeof(msg)), 0);
	assert_int_equal(outpath_report_check("user.json", true, msg, sizeof(msg)), -1);
	assert_int_equal(outpath_report_check(".", false, msg, sizeof(msg)), -1);
}

static int enter(void **state)
{
	return !mkdtemp(scratch) || chdir(scratch);
}

static int leave(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", scratch);
	return chdir("/") || system(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_trace),
		cmocka_unit_test(test_pcap),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_tmp),
		cmocka_unit_test(test_report),
	};

	return cmocka_run_group_tests(tests, enter, leave);
}
