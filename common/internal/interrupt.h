/* interrupt.h - stopping on SIGINT or SIGTERM (common/interrupt.c), shared by
 * nqsat and nqsat-mpi.
 *
 * interrupt_watch() installs SIGINT and SIGTERM handlers that set the
 * returned flag (pass it to nq_output_stop_when, as
 * nq_solver_control.interrupt, or as a count plan's stop); another signal
 * within a second of the first is only recorded (`timeout` sends two at
 * once), a later one takes the default action at once. interrupt_requested() is the signal
 * number or 0; interrupt_signal_name() is "SIGTERM" after SIGTERM, else
 * "SIGINT".
 *
 * interrupt_mirror(flag) has the handler set *flag to 1 as well (one flag;
 * NULL forgets it): nqsat-mpi's early workers stop on a flag of their own
 * that it also raises when it drops their jobs. The handler runs on
 * whichever thread the signal lands and may still be writing *flag after
 * interrupt_mirror(NULL) returned: give it a flag in static storage, never
 * one inside memory that is freed. */
#ifndef NQSAT_INTERRUPT_H
#define NQSAT_INTERRUPT_H

#include <signal.h>

const volatile sig_atomic_t *interrupt_watch(void);
int interrupt_requested(void);
const char *interrupt_signal_name(void);
void interrupt_mirror(volatile sig_atomic_t *flag);

#endif
