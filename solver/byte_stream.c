/* Byte input for the DIMACS reader. gzip is recognised by its magic bytes
 * (RFC 1952: 1f 8b), so a compressed file named "x.cnf" or read from a pipe
 * is handled like "x.cnf.gz". Concatenated gzip members are read in turn,
 * as gzip(1) does; anything else after the last member is an error. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "byte_stream.h"

static void set_problem(byte_stream *stream, const char *problem) {
  snprintf(stream->problem, sizeof stream->problem, "%s", problem);
}

static int common_open(byte_stream *stream) {
  stream->decoded = malloc(BYTE_STREAM_CHUNK);
  stream->next = stream->last = NULL;
  return stream->decoded ? 0 : -1;
}

int byte_stream_open_fd(byte_stream *stream, int fd) {
  memset(stream, 0, sizeof *stream);
  stream->fd = fd;
  stream->gzip = -1; /* not yet known */
  stream->raw = malloc(BYTE_STREAM_CHUNK);
  if (!stream->raw || common_open(stream)) {
    byte_stream_close(stream);
    return -1;
  }
  return 0;
}

int byte_stream_open_memory(byte_stream *stream, const void *data, size_t size) {
  memset(stream, 0, sizeof *stream);
  stream->fd = -1;
  stream->gzip = -1;
  stream->memory = data;
  stream->memory_size = size;
  return common_open(stream);
}

void byte_stream_close(byte_stream *stream) {
  if (stream->z_ready)
    inflateEnd(&stream->z);
  free(stream->raw);
  free(stream->decoded);
  stream->raw = stream->decoded = NULL;
  stream->z_ready = 0;
}

/* Raw (undecoded) bytes available at the front of the input. */
static const unsigned char *raw_front(byte_stream *stream, size_t *available) {
  if (stream->fd < 0) {
    *available = stream->memory_size - stream->memory_used;
    return stream->memory + stream->memory_used;
  }
  *available = stream->raw_size - stream->raw_used;
  return stream->raw + stream->raw_used;
}

static void raw_consume(byte_stream *stream, size_t count) {
  if (stream->fd < 0)
    stream->memory_used += count;
  else
    stream->raw_used += count;
}

/* How often a read waiting on a stop flag looks at it: a stop is seen
 * within this time even when no byte comes. */
enum { STOP_WAIT_MS = 20 };

/* Waits until the descriptor has input, or the stop flag is raised
 * (returns -1, `stopped` set). A regular file is always ready. */
static int wait_for_input(byte_stream *stream) {
  struct pollfd ready = {.fd = stream->fd, .events = POLLIN};
  for (;;) {
    if (*stream->stop) {
      stream->stopped = 1;
      set_problem(stream, "stopped while waiting for input");
      return -1;
    }
    int events = poll(&ready, 1, STOP_WAIT_MS);
    if (events > 0 || (events < 0 && errno != EINTR))
      return 0; /* input, end of input or an error: read() says which */
  }
}

/* Reads more raw bytes, keeping the unconsumed ones; returns the number
 * read (0 at end of input) or -1 on a read error or a stop. */
static long raw_read_more(byte_stream *stream) {
  if (stream->fd < 0)
    return 0;
  size_t left = stream->raw_size - stream->raw_used;
  memmove(stream->raw, stream->raw + stream->raw_used, left);
  stream->raw_used = 0;
  stream->raw_size = left;
  if (left == BYTE_STREAM_CHUNK)
    return 0; /* callers only ask when the buffer is nearly empty */
  for (;;) {
    if (stream->stop && wait_for_input(stream))
      return -1;
    ssize_t got = read(stream->fd, stream->raw + left, BYTE_STREAM_CHUNK - left);
    if (got >= 0) {
      stream->raw_size += (size_t)got;
      return (long)got;
    }
    if (errno != EINTR) {
      stream->io_errno = errno;
      set_problem(stream, strerror(errno));
      return -1;
    }
  }
}

static int detect(byte_stream *stream) {
  size_t available;
  raw_front(stream, &available);
  while (available < 2) {
    long got = raw_read_more(stream);
    if (got < 0)
      return BYTE_ERROR;
    if (got == 0)
      break;
    raw_front(stream, &available);
  }
  const unsigned char *front = raw_front(stream, &available);
  stream->gzip = available >= 2 && front[0] == 0x1f && front[1] == 0x8b;
  if (stream->gzip) {
    memset(&stream->z, 0, sizeof stream->z);
    /* 15 + 16: a gzip wrapper, not zlib or raw deflate. */
    if (inflateInit2(&stream->z, 15 + 16) != Z_OK) {
      set_problem(stream, "out of memory");
      return BYTE_ERROR;
    }
    stream->z_ready = 1;
  }
  return 0;
}

static int refill_plain(byte_stream *stream) {
  size_t available;
  const unsigned char *front = raw_front(stream, &available);
  if (!available) {
    long got = raw_read_more(stream);
    if (got < 0)
      return BYTE_ERROR;
    if (got == 0)
      return BYTE_END;
    front = raw_front(stream, &available);
  }
  stream->next = front;
  stream->last = front + available;
  raw_consume(stream, available);
  return *stream->next++;
}

static int refill_gzip(byte_stream *stream) {
  for (;;) {
    size_t available;
    const unsigned char *front = raw_front(stream, &available);
    if (!stream->inflating) {
      if (available < 2) {
        long got = raw_read_more(stream);
        if (got < 0)
          return BYTE_ERROR;
        front = raw_front(stream, &available);
        if (!available)
          return BYTE_END;
        if (got > 0)
          continue;
      }
      if (available < 2 || front[0] != 0x1f || front[1] != 0x8b) {
        set_problem(stream, "unexpected data after the end of the gzip stream");
        return BYTE_ERROR;
      }
      inflateReset(&stream->z);
      stream->inflating = 1;
    }
    int at_end = 0;
    if (!available) {
      long got = raw_read_more(stream);
      if (got < 0)
        return BYTE_ERROR;
      front = raw_front(stream, &available);
      at_end = got == 0;
    }
    stream->z.next_in = (unsigned char *)front;
    stream->z.avail_in = (uInt)(available > (1u << 30) ? (1u << 30) : available);
    uInt offered = stream->z.avail_in;
    stream->z.next_out = stream->decoded;
    stream->z.avail_out = BYTE_STREAM_CHUNK;
    int result = inflate(&stream->z, Z_NO_FLUSH);
    raw_consume(stream, offered - stream->z.avail_in);
    size_t produced = BYTE_STREAM_CHUNK - stream->z.avail_out;
    if (result == Z_STREAM_END) {
      stream->inflating = 0;
    } else if (result == Z_MEM_ERROR) {
      set_problem(stream, "out of memory while decompressing");
      return BYTE_ERROR;
    } else if (result != Z_OK && result != Z_BUF_ERROR) {
      char problem[140];
      snprintf(problem, sizeof problem, "corrupt gzip data (%s)",
               stream->z.msg ? stream->z.msg : "inflate failed");
      set_problem(stream, problem);
      return BYTE_ERROR;
    } else if (!produced && at_end) {
      set_problem(stream, "truncated gzip data (unexpected end of input)");
      return BYTE_ERROR;
    }
    if (produced) {
      stream->next = stream->decoded;
      stream->last = stream->decoded + produced;
      return *stream->next++;
    }
  }
}

int byte_stream_refill(byte_stream *stream) {
  if (stream->gzip < 0 && detect(stream) != 0)
    return BYTE_ERROR;
  return stream->gzip ? refill_gzip(stream) : refill_plain(stream);
}
