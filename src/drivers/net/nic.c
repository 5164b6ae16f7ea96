// SPDX-License-Identifier: MIT
/*
 * The NIC driver registry and the dispatch by driver name: see nic.h.
 * Contract: the drivers registered are the in-tree ones (drivers.c), in
 * their order, then those given to nic_register_driver, in theirs; each
 * name belongs to one driver and is also in nicsim_driver_names, in the
 * same order. A host's driver is found by h->drv_name, set by its probe.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "hw/link/eth.h"
#include "kernel/host.h"
#include "sim/engine/names.h"
#include "sim/engine/util.h"

/* How messages name each setting, and the key alone. */
static const struct {
	const char	*label;
	const char	*key;
} fields[NIC_F_NR] = {
	[NIC_F_TSO] = { "ethtool -K tso on", "tso" },
	[NIC_F_TX_FRAMES] = { "ethtool tx-frames", "tx-frames" },
	[NIC_F_RX_FRAMES] = { "ethtool rx-frames", "rx-frames" },
	[NIC_F_RX_USECS] = { "ethtool rx-usecs", "rx-usecs" },
	[NIC_F_TX_USECS] = { "ethtool tx-usecs", "tx-usecs" },
	[NIC_F_TX_RING] = { "ethtool -G tx", "tx" },
	[NIC_F_RX_RING] = { "ethtool -G rx", "rx" },
	[NIC_F_TXQ] = { "module parameter txq_number", "txq_number" },
	[NIC_F_RXQ] = { "module parameter rxq_number", "rxq_number" },
	[NIC_F_RXQ_DEF] = { "module parameter rxq_def", "rxq_def" },
	[NIC_F_IRQ_CPU] = { "irq_cpu", "irq_cpu" },
	[NIC_F_TX_QUEUE_LEN] = { "tx_queue_len", "tx_queue_len" },
	[NIC_F_TX_RECLAIM] = { "tx_reclaim", "tx_reclaim" },
	[NIC_F_TX_TIMER_PERIOD] = { "tx_timer_period", "tx_timer_period" },
	[NIC_F_TX_SELECT] = { "tx_select = cpu", "tx_select" },
	[NIC_F_TX_FIXED_PRIO] = { "tx_fixed_prio", "tx_fixed_prio" },
	[NIC_F_TX_ARBITER] = { "tx_arbiter", "tx_arbiter" },
	[NIC_F_TX_WRR_WEIGHT] = { "tx_wrr_weight", "tx_wrr_weight" },
	[NIC_F_XPS_CPUS] = { "xps_cpus", "xps_cpus" },
	[NIC_F_BQL] = { "bql = on", "bql" },
	[NIC_F_BQL_LIMIT_MIN] = { "bql_limit_min", "bql_limit_min" },
	[NIC_F_BQL_LIMIT_MAX] = { "bql_limit_max", "bql_limit_max" },
	[NIC_F_BQL_HOLD_TIME] = { "bql_hold_time", "bql_hold_time" },
	[NIC_F_VIRTIO_HOST_DELAY] = { "virtio_host_delay", "virtio_host_delay" },
	[NIC_F_ADAPTIVE_RX] = { "ethtool -C adaptive-rx on", "adaptive-rx" },
};

extern const struct nic_driver *const nic_in_tree_drivers[];	/* drivers.c */

static const struct nic_driver *nic_drivers[NIC_DRIVERS_MAX];
static int nr_nic_drivers;

static const struct nic_driver *nic_driver_find(const char *name)
{
	const char *const *n;
	int i;

	nic_drivers_init();
	for (i = 0; name && i < nr_nic_drivers; i++)
		for (n = nic_drivers[i]->names; *n; n++)
			if (!strcmp(*n, name))
				return nic_drivers[i];
	return NULL;
}

