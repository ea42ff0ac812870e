/* The N-Queens formula: which constraints exist and in what order. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csp.h"

static const struct {
  nq_amo amo;
  const char *name;
  void (*encode)(clause_emitter *, const int *, int);
  int parsimonious; /* auxiliaries are functions of the inputs as they stand */
} encodings[] = {
    {NQ_AMO_PAIRWISE, "pairwise", amo_pairwise, 1},
    {NQ_AMO_SEQUENTIAL, "seq", amo_sequential, 0},
    {NQ_AMO_LADDER, "ladder", amo_ladder, 1},
    {NQ_AMO_COMMANDER, "commander", amo_commander, 0},
    {NQ_AMO_PRODUCT, "product", amo_product, 0},
    {NQ_AMO_BINARY, "binary", amo_binary, 0},
    {NQ_AMO_BIMANDER, "bimander", amo_bimander, 0},
};
enum { ENCODING_COUNT = sizeof encodings / sizeof encodings[0] };

const char *nq_amo_name(nq_amo amo) {
  for (int i = 0; i < ENCODING_COUNT; i++)
    if (encodings[i].amo == amo)
      return encodings[i].name;
  return "unknown";
}

int nq_amo_from_name(const char *name, nq_amo *amo) {
  for (int i = 0; i < ENCODING_COUNT; i++)
    if (!strcmp(encodings[i].name, name)) {
      *amo = encodings[i].amo;
      return 0;
    }
  return -1;
}

int nq_amo_is_parsimonious(nq_amo amo) {
  for (int i = 0; i < ENCODING_COUNT; i++)
    if (encodings[i].amo == amo)
      return encodings[i].parsimonious;
  return 0;
}

void emit_clause(clause_emitter *emitter, const int *literals, size_t count) {
  if (emitter->status != NQ_OK)
    return;
  if (emitter->sink->add_clause(emitter->sink->context, literals, count))
    emitter->status = NQ_ERR_STOPPED;
}

void emit_binary(clause_emitter *emitter, int first, int second) {
  int literals[2] = {first, second};
  emit_clause(emitter, literals, 2);
}

void emit_ternary(clause_emitter *emitter, int first, int second, int third) {
  int literals[3] = {first, second, third};
  emit_clause(emitter, literals, 3);
}

int fresh_variable(clause_emitter *emitter) { return emitter->next_variable++; }

int *scratch_ints(clause_emitter *emitter, size_t count) {
  int *memory = malloc(count * sizeof *memory);
  if (!memory && emitter->status == NQ_OK)
    emitter->status = NQ_ERR_MEMORY;
  return memory;
}

void amo_size_add(amo_size *total, const amo_size *part) {
  total->auxiliaries += part->auxiliaries;
  total->clauses += part->clauses;
  total->literals += part->literals;
}

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

static int queen_variable(int n, int row, int column) { return row * n + column + 1; }

void emit_explanation(clause_emitter *emitter, const char *format, ...) {
  if (!emitter->comment || emitter->status != NQ_OK)
    return;
  char text[160];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(text, sizeof text, format, arguments);
  va_end(arguments);
  if (emitter->comment(emitter->comment_context, text))
    emitter->status = NQ_ERR_STOPPED;
}

nq_status nq_encoder_generate(const nq_encoding *encoding, const nq_clause_sink *sink) {
  return generate_formula(encoding, sink, NULL, NULL);
}

nq_status generate_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                           comment_fn comment, void *comment_context) {
  if (encoding->model == NQ_MODEL_ROWS)
    return generate_rows_formula(encoding, sink, comment, comment_context);
  /* Measuring also checks that every variable number fits an int. */
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  int n = encoding->n;
  void (*at_most_one)(clause_emitter *, const int *, int) = encodings[encoding->amo].encode;
  const char *amo_name = encodings[encoding->amo].name;
  int *line = malloc((size_t)n * sizeof *line);
  if (!line)
    return NQ_ERR_MEMORY;
  clause_emitter emitter = {
      sink, encoding->explain ? comment : NULL, comment_context, encoding, n * n + 1, NQ_OK};

  for (int i = 0; i < encoding->placed_count; i++) {
    nq_square s = encoding->placed[i];
    emit_explanation(&emitter, "queen placed at row %d, column %d", s.row + 1, s.column + 1);
    line[0] = queen_variable(n, s.row, s.column);
    emit_clause(&emitter, line, 1);
  }
  for (int i = 0; i < encoding->blocked_count; i++) {
    nq_square s = encoding->blocked[i];
    emit_explanation(&emitter, "square row %d, column %d is blocked", s.row + 1, s.column + 1);
    line[0] = -queen_variable(n, s.row, s.column);
    emit_clause(&emitter, line, 1);
  }
  for (int row = 0; row < n && emitter.status == NQ_OK; row++) {
    for (int column = 0; column < n; column++)
      line[column] = queen_variable(n, row, column);
    emit_explanation(&emitter, "row %d: at least one queen", row + 1);
    emit_clause(&emitter, line, (size_t)n);
    if (n > 1) {
      emit_explanation(&emitter, "row %d: at most one (%s)", row + 1, amo_name);
      at_most_one(&emitter, line, n);
    }
  }
  for (int column = 0; column < n && emitter.status == NQ_OK; column++) {
    for (int row = 0; row < n; row++)
      line[row] = queen_variable(n, row, column);
    if (n > 1) {
      emit_explanation(&emitter, "column %d: at most one (%s)", column + 1, amo_name);
      at_most_one(&emitter, line, n);
    }
    if (encoding->redundant) {
      emit_explanation(&emitter, "column %d: at least one queen (redundant)", column + 1);
      emit_clause(&emitter, line, (size_t)n);
    }
  }
  /* Diagonals r - c = d, from the top-right corner to the bottom-left. */
  for (int difference = -(n - 1); difference <= n - 1 && emitter.status == NQ_OK; difference++) {
    int length = 0;
    for (int row = 0; row < n; row++) {
      int column = row - difference;
      if (column >= 0 && column < n)
        line[length++] = queen_variable(n, row, column);
    }
    if (length > 1) {
      emit_explanation(&emitter, "diagonal r-c=%d: at most one (%s)", difference, amo_name);
      at_most_one(&emitter, line, length);
    }
  }
  /* Anti-diagonals r + c = s (0-based s; the comment counts from 1). */
  for (int sum = 0; sum <= 2 * (n - 1) && emitter.status == NQ_OK; sum++) {
    int length = 0;
    for (int row = 0; row < n; row++) {
      int column = sum - row;
      if (column >= 0 && column < n)
        line[length++] = queen_variable(n, row, column);
    }
    if (length > 1) {
      emit_explanation(&emitter, "anti-diagonal r+c=%d: at most one (%s)", sum + 2, amo_name);
      at_most_one(&emitter, line, length);
    }
  }
  free(line);
  return emitter.status;
}
