/* The backbone, strengthening, sparsification and the elimination of
 * defined simplicial variables by a CDCL oracle (see
 * count_oracle_simplify.h). */
#include "count_oracle_simplify.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "sat_oracle.h"

/* Bounds, each set on the Model Counting Competition's even-numbered
 * instances (bench/README.md):
 * - nothing is done when the solver needs more than FIRST_DECISIONS
 *   decisions for a first model: the formula is hard for it, and every
 *   check would cost too;
 * - a check (backbone, strengthening, sparsification, definability) is
 *   given CHECK_DECISIONS decisions;
 * - the backbone and strengthening checks together are at most one per
 *   literal of the formula, and strengthening stops after IDLE_CHECKS
 *   checks that removed nothing (an N-Queens file: every check finds a
 *   model);
 * - sparsification passes the solver at most SPARSIFY_ASSUMPTIONS
 *   assumptions in all (a check assumes every clause not yet judged);
 * - a variable is a candidate for elimination when it has at most
 *   MAX_NEIGHBOURS neighbours and one of its literals is in at most
 *   MAX_SIDE clauses (SharpSAT-TD's bound), and rounds stop after
 *   MAX_ROUNDS or when the formula has grown to GROWTH_LIMIT times its
 *   literals;
 * - the whole pass stops after MAX_SECONDS, a step after
 *   STEP_MAX_SECONDS, and a step whose checks that ran out of decisions
 *   outnumber UNKNOWN_PER_FOUND times what it found after STEP_SECONDS.
 *   Time, not work: a check's cost varies a hundredfold between formulas
 *   of one size (instance 72: 5293 checks in 0.4 s; instance 76: 581
 *   in 7 s). */
enum { FIRST_DECISIONS = 20000, CHECK_DECISIONS = 1000, UNKNOWN_PER_FOUND = 4 };
enum { IDLE_CHECKS = 2000, MODELS_KEPT = 16, SPARSIFY_ASSUMPTIONS = 40000000 };
enum { MAX_NEIGHBOURS = 64, MAX_SIDE = 4, MAX_ROUNDS = 64, GROWTH_LIMIT = 2 };
#define MAX_SECONDS 10.0
#define STEP_SECONDS 1.0
#define STEP_MAX_SECONDS 4.0
/* Neighbour lists are kept up to this length, so that a candidate next
 * to a variable of many clauses can still be checked. */
enum { HUB_NEIGHBOURS = 16 * MAX_NEIGHBOURS };

typedef struct clause {
  size_t start;
  int length;
  int dead;
} clause;

typedef struct formula {
  int variables;
  const unsigned char *projected;
  int *literals;
  size_t literal_count, literal_capacity;
  clause *clauses;
  size_t clause_count, clause_capacity;
  const search_clock *clock;
  double step_start; /* the clock's reading when the current step began */
  int memory_failed;
  oracle_simplify_stats stats;
} formula;

static void start_step(formula *f) { f->step_start = search_clock_elapsed(f->clock); }

/* Whether the current step should end: the pass's time is up, or after
 * STEP_SECONDS its checks mostly ran out of decisions. */
static int step_over(const formula *f, int unknown, int found) {
  if (search_clock_expired(f->clock))
    return 1;
  double spent = search_clock_elapsed(f->clock) - f->step_start;
  return spent > STEP_MAX_SECONDS || (unknown > UNKNOWN_PER_FOUND * found && spent > STEP_SECONDS);
}

static int compare_by_variable(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  int vx = abs(x), vy = abs(y);
  return vx != vy ? (vx > vy) - (vx < vy) : (x > y) - (x < y);
}

/* Sorts by variable and merges duplicates; the new length, or -1 for a
 * tautology. */
static int normalise(int *lits, int length) {
  if (length > 1)
    qsort(lits, (size_t)length, sizeof *lits, compare_by_variable);
  int kept = 0;
  for (int i = 0; i < length; i++) {
    if (kept && lits[kept - 1] == lits[i])
      continue;
    if (kept && lits[kept - 1] == -lits[i])
      return -1;
    lits[kept++] = lits[i];
  }
  return kept;
}

static int *literals_of(const formula *f, size_t c) { return f->literals + f->clauses[c].start; }

