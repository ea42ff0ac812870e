/* The all-solutions CDCL engine (allsat_engine.h): watched literals, 1UIP
 * learning, VSIDS, restarts, learned-clause reduction, and after each
 * model a chronological backtrack instead of a blocking clause.
 *
 * The decision levels form a stack of three kinds, bottom to top: the
 * assumption level (the cube), projection levels, then levels deciding
 * variables outside the projection (only once every projection variable
 * is assigned). A projection level is REGULAR (its decision's other value
 * is still to be searched) or FLIPPED: the other value was searched
 * completely and the level now holds the negated decision as a
 * pseudo-decision without a reason. Every model found so far lies in the
 * subtree of a flipped decision's first value, so:
 * - after a model, the highest projection level is flipped (when it is
 *   regular) or popped and the one below it handled the same way
 *   (backtrack_exhausted): the tree over the projection is walked once;
 * - a conflict backjumps to its assertion level, but never below the
 *   highest flipped level (that would forget which half was searched);
 * - a conflict at a flipped level means both halves are done: the level
 *   below is exhausted too.
 * Learned clauses are resolvents of clauses only (pseudo-decisions and
 * assumptions have no reason and stay in them as decisions do), so they
 * hold for every model and survive models and cubes alike. Literals
 * implied after a backtrack are put on the current level, which may be
 * above their true level (as in chronological backtracking, Nadel & Ryvchin,
 * SAT 2018): the trail stays ordered by level, which is all the analysis
 * needs.
 *
 * Partial models: while models keep having open projection variables,
 * each original clause counts its true literals; when none is unsatisfied
 * the open projection variables are free and the model is reported once.
 * Where that never happens (N-Queens) the counting is switched off after a
 * few dozen models: it costs as much as propagation. */
#include "allsat_engine.h"
#include "invariant.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "clause_pair_map.h"
#include "grow.h"

/* A reason is an arena offset, NO_REASON, or for a binary clause the
 * code binary_reason(other literal), below -1: binary watches hold only
 * the other literal (4 bytes, not 8), so propagating through them never
 * touches the arena. */
enum { NO_REASON = -1 };
static int binary_reason(int other) { return -2 - other; }
static int binary_other(int reason) { return -2 - reason; }
enum { LEVEL_ASSUMPTION, LEVEL_REGULAR, LEVEL_FLIPPED, LEVEL_OUTSIDE };
/* Clause header in the arena: size, then flags (bit 0 learned, bit 1
 * deleted, the rest the LBD), then the clause's id (an original clause's
 * number in the input, from 1; learned clauses numbered on after them,
 * the ids of an LRAT proof); literals follow. */
enum { HEADER = 3, ID_SLOT = 2, FLAG_LEARNED = 1, FLAG_DELETED = 2, LBD_SHIFT = 2 };
/* Why a subtree is exhausted, for the hints of its lemma (log_exhausted). */
enum { WHY_MODEL, WHY_CONFLICT, WHY_CHILDREN };
enum { RESTART_UNIT = 128, POLL_EVERY = 16 };
/* Learned clauses kept: REDUCE_BASE plus an eighth of the clauses, half
 * deleted when full. A small database is what makes enumeration fast: the
 * chronological walk visits each part of the tree once, so old clauses
 * rarely help again, while every one of them costs watch visits (shuffled
 * N = 12: 7.1 s with 4000 growing a tenth per reduction, 1.1 s with 250
 * fixed, 1.3 s with 1000; callgrind, --count on one thread, 256 against
 * 512: ladder N = 11 parsimonious 1.72 G instructions against 1.78 G,
 * commander N = 12 6.34 G against 6.79 G). The limit grows by half only
 * when a reduction could not free a quarter (most clauses kept as reasons
 * or LBD <= 2). */
enum { REDUCE_BASE = 256 };
/* Partial-model counting stays on while at least one model in
 * PARTIAL_RATIO has a free variable (checked after PARTIAL_SAMPLE).
 * The static order starts only when the counting stops, so a long
 * sample is paid twice where no model is partial: callgrind, --count on
 * one thread, ladder N = 11 parsimonious 1.16 G instructions with 256,
 * 1.09 G with 32; random 3-SAT 70/260, where partial models are common,
 * the same with both. */
enum { PARTIAL_SAMPLE = 32, PARTIAL_RATIO = 16 };

typedef struct watch {
  int clause;  /* arena offset */
  int blocker; /* a literal of the clause; the other one for binaries */
} watch;

typedef struct watch_list {
  watch *items;
  int size, capacity;
} watch_list;

/* The other literals of a literal's binary clauses. */
typedef struct literal_list {
  int *items;
  int size, capacity;
} literal_list;

/* A literal's two watch lists side by side, 32 bytes on a 32-byte
 * boundary: propagating a literal reads both headers from one cache line
 * (apart, each was a miss of its own: callgrind's cache simulation, ladder
 * N = 11 parsimonious). */
typedef struct literal_watches {
  literal_list binary;
  watch_list other;
} literal_watches;

typedef struct var_heap {
  int *items, size;
} var_heap;

typedef struct int_list {
  int *items;
  size_t size, capacity;
} int_list;

struct allsat_engine {
  int variables;
  unsigned char *projected; /* [variables + 1] */
  int projected_count;
  /* Literal l of variable v is 2v (true) or 2v + 1 (false). */
  /* [2 (variables + 1)]: 1 true, -1 false, 0 open. Not signed char: a
   * store through a character pointer may alias any field of the engine,
   * which the compiler then reloads after every assignment. */
  short *value;
  int *level, *reason;
  short *phase;
  int *trail, trail_size, head;
  int *level_start;
  unsigned char *level_kind;
  int current_level, floor; /* floor: the assumption level (0 or 1) */
  int inconsistent;         /* the clauses alone have no model */
  /* propagate's falsified clause: in the arena, or conflict_pair */
  const int *conflict;
  int conflict_size, conflict_pair[2];
  int out_of_memory; /* a watch could not be stored: results void */

  int_list arena;
  size_t learned_count, max_learned;
  /* [2 (variables + 1)] each. Binary clauses are watched apart: their
   * lists never change while propagating, are walked first (most clauses
   * of ladder, pairwise and commander files are binary) and need no visit
   * of the arena. With the two decision heaps below: callgrind, --count
   * on one thread, ladder N = 11 parsimonious 2.18 G instructions before,
   * 1.81 G after. */
  literal_watches *watches;
  int_list pending_units;

  /* partial models */
  int tracking;
  int *satisfied_by; /* per original clause: its true literals */
  int **occurrences; /* [2 (variables + 1)]: original clauses of a literal */
  int *occurrence_count;
  int unsatisfied;        /* original clauses with no true literal */
  int assigned_projected; /* counted only while tracking */
  int max_free;
  uint64_t models_free; /* models with a free variable */

  /* decisions: a heap of the open projection variables and one of the
   * others, each ordered by activity. The projection is decided first;
   * two heaps compare activities only and keep the auxiliary variables of
   * ladder, commander and product files (most variables there) out of
   * the heap that every decision pops from. */
  double *activity, increment;
  /* allsat_engine_set_order: the projection variables in the order
   * given, used once partial models stop (VSIDS finds those: random 3-SAT
   * 70/260 took twice as long in the static order). Then the projection
   * heap is left empty and the next projection decision is the first
   * open variable of static_order at or after order_cursor: every
   * variable before the cursor is assigned (backtrack moves it back).
   * A scan instead of a heap keyed by rank: ladder N = 11 parsimonious
   * spent a tenth of its instructions popping and re-inserting the
   * projection variables. */
  int *static_order, *order_position;
  int static_count, order_cursor;
  int static_projection;
  var_heap heaps[2]; /* [1]: projection variables, [0]: the others */
  int *heap_index;

