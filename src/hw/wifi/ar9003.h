/* SPDX-License-Identifier: MIT */
/*
 * An 802.11n station's MAC/PHY of the Atheros AR9003 family (the ath9k
 * EDMA chips: a TX descriptor queue the driver fills with whole A-MPDUs,
 * a TX status ring, an RX descriptor ring, one interrupt line with
 * AR_ISR / AR_IMR), the shared medium, and the access point at the other
 * end of the air, which bridges to nicsim's Ethernet link toward the peer.
 *
 * The choice of "wire": the air is modelled inside the device, and the AP
 * is part of the device model; its wired port is the host's link port. A
 * station's A-MPDU reaches the AP when its block-ack has been sent, and
 * the AP then puts each MPDU's Ethernet frame on the link (eth_xmit, at
 * the link rate, after the link's earlier frames). Frames from the peer
 * reach the AP over the link, wait in the AP's queue for the station and
 * cross the air in the AP's own A-MPDUs. So the link's rate and delay are
 * the AP's wired side; the air's time is here.
 *
 * Sources (no kernel source for the timing; IEEE Std 802.11-2012 as
 * read, clause 20 (HT PHY) and 9 (MAC), from memory of its tables,
 * UNVERIFIED against the text):
 *  - a PPDU occupies the medium for AIFS (SIFS 16 us + AIFSN 3 x slot
 *    9 us for best effort), the mean backoff of CWmin 15 (7.5 slots),
 *    the HT-mixed preamble (L-STF 8 + L-LTF 8 + L-SIG 4 + HT-SIG 8 +
 *    HT-STF 4 + 4 us per HT-LTF, 2 for two streams: 40 us), the data
 *    symbols (16 service bits + 8 per byte + 6 tail bits, in symbols of
 *    N_DBPS bits, 3.6 us each with the short guard interval, the total
 *    rounded up to 4 us), then SIFS and the response at 24 Mbit/s legacy
 *    OFDM (20 us preamble, 4 us symbols of 96 bits): a compressed
 *    BlockAck (32 bytes, 32 us) after an A-MPDU, an ACK (14 bytes,
 *    28 us) after a single MPDU;
 *  - an A-MPDU subframe is a 4-byte delimiter, the MPDU, and padding to
 *    4 bytes (the last subframe's padding counted too).
 * The rate: MCS 15, HT40, short GI: N_DBPS 1080, 300 Mbit/s (a 2x2
 * AR9003 such as the AR9462).
 * Model:
 *  - the driver fills TX descriptors (OWN, AGGR, MORE, the MPDU's length)
 *    for a whole A-MPDU and writes AR_Q_TXD; the MAC takes a chain when
 *    its last descriptor (no MORE) is owned by the hardware;
 *  - one medium: when it is free the MAC and the AP take turns (the
 *    station first when both wait, then the other one: deterministic
 *    round robin standing for the contention);
 *  - at the end of the block-ack exchange every MPDU of the A-MPDU is
 *    acknowledged at once: the descriptors lose OWN, one TX status entry
 *    (first descriptor, number of MPDUs, all acknowledged) is written,
 *    AR_ISR_TXOK is set; the AP forwards the frames to the wire;
 *  - the AP aggregates the frames waiting for the station by the same
 *    limits (32 MPDUs, 65535 bytes, 4 ms); at the end of its PPDU each
 *    MPDU takes an RX descriptor (or is dropped when none is free) and
 *    AR_ISR_RXOK is set;
 *  - the line is high while AR_ISR & AR_IMR.
 * Deviation: the backoff is its mean, never drawn; no collisions, no
 * other stations, no retries or lost subframes (every block-ack
 * acknowledges the whole A-MPDU), no rate control (one fixed MCS), no
 * RTS/CTS, no power save, no beacons, no TXOP bursting, no A-MSDU, no
 * minimum MPDU start spacing delimiters.
 * Deviation: the AP is not a host: it has no CPU, no qdisc and a FIFO of
 * AP_QLEN frames for the station (dropped when full, counted).
 * Leaves out: the AR9003 TX FIFO depth (8 chains; the driver never
 * queues more than 2 A-MPDUs), the RX status ring split (EDMA), the
 * calibration, the beacon and CAB queues.
 */
#ifndef NICSIM_HW_AR9003_H
#define NICSIM_HW_AR9003_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "nicsim/time.h"

struct host;
struct eth_port;
struct irq_desc;
struct sk_buff;

/* Registers (offsets as a driver would use them; values are the model's) */
#define AR_ISR			0x0080	/* read; write 1 to clear */
#define AR_IMR			0x00a0
#define AR_Q_TXD		0x0840	/* TX queue: descriptors added up to the driver's index */
#define AR_ISR_TXOK		(1u << 0)
#define AR_ISR_RXOK		(1u << 1)

