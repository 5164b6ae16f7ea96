// SPDX-License-Identifier: MIT
/* Helpers of the simulation: allocation that cannot fail, BUG reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/engine/util.h"

static _Noreturn void oom(size_t size)
{
	fprintf(stderr, "nicsim: out of memory allocating %zu bytes\n", size);
	exit(3);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q)
		oom(size);
	return q;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		oom(strlen(s) + 1);
	return d;
}

long strscpy(char *dst, const char *src, size_t size)
{
	size_t n = strnlen(src, size);

	if (!size)
		return -1;
	if (n == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -1;
	}
	memcpy(dst, src, n + 1);
	return (long)n;
}

_Noreturn void nicsim_bug(const char *file, int line, const char *cond)
{
	fprintf(stderr, "nicsim: BUG at %s:%d: %s\n", file, line, cond);
	abort();
}
