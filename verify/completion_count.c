/* Counting the completions of a partial board.
 *
 * Rows that hold a placed queen are done; every other row keeps a 64-bit
 * mask of the columns still open to it (not blocked, not attacked by any
 * queen on the board). The search fills next the open row with the fewest
 * open squares (Haralick and Elliott's "most constrained variable" rule,
 * Artificial Intelligence 14, 1980) and, after each queen, removes the
 * squares it attacks from every open row below in the search (forward
 * checking). A branch is abandoned as soon as an open row has no square or
 * an empty column can no longer be reached by any open row, since a board
 * needs one queen in every row and every column. When one row is left, its
 * open squares are all completions.
 *
 * This is a different search from the class counter's (no symmetry, any
 * row order, explicit masks per row), so on an empty board it is a third
 * opinion on A000170; the unit test checks it against brute force with
 * placed and blocked squares. */
#include <string.h>

#include "nqsat/verify.h"

typedef struct completion_search {
  int n;
  uint64_t node_limit;
  int first_only;
  const volatile sig_atomic_t *stop;
  int *first_columns;
  int columns[NQ_VERIFY_COMPLETION_MAX_N]; /* the board being built */
  uint64_t count, nodes;
  int found, gave_up, interrupted;
} completion_search;

static int bit_count(uint64_t mask) { return __builtin_popcountll(mask); }

static int lowest_bit(uint64_t mask) { return __builtin_ctzll(mask); }

/* `rows[0..open-1]` are the open rows, `masks[i]` the open columns of
 * rows[i]; `free_columns` the columns with no queen yet. */
static void search(completion_search *state, const int *rows, const uint64_t *masks, int open,
                   uint64_t free_columns) {
  if (state->gave_up)
    return;
  if (state->stop && *state->stop) {
    state->gave_up = state->interrupted = 1;
    return;
  }
  int best = 0;
  for (int i = 1; i < open; i++)
    if (bit_count(masks[i]) < bit_count(masks[best]))
      best = i;
  uint64_t choices = masks[best];
  if (open == 1) {
    if (!choices)
      return;
    if (!state->found && state->first_columns) {
      memcpy(state->first_columns, state->columns, (size_t)state->n * sizeof *state->columns);
      state->first_columns[rows[0]] = lowest_bit(choices);
    }
    state->found = 1;
    state->count += (uint64_t)bit_count(choices);
    state->nodes += (uint64_t)bit_count(choices);
    if (state->first_only)
      state->gave_up = 1;
    return;
  }
  int row = rows[best];
  int next_rows[NQ_VERIFY_COMPLETION_MAX_N];
  uint64_t next_masks[NQ_VERIFY_COMPLETION_MAX_N];
  while (choices && !state->gave_up) {
    int column = lowest_bit(choices);
    choices &= choices - 1;
    if (state->node_limit && state->nodes >= state->node_limit) {
      state->gave_up = 1;
      return;
    }
    state->nodes++;
    state->columns[row] = column;
    uint64_t still_free = free_columns & ~(UINT64_C(1) << column);
    uint64_t reachable = 0;
    int kept = 0, dead = 0;
    for (int i = 0; i < open && !dead; i++) {
      if (i == best)
        continue;
      int distance = rows[i] - row;
      uint64_t attacked = UINT64_C(1) << column;
      if (column + distance >= 0 && column + distance < 64)
        attacked |= UINT64_C(1) << (column + distance);
      if (column - distance >= 0 && column - distance < 64)
        attacked |= UINT64_C(1) << (column - distance);
      uint64_t mask = masks[i] & ~attacked;
      dead = mask == 0;
      reachable |= mask;
      next_rows[kept] = rows[i];
      next_masks[kept++] = mask;
    }
    if (!dead && (reachable & still_free) == still_free)
      search(state, next_rows, next_masks, kept, still_free);
  }
  state->columns[row] = -1;
}

/* Whether two different squares share a row, column or diagonal (a square
 * given twice is one requirement, not two queens). */
