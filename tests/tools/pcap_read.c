// SPDX-License-Identifier: MIT
/*
 * Reads a pcap with libpcap, the reference reader, not nicsim's writer:
 * prints the link type, then one line per frame "ts_ns caplen len", and
 * fails if libpcap rejects the file or a frame is truncated. For the
 * scenario test that checks nicsim's pcap against its JSON.
 */
#include <inttypes.h>
#include <stdio.h>
#include <pcap/pcap.h>

int main(int argc, char **argv)
{
	char err[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *data;
	pcap_t *p;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: pcap_read FILE\n");
		return 2;
	}
	p = pcap_open_offline_with_tstamp_precision(argv[1], PCAP_TSTAMP_PRECISION_NANO, err);
	if (!p) {
		fprintf(stderr, "pcap_read: %s\n", err);
		return 1;
	}
	printf("linktype %d\n", pcap_datalink(p));
	while ((rc = pcap_next_ex(p, &h, &data)) == 1) {
		if (h->caplen != h->len) {
			fprintf(stderr, "pcap_read: frame truncated (%u of %u)\n", h->caplen, h->len);
			pcap_close(p);
			return 1;
		}
		printf("%" PRId64 " %u %u\n",
		       (int64_t)h->ts.tv_sec * 1000000000 + (int64_t)h->ts.tv_usec, h->caplen, h->len);
	}
	if (rc != PCAP_ERROR_BREAK) {
		fprintf(stderr, "pcap_read: %s\n", pcap_geterr(p));
		pcap_close(p);
		return 1;
	}
	pcap_close(p);
	return 0;
}
