/* nqsat trace N: the backtracking search step by step, in the words of the
 * seeds' teaching notebook (call number, queens placed so far, queen placed,
 * no free square in a column, queen removed), with the board after each
 * step; with --forward-checking, the same search pruning the columns ahead.
 * The events come from nq_verify_trace() and nq_verify_trace_forward();
 * this file only prints. */
#include <getopt.h>
#include <inttypes.h>

#include "cli.h"
#include "nqsat/verify.h"

/* Without --force or --max-steps, larger boards are refused: N = 12 already
 * prints about a million boards when every solution is traced. */
#define TRACE_UNBOUNDED_MAX_N 12

static void print_trace_help(void) {
  printf("usage: nqsat trace N [--forward-checking] [--first] [--max-steps K] [--force]\n"
         "                   [--no-boards]\n"
         "\n"
         "Prints the backtracking search for N queens step by step, as the teaching\n"
         "notebook in the seeds does: one queen per column, columns left to right,\n"
         "rows tried top to bottom. For every call: its number and the queens placed\n"
         "so far; then each queen placed, each column where no square is free, each\n"
         "queen removed when the search backs up, and each solution, with the board\n"
         "after every step. Squares are (row, column), counted from 1 (row 1 at the\n"
         "top), as `nqsat show` and the teaching page count them; solutions are also\n"
         "printed as nqsat vector lines (the column of the queen in each row).\n"
         "\n"
         "  N              board size, 1..%d; above %d only with --max-steps or --force\n"
         "  --forward-checking\n"
         "                 forward checking: each column ahead keeps the rows no queen\n"
         "                 attacks ('x' on the boards marks the others); a queen that\n"
         "                 leaves a column ahead with none is taken back at once\n"
         "  --first        stop at the first solution (as the notebook does)\n"
         "  --max-steps K  stop after K steps (queens placed or removed), 1..10^9\n"
         "  --force        allow N > %d without a step limit (very long output)\n"
         "  --no-boards    print the steps without the boards\n"
         "  -h, --help     show this help\n",
         NQ_VERIFY_MAX_N, TRACE_UNBOUNDED_MAX_N, TRACE_UNBOUNDED_MAX_N);
}

typedef struct trace_printer {
  int n;
  int forward;
  int first_only, boards;
  int64_t max_steps; /* 0: no limit */
  int64_t steps;
  int truncated;
} trace_printer;

/* Q a queen; with forward checking, x a row no longer possible in a column
 * without a queen; . otherwise. */
static void print_labelled_board(const int *row_of_column, const uint32_t *free_rows, int n) {
  int width = n > 10 ? 2 : 1;
  printf("  %*s", width, "");
  for (int column = 0; column < n; column++)
    printf(" %*d", width, column + 1);
  putchar('\n');
  for (int row = 0; row < n; row++) {
    printf("  %*d", width, row + 1);
    for (int column = 0; column < n; column++)
      printf(" %*s", width,
             row_of_column[column] == row                                                ? "Q"
             : free_rows && row_of_column[column] < 0 && !(free_rows[column] >> row & 1) ? "x"
                                                                                         : ".");
    putchar('\n');
  }
}

static int print_step(void *context, const nq_trace_step *step) {
  trace_printer *printer = context;
  int n = printer->n;
  switch (step->event) {
  case NQ_TRACE_WIPE_OUT:
    printf("Forward checking: column %d has no free square left; the queen goes back\n",
           step->column + 1);
    return 0;
  case NQ_TRACE_CALL:
    printf("\nCALL %" PRIu64 "\nQueens placed so far: %d\n", step->call, step->placed);
    return 0;
  case NQ_TRACE_DEAD_END:
    if (step->row < 0)
      printf("No free square in column %d\n", step->column + 1);
    else if (step->column == 0)
      printf("No more free squares in column 1: every placement has been tried\n");
    else
      printf("No more free squares in column %d: back to column %d\n", step->column + 1,
             step->column);
    return 0;
  case NQ_TRACE_SOLUTION: {
    int columns[NQ_VERIFY_MAX_N];
    for (int column = 0; column < n; column++)
      columns[step->row_of_column[column]] = column;
    printf("SOLUTION %" PRIu64 ": ", step->solution);
    print_vector(stdout, columns, n);
    return printer->first_only;
  }
  case NQ_TRACE_PLACE:
  case NQ_TRACE_REMOVE:
    printf("Queen %s (%d, %d)\n", step->event == NQ_TRACE_PLACE ? "placed at" : "removed from",
           step->row + 1, step->column + 1);
    if (printer->boards)
      print_labelled_board(step->row_of_column, step->free_rows, n);
    printer->steps++;
    if (printer->max_steps && printer->steps >= printer->max_steps) {
      printer->truncated = 1;
      return 1;
    }
    return 0;
  }
  return 0;
}

int cmd_trace(int argc, char **argv) {
  static const struct option options[] = {{"first", no_argument, NULL, 'f'},
                                          {"max-steps", required_argument, NULL, 'm'},
                                          {"forward-checking", no_argument, NULL, 'c'},
                                          {"force", no_argument, NULL, 'F'},
                                          {"no-boards", no_argument, NULL, 'b'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  trace_printer printer = {.boards = 1};
  int force = 0;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'f': printer.first_only = 1; break;
    case 'c': printer.forward = 1; break;
    case 'F': force = 1; break;
    case 'b': printer.boards = 0; break;
    case 'm':
      if (parse_bounded("trace", "--max-steps", optarg, 1, 1000000000, &printer.max_steps))
        return NQ_EXIT_USAGE;
      break;
    case 'h': print_trace_help(); return NQ_EXIT_OK;
    default: return report_bad_option("trace", code, argv);
    }
  }
  int n;
  if (parse_positional_n("trace", argc, argv, optind, 1, NQ_VERIFY_MAX_N, &n))
    return NQ_EXIT_USAGE;
  if (n > TRACE_UNBOUNDED_MAX_N && !force && !printer.max_steps)
    return usage_error("trace",
                       "N = %d would print millions of steps; limit them with "
                       "--max-steps K (or insist with --force)",
                       n);
  printer.n = (int)n;
  printf("%s for N = %d: one queen per column, left to right; rows tried top to "
         "bottom.\nSquares are (row, column), counted from 1 (row 1 at the top), as `nqsat "
         "show` and the teaching page count them.\nQ = queen, . = empty%s.\n",
         printer.forward ? "Backtracking with forward checking" : "Backtracking", printer.n,
         printer.forward ? ", x = ruled out by forward checking" : "");
  if (printer.boards) {
    int empty[NQ_VERIFY_MAX_N];
    for (int column = 0; column < printer.n; column++)
      empty[column] = -1;
    printf("\nBefore solving:\n");
    print_labelled_board(empty, NULL, printer.n);
  }
  nq_status status = printer.forward ? nq_verify_trace_forward(printer.n, print_step, &printer)
                                     : nq_verify_trace(printer.n, print_step, &printer);
  if (status != NQ_OK && status != NQ_ERR_STOPPED)
    return runtime_error("trace", "%s", nq_strerror(status));
  if (printer.truncated)
    printf("\nStopped after %" PRId64 " steps (--max-steps).\n", printer.steps);
  else if (status == NQ_ERR_STOPPED)
    printf("\nStopped at the first solution (--first), after %" PRId64 " steps.\n", printer.steps);
  else
    printf("\nSearch complete after %" PRId64 " steps.\n", printer.steps);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("trace", "cannot write to standard output");
  return NQ_EXIT_OK;
}
