/* The component counter (nq_cnf_count_components) against independent
 * counts:
 * - brute force over every assignment of every declared variable (the
 *   model-counting convention: the projection set when declared, else all
 *   V variables) on random formulas of 1..22 variables and varied
 *   density, with and without a projection, with declared variables no
 *   clause uses, duplicate literals, tautologies, unit and empty clauses; each
 *   also with a cache bound so small that entries are evicted, without
 *   clause learning, and on 2 and 7 threads (cubes);
 * - denser random 3-SAT of 30..90 variables (conflicts, learning, learned
 *   clause reduction, components refuted by the CDCL check): with and
 *   without learning, without the CDCL checks, the enumeration engine;
 * - OEIS A000170 (typed in) on the N-Queens formulas N = 1..8, and the
 *   enumeration engine on the same files;
 * - a count beyond 2^64: 70 disjoint copies of (a | b), 3^70 by GMP's
 *   power, and a disjoint union of random copies, the product of each
 *   copy's brute-force count.
 * usage: test_component_count DIRECTORY (for the N-Queens files) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/component_count.h"
#include "nqsat/encoder.h"

typedef struct formula_text {
  char *text;
  size_t length, capacity;
} formula_text;

static void append(formula_text *f, const char *format, int a, int b) {
  char piece[64];
  int n = snprintf(piece, sizeof piece, format, a, b);
  if (f->length + (size_t)n + 1 > f->capacity) {
    f->capacity = (f->length + (size_t)n + 1) * 2;
    f->text = realloc(f->text, f->capacity);
  }
  memcpy(f->text + f->length, piece, (size_t)n + 1);
  f->length += (size_t)n;
}

static uint64_t state;
static unsigned random_below(unsigned bound) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (unsigned)(state % bound);
}

/* Models by the convention, trying all 2^V assignments. */
static void brute_force(const nq_cnf *cnf, mpz_t count) {
  int v = cnf->variables;
  uint32_t projection = 0;
  if (cnf->has_projection)
    for (size_t i = 0; i < cnf->projection_count; i++)
      projection |= 1u << (cnf->projection[i] - 1);
  else
    projection = (uint32_t)((1ull << v) - 1);
  unsigned char *seen = calloc((size_t)1 << v, 1);
  uint64_t models = 0;
  for (uint32_t bits = 0; bits < (1u << v); bits++) {
    int ok = 1, clause_true = 0;
    for (size_t i = 0; i < cnf->literal_count && ok; i++) {
      int literal = cnf->literals[i];
      if (literal == 0) {
        ok = clause_true;
        clause_true = 0;
      } else if ((((bits >> (abs(literal) - 1)) & 1) != 0) == (literal > 0)) {
        clause_true = 1;
      }
    }
    if (ok && !seen[bits & projection]) { /* a flag, not a counter: it would wrap */
      seen[bits & projection] = 1;
      models++;
    }
  }
  free(seen);
  mpz_set_ui(count, (unsigned long)models);
}

/* The counter's answer by the convention (times 2^unused_projected). */
static nq_status count_with(const nq_cnf *cnf, uint64_t cache_bytes, int without_learning,
                            mpz_t count, nq_component_stats *stats) {
  nq_component_options options = {.cache_bytes = cache_bytes, .without_learning = without_learning};
  nq_status status = nq_cnf_count_components(cnf, &options, NULL, count, stats);
  mpz_mul_2exp(count, count, (mp_bitcnt_t)stats->unused_projected);
  return status;
}

static nq_status count_by_components(const nq_cnf *cnf, uint64_t cache_bytes, mpz_t count,
                                     nq_component_stats *stats) {
  return count_with(cnf, cache_bytes, 0, count, stats);
}

