// SPDX-License-Identifier: MIT
/*
 * The Marvell NETA (Armada 370/XP) Ethernet controller as hardware: its
 * registers, TX and RX descriptor rings, TX-done and RX coalescing
 * thresholds, cause and mask registers, TX queue arbitration, DMA to and
 * from the link. No kernel source: the hardware the mvneta driver
 * (drivers/net/ethernet/marvell/mvneta.c) programs; the contract, with
 * what is known and what is inferred of the hardware, is in neta.h.
 */
#include <stdlib.h>
#include <string.h>
#include "hw/neta/neta.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"

/* The cause bits recomputed from the queues' state (--check compares). */
static uint32_t cause_slow(const struct neta_dev *d)
{
	uint32_t c = 0;
	int q;

	for (q = 0; q < MVNETA_MAX_QUEUES; q++) {
		if (d->txq[q].ring && d->txq[q].sent > d->txq[q].thresh)
			c |= 1u << q;
		if (d->rxq[q].cause)
			c |= 1u << (8 + q);
	}
	return c;
}

/* The cause register is kept up to date as the queues' state changes:
 * TXQ q's SENT bit while its sent counter exceeds its threshold, RXQ q's
 * OCCUP bit while its cause is latched. */
static uint32_t cause(const struct neta_dev *d)
{
	return d->cause_bits;
}

static void cause_set(struct neta_dev *d, int bit, bool on)
{
	if (on)
		d->cause_bits |= 1u << bit;
	else
		d->cause_bits &= ~(1u << bit);
}

static void tx_cause_sync(struct neta_dev *d, int q)
{
	cause_set(d, q, d->txq[q].ring && d->txq[q].sent > d->txq[q].thresh);
}

bool neta_cached_consistent(const struct neta_dev *d)
{
	uint32_t pend = 0;
	int q;

	for (q = 0; q < MVNETA_MAX_QUEUES; q++)
		if (d->txq[q].pending)
			pend |= 1u << q;
	return d->cause_bits == cause_slow(d) && d->pending_mask == pend;
}

/* Cause bits a CPU_MAP value lets a bank see. */
static uint32_t map_visible(uint32_t m)
{
	uint32_t visible = 0;
	int q;

	for (q = 0; q < MVNETA_MAX_QUEUES; q++) {
		if (m & MVNETA_CPU_TXQ_ACCESS(q))
			visible |= 1u << q;
		if (m & MVNETA_CPU_RXQ_ACCESS(q))
			visible |= 1u << (8 + q);
	}
	return visible;
}

/* The causes CPU c's bank shows: only the queues CPU_MAP gives it. */
static uint32_t cause_for(const struct neta_dev *d, int c)
{
	return cause(d) & d->visible[c];
}

static void update_irq(struct neta_dev *d)
{
	uint32_t all = cause(d);
	int c;

	for (c = 0; c < d->nr_cpus; c++) {
		uint32_t on;
		bool level;

		if (!d->irq[c])
			continue;
		on = all & d->visible[c] & d->mask[c];
		level = on != 0;
		if (level && !d->irq[c]->level) {
			d->irq_raised++;
			d->irq_tx += (on & MVNETA_TX_INTR_MASK_ALL) != 0;
			d->irq_rx += (on & MVNETA_RX_INTR_MASK_ALL) != 0;
		}
		irq_set_level(d->irq[c], level);
	}
}

/* The bank a register access goes to: the CPU doing it. */
static int bank(const struct neta_dev *d)
{
	int id = d->host->cur_cpu ? d->host->cur_cpu->id : 0;

	return id < d->nr_cpus ? id : id % d->nr_cpus;
}

/* --- TX engine ------------------------------------------------------ */

/* Pending descriptors the engine may see at time `at`: the last
 * doorbell's take effect at its own time (late_at). */
static uint32_t visible_descs(const struct neta_txq *t, sim_time_t at)
{
	return t->late && t->late_at > at ? t->pending - t->late : t->pending;
}