/* TX descriptor ctl */
#define AR_TXD_OWN		(1u << 31)	/* the hardware's */
#define AR_TXD_MORE		(1u << 30)	/* another subframe of this A-MPDU follows */
#define AR_TXD_AGGR		(1u << 29)	/* part of an A-MPDU */
#define AR_TXD_LEN(c)		((c) & 0xffffu)	/* the MPDU's bytes, header and FCS */
/* TX status info */
#define AR_TXS_DONE		(1u << 31)
#define AR_TXS_BA_OK		(1u << 30)	/* block-ack (or ACK) received */
#define AR_TXS_FIRST(i)		((i) & 0xffffu)
#define AR_TXS_NFRAMES(i)	(((i) >> 16) & 0xffu)
/* RX descriptor ctl */
#define AR_RXD_OWN		(1u << 31)	/* free for the hardware */
#define AR_RXD_DONE		(1u << 30)

/* 802.11 framing of an Ethernet frame (skb->len): QoS data header 26 +
 * LLC/SNAP 8 replace the 14-byte Ethernet header; FCS 4 */
#define IEEE80211_QOS_HDR	26u
#define IEEE80211_SNAP		8u
#define IEEE80211_FCS		4u
#define AMPDU_DELIM		4u
#define AMPDU_MAX_SUBFRAMES	32u	/* half the 64-frame block-ack window */
#define AMPDU_MAX_LEN		65535u	/* HT, maximum A-MPDU length exponent 3 */
#define AMPDU_MAX_US		4000u	/* ath9k's 4 ms aggregate duration */
#define AP_QLEN			1024u

struct ar_tx_desc {
	uint32_t	ctl;
	uint32_t	pad;
	uint64_t	buf;		/* the skb (a DMA address would do) */
};

struct ar_tx_status {
	uint32_t	info;
	uint32_t	ba_bitmap;	/* acknowledged subframes, bit per MPDU */
};

struct ar_rx_desc {
	uint32_t	ctl;
	uint32_t	len;
	uint64_t	buf;		/* the received frame, written by the hardware */
};

struct ar9003_hw {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	uint32_t	isr, imr;
	struct sim_event air_ev;
	sim_time_t	medium_free;	/* end of the PPDU on the air */
	bool		busy;		/* a PPDU is on the air */
	bool		sta_ppdu;	/* ... it is the station's */
	bool		ap_turn;	/* the AP goes first next time both wait */
	/* TX */
	struct ar_tx_desc *txd;
	uint32_t	txd_n, tx_rd, tx_wr;	/* tx_wr: the driver's, from AR_Q_TXD */
	uint32_t	cur_first, cur_n;	/* the A-MPDU on the air */
	bool		tx_abort;	/* stopped while on the air: skip to tx_abort_to */
	uint32_t	tx_abort_to;
	struct ar_tx_status *txs;
	uint32_t	txs_n, txs_wr;
	/* RX */
	struct ar_rx_desc *rxd;
	uint32_t	rxd_n, rx_wr;
	/* the AP's frames for the station, and the A-MPDU it sends */
	struct sk_buff	*apq[AP_QLEN];
	uint32_t	apq_head, apq_len, ap_cur_n;
	/* statistics */
	uint64_t	tx_ppdus, tx_mpdus, tx_bytes, rx_ppdus, rx_mpdus;
	uint64_t	rx_no_desc, ap_drops, irqs;
	sim_time_t	air_sta_ps, air_ap_ps;
	uint32_t	max_ampdu;	/* largest A-MPDU sent, MPDUs */
};

/* The air time of one PPDU with `bytes` of PSDU and its response (a
 * block-ack if aggr, else an ACK), from AIFS to the response's end. */
sim_time_t ar9003_ppdu_time(uint32_t bytes, bool aggr);
/* The MPDU length of an Ethernet frame of `len` bytes, and its subframe
 * length in an A-MPDU (delimiter and padding). */
uint32_t ar9003_mpdu_len(uint32_t eth_len);
uint32_t ar9003_subframe_len(uint32_t mpdu_len);
/* The longest PSDU that fits in `us` microseconds of data symbols. */
uint32_t ar9003_max_len_us(uint32_t us);

void ar9003_hw_init(struct ar9003_hw *d, struct host *host, struct eth_port *port,
		    struct irq_desc *irq);
void ar9003_hw_set_rings(struct ar9003_hw *d, struct ar_tx_desc *txd, uint32_t txd_n,
			 struct ar_tx_status *txs, uint32_t txs_n,
			 struct ar_rx_desc *rxd, uint32_t rxd_n);
uint32_t ar9003_hw_read(struct ar9003_hw *d, uint32_t reg);
void ar9003_hw_write(struct ar9003_hw *d, uint32_t reg, uint32_t val);
/* Abort the TX queue (the chip reset of ath_reset): descriptors not yet on
 * the air lose OWN without a status; the one on the air completes. */
void ar9003_hw_stop_tx(struct ar9003_hw *d);
/* MPDUs queued to the hardware that have not started on the air */
uint32_t ar9003_hw_tx_backlog(const struct ar9003_hw *d);

#endif
