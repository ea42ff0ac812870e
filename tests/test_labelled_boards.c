/* Labelled boards (a column header "1 2 ... N", each row led by its
 * number) read by both readers: the solution reader behind `check N` and
 * the answer reader behind `check --instance`. Boards are typed here from
 * the format's definition (docs/verifier.md), or drawn by draw_labelled()
 * below from a vector typed here; every malformed case names the line and
 * the problem. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/answer.h"
#include "nqsat/verify.h"

typedef struct seen {
  int solutions, invalid;
  int columns[3][16];
  long lines[3];
} seen;

static int record(void *context, const int *columns, int n, long line, const char *problem) {
  (void)problem;
  seen *s = context;
  if (!columns) {
    s->invalid++;
    return 0;
  }
  if (s->solutions < 3) {
    memcpy(s->columns[s->solutions], columns, (size_t)n * sizeof *columns);
    s->lines[s->solutions] = line;
  }
  s->solutions++;
  return 0;
}

static nq_status read_solutions(const char *text, int n, seen *s, char *error, size_t size) {
  memset(s, 0, sizeof *s);
  FILE *input = fmemopen((void *)text, strlen(text), "r");
  nq_status status = nq_verify_read_solutions(input, "in", n, record, s, error, size);
  fclose(input);
  return status;
}

/* The answer reader's boards; `answer` is the caller's to free. */
static nq_status read_answer(const char *text, nq_answer **answer, char *error, size_t size) {
  *answer = nq_answer_new(64);
  FILE *input = fmemopen((void *)text, strlen(text), "r");
  nq_status status = nq_answer_read(*answer, input, "in", error, size);
  fclose(input);
  return status;
}

/* The board of `vector` (columns from 1) with labels `width` characters
 * wide, as the format is defined: the header is `width` blanks, then each
 * column number right-aligned in `width` after one blank; each row is its
 * number right-aligned in `width`, then each square the same way. */
static void draw_labelled(const int *vector, int n, int width, char *out) {
  out += sprintf(out, "%*s", width, "");
  for (int column = 1; column <= n; column++)
    out += sprintf(out, " %*d", width, column);
  out += sprintf(out, "\n");
  for (int row = 1; row <= n; row++) {
    out += sprintf(out, "%*d", width, row);
    for (int column = 1; column <= n; column++)
      out += sprintf(out, " %*c", width, column == vector[row - 1] ? 'Q' : '.');
    out += sprintf(out, "\n");
  }
}

/* 2 4 1 3, labelled and not. */
#define LABELLED_2413 "  1 2 3 4\n1 . Q . .\n2 . . . Q\n3 Q . . .\n4 . . Q .\n"
#define PLAIN_3142 ". . Q .\nQ . . .\n. . . Q\n. Q . .\n"