  /* analysis */
  unsigned char *seen;
  int *learned, *to_clear, *level_stamp;
  int stamp;

  signed char *model;
  allsat_stats stats;
  /* DRAT proof of the clauses learned and deleted, or NULL. */
  allsat_proof_fn proof;
  void *proof_context;
  /* The proof's lemmas for exhausted subtrees (log_exhausted), each as its
   * literals, then its size and level: deleted once their parent's lemma
   * is logged. `lemma` [variables + 1] builds one. */
  int_list exhausted;
  int *lemma;

  /* LRAT proof (allsat_engine_set_lrat), or NULL. */
  allsat_lrat_fn lrat;
  void *lrat_context;
  int next_id;  /* of the next clause learned, lemma or blocked model */
  int *unit_id; /* [variables + 1]: for a literal set at level 0 without a
                 * reason, the id of a unit clause that asserts it */
  clause_pair_map binary_ids;
  /* chain_hints: per variable 1 needed, 2 assumed (in the lemma), 3 done */
  unsigned char *chain_mark;
  int *chain_literals; /* [variables + 1] */
  int_list chain_touched, learned_hints, lemma_hints;
  int blocking_id; /* the last model's blocking clause */
  int final_why;   /* how the enumeration ended, for the empty clause */
  /* A clause falsified at level 0 that made the engine inconsistent (its
   * literals, its id, 0 for a binary one to look up), for the empty
   * clause's hints; refuted once the empty clause is logged. */
  int_list refutation;
  int refutation_id, refuted;
};

static int var_of(int literal) { return literal >> 1; }
static int to_internal(int dimacs) { return dimacs > 0 ? 2 * dimacs : 2 * -dimacs + 1; }

/* ---- invariants (the sanitizer build; common/internal/invariant.h) ---- */

/* The trail: every literal on it true, its variable's level the one whose
 * stretch of the trail holds it, levels starting in order. */
static void check_trail(const allsat_engine *e) {
  if (!NQ_CHECKING_INVARIANTS)
    return;
  NQ_INVARIANT(e->head >= 0 && e->head <= e->trail_size);
  NQ_INVARIANT(e->current_level >= 0);
  int level = 0;
  for (int i = 0; i < e->trail_size; i++) {
    while (level < e->current_level && e->level_start[level + 1] <= i)
      level++;
    int literal = e->trail[i];
    NQ_INVARIANT(literal >= 2 && literal < 2 * (e->variables + 1));
    NQ_INVARIANT(e->value[literal] == 1 && e->value[literal ^ 1] == -1);
    NQ_INVARIANT(e->level[var_of(literal)] == level);
  }
  for (int l = 1; l <= e->current_level; l++)
    NQ_INVARIANT(e->level_start[l] >= (l > 1 ? e->level_start[l - 1] : 0) &&
                 e->level_start[l] <= e->trail_size);
}

/* The arena: whole clauses of literals in range; the watches: a clause is
 * watched by its first two literals, a binary one's partner in range. */
static void check_clauses(const allsat_engine *e) {
  if (!NQ_CHECKING_INVARIANTS)
    return;
  const int *arena = e->arena.items;
  int literals = 2 * (e->variables + 1);
  for (size_t c = 0; c < e->arena.size; c += HEADER + (size_t)arena[c]) {
    NQ_INVARIANT(arena[c] >= 0 && c + HEADER + (size_t)arena[c] <= e->arena.size);
    for (int k = 0; k < arena[c]; k++)
      NQ_INVARIANT(arena[c + HEADER + k] >= 2 && arena[c + HEADER + k] < literals);
  }
  for (int l = 2; l < literals; l++) {
    const literal_watches *w = &e->watches[l];
    for (int i = 0; i < w->binary.size; i++)
      NQ_INVARIANT(w->binary.items[i] >= 2 && w->binary.items[i] < literals);
    for (int i = 0; i < w->other.size; i++) {
      size_t c = (size_t)w->other.items[i].clause;
      NQ_INVARIANT(c + HEADER + 2 <= e->arena.size && arena[c] >= 3);
      NQ_INVARIANT(arena[c + HEADER] == l || arena[c + HEADER + 1] == l);
    }
  }
}

static int list_push(int_list *list, int item) {
  if (list->size == list->capacity) {
    int *items = grow_array(list->items, &list->capacity, list->size + 1, sizeof *items, 1024);
    if (!items)
      return -1;
    list->items = items;
  }
  list->items[list->size++] = item;
  return 0;
}

/* Room for one more item in a list of int size and capacity: by hand,
 * not grow_array, as int sizes keep a list header in 16 bytes and the
 * propagation loop in int arithmetic. */
static int make_room(void **items, int *capacity, int size, size_t item_size) {
  if (size < *capacity)
    return 0;
  int larger = *capacity ? 2 * *capacity : 4;
  void *grown = realloc(*items, (size_t)larger * item_size);
  if (!grown)
    return -1;
  *items = grown;
  *capacity = larger;
  return 0;
}

static int watch_push(watch_list *list, watch item) {
  void *items = list->items;
  int failed = make_room(&items, &list->capacity, list->size, sizeof item);
  list->items = items;
  if (failed)
    return -1;
  list->items[list->size++] = item;
  return 0;
}

static int literal_push(literal_list *list, int literal) {
  void *items = list->items;
  int failed = make_room(&items, &list->capacity, list->size, sizeof literal);
  list->items = items;
  if (failed)
    return -1;
  list->items[list->size++] = literal;
  return 0;
}

/* ---- the decision heaps (see struct allsat_engine) ---- */

static void heap_up(allsat_engine *e, var_heap *h, int position) {
  int v = h->items[position];
  double key = e->activity[v];
  while (position > 0) {
    int parent = (position - 1) / 2;
    if (!(key > e->activity[h->items[parent]]))
      break;
    h->items[position] = h->items[parent];
    e->heap_index[h->items[position]] = position;
    position = parent;
  }
  h->items[position] = v;
  e->heap_index[v] = position;
}

static void heap_down(allsat_engine *e, var_heap *h, int position) {
  int v = h->items[position];
  double key = e->activity[v];
  for (;;) {
    int child = 2 * position + 1;
    if (child >= h->size)
      break;
    if (child + 1 < h->size && e->activity[h->items[child + 1]] > e->activity[h->items[child]])
      child++;
    if (!(e->activity[h->items[child]] > key))
      break;
    h->items[position] = h->items[child];
    e->heap_index[h->items[position]] = position;
    position = child;
  }
  h->items[position] = v;
  e->heap_index[v] = position;
}

static void heap_insert(allsat_engine *e, int v) {
  if (e->heap_index[v] >= 0)
    return;
  var_heap *h = &e->heaps[e->projected[v]];
  h->items[h->size] = v;
  e->heap_index[v] = h->size++;
  heap_up(e, h, h->size - 1);
}

static int heap_pop(allsat_engine *e, var_heap *h) {
  int top = h->items[0];
  e->heap_index[top] = -1;
  if (--h->size > 0) {
    h->items[0] = h->items[h->size];
    e->heap_index[h->items[0]] = 0;
    heap_down(e, h, 0);
  }
  return top;
}

