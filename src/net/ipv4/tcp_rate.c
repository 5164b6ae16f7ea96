// SPDX-License-Identifier: MIT
/*
 * TCP delivery rate sampling: how fast the path delivered what was sent.
 *
 * Follows net/ipv4/tcp_rate.c of 6.18 (tcp_rate_skb_sent,
 * tcp_rate_skb_delivered, tcp_rate_gen, tcp_rate_check_app_limited; the
 * 4.9 design, "tcp: track data delivery rate for a TCP connection"):
 *  - at send, each skb records the socket's delivered count, the time of
 *    the last delivery, the send time of the newest delivered skb and
 *    whether the socket was application-limited; with nothing in flight
 *    both times restart at this send.
 *  - per ACK, of the skbs it delivered (acknowledged or newly SACKed) the
 *    one sent last gives the sample's start: delivered since it was
 *    sent, over the longer of its send phase (from the send time it
 *    recorded to its own) and its ACK phase (from the delivery it
 *    recorded to now); a SACKed skb gives its sample once.
 *  - a sample shorter than min_rtt is no sample (interval -1), as is an
 *    ACK before any timing exists.
 *  - application-limited: less than an MSS unsent, nothing below the
 *    socket in the qdisc or driver, room in cwnd and no lost segment
 *    waiting; the bubble lasts until what is in flight now is delivered.
 * Times are usec (tcp_mstamp) of the skbs' send stamps (tsval: their
 * departure times, tcp_output.c). Sequence numbers do not wrap (64-bit).
 * Deviation: tcp_rate_check_app_limited runs at each step of a write
 * (tcp_sendmsg_step), not once per sendmsg.
 * Deviation: SACK reneging and delivered_ce (ECN) are not modelled.
 */
#include "net/ipv4/tcp_internal.h"

/* tcp_skb_timestamp_us: the skb's send stamp */
static uint64_t tcp_skb_timestamp_us(const struct sk_buff *skb)
{
	return (uint64_t)skb->tsval / PS_PER_US;
}

/* tcp_min_rtt: ~0U before the first sample */
static uint64_t tcp_min_rtt_us(const struct tcp_sock *tp)
{
	return tp->min_rtt ? (uint64_t)tp->min_rtt / PS_PER_US : UINT32_MAX;
}

void tcp_rate_skb_sent(struct tcp_sock *tp, struct sk_buff *skb)
{
	if (!tp->packets_out) {
		uint64_t t = tcp_skb_timestamp_us(skb);

		tp->first_tx_mstamp = t;
		tp->delivered_mstamp = t;
	}
	skb->tx_first_tx_mstamp = tp->first_tx_mstamp;
	skb->tx_delivered_mstamp = tp->delivered_mstamp;
	skb->tx_delivered = tp->delivered;
	skb->tx_app_limited = tp->app_limited ? 1 : 0;
}

/* tcp_skb_sent_after: sent later, or at the same time and further on */
static bool tcp_skb_sent_after(uint64_t t1, uint64_t t2, uint64_t seq1, uint64_t seq2)
{
	return t1 > t2 || (t1 == t2 && seq1 > seq2);
}

void tcp_rate_skb_delivered(struct tcp_sock *tp, struct sk_buff *skb, struct rate_sample *rs)
{
	uint64_t tx;

	if (!skb->tx_delivered_mstamp)
		return;
	tx = tcp_skb_timestamp_us(skb);
	if (!rs->prior_delivered ||
	    tcp_skb_sent_after(tx, tp->first_tx_mstamp, skb->end_seq, rs->last_end_seq)) {
		rs->prior_delivered = skb->tx_delivered;
		rs->prior_mstamp = skb->tx_delivered_mstamp;
		rs->is_app_limited = skb->tx_app_limited;
		rs->is_retrans = skb->sacked & (TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS);
		rs->last_end_seq = skb->end_seq;
		tp->first_tx_mstamp = tx;
		rs->interval_us = (int64_t)(tx - skb->tx_first_tx_mstamp);
	}
	if (skb->sacked & TCPCB_SACKED_ACKED)	/* once, not again when acked */
		skb->tx_delivered_mstamp = 0;
}

void tcp_rate_gen(struct tcp_sock *tp, uint32_t delivered, uint32_t lost,
		  uint64_t now_us, struct rate_sample *rs)
{
	int64_t snd_us, ack_us;

	if (tp->app_limited && (int32_t)(tp->delivered - tp->app_limited) > 0)
		tp->app_limited = 0;	/* the bubble was delivered */
	if (delivered)
		tp->delivered_mstamp = now_us;
	rs->acked_sacked = delivered;
	rs->losses = (int)lost;
	if (!rs->prior_mstamp) {
		rs->delivered = -1;
		rs->interval_us = -1;
		return;
	}
	rs->delivered = (int32_t)(tp->delivered - rs->prior_delivered);
	snd_us = rs->interval_us;
	ack_us = (int64_t)(now_us - rs->prior_mstamp);
	rs->interval_us = MAX(snd_us, ack_us);
	rs->snd_interval_us = (uint32_t)snd_us;
	rs->rcv_interval_us = (uint32_t)ack_us;
	if (rs->interval_us < (int64_t)tcp_min_rtt_us(tp)) {
		rs->interval_us = -1;
		return;
	}
	/* the last sample not application-limited, or the fastest one */
	if (!rs->is_app_limited ||
	    (uint64_t)rs->delivered * tp->rate_interval_us >=
	    (uint64_t)tp->rate_delivered * (uint64_t)rs->interval_us) {
		tp->rate_delivered = (uint32_t)rs->delivered;
		tp->rate_interval_us = (uint32_t)rs->interval_us;
		tp->rate_app_limited = rs->is_app_limited;
	}
}

void tcp_rate_check_app_limited(struct tcp_sock *tp)
{
	if (tp->write_seq - tp->snd_nxt < tp->mss &&
	    tp->sk.sk_wmem_alloc - 1 < (int64_t)skb_truesize_macro(tp->host->plat, 1) &&
	    tcp_in_flight(tp) < tp->cc.snd_cwnd &&
	    tp->lost_out <= tp->retrans_out) {
		uint32_t v = tp->delivered + tcp_in_flight(tp);

		tp->app_limited = v ? v : 1;
	}
}
