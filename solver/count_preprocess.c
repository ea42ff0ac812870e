/* Count-preserving preprocessing (see count_preprocess.h).
 *
 * Rounds of: unit propagation; failed-literal probing with the
 * equivalences and backbone literals the probes show; vivification of
 * the longer clauses (see vivify); substitution of
 * every equivalence class by one representative; then, when a round
 * changes nothing, bounded variable elimination of non-projected
 * variables. The techniques and their use for counting follow Lagniez &
 * Marquis, "Preprocessing for propositional model counting" (AAAI 2014):
 * backbones and equivalences found by unit propagation; the elimination
 * of non-projected variables by resolution that does not add clauses is
 * what SharpSAT-TD's preprocessor and arjun (ganak's) do for projected
 * counting.
 *
 * Why each removed variable counts a factor of exactly 1 (the count is
 * over the projected variables; the others are existential):
 * - Fixed: a literal implied by the formula (a unit, the negation of a
 *   failed literal, a literal both probes of a variable imply) holds in
 *   every model, so fixing it maps models one to one.
 * - Substituted: probing x implies l and probing -x implies -l, so every
 *   model has x = l, and the models of F are those of F[x := l] extended
 *   by x = l. When x is not projected, dropping it loses no projected
 *   distinction whatever l's variable is. When x is projected, the
 *   projected assignments of F and of F[x := l] correspond one to one only
 *   if l's variable is projected too: were it not, two models differing
 *   in x (and so in l) would count as two for F and as one for F[x := l],
 *   whose projection no longer sees the difference. So a class's
 *   representative is one of its projected variables whenever it has any,
 *   and then no projected variable is ever replaced by an unprojected one.
 * - Eliminated (only non-projected x): the clauses without x and the
 *   resolvents on x are equivalent to "there is an x such that F", whose
 *   projected models are F's.
 * A variable left in no clause (every clause it was in satisfied) is not
 * removed: the counter doubles the count for it when it is projected. */
#include "count_preprocess.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "count_oracle_simplify.h"
#include "grow.h"

/* Work bounds: watch and occurrence visits (a round of probing on a
 * million-literal formula stays well under a second); variable
 * elimination tries variables with at most this many resolution pairs,
 * keeps resolvents up to this length, and stops after so many rounds. */
enum { BASE_TICKS = 20000000, TICKS_PER_LITERAL = 20, MAX_PAIRS = 400, MAX_RESOLVENT = 64 };
enum { MAX_ROUNDS = 16, MAX_PASSES = 4 };
/* Vivification spends at most a VIVIFY_SHARE-th of the budget, so that
 * probing and elimination keep the rest. */
enum { VIVIFY_SHARE = 4 };
/* A defined (projected) variable is eliminated only when it shares
 * clauses with at most this many variables: its resolvents join them
 * all, and joining more widened the tree decomposition the counter
 * branches by (MCC 2022 track 1 instance 78: width 19 with none
 * eliminated, over 64 with every gate output; counted in 0.2 s and not
 * in 60 s). 4, 8 and 16 all kept instances 2, 40, 58, 68 and 78 counted
 * in under a second; 8 made instance 64 take 40 s instead of 3. */
enum { MAX_DEFINED_NEIGHBOURS = 16 };

enum { OPEN, FIXED, SUBSTITUTED, ELIMINATED };

typedef struct int_list {
  int *items;
  size_t size, capacity;
} int_list;

static int append(int_list *list, int value) {
  if (list->size == list->capacity) {
    int *items = grow_array(list->items, &list->capacity, list->size + 1, sizeof *items, 16);
    if (!items)
      return -1;
    list->items = items;
  }
  list->items[list->size++] = value;
  return 0;
}

typedef struct clause_ref {
  size_t start;
  int length;
  int dead;
} clause_ref;

typedef struct preprocess {
  int variables;
  const unsigned char *projected;
  int_list literals; /* clause literals, back to back */
  clause_ref *clauses;
  size_t clause_count, clause_capacity;
  unsigned char *state; /* [variables + 1]: OPEN, FIXED, ... */
  signed char *fixed;   /* [variables + 1]: the value of a FIXED one */
  int *substitute;      /* [variables + 1]: the literal of a SUBSTITUTED one */
  signed char *value;   /* [variables + 1]: the propagation's assignment */
  int *trail;           /* [variables + 1] */
  int trail_size, propagated;
  int_list *watches;       /* [2 * (variables + 1)]: clauses by watched literal */
  int *binary;             /* [2 * (variables + 1)]: binary clauses per literal */
  int *parent;             /* [variables + 1]: union-find over literals */
  int *size;               /* [variables + 1]: class sizes (union by size) */
  int *best;               /* [variables + 1]: per class root, its representative */
  signed char *root_value; /* [variables + 1]: per class root, its fixed value */
  unsigned *mark;          /* [2 * (variables + 1)]: stamps per literal */
  unsigned char *in_gate;  /* per clause: part of the gate being eliminated */
  size_t in_gate_capacity;
  unsigned stamp;
  int_list resolvents, scratch, units;
  uint64_t ticks, budget;
  uint64_t vivify_ticks; /* spent in vivify, at most budget / VIVIFY_SHARE */
  int memory_failed;
  count_preprocess_stats stats;
} preprocess;