/* The open variable to decide next, projection first; 0 when none. */
static int next_decision(allsat_engine *e) {
  /* Every variable assigned (a model of a file whose auxiliary variables
   * all follow from the projection): popping the other heap empty would
   * cost a sift-down per variable, and backtrack an insertion each. */
  if (e->trail_size == e->variables)
    return 0;
  if (e->static_projection) {
    while (e->order_cursor < e->static_count) {
      int v = e->static_order[e->order_cursor];
      if (e->value[2 * v] == 0)
        return v;
      e->order_cursor++;
    }
  }
  for (int kind = 1; kind >= 0; kind--) {
    var_heap *h = &e->heaps[kind];
    while (h->size > 0) {
      int v = heap_pop(e, h);
      if (e->value[2 * v] == 0)
        return v;
    }
  }
  return 0;
}

static void bump(allsat_engine *e, int v) {
  if (e->static_projection && e->projected[v])
    return;
  if ((e->activity[v] += e->increment) > 1e100) {
    for (int u = 1; u <= e->variables; u++)
      if (!(e->static_projection && e->projected[u]))
        e->activity[u] *= 1e-100;
    e->increment *= 1e-100;
  }
  if (e->heap_index[v] >= 0)
    heap_up(e, &e->heaps[e->projected[v]], e->heap_index[v]);
}

/* The order given to allsat_engine_set_order, from now on: the
 * projection heap is emptied, next_decision scans static_order. */
static void apply_static_order(allsat_engine *e) {
  e->static_projection = 1;
  var_heap *h = &e->heaps[1];
  for (int i = 0; i < h->size; i++)
    e->heap_index[h->items[i]] = -1;
  h->size = 0;
  e->order_cursor = 0;
}

/* Puts an unassigned variable back where next_decision finds it. */
static inline void make_decidable(allsat_engine *e, int v) {
  if (e->static_projection && e->projected[v]) {
    if (e->order_position[v] < e->order_cursor)
      e->order_cursor = e->order_position[v];
  } else
    heap_insert(e, v);
}

/* ---- assignment ---- */

/* The partial-model counts of the clauses `literal` satisfies, kept out
 * of assign and backtrack so that those stay small enough to inline in
 * propagation (counting is off for most of a long enumeration). */
static void count_satisfied(allsat_engine *e, int literal) {
  e->assigned_projected += e->projected[var_of(literal)];
  const int *clauses = e->occurrences[literal];
  for (int i = 0; i < e->occurrence_count[literal]; i++)
    if (e->satisfied_by[clauses[i]]++ == 0)
      e->unsatisfied--;
}

static void uncount_satisfied(allsat_engine *e, int literal) {
  e->assigned_projected -= e->projected[var_of(literal)];
  const int *clauses = e->occurrences[literal];
  for (int k = 0; k < e->occurrence_count[literal]; k++)
    if (--e->satisfied_by[clauses[k]] == 0)
      e->unsatisfied++;
}

static inline void assign(allsat_engine *e, int literal, int reason) {
  int v = var_of(literal);
  e->value[literal] = 1;
  e->value[literal ^ 1] = -1;
  e->level[v] = e->current_level;
  e->reason[v] = reason;
  e->trail[e->trail_size++] = literal;
  if (e->tracking)
    count_satisfied(e, literal);
}

static void new_level(allsat_engine *e, int kind) {
  e->current_level++;
  e->level_start[e->current_level] = e->trail_size;
  e->level_kind[e->current_level] = (unsigned char)kind;
}

static void backtrack(allsat_engine *e, int target) {
  if (e->current_level <= target)
    return;
  int keep = e->level_start[target + 1];
  if (e->tracking)
    for (int i = e->trail_size - 1; i >= keep; i--)
      uncount_satisfied(e, e->trail[i]);
  /* The reasons of open variables are never read (assign sets them). */
  for (int i = e->trail_size - 1; i >= keep; i--) {
    int literal = e->trail[i], v = var_of(literal);
    e->value[literal] = e->value[literal ^ 1] = 0;
    e->phase[v] = (short)(literal & 1);
    make_decidable(e, v);
  }
  e->trail_size = e->head = keep;
  e->current_level = target;
  check_trail(e);
}

/* Returns 1 after a conflict, its clause then in e->conflict, else 0. */
static int propagate(allsat_engine *e) {
  int *arena = e->arena.items;
  short *value = e->value;
  while (e->head < e->trail_size) {
    int false_literal = e->trail[e->head++] ^ 1;
    e->stats.propagations++;
    const literal_list *pairs = &e->watches[false_literal].binary;
    for (int i = 0; i < pairs->size; i++) {
      int other = pairs->items[i];
      if (value[other] == 1)
        continue;
      if (value[other] == -1) {
        e->conflict_pair[0] = false_literal;
        e->conflict_pair[1] = other;
        e->conflict = e->conflict_pair;
        e->conflict_size = 2;
        return 1;
      }
      assign(e, other, binary_reason(false_literal));
    }
    watch_list *list = &e->watches[false_literal].other;
    if (!list->size)
      continue; /* items may be NULL: no pointer arithmetic on it */
    watch *read = list->items, *write = read, *end = read + list->size;
    while (read != end) {
      watch w = *read++;
      if (value[w.blocker] == 1) {
        *write++ = w;
        continue;
      }
      int *literals = arena + w.clause + HEADER;
      if (literals[0] == false_literal) {
        literals[0] = literals[1];
        literals[1] = false_literal;
      }
      int first = literals[0];
      watch kept = {w.clause, first};
      if (first != w.blocker && value[first] == 1) {
        *write++ = kept;
        continue;
      }
      int size = arena[w.clause], moved = 0;
      for (int k = 2; k < size; k++)
        if (value[literals[k]] != -1) {
          literals[1] = literals[k];
          literals[k] = false_literal;
          if (watch_push(&e->watches[literals[1]].other, kept))
            e->out_of_memory = 1;
          moved = 1;
          break;
        }
      if (moved)
        continue;
      *write++ = kept;
      if (value[first] == -1) {
        while (read != end)
          *write++ = *read++;
        list->size = (int)(write - list->items);
        e->conflict = literals;
        e->conflict_size = size;
        return 1;
      }
      assign(e, first, w.clause);
    }
    list->size = (int)(write - list->items);
  }
  return 0;
}

/* ---- clauses ---- */

/* Watches the clause at arena offset `offset` by its first two literals,
 * as propagate keeps them. */
static int watch_clause(allsat_engine *e, int offset, const int *literals, int size) {
  literal_watches *first = &e->watches[literals[0]], *second = &e->watches[literals[1]];
  if (size == 2)
    return literal_push(&first->binary, literals[1]) || literal_push(&second->binary, literals[0])
               ? -1
               : 0;
  watch a = {offset, literals[1]}, b = {offset, literals[0]};
  return watch_push(&first->other, a) || watch_push(&second->other, b) ? -1 : 0;
}

/* Hands a learned or deleted clause to the proof writer, in DIMACS. */
static void log_clause(allsat_engine *e, const int *literals, int size, int deleted) {
  if (e->proof && e->proof(e->proof_context, literals, size, deleted))
    e->out_of_memory = 1;
}