/* Is name among the n first of names? */
static bool name_in(const char *name, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

static int nic_driver_valid(const struct nic_driver *drv)
{
	size_t i, nr_names = 0;

	if (!drv || !drv->names || !drv->names[0] || !drv->cap || !drv->get_default ||
	    !drv->probe || !drv->remove || !drv->info || !drv->queue_stats)
		return -EINVAL;
	for (i = 0; drv->names[i]; i++) {
		if (!drv->names[i][0] || strlen(drv->names[i]) > NICSIM_NAME_LEN)
			return -EINVAL;
		if (nic_driver_find(drv->names[i]) || name_in(drv->names[i], drv->names, i))
			return -EEXIST;
	}
	while (nicsim_driver_names[nr_names])
		nr_names++;
	if (nr_nic_drivers == NIC_DRIVERS_MAX || nr_names + i > NICSIM_DRIVER_NAMES_MAX)
		return -ENOSPC;
	return 0;
}

/*
 * The in-tree drivers come first: nic_drivers_init registers them through
 * here, and marks itself done before, so its call below returns at once.
 */
int nic_register_driver(const struct nic_driver *drv)
{
	const char *const *n;
	int err;

	nic_drivers_init();
	err = nic_driver_valid(drv);
	if (err)
		return err;
	for (n = drv->names; *n; n++)
		BUG_ON(nicsim_driver_name_add(*n));	/* checked above */
	nic_drivers[nr_nic_drivers++] = drv;
	return 0;
}

static struct nic_cap driver_cap(const char *driver, enum nic_field f,
				 const struct nic_config *cfg, char *now, size_t len)
{
	const struct nic_driver *drv = nic_driver_find(driver);

	if (!drv)	/* nic_probe refuses it */
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	return drv->cap(driver, f, cfg, now, len);
}

struct nic_cap nic_cap(const char *driver, enum nic_field f)
{
	char now[8];

	return driver_cap(driver, f, NULL, now, sizeof(now));
}

int nic_cap_check(const char *driver, const struct nic_config *cfg,
		  enum nic_field f, char *msg, size_t len)
{
	char now[128];
	struct nic_cap c;

	/* adaptive-rx off is what every driver without net_dim does: 5.7+'s
	 * ethtool_set_coalesce_supported refuses only the parameters set
	 * non-zero (use_adaptive_rx_coalesce = 0 passes) */
	if (f == NIC_F_ADAPTIVE_RX && cfg && cfg->adaptive_rx == 0)
		return 0;
	c = driver_cap(driver, f, cfg, now, sizeof(now));
	if (c.support == NIC_SUPPORTED)
		return 0;
	if (c.support == NIC_SUPPORTED_IF)
		snprintf(msg, len, "%s takes effect only with %s (this host %s)",
			 fields[f].key, c.when, now);
	else if (c.when)
		snprintf(msg, len, "driver '%s' does not support %s (%s)", driver,
			 fields[f].label, c.when);
	else
		snprintf(msg, len, "driver '%s' does not support %s", driver,
			 fields[f].label);
	return -1;
}

void nic_default(const char *driver, enum nic_field f, char *buf, size_t len)
{
	const struct nic_driver *drv = nic_driver_find(driver);

	BUG_ON(!drv);
	if (nic_cap(driver, f).support == NIC_UNSUPPORTED)
		snprintf(buf, len, "-");
	else
		drv->get_default(driver, f, buf, len);
}

/* A MAC links only at the speeds it has: the PHY never resolves another
 * (phylink_validate against mac_capabilities), so such a link is refused. */
static int link_speed_refused(const char *driver, const int *mbps, int64_t rate,
			      char *msg, size_t len)
{
	size_t n = 0;
	int i;

	if (!mbps)
		return 0;
	for (i = 0; mbps[i]; i++)
		if (rate == (int64_t)mbps[i] * 1000000)
			return 0;
	n += (size_t)snprintf(msg, len, "%s: the MAC links at ", driver);
	for (i = 0; mbps[i] && n < len; i++)
		n += (size_t)snprintf(msg + n, len - n, "%s%d", !i ? "" : mbps[i + 1] ? ", " : " or ",
				      mbps[i]);
	if (n < len)
		snprintf(msg + n, len - n, " Mbit/s; the link's rate %lld bit/s is none of them",
			 (long long)rate);
	return -1;
}

int nic_probe(struct host *h, struct eth_port *port, const char *driver,
	      const struct nic_config *cfg, char *msg, size_t len,
	      enum nic_field *field)
{
	const struct nic_driver *drv = nic_driver_find(driver);

	if (!drv) {
		*field = NIC_F_NONE;
		snprintf(msg, len, "unknown driver profile '%s'", driver);
		return -1;
	}
	/* only a driver that supports irq_cpu sees it set (nic_cap_check) */
	if (cfg->irq_cpu >= h->nr_cpus) {
		*field = NIC_F_IRQ_CPU;
		snprintf(msg, len, "irq_cpu %lld, but %s has %d CPU(s)",
			 (long long)cfg->irq_cpu, h->name, h->nr_cpus);
		return -1;
	}
	if (drv->link_speeds && link_speed_refused(driver, drv->link_speeds(driver),
						   port->link->rate, msg, len)) {
		*field = NIC_F_NONE;
		return -1;
	}
	return drv->probe(h, port, driver, cfg, msg, len, field);
}

/* The driver h was probed with. */
static const struct nic_driver *host_driver(const struct host *h)
{
	const struct nic_driver *drv = nic_driver_find(h->drv_name);

	BUG_ON(!drv);
	return drv;
}

void nic_info(const struct host *h, struct nic_info *info)
{
	memset(info, 0, sizeof(*info));
	host_driver(h)->info(h, info);
}

void nic_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	memset(st, 0, sizeof(*st));
	host_driver(h)->queue_stats(h, q, st);
}

const char *nic_tx_frames_words(const struct host *h, const struct nic_queue_stats *st,
				char *buf, size_t len)
{
	if (nic_cap(h->drv_name, NIC_F_TX_FRAMES).support == NIC_UNSUPPORTED)
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, ", tx-frames %u", st->tx_frames);
	return buf;
}

int nic_check(const struct host *h, char *msg, size_t len)
{
	const struct nic_driver *drv = host_driver(h);

	return drv->check ? drv->check(h, msg, len) : 0;
}

void nic_remove(struct host *h)
{
	if (!h->drv)
		return;
	host_driver(h)->remove(h);
	h->drv = NULL;
}

void nic_drivers_init(void)
{
	static bool done;
	const struct nic_driver *const *d;

	if (done)
		return;
	done = true;	/* first: nic_register_driver calls here too */
	for (d = nic_in_tree_drivers; *d; d++)
		BUG_ON(nic_register_driver(*d));
}
