// SPDX-License-Identifier: MIT
/*
 * Platform and kernel profiles.
 *
 * Kernel rules follow net/core/sock.c (sock_setsockopt SO_SNDBUF,
 * SK_WMEM_MAX), include/net/sock.h (SOCK_MIN_SNDBUF), include/linux/skbuff.h
 * (SKB_DATA_ALIGN, SKB_TRUESIZE) and net/core/skbuff.c (__alloc_skb,
 * kmalloc_reserve), as read in 3.13.10, 4.4.155 and 6.18.2; see
 * docs/kernel.md, "Socket send buffer".
 *
 * Cycle costs are estimates of the right order for each core (a 1.2 GHz
 * ARMv7 PJ4B and a ~3 GHz x86-64), the Armada 370's fitted by nicsim
 * calibrate (below; docs/validation.md, "Calibration"); the ping
 * observations (B1, B4) do not depend on them.
 */
#include <string.h>
#include "profiles/profile.h"
#include "sim/engine/names.h"
#include "sim/engine/util.h"
#include "net/ipv4/tcp_formulas.h"
#include "net/ipv4/tcp_cong.h"

#define CPU_COST_NAME(f) #f,
const char *const cpu_cost_names[COST_NR] = { CPU_COST_FIELDS(CPU_COST_NAME) };
#undef CPU_COST_NAME

#define CPU_COST_ONE(f) + 1
_Static_assert(sizeof(struct cpu_costs) == (0 CPU_COST_FIELDS(CPU_COST_ONE)) * sizeof(uint32_t),
	       "CPU_COST_FIELDS does not list every field of struct cpu_costs");
#undef CPU_COST_ONE

/*
 * Cycle costs of the ARMv7 Marvell cores (PJ4B in Armada 370/XP; the
 * Armada 38x Cortex-A9 is given the same costs, assumed).
 * Fitted jointly on the Armada 370 by `nicsim calibrate
 * calibration/armada-370.ini` (calibration/fitted/armada-370; rows and
 * split in docs/validation.md, "Calibration"), under the published
 * changes P1-P4 as constraints: file_read_x16 (Apache's page-cache read,
 * here faulted in by the copy from its mapping), sendpage (sendfile per
 * 4 KiB page), and one factor, x1.476, over the NET_RX path's estimates (irq, softirq,
 * napi_poll, rx_pkt, ip_rcv, tcp_rcv, tcp_ack, reclaim_desc; before the
 * fit 1500, 300, 800, 1500, 1200, 2200, 2500, 600). test_profile checks
 * these equal the shipped fitted.ini.
 * Every other cost is an estimate for a 1.2 GHz PJ4B, not fitted;
 * copy_from/to_user of a cache-hot buffer: 2 cycles/byte (~600 MB/s
 * memcpy), assumed.
 * Armada XP (the same PJ4B core) and 38x take the fitted values as they
 * are: the NET_RX path's are core cycles, the file read's and
 * sendpage's depend on the memory system, and no XP or 38x row uses
 * them (docs/validation.md).
 */
#define ARMV7_MVEBU_COSTS {						\
	.syscall = 1200, .raw_sendmsg = 2500, .udp_sendmsg = 2500,	\
	.ip_output = 1500, .dev_queue_xmit = 1500, .xmit_pkt = 1200,	\
	.xmit_desc = 200, .mmio_read = 150, .mmio_write = 50,		\
	.reclaim_desc = 886, .irq = 2214, .softirq = 443,		\
	.napi_poll = 1181, .rx_pkt = 2214, .ip_rcv = 1771,		\
	.icmp_echo = 2500, .sock_deliver = 800, .recvmsg = 2500,	\
	.wakeup = 3000, .timer = 300, .user_iter = 2000,		\
	.tcp_sendmsg = 2000, .tcp_xmit_skb = 2500, .gso_seg = 900,	\
	.tcp_ack = 3690, .tcp_rcv = 3247, .tcp_send_ack = 1500,		\
	.tcp_recvmsg = 1500, .copy_byte_x16 = 32,			\
	.file_read_x16 = 113, .sendpage = 12037,				\
}

