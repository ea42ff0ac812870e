/* solver/cnf_symmetry.c - the symmetries of a CNF formula, found by sparse
 * nauty (McKay & Piperno, "Practical graph isomorphism, II", J. Symbolic
 * Computation 60, 2014) on the clause-literal graph that symmetry tools for
 * SAT use (Crawford, Ginsberg, Luks & Roy, KR 1996; Aloul, Markov &
 * Sakallah, "Shatter", DAC 2003; Darga, Liffiton, Sakallah & Markov,
 * "saucy", DAC 2004).
 *
 * Graph: node 2(v-1) is +v, 2(v-1)+1 is -v, 2V + (v-1) is variable v
 * (joined to +v and -v), then a node per clause of length other than 2,
 * joined to each of its distinct literals. A binary clause is an edge
 * between its two literals instead of a node: N-Queens pairwise formulas
 * are nearly all binary clauses, and the nodes they would need made N = 100
 * take 7 s instead of 0.3 s. Literal-literal edges are then exactly the
 * binary clauses, and complements are tied through a variable node (not
 * an edge of their own, which a binary clause could be confused with), so
 * every automorphism is a signed variable permutation that maps the clause
 * set onto itself, and each such permutation is one automorphism
 * (duplicate clauses are removed first). Colours: positive projection
 * literals, negative projection literals, the other literals, variables,
 * clauses; the first two being apart is what keeps projection literals from
 * mapping to negated ones (see cnf_symmetry.h).
 *
 * nauty reports generators through callbacks without a user pointer, so
 * one thread-local pointer carries the detection state to them. */
#include "cnf_symmetry.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cnf_orbit.h"
#include "grow.h"

#define ORDER_ENUMERATION_CAP 1000000u

static void set_error(char *error, size_t error_size, const char *message) {
  if (error && error_size)
    snprintf(error, error_size, "%s", message);
}

static void set_trivial(cnf_symmetry_group *group, int variables) {
  memset(group, 0, sizeof *group);
  group->variables = variables;
  group->order_mantissa = 1.0;
  group->projected_order = 1;
  snprintf(group->order_text, sizeof group->order_text, "1");
}

void cnf_symmetry_free(cnf_symmetry_group *group) {
  if (!group)
    return;
  for (int g = 0; g < group->generator_count; g++)
    free(group->generators[g]);
  free(group->generators);
  for (int g = 0; g < group->projected_generator_count; g++)
    free(group->projected_generators[g]);
  free(group->projected_generators);
  set_trivial(group, 0);
}

#ifdef NQSAT_HAVE_NAUTY
#include <nausparse.h>

static void format_order(cnf_symmetry_group *group) {
  double mantissa = group->order_mantissa;
  int exponent = group->order_exponent;
  if (mantissa <= 0) {
    snprintf(group->order_text, sizeof group->order_text, "unknown");
    return;
  }
  while (mantissa >= 10.0) {
    mantissa /= 10.0;
    exponent++;
  }
  if (exponent < 15) {
    double value = group->order_mantissa;
    for (int e = 0; e < group->order_exponent; e++)
      value *= 10.0;
    snprintf(group->order_text, sizeof group->order_text, "%.0f", value);
  } else {
    snprintf(group->order_text, sizeof group->order_text, "%.2fe+%02d", mantissa, exponent);
  }
}

