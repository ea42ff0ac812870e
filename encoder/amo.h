/* Private to encoder/: the at-most-one encodings and what they share.
 *
 * Every encoding comes in two halves that must agree: a generator that
 * emits the clauses for one line, and a closed-form size for a line of
 * length n. nq_encoder_measure sums the sizes; tests/test_encoder_sizes.c
 * checks them against what the generators emit. */
#ifndef NQSAT_ENCODER_AMO_H
#define NQSAT_ENCODER_AMO_H

#include "nqsat/encoder.h"

/* Receives the --explain comments (text without "c " or newline). */
typedef int (*comment_fn)(void *context, const char *text);

/* Collects clauses for one formula and hands out fresh auxiliary variables. */
typedef struct clause_emitter {
  const nq_clause_sink *sink;
  comment_fn comment; /* NULL unless explaining */
  void *comment_context;
  const nq_encoding *encoding; /* options: group sizes, parsimonious */
  int next_variable;           /* next unused variable number */
  nq_status status;            /* first failure; once set, emitting is a no-op */
} clause_emitter;

void emit_clause(clause_emitter *emitter, const int *literals, size_t count);
void emit_binary(clause_emitter *emitter, int first, int second);
void emit_ternary(clause_emitter *emitter, int first, int second, int third);
int fresh_variable(clause_emitter *emitter);
/* Scratch memory for recursive encodings; sets NQ_ERR_MEMORY on failure. */
int *scratch_ints(clause_emitter *emitter, size_t count);

/* Emits a --explain comment (at most 160 bytes); formatting is skipped
 * unless someone listens. */
void emit_explanation(clause_emitter *emitter, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* nq_encoder_generate, with a comment before each group of clauses when
 * `encoding->explain` is set and `comment` is not NULL. */
nq_status generate_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                           comment_fn comment, void *comment_context);

/* Auxiliary variables, clauses and literals one at-most-one adds. */
typedef struct amo_size {
  int64_t auxiliaries;
  int64_t clauses;
  int64_t literals;
} amo_size;

void amo_size_add(amo_size *total, const amo_size *part);

/* Each adds "at most one of variables[0..count-1] is true" (count >= 2). */
void amo_pairwise(clause_emitter *emitter, const int *variables, int count);
void amo_sequential(clause_emitter *emitter, const int *variables, int count);
void amo_ladder(clause_emitter *emitter, const int *variables, int count);
void amo_commander(clause_emitter *emitter, const int *variables, int count);
void amo_product(clause_emitter *emitter, const int *variables, int count);
void amo_binary(clause_emitter *emitter, const int *variables, int count);
void amo_bimander(clause_emitter *emitter, const int *variables, int count);

/* The matching sizes for a line of `count` >= 2 variables. */
amo_size amo_pairwise_size(const nq_encoding *encoding, int64_t count);
amo_size amo_sequential_size(const nq_encoding *encoding, int64_t count);
amo_size amo_ladder_size(const nq_encoding *encoding, int64_t count);
amo_size amo_commander_size(const nq_encoding *encoding, int64_t count);
amo_size amo_product_size(const nq_encoding *encoding, int64_t count);
amo_size amo_binary_size(const nq_encoding *encoding, int64_t count);
amo_size amo_bimander_size(const nq_encoding *encoding, int64_t count);

/* Shared by binary and bimander: `groups` >= 2 group indices coded in
 * bits; member i of `variables` belongs to group group_of[i]... expressed
 * as: variable i is in group i / group_size. Emits, for each variable, its
 * group's bit pattern, and with `parsimonious` the clauses bit -> some
 * member of a group whose index has that bit. */
void emit_group_bits(clause_emitter *emitter, const int *variables, int count, int group_size);
amo_size group_bits_size(int64_t count, int64_t group_size, int parsimonious);
/* ceil(log2(count)) for count >= 1. */
int bits_for(int64_t count);

#endif