/* Appends a normalised clause; -1 when out of memory. */
static int add_clause(formula *f, const int *lits, int length) {
  if (f->clause_count == f->clause_capacity) {
    clause *grown =
        grow_array(f->clauses, &f->clause_capacity, f->clause_count + 1, sizeof *grown, 64);
    if (!grown)
      return f->memory_failed = 1, -1;
    f->clauses = grown;
  }
  if (f->literal_count + (size_t)length > f->literal_capacity) {
    int *grown = grow_array(f->literals, &f->literal_capacity, f->literal_count + (size_t)length,
                            sizeof *grown, 1024);
    if (!grown)
      return f->memory_failed = 1, -1;
    f->literals = grown;
  }
  memcpy(f->literals + f->literal_count, lits, (size_t)length * sizeof *lits);
  f->clauses[f->clause_count++] = (clause){f->literal_count, length, 0};
  f->literal_count += (size_t)length;
  return 0;
}

static size_t live_literals(const formula *f) {
  size_t total = 0;
  for (size_t c = 0; c < f->clause_count; c++)
    if (!f->clauses[c].dead)
      total += (size_t)f->clauses[c].length;
  return total;
}

static void add_to_oracle(sat_oracle *oracle, const int *lits, int length) {
  for (int i = 0; i < length; i++)
    sat_oracle_add(oracle, lits[i]);
  sat_oracle_add(oracle, 0);
}

/* A solver holding the live clauses; NULL when out of memory. */
static sat_oracle *oracle_of(formula *f) {
  sat_oracle *oracle = sat_oracle_new(f->clock);
  if (!oracle)
    return f->memory_failed = 1, NULL;
  sat_oracle_reserve(oracle, f->variables);
  for (size_t c = 0; c < f->clause_count; c++)
    if (!f->clauses[c].dead)
      add_to_oracle(oracle, literals_of(f, c), f->clauses[c].length);
  return oracle;
}

/* The models the strengthening has met, which rule out checks whose
 * answer they already give: a literal that is a clause's only true one in
 * some model cannot be removed from it. */
typedef struct model_store {
  unsigned char *values[MODELS_KEPT]; /* [variables + 1]: 1 true */
  int count, next;
} model_store;

/* The solver's model into the store; the stored values, NULL when out of
 * memory. */
static const unsigned char *keep_model(model_store *store, sat_oracle *oracle, int variables) {
  unsigned char **slot = &store->values[store->next];
  if (!*slot && !(*slot = malloc((size_t)variables + 1)))
    return NULL;
  for (int v = 1; v <= variables; v++)
    (*slot)[v] = (unsigned char)sat_oracle_value(oracle, v);
  store->next = (store->next + 1) % MODELS_KEPT;
  if (store->count < MODELS_KEPT)
    store->count++;
  return *slot;
}

/* Whether some kept model makes `literal` the clause's only true one. */
static int only_true_somewhere(const model_store *store, const int *lits, int length, int literal) {
  for (int m = 0; m < store->count; m++) {
    const unsigned char *values = store->values[m];
    int true_count = 0, true_literal = 0;
    for (int i = 0; i < length && true_count < 2; i++)
      if ((lits[i] > 0) == (values[abs(lits[i])] == 1)) {
        true_count++;
        true_literal = lits[i];
      }
    if (true_count == 1 && true_literal == literal)
      return 1;
  }
  return 0;
}

/* The backbone: every literal true in all models, found as in
 * Janota, Lynce & Marques-Silva, "Algorithms for computing backbones of
 * propositional formulae" (AI Communications 2015, their iterative
 * algorithm): a literal of the first model is checked by assuming its
 * negation, and each model found drops the candidates it flips. Each
 * literal found is added to `oracle` and to `units`
 * (units[v] = the literal, 0 when none). */
