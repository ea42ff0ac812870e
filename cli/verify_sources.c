/* The solutions of `nqsat verify`'s table and the verifier's checks on each
 * (verify_sources.h). */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "verify_sources.h"

void verify_progress_show(const verify_progress *progress, int n, const char *stage,
                          int stage_number, int stages, uint64_t solutions, double stage_seconds) {
  if (!progress->shown)
    return;
  fprintf(stderr, "\r\033[KN = %d, %s (%d of %d): %llu solutions, %.1f s; %.1f s in all", n, stage,
          stage_number, stages, (unsigned long long)solutions, stage_seconds,
          clock_seconds(CLOCK_MONOTONIC) - progress->run_start);
  fflush(stderr);
}

void verify_progress_clear(const verify_progress *progress) {
  if (!progress->shown)
    return;
  fputs("\r\033[K", stderr);
  fflush(stderr);
}

/* The test hook's wrong image: the left-right mirror, a valid board of the
 * same orbit, so only the set comparison can tell (the board is reported
 * twice and its original never). */
static const int *mirrored_once(verify_collector *into, const int *columns, int n, int *mirror) {
  if (!into->wrong_image)
    return columns;
  for (int row = 0; row < n; row++)
    mirror[row] = n - 1 - columns[row];
  if (!memcmp(mirror, columns, (size_t)n * sizeof *columns))
    return columns;
  into->wrong_image = 0;
  return mirror;
}

static int collect(void *context, const int *columns, int n) {
  verify_collector *into = context;
  int mirror[NQ_SOLVER_MAX_N];
  columns = mirrored_once(into, columns, n, mirror);
  char why[200];
  into->count++;
  if (!(into->count & 1023))
    atomic_store_explicit(&into->seen, into->count, memory_order_relaxed);
  if (!nq_verify_check_placement(columns, n, why, sizeof why)) {
    if (!into->invalid++)
      snprintf(into->first_invalid, sizeof into->first_invalid, "%s", why);
  } else {
    /* Counting each class once, at its smallest image, gives the number of
     * fundamental solutions when the enumeration is complete (checked
     * against the totals) and every image is among the solutions. */
    int canonical[NQ_VERIFY_MAX_N];
    int size = nq_verify_canonical(columns, n, canonical);
    if (size < 0) {
      into->status = NQ_ERR_MEMORY;
      return 1;
    }
    into->unique += !memcmp(canonical, columns, (size_t)n * sizeof *columns);
  }
  if (into->set && nq_solution_set_add(into->set, columns) != NQ_OK) {
    into->status = NQ_ERR_MEMORY;
    return 1;
  }
  return 0;
}

nq_status verify_source_native(int n, verify_collector *into) {
  return nq_verify_enumerate(n, collect, into);
}

nq_status verify_source_sat(const nq_encoding *encoding, int plain, int threads,
                            verify_collector *into, nq_enumeration *result) {
  memset(result, 0, sizeof *result);
  if (plain) {
    nq_status status =
        nq_solver_enumerate_queens(encoding, 0, NULL, collect, into, &result->solutions);
    result->complete = status == NQ_OK;
    return status;
  }
  nq_solver_control control = {.threads = threads};
  return nq_solver_enumerate_symmetric(encoding, 0, &control, collect, into, result);
}
