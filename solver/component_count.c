/* Exact model counting by connected components and a cache (see
 * nqsat/component_count.h).
 *
 * The search is DPLL: a decision, unit propagation on two watched
 * literals, then the unassigned variables of the current component are
 * split into components by a breadth-first walk over the unsatisfied
 * clauses (occurrence lists), and the counts of the components are
 * multiplied. A component's count is the sum over the two values of its
 * branch variable; with no projected variable left in it, the first
 * satisfying value ends it (its count is 0 or 1). Each component's count
 * is cached under its canonical key (component_cache.h).
 *
 * Branching (VSADS, Sang, Beame & Kautz 2005): the projected variable
 * (any variable once none is left) of the highest score p * activity +
 * q * occurrences, where occurrences counts the unsatisfied clauses of
 * the component that hold it (DLCS: variables whose removal splits the
 * component) and activity is the VSIDS part, bumped by the variables of
 * each learned clause and halved at intervals. When the formula has a
 * narrow tree decomposition (count_tree_decomposition.h; Korhonen &
 * Järvisalo, CP 2021, as in SharpSAT-TD), the depth of a variable's node
 * comes first: the variables nearest the root are branched on first,
 * since setting a bag's variables separates the subtrees below it, and
 * VSADS only ranks the variables of one depth.
 *
 * Learning (as in sharpSAT): a conflict teaches a first-UIP clause, kept
 * in a bounded database beside the original clauses. A learned clause is
 * implied by the original formula, so it holds in every branch and every
 * component and propagating it never loses a model; it never defines a
 * component (the walk and the cache keys use original clauses only). The
 * search still backtracks chronologically: a conflict makes the count of
 * the current branch 0, no backjump leaves the component. Why that count
 * stays exact: learned clauses join variables of different components,
 * so a conflict met inside component A can come from another open
 * component B (a learned clause forcing B's variables) and is then only
 * right because B has no model under the path: A's count (and the counts
 * cached inside it) may come out too small. But then the split holding B
 * multiplies to 0, which is its true count, and every entry cached while
 * it was counted is dropped (component_cache_forget_since), as sharpSAT
 * drops the cache entries of a branch found unsatisfiable. When every
 * open component has a model a conflict is A's own, and counts are exact.
 *
 * The recursion is as deep as the decisions, at most two frames per
 * variable, so the count runs on a thread whose stack is sized by the
 * number of variables. */
#include "nqsat/component_count.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cnf_compact.h"
#include "component_cache.h"
#include "count_preprocess.h"
#include "count_tree_decomposition.h"
#include "grow.h"
#include "sat_oracle.h"
#include "search_clock.h"

/* VSADS weights (see "Branching" above): occurrences count four times a
 * unit of activity; a learned clause adds one to each of its variables'
 * activity, which is halved every DECAY_DECISIONS decisions. Chosen on
 * random 3-SAT of 90..130 variables (other seeds than bench/'s), where
 * they took 3..10% fewer decisions than occurrences alone; heavier
 * activity or slower decay took more. */
enum { OCCURRENCE_WEIGHT = 4, ACTIVITY_WEIGHT = 1, ACTIVITY_BUMP = 1, DECAY_DECISIONS = 32 };

/* The tree decomposition's part in branching (decomposition_bonus_new):
 * used when its width is at most a DECOMPOSITION_SHARE-th of the
 * variables and at most DECOMPOSITION_MAX_WIDTH, found within
 * DECOMPOSITION_STEPS adjacency visits (under half a second of CPU on
 * formulas of 330,000 variables, read included); a level
 * nearer the root outweighs any VSADS score the search reaches in
 * practice. */
enum { DECOMPOSITION_SHARE = 4, DECOMPOSITION_MAX_WIDTH = 256, DECOMPOSITION_WEIGHT = 1 << 20 };
#define DECOMPOSITION_STEPS 50000000u
/* The search for a narrower order than min-degree's (4000 visits a
 * literal, at most DECOMPOSITION_IMPROVE_STEPS) runs only when
 * min-degree's width passes DECOMPOSITION_IMPROVE_ABOVE: below it the
 * count is quick either way, and the search would cost more than the
 * count (20 disjoint copies of a random 3-SAT 20/80 formula, width 14:
 * 3 ms to count, 50 ms to search). */
enum { DECOMPOSITION_IMPROVE_PER_LITERAL = 4000, DECOMPOSITION_IMPROVE_ABOVE = 24 };
#define DECOMPOSITION_IMPROVE_STEPS 200000000u

/* Satisfiability checks of components (component_satisfiable): on
 * components of at least SAT_CHECK_VARIABLES variables, once SAT_CHECK_GAP
 * conflicts have passed since the last check; the gap halves (to 1) after
 * a check that refutes and doubles (to SAT_CHECK_MAX_GAP) after one that
 * finds a model, so formulas without unsatisfiable components pay for few
 * checks. Each check stops after SAT_CHECK_DECISIONS of the CDCL
 * solver's decisions (the component is then counted as before).
 *
 * A work budget holds back the checks of components under
 * SAT_CHECK_LARGE variables: their work (SAT_CHECK_WORK units per
 * variable and clause of the component checked, and the literals that
 * load the oracle at the first) stays within a SAT_CHECK_SHARE-th of the
 * search's (variables plus clauses of every component met, which its
 * walk, sort and cache key go through); the two units cost about the same, some
 * 0.2 us each on random 3-SAT of 90 to 130 variables. There the search
 * of a count-0 component ends in about two decisions, its learned
 * clauses doing what a check would, and unbounded checks made 90/330
 * seed 7 1.4x slower (93 checks: setup a third of their time, solving
 * the rest). Larger components go unbounded (the gap still applies):
 * on MCC 2022 track 1 instance 54 (1101 variables), with the bound at
 * 512 or 1000 variables instead of 256, or every component held to the
 * budget, the search fell back to failing everywhere as it does without
 * checks (99% of its decisions in count-0 components, no cache entry
 * kept); the unbounded checks cost 555K units there (289 checks) against
 * 248M in the search. */
enum {
  SAT_CHECK_VARIABLES = 16,
  SAT_CHECK_GAP = 16,
  SAT_CHECK_MAX_GAP = 1 << 14,
  SAT_CHECK_DECISIONS = 1 << 14,
  SAT_CHECK_SHARE = 64,
  SAT_CHECK_LARGE = 256,
  SAT_CHECK_WORK = 4
};

typedef struct int_stack {
  int *items;
  size_t size, capacity;
} int_stack;

static int push(int_stack *stack, int value) {
  if (stack->size == stack->capacity) {
    int *items = grow_array(stack->items, &stack->capacity, stack->size + 1, sizeof *items, 64);
    if (!items)
      return -1;
    stack->items = items;
  }
  stack->items[stack->size++] = value;
  return 0;
}

/* A component found by the walk: its variables and clauses on the stacks.
 * The first `partial_count` clauses are those with a false literal; the
 * others have every literal open (see count_component's key). */
typedef struct component {
  size_t variables_at, clauses_at;
  int variable_count, clause_count, partial_count;
} component;

typedef struct component_stack {
  component *items;
  size_t size, capacity;
} component_stack;