static void test_accepted(void) {
  seen s;
  char error[300] = "";
  nq_answer *answer;
  /* Labelled, unlabelled and labelled again, blank lines between. */
  const char *mixed = LABELLED_2413 "\n" PLAIN_3142 "\n" LABELLED_2413;
  CHECK(read_solutions(mixed, 4, &s, error, sizeof error) == NQ_OK, "mixed: %s", error);
  static const int b2413[4] = {1, 3, 0, 2}, b3142[4] = {2, 0, 3, 1};
  CHECK(s.solutions == 3 && !s.invalid && !memcmp(s.columns[0], b2413, sizeof b2413) &&
            !memcmp(s.columns[1], b3142, sizeof b3142) &&
            !memcmp(s.columns[2], b2413, sizeof b2413),
        "mixed: %d boards, first %d %d %d %d", s.solutions, s.columns[0][0], s.columns[0][1],
        s.columns[0][2], s.columns[0][3]);
  CHECK(s.lines[0] == 5 && s.lines[1] == 10 && s.lines[2] == 16, "lines %ld %ld %ld", s.lines[0],
        s.lines[1], s.lines[2]);
  CHECK(read_answer(mixed, &answer, error, sizeof error) == NQ_OK, "answer mixed: %s", error);
  CHECK(answer->board_count == 3 && answer->board_n == 4 &&
            !memcmp(answer->board_columns, b2413, sizeof b2413) &&
            !memcmp(answer->board_columns + 4, b3142, sizeof b3142) &&
            answer->board_lines[0] == 5 && answer->board_lines[2] == 16,
        "answer mixed: %zu boards", answer->board_count);
  nq_answer_free(answer);

  /* Two-character labels (N = 10), trailing blanks and a CR ignored. */
  static const int ten[10] = {10, 8, 5, 2, 4, 1, 7, 9, 6, 3};
  char text[2048];
  draw_labelled(ten, 10, 2, text);
  CHECK(read_solutions(text, 10, &s, error, sizeof error) == NQ_OK, "N = 10: %s", error);
  int same = s.solutions == 1;
  for (int row = 0; same && row < 10; row++)
    same = s.columns[0][row] == ten[row] - 1;
  CHECK(same, "N = 10: the board read is not 10 8 5 2 4 1 7 9 6 3");
  CHECK(read_answer(text, &answer, error, sizeof error) == NQ_OK && answer->board_count == 1 &&
            answer->board_n == 10 && answer->board_columns[0] == 9 && answer->board_columns[9] == 2,
        "answer N = 10: %s", error);
  nq_answer_free(answer);
  CHECK(read_solutions("  1 2 3 4 \r\n1 . Q . . \r\n2 . . . Q\n3 Q . . .\n4 . . Q .\r\n", 4, &s,
                       error, sizeof error) == NQ_OK &&
            s.solutions == 1,
        "CR and trailing blanks: %s", error);

  /* N = 1: " 1" above "1 Q" is a header; "1" lines alone are vectors (the
   * solution reader) or a count (the answer reader). */
  CHECK(read_solutions(" 1\n1 Q\n1\n", 1, &s, error, sizeof error) == NQ_OK && s.solutions == 2 &&
            s.lines[0] == 2 && s.lines[1] == 3,
        "N = 1: %s (%d solutions)", error, s.solutions);
  CHECK(read_answer(" 1\n1 Q\n", &answer, error, sizeof error) == NQ_OK &&
            answer->board_count == 1 && answer->board_n == 1 && !answer->count.line,
        "answer N = 1: %s", error);
  nq_answer_free(answer);
  CHECK(read_answer("1\n", &answer, error, sizeof error) == NQ_OK && !answer->board_count &&
            answer->count.line == 1 && !strcmp(answer->count.digits, "1"),
        "answer: a lone 1 is a count: %s", error);
  nq_answer_free(answer);

  /* A vector that reads like a header is a vector (here an invalid one,
   * all queens on a diagonal) when no labelled row follows. */
  CHECK(read_solutions("1 2 3 4\n2 4 1 3\n", 4, &s, error, sizeof error) == NQ_OK &&
            s.solutions == 2 && s.columns[0][3] == 3,
        "1 2 3 4 as a vector: %s", error);
}

typedef struct bad_case {
  const char *text;
  long line;                  /* the line named, by both readers */
  const char *solution_words; /* in the solution reader's message (N = 4) */
  long answer_line;           /* 0: as `line` */
  const char *answer_words;   /* NULL: as solution_words */
} bad_case;

