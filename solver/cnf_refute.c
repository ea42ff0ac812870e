/* nq_cnf_refute (nqsat/refute.h): the CDCL engine run for its first model,
 * its learned and deleted clauses written as DRAT. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "allsat_engine.h"
#include "nqsat/refute.h"

nq_proof_format nq_proof_format_for(const char *path) {
  size_t length = strlen(path);
  return length >= 4 && !strcmp(path + length - 4, ".txt") ? NQ_PROOF_TEXT : NQ_PROOF_BINARY;
}

typedef struct proof_writer {
  FILE *file;
  nq_proof_format format;
  const volatile sig_atomic_t *stop;
  int failed; /* a write failed */
} proof_writer;

/* Binary DRAT numbers a literal 2 * var + negative, which is the engine's
 * internal literal: written as 7-bit groups, low first. */
static int write_number(FILE *file, unsigned value) {
  while (value >= 0x80) {
    if (putc((int)(value & 0x7f) | 0x80, file) == EOF)
      return -1;
    value >>= 7;
  }
  return putc((int)value, file) == EOF ? -1 : 0;
}

static int write_step(proof_writer *writer, const int *literals, int size, int deleted) {
  FILE *file = writer->file;
  if (writer->format == NQ_PROOF_BINARY) {
    if (putc(deleted ? 'd' : 'a', file) == EOF)
      return -1;
    for (int i = 0; i < size; i++)
      if (write_number(file, (unsigned)literals[i]))
        return -1;
    return putc(0, file) == EOF ? -1 : 0;
  }
  if (deleted && fputs("d ", file) == EOF)
    return -1;
  for (int i = 0; i < size; i++) {
    int variable = literals[i] >> 1;
    if (fprintf(file, "%d ", (literals[i] & 1) ? -variable : variable) < 0)
      return -1;
  }
  return fputs("0\n", file) == EOF ? -1 : 0;
}

static int write_clause(void *context, const int *literals, int size, int deleted) {
  proof_writer *writer = context;
  if (write_step(writer, literals, size, deleted))
    writer->failed = 1;
  return writer->failed;
}

static int stop_at_model(void *context, const signed char *values, int free_count) {
  (void)context;
  (void)values;
  (void)free_count;
  return 1;
}

static int stop_requested(void *context) {
  const proof_writer *writer = context;
  return writer->stop && *writer->stop;
}

nq_status nq_cnf_refute(const nq_cnf *cnf, const char *proof_path, nq_proof_format format,
                        const volatile sig_atomic_t *stop, int *refuted, char *error,
                        size_t error_size) {
  *refuted = 0;
  size_t length = strlen(proof_path);
  char *temporary = malloc(length + 16);
  if (!temporary)
    return NQ_ERR_MEMORY;
  snprintf(temporary, length + 16, "%s.tmpXXXXXX", proof_path);
  int fd = mkstemp(temporary);
  proof_writer writer = {fd >= 0 ? fdopen(fd, "wb") : NULL, format, stop, 0};
  if (!writer.file) {
    snprintf(error, error_size, "%s: cannot create a temporary file: %s", proof_path,
             strerror(errno));
    if (fd >= 0) {
      close(fd);
      unlink(temporary);
    }
    free(temporary);
    return NQ_ERR_IO;
  }
  int variables = cnf->max_variable > 0 ? cnf->max_variable : 1;
  allsat_engine *engine = allsat_engine_new(variables, NULL, cnf->literals, cnf->literal_count);
  nq_status status = NQ_ERR_MEMORY;
  if (engine) {
    allsat_engine_set_proof(engine, write_clause, &writer);
    status = allsat_engine_enumerate(engine, NULL, 0, 0, stop_at_model, stop_requested, &writer);
    allsat_engine_free(engine);
  }
  int unsatisfiable = status == NQ_OK; /* every model reported: there was none */
  if (status == NQ_ERR_STOPPED)
    status = NQ_OK;
  if (unsatisfiable)
    write_clause(&writer, NULL, 0, 0);
  if (fclose(writer.file) != 0)
    writer.failed = 1;
  if (writer.failed) {
    snprintf(error, error_size, "%s: cannot write the proof", proof_path);
    status = NQ_ERR_IO;
    unsatisfiable = 0;
  }
  if (unsatisfiable && rename(temporary, proof_path) != 0) {
    snprintf(error, error_size, "%s: %s", proof_path, strerror(errno));
    status = NQ_ERR_IO;
    unsatisfiable = 0;
  }
  if (!unsatisfiable)
    unlink(temporary);
  free(temporary);
  *refuted = status == NQ_OK && unsatisfiable;
  return status;
}
