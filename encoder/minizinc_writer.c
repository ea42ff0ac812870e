/* The rows model in MiniZinc (N. Nethercote, P. J. Stuckey, R. Becket,
 * S. Brand, G. J. Duck and G. Tack, "MiniZinc: Towards a standard CP
 * modelling language", CP 2007): the textbook N-Queens model of the
 * MiniZinc tutorial, three alldifferent constraints over q, q[i] + i and
 * q[i] - i. Next to the CNF encodings it shows what a modelling language
 * leaves to the solver: no clauses, one global constraint per family of
 * lines. The output item prints "q = [...];", which `nqsat check` reads. */
#include <inttypes.h>
#include <stdlib.h>

#include "text_stream.h"

static nq_status minizinc_to_stream(const nq_encoding *encoding,
                                    const nq_dimacs_provenance *provenance, text_stream *stream) {
  nq_encoding checked = *encoding;
  checked.model = NQ_MODEL_MATRIX; /* the formula options are irrelevant here */
  checked.csp = NQ_CSP_DIRECT;
  nq_status status = nq_encoder_check(&checked, NULL, 0);
  if (status != NQ_OK)
    return status;
  int n = encoding->n;
  text_put(stream, "% generator: nqsat " NQSAT_VERSION "\n");
  text_printf(stream,
              "%% problem: %d-queens%s, the rows model: q[r] is the column (1..n) of "
              "row r's queen\n",
              n, encoding->placed_count || encoding->blocked_count ? " completion" : "");
  if (provenance && provenance->command_line) {
    text_put(stream, "% command: ");
    text_put(stream, provenance->command_line);
    text_put(stream, "\n");
  }
  text_put(stream, "% count the solutions: minizinc --solver gecode --all-solutions FILE.mzn\n"
                   "include \"alldifferent.mzn\";\n"
                   "\n"
                   "int: n;\n"
                   "array[1..n] of var 1..n: q;\n"
                   "\n"
                   "% no two queens in a column\n"
                   "constraint alldifferent(q);\n"
                   "% no two on a diagonal r - c, nor on an anti-diagonal r + c\n"
                   "constraint alldifferent(i in 1..n)(q[i] + i);\n"
                   "constraint alldifferent(i in 1..n)(q[i] - i);\n");
  int random_queens = encoding->random_count;
  for (int i = 0; i < encoding->placed_count; i++) {
    nq_square s = encoding->placed[i];
    if (i == encoding->placed_count - random_queens)
      text_printf(stream, "%% random queens (seed %" PRIu64 ")\n", encoding->random_seed);
    else if (i == 0)
      text_put(stream, "% placed queens\n");
    text_printf(stream, "constraint q[%d] = %d;\n", s.row + 1, s.column + 1);
  }
  if (encoding->blocked_count)
    text_put(stream, "% blocked squares\n");
  for (int i = 0; i < encoding->blocked_count; i++)
    text_printf(stream, "constraint q[%d] != %d;\n", encoding->blocked[i].row + 1,
                encoding->blocked[i].column + 1);
  text_printf(stream,
              "\n"
              "solve satisfy;\n"
              "output [\"q = \\(q);\\n\"];\n"
              "\n"
              "%% data\n"
              "n = %d;\n",
              n);
  text_flush(stream);
  return stream->status;
}

nq_status nq_encoder_write_minizinc(const nq_encoding *encoding,
                                    const nq_dimacs_provenance *provenance, nq_output *output) {
  text_stream *stream = text_stream_new(text_write_output, output);
  if (!stream)
    return NQ_ERR_MEMORY;
  nq_status status = minizinc_to_stream(encoding, provenance, stream);
  free(stream);
  return status;
}