typedef struct counter {
  int variables;
  int clause_count;  /* original clauses: ids 0 .. clause_count - 1 */
  int total_clauses; /* learned ones follow, up to total_clauses - 1 */
  int *clause_start; /* [total_clauses + 1]: offsets into literals */
  int *literals;     /* clause literals, no 0s; watched ones first */
  size_t clause_start_capacity, literal_capacity;
  const unsigned char *projected;
  signed char *value; /* [variables + 1]: 0 open, 1 true, -1 false */
  int *reason;        /* [variables + 1]: the clause that implied it, -1 for a decision */
  int *level;         /* [variables + 1]: decisions on the path when it was assigned */
  int decision_level;
  int *trail;
  int trail_size, propagated;
  int level_zero_trail; /* the trail's size before the first decision */
  int conflict;         /* the clause propagate found falsified */
  int learning;
  int learned_limit;     /* learned clauses held before a reduction */
  int *learned_literals; /* [variables + 1]: the clause being learned */
  unsigned char *seen;   /* [variables + 1]: marks of the analysis */
  int_stack glue;        /* per learned clause: decision levels among its literals */
  int_stack *watches;    /* [2 * (variables + 1)]: clauses watching a literal */
  int *occurrence_start; /* [variables + 2] */
  int *occurrences;      /* clause ids per variable */
  unsigned *variable_mark, *clause_mark, stamp;
  int *score;         /* [variables + 1]: branching score, reset per use */
  int *component_of;  /* [variables + 1]: the walk's component, -1 for none */
  unsigned *activity; /* [variables + 1]: conflict activity, halved at intervals */
  /* [variables + 1] or NULL: the tree decomposition's bonus, higher near
   * its root (see "Branching" above); shared by the workers, read only. */
  const uint64_t *decomposition_bonus;
  uint64_t next_decay;                    /* the decision count of the next halving */
  int sat_checks;                         /* 0: no satisfiability checks of components */
  int sat_check_budget;                   /* 0: checks not bounded by their work */
  sat_oracle *oracle;                     /* the checks' solver, made at the first check */
  uint64_t next_sat_check, sat_check_gap; /* conflict counts */
  uint64_t search_work, sat_check_work;   /* see SAT_CHECK_SHARE */
  int_stack component_variables, component_clauses, keys;
  int_stack fill; /* per component of a split: where its next variable goes */
  component_stack components;
  component_cache *cache;
  search_clock clock;
  uint64_t max_decisions, max_work;
  /* options->budget_spent (one thread), and the seconds spent in it. */
  int (*budget_spent)(void *, const nq_component_stats *, uint64_t *, uint64_t *);
  void *budget_context;
  double paused_seconds;
  nq_status status;
  nq_component_stats stats;
} counter;

static int literal_index(int literal) { return literal > 0 ? 2 * literal : -2 * literal + 1; }

static int literal_value(const counter *c, int literal) {
  int value = c->value[abs(literal)];
  return literal > 0 ? value : -value;
}

static void assign(counter *c, int literal, int reason) {
  int variable = abs(literal);
  c->value[variable] = literal > 0 ? 1 : -1;
  c->reason[variable] = reason;
  c->level[variable] = c->decision_level;
  c->trail[c->trail_size++] = literal;
}

static void undo_to(counter *c, int mark) {
  while (c->trail_size > mark)
    c->value[abs(c->trail[--c->trail_size])] = 0;
  c->propagated = mark;
}

/* 1 when propagation ends without a falsified clause. */
static int propagate(counter *c) {
  while (c->propagated < c->trail_size) {
    int falsified = -c->trail[c->propagated++];
    int_stack *list = &c->watches[literal_index(falsified)];
    size_t kept = 0, i = 0;
    int ok = 1;
    for (; i < list->size; i++) {
      int clause = list->items[i];
      int *lits = c->literals + c->clause_start[clause];
      int length = c->clause_start[clause + 1] - c->clause_start[clause];
      if (lits[0] == falsified) {
        lits[0] = lits[1];
        lits[1] = falsified;
      }
      if (literal_value(c, lits[0]) > 0) {
        list->items[kept++] = clause;
        continue;
      }
      int moved = 0;
      for (int k = 2; k < length; k++)
        if (literal_value(c, lits[k]) >= 0) {
          lits[1] = lits[k];
          lits[k] = falsified;
          if (push(&c->watches[literal_index(lits[1])], clause)) {
            c->status = NQ_ERR_MEMORY;
            lits[k] = lits[1];
            lits[1] = falsified;
            break;
          }
          moved = 1;
          break;
        }
      if (moved)
        continue;
      list->items[kept++] = clause;
      if (literal_value(c, lits[0]) < 0) {
        ok = 0;
        c->conflict = clause;
        i++;
        break;
      }
      assign(c, lits[0], clause);
    }
    for (; i < list->size; i++)
      list->items[kept++] = list->items[i];
    list->size = kept;
    if (!ok || c->status != NQ_OK)
      return 0;
  }
  return 1;
}

static void next_stamp(counter *c) {
  if (++c->stamp == 0) {
    memset(c->variable_mark, 0, (size_t)(c->variables + 1) * sizeof *c->variable_mark);
    memset(c->clause_mark, 0,
           (size_t)(c->clause_count ? c->clause_count : 1) * sizeof *c->clause_mark);
    c->stamp = 1;
  }
}

/* A literal of the clause being learned is redundant when its reason's
 * other literals are all in the clause (seen) or fixed at the top. */
static int implied_by_seen(const counter *c, int variable) {
  int reason = c->reason[variable];
  if (reason < 0)
    return 0;
  for (int k = c->clause_start[reason]; k < c->clause_start[reason + 1]; k++) {
    int other = abs(c->literals[k]);
    if (other != variable && !c->seen[other] && c->level[other] > 0)
      return 0;
  }
  return 1;
}

/* Appends the clause of `length` literals at c->learned_literals, its
 * first two watched; 0 when there is no room (it is then not kept). */
static int add_learned(counter *c, int length, int glue) {
  size_t at = (size_t)c->clause_start[c->total_clauses];
  if (at + (size_t)length > INT_MAX || c->total_clauses == INT_MAX - 1)
    return 0;
  if ((size_t)c->total_clauses + 2 > c->clause_start_capacity) {
    int *grown = grow_array(c->clause_start, &c->clause_start_capacity,
                            (size_t)c->total_clauses + 2, sizeof *grown, 64);
    if (!grown)
      return 0;
    c->clause_start = grown;
  }
  if (at + (size_t)length > c->literal_capacity) {
    int *grown =
        grow_array(c->literals, &c->literal_capacity, at + (size_t)length, sizeof *grown, 64);
    if (!grown)
      return 0;
    c->literals = grown;
  }
  int clause = c->total_clauses;
  if (push(&c->glue, glue))
    return 0;
  if (push(&c->watches[literal_index(c->learned_literals[0])], clause)) {
    c->glue.size--;
    return 0;
  }
  if (push(&c->watches[literal_index(c->learned_literals[1])], clause)) {
    c->watches[literal_index(c->learned_literals[0])].size--;
    c->glue.size--;
    return 0;
  }
  memcpy(c->literals + at, c->learned_literals, (size_t)length * sizeof *c->literals);
  c->clause_start[clause + 1] = (int)(at + (size_t)length);
  c->total_clauses++;
  c->stats.learned++;
  return 1;
}

/* First-UIP learning from the falsified clause c->conflict at the current
 * decision level (> 0): resolve it with the reasons of the literals
 * assigned at this level, latest first, until one such literal is left;
 * the clause (its negation, then the false literals of lower levels) is
 * implied by the original formula, so it stays valid in every branch and
 * every component. A unit is not kept (it would need a top-level
 * assignment under the recursion). */
