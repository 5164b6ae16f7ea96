/* SPDX-License-Identifier: MIT */
/*
 * Random streams: xoshiro256** seeded through splitmix64 (Blackman and
 * Vigna, https://prng.di.unimi.it/). Each component derives its own stream
 * from the scenario seed and a stable name, so adding a component never
 * shifts another component's numbers. docs/architecture.md lists the
 * streams and the component that owns each.
 */
#ifndef NICSIM_RNG_H
#define NICSIM_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

uint64_t splitmix64(uint64_t *state);
void rng_seed(struct rng *r, uint64_t seed);
/* Stream for component `name` under scenario seed `seed`. */
void rng_stream(struct rng *r, uint64_t seed, const char *name);
/* rng_stream with the name built by printf(fmt, ...): "app.%s", "host.%s". */
void rng_streamf(struct rng *r, uint64_t seed, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n), n > 0, without modulo bias (Lemire). */
uint64_t rng_below(struct rng *r, uint64_t n);
/* Uniform double in [0, 1). */
double rng_double(struct rng *r);

#endif
