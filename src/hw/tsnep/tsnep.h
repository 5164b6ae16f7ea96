/* SPDX-License-Identifier: MIT */
/*
 * The Engleder TSN endpoint Ethernet MAC (TSNEP, an FPGA IP) as hardware,
 * with one TX/RX queue pair: its TX and RX descriptor rings (a descriptor
 * and its writeback per slot), the interrupt enable and active registers
 * (ECM_INT_ENABLE, ECM_INT_ACTIVE / ACKNOWLEDGE) driving one interrupt
 * line, the queue's interrupt delay (ECM_INT_DELAY), TSNEP_CONTROL's TX and
 * RX enables, and the frames it puts on the link. No kernel source: the
 * hardware drivers/net/ethernet/engleder/tsnep_main.c programs, read in
 * the driver as 5.17 added it (403f69bbdbad) and in the 6.2 series with
 * "tsnep: Fix rotten packets" and d3dfe8d6c040 "tsnep: Throttle
 * interrupts". The IP's manual is not public: the rules below are what
 * the driver relies on, and the points the driver does not settle are
 * marked UNVERIFIED.
 *
 * TX: a write of TX_ENABLE to TSNEP_CONTROL wakes the TX DMA, which takes
 * the descriptor at its read index if the driver handed it over: a frame
 * runs from there to the descriptor with LAST_FRAGMENT. It goes on the
 * wire; when its last bit has left, the device writes the first
 * descriptor's owner bits (owner counter and user flag) back into its
 * writeback, which is how the driver sees it done, and raises ECM_INT_TX_0
 * if the descriptor has INTERRUPT_FLAG (the driver sets it on every one).
 * With nothing handed over the DMA idles until the next TX_ENABLE.
 * RX: a frame arriving takes the descriptor at the RX write index if the
 * driver handed it over and RX is enabled: the frame is stored, the
 * writeback gets the descriptor's owner counter and the length (16 bytes
 * of inline metadata + frame + FCS), and ECM_INT_RX_0 is raised if the
 * descriptor has INTERRUPT_FLAG. With none handed over the frame is
 * dropped, counted in TSNEP_RX_STATISTIC's no-descriptor field, and RX
 * stops until the driver writes RX_ENABLE again (UNVERIFIED: the driver
 * writes RX_ENABLE after every refill, which this rule explains).
 * Handed over: the descriptor's owner bits differ from those its slot's
 * writeback holds. The driver's owner counter (1, 2, 3, changed at a slot
 * that moves back by one every pass) gives each slot a new value on every
 * pass, so this is equivalent to the device tracking the counter itself.
 * Deviation: the IP's own owner-counter bookkeeping is not published; the
 * model uses that inequality.
 *
 * Interrupts: ECM_INT_ENABLE written with a mask sets those enable bits,
 * with ECM_INT_DISABLE | mask clears them. A TX or RX event of the queue
 * sets its bit in ECM_INT_ACTIVE only if the bit is enabled at that moment
 * (UNVERIFIED, and the reason for "tsnep: Fix rotten packets": frames
 * that arrive after the poll but before the interrupt is enabled again
 * raise nothing, so the 6.2 driver checks for pending work after enabling).
 * The line is high while ACTIVE & ENABLE is non-zero; writing ACKNOWLEDGE
 * clears ACTIVE bits.
 * The interrupt delay: the queue's byte at ECM_INT_DELAY, bits 7:4, in units
 * of 16 us (0 to 240 us). With a delay D > 0 an enabled event does not reach
 * ACTIVE at once: the first one starts a D timer, later ones merge into it,
 * and when it runs out the causes still enabled become ACTIVE together. So
 * a queue interrupts at most once per D, and no sooner than D after the
 * event that starts it. The hardware has no frame count: the field is a
 * time only (the driver's supported_coalesce_params is ETHTOOL_COALESCE_USECS).
 * UNVERIFIED: whether the timer starts at the first event (the model) or
 * at the previous interrupt (a rate limit); docs/validation.md, "F13",
 * compares the two. Reset value 0, no delay (the 5.17 driver never writes
 * the register, and the commit measures an interrupt every ~20 us without it).
 * Deviation: the received frame's skb is stored in the descriptor in place
 * of the driver's buffer; descriptor fetch and DMA take no time; gate
 * control, PTP timestamps, the link interrupt, the MDIO bus and queues
 * other than 0 are not modelled.
 */
#ifndef NICSIM_HW_TSNEP_H
#define NICSIM_HW_TSNEP_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/tsnep/regs.h"

struct host;
struct eth_port;
struct irq_desc;

struct tsnep_hw {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	uint32_t	int_enable, int_active;
	uint8_t		int_delay;	/* queue 0's ECM_INT_DELAY byte */
	uint32_t	delayed;	/* enabled causes waiting for the delay */
	struct sim_event delay_ev;
	bool		tx_on, rx_on;	/* TSNEP_CONTROL enables */
	/* the rings (TSNEP_TX_DESC_ADDR / TSNEP_RX_DESC_ADDR) */
	uint32_t	ring_size;
	struct tsnep_tx_desc *txd;
	struct tsnep_tx_desc_wb *txwb;
	struct tsnep_rx_desc *rxd;
	struct tsnep_rx_desc_wb *rxwb;
	uint32_t	tx_rd, rx_wr;
	bool		tx_busy;
	uint32_t	tx_ndesc;	/* descriptors of the frame on the wire */
	uint32_t	rx_buf_truesize;
	struct sim_event tx_ev;
	uint64_t	tx_frames, tx_bytes, rx_frames, rx_no_desc;
	uint64_t	irqs, irq_tx, irq_rx;	/* rising edges: all, with TX_0, with RX_0 */
};

void tsnep_hw_init(struct tsnep_hw *d, struct host *host, struct eth_port *port,
		   struct irq_desc *irq);
/* TSNEP_TX_DESC_ADDR / TSNEP_RX_DESC_ADDR with TSNEP_RESET_OWNER_COUNTER:
 * the rings, read and write indices back to slot 0. */
void tsnep_hw_set_rings(struct tsnep_hw *d, uint32_t ring_size,
			struct tsnep_tx_desc *txd, struct tsnep_tx_desc_wb *txwb,
			struct tsnep_rx_desc *rxd, struct tsnep_rx_desc_wb *rxwb,
			uint32_t rx_buf_truesize);
uint32_t tsnep_hw_read(struct tsnep_hw *d, uint32_t reg);
void tsnep_hw_write(struct tsnep_hw *d, uint32_t reg, uint32_t val);
/* iowrite8 of a queue's ECM_INT_DELAY byte */
void tsnep_hw_write8(struct tsnep_hw *d, uint32_t reg, uint8_t val);
/* Frames handed to the TX DMA that have not started on the wire. */
uint32_t tsnep_hw_tx_backlog(const struct tsnep_hw *d);

#endif
