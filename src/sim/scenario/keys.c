// SPDX-License-Identifier: MIT
/*
 * The key registry: every key a scenario may set, in one table.
 *
 * Contract: the loader, `nicsim keys` and docs/scenario.md all come from
 * scn_keys[]. Each entry names its section kind, its spelling, its type,
 * where it lives (offsetof into the kind's struct), its range, its default
 * as printed text (parsed like a user value when an instance is created;
 * NULL means "unset": SCN_UNSET or "") and a one-line meaning. Parsing a
 * value either stores it and returns 0, or leaves the field untouched and
 * writes why into a buffer (no location prefix; the caller adds that).
 * `nicsim keys` prints every key, or those of a section, with its meaning
 * whole and, where a hook gives them, the profiles' defaults.
 */
#include <stddef.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "sim/engine/names.h"
#include "sim/engine/util.h"
#include "sim/scenario/internal.h"

#define KEY(k, n, t, st, f, ...)					\
	{ .kind = (k), .name = (n), .type = (t),			\
	  .off = offsetof(st, f), .size = sizeof(((st *)0)->f),	\
	  __VA_ARGS__ }

#define TIME_MAX	(100000 * PS_PER_S)

/* [host.NAME.cost]: one key per field of struct cpu_costs (host/profile.h,
 * which this layer does not include), cycles of the host's core. */
#define COST(f, u, m)							\
	KEY(SCN_COST, #f, SCN_T_INT, struct scn_cost, f, .min = 0,	\
	    .max = 100000000, .nodef = "(platform)", .unit = (u),	\
	    .meaning = (m))

/* kernel/Kconfig.hz, plus 200 and 500 from the ARM "Timer frequency" choice (3.13 arch/arm/Kconfig) */
static const int64_t hz_values[] = { 100, 200, 250, 300, 500, 1000, 0 };
static const char *const reclaim_names[] = { "xmit-timer", "tx-irq", "rx-poll", "hrtimer", NULL };
static const char *const cc_names[] = { "cubic", "reno", "bbr", NULL };
static const char *const select_names[] = { "kernel", "cpu", NULL };
static const char *const arbiter_names[] = { "fixed-priority", "round-robin", "post-order", NULL };
static const char *const qdisc_names[] = { "pfifo_fast", "fq_codel", "tbf", "fq", "prio", NULL };
static const char *const compare_names[] = { "ratio", "difference", NULL };
static const char *const role_names[] = { "check", "calibration", NULL };
static const char *const mode_names[] = { "write", "sendfile", "mmap", NULL };
static const char *const onoff_names[] = { "on", "off", NULL };