static void learn_from_conflict(counter *c) {
  int *learned = c->learned_literals;
  int length = 1, open = 0, index = c->trail_size, uip = 0, clause = c->conflict;
  for (;;) {
    for (int k = c->clause_start[clause]; k < c->clause_start[clause + 1]; k++) {
      int literal = c->literals[k], variable = abs(literal);
      if (variable == abs(uip) || c->seen[variable] || c->level[variable] == 0)
        continue;
      c->seen[variable] = 1;
      if (c->level[variable] == c->decision_level)
        open++;
      else
        learned[length++] = literal;
    }
    if (open == 0)
      break; /* no literal of this level: nothing to learn */
    do
      uip = c->trail[--index];
    while (!c->seen[abs(uip)]);
    c->seen[abs(uip)] = 0;
    if (--open == 0)
      break;
    clause = c->reason[abs(uip)];
  }
  for (int i = 1; i < length; i++)
    if (implied_by_seen(c, abs(learned[i])))
      c->seen[abs(learned[i])] = 2;
  int kept = 1;
  for (int i = 1; i < length; i++) {
    int variable = abs(learned[i]), mark = c->seen[variable];
    c->seen[variable] = 0;
    if (mark == 1)
      learned[kept++] = learned[i];
  }
  if (!uip || kept < 2)
    return;
  learned[0] = -uip;
  /* The second watch on the literal of the highest level: the clause's
   * watches are both open again whenever the search backs up past it. */
  int highest = 1;
  for (int i = 2; i < kept; i++)
    if (c->level[abs(learned[i])] > c->level[abs(learned[highest])])
      highest = i;
  int swap = learned[1];
  learned[1] = learned[highest];
  learned[highest] = swap;
  for (int i = 0; i < kept; i++)
    c->activity[abs(learned[i])] += ACTIVITY_BUMP;
  next_stamp(c);
  int glue = 1;
  for (int i = 1; i < kept; i++) {
    unsigned *mark = &c->variable_mark[c->level[abs(learned[i])]];
    if (*mark != c->stamp) {
      *mark = c->stamp;
      glue++;
    }
  }
  add_learned(c, kept, glue);
}

typedef struct learned_rank {
  int glue, clause;
} learned_rank;

/* Most glue first; among equal, the older first. */
static int compare_rank(const void *a, const void *b) {
  const learned_rank *x = a, *y = b;
  if (x->glue != y->glue)
    return x->glue > y->glue ? -1 : 1;
  return (x->clause > y->clause) - (x->clause < y->clause);
}

/* The learned clause is the reason of an assigned literal: kept. */
static int is_reason(const counter *c, int clause) {
  int variable = abs(c->literals[c->clause_start[clause]]);
  return c->value[variable] && c->reason[variable] == clause;
}

/* Bounds the learned clauses: half of those that are no reason and have
 * more than two decision levels (the least likely to propagate again)
 * are dropped, the rest renumbered in the watches and reasons. */
static void reduce_learned(counter *c) {
  int learned = c->total_clauses - c->clause_count;
  learned_rank *ranks = malloc((size_t)learned * sizeof *ranks);
  int *renumber = malloc((size_t)learned * sizeof *renumber);
  if (!ranks || !renumber) {
    free(ranks);
    free(renumber);
    c->learned_limit += c->learned_limit / 2; /* try again later */
    return;
  }
  int candidates = 0;
  for (int i = 0; i < learned; i++) {
    renumber[i] = 0;
    if (c->glue.items[i] > 2 && !is_reason(c, c->clause_count + i))
      ranks[candidates++] = (learned_rank){c->glue.items[i], c->clause_count + i};
  }
  qsort(ranks, (size_t)candidates, sizeof *ranks, compare_rank);
  for (int i = 0; i < candidates && i < learned / 2; i++)
    renumber[ranks[i].clause - c->clause_count] = -1;
  int next = c->clause_count, at = c->clause_start[c->clause_count];
  for (int i = 0; i < learned; i++) {
    int begin = c->clause_start[c->clause_count + i],
        end = c->clause_start[c->clause_count + i + 1];
    if (renumber[i] < 0)
      continue;
    memmove(c->literals + at, c->literals + begin, (size_t)(end - begin) * sizeof *c->literals);
    c->glue.items[next - c->clause_count] = c->glue.items[i];
    renumber[i] = next++;
    at += end - begin;
    c->clause_start[next] = at;
  }
  for (int index = 2; index < 2 * (c->variables + 1); index++) {
    int_stack *list = &c->watches[index];
    size_t kept = 0;
    for (size_t i = 0; i < list->size; i++) {
      int clause = list->items[i];
      if (clause >= c->clause_count && (clause = renumber[clause - c->clause_count]) < 0)
        continue;
      list->items[kept++] = clause;
    }
    list->size = kept;
  }
  for (int i = 0; i < c->trail_size; i++) {
    int variable = abs(c->trail[i]);
    if (c->reason[variable] >= c->clause_count)
      c->reason[variable] = renumber[c->reason[variable] - c->clause_count];
  }
  c->glue.size = (size_t)(next - c->clause_count);
  c->total_clauses = next;
  c->learned_limit += c->learned_limit / 10;
  free(ranks);
  free(renumber);
}

static int clause_satisfied(const counter *c, int clause) {
  for (int k = c->clause_start[clause]; k < c->clause_start[clause + 1]; k++)
    if (literal_value(c, c->literals[k]) > 0)
      return 1;
  return 0;
}

/* Rewrites the variables of the components from `components_at` on in
 * ascending order, as their keys want them: one pass over the
 * `variable_count` ascending ones at `variables_at` they were split from,
 * where sorting each component's would take V log V (a tenth of the
 * counter's time on circuits of 1,500 variables). */
static void order_variables(counter *c, size_t components_at, size_t variables_at,
                            int variable_count) {
  size_t found = c->components.size - components_at;
  c->fill.size = 0;
  for (size_t k = 0; k < found; k++)
    if (push(&c->fill, (int)(c->components.items[components_at + k].variables_at -
                             c->components.items[components_at].variables_at))) {
      c->status = NQ_ERR_MEMORY;
      return;
    }
  int *ordered = c->component_variables.items + c->components.items[components_at].variables_at;
  const int *from = c->component_variables.items + variables_at;
  for (int i = 0; i < variable_count; i++) {
    int variable = from[i];
    if (!c->value[variable] && c->component_of[variable] >= 0)
      ordered[c->fill.items[c->component_of[variable]]++] = variable;
  }
}

/* Splits the open variables among `variable_count` ones at `variables_at`
 * (ascending) into components (pushed on c->components, their variables,
 * ascending, and clauses on the stacks) and returns how many projected
 * ones are in no unsatisfied clause (each doubles the count). */
