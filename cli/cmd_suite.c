/* nqsat suite DIR: a family of instances with ground truth.
 *
 * Every instance is written by running `nqsat encode` in-process with the
 * very argument list the manifest records (so the command remakes the file
 * byte for byte), then read back by the verifier: its header, its GBD hash,
 * and its ground truth (status, models, symmetry classes) from the native
 * counters and the OEIS table. PicoSAT is never asked. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "nqsat/encoder.h"
#include "nqsat/instance.h"
#include "suite_manifest.h"

enum { MAX_LIST = 64, SUITE_MAX_N = 1000 };
static const uint64_t DEFAULT_MAX_NODES = 100000000;
static const int64_t DEFAULT_MAX_CLAUSES = 1000000;

typedef struct suite_request {
  const char *directory;
  int sizes[MAX_LIST], size_count;
  nq_amo encodings[NQ_AMO_COUNT];
  int encoding_count;
  int cnf, opb, shuffle, gzip, parsimonious, force;
  int completion_sizes[MAX_LIST], completion_size_count;
  int completions; /* per size */
  int unsat_percent;
  int queens_percent; /* 0: adaptive */
  nq_amo completion_encoding;
  uint64_t seed, max_nodes;
  int64_t max_clauses;
} suite_request;

static void print_suite_help(void) {
  printf("usage: nqsat suite DIR [options]\n"
         "\n"
         "Writes a family of N-Queens instances into DIR (created if missing) and\n"
         "DIR/manifest.csv and DIR/manifest.json: one row per instance with file,\n"
         "hash (the Global Benchmark Database's instance hash), n, format, encoding,\n"
         "options, command (the 'nqsat encode' line that remakes the file, run in\n"
         "DIR), variables, clauses, status (SAT, UNSAT or unknown), models (boards,\n"
         "i.e. models projected on the queen variables, or 'unknown') and unique\n"
         "(symmetry classes; empty where a placed queen breaks the symmetry). The\n"
         "ground truth comes from the verifier (native counters, OEIS table, the\n"
         "completion search), never from a SAT solver; a count the verifier cannot\n"
         "establish within --max-nodes is written as 'unknown'.\n"
         "\n"
         "Without instance options, the default suite (easy to hard for today's\n"
         "solvers, written in well under a minute):\n"
         "  --sizes 8,16,32,64,128 --encodings all --formats cnf,opb --shuffle\n"
         "  --completion-sizes 20,30,40,50 --completions 4 --unsat-share 50\n"
         "\n"
         "  --sizes LIST             board sizes of plain instances (1..%d; '8,16'\n"
         "                           or '8..12')\n"
         "  --encodings LIST         at-most-one encodings of CNF instances, or 'all'\n"
         "                           (default pairwise,seq)\n"
         "  --formats LIST           cnf, opb or cnf,opb (default cnf)\n"
         "  --shuffle                also a shuffled copy of every CNF instance\n"
         "  --parsimonious           CNF models are the boards themselves\n"
         "  --completion-sizes LIST  board sizes of completion instances (1..%d)\n"
         "  --completions K          completion instances per size, 0..1000 (default 4)\n"
         "  --unsat-share P          target percentage of unsatisfiable completion\n"
         "                           instances, 0..100 (default 50)\n"
         "  --queens PERCENT         placed queens as a percentage of N, 1..100\n"
         "                           (default: adaptive, near the SAT/UNSAT transition)\n"
         "  --completion-encoding E  encoding of CNF completion instances (default seq)\n"
         "  --seed S                 first seed (default 1); seeds of completion\n"
         "                           candidates count up from it\n"
         "  --gzip                   write CNF as .cnf.gz\n"
         "  --max-clauses C          skip instances with more clauses, 1..10^10\n"
         "                           (default 1000000)\n"
         "  --max-nodes K            the verifier's search limit per instance,\n"
         "                           1..10^15 (default 10^8 queens placed)\n"
         "  --force                  write into a DIR that already holds a manifest\n"
         "  -h, --help               show this help\n"
         "\n"
         "exit: 0 written; 1 an I/O error; 2 usage error; 130 interrupted (SIGINT or\n"
         "SIGTERM: files written so far stay, no manifest is written).\n",
         SUITE_MAX_N, NQ_VERIFY_COMPLETION_MAX_N);
}

