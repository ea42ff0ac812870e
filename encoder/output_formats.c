/* The public writers: each format's body (writers.h) over a text stream
 * that writes to an nq_output, and nq_encoder_measure_output (--stats),
 * the same bodies over a stream that only counts bytes. */
#include <stdlib.h>

#include "writers.h"

typedef nq_status (*stream_body)(const nq_encoding *, const nq_dimacs_provenance *, uint64_t,
                                 text_stream *);

static nq_status plain_body(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                            uint64_t unused, text_stream *stream) {
  (void)unused;
  return dimacs_to_stream(encoding, provenance, stream);
}

static nq_status opb_body(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                          uint64_t unused, text_stream *stream) {
  (void)unused;
  return opb_to_stream(encoding, provenance, stream, NULL, NULL);
}

static nq_status to_output(stream_body body, const nq_encoding *encoding,
                           const nq_dimacs_provenance *provenance, uint64_t seed,
                           nq_output *output) {
  text_stream *stream = text_stream_new(text_write_output, output);
  if (!stream)
    return NQ_ERR_MEMORY;
  nq_status status = body(encoding, provenance, seed, stream);
  free(stream);
  return status;
}

nq_status nq_encoder_write_dimacs(const nq_encoding *encoding,
                                  const nq_dimacs_provenance *provenance, nq_output *output) {
  return to_output(plain_body, encoding, provenance, 0, output);
}

nq_status nq_encoder_write_shuffled_dimacs(const nq_encoding *encoding,
                                           const nq_dimacs_provenance *provenance,
                                           uint64_t shuffle_seed, nq_output *output) {
  return to_output(shuffled_dimacs_to_stream, encoding, provenance, shuffle_seed, output);
}

nq_status nq_encoder_write_opb(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                               nq_output *output) {
  return to_output(opb_body, encoding, provenance, 0, output);
}

static nq_status col_body(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                          uint64_t unused, text_stream *stream) {
  (void)unused;
  return col_to_stream(encoding, provenance, stream);
}

nq_status nq_encoder_write_col(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                               nq_output *output) {
  return to_output(col_body, encoding, provenance, 0, output);
}

nq_status nq_encoder_measure_output(const nq_encoding *encoding,
                                    const nq_dimacs_provenance *provenance, int format_opb,
                                    int shuffled, uint64_t shuffle_seed, nq_output_size *size) {
  memset(size, 0, sizeof *size);
  text_stream *stream = text_stream_new(NULL, NULL);
  if (!stream)
    return NQ_ERR_MEMORY;
  nq_status status;
  if (format_opb) {
    status = opb_to_stream(encoding, provenance, stream, &size->clauses, &size->literals);
    size->variables = (int64_t)encoding->n * encoding->n;
  } else {
    nq_formula_size formula;
    status = nq_encoder_measure(encoding, &formula);
    if (status == NQ_OK)
      status = shuffled ? shuffled_dimacs_to_stream(encoding, provenance, shuffle_seed, stream)
                        : dimacs_to_stream(encoding, provenance, stream);
    size->variables = formula.variables;
    size->clauses = formula.clauses;
    size->literals = formula.literals;
  }
  size->bytes = stream->bytes;
  free(stream);
  return status;
}
