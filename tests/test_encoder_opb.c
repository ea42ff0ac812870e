/* The OPB output read back by an independent little PB reader (PB
 * competition grammar: "* #variable= V #constraint= C" first, '*' comments,
 * "+1 x3 -1 x4 ... >= K ;" or "= K ;"), its header checked, then its
 * solutions counted by exhaustive search with bound pruning: A000170(N) for
 * N = 1..7, and the native count of completions when queens are placed. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "nqsat/encoder.h"
#include "nqsat/verify.h"

enum { MAX_TERMS = 64, MAX_CONSTRAINTS = 512 };

typedef struct constraint {
  int coefficient[MAX_TERMS], variable[MAX_TERMS], terms;
  int equality, bound;
} constraint;

typedef struct pb {
  int variables, count;
  constraint c[MAX_CONSTRAINTS];
} pb;

/* Returns 0 on success; reports the line of the first problem. */
static int read_opb(const char *path, pb *problem) {
  FILE *in = fopen(path, "r");
  char line[8192];
  int declared_constraints = -1, number = 0;
  problem->count = 0;
  while (in && fgets(line, sizeof line, in)) {
    number++;
    if (number == 1) {
      if (sscanf(line, "* #variable= %d #constraint= %d", &problem->variables,
                 &declared_constraints) != 2) {
        CHECK(0, "%s:1: bad OPB header: %s", path, line);
        fclose(in);
        return -1;
      }
      continue;
    }
    if (line[0] == '*')
      continue;
    CHECK(problem->count < MAX_CONSTRAINTS, "too many constraints");
    constraint *c = &problem->c[problem->count++];
    memset(c, 0, sizeof *c);
    char *token = strtok(line, " \n");
    int ended = 0;
    while (token) {
      if (!strcmp(token, ">=") || !strcmp(token, "=")) {
        c->equality = token[0] == '=';
        char *bound = strtok(NULL, " \n"), *semicolon = strtok(NULL, " \n");
        CHECK(bound && semicolon && !strcmp(semicolon, ";"), "%s:%d: bad ending", path, number);
        c->bound = bound ? atoi(bound) : 0;
        ended = 1;
        break;
      }
      char *variable = strtok(NULL, " \n");
      CHECK((token[0] == '+' || token[0] == '-') && variable && variable[0] == 'x',
            "%s:%d: bad term '%s'", path, number, token);
      if (!variable || c->terms >= MAX_TERMS)
        break;
      c->coefficient[c->terms] = atoi(token);
      c->variable[c->terms] = atoi(variable + 1);
      CHECK(c->variable[c->terms] >= 1 && c->variable[c->terms] <= problem->variables,
            "%s:%d: x%d out of range", path, number, c->variable[c->terms]);
      c->terms++;
      token = strtok(NULL, " \n");
    }
    CHECK(ended, "%s:%d: no relational operator", path, number);
  }
  if (in)
    fclose(in);
  CHECK(declared_constraints == problem->count, "%s: header says %d constraints, file has %d", path,
        declared_constraints, problem->count);
  return 0;
}

/* Can constraint c still be met given value[] (-1 unassigned)? */
static int feasible(const constraint *c, const signed char *value) {
  int low = 0, high = 0;
  for (int t = 0; t < c->terms; t++) {
    int a = c->coefficient[t], v = value[c->variable[t]];
    if (v >= 0) {
      low += a * v;
      high += a * v;
    } else if (a > 0) {
      high += a;
    } else {
      low += a;
    }
  }
  return c->equality ? low <= c->bound && c->bound <= high : high >= c->bound;
}

static uint64_t count_solutions(const pb *problem, signed char *value, int next) {
  for (int i = 0; i < problem->count; i++)
    if (!feasible(&problem->c[i], value))
      return 0;
  if (next > problem->variables)
    return 1;
  uint64_t total = 0;
  for (int v = 0; v <= 1; v++) {
    value[next] = (signed char)v;
    total += count_solutions(problem, value, next + 1);
  }
  value[next] = -1;
  return total;
}

typedef struct native {
  int row, column;
  uint64_t count;
} native;

static int count_with_queen(void *context, const int *columns, int n) {
  native *want = context;
  (void)n;
  want->count += columns[want->row] == want->column;
  return 0;
}

static uint64_t opb_count(const nq_encoding *e, const char *path, pb *problem) {
  char error[256];
  nq_output *output;
  CHECK(nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, sizeof error) == NQ_OK, "%s",
        error);
  CHECK(nq_encoder_write_opb(e, NULL, output) == NQ_OK, "write_opb n=%d", e->n);
  CHECK(nq_output_commit(output, error, sizeof error) == NQ_OK, "%s", error);
  read_opb(path, problem);
  CHECK(problem->variables == e->n * e->n, "n=%d: #variable= %d", e->n, problem->variables);
  signed char value[64];
  memset(value, -1, sizeof value);
  return count_solutions(problem, value, 1);
}

int main(void) {
  char path[] = "/tmp/nqsat-opb-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0, "mkstemp");
  close(fd);
  pb *problem = malloc(sizeof *problem);
  for (int n = 1; n <= 7; n++)
    for (int redundant = 0; redundant <= 1; redundant++) {
      nq_encoding e = {.n = n, .redundant = redundant, .explain = n == 5};
      uint64_t known, found = opb_count(&e, path, problem);
      nq_verify_known_count(n, &known, NULL);
      CHECK(found == known, "OPB n=%d: %" PRIu64 " solutions, A000170 says %" PRIu64, n, found,
            known);
    }
  /* A placed queen at row 2, column 3 (0-based 1,2) on 7x7. */
  nq_square placed[] = {{1, 2}};
  nq_encoding e = {.n = 7, .placed = placed, .placed_count = 1};
  native want = {1, 2, 0};
  nq_verify_enumerate(7, count_with_queen, &want);
  uint64_t found = opb_count(&e, path, problem);
  CHECK(found == want.count, "OPB completion: %" PRIu64 ", native %" PRIu64, found, want.count);
  /* A non-solution is rejected: two queens in row 1 violate "= 1". */
  e = (nq_encoding){.n = 4};
  opb_count(&e, path, problem);
  signed char value[32];
  memset(value, 0, sizeof value);
  value[1] = value[2] = 1;
  int all_met = 1;
  for (int i = 0; i < problem->count; i++)
    all_met &= feasible(&problem->c[i], value);
  CHECK(!all_met, "two queens in a row satisfy the OPB constraints");
  unlink(path);
  free(problem);
  return check_report("test_encoder_opb");
}
