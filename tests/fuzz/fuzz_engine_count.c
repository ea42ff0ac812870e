/* libFuzzer target for the two model-enumeration engines of solve FILE:
 * the input bytes become a small CNF (at most 12 variables, so brute force
 * is instant), which is counted by the native all-solutions engine and by
 * the PicoSAT blocking-clause engine, each under options the input picks
 * (threads, split, symmetry, a 'c ind' projection), and by brute force
 * here. Any disagreement aborts: a wrong count, not only a crash, is what
 * this target finds. A model listing with partial models as cubes is
 * expanded and must give the same count.
 *
 * Input layout: byte 0 picks the variables (1..12) and whether the first
 * few are a projection; byte 1 the options; then each clause is a length
 * byte (1..4 literals) and one byte per literal (variable = byte % V + 1,
 * negative when bit 7 is set). Replayed over corpus/engine_count and
 * regressions/engine_count by ctest; run for real with scripts/fuzz.sh. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/cnf.h"
#include "nqsat/solver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_VARIABLES = 12, MAX_CLAUSES = 48, MAX_WIDTH = 4 };

typedef struct formula {
  int variables, projected; /* projection: variables 1..projected; 0 none */
  int clauses, width[MAX_CLAUSES], literal[MAX_CLAUSES][MAX_WIDTH];
} formula;

static void decode(const uint8_t *data, size_t size, formula *f) {
  memset(f, 0, sizeof *f);
  f->variables = 1 + data[0] % MAX_VARIABLES;
  if (data[0] & 0x80)
    f->projected = 1 + (data[0] >> 4) % f->variables;
  size_t at = 2;
  while (at < size && f->clauses < MAX_CLAUSES) {
    int width = 1 + data[at++] % MAX_WIDTH;
    for (int k = 0; k < width && at < size; k++, at++) {
      int variable = 1 + data[at] % f->variables;
      f->literal[f->clauses][f->width[f->clauses]++] = data[at] & 0x80 ? -variable : variable;
    }
    if (f->width[f->clauses])
      f->clauses++;
  }
}

/* Projected models over the variables that occur in a clause: the
 * convention of nq_enumeration (unused variables are not enumerated). */
static uint64_t brute_force(const formula *f) {
  int occurs = 0;
  for (int c = 0; c < f->clauses; c++)
    for (int k = 0; k < f->width[c]; k++)
      occurs |= 1 << (abs(f->literal[c][k]) - 1);
  int shown = occurs & (f->projected ? (1 << f->projected) - 1 : -1);
  static unsigned char seen[1 << MAX_VARIABLES];
  memset(seen, 0, sizeof seen);
  uint64_t count = 0;
  for (int a = 0; a < 1 << f->variables; a++) {
    if (a & ~occurs)
      continue; /* variables outside every clause stay 0: counted once */
    int satisfied = 1;
    for (int c = 0; c < f->clauses && satisfied; c++) {
      satisfied = 0;
      for (int k = 0; k < f->width[c] && !satisfied; k++) {
        int literal = f->literal[c][k], value = (a >> (abs(literal) - 1)) & 1;
        satisfied = literal > 0 ? value : !value;
      }
    }
    if (satisfied && !seen[a & shown]) {
      seen[a & shown] = 1;
      count++;
    }
  }
  return count;
}

static nq_cnf *to_cnf(const formula *f) {
  char text[4096];
  size_t used = 0;
  if (f->projected) {
    used += (size_t)snprintf(text + used, sizeof text - used, "c ind");
    for (int v = 1; v <= f->projected; v++)
      used += (size_t)snprintf(text + used, sizeof text - used, " %d", v);
    used += (size_t)snprintf(text + used, sizeof text - used, " 0\n");
  }
  used +=
      (size_t)snprintf(text + used, sizeof text - used, "p cnf %d %d\n", f->variables, f->clauses);
  for (int c = 0; c < f->clauses; c++) {
    for (int k = 0; k < f->width[c]; k++)
      used += (size_t)snprintf(text + used, sizeof text - used, "%d ", f->literal[c][k]);
    used += (size_t)snprintf(text + used, sizeof text - used, "0\n");
  }
  nq_cnf *cnf = NULL;
  char error[256];
  if (nq_cnf_read_memory(text, used, "fuzz", &cnf, error, sizeof error) != NQ_OK)
    abort(); /* a well-formed formula was refused */
  return cnf;
}

/* Listed models, partial ones expanded by their free variables. */
static int count_listed(void *context, const signed char *values, const int *file_variables,
                        int count) {
  (void)file_variables;
  int free_count = 0;
  for (int i = 1; i <= count; i++)
    free_count += values[i] < 0;
  *(uint64_t *)context += (uint64_t)1 << free_count;
  return 0;
}

static uint64_t count_with(const nq_cnf *cnf, nq_cnf_engine engine, uint8_t choice, int listing) {
  nq_cnf_options options = {0};
  options.engine = engine;
  options.no_split = choice & 1;
  options.no_symmetry = (choice >> 1) & 1;
  options.cube_target = 1 + (choice >> 4);
  options.listing = listing;
  options.partial = listing;
  nq_solver_control control = {0};
  control.threads = 1 + ((choice >> 2) & 1);
  nq_cnf_plan *plan = NULL;
  if (nq_cnf_plan_make(cnf, &options, &control, &plan, NULL) != NQ_OK)
    abort();
  nq_enumeration result;
  uint64_t listed = 0;
  nq_status status =
      nq_cnf_plan_enumerate(plan, 0, &control, listing ? count_listed : NULL, &listed, &result);
  nq_cnf_plan_free(plan);
  if (status != NQ_OK || !result.complete || result.solutions_high)
    abort();
  if (listing && listed != result.solutions)
    abort(); /* the listing stands for other models than it counts */
  return result.solutions;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return 0;
  formula f;
  decode(data, size, &f);
  nq_cnf *cnf = to_cnf(&f);
  uint64_t expected = brute_force(&f);
  if (count_with(cnf, NQ_CNF_ENGINE_NATIVE, data[1], 0) != expected)
    abort(); /* the native engine's count is wrong */
  if (count_with(cnf, NQ_CNF_ENGINE_PICOSAT, data[1], 0) != expected)
    abort(); /* the PicoSAT engine's count is wrong */
  if (count_with(cnf, NQ_CNF_ENGINE_NATIVE, data[1] ^ 2, 1) != expected)
    abort(); /* the native engine's partial-model listing is wrong */
  nq_cnf_free(cnf);
  return 0;
}
