/* Private to solver/: bytes from a file descriptor or a memory buffer,
 * transparently gunzipped when they start with the gzip magic 1f 8b. */
#ifndef NQSAT_BYTE_STREAM_H
#define NQSAT_BYTE_STREAM_H

#include <signal.h>
#include <stddef.h>
#include <zlib.h>

enum { BYTE_STREAM_CHUNK = 1 << 16 };
enum { BYTE_END = -1, BYTE_ERROR = -2 };

typedef struct byte_stream {
  int fd;                      /* -1 for a memory buffer */
  const unsigned char *memory; /* the buffer, or NULL */
  size_t memory_size, memory_used;
  int gzip;      /* the input is gzip data */
  int inflating; /* inside a gzip member (z initialised and not ended) */
  int z_ready;   /* inflateInit2 succeeded */
  z_stream z;
  unsigned char *raw; /* compressed input chunk (files only) */
  size_t raw_size, raw_used;
  const unsigned char *next; /* decoded bytes not yet consumed */
  const unsigned char *last;
  unsigned char *decoded;
  char problem[160]; /* why BYTE_ERROR was returned */
  int io_errno;      /* errno of a failed read, else 0 */
  /* Watched while a read waits for input (a pipe whose writer is slow or
   * stalled): when it is raised the wait ends with BYTE_ERROR and
   * `stopped` set. NULL: reads wait as long as they take. */
  const volatile sig_atomic_t *stop;
  int stopped;
} byte_stream;

/* Sets up a stream on an open descriptor (not closed by the stream) or on
 * memory; returns 0, or -1 when out of memory. */
int byte_stream_open_fd(byte_stream *stream, int fd);
int byte_stream_open_memory(byte_stream *stream, const void *data, size_t size);
void byte_stream_close(byte_stream *stream);

/* Refills the decoded buffer; returns the next byte, BYTE_END or BYTE_ERROR. */
int byte_stream_refill(byte_stream *stream);

static inline int byte_stream_get(byte_stream *stream) {
  if (stream->next < stream->last)
    return *stream->next++;
  return byte_stream_refill(stream);
}

#endif
