/* nqsat run DIR --solver NAME='COMMAND {}' ...: every solver on every
 * instance of a suite, each run its own process under limits, every answer
 * judged by the verifier, one results.csv row per finished run, a table and
 * a cactus plot at the end: harness/ does it (run.h); this file reads the
 * command line. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "formula_truth.h"
#include "nqsat/answer.h"
#include "quote.h"
#include "run.h"
#include "suite_manifest.h"

static void print_run_help(void) {
  printf("usage: nqsat run DIR --solver NAME='COMMAND {}' [--solver ...] [options]\n"
         "\n"
         "Runs every solver on every instance of the suite in DIR (the files listed\n"
         "in DIR/manifest.csv, see 'nqsat suite'). In COMMAND, {} is the instance\n"
         "file and {out} a file for solvers that write their model to a file of\n"
         "their own (MiniSat: 'minisat {} {out}'); the answer read is standard\n"
         "output (a pipe the harness drains, so '/dev/stdout' works) followed by\n"
         "that file. {proof} is a file for a DRAT proof ('cadical {} {proof}'): an\n"
         "UNSATISFIABLE answer of such a solver is then judged by its proof, with\n"
         "the verifier's own checker, as the SAT competition judges: unsat-verified,\n"
         "unsat-proof-failed (counted wrong) or unsat-no-proof; the proof's size\n"
         "and checking time go into the result's detail. Each run is its own process group with "
         "RLIMIT_CPU = the\n"
         "timeout and no core files; the harness is a child subreaper, so no\n"
         "process of the run escapes it (setsid included): at the timeout, over\n"
         "--memory, or when the solver's own process ends, every process of the\n"
         "run is killed and reaped. Wall time runs from just before the fork to\n"
         "the reap of the last process. CPU time and memory are measured one of\n"
         "two ways (--measure; results.csv's 'measure' column says which):\n"
         "  cgroup  each run in a cgroup of its own, joined before exec: CPU time\n"
         "          is the cgroup's (cpu.stat), peak memory and the --memory limit\n"
         "          the memory controller's (cgroup v2 memory.peak/memory.max, or\n"
         "          v1 max_usage_in_bytes/limit_in_bytes), the whole cgroup killed\n"
         "          at the end (cgroup.kill); needs a writable cgroup v2 hierarchy\n"
         "          with cgroup.kill (Linux 5.14+) and a memory controller\n"
         "  sample  CPU time the kernel's (wait4) for every process of the run;\n"
         "          peak memory the largest sum of resident memory over the run's\n"
         "          processes, sampled every 10 ms\n");
  printf("Every answer is judged by the verifier as 'nqsat check --instance'\n"
         "does, and the run is classified:\n"
         "  correct        a valid model, a true UNSAT claim or the right count\n"
         "  wrong-status   SAT or UNSAT claimed against the verifier's answer\n"
         "  invalid-model  a model that is not a solution or violates a clause\n"
         "  wrong-count    a model count other than the verifier's\n"
         "  wrong-exit-code exit 10 with 's UNSATISFIABLE', or 20 with 's SATISFIABLE'\n"
         "  timeout        killed at, or ran past, the timeout (wall or CPU)\n"
         "  memory         killed over --memory, or ended without an answer after\n"
         "                 using >= 90%% of it\n"
         "  crash          a signal or an exit code other than 0, 10, 20, 30\n"
         "  unknown        no answer, or UNKNOWN\n"
         "  unverified     an answer the verifier cannot judge (beyond its limits)\n"
         "A wrong answer is reported as wrong even when the run then crashed or\n"
         "timed out.\n"
         "\n"
         "One row per finished run is appended to DIR/results.csv (" RESULTS_HEADER
         ") with a single write, so an interruption loses no finished run. At the\n"
         "end: the wrong answers, each with a command reproducing it, a table per\n"
         "solver (runs, solved, wrong, timeouts, memory, crash, unknown, PAR-2: the\n"
         "mean wall time with each unsolved run counted as twice the timeout), and\n"
         "DIR/cactus.svg. On a terminal a progress bar shows runs done, left and\n"
         "wrong so far.\n"
         "\n"
         "  --solver NAME[:FORMATS]=CMD\n"
         "                     a solver (1..%d of them); NAME is letters, digits and\n"
         "                     ._+- (at most %d), CMD must contain {}; FORMATS (cnf,\n"
         "                     opb or cnf,opb; default cnf) are the files it reads:\n"
         "                     the others get a row 'skipped' saying so; 'count'\n"
         "                     declares a model counter (on CNF files): its count\n"
         "                     (competition lines 'c s exact arb int N', 's mc N',\n"
         "                     d4's 's N', sharpSAT's '# solutions') is judged\n"
         "                     against the manifest's 'count' column, else nqsat's\n"
         "                     own count within --timeout: count-correct,\n"
         "                     count-wrong or count-unverified\n"
         "  --timeout S        seconds per run, 0.1..604800 (default 60)\n"
         "  --memory SIZE      resident memory of the run's whole process tree (bytes,\n"
         "                     or K, M, G, T);\n"
         "                     default none\n"
         "  --jobs J           runs at once, 1..%d (default 1)\n"
         "  --resume           keep DIR/results.csv and skip the runs it records\n"
         "  --max-nodes K      the verifier's completion search limit (default 10^8)\n"
         "  --cactus-axis log|linear\n"
         "                     the time axis of DIR/cactus.svg (default log: from a\n"
         "                     power of ten at or below the fastest run, at least\n"
         "                     0.001 s, to the timeout; linear: from 0)\n"
         "  --measure auto|cgroup|sample\n"
         "                     how runs are measured (default auto: cgroup where the\n"
         "                     machine allows it, else sample; cgroup: fail when it\n"
         "                     does not, saying why)\n"
         "  -h, --help         show this help\n"
         "\n"
         "exit: 0 no wrong answer in results.csv; 1 a wrong answer, or an error;\n"
         "2 usage error; 130 interrupted (SIGINT, SIGTERM): the running solvers are\n"
         "killed, results.csv keeps every finished run, --resume does the rest.\n",
         RUN_MAX_SOLVERS, RUN_SOLVER_NAME_MAX, RUN_MAX_JOBS);
}

static int parse_solver(const char *text, run_request *request) {
  const char *equals = strchr(text, '=');
  if (!equals || equals == text)
    return usage_error("run", "--solver '%s' is not NAME=COMMAND", text);
  const char *colon = memchr(text, ':', (size_t)(equals - text));
  /* Undeclared: CNF, what SAT solvers read; OPB files are then skipped
   * with a row that says why. */
  int cnf = 1, opb = 0, counter = 0;
  if (colon) {
    /* A comma-separated list of cnf, opb and count (a model counter, on
     * CNF files: its count is judged). */
    cnf = 0;
    for (const char *token = colon + 1; token < equals;) {
      const char *end = memchr(token, ',', (size_t)(equals - token));
      if (!end)
        end = equals;
      size_t size = (size_t)(end - token);
      if (size == 3 && !strncmp(token, "cnf", 3))
        cnf = 1;
      else if (size == 3 && !strncmp(token, "opb", 3))
        opb = 1;
      else if (size == 5 && !strncmp(token, "count", 5))
        cnf = 1, counter = 1;
      else
        return usage_error("run",
                           "--solver '%.*s': after ':' come cnf, opb or count, separated by "
                           "commas ('%.*s' is none of them)",
                           (int)(equals - text), text, (int)size, token);
      token = end < equals ? end + 1 : end;
    }
    if (counter && opb)
      return usage_error("run", "--solver '%.*s': a counter (count) reads CNF files only",
                         (int)(equals - text), text);
    if (!cnf && !opb)
      return usage_error("run", "--solver '%.*s': no format after ':'", (int)(equals - text), text);
  }
  size_t length = (size_t)((colon ? colon : equals) - text);
  if (!length)
    return usage_error("run", "--solver '%s' has no NAME", text);
  if (length > RUN_SOLVER_NAME_MAX)
    return usage_error("run", "solver name '%.*s' is longer than %d characters", (int)length, text,
                       RUN_SOLVER_NAME_MAX);
  for (size_t i = 0; i < length; i++)
    if (!((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z') ||
          (text[i] >= '0' && text[i] <= '9') || strchr("._+-", text[i])))
      return usage_error("run", "solver name '%.*s': only letters, digits and ._+- please",
                         (int)length, text);
  if (!strstr(equals + 1, "{}"))
    return usage_error("run", "solver '%.*s': COMMAND must contain {} (the instance file)",
                       (int)length, text);
  if (request->solver_count == RUN_MAX_SOLVERS)
    return usage_error("run", "at most %d solvers", RUN_MAX_SOLVERS);
  solver_spec *spec = &request->solvers[request->solver_count];
  memcpy(spec->name, text, length);
  spec->name[length] = '\0';
  for (int i = 0; i < request->solver_count; i++)
    if (!strcmp(request->solvers[i].name, spec->name))
      return usage_error("run", "two solvers named '%s'", spec->name);
  spec->command = equals + 1;
  spec->cnf = cnf;
  spec->opb = opb;
  spec->counter = counter;
  request->solver_count++;
  return 0;
}