/* Descriptors of the frame starting at the queue's read index, or 0 if
 * its last descriptor is not yet visible. */
static uint32_t frame_descs(const struct neta_txq *t, sim_time_t at)
{
	uint32_t n, i = t->rd, v = visible_descs(t, at);

	for (n = 1; n <= v; n++) {
		if (t->ring[i].command & MVNETA_TXD_L_DESC)
			return n;
		if (++i == t->size)
			i = 0;
	}
	return 0;
}

static bool txq_ready(const struct neta_dev *d, int q, sim_time_t at)
{
	return (d->pending_mask & (1u << q)) && frame_descs(&d->txq[q], at);
}

static bool tx_frame_ready(const struct neta_dev *d, sim_time_t at)
{
	uint32_t m;

	for (m = d->pending_mask; m; m &= m - 1)
		if (frame_descs(&d->txq[__builtin_ctz(m)], at))
			return true;
	return false;
}

/* Keep pending_mask: bit q while TXQ q has descriptors to send. */
static void pending_sync(struct neta_dev *d, int q)
{
	if (d->txq[q].pending)
		d->pending_mask |= 1u << q;
	else
		d->pending_mask &= ~(1u << q);
}

/* The earliest time a not-yet-visible doorbell takes effect, or -1. */
static sim_time_t next_late(const struct neta_dev *d)
{
	sim_time_t t = -1;
	int q;

	for (q = 0; q < MVNETA_MAX_QUEUES; q++)
		if (d->txq[q].late && (t < 0 || d->txq[q].late_at < t))
			t = d->txq[q].late_at;
	return t;
}

/* Bytes of the n descriptors at the head of a queue. */
static uint32_t descs_len(const struct neta_txq *t, uint32_t n)
{
	uint32_t i, j = t->rd, len = 0;

	for (i = 0; i < n; i++) {
		len += t->ring[j].data_size;
		if (++j == t->size)
			j = 0;
	}
	return len;
}

/* Bytes of the frame at the head of a ready queue. */
static uint32_t head_len(const struct neta_txq *t, sim_time_t at)
{
	return descs_len(t, frame_descs(t, at));
}

/*
 * Weighted round robin over the queues not in fixed priority, in bytes:
 * a queue's turn adds its weight x 256 bytes to what it may send; it sends
 * while its head frame fits, then the turn passes on; a queue with nothing
 * to send keeps no credit. (A deficit round robin: the HAL's rule that a
 * weight exceed the MTU guarantees every turn sends at least one frame.)
 */
static int pick_wrr(struct neta_dev *d, sim_time_t at)
{
	int i;

	for (i = 0; i <= 2 * MVNETA_MAX_QUEUES; i++) {
		int q = d->rr;

		if (!(d->fixed_prio & (1u << q)) && txq_ready(d, q, at)) {
			int64_t len = head_len(&d->txq[q], at);

			if (d->deficit[q] >= len) {
				d->deficit[q] -= len;
				return q;
			}
		} else {
			d->deficit[q] = 0;
		}
		d->rr = (q + 1) % MVNETA_MAX_QUEUES;
		d->deficit[d->rr] += (int64_t)d->wrr_weight[d->rr] * 256;
	}
	return -1;
}

/* The ready non-fixed queue whose head frame was handed over first: by
 * the time its doorbell took effect (CPUs' clocks differ inside work
 * items), then by the order the doorbells were written. */
static int pick_post(struct neta_dev *d, sim_time_t at)
{
	uint32_t m = d->pending_mask & ~d->fixed_prio & 0xffu;
	int pick = -1;

	for (; m; m &= m - 1) {
		int q = __builtin_ctz(m);
		const struct neta_txq *t = &d->txq[q], *b;

		if (!frame_descs(t, at))
			continue;
		b = pick < 0 ? NULL : &d->txq[pick];
		if (!b || t->posted_at[t->rd] < b->posted_at[b->rd] ||
		    (t->posted_at[t->rd] == b->posted_at[b->rd] && t->posted[t->rd] < b->posted[b->rd]))
			pick = q;
	}
	return pick;
}