static int find_backbone(formula *f, sat_oracle *oracle, model_store *store, int *units,
                         size_t *checks, size_t allowed) {
  int n = f->variables;
  signed char *candidate = calloc((size_t)n + 1, 1);
  if (!candidate)
    return f->memory_failed = 1, -1;
  const unsigned char *first = store->values[0];
  for (size_t c = 0; c < f->clause_count; c++)
    if (!f->clauses[c].dead)
      for (int i = 0; i < f->clauses[c].length; i++) {
        int v = abs(literals_of(f, c)[i]);
        candidate[v] = first[v] ? 1 : -1;
      }
  int unknown = 0;
  start_step(f);
  for (int v = 1; v <= n && *checks < allowed && !step_over(f, unknown, f->stats.backbone); v++) {
    if (!candidate[v])
      continue;
    int literal = candidate[v] > 0 ? v : -v;
    if (sat_oracle_assume(oracle, -literal))
      return free(candidate), f->memory_failed = 1, -1;
    ++*checks;
    int answer = sat_oracle_solve(oracle, CHECK_DECISIONS);
    unknown += answer < 0;
    if (answer == 0) {
      units[v] = literal;
      sat_oracle_add(oracle, literal);
      sat_oracle_add(oracle, 0);
      f->stats.backbone++;
    } else if (answer > 0) {
      const unsigned char *model = keep_model(store, oracle, n);
      if (!model)
        return free(candidate), f->memory_failed = 1, -1;
      for (int w = v + 1; w <= n; w++)
        if (candidate[w] && (candidate[w] > 0) != (model[w] == 1))
          candidate[w] = 0;
    }
  }
  free(candidate);
  return 0;
}

/* The clauses under the backbone: satisfied ones dropped, false literals
 * removed, each backbone literal a unit clause. */
static int apply_units(formula *f, const int *units) {
  size_t count = f->clause_count;
  for (size_t c = 0; c < count; c++) {
    if (f->clauses[c].dead)
      continue;
    int *lits = literals_of(f, c), kept = 0, satisfied = 0;
    for (int i = 0; i < f->clauses[c].length && !satisfied; i++) {
      int unit = units[abs(lits[i])];
      if (unit == lits[i])
        satisfied = 1;
      else if (unit != -lits[i])
        lits[kept++] = lits[i];
    }
    if (satisfied)
      f->clauses[c].dead = 1;
    else
      f->clauses[c].length = kept; /* never 0: the formula has a model */
  }
  for (int v = 1; v <= f->variables; v++)
    if (units[v] && add_clause(f, &units[v], 1))
      return -1;
  return 0;
}

/* The backbone (find_backbone), then every clause of three or more
 * literals strengthened: a literal goes when the formula implies the
 * clause without it. 1 done, 0 no models, 2 when the first model takes
 * more than FIRST_DECISIONS (the formula is hard for the solver, so
 * each step would cost too: none is run), -1 out of memory. */
static int strengthen(formula *f) {
  sat_oracle *oracle = oracle_of(f);
  int *units = calloc((size_t)f->variables + 1, sizeof *units);
  if (!oracle || !units) {
    sat_oracle_free(oracle);
    free(units);
    return f->memory_failed = 1, -1;
  }
  int answer = sat_oracle_solve(oracle, FIRST_DECISIONS);
  model_store store = {0};
  int result = answer == 0 ? 0 : answer < 0 ? 2 : 1;
  if (result == 1 && !keep_model(&store, oracle, f->variables))
    result = -1;
  size_t checks = 0, allowed = live_literals(f);
  if (result == 1 &&
      (find_backbone(f, oracle, &store, units, &checks, allowed) || apply_units(f, units)))
    result = -1;
  size_t count = f->clause_count, strengthening_checks = 0;
  int unknown = 0;
  start_step(f);
  for (size_t c = 0; c < count && result == 1 && checks < allowed; c++) {
    if (f->clauses[c].dead)
      continue;
    for (int i = 0; i < f->clauses[c].length && checks < allowed; i++) {
      if ((strengthening_checks >= IDLE_CHECKS && f->stats.strengthened == 0) ||
          step_over(f, unknown, f->stats.strengthened)) {
        allowed = 0; /* nothing (more) to gain here */
        break;
      }
      int *lits = literals_of(f, c), length = f->clauses[c].length;
      if (length < 3 || only_true_somewhere(&store, lits, length, lits[i]))
        continue;
      for (int k = 0; k < length; k++)
        if (k != i && sat_oracle_assume(oracle, -lits[k]))
          result = -1;
      checks++;
      strengthening_checks++;
      int implied = sat_oracle_solve(oracle, CHECK_DECISIONS);
      unknown += implied < 0;
      if (implied > 0) {
        if (!keep_model(&store, oracle, f->variables))
          result = -1;
      } else if (implied == 0) {
        /* The clause without lits[i] holds in every model. */
        memmove(lits + i, lits + i + 1, (size_t)(length - i - 1) * sizeof *lits);
        f->clauses[c].length--;
        f->stats.strengthened++;
        add_to_oracle(oracle, lits, length - 1);
        i--;
      }
    }
  }
  for (int m = 0; m < MODELS_KEPT; m++)
    free(store.values[m]);
  free(units);
  sat_oracle_free(oracle);
  return f->memory_failed ? -1 : result;
}

