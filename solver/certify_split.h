/* Private to solver/: a certified count on several threads by
 * cube-and-conquer (nq_cnf_certify_count).
 *
 * The walk of the projection's decision tree is split at its top into
 * cubes along the first open variables of the static order, a comb:
 * v1; -v1 v2; -v1 -v2 v3; ...; -v1 ... -vK. Each cube is walked by a
 * fresh engine of its own (allsat_engine.h) under the cube's literals as
 * assumptions, on whichever thread is free, its cubes and proof steps
 * kept in memory. Then, in the comb's depth-first order, each cube's
 * models are written with the cube's literals before their decision path
 * (so consecutive paths still first differ where the earlier has a
 * literal and the later its negation), and its proof steps (a learned
 * clause is implied by the formula alone, and an engine deletes only its
 * own clauses, so the cubes' proofs concatenate; in LRAT the ids above
 * the formula's clauses are renumbered in the order written, so that the
 * ids the lemmas skip stay the cubes' blocking clauses in cube order).
 * The cubes' lemmas, each the negation of a cube, are then joined pair
 * by pair up the comb (the negations of two sibling cubes resolve to the
 * negation of their parent) down to the empty clause. */
#ifndef NQSAT_CERTIFY_SPLIT_H
#define NQSAT_CERTIFY_SPLIT_H

#include <gmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include "allsat_engine.h"
#include "nqsat/refute.h"
#include "proof_writer.h"

typedef struct certify_formula {
  int variables;
  const unsigned char *projected; /* [variables + 1] */
  const int *literals;            /* clauses, each ended by 0 */
  size_t literal_count;
  const int *rank; /* the static order (allsat_order.h), NULL: VSIDS */
} certify_formula;

/* Writes "d PREFIX PATH 0\nm LITERALS 0\n" into `line` (room for
 * 2 (variables + 1) literals of 12 characters, plus 16): the cube's
 * decision path and its assigned literals (`values` indexed by variable,
 * -1 open). Returns the length. */
size_t certify_cube_line(char *line, const int *prefix, int prefix_count, const int *path,
                         int path_count, const signed char *values, int variables);

/* A fresh engine over `formula` in its static order (VSIDS without one),
 * reporting models with up to `max_free` free projected variables, its
 * proof steps given to `drat` or to `lrat` (by `kind`) with `context`;
 * both NULL: no proof. NULL when out of memory. */
allsat_engine *certify_engine_new(const certify_formula *formula, int max_free,
                                  nq_certificate_proof kind, allsat_proof_fn drat,
                                  allsat_lrat_fn lrat, void *context);

/* Adds a cube's models, 2^free_count, to `count`. */
void certify_add_cube_models(mpz_t count, int free_count);

/* The walk on `threads` threads (>= 2): the cubes' lines to `cubes`, the
 * proof with its empty clause to `proof`, the count added to `count`,
 * the cubes' number to *cube_count. *split is 0 when the formula cannot
 * be split (refuted or all projected variables fixed by unit
 * propagation, or fewer than two open): nothing is written then and the
 * caller walks on one thread. NQ_ERR_INTERRUPTED when *stop was raised,
 * NQ_ERR_IO when a write failed, NQ_ERR_MEMORY. */
nq_status certify_split_walk(const certify_formula *formula, int threads, nq_certificate_proof kind,
                             FILE *cubes, proof_writer *proof, const volatile sig_atomic_t *stop,
                             mpz_t count, size_t *cube_count, int *split);

#endif
