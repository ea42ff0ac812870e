/* Private to encoder/: the at-most-one encodings and what they share. */
#ifndef NQSAT_ENCODER_AMO_H
#define NQSAT_ENCODER_AMO_H

#include "nqsat/encoder.h"

/* Collects clauses for one formula and hands out fresh auxiliary variables. */
typedef struct clause_emitter {
  const nq_clause_sink *sink;
  int next_variable; /* next unused variable number */
  nq_status status;  /* first failure; once set, emitting is a no-op */
} clause_emitter;

void emit_clause(clause_emitter *emitter, const int *literals, size_t count);
void emit_binary(clause_emitter *emitter, int first, int second);
int fresh_variable(clause_emitter *emitter);

/* Each adds "at most one of variables[0..count-1] is true". */
void amo_pairwise(clause_emitter *emitter, const int *variables, int count);
void amo_sequential(clause_emitter *emitter, const int *variables, int count);

#endif
