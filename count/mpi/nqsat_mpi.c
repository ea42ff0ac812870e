/* nqsat-mpi count N: the jobs of `nqsat count` (nqsat/count_plan.h) spread
 * over the ranks of an MPI run; the options, the start-up and the method
 * the ranks agree on. rank0.c hands the jobs out, worker.c counts them on
 * the other ranks.
 *
 * Every rank builds the same plan (it is deterministic). Results are per
 * job and added in any order, so the sums equal one process's.
 *
 * Counting starts before MPI_Init where the launcher says which rank this
 * is (Open MPI's OMPI_COMM_WORLD_RANK/SIZE, Hydra's PMI_RANK/SIZE): rank 0
 * starts its threads and the workers count the early deal (mpi_count.h).
 * MPI_Init took 0.07 s of a 3.8 s two-rank count here, all of it now spent
 * counting too. Off with --checkpoint (only rank 0 reads the file) and with
 * NQSAT_MPI_EARLY=0. */
#include <getopt.h>
#include <mpi.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "interrupt.h"
#include "mpi_count.h"
#include "processors.h"

const volatile sig_atomic_t *mpi_stop;

static void print_help(void) {
  printf("usage: mpirun -np P nqsat-mpi count N [--threads T] [--checkpoint FILE]\n"
         "                                      [--method M] [--isa L]\n"
         "                                      [--unique] [--stats]\n"
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
         "  --isa L          'avx512', 'avx2', 'portable' or 'auto' (default: each rank's\n"
         "                   fastest), as nqsat count; every rank must have the level\n"
         "  --kernel K       the old spelling of --isa, for this release only: 'rows'\n"
         "                   is portable, 'vector' avx512, 'auto' auto\n"
         "  --unique         print the number of fundamental solutions (OEIS A002562)\n"
         "  --stats          also print nodes and seconds on stderr\n"
         "  -h, --help       show this help\n"
         "  --version        print the version\n"
         "\n"
         "SIGINT or SIGTERM to the ranks stops them within a second, exit 130 (Open\n"
         "MPI's mpirun passes a Ctrl-C on to the ranks a second late: nqsat-mpi(1)).\n",
         NQ_COUNT_MAX_N, NQ_COUNT_MAX_THREADS);
}

/* What the command line asks for, parsed before MPI_Init: a count starts
 * at once, anything else is answered without MPI (answer_without_mpi). */
typedef enum request { REQUEST_COUNT, REQUEST_HELP, REQUEST_VERSION, REQUEST_USAGE } request;

/* `problem` receives the usage error (REQUEST_USAGE). */
static request parse_options(int argc, char **argv, mpi_options *chosen, char *problem_text,
                             size_t problem_size) {
  static const struct option table[] = {
      {"threads", required_argument, NULL, 't'}, {"checkpoint", required_argument, NULL, 'c'},
      {"method", required_argument, NULL, 'm'},  {"kernel", required_argument, NULL, 'k'},
      {"isa", required_argument, NULL, 'i'},     {"unique", no_argument, NULL, 'u'},
      {"stats", no_argument, NULL, 's'},         {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, 'V'},       {NULL, 0, NULL, 0}};
  *chosen = (mpi_options){0};
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
    return REQUEST_HELP;
  if (argc >= 2 && !strcmp(argv[1], "--version"))
    return REQUEST_VERSION;
  const char *problem = NULL;
  char message[200];
  nq_count_choice choice = NQ_COUNT_CHOICE_DEFAULT;
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
        if (*end || end == optarg || value < 1 || value > NQ_COUNT_MAX_THREADS) {
          snprintf(message, sizeof message, "--threads wants 1..%d", NQ_COUNT_MAX_THREADS);
          problem = message;
        }
        chosen->threads = (int)value;
        break;
      }
      case 'c': chosen->checkpoint = optarg; break;
      case 'u': chosen->unique = 1; break;
      case 's': chosen->stats = 1; break;
      case 'm':
      case 'k':
      case 'i': {
        const char *option = code == 'm' ? "method" : code == 'k' ? "kernel" : "isa";
        if (nq_count_choice_parse(&choice, option, optarg, message, sizeof message))
          problem = message;
        chosen->method = choice.method, chosen->isa = choice.isa;
        break;
      }
      case 'h': return REQUEST_HELP;
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
      else if (*end || end == argv[optind] || n < 1 || n > NQ_COUNT_MAX_N) {
        snprintf(message, sizeof message, "N must be 1..%d", NQ_COUNT_MAX_N);
        problem = message;
      } else if (optind + 1 < argc)
        problem = "one N only";
      chosen->n = (int)n;
    }
  }
  if (problem) {
    snprintf(problem_text, problem_size, "%s", problem);
    return REQUEST_USAGE;
  }
  if (chosen->threads == 0)
    chosen->threads = online_processors(NQ_COUNT_MAX_THREADS);
  return REQUEST_COUNT;
}

