/* Toroidal N-Queens by bitmask backtracking (OEIS A051906).
 *
 * On the torus a diagonal is a residue of r - c (or r + c) modulo n, so the
 * diagonal masks rotate by one column from row to row instead of shifting
 * off the board. Shifting every queen one column to the right (modulo n)
 * maps solutions to solutions, so the count is n times the number of
 * solutions with the first row's queen in column 0 (Rivin, Vardi &
 * Zimmermann, "The n-queens problem", Amer. Math. Monthly 101, 1994, use the
 * same translation). Jobs are the second row's columns. */
#include "chess_jobs.h"
#include "nqsat/chess.h"

typedef struct torus {
  int n;
  uint32_t all; /* the n column bits */
} torus;

static uint32_t rotate_left(const torus *board, uint32_t bits) {
  return ((bits << 1) | (bits >> (board->n - 1))) & board->all;
}

static uint32_t rotate_right(const torus *board, uint32_t bits) {
  return ((bits >> 1) | (bits << (board->n - 1))) & board->all;
}

static uint64_t count_rows(const torus *board, int row, uint32_t columns, uint32_t down,
                           uint32_t up) {
  if (row == board->n)
    return 1;
  uint64_t count = 0;
  uint32_t free_squares = board->all & ~(columns | down | up);
  while (free_squares) {
    uint32_t queen = free_squares & (0u - free_squares);
    free_squares ^= queen;
    count += count_rows(board, row + 1, columns | queen, rotate_left(board, down | queen),
                        rotate_right(board, up | queen));
  }
  return count;
}

/* Job j: queen of row 0 in column 0, queen of row 1 in column j. */
static uint64_t count_job(const void *context, int job) {
  const torus *board = context;
  uint32_t first = 1u, second = 1u << job;
  uint32_t down = rotate_left(board, first), up = rotate_right(board, first);
  if (second & (first | down | up))
    return 0;
  return count_rows(board, 2, first | second, rotate_left(board, down | second),
                    rotate_right(board, up | second));
}

nq_status nq_chess_count_toroidal(int n, int threads, uint64_t *count) {
  if (n < 1 || n > NQ_CHESS_MAX_COUNT_N || threads < 1)
    return NQ_ERR_ARGUMENT;
  if (n == 1) {
    *count = 1;
    return NQ_OK;
  }
  torus board = {n, n == 32 ? 0xffffffffu : (1u << n) - 1};
  uint64_t anchored = 0;
  nq_status status = chess_run_jobs(count_job, &board, n, threads, &anchored);
  *count = anchored * (uint64_t)n;
  return status;
}
