/* SPDX-License-Identifier: MIT */
/*
 * Broadcom GENET (v4/v5 register layout): the offsets, interrupt bits and
 * buffer-descriptor bits the model uses. Values as drivers/net/ethernet/
 * broadcom/genet/bcmgenet.h and bcmgenet.c name them (read in the 4.x and
 * 5.x/6.x trees of the code index): INTRL2 at 0x200 and 0x240 with their
 * six registers, the UMAC_IRQ_* bits, DMA_SOP/EOP, the v4 per-ring
 * register offsets (genet_dma_ring_regs_v4), 0x40 bytes per ring, and
 * three words per descriptor.
 * Deviation: the TDMA/RDMA blocks are placed at the model's own bases
 * (GENET_TDMA_BASE, GENET_RDMA_BASE), descriptors first then the 17 ring
 * register sets then the DMA registers, as the driver's GENET_TDMA_REG_OFF
 * arithmetic lays them out; DMA_RING16_TIMEOUT is at the model's own
 * offset (UNVERIFIED). A descriptor's address words hold a host pointer
 * (the skb) split into low and high halves, not a DMA address.
 */
#ifndef NICSIM_HW_BCMGENET_REGS_H
#define NICSIM_HW_BCMGENET_REGS_H

#include <stdint.h>

#define GENET_TOTAL_DESC	256	/* TOTAL_DESC */
#define GENET_DESC_INDEX	16	/* the default ring */
#define GENET_NR_RINGS		17
#define GENET_WORDS_PER_BD	3	/* v4+: length_status, address lo, hi */
#define GENET_DESC_SIZE		(GENET_WORDS_PER_BD * 4)

/* INTRL2 instances and their registers */
#define GENET_INTRL2_0_OFF	0x0200
#define GENET_INTRL2_1_OFF	0x0240
#define INTRL2_CPU_STAT		0x00
#define INTRL2_CPU_SET		0x04
#define INTRL2_CPU_CLEAR	0x08
#define INTRL2_CPU_MASK_STATUS	0x0C
#define INTRL2_CPU_MASK_SET	0x10
#define INTRL2_CPU_MASK_CLEAR	0x14

/* INTRL2_0 bits (the default ring 16 and the MAC) */
#define UMAC_IRQ_RXDMA_MBDONE	(1u << 13)
#define UMAC_IRQ_RXDMA_PDONE	(1u << 14)
#define UMAC_IRQ_RXDMA_BDONE	(1u << 15)
#define UMAC_IRQ_RXDMA_DONE	UMAC_IRQ_RXDMA_MBDONE
#define UMAC_IRQ_TXDMA_MBDONE	(1u << 16)
#define UMAC_IRQ_TXDMA_PDONE	(1u << 17)
#define UMAC_IRQ_TXDMA_BDONE	(1u << 18)
#define UMAC_IRQ_TXDMA_DONE	UMAC_IRQ_TXDMA_MBDONE
#define UMAC_IRQ_RX_ALL		(UMAC_IRQ_RXDMA_MBDONE | UMAC_IRQ_RXDMA_PDONE | \
				 UMAC_IRQ_RXDMA_BDONE)
#define UMAC_IRQ_TX_ALL		(UMAC_IRQ_TXDMA_MBDONE | UMAC_IRQ_TXDMA_PDONE | \
				 UMAC_IRQ_TXDMA_BDONE)
/* INTRL2_1: bit q, TX ring q done; bit 16 + q, RX ring q done */
#define UMAC_IRQ1_TX_INTR_MASK	0xFFFFu
#define UMAC_IRQ1_RX_INTR_SHIFT	16

/* DMA blocks: descriptors, then 17 ring register sets, then DMA regs */
#define GENET_RDMA_BASE		0x2000
#define GENET_TDMA_BASE		0x4000
#define GENET_DMA_RING_SIZE	0x40
#define GENET_RING_REGS		(GENET_TOTAL_DESC * GENET_DESC_SIZE)
#define GENET_DMA_REGS		(GENET_RING_REGS + GENET_NR_RINGS * GENET_DMA_RING_SIZE)

/* per-ring registers (genet_dma_ring_regs_v4) */
#define TDMA_CONS_INDEX		0x08	/* RDMA: RDMA_PROD_INDEX */
#define TDMA_PROD_INDEX		0x0C	/* RDMA: RDMA_CONS_INDEX */
#define RDMA_PROD_INDEX		TDMA_CONS_INDEX
#define RDMA_CONS_INDEX		TDMA_PROD_INDEX
#define DMA_RING_BUF_SIZE	0x10
#define DMA_START_ADDR		0x14
#define DMA_END_ADDR		0x1C
#define DMA_MBUF_DONE_THRESH	0x24
#define DMA_RING_SIZE_SHIFT	16
#define DMA_P_INDEX_MASK	0xFFFFu
#define DMA_C_INDEX_MASK	0xFFFFu

/* DMA registers (bcmgenet_dma_regs_v3plus) */
#define DMA_RING_CFG		0x00
#define DMA_CTRL		0x04
#define DMA_ARB_CTRL		0x2C
#define DMA_RING16_TIMEOUT	0x70	/* model offset, UNVERIFIED */
#define DMA_EN			(1u << 0)
#define DMA_RING_BUF_EN_SHIFT	1
#define DMA_ARBITER_SP		0x02
#define DMA_TIMEOUT_MASK	0xFFFFu

/* descriptor length_status */
#define DMA_BUFLENGTH_SHIFT	16
#define DMA_BUFLENGTH_MASK	0x0FFFu
#define DMA_EOP			0x4000u
#define DMA_SOP			0x2000u
#define DMA_TX_APPEND_CRC	0x0040u

#define GENET_TX_DESC(i, w)	(GENET_TDMA_BASE + (i) * GENET_DESC_SIZE + 4 * (w))
#define GENET_RX_DESC(i, w)	(GENET_RDMA_BASE + (i) * GENET_DESC_SIZE + 4 * (w))
#define GENET_TDMA_RING(r, reg)	(GENET_TDMA_BASE + GENET_RING_REGS + (r) * GENET_DMA_RING_SIZE + (reg))
#define GENET_RDMA_RING(r, reg)	(GENET_RDMA_BASE + GENET_RING_REGS + (r) * GENET_DMA_RING_SIZE + (reg))
#define GENET_TDMA_REG(reg)	(GENET_TDMA_BASE + GENET_DMA_REGS + (reg))
#define GENET_RDMA_REG(reg)	(GENET_RDMA_BASE + GENET_DMA_REGS + (reg))

#endif