/* "8,16,32" or "8..12" (or a mix: "8..10,16") into values within min..max. */
static int parse_size_list(const char *option, const char *text, int min, int max, int *values,
                           int *count) {
  char copy[512];
  if (strlen(text) >= sizeof copy || !*text)
    return usage_error("suite", "%s '%s' is not a list of sizes", option, text), -1;
  strcpy(copy, text);
  *count = 0;
  for (char *item = strtok(copy, ","); item; item = strtok(NULL, ",")) {
    int first, last;
    if (parse_range("suite", item, min, max, &first, &last))
      return -1;
    for (int n = first; n <= last; n++) {
      if (*count == MAX_LIST)
        return usage_error("suite", "%s: at most %d sizes", option, MAX_LIST), -1;
      values[(*count)++] = n;
    }
  }
  return 0;
}

static int parse_encoding_list(const char *text, suite_request *request) {
  request->encoding_count = 0;
  if (!strcmp(text, "all")) {
    for (int e = 0; e < NQ_AMO_COUNT; e++)
      request->encodings[request->encoding_count++] = (nq_amo)e;
    return 0;
  }
  char copy[256];
  if (strlen(text) >= sizeof copy || !*text)
    return usage_error("suite", "--encodings '%s' is not a list of encodings", text), -1;
  strcpy(copy, text);
  for (char *item = strtok(copy, ","); item; item = strtok(NULL, ",")) {
    nq_amo amo;
    if (parse_amo_option("suite", "--encodings", item, 1, &amo))
      return -1;
    for (int i = 0; i < request->encoding_count; i++)
      if (request->encodings[i] == amo)
        return usage_error("suite", "--encodings names '%s' twice", item), -1;
    request->encodings[request->encoding_count++] = amo;
  }
  return 0;
}

static int parse_format_list(const char *text, suite_request *request) {
  request->cnf = request->opb = 0;
  char copy[64];
  if (strlen(text) >= sizeof copy || !*text)
    return usage_error("suite", "--formats '%s' is not cnf, opb or cnf,opb", text), -1;
  strcpy(copy, text);
  for (char *item = strtok(copy, ","); item; item = strtok(NULL, ",")) {
    if (!strcmp(item, "cnf"))
      request->cnf = 1;
    else if (!strcmp(item, "opb"))
      request->opb = 1;
    else
      return usage_error("suite", "unknown format '%s' in --formats (cnf, opb)", item), -1;
  }
  return 0;
}

enum {
  OPTION_SIZES = 256,
  OPTION_ENCODINGS,
  OPTION_FORMATS,
  OPTION_SHUFFLE,
  OPTION_PARSIMONIOUS,
  OPTION_COMPLETION_SIZES,
  OPTION_COMPLETIONS,
  OPTION_UNSAT_SHARE,
  OPTION_QUEENS,
  OPTION_COMPLETION_ENCODING,
  OPTION_SEED,
  OPTION_GZIP,
  OPTION_MAX_CLAUSES,
  OPTION_MAX_NODES,
  OPTION_FORCE
};

