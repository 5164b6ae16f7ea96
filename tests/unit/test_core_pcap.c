// SPDX-License-Identifier: MIT
/*
 * Unit tests for the pcap writer (src/report/pcap.c, compiled into this
 * test directly: see CMakeLists.txt).
 *
 * Writes ICMP echo requests (with and without the ping timestamp, with a
 * payload long enough for the fill byte to wrap, odd length) and a UDP
 * datagram, reads the file back with an independent parser here, and
 * checks the file header, record timestamps and lengths, every header
 * field, the IPv4 and ICMP checksums (recomputed here) and the payload
 * bytes. Also: open and write errors.
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

#include "report/pcap.h"

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

/* Ones' complement sum folded to 16 bits; 0xffff over data whose
 * checksum field is correct. */
static uint16_t ones_sum(const uint8_t *p, size_t n)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += i & 1 ? p[i] : (uint64_t)p[i] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
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
	assert_int_equal(be16(udp + 6), 0);
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
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