static void log_lrat(allsat_engine *e, int id, const int *literals, int size, const int_list *hints,
                     int deleted) {
  if (e->lrat(e->lrat_context, id, literals, size, hints ? hints->items : NULL,
              hints ? (int)hints->size : 0, deleted))
    e->out_of_memory = 1;
}

/* The next id of a lemma or blocked model; out of memory past INT_MAX. */
static int take_id(allsat_engine *e) {
  if (e->next_id == INT_MAX)
    e->out_of_memory = 1;
  else
    e->next_id++;
  return e->next_id - 1;
}

/* Adds a clause: an original one with its `id`, or a learned one (which
 * takes the next id and is logged, its LRAT hints in learned_hints). */
static int add_clause(allsat_engine *e, const int *literals, int size, int learned, int lbd,
                      int id) {
  if (learned) {
    id = take_id(e);
    log_clause(e, literals, size, 0);
    if (e->lrat)
      log_lrat(e, id, literals, size, &e->learned_hints, 0);
  }
  int offset = (int)e->arena.size;
  if (list_push(&e->arena, size) ||
      list_push(&e->arena, (learned ? FLAG_LEARNED : 0) | (lbd << LBD_SHIFT)) ||
      list_push(&e->arena, id))
    return -1;
  if (e->lrat && size == 2 && clause_pair_map_put(&e->binary_ids, literals[0], literals[1], id))
    return -1;
  for (int i = 0; i < size; i++)
    if (list_push(&e->arena, literals[i]))
      return -1;
  if (size >= 2 && watch_clause(e, offset, literals, size))
    return -1;
  if (learned)
    e->learned_count++;
  return offset;
}

/* Rebuilds the watches from the arena. */
static void rebuild_watches(allsat_engine *e) {
  for (int l = 0; l < 2 * (e->variables + 1); l++)
    e->watches[l].binary.size = e->watches[l].other.size = 0;
  int *arena = e->arena.items;
  for (size_t c = 0; c < e->arena.size; c += HEADER + (size_t)arena[c]) {
    int size = arena[c];
    if (size < 2)
      continue;
    if (watch_clause(e, (int)c, arena + c + HEADER, size))
      e->out_of_memory = 1;
  }
}

typedef struct candidate {
  int offset, lbd, size;
} candidate;

static int worse_first(const void *a, const void *b) {
  const candidate *x = a, *y = b;
  if (x->lbd != y->lbd)
    return y->lbd - x->lbd;
  return y->size - x->size;
}

/* Deletes the worse half of the learned clauses (by LBD, then size),
 * keeping binaries, LBD <= 2 and every clause that is a reason now. */
static void reduce_learned(allsat_engine *e) {
  int *arena = e->arena.items;
  candidate *all = malloc(e->learned_count * sizeof *all);
  if (!all)
    return;
  size_t count = 0;
  for (size_t c = 0; c < e->arena.size; c += HEADER + (size_t)arena[c]) {
    int size = arena[c], flags = arena[c + 1];
    if (!(flags & FLAG_LEARNED) || size <= 2 || (flags >> LBD_SHIFT) <= 2)
      continue;
    int first = arena[c + HEADER];
    if (e->reason[var_of(first)] == (int)c && e->value[first] == 1)
      continue;
    all[count].offset = (int)c;
    all[count].lbd = flags >> LBD_SHIFT;
    all[count].size = size;
    count++;
  }
  qsort(all, count, sizeof *all, worse_first);
  for (size_t i = 0; i < count / 2; i++)
    arena[all[i].offset + 1] |= FLAG_DELETED;
  free(all);
  /* Copy the kept clauses into a new arena; the old one's flags word of
   * each kept clause then says where it went, for the reasons. The new
   * arena is allocated before the proof hears of any deletion: when it
   * cannot be, nothing is deleted and the proof says nothing. */
  int *moved = malloc((e->arena.size ? e->arena.size : 1) * sizeof *moved);
  if (!moved) {
    for (size_t c = 0; c < e->arena.size; c += HEADER + (size_t)arena[c])
      arena[c + 1] &= ~FLAG_DELETED;
    return;
  }
  if (e->proof || e->lrat)
    for (size_t c = 0; c < e->arena.size; c += HEADER + (size_t)arena[c])
      if (arena[c + 1] >= 0 && (arena[c + 1] & FLAG_DELETED)) {
        log_clause(e, arena + c + HEADER, arena[c], 1);
        if (e->lrat)
          log_lrat(e, arena[c + ID_SLOT], NULL, 0, NULL, 1);
      }
  size_t to = 0;
  e->learned_count = 0;
  for (size_t c = 0; c < e->arena.size; c += HEADER + (size_t)arena[c]) {
    int size = arena[c], flags = arena[c + 1];
    if (flags & FLAG_DELETED) {
      arena[c + 1] = -1;
      continue;
    }
    memcpy(moved + to, arena + c, (HEADER + (size_t)size) * sizeof *arena);
    e->learned_count += (flags & FLAG_LEARNED) != 0;
    arena[c + 1] = (int)to;
    to += HEADER + (size_t)size;
  }
  for (int i = 0; i < e->trail_size; i++) {
    int v = var_of(e->trail[i]);
    if (e->reason[v] >= 0)
      e->reason[v] = arena[e->reason[v] + 1];
  }
  free(arena);
  e->arena.items = moved;
  e->arena.size = to;
  e->arena.capacity = e->arena.size ? e->arena.size : 1;
  rebuild_watches(e);
}

/* ---- the search ---- */

static int highest_flipped(const allsat_engine *e, int below) {
  for (int k = below; k > e->floor; k--)
    if (e->level_kind[k] == LEVEL_FLIPPED)
      return k;
  return e->floor;
}

static const int *reason_clause(const allsat_engine *e, int literal, int *size, int pair[2]);

/* The id of the clause that is `literal`'s reason (not NO_REASON). */
static int reason_id(const allsat_engine *e, int literal) {
  int reason = e->reason[var_of(literal)];
  if (reason >= 0)
    return e->arena.items[reason + ID_SLOT];
  return clause_pair_map_get(&e->binary_ids, literal, binary_other(reason));
}

/* The id of propagate's falsified clause. */
static int conflict_id(const allsat_engine *e) {
  if (e->conflict == e->conflict_pair)
    return clause_pair_map_get(&e->binary_ids, e->conflict_pair[0], e->conflict_pair[1]);
  return e->conflict[ID_SLOT - HEADER];
}

static void chain_need(allsat_engine *e, int v, int *pending) {
  if (e->chain_mark[v])
    return;
  e->chain_mark[v] = 1;
  (*pending)++;
  if (list_push(&e->chain_touched, v))
    e->out_of_memory = 1;
}

/* LRAT hints into `hints` for a lemma (`lemma`, its literals all false on
 * the trail) that is RUP because with its literals false, unit
 * propagation along the trail falsifies the clause `falsified` (id
 * `final_id`, every literal false on the trail): walking the trail down
 * from its top, each needed literal not assumed by the lemma adds its
 * reason and needs that reason's other literals, or, set at level 0
 * without a reason, adds its unit clause. Reversed, that is the order a
 * forward unit propagation meets them; `final_id` ends the chain. A
 * needed decision outside the lemma cannot happen: every lemma negates
 * the decisions its conflict depends on. */
