/* nqsat count N: the native solver's counts, by symmetry class. */
#include <getopt.h>
#include <inttypes.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "nqsat/verify.h"

static void print_count_help(void) {
  printf("usage: nqsat count N [--unique] [--threads T] [--kernel K] [--stats]\n"
         "\n"
         "Counts solutions with the verifier's native bitboard backtracking (no SAT\n"
         "involved): only boards that can represent their symmetry class are\n"
         "searched (Takahashi's method), spread over T threads. Prints the number\n"
         "of all solutions (OEIS A000170).\n"
         "\n"
         "  N              board size, 1..%d; counts for N <= %d are compared with the\n"
         "                 OEIS table, larger ones are printed with a note on stderr\n"
         "                 that they are unverified (and take hours to days)\n"
         "  --unique       print the number of fundamental solutions instead (one\n"
         "                 per class under rotation and reflection, OEIS A002562)\n"
         "  --threads T    worker threads, 1..%d (default: one per processor)\n"
         "  --kernel K     the search below the first rows: 'rows' fills the rows\n"
         "                 top to bottom (portable C); 'vector' fills the row with\n"
         "                 the fewest free squares first, every row's squares in\n"
         "                 one AVX-512 register (N <= %d, processors with AVX-512\n"
         "                 VPOPCNTDQ); 'auto' (default) takes 'vector' where it can.\n"
         "                 Both count the same classes, so either checks the other\n"
         "  --stats        also print the kernel, nodes (queens placed), seconds (wall\n"
         "                 clock and CPU, all threads) and nodes per second on stderr\n"
         "  -h, --help     show this help\n"
         "\n"
         "Exit status 1 if a count disagrees with the OEIS table.\n",
         NQ_VERIFY_MAX_N, NQ_VERIFY_KNOWN_MAX_N, NQ_VERIFY_MAX_THREADS, NQ_VERIFY_VECTOR_MAX_N);
}

static double seconds_since(clockid_t clock, const struct timespec *start) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

int cmd_count(int argc, char **argv) {
  static const struct option options[] = {
      {"unique", no_argument, NULL, 'u'}, {"threads", required_argument, NULL, 't'},
      {"stats", no_argument, NULL, 's'},  {"kernel", required_argument, NULL, 'k'},
      {"help", no_argument, NULL, 'h'},   {NULL, 0, NULL, 0}};
  int unique = 0, stats = 0;
  nq_verify_kernel kernel = NQ_VERIFY_KERNEL_AUTO;
  int64_t threads = 0;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'u': unique = 1; break;
    case 's': stats = 1; break;
    case 't':
      if (parse_bounded("count", "--threads", optarg, 1, NQ_VERIFY_MAX_THREADS, &threads))
        return NQ_EXIT_USAGE;
      break;
    case 'k':
      if (!strcmp(optarg, "auto"))
        kernel = NQ_VERIFY_KERNEL_AUTO;
      else if (!strcmp(optarg, "rows"))
        kernel = NQ_VERIFY_KERNEL_ROWS;
      else if (!strcmp(optarg, "vector"))
        kernel = NQ_VERIFY_KERNEL_VECTOR;
      else
        return usage_error("count", "unknown --kernel '%s': use auto, rows or vector", optarg);
      break;
    case 'h': print_count_help(); return NQ_EXIT_OK;
    default: return report_bad_option("count", code, argv);
    }
  }
  int n;
  if (parse_positional_n("count", argc, argv, optind, 1, NQ_VERIFY_MAX_N, &n))
    return NQ_EXIT_USAGE;
  if (kernel == NQ_VERIFY_KERNEL_VECTOR && n > NQ_VERIFY_VECTOR_MAX_N)
    return usage_error("count", "--kernel vector handles N up to %d, not %d (use rows)",
                       NQ_VERIFY_VECTOR_MAX_N, n);
  if (!nq_verify_kernel_available(kernel, n))
    return runtime_error("count",
                         "--kernel vector needs AVX-512F and AVX-512 VPOPCNTDQ, which this "
                         "processor lacks (use rows)");
  struct timespec start, cpu_start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  nq_verify_counts counts;
  nq_status status = nq_verify_count_classes_with(n, (int)threads, kernel, &counts);
  if (status != NQ_OK)
    return runtime_error("count", "%s", nq_strerror(status));
  double elapsed = seconds_since(CLOCK_MONOTONIC, &start);
  double cpu = seconds_since(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  uint64_t result = unique ? counts.fundamental : counts.total;
  printf("%" PRIu64 "\n", result);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("count", "cannot write to standard output");
  if (stats)
    fprintf(stderr,
            "nqsat count: N = %d: %" PRIu64 " solutions, %" PRIu64 " fundamental, %" PRIu64
            " nodes, %.3f s, %.3f s CPU, %.3g nodes/s, kernel %s\n",
            (int)n, counts.total, counts.fundamental, counts.nodes, elapsed, cpu,
            elapsed > 0 ? (double)counts.nodes / elapsed : 0.0,
            counts.kernel == NQ_VERIFY_KERNEL_VECTOR ? "vector"
            : counts.kernel == NQ_VERIFY_KERNEL_ROWS ? "rows"
                                                     : "none (small board: enumerated)");
  uint64_t known_total, known_fundamental;
  if (nq_verify_known_count((int)n, &known_total, &known_fundamental) != 0) {
    fprintf(stderr,
            "nqsat count: note: N = %d is beyond the OEIS table (N <= %d): this count is "
            "unverified\n",
            (int)n, NQ_VERIFY_KNOWN_MAX_N);
    return NQ_EXIT_OK;
  }
  if (counts.total != known_total || counts.fundamental != known_fundamental)
    return runtime_error("count",
                         "N = %d: counted %" PRIu64 " solutions, %" PRIu64
                         " fundamental; OEIS A000170/A002562 say %" PRIu64 ", %" PRIu64,
                         (int)n, counts.total, counts.fundamental, known_total, known_fundamental);
  return NQ_EXIT_OK;
}
