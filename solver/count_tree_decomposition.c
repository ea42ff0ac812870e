/* Min-degree elimination into a tree decomposition (see
 * count_tree_decomposition.h).
 *
 * Each vertex keeps a list of neighbours that may still name eliminated
 * ones (dropped when the list is next rewritten). Eliminating v: its
 * living neighbours are its bag; each of them gets the others added
 * (marked by a stamp, so no duplicates). The next vertex is the one of
 * least degree, from a heap of (degree, vertex) entries where an entry
 * whose degree is no longer the vertex's is skipped; ties go to the
 * smaller vertex, so the decomposition does not depend on anything but
 * the graph. Min-degree is the cheaper of the classic greedy orderings
 * (min-fill looks at the fill each choice would make); FlowCutter, which
 * SharpSAT-TD runs for seconds, finds narrower ones. */
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
  neighbour_list *adjacent; /* [vertices + 1] */
  unsigned char *gone;      /* [vertices + 1]: eliminated */
  unsigned *mark;           /* [vertices + 1]: stamps */
  unsigned stamp;
  uint64_t *heap; /* degree << 32 | vertex, least first */
  size_t heap_size, heap_capacity;
  uint64_t steps, max_steps;
} eliminator;

static int add_neighbour(neighbour_list *list, int vertex) {
  if (list->size == list->capacity) {
    int *grown = grow_array(list->items, &list->capacity, list->size + 1, sizeof *grown, 4);
    if (!grown)
      return -1;
    list->items = grown;
  }
  list->items[list->size++] = vertex;
  return 0;
}