/* Fixed-priority queues first, highest number first; then the others:
 * by their WRR weights once any is written, else in post order under that
 * what-if reset state, else round robin of one frame per queue
 * (Deviation: TQxAC's reset value is not documented). */
static int pick_txq(struct neta_dev *d, sim_time_t at)
{
	uint32_t m;
	int i;

	for (i = MVNETA_MAX_QUEUES - 1; d->fixed_prio && i >= 0; i--)
		if ((d->fixed_prio & (1u << i)) && txq_ready(d, i, at))
			return i;
	if (d->wrr_weight[0])
		return pick_wrr(d, at);
	if (d->arb == NETA_ARB_POST)
		return pick_post(d, at);
	/* the round-robin queues with something pending, rotated so that
	 * bit 0 is queue rr: scanned in the same cyclic order */
	m = d->pending_mask & ~d->fixed_prio & 0xffu;
	m = ((m >> d->rr) | (m << (MVNETA_MAX_QUEUES - d->rr))) & 0xffu;
	for (; m; m &= m - 1) {
		int q = (d->rr + __builtin_ctz(m)) & (MVNETA_MAX_QUEUES - 1);

		if (frame_descs(&d->txq[q], at)) {
			d->rr = (q + 1) & (MVNETA_MAX_QUEUES - 1);
			return q;
		}
	}
	return -1;
}

/* Make sure an idle engine looks again at time t (or when the wire frees). */
static void tx_kick(struct neta_dev *d, sim_time_t t)
{
	if (d->tx_busy)
		return;
	if (t < d->port->busy_until)
		t = d->port->busy_until;
	if (sim_event_pending(&d->tx_start_ev) && d->tx_start_ev.time <= t)
		return;
	sim_schedule(d->host->sim, &d->tx_start_ev, t);
}

/* Put the next frame on the wire at time t (>= the wire's free time). */
static void tx_start_at(struct neta_dev *d, sim_time_t t)
{
	int q = pick_txq(d, t);
	struct neta_txq *txq;
	struct sk_buff *skb, *frame;
	uint32_t len;
	sim_time_t done;

	if (q < 0) {	/* only doorbells still to take effect */
		sim_time_t late = next_late(d);

		if (late >= 0)
			sim_schedule(d->host->sim, &d->tx_start_ev, MAX(late, t));
		return;
	}
	txq = &d->txq[q];
	d->tx_ndesc = frame_descs(txq, t);
	len = descs_len(txq, d->tx_ndesc);
	skb = (struct sk_buff *)(uintptr_t)txq->ring[txq->rd].buf;
	frame = skb_pool_copy(d->host->pool, skb);	/* the bits on the wire */
	frame->path[PATH_WIRE] = t;
	/* ready at its queue's head once its doorbell took effect and the
	 * queue's previous frame left */
	frame->path[PATH_HEAD] = MIN(MAX(txq->posted_at[txq->rd], txq->last_end), t);
	if (!skb->t[SKB_T_WIRE])
		skb->t[SKB_T_WIRE] = t;	/* nicsim observation: sent, not yet reclaimed */
	if (skb->gso_segs > 1) {	/* one TSO segment: its own headers */
		uint32_t hdr = skb->len - skb->payload_len;

		frame->seq = skb->seq + txq->ring[txq->rd].seg_off;
		frame->payload_len = len - hdr;
		frame->end_seq = frame->seq + frame->payload_len;
		frame->gso_segs = 1;
	}
	frame->len = len;
	done = eth_xmit(d->port, frame, t);
	d->tx_busy = true;
	d->tx_cur = q;
	sim_schedule(d->host->sim, &d->tx_done_ev, done);
}

