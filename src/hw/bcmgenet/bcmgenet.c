// SPDX-License-Identifier: MIT
/*
 * The Broadcom GENET as hardware: TDMA rings, RDMA ring 16, INTRL2_0 and
 * INTRL2_1 and their lines, the frames it puts on the link. No kernel
 * source: the hardware drivers/net/ethernet/broadcom/genet/bcmgenet.c
 * programs; the contract, and what it leaves out, is in bcmgenet.h.
 */
#include <string.h>
#include "hw/bcmgenet/bcmgenet.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define RX_TIMEOUT_PS	8192000ULL	/* one DMA timeout unit: 8.192 us */

/* Each line follows STAT & ~MASK; rising edges are counted by cause. */
static void update_irq(struct bcmgenet_hw *d)
{
	uint32_t on0 = d->stat[0] & ~d->mask[0], on1 = d->stat[1] & ~d->mask[1];

	if (on0 && !d->irq0->level) {
		d->irq_tx += (on0 & UMAC_IRQ_TX_ALL) != 0;
		d->irq_rx += (on0 & UMAC_IRQ_RX_ALL) != 0;
	}
	if (on1 && !d->irq1->level) {
		d->irq_tx += (on1 & UMAC_IRQ1_TX_INTR_MASK) != 0;
		d->irq_rx += (on1 >> UMAC_IRQ1_RX_INTR_SHIFT) != 0;
	}
	irq_set_level(d->irq0, on0 != 0);
	irq_set_level(d->irq1, on1 != 0);
}

static uint32_t ring_size(uint32_t start, uint32_t end)
{
	return end - start + 1;
}

static uint32_t tx_slot(const struct bcmgenet_hw *d, int r, uint32_t idx)
{
	const struct genet_tdma_ring *t = &d->tx[r];

	return t->start + idx % ring_size(t->start, t->end);
}

static bool tx_ring_on(const struct bcmgenet_hw *d, int r)
{
	return (d->tdma_ctrl & DMA_EN) && (d->tdma_ctrl & (1u << (r + DMA_RING_BUF_EN_SHIFT))) &&
	       (d->tdma_ring_cfg & (1u << r)) && d->tx[r].prod != d->tx[r].cons;
}

/* Strict priority: rings 0..15 in order, then ring 16 (see bcmgenet.h). */
static int tx_pick(const struct bcmgenet_hw *d)
{
	int r;

	for (r = 0; r < GENET_NR_RINGS; r++)
		if (tx_ring_on(d, r))
			return r;
	return -1;
}

static void tx_kick(struct bcmgenet_hw *d, sim_time_t t)
{
	if (d->tx_busy || sim_event_pending(&d->tx_ev) || tx_pick(d) < 0)
		return;
	sim_schedule(d->host->sim, &d->tx_ev, MAX(t, d->port->busy_until));
}

static struct sk_buff *desc_skb(const struct genet_desc *bd)
{
	return (struct sk_buff *)(uintptr_t)(((uint64_t)bd->addr_hi << 32) | bd->addr_lo);
}

/* The frame from the SOP descriptor at CONS to its EOP one goes out. */
static void tx_start(struct bcmgenet_hw *d, struct sim *sim, int r)
{
	struct genet_tdma_ring *t = &d->tx[r];
	const struct genet_desc *bd = &d->tx_bds[tx_slot(d, r, t->cons)];
	struct sk_buff *skb = desc_skb(bd), *frame;
	uint32_t i = t->cons;

	d->tx_ring = r;
	d->tx_ndesc = 1;
	while (!(d->tx_bds[tx_slot(d, r, i)].length_status & DMA_EOP) &&
	       ((i + 1) & DMA_C_INDEX_MASK) != t->prod) {
		i = (i + 1) & DMA_C_INDEX_MASK;
		d->tx_ndesc++;
	}
	frame = skb_pool_copy(d->host->pool, skb);
	frame->path[PATH_WIRE] = frame->path[PATH_HEAD] = sim->now;
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = sim->now;	/* nicsim observation */
	d->tx_busy = true;
	t->frames++;
	t->bytes += skb->len;
	sim_schedule(sim, &d->tx_ev, eth_xmit(d->port, frame, sim->now));
}