/* Returns -1 to go on, or an exit code. */
static int parse_suite_options(int argc, char **argv, suite_request *request) {
  static const struct option options[] = {
      {"sizes", required_argument, NULL, OPTION_SIZES},
      {"encodings", required_argument, NULL, OPTION_ENCODINGS},
      {"formats", required_argument, NULL, OPTION_FORMATS},
      {"shuffle", no_argument, NULL, OPTION_SHUFFLE},
      {"parsimonious", no_argument, NULL, OPTION_PARSIMONIOUS},
      {"completion-sizes", required_argument, NULL, OPTION_COMPLETION_SIZES},
      {"completions", required_argument, NULL, OPTION_COMPLETIONS},
      {"unsat-share", required_argument, NULL, OPTION_UNSAT_SHARE},
      {"queens", required_argument, NULL, OPTION_QUEENS},
      {"completion-encoding", required_argument, NULL, OPTION_COMPLETION_ENCODING},
      {"seed", required_argument, NULL, OPTION_SEED},
      {"gzip", no_argument, NULL, OPTION_GZIP},
      {"max-clauses", required_argument, NULL, OPTION_MAX_CLAUSES},
      {"max-nodes", required_argument, NULL, OPTION_MAX_NODES},
      {"force", no_argument, NULL, OPTION_FORCE},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  memset(request, 0, sizeof *request);
  request->encodings[0] = NQ_AMO_PAIRWISE;
  request->encodings[1] = NQ_AMO_SEQUENTIAL;
  request->encoding_count = 2;
  request->cnf = 1;
  request->completions = 4;
  request->unsat_percent = 50;
  request->completion_encoding = NQ_AMO_SEQUENTIAL;
  request->seed = 1;
  request->max_nodes = DEFAULT_MAX_NODES;
  request->max_clauses = DEFAULT_MAX_CLAUSES;
  int instance_options = 0, completions_given = 0;
  int64_t value;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case OPTION_SIZES:
      if (parse_size_list("--sizes", optarg, 1, SUITE_MAX_N, request->sizes, &request->size_count))
        return NQ_EXIT_USAGE;
      instance_options = 1;
      break;
    case OPTION_ENCODINGS:
      if (parse_encoding_list(optarg, request))
        return NQ_EXIT_USAGE;
      instance_options = 1;
      break;
    case OPTION_FORMATS:
      if (parse_format_list(optarg, request))
        return NQ_EXIT_USAGE;
      instance_options = 1;
      break;
    case OPTION_SHUFFLE: request->shuffle = instance_options = 1; break;
    case OPTION_PARSIMONIOUS: request->parsimonious = instance_options = 1; break;
    case OPTION_COMPLETION_SIZES:
      if (parse_size_list("--completion-sizes", optarg, 1, NQ_VERIFY_COMPLETION_MAX_N,
                          request->completion_sizes, &request->completion_size_count))
        return NQ_EXIT_USAGE;
      instance_options = 1;
      break;
    case OPTION_COMPLETIONS:
      if (parse_bounded("suite", "--completions", optarg, 0, 1000, &value))
        return NQ_EXIT_USAGE;
      request->completions = (int)value;
      completions_given = 1;
      break;
    case OPTION_UNSAT_SHARE:
      if (parse_bounded("suite", "--unsat-share", optarg, 0, 100, &value))
        return NQ_EXIT_USAGE;
      request->unsat_percent = (int)value;
      break;
    case OPTION_QUEENS:
      if (parse_bounded("suite", "--queens", optarg, 1, 100, &value))
        return NQ_EXIT_USAGE;
      request->queens_percent = (int)value;
      break;
    case OPTION_COMPLETION_ENCODING:
      if (parse_amo_option("suite", "--completion-encoding", optarg, 0, &request->completion_encoding))
        return NQ_EXIT_USAGE;
      break;
    case OPTION_SEED:
      if (parse_bounded("suite", "--seed", optarg, 0, INT64_MAX / 2, &value))
        return NQ_EXIT_USAGE;
      request->seed = (uint64_t)value;
      break;
    case OPTION_GZIP: request->gzip = 1; break;
    case OPTION_MAX_CLAUSES:
      if (parse_bounded("suite", "--max-clauses", optarg, 1, 10000000000, &value))
        return NQ_EXIT_USAGE;
      request->max_clauses = value;
      break;
    case OPTION_MAX_NODES:
      if (parse_bounded("suite", "--max-nodes", optarg, 1, 1000000000000000, &value))
        return NQ_EXIT_USAGE;
      request->max_nodes = (uint64_t)value;
      break;
    case OPTION_FORCE: request->force = 1; break;
    case 'h': print_suite_help(); return NQ_EXIT_OK;
    default: return report_bad_option("suite", code, argv);
    }
  }
  if (optind == argc)
    return usage_error("suite", "missing DIR");
  if (argc - optind > 1)
    return usage_error("suite", "unexpected argument '%s'", argv[optind + 1]);
  request->directory = argv[optind];
  if (!instance_options) {
    static const int default_sizes[] = {8, 16, 32, 64, 128};
    static const int default_completion_sizes[] = {20, 30, 40, 50};
    request->size_count = 5;
    memcpy(request->sizes, default_sizes, sizeof default_sizes);
    request->encoding_count = 0;
    for (int e = 0; e < NQ_AMO_COUNT; e++)
      request->encodings[request->encoding_count++] = (nq_amo)e;
    request->cnf = request->opb = request->shuffle = 1;
    request->completion_size_count = 4;
    memcpy(request->completion_sizes, default_completion_sizes, sizeof default_completion_sizes);
  }
  if (completions_given && !request->completion_size_count)
    return usage_error("suite", "--completions needs --completion-sizes");
  if (request->parsimonious && !request->cnf)
    return usage_error("suite", "--parsimonious applies to CNF instances only");
  if (!request->size_count && !(request->completion_size_count && request->completions))
    return usage_error("suite", "no instances asked for (give --sizes or --completion-sizes)");
  return -1;
}

