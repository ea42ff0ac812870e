/* nqsat/output.h - an output stream that never leaves a half-written file.
 *
 * A regular file (or a path that does not exist yet) is written under a
 * temporary name in the same directory and renamed into place by
 * nq_output_commit(); nq_output_abort() removes the temporary file instead.
 * A non-regular target (/dev/null, /dev/stdout, a FIFO, a terminal) is written
 * directly and never renamed over: as root, renaming over /dev/null would
 * replace the device with a plain file. A symlink to a regular file is
 * followed: the file it points to is the one replaced, and the link stays.
 *
 * Ownership: nq_output_open() returns a stream the caller owns; exactly one
 * of nq_output_commit() or nq_output_abort() releases it. */
#ifndef NQSAT_OUTPUT_H
#define NQSAT_OUTPUT_H

#include <signal.h>
#include <stddef.h>

#include "nqsat/status.h"

typedef struct nq_output nq_output;

typedef enum nq_compression {
  NQ_COMPRESS_AUTO = 0, /* gzip when the path ends in ".gz" */
  NQ_COMPRESS_NONE = 1,
  NQ_COMPRESS_GZIP = 2
} nq_compression;

/* Opens `path` for writing; NULL or "-" means standard output (never
 * compressed under NQ_COMPRESS_AUTO). `gzip_level` is 1..9, or 0 for zlib's
 * default. On failure returns NQ_ERR_IO and writes a message naming the path
 * into `error` (at most `error_size` bytes). */
nq_status nq_output_open(nq_output **output, const char *path, nq_compression compression,
                         int gzip_level, char *error, size_t error_size);

/* Appends `size` bytes. Errors are sticky and reported by nq_output_commit. */
nq_status nq_output_write(nq_output *output, const void *data, size_t size);

/* Flushes, closes and renames into place. On failure removes the temporary
 * file, fills `error` and returns NQ_ERR_IO. Releases `output` either way. */
nq_status nq_output_commit(nq_output *output, char *error, size_t error_size);

/* Makes the stream stop early once `*stop` is nonzero (a flag a signal
 * handler sets; it must outlive `output`): every later nq_output_write
 * returns NQ_ERR_INTERRUPTED, and a write blocked on a pipe or terminal that
 * a signal interrupts (EINTR) gives up instead of retrying. The caller then
 * calls nq_output_abort(), which removes the temporary file. */
void nq_output_stop_when(nq_output *output, const volatile sig_atomic_t *stop);

/* Discards everything written (removes the temporary file) and releases
 * `output`. Accepts NULL. */
void nq_output_abort(nq_output *output);

#endif
