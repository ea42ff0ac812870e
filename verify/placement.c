/* Checking a placement directly from the rules of chess, with no bit tricks
 * shared with the counter: if the two ever disagree, one of them is wrong. */
#include <stdio.h>

#include "nqsat/verify.h"

int nq_verify_check_placement(const int *columns, int n, char *why, size_t why_size) {
  for (int row = 0; row < n; row++) {
    if (columns[row] < 0 || columns[row] >= n) {
      if (why)
        snprintf(why, why_size, "row %d: column %d is outside 1..%d", row + 1, columns[row] + 1, n);
      return 0;
    }
  }
  for (int row = 0; row < n; row++) {
    for (int other = row + 1; other < n; other++) {
      int column_gap = columns[other] - columns[row];
      int row_gap = other - row;
      const char *attack = column_gap == 0                                   ? "column"
                           : column_gap == row_gap || column_gap == -row_gap ? "diagonal"
                                                                             : NULL;
      if (attack) {
        if (why)
          snprintf(why, why_size, "queens at row %d column %d and row %d column %d share a %s",
                   row + 1, columns[row] + 1, other + 1, columns[other] + 1, attack);
        return 0;
      }
    }
  }
  return 1;
}

int nq_verify_decode_model(int n, int (*is_true)(void *context, int variable), void *context,
                           int *columns, char *why, size_t why_size) {
  for (int row = 0; row < n; row++) {
    columns[row] = -1;
    for (int column = 0; column < n; column++) {
      if (!is_true(context, row * n + column + 1))
        continue;
      if (columns[row] >= 0) {
        if (why)
          snprintf(why, why_size, "row %d has queens in columns %d and %d", row + 1,
                   columns[row] + 1, column + 1);
        return -1;
      }
      columns[row] = column;
    }
    if (columns[row] < 0) {
      if (why)
        snprintf(why, why_size, "row %d has no queen", row + 1);
      return -1;
    }
  }
  return 0;
}
