/* libFuzzer target for the DIMACS reader: any bytes must give a formula or
 * a "NAME:LINE: problem" error, never a crash, a leak or a message without
 * its location; an accepted formula must be solvable without tripping
 * PicoSAT's own checks (which abort).
 * Build: cmake -DNQSAT_FUZZ=ON -DCMAKE_C_COMPILER=clang, then
 *        build/tests/fuzz_solver_cnf -max_total_time=60 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/cnf.h"
#include "nqsat/solver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nq_cnf *cnf = NULL;
  char error[512] = "";
  nq_status status = nq_cnf_read_memory(data, size, "fuzz", &cnf, error, sizeof error);
  if (status == NQ_OK) {
    /* Small formulas only, so each input stays fast. */
    if (cnf->max_variable <= 200 && cnf->literal_count <= 5000) {
      nq_enumeration result;
      nq_solver_enumerate_cnf(cnf, 3, NULL, NULL, NULL, &result);
    }
    nq_cnf_free(cnf);
  } else if (status == NQ_ERR_PARSE && strncmp(error, "fuzz:", 5) != 0) {
    abort(); /* every parse error names its input */
  }
  return 0;
}
