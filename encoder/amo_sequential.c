/* Sequential counter at-most-one (C. Sinz, "Towards an Optimal CNF Encoding
 * of Boolean Cardinality Constraints", CP 2005, LNCS 3709, LT-SEQ with
 * k = 1).
 *
 * Register s_i means "one of x_1..x_i is true". For n inputs it uses n-1
 * auxiliary variables and 3n-4 clauses:
 *   x_1 -> s_1
 *   x_i -> s_i,  s_{i-1} -> s_i,  x_i -> not s_{i-1}   for 1 < i < n
 *   x_n -> not s_{n-1}
 * Linear size instead of the quadratic pairwise encoding, at the price of
 * auxiliary variables that are not determined when the line is empty (they
 * may be true without any queen), so unprojected models outnumber boards.
 *
 * Parsimonious: s_1 -> x_1 and s_i -> s_{i-1} or x_i (n-1 more clauses)
 * make s_i equivalent to x_1 or ... or x_i, a function of the queens. */
#include "amo.h"

static void amo_sequential(clause_emitter *emitter, const int *variables, int count) {
  int parsimonious = emitter->encoding->parsimonious;
  int previous = fresh_variable(emitter);
  name_auxiliary(emitter, previous, variables, 1, 0, parsimonious,
                 "s(1): some queen on the first square");
  emit_binary(emitter, -variables[0], previous);
  if (parsimonious)
    emit_binary(emitter, -previous, variables[0]);
  for (int i = 1; i < count - 1; i++) {
    int current = fresh_variable(emitter);
    name_auxiliary(emitter, current, variables, i + 1, 0, parsimonious,
                   "s(%d): some queen among the first %d squares", i + 1, i + 1);
    emit_binary(emitter, -variables[i], current);
    emit_binary(emitter, -previous, current);
    emit_binary(emitter, -variables[i], -previous);
    if (parsimonious)
      emit_ternary(emitter, -current, previous, variables[i]);
    previous = current;
  }
  emit_binary(emitter, -variables[count - 1], -previous);
}

static amo_size amo_sequential_size(const nq_encoding *encoding, int64_t n) {
  amo_size size = {n - 1, 3 * n - 4, 2 * (3 * n - 4)};
  if (encoding->parsimonious) {
    size.clauses += n - 1;
    size.literals += 2 + 3 * (n - 2);
  }
  return size;
}

const amo_scheme amo_sequential_scheme = {NQ_AMO_SEQUENTIAL,   "seq", amo_sequential,
                                          amo_sequential_size, 0,     "Sinz's sequential counter"};
