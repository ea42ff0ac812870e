/* Binomial (pairwise) at-most-one: for every pair, not both.
 * n(n-1)/2 binary clauses, no auxiliary variables; unit propagation is
 * arc-consistent. The textbook encoding (see e.g. Biere et al., Handbook of
 * Satisfiability, ch. 2), and the one every other encoding's projected model
 * count is checked against. */
#include "amo.h"

void amo_pairwise(clause_emitter *emitter, const int *variables, int count) {
  /* A line of N = 3000 is 4.5 million clauses: once the sink has stopped
   * (Ctrl-C, a full disk), skipping the rest of them row by row keeps the
   * stop prompt. */
  for (int i = 0; i < count && emitter->status == NQ_OK; i++)
    for (int j = i + 1; j < count; j++)
      emit_binary(emitter, -variables[i], -variables[j]);
}

amo_size amo_pairwise_size(const nq_encoding *encoding, int64_t count) {
  (void)encoding;
  int64_t pairs = count * (count - 1) / 2;
  return (amo_size){0, pairs, 2 * pairs};
}

const amo_scheme amo_pairwise_scheme = {NQ_AMO_PAIRWISE,   "pairwise", amo_pairwise,
                                        amo_pairwise_size, 1,          "one clause per pair"};
