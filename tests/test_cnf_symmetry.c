/* Symmetries of CNF formulas (solver/cnf_symmetry.c, nauty) and orbits of
 * projected models (solver/cnf_orbit.c), against facts found without them:
 *   - pigeonhole PHP(n+1, n), n = 2..10: group order (n+1)! * n!, by
 *     factorials;
 *   - `nqsat encode 8` (pairwise): order 4, with --redundant 8,
 *     --amo seq (projected on the queens) 4; every generator is checked to
 *     map the clause set onto itself and to act on the board as one of the
 *     board's 8 symmetries (only the 4 keeping rows as rows without
 *     --redundant);
 *   - small formulas: the group order equals a brute-force count over every
 *     signed permutation of the variables that keeps the projection rule
 *     and the clause set; every generator maps models to models; orbits
 *     equal brute-force orbits;
 *   - a formula whose only symmetry is a sign flip: dropped when it would
 *     negate a projection literal, kept when it only flips others;
 *   - a projection set that breaks part of the pigeonhole symmetry;
 *   - orbits of the 92 eight-queens boards: sizes equal the board-symmetry
 *     orbits computed here by rotating/reflecting boards, and the orbits of
 *     --redundant number 12 (OEIS A002562).
 * Without nauty in the build the test reports itself skipped (exit 77). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cnf_symmetry.h"
#include "check.h"
#include "nqsat/cnf.h"
#include "nqsat/encoder.h"

/* --- formulas ---------------------------------------------------------- */

typedef struct formula {
  int variables;
  int *literals;
  size_t count, capacity;
  unsigned char *projected; /* NULL = all */
} formula;

static void push(formula *f, int literal) {
  if (f->count == f->capacity) {
    f->capacity = f->capacity ? 2 * f->capacity : 64;
    f->literals = realloc(f->literals, f->capacity * sizeof(int));
    if (!f->literals)
      abort();
  }
  f->literals[f->count++] = literal;
  if (abs(literal) > f->variables)
    f->variables = abs(literal);
}

static void add_clause(formula *f, const int *literals, int size) {
  for (int i = 0; i < size; i++)
    push(f, literals[i]);
  push(f, 0);
}

static void free_formula(formula *f) {
  free(f->literals);
  free(f->projected);
  memset(f, 0, sizeof *f);
}

static cnf_formula_view view_of(const formula *f) {
  cnf_formula_view view = {f->variables, f->literals, f->count, f->projected};
  return view;
}

static double order_of(const cnf_symmetry_group *group) {
  return group->order_mantissa * pow(10.0, group->order_exponent);
}

static int detect(const formula *f, cnf_symmetry_group *group) {
  cnf_formula_view view = view_of(f);
  char error[200];
  nq_status status = cnf_symmetry_detect(&view, 60.0, NULL, group, error, sizeof error);
  CHECK(status == NQ_OK, "detection failed: %s", error);
  return status == NQ_OK;
}

static double factorial(int n) {
  double result = 1;
  for (int i = 2; i <= n; i++)
    result *= i;
  return result;
}

/* The rule: projection set to itself, projection literals never negated. */
static int keeps_rule(const formula *f, const int *image) {
  for (int v = 1; v <= f->variables; v++) {
    int p = !f->projected || f->projected[v];
    int q = !f->projected || f->projected[abs(image[v])];
    if (p != q || (p && image[v] < 0))
      return 0;
  }
  return 1;
}

/* Every clause's image is a clause of the formula (a sorted-literal compare,
 * independent of the graph nauty saw). */
static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int clause_in(const formula *f, int *clause, int size) {
  qsort(clause, (size_t)size, sizeof(int), compare_ints);
  int other[64];
  size_t i = 0;
  while (i < f->count) {
    int length = 0;
    while (f->literals[i])
      other[length++] = f->literals[i++];
    i++;
    qsort(other, (size_t)length, sizeof(int), compare_ints);
    if (length == size && !memcmp(other, clause, (size_t)size * sizeof(int)))
      return 1;
  }
  return 0;
}

