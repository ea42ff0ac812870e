/* Private to verify/: every model of an answer evaluated on the clauses or
 * constraints of the instance file, as the SAT competition's checker does
 * (an unassigned variable satisfies no literal). */
#ifndef NQSAT_VERIFY_MODEL_EVALUATION_H
#define NQSAT_VERIFY_MODEL_EVALUATION_H

#include <stddef.h>

#include "nqsat/answer.h"

/* Streams the formula at `path` once and writes into violation[m] the
 * first clause or constraint model m does not satisfy, or leaves it ""
 * (the caller zeroes the array, one entry per model). Returns NQ_OK, the
 * error of reading the formula (message in `error`), or NQ_ERR_MEMORY. */
nq_status evaluate_models(const char *path, const nq_answer *answer, char (*violation)[160],
                          char *error, size_t error_size);

#endif