/* A variable pair of a clause (a < b): an edge of the primal graph and
 * the clause's place among the ranked ones. */
typedef struct clause_edge {
  int a, b;
  size_t rank;
} clause_edge;

static int compare_edges(const void *x, const void *y) {
  const clause_edge *p = x, *q = y;
  return p->a != q->a ? (p->a > q->a) - (p->a < q->a) : (p->b > q->b) - (p->b < q->b);
}

typedef struct ranked_clause {
  size_t clause;
  long long unique_edges;
} ranked_clause;

static int compare_ranked(const void *x, const void *y) {
  const ranked_clause *p = x, *q = y;
  if (p->unique_edges != q->unique_edges)
    return (p->unique_edges < q->unique_edges) - (p->unique_edges > q->unique_edges);
  return (p->clause > q->clause) - (p->clause < q->clause);
}

/* Clauses in the order sparsification judges them: those whose edges no
 * other clause makes first (SharpSAT-TD's order), so removing them thins
 * the graph. NULL when out of memory. */
static ranked_clause *rank_clauses(formula *f, size_t *ranked_count) {
  size_t pairs = 0, live = 0;
  for (size_t c = 0; c < f->clause_count; c++)
    if (!f->clauses[c].dead) {
      size_t length = (size_t)f->clauses[c].length;
      pairs += length * (length - 1) / 2;
      live++;
    }
  clause_edge *edges = malloc((pairs ? pairs : 1) * sizeof *edges);
  ranked_clause *ranked = malloc((live ? live : 1) * sizeof *ranked);
  if (!edges || !ranked) {
    free(edges);
    free(ranked);
    return NULL;
  }
  size_t at = 0;
  *ranked_count = 0;
  for (size_t c = 0; c < f->clause_count; c++) {
    if (f->clauses[c].dead)
      continue;
    const int *lits = literals_of(f, c);
    for (int i = 0; i < f->clauses[c].length; i++)
      for (int j = i + 1; j < f->clauses[c].length; j++) {
        int a = abs(lits[i]), b = abs(lits[j]);
        edges[at++] = (clause_edge){a < b ? a : b, a < b ? b : a, *ranked_count};
      }
    ranked[(*ranked_count)++] = (ranked_clause){c, 0};
  }
  /* An edge alone in its run of equal ones is made by one clause only. */
  qsort(edges, pairs, sizeof *edges, compare_edges);
  for (size_t i = 0; i < pairs;) {
    size_t j = i + 1;
    while (j < pairs && !compare_edges(&edges[i], &edges[j]))
      j++;
    if (j == i + 1)
      ranked[edges[i].rank].unique_edges++;
    i = j;
  }
  free(edges);
  qsort(ranked, *ranked_count, sizeof *ranked, compare_ranked);
  return ranked;
}

/* Removes clauses the others imply: clause i of the order is judged
 * against the kept ones and those not yet judged, each clause guarded by
 * a selector variable (variables + 1 + its rank) that the checks assume
 * false while it counts. 1 done, -1 out of memory. */
