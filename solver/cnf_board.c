/* Boards out of models of nqsat instances, for `nqsat solve FILE --board`:
 * the matrix model's queens, or the rows model's values under its CSP
 * encoding (numbering in nqsat/encoder.h). The verifier has its own
 * decoder (verify/model_decode.c); this one serves the solver's output. */
#include <stdio.h>

#include "nqsat/cnf.h"

static int truth(const signed char *values, int variables, int variable) {
  return variable >= 1 && variable <= variables && values[variable] == 1;
}

/* One true variable among `count` consecutive ones (one-hot). */
static int one_hot(const nq_cnf *cnf, const int *numbered, const signed char *values, int variables,
                   int row, int *column, char *why, size_t why_size) {
  int n = cnf->queens_n;
  *column = -1;
  for (int c = 0; c < n; c++) {
    if (!truth(values, variables, numbered[row * n + c]))
      continue;
    if (*column >= 0) {
      snprintf(why, why_size, "row %d has queens in columns %d and %d", row + 1, *column + 1,
               c + 1);
      return -1;
    }
    *column = c;
  }
  if (*column < 0) {
    snprintf(why, why_size, "row %d has no queen", row + 1);
    return -1;
  }
  return 0;
}

/* q <= a for a = 0..n-2 must be false up to some point and true after it. */
static int ladder(const nq_cnf *cnf, const signed char *values, int variables, int row, int *column,
                  char *why, size_t why_size) {
  int n = cnf->queens_n, width = cnf->rows_width;
  *column = n - 1;
  for (int a = 0; a < width; a++) {
    int at_most = truth(values, variables, cnf->rows_variables[row * width + a]);
    if (at_most && *column == n - 1)
      *column = a;
    else if (!at_most && *column < a) {
      snprintf(why, why_size, "row %d: q <= %d is true but q <= %d is false", row + 1, *column + 1,
               a + 1);
      return -1;
    }
  }
  return 0;
}

static int binary(const nq_cnf *cnf, const signed char *values, int variables, int row, int *column,
                  char *why, size_t why_size) {
  int width = cnf->rows_width, value = 0;
  for (int k = 0; k < width; k++)
    if (truth(values, variables, cnf->rows_variables[row * width + k]))
      value |= 1 << k;
  if (value >= cnf->queens_n) {
    snprintf(why, why_size, "row %d: its bits code %d, above N = %d", row + 1, value + 1,
             cnf->queens_n);
    return -1;
  }
  *column = value;
  return 0;
}

int nq_cnf_decode_board(const nq_cnf *cnf, const signed char *values, int variables, int *columns,
                        char *why, size_t why_size) {
  for (int row = 0; row < cnf->queens_n; row++) {
    int failed;
    if (!cnf->rows_variables)
      failed =
          one_hot(cnf, cnf->queen_variables, values, variables, row, &columns[row], why, why_size);
    else if (cnf->rows_csp == NQ_CSP_ORDER)
      failed = ladder(cnf, values, variables, row, &columns[row], why, why_size);
    else if (cnf->rows_csp == NQ_CSP_LOG)
      failed = binary(cnf, values, variables, row, &columns[row], why, why_size);
    else
      failed =
          one_hot(cnf, cnf->rows_variables, values, variables, row, &columns[row], why, why_size);
    if (failed)
      return -1;
  }
  return 0;
}