static int attacks(nq_verify_square a, nq_verify_square b) {
  int row_gap = a.row - b.row, column_gap = a.column - b.column;
  if (!row_gap && !column_gap)
    return 0;
  return a.row == b.row || a.column == b.column || row_gap == column_gap || row_gap == -column_gap;
}

nq_status nq_verify_count_completions(const nq_completion_problem *problem, int *first_columns,
                                      nq_completion_result *result) {
  memset(result, 0, sizeof *result);
  int n = problem->n;
  if (n < 1 || n > NQ_VERIFY_COMPLETION_MAX_N || problem->placed_count < 0 ||
      problem->blocked_count < 0 || (problem->placed_count && !problem->placed) ||
      (problem->blocked_count && !problem->blocked))
    return NQ_ERR_ARGUMENT;
  for (int i = 0; i < problem->placed_count + problem->blocked_count; i++) {
    nq_verify_square s = i < problem->placed_count ? problem->placed[i]
                                                   : problem->blocked[i - problem->placed_count];
    if (s.row < 0 || s.row >= n || s.column < 0 || s.column >= n)
      return NQ_ERR_ARGUMENT;
  }
  completion_search state;
  memset(&state, 0, sizeof state);
  state.n = n;
  state.node_limit = problem->node_limit;
  state.first_only = problem->first_only;
  state.stop = problem->stop;
  state.first_columns = first_columns;
  for (int row = 0; row < n; row++)
    state.columns[row] = -1;

  uint64_t all = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
  uint64_t masks[NQ_VERIFY_COMPLETION_MAX_N];
  for (int row = 0; row < n; row++)
    masks[row] = all;
  uint64_t free_columns = all;
  int impossible = 0;
  for (int i = 0; i < problem->placed_count; i++) {
    nq_verify_square queen = problem->placed[i];
    for (int j = 0; j < i; j++)
      if (attacks(queen, problem->placed[j]))
        impossible = 1; /* two placed queens attack each other */
    for (int j = 0; j < problem->blocked_count; j++)
      if (queen.row == problem->blocked[j].row && queen.column == problem->blocked[j].column)
        impossible = 1;
    state.columns[queen.row] = queen.column;
    free_columns &= ~(UINT64_C(1) << queen.column);
    for (int row = 0; row < n; row++) {
      int distance = row - queen.row;
      masks[row] &= ~(UINT64_C(1) << queen.column);
      if (queen.column + distance >= 0 && queen.column + distance < n)
        masks[row] &= ~(UINT64_C(1) << (queen.column + distance));
      if (queen.column - distance >= 0 && queen.column - distance < n)
        masks[row] &= ~(UINT64_C(1) << (queen.column - distance));
    }
  }
  for (int i = 0; i < problem->blocked_count; i++)
    masks[problem->blocked[i].row] &= ~(UINT64_C(1) << problem->blocked[i].column);

  int rows[NQ_VERIFY_COMPLETION_MAX_N], open = 0;
  uint64_t open_masks[NQ_VERIFY_COMPLETION_MAX_N];
  for (int row = 0; row < n && !impossible; row++) {
    if (state.columns[row] >= 0)
      continue;
    if (!masks[row])
      impossible = 1;
    rows[open] = row;
    open_masks[open++] = masks[row];
  }
  if (impossible) {
    result->decided = result->exact = 1;
    return NQ_OK;
  }
  if (open == 0) {
    /* Every row holds a placed queen that attacks no other: one board. */
    if (first_columns)
      memcpy(first_columns, state.columns, (size_t)n * sizeof *first_columns);
    result->decided = result->exact = result->satisfiable = 1;
    result->count = 1;
    return NQ_OK;
  }
  search(&state, rows, open_masks, open, free_columns);
  result->satisfiable = state.found;
  result->decided = state.found || !state.gave_up;
  result->exact = !state.gave_up;
  result->count = state.count;
  result->nodes = state.nodes;
  return state.interrupted ? NQ_ERR_INTERRUPTED : NQ_OK;
}
