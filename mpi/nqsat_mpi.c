/* nqsat-mpi count N: the jobs of `nqsat count` (nqsat/count_plan.h) spread
 * over the ranks of an MPI run.
 *
 * Every rank builds the same plan (it is deterministic). Rank 0 keeps the
 * jobs heaviest first and hands them out on demand: a worker asks for twice
 * its thread count at the start and one more with each result, so a rank
 * that drew small jobs simply comes back sooner (dynamic self-scheduling,
 * the master/worker scheme of the N = 24 MPI count and of the Q27 project's
 * job database). Rank 0 also counts with its own threads, drawing from the
 * same heaviest-first list: with two ranks on two cores both cores count.
 * Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED); it polls
 * with MPI_Iprobe and sleeps a millisecond when idle, so it leaves its core
 * to the counting threads (Open MPI's blocking receive would spin).
 *
 * Results are per job and added in any order, so the sums equal one
 * process's. With --checkpoint, rank 0 records each finished job (its own
 * and the workers') and skips recorded ones on a rerun. */
#include <getopt.h>
#include <inttypes.h>
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "count_jobs.h"
#include "interrupt.h"
#include "nqsat/verify.h"

#define PROGRAM "nqsat-mpi count"
enum { TAG_REQUEST = 1, TAG_RESULT = 2, TAG_JOBS = 3 };
/* A result: job, count2, count4, count8, work, count1. */
enum { RESULT_WORDS = 6 };
enum { EXIT_OK = 0, EXIT_FAILURE_ = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };
#define MAX_BATCH 1024

/* Set by cli/interrupt.c's handlers (interrupt_watch(), first thing after
 * MPI_Init): nonzero once SIGINT or SIGTERM came. */
static const volatile sig_atomic_t *stop_signal;

static void idle_pause(void) {
  struct timespec pause = {0, 1000000};
  nanosleep(&pause, NULL);
}

