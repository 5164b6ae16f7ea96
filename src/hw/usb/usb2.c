// SPDX-License-Identifier: MIT
/*
 * A USB 2.0 high-speed host controller and a USB Ethernet function: the
 * microframe schedule of bulk packets, qTD retirement and USBINT, the
 * function's FIFOs and MAC. The contract, the sources read (USB 2.0 and
 * EHCI specifications) and what is left out are in usb2.h.
 */
#include <string.h>
#include "hw/usb/usb2.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

static void update_irq(struct usb2_hw *d)
{
	bool on = (d->usbsts & d->usbintr & USB2_STS_USBINT) != 0;

	if (on && !d->irq->level)
		d->irqs++;
	irq_set_level(d->irq, on);
}

static uint32_t itc(const struct usb2_hw *d)
{
	uint32_t n = (d->usbcmd >> 16) & 0xffu;

	return n ? n : 1;
}

/* The OUT qTD being moved: the oldest not already done this microframe. */
static uint32_t out_cur(const struct usb2_hw *d)
{
	return (d->out_rd + d->out_done_n) & (d->out_n - 1);
}

static uint32_t in_cur(const struct usb2_hw *d)
{
	return (d->in_rd + d->in_done_n) & (d->in_n - 1);
}

static bool out_active(const struct usb2_hw *d)
{
	return d->out && d->out_done_n < d->out_n &&
	       (d->out[out_cur(d)].token & USB2_QTD_ACTIVE);
}

static bool in_active(const struct usb2_hw *d)
{
	return d->in && d->in_done_n < d->in_n && (d->in[in_cur(d)].token & USB2_QTD_ACTIVE);
}

static bool has_work(const struct usb2_hw *d)
{
	return out_active(d) || d->out_done_n || d->in_done_n || d->ioc_pending ||
	       ((d->rxf_count || d->in_assigned) && in_active(d));
}

/* The next microframe boundary at or after t. */
static sim_time_t ufr_boundary(sim_time_t t)
{
	return (t + USB2_UFRAME_PS - 1) / USB2_UFRAME_PS * USB2_UFRAME_PS;
}

static void schedule_tick(struct usb2_hw *d, sim_time_t t)
{
	if (!(d->usbcmd & USB2_CMD_RUN) || sim_event_pending(&d->ufr_ev))
		return;
	sim_schedule(d->host->sim, &d->ufr_ev, ufr_boundary(t));
}

/* --- the function's MAC ----------------------------------------------- */

static void mac_kick(struct usb2_hw *d, sim_time_t t)
{
	struct usb2_fifo_frame *f;
	struct sk_buff *frame;
	sim_time_t start;

	if (d->mac_busy || !d->txf_ready)
		return;
	f = &d->txf[(d->txf_head + d->txf_count - d->txf_ready) % USB2_TXF_MAX];
	frame = f->skb;
	start = MAX(t, d->port->busy_until);
	frame->path[PATH_WIRE] = start;
	d->mac_busy = true;
	d->txf_ready--;
	d->tx_frames++;
	d->tx_bytes += frame->len;
	sim_schedule(d->host->sim, &d->mac_ev, eth_xmit(d->port, frame, start));
}

/* The oldest frame's last bit has left: its FIFO space is free. */
static void mac_done(struct sim *sim, struct sim_event *ev)
{
	struct usb2_hw *d = ev->arg;
	struct usb2_fifo_frame *f = &d->txf[d->txf_head];

	d->txf_used -= f->bytes;
	f->skb = NULL;
	d->txf_head = (d->txf_head + 1) % USB2_TXF_MAX;
	d->txf_count--;
	d->mac_busy = false;
	mac_kick(d, sim->now);
	schedule_tick(d, sim->now);	/* NAKed OUT packets may now fit */
}

/*
 * An OUT transfer has all arrived: its frames, copies of what the buffer
 * carries (one frame, or the datagrams of an NTB chained on ->next), wait
 * in the FIFO for the MAC. The framing bytes are dropped by the function.
 */
