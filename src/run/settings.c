// SPDX-License-Identifier: MIT
/*
 * Every [host.NAME] setting is honoured or refused: see settings.h.
 *
 * A key of [host.NAME.sysctl] is the kernel's (kp_has_sysctl), hz the
 * platform's (platform_has_hz), the keys of host_settings[] the driver's
 * (nic_cap_check) and, for those only one qdisc reads, the qdisc's; the
 * rest (the profiles themselves, the CPU costs, hz within the platform's
 * choices) take effect on every host. Only the keys the scenario sets are
 * checked: a default never refuses a host.
 */
#include <stddef.h>
#include <string.h>
#include "run/settings.h"
#include "core/util.h"

#define AT(f)	offsetof(struct scn_host, f)

/* A [host.NAME] key the driver implements or not, or that one qdisc
 * reads: the fq_codel options, and tx_queue_len, pfifo_fast's limit
 * (fq_codel_init sets its own, fq_codel_limit). */
static const struct host_setting {
	size_t		off;	/* the key's field in struct scn_host */
	enum nic_field	nic;	/* NIC_F_NONE: not the driver's */
	const char	*qdisc;	/* only this qdisc reads it; NULL: any */
} host_settings[] = {
	{ AT(ethtool.tx_frames), NIC_F_TX_FRAMES, NULL },
	{ AT(ethtool.rx_frames), NIC_F_RX_FRAMES, NULL },
	{ AT(ethtool.rx_usecs), NIC_F_RX_USECS, NULL },
	{ AT(ethtool.tx_usecs), NIC_F_TX_USECS, NULL },
	{ AT(ethtool.tx_ring), NIC_F_TX_RING, NULL },
	{ AT(ethtool.rx_ring), NIC_F_RX_RING, NULL },
	{ AT(ethtool.tso), NIC_F_TSO, NULL },
	{ AT(txq_number), NIC_F_TXQ, NULL },
	{ AT(rxq_number), NIC_F_RXQ, NULL },
	{ AT(irq_cpu), NIC_F_IRQ_CPU, NULL },
	{ AT(rxq_def), NIC_F_RXQ_DEF, NULL },
	{ AT(tx_queue_len), NIC_F_TX_QUEUE_LEN, "pfifo_fast" },
	{ AT(tx_reclaim), NIC_F_TX_RECLAIM, NULL },
	{ AT(tx_timer_period), NIC_F_TX_TIMER_PERIOD, NULL },
	{ AT(tx_select), NIC_F_TX_SELECT, NULL },
	{ AT(tx_fixed_prio), NIC_F_TX_FIXED_PRIO, NULL },
	{ AT(tx_wrr_weight), NIC_F_TX_WRR_WEIGHT, NULL },
	{ AT(xps_cpus), NIC_F_XPS_CPUS, NULL },
	{ AT(bql_limit_min), NIC_F_BQL_LIMIT_MIN, NULL },
	{ AT(bql_limit_max), NIC_F_BQL_LIMIT_MAX, NULL },
	{ AT(bql_hold_time), NIC_F_BQL_HOLD_TIME, NULL },
	{ AT(fq_codel.limit), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.flows), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.quantum), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.memory_limit), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.drop_batch), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.ecn), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.target), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.interval), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.ce_threshold), NIC_F_NONE, "fq_codel" },
};

static const struct host_setting *setting_at(size_t off)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(host_settings); i++)
		if (host_settings[i].off == off)
			return &host_settings[i];
	return NULL;
}

static size_t offset_in(const struct scn_host *sh, const void *field)
{
	return (size_t)((const char *)field - (const char *)sh);
}

/* Is field inside the member at [off, off + size) of sh? */
static bool within(size_t at, size_t off, size_t size)
{
	return at >= off && at < off + size;
}

