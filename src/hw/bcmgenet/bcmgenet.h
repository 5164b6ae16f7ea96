/* SPDX-License-Identifier: MIT */
/*
 * The Broadcom GENET (v4/v5, as in the BCM7xxx set-top boxes and the
 * Raspberry Pi 4's BCM2711) as hardware: the TDMA with its priority rings
 * 0..3 and the default ring 16 carved out of one 256-descriptor area, the
 * RDMA's default ring 16, the two INTRL2 interrupt controllers and their
 * lines, the frames it puts on the link. No kernel source: the hardware
 * that drivers/net/ethernet/broadcom/genet/bcmgenet.c programs; what the
 * model takes from that driver (register names, bits, the comment in
 * bcmgenet_set_coalesce on when the TDMA interrupts) is in regs.h and
 * below.
 *
 * TX: each ring is [DMA_START_ADDR, DMA_END_ADDR] of the descriptor area,
 * with a 16-bit producer index the driver writes (TDMA_PROD_INDEX) and a
 * 16-bit consumer index the TDMA advances (TDMA_CONS_INDEX); descriptor
 * start + index % size. With DMA_EN and the ring's enable bit in DMA_CTRL,
 * the TDMA takes the frame (SOP .. EOP descriptors) at the consumer index
 * of the highest-priority ring with PROD != CONS, puts it on the wire, and
 * when its last bit has left advances CONS past its descriptors. Then:
 *  - ring 16 sets TXDMA_BDONE (a buffer done) and TXDMA_PDONE (a packet
 *    done) in INTRL2_0; ring q < 16 has no such bits;
 *  - every ring counts packets done; when the count reaches the ring's
 *    DMA_MBUF_DONE_THRESH, or the ring is empty (CONS == PROD), the
 *    ring's "MBDONE" is set (TXDMA_MBDONE in INTRL2_0 for ring 16, bit q
 *    of INTRL2_1 for ring q) and the count restarts. bcmgenet_set_coalesce
 *    says so: no configurable timeout, "an interrupt either after MBDONE
 *    packets have been transmitted, or when the ring is empty".
 * RX (ring 16 only): a frame arriving takes the descriptor at the
 * producer index if the ring is not full (PROD - CONS < size; else it is
 * discarded and counted in RDMA_PROD_INDEX's upper half), PROD advances,
 * RXDMA_BDONE and RXDMA_PDONE are set, and RXDMA_MBDONE when the frames
 * since the last one reach the ring's threshold or DMA_RING16_TIMEOUT
 * (units of 8.192 us, bcmgenet_set_rx_coalesce) runs out after the first
 * of them.
 * Each INTRL2 has a status (CPU_STAT, set by the events above or CPU_SET,
 * cleared by writing 1s to CPU_CLEAR) and a mask (1 = masked; MASK_SET,
 * MASK_CLEAR, read in MASK_STATUS; all masked at reset); its line is high
 * while STAT & ~MASK is non-zero.
 * UNVERIFIED: when CONS advances (at the end of the frame on the wire
 * here; the TDMA may advance it when it has fetched the data into its
 * TBUF), whether the done count restarts at MBDONE, and which of the
 * three ring-16 bits an "empty" ring sets (MBDONE here).
 * Deviation: the arbiter serves the lowest-numbered enabled ring first
 * and ring 16 last: the strict priorities bcmgenet_init_tx_queues
 * programs (ring q at q, ring 16 after them, DMA_ARBITER_SP), whose
 * DMA_PRIORITY registers are not modelled. Descriptor fetch and DMA take
 * no time; the TBUF/RBUF FIFOs, the per-ring flow period, RX priority
 * rings and the HFB, the UniMAC and the PHY are not modelled.
 */
#ifndef NICSIM_HW_BCMGENET_H
#define NICSIM_HW_BCMGENET_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/bcmgenet/regs.h"

struct host;
struct eth_port;
struct irq_desc;
struct sk_buff;

struct genet_desc {
	uint32_t	length_status;
	uint32_t	addr_lo, addr_hi;
};

struct genet_tdma_ring {
	uint32_t	prod, cons;	/* 16-bit indices */
	uint32_t	start, end;	/* descriptor numbers, inclusive */
	uint32_t	thresh;		/* DMA_MBUF_DONE_THRESH */
	uint32_t	done_cnt;	/* packets since the last MBDONE */
	uint64_t	frames, bytes;
};

struct genet_rdma_ring {
	uint32_t	prod, cons, discards;
	uint32_t	start, end, thresh, timeout;
	uint32_t	done_cnt;
	struct sim_event timeout_ev;
};

struct bcmgenet_hw {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq0, *irq1;
	uint32_t	stat[2], mask[2];	/* INTRL2_0, INTRL2_1 */
	uint32_t	tdma_ctrl, tdma_ring_cfg, rdma_ctrl, rdma_ring_cfg;
	struct genet_desc tx_bds[GENET_TOTAL_DESC], rx_bds[GENET_TOTAL_DESC];
	struct genet_tdma_ring tx[GENET_NR_RINGS];
	struct genet_rdma_ring rx;	/* ring 16 */
	/* the frame on the wire */
	bool		tx_busy;
	int		tx_ring;
	uint32_t	tx_ndesc;
	struct sim_event tx_ev;
	uint32_t	rx_buf_truesize;
	uint64_t	rx_frames;
	uint64_t	irq_tx, irq_rx;	/* rising edges with a TX / RX cause */
};

void bcmgenet_hw_init(struct bcmgenet_hw *d, struct host *host, struct eth_port *port,
		      struct irq_desc *irq0, struct irq_desc *irq1, uint32_t rx_buf_truesize);
uint32_t bcmgenet_hw_read(struct bcmgenet_hw *d, uint32_t reg);
void bcmgenet_hw_write(struct bcmgenet_hw *d, uint32_t reg, uint32_t val);
/* Descriptors handed to the TDMA (PROD written) not yet on the wire. */
uint32_t bcmgenet_hw_tx_backlog(const struct bcmgenet_hw *d);
void bcmgenet_hw_fini(struct bcmgenet_hw *d);

#endif
