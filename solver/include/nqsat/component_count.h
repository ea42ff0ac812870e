/* nqsat/component_count.h - exact model counts by connected components.
 *
 * A counter in the style of exact #SAT counters (Thurley's sharpSAT):
 * DPLL with unit propagation and clause learning splits the residual
 * formula, after each decision, into connected components (no variable
 * in common), counts each on its own and multiplies; each component's
 * count is cached under an exact encoding of it (its variables and its
 * unsatisfied clauses), so a component met again in another branch costs
 * one look-up. Formulas
 * that fall apart (random 3-SAT below the threshold, disjoint unions) are
 * counted in far fewer steps than they have models; formulas that do not
 * (N-Queens) are left to the enumeration engine (nqsat/engine_choice.h).
 *
 * Counts are exact (GMP) and follow the model-counting convention of
 * nqsat/solver.h: over the projection set ("c ind", "c p show") when the
 * file has one, else over every variable; the count returned covers the
 * projected variables that occur in a clause, and `unused_projected` says
 * how many projected variables occur in none (each doubles the count by
 * the convention). With a projection only projection variables are
 * branched on while any is open in a component; a component left with
 * none is only tested for satisfiability (it counts 1 or 0).
 *
 * Ownership: `count` is initialised by the caller; nothing else outlives
 * the call. */
#ifndef NQSAT_COMPONENT_COUNT_H
#define NQSAT_COMPONENT_COUNT_H

#include <gmp.h>
#include <stdint.h>

#include "nqsat/cnf.h"
#include "nqsat/solver.h"
#include "nqsat/status.h"

typedef struct nq_component_stats nq_component_stats;

typedef struct nq_component_options {
  /* Bytes the cache of component counts may hold; 0: no bound. Past it the
   * entries least recently used, largest first among equally old ones,
   * are evicted until half the bound is left: counts stay exact, only
   * work is repeated. */
  uint64_t cache_bytes;
  /* Stop after this many decisions with NQ_ERR_STOPPED (0: no limit): the
   * engine choice's probe (nqsat/engine_choice.h). */
  uint64_t max_decisions;
  /* Stop with NQ_ERR_STOPPED once the search's work (see
   * nq_component_stats.work) reaches this (0: no limit): the hedge's
   * trials (nqsat/engine_choice.h). With max_decisions too, the search
   * stops once both are reached. */
  uint64_t max_work;
  /* Asked when max_decisions and max_work are spent (one thread only):
   * returning 1 with larger budgets set through the pointers resumes the
   * search where it stopped (the hedge's trials, nqsat/engine_choice.h,
   * so a later trial repeats nothing), 0 stops it with NQ_ERR_STOPPED.
   * `so_far` holds the statistics up to here: decisions, conflicts,
   * components, cache hits, work. The call runs on the counter's thread
   * and may block; the time it takes is not in stats.seconds. NULL: stop. */
  int (*budget_spent)(void *context, const nq_component_stats *so_far, uint64_t *max_decisions,
                      uint64_t *max_work);
  void *budget_context;
  /* Nonzero: no clause learning (plain DPLL, for comparison and tests). */
  int without_learning;
  /* Learned clauses held before the least useful half of them is dropped
   * (0: 2000 plus half the clauses, growing by a tenth at each drop). */
  int learned_bound;
  /* Nonzero: no CDCL check of components before counting them (for
   * comparison and tests). */
  int without_sat_checks;
  /* Nonzero: the CDCL checks of components under 256 variables are not
   * held to their share of the work (by default a 64th of the search's;
   * for comparison and tests). */
  int without_sat_check_budget;
  /* Worker threads (0 or 1: one). More split the formula into cubes on its
   * most frequent projected variables (8 per thread, at most 2^12), each
   * counted by a worker with its own clauses and cache (cache_bytes is
   * shared out among them); the count does not depend on the number. */
  int threads;
  /* Nonzero: count the formula as read, without the count-preserving
   * preprocessing (units, failed literals, equivalent literals, elimination
   * of non-projected variables) that runs first by default. */
  int without_preprocessing;
} nq_component_options;