/* --help, --version and usage errors, answered without MPI: MPI_Init of a
 * process started alone (bash completion runs 'nqsat-mpi --help' to read
 * the options) forks Open MPI's orted and waits for it, a second here and
 * nothing at all when the runtime failed to start on a loaded machine.
 * Under a launcher only rank 0 speaks (`quiet` for the others); each rank
 * ends with the same status, and a run in which no rank called MPI_Init is
 * an ordinary one to mpirun. */
static int answer_without_mpi(request asked, const char *problem, int quiet) {
  if (!quiet && asked == REQUEST_HELP)
    print_help();
  else if (!quiet && asked == REQUEST_VERSION)
    printf("nqsat-mpi %s\n", NQSAT_VERSION);
  else if (!quiet)
    fprintf(stderr, PROGRAM ": error: %s (see 'nqsat-mpi --help')\n", problem);
  if (fflush(stdout) != 0 || ferror(stdout))
    return EXIT_FAILURE_;
  return asked == REQUEST_USAGE ? EXIT_USAGE : EXIT_OK;
}

/* This process's rank and the number of ranks, as the launcher put them
 * in the environment (before MPI_Init); 0 when it did not. */
static int launch_position(int *rank, int *ranks) {
  static const char *const names[][2] = {{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
                                         {"PMI_RANK", "PMI_SIZE"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const char *rank_text = getenv(names[i][0]), *size_text = getenv(names[i][1]);
    if (!rank_text || !size_text)
      continue;
    char *end_rank, *end_size;
    long r = strtol(rank_text, &end_rank, 10), p = strtol(size_text, &end_size, 10);
    if (*end_rank || *end_size || r < 0 || p < 1 || r >= p || p > 1 << 24)
      return 0;
    *rank = (int)r, *ranks = (int)p;
    return 1;
  }
  return 0;
}

/* Open MPI's runtime (PMIx) talks to mpirun over a loopback TCP socket
 * without TCP_NODELAY: at MPI_Finalize it sends a few small messages in a
 * row, and Nagle's algorithm held the last ones for the delayed ACK, 30 ms
 * of a 50 ms MPI_Finalize here. TCP_NODELAY on this process's TCP sockets
 * (MPI's own already have it) changes when bytes leave, never what is
 * sent: MPI_Finalize took 20 ms. */
static void send_small_messages_at_once(void) {
  for (int descriptor = 0; descriptor < 1024; descriptor++) {
    int type;
    socklen_t length = sizeof type;
    if (getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) || type != SOCK_STREAM)
      continue;
    struct sockaddr_storage address;
    length = sizeof address;
    if (getsockname(descriptor, (struct sockaddr *)&address, &length) ||
        (address.ss_family != AF_INET && address.ss_family != AF_INET6))
      continue;
    int on = 1;
    setsockopt(descriptor, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  }
}

/* The method this rank picks for auto: nq_count_method_for, unless
 * NQSAT_MPI_GUESS names one (tests: a rank on another processor). Rank 0's
 * pick is the run's. */
static nq_count_method auto_pick(int n) {
  const char *guess = getenv("NQSAT_MPI_GUESS");
  if (guess && !strcmp(guess, "backtrack"))
    return NQ_COUNT_METHOD_BACKTRACK;
  if (guess && !strcmp(guess, "join"))
    return NQ_COUNT_METHOD_JOIN;
  return nq_count_method_for(n);
}

/* What a rank set going before MPI_Init. */
typedef struct head_start {
  nq_count_plan *plan;                 /* the plan as this rank guessed it */
  size_t dealt[EARLY_JOBS_MAX], taken; /* workers: the early deal */
  rank0 *dispatcher;
  worker_pool *pool;
} head_start;

static void start_counting(head_start *started, const mpi_options *chosen, nq_count_method method,
                           int rank, int ranks, int early_deal) {
  if (!started->plan && nq_count_plan_create_isa(chosen->n, method, NQ_COUNT_KERNEL_AUTO,
                                                 chosen->isa, &started->plan) != NQ_OK)
    return; /* the same call after MPI_Init reports why */
  if (rank == 0) {
    started->dispatcher = rank0_begin(chosen, started->plan, ranks, early_deal);
    return;
  }
  size_t *order = mpi_heaviest_first(started->plan);
  if (!order)
    return;
  started->taken =
      early_deal ? mpi_early_deal(started->plan, order, rank, ranks, started->dealt) : 0;
  free(order);
  started->pool = worker_pool_start(started->plan, chosen->threads, started->dealt, started->taken);
}

int main(int argc, char **argv) {
  /* A run exchanges a few dozen bytes per job, so the transport's speed
   * never matters, but its start-up does: Open MPI's default UCX layer took
   * 0.2 s of MPI_Init here (0.35 s against 0.13 s for `count 4` on two
   * ranks), a tenth of an N = 17 run. The point-to-point layer ob1 (shared
   * memory, TCP) is chosen unless the user chose otherwise (--mca pml X sets
   * this variable, and setenv's 0 keeps it). */
  setenv("OMPI_MCA_pml", "ob1", 0);
  mpi_stop = interrupt_watch();
  mpi_options chosen;
  char problem[200];
  request asked = parse_options(argc, argv, &chosen, problem, sizeof problem);
  nq_count_method method =
      chosen.method == NQ_COUNT_METHOD_AUTO ? auto_pick(chosen.n) : chosen.method;
  int env_rank = 0, env_ranks = 1;
  int launched = launch_position(&env_rank, &env_ranks);
  if (asked != REQUEST_COUNT)
    return answer_without_mpi(asked, problem, launched && env_rank != 0);
  const char *early_setting = getenv("NQSAT_MPI_EARLY");
  int early = !chosen.checkpoint && !(early_setting && !strcmp(early_setting, "0")) && launched;
  head_start started = {0};
  if (early) {
    /* Open MPI's memory hooks (for RDMA registration caches, which ob1 over
     * shared memory and TCP does not use) rewrite libc's munmap and friends
     * during MPI_Init: not while our threads may be calling them. */
    setenv("OMPI_MCA_memory", "^patcher", 0);
    start_counting(&started, &chosen, method, env_rank, env_ranks, 1);
  }

  int provided, rank, ranks;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  mpi_stop = interrupt_watch(); /* again, in case MPI_Init set handlers of its own */
  send_small_messages_at_once();
  if (early && (rank != env_rank || ranks != env_ranks)) {
    fprintf(stderr,
            PROGRAM ": error: the launcher said rank %d of %d, MPI says %d of %d "
                    "(run with NQSAT_MPI_EARLY=0)\n",
            env_rank, env_ranks, rank, ranks);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  /* A level forced by --isa must be on every rank's processor; a rank that
   * lacks it says so and the run stops (no rank has counted anything that
   * matters yet). */
  int lacks = !nq_count_isa_available(chosen.isa), any_lacks = 0;
  MPI_Allreduce(&lacks, &any_lacks, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (any_lacks) {
    if (lacks)
      fprintf(stderr, PROGRAM ": error: rank %d: --isa %s: this processor lacks it (it has %s)\n",
              rank, nq_count_isa_name(chosen.isa), nq_count_isa_name(nq_count_isa_best()));
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Abort(MPI_COMM_WORLD, EXIT_FAILURE_);
  }
  /* auto depends on the processor (the join's parts rule): rank 0 decides
   * for all, so every rank builds the same job list, and as `nqsat count`
   * does on its machine, so either finishes the other's checkpoint. */
  if (chosen.method == NQ_COUNT_METHOD_AUTO) {
    int agreed = (int)method;
    MPI_Bcast(&agreed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    chosen.method = (nq_count_method)agreed;
  }
  if (started.plan && nq_count_plan_method(started.plan) != chosen.method) {
    /* This worker guessed another method than rank 0 chose: its early jobs
     * are dropped and counted again under the run's plan (rank 0 dealt the
     * same positions of that plan's order). */
    fprintf(stderr,
            PROGRAM ": note: rank %d would pick %s for auto, rank 0 picked %s for all: "
                    "its first jobs are counted again\n",
            rank, nq_count_method_name(nq_count_plan_method(started.plan)),
            nq_count_method_name(chosen.method));
    if (started.pool)
      worker_pool_abandon(started.pool);
    nq_count_plan_free(started.plan);
    started = (head_start){0};
  }
  if (!started.plan) {
    nq_status status = nq_count_plan_create_isa(chosen.n, chosen.method, NQ_COUNT_KERNEL_AUTO,
                                                chosen.isa, &started.plan);
    if (status != NQ_OK) {
      if (rank == 0)
        fprintf(stderr, PROGRAM ": error: %s\n",
                status == NQ_ERR_ARGUMENT ? "the method is not built in this nqsat"
                                          : nq_strerror(status));
      MPI_Finalize();
      return EXIT_FAILURE_;
    }
  }
  if (!started.dispatcher && !started.pool)
    start_counting(&started, &chosen, chosen.method, rank, ranks, early);
  if (!started.dispatcher && !started.pool) {
    fprintf(stderr, PROGRAM ": error: rank %d: %s\n", rank, nq_strerror(NQ_ERR_MEMORY));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int exit_code =
      rank == 0 ? rank0_serve(started.dispatcher) : worker_serve(started.pool, started.taken);
  nq_count_plan_free(started.plan);
  /* An interrupted run ends like a finished one: every rank has been told
   * to stop and reaches MPI_Finalize, then exits 130. MPI_Abort here (rank
   * 0 ending the job while the others were ending on their own) made
   * Open MPI 4.1's mpirun itself die of SIGSEGV now and then on a loaded
   * machine (the ranks had ended; mpirun's exit status was 139). */
  MPI_Finalize();
  return exit_code;
}