static int find_components(counter *c, size_t variables_at, int variable_count) {
  int free_projected = 0;
  size_t components_at = c->components.size;
  next_stamp(c);
  unsigned stamp = c->stamp;
  for (int i = 0; i < variable_count && c->status == NQ_OK; i++) {
    int first = c->component_variables.items[variables_at + i];
    if (c->value[first] || c->variable_mark[first] == stamp)
      continue;
    size_t begin = c->component_variables.size, clauses_at = c->component_clauses.size;
    int partial_count = 0;
    c->variable_mark[first] = stamp;
    if (push(&c->component_variables, first)) {
      c->status = NQ_ERR_MEMORY;
      break;
    }
    for (size_t walk = begin; walk < c->component_variables.size; walk++) {
      int variable = c->component_variables.items[walk];
      for (int k = c->occurrence_start[variable]; k < c->occurrence_start[variable + 1]; k++) {
        int clause = c->occurrences[k];
        if (c->clause_mark[clause] == stamp)
          continue;
        c->clause_mark[clause] = stamp;
        if (clause_satisfied(c, clause))
          continue;
        if (push(&c->component_clauses, clause)) {
          c->status = NQ_ERR_MEMORY;
          break;
        }
        int partial = 0;
        for (int l = c->clause_start[clause]; l < c->clause_start[clause + 1]; l++) {
          int other = abs(c->literals[l]);
          if (c->value[other])
            partial = 1; /* assigned in an unsatisfied clause: false */
          else if (c->variable_mark[other] != stamp) {
            c->variable_mark[other] = stamp;
            if (push(&c->component_variables, other))
              c->status = NQ_ERR_MEMORY;
          }
        }
        if (partial) { /* to the front of the component's clauses */
          int *clauses = c->component_clauses.items + clauses_at;
          int last = (int)(c->component_clauses.size - clauses_at) - 1;
          clauses[last] = clauses[partial_count];
          clauses[partial_count++] = clause;
        }
      }
    }
    int clause_count = (int)(c->component_clauses.size - clauses_at);
    if (!clause_count) { /* a lone variable: no component */
      c->component_of[first] = -1;
      free_projected += c->projected[first];
      c->component_variables.size = begin;
      continue;
    }
    if (c->components.size == c->components.capacity) {
      component *items = grow_array(c->components.items, &c->components.capacity,
                                    c->components.size + 1, sizeof *items, 64);
      if (!items) {
        c->status = NQ_ERR_MEMORY;
        break;
      }
      c->components.items = items;
    }
    int index = (int)(c->components.size - components_at);
    for (size_t k = begin; k < c->component_variables.size; k++)
      c->component_of[c->component_variables.items[k]] = index;
    c->components.items[c->components.size++] = (component){
        begin, clauses_at, (int)(c->component_variables.size - begin), clause_count, partial_count};
  }
  if (c->components.size > components_at && c->status == NQ_OK)
    order_variables(c, components_at, variables_at, variable_count);
  return free_projected;
}

static int compare_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Ascending order for the keys: an inlined quicksort (median of three,
 * insertion sort below 16) is several times faster than qsort's calls of
 * a comparison function, which took a third of the counter's time. Past
 * `depth` halvings (an input that defeats the median of three) it hands
 * the rest to qsort, so the worst case stays n log n. */
static void sort_ints_within(int *items, size_t count, int depth) {
  while (count > 16) {
    if (depth-- == 0) {
      qsort(items, count, sizeof *items, compare_int);
      return;
    }
    size_t middle = count / 2, last = count - 1;
    int a = items[0], b = items[middle], c = items[last];
    int pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
    size_t low = 0, high = last;
    for (;;) {
      while (items[low] < pivot)
        low++;
      while (items[high] > pivot)
        high--;
      if (low >= high)
        break;
      int swap = items[low];
      items[low++] = items[high];
      items[high--] = swap;
    }
    /* [0, high] and [high + 1, count): recurse on the smaller side. */
    size_t left = high + 1;
    if (left < count - left) {
      sort_ints_within(items, left, depth);
      items += left;
      count -= left;
    } else {
      sort_ints_within(items + left, count - left, depth);
      count = left;
    }
  }
  for (size_t i = 1; i < count; i++) {
    int value = items[i];
    size_t j = i;
    for (; j > 0 && items[j - 1] > value; j--)
      items[j] = items[j - 1];
    items[j] = value;
  }
}

static void sort_ints(int *items, size_t count) {
  int depth = 0;
  for (size_t left = count; left > 1; left /= 2)
    depth += 2;
  sort_ints_within(items, count, depth);
}

/* The search's work so far (nq_component_stats.work). */
static uint64_t search_work_done(const counter *c) { return c->search_work + c->sat_check_work; }

/* Both budgets spent: whether options->budget_spent gave more (the
 * search then goes on where it is). */
static int budget_extended(counter *c) {
  if (!c->budget_spent)
    return 0;
  nq_component_stats so_far = c->stats;
  so_far.work = search_work_done(c);
  double before = search_clock_elapsed(&c->clock);
  int go = c->budget_spent(c->budget_context, &so_far, &c->max_decisions, &c->max_work);
  c->paused_seconds += search_clock_elapsed(&c->clock) - before;
  return go;
}

/* 1 when the search must end (interrupt, time limit, decision or work
 * budget). */
static int out_of_time(counter *c) {
  if (c->status != NQ_OK)
    return 1;
  /* With both budgets, the search stops once both are spent. */
  int decided = !c->max_decisions || c->stats.decisions >= c->max_decisions;
  int worked = !c->max_work || search_work_done(c) >= c->max_work;
  if ((c->max_decisions || c->max_work) && decided && worked && !budget_extended(c)) {
    c->status = NQ_ERR_STOPPED;
    return 1;
  }
  /* Every decision: one walks a whole component, which on a formula of
   * millions of literals is milliseconds, so a stop is asked for often. */
  if (search_clock_expired(&c->clock)) {
    c->status = NQ_ERR_INTERRUPTED;
    return 1;
  }
  return 0;
}

/* The projected variable (any, when none is) of the highest VSADS score
 * in the component; 0 when it has none open (cannot happen for a component,
 * which has an unsatisfied clause and so an open variable). */
static int branch_variable(counter *c, const component *part, int *any_projected) {
  const int *variables = c->component_variables.items + part->variables_at;
  const int *clauses = c->component_clauses.items + part->clauses_at;
  *any_projected = 0;
  for (int i = 0; i < part->variable_count; i++) {
    c->score[variables[i]] = 0;
    *any_projected |= c->projected[variables[i]];
  }
  for (int i = 0; i < part->clause_count; i++)
    for (int k = c->clause_start[clauses[i]]; k < c->clause_start[clauses[i] + 1]; k++)
      c->score[abs(c->literals[k])]++;
  int best = 0;
  uint64_t best_score = 0;
  for (int i = 0; i < part->variable_count; i++) {
    int variable = variables[i];
    if (*any_projected && !c->projected[variable])
      continue;
    uint64_t score = (uint64_t)c->score[variable] * OCCURRENCE_WEIGHT +
                     (uint64_t)c->activity[variable] * ACTIVITY_WEIGHT;
    if (c->decomposition_bonus)
      score += c->decomposition_bonus[variable];
    if (!best || score > best_score) {
      best = variable;
      best_score = score;
    }
  }
  return best;
}

static void count_split(counter *c, size_t variables_at, int variable_count, mpz_t result);

/* Fewer variables first, then the order found (the walk's). */
static int compare_component_size(const void *a, const void *b) {
  const component *x = a, *y = b;
  if (x->variable_count != y->variable_count)
    return (x->variable_count > y->variable_count) - (x->variable_count < y->variable_count);
  return (x->variables_at > y->variables_at) - (x->variables_at < y->variables_at);
}

static void decay_activity(counter *c) {
  if (c->stats.decisions < c->next_decay)
    return;
  c->next_decay = c->stats.decisions + DECAY_DECISIONS;
  for (int v = 1; v <= c->variables; v++)
    c->activity[v] /= 2;
}

/* The work of giving the oracle the formula: its literals and units. */
static uint64_t oracle_build_work(const counter *c) {
  return (uint64_t)c->clause_start[c->clause_count] + (uint64_t)c->level_zero_trail;
}

/* The oracle of the checks (sat_oracle.h), made at the first: the
 * original clauses and the level-0 units, all the counter holds at the
 * top. NULL when out of memory. */
