/* Streaming DIMACS writer. The header's counts come from a measuring pass
 * (nq_encoder_measure) so the formula itself is never held in memory. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "amo.h"

enum { CHUNK = 64 * 1024 };

typedef struct dimacs_stream {
  nq_output *output;
  nq_status status;
  size_t used;
  char chunk[CHUNK];
} dimacs_stream;

static void flush_stream(dimacs_stream *stream) {
  if (stream->used && stream->status == NQ_OK)
    stream->status = nq_output_write(stream->output, stream->chunk, stream->used);
  stream->used = 0;
}

static void put_text(dimacs_stream *stream, const char *text) {
  size_t length = strlen(text);
  while (length) {
    if (stream->used == CHUNK)
      flush_stream(stream);
    size_t room = CHUNK - stream->used;
    size_t part = length < room ? length : room;
    memcpy(stream->chunk + stream->used, text, part);
    stream->used += part;
    text += part;
    length -= part;
  }
}

/* Formats `value` followed by `separator`; the caller guarantees 13 bytes. */
static size_t format_int(char *out, int value, char separator) {
  char digits[12];
  size_t count = 0;
  size_t length = 0;
  unsigned magnitude = value < 0 ? 0u - (unsigned)value : (unsigned)value;
  if (value < 0)
    out[length++] = '-';
  do {
    digits[count++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  while (count)
    out[length++] = digits[--count];
  out[length++] = separator;
  return length;
}

static void put_int(dimacs_stream *stream, int value, char separator) {
  if (CHUNK - stream->used < 16)
    flush_stream(stream);
  stream->used += format_int(stream->chunk + stream->used, value, separator);
}

static int write_clause(void *context, const int *literals, size_t count) {
  dimacs_stream *stream = context;
  for (size_t i = 0; i < count; i++)
    put_int(stream, literals[i], ' ');
  put_text(stream, "0\n");
  return stream->status != NQ_OK;
}

static void put_projection(dimacs_stream *stream, const char *prefix, int queens) {
  put_text(stream, prefix);
  for (int variable = 1; variable <= queens; variable++)
    put_int(stream, variable, ' ');
  put_text(stream, "0\n");
}

nq_status nq_encoder_write_dimacs(const nq_encoding *encoding,
                                  const nq_dimacs_provenance *provenance, nq_output *output) {
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  dimacs_stream storage = {.output = output, .status = NQ_OK};
  dimacs_stream *stream = &storage;
  int n = encoding->n;
  char line[512];
  put_text(stream, "c generator: nqsat " NQSAT_VERSION "\n");
  snprintf(line, sizeof line, "c problem: %d-queens\nc N: %d\nc encoding: at-most-one %s\n", n, n,
           nq_amo_name(encoding->amo));
  put_text(stream, line);
  if (provenance && provenance->command_line) {
    put_text(stream, "c command: ");
    put_text(stream, provenance->command_line);
    put_text(stream, "\n");
  }
  snprintf(line, sizeof line,
           "c variables: queen at row r, column c (0-based) is r*%d + c + 1; "
           "queen variables 1..%d, auxiliary variables after\n",
           n, n * n);
  put_text(stream, line);
  put_projection(stream, "c ind ", n * n);
  put_projection(stream, "c p show ", n * n);
  snprintf(line, sizeof line, "p cnf %" PRId64 " %" PRId64 "\n", size.variables, size.clauses);
  put_text(stream, line);
  nq_clause_sink sink = {stream, write_clause};
  status = nq_encoder_generate(encoding, &sink);
  flush_stream(stream);
  if (stream->status != NQ_OK)
    return stream->status;
  return status;
}