/* Its last bit has left: CONS moves on, the done bits are raised. */
static void tx_done(struct bcmgenet_hw *d, struct sim *sim)
{
	struct genet_tdma_ring *t = &d->tx[d->tx_ring];
	int r = d->tx_ring;
	bool mbdone;

	t->cons = (t->cons + d->tx_ndesc) & DMA_C_INDEX_MASK;
	d->tx_busy = false;
	t->done_cnt++;
	mbdone = t->done_cnt >= MAX(t->thresh, 1u) || t->cons == t->prod;
	if (mbdone)
		t->done_cnt = 0;
	if (r == GENET_DESC_INDEX)
		d->stat[0] |= UMAC_IRQ_TXDMA_BDONE | UMAC_IRQ_TXDMA_PDONE |
			      (mbdone ? UMAC_IRQ_TXDMA_MBDONE : 0);
	else if (mbdone)
		d->stat[1] |= 1u << r;
	update_irq(d);
	tx_kick(d, sim->now);
}

static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct bcmgenet_hw *d = ev->arg;
	int r;

	if (d->tx_busy)
		tx_done(d, sim);
	else if ((r = tx_pick(d)) >= 0)
		tx_start(d, sim, r);
}

/* --- RX ---------------------------------------------------------------- */

static void rx_mbdone(struct bcmgenet_hw *d)
{
	struct genet_rdma_ring *x = &d->rx;

	x->done_cnt = 0;
	if (sim_event_pending(&x->timeout_ev))
		sim_cancel(d->host->sim, &x->timeout_ev);
	d->stat[0] |= UMAC_IRQ_RXDMA_MBDONE;
	update_irq(d);
}

static void rx_timeout_event(struct sim *sim, struct sim_event *ev)
{
	(void)sim;
	rx_mbdone(ev->arg);
}

/* The link's rx: a frame whose last bit has arrived. */
static void bcmgenet_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct bcmgenet_hw *d = port->owner;
	struct genet_rdma_ring *x = &d->rx;
	uint32_t size = ring_size(x->start, x->end);
	struct genet_desc *bd;

	if (!(d->rdma_ctrl & DMA_EN) || !(d->rdma_ring_cfg & (1u << GENET_DESC_INDEX)) ||
	    ((x->prod - x->cons) & DMA_P_INDEX_MASK) >= size) {
		x->discards++;
		skb_pool_put(d->host->pool, frame);
		return;
	}
	frame->truesize = d->rx_buf_truesize;
	frame->path[PATH_IRQ] = d->host->sim->now;
	bd = &d->rx_bds[x->start + x->prod % size];
	bd->addr_lo = (uint32_t)(uintptr_t)frame;
	bd->addr_hi = (uint32_t)((uint64_t)(uintptr_t)frame >> 32);
	bd->length_status = ((frame->len & DMA_BUFLENGTH_MASK) << DMA_BUFLENGTH_SHIFT) |
			    DMA_SOP | DMA_EOP;
	x->prod = (x->prod + 1) & DMA_P_INDEX_MASK;
	d->rx_frames++;
	d->stat[0] |= UMAC_IRQ_RXDMA_BDONE | UMAC_IRQ_RXDMA_PDONE;
	if (++x->done_cnt >= MAX(x->thresh, 1u))
		rx_mbdone(d);
	else if (x->timeout && !sim_event_pending(&x->timeout_ev))
		sim_schedule(d->host->sim, &x->timeout_ev,
			     d->host->sim->now + x->timeout * RX_TIMEOUT_PS);
	update_irq(d);
}

void bcmgenet_hw_init(struct bcmgenet_hw *d, struct host *host, struct eth_port *port,
		      struct irq_desc *irq0, struct irq_desc *irq1, uint32_t rx_buf_truesize)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq0 = irq0;
	d->irq1 = irq1;
	d->mask[0] = d->mask[1] = ~0u;
	d->rx_buf_truesize = rx_buf_truesize;
	port->owner = d;
	port->rx = bcmgenet_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
	sim_event_init(&d->rx.timeout_ev, rx_timeout_event, d);
}

void bcmgenet_hw_fini(struct bcmgenet_hw *d)
{
	if (sim_event_pending(&d->tx_ev))
		sim_cancel(d->host->sim, &d->tx_ev);
	if (sim_event_pending(&d->rx.timeout_ev))
		sim_cancel(d->host->sim, &d->rx.timeout_ev);
}

