// SPDX-License-Identifier: MIT
/*
 * Unit tests for the pcap writer (src/sim/report/pcap.c, compiled into this
 * test directly: see CMakeLists.txt).
 *
 * Writes ICMP echo requests (with and without the ping timestamp, with a
 * payload long enough for the fill byte to wrap, odd length) and a UDP
 * datagram, reads the file back with an independent parser here, and
 * checks the file header, record timestamps and lengths, every header
 * field, the IPv4, ICMP and UDP checksums (recomputed here) and the
 * payload bytes; TCP segments (a data segment, an ACK with SACK blocks,
 * SYNs with their options, scaled windows): header, options and
 * checksum. Two directions merged in time order. Also: open and write
 * errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "sim/report/pcap.h"

/* ---- an independent reader --------------------------------------------- */

static uint32_t le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)be16(p) << 16 | be16(p + 2);
}

/* Ones' complement sum of a (even length) then b, folded to 16 bits;
 * 0xffff over data whose checksum field is correct. */
static uint16_t ones_sum_pair(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < na; i++)
		s += i & 1 ? a[i] : (uint64_t)a[i] << 8;
	for (i = 0; i < nb; i++)
		s += i & 1 ? b[i] : (uint64_t)b[i] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

static uint16_t ones_sum(const uint8_t *p, size_t n)
{
	return ones_sum_pair(p, 0, p, n);
}

/* The UDP/TCP sum: the pseudo-header (addresses, protocol, L4 length)
 * and the L4 bytes; 0xffff when the checksum field is correct. */
static uint16_t l4_sum(const uint8_t *ip, const uint8_t *l4, size_t n)
{
	uint8_t pseudo[12];

	memcpy(pseudo, ip + 12, 8);
	pseudo[8] = 0;
	pseudo[9] = ip[9];
	pseudo[10] = (uint8_t)(n >> 8);
	pseudo[11] = (uint8_t)n;
	return ones_sum_pair(pseudo, sizeof(pseudo), l4, n);
}

struct rec {
	uint32_t	sec, nsec, incl, orig;
	const uint8_t	*f;
};

struct file {
	uint8_t		*data;
	size_t		len;
	struct rec	r[8];
	int		n;
};

static void read_file(const char *path, struct file *fl)
{
	FILE *f = fopen(path, "rb");
	size_t off = 24;

	assert_non_null(f);
	fl->data = malloc(1 << 20);
	fl->len = fread(fl->data, 1, 1 << 20, f);
	fclose(f);
	assert_true(fl->len >= 24);
	fl->n = 0;
	while (off < fl->len) {
		struct rec *r = &fl->r[fl->n++];

		assert_true(off + 16 <= fl->len);
		r->sec = le32(fl->data + off);
		r->nsec = le32(fl->data + off + 4);
		r->incl = le32(fl->data + off + 8);
		r->orig = le32(fl->data + off + 12);
		r->f = fl->data + off + 16;
		off += 16 + r->incl;
		assert_true(off <= fl->len);
	}
}

/* ---- the frames ------------------------------------------------------- */

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define IP(a, b, c, d) ((uint32_t)(a) << 24 | (b) << 16 | (c) << 8 | (d))

static void base_skb(struct sk_buff *s, uint8_t proto, uint32_t payload, uint32_t l4)
{
	memset(s, 0, sizeof(*s));
	s->len = ETH_HLEN + IPV4_HLEN + l4 + payload;
	s->protocol = ETH_P_IP;
	s->eth_src = 0;
	s->eth_dst = 1;
	s->saddr = IP(10, 0, 0, 1);
	s->daddr = IP(192, 168, 1, 200);
	s->ip_proto = proto;
	s->ttl = 64;
	s->payload_len = payload;
}

static void icmp_skb(struct sk_buff *s, uint32_t payload, uint16_t seq)
{
	base_skb(s, IPPROTO_ICMP_, payload, ICMP_HLEN);
	s->ip_id = 0xabcd;
	s->icmp_type = ICMP_ECHO_;
	s->icmp_id = 0xbeef;
	s->icmp_seq = seq;
	s->app_stamp = 1234 * PS_PER_S + 567890 * PS_PER_US + 999999;
}

