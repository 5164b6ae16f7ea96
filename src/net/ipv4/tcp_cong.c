// SPDX-License-Identifier: MIT
/*
 * The congestion-control framework and Reno. Contract in tcp_cong.h;
 * BBR is tcp_bbr.c's.
 *
 * Follows Linux 6.x (read in a 6.17-rc tree; the same in 4.4.155):
 *   net/ipv4/tcp_cong.c	tcp_ca_find, tcp_init_congestion_control,
 *				tcp_reno_cong_avoid, tcp_reno_ssthresh;
 *				tcp_slow_start and tcp_cong_avoid_ai are
 *				tcp_cong.h's static inlines
 * CUBIC is tcp_cubic.c's.
 *
 * Deviation: no registration: the registry is a fixed table of the three
 * algorithms (Linux: tcp_register_congestion_control from each module's
 * init), so this file names tcp_cubic.c's ops and tcp_cubic.c calls
 * nothing here.
 * Deviation: undo (->undo_cwnd) and the MIB counters are left out.
 */
#include <string.h>
#include "net/ipv4/tcp_cong.h"

/* ---- Reno ----------------------------------------------------------- */

static void reno_cong_avoid(struct tcp_cc *cc, uint32_t acked,
			    bool cwnd_limited, sim_time_t now)
{
	cc->now = now;
	if (!cwnd_limited)
		return;
	if (tcp_cc_in_slow_start(cc)) {
		acked = tcp_slow_start(cc, acked);
		if (!acked || tcp_cc_counts_acks(cc))	/* 3.x: no leftover */
			return;
	}
	tcp_cong_avoid_ai(cc, cc->snd_cwnd, acked);
}

static uint32_t reno_ssthresh(struct tcp_cc *cc)
{
	uint32_t half = cc->snd_cwnd >> 1;

	return half > 2 ? half : 2;
}

const struct tcp_cc_ops tcp_reno_ops = {
	.name		= "reno",
	.cong_avoid	= reno_cong_avoid,
	.ssthresh	= reno_ssthresh,
};

/* ---- registry ------------------------------------------------------- */

static const struct tcp_cc_ops *const all_ops[] = {
	&tcp_reno_ops, &tcp_cubic_ops, &tcp_bbr_ops,
};

const struct tcp_cc_ops *tcp_cc_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; i < sizeof(all_ops) / sizeof(all_ops[0]); i++)
		if (strcmp(all_ops[i]->name, name) == 0)
			return all_ops[i];
	return NULL;
}

void tcp_cc_init(struct tcp_cc *cc, const struct tcp_cc_ops *ops,
		 uint32_t init_cwnd, uint32_t mss, int hz)
{
	memset(cc, 0, sizeof(*cc));
	cc->snd_cwnd = init_cwnd;
	cc->snd_ssthresh = TCP_INFINITE_SSTHRESH;
	cc->snd_cwnd_clamp = TCP_CWND_CLAMP_DEFAULT;
	cc->mss = mss;
	cc->hz = hz;
	cc->ops = ops;
	if (ops->init)
		ops->init(cc);
}
