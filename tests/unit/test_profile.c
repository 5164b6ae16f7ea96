// SPDX-License-Identifier: MIT
/*
 * Kernel formulas with the worked numbers of docs/kernel.md, "Socket send
 * buffer":
 * skb->truesize of an ICMP echo request per arch and era, SOCK_MIN_SNDBUF,
 * the SO_SNDBUF rule, SK_WMEM_MAX.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "sim/engine/names.h"
#include "profiles/profile.h"

/* 56 data bytes -> 84-byte IP packet; __ip_append_data allocates
 * alloclen + hh_len + 15 = 84 + 16 + 15 = 115 bytes. */
#define ECHO_ALLOC 115

static void test_truesize_echo(void **state)
{
	const struct platform *arm = platform_find("armada-370");
	const struct platform *x86 = platform_find("x86-64");

	(void)state;
	/* ARM32 3.x: ALIGN(115) 128 + shinfo 192 = 320 -> kmalloc-512;
	 * SKB_TRUESIZE(512 - 192) = 320 + 192 + 192 = 704 */
	assert_int_equal(skb_truesize(arm, kprofile_find("3.12"), ECHO_ALLOC), 704);
	/* x86_64 3.x: 128 + 320 = 448 -> 512; 192 + 256 + 320 = 768 */
	assert_int_equal(skb_truesize(x86, kprofile_find("3.13"), ECHO_ALLOC), 768);
	/* x86_64 >= 6.3: 448 <= 640 -> small-head cache 640; 896 */
	assert_int_equal(skb_truesize(x86, kprofile_find("6.x"), ECHO_ALLOC), 896);
}

static void test_truesize_full_frame(void **state)
{
	/* 1514-byte frame via sock_alloc_send_skb: 1500 + 16 + 15 = 1531
	 * -> 1536 + 192 = 1728 -> kmalloc-2048 -> 2048 - 192 + 384 = 2240 */
	(void)state;
	assert_int_equal(skb_truesize(platform_find("armada-370"), kprofile_find("3.12"), 1531), 2240);
	assert_int_equal(skb_truesize(platform_find("x86-64"), kprofile_find("4.4"), 1531), 2304);
}

static void test_kmalloc_classes(void **state)
{
	const struct platform *arm = platform_find("armada-370");
	const struct platform *x86 = platform_find("x86-64");

	(void)state;
	assert_int_equal(kmalloc_size_roundup(x86, 65), 96);
	assert_int_equal(kmalloc_size_roundup(arm, 65), 128);	/* no kmalloc-96 at 64B minalign */
	assert_int_equal(kmalloc_size_roundup(arm, 129), 192);
	assert_int_equal(kmalloc_size_roundup(x86, 320), 512);
	assert_int_equal(kmalloc_size_roundup(x86, 512), 512);
}

static void test_sock_min_sndbuf(void **state)
{
	(void)state;
	assert_int_equal(kp_sock_min_sndbuf(platform_find("armada-370"), kprofile_find("3.10")), 2048);
	assert_int_equal(kp_sock_min_sndbuf(platform_find("armada-370"), kprofile_find("3.12")), 2048);
	/* 3.13+: 2 * (2048 + SKB_DATA_ALIGN(sizeof(struct sk_buff))) */
	assert_int_equal(kp_sock_min_sndbuf(platform_find("armada-370"), kprofile_find("3.13")), 4480);
	assert_int_equal(kp_sock_min_sndbuf(platform_find("x86-64"), kprofile_find("6.x")), 4608);
}

static void test_so_sndbuf(void **state)
{
	const struct platform *arm = platform_find("armada-370");
	const struct platform *x86 = platform_find("x86-64");
	const struct kprofile *k312 = kprofile_find("3.12"), *k6 = kprofile_find("6.x");

	(void)state;
	/* ping's 324: doubled to 648, raised to SOCK_MIN_SNDBUF */
	assert_int_equal(kp_so_sndbuf(arm, k312, 324, kp_wmem_max(arm, k312)), 2048);
	assert_int_equal(kp_so_sndbuf(arm, kprofile_find("3.13"), 324, 163840), 4480);
	/* large values: clamped to wmem_max, then doubled */
	assert_int_equal(kp_so_sndbuf(arm, k312, 1 << 20, kp_wmem_max(arm, k312)), 2 * 163840);
	assert_int_equal(kp_so_sndbuf(x86, k6, 1 << 20, kp_wmem_max(x86, k6)), 2 << 20);
	/* 6.x: min(val, INT_MAX / 2) before doubling */
	assert_int_equal(kp_so_sndbuf(x86, k6, INT32_MAX, INT32_MAX), (INT32_MAX / 2) * 2);
}

