/* nqsat solve N: find or enumerate solutions with PicoSAT. */
#include <getopt.h>
#include <inttypes.h>

#include "cli.h"
#include "nqsat/solver.h"

static void print_solve_help(void) {
  printf("usage: nqsat solve N [--amo pairwise|seq] [--count | --all | --max K]\n"
         "\n"
         "Builds the N-Queens formula in PicoSAT and enumerates its models with\n"
         "blocking clauses over the queen variables.\n"
         "\n"
         "  N               board size, 1..%d\n"
         "  --amo ENCODING  at-most-one encoding: pairwise (default) or seq\n"
         "  --count         print only the number of solutions\n"
         "  --all           print every solution, one per line: the 1-based column\n"
         "                  of the queen in each row, row 1 first (e.g. 2 4 1 3)\n"
         "  --max K         like --all, but stop after K solutions\n"
         "  -h, --help      show this help\n"
         "\n"
         "With none of --count, --all, --max: print the first solution as a board,\n"
         "or 'no solution'.\n",
         NQ_SOLVER_MAX_N);
}

typedef enum solve_mode { FIRST_AS_BOARD, COUNT_ONLY, LIST } solve_mode;

static int print_vector_line(void *context, const int *columns, int n) {
  print_vector(context, columns, n);
  return 0;
}

static int keep_first(void *context, const int *columns, int n) {
  int *first = context;
  for (int row = 0; row < n; row++)
    first[row] = columns[row];
  return 1; /* stop: one is all we need */
}

static int finish_output(void) {
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("solve", "cannot write to standard output");
  return NQ_EXIT_OK;
}

int cmd_solve(int argc, char **argv) {
  int method_exit;
  if (solve_method_dispatch(&argc, argv, &method_exit))
    return method_exit; /* --method local or backtrack: cmd_solve_local.c */
  static const struct option options[] = {{"amo", required_argument, NULL, 'a'},
                                          {"count", no_argument, NULL, 'c'},
                                          {"all", no_argument, NULL, 'A'},
                                          {"max", required_argument, NULL, 'm'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  nq_encoding encoding = {.n = 0, .amo = NQ_AMO_PAIRWISE};
  solve_mode mode = FIRST_AS_BOARD;
  int modes_given = 0;
  int64_t max_solutions = 0;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'a':
      if (nq_amo_from_name(optarg, &encoding.amo))
        return usage_error("solve", "unknown encoding '%s' for --amo (pairwise, seq)", optarg);
      break;
    case 'c': mode = COUNT_ONLY, modes_given++; break;
    case 'A': mode = LIST, max_solutions = 0, modes_given++; break;
    case 'm':
      if (parse_bounded("solve", "--max", optarg, 1, INT64_MAX, &max_solutions))
        return NQ_EXIT_USAGE;
      mode = LIST, modes_given++;
      break;
    case 'h': print_solve_help(); return NQ_EXIT_OK;
    default: return report_bad_option("solve", code, argv);
    }
  }
  if (modes_given > 1)
    return usage_error("solve", "--count, --all and --max exclude each other");
  if (optind == argc)
    return usage_error("solve", "missing N");
  if (argc - optind > 1)
    return usage_error("solve", "unexpected argument '%s'", argv[optind + 1]);
  int64_t n;
  if (parse_bounded("solve", "N", argv[optind], 1, NQ_SOLVER_MAX_N, &n))
    return NQ_EXIT_USAGE;
  encoding.n = (int)n;

  uint64_t found = 0;
  nq_status status;
  if (mode == FIRST_AS_BOARD) {
    int first[NQ_SOLVER_MAX_N];
    status = nq_solver_enumerate_queens(&encoding, 1, keep_first, first, &found);
    if (status == NQ_OK || status == NQ_ERR_STOPPED) {
      if (found)
        print_board(stdout, first, encoding.n);
      else
        printf("no solution\n");
      return finish_output();
    }
  } else {
    status = nq_solver_enumerate_queens(&encoding, (uint64_t)max_solutions,
                                        mode == LIST ? print_vector_line : NULL, stdout, &found);
    if (status == NQ_OK) {
      if (mode == COUNT_ONLY)
        printf("%" PRIu64 "\n", found);
      return finish_output();
    }
  }
  return runtime_error("solve", "%s", nq_strerror(status));
}
