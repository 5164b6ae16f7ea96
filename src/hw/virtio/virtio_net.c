// SPDX-License-Identifier: MIT
/*
 * The virtio-net device and its vhost-net-like host side: the split
 * virtqueues, the notify register, event suppression, the frames put on
 * the link. The contract, the sources and what it leaves out are in
 * virtio_net.h.
 */
#include <string.h>
#include "hw/virtio/virtio_net.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

static bool has_event_idx(const struct virtio_net_hw *d)
{
	return d->features & (1u << VIRTIO_RING_F_EVENT_IDX);
}

/* vhost_notify, then the MSI-X message: a pulse on the queue's line. */
static void vq_signal(struct virtio_net_hw *d, struct virtio_net_vq *vq)
{
	uint16_t old = vq->signalled_used;
	bool valid = vq->signalled_valid, need;

	if (!has_event_idx(d)) {
		need = !(vq->vring->avail.flags & VRING_AVAIL_F_NO_INTERRUPT);
	} else {
		vq->signalled_used = vq->used_idx;
		vq->signalled_valid = true;
		need = !valid || vring_need_event(vq->vring->avail.used_event,
						  vq->used_idx, old);
	}
	if (!need)
		return;
	vq->irqs++;
	irq_set_level(vq->irq, true);
	irq_set_level(vq->irq, false);
}

static void vq_add_used(struct virtio_net_vq *vq, uint16_t head, uint32_t len)
{
	struct vring *vr = vq->vring;
	struct vring_used_elem *e = &vr->used.ring[vq->used_idx % vr->num];

	e->id = head;
	e->len = len;
	vq->used_idx++;
	vr->used.idx = vq->used_idx;
}

static bool vq_has_avail(const struct virtio_net_vq *vq)
{
	return vq->vring && vq->vring->avail.idx != vq->last_avail_idx;
}

/* vhost_enable_notify: the next kick is wanted from here; is there more? */
static bool vq_enable_notify(struct virtio_net_hw *d, struct virtio_net_vq *vq)
{
	if (has_event_idx(d))
		vq->vring->used.avail_event = vq->last_avail_idx;
	else
		vq->vring->used.flags &= (uint16_t)~VRING_USED_F_NO_NOTIFY;
	return vq_has_avail(vq);
}

/* vhost_disable_notify */
static void vq_disable_notify(struct virtio_net_hw *d, struct virtio_net_vq *vq)
{
	if (!has_event_idx(d))
		vq->vring->used.flags |= VRING_USED_F_NO_NOTIFY;
}

/* --- TX: handle_tx ---------------------------------------------------- */

/*
 * One frame of the buffer being sent: a GSO buffer (VIRTIO_NET_F_HOST_TSO4,
 * the virtio_net_hdr's gso_size) leaves as frames of gso_size bytes of
 * payload behind the buffer's headers, as the host's segmentation (the
 * tap device's GSO, or the physical NIC's TSO) puts it on the wire. The
 * buffer goes back on the used ring after its last frame.
 */
static void tx_segment(struct virtio_net_hw *d, struct sim *sim)
{
	struct sk_buff *skb = d->tx_skb, *frame = skb_pool_copy(d->host->pool, skb);
	struct virtio_net_inflight *f;
	sim_time_t end;

	if (d->tx_segs > 1) {
		uint32_t hdr = skb->len - skb->payload_len, off = d->tx_seg * skb->gso_size;

		frame->seq = skb->seq + off;
		frame->payload_len = MIN((uint32_t)skb->gso_size, skb->payload_len - off);
		frame->end_seq = frame->seq + frame->payload_len;
		frame->len = hdr + frame->payload_len;
		frame->gso_segs = 1;
		if (d->tx_seg)	/* as tcp_gso_segment: CWR on the first only */
			frame->tcp_flags &= (uint8_t)~TCPHDR_CWR;
	}
	frame->path[PATH_WIRE] = frame->path[PATH_HEAD] = sim->now;
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = sim->now;	/* nicsim observation */
	d->tx_busy = true;
	d->tx_frames++;
	d->tx_bytes += frame->len;
	end = eth_xmit(d->port, frame, sim->now);
	if (++d->tx_seg == d->tx_segs) {
		f = &d->inflight[(d->if_head + d->if_count++) % VIRTIO_NET_QUEUE_SIZE];
		f->head = d->tx_head;
		f->len = skb->len;
		f->done = end + d->host_delay;
		if (!sim_event_pending(&d->done_ev))
			sim_schedule(sim, &d->done_ev, f->done);
		d->tx_skb = NULL;
	}
	sim_schedule(sim, &d->tx_ev, end);
}

static void tx_take(struct virtio_net_hw *d, struct sim *sim)
{
	struct virtio_net_vq *vq = &d->vq[VIRTIO_NET_TXQ];
	struct vring *vr = vq->vring;
	uint16_t head = vr->avail.ring[vq->last_avail_idx % vr->num];
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)vr->desc[head].addr;

	vq->last_avail_idx++;
	d->tx_skb = skb;
	d->tx_head = head;
	d->tx_seg = 0;
	d->tx_segs = skb->gso_segs > 1 && skb->gso_size ? skb->gso_segs : 1;
	tx_segment(d, sim);
}

