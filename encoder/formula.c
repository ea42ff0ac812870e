/* The N-Queens formula: which constraints exist and in what order. */
#include <stdlib.h>
#include <string.h>

#include "amo.h"

static const struct {
  nq_amo amo;
  const char *name;
  void (*encode)(clause_emitter *, const int *, int);
} encodings[] = {
    {NQ_AMO_PAIRWISE, "pairwise", amo_pairwise},
    {NQ_AMO_SEQUENTIAL, "seq", amo_sequential},
};
enum { ENCODING_COUNT = sizeof encodings / sizeof encodings[0] };

const char *nq_amo_name(nq_amo amo) {
  for (int i = 0; i < ENCODING_COUNT; i++)
    if (encodings[i].amo == amo)
      return encodings[i].name;
  return "unknown";
}

int nq_amo_from_name(const char *name, nq_amo *amo) {
  for (int i = 0; i < ENCODING_COUNT; i++)
    if (!strcmp(encodings[i].name, name)) {
      *amo = encodings[i].amo;
      return 0;
    }
  return -1;
}

void emit_clause(clause_emitter *emitter, const int *literals, size_t count) {
  if (emitter->status != NQ_OK)
    return;
  if (emitter->sink->add_clause(emitter->sink->context, literals, count))
    emitter->status = NQ_ERR_STOPPED;
}

void emit_binary(clause_emitter *emitter, int first, int second) {
  int literals[2] = {first, second};
  emit_clause(emitter, literals, 2);
}

int fresh_variable(clause_emitter *emitter) { return emitter->next_variable++; }

static int queen_variable(int n, int row, int column) { return row * n + column + 1; }

nq_status nq_encoder_generate(const nq_encoding *encoding, const nq_clause_sink *sink) {
  int n = encoding->n;
  if (n < 1 || n > NQ_ENCODER_MAX_N)
    return NQ_ERR_ARGUMENT;
  void (*at_most_one)(clause_emitter *, const int *, int) = NULL;
  for (int i = 0; i < ENCODING_COUNT; i++)
    if (encodings[i].amo == encoding->amo)
      at_most_one = encodings[i].encode;
  if (!at_most_one)
    return NQ_ERR_ARGUMENT;
  int *line = malloc((size_t)n * sizeof *line);
  if (!line)
    return NQ_ERR_MEMORY;
  clause_emitter emitter = {sink, n * n + 1, NQ_OK};

  for (int row = 0; row < n; row++) {
    for (int column = 0; column < n; column++)
      line[column] = queen_variable(n, row, column);
    emit_clause(&emitter, line, (size_t)n); /* at least one queen per row */
    at_most_one(&emitter, line, n);
  }
  for (int column = 0; column < n; column++) {
    for (int row = 0; row < n; row++)
      line[row] = queen_variable(n, row, column);
    at_most_one(&emitter, line, n);
  }
  /* Diagonals r - c = d, from the top-right corner to the bottom-left. */
  for (int difference = -(n - 1); difference <= n - 1; difference++) {
    int length = 0;
    for (int row = 0; row < n; row++) {
      int column = row - difference;
      if (column >= 0 && column < n)
        line[length++] = queen_variable(n, row, column);
    }
    at_most_one(&emitter, line, length);
  }
  /* Anti-diagonals r + c = s. */
  for (int sum = 0; sum <= 2 * (n - 1); sum++) {
    int length = 0;
    for (int row = 0; row < n; row++) {
      int column = sum - row;
      if (column >= 0 && column < n)
        line[length++] = queen_variable(n, row, column);
    }
    at_most_one(&emitter, line, length);
  }
  free(line);
  return emitter.status;
}

typedef struct size_counter {
  nq_formula_size *size;
} size_counter;

static int count_clause(void *context, const int *literals, size_t count) {
  nq_formula_size *size = ((size_counter *)context)->size;
  size->clauses++;
  size->literals += (int64_t)count;
  for (size_t i = 0; i < count; i++) {
    int64_t variable = literals[i] < 0 ? -(int64_t)literals[i] : literals[i];
    if (variable > size->variables)
      size->variables = variable;
  }
  return 0;
}

nq_status nq_encoder_measure(const nq_encoding *encoding, nq_formula_size *size) {
  memset(size, 0, sizeof *size);
  if (encoding->n < 1 || encoding->n > NQ_ENCODER_MAX_N)
    return NQ_ERR_ARGUMENT;
  size->variables = (int64_t)encoding->n * encoding->n;
  size_counter counter = {size};
  nq_clause_sink sink = {&counter, count_clause};
  return nq_encoder_generate(encoding, &sink);
}