static double seconds_since(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

static int is_projected(const cnf_formula_view *formula, int variable) {
  return !formula->projected || formula->projected[variable];
}

/* The rule of cnf_symmetry.h: the projection set maps to itself, and a
 * projection literal never to a negated one. */
static int keeps_projection(const cnf_formula_view *formula, const int *image) {
  for (int v = 1; v <= formula->variables; v++) {
    int target = abs(image[v]);
    if (is_projected(formula, v) != is_projected(formula, target))
      return 0;
    if (is_projected(formula, v) && image[v] < 0)
      return 0;
  }
  return 1;
}

/* Restricts the kept generators to the projection set, drops identities
 * and duplicates, and counts the projected group's elements. */
static nq_status project_generators(const cnf_formula_view *formula, cnf_symmetry_group *group) {
  int variables = formula->variables;
  group->projected_generators = calloc((size_t)group->generator_count + 1, sizeof(int *));
  if (!group->projected_generators)
    return NQ_ERR_MEMORY;
  for (int g = 0; g < group->generator_count; g++) {
    int *restricted = malloc(((size_t)variables + 1) * sizeof(int));
    if (!restricted)
      return NQ_ERR_MEMORY;
    int moves = 0;
    restricted[0] = 0;
    for (int v = 1; v <= variables; v++) {
      restricted[v] = is_projected(formula, v) ? abs(group->generators[g][v]) : v;
      moves |= restricted[v] != v;
    }
    int duplicate = 0;
    for (int h = 0; h < group->projected_generator_count && !duplicate; h++)
      duplicate = !memcmp(group->projected_generators[h], restricted,
                          ((size_t)variables + 1) * sizeof(int));
    if (!moves || duplicate) {
      free(restricted);
      continue;
    }
    group->projected_generators[group->projected_generator_count++] = restricted;
  }
  /* The group order on the projection points 0..k-1. */
  int *position = malloc(((size_t)variables + 1) * sizeof(int));
  int **maps = calloc((size_t)group->projected_generator_count + 1, sizeof(int *));
  nq_status status = position && maps ? NQ_OK : NQ_ERR_MEMORY;
  int k = 0;
  for (int v = 1; v <= variables && status == NQ_OK; v++)
    position[v] = is_projected(formula, v) ? k++ : -1;
  for (int h = 0; h < group->projected_generator_count && status == NQ_OK; h++) {
    maps[h] = malloc(((size_t)k + 1) * sizeof(int));
    if (!maps[h]) {
      status = NQ_ERR_MEMORY;
      break;
    }
    for (int v = 1; v <= variables; v++)
      if (position[v] >= 0)
        maps[h][position[v]] = position[group->projected_generators[h][v]];
  }
  /* With every variable projected, restriction loses nothing (a kept
   * symmetry moves no variable to a negated one), so nauty's order is the
   * projected order: no need to list the elements. nauty keeps it as a
   * double times 10^k once past 10^10, so it is rounded, and trusted only
   * below 2^53. */
  double full_order = group->order_mantissa;
  for (int e = 0; e < group->order_exponent; e++)
    full_order *= 10.0;
  if (status == NQ_OK && k == variables && full_order >= 1)
    group->projected_order = full_order < 9007199254740992.0 ? (uint64_t)(full_order + 0.5) : 0;
  else if (status == NQ_OK)
    group->projected_order = cnf_permutation_group_order(
        k, group->projected_generator_count, (const int *const *)maps, ORDER_ENUMERATION_CAP);
  for (int h = 0; maps && h < group->projected_generator_count; h++)
    free(maps[h]);
  free(maps);
  free(position);
  return status;
}

int cnf_symmetry_available(void) { return 1; }

typedef struct detection {
  const cnf_formula_view *formula;
  cnf_symmetry_group *group;
  size_t capacity; /* of group->generators */
  int dropped;     /* generators that broke the projection rule */
  struct timespec start;
  double time_limit;
  const volatile sig_atomic_t *stop; /* the caller's interrupt flag, or NULL */
  int timed_out;
  int out_of_memory;
} detection;

static _Thread_local detection *active_detection;

static void stop_nauty(void) { nauty_kill_request = 1; }

static void check_clock(void) {
  detection *d = active_detection;
  if (d &&
      ((d->stop && *d->stop) || (d->time_limit > 0 && seconds_since(&d->start) > d->time_limit))) {
    d->timed_out = 1;
    stop_nauty();
  }
}

static void on_node(graph *g, int *lab, int *ptn, int level, int numcells, int tc, int code, int m,
                    int n) {
  (void)g, (void)lab, (void)ptn, (void)level, (void)numcells, (void)tc, (void)code, (void)m,
      (void)n;
  check_clock();
}

static int literal_of_node(int node) { return node % 2 ? -(node / 2 + 1) : node / 2 + 1; }

static void on_automorphism(int count, int *permutation, int *orbits, int orbit_count,
                            int stabilised, int n) {
  (void)count, (void)orbits, (void)orbit_count, (void)stabilised, (void)n;
  detection *d = active_detection;
  if (!d || d->out_of_memory)
    return;
  int variables = d->formula->variables;
  int *image = malloc(((size_t)variables + 1) * sizeof(int));
  if (!image) {
    d->out_of_memory = 1;
    stop_nauty();
    return;
  }
  image[0] = 0;
  int consistent = 1;
  for (int v = 1; v <= variables; v++) {
    image[v] = literal_of_node(permutation[2 * (v - 1)]);
    consistent &= literal_of_node(permutation[2 * (v - 1) + 1]) == -image[v];
  }
  if (!consistent || !keeps_projection(d->formula, image)) {
    d->dropped++;
    free(image);
    return;
  }
  cnf_symmetry_group *group = d->group;
  if ((size_t)group->generator_count == d->capacity) {
    int **grown = grow_array(group->generators, &d->capacity, d->capacity + 1, sizeof *grown, 8);
    if (!grown) {
      free(image);
      d->out_of_memory = 1;
      stop_nauty();
      return;
    }
    group->generators = grown;
  }
  group->generators[group->generator_count++] = image;
  check_clock();
}

/* Counts the group of the kept generators on the 2*variables literals,
 * for the case (which the colouring should rule out) that nauty's group
 * was larger than theirs. */
static void recount_order(cnf_symmetry_group *group) {
  int points = 2 * group->variables;
  int **maps = calloc((size_t)group->generator_count + 1, sizeof(int *));
  int ok = maps != NULL;
  for (int g = 0; ok && g < group->generator_count; g++) {
    maps[g] = malloc(((size_t)points + 1) * sizeof(int));
    ok = maps[g] != NULL;
    for (int v = 1; ok && v <= group->variables; v++) {
      int target = group->generators[g][v];
      int node = 2 * (abs(target) - 1);
      maps[g][2 * (v - 1)] = target > 0 ? node : node + 1;
      maps[g][2 * (v - 1) + 1] = target > 0 ? node + 1 : node;
    }
  }
  uint64_t order = ok ? cnf_permutation_group_order(points, group->generator_count,
                                                    (const int *const *)maps, ORDER_ENUMERATION_CAP)
                      : 0;
  for (int g = 0; maps && g < group->generator_count; g++)
    free(maps[g]);
  free(maps);
  group->order_mantissa = (double)order; /* 0: too many to count, "unknown" */
  group->order_exponent = 0;
}

typedef struct clause_graph {
  sparsegraph graph;
  int *lab, *ptn, *orbits;
} clause_graph;

static void free_clause_graph(clause_graph *cg) {
  free(cg->graph.v);
  free(cg->graph.d);
  free(cg->graph.e);
  free(cg->lab);
  free(cg->ptn);
  free(cg->orbits);
}

/* Clauses as sets: each clause's distinct literals as sorted node ids
 * (2(v-1) for +v, 2(v-1)+1 for -v), duplicate clauses removed: two clause
 * nodes with the same neighbours could swap while every literal stays put,
 * and nauty would count that as a symmetry (doubling the order). */
typedef struct clause_sets {
  int *nodes;    /* every clause's literal nodes, one after another */
  size_t *start; /* [count + 1] */
  size_t count;
} clause_sets;

static int compare_nodes(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static uint64_t hash_clause(const int *nodes, size_t length) {
  uint64_t hash = 0x9e3779b97f4a7c15u ^ length;
  for (size_t i = 0; i < length; i++) {
    hash = (hash ^ (uint64_t)(unsigned)nodes[i]) * 0xbf58476d1ce4e5b9u;
    hash ^= hash >> 31;
  }
  hash ^= hash >> 30; /* splitmix64's finaliser */
  hash *= 0x94d049bb133111ebu;
  return hash ^ (hash >> 31);
}

/* Graph building checks the clock and the stop flag every 2^16 clauses,
 * so a huge file stops near its limit, or soon after Ctrl-C, before nauty
 * even starts. */
typedef struct deadline {
  struct timespec start;
  double seconds;                    /* <= 0: none */
  const volatile sig_atomic_t *stop; /* NULL: none */
} deadline;

static int past(const deadline *limit) {
  return (limit->stop && *limit->stop) ||
         (limit->seconds > 0 && seconds_since(&limit->start) > limit->seconds);
}

static nq_status timed_out(const deadline *limit, char *error, size_t error_size) {
  if (limit->stop && *limit->stop)
    snprintf(error, error_size, "symmetry: detection stopped (interrupted)");
  else
    snprintf(error, error_size, "symmetry: detection stopped at its time limit (%g s)",
             limit->seconds);
  return NQ_ERR_INTERRUPTED;
}

static nq_status read_clause_sets(const cnf_formula_view *formula, const deadline *limit,
                                  clause_sets *sets, char *error, size_t error_size) {
  int variables = formula->variables;
  size_t clauses = 0;
  for (size_t i = 0; i < formula->literal_count; i++) {
    int literal = formula->literals[i];
    if (literal == 0) {
      clauses++;
    } else if (literal < -variables || literal > variables) {
      set_error(error, error_size, "symmetry: a literal is outside 1..variables");
      return NQ_ERR_ARGUMENT;
    }
  }
  if (formula->literal_count && formula->literals[formula->literal_count - 1] != 0) {
    set_error(error, error_size, "symmetry: the last clause does not end with 0");
    return NQ_ERR_ARGUMENT;
  }
  if ((size_t)variables > (size_t)(INT_MAX / 4) ||
      3 * (size_t)variables + clauses > (size_t)INT_MAX) { /* nauty numbers nodes with int */
    set_error(error, error_size, "symmetry: formula too large for the graph");
    return NQ_ERR_ARGUMENT;
  }
  size_t literal_nodes = 2 * (size_t)variables;
  int *all = malloc((formula->literal_count + 1) * sizeof(int));
  size_t *start = malloc((clauses + 1) * sizeof(size_t));
  int *seen = malloc((literal_nodes + 1) * sizeof(int)); /* clause that last used a node */
  if (!all || !start || !seen) {
    free(all);
    free(start);
    free(seen);
    set_error(error, error_size, "symmetry: out of memory building the graph");
    return NQ_ERR_MEMORY;
  }
  for (size_t i = 0; i < literal_nodes; i++)
    seen[i] = -1;
  size_t filled = 0, clause = 0;
  start[0] = 0;
  for (size_t i = 0; i < formula->literal_count; i++) {
    int literal = formula->literals[i];
    if (!literal) {
      qsort(all + start[clause], filled - start[clause], sizeof(int), compare_nodes);
      start[++clause] = filled;
      if (clause % 65536 == 0 && past(limit)) {
        free(all);
        free(start);
        free(seen);
        return timed_out(limit, error, error_size);
      }
      continue;
    }
    int node = 2 * (abs(literal) - 1) + (literal < 0);
    if (seen[node] == (int)clause)
      continue;
    seen[node] = (int)clause;
    all[filled++] = node;
  }
  free(seen);
  /* Keep each clause's first occurrence: a hash table of kept clauses
   * (kept index + 1, 0 = empty), linear probing. */
  size_t slot_count = 16;
  while (slot_count < 2 * clauses + 2)
    slot_count *= 2;
  size_t *slots = calloc(slot_count, sizeof *slots);
  uint64_t *hashes = malloc((clauses + 1) * sizeof *hashes); /* of kept clauses */
  int *nodes = malloc((filled + 1) * sizeof(int));
  size_t *kept_start = malloc((clauses + 1) * sizeof(size_t));
  nq_status status = NQ_OK;
  size_t kept = 0, copied = 0;
  if (!slots || !hashes || !nodes || !kept_start) {
    set_error(error, error_size, "symmetry: out of memory building the graph");
    status = NQ_ERR_MEMORY;
    goto release;
  }
  kept_start[0] = 0;
  for (size_t c = 0; c < clauses; c++) {
    if (c % 65536 == 65535 && past(limit)) {
      status = timed_out(limit, error, error_size);
      goto release;
    }
    const int *members = all + start[c];
    size_t length = start[c + 1] - start[c];
    uint64_t hash = hash_clause(members, length);
    size_t slot = (size_t)hash & (slot_count - 1);
    int repeated = 0;
    for (; slots[slot] && !repeated; slot = (slot + 1) & (slot_count - 1)) {
      size_t other = slots[slot] - 1;
      repeated = hashes[other] == hash && kept_start[other + 1] - kept_start[other] == length &&
                 !memcmp(nodes + kept_start[other], members, length * sizeof(int));
    }
    if (repeated)
      continue;
    slots[slot] = kept + 1;
    hashes[kept] = hash;
    memcpy(nodes + copied, members, length * sizeof(int));
    copied += length;
    kept_start[++kept] = copied;
  }
  sets->nodes = nodes;
  sets->start = kept_start;
  sets->count = kept;
  nodes = NULL, kept_start = NULL; /* now the caller's */
release:
  free(slots);
  free(hashes);
  free(nodes);
  free(kept_start);
  free(all);
  free(start);
  return status;
}

static nq_status build_graph(const cnf_formula_view *formula, const deadline *limit,
                             clause_graph *cg, char *error, size_t error_size) {
  clause_sets sets;
  nq_status status = read_clause_sets(formula, limit, &sets, error, error_size);
  if (status != NQ_OK)
    return status;
  int variables = formula->variables;
  size_t literal_nodes = 2 * (size_t)variables, variable_nodes = (size_t)variables;
  size_t clause_nodes = 0;
  for (size_t c = 0; c < sets.count; c++)
    clause_nodes += sets.start[c + 1] - sets.start[c] != 2;
  size_t nodes = literal_nodes + variable_nodes + clause_nodes;
  size_t edges = 2 * literal_nodes + 2 * sets.start[sets.count]; /* each edge twice */
  int *degree = calloc(nodes + 1, sizeof(int));
  size_t *offset = malloc((nodes + 1) * sizeof(size_t));
  int *adjacency = malloc((edges + 1) * sizeof(int));
  cg->lab = malloc((nodes + 1) * sizeof(int));
  cg->ptn = malloc((nodes + 1) * sizeof(int));
  cg->orbits = malloc((nodes + 1) * sizeof(int));
  if (!degree || !offset || !adjacency || !cg->lab || !cg->ptn || !cg->orbits) {
    free(degree);
    free(offset);
    free(adjacency);
    free(sets.nodes);
    free(sets.start);
    set_error(error, error_size, "symmetry: out of memory building the graph");
    return NQ_ERR_MEMORY;
  }
  /* Two passes over the same edges: count degrees, then fill. */
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      size_t total = 0;
      for (size_t i = 0; i < nodes; i++) {
        offset[i] = total;
        total += (size_t)degree[i];
      }
      memset(degree, 0, (nodes + 1) * sizeof(int));
    }
#define JOIN(a, b)                                                                                 \
  do {                                                                                             \
    size_t a_ = (a), b_ = (b);                                                                     \
    if (pass == 1) {                                                                               \
      adjacency[offset[a_] + (size_t)degree[a_]] = (int)b_;                                        \
      adjacency[offset[b_] + (size_t)degree[b_]] = (int)a_;                                        \
    }                                                                                              \
    degree[a_]++;                                                                                  \
    degree[b_]++;                                                                                  \
  } while (0)
    for (size_t v = 0; v < variable_nodes; v++) {
      JOIN(literal_nodes + v, 2 * v);
      JOIN(literal_nodes + v, 2 * v + 1);
    }
    size_t clause_node = literal_nodes + variable_nodes;
    for (size_t c = 0; c < sets.count; c++) {
      const int *members = sets.nodes + sets.start[c];
      size_t length = sets.start[c + 1] - sets.start[c];
      if (length == 2) {
        JOIN((size_t)members[0], (size_t)members[1]);
        continue;
      }
      for (size_t i = 0; i < length; i++)
        JOIN(clause_node, (size_t)members[i]);
      clause_node++;
    }
#undef JOIN
  }
  free(sets.nodes);
  free(sets.start);
  cg->graph.nv = (int)nodes;
  cg->graph.nde = edges;
  cg->graph.v = offset;
  cg->graph.vlen = nodes + 1;
  cg->graph.d = degree;
  cg->graph.dlen = nodes + 1;
  cg->graph.e = adjacency;
  cg->graph.elen = edges + 1;
  /* Colour cells, in this order, empty ones skipped: positive projection
   * literals, negative projection literals, other literals, variables,
   * clauses. */
  size_t filled = 0;
  for (int cell = 0; cell < 5; cell++) {
    size_t cell_start = filled;
    if (cell < 3) {
      for (int v = 1; v <= variables; v++) {
        int projected = is_projected(formula, v);
        if (cell == 0 && projected)
          cg->lab[filled++] = 2 * (v - 1);
        if (cell == 1 && projected)
          cg->lab[filled++] = 2 * (v - 1) + 1;
        if (cell == 2 && !projected) {
          cg->lab[filled++] = 2 * (v - 1);
          cg->lab[filled++] = 2 * (v - 1) + 1;
        }
      }
    } else if (cell == 3) {
      for (size_t v = 0; v < variable_nodes; v++)
        cg->lab[filled++] = (int)(literal_nodes + v);
    } else {
      for (size_t c = 0; c < clause_nodes; c++)
        cg->lab[filled++] = (int)(literal_nodes + variable_nodes + c);
    }
    for (size_t i = cell_start; i < filled; i++)
      cg->ptn[i] = i + 1 < filled;
  }
  return NQ_OK;
}

