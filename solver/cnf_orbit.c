/* solver/cnf_orbit.c - orbits of projected models under the projected
 * symmetry group, and group orders by enumeration; for the enumeration
 * (cnf_enumerate.c), a model's orbit as one cube sees it and the
 * lex-leader clauses.
 *
 * Both are a breadth-first closure: start from one element (a model's
 * projected assignment, or the identity permutation), apply every
 * generator to every element found so far, keep the new ones in a hash set
 * that also remembers insertion order (so it doubles as the queue). For a
 * finite group, closing under the generators alone reaches the whole orbit
 * (every inverse is a positive power of its generator). Orbits here are at
 * most the group's order on the projection set (8 for the N-Queens board);
 * the element count for the order is capped by the caller. */
#include <stdlib.h>
#include <string.h>

#include "cnf_orbit.h"
#include "cnf_symmetry.h"
#include "grow.h"

/* Orbits are listed member by member: past this many, give up (return 0,
 * as for memory) rather than fill the machine. */
#define ORBIT_CAP ((size_t)1 << 24)

/* Fixed-size byte strings, stored in insertion order, indexed by an
 * open-addressing table of (member index + 1), 0 = empty slot. */
typedef struct member_set {
  size_t bytes;
  size_t count, capacity;
  unsigned char *members;
  size_t *slots;
  size_t slot_count; /* a power of two, at least twice count */
} member_set;

static uint64_t hash_bytes(const unsigned char *bytes, size_t size) {
  uint64_t hash = 1469598103934665603u; /* FNV-1a, then a final mix */
  for (size_t i = 0; i < size; i++)
    hash = (hash ^ bytes[i]) * 1099511628211u;
  hash ^= hash >> 29;
  hash *= 0xbf58476d1ce4e5b9u;
  return hash ^ (hash >> 32);
}

static void set_free(member_set *set) {
  free(set->members);
  free(set->slots);
  memset(set, 0, sizeof *set);
}

static int set_init(member_set *set, size_t bytes) {
  memset(set, 0, sizeof *set);
  set->bytes = bytes ? bytes : 1;
  set->capacity = 16;
  set->slot_count = 32;
  set->members = malloc(set->capacity * set->bytes);
  set->slots = calloc(set->slot_count, sizeof *set->slots);
  if (!set->members || !set->slots) {
    set_free(set);
    return 0;
  }
  return 1;
}

static const unsigned char *set_member(const member_set *set, size_t index) {
  return set->members + index * set->bytes;
}

static void place_slot(size_t *slots, size_t slot_count, uint64_t hash, size_t value) {
  size_t mask = slot_count - 1, slot = (size_t)hash & mask;
  while (slots[slot])
    slot = (slot + 1) & mask;
  slots[slot] = value;
}

static int grow(member_set *set) {
  size_t capacity = set->capacity * 2;
  unsigned char *members = realloc(set->members, capacity * set->bytes);
  if (!members)
    return 0;
  set->members = members;
  set->capacity = capacity;
  size_t slot_count = set->slot_count * 2;
  size_t *slots = calloc(slot_count, sizeof *slots);
  if (!slots)
    return 0;
  for (size_t i = 0; i < set->count; i++)
    place_slot(slots, slot_count, hash_bytes(set_member(set, i), set->bytes), i + 1);
  free(set->slots);
  set->slots = slots;
  set->slot_count = slot_count;
  return 1;
}

/* 1: added, 0: already there, -1: out of memory. */
static int set_insert(member_set *set, const void *element) {
  uint64_t hash = hash_bytes(element, set->bytes);
  size_t mask = set->slot_count - 1;
  for (size_t slot = (size_t)hash & mask; set->slots[slot]; slot = (slot + 1) & mask)
    if (!memcmp(set_member(set, set->slots[slot] - 1), element, set->bytes))
      return 0;
  if (set->count == set->capacity && !grow(set))
    return -1;
  memcpy(set->members + set->count * set->bytes, element, set->bytes);
  set->count++;
  place_slot(set->slots, set->slot_count, hash, set->count);
  return 1;
}

uint64_t cnf_permutation_group_order(int points, int generator_count, const int *const *generators,
                                     uint64_t cap) {
  if (points <= 0 || generator_count <= 0)
    return 1;
  /* At most 2^24 stored point images (64 MB), and about 2^27 point moves
   * in all (a few tenths of a second), whatever `cap` says. */
  uint64_t storage_cap = ((uint64_t)1 << 24) / (uint64_t)points;
  uint64_t work_cap = ((uint64_t)1 << 27) / ((uint64_t)points * (uint64_t)generator_count);
  if (cap > storage_cap)
    cap = storage_cap;
  if (cap > work_cap)
    cap = work_cap;
  member_set set;
  size_t bytes = (size_t)points * sizeof(int);
  int *element = malloc(bytes), *product = malloc(bytes);
  if (!element || !product || !set_init(&set, bytes)) {
    free(element);
    free(product);
    return 0;
  }
  for (int i = 0; i < points; i++)
    element[i] = i;
  uint64_t order = 0;
  if (set_insert(&set, element) < 0)
    goto done;
  for (size_t next = 0; next < set.count; next++) {
    memcpy(element, set_member(&set, next), bytes);
    for (int g = 0; g < generator_count; g++) {
      for (int i = 0; i < points; i++)
        product[i] = generators[g][element[i]];
      int added = set_insert(&set, product);
      if (added < 0 || set.count > cap)
        goto done;
    }
  }
  order = set.count;
done:
  set_free(&set);
  free(element);
  free(product);
  return order;
}