static nq_cnf *random_formula(int variables, int clauses, int projected) {
  formula_text f = {0};
  /* Some declared variables stay out of every clause. */
  int used =
      variables > 2 && random_below(3) == 0 ? variables - 1 - (int)random_below(2) : variables;
  append(&f, "p cnf %d %d\n", variables, clauses);
  if (projected) {
    append(&f, "c ind", 0, 0);
    for (int v = 1; v <= variables; v++)
      if (random_below(2))
        append(&f, " %d", v, 0);
    append(&f, " 0\n", 0, 0);
  }
  for (int c = 0; c < clauses; c++) {
    int length = 1 + (int)random_below(used < 4 ? (unsigned)used : 4);
    if (random_below(20) == 0)
      length = 1; /* units */
    if (random_below(200) == 0)
      length = 0; /* the empty clause */
    for (int k = 0; k < length; k++) {
      int variable = 1 + (int)random_below((unsigned)used);
      append(&f, "%d ", random_below(2) ? variable : -variable, 0);
    }
    append(&f, "0\n", 0, 0);
  }
  nq_cnf *cnf = NULL;
  char error[256];
  if (nq_cnf_read_memory(f.text, f.length, "random", &cnf, error, sizeof error) != NQ_OK)
    fprintf(stderr, "random formula rejected: %s\n%s", error, f.text);
  free(f.text);
  return cnf;
}

static void check_random_formulas(void) {
  mpz_t expected, got;
  mpz_inits(expected, got, NULL);
  int formulas = 0;
  for (int variables = 1; variables <= 22; variables++) {
    int rounds = variables <= 14 ? 30 : variables <= 18 ? 6 : 2;
    for (int round = 0; round < rounds; round++) {
      /* Densities from 0.5 to 5 clauses per variable. */
      int clauses = variables / 2 + (int)random_below((unsigned)(variables * 9 / 2 + 1));
      int projected = round % 2;
      nq_cnf *cnf = random_formula(variables, clauses, projected);
      if (!cnf)
        continue;
      brute_force(cnf, expected);
      nq_component_stats stats;
      CHECK(count_by_components(cnf, 0, got, &stats) == NQ_OK, "status");
      CHECK(mpz_cmp(got, expected) == 0, "%d variables, %d clauses, projection %d: %s, brute %s",
            variables, clauses, projected, mpz_get_str(NULL, 10, got),
            mpz_get_str(NULL, 10, expected));
      /* A bound of a few entries: evictions, same count. */
      CHECK(count_by_components(cnf, 600, got, &stats) == NQ_OK, "status (bounded)");
      CHECK(mpz_cmp(got, expected) == 0, "bounded cache: %d variables, %d clauses: %s, brute %s",
            variables, clauses, mpz_get_str(NULL, 10, got), mpz_get_str(NULL, 10, expected));
      CHECK(count_with(cnf, 0, 1, got, &stats) == NQ_OK, "status (no learning)");
      CHECK(mpz_cmp(got, expected) == 0, "no learning: %d variables, %d clauses: %s, brute %s",
            variables, clauses, mpz_get_str(NULL, 10, got), mpz_get_str(NULL, 10, expected));
      for (int threads = 2; threads <= 7; threads += 5) {
        nq_component_options options = {.threads = threads, .cache_bytes = round % 3 ? 0 : 1500};
        CHECK(nq_cnf_count_components(cnf, &options, NULL, got, &stats) == NQ_OK,
              "status (%d threads)", threads);
        mpz_mul_2exp(got, got, (mp_bitcnt_t)stats.unused_projected);
        CHECK(mpz_cmp(got, expected) == 0, "%d threads: %d variables, %d clauses: %s, brute %s",
              threads, variables, clauses, mpz_get_str(NULL, 10, got),
              mpz_get_str(NULL, 10, expected));
      }
      nq_cnf_free(cnf);
      formulas++;
    }
  }
  printf("random formulas against brute force: %d\n", formulas);
  mpz_clears(expected, got, NULL);
}

/* The enumeration engine's count (over the occurring projected variables). */
static uint64_t count_by_enumeration(const nq_cnf *cnf) {
  nq_cnf_options options = {0};
  nq_solver_control control = {0};
  control.threads = 1;
  nq_cnf_plan *plan = NULL;
  if (nq_cnf_plan_make(cnf, &options, &control, &plan, NULL) != NQ_OK)
    return UINT64_MAX;
  nq_enumeration result = {0};
  nq_status status = nq_cnf_plan_enumerate(plan, 0, &control, NULL, NULL, &result);
  nq_cnf_plan_free(plan);
  return status == NQ_OK && result.complete && !result.solutions_high ? result.solutions
                                                                      : UINT64_MAX;
}

