/* nqsat check --instance FILE ANSWER --proof PROOF: an UNSATISFIABLE answer
 * is accepted exactly when PROOF (DRAT, or LRAT by --proof-format or a
 * ".lrat" name) refutes FILE under the verifier's own checker
 * (nqsat/proof.h); any other answer is judged as without a proof. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_proof.h"
#include "cli.h"
#include "nqsat/answer.h"
#include "nqsat/proof.h"

int proof_format_from_name(const char *path) {
  size_t length = strlen(path);
  const char *suffixes[] = {".lrat", ".lrat.gz"};
  for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
    size_t suffix = strlen(suffixes[i]);
    if (length >= suffix && !strcmp(path + length - suffix, suffixes[i]))
      return PROOF_FORMAT_LRAT;
  }
  return PROOF_FORMAT_DRAT;
}

nq_status check_proof_file(const char *cnf_path, const char *proof_path, int format,
                           const char *lrat_out, nq_proof_result *result, double *seconds,
                           char *error, size_t error_size) {
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  if (format == PROOF_FORMAT_AUTO)
    format = proof_format_from_name(proof_path);
  nq_status status =
      format == PROOF_FORMAT_LRAT
          ? nq_proof_check_lrat(cnf_path, proof_path, result, error, error_size)
          : nq_proof_check_drat(cnf_path, proof_path, lrat_out, result, error, error_size);
  clock_gettime(CLOCK_MONOTONIC, &end);
  if (seconds)
    *seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
  return status;
}

/* The answer's status claim, read by the verifier's answer reader. */
static int read_claim(const char *instance_path, const char *answer_path, nq_claim *claim,
                      long *line) {
  char error[600];
  nq_instance *instance = NULL;
  if (nq_instance_read_formula(instance_path, &instance, error, sizeof error) != NQ_OK)
    return runtime_error("check", "%s", error);
  int from_stdin = !strcmp(answer_path, "-");
  FILE *input = from_stdin ? stdin : fopen(answer_path, "r");
  if (!input) {
    nq_instance_free(instance);
    return runtime_error("check", "%s: cannot open", answer_path);
  }
  nq_answer *answer = nq_answer_new(instance->variables > 0 ? instance->variables : 1);
  nq_instance_free(instance);
  nq_status status = answer ? nq_answer_read(answer, input, from_stdin ? "<stdin>" : answer_path,
                                             error, sizeof error)
                            : NQ_ERR_MEMORY;
  if (!from_stdin)
    fclose(input);
  if (status == NQ_OK) {
    *claim = answer->claim;
    *line = answer->claim_line;
  }
  nq_answer_free(answer);
  if (status != NQ_OK)
    return runtime_error("check", "%s", status == NQ_ERR_MEMORY ? "out of memory" : error);
  return NQ_EXIT_OK;
}

int check_instance_proof(const char *instance_path, const char *answer_path, const char *proof_path,
                         int format, const char *lrat_out, uint64_t max_nodes,
                         double time_limit_seconds, int summary) {
  nq_claim claim = NQ_CLAIM_NONE;
  long claim_line = 0;
  int code = read_claim(instance_path, answer_path, &claim, &claim_line);
  if (code != NQ_EXIT_OK)
    return code;
  if (claim != NQ_CLAIM_UNSATISFIABLE) {
    fprintf(stderr, "nqsat check: the answer does not claim UNSATISFIABLE; judged without "
                    "the proof\n");
    return check_instance(instance_path, answer_path, max_nodes, time_limit_seconds, summary);
  }
  nq_proof_result result;
  char error[600];
  double seconds = 0;
  nq_status status = check_proof_file(instance_path, proof_path, format, lrat_out, &result,
                                      &seconds, error, sizeof error);
  if (status != NQ_OK)
    return runtime_error("check", "%s", error);
  const char *answer_name = strcmp(answer_path, "-") ? answer_path : "<stdin>";
  printf("%s UNSATISFIABLE (%s:%ld): %s (%.3f s)\n", result.verified ? "correct" : "proof-failed",
         answer_name, claim_line, result.message, seconds);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("check", "cannot write to standard output");
  return result.verified ? NQ_EXIT_OK : NQ_EXIT_FAILURE;
}

int check_instance_certificate(const char *instance_path, const char *certificate_path,
                               const char *proof_path, int format) {
  char error[600], default_proof[4200];
  if (!proof_path) {
    snprintf(default_proof, sizeof default_proof, "%s.lrat", certificate_path);
    if (access(default_proof, F_OK) != 0)
      snprintf(default_proof, sizeof default_proof, "%s.drat", certificate_path);
    proof_path = default_proof;
  }
  size_t length = strlen(proof_path);
  int lrat = format == PROOF_FORMAT_AUTO
                 ? (length >= 5 && !strcmp(proof_path + length - 5, ".lrat")) ||
                       (length >= 8 && !strcmp(proof_path + length - 8, ".lrat.gz"))
                 : format == PROOF_FORMAT_LRAT;
  nq_certificate_result result;
  nq_status status = nq_certificate_check(instance_path, certificate_path, proof_path, lrat,
                                          &result, error, sizeof error);
  if (status != NQ_OK)
    return runtime_error("check", "%s", status == NQ_ERR_MEMORY ? "out of memory" : error);
  printf("%s count %s (%s): %s\n", result.verified ? "correct" : "certificate-failed",
         result.count[0] ? result.count : "?", certificate_path, result.message);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("check", "cannot write to standard output");
  return result.verified ? NQ_EXIT_OK : NQ_EXIT_FAILURE;
}
