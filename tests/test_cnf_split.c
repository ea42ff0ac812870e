/* Every way of enumerating a DIMACS file finds the same models.
 *  - random 3-SAT formulas on up to 14 variables, with and without a
 *    projection line, variables numbered sparsely (the compact numbering)
 *    and declared far beyond their use: count and the set of projected
 *    models against brute force over every assignment, in every mode
 *    (split on/off, shrinking on/off, symmetry on/off, 1, 2 and 7 threads);
 *  - SATLIB uf20-01 (tests/data/satlib): brute force over 2^20;
 *  - pigeonhole formulas: n pigeons in n holes have n! models, n + 1
 *    pigeons none;
 *  - a file declaring 2^31 - 1 variables and one using variable
 *    100000000: answered with a small peak resident size (getrusage).
 * usage: test_cnf_split DATA_DIR */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "check.h"
#include "nqsat/cnf.h"
#include "nqsat/solver.h"

enum { MAX_BITS = 20 };

typedef struct collected {
  const int *file_bit; /* file variable -> bit (or -1), for the model key */
  int file_bit_size;
  unsigned char *seen; /* [1 << bits] */
  uint64_t models, duplicates, bad;
  const nq_cnf *cnf;
} collected;

static int satisfies(const nq_cnf *cnf, const signed char *compact, const int *file_variables,
                     int count) {
  int clause_true = 0;
  for (size_t i = 0; i < cnf->literal_count; i++) {
    int literal = cnf->literals[i];
    if (!literal) {
      if (!clause_true)
        return 0;
      clause_true = 0;
      continue;
    }
    int low = 1, high = count, value = -1, v = abs(literal);
    while (low <= high) { /* file_variables is ascending */
      int middle = (low + high) / 2;
      if (file_variables[middle] == v) {
        value = compact[middle];
        break;
      }
      if (file_variables[middle] < v)
        low = middle + 1;
      else
        high = middle - 1;
    }
    if (value < 0)
      return 0; /* an occurring variable missing from the model */
    clause_true |= literal > 0 ? value : !value;
  }
  return 1;
}

static int collect(void *context, const signed char *values, const int *file_variables, int count) {
  collected *c = context;
  c->models++;
  if (!satisfies(c->cnf, values, file_variables, count))
    c->bad++;
  unsigned key = 0;
  for (int i = 1; i <= count; i++) {
    int v = file_variables[i];
    if (v < c->file_bit_size && c->file_bit[v] >= 0 && values[i])
      key |= 1u << c->file_bit[v];
  }
  if (c->file_bit_size > 1 && c->seen[key]++)
    c->duplicates++; /* pigeonhole: no key, the count and validity only */
  return 0;
}

typedef struct mode {
  int no_split, no_shrink, no_symmetry, threads;
} mode;

static const mode modes[] = {{1, 1, 1, 1}, {1, 0, 0, 1}, {0, 1, 1, 1}, {0, 0, 1, 2},
                             {0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 0, 7}, {0, 1, 0, 7}};
enum { MODES = sizeof modes / sizeof modes[0] };

/* Runs every mode on `text`; `expected_seen` (may be NULL) is the brute
 * force set over `bits` projected bits, those of the projected variables
 * that occur in a clause; `unused` (-1: not checked) is the number of
 * projected variables that do not (nq_cnf_report.unused_projected).
 * Returns the count of mode 0. */
static char last_group_order[48];