/* 32-bit ARM with 64-byte lines (multi_v7): sizeof(sk_buff) ~184 and
 * sizeof(skb_shared_info) ~184, both aligned to 192 (docs/kernel.md, truesize;
 * UNVERIFIED sizes); MAX_HEADER 144 (LL_MAX_HEADER 96 with CONFIG_WLAN,
 * + 48 with IP tunnels; assumed), so MAX_TCP_HEADER = L1_CACHE_ALIGN(128 +
 * 144) = 320; SKB_HEAD_ALIGN(320) = 512, a power of two, so
 * SKB_SMALL_HEAD_CACHE_SIZE = 512 + 64 = 576 (platform_set_max_header
 * derives both); HZ 100 (the ARM default). */
#define ARMV7_MVEBU_COMMON \
		.cache_line = 64, .ptr_bytes = 4, .kmalloc_min = 64, \
		.sizeof_sk_buff = 184, .sizeof_shinfo = 184, \
		.small_head_cache = 576, .default_hz = 100, .max_header = 144, .max_tcp_header = 320, \
		.hz_choices = arm_hz, .cost = ARMV7_MVEBU_COSTS

/* CONFIG_HZ choices: arch/arm/Kconfig's "Timer frequency" (3.13: 100,
 * 200, 250, 300, 500, 1000); x86 takes kernel/Kconfig.hz (100, 250, 300,
 * 1000). */
static const int arm_hz[] = { 100, 200, 250, 300, 500, 1000, 0 };
static const int kconfig_hz[] = { 100, 250, 300, 1000, 0 };

/* A PC: 64-bit sizes, MAX_HEADER 176: LL_MAX_HEADER 128
 * (CONFIG_HYPERV_NET, as distribution kernels have it) + 48 (IP
 * tunnels); MAX_TCP_HEADER = L1_CACHE_ALIGN(304) = 320;
 * SKB_HEAD_ALIGN(320) = 640, not a power of two, so the small head cache
 * is 640 (platform_set_max_header). */
#define X86_64_COMMON \
		.cpu_hz = 3000000000ULL, \
		.cache_line = 64, .ptr_bytes = 8, .kmalloc_min = 8, \
		.sizeof_sk_buff = 232 /* -> 256 */, .sizeof_shinfo = 320, \
		.small_head_cache = 640, .default_hz = 250, .max_header = 176, \
		.max_tcp_header = 320, .hz_choices = kconfig_hz

#define X86_64_COST_COMMON \
	.syscall = 400, .raw_sendmsg = 1500, .udp_sendmsg = 1500,	\
	.ip_output = 800, .dev_queue_xmit = 800, .xmit_pkt = 500,	\
	.xmit_desc = 100, .reclaim_desc = 300, .softirq = 150,		\
	.napi_poll = 400, .rx_pkt = 700, .ip_rcv = 600,			\
	.icmp_echo = 1200, .sock_deliver = 400, .recvmsg = 1200,	\
	.wakeup = 1500, .timer = 150, .user_iter = 1000,		\
	.copy_byte_x16 = 2,						\
	.tcp_sendmsg = 800, .sendpage = 250, .tcp_xmit_skb = 1000,	\
	.gso_seg = 400, .tcp_ack = 1000, .tcp_rcv = 900,		\
	.tcp_send_ack = 600, .tcp_recvmsg = 600, .file_read_x16 = 2

#define X86_64_COSTS { X86_64_COST_COMMON, .mmio_read = 300, .mmio_write = 100, .irq = 800 }
#define X86_64_VM_COSTS { X86_64_COST_COMMON, .mmio_read = 6000, .mmio_write = 6000, .irq = 2400 }