/* The projection set as indices 0..k-1 in increasing variable order. */
typedef struct projection_index {
  int count;
  int *variable_at; /* [count] */
  int *position;    /* [variables+1]: index, or -1 when not projected */
} projection_index;

static int index_projection(const cnf_formula_view *formula, projection_index *index) {
  index->count = 0;
  index->variable_at = malloc(((size_t)formula->variables + 1) * sizeof(int));
  index->position = malloc(((size_t)formula->variables + 1) * sizeof(int));
  if (!index->variable_at || !index->position)
    return 0;
  index->position[0] = -1;
  for (int v = 1; v <= formula->variables; v++) {
    int projected = !formula->projected || formula->projected[v];
    index->position[v] = projected ? index->count : -1;
    if (projected)
      index->variable_at[index->count++] = v;
  }
  return 1;
}

static int bit_of(const uint64_t *bits, int i) { return (int)((bits[i / 64] >> (i % 64)) & 1u); }

/* Nonzero when `member` comes before `model` in the order of the header:
 * at the first projected variable where they differ, the member has 0. */
static int comes_before(const uint64_t *member, const uint64_t *model, size_t words) {
  for (size_t w = 0; w < words; w++) {
    uint64_t differ = member[w] ^ model[w];
    if (differ)
      return (model[w] & (differ & (~differ + 1))) != 0;
  }
  return 0;
}

uint64_t cnf_symmetry_orbit(const cnf_symmetry_group *group, const cnf_formula_view *formula,
                            const signed char *values, cnf_orbit_visit_fn visit, void *context,
                            int *is_least) {
  if (is_least)
    *is_least = 1;
  projection_index index = {0, NULL, NULL};
  int generators = group ? group->projected_generator_count : 0;
  int *maps = NULL;                 /* generators x k: index -> index */
  signed char *image_values = NULL; /* what visit() sees */
  uint64_t *start = NULL, *current = NULL, *image = NULL;
  member_set set = {0, 0, 0, NULL, NULL, 0};
  uint64_t orbit = 0;
  if (!index_projection(formula, &index))
    goto done;
  int k = index.count;
  size_t words = ((size_t)k + 63) / 64;
  size_t bytes = (words ? words : 1) * sizeof(uint64_t);
  maps = malloc(((size_t)generators * (size_t)k + 1) * sizeof(int));
  image_values = calloc((size_t)formula->variables + 1, 1);
  start = calloc(1, bytes);
  current = calloc(1, bytes);
  image = calloc(1, bytes);
  if (!maps || !image_values || !start || !current || !image || !set_init(&set, bytes))
    goto done;
  for (int g = 0; g < generators; g++)
    for (int i = 0; i < k; i++) {
      int target = group->projected_generators[g][index.variable_at[i]];
      int position = target >= 1 && target <= formula->variables ? index.position[target] : -1;
      /* The detector only keeps generators that permute the projection
       * set; anything else here is a caller's mix-up: act as identity. */
      maps[(size_t)g * (size_t)k + (size_t)i] = position >= 0 ? position : i;
    }
  for (int i = 0; i < k; i++)
    if (values[index.variable_at[i]] > 0)
      start[i / 64] |= (uint64_t)1 << (i % 64);
  if (set_insert(&set, start) < 0)
    goto done;
  int visiting = visit != NULL;
  for (size_t next = 0; next < set.count; next++) {
    memcpy(current, set_member(&set, next), bytes);
    if (next > 0 && is_least && comes_before(current, start, words))
      *is_least = 0;
    if (visiting) {
      for (int i = 0; i < k; i++)
        image_values[index.variable_at[i]] = (signed char)bit_of(current, i);
      if (visit(context, image_values))
        visiting = 0;
    }
    for (int g = 0; g < generators; g++) {
      const int *map = maps + (size_t)g * (size_t)k;
      memset(image, 0, bytes);
      for (int i = 0; i < k; i++)
        if (bit_of(current, i))
          image[map[i] / 64] |= (uint64_t)1 << (map[i] % 64);
      if (set_insert(&set, image) < 0 || set.count > ORBIT_CAP)
        goto done;
    }
  }
  orbit = set.count;
done:
  set_free(&set);
  free(index.variable_at);
  free(index.position);
  free(maps);
  free(image_values);
  free(start);
  free(current);
  free(image);
  return orbit;
}

/* ---- a model's orbit as one cube sees it (cnf_enumerate.c) ---- */