static uint64_t every_mode(const char *label, const char *text, const int *file_bit,
                           int file_bit_size, int bits, const unsigned char *expected_seen,
                           uint64_t expected, int unused) {
  nq_cnf *cnf = NULL;
  char error[512] = "";
  CHECK(nq_cnf_read_memory(text, strlen(text), label, &cnf, error, sizeof error) == NQ_OK, "%s",
        error);
  if (!cnf)
    return 0;
  unsigned char *seen = calloc((size_t)1 << bits, 1);
  for (int m = 0; m < MODES; m++) {
    nq_cnf_options options = {0};
    options.no_split = modes[m].no_split;
    options.no_symmetry = modes[m].no_symmetry;
    options.no_shrink = modes[m].no_shrink;
    options.cube_target = m == 3 ? 7 : 0;
    nq_solver_control control = {0};
    control.threads = modes[m].threads;
    nq_cnf_plan *plan = NULL;
    nq_cnf_report report;
    CHECK(nq_cnf_plan_make(cnf, &options, &control, &plan, &report) == NQ_OK, "%s", label);
    if (plan && !modes[m].no_symmetry)
      memcpy(last_group_order, report.group_order, sizeof last_group_order);
    if (!plan)
      continue;
    CHECK(unused < 0 || report.unused_projected == unused, "%s: %d unused projected, expected %d",
          label, report.unused_projected, unused);
    memset(seen, 0, (size_t)1 << bits);
    collected c = {file_bit, file_bit_size, seen, 0, 0, 0, cnf};
    nq_enumeration result;
    CHECK(nq_cnf_plan_enumerate(plan, 0, &control, collect, &c, &result) == NQ_OK &&
              result.complete,
          "%s mode %d", label, m);
    CHECK(result.solutions == expected && c.models == expected,
          "%s mode %d: %llu models (%llu listed), expected %llu", label, m,
          (unsigned long long)result.solutions, (unsigned long long)c.models,
          (unsigned long long)expected);
    CHECK(!c.duplicates && !c.bad, "%s mode %d: %llu duplicates, %llu not models", label, m,
          (unsigned long long)c.duplicates, (unsigned long long)c.bad);
    if (expected_seen)
      for (size_t key = 0; key < (size_t)1 << bits; key++)
        if (!!seen[key] != !!expected_seen[key]) {
          CHECK(0, "%s mode %d: model set differs at key %zx", label, m, key);
          break;
        }
    nq_enumeration counted;
    CHECK(nq_cnf_plan_enumerate(plan, 0, &control, NULL, NULL, &counted) == NQ_OK &&
              counted.solutions == expected,
          "%s mode %d --count: %llu", label, m, (unsigned long long)counted.solutions);
    nq_cnf_plan_free(plan);
  }
  free(seen);
  nq_cnf_free(cnf);
  return expected;
}

static uint64_t state = 0x9e3779b97f4a7c15u;
static unsigned next_random(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (unsigned)(state >> 11);
}

static void random_formulas(void) {
  enum { VARS = 14 };
  static unsigned char expected_seen[1 << VARS];
  for (int round = 0; round < 60; round++) {
    int vars = 6 + (int)(next_random() % (VARS - 5)); /* 6..14 */
    int clauses = (int)(next_random() % (unsigned)(4 * vars + 1));
    /* Every third round from 30: each clause with its sign-flipped twin, so
     * flipping every sign is a symmetry (one the rules never use: it sends
     * projection literals to negated ones). */
    int flipped = round >= 30 && round % 3 == 1;
    if (flipped && clauses > 30)
      clauses = 30;
    int projected_line = round % 3 != 0;
    /* Variable k (0-based) is file variable 1 + k * 7919: sparse, and the
     * header declares far more. */
    int file_of[VARS];
    for (int k = 0; k < vars; k++)
      file_of[k] = 1 + k * 7919;
    int formula[64][3];
    char text[8192];
    size_t used = 0;
    int in_projection[VARS] = {0};
    used += (size_t)snprintf(text + used, sizeof text - used, "p cnf 2000000 %d\n", clauses);
    if (projected_line) {
      used += (size_t)snprintf(text + used, sizeof text - used, "c ind");
      for (int k = 0; k < vars; k++)
        if (next_random() % 3) {
          in_projection[k] = 1;
          used += (size_t)snprintf(text + used, sizeof text - used, " %d", file_of[k]);
        }
      used += (size_t)snprintf(text + used, sizeof text - used, " 0\n");
    }
    int occurs[VARS] = {0};
    for (int c = 0; c < clauses; c++) {
      for (int j = 0; j < 3; j++) {
        int k = (int)(next_random() % (unsigned)vars);
        formula[c][j] = next_random() % 2 ? k + 1 : -(k + 1);
        if (flipped && c % 2 == 1)
          formula[c][j] = -formula[c - 1][j], k = abs(formula[c][j]) - 1;
        occurs[k] = 1;
        used += (size_t)snprintf(text + used, sizeof text - used, "%d ",
                                 formula[c][j] > 0 ? file_of[k] : -file_of[k]);
      }
      used += (size_t)snprintf(text + used, sizeof text - used, "0\n");
    }
    /* The projection: the line's variables, else every declared
     * variable; only those that occur in a clause are enumerated, the
     * others are the report's unused_projected (nqsat/solver.h). Bits in
     * file order. */
    static int file_bit[1 + (VARS - 1) * 7919 + 1];
    memset(file_bit, -1, sizeof file_bit);
    int bits = 0, bit_of[VARS], unused = 0, occurring = 0;
    for (int k = 0; k < vars; k++) {
      occurring += occurs[k];
      unused += projected_line && in_projection[k] && !occurs[k];
      int projected = (projected_line ? in_projection[k] : 1) && occurs[k];
      bit_of[k] = projected ? bits : -1;
      if (projected)
        file_bit[file_of[k]] = bits++;
    }
    memset(expected_seen, 0, sizeof expected_seen);
    uint64_t expected = 0;
    for (unsigned assignment = 0; assignment < (1u << vars); assignment++) {
      int ok = 1;
      for (int c = 0; c < clauses && ok; c++) {
        int clause_true = 0;
        for (int j = 0; j < 3; j++) {
          int k = abs(formula[c][j]) - 1, value = (assignment >> k) & 1;
          clause_true |= formula[c][j] > 0 ? value : !value;
        }
        ok = clause_true;
      }
      if (!ok)
        continue;
      unsigned key = 0;
      for (int k = 0; k < vars; k++)
        if (bit_of[k] >= 0 && ((assignment >> k) & 1))
          key |= 1u << bit_of[k];
      if (!expected_seen[key]) /* a flag: a byte counter would wrap */
        expected_seen[key] = 1, expected++;
    }
    char label[64];
    snprintf(label, sizeof label, "random round %d", round);
    if (!projected_line)
      unused = 2000000 - occurring;
    every_mode(label, text, file_bit, (int)(sizeof file_bit / sizeof *file_bit), bits,
               expected_seen, expected, unused);
  }
}

