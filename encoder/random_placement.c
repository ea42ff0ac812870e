/* Random partial placements for completion instances.
 *
 * N-Queens completion (given some queens, complete the board) is
 * NP-complete: I. P. Gent, C. Jefferson and P. Nightingale, "Complexity of
 * n-Queens Completion", JAIR 59 (2017). Their generator places queens at
 * random so that none attacks another; the instance may then be
 * satisfiable or not. We do the same: pick a random free row, then a random
 * column among the squares of that row that no chosen queen attacks and
 * that are not blocked, and restart with fresh random numbers (up to a
 * fixed number of attempts) when some row has no such square left. */
#include <stdlib.h>
#include <string.h>

#include "nqsat/encoder.h"
#include "random.h"

/* Give up after this many attempts or after examining this many squares in
 * all, whichever comes first: greedy random placement of nearly N queens
 * almost never succeeds on a large board, and must not run for hours. */
enum { ATTEMPTS = 1000 };
static const int64_t SQUARE_BUDGET = 400000000;

typedef struct board_marks {
  int n;
  unsigned char *row, *column, *diagonal, *anti_diagonal; /* taken lines */
} board_marks;

static int free_square(const board_marks *marks, int row, int column) {
  return !marks->column[column] && !marks->diagonal[row - column + marks->n - 1] &&
         !marks->anti_diagonal[row + column];
}

static void take(board_marks *marks, nq_square square) {
  marks->row[square.row] = 1;
  marks->column[square.column] = 1;
  marks->diagonal[square.row - square.column + marks->n - 1] = 1;
  marks->anti_diagonal[square.row + square.column] = 1;
}

static int compare_squares(const void *left, const void *right) {
  const nq_square *a = left, *b = right;
  if (a->row != b->row)
    return a->row < b->row ? -1 : 1;
  return (a->column > b->column) - (a->column < b->column);
}

nq_status nq_encoder_random_queens(const nq_encoding *encoding, int count, uint64_t seed,
                                   nq_square *chosen) {
  nq_status status = nq_encoder_check(encoding, NULL, 0);
  if (status != NQ_OK)
    return status;
  int n = encoding->n;
  if (count < 0 || count > n - encoding->placed_count)
    return NQ_ERR_ARGUMENT;
  if (count == 0)
    return NQ_OK;
  size_t lines = 4 * (size_t)n + 2 * (2 * (size_t)n - 1);
  unsigned char *memory = malloc(lines);
  int *rows = malloc((size_t)n * sizeof *rows);
  int *candidates = malloc((size_t)n * sizeof *candidates);
  nq_square *blocked = NULL;
  if (encoding->blocked_count)
    blocked = malloc((size_t)encoding->blocked_count * sizeof *blocked);
  if (!memory || !rows || !candidates || (encoding->blocked_count && !blocked)) {
    free(memory);
    free(rows);
    free(candidates);
    free(blocked);
    return NQ_ERR_MEMORY;
  }
  if (blocked) {
    memcpy(blocked, encoding->blocked, (size_t)encoding->blocked_count * sizeof *blocked);
    qsort(blocked, (size_t)encoding->blocked_count, sizeof *blocked, compare_squares);
  }
  random_stream random = {seed};
  status = NQ_ERR_ARGUMENT;
  int64_t examined = 0;
  for (int attempt = 0; attempt < ATTEMPTS && status != NQ_OK && examined < SQUARE_BUDGET;
       attempt++) {
    memset(memory, 0, lines);
    board_marks marks = {n, memory, memory + n, memory + 2 * n, memory + 4 * n - 1};
    for (int i = 0; i < encoding->placed_count; i++)
      take(&marks, encoding->placed[i]);
    int free_rows = 0;
    for (int row = 0; row < n; row++)
      if (!marks.row[row])
        rows[free_rows++] = row;
    int placed = 0;
    while (placed < count && free_rows > 0) {
      int pick = (int)random_below(&random, (uint64_t)free_rows);
      int row = rows[pick];
      rows[pick] = rows[--free_rows];
      int options = 0;
      examined += n;
      for (int column = 0; column < n; column++) {
        nq_square square = {row, column};
        if (free_square(&marks, row, column) &&
            !(blocked && bsearch(&square, blocked, (size_t)encoding->blocked_count, sizeof square,
                                 compare_squares)))
          candidates[options++] = column;
      }
      if (!options)
        continue; /* this row stays empty; another row may take the queen */
      nq_square square = {row, candidates[random_below(&random, (uint64_t)options)]};
      take(&marks, square);
      chosen[placed++] = square;
    }
    if (placed == count)
      status = NQ_OK;
  }
  /* Rows in ascending order read better in the header. */
  if (status == NQ_OK)
    qsort(chosen, (size_t)count, sizeof *chosen, compare_squares);
  free(memory);
  free(rows);
  free(candidates);
  free(blocked);
  return status;
}
