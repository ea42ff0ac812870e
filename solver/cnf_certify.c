/* nq_cnf_certify_count (nqsat/refute.h): a walk of the CDCL engine's
 * decision tree over the projection writes both parts of the certificate:
 * each model as a cube with its decision path, and the engine's learned
 * clauses with a lemma per exhausted subtree as the DRAT proof that the
 * formula with every cube blocked has no model (allsat_engine.h). On
 * several threads the walk is split into cubes whose proofs are composed
 * into one (certify_split.h); on one thread it is a single walk. */
#include <errno.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "allsat_engine.h"
#include "allsat_order.h"
#include "certify_split.h"
#include "nqsat/refute.h"
#include "processors.h"
#include "proof_writer.h"

typedef struct cube_writer {
  FILE *file;
  allsat_engine *engine;
  int variables;
  int *path;  /* [variables + 1] */
  char *line; /* room for a 'd' and an 'm' line: 2 (variables + 1) literals */
  size_t cubes;
  mpz_t count;
  int failed; /* a write failed */
  const volatile sig_atomic_t *stop;
} cube_writer;

/* "d DECISIONS 0" then "m LITERALS 0": the cube's decision path, then its
 * literals (projected ones, a witness for the others; free ones left out),
 * each line built in `line` and written at once (fprintf per literal was
 * a tenth of a certified count). */
static int on_cube(void *context, const signed char *values, int free_count) {
  cube_writer *writer = context;
  int decisions = allsat_engine_path(writer->engine, writer->path);
  size_t at =
      certify_cube_line(writer->line, NULL, 0, writer->path, decisions, values, writer->variables);
  if (fwrite(writer->line, 1, at, writer->file) != at)
    writer->failed = 1;
  certify_add_cube_models(writer->count, free_count);
  writer->cubes++;
  return writer->failed;
}

static int stop_requested(void *context) {
  const cube_writer *writer = context;
  return writer->stop && *writer->stop;
}

nq_status nq_cnf_certify_count(const nq_cnf *cnf, const char *certificate_path,
                               const char *proof_path, nq_proof_format format,
                               nq_certificate_proof kind, int threads,
                               const volatile sig_atomic_t *stop, char *count_text,
                               size_t count_size, size_t *cubes, char *error, size_t error_size) {
  int variables = cnf->variables > cnf->max_variable ? cnf->variables : cnf->max_variable;
  if (variables < 1)
    variables = 1;
  unsigned char *projected = calloc((size_t)variables + 1, 1);
  size_t path_length = strlen(certificate_path);
  char *temporary = malloc(path_length + 16);
  cube_writer writer = {NULL, NULL, variables, NULL, NULL, 0, {{0}}, 0, stop};
  writer.path = malloc(((size_t)variables + 1) * sizeof *writer.path);
  writer.line = malloc(2 * ((size_t)variables + 1) * 13 + 16);
  mpz_init(writer.count);
  proof_writer proof;
  int proof_open = 0, fd = -1;
  nq_status status = NQ_ERR_MEMORY;
  if (!projected || !temporary || !writer.path || !writer.line)
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
  status = proof_writer_open(&proof, proof_path, format, error, error_size);
  if (status != NQ_OK)
    goto done;
  proof_open = 1;
  /* The count is known only at the end: its "s mc" line comes last. */
  fprintf(writer.file,
          "c nqsat count certificate: each 'm' line is a cube (projected literals,\n"
          "c a witness for the other variables; projected variables it leaves out\n"
          "c are free), after a 'd' line with its decision path, in depth-first\n"
          "c order. The formula with every cube blocked is refuted by the %s\n"
          "c proof next to it%s.\n",
          kind == NQ_CERTIFICATE_LRAT ? "LRAT" : "DRAT",
          kind == NQ_CERTIFICATE_LRAT ? " (a cube's blocking clause has the id its lemmas skip)"
                                      : "");
  status = NQ_ERR_MEMORY;
  /* The enumeration's static order (allsat_order.h), as solve --count
   * uses: the walk, hence the certificate and its proof, is a fraction of
   * what VSIDS makes of it. */
  int *rank = malloc(((size_t)variables + 1) * sizeof *rank);
  if (rank && allsat_order_by_links(variables, cnf->literals, cnf->literal_count, rank)) {
    free(rank);
    rank = NULL; /* VSIDS */
  }
  certify_formula formula = {variables, projected, cnf->literals, cnf->literal_count, rank};
  int split = 0;
  if (threads <= 0)
    threads = online_processors(0);
  if (threads > 1) {
    status = certify_split_walk(&formula, threads, kind, writer.file, &proof, stop, writer.count,
                                &writer.cubes, &split);
    if (status == NQ_ERR_IO) {
      /* The split stops at its first failed write: the proof's, when its
       * writer says so, else the certificate's. */
      snprintf(error, error_size, "%s: cannot write the %s",
               proof.failed ? proof_path : certificate_path,
               proof.failed ? "proof" : "certificate");
    }
    if (status != NQ_OK || split) {
      free(rank);
      goto written;
    }
  }
  status = NQ_ERR_MEMORY;
  writer.engine = certify_engine_new(&formula, variables, kind, proof_writer_step,
                                     proof_writer_lrat_step, &proof);
  free(rank);
  if (!writer.engine)
    goto done;
  status = allsat_engine_enumerate(writer.engine, NULL, 0, 1, on_cube, stop_requested, &writer);
  allsat_engine_free(writer.engine);
  if (status == NQ_ERR_STOPPED || (status == NQ_ERR_MEMORY && proof.failed)) {
    snprintf(error, error_size, "%s: cannot write the %s",
             writer.failed ? certificate_path : proof_path,
             writer.failed ? "certificate" : "proof");
    status = NQ_ERR_IO;
  }
  if (status != NQ_OK)
    goto done;
  /* Every model reported: the proof closes with the empty clause (which
   * the engine logs itself, with its hints, in LRAT). */
  if (kind == NQ_CERTIFICATE_DRAT)
    proof_writer_step(&proof, NULL, 0, 0);
written:
  if (status != NQ_OK)
    goto done;
  /* mpz_get_str, not gmp_fprintf: gmp.h declares its stdio functions only
   * when <stdio.h> came first, an order clang-format does not keep. */
  char *count_digits = mpz_get_str(NULL, 10, writer.count);
  if (!count_digits) {
    status = NQ_ERR_MEMORY;
    goto done;
  }
  int printed = fprintf(writer.file, "s mc %s\n", count_digits);
  free(count_digits);
  int closed = fclose(writer.file);
  writer.file = NULL;
  if (printed < 0 || closed != 0) {
    snprintf(error, error_size, "%s: cannot write the certificate", certificate_path);
    status = NQ_ERR_IO;
    goto done;
  }
  proof_open = 0;
  status = proof_writer_close(&proof, 1, error, error_size);
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
  if (proof_open)
    proof_writer_close(&proof, 0, error, 0);
  if (status != NQ_OK && fd >= 0)
    unlink(temporary);
  free(temporary);
  free(projected);
  free(writer.path);
  free(writer.line);
  mpz_clear(writer.count);
  return status;
}
