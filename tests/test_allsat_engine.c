/* The all-solutions engine (solver/allsat_engine.c) against brute force:
 * random formulas of up to 16 variables, with and without a projection,
 * with and without partial models, whole or split into cubes given as
 * assumptions to one engine (learned clauses carried between them).
 * Every reported model is expanded over its free variables and each
 * expansion checked: it satisfies every clause, lies in its cube, and no
 * projected model is reported twice; the number of them equals the
 * brute-force count of projections of satisfying assignments. The same
 * again with the static decision order (allsat_order.c) in place of
 * VSIDS, whose ranks must be a permutation of the variables. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "allsat_engine.h"
#include "allsat_order.h"
#include "check.h"

enum { MAX_VARS = 16 };

typedef struct formula {
  int variables;
  int literals[4096];
  size_t literal_count;
  unsigned char projected[MAX_VARS + 1];
} formula;

static uint64_t next_random(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

static void random_formula(formula *f, uint64_t *seed) {
  f->variables = 1 + (int)(next_random(seed) % MAX_VARS);
  int clauses = (int)(next_random(seed) % (size_t)(4 * f->variables + 1));
  f->literal_count = 0;
  for (int c = 0; c < clauses; c++) {
    int width = 1 + (int)(next_random(seed) % 4);
    for (int k = 0; k < width; k++) {
      int v = 1 + (int)(next_random(seed) % (uint64_t)f->variables);
      f->literals[f->literal_count++] = next_random(seed) & 1 ? v : -v;
    }
    f->literals[f->literal_count++] = 0;
  }
  int all = next_random(seed) % 3 == 0;
  for (int v = 1; v <= f->variables; v++)
    f->projected[v] = all || (next_random(seed) & 1);
}

static int satisfies(const formula *f, uint32_t bits) {
  int clause_true = 0;
  for (size_t i = 0; i < f->literal_count; i++) {
    int l = f->literals[i];
    if (l == 0) {
      if (!clause_true)
        return 0;
      clause_true = 0;
      continue;
    }
    int value = (bits >> (abs(l) - 1)) & 1;
    if ((l > 0) == value)
      clause_true = 1;
  }
  return 1;
}

static uint32_t projection_mask(const formula *f) {
  uint32_t mask = 0;
  for (int v = 1; v <= f->variables; v++)
    if (f->projected[v])
      mask |= 1u << (v - 1);
  return mask;
}

/* Projected models, marked in seen[] (indexed by the projected bits). */
static uint64_t brute_force(const formula *f, unsigned char *seen) {
  uint32_t mask = projection_mask(f);
  uint64_t count = 0;
  for (uint32_t bits = 0; bits < (1u << f->variables); bits++)
    if (satisfies(f, bits) && !seen[bits & mask]) {
      seen[bits & mask] = 1;
      count++;
    }
  return count;
}

typedef struct collected {
  const formula *f;
  unsigned char *reported; /* by projected bits */
  const int *cube;
  size_t cube_size;
  uint64_t count;
  int errors;
} collected;

static int on_model(void *context, const signed char *values, int free_count) {
  collected *c = context;
  const formula *f = c->f;
  int free_vars[MAX_VARS], n = 0;
  uint32_t base = 0;
  for (int v = 1; v <= f->variables; v++) {
    if (values[v] < 0) {
      free_vars[n++] = v;
      if (!f->projected[v])
        c->errors++;
    } else if (values[v]) {
      base |= 1u << (v - 1);
    }
  }
  if (n != free_count)
    c->errors++;
  uint32_t mask = projection_mask(f);
  for (uint32_t combination = 0; combination < (1u << n); combination++) {
    uint32_t bits = base;
    for (int k = 0; k < n; k++)
      if ((combination >> k) & 1)
        bits |= 1u << (free_vars[k] - 1);
    if (!satisfies(f, bits))
      c->errors++;
    for (size_t i = 0; i < c->cube_size; i++) {
      int l = c->cube[i];
      if (((bits >> (abs(l) - 1)) & 1) != (l > 0))
        c->errors++;
    }
    if (c->reported[bits & mask]++)
      c->errors++;
    c->count++;
  }
  return 0;
}

