/* A SAT solver's search recorded for the page: DPLL with unit propagation
 * (Davis, Logemann & Loveland 1962) on one encoding's clauses, run when
 * the page is written, each event kept so that the page replays it and a
 * test can check every step against the clauses (teach.h describes the
 * events). The decisions mirror the backtracking search: the lowest
 * unassigned variable that is not auxiliary, set true first (a queen on
 * the first free square of the matrix model, q_r <= a for the smallest a
 * in the order encoding); auxiliary variables left unset once the board
 * is set are completed false when that satisfies every clause, without a
 * decision each.
 * Without learning, backtracking is chronological: after a conflict the
 * latest decision not yet flipped is undone with everything after it and
 * its negation assigned, which makes the count of conflicts comparable
 * with the backtracking search's dead ends. With learning (CDCL), a
 * conflict is analysed to a learned clause (first UIP), the search jumps
 * back to the level where that clause becomes unit, and propagates it. */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "nqsat/encoder.h"
#include "teach.h"

typedef struct clause_store {
  int *literals; /* every clause, 0 after each */
  size_t *start; /* of clause i in literals */
  size_t literal_count, literal_capacity, clause_count, clause_capacity;
} clause_store;

static int store_clause(void *context, const int *literals, size_t count) {
  clause_store *s = context;
  if (s->clause_count == s->clause_capacity) {
    size_t *grown =
        grow_array(s->start, &s->clause_capacity, s->clause_count + 1, sizeof *grown, 256);
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
  clause_store *clauses; /* learned clauses are added at the end */
  int variables, first_auxiliary;
  signed char *value;           /* by variable: 1 true, -1 false, 0 unset */
  int *trail, trail_size, head; /* literals in the order assigned; head: next to propagate */
  int *decision_at;             /* trail index of each level's decision */
  unsigned char *flipped;       /* each level's decision already flipped */
  int levels;
  int learn;                /* clause learning (CDCL) instead of flipping */
  int *level, *reason;      /* by variable: decision level, clause that set it (-1: decision) */
  unsigned char *seen;      /* by variable, during conflict analysis */
  int *learned;             /* the clause being learned */
  size_t original_clauses;  /* learned clauses are numbered from here */
  size_t conflict;          /* the clause found false */
  size_t *occurrence_start; /* clauses holding literal l: by index l + variables */
  size_t *occurrences;
  teach_sat_trace *trace;
} solver;

/* Room for `count` more numbers of events, as one step; NULL when out of
 * memory. */
static int *event_room(teach_sat_trace *t, size_t count) {
  if (t->event_count + count > t->event_capacity) {
    int *grown =
        grow_array(t->events, &t->event_capacity, t->event_count + count, sizeof *grown, 1024);
    if (!grown)
      return NULL;
    t->events = grown;
  }
  int *room = t->events + t->event_count;
  t->event_count += count;
  t->steps++;
  return room;
}

static int event(solver *s, int kind, int first, int second) {
  int count = kind == TEACH_SAT_PROPAGATE ? 3 : kind == TEACH_SAT_DONE ? 1 : 2;
  int *room = event_room(s->trace, (size_t)count);
  if (!room)
    return -1;
  int numbers[3] = {kind, first, second};
  memcpy(room, numbers, (size_t)count * sizeof *room);
  return 0;
}

/* TEACH_SAT_LEARN: the kind, the length, the literals. */
static int event_clause(solver *s, const int *literals, int length) {
  int *room = event_room(s->trace, 2 + (size_t)length);
  if (!room)
    return -1;
  room[0] = TEACH_SAT_LEARN;
  room[1] = length;
  memcpy(room + 2, literals, (size_t)length * sizeof *literals);
  return 0;
}

static int truth(const solver *s, int literal) {
  int v = s->value[abs(literal)];
  return literal > 0 ? v : -v;
}

static void assign(solver *s, int literal, int reason) {
  s->value[abs(literal)] = (signed char)(literal > 0 ? 1 : -1);
  s->level[abs(literal)] = s->levels;
  s->reason[abs(literal)] = reason;
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
  if (state == FALSIFIED) {
    s->conflict = i;
    s->trace->conflicts++; /* counted with its event: a cut recording still agrees */
    return event(s, TEACH_SAT_CONFLICT, (int)i, 0) ? -1 : 1;
  }
  if (state == UNIT) {
    assign(s, unit, (int)i);
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
    /* Learned clauses are few: each is looked at after every assignment. */
    for (size_t i = s->original_clauses; i < s->clauses->clause_count; i++) {
      int result = visit(s, i);
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

/* Whether clause i holds once every unset variable is taken false. */
static int holds_with_unset_false(const solver *s, size_t i) {
  for (const int *l = s->clauses->literals + s->clauses->start[i]; *l; l++)
    if (truth(s, *l) > 0 || (*l < 0 && !s->value[-*l]))
      return 1;
  return 0;
}

/* The next decision: the lowest unset variable of the board, set true.
 * Once the board's variables are all set, 0 (solved) when every clause
 * holds with the auxiliary variables left unset taken false: they are not
 * decided one by one (they decide nothing about the board, and the page
 * says how they are completed). Otherwise, rarely, the first clause that
 * fails that way has its lowest unset variable set true. */
static int next_decision(const solver *s) {
  for (int v = 1; v < s->first_auxiliary; v++)
    if (!s->value[v])
      return v;
  for (size_t i = 0; i < s->clauses->clause_count; i++) {
    if (holds_with_unset_false(s, i))
      continue;
    int lowest = 0;
    for (const int *l = s->clauses->literals + s->clauses->start[i]; *l; l++)
      if (!s->value[abs(*l)] && (!lowest || abs(*l) < lowest))
        lowest = abs(*l);
    return lowest;
  }
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
  assign(s, -decision, -1);
  return 1;
}

/* Conflict analysis to the first unique implication point (Marques-Silva
 * & Sakallah's GRASP, 1999; Zhang et al., ICCAD 2001): resolves the false
 * clause with the reasons of the current level's literals, latest first,
 * until one literal of that level is left. Writes the learned clause into
 * s->learned (the asserting literal first) and returns its length; the
 * level to jump back to goes into *back. Literals set at level 0 are left
 * out: they are false for good. */
static int analyze(solver *s, int *back) {
  const clause_store *c = s->clauses;
  int length = 1, here = 0, index = s->trail_size - 1, pivot = 0;
  const int *clause = c->literals + c->start[s->conflict];
  for (;;) {
    for (const int *l = clause; *l; l++) {
      int v = abs(*l);
      if (*l == pivot || s->seen[v] || s->level[v] == 0)
        continue;
      s->seen[v] = 1;
      if (s->level[v] == s->levels)
        here++;
      else
        s->learned[length++] = *l;
    }
    while (!s->seen[abs(s->trail[index])])
      index--;
    pivot = s->trail[index--];
    s->seen[abs(pivot)] = 0;
    if (--here == 0)
      break;
    clause = c->literals + c->start[s->reason[abs(pivot)]];
  }
  s->learned[0] = -pivot;
  *back = 0;
  for (int k = 1; k < length; k++) {
    s->seen[abs(s->learned[k])] = 0;
    if (s->level[abs(s->learned[k])] > *back)
      *back = s->level[abs(s->learned[k])];
  }
  return length;
}

/* After a conflict with learning: the learned clause recorded and added,
 * the jump back to its level, and its asserting literal propagated. 0, or
 * -1 when out of memory. */
static int learn_and_jump(solver *s) {
  int back, length = analyze(s, &back);
  teach_sat_trace *t = s->trace;
  if (event_clause(s, s->learned, length))
    return -1;
  if (store_clause(s->clauses, s->learned, (size_t)length))
    return -1;
  t->learned++;
  if (event(s, TEACH_SAT_BACKJUMP, back, 0))
    return -1;
  int at = s->decision_at[back];
  while (s->trail_size > at)
    s->value[abs(s->trail[--s->trail_size])] = 0;
  s->head = at;
  s->levels = back;
  assign(s, s->learned[0], (int)(s->clauses->clause_count - 1));
  t->propagations++;
  return event(s, TEACH_SAT_PROPAGATE, s->learned[0], (int)(s->clauses->clause_count - 1));
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
    if (result > 0 && s->learn) {
      if (s->levels == 0)
        return event(s, TEACH_SAT_DONE, 0, 0) ? NQ_ERR_MEMORY : (t->complete = 1, NQ_OK);
      if (learn_and_jump(s))
        return NQ_ERR_MEMORY;
    } else if (result > 0) {
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
      assign(s, decision, -1);
      t->decisions++;
      if (event(s, TEACH_SAT_DECIDE, decision, 0))
        return NQ_ERR_MEMORY;
    }
    result = propagate(s);
  }
}

nq_status teach_sat_record(const nq_encoding *encoding, int first_auxiliary, int learn,
                           size_t max_steps, teach_sat_trace *trace) {
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
  size_t room = (size_t)variables + 1;
  solver s = {.clauses = &clauses,
              .variables = variables,
              .first_auxiliary = first_auxiliary,
              .learn = learn,
              .original_clauses = clauses.clause_count,
              .trace = trace};
  if (status == NQ_OK) {
    s.value = calloc(room, 1);
    s.trail = malloc(room * sizeof *s.trail);
    s.decision_at = malloc(room * sizeof *s.decision_at);
    s.flipped = malloc(room);
    s.level = malloc(room * sizeof *s.level);
    s.reason = malloc(room * sizeof *s.reason);
    s.seen = calloc(room, 1);
    s.learned = malloc(room * sizeof *s.learned);
    if (!s.value || !s.trail || !s.decision_at || !s.flipped || !s.level || !s.reason || !s.seen ||
        !s.learned || build_occurrences(&s))
      status = NQ_ERR_MEMORY;
  }
  if (status == NQ_OK)
    status = run(&s, max_steps);
  free(s.value);
  free(s.trail);
  free(s.decision_at);
  free(s.flipped);
  free(s.level);
  free(s.reason);
  free(s.seen);
  free(s.learned);
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
