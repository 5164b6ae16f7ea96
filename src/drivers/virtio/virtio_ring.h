/* SPDX-License-Identifier: MIT */
/*
 * The guest side of a split virtqueue (drivers/virtio/virtio_ring.c):
 * adding buffers, kicking, taking used buffers back, and the callback
 * (interrupt) suppression a driver asks for. Read in Linux 4.19 and 6.x
 * (virtqueue_add_split, virtqueue_kick_prepare_split,
 * virtqueue_get_buf_ctx_split, virtqueue_disable_cb_split,
 * virtqueue_enable_cb_prepare_split, virtqueue_poll_split,
 * virtqueue_enable_cb_delayed_split, detach_buf_split).
 * With VIRTIO_RING_F_INDIRECT_DESC a buffer of more than one
 * scatter-gather entry takes one ring descriptor (an indirect table);
 * with VIRTIO_RING_F_EVENT_IDX kicks test avail_event and the driver
 * moves used_event to ask for an interrupt.
 * Deviation: with EVENT_IDX, virtqueue_disable_cb writes nothing to the
 * ring (4.19); 6.x writes used_event = 0, which suppresses interrupts the
 * same way until the used index wraps. The vring's memory barriers have
 * no counterpart (events are atomic here).
 */
#ifndef NICSIM_DRIVERS_VIRTIO_RING_H
#define NICSIM_DRIVERS_VIRTIO_RING_H

#include <stdbool.h>
#include <stdint.h>
#include "hw/virtio/virtio_ring.h"

struct virtqueue {
	struct vring	vring;
	unsigned int	num_free;
	uint16_t	free_head;
	uint16_t	num_added;	/* added since the last kick_prepare */
	uint16_t	avail_idx_shadow;
	uint16_t	avail_flags_shadow;
	uint16_t	last_used_idx;
	bool		event;		/* VIRTIO_RING_F_EVENT_IDX */
	bool		indirect;	/* VIRTIO_RING_F_INDIRECT_DESC */
	void		**data;		/* per head: the token (skb) */
	uint16_t	*ndescs;	/* per head: descriptors it holds */
	int		index;		/* queue number, for notify */
	bool		(*notify)(struct virtqueue *vq);	/* vp_notify */
	void		*priv;
};

/* vring_create_virtqueue: num a power of two; the rings allocated. */
void vring_new_virtqueue(struct virtqueue *vq, int index, unsigned int num, bool event,
			 bool indirect, bool (*notify)(struct virtqueue *), void *priv);
void vring_del_virtqueue(struct virtqueue *vq);
/* virtqueue_add_outbuf / virtqueue_add_inbuf: nsg scatter-gather
 * entries, the token data; -ENOSPC if the ring lacks room. */
int virtqueue_add(struct virtqueue *vq, unsigned int nsg, uint32_t len, bool in, void *data);
bool virtqueue_kick_prepare(struct virtqueue *vq);
bool virtqueue_notify(struct virtqueue *vq);
/* the token of the next used buffer (len: what the device wrote; addr:
 * its first descriptor's address), or NULL */
void *virtqueue_get_buf(struct virtqueue *vq, uint32_t *len, uint64_t *addr);
void virtqueue_disable_cb(struct virtqueue *vq);
uint16_t virtqueue_enable_cb_prepare(struct virtqueue *vq);
bool virtqueue_poll(const struct virtqueue *vq, uint16_t last_used_idx);
bool virtqueue_enable_cb(struct virtqueue *vq);
bool virtqueue_enable_cb_delayed(struct virtqueue *vq);
/* descriptors the driver has given and not taken back */
unsigned int virtqueue_in_flight(const struct virtqueue *vq);

#endif
