/* SPDX-License-Identifier: MIT */
/*
 * The split virtqueue as the virtio 1.x specification lays it out
 * (include/uapi/linux/virtio_ring.h, Linux 4.19 and 6.11 alike): a
 * descriptor table, the available ring the driver writes and the used
 * ring the device writes, with the event-index words of
 * VIRTIO_RING_F_EVENT_IDX (used_event at the end of the avail ring,
 * avail_event at the end of the used ring) and vring_need_event.
 * Only what the model reads or writes is here.
 * Deviation: a descriptor's addr is a host pointer (the skb, or for RX
 * the frame the device stored), not a guest-physical address; an
 * indirect descriptor's table is not laid out (the descriptor carries
 * the skb and VRING_DESC_F_INDIRECT only).
 */
#ifndef NICSIM_HW_VIRTIO_RING_H
#define NICSIM_HW_VIRTIO_RING_H

#include <stdbool.h>
#include <stdint.h>

#define VRING_DESC_F_NEXT		1
#define VRING_DESC_F_WRITE		2
#define VRING_DESC_F_INDIRECT		4
#define VRING_USED_F_NO_NOTIFY		1
#define VRING_AVAIL_F_NO_INTERRUPT	1

/* feature bits (include/uapi/linux/virtio_ring.h, virtio_net.h) */
#define VIRTIO_NET_F_CSUM		0
#define VIRTIO_NET_F_HOST_TSO4		11
#define VIRTIO_NET_F_MRG_RXBUF		15
#define VIRTIO_RING_F_INDIRECT_DESC	28
#define VIRTIO_RING_F_EVENT_IDX		29

struct vring_desc {
	uint64_t	addr;
	uint32_t	len;
	uint16_t	flags;
	uint16_t	next;
};

struct vring_avail {
	uint16_t	flags;
	uint16_t	idx;
	uint16_t	*ring;		/* num entries, then used_event */
	uint16_t	used_event;
};

struct vring_used_elem {
	uint32_t	id;
	uint32_t	len;
};

struct vring_used {
	uint16_t	flags;
	uint16_t	idx;
	struct vring_used_elem *ring;	/* num entries, then avail_event */
	uint16_t	avail_event;
};

struct vring {
	unsigned int	num;
	struct vring_desc *desc;
	struct vring_avail avail;
	struct vring_used used;
};

/*
 * Does moving the index from old to new_idx cross event? The test both
 * sides make under VIRTIO_RING_F_EVENT_IDX: the driver before a kick
 * (against avail_event), the device before an interrupt (against
 * used_event).
 */
static inline bool vring_need_event(uint16_t event, uint16_t new_idx, uint16_t old)
{
	return (uint16_t)(new_idx - event - 1) < (uint16_t)(new_idx - old);
}

#endif
