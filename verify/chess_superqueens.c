/* Super-queens (queen and knight moves) by bitmask backtracking (OEIS
 * A051223). The queen's lines are the usual column and diagonal masks; the
 * knight adds, from the queen one row up, the columns two to either side,
 * and from the queen two rows up, the columns one to either side. The
 * mirror image of a solution is a solution, so the first row's queen runs
 * over the left half and counts twice (the middle column of an odd board
 * once). Jobs are the first two rows' columns. */
#include "chess_jobs.h"
#include "nqsat/chess.h"

typedef struct super_board {
  int n;
  uint32_t all;
} super_board;

static uint64_t count_rows(const super_board *board, int row, uint32_t columns, uint32_t left,
                           uint32_t right, uint32_t previous, uint32_t before_previous) {
  if (row == board->n)
    return 1;
  uint32_t knight =
      (previous << 2) | (previous >> 2) | (before_previous << 1) | (before_previous >> 1);
  uint32_t free_squares = board->all & ~(columns | left | right | knight);
  uint64_t count = 0;
  while (free_squares) {
    uint32_t queen = free_squares & (0u - free_squares);
    free_squares ^= queen;
    count += count_rows(board, row + 1, columns | queen, ((left | queen) << 1) & board->all,
                        (right | queen) >> 1, queen, previous);
  }
  return count;
}

/* Job c0*n + c1: row 0's queen in column c0 (left half), row 1's in c1. */
static uint64_t count_job(const void *context, int job) {
  const super_board *board = context;
  int n = board->n, first_column = job / n, second_column = job % n;
  uint32_t first = 1u << first_column;
  uint32_t left = (first << 1) & board->all, right = first >> 1;
  uint32_t blocked = first | left | right | (first << 2) | (first >> 2);
  uint32_t second = 1u << second_column;
  if (second & blocked)
    return 0;
  uint64_t count = count_rows(board, 2, first | second, ((left | second) << 1) & board->all,
                              (right | second) >> 1, second, first);
  return 2 * first_column + 1 == n ? count : 2 * count;
}

nq_status nq_chess_count_superqueens(int n, int threads, uint64_t *count) {
  if (n < 1 || n > NQ_CHESS_MAX_COUNT_N || threads < 1)
    return NQ_ERR_ARGUMENT;
  if (n == 1) {
    *count = 1;
    return NQ_OK;
  }
  super_board board = {n, n == 32 ? 0xffffffffu : (1u << n) - 1};
  int half = (n + 1) / 2;
  return chess_run_jobs(count_job, &board, half * n, threads, count);
}