static const struct scn_key scn_keys[] = {
	KEY(SCN_SIM, "duration", SCN_T_TIME, struct scn_sim, duration,
	    .min = 1, .max = TIME_MAX, .def = "10s", .unit = "time",
	    .meaning = "Simulated time the run covers"),
	KEY(SCN_SIM, "seed", SCN_T_INT, struct scn_sim, seed,
	    .min = 0, .max = INT64_MAX, .def = "1", .unit = "",
	    .meaning = "Random seed; the same seed gives the same run"),
	KEY(SCN_SIM, "variation", SCN_T_CHOICE, struct scn_sim, variation,
	    .choices = onoff_names, .def = "off", .unit = "",
	    .meaning = "Seeded variation: each app's start offset, the scheduler's wake-up "
		       "latency and per-charge CPU cost noise, each from its own random stream "
		       "(docs/architecture.md, Randomness); off: none of them, runs differ only "
		       "in what the seed already draws (loss, hashes, ports)"),
	KEY(SCN_SIM, "start_jitter", SCN_T_TIME, struct scn_sim, start_jitter,
	    .min = 0, .max = PS_PER_S, .def = "5ms", .unit = "time",
	    .meaning = "With variation = on: every app starts later than its start by a "
		       "delay drawn uniformly from 0 to this, once per app (separately "
		       "launched programs, such as iperf processes from a shell)"),
	KEY(SCN_SIM, "wakeup_jitter", SCN_T_TIME, struct scn_sim, wakeup_jitter,
	    .min = 0, .max = PS_PER_MS, .def = "20us", .unit = "time",
	    .meaning = "With variation = on: a task runs later than its wake-up by a latency "
		       "drawn uniformly from 0 to this, per wake-up (an idle PC's scheduler "
		       "wake-up latency: a few to tens of microseconds)"),
	KEY(SCN_SIM, "cost_noise", SCN_T_PROB, struct scn_sim, cost_noise,
	    .min = 0, .max = SCN_PPB_ONE / 2, .def = "3%", .unit = "fraction",
	    .meaning = "With variation = on: every CPU charge takes its modelled cycles times "
		       "a factor drawn uniformly from 1 - this to 1 + this, per charge (caches, "
		       "branch prediction and memory make the same path cost a few % more or less)"),

	KEY(SCN_LINK, "rate", SCN_T_RATE, struct scn_link, rate,
	    .min = 1, .max = 400000000000LL, .def = "1Gbit", .unit = "bit/s",
	    .meaning = "Line rate of the Ethernet link (with [switch]: of every host's link to "
		       "the switch, unless the host sets link_rate); a host's driver refuses a "
		       "rate its MAC does not link at (10/100/1000 Mbit/s; mvneta-6.x also "
		       "2500; usbnet 10/100; ideal, virtio_net and ath9k any)"),
	KEY(SCN_LINK, "delay", SCN_T_TIME, struct scn_link, delay,
	    .min = 0, .max = PS_PER_S, .def = "500ns", .unit = "time",
	    .meaning = "One-way propagation delay (500ns is about 100 m); with [switch], of "
		       "every host's link unless the host sets link_delay"),
	KEY(SCN_LINK, "mtu", SCN_T_BYTES, struct scn_link, mtu,
	    .min = 68, .max = 9600, .def = "1500", .unit = "bytes",
	    .meaning = "MTU of every interface on the link"),
	KEY(SCN_LINK, "loss", SCN_T_PROB, struct scn_link, loss,
	    .min = 0, .max = SCN_PPB_ONE, .def = "0", .unit = "probability",
	    .meaning = "Chance that a frame is corrupted on the wire and dropped by the "
		       "receiving MAC (bad FCS); independent per frame, drawn from the seed; "
		       "with [switch], on both directions of every host's link"),
	KEY(SCN_LINK, "loss_from", SCN_T_STRING, struct scn_link, loss_from,
	    .nodef = "(both)", .unit = "host",
	    .meaning = "Apply loss only to the frames this host sends (default: both directions)"),

	KEY(SCN_SWITCH, "limit_bytes", SCN_T_BYTES, struct scn_switch, limit_bytes,
	    .min = 1, .max = UINT32_MAX, .def = "32768", .unit = "bytes",
	    .meaning = "Bytes of frames each egress port's FIFO holds waiting for the wire; a "
		       "frame that would exceed it is dropped (tail drop). The default is an "
		       "8-port switch chip's 256 KB packet buffer (Realtek RTL8308B) split evenly"),
	KEY(SCN_SWITCH, "limit_packets", SCN_T_INT, struct scn_switch, limit_packets,
	    .min = 1, .max = UINT32_MAX, .nodef = "(none)", .unit = "packets",
	    .meaning = "Frames each egress port's FIFO holds; a frame beyond it is dropped "
		       "(tail drop), whichever of the two limits comes first"),
	KEY(SCN_SWITCH, "latency", SCN_T_TIME, struct scn_switch, latency,
	    .min = 0, .max = PS_PER_S, .def = "1us", .unit = "time",
	    .meaning = "Forwarding latency: from a frame's last bit on the ingress port to "
		       "its place in the egress FIFO (table lookup and buffer transfer; the "
		       "default is a round figure, not a measured switch's)"),

	KEY(SCN_HOST, "platform", SCN_T_CHOICE, struct scn_host, platform,
	    .choices = nicsim_platform_names, .def = "x86-64", .unit = "",
	    .meaning = "CPU and SoC cost profile", .flags = SCN_K_CREATES),
	KEY(SCN_HOST, "kernel", SCN_T_CHOICE, struct scn_host, kernel,
	    .choices = nicsim_kernel_names, .def = "6.x", .unit = "",
	    .meaning = "Kernel version profile (qdisc, TSQ, socket rules)",
	    .flags = SCN_K_CREATES),
	KEY(SCN_HOST, "driver", SCN_T_CHOICE, struct scn_host, driver,
	    .choices = nicsim_driver_names, .nodef = "(platform)", .unit = "",
	    .meaning = "NIC driver model", .flags = SCN_K_CREATES),
	KEY(SCN_HOST, "hz", SCN_T_INT, struct scn_host, hz,
	    .allowed = hz_values, .nodef = "(platform)", .unit = "Hz",
	    .meaning = "CONFIG_HZ, the timer tick"),
	KEY(SCN_HOST, "max_header", SCN_T_INT, struct scn_host, max_header,
	    .min = 0, .max = 1024, .nodef = "(platform)", .unit = "bytes",
	    .meaning = "MAX_HEADER of the kernel build (LL_MAX_HEADER: 32, 96 with CONFIG_WLAN, "
		       "128 with CONFIG_HYPERV_NET or a mesh; plus 48 with an IP tunnel configured): "
		       "MAX_TCP_HEADER = L1_CACHE_ALIGN(128 + MAX_HEADER), and from it the size of "
		       "6.x's small skb head cache, which enters skb->truesize"),
	KEY(SCN_HOST, "txq_number", SCN_T_INT, struct scn_host, txq_number,
	    .min = 1, .max = 8, .nodef = "(driver)", .unit = "queues",
	    .meaning = "TX queues (mvneta module parameter txq_number; stmmac from 4.14: the DT "
		       "property snps,tx-queues-to-use, a GMAC4 with that many TX DMA channels)"),
	KEY(SCN_HOST, "rxq_number", SCN_T_INT, struct scn_host, rxq_number,
	    .min = 1, .max = 8, .nodef = "(driver)", .unit = "queues",
	    .meaning = "RX queues (mvneta module parameter rxq_number)"),
	KEY(SCN_HOST, "tx_queue_len", SCN_T_INT, struct scn_host,
	    tx_queue_len, .min = 1, .max = 1000000, .nodef = "(driver)",
	    .unit = "packets",
	    .meaning = "qdisc queue length (ip link set txqueuelen): the packet limit of pfifo_fast "
		       "and of each of prio's bands (fq_codel, fq and tbf have their own)"),

	KEY(SCN_HOST, "tx_reclaim", SCN_T_CHOICE, struct scn_host, tx_reclaim,
	    .choices = reclaim_names, .nodef = "(driver)", .unit = "",
	    .meaning = "mvneta TX reclaim policy: xmit-timer (3.8), tx-irq (3.13+), "
		       "rx-poll (2013 patch), hrtimer (mvpp2-like what-if)"),
	KEY(SCN_HOST, "qdisc", SCN_T_CHOICE, struct scn_host, qdisc,
	    .choices = qdisc_names, .def = "pfifo_fast", .unit = "",
	    .meaning = "qdisc under the mq root, one per TX queue (net.core.default_qdisc); "
		       "tbf replaces mq as the root (tc qdisc add dev X root tbf), on a "
		       "device with one TX queue only; fq and prio under mq like fq_codel"),
	KEY(SCN_HOST, "tx_select", SCN_T_CHOICE, struct scn_host, tx_select,
	    .choices = select_names, .def = "kernel", .unit = "",
	    .meaning = "TX queue choice: kernel (XPS/hash) or cpu (txq = cpu % txq_number, "
		       "the 2015 mvneta patch, with TX queue q handled by CPU q)"),
	KEY(SCN_HOST, "rxq_def", SCN_T_INT, struct scn_host, rxq_def,
	    .min = 0, .max = 7, .nodef = "0", .unit = "queue",
	    .meaning = "mvneta module parameter rxq_def: the RX queue that receives "
		       "everything (PORT_CONFIG); with per-CPU interrupts and no spreading "
		       "(mvneta-4.4) it also elects the CPU: rxq_def % CPUs (mvneta_percpu_elect)"),
	KEY(SCN_HOST, "irq_cpu", SCN_T_INT, struct scn_host, irq_cpu,
	    .min = 0, .max = 3, .nodef = "0", .unit = "cpu",
	    .meaning = "CPU that takes the ideal NIC's interrupt and so runs its NAPI poll "
		       "(/proc/irq/N/smp_affinity); mvneta's CPUs follow its per-CPU "
		       "interrupts and CPU_MAP instead"),
	KEY(SCN_HOST, "tx_fixed_prio", SCN_T_INT, struct scn_host, tx_fixed_prio,
	    .min = 0, .max = 255, .def = "0", .unit = "queue mask",
	    .meaning = "mvneta TX arbitration, a what-if (mvneta never writes it): the value written "
		       "to the Transmit Queue Fixed Priority Configuration, the queues (bit q = TX queue q) "
		       "the NETA engine serves by fixed priority, highest queue first, before the others' "
		       "(weighted) round robin; 0 leaves it at reset (tx_arbiter)"),
	KEY(SCN_HOST, "tx_arbiter", SCN_T_CHOICE, struct scn_host, tx_arbiter,
	    .choices = arbiter_names, .nodef = "(driver)", .unit = "",
	    .meaning = "mvneta TX arbitration at reset, which mvneta leaves alone and no register "
		       "reset value documents: fixed-priority (every queue in TQFPC, the highest-numbered "
		       "ready queue first: the reading of OpenWrt's mvneta patch, mvpp2 4251ea5b8e54 and "
		       "Marvell's NETA HAL), or the what-ifs round-robin (one frame per busy queue in turn) "
		       "and post-order (frames leave in the order their doorbells handed them over, as one "
		       "FIFO)"),
	KEY(SCN_HOST, "tx_wrr_weight", SCN_T_QLIST, struct scn_host, tx_wrr_weight,
	    .min = 1, .max = 255, .nodef = "(reset)", .unit = "x 256 bytes",
	    .meaning = "mvneta TX arbitration: per TX queue, its weighted-round-robin weight "
		       "(Transmit Queue Arbiter Configuration, TQxAC), e.g. '6 6 6 6 6 6 6 24'; "
		       "unlisted queues take the last weight; each must exceed the largest frame; "
		       "each queue leaves fixed priority (its TQFPC bit cleared, as Marvell's HAL does). "
		       "Unset: the arbitration tx_arbiter names"),
	KEY(SCN_HOST, "xps_cpus", SCN_T_MASKS, struct scn_host, xps_cpus,
	    .min = 0, .max = 0xff, .nodef = "(driver)", .unit = "hex masks",
	    .meaning = "XPS: per TX queue, the CPUs that may pick it (queues/tx-N/xps_cpus), "
		       "e.g. '1 2 4 8'; unlisted queues get 0"),
	KEY(SCN_HOST, "fq_codel_limit", SCN_T_INT, struct scn_host, fq_codel.limit,
	    .min = 1, .max = INT32_MAX, .nodef = "10240", .unit = "packets",
	    .meaning = "fq_codel limit: packets queued per TX queue's qdisc"),
	KEY(SCN_HOST, "fq_codel_flows", SCN_T_INT, struct scn_host, fq_codel.flows,
	    .min = 1, .max = 65536, .nodef = "1024", .unit = "flows",
	    .meaning = "fq_codel flows: hash buckets"),
	KEY(SCN_HOST, "fq_codel_quantum", SCN_T_BYTES, struct scn_host, fq_codel.quantum,
	    .min = 0, .max = 1 << 20, .nodef = "(mtu + 14)", .unit = "bytes",
	    .meaning = "fq_codel quantum: DRR bytes per round (raised to 256)"),
	KEY(SCN_HOST, "fq_codel_target", SCN_T_TIME, struct scn_host, fq_codel.target,
	    .min = 0, .max = 1000 * PS_PER_S, .nodef = "5ms", .unit = "time",
	    .meaning = "fq_codel target: acceptable standing queue delay"),
	KEY(SCN_HOST, "fq_codel_interval", SCN_T_TIME, struct scn_host, fq_codel.interval,
	    .min = 1, .max = 1000 * PS_PER_S, .nodef = "100ms", .unit = "time",
	    .meaning = "fq_codel interval: how long above target before CoDel acts"),
	KEY(SCN_HOST, "fq_codel_ecn", SCN_T_INT, struct scn_host, fq_codel.ecn,
	    .min = 0, .max = 1, .nodef = "1", .unit = "0/1",
	    .meaning = "fq_codel ecn: mark ECN-capable packets instead of dropping them"),
	KEY(SCN_HOST, "fq_codel_ce_threshold", SCN_T_TIME, struct scn_host, fq_codel.ce_threshold,
	    .min = 0, .max = 1000 * PS_PER_S, .nodef = "(off)", .unit = "time",
	    .meaning = "fq_codel ce_threshold: mark CE above this sojourn time"),
	KEY(SCN_HOST, "fq_codel_memory_limit", SCN_T_BYTES, struct scn_host, fq_codel.memory_limit,
	    .min = 1, .max = INT32_MAX, .nodef = "32MiB", .unit = "bytes",
	    .meaning = "fq_codel memory_limit: truesize of all queued skbs"),
	KEY(SCN_HOST, "fq_codel_drop_batch", SCN_T_INT, struct scn_host, fq_codel.drop_batch,
	    .min = 1, .max = INT32_MAX, .nodef = "64", .unit = "packets",
	    .meaning = "fq_codel drop_batch: packets dropped at once when over limit"),
	KEY(SCN_HOST, "tbf_rate", SCN_T_RATE, struct scn_host, tbf.rate,
	    .min = 8, .max = 400000000000LL, .nodef = "(required)", .unit = "bit/s",
	    .meaning = "tbf rate: the token rate, the shaped rate of the frames "
		       "(MAC header on, no FCS, preamble or gap)"),
	KEY(SCN_HOST, "tbf_burst", SCN_T_BYTES, struct scn_host, tbf.burst,
	    .min = 1, .max = UINT32_MAX, .nodef = "(required)", .unit = "bytes",
	    .meaning = "tbf burst: the bucket size, and the longest packet tbf sends "
		       "(longer ones are dropped, GSO skbs cut into segments)"),
	KEY(SCN_HOST, "tbf_limit", SCN_T_BYTES, struct scn_host, tbf.limit,
	    .min = 1, .max = UINT32_MAX, .nodef = "(or tbf_latency)", .unit = "bytes",
	    .meaning = "tbf limit: bytes its bfifo holds waiting for tokens; "
		       "give this or tbf_latency"),
	KEY(SCN_HOST, "tbf_latency", SCN_T_TIME, struct scn_host, tbf.latency,
	    .min = PS_PER_US, .max = 1000 * PS_PER_S, .nodef = "(or tbf_limit)", .unit = "time",
	    .meaning = "tbf latency: sets limit = rate x latency + burst (tc's rule, "
		       "microseconds); give this or tbf_limit"),
	KEY(SCN_HOST, "fq_limit", SCN_T_INT, struct scn_host, fq.limit,
	    .min = 0, .max = UINT32_MAX, .nodef = "10000", .unit = "packets",
	    .meaning = "fq limit: packets queued per priority band of a TX queue's fq"),
	KEY(SCN_HOST, "fq_flow_limit", SCN_T_INT, struct scn_host, fq.flow_limit,
	    .min = 0, .max = UINT32_MAX, .nodef = "100", .unit = "packets",
	    .meaning = "fq flow_limit: packets queued per flow"),
	KEY(SCN_HOST, "fq_quantum", SCN_T_BYTES, struct scn_host, fq.quantum,
	    .min = 1, .max = 1 << 20, .nodef = "2 x (mtu + 14)", .unit = "bytes",
	    .meaning = "fq quantum: credit a flow gets per round"),
	KEY(SCN_HOST, "fq_initial_quantum", SCN_T_BYTES, struct scn_host, fq.initial_quantum,
	    .min = 0, .max = INT32_MAX, .nodef = "10 x (mtu + 14)", .unit = "bytes",
	    .meaning = "fq initial_quantum: credit of a new flow"),
	KEY(SCN_HOST, "fq_maxrate", SCN_T_RATE, struct scn_host, fq.maxrate,
	    .min = 8, .max = 8LL * UINT32_MAX, .nodef = "(unlimited)", .unit = "bit/s",
	    .meaning = "fq maxrate: pacing rate cap of every flow (skb length, MAC header on)"),
	KEY(SCN_HOST, "fq_horizon", SCN_T_TIME, struct scn_host, fq.horizon,
	    .min = PS_PER_US, .max = (sim_time_t)UINT32_MAX * PS_PER_US, .nodef = "10s",
	    .unit = "time",
	    .meaning = "fq horizon: how far ahead an skb's departure time (EDT) may lie"),
	KEY(SCN_HOST, "fq_horizon_drop", SCN_T_CHOICE, struct scn_host, fq.horizon_drop,
	    .choices = onoff_names, .nodef = "on", .unit = "",
	    .meaning = "fq horizon_drop: drop an skb past the horizon (off: cap its time)"),
	KEY(SCN_HOST, "fq_pacing", SCN_T_CHOICE, struct scn_host, fq.pacing,
	    .choices = onoff_names, .nodef = "on", .unit = "",
	    .meaning = "fq pacing (off: tc's nopacing): hold skbs to their departure time "
		       "and flows to their pacing rate"),
	KEY(SCN_HOST, "prio_bands", SCN_T_INT, struct scn_host, prio.bands,
	    .min = 2, .max = 16, .nodef = "3", .unit = "bands",
	    .meaning = "prio bands: pfifo bands, band 0 served first"),
	KEY(SCN_HOST, "prio_priomap", SCN_T_PRIOMAP, struct scn_host, prio.priomap,
	    .min = 0, .max = 15, .nodef = "1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1", .unit = "bands",
	    .meaning = "prio priomap: the band of priority 0, 1, .. 15 (tc's priomap P0 .. P15); "
		       "priorities not listed keep tc's default entry; each must be below prio_bands"),
	KEY(SCN_HOST, "bql", SCN_T_CHOICE, struct scn_host, bql,
	    .choices = onoff_names, .nodef = "(driver)", .unit = "",
	    .meaning = "Byte queue limits: whether the driver reports queued and completed "
		       "bytes (netdev_tx_sent_queue / netdev_tx_completed_queue); off is "
		       "the driver without its BQL calls, on only where the driver era has "
		       "them"),
	/* DQL_MAX_LIMIT = UINT_MAX / 2 - DQL_MAX_OBJECT (UINT_MAX / 16) */
	KEY(SCN_HOST, "bql_limit_min", SCN_T_BYTES, struct scn_host, bql_limit_min,
	    .min = 0, .max = 1879048192, .nodef = "0", .unit = "bytes",
	    .meaning = "BQL limit_min of every TX queue (queues/tx-N/byte_queue_limits); "
		       "only a BQL driver (mvneta-6.x) uses it"),
	KEY(SCN_HOST, "bql_limit_max", SCN_T_BYTES, struct scn_host, bql_limit_max,
	    .min = 0, .max = 1879048192, .nodef = "1879048192", .unit = "bytes",
	    .meaning = "BQL limit_max of every TX queue (DQL_MAX_LIMIT by default)"),
	KEY(SCN_HOST, "bql_hold_time", SCN_T_TIME, struct scn_host, bql_hold_time,
	    .min = 0, .max = 1000 * PS_PER_S, .nodef = "1s", .unit = "time",
	    .meaning = "BQL hold_time of every TX queue: how long slack must persist "
		       "before the limit shrinks (stored in jiffies, rounded up)"),
	KEY(SCN_HOST, "tx_timer_period", SCN_T_TIME, struct scn_host, tx_timer_period,
	    .min = 1, .max = PS_PER_S, .nodef = "(driver)", .unit = "time",
	    .meaning = "Period of the xmit-timer/rx-poll reclaim timer (MVNETA_TX_DONE_TIMER_PERIOD)"),
	KEY(SCN_HOST, "virtio_host_delay", SCN_T_TIME, struct scn_host, virtio_host_delay,
	    .min = 0, .max = PS_PER_S, .nodef = "(driver)", .unit = "time",
	    .meaning = "virtio_net: how long the host side (vhost-net) holds a TX buffer after "
		       "its frame left the wire before returning it on the used ring"),
	KEY(SCN_HOST, "link_rate", SCN_T_RATE, struct scn_host, link_rate,
	    .min = 1, .max = 400000000000LL, .nodef = "(link rate)", .unit = "bit/s",
	    .meaning = "With [switch]: line rate of the link joining this host to its switch "
		       "port (both directions)"),
	KEY(SCN_HOST, "link_delay", SCN_T_TIME, struct scn_host, link_delay,
	    .min = 0, .max = PS_PER_S, .nodef = "(link delay)", .unit = "time",
	    .meaning = "With [switch]: one-way propagation delay of the link joining this host "
		       "to its switch port"),
	KEY(SCN_HOST, "port_rate", SCN_T_RATE, struct scn_host, port_rate,
	    .min = 8, .max = 400000000000LL, .nodef = "(none)", .unit = "bit/s",
	    .meaning = "With [switch]: shape the switch port towards this host with a token "
		       "bucket of this rate (frame bytes, MAC header on, no FCS, preamble or "
		       "gap); needs port_burst"),
	KEY(SCN_HOST, "port_burst", SCN_T_BYTES, struct scn_host, port_burst,
	    .min = 1, .max = UINT32_MAX, .nodef = "(none)", .unit = "bytes",
	    .meaning = "With [switch]: the bucket of port_rate's shaper, at least the largest "
		       "frame (mtu + 14)"),

	KEY(SCN_ETHTOOL, "tx-frames", SCN_T_INT, struct scn_ethtool,
	    tx_frames, .min = 0, .max = 16383, .nodef = "(driver)",
	    .unit = "frames",
	    .meaning = "TX completions per interrupt (ethtool -C tx-frames)"),
	KEY(SCN_ETHTOOL, "rx-frames", SCN_T_INT, struct scn_ethtool,
	    rx_frames, .min = 0, .max = 16383, .nodef = "(driver)",
	    .unit = "frames",
	    .meaning = "RX frames per interrupt (ethtool -C rx-frames)"),
	KEY(SCN_ETHTOOL, "rx-usecs", SCN_T_USECS, struct scn_ethtool,
	    rx_usecs, .min = 0, .max = 1000000 * PS_PER_US,
	    .nodef = "(driver)", .unit = "us",
	    .meaning = "RX interrupt delay (ethtool -C rx-usecs; 100 or 100us)"),
	KEY(SCN_ETHTOOL, "tx-usecs", SCN_T_USECS, struct scn_ethtool,
	    tx_usecs, .min = 0, .max = 1000000 * PS_PER_US,
	    .nodef = "(driver)", .unit = "us",
	    .meaning = "TX completion delay (ethtool -C tx-usecs): the period of mvneta's "
		       "hrtimer reclaim (tx_reclaim = hrtimer), stmmac's coalesce timer, "
		       "fec's ICTT, igb's TX ITR; 0 where the driver's handler takes it "
		       "(stmmac: no timer from 6.6; fec-6.x, igb: off)"),
	KEY(SCN_ETHTOOL, "tx", SCN_T_INT, struct scn_ethtool, tx_ring,
	    .min = 1, .max = 16384, .nodef = "(driver)", .unit = "descriptors",
	    .meaning = "TX ring size (ethtool -G tx)"),
	KEY(SCN_ETHTOOL, "rx", SCN_T_INT, struct scn_ethtool, rx_ring,
	    .min = 1, .max = 16384, .nodef = "(driver)", .unit = "descriptors",
	    .meaning = "RX ring size (ethtool -G rx)"),
	KEY(SCN_ETHTOOL, "tso", SCN_T_CHOICE, struct scn_ethtool, tso,
	    .choices = onoff_names, .nodef = "(driver)", .unit = "",
	    .meaning = "TCP segmentation offload (ethtool -K tso): the stack hands GSO skbs to "
		       "the driver; ideal: the NIC cuts the segments (default off); mvneta: "
		       "its software TSO (3.16+ eras, default on), refused where the era lacks it"),
	KEY(SCN_ETHTOOL, "adaptive-rx", SCN_T_CHOICE, struct scn_ethtool, adaptive_rx,
	    .choices = onoff_names, .nodef = "(driver)", .unit = "",
	    .meaning = "adaptive RX interrupt moderation (ethtool -C adaptive-rx): net_dim "
		       "moves the RX ring's rx-usecs / rx-frames along its five profiles; "
		       "bcmgenet-6.x (default off); off is accepted everywhere"),

	KEY(SCN_SYSCTL, "tcp_wmem", SCN_T_TRIPLE, struct scn_sysctl, tcp_wmem,
	    .min = 1, .max = INT32_MAX, .nodef = "(kernel)", .unit = "bytes x3",
	    .meaning = "net.ipv4.tcp_wmem: min default max TCP send buffer, blank- or "
		       "comma-separated (commas in an override list such as a set: "
		       "4096,16384,262144)"),
	KEY(SCN_SYSCTL, "tcp_rmem", SCN_T_TRIPLE, struct scn_sysctl, tcp_rmem,
	    .min = 1, .max = INT32_MAX, .nodef = "(kernel)", .unit = "bytes x3",
	    .meaning = "net.ipv4.tcp_rmem: min default max TCP receive buffer, blank- or "
		       "comma-separated"),
	KEY(SCN_SYSCTL, "tcp_limit_output_bytes", SCN_T_BYTES, struct scn_sysctl,
	    tcp_limit_output_bytes, .min = 0, .max = INT32_MAX, .nodef = "(kernel)",
	    .unit = "bytes", .meaning = "net.ipv4.tcp_limit_output_bytes (TSQ)"),
	KEY(SCN_SYSCTL, "tcp_congestion_control", SCN_T_CHOICE, struct scn_sysctl,
	    tcp_congestion_control, .choices = cc_names, .nodef = "(kernel)", .unit = "",
	    .meaning = "net.ipv4.tcp_congestion_control (bbr: kernel 6.x only)"),
	KEY(SCN_SYSCTL, "tcp_ecn", SCN_T_INT, struct scn_sysctl, tcp_ecn,
	    .min = 0, .max = 2, .nodef = "2", .unit = "",
	    .meaning = "net.ipv4.tcp_ecn: 1 requests ECN on connect, 2 only accepts it, 0 neither"),
	KEY(SCN_SYSCTL, "tcp_sack", SCN_T_INT, struct scn_sysctl, tcp_sack,
	    .min = 0, .max = 1, .nodef = "1", .unit = "0/1",
	    .meaning = "net.ipv4.tcp_sack: offer SACK on connect; a connection uses it when both ends do (else NewReno recovery)"),
	KEY(SCN_SYSCTL, "tcp_autocorking", SCN_T_INT, struct scn_sysctl, tcp_autocorking,
	    .min = 0, .max = 1, .nodef = "(kernel)", .unit = "0/1",
	    .meaning = "net.ipv4.tcp_autocorking (3.14+, on by default): a write's last, partial skb waits while the socket's earlier skbs are in the qdisc or driver"),
	KEY(SCN_SYSCTL, "tcp_slow_start_after_idle", SCN_T_INT, struct scn_sysctl,
	    tcp_slow_start_after_idle, .min = 0, .max = 1, .nodef = "1", .unit = "0/1",
	    .meaning = "net.ipv4.tcp_slow_start_after_idle: a sender idle (nothing in flight) for more than an RTO restarts with cwnd halved per RTO of idle, down to the initial window (tcp_cwnd_restart); also gates the RFC 2861 decay of an unused window"),
	KEY(SCN_SYSCTL, "wmem_default", SCN_T_BYTES, struct scn_sysctl,
	    wmem_default, .min = 1, .max = INT32_MAX, .nodef = "(kernel)",
	    .unit = "bytes",
	    .meaning = "net.core.wmem_default: a socket's send buffer"),
	KEY(SCN_SYSCTL, "wmem_max", SCN_T_BYTES, struct scn_sysctl, wmem_max,
	    .min = 1, .max = INT32_MAX, .nodef = "(kernel)", .unit = "bytes",
	    .meaning = "net.core.wmem_max: the largest SO_SNDBUF allowed"),

	KEY(SCN_COST, "clock", SCN_T_INT, struct scn_cost, clock,
	    .min = 1, .max = 100000, .nodef = "(platform)", .unit = "MHz",
	    .meaning = "Core clock of the host's CPUs (the platform's cpu_hz); every cost counts cycles of it"),
	COST(syscall, "cycles", "syscall entry + exit"),
	COST(raw_sendmsg, "cycles", "raw_sendmsg + ip_append_data + route"),
	COST(udp_sendmsg, "cycles", "udp_sendmsg + ip_make_skb"),
	COST(ip_output, "cycles", "ip_local_out ... neigh_output"),
	COST(dev_queue_xmit, "cycles", "pick_tx + qdisc enqueue/dequeue"),
	COST(xmit_pkt, "cycles", "driver ndo_start_xmit, per packet"),
	COST(xmit_desc, "cycles", "per descriptor filled"),
	COST(mmio_read, "cycles", "uncached device register read"),
	COST(mmio_write, "cycles", "posted device register write"),
	COST(reclaim_desc, "cycles", "per TX descriptor reclaimed + skb freed"),
	COST(irq, "cycles", "hardirq entry + exit + handler frame"),
	COST(softirq, "cycles", "one softirq handler dispatch"),
	COST(napi_poll, "cycles", "one NAPI poll call, fixed part"),
	COST(rx_pkt, "cycles", "RX descriptor -> netif_receive_skb"),
	COST(ip_rcv, "cycles", "ip_rcv + protocol demux"),
	COST(icmp_echo, "cycles", "icmp_echo: build and send the reply"),
	COST(sock_deliver, "cycles", "queue to a socket + wake check"),
	COST(recvmsg, "cycles", "recvmsg of one datagram"),
	COST(wakeup, "cycles", "try_to_wake_up + context switch in"),
	COST(timer, "cycles", "one expired timer_list callback"),
	COST(user_iter, "cycles", "application bookkeeping per iteration"),
	COST(copy_byte_x16, "cycles per 16 bytes", "copy cost per 16 bytes"),
	COST(tcp_sendmsg, "cycles", "tcp_sendmsg fixed part, per skb filled"),
	COST(sendpage, "cycles", "do_tcp_sendpages, per 4 KiB page"),
	COST(tcp_xmit_skb, "cycles", "tcp_write_xmit + tcp_transmit_skb, per skb"),
	COST(gso_seg, "cycles", "skb_segment, per segment"),
	COST(tcp_ack, "cycles", "tcp_ack on the sender, per ACK"),
	COST(tcp_rcv, "cycles", "tcp_v4_rcv + tcp_rcv_established, per segment"),
	COST(tcp_send_ack, "cycles", "tcp_send_ack (without IP output)"),
	COST(tcp_recvmsg, "cycles", "tcp_recvmsg fixed part, per call"),
	COST(file_read_x16, "cycles per 16 bytes", "read() from the page cache, per 16 B"),

	KEY(SCN_APP, "type", SCN_T_CHOICE, struct scn_app, type,
	    .choices = nicsim_app_types, .nodef = "required", .unit = "",
	    .meaning = "What the application does",
	    .flags = SCN_K_REQUIRED | SCN_K_CREATES),
	KEY(SCN_APP, "host", SCN_T_STRING, struct scn_app, host,
	    .nodef = "required", .unit = "host",
	    .meaning = "Host the application runs on",
	    .flags = SCN_K_REQUIRED),
	KEY(SCN_APP, "dest", SCN_T_STRING, struct scn_app, dest,
	    .nodef = "(none)", .unit = "host",
	    .meaning = "Host it sends to (ping needs one)"),
	KEY(SCN_APP, "count", SCN_T_INT, struct scn_app, count,
	    .min = 0, .max = INT64_MAX, .def = "0", .unit = "packets",
	    .meaning = "Packets to send, 0 = until the end (ping -c)"),
	KEY(SCN_APP, "interval", SCN_T_TIME, struct scn_app, interval,
	    .min = 0, .max = TIME_MAX, .def = "1s", .unit = "time",
	    .meaning = "Time between sends (ping -i; udp: 0 = back to back)"),
	KEY(SCN_APP, "rate", SCN_T_RATE, struct scn_app, rate,
	    .min = 1, .max = 400000000000LL, .nodef = "(interval)", .unit = "bit/s",
	    .meaning = "udp: target rate of payload bits, as iperf -b: datagram k leaves at "
		       "start + k x size x 8 / rate, at once when the sender is behind; "
		       "excludes interval"),
	KEY(SCN_APP, "start", SCN_T_TIME, struct scn_app, start,
	    .min = 0, .max = TIME_MAX, .def = "0s", .unit = "time",
	    .meaning = "When the application starts"),
	KEY(SCN_APP, "size", SCN_T_BYTES, struct scn_app, size,
	    .min = 0, .max = 1 << 30, .nodef = "56 / 128KiB", .unit = "bytes",
	    .meaning = "Bytes per send: ping -s and the UDP write size (default 56); "
		       "stream/http: bytes per write() (default 128KiB, iperf's -l)"),
	KEY(SCN_APP, "sndbuf", SCN_T_BYTES, struct scn_app, sndbuf,
	    .min = 0, .max = INT32_MAX, .nodef = "(app)", .unit = "bytes",
	    .meaning = "SO_SNDBUF (ping -S)"),
	KEY(SCN_APP, "mode", SCN_T_CHOICE, struct scn_app, mode,
	    .choices = mode_names, .def = "write", .unit = "",
	    .meaning = "http: write (read() into a buffer, then write() it), "
		       "mmap (write() from an mmap()ed file: the page cache is read "
		       "during the copy, with the socket locked; Apache with EnableMMAP "
		       "on, in size chunks) or sendfile (nginx-like)"),
	KEY(SCN_APP, "read_size", SCN_T_BYTES, struct scn_app, read_size,
	    .min = 1, .max = 1 << 30, .def = "128KiB", .unit = "bytes",
	    .meaning = "stream/http: bytes per read() at the receiving end"),
	KEY(SCN_APP, "rcvbuf", SCN_T_BYTES, struct scn_app, rcvbuf,
	    .min = 1, .max = INT32_MAX, .nodef = "(autotuning)", .unit = "bytes",
	    .meaning = "SO_RCVBUF at the receiving end"),
	KEY(SCN_APP, "peer_cpu", SCN_T_INT, struct scn_app, peer_cpu,
	    .min = 0, .max = 63, .def = "0", .unit = "",
	    .meaning = "stream/http: CPU of the receiving process on dest; tcp_rr/udp_rr: "
		       "of the server (netserver)"),
	KEY(SCN_APP, "tos", SCN_T_INT, struct scn_app, tos,
	    .min = 0, .max = 255, .def = "0", .unit = "",
	    .meaning = "IP_TOS of the sending socket (ping -Q, iperf -S): sk_priority = "
		       "rt_tos2priority(tos), which picks the pfifo_fast band (0x10: band 0)"),
	KEY(SCN_APP, "hash_pick", SCN_T_INT, struct scn_app, hash_pick,
	    .min = 0, .max = 63, .nodef = "(hash)", .unit = "",
	    .meaning = "what-if: the TX queue the sending socket's flow hash picks, fixed: the N-th "
		       "(from 0, modulo their number) of the queues the sending CPU may use under "
		       "XPS, or queue N modulo the queues without XPS; unset: the hash of a per-run "
		       "secret, a lottery per boot"),
	KEY(SCN_APP, "cpu", SCN_T_INT, struct scn_app, cpu,
	    .min = 0, .max = 63, .def = "0", .unit = "",
	    .meaning = "CPU the process runs on"),
	KEY(SCN_APP, "nonblock", SCN_T_INT, struct scn_app, nonblock,
	    .min = 0, .max = 1, .def = "0", .unit = "0/1",
	    .meaning = "udp: send with MSG_DONTWAIT"),
	KEY(SCN_APP, "cc", SCN_T_CHOICE, struct scn_app, cc,
	    .choices = cc_names, .nodef = "(sysctl)", .unit = "",
	    .meaning = "stream/http/tcp_rr: congestion control of the sending socket, as "
		       "setsockopt(TCP_CONGESTION) (iperf -C); unset: the sending host's "
		       "tcp_congestion_control; bbr: kernel 6.x only"),
	KEY(SCN_APP, "sndtimeo", SCN_T_TIME, struct scn_app, sndtimeo,
	    .min = 0, .max = TIME_MAX, .nodef = "(app)", .unit = "time",
	    .meaning = "SO_SNDTIMEO: how long a blocking send may wait"),
	KEY(SCN_APP, "parallel", SCN_T_INT, struct scn_app, parallel,
	    .min = 1, .max = 128, .def = "1", .unit = "connections",
	    .meaning = "stream: TCP connections from host to dest, as iperf -P: each its own "
		       "socket, source port and random stream, all with the app's other "
		       "settings; results sum them and list each as NAME.1 .. NAME.N"),
	KEY(SCN_APP, "request", SCN_T_BYTES, struct scn_app, request,
	    .min = 1, .max = 65507, .def = "1", .unit = "bytes",
	    .meaning = "tcp_rr/udp_rr: bytes of each request (netperf -r REQ,RESP)"),
	KEY(SCN_APP, "response", SCN_T_BYTES, struct scn_app, response,
	    .min = 1, .max = 65507, .def = "1", .unit = "bytes",
	    .meaning = "tcp_rr/udp_rr: bytes of each response (netperf -r REQ,RESP)"),
	KEY(SCN_APP, "burst", SCN_T_INT, struct scn_app, burst,
	    .min = 0, .max = 256, .def = "0", .unit = "transactions",
	    .meaning = "tcp_rr/udp_rr: requests sent beyond the first before the first "
		       "response is read (netperf -b): up to burst + 1 outstanding"),

	KEY(SCN_EXPECT, "observation", SCN_T_STRING, struct scn_expect,
	    observation, .nodef = "(none)", .unit = "text",
	    .meaning = "What was observed, in a sentence"),
	KEY(SCN_EXPECT, "metric", SCN_T_STRING, struct scn_expect, metric,
	    .nodef = "required", .unit = "path",
	    .meaning = "Dotted path of the number in the results JSON (required unless "
		       "'unmodelled' says why there is none)"),
	KEY(SCN_EXPECT, "set", SCN_T_STRING, struct scn_expect, set,
	    .nodef = "(none)", .unit = "overrides",
	    .meaning = "SECTION.KEY=VALUE ... applied for this check's run"),
	KEY(SCN_EXPECT, "baseline", SCN_T_STRING, struct scn_expect, baseline,
	    .nodef = "(none)", .unit = "overrides",
	    .meaning = "SECTION.KEY=VALUE ... of a second run (on top of set): the check's "
		       "figure compares the metric of its run with this one's"),
	KEY(SCN_EXPECT, "compare", SCN_T_CHOICE, struct scn_expect, compare,
	    .choices = compare_names, .def = "ratio", .unit = "",
	    .meaning = "With baseline: ratio (run / baseline) or difference "
		       "(run - baseline)"),
	KEY(SCN_EXPECT, "source", SCN_T_STRING, struct scn_expect, source,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "Where it was published"),
	KEY(SCN_EXPECT, "published", SCN_T_STRING, struct scn_expect,
	    published, .nodef = "(none)", .unit = "text",
	    .meaning = "The published figure as printed there"),
	KEY(SCN_EXPECT, "note", SCN_T_STRING, struct scn_expect, note,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "Printed under the row when it fails: why the model misses the "
		       "observation and where that is documented"),
	KEY(SCN_EXPECT, "role", SCN_T_CHOICE, struct scn_expect, role,
	    .choices = role_names, .def = "check", .unit = "",
	    .meaning = "check (the model must reproduce it) or calibration (a constant was "
		       "fitted to it: it never counts as reproduced)"),
	KEY(SCN_EXPECT, "depends", SCN_T_STRING, struct scn_expect, depends,
	    .nodef = "(none)", .unit = "ids",
	    .meaning = "Calibration rows whose fitted constants this row's run also uses: "
		       "marked as not independent of them"),
	KEY(SCN_EXPECT, "require", SCN_T_STRING, struct scn_expect, require,
	    .nodef = "(none)", .unit = "conditions",
	    .meaning = "PATH>=NUMBER, PATH==PATH ... (also > < <= !=): what the run must "
		       "have done for the row to count; needed when doing nothing would "
		       "pass"),
	KEY(SCN_EXPECT, "or_when", SCN_T_STRING, struct scn_expect, or_when,
	    .nodef = "(none)", .unit = "conditions",
	    .meaning = "A second branch of a published band, conditions as require's: the "
		       "row also passes when all of them hold (beside a band of 10 % lost: "
		       "apps.ping.rtt_us.avg>=10000, or a mean of 10 ms)"),
	KEY(SCN_EXPECT, "unmodelled", SCN_T_STRING, struct scn_expect, unmodelled,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "What the model lacks to produce this figure: the row is listed as "
		       "not reproduced, without a run"),
	KEY(SCN_EXPECT, "rests_on", SCN_T_STRING, struct scn_expect, rests_on,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "What the row's pass depends on that no source supports (a fitted "
		       "factor, an unsourced modelling choice) and what the row gives without "
		       "it: a pass is printed pass*, this text under it, and counted apart "
		       "in the headline"),
	KEY(SCN_EXPECT, "value", SCN_T_DOUBLE, struct scn_expect, value,
	    .aux = offsetof(struct scn_expect, has_value), .nodef = "(none)",
	    .unit = "number", .meaning = "The published number"),
	KEY(SCN_EXPECT, "tolerance", SCN_T_TOL, struct scn_expect, tol_abs,
	    .aux = offsetof(struct scn_expect, tol_rel), .def = "0",
	    .unit = "number or %",
	    .meaning = "Allowed distance from value: 2 (absolute) or 20%"),
	KEY(SCN_EXPECT, "min", SCN_T_DOUBLE, struct scn_expect, min,
	    .aux = offsetof(struct scn_expect, has_min), .nodef = "(none)",
	    .unit = "number", .meaning = "Lowest passing result"),
	KEY(SCN_EXPECT, "max", SCN_T_DOUBLE, struct scn_expect, max,
	    .aux = offsetof(struct scn_expect, has_max), .nodef = "(none)",
	    .unit = "number", .meaning = "Highest passing result"),

	KEY(SCN_PAIR, "observation", SCN_T_STRING, struct scn_pair, observation,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "The published change, in a sentence"),
	KEY(SCN_PAIR, "published", SCN_T_STRING, struct scn_pair, published,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "The published before and after figures, as the source prints them"),
	KEY(SCN_PAIR, "source", SCN_T_STRING, struct scn_pair, source,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "Where it was published"),
	KEY(SCN_PAIR, "note", SCN_T_STRING, struct scn_pair, note,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "Printed under the pair when it fails: why the model misses the "
		       "change and where that is documented"),
	KEY(SCN_PAIR, "metric", SCN_T_STRING, struct scn_pair, metric,
	    .nodef = "required", .unit = "path",
	    .meaning = "Dotted path of the number in the results JSON compared between the "
		       "two runs, or paths joined by + and summed (a path whose app or host "
		       "one run lacks counts 0 there)", .flags = SCN_K_REQUIRED),
	KEY(SCN_PAIR, "before", SCN_T_STRING, struct scn_pair, before,
	    .nodef = "(none)", .unit = "overrides",
	    .meaning = "SECTION.KEY=VALUE ... of the before run; none: the file as written"),
	KEY(SCN_PAIR, "after", SCN_T_STRING, struct scn_pair, after,
	    .nodef = "required", .unit = "overrides",
	    .meaning = "SECTION.KEY=VALUE ... of the after run (on the file as written, not "
		       "on before)", .flags = SCN_K_REQUIRED),
	KEY(SCN_PAIR, "change", SCN_T_STRING, struct scn_pair, change,
	    .nodef = "required", .unit = "",
	    .meaning = "The published change: up F (after / before at least sqrt(F)), down F "
		       "(before / after at least sqrt(F)), F the published factor above 1, or "
		       "gone (before above 0, after 0)", .flags = SCN_K_REQUIRED),
	KEY(SCN_PAIR, "require", SCN_T_STRING, struct scn_pair, require,
	    .nodef = "(none)", .unit = "conditions",
	    .meaning = "PATH>=NUMBER, PATH==PATH ... (also > < <= !=): what both runs must "
		       "have done for the pair to count"),
	KEY(SCN_PAIR, "rests_on", SCN_T_STRING, struct scn_pair, rests_on,
	    .nodef = "(none)", .unit = "text",
	    .meaning = "What the pair's pass depends on that no source supports: as the "
		       "[expect.ID] key, pass* and counted apart in the pairs' headline"),
};

