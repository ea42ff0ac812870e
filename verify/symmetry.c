/* Symmetry classes of placements: the 8 images of a board under the
 * dihedral group of the square, computed directly from the coordinates
 * (queen (r, c) goes to (c, n-1-r) under a quarter turn, and so on), with
 * no shortcut shared with the counter in count_classes.c. */
#include <stdlib.h>
#include <string.h>

#include "nqsat/verify.h"

/* Image number `which` of the placement: new_columns[new_row] for every
 * queen (row, columns[row]). */
static void image(const int *columns, int n, int which, int *out) {
  for (int row = 0; row < n; row++) {
    int column = columns[row], last = n - 1;
    switch (which) {
    case 0: out[row] = column; break;                /* identity */
    case 1: out[column] = last - row; break;         /* quarter turn */
    case 2: out[last - row] = last - column; break;  /* half turn */
    case 3: out[last - column] = row; break;         /* three-quarter turn */
    case 4: out[row] = last - column; break;         /* mirror left-right */
    case 5: out[last - row] = column; break;         /* mirror top-bottom */
    case 6: out[column] = row; break;                /* main diagonal */
    default: out[last - column] = last - row; break; /* anti-diagonal */
    }
  }
}

static int is_permutation(const int *columns, int n, unsigned char *seen) {
  memset(seen, 0, (size_t)n);
  for (int row = 0; row < n; row++) {
    if (columns[row] < 0 || columns[row] >= n || seen[columns[row]])
      return 0;
    seen[columns[row]] = 1;
  }
  return 1;
}

int nq_verify_canonical(const int *columns, int n, int *canonical) {
  if (n < 1)
    return 0;
  /* 8 images plus a byte map: on the stack up to NQ_VERIFY_MAX_N (verify
   * reduces every SAT solution, hundreds of thousands a table, and an
   * allocation each cost as much as the reduction), else one allocation. */
  enum { STACK_N = NQ_VERIFY_MAX_N };
  _Alignas(int) unsigned char on_stack[8 * STACK_N * sizeof(int) + STACK_N];
  size_t images_size = 8 * (size_t)n * sizeof(int);
  unsigned char *memory = n <= STACK_N ? on_stack : malloc(images_size + (size_t)n);
  if (!memory)
    return -1;
  int *images = (int *)(void *)memory;
  int size = 0;
  if (is_permutation(columns, n, memory + images_size)) {
    int best = 0;
    for (int which = 0; which < 8; which++) {
      int *mine = images + (size_t)which * (size_t)n;
      image(columns, n, which, mine);
      int duplicate = 0;
      for (int other = 0; other < which && !duplicate; other++)
        duplicate = !memcmp(mine, images + (size_t)other * (size_t)n, (size_t)n * sizeof(int));
      if (duplicate)
        continue;
      size++;
      const int *current = images + (size_t)best * (size_t)n;
      for (int i = 0; i < n; i++) {
        if (mine[i] != current[i]) {
          if (mine[i] < current[i])
            best = which;
          break;
        }
      }
    }
    memcpy(canonical, images + (size_t)best * (size_t)n, (size_t)n * sizeof(int));
  }
  if (memory != on_stack)
    free(memory);
  return size;
}
