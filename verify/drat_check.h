/* Private to verify/: the DRAT checker (drat_check.c) on a formula
 * already in memory, as the certificate check builds it (the formula's
 * clauses and every cube's blocking clause). */
#ifndef NQSAT_VERIFY_DRAT_CHECK_H
#define NQSAT_VERIFY_DRAT_CHECK_H

#include <stddef.h>

#include "nqsat/proof.h"
#include "proof_formula.h"

/* Checks the DRAT proof `proof` (plain bytes) against `formula`, whose
 * clauses it takes over (left empty; the caller still frees it). As
 * nq_proof_check_drat otherwise. */
nq_status drat_check_clauses(proof_clauses *formula, const char *proof, size_t proof_size,
                             const char *proof_name, const char *lrat_path, nq_proof_result *result,
                             char *error, size_t error_size);

#endif
