/* SPDX-License-Identifier: MIT */
/*
 * What the world needs of any NIC driver: probe it on a host with the
 * user's ethtool/module settings, open it, and read its statistics.
 * Drivers: mvneta (profiles mvneta-3.8 ... mvneta-6.x) and ideal.
 */
#ifndef NICSIM_NIC_NIC_H
#define NICSIM_NIC_NIC_H

#include <stddef.h>
#include <stdint.h>
#include "nicsim/time.h"

struct host;
struct eth_port;

/* SCN_UNSET (-1) in any field = the driver profile's default. */
struct nic_config {
	int64_t		tx_frames;
	int64_t		rx_frames;
	sim_time_t	rx_usecs;
	sim_time_t	tx_usecs;
	int64_t		tx_ring;
	int64_t		rx_ring;
	int64_t		txq_number;
	int64_t		rxq_number;
	int64_t		tx_queue_len;
	const char	*tx_reclaim;	/* "" = the profile's policy */
	const char	*tx_select;	/* "cpu": txq = cpu % txq_number */
	int64_t		tx_fixed_prio;	/* TQFPC: fixed-priority TX queue mask */
	const int64_t	*tx_wrr_weight;	/* TQxAC per queue; [0] < 0: leave at reset */
	int64_t		irq_cpu;	/* ideal: the interrupt's CPU */
	int64_t		rxq_def;	/* mvneta: default RX queue, elects the CPU */
	int		tso;		/* 1 on, 0 off, -1 the driver's default */
	sim_time_t	tx_timer_period;
};

/* Which config field an error is about, for FILE:LINE reporting. */
enum nic_field {
	NIC_F_NONE, NIC_F_TSO, NIC_F_TX_FRAMES, NIC_F_RX_FRAMES, NIC_F_RX_USECS,
	NIC_F_TX_RING, NIC_F_RX_RING, NIC_F_TXQ, NIC_F_RXQ, NIC_F_IRQ_CPU, NIC_F_RXQ_DEF,
};

struct nic_queue_stats {
	uint64_t	packets, bytes;		/* sent by the device */
	uint64_t	reclaim_events;		/* driver reclaim passes that freed >= 1 */
	uint64_t	reclaimed;		/* descriptors reclaimed */
	uint32_t	ring_size, ring_max_used;
	uint32_t	ring_used;		/* descriptors held now */
	uint32_t	tx_frames;		/* threshold in force */
};

struct nic_info {
	const char	*driver;
	const char	*reclaim;		/* how TX is reclaimed */
	int		nr_txq;
	int		nr_rxq;
	uint64_t	rx_packets, rx_no_desc_drops;
	uint64_t	tx_timer_runs;
	/* interrupts raised (rising edges) with a TX-done / RX cause */
	uint64_t	irq_tx, irq_rx;
};

/* Returns 0, or -1 with msg and *field set. */
int nic_probe(struct host *h, struct eth_port *port, const char *driver,
	      const struct nic_config *cfg, char *msg, size_t len,
	      enum nic_field *field);
void nic_info(const struct host *h, struct nic_info *info);
/* Free the driver's memory (the skbs belong to the pool). */
void nic_remove(struct host *h);
void nic_queue_stats(const struct host *h, int q, struct nic_queue_stats *st);
/* --check: the driver's and the device's views of the rings agree;
 * -1 with what does not. */
int nic_check(const struct host *h, char *msg, size_t len);

int mvneta_probe(struct host *h, struct eth_port *port, const char *profile,
		 const struct nic_config *cfg, char *msg, size_t len,
		 enum nic_field *field);
void mvneta_remove(struct host *h);
void mvneta_info(const struct host *h, struct nic_info *info);
void mvneta_queue_stats(const struct host *h, int q, struct nic_queue_stats *st);
int mvneta_check(const struct host *h, char *msg, size_t len);
int ideal_probe(struct host *h, struct eth_port *port, const struct nic_config *cfg);
void ideal_remove(struct host *h);
void ideal_info(const struct host *h, struct nic_info *info);
void ideal_queue_stats(const struct host *h, int q, struct nic_queue_stats *st);

#endif
