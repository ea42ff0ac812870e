/* nqsat count N: the native solver's counts, by symmetry class, as a list
 * of independent jobs (nqsat/count_plan.h) run on threads; --part runs a
 * deterministic share of them, --merge adds the shares up, --checkpoint
 * keeps finished jobs across runs, --estimate predicts the time. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "clock.h"
#include "count_jobs.h"
#include "nqsat/verify.h"
#include "processors.h"

static void print_count_help(void) {
  printf("usage: nqsat count N [--unique] [--threads T] [--method M] [--isa L]\n"
         "                   [--stats] [--max-memory SIZE] [--part I/K] [--checkpoint FILE]\n"
         "                   [--estimate [--sample S]]\n"
         "       nqsat count --merge [FILE...]\n"
         "\n"
         "Counts solutions with the counter's own methods (no SAT involved):\n"
         "backtracking over the boards that can represent their symmetry class\n"
         "(Takahashi's method), or joining the board's quarters into half boards\n"
         "and counting the halves that fit (the join). Either is a list of\n"
         "independent jobs, largest first over T threads. Prints the number of\n"
         "all solutions (OEIS A000170).\n"
         "\n"
         "  N              board size, 1..%d; counts for N <= %d are compared with the\n"
         "                 OEIS table, larger ones are printed with a note on stderr\n"
         "                 that they are unverified (and take hours to days)\n"
         "  --unique       print the number of fundamental solutions instead (one\n"
         "                 per class under rotation and reflection, OEIS A002562)\n"
         "  --threads T    worker threads, 1..%d (default: one per processor)\n"
         "  --method M     'backtrack' (the class counter), 'join' (quarters joined\n"
         "                 into half boards, N <= %d) or 'auto' (default: the join\n"
         "                 for %d <= N <= %d, unless --part splits a small N into\n"
         "                 many parts)\n"
         "  --isa L        the instruction-set level to count with: 'avx512' (AVX-512\n"
         "                 F, BW, VL, VPOPCNTDQ and BMI2), 'avx2' (AVX2, BMI2, POPCNT),\n"
         "                 'portable' (plain C, any processor) or 'auto' (default:\n"
         "                 the fastest this processor has). Refuses a level the\n"
         "                 processor lacks. Every level gives the same jobs and\n"
         "                 counts, so parts and checkpoints mix levels freely.\n"
         "                 Backtracking searches below the first rows with the\n"
         "                 'vector' kernel at avx512 (N <= %d: the row with the\n"
         "                 fewest free squares first, one AVX-512 register per row)\n"
         "                 and the 'rows' kernel otherwise (rows top to bottom)\n"
         "  --kernel K     the old spelling of --isa, kept for this release only:\n"
         "                 'rows' is --isa portable, 'vector' --isa avx512, 'auto'\n"
         "                 --isa auto\n"
         "  --stats        also print the method, kernel (for the join: the level),\n"
         "                 nodes (queens placed; for the join, pairs of halves\n"
         "                 tried), seconds (wall clock and\n"
         "                 CPU, all threads) and nodes per second on stderr\n"
         "  --part I/K     count only part I of K (1 <= I <= K <= 65536): a share of the\n"
         "                 jobs fixed by N, K, the method and the version (never the\n"
         "                 threads), balanced by the jobs' sizes; prints one JSON line\n"
         "                 for --merge instead of the count\n"
         "  --merge        add up the JSON lines of parts 1..K read from the FILEs (or\n"
         "                 standard input); refuses missing, repeated or mismatched\n"
         "                 parts, naming them; prints the count as without --part\n"
         "  --checkpoint FILE\n"
         "                 append each finished job to FILE (flushed to disk); a rerun\n"
         "                 with the same FILE skips the jobs it holds, so a killed run\n"
         "                 loses only the jobs in progress\n"
         "  --estimate     time a random sample of jobs (largest and smallest alike)\n"
         "                 and print the predicted CPU time with a 95%% interval and\n"
         "                 the wall time on P cores for a few P; counts nothing\n"
         "  --sample S     jobs the estimate times, 10..100000 (default 400; for the\n"
         "                 join 20 at N = 21 and 10 at N = 22, whose jobs take seconds)\n"
         "  --max-memory SIZE\n"
         "                 refuse to start when the method's estimated peak memory\n"
         "                 for N and T threads exceeds SIZE (512M, 4G; default: half\n"
         "                 of physical memory)\n"
         "  -h, --help     show this help\n"
         "\n"
         "SIGINT or SIGTERM stops within a second (exit 130); finished jobs stay in\n"
         "the checkpoint. Exit status 1 if a count disagrees with the OEIS table.\n",
         NQ_COUNT_MAX_N, NQ_VERIFY_KNOWN_MAX_N, NQ_COUNT_MAX_THREADS, NQ_COUNT_JOIN_MAX_N,
         NQ_COUNT_JOIN_AUTO_MIN_N, NQ_COUNT_JOIN_MAX_N, NQ_COUNT_VECTOR_MAX_N);
}

/* The hooks' context: which jobs this run owns and where they are kept. */
typedef struct run_context {
  const unsigned char *in_part; /* NULL: every job */
  count_checkpoint *checkpoint; /* NULL: none */
} run_context;

