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
#include <stdlib.h>
#include <string.h>
#include "sim/run/settings.h"
#include "sim/engine/names.h"
#include "sim/engine/util.h"

#define AT(f)	offsetof(struct scn_host, f)

/* A [host.NAME] key the driver implements or not, or that one qdisc
 * reads: the fq_codel, tbf, fq and prio options, and tx_queue_len, the
 * limit of pfifo_fast and of prio's pfifo bands (the others have their
 * own: qdisc_limits[]). */
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
	{ AT(ethtool.adaptive_rx), NIC_F_ADAPTIVE_RX, NULL },
	{ AT(txq_number), NIC_F_TXQ, NULL },
	{ AT(rxq_number), NIC_F_RXQ, NULL },
	{ AT(irq_cpu), NIC_F_IRQ_CPU, NULL },
	{ AT(rxq_def), NIC_F_RXQ_DEF, NULL },
	{ AT(tx_queue_len), NIC_F_TX_QUEUE_LEN, "pfifo_fast" },
	{ AT(tx_queue_len), NIC_F_TX_QUEUE_LEN, "prio" },	/* its pfifos' limit */
	{ AT(tx_reclaim), NIC_F_TX_RECLAIM, NULL },
	{ AT(tx_timer_period), NIC_F_TX_TIMER_PERIOD, NULL },
	{ AT(tx_select), NIC_F_TX_SELECT, NULL },
	{ AT(tx_fixed_prio), NIC_F_TX_FIXED_PRIO, NULL },
	{ AT(tx_arbiter), NIC_F_TX_ARBITER, NULL },
	{ AT(tx_wrr_weight), NIC_F_TX_WRR_WEIGHT, NULL },
	{ AT(xps_cpus), NIC_F_XPS_CPUS, NULL },
	{ AT(bql), NIC_F_BQL, NULL },
	{ AT(bql_limit_min), NIC_F_BQL_LIMIT_MIN, NULL },
	{ AT(bql_limit_max), NIC_F_BQL_LIMIT_MAX, NULL },
	{ AT(bql_hold_time), NIC_F_BQL_HOLD_TIME, NULL },
	{ AT(virtio_host_delay), NIC_F_VIRTIO_HOST_DELAY, NULL },
	{ AT(fq_codel.limit), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.flows), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.quantum), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.memory_limit), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.drop_batch), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.ecn), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.target), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.interval), NIC_F_NONE, "fq_codel" },
	{ AT(fq_codel.ce_threshold), NIC_F_NONE, "fq_codel" },
	{ AT(tbf.rate), NIC_F_NONE, "tbf" },
	{ AT(tbf.burst), NIC_F_NONE, "tbf" },
	{ AT(tbf.limit), NIC_F_NONE, "tbf" },
	{ AT(tbf.latency), NIC_F_NONE, "tbf" },
	{ AT(fq.limit), NIC_F_NONE, "fq" },
	{ AT(fq.flow_limit), NIC_F_NONE, "fq" },
	{ AT(fq.quantum), NIC_F_NONE, "fq" },
	{ AT(fq.initial_quantum), NIC_F_NONE, "fq" },
	{ AT(fq.maxrate), NIC_F_NONE, "fq" },
	{ AT(fq.horizon), NIC_F_NONE, "fq" },
	{ AT(fq.horizon_drop), NIC_F_NONE, "fq" },
	{ AT(fq.pacing), NIC_F_NONE, "fq" },
	{ AT(prio.bands), NIC_F_NONE, "prio" },
	{ AT(prio.priomap), NIC_F_NONE, "prio" },
};

static const struct host_setting *setting_at(size_t off)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(host_settings); i++)
		if (host_settings[i].off == off)
			return &host_settings[i];
	return NULL;
}