static const char *const kind_words[SCN_NR_KINDS] = {
	[SCN_SIM] = "sim", [SCN_LINK] = "link", [SCN_SWITCH] = "switch", [SCN_HOST] = "host",
	[SCN_ETHTOOL] = "host", [SCN_SYSCTL] = "host", [SCN_COST] = "host",
	[SCN_APP] = "app", [SCN_EXPECT] = "expect", [SCN_PAIR] = "pair",
};

/* After "WORD.NAME"; NULL for the kinds without instances. */
static const char *const kind_suffixes[SCN_NR_KINDS] = {
	[SCN_HOST] = "", [SCN_ETHTOOL] = ".ethtool", [SCN_SYSCTL] = ".sysctl",
	[SCN_COST] = ".cost", [SCN_APP] = "", [SCN_EXPECT] = "", [SCN_PAIR] = "",
};

const char *scn_kind_word(enum scn_kind kind)
{
	return kind_words[kind];
}

void scn_kind_section(enum scn_kind kind, const char *name, char *buf,
		      size_t len)
{
	if (!name)
		name = kind == SCN_EXPECT || kind == SCN_PAIR ? "ID" : "NAME";
	if (kind_suffixes[kind])
		snprintf(buf, len, "%s.%s%s", kind_words[kind], name,
			 kind_suffixes[kind]);
	else
		snprintf(buf, len, "%s", kind_words[kind]);
}

