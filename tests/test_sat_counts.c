/* SAT-path counts against OEIS A000170, and for small N the full solution
 * sets against the native solver's, every SAT board checked square by
 * square. Counts past the set comparison run on the fast symmetric
 * enumeration (nq_solver_enumerate_symmetric), which also checks A002562.
 * usage: test_sat_counts ENCODING FIRST_N LAST_N [SET_COMPARISON_MAX_N] */
#include <inttypes.h>
#include <stdlib.h>

#include "check.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"

typedef struct collected {
  nq_solution_set *set;
  uint64_t invalid;
} collected;

static int collect(void *context, const int *columns, int n) {
  collected *into = context;
  char why[200];
  if (!nq_verify_check_placement(columns, n, why, sizeof why)) {
    if (!into->invalid++)
      fprintf(stderr, "invalid SAT solution: %s\n", why);
  }
  if (into->set)
    nq_solution_set_add(into->set, columns);
  return 0;
}

int main(int argc, char **argv) {
  nq_amo amo;
  if (argc < 4 || nq_amo_from_name(argv[1], &amo)) {
    fprintf(stderr, "usage: %s ENCODING FIRST_N LAST_N [SET_COMPARISON_MAX_N]\n", argv[0]);
    return 2;
  }
  int first = atoi(argv[2]), last = atoi(argv[3]);
  int sets_up_to = argc > 4 ? atoi(argv[4]) : 0;
  for (int n = first; n <= last; n++) {
    uint64_t known, found = 0;
    nq_verify_known_count(n, &known, NULL);
    collected sat = {n <= sets_up_to ? nq_solution_set_new(n) : NULL, 0};
    nq_encoding encoding = {.n = n, .amo = amo};
    if (sat.set) {
      CHECK(nq_solver_enumerate_queens(&encoding, 0, NULL, collect, &sat, &found) == NQ_OK, "n=%d",
            n);
    } else {
      uint64_t fundamental;
      nq_enumeration result;
      nq_verify_known_count(n, NULL, &fundamental);
      CHECK(nq_solver_enumerate_symmetric(&encoding, 0, NULL, collect, &sat, &result) == NQ_OK,
            "n=%d", n);
      found = result.solutions;
      CHECK(result.fundamental == fundamental, "%s n=%d: %" PRIu64 " orbits, A002562 says %" PRIu64,
            argv[1], n, result.fundamental, fundamental);
    }
    CHECK(found == known, "%s n=%d: SAT found %" PRIu64 ", A000170 says %" PRIu64, argv[1], n,
          found, known);
    CHECK(sat.invalid == 0, "%s n=%d: %" PRIu64 " invalid boards", argv[1], n, sat.invalid);
    if (sat.set) {
      collected native = {nq_solution_set_new(n), 0};
      nq_verify_enumerate(n, collect, &native);
      char why[400] = "";
      CHECK(nq_solution_set_equal(sat.set, "SAT", native.set, "native", why, sizeof why),
            "%s n=%d: %s", argv[1], n, why);
      nq_solution_set_free(native.set);
    }
    nq_solution_set_free(sat.set);
    printf("%s n=%d: %" PRIu64 " solutions\n", argv[1], n, found);
  }
  /* --max stops where asked. */
  nq_encoding eight = {.n = 8, .amo = amo};
  uint64_t found = 0;
  CHECK(nq_solver_enumerate_queens(&eight, 5, NULL, NULL, NULL, &found) == NQ_OK && found == 5,
        "max 5 gave %" PRIu64, found);
  return check_report("test_sat_counts");
}