/* another entry for the key at offset at names qdisc */
static bool qdisc_reads(size_t at, const char *qdisc)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(host_settings); i++)
		if (host_settings[i].off == at && host_settings[i].qdisc &&
		    !strcmp(host_settings[i].qdisc, qdisc))
			return true;
	return false;
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
		.tx_arbiter = sh->tx_arbiter,
		.tx_wrr_weight = sh->tx_wrr_weight,
		.irq_cpu = sh->irq_cpu, .rxq_def = sh->rxq_def,
		.tx_timer_period = sh->tx_timer_period,
		.virtio_host_delay = sh->virtio_host_delay,
		.tso = !sh->ethtool.tso[0] ? -1 : !strcmp(sh->ethtool.tso, "on"),
		.bql = !sh->bql[0] ? -1 : !strcmp(sh->bql, "on"),
		.adaptive_rx = !sh->ethtool.adaptive_rx[0] ? -1 :
			       !strcmp(sh->ethtool.adaptive_rx, "on"),
	};
}

const char *settings_driver(const struct scn_host *sh)
{
	const struct platform *p = platform_find(sh->platform);

	BUG_ON(!p);
	return sh->driver[0] ? sh->driver : platform_default_driver(p);
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

/* The modelled BBR is 6.18's, which paces by EDT (4.20 on; BBR itself
 * came with 4.9): refused on the profiles without it. */
int bbr_check(const struct kprofile *kp, const char *cc, char *why, size_t len)
{
	if (strcmp(cc, "bbr") || kp->edt)
		return 0;
	snprintf(why, len, "bbr needs kernel 6.x: the modelled BBR is 6.18's, which paces "
		 "by earliest departure time (4.20 on), and kernel '%s' has neither it nor "
		 "BBR's own hooks (4.9 on)", kp->name);
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

/* The packet limit of the qdiscs that do not take dev->tx_queue_len:
 * fq_codel_init and fq_init set their own (10240, 10000), tbf's bfifo
 * child gets tbf's limit (fifo_create_dflt). pfifo_fast_init sizes its
 * bands by tx_queue_len, and prio's pfifo bands take it in fifo_init
 * (qdisc_create_dflt, no options). */
static const struct {
	const char	*qdisc, *limit;
} qdisc_limits[] = {
	{ "fq_codel", "fq_codel_limit" },
	{ "fq", "fq_limit" },
	{ "tbf", "tbf_limit (or tbf_latency)" },
};

/* "KEY takes effect only with qdisc = A or B (this host has C)", and for
 * tx_queue_len what it limits and which key limits the host's qdisc. */
static void qdisc_refusal(const struct scn_host *sh, size_t at, const char *key, char *why,
			  size_t len)
{
	size_t i, o, nq = 0;

	o = (size_t)snprintf(why, len, "%s takes effect only with qdisc =", key);
	for (i = 0; i < ARRAY_SIZE(host_settings) && o < len; i++)
		if (host_settings[i].off == at && host_settings[i].qdisc)
			o += (size_t)snprintf(why + o, len - o, "%s %s", nq++ ? " or" : "",
					      host_settings[i].qdisc);
	if (at == AT(tx_queue_len) && o < len) {
		o += (size_t)snprintf(why + o, len - o, ": it sets the packet limit of pfifo_fast "
				      "and of each of prio's bands");
		for (i = 0; i < ARRAY_SIZE(qdisc_limits) && o < len; i++)
			if (!strcmp(qdisc_limits[i].qdisc, sh->qdisc))
				o += (size_t)snprintf(why + o, len - o, "; %s's is %s",
						      sh->qdisc, qdisc_limits[i].limit);
	}
	if (o < len)
		snprintf(why + o, len - o, " (this host has %s)", sh->qdisc);
}

/* 0 if the key at field takes effect on sh, else -1 and why. */
static int key_check(const struct scn_host *sh, const struct platform *plat,
		     const struct kprofile *kp, const struct nic_config *cfg,
		     const char *key, const void *field, char *why, size_t len)
{
	size_t at = offset_in(sh, field);
	const struct host_setting *hs = setting_at(at);

	if (at == AT(sysctl.tcp_congestion_control) && sysctl_check(kp, key, why, len) == 0)
		return bbr_check(kp, sh->sysctl.tcp_congestion_control, why, len);
	if (within(at, AT(sysctl), sizeof(sh->sysctl)))
		return sysctl_check(kp, key, why, len);
	if (at == AT(hz))
		return hz_check(plat, sh->hz, why, len);
	if (!hs)
		return 0;
	if (hs->nic != NIC_F_NONE && nic_cap_check(settings_driver(sh), cfg, hs->nic, why, len))
		return -1;
	if (hs->qdisc && strcmp(hs->qdisc, sh->qdisc) && !qdisc_reads(at, sh->qdisc)) {
		qdisc_refusal(sh, at, key, why, len);
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
	err->msg[0] = '\0';
	while ((key = scenario_host_key_next(s, sh, &pos, &field, &section))) {
		struct scn_error one;
		size_t n = strlen(err->msg);

		if (!key_check(sh, plat, kp, &cfg, key, field, why, sizeof(why)))
			continue;
		/* every refused key, one line each, as a compiler lists errors:
		 * a --set that changes the driver can make the file's own keys
		 * unsupported besides the one the user added */
		scenario_error_at(s, field, &one, "%s", why);
		if (n + 1 < sizeof(err->msg)) {
			if (n)
				err->msg[n++] = '\n';
			strscpy(err->msg + n, one.msg, sizeof(err->msg) - n);
		}
	}
	return err->msg[0] ? -1 : 0;
}

/* ---- application options ----------------------------------------------- */

/* The [app.NAME] keys only some types take; the others (type, host, dest,
 * start, size, sndbuf, tos, cpu) every type does. */
static const struct {
	const char	*key;
	size_t		off;
	const char	*types;
} app_keys[] = {
	{ "count", offsetof(struct scn_app, count), "ping udp" },
	{ "interval", offsetof(struct scn_app, interval), "ping udp" },
	{ "rate", offsetof(struct scn_app, rate), "udp" },
	{ "nonblock", offsetof(struct scn_app, nonblock), "udp" },
	{ "sndtimeo", offsetof(struct scn_app, sndtimeo), "udp" },
	{ "mode", offsetof(struct scn_app, mode), "http" },
	{ "read_size", offsetof(struct scn_app, read_size), "stream http" },
	{ "rcvbuf", offsetof(struct scn_app, rcvbuf), "stream http tcp_rr" },
	{ "peer_cpu", offsetof(struct scn_app, peer_cpu), "stream http tcp_rr udp_rr" },
	{ "cc", offsetof(struct scn_app, cc), "stream http tcp_rr" },
	{ "parallel", offsetof(struct scn_app, parallel), "stream" },
	{ "size", offsetof(struct scn_app, size), "ping udp stream http" },
	{ "request", offsetof(struct scn_app, request), "tcp_rr udp_rr" },
	{ "response", offsetof(struct scn_app, response), "tcp_rr udp_rr" },
	{ "burst", offsetof(struct scn_app, burst), "tcp_rr udp_rr" },
};

static bool word_in(const char *word, const char *list)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(list, word); p; p = strstr(p + 1, word))
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
	return false;
}

const char *settings_app_types(const char *key)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(app_keys); i++)
		if (!strcmp(app_keys[i].key, key))
			return app_keys[i].types;
	return NULL;
}

