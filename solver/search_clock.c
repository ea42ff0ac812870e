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
