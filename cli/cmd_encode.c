/* nqsat encode N: write the formula as DIMACS CNF (or OPB, or MiniZinc). */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nqsat/encoder.h"
#include "nqsat/output.h"
#include "quote.h"

static void print_encode_help(void) {
  printf("usage: nqsat encode N [options] [-o FILE]\n"
         "\n"
         "Writes the N-Queens problem as DIMACS CNF (or OPB, or MiniZinc). In the\n"
         "matrix model (the default) the queen at row r, column c (both from 1) is\n"
         "variable (r-1)*N + c; auxiliary variables follow N^2.\n"
         "\n"
         "  N                     board size, 1..%d\n"
         "  --model matrix|rows   matrix: a Boolean per square, at-most-one per row,\n"
         "                        column and diagonal (default); rows: an integer\n"
         "                        q_r in 1..N per row, q_r != q_s, |q_r - q_s| != |r - s|,\n"
         "                        translated by a CSP encoding (see --csp)\n"
         "  --csp ENCODING        the rows model's CSP-to-SAT encoding (implies\n"
         "                        --model rows); the header says how to decode it:\n"
         "                          direct    (default) a Boolean per value, conflict\n"
         "                                    clauses (Walsh 2000); = matrix pairwise\n"
         "                          support   support clauses: unit propagation is\n"
         "                                    arc consistency (Kasif 1990; Gent 2002)\n"
         "                          order     q_r <= a variables and a ladder\n"
         "                                    (Crawford & Baker 1994; Tamura et al. 2009)\n"
         "                          log       ceil(log2 N) bits per row (Iwama &\n"
         "                                    Miyazaki 1994)\n"
         "  --amo ENCODING        matrix model: at-most-one encoding for rows, columns,\n"
         "                        diagonals:\n",
         NQ_ENCODER_MAX_N);
  for (int e = 0; e < NQ_AMO_COUNT; e++) /* the encoder's registry */
    printf("                          %-9s %s%s\n", nq_amo_name((nq_amo)e),
           e == NQ_AMO_PAIRWISE ? "(default) " : "", nq_amo_summary((nq_amo)e));
  printf("  --commander-group G   commander group size, 2..1000000 (default 3)\n"
         "  --bimander-groups M   bimander groups per line, 1..1000000 (default:\n"
         "                        half the line length, groups of two)\n"
         "  --parsimonious        make auxiliary variables functions of the queens,\n"
         "                        so models and boards correspond one to one\n"
         "  --redundant           add at-least-one clauses for columns too\n"
         "  --place R,C           pre-place a queen (1-based; repeatable)\n"
         "  --block R,C           forbid a square (1-based; repeatable)\n"
         "  --completion K        also place K random non-attacking queens\n"
         "  --shuffle             rename variables, reorder clauses and literals\n"
         "  --seed S              seed for --completion and --shuffle (default 1)\n"
         "  --format cnf|opb|mzn  DIMACS CNF (default), pseudo-Boolean OPB (matrix\n"
         "                        model), or MiniZinc (the rows model with alldifferent;\n"
         "                        count with 'minizinc --solver gecode --all-solutions')\n"
         "  --explain             a comment before each group of clauses, and what each\n"
         "                        auxiliary variable means where it is made\n"
         "  --stats[=counts]      print variables, clauses, literals and bytes of\n"
         "                        the output instead of writing it; =counts: only the\n"
         "                        first three, from closed-form formulas (instant)\n"
         "  --gzip-level L        compression level 1..9 for .gz output (default 6)\n"
         "  -o, --output FILE     write to FILE instead of standard output; a name ending\n"
         "                        in .gz is gzip-compressed. FILE appears only when\n"
         "                        complete (written under a temporary name, then renamed)\n"
         "  -h, --help            show this help\n");
  printf("\n"
         "Chessboard families (docs/encoder.md; --amo applies to their lines):\n"
         "  --problem NAME[:K]    queens (default), toroidal (diagonals wrap), super\n"
         "                        (queen and knight moves), colour:K (K-colour the queen\n"
         "                        graph), dominate:K (at most K queens occupy or attack\n"
         "                        every square), dominate-independent:K (and attack no\n"
         "                        other queen); N up to %d; CNF or OPB\n"
         "  --format col          the N x N queen graph as a DIMACS .col file, as the\n"
         "                        queenN_N.col colouring benchmarks\n",
         NQ_ENCODER_FAMILY_MAX_N);
}

