/* nqsat check N [FILE]: checks solutions another program found. Reading
 * and checking are the verifier's (nq_verify_read_solutions,
 * nq_verify_check_placement), so no solver code judges a solver. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <string.h>

#include "cli.h"
#include "nqsat/verify.h"

/* Boards are printed, so keep them printable. */
enum { CHECK_MAX_N = 1000 };

static void print_check_help(void) {
  printf("usage: nqsat check N [--csp ENCODING] [FILE]\n"
         "\n"
         "Reads solutions of N-Queens from FILE (or standard input when FILE is\n"
         "missing or -) and checks every one with the independent verifier.\n"
         "Accepted, mixed freely: vector lines (the 1-based column of each row's\n"
         "queen, as 'nqsat solve --all' prints), MiniZinc output ('q = [...];'\n"
         "lines and its ---------- / ========== separators), SAT-competition 'v'\n"
         "lines (cadical, kissat, picosat) and MiniSat result files, over the\n"
         "variable convention of 'nqsat encode' (queen at row r, column c, 0-based,\n"
         "is r*N + c + 1). Prints each solution as a board with its verdict.\n"
         "\n"
         "  N               board size, 1..%d\n"
         "  --csp ENCODING  the models come from 'nqsat encode --model rows --csp\n"
         "                  ENCODING' (direct, support, order, log): decode them\n"
         "                  with that numbering instead of the matrix model's\n"
         "  -h, --help      show this help\n"
         "\n"
         "exit: 0 all valid; 1 an invalid solution, a malformed input, or no\n"
         "solution although N-Queens has some.\n",
         CHECK_MAX_N);
}

typedef struct check_context {
  const char *name;
  uint64_t valid, invalid;
} check_context;

static int check_one(void *context, const int *columns, int n, long line, const char *problem) {
  check_context *check = context;
  char why[300];
  uint64_t number = check->valid + check->invalid + 1;
  if (number > 1)
    putchar('\n');
  if (!columns) {
    check->invalid++;
    printf("solution %" PRIu64 " (%s:%ld): INVALID: %s\n", number, check->name, line, problem);
    fprintf(stderr, "nqsat check: error: %s:%ld: invalid solution: %s\n", check->name, line,
            problem);
    return 0;
  }
  int valid = nq_verify_check_placement(columns, n, why, sizeof why);
  if (valid) {
    check->valid++;
    printf("solution %" PRIu64 " (%s:%ld): valid\n", number, check->name, line);
  } else {
    check->invalid++;
    printf("solution %" PRIu64 " (%s:%ld): INVALID: %s\n", number, check->name, line, why);
    fprintf(stderr, "nqsat check: error: %s:%ld: invalid solution: %s\n", check->name, line, why);
  }
  print_board(stdout, columns, n);
  return 0;
}

int cmd_check(int argc, char **argv) {
  static const struct option options[] = {{"csp", required_argument, NULL, 'c'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  nq_verify_model_format format = {NQ_VERIFY_MATRIX, NULL};
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    if (code == 'h') {
      print_check_help();
      return NQ_EXIT_OK;
    }
    if (code == 'c') {
      if (nq_verify_numbering_from_words("rows", optarg, &format.numbering))
        return usage_error("check", "unknown encoding '%s' for --csp (direct, support, order, log)",
                           optarg);
      continue;
    }
    return report_bad_option("check", code, argv);
  }
  int n;
  if (parse_positional_n("check", argc, argv, optind, 2, CHECK_MAX_N, &n))
    return NQ_EXIT_USAGE;
  const char *path = argc - optind == 2 ? argv[optind + 1] : "-";
  int from_stdin = !strcmp(path, "-");
  const char *name = from_stdin ? "<stdin>" : path;
  FILE *input = from_stdin ? stdin : fopen(path, "r");
  if (!input)
    return runtime_error("check", "%s: %s", path, strerror(errno));

  check_context check = {name, 0, 0};
  char error[512] = "";
  nq_status status = nq_verify_read_solutions_as(input, name, (int)n, &format, check_one, &check,
                                                error, sizeof error);
  int read_failed = ferror(input);
  if (!from_stdin)
    fclose(input);
  if (status == NQ_ERR_PARSE)
    return runtime_error("check", "%s", error);
  if (status != NQ_OK || read_failed)
    return runtime_error("check", "%s: %s", name, *error ? error : nq_strerror(status));

  uint64_t total = check.valid + check.invalid, known = 0;
  int table = nq_verify_known_count((int)n, &known, NULL) == 0;
  if (total)
    printf("\n");
  printf("%" PRIu64 " solution%s checked: %" PRIu64 " valid, %" PRIu64 " invalid\n", total,
         total == 1 ? "" : "s", check.valid, check.invalid);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("check", "cannot write to standard output");
  if (check.invalid)
    return NQ_EXIT_FAILURE;
  if (!total && table && known > 0)
    return runtime_error("check", "%s holds no solution, but %d-Queens has %" PRIu64, name, (int)n,
                         known);
  return NQ_EXIT_OK;
}
