/* Rank 0 of nqsat-mpi: keeps the jobs heaviest first and hands them out on
 * demand: a worker asks for a few per thread at the start and gets one more
 * with each result, so a rank that drew small jobs simply comes back sooner
 * (dynamic self-scheduling, the master/worker scheme of the N = 24 MPI
 * count and of the Q27 project's job database). Rank 0 also counts with its
 * own threads, drawing from the same list: with two ranks on two cores both
 * cores count.
 *
 * Only the main thread calls MPI; it polls with MPI_Iprobe and sleeps
 * between looks (Open MPI's blocking receive would spin on a core the
 * counting threads need). With --checkpoint it records each finished job,
 * its own threads' and the workers'. */
#include <inttypes.h>
#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "count_jobs.h"
#include "interrupt.h"
#include "mpi_count.h"
#include "nqsat/oeis_counts.h"

/* The run stops: a signal here (interrupt_mirror) or a worker's TAG_STOP;
 * rank 0's threads stop on it. The SIGINT/SIGTERM handler may write it on
 * any thread, even while the dispatcher is being freed, so it lives as
 * long as the program, not in the dispatcher (one per process). */
static volatile sig_atomic_t run_halt;

struct rank0 {
  mpi_options chosen;
  const nq_count_plan *plan;
  int ranks;
  double start, cpu_start;
  size_t *order; /* jobs heaviest first */
  size_t count, cursor;
  atomic_uchar *claimed;
  uint64_t *outstanding;  /* jobs handed to each rank and not yet back */
  uint64_t *dealt;        /* jobs of the early deal per rank */
  unsigned char *stopped; /* ranks told that nothing more comes */
  pthread_mutex_t lock;   /* the checkpoint and `remote` */
  count_checkpoint *checkpoint;
  nq_count_tally loaded, remote;
  /* rank 0's own threads */
  pthread_t local_thread;
  int local_started;
  nq_count_tally local_tally;
  nq_status local_status;
  atomic_int local_finished;
  int stopped_by; /* the worker whose signal stopped the run, or 0 */
};

/* The next unclaimed job (claiming it), or SIZE_MAX when none is left. */
static size_t claim_next(rank0 *work) {
  while (work->cursor < work->count) {
    size_t job = work->order[work->cursor++];
    if (!atomic_exchange(&work->claimed[job], 1))
      return job;
  }
  return SIZE_MAX;
}

/* The local threads' hooks: a job is theirs if nobody claimed it yet. */
static int local_skip(void *context, size_t job) {
  rank0 *work = context;
  return atomic_exchange(&work->claimed[job], 1) != 0;
}

static void local_done(void *context, size_t job, const nq_count_tally *tally) {
  rank0 *work = context;
  if (work->checkpoint) {
    pthread_mutex_lock(&work->lock);
    count_checkpoint_record(work->checkpoint, job, tally);
    pthread_mutex_unlock(&work->lock);
  }
}

static void *run_local(void *argument) {
  rank0 *work = argument;
  nq_count_run_hooks hooks = {
      .skip = local_skip, .done = local_done, .context = work, .stop = &run_halt};
  work->local_status = nq_count_plan_run(work->plan, 0, nq_count_plan_jobs(work->plan),
                                         work->chosen.threads, &hooks, &work->local_tally);
  atomic_store(&work->local_finished, 1);
  return NULL;
}

static void rank0_free(rank0 *work) {
  interrupt_mirror(NULL);
  free(work->order), free(work->claimed), free(work->outstanding), free(work->dealt);
  free(work->stopped);
  pthread_mutex_destroy(&work->lock);
  free(work);
}

