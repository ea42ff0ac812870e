/* Private to encoder/: the at-most-one encodings and their registry.
 *
 * Every encoding is one amo_*.c file exporting one amo_scheme: a generator
 * that emits the clauses for one line, and a closed-form size for a line of
 * length n, two halves that must agree. amo_registry.c lists the schemes
 * (as csp_registry.c lists the rows model's); formula.c generates through
 * them and formula_size.c sums their sizes. tests/test_encoder_sizes.c
 * checks the sizes against what the generators emit. Adding an encoding:
 * one amo_*.c, its scheme in the registry, its nq_amo value. */
#ifndef NQSAT_ENCODER_AMO_H
#define NQSAT_ENCODER_AMO_H

#include "clause_emitter.h"

/* Auxiliary variables, clauses and literals one at-most-one adds. */
typedef struct amo_size {
  int64_t auxiliaries;
  int64_t clauses;
  int64_t literals;
} amo_size;

static inline void amo_size_add(amo_size *total, const amo_size *part) {
  total->auxiliaries += part->auxiliaries;
  total->clauses += part->clauses;
  total->literals += part->literals;
}

typedef struct amo_scheme {
  nq_amo amo;
  const char *name; /* as --amo spells it */
  /* Adds "at most one of variables[0..count-1] is true" (count >= 2). */
  void (*encode)(clause_emitter *emitter, const int *variables, int count);
  /* The matching size for a line of `count` >= 2 variables. */
  amo_size (*size)(const nq_encoding *encoding, int64_t count);
  int parsimonious;    /* auxiliaries are functions of the inputs as they stand */
  const char *summary; /* one line for --help: "one clause per pair" */
} amo_scheme;

/* The scheme of `amo`, or NULL when there is none. */
const amo_scheme *amo_scheme_of(nq_amo amo);

extern const amo_scheme amo_pairwise_scheme;
extern const amo_scheme amo_sequential_scheme;
extern const amo_scheme amo_ladder_scheme;
extern const amo_scheme amo_commander_scheme;
extern const amo_scheme amo_product_scheme;
extern const amo_scheme amo_binary_scheme;
extern const amo_scheme amo_bimander_scheme;

/* Pairwise, which commander, product, bimander and the rows model's direct
 * encoding build on (small groups are best encoded pairwise). */
void amo_pairwise(clause_emitter *emitter, const int *variables, int count);
amo_size amo_pairwise_size(const nq_encoding *encoding, int64_t count);

/* Shared by binary and bimander (amo_binary.c): variable i of `variables`
 * is in group i / group_size, and the groups (at least two) are coded in
 * bits. Emits, for each variable, its group's bit pattern, and with
 * `parsimonious` the clauses bit -> some member of a group whose index has
 * that bit. */
void emit_group_bits(clause_emitter *emitter, const int *variables, int count, int group_size);
amo_size group_bits_size(int64_t count, int64_t group_size, int parsimonious);
/* ceil(log2(count)) for count >= 1. */
int bits_for(int64_t count);

#endif
