/* Exact formula size in closed form: the formula is a sum over lines, and
 * each encoding's scheme knows its size for a line of length L (amo.h), so the
 * header's "p cnf V C" costs O(N log N) arithmetic instead of a dry run.
 * tests/test_encoder_sizes.c checks every formula against the clauses the
 * generators actually emit. */
#include <limits.h>
#include <string.h>

#include "csp.h"
#include "family.h"

static amo_size line_size(const nq_encoding *encoding, int64_t length) {
  if (length < 2)
    return (amo_size){0, 0, 0};
  const amo_scheme *scheme = amo_scheme_of(encoding->amo);
  return scheme ? scheme->size(encoding, length) : (amo_size){0, 0, 0};
}

static void add_times(amo_size *total, const amo_size *part, int64_t times) {
  total->auxiliaries += times * part->auxiliaries;
  total->clauses += times * part->clauses;
  total->literals += times * part->literals;
}

nq_status nq_encoder_measure(const nq_encoding *encoding, nq_formula_size *size) {
  memset(size, 0, sizeof *size);
  nq_status status = nq_encoder_check(encoding, NULL, 0);
  if (status != NQ_OK)
    return status;
  if (encoding->problem != NQ_PROBLEM_QUEENS)
    return measure_family_formula(encoding, size);
  if (encoding->model == NQ_MODEL_ROWS)
    return measure_rows_formula(encoding, size);
  int64_t n = encoding->n;
  int64_t units = (int64_t)encoding->placed_count + encoding->blocked_count;
  amo_size total = {0, units, units};
  int64_t at_least_one_lines = n + (encoding->redundant ? n : 0);
  total.clauses += at_least_one_lines;
  total.literals += at_least_one_lines * n;
  amo_size full_line = line_size(encoding, n);
  add_times(&total, &full_line, 2 * n); /* rows and columns */
  /* Each direction has one diagonal of length n and two of every shorter
   * length. */
  add_times(&total, &full_line, 2);
  for (int64_t length = 2; length < n; length++) {
    amo_size line = line_size(encoding, length);
    add_times(&total, &line, 4);
  }
  size->variables = n * n + total.auxiliaries;
  size->clauses = total.clauses;
  size->literals = total.literals;
  if (size->variables > INT_MAX)
    return NQ_ERR_ARGUMENT;
  return NQ_OK;
}