enum {
  OPTION_AMO = 256,
  OPTION_COMMANDER_GROUP,
  OPTION_BIMANDER_GROUPS,
  OPTION_PARSIMONIOUS,
  OPTION_REDUNDANT,
  OPTION_PLACE,
  OPTION_BLOCK,
  OPTION_COMPLETION,
  OPTION_SHUFFLE,
  OPTION_SEED,
  OPTION_FORMAT,
  OPTION_EXPLAIN,
  OPTION_STATS,
  OPTION_GZIP_LEVEL,
  OPTION_MODEL,
  OPTION_CSP,
  OPTION_PROBLEM
};

typedef enum output_format { FORMAT_CNF, FORMAT_OPB, FORMAT_MZN, FORMAT_COL } output_format;
typedef enum stats_mode { STATS_OFF, STATS_ALL, STATS_COUNTS } stats_mode;

typedef struct encode_request {
  nq_encoding encoding;
  const char *output_path;
  char **place_texts, **block_texts; /* borrowed from argv */
  int place_count, block_count;
  int64_t completion;
  int shuffle, has_seed;
  stats_mode stats;
  output_format format;
  const char *cnf_only_option;    /* last option that shapes clauses only */
  const char *matrix_only_option; /* last option that only the matrix model has */
  int model_given;                /* --model seen */
  int csp_given;                  /* --csp seen */
  uint64_t seed;
  int gzip_level;
} encode_request;

static int encode_with_options(int argc, char **argv, encode_request *request);
static int run_request(encode_request *request, const char *command_line);

int cmd_encode(int argc, char **argv) {
  /* Before getopt_long, which permutes argv. --stats is left out of the
   * recorded command line so its byte count matches the run without it. */
  char **recorded = malloc(((size_t)argc + 1) * sizeof *recorded);
  encode_request request;
  memset(&request, 0, sizeof request);
  request.place_texts = malloc(((size_t)argc + 1) * sizeof(char *));
  request.block_texts = malloc(((size_t)argc + 1) * sizeof(char *));
  char *command_line = NULL;
  int exit_code;
  if (!recorded || !request.place_texts || !request.block_texts) {
    exit_code = runtime_error("encode", "out of memory");
  } else {
    int kept = 0;
    for (int i = 0; i < argc; i++)
      if (strcmp(argv[i], "--stats") && strncmp(argv[i], "--stats=", 8))
        recorded[kept++] = argv[i];
    command_line = quote_command_line("nqsat", kept, recorded);
    exit_code = command_line ? encode_with_options(argc, argv, &request)
                             : runtime_error("encode", "out of memory");
    if (exit_code == -1)
      exit_code = run_request(&request, command_line);
  }
  free((void *)request.encoding.placed);
  free((void *)request.encoding.blocked);
  free(request.place_texts);
  free(request.block_texts);
  free(recorded);
  free(command_line);
  return exit_code;
}

/* Parses "R,C" (1-based) into a 0-based square; range is checked later by
 * nq_encoder_check, which names the board size. */
static int parse_square(const char *option, const char *text, nq_square *square) {
  const char *comma = strchr(text, ',');
  char row_text[32];
  size_t length = comma ? (size_t)(comma - text) : 0;
  if (!comma || length == 0 || length >= sizeof row_text) {
    usage_error("encode", "%s '%s' is not of the form R,C (row and column from 1)", option, text);
    return -1;
  }
  memcpy(row_text, text, length);
  row_text[length] = '\0';
  int64_t row, column;
  if (parse_bounded("encode", "row", row_text, 0, 1000000000, &row) ||
      parse_bounded("encode", "column", comma + 1, 0, 1000000000, &column))
    return -1;
  square->row = (int)row - 1;
  square->column = (int)column - 1;
  return 0;
}

/* Which options go together: --csp means the rows model, which has no
 * lines for at-most-one options and no OPB form; MiniZinc states the rows
 * model with global constraints, so no CNF option shapes it. Returns -1
 * when the combination is fine, else the exit code of the usage error. */
