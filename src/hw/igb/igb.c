// SPDX-License-Identifier: MIT
/*
 * The Intel I210 as hardware: the TX and RX descriptor rings, the
 * transmit engine, descriptor write-back, MSI-X causes and the EITR
 * throttle. No kernel source: the hardware drivers/net/ethernet/intel/
 * igb/igb_main.c programs; the contract, and what it leaves out, is in
 * igb.h.
 */
#include <string.h>
#include "hw/igb/igb.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

static sim_time_t hw_now(const struct igb_hw *d)
{
	return host_now(d->host);
}

/* IVAR: the vector queue n's TX (tx) or RX cause goes to, or -1. */
static int ivar_vector(const struct igb_hw *d, int n, bool tx)
{
	uint32_t e = (d->ivar[n >> 1] >> (((n & 1) << 4) + (tx ? 8 : 0))) & 0xFF;

	return e & E1000_IVAR_VALID ? (int)(e & 0x1F) : -1;
}

static void try_send(struct igb_hw *d, int v);

/* The vector's message: EIAC clears its cause, EIAM masks it. */
static void send_msg(struct igb_hw *d, int v, sim_time_t now)
{
	struct igb_hw_vec *vec = &d->vec[v];
	uint32_t bit = 1u << v;

	d->irq_tx += (d->cause_tx & bit) != 0;
	d->irq_rx += (d->cause_rx & bit) != 0;
	d->cause_tx &= ~bit;
	d->cause_rx &= ~bit;
	d->eicr &= ~(bit & d->eiac);
	d->eims &= ~(bit & d->eiam);
	vec->expiry = now + vec->interval;
	vec->msgs++;
	if (vec->irq) {
		irq_set_level(vec->irq, true);
		irq_set_level(vec->irq, false);
	}
}

static void try_send(struct igb_hw *d, int v)
{
	struct igb_hw_vec *vec = &d->vec[v];
	sim_time_t now = hw_now(d);

	if (!(d->eicr & d->eims & (1u << v)))
		return;
	if (now < vec->expiry) {
		if (!sim_event_pending(&vec->ev))
			sim_schedule(d->host->sim, &vec->ev, vec->expiry);
		return;
	}
	send_msg(d, v, now);
}

static void raise_cause(struct igb_hw *d, int v, bool tx)
{
	if (v < 0)
		return;
	d->eicr |= 1u << v;
	if (tx)
		d->cause_tx |= 1u << v;
	else
		d->cause_rx |= 1u << v;
	try_send(d, v);
}

/* Write back queue n's done descriptors: DD where RS was asked for. */
static void tx_writeback(struct igb_hw *d, int n)
{
	struct igb_hw_txq *q = &d->txq[n];
	bool rs = false;

	while (q->wb_pending) {
		struct e1000_adv_tx_desc *desc = &q->ring[q->wb_head];

		if (desc->cmd_type_len & E1000_ADVTXD_DCMD_RS) {
			desc->olinfo_status = E1000_TXD_STAT_DD;
			rs = true;
		}
		q->wb_head = q->wb_head + 1 == q->count ? 0 : q->wb_head + 1;
		q->wb_pending--;
	}
	q->tdh = q->wb_head;
	if (rs)
		raise_cause(d, ivar_vector(d, n, true), true);
}

/* The throttle timer of vector v ran out: flush, then send if due. */
static void vec_timer(struct sim *sim, struct sim_event *ev)
{
	struct igb_hw *d = ev->arg;
	int v = 0, n;

	(void)sim;
	while (&d->vec[v].ev != ev)
		v++;
	for (n = 0; n < IGB_HW_QUEUES; n++)
		if (d->txq[n].wb_pending && ivar_vector(d, n, true) == v)
			tx_writeback(d, n);
	try_send(d, v);
}

static uint32_t tx_next(const struct igb_hw_txq *q, uint32_t i)
{
	return i + 1 == q->count ? 0 : i + 1;
}

static bool txq_ready(const struct igb_hw *d, int n)
{
	const struct igb_hw_txq *q = &d->txq[n];

	return q->ring && (q->txdctl & E1000_TXDCTL_QUEUE_ENABLE) && q->rd != q->tdt;
}

