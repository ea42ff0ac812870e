/* nqsat/solver.h - N-Queens solutions from PicoSAT.
 *
 * The formula is built in-process from the encoder (no DIMACS round trip)
 * and models are enumerated with blocking clauses over the queen variables.
 *
 * Ownership: nothing is retained between calls; `columns` handed to the
 * callback is borrowed for that call only. */
#ifndef NQSAT_SOLVER_H
#define NQSAT_SOLVER_H

#include <stdint.h>

#include "nqsat/encoder.h"
#include "nqsat/status.h"

/* Largest N solved in-process: the pairwise formula for N = 200 already has
 * about 10^7 clauses. */
#define NQ_SOLVER_MAX_N 200

/* Called once per solution with columns[row], 0-based. A nonzero return
 * stops the enumeration (the call then returns NQ_ERR_STOPPED). */
typedef int (*nq_solution_fn)(void *context, const int *columns, int n);

/* Enumerates distinct solutions of the N-Queens formula in `encoding`.
 * `max_solutions` == 0 means all of them. `*found` (may be NULL) receives
 * the number of solutions reported. */
nq_status nq_solver_enumerate_queens(const nq_encoding *encoding, uint64_t max_solutions,
                                     nq_solution_fn on_solution, void *context, uint64_t *found);

#endif
