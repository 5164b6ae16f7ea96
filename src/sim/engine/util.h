/* SPDX-License-Identifier: MIT */
/* Small helpers shared by every layer: checked allocation, BUG_ON, min/max. */
#ifndef NICSIM_CORE_UTIL_H
#define NICSIM_CORE_UTIL_H

#include <stddef.h>
#include <stdint.h>

void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
/* Copies src into dst of size bytes, always terminated; returns the length
 * copied, or -1 when src was cut (Linux's strscpy, lib/string.c, returns
 * -E2BIG there). */
long strscpy(char *dst, const char *src, size_t size);
_Noreturn void nicsim_bug(const char *file, int line, const char *cond);

/* A 32-bit integer mixer (lowbias32, from Wellons' hash prospector): the
 * stand-in for jhash where the kernel hashes flows. */
static inline uint32_t mix32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

/* The ring index after i in a ring of n entries (no division: the drivers'
 * own MVNETA_QUEUE_NEXT_DESC compares with the last index too). */
static inline uint32_t ring_next(uint32_t i, uint32_t n)
{
	return i + 1 < n ? i + 1 : 0;
}

#define BUG_ON(c) do { if (__builtin_expect(!!(c), 0)) nicsim_bug(__FILE__, __LINE__, #c); } while (0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define ALIGN_UP(x, a) (((x) + (a) - 1) / (a) * (a))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif
