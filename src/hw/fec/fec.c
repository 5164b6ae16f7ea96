// SPDX-License-Identifier: MIT
/*
 * The i.MX ENET ("FEC") as hardware: registers, the TX and RX descriptor
 * rings, the interrupt coalescing engines, EIR / EIMR and the line.
 * No kernel source: the hardware drivers/net/ethernet/freescale/
 * fec_main.c programs; the contract, and what it leaves out, is in fec.h.
 */
#include <string.h>
#include "hw/fec/fec.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

/* The line follows EIR & EIMR; rising edges are counted by cause. */
static void update_irq(struct fec_hw *d)
{
	uint32_t on = d->eir & d->eimr;

	if (on && !d->irq->level) {
		d->irq_tx += (on & FEC_ENET_TXF_0) != 0;
		d->irq_rx += (on & FEC_ENET_RXF_0) != 0;
	}
	irq_set_level(d->irq, on != 0);
}

sim_time_t fec_hw_ictt_time(const struct fec_hw *d, uint32_t units)
{
	return (sim_time_t)((uint64_t)units * 64u * (uint64_t)PS_PER_S / d->itr_clk_rate);
}

static void ic_fire(struct fec_hw *d, struct fec_ic *ic)
{
	ic->count = 0;
	if (sim_event_pending(&ic->ev))
		sim_cancel(d->host->sim, &ic->ev);
	d->eir |= ic->eir_bit;
	update_irq(d);
}

/* One TX or RX event: at once, or counted against ICFT and ICTT. */
static void ic_event(struct fec_hw *d, struct fec_ic *ic)
{
	if (!(ic->reg & FEC_ITR_EN)) {
		d->eir |= ic->eir_bit;
		update_irq(d);
		return;
	}
	if (++ic->count >= FEC_ITR_GET_ICFT(ic->reg)) {
		ic->by_frames++;
		ic_fire(d, ic);
		return;
	}
	if (!sim_event_pending(&ic->ev))
		sim_schedule(d->host->sim, &ic->ev, d->host->sim->now +
			     fec_hw_ictt_time(d, FEC_ITR_GET_ICTT(ic->reg)));
}

static void ic_timer(struct sim *sim, struct sim_event *ev)
{
	struct fec_hw *d = ev->arg;
	struct fec_ic *ic = ev == &d->tic.ev ? &d->tic : &d->ric;

	(void)sim;
	ic->by_timer++;
	ic_fire(d, ic);
}

static uint32_t tx_next(const struct fec_hw *d, uint32_t i)
{
	return d->tx_bd[i].cbd_sc & BD_ENET_TX_WRAP ? 0 : i + 1;
}

static uint32_t rx_next(const struct fec_hw *d, uint32_t i)
{
	return d->rx_bd[i].cbd_sc & BD_ENET_RX_WRAP ? 0 : i + 1;
}

static bool tx_ready(const struct fec_hw *d)
{
	return d->tx_bd && (d->ecr & FEC_ECR_ETHEREN) &&
	       (d->tx_bd[d->tx_rd].cbd_sc & BD_ENET_TX_READY);
}

/* Wake the TX DMA at t if TDAR is set and it is idle. */
static void tx_kick(struct fec_hw *d, sim_time_t t)
{
	if (d->tx_busy || sim_event_pending(&d->tx_ev) || !d->tdar)
		return;
	if (!tx_ready(d)) {
		d->tdar = false;	/* nothing READY: TDAR clears */
		return;
	}
	sim_schedule(d->host->sim, &d->tx_ev, MAX(t, d->port->busy_until));
}

/* The frame from tx_rd to its LAST descriptor goes out. */
static void tx_start(struct fec_hw *d, struct sim *sim)
{
	struct fec_bufdesc *first = &d->tx_bd[d->tx_rd];
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)first->buf, *frame;
	uint32_t i = d->tx_rd, len = first->cbd_datlen;

	d->tx_ndesc = 1;
	while (!(d->tx_bd[i].cbd_sc & BD_ENET_TX_LAST)) {
		i = tx_next(d, i);
		len += d->tx_bd[i].cbd_datlen;
		d->tx_ndesc++;
	}
	frame = skb_pool_copy(d->host->pool, skb);
	if (skb->gso_segs > 1) {	/* one software-TSO segment */
		uint32_t hdr = skb->len - skb->payload_len;

		frame->seq = skb->seq + first->seg_off;
		frame->payload_len = len - hdr;
		frame->end_seq = frame->seq + frame->payload_len;
		frame->gso_segs = 1;
	}
	frame->len = len;
	frame->path[PATH_WIRE] = frame->path[PATH_HEAD] = sim->now;	/* one FIFO */
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = sim->now;	/* nicsim observation */
	d->tx_busy = true;
	d->tx_frames++;
	d->tx_bytes += len;
	sim_schedule(sim, &d->tx_ev, eth_xmit(d->port, frame, sim->now));
}