const struct scn_key *scn_key_next(enum scn_kind kind, const struct scn_key *k)
{
	const struct scn_key *end = scn_keys + ARRAY_SIZE(scn_keys);

	for (k = k ? k + 1 : scn_keys; k < end; k++)
		if (k->kind == kind)
			return k;
	return NULL;
}

const struct scn_key *scn_key_find(enum scn_kind kind, const char *name)
{
	const struct scn_key *k = NULL;

	while ((k = scn_key_next(kind, k)))
		if (!strcmp(k->name, name))
			return k;
	return NULL;
}

const struct scn_key *scn_key_closest(enum scn_kind kind, const char *name)
{
	const struct scn_key *k = NULL, *best = NULL;
	unsigned int d, best_d = ~0u;

	while ((k = scn_key_next(kind, k))) {
		d = scn_distance(name, k->name);
		if (d < best_d) {
			best = k;
			best_d = d;
		}
	}
	return best;
}

const struct scn_key *scn_key_elsewhere(enum scn_kind kind, const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(scn_keys); i++)
		if (scn_keys[i].kind != kind && !strcmp(scn_keys[i].name, name))
			return &scn_keys[i];
	return NULL;
}

static void *field_of(const struct scn_key *k, void *base)
{
	return (char *)base + k->off;
}

