/* The Global Benchmark Database's instance hash, computed from the
 * verifier's own reading of the formula (see nqsat/instance.h for the
 * normal form; it follows gbdc's GBDHash.h, M. Iser). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/instance.h"
#include "nqsat/md5.h"

typedef struct hash_state {
  nq_md5 md5;
  int clauses_so_far;
} hash_state;

static void put(hash_state *state, const char *text) {
  nq_md5_update(&state->md5, text, strlen(text));
}

static int hash_clause(void *context, const int *literals, size_t count) {
  hash_state *state = context;
  char number[24];
  if (state->clauses_so_far++)
    put(state, " ");
  for (size_t i = 0; i < count; i++) {
    snprintf(number, sizeof number, "%d ", literals[i]);
    put(state, number);
  }
  put(state, "0");
  return 0;
}

static int hash_constraint(void *context, const nq_pb_term *terms, size_t count,
                           const char *relation, int64_t bound) {
  hash_state *state = context;
  char number[48];
  int objective = relation[0] == 'm';
  if (objective)
    put(state, relation);
  for (size_t i = 0; i < count; i++) {
    /* gbdc writes objective terms with a blank before each token and
     * constraint terms with a blank after each. */
    if (objective)
      snprintf(number, sizeof number, " %" PRId64 " %sx%d", terms[i].coefficient,
               terms[i].negated ? "~" : "", terms[i].variable);
    else
      snprintf(number, sizeof number, "%" PRId64 " %sx%d ", terms[i].coefficient,
               terms[i].negated ? "~" : "", terms[i].variable);
    put(state, number);
  }
  if (objective) {
    put(state, ";");
    return 0;
  }
  snprintf(number, sizeof number, "%s %" PRId64 ";", relation, bound);
  put(state, number);
  return 0;
}

nq_status nq_instance_gbd_hash(const char *path, const volatile sig_atomic_t *stop, char hash[33],
                               char *error, size_t error_size) {
  hash_state state;
  nq_md5_init(&state.md5);
  state.clauses_so_far = 0;
  nq_formula_visitor visitor = {&state, hash_clause, hash_constraint, stop};
  nq_status status = nq_instance_scan(path, &visitor, error, error_size);
  nq_md5_final_hex(&state.md5, hash);
  return status;
}

/* ---- The clause multiset hash ---------------------------------------------
 * Each clause (its literals sorted) or constraint (its terms sorted, then
 * the relation and bound) is hashed on its own with two seeds, and the
 * hashes are added: a sum does not depend on the order of the items, and
 * each item counts as often as it occurs. The mixing is splitmix64's
 * finalizer (S. Vigna, public domain description). */
typedef struct multiset_state {
  uint64_t sum[2];
  uint64_t items;
  int64_t *sorted;
  size_t capacity;
  int out_of_memory;
} multiset_state;

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

static int compare_int64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

static int64_t *room(multiset_state *state, size_t count) {
  if (count > state->capacity) {
    int64_t *grown = realloc(state->sorted, count * sizeof *grown);
    if (!grown) {
      state->out_of_memory = 1;
      return NULL;
    }
    state->sorted = grown;
    state->capacity = count;
  }
  return state->sorted;
}

static void add_item(multiset_state *state, const int64_t *values, size_t count, uint64_t tail) {
  for (int seed = 0; seed < 2; seed++) {
    uint64_t h = mix((uint64_t)seed * 0x51ed270b27a3f5c1u + count);
    for (size_t i = 0; i < count; i++)
      h = mix(h ^ (uint64_t)values[i]);
    state->sum[seed] += mix(h ^ tail);
  }
  state->items++;
}

static int multiset_clause(void *context, const int *literals, size_t count) {
  multiset_state *state = context;
  int64_t *sorted = room(state, count ? count : 1);
  if (!sorted)
    return 1;
  for (size_t i = 0; i < count; i++)
    sorted[i] = literals[i];
  qsort(sorted, count, sizeof *sorted, compare_int64);
  add_item(state, sorted, count, 0);
  return 0;
}

static int multiset_constraint(void *context, const nq_pb_term *terms, size_t count,
                               const char *relation, int64_t bound) {
  multiset_state *state = context;
  /* A term as one number: the signed literal in the low 32 bits, the
   * coefficient's own hash above (terms sort by literal, then by it). */
  int64_t *sorted = room(state, 2 * count + 1);
  if (!sorted)
    return 1;
  for (size_t i = 0; i < count; i++)
    sorted[i] = (int64_t)((uint64_t)mix((uint64_t)terms[i].coefficient) << 32 |
                          (uint32_t)(terms[i].negated ? -terms[i].variable : terms[i].variable));
  qsort(sorted, count, sizeof *sorted, compare_int64);
  uint64_t tail = mix((uint64_t)bound);
  for (const char *p = relation; *p; p++)
    tail = mix(tail ^ (unsigned char)*p);
  add_item(state, sorted, count, tail);
  return 0;
}

nq_status nq_instance_multiset_hash(const char *path, const volatile sig_atomic_t *stop,
                                    nq_multiset_hash *hash, char *error, size_t error_size) {
  multiset_state state;
  memset(&state, 0, sizeof state);
  nq_formula_visitor visitor = {&state, multiset_clause, multiset_constraint, stop};
  nq_status status = nq_instance_scan(path, &visitor, error, error_size);
  if (state.out_of_memory) {
    snprintf(error, error_size, "%s: out of memory", path);
    status = NQ_ERR_MEMORY;
  }
  free(state.sorted);
  hash->sum[0] = state.sum[0];
  hash->sum[1] = state.sum[1];
  hash->items = state.items;
  return status;
}
