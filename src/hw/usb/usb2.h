/* SPDX-License-Identifier: MIT */
/*
 * A USB 2.0 high-speed host controller (EHCI-like) with one USB Ethernet
 * function behind it: the bulk-OUT and bulk-IN endpoints the usbnet
 * driver (src/drivers/net/usb/usbnet.c) queues URBs on, the function's
 * TX and RX FIFOs, and its Ethernet MAC on the link.
 * No kernel source for the timing: the USB 2.0 specification (rev 2.0,
 * 2000) as read: high speed signals at 480 Mbit/s in microframes of
 * 125 us; a bulk endpoint's max packet size is 512 bytes; at most 13
 * such bulk transactions fit in one microframe (table 5-10, "High-speed
 * Bulk Transaction Limits": 13 x 512 = 6656 bytes per microframe), the
 * rest of the microframe going to tokens, handshakes, inter-packet gaps
 * and bit stuffing; a transfer ends with a short packet (or a zero-length
 * one, which usbnet avoids). EHCI (rev 1.0) as read: the controller
 * retires a qTD (clears Active, writes the bytes left) when its last
 * packet is acknowledged and raises USBINT in USBSTS for a qTD with IOC
 * at the end of the microframe, or later by the interrupt threshold of
 * USBCMD (ITC); Linux's ehci-hcd sets 1 microframe (log2_irq_thresh 0).
 *
 * Model, per microframe, from its start:
 *  - completions of the last microframe are retired (Active cleared,
 *    USBINT set, the line raised if USBINTR allows it); the data they
 *    carried is in the function's TX FIFO from then on;
 *  - up to USB2_BULK_PER_UFRAME packet slots are handed out: bulk OUT
 *    first (the oldest active OUT qTD), then bulk IN. An OUT packet the
 *    TX FIFO has no room for is NAKed and ends the OUT side for this
 *    microframe (the function's flow control; EHCI's PING is not
 *    modelled apart). An IN packet is served only while received data
 *    waits and an IN qTD is active (otherwise the function NAKs); how
 *    frames make up transfers is the RX encapsulation's (below).
 *  - the MAC sends a frame once all of it is in the TX FIFO and the wire
 *    is free; its FIFO space is freed when its last bit has left.
 *  - a frame from the wire is stored in the RX FIFO if it fits, else
 *    dropped (rx_fifo_drops).
 * The controller ticks only while it has work; an idle one wakes at the
 * next microframe boundary after a qTD is linked (a real one polls its
 * schedule every microframe, with the same effect on timing).
 * Deviation: OUT before IN in every microframe, one bulk-OUT and one
 * bulk-IN endpoint, no interrupt endpoint (link status), no split
 * transactions, no errors or retries, no SOF; a qTD's buffer is the skb.
 * Deviation: the function's FIFO sizes (usb2_hw_init) are assumptions
 * (UNVERIFIED against a datasheet); they decide how far URB completion
 * runs ahead of the wire, not the wire's rate.
 * RX encapsulation (usb2_hw_set_rx_format), as the LAN950x data sheet
 * (DS00001875, section 5.3.1.1, "Endpoint 1 (Bulk In)") describes the
 * UTX: each frame travels as an RX status word and RXDOFF bytes
 * (rx_hdr), the frame, its FCS and RX COE word (rx_tail).
 *  - SEF: one frame per transfer, ending on its last byte.
 *  - MEF (multiple frames per transfer, burst cap enabled): frames are
 *    packed back to back, each padded to a DWORD, into 512-byte packets,
 *    up to the burst cap's bytes; a frame that would cross the burst cap
 *    waits for the next transfer, and its waiting ends the current one at
 *    once. A full packet goes as soon as its bytes are there; the
 *    transfer's short packet (or ZLP) waits for the Bulk-In delay, timed
 *    from the last full packet, or from the first frame's arrival when the
 *    transfer holds no full packet yet. The delay ends within a
 *    microframe: the host keeps polling a NAKing bulk-IN endpoint, so the
 *    short packet goes in the microframe in which the delay expires.
 * Deviation (MEF): every frame is counted padded to a DWORD, the last
 * of a transfer too (at most 3 bytes more); a frame leaves the RX FIFO
 * when it is put into a transfer, not as its bytes go.
 * Leaves out: the Raspberry Pi's DWC2 (dwc_otg) controller, which is not
 * EHCI and schedules by host channels with per-microframe interrupts;
 * USB 3 SuperSpeed; the hub (the Pi 3's LAN9514 sits behind its own hub,
 * sharing the bus with the other ports, all idle here).
 */
#ifndef NICSIM_HW_USB2_H
#define NICSIM_HW_USB2_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "nicsim/skb.h"
#include "nicsim/time.h"

struct host;
struct eth_port;
struct irq_desc;
struct sk_buff;

#define USB2_UFRAME_PS		(125 * (sim_time_t)1000000)	/* 125 us */
#define USB2_BULK_MAXP		512u
#define USB2_BULK_PER_UFRAME	13u

