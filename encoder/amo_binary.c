/* Binary (bitwise) at-most-one: A. M. Frisch, T. J. Peugniez, A. J. Doggett
 * and P. W. Nightingale, "Solving Non-Boolean Satisfiability Problems with
 * Stochastic Local Search: A Comparison of Encodings", Journal of Automated
 * Reasoning 35 (2005); also S. Prestwich's "bitwise" encoding.
 *
 * k = ceil(log2 n) bit variables b_t; input i (0-based) implies that the
 * bits spell i: x_i -> b_t or x_i -> not b_t for every t. Two true inputs
 * would need two different bit patterns. k auxiliaries, n*k binary clauses.
 * Unit propagation is arc-consistent: a true x_i fixes every bit, and every
 * other input has a bit that now contradicts it.
 *
 * The group form (`emit_group_bits`) codes the index of a group of inputs
 * instead of the input itself; bimander uses it with groups of several.
 *
 * Parsimonious: b_t -> (some input whose index has bit t) makes b_t the
 * disjunction of those inputs, so an empty line has all bits false. */
#include <stdlib.h>

#include "amo.h"

int bits_for(int64_t count) {
  int bits = 0;
  while (((int64_t)1 << bits) < count)
    bits++;
  return bits;
}

/* Bit t is true if the queen's group (its position, for binary) has bit t:
 * if one of the inputs of those groups is true. */
static void name_group_bits(clause_emitter *emitter, const int *variables, int count,
                            int group_size, int first_bit, int bits) {
  int *inputs = scratch_ints(emitter, (size_t)count);
  if (!inputs)
    return;
  for (int t = 0; t < bits; t++) {
    int size = 0;
    for (int i = 0; i < count; i++)
      if (((i / group_size) >> t) & 1)
        inputs[size++] = variables[i];
    if (group_size == 1)
      name_auxiliary(emitter, first_bit + t, inputs, size, 0, emitter->encoding->parsimonious,
                     "b(%d): bit %d (weight %d) of the queen's position - 1", t, t, 1 << t);
    else
      name_auxiliary(emitter, first_bit + t, inputs, size, 0, emitter->encoding->parsimonious,
                     "b(%d): bit %d (weight %d) of the queen's group - 1 (groups of %d)", t, t,
                     1 << t, group_size);
  }
  free(inputs);
}

void emit_group_bits(clause_emitter *emitter, const int *variables, int count, int group_size) {
  int groups = (count + group_size - 1) / group_size;
  int bits = bits_for(groups);
  int first_bit = emitter->next_variable;
  for (int t = 0; t < bits; t++)
    fresh_variable(emitter);
  if (emitter->name)
    name_group_bits(emitter, variables, count, group_size, first_bit, bits);
  for (int i = 0; i < count; i++) {
    int group = i / group_size;
    for (int t = 0; t < bits; t++)
      emit_binary(emitter, -variables[i], (group >> t) & 1 ? first_bit + t : -(first_bit + t));
  }
  if (!emitter->encoding->parsimonious)
    return;
  int *clause = scratch_ints(emitter, (size_t)count + 1);
  if (!clause)
    return;
  for (int t = 0; t < bits; t++) {
    size_t length = 0;
    clause[length++] = -(first_bit + t);
    for (int i = 0; i < count; i++)
      if (((i / group_size) >> t) & 1)
        clause[length++] = variables[i];
    emit_clause(emitter, clause, length);
  }
  free(clause);
}

/* How many of 0..limit-1 have bit t set. */
static int64_t with_bit(int64_t limit, int t) {
  int64_t period = (int64_t)1 << (t + 1), half = (int64_t)1 << t;
  int64_t rest = limit % period - half;
  return limit / period * half + (rest > 0 ? rest : 0);
}

amo_size group_bits_size(int64_t count, int64_t group_size, int parsimonious) {
  int64_t groups = (count + group_size - 1) / group_size;
  int bits = bits_for(groups);
  amo_size size = {bits, count * bits, 2 * count * bits};
  if (parsimonious) {
    int64_t full = count / group_size, partial = count % group_size;
    for (int t = 0; t < bits; t++) {
      int64_t members = with_bit(full, t) * group_size + (((full >> t) & 1) ? partial : 0);
      size.clauses += 1;
      size.literals += 1 + members;
    }
  }
  return size;
}

static void amo_binary(clause_emitter *emitter, const int *variables, int count) {
  emit_group_bits(emitter, variables, count, 1);
}

static amo_size amo_binary_size(const nq_encoding *encoding, int64_t count) {
  return group_bits_size(count, 1, encoding->parsimonious);
}

const amo_scheme amo_binary_scheme = {NQ_AMO_BINARY,   "binary", amo_binary,
                                      amo_binary_size, 0,        "binary (bitwise) encoding"};
