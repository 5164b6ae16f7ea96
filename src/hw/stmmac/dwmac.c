// SPDX-License-Identifier: MIT
/*
 * The DesignWare GMAC DMA (dwmac1000, normal descriptors, ring mode) as
 * hardware: registers, the TX and RX rings, DMA_STATUS / DMA_INTR_ENA and
 * the interrupt line, the frames it puts on the link. The contract, and
 * what it leaves out, is in dwmac.h.
 */
#include <string.h>
#include "hw/stmmac/dwmac.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define NORMAL_CAUSES	(DMA_STATUS_TI | DMA_STATUS_TU | DMA_STATUS_RI | DMA_STATUS_RU)

/* NIS summarises the enabled normal causes; the line follows it. */
static void update_irq(struct dwmac_hw *d)
{
	uint32_t on = d->status & d->intr_ena & NORMAL_CAUSES;
	bool level = on && (d->intr_ena & DMA_INTR_ENA_NIE);

	if (on)
		d->status |= DMA_STATUS_NIS;
	else if (!(d->status & NORMAL_CAUSES))
		d->status &= ~DMA_STATUS_NIS;
	if (level && !d->irq->level) {
		d->irq_tx += (on & DMA_STATUS_TI) != 0;
		d->irq_rx += (on & DMA_STATUS_RI) != 0;
	}
	irq_set_level(d->irq, level);
}

static uint32_t tx_next(const struct dwmac_hw *d, uint32_t i)
{
	return d->tx[i].des1 & TDES1_END_RING ? 0 : i + 1;
}

static uint32_t rx_next(const struct dwmac_hw *d, uint32_t i)
{
	return d->rx[i].des1 & RDES1_END_RING ? 0 : i + 1;
}

static bool tx_ready(const struct dwmac_hw *d)
{
	return d->tx && (d->control & DMA_CONTROL_ST) && (d->tx[d->tx_cur].des0 & TDES0_OWN);
}

/* Wake the TX DMA at t if it is suspended; with nothing owned, TU. */
static void tx_kick(struct dwmac_hw *d, sim_time_t t)
{
	if (d->tx_busy || sim_event_pending(&d->tx_ev))
		return;
	if (!tx_ready(d)) {
		if (d->tx && (d->control & DMA_CONTROL_ST)) {
			d->status |= DMA_STATUS_TU;
			update_irq(d);
		}
		return;
	}
	sim_schedule(d->host->sim, &d->tx_ev, MAX(t, d->port->busy_until));
}

/* The frame from the descriptor at tx_cur to its LAST_SEGMENT one. */
static void tx_start(struct dwmac_hw *d, struct sim *sim)
{
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)d->tx[d->tx_cur].buf, *frame;
	uint32_t i = d->tx_cur;

	d->tx_ndesc = 1;
	while (!(d->tx[i].des1 & TDES1_LAST_SEGMENT)) {
		i = tx_next(d, i);
		d->tx_ndesc++;
	}
	frame = skb_pool_copy(d->host->pool, skb);
	frame->path[PATH_WIRE] = frame->path[PATH_HEAD] = sim->now;	/* one FIFO */
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = sim->now;	/* nicsim observation */
	d->tx_busy = true;
	d->tx_frames++;
	d->tx_bytes += skb->len;
	sim_schedule(sim, &d->tx_ev, eth_xmit(d->port, frame, sim->now));
}

/* Its last bit has left: OWN back to the driver; TI if IC was asked. */
static void tx_done(struct dwmac_hw *d, struct sim *sim)
{
	bool ic = false;
	uint32_t n;

	for (n = 0; n < d->tx_ndesc; n++) {
		struct dma_desc *p = &d->tx[d->tx_cur];

		if (p->des1 & TDES1_LAST_SEGMENT)
			ic = p->des1 & TDES1_INTERRUPT;
		p->des0 &= ~TDES0_OWN;
		d->tx_cur = tx_next(d, d->tx_cur);
	}
	d->tx_busy = false;
	if (ic) {
		d->status |= DMA_STATUS_TI;
		update_irq(d);
	}
	tx_kick(d, sim->now);
}

