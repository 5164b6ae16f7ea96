// SPDX-License-Identifier: MIT
/* Driver dispatch by name: see nic.h. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "kernel/host.h"

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
};

static bool is_ideal(const char *driver)
{
	return !strcmp(driver, "ideal");
}

static struct nic_cap driver_cap(const char *driver, enum nic_field f,
				 const struct nic_config *cfg, char *now, size_t len)
{
	if (is_ideal(driver))
		return ideal_cap(f, cfg, now, len);
	return mvneta_cap(driver, f, cfg, now, len);
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
	struct nic_cap c = driver_cap(driver, f, cfg, now, sizeof(now));

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
	if (nic_cap(driver, f).support == NIC_UNSUPPORTED)
		snprintf(buf, len, "-");
	else if (is_ideal(driver))
		ideal_default(f, buf, len);
	else
		mvneta_default(driver, f, buf, len);
}

int nic_probe(struct host *h, struct eth_port *port, const char *driver,
	      const struct nic_config *cfg, char *msg, size_t len,
	      enum nic_field *field)
{
	if (!is_ideal(driver))
		return mvneta_probe(h, port, driver, cfg, msg, len, field);
	if (cfg->irq_cpu >= h->nr_cpus) {
		*field = NIC_F_IRQ_CPU;
		snprintf(msg, len, "irq_cpu %lld, but %s has %d CPU(s)",
			 (long long)cfg->irq_cpu, h->name, h->nr_cpus);
		return -1;
	}
	return ideal_probe(h, port, cfg);
}

void nic_info(const struct host *h, struct nic_info *info)
{
	if (!strcmp(h->drv_name, "ideal"))
		ideal_info(h, info);
	else
		mvneta_info(h, info);
}

void nic_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	memset(st, 0, sizeof(*st));
	if (!strcmp(h->drv_name, "ideal"))
		ideal_queue_stats(h, q, st);
	else
		mvneta_queue_stats(h, q, st);
}

int nic_check(const struct host *h, char *msg, size_t len)
{
	if (!strcmp(h->drv_name, "ideal"))
		return 0;	/* a FIFO, no indices to disagree */
	return mvneta_check(h, msg, len);
}

void nic_remove(struct host *h)
{
	if (!h->drv)
		return;
	if (!strcmp(h->drv_name, "ideal"))
		ideal_remove(h);
	else
		mvneta_remove(h);
	h->drv = NULL;
}
