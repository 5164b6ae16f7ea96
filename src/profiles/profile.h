/* SPDX-License-Identifier: MIT */
/*
 * Platform and kernel profiles: the constants a host is built from.
 *
 * A platform profile is a SoC or PC: cores, clock, cache line, the size of
 * the kernel structures that enter skb->truesize on that architecture, and
 * the cycle cost of each piece of work the model charges. A kernel profile
 * is a kernel era: socket buffer rules, truesize rule, default sysctls.
 * Every constant names its source; see docs/profiles.md.
 */
#ifndef NICSIM_HOST_PROFILE_H
#define NICSIM_HOST_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

/* Cycle costs of the work the model charges to a CPU. */
struct cpu_costs {
	uint32_t syscall;		/* syscall entry + exit */
	uint32_t raw_sendmsg;		/* raw_sendmsg + ip_append_data + route */
	uint32_t udp_sendmsg;		/* udp_sendmsg + ip_make_skb */
	uint32_t ip_output;		/* ip_local_out ... neigh_output */
	uint32_t dev_queue_xmit;	/* pick_tx + qdisc enqueue/dequeue */
	uint32_t xmit_pkt;		/* driver ndo_start_xmit, per packet */
	uint32_t xmit_desc;		/* per descriptor filled */
	uint32_t mmio_read;		/* uncached device register read */
	uint32_t mmio_write;		/* posted device register write */
	uint32_t reclaim_desc;		/* per TX descriptor reclaimed + skb freed */
	uint32_t irq;			/* hardirq entry + exit + handler frame */
	uint32_t softirq;		/* one softirq handler dispatch */
	uint32_t napi_poll;		/* one NAPI poll call, fixed part */
	uint32_t rx_pkt;		/* RX descriptor -> netif_receive_skb */
	uint32_t ip_rcv;		/* ip_rcv + protocol demux */
	uint32_t icmp_echo;		/* icmp_echo: build and send the reply */
	uint32_t sock_deliver;		/* queue to a socket + wake check */
	uint32_t recvmsg;		/* recvmsg of one datagram */
	uint32_t wakeup;		/* try_to_wake_up + context switch in */
	uint32_t timer;			/* one expired timer_list callback */
	uint32_t user_iter;		/* application bookkeeping per iteration */
	uint32_t copy_byte_x16;		/* copy cost per 16 bytes */
	uint32_t tcp_sendmsg;		/* tcp_sendmsg fixed part, per skb filled */
	uint32_t sendpage;		/* do_tcp_sendpages, per 4 KiB page */
	uint32_t tcp_xmit_skb;		/* tcp_write_xmit + tcp_transmit_skb, per skb */
	uint32_t gso_seg;		/* skb_segment, per segment */
	uint32_t tcp_ack;		/* tcp_ack on the sender, per ACK */
	uint32_t tcp_rcv;		/* tcp_v4_rcv + tcp_rcv_established, per segment */
	uint32_t tcp_send_ack;		/* tcp_send_ack (without IP output) */
	uint32_t tcp_recvmsg;		/* tcp_recvmsg fixed part, per call */
	uint32_t file_read_x16;		/* read() from the page cache, per 16 B */
};

/* Every field of struct cpu_costs, in order (keys, overrides, accounting). */
#define CPU_COST_FIELDS(X)						\
	X(syscall) X(raw_sendmsg) X(udp_sendmsg) X(ip_output)		\
	X(dev_queue_xmit) X(xmit_pkt) X(xmit_desc) X(mmio_read)	\
	X(mmio_write) X(reclaim_desc) X(irq) X(softirq) X(napi_poll)	\
	X(rx_pkt) X(ip_rcv) X(icmp_echo) X(sock_deliver) X(recvmsg)	\
	X(wakeup) X(timer) X(user_iter) X(copy_byte_x16)		\
	X(tcp_sendmsg) X(sendpage) X(tcp_xmit_skb) X(gso_seg)		\
	X(tcp_ack) X(tcp_rcv) X(tcp_send_ack) X(tcp_recvmsg)		\
	X(file_read_x16)

