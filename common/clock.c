/* Seconds as doubles (see clock.h). */
#include "clock.h"

static double seconds_of(const struct timespec *t) { return (double)t->tv_sec + t->tv_nsec * 1e-9; }

double clock_seconds(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return seconds_of(&now);
}

double clock_seconds_since(clockid_t clock, const struct timespec *start) {
  struct timespec now;
  clock_gettime(clock, &now);
  /* The difference first, in whole seconds and nanoseconds: exact, where
   * subtracting two large doubles would lose the nanoseconds. */
  return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}
