// SPDX-License-Identifier: MIT
/*
 * An AR9003-like 802.11n MAC, the medium and the access point: A-MPDUs on
 * the air, completed as a batch at their block-ack. The contract, the
 * sources read and what is left out are in ar9003.h.
 */
#include <string.h>
#include "hw/wifi/ar9003.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define NS(x)		((sim_time_t)(x) * 1000)
#define SLOT_NS		9000
#define SIFS_NS		16000
#define AIFSN_BE	3
#define CWMIN		15
#define HT_PREAMBLE_NS	40000		/* HT-mixed, two spatial streams */
#define N_DBPS		1080u		/* MCS 15, HT40 */
#define SYM_SGI_NS	3600		/* short guard interval */
#define LEG_PREAMBLE_NS	20000
#define LEG_SYM_NS	4000
#define LEG_N_DBPS	96u		/* 24 Mbit/s */
#define BA_LEN		32u
#define ACK_LEN		14u
#define SVC_TAIL_BITS	22u		/* 16 service + 6 tail */

static sim_time_t legacy_time(uint32_t bytes)
{
	uint32_t nsym = (SVC_TAIL_BITS + 8 * bytes + LEG_N_DBPS - 1) / LEG_N_DBPS;

	return NS(LEG_PREAMBLE_NS) + (sim_time_t)nsym * NS(LEG_SYM_NS);
}

sim_time_t ar9003_ppdu_time(uint32_t bytes, bool aggr)
{
	uint64_t nsym = (SVC_TAIL_BITS + 8ull * bytes + N_DBPS - 1) / N_DBPS;
	/* short-GI symbols, the total rounded up to the 4 us symbol clock */
	uint64_t data_ns = (nsym * SYM_SGI_NS + 3999) / 4000 * 4000;
	/* AIFS + mean backoff (7.5 slots, kept in ps) */
	sim_time_t t = NS(SIFS_NS + AIFSN_BE * SLOT_NS) + NS(SLOT_NS) * CWMIN / 2;

	t += NS(HT_PREAMBLE_NS) + NS(data_ns) + NS(SIFS_NS);
	return t + legacy_time(aggr ? BA_LEN : ACK_LEN);
}

uint32_t ar9003_mpdu_len(uint32_t eth_len)
{
	return eth_len - 14 + IEEE80211_QOS_HDR + IEEE80211_SNAP + IEEE80211_FCS;
}

uint32_t ar9003_subframe_len(uint32_t mpdu_len)
{
	return (AMPDU_DELIM + mpdu_len + 3) & ~3u;
}

uint32_t ar9003_max_len_us(uint32_t us)
{
	uint64_t nsym = (uint64_t)us * 1000 / SYM_SGI_NS;

	return (uint32_t)((nsym * N_DBPS - SVC_TAIL_BITS) / 8);
}

static void update_irq(struct ar9003_hw *d)
{
	bool on = (d->isr & d->imr) != 0;

	if (on && !d->irq->level)
		d->irqs++;
	irq_set_level(d->irq, on);
}

/* --- picking the next PPDU --------------------------------------------- */

/* The station's next A-MPDU: descriptors from tx_rd while OWN, ending at
 * the first without MORE; 0 if no whole chain is owned. */
static uint32_t sta_chain(const struct ar9003_hw *d)
{
	uint32_t i = d->tx_rd, n = 0;

	while (i != d->tx_wr && (d->txd[i].ctl & AR_TXD_OWN)) {
		n++;
		if (!(d->txd[i].ctl & AR_TXD_MORE))
			return n;
		i = (i + 1) % d->txd_n;
	}
	return 0;
}

