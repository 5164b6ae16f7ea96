// SPDX-License-Identifier: MIT
/*
 * The smallest complete NIC family, built outside src/: "instant", a NIC
 * that completes every frame at once (docs/adding-a-nic.md).
 *
 * Contract of the driver: one TX and one RX queue. ndo_start_xmit puts a
 * copy of the skb on the wire as soon as the wire is free (eth_xmit, which
 * may start it later than now) and frees the skb there and then
 * (dev_kfree_skb_any), so the socket is uncharged at once and the queue
 * never stops; it has no ring, no coalescing and no TSO. A frame that
 * arrives raises the interrupt; the handler masks it and schedules NAPI;
 * the poll hands the frames to the stack (netif_receive_skb) and unmasks.
 * Settings: tx_queue_len, irq_cpu, tx_select = kernel; the rest refused.
 * Its xmit is shaped like that of a NIC with its own packet memory
 * (drivers/net/ethernet/smsc/smc91x.c, smc_hardware_send_pkt: the frame
 * is copied into the chip and the skb freed there); its RX is the
 * interrupt, mask and NAPI poll of any NAPI driver.
 *
 * Contract of the test: it registers the driver (nic_register_driver),
 * checks that a second registration and a misspelt driver name are
 * refused (the latter with the closest name), runs instant.ini (a ping
 * from a host with driver = instant to one with driver = ideal) through
 * the library, as nicsim run does, and checks what a wire and two hosts
 * must give: every echo request answered, RTTs above the two frames' wire
 * time and below 1 ms, one frame sent and one received per ping.
 * Exit status 0 when all hold; else 1 after saying what did not.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/net/nic.h"
#include "kernel/host.h"
#include "hw/link/eth.h"
#include "sim/engine/util.h"
#include "sim/run/validate.h"
#include "sim/run/world.h"

#define INSTANT_TXQLEN	1000u	/* ether_setup's tx_queue_len */

struct instant_nic {
	struct host	*host;
	struct eth_port	*port;
	struct irq_desc	*irq;
	struct napi_struct napi;
	struct skb_queue rx;
	bool		masked;
	uint64_t	tx_packets, tx_bytes, rx_packets, irq_rx;
};

static void instant_update_irq(struct instant_nic *in)
{
	bool on = in->rx.qlen && !in->masked;

	in->irq_rx += on && !in->irq->level;
	irq_set_level(in->irq, on);
}

static enum netdev_tx instant_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct instant_nic *in = dev->priv;
	struct cpu *cpu = in->host->cur_cpu;
	struct sk_buff *frame = skb_pool_copy(in->host->pool, skb);
	sim_time_t t;

	cpu_charge(cpu, COST_xmit_pkt, in->host->plat->cost.xmit_pkt);
	t = MAX(cpu_now(cpu), in->port->busy_until);	/* once the CPU has done */
	frame->path[PATH_HEAD] = frame->path[PATH_WIRE] = t;
	skb->t[SKB_T_WIRE] = t;
	eth_xmit(in->port, frame, t);
	in->tx_packets++;
	in->tx_bytes += skb->len;
	dev_kfree_skb_any(cpu, skb);
	return NETDEV_TX_OK;
}

static void instant_rx(struct eth_port *port, struct sk_buff *frame)
{
	struct instant_nic *in = port->owner;

	frame->truesize = host_skb_truesize(in->host, frame->len);
	frame->path[PATH_IRQ] = in->host->sim->now;
	skb_queue_tail(&in->rx, frame);
	instant_update_irq(in);
}

static void instant_isr(struct cpu *cpu, void *dev_id)
{
	struct instant_nic *in = dev_id;

	in->masked = true;
	instant_update_irq(in);
	napi_schedule(cpu, &in->napi);
}

static int instant_poll(struct napi_struct *napi, int budget)
{
	struct instant_nic *in = napi->priv;
	struct sk_buff *skb;
	int rx = 0;

	while (rx < budget && (skb = skb_dequeue(&in->rx))) {
		skb->path[PATH_POLL] = cpu_now(napi->cpu);
		cpu_charge(napi->cpu, COST_rx_pkt, in->host->plat->cost.rx_pkt);
		netif_receive_skb(napi->cpu, skb);
		in->rx_packets++;
		rx++;
	}
	if (rx < budget) {
		napi_complete_done(napi, rx);
		in->masked = false;
		instant_update_irq(in);
	}
	return rx;
}

static const struct net_device_ops instant_ops = {
	.ndo_start_xmit = instant_xmit,
};

static struct nic_cap instant_cap(const char *name, enum nic_field f,
				  const struct nic_config *cfg, char *now, size_t len)
{
	snprintf(now, len, "has one TX queue");
	switch (f) {
	case NIC_F_TX_QUEUE_LEN:
	case NIC_F_IRQ_CPU:
		return (struct nic_cap){ NIC_SUPPORTED, NULL };
	case NIC_F_TX_SELECT:
		if (cfg && !(cfg->tx_select && !strcmp(cfg->tx_select, "cpu")))
			return (struct nic_cap){ NIC_SUPPORTED, NULL };
		return (struct nic_cap){ NIC_SUPPORTED_IF, "tx_select = kernel" };
	default:
		return (struct nic_cap){ NIC_UNSUPPORTED, "it completes every frame at once" };
	}
}