/* ---- Writing one instance ---------------------------------------------------- */

typedef struct suite_run {
  const suite_request *request;
  manifest_rows rows;
  const volatile sig_atomic_t *stop;
  int written, skipped, unknown;
  int show_progress;
  double started;
  nq_instance *cached_board; /* the key of cached_truth (squares only) */
  nq_instance_truth cached_truth;
} suite_run;

static double now_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* What one instance is: the encode arguments after "encode N". */
typedef struct instance_plan {
  int n;
  int opb, shuffle;
  nq_amo amo;
  int completion; /* random queens, 0 for plain */
  uint64_t seed;
  char file[128];
} instance_plan;

static void plan_file_name(const suite_request *request, instance_plan *plan) {
  char base[96];
  if (plan->completion)
    snprintf(base, sizeof base, "c%d-k%d-s%" PRIu64, plan->n, plan->completion, plan->seed);
  else
    snprintf(base, sizeof base, "q%d", plan->n);
  if (plan->opb) {
    snprintf(plan->file, sizeof plan->file, "%s.opb", base);
    return;
  }
  char shuffled[32] = "";
  if (plan->shuffle)
    snprintf(shuffled, sizeof shuffled, "-shuffled-s%" PRIu64, plan->seed);
  snprintf(plan->file, sizeof plan->file, "%s-%s%s%s.cnf%s", base, nq_amo_name(plan->amo),
           request->parsimonious ? "-parsimonious" : "", shuffled, request->gzip ? ".gz" : "");
}

