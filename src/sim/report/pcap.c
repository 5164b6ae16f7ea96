// SPDX-License-Identifier: MIT
/*
 * pcap writer (see pcap.h). Frame layout, offsets from the MAC header:
 *   0  Ethernet: dst, src, type 0x0800                      14 bytes
 *  14  IPv4: 0x45, tos (ECN bits only), tot_len, id, DF, ttl, proto, csum  20 bytes
 *  34  ICMP: type, code 0, csum, id, seq, then payload      8 + payload_len
 *      UDP:  sport, dport, 8 + payload_len, csum, zeros     8 + payload_len
 * Anything past the L4 payload up to skb->len (padding) is zero. An IPv4
 * fragment (RFC 791: MF, offset in 8-byte units, no DF) carries its slice
 * of the whole datagram, L4 header and checksum included. The ICMP
 * checksum covers the whole IP payload as it is in the frame, which is
 * what a receiver verifies; UDP and TCP checksums add the pseudo-header.
 * File formats: pcap(5) / the libpcap file format draft
 * (draft-ietf-opsawg-pcap); headers: RFC 791, 792, 768, 793.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/report/pcap.h"

#define L4_OFF		(ETH_HLEN + IPV4_HLEN)
#define PAYLOAD_OFF	(L4_OFF + ICMP_HLEN)
#define MAX_FRAME	(ETH_HLEN + 65535u)	/* IPv4 tot_len is 16 bits */
#define PING_TV_LEN	16	/* struct timeval on LP64: two 64-bit ints */

struct pcap_writer {
	FILE	*f;
	char	*path;		/* NULL for a temporary file */
	uint8_t	*buf;
	size_t	cap;
	uint64_t frames;
	int	err;		/* errno of the first failed write, or 0 */
};

/* Both directions' frames, each first in its own temporary capture (in
 * time order, as a port sends), merged into out at the end. */
struct pcap_merge {
	struct pcap_writer *out;
	struct pcap_writer *dir[2];
	bool	done;
};

static void put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	put_be16(p, (uint16_t)(v >> 16));
	put_be16(p + 2, (uint16_t)v);
}

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put_le32(uint8_t *p, uint32_t v)
{
	put_le16(p, (uint16_t)v);
	put_le16(p + 2, (uint16_t)(v >> 16));
}

static void put_le64(uint8_t *p, uint64_t v)
{
	put_le32(p, (uint32_t)v);
	put_le32(p + 4, (uint32_t)(v >> 32));
}

/* RFC 1071: the ones' complement sum of p as 16-bit big-endian words, an
 * odd last byte padded with zero, added to sum (not yet folded). */
static uint64_t csum_add(uint64_t sum, const uint8_t *p, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	return sum;
}