/* The host's TX loop, at an event: finish the buffer on the wire, take
 * while there is work, else ask for a kick. */
static void tx_run(struct virtio_net_hw *d, struct sim *sim)
{
	struct virtio_net_vq *vq = &d->vq[VIRTIO_NET_TXQ];

	if (!d->tx_skb && !vq_has_avail(vq) && !vq_enable_notify(d, vq))
		return;
	if (!d->tx_skb)
		vq_disable_notify(d, vq);
	if (d->port->busy_until > sim->now) {
		sim_schedule(sim, &d->tx_ev, d->port->busy_until);
		return;
	}
	if (d->tx_skb)
		tx_segment(d, sim);
	else
		tx_take(d, sim);
}

static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct virtio_net_hw *d = ev->arg;

	d->tx_busy = false;
	tx_run(d, sim);
}

/* Buffers whose host_delay has passed go back on the used ring. */
static void done_event(struct sim *sim, struct sim_event *ev)
{
	struct virtio_net_hw *d = ev->arg;
	struct virtio_net_vq *vq = &d->vq[VIRTIO_NET_TXQ];
	bool any = false;

	while (d->if_count && d->inflight[d->if_head].done <= sim->now) {
		struct virtio_net_inflight *f = &d->inflight[d->if_head];

		vq_add_used(vq, f->head, f->len);
		d->if_head = (d->if_head + 1) % VIRTIO_NET_QUEUE_SIZE;
		d->if_count--;
		any = true;
	}
	if (d->if_count)
		sim_schedule(sim, &d->done_ev, d->inflight[d->if_head].done);
	if (any)
		vq_signal(d, vq);
}

/* --- RX: handle_rx ---------------------------------------------------- */

static void virtio_net_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct virtio_net_hw *d = port->owner;
	struct virtio_net_vq *vq = &d->vq[VIRTIO_NET_RXQ];
	struct vring *vr = vq->vring;
	uint16_t head;

	if (!vq_has_avail(vq)) {
		d->rx_no_buf++;
		if (vr)
			vq_enable_notify(d, vq);
		skb_pool_put(d->host->pool, frame);
		return;
	}
	head = vr->avail.ring[vq->last_avail_idx % vr->num];
	vq->last_avail_idx++;
	frame->truesize = d->rx_buf_truesize;
	frame->path[PATH_IRQ] = d->host->sim->now;
	vr->desc[head].addr = (uint64_t)(uintptr_t)frame;
	d->rx_frames++;
	vq_add_used(vq, head, frame->len);
	vq_signal(d, vq);
}

/* --- registers --------------------------------------------------------- */

void virtio_net_hw_init(struct virtio_net_hw *d, struct host *host, struct eth_port *port,
			sim_time_t host_delay)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->host_delay = host_delay;
	d->features = (1u << VIRTIO_NET_F_CSUM) | (1u << VIRTIO_NET_F_HOST_TSO4) |
		      (1u << VIRTIO_NET_F_MRG_RXBUF) | (1u << VIRTIO_RING_F_INDIRECT_DESC) |
		      (1u << VIRTIO_RING_F_EVENT_IDX);
	port->owner = d;
	port->rx = virtio_net_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
	sim_event_init(&d->done_ev, done_event, d);
}

void virtio_net_hw_set_vring(struct virtio_net_hw *d, int q, struct vring *vr,
			     struct irq_desc *irq)
{
	d->vq[q].vring = vr;
	d->vq[q].irq = irq;
}

void virtio_net_hw_set_rx_truesize(struct virtio_net_hw *d, uint32_t truesize)
{
	d->rx_buf_truesize = truesize;
}

uint32_t virtio_net_hw_read(struct virtio_net_hw *d, uint32_t reg)
{
	switch (reg) {
	case VIRTIO_PCI_HOST_FEATURES: return d->features;
	case VIRTIO_PCI_QUEUE_NUM: return d->queue_sel < 2 ? VIRTIO_NET_QUEUE_SIZE : 0;
	case VIRTIO_PCI_QUEUE_SEL: return d->queue_sel;
	default: return 0;
	}
}

void virtio_net_hw_write(struct virtio_net_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case VIRTIO_PCI_QUEUE_SEL:
		d->queue_sel = (uint16_t)val;
		break;
	case VIRTIO_PCI_QUEUE_NOTIFY:
		d->kicks++;
		if (val == VIRTIO_NET_TXQ && !d->tx_busy && !sim_event_pending(&d->tx_ev) &&
		    d->vq[VIRTIO_NET_TXQ].vring)	/* the vhost worker wakes */
			sim_schedule(d->host->sim, &d->tx_ev,
				     MAX(host_now(d->host), d->port->busy_until));
		/* an RX kick: buffers are taken as frames arrive */
		break;
	default:
		break;
	}
}

uint32_t virtio_net_hw_tx_backlog(const struct virtio_net_hw *d)
{
	const struct virtio_net_vq *vq = &d->vq[VIRTIO_NET_TXQ];

	return vq->vring ? (uint16_t)(vq->vring->avail.idx - vq->last_avail_idx) : 0;
}