/* Sets the engine's static order, checking that its ranks are a
 * permutation of 0..variables-1; with `partial`, only the first half of
 * the variables are ranked (the rest are decided after them). */
static void set_static_order(allsat_engine *engine, const formula *f, int partial, int round) {
  int rank[MAX_VARS + 1];
  unsigned char used[MAX_VARS] = {0};
  CHECK(allsat_order_by_links(f->variables, f->literals, f->literal_count, rank) == 0,
        "round %d: order", round);
  for (int v = 1; v <= f->variables; v++) {
    int ok = rank[v] >= 0 && rank[v] < f->variables && !used[rank[v]];
    CHECK(ok, "round %d: rank of %d is %d", round, v, rank[v]);
    if (ok)
      used[rank[v]] = 1;
  }
  int ranked = partial ? f->variables / 2 : f->variables;
  CHECK(allsat_engine_set_order(engine, rank, ranked) == 0, "round %d: set order", round);
}

/* ordered: 0 VSIDS, 1 the static order, 2 the static order on half of
 * the variables. */
static void run_one(const formula *f, int max_free, int split, int ordered, int round) {
  unsigned char *truth = calloc((size_t)1 << MAX_VARS, 1);
  unsigned char *reported = calloc((size_t)1 << MAX_VARS, 1);
  uint64_t expected = brute_force(f, truth);
  allsat_engine *engine =
      allsat_engine_new(f->variables, f->projected, f->literals, f->literal_count);
  CHECK(engine != NULL, "round %d: engine", round);
  if (!engine) {
    free(truth);
    free(reported);
    return;
  }
  allsat_engine_set_max_free(engine, max_free);
  if (ordered)
    set_static_order(engine, f, ordered == 2, round);
  collected c = {f, reported, NULL, 0, 0, 0};
  /* Cubes: every sign combination of the first `split` projection
   * variables (or none). */
  int split_vars[3], split_count = 0;
  for (int v = 1; v <= f->variables && split_count < split; v++)
    if (f->projected[v])
      split_vars[split_count++] = v;
  for (int cube = 0; cube < (1 << split_count); cube++) {
    int literals[3];
    for (int k = 0; k < split_count; k++)
      literals[k] = (cube >> k) & 1 ? split_vars[k] : -split_vars[k];
    c.cube = literals;
    c.cube_size = (size_t)split_count;
    nq_status status =
        allsat_engine_enumerate(engine, literals, (size_t)split_count, 1, on_model, NULL, &c);
    CHECK(status == NQ_OK, "round %d: status %d", round, (int)status);
  }
  CHECK(c.errors == 0, "round %d (max_free %d, split %d, ordered %d): %d bad models", round,
        max_free, split, ordered, c.errors);
  CHECK(c.count == expected,
        "round %d (max_free %d, split %d, ordered %d): %llu models, brute force %llu", round,
        max_free, split, ordered, (unsigned long long)c.count, (unsigned long long)expected);
  allsat_engine_free(engine);
  free(truth);
  free(reported);
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 800;
  uint64_t seed = 0x9E3779B97F4A7C15ull;
  formula f;
  for (int round = 0; round < rounds; round++) {
    random_formula(&f, &seed);
    run_one(&f, 0, 0, 0, round);
    run_one(&f, 62, 0, 0, round);
    run_one(&f, 2, 2, 0, round);
    run_one(&f, 62, 3, 0, round);
    run_one(&f, 0, 0, 1, round);
    run_one(&f, 0, 3, 1, round);
    run_one(&f, 62, 2, 1, round);
    run_one(&f, 0, 2, 2, round);
  }
  return check_report("allsat_engine");
}
