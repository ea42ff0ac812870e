/* The size lines of DIMACS CNF and OPB files (see problem_line.h). */
#include <ctype.h>
#include <string.h>

#include "problem_line.h"

int problem_line_read_number(const char **cursor, int64_t limit, int64_t *value) {
  const char *p = *cursor;
  while (*p == ' ' || *p == '\t')
    p++;
  if (!isdigit((unsigned char)*p))
    return -1;
  int64_t result = 0;
  for (; isdigit((unsigned char)*p); p++) {
    result = result * 10 + (*p - '0');
    if (result > limit)
      return -1;
  }
  *value = result;
  *cursor = p;
  return 0;
}

static int at_end(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\r')
    p++;
  return *p == '\0';
}

problem_line_result problem_line_read_cnf(const char *line, int64_t *variables, int64_t *clauses) {
  const char *cursor = line + 1;
  while (*cursor == ' ' || *cursor == '\t')
    cursor++;
  if (strncmp(cursor, "cnf", 3))
    return PROBLEM_LINE_MALFORMED;
  cursor += 3;
  if (problem_line_read_number(&cursor, INT32_MAX, variables) ||
      problem_line_read_number(&cursor, INT64_MAX / 2, clauses))
    return PROBLEM_LINE_MALFORMED;
  /* MCC 2020 projected files add a third number; nothing else may follow. */
  int64_t projected;
  if (!at_end(cursor) &&
      (problem_line_read_number(&cursor, INT32_MAX, &projected) || !at_end(cursor)))
    return PROBLEM_LINE_TRAILING_TEXT;
  return PROBLEM_LINE_OK;
}

problem_line_result problem_line_read_opb(const char *text, int64_t *variables,
                                          int64_t *constraints) {
  const char *cursor = strstr(text, "#variable=");
  if (!cursor)
    return PROBLEM_LINE_MALFORMED;
  cursor += strlen("#variable=");
  if (problem_line_read_number(&cursor, INT32_MAX, variables))
    return PROBLEM_LINE_MALFORMED;
  while (*cursor == ' ' || *cursor == '\t')
    cursor++;
  if (strncmp(cursor, "#constraint=", 12))
    return PROBLEM_LINE_MALFORMED;
  cursor += 12;
  if (problem_line_read_number(&cursor, INT64_MAX / 2, constraints))
    return PROBLEM_LINE_MALFORMED;
  return PROBLEM_LINE_OK;
}