static nq_status run_nauty(const cnf_formula_view *formula, double time_limit,
                           const volatile sig_atomic_t *stop, cnf_symmetry_group *group,
                           struct timespec start, char *error, size_t error_size) {
  clause_graph cg;
  memset(&cg, 0, sizeof cg);
  SG_INIT(cg.graph);
  deadline limit = {start, time_limit, stop};
  nq_status status = build_graph(formula, &limit, &cg, error, error_size);
  if (status != NQ_OK) {
    free_clause_graph(&cg);
    return status;
  }
  detection d;
  memset(&d, 0, sizeof d);
  d.formula = formula;
  d.group = group;
  d.start = start;
  d.time_limit = time_limit;
  d.stop = stop;
  if (past(&limit))
    d.timed_out = 1;
  if (!d.timed_out) {
    DEFAULTOPTIONS_SPARSEGRAPH(options);
    statsblk stats;
    options.defaultptn = FALSE;
    options.getcanon = FALSE;
    options.userautomproc = on_automorphism;
    options.usernodeproc = on_node;
    nausparse_check(WORDSIZE, SETWORDSNEEDED(cg.graph.nv), cg.graph.nv, NAUTYVERSIONID);
    nauty_kill_request = 0;
    active_detection = &d;
    sparsenauty(&cg.graph, cg.lab, cg.ptn, cg.orbits, &options, &stats, NULL);
    active_detection = NULL;
    nauty_kill_request = 0;
    nauty_freedyn();
    nausparse_freedyn();
    nautil_freedyn();
    if (!d.timed_out && !d.out_of_memory && stats.errstatus) {
      snprintf(error, error_size, "symmetry: nauty failed (status %d)", stats.errstatus);
      status = NQ_ERR_SOLVER;
    }
    group->order_mantissa = stats.grpsize1;
    group->order_exponent = stats.grpsize2;
  }
  free_clause_graph(&cg);
  if (status != NQ_OK)
    return status;
  if (d.out_of_memory) {
    set_error(error, error_size, "symmetry: out of memory storing generators");
    return NQ_ERR_MEMORY;
  }
  if (d.timed_out)
    return timed_out(&limit, error, error_size);
  if (d.dropped)
    recount_order(group);
  return NQ_OK;
}

