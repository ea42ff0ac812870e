/* The chessboard families' formulas (nq_problem, encoder.h): which lines
 * get at-most-one constraints (through the registry's schemes, amo.h),
 * the knight pairs of super-queens, the domination clauses and their
 * cardinality constraint (cardinality.h), the colouring's per-colour
 * lines. */
#include <limits.h>
#include <stdlib.h>

#include "amo.h"
#include "cardinality.h"
#include "family.h"

static const char *line_kind(int line, int n, int toroidal) {
  int diagonals = toroidal ? n : 2 * n - 1;
  if (line < n)
    return "row";
  if (line < 2 * n)
    return "column";
  return line < 2 * n + diagonals ? "diagonal" : "anti-diagonal";
}

static int line_number(int line, int n, int toroidal) {
  int diagonals = toroidal ? n : 2 * n - 1;
  if (line < 2 * n)
    return line % n + 1;
  return (line - 2 * n) % diagonals + 1;
}

/* x(square) for the square problems; colour k of a square for COLOUR. */
static int variable_of(const nq_encoding *encoding, int square, int colour) {
  return encoding->problem == NQ_PROBLEM_COLOUR ? square * encoding->bound + colour + 1
                                                : square + 1;
}

static void lines_at_most_one(clause_emitter *emitter, const family_lines *lines, int colour,
                              int *buffer, int rows_at_least_one) {
  const nq_encoding *encoding = emitter->encoding;
  const amo_scheme *scheme = amo_scheme_of(encoding->amo);
  int n = encoding->n, toroidal = encoding->problem == NQ_PROBLEM_TOROIDAL;
  for (int line = 0; line < lines->count && emitter->status == NQ_OK; line++) {
    int length = lines->start[line + 1] - lines->start[line];
    for (int i = 0; i < length; i++)
      buffer[i] = variable_of(encoding, lines->squares[lines->start[line] + i], colour);
    const char *kind = line_kind(line, n, toroidal);
    int number = line_number(line, n, toroidal);
    if (rows_at_least_one && line < n) {
      emit_explanation(emitter, "row %d: at least one queen", number);
      emit_clause(emitter, buffer, (size_t)length);
    }
    if (length < 2)
      continue;
    if (encoding->problem == NQ_PROBLEM_COLOUR)
      emit_explanation(emitter, "colour %d, %s %d: at most one square (%s)", colour + 1, kind,
                       number, scheme->name);
    else
      emit_explanation(emitter, "%s%s %d: at most one queen (%s)", toroidal ? "wrapped " : "", kind,
                       number, scheme->name);
    scheme->encode(emitter, buffer, length);
  }
}

static void knight_pairs(clause_emitter *emitter, int n) {
  static const int moves[4][2] = {{1, -2}, {1, 2}, {2, -1}, {2, 1}};
  for (int row = 0; row < n; row++)
    for (int column = 0; column < n; column++)
      for (int m = 0; m < 4; m++) {
        int to_row = row + moves[m][0], to_column = column + moves[m][1];
        if (to_row >= n || to_column < 0 || to_column >= n)
          continue;
        emit_explanation(emitter, "knight's move: not both (%d,%d) and (%d,%d)", row + 1,
                         column + 1, to_row + 1, to_column + 1);
        emit_binary(emitter, -(row * n + column + 1), -(to_row * n + to_column + 1));
      }
}

static void domination(clause_emitter *emitter, int *buffer) {
  const nq_encoding *encoding = emitter->encoding;
  int n = encoding->n;
  for (int square = 0; square < n * n && emitter->status == NQ_OK; square++) {
    int length = family_closed_neighbourhood(n, square, buffer);
    for (int i = 0; i < length; i++)
      buffer[i]++;
    emit_explanation(emitter, "square (%d,%d): a queen on it or attacking it", square / n + 1,
                     square % n + 1);
    emit_clause(emitter, buffer, (size_t)length);
  }
  for (int square = 0; square < n * n; square++)
    buffer[square] = square + 1;
  emit_explanation(emitter, "at most %d queens (sequential counter)", encoding->bound);
  at_most_k_sequential(emitter, buffer, n * n, encoding->bound);
}