static void tx_start(struct sim *sim, struct sim_event *ev)
{
	tx_start_at(ev->arg, sim->now);
}

/* The last bit of the frame on the wire left at time t. */
static void tx_done_at(struct neta_dev *d, sim_time_t t)
{
	struct neta_txq *txq = &d->txq[d->tx_cur];
	uint32_t i;

	txq->frames++;
	txq->last_end = t;
	for (i = 0; i < d->tx_ndesc; i++) {
		txq->bytes += txq->ring[txq->rd].data_size;
		txq->rd = ring_next(txq->rd, txq->size);
	}
	txq->pending -= d->tx_ndesc;
	pending_sync(d, d->tx_cur);
	if (txq->late > txq->pending)
		txq->late = txq->pending;
	txq->sent += d->tx_ndesc;	/* the counter counts descriptors */
	tx_cause_sync(d, d->tx_cur);
	d->tx_busy = false;
	update_irq(d);
	/*
	 * Back to back: the next frame starts when the inter-frame gap ends.
	 * Deviation: it is chosen now, at the last bit of this one, rather
	 * than 96 bit times later; a doorbell in between waits a frame.
	 */
	if (tx_frame_ready(d, d->port->busy_until))
		tx_start_at(d, d->port->busy_until);
	else if (next_late(d) >= 0)
		tx_kick(d, next_late(d));
}

static void tx_done(struct sim *sim, struct sim_event *ev)
{
	tx_done_at(ev->arg, sim->now);
}

uint32_t neta_tx_backlog(const struct neta_dev *d)
{
	uint32_t n = 0;
	int q;

	for (q = 0; q < MVNETA_MAX_QUEUES; q++)
		n += d->txq[q].pending;
	return d->tx_busy ? n - d->tx_ndesc : n;
}

/*
 * A register read by a CPU inside a long work item happens at that CPU's
 * clock, ahead of the simulation's: the DMA engine has gone on sending
 * meanwhile. Bring the TX engine up to that time first (its frames, wire
 * times and interrupts follow from the ring alone), so the driver reads
 * the sent counter the hardware would show then.
 */
static void tx_catch_up(struct neta_dev *d, sim_time_t at)
{
	struct sim *sim = d->host->sim;

	for (;;) {
		sim_time_t t;

		if (sim_event_pending(&d->tx_done_ev) && d->tx_done_ev.time <= at) {
			t = d->tx_done_ev.time;
			sim_cancel(sim, &d->tx_done_ev);
			tx_done_at(d, t);
		} else if (sim_event_pending(&d->tx_start_ev) && d->tx_start_ev.time <= at) {
			t = d->tx_start_ev.time;
			sim_cancel(sim, &d->tx_start_ev);
			tx_start_at(d, t);
		} else {
			return;
		}
	}
}

/* --- RX ------------------------------------------------------------- */

/* Frames received since the last interrupt learn when it was raised. */
static void rx_stamp_irq(struct neta_dev *d, struct neta_rxq *rxq)
{
	sim_time_t now = d->host->sim->now;

	for (; rxq->irq_idx != rxq->wr; rxq->irq_idx = ring_next(rxq->irq_idx, rxq->size))
		((struct sk_buff *)(uintptr_t)rxq->ring[rxq->irq_idx].buf)->path[PATH_IRQ] = now;
}

static void rx_latch(struct neta_dev *d, struct neta_rxq *rxq)
{
	rx_stamp_irq(d, rxq);
	rxq->cause = true;
	cause_set(d, 8 + (int)(rxq - d->rxq), true);
	sim_cancel(d->host->sim, &rxq->coal_timer);
	update_irq(d);
}

static void rx_coal_timer(struct sim *sim, struct sim_event *ev)
{
	struct neta_dev *d = ev->arg;
	struct neta_rxq *rxq = &d->rxq[ev->data];

	if (rxq->occupied)
		rx_latch(d, rxq);
}

