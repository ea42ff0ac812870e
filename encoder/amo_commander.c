/* Commander at-most-one: W. Klieber and G. Kwon, "Efficient CNF Encoding
 * for Selecting 1 from N Objects", Fourth Workshop on Constraints in Formal
 * Verification (CFV), 2007.
 *
 * The line is cut into groups of g variables (the last may be shorter). Each
 * group of two or more gets a commander c: the group's variables are
 * pairwise exclusive and each implies c (Klieber & Kwon's "at most one of
 * G and not c"); then at most one commander is true, encoded recursively
 * the same way until at most g remain, which are encoded pairwise. A group
 * of one is its own commander (no variable, no clause). Per level with m
 * full groups: m auxiliary variables, m*(g(g-1)/2 + g) clauses; overall
 * about n/(g-1) auxiliaries and n*(g+1)/2 * g/(g-1) clauses.
 *
 * Parsimonious: c -> (some variable of the group) per commander makes c the
 * disjunction of its group (the exactly-one variant's clause). */
#include <stdlib.h>

#include "amo.h"

static int group_size_of(const nq_encoding *encoding) {
  return encoding->commander_group_size ? encoding->commander_group_size : 3;
}

static void amo_commander(clause_emitter *emitter, const int *variables, int count) {
  int group_size = group_size_of(emitter->encoding);
  if (count <= group_size) {
    amo_pairwise(emitter, variables, count);
    return;
  }
  int groups = (count + group_size - 1) / group_size;
  int *commanders = scratch_ints(emitter, (size_t)groups + (size_t)group_size + 1);
  if (!commanders)
    return;
  int *clause = commanders + groups;
  for (int j = 0; j < groups; j++) {
    const int *members = variables + (size_t)j * group_size;
    int size = count - j * group_size < group_size ? count - j * group_size : group_size;
    if (size == 1) {
      commanders[j] = members[0];
      continue;
    }
    int commander = fresh_variable(emitter);
    commanders[j] = commander;
    name_auxiliary(emitter, commander, members, size, 0, emitter->encoding->parsimonious,
                   "c(%d): some queen in group %d of %d", j + 1, j + 1, groups);
    amo_pairwise(emitter, members, size);
    for (int i = 0; i < size; i++)
      emit_binary(emitter, -members[i], commander);
    if (emitter->encoding->parsimonious) {
      clause[0] = -commander;
      for (int i = 0; i < size; i++)
        clause[i + 1] = members[i];
      emit_clause(emitter, clause, (size_t)size + 1);
    }
  }
  amo_commander(emitter, commanders, groups);
  free(commanders);
}

static amo_size amo_commander_size(const nq_encoding *encoding, int64_t count) {
  int64_t group_size = group_size_of(encoding);
  amo_size total = {0, 0, 0};
  while (count > group_size) {
    int64_t full = count / group_size, rest = count % group_size;
    amo_size pairs = amo_pairwise_size(encoding, group_size);
    amo_size group = {1, pairs.clauses + group_size, pairs.literals + 2 * group_size};
    if (encoding->parsimonious) {
      group.clauses += 1;
      group.literals += group_size + 1;
    }
    total.auxiliaries += full * group.auxiliaries;
    total.clauses += full * group.clauses;
    total.literals += full * group.literals;
    if (rest >= 2) {
      pairs = amo_pairwise_size(encoding, rest);
      total.auxiliaries += 1;
      total.clauses += pairs.clauses + rest + (encoding->parsimonious ? 1 : 0);
      total.literals += pairs.literals + 2 * rest + (encoding->parsimonious ? rest + 1 : 0);
    }
    count = full + (rest ? 1 : 0);
  }
  amo_size last = amo_pairwise_size(encoding, count);
  amo_size_add(&total, &last);
  return total;
}

const amo_scheme amo_commander_scheme = {
    NQ_AMO_COMMANDER,   "commander", amo_commander,
    amo_commander_size, 0,           "Klieber & Kwon's commander encoding"};