static sat_oracle *check_oracle(counter *c) {
  if (c->oracle)
    return c->oracle;
  c->oracle = sat_oracle_new(&c->clock);
  if (!c->oracle)
    return NULL;
  c->sat_check_work += oracle_build_work(c);
  for (int clause = 0; clause < c->clause_count; clause++) {
    for (int k = c->clause_start[clause]; k < c->clause_start[clause + 1]; k++)
      sat_oracle_add(c->oracle, c->literals[k]);
    sat_oracle_add(c->oracle, 0);
  }
  for (int i = 0; i < c->level_zero_trail; i++) {
    sat_oracle_add(c->oracle, c->trail[i]);
    sat_oracle_add(c->oracle, 0);
  }
  return c->oracle;
}

/* Whether the formula has a model under the path's decisions (the rest
 * of the trail follows from them): 1 yes, 0 no, -1 unknown (decision
 * limit, stop, or memory). It asks one incremental CDCL solver holding
 * the whole formula, which keeps what it learns from check to check. A
 * count-0 component is refuted in the time CDCL takes, where the
 * counter's chronological search may take exponentially many decisions
 * (and, its zero entries dropped from the cache with the failed branch,
 * take them again at each visit).
 *
 * "No" speaks of the whole formula, not of `part` alone: another open
 * component may be the one without a model. The check then stands in for
 * a conflict that a learned clause would bring, with the same remedy (see
 * "Learning" at the top): `part` comes out 0, wrongly, only when another
 * open component has no model; the split holding that one multiplies to
 * 0, its true count, and drops every entry cached while it was counted.
 *
 * Its work for the budget is an estimate, four units per variable and
 * clause of `part` (CaDiCaL's C API reports no propagation count): fixed,
 * so runs repeat. */
static int component_satisfiable(counter *c, const component *part) {
  sat_oracle *oracle = check_oracle(c);
  if (!oracle)
    return -1;
  for (int i = c->level_zero_trail; i < c->trail_size; i++)
    if (c->reason[abs(c->trail[i])] < 0 && sat_oracle_assume(oracle, c->trail[i]) != 0)
      return -1;
  int answer = sat_oracle_solve(oracle, SAT_CHECK_DECISIONS);
  c->sat_check_work +=
      SAT_CHECK_WORK * ((uint64_t)part->variable_count + (uint64_t)part->clause_count);
  c->stats.sat_checks++;
  if (answer == 0) {
    c->stats.sat_refuted++;
    c->sat_check_gap /= 2;
  } else if (c->sat_check_gap < SAT_CHECK_MAX_GAP) {
    c->sat_check_gap = c->sat_check_gap ? 2 * c->sat_check_gap : 1;
  }
  c->next_sat_check = c->stats.conflicts + c->sat_check_gap;
  return answer;
}

/* Whether the work budget (see SAT_CHECK_SHARE) lets `part` be checked:
 * the work so far plus the least this check costs (its variables and
 * clauses, as the search counts them, and before the first check the
 * oracle's whole formula), so a counter's first check waits too: on the
 * disjoint union of 20 random 3-SAT 20/80 formulas, counted in 5 ms, a
 * first check that loads all 20 copies cost 8% of the count. */
static int sat_check_allowed(const counter *c, const component *part) {
  uint64_t least = (uint64_t)part->variable_count + (uint64_t)part->clause_count;
  if (!c->oracle)
    least += oracle_build_work(c);
  return !c->sat_check_budget || part->variable_count >= SAT_CHECK_LARGE ||
         (c->sat_check_work + least) * SAT_CHECK_SHARE <= c->search_work;
}

/* The count of component `index` of c->components (its key pushed on
 * c->keys for the time of the call). */
static void count_component(counter *c, size_t index, mpz_t result) {
  component part = c->components.items[index];
  int *variables = c->component_variables.items + part.variables_at;
  int *clauses = c->component_clauses.items + part.clauses_at;
  /* The key (component_cache.h): the variables and the clauses with a
   * false literal. A clause whose literals are all open is in the
   * component exactly when all its variables are, so the variables fix
   * those; leaving them out makes the key a fraction of the component
   * (as sharpSAT's keys leave out binary clauses), for less memory and
   * less sorting and hashing per component. */
  sort_ints(clauses, (size_t)part.partial_count); /* the variables are in order */
  c->stats.components++;
  c->search_work += (uint64_t)part.variable_count + (uint64_t)part.clause_count;
  size_t key_at = c->keys.size;
  int length = 1 + part.variable_count + part.partial_count;
  int failed = push(&c->keys, part.variable_count);
  for (int i = 0; i < part.variable_count && !failed; i++)
    failed = push(&c->keys, variables[i]);
  for (int i = 0; i < part.partial_count && !failed; i++)
    failed = push(&c->keys, clauses[i]);
  if (failed) {
    c->status = NQ_ERR_MEMORY;
    return;
  }
  uint64_t hash = component_cache_hash(c->keys.items + key_at, length);
  if (component_cache_find(c->cache, c->keys.items + key_at, length, hash, result)) {
    c->stats.cache_hits++;
    c->keys.size = key_at;
    return;
  }
  if (c->sat_checks && part.variable_count >= SAT_CHECK_VARIABLES &&
      c->stats.conflicts >= c->next_sat_check && sat_check_allowed(c, &part) &&
      component_satisfiable(c, &part) == 0) {
    mpz_set_ui(result, 0);
    if (component_cache_store(c->cache, c->keys.items + key_at, length, hash, result) != NQ_OK)
      c->status = NQ_ERR_MEMORY;
    c->keys.size = key_at;
    return;
  }
  int any_projected;
  uint64_t decisions_before = c->stats.decisions, zero_before = c->stats.zero_decisions;
  decay_activity(c);
  int variable = branch_variable(c, &part, &any_projected);
  mpz_t branch;
  mpz_init(branch);
  mpz_set_ui(result, 0);
  for (int side = 0; side < 2 && !out_of_time(c); side++) {
    int mark = c->trail_size;
    c->stats.decisions++;
    c->decision_level++;
    assign(c, side ? -variable : variable, -1);
    if (propagate(c)) {
      count_split(c, part.variables_at, part.variable_count, branch);
      mpz_add(result, result, branch);
    } else {
      c->stats.conflicts++;
      if (c->learning && c->status == NQ_OK)
        learn_from_conflict(c);
    }
    undo_to(c, mark);
    c->decision_level--;
    if (c->total_clauses - c->clause_count > c->learned_limit)
      reduce_learned(c);
    if (!any_projected && mpz_sgn(result) > 0)
      break; /* satisfiable: the component counts 1 */
  }
  mpz_clear(branch);
  if (!any_projected && mpz_sgn(result) > 0)
    mpz_set_ui(result, 1);
  if (c->status == NQ_OK && mpz_sgn(result) == 0) {
    /* The outermost components of count 0 only: inner ones are in it. */
    c->stats.zero_components++;
    c->stats.zero_decisions = zero_before + (c->stats.decisions - decisions_before);
  }
  if (c->status == NQ_OK &&
      component_cache_store(c->cache, c->keys.items + key_at, length, hash, result) != NQ_OK)
    c->status = NQ_ERR_MEMORY;
  c->keys.size = key_at;
}

/* The count of the open part of the `variable_count` variables at
 * `variables_at`: the product of its components' counts. */