static void neta_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct neta_dev *d = port->owner;
	struct neta_rxq *rxq = &d->rxq[d->rxq_def];
	struct mvneta_rx_desc *desc;

	if (!rxq->ring || !rxq->non_occupied) {
		rxq->no_desc_drops++;
		skb_pool_put(d->host->pool, frame);
		return;
	}
	desc = &rxq->ring[rxq->wr];
	skb_copy_frame((struct sk_buff *)(uintptr_t)desc->buf, frame);
	desc->data_size = (uint16_t)frame->len;
	desc->status = 1;
	skb_pool_put(d->host->pool, frame);
	rxq->wr = ring_next(rxq->wr, rxq->size);
	rxq->non_occupied--;
	rxq->occupied++;
	rxq->frames++;
	if (rxq->cause) {	/* already signalled: no coalescing wait */
		rx_stamp_irq(d, rxq);
		return;
	}
	if (rxq->occupied >= rxq->pkts_coal) {
		rx_latch(d, rxq);
	} else if (!sim_event_pending(&rxq->coal_timer)) {
		sim_time_t dt = (sim_time_t)((uint64_t)rxq->time_coal * PS_PER_S / d->clk_hz);

		sim_schedule(d->host->sim, &rxq->coal_timer, d->host->sim->now + dt);
	}
}

/* --- registers ------------------------------------------------------ */

void neta_dev_init(struct neta_dev *d, struct host *host, struct eth_port *port,
		   uint64_t clk_hz, int nr_cpus)
{
	int q;

	memset(d, 0, sizeof(*d));
	neta_dev_arb_reset(d, NETA_ARB_FIXED);
	d->nr_cpus = MIN(MAX(nr_cpus, 1), NETA_MAX_CPUS);
	for (q = 0; q < d->nr_cpus; q++) {	/* reset: every CPU sees every queue */
		d->cpu_map[q] = 0xffff;
		d->visible[q] = map_visible(0xffff);
	}
	d->host = host;
	d->port = port;
	d->clk_hz = clk_hz;
	port->owner = d;
	port->rx = neta_rx;
	sim_event_init(&d->tx_start_ev, tx_start, d);
	sim_event_init(&d->tx_done_ev, tx_done, d);
	for (q = 0; q < MVNETA_MAX_QUEUES; q++) {
		sim_event_init(&d->rxq[q].coal_timer, rx_coal_timer, d);
		d->rxq[q].coal_timer.data = (uint64_t)q;
	}
}

void neta_dev_arb_reset(struct neta_dev *d, enum neta_arb a)
{
	d->arb = a;
	d->fixed_prio = a == NETA_ARB_FIXED ? NETA_TQFPC_RESET : 0;
}

void neta_dev_fini(struct neta_dev *d)
{
	int q;

	for (q = 0; q < MVNETA_MAX_QUEUES; q++) {
		free(d->txq[q].posted);
		free(d->txq[q].posted_at);
		d->txq[q].posted = NULL;
		d->txq[q].posted_at = NULL;
	}
}

static int reg_queue(uint32_t reg, uint32_t base)
{
	return (int)((reg - base) >> 2);
}

#define IN_BANK(reg, base) ((reg) >= (base) && (reg) < (base) + 4 * MVNETA_MAX_QUEUES)

