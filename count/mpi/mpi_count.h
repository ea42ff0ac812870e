/* mpi_count.h - what the parts of nqsat-mpi share (private to mpi/).
 *
 * nqsat_mpi.c: options, start-up, the early deal; rank0.c: the dispatcher
 * that hands jobs out and counts with its own threads; worker.c: the other
 * ranks. Only a rank's main thread calls MPI (MPI_THREAD_FUNNELED). */
#ifndef NQSAT_MPI_COUNT_H
#define NQSAT_MPI_COUNT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "nqsat/count_plan.h"

#define PROGRAM "nqsat-mpi count"
/* TAG_JOBS: rank 0's jobs for a worker; an empty batch ends the worker's
 * part (every result is in, or the run stops). TAG_STOP: a worker stopped
 * on a signal; rank 0 then stops the whole run (a rank left waiting would
 * hang it). */
enum { TAG_REQUEST = 1, TAG_RESULT = 2, TAG_JOBS = 3, TAG_STOP = 4 };
/* A request: jobs wanted, jobs of the early deal taken. */
enum { REQUEST_WORDS = 2 };
/* A result: job, count2, count4, count8, work, count1, and how many jobs
 * the worker wants back for it (one to keep its queue as it was, more to
 * grow it, none to shrink it). */
enum { RESULT_WORDS = 7 };
enum { EXIT_OK = 0, EXIT_FAILURE_ = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };
#define MAX_BATCH 1024
/* How much work a worker keeps queued per thread, in seconds of its own
 * measured job times (JOBS_AHEAD_FIRST per thread before a job finished):
 * a finished job's replacement takes a round trip through both ranks'
 * polling loops (up to POLL_BUSY_NS each way). Eight jobs ahead starved
 * the worker with the join's 0.5 ms jobs at N = 17. */
#define AHEAD_SECONDS 0.025
#define JOBS_AHEAD_FIRST 8
#define JOBS_AHEAD_MAX 128
/* The early deal: each worker's share of the plan's weight (1 / (4 P)
 * for P ranks), at most this many jobs. */
#define EARLY_SHARE_DIVISOR 4
#define EARLY_JOBS_MAX 256
/* How long a rank's main thread sleeps between looks at MPI while its
 * counting threads are busy (each look wakes a core a counting thread is
 * on: at 1 ms the two ranks' looks cost 3 % of an N = 17 count), and when
 * they are idle or waiting (nothing to lose: answer fast). */
#define POLL_BUSY_NS 4000000L
#define POLL_IDLE_NS 500000L

typedef struct mpi_options {
  int n, threads, unique, stats;
  nq_count_method method;
  nq_count_isa isa; /* AUTO: each rank's fastest */
  const char *checkpoint;
} mpi_options;

/* common/interrupt.c's flag: nonzero once SIGINT or SIGTERM came. */
extern const volatile sig_atomic_t *mpi_stop;

double mpi_now(clockid_t clock);
void mpi_pause(long nanoseconds);

/* The plan's jobs heaviest first (ties by index): the order rank 0 hands
 * them out in, and the order the early deal reads. NULL: no memory. */
size_t *mpi_heaviest_first(const nq_count_plan *plan);

/* The early deal: so that a worker counts while MPI_Init runs, worker rank
 * r of `ranks` takes, before MPI_Init and without a message, the jobs at
 * positions r, r + ranks, r + 2 ranks, ... of the heaviest-first `order`
 * until their weights (nq_count_plan_job_weight) reach 1 / (4 ranks) of
 * the plan's, at most EARLY_JOBS_MAX; rank 0 counts them as handed out to
 * r. A quarter of the work is dealt so, interleaved, so a rank up to four
 * times slower than the others still ends its deal in time; the rest is
 * handed out on demand. Writes those jobs (at most EARLY_JOBS_MAX) and
 * returns how many. */
size_t mpi_early_deal(const nq_count_plan *plan, const size_t *order, int rank, int ranks,
                      size_t *jobs_dealt);

/* ---- rank 0 (rank0.c) ----------------------------------------------------- */
typedef struct rank0 rank0;
/* Sets up the dispatcher (with --checkpoint: loads it, so only after
 * MPI_Init, where a failure can MPI_Abort) and starts rank 0's counting
 * threads. With `early_deal`, the workers' early jobs are theirs. NULL:
 * out of memory (before MPI_Init: try again after). */
rank0 *rank0_begin(const mpi_options *chosen, const nq_count_plan *plan, int ranks, int early_deal);
/* After MPI_Init: hands the jobs out, gathers the results, reports; frees
 * `dispatcher` and returns the exit code. */
int rank0_serve(rank0 *dispatcher);

/* ---- the other ranks (worker.c) ------------------------------------------- */
typedef struct worker_pool worker_pool;
/* Starts `threads` threads counting `plan`'s jobs as they are queued,
 * `first` (the early deal, `count` jobs) first. The method's shared tables
 * are built first, on these threads. NULL: out of memory or no thread. */
worker_pool *worker_pool_start(const nq_count_plan *plan, int threads, const size_t *first,
                               size_t count);
/* Stops the threads (jobs in progress are dropped) and frees the pool. */
void worker_pool_abandon(worker_pool *pool);
/* After MPI_Init: asks rank 0 for jobs (telling it how many of the early
 * deal this pool took), counts them, sends the results; frees the pool and
 * returns the exit code. */
int worker_serve(worker_pool *pool, size_t early_taken);

#endif