static const struct platform platforms[] = {
	{
		.name = "armada-370",
		.source = "Marvell Armada 370 (MV6710): one PJ4B ARMv7 core at 1.2 GHz",
		.nr_cpus = 1,
		.cpu_hz = 1200000000ULL,
		ARMV7_MVEBU_COMMON,
	},
	{
		.name = "armada-xp",
		.source = "Marvell Armada XP GP (MV78460): four PJ4B-MP cores at 1.6 GHz",
		.nr_cpus = 4,
		.cpu_hz = 1600000000ULL,
		ARMV7_MVEBU_COMMON,
	},
	{
		.name = "armada-385",
		.source = "Marvell Armada 385 (88F6820): two Cortex-A9 cores at 1.6 GHz",
		.nr_cpus = 2,
		.cpu_hz = 1600000000ULL,
		ARMV7_MVEBU_COMMON,
	},
	{
		/* An estimate: the AST2600's Cortex-A7 is given the PJ4B's
		 * cycle costs and the multi_v7 layout above (aspeed_g5
		 * defconfig is ARMv7 with 64-byte lines assumed, HZ 100);
		 * no row has been fitted on it. */
		.name = "ast2600",
		.source = "ASPEED AST2600 BMC: two Cortex-A7 cores at 1.2 GHz (estimate)",
		.nr_cpus = 2,
		.cpu_hz = 1200000000ULL,
		ARMV7_MVEBU_COMMON,
	},
	{
		/* An estimate: a quad Cortex-A7 at 1.2 GHz (such as the
		 * Allwinner H3) given the PJ4B's cycle costs and the
		 * multi_v7 layout above; no row has been fitted on it. */
		.name = "cortex-a7",
		.source = "four Cortex-A7 cores at 1.2 GHz, 32-bit ARM (estimate)",
		.nr_cpus = 4,
		.cpu_hz = 1200000000ULL,
		ARMV7_MVEBU_COMMON,
	},
	{
		/* An estimate: the Amlogic S802's quad Cortex-A9 at 2 GHz,
		 * given the PJ4B's cycle costs (the Armada 38x's A9 takes
		 * them too) and the multi_v7 layout above. */
		.name = "cortex-a9",
		.source = "Amlogic S802: four Cortex-A9 cores at 2 GHz (estimate)",
		.nr_cpus = 4,
		.cpu_hz = 2000000000ULL,
		ARMV7_MVEBU_COMMON,
	},
	{
		/* An estimate: the PJ4B's cycle costs on a 64-bit layout
		 * (sizes as x86-64's, 64-byte lines; MAX_HEADER 144 as
		 * arm64 defconfig has CONFIG_WLAN and IP tunnels:
		 * MAX_TCP_HEADER 320, SKB_HEAD_ALIGN(320) = 640, not a
		 * power of two, so the small head cache is 640); HZ 250,
		 * arm64's default from kernel/Kconfig.hz. */
		.name = "cortex-a53",
		.source = "four Cortex-A53 cores at 1.2 GHz, arm64 (estimate)",
		.nr_cpus = 4,
		.cpu_hz = 1200000000ULL,
		/* KMALLOC_MIN_SIZE: ARCH_DMA_MINALIGN 128 before 6.5 */
		.cache_line = 64, .ptr_bytes = 8, .kmalloc_min = 128,
		.sizeof_sk_buff = 232, .sizeof_shinfo = 320,
		.small_head_cache = 640, .default_hz = 250, .max_header = 144,
		.max_tcp_header = 320, .hz_choices = kconfig_hz,
		.cost = ARMV7_MVEBU_COSTS,
	},
	{
		/* An estimate: the Raspberry Pi 4's BCM2711, four Cortex-A72
		 * at 1.5 GHz, arm64, given cortex-a53's layout and cycle
		 * costs (no A72 measurement is at hand) at its own clock. */
		.name = "bcm2711",
		.source = "Raspberry Pi 4 (BCM2711): four Cortex-A72 cores at 1.5 GHz, arm64 (estimate)",
		.nr_cpus = 4,
		.cpu_hz = 1500000000ULL,
		.cache_line = 64, .ptr_bytes = 8, .kmalloc_min = 128,
		.sizeof_sk_buff = 232, .sizeof_shinfo = 320,
		.small_head_cache = 640, .default_hz = 250, .max_header = 144,
		.max_tcp_header = 320, .hz_choices = kconfig_hz,
		.cost = ARMV7_MVEBU_COSTS,
	},
	{
		.name = "x86-64",
		.source = "a PC peer: x86-64 at 3 GHz; L1_CACHE_BYTES 64, HZ 250",
		.nr_cpus = 4,
		/* a PC's NIC: igb on an Intel I210, with BQL and interrupt
		 * throttling (the ideal NIC stays a what-if: driver = ideal) */
		.default_driver = "igb-6.x",
		X86_64_COMMON,
		.cost = X86_64_COSTS,
	},
	{
		/* An estimate: the x86-64 peer's costs in a KVM guest, but a
		 * device register access is a VM exit to the host (a virtio
		 * notify or an MMIO read: ~2 us, 6000 cycles, assumed) and an
		 * injected interrupt costs its EOI exit (irq 2400, assumed). */
		.name = "x86-64-vm",
		.source = "a KVM guest: two vCPUs of a 3 GHz x86-64 host (estimate)",
		X86_64_COMMON,
		.nr_cpus = 2,
		.cost = X86_64_VM_COSTS,
	},
};

