/* The closed-form sizes (nq_encoder_measure, what the "p cnf" header says)
 * against what the generators actually emit, for every encoding and option
 * combination over a range of N; and every variable up to the header's
 * count appears in some clause (no gaps the header would hide). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/encoder.h"

typedef struct tally {
  int64_t clauses, literals, largest;
  unsigned char *seen; /* per variable */
  int64_t capacity;
} tally;

static int count_clause(void *context, const int *literals, size_t count) {
  tally *t = context;
  t->clauses++;
  t->literals += (int64_t)count;
  for (size_t i = 0; i < count; i++) {
    int64_t v = literals[i] < 0 ? -(int64_t)literals[i] : literals[i];
    if (v > t->largest)
      t->largest = v;
    if (v < t->capacity)
      t->seen[v] = 1;
  }
  return 0;
}

static void check_one(const nq_encoding *encoding, const char *label) {
  nq_formula_size size;
  CHECK(nq_encoder_measure(encoding, &size) == NQ_OK, "%s n=%d: measure failed", label,
        encoding->n);
  tally t = {0, 0, 0, calloc((size_t)size.variables + 2, 1), size.variables + 2};
  nq_clause_sink sink = {&t, count_clause};
  CHECK(nq_encoder_generate(encoding, &sink) == NQ_OK, "%s n=%d: generate failed", label,
        encoding->n);
  CHECK(t.clauses == size.clauses, "%s n=%d: header %" PRId64 " clauses, emitted %" PRId64, label,
        encoding->n, size.clauses, t.clauses);
  CHECK(t.literals == size.literals, "%s n=%d: measured %" PRId64 " literals, emitted %" PRId64,
        label, encoding->n, size.literals, t.literals);
  CHECK(t.largest == size.variables, "%s n=%d: header %" PRId64 " variables, largest %" PRId64,
        label, encoding->n, size.variables, t.largest);
  for (int64_t v = 1; v <= size.variables; v++)
    if (!t.seen[v]) {
      CHECK(0, "%s n=%d: variable %" PRId64 " never used", label, encoding->n, v);
      break;
    }
  free(t.seen);
}

int main(void) {
  nq_formula_size size;
  nq_square placed[2] = {{0, 0}, {2, 1}}, blocked[3] = {{1, 3}, {4, 4}, {3, 0}};
  for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
    for (int variant = 0; variant < 6; variant++)
      for (int n = 1; n <= 40; n++) {
        nq_encoding e = {.n = n, .amo = (nq_amo)amo};
        char label[96];
        e.parsimonious = variant & 1;
        e.redundant = variant == 2 || variant == 5;
        if (variant >= 2) {
          e.commander_group_size = variant == 2 ? 2 : variant == 3 ? 4 : 7;
          e.bimander_groups = variant == 2 ? 1 : variant == 3 ? 3 : 5;
        }
        if (variant == 4 && n >= 5) {
          e.placed = placed;
          e.placed_count = 2;
          e.blocked = blocked;
          e.blocked_count = 3;
        }
        snprintf(label, sizeof label, "%s variant %d", nq_amo_name((nq_amo)amo), variant);
        check_one(&e, label);
      }
  /* A few large boards, where per-level rounding in the recursive
   * encodings differs from small ones. */
  int large[] = {97, 128, 200, 257};
  for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
    for (int i = 0; i < 4; i++) {
      nq_encoding e = {.n = large[i], .amo = (nq_amo)amo, .parsimonious = i & 1};
      check_one(&e, nq_amo_name((nq_amo)amo));
    }
  /* The rows model, every CSP encoding, with and without squares. */
  for (int csp = 0; csp < NQ_CSP_COUNT; csp++)
    for (int variant = 0; variant < 2; variant++)
      for (int n = 1; n <= 40; n++) {
        nq_encoding e = {.n = n, .model = NQ_MODEL_ROWS, .csp = (nq_csp)csp};
        char label[96];
        if (variant && n >= 5) {
          e.placed = placed;
          e.placed_count = 2;
          e.blocked = blocked;
          e.blocked_count = 3;
        }
        snprintf(label, sizeof label, "rows %s variant %d", nq_csp_name((nq_csp)csp), variant);
        check_one(&e, label);
      }
  /* Larger boards: log widths that are not powers of two, and (except for
   * support, whose n^4 literals would make this slow) 128. */
  int rows_large[] = {97, 128};
  for (int csp = 0; csp < NQ_CSP_COUNT; csp++)
    for (int i = 0; i < 2; i++) {
      if (csp == NQ_CSP_SUPPORT && i)
        continue;
      nq_encoding e = {.n = rows_large[i], .model = NQ_MODEL_ROWS, .csp = (nq_csp)csp};
      check_one(&e, nq_csp_name((nq_csp)csp));
    }
  /* Matrix-only options are refused with the rows model. */
  nq_encoding mixed = {.n = 8, .model = NQ_MODEL_ROWS, .parsimonious = 1};
  CHECK(nq_encoder_measure(&mixed, &size) == NQ_ERR_ARGUMENT, "rows + parsimonious accepted");
  /* The variable bound is enforced, not overflowed. */
  nq_encoding huge = {.n = NQ_ENCODER_MAX_N, .amo = NQ_AMO_LADDER};
  nq_status status = nq_encoder_measure(&huge, &size);
  CHECK(status == NQ_ERR_ARGUMENT || (status == NQ_OK && size.variables <= 2147483647),
        "N=%d ladder: %" PRId64 " variables", NQ_ENCODER_MAX_N, size.variables);
  return check_report("test_encoder_sizes");
}
