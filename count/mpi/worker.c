/* The ranks other than 0 of nqsat-mpi: a pool of counting threads fed from
 * a queue that the main thread fills with the jobs rank 0 sends, and whose
 * results the main thread sends back, one message per job.
 *
 * A pool may start before MPI_Init with the early deal (mpi_count.h): its
 * threads then build the method's tables and count while MPI_Init runs.
 * Its jobs stop on the pool's flag (pool_halt), raised by SIGINT/SIGTERM (through
 * interrupt_mirror) and by worker_pool_abandon, which nqsat_mpi.c calls
 * when rank 0 chose another method than this rank guessed. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interrupt.h"
#include "mpi_count.h"

/* The jobs' stop flag. The SIGINT/SIGTERM handler writes it
 * (interrupt_mirror) on whichever thread the signal lands, possibly while
 * the pool is being freed, so it lives as long as the program, not in the
 * pool. One pool runs at a time; worker_pool_start lowers it. */
static volatile sig_atomic_t pool_halt;

struct worker_pool {
  const nq_count_plan *plan;
  int threads;
  pthread_mutex_t lock;
  pthread_cond_t ready;  /* jobs queued, the tables built, or closing */
  pthread_cond_t posted; /* a result waits for the main thread */
  size_t *jobs;          /* ring of `capacity` */
  size_t head, size, capacity;
  uint64_t (*results)[RESULT_WORDS]; /* finished jobs not yet sent */
  size_t result_count;
  int preparing, prepared; /* the first thread builds the tables for all */
  int closed;              /* no more jobs will come */
  double job_seconds;      /* a moving mean of the job times, 0 before the first */
  int failed;
  pthread_t *thread;
  int started;
};

/* Builds the method's tables (first thread to come) or waits for them;
 * returns 0 when the thread may count. */
static int wait_for_tables(worker_pool *pool) {
  pthread_mutex_lock(&pool->lock);
  if (!pool->preparing) {
    pool->preparing = 1;
    pthread_mutex_unlock(&pool->lock);
    nq_status status = nq_count_plan_prepare(pool->plan, pool->threads, &pool_halt);
    pthread_mutex_lock(&pool->lock);
    pool->prepared = 1;
    if (status != NQ_OK && status != NQ_ERR_INTERRUPTED)
      pool->failed = 1;
    pthread_cond_broadcast(&pool->ready);
    pthread_cond_signal(&pool->posted);
  }
  while (!pool->prepared)
    pthread_cond_wait(&pool->ready, &pool->lock);
  int go = !pool->failed && !pool_halt;
  pthread_mutex_unlock(&pool->lock);
  return go ? 0 : -1;
}

static void *count_jobs(void *argument) {
  worker_pool *pool = argument;
  if (wait_for_tables(pool))
    return NULL;
  /* One scratch for all this thread's jobs (the join's lists and matcher
   * keep their size from job to job). */
  nq_count_worker *worker;
  if (nq_count_worker_create(pool->plan, &worker) != NQ_OK) {
    pthread_mutex_lock(&pool->lock);
    pool->failed = 1;
    pthread_cond_signal(&pool->posted);
    pthread_mutex_unlock(&pool->lock);
    return NULL;
  }
  for (;;) {
    pthread_mutex_lock(&pool->lock);
    while (!pool->size && !pool->closed && !pool_halt)
      pthread_cond_wait(&pool->ready, &pool->lock);
    if (!pool->size || pool_halt) {
      pthread_mutex_unlock(&pool->lock);
      nq_count_worker_free(worker);
      return NULL;
    }
    size_t job = pool->jobs[pool->head];
    pool->head = (pool->head + 1) % pool->capacity;
    pool->size--;
    pthread_mutex_unlock(&pool->lock);
    nq_count_tally tally = {0};
    double start = mpi_now(CLOCK_MONOTONIC);
    nq_status status = nq_count_plan_run_job_with(pool->plan, worker, job, &pool_halt, &tally);
    double seconds = mpi_now(CLOCK_MONOTONIC) - start;
    pthread_mutex_lock(&pool->lock);
    pool->job_seconds = pool->job_seconds ? 0.8 * pool->job_seconds + 0.2 * seconds : seconds;
    if (status == NQ_OK) {
      uint64_t *result = pool->results[pool->result_count++];
      result[0] = job, result[1] = tally.count2, result[2] = tally.count4;
      result[3] = tally.count8, result[4] = tally.work, result[5] = tally.count1;
    } else if (status != NQ_ERR_INTERRUPTED) {
      pool->failed = 1;
    }
    pthread_cond_signal(&pool->posted);
    pthread_mutex_unlock(&pool->lock);
  }
}

static void pool_free(worker_pool *pool) {
  interrupt_mirror(NULL);
  pthread_mutex_destroy(&pool->lock);
  pthread_cond_destroy(&pool->ready);
  pthread_cond_destroy(&pool->posted);
  free(pool->jobs), free(pool->results), free(pool->thread), free(pool);
}

worker_pool *worker_pool_start(const nq_count_plan *plan, int threads, const size_t *first,
                               size_t count) {
  worker_pool *pool = calloc(1, sizeof *pool);
  if (!pool)
    return NULL;
  pool->plan = plan, pool->threads = threads, pool->capacity = 2 * MAX_BATCH;
  pool->jobs = malloc(pool->capacity * sizeof *pool->jobs);
  pool->results = malloc(pool->capacity * sizeof *pool->results);
  pool->thread = malloc((size_t)threads * sizeof *pool->thread);
  pthread_mutex_init(&pool->lock, NULL);
  pthread_cond_init(&pool->ready, NULL);
  pthread_condattr_t clock;
  pthread_condattr_init(&clock);
  pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
  pthread_cond_init(&pool->posted, &clock);
  pthread_condattr_destroy(&clock);
  pool_halt = 0;
  interrupt_mirror(&pool_halt); /* raises it if a signal came already */
  if (!pool->jobs || !pool->results || !pool->thread) {
    pool_free(pool);
    return NULL;
  }
  for (size_t i = 0; i < count; i++)
    pool->jobs[pool->size++] = first[i];
  for (int i = 0; i < threads; i++)
    if (pthread_create(&pool->thread[pool->started], NULL, count_jobs, pool) == 0)
      pool->started++;
  if (!pool->started) {
    pool_free(pool);
    return NULL;
  }
  return pool;
}