static int parse_usecs(const char *v, int64_t *out)
{
	int64_t us;
	int rc = scn_parse_int(v, &us);

	if (!rc) {
		if (us < 0)
			return SCN_NUM_NEGATIVE;
		if (__builtin_mul_overflow(us, PS_PER_US, out))
			return SCN_NUM_RANGE;
		return 0;
	}
	if (rc == SCN_NUM_RANGE)
		return rc;
	rc = scn_parse_time(v, out);
	if (!rc && *out % PS_PER_US)
		return SCN_NUM_FRACTION;
	return rc;
}

static int parse_number(const struct scn_key *k, const char *v, int64_t *out)
{
	switch (k->type) {
	case SCN_T_INT:
		return scn_parse_int(v, out);
	case SCN_T_BYTES:
		return scn_parse_bytes(v, out);
	case SCN_T_TIME:
		return scn_parse_time(v, out);
	case SCN_T_USECS:
		return parse_usecs(v, out);
	case SCN_T_RATE:
		return scn_parse_rate(v, out);
	case SCN_T_PROB:
		return scn_parse_prob(v, out);
	default:
		BUG_ON(1);
		return SCN_NUM_SYNTAX;
	}
}

/* v in the largest unit that shows it exactly. */
static void fmt_scaled(int64_t v, const char *const *names,
		       const int64_t *scales, char *buf, size_t len)
{
	int i;

	for (i = 0; scales[i] > 1 && v % scales[i]; i++)
		;
	snprintf(buf, len, "%lld%s", (long long)(v / scales[i]), names[i]);
}