int settings_app_check(const struct scenario *s, const struct scn_app *a,
		       struct scn_error *err)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(app_keys); i++) {
		const void *field = (const char *)a + app_keys[i].off;

		if (!scenario_field_given(s, field) || word_in(a->type, app_keys[i].types))
			continue;
		scenario_error_at(s, field, err, "app.%s: a %s app takes no %s (only %s)",
				  a->name, a->type, app_keys[i].key, app_keys[i].types);
		return -1;
	}
	return 0;
}

/* ---- defaults per profile ------------------------------------------------ */

/* What decides a key's default, and its field in a host. */
struct key_ref {
	size_t		at;
	const struct host_setting *hs;
};

static bool key_find(const char *section, const char *key, struct key_ref *r)
{
	struct scn_host h;
	const char *name, *sec;
	const void *field;
	int pos = 0;

	memset(&h, 0, sizeof(h));
	while ((name = scenario_host_key_next(NULL, &h, &pos, &field, &sec))) {
		if (strcmp(name, key) || strcmp(sec, section))
			continue;
		r->at = offset_in(&h, field);
		r->hs = setting_at(r->at);
		return true;
	}
	return false;
}

/* "mvneta-3.8..3.13": the last name without the prefix up to the last
 * '-' both share. */
static void run_name(const char *first, const char *last, char *buf, size_t len)
{
	size_t i, cut = 0;

	if (first == last) {
		snprintf(buf, len, "%s", first);
		return;
	}
	for (i = 0; first[i] && first[i] == last[i]; i++)
		if (first[i] == '-')
			cut = i + 1;
	snprintf(buf, len, "%s..%s", first, last + cut);
}

