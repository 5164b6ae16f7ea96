// SPDX-License-Identifier: MIT
/*
 * Unit tests for prio (src/net/sched/sch_prio.c): tc's default priomap
 * 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1 sends priority 6 and 7 (TC_PRIO_
 * INTERACTIVE, CONTROL) to band 0, 0 (BESTEFFORT) to band 1, 1 (FILLER)
 * to band 2, and a priority with a major number (0x10000) to priomap[0]
 * = band 1; band 0 leaves first; each band's pfifo drops past its limit;
 * bands outside [2, 16], or a map naming a band that does not exist (the
 * default map with 2 bands), are refused as prio_tune refuses them.
 * A priomap of one's own (tc ... prio bands 4 priomap 3 3 3 3 3 3 0 0
 * 3 3 3 3 3 3 3 1): priorities 6 and 7 to band 0, 15 to band 1, the rest
 * to band 3, band 2 unused; the same map is refused with 3 bands (band 3
 * does not exist) and with 4 bands once an entry reads 4.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <cmocka.h>

#include "net/sched/sch_prio.h"
#include "net/sch_generic.h"

static struct sk_buff *mk(uint32_t prio)
{
	struct sk_buff *skb = calloc(1, sizeof(*skb));

	assert_non_null(skb);
	skb->len = 100;
	skb->priority = prio;
	return skb;
}

static void test_classify(void **state)
{
	struct prio_sched *q = prio_create(3, NULL, 10);
	uint32_t prio[] = { 6, 7, 0, 1, 2, 4, 0x10000 };
	int band[] = { 0, 0, 1, 2, 2, 1, 1 };
	size_t i;

	(void)state;
	assert_non_null(q);
	for (i = 0; i < sizeof(prio) / sizeof(prio[0]); i++) {
		struct sk_buff *skb = mk(prio[i]);

		assert_int_equal(prio_classify(q, skb), band[i]);
		free(skb);
	}
	free(q);
}

static void test_tune(void **state)
{
	uint8_t map[16] = { 0 };

	(void)state;
	assert_null(prio_create(1, map, 10));
	assert_null(prio_create(17, map, 10));
	assert_null(prio_create(2, NULL, 10));	/* the default map names band 2 */
	map[3] = 1;
	free(prio_create(2, map, 10));
}

static void test_order_and_limit(void **state)
{
	struct qdisc sch = { 0 };
	struct sk_buff *skb, *late[2];
	struct skb_queue out = { 0 };
	char msg[256];

	(void)state;
	sch.ops = &prio_qdisc_ops;
	sch.priv = prio_create(3, NULL, 2);
	assert_int_equal(sch.ops->enqueue(NULL, &sch, mk(0)), NET_XMIT_SUCCESS);
	assert_int_equal(sch.ops->enqueue(NULL, &sch, mk(0)), NET_XMIT_SUCCESS);
	skb = mk(0);
	assert_int_equal(sch.ops->enqueue(NULL, &sch, skb), NET_XMIT_DROP);	/* band 1 full */
	free(skb);
	late[0] = mk(1);
	late[1] = mk(6);
	assert_int_equal(sch.ops->enqueue(NULL, &sch, late[0]), NET_XMIT_SUCCESS);
	assert_int_equal(sch.ops->enqueue(NULL, &sch, late[1]), NET_XMIT_SUCCESS);
	assert_int_equal(sch.qlen, 4);
	assert_int_equal(sch.drops, 1);
	assert_int_equal(sch.ops->check(&sch, msg, sizeof(msg)), 0);
	skb = sch.ops->dequeue(NULL, &sch);
	assert_ptr_equal(skb, late[1]);	/* band 0 overtakes */
	free(skb);
	skb = sch.ops->dequeue(NULL, &sch);
	assert_int_equal(skb->priority, 0);	/* then band 1 */
	free(skb);
	skb = sch.ops->dequeue(NULL, &sch);
	assert_int_equal(skb->priority, 0);
	free(skb);
	skb = sch.ops->dequeue(NULL, &sch);
	assert_ptr_equal(skb, late[0]);	/* band 2 last */
	free(skb);
	assert_null(sch.ops->dequeue(NULL, &sch));
	sch.ops->reset(&sch, &out);
	sch.ops->destroy(&sch);
}

static void test_priomap(void **state)
{
	uint8_t map[16] = { 3, 3, 3, 3, 3, 3, 0, 0, 3, 3, 3, 3, 3, 3, 3, 1 };
	uint32_t prio[] = { 0, 2, 6, 7, 14, 15, 0x10000 };
	int band[] = { 3, 3, 0, 0, 3, 1, 3 };
	struct prio_sched *q = prio_create(4, map, 10);
	size_t i;

	(void)state;
	assert_non_null(q);
	for (i = 0; i < sizeof(prio) / sizeof(prio[0]); i++) {
		struct sk_buff *skb = mk(prio[i]);

		assert_int_equal(prio_classify(q, skb), band[i]);
		free(skb);
	}
	free(q);
	assert_null(prio_create(3, map, 10));
	map[15] = 4;
	assert_null(prio_create(4, map, 10));
	q = prio_create(5, map, 10);
	assert_non_null(q);
	free(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_tune),
		cmocka_unit_test(test_order_and_limit),
		cmocka_unit_test(test_priomap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