static int literal_index(int literal) { return literal > 0 ? 2 * literal : -2 * literal + 1; }

static int value_of(const preprocess *p, int literal) {
  int value = p->value[abs(literal)];
  return literal > 0 ? value : -value;
}

static int compare_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static unsigned next_stamp(preprocess *p) {
  if (++p->stamp == 0) {
    memset(p->mark, 0, 2 * ((size_t)p->variables + 1) * sizeof *p->mark);
    p->stamp = 1;
  }
  return p->stamp;
}

/* Sorts and merges `lits` in place; its new length, or -1 for a
 * tautology. */
static int normalise(int *lits, int length) {
  if (length < 2)
    return length; /* lits may be NULL when empty */
  qsort(lits, (size_t)length, sizeof *lits, compare_int);
  int unique = 0;
  for (int i = 0; i < length; i++)
    if (!unique || lits[unique - 1] != lits[i])
      lits[unique++] = lits[i];
  /* Sorted by value, x and -x are apart; a binary search finds -x. */
  for (int i = 0; i < unique && lits[i] < 0; i++)
    if (bsearch(&(int){-lits[i]}, lits, (size_t)unique, sizeof *lits, compare_int))
      return -1;
  return unique;
}

/* Appends a clause (already normalised); -1 when out of memory. */
static int add_clause(preprocess *p, const int *lits, int length) {
  if (p->clause_count == p->clause_capacity) {
    clause_ref *grown =
        grow_array(p->clauses, &p->clause_capacity, p->clause_count + 1, sizeof *grown, 64);
    if (!grown)
      return -1;
    p->clauses = grown;
  }
  size_t start = p->literals.size;
  for (int i = 0; i < length; i++)
    if (append(&p->literals, lits[i]))
      return -1;
  p->clauses[p->clause_count++] = (clause_ref){start, length, 0};
  return 0;
}

static int *clause_literals(preprocess *p, size_t clause) {
  return p->literals.items + p->clauses[clause].start;
}

static void assign(preprocess *p, int literal) {
  p->value[abs(literal)] = literal > 0 ? 1 : -1;
  p->trail[p->trail_size++] = literal;
}

static void undo_to(preprocess *p, int mark) {
  while (p->trail_size > mark)
    p->value[abs(p->trail[--p->trail_size])] = 0;
  p->propagated = mark;
}

/* Two watched literals; 1 when no clause is falsified. */
static int propagate(preprocess *p) {
  while (p->propagated < p->trail_size) {
    int falsified = -p->trail[p->propagated++];
    int_list *list = &p->watches[literal_index(falsified)];
    size_t kept = 0, i = 0;
    int ok = 1;
    for (; i < list->size; i++) {
      int clause = list->items[i];
      int *lits = clause_literals(p, (size_t)clause);
      int length = p->clauses[clause].length;
      p->ticks++;
      if (lits[0] == falsified) {
        lits[0] = lits[1];
        lits[1] = falsified;
      }
      if (value_of(p, lits[0]) > 0) {
        list->items[kept++] = clause;
        continue;
      }
      int moved = 0;
      for (int k = 2; k < length && !moved; k++)
        if (value_of(p, lits[k]) >= 0) {
          if (append(&p->watches[literal_index(lits[k])], clause)) {
            p->memory_failed = 1;
            break;
          }
          lits[1] = lits[k];
          lits[k] = falsified;
          moved = 1;
        }
      if (moved)
        continue;
      list->items[kept++] = clause;
      if (value_of(p, lits[0]) < 0) {
        ok = 0;
        i++;
        break;
      }
      assign(p, lits[0]);
    }
    for (; i < list->size; i++)
      list->items[kept++] = list->items[i];
    list->size = kept;
    if (!ok || p->memory_failed)
      return 0;
  }
  return 1;
}

/* The clauses' watches; assigns and propagates the units. 0 for a
 * conflict (no models). */
static int start_propagation(preprocess *p) {
  size_t slots = 2 * ((size_t)p->variables + 1);
  for (size_t i = 0; i < slots; i++) {
    p->watches[i].size = 0;
    p->binary[i] = 0;
  }
  memset(p->value, 0, ((size_t)p->variables + 1) * sizeof *p->value);
  p->trail_size = p->propagated = 0;
  for (size_t clause = 0; clause < p->clause_count; clause++) {
    clause_ref *ref = &p->clauses[clause];
    int *lits = clause_literals(p, clause);
    if (ref->dead)
      continue;
    if (ref->length == 0)
      return 0;
    if (ref->length == 1) {
      if (value_of(p, lits[0]) < 0)
        return 0;
      if (value_of(p, lits[0]) == 0)
        assign(p, lits[0]);
      continue;
    }
    if (ref->length == 2) {
      p->binary[literal_index(lits[0])]++;
      p->binary[literal_index(lits[1])]++;
    }
    if (append(&p->watches[literal_index(lits[0])], (int)clause) ||
        append(&p->watches[literal_index(lits[1])], (int)clause)) {
      p->memory_failed = 1;
      return 0;
    }
  }
  return propagate(p);
}

