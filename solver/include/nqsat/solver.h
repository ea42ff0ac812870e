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

/* Most worker threads a search takes (a bound on what is asked, far above
 * the processors a machine has, so a typo cannot start thousands). */
#define NQ_SOLVER_MAX_THREADS 256

/* How a long search may be stopped and watched. Zero fields mean "off". */
typedef struct nq_solver_control {
  /* Polled during the search (also inside PicoSAT, through
   * picosat_set_interrupt); nonzero stops it. A signal handler may set it. */
  const volatile sig_atomic_t *interrupt;
  double time_limit_seconds; /* 0: no limit */
  int threads;               /* worker threads, 1..NQ_SOLVER_MAX_THREADS; 0: all CPUs */
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
  uint64_t fundamental; /* of those, orbits under the board's 8 symmetries (a
                         * DIMACS file: under its detected group, counted when
                         * models are not listed) */
  int complete;         /* 1 when the search ended as asked: the whole space
                         * covered, or the requested maximum reached */
  /* DIMACS counts can pass 2^64 (one partial assignment stands for up to
   * 2^62 models): the count is solutions_high * 2^64 + solutions, and the
   * same for fundamental. Zero for N-Queens and for listed models. */
  uint64_t solutions_high, fundamental_high;
} nq_enumeration;

/* Rows fixed per sub-problem by nq_solver_enumerate_symmetric for board
 * size n (1..NQ_SOLVER_MAX_N): each PicoSAT instance holds the blocking
 * clauses of one such prefix's solutions only. For memory estimates. */
int nq_solver_split_rows(int n);

/* ---- Memory estimates (picosat_memory.c: the model and its fit) ----------
 * Peak bytes of `instances` PicoSAT instances each holding the N-Queens
 * formula of `size` (board size n), plus `blocking_clauses` blocking
 * clauses in all; conservative (measured peaks were 1.1 to 3 times below).
 * UINT64_MAX when it does not fit. */
uint64_t nq_solver_memory_estimate(const nq_formula_size *size, int n, int instances,
                                   uint64_t blocking_clauses);
/* Blocking clauses nq_solver_enumerate_symmetric holds at once on
 * `instances` threads for board size n with `solutions` solutions in all
 * (A000170(n), or a bound): the sub-problems in progress, not all. */
uint64_t nq_solver_symmetric_blocking_clauses(int n, int instances, uint64_t solutions);

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

/* Called once per model. The model is given over the variables that occur
 * in a clause, in the file's own numbering: values[i] (1 true, 0 false) is
 * the value of variable file_variables[i], i = 1..count, ascending; index
 * 0 is unused. Variables no clause mentions are left out (any value goes:
 * with nq_cnf_report.unused_projected of them projected, each model given
 * stands for 2^unused_projected models). With nq_cnf_options.partial a
 * value may be -1: that variable is free, and the model stands for both
 * of its values. Nonzero return stops (NQ_ERR_STOPPED). */
typedef int (*nq_model_fn)(void *context, const signed char *values, const int *file_variables,
                           int count);

/* What enumerates the models of a DIMACS formula. NATIVE: nqsat's own
 * all-solutions CDCL engine (solver/allsat_engine.c), chronological
 * backtracking after each model, no blocking clauses, partial models
 * counted 2^free at once. PICOSAT: PicoSAT with a shrunk blocking clause
 * per model (the cross-check). */
typedef enum nq_cnf_engine { NQ_CNF_ENGINE_NATIVE = 0, NQ_CNF_ENGINE_PICOSAT = 1 } nq_cnf_engine;

/* How a DIMACS formula is enumerated (zero-initialised: the defaults). */
typedef struct nq_cnf_options {
  int engine;         /* nq_cnf_engine (default NATIVE) */
  int no_split;       /* 1: one PicoSAT instance for the whole formula */
  int no_symmetry;    /* 1: no symmetry detection */
  int no_shrink;      /* 1: block every projection variable of each model */
  size_t cube_target; /* cubes to aim for; 0: the default (see cnf_enumerate.c) */
  int listing;        /* 1: models will be listed; symmetry is then used only when
                       * every variable is projected (images are computed on the
                       * projection only) */
  int partial;        /* 1 (engine NATIVE, listing every model, no --max):
                       * a model with open projection variables is given
                       * once, those variables' values -1, standing for
                       * 2^open models, instead of expanded */
} nq_cnf_options;

