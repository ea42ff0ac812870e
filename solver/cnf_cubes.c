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

/* A leaf of the split tree: its decisions, and the projection variables
 * unit propagation leaves open under them (the measure of its size). */
typedef struct leaf {
  int *decisions;
  int depth;
  int open;
} leaf;

/* The decisions assigned now: marks[k] is the trail's size before
 * decision k (marks[0] the formula's units), and the trail holds what
 * decisions[0..depth) propagate. */
typedef struct path {
  int *decisions, *marks;
  int depth;
} path;

/* Assigns a leaf's decisions and propagates, keeping what it shares with
 * the path assigned now: the split replays a parent and then its two
 * children, and the cubes are written in tree order, so consecutive
 * leaves share most of their decisions and replaying each from the
 * formula's units made the split most of a run's time on files with many
 * clauses per variable (ladder N = 10: 85% of the instructions). Unit
 * propagation reaches the same assignment, or a conflict, in any order.
 * Returns 0 on a conflict (the path then ends before the decision that
 * failed). */
static int replay(propagator *p, path *at, const int *decisions, int depth) {
  int common = 0;
  while (common < at->depth && common < depth && at->decisions[common] == decisions[common])
    common++;
  propagator_backtrack(p, at->marks[common]);
  at->depth = common;
  for (int k = common; k < depth; k++) {
    int here = propagator_literal_value(p, decisions[k]);
    if (here < 0)
      return 0;
    int mark = p->trail_size;
    if (here == 0) {
      propagator_assign(p, decisions[k]);
      if (!propagator_propagate(p, mark)) {
        propagator_backtrack(p, mark);
        return 0;
      }
    }
    at->decisions[k] = decisions[k];
    at->marks[k + 1] = p->trail_size;
    at->depth = k + 1;
  }
  return 1;
}

/* Open projection variables: those not on the trail (the trail is short
 * next to a formula of millions of variables). */
static int open_projection(const propagator *p) {
  int assigned = 0;
  for (int k = 0; k < p->trail_size; k++)
    assigned += p->f->projected[abs(p->trail[k])];
  return p->order_count - assigned;
}

/* Tree order: at the first decision where two leaves differ, the negative
 * branch comes first. */
static int compare_leaves(const void *a, const void *b) {
  const leaf *x = a, *y = b;
  for (int k = 0; k < x->depth && k < y->depth; k++)
    if (x->decisions[k] != y->decisions[k])
      return x->decisions[k] < 0 ? -1 : 1;
  return (x->depth > y->depth) - (x->depth < y->depth);
}

static void free_leaves(leaf *leaves, size_t count) {
  for (size_t i = 0; i < count; i++)
    free(leaves[i].decisions);
  free(leaves);
}