static void test_wmem_defaults(void **state)
{
	(void)state;
	/* SK_WMEM_MAX = SKB_TRUESIZE(256) * 256 */
	assert_int_equal(kp_wmem_default(platform_find("x86-64"), kprofile_find("3.13")), 212992);
	assert_int_equal(kp_wmem_default(platform_find("armada-370"), kprofile_find("3.12")), 163840);
	assert_int_equal(kp_wmem_max(platform_find("x86-64"), kprofile_find("4.4")), 212992);
	assert_int_equal(kp_wmem_max(platform_find("x86-64"), kprofile_find("6.x")), 4 << 20);
}

/* MAX_HEADER -> MAX_TCP_HEADER -> SKB_SMALL_HEAD_CACHE_SIZE, and the
 * truesize of small heads with it: the numbers measured on a 6.18 x86_64
 * build without WLAN, Hyper-V or IP tunnels (tests/kernel/part_sock.py). */
static void test_max_header(void **state)
{
	struct platform x86 = *platform_find("x86-64"), arm = *platform_find("armada-370");
	const struct kprofile *k6 = kprofile_find("6.x");

	(void)state;
	/* the tables' values are what their MAX_HEADER gives */
	platform_set_max_header(&x86, x86.max_header);
	assert_int_equal(x86.max_tcp_header, 320);
	assert_int_equal(x86.small_head_cache, 640);	/* 320 + 320, not a power of two */
	platform_set_max_header(&arm, arm.max_header);
	assert_int_equal(arm.max_tcp_header, 320);
	assert_int_equal(arm.small_head_cache, 576);	/* 320 + 192 = 512, + 64 */
	/* LL_MAX_HEADER 32, no tunnels: L1_CACHE_ALIGN(160) = 192;
	 * 192 + 320 = 512 is a power of two: 512 + 64 = 576 */
	platform_set_max_header(&x86, 32);
	assert_int_equal(x86.max_tcp_header, 192);
	assert_int_equal(x86.small_head_cache, 576);
	/* echo request, 0 and 56 data bytes: 64 + 320 <= 576 -> 576 + 256 */
	assert_int_equal(skb_truesize(&x86, k6, 28 + 31), 832);
	assert_int_equal(skb_truesize(&x86, k6, ECHO_ALLOC), 832);
	/* 200 data bytes: ALIGN(259) 320 + 320 = 640 > 576 -> kmalloc-1024;
	 * 1024 - 320 + 256 + 320 = 1280 */
	assert_int_equal(skb_truesize(&x86, k6, 228 + 31), 1280);
	/* with the table's 640 the same head fits the small cache: 896 */
	assert_int_equal(skb_truesize(platform_find("x86-64"), k6, 228 + 31), 896);
}

/* Every name the loader accepts has a profile behind it. */
static void test_names_resolve(void **state)
{
	const char *const *n;

	(void)state;
	for (n = nicsim_kernel_names; *n; n++)
		assert_non_null(kprofile_find(*n));
	for (n = nicsim_platform_names; *n; n++)
		assert_non_null(platform_find(*n));
	assert_null(kprofile_find("3.12.0"));
}

/*
 * The armada-370 profile holds the shipped calibration's fitted values:
 * every "key = value" of calibration/fitted/armada-370/fitted.ini
 * (nicsim calibrate calibration/armada-370.ini) equals the profile's cost.
 */
static void test_armada370_fitted(void **state)
{
	const struct platform *p = platform_find("armada-370");
	const uint32_t *cost = (const uint32_t *)&p->cost;
	char line[256], key[64];
	long long v;
	int i, n = 0;
	FILE *f = fopen(NICSIM_SOURCE_DIR "/calibration/fitted/armada-370/fitted.ini", "r");

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s = %lld", key, &v) != 2)
			continue;
		for (i = 0; i < COST_NR && strcmp(cpu_cost_names[i], key); i++)
			;
		assert_true(i < COST_NR);
		if (cost[i] != v)
			fail_msg("armada-370 %s = %u, fitted %lld", key, cost[i], v);
		n++;
	}
	fclose(f);
	assert_true(n >= 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_resolve),
		cmocka_unit_test(test_truesize_echo),
		cmocka_unit_test(test_truesize_full_frame),
		cmocka_unit_test(test_kmalloc_classes),
		cmocka_unit_test(test_sock_min_sndbuf),
		cmocka_unit_test(test_so_sndbuf),
		cmocka_unit_test(test_wmem_defaults),
		cmocka_unit_test(test_max_header),
		cmocka_unit_test(test_armada370_fitted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
