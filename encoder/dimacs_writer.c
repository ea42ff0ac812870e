/* Streaming DIMACS writer. The header's counts come from the closed-form
 * nq_encoder_measure, so the formula is generated once, straight into the
 * output buffer, and never held in memory. */
#include "formula.h"
#include "writers.h"

nq_status dimacs_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                           text_stream *stream) {
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  write_dimacs_header(stream, encoding, provenance, &size, NULL, 0);
  nq_clause_sink sink = {stream, text_clause};
  status = generate_formula(encoding, &sink, text_comment, stream);
  text_flush(stream);
  return stream->status != NQ_OK ? stream->status : status;
}