static int preserves_clauses(const formula *f, const int *image) {
  int clause[64];
  size_t i = 0;
  while (i < f->count) {
    int length = 0;
    while (f->literals[i]) {
      int literal = f->literals[i++];
      clause[length++] = literal > 0 ? image[literal] : -image[-literal];
    }
    i++;
    if (!clause_in(f, clause, length))
      return 0;
  }
  return 1;
}

static void check_generators(const formula *f, const cnf_symmetry_group *group, const char *name) {
  for (int g = 0; g < group->generator_count; g++) {
    CHECK(keeps_rule(f, group->generators[g]), "%s: generator %d breaks the projection rule", name,
          g);
    CHECK(preserves_clauses(f, group->generators[g]), "%s: generator %d is no symmetry", name, g);
  }
  for (int g = 0; g < group->projected_generator_count; g++)
    for (int v = 1; v <= f->variables; v++) {
      int image = group->projected_generators[g][v];
      int projected = !f->projected || f->projected[v];
      CHECK(projected ? image >= 1 && (!f->projected || f->projected[image]) : image == v,
            "%s: projected generator %d maps %d to %d", name, g, v, image);
    }
}

/* --- pigeonhole -------------------------------------------------------- */

static int pigeon(int n, int p, int h) { return p * n + h + 1; }

static void pigeonhole(formula *f, int n) {
  for (int p = 0; p <= n; p++) {
    int clause[16] = {0};
    for (int h = 0; h < n; h++)
      clause[h] = pigeon(n, p, h);
    add_clause(f, clause, n);
  }
  for (int h = 0; h < n; h++)
    for (int p = 0; p <= n; p++)
      for (int q = p + 1; q <= n; q++) {
        int clause[2] = {-pigeon(n, p, h), -pigeon(n, q, h)};
        add_clause(f, clause, 2);
      }
}

static void test_pigeonhole(void) {
  /* n = 10: 110 variables, order 144850083840000, still exact in a double
   * and under 10^15, so the text is the whole number too. */
  for (int n = 2; n <= 10; n++) {
    formula f = {0};
    pigeonhole(&f, n);
    cnf_symmetry_group group;
    if (!detect(&f, &group))
      continue;
    double expected = factorial(n + 1) * factorial(n);
    CHECK(fabs(order_of(&group) - expected) < 1e-9 * expected, "PHP(%d,%d): order %g, expected %g",
          n + 1, n, order_of(&group), expected);
    char text[48];
    snprintf(text, sizeof text, "%.0f", expected);
    CHECK(!strcmp(group.order_text, text), "PHP n=%d: order text %s, expected %s", n,
          group.order_text, text);
    CHECK(group.projected_order == (uint64_t)expected, "PHP n=%d: projected order %llu", n,
          (unsigned long long)group.projected_order);
    if (n <= 6) /* the clause-by-clause check is quadratic */
      check_generators(&f, &group, "pigeonhole");
    cnf_symmetry_free(&group);
    if (n > 8) { /* 9! elements to list would pass the enumeration cap */
      free_formula(&f);
      continue;
    }

    /* Projection: pigeon 0's variables only. A kept symmetry maps pigeon 0
     * to itself: the other n pigeons and the n holes still permute freely,
     * n! * n!; on the projection set it acts as S_n on pigeon 0's holes. */
    f.projected = calloc((size_t)f.variables + 1, 1);
    for (int h = 0; h < n; h++)
      f.projected[pigeon(n, 0, h)] = 1;
    if (detect(&f, &group)) {
      expected = factorial(n) * factorial(n);
      CHECK(fabs(order_of(&group) - expected) < 1e-9 * expected,
            "PHP n=%d projected on pigeon 0: order %g, expected %g", n, order_of(&group), expected);
      CHECK(group.projected_order == (uint64_t)factorial(n), "PHP n=%d: projected order %llu", n,
            (unsigned long long)group.projected_order);
      if (n <= 6)
        check_generators(&f, &group, "pigeonhole, pigeon 0 projected");
      cnf_symmetry_free(&group);
    }
    free_formula(&f);
  }
  /* Repeated clauses and repeated literals change nothing: a clause is a
   * set of literals, and the formula a set of clauses. */
  formula f = {0};
  pigeonhole(&f, 3);
  pigeonhole(&f, 3);
  int repeated[3] = {pigeon(3, 0, 0), pigeon(3, 0, 0), pigeon(3, 0, 1)};
  add_clause(&f, repeated, 3);
  cnf_symmetry_group group;
  if (detect(&f, &group)) {
    /* (p00 v p01) breaks pigeon symmetry: pigeon 0 is fixed, holes 0 and 1
     * may swap (hole 2 is then fixed): 3! * 2!. */
    double expected = factorial(3) * factorial(2);
    CHECK(order_of(&group) == expected, "PHP(4,3) twice + (p00 v p01): order %g, expected %g",
          order_of(&group), expected);
    cnf_symmetry_free(&group);
  }
  free_formula(&f);
}

