/* Ladder (regular) at-most-one: I. P. Gent and P. Nightingale, "A new
 * encoding of AllDifferent into SAT", CP 2004 workshop on modelling and
 * reformulating CSPs; the same order encoding is C. Ansotegui and F. Manya's
 * "regular encoding" (SAT 2004).
 *
 * The line's queen position p is one of 1..n or "none" (n+1). Ladder
 * variable y_i means p > i, for i = 1..n, so y_n means "no queen here":
 *   y_{i+1} -> y_i                            (n-1, the ladder is valid)
 *   x_i <-> y_{i-1} and not y_i               (channelling, y_0 = true):
 *     x_i -> not y_i (n), x_i -> y_{i-1} (n-1), y_{i-1} and not y_i -> x_i (n)
 * n auxiliary variables, 4n-2 clauses. Because channelling is an
 * equivalence, the ladder is a function of the queens: parsimonious by
 * construction, unlike the sequential counter it otherwise resembles (whose
 * registers are the ladder's one-directional half). */
#include "amo.h"

static void amo_ladder(clause_emitter *emitter, const int *variables, int count) {
  int first = emitter->next_variable;
  for (int i = 0; i < count; i++) {
    int rung = fresh_variable(emitter);
    if (i == 0 && count > 1)
      name_auxiliary(emitter, rung, variables, 1, 1, 1,
                     "y(1): the queen, if any, is past the first square");
    else if (i + 1 < count)
      name_auxiliary(emitter, rung, variables, i + 1, 1, 1,
                     "y(%d): the queen, if any, is past the first %d squares", i + 1, i + 1);
    else
      name_auxiliary(emitter, rung, variables, count, 1, 1, "y(%d): no queen on the line", i + 1);
  }
  /* ladder[i] is y_{i+1}. */
  for (int i = 0; i + 1 < count; i++)
    emit_binary(emitter, -(first + i + 1), first + i);
  for (int i = 0; i < count; i++) {
    int below = first + i - 1; /* y_i in 1-based terms; absent for i = 0 */
    int here = first + i;
    emit_binary(emitter, -variables[i], -here);
    if (i > 0) {
      emit_binary(emitter, -variables[i], below);
      emit_ternary(emitter, -below, here, variables[i]);
    } else {
      emit_binary(emitter, here, variables[i]);
    }
  }
}

static amo_size amo_ladder_size(const nq_encoding *encoding, int64_t n) {
  (void)encoding;
  return (amo_size){n, 4 * n - 2, 2 * (n - 1) + 2 * n + 2 * (n - 1) + 2 + 3 * (n - 1)};
}

const amo_scheme amo_ladder_scheme = {NQ_AMO_LADDER,   "ladder", amo_ladder,
                                      amo_ladder_size, 1,        "ladder / regular encoding"};
