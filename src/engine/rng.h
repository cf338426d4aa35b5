/* rng.h - the project's own random number generator.
 *
 * Training windows, weight initialisation and sampling all draw from this, never
 * from rand(): the same seed gives the same numbers on every machine and libc.
 * The generator is xoshiro256** (Blackman and Vigna), seeded through splitmix64.
 * Its whole state is four integers, so a checkpoint can store it and a resumed
 * run continues the same sequence.
 */
#ifndef TS_RNG_H
#define TS_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} Rng;

void rng_seed(Rng *r, uint64_t seed);
uint64_t rng_next(Rng *r);
/* Uniform float in [0, 1) with 24 random bits. */
float rng_float(Rng *r);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
uint64_t rng_below(Rng *r, uint64_t n);
/* Standard normal (Box-Muller). */
double rng_normal(Rng *r);

#endif
