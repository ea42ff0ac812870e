/* Model enumeration with PicoSAT and blocking clauses.
 *
 * Why only the queen variables are blocked: an auxiliary variable of the
 * sequential counter (and other encodings) can take several values for one
 * board, so blocking full models would report the same board many times.
 *
 * Why blocking only the N true queen literals is enough: every solution has
 * exactly N queens, so any other solution lacks at least one queen of this
 * one and satisfies the clause (not q1 or ... or not qN); this solution alone
 * violates it. The clause is N literals instead of N^2. */
#include <picosat/picosat.h>
#include <stdlib.h>

#include "nqsat/solver.h"
#include "search_clock.h"

typedef struct loading {
  PicoSAT *picosat;
  const search_clock *clock;
  unsigned long clauses;
} loading;

/* Loading the formula takes seconds at N = 200 (16 million clauses), so
 * it asks the clock too, every 64Ki clauses. */
static int add_to_picosat(void *context, const int *literals, size_t count) {
  loading *load = context;
  for (size_t i = 0; i < count; i++)
    picosat_add(load->picosat, literals[i]);
  picosat_add(load->picosat, 0);
  return !(++load->clauses & 0xFFFF) && search_clock_expired(load->clock);
}

/* Fills columns[row] from the model; -1 unless every row has exactly one. */
static int read_board(PicoSAT *picosat, int n, int *columns) {
  for (int row = 0; row < n; row++) {
    int queens = 0;
    for (int column = 0; column < n; column++)
      if (picosat_deref(picosat, row * n + column + 1) > 0) {
        columns[row] = column;
        queens++;
      }
    if (queens != 1)
      return -1;
  }
  return 0;
}

nq_status nq_solver_enumerate_queens(const nq_encoding *encoding, uint64_t max_solutions,
                                     const nq_solver_control *control, nq_solution_fn on_solution,
                                     void *context, uint64_t *found) {
  uint64_t reported = 0;
  if (found)
    *found = 0;
  int n = encoding->n;
  if (n < 1 || n > NQ_SOLVER_MAX_N)
    return NQ_ERR_ARGUMENT;
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  PicoSAT *picosat = picosat_init();
  int *columns = malloc((size_t)n * sizeof *columns);
  if (!picosat || !columns) {
    if (picosat)
      picosat_reset(picosat);
    free(columns);
    return NQ_ERR_MEMORY;
  }
  search_clock clock;
  search_clock_start(&clock, control);
  picosat_set_interrupt(picosat, &clock, search_clock_picosat_hook);
  picosat_adjust(picosat, (int)size.variables);
  loading load = {picosat, &clock, 0};
  nq_clause_sink sink = {&load, add_to_picosat};
  status = nq_encoder_generate(encoding, &sink);
  if (status == NQ_ERR_STOPPED)
    status = NQ_ERR_INTERRUPTED; /* add_to_picosat saw the clock expire */

  while (status == NQ_OK && (max_solutions == 0 || reported < max_solutions)) {
    if (search_clock_expired(&clock)) {
      status = NQ_ERR_INTERRUPTED;
      break;
    }
    int result = search_clock_sat(picosat, search_clock_picosat_hook, &clock);
    if (result == PICOSAT_UNSATISFIABLE)
      break;
    if (result == PICOSAT_UNKNOWN && search_clock_expired(&clock)) {
      status = NQ_ERR_INTERRUPTED; /* the hook stopped PicoSAT */
      break;
    }
    if (result != PICOSAT_SATISFIABLE) {
      status = NQ_ERR_SOLVER;
      break;
    }
    if (read_board(picosat, n, columns) != 0) {
      status = NQ_ERR_SOLVER; /* the formula failed to force one queen per row */
      break;
    }
    reported++;
    if (on_solution && on_solution(context, columns, n))
      status = NQ_ERR_STOPPED;
    for (int row = 0; row < n; row++)
      picosat_add(picosat, -(row * n + columns[row] + 1));
    picosat_add(picosat, 0);
  }
  if (found)
    *found = reported;
  free(columns);
  picosat_reset(picosat);
  return status;
}
