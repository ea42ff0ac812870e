/* The tree decomposition behind the component counter's branching
 * (solver/count_tree_decomposition.c), checked by an independent test of
 * the definition on random graphs: every vertex in its own bag, every
 * edge inside some bag, the bags holding a vertex connected in the tree
 * (k of them joined by k - 1 tree edges), the parents a forest whose
 * depths match, each root a centroid of its tree (no part left by its
 * removal holds more than half the tree's nodes), each vertex's level the
 * least depth of a node holding it, the width the largest bag less one.
 * The checker is shown to catch a wrong decomposition (a bag member
 * removed, a parent moved). Widths: the search within a budget never
 * wider than min-degree alone (no budget) on random graphs, and on graphs
 * of known treewidth (typed from their definitions: a tree 1, a cycle 2, a
 * clique k - 1, a k x k grid k) never below it, exactly it on trees,
 * cycles and cliques, and on grids it reaches k where min-degree does not;
 * the limits give up; the same graph always gives the same decomposition.
 * Then the counter, whose branching follows the decomposition, against
 * brute force on random formulas with and without a projection. */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "count_tree_decomposition.h"
#include "nqsat/cnf.h"
#include "nqsat/component_count.h"

static uint64_t state = 0x2545f4914f6cdd1du;
static unsigned random_below(unsigned bound) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (unsigned)(state % bound);
}

enum { MAX_VERTICES = 48, MAX_GROUPS = 400 };

typedef struct graph {
  int vertices;
  int groups[MAX_GROUPS * 4]; /* cliques of 2 or 3 vertices, each ended by 0 */
  size_t length;
} graph;

static int in_bag(const tree_decomposition *d, int node, int vertex) {
  for (int k = d->bag_start[node]; k < d->bag_start[node + 1]; k++)
    if (d->bags[k] == vertex)
      return 1;
  return 0;
}

static int has_ancestor(const tree_decomposition *d, int node, int ancestor) {
  for (int steps = 0; node && steps <= d->vertices; steps++, node = d->parent[node])
    if (node == ancestor)
      return 1;
  return 0;
}

static int root_of(const tree_decomposition *d, int node) {
  for (int steps = 0; d->parent[node] && steps <= d->vertices; steps++)
    node = d->parent[node];
  return node;
}

/* 0 when `d` is a tree decomposition of `g` of the width it claims, else
 * the number of the first property that fails. */
static int violation(const graph *g, const tree_decomposition *d) {
  int n = g->vertices, largest = 0;
  for (int v = 1; v <= n; v++) {
    if (!in_bag(d, v, v))
      return 1;
    int size = d->bag_start[v + 1] - d->bag_start[v];
    if (size > largest)
      largest = size;
  }
  if (n && largest - 1 != d->width)
    return 2;
  for (size_t begin = 0, i = 0; i < g->length; i++) {
    if (g->groups[i])
      continue;
    for (size_t a = begin; a < i; a++)
      for (size_t b = a + 1; b < i; b++) {
        int covered = 0;
        for (int node = 1; node <= n && !covered; node++)
          covered = in_bag(d, node, g->groups[a]) && in_bag(d, node, g->groups[b]);
        if (!covered)
          return 3;
      }
    begin = i + 1;
  }
  for (int v = 1; v <= n; v++) { /* a forest: following parents ends, depths agree */
    int steps = 0, at = v;
    while (d->parent[at] && steps <= n)
      at = d->parent[at], steps++;
    if (steps > n || d->depth[v] != steps)
      return 4;
  }
  for (int x = 1; x <= n; x++) { /* levels: the least depth holding x */
    int least = -1;
    for (int node = 1; node <= n; node++)
      if (in_bag(d, node, x) && (least < 0 || d->depth[node] < least))
        least = d->depth[node];
    if (d->level[x] != least || d->level[x] > d->max_level)
      return 6;
  }
  for (int root = 1; root <= n; root++) { /* roots are centroids */
    if (d->parent[root])
      continue;
    int tree = 0;
    for (int v = 1; v <= n; v++)
      tree += root_of(d, v) == root;
    for (int child = 1; child <= n; child++) {
      if (d->parent[child] != root)
        continue;
      int below = 0;
      for (int v = 1; v <= n; v++)
        below += has_ancestor(d, v, child);
      if (2 * below > tree)
        return 7;
    }
  }
  for (int x = 1; x <= n; x++) { /* running intersection */
    int holding = 0, joined = 0;
    for (int node = 1; node <= n; node++) {
      if (!in_bag(d, node, x))
        continue;
      holding++;
      joined += d->parent[node] && in_bag(d, d->parent[node], x);
    }
    if (joined != holding - 1)
      return 5;
  }
  return 0;
}

