/* Internal to verify/: the size lines of DIMACS CNF ("p cnf V C", with the
 * optional third number of MCC 2020 projected files) and OPB ("* #variable=
 * V #constraint= C"), read the same way by the header reader and the body
 * scanner, so a file one accepts the other does too. */
#ifndef NQSAT_PROBLEM_LINE_H
#define NQSAT_PROBLEM_LINE_H

#include <stdint.h>

typedef enum problem_line_result {
  PROBLEM_LINE_OK = 0,
  PROBLEM_LINE_MALFORMED,    /* not "p cnf V C" (or not the OPB form) */
  PROBLEM_LINE_TRAILING_TEXT /* "p cnf V C" followed by something else */
} problem_line_result;

/* A whole decimal number in 0..limit at *cursor (after blanks); advances
 * *cursor past it. 0, or -1 (no digits, or over the limit). */
int problem_line_read_number(const char **cursor, int64_t limit, int64_t *value);

/* `line` starts with 'p'. Variables in 0..INT32_MAX, clauses in 0..2^62. */
problem_line_result problem_line_read_cnf(const char *line, int64_t *variables, int64_t *clauses);
/* `text` holds "#variable= V #constraint= C" (the OPB comment's text). */
problem_line_result problem_line_read_opb(const char *text, int64_t *variables,
                                          int64_t *constraints);

#endif
