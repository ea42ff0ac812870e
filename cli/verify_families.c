/* `nqsat verify A..B --family NAME`: for each N, the verifier's native
 * answer (nqsat/chess.h), the OEIS term where the table has it, and the
 * SAT answer of every selected encoding of `nqsat encode --problem`: the
 * model count of toroidal and super-queens, the status at K = the proved
 * optimum and K - 1 for colouring and domination. A row agrees when every
 * answer equals the native one. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "clock.h"
#include "nqsat/chess.h"
#include "nqsat/cnf.h"
#include "nqsat/output.h"
#include "nqsat/solver.h"
#include "verify_families.h"

/* Models of the encoded formula (at most `limit`, 0: all) into *models. */
static nq_status sat_models(const nq_encoding *encoding, uint64_t limit, int threads,
                            uint64_t *models) {
  const char *directory = getenv("TMPDIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/nqsat-verify-family-XXXXXX",
           directory && *directory ? directory : "/tmp");
  int descriptor = mkstemp(path);
  if (descriptor < 0)
    return NQ_ERR_IO;
  close(descriptor);
  nq_output *output;
  char error[512];
  nq_status status = nq_output_open(&output, path, NQ_COMPRESS_NONE, 6, error, sizeof error);
  if (status == NQ_OK) {
    status = nq_encoder_write_dimacs(encoding, NULL, output);
    if (status == NQ_OK)
      status = nq_output_commit(output, error, sizeof error);
    else
      nq_output_abort(output);
  }
  nq_cnf *cnf = NULL;
  if (status == NQ_OK)
    status = nq_cnf_read_path(path, &cnf, error, sizeof error);
  unlink(path);
  if (status != NQ_OK)
    return status;
  nq_solver_control control = {.threads = threads};
  nq_enumeration result;
  memset(&result, 0, sizeof result);
  status = nq_solver_enumerate_cnf(cnf, limit, &control, NULL, NULL, &result);
  nq_cnf_free(cnf);
  *models = result.solutions;
  return status != NQ_OK ? status : result.complete ? NQ_OK : NQ_ERR_SOLVER;
}

static const char *status_word(uint64_t models) { return models ? "SAT" : "UNSAT"; }

/* One K of an optimisation family: every encoding's status against
 * `expected_sat`. Returns the number that disagree, or -1 on failure. */
static int print_statuses(nq_encoding *encoding, int k, int expected_sat,
                          const verify_family_run *run) {
  int disagree = 0;
  printf("; K=%d %s:", k, expected_sat ? "SAT" : "UNSAT");
  encoding->bound = k;
  for (int i = 0; i < run->encoding_count; i++) {
    encoding->amo = run->encodings[i];
    uint64_t models = 0;
    if (sat_models(encoding, 1, run->threads, &models) != NQ_OK)
      return -1;
    int agrees = (models > 0) == expected_sat;
    disagree += !agrees;
    printf(" %s %s%s", nq_amo_name(encoding->amo), status_word(models), agrees ? "" : " (!)");
  }
  return disagree;
}

static int print_row(const verify_family_run *run, int n) {
  nq_encoding encoding;
  memset(&encoding, 0, sizeof encoding);
  encoding.n = n;
  encoding.problem = run->problem;
  uint64_t native = 0, known = 0;
  const char *sequence = NULL;
  nq_status status = NQ_OK;
  int disagree = 0, squares[NQ_CHESS_MAX_GRAPH_N * NQ_CHESS_MAX_GRAPH_N], optimum = 0;
  nq_chess_family family;
  switch (run->problem) {
  case NQ_PROBLEM_TOROIDAL: family = NQ_CHESS_TOROIDAL; break;
  case NQ_PROBLEM_SUPER: family = NQ_CHESS_SUPERQUEENS; break;
  case NQ_PROBLEM_COLOUR: family = NQ_CHESS_CHROMATIC; break;
  case NQ_PROBLEM_DOMINATE: family = NQ_CHESS_DOMINATION; break;
  default: family = NQ_CHESS_INDEPENDENT_DOMINATION; break;
  }
  double start = clock_seconds(CLOCK_MONOTONIC);
  if (run->problem == NQ_PROBLEM_TOROIDAL)
    status = nq_chess_count_toroidal(n, run->threads, &native);
  else if (run->problem == NQ_PROBLEM_SUPER)
    status = nq_chess_count_superqueens(n, run->threads, &native);
  else if (run->problem == NQ_PROBLEM_COLOUR)
    status = nq_chess_chromatic_number(n, &optimum, squares);
  else
    status = nq_chess_domination_number(n, run->problem == NQ_PROBLEM_DOMINATE_INDEPENDENT,
                                        &optimum, squares);
  double native_seconds = clock_seconds(CLOCK_MONOTONIC) - start;
  if (status != NQ_OK)
    return -1;
  if (optimum)
    native = (uint64_t)optimum;
  int has_known = nq_chess_known(family, n, &known, &sequence) == 0;
  printf("%s N=%d: native %" PRIu64 " (%.3f s)", nq_problem_name(run->problem), n, native,
         native_seconds);
  if (has_known) {
    printf(", OEIS %s %" PRIu64, sequence, known);
    disagree += known != native;
  } else {
    printf(", OEIS %s has no term", sequence);
  }
  if (!run->encoding_count) {
    /* --native-only */
  } else if (!optimum) {
    printf(";");
    for (int i = 0; i < run->encoding_count; i++) {
      encoding.amo = run->encodings[i];
      uint64_t models = 0;
      if (sat_models(&encoding, 0, run->threads, &models) != NQ_OK)
        return -1;
      disagree += models != native;
      printf(" %s %" PRIu64 "%s", nq_amo_name(encoding.amo), models,
             models != native ? " (!)" : "");
    }
  } else {
    int at = print_statuses(&encoding, optimum, 1, run);
    int below = optimum > 1 ? print_statuses(&encoding, optimum - 1, 0, run) : 0;
    if (at < 0 || below < 0)
      return -1;
    disagree += at + below;
  }
  printf(": %s\n", disagree ? "DISAGREE" : "agree");
  fflush(stdout);
  return disagree ? 1 : 0;
}

int verify_families_print(const verify_family_run *run, int first, int last) {
  int failures = 0;
  for (int n = first; n <= last; n++) {
    int row = print_row(run, n);
    if (row < 0)
      return -1;
    failures += row;
  }
  return failures;
}
