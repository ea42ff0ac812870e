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

size_t *mpi_heaviest_first(const nq_count_plan *plan) {
  size_t jobs = nq_count_plan_jobs(plan);
  size_t *order = malloc((jobs ? jobs : 1) * sizeof *order);
  if (order && nq_count_plan_heaviest_first(plan, order) != NQ_OK) {
    free(order);
    return NULL;
  }
  return order;
}

size_t mpi_early_deal(const nq_count_plan *plan, const size_t *order, int rank, int ranks,
                      size_t *jobs_dealt) {
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
    jobs_dealt[taken++] = order[position];
    dealt += nq_count_plan_job_weight(plan, order[position]);
  }
  return taken;
}