rank0 *rank0_begin(const mpi_options *chosen, const nq_count_plan *plan, int ranks,
                   int early_deal) {
  rank0 *work = calloc(1, sizeof *work);
  if (!work)
    return NULL;
  work->chosen = *chosen, work->plan = plan, work->ranks = ranks;
  work->start = mpi_now(CLOCK_MONOTONIC), work->cpu_start = mpi_now(CLOCK_PROCESS_CPUTIME_ID);
  pthread_mutex_init(&work->lock, NULL);
  interrupt_mirror(&run_halt);
  size_t jobs = nq_count_plan_jobs(plan);
  work->order = mpi_heaviest_first(plan);
  work->claimed = malloc((jobs ? jobs : 1) * sizeof *work->claimed);
  work->outstanding = calloc((size_t)ranks, sizeof *work->outstanding);
  work->dealt = calloc((size_t)ranks, sizeof *work->dealt);
  work->stopped = calloc((size_t)ranks, 1);
  if (!work->order || !work->claimed || !work->outstanding || !work->dealt || !work->stopped) {
    rank0_free(work);
    return NULL;
  }
  if (chosen->checkpoint) {
    if (count_checkpoint_open(PROGRAM, chosen->checkpoint, chosen->n, plan, &work->checkpoint))
      MPI_Abort(MPI_COMM_WORLD, 1);
    count_checkpoint_add_loaded(work->checkpoint, NULL, &work->loaded);
  }
  for (size_t job = 0; job < jobs; job++)
    atomic_init(&work->claimed[job],
                work->checkpoint && count_checkpoint_finished(work->checkpoint, job));
  work->count = jobs;
  /* The workers' early jobs are claimed before rank 0's threads start. The
   * early deal is off with a checkpoint (workers cannot see which jobs it
   * holds), so those jobs are all unclaimed here. */
  for (int rank = 1; early_deal && rank < ranks; rank++) {
    size_t dealt[EARLY_JOBS_MAX];
    size_t taken = mpi_early_deal(plan, work->order, rank, ranks, dealt);
    for (size_t i = 0; i < taken; i++)
      atomic_store(&work->claimed[dealt[i]], 1);
    work->outstanding[rank] = work->dealt[rank] = taken;
  }
  atomic_init(&work->local_finished, 0);
  work->local_started = pthread_create(&work->local_thread, NULL, run_local, work) == 0;
  if (!work->local_started)
    atomic_store(&work->local_finished, 1);
  return work;
}

static void send_jobs(rank0 *work, int rank, uint64_t wanted) {
  uint64_t batch[MAX_BATCH];
  int size = 0;
  while ((uint64_t)size < wanted && size < MAX_BATCH && !run_halt) {
    size_t job = claim_next(work);
    if (job == SIZE_MAX)
      break;
    batch[size++] = job;
  }
  work->outstanding[rank] += (uint64_t)size;
  /* An empty batch tells the worker that nothing more will come. */
  if (size || work->outstanding[rank] == 0)
    MPI_Send(batch, size, MPI_UINT64_T, rank, TAG_JOBS, MPI_COMM_WORLD);
}

