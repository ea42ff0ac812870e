/* Greedy elimination orders into a tree decomposition (see
 * count_tree_decomposition.h).
 *
 * Each vertex keeps the list of its neighbours. Eliminating v: its living
 * neighbours are its bag; each of them gets the others added (marked by a
 * stamp, so no duplicates) and drops v. The next vertex is the one of
 * least score, from a heap of (score, rank) entries where an entry whose
 * score is no longer the vertex's is skipped and the rank breaks ties.
 *
 * Two scores, the classic greedy orderings (Bodlaender & Koster,
 * "Treewidth computations I. Upper bounds", Information and Computation
 * 2010, compare them; Gogate & Dechter, UAI 2004, start their anytime
 * search from min-fill):
 * - min-degree: the living neighbours. Only the bag's members change.
 * - min-fill: the pairs of living neighbours not yet adjacent, the edges
 *   the elimination would add. The bag's members are scored afresh; a
 *   vertex w outside the bag loses one for each new edge between two of
 *   its neighbours (its own neighbours do not change), found through the
 *   common neighbours of each new edge's ends.
 *
 * The first run is min-degree with ties going to the smaller vertex; then,
 * as long as the improvement budget lasts, min-fill with the same ties and
 * runs of both scores with ties broken by a random permutation (a fixed
 * seed, so a graph always gets the same decomposition), the narrowest
 * kept. Randomized tie-breaking over repeated greedy runs is how the PACE
 * 2016/2017 heuristic track's entries start (FlowCutter, Hamann &
 * Strasser, "Graph bisection with Pareto optimization", JEA 2018, and
 * Strasser's PACE 2017 notes, then improve by nested dissection; htd by
 * Abseher, Musliu & Woltran runs min-fill with random ties). A run stops as
 * soon as its bag reaches the best width found, so the later runs cost
 * little where they cannot win. */
#include "count_tree_decomposition.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"

typedef struct neighbour_list {
  int *items;
  size_t size, capacity;
} neighbour_list;

typedef struct eliminator {
  int vertices;
  neighbour_list *adjacent; /* [vertices + 1]: the run's graph */
  unsigned char *gone;      /* [vertices + 1]: eliminated in this run */
  unsigned *mark;           /* [vertices + 1]: stamps */
  unsigned stamp;
  unsigned *in_bag; /* [vertices + 1]: bag_stamp for the current bag */
  unsigned bag_stamp;
  unsigned char *touched; /* [vertices + 1]: in `changed` */
  neighbour_list changed; /* vertices outside the bag whose fill fell */
  uint32_t *score;        /* [vertices + 1]: degree or fill, saturated */
  uint32_t *rank;         /* [vertices + 1]: the tie-break */
  int *by_rank;           /* [vertices]: the vertex of each rank */
  uint64_t *heap;         /* score << 32 | rank, least first */
  size_t heap_size, heap_capacity;
  int by_fill; /* the run's score: fill, else degree */
  int limit;   /* the run gives up past bags of limit + 1 */
  uint64_t steps, max_steps;
  uint64_t random_state; /* xorshift64 */
} eliminator;

/* A vertex whose degree passes the run's limit cannot be eliminated in it
 * (its bag would be too wide), so its fill is not worth computing. */
#define SCORE_OVER UINT32_MAX

/* An elimination order and its bags: bags[step_at[i] .. step_at[i + 1])
 * is the bag of order[i]. */
typedef struct elimination {
  int *order;
  size_t *step_at;
  neighbour_list bags;
  int width;
} elimination;

/* Room for `needed` items in `list`: 0, or -1 out of memory. */
static int reserve(neighbour_list *list, size_t needed) {
  if (needed <= list->capacity)
    return 0;
  int *grown = grow_array(list->items, &list->capacity, needed, sizeof *grown, 4);
  if (!grown)
    return -1;
  list->items = grown;
  return 0;
}