static void instant_default(const char *name, enum nic_field f, char *buf, size_t len)
{
	if (f == NIC_F_TX_QUEUE_LEN)
		snprintf(buf, len, "%u", INSTANT_TXQLEN);
	else
		snprintf(buf, len, f == NIC_F_TX_SELECT ? "kernel" : "0");
}

static int instant_probe(struct host *h, struct eth_port *port, const char *name,
			 const struct nic_config *cfg, char *msg, size_t len,
			 enum nic_field *field)
{
	struct instant_nic *in = xcalloc(1, sizeof(*in));

	in->host = h;
	in->port = port;
	port->owner = in;
	port->rx = instant_rx;
	h->drv = in;
	h->drv_name = "instant";
	netdev_init(&h->dev, h, "eth0", 1,
		    cfg->tx_queue_len > 0 ? (uint32_t)cfg->tx_queue_len : INSTANT_TXQLEN);
	h->dev.ops = &instant_ops;
	h->dev.priv = in;
	in->irq = host_request_irq(h, "instant", cfg->irq_cpu > 0 ? (int)cfg->irq_cpu : 0,
				   instant_isr, in);
	netif_napi_add(&h->dev, &in->napi, instant_poll, h->kp->napi_weight);
	in->napi.priv = in;
	return 0;
}

static void instant_remove(struct host *h)
{
	free(h->drv);
}

static void instant_info(const struct host *h, struct nic_info *info)
{
	const struct instant_nic *in = h->drv;

	info->driver = "instant";
	snprintf(info->reclaim, sizeof(info->reclaim), "in ndo_start_xmit");
	info->nr_txq = info->nr_rxq = 1;
	snprintf(info->tx_arb, sizeof(info->tx_arb), "one queue");
	info->rx_packets = in->rx_packets;
	info->irq_rx = in->irq_rx;
}

static void instant_queue_stats(const struct host *h, int q, struct nic_queue_stats *st)
{
	const struct instant_nic *in = h->drv;

	st->packets = st->reclaimed = st->reclaim_events = in->tx_packets;
	st->bytes = in->tx_bytes;
}

static const char *const instant_names[] = { "instant", NULL };

static const struct nic_driver instant_driver = {
	.names = instant_names,
	.cap = instant_cap,
	.get_default = instant_default,
	.probe = instant_probe,
	.remove = instant_remove,
	.info = instant_info,
	.queue_stats = instant_queue_stats,
};

/* ---- the test ---------------------------------------------------------- */

static int failed;

static void expect(int ok, const char *what, double got)
{
	if (ok)
		return;
	fprintf(stderr, "nic_example: %s (got %g)\n", what, got);
	failed = 1;
}

/* A misspelt driver is refused with the closest valid name. */
static void check_misspelt(const char *ini)
{
	struct scn_error err = { { 0 } };
	struct scenario s;

	expect(scenario_load_with(&s, ini, NULL, "host.dut.driver=instnat", &err) == -1,
	       "driver = instnat accepted", 0);
	expect(strstr(err.msg, "did you mean 'instant'?") != NULL, err.msg, 0);
	scenario_free(&s);
}

static void check_run(json_t *res)
{
	double sent = validate_metric(res, "apps.ping.transmitted");
	double min = validate_metric(res, "apps.ping.rtt_us.min");
	double max = validate_metric(res, "apps.ping.rtt_us.max");
	json_t *drv = json_path(res, "hosts.dut.driver");

	expect(sent == 10, "10 echo requests sent", sent);
	expect(validate_metric(res, "apps.ping.received") == sent, "every request answered",
	       validate_metric(res, "apps.ping.received"));
	/* two 98-byte frames at 1 Gbit/s take over 1.5 us on the wire */
	expect(min > 1, "RTT above the wire time (us)", min);
	expect(max < 1000, "RTT below 1 ms (us)", max);
	expect(validate_metric(res, "hosts.dut.nic.txq.0.packets") == sent,
	       "one frame sent per ping", validate_metric(res, "hosts.dut.nic.txq.0.packets"));
	expect(validate_metric(res, "hosts.dut.nic.rx_packets") == sent,
	       "one frame received per ping", validate_metric(res, "hosts.dut.nic.rx_packets"));
	expect(json_is_string(drv) && !strcmp(json_string_value(drv), "instant"),
	       "hosts.dut.driver is instant", 0);
}

int main(int argc, char **argv)
{
	const char *ini = argc > 1 ? argv[1] : "tests/nic_example/instant.ini";
	struct scn_error err = { { 0 } };
	json_t *res;

	expect(nic_register_driver(&instant_driver) == 0, "registration refused", 0);
	expect(nic_register_driver(&instant_driver) == -EEXIST, "registered twice", 0);
	check_misspelt(ini);
	res = validate_run_variant(ini, NULL, NULL, &err);
	if (!res) {
		fprintf(stderr, "nic_example: %s\n", err.msg);
		return 1;
	}
	check_run(res);
	json_decref(res);
	return failed;
}
