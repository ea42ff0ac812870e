/* The rows model's formula: which clauses exist and in what order (see
 * nqsat/encoder.h), over any of the four CSP encodings in csp_*.c. */
#include "csp.h"

/* One clause per forbidden pair (a, b): "not (q_row = a and q_other = b)",
 * b ascending for each a. */
static void conflicts(clause_emitter *emitter, const csp_scheme *scheme, int n, int row,
                      int other) {
  int distance = other - row, literals[64];
  for (int a = 0; a < n && emitter->status == NQ_OK; a++)
    for (int b = a - distance; b <= a + distance; b += distance) {
      if (b < 0 || b >= n)
        continue;
      int length = scheme->exclude(n, row, a, literals);
      length += scheme->exclude(n, other, b, literals + length);
      emit_clause(emitter, literals, (size_t)length);
    }
}

nq_status generate_rows_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                                comment_fn comment, void *comment_context) {
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size); /* checks the options */
  if (status != NQ_OK)
    return status;
  const csp_scheme *scheme = csp_scheme_of(encoding->csp);
  int n = encoding->n;
  clause_emitter emitter = {sink,
                            encoding->explain ? comment : NULL,
                            comment_context,
                            encoding,
                            (int)size.variables + 1,
                            NQ_OK,
                            NULL}; /* no auxiliary variables */
  int literals[32];
  for (int i = 0; i < encoding->placed_count; i++) {
    nq_square s = encoding->placed[i];
    emit_explanation(&emitter, "q_%d = %d (queen placed at row %d, column %d)", s.row + 1,
                     s.column + 1, s.row + 1, s.column + 1);
    /* q = v is the conjunction of the negated literals of "q != v". */
    int length = scheme->exclude(n, s.row, s.column, literals);
    for (int k = 0; k < length; k++) {
      int unit = -literals[k];
      emit_clause(&emitter, &unit, 1);
    }
  }
  for (int i = 0; i < encoding->blocked_count; i++) {
    nq_square s = encoding->blocked[i];
    emit_explanation(&emitter, "q_%d != %d (square row %d, column %d is blocked)", s.row + 1,
                     s.column + 1, s.row + 1, s.column + 1);
    int length = scheme->exclude(n, s.row, s.column, literals);
    emit_clause(&emitter, literals, (size_t)length);
  }
  char text[160];
  /* Every loop ends early once the sink stops (an interrupted write): the
   * pairs below are cubic in N. */
  for (int row = 0; row < n && emitter.status == NQ_OK; row++) {
    if (emitter.comment) {
      scheme->explain_domain(text, sizeof text, n, row);
      if (text[0])
        emit_explanation(&emitter, "%s", text);
    }
    scheme->domain(&emitter, n, row);
  }
  for (int row = 0; row < n && emitter.status == NQ_OK; row++)
    for (int other = row + 1; other < n && emitter.status == NQ_OK; other++) {
      int distance = other - row;
      if (scheme->pair) {
        emit_explanation(&emitter,
                         "rows %d and %d: q_%d != q_%d and |q_%d - q_%d| != %d; a support "
                         "clause for each value of either",
                         row + 1, other + 1, row + 1, other + 1, row + 1, other + 1, distance);
        scheme->pair(&emitter, n, row, other);
      } else {
        emit_explanation(&emitter,
                         "rows %d and %d: q_%d != q_%d and |q_%d - q_%d| != %d; a clause for "
                         "each of the %d forbidden pairs of values",
                         row + 1, other + 1, row + 1, other + 1, row + 1, other + 1, distance,
                         n + 2 * (n - distance));
        conflicts(&emitter, scheme, n, row, other);
      }
    }
  return emitter.status;
}