static double now_seconds(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void print_help(void) {
  printf("usage: mpirun -np P nqsat-mpi count N [--threads T] [--checkpoint FILE]\n"
         "                                      [--method M] [--kernel K] [--unique] [--stats]\n"
         "\n"
         "Counts N-Queens solutions as 'nqsat count N' does, with the jobs spread over\n"
         "the P ranks of an MPI run: rank 0 hands jobs out largest first to the ranks\n"
         "as they ask, and counts with its own threads too. Prints the number of all\n"
         "solutions (OEIS A000170), checked against the OEIS table where it has one.\n"
         "\n"
         "  N                board size, 1..%d\n"
         "  --threads T      counting threads per rank, 1..%d (default: one per processor)\n"
         "  --checkpoint FILE\n"
         "                   rank 0 appends each finished job to FILE; a rerun with the\n"
         "                   same FILE skips them (the format of nqsat count --checkpoint)\n"
         "  --method M       'backtrack', 'join' or 'auto' (default), as nqsat count\n"
         "  --kernel K       'rows', 'vector' or 'auto' (default), as nqsat count\n"
         "  --unique         print the number of fundamental solutions (OEIS A002562)\n"
         "  --stats          also print nodes and seconds on stderr\n"
         "  -h, --help       show this help\n"
         "  --version        print the version\n"
         "\n"
         "SIGINT or SIGTERM (mpirun forwards them) stops within a second, exit 130.\n",
         NQ_VERIFY_MAX_N, NQ_VERIFY_MAX_THREADS);
}

typedef struct options {
  int n, threads, unique, stats;
  nq_count_method method;
  nq_verify_kernel kernel;
  const char *checkpoint;
} options;

/* Returns -1 to go on, else the exit code (help, version, usage errors:
 * printed by rank 0 only). */
static int parse_options(int argc, char **argv, int rank, options *chosen) {
  static const struct option table[] = {{"threads", required_argument, NULL, 't'},
                                        {"checkpoint", required_argument, NULL, 'c'},
                                        {"method", required_argument, NULL, 'm'},
                                        {"kernel", required_argument, NULL, 'k'},
                                        {"unique", no_argument, NULL, 'u'},
                                        {"stats", no_argument, NULL, 's'},
                                        {"help", no_argument, NULL, 'h'},
                                        {"version", no_argument, NULL, 'V'},
                                        {NULL, 0, NULL, 0}};
  *chosen = (options){0};
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    if (rank == 0)
      print_help();
    return EXIT_OK;
  }
  if (argc >= 2 && !strcmp(argv[1], "--version")) {
    if (rank == 0)
      printf("nqsat-mpi %s\n", NQSAT_VERSION);
    return EXIT_OK;
  }
  const char *problem = NULL;
  char message[200];
  if (argc < 2 || strcmp(argv[1], "count")) {
    problem = argc < 2 ? "missing the command (count)" : "unknown command: only 'count'";
  } else {
    optind = 2;
    opterr = 0;
    int code;
    while (!problem && (code = getopt_long(argc, argv, ":h", table, NULL)) != -1) {
      char *end;
      switch (code) {
      case 't': {
        long value = strtol(optarg, &end, 10);
        if (*end || end == optarg || value < 1 || value > NQ_VERIFY_MAX_THREADS)
          problem = "--threads wants 1..256";
        chosen->threads = (int)value;
        break;
      }
      case 'c': chosen->checkpoint = optarg; break;
      case 'u': chosen->unique = 1; break;
      case 's': chosen->stats = 1; break;
      case 'm':
        if (!strcmp(optarg, "auto"))
          chosen->method = NQ_COUNT_METHOD_AUTO;
        else if (!strcmp(optarg, "backtrack"))
          chosen->method = NQ_COUNT_METHOD_BACKTRACK;
        else if (!strcmp(optarg, "join"))
          chosen->method = NQ_COUNT_METHOD_JOIN;
        else
          problem = "unknown --method: use auto, backtrack or join";
        break;
      case 'k':
        if (!strcmp(optarg, "auto"))
          chosen->kernel = NQ_VERIFY_KERNEL_AUTO;
        else if (!strcmp(optarg, "rows"))
          chosen->kernel = NQ_VERIFY_KERNEL_ROWS;
        else if (!strcmp(optarg, "vector"))
          chosen->kernel = NQ_VERIFY_KERNEL_VECTOR;
        else
          problem = "unknown --kernel: use auto, rows or vector";
        break;
      case 'h':
        if (rank == 0)
          print_help();
        return EXIT_OK;
      default:
        snprintf(message, sizeof message, "unknown option or missing value: %s", argv[optind - 1]);
        problem = message;
      }
    }
    if (!problem) {
      char *end;
      long n = optind < argc ? strtol(argv[optind], &end, 10) : 0;
      if (optind >= argc)
        problem = "missing N";
      else if (*end || end == argv[optind] || n < 1 || n > NQ_VERIFY_MAX_N)
        problem = "N must be 1..32";
      else if (optind + 1 < argc)
        problem = "one N only";
      chosen->n = (int)n;
    }
  }
  if (problem) {
    if (rank == 0)
      fprintf(stderr, PROGRAM ": error: %s (see 'nqsat-mpi --help')\n", problem);
    return EXIT_USAGE;
  }
  if (chosen->threads == 0) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    chosen->threads = online < 1                       ? 1
                      : online > NQ_VERIFY_MAX_THREADS ? NQ_VERIFY_MAX_THREADS
                                                       : (int)online;
  }
  return -1;
}

/* ---- rank 0 --------------------------------------------------------------- */

typedef struct dispatcher {
  const nq_count_plan *plan;
  size_t *order; /* jobs heaviest first */
  size_t count, cursor;
  atomic_uchar *claimed;
  pthread_mutex_t lock; /* the checkpoint and the tally */
  count_checkpoint *checkpoint;
  nq_count_tally remote;
} dispatcher;

