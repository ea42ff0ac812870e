/* Uses only the verifier (nqsat::verify): prints A000170(N) from its table
 * and checks one placement, so the test can see that linking the verifier
 * brings in neither the solver nor PicoSAT. */
#include <stdio.h>
#include <stdlib.h>

#include "nqsat/verify.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  uint64_t known;
  if (nq_verify_known_count(n, &known, NULL) != 0)
    return 1;
  const int columns[4] = {1, 3, 0, 2}; /* 2 4 1 3 */
  char why[200];
  printf("%llu %s\n", (unsigned long long)known,
         nq_verify_check_placement(columns, 4, why, sizeof why) ? "valid" : why);
  return 0;
}