/* The representative literal of `literal`'s equivalence class. Union by
 * size keeps the paths logarithmic, so the recursion is shallow. */
static int find(preprocess *p, int literal) {
  int variable = abs(literal), parent = p->parent[variable];
  if (parent == variable)
    return literal;
  int root = find(p, parent);
  p->parent[variable] = root;
  return literal > 0 ? root : -root;
}

/* Records a == b; 0 when that contradicts a recorded a == -b. */
static int unite(preprocess *p, int a, int b) {
  int ra = find(p, a), rb = find(p, b);
  if (abs(ra) == abs(rb))
    return ra == rb;
  if (p->size[abs(ra)] > p->size[abs(rb)]) {
    int swap = ra;
    ra = rb;
    rb = swap;
  }
  /* ra == rb, so variable |ra| == (ra > 0 ? rb : -rb). */
  p->parent[abs(ra)] = ra > 0 ? rb : -rb;
  p->size[abs(rb)] += p->size[abs(ra)];
  return 1;
}

/* A literal implied at the top: assigned and propagated; 0 for a
 * conflict. */
static int fix_at_top(preprocess *p, int literal) {
  if (value_of(p, literal) > 0)
    return 1;
  if (value_of(p, literal) < 0)
    return 0;
  assign(p, literal);
  return propagate(p);
}

/* Probes both literals of each open variable that can propagate (the
 * opposite literal is in a binary clause): a conflict fixes the other
 * literal; literals both probes imply are fixed; l implied by x and -l
 * by -x make x == l. 0 when the formula has no models. */
static int probe(preprocess *p) {
  for (int variable = 1; variable <= p->variables && p->ticks < p->budget; variable++) {
    if (p->state[variable] != OPEN || p->value[variable])
      continue;
    int positive = p->binary[literal_index(-variable)] > 0,
        negative = p->binary[literal_index(variable)] > 0;
    if (!positive && !negative)
      continue;
    int mark = p->trail_size;
    unsigned stamp = 0;
    if (positive) {
      assign(p, variable);
      int ok = propagate(p);
      if (!ok) {
        undo_to(p, mark);
        if (p->memory_failed || !fix_at_top(p, -variable))
          return 0;
        continue;
      }
      stamp = next_stamp(p);
      for (int i = mark + 1; i < p->trail_size; i++)
        p->mark[literal_index(p->trail[i])] = stamp;
      undo_to(p, mark);
    }
    if (!negative)
      continue;
    assign(p, -variable);
    int ok = propagate(p);
    if (!ok) {
      undo_to(p, mark);
      if (p->memory_failed || !fix_at_top(p, variable))
        return 0;
      continue;
    }
    p->units.size = 0;
    for (int i = mark + 1; stamp && i < p->trail_size; i++) {
      int literal = p->trail[i];
      if (p->mark[literal_index(literal)] == stamp) {
        if (append(&p->units, literal)) { /* implied by x and by -x */
          p->memory_failed = 1;
          return 0;
        }
      } else if (p->mark[literal_index(-literal)] == stamp && !unite(p, variable, -literal)) {
        return 0; /* x == -l and x == l: no models */
      }
    }
    undo_to(p, mark);
    for (size_t i = 0; i < p->units.size; i++)
      if (!fix_at_top(p, p->units.items[i]))
        return 0;
  }
  return 1;
}

/* Vivification (Piette, Hamadi & Sais, ECAI 2008; SharpSAT-TD's
 * preprocessor strengthens clauses so): each clause of three or more
 * literals has its literals' negations assumed in turn; a literal found
 * false is dropped, and a conflict or a literal found true ends the
 * clause there. The shorter clause is implied by the formula and
 * subsumes the old one, so the formula keeps its models. The new clause
 * is appended and the old one marked dead (its watches stay valid until
 * the round's rewrite: it is still implied). Returns how many clauses
 * were shortened, -1 when out of memory. */
