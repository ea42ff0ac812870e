/* nqsat: git-style front end. Each subcommand lives in its own cmd_*.c. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const command commands[] = {
    {"encode", cmd_encode, "write N-Queens as DIMACS CNF, OPB or MiniZinc"},
    {"solve", cmd_solve, "solve, enumerate or count N-Queens or a DIMACS file"},
    {"count", cmd_count, "count N-Queens solutions without SAT, in parts or over MPI"},
    {"verify", cmd_verify, "cross-check SAT solutions against the native solver and OEIS"},
    {"check", cmd_check, "check solutions another solver found (vectors, v lines, MiniSat)"},
    {"trace", cmd_trace, "show the backtracking search step by step (teaching)"},
    {"show", cmd_show, "draw solutions as boards, chess squares or SVG"},
    {"teach", cmd_teach, "write an HTML page a class can step through (search, models)"},
    {"suite", cmd_suite, "write a benchmark family with ground truth and a manifest"},
    {"run", cmd_run, "run solvers on a suite, check every answer, tabulate and plot"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static void print_help(FILE *out) {
  fprintf(out, "usage: nqsat <command> [arguments]\n"
               "\n"
               "N-Queens to SAT and back: encode as CNF, solve with PicoSAT or nqsat's\n"
               "own engines, and verify every answer with an independent verifier.\n"
               "\n"
               "commands:\n");
  for (int i = 0; i < COMMAND_COUNT; i++)
    fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
  fprintf(out, "\n"
               "options:\n"
               "  -h, --help  show this help (also 'nqsat help')\n"
               "  --version   print the version\n"
               "\n"
               "'nqsat <command> --help' describes a command; 'man nqsat-<command>' too.\n"
               "exit codes: 0 success, 1 failure or disagreement, 2 usage error\n"
               "            (DIMACS solving: 10 satisfiable, 20 unsatisfiable)\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    print_help(stderr);
    return NQ_EXIT_USAGE;
  }
  /* Past a file-size limit, let write() fail with EFBIG so the output is
   * cleaned up and reported, instead of the process dying mid-file. */
  signal(SIGXFSZ, SIG_IGN);
  const char *name = argv[1];
  if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
    print_help(stdout);
    return NQ_EXIT_OK;
  }
  if (!strcmp(name, "--version")) {
    printf("nqsat %s\n", NQSAT_VERSION);
    return NQ_EXIT_OK;
  }
  for (int i = 0; i < COMMAND_COUNT; i++)
    if (!strcmp(name, commands[i].name))
      return commands[i].run(argc - 1, argv + 1);
  return usage_error(NULL, "unknown command '%s'", name);
}
