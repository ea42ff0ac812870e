/* `check --instance` on rows-model files:
 * for every CSP encoding, plain and shuffled, the verifier's instance
 * reader (nq_instance_read) takes the numbering from the header words and
 * nq_instance_decode_board reads every solution back from a model built
 * here, by the numbering of docs/teaching.md and the file's own map lines
 * (parsed here), for every board the native solver finds (N = 6 and 8);
 * each such model also satisfies every clause of the file, read with
 * nq_instance_scan, so the encoder and the verifier agree on what the
 * variables mean. A broken model (a row with two values, a broken ladder,
 * a value above N) is refused with a reason, and headers that name an
 * unknown model or encoding are refused with their line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "nqsat/encoder.h"
#include "nqsat/instance.h"
#include "nqsat/verify.h"

static char directory[] = "/tmp/nqsat-instance-rows.XXXXXX";

static int width_of(nq_csp csp, int n) {
  int bits = 0;
  while ((1 << bits) < n)
    bits++;
  return csp == NQ_CSP_ORDER ? n - 1 : csp == NQ_CSP_LOG ? bits : n;
}

/* The variables of board `columns` by the documented numbering, renamed
 * through `renamed` (file variable of variable k + 1, or NULL). */
static void build_model(nq_csp csp, int n, const int *columns, const int *renamed,
                        signed char *values, int variables) {
  int width = width_of(csp, n);
  memset(values, 0, (size_t)variables + 1);
  for (int row = 0; row < n; row++)
    for (int k = 0; k < width; k++) {
      int on = csp == NQ_CSP_ORDER ? columns[row] <= k
               : csp == NQ_CSP_LOG ? (columns[row] >> k) & 1
                                   : columns[row] == k;
      int variable = row * width + k + 1;
      values[renamed ? renamed[variable - 1] : variable] = (signed char)on;
    }
}

/* The "c nqsat map" lines of `path`, as the test reads them. */
static int *read_map(const char *path, int count) {
  FILE *file = fopen(path, "r");
  int *renamed = NULL;
  char line[8192];
  while (file && fgets(line, sizeof line, file) && line[0] == 'c') {
    if (strncmp(line, "c nqsat map ", 12))
      continue;
    if (!renamed)
      renamed = calloc((size_t)count, sizeof *renamed);
    int original, variable, used;
    for (char *p = line + 12; sscanf(p, "%d %d%n", &original, &variable, &used) == 2; p += used)
      if (original >= 1 && original <= count)
        renamed[original - 1] = variable;
  }
  if (file)
    fclose(file);
  return renamed;
}

typedef struct evaluation {
  const signed char *values;
  long clauses, falsified;
} evaluation;

static int evaluate_clause(void *context, const int *literals, size_t count) {
  evaluation *e = context;
  int satisfied = 0;
  for (size_t i = 0; i < count && !satisfied; i++)
    satisfied = literals[i] > 0 ? e->values[literals[i]] == 1 : e->values[-literals[i]] == 0;
  e->clauses++;
  e->falsified += !satisfied;
  return 0;
}

typedef struct board_list {
  int *boards;
  int count;
} board_list;

static int collect(void *context, const int *columns, int n) {
  board_list *list = context;
  list->boards = realloc(list->boards, (size_t)(list->count + 1) * (size_t)n * sizeof(int));
  memcpy(list->boards + (size_t)list->count * (size_t)n, columns, (size_t)n * sizeof(int));
  list->count++;
  return 0;
}