void scn_fmt_time(sim_time_t t, char *buf, size_t len)
{
	static const char *const tn[] = { "s", "ms", "us", "ns", "ps" };
	static const int64_t ts[] = { PS_PER_S, PS_PER_MS, PS_PER_US,
				      PS_PER_NS, 1 };

	fmt_scaled(t, tn, ts, buf, len);
}

static void fmt_number(const struct scn_key *k, int64_t v, char *buf,
		       size_t len)
{
	static const char *const rn[] = { "Gbit", "Mbit", "kbit", "bit" };
	static const int64_t rs[] = { 1000000000, 1000000, 1000, 1 };

	if (k->type == SCN_T_USECS)
		snprintf(buf, len, "%lldus", (long long)(v / PS_PER_US));
	else if (k->type == SCN_T_TIME)
		scn_fmt_time(v, buf, len);
	else if (k->type == SCN_T_RATE && v)
		fmt_scaled(v, rn, rs, buf, len);
	else if (k->type == SCN_T_PROB)
		snprintf(buf, len, "%.9g%%", (double)v * 100 / SCN_PPB_ONE);
	else
		snprintf(buf, len, "%lld", (long long)v);
}

static void range_error(const struct scn_key *k, char *why, size_t len)
{
	bool positive = k->min == 1 && k->type != SCN_T_INT &&
			k->type != SCN_T_BYTES;
	char lo[32], hi[32];

	fmt_number(k, k->min, lo, sizeof(lo));
	fmt_number(k, k->max, hi, sizeof(hi));
	if (k->max == INT64_MAX && k->min == 0)
		snprintf(why, len, "%s must not be negative", k->name);
	else if (k->max == INT64_MAX)
		snprintf(why, len, "%s must be at least %s", k->name, lo);
	else if (positive)
		snprintf(why, len, "%s must be greater than 0 and at most %s",
			 k->name, hi);
	else
		snprintf(why, len, "%s must be between %s and %s", k->name, lo,
			 hi);
}

static void allowed_error(const struct scn_key *k, char *why, size_t len)
{
	size_t n = (size_t)snprintf(why, len, "%s must be one of", k->name);
	const int64_t *a;

	for (a = k->allowed; *a && n < len; a++)
		n += (size_t)snprintf(why + n, len - n, "%s %lld",
				      a == k->allowed ? "" :
				      a[1] ? "," : " or", (long long)*a);
}

static const char *const type_nouns[] = {
	[SCN_T_INT] = "an integer",
	[SCN_T_BYTES] = "a size in bytes (e.g. 1500, 64KiB, 2MB)",
	[SCN_T_TIME] = "a time (e.g. 10ms, 1.5s, 100us)",
	[SCN_T_USECS] = "a time (microseconds as in ethtool, e.g. 100 or 100us)",
	[SCN_T_RATE] = "a rate (e.g. 1Gbit, 100Mbit)",
	[SCN_T_PROB] = "a probability (e.g. 0.001 or 0.1%)",
};

static const char *const base_units[] = {
	[SCN_T_INT] = "units", [SCN_T_BYTES] = "bytes",
	[SCN_T_TIME] = "picoseconds", [SCN_T_USECS] = "microseconds",
	[SCN_T_RATE] = "bit/s",
	[SCN_T_PROB] = "parts per billion",
};

static void syntax_error(const struct scn_key *k, const char *v, int rc,
			 char *why, size_t len)
{
	if (rc == SCN_NUM_NOUNIT && k->type == SCN_T_RATE)
		snprintf(why, len, "%s: '%.40s' needs a unit, e.g. '%.40sMbit' "
			 "(units: bit, kbit, Mbit, Gbit)", k->name, v, v);
	else if (rc == SCN_NUM_NOUNIT && k->type == SCN_T_TIME)
		snprintf(why, len, "%s: '%.40s' needs a unit, e.g. '%.40sms' "
			 "(units: s, ms, us, ns, ps)", k->name, v, v);
	else if (rc == SCN_NUM_FRACTION)
		snprintf(why, len, "%s: '%.40s' is not a whole number of %s",
			 k->name, v, base_units[k->type]);
	else
		snprintf(why, len, "%s: '%.40s' is not %s", k->name, v,
			 type_nouns[k->type]);
}