static void chain_hints(allsat_engine *e, const int *lemma, int lemma_size, const int *falsified,
                        int falsified_size, int final_id, int_list *hints) {
  hints->size = 0;
  e->chain_touched.size = 0;
  int pending = 0;
  for (int i = 0; i < lemma_size; i++) {
    int v = var_of(lemma[i]);
    if (!e->chain_mark[v]) {
      e->chain_mark[v] = 2;
      if (list_push(&e->chain_touched, v))
        e->out_of_memory = 1;
    }
  }
  for (int i = 0; i < falsified_size; i++)
    chain_need(e, var_of(falsified[i]), &pending);
  for (int i = e->trail_size - 1; i >= 0 && pending > 0; i--) {
    int literal = e->trail[i], v = var_of(literal);
    if (e->chain_mark[v] != 1)
      continue;
    e->chain_mark[v] = 3;
    pending--;
    if (e->reason[v] == NO_REASON) {
      NQ_INVARIANT(e->level[v] == 0);
      if (list_push(hints, e->unit_id[v]))
        e->out_of_memory = 1;
      continue;
    }
    int size, pair[2];
    const int *literals = reason_clause(e, literal, &size, pair);
    if (list_push(hints, reason_id(e, literal)))
      e->out_of_memory = 1;
    for (int k = 0; k < size; k++)
      if (literals[k] != literal)
        chain_need(e, var_of(literals[k]), &pending);
  }
  for (size_t i = 0, j = hints->size; i + 1 < j; i++, j--) {
    int swap = hints->items[i];
    hints->items[i] = hints->items[j - 1];
    hints->items[j - 1] = swap;
  }
  if (list_push(hints, final_id))
    e->out_of_memory = 1;
  for (size_t i = 0; i < e->chain_touched.size; i++)
    e->chain_mark[e->chain_touched.items[i]] = 0;
}

/* For the proof: the subtree under the decisions of levels 1..k (and the
 * assumptions) has no model left that is not blocked, so the clause
 * negating them is RUP: assuming them, unit propagation either meets the
 * model's blocking clause falsified (after a model, whose projected
 * literals all follow from them: WHY_MODEL), or the conflict (at a
 * flipped level: WHY_CONFLICT), or the lemmas of both halves of level
 * k + 1 (WHY_CHILDREN). Those children are deleted: the parent replaces
 * them. Logged this way, the enumeration itself is a refutation of the
 * formula with every model's blocking clause added, the proof part of a
 * certified count (cnf_certify.c); the lemma negating the decisions, one
 * per node of the decision tree, is what decision-DNNF certificates
 * justify their nodes by (CPOG, Bryant et al., SAT 2023). With k = 0 (in
 * LRAT only) it is the empty clause. */
static void log_exhausted(allsat_engine *e, int k, int why) {
  if (!e->proof && !e->lrat)
    return;
  int n = 0;
  for (int l = 1; l <= k; l++) {
    int end = l < e->current_level ? e->level_start[l + 1] : e->trail_size;
    if (e->level_kind[l] != LEVEL_ASSUMPTION)
      end = e->level_start[l] + 1;
    for (int i = e->level_start[l]; i < end; i++)
      if (e->reason[var_of(e->trail[i])] == NO_REASON)
        e->lemma[n++] = e->trail[i] ^ 1;
  }
  int_list *stack = &e->exhausted;
  int id = 0;
  if (e->lrat) {
    int_list *hints = &e->lemma_hints;
    if (why == WHY_CHILDREN) {
      /* The children on top of the stack: literals, id, size, level. */
      hints->size = 0;
      size_t top = stack->size;
      while (top >= 3 && stack->items[top - 1] > k) {
        if (list_push(hints, stack->items[top - 3]))
          e->out_of_memory = 1;
        top -= 3 + (size_t)stack->items[top - 2];
      }
    } else if (why == WHY_CONFLICT) {
      chain_hints(e, e->lemma, n, e->conflict, e->conflict_size, conflict_id(e), hints);
    } else {
      /* The blocking clause: every assigned projected literal negated. */
      int blocking = 0;
      for (int i = 0; i < e->trail_size; i++)
        if (e->projected[var_of(e->trail[i])])
          e->chain_literals[blocking++] = e->trail[i] ^ 1;
      chain_hints(e, e->lemma, n, e->chain_literals, blocking, e->blocking_id, hints);
    }
    id = take_id(e);
    log_lrat(e, id, e->lemma, n, hints, 0);
    if (k == 0) {
      e->refuted = 1;
      return;
    }
  }
  log_clause(e, e->lemma, n, 0);
  while (stack->size >= 3 && stack->items[stack->size - 1] > k) {
    int size = stack->items[stack->size - 2], child = stack->items[stack->size - 3];
    stack->size -= 3 + (size_t)size;
    log_clause(e, stack->items + stack->size, size, 1);
    if (e->lrat)
      log_lrat(e, child, NULL, 0, NULL, 1);
  }
  for (int i = 0; i < n; i++)
    if (list_push(stack, e->lemma[i]))
      e->out_of_memory = 1;
  if (list_push(stack, id) || list_push(stack, n) || list_push(stack, k))
    e->out_of_memory = 1;
}

/* The subtree under levels 1..k is searched completely (`why`, for the
 * first lemma): flip the highest regular projection decision at or below
 * k (popping flipped levels on the way). Returns 1 when none is left
 * above the floor, final_why then saying why the floor's own subtree is
 * exhausted. */
static int backtrack_exhausted(allsat_engine *e, int k, int why) {
  while (k > e->floor) {
    log_exhausted(e, k, why);
    why = WHY_CHILDREN;
    int kind = e->level_kind[k], decision = e->trail[e->level_start[k]];
    backtrack(e, k - 1);
    if (kind == LEVEL_REGULAR) {
      new_level(e, LEVEL_FLIPPED);
      assign(e, decision ^ 1, NO_REASON);
      return 0;
    }
    k--;
  }
  e->final_why = why;
  backtrack(e, e->floor);
  return 1;
}

/* The literals of the clause that is `literal`'s reason (not NO_REASON),
 * `pair` holding them when it is binary. */
static const int *reason_clause(const allsat_engine *e, int literal, int *size, int pair[2]) {
  int reason = e->reason[var_of(literal)];
  if (reason >= 0) {
    *size = e->arena.items[reason];
    return e->arena.items + reason + HEADER;
  }
  pair[0] = literal;
  pair[1] = binary_other(reason);
  *size = 2;
  return pair;
}

/* 1UIP analysis of e->conflict at the current level into e->learned[0..n):
 * learned[0] the asserting literal, learned[1] the highest of the rest.
 * Returns n; *assertion_level and *lbd are set. */
