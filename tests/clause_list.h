/* An in-memory formula for the encoder tests: clauses collected through an
 * nq_clause_sink, then evaluated under a total assignment or unit
 * propagated under a partial one (values 1, 0 and -1 for unassigned). */
#ifndef NQSAT_TESTS_CLAUSE_LIST_H
#define NQSAT_TESTS_CLAUSE_LIST_H

#include <stdlib.h>
#include <string.h>

typedef struct clause_list {
  int *literals;
  int *starts; /* clause c is literals[starts[c] .. starts[c+1]-1] */
  int clauses, used, literal_capacity, clause_capacity;
} clause_list;

static inline clause_list *clause_list_new(int literal_capacity, int clause_capacity) {
  clause_list *f = calloc(1, sizeof *f);
  f->literal_capacity = literal_capacity;
  f->clause_capacity = clause_capacity + 1;
  f->literals = malloc((size_t)literal_capacity * sizeof(int) + 1);
  f->starts = calloc((size_t)f->clause_capacity, sizeof(int));
  return f;
}

static inline void clause_list_free(clause_list *f) {
  if (f) {
    free(f->literals);
    free(f->starts);
    free(f);
  }
}

/* An nq_clause_sink callback (context: the clause_list); 1 when full. */
static inline int clause_list_store(void *context, const int *literals, size_t count) {
  clause_list *f = context;
  if (f->used + (int)count > f->literal_capacity || f->clauses + 1 >= f->clause_capacity)
    return 1;
  memcpy(f->literals + f->used, literals, count * sizeof *literals);
  f->used += (int)count;
  f->starts[++f->clauses] = f->used;
  return 0;
}

static inline int clause_list_satisfied(const clause_list *f, const signed char *value) {
  for (int c = 0; c < f->clauses; c++) {
    int ok = 0;
    for (int k = f->starts[c]; k < f->starts[c + 1] && !ok; k++) {
      int l = f->literals[k];
      ok = l > 0 ? value[l] == 1 : value[-l] == 0;
    }
    if (!ok)
      return 0;
  }
  return 1;
}

/* Unit propagation to a fixpoint; 0 on a conflict. */
static inline int clause_list_propagate(const clause_list *f, signed char *value) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int c = 0; c < f->clauses; c++) {
      int open = 0, last = 0, satisfied = 0;
      for (int k = f->starts[c]; k < f->starts[c + 1] && !satisfied; k++) {
        int l = f->literals[k], v = value[abs(l)];
        if (v < 0) {
          open++;
          last = l;
        } else if ((l > 0) == (v == 1)) {
          satisfied = 1;
        }
      }
      if (satisfied)
        continue;
      if (!open)
        return 0;
      if (open == 1) {
        value[abs(last)] = last > 0;
        changed = 1;
      }
    }
  }
  return 1;
}

#endif