static void count_split(counter *c, size_t variables_at, int variable_count, mpz_t result) {
  uint64_t stores_before = component_cache_store_count(c->cache);
  size_t components_at = c->components.size;
  size_t variables_top = c->component_variables.size, clauses_top = c->component_clauses.size;
  int free_projected = find_components(c, variables_at, variable_count);
  /* Smallest first: an unsatisfiable small component ends the split
   * before a large one is searched, which a learned clause carrying the
   * small one's conflict can make fail everywhere (see "Learning"). */
  size_t found = c->components.size - components_at;
  if (found > 1)
    qsort(c->components.items + components_at, found, sizeof *c->components.items,
          compare_component_size);
  mpz_t part;
  mpz_init(part);
  mpz_set_ui(result, 1);
  for (size_t i = components_at; i < c->components.size && c->status == NQ_OK; i++) {
    count_component(c, i, part);
    mpz_mul(result, result, part);
    if (mpz_sgn(result) == 0)
      break;
  }
  mpz_clear(part);
  /* With learned clauses or checks of the whole formula, a conflict or
   * a refutation inside one component may come from another: see
   * "Learning" at the top. */
  if ((c->learning || c->sat_checks) && mpz_sgn(result) == 0)
    component_cache_forget_since(c->cache, stores_before);
  mpz_mul_2exp(result, result, (mp_bitcnt_t)free_projected);
  c->components.size = components_at;
  c->component_variables.size = variables_top;
  c->component_clauses.size = clauses_top;
}

/* The formula as the counter holds it: tautologies dropped, duplicate
 * literals merged, units assigned (0 when one is contradicted or a clause
 * is empty: no models). Returns -1 when out of memory. */
static int load_clauses(counter *c, const cnf_compact *compact) {
  size_t literal_total = compact->literal_count;
  c->clause_start_capacity = compact->clause_count + 1;
  c->literal_capacity = literal_total ? literal_total : 1;
  c->clause_start = malloc(c->clause_start_capacity * sizeof *c->clause_start);
  c->literals = malloc(c->literal_capacity * sizeof *c->literals);
  c->occurrence_start = calloc((size_t)c->variables + 2, sizeof *c->occurrence_start);
  c->occurrences = malloc((literal_total ? literal_total : 1) * sizeof *c->occurrences);
  c->watches = calloc(2 * ((size_t)c->variables + 1), sizeof *c->watches);
  if (!c->clause_start || !c->literals || !c->occurrence_start || !c->occurrences || !c->watches)
    return -1;
  int satisfiable = 1;
  size_t at = 0, begin = 0;
  c->clause_count = 0;
  c->clause_start[0] = 0;
  for (size_t i = 0; i < literal_total; i++) {
    if (compact->literals[i]) {
      c->literals[at++] = compact->literals[i];
      continue;
    }
    int *lits = c->literals + begin;
    size_t length = at - begin;
    qsort(lits, length, sizeof *lits, compare_int);
    size_t unique = 0;
    int tautology = 0;
    for (size_t k = 0; k < length; k++) {
      if (unique && lits[unique - 1] == lits[k])
        continue;
      lits[unique++] = lits[k];
    }
    for (size_t k = 0; k < unique && !tautology; k++)
      tautology = bsearch(&(int){-lits[k]}, lits, unique, sizeof *lits, compare_int) != NULL;
    if (tautology) {
      at = begin;
      continue;
    }
    if (unique == 0) { /* the empty clause: no models */
      satisfiable = 0;
      at = begin;
      continue;
    }
    if (unique == 1) { /* a unit: assigned below, not kept as a clause */
      int value = literal_value(c, lits[0]);
      if (value < 0)
        satisfiable = 0;
      else if (value == 0)
        assign(c, lits[0], -1);
      at = begin;
      continue;
    }
    at = begin + unique;
    c->clause_count++;
    c->clause_start[c->clause_count] = (int)at;
    begin = at;
  }
  c->total_clauses = c->clause_count;
  for (int clause = 0; clause < c->clause_count; clause++) {
    for (int k = c->clause_start[clause]; k < c->clause_start[clause + 1]; k++)
      c->occurrence_start[abs(c->literals[k]) + 1]++;
    if (push(&c->watches[literal_index(c->literals[c->clause_start[clause]])], clause) ||
        push(&c->watches[literal_index(c->literals[c->clause_start[clause] + 1])], clause))
      return -1;
  }
  for (int v = 1; v <= c->variables + 1; v++)
    c->occurrence_start[v] += c->occurrence_start[v - 1];
  int *fill = malloc(((size_t)c->variables + 2) * sizeof *fill);
  if (!fill)
    return -1;
  memcpy(fill, c->occurrence_start, ((size_t)c->variables + 2) * sizeof *fill);
  for (int clause = 0; clause < c->clause_count; clause++)
    for (int k = c->clause_start[clause]; k < c->clause_start[clause + 1]; k++)
      c->occurrences[fill[abs(c->literals[k])]++] = clause;
  free(fill);
  return satisfiable;
}

static void counter_free(counter *c) {
  free(c->clause_start);
  free(c->literals);
  free(c->value);
  free(c->reason);
  free(c->level);
  free(c->learned_literals);
  free(c->seen);
  free(c->glue.items);
  free(c->trail);
  if (c->watches)
    for (int i = 0; i < 2 * (c->variables + 1); i++)
      free(c->watches[i].items);
  free(c->watches);
  free(c->occurrence_start);
  free(c->occurrences);
  free(c->variable_mark);
  free(c->clause_mark);
  free(c->score);
  free(c->component_of);
  free(c->fill.items);
  free(c->activity);
  sat_oracle_free(c->oracle);
  free(c->component_variables.items);
  free(c->component_clauses.items);
  free(c->keys.items);
  free(c->components.items);
  component_cache_free(c->cache);
}

/* The whole formula: every variable one list, split and counted. */
static void count_everything(counter *c, mpz_t count) {
  c->component_variables.size = 0;
  for (int v = 1; v <= c->variables; v++)
    if (push(&c->component_variables, v)) {
      c->status = NQ_ERR_MEMORY;
      return;
    }
  size_t before = c->components.size;
  find_components(c, 0, c->variables); /* for the statistics only */
  c->stats.top_components = (int)(c->components.size - before);
  c->components.size = before;
  c->component_variables.size = (size_t)c->variables;
  c->component_clauses.size = 0;
  count_split(c, 0, c->variables, count);
}

/* Cubes for --threads: every sign pattern of a few projected variables,
 * handed out in order to workers that each hold a counter of their own. */
typedef struct cube_plan {
  int *variables; /* the cube variables, most frequent first */
  int depth;      /* cubes: 2^depth */
  int next;       /* the next cube to count, under `lock` */
  pthread_mutex_t lock;
} cube_plan;

/* The count of the cube `index` added into `sum`. Each cube literal is a
 * decision of its own level, so clauses learned under one cube hold under
 * every other one and the worker keeps its clauses and cache from cube to
 * cube; the cubes partition the projected assignments, so the counts add
 * up to the formula's. */
static void count_cube(counter *c, const cube_plan *plan, int index, mpz_t sum, mpz_t count) {
  int ok = 1;
  for (int i = 0; i < plan->depth && ok; i++) {
    int variable = plan->variables[i], literal = (index >> i) & 1 ? -variable : variable;
    if (literal_value(c, literal) > 0)
      continue;
    if (literal_value(c, literal) < 0) {
      ok = 0;
      break;
    }
    c->decision_level++;
    assign(c, literal, -1);
    if (!propagate(c)) {
      ok = 0;
      c->stats.conflicts++;
      if (c->learning && c->status == NQ_OK)
        learn_from_conflict(c);
    }
  }
  if (ok) {
    count_everything(c, count);
    mpz_add(sum, sum, count);
  }
  undo_to(c, c->level_zero_trail);
  c->decision_level = 0;
  if (c->total_clauses - c->clause_count > c->learned_limit)
    reduce_learned(c);
}

typedef struct count_job {
  counter *c;
  mpz_ptr count;
  cube_plan *cubes; /* NULL: the whole formula at once */
} count_job;

