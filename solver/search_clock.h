/* Private to solver/: elapsed time, time limit and interrupt flag of one
 * search, read by PicoSAT's interrupt hook and between SAT calls. */
#ifndef NQSAT_SEARCH_CLOCK_H
#define NQSAT_SEARCH_CLOCK_H

#include <picosat/picosat.h>
#include <time.h>

#include "nqsat/solver.h"

typedef struct search_clock {
  struct timespec start;
  double limit_seconds; /* 0: none */
  const volatile sig_atomic_t *interrupt;
} search_clock;

void search_clock_start(search_clock *clock, const nq_solver_control *control);
double search_clock_elapsed(const search_clock *clock);
/* 1 when the interrupt flag is set or the time limit has passed. */
int search_clock_expired(const search_clock *clock);
/* For picosat_set_interrupt: `state` is a const search_clock *. */
int search_clock_picosat_hook(void *state);

/* picosat_sat(picosat, -1), asking `stop(state)` at least every few tens
 * of milliseconds. PicoSAT calls its interrupt hook only every 1024
 * decisions, which on a large formula (N = 200, a 40 MB file) is seconds
 * apart; so the search runs in slices of propagations (search_clock.c)
 * (picosat_set_propagation_limit, an absolute count) and `stop` is asked
 * between them. A new slice resumes from the top level with learnt
 * clauses and phases kept, like one more restart. PICOSAT_UNKNOWN when
 * `stop` said so (or PicoSAT gave up for another reason). */
int search_clock_sat(PicoSAT *picosat, int (*stop)(void *state), void *state);
/* The same under `count` assumptions, given again to each slice (PicoSAT
 * keeps them for one picosat_sat only). */
int search_clock_sat_assuming(PicoSAT *picosat, const int *assumptions, int count,
                              int (*stop)(void *state), void *state);

#endif
