/* Fuzz targets: the verifier's DRAT checker (built as proof_drat) and its
 * LRAT checker (built with FUZZ_LRAT as proof_lrat) on arbitrary proofs.
 *
 * Input layout: the first byte picks one of four small formulas, the rest
 * is the proof. Two formulas are unsatisfiable, two satisfiable. Besides the
 * sanitizers, the target checks the checker's contract and abort()s on a
 * violation: the status is OK or a parse error, a parse error is one
 * printable line starting with the proof's name, and no proof whatever is
 * accepted for a satisfiable formula (RAT lemmas keep satisfiability, so
 * accepting one would be unsound). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/proof.h"

static void require(int condition, const char *what) {
  if (!condition) {
    fprintf(stderr, "fuzz_proof_check: contract violated: %s\n", what);
    abort();
  }
}

static int printable_line(const char *text) {
  for (const unsigned char *p = (const unsigned char *)text; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      return 0;
  return 1;
}

static const struct {
  const char *text;
  int satisfiable;
} formulas[] = {
    /* F of tests/cli/proof_check.sh: 1 is forced, then 3 and 4 clash. */
    {"p cnf 4 6\n1 2 0\n1 -2 0\n-1 3 4 0\n-1 3 -4 0\n-1 -3 4 0\n-1 -3 -4 0\n", 0},
    /* Pigeons 3 into 2. */
    {"p cnf 6 9\n1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n", 0},
    /* The first one without (1 2): 1 false, 2 false satisfies it. */
    {"p cnf 4 5\n1 -2 0\n-1 3 4 0\n-1 3 -4 0\n-1 -3 4 0\n-1 -3 -4 0\n", 1},
    /* x1 = x2 = x3 = 1 satisfies it. */
    {"p cnf 3 3\n1 2 0\n-1 2 3 0\n2 -3 0\n", 1},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  size_t pick = data[0] % (sizeof formulas / sizeof *formulas);
  const char *cnf = formulas[pick].text;
  nq_proof_result result;
  char error[600] = "";
#ifdef FUZZ_LRAT
  nq_status status = nq_proof_check_lrat_memory(cnf, strlen(cnf), (const char *)data + 1, size - 1,
                                                "cnf", "proof", &result, error, sizeof error);
#else
  nq_status status = nq_proof_check_drat_memory(cnf, strlen(cnf), (const char *)data + 1, size - 1,
                                                "cnf", "proof", &result, error, sizeof error);
#endif
  require(status == NQ_OK || status == NQ_ERR_PARSE, "status OK or a parse error");
  if (status == NQ_ERR_PARSE) {
    require(!strncmp(error, "proof:", 6), "a parse error names the proof");
    require(printable_line(error), "a parse error is one printable line");
    return 0;
  }
  require(result.verified == 0 || result.verified == 1, "verified is 0 or 1");
  require(!(result.verified && formulas[pick].satisfiable), "a satisfiable formula is refuted");
  require(printable_line(result.message), "the verdict is one printable line");
  return 0;
}
