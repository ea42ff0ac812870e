/* nqsat/solver.h - N-Queens solutions and DIMACS models from PicoSAT.
 *
 * The N-Queens formula is built in-process from the encoder (no DIMACS
 * round trip) and models are enumerated with blocking clauses over the
 * queen variables. Any DIMACS formula read with nqsat/cnf.h can be solved
 * and its models enumerated, projected on its declared projection set.
 *
 * Ownership: nothing is retained between calls; `columns` and `values`
 * handed to callbacks are borrowed for that call only. */
#ifndef NQSAT_SOLVER_H
#define NQSAT_SOLVER_H

#include <signal.h>
#include <stdint.h>

#include "nqsat/cnf.h"
#include "nqsat/encoder.h"
#include "nqsat/status.h"

/* Largest N solved in-process: the pairwise formula for N = 200 already has
 * about 10^7 clauses. */
#define NQ_SOLVER_MAX_N 200

/* Called once per solution with columns[row], 0-based. A nonzero return
 * stops the enumeration (the call then returns NQ_ERR_STOPPED). */
typedef int (*nq_solution_fn)(void *context, const int *columns, int n);

/* How a long search may be stopped and watched. Zero fields mean "off". */
typedef struct nq_solver_control {
  /* Polled during the search (also inside PicoSAT, through
   * picosat_set_interrupt); nonzero stops it. A signal handler may set it. */
  const volatile sig_atomic_t *interrupt;
  double time_limit_seconds; /* 0: no limit */
  int threads;               /* worker threads for the symmetric search; 0: all CPUs */
  /* Called from the calling thread about twice a second while searching. */
  void (*progress)(void *context, uint64_t solutions, double elapsed_seconds);
  void *progress_context;
} nq_solver_control;

/* Enumerates distinct solutions of the N-Queens formula in `encoding`, one
 * PicoSAT instance and a blocking clause per solution (the plain method;
 * nq_solver_enumerate_symmetric is the fast one). `max_solutions` == 0
 * means all of them. `*found` (may be NULL) receives the number of
 * solutions reported. `control` (may be NULL): its time limit and
 * interrupt flag are honoured, also inside PicoSAT, and end the call with
 * NQ_ERR_INTERRUPTED; its threads and progress fields are ignored. */
nq_status nq_solver_enumerate_queens(const nq_encoding *encoding, uint64_t max_solutions,
                                     const nq_solver_control *control, nq_solution_fn on_solution,
                                     void *context, uint64_t *found);

/* What an enumeration found. */
typedef struct nq_enumeration {
  uint64_t solutions;   /* solutions (or models) found */
  uint64_t fundamental; /* of those, orbits under the board's 8 symmetries */
  int complete;         /* 1 when the search ended as asked: the whole space
                         * covered, or the requested maximum reached */
} nq_enumeration;

/* Rows fixed per sub-problem by nq_solver_enumerate_symmetric for board
 * size n (1..NQ_SOLVER_MAX_N): each PicoSAT instance holds the blocking
 * clauses of one such prefix's solutions only. For memory estimates. */
int nq_solver_split_rows(int n);

/* Fast enumeration of all N-Queens solutions, each orbit under the 8
 * symmetries of the board found once (see enumerate_symmetric.c for how).
 * With `on_solution`, every solution of every orbit is reported, serially
 * and in an order that does not depend on the number of threads; without
 * it, orbits are only counted. `max_solutions` (0: all) stops after that
 * many reported solutions. `control` may be NULL.
 * Returns NQ_OK (complete, or max reached), NQ_ERR_INTERRUPTED (time limit
 * or interrupt flag: `result` holds the counts so far, complete = 0),
 * NQ_ERR_STOPPED (the callback asked), NQ_ERR_ARGUMENT, NQ_ERR_MEMORY or
 * NQ_ERR_SOLVER. */
nq_status nq_solver_enumerate_symmetric(const nq_encoding *encoding, uint64_t max_solutions,
                                        const nq_solver_control *control,
                                        nq_solution_fn on_solution, void *context,
                                        nq_enumeration *result);

/* Called once per model; values[v] for v = 1..variables is 1 (true) or 0
 * (false), values[0] unused. Nonzero return stops (NQ_ERR_STOPPED). */
typedef int (*nq_model_fn)(void *context, const signed char *values, int variables);

/* Solves `cnf` and enumerates up to `max_models` models (0: all) with
 * blocking clauses on the projection set (cnf->projection when declared,
 * else every variable 1..cnf->max_variable): two models reported always
 * differ on it. Models cover variables 1..cnf->max_variable; variables the
 * header declares but no clause or projection line uses are left out.
 * result->solutions is the number of models found (0: unsatisfiable when
 * complete). Returns NQ_OK, NQ_ERR_INTERRUPTED (complete = 0),
 * NQ_ERR_STOPPED, NQ_ERR_ARGUMENT (a literal outside 1..max_variable),
 * NQ_ERR_MEMORY or NQ_ERR_SOLVER. */
nq_status nq_solver_enumerate_cnf(const nq_cnf *cnf, uint64_t max_models,
                                  const nq_solver_control *control, nq_model_fn on_model,
                                  void *context, nq_enumeration *result);

#endif
