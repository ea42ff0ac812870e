/* Private to solver/: simplifications that keep the projected model count,
 * run before the component counter (component_count.c).
 *
 * The formula comes out renumbered with fewer variables and clauses and
 * exactly the same count over the projected variables that occur in a
 * clause of the input: every variable the input's clauses mention is
 * either kept (and, when projected and left in no clause, doubles the
 * count as any lone variable does in the counter) or removed with a
 * factor of exactly 1 (fixed, substituted by an equivalent literal, or
 * eliminated; see count_preprocess.c for why each factor is 1). */
#ifndef NQSAT_COUNT_PREPROCESS_H
#define NQSAT_COUNT_PREPROCESS_H

#include <stdint.h>

#include "cnf_compact.h"
#include "search_clock.h"

typedef struct count_preprocess_stats {
  int fixed;             /* variables whose value every model shares */
  int substituted;       /* variables replaced by an equivalent literal */
  int eliminated;        /* variables resolved away (non-projected or defined) */
  int defined;           /* of them, projected ones the others define (a gate, Padoa) */
  int shortened;         /* clauses vivification shortened */
  int backbone;          /* backbone literals the oracle found (count_oracle_simplify.h) */
  int strengthened;      /* literals the oracle removed from longer clauses */
  int redundant;         /* clauses the oracle found implied by the others */
  int simplicial;        /* of the eliminated, those the oracle resolved away */
  double oracle_seconds; /* the oracle's time */
  uint64_t ticks;        /* watch and occurrence visits spent */
} count_preprocess_stats;

/* Simplifies `in` into `out` (freed with cnf_compact_free; `in` is left
 * as it was). Returns 1 when `out` is set, 0 when the formula has no model
 * (out is then empty), -1 when out of memory. `stats` may be NULL. */
int count_preprocess(const cnf_compact *in, cnf_compact *out, count_preprocess_stats *stats);
/* The same, then the CDCL oracle's simplifications (strengthening,
 * sparsification, elimination of defined simplicial variables: see
 * count_oracle_simplify.h) and the rounds again; `clock` stops the
 * oracle's steps early (NULL: count_preprocess). */
int count_preprocess_with_oracle(const cnf_compact *in, cnf_compact *out,
                                 count_preprocess_stats *stats, const search_clock *clock);

#endif
