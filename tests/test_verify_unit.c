/* The verifier on its own: native counts against OEIS, the placement
 * checker on hand-built boards, model decoding, and set comparison. */
#include <inttypes.h>
#include <string.h>

#include "check.h"
#include "nqsat/verify.h"

static int count_solution(void *context, const int *columns, int n) {
  (void)columns, (void)n;
  ++*(uint64_t *)context;
  return 0;
}

static int check_each(void *context, const int *columns, int n) {
  char why[200];
  if (!nq_verify_check_placement(columns, n, why, sizeof why))
    ++*(int *)context;
  return 0;
}

static void native_counts_match_oeis(void) {
  for (int n = 1; n <= 14; n++) {
    uint64_t known, counted = 0, enumerated = 0;
    CHECK(nq_verify_known_count(n, &known, NULL) == 0, "n=%d missing from table", n);
    CHECK(nq_verify_count(n, &counted) == NQ_OK, "n=%d", n);
    CHECK(counted == known, "n=%d count %" PRIu64 " != A000170 %" PRIu64, n, counted, known);
    if (n <= 12) {
      int invalid = 0;
      CHECK(nq_verify_enumerate(n, count_solution, &enumerated) == NQ_OK, "n=%d", n);
      CHECK(enumerated == known, "n=%d enumerated %" PRIu64, n, enumerated);
      nq_verify_enumerate(n, check_each, &invalid);
      CHECK(invalid == 0, "n=%d: %d enumerated placements fail the checker", n, invalid);
    }
  }
  CHECK(nq_verify_count(0, &(uint64_t){0}) == NQ_ERR_ARGUMENT, "n=0 accepted");
  CHECK(nq_verify_count(NQ_VERIFY_MAX_N + 1, &(uint64_t){0}) == NQ_ERR_ARGUMENT, "n too big");
}

static void table_is_consistent(void) {
  /* Burnside: every class has 1, 2, 4 or 8 members, so the class count lies
   * between total/8 and total; a typo in either column would show. */
  for (int n = 1; n <= NQ_VERIFY_KNOWN_MAX_N; n++) {
    uint64_t total, fundamental;
    CHECK(nq_verify_known_count(n, &total, &fundamental) == 0, "n=%d", n);
    CHECK(fundamental * 8 >= total && fundamental <= total, "n=%d: %" PRIu64 " vs %" PRIu64, n,
          fundamental, total);
  }
  CHECK(nq_verify_known_count(0, NULL, NULL) == -1, "n=0 known");
  CHECK(nq_verify_known_count(NQ_VERIFY_KNOWN_MAX_N + 1, NULL, NULL) == -1, "n=28 known");
}

static void checker_rejects_attacks(void) {
  char why[200];
  CHECK(nq_verify_check_placement((int[]){1, 3, 0, 2}, 4, why, sizeof why), "valid 4-board");
  CHECK(!nq_verify_check_placement((int[]){1, 3, 0, 1}, 4, why, sizeof why), "same column");
  CHECK(strstr(why, "column") != NULL, "why: %s", why);
  CHECK(!nq_verify_check_placement((int[]){0, 1, 3, 2}, 4, why, sizeof why), "diagonal");
  CHECK(strstr(why, "diagonal") != NULL, "why: %s", why);
  CHECK(!nq_verify_check_placement((int[]){3, 2, 0, 1}, 4, why, sizeof why), "anti-diagonal");
  CHECK(!nq_verify_check_placement((int[]){1, 3, 0, 4}, 4, why, sizeof why), "column 5 of 4");
  CHECK(strstr(why, "outside") != NULL, "why: %s", why);
  CHECK(!nq_verify_check_placement((int[]){1, 3, -1, 2}, 4, why, sizeof why), "negative");
}

static int truth_table(void *context, int variable) { return ((const int *)context)[variable]; }

static void decoding_follows_the_convention(void) {
  /* 4x4: queens at (0,1) (1,3) (2,0) (3,2) are variables 2, 8, 9, 15. */
  int model[17] = {0};
  model[2] = model[8] = model[9] = model[15] = 1;
  int columns[4];
  char why[200];
  CHECK(nq_verify_decode_model(4, truth_table, model, columns, why, sizeof why) == 0, "%s", why);
  CHECK(columns[0] == 1 && columns[1] == 3 && columns[2] == 0 && columns[3] == 2, "decoded");
  model[10] = 1;
  CHECK(nq_verify_decode_model(4, truth_table, model, columns, why, sizeof why) == -1, "two");
  model[10] = model[9] = 0;
  CHECK(nq_verify_decode_model(4, truth_table, model, columns, why, sizeof why) == -1, "none");
  CHECK(strstr(why, "row 3") != NULL, "why: %s", why);
}

/* The header's statement of its numbering, typed here as nqsat writes it
 * now (from 1) and as earlier releases wrote it (from 0): both agree with
 * the numbering the verifier derives; a statement of another formula,
 * width or model does not; words it does not know are left alone. */
