// SPDX-License-Identifier: MIT
/*
 * The guest side of a split virtqueue: see virtio_ring.h for what it
 * models, the sources read and the deviations.
 */
#include <errno.h>
#include <stdlib.h>
#include "drivers/virtio/virtio_ring.h"
#include "sim/engine/util.h"

void vring_new_virtqueue(struct virtqueue *vq, int index, unsigned int num, bool event,
			 bool indirect, bool (*notify)(struct virtqueue *), void *priv)
{
	unsigned int i;

	*vq = (struct virtqueue){ .num_free = num, .event = event, .indirect = indirect,
				  .index = index, .notify = notify, .priv = priv };
	vq->vring.num = num;
	vq->vring.desc = xcalloc(num, sizeof(*vq->vring.desc));
	vq->vring.avail.ring = xcalloc(num, sizeof(*vq->vring.avail.ring));
	vq->vring.used.ring = xcalloc(num, sizeof(*vq->vring.used.ring));
	vq->data = xcalloc(num, sizeof(*vq->data));
	vq->ndescs = xcalloc(num, sizeof(*vq->ndescs));
	for (i = 0; i + 1 < num; i++)	/* the free list through next */
		vq->vring.desc[i].next = (uint16_t)(i + 1);
}

void vring_del_virtqueue(struct virtqueue *vq)
{
	free(vq->vring.desc);
	free(vq->vring.avail.ring);
	free(vq->vring.used.ring);
	free(vq->data);
	free(vq->ndescs);
}

/* virtqueue_add_split: one indirect descriptor, or a chain of nsg. */
int virtqueue_add(struct virtqueue *vq, unsigned int nsg, uint32_t len, bool in, void *data)
{
	bool indirect = vq->indirect && nsg > 1 && vq->num_free;
	unsigned int n = indirect ? 1 : nsg, i;
	uint16_t head = vq->free_head, d = head;

	if (vq->num_free < n)
		return -ENOSPC;
	for (i = 0; i < n; i++) {
		struct vring_desc *desc = &vq->vring.desc[d];

		desc->addr = (uint64_t)(uintptr_t)data;
		desc->len = len;
		desc->flags = (uint16_t)((in ? VRING_DESC_F_WRITE : 0) |
					 (indirect ? VRING_DESC_F_INDIRECT : 0) |
					 (i + 1 < n ? VRING_DESC_F_NEXT : 0));
		if (i + 1 < n)
			d = desc->next;
	}
	vq->free_head = vq->vring.desc[d].next;
	vq->num_free -= n;
	vq->data[head] = data;
	vq->ndescs[head] = (uint16_t)n;
	vq->vring.avail.ring[vq->avail_idx_shadow & (vq->vring.num - 1)] = head;
	vq->avail_idx_shadow++;
	vq->vring.avail.idx = vq->avail_idx_shadow;
	vq->num_added++;
	return 0;
}

bool virtqueue_kick_prepare(struct virtqueue *vq)
{
	uint16_t new_idx = vq->avail_idx_shadow, old = (uint16_t)(new_idx - vq->num_added);

	vq->num_added = 0;
	if (vq->event)
		return vring_need_event(vq->vring.used.avail_event, new_idx, old);
	return !(vq->vring.used.flags & VRING_USED_F_NO_NOTIFY);
}

bool virtqueue_notify(struct virtqueue *vq)
{
	return vq->notify(vq);
}

static bool more_used(const struct virtqueue *vq)
{
	return vq->last_used_idx != vq->vring.used.idx;
}

/* detach_buf_split: the head's descriptors back on the free list. */
static void detach_buf(struct virtqueue *vq, uint16_t head)
{
	uint16_t d = head, n = vq->ndescs[head];

	while (vq->vring.desc[d].flags & VRING_DESC_F_NEXT)
		d = vq->vring.desc[d].next;
	vq->vring.desc[d].next = vq->free_head;
	vq->free_head = head;
	vq->num_free += n;
	vq->data[head] = NULL;
}

void *virtqueue_get_buf(struct virtqueue *vq, uint32_t *len, uint64_t *addr)
{
	const struct vring_used_elem *e;
	void *data;

	if (!more_used(vq))
		return NULL;
	e = &vq->vring.used.ring[vq->last_used_idx & (vq->vring.num - 1)];
	data = vq->data[e->id];
	if (len)
		*len = e->len;
	if (addr)
		*addr = vq->vring.desc[e->id].addr;
	detach_buf(vq, (uint16_t)e->id);
	vq->last_used_idx++;
	/* an interrupt is expected for the next entry: tell the device */
	if (vq->event && !(vq->avail_flags_shadow & VRING_AVAIL_F_NO_INTERRUPT))
		vq->vring.avail.used_event = vq->last_used_idx;
	return data;
}

void virtqueue_disable_cb(struct virtqueue *vq)
{
	if (vq->avail_flags_shadow & VRING_AVAIL_F_NO_INTERRUPT)
		return;
	vq->avail_flags_shadow |= VRING_AVAIL_F_NO_INTERRUPT;
	if (!vq->event)
		vq->vring.avail.flags = vq->avail_flags_shadow;
}

static void enable_flags(struct virtqueue *vq)
{
	if (vq->avail_flags_shadow & VRING_AVAIL_F_NO_INTERRUPT) {
		vq->avail_flags_shadow &= (uint16_t)~VRING_AVAIL_F_NO_INTERRUPT;
		if (!vq->event)
			vq->vring.avail.flags = vq->avail_flags_shadow;
	}
}

uint16_t virtqueue_enable_cb_prepare(struct virtqueue *vq)
{
	enable_flags(vq);
	vq->vring.avail.used_event = vq->last_used_idx;
	return vq->last_used_idx;
}

bool virtqueue_poll(const struct virtqueue *vq, uint16_t last_used_idx)
{
	return last_used_idx != vq->vring.used.idx;
}

bool virtqueue_enable_cb(struct virtqueue *vq)
{
	return !virtqueue_poll(vq, virtqueue_enable_cb_prepare(vq));
}

/* Ask for the interrupt once 3/4 of the outstanding buffers are used;
 * false if that many already are. */
bool virtqueue_enable_cb_delayed(struct virtqueue *vq)
{
	uint16_t bufs;

	enable_flags(vq);
	if (!vq->event)
		return !more_used(vq);
	bufs = (uint16_t)((uint16_t)(vq->avail_idx_shadow - vq->last_used_idx) * 3 / 4);
	vq->vring.avail.used_event = (uint16_t)(vq->last_used_idx + bufs);
	return (uint16_t)(vq->vring.used.idx - vq->last_used_idx) <= bufs;
}

unsigned int virtqueue_in_flight(const struct virtqueue *vq)
{
	return (uint16_t)(vq->avail_idx_shadow - vq->last_used_idx);
}
