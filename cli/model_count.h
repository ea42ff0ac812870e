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
 * multiplication is here, in GMP (`p cnf 1000 1` / `1 0` has 2^999).
 *
 * A count is kept as mantissa * 2^power: `p cnf 2147483647 1` / `1 0` has
 * 2^2147483646 models, a number of 646,456,993 digits that costs nothing
 * until it is printed. Printing writes it in decimal when it has at most
 * `max_digits` digits (MODEL_COUNT_DEFAULT_DIGITS unless --exact-digits
 * says otherwise), else exactly as "M*2^K" (M odd, "2^K" when M is 1). */
#ifndef NQSAT_MODEL_COUNT_H
#define NQSAT_MODEL_COUNT_H

#include <gmp.h>
#include <stdint.h>
#include <stdio.h>

#include "nqsat/component_count.h"
#include "nqsat/solver.h"

/* Counts of up to this many decimal digits are printed in full by
 * default: 100,000 digits take a few milliseconds and 100 kB. */
#define MODEL_COUNT_DEFAULT_DIGITS 100000
/* --exact-digits accepts up to this (a billion digits: about 1 GB of
 * output and seconds of GMP time). */
#define MODEL_COUNT_MAX_DIGITS 1000000000

typedef struct model_count {
  mpz_t mantissa;
  uint64_t power; /* the count is mantissa * 2^power */
} model_count;

void model_count_init(model_count *count);
void model_count_clear(model_count *count);

/* What a count counts. */
typedef enum count_kind {
  COUNT_MODELS,    /* by the convention */
  COUNT_OCCURRING, /* over the variables that occur in a clause (--occurring) */
  COUNT_ORBITS     /* orbits of models by the convention (--unique), see below */
} count_kind;

/* Sets `count` to what `result` and `report` say for `kind`; for listed
 * models (--all, --max) COUNT_MODELS is the closing count, each listed
 * model standing for 2^unused_projected.
 * COUNT_ORBITS: with `symmetry_on` the group is the detected one (when used) times every
 * permutation of the unused projected variables, never their sign flips (the detected group never
 * negates a projection variable either), so those k variables fall into k + 1 orbits, by how many
 * are true; with symmetry off the group is trivial and they double the count like models. */
void model_count_of(model_count *count, const nq_enumeration *result, const nq_cnf_report *report,
                    count_kind kind, int symmetry_on);

/* <0, 0 or >0 as the count compares with `value`. */
int model_count_compare_ui(const model_count *count, unsigned long value);

/* log10 of a positive count, to double precision at any size. */
double model_count_log10(const model_count *count);

/* Whether the count has at most `max_digits` decimal digits. */
int model_count_fits_digits(const model_count *count, uint64_t max_digits);

/* The count in decimal when it fits `max_digits`, else as "M*2^K"; no
 * newline. Returns 1 when it printed the short form. */
int model_count_print(FILE *out, const model_count *count, uint64_t max_digits);

/* The Model Counting Competition 2021 answer: "s SATISFIABLE" or
 * "s UNSATISFIABLE", "c s type mc" ("pmc" when `projected`),
 * "c s log10-estimate X" ("-inf" for 0) and "c s exact arb int K"; a count
 * of more than `max_digits` digits has no exact line (the competition's
 * lines have no other exact form) but "c o exact count M*2^K" instead. */
void model_count_print_mcc(FILE *out, const model_count *count, int projected, uint64_t max_digits);

/* Counts the models of the DIMACS file at `path` (plain or gzip) by the
 * convention into `count`, with the engines and the automatic choice of
 * `solve FILE --count`: the probe of nqsat/engine_choice.h picks the
 * component counter, or else the enumeration runs watched by the
 * counter's trials (the hedge), so whatever that command counts, this
 * counts in about the same time. The component counter's cache is bounded
 * by `max_memory` bytes (0: half of physical RAM, as solve's default).
 * `control` (may be NULL) holds the time limit and stop flag. Returns
 * NQ_OK; NQ_ERR_INTERRUPTED when the time limit or the flag ended it; or
 * another status with the reason in `why`. `engine` (may be NULL) receives
 * "components" or "enumeration": which engine counted. */
/* The formula every engine counts for `solve FILE --count` and the
 * judge: `*cnf` simplified by the component counter's preprocessing
 * (units, failed and equivalent literals, elimination of non-projected
 * variables, then the CDCL solver's strengthening, sparsification and
 * elimination of defined variables; nq_cnf_count_simplify_deep, stopped
 * early by `control`'s time limit or flag), kept only when that removes at least
 * a quarter of the variables (see cmd_solve.c's simplify_for_count for
 * why). Not for nqsat's own N-Queens files (their board symmetry needs the
 * queens' variables). On return `done` says what happened: `replaced`
 * (*cnf was freed and replaced; its count times 2^doubling is the
 * original's), `no_models`, and the sizes before and after. `unkept`
 * (may be NULL) receives the simplified formula when it was not kept
 * (else NULL; the caller frees it): it has a model exactly when *cnf has,
 * so satisfiability can be decided on it. */
typedef struct count_simplification {
  int replaced, no_models;
  uint64_t doubling;
  int variables_before, variables_after;
  int64_t clauses_before, clauses_after;
  nq_simplify_stats cdcl; /* what the CDCL solver's steps did */
} count_simplification;
void model_count_simplify(nq_cnf **cnf, const nq_solver_control *control,
                          count_simplification *done, nq_cnf **unkept);

nq_status model_count_file(const char *path, const nq_solver_control *control, uint64_t max_memory,
                           model_count *count, const char **engine, char *why, size_t why_size);

#endif
