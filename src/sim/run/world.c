// SPDX-License-Identifier: MIT
/*
 * Building and running the world a scenario describes. Two hosts joined by
 * one full-duplex Ethernet link, or 2 to 16 hosts each on its own link to
 * a port of one switch ([switch]); each host gets its platform and kernel
 * profiles and its driver; applications are processes on their hosts.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "sim/report/pcap.h"
#include "net/sched/sch_fq_codel.h"
#include "net/sched/sch_tbf.h"
#include "net/sched/sch_fq.h"
#include "net/sched/sch_prio.h"
#include "sim/engine/util.h"
#include "sim/run/check.h"
#include "sim/run/settings.h"

static int host_index(const struct world *w, const char *name)
{
	int i;

	for (i = 0; i < w->nr_hosts; i++)
		if (!strcmp(w->hosts[i].name, name))
			return i;
	return -1;
}

/* queues/tx-N/xps_cpus, written after the driver's own maps (mvneta-6.x
 * sets one CPU per queue in mvneta_txq_sw_init). */
static int xps_maps(struct world *w, struct host *h, const struct scn_host *sh,
		    struct scn_error *err)
{
	uint32_t cpus = (1u << h->nr_cpus) - 1;
	int q;

	if (sh->xps_cpus[0] == SCN_UNSET)
		return 0;
	for (q = 0; q < SCN_MAX_MASKS; q++) {
		if (q >= h->dev.real_num_tx_queues && sh->xps_cpus[q]) {
			scenario_error_at(w->scn, sh->xps_cpus, err,
					  "xps_cpus: a mask for TX queue %d, but %s has %d TX queue(s)",
					  q, sh->name, h->dev.real_num_tx_queues);
			return -1;
		}
		if ((uint32_t)sh->xps_cpus[q] & ~cpus) {
			scenario_error_at(w->scn, sh->xps_cpus, err,
					  "xps_cpus: mask %#llx for TX queue %d names a CPU %s lacks (%d CPU(s))",
					  (long long)sh->xps_cpus[q], q, sh->name, h->nr_cpus);
			return -1;
		}
	}
	for (q = 0; q < h->dev.real_num_tx_queues; q++)
		netif_set_xps_queue(&h->dev, (uint32_t)sh->xps_cpus[q], q);
	return 0;
}

/* Append one located message to err, a line each, as settings_check does */
static void tbf_error(struct world *w, const void *field, struct scn_error *err,
		      const char *why)
{
	struct scn_error one;
	size_t n = strlen(err->msg);

	scenario_error_at(w->scn, field, &one, "%s", why);
	if (n + 1 < sizeof(err->msg)) {
		if (n)
			err->msg[n++] = '\n';
		strscpy(err->msg + n, one.msg, sizeof(err->msg) - n);
	}
}

/*
 * tc qdisc add dev eth0 root tbf rate R burst B (limit L | latency T):
 * tc's own refusals (tbf_parse_opt, all of them at once, as tc prints
 * them), then the one nicsim adds: a root tbf on a device with several
 * TX queues.
 */
static int attach_tbf(struct world *w, struct host *h, const struct scn_host *sh,
		      struct scn_error *err)
{
	const struct scn_tbf *o = &sh->tbf;
	struct tbf_params p;
	uint64_t lat_us = o->latency == SCN_UNSET ? 0 : (uint64_t)(o->latency / PS_PER_US);

	err->msg[0] = '\0';
	if (o->limit != SCN_UNSET && o->latency != SCN_UNSET)
		tbf_error(w, &o->latency, err,
			  "tbf: specifying both \"limit\" and \"/latency\" is not allowed");
	if (o->rate == SCN_UNSET)
		tbf_error(w, sh->qdisc, err, "tbf: the \"rate\" parameter is mandatory (tbf_rate)");
	if (o->burst == SCN_UNSET)
		tbf_error(w, sh->qdisc, err, "tbf: the \"burst\" parameter is mandatory (tbf_burst)");
	if (o->limit == SCN_UNSET && o->latency == SCN_UNSET)
		tbf_error(w, sh->qdisc, err,
			  "tbf: either \"limit\" or \"latency\" is required (tbf_limit or tbf_latency)");
	if (err->msg[0])
		return -1;
	if (tbf_params_from_tc(&p, (uint64_t)o->rate, (uint32_t)o->burst,
			       o->limit == SCN_UNSET ? 0 : (uint32_t)o->limit, lat_us)) {
		scenario_error_at(w->scn, sh->qdisc, err, "tbf: RTNETLINK answers: Invalid argument");
		return -1;
	}
	if (netdev_set_tbf(&h->dev, &p)) {
		scenario_error_at(w->scn, sh->qdisc, err,
				  "qdisc = tbf: %s has %d TX queues; a root tbf there replaces mq and "
				  "feeds them all from one qdisc, which nicsim does not model (set "
				  "txq_number = 1 where the driver allows it)",
				  sh->name, h->dev.real_num_tx_queues);
		return -1;
	}
	return 0;
}

/* tc qdisc replace dev eth0 parent N: fq [options] on every queue */
static int attach_fq(struct world *w, struct host *h, const struct scn_host *sh,
		     struct scn_error *err)
{
	const struct scn_fq *o = &sh->fq;
	struct fq_params p;