static int check_combinations(encode_request *request) {
  nq_encoding *encoding = &request->encoding;
  if (request->format == FORMAT_COL) {
    if (encoding->problem != NQ_PROBLEM_QUEENS && encoding->problem != NQ_PROBLEM_COLOUR)
      return usage_error("encode", "--format col writes the queen graph (--problem colour)");
    if (request->shuffle || request->stats || request->cnf_only_option ||
        request->matrix_only_option || request->model_given || request->csp_given ||
        request->place_count || request->block_count || request->completion || encoding->explain)
      return usage_error("encode", "--format col writes the queen graph alone: no other option "
                                   "than --problem colour:K and -o applies");
    encoding->problem = NQ_PROBLEM_QUEENS;
    encoding->bound = 0;
    return -1;
  }
  if (encoding->problem != NQ_PROBLEM_QUEENS &&
      (request->format == FORMAT_MZN || request->shuffle || request->completion))
    return usage_error("encode",
                       "--problem %s is written as DIMACS CNF or OPB only (no --format "
                       "mzn, --shuffle or --completion)",
                       nq_problem_name(encoding->problem));
  if (request->csp_given) {
    if (request->model_given && encoding->model != NQ_MODEL_ROWS)
      return usage_error("encode", "--csp applies to --model rows only");
    encoding->model = NQ_MODEL_ROWS;
  }
  if (request->format == FORMAT_MZN) {
    if (request->model_given && encoding->model != NQ_MODEL_ROWS)
      return usage_error("encode", "--format mzn writes the rows model (alldifferent), not "
                                   "--model matrix");
    if (request->csp_given || request->cnf_only_option || request->matrix_only_option)
      return usage_error("encode", "%s applies to CNF only, not to --format mzn",
                         request->csp_given         ? "--csp"
                         : request->cnf_only_option ? request->cnf_only_option
                                                    : request->matrix_only_option);
    if (request->shuffle || request->stats)
      return usage_error("encode", "%s does not apply to --format mzn",
                         request->shuffle ? "--shuffle" : "--stats");
    if (encoding->explain)
      return usage_error("encode", "--explain does not apply to --format mzn (the MiniZinc model "
                                   "is commented anyway)");
    encoding->model = NQ_MODEL_MATRIX; /* the writer states the rows model itself */
    return -1;
  }
  if (encoding->model == NQ_MODEL_ROWS && request->matrix_only_option)
    return usage_error("encode",
                       "%s applies to --model matrix only (the rows model has no "
                       "lines to encode; every --csp encoding is parsimonious)",
                       request->matrix_only_option);
  if (request->format == FORMAT_OPB) {
    if (encoding->model == NQ_MODEL_ROWS)
      return usage_error("encode", "--format opb states the matrix model directly; --model rows "
                                   "is a CNF translation (try --format mzn for the rows model)");
    if (request->shuffle)
      return usage_error("encode", "--shuffle applies to CNF only, not to --format opb");
    /* OPB states "at most one" as one constraint, so nothing shapes it. */
    if (request->cnf_only_option)
      return usage_error("encode", "%s applies to CNF only, not to --format opb",
                         request->cnf_only_option);
  }
  return -1;
}