static bool is_allowed(const struct scn_key *k, int64_t v)
{
	const int64_t *a;

	for (a = k->allowed; *a; a++)
		if (*a == v)
			return true;
	return false;
}

static int set_number(const struct scn_key *k, void *base, const char *v,
		      char *why, size_t len)
{
	int64_t x;
	int rc = parse_number(k, v, &x);

	if (rc == SCN_NUM_RANGE && k->max == INT64_MAX) {
		snprintf(why, len, "%s: '%.40s' is too large (at most %lld)", k->name, v,
			 (long long)INT64_MAX);
		return -1;
	}
	if (rc == SCN_NUM_NEGATIVE || rc == SCN_NUM_RANGE) {
		range_error(k, why, len);
		return -1;
	}
	if (rc) {
		syntax_error(k, v, rc, why, len);
		return -1;
	}
	if (k->allowed && !is_allowed(k, x)) {
		allowed_error(k, why, len);
		return -1;
	}
	if (!k->allowed && (x < k->min || x > k->max)) {
		range_error(k, why, len);
		return -1;
	}
	*(int64_t *)field_of(k, base) = x;
	return 0;
}

static void join(const char *const *list, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (; *list && n < len; list++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
				      n ? ", " : "", *list);
}

static int set_string(const struct scn_key *k, void *base, const char *v,
		      char *why, size_t len)
{
	size_t n = strlen(v);

	if (n >= k->size) {
		snprintf(why, len, "%s: too long (%zu characters, at most %zu)",
			 k->name, n, k->size - 1);
		return -1;
	}
	memcpy(field_of(k, base), v, n + 1);
	return 0;
}

static int set_choice(const struct scn_key *k, void *base, const char *v,
		      char *why, size_t len)
{
	const char *const *c;
	char list[640];	/* every driver name fits */

	for (c = k->choices; *c; c++)
		if (!strcmp(*c, v))
			return set_string(k, base, v, why, len);
	join(k->choices, list, sizeof(list));
	snprintf(why, len, "%s: '%.40s' is not one of %s; did you mean '%s'?",
		 k->name, v, list, scn_closest(v, k->choices));
	return -1;
}

static int set_double(const struct scn_key *k, void *base, const char *v,
		      char *why, size_t len)
{
	double x;

	if (scn_parse_double(v, &x)) {
		snprintf(why, len, "%s: '%.40s' is not a number", k->name, v);
		return -1;
	}
	*(double *)field_of(k, base) = x;
	*(bool *)((char *)base + k->aux) = true;
	return 0;
}

/* "4096 16384 4194304": three sizes in ascending order, as tcp_wmem; or
 * "4096,16384,4194304", which an override list (blank-separated) holds. */
static int set_triple(const struct scn_key *k, void *base, const char *v,
		      char *why, size_t len)
{
	int64_t t[3], *f = field_of(k, base);
	char buf[128], *tok, *save = NULL;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save)) {
		if (n == 3 || scn_parse_bytes(tok, &t[n]) || t[n] < k->min || t[n] > k->max)
			goto bad;
		n++;
	}
	if (n != 3 || t[0] > t[1] || t[1] > t[2])
		goto bad;
	memcpy(f, t, sizeof(t));
	return 0;
bad:
	snprintf(why, len, "%s: '%.60s' is not three ascending sizes 'min default max' "
		 "(e.g. 4096 16384 4194304)", k->name, v);
	return -1;
}

/* "1 2 4 8" or "1,2,4,8" for queues 0, 1, ...: SCN_T_MASKS are hex CPU
 * masks (0x optional), queues not listed get 0 as an empty xps_cpus file;
 * SCN_T_QLIST are decimal, queues not listed repeat the last value. */
static int set_masks(const struct scn_key *k, void *base, const char *v,
		     char *why, size_t len)
{
	int64_t t[SCN_MAX_MASKS] = { 0 }, *f = field_of(k, base);
	bool hex = k->type == SCN_T_MASKS;
	char buf[160], *tok, *save = NULL, *end;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save)) {
		if (n == SCN_MAX_MASKS)
			goto bad;
		errno = 0;
		t[n] = (int64_t)strtoll(tok, &end, hex ? 16 : 10);
		if (errno || *end || end == tok || t[n] < k->min || t[n] > k->max)
			goto bad;
		n++;
	}
	if (!n)
		goto bad;
	for (; !hex && n < SCN_MAX_MASKS; n++)
		t[n] = t[n - 1];
	memcpy(f, t, sizeof(t));
	return 0;
bad:
	if (hex)
		snprintf(why, len, "%s: '%.60s' is not 1 to %d hex CPU masks, one per TX queue "
			 "(e.g. 1 2 4 8)", k->name, v, SCN_MAX_MASKS);
	else
		snprintf(why, len, "%s: '%.60s' is not 1 to %d numbers in [%lld, %lld], one per TX queue",
			 k->name, v, SCN_MAX_MASKS, (long long)k->min, (long long)k->max);
	return -1;
}

/* "1 2 2 2 1 2 0 0 ..." as tc's priomap: priorities 0, 1, ... in order,
 * up to SCN_PRIOMAP_LEN; those not listed stay SCN_UNSET (the user of the
 * key fills in tc's default). */
static int set_priomap(const struct scn_key *k, void *base, const char *v,
		       char *why, size_t len)
{
	int64_t t[SCN_PRIOMAP_LEN], *f = field_of(k, base);
	char buf[160], *tok, *save = NULL, *end;
	int n = 0;

	for (n = 0; n < SCN_PRIOMAP_LEN; n++)
		t[n] = SCN_UNSET;
	n = 0;
	snprintf(buf, sizeof(buf), "%s", v);
	for (tok = strtok_r(buf, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save)) {
		if (n == SCN_PRIOMAP_LEN)
			goto bad;
		errno = 0;
		t[n] = (int64_t)strtoll(tok, &end, 10);
		if (errno || *end || end == tok || t[n] < k->min || t[n] > k->max)
			goto bad;
		n++;
	}
	if (!n)
		goto bad;
	memcpy(f, t, sizeof(t));
	return 0;
bad:
	snprintf(why, len, "%s: '%.60s' is not 1 to %d bands in [%lld, %lld], one per priority "
		 "0, 1, ... (e.g. 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1)", k->name, v, SCN_PRIOMAP_LEN,
		 (long long)k->min, (long long)k->max);
	return -1;
}

/* "2" sets tol_abs, "20%" sets tol_rel = 0.2; the other becomes 0. */
static int set_tolerance(const struct scn_key *k, void *base, const char *v,
			 char *why, size_t len)
{
	size_t n = strlen(v);
	bool rel = n && v[n - 1] == '%';
	char num[64];
	double x;

	if (n - rel >= sizeof(num))
		goto bad;
	memcpy(num, v, n - rel);
	num[n - rel] = '\0';
	if (scn_parse_double(num, &x))
		goto bad;
	if (x < 0) {
		snprintf(why, len, "%s must not be negative", k->name);
		return -1;
	}
	*(double *)field_of(k, base) = rel ? 0 : x;
	*(double *)((char *)base + k->aux) = rel ? x / 100 : 0;
	return 0;
bad:
	snprintf(why, len, "%s: '%.40s' is not a tolerance (e.g. 0.5 or 20%%)",
		 k->name, v);
	return -1;
}

int scn_key_parse(const struct scn_key *k, void *base, const char *value,
		  char *why, size_t len)
{
	switch (k->type) {
	case SCN_T_CHOICE:
		return set_choice(k, base, value, why, len);
	case SCN_T_STRING:
		return set_string(k, base, value, why, len);
	case SCN_T_DOUBLE:
		return set_double(k, base, value, why, len);
	case SCN_T_TOL:
		return set_tolerance(k, base, value, why, len);
	case SCN_T_TRIPLE:
		return set_triple(k, base, value, why, len);
	case SCN_T_MASKS:
	case SCN_T_QLIST:
		return set_masks(k, base, value, why, len);
	case SCN_T_PRIOMAP:
		return set_priomap(k, base, value, why, len);
	default:
		return set_number(k, base, value, why, len);
	}
}

static void set_unset(const struct scn_key *k, void *base)
{
	switch (k->type) {
	case SCN_T_CHOICE:
	case SCN_T_STRING:
		*(char *)field_of(k, base) = '\0';
		break;
	case SCN_T_DOUBLE:
		*(double *)field_of(k, base) = 0;
		*(bool *)((char *)base + k->aux) = false;
		break;
	case SCN_T_TOL:
		*(double *)field_of(k, base) = 0;
		*(double *)((char *)base + k->aux) = 0;
		break;
	case SCN_T_TRIPLE:
	case SCN_T_MASKS:
	case SCN_T_QLIST:
	default:
		*(int64_t *)field_of(k, base) = SCN_UNSET;
	}
}

void scn_kind_defaults(enum scn_kind kind, void *base)
{
	const struct scn_key *k = NULL;
	char why[256];

	while ((k = scn_key_next(kind, k))) {
		if (!k->def) {
			set_unset(k, base);
			continue;
		}
		/* A default that does not parse is a bug in the table. */
		if (scn_key_parse(k, base, k->def, why, sizeof(why))) {
			fprintf(stderr, "nicsim: key table: %s\n", why);
			BUG_ON(1);
		}
	}
}

