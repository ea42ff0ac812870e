/* The same model as linear pseudo-Boolean constraints, in the OPB format of
 * the Pseudo-Boolean Competitions (O. Roussel and V. Manquinho, "Input/
 * Output Format and Solver Requirements for the Competitions of
 * Pseudo-Boolean Solvers", 2012): a first line "* #variable= V
 * #constraint= C", comments starting with '*', and constraints
 * "+1 x1 +1 x2 ... OP K ;" where OP is only ">=" or "=". A row is one
 * equality (exactly one queen); an at-most-one becomes ">= -1" over negated
 * coefficients. No auxiliary variables: what CNF needs an at-most-one
 * encoding for, PB states directly, which is the contrast worth teaching. */
#include <inttypes.h>
#include <stdlib.h>

#include "family.h"
#include "writers.h"

typedef struct opb_counts {
  int64_t constraints;
  int64_t literals;
} opb_counts;

static void put_line_constraint(text_stream *stream, opb_counts *counts, const int *variables,
                                int length, int exactly_one) {
  for (int i = 0; i < length; i++) {
    text_put(stream, exactly_one ? "+1 x" : "-1 x");
    text_int(stream, variables[i], ' ');
  }
  text_put(stream, exactly_one ? "= 1 ;\n" : ">= -1 ;\n");
  counts->constraints++;
  counts->literals += length;
}

/* One pass writes the constraints; a pass with a counting stream first gives
 * the header its count (cheap: the OPB file has N^2 * 5 terms at most). */
static void put_body(text_stream *stream, const nq_encoding *encoding, opb_counts *counts,
                     int *line) {
  int n = encoding->n, explain = encoding->explain;
  for (int i = 0; i < encoding->placed_count; i++) {
    nq_square s = encoding->placed[i];
    if (explain)
      text_printf(stream, "* queen placed at row %d, column %d\n", s.row + 1, s.column + 1);
    text_printf(stream, "+1 x%d = 1 ;\n", s.row * n + s.column + 1);
    counts->constraints++;
    counts->literals++;
  }
  for (int i = 0; i < encoding->blocked_count; i++) {
    nq_square s = encoding->blocked[i];
    if (explain)
      text_printf(stream, "* square row %d, column %d is blocked\n", s.row + 1, s.column + 1);
    text_printf(stream, "+1 x%d = 0 ;\n", s.row * n + s.column + 1);
    counts->constraints++;
    counts->literals++;
  }
  for (int row = 0; row < n; row++) {
    for (int column = 0; column < n; column++)
      line[column] = row * n + column + 1;
    if (explain)
      text_printf(stream, "* row %d: exactly one queen\n", row + 1);
    put_line_constraint(stream, counts, line, n, 1);
  }
  for (int column = 0; column < n; column++) {
    for (int row = 0; row < n; row++)
      line[row] = row * n + column + 1;
    if (encoding->redundant || n > 1) {
      if (explain)
        text_printf(stream, "* column %d: %s\n", column + 1,
                    encoding->redundant ? "exactly one queen (redundant)" : "at most one queen");
      put_line_constraint(stream, counts, line, n, encoding->redundant);
    }
  }
  for (int direction = 0; direction < 2; direction++)
    for (int k = 0; k <= 2 * (n - 1); k++) {
      int length = 0;
      for (int row = 0; row < n; row++) {
        int column = direction == 0 ? row - (k - (n - 1)) : k - row;
        if (column >= 0 && column < n)
          line[length++] = row * n + column + 1;
      }
      if (length < 2)
        continue;
      if (explain)
        text_printf(stream,
                    direction == 0 ? "* diagonal r-c=%d: at most one queen\n"
                                   : "* anti-diagonal r+c=%d: at most one queen\n",
                    direction == 0 ? k - (n - 1) : k + 2);
      put_line_constraint(stream, counts, line, length, 0);
    }
}

nq_status opb_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                        text_stream *stream, int64_t *constraints, int64_t *literals) {
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size); /* checks the options */
  if (status != NQ_OK)
    return status;
  if (encoding->problem != NQ_PROBLEM_QUEENS)
    return family_opb_to_stream(encoding, provenance, stream, constraints, literals);
  /* OPB states the matrix model directly; the rows model is about CNF
   * translations of an integer CSP, which PB has no use for. */
  if (encoding->model != NQ_MODEL_MATRIX)
    return NQ_ERR_ARGUMENT;
  int n = encoding->n;
  int *line = malloc((size_t)n * sizeof *line);
  text_stream *counter = text_stream_new(NULL, NULL);
  if (!line || !counter) {
    free(line);
    free(counter);
    return NQ_ERR_MEMORY;
  }
  opb_counts counts = {0, 0};
  put_body(counter, encoding, &counts, line);
  free(counter);
  text_printf(stream, "* #variable= %d #constraint= %" PRId64 "\n", n * n, counts.constraints);
  text_put(stream, "* generator: nqsat " NQSAT_VERSION "\n");
  text_printf(stream, "* problem: %d-queens%s\n* N: %d\n", n,
              encoding->placed_count || encoding->blocked_count ? " completion" : "", n);
  /* The squares as in the DIMACS header, so a checker reads them from the
   * header alone (the random queens keep their own lines too). */
  put_square_lines(stream, '*', "placed queens", encoding->placed,
                   encoding->placed_count - encoding->random_count);
  put_square_lines(stream, '*', "blocked squares", encoding->blocked, encoding->blocked_count);
  for (int i = encoding->placed_count - encoding->random_count; i < encoding->placed_count; i++)
    text_printf(stream, "* random queen (seed %" PRIu64 "): row %d, column %d\n",
                encoding->random_seed, encoding->placed[i].row + 1, encoding->placed[i].column + 1);
  if (provenance && provenance->command_line) {
    text_put(stream, "* command: ");
    text_put(stream, provenance->command_line); /* any length */
    text_put(stream, "\n");
  }
  text_printf(stream, "* variables: queen at row r, column c (1-based) is x((r-1)*%d + c)\n", n);
  opb_counts written = {0, 0};
  put_body(stream, encoding, &written, line);
  free(line);
  text_flush(stream);
  if (constraints)
    *constraints = written.constraints;
  if (literals)
    *literals = written.literals;
  return stream->status;
}
