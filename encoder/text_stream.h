/* Private to encoder/: buffered text output shared by the writers.
 *
 * The writers format into a 256 KiB chunk and hand full chunks to a
 * `text_write_fn` (nq_output_write for real output, nothing when only
 * counting bytes for --stats). Formatting integers is the hot path of
 * `nqsat encode`: two digits per step from a table, no printf. */
#ifndef NQSAT_ENCODER_TEXT_STREAM_H
#define NQSAT_ENCODER_TEXT_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "nqsat/encoder.h"

enum { TEXT_CHUNK = 256 * 1024, TEXT_INT_MAX = 12 /* "-2147483648 " */ };

typedef nq_status (*text_write_fn)(void *context, const void *data, size_t size);

typedef struct text_stream {
  text_write_fn write; /* NULL: count bytes only */
  void *context;
  nq_status status; /* first failure, sticky */
  int64_t bytes;    /* everything flushed so far */
  size_t used;
  char chunk[TEXT_CHUNK];
} text_stream;

/* Allocates a stream (the chunk is too big for the stack); NULL when out of
 * memory. Release with free() after text_flush(). */
text_stream *text_stream_new(text_write_fn write, void *context);
/* An adapter: text_write_fn over an nq_output. */
nq_status text_write_output(void *output, const void *data, size_t size);

void text_flush(text_stream *stream);
/* Writes nothing but lets the sink report a stop (an interrupted output
 * answers NQ_ERR_INTERRUPTED); the stream's status, which it also sets. */
nq_status text_poll(text_stream *stream);
void text_put(text_stream *stream, const char *text);
void text_printf(text_stream *stream, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Writes `value` and `separator`, flushing first when fewer than
 * TEXT_INT_MAX + 1 bytes are left. */
void text_int(text_stream *stream, int64_t value, char separator);
/* An nq_clause_sink callback: context is the text_stream; writes the
 * literals and " 0\n" ("0\n" for an empty clause). */
int text_clause(void *stream, const int *literals, size_t count);
/* An nq_clause_sink comment callback: "c TEXT\n". */
int text_comment(void *stream, const char *text);

#endif
