// SPDX-License-Identifier: MIT
/*
 * Coherent DMA: the driver maps memory (dma_alloc_coherent) and hands the
 * device a handle, which the device model resolves back to the memory,
 * as a bus address would be.
 * Kernel source: kernel/dma/mapping.c (dma_alloc_attrs) in spirit.
 * Deviation: a handle is an index in the host's table, not an address;
 * streaming mappings (dma_map_single) are not modelled, the device reads
 * the skb itself.
 */
#include "kernel/host.h"
#include "sim/engine/util.h"

uint32_t host_dma_map(struct host *h, void *mem)
{
	BUG_ON(h->nr_dma >= (int)ARRAY_SIZE(h->dma));
	h->dma[h->nr_dma++] = mem;
	return (uint32_t)h->nr_dma;
}

void *host_dma_resolve(struct host *h, uint32_t handle)
{
	BUG_ON(handle == 0 || handle > (uint32_t)h->nr_dma);
	return h->dma[handle - 1];
}