static void txf_push(struct usb2_hw *d, const struct usb2_qtd *q)
{
	const struct sk_buff *skb = (const struct sk_buff *)(uintptr_t)q->buf;
	uint32_t total = USB2_QTD_LEN(q->token), n;
	const struct sk_buff *src = q->nframes > 1 ? skb->next : skb;

	for (n = 0; n < q->nframes && src; n++, src = src->next) {
		struct usb2_fifo_frame *f;

		BUG_ON(d->txf_count == USB2_TXF_MAX);
		f = &d->txf[(d->txf_head + d->txf_count) % USB2_TXF_MAX];
		f->skb = skb_pool_copy(d->host->pool, src);
		f->skb->next = f->skb->prev = NULL;
		f->skb->path[PATH_HEAD] = d->host->sim->now;
		/* the transfer's bytes stay held until its last frame left */
		f->bytes = n + 1 == q->nframes ? total : 0;
		total = n + 1 == q->nframes ? 0 : total;
		d->txf_count++;
		d->txf_ready++;
		if (q->nframes == 1)
			break;
	}
}

/* --- the microframe ---------------------------------------------------- */

static void retire(struct usb2_hw *d)
{
	uint32_t i;

	for (i = 0; i < d->out_done_n; i++) {
		struct usb2_qtd *q = &d->out[d->out_rd];

		txf_push(d, q);
		q->actual = USB2_QTD_LEN(q->token);
		d->ioc_pending |= (q->token & USB2_QTD_IOC) != 0;
		q->token &= ~USB2_QTD_ACTIVE;
		d->out_rd = (d->out_rd + 1) & (d->out_n - 1);
		d->out_retired++;
	}
	d->out_done_n = 0;
	for (i = 0; i < d->in_done_n; i++) {
		struct usb2_qtd *q = &d->in[d->in_rd];

		d->ioc_pending |= (q->token & USB2_QTD_IOC) != 0;
		q->token &= ~USB2_QTD_ACTIVE;
		d->in_rd = (d->in_rd + 1) & (d->in_n - 1);
		d->in_retired++;
	}
	d->in_done_n = 0;
	if (d->ioc_pending && --d->itc_left == 0) {
		d->usbsts |= USB2_STS_USBINT;
		d->ioc_pending = false;
		update_irq(d);
	}
	if (!d->ioc_pending)
		d->itc_left = itc(d);
}

/* OUT packets, oldest active qTD first, while slots and FIFO room last. */
static uint32_t plan_out(struct usb2_hw *d, uint32_t slots, sim_time_t now)
{
	while (slots && out_active(d)) {
		struct usb2_qtd *q = &d->out[out_cur(d)];
		uint32_t len = USB2_QTD_LEN(q->token), pkt;

		if (!d->out_sent) {
			struct sk_buff *skb = (struct sk_buff *)(uintptr_t)q->buf;

			if (!skb->t[SKB_T_WIRE])
				skb->t[SKB_T_WIRE] = now;	/* nicsim observation */
		}
		while (slots && d->out_sent < len) {
			pkt = MIN(USB2_BULK_MAXP, len - d->out_sent);
			if (d->txf_used + pkt > d->txf_size ||
			    d->txf_count + d->out_done_n + q->nframes > USB2_TXF_MAX) {
				d->naks++;
				return slots;
			}
			d->txf_used += pkt;
			d->out_sent += pkt;
			d->out_packets++;
			slots--;
		}
		if (d->out_sent < len)
			break;
		d->out_sent = 0;
		d->out_done_n++;	/* retired at the next microframe's start */
	}
	return slots;
}

/* The oldest frame of the RX FIFO, taken out of it. */
static struct sk_buff *rxf_pop(struct usb2_hw *d)
{
	struct sk_buff *frame = d->rxf[d->rxf_head];

	d->rxf_used -= frame->len;
	d->rxf[d->rxf_head] = NULL;
	d->rxf_head = (d->rxf_head + 1) % USB2_TXF_MAX;
	d->rxf_count--;
	return frame;
}

/* IN packets: the oldest received frame into the oldest active qTD, one
 * transfer per frame, ending in a short packet (usbnet sizes its URBs so
 * a frame never ends on a packet boundary); the qTD takes the frame. */
