/* The solution reader: every accepted format, and each malformed input with
 * the line it names. Inputs are written here by hand from the formats'
 * definitions (SAT competition output, MiniSat's result file). */
#include <string.h>

#include "check.h"
#include "nqsat/verify.h"

typedef struct seen {
  int solutions, invalid;
  int first_columns[8];
  long last_line;
  char problem[200];
} seen;

static int record(void *context, const int *columns, int n, long line, const char *problem) {
  seen *s = context;
  s->last_line = line;
  if (!columns) {
    s->invalid++;
    snprintf(s->problem, sizeof s->problem, "%s", problem);
    return 0;
  }
  if (!s->solutions++)
    memcpy(s->first_columns, columns, (size_t)n * sizeof *columns);
  return 0;
}

static nq_status read_text(const char *text, int n, seen *s, char *error, size_t error_size) {
  memset(s, 0, sizeof *s);
  FILE *input = fmemopen((void *)text, strlen(text), "r");
  nq_status status = nq_verify_read_solutions(input, "in", n, record, s, error, error_size);
  fclose(input);
  return status;
}

int main(void) {
  seen s;
  char error[300];
  /* Vector lines, comments and blanks. */
  CHECK(read_text("c two boards\n2 4 1 3\n\n3 1 4 2\n", 4, &s, error, sizeof error) == NQ_OK,
        "%s", error);
  CHECK(s.solutions == 2 && s.first_columns[0] == 1 && s.first_columns[3] == 2, "vectors");
  /* Competition output: model over several v lines; queens 2, 8, 9, 15. */
  CHECK(read_text("s SATISFIABLE\nv -1 2 -3 -4 -5 -6 -7 8\nv 9 -10 -11 -12 -13 -14 15 -16 "
                  "17 -18 0\n",
                  4, &s, error, sizeof error) == NQ_OK,
        "%s", error);
  CHECK(s.solutions == 1 && s.first_columns[0] == 1 && s.first_columns[1] == 3 &&
            s.first_columns[2] == 0 && s.first_columns[3] == 2 && s.last_line == 3,
        "v lines decoded (line %ld)", s.last_line);
  /* MiniSat result file. */
  CHECK(read_text("SAT\n-1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n", 4, &s, error,
                  sizeof error) == NQ_OK,
        "%s", error);
  CHECK(s.solutions == 1 && s.invalid == 0, "minisat model");
  CHECK(read_text("UNSAT\n", 4, &s, error, sizeof error) == NQ_OK && s.solutions == 0, "unsat");
  /* A model with two queens in row 1 is an invalid solution, not bad input. */
  CHECK(read_text("v 1 2 8 9 15 0\n", 4, &s, error, sizeof error) == NQ_OK, "%s", error);
  CHECK(s.invalid == 1 && strstr(s.problem, "row 1") != NULL, "two in a row: %s", s.problem);
  /* Malformed input, each naming its line. */
  CHECK(read_text("2 4 1 3\n2 4 1\n", 4, &s, error, sizeof error) == NQ_ERR_PARSE, "short");
  CHECK(strstr(error, "in:2:") && strstr(error, "3 columns"), "%s", error);
  CHECK(read_text("2 4 1 5\n", 4, &s, error, sizeof error) == NQ_ERR_PARSE, "range");
  CHECK(strstr(error, "in:1:") && strstr(error, "column 5 is outside 1..4"), "%s", error);
  CHECK(read_text("2 4 x 3\n", 4, &s, error, sizeof error) == NQ_ERR_PARSE, "token");
  CHECK(strstr(error, "'x 3'") || strstr(error, "'x"), "%s", error);
  CHECK(read_text("2 4 1 3 1\n", 4, &s, error, sizeof error) == NQ_ERR_PARSE, "long");
  CHECK(read_text("c\nv 1 2 3\nv 4\n", 4, &s, error, sizeof error) == NQ_ERR_PARSE, "cut off");
  CHECK(strstr(error, "in:2:") && strstr(error, "cut off"), "%s", error);
  CHECK(read_text("v 1 99999999999 0\n", 4, &s, error, sizeof error) == NQ_ERR_PARSE, "big");
  CHECK(strstr(error, "out of range"), "%s", error);
  static const char with_nul[] = "2 4 1 3\n2 4\0 1 3\n";
  FILE *input = fmemopen((void *)with_nul, sizeof with_nul - 1, "r");
  CHECK(nq_verify_read_solutions(input, "in", 4, record, &s, error, sizeof error) ==
            NQ_ERR_PARSE && strstr(error, "in:2: NUL"),
        "%s", error);
  fclose(input);
  return check_report("test_solution_reader");
}
