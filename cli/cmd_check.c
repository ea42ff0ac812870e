/* nqsat check N [FILE]: checks solutions another program found.
 * nqsat check --instance FILE [ANSWER]: checks any answer to an instance
 * file (check_instance.c). Reading and checking are the verifier's
 * (nq_verify_read_solutions, nq_answer_judge), so no solver code judges a
 * solver. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <string.h>

#include "cli.h"
#include "nqsat/verify.h"

/* Boards are printed, so keep them printable. */
enum { CHECK_MAX_N = 1000 };
static const int64_t CHECK_DEFAULT_MAX_NODES = 10000000000;

static void print_check_help(void) {
  printf("usage: nqsat check N [--csp ENCODING] [FILE]\n"
         "       nqsat check --instance INSTANCE [ANSWER] [--max-nodes K]\n"
         "\n"
         "With N: reads solutions of N-Queens from FILE (or standard input when FILE\n"
         "is missing or -) and checks every one with the independent verifier.\n"
         "Accepted, mixed freely: vector lines (the 1-based column of each row's\n"
         "queen, as 'nqsat solve --all' prints), MiniZinc output ('q = [...];'\n"
         "lines and its ---------- / ========== separators), SAT-competition 'v'\n"
         "lines (cadical, kissat, picosat), PB-competition 'v x1 -x2 ...' lines\n"
         "(minisat+, clasp) and MiniSat result files, over the variable convention\n"
         "of 'nqsat encode' (queen at row r, column c, 0-based, is r*N + c + 1), or\n"
         "of its rows model with --csp. Prints each solution as a board with its\n"
         "verdict. A model of a shuffled file (--shuffle) needs --instance, which\n"
         "reads the file's variable map.\n"
         "\n"
         "With --instance: reads the instance file (CNF or OPB, plain or gzip) for\n"
         "N, its model (matrix, or rows with its CSP encoding), its variable map,\n"
         "its placed and blocked squares, and judges the answer in ANSWER (standard\n"
         "input when missing or -): SAT-competition 's'/'v' lines, MiniSat result\n"
         "files and output, PB 'v x1 -x2' lines, an 's UNSATISFIABLE' claim (judged\n"
         "by the verifier's own search), and model counts ('s mc K', 'c s exact arb\n"
         "int K'). Each model must be a solution of the board and satisfy every\n"
         "clause or constraint of the file. Prints one line per verdict:\n"
         "  VERDICT SUBJECT (ANSWER:LINE): WHY\n"
         "with VERDICT one of correct, wrong-status, invalid-model, wrong-count,\n"
         "unknown (no answer, or UNKNOWN) and unverified (beyond the verifier's\n"
         "limits: completion boards above N = %d, plain counts above N = %d).\n"
         "\n"
         "  N                board size, 1..%d\n"
         "  --csp ENCODING   with N: the models come from 'nqsat encode --model rows\n"
         "                   --csp ENCODING' (direct, support, order, log): decode\n"
         "                   them with that numbering instead of the matrix model's\n"
         "  --instance FILE  the instance file the answer is about\n"
         "  --max-nodes K    stop the verifier's completion search after K queens\n"
         "                   placed (1..10^15, default 10^10); beyond it, unverified\n"
         "  -h, --help       show this help\n"
         "\n"
         "exit: 0 every answer right; 1 an invalid solution or wrong answer, an\n"
         "unknown or unverified one, a malformed input, or (with N) no solution\n"
         "although N-Queens has some; 2 usage error.\n",
         NQ_VERIFY_COMPLETION_MAX_N, NQ_VERIFY_KNOWN_MAX_N, CHECK_MAX_N);
}

typedef struct check_context {
  const char *name;
  uint64_t valid, invalid;
  int undecodable; /* a model that is no board: maybe a shuffled file's */
} check_context;

static int check_one(void *context, const int *columns, int n, long line, const char *problem) {
  check_context *check = context;
  char why[300];
  uint64_t number = check->valid + check->invalid + 1;
  if (number > 1)
    putchar('\n');
  if (!columns) {
    check->invalid++;
    check->undecodable = 1;
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

enum { OPTION_INSTANCE = 256, OPTION_MAX_NODES, OPTION_CSP };

int cmd_check(int argc, char **argv) {
  static const struct option options[] = {{"instance", required_argument, NULL, OPTION_INSTANCE},
                                          {"max-nodes", required_argument, NULL, OPTION_MAX_NODES},
                                          {"csp", required_argument, NULL, OPTION_CSP},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  nq_verify_model_format format = {NQ_VERIFY_MATRIX, NULL};
  const char *csp_given = NULL;
  optind = 1;
  opterr = 0;
  int code;
  const char *instance_path = NULL;
  int64_t max_nodes = CHECK_DEFAULT_MAX_NODES;
  int max_nodes_given = 0;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'h': print_check_help(); return NQ_EXIT_OK;
    case OPTION_INSTANCE: instance_path = optarg; break;
    case OPTION_MAX_NODES:
      if (parse_bounded("check", "--max-nodes", optarg, 1, 1000000000000000, &max_nodes))
        return NQ_EXIT_USAGE;
      max_nodes_given = 1;
      break;
    case OPTION_CSP:
      if (nq_verify_numbering_from_words("rows", optarg, &format.numbering))
        return usage_error("check", "unknown encoding '%s' for --csp (direct, support, order, log)",
                           optarg);
      csp_given = optarg;
      break;
    default: return report_bad_option("check", code, argv);
    }
  }
  if (instance_path) {
    /* The instance's header says how its models are numbered. */
    if (csp_given)
      return usage_error("check", "--csp applies to N only; with --instance the file's header "
                                  "names its encoding");
    if (argc - optind > 1)
      return usage_error("check", "unexpected argument '%s' (--instance takes one answer file)",
                         argv[optind + 1]);
    return check_instance(instance_path, argc - optind == 1 ? argv[optind] : "-",
                          (uint64_t)max_nodes);
  }
  if (max_nodes_given)
    return usage_error("check", "--max-nodes applies to --instance only");
  int n;
  if (parse_positional_n("check", argc, argv, optind, 2, CHECK_MAX_N, &n))
    return NQ_EXIT_USAGE;
  const char *path = argc - optind == 2 ? argv[optind + 1] : "-";
  int from_stdin = !strcmp(path, "-");
  const char *name = from_stdin ? "<stdin>" : path;
  FILE *input = from_stdin ? stdin : fopen(path, "r");
  if (!input)
    return runtime_error("check", "%s: %s", path, strerror(errno));

  check_context check = {name, 0, 0, 0};
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
  if (check.undecodable)
    fprintf(stderr, "nqsat check: note: a model of a shuffled file (encode --shuffle) or of "
                    "the rows model (encode --csp) decodes only through the file's header: use "
                    "'nqsat check --instance FILE' (or --csp ENCODING for an unshuffled "
                    "rows-model file)\n");
  if (check.invalid)
    return NQ_EXIT_FAILURE;
  if (!total && table && known > 0)
    return runtime_error("check", "%s holds no solution, but %d-Queens has %" PRIu64, name, (int)n,
                         known);
  return NQ_EXIT_OK;
}
