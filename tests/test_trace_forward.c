/* The forward-checking trace (nq_verify_trace_forward) against the plain
 * one and against the rules, for N = 1..LAST:
 *  - the same solutions in the same order, A000170 of them (typed in);
 *  - its queens are exactly the plain search's queens whose columns ahead
 *    all still have a row free of the queens to their left (forward
 *    checking cuts a branch when, and only when, such a column is empty),
 *    in the same order;
 *  - after every queen, free_rows of each column ahead is the set of rows
 *    no queen attacks, worked out here square by square; a wipe-out is
 *    reported exactly when one of them is empty, naming the first;
 *  - N = 4 step by step against a trace worked out by hand.
 * usage: test_trace_forward LAST_N */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/verify.h"

enum { MAX_EVENTS = 1 << 20 };

static const uint64_t oeis_a000170[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

typedef struct recording {
  int n;
  /* Queens placed: row * 64 + column, in order; wiped[i] the column
   * reported after queen i, or -1. */
  int *placements, *wiped;
  int placement_count;
  int *solutions; /* n per solution */
  int solution_count;
  int board_errors;
  int forward; /* checking free_rows as the events come */
} recording;

static int attacks(int row, int column, int other_row, int other_column) {
  return row == other_row || column == other_column ||
         abs(row - other_row) == abs(column - other_column);
}

/* Rows of `column` attacked by none of the queens in columns < limit. */
static uint32_t free_of(const int *row_of_column, int n, int column, int limit) {
  uint32_t free_rows = 0;
  for (int row = 0; row < n; row++) {
    int hit = 0;
    for (int other = 0; other < limit && !hit; other++)
      hit = row_of_column[other] >= 0 && attacks(row, column, row_of_column[other], other);
    if (!hit)
      free_rows |= 1u << row;
  }
  return free_rows;
}

static int record(void *context, const nq_trace_step *step) {
  recording *r = context;
  int n = r->n;
  if (step->event == NQ_TRACE_PLACE) {
    if (r->placement_count == MAX_EVENTS)
      return 1;
    r->placements[r->placement_count] = step->row * 64 + step->column;
    r->wiped[r->placement_count++] = -1;
    if (r->forward) {
      int first_empty = -1;
      for (int column = step->column + 1; column < n; column++) {
        uint32_t expected = free_of(step->row_of_column, n, column, step->column + 1);
        if (step->free_rows[column] != expected)
          r->board_errors++;
        if (!expected && first_empty < 0)
          first_empty = column;
      }
      r->wiped[r->placement_count - 1] = first_empty >= 0 ? -2 - first_empty : -1;
    }
  } else if (step->event == NQ_TRACE_WIPE_OUT) {
    int *wiped = &r->wiped[r->placement_count - 1];
    /* Expected here, and for this column: -2 - column marks it. */
    if (*wiped != -2 - step->column)
      r->board_errors++;
    *wiped = step->column;
  } else if (step->event == NQ_TRACE_SOLUTION) {
    r->solutions = realloc(r->solutions, (size_t)(r->solution_count + 1) * (size_t)n * sizeof(int));
    for (int column = 0; column < n; column++)
      r->solutions[r->solution_count * n + step->row_of_column[column]] = column;
    r->solution_count++;
  } else if (step->event == NQ_TRACE_REMOVE && r->forward) {
    /* After a queen is taken back, the columns ahead are as its
     * predecessors left them. */
    for (int column = step->column + 1; column < n; column++)
      if (step->free_rows[column] != free_of(step->row_of_column, n, column, step->column))
        r->board_errors++;
  }
  return 0;
}

static recording run(int n, int forward) {
  recording r = {.n = n, .forward = forward};
  r.placements = malloc(MAX_EVENTS * sizeof(int));
  r.wiped = malloc(MAX_EVENTS * sizeof(int));
  nq_status status =
      forward ? nq_verify_trace_forward(n, record, &r) : nq_verify_trace(n, record, &r);
  CHECK(status == NQ_OK, "n=%d forward=%d: status %d", n, forward, (int)status);
  return r;
}

static void release(recording *r) {
  free(r->placements);
  free(r->wiped);
  free(r->solutions);
}

/* The plain search's queens that forward checking keeps: every column from
 * the queen's own onwards has a row free of the queens to its left. */
static void check_against_plain(int n) {
  recording plain = run(n, 0), forward = run(n, 1);
  CHECK((uint64_t)forward.solution_count == oeis_a000170[n],
        "n=%d: %d solutions, A000170 says %llu", n, forward.solution_count,
        (unsigned long long)oeis_a000170[n]);
  CHECK(forward.solution_count == plain.solution_count &&
            (!forward.solution_count ||
             !memcmp(forward.solutions, plain.solutions,
                     (size_t)forward.solution_count * (size_t)n * sizeof(int))),
        "n=%d: forward checking found other solutions, or in another order", n);
  for (int i = 0; i < forward.placement_count; i++)
    if (forward.wiped[i] < -1)
      forward.board_errors++; /* a column ahead was empty, no wipe-out came */
  CHECK(forward.board_errors == 0, "n=%d: %d wrong free_rows or wipe-out reports", n,
        forward.board_errors);
  int row_of_column[NQ_VERIFY_MAX_N], kept = 0, mismatch = 0;
  for (int column = 0; column < n; column++)
    row_of_column[column] = -1;
  for (int i = 0; i < plain.placement_count; i++) {
    int row = plain.placements[i] / 64, column = plain.placements[i] % 64;
    /* The plain search places column by column: the board before this
     * queen is the last queens placed in columns 0..column-1. */
    for (int other = column; other < n; other++)
      row_of_column[other] = -1;
    int open = 1;
    for (int ahead = column; ahead < n && open; ahead++)
      open = free_of(row_of_column, n, ahead, column) != 0;
    row_of_column[column] = row;
    if (!open)
      continue;
    if (kept >= forward.placement_count || forward.placements[kept] != plain.placements[i])
      mismatch++;
    kept++;
  }
  CHECK(mismatch == 0 && kept == forward.placement_count,
        "n=%d: forward checking placed %d queens, the rule keeps %d of the plain %d (%d differ)", n,
        forward.placement_count, kept, plain.placement_count, mismatch);
  release(&plain);
  release(&forward);
}

/* N = 4 by hand (docs/teaching.md): queens as (row, column), a wipe-out
 * after some of them. */
static void check_four_by_hand(void) {
  static const int expected[][3] = {{0, 0, -1}, {2, 1, 2},  {3, 1, -1}, {1, 2, 3},
                                    {1, 0, -1}, {3, 1, -1}, {0, 2, -1}, {2, 3, -1},
                                    {2, 0, -1}, {0, 1, -1}, {3, 2, -1}, {1, 3, -1},
                                    {3, 0, -1}, {0, 1, -1}, {2, 2, 3},  {1, 1, 2}};
  recording r = run(4, 1);
  int count = (int)(sizeof expected / sizeof expected[0]);
  CHECK(r.placement_count == count, "n=4: %d queens placed, 16 by hand", r.placement_count);
  for (int i = 0; i < count && i < r.placement_count; i++)
    CHECK(r.placements[i] == expected[i][0] * 64 + expected[i][1] && r.wiped[i] == expected[i][2],
          "n=4 queen %d: (%d, %d) wipe-out %d, by hand (%d, %d) wipe-out %d", i + 1,
          r.placements[i] / 64, r.placements[i] % 64, r.wiped[i], expected[i][0], expected[i][1],
          expected[i][2]);
  release(&r);
}

int main(int argc, char **argv) {
  int last = argc > 1 ? atoi(argv[1]) : 9;
  for (int n = 1; n <= last; n++)
    check_against_plain(n);
  check_four_by_hand();
  CHECK(nq_verify_trace_forward(0, record, NULL) == NQ_ERR_ARGUMENT, "n=0 accepted");
  return check_report("test_trace_forward");
}