/* Returns -1 to go on, or an exit code. */
static int encode_with_options(int argc, char **argv, encode_request *request) {
  static const struct option options[] = {
      {"amo", required_argument, NULL, OPTION_AMO},
      {"commander-group", required_argument, NULL, OPTION_COMMANDER_GROUP},
      {"bimander-groups", required_argument, NULL, OPTION_BIMANDER_GROUPS},
      {"parsimonious", no_argument, NULL, OPTION_PARSIMONIOUS},
      {"redundant", no_argument, NULL, OPTION_REDUNDANT},
      {"place", required_argument, NULL, OPTION_PLACE},
      {"block", required_argument, NULL, OPTION_BLOCK},
      {"completion", required_argument, NULL, OPTION_COMPLETION},
      {"shuffle", no_argument, NULL, OPTION_SHUFFLE},
      {"seed", required_argument, NULL, OPTION_SEED},
      {"format", required_argument, NULL, OPTION_FORMAT},
      {"explain", no_argument, NULL, OPTION_EXPLAIN},
      {"stats", optional_argument, NULL, OPTION_STATS},
      {"model", required_argument, NULL, OPTION_MODEL},
      {"csp", required_argument, NULL, OPTION_CSP},
      {"problem", required_argument, NULL, OPTION_PROBLEM},
      {"gzip-level", required_argument, NULL, OPTION_GZIP_LEVEL},
      {"output", required_argument, NULL, 'o'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  nq_encoding *encoding = &request->encoding;
  encoding->amo = NQ_AMO_PAIRWISE;
  request->seed = 1;
  request->gzip_level = 6;
  optind = 1;
  opterr = 0;
  int code;
  int64_t value;
  while ((code = getopt_long(argc, argv, ":o:h", options, NULL)) != -1) {
    switch (code) {
    case OPTION_AMO:
      if (parse_amo("encode", optarg, 0, &encoding->amo))
        return NQ_EXIT_USAGE;
      request->cnf_only_option = request->matrix_only_option = "--amo";
      break;
    case OPTION_COMMANDER_GROUP:
      request->cnf_only_option = request->matrix_only_option = "--commander-group";
      if (parse_bounded("encode", "--commander-group", optarg, 2, 1000000, &value))
        return NQ_EXIT_USAGE;
      encoding->commander_group_size = (int)value;
      break;
    case OPTION_BIMANDER_GROUPS:
      request->cnf_only_option = request->matrix_only_option = "--bimander-groups";
      if (parse_bounded("encode", "--bimander-groups", optarg, 1, 1000000, &value))
        return NQ_EXIT_USAGE;
      encoding->bimander_groups = (int)value;
      break;
    case OPTION_PARSIMONIOUS:
      encoding->parsimonious = 1;
      request->cnf_only_option = request->matrix_only_option = "--parsimonious";
      break;
    case OPTION_REDUNDANT:
      encoding->redundant = 1;
      request->matrix_only_option = "--redundant";
      break;
    case OPTION_MODEL:
      if (!strcmp(optarg, "rows"))
        encoding->model = NQ_MODEL_ROWS;
      else if (!strcmp(optarg, "matrix"))
        encoding->model = NQ_MODEL_MATRIX;
      else
        return usage_error("encode", "unknown model '%s' for --model (matrix, rows)", optarg);
      request->model_given = 1;
      break;
    case OPTION_CSP:
      if (nq_csp_from_name(optarg, &encoding->csp))
        return usage_error("encode",
                           "unknown encoding '%s' for --csp (direct, support, order, log)", optarg);
      request->csp_given = 1;
      break;
    case OPTION_PROBLEM:
      if ((code = parse_problem_option(optarg, encoding)) >= 0)
        return code;
      break;
    case OPTION_PLACE: request->place_texts[request->place_count++] = optarg; break;
    case OPTION_BLOCK: request->block_texts[request->block_count++] = optarg; break;
    case OPTION_COMPLETION:
      if (parse_bounded("encode", "--completion", optarg, 0, NQ_ENCODER_MAX_N,
                        &request->completion))
        return NQ_EXIT_USAGE;
      break;
    case OPTION_SHUFFLE: request->shuffle = 1; break;
    case OPTION_SEED:
      if (parse_bounded("encode", "--seed", optarg, 0, INT64_MAX, &value))
        return NQ_EXIT_USAGE;
      request->seed = (uint64_t)value;
      request->has_seed = 1;
      break;
    case OPTION_FORMAT:
      if (!strcmp(optarg, "opb"))
        request->format = FORMAT_OPB;
      else if (!strcmp(optarg, "mzn") || !strcmp(optarg, "minizinc"))
        request->format = FORMAT_MZN;
      else if (!strcmp(optarg, "cnf") || !strcmp(optarg, "dimacs"))
        request->format = FORMAT_CNF;
      else if (!strcmp(optarg, "col"))
        request->format = FORMAT_COL;
      else
        return usage_error("encode", "unknown format '%s' for --format (cnf, opb, mzn, col)",
                           optarg);
      break;
    case OPTION_EXPLAIN: encoding->explain = 1; break;
    case OPTION_STATS:
      if (!optarg || !strcmp(optarg, "all"))
        request->stats = STATS_ALL;
      else if (!strcmp(optarg, "counts"))
        request->stats = STATS_COUNTS;
      else
        return usage_error("encode", "unknown value '%s' for --stats (counts, or none)", optarg);
      break;
    case OPTION_GZIP_LEVEL:
      if (parse_bounded("encode", "--gzip-level", optarg, 1, 9, &value))
        return NQ_EXIT_USAGE;
      request->gzip_level = (int)value;
      break;
    case 'o': request->output_path = optarg; break;
    case 'h': print_encode_help(); return NQ_EXIT_OK;
    default: return report_bad_option("encode", code, argv);
    }
  }
  int n;
  if (parse_positional_n("encode", argc, argv, optind, 1, NQ_ENCODER_MAX_N, &n))
    return NQ_EXIT_USAGE;
  encoding->n = (int)n;
  int exit_code = check_combinations(request);
  if (exit_code >= 0)
    return exit_code;
  if (request->shuffle && encoding->explain)
    return usage_error("encode", "--explain cannot be combined with --shuffle (the comments "
                                 "would not stay next to their clauses)");

  nq_square *placed =
      calloc((size_t)request->place_count + (size_t)request->completion + 1, sizeof *placed);
  nq_square *blocked = calloc((size_t)request->block_count + 1, sizeof *blocked);
  encoding->placed = placed;
  encoding->blocked = blocked;
  if (!placed || !blocked)
    return runtime_error("encode", "out of memory");
  for (int i = 0; i < request->place_count; i++)
    if (parse_square("--place", request->place_texts[i], &placed[i]))
      return NQ_EXIT_USAGE;
  for (int i = 0; i < request->block_count; i++)
    if (parse_square("--block", request->block_texts[i], &blocked[i]))
      return NQ_EXIT_USAGE;
  encoding->placed_count = request->place_count;
  encoding->blocked_count = request->block_count;
  char why[256];
  if (nq_encoder_check(encoding, why, sizeof why) != NQ_OK)
    return usage_error("encode", "%s", why);
  if (request->completion) {
    if (request->completion > n - request->place_count)
      return usage_error("encode",
                         "--completion %" PRId64 " with %d placed queens: at most %d"
                         " more fit on a %dx%d board",
                         request->completion, request->place_count, n - request->place_count, n, n);
    int k = (int)request->completion;
    if (nq_encoder_random_queens(encoding, k, request->seed, placed + request->place_count) !=
        NQ_OK)
      return usage_error("encode",
                         "could not place %d random non-attacking queens next to the given "
                         "ones (seed %" PRIu64 "); try fewer or another --seed",
                         k, request->seed);
    encoding->placed_count += k;
    encoding->random_count = k;
    encoding->random_seed = request->seed;
  }
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status == NQ_ERR_ARGUMENT)
    return usage_error("encode", "N = %d with --%s %s needs more than 2^31-1 variables", n,
                       encoding->model == NQ_MODEL_ROWS ? "csp" : "amo",
                       encoding->model == NQ_MODEL_ROWS ? nq_csp_name(encoding->csp)
                                                        : nq_amo_name(encoding->amo));
  if (status != NQ_OK)
    return runtime_error("encode", "%s", nq_strerror(status));
  return -1;
}

static int run_request(encode_request *request, const char *command_line) {
  const nq_encoding *encoding = &request->encoding;
  nq_dimacs_provenance provenance = {command_line};
  int opb = request->format == FORMAT_OPB;
  if (request->stats) {
    /* The CNF counts are closed-form and instant; the byte count formats
     * the whole output (a minute for pairwise at N = 1000), so show the
     * counts first. */
    nq_formula_size formula;
    if (!opb && nq_encoder_measure(encoding, &formula) == NQ_OK) {
      printf("variables: %" PRId64 "\nclauses: %" PRId64 "\nliterals: %" PRId64 "\n",
             formula.variables, formula.clauses, formula.literals);
      fflush(stdout);
      if (request->stats == STATS_COUNTS)
        return ferror(stdout) ? runtime_error("encode", "cannot write to standard output")
                              : NQ_EXIT_OK;
    }
    nq_output_size size;
    nq_status status = nq_encoder_measure_output(encoding, &provenance, opb, request->shuffle,
                                                 request->seed, &size);
    if (status != NQ_OK)
      return runtime_error("encode", "%s", nq_strerror(status));
    if (opb)
      printf("variables: %" PRId64 "\nconstraints: %" PRId64 "\nliterals: %" PRId64 "\n",
             size.variables, size.clauses, size.literals);
    if (request->stats == STATS_ALL)
      printf("bytes: %" PRId64 "\n", size.bytes);
    return NQ_EXIT_OK;
  }
  char error[512];
  nq_output *output;
  /* Watch before the temporary file exists, so no signal can strand it. */
  const volatile sig_atomic_t *stop = interrupt_watch();
  if (nq_output_open(&output, request->output_path, NQ_COMPRESS_AUTO, request->gzip_level, error,
                     sizeof error) != NQ_OK)
    return runtime_error("encode", "%s", error);
  nq_output_stop_when(output, stop);
  nq_status status;
  if (request->format == FORMAT_COL)
    status = nq_encoder_write_col(encoding, &provenance, output);
  else if (request->format == FORMAT_MZN)
    status = nq_encoder_write_minizinc(encoding, &provenance, output);
  else if (opb)
    status = nq_encoder_write_opb(encoding, &provenance, output);
  else if (request->shuffle)
    status = nq_encoder_write_shuffled_dimacs(encoding, &provenance, request->seed, output);
  else
    status = nq_encoder_write_dimacs(encoding, &provenance, output);
  if (interrupt_requested()) {
    nq_output_abort(output);
    return report_interrupted("encode", "output discarded");
  }
  if (status != NQ_OK && status != NQ_ERR_IO) {
    nq_output_abort(output);
    return runtime_error("encode", "%s", nq_strerror(status));
  }
  /* An I/O error is sticky in the stream; commit reports it with the path. */
  if (nq_output_commit(output, error, sizeof error) != NQ_OK)
    return runtime_error("encode", "%s", error);
  return NQ_EXIT_OK;
}