static void colouring(clause_emitter *emitter, const family_lines *lines, int *buffer) {
  const nq_encoding *encoding = emitter->encoding;
  const amo_scheme *scheme = amo_scheme_of(encoding->amo);
  int n = encoding->n, colours = encoding->bound;
  for (int square = 0; square < n * n && emitter->status == NQ_OK; square++) {
    for (int colour = 0; colour < colours; colour++)
      buffer[colour] = variable_of(encoding, square, colour);
    emit_explanation(emitter, "square (%d,%d): at least one colour", square / n + 1,
                     square % n + 1);
    emit_clause(emitter, buffer, (size_t)colours);
    if (colours > 1) {
      emit_explanation(emitter, "square (%d,%d): at most one colour (%s)", square / n + 1,
                       square % n + 1, scheme->name);
      scheme->encode(emitter, buffer, colours);
    }
  }
  for (int colour = 0; colour < colours && emitter->status == NQ_OK; colour++)
    lines_at_most_one(emitter, lines, colour, buffer, 0);
}

int64_t family_projected_variables(const nq_encoding *encoding) {
  int64_t squares = (int64_t)encoding->n * encoding->n;
  return encoding->problem == NQ_PROBLEM_COLOUR ? squares * encoding->bound : squares;
}

nq_status generate_family_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                                  comment_fn comment, void *comment_context) {
  nq_status status = nq_encoder_check(encoding, NULL, 0);
  if (status != NQ_OK)
    return status;
  int n = encoding->n;
  int64_t buffer_size = (int64_t)n * n > encoding->bound ? (int64_t)n * n : encoding->bound;
  int *buffer = malloc((size_t)buffer_size * sizeof *buffer);
  family_lines lines = {NULL, NULL, 0};
  if (!buffer || family_lines_make(n, encoding->problem == NQ_PROBLEM_TOROIDAL, &lines)) {
    free(buffer);
    family_lines_free(&lines);
    return NQ_ERR_MEMORY;
  }
  clause_emitter emitter = {sink,
                            encoding->explain ? comment : NULL,
                            comment_context,
                            encoding,
                            (int)family_projected_variables(encoding) + 1,
                            NQ_OK,
                            NULL};
  switch (encoding->problem) {
  case NQ_PROBLEM_TOROIDAL: lines_at_most_one(&emitter, &lines, 0, buffer, 1); break;
  case NQ_PROBLEM_SUPER:
    lines_at_most_one(&emitter, &lines, 0, buffer, 1);
    knight_pairs(&emitter, n);
    break;
  case NQ_PROBLEM_COLOUR: colouring(&emitter, &lines, buffer); break;
  case NQ_PROBLEM_DOMINATE_INDEPENDENT:
    lines_at_most_one(&emitter, &lines, 0, buffer, 0);
    domination(&emitter, buffer);
    break;
  default: domination(&emitter, buffer); break;
  }
  free(buffer);
  family_lines_free(&lines);
  return emitter.status;
}

typedef struct size_counter {
  int64_t clauses, literals;
  int largest;
} size_counter;

static int count_clause(void *context, const int *literals, size_t count) {
  size_counter *counter = context;
  counter->clauses++;
  counter->literals += (int64_t)count;
  for (size_t i = 0; i < count; i++) {
    int variable = literals[i] < 0 ? -literals[i] : literals[i];
    if (variable > counter->largest)
      counter->largest = variable;
  }
  return 0;
}

nq_status measure_family_formula(const nq_encoding *encoding, nq_formula_size *size) {
  if (family_projected_variables(encoding) >= INT_MAX / 4)
    return NQ_ERR_ARGUMENT;
  size_counter counter = {0, 0, 0};
  nq_clause_sink sink = {&counter, count_clause};
  nq_status status = generate_family_formula(encoding, &sink, NULL, NULL);
  int64_t projected = family_projected_variables(encoding);
  size->variables = counter.largest > projected ? counter.largest : projected;
  size->clauses = counter.clauses;
  size->literals = counter.literals;
  return status;
}
