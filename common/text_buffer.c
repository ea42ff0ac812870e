/* A growing text, written out whole (see text_buffer.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "nqsat/output.h"
#include "text_buffer.h"

static int reserve(text_buffer *text, size_t more) {
  if (text->failed)
    return -1;
  if (text->length + more + 1 <= text->capacity)
    return 0;
  char *grown = more < SIZE_MAX - text->length - 1
                    ? grow_array(text->data, &text->capacity, text->length + more + 1, 1, 4096)
                    : NULL;
  if (!grown) {
    text->failed = 1;
    return -1;
  }
  text->data = grown;
  return 0;
}

void text_buffer_put(text_buffer *text, const char *piece, size_t length) {
  if (reserve(text, length))
    return;
  memcpy(text->data + text->length, piece, length);
  text->length += length;
  text->data[text->length] = '\0';
}

void text_buffer_printf(text_buffer *text, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  int needed = vsnprintf(NULL, 0, format, arguments);
  va_end(arguments);
  if (needed < 0 || reserve(text, (size_t)needed))
    return;
  va_start(arguments, format);
  vsnprintf(text->data + text->length, (size_t)needed + 1, format, arguments);
  va_end(arguments);
  text->length += (size_t)needed;
}

int text_buffer_write_file(const text_buffer *text, const char *path, char *error,
                           size_t error_size) {
  if (text->failed) {
    snprintf(error, error_size, "%s: out of memory", path);
    return -1;
  }
  nq_output *output;
  if (nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, error_size) != NQ_OK)
    return -1;
  nq_output_write(output, text->data ? text->data : "", text->length);
  return nq_output_commit(output, error, error_size) == NQ_OK ? 0 : -1;
}

void text_buffer_free(text_buffer *text) {
  free(text->data);
  memset(text, 0, sizeof *text);
}
