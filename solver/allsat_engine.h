/* Private to solver/: an all-solutions CDCL engine that adds no blocking
 * clause per model.
 *
 * After each model it backtracks chronologically: the last projection
 * decision is flipped and kept as a pseudo-decision (Toda & Soh,
 * "Implementing efficient all solutions SAT solvers", ACM JEA 2016), so
 * the search tree over the projection variables is walked once and each
 * further model costs a few propagations. Learned clauses are implied by
 * the clauses alone, so they stay valid across models and across the
 * assumption sets of successive calls (cubes). A model found while some
 * projection variables are still open and every clause is satisfied is
 * reported once as a partial model standing for 2^free models.
 *
 * The engine owns copies of everything it is given. Variables are
 * 1..variables; literals are DIMACS-signed ints. */
#ifndef NQSAT_ALLSAT_ENGINE_H
#define NQSAT_ALLSAT_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/status.h"

typedef struct allsat_engine allsat_engine;

/* `projected[v]` (v = 1..variables, may be NULL: every variable) marks the
 * projection set, decided before any other variable. `literals` holds the
 * clauses, each ended by 0. NULL when out of memory. */
allsat_engine *allsat_engine_new(int variables, const unsigned char *projected, const int *literals,
                                 size_t literal_count);
void allsat_engine_free(allsat_engine *engine);

/* Partial models with at most `max_free` open projection variables
 * (0: every model is total on the projection). Default 0. */
void allsat_engine_set_max_free(allsat_engine *engine, int max_free);

/* Decides the projection variables in a fixed order, rank[v] smaller
 * first (v = 1..ranked; rank may come from allsat_order_by_links), instead
 * of by VSIDS activity, once models stop having free variables (at once
 * when partial models are off): VSIDS finds those. Variables outside the
 * projection keep VSIDS. Call before the first enumeration; -1 when out
 * of memory (VSIDS then decides). */
int allsat_engine_set_order(allsat_engine *engine, const int *rank, int ranked);

/* Called once per model. `values` (NULL unless asked for) is indexed by
 * variable: 1 true, 0 false, -1 open (a free projection variable; the
 * model stands for every value of those). Variables outside the
 * projection that are still open may take any value. Nonzero return
 * stops the enumeration. */
typedef int (*allsat_model_fn)(void *context, const signed char *values, int free_count);
/* Polled now and then; nonzero stops the enumeration (NQ_ERR_INTERRUPTED). */
typedef int (*allsat_stop_fn)(void *context);
/* allsat_engine_new that asks `stop(context)` now and then while it loads
 * the clauses (a large formula takes a while): NULL also when it said stop. */
allsat_engine *allsat_engine_new_until(int variables, const unsigned char *projected,
                                       const int *literals, size_t literal_count,
                                       allsat_stop_fn stop, void *context);

/* Enumerates the projected models that contain every literal of
 * `assumptions`, each once. NQ_OK when all were reported, NQ_ERR_STOPPED
 * when `on_model` asked to stop, NQ_ERR_INTERRUPTED when `stop` did,
 * NQ_ERR_MEMORY. The engine can be called again with other assumptions. */
nq_status allsat_engine_enumerate(allsat_engine *engine, const int *assumptions,
                                  size_t assumption_count, int want_values,
                                  allsat_model_fn on_model, allsat_stop_fn stop, void *context);

/* Receives each clause the engine learns (deleted 0) or forgets (deleted
 * 1), as internal literals 2 * var + negative, for a DRAT proof: learned
 * clauses are resolvents of the clauses, so they are RUP; with no model
 * found, they end in a conflict at level 0. Nonzero return: out of memory
 * (or a write failed); the enumeration then ends with NQ_ERR_MEMORY. */
typedef int (*allsat_proof_fn)(void *context, const int *literals, int size, int deleted);
/* With a proof set, the engine also logs, each time the subtree under some
 * projection decisions is exhausted, the clause negating those decisions
 * (and the assumptions), deleting the lemmas of its two halves: after an
 * enumeration that reported every model, the proof with the empty clause
 * added refutes the clauses plus each model's blocking clause (the
 * negation of its assigned projected literals). */
void allsat_engine_set_proof(allsat_engine *engine, allsat_proof_fn proof, void *context);
/* Under assumptions (one call, a fresh engine, each assumption open at
 * level 0: see allsat_engine_fixed), an enumeration that reported every
 * model ends its proof with the clause negating the assumptions instead
 * of the empty clause, the lemma of the cube's subtree: the proofs of
 * the cubes of a split then compose (certify_split.h). */

/* LRAT instead of DRAT (the standard technique of CaDiCaL's LRAT output;
 * Gocht and Nordstrom, AAAI 2021, on hints from conflict analysis): each
 * clause has an id, an original clause its number in `literals` from 1
 * (tautologies and empty clauses counted), clauses learned and lemmas
 * numbered on after them. A lemma (deleted 0) comes with its hints: the
 * ids of the clauses that, with its literals false, become unit in turn
 * (the reasons of the literals resolved out, and of the implied literals
 * the lemma needs, in trail order) until the last is falsified. A
 * deletion (deleted 1) names the clause by `id` alone. Each model takes
 * an id too, never written: its blocking clause's, in the order models
 * are reported, so an id the lemmas skip is the next model's blocking
 * clause. After an enumeration that reported every model (no
 * assumptions), the engine logs the empty clause itself. */
typedef int (*allsat_lrat_fn)(void *context, int id, const int *literals, int size,
                              const int *hints, int hint_count, int deleted);
/* Call before the first enumeration; -1 when out of memory. */
int allsat_engine_set_lrat(allsat_engine *engine, allsat_lrat_fn lrat, void *context);

/* Inside on_model, with LRAT: the id the model's blocking clause takes. */
int allsat_engine_blocking_id(const allsat_engine *engine);

/* Whether `variable` is assigned at level 0 (1 also when the clauses are
 * refuted there). */
int allsat_engine_fixed(const allsat_engine *engine, int variable);

/* Inside on_model: the model's decision path, the decision (or, on a
 * flipped level, the negated decision) of each projection level from the
 * lowest, as DIMACS literals into `literals` (room for `variables`).
 * Returns how many. Paths of two models diverge at a level where one has
 * a literal and the other its negation, and models come in depth-first
 * order: the checker's disjointness test (count_certificate.c). */
int allsat_engine_path(const allsat_engine *engine, int *literals);

typedef struct allsat_stats {
  uint64_t decisions, conflicts, propagations, models, learned_kept;
} allsat_stats;
void allsat_engine_stats(const allsat_engine *engine, allsat_stats *stats);

#endif
