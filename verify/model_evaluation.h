/* Private to verify/: every model of an answer evaluated on the clauses or
 * constraints of the instance file, as the SAT competition's checker does
 * (an unassigned variable satisfies no literal). */
#ifndef NQSAT_VERIFY_MODEL_EVALUATION_H
#define NQSAT_VERIFY_MODEL_EVALUATION_H

#include <stddef.h>

#include "nqsat/answer.h"

/* Streams the formula at `path` once and sets violation[m] to the first
 * clause or constraint model m does not satisfy (a string the caller frees),
 * or leaves it NULL (the caller zeroes the array, one entry per model: most
 * models satisfy everything, so only the refuted ones cost a string).
 * Returns NQ_OK, the error of reading the formula (message in `error`), or
 * NQ_ERR_MEMORY. */
nq_status evaluate_models(const char *path, const nq_answer *answer, char **violation, char *error,
                          size_t error_size);

/* The same pass that also sets occurs[v] to 1 for every variable v in a
 * clause or constraint (`occurs` has answer->variables + 1 bytes, zeroed
 * by the caller); NULL `occurs` is evaluate_models. */
nq_status evaluate_models_marking(const char *path, const nq_answer *answer, char **violation,
                                  unsigned char *occurs, char *error, size_t error_size);

#endif
