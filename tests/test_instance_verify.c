/* The verifier's instance functions: MD5 against RFC 1321's test
 * vectors, the GBD hash of a small file against its known value, completion counts
 * against brute force over the plain enumerator, the explicit construction,
 * instance headers (maps, squares, gzip, OPB, malformed ones) and verdicts
 * on hand-written answers. Expected values are typed in from the sources
 * named next to them, or computed here by brute force. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "check.h"
#include "nqsat/answer.h"
#include "nqsat/instance.h"
#include "nqsat/md5.h"
#include "nqsat/verify.h"

static char directory[] = "/tmp/nqsat-instance-test.XXXXXX";

static void md5_of(const char *text, char hex[33]) {
  nq_md5 md5;
  nq_md5_init(&md5);
  nq_md5_update(&md5, text, strlen(text));
  nq_md5_final_hex(&md5, hex);
}

static void test_md5(void) {
  /* RFC 1321, appendix A.5. */
  static const char *vectors[][2] = {
      {"", "d41d8cd98f00b204e9800998ecf8427e"},
      {"a", "0cc175b9c0f1b6a831c399e269772661"},
      {"abc", "900150983cd24fb0d6963f7d28e17f72"},
      {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
      {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
      {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
       "d174ab98d277d9f5a5611c2c9f419d9f"},
      {"1234567890123456789012345678901234567890123456789012345678901234567890123456789"
       "0",
       "57edf4a22be3c955ac49da2e2107b67a"}};
  char hex[33];
  for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
    md5_of(vectors[i][0], hex);
    CHECK(!strcmp(hex, vectors[i][1]), "MD5(\"%s\") = %s, RFC 1321 says %s", vectors[i][0], hex,
          vectors[i][1]);
    /* The same text fed one byte at a time. */
    nq_md5 md5;
    nq_md5_init(&md5);
    for (const char *p = vectors[i][0]; *p; p++)
      nq_md5_update(&md5, p, 1);
    char piecewise[33];
    nq_md5_final_hex(&md5, piecewise);
    CHECK(!strcmp(piecewise, hex), "byte-wise MD5 differs for \"%s\"", vectors[i][0]);
  }
  /* The GBD vector. */
  md5_of("1 -2 0 2 0", hex);
  CHECK(!strcmp(hex, "177c0b03f0c47b5f973797b2f46c901d"), "MD5 of the GBD vector: %s", hex);
  /* A message spanning several blocks, with the lengths around the padding
   * boundary (55, 56, 63, 64, 65 bytes): compare with the digest of the
   * same bytes split differently. */
  for (size_t length = 50; length < 140; length++) {
    char text[160];
    for (size_t i = 0; i < length; i++)
      text[i] = (char)('a' + i % 26);
    text[length] = '\0';
    char whole[33], split[33];
    md5_of(text, whole);
    nq_md5 md5;
    nq_md5_init(&md5);
    nq_md5_update(&md5, text, length / 3);
    nq_md5_update(&md5, text + length / 3, length - length / 3);
    nq_md5_final_hex(&md5, split);
    CHECK(!strcmp(whole, split), "split MD5 differs at length %zu", length);
  }
}

static char *write_file(const char *name, const char *text, int gzip) {
  char *path = malloc(strlen(directory) + strlen(name) + 2);
  sprintf(path, "%s/%s", directory, name);
  if (gzip) {
    gzFile file = gzopen(path, "wb");
    gzwrite(file, text, (unsigned)strlen(text));
    gzclose(file);
  } else {
    FILE *file = fopen(path, "w");
    fputs(text, file);
    fclose(file);
  }
  return path;
}

