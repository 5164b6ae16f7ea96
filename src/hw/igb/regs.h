/* SPDX-License-Identifier: MIT */
/*
 * Intel I210 (igb family) registers and advanced descriptors, as
 * drivers/net/ethernet/intel/igb/e1000_regs.h, e1000_defines.h and
 * e1000_82575.h name them (read in torvalds/linux, 6.x trees). Only what
 * the model uses. Offsets are the per-queue register blocks of the
 * 82575-and-later MACs: TX queue n at 0xE000 + 0x40 * n, RX queue n at
 * 0xC000 + 0x40 * n.
 * Deviation: a descriptor's buffer address holds the skb (TX) or the
 * stored frame (RX) instead of a DMA address; the TX context descriptor
 * keeps its type in cmd_type_len and its MSS / L4LEN in the olinfo word
 * (in hardware they are the type_tucmd_mlhl and mss_l4len_idx dwords).
 */
#ifndef NICSIM_HW_IGB_REGS_H
#define NICSIM_HW_IGB_REGS_H

#include <stdint.h>

#define E1000_CTRL		0x00000
#define E1000_STATUS		0x00008
#define E1000_RCTL		0x00100
#define E1000_TCTL		0x00400
#define E1000_GPIE		0x01514
#define E1000_EICS		0x01520
#define E1000_EIMS		0x01524
#define E1000_EIMC		0x01528
#define E1000_EIAC		0x0152C
#define E1000_EIAM		0x01530
#define E1000_EICR		0x01580
#define E1000_EITR(n)		(0x01680u + 0x4u * (uint32_t)(n))
#define E1000_IVAR0		0x01700
#define E1000_IVAR(i)		(E1000_IVAR0 + 0x4u * (uint32_t)(i))
#define E1000_RDH(n)		(0x0C010u + 0x40u * (uint32_t)(n))
#define E1000_RDT(n)		(0x0C018u + 0x40u * (uint32_t)(n))
#define E1000_RXDCTL(n)		(0x0C028u + 0x40u * (uint32_t)(n))
#define E1000_TDH(n)		(0x0E010u + 0x40u * (uint32_t)(n))
#define E1000_TDT(n)		(0x0E018u + 0x40u * (uint32_t)(n))
#define E1000_TXDCTL(n)		(0x0E028u + 0x40u * (uint32_t)(n))

#define E1000_CTRL_RST		0x04000000	/* global reset */
#define E1000_TCTL_EN		0x00000002
#define E1000_RCTL_EN		0x00000002
#define E1000_GPIE_MSIX_MODE	0x00000010
#define E1000_GPIE_EIAME	0x40000000
#define E1000_GPIE_PBA		0x80000000
#define E1000_TXDCTL_QUEUE_ENABLE 0x02000000
#define E1000_RXDCTL_QUEUE_ENABLE 0x02000000
#define E1000_TXDCTL_WTHRESH(v)	(((v) >> 16) & 0x1F)
#define E1000_IVAR_VALID	0x80
#define E1000_EITR_CNT_IGNR	0x80000000u
#define E1000_EITR_INTERVAL	0x00007FFCu	/* bits 14:2, microseconds */

/* advanced TX descriptor, cmd_type_len */
#define E1000_ADVTXD_DTYP_CTXT	0x00200000
#define E1000_ADVTXD_DTYP_DATA	0x00300000
#define E1000_ADVTXD_DCMD_EOP	0x01000000
#define E1000_ADVTXD_DCMD_IFCS	0x02000000
#define E1000_ADVTXD_DCMD_RS	0x08000000
#define E1000_ADVTXD_DCMD_DEXT	0x20000000
#define E1000_ADVTXD_DCMD_TSE	0x80000000u
#define E1000_ADVTXD_LEN_MASK	0x0000FFFF
#define E1000_ADVTXD_PAYLEN_SHIFT 14
#define E1000_ADVTXD_MSS_SHIFT	16
#define E1000_TXD_STAT_DD	0x00000001	/* written back in the olinfo word */

/* advanced RX descriptor write-back status */
#define E1000_RXD_STAT_DD	0x01
#define E1000_RXD_STAT_EOP	0x02

/* union e1000_adv_tx_desc: read format (the driver) and write-back (the
 * device: status in the upper dword, where olinfo_status was) */
struct e1000_adv_tx_desc {
	uint64_t	buffer_addr;
	uint32_t	cmd_type_len;
	uint32_t	olinfo_status;
};

/* union e1000_adv_rx_desc: pkt_addr, then the write-back's status_error
 * and length */
struct e1000_adv_rx_desc {
	uint64_t	pkt_addr;
	uint32_t	status_error;
	uint16_t	length;
	uint16_t	vlan;
};

#endif
