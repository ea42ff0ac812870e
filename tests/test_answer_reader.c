/* The answer reader's "v" lines against a reference reader written here
 * with strtoll: thousands of random lines (spaces and tabs, leading zeros,
 * '+' signs, numbers of 1 to 12 digits, variables out of range, repeats
 * with the same and the other sign, malformed tokens, models split over
 * lines or cut off), each read by both and compared value by value. The
 * reader takes the common tokens eight bytes at a time, so the cases that
 * must leave that path (8 digits and more, tabs, repeats, the closing 0)
 * are generated on purpose; lines longer than the reader's block and an
 * answer without a final newline are checked as well. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/answer.h"

/* A small deterministic generator (xorshift64*), so a failure repeats. */
static uint64_t state = 0x9e3779b97f4a7c15u;

static uint64_t next_random(void) {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545f4914f6cdd1du;
}

static uint64_t below(uint64_t bound) { return next_random() % bound; }

typedef struct text {
  char *data;
  size_t length, capacity;
} text;

static void append(text *t, const char *format, ...) {
  for (;;) {
    va_list arguments;
    va_start(arguments, format);
    int used = vsnprintf(t->data + t->length, t->capacity - t->length, format, arguments);
    va_end(arguments);
    if (used >= 0 && (size_t)used < t->capacity - t->length) {
      t->length += (size_t)used;
      return;
    }
    t->capacity = 2 * t->capacity + (size_t)used + 64;
    t->data = realloc(t->data, t->capacity);
    if (!t->data)
      abort();
  }
}

/* What the reference reader makes of an answer: an error, or the models
 * with their values (-1 not given) and whether each has a problem. */
typedef struct expected {
  int error;
  size_t models;
  signed char *values; /* models * (variables + 1) */
  int *problem;
} expected;

static void add_model(expected *e, const signed char *values, int problem, int64_t variables) {
  size_t width = (size_t)variables + 1;
  e->values = realloc(e->values, (e->models + 1) * width);
  e->problem = realloc(e->problem, (e->models + 1) * sizeof *e->problem);
  if (!e->values || !e->problem)
    abort();
  memcpy(e->values + e->models * width, values, width);
  e->problem[e->models++] = problem;
}

/* The grammar of DIMACS "v" lines, read the plain way: whitespace-separated
 * tokens, each an optional sign and decimal digits below 2^31; 0 closes a
 * model; text after the 0 on its line is an error; a model still open at
 * the end is an error. */
static expected reference_read(const char *answer, int64_t variables) {
  expected e = {0};
  size_t width = (size_t)variables + 1;
  signed char *values = malloc(width);
  int open = 0, problem = 0;
  char *copy = strdup(answer), *save_line = NULL;
  for (char *line = strtok_r(copy, "\n", &save_line); line && !e.error;
       line = strtok_r(NULL, "\n", &save_line)) {
    if (line[0] != 'v')
      continue;
    char *save_token = NULL;
    int closed = 0;
    for (char *token = strtok_r(line + 1, " \t\r\v\f", &save_token); token;
         token = strtok_r(NULL, " \t\r\v\f", &save_token)) {
      if (closed) {
        e.error = 1;
        break;
      }
      char *end;
      errno = 0;
      long long literal = strtoll(token, &end, 10);
      int digits_only = token[token[0] == '-' || token[0] == '+'] >= '0' &&
                        token[token[0] == '-' || token[0] == '+'] <= '9';
      if (*end || !digits_only || errno || literal > INT32_MAX || literal < -INT32_MAX) {
        e.error = 1;
        break;
      }
      if (!open) {
        memset(values, -1, width);
        open = 1;
        problem = 0;
      }
      if (literal == 0) {
        add_model(&e, values, problem, variables);
        open = 0;
        closed = 1;
        continue;
      }
      long long variable = literal < 0 ? -literal : literal;
      if (variable > variables) {
        problem = 1;
        continue;
      }
      signed char value = literal > 0;
      if (values[variable] >= 0 && values[variable] != value)
        problem = 1;
      values[variable] = value;
    }
  }
  if (open)
    e.error = 1;
  free(copy);
  free(values);
  return e;
}

