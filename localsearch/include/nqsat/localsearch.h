/* nqsat/localsearch.h - one solution for very large boards by local search.
 *
 * Min-conflicts repair over permutations (R. Sosic and J. Gu, "Efficient
 * Local Search with Conflict Minimization: A Case Study of the n-Queens
 * Problem", IEEE TKDE 6(5), 1994): rows and columns are never in conflict,
 * only diagonals, whose occupancy is kept in counters so that trying a swap
 * of two queens costs O(1). Runs in roughly linear time and memory (about 20
 * bytes per queen); N = 1,000,000 takes well under a second.
 *
 * Incomplete by nature: it finds solutions but never proves there is none
 * (N = 2 and 3 have none and are answered without searching). The answer is
 * not checked here: callers hand it to the independent verifier. */
#ifndef NQSAT_LOCALSEARCH_H
#define NQSAT_LOCALSEARCH_H

#include <stdint.h>

#include "nqsat/status.h"

/* Largest board accepted (memory, and columns as int). */
#define NQ_LOCALSEARCH_MAX_N 10000000

typedef struct nq_localsearch_stats {
  uint64_t restarts;          /* fresh random starts after the first */
  uint64_t attempts;          /* swaps tried during repair */
  uint64_t swaps;             /* swaps kept (they lowered the number of conflicts) */
  uint64_t initial_conflicts; /* conflicts left by the greedy start, last try */
} nq_localsearch_stats;

/* Finds one placement of n queens into columns[0..n-1] (0-based column of
 * the queen in each row). The same n and seed give the same placement.
 * `max_attempts` bounds the swaps tried over all restarts (0: no bound).
 * `stats` may be NULL.
 * Returns NQ_OK; NQ_ERR_UNSAT for n = 2 or 3; NQ_ERR_INTERRUPTED when the
 * bound was reached first; NQ_ERR_MEMORY; NQ_ERR_ARGUMENT for n outside
 * 1..NQ_LOCALSEARCH_MAX_N. */
nq_status nq_localsearch_solve(int n, uint64_t seed, uint64_t max_attempts, int *columns,
                               nq_localsearch_stats *stats);

#endif