static int vivify(preprocess *p) {
  int shortened = 0;
  size_t count = p->clause_count;
  /* Without binary clauses (random 3-SAT) two assumed literals seldom
   * propagate: the pass would cost without shortening anything. */
  int any_binary = 0;
  for (int i = 2; i < 2 * (p->variables + 1) && !any_binary; i++)
    any_binary = p->binary[i] > 0;
  if (!any_binary)
    return 0;
  uint64_t start = p->ticks, allowed = p->budget / VIVIFY_SHARE;
  for (size_t clause = 0;
       clause < count && p->ticks < p->budget && p->vivify_ticks + (p->ticks - start) < allowed;
       clause++) {
    if (p->clauses[clause].dead || p->clauses[clause].length < 3)
      continue;
    int length = p->clauses[clause].length, satisfied = 0;
    const int *lits = clause_literals(p, clause);
    for (int i = 0; i < length && !satisfied; i++)
      satisfied = value_of(p, lits[i]) > 0;
    if (satisfied)
      continue;
    /* A copy: propagation reorders the clause's own literals. */
    p->units.size = 0;
    for (int i = 0; i < length; i++)
      if (append(&p->units, lits[i]))
        return p->memory_failed = 1, -1;
    int mark = p->trail_size;
    p->scratch.size = 0;
    for (int i = 0; i < length; i++) {
      int literal = p->units.items[i], value = value_of(p, literal);
      p->ticks++;
      if (value < 0)
        continue; /* false under the others' negations: dropped */
      if (append(&p->scratch, literal))
        return p->memory_failed = 1, -1;
      if (value > 0)
        break; /* implied by the negations before it */
      assign(p, -literal);
      if (!propagate(p)) {
        if (p->memory_failed)
          return -1;
        break; /* a conflict: the literals so far are implied */
      }
    }
    undo_to(p, mark);
    int kept = (int)p->scratch.size;
    if (kept == length)
      continue;
    int *strengthened = p->scratch.items;
    int size = normalise(strengthened, kept);
    if (size < 0)
      continue;
    p->clauses[clause].dead = 1;
    if (add_clause(p, strengthened, size))
      return p->memory_failed = 1, -1;
    shortened++;
    p->stats.shortened++;
  }
  p->vivify_ticks += p->ticks - start;
  return shortened;
}

/* Turns the round's top-level values and equivalence classes into FIXED
 * and SUBSTITUTED variables; returns how many changed, -1 for no models. */
static int settle(preprocess *p) {
  int *best = p->best;
  signed char *root_value = p->root_value;
  for (int v = 1; v <= p->variables; v++) {
    best[v] = 0;
    root_value[v] = 0;
  }
  for (int v = 1; v <= p->variables; v++) {
    if (p->state[v] != OPEN)
      continue;
    int root = abs(find(p, v)), chosen = best[root];
    /* A projected member whenever the class has one (see the top). */
    if (!chosen || (p->projected[v] && !p->projected[chosen]))
      best[root] = v;
    if (p->value[v]) {
      int value = find(p, v) > 0 ? p->value[v] : -p->value[v];
      if (root_value[root] && root_value[root] != value)
        return -1;
      root_value[root] = (signed char)value;
    }
  }
  int changed = 0;
  for (int v = 1; v <= p->variables; v++) {
    if (p->state[v] != OPEN)
      continue;
    int relation = find(p, v), root = abs(relation);
    if (root_value[root]) {
      p->state[v] = FIXED;
      p->fixed[v] = (signed char)(relation > 0 ? root_value[root] : -root_value[root]);
      p->stats.fixed++;
      changed++;
    } else if (best[root] != v) {
      int representative = best[root];
      int same = (relation > 0) == (find(p, representative) > 0);
      p->state[v] = SUBSTITUTED;
      p->substitute[v] = same ? representative : -representative;
      p->stats.substituted++;
      changed++;
    }
  }
  return changed;
}

/* Rewrites every live clause over the open variables: satisfied ones
 * dropped, false literals removed, substituted ones replaced. 0 for an
 * empty clause (no models). */
static int rewrite(preprocess *p) {
  int_list old = p->literals;
  clause_ref *old_clauses = p->clauses;
  size_t old_count = p->clause_count;
  p->literals = (int_list){0};
  p->clauses = NULL;
  p->clause_count = p->clause_capacity = 0;
  int ok = 1;
  for (size_t clause = 0; clause < old_count && ok; clause++) {
    if (old_clauses[clause].dead)
      continue;
    const int *lits = old.items + old_clauses[clause].start;
    p->scratch.size = 0;
    int satisfied = 0;
    for (int i = 0; i < old_clauses[clause].length && !satisfied; i++) {
      int literal = lits[i], variable = abs(literal);
      if (p->state[variable] == SUBSTITUTED) {
        literal = literal > 0 ? p->substitute[variable] : -p->substitute[variable];
        variable = abs(literal);
      }
      if (p->state[variable] == FIXED) {
        satisfied = (literal > 0) == (p->fixed[variable] > 0);
        continue;
      }
      if (append(&p->scratch, literal)) {
        p->memory_failed = 1;
        ok = 0;
      }
    }
    if (satisfied || !ok)
      continue;
    int length = normalise(p->scratch.items, (int)p->scratch.size);
    if (length == 0)
      ok = 0;
    else if (length > 0 && add_clause(p, p->scratch.items, length))
      ok = 0, p->memory_failed = 1;
  }
  free(old.items);
  free(old_clauses);
  return ok;
}

/* One round: propagation, probing, settling, rewriting. Returns the
 * number of variables fixed or substituted, -1 for no models. */
