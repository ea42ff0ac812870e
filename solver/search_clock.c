/* Timing and stopping shared by the enumerations. CLOCK_MONOTONIC, so a
 * wall-clock change does not end a search early or late. */
#include "search_clock.h"

void search_clock_start(search_clock *clock, const nq_solver_control *control) {
  clock_gettime(CLOCK_MONOTONIC, &clock->start);
  clock->limit_seconds = control ? control->time_limit_seconds : 0;
  clock->interrupt = control ? control->interrupt : NULL;
}

double search_clock_elapsed(const search_clock *clock) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - clock->start.tv_sec) +
         (double)(now.tv_nsec - clock->start.tv_nsec) * 1e-9;
}

int search_clock_expired(const search_clock *clock) {
  if (clock->interrupt && *clock->interrupt)
    return 1;
  return clock->limit_seconds > 0 && search_clock_elapsed(clock) >= clock->limit_seconds;
}

int search_clock_picosat_hook(void *state) { return search_clock_expired(state); }

/* The shortest slice: some 5 to 50 ms of search here. Each slice is one
 * more restart, so not much smaller; 100,000 let a stop wait up to 0.7 s
 * on a pairwise N = 100 file, 20,000 about 0.15 s. */
enum { PROPAGATION_SLICE = 20000 };

int search_clock_sat(PicoSAT *picosat, int (*stop)(void *state), void *state) {
  return search_clock_sat_assuming(picosat, NULL, 0, stop, state);
}

int search_clock_sat_assuming(PicoSAT *picosat, const int *assumptions, int count,
                              int (*stop)(void *state), void *state) {
  /* Each slice must be able to assign every variable again after the
   * restart it implies, or a large easy formula (one clause over a million
   * variables) would never be solved: at least 4 propagations a variable.
   * It also grows by 0.1 % a slice, without bound, so that no search can
   * be set back for ever by the extra restarts, while the stop stays
   * prompt for hours (twice the first slice after 700 slices). */
  double slice = 4.0 * picosat_variables(picosat);
  if (slice < PROPAGATION_SLICE)
    slice = PROPAGATION_SLICE;
  for (;;) {
    unsigned long long limit = picosat_propagations(picosat) + (unsigned long long)slice;
    picosat_set_propagation_limit(picosat, limit);
    for (int i = 0; i < count; i++)
      picosat_assume(picosat, assumptions[i]);
    int answer = picosat_sat(picosat, -1);
    if (answer != PICOSAT_UNKNOWN || picosat_propagations(picosat) < limit || stop(state))
      return answer;
    slice *= 1.001;
  }
}
