/* Unit propagation (see cnf_propagate.h). */
#include "cnf_propagate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static size_t code_of(int literal) { return 2 * (size_t)abs(literal) + (literal < 0); }

int propagator_literal_value(const propagator *p, int literal) {
  int v = p->value[abs(literal)];
  return literal > 0 ? v : -v;
}

void propagator_assign(propagator *p, int literal) {
  p->value[abs(literal)] = literal > 0 ? 1 : -1;
  p->trail[p->trail_size++] = literal;
}

void propagator_backtrack(propagator *p, int size) {
  while (p->trail_size > size)
    p->value[abs(p->trail[--p->trail_size])] = 0;
}

/* Propagates the trail from `from`; returns 0 on a conflict. */
int propagator_propagate(propagator *p, int from) {
  for (int next = from; next < p->trail_size; next++) {
    int falsified = -p->trail[next];
    size_t code = code_of(falsified);
    for (size_t k = p->occurs_start[code]; k < p->occurs_start[code + 1]; k++) {
      size_t clause = p->occurs[k];
      int unassigned = 0, last = 0, satisfied = 0;
      size_t first = p->clause_start[clause], i = first;
      for (; p->f->literals[i]; i++) {
        int here = propagator_literal_value(p, p->f->literals[i]);
        if (here > 0) {
          satisfied = 1;
          break;
        }
        if (here == 0)
          unassigned++, last = p->f->literals[i];
      }
      p->visits += i - first + 1;
      if (satisfied)
        continue;
      if (!unassigned)
        return 0;
      if (unassigned == 1)
        propagator_assign(p, last);
    }
  }
  return 1;
}

/* A projection variable and its weight, sorted heaviest first (ties: the
 * smaller variable), without a global for qsort to read. */
typedef struct weighted {
  double weight;
  int variable;
} weighted;

static int by_weight(const void *a, const void *b) {
  const weighted *x = a, *y = b;
  if (x->weight != y->weight)
    return x->weight < y->weight ? 1 : -1;
  return (x->variable > y->variable) - (x->variable < y->variable);
}

void propagator_free(propagator *p) {
  free(p->value);
  free(p->trail);
  if (!p->owns_tables)
    return;
  free(p->clause_start);
  free(p->occurs_start);
  free(p->occurs);
  free(p->order);
}

nq_status propagator_init(propagator *p, const cnf_compact *f) {
  memset(p, 0, sizeof *p);
  p->f = f;
  p->owns_tables = 1;
  int n = f->variables;
  size_t codes = 2 * ((size_t)n + 1);
  p->clause_start = malloc((f->clause_count + 1) * sizeof *p->clause_start);
  p->occurs_start = calloc(codes + 1, sizeof *p->occurs_start);
  p->occurs = malloc((f->literal_count + 1) * sizeof *p->occurs);
  p->value = calloc((size_t)n + 1, 1);
  p->trail = malloc(((size_t)n + 1) * sizeof *p->trail);
  p->order = malloc(((size_t)n + 1) * sizeof *p->order);
  double *weight = calloc((size_t)n + 1, sizeof *weight);
  if (!p->clause_start || !p->occurs_start || !p->occurs || !p->value || !p->trail || !p->order ||
      !weight) {
    free(weight);
    propagator_free(p);
    return NQ_ERR_MEMORY;
  }
  size_t clause = 0, begin = 0;
  for (size_t i = 0; i < f->literal_count; i++) {
    if (f->literals[i])
      continue;
    p->clause_start[clause++] = begin;
    double share = ldexp(1.0, -(int)((i - begin) < 60 ? (i - begin) : 60));
    for (size_t j = begin; j < i; j++) {
      p->occurs_start[code_of(f->literals[j]) + 1]++;
      weight[abs(f->literals[j])] += share;
    }
    begin = i + 1;
  }
  p->clause_count = clause;
  p->clause_start[clause] = begin;
  for (size_t c = 1; c <= codes; c++)
    p->occurs_start[c] += p->occurs_start[c - 1];
  size_t *fill = malloc(codes * sizeof *fill);
  if (!fill) {
    free(weight);
    propagator_free(p);
    return NQ_ERR_MEMORY;
  }
  memcpy(fill, p->occurs_start, codes * sizeof *fill);
  for (size_t c = 0; c < clause; c++)
    for (size_t i = p->clause_start[c]; f->literals[i]; i++)
      p->occurs[fill[code_of(f->literals[i])]++] = c;
  free(fill);
  for (int k = 0; k < f->projection_count; k++)
    p->order[p->order_count++] = f->projection[k];
  weighted *sorted = malloc(((size_t)p->order_count + 1) * sizeof *sorted);
  if (!sorted) {
    free(weight);
    propagator_free(p);
    return NQ_ERR_MEMORY;
  }
  for (int k = 0; k < p->order_count; k++)
    sorted[k] = (weighted){weight[p->order[k]], p->order[k]};
  qsort(sorted, (size_t)p->order_count, sizeof *sorted, by_weight);
  for (int k = 0; k < p->order_count; k++)
    p->order[k] = sorted[k].variable;
  free(sorted);
  free(weight);
  return NQ_OK;
}

/* Units of the formula (and the empty clause); 0 when refuted. */
int propagator_units(propagator *p) {
  for (size_t c = 0; c < p->clause_count; c++) {
    size_t i = p->clause_start[c];
    int first = p->f->literals[i];
    if (!first)
      return 0;
    if (p->f->literals[i + 1])
      continue;
    int here = propagator_literal_value(p, first);
    if (here < 0)
      return 0;
    if (here == 0)
      propagator_assign(p, first);
  }
  return propagator_propagate(p, 0);
}

nq_status propagator_clone(propagator *p, const propagator *from) {
  *p = *from;
  p->owns_tables = 0;
  p->trail_size = 0;
  p->value = calloc((size_t)from->f->variables + 1, 1);
  p->trail = malloc(((size_t)from->f->variables + 1) * sizeof *p->trail);
  if (!p->value || !p->trail) {
    free(p->value);
    free(p->trail);
    return NQ_ERR_MEMORY;
  }
  return NQ_OK;
}