static void *run_job(void *state) {
  count_job *job = state;
  counter *c = job->c;
  if (!job->cubes) {
    count_everything(c, job->count);
    return NULL;
  }
  mpz_t count;
  mpz_init(count);
  for (;;) {
    pthread_mutex_lock(&job->cubes->lock);
    int index = job->cubes->next < (1 << job->cubes->depth) ? job->cubes->next++ : -1;
    pthread_mutex_unlock(&job->cubes->lock);
    if (index < 0 || c->status != NQ_OK)
      break;
    count_cube(c, job->cubes, index, job->count, count);
  }
  mpz_clear(count);
  return NULL;
}

/* A decision level takes two frames of a few hundred bytes; 1 KiB per
 * variable leaves room for sanitizer builds, whose frames are larger. */
static int start_with_stack(pthread_t *thread, count_job *job) {
  size_t stack = ((size_t)1 << 20) + (size_t)job->c->variables * 1024;
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0)
    return -1;
  int started = pthread_attr_setstacksize(&attributes, stack) == 0 &&
                pthread_create(thread, &attributes, run_job, job) == 0;
  pthread_attr_destroy(&attributes);
  return started ? 0 : -1;
}

/* Runs the job on a thread with room for the recursion (at most one
 * decision level per variable). */
static void run_with_stack(count_job *job) {
  pthread_t thread;
  if (start_with_stack(&thread, job) == 0) {
    pthread_join(thread, NULL);
    return;
  }
  if (job->c->variables < 2000)
    run_job(job); /* the calling thread's stack is enough */
  else
    job->c->status = NQ_ERR_MEMORY;
}

/* The branching bonus of each variable from a tree decomposition of the
 * primal graph (see "Branching" above): DECOMPOSITION_WEIGHT times its
 * node's height above the deepest node, so that variables nearer the root
 * come first and VSADS only breaks ties among nodes of one depth. Sets
 * *width; NULL (branching is then VSADS alone) when no decomposition of
 * width at most a DECOMPOSITION_SHARE-th of the variables (and at most
 * DECOMPOSITION_MAX_WIDTH) is found within DECOMPOSITION_STEPS, or memory
 * is short. Measured on even-numbered Model Counting Competition 2022
 * track 1 instances at 60 s (docs/solver.md): widths 4 to 19 on 62 to
 * 612 variables counted 2x to 50x faster or for the first time (three
 * of them from over 60 s to under 0.1 s); width 32 on 78 variables took
 * 2.7x longer than VSADS alone, hence the share. */
static uint64_t *decomposition_bonus_new(const cnf_compact *compact, int *width) {
  *width = -1;
  int max_width = compact->variables / DECOMPOSITION_SHARE;
  if (max_width > DECOMPOSITION_MAX_WIDTH)
    max_width = DECOMPOSITION_MAX_WIDTH;
  if (max_width < 1)
    return NULL; /* too few variables for the order to matter */
  uint64_t improve_steps = (uint64_t)compact->literal_count * DECOMPOSITION_IMPROVE_PER_LITERAL;
  if (improve_steps > DECOMPOSITION_IMPROVE_STEPS)
    improve_steps = DECOMPOSITION_IMPROVE_STEPS;
  tree_decomposition decomposition;
  if (tree_decomposition_build(compact->variables, compact->literals, compact->literal_count,
                               max_width, DECOMPOSITION_STEPS, improve_steps,
                               DECOMPOSITION_IMPROVE_ABOVE, &decomposition) != 1)
    return NULL;
  uint64_t *bonus = malloc(((size_t)compact->variables + 1) * sizeof *bonus);
  if (bonus) {
    for (int v = 0; v <= compact->variables; v++)
      bonus[v] = v ? (uint64_t)DECOMPOSITION_WEIGHT *
                         (uint64_t)(decomposition.max_level - decomposition.level[v])
                   : 0;
    *width = decomposition.width;
  }
  tree_decomposition_free(&decomposition);
  return bonus;
}

/* A counter of the compacted formula, its units propagated: 1 ready, 0
 * no models, -1 out of memory. */
static int counter_init(counter *c, const cnf_compact *compact, const nq_component_options *options,
                        const nq_solver_control *control, uint64_t cache_bytes) {
  memset(c, 0, sizeof *c);
  search_clock_start(&c->clock, control);
  c->variables = compact->variables;
  c->projected = compact->projected;
  c->max_decisions = options ? options->max_decisions : 0;
  c->max_work = options ? options->max_work : 0;
  if (options && options->threads <= 1) {
    c->budget_spent = options->budget_spent;
    c->budget_context = options->budget_context;
  }
  c->learning = !(options && options->without_learning);
  c->stats.variables = compact->variables;
  c->stats.projected = compact->projection_count;
  c->stats.unused_projected = compact->unused_projected;
  c->stats.clauses = compact->clause_count;
  size_t slots = (size_t)c->variables + 1;
  c->value = calloc(slots, sizeof *c->value);
  c->reason = malloc(slots * sizeof *c->reason);
  c->level = calloc(slots, sizeof *c->level);
  c->learned_literals = malloc(slots * sizeof *c->learned_literals);
  c->seen = calloc(slots, sizeof *c->seen);
  c->trail = malloc(slots * sizeof *c->trail);
  c->variable_mark = calloc(slots, sizeof *c->variable_mark);
  c->clause_mark =
      calloc(compact->clause_count ? compact->clause_count : 1, sizeof *c->clause_mark);
  c->score = calloc(slots, sizeof *c->score);
  c->component_of = calloc(slots, sizeof *c->component_of);
  c->activity = calloc(slots, sizeof *c->activity);
  c->sat_checks = !(options && options->without_sat_checks);
  c->sat_check_budget = !(options && options->without_sat_check_budget);
  c->sat_check_gap = c->next_sat_check = SAT_CHECK_GAP;
  c->cache = component_cache_new(cache_bytes);
  if (!c->value || !c->reason || !c->level || !c->learned_literals || !c->seen || !c->trail ||
      !c->variable_mark || !c->clause_mark || !c->score || !c->component_of || !c->activity ||
      !c->cache)
    return -1;
  int loaded = load_clauses(c, compact);
  c->learned_limit =
      options && options->learned_bound > 0 ? options->learned_bound : 2000 + c->clause_count / 2;
  if (loaded > 0 && !propagate(c))
    loaded = 0; /* a conflict among the units */
  c->level_zero_trail = c->trail_size;
  return loaded;
}

static int occurrence_count(const counter *c, int variable) {
  return c->occurrence_start[variable + 1] - c->occurrence_start[variable];
}

/* Up to `wanted` open projected variables, most occurrences first. */
static int cube_variables(const counter *c, int *variables, int wanted) {
  int count = 0;
  for (int v = 1; v <= c->variables && wanted > 0; v++) {
    int occurrences = occurrence_count(c, v);
    if (c->value[v] || !c->projected[v] || !occurrences ||
        (count == wanted && occurrences <= occurrence_count(c, variables[wanted - 1])))
      continue;
    int at = count < wanted ? count++ : wanted - 1;
    for (; at > 0 && occurrences > occurrence_count(c, variables[at - 1]); at--)
      variables[at] = variables[at - 1];
    variables[at] = v;
  }
  return count;
}

