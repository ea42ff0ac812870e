/* A SAT solver's search recorded for the page: DPLL with unit propagation
 * (Davis, Logemann & Loveland 1962) on one encoding's clauses, run when
 * the page is written, each event kept so that the page replays it and a
 * test can check every step against the clauses (teach.h describes the
 * events). The decisions mirror the backtracking search: the lowest
 * unassigned variable that is not auxiliary, set true first (a queen on
 * the first free square of the matrix model, q_r <= a for the smallest a
 * in the order encoding); auxiliary variables left over are set false.
 * Backtracking is chronological: after a conflict the latest decision not
 * yet flipped is undone with everything after it and its negation
 * assigned. No learning: that is what makes the count of conflicts
 * comparable with the backtracking search's dead ends. */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "nqsat/encoder.h"
#include "teach.h"

typedef struct clause_store {
  int *literals;          /* every clause, 0 after each */
  size_t *start;          /* of clause i in literals */
  size_t literal_count, literal_capacity, clause_count, clause_capacity;
} clause_store;

static int store_clause(void *context, const int *literals, size_t count) {
  clause_store *s = context;
  if (s->clause_count == s->clause_capacity) {
    size_t *grown = grow_array(s->start, &s->clause_capacity, s->clause_count + 1, sizeof *grown, 256);
    if (!grown)
      return -1;
    s->start = grown;
  }
  if (s->literal_count + count + 1 > s->literal_capacity) {
    int *grown = grow_array(s->literals, &s->literal_capacity, s->literal_count + count + 1,
                            sizeof *grown, 1024);
    if (!grown)
      return -1;
    s->literals = grown;
  }
  s->start[s->clause_count++] = s->literal_count;
  memcpy(s->literals + s->literal_count, literals, count * sizeof *literals);
  s->literal_count += count;
  s->literals[s->literal_count++] = 0;
  return 0;
}

typedef struct solver {
  const clause_store *clauses;
  int variables, first_auxiliary;
  signed char *value;          /* by variable: 1 true, -1 false, 0 unset */
  int *trail, trail_size, head; /* literals in the order assigned; head: next to propagate */
  int *decision_at;            /* trail index of each level's decision */
  unsigned char *flipped;      /* each level's decision already flipped */
  int levels;
  size_t *occurrence_start;    /* clauses holding literal l: by index l + variables */
  size_t *occurrences;
  teach_sat_trace *trace;
} solver;

static int event(solver *s, int kind, int first, int second) {
  teach_sat_trace *t = s->trace;
  int count = kind == TEACH_SAT_PROPAGATE ? 3 : kind == TEACH_SAT_DONE ? 1 : 2;
  if (t->event_count + (size_t)count > t->event_capacity) {
    int *grown = grow_array(t->events, &t->event_capacity, t->event_count + (size_t)count,
                            sizeof *grown, 1024);
    if (!grown)
      return -1;
    t->events = grown;
  }
  t->events[t->event_count++] = kind;
  if (count > 1)
    t->events[t->event_count++] = first;
  if (count > 2)
    t->events[t->event_count++] = second;
  t->steps++;
  return 0;
}

static int truth(const solver *s, int literal) {
  int v = s->value[abs(literal)];
  return literal > 0 ? v : -v;
}

static void assign(solver *s, int literal) {
  s->value[abs(literal)] = (signed char)(literal > 0 ? 1 : -1);
  s->trail[s->trail_size++] = literal;
}

/* What clause i is under the current assignment; for a unit, *unit is
 * its one unset literal. */
enum { SATISFIED, OPEN, UNIT, FALSIFIED };
static int clause_state(const solver *s, size_t i, int *unit) {
  int unset = 0;
  for (const int *l = s->clauses->literals + s->clauses->start[i]; *l; l++) {
    int t = truth(s, *l);
    if (t > 0)
      return SATISFIED;
    if (t == 0) {
      unset++;
      *unit = *l;
    }
  }
  return unset == 0 ? FALSIFIED : unset == 1 ? UNIT : OPEN;
}

/* Checks clause i after one of its literals became false: a unit is
 * propagated (recorded with the clause), a falsified clause is a conflict.
 * Returns 1 on conflict, -1 when out of memory. */
static int visit(solver *s, size_t i) {
  int unit = 0, state = clause_state(s, i, &unit);
  if (state == FALSIFIED)
    return event(s, TEACH_SAT_CONFLICT, (int)i, 0) ? -1 : 1;
  if (state == UNIT) {
    assign(s, unit);
    s->trace->propagations++;
    return event(s, TEACH_SAT_PROPAGATE, unit, (int)i) ? -1 : 0;
  }
  return 0;
}

/* Unit propagation to a fixpoint: 1 on conflict, -1 out of memory. */
static int propagate(solver *s) {
  for (; s->head < s->trail_size; s->head++) {
    int falsified = -s->trail[s->head];
    size_t index = (size_t)(falsified + s->variables);
    for (size_t k = s->occurrence_start[index]; k < s->occurrence_start[index + 1]; k++) {
      int result = visit(s, s->occurrences[k]);
      if (result)
        return result;
    }
  }
  return 0;
}