struct nq_component_stats {
  int variables;        /* occurring variables */
  int projected;        /* of those, projection variables */
  int unused_projected; /* projected variables in no clause: each doubles the count */
  uint64_t clauses;
  uint64_t decisions;
  uint64_t conflicts;
  uint64_t learned;       /* clauses learned from conflicts (units and reductions aside) */
  uint64_t components;    /* components with a clause met (cache hits included) */
  uint64_t cache_hits;    /* components whose count came from the cache */
  uint64_t cache_entries; /* entries held at the end */
  uint64_t cache_peak_bytes;
  uint64_t evictions; /* entries evicted to honour cache_bytes */
  int top_components; /* components of the formula after the first propagation */
  /* The preprocessing's work: variables fixed (their value shared by every
   * model), substituted by an equivalent literal, eliminated (non-projected
   * ones, by resolution); each removed with a factor of 1. */
  int fixed, substituted, eliminated;
  /* Components counted 0 by search (not from the cache), and the decisions
   * spent in the outermost of them: the search's cost of unsatisfiable
   * parts of a satisfiable formula. */
  uint64_t zero_components, zero_decisions;
  /* Components checked for a model by CDCL before being counted, and
   * those the check refuted (counted 0 without search). */
  uint64_t sat_checks, sat_refuted;
  /* The width of the tree decomposition that guided the branching, -1
   * when branching went without one (too wide or too costly to find). */
  int decomposition_width;
  /* The search's work: the variables and clauses of every component met,
   * plus the literals given to PicoSAT and its propagations in the
   * checks. It tracks the search's time better than decisions do, whose
   * cost falls as components shrink. */
  uint64_t work;
  double seconds;
};

/* Counts the models of `cnf` over its projected variables that occur in a
 * clause into `count` (see above; multiply by 2^unused_projected for the
 * convention). `options` and `stats` may be NULL. `control`'s interrupt
 * flag and time limit end the call with NQ_ERR_INTERRUPTED (the count is
 * then unknown and `count` is 0); its threads are not used (see
 * options->threads).
 * NQ_ERR_ARGUMENT for literals outside 1..cnf->max_variable. */
nq_status nq_cnf_count_components(const nq_cnf *cnf, const nq_component_options *options,
                                  const nq_solver_control *control, mpz_t count,
                                  nq_component_stats *stats);

/* The formula after the counter's preprocessing, for any engine:
 * *simplified (free with nq_cnf_free) has, by the model-counting
 * convention, the count of `cnf` divided by 2^(*doubling) (the declared or
 * projected variables `cnf`'s clauses never mention). Its variables are
 * renumbered 1..V' and its models are not `cnf`'s: for counts only.
 * *simplified is NULL when the formula has no model. NQ_ERR_MEMORY, or
 * NQ_ERR_ARGUMENT for literals outside 1..cnf->max_variable. */
nq_status nq_cnf_count_simplify(const nq_cnf *cnf, nq_cnf **simplified, uint64_t *doubling);
/* The same, and then the simplifications that ask a CDCL solver
 * (strengthening clauses, removing implied ones, eliminating defined
 * variables whose neighbours already form a clique in the primal graph:
 * see docs/solver.md), which take seconds on a large formula. `control`
 * (may be NULL) holds a time limit and stop flag that end those early;
 * the result is then simplified less, never wrong. */
typedef struct nq_simplify_stats {
  int backbone;     /* literals true in every model, made units */
  int strengthened; /* literals removed from clauses of three or more */
  int redundant;    /* clauses removed as implied by the others */
  int eliminated;   /* variables resolved away (defined or not projected) */
  double seconds;   /* the CDCL steps' time */
} nq_simplify_stats;
/* `stats` (may be NULL) receives what the CDCL steps did. */
nq_status nq_cnf_count_simplify_deep(const nq_cnf *cnf, const nq_solver_control *control,
                                     nq_cnf **simplified, uint64_t *doubling,
                                     nq_simplify_stats *stats);

/* Bytes the counter needs besides its cache (formula, watches,
 * occurrence lists, stacks): for --max-memory. */
uint64_t nq_cnf_count_components_memory(const nq_cnf *cnf);

#endif