static void add_stats(nq_component_stats *total, const counter *c) {
  total->decisions += c->stats.decisions;
  total->conflicts += c->stats.conflicts;
  total->learned += c->stats.learned;
  total->components += c->stats.components;
  total->cache_hits += c->stats.cache_hits;
  total->zero_components += c->stats.zero_components;
  total->zero_decisions += c->stats.zero_decisions;
  total->sat_checks += c->stats.sat_checks;
  total->sat_refuted += c->stats.sat_refuted;
  total->work += search_work_done(c);
  if (c->cache) {
    component_cache_stats held;
    component_cache_read_stats(c->cache, &held);
    total->cache_entries += held.entries;
    total->cache_peak_bytes += held.peak_bytes;
    total->evictions += held.evictions;
  }
}

/* Counts by cubes on `threads` workers (see cube_plan); `first` is set up
 * already and becomes the first worker. */
static nq_status count_by_cubes(counter *first, const cnf_compact *compact,
                                const nq_component_options *options,
                                const nq_solver_control *control, uint64_t cache_bytes, int threads,
                                mpz_t count, nq_component_stats *total) {
  enum { CUBES_PER_THREAD = 8, MAX_DEPTH = 12 };
  int depth = 0;
  while (depth < MAX_DEPTH && (1 << depth) < CUBES_PER_THREAD * threads)
    depth++;
  cube_plan plan = {0};
  plan.variables = malloc((size_t)depth * sizeof *plan.variables);
  counter *workers = calloc((size_t)threads, sizeof *workers);
  count_job *jobs = calloc((size_t)threads, sizeof *jobs);
  pthread_t *ids = calloc((size_t)threads, sizeof *ids);
  char *started = calloc((size_t)threads, 1);
  mpz_t *sums = calloc((size_t)threads, sizeof *sums);
  int locked = 0;
  nq_status status = NQ_ERR_MEMORY;
  if (plan.variables && workers && jobs && ids && started && sums &&
      pthread_mutex_init(&plan.lock, NULL) == 0) {
    locked = 1;
    status = NQ_OK;
    plan.depth = cube_variables(first, plan.variables, depth);
    workers[0] = *first;
    /* A worker whose counter cannot be set up (memory) is left out. */
    int ready = 1;
    while (ready < threads &&
           counter_init(&workers[ready], compact, options, control, cache_bytes) >= 0)
      workers[ready++].decomposition_bonus = first->decomposition_bonus;
    if (ready < threads)
      counter_free(&workers[ready]);
    for (int t = 0; t < ready; t++) {
      mpz_init(sums[t]);
      jobs[t] = (count_job){&workers[t], sums[t], &plan};
      started[t] = t > 0 && start_with_stack(&ids[t], &jobs[t]) == 0;
    }
    /* The first worker runs here once the others are going. */
    count_job here = jobs[0];
    if (start_with_stack(&ids[0], &jobs[0]) == 0)
      pthread_join(ids[0], NULL);
    else if (first->variables < 2000)
      run_job(&here);
    else
      workers[0].status = NQ_ERR_MEMORY;
    mpz_set_ui(count, 0);
    for (int t = 0; t < ready; t++) {
      if (started[t])
        pthread_join(ids[t], NULL);
      if (status == NQ_OK && workers[t].status != NQ_OK)
        status = workers[t].status;
      mpz_add(count, count, sums[t]);
      mpz_clear(sums[t]);
      if (t > 0) {
        add_stats(total, &workers[t]);
        counter_free(&workers[t]);
      }
    }
    *first = workers[0];
  }
  if (locked)
    pthread_mutex_destroy(&plan.lock);
  free(plan.variables);
  free(workers);
  free(jobs);
  free(ids);
  free(started);
  free(sums);
  return status;
}

nq_status nq_cnf_count_components(const nq_cnf *cnf, const nq_component_options *options,
                                  const nq_solver_control *control, mpz_t count,
                                  nq_component_stats *stats) {
  cnf_compact original, compact;
  nq_status status = cnf_compact_build(cnf, &original);
  mpz_set_ui(count, 0);
  if (status != NQ_OK)
    return status;
  /* The counter works on the preprocessed formula (count_preprocess.h:
   * the same count); 0 from the preprocessing means no models. */
  int preprocessed = 1;
  count_preprocess_stats simplified = {0};
  if (options && options->without_preprocessing) {
    compact = original;
    memset(&original, 0, sizeof original);
  } else {
    preprocessed = count_preprocess(&original, &compact, &simplified);
    if (preprocessed < 0) {
      cnf_compact_free(&original);
      return NQ_ERR_MEMORY;
    }
  }
  int decomposition_width = -1;
  uint64_t *bonus =
      preprocessed > 0 ? decomposition_bonus_new(&compact, &decomposition_width) : NULL;
  int threads = options && options->threads > 1 ? options->threads : 1;
  uint64_t cache_bytes = options ? options->cache_bytes / (uint64_t)threads : 0;
  if (options && options->cache_bytes && !cache_bytes)
    cache_bytes = 1;
  counter c;
  int loaded = counter_init(&c, &compact, options, control, cache_bytes);
  c.decomposition_bonus = bonus;
  if (loaded > 0 && !preprocessed)
    loaded = 0;
  if (original.variables || original.clause_count) {
    c.stats.variables = original.variables;
    c.stats.projected = original.projection_count;
    c.stats.clauses = original.clause_count;
    /* Also when the preprocessing found no models and kept nothing. */
    c.stats.unused_projected = original.unused_projected;
  }
  c.stats.fixed = simplified.fixed;
  c.stats.substituted = simplified.substituted;
  c.stats.eliminated = simplified.eliminated;
  nq_component_stats total = {0};
  if (loaded < 0) {
    status = NQ_ERR_MEMORY;
  } else if (loaded > 0 && threads > 1) {
    status = count_by_cubes(&c, &compact, options, control, cache_bytes, threads, count, &total);
  } else if (loaded > 0) {
    count_job job = {&c, count, NULL};
    run_with_stack(&job);
    status = c.status;
  }
  /* loaded == 0: no models, count stays 0 */
  if (status != NQ_OK)
    mpz_set_ui(count, 0);
  add_stats(&total, &c);
  c.stats.decisions = total.decisions;
  c.stats.conflicts = total.conflicts;
  c.stats.learned = total.learned;
  c.stats.components = total.components;
  c.stats.cache_hits = total.cache_hits;
  c.stats.zero_components = total.zero_components;
  c.stats.zero_decisions = total.zero_decisions;
  c.stats.cache_entries = total.cache_entries;
  c.stats.cache_peak_bytes = total.cache_peak_bytes;
  c.stats.evictions = total.evictions;
  c.stats.decomposition_width = decomposition_width;
  c.stats.work = total.work;
  c.stats.seconds = search_clock_elapsed(&c.clock) - c.paused_seconds;
  if (stats)
    *stats = c.stats;
  counter_free(&c);
  free(bonus);
  cnf_compact_free(&compact);
  cnf_compact_free(&original);
  return status;
}

uint64_t nq_cnf_count_components_memory(const nq_cnf *cnf) {
  /* The counter works on the compacted formula, whose variables are those
   * that occur (at most one per literal, the clauses' 0s aside, plus the
   * projection): a file may name variable 2^31 - 1 in a single clause. */
  uint64_t variables = cnf->max_variable > 0 ? (uint64_t)cnf->max_variable : 0;
  uint64_t occurring =
      (uint64_t)cnf->literal_count - (uint64_t)cnf->clause_count + cnf->projection_count;
  if (occurring < variables)
    variables = occurring;
  /* literals twice (clauses, occurrences) plus the compact copy, watches
   * of two literals per clause, and per variable the value, trail, marks,
   * score, watch lists and the component stacks. */
  return (uint64_t)cnf->literal_count * 4 * 3 + (uint64_t)cnf->clause_count * (4 * 3 + 16) +
         variables * 96 + ((uint64_t)1 << 20);
}