/* Registers (EHCI operational register offsets) */
#define USB2_USBCMD		0x00
#define USB2_USBSTS		0x04
#define USB2_USBINTR		0x08
#define USB2_CMD_RUN		(1u << 0)
#define USB2_CMD_ITC(n)		(((n) & 0xffu) << 16)	/* interrupt threshold, microframes */
#define USB2_STS_USBINT		(1u << 0)	/* a qTD with IOC retired; write 1 to clear */

/* qTD token */
#define USB2_QTD_ACTIVE		(1u << 31)
#define USB2_QTD_IOC		(1u << 15)
#define USB2_QTD_HALTED		(1u << 6)	/* retired without completing (unlinked) */
#define USB2_QTD_LEN(t)		((t) & 0x7fffu)	/* bytes to move (model: low 15 bits) */

/* A queue element transfer descriptor, in a ring per endpoint. */
struct usb2_qtd {
	uint32_t	token;		/* ACTIVE, IOC, length */
	uint32_t	actual;		/* bytes moved, written at retirement */
	uint32_t	nframes;	/* Ethernet frames in the buffer */
	uint32_t	hdr;		/* OUT: bytes of USB framing before the frame(s) */
	uint64_t	buf;		/* the skb (see Deviation) */
};

/* A frame inside the function's TX FIFO. */
struct usb2_fifo_frame {
	struct sk_buff	*skb;		/* the driver's; copied onto the wire */
	uint32_t	bytes;		/* FIFO bytes it holds */
};

#define USB2_TXF_MAX	64

struct usb2_hw {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	uint32_t	usbcmd, usbsts, usbintr;
	struct sim_event ufr_ev, mac_ev;
	sim_time_t	ufr_start;	/* the microframe planned last */
	uint32_t	itc_left;	/* microframes until USBINT may be raised */
	bool		ioc_pending;	/* a retired IOC qTD waits for the threshold */
	/* rings */
	struct usb2_qtd	*out, *in;
	uint32_t	out_n, in_n, out_rd, in_rd;
	uint32_t	out_sent;	/* bytes of out[out_rd] moved so far */
	uint32_t	in_sent;
	uint32_t	out_done_n, in_done_n;	/* retired at the next microframe start */
	/* TX FIFO: frames fully received, in order */
	uint32_t	txf_size, txf_used;
	struct usb2_fifo_frame txf[USB2_TXF_MAX];
	uint32_t	txf_head, txf_count, txf_ready;	/* ready: whole, not yet sent */
	bool		mac_busy;
	/* RX FIFO */
	uint32_t	rxf_size, rxf_used, rx_hdr, rx_tail;
	struct sk_buff	*rxf[USB2_TXF_MAX];
	sim_time_t	rxf_t[USB2_TXF_MAX];	/* arrival */
	/* MEF: the burst cap in bytes, the Bulk-In delay; the transfer in
	 * progress: bytes given to it, its frames, its delay's start */
	bool		rx_mef;
	uint32_t	rx_burst;
	sim_time_t	rx_dly;
	uint32_t	in_assigned;
	struct skb_queue in_frames;
	sim_time_t	in_dly_start;
	uint32_t	rxf_head, rxf_count;
	/* statistics */
	uint64_t	tx_frames, tx_bytes, rx_frames, rx_fifo_drops;
	uint64_t	out_packets, in_packets, naks, uframes, irqs;
	uint64_t	out_retired, in_retired;
};

/*
 * txf / rxf: the function's FIFO bytes; rx_hdr: bytes of USB framing the
 * function puts before a received frame.
 */
void usb2_hw_init(struct usb2_hw *d, struct host *host, struct eth_port *port,
		  struct irq_desc *irq, uint32_t txf, uint32_t rxf, uint32_t rx_hdr);
/*
 * The function's RX encapsulation as its driver set it up: rx_tail bytes
 * after each frame (FCS, checksum word); mef: several frames per
 * bulk-IN transfer, up to burst bytes, the short packet held back by
 * dly (see the contract above). A MEF transfer's qTD takes a list of
 * frames (->next), nframes of them.
 */
void usb2_hw_set_rx_format(struct usb2_hw *d, uint32_t rx_tail, bool mef, uint32_t burst,
			   sim_time_t dly);
/* The async schedule: the driver's qTD rings (power-of-two sizes). */
void usb2_hw_set_rings(struct usb2_hw *d, struct usb2_qtd *out, uint32_t out_n,
		       struct usb2_qtd *in, uint32_t in_n);
uint32_t usb2_hw_read(struct usb2_hw *d, uint32_t reg);
void usb2_hw_write(struct usb2_hw *d, uint32_t reg, uint32_t val);
/* The HCD linked a qTD: wake the controller if idle. */
void usb2_hw_kick(struct usb2_hw *d);
/* Unlink every active qTD of the OUT ring (usb_unlink_urb of each):
 * retired with their bytes not sent; returns how many. */
uint32_t usb2_hw_unlink_out(struct usb2_hw *d);
/* Frames queued to the function (active OUT qTDs) that have not started
 * on the wire, for tx_backlog. */
uint32_t usb2_hw_tx_backlog(const struct usb2_hw *d);

#endif