/* Fold to 16 bits and complement: the checksum field's value. */
static uint16_t csum_fold(uint64_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

static uint16_t inet_csum(const uint8_t *p, size_t len)
{
	return csum_fold(csum_add(0, p, len));
}

/* The UDP and TCP checksum (RFC 768, RFC 793): over the pseudo-header
 * (source and destination address, zero, protocol, L4 length) and the
 * L4 header and data, as they are in frame f. */
static uint16_t l4_csum(const uint8_t *f, uint32_t l4_len)
{
	const uint8_t *ip = f + ETH_HLEN;
	uint64_t sum = csum_add(0, ip + 12, 8);	/* saddr, daddr */

	sum += ip[9];				/* zero, protocol */
	sum += l4_len;
	return csum_fold(csum_add(sum, f + L4_OFF, l4_len));
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void put_mac(uint8_t *p, uint8_t idx)
{
	static const uint8_t oui[5] = { 0x02, 0, 0, 0, 0 };

	memcpy(p, oui, sizeof(oui));
	p[5] = (uint8_t)(idx + 1);
}

static bool skb_is_frag(const struct sk_buff *skb)
{
	return skb->frag_off || skb->frag_mf;
}

static void build_ip(uint8_t *f, const struct sk_buff *skb)
{
	uint8_t *ip = f + ETH_HLEN;

	put_mac(f, skb->eth_dst);
	put_mac(f + 6, skb->eth_src);
	put_be16(f + 12, ETH_P_IP);
	ip[0] = 0x45;
	ip[1] = skb->ecn & INET_ECN_MASK;	/* DSCP 0; the ECN field as sent */
	put_be16(ip + 2, (uint16_t)skb_ip_len(skb));
	put_be16(ip + 4, skb->ip_id);
	/* a whole datagram: DF; a fragment: MF and its offset in 8-byte units */
	put_be16(ip + 6, skb_is_frag(skb) ? (uint16_t)((skb->frag_mf ? 0x2000 : 0) |
						       (skb->frag_off >> 3)) : 0x4000);
	ip[8] = skb->ttl;
	ip[9] = skb->ip_proto;
	put_be16(ip + 10, 0);
	put_be32(ip + 12, skb->saddr);
	put_be32(ip + 16, skb->daddr);
	put_be16(ip + 10, inet_csum(ip, IPV4_HLEN));
}

/* iputils ping: byte k of the data is k, then a struct timeval over the
 * first 16 bytes when there is room for it. */
static void build_ping_payload(uint8_t *p, uint32_t n, sim_time_t stamp)
{
	uint32_t k;

	for (k = 0; k < n; k++)
		p[k] = (uint8_t)k;
	if (n < PING_TV_LEN)
		return;
	put_le64(p, (uint64_t)(stamp / PS_PER_S));
	put_le64(p + 8, (uint64_t)(stamp % PS_PER_S / PS_PER_US));
}

static void build_icmp(uint8_t *f, uint32_t len, const struct sk_buff *skb)
{
	uint8_t *icmp = f + L4_OFF;

	icmp[0] = skb->icmp_type;
	icmp[1] = 0;
	put_be16(icmp + 2, 0);
	put_be16(icmp + 4, skb->icmp_id);
	put_be16(icmp + 6, skb->icmp_seq);
	build_ping_payload(f + PAYLOAD_OFF, skb->payload_len, skb->app_stamp);
	if (len > L4_OFF)
		put_be16(icmp + 2, inet_csum(icmp, len - L4_OFF));
}

/* UDP: a computed 0 goes out as 0xffff, 0 meaning "no checksum" (RFC 768). */
static void build_udp(uint8_t *f, const struct sk_buff *skb)
{
	uint8_t *udp = f + L4_OFF;
	uint16_t len = (uint16_t)(UDP_HLEN + skb->payload_len), sum;

	put_be16(udp, skb->sport);
	put_be16(udp + 2, skb->dport);
	put_be16(udp + 4, len);
	put_be16(udp + 6, 0);
	sum = l4_csum(f, len);
	put_be16(udp + 6, sum ? sum : 0xffff);
}

/* The timestamps option's kind and length, TSval and TSecr (in
 * microseconds); o[0], o[1] are left to the caller (NOPs, or a 2-byte
 * option that shares the word). */
static void put_ts(uint8_t *o, const struct sk_buff *skb)
{
	o[2] = 8;
	o[3] = 10;
	put_be32(o + 4, (uint32_t)(skb->tsval / PS_PER_US));
	put_be32(o + 8, (uint32_t)(skb->tsecr / PS_PER_US));
}

/* A SYN's options as tcp_options_write lays them out: MSS; SACK-permitted
 * sharing the timestamps' word (else NOP, NOP and the timestamps, or NOP,
 * NOP, SACK-permitted); NOP and the window scale. Returns their length. */
static uint32_t put_syn_options(uint8_t *o, const struct sk_buff *skb)
{
	uint8_t *p = o;

	if (skb->tcp_opts & TCP_OPT_MSS) {
		p[0] = 2;
		p[1] = 4;
		put_be16(p + 2, skb->tcp_mss);
		p += 4;
	}
	if (skb->tcp_opts & TCP_OPT_TS) {
		p[0] = skb->tcp_opts & TCP_OPT_SACK_PERM ? 4 : 1;
		p[1] = skb->tcp_opts & TCP_OPT_SACK_PERM ? 2 : 1;
		put_ts(p, skb);
		p += 12;
	} else if (skb->tcp_opts & TCP_OPT_SACK_PERM) {
		p[0] = 1;
		p[1] = 1;
		p[2] = 4;
		p[3] = 2;
		p += 4;
	}
	if (skb->tcp_opts & TCP_OPT_WSCALE) {
		p[0] = 1;
		p[1] = 3;
		p[2] = 3;
		p[3] = skb->tcp_wscale;
		p += 4;
	}
	return (uint32_t)(p - o);
}

/* Other segments: NOP, NOP, timestamps, then on ACKs that carry them
 * NOP, NOP and the SACK blocks. Returns their length. */
static uint32_t put_options(uint8_t *o, const struct sk_buff *skb)
{
	int i;

	o[0] = 1;
	o[1] = 1;
	put_ts(o, skb);
	if (!skb->nr_sack)
		return 12;
	o[12] = 1;
	o[13] = 1;
	o[14] = 5;	/* SACK */
	o[15] = (uint8_t)(2 + 8 * skb->nr_sack);
	for (i = 0; i < skb->nr_sack; i++) {
		put_be32(o + 16 + 8 * i, (uint32_t)(skb->ack_seq + skb->sack[i][0]));
		put_be32(o + 20 + 8 * i, (uint32_t)(skb->ack_seq + skb->sack[i][1]));
	}
	return 16 + 8 * (uint32_t)skb->nr_sack;
}

/*
 * TCP: the 20-byte header and its options; sequence numbers folded to 32
 * bits; the window field unscaled on a SYN (RFC 7323), else the window
 * shifted right by the sender's scale (skb->tcp_wscale), at most 65535;
 * the checksum over the pseudo-header, the header and the (zero) data.
 */
static void build_tcp(uint8_t *f, const struct sk_buff *skb)
{
	uint8_t *t = f + L4_OFF;
	bool syn = skb->tcp_flags & TCPHDR_SYN;
	uint32_t win = syn ? skb->tcp_win : skb->tcp_win >> skb->tcp_wscale;
	uint32_t hlen = TCP_HLEN + (syn ? put_syn_options(t + TCP_HLEN, skb) :
					  put_options(t + TCP_HLEN, skb));

	put_be16(t, skb->sport);
	put_be16(t + 2, skb->dport);
	put_be32(t + 4, (uint32_t)skb->seq);
	put_be32(t + 8, (uint32_t)skb->ack_seq);
	t[12] = (uint8_t)((hlen / 4) << 4);
	t[13] = skb->tcp_flags;
	put_be16(t + 14, (uint16_t)(win > 65535 ? 65535 : win));
	put_be16(t + 16, 0);
	put_be16(t + 18, 0);
	put_be16(t + 16, l4_csum(f, skb_ip_len(skb) - IPV4_HLEN));
}

/* Room for the headers and the whole L4 payload, zeroed. */
static uint8_t *frame_buf(struct pcap_writer *w, const struct sk_buff *skb)
{
	size_t need = (size_t)PAYLOAD_OFF + skb->payload_len;

	if (need < skb->len)
		need = skb->len;
	if (need > w->cap) {
		uint8_t *b = realloc(w->buf, need);

		if (!b)
			return NULL;
		w->buf = b;
		w->cap = need;
	}
	memset(w->buf, 0, need);
	return w->buf;
}

static int write_all(struct pcap_writer *w, const void *p, size_t n)
{
	errno = 0;
	if (fwrite(p, 1, n, w->f) == n)
		return 0;
	if (!errno)
		errno = EIO;
	return -1;
}

static void put_le_header(uint8_t h[24])
{
	put_le32(h, PCAP_MAGIC_NS);
	put_le16(h + 4, 2);			/* version 2.4 */
	put_le16(h + 6, 4);
	put_le32(h + 8, 0);			/* thiszone */
	put_le32(h + 12, 0);			/* sigfigs */
	put_le32(h + 16, PCAP_SNAPLEN);
	put_le32(h + 20, PCAP_LINKTYPE_ETHERNET);
}

/* A writer on f (closed on failure): the file header written. */
static struct pcap_writer *pcap_start(FILE *f, const char *path)
{
	struct pcap_writer *w = calloc(1, sizeof(*w));
	uint8_t h[24];

	if (!w || (path && !(w->path = strdup(path)))) {
		free(w);
		fclose(f);
		errno = ENOMEM;
		return NULL;
	}
	w->f = f;
	put_le_header(h);
	if (write_all(w, h, sizeof(h))) {
		int e = errno;

		pcap_close(w);
		errno = e;
		return NULL;
	}
	return w;
}

struct pcap_writer *pcap_open(const char *path)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return NULL;
	return pcap_start(f, path);
}

static int write_frame(struct pcap_writer *w, sim_time_t t, const struct sk_buff *skb)
{
	uint32_t incl = skb->len < PCAP_SNAPLEN ? skb->len : PCAP_SNAPLEN;
	uint8_t rec[16], *f;

	if (t < 0 || skb->len < L4_OFF || skb->len > MAX_FRAME) {
		errno = EINVAL;
		return -1;
	}
	f = frame_buf(w, skb);
	if (!f) {
		errno = ENOMEM;
		return -1;
	}
	build_ip(f, skb);
	if (skb->ip_proto == IPPROTO_ICMP_)
		build_icmp(f, skb_is_frag(skb) ? PAYLOAD_OFF + skb->payload_len : skb->len, skb);
	else if (skb->ip_proto == IPPROTO_UDP_)
		build_udp(f, skb);
	else if (skb->ip_proto == IPPROTO_TCP_)
		build_tcp(f, skb);
	/* a fragment: the whole datagram was built; keep its slice */
	if (skb_is_frag(skb))
		memmove(f + L4_OFF, f + L4_OFF + skb->frag_off, skb_ip_len(skb) - IPV4_HLEN);
	put_le32(rec, (uint32_t)(t / PS_PER_S));
	put_le32(rec + 4, (uint32_t)(t % PS_PER_S / PS_PER_NS));
	put_le32(rec + 8, incl);
	put_le32(rec + 12, skb->len);
	return write_all(w, rec, sizeof(rec)) || write_all(w, f, incl) ? -1 : 0;
}

int pcap_write_skb(struct pcap_writer *w, sim_time_t t, const struct sk_buff *skb)
{
	if (write_frame(w, t, skb)) {
		if (!w->err)
			w->err = errno;
		return -1;
	}
	w->frames++;
	return 0;
}

uint64_t pcap_frames(const struct pcap_writer *w)
{
	return w->frames;
}

const char *pcap_path(const struct pcap_writer *w)
{
	return w->path;
}

int pcap_flush(struct pcap_writer *w)
{
	errno = 0;
	if (!w->err && (fflush(w->f) || ferror(w->f)))
		w->err = errno ? errno : EIO;
	errno = w->err;
	return w->err ? -1 : 0;
}

void pcap_close(struct pcap_writer *w)
{
	if (!w)
		return;
	fclose(w->f);
	free(w->path);
	free(w->buf);
	free(w);
}

struct pcap_merge *pcap_merge_open(const char *path)
{
	struct pcap_merge *m = calloc(1, sizeof(*m));
	int i, e;

	if (!m)
		return NULL;
	for (i = 0; i < 2; i++) {
		FILE *f = tmpfile();	/* unlinked: nothing left behind */

		m->dir[i] = f ? pcap_start(f, NULL) : NULL;
		if (!m->dir[i])
			break;
	}
	if (i == 2)
		m->out = pcap_open(path);
	if (m->out)
		return m;
	e = errno;
	m->done = true;
	pcap_merge_close(m);
	errno = e;
	return NULL;
}

int pcap_merge_write(struct pcap_merge *m, int dir, sim_time_t t, const struct sk_buff *skb)
{
	return pcap_write_skb(m->dir[dir], t, skb);
}

/* The next record of a temporary capture into hdr and buf: 1, or 0 at
 * its end, -1 if it cannot be read. */
static int read_rec(FILE *f, uint8_t hdr[16], uint8_t *buf)
{
	size_t n = fread(hdr, 1, 16, f);
	uint32_t incl;

	if (!n && feof(f))
		return 0;
	if (n != 16)
		return -1;
	incl = get_le32(hdr + 8);
	if (incl > PCAP_SNAPLEN || fread(buf, 1, incl, f) != incl)
		return -1;
	return 1;
}

static uint64_t rec_ns(const uint8_t hdr[16])
{
	return (uint64_t)get_le32(hdr) * 1000000000u + get_le32(hdr + 4);
}

/* Merge the two temporary captures into out, by timestamp, direction 0
 * first at equal ones. Reads one record of each at a time. */
static int merge_dirs(struct pcap_merge *m)
{
	static const size_t room = 16 + PCAP_SNAPLEN;
	uint8_t *rec[2] = { malloc(room), malloc(room) };
	int more[2] = { 0, 0 }, i, rc = -1;

	if (!rec[0] || !rec[1]) {
		errno = ENOMEM;
		goto out;
	}
	for (i = 0; i < 2; i++) {
		if (pcap_flush(m->dir[i]) || fseek(m->dir[i]->f, 24, SEEK_SET))
			goto out;
		more[i] = read_rec(m->dir[i]->f, rec[i], rec[i] + 16);
		if (more[i] < 0)
			goto io;
	}
	while (more[0] || more[1]) {
		i = !more[0] || (more[1] && rec_ns(rec[1]) < rec_ns(rec[0]));
		if (write_all(m->out, rec[i], 16 + (size_t)get_le32(rec[i] + 8)))
			goto out;
		m->out->frames++;
		more[i] = read_rec(m->dir[i]->f, rec[i], rec[i] + 16);
		if (more[i] < 0)
			goto io;
	}
	rc = pcap_flush(m->out);
	goto out;
io:
	errno = EIO;
out:
	if (rc && !m->out->err)
		m->out->err = errno;
	free(rec[0]);
	free(rec[1]);
	return rc;
}

int pcap_merge_finish(struct pcap_merge *m)
{
	if (!m->done) {
		m->done = true;
		merge_dirs(m);
	}
	return pcap_flush(m->out);
}

const struct pcap_writer *pcap_merge_file(const struct pcap_merge *m)
{
	return m->out;
}

void pcap_merge_close(struct pcap_merge *m)
{
	if (!m)
		return;
	if (!m->done)
		pcap_merge_finish(m);
	pcap_close(m->out);
	pcap_close(m->dir[0]);
	pcap_close(m->dir[1]);
	free(m);
}
