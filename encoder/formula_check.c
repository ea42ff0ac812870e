/* nq_encoder_check: every option and square list checked before anything
 * is generated or measured, with a sentence saying what is wrong, so the
 * generators can trust what they are given. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/encoder.h"

static void describe(char *why, size_t why_size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void describe(char *why, size_t why_size, const char *format, ...) {
  if (!why || !why_size)
    return;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(why, why_size, format, arguments);
  va_end(arguments);
}

static int attack(nq_square a, nq_square b) {
  return a.row == b.row || a.column == b.column || a.row - a.column == b.row - b.column ||
         a.row + a.column == b.row + b.column;
}

static int compare_squares(const void *left, const void *right) {
  const nq_square *a = left, *b = right;
  if (a->row != b->row)
    return a->row < b->row ? -1 : 1;
  return (a->column > b->column) - (a->column < b->column);
}

static int square_in(const nq_square *sorted, int count, nq_square square) {
  return bsearch(&square, sorted, (size_t)count, sizeof square, compare_squares) != NULL;
}

nq_status nq_encoder_check(const nq_encoding *encoding, char *why, size_t why_size) {
  int n = encoding->n;
  if (why && why_size)
    why[0] = '\0';
  if (n < 1 || n > NQ_ENCODER_MAX_N) {
    describe(why, why_size, "N %d is out of range", n);
    return NQ_ERR_ARGUMENT;
  }
  if ((int)encoding->problem < 0 || encoding->problem >= NQ_PROBLEM_COUNT) {
    describe(why, why_size, "unknown problem %d", (int)encoding->problem);
    return NQ_ERR_ARGUMENT;
  }
  if (encoding->problem != NQ_PROBLEM_QUEENS) {
    const char *name = nq_problem_name(encoding->problem);
    int64_t squares = (int64_t)n * n;
    if (n > NQ_ENCODER_FAMILY_MAX_N) {
      describe(why, why_size, "N %d is out of range for --problem %s (1..%d)", n, name,
               NQ_ENCODER_FAMILY_MAX_N);
      return NQ_ERR_ARGUMENT;
    }
    if (encoding->model != NQ_MODEL_MATRIX || encoding->redundant || encoding->placed_count ||
        encoding->blocked_count) {
      describe(why, why_size,
               "--problem %s takes no --model rows, --redundant, placed or blocked squares", name);
      return NQ_ERR_ARGUMENT;
    }
    int64_t smallest = encoding->problem == NQ_PROBLEM_COLOUR ? 1 : 0;
    if (nq_problem_takes_bound(encoding->problem)
            ? encoding->bound < smallest || encoding->bound > squares
            : encoding->bound != 0) {
      describe(why, why_size, "--problem %s: K = %d is out of range (%d..%lld)", name,
               encoding->bound, nq_problem_takes_bound(encoding->problem) ? (int)smallest : 0,
               nq_problem_takes_bound(encoding->problem) ? (long long)squares : 0LL);
      return NQ_ERR_ARGUMENT;
    }
    /* Every auxiliary variable of the at-most-one schemes and the counter
     * must fit a 32-bit literal: at most a handful per projected variable. */
    if (squares * ((int64_t)encoding->bound + 1) * 8 > INT32_MAX) {
      describe(why, why_size, "--problem %s with N = %d and K = %d needs too many variables", name,
               n, encoding->bound);
      return NQ_ERR_ARGUMENT;
    }
  } else if (encoding->bound != 0) {
    describe(why, why_size, "N-Queens takes no K");
    return NQ_ERR_ARGUMENT;
  }
  if (encoding->model != NQ_MODEL_MATRIX && encoding->model != NQ_MODEL_ROWS) {
    describe(why, why_size, "unknown model %d", (int)encoding->model);
    return NQ_ERR_ARGUMENT;
  }
  if (encoding->model == NQ_MODEL_ROWS &&
      ((int)encoding->csp < 0 || encoding->csp >= NQ_CSP_COUNT)) {
    describe(why, why_size, "unknown CSP encoding %d", (int)encoding->csp);
    return NQ_ERR_ARGUMENT;
  }
  /* The rows model has no lines to encode: these options would be
   * silently meaningless there. */
  if (encoding->model == NQ_MODEL_ROWS &&
      (encoding->amo != NQ_AMO_PAIRWISE || encoding->commander_group_size ||
       encoding->bimander_groups || encoding->parsimonious || encoding->redundant)) {
    describe(why, why_size, "at-most-one options apply to the matrix model only");
    return NQ_ERR_ARGUMENT;
  }
  if ((int)encoding->amo < 0 || encoding->amo >= NQ_AMO_COUNT) {
    describe(why, why_size, "unknown at-most-one encoding %d", (int)encoding->amo);
    return NQ_ERR_ARGUMENT;
  }
  if (encoding->commander_group_size < 0 || encoding->commander_group_size == 1) {
    describe(why, why_size, "commander group size %d: must be at least 2",
             encoding->commander_group_size);
    return NQ_ERR_ARGUMENT;
  }
  if (encoding->bimander_groups < 0) {
    describe(why, why_size, "bimander group count %d: must be at least 1",
             encoding->bimander_groups);
    return NQ_ERR_ARGUMENT;
  }
  if (encoding->placed_count < 0 || encoding->blocked_count < 0 ||
      (encoding->placed_count && !encoding->placed) ||
      (encoding->blocked_count && !encoding->blocked)) {
    describe(why, why_size, "bad square list");
    return NQ_ERR_ARGUMENT;
  }
  const struct {
    const nq_square *squares;
    int count;
    const char *what;
  } lists[2] = {{encoding->placed, encoding->placed_count, "placed"},
                {encoding->blocked, encoding->blocked_count, "blocked"}};
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < lists[l].count; i++) {
      nq_square s = lists[l].squares[i];
      if (s.row < 0 || s.row >= n || s.column < 0 || s.column >= n) {
        describe(why, why_size, "%s square %d,%d is off the %dx%d board (rows and columns 1..%d)",
                 lists[l].what, s.row + 1, s.column + 1, n, n, n);
        return NQ_ERR_ARGUMENT;
      }
    }
  /* At most n placed queens can be mutually non-attacking, so a quadratic
   * check over them is cheap; more than n fail at the first attack. */
  for (int i = 0; i < encoding->placed_count; i++)
    for (int j = 0; j < i; j++) {
      nq_square a = encoding->placed[j], b = encoding->placed[i];
      if (a.row == b.row && a.column == b.column) {
        describe(why, why_size, "queen %d,%d is placed twice", a.row + 1, a.column + 1);
        return NQ_ERR_ARGUMENT;
      }
      if (attack(a, b)) {
        describe(why, why_size, "placed queens %d,%d and %d,%d attack each other", a.row + 1,
                 a.column + 1, b.row + 1, b.column + 1);
        return NQ_ERR_ARGUMENT;
      }
    }
  nq_status status = NQ_OK;
  if (encoding->blocked_count) {
    nq_square *sorted = malloc((size_t)encoding->blocked_count * sizeof *sorted);
    if (!sorted)
      return NQ_ERR_MEMORY;
    memcpy(sorted, encoding->blocked, (size_t)encoding->blocked_count * sizeof *sorted);
    qsort(sorted, (size_t)encoding->blocked_count, sizeof *sorted, compare_squares);
    for (int i = 1; i < encoding->blocked_count && status == NQ_OK; i++)
      if (!compare_squares(&sorted[i - 1], &sorted[i])) {
        describe(why, why_size, "square %d,%d is blocked twice", sorted[i].row + 1,
                 sorted[i].column + 1);
        status = NQ_ERR_ARGUMENT;
      }
    for (int i = 0; i < encoding->placed_count && status == NQ_OK; i++)
      if (square_in(sorted, encoding->blocked_count, encoding->placed[i])) {
        describe(why, why_size, "square %d,%d is both placed and blocked",
                 encoding->placed[i].row + 1, encoding->placed[i].column + 1);
        status = NQ_ERR_ARGUMENT;
      }
    free(sorted);
  }
  return status;
}