static void test_gbd_hash(void) {
  char hash[33], error[300];
  char *plain = write_file("gbd1.cnf", "p cnf 2 2\n1 -2 0\n2 0\n", 0);
  CHECK(nq_instance_gbd_hash(plain, NULL, hash, error, sizeof error) == NQ_OK, "%s", error);
  CHECK(!strcmp(hash, "177c0b03f0c47b5f973797b2f46c901d"),
        "GBD hash of p cnf 2 2 / 1 -2 0 / 2 0: %s", hash);
  /* Comments, header spacing, blank lines, a clause across lines, CRLF,
   * gzip: the same formula, the same hash. */
  char *noisy = write_file(
      "gbd2.cnf.gz", "c a comment\r\nc another\np  cnf  2   2\n\n  1\t-2\nc inside\n 0 2\n0\n", 1);
  CHECK(nq_instance_gbd_hash(noisy, NULL, hash, error, sizeof error) == NQ_OK, "%s", error);
  CHECK(!strcmp(hash, "177c0b03f0c47b5f973797b2f46c901d"), "GBD hash of the noisy file: %s", hash);
  /* A different clause order is a different instance. */
  char *swapped = write_file("gbd3.cnf", "p cnf 2 2\n2 0\n1 -2 0\n", 0);
  CHECK(nq_instance_gbd_hash(swapped, NULL, hash, error, sizeof error) == NQ_OK, "%s", error);
  char expected[33];
  md5_of("2 0 1 -2 0", expected);
  CHECK(!strcmp(hash, expected), "swapped clauses: %s, expected %s", hash, expected);
  /* OPB, gbdc's form: terms with a blank after each token, "REL BOUND;". */
  char *opb = write_file(
      "gbd.opb", "* #variable= 3 #constraint= 2\n* c\n+1 x1 +1 x2 = 1 ;\n-1 x1 -1 ~x3 >= -1 ;\n",
      0);
  CHECK(nq_instance_gbd_hash(opb, NULL, hash, error, sizeof error) == NQ_OK, "%s", error);
  md5_of("1 x1 1 x2 = 1;-1 x1 -1 ~x3 >= -1;", expected);
  CHECK(!strcmp(hash, expected), "OPB hash %s, expected %s", hash, expected);
  /* Malformed bodies are errors naming the line. */
  char *short_file = write_file("short.cnf", "p cnf 2 3\n1 0\n2 0\n", 0);
  CHECK(nq_instance_gbd_hash(short_file, NULL, hash, error, sizeof error) == NQ_ERR_PARSE &&
            strstr(error, "3 clauses declared, 2 found"),
        "short file: %s", error);
  char *wide = write_file("wide.cnf", "p cnf 2 1\n1 3 0\n", 0);
  CHECK(nq_instance_gbd_hash(wide, NULL, hash, error, sizeof error) == NQ_ERR_PARSE &&
            strstr(error, "wide.cnf:2:"),
        "literal beyond the variables: %s", error);
  free(plain);
  free(noisy);
  free(swapped);
  free(opb);
  free(short_file);
  free(wide);
}

/* Brute force: every solution of the plain enumerator that holds the placed
 * queens and avoids the blocked squares. */
typedef struct brute {
  const nq_completion_problem *problem;
  uint64_t count;
} brute;

static int brute_count(void *context, const int *columns, int n) {
  brute *state = context;
  (void)n;
  for (int i = 0; i < state->problem->placed_count; i++)
    if (columns[state->problem->placed[i].row] != state->problem->placed[i].column)
      return 0;
  for (int i = 0; i < state->problem->blocked_count; i++)
    if (columns[state->problem->blocked[i].row] == state->problem->blocked[i].column)
      return 0;
  state->count++;
  return 0;
}

