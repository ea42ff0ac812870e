/* The native solver: depth-first search over rows with bit masks for the
 * attacked columns and diagonals (the classic formulation; see M. Richards,
 * "Backtracking Algorithms in MCPL using Bit Patterns and Recursion", 1997).
 * Enumeration goes in lexicographic order of columns, lowest column first. */
#include "nqsat/verify.h"

typedef struct search {
  int n;
  uint32_t all_columns;
  int columns[NQ_VERIFY_MAX_N];
  nq_verify_solution_fn on_solution;
  void *context;
  int stopped;
} search;

static void place_row(search *state, int row, uint32_t columns, uint32_t left, uint32_t right) {
  if (row == state->n) {
    if (state->on_solution(state->context, state->columns, state->n))
      state->stopped = 1;
    return;
  }
  uint32_t free_squares = state->all_columns & ~(columns | left | right);
  while (free_squares && !state->stopped) {
    uint32_t bit = free_squares & (0u - free_squares);
    free_squares ^= bit;
    state->columns[row] = __builtin_ctz(bit);
    place_row(state, row + 1, columns | bit, (left | bit) << 1, (right | bit) >> 1);
  }
}

static uint32_t column_mask(int n) { return n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1; }

nq_status nq_verify_enumerate(int n, nq_verify_solution_fn on_solution, void *context) {
  if (n < 1 || n > NQ_VERIFY_MAX_N)
    return NQ_ERR_ARGUMENT;
  search state = {
      .n = n, .all_columns = column_mask(n), .on_solution = on_solution, .context = context};
  place_row(&state, 0, 0, 0, 0);
  return state.stopped ? NQ_ERR_STOPPED : NQ_OK;
}

/* Counting needs no placement, so it uses the mirror symmetry of the first
 * row: a solution with the first queen in column c mirrors to one with it in
 * column n-1-c. Count the left half twice, and the middle column once. */
static uint64_t count_below(uint32_t all, uint32_t columns, uint32_t left, uint32_t right) {
  if (columns == all)
    return 1;
  uint64_t total = 0;
  uint32_t free_squares = all & ~(columns | left | right);
  while (free_squares) {
    uint32_t bit = free_squares & (0u - free_squares);
    free_squares ^= bit;
    total += count_below(all, columns | bit, ((left | bit) << 1) & all, (right | bit) >> 1);
  }
  return total;
}

nq_status nq_verify_count(int n, uint64_t *total) {
  if (n < 1 || n > NQ_VERIFY_MAX_N)
    return NQ_ERR_ARGUMENT;
  uint32_t all = column_mask(n);
  uint64_t sum = 0;
  for (int column = 0; column < n / 2; column++) {
    uint32_t bit = UINT32_C(1) << column;
    sum += 2 * count_below(all, bit, (bit << 1) & all, bit >> 1);
  }
  if (n % 2) {
    uint32_t bit = UINT32_C(1) << (n / 2);
    sum += count_below(all, bit, (bit << 1) & all, bit >> 1);
  }
  *total = sum;
  return NQ_OK;
}
