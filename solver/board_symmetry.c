/* The board's symmetries. A placement maps the queen at (r, c) to one of
 * (r, c), (r, n-1-c), (n-1-r, c), (n-1-r, n-1-c) and their transposes;
 * since a solution has one queen per row and per column, every image is
 * again a placement with one queen per row. */
#include <stddef.h>

#include "board_symmetry.h"

void board_symmetry_square(int which, int n, int row, int column, int *image_row,
                           int *image_column) {
  int flip_rows = which & 1, flip_columns = (which >> 1) & 1, transpose = which >> 2;
  int r = flip_rows ? n - 1 - row : row;
  int c = flip_columns ? n - 1 - column : column;
  *image_row = transpose ? c : r;
  *image_column = transpose ? r : c;
}

void board_symmetry_apply(int which, const int *columns, int n, int *image) {
  for (int row = 0; row < n; row++) {
    int image_row, image_column;
    board_symmetry_square(which, n, row, columns[row], &image_row, &image_column);
    image[image_row] = image_column;
  }
}

static int compare_placements(const int *a, const int *b, int n) {
  for (int row = 0; row < n; row++)
    if (a[row] != b[row])
      return a[row] < b[row] ? -1 : 1;
  return 0;
}

int board_symmetry_orbit(const int *columns, int n, int *images) {
  int count = 0;
  for (int which = 0; which < BOARD_SYMMETRIES; which++) {
    int *candidate = images + (size_t)count * (size_t)n;
    board_symmetry_apply(which, columns, n, candidate);
    int duplicate = 0;
    for (int seen = 0; seen < count && !duplicate; seen++)
      duplicate = !compare_placements(candidate, images + (size_t)seen * (size_t)n, n);
    if (!duplicate)
      count++;
  }
  /* Bring the smallest (the canonical representative) to the front. */
  int smallest = 0;
  for (int i = 1; i < count; i++)
    if (compare_placements(images + (size_t)i * (size_t)n, images + (size_t)smallest * (size_t)n,
                           n) < 0)
      smallest = i;
  for (int row = 0; smallest && row < n; row++) {
    int *a = images + row, *b = images + (size_t)smallest * (size_t)n + row;
    int swap = *a;
    *a = *b;
    *b = swap;
  }
  return count;
}