/* The encode arguments; returns the count. Strings live in `storage`. */
static int plan_arguments(const suite_request *request, const instance_plan *plan, char **argv,
                          char storage[4][32]) {
  int argc = 0;
  argv[argc++] = "encode";
  snprintf(storage[0], 32, "%d", plan->n);
  argv[argc++] = storage[0];
  if (plan->opb) {
    argv[argc++] = "--format";
    argv[argc++] = "opb";
  } else {
    argv[argc++] = "--amo";
    argv[argc++] = (char *)nq_amo_name(plan->amo);
    if (request->parsimonious)
      argv[argc++] = "--parsimonious";
  }
  if (plan->completion) {
    snprintf(storage[1], 32, "%d", plan->completion);
    argv[argc++] = "--completion";
    argv[argc++] = storage[1];
  }
  if (plan->shuffle)
    argv[argc++] = "--shuffle";
  if (plan->completion || plan->shuffle) {
    snprintf(storage[2], 32, "%" PRIu64, plan->seed);
    argv[argc++] = "--seed";
    argv[argc++] = storage[2];
  }
  argv[argc++] = "-o";
  argv[argc++] = (char *)plan->file;
  argv[argc] = NULL;
  return argc;
}

/* The CNF, shuffled CNF and OPB files of one board are written one after
 * another: the last truth is kept, keyed by what the verifier read from the
 * file (N, placed and blocked squares), and reused when the key is the
 * same, so a completion board is searched once, not three times. */
static int same_board(const nq_instance *a, const nq_instance *b) {
  return a->n == b->n && a->placed_count == b->placed_count &&
         a->blocked_count == b->blocked_count &&
         (!a->placed_count ||
          !memcmp(a->placed, b->placed, (size_t)a->placed_count * sizeof *a->placed)) &&
         (!a->blocked_count ||
          !memcmp(a->blocked, b->blocked, (size_t)a->blocked_count * sizeof *a->blocked));
}

static nq_status truth_for(suite_run *run, nq_instance *instance, nq_instance_truth *truth) {
  if (run->cached_board && same_board(run->cached_board, instance)) {
    *truth = run->cached_truth;
    truth->witness = malloc((size_t)instance->n * sizeof *truth->witness);
    if (!truth->witness)
      return NQ_ERR_MEMORY;
    memcpy(truth->witness, run->cached_truth.witness, (size_t)instance->n * sizeof(int));
    return NQ_OK;
  }
  nq_status status = nq_instance_compute_truth(instance, run->request->max_nodes, run->stop, truth);
  if (status != NQ_OK)
    return status;
  nq_instance_free(run->cached_board);
  nq_instance_truth_clear(&run->cached_truth);
  run->cached_board = NULL;
  nq_instance_truth copy = *truth;
  copy.witness = malloc((size_t)instance->n * sizeof *copy.witness);
  nq_instance *key = calloc(1, sizeof *key);
  if (key) {
    key->n = instance->n;
    key->placed_count = instance->placed_count;
    key->blocked_count = instance->blocked_count;
    key->placed = malloc((size_t)instance->placed_count * sizeof *key->placed + 1);
    key->blocked = malloc((size_t)instance->blocked_count * sizeof *key->blocked + 1);
  }
  if (!copy.witness || !key || !key->placed || !key->blocked) {
    free(copy.witness);
    nq_instance_free(key);
    return NQ_OK; /* no cache this time */
  }
  if (instance->placed_count)
    memcpy(key->placed, instance->placed, (size_t)instance->placed_count * sizeof *key->placed);
  if (instance->blocked_count)
    memcpy(key->blocked, instance->blocked, (size_t)instance->blocked_count * sizeof *key->blocked);
  memcpy(copy.witness, truth->witness, (size_t)instance->n * sizeof *copy.witness);
  run->cached_board = key;
  run->cached_truth = copy;
  return NQ_OK;
}

static void show_suite_progress(suite_run *run, const char *file) {
  if (!run->show_progress)
    return;
  fprintf(stderr, "\r\033[Ksuite: %d written, %.1f s: %s", run->written,
          now_seconds() - run->started, file);
  fflush(stderr);
}

/* Writes the instance, reads it back with the verifier and adds its row.
 * Returns 0, or an exit code. */