static int add_neighbour(neighbour_list *list, int vertex) {
  if (reserve(list, list->size + 1))
    return -1;
  list->items[list->size++] = vertex;
  return 0;
}

static int heap_push(eliminator *e, int vertex) {
  if (e->heap_size == e->heap_capacity) {
    uint64_t *grown = grow_array(e->heap, &e->heap_capacity, e->heap_size + 1, sizeof *grown, 1024);
    if (!grown)
      return -1;
    e->heap = grown;
  }
  uint64_t key = (uint64_t)e->score[vertex] << 32 | e->rank[vertex];
  size_t at = e->heap_size++;
  while (at > 0 && e->heap[(at - 1) / 2] > key) {
    e->heap[at] = e->heap[(at - 1) / 2];
    at = (at - 1) / 2;
  }
  e->heap[at] = key;
  return 0;
}

static uint64_t heap_pop(eliminator *e) {
  uint64_t top = e->heap[0], last = e->heap[--e->heap_size];
  size_t at = 0;
  for (;;) {
    size_t child = 2 * at + 1;
    if (child >= e->heap_size)
      break;
    if (child + 1 < e->heap_size && e->heap[child + 1] < e->heap[child])
      child++;
    if (e->heap[child] >= last)
      break;
    e->heap[at] = e->heap[child];
    at = child;
  }
  if (e->heap_size)
    e->heap[at] = last;
  return top;
}

static void next_stamp(unsigned *stamp, unsigned *marks, int vertices) {
  if (++*stamp == 0) {
    memset(marks, 0, ((size_t)vertices + 1) * sizeof *marks);
    *stamp = 1;
  }
}

static int compare_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* The primal graph's lists into `graph`, sorted and without repeats, and
 * the widest group less one (a lower bound on any width) in *clique: 1,
 * or 0 when a group is already wider than max_width + 1 or the cliques'
 * edges pass max_steps (counted in *steps), -1 out of memory. */
static int load_graph(int vertices, const int *cliques, size_t length, int max_width,
                      uint64_t max_steps, neighbour_list *graph, uint64_t *steps, int *clique) {
  *clique = 0;
  for (size_t begin = 0, i = 0; i < length; i++) {
    if (cliques[i])
      continue;
    if (i - begin > (size_t)max_width + 1)
      return 0;
    if (i > begin && (int)(i - begin) - 1 > *clique)
      *clique = (int)(i - begin) - 1;
    for (size_t a = begin; a < i; a++)
      for (size_t b = begin; b < i; b++) {
        int x = abs(cliques[a]), y = abs(cliques[b]);
        if (x != y && add_neighbour(&graph[x], y))
          return -1;
      }
    *steps += (uint64_t)(i - begin) * (i - begin);
    if (*steps > max_steps)
      return 0; /* many long clauses: too costly before any elimination */
    begin = i + 1;
  }
  for (int v = 1; v <= vertices; v++) {
    neighbour_list *list = &graph[v];
    if (list->size < 2)
      continue; /* nothing to sort (and no array at all when empty) */
    qsort(list->items, list->size, sizeof *list->items, compare_int);
    size_t unique = 0;
    for (size_t k = 0; k < list->size; k++)
      if (!unique || list->items[unique - 1] != list->items[k])
        list->items[unique++] = list->items[k];
    list->size = unique;
  }
  return 1;
}

/* The pairs of v's neighbours that are not adjacent, SCORE_OVER past the
 * run's limit. */
static uint32_t fill_of(eliminator *e, int v) {
  const neighbour_list *own = &e->adjacent[v];
  if (own->size > (size_t)e->limit)
    return SCORE_OVER;
  next_stamp(&e->stamp, e->mark, e->vertices);
  for (size_t k = 0; k < own->size; k++)
    e->mark[own->items[k]] = e->stamp;
  uint64_t linked = 0;
  for (size_t k = 0; k < own->size; k++) {
    const neighbour_list *other = &e->adjacent[own->items[k]];
    for (size_t j = 0; j < other->size; j++)
      linked += e->mark[other->items[j]] == e->stamp;
    e->steps += other->size;
  }
  uint64_t pairs = (uint64_t)own->size * (own->size - (own->size > 0)) / 2 - linked / 2;
  return pairs >= SCORE_OVER ? SCORE_OVER : (uint32_t)pairs;
}

