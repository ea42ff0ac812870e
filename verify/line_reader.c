/* Lines from plain or gzip files for the verifier's instance reader. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "grow.h"
#include "line_reader.h"

/* 16 KiB: large enough for the throughput of big files, small enough that
 * judging a small answer does not fault in fresh pages (malloc serves
 * blocks above 128 KiB from new mappings). */
enum { CHUNK = 1 << 14 };

struct line_reader {
  gzFile file;
  unsigned char *chunk; /* decoded bytes */
  size_t chunk_used, chunk_size;
  int at_end;
  char *line;
  size_t line_capacity;
  long line_number;
  char problem[160];
};

nq_status line_reader_open(const char *path, line_reader **reader, char *error, size_t error_size) {
  *reader = NULL;
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    snprintf(error, error_size, "%s: %s", path, strerror(errno));
    return NQ_ERR_IO;
  }
  struct stat info;
  if (fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    snprintf(error, error_size, "%s: is a directory", path);
    close(fd);
    return NQ_ERR_IO;
  }
  line_reader *state = calloc(1, sizeof *state);
  if (state)
    state->chunk = malloc(CHUNK);
  if (!state || !state->chunk || !(state->file = gzdopen(fd, "rb"))) {
    if (state)
      free(state->chunk);
    free(state);
    close(fd);
    snprintf(error, error_size, "%s: out of memory", path);
    return NQ_ERR_MEMORY;
  }
  gzbuffer(state->file, CHUNK);
  *reader = state;
  return NQ_OK;
}

static int refill(line_reader *reader) {
  int got = gzread(reader->file, reader->chunk, CHUNK);
  if (got < 0) {
    int code;
    const char *message = gzerror(reader->file, &code);
    snprintf(reader->problem, sizeof reader->problem, "%s",
             code == Z_ERRNO ? strerror(errno) : message);
    return -1;
  }
  reader->chunk_used = 0;
  reader->chunk_size = (size_t)got;
  if (got == 0)
    reader->at_end = 1;
  return 0;
}

int line_reader_next(line_reader *reader, char **line, size_t *length) {
  size_t used = 0;
  int any = 0;
  for (;;) {
    if (reader->chunk_used == reader->chunk_size) {
      if (reader->at_end || refill(reader))
        break;
      if (reader->at_end)
        break;
    }
    const unsigned char *start = reader->chunk + reader->chunk_used;
    size_t available = reader->chunk_size - reader->chunk_used;
    const unsigned char *newline = memchr(start, '\n', available);
    size_t take = newline ? (size_t)(newline - start) : available;
    if (used + take + 1 > reader->line_capacity) {
      char *grown = grow_array(reader->line, &reader->line_capacity, used + take + 1, 1, 256);
      if (!grown) {
        snprintf(reader->problem, sizeof reader->problem, "out of memory");
        return -1;
      }
      reader->line = grown;
    }
    memcpy(reader->line + used, start, take);
    used += take;
    any = 1;
    reader->chunk_used += take + (newline ? 1 : 0);
    if (newline)
      break;
  }
  if (*reader->problem)
    return -1;
  if (!any)
    return 0;
  reader->line_number++;
  reader->line[used] = '\0';
  if (memchr(reader->line, '\0', used)) {
    snprintf(reader->problem, sizeof reader->problem, "NUL byte in text input");
    return -1;
  }
  if (used && reader->line[used - 1] == '\r')
    reader->line[--used] = '\0';
  *line = reader->line;
  *length = used;
  return 1;
}

long line_reader_line(const line_reader *reader) { return reader->line_number; }

const char *line_reader_problem(const line_reader *reader) { return reader->problem; }

void line_reader_close(line_reader *reader) {
  if (!reader)
    return;
  gzclose(reader->file);
  free(reader->chunk);
  free(reader->line);
  free(reader);
}