static void test_completions(void) {
  /* On an empty board the completion counter must give A000170 (typed in
   * from OEIS). */
  static const uint64_t a000170[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
  for (int n = 1; n <= 12; n++) {
    nq_completion_problem problem = {.n = n};
    nq_completion_result result;
    CHECK(nq_verify_count_completions(&problem, NULL, &result) == NQ_OK, "n = %d", n);
    CHECK(result.exact && result.count == a000170[n], "n = %d: %llu completions, OEIS %llu", n,
          (unsigned long long)result.count, (unsigned long long)a000170[n]);
  }
  uint64_t random = 12345;
  int unsat_seen = 0, sat_seen = 0;
  for (int trial = 0; trial < 600; trial++) {
    int n = 1 + trial % 9;
    nq_verify_square placed[9], blocked[20];
    int placed_count = 0, blocked_count = 0;
    int wanted_placed = (int)((random >> 33) % 4), wanted_blocked = (int)((random >> 40) % 8);
    for (int i = 0; i < wanted_placed + wanted_blocked; i++) {
      random = random * 6364136223846793005u + 1442695040888963407u;
      nq_verify_square square = {(int)((random >> 35) % (uint64_t)n),
                                 (int)((random >> 45) % (uint64_t)n)};
      if (i < wanted_placed)
        placed[placed_count++] = square; /* may attack another: then no completion */
      else
        blocked[blocked_count++] = square;
    }
    random = random * 6364136223846793005u + 1442695040888963407u;
    nq_completion_problem problem = {n, placed, placed_count, blocked, blocked_count, 0, 0, NULL};
    brute expected = {&problem, 0};
    nq_verify_enumerate(n, brute_count, &expected);
    nq_completion_result result;
    int first[9];
    CHECK(nq_verify_count_completions(&problem, first, &result) == NQ_OK, "trial %d", trial);
    CHECK(result.exact && result.decided && result.count == expected.count &&
              result.satisfiable == (expected.count > 0),
          "trial %d (n = %d, %d placed, %d blocked): %llu completions, brute force %llu", trial, n,
          placed_count, blocked_count, (unsigned long long)result.count,
          (unsigned long long)expected.count);
    if (result.satisfiable) {
      sat_seen++;
      brute one = {&problem, 0};
      brute_count(&one, first, n);
      char why[200];
      CHECK(one.count == 1 && nq_verify_check_placement(first, n, why, sizeof why),
            "trial %d: the first completion is not one", trial);
    } else {
      unsat_seen++;
    }
    /* Deciding only: the same status. */
    problem.first_only = 1;
    CHECK(nq_verify_count_completions(&problem, NULL, &result) == NQ_OK && result.decided &&
              result.satisfiable == (expected.count > 0),
          "trial %d: deciding disagrees", trial);
  }
  CHECK(sat_seen > 50 && unsat_seen > 50, "the random trials cover both answers (%d, %d)", sat_seen,
        unsat_seen);
  /* A node limit leaves the count inexact but says so. */
  nq_completion_problem limited = {.n = 12, .node_limit = 100};
  nq_completion_result result;
  nq_verify_count_completions(&limited, NULL, &result);
  CHECK(!result.exact && result.count < 14200, "a limited count is not exact");
  /* A square off the board is an argument error. */
  nq_verify_square off = {8, 0};
  nq_completion_problem bad = {8, &off, 1, NULL, 0, 0, 0, NULL};
  CHECK(nq_verify_count_completions(&bad, NULL, &result) == NQ_ERR_ARGUMENT, "off the board");
  /* A stop flag already raised interrupts. */
  volatile sig_atomic_t stop = 1;
  nq_completion_problem stopped = {.n = 14, .stop = &stop};
  CHECK(nq_verify_count_completions(&stopped, NULL, &result) == NQ_ERR_INTERRUPTED, "stop");
}

static void test_construction(void) {
  int *columns = malloc(5000 * sizeof *columns);
  char why[200];
  for (int n = 1; n <= 5000; n += n < 200 ? 1 : 97) {
    int made = nq_verify_construct_solution(n, columns);
    if (n == 2 || n == 3) {
      CHECK(made == -1, "n = %d has no solution", n);
      continue;
    }
    CHECK(made == 0 && nq_verify_check_placement_linear(columns, n, why, sizeof why) == 1,
          "construction for n = %d: %s", n, made ? "none" : why);
  }
  free(columns);
}

/* A pairwise N-Queens CNF written here, independently of the encoder. */
static char *pairwise_cnf(int n, const char *extra_header, const char *units, int unit_count) {
  size_t capacity = 1 << 20;
  char *text = malloc(capacity);
  size_t used = 0;
  int clauses = unit_count;
  char *body = malloc(capacity);
  size_t body_used = 0;
#define X(r, c) ((r)*n + (c) + 1)
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++)
      body_used += (size_t)sprintf(body + body_used, "%d ", X(r, c));
    body_used += (size_t)sprintf(body + body_used, "0\n");
    clauses++;
  }
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++) {
      int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
      if (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb) {
        body_used += (size_t)sprintf(body + body_used, "-%d -%d 0\n", a + 1, b + 1);
        clauses++;
      }
    }
