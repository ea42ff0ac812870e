/* The DIMACS header of a chessboard family's file: what the file states
 * (problem, board, K), how it is encoded, how to read a model, then
 * "p cnf V C" and the projection. No "c N:" line: that line marks an
 * N-Queens instance, whose models are boards, to the readers of nqsat
 * headers; the families say "c board:" instead. */
#include <inttypes.h>

#include "family.h"
#include "writers.h"

static void put_projection(text_stream *stream, const char *prefix, int64_t projected) {
  text_put(stream, prefix);
  for (int64_t variable = 1; variable <= projected && stream->status == NQ_OK; variable++)
    text_int(stream, variable, ' ');
  text_put(stream, "0\n");
}

static void write_problem_line(text_stream *stream, const nq_encoding *encoding) {
  int n = encoding->n, k = encoding->bound;
  switch (encoding->problem) {
  case NQ_PROBLEM_TOROIDAL:
    text_printf(stream,
                "c problem: toroidal %d-queens (%d non-attacking queens on the %dx%d "
                "torus, diagonals wrap)\n",
                n, n, n, n);
    break;
  case NQ_PROBLEM_SUPER:
    text_printf(stream,
                "c problem: %d-super-queens (%d queens that also move as knights, none "
                "attacking another)\n",
                n, n);
    break;
  case NQ_PROBLEM_COLOUR:
    text_printf(stream,
                "c problem: colouring the %dx%d queen graph with %d colours (squares "
                "sharing a row, column or diagonal differ)\n",
                n, n, k);
    break;
  case NQ_PROBLEM_DOMINATE:
    text_printf(stream,
                "c problem: dominating the %dx%d board with at most %d queens (every "
                "square occupied or attacked)\n",
                n, n, k);
    break;
  default:
    text_printf(stream,
                "c problem: dominating the %dx%d board with at most %d queens, no two "
                "attacking each other\n",
                n, n, k);
    break;
  }
}

void write_family_header(text_stream *stream, const nq_encoding *encoding,
                         const nq_dimacs_provenance *provenance, const nq_formula_size *size) {
  int n = encoding->n;
  int64_t projected = family_projected_variables(encoding);
  int counter = encoding->problem == NQ_PROBLEM_DOMINATE ||
                encoding->problem == NQ_PROBLEM_DOMINATE_INDEPENDENT;
  /* One model per solution when nothing but the projected variables is
   * free: no counter, and an at-most-one scheme that fixes its
   * auxiliaries. */
  int exact = !counter && (encoding->parsimonious || nq_amo_is_parsimonious(encoding->amo) ||
                           size->variables == projected);
  text_put(stream, exact ? "c t mc\n" : "c t pmc\n");
  text_put(stream, "c generator: nqsat " NQSAT_VERSION "\n");
  write_problem_line(stream, encoding);
  text_printf(stream, "c family: %s\n", nq_problem_name(encoding->problem));
  text_printf(stream, "c board: %d\n", n);
  if (nq_problem_takes_bound(encoding->problem))
    text_printf(stream, "c K: %d\n", encoding->bound);
  text_printf(stream, "c encoding: at-most-one %s%s\n", nq_amo_name(encoding->amo),
              counter ? "; at most K queens: sequential counter (Sinz 2005)" : "");
  if (exact)
    text_put(stream, "c models: parsimonious, exactly one model per solution\n");
  else
    text_put(stream, "c models: count them projected onto the variables of the \"c ind\" line "
                     "(auxiliary variables are not functions of them)\n");
  if (provenance && provenance->command_line) {
    text_put(stream, "c command: ");
    text_put(stream, provenance->command_line);
    text_put(stream, "\n");
  }
  if (encoding->problem == NQ_PROBLEM_COLOUR)
    text_printf(stream,
                "c variables: square at row r, column c (1-based) has colour k (1-based) is "
                "((r-1)*%d + c - 1)*%d + k; variables 1..%" PRId64 ", auxiliary variables after\n",
                n, encoding->bound, projected);
  else
    text_printf(stream,
                "c variables: queen at row r, column c (1-based) is (r-1)*%d + c; queen "
                "variables 1..%" PRId64 ", auxiliary variables after\n",
                n, projected);
  put_projection(stream, "c ind ", projected);
  if (encoding->explain)
    text_put(stream, "c explain: rows and columns are numbered from 1 in the comments below\n");
  text_printf(stream, "p cnf %" PRId64 " %" PRId64 "\n", size->variables, size->clauses);
  put_projection(stream, "c p show ", projected);
}
