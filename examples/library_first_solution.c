/* Using nqsat as a library: enumerate a few N-Queens solutions with the
 * PicoSAT-backed solver (nqsat/solver.h) and check each with the
 * independent verifier (nqsat/verify.h).
 *   build/examples/library_first_solution [N] [HOW_MANY] */
#include <stdio.h>
#include <stdlib.h>

#include "nqsat/solver.h"
#include "nqsat/verify.h"

static int print_and_check(void *context, const int *columns, int n) {
  int *invalid = context;
  char why[200];
  for (int row = 0; row < n; row++)
    printf(row + 1 < n ? "%d " : "%d", columns[row] + 1);
  if (nq_verify_check_placement(columns, n, why, sizeof why)) {
    printf("   valid\n");
  } else {
    printf("   INVALID: %s\n", why);
    ++*invalid;
  }
  return 0; /* keep going */
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  uint64_t how_many = argc > 2 ? strtoull(argv[2], NULL, 10) : 5;
  if (n < 1 || n > NQ_SOLVER_MAX_N) {
    fprintf(stderr, "N must be 1..%d\n", NQ_SOLVER_MAX_N);
    return 2;
  }
  nq_encoding encoding = {.n = n, .amo = NQ_AMO_SEQUENTIAL};
  int invalid = 0;
  uint64_t found = 0;
  nq_status status =
      nq_solver_enumerate_queens(&encoding, how_many, NULL, print_and_check, &invalid, &found);
  if (status != NQ_OK) {
    fprintf(stderr, "solver: %s\n", nq_strerror(status));
    return 1;
  }
  uint64_t known;
  if (nq_verify_known_count(n, &known, NULL) == 0)
    printf("%llu solutions shown; OEIS A000170 says N = %d has %llu in all\n",
           (unsigned long long)found, n, (unsigned long long)known);
  return invalid ? 1 : 0;
}