/* One id per cost, for accounting where a CPU's cycles went. */
#define CPU_COST_ID(f) COST_##f,
enum cpu_cost { CPU_COST_FIELDS(CPU_COST_ID) COST_NR };
_Static_assert(COST_NR <= 64, "cost ids fit a 64-bit mask");
#undef CPU_COST_ID
extern const char *const cpu_cost_names[COST_NR];

struct platform {
	const char	*name;
	const char	*source;
	int		nr_cpus;
	uint64_t	cpu_hz;
	int		cache_line;		/* SMP_CACHE_BYTES */
	int		ptr_bytes;		/* sizeof(void *) */
	int		kmalloc_min;		/* KMALLOC_MIN_SIZE (ARCH_DMA_MINALIGN) */
	int		sizeof_sk_buff;		/* sizeof(struct sk_buff) */
	int		sizeof_shinfo;		/* sizeof(struct skb_shared_info) */
	int		small_head_cache;	/* SKB_SMALL_HEAD_CACHE_SIZE (>=6.3), from max_header */
	int		default_hz;		/* CONFIG_HZ default of the arch */
	int		max_header;		/* MAX_HEADER of the build (include/linux/netdevice.h) */
	int		max_tcp_header;		/* MAX_TCP_HEADER, from max_header */
	const int	*hz_choices;		/* CONFIG_HZ values its arch offers, 0-terminated */
	/* the NIC driver a host on this platform gets when the scenario
	 * names none (NULL: "ideal") */
	const char	*default_driver;
	struct cpu_costs cost;
};

enum sndbuf_min_rule {
	SOCK_MIN_SNDBUF_2048,		/* <= 3.12: #define SOCK_MIN_SNDBUF 2048 */
	SOCK_MIN_SNDBUF_2_TRUESIZE,	/* >= 3.13: 2 * (2048 + SKB_DATA_ALIGN(skb)) */
};

/* What the segments of a software-GSO skb are charged to the socket
 * (tcp_gso_segment with copy_destructor, 3.12 on). */
enum gso_seg_charge {
	GSO_SEG_UNCHARGED,	/* < 3.12: segments are not the socket's */
	GSO_SEG_CHARGE_MSS,	/* 3.12.0 (6ff50cd55545): mss each, the rest on the last */
	GSO_SEG_CHARGE_TRUESIZE,/* 3.12.1, 3.13 (0d08c42cf9a7): each its truesize */
};

/* tcp_should_autocork (3.14+, f54b311142a9 "tcp: auto corking") */
/* Receive-buffer autotuning (tcp_rcv_space_adjust, tcp_fixup_rcvbuf). */
enum drs_rule {
	DRS_312,	/* 3.12.0 read: 2 x copied kept as a maximum; buffer starts at 2 x 20 segments' truesize */
	DRS_313,	/* 3.13.0 read: 2 x copied + 16 MSS, x1.5 or x2 if the rate grew by 25 or 50 %; start x4; clamp = that window */
	DRS_44,		/* 4.4.155 read: as 3.13, clamp = the window the buffer gives */
	DRS_6X,		/* 6.18.2 read: tcp_rcvbuf_grow: 2 x copied, + twice its growth; no start-up boost */
};

/* The tail loss probe (tcp_early_retrans 3, the default from 3.10). */
enum tlp_rule {
	TLP_NONE,	/* before 3.10 */
	TLP_3X,		/* 3.10.99, 3.12.0, 4.4.155 read: Open, SACK, cwnd-limited or nothing to send; 2 srtt, at least 10 ms */
	TLP_6X,		/* 6.18.2 read: Open or CWR, SACK; 2 srtt + 2 jiffies */
};

enum autocork_rule {
	AUTOCORK_NONE,
	AUTOCORK_HEAD,	/* 4.4.155 read (a181ceb501b3's test): the tail is not the write queue's head */
	AUTOCORK_RTX,	/* 6.18.2 read (rtx queue, 4.15+): something sent awaits its ACK */
};

