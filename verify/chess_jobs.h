/* Private to verify/: the chessboard counters' job runner. A count is split
 * into independent jobs (the first rows' placements); threads take the next
 * job from a shared index, as the N-Queens count plan's runners do, and the
 * calling thread is one of them. */
#ifndef NQSAT_VERIFY_CHESS_JOBS_H
#define NQSAT_VERIFY_CHESS_JOBS_H

#include <stdint.h>

#include "nqsat/status.h"

/* The count of job `job` (0..jobs-1); `context` is shared and read-only. */
typedef uint64_t (*chess_job_fn)(const void *context, int job);

/* Runs every job on `threads` threads (1.. ; a thread that cannot be started
 * leaves its share to the others) and sums their counts into *total. */
nq_status chess_run_jobs(chess_job_fn job, const void *context, int jobs, int threads,
                         uint64_t *total);

#endif
