/* nqsat solve N --method local|backtrack|sat: the methods other than SAT.
 * cmd_solve() hands its argv to solve_method_dispatch() first; "--method
 * sat" (the default) is removed and the SAT path continues unchanged. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "clock.h"
#include "nqsat/localsearch.h"
#include "nqsat/verify.h"

/* Boards up to this size are printed as a board, larger ones as a vector. */
#define BOARD_PRINT_MAX_N 32
/* Up to this size the answer is also checked pair by pair (O(N^2)). */
#define PAIRWISE_CHECK_MAX_N 20000

static void print_local_help(void) {
  printf("usage: nqsat solve N --method local [--seed S] [--max-attempts K] [--vector]\n"
         "                     [--stats]\n"
         "       nqsat solve N --method backtrack [--count | --all | --max K]\n"
         "       nqsat solve N [--method sat] ...   (the default; see 'nqsat solve --help')\n"
         "\n"
         "--method local: min-conflicts local search (Sosic & Gu 1994) for ONE\n"
         "solution, for boards far beyond complete methods: N = 1..%d\n"
         "(about 20 bytes per queen; N = 1,000,000 in about a second). The answer is\n"
         "checked by the verifier in O(N) (and pair by pair for N <= %d) before it\n"
         "is printed. It cannot prove that no solution exists: N = 2 and 3 (which\n"
         "have none) are answered from the rules.\n"
         "\n"
         "  --seed S          random seed, 0..2^64-1 (default 1): same seed, same board\n"
         "  --max-attempts K  give up (exit 1) after K repair swaps tried (default: none)\n"
         "  --vector          print the vector line even for N <= %d\n"
         "  --stats           print restarts, swaps and seconds on stderr\n"
         "\n"
         "--method backtrack: the verifier's native backtracking (N = 1..%d): the\n"
         "first solution as a board, --count (symmetry-class counter), --all or\n"
         "--max K (vector lines, lexicographic order).\n"
         "\n"
         "Output: a board for N <= %d, else one vector line (1-based column of the\n"
         "queen in each row), or 'no solution'.\n",
         NQ_LOCALSEARCH_MAX_N, PAIRWISE_CHECK_MAX_N, BOARD_PRINT_MAX_N, NQ_VERIFY_MAX_N,
         BOARD_PRINT_MAX_N);
}

static int finish_output(void) {
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("solve", "cannot write to standard output");
  return NQ_EXIT_OK;
}

/* Whole-line vector output for millions of queens: one buffered fprintf
 * per number is fine, stdout is fully buffered when redirected. */
static void print_answer(const int *columns, int n, int as_vector) {
  if (!as_vector && n <= BOARD_PRINT_MAX_N)
    print_numbered_board(stdout, columns, n);
  else
    print_vector(stdout, columns, n);
}

typedef struct method_options {
  uint64_t seed;
  int64_t max_attempts;
  int vector, stats, count, all;
  int64_t max_solutions;
} method_options;

/* Parses the options shared by the non-SAT methods; returns -1 after
 * reporting, 1 after --help, 0 to go on. */
