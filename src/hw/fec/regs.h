/* SPDX-License-Identifier: MIT */
/*
 * The Freescale/NXP ENET (the "FEC" of the i.MX SoCs): the register
 * offsets, interrupt event bits, coalescing fields and buffer descriptor
 * bits the model uses. The values are the hardware's, as
 * drivers/net/ethernet/freescale/fec.h names them (read in torvalds/linux
 * at 0140a7168f8b, a 6.x tree); only what the model reads or writes is
 * here.
 * Deviation: a descriptor holds the skb (a host pointer) and, for a
 * software-TSO segment, the segment's payload offset, instead of the
 * 32-bit DMA address in cbd_bufaddr; the enhanced descriptor's other
 * words (timestamps, protocol checks) are not kept.
 */
#ifndef NICSIM_HW_FEC_REGS_H
#define NICSIM_HW_FEC_REGS_H

#include <stdint.h>

/* Register offsets (the ENET-MAC layout of CONFIG_ARM / CONFIG_ARM64) */
#define FEC_IEVENT		0x004	/* EIR: interrupt events, write 1 to clear */
#define FEC_IMASK		0x008	/* EIMR: interrupt mask (1 = enabled) */
#define FEC_R_DES_ACTIVE_0	0x010	/* RDAR: RX descriptors were given back */
#define FEC_X_DES_ACTIVE_0	0x014	/* TDAR: TX descriptors are ready */
#define FEC_ECNTRL		0x024	/* ECR: ETHEREN */
#define FEC_TXIC0		0x0f0	/* TX interrupt coalescing, ring 0 */
#define FEC_RXIC0		0x100	/* RX interrupt coalescing, ring 0 */

/* ECR */
#define FEC_ECR_ETHEREN		(1u << 1)

/* EIR / EIMR bits */
#define FEC_ENET_TXF_0		0x08000000u	/* a frame was transmitted (ring 0) */
#define FEC_ENET_RXF_0		0x02000000u	/* a frame was received (ring 0) */
#define FEC_ENET_MII		0x00800000u
#define FEC_DEFAULT_IMASK	(FEC_ENET_TXF_0 | FEC_ENET_RXF_0)

/* TXICn / RXICn */
#define FEC_ITR_EN		(1u << 31)	/* ICEN */
#define FEC_ITR_CLK_SEL		(1u << 30)	/* ICCS: the ENET system clock */
#define FEC_ITR_ICFT(x)		(((uint32_t)(x) & 0xffu) << 20)
#define FEC_ITR_ICTT(x)		((uint32_t)(x) & 0xffffu)
#define FEC_ITR_GET_ICFT(v)	(((v) >> 20) & 0xffu)
#define FEC_ITR_GET_ICTT(v)	((v) & 0xffffu)

/* Buffer descriptor control/status (cbd_sc), TX */
#define BD_ENET_TX_READY	0x8000u
#define BD_ENET_TX_WRAP		0x2000u
#define BD_ENET_TX_INTR		0x1000u
#define BD_ENET_TX_LAST		0x0800u
#define BD_ENET_TX_TC		0x0400u
/* RX */
#define BD_ENET_RX_EMPTY	0x8000u
#define BD_ENET_RX_WRAP		0x2000u
#define BD_ENET_RX_LAST		0x0800u
/* Enhanced descriptor (cbd_esc) */
#define BD_ENET_TX_INT		0x40000000u
#define BD_ENET_RX_INT		0x00800000u

struct fec_bufdesc {
	uint16_t	cbd_datlen;
	uint16_t	cbd_sc;
	uint32_t	cbd_esc;	/* bufdesc_ex: BD_ENET_TX_INT / RX_INT */
	uint64_t	buf;		/* the skb (see Deviation) */
	uint32_t	seg_off;	/* TSO: the segment's payload offset */
	uint8_t		tso_hdr;	/* TSO: this BD is a segment's header */
};

#endif