static void check_queens(const char *directory) {
  static const unsigned long a000170[] = {0, 1, 0, 0, 2, 10, 4, 40, 92};
  mpz_t got;
  mpz_init(got);
  for (int n = 1; n <= 8; n++)
    for (int shuffled = 0; shuffled <= 1; shuffled++) {
      char path[512], error[512];
      snprintf(path, sizeof path, "%s/component_count_queens_%d_%d.cnf", directory, n, shuffled);
      nq_encoding encoding = {.n = n, .amo = n % 2 ? NQ_AMO_PAIRWISE : NQ_AMO_SEQUENTIAL};
      nq_output *output;
      if (nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, sizeof error) != NQ_OK) {
        CHECK(0, "%s", error);
        continue;
      }
      nq_status status = shuffled ? nq_encoder_write_shuffled_dimacs(&encoding, NULL, 4, output)
                                  : nq_encoder_write_dimacs(&encoding, NULL, output);
      CHECK(status == NQ_OK && nq_output_commit(output, error, sizeof error) == NQ_OK, "%s", path);
      nq_cnf *cnf = NULL;
      if (nq_cnf_read_path(path, &cnf, error, sizeof error) != NQ_OK) {
        CHECK(0, "%s", error);
        continue;
      }
      nq_component_stats stats;
      CHECK(count_by_components(cnf, 0, got, &stats) == NQ_OK, "N = %d: status", n);
      CHECK(mpz_cmp_ui(got, a000170[n]) == 0, "N = %d (shuffled %d): %s, A000170 says %lu", n,
            shuffled, mpz_get_str(NULL, 10, got), a000170[n]);
      uint64_t enumerated = count_by_enumeration(cnf);
      CHECK(mpz_cmp_ui(got, (unsigned long)enumerated) == 0, "N = %d: %s, enumeration %llu", n,
            mpz_get_str(NULL, 10, got), (unsigned long long)enumerated);
      nq_cnf_free(cnf);
      remove(path);
    }
  mpz_clear(got);
}

/* `count` random 3-clauses over variables 1..span, three literals each. */
static void random_3sat(int (*clauses)[3], int count, int span) {
  for (int c = 0; c < count; c++) {
    int a = 1 + (int)random_below((unsigned)span), b, d;
    do
      b = 1 + (int)random_below((unsigned)span);
    while (b == a);
    do
      d = 1 + (int)random_below((unsigned)span);
    while (d == a || d == b);
    clauses[c][0] = random_below(2) ? a : -a;
    clauses[c][1] = random_below(2) ? b : -b;
    clauses[c][2] = random_below(2) ? d : -d;
  }
}

/* Appends clauses[from..to), their variables moved up by `shift`, each
 * with the literal `extra` too when it is not 0. */
static void append_clauses(formula_text *f, int (*clauses)[3], int from, int to, int shift,
                           int extra) {
  for (int c = from; c < to; c++) {
    for (int k = 0; k < 3; k++)
      append(f, "%d ", clauses[c][k] + (clauses[c][k] > 0 ? shift : -shift), 0);
    if (extra)
      append(f, "%d ", extra, 0);
    append(f, "0\n", 0, 0);
  }
}

static nq_cnf *read_text(formula_text *f, const char *name) {
  nq_cnf *cnf = NULL;
  char error[256];
  CHECK(nq_cnf_read_memory(f->text, f->length, name, &cnf, error, sizeof error) == NQ_OK, "%s",
        error);
  free(f->text);
  *f = (formula_text){0};
  return cnf;
}

/* Random 3-SAT near and above the threshold, where conflicts are many:
 * learning on and off, a learned-clause bound of 8 (reductions all the
 * time), a small cache, and the CDCL checks off, within their work budget
 * and without it must agree with each other and with the enumeration
 * engine. */