/* --- registers ------------------------------------------------------------ */

static uint32_t intrl2_read(const struct bcmgenet_hw *d, int n, uint32_t reg)
{
	switch (reg) {
	case INTRL2_CPU_STAT: return d->stat[n];
	case INTRL2_CPU_MASK_STATUS: return d->mask[n];
	default: return 0;
	}
}

static void intrl2_write(struct bcmgenet_hw *d, int n, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case INTRL2_CPU_SET: d->stat[n] |= val; break;
	case INTRL2_CPU_CLEAR: d->stat[n] &= ~val; break;
	case INTRL2_CPU_MASK_SET: d->mask[n] |= val; break;
	case INTRL2_CPU_MASK_CLEAR: d->mask[n] &= ~val; break;
	default: return;
	}
	update_irq(d);
}

static void desc_write(struct genet_desc *bd, uint32_t word, uint32_t val)
{
	if (word == 0)
		bd->length_status = val;
	else if (word == 1)
		bd->addr_lo = val;
	else
		bd->addr_hi = val;
}

static uint32_t desc_read(const struct genet_desc *bd, uint32_t word)
{
	return word == 0 ? bd->length_status : word == 1 ? bd->addr_lo : bd->addr_hi;
}

static uint32_t tdma_ring_read(const struct bcmgenet_hw *d, int r, uint32_t reg)
{
	const struct genet_tdma_ring *t = &d->tx[r];

	switch (reg) {
	case TDMA_CONS_INDEX: return t->cons;
	case TDMA_PROD_INDEX: return t->prod;
	case DMA_MBUF_DONE_THRESH: return t->thresh;
	default: return 0;
	}
}

static void tdma_ring_write(struct bcmgenet_hw *d, int r, uint32_t reg, uint32_t val)
{
	struct genet_tdma_ring *t = &d->tx[r];

	switch (reg) {
	case TDMA_PROD_INDEX:
		t->prod = val & DMA_P_INDEX_MASK;
		tx_kick(d, host_now(d->host));
		break;
	case TDMA_CONS_INDEX: t->cons = val & DMA_C_INDEX_MASK; break;
	case DMA_START_ADDR: t->start = val / GENET_WORDS_PER_BD; break;
	case DMA_END_ADDR: t->end = val / GENET_WORDS_PER_BD; break;
	case DMA_MBUF_DONE_THRESH: t->thresh = val; break;
	default: break;
	}
}

static uint32_t rdma_ring_read(const struct bcmgenet_hw *d, uint32_t reg)
{
	switch (reg) {
	case RDMA_PROD_INDEX: return d->rx.prod | (d->rx.discards & 0xFFFFu) << 16;
	case RDMA_CONS_INDEX: return d->rx.cons;
	case DMA_MBUF_DONE_THRESH: return d->rx.thresh;
	default: return 0;
	}
}

static void rdma_ring_write(struct bcmgenet_hw *d, uint32_t reg, uint32_t val)
{
	struct genet_rdma_ring *x = &d->rx;

	switch (reg) {
	case RDMA_PROD_INDEX:	/* clears the discard count; sets PROD only while idle */
		x->discards = 0;
		if (!(d->rdma_ctrl & DMA_EN))
			x->prod = val & DMA_P_INDEX_MASK;
		break;
	case RDMA_CONS_INDEX: x->cons = val & DMA_C_INDEX_MASK; break;
	case DMA_START_ADDR: x->start = val / GENET_WORDS_PER_BD; break;
	case DMA_END_ADDR: x->end = val / GENET_WORDS_PER_BD; break;
	case DMA_MBUF_DONE_THRESH: x->thresh = val; break;
	default: break;
	}
}

static bool in(uint32_t reg, uint32_t base, uint32_t len)
{
	return reg >= base && reg < base + len;
}