#undef X
  used += (size_t)sprintf(text + used, "c N: %d\n%sp cnf %d %d\n%s", n, extra_header, n * n,
                          clauses, units);
  memcpy(text + used, body, body_used + 1);
  free(body);
  return text;
}

typedef struct verdicts {
  int kinds[8];
  int count;
  char last[400];
} verdicts;

static void collect(void *context, const nq_verdict *verdict) {
  verdicts *seen = context;
  seen->kinds[verdict->kind]++;
  seen->count++;
  snprintf(seen->last, sizeof seen->last, "%s: %s", verdict->subject, verdict->text);
}

typedef struct truth_holder {
  const nq_instance *instance;
  nq_instance_truth truth;
  int computed;
} truth_holder;

static const nq_instance_truth *compute(void *context) {
  truth_holder *holder = context;
  if (!holder->computed) {
    holder->computed = 1;
    if (nq_instance_compute_truth(holder->instance, 0, NULL, &holder->truth) != NQ_OK)
      return NULL;
  }
  return &holder->truth;
}

/* Judges `answer_text` on the instance at `path`; returns the verdicts. */
static verdicts judge_text(const char *path, const char *answer_text) {
  verdicts seen;
  memset(&seen, 0, sizeof seen);
  char error[300];
  nq_instance *instance;
  if (nq_instance_read(path, &instance, error, sizeof error) != NQ_OK) {
    CHECK(0, "reading %s: %s", path, error);
    return seen;
  }
  nq_answer *answer = nq_answer_new(instance->variables);
  FILE *input = fmemopen((void *)answer_text, strlen(answer_text), "r");
  nq_status status = nq_answer_read(answer, input, "answer", error, sizeof error);
  fclose(input);
  if (status == NQ_OK) {
    truth_holder holder = {instance, {0}, 0};
    status = nq_answer_judge(instance, path, answer, compute, &holder, collect, &seen, error,
                             sizeof error);
    nq_instance_truth_clear(&holder.truth);
  }
  if (status != NQ_OK)
    snprintf(seen.last, sizeof seen.last, "error: %s", error);
  nq_answer_free(answer);
  nq_instance_free(instance);
  return seen;
}

static void expect_verdict(const char *path, const char *answer, nq_verdict_kind kind, int count,
                           const char *what) {
  verdicts seen = judge_text(path, answer);
  CHECK(seen.count == count && seen.kinds[kind] == count, "%s: %d verdicts (%d %s); last: %s", what,
        seen.count, seen.kinds[kind], nq_verdict_name(kind), seen.last);
}