#define TCP_3X	.tcp_wmem = { 4096, 16384, 4194304 }, .tcp_rmem = { 4096, 87380, 6291456 }, \
		.tcp_adv_win_scale = 1, .tcp_min_tso_segs = 2, .tcp_cc = "cubic", .pacing_shift = 10
#define NET_3X	.napi_weight = 64, .netdev_budget = 300, .netdev_budget_jiffies = 2, .dev_weight = 64

/*
 * TSQ, pacing and GSO sizing per era: docs/kernel.md, "TCP Small Queues"
 * and "GSO, the size goal and TSO deferral".
 * "3.5": no TSQ; "3.11": the fixed 128 KiB TSQ (3.6-3.11); "3.12-rc": the
 * dynamic limit before "tcp: tsq: restore minimal amount of queueing"
 * (98e09386), as in 3.12.0 (read); "3.12.0+tsq-fix": 3.12.0 with that
 * fix applied by hand, as a tester of the thread's patch on the release
 * would have run it; "3.12": 3.12.x
 * stable with the fix (3.12.10 read); "3.13" likewise; "4.4":
 * min(max(2*truesize, rate>>10), 262144); "6.x": 4 MiB sysctl, pacing
 * shift, single-skb escape.
 * tcp_max_reordering: TCP_MAX_REORDERING 127 in 3.10.99, the
 * tcp_max_reordering sysctl (300) in 4.4.155 and 6.18.2.
 * gso_seg_charge: GSO segments inherit tcp_wfree from "tcp: gso: do not
 * generate out of order packets" (6ff50cd55545), which charges each
 * segment mss and hands the rest of the GSO skb's truesize to the last
 * (3.12.0 tcp_tso_segment, read); "tcp: gso: fix truesize tracking"
 * (0d08c42cf9a7) gives each its own truesize and adds the difference to
 * sk_wmem_alloc (3.12.10 and 3.13.0 read; in 3.12.1 stable, and in
 * mainline from the 3.13 merge window on; 3.10.65 and 3.10.99 carry it).
 * Which 3.12-rc first had 6ff50cd is not known; "3.12-rc" stands for
 * 3.12.0.
 * rtt_sack, rtt_tsecr_any_ack: the RTT sample of an ACK
 * (tcp_ack_update_rtt). 3.10.99: the echoed timestamp of an ACK of new
 * data. 3.12 on (3.12.0, 3.13.0, 4.4.155 and 6.18.2 read): the send time
 * of the oldest newly acknowledged skb unless retransmitted data is among
 * the acknowledged (Karn), else of the first newly SACKed skb never
 * retransmitted (tcp_sacktag_one), else the echoed timestamp. 3.12.0
 * takes that last one from any ACK while data is outstanding, duplicate
 * ACKs included; "tcp: only take RTT from timestamps if new data is
 * acked" (3.12.1 stable queue; 3.13.0) restored the new-data test.
 * cc_era: slow start and congestion avoidance count ACKs up to 3.13
 * (tcp_cong.c, tcp_cubic.c read in 3.10.99, 3.12.0, 3.13.0; src/net/ipv4/
 * tcp_cong.c); 3.13 slow-starts by packets acked. "3.5" is given the 3.10
 * rules without a 3.5 tree read (tcp_abc, 0 by default, was still there).
 * tso_defer: tcp_tso_should_defer as in 3.10.99, 3.12.0 and 3.13.0
 * (the same in all three; given to 3.5 and 3.11 unread), 4.4.155 and
 * 6.18.2.
 * cwnd_restart_at_entail: slow start after idle (tcp_cwnd_restart) is
 * tested in tcp_event_data_sent as a data skb is sent in 3.12.0, in
 * tcp_slow_start_after_idle_check as tcp_skb_entail queues one in 4.4.155
 * and 6.18.2.
 * prr: PRR's slow-start bound (tcp_cwnd_reduction) as read in 3.12.0,
 * 4.4.155 and 6.18.2 (PRR_3X, 0, for the 3.x profiles).
 * rcv_wnd_init_cap, quickack_ofo: the receiver's initial window is capped
 * at tcp_default_init_rwnd (20) MSS by tcp_select_initial_window in 3.12.0
 * and 4.4.155, not in 6.18.2; out-of-order data enters quick-ACK mode in
 * 3.12.0 (tcp_data_queue), not in 4.4.155 or 6.18.2.
 * drs: receive-buffer autotuning (tcp_rcv_space_adjust, tcp_fixup_rcvbuf,
 * 6.x tcp_rcvbuf_grow) as read in 3.12.0, 3.13.0, 4.4.155 and 6.18.2;
 * DRS_312, 0, for the 3.12 and older profiles.
 * tlp: the tail loss probe (tcp_schedule_loss_probe, tcp_send_loss_probe,
 * tcp_process_tlp_ack) as in 3.12.0 (3.10 introduced it; 3.10.99 and
 * 4.4.155 read, the same rules) and 6.18.2; none in 3.5.
 * tx_hash_sk: __skb_tx_hash (net/core/flow_dissector.c in 3.12, dev.c
 * before) hashes skb->sk->sk_hash when it is not 0 and skb->protocol
 * otherwise, in every 3.x profile; 4.4 and 6.x hash the flow
 * (skb_get_hash), which nicsim stands in for by the socket's sk_hash.
 * qdisc_bulk: dequeue_skb's try_bulk_dequeue_skb, which also gives
 * drivers xmit_more (3.18, 5772e9a3463b; a 4.x copy and 6.18 read), and
 * the bound by the quota left (0345552a653c, November 2025, in 6.18 and
 * the stable trees); none in the 3.x profiles.
 * autocork: tcp_should_autocork (tcp_push) as in 4.4.155 and 6.18.2;
 * 3.14 introduced autocorking (f54b311142a9), a181ceb501b3 added the
 * test that the tail is not the write queue's head (no 3.14 tree read).
 */