static int analyze(allsat_engine *e, int *assertion_level, int *lbd) {
  int n = 1, open = 0, index = e->trail_size - 1, uip = -1, size = e->conflict_size, pair[2];
  const int *literals = e->conflict;
  do {
    for (int i = 0; i < size; i++) {
      int q = literals[i], v = var_of(q);
      if (q == uip || e->seen[v] || e->level[v] == 0)
        continue;
      e->seen[v] = 1;
      bump(e, v);
      if (e->level[v] >= e->current_level)
        open++;
      else
        e->learned[n++] = q;
    }
    while (!e->seen[var_of(e->trail[index])])
      index--;
    uip = e->trail[index--];
    e->seen[var_of(uip)] = 0;
    if (open > 1)
      literals = reason_clause(e, uip, &size, pair);
    open--;
  } while (open > 0);
  e->learned[0] = uip ^ 1;
  /* Local minimisation: a literal whose reason's other literals are all
   * in the clause (or fixed) adds nothing. */
  memcpy(e->to_clear, e->learned, (size_t)n * sizeof *e->to_clear);
  int kept = 1;
  for (int i = 1; i < n; i++) {
    int q = e->learned[i], redundant = e->reason[var_of(q)] != NO_REASON;
    if (redundant) {
      literals = reason_clause(e, q, &size, pair);
      for (int k = 0; k < size && redundant; k++) {
        int v = var_of(literals[k]);
        if (v != var_of(q) && !e->seen[v] && e->level[v] > 0)
          redundant = 0;
      }
    }
    if (!redundant)
      e->learned[kept++] = q;
  }
  for (int i = 1; i < n; i++)
    e->seen[var_of(e->to_clear[i])] = 0;
  n = kept;
  if (e->lrat)
    chain_hints(e, e->learned, n, e->conflict, e->conflict_size, conflict_id(e), &e->learned_hints);
  int highest = 1;
  for (int i = 2; i < n; i++)
    if (e->level[var_of(e->learned[i])] > e->level[var_of(e->learned[highest])])
      highest = i;
  *assertion_level = 0;
  if (n > 1) {
    int swap = e->learned[1];
    e->learned[1] = e->learned[highest];
    e->learned[highest] = swap;
    *assertion_level = e->level[var_of(e->learned[1])];
  }
  e->stamp++;
  int levels = 0;
  for (int i = 0; i < n; i++) {
    int l = e->level[var_of(e->learned[i])];
    if (e->level_stamp[l] != e->stamp) {
      e->level_stamp[l] = e->stamp;
      levels++;
    }
  }
  *lbd = levels;
  e->increment /= 0.95;
  return n;
}

/* Adds the learned clause after the backtrack and assigns its first
 * literal when every other one is false. */
static int learn(allsat_engine *e, int n, int lbd) {
  int offset = add_clause(e, e->learned, n, 1, lbd, 0);
  if (offset < 0)
    return -1;
  e->stats.learned_kept++;
  if (n == 1 && (list_push(&e->pending_units, e->learned[0]) ||
                 list_push(&e->pending_units, e->arena.items[offset + ID_SLOT])))
    return -1;
  if (e->value[e->learned[0]] == 0 && (n == 1 || e->value[e->learned[1]] == -1))
    assign(e, e->learned[0], offset);
  return 0;
}

static int luby(int i) {
  int size = 1, sequence = 0;
  while (size < i + 1) {
    sequence++;
    size = 2 * size + 1;
  }
  int x = i;
  while (size - 1 != x) {
    size = (size - 1) >> 1;
    sequence--;
    x = x % size;
  }
  return 1 << sequence;
}

static int report_model(allsat_engine *e, int free_count, int want_values, allsat_model_fn on_model,
                        void *context) {
  e->stats.models++;
  if (free_count)
    e->models_free++;
  if (e->lrat)
    e->blocking_id = take_id(e);
  if (e->tracking && e->stats.models >= PARTIAL_SAMPLE &&
      e->models_free * PARTIAL_RATIO < e->stats.models) {
    e->tracking = 0; /* never free: counting costs as much as propagating */
    if (e->static_order)
      apply_static_order(e);
  }
  if (!on_model)
    return 0;
  if (want_values) {
    e->model[0] = 0;
    for (int v = 1; v <= e->variables; v++) {
      short x = e->value[2 * v];
      e->model[v] = x > 0 ? 1 : x < 0 ? 0 : e->projected[v] ? -1 : 0;
    }
  }
  return on_model(context, want_values ? e->model : NULL, free_count);
}

static int top_projection_level(const allsat_engine *e) {
  int k = e->current_level;
  while (k > e->floor && e->level_kind[k] == LEVEL_OUTSIDE)
    k--;
  return k;
}

/* Assigns the learned units again at level 0 after a cube. */
/* Keeps the clause falsified at level 0 that makes the engine
 * inconsistent, for the empty clause's hints (log_refutation). */
static void note_refutation(allsat_engine *e, const int *literals, int size, int id) {
  e->inconsistent = 1;
  e->refutation.size = 0;
  for (int i = 0; i < size; i++)
    if (list_push(&e->refutation, literals[i]))
      e->out_of_memory = 1;
  e->refutation_id = id;
}

/* propagate's conflict at level 0 as note_refutation's clause. */
static void note_conflict(allsat_engine *e) {
  int id = e->conflict == e->conflict_pair ? 0 : e->conflict[ID_SLOT - HEADER];
  note_refutation(e, e->conflict, e->conflict_size, id);
}

/* The empty clause, once, after the engine became inconsistent. */
static void log_refutation(allsat_engine *e) {
  if (!e->lrat || e->refuted)
    return;
  int id = e->refutation_id;
  if (!id && e->refutation.size == 2)
    id = clause_pair_map_get(&e->binary_ids, e->refutation.items[0], e->refutation.items[1]);
  chain_hints(e, NULL, 0, e->refutation.items, (int)e->refutation.size, id, &e->lemma_hints);
  log_lrat(e, take_id(e), NULL, 0, &e->lemma_hints, 0);
  e->refuted = 1;
}

/* Assigns the learned units (pairs of literal and id) again at level 0
 * after a cube. */
static void settle_units(allsat_engine *e) {
  backtrack(e, 0);
  for (size_t i = 0; i + 1 < e->pending_units.size && !e->inconsistent; i += 2) {
    int literal = e->pending_units.items[i];
    if (e->value[literal] == -1)
      note_refutation(e, &literal, 1, e->pending_units.items[i + 1]);
    else if (e->value[literal] == 0) {
      assign(e, literal, NO_REASON);
      e->unit_id[var_of(literal)] = e->pending_units.items[i + 1];
    }
  }
  e->pending_units.size = 0;
  if (!e->inconsistent && propagate(e))
    note_conflict(e);
}

