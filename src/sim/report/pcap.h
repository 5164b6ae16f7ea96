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
struct pcap_merge;

/* Create (truncate) path and write the file header; NULL + errno on failure. */
struct pcap_writer *pcap_open(const char *path);
/* Append the frame for skb at simulated time t (ps, >= 0; written to the
 * nanosecond, truncated). 0, or -1 + errno; the first error is kept for
 * pcap_flush. */
int pcap_write_skb(struct pcap_writer *w, sim_time_t t, const struct sk_buff *skb);
/* Frames written, and the path given to pcap_open. */
uint64_t pcap_frames(const struct pcap_writer *w);
const char *pcap_path(const struct pcap_writer *w);
/* Write out what is buffered: 0, or -1 + errno if this or any earlier
 * write failed. */
int pcap_flush(struct pcap_writer *w);
/* Flush and close; NULL is allowed. */
void pcap_close(struct pcap_writer *w);

/*
 * One capture of both directions in time order. Each direction's frames
 * (in time order, as one port sends them) go to an anonymous temporary
 * file (tmpfile(3)) as they come; pcap_merge_finish writes path from the
 * two by timestamp, direction 0 first at equal ones (to the nanosecond).
 * Memory stays bounded: one frame of each at a time. path is created at
 * open, the temporary files first. NULL + errno on failure.
 */
struct pcap_merge *pcap_merge_open(const char *path);
/* A frame sent on direction dir (0 or 1): 0, or -1 + errno. */
int pcap_merge_write(struct pcap_merge *m, int dir, sim_time_t t, const struct sk_buff *skb);
/* Merge into path (once): 0, or -1 + errno if any write failed. */
int pcap_merge_finish(struct pcap_merge *m);
/* The merged file's writer: its path and frames. */
const struct pcap_writer *pcap_merge_file(const struct pcap_merge *m);
/* Finish if not done, then close and remove the temporary files; NULL is
 * allowed. */
void pcap_merge_close(struct pcap_merge *m);

#endif