nq_status cnf_symmetry_detect(const cnf_formula_view *formula, double time_limit,
                              const volatile sig_atomic_t *stop, cnf_symmetry_group *group,
                              char *error, size_t error_size) {
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  set_error(error, error_size, "");
  if (!formula || !group || formula->variables < 0 ||
      (!formula->literals && formula->literal_count)) {
    if (group)
      set_trivial(group, 0);
    set_error(error, error_size, "symmetry: invalid formula");
    return NQ_ERR_ARGUMENT;
  }
  set_trivial(group, formula->variables);
  nq_status status = NQ_OK;
  if (formula->variables > 0)
    status = run_nauty(formula, time_limit, stop, group, start, error, error_size);
  if (status == NQ_OK) {
    status = project_generators(formula, group);
    if (status != NQ_OK)
      set_error(error, error_size, "symmetry: out of memory");
  }
  if (status != NQ_OK) {
    cnf_symmetry_free(group);
    group->variables = formula->variables;
  }
  format_order(group);
  group->seconds = seconds_since(&start);
  return status;
}

#else /* built without nauty */

int cnf_symmetry_available(void) { return 0; }

nq_status cnf_symmetry_detect(const cnf_formula_view *formula, double time_limit,
                              const volatile sig_atomic_t *stop, cnf_symmetry_group *group,
                              char *error, size_t error_size) {
  (void)time_limit;
  (void)stop;
  if (group)
    set_trivial(group, formula ? formula->variables : 0);
  set_error(error, error_size, "symmetry detection not available (built without nauty)");
  return group ? NQ_OK : NQ_ERR_ARGUMENT;
}
#endif
