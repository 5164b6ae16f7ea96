// SPDX-License-Identifier: MIT
/*
 * The Faraday FTGMAC100 as hardware: registers, the TX and RX descriptor
 * rings, ISR / IER and the interrupt line, the frames it puts on the link.
 * No kernel source: the hardware drivers/net/ethernet/faraday/ftgmac100.c
 * programs; the contract, and what it leaves out, is in ftgmac100.h.
 */
#include <string.h>
#include "hw/ftgmac100/ftgmac100.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

/* The line follows ISR & IER; rising edges are counted by cause. */
static void update_irq(struct ftgmac100_hw *d)
{
	uint32_t on = d->isr & d->ier;

	if (on && !d->irq->level) {
		d->irq_tx += (on & FTGMAC100_INT_XPKT_ETH) != 0;
		d->irq_rx += (on & FTGMAC100_INT_RPKT_BUF) != 0;
	}
	irq_set_level(d->irq, on != 0);
}

static uint32_t tx_next(const struct ftgmac100_hw *d, uint32_t i)
{
	return d->txdes[i].txdes0 & FTGMAC100_TXDES0_EDOTR_ASPEED ? 0 : i + 1;
}

static uint32_t rx_next(const struct ftgmac100_hw *d, uint32_t i)
{
	return d->rxdes[i].rxdes0 & FTGMAC100_RXDES0_EDORR_ASPEED ? 0 : i + 1;
}

static bool tx_ready(const struct ftgmac100_hw *d)
{
	return d->txdes && (d->maccr & FTGMAC100_MACCR_TXDMA_EN) &&
	       (d->txdes[d->tx_rd].txdes0 & FTGMAC100_TXDES0_TXDMA_OWN);
}

/* Wake the TX DMA at t if it is idle and owns a descriptor. */
static void tx_kick(struct ftgmac100_hw *d, sim_time_t t)
{
	if (d->tx_busy || sim_event_pending(&d->tx_ev) || !tx_ready(d))
		return;
	sim_schedule(d->host->sim, &d->tx_ev, MAX(t, d->port->busy_until));
}

/* The frame from the FTS descriptor at tx_rd to its LTS one goes out. */
static void tx_start(struct ftgmac100_hw *d, struct sim *sim)
{
	struct ftgmac100_txdes *first = &d->txdes[d->tx_rd];
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)first->buf, *frame;
	uint32_t i = d->tx_rd;

	d->tx_first = d->tx_rd;
	d->tx_ndesc = 1;
	while (!(d->txdes[i].txdes0 & FTGMAC100_TXDES0_LTS)) {
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

/* Its last bit has left: OWN back to the driver, XPKT_ETH raised. */
static void tx_done(struct ftgmac100_hw *d, struct sim *sim)
{
	uint32_t n;

	for (n = 0; n < d->tx_ndesc; n++) {
		d->txdes[d->tx_rd].txdes0 &= ~FTGMAC100_TXDES0_TXDMA_OWN;
		d->tx_rd = tx_next(d, d->tx_rd);
	}
	d->tx_busy = false;
	d->isr |= FTGMAC100_INT_XPKT_ETH;
	update_irq(d);
	tx_kick(d, sim->now);
}

static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct ftgmac100_hw *d = ev->arg;

	if (d->tx_busy)
		tx_done(d, sim);
	else if (tx_ready(d))
		tx_start(d, sim);
}

/* The link's rx: a frame whose last bit has arrived. */
static void ftgmac100_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct ftgmac100_hw *d = port->owner;
	struct ftgmac100_rxdes *rxdes = d->rxdes ? &d->rxdes[d->rx_wr] : NULL;

	if (!rxdes || !(d->maccr & FTGMAC100_MACCR_RXDMA_EN) ||
	    (rxdes->rxdes0 & FTGMAC100_RXDES0_RXPKT_RDY)) {
		d->rx_no_buf++;
		d->isr |= FTGMAC100_INT_NO_RXBUF;
		update_irq(d);
		skb_pool_put(d->host->pool, frame);
		return;
	}
	frame->truesize = d->rx_buf_truesize;
	frame->path[PATH_IRQ] = d->host->sim->now;
	rxdes->buf = (uint64_t)(uintptr_t)frame;
	rxdes->rxdes0 = (rxdes->rxdes0 & FTGMAC100_RXDES0_EDORR_ASPEED) |
			FTGMAC100_RXDES0_RXPKT_RDY | FTGMAC100_RXDES0_FRS |
			FTGMAC100_RXDES0_LRS | (frame->len & FTGMAC100_RXDES0_VDBC);
	d->rx_wr = rx_next(d, d->rx_wr);
	d->rx_frames++;
	d->isr |= FTGMAC100_INT_RPKT_BUF;
	update_irq(d);
}

void ftgmac100_hw_init(struct ftgmac100_hw *d, struct host *host, struct eth_port *port,
		       struct irq_desc *irq)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq = irq;
	port->owner = d;
	port->rx = ftgmac100_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
}

void ftgmac100_hw_set_rings(struct ftgmac100_hw *d, struct ftgmac100_txdes *txdes,
			    struct ftgmac100_rxdes *rxdes, uint32_t rx_buf_truesize)
{
	d->txdes = txdes;
	d->rxdes = rxdes;
	d->rx_buf_truesize = rx_buf_truesize;
}

/* SW_RST: the engines stop and start over from slot 0. */
static void hw_reset(struct ftgmac100_hw *d)
{
	if (sim_event_pending(&d->tx_ev))
		sim_cancel(d->host->sim, &d->tx_ev);
	d->tx_busy = false;
	d->tx_rd = d->rx_wr = 0;
	d->isr = d->ier = 0;
	d->maccr = 0;
	update_irq(d);
}

uint32_t ftgmac100_hw_read(struct ftgmac100_hw *d, uint32_t reg)
{
	switch (reg) {
	case FTGMAC100_OFFSET_ISR: return d->isr;
	case FTGMAC100_OFFSET_IER: return d->ier;
	case FTGMAC100_OFFSET_MACCR: return d->maccr;
	default: return 0;
	}
}

void ftgmac100_hw_write(struct ftgmac100_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case FTGMAC100_OFFSET_ISR:	/* write 1 to clear */
		d->isr &= ~val;
		update_irq(d);
		break;
	case FTGMAC100_OFFSET_IER:
		d->ier = val;
		update_irq(d);
		break;
	case FTGMAC100_OFFSET_NPTXPD:
		tx_kick(d, host_now(d->host));
		break;
	case FTGMAC100_OFFSET_MACCR:
		if (val & FTGMAC100_MACCR_SW_RST)
			hw_reset(d);	/* the bit self-clears at once */
		else
			d->maccr = val;
		break;
	default:
		break;
	}
}

uint32_t ftgmac100_hw_tx_backlog(const struct ftgmac100_hw *d)
{
	uint32_t n = 0, i = d->tx_rd;

	if (!d->txdes)
		return 0;
	while (d->txdes[i].txdes0 & FTGMAC100_TXDES0_TXDMA_OWN) {
		n++;
		i = tx_next(d, i);
		if (i == d->tx_rd)	/* the whole ring */
			break;
	}
	return n - (d->tx_busy ? d->tx_ndesc : 0);
}
