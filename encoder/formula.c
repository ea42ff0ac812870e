/* The N-Queens formula: which constraints exist and in what order. The
 * at-most-one encodings come from the registry (amo_registry.c), clauses
 * go out through the emitter (clause_emitter.c); the rows model has its
 * own formula (rows_formula.c). */
#include <stdlib.h>

#include "csp.h"
#include "family.h"
#include "formula.h"

static int queen_variable(int n, int row, int column) { return row * n + column + 1; }

nq_status nq_encoder_generate(const nq_encoding *encoding, const nq_clause_sink *sink) {
  return generate_formula(encoding, sink, NULL, NULL, NULL);
}

nq_status nq_encoder_generate_explained(const nq_encoding *encoding, const nq_clause_sink *sink,
                                        int (*explain)(void *context, const char *text)) {
  nq_encoding explained = *encoding;
  explained.explain = 1;
  return generate_formula(&explained, sink, explain, NULL, sink->context);
}

nq_status generate_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                           comment_fn comment, name_fn name, void *comment_context) {
  if (encoding->problem != NQ_PROBLEM_QUEENS)
    return generate_family_formula(encoding, sink, comment, comment_context);
  if (encoding->model == NQ_MODEL_ROWS)
    return generate_rows_formula(encoding, sink, comment, comment_context);
  /* Measuring also checks that every variable number fits an int. */
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  int n = encoding->n;
  const amo_scheme *scheme = amo_scheme_of(encoding->amo);
  void (*at_most_one)(clause_emitter *, const int *, int) = scheme->encode;
  const char *amo_name = scheme->name;
  int *line = malloc((size_t)n * sizeof *line);
  if (!line)
    return NQ_ERR_MEMORY;
  clause_emitter emitter = {
      sink, encoding->explain ? comment : NULL, comment_context, encoding, n * n + 1, NQ_OK, name};

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