static void check_learning(void) {
  mpz_t plain, learned, reduced, bounded, threaded, unchecked, unbudgeted;
  mpz_inits(plain, learned, reduced, bounded, threaded, unchecked, unbudgeted, NULL);
  int formulas = 0, with_learned = 0, with_refuted = 0;
  uint64_t budgeted_checks = 0, unbudgeted_checks = 0, budgeted_refuted = 0;
  for (int variables = 30; variables <= 90; variables += 5)
    for (int round = 0; round < 3; round++) {
      int clauses = variables * (35 + (int)random_below(10)) / 10;
      static int drawn[90 * 45 / 10][3];
      random_3sat(drawn, clauses, variables);
      formula_text f = {0};
      append(&f, "p cnf %d %d\n", variables, clauses);
      if (round == 2) { /* a projection on the first half */
        append(&f, "c ind", 0, 0);
        for (int v = 1; v <= variables / 2; v++)
          append(&f, " %d", v, 0);
        append(&f, " 0\n", 0, 0);
      }
      append_clauses(&f, drawn, 0, clauses, 0, 0);
      nq_cnf *cnf = read_text(&f, "3-SAT");
      if (!cnf)
        continue;
      nq_component_stats stats;
      nq_component_options options = {.without_learning = 1};
      CHECK(nq_cnf_count_components(cnf, &options, NULL, plain, &stats) == NQ_OK, "plain");
      options = (nq_component_options){0};
      CHECK(nq_cnf_count_components(cnf, &options, NULL, learned, &stats) == NQ_OK, "learned");
      with_learned += stats.learned > 0;
      budgeted_checks += stats.sat_checks;
      budgeted_refuted += stats.sat_refuted;
      options.without_sat_check_budget = 1;
      CHECK(nq_cnf_count_components(cnf, &options, NULL, unbudgeted, &stats) == NQ_OK,
            "checks without a budget");
      with_refuted += stats.sat_refuted > 0;
      unbudgeted_checks += stats.sat_checks;
      options.without_sat_check_budget = 0;
      options.without_sat_checks = 1;
      CHECK(nq_cnf_count_components(cnf, &options, NULL, unchecked, &stats) == NQ_OK,
            "without checks");
      CHECK(stats.sat_checks == 0, "%llu checks with the checks off",
            (unsigned long long)stats.sat_checks);
      options.without_sat_checks = 0;
      options.learned_bound = 8;
      CHECK(nq_cnf_count_components(cnf, &options, NULL, reduced, &stats) == NQ_OK, "reduced");
      options.cache_bytes = 2000;
      CHECK(nq_cnf_count_components(cnf, &options, NULL, bounded, &stats) == NQ_OK, "bounded");
      options = (nq_component_options){.threads = 7, .learned_bound = 8};
      CHECK(nq_cnf_count_components(cnf, &options, NULL, threaded, &stats) == NQ_OK, "threads");
      uint64_t enumerated = count_by_enumeration(cnf);
      CHECK(mpz_cmp(learned, plain) == 0 && mpz_cmp(reduced, plain) == 0 &&
                mpz_cmp(bounded, plain) == 0 && mpz_cmp(threaded, plain) == 0 &&
                mpz_cmp(unchecked, plain) == 0 && mpz_cmp(unbudgeted, plain) == 0 &&
                mpz_cmp_ui(plain, (unsigned long)enumerated) == 0,
            "3-SAT %d/%d (projection %d): plain %s, learned %s, reduced %s, bounded %s, "
            "7 threads %s, without CDCL checks %s, checks without a budget %s, enumeration %llu",
            variables, clauses, round == 2, mpz_get_str(NULL, 10, plain),
            mpz_get_str(NULL, 10, learned), mpz_get_str(NULL, 10, reduced),
            mpz_get_str(NULL, 10, bounded), mpz_get_str(NULL, 10, threaded),
            mpz_get_str(NULL, 10, unchecked), mpz_get_str(NULL, 10, unbudgeted),
            (unsigned long long)enumerated);
      nq_cnf_free(cnf);
      formulas++;
    }
  CHECK(with_learned * 2 >= formulas, "only %d of %d formulas learned a clause", with_learned,
        formulas);
  CHECK(with_refuted >= 3, "only %d of %d formulas had a component refuted by CDCL", with_refuted,
        formulas);
  /* Here a component's search is cheap (the count-0 ones end in a few
   * decisions), so the budget must hold most checks back, yet let those
   * through that the search has paid for. */
  CHECK(budgeted_checks * 2 < unbudgeted_checks,
        "%llu checks within the work budget, %llu without it: the budget holds nothing back",
        (unsigned long long)budgeted_checks, (unsigned long long)unbudgeted_checks);
  CHECK(budgeted_refuted > 0, "no check within the work budget (%llu of them) refuted a component",
        (unsigned long long)budgeted_checks);
  printf("3-SAT formulas with and without learning: %d (%d learned, %d with components refuted "
         "by CDCL; %llu checks (%llu refuted) within the work budget, %llu without it)\n",
         formulas, with_learned, with_refuted, (unsigned long long)budgeted_checks,
         (unsigned long long)budgeted_refuted, (unsigned long long)unbudgeted_checks);
  mpz_clears(plain, learned, reduced, bounded, threaded, unchecked, unbudgeted, NULL);
}