static void plan_in(struct usb2_hw *d, uint32_t slots)
{
	while (slots && d->rxf_count && in_active(d)) {
		struct usb2_qtd *q = &d->in[in_cur(d)];
		struct sk_buff *frame = d->rxf[d->rxf_head];
		uint32_t len = d->rx_hdr + frame->len + d->rx_tail, pkt;

		while (slots && d->in_sent < len) {
			pkt = MIN(USB2_BULK_MAXP, len - d->in_sent);
			d->in_sent += pkt;
			d->in_packets++;
			slots--;
		}
		if (d->in_sent < len)
			return;
		d->in_sent = 0;
		q->buf = (uint64_t)(uintptr_t)rxf_pop(d);
		q->actual = len;
		q->nframes = 1;
		d->in_done_n++;
	}
}

/* A frame's bytes in a MEF transfer: header, frame, tail, DWORD pad. */
static uint32_t mef_bytes(const struct usb2_hw *d, const struct sk_buff *frame)
{
	return (d->rx_hdr + frame->len + d->rx_tail + 3) & ~3u;
}

/* Frames from the RX FIFO into the transfer while they fit in room. */
static void mef_assign(struct usb2_hw *d, uint32_t room)
{
	while (d->rxf_count) {
		struct sk_buff *frame = d->rxf[d->rxf_head];
		uint32_t n = mef_bytes(d, frame);

		if (d->in_assigned + n > room)
			return;
		if (!d->in_assigned)	/* a first frame starts the delay */
			d->in_dly_start = d->rxf_t[d->rxf_head];
		d->in_assigned += n;
		skb_queue_tail(&d->in_frames, rxf_pop(d));
	}
}

/* The transfer ended (short packet, ZLP or a full buffer): the qTD takes
 * its frames and retires at the next microframe's start. */
static void mef_complete(struct usb2_hw *d, struct usb2_qtd *q)
{
	q->buf = (uint64_t)(uintptr_t)d->in_frames.head;	/* linked by ->next */
	q->actual = d->in_sent;
	q->nframes = d->in_frames.qlen;
	memset(&d->in_frames, 0, sizeof(d->in_frames));
	d->in_assigned = d->in_sent = 0;
	d->in_done_n++;
}

/* MEF IN packets: full packets while the transfer has 512 bytes to
 * send, then its end: at once if a frame waits that does not fit, else
 * when the Bulk-In delay expires within this microframe. */
static void plan_in_mef(struct usb2_hw *d, uint32_t slots, sim_time_t now)
{
	while (slots && in_active(d)) {
		struct usb2_qtd *q = &d->in[in_cur(d)];
		uint32_t room = MIN(USB2_QTD_LEN(q->token), d->rx_burst), avail;

		mef_assign(d, room);
		avail = d->in_assigned - d->in_sent;
		if (avail >= USB2_BULK_MAXP) {
			d->in_sent += USB2_BULK_MAXP;
			d->in_packets++;
			slots--;
			d->in_dly_start = now;
			if (d->in_sent == room)
				mef_complete(d, q);
			continue;
		}
		if (!d->in_assigned)
			return;		/* nothing to send: NAK */
		if (!d->rxf_count && d->in_dly_start + d->rx_dly >= now + USB2_UFRAME_PS)
			return;		/* the delay runs on: NAK */
		d->in_sent += avail;	/* the short packet, or a ZLP */
		d->in_packets++;
		slots--;
		mef_complete(d, q);
	}
}

static void ufr_tick(struct sim *sim, struct sim_event *ev)
{
	struct usb2_hw *d = ev->arg;
	uint32_t slots;

	d->uframes++;
	d->ufr_start = sim->now;
	retire(d);
	mac_kick(d, sim->now);
	slots = plan_out(d, USB2_BULK_PER_UFRAME, sim->now);
	if (d->rx_mef)
		plan_in_mef(d, slots, sim->now);
	else
		plan_in(d, slots);
	if (has_work(d))
		sim_schedule(sim, &d->ufr_ev, sim->now + USB2_UFRAME_PS);
}

/* --- RX from the wire -------------------------------------------------- */