nq_status allsat_engine_enumerate(allsat_engine *e, const int *assumptions, size_t assumption_count,
                                  int want_values, allsat_model_fn on_model, allsat_stop_fn stop,
                                  void *context) {
  nq_status status = NQ_OK;
  backtrack(e, 0);
  if (e->inconsistent) {
    log_refutation(e);
    return e->out_of_memory ? NQ_ERR_MEMORY : NQ_OK;
  }
  int complete = 0;
  e->floor = 0;
  e->exhausted.size = 0;
  if (assumption_count) {
    new_level(e, LEVEL_ASSUMPTION);
    e->floor = 1;
    for (size_t i = 0; i < assumption_count; i++) {
      int literal = to_internal(assumptions[i]);
      if (e->value[literal] == -1)
        goto done;
      if (e->value[literal] == 0)
        assign(e, literal, NO_REASON);
    }
  }
  uint64_t ticks = 0, restart_conflicts = 0;
  int restarts = 0;
  for (;;) {
    if (++ticks % POLL_EVERY == 0 && stop && stop(context)) {
      status = NQ_ERR_INTERRUPTED;
      break;
    }
    int conflict = propagate(e);
    if (e->out_of_memory) {
      status = NQ_ERR_MEMORY;
      break;
    }
    if (conflict) {
      e->stats.conflicts++;
      restart_conflicts++;
      if (e->current_level <= e->floor) {
        if (e->current_level == 0) {
          note_conflict(e);
          log_refutation(e);
        } else {
          /* The assumptions alone propagate to a conflict: their
           * negation is the cube's lemma. */
          log_exhausted(e, e->floor, WHY_CONFLICT);
          if (e->out_of_memory)
            status = NQ_ERR_MEMORY;
        }
        break;
      }
      int assertion_level, lbd;
      int n = analyze(e, &assertion_level, &lbd);
      if (e->level_kind[e->current_level] == LEVEL_FLIPPED) {
        /* Both halves of this level are done: exhausting a flipped level
         * pops it and goes on below. */
        if (backtrack_exhausted(e, e->current_level, WHY_CONFLICT)) {
          int offset = add_clause(e, e->learned, n, 1, lbd, 0);
          if (offset < 0 ||
              (n == 1 && (list_push(&e->pending_units, e->learned[0]) ||
                          list_push(&e->pending_units, e->arena.items[offset + ID_SLOT]))))
            status = NQ_ERR_MEMORY;
          complete = 1;
          break;
        }
      } else {
        int target = highest_flipped(e, e->current_level - 1);
        backtrack(e, assertion_level > target ? assertion_level : target);
      }
      if (learn(e, n, lbd)) {
        status = NQ_ERR_MEMORY;
        break;
      }
      if (e->learned_count >= e->max_learned) {
        reduce_learned(e);
        if (4 * e->learned_count > 3 * e->max_learned)
          e->max_learned += e->max_learned / 2;
      }
      continue;
    }
    int model_now = 0, free_count = 0;
    if (e->tracking && e->unsatisfied == 0) {
      free_count = e->projected_count - e->assigned_projected;
      model_now = free_count <= e->max_free;
    }
    if (!model_now && restart_conflicts >= (uint64_t)RESTART_UNIT * (uint64_t)luby(restarts)) {
      restart_conflicts = 0;
      restarts++;
      backtrack(e, highest_flipped(e, e->current_level));
      continue;
    }
    if (!model_now) {
      int v = next_decision(e);
      if (v == 0) {
        model_now = 1;
        free_count = 0;
      } else {
        e->stats.decisions++;
        new_level(e, e->projected[v] ? LEVEL_REGULAR : LEVEL_OUTSIDE);
        assign(e, 2 * v + e->phase[v], NO_REASON);
        continue;
      }
    }
    if (report_model(e, free_count, want_values, on_model, context)) {
      status = NQ_ERR_STOPPED;
      break;
    }
    if (backtrack_exhausted(e, top_projection_level(e), WHY_MODEL)) {
      complete = 1;
      break;
    }
  }
  /* The lemma of the whole walk: the empty clause (LRAT only; a DRAT
   * caller adds it), or under assumptions the clause negating them. */
  if (complete && !e->refuted && (e->floor == 1 || e->lrat)) {
    log_exhausted(e, e->floor, e->final_why);
    if (e->out_of_memory && status == NQ_OK)
      status = NQ_ERR_MEMORY;
  }
done:
  settle_units(e);
  check_trail(e);
  check_clauses(e);
  return status;
}

/* ---- construction ---- */

allsat_engine *allsat_engine_new(int variables, const unsigned char *projected, const int *literals,
                                 size_t literal_count) {
  return allsat_engine_new_until(variables, projected, literals, literal_count, NULL, NULL);
}

/* The clause that starts at `*position` of the 0-ended `literals`, its
 * duplicate literals dropped, as internal literals in `clause`; `mark`
 * (all clear, 2 (variables + 1) bytes) is clear again on return.
 * Returns its size and moves `*position` past its 0, -1 after the last
 * clause; `*tautology` says whether it holds a literal and its negation.
 * Both loading passes read the clauses through it, so they see the same
 * clauses in the same order. */
static int read_clause(const int *literals, size_t literal_count, size_t *position,
                       unsigned char *mark, int *clause, int *tautology) {
  size_t i = *position;
  while (i < literal_count && literals[i] != 0)
    i++;
  if (i >= literal_count)
    return -1;
  int size = 0;
  *tautology = 0;
  for (size_t k = *position; k < i; k++) {
    int q = to_internal(literals[k]);
    if (mark[q])
      continue;
    if (mark[q ^ 1])
      *tautology = 1;
    mark[q] = 1;
    clause[size++] = q;
  }
  for (int k = 0; k < size; k++)
    mark[clause[k]] = 0;
  *position = i + 1;
  return size;
}

allsat_engine *allsat_engine_new_until(int variables, const unsigned char *projected,
                                       const int *literals, size_t literal_count,
                                       allsat_stop_fn stop, void *context) {
  allsat_engine *e = calloc(1, sizeof *e);
  if (!e)
    return NULL;
  size_t n = (size_t)variables + 1, l = 2 * n;
  e->variables = variables;
  e->projected = calloc(n, 1);
  e->value = calloc(l, sizeof *e->value);
  e->level = calloc(n, sizeof *e->level);
  e->reason = malloc(n * sizeof *e->reason);
  e->phase = malloc(n * sizeof *e->phase);
  e->trail = malloc(n * sizeof *e->trail);
  e->level_start = calloc(n + 2, sizeof *e->level_start);
  e->level_kind = calloc(n + 2, 1);
  size_t watch_bytes = (l * sizeof *e->watches + 63) / 64 * 64; /* aligned_alloc wants a multiple */
  e->watches = aligned_alloc(64, watch_bytes);
  if (e->watches)
    memset(e->watches, 0, watch_bytes);
  e->occurrences = calloc(l, sizeof *e->occurrences);
  e->occurrence_count = calloc(l, sizeof *e->occurrence_count);
  e->activity = calloc(n, sizeof *e->activity);
  e->heaps[0].items = malloc(n * sizeof *e->heaps[0].items);
  e->heaps[1].items = malloc(n * sizeof *e->heaps[1].items);
  e->heap_index = malloc(n * sizeof *e->heap_index);
  e->seen = calloc(n, 1);
  e->learned = malloc(n * sizeof *e->learned);
  e->to_clear = malloc(n * sizeof *e->to_clear);
  e->level_stamp = calloc(n + 2, sizeof *e->level_stamp);
  e->model = malloc(n);
  e->lemma = malloc(n * sizeof *e->lemma);
  e->unit_id = calloc(n, sizeof *e->unit_id);
  e->chain_mark = calloc(n, 1);
  e->chain_literals = malloc(n * sizeof *e->chain_literals);
  if (!e->unit_id || !e->chain_mark || !e->chain_literals)
    goto fail;
  if (!e->projected || !e->value || !e->level || !e->reason || !e->phase || !e->trail ||
      !e->level_start || !e->level_kind || !e->watches || !e->occurrences || !e->occurrence_count ||
      !e->activity || !e->heaps[0].items || !e->heaps[1].items || !e->heap_index || !e->seen ||
      !e->learned || !e->to_clear || !e->level_stamp || !e->model || !e->lemma)
    goto fail;
  e->increment = 1.0;
  for (int v = 1; v <= variables; v++) {
    e->projected[v] = projected ? projected[v] != 0 : 1;
    e->projected_count += e->projected[v];
    e->reason[v] = NO_REASON;
    e->phase[v] = 1; /* false first */
    e->heap_index[v] = -1;
  }
  e->heap_index[0] = -1;
  /* Clauses: duplicate literals dropped, tautologies left out; each
   * original clause gets an index for the partial-model counts. */
  int *clause = malloc(l * sizeof *clause);
  unsigned char *mark = calloc(l, 1);
  int_list units = {0}; /* pairs of literal and clause number */
  int original = 0, number = 0, failed = !clause || !mark;
  size_t position = 0;
  int size, tautology;
  /* First pass: occurrence counts, clauses and units; every clause read
   * has a number, its id (allsat_engine_set_lrat). */
  while (!failed &&
         (size = read_clause(literals, literal_count, &position, mark, clause, &tautology)) >= 0) {
    number++;
    if (tautology)
      continue;
    if (size == 0) {
      if (!e->inconsistent)
        note_refutation(e, clause, 0, number);
      continue;
    }
    for (int k = 0; k < size; k++)
      e->occurrence_count[clause[k]]++;
    /* A large formula takes a while to load: the stop is asked every
     * 65536 clauses (a huge N-Queens file loads in about a second). */
    if (++original % 65536 == 0 && stop && stop(context))
      failed = 1;
    if (failed)
      break;
    if (size == 1)
      failed |= list_push(&units, clause[0]) || list_push(&units, number);
    else
      failed |= add_clause(e, clause, size, 0, 0, number) < 0;
  }
  e->satisfied_by = calloc((size_t)original + 1, sizeof *e->satisfied_by);
  failed |= !e->satisfied_by;
  for (size_t q = 0; q < l && !failed; q++) {
    if (e->occurrence_count[q] &&
        !(e->occurrences[q] = malloc((size_t)e->occurrence_count[q] * sizeof(int))))
      failed = 1;
    e->occurrence_count[q] = 0;
  }
  /* Second pass: occurrence lists, in the same clause order. */
  original = 0;
  position = 0;
  while (!failed &&
         (size = read_clause(literals, literal_count, &position, mark, clause, &tautology)) >= 0) {
    if (tautology || size == 0)
      continue;
    for (int k = 0; k < size; k++)
      e->occurrences[clause[k]][e->occurrence_count[clause[k]]++] = original;
    if (++original % 65536 == 0 && stop && stop(context))
      failed = 1;
  }
  e->unsatisfied = original;
  e->tracking = 1;
  free(clause);
  free(mark);
  if (failed) {
    free(units.items);
    goto fail;
  }
  e->next_id = number + 1;
  for (int v = 1; v <= variables; v++)
    heap_insert(e, v);
  for (size_t i = 0; i + 1 < units.size && !e->inconsistent; i += 2) {
    int unit = units.items[i];
    if (e->value[unit] == -1)
      note_refutation(e, &unit, 1, units.items[i + 1]);
    else if (e->value[unit] == 0) {
      assign(e, unit, NO_REASON);
      e->unit_id[var_of(unit)] = units.items[i + 1];
    }
  }
  free(units.items);
  if (!e->inconsistent && propagate(e))
    note_conflict(e);
  e->max_learned = REDUCE_BASE + (size_t)original / 8;
  return e;
fail:
  allsat_engine_free(e);
  return NULL;
}