static int write_instance(suite_run *run, const instance_plan *plan, int64_t clauses_hint) {
  const suite_request *request = run->request;
  if (clauses_hint > request->max_clauses) {
    run->skipped++;
    return 0;
  }
  char *argv[24], storage[4][32];
  int argc = plan_arguments(request, plan, argv, storage);
  show_suite_progress(run, plan->file);
  /* Before cmd_encode, whose getopt_long reorders argv. */
  char *command = join_command_line(argc, argv);
  if (!command)
    return runtime_error("suite", "out of memory");
  int code = cmd_encode(argc, argv);
  if (code != NQ_EXIT_OK)
    free(command);
  if (code == NQ_EXIT_INTERRUPTED || interrupt_requested())
    return NQ_EXIT_INTERRUPTED;
  if (code != NQ_EXIT_OK)
    return runtime_error("suite", "writing %s/%s failed", request->directory, plan->file);
  manifest_row row;
  memset(&row, 0, sizeof row);
  char error[600];
  nq_instance *instance;
  if (nq_instance_read(plan->file, &instance, error, sizeof error) != NQ_OK) {
    free(command);
    return runtime_error("suite", "reading back %s/%s: %s", request->directory, plan->file, error);
  }
  nq_status status = nq_instance_gbd_hash(plan->file, run->stop, row.hash, error, sizeof error);
  if (status == NQ_OK && (!instance->command || strcmp(instance->command, command))) {
    snprintf(error, sizeof error, "the file's 'c command:' line is not the command that wrote it");
    status = NQ_ERR_PARSE;
  }
  nq_instance_truth truth;
  memset(&truth, 0, sizeof truth);
  if (status == NQ_OK)
    status = truth_for(run, instance, &truth);
  if (status == NQ_ERR_INTERRUPTED || interrupt_requested()) {
    free(command);
    nq_instance_truth_clear(&truth);
    nq_instance_free(instance);
    return NQ_EXIT_INTERRUPTED;
  }
  if (status != NQ_OK) {
    free(command);
    nq_instance_truth_clear(&truth);
    nq_instance_free(instance);
    return runtime_error("suite", "%s/%s: %s", request->directory, plan->file,
                         status == NQ_ERR_PARSE || status == NQ_ERR_IO ? error
                                                                       : nq_strerror(status));
  }
  snprintf(row.file, sizeof row.file, "%s", plan->file);
  row.n = plan->n;
  row.opb = plan->opb;
  snprintf(row.encoding, sizeof row.encoding, "%s", plan->opb ? "pb" : nq_amo_name(plan->amo));
  /* options: what follows "nqsat encode N" up to "-o FILE", without the
   * format and encoding, which have columns of their own. */
  char options[256] = "";
  if (request->parsimonious && !plan->opb)
    strcat(options, "--parsimonious ");
  if (plan->completion)
    snprintf(options + strlen(options), sizeof options - strlen(options), "--completion %d ",
             plan->completion);
  if (plan->shuffle)
    strcat(options, "--shuffle ");
  if (plan->completion || plan->shuffle)
    snprintf(options + strlen(options), sizeof options - strlen(options), "--seed %" PRIu64,
             plan->seed);
  size_t length = strlen(options);
  while (length && options[length - 1] == ' ')
    options[--length] = '\0';
  row.options = strdup(options);
  row.command = command;
  row.variables = instance->variables;
  row.clauses = instance->clauses;
  row.status = truth.status;
  row.models_known = truth.models_exact;
  row.models = truth.models;
  row.unique_defined = !instance->placed_count && !instance->blocked_count;
  row.unique_known = truth.unique_known;
  row.unique = truth.unique;
  run->unknown += !truth.status || !truth.models_exact;
  nq_instance_truth_clear(&truth);
  nq_instance_free(instance);
  if (!row.options || !row.command || manifest_rows_add(&run->rows, &row)) {
    free(row.options);
    free(row.command);
    return runtime_error("suite", "out of memory");
  }
  run->written++;
  return 0;
}

