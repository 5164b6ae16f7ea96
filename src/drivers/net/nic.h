/* SPDX-License-Identifier: MIT */
/*
 * What the world needs of any NIC driver: which settings it implements
 * (nic_cap), probe it on a host with the user's ethtool/module settings,
 * open it, and read its statistics.
 * Each NIC family provides a struct nic_driver (its name(s) and ops, as a
 * Linux driver provides its net_device_ops and module_init); the in-tree
 * ones are listed in drivers.c, others register with nic_register_driver.
 * The nic_* functions below find the driver by name and call its ops.
 * docs/adding-a-nic.md says how to add one.
 */
#ifndef NICSIM_NIC_NIC_H
#define NICSIM_NIC_NIC_H

#include <stddef.h>
#include <stdint.h>
#include "nicsim/time.h"

struct host;
struct eth_port;

/* SCN_UNSET (-1) in any field = the driver profile's default. */
struct nic_config {
	int64_t		tx_frames;
	int64_t		rx_frames;
	sim_time_t	rx_usecs;
	sim_time_t	tx_usecs;
	int64_t		tx_ring;
	int64_t		rx_ring;
	int64_t		txq_number;
	int64_t		rxq_number;
	int64_t		tx_queue_len;
	const char	*tx_reclaim;	/* "" = the profile's policy */
	const char	*tx_select;	/* "cpu": txq = cpu % txq_number */
	int64_t		tx_fixed_prio;	/* TQFPC: fixed-priority TX queue mask */
	const char	*tx_arbiter;	/* "" = the driver's (reset) arbitration */
	const int64_t	*tx_wrr_weight;	/* TQxAC per queue; [0] < 0: leave at reset */
	int64_t		irq_cpu;	/* ideal: the interrupt's CPU */
	int64_t		rxq_def;	/* mvneta: default RX queue, elects the CPU */
	int		tso;		/* 1 on, 0 off, -1 the driver's default */
	int		bql;		/* 1 on, 0 off, -1 the driver's default */
	int		adaptive_rx;	/* ethtool -C adaptive-rx: 1 on, 0 off, -1 default */
	sim_time_t	tx_timer_period;
	sim_time_t	virtio_host_delay;	/* virtio_net: the host's TX completion delay */
};

/*
 * A setting of a driver's, for FILE:LINE reporting and for what a driver
 * implements: its ethtool -C / -G / -K parameters, its module parameters,
 * its registers, and the per-queue kernel features that work only through
 * the driver (BQL, XPS). The fields of struct nic_config, plus the
 * last four, which the world applies to the queues after the probe.
 */
enum nic_field {
	NIC_F_NONE, NIC_F_TSO, NIC_F_TX_FRAMES, NIC_F_RX_FRAMES, NIC_F_RX_USECS,
	NIC_F_TX_RING, NIC_F_RX_RING, NIC_F_TXQ, NIC_F_RXQ, NIC_F_IRQ_CPU, NIC_F_RXQ_DEF,
	NIC_F_TX_USECS, NIC_F_TX_QUEUE_LEN, NIC_F_TX_RECLAIM, NIC_F_TX_TIMER_PERIOD,
	NIC_F_TX_SELECT, NIC_F_TX_FIXED_PRIO, NIC_F_TX_ARBITER, NIC_F_TX_WRR_WEIGHT,
	NIC_F_XPS_CPUS, NIC_F_BQL, NIC_F_BQL_LIMIT_MIN, NIC_F_BQL_LIMIT_MAX, NIC_F_BQL_HOLD_TIME,
	NIC_F_VIRTIO_HOST_DELAY, NIC_F_ADAPTIVE_RX,
	NIC_F_NR,
};

/*
 * How a driver implements a setting: the model's ethtool_ops->
 * supported_coalesce_params (ETHTOOL_COALESCE_* in include/linux/
 * ethtool.h, Linux 5.7+, where ethtool -C of anything else fails with
 * EOPNOTSUPP), extended to every setting above.
 */
enum nic_support {
	NIC_UNSUPPORTED,	/* never takes effect */
	NIC_SUPPORTED,
	NIC_SUPPORTED_IF,	/* only under a condition on the other settings */
};

/* A driver's answer for one setting. */
struct nic_cap {
	enum nic_support support;
	/* NIC_SUPPORTED_IF: the condition ("tx_reclaim = hrtimer");
	 * NIC_UNSUPPORTED: why, or NULL */
	const char	*when;
};

struct nic_queue_stats {
	uint64_t	packets, bytes;		/* sent by the device */
	uint64_t	reclaim_events;		/* driver reclaim passes that freed >= 1 */
	uint64_t	reclaimed;		/* descriptors reclaimed */
	uint32_t	ring_size, ring_max_used;
	uint32_t	ring_used;		/* descriptors held now */
	uint32_t	tx_frames;		/* threshold in force */
};

struct nic_info {
	const char	*driver;
	/* how TX is reclaimed, with the thresholds and timers in force after
	 * probe: "tx-irq every 25 descriptors + 5 ms hrtimer per TX queue" */
	char		reclaim[128];
	int		nr_txq;
	int		nr_rxq;
	uint64_t	rx_packets, rx_no_desc_drops;
	uint64_t	tx_timer_runs;
	/* interrupts raised (rising edges) with a TX-done / RX cause */
	uint64_t	irq_tx, irq_rx;
	char		tx_arb[96];	/* how the NIC shares the wire between TX queues */
	/* RX coalescing in force, as ethtool -c reads it back from the device
	 * (0 where the driver has none); adaptive-rx (net_dim): on or not, its
	 * RX profile now (0..4) and the profiles it wrote */
	uint32_t	rx_coal_frames, rx_coal_usecs;
	int		rx_dim_on, rx_dim_profile;
	uint64_t	rx_dim_applied;
	/*
	 * The era's known TX-path defect, and the later era of the same
	 * family whose commit removed it (nicsim explain proposes it as a
	 * remedy, printed only if a re-run confirms it); NULL if none.
	 */
	const char	*defect;	/* "TX reclaimed only after an RX interrupt" */
	const char	*fixed_by;	/* a driver name: "ftgmac100-6.11" */
	const char	*fix;		/* the commit: "fef2843bb49f \"net: ftgmac100: ...\"" */
};