void worker_pool_abandon(worker_pool *pool) {
  pool_halt = 1;
  pthread_mutex_lock(&pool->lock);
  pool->closed = 1;
  pthread_cond_broadcast(&pool->ready);
  pthread_mutex_unlock(&pool->lock);
  for (int i = 0; i < pool->started; i++)
    pthread_join(pool->thread[i], NULL);
  pool_free(pool);
}

/* Waits up to `nanoseconds` for a result (or a failure); call locked. */
static void wait_posted(worker_pool *pool, long nanoseconds) {
  struct timespec until;
  clock_gettime(CLOCK_MONOTONIC, &until);
  until.tv_nsec += nanoseconds;
  until.tv_sec += until.tv_nsec / 1000000000L;
  until.tv_nsec %= 1000000000L;
  pthread_cond_timedwait(&pool->posted, &pool->lock, &until);
}

/* The jobs to keep queued or running: AHEAD_SECONDS of work per thread at
 * the mean job time seen so far. Call locked. */
static uint64_t jobs_to_hold(const worker_pool *pool) {
  uint64_t per_thread = JOBS_AHEAD_FIRST;
  if (pool->job_seconds > 0) {
    double jobs = AHEAD_SECONDS / pool->job_seconds + 1;
    per_thread = jobs > JOBS_AHEAD_MAX ? JOBS_AHEAD_MAX : (uint64_t)jobs < 2 ? 2 : (uint64_t)jobs;
  }
  uint64_t hold = per_thread * (uint64_t)pool->started;
  return hold > MAX_BATCH ? MAX_BATCH : hold;
}

int worker_serve(worker_pool *pool, size_t early_taken) {
  /* held: jobs here whose results are not sent yet; asked: jobs asked for
   * and not yet come (rank 0 sends fewer only when the list runs out). */
  uint64_t held = early_taken, asked = 0;
  pthread_mutex_lock(&pool->lock);
  uint64_t hold = jobs_to_hold(pool);
  pthread_mutex_unlock(&pool->lock);
  asked = hold > held ? hold - held : 0;
  uint64_t request[REQUEST_WORDS] = {asked, early_taken};
  MPI_Send(request, REQUEST_WORDS, MPI_UINT64_T, 0, TAG_REQUEST, MPI_COMM_WORLD);
  static uint64_t outgoing[2 * MAX_BATCH][RESULT_WORDS];
  int told = 0; /* rank 0 knows we stopped on a signal */
  for (;;) {
    int flag;
    MPI_Status status;
    MPI_Iprobe(0, TAG_JOBS, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      uint64_t batch[MAX_BATCH];
      int size;
      MPI_Get_count(&status, MPI_UINT64_T, &size);
      MPI_Recv(batch, MAX_BATCH, MPI_UINT64_T, 0, TAG_JOBS, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (size == 0)
        break; /* rank 0 has every result of ours, or the run stops */
      held += (uint64_t)size;
      asked = asked > (uint64_t)size ? asked - (uint64_t)size : 0;
      pthread_mutex_lock(&pool->lock);
      for (int i = 0; i < size && pool->size < pool->capacity; i++)
        pool->jobs[(pool->head + pool->size++) % pool->capacity] = batch[i];
      pthread_cond_broadcast(&pool->ready);
      pthread_mutex_unlock(&pool->lock);
      continue;
    }
    pthread_mutex_lock(&pool->lock);
    if (!pool->result_count && !pool->failed && !*mpi_stop)
      /* Woken at once by a result; an empty queue means threads wait for
       * rank 0's answer, so look again soon. */
      wait_posted(pool, pool->size ? POLL_BUSY_NS : POLL_IDLE_NS);
    size_t count = pool->result_count;
    memcpy(outgoing, pool->results, count * sizeof *outgoing);
    pool->result_count = 0;
    int failed = pool->failed;
    hold = jobs_to_hold(pool);
    pthread_mutex_unlock(&pool->lock);
    if (count) {
      /* The last result asks for what keeps `hold` jobs here. */
      held -= count;
      uint64_t wanted = hold > held + asked ? hold - (held + asked) : 0;
      asked += wanted;
      for (size_t i = 0; i < count; i++) {
        outgoing[i][6] = i + 1 == count ? wanted : 0;
        MPI_Send(outgoing[i], RESULT_WORDS, MPI_UINT64_T, 0, TAG_RESULT, MPI_COMM_WORLD);
      }
    }
    if (failed) {
      fprintf(stderr, PROGRAM ": error: a job failed on a worker\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (*mpi_stop && !told) {
      /* Our jobs stopped (interrupt_mirror); rank 0 stops the run and
       * answers with the empty batch. */
      MPI_Send(NULL, 0, MPI_UINT64_T, 0, TAG_STOP, MPI_COMM_WORLD);
      told = 1;
    }
  }
  /* Nothing runs after a normal end; after a stop, jobs in progress are
   * dropped. */
  worker_pool_abandon(pool);
  return *mpi_stop || held ? EXIT_INTERRUPTED : EXIT_OK;
}