static int build_occurrences(solver *s) {
  size_t slots = 2 * (size_t)s->variables + 2;
  s->occurrence_start = calloc(slots, sizeof *s->occurrence_start);
  s->occurrences = malloc((s->clauses->literal_count + 1) * sizeof *s->occurrences);
  if (!s->occurrence_start || !s->occurrences)
    return -1;
  const clause_store *c = s->clauses;
  for (size_t i = 0; i < c->literal_count; i++)
    if (c->literals[i])
      s->occurrence_start[c->literals[i] + s->variables + 1]++;
  for (size_t k = 1; k < slots; k++)
    s->occurrence_start[k] += s->occurrence_start[k - 1];
  size_t *fill = malloc(slots * sizeof *fill);
  if (!fill)
    return -1;
  memcpy(fill, s->occurrence_start, slots * sizeof *fill);
  for (size_t i = 0; i < c->clause_count; i++)
    for (const int *l = c->literals + c->start[i]; *l; l++)
      s->occurrences[fill[*l + s->variables]++] = i;
  free(fill);
  return 0;
}

static int next_decision(const solver *s) {
  for (int v = 1; v < s->first_auxiliary; v++)
    if (!s->value[v])
      return v;
  for (int v = s->first_auxiliary; v <= s->variables; v++)
    if (!s->value[v])
      return -v;
  return 0;
}

/* Undoes the latest decision not yet flipped and everything after it, and
 * assigns its negation. 0 when there is none left (no solution). */
static int backtrack(solver *s) {
  while (s->levels > 0 && s->flipped[s->levels - 1])
    s->levels--;
  if (s->levels == 0)
    return 0;
  int at = s->decision_at[s->levels - 1], decision = s->trail[at];
  while (s->trail_size > at)
    s->value[abs(s->trail[--s->trail_size])] = 0;
  s->head = at;
  s->flipped[s->levels - 1] = 1;
  assign(s, -decision);
  return 1;
}

static nq_status run(solver *s, size_t max_steps) {
  teach_sat_trace *t = s->trace;
  /* Unit clauses and empty ones before any decision. */
  int result = 0;
  for (size_t i = 0; i < s->clauses->clause_count && !result; i++) {
    int unit = 0, state = clause_state(s, i, &unit);
    if (state == FALSIFIED || state == UNIT)
      result = visit(s, i);
  }
  if (!result)
    result = propagate(s);
  for (;;) {
    if (result < 0)
      return NQ_ERR_MEMORY;
    if (t->steps >= max_steps)
      return NQ_OK; /* the page says the trace stops here */
    if (result > 0) {
      t->conflicts++;
      if (!backtrack(s))
        return event(s, TEACH_SAT_DONE, 0, 0) ? NQ_ERR_MEMORY : (t->complete = 1, NQ_OK);
      if (event(s, TEACH_SAT_BACKTRACK, s->trail[s->trail_size - 1], 0))
        return NQ_ERR_MEMORY;
    } else {
      int decision = next_decision(s);
      if (!decision) {
        t->solved = 1;
        t->complete = 1;
        return event(s, TEACH_SAT_DONE, 0, 0) ? NQ_ERR_MEMORY : NQ_OK;
      }
      s->decision_at[s->levels] = s->trail_size;
      s->flipped[s->levels++] = 0;
      assign(s, decision);
      t->decisions++;
      if (event(s, TEACH_SAT_DECIDE, decision, 0))
        return NQ_ERR_MEMORY;
    }
    result = propagate(s);
  }
}

nq_status teach_sat_record(const nq_encoding *encoding, int first_auxiliary, size_t max_steps,
                           teach_sat_trace *trace) {
  memset(trace, 0, sizeof *trace);
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  clause_store clauses = {0};
  nq_clause_sink sink = {&clauses, store_clause};
  status = nq_encoder_generate(encoding, &sink);
  if (status == NQ_ERR_STOPPED)
    status = NQ_ERR_MEMORY;
  int variables = (int)size.variables;
  solver s = {&clauses, variables, first_auxiliary, NULL, NULL, 0, 0, NULL, NULL, 0, NULL, NULL, trace};
  if (status == NQ_OK) {
    s.value = calloc((size_t)variables + 1, 1);
    s.trail = malloc(((size_t)variables + 1) * sizeof *s.trail);
    s.decision_at = malloc(((size_t)variables + 1) * sizeof *s.decision_at);
    s.flipped = malloc((size_t)variables + 1);
    if (!s.value || !s.trail || !s.decision_at || !s.flipped || build_occurrences(&s))
      status = NQ_ERR_MEMORY;
  }
  if (status == NQ_OK)
    status = run(&s, max_steps);
  free(s.value);
  free(s.trail);
  free(s.decision_at);
  free(s.flipped);
  free(s.occurrence_start);
  free(s.occurrences);
  free(clauses.literals);
  free(clauses.start);
  return status;
}

void teach_sat_free(teach_sat_trace *trace) {
  free(trace->events);
  memset(trace, 0, sizeof *trace);
}