static int parse_seconds(const char *text, double *seconds) {
  char *end;
  errno = 0;
  double value = strtod(text, &end);
  if (!*text || *end || errno || !(value >= 0.1 && value <= 604800))
    return usage_error("run", "--timeout %s: expected seconds in 0.1..604800", text);
  *seconds = value;
  return 0;
}

enum {
  OPTION_SOLVER = 256,
  OPTION_TIMEOUT,
  OPTION_MEMORY,
  OPTION_JOBS,
  OPTION_RESUME,
  OPTION_MAX_NODES,
  OPTION_CACTUS_AXIS,
  OPTION_MEASURE
};

static int parse_run_options(int argc, char **argv, run_request *request) {
  static const struct option options[] = {
      {"solver", required_argument, NULL, OPTION_SOLVER},
      {"timeout", required_argument, NULL, OPTION_TIMEOUT},
      {"memory", required_argument, NULL, OPTION_MEMORY},
      {"jobs", required_argument, NULL, OPTION_JOBS},
      {"resume", no_argument, NULL, OPTION_RESUME},
      {"max-nodes", required_argument, NULL, OPTION_MAX_NODES},
      {"cactus-axis", required_argument, NULL, OPTION_CACTUS_AXIS},
      {"measure", required_argument, NULL, OPTION_MEASURE},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  memset(request, 0, sizeof *request);
  request->limits.timeout_seconds = 60;
  request->jobs = 1;
  request->max_nodes = RUN_DEFAULT_MAX_NODES;
  int64_t value;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case OPTION_SOLVER:
      if (parse_solver(optarg, request))
        return NQ_EXIT_USAGE;
      break;
    case OPTION_TIMEOUT:
      if (parse_seconds(optarg, &request->limits.timeout_seconds))
        return NQ_EXIT_USAGE;
      break;
    case OPTION_MEMORY:
      if (parse_size_option("run", "--memory", optarg, &request->limits.memory_bytes))
        return NQ_EXIT_USAGE;
      break;
    case OPTION_JOBS:
      if (parse_bounded("run", "--jobs", optarg, 1, RUN_MAX_JOBS, &value))
        return NQ_EXIT_USAGE;
      request->jobs = (int)value;
      break;
    case OPTION_RESUME: request->resume = 1; break;
    case OPTION_MAX_NODES:
      if (parse_bounded("run", "--max-nodes", optarg, 1, 1000000000000000, &value))
        return NQ_EXIT_USAGE;
      request->max_nodes = (uint64_t)value;
      break;
    case OPTION_CACTUS_AXIS:
      if (!strcmp(optarg, "log"))
        request->cactus_axis = RUN_CACTUS_AXIS_LOG;
      else if (!strcmp(optarg, "linear"))
        request->cactus_axis = RUN_CACTUS_AXIS_LINEAR;
      else
        return usage_error("run", "unknown --cactus-axis '%s': use log or linear", optarg);
      break;
    case OPTION_MEASURE:
      if (!strcmp(optarg, "auto"))
        request->measure = RUN_MEASURE_AUTO;
      else if (!strcmp(optarg, "cgroup"))
        request->measure = RUN_MEASURE_CGROUP;
      else if (!strcmp(optarg, "sample"))
        request->measure = RUN_MEASURE_SAMPLE;
      else
        return usage_error("run", "unknown --measure '%s': use auto, cgroup or sample", optarg);
      break;
    case 'h': print_run_help(); return NQ_EXIT_OK;
    default: return report_bad_option("run", code, argv);
    }
  }
  if (optind == argc)
    return usage_error("run", "missing DIR");
  if (argc - optind > 1)
    return usage_error("run", "unexpected argument '%s'", argv[optind + 1]);
  if (!request->solver_count)
    return usage_error("run", "no --solver given");
  request->directory = argv[optind];
  return -1;
}

/* A counting suite's formula without a count in its manifest: nqsat's
 * own count, as `check --instance` makes it (formula_truth.h), on one
 * thread so that the runs beside it keep their processors. */
static void count_formula(const char *path, double seconds, const volatile sig_atomic_t *stop,
                          nq_instance_truth *truth) {
  formula_truth formula = {
      .path = path, .control = {.interrupt = stop, .time_limit_seconds = seconds, .threads = 1}};
  *truth = *formula_truth_source(&formula); /* the digits are the caller's now */
}

int cmd_run(int argc, char **argv) {
  run_request request;
  int code = parse_run_options(argc, argv, &request);
  if (code != -1)
    return code;
  request.count_formula = count_formula;
  return harness_run(&request);
}