/* How driver (a name of nicsim_driver_names) implements f. */
struct nic_cap nic_cap(const char *driver, enum nic_field f);
/*
 * Does f, as cfg sets it, take effect on driver? 0, or -1 with msg:
 * "driver 'ideal' does not support ethtool tx-usecs", "tx-usecs takes
 * effect only with tx_reclaim = hrtimer (this host reclaims with
 * tx-irq)". The world asks for each setting the scenario gives.
 */
int nic_cap_check(const char *driver, const struct nic_config *cfg,
		  enum nic_field f, char *msg, size_t len);
/* f's default on driver, as text ("16", "1000us", "off"); "-" where the
 * driver does not implement it. */
void nic_default(const char *driver, enum nic_field f, char *buf, size_t len);

/* irq_cpu must name a CPU of h; then the driver's probe. Returns 0, or
 * -1 with msg and *field set. */
int nic_probe(struct host *h, struct eth_port *port, const char *driver,
	      const struct nic_config *cfg, char *msg, size_t len,
	      enum nic_field *field);
void nic_info(const struct host *h, struct nic_info *info);
/* Free the driver's memory (the skbs belong to the pool). */
void nic_remove(struct host *h);
void nic_queue_stats(const struct host *h, int q, struct nic_queue_stats *st);
/*
 * ", tx-frames N" (st->tx_frames, the threshold in force) where h's driver
 * takes ethtool tx-frames, else "" (igb's WTHRESH, a frame count of a
 * driver without the setting, is no tx-frames): what a printed line
 * quotes after the reclaim words. Returns buf.
 */
const char *nic_tx_frames_words(const struct host *h, const struct nic_queue_stats *st,
				char *buf, size_t len);
/* --check: the driver's and the device's views of the rings agree;
 * -1 with what does not. */
int nic_check(const struct host *h, char *msg, size_t len);

/*
 * A NIC family: the names it answers to and its ops. name is always one
 * of names (mvneta answers to a profile per era: "mvneta-3.8" ...).
 *  cap		how the family implements f: with cfg NULL, in general; with
 *		cfg, whether f as cfg sets it takes effect: NIC_SUPPORTED,
 *		NIC_SUPPORTED_IF when the condition does not hold (now then
 *		says what the host does instead: "reclaims with tx-irq"),
 *		NIC_UNSUPPORTED when it never does.
 *  get_default	f's default as text, for the fields cap does not call
 *		NIC_UNSUPPORTED.
 *  probe	set up the driver and its device on h, attached to port:
 *		h->drv, h->drv_name (one of names), h->dev (netdev_init, ops,
 *		priv), port->rx and port->owner, the interrupt and NAPI. 0, or
 *		-1 with msg and *field (the setting at fault, or NIC_F_NONE).
 *  remove	free what probe allocated (the skbs belong to the pool).
 *  info	fill info (zeroed before the call).
 *  queue_stats	TX queue q's statistics (st is zeroed before the call).
 *  check	--check: the driver's and the device's state agree; 0, or -1
 *		with msg. NULL: nothing to check.
 */
struct nic_driver {
	const char *const *names;	/* NULL-terminated */
	struct nic_cap	(*cap)(const char *name, enum nic_field f,
			       const struct nic_config *cfg, char *now, size_t len);
	void		(*get_default)(const char *name, enum nic_field f, char *buf,
				       size_t len);
	int		(*probe)(struct host *h, struct eth_port *port, const char *name,
				 const struct nic_config *cfg, char *msg, size_t len,
				 enum nic_field *field);
	void		(*remove)(struct host *h);
	void		(*info)(const struct host *h, struct nic_info *info);
	void		(*queue_stats)(const struct host *h, int q, struct nic_queue_stats *st);
	int		(*check)(const struct host *h, char *msg, size_t len);
	/* optional: the link speeds (Mbit/s, 0-terminated) the MAC of this
	 * driver name links at (phylink's mac_capabilities, or the speeds
	 * its adjust_link programs); nic_probe refuses a link at another
	 * rate. NULL, or no op: any rate (a virtual or ideal device). */
	const int	*(*link_speeds)(const char *name);
};

#define NIC_DRIVERS_MAX	24

/*
 * Register the in-tree drivers (drivers.c), once; their names then fill
 * nicsim_driver_names. Every program calls it before it loads a scenario,
 * as the kernel runs the built-in drivers' initcalls at boot.
 */
void nic_drivers_init(void);
/*
 * Register drv after the in-tree drivers (module_init of a driver built
 * outside the tree): its names become valid driver keys. drv is kept by
 * pointer. 0, or -EINVAL (an op or the names missing, a name empty or
 * longer than NICSIM_NAME_LEN), -EEXIST (a name already answered),
 * -ENOSPC (NIC_DRIVERS_MAX drivers or NICSIM_DRIVER_NAMES_MAX names).
 */
int nic_register_driver(const struct nic_driver *drv);
/* A link_speeds op for a MAC that links at 10, 100 and 1000 Mbit/s
 * (inline: the drivers do not import from nic.c, which imports them). */
static inline const int *nic_link_speeds_gbit(const char *name)
{
	static const int speeds[] = { 10, 100, 1000, 0 };

	(void)name;
	return speeds;
}

#endif
