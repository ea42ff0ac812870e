/* What the variables of a formula mean, for readers who see clauses rather
 * than boards (the teaching page): the numbering of nqsat/encoder.h in
 * words, and the clause "no queen on this square" each encoding writes for
 * a blocked square. */
#include <stdio.h>

#include "csp.h"

int nq_encoder_variable_meaning(const nq_encoding *encoding, int variable, char *text,
                                size_t size) {
  int n = encoding->n;
  if (encoding->model != NQ_MODEL_ROWS) {
    if (variable < 1 || variable > n * n)
      return -1; /* auxiliary, or not a variable */
    int row = (variable - 1) / n, column = (variable - 1) % n;
    snprintf(text, size, "x(%d,%d): a queen on row %d, column %d", row + 1, column + 1, row + 1,
             column + 1);
    return 0;
  }
  const csp_scheme *scheme = csp_scheme_of(encoding->csp);
  int width = scheme ? scheme->width(n) : 0;
  if (variable < 1 || variable > n * width)
    return -1;
  int row = (variable - 1) / width, k = (variable - 1) % width;
  switch (encoding->csp) {
  case NQ_CSP_DIRECT:
  case NQ_CSP_SUPPORT:
    snprintf(text, size, "x(%d,%d): q_%d = %d, the queen of row %d in column %d", row + 1, k + 1,
             row + 1, k + 1, row + 1, k + 1);
    break;
  case NQ_CSP_ORDER:
    snprintf(text, size, "p(%d,%d): q_%d <= %d, the queen of row %d in column %d or left of it",
             row + 1, k + 1, row + 1, k + 1, row + 1, k + 1);
    break;
  default:
    snprintf(text, size, "b(%d,%d): bit %d (weight %d) of q_%d - 1", row + 1, k, k, 1 << k,
             row + 1);
    break;
  }
  return 0;
}

int nq_encoder_square_clause(const nq_encoding *encoding, int row, int column, int *literals) {
  if (encoding->model != NQ_MODEL_ROWS) {
    literals[0] = -(row * encoding->n + column + 1);
    return 1;
  }
  const csp_scheme *scheme = csp_scheme_of(encoding->csp);
  return scheme ? scheme->exclude(encoding->n, row, column, literals) : 0;
}