static const bad_case cases[] = {
    /* A wrong row number, a repeated one, a row left out. */
    {"  1 2 3 4\n1 . Q . .\n3 . . . Q\n3 Q . . .\n4 . . Q .\n", 3,
     "row labelled 3 where row 2 was expected", 0, NULL},
    {"  1 2 3 4\n1 . Q . .\n1 . . . Q\n3 Q . . .\n4 . . Q .\n", 3,
     "row labelled 1 where row 2 was expected", 0, NULL},
    {"  1 2 3 4\n2 . Q . .\n", 2, "row labelled 2 where row 1 was expected", 0, NULL},
    /* No header. */
    {"1 . Q . .\n2 . . . Q\n3 Q . . .\n4 . . Q .\n", 1,
     "a labelled board row without the column header above it", 0, NULL},
    {LABELLED_2413 "\n1 . Q . .\n", 7, "a labelled board row without the column header", 0, NULL},
    /* A header of the wrong width: the solution reader knows N, the
     * answer reader learns the width from the header. */
    {"  1 2 3\n1 . Q . .\n2 . . . Q\n3 Q . . .\n4 . . Q .\n", 1,
     "column header numbers 3 columns, a board of N = 4 has 4", 2,
     "row 1 has 4 squares, the column header numbers 3"},
    {"  1 2 3 4 5\n1 . Q . . .\n", 1, "column header numbers 5 columns, a board of N = 4 has 4", 1,
     "a board starting here has 1 of its 5 rows"},
    {"  1 2 3 4\n1 . Q . .\n2 . . . Q .\n", 3, "row 2 has 5 squares, the column header numbers 4",
     0, NULL},
    {"  1 2 4 3\n1 . Q . .\n", 1, "column header: 4 where column 3 was expected", 0, NULL},
    {"  1 2 3 5\n1 . Q . .\n", 1, "column header: 5 where column 4 was expected", 0, NULL},
    /* Labels on some rows only. */
    {"  1 2 3 4\n1 . Q . .\n. . . Q\n3 Q . . .\n4 . . Q .\n", 3,
     "row 2 of a labelled board has no row number", 0, NULL},
    {". Q . .\n2 . . . Q\n", 2, "row number 2 on row 2 of a board whose rows above have none", 0,
     NULL},
    /* A row too many, a board cut short, a row without its queen. */
    {LABELLED_2413 "5 . Q . .\n", 6, "row labelled 5 below a complete board of 4 rows", 0, NULL},
    {"  1 2 3 4\n1 . Q . .\n2 . . . Q\n\n2 4 1 3\n", 1, "a board starting here has 2 of its 4 rows",
     0, NULL},
    {"  1 2 3 4\n1 . Q . .\n2 . . . Q\n", 1, "a board starting here has 2 of its 4 rows", 0, NULL},
    {"  1 2 3 4\n1 . . . .\n", 2, "a board row without exactly one queen", 0,
     "a board row with no queen"},
    {"  1 2 3 4\n1 Q Q . .\n", 2, "a board row without exactly one queen", 0,
     "a board row with more than one queen"},
};

static void expect_message(const char *error, long line, const char *words, const char *what,
                           size_t i) {
  char prefix[32];
  snprintf(prefix, sizeof prefix, "in:%ld: ", line);
  CHECK(!strncmp(error, prefix, strlen(prefix)) && strstr(error, words) && !strchr(error, '\n'),
        "case %zu, %s: '%s' should start '%s' and hold '%s'", i, what, error, prefix, words);
}

static void test_rejected(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const bad_case *c = &cases[i];
    seen s;
    char error[300] = "";
    CHECK(read_solutions(c->text, 4, &s, error, sizeof error) == NQ_ERR_PARSE,
          "case %zu: the solution reader accepted it", i);
    expect_message(error, c->line, c->solution_words, "solution reader", i);
    nq_answer *answer;
    error[0] = '\0';
    CHECK(read_answer(c->text, &answer, error, sizeof error) == NQ_ERR_PARSE,
          "case %zu: the answer reader accepted it", i);
    expect_message(error, c->answer_line ? c->answer_line : c->line,
                   c->answer_words ? c->answer_words : c->solution_words, "answer reader", i);
    nq_answer_free(answer);
  }
  /* A header with no board below: the answer reader has no vector lines. */
  nq_answer *answer;
  char error[300] = "";
  CHECK(read_answer("s SATISFIABLE\n  1 2 3 4\nc done\n", &answer, error, sizeof error) ==
            NQ_ERR_PARSE,
        "a lone header accepted");
  expect_message(error, 2, "a column header with no labelled board row below it", "answer", 0);
  nq_answer_free(answer);
}

int main(void) {
  test_accepted();
  test_rejected();
  return check_report("test_labelled_boards");
}
