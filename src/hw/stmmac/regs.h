/* SPDX-License-Identifier: MIT */
/*
 * Synopsys DesignWare GMAC (dwmac1000 generation, as stmmac drives it): the
 * DMA register offsets, status / interrupt-enable bits and the normal
 * descriptor layout the model uses. The values are the hardware's, as
 * drivers/net/ethernet/stmicro/stmmac/dwmac_dma.h and descs.h name them
 * (read in the 3.x and 4.x trees cited in dwmac.h); only what the model
 * reads or writes is here.
 * Deviation: a descriptor's buffer address is a host pointer (the skb),
 * 64 bits wide, instead of the 32-bit DMA address in des2.
 */
#ifndef NICSIM_HW_STMMAC_REGS_H
#define NICSIM_HW_STMMAC_REGS_H

#include <stdint.h>

/* DMA CSRs (dwmac_dma.h) */
#define DMA_XMT_POLL_DEMAND	0x00001004	/* TX poll demand: any write */
#define DMA_RCV_POLL_DEMAND	0x00001008
#define DMA_STATUS		0x00001014	/* write 1 to clear */
#define DMA_CONTROL		0x00001018	/* operation mode */
#define DMA_INTR_ENA		0x0000101c

/*
 * GMAC4 (dwmac4_dma.h, read in a 4.1x tree and in 5.x / 6.x trees): a
 * block of registers per DMA channel x at DMA_CHAN_BASE_ADDR + x * 0x80.
 * Only the TX side and the channel's status / enable are modelled (see
 * dwmac.h for the bits they hold).
 */
#define DMA_CHAN_BASE_ADDR	0x00001100
#define DMA_CHAN_BASE_OFFSET	0x80
#define DMA_CHANX_BASE_ADDR(x)	(DMA_CHAN_BASE_ADDR + (x) * DMA_CHAN_BASE_OFFSET)
#define DMA_CHAN_TX_CONTROL(x)	(DMA_CHANX_BASE_ADDR(x) + 0x04)	/* bit 0: ST */
#define DMA_CHAN_TX_END_ADDR(x)	(DMA_CHANX_BASE_ADDR(x) + 0x20)	/* tail pointer */
#define DMA_CHAN_INTR_ENA(x)	(DMA_CHANX_BASE_ADDR(x) + 0x34)
#define DMA_CHAN_STATUS(x)	(DMA_CHANX_BASE_ADDR(x) + 0x60)
#define DMA_CHAN_TX_CONTROL_ST	0x00000001
#define DMA_MAX_CHANNELS	8	/* MTL_MAX_TX_QUEUES */

/* DMA_CONTROL */
#define DMA_CONTROL_SR		0x00000002	/* start RX */
#define DMA_CONTROL_ST		0x00002000	/* start TX */

/* DMA_STATUS */
#define DMA_STATUS_TI		0x00000001	/* a frame with IC went out */
#define DMA_STATUS_TPS		0x00000002	/* TX process stopped */
#define DMA_STATUS_TU		0x00000004	/* TX buffer unavailable */
#define DMA_STATUS_RI		0x00000040	/* a frame was received */
#define DMA_STATUS_RU		0x00000080	/* RX buffer unavailable */
#define DMA_STATUS_AIS		0x00008000	/* abnormal summary */
#define DMA_STATUS_NIS		0x00010000	/* normal summary */

/* DMA_INTR_ENA */
#define DMA_INTR_ENA_TIE	0x00000001
#define DMA_INTR_ENA_TUE	0x00000004
#define DMA_INTR_ENA_RIE	0x00000040
#define DMA_INTR_ENA_RUE	0x00000080
#define DMA_INTR_ENA_AIE	0x00008000
#define DMA_INTR_ENA_NIE	0x00010000
#define DMA_INTR_NORMAL		(DMA_INTR_ENA_NIE | DMA_INTR_ENA_RIE | DMA_INTR_ENA_TIE)
#define DMA_INTR_ABNORMAL	DMA_INTR_ENA_AIE
#define DMA_INTR_DEFAULT_MASK	(DMA_INTR_NORMAL | DMA_INTR_ABNORMAL)

/* Normal descriptors (descs.h): des0 status, des1 control */
#define TDES0_OWN		(1u << 31)
#define TDES1_BUFFER1_SIZE_MASK	0x000007ffu
#define TDES1_END_RING		(1u << 25)
#define TDES1_FIRST_SEGMENT	(1u << 29)
#define TDES1_LAST_SEGMENT	(1u << 30)
#define TDES1_INTERRUPT		(1u << 31)	/* IC: raise TI when done */

#define RDES0_OWN		(1u << 31)
#define RDES0_FRAME_LEN_MASK	0x3fff0000u
#define RDES0_FRAME_LEN_SHIFT	16
#define RDES0_FIRST_DESCRIPTOR	(1u << 9)
#define RDES0_LAST_DESCRIPTOR	(1u << 8)
#define RDES1_BUFFER1_SIZE_MASK	0x000007ffu
#define RDES1_END_RING		(1u << 25)

struct dma_desc {
	uint32_t	des0;
	uint32_t	des1;
	uint64_t	buf;		/* des2: the skb (see Deviation) */
};

#endif
