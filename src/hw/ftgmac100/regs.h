/* SPDX-License-Identifier: MIT */
/*
 * Faraday FTGMAC100 (as in the ASPEED AST2400..AST2600 BMCs): the
 * register offsets, interrupt bits and descriptor layouts the model uses.
 * The values are the hardware's, as drivers/net/ethernet/faraday/
 * ftgmac100.h (Linux 6.6) names them; only what the model reads or
 * writes is here.
 * Deviation: a descriptor's buffer address is a host pointer (the skb),
 * 64 bits wide, instead of the 32-bit DMA address in txdes3 / rxdes3.
 */
#ifndef NICSIM_HW_FTGMAC100_REGS_H
#define NICSIM_HW_FTGMAC100_REGS_H

#include <stdint.h>

/* Register offsets */
#define FTGMAC100_OFFSET_ISR		0x00	/* interrupt status, write 1 to clear */
#define FTGMAC100_OFFSET_IER		0x04	/* interrupt enable */
#define FTGMAC100_OFFSET_NPTXPD		0x18	/* normal-priority TX poll demand */
#define FTGMAC100_OFFSET_MACCR		0x50	/* MAC control */

/* ISR / IER bits */
#define FTGMAC100_INT_RPKT_BUF		(1u << 0)	/* a frame went to an RX buffer */
#define FTGMAC100_INT_RPKT_FIFO		(1u << 1)
#define FTGMAC100_INT_NO_RXBUF		(1u << 2)	/* no free RX descriptor */
#define FTGMAC100_INT_RPKT_LOST		(1u << 3)
#define FTGMAC100_INT_XPKT_ETH		(1u << 4)	/* a frame left for the wire */
#define FTGMAC100_INT_XPKT_FIFO		(1u << 5)
#define FTGMAC100_INT_NO_NPTXBUF	(1u << 6)
#define FTGMAC100_INT_XPKT_LOST		(1u << 7)
#define FTGMAC100_INT_AHB_ERR		(1u << 8)

/* MACCR bits */
#define FTGMAC100_MACCR_TXDMA_EN	(1u << 0)
#define FTGMAC100_MACCR_RXDMA_EN	(1u << 1)
#define FTGMAC100_MACCR_TXMAC_EN	(1u << 2)
#define FTGMAC100_MACCR_RXMAC_EN	(1u << 3)
#define FTGMAC100_MACCR_SW_RST		(1u << 31)

/* TX descriptor word 0 */
#define FTGMAC100_TXDES0_TXBUF_SIZE(x)	((x) & 0x3fffu)
#define FTGMAC100_TXDES0_LTS		(1u << 28)	/* last segment */
#define FTGMAC100_TXDES0_FTS		(1u << 29)	/* first segment */
#define FTGMAC100_TXDES0_EDOTR_ASPEED	(1u << 30)	/* end of ring (ASPEED) */
#define FTGMAC100_TXDES0_TXDMA_OWN	(1u << 31)	/* the device owns it */

/* RX descriptor word 0 */
#define FTGMAC100_RXDES0_VDBC		0x3fffu		/* received length */
#define FTGMAC100_RXDES0_LRS		(1u << 28)
#define FTGMAC100_RXDES0_FRS		(1u << 29)
#define FTGMAC100_RXDES0_EDORR_ASPEED	(1u << 30)	/* end of ring (ASPEED) */
#define FTGMAC100_RXDES0_RXPKT_RDY	(1u << 31)	/* filled: the driver owns it */

struct ftgmac100_txdes {
	uint32_t	txdes0;
	uint32_t	txdes1;
	uint64_t	buf;		/* txdes3: the skb (see Deviation) */
};

struct ftgmac100_rxdes {
	uint32_t	rxdes0;
	uint32_t	rxdes1;
	uint64_t	buf;		/* rxdes3: the frame (see ftgmac100.h) */
};

#endif