static const struct kprofile kprofiles[] = {
	{ .name = "3.5", .rcv_wnd_init_cap = true, .quickack_ofo = true, .source = "Linux 3.5: before TCP Small Queues",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2048, .tx_hash_sk = true, NET_3X, TCP_3X, .cc_era = TCP_CC_ACKS, .tso_defer = TSO_DEFER_3X, .tcp_max_reordering = 127,
	  .tsq_mode = TSQ_NONE, .pacing_mode = PACING_NONE, .gso_mode = GSO_HALF_WINDOW },
	/* 3.10.y stable from 3.10.2x carries TSO autosizing, the dynamic TSQ
	 * limit and its fix (read in 3.10.65 and 3.10.99) */
	{ .name = "3.10", .rcv_wnd_init_cap = true, .quickack_ofo = true, .tlp = TLP_3X, .source = "Linux 3.10.y stable (3.10.33, 3.10.65, 3.10.99 read)",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2048, .tx_hash_sk = true, NET_3X, TCP_3X, .cc_era = TCP_CC_ACKS, .tso_defer = TSO_DEFER_3X, .tcp_max_reordering = 127,
	  .gso_seg_charge = GSO_SEG_CHARGE_TRUESIZE,
	  .tsq_mode = TSQ_MAX_SYSCTL, .tcp_limit_output_bytes = 131072,
	  .pacing_mode = PACING_JIFFIES, .gso_mode = GSO_AUTOSIZE_312 },
	{ .name = "3.11", .rcv_wnd_init_cap = true, .quickack_ofo = true, .tlp = TLP_3X, .source = "Linux 3.11: fixed TSQ limit 131072",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2048, .tx_hash_sk = true, NET_3X, TCP_3X, .cc_era = TCP_CC_ACKS, .tso_defer = TSO_DEFER_3X, .tcp_max_reordering = 127,
	  .tsq_mode = TSQ_FIXED, .tcp_limit_output_bytes = 131072,
	  .pacing_mode = PACING_NONE, .gso_mode = GSO_HALF_WINDOW },
	{ .name = "3.12-rc", .rcv_wnd_init_cap = true, .quickack_ofo = true, .tlp = TLP_3X, .source = "Linux 3.12-rc to 3.12.0 (3.12.0 read): 'tcp: TSQ can use a dynamic limit', before its fix",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2048, .tx_hash_sk = true, NET_3X, TCP_3X, .cc_era = TCP_CC_ACKS, .tso_defer = TSO_DEFER_3X, .tcp_max_reordering = 127,
	  .gso_seg_charge = GSO_SEG_CHARGE_MSS, .rtt_sack = true, .rtt_tsecr_any_ack = true,
	  .tsq_mode = TSQ_DYN_312RC, .tcp_limit_output_bytes = 131072,
	  .pacing_mode = PACING_JIFFIES, .gso_mode = GSO_AUTOSIZE_312 },
	/* the 3.12.0 release with the TSQ fix applied on top: the fixed
	 * limit, no size-goal cap (98e09386 removed it), 6ff50cd's charge */
	{ .name = "3.12.0+tsq-fix", .rcv_wnd_init_cap = true, .quickack_ofo = true, .tlp = TLP_3X, .source = "Linux 3.12.0 with 98e09386 applied",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2048, .tx_hash_sk = true, NET_3X, TCP_3X, .cc_era = TCP_CC_ACKS, .tso_defer = TSO_DEFER_3X, .tcp_max_reordering = 127,
	  .gso_seg_charge = GSO_SEG_CHARGE_MSS, .rtt_sack = true, .rtt_tsecr_any_ack = true,
	  .tsq_mode = TSQ_MAX_SYSCTL, .tcp_limit_output_bytes = 131072,
	  .pacing_mode = PACING_JIFFIES, .gso_mode = GSO_AUTOSIZE_312 },
	{ .name = "3.12", .rcv_wnd_init_cap = true, .quickack_ofo = true, .tlp = TLP_3X, .source = "Linux 3.12.x stable (TSQ fix 98e09386 backported)",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2048, .tx_hash_sk = true, NET_3X, TCP_3X, .cc_era = TCP_CC_ACKS, .tso_defer = TSO_DEFER_3X, .tcp_max_reordering = 127,
	  .gso_seg_charge = GSO_SEG_CHARGE_TRUESIZE, .rtt_sack = true,
	  .tsq_mode = TSQ_MAX_SYSCTL, .tcp_limit_output_bytes = 131072,
	  .pacing_mode = PACING_JIFFIES, .gso_mode = GSO_AUTOSIZE_312 },
	{ .name = "3.13", .drs = DRS_313, .tx_hash_sk = true, .rcv_wnd_init_cap = true, .quickack_ofo = true, .tlp = TLP_3X, .source = "Linux 3.13 (3.13.10 read)",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2_TRUESIZE, NET_3X, TCP_3X, .cc_era = TCP_CC_ACKS_313, .tso_defer = TSO_DEFER_3X, .tcp_max_reordering = 127,
	  .gso_seg_charge = GSO_SEG_CHARGE_TRUESIZE, .rtt_sack = true,
	  .tsq_mode = TSQ_MAX_SYSCTL, .tcp_limit_output_bytes = 131072,
	  .pacing_mode = PACING_JIFFIES, .gso_mode = GSO_AUTOSIZE_312 },
	{ .name = "4.4", .drs = DRS_44, .rcv_wnd_init_cap = true, .tlp = TLP_3X, .prr = PRR_44, .source = "Linux 4.4 (4.4.155 read)",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2_TRUESIZE, NET_3X, TCP_3X, .tso_defer = TSO_DEFER_44, .tcp_max_reordering = 300,
	  .autocork = AUTOCORK_HEAD,
	  .gso_seg_charge = GSO_SEG_CHARGE_TRUESIZE, .rtt_sack = true,
	  .tsq_mode = TSQ_MIN_MAX, .tcp_limit_output_bytes = 262144,
	  .pacing_mode = PACING_SS_CA, .gso_mode = GSO_TSO_AUTOSIZE_NORTT, .rtt_usec = true,
	  .cwnd_restart_at_entail = true, .cwnd_quota_half = true,
	  .qdisc_bulk = QDISC_BULK_BQL },
	{ .name = "6.x", .drs = DRS_6X, .tlp = TLP_6X, .prr = PRR_6X, .source = "Linux 6.x (6.18.2 read)",
	  .sndbuf_min = SOCK_MIN_SNDBUF_2_TRUESIZE, .sndbuf_int_clamp = true,
	  .small_head_cache = true, .wmem_max = 4 << 20, NET_3X,
	  .tcp_wmem = { 4096, 16384, 4194304 }, .tcp_rmem = { 4096, 131072, 6291456 },
	  .tcp_adv_win_scale = 1, .tcp_min_tso_segs = 2, .tcp_cc = "cubic", .pacing_shift = 10,
	  .gso_seg_charge = GSO_SEG_CHARGE_TRUESIZE, .rtt_sack = true, .tsq_mode = TSQ_V6, .tcp_limit_output_bytes = 4194304,
	  .tsq_ksoftirqd_wait = true, .tcp_max_reordering = 300, .cwnd_limited_v6 = true,
	  .cwnd_quota_half = true, .edt = true,
	  .tso_defer = TSO_DEFER_6X, .autocork = AUTOCORK_RTX,
	  .ts_clock_ms = true, .rtt_usec = true, .watchdog_oldest = true,
	  .cwnd_restart_at_entail = true,
	  .sndbuf_expand_pow2 = true, .pfifo_fast_rings = true, .timer_wheel_v2 = true,
	  .pacing_mode = PACING_SS_CA, .gso_mode = GSO_TSO_AUTOSIZE,
	  .qdisc_bulk = QDISC_BULK_QUOTA },
};