static int skip_job(void *context, size_t job) {
  const run_context *run = context;
  if (run->in_part && !run->in_part[job])
    return 1;
  return run->checkpoint && count_checkpoint_finished(run->checkpoint, job);
}

static void job_done(void *context, size_t job, const nq_count_tally *tally) {
  run_context *run = context;
  if (run->checkpoint)
    count_checkpoint_record(run->checkpoint, job, tally);
}

static int parse_part(const char *text, uint32_t *part, uint32_t *parts) {
  char *end;
  unsigned long first = strtoul(text, &end, 10);
  if (end == text || *end != '/' || text[0] == '-' || text[0] == '+')
    return -1;
  const char *second = end + 1;
  unsigned long total = strtoul(second, &end, 10);
  if (end == second || *end || second[0] == '-' || second[0] == '+')
    return -1;
  if (total < 1 || total > 65536 || first < 1 || first > total)
    return -1;
  *part = (uint32_t)first, *parts = (uint32_t)total;
  return 0;
}

/* The threads a run uses: T, or one per online processor. */
static int count_threads(int64_t threads) {
  if (threads > 0)
    return (int)threads;
  return online_processors(NQ_COUNT_MAX_THREADS);
}

int cmd_count(int argc, char **argv) {
  static const struct option options[] = {{"unique", no_argument, NULL, 'u'},
                                          {"threads", required_argument, NULL, 't'},
                                          {"stats", no_argument, NULL, 's'},
                                          {"kernel", required_argument, NULL, 'k'},
                                          {"method", required_argument, NULL, 'm'},
                                          {"part", required_argument, NULL, 'p'},
                                          {"merge", no_argument, NULL, 'M'},
                                          {"checkpoint", required_argument, NULL, 'c'},
                                          {"estimate", no_argument, NULL, 'e'},
                                          {"sample", required_argument, NULL, 'S'},
                                          {"max-memory", required_argument, NULL, 'x'},
                                          {"isa", required_argument, NULL, 'i'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  int unique = 0, stats = 0, merge = 0, estimate = 0;
  nq_count_choice choice = NQ_COUNT_CHOICE_DEFAULT;
  char why[160];
  int64_t threads = 0, sample = 400;
  int sample_given = 0;
  uint64_t max_memory = 0;
  uint32_t part = 0, parts = 0;
  const char *checkpoint_path = NULL;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'u': unique = 1; break;
    case 's': stats = 1; break;
    case 'M': merge = 1; break;
    case 'e': estimate = 1; break;
    case 'c': checkpoint_path = optarg; break;
    case 'x':
      if (parse_memory_size("count", optarg, &max_memory))
        return NQ_EXIT_USAGE;
      break;
    case 't':
      if (parse_bounded("count", "--threads", optarg, 1, NQ_COUNT_MAX_THREADS, &threads))
        return NQ_EXIT_USAGE;
      break;
    case 'S':
      if (parse_bounded("count", "--sample", optarg, 10, 100000, &sample))
        return NQ_EXIT_USAGE;
      sample_given = 1;
      break;
    case 'p':
      if (parse_part(optarg, &part, &parts))
        return usage_error("count", "--part wants I/K with 1 <= I <= K <= 65536, not '%s'", optarg);
      break;
    case 'm':
    case 'k':
    case 'i': {
      const char *option = code == 'm' ? "method" : code == 'k' ? "kernel" : "isa";
      if (nq_count_choice_parse(&choice, option, optarg, why, sizeof why))
        return usage_error("count", "%s", why);
      break;
    }
    case 'h': print_count_help(); return NQ_EXIT_OK;
    default: return report_bad_option("count", code, argv);
    }
  }
  if (merge) {
    if (parts || checkpoint_path || estimate)
      return usage_error("count", "--merge takes only FILEs (and --unique, --stats)");
    return count_merge(argc - optind, argv + optind, unique, stats, nq_verify_known_count);
  }
  if (sample_given && !estimate)
    return usage_error("count", "--sample goes with --estimate");
  if (estimate && (parts || checkpoint_path))
    return usage_error("count", "--estimate counts nothing: drop --part and --checkpoint");
  int n;
  if (parse_positional_n("count", argc, argv, optind, 1, NQ_COUNT_MAX_N, &n))
    return NQ_EXIT_USAGE;
  nq_count_isa isa = choice.isa;
  if (!nq_count_isa_available(isa)) /* only avx512 and avx2 can be missing */
    return runtime_error("count", "%s%s: this processor lacks it (it has %s)",
                         choice.isa_option && !strcmp(choice.isa_option, "kernel")
                             ? "--kernel vector, the level "
                             : "--isa ",
                         nq_count_isa_name(isa), nq_count_isa_name(nq_count_isa_best()));
  nq_count_method method = choice.method;
  nq_count_method chosen =
      method == NQ_COUNT_METHOD_AUTO ? nq_count_method_for_parts(n, parts ? parts : 1) : method;
  if (memory_budget_check_count("count", n, nq_count_method_name(chosen),
                                nq_count_memory_estimate(n, chosen, count_threads(threads)),
                                max_memory))
    return NQ_EXIT_FAILURE;
  const volatile sig_atomic_t *stop = interrupt_watch();
  struct timespec start, cpu_start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  nq_count_plan *plan;
  nq_status status = nq_count_plan_create_isa(n, chosen, NQ_COUNT_KERNEL_AUTO, isa, &plan);
  if (status != NQ_OK) {
    if (status == NQ_ERR_ARGUMENT && chosen == NQ_COUNT_METHOD_JOIN)
      return runtime_error("count", "--method join handles N up to %d, not %d (use backtrack)",
                           NQ_COUNT_JOIN_MAX_N, n);
    return runtime_error("count", "%s", nq_strerror(status));
  }
  method = nq_count_plan_method(plan);
  if (estimate) {
    /* The join's jobs are timed, not probed: beyond N = 20 they take a
     * second and more each, so fewer are timed unless --sample says. */
    if (!sample_given && method == NQ_COUNT_METHOD_JOIN && n > 20)
      sample = n > 21 ? 10 : 20;
    int exit_code = count_estimate(n, plan, (size_t)sample, stop);
    nq_count_plan_free(plan);
    return exit_code;
  }
  size_t jobs = nq_count_plan_jobs(plan);
  unsigned char *in_part = NULL;
  size_t part_jobs = jobs;
  if (parts) {
    uint32_t *part_of_job = malloc((jobs ? jobs : 1) * sizeof *part_of_job);
    in_part = malloc(jobs ? jobs : 1);
    if (!part_of_job || !in_part || nq_count_plan_parts(plan, parts, part_of_job) != NQ_OK) {
      free(part_of_job), free(in_part), nq_count_plan_free(plan);
      return runtime_error("count", "%s", nq_strerror(NQ_ERR_MEMORY));
    }
    part_jobs = 0;
    for (size_t job = 0; job < jobs; job++) {
      in_part[job] = part_of_job[job] == part - 1;
      part_jobs += in_part[job];
    }
    free(part_of_job);
  }
  run_context context = {.in_part = in_part};
  nq_count_tally tally = {0};
  if (checkpoint_path) {
    if (count_checkpoint_open("nqsat count", checkpoint_path, n, plan, &context.checkpoint)) {
      free(in_part), nq_count_plan_free(plan);
      return NQ_EXIT_FAILURE;
    }
    count_checkpoint_add_loaded(context.checkpoint, in_part, &tally);
  }
  nq_count_run_hooks hooks = {
      .skip = skip_job, .done = job_done, .context = &context, .stop = stop};
  status = nq_count_plan_run(plan, 0, jobs, (int)threads, &hooks, &tally);
  int exit_code = NQ_EXIT_OK;
  if (context.checkpoint && count_checkpoint_close("nqsat count", context.checkpoint))
    exit_code = NQ_EXIT_FAILURE;
  free(in_part);
  uint64_t checksum = nq_count_plan_checksum(plan);
  char kernel_name[64];
  snprintf(kernel_name, sizeof kernel_name, "%s", nq_count_plan_kernel_name(plan));
  nq_count_plan_free(plan);
  if (status == NQ_ERR_INTERRUPTED)
    return report_interrupted("count", checkpoint_path
                                           ? "the finished jobs are in the checkpoint; run again "
                                             "with it to go on"
                                           : "nothing counted");
  if (status != NQ_OK)
    return runtime_error("count", "%s", nq_strerror(status));
  if (exit_code != NQ_EXIT_OK)
    return exit_code;
  double elapsed = clock_seconds_since(CLOCK_MONOTONIC, &start);
  double cpu = clock_seconds_since(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  if (parts) {
    count_part_line line = {.n = n,
                            .method = method,
                            .parts = parts,
                            .part = part,
                            .jobs = jobs,
                            .part_jobs = part_jobs,
                            .plan_checksum = checksum,
                            .tally = tally,
                            .seconds = elapsed,
                            .cpu_seconds = cpu};
    return count_part_print(&line) ? runtime_error("count", "cannot write to standard output")
                                   : NQ_EXIT_OK;
  }
  return count_report("nqsat count", n, method, &tally, unique, stats, elapsed, cpu, kernel_name,
                      nq_verify_known_count);
}
