// SPDX-License-Identifier: MIT
/*
 * The DesignWare GMAC DMA (dwmac1000, normal descriptors, ring mode; or a
 * GMAC4 with several TX channels) as hardware: registers, the TX rings
 * and the RX ring, the channels' status / interrupt enable and the one
 * interrupt line, the frames it puts on the link. The contract, and what
 * it leaves out, is in dwmac.h.
 */
#include <string.h>
#include "hw/stmmac/dwmac.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define NORMAL_CAUSES	(DMA_STATUS_TI | DMA_STATUS_TU | DMA_STATUS_RI | DMA_STATUS_RU)

/* Each channel's NIS summarises its enabled normal causes; the one line
 * is high while any channel's is. */
static void update_irq(struct dwmac_hw *d)
{
	uint32_t on_all = 0, x;
	bool level = false;

	for (x = 0; x < d->nr_chan; x++) {
		struct dwmac_chan *c = &d->chan[x];
		uint32_t on = c->status & c->intr_ena & NORMAL_CAUSES;

		if (on)
			c->status |= DMA_STATUS_NIS;
		else if (!(c->status & NORMAL_CAUSES))
			c->status &= ~DMA_STATUS_NIS;
		if (on && (c->intr_ena & DMA_INTR_ENA_NIE)) {
			level = true;
			on_all |= on;
		}
	}
	if (level && !d->irq->level) {
		d->irq_tx += (on_all & DMA_STATUS_TI) != 0;
		d->irq_rx += (on_all & DMA_STATUS_RI) != 0;
	}
	irq_set_level(d->irq, level);
}

static uint32_t tx_next(const struct dwmac_chan *c, uint32_t i)
{
	return c->tx[i].des1 & TDES1_END_RING ? 0 : i + 1;
}

static uint32_t rx_next(const struct dwmac_hw *d, uint32_t i)
{
	return d->rx[i].des1 & RDES1_END_RING ? 0 : i + 1;
}

static bool tx_ready(const struct dwmac_chan *c)
{
	return c->tx && (c->control & DMA_CONTROL_ST) && (c->tx[c->tx_cur].des0 & TDES0_OWN);
}

/* The MTL scheduler (see dwmac.h): the next channel after the one served
 * last that has a frame ready; -1 if none. */
static int tx_pick(const struct dwmac_hw *d)
{
	uint32_t n, x;

	for (n = 1; n <= d->nr_chan; n++) {
		x = (d->tx_chan + n) % d->nr_chan;
		if (tx_ready(&d->chan[x]))
			return (int)x;
	}
	return -1;
}

/*
 * Channel c was woken (a poll demand, a tail pointer write, its start) or
 * has just finished a frame: with nothing owned it suspends (TU); the
 * transmitter starts at t if it is idle and any channel has a frame.
 */
static void tx_kick(struct dwmac_hw *d, struct dwmac_chan *c, sim_time_t t)
{
	if (d->tx_busy || sim_event_pending(&d->tx_ev))
		return;
	if (!tx_ready(c) && c->tx && (c->control & DMA_CONTROL_ST)) {
		c->status |= DMA_STATUS_TU;
		update_irq(d);
	}
	if (tx_pick(d) < 0)
		return;
	sim_schedule(d->host->sim, &d->tx_ev, MAX(t, d->port->busy_until));
}

/* The frame from the descriptor at the channel's tx_cur to its
 * LAST_SEGMENT one. */
static void tx_start(struct dwmac_hw *d, struct sim *sim, uint32_t x)
{
	struct dwmac_chan *c = &d->chan[x];
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)c->tx[c->tx_cur].buf, *frame;
	uint32_t i = c->tx_cur;

	d->tx_chan = x;
	d->tx_ndesc = 1;
	while (!(c->tx[i].des1 & TDES1_LAST_SEGMENT)) {
		i = tx_next(c, i);
		d->tx_ndesc++;
	}
	frame = skb_pool_copy(d->host->pool, skb);
	frame->path[PATH_WIRE] = frame->path[PATH_HEAD] = sim->now;	/* one FIFO */
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = sim->now;	/* nicsim observation */
	d->tx_busy = true;
	c->tx_frames++;
	c->tx_bytes += skb->len;
	sim_schedule(sim, &d->tx_ev, eth_xmit(d->port, frame, sim->now));
}

/* Its last bit has left: OWN back to the driver; TI if IC was asked. */
static void tx_done(struct dwmac_hw *d, struct sim *sim)
{
	struct dwmac_chan *c = &d->chan[d->tx_chan];
	bool ic = false;
	uint32_t n;

	for (n = 0; n < d->tx_ndesc; n++) {
		struct dma_desc *p = &c->tx[c->tx_cur];

		if (p->des1 & TDES1_LAST_SEGMENT)
			ic = p->des1 & TDES1_INTERRUPT;
		p->des0 &= ~TDES0_OWN;
		c->tx_cur = tx_next(c, c->tx_cur);
	}
	d->tx_busy = false;
	if (ic) {
		c->status |= DMA_STATUS_TI;
		update_irq(d);
	}
	tx_kick(d, c, sim->now);
}

static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct dwmac_hw *d = ev->arg;
	int x;

	if (d->tx_busy) {
		tx_done(d, sim);
		return;
	}
	x = tx_pick(d);
	if (x >= 0)
		tx_start(d, sim, (uint32_t)x);
	else
		tx_kick(d, &d->chan[d->tx_chan], sim->now);	/* taken back: suspend */
}