static void check_file(nq_csp csp, int n, int shuffled) {
  char path[256], error[512], why[200];
  snprintf(path, sizeof path, "%s/%s_%d_%d.cnf", directory, nq_csp_name(csp), n, shuffled);
  nq_encoding encoding = {.n = n, .model = NQ_MODEL_ROWS, .csp = csp};
  nq_output *output;
  CHECK(nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, sizeof error) == NQ_OK, "%s",
        error);
  nq_status status = shuffled ? nq_encoder_write_shuffled_dimacs(&encoding, NULL, 11, output)
                              : nq_encoder_write_dimacs(&encoding, NULL, output);
  CHECK(status == NQ_OK && nq_output_commit(output, error, sizeof error) == NQ_OK, "%s", path);
  nq_instance *instance = NULL;
  CHECK(nq_instance_read(path, &instance, error, sizeof error) == NQ_OK, "%s", error);
  if (!instance)
    return;
  int count = n * width_of(csp, n);
  nq_verify_numbering expected = csp == NQ_CSP_DIRECT    ? NQ_VERIFY_ROWS_DIRECT
                                 : csp == NQ_CSP_SUPPORT ? NQ_VERIFY_ROWS_SUPPORT
                                 : csp == NQ_CSP_ORDER   ? NQ_VERIFY_ROWS_ORDER
                                                         : NQ_VERIFY_ROWS_LOG;
  CHECK(instance->numbering == expected, "%s: numbering %d, expected %d", path,
        (int)instance->numbering, (int)expected);
  CHECK(instance->shuffled == shuffled && instance->parsimonious, "%s: shuffled %d parsimonious %d",
        path, instance->shuffled, instance->parsimonious);
  int *renamed = shuffled ? read_map(path, count) : NULL;
  CHECK(!shuffled || renamed, "%s: no map lines", path);
  int variables = (int)instance->variables;
  signed char *values = malloc((size_t)variables + 1);
  board_list native = {NULL, 0};
  nq_verify_enumerate(n, collect, &native);
  int columns[16], decoded_wrong = 0, falsified = 0;
  for (int b = 0; b < native.count; b++) {
    const int *board = native.boards + (size_t)b * (size_t)n;
    build_model(csp, n, board, renamed, values, variables);
    nq_model model = {values, variables};
    if (nq_instance_decode_board(instance, &model, columns, why, sizeof why) ||
        memcmp(columns, board, (size_t)n * sizeof(int)))
      decoded_wrong++;
    evaluation e = {values, 0, 0};
    nq_formula_visitor visitor = {&e, evaluate_clause, NULL, NULL};
    CHECK(nq_instance_scan(path, &visitor, error, sizeof error) == NQ_OK, "%s", error);
    falsified += e.falsified > 0;
  }
  CHECK(native.count > 0 && decoded_wrong == 0 && falsified == 0,
        "%s: of %d boards, %d decoded wrongly, %d models falsify a clause", path, native.count,
        decoded_wrong, falsified);
  /* A model that is no board. */
  if (native.count) {
    build_model(csp, n, native.boards, renamed, values, variables);
    int first = renamed ? renamed[0] : 1, second = renamed ? renamed[1] : 2;
    if (csp == NQ_CSP_LOG) {
      /* every bit of row 1 set: value 2^w - 1 >= n for n = 6 */
      for (int k = 0; k < width_of(csp, n); k++)
        values[renamed ? renamed[k] : k + 1] = 1;
    } else if (csp == NQ_CSP_ORDER) {
      values[first] = 1;  /* q <= 1 ... */
      values[second] = 0; /* ... but not q <= 2 */
    } else {
      values[first] = values[second] = 1;
    }
    nq_model model = {values, variables};
    int broken = csp != NQ_CSP_LOG || (1 << width_of(csp, n)) - 1 >= n;
    if (broken)
      CHECK(nq_instance_decode_board(instance, &model, columns, why, sizeof why) == -1 && why[0],
            "%s: a broken model decoded", path);
  }
  free(native.boards);
  free(values);
  free(renamed);
  nq_instance_free(instance);
  remove(path);
}

static void check_refused(const char *text, const char *expected) {
  char path[256], error[512];
  snprintf(path, sizeof path, "%s/bad.cnf", directory);
  FILE *file = fopen(path, "w");
  fputs(text, file);
  fclose(file);
  nq_instance *instance = NULL;
  nq_status status = nq_instance_read(path, &instance, error, sizeof error);
  CHECK(status == NQ_ERR_PARSE && strstr(error, expected), "'%s': got %d '%s', expected '%s'",
        expected, (int)status, error, expected);
  nq_instance_free(instance);
  remove(path);
}

int main(void) {
  if (!mkdtemp(directory)) {
    perror("mkdtemp");
    return 1;
  }
  for (int csp = 0; csp < NQ_CSP_COUNT; csp++)
    for (int n = 6; n <= 8; n += 2)
      for (int shuffled = 0; shuffled < 2; shuffled++)
        check_file((nq_csp)csp, n, shuffled);
  check_refused("c N: 4\nc model: rows\nc csp: unary\np cnf 16 0\n",
                "bad.cnf:2: 'c model: rows' with 'c csp: unary'");
  check_refused("c N: 4\nc model: cubes\np cnf 16 0\n", "bad.cnf:2: 'c model: cubes'");
  check_refused("c N: 4\nc model: rows\nc csp: order\np cnf 11 0\n",
                "bad.cnf:4: 11 variables cannot hold the 12 rows-model variables of N = 4");
  rmdir(directory);
  return check_report("test_instance_rows");
}
