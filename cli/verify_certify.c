/* verify --certify: the counts of N = 1..10 (and the UNSAT of completion
 * instances without a solution) as certificates, each written by the CDCL
 * engine (nq_cnf_certify_count) and checked by the verifier
 * (nq_certificate_check): cubes that satisfy every clause, disjoint, and a
 * LRAT proof that no other model exists. A count is accepted when the
 * certificate checks and equals OEIS A000170. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nqsat/cnf.h"
#include "nqsat/proof.h"
#include "nqsat/refute.h"
#include "nqsat/verify.h"
#include "solve_proof.h"
#include "verify_certify.h"

/* Completion instances without a solution (cadical and the verifier's
 * completion search agree), as `encode N --completion K --seed S`. */
static const struct {
  int n, queens;
  uint64_t seed;
} unsat_completions[] = {{20, 12, 2}, {24, 12, 1}, {30, 19, 1}};

/* Certifies one formula; the certified count in `count`, or a reason. */
static int certify(const nq_encoding *encoding, const char *folder, char *count, size_t size) {
  char cnf_path[4200], cert_path[4200], proof_path[4200], error[600];
  snprintf(cnf_path, sizeof cnf_path, "%s/formula.cnf", folder);
  snprintf(cert_path, sizeof cert_path, "%s/formula.cert", folder);
  snprintf(proof_path, sizeof proof_path, "%s/formula.cert.lrat", folder);
  if (queens_formula_write(encoding, cnf_path, error, sizeof error)) {
    snprintf(count, size, "error");
    return -1;
  }
  nq_cnf *cnf = NULL;
  size_t cubes = 0;
  char written[128];
  nq_status status = nq_cnf_read_path(cnf_path, &cnf, error, sizeof error);
  if (status == NQ_OK)
    status = nq_cnf_certify_count(cnf, cert_path, proof_path, NQ_PROOF_BINARY, NQ_CERTIFICATE_LRAT,
                                  0, NULL, written, sizeof written, &cubes, error, sizeof error);
  nq_cnf_free(cnf);
  nq_certificate_result result = {0};
  if (status == NQ_OK)
    status = nq_certificate_check(cnf_path, cert_path, proof_path, 1, &result, error, sizeof error);
  unlink(cnf_path);
  unlink(cert_path);
  unlink(proof_path);
  if (status != NQ_OK || !result.verified) {
    fprintf(stderr, "nqsat verify: N = %d, %s: %s\n", encoding->n, nq_amo_name(encoding->amo),
            status != NQ_OK ? error : result.message);
    snprintf(count, size, "FAIL");
    return -1;
  }
  snprintf(count, size, "%s", result.count);
  return 0;
}

int verify_certify_print(const nq_amo *encodings, int encoding_count, int first, int last) {
  char folder[4096];
  const char *directory = getenv("TMPDIR");
  snprintf(folder, sizeof folder, "%s/nqsat-certify-XXXXXX",
           directory && *directory ? directory : "/tmp");
  if (!mkdtemp(folder))
    return runtime_error("verify", "%s: cannot create a temporary folder", folder);
  if (last > VERIFY_CERTIFY_MAX_N)
    last = VERIFY_CERTIFY_MAX_N;
  int failures = 0;
  printf("certified counts (certificate and LRAT proof checked by the verifier; = OEIS):\n");
  printf("%3s", "N");
  for (int e = 0; e < encoding_count; e++)
    printf(" %9s", nq_amo_name(encodings[e]));
  putchar('\n');
  for (int n = first; n <= last; n++) {
    printf("%3d", n);
    uint64_t known = 0, unique;
    nq_verify_known_count(n, &known, &unique);
    for (int e = 0; e < encoding_count; e++) {
      nq_encoding encoding = {.n = n, .amo = encodings[e]};
      char count[128];
      int bad = certify(&encoding, folder, count, sizeof count);
      if (!bad && strtoull(count, NULL, 10) != known) {
        fprintf(stderr, "nqsat verify: N = %d, %s: certified %s, OEIS A000170 says %llu\n", n,
                nq_amo_name(encodings[e]), count, (unsigned long long)known);
        bad = 1;
      }
      failures += bad;
      printf(" %9s", count);
    }
    putchar('\n');
    fflush(stdout);
  }
  for (size_t i = 0; i < sizeof unsat_completions / sizeof *unsat_completions; i++) {
    nq_square placed[64];
    nq_encoding encoding = {.n = unsat_completions[i].n, .amo = encodings[0]};
    char count[128];
    int bad = nq_encoder_random_queens(&encoding, unsat_completions[i].queens,
                                       unsat_completions[i].seed, placed) != NQ_OK;
    if (!bad) {
      encoding.placed = placed;
      encoding.placed_count = unsat_completions[i].queens;
      encoding.random_count = unsat_completions[i].queens;
      encoding.random_seed = unsat_completions[i].seed;
      bad = certify(&encoding, folder, count, sizeof count) || strcmp(count, "0") != 0;
    }
    printf("completion 'encode %d --completion %d --seed %llu --amo %s': %s\n",
           unsat_completions[i].n, unsat_completions[i].queens,
           (unsigned long long)unsat_completions[i].seed, nq_amo_name(encodings[0]),
           bad ? "FAIL" : "UNSAT certified (0 models)");
    failures += bad;
  }
  rmdir(folder);
  return failures;
}