static int sparsify(formula *f) {
  size_t count = 0;
  ranked_clause *ranked = rank_clauses(f, &count);
  if (!ranked)
    return f->memory_failed = 1, -1;
  sat_oracle *oracle = sat_oracle_new(f->clock);
  if (!oracle) {
    free(ranked);
    return f->memory_failed = 1, -1;
  }
  for (size_t r = 0; r < count; r++) {
    const int *lits = literals_of(f, ranked[r].clause);
    for (int i = 0; i < f->clauses[ranked[r].clause].length; i++)
      sat_oracle_add(oracle, lits[i]);
    sat_oracle_add(oracle, f->variables + 1 + (int)r);
    sat_oracle_add(oracle, 0);
  }
  size_t assumptions = 0;
  int unknown = 0;
  start_step(f);
  for (size_t r = 0; r < count && !step_over(f, unknown, f->stats.redundant); r++) {
    assumptions += count - r;
    if (assumptions > SPARSIFY_ASSUMPTIONS)
      break;
    size_t c = ranked[r].clause;
    int selector = f->variables + 1 + (int)r, failed = 0;
    for (size_t later = r + 1; later < count; later++)
      failed |= sat_oracle_assume(oracle, -(f->variables + 1 + (int)later));
    const int *lits = literals_of(f, c);
    for (int i = 0; i < f->clauses[c].length; i++)
      failed |= sat_oracle_assume(oracle, -lits[i]);
    if (failed) {
      f->memory_failed = 1;
      break;
    }
    int answer = sat_oracle_solve(oracle, CHECK_DECISIONS), implied = answer == 0;
    unknown += answer < 0;
    if (implied) {
      f->clauses[c].dead = 1;
      f->stats.redundant++;
    }
    /* Settled for the checks to come: gone, or kept for good. */
    sat_oracle_add(oracle, implied ? selector : -selector);
    sat_oracle_add(oracle, 0);
  }
  sat_oracle_free(oracle);
  free(ranked);
  return f->memory_failed ? -1 : 1;
}

/* The primal graph of the live clauses: sorted neighbour lists, and how
 * many clauses hold each literal. */
typedef struct graph {
  int **neighbours;
  int *degree, *capacity;
  int *positive, *negative;
} graph;

static void graph_free(graph *g, int variables) {
  if (g->neighbours)
    for (int v = 0; v <= variables; v++)
      free(g->neighbours[v]);
  free(g->neighbours);
  free(g->degree);
  free(g->capacity);
  free(g->positive);
  free(g->negative);
}

static int compare_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int graph_build(const formula *f, graph *g) {
  size_t slots = (size_t)f->variables + 1;
  g->neighbours = calloc(slots, sizeof *g->neighbours);
  g->degree = calloc(slots, sizeof *g->degree);
  g->capacity = calloc(slots, sizeof *g->capacity);
  g->positive = calloc(slots, sizeof *g->positive);
  g->negative = calloc(slots, sizeof *g->negative);
  if (!g->neighbours || !g->degree || !g->capacity || !g->positive || !g->negative)
    return -1;
  for (size_t c = 0; c < f->clause_count; c++) {
    if (f->clauses[c].dead)
      continue;
    const int *lits = literals_of(f, c);
    int length = f->clauses[c].length;
    for (int i = 0; i < length; i++) {
      int v = abs(lits[i]);
      if (lits[i] > 0)
        g->positive[v]++;
      else
        g->negative[v]++;
      /* A variable with too many neighbours is no candidate: its list
       * stops growing past the bound (its degree still counts on). */
      for (int j = 0; j < length; j++) {
        if (j == i)
          continue;
        if (g->degree[v] <= HUB_NEIGHBOURS) {
          if (g->degree[v] == g->capacity[v]) {
            size_t capacity = (size_t)g->capacity[v];
            int *grown =
                grow_array(g->neighbours[v], &capacity, (size_t)g->degree[v] + 1, sizeof *grown, 8);
            if (!grown)
              return -1;
            g->neighbours[v] = grown;
            g->capacity[v] = (int)capacity;
          }
          g->neighbours[v][g->degree[v]] = abs(lits[j]);
        }
        g->degree[v]++;
      }
    }
  }
  for (int v = 1; v <= f->variables; v++) {
    if (g->degree[v] == 0 || g->degree[v] > HUB_NEIGHBOURS)
      continue; /* none, or left unsorted: never a candidate */
    qsort(g->neighbours[v], (size_t)g->degree[v], sizeof(int), compare_int);
    int unique = 0;
    for (int i = 0; i < g->degree[v]; i++)
      if (!unique || g->neighbours[v][unique - 1] != g->neighbours[v][i])
        g->neighbours[v][unique++] = g->neighbours[v][i];
    g->degree[v] = unique;
  }
  return 0;
}

