/* One shape for every reader's error message: "NAME:LINE: problem". */
#include <stdio.h>
#include <string.h>

#include "parse_error.h"

nq_status parse_error_at(char *error, size_t error_size, const char *name, long line,
                         const char *format, va_list arguments) {
  if (!error || !error_size)
    return NQ_ERR_PARSE;
  int used = snprintf(error, error_size, "%s:%ld: ", name, line);
  if (used >= 0 && (size_t)used < error_size)
    vsnprintf(error + used, error_size - (size_t)used, format, arguments);
  return NQ_ERR_PARSE;
}

void parse_error_excerpt(char *out, size_t size, const char *text) {
  size_t i = 0;
  for (; text[i] && i + 4 < size; i++)
    out[i] = text[i] >= 0x20 && text[i] < 0x7f ? text[i] : '?';
  strcpy(out + i, text[i] ? "..." : "");
}

static int ends_token(unsigned char c) {
  return !c || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

const char *parse_error_token(char *out, size_t size, const char *token) {
  const unsigned char *p = (const unsigned char *)token;
  size_t used = 0;
  for (int shown = 0; !ends_token(*p) && shown < 20; p++, shown++) {
    int printable = *p >= 0x20 && *p < 0x7f;
    if (used + (printable ? 1 : 4) + sizeof "..." > size)
      break; /* room is kept for "..." */
    if (printable)
      out[used++] = (char)*p;
    else
      used += (size_t)snprintf(out + used, 5, "\\x%02x", *p);
  }
  strcpy(out + used, ends_token(*p) ? "" : "...");
  return out;
}
