/* Solving and enumerating models of a DIMACS formula with PicoSAT.
 *
 * Why blocking clauses over the projection set only: two models that agree
 * on the projected variables count as one (projected model counting, as the
 * "c ind" / "c p show" lines ask); blocking the negation of the projected
 * part of each model excludes exactly the models that agree with it there,
 * so every projected assignment is reported once. */
#include <picosat/picosat.h>
#include <stdlib.h>

#include "search_clock.h"

/* Nothing may reach PicoSAT that it would abort on. */
static int well_formed(const nq_cnf *cnf) {
  if (cnf->max_variable < 0)
    return 0;
  for (size_t i = 0; i < cnf->literal_count; i++) {
    int literal = cnf->literals[i];
    if (literal < -cnf->max_variable || literal > cnf->max_variable)
      return 0;
  }
  if (cnf->literal_count && cnf->literals[cnf->literal_count - 1] != 0)
    return 0;
  for (size_t i = 0; i < cnf->projection_count; i++)
    if (cnf->projection[i] < 1 || cnf->projection[i] > cnf->max_variable)
      return 0;
  return 1;
}

nq_status nq_solver_enumerate_cnf(const nq_cnf *cnf, uint64_t max_models,
                                  const nq_solver_control *control, nq_model_fn on_model,
                                  void *context, nq_enumeration *result) {
  nq_enumeration local = {0, 0, 0};
  if (!result)
    result = &local;
  *result = local;
  if (!cnf || !well_formed(cnf))
    return NQ_ERR_ARGUMENT;
  int variables = cnf->max_variable;
  search_clock clock;
  search_clock_start(&clock, control);
  PicoSAT *picosat = picosat_init();
  signed char *values = malloc((size_t)variables + 1);
  int *blocking = malloc(((size_t)variables + 1) * sizeof *blocking);
  if (!picosat || !values || !blocking) {
    if (picosat)
      picosat_reset(picosat);
    free(values);
    free(blocking);
    return NQ_ERR_MEMORY;
  }
  picosat_set_interrupt(picosat, &clock, search_clock_picosat_hook);
  picosat_adjust(picosat, variables);
  /* A 40 MB file is a second of adding: ask the clock every 256Ki literals. */
  nq_status status = NQ_OK;
  for (size_t i = 0; i < cnf->literal_count && status == NQ_OK; i++) {
    picosat_add(picosat, cnf->literals[i]);
    if (!(i & 0x3FFFF) && search_clock_expired(&clock))
      status = NQ_ERR_INTERRUPTED;
  }

  size_t projected = cnf->has_projection ? cnf->projection_count : (size_t)variables;
  double next_progress = 0.5;
  while (status == NQ_OK) {
    if (max_models && result->solutions >= max_models)
      break;
    if (search_clock_expired(&clock)) {
      status = NQ_ERR_INTERRUPTED;
      break;
    }
    int answer = search_clock_sat(picosat, search_clock_picosat_hook, &clock);
    if (answer == PICOSAT_UNSATISFIABLE) {
      result->complete = 1;
      break;
    }
    if (answer != PICOSAT_SATISFIABLE) {
      status = search_clock_expired(&clock) ? NQ_ERR_INTERRUPTED : NQ_ERR_SOLVER;
      break;
    }
    values[0] = 0;
    for (int variable = 1; variable <= variables; variable++)
      values[variable] = picosat_deref(picosat, variable) > 0;
    result->solutions++;
    if (on_model && on_model(context, values, variables)) {
      status = NQ_ERR_STOPPED;
      break;
    }
    if (control && control->progress) {
      double elapsed = search_clock_elapsed(&clock);
      if (elapsed >= next_progress) {
        control->progress(control->progress_context, result->solutions, elapsed);
        next_progress = elapsed + 0.5;
      }
    }
    /* An empty projection has a single (empty) assignment: the empty
     * blocking clause makes the formula unsatisfiable, as it should. */
    for (size_t i = 0; i < projected; i++) {
      int variable = cnf->has_projection ? cnf->projection[i] : (int)i + 1;
      blocking[i] = values[variable] ? -variable : variable;
    }
    for (size_t i = 0; i < projected; i++)
      picosat_add(picosat, blocking[i]);
    picosat_add(picosat, 0);
  }
  if (max_models && result->solutions >= max_models && status == NQ_OK)
    result->complete = 1;
  free(values);
  free(blocking);
  picosat_reset(picosat);
  return status;
}