static int64_t clauses_of(const suite_request *request, const instance_plan *plan) {
  if (plan->opb)
    return 0; /* OPB has a few constraints per line: never too big here */
  nq_encoding encoding;
  memset(&encoding, 0, sizeof encoding);
  encoding.n = plan->n;
  encoding.amo = plan->amo;
  encoding.parsimonious = request->parsimonious;
  nq_formula_size size;
  return nq_encoder_measure(&encoding, &size) == NQ_OK ? size.clauses : INT64_MAX;
}

/* The files of one board: CNF in `amo` (and its shuffled copy) when CNF
 * is asked for, and OPB when `with_opb`. */
static int write_board_files(suite_run *run, instance_plan *plan, nq_amo amo, int with_opb) {
  const suite_request *request = run->request;
  for (int shuffled = 0; request->cnf && shuffled <= request->shuffle; shuffled++) {
    plan->amo = amo;
    plan->shuffle = shuffled;
    plan->opb = 0;
    plan_file_name(request, plan);
    int code = write_instance(run, plan, clauses_of(request, plan));
    if (code)
      return code;
  }
  if (!with_opb)
    return 0;
  plan->opb = 1;
  plan->shuffle = 0;
  plan_file_name(request, plan);
  return write_instance(run, plan, 0);
}

/* Plain instances: every size, every encoding, shuffled copies, OPB. */
static int write_plain(suite_run *run) {
  const suite_request *request = run->request;
  for (int s = 0; s < request->size_count; s++) {
    instance_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.n = request->sizes[s];
    plan.seed = request->seed;
    /* CNF per encoding; OPB (which has none) once, with the last. */
    for (int e = 0; e < request->encoding_count; e++) {
      int code = write_board_files(run, &plan, request->encodings[e],
                                   request->opb && e + 1 == request->encoding_count);
      if (code)
        return code;
    }
  }
  return 0;
}

/* Completion instances. Candidates (N, K random queens, seed) are decided
 * by the verifier before anything is written; a candidate is kept while
 * its answer's quota (SAT or UNSAT) has room. Without --queens, K starts
 * at N/2 and moves one step towards the answer still missing each time a
 * candidate is refused: it settles where both answers are common, which is
 * where random completion instances are hardest (Gent, Jefferson and
 * Nightingale, JAIR 59, 2017). */
static int write_completions(suite_run *run) {
  const suite_request *request = run->request;
  uint64_t seed = request->seed;
  for (int s = 0; s < request->completion_size_count; s++) {
    int n = request->completion_sizes[s];
    int want_unsat = (request->completions * request->unsat_percent + 50) / 100;
    int want_sat = request->completions - want_unsat;
    int k = request->queens_percent ? (n * request->queens_percent + 50) / 100 : n / 2;
    if (k < 1)
      k = 1;
    int attempts = 0, undecided = 0;
    while ((want_sat > 0 || want_unsat > 0) && attempts < 50 * request->completions + 50) {
      attempts++;
      if (interrupt_requested())
        return NQ_EXIT_INTERRUPTED;
      nq_encoding encoding;
      memset(&encoding, 0, sizeof encoding);
      encoding.n = n;
      nq_square chosen[NQ_VERIFY_COMPLETION_MAX_N];
      uint64_t candidate_seed = seed++;
      if (k > n || nq_encoder_random_queens(&encoding, k, candidate_seed, chosen) != NQ_OK) {
        if (!request->queens_percent && k > 1)
          k--;
        continue;
      }
      nq_verify_square placed[NQ_VERIFY_COMPLETION_MAX_N];
      for (int i = 0; i < k; i++)
        placed[i] = (nq_verify_square){chosen[i].row, chosen[i].column};
      nq_completion_problem problem = {n, placed, k, NULL, 0, request->max_nodes, 1, run->stop};
      nq_completion_result result;
      if (nq_verify_count_completions(&problem, NULL, &result) == NQ_ERR_INTERRUPTED)
        return NQ_EXIT_INTERRUPTED;
      if (!result.decided) {
        undecided++;
        continue;
      }
      int satisfiable = result.satisfiable;
      int wanted = satisfiable ? want_sat > 0 : want_unsat > 0;
      if (!request->queens_percent && !wanted) {
        /* Move K towards the answer still missing. */
        if (satisfiable && k < n)
          k++;
        else if (!satisfiable && k > 1)
          k--;
      }
      if (!wanted)
        continue;
      if (satisfiable)
        want_sat--;
      else
        want_unsat--;
      instance_plan plan;
      memset(&plan, 0, sizeof plan);
      plan.n = n;
      plan.completion = k;
      plan.seed = candidate_seed;
      int code = write_board_files(run, &plan, request->completion_encoding, request->opb);
      if (code)
        return code;
    }
    if (want_sat > 0 || want_unsat > 0)
      fprintf(stderr,
              "nqsat suite: N = %d: found %d satisfiable and %d unsatisfiable completion "
              "instances fewer than asked (%d candidates tried, %d undecided within "
              "--max-nodes)\n",
              n, want_sat, want_unsat, attempts, undecided);
  }
  return 0;
}

