/* The chessboard counters' job runner (chess_jobs.h). Jobs are few (one per
 * placement of the first two rows) and uneven, so threads pull them one at
 * a time rather than taking fixed shares. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "chess_jobs.h"

typedef struct job_run {
  chess_job_fn job;
  const void *context;
  int jobs;
  atomic_int next;
  atomic_uint_least64_t total;
} job_run;

static void *run_jobs(void *argument) {
  job_run *run = argument;
  for (;;) {
    int index = atomic_fetch_add(&run->next, 1);
    if (index >= run->jobs)
      break;
    atomic_fetch_add(&run->total, run->job(run->context, index));
  }
  return NULL;
}

nq_status chess_run_jobs(chess_job_fn job, const void *context, int jobs, int threads,
                         uint64_t *total) {
  if (threads < 1 || jobs < 0)
    return NQ_ERR_ARGUMENT;
  job_run run = {.job = job, .context = context, .jobs = jobs};
  atomic_init(&run.next, 0);
  atomic_init(&run.total, 0);
  pthread_t *helpers = threads > 1 ? calloc((size_t)threads - 1, sizeof *helpers) : NULL;
  int started = 0;
  for (int i = 0; helpers && i < threads - 1; i++) {
    if (pthread_create(&helpers[i], NULL, run_jobs, &run) != 0)
      break;
    started++;
  }
  run_jobs(&run);
  for (int i = 0; i < started; i++)
    pthread_join(helpers[i], NULL);
  free(helpers);
  *total = atomic_load(&run.total);
  return NQ_OK;
}