#define FIND(table, nm) do {						\
	size_t i_;							\
	for (i_ = 0; i_ < ARRAY_SIZE(table); i_++)			\
		if (!strcmp(table[i_].name, nm))			\
			return &table[i_];				\
	return NULL;							\
} while (0)

const char *platform_default_driver(const struct platform *p)
{
	return p->default_driver ? p->default_driver : "ideal";
}

const struct platform *platform_find(const char *name) { FIND(platforms, name); }
const struct kprofile *kprofile_find(const char *name) { FIND(kprofiles, name); }

bool platform_has_hz(const struct platform *p, int hz)
{
	const int *c;

	for (c = p->hz_choices; *c; c++)
		if (*c == hz)
			return true;
	return false;
}

static bool has_tsq(const struct kprofile *k)
{
	return k->tsq_mode != TSQ_NONE;
}

static bool has_autocork(const struct kprofile *k)
{
	return k->autocork != AUTOCORK_NONE;
}

/*
 * The sysctl files the kernel profiles model. Those of every era have no
 * test; the others exist from the version that brought the mechanism
 * (tcp_limit_output_bytes with TCP Small Queues in 3.6, 46d3ceabd8d9;
 * tcp_autocorking in 3.14, f54b311142a9), which the profile's rule for
 * it tells.
 */
