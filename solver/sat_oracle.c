/* The incremental solver behind sat_oracle.h: CaDiCaL's C API when the
 * build has it (NQSAT_HAVE_CADICAL), PicoSAT's otherwise. Both keep their
 * learned clauses between calls, so a run of checks under related
 * assumptions (the component counter's, one per branch) costs less than
 * solving each from scratch. */
#include "sat_oracle.h"

#include <stdlib.h>

#include "grow.h"

#ifdef NQSAT_HAVE_CADICAL
#include <ccadical.h>
#endif

struct sat_oracle {
#ifdef NQSAT_HAVE_CADICAL
  CCaDiCaL *cadical;
#else
  PicoSAT *picosat;
  int *assumptions; /* for the next solve, given again to each slice */
  size_t assumption_count, assumption_capacity;
#endif
  const search_clock *clock;
};

static int clock_expired(void *state) { return search_clock_expired(state); }

#ifdef NQSAT_HAVE_CADICAL

sat_oracle *sat_oracle_new(const search_clock *clock) {
  sat_oracle *oracle = malloc(sizeof *oracle);
  if (!oracle)
    return NULL;
  oracle->clock = clock;
  oracle->cadical = ccadical_init();
  /* Not a word on standard output, where the count goes (CaDiCaL says
   * "c found falsified original clause" there otherwise). */
  ccadical_set_option(oracle->cadical, "quiet", 1);
  ccadical_set_terminate(oracle->cadical, (void *)clock, clock_expired);
  return oracle;
}

void sat_oracle_free(sat_oracle *oracle) {
  if (!oracle)
    return;
  ccadical_release(oracle->cadical);
  free(oracle);
}

void sat_oracle_reserve(sat_oracle *oracle, int variables) {
  (void)oracle; /* CaDiCaL answers every variable */
  (void)variables;
}

void sat_oracle_add(sat_oracle *oracle, int literal) { ccadical_add(oracle->cadical, literal); }

int sat_oracle_assume(sat_oracle *oracle, int literal) {
  ccadical_assume(oracle->cadical, literal);
  return 0;
}

int sat_oracle_solve(sat_oracle *oracle, int decision_limit) {
  /* A limit holds for the next call only; none set means none. */
  if (decision_limit >= 0)
    ccadical_limit(oracle->cadical, "decisions", decision_limit);
  int answer = ccadical_solve(oracle->cadical);
  return answer == 10 ? 1 : answer == 20 ? 0 : -1;
}

int sat_oracle_value(sat_oracle *oracle, int literal) {
  return ccadical_val(oracle->cadical, literal) > 0;
}

const char *sat_oracle_backend(void) { return "CaDiCaL"; }

#else

sat_oracle *sat_oracle_new(const search_clock *clock) {
  sat_oracle *oracle = malloc(sizeof *oracle);
  if (!oracle)
    return NULL;
  oracle->clock = clock;
  oracle->assumptions = NULL;
  oracle->assumption_count = oracle->assumption_capacity = 0;
  oracle->picosat = picosat_init();
  if (!oracle->picosat) {
    free(oracle);
    return NULL;
  }
  picosat_set_interrupt(oracle->picosat, (void *)clock, clock_expired);
  return oracle;
}

void sat_oracle_free(sat_oracle *oracle) {
  if (!oracle)
    return;
  picosat_reset(oracle->picosat);
  free(oracle->assumptions);
  free(oracle);
}

void sat_oracle_reserve(sat_oracle *oracle, int variables) {
  picosat_adjust(oracle->picosat, variables);
}

void sat_oracle_add(sat_oracle *oracle, int literal) { picosat_add(oracle->picosat, literal); }

int sat_oracle_assume(sat_oracle *oracle, int literal) {
  if (oracle->assumption_count == oracle->assumption_capacity) {
    int *grown = grow_array(oracle->assumptions, &oracle->assumption_capacity,
                            oracle->assumption_count + 1, sizeof *grown, 64);
    if (!grown)
      return -1;
    oracle->assumptions = grown;
  }
  oracle->assumptions[oracle->assumption_count++] = literal;
  return 0;
}

int sat_oracle_solve(sat_oracle *oracle, int decision_limit) {
  /* Without a limit, the search runs in slices so the clock is read often
   * (search_clock_sat_assuming); PicoSAT's own limit counts from each
   * call, and its interrupt hook is read every 1024 decisions. */
  int answer;
  if (decision_limit < 0) {
    answer = search_clock_sat_assuming(oracle->picosat, oracle->assumptions,
                                       (int)oracle->assumption_count, clock_expired,
                                       (void *)oracle->clock);
  } else {
    for (size_t i = 0; i < oracle->assumption_count; i++)
      picosat_assume(oracle->picosat, oracle->assumptions[i]);
    answer = picosat_sat(oracle->picosat, decision_limit);
  }
  oracle->assumption_count = 0;
  return answer == PICOSAT_SATISFIABLE ? 1 : answer == PICOSAT_UNSATISFIABLE ? 0 : -1;
}

int sat_oracle_value(sat_oracle *oracle, int literal) {
  return picosat_deref(oracle->picosat, literal) > 0;
}

const char *sat_oracle_backend(void) { return "PicoSAT"; }

#endif
