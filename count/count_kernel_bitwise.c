#include <string.h>

#include "class_search.h"

/* The class counter's portable kernel (count_classes.c has the method and
 * the split): the rows below the split, one after the other, as a loop with an explicit stack: the
 * row being filled keeps its attack masks and free squares in registers, and they are pushed only
 * when the search goes one row down. A row's queens that would leave the next row fully attacked
 * are removed once per row (adjacent_killers), and a queen is pushed only if its next row keeps a
 * usable square and the row two below it a free one: most dead ends cost no
 * push and pop, and few cost a branch. A row whose squares are all tried
 * returns straight to the nearest row above with squares left (the rows in
 * between are done), chosen without a branch when the search goes down. The
 * row rules become a mask per row (`usable`), so the loop branches only on
 * the rows that have a rule of their own (bound2) and on reaching the last
 * two rows, which are filled at once (pair_completions). Measured
 * (bench/README.md): a queen costs about 50 instructions and well under one
 * mispredicted branch, and the time goes mostly to those mispredictions, so
 * what paid was removing unpredictable branches cheaply (the variants tried,
 * kept or not, are listed there). */

/* The last two rows at once: after n-2 queens exactly two columns are
 * empty (`rest`), so the two rows hold at most two completions, found by
 * comparing masks instead of placing queens. `upper`: the squares row n-2
 * may use; `lower`: those row n-1 may use, given the rows above n-2.
 * Returns the columns of row n-2 that complete a board. */
static inline uint32_t pair_completions(uint32_t rest, uint32_t upper, uint32_t lower) {
  if (rest & (rest << 1))
    return 0; /* adjacent columns: the two queens would attack */
  /* a completion: a column of `upper` whose partner column is in `lower` */
  uint32_t partner = (lower == rest || !lower) ? lower : rest ^ lower;
  return upper & partner;
}

/* Row bound2's rule (side case): an edge column, unless both are taken. */
static inline uint32_t bound2_filter(uint32_t free_squares, uint32_t down, uint32_t side_mask) {
  uint32_t edges_taken = down & side_mask;
  if (!edges_taken)
    return 0;
  return edges_taken != side_mask ? free_squares & side_mask : free_squares;
}

/* Side case: classifies the boards completed by the columns `pairs` of
 * row n-2 (out of line: rare, and it would crowd the search's registers). */
static __attribute__((noinline)) uint64_t classify_pairs(class_search *state, uint32_t *board,
                                                         uint32_t pairs, uint32_t rest,
                                                         uint64_t nodes) {
  const int pair_row = state->last_row - 1;
  while (pairs) {
    uint32_t pair_bit = pairs & (0u - pairs);
    pairs ^= pair_bit;
    nodes += 2;
    board[pair_row] = pair_bit;
    board[pair_row + 1] = rest ^ pair_bit;
    nq_count_classify(state, board);
  }
  return nodes;
}

/* The columns b of a row whose queen would leave the next row with no free
 * square, given `base`, that row's free squares before the queen: those
 * whose three-column window {b-1, b, b+1} holds all of `base` (all columns
 * if `base` is empty). Such b lie in the windows of both the lowest and
 * the highest square of `base`, and every b there qualifies, as the other
 * squares lie between. Computed once per row, so the search does not
 * place those queens at all: fewer queens and, above all, fewer
 * mispredicted branches than testing each queen's next row. */
static inline uint32_t adjacent_killers(uint32_t base) {
  uint32_t low = base & (0u - base);
  uint32_t high = UINT32_C(1) << (31 - __builtin_clz(base | 1));
  uint32_t killers = (low | low << 1 | low >> 1) & (high | high << 1 | high >> 1);
  return base ? killers : UINT32_MAX;
}

/* `corner` is a constant in each inlined copy: the corner case has no
 * bound2 rule, stores no board and counts every board 8 times. Everything
 * the loop needs besides the current row's masks lives in arrays indexed by
 * row (in this frame), so that the masks, the row and the counters fit the
 * registers. */