static void check_file_header(const struct file *fl)
{
	assert_int_equal(le32(fl->data), 0xa1b23c4d);
	assert_int_equal(fl->data[4] | fl->data[5] << 8, 2);
	assert_int_equal(fl->data[6] | fl->data[7] << 8, 4);
	assert_int_equal(le32(fl->data + 8), 0);
	assert_int_equal(le32(fl->data + 12), 0);
	assert_int_equal(le32(fl->data + 16), 65535);
	assert_int_equal(le32(fl->data + 20), 1);
}

static void check_eth_ip(const struct rec *r, const struct sk_buff *s)
{
	static const uint8_t dst[6] = { 2, 0, 0, 0, 0, 2 };
	static const uint8_t src[6] = { 2, 0, 0, 0, 0, 1 };
	const uint8_t *ip = r->f + 14;
	uint8_t hdr[20];

	assert_int_equal(r->incl, s->len);
	assert_int_equal(r->orig, s->len);
	assert_memory_equal(r->f, dst, 6);
	assert_memory_equal(r->f + 6, src, 6);
	assert_int_equal(be16(r->f + 12), 0x0800);
	assert_int_equal(ip[0], 0x45);
	assert_int_equal(ip[1], 0);
	assert_int_equal(be16(ip + 2), s->len - 14);
	assert_int_equal(be16(ip + 4), s->ip_id);
	assert_int_equal(be16(ip + 6), 0x4000);		/* DF */
	assert_int_equal(ip[8], s->ttl);
	assert_int_equal(ip[9], s->ip_proto);
	assert_int_equal(be32(ip + 12), s->saddr);
	assert_int_equal(be32(ip + 16), s->daddr);
	/* the checksum verifies, and is what a fresh computation gives */
	assert_int_equal(ones_sum(ip, 20), 0xffff);
	memcpy(hdr, ip, 20);
	hdr[10] = hdr[11] = 0;
	assert_int_equal(be16(ip + 10), (uint16_t)~ones_sum(hdr, 20));
}

static void check_icmp(const struct rec *r, const struct sk_buff *s)
{
	const uint8_t *icmp = r->f + 34, *pl = icmp + 8;
	uint32_t k;

	check_eth_ip(r, s);
	assert_int_equal(icmp[0], 8);
	assert_int_equal(icmp[1], 0);
	assert_int_equal(be16(icmp + 4), s->icmp_id);
	assert_int_equal(be16(icmp + 6), s->icmp_seq);
	assert_int_equal(ones_sum(icmp, s->len - 34), 0xffff);
	k = 0;
	if (s->payload_len >= 16) {
		assert_int_equal(le64(pl), 1234);		/* tv_sec */
		assert_int_equal(le64(pl + 8), 567890);		/* tv_usec */
		k = 16;
	}
	for (; k < s->payload_len; k++)
		assert_int_equal(pl[k], k & 0xff);
}

static void check_udp(const struct rec *r, const struct sk_buff *s)
{
	const uint8_t *udp = r->f + 34;
	uint32_t k;

	check_eth_ip(r, s);
	assert_int_equal(be16(udp), s->sport);
	assert_int_equal(be16(udp + 2), s->dport);
	assert_int_equal(be16(udp + 4), 8 + s->payload_len);
	assert_int_not_equal(be16(udp + 6), 0);	/* 0 would mean none */
	assert_int_equal(l4_sum(r->f + 14, udp, 8 + s->payload_len), 0xffff);
	for (k = 0; k < s->payload_len; k++)
		assert_int_equal(udp[8 + k], 0);
}