	fq_default_params(&p, h->dev.mtu + ETH_HLEN);	/* psched_mtu */
	if (o->limit != SCN_UNSET)
		p.limit = (uint32_t)o->limit;
	if (o->flow_limit != SCN_UNSET)
		p.flow_plimit = (uint32_t)o->flow_limit;
	if (o->quantum != SCN_UNSET)
		p.quantum = (uint32_t)o->quantum;
	if (o->initial_quantum != SCN_UNSET)
		p.initial_quantum = (uint32_t)o->initial_quantum;
	if (o->maxrate != SCN_UNSET)	/* tc's get_rate: bytes/s */
		p.flow_max_rate = (uint64_t)o->maxrate / 8;
	if (o->horizon != SCN_UNSET)	/* TCA_FQ_HORIZON: microseconds */
		p.horizon = (uint64_t)(o->horizon / PS_PER_US) * 1000;
	if (o->horizon_drop[0])
		p.horizon_drop = !strcmp(o->horizon_drop, "on");
	if (o->pacing[0])
		p.rate_enable = !strcmp(o->pacing, "on");
	if (netdev_set_fq(&h->dev, &p)) {
		scenario_error_at(w->scn, sh->qdisc, err, "fq: RTNETLINK answers: Invalid argument");
		return -1;
	}
	return 0;
}

/* tc qdisc replace dev eth0 parent N: prio [bands B] [priomap P0 .. P15]
 * on every queue. tc sends its default map's entries for the priorities
 * the priomap leaves out; prio_tune refuses a map naming a band >= B. */
static int attach_prio(struct world *w, struct host *h, const struct scn_host *sh,
		       struct scn_error *err)
{
	int bands = sh->prio.bands == SCN_UNSET ? 3 : (int)sh->prio.bands;
	uint8_t map[PRIO_MAP_LEN];
	int p;

	for (p = 0; p < PRIO_MAP_LEN; p++) {
		bool listed = sh->prio.priomap[0] != SCN_UNSET && sh->prio.priomap[p] != SCN_UNSET;

		map[p] = listed ? (uint8_t)sh->prio.priomap[p] : prio_default_priomap[p];
		if (map[p] < bands)
			continue;
		if (listed)
			scenario_error_at(w->scn, sh->prio.priomap, err,
					  "prio_priomap: priority %d goes to band %d, but prio_bands = %d "
					  "has bands 0 to %d (prio_tune: RTNETLINK answers: Invalid argument)",
					  p, map[p], bands, bands - 1);
		else if (sh->prio.priomap[0] != SCN_UNSET)
			scenario_error_at(w->scn, sh->prio.priomap, err,
					  "prio_priomap: priority %d, not listed, keeps tc's default band %d, "
					  "but prio_bands = %d has bands 0 to %d (prio_tune: RTNETLINK "
					  "answers: Invalid argument)", p, map[p], bands, bands - 1);
		else
			scenario_error_at(w->scn, sh->qdisc, err,
					  "prio: RTNETLINK answers: Invalid argument (tc's default priomap "
					  "sends priority %d to band %d, and prio_bands = %d has bands 0 to %d: "
					  "set prio_priomap)", p, map[p], bands, bands - 1);
		return -1;
	}
	if (netdev_set_prio(&h->dev, bands, map)) {
		scenario_error_at(w->scn, sh->qdisc, err, "prio: RTNETLINK answers: Invalid argument");
		return -1;
	}
	return 0;
}

/* tc qdisc replace dev eth0 parent N: fq_codel [options] on every queue */
static int attach_qdisc(struct world *w, struct host *h, const struct scn_host *sh,
			struct scn_error *err)
{
	const struct scn_fq_codel *o = &sh->fq_codel;
	struct fq_codel_params p;

	if (!strcmp(sh->qdisc, "tbf"))
		return attach_tbf(w, h, sh, err);
	if (!strcmp(sh->qdisc, "fq"))
		return attach_fq(w, h, sh, err);
	if (!strcmp(sh->qdisc, "prio"))
		return attach_prio(w, h, sh, err);
	if (strcmp(sh->qdisc, "fq_codel"))
		return 0;	/* its options: settings_check */
	fq_codel_default_params(&p, h->dev.mtu + ETH_HLEN);
	if (o->limit != SCN_UNSET)
		p.limit = (uint32_t)o->limit;
	if (o->flows != SCN_UNSET)
		p.flows_cnt = (uint32_t)o->flows;
	if (o->quantum != SCN_UNSET)
		p.quantum = (uint32_t)o->quantum;
	if (o->memory_limit != SCN_UNSET)
		p.memory_limit = (uint32_t)o->memory_limit;
	if (o->drop_batch != SCN_UNSET)
		p.drop_batch_size = (uint32_t)o->drop_batch;
	if (o->ecn != SCN_UNSET)
		p.ecn = o->ecn != 0;
	if (o->target != SCN_UNSET)
		p.target = o->target;
	if (o->interval != SCN_UNSET)
		p.interval = o->interval;
	if (o->ce_threshold != SCN_UNSET)
		p.ce_threshold = o->ce_threshold;
	if (netdev_set_fq_codel(&h->dev, &p)) {
		scenario_error_at(w->scn, sh->qdisc, err, "fq_codel refused these options");
		return -1;
	}
	return 0;
}

/* tx_wrr_weight (the NETA arbiter's: settings_check): every weight must
 * exceed the largest frame (mvNetaTxqWrrPrioSet's rule). Checked after
 * the probe wrote them: the weights depend on the link's MTU. */
static int wrr_weights(struct world *w, const struct host *h, const struct scn_host *sh,
		       struct scn_error *err)
{
	int64_t need = (h->dev.mtu + ETH_HLEN) / 256 + 1;
	int q;

	if (sh->tx_wrr_weight[0] == SCN_UNSET)
		return 0;
	for (q = 0; q < SCN_MAX_MASKS; q++)
		if (sh->tx_wrr_weight[q] < need) {
			scenario_error_at(w->scn, sh->tx_wrr_weight, err,
					  "tx_wrr_weight: %lld x 256 B for TX queue %d is below the largest frame (%u B): at least %lld",
					  (long long)sh->tx_wrr_weight[q], q, h->dev.mtu + ETH_HLEN,
					  (long long)need);
			return -1;
		}
	return 0;
}