/* Handles one message from `source`; returns 1 when that worker is done. */
static int handle_message(rank0 *work, const MPI_Status *status) {
  uint64_t message[RESULT_WORDS];
  int source = status->MPI_SOURCE;
  if (status->MPI_TAG == TAG_REQUEST) {
    MPI_Recv(message, REQUEST_WORDS, MPI_UINT64_T, source, TAG_REQUEST, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    if (message[1] != work->dealt[source]) {
      /* Both sides follow mpi_early_deal from the launcher's environment:
       * a disagreement would lose jobs or count them twice. */
      fprintf(stderr,
              PROGRAM ": error: rank %d took %" PRIu64 " early jobs, rank 0 dealt it %" PRIu64
                      " (do the ranks see different MPI launch environments?)\n",
              source, message[1], work->dealt[source]);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    send_jobs(work, source, message[0]);
  } else if (status->MPI_TAG == TAG_RESULT) {
    MPI_Recv(message, RESULT_WORDS, MPI_UINT64_T, source, TAG_RESULT, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    nq_count_tally tally = {.count2 = message[1],
                            .count4 = message[2],
                            .count8 = message[3],
                            .work = message[4],
                            .count1 = message[5]};
    work->outstanding[source]--;
    pthread_mutex_lock(&work->lock);
    nq_count_tally_add(&work->remote, &tally);
    if (work->checkpoint)
      count_checkpoint_record(work->checkpoint, (size_t)message[0], &tally);
    pthread_mutex_unlock(&work->lock);
    /* A worker left with nothing gets a job (or the end) whatever it asked. */
    uint64_t wanted = message[6];
    send_jobs(work, source, wanted || work->outstanding[source] ? wanted : 1);
  } else {
    MPI_Recv(message, RESULT_WORDS, MPI_UINT64_T, source, status->MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    if (status->MPI_TAG == TAG_STOP && !run_halt)
      work->stopped_by = source, run_halt = 1;
    return 0;
  }
  if (work->outstanding[source] == 0 && !work->stopped[source]) {
    work->stopped[source] = 1; /* send_jobs sent the empty batch */
    return 1;
  }
  return 0;
}

int rank0_serve(rank0 *work) {
  int workers_left = work->ranks - 1;
  while (workers_left > 0 && !run_halt) {
    int flag;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag)
      workers_left -= handle_message(work, &status);
    else
      mpi_pause(atomic_load(&work->local_finished) ? POLL_IDLE_NS : POLL_BUSY_NS);
  }
  /* Stopping: an empty batch tells each worker still at work to drop its
   * jobs and end (results on their way are dropped: jobs in progress). */
  for (int rank = 1; run_halt && rank < work->ranks; rank++)
    if (!work->stopped[rank])
      MPI_Send(NULL, 0, MPI_UINT64_T, rank, TAG_JOBS, MPI_COMM_WORLD);
  if (work->local_started)
    pthread_join(work->local_thread, NULL);
  mpi_options chosen = work->chosen; /* work is freed below */
  int exit_code = EXIT_OK;
  if (work->checkpoint && count_checkpoint_close(PROGRAM, work->checkpoint))
    exit_code = EXIT_FAILURE_;
  /* Jobs the local run skipped because a worker claimed them are counted
   * in `remote`; `claimed` left unset means a job nobody ran. */
  int stopped = run_halt != 0, stopped_by = work->stopped_by;
  int complete = !stopped && (!work->local_started || work->local_status == NQ_OK);
  for (size_t job = 0; complete && job < work->count; job++)
    complete = atomic_load(&work->claimed[job]) != 0;
  nq_count_tally total = work->loaded;
  nq_count_tally_add(&total, &work->local_tally);
  nq_count_tally_add(&total, &work->remote);
  nq_status local_status = work->local_started ? work->local_status : NQ_ERR_MEMORY;
  double seconds = mpi_now(CLOCK_MONOTONIC) - work->start;
  double cpu_seconds = mpi_now(CLOCK_PROCESS_CPUTIME_ID) - work->cpu_start;
  int ranks = work->ranks;
  nq_count_method method = nq_count_plan_method(work->plan);
  rank0_free(work);
  if (stopped) {
    char cause[64];
    if (stopped_by && !interrupt_requested())
      snprintf(cause, sizeof cause, "rank %d was interrupted", stopped_by);
    else
      snprintf(cause, sizeof cause, "interrupted by %s", interrupt_signal_name());
    fprintf(stderr, PROGRAM ": %s; %s\n", cause,
            chosen.checkpoint
                ? "the finished jobs are in the checkpoint; run again with it to go on"
                : "nothing counted");
    return EXIT_INTERRUPTED;
  }
  if (!complete) {
    fprintf(stderr, PROGRAM ": error: %s\n", nq_strerror(local_status));
    return EXIT_FAILURE_;
  }
  if (exit_code != EXIT_OK)
    return exit_code;
  char kernel[64];
  snprintf(kernel, sizeof kernel, "as each rank chose (%d ranks)", ranks);
  return count_report(PROGRAM, chosen.n, method, &total, chosen.unique, chosen.stats, seconds,
                      cpu_seconds, kernel, nq_count_oeis);
}