typedef struct ranked_variable {
  int rank, variable;
} ranked_variable;

static int by_rank(const void *a, const void *b) {
  const ranked_variable *x = a, *y = b;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return (x->variable > y->variable) - (x->variable < y->variable);
}

int allsat_engine_set_order(allsat_engine *e, const int *rank, int ranked) {
  if (ranked > e->variables)
    ranked = e->variables;
  size_t n = (size_t)e->variables + 1;
  ranked_variable *sorted = malloc(n * sizeof *sorted);
  int *order = malloc(n * sizeof *order), *position = malloc(n * sizeof *position);
  if (!sorted || !order || !position) {
    free(sorted);
    free(order);
    free(position);
    return -1;
  }
  int count = 0;
  for (int v = 1; v <= e->variables; v++)
    if (e->projected[v])
      /* unranked variables last, by number */
      sorted[count++] = (ranked_variable){v <= ranked && rank[v] >= 0 ? rank[v] : INT_MAX, v};
  qsort(sorted, (size_t)count, sizeof *sorted, by_rank);
  for (int i = 0; i < count; i++) {
    order[i] = sorted[i].variable;
    position[order[i]] = i;
  }
  free(sorted);
  free(e->static_order);
  free(e->order_position);
  e->static_order = order;
  e->order_position = position;
  e->static_count = count;
  if (!e->tracking)
    apply_static_order(e);
  return 0;
}

void allsat_engine_set_max_free(allsat_engine *e, int max_free) {
  e->max_free = max_free;
  if (max_free == 0 && e->tracking) {
    /* No partial models: the counts are not needed. */
    e->tracking = 0;
    if (e->static_order)
      apply_static_order(e);
  }
}

void allsat_engine_free(allsat_engine *e) {
  if (!e)
    return;
  for (int l = 0; l < 2 * (e->variables + 1); l++) {
    if (e->watches) {
      free(e->watches[l].binary.items);
      free(e->watches[l].other.items);
    }
  }
  if (e->occurrences)
    for (int l = 0; l < 2 * (e->variables + 1); l++)
      free(e->occurrences[l]);
  free(e->watches);
  free(e->occurrences);
  free(e->occurrence_count);
  free(e->satisfied_by);
  free(e->arena.items);
  free(e->pending_units.items);
  free(e->projected);
  free(e->value);
  free(e->level);
  free(e->reason);
  free(e->phase);
  free(e->trail);
  free(e->level_start);
  free(e->level_kind);
  free(e->activity);
  free(e->heaps[0].items);
  free(e->heaps[1].items);
  free(e->heap_index);
  free(e->static_order);
  free(e->order_position);
  free(e->seen);
  free(e->learned);
  free(e->to_clear);
  free(e->level_stamp);
  free(e->model);
  free(e->lemma);
  free(e->exhausted.items);
  free(e->unit_id);
  free(e->chain_mark);
  free(e->chain_literals);
  free(e->chain_touched.items);
  free(e->learned_hints.items);
  free(e->lemma_hints.items);
  free(e->refutation.items);
  clause_pair_map_free(&e->binary_ids);
  free(e);
}

void allsat_engine_set_proof(allsat_engine *engine, allsat_proof_fn proof, void *context) {
  engine->proof = proof;
  engine->proof_context = context;
}

int allsat_engine_set_lrat(allsat_engine *e, allsat_lrat_fn lrat, void *context) {
  /* The binary clauses so far, for reason_id. */
  const int *arena = e->arena.items;
  for (size_t c = 0; c < e->arena.size; c += HEADER + (size_t)arena[c])
    if (arena[c] == 2 && clause_pair_map_put(&e->binary_ids, arena[c + HEADER],
                                             arena[c + HEADER + 1], arena[c + ID_SLOT]))
      return -1;
  e->lrat = lrat;
  e->lrat_context = context;
  return 0;
}

int allsat_engine_blocking_id(const allsat_engine *e) { return e->blocking_id; }

int allsat_engine_fixed(const allsat_engine *e, int variable) {
  return e->inconsistent || e->value[2 * variable] != 0;
}

int allsat_engine_path(const allsat_engine *e, int *literals) {
  int n = 0, top = top_projection_level(e);
  for (int l = e->floor + 1; l <= top; l++) {
    int literal = e->trail[e->level_start[l]];
    literals[n++] = (literal & 1) ? -var_of(literal) : var_of(literal);
  }
  return n;
}

void allsat_engine_stats(const allsat_engine *e, allsat_stats *stats) { *stats = e->stats; }
