/* nqsat/decide.h - whether a DIMACS formula has a model, by the fastest
 * CDCL solver the build has: CaDiCaL (Debian's libcadical-dev) when it
 * was found, PicoSAT otherwise. `solve --count` asks this first, so an
 * unsatisfiable formula is counted 0 in the time a SAT solver takes. */
#ifndef NQSAT_DECIDE_H
#define NQSAT_DECIDE_H

#include "nqsat/cnf.h"
#include "nqsat/solver.h"
#include "nqsat/status.h"

/* NQ_OK with *satisfiable 1 or 0; NQ_ERR_INTERRUPTED when `control`'s
 * interrupt flag or time limit stopped the search first (control may be
 * NULL: no limit); NQ_ERR_ARGUMENT for a literal outside
 * 1..cnf->max_variable; NQ_ERR_MEMORY. Only the variables that occur in
 * a clause reach the solver, so a huge declared count costs nothing. */
nq_status nq_cnf_decide(const nq_cnf *cnf, const nq_solver_control *control, int *satisfiable);

/* "CaDiCaL" or "PicoSAT": the solver nq_cnf_decide uses. */
const char *nq_cnf_decide_solver(void);

#endif
