/* Bimander at-most-one: V.-H. Nguyen and S. T. Mai, "A New Method to Encode
 * the At-Most-One Constraint into SAT", Sixth International Symposium on
 * Information and Communication Technology (SoICT), 2015.
 *
 * The line is cut into m groups of g = ceil(n/m) consecutive inputs; inputs
 * of one group are pairwise exclusive, and the group index is coded by
 * ceil(log2 m) bits as in the binary encoding (each input implies its
 * group's bit pattern), so two groups cannot both have a true input.
 * ceil(log2 m) auxiliaries and m*g(g-1)/2 + n*ceil(log2 m) clauses: between
 * pairwise (m = 1) and binary (m = n). Default m = ceil(n/2), groups of two.
 *
 * Parsimonious: as for binary, each bit implies some input of a group
 * whose index has that bit. */
#include "amo.h"

static int64_t group_size_for(const nq_encoding *encoding, int64_t count) {
  int64_t groups = encoding->bimander_groups ? encoding->bimander_groups : (count + 1) / 2;
  if (groups > count)
    groups = count;
  return (count + groups - 1) / groups;
}

static void amo_bimander(clause_emitter *emitter, const int *variables, int count) {
  int group_size = (int)group_size_for(emitter->encoding, count);
  for (int start = 0; start < count; start += group_size) {
    int size = count - start < group_size ? count - start : group_size;
    amo_pairwise(emitter, variables + start, size);
  }
  if (group_size < count)
    emit_group_bits(emitter, variables, count, group_size);
}

static amo_size amo_bimander_size(const nq_encoding *encoding, int64_t count) {
  int64_t group_size = group_size_for(encoding, count);
  int64_t full = count / group_size, rest = count % group_size;
  amo_size total = amo_pairwise_size(encoding, group_size);
  total.clauses *= full;
  total.literals *= full;
  amo_size last = amo_pairwise_size(encoding, rest);
  amo_size_add(&total, &last);
  if (group_size < count) {
    amo_size bits = group_bits_size(count, group_size, encoding->parsimonious);
    amo_size_add(&total, &bits);
  }
  return total;
}

const amo_scheme amo_bimander_scheme = {
    NQ_AMO_BIMANDER,   "bimander", amo_bimander,
    amo_bimander_size, 0,          "Nguyen & Mai's bimander encoding"};