static void add_group(graph *g, int a, int b, int c) {
  g->groups[g->length++] = a;
  g->groups[g->length++] = b;
  if (c)
    g->groups[g->length++] = c;
  g->groups[g->length++] = 0;
}

static void random_graph(graph *g) {
  g->vertices = 1 + (int)random_below(MAX_VERTICES);
  g->length = 0;
  int groups = (int)random_below((unsigned)(g->vertices * 2 + 1));
  for (int i = 0; i < groups && i < MAX_GROUPS; i++) {
    int a = 1 + (int)random_below((unsigned)g->vertices);
    int b = 1 + (int)random_below((unsigned)g->vertices);
    int c = random_below(2) ? 1 + (int)random_below((unsigned)g->vertices) : 0;
    add_group(g, random_below(2) ? a : -a, b, c); /* signs are ignored */
  }
  for (size_t i = 0; i < g->length; i++)
    g->groups[i] = abs(g->groups[i]);
}

/* The checker must fail on a corrupted copy: a bag member dropped, or a
 * node hung under another parent. */
static int corrupted_caught;
static void check_checker(const graph *g, tree_decomposition *d) {
  for (int v = 1; v <= g->vertices; v++) {
    int size = d->bag_start[v + 1] - d->bag_start[v];
    if (size < 2 || !d->parent[v])
      continue; /* a node with a neighbour in its bag, below another */
    int *last = &d->bags[d->bag_start[v + 1] - 1], kept = *last;
    *last = v; /* the last neighbour replaced by the vertex itself */
    int found = violation(g, d);
    *last = kept;
    CHECK(found != 0, "a bag of %d with a neighbour dropped passed the check", v);
    corrupted_caught += found != 0;
    int parent = d->parent[v];
    d->parent[v] = 0; /* cut from its parent, which shares a vertex with it */
    found = violation(g, d);
    d->parent[v] = parent;
    CHECK(found != 0, "node %d cut from its parent passed the check", v);
    corrupted_caught += found != 0;
    return;
  }
}

static void check_random_graphs(void) {
  static graph g;
  int narrower = 0;
  for (int round = 0; round < 400; round++) {
    random_graph(&g);
    tree_decomposition d;
    int built = tree_decomposition_build(g.vertices, g.groups, g.length, MAX_VERTICES, 1u << 30,
                                         1u << 16, 0, &d);
    CHECK(built == 1, "round %d: not built (%d)", round, built);
    if (built != 1)
      continue;
    int found = violation(&g, &d);
    CHECK(found == 0, "round %d: %d vertices, property %d fails", round, g.vertices, found);
    if (round % 20 == 0)
      check_checker(&g, &d);
    tree_decomposition plain, again;
    CHECK(tree_decomposition_build(g.vertices, g.groups, g.length, MAX_VERTICES, 1u << 30, 0, 0,
                                   &plain) == 1,
          "round %d: min-degree alone not built", round);
    CHECK(violation(&g, &plain) == 0, "round %d: min-degree alone not a decomposition", round);
    CHECK(d.width <= plain.width, "round %d: width %d, min-degree alone %d", round, d.width,
          plain.width);
    narrower += d.width < plain.width;
    CHECK(tree_decomposition_build(g.vertices, g.groups, g.length, MAX_VERTICES, 1u << 30, 1u << 16,
                                   0, &again) == 1 &&
              again.width == d.width &&
              memcmp(again.order, d.order, (size_t)g.vertices * sizeof *d.order) == 0,
          "round %d: the same graph gave another decomposition", round);
    tree_decomposition_free(&plain);
    tree_decomposition_free(&again);
    tree_decomposition_free(&d);
  }
  CHECK(corrupted_caught >= 20, "only %d corruptions tried", corrupted_caught);
  printf("random graphs: %d of 400 narrower than min-degree alone\n", narrower);
}

