/* Seconds as doubles, for progress lines, time limits and reports. */
#ifndef NQSAT_CLOCK_H
#define NQSAT_CLOCK_H

#include <time.h>

/* Seconds on `clock` (CLOCK_MONOTONIC for elapsed time, CLOCK_PROCESS_CPUTIME_ID
 * or CLOCK_THREAD_CPUTIME_ID for CPU time). */
double clock_seconds(clockid_t clock);
/* Seconds on `clock` since `start`, which clock_gettime(clock, start) set. */
double clock_seconds_since(clockid_t clock, const struct timespec *start);

/* The time `milliseconds` (below 1000) from now on `clock`, as
 * pthread_cond_timedwait wants its deadline. Header-only (static inline),
 * so the installed libraries can use it without exporting a symbol. */
static inline struct timespec clock_deadline_in(clockid_t clock, long milliseconds) {
  struct timespec when;
  clock_gettime(clock, &when);
  when.tv_nsec += milliseconds * 1000 * 1000;
  if (when.tv_nsec >= 1000000000L)
    when.tv_sec++, when.tv_nsec -= 1000000000L;
  return when;
}

#endif