/* The byte_queue_limits sysfs files of every TX queue (tx-N). */
static void bql_tunables(struct host *h, const struct scn_host *sh)
{
	int q;

	for (q = 0; q < h->dev.real_num_tx_queues; q++) {
		struct dql *dql = &h->dev.txq[q].bql.dql;

		if (sh->bql_limit_min != SCN_UNSET)
			dql_set_limit_min(dql, (unsigned int)sh->bql_limit_min);
		if (sh->bql_limit_max != SCN_UNSET)
			dql_set_limit_max(dql, (unsigned int)sh->bql_limit_max);
		if (sh->bql_hold_time != SCN_UNSET)
			dql_set_hold_time(dql, (unsigned int)msecs_to_jiffies(
				&h->cpus[0], (uint64_t)((sh->bql_hold_time + PS_PER_MS - 1) / PS_PER_MS)));
	}
}

#define COST_ONE(f) + 1
/* Every cost has a key, and every key but clock is a cost. */
_Static_assert(sizeof(struct scn_cost) == (1 CPU_COST_FIELDS(COST_ONE)) * sizeof(int64_t),
	       "a [host.NAME.cost] key world.c does not apply");
#undef COST_ONE

/* The host's platform: its profile with [host.NAME.cost] applied. */
static void platform_costs(struct platform *p, const struct scn_cost *c)
{
#define COST_SET(f)				\
	if (c->f != SCN_UNSET)			\
		p->cost.f = (uint32_t)c->f;
	CPU_COST_FIELDS(COST_SET)
#undef COST_SET
	if (c->clock != SCN_UNSET)
		p->cpu_hz = (uint64_t)c->clock * 1000000;
}

/*
 * A per-16-byte cost is charged for up to a whole application write or
 * read (app size and read_size: at most 1 GiB) at once. Keep such a
 * charge within the longest run, so CPU clocks stay far from overflow.
 */
#define COST_BYTES_MAX	(1ull << 30)
#define COST_TIME_MAX	(100000 * PS_PER_S)

static int check_x16(const struct world *w, const struct platform *p,
		     const int64_t *key, const char *name, uint32_t x16,
		     struct scn_error *err)
{
	unsigned __int128 cycles = (unsigned __int128)x16 * (COST_BYTES_MAX / 16);
	unsigned __int128 most = (unsigned __int128)COST_TIME_MAX * p->cpu_hz /
				 PS_PER_S / (COST_BYTES_MAX / 16);

	if (cycles * PS_PER_S / p->cpu_hz <= COST_TIME_MAX)
		return 0;
	scenario_error_at(w->scn, key, err,
			  "%s: %u cycles per 16 bytes at %llu MHz would make one 1 GiB "
			  "read() or write() take more than 100000 s; at most %llu at this clock",
			  name, x16, (unsigned long long)(p->cpu_hz / 1000000),
			  (unsigned long long)most);
	return -1;
}

static int check_costs(const struct world *w, const struct platform *p,
		       const struct scn_cost *c, struct scn_error *err)
{
	if (check_x16(w, p, &c->copy_byte_x16, "copy_byte_x16", p->cost.copy_byte_x16, err))
		return -1;
	return check_x16(w, p, &c->file_read_x16, "file_read_x16", p->cost.file_read_x16, err);
}

static bool variation_on(const struct world *w)
{
	return !strcmp(w->scn->sim.variation, "on");
}

/* Seeded variation on host h: its wake-up latency and its CPUs' cost noise. */
static void host_variation(struct world *w, struct host *h)
{
	const struct scn_sim *v = &w->scn->sim;
	int c;

	if (!variation_on(w))
		return;
	if (v->wakeup_jitter)
		sched_set_wakeup_jitter(h, v->wakeup_jitter, (uint64_t)v->seed);
	for (c = 0; v->cost_noise && c < h->nr_cpus; c++)
		cpu_set_cost_noise(&h->cpus[c], (uint32_t)v->cost_noise, (uint64_t)v->seed);
}

static int build_host(struct world *w, int i, const struct scn_host *sh,
		      struct scn_error *err)
{
	const struct scenario *s = w->scn;
	const struct platform *prof = platform_find(sh->platform);
	const struct kprofile *kp = kprofile_find(sh->kernel);
	struct host *h = &w->hosts[i];
	enum nic_field field = NIC_F_NONE;
	struct nic_config cfg;
	struct platform plat;
	char msg[256];

