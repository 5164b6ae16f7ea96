// SPDX-License-Identifier: MIT
/*
 * usbnet's TX completion rule on the USB 2.0 high-speed model
 * (src/drivers/net/usb/usbnet.c, src/hw/usb/usb2.h), and the TSQ limit
 * under sk_pacing_shift_update, with worked numbers.
 *
 * USB: 13 bulk packets of at most 512 bytes per 125 us microframe. One
 * 56-byte UDP datagram is a 98-byte frame (14 + 20 + 8 + 56), 110 bytes
 * with smsc95xx's 12-byte TX_CMD_A/B and checksum preamble: one short
 * packet. Sent at t, its qTD is moved in the microframe that starts at
 * the next boundary and retired, with USBINT, at the start of the one after: the URB completes
 * 125 us after the boundary, so an skb sent at 1 ms + a few us is freed
 * from usbnet_bh about 1.250 ms + the IRQ/BH costs. A full frame (1514
 * + 12 = 1526 bytes) takes 3 packets (512, 512, 502): 4 URBs fit in a
 * microframe (12 of 13 slots), so 4 frames complete per interrupt when
 * the USB is the bottleneck and the function's FIFO has room.
 *
 * tx_qlen: smsc95xx_bind makes hard_header_len 14 + 12
 * (SMSC95XX_TX_OVERHEAD_CSUM) = 26 and hard_mtu = 1500 + 26 = 1526, so
 * MAX_QUEUE_MEMORY / hard_mtu = 60 * 1518 / 1526 = 91080 / 1526 = 59
 * (59.7) URBs at high speed, not the 91080 / 1514 = 60 of a minidriver
 * with hard_mtu = mtu + ETH_HLEN; the queue stops at txq.qlen >= 59, so
 * at most 59 URBs are held. With BQL (usbnet-6.19) the stack stops much earlier under a UDP
 * flood on a 100 Mbit/s wire.
 *
 * TSQ (6.x, TSQ_V6): limit = min(max(2 * truesize, rate >> shift),
 * tcp_limit_output_bytes). At 100 Mbit/s delivered (12,500,000 B/s) and
 * the congestion-avoidance ratio 120 % (15,000,000 B/s):
 *   shift 10: 15000000 >> 10 = 14648 bytes (about 1 ms of pacing)
 *   shift 8:  15000000 >> 8  = 58593 bytes (about 4 ms)
 * with 2 * truesize = 2 * 2304 = 4608 below both and the 4 MiB sysctl
 * above both. A socket starts with the profile's 10 (sock_init_data);
 * sk_pacing_shift_update(sk, 8) from a driver's xmit lowers it to 8 for
 * that socket only; NULL (no socket) changes nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "sim/run/world.h"
#include "drivers/net/nic.h"
#include "kernel/host.h"
#include "net/ipv4/tcp_formulas.h"
#include "drivers/net/usb/smsc95xx.h"

static const char *const base[] = {
	"sim.duration=20ms", "link.rate=100Mbit",
	"host.pi.platform=cortex-a53", "host.pi.kernel=6.x",
	"host.peer.platform=x86-64", "host.peer.kernel=6.x", "host.peer.driver=ideal",
	"app.u.type=udp", "app.u.host=pi", "app.u.dest=peer", NULL,
};

struct outcome {
	struct nic_queue_stats st;
	struct nic_info info;
	uint64_t stops, uframes, out_packets, tx_frames, received;
	sim_time_t held_avg;
};

static void run(const char *more, struct outcome *o)
{
	struct scn_error err = { { 0 } };
	struct scenario s;
	struct world w;
	const char *const *p;
	int i;

	scenario_init(&s);
	for (p = base; *p; p++)
		assert_int_equal(scenario_set(&s, *p, &err), 0);
	assert_int_equal(scenario_set_list(&s, more, &err), 0);
	assert_int_equal(scenario_check(&s, &err), 0);
	assert_int_equal(world_build(&w, &s, &err), 0);
	assert_int_equal(world_run(&w, NULL, NULL), 0);
	memset(o, 0, sizeof(*o));
	for (i = 0; i < w.nr_hosts; i++) {
		struct host *h = &w.hosts[i];
		struct sock *sk;

		if (!strcmp(h->name, "peer")) {
			o->received = h->port->peer->tx_frames;
			continue;
		}
		nic_queue_stats(h, 0, &o->st);
		nic_info(h, &o->info);
		o->stops = h->dev.txq[0].stops;
		o->tx_frames = h->port->tx_frames;
		for (sk = h->socks; sk; sk = sk->next)
			if (sk->kind == SK_UDP && sk->freed)
				o->held_avg = sk->held_ps_total / (sim_time_t)sk->freed;
	}
	world_destroy(&w);
	scenario_free(&s);
}

/* 5 small datagrams 1 ms apart: each URB completes 125 us after the
 * microframe boundary following its submission; the skb is held about
 * 125-250 us, never a jiffy. */
static void test_small_urbs(void **state)
{
	struct outcome o;

	(void)state;
	run("host.pi.driver=usbnet-6.18 app.u.size=56 app.u.interval=1ms app.u.count=5", &o);
	assert_int_equal(o.st.packets, 5);
	assert_int_equal(o.st.reclaimed, 5);
	assert_int_equal(o.st.ring_used, 0);
	assert_int_equal(o.st.ring_size, 59);	/* tx_qlen: 91080 / 1526 */
	assert_int_equal(o.st.ring_max_used, 1);
	assert_int_equal(o.stops, 0);
	/* held from allocation to usbnet_bh's free: more than one
	 * microframe, less than two plus the CPU's costs */
	assert_true(o.held_avg > 125 * PS_PER_US);
	assert_true(o.held_avg < 300 * PS_PER_US);
}

