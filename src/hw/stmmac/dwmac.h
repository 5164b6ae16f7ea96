/* SPDX-License-Identifier: MIT */
/*
 * The Synopsys DesignWare GMAC DMA as hardware, in its dwmac1000 generation
 * with normal descriptors in ring mode (the one stmmac drives on the
 * Amlogic Meson8 / S802 and most 3.x-era SoCs): one TX and one RX
 * descriptor ring, DMA_STATUS with TI / TU / RI / RU and the NIS summary,
 * DMA_INTR_ENA, the TX poll demand register, DMA_CONTROL's start bits, one
 * interrupt line, and the frames it puts on the link. No kernel source:
 * the hardware drivers/net/ethernet/stmicro/stmmac/dwmac1000_dma.c and
 * dwmac_lib.c program (read in Linux 3.1x trees and the 2018-2023 patches
 * cited in stmmac_main.c).
 *
 * TX: a write to DMA_XMT_POLL_DEMAND (or DMA_CONTROL_ST) wakes the TX
 * DMA, which walks the ring from its current descriptor while des0 has
 * OWN: the descriptors from one with FIRST_SEGMENT to one with
 * LAST_SEGMENT are a frame; it is put on the wire and, when its last bit
 * has left, OWN is cleared on them; if the last one has INTERRUPT (IC),
 * DMA_STATUS_TI is set. A descriptor with END_RING sends the walk back to
 * slot 0. Finding no OWN descriptor, the DMA suspends and sets TU until
 * the next poll demand.
 * RX: a frame arriving takes the current RX descriptor if the DMA owns it:
 * the frame is stored, OWN cleared, the length and FS / LS written, RI
 * set; if not, the frame is dropped and RU set.
 * The line is high while DMA_INTR_ENA has NIE and one of TI / TU / RI / RU
 * is set with its enable bit (the NIS summary of the databook).
 * Channels (GMAC4, dwmac4_dma.h / dwmac4_dma.c): a GMAC4 core is
 * synthesised with up to 8 TX DMA channels, each with its own ring
 * (DMA_CHAN_TX_BASE_ADDR), tail pointer (DMA_CHAN_TX_END_ADDR: a write
 * wakes the channel), start bit (DMA_CHAN_TX_CONTROL ST), status
 * (DMA_CHAN_STATUS, write 1 to clear) and interrupt enable
 * (DMA_CHAN_INTR_ENA), and one MAC transmitter that the channels' MTL TX
 * queues share. In the stmmac eras modelled the whole DMA raises one
 * interrupt line (the sbd interrupt), which stmmac_dma_interrupt serves by
 * reading every channel's status; per-channel MSI vectors
 * (stmmac_msi_intr_tx) came later and are not modelled. With one channel
 * the device is the dwmac1000 above, driven through DMA_STATUS /
 * DMA_INTR_ENA / DMA_CONTROL / DMA_XMT_POLL_DEMAND, which are channel 0's.
 * Deviation: the MTL TX scheduler (dwmac4 MTL_OPERATION_MODE SCHALG:
 * WRR, WFQ, DWRR or strict priority, set from DT snps,tx-sched-*;
 * stmmac_mtl_setup in stmmac_platform.c, read in 2019-2020 patch threads,
 * picks strict priority when DT names none; UNVERIFIED for 4.14, and
 * which queue strict priority favours) is modelled
 * as a round robin of whole frames between the channels that have one
 * ready (equal weights), which no stmmac configuration states.
 * Deviation: the channels use dwmac1000's normal descriptors (des0 OWN,
 * des1 FS / LS / IC / END_RING) and its status / enable bit layout (TI
 * bit 0, TU bit 2, RI bit 6, NIS bit 16, NIE bit 16) in place of dwmac4's
 * TDES3 / TDES2 layout, ring length register and NIS / NIE at bit 15; the
 * tail pointer only wakes the channel (the ring's end is END_RING). RX is
 * channel 0's alone (rx_queues_to_use 1).
 * Deviation: the frame is closed when its last bit has left, not when the
 * DMA has moved it into the TX FIFO; descriptor fetch and DMA take no
 * time; the FIFO thresholds (tc, store-and-forward), the RX watchdog
 * (RIWT), enhanced / extended descriptors, chain mode, the MAC core, MMC
 * and the PHY are not modelled. The received frame's skb is stored in the
 * descriptor in place of the driver's buffer.
 */
#ifndef NICSIM_HW_STMMAC_DWMAC_H
#define NICSIM_HW_STMMAC_DWMAC_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/stmmac/regs.h"

struct host;
struct eth_port;
struct irq_desc;

/* One DMA channel's TX side, status and interrupt enable. */
struct dwmac_chan {
	uint32_t	status, intr_ena, control;	/* dwmac1000 bit layout */
	struct dma_desc	*tx;		/* DMA_TX_BASE_ADDR / DMA_CHAN_TX_BASE_ADDR */
	uint32_t	tx_cur;		/* next descriptor the TX DMA reads */
	uint64_t	tx_frames, tx_bytes;
};

struct dwmac_hw {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	struct dwmac_chan chan[DMA_MAX_CHANNELS];
	uint32_t	nr_chan;	/* TX DMA channels synthesised (1: dwmac1000) */
	uint32_t	tx_chan;	/* the channel on the wire, or served last */
	struct dma_desc	*rx;		/* DMA_RCV_BASE_ADDR (channel 0) */
	uint32_t	rx_cur;		/* next descriptor a frame fills */
	bool		tx_busy;
	uint32_t	tx_ndesc;	/* descriptors of the frame on the wire */
	uint32_t	rx_buf_truesize;
	struct sim_event tx_ev;
	uint64_t	tx_frames, tx_bytes, rx_frames, rx_no_buf;
	uint64_t	irq_tx, irq_rx;	/* rising edges with TI / RI */
};

/* A device with nr_chan TX DMA channels (1 to DMA_MAX_CHANNELS). */
void dwmac_hw_init(struct dwmac_hw *d, struct host *host, struct eth_port *port,
		   struct irq_desc *irq, uint32_t nr_chan);
/* DMA_TX_BASE_ADDR and DMA_RCV_BASE_ADDR: the rings, from slot 0. */
void dwmac_hw_set_rings(struct dwmac_hw *d, struct dma_desc *tx, struct dma_desc *rx,
			uint32_t rx_buf_truesize);
/* DMA_TX_BASE_ADDR alone (TX stopped): the TX DMA restarts at slot 0. */
void dwmac_hw_set_tx_ring(struct dwmac_hw *d, struct dma_desc *tx);
/* DMA_CHAN_TX_BASE_ADDR(x) (channel x's TX stopped): from slot 0. */
void dwmac_hw_set_chan_tx_ring(struct dwmac_hw *d, uint32_t x, struct dma_desc *tx);
uint32_t dwmac_hw_read(struct dwmac_hw *d, uint32_t reg);
void dwmac_hw_write(struct dwmac_hw *d, uint32_t reg, uint32_t val);
/* Descriptors the TX DMA owns that have not started on the wire. */
uint32_t dwmac_hw_tx_backlog(const struct dwmac_hw *d);
uint32_t dwmac_hw_chan_tx_cur(const struct dwmac_hw *d, uint32_t x);

#endif