/* The link's rx: a frame whose last bit has arrived (channel 0). */
static void dwmac_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct dwmac_hw *d = port->owner;
	struct dwmac_chan *c = &d->chan[0];
	struct dma_desc *p = d->rx ? &d->rx[d->rx_cur] : NULL;

	if (!p || !(c->control & DMA_CONTROL_SR) || !(p->des0 & RDES0_OWN)) {
		d->rx_no_buf++;
		c->status |= DMA_STATUS_RU;
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
	c->status |= DMA_STATUS_RI;
	update_irq(d);
}

void dwmac_hw_init(struct dwmac_hw *d, struct host *host, struct eth_port *port,
		   struct irq_desc *irq, uint32_t nr_chan)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq = irq;
	d->nr_chan = nr_chan;
	port->owner = d;
	port->rx = dwmac_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
}

void dwmac_hw_set_rings(struct dwmac_hw *d, struct dma_desc *tx, struct dma_desc *rx,
			uint32_t rx_buf_truesize)
{
	d->chan[0].tx = tx;
	d->rx = rx;
	d->chan[0].tx_cur = d->rx_cur = 0;
	d->rx_buf_truesize = rx_buf_truesize;
}

void dwmac_hw_set_tx_ring(struct dwmac_hw *d, struct dma_desc *tx)
{
	dwmac_hw_set_chan_tx_ring(d, 0, tx);
}

void dwmac_hw_set_chan_tx_ring(struct dwmac_hw *d, uint32_t x, struct dma_desc *tx)
{
	d->chan[x].tx = tx;
	d->chan[x].tx_cur = 0;
}

/* Which channel's block reg falls in (DMA_CHAN_*(x)); -1 if none. */
static int chan_of(const struct dwmac_hw *d, uint32_t reg)
{
	uint32_t x;

	if (reg < DMA_CHAN_BASE_ADDR)
		return -1;
	x = (reg - DMA_CHAN_BASE_ADDR) / DMA_CHAN_BASE_OFFSET;
	return x < d->nr_chan ? (int)x : -1;
}

static uint32_t chan_read(const struct dwmac_chan *c, uint32_t off)
{
	switch (off) {
	case 0x04: return c->control & DMA_CONTROL_ST ? DMA_CHAN_TX_CONTROL_ST : 0;
	case 0x34: return c->intr_ena;
	case 0x60: return c->status;
	default: return 0;
	}
}

uint32_t dwmac_hw_read(struct dwmac_hw *d, uint32_t reg)
{
	int x = chan_of(d, reg);

	if (x >= 0)
		return chan_read(&d->chan[x], reg - DMA_CHANX_BASE_ADDR((uint32_t)x));
	switch (reg) {
	case DMA_STATUS: return d->chan[0].status;
	case DMA_CONTROL: return d->chan[0].control;
	case DMA_INTR_ENA: return d->chan[0].intr_ena;
	default: return 0;
	}
}

/* The TX start bit cleared: the channel's TX process stops (TPS) at once,
 * the frame it has on the wire abandoned. */
static void write_control(struct dwmac_hw *d, struct dwmac_chan *c, uint32_t val)
{
	if (!(val & DMA_CONTROL_ST) && (c->control & DMA_CONTROL_ST)) {
		if (&d->chan[d->tx_chan] == c && sim_event_pending(&d->tx_ev)) {
			sim_cancel(d->host->sim, &d->tx_ev);
			d->tx_busy = false;
		}
		c->status |= DMA_STATUS_TPS;
	}
	c->control = val;
	if (val & DMA_CONTROL_ST)
		tx_kick(d, c, host_now(d->host));
}

static void chan_write(struct dwmac_hw *d, struct dwmac_chan *c, uint32_t off, uint32_t val)
{
	switch (off) {
	case 0x04:
		write_control(d, c, (c->control & ~DMA_CONTROL_ST) |
			      (val & DMA_CHAN_TX_CONTROL_ST ? DMA_CONTROL_ST : 0));
		break;
	case 0x20:	/* the tail pointer */
		tx_kick(d, c, host_now(d->host));
		break;
	case 0x34:
		c->intr_ena = val;
		update_irq(d);
		break;
	case 0x60:	/* write 1 to clear */
		c->status &= ~(val & 0x1ffffu);
		update_irq(d);
		break;
	default:
		break;
	}
}

void dwmac_hw_write(struct dwmac_hw *d, uint32_t reg, uint32_t val)
{
	int x = chan_of(d, reg);

	if (x >= 0) {
		chan_write(d, &d->chan[x], reg - DMA_CHANX_BASE_ADDR((uint32_t)x), val);
		return;
	}
	switch (reg) {
	case DMA_STATUS:
		chan_write(d, &d->chan[0], 0x60, val);
		break;
	case DMA_INTR_ENA:
		chan_write(d, &d->chan[0], 0x34, val);
		break;
	case DMA_XMT_POLL_DEMAND:
		tx_kick(d, &d->chan[0], host_now(d->host));
		break;
	case DMA_CONTROL:
		write_control(d, &d->chan[0], val);
		break;
	default:
		break;
	}
}

static uint32_t chan_backlog(const struct dwmac_hw *d, uint32_t x)
{
	const struct dwmac_chan *c = &d->chan[x];
	uint32_t n = 0, i = c->tx_cur;

	if (!c->tx)
		return 0;
	while (c->tx[i].des0 & TDES0_OWN) {
		n++;
		i = tx_next(c, i);
		if (i == c->tx_cur)
			break;
	}
	return n - (d->tx_busy && d->tx_chan == x ? d->tx_ndesc : 0);
}

uint32_t dwmac_hw_tx_backlog(const struct dwmac_hw *d)
{
	uint32_t n = 0, x;

	for (x = 0; x < d->nr_chan; x++)
		n += chan_backlog(d, x);
	return n;
}

uint32_t dwmac_hw_chan_tx_cur(const struct dwmac_hw *d, uint32_t x)
{
	return d->chan[x].tx_cur;
}