static int round_once(preprocess *p) {
  for (int v = 1; v <= p->variables; v++) {
    p->parent[v] = v;
    p->size[v] = 1;
  }
  if (!start_propagation(p) || !probe(p))
    return -1;
  int shortened = vivify(p);
  if (shortened < 0)
    return -1;
  int changed = settle(p);
  if (changed < 0 || !rewrite(p))
    return -1;
  return changed + shortened;
}

/* The live clauses of `literal` (dead ones dropped from its list). */
static int_list *live_occurrences(preprocess *p, int_list *occurrences, int literal) {
  int_list *list = &occurrences[literal_index(literal)];
  size_t kept = 0;
  for (size_t i = 0; i < list->size; i++)
    if (!p->clauses[list->items[i]].dead)
      list->items[kept++] = list->items[i];
  list->size = kept;
  return list;
}

/* The resolvent of clauses a (holding pivot) and b (holding -pivot) into
 * p->scratch: 1 when kept, 0 for a tautology, -1 when longer than
 * MAX_RESOLVENT or out of memory (the elimination is then given up). */
static int resolve(preprocess *p, int a, int b, int pivot) {
  unsigned stamp = next_stamp(p);
  p->scratch.size = 0;
  const int *lits = clause_literals(p, (size_t)a);
  for (int i = 0; i < p->clauses[a].length; i++)
    if (lits[i] != pivot) {
      p->mark[literal_index(lits[i])] = stamp;
      if (append(&p->scratch, lits[i]))
        return p->memory_failed = 1, -1;
    }
  lits = clause_literals(p, (size_t)b);
  for (int i = 0; i < p->clauses[b].length; i++) {
    int literal = lits[i];
    p->ticks++;
    if (literal == -pivot || p->mark[literal_index(literal)] == stamp)
      continue;
    if (p->mark[literal_index(-literal)] == stamp)
      return 0;
    if (append(&p->scratch, literal))
      return p->memory_failed = 1, -1;
  }
  return p->scratch.size <= MAX_RESOLVENT ? 1 : -1;
}

/* Marks (in_gate) the clauses of a gate that defines v, when the live
 * clauses hold one: a literal g of v, a clause (g | m1 | ... | mk) and
 * the binary clauses (-g | -mi) for every i, that is g == OR(m1..mk)
 * (an AND gate is the same with g negated; k = 1 an equivalence). With
 * `projected_inputs`, only a gate whose inputs are all projected. 1 when
 * found, 0 when not, -1 when out of memory. Gate detection for variable
 * elimination: Een & Biere, "Effective preprocessing in SAT through
 * variable and clause elimination" (SAT 2005). */
static int find_gate(preprocess *p, const int_list *positive, const int_list *negative, int v,
                     int projected_inputs) {
  if (p->in_gate_capacity < p->clause_count) {
    size_t old = p->in_gate_capacity;
    unsigned char *grown =
        grow_array(p->in_gate, &p->in_gate_capacity, p->clause_count, sizeof *grown, 64);
    if (!grown)
      return p->memory_failed = 1, -1;
    memset(grown + old, 0, p->in_gate_capacity - old);
    p->in_gate = grown;
  }
  for (int side = 0; side < 2; side++) {
    int g = side ? -v : v;
    const int_list *long_side = side ? negative : positive,
                   *binary_side = side ? positive : negative;
    /* Mark o for each binary (-g | o). */
    unsigned stamp = next_stamp(p);
    for (size_t i = 0; i < binary_side->size; i++) {
      int clause = binary_side->items[i];
      p->ticks++;
      if (p->clauses[clause].length != 2)
        continue;
      const int *lits = clause_literals(p, (size_t)clause);
      p->mark[literal_index(lits[0] == -g ? lits[1] : lits[0])] = stamp;
    }
    for (size_t i = 0; i < long_side->size; i++) {
      int clause = long_side->items[i], length = p->clauses[clause].length;
      const int *lits = clause_literals(p, (size_t)clause);
      int defines = length >= 2;
      for (int k = 0; k < length && defines; k++) {
        p->ticks++;
        if (lits[k] == g)
          continue;
        defines = p->mark[literal_index(-lits[k])] == stamp &&
                  (!projected_inputs || p->projected[abs(lits[k])]);
      }
      if (!defines)
        continue;
      /* The gate: this clause and the binaries (-g | -m) of its m. */
      p->in_gate[clause] = 1;
      unsigned inputs = next_stamp(p);
      for (int k = 0; k < length; k++)
        p->mark[literal_index(-lits[k])] = inputs;
      for (size_t j = 0; j < binary_side->size; j++) {
        int other = binary_side->items[j];
        if (p->clauses[other].length != 2)
          continue;
        const int *pair = clause_literals(p, (size_t)other);
        int o = pair[0] == -g ? pair[1] : pair[0];
        if (p->mark[literal_index(o)] == inputs)
          p->in_gate[other] = 1;
      }
      return 1;
    }
  }
  return 0;
}