int cnf_projected_less(const cnf_compact *formula, const signed char *a, const signed char *b) {
  for (int k = 0; k < formula->projection_count; k++) {
    int v = formula->projection[k];
    if ((a[v] > 0) != (b[v] > 0))
      return b[v] > 0;
  }
  return 0;
}

static int image_in_cube(const cnf_cube_orbit *orbit, const signed char *image) {
  for (size_t i = 0; i < orbit->cube_size; i++) {
    int literal = orbit->cube_literals[i], v = abs(literal);
    if (orbit->formula->projected[v] && (image[v] > 0) != (literal > 0))
      return 0;
  }
  return 1;
}

static int visit_image(void *context, const signed char *image) {
  cnf_cube_orbit *orbit = context;
  size_t width = orbit->width;
  int in_cube = image_in_cube(orbit, image);
  if (!orbit->least_set || cnf_projected_less(orbit->formula, image, orbit->least)) {
    memcpy(orbit->least, image, width);
    orbit->least_set = 1;
    orbit->least_in_cube = in_cube;
  }
  if (orbit->image_count == orbit->image_capacity) {
    signed char *images =
        grow_array(orbit->images, &orbit->image_capacity, orbit->image_count + 1, width, 16);
    if (!images) {
      orbit->failed = 1;
      return 1;
    }
    orbit->images = images;
  }
  signed char *kept = orbit->images + orbit->image_count++ * width;
  memcpy(kept, image, width);
  kept[0] = (signed char)in_cube; /* index 0 is unused by models */
  return 0;
}

nq_status cnf_cube_orbit_init(cnf_cube_orbit *orbit, int variables) {
  memset(orbit, 0, sizeof *orbit);
  orbit->width = (size_t)variables + 1;
  orbit->least = malloc(orbit->width);
  return orbit->least ? NQ_OK : NQ_ERR_MEMORY;
}

void cnf_cube_orbit_free(cnf_cube_orbit *orbit) {
  free(orbit->images);
  free(orbit->least);
  orbit->images = orbit->least = NULL;
  orbit->image_count = orbit->image_capacity = 0;
}

int cnf_cube_orbit_collect(cnf_cube_orbit *orbit, const cnf_symmetry_group *group,
                           const cnf_formula_view *view, const cnf_compact *formula,
                           const signed char *values, const int *cube_literals, size_t cube_size) {
  orbit->image_count = 0;
  orbit->least_set = 0;
  orbit->least_in_cube = 0;
  orbit->failed = 0;
  orbit->formula = formula;
  orbit->cube_literals = cube_literals;
  orbit->cube_size = cube_size;
  uint64_t size = cnf_symmetry_orbit(group, view, values, visit_image, orbit, NULL);
  return size == 0 || orbit->failed ? -1 : 0;
}

/* Lex-leader clauses (J. Crawford, M. Ginsberg, E. Luks, A. Roy, "Symmetry-
 * breaking predicates for search problems", KR 1996; the chained encoding
 * of F. Aloul, I. Markov, K. Sakallah, "Efficient symmetry breaking for
 * Boolean satisfiability", IEEE Trans. Computers 2006): for each projected
 * generator g, x <= g(x) lexicographically (projection variables in
 * increasing order, 0 before 1) on the first CNF_LEX_LEADER_LENGTH moved
 * positions. The least member of every orbit satisfies them, so no orbit
 * is lost (see cnf_enumerate.c's orbit_in_cube); most other members are
 * cut off before the solver reaches them. e_i (auxiliary, numbered from `first_auxiliary`)
 * means "equal so far"; it is only ever forced true, so a lex-leader
 * always extends to the e_i. Returns the auxiliary variables used. */
int cnf_lex_leader_clauses(const cnf_symmetry_group *group, const cnf_compact *formula,
                           cnf_literal_sink add, void *sink, int first_auxiliary, int *inverse) {
  const cnf_compact *f = formula;
  int next = first_auxiliary;
  for (int g = 0; g < group->projected_generator_count; g++) {
    const int *image = group->projected_generators[g];
    for (int v = 1; v <= f->variables; v++)
      inverse[abs(image[v])] = v;
    int equal = 0, positions = 0; /* equal: e_(i-1), 0 = true */
    for (int k = 0; k < f->projection_count && positions < CNF_LEX_LEADER_LENGTH; k++) {
      int w = f->projection[k], u = inverse[w];
      if (u == w)
        continue;
      positions++;
      /* e_(i-1) -> (x_w -> x_u): y_w = x_u */
      if (equal)
        add(sink, -equal);
      add(sink, -w);
      add(sink, u);
      add(sink, 0);
      if (positions == CNF_LEX_LEADER_LENGTH || k + 1 == f->projection_count)
        break;
      int here = next++;
      for (int sign = 0; sign < 2; sign++) {
        if (equal)
          add(sink, -equal);
        add(sink, sign ? -w : w);
        add(sink, sign ? -u : u);
        add(sink, here);
        add(sink, 0);
      }
      equal = here;
    }
  }
  return next - first_auxiliary;
}