bool scn_key_is_set(const struct scn_key *k, const void *base)
{
	const char *f = (const char *)base + k->off;

	switch (k->type) {
	case SCN_T_CHOICE:
	case SCN_T_STRING:
		return f[0] != '\0';
	case SCN_T_DOUBLE:
		return *(const bool *)((const char *)base + k->aux);
	case SCN_T_TOL:
		return *(const double *)f != 0 ||
		       *(const double *)((const char *)base + k->aux) != 0;
	default:
		return *(const int64_t *)f != SCN_UNSET;
	}
}

/* Optimal string alignment distance, on the first DIST_MAX characters. */
#define DIST_MAX 64

unsigned int scn_distance(const char *a, const char *b)
{
	unsigned int rows[3][DIST_MAX + 1];
	unsigned int *pp = rows[0], *p = rows[1], *c = rows[2], *t;
	size_t la = MIN(strlen(a), (size_t)DIST_MAX);
	size_t lb = MIN(strlen(b), (size_t)DIST_MAX);
	size_t i, j;

	for (j = 0; j <= lb; j++)
		p[j] = (unsigned int)j;
	for (i = 1; i <= la; i++) {
		c[0] = (unsigned int)i;
		for (j = 1; j <= lb; j++) {
			unsigned int d = MIN(p[j], c[j - 1]) + 1;

			d = MIN(d, p[j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1])
				d = MIN(d, pp[j - 2] + 1);
			c[j] = d;
		}
		t = pp;
		pp = p;
		p = c;
		c = t;
	}
	return p[lb];
}

const char *scn_closest(const char *word, const char *const *list)
{
	const char *best = NULL;
	unsigned int d, best_d = ~0u;

	for (; *list; list++) {
		d = scn_distance(word, *list);
		if (d < best_d) {
			best = *list;
			best_d = d;
		}
	}
	return best;
}

static void allowed_list(const int64_t *a, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (; *a && n < len; a++)
		n += (size_t)snprintf(buf + n, len - n, "%s%lld",
				      n ? ", " : "", (long long)*a);
}

void scn_key_meaning(const struct scn_key *k, char *buf, size_t len)
{
	char list[128];

	list[0] = '\0';
	if (k->choices)
		join(k->choices, list, sizeof(list));
	else if (k->allowed)
		allowed_list(k->allowed, list, sizeof(list));
	if (list[0])
		snprintf(buf, len, "%s: %s", k->meaning, list);
	else
		snprintf(buf, len, "%s", k->meaning);
}

/* ---- `nicsim keys` ----------------------------------------------------- */

/* A kind by a word of its section: the last ("ethtool", "sysctl",
 * "cost") for the kinds with a suffix, else the first ("sim", "host"). */
static bool filter_names_kind(const char *f, enum scn_kind kind)
{
	const char *suffix = kind_suffixes[kind];

	if (suffix && suffix[0])
		return !strcmp(f, suffix + 1);
	return !strcmp(f, kind_words[kind]);
}

/* A section as printed, any name for NAME: "host.dut.ethtool". */
static bool filter_is_section(const char *f, enum scn_kind kind)
{
	const char *word = kind_words[kind], *suffix = kind_suffixes[kind];
	size_t wl = strlen(word), fl, sl;

	if (!suffix || strncmp(f, word, wl) || f[wl] != '.')
		return false;
	f += wl + 1;
	fl = strlen(f);
	sl = strlen(suffix);
	if (fl <= sl || strcmp(f + fl - sl, suffix))
		return false;
	return !memchr(f, '.', fl - sl);	/* one name, no more dots */
}

static bool filter_kind(const char *f, enum scn_kind kind)
{
	return filter_names_kind(f, kind) || filter_is_section(f, kind);
}

/* NULL passes every key; else a section ("[host.NAME.sysctl]", "sysctl",
 * "host") or, if it names none, a key. */
static bool key_passes(const char *filter, const struct scn_key *k)
{
	char f[128];
	size_t n;
	int kind;

	if (!filter)
		return true;
	snprintf(f, sizeof(f), "%s", filter + (filter[0] == '['));
	n = strlen(f);
	if (filter[0] == '[' && n && f[n - 1] == ']')
		f[n - 1] = '\0';
	for (kind = 0; kind < SCN_NR_KINDS; kind++)
		if (filter_kind(f, (enum scn_kind)kind))
			return kind == (int)k->kind;
	return !strcmp(f, k->name);
}

bool scenario_key_in_filter(const char *filter, const char *section,
			    const char *key)
{
	char sec[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(scn_keys); i++) {
		scn_kind_section(scn_keys[i].kind, NULL, sec, sizeof(sec));
		if (!strcmp(sec, section) && !strcmp(scn_keys[i].name, key))
			return key_passes(filter, &scn_keys[i]);
	}
	return false;
}

static void closer(const char *filter, const char *word, unsigned int *best,
		   char *buf, size_t len)
{
	unsigned int d = scn_distance(filter, word);

	if (d < *best) {
		*best = d;
		snprintf(buf, len, "%s", word);
	}
}

/* The section (as printed, or a word of it) or key closest to filter. */
static const char *closest_filter(const char *filter, char *buf, size_t len)
{
	unsigned int best = ~0u;
	char sec[64];
	size_t i;
	int kind;

	for (kind = 0; kind < SCN_NR_KINDS; kind++) {
		const char *suffix = kind_suffixes[kind];

		scn_kind_section((enum scn_kind)kind, NULL, sec, sizeof(sec));
		closer(filter, sec, &best, buf, len);
		closer(filter, suffix && suffix[0] ? suffix + 1 : kind_words[kind],
		       &best, buf, len);
	}
	for (i = 0; i < ARRAY_SIZE(scn_keys); i++)
		closer(filter, scn_keys[i].name, &best, buf, len);
	return buf;
}

/* One row of `nicsim keys`; the meaning is printed from the registry as
 * it is, however long. */
struct key_row {
	char	section[32];
	char	dflt[SCN_STR_MAX];
};

static void key_row(const struct scn_keys_opts *o, const struct scn_key *k,
		    struct key_row *r)
{
	scn_kind_section(k->kind, NULL, r->section, sizeof(r->section));
	if (!o->profile_default ||
	    !o->profile_default(r->section, k->name, r->dflt, sizeof(r->dflt)))
		snprintf(r->dflt, sizeof(r->dflt), "%s", k->def ? k->def : k->nodef);
}

/* The meaning, then the valid choices or values. */
static void print_meaning(FILE *out, const struct scn_key *k)
{
	const char *const *c;
	const int64_t *a;

	fputs(k->meaning, out);
	for (c = k->choices; c && *c; c++)
		fprintf(out, "%s%s", c == k->choices ? ": " : ", ", *c);
	for (a = k->allowed; a && *a; a++)
		fprintf(out, "%s%lld", a == k->allowed ? ": " : ", ",
			(long long)*a);
}

static void print_markdown(FILE *out, const struct scn_keys_opts *o)
{
	struct key_row r;
	size_t i;

	fprintf(out, "| section | key | default | unit | meaning |\n");
	fprintf(out, "|---|---|---|---|---|\n");
	for (i = 0; i < ARRAY_SIZE(scn_keys); i++) {
		if (!key_passes(o->filter, &scn_keys[i]))
			continue;
		key_row(o, &scn_keys[i], &r);
		fprintf(out, "| `[%s]` | `%s` | %s | %s | ", r.section,
			scn_keys[i].name, r.dflt, scn_keys[i].unit);
		print_meaning(out, &scn_keys[i]);
		fputs(" |\n", out);
	}
}

static void print_plain(FILE *out, const struct scn_keys_opts *o)
{
	int w[4] = { 7, 3, 7, 4 };	/* "section", "key", ... */
	struct key_row r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(scn_keys); i++) {
		if (!key_passes(o->filter, &scn_keys[i]))
			continue;
		key_row(o, &scn_keys[i], &r);
		w[0] = MAX(w[0], (int)strlen(r.section));
		w[1] = MAX(w[1], (int)strlen(scn_keys[i].name));
		w[2] = MAX(w[2], (int)strlen(r.dflt));
		w[3] = MAX(w[3], (int)strlen(scn_keys[i].unit));
	}
	fprintf(out, "%-*s  %-*s  %-*s  %-*s  %s\n", w[0], "section", w[1],
		"key", w[2], "default", w[3], "unit", "meaning");
	for (i = 0; i < ARRAY_SIZE(scn_keys); i++) {
		if (!key_passes(o->filter, &scn_keys[i]))
			continue;
		key_row(o, &scn_keys[i], &r);
		fprintf(out, "%-*s  %-*s  %-*s  %-*s  ", w[0], r.section,
			w[1], scn_keys[i].name, w[2], r.dflt, w[3],
			scn_keys[i].unit);
		print_meaning(out, &scn_keys[i]);
		fputc('\n', out);
	}
}

int scenario_print_keys(FILE *out, const struct scn_keys_opts *o,
			struct scn_error *err)
{
	char near[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(scn_keys); i++)
		if (key_passes(o->filter, &scn_keys[i]))
			break;
	if (i == ARRAY_SIZE(scn_keys)) {
		snprintf(err->msg, sizeof(err->msg), "no section or key '%.60s'; "
			 "did you mean '%s'?", o->filter,
			 closest_filter(o->filter, near, sizeof(near)));
		return -1;
	}
	if (!out)
		return 0;
	if (o->markdown)
		print_markdown(out, o);
	else
		print_plain(out, o);
	return 0;
}