/* How a DIMACS enumeration was made, for --stats and the header lines. */
typedef struct nq_cnf_report {
  int variables; /* variables that occur in a clause (renumbered 1..variables) */
  int projected; /* of those, projection variables */
  /* Projection variables (without a projection line: declared variables)
   * that no clause mentions. Not enumerated: the model count by the model
   * counting convention is the enumeration's count times
   * 2^unused_projected (see docs/solver.md). */
  int unused_projected;
  uint64_t clauses, literals;
  uint64_t cubes;       /* sub-problems, each its own PicoSAT instance */
  int split_depth;      /* split variables per cube */
  int threads;          /* workers used */
  int shrink;           /* 1: partial-assignment blocking clauses */
  int engine;           /* nq_cnf_engine */
  char group_order[48]; /* symmetry group order, "1" when none or off */
  int symmetry_used;    /* 1: the group acts on the projection with at most
                         * 10^5 elements, and orbits are used */
  double split_seconds, symmetry_seconds;
} nq_cnf_report;

typedef struct nq_cnf_plan nq_cnf_plan;

/* Renumbers `cnf` compactly and splits it into cubes (and finds its
 * symmetries): what nq_cnf_plan_enumerate then runs. `options` may be
 * NULL (defaults); `control` gives the thread count (0: all CPUs).
 * `report` (may be NULL) is filled. The plan borrows nothing from `cnf`.
 * NQ_ERR_ARGUMENT: a literal outside 1..cnf->max_variable;
 * NQ_ERR_INTERRUPTED (no plan) when control->interrupt was set before or
 * while splitting (a set flag also cuts the split and skips detection). */
nq_status nq_cnf_plan_make(const nq_cnf *cnf, const nq_cnf_options *options,
                           const nq_solver_control *control, nq_cnf_plan **plan,
                           nq_cnf_report *report);

/* Peak bytes an enumeration of `plan` is expected to need with `threads`
 * workers, keeping up to `blocking_clauses` blocking clauses in all
 * (PicoSAT's model of nq_solver_memory_estimate; the native engine's own). */
uint64_t nq_cnf_plan_memory_estimate(const nq_cnf_plan *plan, int threads,
                                     uint64_t blocking_clauses);

/* Enumerates up to `max_models` models (0: all), cube by cube on the
 * control's threads, reported serially and in an order that does not
 * depend on the thread count. Two models reported differ on the projection
 * set (cnf->projection when declared, else every variable) restricted to
 * the variables that occur in a clause; `result` counts those models
 * (multiply by 2^unused_projected for every projected variable). Returns NQ_OK,
 * NQ_ERR_INTERRUPTED (complete = 0), NQ_ERR_STOPPED (`on_model` asked, or
 * the plan's watch abandoned the run), NQ_ERR_MEMORY
 * or NQ_ERR_SOLVER. */
nq_status nq_cnf_plan_enumerate(nq_cnf_plan *plan, uint64_t max_models,
                                const nq_solver_control *control, nq_model_fn on_model,
                                void *context, nq_enumeration *result);
void nq_cnf_plan_free(nq_cnf_plan *plan);

/* Decisions and conflicts of the last nq_cnf_plan_enumerate (the NATIVE
 * engine's, summed over its workers; 0 with PicoSAT). */
void nq_cnf_plan_search_counts(const nq_cnf_plan *plan, uint64_t *decisions, uint64_t *conflicts);

/* Where an enumeration stands, as a watch's check sees it (nq_cnf_watch).
 * Work is counted in steps of the all-solutions engine: its decisions
 * plus NQ_CNF_WORK_PER_CONFLICT per conflict plus one per model found
 * (with symmetry, plus 1 + variables / 16 per image of its orbit),
 * summed over the workers (a step takes about the same time on random
 * 3-SAT and on N-Queens files). */
#define NQ_CNF_WORK_PER_CONFLICT 64
typedef struct nq_cnf_progress {
  uint64_t work;       /* steps */
  uint64_t cubes_done; /* finished cubes */
  uint64_t cubes;
  uint64_t models; /* found so far (over the occurring variables; UINT64_MAX past it) */
} nq_cnf_progress;

/* A watch on an enumeration (the automatic engine choice of `solve FILE
 * --count`, nqsat/engine_choice.h): `check` is called from a worker
 * thread when the work reaches first_check and at each doubling, one call
 * at a time, while the other workers go on; nonzero abandons the
 * enumeration (nq_cnf_plan_enumerate returns NQ_ERR_STOPPED). By work, not
 * time: on one thread the calls do not depend on the machine's load.
 * PicoSAT plans are not watched. */
typedef struct nq_cnf_watch {
  uint64_t first_check; /* 0: no watch */
  int (*check)(void *context, const nq_cnf_progress *progress);
  void *context;
} nq_cnf_watch;

/* Sets (`watch` NULL: clears) the watch of the plan's next enumerations. */
void nq_cnf_plan_watch(nq_cnf_plan *plan, const nq_cnf_watch *watch);

/* Plan and enumerate in one call with the default options. */
nq_status nq_solver_enumerate_cnf(const nq_cnf *cnf, uint64_t max_models,
                                  const nq_solver_control *control, nq_model_fn on_model,
                                  void *context, nq_enumeration *result);

#endif
