// SPDX-License-Identifier: MIT
/*
 * The Engleder TSNEP as hardware: one TX/RX queue pair, ECM_INT_ENABLE /
 * ECM_INT_ACTIVE and the interrupt line, the interrupt delay, the frames
 * it puts on the link. No kernel source: the hardware drivers/net/
 * ethernet/engleder/tsnep_main.c programs; the contract, and what it
 * leaves out, is in tsnep.h.
 */
#include <string.h>
#include "hw/tsnep/tsnep.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

#define QUEUE0_CAUSES	(ECM_INT_TX_0 | ECM_INT_RX_0)

/* The line follows ACTIVE & ENABLE; rising edges are counted by cause. */
static void update_irq(struct tsnep_hw *d)
{
	uint32_t on = d->int_active & d->int_enable;

	if (on && !d->irq->level) {
		d->irqs++;
		d->irq_tx += (on & ECM_INT_TX_0) != 0;
		d->irq_rx += (on & ECM_INT_RX_0) != 0;
	}
	irq_set_level(d->irq, on != 0);
}

static sim_time_t delay_ps(const struct tsnep_hw *d)
{
	uint32_t n = (d->int_delay & ECM_INT_DELAY_MASK) >> ECM_INT_DELAY_SHIFT;

	return (sim_time_t)n * ECM_INT_DELAY_BASE_US * PS_PER_US;
}

/* A TX or RX event of queue 0: lost if its cause is disabled, else
 * active now or when the delay runs out. */
static void raise_cause(struct tsnep_hw *d, uint32_t cause)
{
	cause &= d->int_enable;
	if (!cause)
		return;
	if (!delay_ps(d)) {
		d->int_active |= cause;
		update_irq(d);
		return;
	}
	d->delayed |= cause;
	if (!sim_event_pending(&d->delay_ev))
		sim_schedule(d->host->sim, &d->delay_ev, d->host->sim->now + delay_ps(d));
}

static void delay_event(struct sim *sim, struct sim_event *ev)
{
	struct tsnep_hw *d = ev->arg;

	(void)sim;
	d->int_active |= d->delayed & d->int_enable;
	d->delayed = 0;
	update_irq(d);
}

static uint32_t tsnep_ring_next(const struct tsnep_hw *d, uint32_t i)
{
	return (i + 1) % d->ring_size;
}

static bool tx_ready(const struct tsnep_hw *d)
{
	const struct tsnep_tx_desc *t;

	if (!d->txd || !d->tx_on)
		return false;
	t = &d->txd[d->tx_rd];
	return (t->properties & TSNEP_DESC_OWNER_COUNTER_MASK) &&
	       (t->properties & TSNEP_DESC_OWNER_COUNTER_MASK) !=
	       (d->txwb[d->tx_rd].consumed & TSNEP_DESC_OWNER_COUNTER_MASK);
}

/* Wake the TX DMA at t if it is idle and has a frame handed over. */
static void tx_kick(struct tsnep_hw *d, sim_time_t t)
{
	if (d->tx_busy || sim_event_pending(&d->tx_ev) || !tx_ready(d))
		return;
	sim_schedule(d->host->sim, &d->tx_ev, MAX(t, d->port->busy_until));
}

/* The frame from the descriptor at tx_rd to its LAST_FRAGMENT one goes out. */
static void tx_start(struct tsnep_hw *d, struct sim *sim)
{
	struct tsnep_tx_desc *first = &d->txd[d->tx_rd];
	struct sk_buff *skb = (struct sk_buff *)(uintptr_t)first->tx, *frame;
	uint32_t i = d->tx_rd;

	d->tx_ndesc = 1;
	while (!(d->txd[i].properties & TSNEP_TX_DESC_LAST_FRAGMENT_FLAG) &&
	       d->tx_ndesc < d->ring_size) {
		i = tsnep_ring_next(d, i);
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

/* Its last bit has left: the first descriptor's owner bits written back,
 * every descriptor of the frame consumed, TX_0 raised if asked for. */
static void tx_done(struct tsnep_hw *d, struct sim *sim)
{
	uint32_t props = d->txd[d->tx_rd].properties, n;

	d->txwb[d->tx_rd].properties = props & TSNEP_TX_DESC_OWNER_MASK;
	for (n = 0; n < d->tx_ndesc; n++) {
		d->txwb[d->tx_rd].consumed = d->txd[d->tx_rd].properties;
		d->tx_rd = tsnep_ring_next(d, d->tx_rd);
	}
	d->tx_busy = false;
	if (props & TSNEP_DESC_INTERRUPT_FLAG)
		raise_cause(d, ECM_INT_TX_0);
	tx_kick(d, sim->now);
}

static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct tsnep_hw *d = ev->arg;

	if (d->tx_busy)
		tx_done(d, sim);
	else if (tx_ready(d))
		tx_start(d, sim);
}

static bool rx_ready(const struct tsnep_hw *d)
{
	uint32_t own;

	if (!d->rxd || !d->rx_on)
		return false;
	own = d->rxd[d->rx_wr].properties & TSNEP_DESC_OWNER_COUNTER_MASK;
	return own && own != (d->rxwb[d->rx_wr].properties & TSNEP_DESC_OWNER_COUNTER_MASK);
}

/* The link's rx: a frame whose last bit has arrived. */
static void tsnep_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct tsnep_hw *d = port->owner;
	uint32_t len = TSNEP_RX_INLINE_METADATA_SIZE + frame->len + ETH_FCS_LEN;
	struct tsnep_rx_desc *rxd;

	if (!rx_ready(d) || len > (d->rxd[d->rx_wr].properties & TSNEP_DESC_LENGTH_MASK)) {
		d->rx_no_desc += rx_ready(d) ? 0 : 1;
		d->rx_on = d->rx_on && rx_ready(d);	/* out of descriptors: RX stops */
		skb_pool_put(d->host->pool, frame);
		return;
	}
	rxd = &d->rxd[d->rx_wr];
	frame->truesize = d->rx_buf_truesize;
	frame->path[PATH_IRQ] = d->host->sim->now;
	rxd->rx = (uint64_t)(uintptr_t)frame;
	d->rxwb[d->rx_wr].properties = (rxd->properties & TSNEP_DESC_OWNER_COUNTER_MASK) |
				       (len & TSNEP_DESC_LENGTH_MASK);
	d->rx_wr = tsnep_ring_next(d, d->rx_wr);
	d->rx_frames++;
	if (rxd->properties & TSNEP_DESC_INTERRUPT_FLAG)
		raise_cause(d, ECM_INT_RX_0);
}

