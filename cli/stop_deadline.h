/* stop_deadline.h - the stop flag of `nqsat solve`.
 *
 * stop_deadline_start(seconds) returns a flag raised by SIGINT or SIGTERM
 * (interrupt_mirror) and, when `seconds` > 0, by a thread once that many
 * seconds have passed since the call. Every phase that polls the flag
 * (the reader, also while a pipe's writer stalls; the symmetry search;
 * the split; the engines) then ends at --time-limit, not only the phases
 * that keep a clock of their own. interrupt_requested() still tells a
 * signal from the deadline. Once a process: the flag is in static
 * storage, as interrupt_mirror needs. */
#ifndef NQSAT_STOP_DEADLINE_H
#define NQSAT_STOP_DEADLINE_H

#include <signal.h>

const volatile sig_atomic_t *stop_deadline_start(double seconds);

#endif
