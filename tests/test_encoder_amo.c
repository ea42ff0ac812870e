/* Each at-most-one encoding on a single line of n inputs, checked by brute
 * force (white box: each encoding's private scheme from the registry):
 *  - projected onto the inputs, the models are exactly the assignments with
 *    at most one true input;
 *  - with --parsimonious (or for encodings parsimonious by construction)
 *    every such assignment has exactly one extension to the auxiliaries;
 *  - unit propagation is arc-consistent: setting any input true propagates
 *    every other input false (the README table's claim). */
#include <stdlib.h>
#include <string.h>

#include "amo.h"
#include "check.h"
#include "clause_list.h"

enum { MAX_LITERALS = 4096, MAX_CLAUSES = 1024 };

static void check_line(const nq_encoding *options, int n) {
  clause_list *f = clause_list_new(MAX_LITERALS, MAX_CLAUSES);
  int inputs[16];
  for (int i = 0; i < n; i++)
    inputs[i] = i + 1;
  nq_clause_sink sink = {f, clause_list_store};
  clause_emitter emitter = {&sink, NULL, NULL, options, n + 1, NQ_OK, NULL};
  const amo_scheme *scheme = amo_scheme_of(options->amo);
  CHECK(scheme && scheme->amo == options->amo, "encoding %d: no scheme in the registry",
        (int)options->amo);
  const char *name = scheme->name;
  scheme->encode(&emitter, inputs, n);
  CHECK(emitter.status == NQ_OK, "%s n=%d: generation failed", name, n);
  int variables = emitter.next_variable - 1, auxiliaries = variables - n;
  CHECK(auxiliaries <= 14, "%s n=%d: too many auxiliaries to brute-force", name, n);
  int parsimonious = options->parsimonious || nq_amo_is_parsimonious(options->amo);
  signed char value[64];
  for (unsigned x = 0; x < (1u << n); x++) {
    int ones = __builtin_popcount(x);
    long extensions = 0;
    for (unsigned a = 0; a < (1u << auxiliaries); a++) {
      for (int i = 0; i < n; i++)
        value[i + 1] = (signed char)((x >> i) & 1);
      for (int j = 0; j < auxiliaries; j++)
        value[n + 1 + j] = (signed char)((a >> j) & 1);
      extensions += clause_list_satisfied(f, value);
    }
    if (ones <= 1) {
      CHECK(extensions >= 1, "%s n=%d: inputs %#x (at most one) rejected", name, n, x);
      if (parsimonious)
        CHECK(extensions == 1, "%s n=%d parsimonious: inputs %#x have %ld extensions", name, n, x,
              extensions);
    } else {
      CHECK(extensions == 0, "%s n=%d: inputs %#x (%d true) accepted", name, n, x, ones);
    }
  }
  for (int i = 1; i <= n; i++) {
    memset(value, -1, sizeof value);
    value[i] = 1;
    CHECK(clause_list_propagate(f, value), "%s n=%d: x%d alone conflicts", name, n, i);
    for (int j = 1; j <= n; j++)
      if (j != i)
        CHECK(value[j] == 0, "%s n=%d: x%d true does not propagate x%d false", name, n, i, j);
  }
  clause_list_free(f);
}

int main(void) {
  for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
    for (int variant = 0; variant < 6; variant++)
      for (int n = 2; n <= 9; n++) {
        nq_encoding options = {.n = n, .amo = (nq_amo)amo, .parsimonious = variant & 1};
        if (variant >= 2) {
          options.commander_group_size = variant < 4 ? 2 : 4;
          options.bimander_groups = variant < 4 ? 3 : 1;
        }
        check_line(&options, n);
      }
  return check_report("test_encoder_amo");
}
