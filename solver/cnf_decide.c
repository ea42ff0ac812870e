/* nq_cnf_decide: the whole formula, renumbered to its occurring
 * variables (cnf_compact.h: a solver sizes its tables by the largest
 * index, and `p cnf 2147483647 1` would cost gigabytes), to one
 * sat_oracle, solved once without a decision limit. */
#include "nqsat/decide.h"

#include "cnf_compact.h"
#include "sat_oracle.h"
#include "search_clock.h"

nq_status nq_cnf_decide(const nq_cnf *cnf, const nq_solver_control *control, int *satisfiable) {
  *satisfiable = 0;
  search_clock clock;
  search_clock_start(&clock, control);
  cnf_compact compact;
  nq_status status = cnf_compact_build(cnf, &compact);
  if (status != NQ_OK)
    return status;
  sat_oracle *oracle = sat_oracle_new(&clock);
  if (!oracle) {
    cnf_compact_free(&compact);
    return NQ_ERR_MEMORY;
  }
  for (size_t i = 0; i < compact.literal_count; i++)
    sat_oracle_add(oracle, compact.literals[i]);
  cnf_compact_free(&compact);
  int answer = sat_oracle_solve(oracle, -1);
  sat_oracle_free(oracle);
  if (answer < 0)
    return NQ_ERR_INTERRUPTED;
  *satisfiable = answer;
  return NQ_OK;
}

const char *nq_cnf_decide_solver(void) { return sat_oracle_backend(); }