static uint32_t score_of(eliminator *e, int v) {
  if (e->by_fill)
    return fill_of(e, v);
  size_t degree = e->adjacent[v].size;
  return degree >= SCORE_OVER ? SCORE_OVER : (uint32_t)degree;
}

/* A new edge a-b (a's living neighbours marked with the current stamp):
 * each common neighbour outside the bag has one missing pair fewer. */
static int count_new_edge(eliminator *e, int b) {
  const neighbour_list *other = &e->adjacent[b];
  for (size_t j = 0; j < other->size; j++) {
    int w = other->items[j];
    if (e->mark[w] != e->stamp || e->in_bag[w] == e->bag_stamp || e->gone[w] ||
        e->score[w] == SCORE_OVER)
      continue;
    e->score[w]--;
    if (!e->touched[w]) {
      e->touched[w] = 1;
      if (add_neighbour(&e->changed, w))
        return -1;
    }
  }
  e->steps += other->size;
  return 0;
}

/* Eliminates `vertex`, appending its bag (itself, then its living
 * neighbours) to `bags`: 1, 0 past the run's limit or budget, -1 out of
 * memory. */
static int eliminate(eliminator *e, int vertex, neighbour_list *bags) {
  neighbour_list *own = &e->adjacent[vertex];
  size_t bag_at = bags->size;
  if (add_neighbour(bags, vertex))
    return -1;
  for (size_t k = 0; k < own->size; k++)
    if (add_neighbour(bags, own->items[k]))
      return -1;
  size_t degree = own->size;
  if (degree > (size_t)e->limit)
    return 0;
  e->gone[vertex] = 1;
  own->size = 0;
  next_stamp(&e->bag_stamp, e->in_bag, e->vertices);
  for (size_t i = bag_at + 1; i < bags->size; i++)
    e->in_bag[bags->items[i]] = e->bag_stamp;
  for (size_t i = bag_at + 1; i < bags->size; i++) {
    int u = bags->items[i];
    neighbour_list *list = &e->adjacent[u];
    next_stamp(&e->stamp, e->mark, e->vertices);
    size_t kept = 0;
    for (size_t k = 0; k < list->size; k++) {
      int w = list->items[k];
      if (w == vertex)
        continue; /* the only eliminated vertex a living list can hold */
      e->mark[w] = e->stamp;
      list->items[kept++] = w;
    }
    list->size = kept;
    for (size_t j = bag_at + 1; j < bags->size; j++) {
      int w = bags->items[j];
      if (w == u || e->mark[w] == e->stamp)
        continue;
      /* Each new edge once, from its smaller end, while u's old
       * neighbours are marked. */
      if (e->by_fill && u < w && count_new_edge(e, w))
        return -1;
      if (add_neighbour(list, w))
        return -1;
    }
    e->steps += kept + degree;
  }
  for (size_t i = bag_at + 1; i < bags->size; i++) {
    int u = bags->items[i];
    e->score[u] = score_of(e, u);
    if (heap_push(e, u))
      return -1;
  }
  for (size_t i = 0; i < e->changed.size; i++) {
    int w = e->changed.items[i];
    e->touched[w] = 0;
    if (heap_push(e, w))
      return -1;
  }
  e->changed.size = 0;
  return e->steps <= e->max_steps;
}

/* One greedy run on a copy of `graph` into `run`: 1 when every vertex was
 * eliminated within the limit and budget, 0 when not, -1 out of memory. */
