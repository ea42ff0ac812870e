/* stop_watchdog.h - a count that was asked to stop ends within a second.
 *
 * Some phases of a count do not poll the stop flag (nauty's refinement of
 * a large graph, parts of planning), and can run for minutes after
 * SIGTERM or the time limit. stop_watchdog_start() starts a thread that,
 * once the stop flag is set (by a signal, or by the deadline of
 * stop_deadline.h), waits STOP_WATCHDOG_GRACE
 * seconds; if the command has not claimed the answer by then, the thread
 * claims it, writes the status line given (a count of 0 is a lower bound
 * of any count) and a note on stderr, and ends the process with `code`.
 * stop_watchdog_claim(): called by the command before it prints its
 * answer; 1 when it may, 0 when the watchdog is ending the process (the
 * caller then waits for that). Without a started watchdog it returns 1. */
#ifndef NQSAT_STOP_WATCHDOG_H
#define NQSAT_STOP_WATCHDOG_H

#include <signal.h>

#define STOP_WATCHDOG_GRACE 0.8

void stop_watchdog_start(const volatile sig_atomic_t *stop, const char *interrupted_line,
                         const char *time_limit_line);
int stop_watchdog_claim(void);

#endif