static const nq_count_plan *sort_plan;
static int heavier_first(const void *a, const void *b) {
  size_t left = *(const size_t *)a, right = *(const size_t *)b;
  double wl = nq_count_plan_job_weight(sort_plan, left),
         wr = nq_count_plan_job_weight(sort_plan, right);
  if (wl != wr)
    return wl > wr ? -1 : 1;
  return left < right ? -1 : left > right;
}

/* The next unclaimed job (claiming it), or SIZE_MAX when none is left. */
static size_t claim_next(dispatcher *work) {
  while (work->cursor < work->count) {
    size_t job = work->order[work->cursor++];
    if (!atomic_exchange(&work->claimed[job], 1))
      return job;
  }
  return SIZE_MAX;
}

/* The local threads' hooks: a job is theirs if nobody claimed it yet. */
static int local_skip(void *context, size_t job) {
  dispatcher *work = context;
  return atomic_exchange(&work->claimed[job], 1) != 0;
}

static void local_done(void *context, size_t job, const nq_count_tally *tally) {
  dispatcher *work = context;
  if (work->checkpoint) {
    pthread_mutex_lock(&work->lock);
    count_checkpoint_record(work->checkpoint, job, tally);
    pthread_mutex_unlock(&work->lock);
  }
}

typedef struct local_run {
  dispatcher *work;
  int threads;
  nq_count_tally tally;
  nq_status status;
  atomic_int finished;
} local_run;

static void *run_local(void *argument) {
  local_run *local = argument;
  nq_count_run_hooks hooks = {
      .skip = local_skip, .done = local_done, .context = local->work, .stop = stop_signal};
  local->status = nq_count_plan_run(local->work->plan, 0, nq_count_plan_jobs(local->work->plan),
                                    local->threads, &hooks, &local->tally);
  atomic_store(&local->finished, 1);
  return NULL;
}

static void send_jobs(dispatcher *work, int rank, uint64_t wanted, uint64_t *outstanding) {
  uint64_t batch[MAX_BATCH];
  int size = 0;
  while ((uint64_t)size < wanted && size < MAX_BATCH && !*stop_signal) {
    size_t job = claim_next(work);
    if (job == SIZE_MAX)
      break;
    batch[size++] = job;
  }
  outstanding[rank] += (uint64_t)size;
  /* An empty batch tells the worker that nothing more will come. */
  if (size || outstanding[rank] == 0)
    MPI_Send(batch, size, MPI_UINT64_T, rank, TAG_JOBS, MPI_COMM_WORLD);
}