static int eliminate_all(eliminator *e, const neighbour_list *graph, elimination *run) {
  int n = e->vertices, result = 1;
  memset(e->gone, 0, ((size_t)n + 1) * sizeof *e->gone);
  memset(e->touched, 0, ((size_t)n + 1) * sizeof *e->touched);
  e->changed.size = 0;
  e->heap_size = 0;
  run->bags.size = 0;
  run->width = 0;
  for (int v = 1; v <= n && result == 1; v++) {
    neighbour_list *list = &e->adjacent[v];
    list->size = 0;
    if (!graph[v].size)
      continue;
    if (reserve(list, graph[v].size)) {
      result = -1;
      break;
    }
    memcpy(list->items, graph[v].items, graph[v].size * sizeof *list->items);
    list->size = graph[v].size;
    e->steps += graph[v].size;
  }
  for (int v = 1; v <= n && result == 1; v++) {
    e->score[v] = score_of(e, v);
    if (heap_push(e, v))
      result = -1;
  }
  if (result == 1 && e->steps > e->max_steps)
    result = 0;
  int eliminated = 0;
  run->step_at[0] = 0;
  while (result == 1 && eliminated < n) {
    uint64_t top = heap_pop(e);
    int vertex = e->by_rank[(uint32_t)top];
    if (e->gone[vertex] || (uint32_t)(top >> 32) != e->score[vertex])
      continue; /* a stale entry: the vertex was pushed again since */
    result = eliminate(e, vertex, &run->bags);
    if (result != 1)
      break;
    int bag = (int)(run->bags.size - run->step_at[eliminated]);
    if (bag - 1 > run->width)
      run->width = bag - 1;
    run->order[eliminated++] = vertex;
    run->step_at[eliminated] = run->bags.size;
  }
  return result;
}

/* Rehangs each tree of the forest from a centroid, a node whose removal
 * leaves no part of more than half the tree's nodes (each node brings
 * one vertex), as SharpSAT-TD orders its variables (Korhonen & Järvisalo,
 * CP 2021): branching from there splits the formula into halves rather
 * than peeling it from one end. `order` lists children before parents;
 * `scratch` holds 3 * (n + 1) ints. */
static void hang_from_centroids(int n, const int *order, int *parent, int *scratch) {
  int *size = scratch, *heavy = scratch + n + 1; /* heavy: the largest child */
  for (int v = 0; v <= n; v++)
    size[v] = 1, heavy[v] = 0;
  for (int i = 0; i < n; i++) {
    int v = order[i], up = parent[v]; /* size[v] is complete here */
    if (up) {
      size[up] += size[v];
      if (!heavy[up] || size[v] > size[heavy[up]])
        heavy[up] = v;
    }
  }
  /* From each root, step into the child holding more than half the tree
   * while there is one; then (once every centroid is found, as the sizes
   * are of the first hanging) reverse the path back to the root. */
  int *centroids = scratch + 2 * (n + 1), trees = 0;
  for (int i = n - 1; i >= 0; i--) {
    int root = order[i];
    if (parent[root])
      continue;
    int at = root, total = size[root];
    while (heavy[at] && 2 * size[heavy[at]] > total)
      at = heavy[at];
    centroids[trees++] = at;
  }
  for (int t = 0; t < trees; t++)
    for (int previous = 0, step = centroids[t]; step;) {
      int next = parent[step];
      parent[step] = previous;
      previous = step;
      step = next;
    }
}

/* Parents (the bag member eliminated next, then rehung from centroids),
 * depths and levels, and the bags regrouped by vertex. */
