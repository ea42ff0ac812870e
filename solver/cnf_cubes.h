/* Private to solver/: splitting a compact formula into cubes.
 *
 * A cube is a conjunction of literals on projection variables: the split
 * variables' values on one branch, plus every literal unit propagation
 * derives from them. The cubes are the consistent leaves (no conflict
 * under unit propagation) of a complete binary tree over the split
 * variables; every model lies in exactly one of them, since each leaf
 * differs from every other on some split variable's value and unit
 * propagation drops only assignments that have no model. */
#ifndef NQSAT_CNF_CUBES_H
#define NQSAT_CNF_CUBES_H

#include <signal.h>
#include <stddef.h>

#include "cnf_compact.h"
#include "nqsat/status.h"

typedef struct cnf_cubes {
  size_t count;
  size_t *start;     /* [count + 1]: cube i is literals[start[i] .. start[i+1]) */
  int *literals;     /* decisions first, then the propagated literals */
  int depth;         /* split variables per branch (decisions) */
  int unsatisfiable; /* unit propagation alone refutes the formula: count = 0 */
} cnf_cubes;

/* Builds the cubes of the smallest depth with at least `target` leaves,
 * at most `max_depth` decisions deep (target <= 1 or max_depth 0: one
 * cube, the literals fixed by unit propagation at the top). Once *stop
 * (may be NULL) is nonzero it splits no further and keeps the leaves it
 * has: still a partition, so nothing is lost; the caller then stops. */
nq_status cnf_cubes_build(const cnf_compact *formula, size_t target, int max_depth,
                          const volatile sig_atomic_t *stop, cnf_cubes *cubes);
void cnf_cubes_free(cnf_cubes *cubes);

#endif