static const struct kp_sysctl {
	const char	*name;
	const char	*path;
	bool		(*has)(const struct kprofile *k);
	const char	*since;
} kp_sysctls[] = {
	{ "tcp_wmem", "net.ipv4.tcp_wmem", NULL, NULL },
	{ "tcp_rmem", "net.ipv4.tcp_rmem", NULL, NULL },
	{ "tcp_limit_output_bytes", "net.ipv4.tcp_limit_output_bytes", has_tsq, "3.6" },
	{ "tcp_congestion_control", "net.ipv4.tcp_congestion_control", NULL, NULL },
	{ "tcp_ecn", "net.ipv4.tcp_ecn", NULL, NULL },
	{ "tcp_sack", "net.ipv4.tcp_sack", NULL, NULL },
	{ "tcp_autocorking", "net.ipv4.tcp_autocorking", has_autocork, "3.14" },
	{ "tcp_slow_start_after_idle", "net.ipv4.tcp_slow_start_after_idle", NULL, NULL },
	{ "wmem_default", "net.core.wmem_default", NULL, NULL },
	{ "wmem_max", "net.core.wmem_max", NULL, NULL },
};

static const struct kp_sysctl *kp_sysctl_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kp_sysctls); i++)
		if (!strcmp(kp_sysctls[i].name, name))
			return &kp_sysctls[i];
	return NULL;
}

