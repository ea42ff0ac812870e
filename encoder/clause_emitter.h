/* Private to encoder/: the clause emitter every generator writes through.
 *
 * A generator (an at-most-one encoding, a CSP encoding, the formulas that
 * call them) hands its clauses, --explain comments and requests for fresh
 * auxiliary variables to one clause_emitter, which passes them on to the
 * caller's nq_clause_sink. It lives apart from the formulas so that the
 * encodings they dispatch to never call back into them. */
#ifndef NQSAT_ENCODER_CLAUSE_EMITTER_H
#define NQSAT_ENCODER_CLAUSE_EMITTER_H

#include "nqsat/encoder.h"

/* Receives the --explain comments (text without "c " or newline). */
typedef int (*comment_fn)(void *context, const char *text);

/* What one fresh auxiliary variable of an at-most-one stands for, told by
 * the scheme that makes it (name_auxiliary): the variable is true if one of
 * inputs[0..count-1] is true (with `negated`: if none is), and with `exact`
 * only then. The inputs are the variables the scheme was handed: queen
 * variables, or auxiliaries named before (a commander of commanders).
 * `text` is "SYMBOL: PHRASE", e.g. "s(3): some queen among the first 3
 * squares". */
typedef struct auxiliary_meaning {
  int variable;
  const char *text;
  const int *inputs;
  int count;
  int negated;
  int exact;
} auxiliary_meaning;

/* Receives the meanings, with the comments' context; nonzero stops. */
typedef int (*name_fn)(void *context, const auxiliary_meaning *meaning);

/* Collects clauses for one formula and hands out fresh auxiliary variables. */
typedef struct clause_emitter {
  const nq_clause_sink *sink;
  comment_fn comment; /* NULL unless explaining */
  void *comment_context;
  const nq_encoding *encoding; /* options: group sizes, parsimonious */
  int next_variable;           /* next unused variable number */
  nq_status status;            /* first failure; once set, emitting is a no-op */
  name_fn name;                /* NULL unless someone asks what auxiliaries mean */
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

/* Tells the namer, if there is one, what `variable` (just made by
 * fresh_variable) means; see auxiliary_meaning. Each scheme calls it where
 * it makes the variable, so the names cannot drift from the clauses. */
void name_auxiliary(clause_emitter *emitter, int variable, const int *inputs, int count,
                    int negated, int exact, const char *format, ...)
    __attribute__((format(printf, 7, 8)));

#endif