	if (!prof) {
		scenario_error_at(s, sh->platform, err, "unknown platform '%s'", sh->platform);
		return -1;
	}
	if (!kp) {
		scenario_error_at(s, sh->kernel, err, "unknown kernel '%s'", sh->kernel);
		return -1;
	}
	if (settings_check(s, sh, prof, kp, err))
		return -1;
	settings_nic_config(sh, &cfg);
	plat = *prof;
	platform_costs(&plat, &sh->cost);
	if (sh->max_header != SCN_UNSET)
		platform_set_max_header(&plat, (int)sh->max_header);
	if (check_costs(w, &plat, &sh->cost, err))
		return -1;
	host_init(h, &w->sim, &w->pool, i, sh->name, &plat, kp,
		  sh->hz > 0 ? (int)sh->hz : plat.default_hz, (uint64_t)s->sim.seed);
	host_variation(w, h);
	if (sh->sysctl.wmem_default > 0)
		h->wmem_default = sh->sysctl.wmem_default;
	if (sh->sysctl.wmem_max > 0)
		h->wmem_max = sh->sysctl.wmem_max;
	if (sh->sysctl.tcp_wmem[0] != SCN_UNSET)
		memcpy(h->kp_local.tcp_wmem, sh->sysctl.tcp_wmem, sizeof(h->kp_local.tcp_wmem));
	if (sh->sysctl.tcp_rmem[0] != SCN_UNSET)
		memcpy(h->kp_local.tcp_rmem, sh->sysctl.tcp_rmem, sizeof(h->kp_local.tcp_rmem));
	if (sh->sysctl.tcp_limit_output_bytes != SCN_UNSET)
		h->kp_local.tcp_limit_output_bytes = (uint32_t)sh->sysctl.tcp_limit_output_bytes;
	if (sh->sysctl.tcp_ecn != SCN_UNSET)
		h->tcp_ecn = (int)sh->sysctl.tcp_ecn;
	if (sh->sysctl.tcp_sack != SCN_UNSET)
		h->tcp_sack = (int)sh->sysctl.tcp_sack;
	if (sh->sysctl.tcp_slow_start_after_idle != SCN_UNSET)
		h->tcp_slow_start_after_idle = (int)sh->sysctl.tcp_slow_start_after_idle;
	if (sh->sysctl.tcp_autocorking != SCN_UNSET)	/* 4.4's rule where the era lacks one */
		h->kp_local.autocork = !sh->sysctl.tcp_autocorking ? AUTOCORK_NONE :
				       kp->autocork ? kp->autocork : AUTOCORK_HEAD;
	if (sh->sysctl.tcp_congestion_control[0])
		h->kp_local.tcp_cc = sh->sysctl.tcp_congestion_control;
	if (w->sw) {
		h->neigh = HOST_NEIGH_BY_ADDR;
		h->port = &w->links[i].port[0];
	} else {
		h->neigh = (uint8_t)(1 - i);
		h->port = &w->link.port[i];
	}
	h->port->owner = h;
	if (nic_probe(h, h->port, settings_driver(sh), &cfg, msg, sizeof(msg), &field)) {
		/* a refusal of no setting of the driver's: the host's own link
		 * (its rate) where it has one */
		scenario_error_at(s, field == NIC_F_NONE && w->sw && sh->link_rate != SCN_UNSET ?
				  (const void *)&sh->link_rate : settings_nic_field(sh, field),
				  err, "%s", msg);
		return -1;
	}
	h->dev.mtu = (uint32_t)s->link.mtu;
	if (wrr_weights(w, h, sh, err))
		return -1;
	bql_tunables(h, sh);
	if (xps_maps(w, h, sh, err))
		return -1;
	return attach_qdisc(w, h, sh, err);
}

static int app_hosts(struct world *w, const struct scn_app *a, struct host **h,
		     struct host **d, struct scn_error *err)
{
	int hi = host_index(w, a->host), di = host_index(w, a->dest);

	if (hi < 0) {
		scenario_error_at(w->scn, a->host, err, "app.%s: no host '%s'", a->name, a->host);
		return -1;
	}
	if ((di < 0 || di == hi) && !w->sw) {
		scenario_error_at(w->scn, a->dest, err, "app.%s: dest must name the other host", a->name);
		return -1;
	}
	if (di < 0) {
		scenario_error_at(w->scn, a->dest, err, "app.%s: dest '%s' is no host of the scenario",
				  a->name, a->dest);
		return -1;
	}
	if (di == hi) {
		scenario_error_at(w->scn, a->dest, err,
				  "app.%s: dest names the app's own host '%s'; name another host on "
				  "the switch", a->name, a->dest);
		return -1;
	}
	*h = &w->hosts[hi];
	*d = &w->hosts[di];
	if (a->cpu >= (*h)->nr_cpus) {
		scenario_error_at(w->scn, &a->cpu, err, "app.%s: cpu %lld, but %s has %d CPU(s)",
				  a->name, (long long)a->cpu, (*h)->name, (*h)->nr_cpus);
		return -1;
	}
	return 0;
}

/* app.NAME.size, or its default: ping -s 56 and a 56-byte UDP write;
 * iperf's 128 KiB write for stream and http. */
static int64_t app_size(const struct scn_app *a)
{
	if (a->size != SCN_UNSET)
		return a->size;
	return strcmp(a->type, "stream") && strcmp(a->type, "http") ? 56 : 131072;
}

/* rate paces a UDP sender (iperf -b); interval cannot also be in force. */
static int check_rate(const struct world *w, const struct scn_app *a, int64_t size,
		      struct scn_error *err)
{
	if (a->rate == SCN_UNSET)
		return 0;
	if (scenario_field_given(w->scn, &a->interval)) {
		scenario_error_at(w->scn, &a->rate, err,
				  "app.%s: rate and interval both set; a paced sender has no interval",
				  a->name);
		return -1;
	}
	if (!size) {
		scenario_error_at(w->scn, &a->rate, err,
				  "app.%s: rate needs a size above 0 (iperf -b paces payload bytes)",
				  a->name);
		return -1;
	}
	return 0;
}

/* hash_pick fixes what the flow hash picks: refused where no hash picks. */
static int check_hash_pick(const struct world *w, const struct scn_app *a,
			   const struct host *h, struct scn_error *err)
{
	const char *why = NULL;

	if (a->hash_pick == SCN_UNSET)
		return 0;
	if (h->dev.real_num_tx_queues == 1)
		why = "has one TX queue";
	else if (h->dev.ops->ndo_select_queue)
		why = "picks TX queues by CPU (tx_select = cpu), not by hash";
	if (!why)
		return 0;
	scenario_error_at(w->scn, &a->hash_pick, err,
			  "app.%s: hash_pick cannot take effect: %s's driver %s",
			  a->name, h->name, why);
	return -1;
}

/* app.NAME.cc = bbr: the sending host's kernel must have the modelled
 * BBR (settings.c, bbr_check) */
static int check_cc(struct world *w, const struct scn_app *a, const struct host *h,
		    struct scn_error *err)
{
	char why[256];

	if (!a->cc[0] || !bbr_check(h->kp, a->cc, why, sizeof(why)))
		return 0;
	scenario_error_at(w->scn, &a->cc, err, "app.%s: %s", a->name, why);
	return -1;
}

/* The app's start, plus with seeded variation an offset drawn once from
 * its own stream "app.A.start" (as separately launched programs start).
 * A stream app's parallel connections share it: one iperf -P process
 * starts them together, and they then differ by wake-up and cost draws. */
