/* Private to cli/: where the solutions of `nqsat verify`'s table come from
 * (the native solver, or one encoding through PicoSAT, by the fast or the
 * plain enumeration), what the verifier checks on every one of them, and
 * the progress line shown meanwhile on a terminal.
 *
 * This is where the solver and the verifier meet: the solver's solutions go
 * through the verifier's own checks (placement square by square, class
 * representative), and the verifier never sees the solver's code. */
#ifndef NQSAT_CLI_VERIFY_SOURCES_H
#define NQSAT_CLI_VERIFY_SOURCES_H

#include <stdatomic.h>
#include <stdint.h>

#include "nqsat/encoder.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"

/* The progress line on stderr: "N = 12, seq (3 of 9): 5321 solutions,
 * 1.2 s; 14.0 s in all". Drawn by the thread that prints the table (the
 * stages run on workers and publish their counts in `seen`), about twice
 * a second, and only when `shown` is set (a terminal). */
typedef struct verify_progress {
  int shown;
  double run_start; /* clock_seconds(CLOCK_MONOTONIC) when the run began */
} verify_progress;

void verify_progress_show(const verify_progress *progress, int n, const char *stage,
                          int stage_number, int stages, uint64_t solutions, double stage_seconds);
/* Removes the line before a row is printed. */
void verify_progress_clear(const verify_progress *progress);

/* What one source's solutions added up to. Zero-initialise, then set `set`
 * (NULL when only counting). Filled by the thread that runs the source;
 * only `seen` may be read meanwhile from another. */
typedef struct verify_collector {
  nq_solution_set *set;
  uint64_t count;
  uint64_t unique; /* valid boards that are their class's smallest image */
  uint64_t invalid;
  char first_invalid[256];
  nq_status status;
  atomic_ullong seen; /* `count`, updated every 1024th solution, for progress */
  /* Test hook (NQSAT_TEST_WRONG_IMAGE, see cmd_verify.c): 1 makes the first
   * solution that differs from its left-right mirror arrive as that mirror,
   * as a symmetric enumeration that computed one image wrong would report
   * it. Never set otherwise. */
  int wrong_image;
} verify_collector;

/* Every solution of the native solver, into `into`. */
nq_status verify_source_native(int n, verify_collector *into);

/* Every solution of the SAT path for `encoding`, into `into`.
 * plain = 0: nq_solver_enumerate_symmetric (sub-problems on `threads`
 * threads, 0: one per processor; one solution per orbit found by PicoSAT,
 * the other members of its orbit computed by the solver's symmetry code);
 * `result` receives its counts, `fundamental` being the solver's own orbit
 * count. plain = 1: nq_solver_enumerate_queens, one PicoSAT instance, one
 * blocking clause per solution, every solution found by PicoSAT itself;
 * `result->fundamental` is then 0. */
nq_status verify_source_sat(const nq_encoding *encoding, int plain, int threads,
                            verify_collector *into, nq_enumeration *result);

#endif
