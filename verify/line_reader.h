/* Private to verify/: text lines from a file, plain or gzip (zlib's gzread
 * passes plain files through unchanged and reads every member of a
 * multi-member gzip file), with no length limit. */
#ifndef NQSAT_VERIFY_LINE_READER_H
#define NQSAT_VERIFY_LINE_READER_H

#include <stddef.h>

#include "nqsat/status.h"

typedef struct line_reader line_reader;

/* Opens `path`; NQ_ERR_IO with "PATH: reason" in `error` on failure. */
nq_status line_reader_open(const char *path, line_reader **reader, char *error, size_t error_size);
/* The next line without its '\n' (a trailing '\r' is dropped too) and NUL
 * terminated; returns 1, 0 at the end, or -1 on an I/O or gzip error or a
 * NUL byte inside a line (line_reader_problem says which). The line is
 * valid until the next call. */
int line_reader_next(line_reader *reader, char **line, size_t *length);
/* 1-based number of the line last returned. */
long line_reader_line(const line_reader *reader);
const char *line_reader_problem(const line_reader *reader);
void line_reader_close(line_reader *reader);

#endif