void tsnep_hw_init(struct tsnep_hw *d, struct host *host, struct eth_port *port,
		   struct irq_desc *irq)
{
	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->irq = irq;
	port->owner = d;
	port->rx = tsnep_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
	sim_event_init(&d->delay_ev, delay_event, d);
}

void tsnep_hw_set_rings(struct tsnep_hw *d, uint32_t ring_size,
			struct tsnep_tx_desc *txd, struct tsnep_tx_desc_wb *txwb,
			struct tsnep_rx_desc *rxd, struct tsnep_rx_desc_wb *rxwb,
			uint32_t rx_buf_truesize)
{
	d->ring_size = ring_size;
	d->txd = txd;
	d->txwb = txwb;
	d->rxd = rxd;
	d->rxwb = rxwb;
	d->tx_rd = d->rx_wr = 0;
	d->rx_buf_truesize = rx_buf_truesize;
}

uint32_t tsnep_hw_read(struct tsnep_hw *d, uint32_t reg)
{
	switch (reg) {
	case ECM_INT_ACTIVE: return d->int_active;
	case ECM_INT_ENABLE: return d->int_enable;
	case TSNEP_CONTROL:
		return (d->tx_busy || tx_ready(d) ? TSNEP_CONTROL_TX_ENABLE : 0) |
		       (d->rx_on ? TSNEP_CONTROL_RX_ENABLE : 0);
	case TSNEP_RX_STATISTIC: return (uint32_t)(d->rx_no_desc & TSNEP_RX_STATISTIC_NO_DESC_MASK);
	default: return 0;
	}
}

void tsnep_hw_write(struct tsnep_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case ECM_INT_ENABLE:
		if (val & ECM_INT_DISABLE)
			d->int_enable &= ~(val & ECM_INT_ALL);
		else
			d->int_enable |= val & ECM_INT_ALL;
		update_irq(d);
		break;
	case ECM_INT_ACKNOWLEDGE:
		d->int_active &= ~val;
		update_irq(d);
		break;
	case TSNEP_CONTROL:
		if (val & TSNEP_CONTROL_TX_ENABLE) {
			d->tx_on = true;
			tx_kick(d, host_now(d->host));
		}
		if (val & TSNEP_CONTROL_RX_ENABLE)
			d->rx_on = true;
		if (val & TSNEP_CONTROL_RX_DISABLE)
			d->rx_on = false;
		break;
	default:
		break;
	}
}

void tsnep_hw_write8(struct tsnep_hw *d, uint32_t reg, uint8_t val)
{
	if (reg == ECM_INT_DELAY)	/* queue 0's byte */
		d->int_delay = val;
}

uint32_t tsnep_hw_tx_backlog(const struct tsnep_hw *d)
{
	uint32_t n = 0, i = d->tx_rd;

	if (!d->txd)
		return 0;
	while (n < d->ring_size && (d->txd[i].properties & TSNEP_DESC_OWNER_COUNTER_MASK) &&
	       (d->txd[i].properties & TSNEP_DESC_OWNER_COUNTER_MASK) !=
	       (d->txwb[i].consumed & TSNEP_DESC_OWNER_COUNTER_MASK)) {
		n++;
		i = tsnep_ring_next(d, i);
	}
	return n - (d->tx_busy ? MIN(n, d->tx_ndesc) : 0);
}
