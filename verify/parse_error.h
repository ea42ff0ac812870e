/* Private to verify/: the "NAME:LINE: problem" messages of the readers. */
#ifndef NQSAT_VERIFY_PARSE_ERROR_H
#define NQSAT_VERIFY_PARSE_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#include "nqsat/status.h"

/* Writes "NAME:LINE: " and the formatted problem into `error` (at most
 * `error_size` bytes) and returns NQ_ERR_PARSE. */
nq_status parse_error_at(char *error, size_t error_size, const char *name, long line,
                         const char *format, va_list arguments)
    __attribute__((format(printf, 5, 0)));

/* The start of `text` for a message, into `out` (`size` >= 4 bytes): at
 * most size - 4 bytes, anything outside printable ASCII as '?', "..." when
 * cut, so a message stays one printable line whatever the input holds. */
void parse_error_excerpt(char *out, size_t size, const char *text);

/* The offending token for a message, into `out` (`size` >= 4 bytes): up
 * to the next blank, at most 20 bytes, anything outside printable ASCII
 * as \xNN, "..." when cut (by the 20 bytes or by `size`). A buffer of
 * PARSE_ERROR_TOKEN_SIZE bytes holds any 20 bytes in full. Returns `out`. */
enum { PARSE_ERROR_TOKEN_SIZE = 20 * 4 + sizeof "..." };
const char *parse_error_token(char *out, size_t size, const char *token);

#endif