static void numbering_statements_are_held_to_the_model(void) {
  static const struct {
    const char *text;
    int n;
    nq_verify_numbering numbering;
    int expected;
  } cases[] = {
      {"queen at row r, column c (1-based) is (r-1)*4 + c; queen variables 1..16, auxiliary "
       "variables after",
       4, NQ_VERIFY_MATRIX, 1},
      {"queen at row r, column c (0-based) is r*4 + c + 1; queen variables 1..16, auxiliary "
       "variables after",
       4, NQ_VERIFY_MATRIX, 1},
      {"queen at row r, column c (1-based) is x((r-1)*7 + c)", 7, NQ_VERIFY_MATRIX, 1},
      {"queen at row r, column c (0-based) is x(r*7 + c + 1)", 7, NQ_VERIFY_MATRIX, 1},
      {"x(r,v) = (r-1)*5 + v means q_r = v (r, v from 1): the matrix model's queen numbering", 5,
       NQ_VERIFY_ROWS_SUPPORT, 1},
      {"x(r,v) = r*5 + v + 1 means q_(r+1) = v+1 (r, v from 0): the matrix model's queen numbering",
       5, NQ_VERIFY_ROWS_DIRECT, 1},
      {"p(r,a) = (r-1)*4 + a means q_r <= a (r from 1, a = 1..4); q <= 5 always holds", 5,
       NQ_VERIFY_ROWS_ORDER, 1},
      {"p(r,a) = r*4 + a + 1 means q_(r+1) <= a+1 (r from 0, a = 0..3); q <= 5 always holds", 5,
       NQ_VERIFY_ROWS_ORDER, 1},
      {"b(r,k) = (r-1)*3 + k + 1 is bit k (weight 2^k) of q_r - 1 (r from 1, k = 0..2)", 5,
       NQ_VERIFY_ROWS_LOG, 1},
      {"b(r,k) = r*3 + k + 1 is bit k (weight 2^k) of q_(r+1) - 1 (r from 0, k = 0..2)", 5,
       NQ_VERIFY_ROWS_LOG, 1},
      /* Lies: one more, the 0-based formula called 1-based, the other
       * order, another width, another model. */
      {"queen at row r, column c (1-based) is (r-1)*4 + c + 1; queen variables", 4,
       NQ_VERIFY_MATRIX, 0},
      {"queen at row r, column c (1-based) is r*4 + c + 1", 4, NQ_VERIFY_MATRIX, 0},
      {"queen at row r, column c (1-based) is (c-1)*4 + r", 4, NQ_VERIFY_MATRIX, 0},
      {"queen at row r, column c (1-based) is (r-1)*5 + c", 4, NQ_VERIFY_MATRIX, 0},
      {"queen at row r, column c (1-based) is (r-1)*4 + c", 4, NQ_VERIFY_ROWS_ORDER, 0},
      {"p(r,a) = (r-1)*5 + a means q_r <= a", 5, NQ_VERIFY_ROWS_ORDER, 0},
      {"p(r,a) = (r-1)*4 + a means q_r <= a+1", 5, NQ_VERIFY_ROWS_ORDER, 0},
      {"x(r,v) = (r-1)*5 + v means q_r = v", 5, NQ_VERIFY_ROWS_LOG, 0},
      {"queen at row r, column c (1-based) is (r-1)*99999999999999999999 + c", 4, NQ_VERIFY_MATRIX,
       0},
      /* Not a statement of the queens' numbering. */
      {"square at row r, column c (1-based) has colour k", 4, NQ_VERIFY_MATRIX, -1},
      {"16", 4, NQ_VERIFY_MATRIX, -1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    CHECK(nq_verify_numbering_statement(cases[i].text, cases[i].n, cases[i].numbering) ==
              cases[i].expected,
          "'%s' at N = %d should give %d", cases[i].text, cases[i].n, cases[i].expected);
}

static void sets_compare_as_sets(void) {
  nq_solution_set *a = nq_solution_set_new(4), *b = nq_solution_set_new(4);
  char why[300];
  nq_solution_set_add(a, (int[]){1, 3, 0, 2});
  nq_solution_set_add(a, (int[]){2, 0, 3, 1});
  nq_solution_set_add(b, (int[]){2, 0, 3, 1});
  nq_solution_set_add(b, (int[]){1, 3, 0, 2});
  CHECK(nq_solution_set_equal(a, "a", b, "b", why, sizeof why), "order must not matter: %s", why);
  nq_solution_set_add(b, (int[]){1, 3, 0, 2});
  nq_solution_set_add(a, (int[]){0, 0, 0, 0});
  CHECK(!nq_solution_set_equal(a, "a", b, "b", why, sizeof why), "duplicate vs other");
  CHECK(strstr(why, "twice") != NULL, "why: %s", why);
  nq_solution_set_free(a);
  nq_solution_set_free(b);
  a = nq_solution_set_new(4), b = nq_solution_set_new(4);
  nq_solution_set_add(a, (int[]){1, 3, 0, 2});
  nq_solution_set_add(b, (int[]){2, 0, 3, 1});
  CHECK(!nq_solution_set_equal(a, "a", b, "b", why, sizeof why), "different boards equal");
  CHECK(strstr(why, "2 4 1 3") != NULL, "why names the board: %s", why);
  nq_solution_set_free(a);
  nq_solution_set_free(b);
  nq_solution_set_free(NULL);
}

int main(void) {
  native_counts_match_oeis();
  table_is_consistent();
  checker_rejects_attacks();
  decoding_follows_the_convention();
  numbering_statements_are_held_to_the_model();
  sets_compare_as_sets();
  return check_report("test_verify_unit");
}
