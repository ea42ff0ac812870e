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

#endif