static int adjacent(const graph *g, int a, int b) {
  return bsearch(&b, g->neighbours[a], (size_t)g->degree[a], sizeof(int), compare_int) != NULL;
}

/* Whether v's neighbours are pairwise neighbours, one of its literals is
 * in at most MAX_SIDE clauses, and it has at most MAX_NEIGHBOURS. */
static int is_candidate(const graph *g, int v) {
  int degree = g->degree[v];
  if (degree == 0 || degree > MAX_NEIGHBOURS)
    return 0;
  if (g->positive[v] > MAX_SIDE && g->negative[v] > MAX_SIDE)
    return 0;
  for (int i = 0; i < degree; i++) {
    int a = g->neighbours[v][i];
    if (g->degree[a] > HUB_NEIGHBOURS)
      return 0;
    for (int j = i + 1; j < degree; j++)
      if (!adjacent(g, a, g->neighbours[v][j]))
        return 0;
  }
  return 1;
}

/* Marks defined[v] for the projected candidates the formula defines,
 * by Padoa's test on one solver: the live clauses, and a copy of those
 * with a candidate or an unprojected variable in which each of these is
 * renamed (copy[v]); for every candidate a selector e that, assumed,
 * makes v and its copy equal. Candidate v is defined when the two copies
 * cannot take v = 1 and copy = 0 while agreeing on every other candidate
 * not found defined (the others agree by being shared). A candidate found
 * defined is left free in the later checks: each later one is then
 * defined by the variables left, whatever the eliminated ones were. */
static int find_defined(formula *f, const int *candidates, int candidate_count,
                        unsigned char *defined) {
  int n = f->variables;
  int *copy = calloc((size_t)n + 1, sizeof *copy);
  int *selector = calloc((size_t)n + 1, sizeof *selector);
  sat_oracle *oracle = copy && selector ? sat_oracle_new(f->clock) : NULL;
  if (!oracle) {
    free(copy);
    free(selector);
    return f->memory_failed = 1, -1;
  }
  int next = n;
  for (int i = 0; i < candidate_count; i++)
    copy[candidates[i]] = ++next;
  for (int v = 1; v <= n; v++)
    if (!f->projected[v])
      copy[v] = ++next;
  for (int i = 0; i < candidate_count; i++)
    selector[candidates[i]] = ++next;
  for (size_t c = 0; c < f->clause_count; c++) {
    if (f->clauses[c].dead)
      continue;
    const int *lits = literals_of(f, c);
    int length = f->clauses[c].length, renamed = 0;
    add_to_oracle(oracle, lits, length);
    for (int i = 0; i < length; i++)
      renamed |= copy[abs(lits[i])] != 0;
    if (!renamed)
      continue;
    for (int i = 0; i < length; i++) {
      int v = abs(lits[i]), w = copy[v] ? copy[v] : v;
      sat_oracle_add(oracle, lits[i] > 0 ? w : -w);
    }
    sat_oracle_add(oracle, 0);
  }
  for (int i = 0; i < candidate_count; i++) {
    int v = candidates[i], e = selector[v];
    add_to_oracle(oracle, (int[]){v, -copy[v], -e}, 3);
    add_to_oracle(oracle, (int[]){-v, copy[v], -e}, 3);
  }
  int found = 0, unknown = 0;
  start_step(f);
  for (int i = 0; i < candidate_count && !step_over(f, unknown, found); i++) {
    int v = candidates[i], failed = 0;
    failed |= sat_oracle_assume(oracle, v);
    failed |= sat_oracle_assume(oracle, -copy[v]);
    for (int j = 0; j < candidate_count; j++)
      if (j != i && !defined[candidates[j]])
        failed |= sat_oracle_assume(oracle, selector[candidates[j]]);
    if (failed) {
      f->memory_failed = 1;
      break;
    }
    int answer = sat_oracle_solve(oracle, CHECK_DECISIONS);
    unknown += answer < 0;
    if (answer == 0) {
      defined[v] = 1;
      found++;
    }
  }
  sat_oracle_free(oracle);
  free(copy);
  free(selector);
  return f->memory_failed ? -1 : found;
}

/* Replaces v's clauses by their resolvents on v. 1 done, 0 an empty
 * resolvent (no models), -1 out of memory. */
