/* The board's lines for the chessboard families (family.h): rows,
 * columns, then the two diagonal directions, plain or wrapped round the
 * torus, each a list of squares r*n + c. */
#include <stdlib.h>

#include "family.h"

int family_lines_make(int n, int toroidal, family_lines *lines) {
  int diagonals = toroidal ? n : 2 * n - 1;
  int line_count = 2 * n + 2 * diagonals;
  lines->squares = malloc((size_t)4 * n * n * sizeof *lines->squares);
  lines->start = malloc(((size_t)line_count + 1) * sizeof *lines->start);
  if (!lines->squares || !lines->start)
    return -1;
  int used = 0, line = 0;
  for (int direction = 0; direction < 4; direction++) {
    int per_direction = direction < 2 ? n : diagonals;
    for (int index = 0; index < per_direction; index++) {
      lines->start[line++] = used;
      for (int row = 0; row < n; row++)
        for (int column = 0; column < n; column++) {
          int on;
          if (direction == 0)
            on = row == index;
          else if (direction == 1)
            on = column == index;
          else if (toroidal)
            on = direction == 2 ? ((row - column) % n + n) % n == index
                                : (row + column) % n == index;
          else
            on = direction == 2 ? row - column + n - 1 == index : row + column == index;
          if (on)
            lines->squares[used++] = row * n + column;
        }
    }
  }
  lines->start[line] = used;
  lines->count = line_count;
  return 0;
}

void family_lines_free(family_lines *lines) {
  free(lines->squares);
  free(lines->start);
}

int family_closed_neighbourhood(int n, int square, int *squares) {
  /* Row by row, so the list comes out increasing: the whole own row,
   * elsewhere the column and the two diagonals' squares. */
  int length = 0, row = square / n, column = square % n;
  for (int r = 0; r < n; r++) {
    if (r == row) {
      for (int c = 0; c < n; c++)
        squares[length++] = r * n + c;
      continue;
    }
    int shift = abs(r - row), candidates[3] = {column - shift, column, column + shift};
    for (int i = 0; i < 3; i++)
      if (candidates[i] >= 0 && candidates[i] < n)
        squares[length++] = r * n + candidates[i];
  }
  return length;
}
