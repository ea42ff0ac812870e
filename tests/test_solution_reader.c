/* The solution reader: every accepted format, and each malformed input with
 * the line it names. Inputs are written here by hand from the formats'
 * definitions (SAT competition output, MiniSat's result file). */
#include <stdint.h>
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

/* The claims a text makes, read with nq_verify_read_answer. */
static nq_status read_claims(const char *text, int n, seen *s, nq_verify_claims *claims) {
  char error[300];
  memset(s, 0, sizeof *s);
  FILE *input = fmemopen((void *)text, strlen(text), "r");
  nq_status status =
      nq_verify_read_answer(input, "in", n, NULL, record, s, claims, error, sizeof error);
  fclose(input);
  return status;
}

/* Count lines in each form, written from the forms' definitions. */
static void test_claims(void) {
  seen s;
  nq_verify_claims claims;
  CHECK(read_claims("2 4 1 3\n3 1 4 2\ns SOLUTIONS 2\n", 4, &s, &claims) == NQ_OK &&
            claims.count.line == 3 && !strcmp(claims.count.digits, "2") &&
            !strcmp(claims.count.form, "s SOLUTIONS") && !claims.complete_line,
        "picosat's count");
  nq_count_claim_clear(&claims.count);
  CHECK(read_claims("q = [2, 4, 1, 3];\n----------\nq = [3, 1, 4, 2];\n----------\n=========="
                    "\n",
                    4, &s, &claims) == NQ_OK &&
            s.solutions == 2 && claims.complete_line == 5 && !claims.count.line,
        "MiniZinc's complete marker (line %ld)", claims.complete_line);
  nq_count_claim_clear(&claims.count);
  CHECK(read_claims("c 0007 models\n", 4, &s, &claims) == NQ_OK && claims.count.digits &&
            !strcmp(claims.count.digits, "7"),
        "nqsat's count, leading zeros dropped");
  nq_count_claim_clear(&claims.count);
  CHECK(read_claims("c 5 models (incomplete enumeration)\nc 1 model of many\n", 4, &s, &claims) ==
                NQ_OK &&
            claims.count.line == 1 && claims.count.incomplete,
        "an incomplete enumeration claims only the listed models, no completeness");
  nq_count_claim_clear(&claims.count);
  /* 2^200, far past 64 bits, kept exactly; 2^64 + 1 is not 1. */
  const char *big = "1606938044258990275541962092341162602522202993782792835301376";
  char text[200];
  snprintf(text, sizeof text, "c s type mc\nc s exact arb int %s\n", big);
  CHECK(read_claims(text, 4, &s, &claims) == NQ_OK && claims.count.digits &&
            !strcmp(claims.count.digits, big),
        "MCC 2021 count of 61 digits");
  nq_count_claim_clear(&claims.count);
  CHECK(nq_count_compare("18446744073709551617", 1) > 0 &&
            nq_count_compare("18446744073709551615", UINT64_MAX) == 0 &&
            nq_count_compare("92", 93) < 0 && nq_count_compare("0", 0) == 0,
        "exact comparison");
  CHECK(read_claims("s mc 12x\ns mc 13\n", 4, &s, &claims) == NQ_OK && claims.count.line == 1 &&
            !claims.count.digits && claims.count.conflict_line == 2,
        "a malformed count, then another");
  nq_count_claim_clear(&claims.count);
  CHECK(read_claims("s pmc 2\nc s exact arb int 02\n", 4, &s, &claims) == NQ_OK &&
            !claims.count.conflict_line,
        "the same count twice is no conflict");
  nq_count_claim_clear(&claims.count);
}

/* The tally against brute force: every permutation of 0..n-1 checked
 * pairwise here, for n = 1..8, with one solution left out. */
static int next_permutation(int *p, int n) {
  int i = n - 2;
  while (i >= 0 && p[i] > p[i + 1])
    i--;
  if (i < 0)
    return 0;
  int j = n - 1;
  while (p[j] < p[i])
    j--;
  int t = p[i];
  p[i] = p[j];
  p[j] = t;
  for (int a = i + 1, b = n - 1; a < b; a++, b--)
    t = p[a], p[a] = p[b], p[b] = t;
  return 1;
}

static int brute_force_valid(const int *p, int n) {
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++)
      if (p[b] - p[a] == b - a || p[a] - p[b] == b - a)
        return 0;
  return 1;
}

static void test_tally(void) {
  for (int n = 1; n <= 8; n++) {
    nq_solution_tally *tally = nq_solution_tally_new(n);
    int p[8], first[8], found = 0;
    for (int i = 0; i < n; i++)
      p[i] = i;
    do {
      if (!brute_force_valid(p, n))
        continue;
      if (!found++) {
        memcpy(first, p, sizeof p); /* left out */
        continue;
      }
      long earlier = 0;
      CHECK(nq_solution_tally_add(tally, p, found, &earlier) == 1, "n = %d: new", n);
      if (found == 2)
        CHECK(nq_solution_tally_add(tally, p, 99, &earlier) == 0 && earlier == 2,
              "n = %d: a repeat names its first line (%ld)", n, earlier);
    } while (next_permutation(p, n));
    nq_completeness result;
    CHECK(nq_solution_tally_compare(tally, &result) == NQ_OK, "n = %d: compare", n);
    uint64_t expected = (uint64_t)found;
    CHECK(result.known && result.compared_by_set && result.expected == expected &&
              result.missing == (found ? 1u : 0u),
          "n = %d: %llu expected, %llu missing (brute force: %d)", n,
          (unsigned long long)result.expected, (unsigned long long)result.missing, found);
    if (found)
      CHECK(result.shown == 1 &&
                !memcmp(result.missing_examples[0], first, (size_t)n * sizeof *first),
            "n = %d: the left-out solution is named", n);
    nq_solution_tally_free(tally);
  }
}

int main(void) {
  test_claims();
  test_tally();
  seen s;
  char error[300];
  /* Vector lines, comments and blanks. */
  CHECK(read_text("c two boards\n2 4 1 3\n\n3 1 4 2\n", 4, &s, error, sizeof error) == NQ_OK, "%s",
        error);
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
  /* Variables far above the board (auxiliaries): both values of one still
   * fail, and a model naming 2,000,000,000 costs no 2 GB table; the same
   * huge variable in the next model is a new model's value. */
  CHECK(read_text("v 2 8 9 15 2000000000 -2000000000 0\n", 4, &s, error, sizeof error) == NQ_OK,
        "%s", error);
  CHECK(s.invalid == 1 && strstr(s.problem, "2000000000 is given both values"), "huge both: %s",
        s.problem);
  CHECK(read_text("v 2 8 9 15 2000000000 -2000000001 0\nv 2 8 9 15 -2000000000 0\n", 4, &s, error,
                  sizeof error) == NQ_OK,
        "%s", error);
  CHECK(s.solutions == 2 && s.invalid == 0, "huge variables cleared between models: %d valid",
        s.solutions);
  static const char with_nul[] = "2 4 1 3\n2 4\0 1 3\n";
  FILE *input = fmemopen((void *)with_nul, sizeof with_nul - 1, "r");
  CHECK(nq_verify_read_solutions(input, "in", 4, record, &s, error, sizeof error) == NQ_ERR_PARSE &&
            strstr(error, "in:2: NUL"),
        "%s", error);
  fclose(input);
  return check_report("test_solution_reader");
}