/* DIR exists (or is made) and holds no manifest unless --force. */
static int prepare_directory(const suite_request *request) {
  if (mkdir(request->directory, 0777) != 0 && errno != EEXIST)
    return runtime_error("suite", "cannot create %s: %s", request->directory, strerror(errno));
  struct stat info;
  if (stat(request->directory, &info) != 0 || !S_ISDIR(info.st_mode))
    return runtime_error("suite", "%s is not a directory", request->directory);
  if (chdir(request->directory) != 0)
    return runtime_error("suite", "cannot enter %s: %s", request->directory, strerror(errno));
  if (!request->force && (access("manifest.csv", F_OK) == 0 || access("manifest.json", F_OK) == 0))
    return runtime_error("suite", "%s already holds a manifest; remove it or give --force",
                         request->directory);
  return 0;
}

int cmd_suite(int argc, char **argv) {
  suite_request request;
  int code = parse_suite_options(argc, argv, &request);
  if (code != -1)
    return code;
  int original_directory = open(".", O_RDONLY | O_DIRECTORY);
  code = prepare_directory(&request);
  if (code) {
    if (original_directory >= 0)
      close(original_directory);
    return code;
  }
  suite_run run;
  memset(&run, 0, sizeof run);
  run.request = &request;
  run.stop = interrupt_watch();
  run.show_progress = isatty(STDERR_FILENO);
  run.started = now_seconds();
  code = write_plain(&run);
  if (!code && request.completions)
    code = write_completions(&run);
  if (run.show_progress)
    fprintf(stderr, "\r\033[K");
  if (!code) {
    char error[600];
    if (manifest_write(&run.rows, "manifest.csv", "manifest.json", error, sizeof error))
      code = runtime_error("suite", "%s/%s", request.directory, error);
  }
  manifest_rows_free(&run.rows);
  nq_instance_free(run.cached_board);
  nq_instance_truth_clear(&run.cached_truth);
  if (original_directory >= 0) {
    if (fchdir(original_directory) != 0)
      code = code ? code : runtime_error("suite", "cannot return to the working directory");
    close(original_directory);
  }
  if (code == NQ_EXIT_INTERRUPTED) {
    char what[200];
    snprintf(what, sizeof what, "%d instance%s written to %s, no manifest", run.written,
             run.written == 1 ? "" : "s", request.directory);
    return report_interrupted("suite", what);
  }
  if (code)
    return code;
  fprintf(stderr,
          "nqsat suite: %d instances in %s (%d with an unknown status or count, %d skipped "
          "over --max-clauses), manifest.csv and manifest.json; %.1f s\n",
          run.written, request.directory, run.unknown, run.skipped, now_seconds() - run.started);
  return NQ_EXIT_OK;
}