nq_status cnf_cubes_build(const cnf_compact *formula, size_t target, int max_depth,
                          const volatile sig_atomic_t *stop, cnf_cubes *cubes) {
  memset(cubes, 0, sizeof *cubes);
  propagator p;
  nq_status status = propagator_init(&p, formula);
  if (status != NQ_OK)
    return status;
  if (!propagator_units(&p)) {
    cubes->unsatisfiable = 1;
    cubes->start = calloc(1, sizeof *cubes->start);
    propagator_free(&p);
    return cubes->start ? NQ_OK : NQ_ERR_MEMORY;
  }
  if (target < 1)
    target = 1;
  /* A leaf is at most max_depth deep, and no deeper than the projection. */
  size_t path_length = (size_t)(max_depth < p.order_count ? max_depth : p.order_count) + 2;
  path at = {malloc(path_length * sizeof(int)), malloc(path_length * sizeof(int)), 0};
  if (!at.decisions || !at.marks) {
    free(at.decisions);
    free(at.marks);
    propagator_free(&p);
    return NQ_ERR_MEMORY;
  }
  at.marks[0] = p.trail_size;
  /* Best-first splitting: the leaf with the most open projection
   * variables is split next, on its first open variable in the weight
   * order, until there are `target` leaves or none can be split. A
   * uniform depth leaves the all-negative branch of at-most-one
   * constraints huge (one cube held most of the time on N-Queens);
   * splitting the largest leaf keeps cubes of similar size. A linear scan
   * for the largest is fine for the few thousand leaves aimed at. */
  size_t capacity = 2 * target + 2, count = 1;
  leaf *leaves = calloc(capacity, sizeof *leaves);
  if (!leaves) {
    free(at.decisions);
    free(at.marks);
    propagator_free(&p);
    return NQ_ERR_MEMORY;
  }
  leaves[0].decisions = malloc(sizeof(int));
  leaves[0].open = open_projection(&p);
  if (!leaves[0].decisions) {
    free_leaves(leaves, count);
    free(at.decisions);
    free(at.marks);
    propagator_free(&p);
    return NQ_ERR_MEMORY;
  }
  int deepest = 0;
  /* Work budget: a formula with huge clauses makes every replay costly
   * (a clause of a million literals is scanned on each visit), so the
   * split stops after this many clause literals scanned and keeps the
   * leaves it has. */
  const unsigned long long budget = 50000000ull;
  while (count < target && p.visits < budget && !(stop && *stop)) {
    size_t largest = count;
    for (size_t i = 0; i < count; i++)
      if (leaves[i].open > 0 && leaves[i].depth < max_depth &&
          (largest == count || leaves[i].open > leaves[largest].open))
        largest = i;
    if (largest == count)
      break;
    leaf parent = leaves[largest];
    replay(&p, &at, parent.decisions, parent.depth);
    int variable = 0;
    for (int k = 0; k < p.order_count && !variable; k++)
      if (!p.value[p.order[k]])
        variable = p.order[k];
    /* The parent's slot takes the first consistent child, a new slot the
     * second. */
    leaf children[2];
    int made = 0;
    for (int sign = 0; sign < 2; sign++) {
      int *decisions = malloc(((size_t)parent.depth + 1) * sizeof *decisions);
      if (!decisions) {
        for (int c = 0; c < made; c++)
          free(children[c].decisions);
        free_leaves(leaves, count);
        free(at.decisions);
        free(at.marks);
        propagator_free(&p);
        return NQ_ERR_MEMORY;
      }
      memcpy(decisions, parent.decisions, (size_t)parent.depth * sizeof *decisions);
      decisions[parent.depth] = sign ? variable : -variable;
      if (!replay(&p, &at, decisions, parent.depth + 1)) {
        free(decisions);
        continue;
      }
      children[made].decisions = decisions;
      children[made].depth = parent.depth + 1;
      children[made].open = open_projection(&p);
      made++;
    }
    free(parent.decisions);
    if (parent.depth + 1 > deepest)
      deepest = parent.depth + 1;
    if (made == 0) {
      leaves[largest] = leaves[--count];
      continue;
    }
    leaves[largest] = children[0];
    if (made == 2)
      leaves[count++] = children[1];
  }
  qsort(leaves, count, sizeof *leaves, compare_leaves);
  /* Each cube: its decisions, then the literals they propagate. */
  size_t total = 0;
  cubes->start = calloc(count + 1, sizeof *cubes->start);
  for (size_t i = 0; cubes->start && i < count; i++) {
    replay(&p, &at, leaves[i].decisions, leaves[i].depth);
    total += (size_t)p.trail_size;
  }
  cubes->literals = malloc((total ? total : 1) * sizeof *cubes->literals);
  if (!cubes->start || !cubes->literals) {
    free_leaves(leaves, count);
    free(at.decisions);
    free(at.marks);
    propagator_free(&p);
    cnf_cubes_free(cubes);
    return NQ_ERR_MEMORY;
  }
  size_t used = 0;
  for (size_t i = 0; i < count; i++) {
    replay(&p, &at, leaves[i].decisions, leaves[i].depth);
    for (int k = 0; k < leaves[i].depth; k++)
      cubes->literals[used++] = leaves[i].decisions[k];
    for (int k = 0; k < p.trail_size; k++) {
      int literal = p.trail[k], decision = 0;
      for (int d = 0; d < leaves[i].depth && !decision; d++)
        decision = leaves[i].decisions[d] == literal;
      if (!decision)
        cubes->literals[used++] = literal;
    }
    cubes->start[i + 1] = used;
  }
  cubes->count = count;
  cubes->depth = deepest;
  free_leaves(leaves, count);
  free(at.decisions);
  free(at.marks);
  propagator_free(&p);
  return NQ_OK;
}

void cnf_cubes_free(cnf_cubes *cubes) {
  free(cubes->start);
  free(cubes->literals);
  memset(cubes, 0, sizeof *cubes);
}
