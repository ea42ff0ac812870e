/* Streaming DIMACS writer. The header's counts come from the closed-form
 * nq_encoder_measure, so the formula is generated once, straight into the
 * output buffer, and never held in memory. */
#include "auxiliary_names.h"
#include "formula.h"
#include "writers.h"

/* --explain: "c a49 = s(3) of row 2: ..." where the scheme makes a49. */
static int explain_auxiliary(void *context, const nq_auxiliary *auxiliary) {
  text_stream *stream = context;
  text_printf(stream, "c a%d = %s\n", auxiliary->variable, auxiliary->text);
  return stream->status != NQ_OK;
}

nq_status dimacs_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                           text_stream *stream) {
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  write_dimacs_header(stream, encoding, provenance, &size, NULL, 0);
  nq_clause_sink sink = {stream, text_clause};
  auxiliary_names names = {.n = encoding->n,
                           .on_name = explain_auxiliary,
                           .context = stream,
                           .comment = text_comment,
                           .comment_context = stream};
  /* The families' auxiliaries are named by no scheme's squares. */
  if (encoding->explain && encoding->problem == NQ_PROBLEM_QUEENS)
    status =
        generate_formula(encoding, &sink, auxiliary_names_comment, auxiliary_names_name, &names);
  else
    status = generate_formula(encoding, &sink, text_comment, NULL, stream);
  auxiliary_names_free(&names);
  text_flush(stream);
  return stream->status != NQ_OK ? stream->status : status;
}
