/* nqsat/oeis_counts.h - the published N-Queens counts.
 *
 * A table of numbers from the OEIS, not a computation: it sits at the
 * bottom of the counter so that every program that reports a count (nqsat
 * count, nqsat-mpi) and the verifier above it can compare with the same
 * published figures without depending on each other. */
#ifndef NQSAT_OEIS_COUNTS_H
#define NQSAT_OEIS_COUNTS_H

#include <stdint.h>

/* Largest N in the table. */
#define NQ_COUNT_OEIS_MAX_N 27

/* A000170 (all solutions) and A002562 (solutions up to rotation and
 * reflection) for board size n. Returns 0 and fills the non-NULL outputs
 * when 1 <= n <= NQ_COUNT_OEIS_MAX_N, else -1. */
int nq_count_oeis(int n, uint64_t *total, uint64_t *fundamental);

#endif