static sim_time_t app_start(const struct world *w, const struct scn_app *a)
{
	const struct scn_sim *v = &w->scn->sim;
	struct rng r;

	if (!variation_on(w) || !v->start_jitter)
		return a->start;
	rng_streamf(&r, (uint64_t)v->seed, "app.%s.start", a->name);
	return a->start + (sim_time_t)rng_below(&r, (uint64_t)v->start_jitter + 1);
}

/* A stream or http app: its connections, each a world app (iperf -P). */
static int build_streams(struct world *w, const struct scn_app *a, struct host *h,
			 struct host *d, int64_t size, struct scn_error *err)
{
	struct stream_config sc = {
		.size = size, .read_size = a->read_size,
		/* one iperf -P process starts its connections together */
		.start = app_start(w, a),
		.cpu = (int)a->cpu, .peer_cpu = (int)a->peer_cpu,
		.sndbuf = a->sndbuf, .rcvbuf = a->rcvbuf,
		.cc = a->cc[0] ? a->cc : NULL,
	};
	int k, n = (int)a->parallel;

	if (!strcmp(a->type, "http"))
		sc.mode = !strcmp(a->mode, "sendfile") ? STREAM_SENDFILE :
			  !strcmp(a->mode, "mmap") ? STREAM_FILE_MMAP : STREAM_FILE_WRITE;
	if (a->peer_cpu >= d->nr_cpus) {
		scenario_error_at(w->scn, &a->peer_cpu, err, "app.%s: peer_cpu %lld, but %s has %d CPU(s)",
				  a->name, (long long)a->peer_cpu, d->name, d->nr_cpus);
		return -1;
	}
	for (k = 1; k <= n; k++) {
		struct world_app *wa = &w->apps[w->nr_apps++];

		if (n > 1)
			snprintf(sc.name, sizeof(sc.name), "%.31s.%d", a->name, k % 1000);	/* k <= 128 */
		else
			snprintf(sc.name, sizeof(sc.name), "%s", a->name);
		wa->cfg = a;
		wa->kind = APP_STREAM;
		wa->stream = n > 1 ? k : 0;
		wa->nr_streams = n;
		stream_app_init(&wa->u.stream, h, d, &sc);
		ip_sock_set_tos(&wa->u.stream.tx.sk, (uint8_t)a->tos);
		wa->u.stream.tx.sk.hash_pick = (int)a->hash_pick;
	}
	return 0;
}

/* netperf TCP_RR or UDP_RR: the client on host, the server on dest. */
static int build_rr(struct world *w, struct world_app *wa, const struct scn_app *a,
		    struct host *h, struct host *d, struct scn_error *err)
{
	struct rr_config rc = {
		.udp = !strcmp(a->type, "udp_rr"), .request = a->request,
		.response = a->response, .burst = a->burst, .start = app_start(w, a),
		.cpu = (int)a->cpu, .peer_cpu = (int)a->peer_cpu,
		.sndbuf = a->sndbuf, .rcvbuf = a->rcvbuf, .cc = a->cc[0] ? a->cc : NULL,
	};

	if (a->peer_cpu >= d->nr_cpus) {
		scenario_error_at(w->scn, &a->peer_cpu, err, "app.%s: peer_cpu %lld, but %s has %d CPU(s)",
				  a->name, (long long)a->peer_cpu, d->name, d->nr_cpus);
		return -1;
	}
	snprintf(rc.name, sizeof(rc.name), "%s", a->name);
	wa->kind = APP_RR;
	rr_app_init(&wa->u.rr, h, d, &rc);
	if (rc.udp) {
		ip_sock_set_tos(&wa->u.rr.usk, (uint8_t)a->tos);
		wa->u.rr.usk.hash_pick = (int)a->hash_pick;
	} else {
		ip_sock_set_tos(&wa->u.rr.tx.sk, (uint8_t)a->tos);
		wa->u.rr.tx.sk.hash_pick = (int)a->hash_pick;
	}
	w->nr_apps++;
	return 0;
}

/* Append a's world app(s) to w->apps. */
static int build_app(struct world *w, const struct scn_app *a, struct scn_error *err)
{
	int64_t size = app_size(a);
	struct world_app *wa = &w->apps[w->nr_apps];
	struct host *h, *d;

	if (app_hosts(w, a, &h, &d, err) || settings_app_check(w->scn, a, err) ||
	    check_cc(w, a, h, err) ||
	    check_rate(w, a, size, err) || check_hash_pick(w, a, h, err))
		return -1;
	wa->cfg = a;
	wa->nr_streams = 1;
	if (!strcmp(a->type, "ping")) {
		struct ping_config pc = {
			.count = a->count, .interval = a->interval, .start = app_start(w, a),
			.datalen = size, .sndbuf = a->sndbuf, .cpu = (int)a->cpu,
		};

		if (size > 65507) {
			scenario_error_at(w->scn, &a->size, err,
					  "app.%s: ping -s at most 65507 bytes", a->name);
			return -1;
		}
		if (a->interval < PS_PER_MS) {
			scenario_error_at(w->scn, &a->interval, err,
					  "app.%s: ping interval below 1ms needs flood mode, not modelled", a->name);
			return -1;
		}
		snprintf(pc.name, sizeof(pc.name), "%s", a->name);
		wa->kind = APP_PING;
		if (ping_init(&wa->u.ping, h, d, &pc)) {
			scenario_error_at(w->scn, a->host, err,
					  "app.%s: every ICMP ident of %s is taken (64 pings per host at most)",
					  a->name, h->name);
			return -1;
		}
		ip_sock_set_tos(&wa->u.ping.sk, (uint8_t)a->tos);
		wa->u.ping.sk.hash_pick = (int)a->hash_pick;
	} else if (!strcmp(a->type, "stream") || !strcmp(a->type, "http")) {
		return build_streams(w, a, h, d, size, err);
	} else if (!strcmp(a->type, "tcp_rr") || !strcmp(a->type, "udp_rr")) {
		return build_rr(w, wa, a, h, d, err);
	} else {
		struct udp_config uc = {
			.count = a->count, .interval = a->interval, .start = app_start(w, a),
			.rate = a->rate == SCN_UNSET ? 0 : a->rate,
			.size = size, .sndbuf = a->sndbuf, .cpu = (int)a->cpu,
			.nonblock = a->nonblock == 1, .sndtimeo = a->sndtimeo,
		};

		if (size > 65507) {	/* udp_sendmsg: EMSGSIZE above 0xFFFF - IP and UDP headers */
			scenario_error_at(w->scn, &a->size, err,
					  "app.%s: a UDP datagram holds at most 65507 bytes", a->name);
			return -1;
		}
		snprintf(uc.name, sizeof(uc.name), "%s", a->name);
		wa->kind = APP_UDP;
		udp_app_init(&wa->u.udp, h, d, &uc);
		ip_sock_set_tos(&wa->u.udp.sk, (uint8_t)a->tos);
		wa->u.udp.sk.hash_pick = (int)a->hash_pick;
	}
	w->nr_apps++;
	return 0;
}