uint32_t mvneta_dev_read(struct neta_dev *d, uint32_t reg)
{
	if (reg == MVNETA_INTR_NEW_CAUSE)
		return cause_for(d, bank(d));
	if (reg == MVNETA_INTR_NEW_MASK)
		return d->mask[bank(d)];
	if (IN_BANK(reg, MVNETA_TXQ_STATUS_REG(0))) {
		struct neta_txq *t = &d->txq[reg_queue(reg, MVNETA_TXQ_STATUS_REG(0))];

		if (d->host->cur_cpu && d->host->cur_cpu->t > d->host->sim->now)
			tx_catch_up(d, d->host->cur_cpu->t);
		return (t->sent << MVNETA_TXQ_SENT_DESC_SHIFT) | t->pending;
	}
	if (IN_BANK(reg, MVNETA_RXQ_STATUS_REG(0))) {
		struct neta_rxq *r = &d->rxq[reg_queue(reg, MVNETA_RXQ_STATUS_REG(0))];

		return r->occupied | (r->non_occupied << MVNETA_RXQ_NON_OCCUPIED_SHIFT);
	}
	if (reg == MVNETA_TXQ_FIXED_PRIO)
		return d->fixed_prio;
	return 0;
}

/* Stamp the n descriptors a doorbell hands over with its number and the
 * time it takes effect. */
static void post_stamp(struct neta_dev *d, struct neta_txq *t, uint32_t n, sim_time_t at)
{
	uint32_t i, j;

	if (!n || !t->posted)
		return;
	d->doorbells++;
	j = (t->rd + t->pending) % t->size;
	for (i = 0; i < n; i++) {
		t->posted[j] = d->doorbells;
		t->posted_at[j] = at;
		j = ring_next(j, t->size);
	}
}

/*
 * TXQ_UPDATE: acknowledging sent descriptors takes effect at once. New
 * pending descriptors become visible to the TX engine at the time the
 * write really happens (the CPU's clock after the driver's work so far),
 * so a frame never leaves before its driver has finished queueing it.
 * Deviation: doorbells that overlap before taking effect are merged, so
 * an earlier one may become visible a little late (by at most the later
 * one's xmit cost).
 */
static void txq_update(struct neta_dev *d, int q, uint32_t val)
{
	struct neta_txq *t = &d->txq[q];
	uint32_t add = val & 0xff, dec = (val >> MVNETA_TXQ_DEC_SENT_SHIFT) & 0xff;
	sim_time_t now = d->host->sim->now, at = host_now(d->host);

	BUG_ON(dec > t->sent);
	t->sent -= dec;
	tx_cause_sync(d, q);
	post_stamp(d, t, add, at);
	t->pending += add;
	pending_sync(d, q);
	BUG_ON(t->pending + t->sent > t->size);
	update_irq(d);
	if (!add)
		return;
	if (t->late && t->late_at <= now)
		t->late = 0;	/* the previous doorbell took effect */
	if (at > now) {
		t->late += add;
		t->late_at = at;
	}
	tx_kick(d, at);
}

static void rxq_update(struct neta_dev *d, int q, uint32_t val)
{
	struct neta_rxq *r = &d->rxq[q];
	uint32_t done = val & 0xff;
	uint32_t add = (val >> MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT) & 0xff;

	BUG_ON(done > r->occupied);
	r->occupied -= done;
	r->non_occupied += add;
	BUG_ON(r->occupied + r->non_occupied > r->size);
	if (!r->occupied) {
		r->cause = false;
		cause_set(d, 8 + (int)(r - d->rxq), false);
	}
	update_irq(d);
}

/* PORT_TX_RESET: the TX DMA forgets every queue's descriptors. */
static void port_tx_reset(struct neta_dev *d)
{
	int q;

	if (d->tx_busy) {	/* the frame on the wire is no longer counted */
		sim_cancel(d->host->sim, &d->tx_done_ev);
		d->tx_busy = false;
	}
	sim_cancel(d->host->sim, &d->tx_start_ev);
	for (q = 0; q < MVNETA_MAX_QUEUES; q++) {
		struct neta_txq *t = &d->txq[q];

		t->pending = t->sent = t->rd = t->late = 0;
		pending_sync(d, q);
		tx_cause_sync(d, q);
	}
	update_irq(d);
}

