/* Seconds as doubles, for progress lines, time limits and reports. */
#ifndef NQSAT_CLOCK_H
#define NQSAT_CLOCK_H

#include <time.h>

/* Seconds on `clock` (CLOCK_MONOTONIC for elapsed time, CLOCK_PROCESS_CPUTIME_ID
 * or CLOCK_THREAD_CPUTIME_ID for CPU time). */
double clock_seconds(clockid_t clock);
/* Seconds on `clock` since `start`, which clock_gettime(clock, start) set. */
double clock_seconds_since(clockid_t clock, const struct timespec *start);

#endif
