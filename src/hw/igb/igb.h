/* SPDX-License-Identifier: MIT */
/*
 * The Intel I210 Gigabit Ethernet controller, as the hardware that
 * drivers/net/ethernet/intel/igb/igb_main.c programs (no kernel source:
 * the register and descriptor names are e1000_regs.h's, the behaviour
 * below is the model's reading of what the driver relies on).
 *
 * Models: 4 TX and 4 RX queues (the I210's: igb_get_max_rss_queues gives it IGB_MAX_RX_QUEUES_82575), each a
 * ring of advanced descriptors with head (TDH / RDH) and tail (TDT / RDT)
 * registers; TXDCTL / RXDCTL queue enables and TXDCTL.WTHRESH; MSI-X
 * with one "other" vector (0, never raised here) and a vector per
 * q_vector, the queues mapped to vectors by IVAR; EICR, EIMS / EIMC,
 * EICS, EIAC (auto-clear) and EIAM (auto-mask) as igb sets them for
 * MSI-X; and an EITR interrupt throttle per vector.
 *
 * TX: a TDT write makes the descriptors up to the tail the device's. The
 * transmit engine serves the queues round robin, one frame per turn
 * (UNVERIFIED: the I210's arbitration of its queues in the mode igb
 * leaves it in). A frame is an optional context descriptor and the data
 * descriptors up to one with EOP; with TSE the device cuts it into
 * segments of the context descriptor's MSS, each with the headers, and
 * the frame is done when the last segment's last bit has left.
 * Descriptor write-back: a done frame's descriptors wait in the queue's
 * write-back buffer; the device writes them back (DD in the status of
 * each descriptor that has RS) when WTHRESH descriptors are waiting, or
 * when the throttle timer of the queue's vector has run out (at once if
 * it already has). A write-back of an RS descriptor is the TX cause of
 * the queue's vector. UNVERIFIED (the I210 datasheet was not at hand):
 * that the EITR expiry flushes the write-back buffer, and that WTHRESH
 * counts descriptors. The driver sees the difference only in a poll:
 * frames that finish between a message and its poll wait for the next
 * expiry (or WTHRESH) before igb_clean_tx_irq finds their DD.
 * RX: a frame whose last bit has arrived takes the descriptor at RDH if
 * RDH != RDT (the descriptors from RDH up to RDT are the device's):
 * stored, length and DD | EOP written back at once (RXDCTL.WTHRESH is not
 * modelled), RDH advanced, the RX cause of the queue's vector raised;
 * otherwise it is dropped (counted as missed). Every frame goes to RX
 * queue 0. Deviation: RSS (MRQC, the redirection table, the Toeplitz
 * hash) is not modelled.
 * Interrupts: a cause sets the vector's EICR bit. The vector's message is
 * sent when its bit is set in EICR and EIMS and its throttle timer has run
 * out; sending clears the EICR bit (EIAC) and the EIMS bit (EIAM) and
 * starts the timer with the EITR interval ((EITR & 0x7FFC) >> 2 us,
 * the unit igb_set_coalesce's usecs << 2 implies). A cause that finds the
 * timer running waits for it. An EITR write without CNT_IGNR restarts a
 * running timer with the new interval; with CNT_IGNR (as igb writes it)
 * the running timer is left alone and the interval applies from the next
 * message. UNVERIFIED: that the timer starts at each message rather than
 * running freely.
 * Deviation: descriptor fetch, DMA and the PCIe round trips take no
 * time; the packet buffers, flow control, VLAN, timestamps, the PHY and
 * link changes, the "other" causes and legacy / MSI interrupts are left
 * out. A CTRL.RST write stops the engines and clears the rings' indices.
 */
#ifndef NICSIM_HW_IGB_H
#define NICSIM_HW_IGB_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/igb/regs.h"

struct host;
struct eth_port;
struct irq_desc;

#define IGB_HW_QUEUES		4
#define IGB_HW_VECTORS		5	/* MSI-X: other + 4 */

struct igb_hw_txq {
	struct e1000_adv_tx_desc *ring;
	uint32_t	count;
	uint32_t	tdh, tdt, txdctl;
	uint32_t	rd;		/* next descriptor the engine fetches */
	uint32_t	wb_head;	/* first done descriptor not written back */
	uint32_t	wb_pending;	/* done descriptors waiting for write-back */
	uint64_t	frames, bytes;	/* frames (segments) sent */
};

struct igb_hw_rxq {
	struct e1000_adv_rx_desc *ring;
	uint32_t	count;
	uint32_t	rdh, rdt, rxdctl;
};

struct igb_hw_vec {
	struct irq_desc	*irq;
	uint32_t	eitr;
	sim_time_t	interval;
	sim_time_t	expiry;		/* throttle timer runs out */
	struct sim_event ev;
	uint64_t	msgs;
};

struct igb_hw {
	struct host	*host;
	struct eth_port	*port;
	uint32_t	ctrl, tctl, rctl, gpie;
	uint32_t	eicr, eims, eiac, eiam;
	uint32_t	ivar[IGB_HW_QUEUES / 2];
	struct igb_hw_txq txq[IGB_HW_QUEUES];
	struct igb_hw_rxq rxq[IGB_HW_QUEUES];
	struct igb_hw_vec vec[IGB_HW_VECTORS];
	uint32_t	rx_buf_truesize;
	/* the transmit engine */
	struct sim_event tx_ev;
	bool		tx_busy, tx_on_wire;
	int		tx_q;		/* queue of the frame on the wire */
	uint32_t	tx_ndesc;	/* its descriptors */
	uint16_t	tx_seg, tx_segs;	/* segment on the wire, of */
	int		rr;		/* next queue to serve */
	uint64_t	rx_frames, rx_missed;
	uint64_t	irq_tx, irq_rx;	/* messages sent with a TX / RX cause */
	uint32_t	cause_tx, cause_rx;	/* EICR bits raised by TX / RX */
};

void igb_hw_init(struct igb_hw *d, struct host *host, struct eth_port *port,
		 uint32_t rx_buf_truesize);
/* The MSI-X table entry of vector v: its interrupt. */
void igb_hw_set_msix(struct igb_hw *d, int v, struct irq_desc *irq);
/* TDBAL/TDLEN and RDBAL/RDLEN: where queue n's rings are. */
void igb_hw_set_tx_ring(struct igb_hw *d, int n, struct e1000_adv_tx_desc *ring,
			uint32_t count);
void igb_hw_set_rx_ring(struct igb_hw *d, int n, struct e1000_adv_rx_desc *ring,
			uint32_t count);
uint32_t igb_hw_read(struct igb_hw *d, uint32_t reg);
void igb_hw_write(struct igb_hw *d, uint32_t reg, uint32_t val);
/* Descriptors of queue n the device holds that have not started. */
uint32_t igb_hw_tx_backlog(const struct igb_hw *d, int n);

#endif
