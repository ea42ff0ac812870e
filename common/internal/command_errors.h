/* How every nqsat command reports what went wrong, on stderr, with the
 * exit code that goes with it:
 *   usage_error    "nqsat CMD: error: MESSAGE (see 'nqsat CMD --help')"  2
 *   runtime_error  "nqsat CMD: error: MESSAGE"                           1
 *   report_interrupted "nqsat CMD: interrupted by SIGNAL; WHAT"          130
 * A NULL command name leaves "CMD" out. */
#ifndef NQSAT_COMMAND_ERRORS_H
#define NQSAT_COMMAND_ERRORS_H

/* Exit codes of the nqsat programs. DIMACS solving adds the SAT-competition
 * codes 10 and 20. */
enum nq_exit {
  NQ_EXIT_OK = 0,
  NQ_EXIT_FAILURE = 1, /* I/O failure, disagreement found, invalid input data */
  NQ_EXIT_USAGE = 2,   /* bad command line */
  NQ_EXIT_SATISFIABLE = 10,
  NQ_EXIT_UNSATISFIABLE = 20,
  NQ_EXIT_INTERRUPTED = 130
};

int usage_error(const char *command_name, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
int runtime_error(const char *command_name, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
int report_interrupted(const char *command_name, const char *what_happened);

#endif