static int heap_push(eliminator *e, int degree, int vertex) {
  if (e->heap_size == e->heap_capacity) {
    uint64_t *grown = grow_array(e->heap, &e->heap_capacity, e->heap_size + 1, sizeof *grown, 1024);
    if (!grown)
      return -1;
    e->heap = grown;
  }
  uint64_t key = (uint64_t)degree << 32 | (uint32_t)vertex;
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

static void next_stamp(eliminator *e) {
  if (++e->stamp == 0) {
    memset(e->mark, 0, ((size_t)e->vertices + 1) * sizeof *e->mark);
    e->stamp = 1;
  }
}

static int compare_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* The primal graph's lists, sorted and without repeats: 1, or 0 when a
 * group is already wider than max_width + 1 or the cliques' edges pass
 * the step bound, -1 out of memory. */
static int load_graph(eliminator *e, const int *cliques, size_t length, int max_width) {
  for (size_t begin = 0, i = 0; i < length; i++) {
    if (cliques[i])
      continue;
    if (i - begin > (size_t)max_width + 1)
      return 0;
    for (size_t a = begin; a < i; a++)
      for (size_t b = begin; b < i; b++) {
        int x = abs(cliques[a]), y = abs(cliques[b]);
        if (x != y && add_neighbour(&e->adjacent[x], y))
          return -1;
      }
    e->steps += (uint64_t)(i - begin) * (i - begin);
    if (e->steps > e->max_steps)
      return 0; /* many long clauses: too costly before any elimination */
    begin = i + 1;
  }
  for (int v = 1; v <= e->vertices; v++) {
    neighbour_list *list = &e->adjacent[v];
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

/* Eliminates `vertex`, appending its bag (itself, then its living
 * neighbours) to `bags`: 1, 0 past a limit, -1 out of memory. */
static int eliminate(eliminator *e, int vertex, int max_width, neighbour_list *bags) {
  neighbour_list *own = &e->adjacent[vertex];
  size_t bag_at = bags->size;
  if (add_neighbour(bags, vertex))
    return -1;
  for (size_t k = 0; k < own->size; k++)
    if (!e->gone[own->items[k]] && add_neighbour(bags, own->items[k]))
      return -1;
  size_t degree = bags->size - bag_at - 1;
  if (degree > (size_t)max_width)
    return 0;
  e->gone[vertex] = 1;
  free(own->items);
  *own = (neighbour_list){0};
  for (size_t i = bag_at + 1; i < bags->size; i++) {
    int u = bags->items[i];
    neighbour_list *list = &e->adjacent[u];
    next_stamp(e);
    size_t kept = 0;
    for (size_t k = 0; k < list->size; k++) {
      int w = list->items[k];
      if (e->gone[w])
        continue;
      e->mark[w] = e->stamp;
      list->items[kept++] = w;
    }
    list->size = kept;
    for (size_t j = bag_at + 1; j < bags->size; j++) {
      int w = bags->items[j];
      if (w != u && e->mark[w] != e->stamp && add_neighbour(list, w))
        return -1;
    }
    e->steps += kept + degree;
    if (list->size > (size_t)INT32_MAX || heap_push(e, (int)list->size, u))
      return -1;
  }
  return e->steps <= e->max_steps;
}

/* Parents (the bag member eliminated next) and depths, and the bags
 * regrouped by vertex. */
static int shape_tree(tree_decomposition *out, const neighbour_list *bags, const size_t *step_at) {
  int n = out->vertices;
  int *position = malloc(((size_t)n + 1) * sizeof *position);
  if (!position)
    return -1;
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
  out->max_depth = 0;
  for (int i = n - 1; i >= 0; i--) {
    int v = out->order[i];
    out->depth[v] = out->parent[v] ? out->depth[out->parent[v]] + 1 : 0;
    if (out->depth[v] > out->max_depth)
      out->max_depth = out->depth[v];
  }
  free(position);
  return 1;
}

int tree_decomposition_build(int vertices, const int *cliques, size_t length, int max_width,
                             uint64_t max_steps, tree_decomposition *out) {
  memset(out, 0, sizeof *out);
  if (vertices < 0 || max_width < 0)
    return 0;
  size_t slots = (size_t)vertices + 1;
  eliminator e = {.vertices = vertices, .max_steps = max_steps};
  e.adjacent = calloc(slots, sizeof *e.adjacent);
  e.gone = calloc(slots, 1);
  e.mark = calloc(slots, sizeof *e.mark);
  size_t *step_at = malloc((slots + 1) * sizeof *step_at);
  neighbour_list bags = {0};
  out->vertices = vertices;
  out->order = malloc(slots * sizeof *out->order);
  out->parent = calloc(slots, sizeof *out->parent);
  out->depth = calloc(slots, sizeof *out->depth);
  out->bag_start = calloc(slots + 1, sizeof *out->bag_start);
  int result = -1;
  if (!e.adjacent || !e.gone || !e.mark || !step_at || !out->order || !out->parent || !out->depth ||
      !out->bag_start)
    goto done;
  result = load_graph(&e, cliques, length, max_width);
  for (int v = 1; v <= vertices && result == 1; v++)
    if (heap_push(&e, (int)e.adjacent[v].size, v))
      result = -1;
  int eliminated = 0;
  step_at[0] = 0;
  while (result == 1 && eliminated < vertices) {
    uint64_t top = heap_pop(&e);
    int vertex = (int)(uint32_t)top, degree = (int)(top >> 32);
    if (e.gone[vertex] || (size_t)degree != e.adjacent[vertex].size)
      continue; /* a stale entry: the vertex was pushed again since */
    result = eliminate(&e, vertex, max_width, &bags);
    if (result != 1)
      break;
    int bag = (int)(bags.size - step_at[eliminated]);
    if (bag - 1 > out->width)
      out->width = bag - 1;
    out->order[eliminated++] = vertex;
    step_at[eliminated] = bags.size;
  }
  if (result == 1 && e.steps > max_steps)
    result = 0;
  if (result == 1) {
    out->bags = malloc((bags.size ? bags.size : 1) * sizeof *out->bags);
    result = out->bags ? shape_tree(out, &bags, step_at) : -1;
  }
done:
  if (e.adjacent)
    for (int v = 0; v <= vertices; v++)
      free(e.adjacent[v].items);
  free(e.adjacent);
  free(e.gone);
  free(e.mark);
  free(e.heap);
  free(step_at);
  free(bags.items);
  if (result != 1)
    tree_decomposition_free(out);
  return result;
}

void tree_decomposition_free(tree_decomposition *decomposition) {
  free(decomposition->order);
  free(decomposition->parent);
  free(decomposition->depth);
  free(decomposition->bag_start);
  free(decomposition->bags);
  memset(decomposition, 0, sizeof *decomposition);
}
