// SPDX-License-Identifier: MIT
/*
 * IPv4's boot: the ETH_P_IP packet type, the ICMP, UDP and TCP receive
 * handlers, TCP's GSO, and TCP Small Queues' tasklet on every CPU.
 * Kernel source: net/ipv4/af_inet.c (inet_init, ipv4_offload_init,
 * ip_packet_type), net/ipv4/tcp_output.c (tcp_tasklet_init).
 * Deviation: the TSQ tasklet is the handler of TASKLET_SOFTIRQ itself
 * (the model has no other tasklet).
 */
#include "kernel/host.h"
#include "net/ipv4/tcp.h"

static struct packet_type ip_packet_type = { .type = ETH_P_IP, .func = ip_rcv };
static const struct net_protocol icmp_protocol = { .handler = icmp_rcv };
static const struct net_protocol udp_protocol = { .handler = udp_rcv };
static const struct net_protocol tcp_protocol = { .handler = tcp_v4_rcv };
static const struct net_offload tcp_offload = { .gso_segment = tcp_gso_segment };

void inet_init(struct host *h)
{
	int i;

	inet_add_protocol(h, &icmp_protocol, IPPROTO_ICMP_);
	inet_add_protocol(h, &udp_protocol, IPPROTO_UDP_);
	inet_add_protocol(h, &tcp_protocol, IPPROTO_TCP_);
	h->inet_offloads[IPPROTO_TCP_] = &tcp_offload;	/* inet_add_offload */
	dev_add_pack(h, &ip_packet_type);
	for (i = 0; i < h->nr_cpus; i++)
		open_softirq(&h->cpus[i], TASKLET_SOFTIRQ, tcp_tasklet_func);
}