static char *slurp(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *data = malloc((size_t)size + 1);
  size_t got = data ? fread(data, 1, (size_t)size, file) : 0;
  fclose(file);
  if (data)
    data[got] = 0;
  return data;
}

/* uf20-01: brute force over all 2^20 assignments. */
static void satlib_uf20(const char *dir) {
  char path[1024];
  snprintf(path, sizeof path, "%s/satlib/uf20-01.cnf", dir);
  char *text = slurp(path);
  CHECK(text != NULL, "%s", path);
  if (!text)
    return;
  nq_cnf *cnf = NULL;
  char error[512];
  CHECK(nq_cnf_read_memory(text, strlen(text), path, &cnf, error, sizeof error) == NQ_OK, "%s",
        error);
  if (!cnf) {
    free(text);
    return;
  }
  CHECK(cnf->max_variable == 20, "uf20 has %d variables", cnf->max_variable);
  static unsigned char expected_seen[1 << 20];
  uint64_t expected = 0;
  for (unsigned assignment = 0; assignment < (1u << 20); assignment++) {
    int clause_true = 0, ok = 1;
    for (size_t i = 0; i < cnf->literal_count && ok; i++) {
      int literal = cnf->literals[i];
      if (!literal) {
        ok = clause_true;
        clause_true = 0;
        continue;
      }
      int value = (assignment >> (abs(literal) - 1)) & 1;
      clause_true |= literal > 0 ? value : !value;
    }
    if (ok)
      expected_seen[assignment] = 1, expected++;
  }
  nq_cnf_free(cnf);
  static int file_bit[21];
  for (int v = 0; v <= 20; v++)
    file_bit[v] = v - 1;
  CHECK(expected > 0, "uf20-01 is satisfiable");
  every_mode("uf20-01", text, file_bit, 21, 20, expected_seen, expected, -1);
  free(text);
}

/* Pigeons into holes, at most one pigeon per hole, every pigeon somewhere
 * and in one hole only: p pigeons, h = p holes give p! models. */
