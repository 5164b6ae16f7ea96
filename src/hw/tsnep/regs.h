/* SPDX-License-Identifier: MIT */
/*
 * Engleder TSN endpoint Ethernet MAC (TSNEP): the register offsets,
 * interrupt bits, interrupt delay field and descriptor bits the model
 * uses. The values are the hardware's as drivers/net/ethernet/engleder/
 * tsnep_hw.h names them (read at 5.17's driver and at the 6.2 series that
 * adds ECM_INT_DELAY); only what the model reads or writes is here.
 * Deviation: a descriptor's buffer is a host pointer (the skb) instead of
 * a DMA address, and the ring is the array order instead of each
 * descriptor's `next` DMA pointer (tsnep links them into a ring anyway).
 */
#ifndef NICSIM_HW_TSNEP_REGS_H
#define NICSIM_HW_TSNEP_REGS_H

#include <stdint.h>

/* ECM registers (queue 0's block starts at offset 0) */
#define ECM_INT_ENABLE			0x0018	/* write: set bits; with DISABLE: clear them */
#define ECM_INT_ACTIVE			0x001C	/* read: active causes */
#define ECM_INT_ACKNOWLEDGE		0x001C	/* write 1 to clear */
#define ECM_INT_LINK			0x00000020u
#define ECM_INT_TX_0			0x00000100u
#define ECM_INT_RX_0			0x00000200u
#define ECM_INT_TXRX_SHIFT		2	/* queue n: TX_0 / RX_0 << 2n */
#define ECM_INT_ALL			0x7FFFFFFFu
#define ECM_INT_DISABLE			0x80000000u

/* Interrupt delay: one byte per queue at ECM_INT_DELAY + n; bits 7:4
 * count ECM_INT_DELAY_BASE_US microseconds. Bits 3:0 are not named by
 * the driver, which preserves them. */
#define ECM_INT_DELAY			0x0030
#define ECM_INT_DELAY_MASK		0xF0u
#define ECM_INT_DELAY_SHIFT		4
#define ECM_INT_DELAY_BASE_US		16
#define ECM_INT_DELAY_OFFSET		1

/* per-queue registers */
#define TSNEP_CONTROL			0x0108
#define TSNEP_CONTROL_TX_ENABLE		0x00000002u
#define TSNEP_CONTROL_RX_ENABLE		0x00000200u
#define TSNEP_CONTROL_RX_DISABLE	0x00000400u
#define TSNEP_RX_STATISTIC		0x0190
#define TSNEP_RX_STATISTIC_NO_DESC_MASK	0x000000FFu

#define TSNEP_MAX_FRAME_SIZE		(2 * 1024)

/* descriptor properties (TX and RX, and their writebacks) */
#define TSNEP_DESC_OWNER_COUNTER_MASK	0xC0000000u
#define TSNEP_DESC_OWNER_COUNTER_SHIFT	30
#define TSNEP_DESC_LENGTH_MASK		0x00003FFFu
#define TSNEP_DESC_INTERRUPT_FLAG	0x00040000u
#define TSNEP_TX_DESC_OWNER_MASK	0xE0000000u	/* owner counter and user flag */
#define TSNEP_TX_DESC_OWNER_USER_FLAG	0x20000000u
#define TSNEP_TX_DESC_LAST_FRAGMENT_FLAG 0x00010000u

/* RX: the device writes 16 bytes of metadata (counter, timestamp) before
 * the frame, and the FCS after it; the writeback length counts both. */
#define TSNEP_RX_INLINE_METADATA_SIZE	16
#define ETH_FCS_LEN			4

struct tsnep_tx_desc {
	uint32_t	properties;
	uint32_t	more_properties;
	uint64_t	tx;		/* the skb (see Deviation) */
};

struct tsnep_tx_desc_wb {
	uint32_t	properties;
	/* Deviation: not in the writeback; the owner counter the device last
	 * consumed in this slot, which the IP keeps to itself (tsnep.h) */
	uint32_t	consumed;
};

struct tsnep_rx_desc {
	uint32_t	properties;	/* buffer size, INTERRUPT_FLAG, owner counter */
	uint64_t	rx;		/* the frame the device stored (see tsnep.h) */
};

struct tsnep_rx_desc_wb {
	uint32_t	properties;	/* length, owner counter */
};

#endif
