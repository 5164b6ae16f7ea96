/* SPDX-License-Identifier: MIT */
/*
 * The contract between the mvneta driver and the NETA device model:
 * register offsets and bit fields as in drivers/net/ethernet/marvell/
 * mvneta.c (3.10 to 6.18), and the descriptor layouts in ring memory.
 * The driver touches the device only through mvneta_dev_read/write and
 * the rings; the device owns every counter behind these registers.
 *
 * Deviation: descriptors carry the buffer as a host pointer (buf) instead
 * of a 32-bit bus address; ring bases are written as small DMA handles
 * from the host's table.
 */
#ifndef NICSIM_NIC_MVNETA_REGS_H
#define NICSIM_NIC_MVNETA_REGS_H

#include <stdint.h>

#define MVNETA_MAX_QUEUES		8

#define MVNETA_RXQ_SIZE_REG(q)		(0x1400 + ((q) << 2))	/* bits 0..13 size */
#define MVNETA_RXQ_STATUS_REG(q)	(0x1420 + ((q) << 2))
#define  MVNETA_RXQ_OCCUPIED_ALL_MASK	0x3fff
#define  MVNETA_RXQ_NON_OCCUPIED_SHIFT	16
#define MVNETA_RXQ_STATUS_UPDATE_REG(q)	(0x1460 + ((q) << 2))
#define  MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT 16
#define  MVNETA_RXQ_ADD_NON_OCCUPIED_MAX 255
#define MVNETA_RXQ_BASE_ADDR_REG(q)	(0x1480 + ((q) << 2))
#define MVNETA_RXQ_THRESHOLD_REG(q)	(0x14c0 + ((q) << 2))	/* occupied-descs threshold */
#define MVNETA_RXQ_TIME_COAL_REG(q)	(0x1580 + ((q) << 2))	/* in core clock cycles */

#define MVNETA_INTR_NEW_CAUSE		0x25a0
#define MVNETA_INTR_NEW_MASK		0x25a4
#define  MVNETA_TX_INTR_MASK(nr_txqs)	(((1 << (nr_txqs)) - 1) << 0)
#define  MVNETA_TX_INTR_MASK_ALL	(0xff << 0)
#define  MVNETA_RX_INTR_MASK(nr_rxqs)	(((1 << (nr_rxqs)) - 1) << 8)
#define  MVNETA_RX_INTR_MASK_ALL	(0xff << 8)
/* Port configuration: the default RX queue for every class of traffic
 * (MVNETA_PORT_CONFIG_DEFL_VALUE(rxq_def) sets DEF_RXQ, _ARP, _TCP, _UDP
 * and _BPDU alike; the device model reads DEF_RXQ). */
#define MVNETA_PORT_CONFIG		0x2400
#define  MVNETA_DEF_RXQ(q)		((q) << 1)
#define  MVNETA_DEF_RXQ_MASK		(7u << 1)

/* Transmit Queue Fixed Priority Configuration, bit q = TX queue q (the
 * version-1 TX queue arbiter; offset from NetBSD sys/dev/marvell/
 * mvxpereg.h MVXPE_TQFPC_V1; mvneta.c never writes it). */
#define MVNETA_TXQ_FIXED_PRIO		0x24dc
/* Transmit Queue Arbiter Configuration (TQxAC): bits 0-7 the queue's WRR
 * weight in units of 256 bytes, which must exceed the port's MTU (Marvell's
 * NETA HAL: NETA_TXQ_WRR_ARBITER_REG at TX base + 0x1a80, mvNetaTxqWrrPrioSet;
 * mvneta.c never writes it). */
#define MVNETA_TXQ_WRR_ARB_REG(q)	(0x3e80 + ((q) << 2))
#define  MVNETA_TXQ_WRR_WEIGHT_MASK	0xff
#define MVNETA_CPU_MAP(cpu)		(0x2540 + ((cpu) << 2))
#define  MVNETA_CPU_RXQ_ACCESS(q)	(1u << (q))
#define  MVNETA_CPU_TXQ_ACCESS(q)	(1u << ((q) + 8))

#define MVNETA_PORT_TX_RESET		0x3cf0
#define  MVNETA_PORT_TX_DMA_RESET	(1u << 0)
#define MVNETA_TXQ_BASE_ADDR_REG(q)	(0x3c00 + ((q) << 2))
#define MVNETA_TXQ_SIZE_REG(q)		(0x3c20 + ((q) << 2))
#define  MVNETA_TXQ_SENT_THRESH_SHIFT	16
#define  MVNETA_TXQ_SENT_THRESH_MASK	0x3fff
#define MVNETA_TXQ_STATUS_REG(q)	(0x3c40 + ((q) << 2))
#define  MVNETA_TXQ_SENT_DESC_SHIFT	16
#define  MVNETA_TXQ_SENT_DESC_MASK	0x3fff0000
#define MVNETA_TXQ_UPDATE_REG(q)	(0x3c60 + ((q) << 2))
#define  MVNETA_TXQ_DEC_SENT_SHIFT	16
#define  MVNETA_TXQ_PEND_MAX		255

#define MVNETA_TXD_L_DESC		(1u << 20)	/* last descriptor of a frame */
#define MVNETA_TXD_F_DESC		(1u << 21)	/* first descriptor of a frame */

struct mvneta_tx_desc {
	uint32_t	command;
	uint16_t	data_size;
	uint32_t	seg_off;	/* TSO: payload offset of this segment */
	uint64_t	buf;		/* the skb whose frame the device reads */
};

struct mvneta_rx_desc {
	uint32_t	status;
	uint16_t	data_size;
	uint64_t	buf;		/* the buffer skb the device writes into */
};

#endif
