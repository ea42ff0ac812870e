/* The judge fuzzer's answers: what an answer claims, kept as a structure
 * (models, status, count lines, end markers), written out in the formats
 * solvers print, changed by one mutation at a time, and judged right or
 * wrong here by the one rule (docs/verifier.md) against the formula's
 * brute-force truth, never by the judge under test. */
#ifndef NQSAT_JUDGE_FUZZ_ANSWER_H
#define NQSAT_JUDGE_FUZZ_ANSWER_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_formula.h"

#define FUZZ_MAX_MODELS 96

typedef enum fuzz_style {
  STYLE_COMPETITION, /* s SATISFIABLE / v ... 0 (cadical, kissat, picosat) */
  STYLE_MINISAT,     /* MiniSat's result file: SAT / literals 0 */
  STYLE_PICOSAT_ALL, /* picosat --all: s SATISFIABLE / v ... 0 per model, s SOLUTIONS K */
  STYLE_NQSAT_ALL,   /* nqsat solve FILE --all: v lines, c K models */
  STYLE_MC,          /* s mc K (s pmc K on a projection) */
  STYLE_MCC,         /* the MCC 2021+ lines */
  STYLE_COUNT
} fuzz_style;

typedef struct fuzz_model {
  uint64_t values; /* of the variables in `given` */
  uint64_t given;
  uint64_t both; /* variables also given the other value */
  int reversed;  /* literals written from the last variable down */
} fuzz_model;

typedef struct fuzz_answer {
  fuzz_style style;
  int satisfiable; /* the status claimed: 1 SAT, 0 UNSAT */
  int model_count;
  fuzz_model models[FUZZ_MAX_MODELS];
  char count[48];       /* the count claimed (closing line or count answer) */
  int end_at;           /* the closing line comes before model end_at */
  int extra_end;        /* a second copy of the closing line at the end */
  int contradiction;    /* a status line against the claim at the end */
  char extra_count[48]; /* a count line of another form, or "" */
} fuzz_answer;

typedef enum fuzz_mutation {
  MUTATION_NONE,
  MUTATION_DROP,
  MUTATION_DUPLICATE,
  MUTATION_PARTIAL_COPY,
  MUTATION_OUTSIDE_PROJECTION,
  MUTATION_FLIP,
  MUTATION_BOTH_VALUES,
  MUTATION_COUNT_EDIT,
  MUTATION_COUNT_ADD,
  MUTATION_END_ADD,
  MUTATION_END_MOVE,
  MUTATION_EXTRA_CLAUSE,
  MUTATION_FORGED_HEADER,
  MUTATION_REORDER,
  MUTATION_GZIP,
  MUTATION_KINDS
} fuzz_mutation;

const char *fuzz_mutation_name(fuzz_mutation mutation);
const char *fuzz_style_name(fuzz_style style);

/* Whether `style` can hold the right answer to `formula` (lists of at
 * most FUZZ_MAX_MODELS models; picosat --all knows no projection). */
int fuzz_style_fits(fuzz_style style, const fuzz_formula *formula);

/* The right answer to `formula` in `style` (models picked at random from
 * the truth, one per projected model for lists). */
void fuzz_answer_right(fuzz_answer *answer, fuzz_style style, const fuzz_formula *formula,
                       fuzz_rng *rng);

/* Applies `mutation` to `answer` and `formula` (both changed in place:
 * an extra clause, a forged header). Returns 0 when it does not apply to
 * this answer (nothing changed). */
int fuzz_mutate(fuzz_answer *answer, fuzz_formula *formula, fuzz_mutation mutation, fuzz_rng *rng);

/* The truth: 1 when `answer` is a right answer to `formula` by the rule. */
int fuzz_answer_is_right(const fuzz_answer *answer, const fuzz_formula *formula);

/* The answer's text (caller frees). */
char *fuzz_answer_text(const fuzz_answer *answer, const fuzz_formula *formula);

#endif
