/* SPDX-License-Identifier: MIT */
/*
 * pcap writer: frames a simulation put on a wire, as a classic libpcap
 * file with nanosecond timestamps (magic 0xa1b23c4d, version 2.4, snaplen
 * 65535, LINKTYPE_ETHERNET), readable by tcpdump and Wireshark.
 *
 * nicsim stores no payload bytes, so each frame is synthesised from the
 * sk_buff fields: Ethernet (02:00:00:00:00:(idx+1) MACs, type IPv4), an
 * IPv4 header with DF and a correct checksum, then an ICMP header with a
 * correct checksum and an iputils-ping payload (struct timeval of
 * app_stamp, then byte k = k & 0xff), or a UDP header and zero bytes, or
 * a TCP header with its options and zero bytes; UDP and TCP checksums
 * are computed over the pseudo-header (RFC 768, 793), as a receiver
 * verifies them. Other protocols get zero bytes after the IP header. The
 * frame is skb->len bytes, no FCS.
 *
 * The file is little-endian whatever the host, so output is byte-identical
 * across machines. Depends only on the nicsim_core headers.
 */
#ifndef NICSIM_REPORT_PCAP_H
#define NICSIM_REPORT_PCAP_H

#include "nicsim/skb.h"
#include "nicsim/time.h"

#define PCAP_MAGIC_NS		0xa1b23c4du
#define PCAP_SNAPLEN		65535u
#define PCAP_LINKTYPE_ETHERNET	1u

struct pcap_writer;

/* Create (truncate) path and write the file header; NULL + errno on failure. */
struct pcap_writer *pcap_open(const char *path);
/* Append the frame for skb at simulated time t (ps, >= 0). 0, or -1 + errno. */
int pcap_write_skb(struct pcap_writer *w, sim_time_t t, const struct sk_buff *skb);
/* Flush and close; NULL is allowed. */
void pcap_close(struct pcap_writer *w);

#endif
