/* What a model counter printed, in the form the judge reads. Counters
 * print their count in several ways:
 *   c s exact arb int N      the Model Counting Competition since 2021
 *                            (ganak, SharpSAT-TD, nqsat --format mcc)
 *   s mc N, s pmc N          the competition of 2020
 *   s N                      d4 (d4v2's counter)
 *   # solutions / N / # END  sharpSAT (Thurley's, and its descendants)
 *   s UNSATISFIABLE          no model: 0
 * and `c s type mc|pmc` says what was counted. counter_output_normalise
 * writes those facts as competition lines (`c s type T`, one `c s exact
 * arb int N` per count found), which nq_answer_read reads, so a counter's
 * count is judged as `check --instance` judges one. */
#ifndef NQSAT_COUNTER_OUTPUT_H
#define NQSAT_COUNTER_OUTPUT_H

#include <stddef.h>

/* Reads `output_path` (a missing file is an empty output) and writes the
 * normalised answer to `answer_path`. Returns the number of counts found
 * (0: the counter gave none; the judge then says "no answer"), or -1 with
 * `error` when a file cannot be read or written. */
int counter_output_normalise(const char *output_path, const char *answer_path, char *error,
                             size_t error_size);

#endif