/* At most the echo requests a ping sends: one at start, then one per
 * interval (whole milliseconds, as ping counts it) to the end, or count.
 * 0 for an interval below 1 ms, which build_app() refuses. */
static int64_t ping_requests(const struct scn_app *a, sim_time_t duration)
{
	sim_time_t iv = a->interval / PS_PER_MS * PS_PER_MS;
	int64_t n;

	if (iv <= 0)
		return 0;
	n = a->start < duration ? (duration - a->start - 1) / iv + 1 : 1;
	return a->count ? MIN(a->count, n) : n;
}

/* Every reply's RTT is kept for the percentiles (4 bytes, 8 more while
 * the results sort them): bound their number over all pings. */
static int ping_budget(const struct scenario *s, struct scn_error *err)
{
	int64_t total = 0, n;
	int i;

	for (i = 0; i < s->nr_apps; i++) {
		const struct scn_app *a = &s->apps[i];

		if (strcmp(a->type, "ping"))
			continue;
		n = ping_requests(a, s->sim.duration);
		total += MIN(n, (int64_t)WORLD_PING_MAX + 1);
		if (total > WORLD_PING_MAX) {
			char others[64] = "";

			if (total > n)
				snprintf(others, sizeof(others), ", over %d with the other pings",
					 WORLD_PING_MAX);
			scenario_error_at(s, a->count ? (const void *)&a->count : &a->interval, err,
					  "app.%s: up to %lld echo requests%s; the pings of a run may "
					  "send at most %d, as every reply's RTT is kept for the results: set "
					  "count, a longer interval or a shorter sim duration", a->name,
					  (long long)n, others, WORLD_PING_MAX);
			return -1;
		}
	}
	return 0;
}

/* World apps: one per app, parallel of them per stream app; at most
 * WORLD_APPS_MAX in all (-1 with err at the app that crosses it). */
static int world_app_count(const struct scenario *s, struct scn_error *err)
{
	int i, n = 0;

	for (i = 0; i < s->nr_apps; i++) {
		n += !strcmp(s->apps[i].type, "stream") ? (int)s->apps[i].parallel : 1;
		if (n > WORLD_APPS_MAX) {
			scenario_error_at(s, &s->apps[i].parallel, err,
					  "app.%s: %d applications and parallel connections in all, "
					  "above the %d a run may have", s->apps[i].name, n,
					  WORLD_APPS_MAX);
			return -1;
		}
	}
	return n;
}

/* A host's keys for its switch link and port. */
static const struct {
	const char	*name;
	size_t		off;
} switch_host_keys[] = {
	{ "link_rate", offsetof(struct scn_host, link_rate) },
	{ "link_delay", offsetof(struct scn_host, link_delay) },
	{ "port_rate", offsetof(struct scn_host, port_rate) },
	{ "port_burst", offsetof(struct scn_host, port_burst) },
};

static const int64_t *host_key(const struct scn_host *sh, int k)
{
	return (const int64_t *)((const char *)sh + switch_host_keys[k].off);
}

/* Without [switch]: two hosts on the one link, and no per-host link key
 * (it could not take effect). */
static int check_one_link(const struct scenario *s, struct scn_error *err)
{
	int i, k;

	if (s->nr_hosts != 2) {
		scenario_error_at(s, s->nr_hosts > 2 ? s->hosts[2].name : NULL, err,
				  "this version joins exactly two hosts with one link, or 2 to %d "
				  "hosts through a [switch] section; found %d [host.*] sections",
				  SWITCH_MAX_PORTS, s->nr_hosts);
		return -1;
	}
	for (i = 0; i < s->nr_hosts; i++)
		for (k = 0; k < (int)ARRAY_SIZE(switch_host_keys); k++) {
			if (*host_key(&s->hosts[i], k) == SCN_UNSET)
				continue;
			scenario_error_at(s, host_key(&s->hosts[i], k), err,
					  "host.%s.%s: takes effect only with a [switch] section; "
					  "without one, [link] joins the two hosts",
					  s->hosts[i].name, switch_host_keys[k].name);
			return -1;
		}
	return 0;
}

/* [switch]: 2..16 hosts, each port's shaper with both its keys and a
 * bucket that holds the largest frame. */