static void compare(const char *answer, size_t length, int64_t variables, const char *what) {
  expected e = reference_read(answer, variables);
  nq_answer *read = nq_answer_new(variables);
  FILE *input = fmemopen((void *)answer, length, "r");
  char error[300];
  nq_status status = nq_answer_read(read, input, "answer", error, sizeof error);
  fclose(input);
  if (e.error) {
    CHECK(status == NQ_ERR_PARSE, "%s: the reference finds an error, the reader status %d", what,
          (int)status);
  } else if (status != NQ_OK) {
    CHECK(0, "%s: reader error '%s' where the reference reads %zu models", what, error, e.models);
  } else {
    CHECK(read->model_count == e.models, "%s: %zu models read, %zu expected", what,
          read->model_count, e.models);
    size_t width = (size_t)variables + 1;
    signed char *unpacked = malloc(width);
    for (size_t m = 0; m < e.models && m < read->model_count; m++) {
      CHECK(!read->models[m].problem == !e.problem[m], "%s: model %zu problem '%s', expected %s",
            what, m + 1, read->models[m].problem ? read->models[m].problem : "none",
            e.problem[m] ? "one" : "none");
      if (e.problem[m])
        continue; /* values after a problem are not promised */
      nq_answer_values(read, m, unpacked);
      for (int64_t v = 1; v <= variables; v++) {
        signed char want = e.values[m * width + (size_t)v];
        if (nq_answer_value(read, m, v) != want || unpacked[v] != want) {
          CHECK(0, "%s: model %zu variable %lld read %d (unpacked %d), expected %d", what, m + 1,
                (long long)v, nq_answer_value(read, m, v), unpacked[v], want);
          break;
        }
      }
    }
    free(unpacked);
  }
  nq_answer_free(read);
  free(e.values);
  free(e.problem);
}

/* A random token for a variable count: mostly literals in range, some
 * out of range, some with leading zeros or '+', a few malformed. */
static void random_token(text *t, int64_t variables) {
  int kind = (int)below(100);
  int64_t variable = 1 + (int64_t)below((uint64_t)variables);
  const char *sign = below(2) ? "-" : "";
  if (kind < 70) {
    append(t, "%s%lld", sign, (long long)variable);
  } else if (kind < 78) {
    append(t, "%s%lld", sign, (long long)(variables + 1 + (int64_t)below(3))); /* out of range */
  } else if (kind < 84) {
    append(t, "%s%0*lld", sign, (int)(2 + below(9)), (long long)variable); /* leading zeros */
  } else if (kind < 88) {
    append(t, "+%lld", (long long)variable);
  } else if (kind < 92) {
    append(t, "%s%lld", sign, (long long)(10000000 + below(5000000000u))); /* 8 to 10 digits */
  } else if (kind < 96) {
    /* Malformed: a letter or a second literal glued to the first. */
    if (below(2))
      append(t, "%s%lld%c", sign, (long long)variable, "ax-"[below(3)]);
    else
      append(t, "%s%lld-%lld", sign, (long long)variable, (long long)variable);
  } else {
    append(t, "%s", below(2) ? "--1" : "-");
  }
}

static const char *separator(void) {
  static const char *choices[] = {" ", " ", " ", " ", "  ", "\t", " \t "};
  return choices[below(sizeof choices / sizeof *choices)];
}

static void test_random_lines(void) {
  static const int64_t sizes[] = {1, 3, 9, 37, 200, 4096};
  for (int round = 0; round < 3000; round++) {
    /* Now and then a count of 7 digits, so that in-range tokens reach it. */
    int64_t variables =
        below(50) ? sizes[below(sizeof sizes / sizeof *sizes)] : 1000000 + (int64_t)below(9000000);
    text t = {0};
    int models = 1 + (int)below(3);
    int malformed_allowed = below(4) == 0;
    for (int m = 0; m < models; m++) {
      append(&t, "v");
      int tokens = (int)below(variables < 40 ? (uint64_t)variables * 2 + 2 : 60);
      for (int i = 0; i < tokens; i++) {
        append(&t, "%s", separator());
        size_t before = t.length;
        random_token(&t, variables);
        /* Malformed tokens only in some rounds, so most rounds read models. */
        if (!malformed_allowed &&
            (strpbrk(t.data + before, "ax") || strchr(t.data + before + 1, '-') ||
             t.data[t.length - 1] == '-')) {
          t.length = before;
          t.data[t.length] = '\0';
          append(&t, "%lld", (long long)(1 + below((uint64_t)variables)));
        }
        if (below(12) == 0)
          append(&t, "\nv");
      }
      if (below(40) != 0) /* else the model is cut off */
        append(&t, "%s0", separator());
      append(&t, below(10) ? "\n" : "   \n");
    }
    char what[64];
    snprintf(what, sizeof what, "round %d (%lld variables)", round, (long long)variables);
    compare(t.data, t.length, variables, what);
    free(t.data);
  }
}

/* A model on one line of several megabytes (longer than the reader's block
 * of 1 MiB, so the line is carried over and the block grown), then one
 * without a final newline. */
static void test_long_line_and_no_newline(void) {
  int64_t variables = 400000;
  text t = {0};
  append(&t, "s SATISFIABLE\nv");
  for (int64_t v = 1; v <= variables; v++)
    append(&t, " %s%lld", v % 3 ? "-" : "", (long long)v);
  append(&t, " 0\nv");
  for (int64_t v = variables; v >= 1; v--)
    append(&t, " %s%lld", v % 5 ? "" : "-", (long long)v);
  append(&t, " 0");
  compare(t.data, t.length, variables, "two long lines");
  free(t.data);
}

int main(void) {
  test_random_lines();
  test_long_line_and_no_newline();
  return check_report("test_answer_reader");
}