static void start_sta(struct ar9003_hw *d, sim_time_t t, uint32_t n)
{
	uint32_t i, bytes = 0, idx = d->tx_rd;
	bool aggr = d->txd[idx].ctl & AR_TXD_AGGR;

	for (i = 0; i < n; i++, idx = (idx + 1) % d->txd_n) {
		struct sk_buff *skb = (struct sk_buff *)(uintptr_t)d->txd[idx].buf;
		uint32_t len = AR_TXD_LEN(d->txd[idx].ctl);

		bytes += aggr ? ar9003_subframe_len(len) : len;
		if (!skb->t[SKB_T_WIRE])
			skb->t[SKB_T_WIRE] = t;	/* nicsim observation */
	}
	d->cur_first = d->tx_rd;
	d->cur_n = n;
	d->sta_ppdu = true;
	d->ap_turn = true;
	d->medium_free = t + ar9003_ppdu_time(bytes, aggr);
	d->air_sta_ps += d->medium_free - t;
	d->tx_ppdus++;
	d->max_ampdu = MAX(d->max_ampdu, n);
}

/* The AP's A-MPDU to the station, by the limits ath9k uses too. */
static void start_ap(struct ar9003_hw *d, sim_time_t t)
{
	uint32_t n = 0, bytes = 0, limit = MIN(AMPDU_MAX_LEN, ar9003_max_len_us(AMPDU_MAX_US));

	while (n < d->apq_len && n < AMPDU_MAX_SUBFRAMES) {
		struct sk_buff *f = d->apq[(d->apq_head + n) % AP_QLEN];
		uint32_t sub = ar9003_subframe_len(ar9003_mpdu_len(f->len));

		if (n && bytes + sub > limit)
			break;
		bytes += sub;
		n++;
	}
	if (n == 1)
		bytes = ar9003_mpdu_len(d->apq[d->apq_head]->len);
	d->ap_cur_n = n;
	d->sta_ppdu = false;
	d->ap_turn = false;
	d->medium_free = t + ar9003_ppdu_time(bytes, n > 1);
	d->air_ap_ps += d->medium_free - t;
	d->rx_ppdus++;
}

static void air_next(struct ar9003_hw *d, sim_time_t t)
{
	uint32_t n;

	if (d->busy || !d->txd)
		return;
	t = MAX(t, d->medium_free);
	n = sta_chain(d);
	if (n && (!d->apq_len || !d->ap_turn))
		start_sta(d, t, n);
	else if (d->apq_len)
		start_ap(d, t);
	else
		return;
	d->busy = true;
	sim_schedule(d->host->sim, &d->air_ev, d->medium_free);
}

/* --- the end of a PPDU ------------------------------------------------- */

/* The block-ack is in: every MPDU of the A-MPDU done at once; the AP
 * bridges them to the wire. */
static void sta_done(struct ar9003_hw *d, sim_time_t now)
{
	struct ar_tx_status *s = &d->txs[d->txs_wr];
	uint32_t i, idx = d->cur_first;

	BUG_ON(s->info & AR_TXS_DONE);
	for (i = 0; i < d->cur_n; i++, idx = (idx + 1) % d->txd_n) {
		struct ar_tx_desc *td = &d->txd[idx];
		struct sk_buff *skb = (struct sk_buff *)(uintptr_t)td->buf;
		struct sk_buff *f = skb_pool_copy(d->host->pool, skb);
		sim_time_t t = MAX(now, d->port->busy_until);

		f->next = f->prev = NULL;
		f->path[PATH_HEAD] = now;
		f->path[PATH_WIRE] = t;
		eth_xmit(d->port, f, t);
		d->tx_mpdus++;
		d->tx_bytes += skb->len;
		td->ctl &= ~AR_TXD_OWN;
	}
	s->ba_bitmap = d->cur_n >= 32 ? 0xffffffffu : (1u << d->cur_n) - 1;
	s->info = AR_TXS_DONE | AR_TXS_BA_OK | AR_TXS_FIRST(d->cur_first) |
		  (d->cur_n & 0xffu) << 16;
	d->txs_wr = (d->txs_wr + 1) % d->txs_n;
	d->tx_rd = (d->cur_first + d->cur_n) % d->txd_n;
	if (d->tx_abort) {	/* ar9003_hw_stop_tx while it was on the air */
		d->tx_rd = d->tx_abort_to;
		d->tx_abort = false;
	}
	d->cur_n = 0;
	d->isr |= AR_ISR_TXOK;
}