/* The variables other than v in v's clauses (positive and negative). */
static int neighbours(preprocess *p, const int_list *positive, const int_list *negative) {
  unsigned stamp = next_stamp(p);
  int count = 0;
  for (int side = 0; side < 2; side++) {
    const int_list *list = side ? negative : positive;
    for (size_t i = 0; i < list->size; i++) {
      const int *lits = clause_literals(p, (size_t)list->items[i]);
      for (int k = 0; k < p->clauses[list->items[i]].length; k++) {
        int variable = abs(lits[k]);
        p->ticks++;
        if (p->mark[literal_index(variable)] != stamp) {
          p->mark[literal_index(variable)] = stamp;
          count++;
        }
      }
    }
  }
  return count - 1;
}

static void clear_gate(preprocess *p, const int_list *positive, const int_list *negative) {
  for (size_t i = 0; i < positive->size; i++)
    p->in_gate[positive->items[i]] = 0;
  for (size_t j = 0; j < negative->size; j++)
    p->in_gate[negative->items[j]] = 0;
}

/* Bounded variable elimination of the open non-projected variables whose
 * resolvents (tautologies aside) are no more than the clauses they
 * replace. Returns how many were eliminated, -1 for no models (an empty
 * resolvent) or no memory. */
static int eliminate(preprocess *p) {
  /* Nothing to try without a non-projected variable or a binary clause
   * (every gate has some): random 3-SAT then pays for no occurrence
   * lists. */
  int any = 0;
  for (int v = 1; v <= p->variables && !any; v++)
    any = p->state[v] == OPEN && !p->projected[v];
  for (size_t clause = 0; clause < p->clause_count && !any; clause++)
    any = !p->clauses[clause].dead && p->clauses[clause].length == 2;
  if (!any)
    return 0;
  size_t slots = 2 * ((size_t)p->variables + 1);
  int_list *occurrences = calloc(slots, sizeof *occurrences);
  int eliminated = 0, failed = !occurrences;
  for (size_t clause = 0; clause < p->clause_count && !failed; clause++) {
    const int *lits = clause_literals(p, clause);
    for (int i = 0; i < p->clauses[clause].length && !failed; i++)
      failed = append(&occurrences[literal_index(lits[i])], (int)clause) != 0;
  }
  /* From the last variable down, in passes while any goes: circuits
   * number a gate's output after its inputs, and an output read by no
   * other gate is eliminated without a resolvent, which frees its inputs'
   * gates next. */
  for (int pass = 0, progress = 1; progress && pass < MAX_PASSES && !failed; pass++) {
    progress = 0;
    for (int v = p->variables; v >= 1 && !failed && p->ticks < p->budget; v--) {
      if (p->state[v] != OPEN)
        continue;
      int_list *positive = live_occurrences(p, occurrences, v);
      int_list *negative = live_occurrences(p, occurrences, -v);
      size_t before = positive->size + negative->size;
      if (before == 0)
        continue;
      /* A projected variable goes only when a gate defines it from
       * projected variables; a non-projected one uses its gate, if any,
       * to resolve fewer pairs. */
      int gated = find_gate(p, positive, negative, v, p->projected[v]);
      if (gated < 0) {
        failed = 1;
        break;
      }
      if (p->projected[v] && !gated)
        continue;
      if (p->projected[v] && neighbours(p, positive, negative) > MAX_DEFINED_NEIGHBOURS) {
        clear_gate(p, positive, negative);
        continue;
      }
      size_t gate_positive = 0, gate_negative = 0;
      for (size_t i = 0; i < positive->size; i++)
        gate_positive += p->in_gate[positive->items[i]];
      for (size_t j = 0; j < negative->size; j++)
        gate_negative += p->in_gate[negative->items[j]];
      size_t pairs = gated ? gate_positive * (negative->size - gate_negative) +
                                 (positive->size - gate_positive) * gate_negative
                           : positive->size * negative->size;
      if (pairs > MAX_PAIRS) {
        clear_gate(p, positive, negative);
        continue;
      }
      p->resolvents.size = 0;
      size_t kept = 0;
      int too_many = 0;
      for (size_t i = 0; i < positive->size && !too_many; i++)
        for (size_t j = 0; j < negative->size && !too_many; j++) {
          if (gated && p->in_gate[positive->items[i]] == p->in_gate[negative->items[j]])
            continue; /* gate with gate: tautologies; rest with rest: implied */
          int resolved = resolve(p, positive->items[i], negative->items[j], v);
          if (resolved < 0) {
            failed = p->memory_failed;
            too_many = 1;
            break;
          }
          if (resolved == 0)
            continue;
          if (++kept > before) {
            too_many = 1;
            break;
          }
          /* Stored as length, literals. */
          failed |= append(&p->resolvents, (int)p->scratch.size) != 0;
          for (size_t k = 0; k < p->scratch.size; k++)
            failed |= append(&p->resolvents, p->scratch.items[k]) != 0;
          too_many |= failed;
        }
      clear_gate(p, positive, negative);
      if (too_many)
        continue;
      for (size_t i = 0; i < positive->size; i++)
        p->clauses[positive->items[i]].dead = 1;
      for (size_t i = 0; i < negative->size; i++)
        p->clauses[negative->items[i]].dead = 1;
      p->state[v] = ELIMINATED;
      p->stats.eliminated++;
      p->stats.defined += p->projected[v];
      eliminated++;
      progress = 1;
      for (size_t at = 0; at < p->resolvents.size && !failed;) {
        int length = p->resolvents.items[at++];
        int *lits = p->resolvents.items + at;
        at += (size_t)length;
        length = normalise(lits, length);
        if (length == 0) {
          eliminated = -1; /* x and -x as unit clauses: no models */
          failed = 1;
          break;
        }
        size_t clause = p->clause_count;
        if (add_clause(p, lits, length)) {
          failed = 1;
          break;
        }
        for (int k = 0; k < length && !failed; k++)
          failed = append(&occurrences[literal_index(lits[k])], (int)clause) != 0;
      }
    }
  }
  if (occurrences)
    for (size_t i = 0; i < slots; i++)
      free(occurrences[i].items);
  free(occurrences);
  if (failed && eliminated >= 0)
    p->memory_failed = 1;
  return failed ? -1 : eliminated;
}

