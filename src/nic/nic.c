// SPDX-License-Identifier: MIT
/* Driver dispatch by name: see nic.h. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "nic/nic.h"
#include "host/host.h"

int nic_probe(struct host *h, struct eth_port *port, const char *driver,
	      const struct nic_config *cfg, char *msg, size_t len,
	      enum nic_field *field)
{
	bool ideal = !strcmp(driver, "ideal");

	if (cfg->irq_cpu >= 0 && (!ideal || cfg->irq_cpu >= h->nr_cpus)) {
		*field = NIC_F_IRQ_CPU;
		if (!ideal)
			snprintf(msg, len, "irq_cpu applies to the ideal driver; %s's interrupt "
				 "CPUs follow its per-CPU interrupts and CPU_MAP", driver);
		else
			snprintf(msg, len, "irq_cpu %lld, but %s has %d CPU(s)",
				 (long long)cfg->irq_cpu, h->name, h->nr_cpus);
		return -1;
	}
	if (ideal && cfg->rxq_def >= 0) {
		*field = NIC_F_RXQ_DEF;
		snprintf(msg, len, "rxq_def is an mvneta module parameter; the ideal NIC has one RX queue");
		return -1;
	}
	if (ideal)
		return ideal_probe(h, port, cfg);
	return mvneta_probe(h, port, driver, cfg, msg, len, field);
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
