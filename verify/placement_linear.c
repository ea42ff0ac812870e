/* The O(n) checker: every column and both diagonal directions get an
 * occupancy array of the row that holds them, so a conflict is found when a
 * queen lands on an occupied line, and it can be named. Meant for
 * placements far too large for the pairwise checker in placement.c. */
#include <stdio.h>
#include <stdlib.h>

#include "nqsat/verify.h"

int nq_verify_check_placement_linear(const int *columns, int n, char *why, size_t why_size) {
  if (n < 1)
    return 0;
  /* Row + 1 of the queen occupying each line, 0 when free. The diagonals
   * are indexed by row + column and by row - column + n - 1. */
  size_t lines = (size_t)n + 2 * (2 * (size_t)n - 1);
  int *holder = calloc(lines, sizeof *holder);
  if (!holder)
    return -1;
  int *column_holder = holder, *sum_holder = holder + n,
      *difference_holder = sum_holder + 2 * n - 1;
  int valid = 1;
  for (int row = 0; row < n && valid; row++) {
    int column = columns[row];
    if (column < 0 || column >= n) {
      if (why)
        snprintf(why, why_size, "row %d: column %d is outside 1..%d", row + 1, column + 1, n);
      valid = 0;
      break;
    }
    int *slots[3] = {&column_holder[column], &sum_holder[row + column],
                     &difference_holder[row - column + n - 1]};
    static const char *const line_names[3] = {"column", "diagonal", "diagonal"};
    for (int line = 0; line < 3; line++) {
      if (*slots[line]) {
        int other = *slots[line] - 1;
        if (why)
          snprintf(why, why_size, "queens at row %d column %d and row %d column %d share a %s",
                   other + 1, columns[other] + 1, row + 1, column + 1, line_names[line]);
        valid = 0;
        break;
      }
      *slots[line] = row + 1;
    }
  }
  free(holder);
  return valid;
}