/* A UDP flood on 100 Mbit/s: the wire is the bottleneck, the TX URB
 * queue fills to tx_qlen and the queue stops (usbnet-6.18); with BQL
 * (usbnet-6.19) it never holds that many. */
static void test_flood_tx_qlen(void **state)
{
	struct outcome a, b;

	(void)state;
	run("host.pi.driver=usbnet-6.18 app.u.size=1472 app.u.interval=0s", &a);
	assert_int_equal(a.st.ring_max_used, 59);
	assert_true(a.stops > 0);
	assert_string_equal(a.info.fixed_by, "usbnet-6.19");
	run("host.pi.driver=usbnet-6.19 app.u.size=1472 app.u.interval=0s", &b);
	assert_true(b.st.ring_max_used < 30);
	assert_null(b.info.defect);
	/* both keep the wire busy: 20 ms at 100 Mbit/s is about 162 frames
	 * of 1538 wire bytes; the first starts after one microframe */
	assert_true(a.tx_frames >= 150);
	assert_true(b.tx_frames >= 150);
}

/*
 * turbo_mode (smsc95xx's default): RX URBs of 18944 bytes, rx_qlen =
 * 91080 / 18944 = 4, several frames per transfer. A full frame takes
 * 6 + 1514 + 6 = 1526 bytes, 1528 padded; 18944 / 1528 = 12.4, so 12
 * frames fill a transfer and the 13th ends it. A 100 Mbit/s flood brings
 * a frame every 123 us, within the Bulk-In delay (136.5 us), so every
 * transfer runs to 12 frames: 20 ms carry about 160 frames in about 13
 * URBs, at most one interrupt each (156 frames, 14 interrupts; one frame
 * per transfer, turbo_mode off, would take one interrupt per frame).
 */
static void test_turbo_mode_rx(void **state)
{
	struct outcome o;

	(void)state;
	run("host.pi.driver=usbnet-6.18 app.u.size=56 app.u.count=1 app.u.interval=1ms "
	    "app.r.type=udp app.r.host=peer app.r.dest=pi app.r.size=1472 app.r.interval=0s", &o);
	assert_true(o.info.rx_packets >= 150);
	assert_true(o.info.irq_rx * 10 <= o.info.rx_packets);
}

static uint32_t overhead(uint8_t proto, uint32_t len, uint8_t frag_mf)
{
	struct sk_buff skb;

	memset(&skb, 0, sizeof(skb));
	skb.protocol = ETH_P_IP;
	skb.ip_proto = proto;
	skb.len = len;
	skb.frag_mf = frag_mf;
	return smsc95xx_tx_overhead(&skb);
}

/*
 * smsc95xx_tx_fixup's framing: 8 bytes (TX_CMD_A/B), 12 with the
 * checksum preamble when the device computes the checksum. The
 * checksum starts at 14 + 20 = 34; smsc95xx_can_tx_checksum wants
 * len > 45 and csum_offset < len - 34 - 5:
 *  - UDP (csum_offset 6), 1514 bytes: 6 < 1475: 12, so a full frame is
 *    a 1526-byte URB (512 + 512 + 502); 46 bytes: 6 < 7: 12; 45: 8.
 *  - TCP (csum_offset 16): a bare ACK of 54 bytes: 16 < 15 fails: 8;
 *    with timestamps, 66 bytes: 16 < 27: 12.
 *  - ICMP (checksummed by the stack) and IP fragments: 8.
 */
static void test_tx_framing(void **state)
{
	(void)state;
	assert_int_equal(overhead(IPPROTO_UDP_, 1514, 0), 12);
	assert_int_equal(overhead(IPPROTO_UDP_, 46, 0), 12);
	assert_int_equal(overhead(IPPROTO_UDP_, 45, 0), 8);
	assert_int_equal(overhead(IPPROTO_TCP_, 54, 0), 8);
	assert_int_equal(overhead(IPPROTO_TCP_, 66, 0), 12);
	assert_int_equal(overhead(IPPROTO_ICMP_, 98, 0), 8);
	assert_int_equal(overhead(IPPROTO_UDP_, 1514, 1), 8);
}

/* The TSQ limit for shift 10 and 8, through a socket's sk_pacing_shift. */
static void test_pacing_shift(void **state)
{
	const struct kprofile *kp = kprofile_find("6.x");
	struct host h;
	struct sock sk;
	struct rng r = { 0 };

	(void)state;
	assert_non_null(kp);
	memset(&h, 0, sizeof(h));
	h.kp = kp;
	h.wmem_default = 212992;
	sock_init(&sk, &h, SK_TCP, &r);
	assert_int_equal(sk.sk_pacing_shift, 10);
	assert_int_equal(tcp_tsq_limit(TSQ_V6, 15000000, 2304, 4194304, sk.sk_pacing_shift, 0),
			 14648);
	sk_pacing_shift_update(NULL, 8);	/* no socket: nothing */
	sk_pacing_shift_update(&sk, 8);
	assert_int_equal(sk.sk_pacing_shift, 8);
	assert_int_equal(tcp_tsq_limit(TSQ_V6, 15000000, 2304, 4194304, sk.sk_pacing_shift, 0),
			 58593);
	/* 2 * truesize floors a slow rate: 1 Mbit/s >> 8 = 488 < 4608 */
	assert_int_equal(tcp_tsq_limit(TSQ_V6, 125000, 2304, 4194304, sk.sk_pacing_shift, 0),
			 4608);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_urbs),
		cmocka_unit_test(test_flood_tx_qlen),
		cmocka_unit_test(test_turbo_mode_rx),
		cmocka_unit_test(test_tx_framing),
		cmocka_unit_test(test_pacing_shift),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
