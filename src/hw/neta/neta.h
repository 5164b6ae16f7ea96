/* SPDX-License-Identifier: MIT */
/*
 * NETA (Marvell Armada 370/XP/38x GbE) device model.
 *
 * Models, per port: up to 8 TX queues, each with a descriptor ring, a
 * pending-descriptor counter (the driver adds via TXQ_UPDATE), a sent
 * counter (the driver reads TXQ_STATUS and subtracts via TXQ_UPDATE) and
 * the packet-count "sent" threshold in TXQ_SIZE; the arbitration of the
 * TX queues onto the link (below); up to 8 RX queues with occupied / non-occupied
 * counters, an occupied-descriptors threshold and a time threshold; the
 * NEW_CAUSE / NEW_MASK interrupt registers and one interrupt line.
 *
 * A frame is the descriptors from one with the F bit to one with the L bit;
 * the sent counter counts descriptors, as the hardware does.
 * TX cause: bit q is set while the queue's sent counter EXCEEDS its
 * threshold (sent > thresh). Evidence: the 2016 commit setting
 * MVNETA_TXDONE_COAL_PKTS from 1 to 0 says a threshold of 1 "causes
 * interrupts every two packets" (docs/kernel.md, mvneta); with 16,
 * the 17th sent packet raises it, which Willy Tarreau's "every 16 packets"
 * does not distinguish. There is no TX time threshold in NETA.
 * RX cause: bit 8+q latches when the occupied count reaches the threshold,
 * or when the time threshold expires after the first unreported packet;
 * it clears when the driver has returned every occupied descriptor.
 * Interrupt registers are banked per CPU (the accessing CPU's bank), and
 * MVNETA_CPU_MAP(cpu) masks which RX (bits 0-7) and TX (bits 8-15) queues
 * a CPU's bank shows; each bank drives that CPU's interrupt line.
 * TX arbitration, per frame: queues whose TQFPC bit is set are served by
 * fixed priority, the highest-numbered ready one first; the rest share
 * the link by the byte weights written to the TQxAC registers
 * (tx_wrr_weight, a what-if: mvneta never writes them), else round robin,
 * one frame per turn. At reset every TQFPC bit is set (NETA_ARB_FIXED):
 * mvneta writes neither TQFPC nor TQxAC (mvneta_defaults_set writes only
 * TXQ_CMD_1 = 0), so the reset state decides, and the sources read point
 * to fixed priority, highest queue first: OpenWrt's mvneta patch (target/
 * linux/mvebu/patches-4.4/400-mvneta-tx-queue-workaround.patch, F.
 * Fietkau) says the queue scheduling "is apparently configured with fixed
 * priorities" so that one CPU "can starve traffic from all other CPUs";
 * mvpp2 commit 4251ea5b8e54 calls the PPv2 default one that "prioritizes
 * the highest numbered queues"; Marvell's NETA HAL knows only fixed
 * priority (mvNetaTxqFixPrioSet) and WRR (mvNetaTxqWrrPrioSet) per queue.
 * Deviation: no register reset value was seen; this is an inference.
 * Two other reset states stay reachable as what-ifs (TQFPC 0): round
 * robin (NETA_ARB_RR) and post order (NETA_ARB_POST), the frame whose
 * descriptors were handed over first leaving first, whatever its queue,
 * as if the queues were one FIFO (no source describes the latter).
 * Each frame leaving is stamped, for the RTT split, with when it became
 * ready at its queue's head (its doorbell in effect and the queue's
 * previous frame gone) and when its first bit left.
 * A TXQ status read by a CPU whose clock is ahead of the simulation's
 * (inside a long work item) first brings the TX engine up to that clock,
 * as the DMA engine runs while the CPU works.
 * PORT_TX_RESET with the DMA reset bit (mvneta_tx_reset) empties every
 * TX queue: pending and sent counters and the read index go to zero.
 * Deviation: a frame on the wire at that moment still reaches the peer,
 * but leaves the queue's accounting at once (mvneta_port_down waits for
 * it to finish; the model does not make the CPU wait).
 * Deviation: token-bucket rate limits are not modelled (mvneta leaves
 * them saturated); descriptor fetch and DMA take no time.
 */
#ifndef NICSIM_NIC_MVNETA_DEVICE_H
#define NICSIM_NIC_MVNETA_DEVICE_H

#include <stdbool.h>
#include <stdint.h>
#include "nicsim/sim.h"
#include "hw/neta/regs.h"

struct host;
struct eth_port;
struct irq_desc;

