/* solve --proof FILE: after an UNSATISFIABLE answer, a DRAT proof of it
 * from nqsat's own CDCL engine (nqsat/refute.h). Every path of `solve`
 * (PicoSAT's single call, the enumeration, the component counter, the
 * native N-Queens search) is backed the same way: the formula is refuted
 * once more by the engine that logs its clauses, so one proof format
 * covers every answer and PicoSAT's trace (RUP only, no deletions) is not
 * needed. For `solve N` the formula is `nqsat encode N` with the same
 * --amo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nqsat/cnf.h"
#include "nqsat/encoder.h"
#include "nqsat/output.h"
#include "nqsat/refute.h"
#include "solve_proof.h"

/* `model_expected`: a model means nothing needs proving (solve N for
 * N >= 4), not a contradiction of the answer. */
static int refute_read(const nq_cnf *cnf, const char *formula, const char *proof_path, int format,
                       const volatile sig_atomic_t *stop, int model_expected) {
  char error[600];
  nq_proof_format chosen = format < 0 ? nq_proof_format_for(proof_path) : (nq_proof_format)format;
  int refuted = 0;
  nq_status status = nq_cnf_refute(cnf, proof_path, chosen, stop, &refuted, error, sizeof error);
  if (status == NQ_ERR_INTERRUPTED)
    return report_interrupted("solve", "no proof was written");
  if (status != NQ_OK)
    return runtime_error("solve", "%s", status == NQ_ERR_MEMORY ? "out of memory" : error);
  if (!refuted && model_expected) {
    fprintf(stderr, "nqsat solve: %s has a model: no proof of unsatisfiability to write\n",
            formula);
    return NQ_EXIT_OK;
  }
  if (!refuted)
    return runtime_error("solve", "%s: the proof engine found a model; no proof written", formula);
  printf("c proof: %s (DRAT, %s), refuting %s\n", proof_path,
         chosen == NQ_PROOF_BINARY ? "binary" : "text", formula);
  return fflush(stdout) == 0 ? NQ_EXIT_OK : NQ_EXIT_FAILURE;
}

int solve_write_proof(const char *cnf_path, const char *proof_path, int format,
                      const volatile sig_atomic_t *stop) {
  char error[600];
  nq_cnf *cnf = NULL;
  if (nq_cnf_read_path(cnf_path, &cnf, error, sizeof error) != NQ_OK)
    return runtime_error("solve", "%s", error);
  int code = refute_read(cnf, cnf_path, proof_path, format, stop, 0);
  nq_cnf_free(cnf);
  return code;
}

int queens_formula_write(const nq_encoding *encoding, const char *path, char *error,
                         size_t error_size) {
  nq_output *output = NULL;
  nq_dimacs_provenance provenance = {NULL};
  nq_status status = nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, error_size);
  if (status != NQ_OK)
    return -1;
  status = nq_encoder_write_dimacs(encoding, &provenance, output);
  if (status == NQ_OK)
    return nq_output_commit(output, error, error_size) == NQ_OK ? 0 : -1;
  nq_output_abort(output);
  snprintf(error, error_size, "%s: %s", path, nq_strerror(status));
  return -1;
}

int solve_write_queens_proof(const nq_encoding *encoding, const char *proof_path, int format,
                             const volatile sig_atomic_t *stop) {
  char error[600], formula[64];
  const char *directory = getenv("TMPDIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/nqsat-proof-XXXXXX",
           directory && *directory ? directory : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0)
    return runtime_error("solve", "%s: cannot create a temporary file", path);
  close(fd);
  int code;
  if (queens_formula_write(encoding, path, error, sizeof error)) {
    code = runtime_error("solve", "cannot write the formula for the proof: %s", error);
  } else {
    nq_cnf *cnf = NULL;
    snprintf(formula, sizeof formula, "'nqsat encode %d' (the same --amo)", encoding->n);
    code = nq_cnf_read_path(path, &cnf, error, sizeof error) == NQ_OK
               ? refute_read(cnf, formula, proof_path, format, stop, 1)
               : runtime_error("solve", "%s", error);
    nq_cnf_free(cnf);
  }
  unlink(path);
  return code;
}

int solve_write_certificate(const char *cnf_path, const char *certificate_path, int format,
                            int kind, int threads, const volatile sig_atomic_t *stop,
                            uint64_t print_digits) {
  char error[600], count[128], proof_path[4200];
  snprintf(proof_path, sizeof proof_path, "%s.%s", certificate_path,
           kind == NQ_CERTIFICATE_DRAT ? "drat" : "lrat");
  nq_cnf *cnf = NULL;
  if (nq_cnf_read_path(cnf_path, &cnf, error, sizeof error) != NQ_OK)
    return runtime_error("solve", "%s", error);
  size_t cubes = 0;
  nq_proof_format chosen = format < 0 ? NQ_PROOF_BINARY : (nq_proof_format)format;
  nq_status status =
      nq_cnf_certify_count(cnf, certificate_path, proof_path, chosen, (nq_certificate_proof)kind,
                           threads, stop, count, sizeof count, &cubes, error, sizeof error);
  nq_cnf_free(cnf);
  if (status == NQ_ERR_INTERRUPTED)
    return report_interrupted("solve", "no certificate was written");
  if (status != NQ_OK)
    return runtime_error("solve", "%s", status == NQ_ERR_MEMORY ? "out of memory" : error);
  int code = NQ_EXIT_OK;
  if (print_digits) {
    if (count[0] == '(' || strlen(count) > print_digits)
      return -1; /* the caller counts apart */
    printf("%s\n", count);
    code = strcmp(count, "0") ? NQ_EXIT_SATISFIABLE : NQ_EXIT_UNSATISFIABLE;
  }
  printf("c certificate: %s: %s models in %zu cubes; proof %s\n", certificate_path, count, cubes,
         proof_path);
  return fflush(stdout) == 0 ? code : NQ_EXIT_FAILURE;
}