static int run_rank0(const options *chosen, const nq_count_plan *plan, int ranks) {
  double start = now_seconds(CLOCK_MONOTONIC), cpu_start = now_seconds(CLOCK_PROCESS_CPUTIME_ID);
  size_t jobs = nq_count_plan_jobs(plan);
  dispatcher work = {.plan = plan};
  work.order = malloc((jobs ? jobs : 1) * sizeof *work.order);
  work.claimed = malloc((jobs ? jobs : 1) * sizeof *work.claimed);
  uint64_t *outstanding = calloc((size_t)ranks, sizeof *outstanding);
  unsigned char *stopped = calloc((size_t)ranks, 1);
  if (!work.order || !work.claimed || !outstanding || !stopped) {
    fprintf(stderr, PROGRAM ": error: %s\n", nq_strerror(NQ_ERR_MEMORY));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  pthread_mutex_init(&work.lock, NULL);
  nq_count_tally loaded = {0};
  if (chosen->checkpoint) {
    if (count_checkpoint_open(PROGRAM, chosen->checkpoint, chosen->n, plan, &work.checkpoint))
      MPI_Abort(MPI_COMM_WORLD, 1);
    count_checkpoint_add_loaded(work.checkpoint, NULL, &loaded);
  }
  for (size_t job = 0; job < jobs; job++) {
    work.order[job] = job;
    atomic_init(&work.claimed[job],
                work.checkpoint && count_checkpoint_finished(work.checkpoint, job));
  }
  sort_plan = plan;
  qsort(work.order, jobs, sizeof *work.order, heavier_first);
  work.count = jobs;

  local_run local = {.work = &work, .threads = chosen->threads};
  atomic_init(&local.finished, 0);
  pthread_t local_thread;
  int local_started = pthread_create(&local_thread, NULL, run_local, &local) == 0;
  if (!local_started)
    atomic_store(&local.finished, 1);

  int workers_left = ranks - 1;
  while (workers_left > 0) {
    if (*stop_signal && atomic_load(&local.finished))
      break; /* workers stop on their own signal, or at MPI_Abort below */
    int flag;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (!flag) {
      idle_pause();
      continue;
    }
    uint64_t message[RESULT_WORDS];
    int source = status.MPI_SOURCE;
    if (status.MPI_TAG == TAG_REQUEST) {
      MPI_Recv(message, 1, MPI_UINT64_T, source, TAG_REQUEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      send_jobs(&work, source, message[0], outstanding);
    } else if (status.MPI_TAG == TAG_RESULT) {
      MPI_Recv(message, RESULT_WORDS, MPI_UINT64_T, source, TAG_RESULT, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      nq_count_tally tally = {.count2 = message[1], .count4 = message[2], .count8 = message[3],
                              .work = message[4], .count1 = message[5]};
      outstanding[source]--;
      pthread_mutex_lock(&work.lock);
      nq_count_tally_add(&work.remote, &tally);
      if (work.checkpoint)
        count_checkpoint_record(work.checkpoint, (size_t)message[0], &tally);
      pthread_mutex_unlock(&work.lock);
      send_jobs(&work, source, 1, outstanding);
    } else {
      MPI_Recv(message, RESULT_WORDS, MPI_UINT64_T, source, status.MPI_TAG, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      continue;
    }
    if (outstanding[source] == 0 && !stopped[source]) {
      /* send_jobs sent the empty batch: this worker is done. */
      stopped[source] = 1;
      workers_left--;
    }
  }
  if (local_started)
    pthread_join(local_thread, NULL);
  int exit_code = EXIT_OK;
  if (work.checkpoint && count_checkpoint_close(PROGRAM, work.checkpoint))
    exit_code = EXIT_FAILURE_;
  /* Jobs the local run skipped because a worker claimed them are counted
   * in `remote`; `claimed` left unset means a job nobody ran. */
  int complete = !*stop_signal && (!local_started || local.status == NQ_OK);
  for (size_t job = 0; complete && job < jobs; job++)
    complete = atomic_load(&work.claimed[job]) != 0;
  free(work.order), free(work.claimed), free(outstanding), free(stopped);
  pthread_mutex_destroy(&work.lock);
  if (*stop_signal) {
    fprintf(stderr, PROGRAM ": interrupted by %s; %s\n", interrupt_signal_name(),
            chosen->checkpoint
                ? "the finished jobs are in the checkpoint; run again with it to go on"
                : "nothing counted");
    return EXIT_INTERRUPTED;
  }
  if (!complete) {
    fprintf(stderr, PROGRAM ": error: %s\n",
            nq_strerror(local_started ? local.status : NQ_ERR_MEMORY));
    return EXIT_FAILURE_;
  }
  if (exit_code != EXIT_OK)
    return exit_code;
  nq_count_tally total = loaded;
  nq_count_tally_add(&total, &local.tally);
  nq_count_tally_add(&total, &work.remote);
  char kernel[64];
  snprintf(kernel, sizeof kernel, "as each rank chose (%d ranks)", ranks);
  return count_report(PROGRAM, chosen->n, nq_count_plan_method(plan), &total, chosen->unique,
                      chosen->stats, now_seconds(CLOCK_MONOTONIC) - start,
                      now_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start, kernel);
}

/* ---- workers -------------------------------------------------------------- */

typedef struct job_queue {
  pthread_mutex_t lock;
  pthread_cond_t ready;
  size_t *jobs; /* ring of capacity MAX_BATCH * 2 */
  size_t head, size, capacity;
  uint64_t (*results)[RESULT_WORDS]; /* finished jobs not yet sent */
  size_t result_count;
  int closed; /* no more jobs will come */
  int failed;
  const nq_count_plan *plan;
} job_queue;

static void *worker_thread(void *argument) {
  job_queue *queue = argument;
  /* One scratch for all this thread's jobs (the join's lists and matcher
   * keep their size from job to job). */
  nq_count_worker *worker;
  if (nq_count_worker_create(queue->plan, &worker) != NQ_OK) {
    pthread_mutex_lock(&queue->lock);
    queue->failed = 1;
    pthread_mutex_unlock(&queue->lock);
    return NULL;
  }
  for (;;) {
    pthread_mutex_lock(&queue->lock);
    while (!queue->size && !queue->closed && !*stop_signal)
      pthread_cond_wait(&queue->ready, &queue->lock);
    if (!queue->size || *stop_signal) {
      pthread_mutex_unlock(&queue->lock);
      nq_count_worker_free(worker);
      return NULL;
    }
    size_t job = queue->jobs[queue->head];
    queue->head = (queue->head + 1) % queue->capacity;
    queue->size--;
    pthread_mutex_unlock(&queue->lock);
    nq_count_tally tally = {0};
    nq_status status = nq_count_plan_run_job_with(queue->plan, worker, job, stop_signal, &tally);
    pthread_mutex_lock(&queue->lock);
    if (status == NQ_OK) {
      uint64_t *result = queue->results[queue->result_count++];
      result[0] = job, result[1] = tally.count2, result[2] = tally.count4;
      result[3] = tally.count8, result[4] = tally.work, result[5] = tally.count1;
    } else if (status != NQ_ERR_INTERRUPTED) {
      queue->failed = 1;
    }
    pthread_mutex_unlock(&queue->lock);
  }
}

static int run_worker(const options *chosen, const nq_count_plan *plan) {
  job_queue queue = {.plan = plan, .capacity = 2 * MAX_BATCH};
  queue.jobs = malloc(queue.capacity * sizeof *queue.jobs);
  queue.results = malloc(queue.capacity * sizeof *queue.results);
  pthread_t *threads = malloc((size_t)chosen->threads * sizeof *threads);
  if (!queue.jobs || !queue.results || !threads)
    MPI_Abort(MPI_COMM_WORLD, 1);
  /* The method's shared tables (the join's quarters) on all this rank's
   * threads, before the first job. */
  nq_status prepared = nq_count_plan_prepare(plan, chosen->threads, stop_signal);
  if (prepared == NQ_ERR_MEMORY)
    MPI_Abort(MPI_COMM_WORLD, 1);
  pthread_mutex_init(&queue.lock, NULL);
  pthread_cond_init(&queue.ready, NULL);
  int started = 0;
  for (int i = 0; i < chosen->threads; i++)
    if (pthread_create(&threads[started], NULL, worker_thread, &queue) == 0)
      started++;
  /* Eight jobs ahead per thread: a finished job's result and its
   * replacement take a round trip of a few milliseconds through both
   * ranks' polling loops, longer than the join's jobs (2-3 ms at N = 18);
   * with two ahead the threads waited for work. */
  uint64_t wanted = 8 * (uint64_t)(started ? started : 1);
  if (wanted > MAX_BATCH)
    wanted = MAX_BATCH;
  MPI_Send(&wanted, 1, MPI_UINT64_T, 0, TAG_REQUEST, MPI_COMM_WORLD);
  int done = 0;
  while (!done) {
    int flag;
    MPI_Status status;
    MPI_Iprobe(0, TAG_JOBS, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      uint64_t batch[MAX_BATCH];
      int size;
      MPI_Get_count(&status, MPI_UINT64_T, &size);
      MPI_Recv(batch, MAX_BATCH, MPI_UINT64_T, 0, TAG_JOBS, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      pthread_mutex_lock(&queue.lock);
      if (size == 0)
        queue.closed = 1, done = 1;
      for (int i = 0; i < size && queue.size < queue.capacity; i++)
        queue.jobs[(queue.head + queue.size++) % queue.capacity] = batch[i];
      pthread_cond_broadcast(&queue.ready);
      pthread_mutex_unlock(&queue.lock);
      continue;
    }
    uint64_t outgoing[2 * MAX_BATCH][RESULT_WORDS];
    pthread_mutex_lock(&queue.lock);
    size_t count = queue.result_count;
    memcpy(outgoing, queue.results, count * sizeof *outgoing);
    queue.result_count = 0;
    int failed = queue.failed;
    pthread_mutex_unlock(&queue.lock);
    for (size_t i = 0; i < count; i++)
      MPI_Send(outgoing[i], RESULT_WORDS, MPI_UINT64_T, 0, TAG_RESULT, MPI_COMM_WORLD);
    if (failed) {
      fprintf(stderr, PROGRAM ": error: a job failed on a worker\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (*stop_signal)
      break;
    if (!count)
      idle_pause();
  }
  pthread_mutex_lock(&queue.lock);
  queue.closed = 1;
  pthread_cond_broadcast(&queue.ready);
  pthread_mutex_unlock(&queue.lock);
  for (int i = 0; i < started; i++)
    pthread_join(threads[i], NULL);
  free(threads), free(queue.jobs), free(queue.results);
  pthread_mutex_destroy(&queue.lock);
  pthread_cond_destroy(&queue.ready);
  return *stop_signal ? EXIT_INTERRUPTED : EXIT_OK;
}

int main(int argc, char **argv) {
  int provided;
  /* A run exchanges a few dozen bytes per job, so the transport's speed
   * never matters, but its start-up does: Open MPI's default UCX layer took
   * 0.2 s of MPI_Init here (0.35 s against 0.13 s for `count 4` on two
   * ranks), a tenth of an N = 17 run. The point-to-point layer ob1 (shared
   * memory, TCP) is chosen unless the user chose otherwise (--mca pml X sets
   * this variable, and setenv's 0 keeps it). */
  setenv("OMPI_MCA_pml", "ob1", 0);
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  stop_signal = interrupt_watch();
  options chosen;
  int exit_code = parse_options(argc, argv, rank, &chosen);
  if (exit_code >= 0) {
    MPI_Finalize();
    return exit_code;
  }
  if (chosen.kernel == NQ_VERIFY_KERNEL_VECTOR &&
      !nq_verify_kernel_available(chosen.kernel, chosen.n))
    chosen.kernel = NQ_VERIFY_KERNEL_AUTO; /* a rank without AVX-512 uses rows: same jobs */
  /* AUTO depends on the processor (the join wants AVX-512): rank 0 decides
   * for all, so every rank builds the same job list, and as `nqsat count`
   * does on its machine, so either finishes the other's checkpoint. */
  if (chosen.method == NQ_COUNT_METHOD_AUTO) {
    int method = rank == 0 ? (int)nq_count_method_for(chosen.n) : 0;
    MPI_Bcast(&method, 1, MPI_INT, 0, MPI_COMM_WORLD);
    chosen.method = (nq_count_method)method;
  }
  nq_count_plan *plan;
  nq_status status = nq_count_plan_create(chosen.n, chosen.method, chosen.kernel, &plan);
  if (status != NQ_OK) {
    if (rank == 0)
      fprintf(stderr, PROGRAM ": error: %s\n",
              status == NQ_ERR_ARGUMENT ? "the method is not built in this nqsat"
                                        : nq_strerror(status));
    MPI_Finalize();
    return EXIT_FAILURE_;
  }
  exit_code = rank == 0 ? run_rank0(&chosen, plan, ranks) : run_worker(&chosen, plan);
  nq_count_plan_free(plan);
  if (*stop_signal && rank == 0)
    MPI_Abort(MPI_COMM_WORLD, EXIT_INTERRUPTED); /* workers may still wait for jobs */
  MPI_Finalize();
  return exit_code;
}