static int check_switch(const struct scenario *s, struct scn_error *err)
{
	int64_t frame = s->link.mtu + ETH_HLEN;
	int i;

	if (s->nr_hosts < 2) {
		scenario_error_at(s, &s->sw.on, err,
				  "[switch] joins 2 to %d hosts, each on a port of its own; found %d "
				  "[host.*] section(s)", SWITCH_MAX_PORTS, s->nr_hosts);
		return -1;
	}
	for (i = 0; i < s->nr_hosts; i++) {
		const struct scn_host *sh = &s->hosts[i];

		if ((sh->port_rate == SCN_UNSET) != (sh->port_burst == SCN_UNSET)) {
			bool r = sh->port_rate != SCN_UNSET;

			scenario_error_at(s, r ? &sh->port_rate : &sh->port_burst, err,
					  "host.%s.%s: the port's token bucket needs %s too",
					  sh->name, r ? "port_rate" : "port_burst",
					  r ? "port_burst" : "port_rate");
			return -1;
		}
		if (sh->port_burst != SCN_UNSET && sh->port_burst < frame) {
			scenario_error_at(s, &sh->port_burst, err,
					  "host.%s.port_burst: %lld bytes is below the largest frame "
					  "(mtu + 14 = %lld); no such frame could leave the port",
					  sh->name, (long long)sh->port_burst, (long long)frame);
			return -1;
		}
	}
	return 0;
}

/* Each host's own link to the switch: [link] with the host's overrides. */
static void build_links(struct world *w)
{
	const struct scenario *s = w->scn;
	int i;

	w->sw = xcalloc(1, sizeof(*w->sw));
	w->links = xcalloc((size_t)s->nr_hosts, sizeof(*w->links));
	switch_init(w->sw, &w->sim, &w->pool, s->sw.latency);
	for (i = 0; i < s->nr_hosts; i++) {
		const struct scn_host *sh = &s->hosts[i];

		eth_link_init(&w->links[i], &w->sim,
			      sh->link_rate != SCN_UNSET ? sh->link_rate : s->link.rate,
			      sh->link_delay != SCN_UNSET ? sh->link_delay : s->link.delay);
	}
}

/* The switch's ports, once the hosts have their addresses. */
static void attach_switch(struct world *w)
{
	const struct scenario *s = w->scn;
	int i;

	for (i = 0; i < w->nr_hosts; i++) {
		const struct scn_host *sh = &s->hosts[i];

		switch_attach(w->sw, i, &w->links[i], w->hosts[i].addr,
			      (uint64_t)s->sw.limit_bytes,
			      s->sw.limit_packets == SCN_UNSET ? 0 : (uint64_t)s->sw.limit_packets);
		if (sh->port_rate != SCN_UNSET)
			switch_shape(w->sw, i, sh->port_rate, (uint32_t)sh->port_burst);
	}
}

/* link.loss on the one link's two directions, or on both directions of
 * every host link; loss_from: only the frames that host's NIC sends. */
static void link_loss(struct world *w)
{
	const struct scenario *s = w->scn;
	char name[64];
	int i, d;

	if (!w->sw) {
		for (i = 0; i < 2; i++)
			if (!s->link.loss_from[0] || !strcmp(s->link.loss_from, s->hosts[i].name))
				eth_set_loss(&w->link.port[i], (uint64_t)s->link.loss,
					     (uint64_t)s->sim.seed, i ? "link.loss.1" : "link.loss.0",
					     &w->pool);
		return;
	}
	for (i = 0; i < w->nr_hosts; i++)
		for (d = 0; d < 2; d++) {
			if (s->link.loss_from[0] &&
			    (d || strcmp(s->link.loss_from, s->hosts[i].name)))
				continue;
			snprintf(name, sizeof(name), "link.%.40s.loss.%d", s->hosts[i].name, d);
			eth_set_loss(&w->links[i].port[d], (uint64_t)s->link.loss,
				     (uint64_t)s->sim.seed, name, &w->pool);
		}
}

int world_build(struct world *w, const struct scenario *s, struct scn_error *err)
{
	int i, n;

	memset(w, 0, sizeof(*w));
	w->scn = s;
	if (s->sw.on ? check_switch(s, err) : check_one_link(s, err))
		return -1;
	if (ping_budget(s, err))
		return -1;
	sim_init(&w->sim, (uint64_t)s->sim.seed);
	skb_pool_init(&w->pool);
	skb_pool_limit(&w->pool, WORLD_SKB_MAX, &w->sim);
	if (s->sw.on)
		build_links(w);
	else
		eth_link_init(&w->link, &w->sim, s->link.rate, s->link.delay);
	w->nr_hosts = s->nr_hosts;
	w->hosts = xcalloc((size_t)w->nr_hosts, sizeof(*w->hosts));
	w->duration = s->sim.duration;
	for (i = 0; i < s->nr_hosts; i++)
		if (build_host(w, i, &s->hosts[i], err))
			return -1;
	for (i = 0; i < s->nr_hosts; i++)
		w->hosts[i].dev.mtu = (uint32_t)s->link.mtu;
	if (w->sw)
		attach_switch(w);
	link_loss(w);
	n = world_app_count(s, err);
	if (n < 0)
		return -1;
	w->apps = xcalloc((size_t)MAX(n, 1), sizeof(*w->apps));
	for (i = 0; i < s->nr_apps; i++)
		if (build_app(w, &s->apps[i], err))
			return -1;
#ifdef NICSIM_CHECK_ALWAYS	/* cmake -DNICSIM_CHECK=ON: --check everywhere */
	world_check_enable(w, NULL);
#endif
	return 0;
}

/* A frame leaves port dir: into that direction's capture and the merged one. */
static void pcap_tap(void *arg, sim_time_t t, const struct sk_buff *frame)
{
	struct world_tap *tap = arg;
	struct world *w = tap->w;

	if (w->pcap[tap->dir])
		pcap_write_skb(w->pcap[tap->dir], t, frame);
	if (w->pcap_merged)
		pcap_merge_write(w->pcap_merged, tap->dir, t, frame);
}

/* Capture k's sending port: the one link's port k, or with a switch host
 * k / 2's NIC (k even) or its switch port (k odd). */
static struct eth_port *pcap_port(struct world *w, int k)
{
	return w->sw ? &w->links[k / 2].port[k % 2] : &w->link.port[k];
}