uint32_t bcmgenet_hw_read(struct bcmgenet_hw *d, uint32_t reg)
{
	uint32_t o;

	if (in(reg, GENET_INTRL2_0_OFF, 0x18))
		return intrl2_read(d, 0, reg - GENET_INTRL2_0_OFF);
	if (in(reg, GENET_INTRL2_1_OFF, 0x18))
		return intrl2_read(d, 1, reg - GENET_INTRL2_1_OFF);
	if (in(reg, GENET_TDMA_BASE, GENET_RING_REGS)) {
		o = reg - GENET_TDMA_BASE;
		return desc_read(&d->tx_bds[o / GENET_DESC_SIZE], o % GENET_DESC_SIZE / 4);
	}
	if (in(reg, GENET_RDMA_BASE, GENET_RING_REGS)) {
		o = reg - GENET_RDMA_BASE;
		return desc_read(&d->rx_bds[o / GENET_DESC_SIZE], o % GENET_DESC_SIZE / 4);
	}
	if (in(reg, GENET_TDMA_RING(0, 0), GENET_NR_RINGS * GENET_DMA_RING_SIZE)) {
		o = reg - GENET_TDMA_RING(0, 0);
		return tdma_ring_read(d, (int)(o / GENET_DMA_RING_SIZE), o % GENET_DMA_RING_SIZE);
	}
	if (in(reg, GENET_RDMA_RING(GENET_DESC_INDEX, 0), GENET_DMA_RING_SIZE))
		return rdma_ring_read(d, reg - GENET_RDMA_RING(GENET_DESC_INDEX, 0));
	if (reg == GENET_TDMA_REG(DMA_CTRL))
		return d->tdma_ctrl;
	if (reg == GENET_RDMA_REG(DMA_CTRL))
		return d->rdma_ctrl;
	if (reg == GENET_RDMA_REG(DMA_RING16_TIMEOUT))
		return d->rx.timeout;
	return 0;
}

void bcmgenet_hw_write(struct bcmgenet_hw *d, uint32_t reg, uint32_t val)
{
	uint32_t o;

	if (in(reg, GENET_INTRL2_0_OFF, 0x18)) {
		intrl2_write(d, 0, reg - GENET_INTRL2_0_OFF, val);
	} else if (in(reg, GENET_INTRL2_1_OFF, 0x18)) {
		intrl2_write(d, 1, reg - GENET_INTRL2_1_OFF, val);
	} else if (in(reg, GENET_TDMA_BASE, GENET_RING_REGS)) {
		o = reg - GENET_TDMA_BASE;
		desc_write(&d->tx_bds[o / GENET_DESC_SIZE], o % GENET_DESC_SIZE / 4, val);
	} else if (in(reg, GENET_RDMA_BASE, GENET_RING_REGS)) {
		o = reg - GENET_RDMA_BASE;
		desc_write(&d->rx_bds[o / GENET_DESC_SIZE], o % GENET_DESC_SIZE / 4, val);
	} else if (in(reg, GENET_TDMA_RING(0, 0), GENET_NR_RINGS * GENET_DMA_RING_SIZE)) {
		o = reg - GENET_TDMA_RING(0, 0);
		tdma_ring_write(d, (int)(o / GENET_DMA_RING_SIZE), o % GENET_DMA_RING_SIZE, val);
	} else if (in(reg, GENET_RDMA_RING(GENET_DESC_INDEX, 0), GENET_DMA_RING_SIZE)) {
		rdma_ring_write(d, reg - GENET_RDMA_RING(GENET_DESC_INDEX, 0), val);
	} else if (reg == GENET_TDMA_REG(DMA_CTRL)) {
		d->tdma_ctrl = val;
		tx_kick(d, host_now(d->host));
	} else if (reg == GENET_TDMA_REG(DMA_RING_CFG)) {
		d->tdma_ring_cfg = val;
	} else if (reg == GENET_RDMA_REG(DMA_CTRL)) {
		d->rdma_ctrl = val;
	} else if (reg == GENET_RDMA_REG(DMA_RING_CFG)) {
		d->rdma_ring_cfg = val;
	} else if (reg == GENET_RDMA_REG(DMA_RING16_TIMEOUT)) {
		d->rx.timeout = val & DMA_TIMEOUT_MASK;
	}
}

uint32_t bcmgenet_hw_tx_backlog(const struct bcmgenet_hw *d)
{
	uint32_t n = 0;
	int r;

	for (r = 0; r < GENET_NR_RINGS; r++)
		n += (d->tx[r].prod - d->tx[r].cons) & DMA_P_INDEX_MASK;
	return n - (d->tx_busy ? d->tx_ndesc : 0);
}