typedef void (*value_fn)(const char *profile, const void *arg, char *buf, size_t len);

/* The value for each of names, runs of equal ones joined:
 * "mvneta-3.8..3.13: 16, mvneta-3.18: 1, mvneta-4.4..6.x: 0, ideal: -";
 * the value alone when they all have it. */
static void per_profile(const char *const *names, value_fn value, const void *arg,
			char *buf, size_t len)
{
	char cur[64], next[64], label[64];
	const char *first = names[0];
	size_t n = 0;
	int i;

	value(names[0], arg, cur, sizeof(cur));
	for (i = 1; names[i]; i++) {
		value(names[i], arg, next, sizeof(next));
		if (strcmp(cur, next))
			break;
	}
	if (!names[i]) {
		snprintf(buf, len, "%s", cur);
		return;
	}
	buf[0] = '\0';
	for (i = 1; n < len; i++) {
		if (names[i])
			value(names[i], arg, next, sizeof(next));
		if (names[i] && !strcmp(cur, next))
			continue;
		run_name(first, names[i - 1], label, sizeof(label));
		n += (size_t)snprintf(buf + n, len - n, "%s%s: %s", n ? ", " : "",
				      label, cur);
		if (!names[i])
			break;
		first = names[i];
		memcpy(cur, next, sizeof(cur));
	}
}

static void driver_value(const char *driver, const void *arg, char *buf, size_t len)
{
	nic_default(driver, *(const enum nic_field *)arg, buf, len);
}

static void print_triple(const int64_t *t, char *buf, size_t len)
{
	snprintf(buf, len, "%lld %lld %lld", (long long)t[0], (long long)t[1],
		 (long long)t[2]);
}

/* The kernel eras' default of a sysctl; "" where the registry's stands. */
static void kernel_value(const char *kernel, const void *arg, char *buf, size_t len)
{
	const struct kprofile *k = kprofile_find(kernel);
	const char *key = arg, *since;

	BUG_ON(!k);
	buf[0] = '\0';
	if (!kp_has_sysctl(k, key, &since))
		snprintf(buf, len, "-");
	else if (!strcmp(key, "tcp_wmem"))
		print_triple(k->tcp_wmem, buf, len);
	else if (!strcmp(key, "tcp_rmem"))
		print_triple(k->tcp_rmem, buf, len);
	else if (!strcmp(key, "tcp_limit_output_bytes"))
		snprintf(buf, len, "%u", k->tcp_limit_output_bytes);
	else if (!strcmp(key, "tcp_congestion_control"))
		snprintf(buf, len, "%s", k->tcp_cc);
	else if (!strcmp(key, "tcp_autocorking"))
		snprintf(buf, len, "1");
	else if (!strcmp(key, "wmem_max"))	/* 0: SK_WMEM_MAX, as wmem_default */
		snprintf(buf, len, k->wmem_max ? "%lld" : "wmem_default's",
			 (long long)k->wmem_max);
}

