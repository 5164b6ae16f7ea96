// SPDX-License-Identifier: MIT
/*
 * Unit tests for the store-and-forward switch (src/hw/link/switch.c),
 * with worked numbers.
 *
 * A 1514-byte frame is 8 + 1514 + 4 = 1526 bytes to its last bit and
 * 1538 with the 12-byte gap: at 1 Gbit/s its last bit leaves 12.208 us
 * after its first and the wire is free again after 12.304 us. Host A to
 * host B through the switch, 500 ns links, 1 us forwarding latency: the
 * last bit is in the switch at 12.708 us, the frame is in B's egress FIFO
 * at 13.708 us and starts there at once, and its last bit reaches B at
 * 13.708 + 12.208 + 0.5 = 26.416 us (25.416 without the latency): two
 * serialisations, two propagations and the latency, never less.
 *
 * Tail drop: A at 10 Gbit/s sends 10 frames back to back (1.2304 us
 * apart) to B at 1 Gbit/s. The first starts on B's wire as it arrives;
 * the other nine all arrive within its 12.304 us, so a 3-packet FIFO
 * keeps frames 1-3 and drops 6; a 4000-byte FIFO keeps 2 (3028 bytes,
 * a third would make 4542) and drops 7.
 *
 * Token bucket: B's port shaped to 100 Mbit/s with a 3028-byte bucket
 * (2 frames: 242.24 us of tokens; a frame costs 1514 * 8 / 1e8 s =
 * 121.12 us). Four frames from A at 1 Gbit/s: the first two leave at line
 * rate (t0 and t0 + 12.304 us, t0 = 12.708 us), the third waits for
 * tokens until t0 + 121.12 us (96.512 us of shaping), the fourth until
 * t0 + 242.24 us (108.816 us more): 205.328 us of shaped wait.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include "hw/link/switch.h"
#include "sim/engine/skb_pool.h"

#define FRAME	1514u
#define ADDR_A	0x0a000001u
#define ADDR_B	0x0a000002u
#define NS	1000	/* ps */

struct rig {
	struct sim	sim;
	struct skb_pool	pool;
	struct eth_link	a, b;
	struct switch_dev sw;
	int		nr_rx;
	sim_time_t	rx_at[16];
};

static void host_rx(struct eth_port *port, struct sk_buff *skb)
{
	struct rig *r = port->owner;

	if (r->nr_rx < 16)
		r->rx_at[r->nr_rx] = r->sim.now;
	r->nr_rx++;
	skb_pool_put(&r->pool, skb);
}

static struct rig *rig_new(int64_t rate_a, int64_t rate_b, sim_time_t latency,
			   uint64_t limit_bytes, uint64_t limit_packets)
{
	struct rig *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	sim_init(&r->sim, 1);
	skb_pool_init(&r->pool);
	eth_link_init(&r->a, &r->sim, rate_a, 500 * NS);
	eth_link_init(&r->b, &r->sim, rate_b, 500 * NS);
	r->a.port[0].rx = host_rx;
	r->a.port[0].owner = r;
	r->b.port[0].rx = host_rx;
	r->b.port[0].owner = r;
	switch_init(&r->sw, &r->sim, &r->pool, latency);
	switch_attach(&r->sw, 0, &r->a, ADDR_A, limit_bytes, limit_packets);
	switch_attach(&r->sw, 1, &r->b, ADDR_B, limit_bytes, limit_packets);
	return r;
}

static void rig_free(struct rig *r)
{
	sim_destroy(&r->sim);
	skb_pool_destroy(&r->pool);
	free(r);
}

/* n frames from A to B, back to back from t = 0 */
static void send_burst(struct rig *r, int n)
{
	sim_time_t t = 0;
	int i;

	for (i = 0; i < n; i++) {
		struct sk_buff *skb = skb_pool_get(&r->pool);

		skb->len = FRAME;
		skb->daddr = ADDR_B;
		eth_xmit(&r->a.port[0], skb, t);
		t = r->a.port[0].busy_until;
	}
	sim_run(&r->sim, 10 * PS_PER_MS);
}

static void test_store_and_forward(void **state)
{
	struct rig *r = rig_new(1000000000, 1000000000, 1000 * NS, 1 << 20, 0);

	(void)state;
	assert_int_equal(eth_wire_time(&r->a, eth_wire_bytes(FRAME)), 12304 * NS);
	send_burst(r, 1);
	assert_int_equal(r->nr_rx, 1);
	assert_int_equal(r->rx_at[0], 26416 * NS);
	assert_int_equal(r->sw.port[0].rx_frames, 1);
	assert_int_equal(r->sw.port[1].tx_frames, 1);
	assert_int_equal(r->sw.port[1].tx_bytes, FRAME);
	rig_free(r);

	r = rig_new(1000000000, 1000000000, 0, 1 << 20, 0);
	send_burst(r, 2);
	assert_int_equal(r->nr_rx, 2);
	assert_int_equal(r->rx_at[0], 25416 * NS);
	assert_int_equal(r->rx_at[1], (25416 + 12304) * NS);	/* line rate on */
	rig_free(r);
}

static void test_tail_drop(void **state)
{
	struct rig *r = rig_new(10000000000LL, 1000000000, 0, 1 << 20, 3);

	(void)state;
	send_burst(r, 10);
	assert_int_equal(r->sw.port[1].drops, 6);
	assert_int_equal(r->sw.port[1].drop_bytes, 6 * FRAME);
	assert_int_equal(r->sw.port[1].max_qlen, 3);
	assert_int_equal(r->sw.port[1].max_backlog, 3 * FRAME);
	assert_int_equal(r->nr_rx, 4);
	assert_int_equal(r->pool.live, 0);	/* the dropped frames went back */
	rig_free(r);

	r = rig_new(10000000000LL, 1000000000, 0, 4000, 0);
	send_burst(r, 10);
	assert_int_equal(r->sw.port[1].drops, 7);
	assert_int_equal(r->sw.port[1].max_backlog, 2 * FRAME);
	assert_int_equal(r->nr_rx, 3);
	rig_free(r);
}

static void test_token_bucket(void **state)
{
	struct rig *r = rig_new(1000000000, 1000000000, 0, 1 << 20, 0);
	sim_time_t t0 = 12708 * NS, last = 12208 * NS + 500 * NS;

	(void)state;
	switch_shape(&r->sw, 1, 100000000, 2 * FRAME);
	assert_int_equal(switch_l2t(&r->sw.port[1], FRAME), 121120 * NS);
	assert_int_equal(r->sw.port[1].buffer, 242240 * NS);
	send_burst(r, 4);
	assert_int_equal(r->nr_rx, 4);
	assert_int_equal(r->rx_at[0], t0 + last);
	assert_int_equal(r->rx_at[1], t0 + 12304 * NS + last);
	assert_int_equal(r->rx_at[2], t0 + 121120 * NS + last);
	assert_int_equal(r->rx_at[3], t0 + 242240 * NS + last);
	assert_int_equal(r->sw.port[1].shaped_ps, (96512 + 108816) * NS);
	assert_int_equal(r->sw.port[1].drops, 0);
	rig_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_store_and_forward),
		cmocka_unit_test(test_tail_drop),
		cmocka_unit_test(test_token_bucket),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