/* Round robin: the next queue from rr with a frame, or -1. */
static int pick_queue(struct igb_hw *d)
{
	int i;

	if (!(d->tctl & E1000_TCTL_EN))
		return -1;
	for (i = 0; i < IGB_HW_QUEUES; i++) {
		int n = (d->rr + i) % IGB_HW_QUEUES;

		if (txq_ready(d, n)) {
			d->rr = (n + 1) % IGB_HW_QUEUES;
			return n;
		}
	}
	return -1;
}

static void tx_kick(struct igb_hw *d, sim_time_t t)
{
	if (d->tx_busy || sim_event_pending(&d->tx_ev))
		return;
	sim_schedule(d->host->sim, &d->tx_ev, MAX(t, d->port->busy_until));
}

/* Segment tx_seg of the frame at queue tx_q's read index goes out. */
static void tx_segment(struct igb_hw *d, struct sim *sim)
{
	struct igb_hw_txq *q = &d->txq[d->tx_q];
	uint32_t i = q->rd, mss = 0, len = 0, n;
	struct sk_buff *skb = NULL, *frame;

	for (n = 0; n < d->tx_ndesc; n++, i = tx_next(q, i)) {
		struct e1000_adv_tx_desc *desc = &q->ring[i];

		if ((desc->cmd_type_len & E1000_ADVTXD_DTYP_DATA) == E1000_ADVTXD_DTYP_CTXT) {
			mss = desc->olinfo_status >> E1000_ADVTXD_MSS_SHIFT;
			continue;
		}
		if (!skb)
			skb = (struct sk_buff *)(uintptr_t)desc->buffer_addr;
		len += desc->cmd_type_len & E1000_ADVTXD_LEN_MASK;
	}
	frame = skb_pool_copy(d->host->pool, skb);
	if (d->tx_segs > 1) {	/* TSE: headers + one MSS of payload */
		uint32_t hdr = skb->len - skb->payload_len, off = d->tx_seg * mss;

		frame->seq = skb->seq + off;
		frame->payload_len = MIN(mss, skb->payload_len - off);
		frame->end_seq = frame->seq + frame->payload_len;
		frame->gso_segs = 1;
		len = hdr + frame->payload_len;
	}
	frame->len = len;
	frame->path[PATH_WIRE] = frame->path[PATH_HEAD] = sim->now;
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = sim->now;	/* nicsim observation */
	q->frames++;
	q->bytes += len;
	d->tx_on_wire = true;
	sim_schedule(sim, &d->tx_ev, eth_xmit(d->port, frame, sim->now));
}

/* Start the next frame: count its descriptors and segments. */
static bool tx_start(struct igb_hw *d, struct sim *sim)
{
	struct igb_hw_txq *q;
	uint32_t i;
	int n = pick_queue(d);

	if (n < 0)
		return false;
	q = &d->txq[n];
	d->tx_q = n;
	d->tx_ndesc = 0;
	d->tx_segs = 1;
	for (i = q->rd;; i = tx_next(q, i)) {
		uint32_t cmd = q->ring[i].cmd_type_len;

		d->tx_ndesc++;
		if ((cmd & E1000_ADVTXD_DTYP_DATA) == E1000_ADVTXD_DTYP_DATA &&
		    (cmd & E1000_ADVTXD_DCMD_TSE)) {
			struct sk_buff *skb = (struct sk_buff *)(uintptr_t)q->ring[i].buffer_addr;

			d->tx_segs = skb->gso_segs;
		}
		if (cmd & E1000_ADVTXD_DCMD_EOP)
			break;
	}
	d->tx_seg = 0;
	d->tx_busy = true;
	tx_segment(d, sim);
	return true;
}

/* The frame's last bit left: its descriptors wait for write-back. */
static void tx_done(struct igb_hw *d)
{
	struct igb_hw_txq *q = &d->txq[d->tx_q];
	int v = ivar_vector(d, d->tx_q, true);
	uint32_t n;

	for (n = 0; n < d->tx_ndesc; n++)
		q->rd = tx_next(q, q->rd);
	q->wb_pending += d->tx_ndesc;
	d->tx_busy = false;
	if (q->wb_pending >= E1000_TXDCTL_WTHRESH(q->txdctl) || v < 0 ||
	    hw_now(d) >= d->vec[v].expiry)
		tx_writeback(d, d->tx_q);
	else if (!sim_event_pending(&d->vec[v].ev))
		sim_schedule(d->host->sim, &d->vec[v].ev, d->vec[v].expiry);
}

/*
 * The engine's event: a segment's last bit has left (busy, on_wire), the
 * wire is free for the frame's next segment (busy), or for a new frame.
 */