static int parse_method_options(int argc, char **argv, method_options *chosen, int64_t *n,
                                int64_t max_n, int local) {
  static const struct option options[] = {{"seed", required_argument, NULL, 's'},
                                          {"max-attempts", required_argument, NULL, 'k'},
                                          {"vector", no_argument, NULL, 'v'},
                                          {"stats", no_argument, NULL, 'S'},
                                          {"count", no_argument, NULL, 'c'},
                                          {"all", no_argument, NULL, 'A'},
                                          {"max", required_argument, NULL, 'm'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  *chosen = (method_options){.seed = 1};
  int modes = 0;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    const char *only = NULL;
    switch (code) {
    case 's': {
      char *end;
      if (optarg[0] < '0' || optarg[0] > '9')
        return usage_error("solve", "--seed '%s' is not a whole number 0..2^64-1", optarg), -1;
      errno = 0;
      chosen->seed = strtoull(optarg, &end, 10);
      if (*end || errno == ERANGE)
        return usage_error("solve", "--seed '%s' is not a whole number 0..2^64-1", optarg), -1;
      only = "local";
      break;
    }
    case 'k':
      if (parse_bounded("solve", "--max-attempts", optarg, 1, INT64_MAX, &chosen->max_attempts))
        return -1;
      only = "local";
      break;
    case 'v': chosen->vector = 1; break;
    case 'S':
      chosen->stats = 1;
      only = "local";
      break;
    case 'c': chosen->count = 1, modes++, only = "backtrack"; break;
    case 'A': chosen->all = 1, modes++, only = "backtrack"; break;
    case 'm':
      if (parse_bounded("solve", "--max", optarg, 1, INT64_MAX, &chosen->max_solutions))
        return -1;
      modes++, only = "backtrack";
      break;
    case 'h': print_local_help(); return 1;
    default: return report_bad_option("solve", code, argv), -1;
    }
    if (only && strcmp(only, local ? "local" : "backtrack"))
      return usage_error("solve", "option '%s' needs --method %s", argv[optind - 1], only), -1;
  }
  if (modes > 1)
    return usage_error("solve", "--count, --all and --max exclude each other"), -1;
  int board_size;
  if (parse_positional_n("solve", argc, argv, optind, 1, max_n, &board_size))
    return -1;
  *n = board_size;
  return 0;
}

static int solve_by_local_search(int argc, char **argv) {
  method_options chosen;
  int64_t n;
  int parsed = parse_method_options(argc, argv, &chosen, &n, NQ_LOCALSEARCH_MAX_N, 1);
  if (parsed)
    return parsed > 0 ? NQ_EXIT_OK : NQ_EXIT_USAGE;
  int *columns = malloc((size_t)n * sizeof *columns);
  if (!columns)
    return runtime_error("solve", "out of memory for N = %" PRId64, n);
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  nq_localsearch_stats stats;
  nq_status status =
      nq_localsearch_solve((int)n, chosen.seed, (uint64_t)chosen.max_attempts, columns, &stats);
  double search_seconds = clock_seconds_since(CLOCK_MONOTONIC, &start);
  int exit_code = NQ_EXIT_OK;
  if (status == NQ_ERR_UNSAT) {
    printf("no solution\n");
    exit_code = finish_output();
  } else if (status == NQ_ERR_INTERRUPTED) {
    exit_code = runtime_error("solve",
                              "no solution found within %" PRId64
                              " attempts (local search cannot prove there is none; try "
                              "another --seed)",
                              chosen.max_attempts);
  } else if (status != NQ_OK) {
    exit_code = runtime_error("solve", "%s", nq_strerror(status));
  } else {
    /* The search is not trusted: the verifier checks the board first. */
    char why[256];
    clock_gettime(CLOCK_MONOTONIC, &start);
    int valid = nq_verify_check_placement_linear(columns, (int)n, why, sizeof why);
    if (valid == 1 && n <= PAIRWISE_CHECK_MAX_N)
      valid = nq_verify_check_placement(columns, (int)n, why, sizeof why);
    double check_seconds = clock_seconds_since(CLOCK_MONOTONIC, &start);
    if (valid < 0) {
      exit_code = runtime_error("solve", "out of memory checking the answer");
    } else if (!valid) {
      exit_code = runtime_error("solve", "local search answer rejected by the verifier: %s", why);
    } else {
      print_answer(columns, (int)n, chosen.vector);
      exit_code = finish_output();
      if (chosen.stats)
        fprintf(stderr,
                "nqsat solve: N = %" PRId64 ", seed %" PRIu64 ": %" PRIu64 " restarts, %" PRIu64
                " conflicts after the greedy start, %" PRIu64 " swaps of %" PRIu64
                " tried, search %.3f s, verified in %.3f s\n",
                n, chosen.seed, stats.restarts, stats.initial_conflicts, stats.swaps,
                stats.attempts, search_seconds, check_seconds);
    }
  }
  free(columns);
  return exit_code;
}

static int print_solution_vector(void *context, const int *columns, int n) {
  int64_t *left = context;
  print_vector(stdout, columns, n);
  return *left > 0 && --*left == 0;
}

static int keep_first(void *context, const int *columns, int n) {
  memcpy(context, columns, (size_t)n * sizeof *columns);
  return 1;
}

static int solve_by_backtracking(int argc, char **argv) {
  method_options chosen;
  int64_t n;
  int parsed = parse_method_options(argc, argv, &chosen, &n, NQ_VERIFY_MAX_N, 0);
  if (parsed)
    return parsed > 0 ? NQ_EXIT_OK : NQ_EXIT_USAGE;
  nq_status status;
  if (chosen.count) {
    nq_count_classes_result counts;
    status = nq_count_classes((int)n, 0, &counts);
    if (status == NQ_OK)
      printf("%" PRIu64 "\n", counts.total);
  } else if (chosen.all || chosen.max_solutions) {
    int64_t left = chosen.max_solutions;
    status = nq_verify_enumerate((int)n, print_solution_vector, &left);
  } else {
    int first[NQ_VERIFY_MAX_N];
    status = nq_verify_enumerate((int)n, keep_first, first);
    if (status == NQ_ERR_STOPPED)
      print_answer(first, (int)n, chosen.vector);
    else if (status == NQ_OK)
      printf("no solution\n");
  }
  if (status != NQ_OK && status != NQ_ERR_STOPPED)
    return runtime_error("solve", "%s", nq_strerror(status));
  return finish_output();
}

int solve_method_dispatch(int *argc, char **argv, int *exit_code) {
  for (int i = 1; i < *argc; i++) {
    const char *method = NULL;
    int width = 0;
    if (!strcmp(argv[i], "--"))
      break;
    if (!strcmp(argv[i], "--method")) {
      if (i + 1 == *argc) {
        *exit_code = usage_error("solve", "option '--method' needs a value");
        return 1;
      }
      method = argv[i + 1], width = 2;
    } else if (!strncmp(argv[i], "--method=", 9)) {
      method = argv[i] + 9, width = 1;
    } else {
      continue;
    }
    if (!strcmp(method, "local") || !strcmp(method, "backtrack")) {
      int local = !strcmp(method, "local");
      /* Drop the --method words so the method's own parser sees the rest. */
      for (int j = i; j + width <= *argc; j++)
        argv[j] = argv[j + width];
      *argc -= width;
      *exit_code = local ? solve_by_local_search(*argc, argv) : solve_by_backtracking(*argc, argv);
      return 1;
    }
    if (strcmp(method, "sat")) {
      *exit_code =
          usage_error("solve", "unknown method '%s' for --method (sat, local, backtrack)", method);
      return 1;
    }
    for (int j = i; j + width <= *argc; j++)
      argv[j] = argv[j + width];
    *argc -= width;
    i--;
  }
  return 0;
}