static void usb2_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct usb2_hw *d = port->owner;

	if (d->rxf_used + frame->len > d->rxf_size || d->rxf_count == USB2_TXF_MAX) {
		d->rx_fifo_drops++;
		skb_pool_put(d->host->pool, frame);
		return;
	}
	frame->path[PATH_IRQ] = d->host->sim->now;
	d->rxf_t[(d->rxf_head + d->rxf_count) % USB2_TXF_MAX] = d->host->sim->now;
	d->rxf[(d->rxf_head + d->rxf_count) % USB2_TXF_MAX] = frame;
	d->rxf_count++;
	d->rxf_used += frame->len;
	d->rx_frames++;
	schedule_tick(d, d->host->sim->now);
}

/* --- registers ----------------------------------------------------------- */

void usb2_hw_init(struct usb2_hw *d, struct host *host, struct eth_port *port,
		  struct irq_desc *irq, uint32_t txf, uint32_t rxf, uint32_t rx_hdr)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq = irq;
	d->txf_size = txf;
	d->rxf_size = rxf;
	d->rx_hdr = rx_hdr;
	d->itc_left = 1;
	port->owner = d;
	port->rx = usb2_hw_rx;
	sim_event_init(&d->ufr_ev, ufr_tick, d);
	sim_event_init(&d->mac_ev, mac_done, d);
}

void usb2_hw_set_rx_format(struct usb2_hw *d, uint32_t rx_tail, bool mef, uint32_t burst,
			   sim_time_t dly)
{
	d->rx_tail = rx_tail;
	d->rx_mef = mef;
	d->rx_burst = burst;
	d->rx_dly = dly;
}

void usb2_hw_set_rings(struct usb2_hw *d, struct usb2_qtd *out, uint32_t out_n,
		       struct usb2_qtd *in, uint32_t in_n)
{
	d->out = out;
	d->out_n = out_n;
	d->in = in;
	d->in_n = in_n;
}

uint32_t usb2_hw_read(struct usb2_hw *d, uint32_t reg)
{
	switch (reg) {
	case USB2_USBCMD: return d->usbcmd;
	case USB2_USBSTS: return d->usbsts;
	case USB2_USBINTR: return d->usbintr;
	default: return 0;
	}
}

void usb2_hw_write(struct usb2_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case USB2_USBCMD:
		d->usbcmd = val;
		d->itc_left = itc(d);
		schedule_tick(d, host_now(d->host));
		break;
	case USB2_USBSTS:
		d->usbsts &= ~val;
		update_irq(d);
		break;
	case USB2_USBINTR:
		d->usbintr = val;
		update_irq(d);
		break;
	default:
		break;
	}
}

void usb2_hw_kick(struct usb2_hw *d)
{
	schedule_tick(d, host_now(d->host));
}

/*
 * usb_unlink_urb on every active OUT qTD: the controller leaves them
 * (the one being moved loses what it sent) and retires them halted at
 * once, raising USBINT as an unlink's giveback would.
 */
uint32_t usb2_hw_unlink_out(struct usb2_hw *d)
{
	uint32_t n = 0;

	while (d->out_done_n) {	/* all arrived: these retire complete */
		struct usb2_qtd *q = &d->out[d->out_rd];

		txf_push(d, q);
		q->actual = USB2_QTD_LEN(q->token);
		q->token &= ~USB2_QTD_ACTIVE;
		d->out_rd = (d->out_rd + 1) & (d->out_n - 1);
		d->out_done_n--;
		n++;
	}
	if (d->out_sent) {	/* the partial transfer's bytes leave the FIFO */
		d->txf_used -= d->out_sent;
		d->out_sent = 0;
	}
	while (d->out && (d->out[d->out_rd].token & USB2_QTD_ACTIVE)) {
		struct usb2_qtd *q = &d->out[d->out_rd];

		q->actual = 0;
		q->token = (q->token & ~USB2_QTD_ACTIVE) | USB2_QTD_HALTED;
		d->out_rd = (d->out_rd + 1) & (d->out_n - 1);
		n++;
	}
	if (n) {
		d->usbsts |= USB2_STS_USBINT;
		update_irq(d);
	}
	return n;
}

uint32_t usb2_hw_tx_backlog(const struct usb2_hw *d)
{
	uint32_t n = 0, i = d->out_rd;

	if (!d->out)
		return d->txf_ready;
	while ((d->out[i].token & USB2_QTD_ACTIVE) && n < d->out_n) {
		n += d->out[i].nframes;
		i = (i + 1) & (d->out_n - 1);
	}
	return n + d->txf_ready;
}
