/* SPDX-License-Identifier: MIT */
/*
 * The Freescale/NXP ENET MAC (the i.MX "FEC", here as in the i.MX8MQ) as
 * hardware: TX ring 0 and RX ring 0 of buffer descriptors, the interrupt
 * event and mask registers (EIR, EIMR) driving one interrupt line, the
 * descriptor-active doorbells (TDAR, RDAR), ECR's enable, and the
 * interrupt coalescing registers TXIC0 / RXIC0. No kernel source: the
 * hardware that drivers/net/ethernet/freescale/fec_main.c programs.
 *
 * TX: a write to TDAR wakes the TX DMA, which walks the ring from its
 * index while descriptors carry READY: the descriptors up to one with
 * LAST are a frame; it goes on the wire, and when its last bit has left
 * the device clears READY on them. A frame whose last descriptor has
 * INTR is a TX event for the coalescing engine. With no READY descriptor
 * left the DMA clears TDAR and idles until the next TDAR write. WRAP
 * sends the walk back to slot 0.
 * RX: an arriving frame takes the descriptor at the write index if it is
 * EMPTY (the frame is stored, EMPTY cleared, the length set) and is an
 * RX event; with none EMPTY the frame is dropped.
 * Coalescing (TXIC0 / RXIC0: ICEN, ICCS, ICFT, ICTT): with ICEN clear
 * each event sets its EIR bit (TXF_0, RXF_0) at once. With ICEN set, the
 * events are counted; the first one after the last interrupt starts a
 * timer of ICTT units of 64 clock cycles (ICCS set: the ENET system
 * clock, clk_ahb, at itr_clk_rate); the EIR bit is set when the count
 * reaches ICFT or the timer expires, whichever comes first, and the
 * count and timer start over. UNVERIFIED (the i.MX reference manual's
 * ENET chapter was not at hand): that the timer starts at the first
 * event rather than running freely, that only INTR frames count, and
 * that a write to TXIC / RXIC leaves a running count and timer as they
 * are (the new thresholds apply from the next event).
 * The line is high while EIR & EIMR is non-zero.
 * ECR with ETHEREN clear stops both DMAs and rewinds them to slot 0.
 * Deviation: a frame on the wire when ETHEREN is cleared still reaches
 * the peer, but leaves the device's accounting at once.
 * Deviation: the received frame's skb is stored in the descriptor in
 * place of the driver's page; descriptor fetch and DMA take no time; the
 * FIFO watermarks, rings 1 and 2 (AVB), pause frames, timestamps and the
 * i.MX6 bus limit (ERR004512, not modelled: the i.MX8MQ is modelled) are
 * left out. PATH_IRQ is stamped when a frame is stored, before any
 * coalescing delay, which so falls in the IRQ-to-poll part of the split.
 */
#ifndef NICSIM_HW_FEC_H
#define NICSIM_HW_FEC_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/fec/regs.h"

struct host;
struct eth_port;
struct irq_desc;

/* One direction's coalescing engine (TXIC0 or RXIC0). */
struct fec_ic {
	uint32_t	reg;		/* the register as written */
	uint32_t	count;		/* events since the last interrupt */
	uint32_t	eir_bit;
	struct sim_event ev;		/* the ICTT timer */
	uint64_t	by_frames, by_timer;	/* interrupts by ICFT / ICTT */
};

struct fec_hw {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	uint64_t	itr_clk_rate;	/* clk_ahb, Hz */
	uint32_t	eir, eimr, ecr;
	bool		tdar;
	/* the rings (X_DES_START_0, R_DES_START_0) */
	struct fec_bufdesc *tx_bd, *rx_bd;
	uint32_t	tx_size, rx_size;
	uint32_t	tx_rd, rx_wr;
	bool		tx_busy;
	uint32_t	tx_ndesc;	/* the frame on the wire */
	uint32_t	rx_buf_truesize;
	struct sim_event tx_ev;
	struct fec_ic	tic, ric;
	uint64_t	tx_frames, tx_bytes, rx_frames, rx_no_buf;
	uint64_t	irq_tx, irq_rx;	/* rising edges with TXF_0 / RXF_0 */
};

void fec_hw_init(struct fec_hw *d, struct host *host, struct eth_port *port,
		 struct irq_desc *irq, uint64_t itr_clk_rate);
/* X_DES_START_0 / R_DES_START_0: where the rings are; the DMAs rewind. */
void fec_hw_set_rings(struct fec_hw *d, struct fec_bufdesc *tx, uint32_t tx_size,
		      struct fec_bufdesc *rx, uint32_t rx_size, uint32_t rx_buf_truesize);
uint32_t fec_hw_read(struct fec_hw *d, uint32_t reg);
void fec_hw_write(struct fec_hw *d, uint32_t reg, uint32_t val);
/* ICTT units as time: units * 64 cycles of clk_ahb. */
sim_time_t fec_hw_ictt_time(const struct fec_hw *d, uint32_t units);
/* READY descriptors that have not started on the wire. */
uint32_t fec_hw_tx_backlog(const struct fec_hw *d);

#endif
