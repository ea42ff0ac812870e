/* Text built in memory and written as a whole file
 * through nq_output (temporary name, then rename), for manifests and the
 * cactus plot. Errors (out of memory) are sticky and reported on write. */
#ifndef NQSAT_TEXT_BUFFER_H
#define NQSAT_TEXT_BUFFER_H

#include <stddef.h>

typedef struct text_buffer {
  char *data;
  size_t length, capacity;
  int failed;
} text_buffer; /* zero-initialise */

void text_buffer_put(text_buffer *text, const char *piece, size_t length);
void text_buffer_printf(text_buffer *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Writes the whole text to `path`; 0, or -1 with `error`. */
int text_buffer_write_file(const text_buffer *text, const char *path, char *error,
                           size_t error_size);
void text_buffer_free(text_buffer *text);

#endif
