/* The bad-input table for solution lines, as `nqsat check`/`show` will meet
 * them: each row is a text, the board size, the line the problem must be
 * reported on, and words the one-line message must contain. Malformed text
 * is a parse error from nq_verify_read_solutions ("in:LINE: ..."); a
 * well-formed line that is not a solution (a repeated column, a shared
 * diagonal, a model with two queens in a row) reaches the callback, which
 * checks it as the check command does. Expected texts are written here from
 * the rules of the game, not copied from the program's output. */
#include <string.h>

#include "check.h"
#include "nqsat/verify.h"

typedef struct verdict {
  long line; /* of the first invalid solution, 0 if none */
  char why[256];
} verdict;

static int check_each(void *context, const int *columns, int n, long line, const char *problem) {
  verdict *first = context;
  char why[200];
  if (first->line)
    return 0;
  if (!columns) {
    first->line = line;
    snprintf(first->why, sizeof first->why, "%s", problem);
  } else if (!nq_verify_check_placement(columns, n, why, sizeof why)) {
    first->line = line;
    snprintf(first->why, sizeof first->why, "%s", why);
  }
  return 0;
}

typedef struct bad_case {
  int n;
  const char *text;
  nq_status status; /* NQ_ERR_PARSE, or NQ_OK with an invalid solution */
  long line;
  const char *words; /* must appear in the message */
} bad_case;

static const bad_case cases[] = {
    /* wrong length */
    {4, "2 4 1 3\n2 4 1\n", NQ_ERR_PARSE, 2, "3 columns on a solution line, expected 4"},
    {4, "2 4 1 3 4\n", NQ_ERR_PARSE, 1, "more than 4 columns"},
    {8, "c fine\n1 5 8 6 3 7 2 4\n\n1 5 8\n", NQ_ERR_PARSE, 4, "expected 8"},
    {1, "1 1\n", NQ_ERR_PARSE, 1, "more than 1 columns"},
    /* out-of-range numbers */
    {4, "2 4 1 5\n", NQ_ERR_PARSE, 1, "column 5 is outside 1..4"},
    {4, "2 4 1 3\n3 1 4 2\n2 4 1 99999999999999999999\n", NQ_ERR_PARSE, 3,
     "column 99999999999999999999 is outside 1..4"},
    {4, "v 1 -2147483648 0\n", NQ_ERR_PARSE, 1, "literal -2147483648 is out of range"},
    {4, "v 2147483648 0\n", NQ_ERR_PARSE, 1, "literal 2147483648 is out of range"},
    {4, "2 4 1 +x\n", NQ_ERR_PARSE, 1, "'+x' is not a column number"},
    {4, "2 4 1 3z\n", NQ_ERR_PARSE, 1, "'3z' is not a column number"},
    {4, "v 1 2 x 0\n", NQ_ERR_PARSE, 1, "'x' is not a literal"},
    {4, "v 2 8 9 15 0 7\n", NQ_ERR_PARSE, 1, "text after the terminating 0: '7'"},
    {4, "SAT\n2 8 9 15\n", NQ_ERR_PARSE, 2, "cut off before its terminating 0"},
    {4, "2 4 \x01 3\n", NQ_ERR_PARSE, 1, "'\\x01' is not a column number"},
    /* repeated columns and other attacks: valid syntax, invalid solution */
    {4, "2 4 1 3\n2 2 1 3\n", NQ_OK, 2, "row 1 column 2 and row 2 column 2 share a column"},
    {4, "1 2 3 4\n", NQ_OK, 1, "share a diagonal"},
    {8, "1 5 8 6 3 7 2 4\n1 1 1 1 1 1 1 1\n", NQ_OK, 2, "share a column"},
    {4, "v 1 2 8 9 15 0\n", NQ_OK, 1, "row 1 has queens in columns 1 and 2"},
    {4, "v 2 8 15 0\n", NQ_OK, 1, "row 3 has no queen"},
};

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const bad_case *c = &cases[i];
    FILE *input = fmemopen((void *)c->text, strlen(c->text), "r");
    verdict first = {0, ""};
    char error[300] = "";
    nq_status status =
        nq_verify_read_solutions(input, "in", c->n, check_each, &first, error, sizeof error);
    fclose(input);
    CHECK(status == c->status, "case %zu: status %d, expected %d (%s)", i, status, c->status,
          error);
    if (c->status == NQ_ERR_PARSE) {
      char prefix[32];
      snprintf(prefix, sizeof prefix, "in:%ld: ", c->line);
      CHECK(strncmp(error, prefix, strlen(prefix)) == 0, "case %zu: '%s' should start '%s'", i,
            error, prefix);
      CHECK(strstr(error, c->words) != NULL, "case %zu: '%s' lacks '%s'", i, error, c->words);
      CHECK(strchr(error, '\n') == NULL, "case %zu: message is not one line", i);
    } else {
      CHECK(first.line == c->line, "case %zu: invalid solution on line %ld, expected %ld", i,
            first.line, c->line);
      CHECK(strstr(first.why, c->words) != NULL, "case %zu: '%s' lacks '%s'", i, first.why,
            c->words);
    }
  }
  /* An empty file and a file of comments hold no solutions and no error. */
  static const char *const empty_texts[] = {"", "c nothing\n\n# here\n"};
  for (int i = 0; i < 2; i++) {
    FILE *input = strlen(empty_texts[i])
                      ? fmemopen((void *)empty_texts[i], strlen(empty_texts[i]), "r")
                      : fopen("/dev/null", "r");
    verdict first = {0, ""};
    char error[300] = "";
    CHECK(nq_verify_read_solutions(input, "in", 4, check_each, &first, error, sizeof error) ==
              NQ_OK,
          "empty text %d: %s", i, error);
    fclose(input);
  }
  return check_report("test_solution_lines_bad_input");
}