static void test_write_and_read_back(void **state)
{
	char path[] = "/tmp/nicsim-pcap-XXXXXX";
	struct sk_buff ping, udp, big, tiny;
	struct pcap_writer *w;
	struct file fl;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	icmp_skb(&ping, 56, 1);			/* ping's default 64-byte ICMP */
	icmp_skb(&big, 301, 2);			/* fill wraps at 256, odd length */
	icmp_skb(&tiny, 8, 3);			/* too short for a timestamp */
	base_skb(&udp, IPPROTO_UDP_, 100, UDP_HLEN);
	udp.ip_id = 7;
	udp.ttl = 1;
	udp.sport = 40000;
	udp.dport = 9;

	w = pcap_open(path);
	assert_non_null(w);
	assert_int_equal(pcap_write_skb(w, 1 * PS_PER_S + 500000123 * PS_PER_NS + 456, &ping), 0);
	assert_int_equal(pcap_write_skb(w, 3 * PS_PER_S + 5 * PS_PER_NS, &udp), 0);
	assert_int_equal(pcap_write_skb(w, 4 * PS_PER_S, &big), 0);
	assert_int_equal(pcap_write_skb(w, 4 * PS_PER_S + 999, &tiny), 0);
	pcap_close(w);

	read_file(path, &fl);
	unlink(path);
	check_file_header(&fl);
	assert_int_equal(fl.n, 4);
	assert_int_equal(fl.len, 24 + 4 * 16 + ping.len + udp.len + big.len + tiny.len);
	assert_int_equal(ping.len, 98);
	assert_int_equal(fl.r[0].sec, 1);
	assert_int_equal(fl.r[0].nsec, 500000123);	/* ps truncated to ns */
	assert_int_equal(fl.r[1].sec, 3);
	assert_int_equal(fl.r[1].nsec, 5);
	assert_int_equal(fl.r[2].sec, 4);
	assert_int_equal(fl.r[2].nsec, 0);
	assert_int_equal(fl.r[3].nsec, 0);
	check_icmp(&fl.r[0], &ping);
	check_udp(&fl.r[1], &udp);
	check_icmp(&fl.r[2], &big);
	check_icmp(&fl.r[3], &tiny);
	free(fl.data);
}

static void tcp_skb(struct sk_buff *s, uint32_t payload, uint32_t opt_len)
{
	base_skb(s, IPPROTO_TCP_, payload, TCP_HLEN_TS + opt_len);
	s->ip_id = 0x1234;
	s->sport = 33000;
	s->dport = 5001;
	s->seq = (5ull << 32) + 1000;		/* folded to 32 bits: 1000 */
	s->end_seq = s->seq + payload;
	s->ack_seq = 77777;
	s->tcp_flags = TCPHDR_ACK | TCPHDR_PSH;
	s->tcp_win = 29200;
	s->tsval = 3 * PS_PER_MS + 999;		/* 3000 us */
	s->tsecr = 2 * PS_PER_MS;
}

/* The TCP header and its timestamps option, and the checksum over the
 * pseudo-header, the header with its options and the zero data. */
static void check_tcp(const struct rec *r, const struct sk_buff *s, uint32_t hlen)
{
	const uint8_t *t = r->f + 34;
	uint32_t k;

	check_eth_ip(r, s);
	assert_int_equal(be16(t), s->sport);
	assert_int_equal(be16(t + 2), s->dport);
	assert_int_equal(be32(t + 4), (uint32_t)s->seq);
	assert_int_equal(be32(t + 8), (uint32_t)s->ack_seq);
	assert_int_equal(t[12] >> 4, hlen / 4);
	assert_int_equal(t[13], s->tcp_flags);
	assert_int_equal(be16(t + 18), 0);		/* urgent pointer */
	assert_int_equal(l4_sum(r->f + 14, t, s->len - 34), 0xffff);
	for (k = hlen; k < s->len - 34; k++)
		assert_int_equal(t[k], 0);
}

/* A data segment and an ACK with two SACK blocks: header, timestamps
 * and SACK option, checksum. */
