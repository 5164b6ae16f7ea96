/* SPDX-License-Identifier: MIT */
/*
 * The Faraday FTGMAC100 Ethernet MAC (ASPEED BMCs) as hardware: one TX
 * ring (the normal-priority one), one RX ring, the interrupt status and
 * enable registers (ISR, IER) driving one interrupt line, the TX poll
 * demand register, MACCR with its DMA enables and software reset, and the
 * frames it puts on the link. No kernel source: the hardware that
 * drivers/net/ethernet/faraday/ftgmac100.c programs.
 *
 * TX: a write to NPTXPD wakes the TX DMA, which walks the ring from its
 * read index while descriptors carry TXDMA_OWN: the descriptors from one
 * with FTS to one with LTS are a frame; it is put on the wire, and when
 * its last bit has left the device clears OWN on them and sets
 * INT_XPKT_ETH in ISR. A descriptor with EDOTR sends the walk back to
 * slot 0. With no OWN descriptor left the DMA idles until the next
 * NPTXPD write (the driver sets no TX auto-poll).
 * RX: a frame arriving takes the descriptor at the write index if the
 * device owns it (RXPKT_RDY clear): the frame is stored, RXPKT_RDY set
 * with the length, INT_RPKT_BUF raised; with none free, the frame is
 * dropped and INT_NO_RXBUF raised.
 * The line is high while ISR & IER is non-zero (ITC left at one interrupt
 * per frame, as ftgmac100_init_hw sets it).
 * MACCR with SW_RST empties the TX and RX engines: indices to 0, ISR and
 * IER cleared.
 * Deviation: a frame on the wire at a reset still reaches the peer, but
 * leaves the device's accounting at once.
 * Deviation: the received frame's skb is stored in the descriptor in
 * place of the driver's buffer; descriptor fetch and DMA take no time;
 * the FIFO thresholds, the high-priority TX ring, auto-poll timers and
 * the PHY / NC-SI are not modelled.
 */
#ifndef NICSIM_HW_FTGMAC100_H
#define NICSIM_HW_FTGMAC100_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/ftgmac100/regs.h"

struct host;
struct eth_port;
struct irq_desc;

struct ftgmac100_hw {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	uint32_t	isr, ier, maccr;
	/* the ring bases (NPTXR_BADR, RXR_BADR) */
	struct ftgmac100_txdes *txdes;
	struct ftgmac100_rxdes *rxdes;
	uint32_t	tx_rd;		/* next descriptor the TX DMA reads */
	uint32_t	rx_wr;		/* next descriptor a frame fills */
	bool		tx_busy;
	uint32_t	tx_first, tx_ndesc;	/* the frame on the wire */
	uint32_t	rx_buf_truesize;	/* truesize of the driver's RX buffer */
	struct sim_event tx_ev;
	uint64_t	tx_frames, tx_bytes, rx_frames, rx_no_buf;
	uint64_t	irq_tx, irq_rx;	/* rising edges with XPKT_ETH / RPKT_BUF */
};

void ftgmac100_hw_init(struct ftgmac100_hw *d, struct host *host, struct eth_port *port,
		       struct irq_desc *irq);
/* NPTXR_BADR and RXR_BADR: where the driver's rings are. */
void ftgmac100_hw_set_rings(struct ftgmac100_hw *d, struct ftgmac100_txdes *txdes,
			    struct ftgmac100_rxdes *rxdes, uint32_t rx_buf_truesize);
uint32_t ftgmac100_hw_read(struct ftgmac100_hw *d, uint32_t reg);
void ftgmac100_hw_write(struct ftgmac100_hw *d, uint32_t reg, uint32_t val);
/* Descriptors owned by the TX DMA that have not started on the wire. */
uint32_t ftgmac100_hw_tx_backlog(const struct ftgmac100_hw *d);

#endif