void settings_nic_config(const struct scn_host *sh, struct nic_config *cfg)
{
	*cfg = (struct nic_config){
		.tx_frames = sh->ethtool.tx_frames, .rx_frames = sh->ethtool.rx_frames,
		.rx_usecs = sh->ethtool.rx_usecs, .tx_usecs = sh->ethtool.tx_usecs,
		.tx_ring = sh->ethtool.tx_ring, .rx_ring = sh->ethtool.rx_ring,
		.txq_number = sh->txq_number, .rxq_number = sh->rxq_number,
		.tx_queue_len = sh->tx_queue_len, .tx_reclaim = sh->tx_reclaim,
		.tx_select = sh->tx_select, .tx_fixed_prio = sh->tx_fixed_prio,
		.tx_wrr_weight = sh->tx_wrr_weight,
		.irq_cpu = sh->irq_cpu, .rxq_def = sh->rxq_def,
		.tx_timer_period = sh->tx_timer_period,
		.tso = !sh->ethtool.tso[0] ? -1 : !strcmp(sh->ethtool.tso, "on"),
	};
}

const void *settings_nic_field(const struct scn_host *sh, enum nic_field f)
{
	size_t i;

	for (i = 0; f != NIC_F_NONE && i < ARRAY_SIZE(host_settings); i++)
		if (host_settings[i].nic == f)
			return (const char *)sh + host_settings[i].off;
	return sh->driver;
}

/* ---- the check ---------------------------------------------------------- */

static int sysctl_check(const struct kprofile *kp, const char *key, char *why,
			size_t len)
{
	const char *path = kp_sysctl_path(key), *since = NULL;

	if (!path || kp_has_sysctl(kp, key, &since))
		return 0;
	snprintf(why, len, "kernel '%s' has no sysctl %s (No such file or directory: "
		 "it came with %s)", kp->name, path, since);
	return -1;
}

static int hz_check(const struct platform *p, int64_t hz, char *why, size_t len)
{
	size_t n;
	const int *c;

	if (platform_has_hz(p, (int)hz))
		return 0;
	n = (size_t)snprintf(why, len, "platform '%s' has no CONFIG_HZ %lld (its "
			     "architecture offers", p->name, (long long)hz);
	for (c = p->hz_choices; *c && n < len; c++)
		n += (size_t)snprintf(why + n, len - n, "%s %d",
				      c == p->hz_choices ? "" : c[1] ? "," : " or", *c);
	if (n < len)
		snprintf(why + n, len - n, ")");
	return -1;
}

/* 0 if the key at field takes effect on sh, else -1 and why. */
static int key_check(const struct scn_host *sh, const struct platform *plat,
		     const struct kprofile *kp, const struct nic_config *cfg,
		     const char *key, const void *field, char *why, size_t len)
{
	size_t at = offset_in(sh, field);
	const struct host_setting *hs = setting_at(at);

	if (within(at, AT(sysctl), sizeof(sh->sysctl)))
		return sysctl_check(kp, key, why, len);
	if (at == AT(hz))
		return hz_check(plat, sh->hz, why, len);
	if (!hs)
		return 0;
	if (hs->nic != NIC_F_NONE && nic_cap_check(sh->driver, cfg, hs->nic, why, len))
		return -1;
	if (hs->qdisc && strcmp(hs->qdisc, sh->qdisc)) {
		snprintf(why, len, "%s takes effect only with qdisc = %s (this host has %s)",
			 key, hs->qdisc, sh->qdisc);
		return -1;
	}
	return 0;
}

int settings_check(const struct scenario *s, const struct scn_host *sh,
		   const struct platform *plat, const struct kprofile *kp,
		   struct scn_error *err)
{
	const char *key, *section;
	struct nic_config cfg;
	const void *field;
	char why[512];
	int pos = 0;

	settings_nic_config(sh, &cfg);
	while ((key = scenario_host_key_next(s, sh, &pos, &field, &section))) {
		if (!key_check(sh, plat, kp, &cfg, key, field, why, sizeof(why)))
			continue;
		scenario_error_at(s, field, err, "%s", why);
		return -1;
	}
	return 0;
}