/* The enumeration engine's count of clauses[from..to) over `variables`. */
static uint64_t count_part(int (*clauses)[3], int from, int to, int variables) {
  formula_text f = {0};
  append(&f, "p cnf %d %d\n", variables, to - from);
  append_clauses(&f, clauses, from, to, 0, 0);
  nq_cnf *cnf = read_text(&f, "part");
  uint64_t count = cnf ? count_by_enumeration(cnf) : UINT64_MAX;
  nq_cnf_free(cnf);
  return count;
}

/* A check asks whether the whole formula has a model under the path, so
 * it refutes inside one component when another open component is the
 * one without a model. F = A' & (x | B) with x = 1, A over 40 variables
 * (satisfiable), A' = A with x added to its first `tied` clauses (0 to 2),
 * B over 44 (6 clauses a variable: unsatisfiable, or nearly): under
 * x = 0 the checks inside A refute for B's sake, and A's count comes out
 * too small; under x = 1, A (or its sub-components) come back. The count,
 * count(A without the tied clauses) * 2^44 + count(A) * count(B), each
 * part counted by the enumeration engine on its own. Without learning,
 * so only the checks can bring a refutation from elsewhere; also on 2
 * and 7 threads, where x heads the cubes and a worker keeps its cache
 * across them. A cache that kept A's entries from the failed branch
 * answers too small. */
static void check_refuted_elsewhere(void) {
  enum { A_VARIABLES = 40, A_CLAUSES = 168, B_VARIABLES = 44, B_CLAUSES = 264 };
  static int a_clauses[A_CLAUSES][3], b_clauses[B_CLAUSES][3];
  mpz_t expected, part, got;
  mpz_inits(expected, part, got, NULL);
  uint64_t refuted = 0;
  int formulas = 0;
  for (int round = 0; round < 12; round++) {
    int tied = round % 3;
    random_3sat(a_clauses, A_CLAUSES, A_VARIABLES);
    random_3sat(b_clauses, B_CLAUSES, B_VARIABLES);
    uint64_t count_a = count_part(a_clauses, 0, A_CLAUSES, A_VARIABLES);
    uint64_t count_untied = count_part(a_clauses, tied, A_CLAUSES, A_VARIABLES);
    uint64_t count_b = count_part(b_clauses, 0, B_CLAUSES, B_VARIABLES);
    if (count_a == UINT64_MAX || count_untied == UINT64_MAX || count_b == UINT64_MAX)
      continue;
    formula_text f = {0};
    append(&f, "p cnf %d %d\n", 1 + A_VARIABLES + B_VARIABLES, A_CLAUSES + B_CLAUSES);
    append_clauses(&f, a_clauses, 0, tied, 1, 1);
    append_clauses(&f, a_clauses, tied, A_CLAUSES, 1, 0);
    append_clauses(&f, b_clauses, 0, B_CLAUSES, 1 + A_VARIABLES, 1);
    nq_cnf *whole = read_text(&f, "F");
    if (!whole)
      continue;
    mpz_set_ui(expected, (unsigned long)count_untied);
    mpz_mul_2exp(expected, expected, B_VARIABLES);
    mpz_set_ui(part, (unsigned long)count_a);
    mpz_mul_ui(part, part, (unsigned long)count_b);
    mpz_add(expected, expected, part);
    int threads[] = {1, 2, 7};
    for (int t = 0; t < 3; t++) {
      nq_component_options options = {
          .without_learning = 1, .without_sat_check_budget = 1, .threads = threads[t]};
      nq_component_stats stats;
      CHECK(nq_cnf_count_components(whole, &options, NULL, got, &stats) == NQ_OK, "F");
      refuted += stats.sat_refuted;
      CHECK(mpz_cmp(got, expected) == 0,
            "A & (x | B), round %d (%d tied), %d threads: counted %s, expected %s", round, tied,
            threads[t], mpz_get_str(NULL, 10, got), mpz_get_str(NULL, 10, expected));
    }
    formulas++;
    nq_cnf_free(whole);
  }
  CHECK(formulas >= 10 && refuted > 0, "%llu refutations by checks in %d formulas A & (x | B)",
        (unsigned long long)refuted, formulas);
  printf("A & (x | B): %d formulas, %llu refutations by checks\n", formulas,
         (unsigned long long)refuted);
  mpz_clears(expected, part, got, NULL);
}