static int resolve_away(formula *f, int v, int **scratch, size_t *scratch_capacity) {
  size_t count = f->clause_count;
  /* Clauses with v first, with -v from the end. */
  size_t *with = malloc((count ? count : 1) * sizeof *with);
  if (!with)
    return f->memory_failed = 1, -1;
  size_t positive = 0, negative = count;
  for (size_t c = 0; c < count; c++) {
    if (f->clauses[c].dead)
      continue;
    const int *lits = literals_of(f, c);
    for (int i = 0; i < f->clauses[c].length; i++)
      if (abs(lits[i]) == v) {
        if (lits[i] > 0)
          with[positive++] = c;
        else
          with[--negative] = c;
        f->clauses[c].dead = 1;
        break;
      }
  }
  int result = 1;
  for (size_t i = 0; i < positive && result == 1; i++)
    for (size_t j = negative; j < count && result == 1; j++) {
      size_t a = with[i], b = with[j];
      const int *pa = literals_of(f, a), *pb = literals_of(f, b);
      int la = f->clauses[a].length, lb = f->clauses[b].length;
      size_t needed = (size_t)(la + lb);
      if (needed > *scratch_capacity) {
        int *grown = grow_array(*scratch, scratch_capacity, needed, sizeof *grown, 64);
        if (!grown) {
          result = -1;
          break;
        }
        *scratch = grown;
      }
      int length = 0;
      for (int k = 0; k < la; k++)
        if (pa[k] != v)
          (*scratch)[length++] = pa[k];
      for (int k = 0; k < lb; k++)
        if (pb[k] != -v)
          (*scratch)[length++] = pb[k];
      length = normalise(*scratch, length);
      if (length == 0)
        result = 0;
      else if (length > 0 && add_clause(f, *scratch, length))
        result = -1;
    }
  free(with);
  if (result < 0)
    f->memory_failed = 1;
  return result;
}

/* Rounds of: candidates found in the primal graph, the projected ones
 * tested for definability, every unprojected and defined one resolved
 * away. 1 done, 0 no models, -1 out of memory. */
static int eliminate_simplicial(formula *f, unsigned char *eliminated) {
  size_t literal_limit = GROWTH_LIMIT * live_literals(f) + 1024;
  int *candidates = malloc(((size_t)f->variables + 1) * sizeof *candidates);
  unsigned char *defined = calloc((size_t)f->variables + 1, 1);
  int *scratch = NULL;
  size_t scratch_capacity = 0;
  int result = candidates && defined ? 1 : -1;
  for (int round = 0; round < MAX_ROUNDS && result == 1; round++) {
    size_t literals_now = live_literals(f);
    if (search_clock_expired(f->clock) || literals_now > literal_limit)
      break;
    graph g = {0};
    if (graph_build(f, &g)) {
      graph_free(&g, f->variables);
      result = -1;
      break;
    }
    int projected_count = 0, gone = 0;
    for (int v = 1; v <= f->variables; v++)
      if (!eliminated[v] && is_candidate(&g, v)) {
        if (f->projected[v])
          candidates[projected_count++] = v;
        else
          defined[v] = 1; /* an unprojected variable needs no definition */
      }
    graph_free(&g, f->variables);
    if (projected_count && find_defined(f, candidates, projected_count, defined) < 0) {
      result = -1;
      break;
    }
    for (int v = 1; v <= f->variables && result == 1; v++) {
      if (!defined[v])
        continue;
      defined[v] = 0;
      /* Any defined variable may stay: the others are still defined. */
      if (search_clock_expired(f->clock) || literals_now > literal_limit)
        continue;
      size_t before = f->literal_count;
      result = resolve_away(f, v, &scratch, &scratch_capacity);
      literals_now += f->literal_count - before; /* an upper bound: resolved clauses left out */
      eliminated[v] = 1;
      f->stats.eliminated++;
      f->stats.defined += f->projected[v];
      gone++;
    }
    if (!gone)
      break;
  }
  free(candidates);
  free(defined);
  free(scratch);
  return f->memory_failed ? -1 : result;
}

