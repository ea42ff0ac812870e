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

#endif
