/* Cubes by unit propagation over a static order of the projection
 * variables (see cnf_cubes.h for why they partition the models).
 *
 * Split variables: the projection variables ordered by their
 * Jeroslow-Wang weight (sum over the clauses they occur in of 2^-length,
 * both signs: R. Jeroslow and J. Wang, "Solving propositional
 * satisfiability problems", 1990), so short clauses count most: a value
 * for such a variable propagates furthest and the leaves shrink fastest.
 * At each node the first unassigned variable in that order is split (a
 * variable another split fixed by propagation costs no branch). The
 * alternatives measured (bench/README.md, "Choosing cube variables") were
 * occurrence counts and file order. */
#include "cnf_cubes.h"
#include "cnf_propagate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct walk {
  propagator *p;
  int depth_limit;
  size_t leaves;
  size_t node_budget;
  int *decisions;
  cnf_cubes *out;    /* NULL: count only */
  size_t capacity;
  int grew;          /* a leaf stopped at the depth limit with variables left */
} walk;

static int record_leaf(walk *w, int depth) {
  cnf_cubes *out = w->out;
  size_t used = out->start[out->count];
  size_t need = used + (size_t)w->p->trail_size;
  if (need > w->capacity) {
    size_t capacity = w->capacity ? w->capacity : 1024;
    while (capacity < need)
      capacity *= 2;
    int *literals = realloc(out->literals, capacity * sizeof *literals);
    if (!literals)
      return -1;
    out->literals = literals;
    w->capacity = capacity;
  }
  /* Decisions first (they name the cube), then the propagated rest. */
  int *to = out->literals + used;
  for (int k = 0; k < depth; k++)
    *to++ = w->decisions[k];
  for (int k = 0; k < w->p->trail_size; k++) {
    int literal = w->p->trail[k], decision = 0;
    for (int d = 0; d < depth && !decision; d++)
      decision = w->decisions[d] == literal;
    if (!decision)
      *to++ = literal;
  }
  out->count++;
  out->start[out->count] = (size_t)(to - out->literals);
  return 0;
}

static int descend(walk *w, int depth, int position) {
  propagator *p = w->p;
  if (w->node_budget == 0)
    return -2;
  w->node_budget--;
  while (position < p->order_count && p->value[p->order[position]])
    position++;
  if (position == p->order_count || depth == w->depth_limit) {
    if (position < p->order_count)
      w->grew = 1;
    w->leaves++;
    return w->out ? record_leaf(w, depth) : 0;
  }
  int variable = p->order[position];
  int mark = p->trail_size;
  for (int sign = 0; sign < 2; sign++) {
    int literal = sign ? variable : -variable;
    propagator_assign(p, literal);
    w->decisions[depth] = literal;
    int status = 0;
    if (propagator_propagate(p, mark))
      status = descend(w, depth + 1, position + 1);
    propagator_backtrack(p, mark);
    if (status)
      return status;
  }
  return 0;
}

nq_status cnf_cubes_build(const cnf_compact *formula, size_t target, int max_depth,
                          cnf_cubes *cubes) {
  memset(cubes, 0, sizeof *cubes);
  propagator p;
  nq_status status = propagator_init(&p, formula);
  if (status != NQ_OK)
    return status;
  int *decisions = malloc(((size_t)max_depth + 1) * sizeof *decisions);
  if (!decisions) {
    propagator_free(&p);
    return NQ_ERR_MEMORY;
  }
  if (!propagator_units(&p)) {
    cubes->unsatisfiable = 1;
    cubes->start = calloc(1, sizeof *cubes->start);
    free(decisions);
    propagator_free(&p);
    return cubes->start ? NQ_OK : NQ_ERR_MEMORY;
  }
  /* The smallest depth with enough leaves: counting a depth costs about
   * as much as the leaves it finds, so deepening one level at a time stays
   * within twice the final walk. A node budget keeps a huge formula from
   * spending long here (it then keeps the last depth that finished). */
  int depth = 0;
  const size_t budget = 1u << 20;
  while (depth < max_depth && target > 1) {
    walk w = {&p, depth + 1, 0, budget, decisions, NULL, 0, 0};
    int result = descend(&w, 0, 0);
    if (result == -2)
      break;
    depth++;
    if (w.leaves >= target || !w.grew)
      break;
  }
  cubes->depth = depth;
  walk w = {&p, depth, 0, SIZE_MAX, decisions, cubes, 0, 0};
  /* Upper bound for the leaf table: count first. */
  walk counting = {&p, depth, 0, SIZE_MAX, decisions, NULL, 0, 0};
  descend(&counting, 0, 0);
  cubes->start = calloc(counting.leaves + 1, sizeof *cubes->start);
  if (!cubes->start || descend(&w, 0, 0) != 0) {
    free(decisions);
    propagator_free(&p);
    cnf_cubes_free(cubes);
    return NQ_ERR_MEMORY;
  }
  free(decisions);
  propagator_free(&p);
  return NQ_OK;
}

void cnf_cubes_free(cnf_cubes *cubes) {
  free(cubes->start);
  free(cubes->literals);
  memset(cubes, 0, sizeof *cubes);
}