static void pigeonhole(void) {
  for (int holes = 1; holes <= 6; holes++)
    for (int extra = 0; extra <= 2; extra++) {
      /* extra 2: n pigeons, n holes, projected on pigeon 0's variables,
       * which breaks the pigeon symmetry: n projected models. */
      int projected = extra == 2;
      int pigeons = holes + (extra == 1);
      char *text = malloc(1 << 16);
      size_t used = 0;
      if (projected) {
        used += (size_t)snprintf(text + used, 1 << 16, "c ind");
        for (int h = 0; h < holes; h++)
          used += (size_t)snprintf(text + used, (1 << 16) - used, " %d", h + 1);
        used += (size_t)snprintf(text + used, (1 << 16) - used, " 0\n");
      }
      int clauses =
          pigeons + pigeons * holes * (holes - 1) / 2 + holes * pigeons * (pigeons - 1) / 2;
      used += (size_t)snprintf(text + used, (1 << 16) - used, "p cnf %d %d\n", pigeons * holes,
                               clauses);
#define X(p, h) ((p)*holes + (h) + 1)
      for (int p = 0; p < pigeons; p++) {
        for (int h = 0; h < holes; h++)
          used += (size_t)snprintf(text + used, (1 << 16) - used, "%d ", X(p, h));
        used += (size_t)snprintf(text + used, (1 << 16) - used, "0\n");
        for (int h = 0; h < holes; h++)
          for (int g = h + 1; g < holes; g++)
            used +=
                (size_t)snprintf(text + used, (1 << 16) - used, "-%d -%d 0\n", X(p, h), X(p, g));
      }
      for (int h = 0; h < holes; h++)
        for (int p = 0; p < pigeons; p++)
          for (int q = p + 1; q < pigeons; q++)
            used +=
                (size_t)snprintf(text + used, (1 << 16) - used, "-%d -%d 0\n", X(p, h), X(q, h));
#undef X
      uint64_t expected = 1;
      for (int k = 2; k <= holes; k++)
        expected *= (uint64_t)k;
      if (extra == 1)
        expected = 0;
      if (projected)
        expected = (uint64_t)holes;
      char label[64];
      snprintf(label, sizeof label, "pigeonhole %d into %d%s", pigeons, holes,
               projected ? " projected" : "");
      static int no_bits[1] = {-1};
      every_mode(label, text, no_bits, 1, 1, NULL, expected, -1);
      /* The group: pigeons and holes permuted, p! h! (typed: 1! 1! = 1,
       * 2!1! = 2, ... for extra 1: (n+1)! n!). */
      if (!projected && holes >= 2 && holes <= 4) {
        uint64_t order = 1;
        for (int k = 2; k <= pigeons; k++)
          order *= (uint64_t)k;
        for (int k = 2; k <= holes; k++)
          order *= (uint64_t)k;
        char text_order[48];
        snprintf(text_order, sizeof text_order, "%llu", (unsigned long long)order);
        CHECK(!strcmp(last_group_order, text_order), "%s: group order %s, expected %s", label,
              last_group_order, text_order);
      }
      free(text);
    }
}

static long peak_kib(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/* Declared and used variables far beyond what occurs: no table follows the
 * header or the largest variable. Peak RSS grows by less than 64 MiB (the
 * old path: gigabytes, or an abort inside PicoSAT). */
static void huge_variables(void) {
  static const char *const texts[] = {"p cnf 2147483647 1\n2147483647 0\n",
                                      "p cnf 100000000 1\n100000000 0\n",
                                      "p cnf 2147483647 2\n-2147483647 5 0\n2147483647 0\n"};
  static const uint64_t expected[] = {1, 1, 1};
  long before = peak_kib();
  for (int i = 0; i < 3; i++) {
    nq_cnf *cnf = NULL;
    char error[512];
    CHECK(nq_cnf_read_memory(texts[i], strlen(texts[i]), "huge", &cnf, error, sizeof error) ==
              NQ_OK,
          "%s", error);
    if (!cnf)
      continue;
    nq_enumeration result;
    CHECK(nq_solver_enumerate_cnf(cnf, 0, NULL, NULL, NULL, &result) == NQ_OK &&
              result.solutions == expected[i],
          "huge %d: %llu models", i, (unsigned long long)result.solutions);
    nq_cnf_free(cnf);
  }
  long grown = peak_kib() - before;
  CHECK(grown < 64 * 1024, "peak resident size grew by %ld KiB", grown);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: test_cnf_split DATA_DIR\n");
    return 2;
  }
  huge_variables();
  random_formulas();
  pigeonhole();
  satlib_uf20(argv[1]);
  return check_report("test_cnf_split");
}