static void pcap_taps(struct world *w)
{
	int i;

	for (i = 0; i < world_pcap_count(w); i++) {
		w->tap[i].w = w;
		w->tap[i].dir = i;
		pcap_port(w, i)->tap = pcap_tap;
		pcap_port(w, i)->tap_arg = &w->tap[i];
	}
}

int world_pcap_count(const struct world *w)
{
	return w->sw ? 2 * w->nr_hosts : 2;
}

void world_pcap_path(const struct world *w, int k, const char *prefix, char *buf, size_t len)
{
	const char *h = w->hosts[w->sw ? k / 2 : k].name;

	if (!w->sw)
		snprintf(buf, len, "%s-%s-%s.pcap", prefix, h, w->hosts[1 - k].name);
	else if (k % 2)
		snprintf(buf, len, "%s-switch-%s.pcap", prefix, h);
	else
		snprintf(buf, len, "%s-%s-switch.pcap", prefix, h);
}

int world_pcap(struct world *w, const char *prefix, struct scn_error *err)
{
	int i;

	for (i = 0; i < world_pcap_count(w); i++) {
		char path[1024];

		world_pcap_path(w, i, prefix, path, sizeof(path));
		w->pcap[i] = pcap_open(path);
		if (!w->pcap[i]) {
			snprintf(err->msg, sizeof(err->msg), "%.900s: cannot write", path);
			return -1;
		}
	}
	pcap_taps(w);
	return 0;
}

int world_pcap_merged(struct world *w, const char *path, struct scn_error *err)
{
	if (w->sw) {
		snprintf(err->msg, sizeof(err->msg),
			 "%.700s: --pcap-merged merges the one link's two directions; with a "
			 "[switch] every host link has two (use --pcap: a file per direction of "
			 "each host link)", path);
		return -1;
	}
	w->pcap_merged = pcap_merge_open(path);
	if (!w->pcap_merged) {
		snprintf(err->msg, sizeof(err->msg), "%.900s: cannot write", path);
		return -1;
	}
	pcap_taps(w);
	return 0;
}

/* One capture written: its line, or a message if a write failed. */
static int pcap_report(const struct pcap_writer *pw, int rc, const char *what, FILE *out)
{
	if (rc) {
		fprintf(stderr, "nicsim: cannot write %s: %s\n", pcap_path(pw), strerror(errno));
		return -1;
	}
	if (out)
		fprintf(out, "pcap: %s (%llu frames%s)\n", pcap_path(pw),
			(unsigned long long)pcap_frames(pw), what);
	return 0;
}

int world_pcap_finish(struct world *w, FILE *out)
{
	int i, rc = 0;

	for (i = 0; i < WORLD_CAPTURES_MAX; i++)
		if (w->pcap[i] && pcap_report(w->pcap[i], pcap_flush(w->pcap[i]), "", out))
			rc = -1;
	if (w->pcap_merged &&
	    pcap_report(pcap_merge_file(w->pcap_merged),
			pcap_merge_finish(w->pcap_merged), ", both directions", out))
		rc = -1;
	return rc;
}

static void limit_error(struct world *w)
{
	char t[32];

	snprintf(t, sizeof(t), "%.6f s", time_to_s(w->sim.now));
	scenario_error_at(w->scn, NULL, &w->limit,
			  "stopped at %s of simulated time: more than %u packets (skbs) alive at "
			  "once, the limit of a run; lower tx_queue_len, fq_codel_limit, "
			  "fq_codel_memory_limit or the senders' sndbuf", t, WORLD_SKB_MAX);
}

int world_run(struct world *w, void (*progress)(const struct world *w, void *arg), void *arg)
{
	int i;

	for (i = 1; i <= WORLD_RUN_SLICES && !w->pool.over; i++) {
		sim_run(&w->sim, w->duration / WORLD_RUN_SLICES * i +
			(i == WORLD_RUN_SLICES ? w->duration % WORLD_RUN_SLICES : 0));
		if (progress)
			progress(w, arg);
	}
	for (i = 0; i < w->nr_apps; i++)
		if (w->apps[i].kind == APP_PING)
			ping_stop(&w->apps[i].u.ping);
	world_check_now(w);	/* --check: the end state too */
	if (!w->pool.over)
		return 0;
	limit_error(w);
	return -1;
}

void world_destroy(struct world *w)
{
	int i;

	world_check_disable(w);
	for (i = 0; i < w->nr_apps; i++)
		if (w->apps[i].kind == APP_PING)
			ping_free(&w->apps[i].u.ping);
		else if (w->apps[i].kind == APP_STREAM)
			stream_app_free(&w->apps[i].u.stream);
		else if (w->apps[i].kind == APP_RR)
			rr_app_free(&w->apps[i].u.rr);
	for (i = 0; w->hosts && i < w->nr_hosts; i++) {
		netdev_free(&w->hosts[i].dev);
		nic_remove(&w->hosts[i]);
	}
	for (i = 0; i < WORLD_CAPTURES_MAX; i++)
		pcap_close(w->pcap[i]);
	pcap_merge_close(w->pcap_merged);
	free(w->sw);
	free(w->links);
	free(w->apps);
	free(w->hosts);
	sim_destroy(&w->sim);
	skb_pool_destroy(&w->pool);
	memset(w, 0, sizeof(*w));
}

int64_t world_link_rate(const struct world *w, const struct host *h)
{
	return w->sw ? w->links[h->idx].rate : w->link.rate;
}

int world_busiest_cpu(const struct host *h, double *pct, sim_time_t duration)
{
	int i, best = 0;
	sim_time_t bt = 0;

	for (i = 0; i < h->nr_cpus; i++) {
		sim_time_t t = 0;
		int a;

		for (a = 0; a < ACCT_NR; a++)
			t += h->cpus[i].busy_ps[a];
		if (t > bt) {
			bt = t;
			best = i;
		}
	}
	*pct = duration ? 100.0 * (double)bt / (double)duration : 0;
	return best;
}