static void tx_event(struct sim *sim, struct sim_event *ev)
{
	struct igb_hw *d = ev->arg;

	if (d->tx_busy && d->tx_on_wire) {
		d->tx_on_wire = false;
		if (d->tx_seg + 1 < d->tx_segs) {
			d->tx_seg++;
			sim_schedule(sim, &d->tx_ev, MAX(sim->now, d->port->busy_until));
			return;
		}
		tx_done(d);
		tx_kick(d, sim->now);
		return;
	}
	if (d->tx_busy) {
		tx_segment(d, sim);
		return;
	}
	tx_start(d, sim);
}

/* The link's rx: a frame whose last bit has arrived, to RX queue 0. */
static void igb_hw_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct igb_hw *d = port->owner;
	struct igb_hw_rxq *q = &d->rxq[0];
	struct e1000_adv_rx_desc *desc;

	if (!q->ring || !(d->rctl & E1000_RCTL_EN) ||
	    !(q->rxdctl & E1000_RXDCTL_QUEUE_ENABLE) || q->rdh == q->rdt) {
		d->rx_missed++;
		skb_pool_put(d->host->pool, frame);
		return;
	}
	desc = &q->ring[q->rdh];
	frame->truesize = d->rx_buf_truesize;
	frame->path[PATH_IRQ] = d->host->sim->now;
	desc->pkt_addr = (uint64_t)(uintptr_t)frame;
	desc->length = (uint16_t)frame->len;
	desc->status_error = E1000_RXD_STAT_DD | E1000_RXD_STAT_EOP;
	q->rdh = q->rdh + 1 == q->count ? 0 : q->rdh + 1;
	d->rx_frames++;
	raise_cause(d, ivar_vector(d, 0, false), false);
}

void igb_hw_init(struct igb_hw *d, struct host *host, struct eth_port *port,
		 uint32_t rx_buf_truesize)
{
	int v;

	memset(d, 0, sizeof(*d));
	d->host = host;
	d->port = port;
	d->rx_buf_truesize = rx_buf_truesize;
	port->owner = d;
	port->rx = igb_hw_rx;
	sim_event_init(&d->tx_ev, tx_event, d);
	for (v = 0; v < IGB_HW_VECTORS; v++)
		sim_event_init(&d->vec[v].ev, vec_timer, d);
}

void igb_hw_set_msix(struct igb_hw *d, int v, struct irq_desc *irq)
{
	d->vec[v].irq = irq;
}

void igb_hw_set_tx_ring(struct igb_hw *d, int n, struct e1000_adv_tx_desc *ring,
			uint32_t count)
{
	struct igb_hw_txq *q = &d->txq[n];

	q->ring = ring;
	q->count = count;
	q->tdh = q->tdt = q->rd = q->wb_head = q->wb_pending = 0;
}

void igb_hw_set_rx_ring(struct igb_hw *d, int n, struct e1000_adv_rx_desc *ring,
			uint32_t count)
{
	struct igb_hw_rxq *q = &d->rxq[n];

	q->ring = ring;
	q->count = count;
	q->rdh = q->rdt = 0;
}

/* CTRL.RST: engines stopped, indices and interrupt state cleared. */
static void hw_reset(struct igb_hw *d)
{
	struct sim *sim = d->host->sim;
	int i;

	if (sim_event_pending(&d->tx_ev))
		sim_cancel(sim, &d->tx_ev);
	d->tx_busy = d->tx_on_wire = false;
	for (i = 0; i < IGB_HW_VECTORS; i++) {
		if (sim_event_pending(&d->vec[i].ev))
			sim_cancel(sim, &d->vec[i].ev);
		d->vec[i].expiry = 0;
	}
	for (i = 0; i < IGB_HW_QUEUES; i++) {
		d->txq[i].tdh = d->txq[i].tdt = d->txq[i].rd = 0;
		d->txq[i].wb_head = d->txq[i].wb_pending = 0;
		d->txq[i].txdctl = 0;
		d->rxq[i].rdh = d->rxq[i].rdt = 0;
		d->rxq[i].rxdctl = 0;
	}
	d->eicr = d->eims = d->cause_tx = d->cause_rx = 0;
	d->tctl = d->rctl = 0;
}

