/* Private to solver/: a tree decomposition of a formula's primal graph
 * (one vertex per variable, an edge between two variables of a clause)
 * by greedy elimination (min-degree, then min-fill and randomized orders
 * within a budget, the narrowest kept), for the component counter's
 * branching (component_count.c; the idea is Korhonen & Järvisalo's, CP
 * 2021, in SharpSAT-TD: branch first on the variables near the
 * decomposition's root, whose assignment splits the formula into the
 * subtrees below).
 *
 * Eliminating a vertex v makes its remaining neighbours a clique; its
 * node's bag is v with those neighbours, joined to the node of the bag
 * member eliminated next. Every edge lies in the bag of whichever end goes
 * first, and the bags holding a vertex form a subtree (the fill edges
 * carry it up to the next), so this is a tree decomposition of width
 * (largest bag - 1); the elimination is a heuristic, the width an upper
 * bound on the treewidth. Each tree of it is then hung from a centroid (a
 * node whose removal leaves parts of at most half its nodes), so that the
 * variables near the root split the formula evenly. */
#ifndef NQSAT_COUNT_TREE_DECOMPOSITION_H
#define NQSAT_COUNT_TREE_DECOMPOSITION_H

#include <stddef.h>
#include <stdint.h>

typedef struct tree_decomposition {
  int vertices;   /* numbered 1..vertices */
  int width;      /* the largest bag's size - 1 (0 without edges) */
  int max_depth;  /* the deepest node's distance from its root */
  int *order;     /* [vertices]: the elimination order, first eliminated first */
  int *parent;    /* [vertices + 1]: the parent node, 0 for a root (a centroid) */
  int *depth;     /* [vertices + 1]: distance from the root (0 at a root) */
  int *level;     /* [vertices + 1]: the least depth of a node holding the vertex */
  int max_level;  /* the largest level */
  int *bag_start; /* [vertices + 2]: v's bag is bags[bag_start[v] .. bag_start[v + 1]) */
  int *bags;      /* each bag: its vertex first, then its later neighbours */
} tree_decomposition;

/* The graph: `cliques` holds `length` ints, groups of vertices (1..vertices,
 * the sign ignored, so a formula's literals serve) each ended by a 0, every
 * group a clique. The first order is min-degree's, given up when reading
 * the graph and eliminating pass `max_steps` adjacency visits (then
 * nothing more is tried) or when a bag passes max_width + 1 vertices.
 * When it succeeds with a width over `improve_above`, further orders
 * (min-fill, randomized ties) are tried within `improve_steps` more
 * visits (0: min-degree alone), and the
 * narrowest is kept, so the width is never more than min-degree's. Returns
 * 1 when
 * `out` is set (free it with tree_decomposition_free), 0 (`out` empty)
 * when no order was found within the limits, -1 when out of memory. The
 * same graph and limits always give the same decomposition. */
int tree_decomposition_build(int vertices, const int *cliques, size_t length, int max_width,
                             uint64_t max_steps, uint64_t improve_steps, int improve_above,
                             tree_decomposition *out);
void tree_decomposition_free(tree_decomposition *decomposition);

#endif
