/* Text output for SVG and HTML, with sticky errors (see markup.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markup.h"
#include "quote.h"

void markup_write(markup_writer *out, const char *data, size_t size) {
  if (out->status == NQ_OK && size)
    out->status = nq_output_write(out->output, data, size);
}

void markup_put(markup_writer *out, const char *text) { markup_write(out, text, strlen(text)); }

void markup_printf(markup_writer *out, const char *format, ...) {
  char text[512];
  va_list arguments;
  va_start(arguments, format);
  int length = vsnprintf(text, sizeof text, format, arguments);
  va_end(arguments);
  if (length < 0) {
    out->status = NQ_ERR_ARGUMENT;
    return;
  }
  if ((size_t)length < sizeof text) {
    markup_write(out, text, (size_t)length);
    return;
  }
  char *long_text = malloc((size_t)length + 1);
  if (!long_text) {
    out->status = NQ_ERR_MEMORY;
    return;
  }
  va_start(arguments, format);
  vsnprintf(long_text, (size_t)length + 1, format, arguments);
  va_end(arguments);
  markup_write(out, long_text, (size_t)length);
  free(long_text);
}

void markup_escaped(markup_writer *out, const char *text) {
  const char *run = text;
  for (const char *p = text; *p; p++) {
    const char *entity = xml_entity(*p);
    if (!entity)
      continue;
    markup_write(out, run, (size_t)(p - run));
    markup_put(out, entity);
    run = p + 1;
  }
  markup_put(out, run);
}