static void write_eitr(struct igb_hw *d, int v, uint32_t val)
{
	struct igb_hw_vec *vec = &d->vec[v];

	vec->eitr = val & ~E1000_EITR_CNT_IGNR;
	vec->interval = (sim_time_t)((val & E1000_EITR_INTERVAL) >> 2) * PS_PER_US;
	if (!(val & E1000_EITR_CNT_IGNR) && hw_now(d) < vec->expiry)
		vec->expiry = hw_now(d) + vec->interval;
}

static uint32_t read_queue_reg(struct igb_hw *d, uint32_t reg)
{
	int n;

	for (n = 0; n < IGB_HW_QUEUES; n++) {
		if (reg == E1000_TDH(n))
			return d->txq[n].tdh;
		if (reg == E1000_TDT(n))
			return d->txq[n].tdt;
		if (reg == E1000_TXDCTL(n))
			return d->txq[n].txdctl;
		if (reg == E1000_RDH(n))
			return d->rxq[n].rdh;
		if (reg == E1000_RDT(n))
			return d->rxq[n].rdt;
	}
	for (n = 0; n < IGB_HW_VECTORS; n++)
		if (reg == E1000_EITR(n))
			return d->vec[n].eitr;
	return 0;
}

uint32_t igb_hw_read(struct igb_hw *d, uint32_t reg)
{
	uint32_t v;

	switch (reg) {
	case E1000_CTRL: return d->ctrl;
	case E1000_EIMS: return d->eims;
	case E1000_EICR:	/* read to clear */
		v = d->eicr;
		d->eicr = 0;
		return v;
	case E1000_GPIE: return d->gpie;
	case E1000_IVAR(0): return d->ivar[0];
	case E1000_IVAR(1): return d->ivar[1];
	default: return read_queue_reg(d, reg);
	}
}

static void set_bits(struct igb_hw *d, uint32_t *reg, uint32_t val)
{
	int v;

	*reg |= val;
	for (v = 0; v < IGB_HW_VECTORS; v++)
		if (val & (1u << v))
			try_send(d, v);
}

static bool write_queue_reg(struct igb_hw *d, uint32_t reg, uint32_t val)
{
	int n;

	for (n = 0; n < IGB_HW_QUEUES; n++) {
		if (reg == E1000_TDT(n)) {
			d->txq[n].tdt = val;
			tx_kick(d, hw_now(d));
			return true;
		}
		if (reg == E1000_TXDCTL(n)) {
			d->txq[n].txdctl = val;
			return true;
		}
		if (reg == E1000_RDT(n)) {
			d->rxq[n].rdt = val;
			return true;
		}
		if (reg == E1000_RXDCTL(n)) {
			d->rxq[n].rxdctl = val;
			return true;
		}
	}
	for (n = 0; n < IGB_HW_VECTORS; n++) {
		if (reg == E1000_EITR(n)) {
			write_eitr(d, n, val);
			return true;
		}
	}
	return false;
}

void igb_hw_write(struct igb_hw *d, uint32_t reg, uint32_t val)
{
	switch (reg) {
	case E1000_CTRL:
		if (val & E1000_CTRL_RST)
			hw_reset(d);
		d->ctrl = val & ~E1000_CTRL_RST;
		break;
	case E1000_TCTL:
		d->tctl = val;
		tx_kick(d, hw_now(d));
		break;
	case E1000_RCTL: d->rctl = val; break;
	case E1000_GPIE: d->gpie = val; break;
	case E1000_EIAC: d->eiac = val; break;
	case E1000_EIAM: d->eiam = val; break;
	case E1000_EIMS: set_bits(d, &d->eims, val); break;
	case E1000_EIMC: d->eims &= ~val; break;
	case E1000_EICS: set_bits(d, &d->eicr, val); break;
	case E1000_EICR: d->eicr &= ~val; break;	/* write 1 to clear */
	case E1000_IVAR(0): d->ivar[0] = val; break;
	case E1000_IVAR(1): d->ivar[1] = val; break;
	default:
		write_queue_reg(d, reg, val);
		break;
	}
}

uint32_t igb_hw_tx_backlog(const struct igb_hw *d, int n)
{
	const struct igb_hw_txq *q = &d->txq[n];
	uint32_t held;

	if (!q->ring)
		return 0;
	held = q->tdt >= q->rd ? q->tdt - q->rd : q->tdt + q->count - q->rd;
	if (d->tx_busy && d->tx_q == n)
		held -= MIN(held, d->tx_ndesc);
	return held;
}