/* --- N-Queens from the encoder library --------------------------------- */

static int collect_clause(void *context, const int *literals, size_t count) {
  add_clause(context, literals, (int)count);
  return 0;
}

static void queens_formula(formula *f, int n, nq_amo amo, int redundant) {
  nq_encoding encoding;
  memset(&encoding, 0, sizeof encoding);
  encoding.n = n;
  encoding.amo = amo;
  encoding.redundant = redundant;
  nq_clause_sink sink = {f, collect_clause};
  nq_status status = nq_encoder_generate(&encoding, &sink);
  CHECK(status == NQ_OK, "encoder failed for N=%d", n);
  if (f->variables > n * n) { /* auxiliary variables: project on the queens */
    f->projected = calloc((size_t)f->variables + 1, 1);
    for (int v = 1; v <= n * n; v++)
      f->projected[v] = 1;
  }
}

/* The board's symmetries on square (r, c): t in 0..7; 0..3 keep rows as
 * rows (identity, mirror left-right, mirror top-bottom, half turn). */
static void board_map(int t, int n, int r, int c, int *rr, int *cc) {
  int m = n - 1;
  switch (t) {
  case 0: *rr = r, *cc = c; break;
  case 1: *rr = r, *cc = m - c; break;
  case 2: *rr = m - r, *cc = c; break;
  case 3: *rr = m - r, *cc = m - c; break;
  case 4: *rr = c, *cc = r; break;
  case 5: *rr = c, *cc = m - r; break;
  case 6: *rr = m - c, *cc = r; break;
  default: *rr = m - c, *cc = m - r; break;
  }
}

static int board_symmetry_of(int n, const int *image) {
  for (int t = 0; t < 8; t++) {
    int same = 1;
    for (int r = 0; r < n && same; r++)
      for (int c = 0; c < n && same; c++) {
        int rr, cc;
        board_map(t, n, r, c, &rr, &cc);
        same = image[r * n + c + 1] == rr * n + cc + 1;
      }
    if (same)
      return t;
  }
  return -1;
}

