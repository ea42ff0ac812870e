/* Private to encoder/: the reproducible random numbers behind --seed.
 *
 * SplitMix64 (G. L. Steele, D. Lea and C. H. Flood, "Fast Splittable
 * Pseudorandom Number Generators", OOPSLA 2014; constants as in Vigna's
 * public-domain splitmix64.c): one 64-bit state, fixed output for a seed on
 * every platform, which is what byte-identical output needs. */
#ifndef NQSAT_ENCODER_RANDOM_H
#define NQSAT_ENCODER_RANDOM_H

#include <stdint.h>

typedef struct random_stream {
  uint64_t state;
} random_stream;

static inline uint64_t random_next(random_stream *random) {
  uint64_t z = (random->state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Uniform in 0..bound-1 (bound >= 1), by rejection so no value is favoured. */
static inline uint64_t random_below(random_stream *random, uint64_t bound) {
  uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  uint64_t value;
  do
    value = random_next(random);
  while (value >= limit);
  return value % bound;
}

#endif
