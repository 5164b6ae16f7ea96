/* SPDX-License-Identifier: MIT */
/* Small helpers shared by every layer: checked allocation, BUG_ON, min/max. */
#ifndef NICSIM_CORE_UTIL_H
#define NICSIM_CORE_UTIL_H

#include <stddef.h>
#include <stdint.h>

void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
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

#define BUG_ON(c) do { if (__builtin_expect(!!(c), 0)) nicsim_bug(__FILE__, __LINE__, #c); } while (0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define ALIGN_UP(x, a) (((x) + (a) - 1) / (a) * (a))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif
