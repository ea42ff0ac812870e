/* Private to solver/: the counts of components already counted, for
 * nq_cnf_count_components (component_count.c).
 *
 * A component is keyed by a canonical encoding: its variable count, its
 * variables ascending, then the ids of its unsatisfied clauses that hold
 * a false literal, ascending. That key fixes the residual formula: every
 * false literal of an unsatisfied clause lies outside the component,
 * every open one inside, and an unsatisfied clause with no false literal
 * is in the component exactly when all its variables are. So two equal
 * keys have equal counts. The 64-bit hash only finds the
 * bucket: a hit compares the whole key, so a hash collision can cost time
 * but never a wrong count.
 *
 * Ownership: the cache copies keys and counts; the caller keeps its own. */
#ifndef NQSAT_COMPONENT_CACHE_H
#define NQSAT_COMPONENT_CACHE_H

#include <gmp.h>
#include <stdint.h>

#include "nqsat/status.h"

typedef struct component_cache component_cache;

/* `byte_bound`: 0 for none; otherwise past it the oldest entries (least
 * recently used; the larger first among those used equally long ago) are
 * evicted until half of it is left. NULL when out of memory. */
component_cache *component_cache_new(uint64_t byte_bound);
void component_cache_free(component_cache *cache);

uint64_t component_cache_hash(const int *key, int length);

/* 1 and `count` set when the key is held, else 0. */
int component_cache_find(component_cache *cache, const int *key, int length, uint64_t hash,
                         mpz_t count);

/* Holds a copy of key and count. NQ_ERR_MEMORY when even an empty cache
 * cannot take it (the caller goes on without caching). */
nq_status component_cache_store(component_cache *cache, const int *key, int length, uint64_t hash,
                                const mpz_t count);

/* Stores so far: a mark for component_cache_forget_since. */
uint64_t component_cache_store_count(const component_cache *cache);

/* Drops the entries stored after the mark `store_count` (those evicted
 * already aside): the counts of a branch that may be wrong. */
void component_cache_forget_since(component_cache *cache, uint64_t store_count);

typedef struct component_cache_stats {
  uint64_t entries, peak_bytes, evictions;
} component_cache_stats;

void component_cache_read_stats(const component_cache *cache, component_cache_stats *stats);

#endif
