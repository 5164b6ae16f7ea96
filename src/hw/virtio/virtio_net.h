/* SPDX-License-Identifier: MIT */
/*
 * A paravirtual virtio-net device (virtio over PCI, one queue pair) with
 * a vhost-net-like host side: what drivers/net/virtio_net.c drives in a
 * KVM guest. No kernel source for the device itself: the virtio 1.x
 * specification's split virtqueue and event suppression, as the guest
 * side reads them in drivers/virtio/virtio_ring.c and the host side
 * implements them in drivers/vhost/vhost.c (vhost_notify,
 * vhost_enable_notify, vhost_disable_notify) and drivers/vhost/net.c
 * (handle_tx, handle_rx), Linux 4.19 and 6.x.
 *
 * Registers (the legacy virtio-pci layout, include/uapi/linux/
 * virtio_pci.h): HOST_FEATURES (read), QUEUE_SEL, QUEUE_NUM (read: the
 * selected queue's size, fixed by the device: 256, QEMU's default
 * rx_queue_size / tx_queue_size) and QUEUE_NOTIFY (write: the kick).
 * In a KVM guest every one of these accesses is a VM exit; the guest
 * pays it through the platform's mmio_read / mmio_write cost.
 * Offered features: CSUM, HOST_TSO4, MRG_RXBUF, RING_F_INDIRECT_DESC,
 * RING_F_EVENT_IDX (what vhost-net offers by default).
 * Interrupts: one MSI-X vector per virtqueue (vp_find_vqs_msix with
 * per-vq vectors), modelled as a pulse on the queue's line.
 *
 * TX (queue 1), the host side: a kick wakes it; it takes the available
 * descriptors in order while the wire is free, puts each buffer on the
 * wire, a GSO buffer as frames of its gso_size (the host's GSO or its
 * NIC's TSO: never a frame above the link's MTU), and returns the
 * descriptor on the used ring virtio_host_delay after the last frame's
 * last bit has left (a setting; 0 by default). While
 * it has work it leaves avail_event stale, so the guest's kicks are
 * suppressed (vhost_disable_notify); finding the ring empty it writes
 * avail_event = its last available index and looks once more
 * (vhost_enable_notify). After returning buffers it interrupts if the
 * used index crossed used_event since the last interrupt (vhost_notify,
 * vring_need_event).
 * RX (queue 0): a frame arriving takes the next available buffer, is
 * stored, returned on the used ring and signalled the same way; with no
 * buffer it is dropped and avail_event set, so the driver's next refill
 * kicks.
 *
 * Deviation: vhost-net returns a TX buffer once the host has copied it
 * into the tap device (or, with experimental_zcopytx, once the lower
 * device freed it); the host's queues (tap, the host qdisc, the physical
 * NIC) are folded here into the link's pacing plus virtio_host_delay.
 * Xen netfront (drivers/net/xen-netfront.c) with netback behaves the
 * same way toward the guest and is not modelled.
 * Deviation: a frame that finds no RX buffer is dropped; vhost-net would
 * leave it in the tap's queue until buffers come.
 * Deviation: the vhost worker's wakeup and copy take no time besides
 * virtio_host_delay; the descriptor table of an indirect descriptor is
 * not laid out.
 */
#ifndef NICSIM_HW_VIRTIO_NET_H
#define NICSIM_HW_VIRTIO_NET_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/virtio/virtio_ring.h"

struct host;
struct eth_port;
struct irq_desc;

/* include/uapi/linux/virtio_pci.h (legacy layout) */
#define VIRTIO_PCI_HOST_FEATURES	0
#define VIRTIO_PCI_QUEUE_NUM		12
#define VIRTIO_PCI_QUEUE_SEL		14
#define VIRTIO_PCI_QUEUE_NOTIFY		16

#define VIRTIO_NET_RXQ			0
#define VIRTIO_NET_TXQ			1
#define VIRTIO_NET_QUEUE_SIZE		256	/* QEMU's default queue size */

/* TX buffers handed to the wire, waiting for their host_delay */
struct virtio_net_inflight {
	uint16_t	head;
	uint32_t	len;
	sim_time_t	done;
};

struct virtio_net_vq {
	struct vring	*vring;		/* the driver's ring (QUEUE_PFN) */
	struct irq_desc	*irq;		/* its MSI-X vector */
	uint16_t	last_avail_idx;	/* next available entry the host takes */
	uint16_t	used_idx;	/* the host's used index */
	uint16_t	signalled_used;	/* used index at the last interrupt */
	bool		signalled_valid;
	uint64_t	irqs;
};

struct virtio_net_hw {
	struct host	*host;
	struct eth_port	*port;
	uint32_t	features;
	uint16_t	queue_sel;
	sim_time_t	host_delay;	/* virtio_host_delay */
	struct virtio_net_vq vq[2];
	/* TX host side */
	bool		tx_busy;	/* a frame on the wire */
	/* the buffer being put on the wire: its descriptor, and which of
	 * its frames (segments of gso_size) is next */
	struct sk_buff	*tx_skb;
	uint16_t	tx_head;
	uint32_t	tx_seg, tx_segs;
	struct sim_event tx_ev;		/* the wire is free again */
	struct sim_event done_ev;	/* the oldest in-flight buffer is due */
	struct virtio_net_inflight inflight[VIRTIO_NET_QUEUE_SIZE];
	uint32_t	if_head, if_count;
	uint32_t	rx_buf_truesize;
	uint64_t	tx_frames, tx_bytes, rx_frames, rx_no_buf, kicks;
};

void virtio_net_hw_init(struct virtio_net_hw *d, struct host *host, struct eth_port *port,
			sim_time_t host_delay);
/* QUEUE_PFN of queue q, and its MSI-X vector's line. */
void virtio_net_hw_set_vring(struct virtio_net_hw *d, int q, struct vring *vr,
			     struct irq_desc *irq);
void virtio_net_hw_set_rx_truesize(struct virtio_net_hw *d, uint32_t truesize);
uint32_t virtio_net_hw_read(struct virtio_net_hw *d, uint32_t reg);
void virtio_net_hw_write(struct virtio_net_hw *d, uint32_t reg, uint32_t val);
/* Available TX descriptors the host has not taken yet. */
uint32_t virtio_net_hw_tx_backlog(const struct virtio_net_hw *d);

#endif
