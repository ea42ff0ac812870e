/* Private to cli/: the clock of `nqsat check`. A thread beside the
 * judging prints a progress line on stderr once a run has taken
 * CHECK_TIMER_PROGRESS_AFTER seconds (on a terminal it is rewritten each
 * second and removed at the end; elsewhere a line every
 * CHECK_TIMER_LOG_EVERY seconds), and raises the stop flag when the time
 * limit is reached, so every search the judge runs (the verifier's, nqsat's
 * own count) stops at the same deadline. SIGINT and SIGTERM raise the same
 * flag (interrupt_mirror). */
#ifndef NQSAT_CHECK_TIMER_H
#define NQSAT_CHECK_TIMER_H

#include <signal.h>

#define CHECK_TIMER_PROGRESS_AFTER 2.0
#define CHECK_TIMER_LOG_EVERY 10.0

/* Starts the clock: `what` (borrowed until check_timer_stop) names the
 * run in the progress line; `time_limit_seconds` 0 means no limit.
 * Returns the stop flag (when no thread can be started there is neither
 * progress nor limit, and signals still raise it). */
const volatile sig_atomic_t *check_timer_start(const char *what, double time_limit_seconds);

/* 1 when the time limit (not a signal) raised the flag. */
int check_timer_expired(void);

/* Stops the clock and removes the progress line. */
void check_timer_stop(void);

#endif
