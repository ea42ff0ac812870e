/* Buffered text output for the writers. See text_stream.h. */
#include "text_stream.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char digit_pairs[201] = "00010203040506070809"
                                     "10111213141516171819"
                                     "20212223242526272829"
                                     "30313233343536373839"
                                     "40414243444546474849"
                                     "50515253545556575859"
                                     "60616263646566676869"
                                     "70717273747576777879"
                                     "80818283848586878889"
                                     "90919293949596979899";

text_stream *text_stream_new(text_write_fn write, void *context) {
  text_stream *stream = malloc(sizeof *stream);
  if (stream) {
    stream->write = write;
    stream->context = context;
    stream->status = NQ_OK;
    stream->bytes = 0;
    stream->used = 0;
  }
  return stream;
}

nq_status text_write_output(void *output, const void *data, size_t size) {
  return nq_output_write(output, data, size);
}

void text_flush(text_stream *stream) {
  if (stream->used && stream->status == NQ_OK && stream->write)
    stream->status = stream->write(stream->context, stream->chunk, stream->used);
  stream->bytes += (int64_t)stream->used;
  stream->used = 0;
}

nq_status text_poll(text_stream *stream) {
  if (stream->status == NQ_OK && stream->write)
    stream->status = stream->write(stream->context, stream->chunk, 0);
  return stream->status;
}

static void put_bytes(text_stream *stream, const char *text, size_t length) {
  while (length) {
    if (stream->used == TEXT_CHUNK)
      text_flush(stream);
    size_t room = TEXT_CHUNK - stream->used;
    size_t part = length < room ? length : room;
    memcpy(stream->chunk + stream->used, text, part);
    stream->used += part;
    text += part;
    length -= part;
  }
}

void text_put(text_stream *stream, const char *text) { put_bytes(stream, text, strlen(text)); }

void text_printf(text_stream *stream, const char *format, ...) {
  char line[1024];
  va_list arguments;
  va_start(arguments, format);
  int length = vsnprintf(line, sizeof line, format, arguments);
  va_end(arguments);
  if (length > 0)
    put_bytes(stream, line, (size_t)length < sizeof line ? (size_t)length : sizeof line - 1);
}

/* Formats `value` then `separator` at `out`; returns the bytes written. */
static inline size_t format_int(char *out, int64_t value, char separator) {
  char digits[24];
  char *end = digits + sizeof digits, *start = end;
  uint64_t magnitude = value < 0 ? 0u - (uint64_t)value : (uint64_t)value;
  while (magnitude >= 100) {
    unsigned pair = (unsigned)(magnitude % 100);
    magnitude /= 100;
    start -= 2;
    memcpy(start, digit_pairs + 2 * pair, 2);
  }
  if (magnitude >= 10) {
    start -= 2;
    memcpy(start, digit_pairs + 2 * magnitude, 2);
  } else {
    *--start = (char)('0' + magnitude);
  }
  if (value < 0)
    *--start = '-';
  size_t length = (size_t)(end - start);
  memcpy(out, start, length);
  out[length] = separator;
  return length + 1;
}

void text_int(text_stream *stream, int64_t value, char separator) {
  if (TEXT_CHUNK - stream->used < 24)
    text_flush(stream);
  stream->used += format_int(stream->chunk + stream->used, value, separator);
}

int text_clause(void *context, const int *literals, size_t count) {
  text_stream *stream = context;
  /* Short clauses (the bulk) are formatted without per-literal checks. */
  if (count <= 16 && TEXT_CHUNK - stream->used >= 16 * (TEXT_INT_MAX + 1) + 2) {
    char *out = stream->chunk + stream->used;
    for (size_t i = 0; i < count; i++)
      out += format_int(out, literals[i], ' ');
    out[0] = '0';
    out[1] = '\n';
    stream->used = (size_t)(out + 2 - stream->chunk);
  } else {
    for (size_t i = 0; i < count; i++)
      text_int(stream, literals[i], ' ');
    put_bytes(stream, "0\n", 2);
  }
  return stream->status != NQ_OK;
}

int text_comment(void *context, const char *text) {
  text_stream *stream = context;
  put_bytes(stream, "c ", 2);
  text_put(stream, text);
  put_bytes(stream, "\n", 1);
  return stream->status != NQ_OK;
}
