/* Private to cli/: the truth about a formula without a board (a DIMACS
 * file nqsat did not write, read by nq_instance_read_formula), for `check
 * --instance` to judge count claims against. The verifier has no search
 * for arbitrary formulas and must not use the solver, so the count is
 * nqsat's own, made here with the solver library exactly as `solve FILE
 * --count` makes it (split, symmetry, the native engine; the
 * model-counting convention of model_count.h), within a time limit. */
#ifndef NQSAT_FORMULA_TRUTH_H
#define NQSAT_FORMULA_TRUTH_H

#include "nqsat/answer.h"
#include "nqsat/solver.h"

/* The count is written in decimal for the judge up to this many digits
 * (a megabyte); a longer one is left unknown, with the reason. */
#define FORMULA_TRUTH_MAX_DIGITS 1000000

typedef struct formula_truth {
  const char *path;          /* borrowed */
  nq_solver_control control; /* time limit and stop flag of the count */
  nq_instance_truth truth;
  int computed;
  int interrupted; /* the stop flag, not the time limit, ended the count */
} formula_truth;

/* An nq_truth_source: counts on first use. When the count cannot be made
 * (the time limit, a file the solver cannot read) the truth is returned
 * with status 0 and `unknown_why` saying why, so verdicts can name it. */
const nq_instance_truth *formula_truth_source(void *formula_truth);
void formula_truth_clear(formula_truth *truth);

#endif