static void test_tcp_frames(void **state)
{
	static const uint8_t ts_opt[4] = { 1, 1, 8, 10 };
	char path[] = "/tmp/nicsim-pcap-XXXXXX";
	struct sk_buff data, ack;
	struct pcap_writer *w;
	struct file fl;
	const uint8_t *t;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	tcp_skb(&data, 1448, 0);
	tcp_skb(&ack, 0, 4 + 2 * 8);
	ack.tcp_flags = TCPHDR_ACK;
	ack.nr_sack = 2;
	ack.sack[0][0] = 1448;
	ack.sack[0][1] = 2 * 1448;
	ack.sack[1][0] = -1448;			/* a D-SACK below ack_seq */
	ack.sack[1][1] = 0;
	w = pcap_open(path);
	assert_non_null(w);
	assert_int_equal(pcap_write_skb(w, PS_PER_S, &data), 0);
	assert_int_equal(pcap_write_skb(w, 2 * PS_PER_S, &ack), 0);
	pcap_close(w);

	read_file(path, &fl);
	unlink(path);
	assert_int_equal(fl.n, 2);
	check_tcp(&fl.r[0], &data, 32);
	t = fl.r[0].f + 34;
	assert_int_equal(be16(t + 14), 29200);
	assert_memory_equal(t + 20, ts_opt, 4);
	assert_int_equal(be32(t + 24), 3000);
	assert_int_equal(be32(t + 28), 2000);
	check_tcp(&fl.r[1], &ack, 52);
	t = fl.r[1].f + 34;
	assert_int_equal(t[32], 1);			/* NOP, NOP, SACK */
	assert_int_equal(t[33], 1);
	assert_int_equal(t[34], 5);
	assert_int_equal(t[35], 2 + 16);
	assert_int_equal(be32(t + 36), 77777 + 1448);
	assert_int_equal(be32(t + 40), 77777 + 2 * 1448);
	assert_int_equal(be32(t + 44), 77777 - 1448);
	assert_int_equal(be32(t + 48), 77777);
	free(fl.data);
}

/* A SYN and SYN-ACK with their options as Linux lays them out, a SYN-ACK
 * without SACK-permitted, and the window field: unscaled on SYNs, the
 * window shifted by the sender's scale on others. */
static void test_tcp_syn_frames(void **state)
{
	char path[] = "/tmp/nicsim-pcap-XXXXXX";
	struct sk_buff syn, synack, ack, big;
	struct pcap_writer *w;
	struct file fl;
	const uint8_t *t;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	tcp_skb(&syn, 0, 8);
	syn.tcp_flags = TCPHDR_SYN | TCPHDR_ECE | TCPHDR_CWR;
	syn.tcp_opts = TCP_OPT_MSS | TCP_OPT_SACK_PERM | TCP_OPT_TS | TCP_OPT_WSCALE;
	syn.tcp_mss = 1460;
	syn.tcp_wscale = 7;
	syn.seq = UINT64_MAX;
	syn.ack_seq = 0;
	syn.tsecr = 0;
	syn.tcp_win = 64240;
	assert_int_equal(syn.len, 74);
	assert_int_equal(tcp_syn_hlen(syn.tcp_opts), 40);
	synack = syn;
	synack.tcp_flags = TCPHDR_SYN | TCPHDR_ACK;
	synack.tcp_opts &= (uint8_t)~TCP_OPT_SACK_PERM;
	synack.ack_seq = 0;
	synack.tcp_wscale = 2;
	tcp_skb(&ack, 0, 0);
	ack.tcp_flags = TCPHDR_ACK;
	ack.tcp_win = 29312;			/* 229 << 7 */
	ack.tcp_wscale = 7;
	tcp_skb(&big, 0, 0);
	big.tcp_win = 16 << 20;			/* more than 65535 << 7 */
	big.tcp_wscale = 7;
	w = pcap_open(path);
	assert_non_null(w);
	assert_int_equal(pcap_write_skb(w, 1, &syn), 0);
	assert_int_equal(pcap_write_skb(w, 2, &synack), 0);
	assert_int_equal(pcap_write_skb(w, 3, &ack), 0);
	assert_int_equal(pcap_write_skb(w, 4, &big), 0);
	pcap_close(w);
	read_file(path, &fl);
	unlink(path);
	assert_int_equal(fl.n, 4);
	check_tcp(&fl.r[0], &syn, 40);
	t = fl.r[0].f + 34;
	assert_int_equal(be32(t + 4), 0xffffffff);
	assert_int_equal(be16(t + 14), 64240);		/* a SYN's window: unscaled */
	{
		static const uint8_t mss_sack_ts[8] = { 2, 4, 0x05, 0xb4, 4, 2, 8, 10 };
		static const uint8_t ws[4] = { 1, 3, 3, 7 };

		assert_memory_equal(t + 20, mss_sack_ts, 8);
		assert_memory_equal(t + 36, ws, 4);
	}
	assert_int_equal(be32(t + 28), 3000);		/* TSval */
	check_tcp(&fl.r[1], &synack, 40);
	t = fl.r[1].f + 34;
	{
		static const uint8_t mss_ts[8] = { 2, 4, 0x05, 0xb4, 1, 1, 8, 10 };

		assert_memory_equal(t + 20, mss_ts, 8);
		assert_int_equal(t[39], 2);
	}
	check_tcp(&fl.r[2], &ack, 32);
	assert_int_equal(be16(fl.r[2].f + 34 + 14), 229);
	check_tcp(&fl.r[3], &big, 32);
	assert_int_equal(be16(fl.r[3].f + 34 + 14), 65535);
	free(fl.data);
}