/* A platform's CONFIG_HZ, MAX_HEADER, clock (MHz), cycle cost or wmem_default. */
static void platform_value(const char *platform, const void *arg, char *buf, size_t len)
{
	const struct platform *p = platform_find(platform);
	const char *key = arg;
	int i;

	BUG_ON(!p);
	if (!strcmp(key, "hz")) {
		snprintf(buf, len, "%d", p->default_hz);
	} else if (!strcmp(key, "max_header")) {
		snprintf(buf, len, "%d", p->max_header);
	} else if (!strcmp(key, "driver")) {
		snprintf(buf, len, "%s", platform_default_driver(p));
	} else if (!strcmp(key, "clock")) {
		snprintf(buf, len, "%llu", (unsigned long long)(p->cpu_hz / 1000000));
	} else if (!strcmp(key, "wmem_default")) {	/* SK_WMEM_MAX */
		snprintf(buf, len, "%lld", (long long)kp_wmem_default(p,
			 kprofile_find(nicsim_kernel_names[0])));
	} else {
		for (i = 0; i < COST_NR && strcmp(cpu_cost_names[i], key); i++)
			;
		BUG_ON(i == COST_NR);
		snprintf(buf, len, "%u", ((const uint32_t *)&p->cost)[i]);
	}
}

bool settings_default(const char *section, const char *key, char *buf, size_t len)
{
	struct key_ref r;
	char probe[64];

	if (!key_find(section, key, &r))
		return false;
	if (r.hs && r.hs->nic != NIC_F_NONE) {
		per_profile(nicsim_driver_names, driver_value, &r.hs->nic, buf, len);
		return true;
	}
	if (r.at == AT(driver) || r.at == AT(hz) || r.at == AT(max_header) ||
	    within(r.at, AT(cost), sizeof(struct scn_cost)) ||
	    r.at == AT(sysctl.wmem_default)) {
		per_profile(nicsim_platform_names, platform_value, key, buf, len);
		return true;
	}
	if (!within(r.at, AT(sysctl), sizeof(struct scn_sysctl)))
		return false;
	kernel_value(nicsim_kernel_names[0], key, probe, sizeof(probe));
	if (!probe[0])
		return false;	/* the same in every era: the registry's */
	per_profile(nicsim_kernel_names, kernel_value, key, buf, len);
	return true;
}

/* ---- which profile supports which key ------------------------------------ */

#define TBL_ROWS	48
/* section, key, and a column per driver name (the most a profile list has) */
#define TBL_COLS	(2 + NICSIM_DRIVER_NAMES_MAX)
#define TBL_CELL	64

struct table {
	int	rows, cols;
	char	cell[TBL_ROWS][TBL_COLS][TBL_CELL];
};

static char *cell(struct table *t, int r, int c)
{
	BUG_ON(r >= TBL_ROWS || c >= TBL_COLS);
	t->rows = MAX(t->rows, r + 1);
	t->cols = MAX(t->cols, c + 1);
	return t->cell[r][c];
}

static void print_table(FILE *out, const struct table *t, bool markdown)
{
	int w[TBL_COLS] = { 0 }, r, c;

	for (r = 0; r < t->rows; r++)
		for (c = 0; c < t->cols; c++)
			w[c] = MAX(w[c], (int)strlen(t->cell[r][c]));
	for (r = 0; r < t->rows; r++) {
		for (c = 0; c < t->cols; c++) {
			if (markdown)
				fprintf(out, "| %s ", t->cell[r][c]);
			else
				fprintf(out, "%s%-*s", c ? "  " : "",
					c == t->cols - 1 ? 0 : w[c], t->cell[r][c]);
		}
		fputs(markdown ? "|\n" : "\n", out);
		for (c = 0; markdown && !r && c < t->cols; c++)
			fputs(c == t->cols - 1 ? "|---|\n" : "|---", out);
	}
}

/* The header: section, key, then one column per profile. */
static void header(struct table *t, const char *const *names)
{
	int i;

	snprintf(cell(t, 0, 0), TBL_CELL, "section");
	snprintf(cell(t, 0, 1), TBL_CELL, "key");
	for (i = 0; names[i]; i++)
		snprintf(cell(t, 0, i + 2), TBL_CELL, "%s", names[i]);
}

/* Row r names key, unless the filter leaves it out (false). */
static bool row(struct table *t, int r, bool markdown, const char *filter,
		const char *section, const char *key)
{
	if (!scenario_key_in_filter(filter, section, key))
		return false;
	snprintf(cell(t, r, 0), TBL_CELL, markdown ? "`[%s]`" : "%s", section);
	snprintf(cell(t, r, 1), TBL_CELL, markdown ? "`%s`" : "%s", key);
	return true;
}

