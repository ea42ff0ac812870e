/* Private to verify/: LRAT checking of a formula already parsed, for
 * certified counts (count_certificate.c). */
#ifndef NQSAT_VERIFY_LRAT_CHECK_H
#define NQSAT_VERIFY_LRAT_CHECK_H

#include <stddef.h>

#include "nqsat/proof.h"
#include "proof_formula.h"

/* Checks the LRAT proof `proof` (plain bytes, text or binary) against
 * `formula`, whose clauses it takes over (left empty; the caller still
 * frees it): its first `numbered` clauses have ids 1..numbered; each
 * clause after them (a certificate's blocked cubes) takes, in order, the
 * next id the proof's lemmas skip, and a lemma that skips an id when none
 * is left fails. As nq_proof_check_lrat otherwise. */
nq_status lrat_check_clauses(proof_clauses *formula, size_t numbered, const char *proof,
                             size_t proof_size, const char *proof_name, nq_proof_result *result,
                             char *error, size_t error_size);

#endif