static int shape_tree(tree_decomposition *out, const elimination *best) {
  int n = out->vertices;
  const neighbour_list *bags = &best->bags;
  const size_t *step_at = best->step_at;
  int *position = malloc(3 * ((size_t)n + 1) * sizeof *position);
  out->bags = malloc((bags->size ? bags->size : 1) * sizeof *out->bags);
  if (!position || !out->bags) {
    free(position);
    return -1;
  }
  memcpy(out->order, best->order, (size_t)n * sizeof *out->order);
  out->width = best->width;
  for (int i = 0; i < n; i++)
    position[out->order[i]] = i;
  out->bag_start[0] = out->bag_start[1] = 0;
  for (int i = 0; i < n; i++) {
    int v = out->order[i];
    out->bag_start[v + 1] = (int)(step_at[i + 1] - step_at[i]);
    int parent = 0;
    for (size_t k = step_at[i] + 1; k < step_at[i + 1]; k++)
      if (!parent || position[bags->items[k]] < position[parent])
        parent = bags->items[k];
    out->parent[v] = parent;
  }
  for (int v = 1; v <= n + 1; v++)
    out->bag_start[v] += out->bag_start[v - 1];
  for (int i = 0; i < n; i++) {
    int v = out->order[i];
    memcpy(out->bags + out->bag_start[v], bags->items + step_at[i],
           (step_at[i + 1] - step_at[i]) * sizeof *out->bags);
  }
  hang_from_centroids(n, out->order, out->parent, position);
  /* Depths: climb to a node of known depth, then come back down. */
  int *climb = position;
  for (int v = 1; v <= n; v++)
    out->depth[v] = -1;
  out->max_depth = out->max_level = 0;
  for (int v = 1; v <= n; v++) {
    int path = 0, at = v;
    while (out->depth[at] < 0 && out->parent[at]) {
      climb[path++] = at;
      at = out->parent[at];
    }
    if (out->depth[at] < 0)
      out->depth[at] = 0; /* a root */
    while (path > 0) {
      int below = climb[--path];
      out->depth[below] = out->depth[out->parent[below]] + 1;
    }
  }
  for (int v = 1; v <= n; v++) {
    if (out->depth[v] > out->max_depth)
      out->max_depth = out->depth[v];
    out->level[v] = out->depth[v];
  }
  for (int node = 1; node <= n; node++)
    for (int k = out->bag_start[node]; k < out->bag_start[node + 1]; k++)
      if (out->depth[node] < out->level[out->bags[k]])
        out->level[out->bags[k]] = out->depth[node];
  for (int v = 1; v <= n; v++)
    if (out->level[v] > out->max_level)
      out->max_level = out->level[v];
  free(position);
  return 1;
}

static uint64_t next_random(eliminator *e) {
  e->random_state ^= e->random_state << 13;
  e->random_state ^= e->random_state >> 7;
  e->random_state ^= e->random_state << 17;
  return e->random_state;
}

/* Ties to the smaller vertex, or (shuffled) to a random permutation. */
static void set_ranks(eliminator *e, int shuffled) {
  int n = e->vertices;
  for (int i = 0; i < n; i++)
    e->by_rank[i] = i + 1;
  for (int i = n - 1; shuffled && i > 0; i--) {
    int j = (int)(next_random(e) % (uint64_t)(i + 1)), kept = e->by_rank[i];
    e->by_rank[i] = e->by_rank[j];
    e->by_rank[j] = kept;
  }
  for (int i = 0; i < n; i++)
    e->rank[e->by_rank[i]] = (uint32_t)i;
}

static void swap_runs(elimination *a, elimination *b) {
  elimination kept = *a;
  *a = *b;
  *b = kept;
}

