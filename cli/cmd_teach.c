/* nqsat teach N: one self-contained HTML page for a class (teach/ builds
 * it; this file parses options and writes the file). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "quote.h"
#include "teach.h"

static void print_teach_help(void) {
  printf("usage: nqsat teach N [-o FILE.html]\n"
         "\n"
         "Writes one self-contained HTML page about N-Queens for a class: it needs no\n"
         "network, no fonts and no other file, and runs in any current browser.\n"
         "\n"
         "  - one coordinate system, stated at the top: rows and columns from 1 as\n"
         "    'nqsat show' prints them, chess names beside;\n"
         "  - the board, drawn as 'nqsat show --svg' draws it;\n"
         "  - the backtracking search of 'nqsat trace N', step by step: buttons for\n"
         "    step, back, play, speed and a step slider, and the arrow keys; queens\n"
         "    placed and removed, squares they attack shaded;\n"
         "  - the same search with forward checking (as 'nqsat trace N --forward-\n"
         "    checking' prints it): the rows each column ahead has lost are crossed\n"
         "    out, and a column left with none sends the queen back at once; the\n"
         "    queens placed (nodes) by both searches are counted side by side;\n"
         "  - the solutions found so far and their symmetry classes;\n"
         "  - clauses on the board: every clause of the seven --amo and four --csp\n"
         "    encodings for this N; click a square to list the clauses of its\n"
         "    variables, in DIMACS and in the words of 'nqsat encode --explain';\n"
         "  - unit propagation side by side: place queens or rule squares out, and\n"
         "    see what each encoding's clauses derive from that position;\n"
         "  - a SAT solver's search (DPLL, and CDCL with the learned clauses shown,\n"
         "    recorded when the page is written) on the chosen encoding, step by\n"
         "    step, with the clause behind each propagation and conflict;\n"
         "  - the matrix model and the rows model for this N side by side, with the\n"
         "    size of every encoding ('nqsat encode --amo ...' and '--csp ...');\n"
         "  - a chart of formula size against N for every encoding.\n"
         "\n"
         "The searches are recorded by the verifier and written into the page as\n"
         "data (one character per step), so the page and 'nqsat trace' agree step\n"
         "for step. The address fragment #mode=fc&step=K opens it at step K of\n"
         "forward checking (mode=bt: plain backtracking).\n"
         "\n"
         "  N                  board size, 1..%d: the plain search at N = 12 takes\n"
         "                     1.7 million steps (a 3.9 MB page); N = 13 would take 9.3\n"
         "                     million\n"
         "  -o, --output FILE  write to FILE (replaced only when complete) instead of\n"
         "                     standard output; the page names FILE's base name only\n"
         "  -h, --help         show this help\n",
         TEACH_MAX_N);
}

/* The command the page names as its maker: "nqsat teach N -o NAME" with the
 * output's base name only, since the page is meant to be mailed to a class
 * and the directory it was written in means nothing there (and may say
 * more about its writer than they meant to). Caller frees; NULL when out of
 * memory. */
static char *page_command_line(int n, const char *path) {
  char size[16];
  snprintf(size, sizeof size, "%d", n);
  if (path && !strcmp(path, "-"))
    path = NULL; /* standard output */
  const char *base = path ? strrchr(path, '/') : NULL;
  base = base ? base + 1 : path;
  char *words[] = {"teach", size, "-o", (char *)base};
  return quote_command_line("nqsat", base && *base ? 4 : 2, words);
}

int cmd_teach(int argc, char **argv) {
  static const struct option options[] = {{"output", required_argument, NULL, 'o'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  const char *path = NULL;
  optind = 1;
  opterr = 0;
  int code, n, exit_code = -1;
  while (exit_code < 0 && (code = getopt_long(argc, argv, ":o:h", options, NULL)) != -1) {
    if (code == 'o')
      path = optarg;
    else if (code == 'h') {
      print_teach_help();
      exit_code = NQ_EXIT_OK;
    } else
      exit_code = report_bad_option("teach", code, argv);
  }
  if (exit_code < 0 && parse_positional_n("teach", argc, argv, optind, 1, TEACH_MAX_N, &n))
    exit_code = NQ_EXIT_USAGE;
  if (exit_code >= 0)
    return exit_code;
  char *command_line = page_command_line(n, path);
  if (!command_line)
    return runtime_error("teach", "out of memory");
  char error[512];
  nq_output *output;
  const volatile sig_atomic_t *stop = interrupt_watch();
  if (nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, sizeof error) != NQ_OK) {
    free(command_line);
    return runtime_error("teach", "%s", error);
  }
  nq_output_stop_when(output, stop);
  nq_status status = teach_write_page(output, n, command_line);
  free(command_line);
  if (interrupt_requested()) {
    nq_output_abort(output);
    return report_interrupted("teach", "output discarded");
  }
  if (status != NQ_OK && status != NQ_ERR_IO) {
    nq_output_abort(output);
    return runtime_error("teach", "%s", nq_strerror(status));
  }
  if (nq_output_commit(output, error, sizeof error) != NQ_OK)
    return runtime_error("teach", "%s", error);
  return NQ_EXIT_OK;
}
