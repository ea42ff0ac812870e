/* Min-conflicts local search over permutations, after Sosic and Gu (1994,
 * their algorithm QS4): a greedy random start that leaves only a handful of
 * diagonal conflicts, then repair by swapping an attacked queen with a
 * random other one whenever that lowers the number of conflicts. */
#include <stdlib.h>

#include "nqsat/localsearch.h"

typedef struct board {
  int n;
  int *columns;     /* columns[row]: a permutation of 0..n-1 */
  int *sums;        /* queens on each diagonal row + column (2n-1 of them) */
  int *differences; /* queens on each diagonal row - column + n - 1 */
  uint64_t random_state;
  int64_t conflicts; /* sum over diagonals of (queens - 1) where occupied */
} board;

/* SplitMix64 (S. Vigna): a small, well-mixed generator, seedable from any
 * 64-bit value, so a seed reproduces the whole run. */
static uint64_t next_random(board *state) {
  uint64_t z = (state->random_state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Uniform in 0..range-1 (range <= 2^32) by multiply-shift, no division. */
static int random_below(board *state, int range) {
  return (int)(((next_random(state) >> 32) * (uint64_t)range) >> 32);
}

static void add_queen(board *state, int row, int column) {
  if (state->sums[row + column]++)
    state->conflicts++;
  if (state->differences[row - column + state->n - 1]++)
    state->conflicts++;
}

static void remove_queen(board *state, int row, int column) {
  if (--state->sums[row + column])
    state->conflicts--;
  if (--state->differences[row - column + state->n - 1])
    state->conflicts--;
}

static int is_attacked(const board *state, int row) {
  int column = state->columns[row];
  return state->sums[row + column] > 1 || state->differences[row - column + state->n - 1] > 1;
}

static void swap_rows(board *state, int first, int second) {
  int a = state->columns[first], b = state->columns[second];
  remove_queen(state, first, a);
  remove_queen(state, second, b);
  state->columns[first] = b, state->columns[second] = a;
  add_queen(state, first, b);
  add_queen(state, second, a);
}

/* The greedy start: row by row, try random columns among those not used
 * yet and keep the first that sits on no occupied diagonal; after a few
 * failed tries (or near the end, where almost nothing is free) take a
 * random one. A random unused column sits on two free diagonals with
 * probability about 1/4 or better, so a few tries usually do; this leaves
 * a few dozen conflicts for N = 1,000,000. */
static void random_start(board *state) {
  int n = state->n;
  for (int i = 0; i < 2 * n - 1; i++)
    state->sums[i] = state->differences[i] = 0;
  for (int row = 0; row < n; row++)
    state->columns[row] = row;
  state->conflicts = 0;
  for (int row = 0; row < n; row++) {
    int remaining = n - row, pick = row + random_below(state, remaining);
    for (int tries = 0; tries < 256 && remaining > 1; tries++) {
      int column = state->columns[pick];
      if (!state->sums[row + column] && !state->differences[row - column + n - 1])
        break;
      pick = row + random_below(state, remaining);
    }
    int chosen = state->columns[pick];
    state->columns[pick] = state->columns[row];
    state->columns[row] = chosen;
    add_queen(state, row, chosen);
  }
}

/* Repair: a work list of rows whose queen may be attacked (each row at most
 * once, flagged in `listed`), so the cost follows the conflicts, not n. An
 * attacked queen is swapped with a random other one when that lowers the
 * number of conflicts; the partner joins the list if it is now attacked.
 * Returns 1 when no conflict is left, 0 when `budget` attempts (for this
 * start) or the overall bound ran out. */
static int repair(board *state, int *pending, unsigned char *listed, uint64_t budget,
                  uint64_t *attempts_left, nq_localsearch_stats *stats) {
  int n = state->n;
  size_t size = 0;
  for (int row = 0; row < n; row++) {
    listed[row] = (unsigned char)is_attacked(state, row);
    if (listed[row])
      pending[size++] = row;
  }
  while (state->conflicts) {
    if (size == 0) /* cannot happen while conflicts remain; restart to be safe */
      return 0;
    size_t index = (size_t)random_below(state, (int)size);
    int row = pending[index];
    if (!is_attacked(state, row)) {
      pending[index] = pending[--size]; /* no longer attacked: drop it */
      listed[row] = 0;
      continue;
    }
    if (*attempts_left == 0 || budget == 0)
      return 0;
    if (*attempts_left != UINT64_MAX)
      --*attempts_left;
    budget--;
    stats->attempts++;
    int other = random_below(state, n);
    if (other == row)
      continue;
    int64_t before = state->conflicts;
    swap_rows(state, row, other);
    if (state->conflicts >= before) {
      swap_rows(state, row, other); /* undo: not an improvement */
      continue;
    }
    stats->swaps++;
    if (!listed[other] && is_attacked(state, other)) {
      listed[other] = 1;
      pending[size++] = other;
    }
  }
  return 1;
}

nq_status nq_localsearch_solve(int n, uint64_t seed, uint64_t max_attempts, int *columns,
                               nq_localsearch_stats *stats) {
  nq_localsearch_stats ignored;
  if (!stats)
    stats = &ignored;
  *stats = (nq_localsearch_stats){0};
  if (n < 1 || n > NQ_LOCALSEARCH_MAX_N)
    return NQ_ERR_ARGUMENT;
  if (n == 2 || n == 3)
    return NQ_ERR_UNSAT;
  board state = {.n = n, .columns = columns, .random_state = seed};
  state.sums = calloc(2 * (size_t)n - 1, sizeof *state.sums);
  state.differences = calloc(2 * (size_t)n - 1, sizeof *state.differences);
  int *pending = malloc((size_t)n * sizeof *pending);
  unsigned char *listed = malloc((size_t)n);
  nq_status status = NQ_ERR_MEMORY;
  if (state.sums && state.differences && pending && listed) {
    uint64_t attempts_left = max_attempts ? max_attempts : UINT64_MAX;
    /* Small boards get stuck in local minima: restart after a bounded number
     * of attempts rather than wander. */
    uint64_t budget = 1000 + 100 * (uint64_t)n;
    status = NQ_ERR_INTERRUPTED;
    for (;;) {
      random_start(&state);
      stats->initial_conflicts = (uint64_t)state.conflicts;
      if (repair(&state, pending, listed, budget, &attempts_left, stats)) {
        status = NQ_OK;
        break;
      }
      if (!attempts_left)
        break;
      stats->restarts++;
    }
  }
  free(state.sums);
  free(state.differences);
  free(pending);
  free(listed);
  return status;
}