static void cap_cell(char *buf, const char *driver, enum nic_field f)
{
	struct nic_cap c = nic_cap(driver, f);

	if (c.support == NIC_SUPPORTED_IF)
		snprintf(buf, TBL_CELL, "if %s", c.when);
	else
		snprintf(buf, TBL_CELL, "%s", c.support == NIC_SUPPORTED ? "yes" : "no");
}

/* The keys one kind of profile decides, a column per profile: fill()
 * writes row r's cells for a key it decides. After a blank line if sep;
 * false if the filter leaves no row. */
static bool support_table(FILE *out, bool markdown, const char *filter,
			  const char *const *names,
			  void (*fill)(struct table *t, int r, const char *key,
				       const struct key_ref *ref, const char *const *names),
			  bool sep)
{
	struct table *t = xcalloc(1, sizeof(*t));
	const char *key, *section;
	const void *field;
	struct scn_host h;
	struct key_ref ref;
	int pos = 0, r;
	bool any;

	memset(&h, 0, sizeof(h));
	header(t, names);
	while ((key = scenario_host_key_next(NULL, &h, &pos, &field, &section))) {
		ref.at = offset_in(&h, field);
		ref.hs = setting_at(ref.at);
		r = t->rows;
		fill(t, r, key, &ref, names);
		if (t->rows > r && !row(t, r, markdown, filter, section, key))
			t->rows = r;	/* filtered out */
	}
	any = t->rows > 1;
	if (any && sep)
		fputc('\n', out);
	if (any)
		print_table(out, t, markdown);
	free(t);
	return any;
}

static void fill_driver(struct table *t, int r, const char *key,
			const struct key_ref *ref, const char *const *names)
{
	int i;

	if (!ref->hs || ref->hs->nic == NIC_F_NONE)
		return;
	for (i = 0; names[i]; i++)
		cap_cell(cell(t, r, i + 2), names[i], ref->hs->nic);
}

static void fill_kernel(struct table *t, int r, const char *key,
			const struct key_ref *ref, const char *const *names)
{
	const char *since;
	int i;

	if (!within(ref->at, AT(sysctl), sizeof(struct scn_sysctl)))
		return;
	for (i = 0; names[i]; i++)
		snprintf(cell(t, r, i + 2), TBL_CELL, "%s",
			 kp_has_sysctl(kprofile_find(names[i]), key, &since) ? "yes" : "no");
}

static void fill_platform(struct table *t, int r, const char *key,
			  const struct key_ref *ref, const char *const *names)
{
	const int *c;
	size_t n;
	int i;

	if (ref->at != AT(hz))
		return;
	for (i = 0; names[i]; i++) {
		char *b = cell(t, r, i + 2);

		n = 0;
		for (c = platform_find(names[i])->hz_choices; *c; c++)
			n += (size_t)snprintf(b + n, TBL_CELL - n, "%s%d", n ? ", " : "", *c);
	}
}

/* One column: the qdiscs that read the key (tx_queue_len: two). */
static void fill_qdisc(struct table *t, int r, const char *key,
		       const struct key_ref *ref, const char *const *names)
{
	size_t i, n = 0;

	for (i = 0; ref->hs && i < ARRAY_SIZE(host_settings) && n < TBL_CELL; i++)
		if (host_settings[i].off == ref->hs->off && host_settings[i].qdisc)
			n += (size_t)snprintf(cell(t, r, 2) + n, TBL_CELL - n, "%s%s",
					      n ? ", " : "", host_settings[i].qdisc);
}

void settings_print_support(FILE *out, bool markdown, const char *filter)
{
	static const char *const qdisc[] = { "qdisc", NULL };
	void (*fills[])(struct table *, int, const char *, const struct key_ref *,
			const char *const *) = { fill_driver, fill_kernel, fill_platform,
						 fill_qdisc };
	const char *const *names[] = { nicsim_driver_names, nicsim_kernel_names,
				       nicsim_platform_names, qdisc };
	bool printed = false;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fills); i++)
		printed |= support_table(out, markdown, filter, names[i], fills[i],
					 printed);
}