/* Its last bit has left: READY back to the driver, a TX event if INTR. */
static void tx_done(struct fec_hw *d, struct sim *sim)
{
	bool intr = false;
	uint32_t n;

	for (n = 0; n < d->tx_ndesc; n++) {
		struct fec_bufdesc *bd = &d->tx_bd[d->tx_rd];

		if (n == d->tx_ndesc - 1)
			intr = bd->cbd_sc & BD_ENET_TX_INTR;
		bd->cbd_sc &= (uint16_t)~BD_ENET_TX_READY;
		d->tx_rd = tx_next(d, d->tx_rd);
	}
	d->tx_busy = false;
	if (intr)
		ic_event(d, &d->tic);
	tx_kick(d, sim->now);
}

static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct fec_hw *d = ev->arg;

	if (d->tx_busy)
		tx_done(d, sim);
	else if (tx_ready(d))
		tx_start(d, sim);
	else
		d->tdar = false;
}

/* The link's rx: a frame whose last bit has arrived. */
static void fec_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct fec_hw *d = port->owner;
	struct fec_bufdesc *bd = d->rx_bd ? &d->rx_bd[d->rx_wr] : NULL;

	if (!bd || !(d->ecr & FEC_ECR_ETHEREN) || !(bd->cbd_sc & BD_ENET_RX_EMPTY)) {
		d->rx_no_buf++;
		skb_pool_put(d->host->pool, frame);
		return;
	}
	frame->truesize = d->rx_buf_truesize;
	frame->path[PATH_IRQ] = d->host->sim->now;
	bd->buf = (uint64_t)(uintptr_t)frame;
	bd->cbd_datlen = (uint16_t)frame->len;
	bd->cbd_sc = (uint16_t)((bd->cbd_sc & BD_ENET_RX_WRAP) | BD_ENET_RX_LAST);
	d->rx_wr = rx_next(d, d->rx_wr);
	d->rx_frames++;
	ic_event(d, &d->ric);
}

void fec_hw_init(struct fec_hw *d, struct host *host, struct eth_port *port,
		 struct irq_desc *irq, uint64_t itr_clk_rate)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq = irq;
	d->itr_clk_rate = itr_clk_rate;
	port->owner = d;
	port->rx = fec_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
	sim_event_init(&d->tic.ev, ic_timer, d);
	sim_event_init(&d->ric.ev, ic_timer, d);
	d->tic.eir_bit = FEC_ENET_TXF_0;
	d->ric.eir_bit = FEC_ENET_RXF_0;
}

void fec_hw_set_rings(struct fec_hw *d, struct fec_bufdesc *tx, uint32_t tx_size,
		      struct fec_bufdesc *rx, uint32_t rx_size, uint32_t rx_buf_truesize)
{
	d->tx_bd = tx;
	d->tx_size = tx_size;
	d->rx_bd = rx;
	d->rx_size = rx_size;
	d->rx_buf_truesize = rx_buf_truesize;
	d->tx_rd = d->rx_wr = 0;
}

/* ETHEREN cleared: both DMAs stop and rewind; the engines start over. */
static void hw_disable(struct fec_hw *d)
{
	struct sim *sim = d->host->sim;

	if (sim_event_pending(&d->tx_ev))
		sim_cancel(sim, &d->tx_ev);
	if (sim_event_pending(&d->tic.ev))
		sim_cancel(sim, &d->tic.ev);
	if (sim_event_pending(&d->ric.ev))
		sim_cancel(sim, &d->ric.ev);
	d->tic.count = d->ric.count = 0;
	d->tx_busy = d->tdar = false;
	d->tx_rd = d->rx_wr = 0;
}

uint32_t fec_hw_read(struct fec_hw *d, uint32_t reg)
{
	switch (reg) {
	case FEC_IEVENT: return d->eir;
	case FEC_IMASK: return d->eimr;
	case FEC_ECNTRL: return d->ecr;
	case FEC_X_DES_ACTIVE_0: return d->tdar ? 1u << 24 : 0;
	case FEC_TXIC0: return d->tic.reg;
	case FEC_RXIC0: return d->ric.reg;
	default: return 0;
	}
}

void fec_hw_write(struct fec_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case FEC_IEVENT:	/* write 1 to clear */
		d->eir &= ~val;
		update_irq(d);
		break;
	case FEC_IMASK:
		d->eimr = val;
		update_irq(d);
		break;
	case FEC_X_DES_ACTIVE_0:
		d->tdar = true;
		tx_kick(d, host_now(d->host));
		break;
	case FEC_R_DES_ACTIVE_0:	/* RX takes any EMPTY descriptor */
		break;
	case FEC_ECNTRL:
		if (!(val & FEC_ECR_ETHEREN))
			hw_disable(d);
		d->ecr = val;
		break;
	case FEC_TXIC0:
		d->tic.reg = val;
		break;
	case FEC_RXIC0:
		d->ric.reg = val;
		break;
	default:
		break;
	}
}

uint32_t fec_hw_tx_backlog(const struct fec_hw *d)
{
	uint32_t n = 0, i = d->tx_rd;

	if (!d->tx_bd)
		return 0;
	while (d->tx_bd[i].cbd_sc & BD_ENET_TX_READY) {
		n++;
		i = tx_next(d, i);
		if (i == d->tx_rd)
			break;
	}
	return n - (d->tx_busy ? d->tx_ndesc : 0);
}