static int width_of(const graph *g, int max_width, uint64_t max_steps, uint64_t improve_steps,
                    int improve_above) {
  tree_decomposition d;
  int built = tree_decomposition_build(g->vertices, g->groups, g->length, max_width, max_steps,
                                       improve_steps, improve_above, &d);
  if (built != 1)
    return built == 0 ? -1 : -2;
  int wrong = violation(g, &d);
  CHECK(wrong == 0, "known graph of %d vertices: property %d fails", g->vertices, wrong);
  int width = d.width;
  tree_decomposition_free(&d);
  return width;
}

static void check_known_widths(void) {
  static graph g;
  /* A random tree: width 1 (min-degree takes the leaves first). */
  g.vertices = 40;
  g.length = 0;
  for (int v = 2; v <= g.vertices; v++)
    add_group(&g, v, 1 + (int)random_below((unsigned)(v - 1)), 0);
  CHECK(width_of(&g, 10, 1u << 30, 0, 0) == 1, "a tree has width 1");
  CHECK(width_of(&g, 10, 1u << 30, 1u << 20, 0) == 1, "a tree has width 1 (with the search)");
  /* A cycle of 30: 2. */
  g.vertices = 30;
  g.length = 0;
  for (int v = 1; v <= 30; v++)
    add_group(&g, v, v % 30 + 1, 0);
  CHECK(width_of(&g, 10, 1u << 30, 0, 0) == 2, "a cycle has width 2");
  CHECK(width_of(&g, 10, 1u << 30, 1u << 20, 0) == 2, "a cycle has width 2 (with the search)");
  /* A clique of 12: 11, and giving up below it or on too few steps. */
  g.vertices = 12;
  g.length = 0;
  for (int a = 1; a <= 12; a++)
    for (int b = a + 1; b <= 12; b++)
      add_group(&g, a, b, 0);
  CHECK(width_of(&g, 11, 1u << 30, 0, 0) == 11, "K12 has width 11");
  CHECK(width_of(&g, 11, 1u << 30, 1u << 20, 0) == 11, "K12 has width 11 (with the search)");
  CHECK(width_of(&g, 10, 1u << 30, 0, 0) == -1, "K12 past a limit of 10 gives up");
  CHECK(width_of(&g, 11, 50, 0, 0) == -1, "K12 in 50 steps gives up");
  /* A clause wider than the limit gives up before any elimination. */
  g.vertices = 5;
  g.length = 0;
  for (int v = 1; v <= 5; v++)
    g.groups[g.length++] = v;
  g.groups[g.length++] = 0;
  CHECK(width_of(&g, 3, 1u << 30, 0, 0) == -1, "a clause of 5 past a limit of 3 gives up");
  CHECK(width_of(&g, 4, 1u << 30, 0, 0) == 4, "a clause of 5 has width 4");
}

/* A k x k grid: (row, column) is vertex row * k + column + 1, joined to
 * its right and lower neighbours. Its treewidth is k (Robertson &
 * Seymour), so no decomposition is narrower; min-degree ties can do worse,
 * and the search within a budget must never be wider than min-degree. */
static void check_grids(void) {
  static graph g;
  int reached = 0, plain_reached = 0;
  for (int k = 2; k <= 9; k++) {
    g.vertices = k * k;
    g.length = 0;
    for (int row = 0; row < k; row++)
      for (int column = 0; column < k; column++) {
        int v = row * k + column + 1;
        if (column + 1 < k)
          add_group(&g, v, v + 1, 0);
        if (row + 1 < k)
          add_group(&g, v, v + k, 0);
      }
    int plain = width_of(&g, g.vertices, 1u << 30, 0, 0);
    int searched = width_of(&g, g.vertices, 1u << 30, 1u << 22, 0);
    CHECK(plain >= k && searched >= k, "%dx%d grid: widths %d and %d below its treewidth", k, k,
          plain, searched);
    CHECK(searched <= plain, "%dx%d grid: width %d, min-degree alone %d", k, k, searched, plain);
    printf("%dx%d grid: min-degree %d, with the search %d\n", k, k, plain, searched);
    reached += searched == k;
    plain_reached += plain == k;
    /* The search runs only past improve_above: at min-degree's width it
     * is not tried, one below it is. */
    CHECK(width_of(&g, g.vertices, 1u << 30, 1u << 22, plain) == plain,
          "%dx%d grid: searched although min-degree's width %d is not over the threshold", k, k,
          plain);
    CHECK(width_of(&g, g.vertices, 1u << 30, 1u << 22, plain - 1) == searched,
          "%dx%d grid: not searched although min-degree's width %d is over the threshold", k, k,
          plain);
  }
  CHECK(reached > plain_reached, "the search reached the treewidth on %d grids, min-degree on %d",
        reached, plain_reached);
}

