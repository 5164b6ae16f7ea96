// SPDX-License-Identifier: MIT
/*
 * splitmix64 and xoshiro256**, written from the published algorithm
 * descriptions (Vigna, "Further scramblings of Marsaglia's xorshift
 * generators"; Blackman and Vigna, "Scrambled linear pseudorandom number
 * generators", 2021).
 */
#include <stdarg.h>
#include <stdio.h>
#include "nicsim/rng.h"

uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t st = seed;
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&st);
}

void rng_stream(struct rng *r, uint64_t seed, const char *name)
{
	/* FNV-1a of the name, folded into the seed through splitmix64. */
	uint64_t h = 0xcbf29ce484222325ULL, st;

	for (; *name; name++) {
		h ^= (unsigned char)*name;
		h *= 0x100000001b3ULL;
	}
	st = seed ^ h;
	rng_seed(r, splitmix64(&st));
}

void rng_streamf(struct rng *r, uint64_t seed, const char *fmt, ...)
{
	char name[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	rng_stream(r, seed, name);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	unsigned __int128 m = (unsigned __int128)rng_next(r) * n;
	uint64_t lo = (uint64_t)m;

	if (lo < n) {
		uint64_t t = -n % n;

		while (lo < t) {
			m = (unsigned __int128)rng_next(r) * n;
			lo = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

double rng_double(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}
