/* The DRAT writer of proof_writer.h. */
#include "proof_writer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

nq_status proof_writer_open(proof_writer *writer, const char *path, nq_proof_format format,
                            char *error, size_t error_size) {
  memset(writer, 0, sizeof *writer);
  writer->format = format;
  size_t length = strlen(path);
  writer->path = malloc(length + 1);
  writer->temporary = malloc(length + 16);
  if (!writer->path || !writer->temporary) {
    free(writer->path);
    free(writer->temporary);
    return NQ_ERR_MEMORY;
  }
  memcpy(writer->path, path, length + 1);
  snprintf(writer->temporary, length + 16, "%s.tmpXXXXXX", path);
  int fd = mkstemp(writer->temporary);
  if (fd >= 0 && !(writer->file = fdopen(fd, "wb"))) {
    close(fd);
    unlink(writer->temporary);
  }
  if (!writer->file) {
    snprintf(error, error_size, "%s: cannot create a temporary file: %s", path, strerror(errno));
    free(writer->path);
    free(writer->temporary);
    return NQ_ERR_IO;
  }
  return NQ_OK;
}

/* Binary DRAT numbers a literal 2 * var + negative, which is the engine's
 * internal literal: written as 7-bit groups, low first, into a buffer
 * written out when nearly full (putc per byte, taking the stream's lock
 * each time, was a tenth of a certified count). */
enum { BINARY_BUFFER = 4096 };

static int write_binary(FILE *file, const int *literals, int size, int deleted) {
  unsigned char buffer[BINARY_BUFFER];
  size_t at = 0;
  buffer[at++] = deleted ? 'd' : 'a';
  for (int i = 0; i <= size; i++) {
    if (at + 8 > sizeof buffer) {
      if (fwrite(buffer, 1, at, file) != at)
        return -1;
      at = 0;
    }
    unsigned value = i < size ? (unsigned)literals[i] : 0;
    while (value >= 0x80) {
      buffer[at++] = (unsigned char)((value & 0x7f) | 0x80);
      value >>= 7;
    }
    buffer[at++] = (unsigned char)value;
  }
  return fwrite(buffer, 1, at, file) == at ? 0 : -1;
}

static int write_step(proof_writer *writer, const int *literals, int size, int deleted) {
  FILE *file = writer->file;
  if (writer->format == NQ_PROOF_BINARY)
    return write_binary(file, literals, size, deleted);
  if (deleted && fputs("d ", file) == EOF)
    return -1;
  for (int i = 0; i < size; i++) {
    int variable = literals[i] >> 1;
    if (fprintf(file, "%d ", (literals[i] & 1) ? -variable : variable) < 0)
      return -1;
  }
  return fputs("0\n", file) == EOF ? -1 : 0;
}

/* Appends `value` in decimal (then a blank) at `line + at`; returns the
 * new end. */
static size_t append_decimal(char *line, size_t at, long long value) {
  char digits[24];
  int count = 0;
  unsigned long long magnitude =
      value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
  do {
    digits[count++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (value < 0)
    line[at++] = '-';
  while (count)
    line[at++] = digits[--count];
  line[at++] = ' ';
  return at;
}

/* 2 * |value| + negative, 7 bits a byte, low first. */
static size_t append_varint(unsigned char *buffer, size_t at, unsigned long long value) {
  while (value >= 0x80) {
    buffer[at++] = (unsigned char)((value & 0x7f) | 0x80);
    value >>= 7;
  }
  buffer[at++] = (unsigned char)value;
  return at;
}

/* One LRAT line, built in a buffer and written when nearly full (a line
 * can be longer than the buffer: a lemma's hints may be thousands). */
static int write_lrat(proof_writer *writer, int id, const int *literals, int size, const int *hints,
                      int hint_count, int deleted) {
  unsigned char buffer[BINARY_BUFFER];
  size_t at = 0;
  int binary = writer->format == NQ_PROOF_BINARY;
  if (binary)
    buffer[at++] = deleted ? 'd' : 'a';
  if (!deleted || !binary)
    at = binary ? append_varint(buffer, at, 2ull * (unsigned)id)
                : append_decimal((char *)buffer, at, deleted ? writer->last_id : id);
  if (deleted && !binary) {
    memcpy(buffer + at, "d ", 2);
    at += 2;
  }
  /* The numbers: literals then 0 (a lemma), then hints or the deleted id,
   * then 0. */
  int count = deleted ? 2 : size + 1 + hint_count + 1;
  for (int i = 0; i < count; i++) {
    if (at + 24 > sizeof buffer) {
      if (fwrite(buffer, 1, at, writer->file) != at)
        return -1;
      at = 0;
    }
    long long value;
    if (deleted)
      value = i == 0 ? id : 0;
    else if (i < size)
      value = (literals[i] & 1) ? -(long long)(literals[i] >> 1) : (long long)(literals[i] >> 1);
    else if (i == size || i == count - 1)
      value = 0;
    else
      value = hints[i - size - 1];
    if (binary)
      at = append_varint(buffer, at,
                         value < 0 ? 2ull * (unsigned long long)-value + 1
                                   : 2ull * (unsigned long long)value);
    else
      at = append_decimal((char *)buffer, at, value);
  }
  if (!binary)
    buffer[at - 1] = '\n';
  if (!deleted)
    writer->last_id = id;
  return fwrite(buffer, 1, at, writer->file) == at ? 0 : -1;
}

int proof_writer_lrat_step(void *context, int id, const int *literals, int size, const int *hints,
                           int hint_count, int deleted) {
  proof_writer *writer = context;
  if (!writer->failed && write_lrat(writer, id, literals, size, hints, hint_count, deleted))
    writer->failed = 1;
  return writer->failed;
}

int proof_writer_step(void *context, const int *literals, int size, int deleted) {
  proof_writer *writer = context;
  if (!writer->failed && write_step(writer, literals, size, deleted))
    writer->failed = 1;
  return writer->failed;
}

nq_status proof_writer_close(proof_writer *writer, int keep, char *error, size_t error_size) {
  nq_status status = NQ_OK;
  if (fclose(writer->file) != 0)
    writer->failed = 1;
  if (keep && writer->failed) {
    snprintf(error, error_size, "%s: cannot write the proof", writer->path);
    status = NQ_ERR_IO;
  } else if (keep && rename(writer->temporary, writer->path) != 0) {
    snprintf(error, error_size, "%s: %s", writer->path, strerror(errno));
    status = NQ_ERR_IO;
  }
  if (!keep || status != NQ_OK)
    unlink(writer->temporary);
  free(writer->path);
  free(writer->temporary);
  writer->file = NULL;
  return status;
}