static void test_queens_groups(void) {
  struct {
    nq_amo amo;
    int redundant;
    double order;
    const char *name;
  } cases[] = {
      {NQ_AMO_PAIRWISE, 0, 4, "pairwise"},
      {NQ_AMO_PAIRWISE, 1, 8, "pairwise --redundant"},
      /* Not 1, as one might guess: Sinz's counter on x1..xk with s1..s(k-1)
       * is mapped onto itself by reversing the line and sending s(i) to
       * -s(k-i) (worked through clause by clause in docs/solver.md), and
       * only the projection (queen) literals may not be negated. */
      {NQ_AMO_SEQUENTIAL, 0, 4, "seq"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    formula f = {0};
    queens_formula(&f, 8, cases[i].amo, cases[i].redundant);
    cnf_symmetry_group group;
    if (detect(&f, &group)) {
      CHECK(order_of(&group) == cases[i].order, "N=8 %s: order %g, expected %g", cases[i].name,
            order_of(&group), cases[i].order);
      CHECK(group.projected_order == (uint64_t)cases[i].order, "N=8 %s: projected order %llu",
            cases[i].name, (unsigned long long)group.projected_order);
      check_generators(&f, &group, cases[i].name);
      for (int g = 0; g < group.projected_generator_count; g++) {
        int t = board_symmetry_of(8, group.projected_generators[g]);
        CHECK(t >= 1 && (cases[i].redundant || t <= 3), "N=8 %s: generator %d is board symmetry %d",
              cases[i].name, g, t);
      }
      cnf_symmetry_free(&group);
    }
    free_formula(&f);
  }
}

/* --- orbits of the 92 boards ------------------------------------------- */

#define QN 8
static int boards[100][QN];
static int board_count;

static void place(int *columns, int row) {
  if (row == QN) {
    if (board_count < 100)
      memcpy(boards[board_count], columns, sizeof boards[0]);
    board_count++;
    return;
  }
  for (int c = 0; c < QN; c++) {
    int free_square = 1;
    for (int r = 0; r < row && free_square; r++)
      free_square = columns[r] != c && abs(columns[r] - c) != row - r;
    if (free_square) {
      columns[row] = c;
      place(columns, row + 1);
    }
  }
}

static int is_board(const signed char *values) {
  int columns[QN], queens = 0;
  for (int r = 0; r < QN; r++) {
    columns[r] = -1;
    for (int c = 0; c < QN; c++)
      if (values[r * QN + c + 1]) {
        if (columns[r] >= 0)
          return 0;
        columns[r] = c;
        queens++;
      }
  }
  if (queens != QN)
    return 0;
  for (int r = 0; r < QN; r++)
    for (int s = r + 1; s < QN; s++)
      if (columns[r] == columns[s] || abs(columns[r] - columns[s]) == s - r)
        return 0;
  return 1;
}

/* Boards as 64-bit masks; the orbit under symmetries 0..transforms-1. */
static uint64_t board_mask(int t, const int *columns) {
  uint64_t mask = 0;
  for (int r = 0; r < QN; r++) {
    int rr, cc;
    board_map(t, QN, r, columns[r], &rr, &cc);
    mask |= (uint64_t)1 << (rr * QN + cc);
  }
  return mask;
}

static int board_orbit_size(const int *columns, int transforms) {
  uint64_t seen[8];
  int size = 0;
  for (int t = 0; t < transforms; t++) {
    uint64_t mask = board_mask(t, columns);
    int known = 0;
    for (int i = 0; i < size; i++)
      known |= seen[i] == mask;
    if (!known)
      seen[size++] = mask;
  }
  return size;
}

typedef struct visit_log {
  int visits, not_boards;
  uint64_t masks[16];
  int distinct;
} visit_log;

static int log_visit(void *context, const signed char *values) {
  visit_log *log = context;
  log->visits++;
  if (!is_board(values))
    log->not_boards++;
  uint64_t mask = 0;
  for (int s = 0; s < QN * QN; s++)
    if (values[s + 1])
      mask |= (uint64_t)1 << s;
  int known = 0;
  for (int i = 0; i < log->distinct; i++)
    known |= log->masks[i] == mask;
  if (!known && log->distinct < 16)
    log->masks[log->distinct++] = mask;
  return 0;
}

static void test_queens_orbits(void) {
  int columns[QN];
  place(columns, 0);
  CHECK(board_count == 92, "backtracking found %d boards, not 92", board_count);
  for (int redundant = 0; redundant <= 1; redundant++) {
    formula f = {0};
    queens_formula(&f, QN, NQ_AMO_PAIRWISE, redundant);
    cnf_symmetry_group group;
    if (!detect(&f, &group)) {
      free_formula(&f);
      continue;
    }
    cnf_formula_view view = view_of(&f);
    int transforms = redundant ? 8 : 4, least_count = 0;
    /* Orbits counted here by canonical masks (the least mask of each). */
    uint64_t canonical[92];
    int orbits = 0;
    for (int b = 0; b < board_count && b < 92; b++) {
      signed char values[QN * QN + 1] = {0};
      for (int r = 0; r < QN; r++)
        values[r * QN + boards[b][r] + 1] = 1;
      visit_log log = {0, 0, {0}, 0};
      int least = -1;
      uint64_t size = cnf_symmetry_orbit(&group, &view, values, log_visit, &log, &least);
      int expected = board_orbit_size(boards[b], transforms);
      CHECK(size == (uint64_t)expected, "board %d (redundant %d): orbit %llu, expected %d", b,
            redundant, (unsigned long long)size, expected);
      CHECK(log.visits == expected && log.distinct == expected && !log.not_boards,
            "board %d: %d visits, %d distinct, %d not boards", b, log.visits, log.distinct,
            log.not_boards);
      least_count += least == 1;
      uint64_t smallest = UINT64_MAX;
      for (int t = 0; t < transforms; t++) {
        uint64_t mask = board_mask(t, boards[b]);
        if (mask < smallest)
          smallest = mask;
      }
      int known = 0;
      for (int i = 0; i < orbits; i++)
        known |= canonical[i] == smallest;
      if (!known)
        canonical[orbits++] = smallest;
    }
    if (redundant)
      CHECK(orbits == 12, "board orbits under 8 symmetries: %d, not 12", orbits);
    CHECK(least_count == (redundant ? 12 : orbits), "redundant %d: %d least members, %d orbits",
          redundant, least_count, redundant ? 12 : orbits);
    cnf_symmetry_free(&group);
    free_formula(&f);
  }
}

/* --- sign flips -------------------------------------------------------- */

/* x1..x7 joined by XOR constraints (a v b)(-a v -b) along an asymmetric
 * tree: the path 1-2-3-4-5-6 with 7 hung on 3 (branches of length 2, 1
 * and 3 at vertex 3). Flipping a variable's sign must flip its tree
 * neighbours, and the tree has no automorphism, so the formula's only
 * symmetry is flipping all seven signs. */
static void xor_tree(formula *f) {
  int edges[6][2] = {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {3, 7}};
  for (int e = 0; e < 6; e++) {
    int a = edges[e][0], b = edges[e][1];
    int positive[2] = {a, b}, negative[2] = {-a, -b};
    add_clause(f, positive, 2);
    add_clause(f, negative, 2);
  }
}

static void test_sign_flips(void) {
  formula f = {0};
  xor_tree(&f);
  cnf_symmetry_group group;
  /* Every variable projected: the flip negates projection literals. */
  if (detect(&f, &group)) {
    CHECK(order_of(&group) == 1 && group.generator_count == 0, "all projected: order %g",
          order_of(&group));
    cnf_symmetry_free(&group);
  }
  /* Nothing projected: the flip is kept, and acts on no projected variable. */
  f.projected = calloc((size_t)f.variables + 1, 1);
  if (detect(&f, &group)) {
    CHECK(order_of(&group) == 2 && group.generator_count == 1, "none projected: order %g",
          order_of(&group));
    for (int v = 1; v <= 7 && group.generator_count == 1; v++)
      CHECK(group.generators[0][v] == -v, "the flip maps %d to %d", v, group.generators[0][v]);
    CHECK(group.projected_generator_count == 0 && group.projected_order == 1,
          "none projected: %d projected generators", group.projected_generator_count);
    cnf_symmetry_free(&group);
  }
  /* One projected variable: the flip would negate it. */
  f.projected[5] = 1;
  if (detect(&f, &group)) {
    CHECK(order_of(&group) == 1, "x5 projected: order %g", order_of(&group));
    cnf_symmetry_free(&group);
  }
  free_formula(&f);
}

/* --- small formulas against brute force -------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t next_random(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 11);
}

static int satisfies(const formula *f, unsigned assignment) {
  size_t i = 0;
  while (i < f->count) {
    int satisfied = 0;
    while (f->literals[i]) {
      int literal = f->literals[i++];
      int value = (assignment >> (abs(literal) - 1)) & 1u;
      satisfied |= literal > 0 ? value : !value;
    }
    i++;
    if (!satisfied)
      return 0;
  }
  return 1;
}

static unsigned apply_to_assignment(const int *image, int variables, unsigned assignment) {
  unsigned result = 0;
  for (int v = 1; v <= variables; v++) {
    int value = (assignment >> (v - 1)) & 1u;
    int target = abs(image[v]);
    if (image[v] < 0)
      value = !value;
    if (value)
      result |= 1u << (target - 1);
  }
  return result;
}

/* Every signed permutation of the variables that keeps the rule and the
 * clause set (Heap's algorithm over permutations, every sign mask). */
typedef struct element_list {
  int (*images)[8];
  int count;
} element_list;

static void brute_force_group(const formula *f, element_list *list) {
  int n = f->variables, permutation[8], counters[8] = {0};
  list->count = 0;
  list->images = malloc(sizeof(int[8]) * 46080);
  for (int i = 0; i < n; i++)
    permutation[i] = i + 1;
  int i = 0;
  for (;;) {
    for (unsigned signs = 0; signs < 1u << n; signs++) {
      int image[8] = {0};
      for (int v = 1; v <= n; v++)
        image[v] = (signs >> (v - 1)) & 1u ? -permutation[v - 1] : permutation[v - 1];
      if (keeps_rule(f, image) && preserves_clauses(f, image))
        memcpy(list->images[list->count++], image, sizeof image);
    }
    while (i < n && counters[i] >= i)
      counters[i++] = 0;
    if (i >= n)
      break;
    int swap_with = i % 2 ? counters[i] : 0, t = permutation[i];
    permutation[i] = permutation[swap_with];
    permutation[swap_with] = t;
    counters[i]++;
    i = 0;
  }
}

typedef struct seen_list {
  int variables;
  unsigned items[256];
  int count;
} seen_list;

static int record_projected(void *context, const signed char *values) {
  seen_list *seen = context;
  unsigned mask = 0;
  for (int v = 1; v <= seen->variables; v++)
    if (values[v])
      mask |= 1u << (v - 1);
  if (seen->count < 256)
    seen->items[seen->count++] = mask;
  return 0;
}

static void test_random_formulas(void) {
  int formulas = 0, nontrivial = 0;
  for (int round = 0; round < 120; round++) {
    formula f = {0};
    int n = 3 + (int)(next_random() % 4); /* 3..6 variables */
    /* A random signed permutation sigma; random clauses closed under it,
     * so that many formulas have symmetries. */
    int sigma[8] = {0}, order[8];
    for (int v = 0; v < n; v++)
      order[v] = v + 1;
    for (int v = n - 1; v > 0; v--) {
      int j = (int)(next_random() % (unsigned)(v + 1)), t = order[v];
      order[v] = order[j];
      order[j] = t;
    }
    for (int v = 1; v <= n; v++)
      sigma[v] = next_random() % 4 ? order[v - 1] : -order[v - 1];
    int clauses = 2 + (int)(next_random() % 4);
    for (int c = 0; c < clauses; c++) {
      int clause[3], size = 1 + (int)(next_random() % 3);
      for (int k = 0; k < size; k++) { /* distinct variables: a clause is a set */
        int v, repeated;
        do {
          v = 1 + (int)(next_random() % (unsigned)n);
          repeated = 0;
          for (int j = 0; j < k; j++)
            repeated |= abs(clause[j]) == v;
        } while (repeated);
        clause[k] = next_random() % 2 ? v : -v;
      }
      for (int power = 0; power < 12; power++) {
        int copy[3];
        memcpy(copy, clause, sizeof copy);
        if (!clause_in(&f, copy, size))
          add_clause(&f, clause, size);
        for (int k = 0; k < size; k++)
          clause[k] = clause[k] > 0 ? sigma[clause[k]] : -sigma[-clause[k]];
      }
    }
    f.variables = n; /* every variable counts, even one in no clause */
    if (round % 3) {
      f.projected = calloc((size_t)n + 1, 1);
      for (int v = 1; v <= n; v++)
        f.projected[v] = next_random() % 3 != 0;
    }
    cnf_symmetry_group group;
    if (!detect(&f, &group)) {
      free_formula(&f);
      continue;
    }
    formulas++;
    element_list all;
    brute_force_group(&f, &all);
    CHECK(order_of(&group) == all.count, "round %d: order %g, brute force %d", round,
          order_of(&group), all.count);
    nontrivial += all.count > 1;
    check_generators(&f, &group, "random");
    for (int g = 0; g < group.generator_count; g++)
      for (unsigned a = 0; a < 1u << n; a++)
        if (satisfies(&f, a))
          CHECK(satisfies(&f, apply_to_assignment(group.generators[g], n, a)),
                "round %d: generator %d maps model %u to a non-model", round, g, a);
    /* Orbits of projected models against images under every element. */
    unsigned projection_mask = 0;
    for (int v = 1; v <= n; v++)
      if (!f.projected || f.projected[v])
        projection_mask |= 1u << (v - 1);
    int orbit_count = 0, least_count = 0;
    unsigned done_models[64];
    int done = 0;
    cnf_formula_view view = view_of(&f);
    for (unsigned a = 0; a < 1u << n; a++) {
      if (!satisfies(&f, a))
        continue;
      unsigned projected = a & projection_mask;
      int repeated = 0;
      for (int i = 0; i < done; i++)
        repeated |= done_models[i] == projected;
      if (repeated)
        continue;
      done_models[done++] = projected;
      unsigned images[256];
      int image_count = 0;
      for (int e = 0; e < all.count; e++) {
        unsigned image = apply_to_assignment(all.images[e], n, a) & projection_mask;
        int known = 0;
        for (int i = 0; i < image_count; i++)
          known |= images[i] == image;
        if (!known && image_count < 256)
          images[image_count++] = image;
      }
      int is_least = 1;
      for (int i = 0; i < image_count; i++) {
        /* lexicographic on variables 1..n, 0 before 1: reverse bits */
        unsigned x = images[i], y = projected;
        for (int v = 1; v <= n; v++) {
          unsigned bx = (x >> (v - 1)) & 1u, by = (y >> (v - 1)) & 1u;
          if (bx != by) {
            if (bx < by)
              is_least = 0;
            break;
          }
        }
      }
      signed char values[8] = {0};
      for (int v = 1; v <= n; v++)
        values[v] = (signed char)((projected >> (v - 1)) & 1u);
      seen_list seen = {n, {0}, 0};
      int least = -1;
      uint64_t size = cnf_symmetry_orbit(&group, &view, values, record_projected, &seen, &least);
      CHECK(size == (uint64_t)image_count && seen.count == image_count,
            "round %d model %u: orbit %llu, %d visits, brute force %d", round, a,
            (unsigned long long)size, seen.count, image_count);
      for (int i = 0; i < seen.count; i++) {
        int known = 0;
        for (int j = 0; j < image_count; j++)
          known |= images[j] == seen.items[i];
        CHECK(known, "round %d: orbit member %u is no image", round, seen.items[i]);
      }
      CHECK(least == is_least, "round %d model %u: least %d, brute force %d", round, a, least,
            is_least);
      least_count += least == 1;
      orbit_count += is_least;
    }
    CHECK(least_count == orbit_count, "round %d: %d least, %d orbits", round, least_count,
          orbit_count);
    free(all.images);
    cnf_symmetry_free(&group);
    free_formula(&f);
  }
  CHECK(formulas >= 100 && nontrivial >= 30, "only %d formulas, %d with symmetries", formulas,
        nontrivial);
  printf("random formulas: %d checked, %d with a non-trivial group\n", formulas, nontrivial);
}

/* --- limits and bad input ---------------------------------------------- */

static void test_limits(void) {
  formula f = {0};
  pigeonhole(&f, 6);
  cnf_formula_view view = view_of(&f);
  cnf_symmetry_group group;
  char error[200] = "";
  nq_status status = cnf_symmetry_detect(&view, 1e-9, NULL, &group, error, sizeof error);
  CHECK(status == NQ_ERR_INTERRUPTED && strstr(error, "time limit"), "a 1 ns limit: status %d (%s)",
        (int)status, error);
  CHECK(order_of(&group) == 1 && group.generator_count == 0, "interrupted: order %g",
        order_of(&group));
  cnf_symmetry_free(&group);
  /* A stop asked for (Ctrl-C) ends the detection as its limit does. */
  volatile sig_atomic_t stop = 1;
  status = cnf_symmetry_detect(&view, 60.0, &stop, &group, error, sizeof error);
  CHECK(status == NQ_ERR_INTERRUPTED && strstr(error, "interrupted"),
        "stop flag set: status %d (%s)", (int)status, error);
  CHECK(order_of(&group) == 1 && group.generator_count == 0, "stopped: order %g", order_of(&group));
  cnf_symmetry_free(&group);
  stop = 0;
  status = cnf_symmetry_detect(&view, 60.0, &stop, &group, error, sizeof error);
  CHECK(status == NQ_OK && order_of(&group) == 5040.0 * 720.0, /* 7! * 6! */
        "stop flag clear: status %d, order %g (%s)", (int)status, order_of(&group), error);
  cnf_symmetry_free(&group);
  f.literals[0] = f.variables + 1;
  status = cnf_symmetry_detect(&view, 10, NULL, &group, error, sizeof error);
  CHECK(status == NQ_ERR_ARGUMENT && strstr(error, "outside"), "bad literal: status %d (%s)",
        (int)status, error);
  cnf_symmetry_free(&group);
  free_formula(&f);
  /* No variables, no clauses: the trivial group. */
  cnf_formula_view empty = {0, NULL, 0, NULL};
  status = cnf_symmetry_detect(&empty, 10, NULL, &group, error, sizeof error);
  CHECK(status == NQ_OK && !strcmp(group.order_text, "1"), "empty: %d %s", (int)status,
        group.order_text);
  cnf_symmetry_free(&group);
}

/* --time FILE...: not a test. Reads each DIMACS file, numbers the
 * variables that occur compactly (as the solver does before detection),
 * projects on its "c ind" line if any, and prints the detection time
 * (bench/symmetry.sh drives it). --limit S first: detection's time limit. */
static int time_files(int count, char **paths) {
  double limit = 0;
  if (count >= 2 && !strcmp(paths[0], "--limit")) {
    limit = atof(paths[1]);
    count -= 2;
    paths += 2;
  }
  for (int i = 0; i < count; i++) {
    nq_cnf *cnf = NULL;
    char error[300];
    if (nq_cnf_read_path(paths[i], &cnf, error, sizeof error) != NQ_OK) {
      fprintf(stderr, "%s\n", error);
      return 1;
    }
    int top = cnf->max_variable, variables = 0;
    int *compact = calloc((size_t)top + 1, sizeof(int));
    for (size_t k = 0; k < cnf->literal_count; k++)
      if (cnf->literals[k])
        compact[abs(cnf->literals[k])] = 1;
    for (size_t k = 0; k < cnf->projection_count; k++)
      compact[cnf->projection[k]] = 1;
    for (int v = 1; v <= top; v++)
      if (compact[v])
        compact[v] = ++variables;
    formula f = {0};
    for (size_t k = 0; k < cnf->literal_count; k++) {
      int literal = cnf->literals[k];
      push(&f, literal > 0 ? compact[literal] : literal < 0 ? -compact[-literal] : 0);
    }
    f.variables = variables;
    if (cnf->has_projection) {
      f.projected = calloc((size_t)variables + 1, 1);
      for (size_t k = 0; k < cnf->projection_count; k++)
        f.projected[compact[cnf->projection[k]]] = 1;
    }
    cnf_formula_view view = view_of(&f);
    cnf_symmetry_group group;
    nq_status status = cnf_symmetry_detect(&view, limit, NULL, &group, error, sizeof error);
    printf("%s: %d variables, %lld clauses, %s: order %s, projected order %llu, %d generators, "
           "%.4f s\n",
           paths[i], variables, (long long)cnf->clause_count,
           cnf->has_projection ? "projected" : "all projected",
           status == NQ_OK ? group.order_text : error, (unsigned long long)group.projected_order,
           group.generator_count, group.seconds);
    cnf_symmetry_free(&group);
    free_formula(&f);
    free(compact);
    nq_cnf_free(cnf);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--time"))
    return time_files(argc - 2, argv + 2);
  if (!cnf_symmetry_available()) {
    printf("test_cnf_symmetry: SKIPPED: built without nauty (install libnauty2-dev)\n");
    return 77;
  }
  test_pigeonhole();
  test_queens_groups();
  test_queens_orbits();
  test_sign_flips();
  test_random_formulas();
  test_limits();
  return check_report("test_cnf_symmetry");
}