/* tcp_tso_should_defer per era (src/net/ipv4/tcp.c) */
enum tso_defer_rule {
	TSO_DEFER_NONE,
	TSO_DEFER_3X,	/* 3.10-3.13: at most into the jiffy after the first wait */
	TSO_DEFER_44,	/* 4.4: last send in this jiffy, next ACK within srtt/2 */
	TSO_DEFER_6X,	/* 6.x: last send within 1 ms, next ACK within min(srtt/2, 1 ms) */
};

/* dequeue_skb's bulk (try_bulk_dequeue_skb) and the driver's xmit_more */
enum qdisc_bulk_rule {
	QDISC_BULK_NONE,	/* before 3.18: one skb per dequeue, no xmit_more */
	QDISC_BULK_BQL,		/* 3.18+: bounded by BQL's available bytes */
	QDISC_BULK_QUOTA,	/* 6.18: and by the quota __qdisc_run has left */
};

struct kprofile {
	const char	*name;
	const char	*source;
	/* TCP */
	int		tsq_mode;		/* enum tsq_mode */
	int		pacing_mode;		/* enum pacing_mode */
	int		gso_mode;		/* enum gso_mode */
	int		gso_seg_charge;		/* enum gso_seg_charge */
	/* 3.12+: RTT from the acked or SACKed skb's send time before TSecr */
	bool		rtt_sack;
	/* 3.12.0: TSecr feeds the estimator on any ACK, new data or not */
	bool		rtt_tsecr_any_ack;
	/* tcp_wfree in ksoftirqd waits for the queues to drain (6.x) */
	bool		tsq_ksoftirqd_wait;
	uint32_t	tcp_max_reordering;	/* TCP_MAX_REORDERING / sysctl */
	uint32_t	tcp_limit_output_bytes;
	int		pacing_shift;		/* sk_pacing_shift */
	int64_t		tcp_wmem[3];
	int64_t		tcp_rmem[3];
	int		tcp_adv_win_scale;
	uint32_t	tcp_min_tso_segs;
	const char	*tcp_cc;		/* default congestion control */
	int		cc_era;			/* enum tcp_cc_era: the 3.x counting rules */
	int		tso_defer;		/* enum tso_defer_rule: tcp_tso_should_defer */
	int		autocork;		/* enum autocork_rule; net.ipv4.tcp_autocorking */
	int		tlp;			/* enum tlp_rule */
	int		prr;			/* enum prr_rule */
	bool		rcv_wnd_init_cap;	/* initial window at most tcp_default_init_rwnd (20) MSS (3.x, 4.4) */
	bool		quickack_ofo;		/* out-of-order data re-arms quick ACKs (3.x) */
	int		drs;			/* enum drs_rule */
	/* 6.x tcp_cwnd_validate / tcp_is_cwnd_limited (vs 4.4's; rtt_usec only) */
	bool		cwnd_limited_v6;
	/* tcp_cwnd_test: one skb takes at most half the window, so at
	 * least two GSO skbs are in flight ("tcp: limit GSO packets to
	 * half cwnd", before 4.4) */
	bool		cwnd_quota_half;
	/* __skb_tx_hash hashes sk->sk_hash, or skb->protocol where it is 0
	 * (3.x); later kernels hash the flow (skb_get_hash) */
	bool		tx_hash_sk;
	/* 4.20+: TCP's earliest departure time model (skb->tstamp,
	 * tcp_wstamp_ns), which the modelled 6.18 BBR needs */
	bool		edt;
	bool		ts_clock_ms;		/* TCP timestamps tick in ms (>= 4.13), else jiffies */
	bool		rtt_usec;		/* sender RTT in usec (>= 3.15), else jiffies */
	bool		cwnd_restart_at_entail;	/* slow start after idle checked as sendmsg queues an skb (4.4, 6.x), else as one is sent */
	/* tcp_sndbuf_expand with a power-of-two per-segment memory and
	 * nr_segs >= TCP_INIT_CWND, also at tcp_init_buffer_space (6.x read;
	 * else the 3.x tcp_new_space form) */
	bool		sndbuf_expand_pow2;
	bool		pfifo_fast_rings;	/* pfifo_fast bands are skb_arrays (4.16+; 6.x read) */
	/* the non-cascading timer wheel (4.8+): an expiry is rounded up to
	 * its level's granularity, one granule past it (calc_index) */
	bool		timer_wheel_v2;
	enum sndbuf_min_rule sndbuf_min;
	bool		sndbuf_int_clamp;	/* 6.x: val = min(val, INT_MAX/2) */
	bool		small_head_cache;	/* >= 6.3 skb_small_head_cache */
	bool		watchdog_oldest;	/* >= 6.10 (33fb988b6705): dev_watchdog re-arms from the oldest stop */
	int64_t		wmem_max;		/* 0 = SK_WMEM_MAX formula */
	int		napi_weight;		/* NAPI_POLL_WEIGHT */
	int		netdev_budget;
	int		netdev_budget_jiffies;
	int		dev_weight;		/* qdisc quota per __qdisc_run */
	int		qdisc_bulk;		/* enum qdisc_bulk_rule */
};

