/* The symmetric, split, multi-threaded enumeration against OEIS: total
 * solutions (A000170) and orbits under the 8 symmetries (A002562) for
 * N = FIRST..LAST, counted by orbits; for N <= SET_MAX also the expanded
 * solution set against the native backtracking solver's (every board
 * valid, no duplicates), and the same reported sequence for 1 and 2
 * threads.
 * usage: test_solver_symmetric ENCODING FIRST_N LAST_N [SET_MAX] */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"

/* A002562 typed in from OEIS, independently of verify/'s table. */
static const uint64_t fundamental_table[] = {0,  1,  0,  0,   1,    2,    1,    6,
                                             12, 46, 92, 341, 1787, 9233, 45752};

typedef struct collected {
  nq_solution_set *set;
  uint64_t invalid, hash;
} collected;

static int collect(void *context, const int *columns, int n) {
  collected *into = context;
  char why[200];
  if (!nq_verify_check_placement(columns, n, why, sizeof why) && !into->invalid++)
    fprintf(stderr, "invalid SAT solution: %s\n", why);
  if (into->set)
    nq_solution_set_add(into->set, columns);
  for (int row = 0; row < n; row++) /* order-sensitive fingerprint of the sequence */
    into->hash = into->hash * 1000003u + (uint64_t)columns[row] + 1;
  return 0;
}

int main(int argc, char **argv) {
  nq_amo amo;
  if (argc < 4 || nq_amo_from_name(argv[1], &amo)) {
    fprintf(stderr, "usage: %s ENCODING FIRST_N LAST_N [SET_MAX]\n", argv[0]);
    return 2;
  }
  int first = atoi(argv[2]), last = atoi(argv[3]);
  int sets_up_to = argc > 4 ? atoi(argv[4]) : 0;
  for (int n = first; n <= last; n++) {
    uint64_t total, fundamental;
    CHECK(nq_verify_known_count(n, &total, &fundamental) == 0, "n=%d", n);
    if (n < (int)(sizeof fundamental_table / sizeof fundamental_table[0]))
      CHECK(fundamental == fundamental_table[n], "n=%d: verify's A002562 %" PRIu64, n, fundamental);
    nq_encoding encoding = {.n = n, .amo = amo};
    nq_enumeration result;
    nq_solver_control control = {.threads = 2};
    CHECK(nq_solver_enumerate_symmetric(&encoding, 0, &control, NULL, NULL, &result) == NQ_OK,
          "n=%d", n);
    CHECK(result.complete, "n=%d incomplete", n);
    CHECK(result.solutions == total, "%s n=%d: %" PRIu64 " solutions, A000170 says %" PRIu64,
          argv[1], n, result.solutions, total);
    CHECK(result.fundamental == fundamental, "%s n=%d: %" PRIu64 " orbits, A002562 says %" PRIu64,
          argv[1], n, result.fundamental, fundamental);
    if (n <= sets_up_to) {
      collected two = {nq_solution_set_new(n), 0, 0}, one = {NULL, 0, 0};
      CHECK(nq_solver_enumerate_symmetric(&encoding, 0, &control, collect, &two, &result) == NQ_OK,
            "n=%d", n);
      CHECK(result.solutions == total, "n=%d expanded %" PRIu64, n, result.solutions);
      nq_solver_control single = {.threads = 1};
      nq_solver_enumerate_symmetric(&encoding, 0, &single, collect, &one, &result);
      CHECK(one.hash == two.hash, "n=%d: 1 and 2 threads report different sequences", n);
      CHECK(two.invalid == 0, "n=%d: %" PRIu64 " invalid boards", n, two.invalid);
      collected native = {nq_solution_set_new(n), 0, 0};
      nq_verify_enumerate(n, collect, &native);
      char why[400] = "";
      CHECK(nq_solution_set_equal(two.set, "symmetric SAT", native.set, "native", why, sizeof why),
            "%s n=%d: %s", argv[1], n, why);
      nq_solution_set_free(native.set);
      nq_solution_set_free(two.set);
    }
    printf("%s n=%d: %" PRIu64 " solutions, %" PRIu64 " fundamental\n", argv[1], n,
           result.solutions, result.fundamental);
  }
  /* --max stops exactly where asked, even mid-orbit. */
  nq_encoding eight = {.n = 8, .amo = amo};
  collected some = {NULL, 0, 0};
  nq_enumeration result;
  CHECK(nq_solver_enumerate_symmetric(&eight, 5, NULL, collect, &some, &result) == NQ_OK &&
            result.solutions == 5,
        "max 5 gave %" PRIu64, result.solutions);
  /* --max while other threads are mid-search: they stop, and that is no
   * interruption. */
  for (int round = 0; round < 20; round++) {
    nq_encoding eleven = {.n = 11, .amo = amo};
    nq_solver_control two_threads = {.threads = 2};
    collected counted = {NULL, 0, 0};
    uint64_t limit = 1 + (uint64_t)round * 97;
    CHECK(nq_solver_enumerate_symmetric(&eleven, limit, &two_threads, collect, &counted, &result) ==
                  NQ_OK &&
              result.solutions == limit && result.complete,
          "max %" PRIu64 " gave %" PRIu64, limit, result.solutions);
  }
  /* A set interrupt flag stops at once, reported as incomplete. */
  volatile sig_atomic_t interrupt = 1;
  nq_solver_control stopped = {.interrupt = &interrupt};
  nq_encoding twelve = {.n = 12, .amo = amo};
  CHECK(nq_solver_enumerate_symmetric(&twelve, 0, &stopped, NULL, NULL, &result) ==
                NQ_ERR_INTERRUPTED &&
            !result.complete,
        "interrupted run");
  return check_report("test_solver_symmetric");
}
