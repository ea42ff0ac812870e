/* Private to cli/: a DIMACS file's model count, exact at any size, by the
 * model-counting convention, and the lines that state it.
 *
 * The convention (picosat --all, clasp, sharpSAT, d4, ganak, the Model
 * Counting Competition): models are counted over every declared variable,
 * or over the projection set when the file declares one ("c ind",
 * "c p show"). A projected variable that no clause mentions takes either
 * value, so it doubles the count: `p cnf 5 1` / `1 2 0` has 3 * 2^3 = 24
 * models. The solver enumerates only the variables that occur in a clause
 * and reports the others as nq_cnf_report.unused_projected; the
 * multiplication is here, in GMP (`p cnf 1000 1` / `1 0` has 2^999). */
#ifndef NQSAT_MODEL_COUNT_H
#define NQSAT_MODEL_COUNT_H

#include <gmp.h>
#include <stdint.h>
#include <stdio.h>

#include "nqsat/solver.h"

/* What a count counts. */
typedef enum count_kind {
  COUNT_MODELS,    /* by the convention */
  COUNT_OCCURRING, /* over the variables that occur in a clause (--occurring) */
  COUNT_ORBITS     /* orbits of models by the convention (--unique), see below */
} count_kind;

/* Sets `count` (initialised by the caller) to what `result` and `report`
 * say for `kind`; for listed models (--all, --max) COUNT_MODELS is the
 * closing count, each listed model standing for 2^unused_projected.
 * COUNT_ORBITS: with `symmetry_on` the group is the detected one (when used) times every
 * permutation of the unused projected variables, never their sign flips (the detected group never
 * negates a projection variable either), so those k variables fall into k + 1 orbits, by how many
 * are true; with symmetry off the group is trivial and they double the count like models. */
void model_count_of(mpz_t count, const nq_enumeration *result, const nq_cnf_report *report,
                    count_kind kind, int symmetry_on);

/* log10 of a positive count, to double precision at any size. */
double model_count_log10(const mpz_t count);

/* The count in decimal, no newline. */
void model_count_print(FILE *out, const mpz_t count);

/* The Model Counting Competition 2021 answer: "s SATISFIABLE" or
 * "s UNSATISFIABLE", "c s type mc" ("pmc" when `projected`),
 * "c s log10-estimate X" ("-inf" for 0) and "c s exact arb int K". */
void model_count_print_mcc(FILE *out, const mpz_t count, int projected);

#endif
