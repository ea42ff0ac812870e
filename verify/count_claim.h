/* Private to verify/: recognising the lines by which solvers and counters
 * claim how many solutions or models there are, for both readers
 * (solution_reader.c for `check N`, answer_reader.c for `check
 * --instance`). The claim type itself is public: nq_count_claim in
 * nqsat/verify.h. */
#ifndef NQSAT_VERIFY_COUNT_CLAIM_H
#define NQSAT_VERIFY_COUNT_CLAIM_H

#include "nqsat/verify.h"

/* When `text` (a line without its newline, leading blanks skipped) claims
 * a complete count, records it in `claim` (the first claim; a later one
 * with another number sets conflict_line) and returns 1; returns 0 for any
 * other line, -1 when out of memory. Forms:
 *   "s SOLUTIONS K"           picosat --all
 *   "c K models" / "c 1 model" nqsat solve FILE --all (not when followed by
 *                             "(incomplete enumeration)")
 *   "s mc K", "s pmc K"       Model Counting Competition 2020
 *   "c s exact ... int K"     Model Counting Competition 2021-2024 */
int count_claim_read_line(nq_count_claim *claim, const char *text, long line);

/* Records the count written by the first `length` bytes of `number` in
 * the form `form` (a static string; "K" for nqsat solve --count's bare
 * number, a count by the model-counting convention), as
 * count_claim_read_line does. */
int count_claim_record(nq_count_claim *claim, const char *form, const char *number, size_t length,
                       long line);

/* When `text` is nqsat solve --count's answer line, a whole number,
 * "M*2^K" or "2^K", optionally followed by " (incomplete: REASON)" (a
 * count cut short: a lower bound, claim->incomplete set), records it as
 * the form "K" and returns 1; 0 for any other line, -1 when out of
 * memory. */
int count_claim_read_bare(nq_count_claim *claim, const char *text, long line);

#endif