static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct dwmac_hw *d = ev->arg;

	if (d->tx_busy)
		tx_done(d, sim);
	else if (tx_ready(d))
		tx_start(d, sim);
	else
		tx_kick(d, sim->now);	/* the driver took it back: suspend */
}

/* The link's rx: a frame whose last bit has arrived. */
static void dwmac_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct dwmac_hw *d = port->owner;
	struct dma_desc *p = d->rx ? &d->rx[d->rx_cur] : NULL;

	if (!p || !(d->control & DMA_CONTROL_SR) || !(p->des0 & RDES0_OWN)) {
		d->rx_no_buf++;
		d->status |= DMA_STATUS_RU;
		update_irq(d);
		skb_pool_put(d->host->pool, frame);
		return;
	}
	frame->truesize = d->rx_buf_truesize;
	frame->path[PATH_IRQ] = d->host->sim->now;
	p->buf = (uint64_t)(uintptr_t)frame;
	p->des0 = RDES0_FIRST_DESCRIPTOR | RDES0_LAST_DESCRIPTOR |
		  (((frame->len + 4) << RDES0_FRAME_LEN_SHIFT) & RDES0_FRAME_LEN_MASK);
	d->rx_cur = rx_next(d, d->rx_cur);
	d->rx_frames++;
	d->status |= DMA_STATUS_RI;
	update_irq(d);
}

void dwmac_hw_init(struct dwmac_hw *d, struct host *host, struct eth_port *port,
		   struct irq_desc *irq)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq = irq;
	port->owner = d;
	port->rx = dwmac_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
}

void dwmac_hw_set_rings(struct dwmac_hw *d, struct dma_desc *tx, struct dma_desc *rx,
			uint32_t rx_buf_truesize)
{
	d->tx = tx;
	d->rx = rx;
	d->tx_cur = d->rx_cur = 0;
	d->rx_buf_truesize = rx_buf_truesize;
}

void dwmac_hw_set_tx_ring(struct dwmac_hw *d, struct dma_desc *tx)
{
	d->tx = tx;
	d->tx_cur = 0;
}

uint32_t dwmac_hw_read(struct dwmac_hw *d, uint32_t reg)
{
	switch (reg) {
	case DMA_STATUS: return d->status;
	case DMA_CONTROL: return d->control;
	case DMA_INTR_ENA: return d->intr_ena;
	default: return 0;
	}
}

/* DMA_CONTROL without ST: the TX process stops (TPS) at once. */
static void write_control(struct dwmac_hw *d, uint32_t val)
{
	if (!(val & DMA_CONTROL_ST) && (d->control & DMA_CONTROL_ST)) {
		if (sim_event_pending(&d->tx_ev))
			sim_cancel(d->host->sim, &d->tx_ev);
		d->tx_busy = false;
		d->status |= DMA_STATUS_TPS;
	}
	d->control = val;
	if (val & DMA_CONTROL_ST)
		tx_kick(d, host_now(d->host));
}

void dwmac_hw_write(struct dwmac_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case DMA_STATUS:	/* write 1 to clear */
		d->status &= ~(val & 0x1ffffu);
		update_irq(d);
		break;
	case DMA_INTR_ENA:
		d->intr_ena = val;
		update_irq(d);
		break;
	case DMA_XMT_POLL_DEMAND:
		tx_kick(d, host_now(d->host));
		break;
	case DMA_CONTROL:
		write_control(d, val);
		break;
	default:
		break;
	}
}

uint32_t dwmac_hw_tx_backlog(const struct dwmac_hw *d)
{
	uint32_t n = 0, i = d->tx_cur;

	if (!d->tx)
		return 0;
	while (d->tx[i].des0 & TDES0_OWN) {
		n++;
		i = tx_next(d, i);
		if (i == d->tx_cur)
			break;
	}
	return n - (d->tx_busy ? d->tx_ndesc : 0);
}