/* Two directions written out of global time order (each in order, as a
 * port sends) merge by timestamp, direction 0 first at equal ones. */
static void test_merge(void **state)
{
	static const struct { int dir; sim_time_t t; uint16_t id; } in[] = {
		{ 1, 1 * PS_PER_US, 10 }, { 1, 3 * PS_PER_US, 11 }, { 1, 3 * PS_PER_US, 12 },
		{ 0, 2 * PS_PER_US, 20 }, { 0, 3 * PS_PER_US + 999, 21 }, { 0, 5 * PS_PER_US, 22 },
	};
	static const uint16_t want[] = { 10, 20, 21, 11, 12, 22 };
	char path[] = "/tmp/nicsim-pcap-XXXXXX";
	struct pcap_merge *m;
	struct sk_buff s;
	struct file fl;
	size_t i;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	m = pcap_merge_open(path);
	assert_non_null(m);
	for (i = 0; i < ARRAY_LEN(in); i++) {
		icmp_skb(&s, 56, 1);
		s.ip_id = in[i].id;
		assert_int_equal(pcap_merge_write(m, in[i].dir, in[i].t, &s), 0);
	}
	assert_int_equal(pcap_merge_finish(m), 0);
	assert_int_equal(pcap_frames(pcap_merge_file(m)), 6);
	assert_string_equal(pcap_path(pcap_merge_file(m)), path);
	pcap_merge_close(m);
	read_file(path, &fl);
	unlink(path);
	check_file_header(&fl);
	assert_int_equal(fl.n, 6);
	for (i = 0; i < ARRAY_LEN(want); i++)
		assert_int_equal(be16(fl.r[i].f + 18), want[i]);	/* IP id */
	assert_int_equal(fl.r[2].nsec, 3000);	/* 3 us + 999 ps: the same ns */
	free(fl.data);
}

static void test_errors(void **state)
{
	char path[] = "/tmp/nicsim-pcap-XXXXXX";
	struct pcap_writer *w;
	struct sk_buff s;
	int fd;

	errno = 0;
	assert_null(pcap_open("/nonexistent-nicsim-dir/x.pcap"));
	assert_int_equal(errno, ENOENT);
	pcap_close(NULL);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	w = pcap_open(path);
	assert_non_null(w);
	icmp_skb(&s, 56, 1);
	assert_int_equal(pcap_write_skb(w, -1, &s), -1);
	assert_int_equal(errno, EINVAL);
	s.len = 20;				/* shorter than Ethernet + IPv4 */
	assert_int_equal(pcap_write_skb(w, 0, &s), -1);
	assert_int_equal(errno, EINVAL);
	pcap_close(w);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write_and_read_back),
		cmocka_unit_test(test_tcp_frames),
		cmocka_unit_test(test_tcp_syn_frames),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
