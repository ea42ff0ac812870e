/* nqsat/refute.h - DRAT proofs of unsatisfiability from nqsat's own CDCL
 * engine.
 *
 * nq_cnf_refute searches `cnf` with the all-solutions CDCL engine, logging
 * every clause it learns and every learned clause it deletes. Learned
 * clauses are resolvents of the clauses, so each is RUP; when the search
 * ends without a model, the last ones propagate to a conflict and the proof
 * ends with the empty clause. Any DRAT checker (drat-trim, nqsat check
 * --proof) can then verify the UNSAT answer without trusting nqsat. The
 * proof is written to a temporary name and renamed into place; when the
 * formula has a model, no proof is left and *refuted is 0. */
#ifndef NQSAT_REFUTE_H
#define NQSAT_REFUTE_H

#include <signal.h>
#include <stddef.h>

#include "nqsat/cnf.h"
#include "nqsat/status.h"

typedef enum nq_proof_format { NQ_PROOF_TEXT = 0, NQ_PROOF_BINARY = 1 } nq_proof_format;

/* The proof part of a certified count: LRAT (each lemma with the clause
 * ids that make it RUP, checked forward by following them) or DRAT
 * (checked backward, repeating the search's propagation). */
typedef enum nq_certificate_proof {
  NQ_CERTIFICATE_LRAT = 0,
  NQ_CERTIFICATE_DRAT = 1
} nq_certificate_proof;

/* Text for names ending in .txt, binary otherwise (cadical's and kissat's
 * default). */
nq_proof_format nq_proof_format_for(const char *path);

/* NQ_OK with *refuted 1 (proof written) or 0 (a model exists, nothing
 * written); NQ_ERR_INTERRUPTED when `stop` was raised; NQ_ERR_IO with
 * "PATH: reason" in `error`; NQ_ERR_MEMORY. */
nq_status nq_cnf_refute(const nq_cnf *cnf, const char *proof_path, nq_proof_format format,
                        const volatile sig_atomic_t *stop, int *refuted, char *error,
                        size_t error_size);

/* A certified model count: one enumeration by the CDCL engine over the
 * projection ("c ind" / "c p show", else every declared variable) writes
 * each model to `certificate_path` as a cube, "m LITERALS 0" (its
 * projected literals and a witness for the other variables; projected
 * variables left out are free), after a "d DECISIONS 0" line with its
 * decision path (depth-first order, so that cubes are shown disjoint by
 * their paths), then "s mc COUNT"; and its learned clauses, with a lemma
 * per exhausted subtree of the decision tree, to `proof_path` as the DRAT
 * or LRAT proof (`kind`) that the formula with every cube blocked has no
 * model. In LRAT, the formula's clauses keep their numbers and each
 * cube's blocking clause takes the id the proof's lemmas skip, in cube
 * order (allsat_engine.h). On `threads` threads (0: one per
 * processor) the walk is split into cubes whose proofs are composed into
 * one, the certificate the same in form. The count,
 * as decimal digits, goes to `count_text`. Both files are written through
 * temporary names. */
nq_status nq_cnf_certify_count(const nq_cnf *cnf, const char *certificate_path,
                               const char *proof_path, nq_proof_format format,
                               nq_certificate_proof kind, int threads,
                               const volatile sig_atomic_t *stop, char *count_text,
                               size_t count_size, size_t *cubes, char *error, size_t error_size);

#endif
