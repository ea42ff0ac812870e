/* The chessboard families as linear pseudo-Boolean constraints (OPB, as
 * opb_writer.c writes N-Queens): what the CNF needs at-most-one schemes
 * and a sequential counter for is one constraint each here, over the same
 * variables as the CNF's projection (no auxiliary variables). */
#include <inttypes.h>
#include <stdlib.h>

#include "family.h"
#include "writers.h"

typedef struct opb_sink {
  text_stream *stream;
  int64_t constraints, literals;
  int explain;
} opb_sink;

/* sum of coefficient * x over `variables` RELATION bound. */
static void put_sum(opb_sink *sink, const int *variables, int count, int coefficient,
                    const char *relation, int bound) {
  for (int i = 0; i < count; i++) {
    text_put(sink->stream, coefficient > 0 ? "+1 x" : "-1 x");
    text_int(sink->stream, variables[i], ' ');
  }
  text_printf(sink->stream, "%s %d ;\n", relation, bound);
  sink->constraints++;
  sink->literals += count;
}

static int variable_of(const nq_encoding *encoding, int square, int colour) {
  return encoding->problem == NQ_PROBLEM_COLOUR ? square * encoding->bound + colour + 1
                                                : square + 1;
}

static void put_lines(opb_sink *sink, const nq_encoding *encoding, const family_lines *lines,
                      int colour, int rows_exactly_one, int *buffer) {
  int n = encoding->n;
  for (int line = 0; line < lines->count; line++) {
    int length = lines->start[line + 1] - lines->start[line];
    for (int i = 0; i < length; i++)
      buffer[i] = variable_of(encoding, lines->squares[lines->start[line] + i], colour);
    if (rows_exactly_one && line < n) {
      if (sink->explain)
        text_printf(sink->stream, "* row %d: exactly one queen\n", line + 1);
      put_sum(sink, buffer, length, 1, "=", 1);
    } else if (length > 1) {
      if (sink->explain)
        text_printf(sink->stream, "* line %d: at most one%s\n", line + 1,
                    encoding->problem == NQ_PROBLEM_COLOUR ? " square of this colour" : " queen");
      put_sum(sink, buffer, length, -1, ">=", -1);
    }
  }
}

static void put_body(opb_sink *sink, const nq_encoding *encoding, const family_lines *lines,
                     int *buffer) {
  int n = encoding->n;
  switch (encoding->problem) {
  case NQ_PROBLEM_TOROIDAL: put_lines(sink, encoding, lines, 0, 1, buffer); break;
  case NQ_PROBLEM_SUPER: {
    static const int moves[4][2] = {{1, -2}, {1, 2}, {2, -1}, {2, 1}};
    put_lines(sink, encoding, lines, 0, 1, buffer);
    for (int square = 0; square < n * n; square++)
      for (int m = 0; m < 4; m++) {
        int row = square / n + moves[m][0], column = square % n + moves[m][1];
        if (row >= n || column < 0 || column >= n)
          continue;
        int pair[2] = {square + 1, row * n + column + 1};
        put_sum(sink, pair, 2, -1, ">=", -1);
      }
    break;
  }
  case NQ_PROBLEM_COLOUR:
    for (int square = 0; square < n * n; square++) {
      for (int colour = 0; colour < encoding->bound; colour++)
        buffer[colour] = variable_of(encoding, square, colour);
      put_sum(sink, buffer, encoding->bound, 1, "=", 1);
    }
    for (int colour = 0; colour < encoding->bound; colour++)
      put_lines(sink, encoding, lines, colour, 0, buffer);
    break;
  default:
    if (encoding->problem == NQ_PROBLEM_DOMINATE_INDEPENDENT)
      put_lines(sink, encoding, lines, 0, 0, buffer);
    for (int square = 0; square < n * n; square++) {
      int length = family_closed_neighbourhood(n, square, buffer);
      for (int i = 0; i < length; i++)
        buffer[i]++;
      put_sum(sink, buffer, length, 1, ">=", 1);
    }
    for (int square = 0; square < n * n; square++)
      buffer[square] = square + 1;
    if (sink->explain)
      text_printf(sink->stream, "* at most %d queens\n", encoding->bound);
    put_sum(sink, buffer, n * n, -1, ">=", -encoding->bound);
    break;
  }
}

nq_status family_opb_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                               text_stream *stream, int64_t *constraints, int64_t *literals) {
  int n = encoding->n;
  int64_t buffer_size = (int64_t)n * n > encoding->bound ? (int64_t)n * n : encoding->bound;
  int *buffer = malloc((size_t)buffer_size * sizeof *buffer);
  family_lines lines = {NULL, NULL, 0};
  text_stream *counter = text_stream_new(NULL, NULL);
  if (!buffer || !counter ||
      family_lines_make(n, encoding->problem == NQ_PROBLEM_TOROIDAL, &lines)) {
    free(buffer);
    free(counter);
    family_lines_free(&lines);
    return NQ_ERR_MEMORY;
  }
  opb_sink counting = {counter, 0, 0, encoding->explain};
  put_body(&counting, encoding, &lines, buffer);
  free(counter);
  text_printf(stream, "* #variable= %" PRId64 " #constraint= %" PRId64 "\n",
              family_projected_variables(encoding), counting.constraints);
  text_put(stream, "* generator: nqsat " NQSAT_VERSION "\n");
  text_printf(stream, "* family: %s\n* board: %d\n", nq_problem_name(encoding->problem), n);
  if (nq_problem_takes_bound(encoding->problem))
    text_printf(stream, "* K: %d\n", encoding->bound);
  if (provenance && provenance->command_line) {
    text_put(stream, "* command: ");
    text_put(stream, provenance->command_line);
    text_put(stream, "\n");
  }
  if (encoding->problem == NQ_PROBLEM_COLOUR)
    text_printf(stream,
                "* variables: square at row r, column c (1-based) has colour k (1-based) is "
                "x(((r-1)*%d + c - 1)*%d + k)\n",
                n, encoding->bound);
  else
    text_printf(stream, "* variables: queen at row r, column c (1-based) is x((r-1)*%d + c)\n", n);
  opb_sink writing = {stream, 0, 0, encoding->explain};
  put_body(&writing, encoding, &lines, buffer);
  free(buffer);
  family_lines_free(&lines);
  text_flush(stream);
  if (constraints)
    *constraints = writing.constraints;
  if (literals)
    *literals = writing.literals;
  return stream->status;
}