/* The open variables renumbered 1..m into `out`, with the live clauses. */
static int write_out(preprocess *p, const cnf_compact *in, cnf_compact *out) {
  int *number = calloc((size_t)p->variables + 1, sizeof *number);
  if (!number)
    return -1;
  int kept = 0;
  size_t literal_count = 0, clause_count = 0;
  for (int v = 1; v <= p->variables; v++)
    if (p->state[v] == OPEN)
      number[v] = ++kept;
  for (size_t clause = 0; clause < p->clause_count; clause++)
    if (!p->clauses[clause].dead) {
      literal_count += (size_t)p->clauses[clause].length + 1;
      clause_count++;
    }
  out->variables = kept;
  out->file_variable = malloc(((size_t)kept + 1) * sizeof *out->file_variable);
  out->literals = malloc((literal_count ? literal_count : 1) * sizeof *out->literals);
  out->projected = calloc((size_t)kept + 1, 1);
  out->projection = malloc(((size_t)kept + 1) * sizeof *out->projection);
  if (!out->file_variable || !out->literals || !out->projected || !out->projection) {
    free(number);
    return -1;
  }
  out->file_variable[0] = 0;
  for (int v = 1; v <= p->variables; v++)
    if (number[v]) {
      out->file_variable[number[v]] = in->file_variable[v];
      out->projected[number[v]] = p->projected[v];
      if (p->projected[v])
        out->projection[out->projection_count++] = number[v];
    }
  size_t at = 0;
  for (size_t clause = 0; clause < p->clause_count; clause++) {
    if (p->clauses[clause].dead)
      continue;
    const int *lits = clause_literals(p, clause);
    for (int i = 0; i < p->clauses[clause].length; i++)
      out->literals[at++] = lits[i] > 0 ? number[lits[i]] : -number[-lits[i]];
    out->literals[at++] = 0;
  }
  out->literal_count = literal_count;
  out->clause_count = clause_count;
  out->unused_projected = in->unused_projected;
  free(number);
  return 0;
}

static void preprocess_free(preprocess *p) {
  if (p->watches)
    for (size_t i = 0; i < 2 * ((size_t)p->variables + 1); i++)
      free(p->watches[i].items);
  free(p->watches);
  free(p->literals.items);
  free(p->clauses);
  free(p->state);
  free(p->fixed);
  free(p->substitute);
  free(p->value);
  free(p->trail);
  free(p->binary);
  free(p->parent);
  free(p->size);
  free(p->best);
  free(p->root_value);
  free(p->mark);
  free(p->in_gate);
  free(p->resolvents.items);
  free(p->scratch.items);
  free(p->units.items);
}

/* Loads `in`'s clauses, normalised; 0 for an empty one. */
static int load(preprocess *p, const cnf_compact *in) {
  size_t begin = 0;
  for (size_t i = 0; i < in->literal_count; i++) {
    if (in->literals[i])
      continue;
    size_t length = i - begin;
    p->scratch.size = 0;
    for (size_t k = begin; k < i; k++)
      if (append(&p->scratch, in->literals[k]))
        return p->memory_failed = 1, 0;
    begin = i + 1;
    int kept = normalise(p->scratch.items, (int)length);
    if (kept == 0)
      return 0;
    if (kept > 0 && add_clause(p, p->scratch.items, kept))
      return p->memory_failed = 1, 0;
  }
  return 1;
}

/* Rounds until nothing changes: 1 done, 0 no models. */
static int settle_rounds(preprocess *p) {
  for (int round = 0; round < MAX_ROUNDS; round++) {
    int changed = round_once(p);
    if (changed < 0)
      return 0;
    if (changed > 0)
      continue;
    int eliminated = eliminate(p);
    if (eliminated < 0)
      return 0;
    if (eliminated == 0)
      break;
  }
  return 1;
}