const char *kp_sysctl_path(const char *name)
{
	const struct kp_sysctl *c = kp_sysctl_find(name);

	return c ? c->path : NULL;
}

bool kp_has_sysctl(const struct kprofile *k, const char *name, const char **since)
{
	const struct kp_sysctl *c = kp_sysctl_find(name);

	if (!c)
		return false;
	*since = c->since;
	return !c->has || c->has(k);
}

uint32_t kmalloc_size_roundup(const struct platform *p, uint32_t size)
{
	uint32_t c = (uint32_t)p->kmalloc_min;

	if (size <= 96 && p->kmalloc_min <= 32 && size > 64)
		return 96;
	if (size <= 192 && p->kmalloc_min <= 64 && size > 128)
		return 192;
	while (c < size)
		c <<= 1;
	return c;
}

void platform_set_max_header(struct platform *p, int max_header)
{
	uint32_t line = (uint32_t)p->cache_line;
	uint32_t tcp = (128 + (uint32_t)max_header + line - 1) & ~(line - 1);
	uint32_t small = skb_data_align(p, tcp) + skb_data_align(p, (uint32_t)p->sizeof_shinfo);

	p->max_header = max_header;
	p->max_tcp_header = (int)tcp;
	/* SKB_SMALL_HEAD_CACHE_SIZE is made not a power of two, so that
	 * skb_small_head_cache heads are told apart by their size */
	if (!(small & (small - 1)))
		small += line;
	p->small_head_cache = (int)small;
}

uint32_t skb_truesize_macro(const struct platform *p, uint32_t x)
{
	return x + skb_data_align(p, (uint32_t)p->sizeof_sk_buff) +
	       skb_data_align(p, (uint32_t)p->sizeof_shinfo);
}

uint32_t skb_truesize(const struct platform *p, const struct kprofile *k,
		      uint32_t size)
{
	uint32_t shinfo = skb_data_align(p, (uint32_t)p->sizeof_shinfo);
	uint32_t obj = skb_data_align(p, size) + shinfo;

	if (k->small_head_cache && obj <= (uint32_t)p->small_head_cache)
		obj = (uint32_t)p->small_head_cache;
	else
		obj = kmalloc_size_roundup(p, obj);
	/* SKB_TRUESIZE(SKB_WITH_OVERHEAD(ksize)) */
	return skb_truesize_macro(p, obj - shinfo);
}

int64_t kp_sock_min_sndbuf(const struct platform *p, const struct kprofile *k)
{
	if (k->sndbuf_min == SOCK_MIN_SNDBUF_2048)
		return 2048;
	return 2 * (2048 + (int64_t)skb_data_align(p, (uint32_t)p->sizeof_sk_buff));
}

int64_t kp_wmem_default(const struct platform *p, const struct kprofile *k)
{
	/* SK_WMEM_MAX = SKB_TRUESIZE(256) * 256 (_SK_MEM_OVERHEAD * _SK_MEM_PACKETS) */
	return (int64_t)skb_truesize_macro(p, 256) * 256;
}

int64_t kp_wmem_max(const struct platform *p, const struct kprofile *k)
{
	return k->wmem_max ? k->wmem_max : kp_wmem_default(p, k);
}

int64_t kp_so_sndbuf(const struct platform *p, const struct kprofile *k,
		     int64_t val, int64_t wmem_max)
{
	int64_t min = kp_sock_min_sndbuf(p, k);

	if (val > wmem_max)
		val = wmem_max;
	if (k->sndbuf_int_clamp && val > INT32_MAX / 2)
		val = INT32_MAX / 2;
	if (!k->sndbuf_int_clamp && val > UINT32_MAX / 2)
		val = UINT32_MAX / 2;	/* u32 val * 2 would wrap */
	return MAX(val * 2, min);
}