static void test_headers_and_answers(void) {
  char error[300];
  nq_instance *instance;
  /* The 4x4 board: solutions 2 4 1 3 and 3 1 4 2. */
  char *text = pairwise_cnf(4, "c t pmc\nc models: parsimonious, exactly one\n", "", 0);
  char *four = write_file("q4.cnf", text, 0);
  free(text);
  CHECK(nq_instance_read(four, &instance, error, sizeof error) == NQ_OK, "%s", error);
  if (instance) {
    CHECK(instance->n == 4 && instance->variables == 16 && instance->format == NQ_INSTANCE_CNF &&
              instance->parsimonious && !strcmp(instance->count_type, "pmc") &&
              instance->queen_variable[5] == 6 && !instance->shuffled,
          "q4 header");
    nq_instance_free(instance);
  }
  /* 2 4 1 3: variables 2, 8, 9, 15. */
  const char *good = "s SATISFIABLE\nv -1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n";
  expect_verdict(four, good, NQ_VERDICT_CORRECT, 1, "a valid model");
  expect_verdict(four, "s SATISFIABLE\nv -1 2 -3 -4 -5 -6 -7 8 9 -10\nv -11 -12 -13 -14 -15 16 0\n",
                 NQ_VERDICT_INVALID_MODEL, 1, "a flipped literal over two v lines");
  expect_verdict(four, "SAT\n-1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n",
                 NQ_VERDICT_CORRECT, 1, "a MiniSat result file");
  expect_verdict(four,
                 "s SATISFIABLE\nv -x1 x2 -x3 -x4 -x5 -x6 -x7 x8\nv x9 -x10 -x11 -x12 "
                 "-x13 -x14 x15 -x16\n",
                 NQ_VERDICT_CORRECT, 1, "PB-style literals");
  /* Unassigned variables satisfy nothing: listing only the true literals
   * leaves the binary clauses unsatisfied. */
  expect_verdict(four, "v 2 8 9 15 0\n", NQ_VERDICT_INVALID_MODEL, 1,
                 "a partial model giving the true literals only");
  expect_verdict(four, "v 2 8 9 15 3 0\n", NQ_VERDICT_INVALID_MODEL, 1, "two queens in row 1");
  expect_verdict(four, "s UNSATISFIABLE\n", NQ_VERDICT_WRONG_STATUS, 1, "a false UNSAT claim");
  expect_verdict(four, "s SATISFIABLE\n", NQ_VERDICT_INVALID_MODEL, 1, "SAT without a model");
  expect_verdict(four, "s UNKNOWN\n", NQ_VERDICT_UNKNOWN, 1, "UNKNOWN");
  expect_verdict(four, "c nothing but comments\n", NQ_VERDICT_UNKNOWN, 1, "no answer");
  expect_verdict(four, "s mc 2\n", NQ_VERDICT_CORRECT, 1, "MCC 2020 count");
  expect_verdict(four, "s SATISFIABLE\nc s type pmc\nc s exact arb int 3\n", NQ_VERDICT_WRONG_COUNT,
                 1, "a wrong MCC 2021 count");
  expect_verdict(four, "s SATISFIABLE\ns UNSATISFIABLE\n", NQ_VERDICT_WRONG_STATUS, 1,
                 "conflicting claims");
  /* MCC 2021+ answers, written from the competition's output rules: the
   * exact count is compared as digits, so 2^64 + 2 is not 2. */
  expect_verdict(four,
                 "s SATISFIABLE\nc s type pmc\nc s log10-estimate 0.30103\n"
                 "c s exact arb int 2\n",
                 NQ_VERDICT_CORRECT, 2, "an MCC 2021 count with its estimate");
  expect_verdict(four, "s SATISFIABLE\nc s type pmc\nc s exact arb int 18446744073709551618\n",
                 NQ_VERDICT_WRONG_COUNT, 1, "2^64 + 2 claimed for 2");
  verdicts estimate = judge_text(four, "s SATISFIABLE\nc s type pmc\nc s log10-estimate 1.5\n"
                                       "c s exact arb int 2\n");
  CHECK(estimate.count == 2 && estimate.kinds[NQ_VERDICT_WRONG_COUNT] == 1 &&
            strstr(estimate.last, "log10-estimate 1.5, but the count 2"),
        "an estimate that is not the count's log10: %s", estimate.last);
  expect_verdict(four, "s SATISFIABLE\nc s type pmc\nc s exact arb int 0\n", NQ_VERDICT_WRONG_COUNT,
                 1, "0 models of a satisfiable instance");
  expect_verdict(four, "c s exact arb int 2\nc s exact arb int 3\n", NQ_VERDICT_WRONG_COUNT, 1,
                 "two different counts");
  /* A list of models: a repeat is wrong; its count must be the distinct
   * models listed, and they must hold both boards. */
  const char *model_2413 = "v -1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n";
  const char *model_3142 = "v -1 -2 3 -4 5 -6 -7 -8 -9 -10 -11 12 -13 14 -15 -16 0\n";
  char listed[600];
  snprintf(listed, sizeof listed, "%s%s%ss SOLUTIONS 3\n", model_2413, model_3142, model_2413);
  verdicts twice = judge_text(four, listed);
  CHECK(twice.count == 4 && twice.kinds[NQ_VERDICT_WRONG_COUNT] == 2 &&
            strstr(twice.last, "3 models claimed ('s SOLUTIONS'), but 2 distinct listed"),
        "a model listed twice, and counted: %d verdicts, %s", twice.count, twice.last);
  snprintf(listed, sizeof listed, "%ss SOLUTIONS 1\n", model_2413);
  verdicts short_list = judge_text(four, listed);
  CHECK(short_list.kinds[NQ_VERDICT_WRONG_COUNT] == 1 &&
            strstr(short_list.last, "1 of the 2 boards"),
        "a list claimed complete that misses a board: %s", short_list.last);
  snprintf(listed, sizeof listed, "%s%sc 2 models\n", model_2413, model_3142);
  expect_verdict(four, listed, NQ_VERDICT_CORRECT, 3, "nqsat's complete list");
  expect_verdict(four,
                 "v -1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n"
                 "v -1 -2 3 -4 5 -6 -7 -8 -9 -10 -11 12 -13 14 -15 -16 0\n",
                 NQ_VERDICT_CORRECT, 2, "two models");
  verdicts cut = judge_text(four, "v 2 8 9\n");
  CHECK(strstr(cut.last, "answer:1: model starting here is cut off"), "cut-off model: %s",
        cut.last);
  verdicts bad = judge_text(four, "v 2 eight 0\n");
  CHECK(strstr(bad.last, "answer:1: 'eight' is not a literal"), "bad literal: %s", bad.last);
  expect_verdict(four, "v 2 8 9 15 99 0\n", NQ_VERDICT_INVALID_MODEL, 1, "literal 99");

  /* The 3x3 board has no solution. */
  text = pairwise_cnf(3, "", "", 0);
  char *three = write_file("q3.cnf.gz", text, 1);
  free(text);
  expect_verdict(three, "s UNSATISFIABLE\n", NQ_VERDICT_CORRECT, 1, "a true UNSAT claim (gzip)");
  expect_verdict(three, "s mc 0\n", NQ_VERDICT_CORRECT, 1, "count 0");

  /* A shuffled-style map: queen variable v is 5(v-1) mod 16 + 1 in the
   * file (5 is prime to 16, so this is a permutation, and not a symmetry of
   * the board). A placed queen at row 1, column 2 (1-based) and a blocked
   * square at 4,2 leave one completion: 2 4 1 3. The body is the plain
   * formula over the original numbers, so a model decoded through the map
   * fails the clause check: what a body that does not match must do. */
#define RENAMED(v) (5 * ((v)-1) % 16 + 1)
  char map[400] = "c nqsat map";
  for (int v = 1; v <= 16; v++)
    sprintf(map + strlen(map), " %d %d", v, RENAMED(v));
  strcat(map, "\nc placed queens (row,column from 1): 1,2\n"
              "c blocked squares (row,column from 1): 4,2\n");
  char units[64];
  sprintf(units, "%d 0\n-%d 0\n", RENAMED(2), RENAMED(14));
  text = pairwise_cnf(4, map, units, 2);
  char *mapped = write_file("mapped.cnf", text, 0);
  free(text);
  CHECK(nq_instance_read(mapped, &instance, error, sizeof error) == NQ_OK, "%s", error);
  if (instance) {
    CHECK(instance->shuffled && instance->queen_variable[1] == RENAMED(2) &&
              instance->placed_count == 1 && instance->placed[0].row == 0 &&
              instance->placed[0].column == 1 && instance->blocked_count == 1 &&
              instance->blocked[0].row == 3 && instance->blocked[0].column == 1,
          "mapped header");
    nq_instance_truth truth;
    CHECK(nq_instance_compute_truth(instance, 0, NULL, &truth) == NQ_OK && truth.status == 10 &&
              truth.models_exact && truth.models == 1 && truth.witness[0] == 1,
          "the mapped instance has exactly the completion 2 4 1 3 (counted %llu)",
          (unsigned long long)truth.models);
    nq_instance_truth_clear(&truth);
    nq_instance_free(instance);
  }
  char renamed[100];
  sprintf(renamed, "v %d %d %d %d 0\n", RENAMED(2), RENAMED(8), RENAMED(9), RENAMED(15));
  verdicts through_map = judge_text(mapped, renamed);
  CHECK(through_map.kinds[NQ_VERDICT_INVALID_MODEL] == 1 &&
            strstr(through_map.last, "the board is a solution, but clause"),
        "decoded through the map: %s", through_map.last);
  verdicts unmapped = judge_text(mapped, "v 2 8 9 15 0\n");
  CHECK(unmapped.kinds[NQ_VERDICT_INVALID_MODEL] == 1 && !strstr(unmapped.last, "is a solution"),
        "the original numbers do not decode: %s", unmapped.last);
#undef RENAMED

  /* OPB with a random queen line and a placed queen that excludes 2 4 1 3. */
  char *opb = write_file("q4.opb",
                         "* #variable= 16 #constraint= 2\n* N: 4\n"
                         "* random queen (seed 3): row 1, column 3\n"
                         "+1 x3 = 1 ;\n+1 x1 +1 x3 = 1 ;\n",
                         0);
  CHECK(nq_instance_read(opb, &instance, error, sizeof error) == NQ_OK, "%s", error);
  if (instance) {
    CHECK(instance->format == NQ_INSTANCE_OPB && instance->placed_count == 1 &&
              instance->placed[0].column == 2,
          "OPB header");
    nq_instance_free(instance);
  }
  expect_verdict(opb,
                 "s SATISFIABLE\nv -x1 x2 -x3 -x4 -x5 -x6 -x7 x8 x9 -x10 -x11 -x12 -x13 "
                 "-x14 x15 -x16\n",
                 NQ_VERDICT_INVALID_MODEL, 1, "the OPB placed queen is missing");
  verdicts unvalued = judge_text(opb, "s SATISFIABLE\nv x3 x5 x12 x14\n");
  CHECK(unvalued.kinds[NQ_VERDICT_INVALID_MODEL] == 1 &&
            strstr(unvalued.last, "constraint 2: x1 has no value"),
        "OPB variables without a value: %s", unvalued.last);
  expect_verdict(opb,
                 "s SATISFIABLE\nv x3 x5 x12 x14 -x1 -x2 -x4 -x6 -x7 -x8 -x9 -x10 -x11 "
                 "-x13 -x15 -x16\n",
                 NQ_VERDICT_CORRECT, 1, "3 1 4 2 on OPB");

  /* Malformed headers. */
  static const char *malformed[][2] = {
      {"p cnf 4 0\n", "not an nqsat instance"},
      {"c N: 2\np cnf 3 0\n", "3 variables cannot hold"},
      {"c N: 2\nc nqsat map 1 2 2 1 3 3\np cnf 4 0\n", "one per queen variable"},
      {"c N: 2\nc nqsat map 1 2 2 2 3 3 4 4\np cnf 4 0\n", "two queens to variable 2"},
      {"c N: 2\nc placed queens (row,column from 1): 3,1\np cnf 4 0\n", "off the 2x2 board"},
      {"c N: x\np cnf 4 0\n", ":1: 'N:' expects"},
      {"c N: 2\n", "no 'p cnf' line"},
  };
  for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
    char *path = write_file("bad.cnf", malformed[i][0], 0);
    instance = NULL;
    nq_status status = nq_instance_read(path, &instance, error, sizeof error);
    CHECK(status == NQ_ERR_PARSE && strstr(error, malformed[i][1]) && !instance,
          "malformed header %zu: %s", i, error);
    free(path);
  }
  CHECK(nq_instance_read("/nonexistent/q.cnf", &instance, error, sizeof error) == NQ_ERR_IO,
        "a missing file is an I/O error");
  free(four);
  free(three);
  free(mapped);
  free(opb);
}

int main(void) {
  if (!mkdtemp(directory)) {
    perror("mkdtemp");
    return 1;
  }
  test_md5();
  test_gbd_hash();
  test_completions();
  test_construction();
  test_headers_and_answers();
  char command[200];
  snprintf(command, sizeof command, "rm -rf '%s'", directory);
  if (system(command) != 0)
    fprintf(stderr, "could not remove %s\n", directory);
  return check_report("instance_verify");
}