int oracle_simplify(int variables, const unsigned char *projected, const int *literals,
                    size_t literal_count, const search_clock *clock, oracle_simplified *out,
                    oracle_simplify_stats *stats) {
  memset(out, 0, sizeof *out);
  /* The caller's clock, cut to MAX_SECONDS from now. */
  search_clock bounded = *clock;
  double left = clock->limit_seconds > 0 ? clock->limit_seconds - search_clock_elapsed(clock) : 0;
  search_clock_start(&bounded, NULL);
  bounded.interrupt = clock->interrupt;
  bounded.limit_seconds = clock->limit_seconds <= 0 || left >= MAX_SECONDS ? MAX_SECONDS
                          : left > 0                                       ? left
                                                                           : 1e-9;
  formula f = {.variables = variables, .projected = projected, .clock = &bounded};
  int result = 1;
  size_t begin = 0;
  for (size_t i = 0; i < literal_count && result == 1; i++) {
    if (literals[i])
      continue;
    /* Added as given, then normalised where it is stored. */
    if (add_clause(&f, literals + begin, (int)(i - begin))) {
      result = -1;
      break;
    }
    clause *added = &f.clauses[f.clause_count - 1];
    int length = normalise(literals_of(&f, f.clause_count - 1), added->length);
    if (length == 0)
      result = 0;
    added->length = length > 0 ? length : 0;
    added->dead = length < 0; /* a tautology */
    begin = i + 1;
  }
  out->eliminated = calloc((size_t)variables + 1, 1);
  if (!out->eliminated)
    result = -1;
  if (result == 1)
    result = strengthen(&f);
  int hard = result == 2;
  if (hard)
    result = 1;
  /* The clauses sparsification removes are put back when fewer variables
   * than that are eliminated after it: they cost the counter little in
   * its graph then, and their propagation saves it decisions (MCC 2022
   * track 1 instance 96: 861 implied clauses removed, nothing eliminated,
   * counted in 30 s instead of 10; track 3 instance 0: 606 removed, one
   * variable eliminated). One that mentions an eliminated variable stays
   * out; the others are implied by what is left, as they were by the
   * formula (they mention none of the variables resolved away). */
  unsigned char *removed = NULL;
  size_t clauses_before = f.clause_count;
  if (result == 1 && !hard) {
    removed = malloc(clauses_before ? clauses_before : 1);
    if (!removed)
      result = -1;
    for (size_t c = 0; c < clauses_before && removed; c++)
      removed[c] = (unsigned char)f.clauses[c].dead;
  }
  if (result == 1 && !hard)
    result = sparsify(&f);
  for (size_t c = 0; c < clauses_before && removed && result == 1; c++)
    removed[c] = !removed[c] && f.clauses[c].dead;
  if (result == 1 && !hard)
    result = eliminate_simplicial(&f, out->eliminated);
  if (result == 1 && !hard && f.stats.eliminated < f.stats.redundant) {
    for (size_t c = 0; c < clauses_before; c++) {
      if (!removed[c])
        continue;
      const int *lits = literals_of(&f, c);
      int mentions_eliminated = 0;
      for (int i = 0; i < f.clauses[c].length; i++)
        mentions_eliminated |= out->eliminated[abs(lits[i])];
      if (!mentions_eliminated) {
        f.clauses[c].dead = 0;
        f.stats.redundant--;
      }
    }
  }
  free(removed);
  if (result == 1) {
    size_t total = live_literals(&f) + f.clause_count;
    out->literals = malloc((total ? total : 1) * sizeof *out->literals);
    if (!out->literals)
      result = -1;
    for (size_t c = 0; c < f.clause_count && out->literals; c++) {
      if (f.clauses[c].dead)
        continue;
      memcpy(out->literals + out->literal_count, literals_of(&f, c),
             (size_t)f.clauses[c].length * sizeof *out->literals);
      out->literal_count += (size_t)f.clauses[c].length;
      out->literals[out->literal_count++] = 0;
    }
  }
  f.stats.seconds = search_clock_elapsed(&bounded);
  if (stats)
    *stats = f.stats;
  free(f.literals);
  free(f.clauses);
  if (result != 1)
    oracle_simplified_free(out);
  return result;
}

void oracle_simplified_free(oracle_simplified *simplified) {
  free(simplified->literals);
  free(simplified->eliminated);
  memset(simplified, 0, sizeof *simplified);
}
