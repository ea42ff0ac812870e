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
  sets_compare_as_sets();
  return check_report("test_verify_unit");
}
