/* join_symmetric.c - solutions fixed by a half turn or a quarter turn (see
 * join_symmetric.h). Both searches place a whole orbit of queens at once:
 * a half-turn solution is fixed by its top rows (queen (r, c) brings
 * (n-1-r, n-1-c)); a quarter-turn solution by one queen per orbit of four
 * cells. For odd n the centre must hold a queen (the turn fixes its row and
 * column). At n = 21 both take about 0.3 s together. */
#include "join_symmetric.h"

#include <stddef.h>

typedef struct symmetric_board {
  int n;
  uint32_t rows, cols;
  uint64_t anti, diag; /* r + c and r - c + n - 1 */
  const volatile sig_atomic_t *stop;
  int stopped;
} symmetric_board;

/* Places (r, c) if nothing attacks it; returns 0 when it cannot. */
static int place(symmetric_board *b, int r, int c) {
  uint64_t a = 1ull << (r + c), d = 1ull << (r - c + b->n - 1);
  if ((b->rows >> r & 1) || (b->cols >> c & 1) || (b->anti & a) || (b->diag & d))
    return 0;
  b->rows |= 1u << r, b->cols |= 1u << c, b->anti |= a, b->diag |= d;
  return 1;
}

static int stop_now(symmetric_board *b) {
  if (b->stop && *b->stop)
    b->stopped = 1;
  return b->stopped;
}

static uint64_t half_turn(symmetric_board *b, int r) {
  int n = b->n;
  if (r == n / 2)
    return 1;
  if (r < 3 && stop_now(b))
    return 0;
  uint64_t total = 0;
  for (int c = 0; c < n; c++) {
    symmetric_board next = *b;
    if (place(&next, r, c) && place(&next, n - 1 - r, n - 1 - c))
      total += half_turn(&next, r + 1);
    b->stopped |= next.stopped;
  }
  return total;
}

static uint64_t quarter_turn(symmetric_board *b) {
  int n = b->n;
  uint32_t all = (n == 32) ? ~0u : (1u << n) - 1;
  if (b->rows == all)
    return 1;
  int r = __builtin_ctz(~b->rows);
  if (r < 3 && stop_now(b))
    return 0;
  uint64_t total = 0;
  for (int c = 0; c < n; c++) {
    symmetric_board next = *b;
    /* The orbit of (r, c) under the quarter turn (r, c) -> (c, n-1-r). */
    if (place(&next, r, c) && place(&next, c, n - 1 - r) && place(&next, n - 1 - r, n - 1 - c) &&
        place(&next, n - 1 - c, r))
      total += quarter_turn(&next);
    b->stopped |= next.stopped;
  }
  return total;
}

int join_count_symmetric(int n, const volatile sig_atomic_t *stop, uint64_t *half,
                         uint64_t *quarter) {
  symmetric_board start = {.n = n, .stop = stop};
  if (n % 2)
    place(&start, n / 2, n / 2);
  symmetric_board b = start;
  *half = half_turn(&b, 0);
  int stopped = b.stopped;
  b = start;
  /* A quarter-turn solution needs n = 4k or 4k + 1: the other cells fall
   * into orbits of four, one queen each, in n rows. */
  *quarter = (n % 4 == 0 || n % 4 == 1) ? quarter_turn(&b) : 0;
  stopped |= b.stopped;
  return stopped ? -1 : 0;
}
