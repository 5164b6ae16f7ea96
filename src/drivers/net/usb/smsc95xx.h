/* SPDX-License-Identifier: MIT */
/*
 * smsc95xx's USB framing (drivers/net/usb/smsc95xx.c, 6.18), used by the
 * usbnet model (usbnet.c): what smsc95xx_tx_fixup puts before a frame.
 */
#ifndef NICSIM_DRIVERS_NET_USB_SMSC95XX_H
#define NICSIM_DRIVERS_NET_USB_SMSC95XX_H

#include <stdint.h>
#include "nicsim/skb.h"

#define SMSC95XX_TX_OVERHEAD		8	/* TX_CMD_A + TX_CMD_B */
#define SMSC95XX_TX_OVERHEAD_CSUM	12	/* + the checksum preamble */

/*
 * smsc95xx_tx_fixup's framing for skb: 12 bytes when the stack left the
 * checksum to the device (CHECKSUM_PARTIAL: an IPv4 TCP or UDP packet
 * that is not a fragment, NETIF_F_IP_CSUM being on from smsc95xx_bind)
 * and smsc95xx_can_tx_checksum accepts it, else 8.
 */
uint32_t smsc95xx_tx_overhead(const struct sk_buff *skb);

#endif
