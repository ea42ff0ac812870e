/* Private to solver/: count-preserving simplifications that ask a CDCL
 * solver (sat_oracle.h), run by count_preprocess.c after its own
 * propagation-based ones have nothing left to do.
 *
 * Three steps, after SharpSAT-TD's preprocessor (Korhonen & Järvisalo,
 * "Integrating tree decompositions into decision heuristics of
 * propositional model counters", CP 2021; its techniques V, S and G):
 * - the backbone: every literal true in all models becomes a unit;
 * - strengthening: a literal is removed from a clause when the formula
 *   implies the clause without it;
 * - sparsification: a clause the other clauses imply is removed, so the
 *   primal graph loses the edges only it made;
 * - elimination of simplicial variables: a variable whose neighbours in
 *   the primal graph are already pairwise neighbours is resolved away
 *   (the resolvents add no edge, so no tree decomposition widens), when
 *   it is not projected or when the rest of the formula defines it
 *   (Padoa's test: two copies of the formula that agree on every other
 *   projected variable cannot disagree on it), which keeps the count.
 * Each step holds the projected count: the first two keep the formula's
 * models, and an eliminated projected variable takes one value in each
 * model of the others. */
#ifndef NQSAT_COUNT_ORACLE_SIMPLIFY_H
#define NQSAT_COUNT_ORACLE_SIMPLIFY_H

#include <stddef.h>

#include "search_clock.h"

typedef struct oracle_simplify_stats {
  int backbone;     /* literals true in every model, made units */
  int strengthened; /* literals removed from clauses of three or more */
  int redundant;    /* clauses removed as implied by the others */
  int eliminated;   /* simplicial variables resolved away */
  int defined;      /* of them, projected ones the others define */
  double seconds;   /* the pass's time */
} oracle_simplify_stats;

typedef struct oracle_simplified {
  int *literals; /* the clauses, each ended by a 0 */
  size_t literal_count;
  unsigned char *eliminated; /* [variables + 1]: 1 for a variable resolved away */
} oracle_simplified;

/* Simplifies the clauses `literals` (`literal_count` entries, each clause
 * ended by a 0, over 1..variables; projected[v] marks the counted ones)
 * into `out` (free with oracle_simplified_free). Work is bounded by the
 * formula's size, and the steps stop early once `clock` expires: what is
 * out then is still simplified correctly, only less. Returns 1 when `out`
 * is set, 0 when the formula has no model, -1 when out of memory. */
int oracle_simplify(int variables, const unsigned char *projected, const int *literals,
                    size_t literal_count, const search_clock *clock, oracle_simplified *out,
                    oracle_simplify_stats *stats);
void oracle_simplified_free(oracle_simplified *simplified);

#endif