/* The oracle's simplifications (count_oracle_simplify.h) of the live
 * clauses, which then replace them. 1 when something changed, 0 when
 * nothing did, -1 for no models or no memory (p->memory_failed). */
static int ask_oracle(preprocess *p, const search_clock *clock) {
  /* Without binary clauses (random 3-SAT, disjoint copies of it) there
   * was nothing to find on the benchmarks (bench/count_vs_base.sh), and
   * the checks cost up to 8 times a count of a few milliseconds. */
  size_t total = 0;
  int any_binary = 0;
  for (size_t clause = 0; clause < p->clause_count; clause++)
    if (!p->clauses[clause].dead) {
      total += (size_t)p->clauses[clause].length + 1;
      any_binary |= p->clauses[clause].length == 2;
    }
  if (!any_binary)
    return 0;
  int *flat = malloc((total ? total : 1) * sizeof *flat);
  if (!flat)
    return p->memory_failed = 1, -1;
  size_t at = 0;
  for (size_t clause = 0; clause < p->clause_count; clause++) {
    if (p->clauses[clause].dead)
      continue;
    memcpy(flat + at, clause_literals(p, clause), (size_t)p->clauses[clause].length * sizeof *flat);
    at += (size_t)p->clauses[clause].length;
    flat[at++] = 0;
  }
  oracle_simplified simplified;
  oracle_simplify_stats asked = {0};
  int result = oracle_simplify(p->variables, p->projected, flat, total, clock, &simplified, &asked);
  free(flat);
  if (result <= 0) {
    p->memory_failed |= result < 0;
    return -1;
  }
  p->stats.backbone = asked.backbone;
  p->stats.oracle_seconds = asked.seconds;
  p->stats.strengthened = asked.strengthened;
  p->stats.redundant = asked.redundant;
  p->stats.eliminated += asked.eliminated;
  p->stats.simplicial = asked.eliminated;
  p->stats.defined += asked.defined;
  if (!asked.backbone && !asked.strengthened && !asked.redundant && !asked.eliminated) {
    oracle_simplified_free(&simplified);
    return 0;
  }
  for (size_t clause = 0; clause < p->clause_count; clause++)
    p->clauses[clause].dead = 1;
  for (int v = 1; v <= p->variables; v++)
    if (simplified.eliminated[v] && p->state[v] == OPEN)
      p->state[v] = ELIMINATED;
  size_t begin = 0;
  for (size_t i = 0; i < simplified.literal_count && !p->memory_failed; i++) {
    if (simplified.literals[i])
      continue;
    int *lits = simplified.literals + begin;
    int length = normalise(lits, (int)(i - begin));
    begin = i + 1;
    if (length > 0 && add_clause(p, lits, length))
      p->memory_failed = 1;
  }
  oracle_simplified_free(&simplified);
  return p->memory_failed ? -1 : 1;
}

int count_preprocess(const cnf_compact *in, cnf_compact *out, count_preprocess_stats *stats) {
  return count_preprocess_with_oracle(in, out, stats, NULL);
}

int count_preprocess_with_oracle(const cnf_compact *in, cnf_compact *out,
                                 count_preprocess_stats *stats, const search_clock *clock) {
  memset(out, 0, sizeof *out);
  preprocess p = {0};
  p.variables = in->variables;
  p.projected = in->projected;
  size_t slots = (size_t)in->variables + 1;
  p.state = calloc(slots, sizeof *p.state);
  p.fixed = calloc(slots, sizeof *p.fixed);
  p.substitute = calloc(slots, sizeof *p.substitute);
  p.value = calloc(slots, sizeof *p.value);
  p.trail = calloc(slots, sizeof *p.trail);
  p.parent = calloc(slots, sizeof *p.parent);
  p.size = calloc(slots, sizeof *p.size);
  p.best = calloc(slots, sizeof *p.best);
  p.root_value = calloc(slots, sizeof *p.root_value);
  p.watches = calloc(2 * slots, sizeof *p.watches);
  p.binary = calloc(2 * slots, sizeof *p.binary);
  p.mark = calloc(2 * slots, sizeof *p.mark);
  p.budget = BASE_TICKS + (uint64_t)in->literal_count * TICKS_PER_LITERAL;
  int result = -1;
  if (p.state && p.fixed && p.substitute && p.value && p.trail && p.parent && p.size && p.best &&
      p.root_value && p.watches && p.binary && p.mark) {
    result = load(&p, in);
    if (result == 1)
      result = settle_rounds(&p);
    if (result == 1 && clock) {
      int asked = ask_oracle(&p, clock);
      if (asked < 0)
        result = 0;
      else if (asked > 0)
        result = settle_rounds(&p);
    }
    if (p.memory_failed)
      result = -1;
    if (result == 1 && write_out(&p, in, out) != 0)
      result = -1;
  }
  if (result != 1)
    cnf_compact_free(out);
  p.stats.ticks = p.ticks;
  if (stats)
    *stats = p.stats;
  preprocess_free(&p);
  return result;
}