const struct platform *platform_find(const char *name);
/* The driver of a host on p whose scenario names none. */
const char *platform_default_driver(const struct platform *p);
const struct kprofile *kprofile_find(const char *name);

/* Does the platform's architecture offer CONFIG_HZ hz? */
bool platform_has_hz(const struct platform *p, int hz);

/*
 * The sysctls of [host.NAME.sysctl], by their last name ("tcp_wmem"):
 * their /proc/sys path ("net.ipv4.tcp_wmem", NULL for a name the model
 * does not know) and whether kernel k has them; if not, *since is the
 * version that brought it ("3.14").
 */
const char *kp_sysctl_path(const char *name);
bool kp_has_sysctl(const struct kprofile *k, const char *name, const char **since);

/* SKB_DATA_ALIGN: round up to the platform's cache line. */
static inline uint32_t skb_data_align(const struct platform *p, uint32_t x)
{
	return (x + (uint32_t)p->cache_line - 1) & ~((uint32_t)p->cache_line - 1);
}

/* kmalloc size class a request lands in (power of two from 32, plus the
 * 96 and 192 caches; mm/slab_common.c kmalloc_info). */
uint32_t kmalloc_size_roundup(const struct platform *p, uint32_t size);
/* A build's MAX_HEADER and what follows from it: MAX_TCP_HEADER =
 * L1_CACHE_ALIGN(128 + MAX_HEADER) (include/net/tcp.h) and
 * SKB_SMALL_HEAD_CACHE_SIZE (net/core/skbuff.c): SKB_HEAD_ALIGN of
 * MAX_TCP_HEADER, plus a cache line when that is a power of two. */
void platform_set_max_header(struct platform *p, int max_header);

/* skb->truesize of an skb whose head was allocated with `size` bytes
 * (__alloc_skb / kmalloc_reserve in net/core/skbuff.c). */
uint32_t skb_truesize(const struct platform *p, const struct kprofile *k,
		      uint32_t size);
/* SKB_TRUESIZE(X) */
uint32_t skb_truesize_macro(const struct platform *p, uint32_t x);
int64_t kp_sock_min_sndbuf(const struct platform *p, const struct kprofile *k);
/* sk_sndbuf after setsockopt(SO_SNDBUF, val) (net/core/sock.c). */
int64_t kp_so_sndbuf(const struct platform *p, const struct kprofile *k,
		     int64_t val, int64_t wmem_max);
int64_t kp_wmem_default(const struct platform *p, const struct kprofile *k);
int64_t kp_wmem_max(const struct platform *p, const struct kprofile *k);

#endif
