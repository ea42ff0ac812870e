/* nqsat suite DIR: a family of instances with ground truth.
 *
 * harness/suite_build.c builds the suite; this file reads the command line.
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
#include "quote.h"
#include "suite.h"

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
         "  --families               also the chessboard families (docs/encoder.md):\n"
         "                           toroidal, super-queens (counts), colouring and\n"
         "                           domination at the optimum K and K - 1\n"
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
      if (*count == SUITE_MAX_LIST)
        return usage_error("suite", "%s: at most %d sizes", option, SUITE_MAX_LIST), -1;
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
  OPTION_FORCE,
  OPTION_FAMILIES
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
      {"families", no_argument, NULL, OPTION_FAMILIES},
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
  request->max_nodes = SUITE_DEFAULT_MAX_NODES;
  request->max_clauses = SUITE_DEFAULT_MAX_CLAUSES;
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
      if (parse_amo_option("suite", "--completion-encoding", optarg, 0,
                           &request->completion_encoding))
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
    case OPTION_FAMILIES: request->families = instance_options = 1; break;
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
  if (!request->size_count && !(request->completion_size_count && request->completions) &&
      !request->families)
    return usage_error("suite", "no instances asked for (give --sizes or --completion-sizes)");
  return -1;
}

int cmd_suite(int argc, char **argv) {
  suite_request request;
  int code = parse_suite_options(argc, argv, &request);
  if (code != -1)
    return code;
  request.encode_command = cmd_encode;
  return suite_build(&request);
}
