/* How solutions look on the terminal. */
#include "cli.h"

static int digits(int value) {
  int count = 1;
  while (value >= 10)
    value /= 10, count++;
  return count;
}

void print_numbered_board(FILE *out, const int *columns, int n) {
  int width = digits(n);
  fprintf(out, "%*s", width, "");
  for (int column = 0; column < n; column++)
    fprintf(out, " %*d", width, column + 1);
  fputc('\n', out);
  for (int row = 0; row < n; row++) {
    fprintf(out, "%*d", width, row + 1);
    for (int column = 0; column < n; column++)
      fprintf(out, " %*c", width, column == columns[row] ? 'Q' : '.');
    fputc('\n', out);
  }
}

void print_vector(FILE *out, const int *columns, int n) {
  for (int row = 0; row < n; row++)
    fprintf(out, row + 1 < n ? "%d " : "%d\n", columns[row] + 1);
}