struct neta_txq {
	struct mvneta_tx_desc *ring;
	uint32_t	size;
	uint32_t	thresh;
	uint32_t	pending;	/* handed to HW, not yet sent */
	uint32_t	sent;		/* sent, not yet acknowledged */
	uint32_t	rd;
	uint32_t	late;		/* last pending descriptors, visible from late_at */
	sim_time_t	late_at;
	uint64_t	*posted;	/* per slot: the doorbell that handed it over */
	sim_time_t	*posted_at;	/* per slot: when that doorbell took effect */
	sim_time_t	last_end;	/* its last frame's last bit left (RTT split) */
	uint64_t	frames, bytes;
};

struct neta_rxq {
	struct mvneta_rx_desc *ring;
	uint32_t	size;
	uint32_t	pkts_coal;
	uint32_t	time_coal;	/* core clock cycles */
	uint32_t	occupied;
	uint32_t	non_occupied;
	uint32_t	wr;
	uint32_t	irq_idx;	/* first descriptor not yet signalled */
	bool		cause;
	struct sim_event coal_timer;
	uint64_t	frames, no_desc_drops;
};

#define NETA_MAX_CPUS	4

/* The arbiter's reset state (neta_dev_arb_reset): TQFPC's reset value,
 * and how the queues outside it share the wire while no TQxAC weight is
 * written. */
enum neta_arb {
	NETA_ARB_FIXED,	/* TQFPC = every queue: highest ready queue first */
	NETA_ARB_RR,	/* TQFPC = 0; one frame per busy queue in turn */
	NETA_ARB_POST,	/* TQFPC = 0; the frame handed over first, whatever its queue */
};
#define NETA_TQFPC_RESET	0xffu	/* NETA_ARB_FIXED's TQFPC */

struct neta_dev {
	struct host	*host;
	struct eth_port	*port;
	/* per-CPU interrupt banks: NEW_CAUSE/NEW_MASK read and written by a
	 * CPU are its own; CPU_MAP says which queues each CPU sees */
	int		nr_cpus;
	struct irq_desc	*irq[NETA_MAX_CPUS];
	uint32_t	mask[NETA_MAX_CPUS];
	uint32_t	cpu_map[NETA_MAX_CPUS];
	uint32_t	visible[NETA_MAX_CPUS];	/* cause bits CPU_MAP lets through */
	uint32_t	cause_bits;	/* NEW_CAUSE as the queues' state gives it */
	uint32_t	pending_mask;	/* TX queues with pending descriptors */
	uint64_t	clk_hz;
	int		rxq_def;
	int		rr;
	enum neta_arb	arb;		/* the arbiter's reset state */
	uint64_t	doorbells;	/* TXQ_UPDATE writes that added descriptors */
	uint32_t	fixed_prio;	/* TQFPC: queues served by fixed priority */
	uint32_t	wrr_weight[MVNETA_MAX_QUEUES];	/* TQxAC, 256-byte units; 0: reset */
	int64_t		deficit[MVNETA_MAX_QUEUES];	/* bytes the queue may still send this round */
	bool		tx_busy;
	int		tx_cur;		/* queue of the frame on the wire */
	uint32_t	tx_ndesc;	/* its descriptors */
	struct sim_event tx_start_ev;
	struct sim_event tx_done_ev;
	struct neta_txq	txq[MVNETA_MAX_QUEUES];
	struct neta_rxq	rxq[MVNETA_MAX_QUEUES];
	uint64_t	irq_raised;
	uint64_t	irq_tx, irq_rx;	/* raised with a TX-done / RX cause */
};

void neta_dev_init(struct neta_dev *d, struct host *host, struct eth_port *port,
		   uint64_t clk_hz, int nr_cpus);
void neta_dev_fini(struct neta_dev *d);
/* Which reset state the model's NETA comes out of reset in (the default
 * is NETA_ARB_FIXED; the others are what-ifs); before the driver's writes. */
void neta_dev_arb_reset(struct neta_dev *d, enum neta_arb a);
uint32_t mvneta_dev_read(struct neta_dev *d, uint32_t reg);
void mvneta_dev_write(struct neta_dev *d, uint32_t reg, uint32_t val);
/* Descriptors handed to the TX engine that have not started on the wire. */
uint32_t neta_tx_backlog(const struct neta_dev *d);
/* --check: the kept cause bits and pending mask equal what the queues' state gives. */
bool neta_cached_consistent(const struct neta_dev *d);

#endif
