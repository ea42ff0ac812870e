/* Private to solver/: unit propagation over a compact formula, for
 * splitting it into cubes (cnf_cubes.c) and for shrinking blocking clauses
 * (cnf_enumerate.c). Occurrence lists, one clause scan per visit: simple,
 * and fast enough for the few thousand nodes and models per second it
 * serves. The tables are built once and shared read-only by clones (one
 * per worker thread), which own only their assignment. */
#ifndef NQSAT_CNF_PROPAGATE_H
#define NQSAT_CNF_PROPAGATE_H

#include <stddef.h>

#include "cnf_compact.h"
#include "nqsat/status.h"

typedef struct propagator {
  const cnf_compact *f;
  size_t clause_count;
  size_t *clause_start; /* [clause_count + 1] */
  size_t *occurs_start; /* [2 * (variables + 1) + 1], by literal code */
  size_t *occurs;       /* clause indices */
  int *order;           /* split order: projection variables, heaviest first */
  int order_count;
  int owns_tables;
  signed char *value; /* [variables + 1]: 1, -1, 0 unassigned */
  int *trail;
  int trail_size;
  unsigned long long visits; /* clause literals scanned: the work done */
} propagator;

nq_status propagator_init(propagator *p, const cnf_compact *f);
/* A propagator sharing `from`'s tables, with an empty assignment. */
nq_status propagator_clone(propagator *p, const propagator *from);
void propagator_free(propagator *p);

int propagator_literal_value(const propagator *p, int literal);
void propagator_assign(propagator *p, int literal);
void propagator_backtrack(propagator *p, int size);
/* Propagates the trail from position `from`; returns 0 on a conflict. */
int propagator_propagate(propagator *p, int from);
/* The formula's unit clauses, propagated; 0 when refuted (also by an
 * empty clause). */
int propagator_units(propagator *p);

#endif
