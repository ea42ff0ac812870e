/* Private to common/: gzip compression on worker threads.
 *
 * The input is cut into fixed 4 MiB blocks; each block becomes a complete
 * gzip member (RFC 1952 section 2.2: a gzip file is a series of members;
 * gzip -d, zcat and zlib's gzread read them all as one stream), compressed
 * by one of two worker threads while the caller goes on producing text.
 * Members are written in input order, and each depends only on its own
 * block and the level, so the output is byte-identical from run to run.
 * The cost of independence is negligible here: deflate's window is 32 KiB,
 * a block is 128 times that. The same idea as pigz (M. Adler), without its
 * dictionary priming. */
#ifndef NQSAT_COMMON_GZIP_BLOCKS_H
#define NQSAT_COMMON_GZIP_BLOCKS_H

#include <signal.h>
#include <stddef.h>

typedef struct gzip_blocks gzip_blocks;

/* Writes compressed members with `write_all(context, data, size)`, which
 * returns 0 or an errno value (and is only ever called from the thread
 * that calls gzip_blocks_add/finish). NULL when out of memory. */
gzip_blocks *gzip_blocks_new(int level,
                             int (*write_all)(void *context, const void *data, size_t size),
                             void *context);
/* Appends input. Returns 0, or the first error (errno value; ENOMEM when
 * compression failed); errors are sticky. */
int gzip_blocks_add(gzip_blocks *blocks, const void *data, size_t size);
/* Compresses and writes what is left (an empty input still yields a valid,
 * empty gzip file) and returns 0 or the first error. */
int gzip_blocks_finish(gzip_blocks *blocks);
/* Once `*stop` is nonzero, compressing ends within a piece (256 KiB) and a
 * gzip_blocks_add or _finish waiting for a block returns EINTR: the
 * output is to be discarded (nq_output_stop_when). */
void gzip_blocks_stop_when(gzip_blocks *blocks, const volatile sig_atomic_t *stop);
/* Stops the workers and releases everything; accepts NULL. */
void gzip_blocks_free(gzip_blocks *blocks);

#endif