void mvneta_dev_write(struct neta_dev *d, uint32_t reg, uint32_t val)
{
	if (reg == MVNETA_INTR_NEW_MASK) {
		d->mask[bank(d)] = val;
		update_irq(d);
	} else if (reg >= MVNETA_CPU_MAP(0) && reg < MVNETA_CPU_MAP(NETA_MAX_CPUS)) {
		int c = (int)((reg - MVNETA_CPU_MAP(0)) >> 2);

		if (c < d->nr_cpus) {
			d->cpu_map[c] = val;
			d->visible[c] = map_visible(val);
		}
		update_irq(d);
	} else if (reg == MVNETA_PORT_TX_RESET) {
		if (val & MVNETA_PORT_TX_DMA_RESET)
			port_tx_reset(d);
	} else if (reg == MVNETA_PORT_CONFIG) {
		d->rxq_def = (int)((val & MVNETA_DEF_RXQ_MASK) >> 1);
	} else if (reg == MVNETA_TXQ_FIXED_PRIO) {
		d->fixed_prio = val & 0xff;
	} else if (IN_BANK(reg, MVNETA_TXQ_WRR_ARB_REG(0))) {
		d->wrr_weight[reg_queue(reg, MVNETA_TXQ_WRR_ARB_REG(0))] = val & MVNETA_TXQ_WRR_WEIGHT_MASK;
	} else if (IN_BANK(reg, MVNETA_TXQ_UPDATE_REG(0))) {
		txq_update(d, reg_queue(reg, MVNETA_TXQ_UPDATE_REG(0)), val);
	} else if (IN_BANK(reg, MVNETA_RXQ_STATUS_UPDATE_REG(0))) {
		rxq_update(d, reg_queue(reg, MVNETA_RXQ_STATUS_UPDATE_REG(0)), val);
	} else if (IN_BANK(reg, MVNETA_TXQ_BASE_ADDR_REG(0))) {
		int q = reg_queue(reg, MVNETA_TXQ_BASE_ADDR_REG(0));

		d->txq[q].ring = host_dma_resolve(d->host, val);
		tx_cause_sync(d, q);
	} else if (IN_BANK(reg, MVNETA_TXQ_SIZE_REG(0))) {
		struct neta_txq *t = &d->txq[reg_queue(reg, MVNETA_TXQ_SIZE_REG(0))];

		t->size = val & 0x3fff;
		t->posted = xrealloc(t->posted, MAX(t->size, 1u) * sizeof(*t->posted));
		memset(t->posted, 0, MAX(t->size, 1u) * sizeof(*t->posted));
		t->posted_at = xrealloc(t->posted_at, MAX(t->size, 1u) * sizeof(*t->posted_at));
		memset(t->posted_at, 0, MAX(t->size, 1u) * sizeof(*t->posted_at));
		t->thresh = (val >> MVNETA_TXQ_SENT_THRESH_SHIFT) & MVNETA_TXQ_SENT_THRESH_MASK;
		tx_cause_sync(d, (int)(t - d->txq));
		update_irq(d);
	} else if (IN_BANK(reg, MVNETA_RXQ_BASE_ADDR_REG(0))) {
		d->rxq[reg_queue(reg, MVNETA_RXQ_BASE_ADDR_REG(0))].ring =
			host_dma_resolve(d->host, val);
	} else if (IN_BANK(reg, MVNETA_RXQ_SIZE_REG(0))) {
		d->rxq[reg_queue(reg, MVNETA_RXQ_SIZE_REG(0))].size = val & 0x3fff;
	} else if (IN_BANK(reg, MVNETA_RXQ_THRESHOLD_REG(0))) {
		d->rxq[reg_queue(reg, MVNETA_RXQ_THRESHOLD_REG(0))].pkts_coal = val & 0x3fff;
	} else if (IN_BANK(reg, MVNETA_RXQ_TIME_COAL_REG(0))) {
		d->rxq[reg_queue(reg, MVNETA_RXQ_TIME_COAL_REG(0))].time_coal = val;
	}
}
