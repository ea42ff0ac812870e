/* How solutions look on the terminal. */
#include "cli.h"

void print_board(FILE *out, const int *columns, int n) {
  for (int row = 0; row < n; row++) {
    for (int column = 0; column < n; column++) {
      fputc(column == columns[row] ? 'Q' : '.', out);
      fputc(column + 1 < n ? ' ' : '\n', out);
    }
  }
}

void print_vector(FILE *out, const int *columns, int n) {
  for (int row = 0; row < n; row++)
    fprintf(out, row + 1 < n ? "%d " : "%d\n", columns[row] + 1);
}