/* Models over the projected variables (all when projection is 0), by
 * trying every assignment. */
static uint64_t brute_force(const int *clauses, int length, int variables, uint32_t projected) {
  unsigned char *seen = calloc((size_t)1 << variables, 1);
  uint64_t models = 0;
  for (uint32_t bits = 0; bits < (1u << variables); bits++) {
    int ok = 1, satisfied = 0;
    for (int i = 0; i < length && ok; i++) {
      int l = clauses[i];
      if (!l) {
        ok = satisfied;
        satisfied = 0;
      } else if ((((bits >> (abs(l) - 1)) & 1) != 0) == (l > 0)) {
        satisfied = 1;
      }
    }
    if (ok && !seen[bits & projected]) {
      seen[bits & projected] = 1;
      models++;
    }
  }
  free(seen);
  return models;
}

/* Chains of short clauses over variables close in number (narrow: the
 * decomposition is used) with a few random long-range ones. */
static void check_counts(void) {
  static char text[1 << 14];
  int clauses[4 * 80], formulas = 0, used = 0;
  mpz_t count;
  mpz_init(count);
  for (int round = 0; round < 300; round++) {
    int variables = 8 + (int)random_below(11), count_clauses = variables + (int)random_below(20);
    int length = 0;
    size_t at = (size_t)snprintf(text, sizeof text, "p cnf %d %d\n", variables, count_clauses);
    for (int i = 0; i < count_clauses; i++) {
      int base = 1 + (int)random_below((unsigned)variables), size = 2 + (int)random_below(2);
      for (int k = 0; k < size; k++) {
        int v = random_below(12) ? base + (int)random_below(3) : 1 + (int)random_below(40);
        v = (v - 1) % variables + 1;
        int l = random_below(2) ? v : -v;
        clauses[length++] = l;
        at += (size_t)snprintf(text + at, sizeof text - at, "%d ", l);
      }
      clauses[length++] = 0;
      at += (size_t)snprintf(text + at, sizeof text - at, "0\n");
    }
    uint32_t projected = (1u << variables) - 1;
    if (round % 2) {
      projected = 0;
      at += (size_t)snprintf(text + at, sizeof text - at, "c ind");
      for (int v = 1; v <= variables; v++)
        if (random_below(2)) {
          projected |= 1u << (v - 1);
          at += (size_t)snprintf(text + at, sizeof text - at, " %d", v);
        }
      at += (size_t)snprintf(text + at, sizeof text - at, " 0\n");
    }
    nq_cnf *cnf = NULL;
    char error[256];
    if (nq_cnf_read_memory(text, at, "random", &cnf, error, sizeof error) != NQ_OK) {
      CHECK(0, "formula rejected: %s", error);
      continue;
    }
    uint64_t expected = brute_force(clauses, length, variables, projected);
    for (int preprocess = 0; preprocess < 2; preprocess++) {
      nq_component_options options = {.without_preprocessing = !preprocess};
      nq_component_stats stats;
      CHECK(nq_cnf_count_components(cnf, &options, NULL, count, &stats) == NQ_OK, "count");
      /* Declared variables in no clause double the count (the convention). */
      mpz_mul_2exp(count, count, (mp_bitcnt_t)stats.unused_projected);
      CHECK(mpz_cmp_ui(count, (unsigned long)expected) == 0,
            "round %d (preprocessing %d): counted %s, brute force %llu", round, preprocess,
            mpz_get_str(NULL, 10, count), (unsigned long long)expected);
      used += stats.decomposition_width >= 0;
    }
    nq_cnf_free(cnf);
    formulas++;
  }
  mpz_clear(count);
  printf("formulas against brute force: %d, counted with the decomposition: %d of %d\n", formulas,
         used, 2 * formulas);
  CHECK(used > formulas, "the decomposition guided only %d of %d counts", used, 2 * formulas);
}

int main(void) {
  check_random_graphs();
  check_known_widths();
  check_grids();
  check_counts();
  return check_report("count_tree_decomposition");
}