/* The first check loads the whole formula into the oracle, and the work
 * budget counts that: 20 disjoint copies of a random 3-SAT 20/80 formula
 * (search work some 20,000 units, the formula 4,800 literals) are
 * counted without a check, where a budget that charged only the
 * component checked (100 units) let one through that loaded all 20. */
static void check_first_check_waits(void) {
  enum { COPIES = 20, VARIABLES = 20, CLAUSES = 80 };
  static int clauses[CLAUSES][3];
  random_3sat(clauses, CLAUSES, VARIABLES);
  formula_text f = {0};
  append(&f, "p cnf %d %d\n", COPIES * VARIABLES, COPIES * CLAUSES);
  for (int copy = 0; copy < COPIES; copy++)
    append_clauses(&f, clauses, 0, CLAUSES, copy * VARIABLES, 0);
  nq_cnf *cnf = read_text(&f, "copies");
  if (!cnf)
    return;
  mpz_t got;
  mpz_init(got);
  nq_component_options options = {.threads = 1};
  nq_component_stats stats;
  CHECK(nq_cnf_count_components(cnf, &options, NULL, got, &stats) == NQ_OK, "copies: status");
  CHECK(stats.sat_checks == 0, "20 copies of 3-SAT 20/80: %llu checks (search work %llu)",
        (unsigned long long)stats.sat_checks, (unsigned long long)stats.work);
  mpz_clear(got);
  nq_cnf_free(cnf);
}

/* Disjoint copies: the count is the product of the copies' counts. */
static void check_beyond_64_bits(void) {
  formula_text f = {0};
  append(&f, "p cnf %d %d\n", 140, 70);
  for (int copy = 0; copy < 70; copy++)
    append(&f, "%d %d 0\n", 2 * copy + 1, 2 * copy + 2);
  nq_cnf *cnf = NULL;
  char error[256];
  CHECK(nq_cnf_read_memory(f.text, f.length, "copies", &cnf, error, sizeof error) == NQ_OK, "%s",
        error);
  free(f.text);
  mpz_t expected, got, one;
  mpz_inits(expected, got, one, NULL);
  mpz_ui_pow_ui(expected, 3, 70);
  nq_component_stats stats;
  CHECK(count_by_components(cnf, 0, got, &stats) == NQ_OK, "copies: status");
  CHECK(mpz_cmp(got, expected) == 0, "70 copies of (a | b): %s, expected 3^70",
        mpz_get_str(NULL, 10, got));
  CHECK(stats.top_components == 70, "70 copies: %d components at the top", stats.top_components);
  nq_cnf_free(cnf);

  /* 12 copies of one random 10-variable formula, renumbered. */
  nq_cnf *base = NULL;
  while (!base || (brute_force(base, one), mpz_cmp_ui(one, 1) <= 0)) {
    nq_cnf_free(base);
    base = random_formula(10, 30, 0);
  }
  f = (formula_text){0};
  append(&f, "p cnf %d %d\n", 120, 12 * (int)base->clause_count);
  for (int copy = 0; copy < 12; copy++)
    for (size_t i = 0; i < base->literal_count; i++) {
      int literal = base->literals[i];
      append(&f, literal ? "%d " : "0\n", literal > 0 ? literal + 10 * copy : literal - 10 * copy,
             0);
    }
  CHECK(nq_cnf_read_memory(f.text, f.length, "random copies", &cnf, error, sizeof error) == NQ_OK,
        "%s", error);
  free(f.text);
  mpz_pow_ui(expected, one, 12);
  CHECK(count_by_components(cnf, 0, got, &stats) == NQ_OK, "random copies: status");
  CHECK(mpz_cmp(got, expected) == 0, "12 random copies: %s, expected %s",
        mpz_get_str(NULL, 10, got), mpz_get_str(NULL, 10, expected));
  nq_cnf_free(cnf);
  nq_cnf_free(base);
  mpz_clears(expected, got, one, NULL);
}

int main(int argc, char **argv) {
  state = 0x2545f4914f6cdd1du;
  check_random_formulas();
  check_learning();
  check_refuted_elsewhere();
  check_first_check_waits();
  check_beyond_64_bits();
  check_queens(argc > 1 ? argv[1] : ".");
  return check_report("component_count");
}
