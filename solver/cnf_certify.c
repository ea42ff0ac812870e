/* nq_cnf_certify_count (nqsat/refute.h): cubes from one walk of the CDCL
 * engine's decision tree over the projection, then a refutation of the
 * formula with every cube blocked. */
#include <errno.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "allsat_engine.h"
#include "grow.h"
#include "nqsat/refute.h"

typedef struct cube_writer {
  FILE *file;
  const unsigned char *projected;
  int variables;
  int *blocking; /* the cubes' blocking clauses, each ended by 0 */
  size_t blocking_count, blocking_capacity;
  size_t cubes;
  mpz_t count;
  int failed; /* 1 write error, 2 out of memory */
  const volatile sig_atomic_t *stop;
} cube_writer;

static int push_literal(cube_writer *writer, int literal) {
  if (writer->blocking_count == writer->blocking_capacity) {
    int *grown = grow_array(writer->blocking, &writer->blocking_capacity,
                            writer->blocking_count + 1, sizeof *grown, 4096);
    if (!grown)
      return -1;
    writer->blocking = grown;
  }
  writer->blocking[writer->blocking_count++] = literal;
  return 0;
}

static int on_cube(void *context, const signed char *values, int free_count) {
  cube_writer *writer = context;
  if (fputs("m", writer->file) == EOF)
    writer->failed = 1;
  for (int v = 1; v <= writer->variables && !writer->failed; v++) {
    if (values[v] < 0)
      continue;
    int literal = values[v] ? v : -v;
    if (fprintf(writer->file, " %d", literal) < 0)
      writer->failed = 1;
    if (writer->projected[v] && push_literal(writer, -literal))
      writer->failed = 2;
  }
  if (!writer->failed && (fputs(" 0\n", writer->file) == EOF || push_literal(writer, 0)))
    writer->failed = 1;
  mpz_t term;
  mpz_init(term);
  mpz_ui_pow_ui(term, 2, (unsigned long)free_count);
  mpz_add(writer->count, writer->count, term);
  mpz_clear(term);
  writer->cubes++;
  return writer->failed;
}

static int stop_requested(void *context) {
  const cube_writer *writer = context;
  return writer->stop && *writer->stop;
}

nq_status nq_cnf_certify_count(const nq_cnf *cnf, const char *certificate_path,
                               const char *proof_path, nq_proof_format format,
                               const volatile sig_atomic_t *stop, char *count_text,
                               size_t count_size, size_t *cubes, char *error, size_t error_size) {
  int variables = cnf->variables > cnf->max_variable ? cnf->variables : cnf->max_variable;
  if (variables < 1)
    variables = 1;
  unsigned char *projected = calloc((size_t)variables + 1, 1);
  size_t path_length = strlen(certificate_path);
  char *temporary = malloc(path_length + 16);
  cube_writer writer = {NULL, projected, variables, NULL, 0, 0, 0, {{0}}, 0, stop};
  mpz_init(writer.count);
  nq_status status = NQ_ERR_MEMORY;
  int fd = -1;
  if (!projected || !temporary)
    goto done;
  for (int v = 1; v <= variables; v++)
    projected[v] = !cnf->has_projection && v <= cnf->variables;
  for (size_t i = 0; cnf->has_projection && i < cnf->projection_count; i++)
    projected[cnf->projection[i]] = 1;
  snprintf(temporary, path_length + 16, "%s.tmpXXXXXX", certificate_path);
  fd = mkstemp(temporary);
  if (fd < 0 || !(writer.file = fdopen(fd, "w"))) {
    snprintf(error, error_size, "%s: cannot create a temporary file: %s", certificate_path,
             strerror(errno));
    status = NQ_ERR_IO;
    goto done;
  }
  /* The count is known only at the end: its "s mc" line comes last. */
  fprintf(writer.file, "c nqsat count certificate: 'm' lines are cubes (projected literals)\n"
                       "c with a witness for the other variables; projected variables a cube\n"
                       "c leaves out are free. The formula with every cube blocked is refuted\n"
                       "c by the DRAT proof next to it.\n");
  allsat_engine *engine =
      allsat_engine_new(variables, projected, cnf->literals, cnf->literal_count);
  if (!engine)
    goto done;
  allsat_engine_set_max_free(engine, variables);
  status = allsat_engine_enumerate(engine, NULL, 0, 1, on_cube, stop_requested, &writer);
  allsat_engine_free(engine);
  if (status == NQ_ERR_STOPPED)
    status = writer.failed == 2 ? NQ_ERR_MEMORY : NQ_ERR_IO;
  if (status != NQ_OK) {
    if (status == NQ_ERR_IO)
      snprintf(error, error_size, "%s: cannot write the certificate", certificate_path);
    goto done;
  }
  /* mpz_get_str, not gmp_fprintf: gmp.h declares its stdio functions only
   * when <stdio.h> came first, an order clang-format does not keep. */
  char *count_digits = mpz_get_str(NULL, 10, writer.count);
  if (!count_digits) {
    status = NQ_ERR_MEMORY;
    goto done;
  }
  int printed = fprintf(writer.file, "s mc %s\n", count_digits);
  free(count_digits);
  if (printed < 0 || fclose(writer.file) != 0) {
    writer.file = NULL;
    snprintf(error, error_size, "%s: cannot write the certificate", certificate_path);
    status = NQ_ERR_IO;
    goto done;
  }
  writer.file = NULL;
  /* The formula with every cube blocked, refuted. */
  nq_cnf blocked = *cnf;
  blocked.literals = malloc((cnf->literal_count + writer.blocking_count + 1) * sizeof(int));
  if (!blocked.literals) {
    status = NQ_ERR_MEMORY;
    goto done;
  }
  memcpy(blocked.literals, cnf->literals, cnf->literal_count * sizeof(int));
  if (writer.blocking_count)
    memcpy(blocked.literals + cnf->literal_count, writer.blocking,
           writer.blocking_count * sizeof(int));
  blocked.literal_count = cnf->literal_count + writer.blocking_count;
  blocked.max_variable = variables;
  int refuted = 0;
  status = nq_cnf_refute(&blocked, proof_path, format, stop, &refuted, error, error_size);
  free(blocked.literals);
  if (status == NQ_OK && !refuted) {
    snprintf(error, error_size, "%s: the formula with every cube blocked still has a model",
             certificate_path);
    status = NQ_ERR_SOLVER;
  }
  if (status == NQ_OK && rename(temporary, certificate_path) != 0) {
    snprintf(error, error_size, "%s: %s", certificate_path, strerror(errno));
    status = NQ_ERR_IO;
  }
  if (status == NQ_OK) {
    if (mpz_sizeinbase(writer.count, 10) + 2 <= count_size)
      mpz_get_str(count_text, 10, writer.count);
    else
      snprintf(count_text, count_size, "(%zu digits)", mpz_sizeinbase(writer.count, 10));
    *cubes = writer.cubes;
  }
done:
  if (writer.file)
    fclose(writer.file);
  if (status != NQ_OK && fd >= 0)
    unlink(temporary);
  free(temporary);
  free(projected);
  free(writer.blocking);
  mpz_clear(writer.count);
  return status;
}