int tree_decomposition_build(int vertices, const int *cliques, size_t length, int max_width,
                             uint64_t max_steps, uint64_t improve_steps, int improve_above,
                             tree_decomposition *out) {
  memset(out, 0, sizeof *out);
  if (vertices < 0 || max_width < 0)
    return 0;
  size_t slots = (size_t)vertices + 1;
  neighbour_list *graph = calloc(slots, sizeof *graph);
  eliminator e = {.vertices = vertices, .random_state = 0x9e3779b97f4a7c15u};
  e.adjacent = calloc(slots, sizeof *e.adjacent);
  e.gone = calloc(slots, sizeof *e.gone);
  e.mark = calloc(slots, sizeof *e.mark);
  e.in_bag = calloc(slots, sizeof *e.in_bag);
  e.touched = calloc(slots, sizeof *e.touched);
  e.score = calloc(slots, sizeof *e.score);
  e.rank = calloc(slots, sizeof *e.rank);
  e.by_rank = calloc(slots, sizeof *e.by_rank);
  elimination best = {0}, trial = {0};
  best.order = malloc(slots * sizeof *best.order);
  trial.order = malloc(slots * sizeof *trial.order);
  best.step_at = malloc((slots + 1) * sizeof *best.step_at);
  trial.step_at = malloc((slots + 1) * sizeof *trial.step_at);
  out->vertices = vertices;
  out->order = malloc(slots * sizeof *out->order);
  out->parent = calloc(slots, sizeof *out->parent);
  out->depth = calloc(slots, sizeof *out->depth);
  out->level = calloc(slots, sizeof *out->level);
  out->bag_start = calloc(slots + 1, sizeof *out->bag_start);
  int result = -1, found = 0, clique = 0;
  if (!graph || !e.adjacent || !e.gone || !e.mark || !e.in_bag || !e.touched || !e.score ||
      !e.rank || !e.by_rank || !best.order || !trial.order || !best.step_at || !trial.step_at ||
      !out->order || !out->parent || !out->depth || !out->level || !out->bag_start)
    goto done;
  result = load_graph(vertices, cliques, length, max_width, max_steps, graph, &e.steps, &clique);
  if (result != 1)
    goto done;
  /* The first run, min-degree, within max_steps; past them the graph is
   * too costly and nothing is tried. */
  e.max_steps = max_steps;
  e.limit = max_width;
  set_ranks(&e, 0);
  result = eliminate_all(&e, graph, &best);
  if (result < 0 || (result == 0 && e.steps > max_steps))
    goto done;
  found = result == 1;
  /* Then the other runs within improve_steps, each given up once its
   * width reaches the best's. When min-degree passes max_width the others
   * are not tried: they seldom gain more than a fifth of its width, and
   * wide graphs (random formulas) would spend the whole budget in vain. */
  e.steps = 0;
  e.max_steps = improve_steps;
  int search = found && best.width > improve_above; /* min-degree's width */
  for (int round = 1; search && e.steps < improve_steps; round++, e.steps++) {
    if (best.width <= clique)
      break; /* no order does better than the widest clause */
    e.limit = best.width - 1;
    e.by_fill = round == 1 || round % 2 == 0;
    set_ranks(&e, round > 1);
    result = eliminate_all(&e, graph, &trial);
    if (result < 0)
      goto done;
    if (result == 1)
      swap_runs(&best, &trial);
  }
  result = found ? shape_tree(out, &best) : 0;
done:
  for (int v = 0; v <= vertices; v++) {
    if (graph)
      free(graph[v].items);
    if (e.adjacent)
      free(e.adjacent[v].items);
  }
  free(graph);
  free(e.adjacent);
  free(e.gone);
  free(e.mark);
  free(e.in_bag);
  free(e.touched);
  free(e.changed.items);
  free(e.score);
  free(e.rank);
  free(e.by_rank);
  free(e.heap);
  free(best.order);
  free(best.step_at);
  free(best.bags.items);
  free(trial.order);
  free(trial.step_at);
  free(trial.bags.items);
  if (result != 1)
    tree_decomposition_free(out);
  return result;
}

void tree_decomposition_free(tree_decomposition *decomposition) {
  free(decomposition->order);
  free(decomposition->parent);
  free(decomposition->depth);
  free(decomposition->level);
  free(decomposition->bag_start);
  free(decomposition->bags);
  memset(decomposition, 0, sizeof *decomposition);
}