static inline __attribute__((always_inline)) void search_rows(class_search *state, long row,
                                                              uint32_t left, uint32_t down,
                                                              uint32_t right, const int corner) {
  const long first_row = row, pair_row = state->last_row - 1;
  uint32_t usable[NQ_COUNT_MAX_N + 4], board[NQ_COUNT_MAX_N];
  uint32_t lefts[NQ_COUNT_MAX_N], downs[NQ_COUNT_MAX_N], rights[NQ_COUNT_MAX_N],
      frees[NQ_COUNT_MAX_N];
  uint64_t nodes = 0, found = 0;
  for (int r = 0; r <= state->last_row; r++) {
    usable[r] = r >= state->form.bound1 ? state->all
                : corner                ? state->all & ~UINT32_C(2)
                                        : state->all & ~state->form.side_mask;
  }
  if (!corner) /* the last row's rule, for the look-ahead */
    usable[state->last_row] &= ~state->form.last_mask;
  /* Defined past the last row too, so that no look-ahead can read an
   * unset mask (and, measured, the loop runs 2% faster this way: code
   * placement). */
  for (int r = state->n; r < state->n + 3; r++)
    usable[r] = UINT32_MAX;
  memcpy(board, state->board, sizeof board);
  uint32_t free_squares = usable[row] & ~(left | down | right);
  if (!corner && row == state->form.bound2)
    free_squares = bound2_filter(free_squares, down, state->form.side_mask);
  free_squares &= ~adjacent_killers(usable[row + 1] & ~((left << 1) | down | (right >> 1)));
  /* back[r]: the row to resume when row r is done, the nearest row above
   * with squares left to try (rows already exhausted are skipped at once). */
  long back[NQ_COUNT_MAX_N + 1];
  const long first_special =
      !corner && state->form.bound2 < pair_row ? state->form.bound2 : pair_row;
  back[row] = first_row - 1;
  for (;;) {
    if (!free_squares) {
      /* A stop request is seen within milliseconds: tested when the queen
       * count is a multiple of 2^16 at a backtrack (the count is in a
       * register already; a countdown would need one more). */
      if (__builtin_expect(!(nodes & 0xffff), 0) && state->stop && *state->stop) {
        state->stopped = 1;
        break;
      }
      row = back[row];
      if (row < first_row)
        break;
      free_squares = frees[row], left = lefts[row], down = downs[row], right = rights[row];
    }
    uint32_t bit = free_squares & (0u - free_squares);
    free_squares ^= bit;
    nodes++;
    if (!corner)
      board[row] = bit;
    uint32_t next_left = (left | bit) << 1, next_down = down | bit, next_right = (right | bit) >> 1;
    uint32_t next_free = usable[row + 1] & ~(next_left | next_down | next_right);
    if (row + 1 >= first_special) {
      if (!corner && row + 1 == state->form.bound2)
        next_free = bound2_filter(next_free, next_down, state->form.side_mask);
      if (row + 1 == pair_row) {
        uint32_t rest = state->all & ~next_down;
        uint32_t lower = rest & ~((next_left << 1) | (next_right >> 1));
        uint32_t pairs =
            pair_completions(rest, next_free, corner ? lower : lower & ~state->form.last_mask);
        if (corner) {
          found += (pairs != 0) + ((pairs & (pairs - 1)) != 0);
          continue;
        }
        if (pairs)
          nodes = classify_pairs(state, board, pairs, rest, nodes);
        continue;
      }
    }
    uint32_t after_next = usable[row + 2] & ~((next_left << 1) | next_down | (next_right >> 1));
    uint32_t third = usable[row + 3] & ~((next_left << 2) | next_down | (next_right >> 2));
    next_free &= ~adjacent_killers(after_next);
    if (!((next_free != 0) & (third != 0)))
      continue;
    frees[row] = free_squares, lefts[row] = left, downs[row] = down, rights[row] = right;
    long more = -(long)(free_squares != 0);             /* all ones if this row has more */
    back[row + 1] = (row & more) | (back[row] & ~more); /* no branch: unpredictable */
    row++;
    free_squares = next_free, left = next_left, down = next_down, right = next_right;
  }
  state->nodes += nodes + 2 * found;
  state->count8 += found;
}

static __attribute__((noinline)) void corner_search(class_search *state, int row, uint32_t left,
                                                    uint32_t down, uint32_t right) {
  search_rows(state, row, left, down, right, 1);
}

static __attribute__((noinline)) void side_search(class_search *state, int row, uint32_t left,
                                                  uint32_t down, uint32_t right) {
  search_rows(state, row, left, down, right, 0);
}

void nq_count_search_rows(class_search *state, int row, uint32_t left, uint32_t down,
                          uint32_t right) {
  if (state->form.corner)
    corner_search(state, row, left, down, right);
  else
    side_search(state, row, left, down, right);
}