static void ap_done(struct ar9003_hw *d, sim_time_t now)
{
	uint32_t i;

	for (i = 0; i < d->ap_cur_n; i++) {
		struct sk_buff *f = d->apq[d->apq_head];
		struct ar_rx_desc *rd = &d->rxd[d->rx_wr];

		d->apq[d->apq_head] = NULL;
		d->apq_head = (d->apq_head + 1) % AP_QLEN;
		d->apq_len--;
		if (!(rd->ctl & AR_RXD_OWN)) {
			d->rx_no_desc++;
			skb_pool_put(d->host->pool, f);
			continue;
		}
		f->path[PATH_IRQ] = now;
		rd->buf = (uint64_t)(uintptr_t)f;
		rd->len = f->len;
		rd->ctl = AR_RXD_DONE;
		d->rx_wr = (d->rx_wr + 1) % d->rxd_n;
		d->rx_mpdus++;
	}
	d->ap_cur_n = 0;
	d->isr |= AR_ISR_RXOK;
}

static void air_end(struct sim *sim, struct sim_event *ev)
{
	struct ar9003_hw *d = ev->arg;

	d->busy = false;
	if (d->sta_ppdu)
		sta_done(d, sim->now);
	else
		ap_done(d, sim->now);
	update_irq(d);
	air_next(d, sim->now);
}

/* A frame from the peer reached the AP's wired port. */
static void ap_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct ar9003_hw *d = port->owner;

	if (d->apq_len == AP_QLEN) {
		d->ap_drops++;
		skb_pool_put(d->host->pool, frame);
		return;
	}
	d->apq[(d->apq_head + d->apq_len) % AP_QLEN] = frame;
	d->apq_len++;
	air_next(d, d->host->sim->now);
}

/* --- registers --------------------------------------------------------- */

void ar9003_hw_init(struct ar9003_hw *d, struct host *host, struct eth_port *port,
		    struct irq_desc *irq)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq = irq;
	port->owner = d;
	port->rx = ap_rx;
	sim_event_init(&d->air_ev, air_end, d);
}

void ar9003_hw_set_rings(struct ar9003_hw *d, struct ar_tx_desc *txd, uint32_t txd_n,
			 struct ar_tx_status *txs, uint32_t txs_n,
			 struct ar_rx_desc *rxd, uint32_t rxd_n)
{
	d->txd = txd;
	d->txd_n = txd_n;
	d->txs = txs;
	d->txs_n = txs_n;
	d->rxd = rxd;
	d->rxd_n = rxd_n;
}

uint32_t ar9003_hw_read(struct ar9003_hw *d, uint32_t reg)
{
	switch (reg) {
	case AR_ISR: return d->isr;
	case AR_IMR: return d->imr;
	case AR_Q_TXD: return d->tx_wr;
	default: return 0;
	}
}

void ar9003_hw_write(struct ar9003_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case AR_ISR:
		d->isr &= ~val;
		update_irq(d);
		break;
	case AR_IMR:
		d->imr = val;
		update_irq(d);
		break;
	case AR_Q_TXD:
		d->tx_wr = val % d->txd_n;
		air_next(d, host_now(d->host));
		break;
	default:
		break;
	}
}

void ar9003_hw_stop_tx(struct ar9003_hw *d)
{
	uint32_t i = d->sta_ppdu && d->busy ? (d->cur_first + d->cur_n) % d->txd_n : d->tx_rd;

	for (; i != d->tx_wr; i = (i + 1) % d->txd_n)
		d->txd[i].ctl &= ~AR_TXD_OWN;
	if (d->sta_ppdu && d->busy) {
		d->tx_abort = true;
		d->tx_abort_to = d->tx_wr;
	} else {
		d->tx_rd = d->tx_wr;
	}
}

uint32_t ar9003_hw_tx_backlog(const struct ar9003_hw *d)
{
	uint32_t i = d->sta_ppdu && d->busy ? (d->cur_first + d->cur_n) % d->txd_n : d->tx_rd;
	uint32_t n = 0;

	if (!d->txd)
		return 0;
	for (; i != d->tx_wr && (d->txd[i].ctl & AR_TXD_OWN); i = (i + 1) % d->txd_n)
		n++;
	return n;
}
