/* The order nqsat-mpi hands jobs out in, the early deal (mpi_count.h), and
 * the clock and pause its polling loops use. */
#include <stdlib.h>

#include "mpi_count.h"

double mpi_now(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

void mpi_pause(long nanoseconds) {
  struct timespec pause = {0, nanoseconds};
  nanosleep(&pause, NULL);
}

typedef struct weighed_job {
  double weight;
  size_t job;
} weighed_job;

static int heavier_first(const void *a, const void *b) {
  const weighed_job *left = a, *right = b;
  if (left->weight != right->weight)
    return left->weight > right->weight ? -1 : 1;
  return left->job < right->job ? -1 : left->job > right->job;
}

size_t *mpi_heaviest_first(const nq_count_plan *plan) {
  size_t jobs = nq_count_plan_jobs(plan);
  size_t *order = malloc((jobs ? jobs : 1) * sizeof *order);
  weighed_job *weighed = malloc((jobs ? jobs : 1) * sizeof *weighed);
  if (!order || !weighed) {
    free(order), free(weighed);
    return NULL;
  }
  for (size_t job = 0; job < jobs; job++)
    weighed[job] = (weighed_job){nq_count_plan_job_weight(plan, job), job};
  qsort(weighed, jobs, sizeof *weighed, heavier_first);
  for (size_t i = 0; i < jobs; i++)
    order[i] = weighed[i].job;
  free(weighed);
  return order;
}

size_t mpi_early_deal(const nq_count_plan *plan, const size_t *order, int rank, int ranks,
                      size_t *positions) {
  if (rank < 1 || ranks < 2)
    return 0;
  size_t jobs = nq_count_plan_jobs(plan);
  double total = 0;
  for (size_t job = 0; job < jobs; job++)
    total += nq_count_plan_job_weight(plan, job);
  double share = total / (EARLY_SHARE_DIVISOR * (double)ranks), dealt = 0;
  size_t taken = 0;
  for (size_t position = (size_t)rank;
       position < jobs && taken < EARLY_JOBS_MAX && (taken == 0 || dealt < share);
       position += (size_t)ranks) {
    positions[taken++] = position;
    dealt += nq_count_plan_job_weight(plan, order[position]);
  }
  return taken;
}
