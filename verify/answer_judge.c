/* The verifier's verdicts on a solver's answer (see nqsat/answer.h). A
 * model must be a solution of the N-Queens instance (decoded by
 * nq_instance_decode_board, checked by the rules and the placed and blocked
 * squares) and a model of the file (every clause or constraint satisfied,
 * as the SAT competition's checker demands); status claims and counts are
 * compared with the verifier's own search. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/answer.h"

const char *nq_verdict_name(nq_verdict_kind kind) {
  switch (kind) {
  case NQ_VERDICT_CORRECT: return "correct";
  case NQ_VERDICT_WRONG_STATUS: return "wrong-status";
  case NQ_VERDICT_INVALID_MODEL: return "invalid-model";
  case NQ_VERDICT_WRONG_COUNT: return "wrong-count";
  case NQ_VERDICT_UNKNOWN: return "unknown";
  case NQ_VERDICT_UNVERIFIED: return "unverified";
  }
  return "?";
}

/* Evaluating every model on the formula in one pass over the file. */
typedef struct evaluation {
  const nq_answer *answer;
  char (*violation)[160]; /* per model: the first clause not satisfied, or "" */
  int64_t item;           /* 1-based number of the clause or constraint */
} evaluation;

static int literal_value(const signed char *values, int literal) {
  int value = values[literal < 0 ? -literal : literal];
  if (value < 0)
    return -1;
  return literal < 0 ? !value : value;
}

static void describe_clause(char *out, size_t size, int64_t item, const int *literals,
                            size_t count) {
  int used = snprintf(out, size, "clause %" PRId64 " (", item);
  for (size_t i = 0; i < count && used > 0 && (size_t)used < size - 16; i++)
    used += snprintf(out + used, size - (size_t)used, "%d ", literals[i]);
  if (used > 0 && (size_t)used < size)
    snprintf(out + used, size - (size_t)used, "%s0) is not satisfied",
             (size_t)used >= size - 16 ? "... " : "");
}

static int evaluate_clause(void *context, const int *literals, size_t count) {
  evaluation *state = context;
  state->item++;
  for (size_t m = 0; m < state->answer->model_count; m++) {
    if (state->violation[m][0])
      continue;
    const signed char *values = state->answer->models[m].values;
    int satisfied = 0;
    for (size_t i = 0; i < count && !satisfied; i++)
      satisfied = literal_value(values, literals[i]) == 1;
    if (!satisfied)
      describe_clause(state->violation[m], sizeof state->violation[m], state->item, literals,
                      count);
  }
  return 0;
}

static int relation_holds(const char *relation, int64_t sum, int64_t bound) {
  if (!strcmp(relation, ">="))
    return sum >= bound;
  if (!strcmp(relation, "<="))
    return sum <= bound;
  if (!strcmp(relation, "="))
    return sum == bound;
  if (!strcmp(relation, ">"))
    return sum > bound;
  return sum < bound;
}

static int evaluate_constraint(void *context, const nq_pb_term *terms, size_t count,
                               const char *relation, int64_t bound) {
  evaluation *state = context;
  if (relation[0] == 'm')
    return 0; /* an objective constrains nothing */
  state->item++;
  for (size_t m = 0; m < state->answer->model_count; m++) {
    if (state->violation[m][0])
      continue;
    const signed char *values = state->answer->models[m].values;
    int64_t sum = 0;
    for (size_t i = 0; i < count; i++) {
      int value = values[terms[i].variable];
      if (value < 0) {
        snprintf(state->violation[m], sizeof state->violation[m],
                 "constraint %" PRId64 ": x%d has no value", state->item, terms[i].variable);
        break;
      }
      sum += terms[i].coefficient * (terms[i].negated ? !value : value);
    }
    if (!state->violation[m][0] && !relation_holds(relation, sum, bound))
      snprintf(state->violation[m], sizeof state->violation[m],
               "constraint %" PRId64 " is not satisfied (left side %" PRId64 ", %s %" PRId64 ")",
               state->item, sum, relation, bound);
  }
  return 0;
}

typedef struct judge {
  const nq_instance *instance;
  const nq_answer *answer;
  nq_truth_source truth_source;
  void *truth_context;
  const nq_instance_truth *truth;
  int truth_asked;
  void (*on_verdict)(void *, const nq_verdict *);
  void *verdict_context;
} judge;

static const nq_instance_truth *truth_of(judge *j) {
  if (!j->truth_asked) {
    j->truth_asked = 1;
    j->truth = j->truth_source ? j->truth_source(j->truth_context) : NULL;
  }
  return j->truth;
}

static void say_full(judge *j, nq_verdict_kind kind, const char *subject, long line,
                     const char *text, const int *board, int incomplete) {
  nq_verdict verdict = {kind, subject, line, text, board, j->instance->n, incomplete};
  j->on_verdict(j->verdict_context, &verdict);
}

static void say(judge *j, nq_verdict_kind kind, const char *subject, long line, const char *text,
                const int *board) {
  say_full(j, kind, subject, line, text, board, 0);
}

/* "e.g. 2 4 1 3" for a witness, shortened for big boards. */
static void witness_text(const nq_instance_truth *truth, int n, char *out, size_t size) {
  out[0] = '\0';
  if (!truth->witness_known)
    return;
  int used = snprintf(out, size, ", e.g. ");
  for (int row = 0; row < n && used > 0 && (size_t)used < size - 8; row++)
    used +=
        snprintf(out + used, size - (size_t)used, "%s%d", row ? " " : "", truth->witness[row] + 1);
  if (used > 0 && (size_t)used >= size - 8)
    snprintf(out + size - 8, 8, " ...");
}

static void judge_models(judge *j, char (*violation)[160]) {
  const nq_answer *answer = j->answer;
  int n = j->instance->n;
  int *columns = malloc((size_t)n * sizeof *columns);
  char text[400], why[300], subject[32];
  for (size_t m = 0; m < answer->model_count; m++) {
    const nq_answer_model *model = &answer->models[m];
    snprintf(subject, sizeof subject, "model %zu", m + 1);
    if (answer->claim == NQ_CLAIM_UNSATISFIABLE) {
      snprintf(text, sizeof text, "UNSATISFIABLE claimed (line %ld) next to a model",
               answer->claim_line);
      say(j, NQ_VERDICT_WRONG_STATUS, subject, model->line, text, NULL);
      continue;
    }
    nq_model values = {model->values, answer->variables};
    if (!columns) {
      say(j, NQ_VERDICT_UNVERIFIED, subject, model->line, "out of memory", NULL);
    } else if (model->problem[0]) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, model->problem, NULL);
    } else if (nq_instance_decode_board(j->instance, &values, columns, why, sizeof why)) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, why, NULL);
    } else if (!nq_instance_check_board(j->instance, columns, why, sizeof why)) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, why, columns);
    } else if (violation[m][0]) {
      snprintf(text, sizeof text, "the board is a solution, but %s", violation[m]);
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, text, columns);
    } else {
      say(j, NQ_VERDICT_CORRECT, subject, model->line, "a solution, and a model of the file",
          columns);
    }
  }
  free(columns);
}

/* Compares a decimal count (digits, no leading zeros) with a number. */
static int count_equals(const char *digits, uint64_t value) {
  char expected[24];
  snprintf(expected, sizeof expected, "%" PRIu64, value);
  return !strcmp(digits, expected);
}

static void judge_count(judge *j) {
  const nq_answer *answer = j->answer;
  char text[300];
  if (answer->count_malformed) {
    snprintf(text, sizeof text, "the count '%s' is not a whole number", answer->count);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", answer->count_line, text, NULL);
    return;
  }
  const nq_instance_truth *truth = truth_of(j);
  if (truth && truth->models_exact) {
    int right = count_equals(answer->count, truth->models);
    if (right)
      snprintf(text, sizeof text, "%s models, as the verifier counts", answer->count);
    else
      snprintf(text, sizeof text, "%s models claimed, the verifier counts %" PRIu64, answer->count,
               truth->models);
    say(j, right ? NQ_VERDICT_CORRECT : NQ_VERDICT_WRONG_COUNT, "count", answer->count_line, text,
        NULL);
  } else if (truth && truth->status == 20) {
    int right = !strcmp(answer->count, "0");
    snprintf(text, sizeof text, "%s models; the instance has none", answer->count);
    say(j, right ? NQ_VERDICT_CORRECT : NQ_VERDICT_WRONG_COUNT, "count", answer->count_line, text,
        NULL);
  } else if (truth && truth->status == 10 && !strcmp(answer->count, "0")) {
    say(j, NQ_VERDICT_WRONG_COUNT, "count", answer->count_line,
        "0 models claimed, but the instance has a solution", NULL);
  } else {
    snprintf(text, sizeof text,
             "%s models; the verifier does not know the count (beyond its "
             "limits)",
             answer->count);
    say(j, NQ_VERDICT_UNVERIFIED, "count", answer->count_line, text, NULL);
  }
}

static void judge_claim(judge *j) {
  const nq_answer *answer = j->answer;
  char text[400], example[200];
  const nq_instance_truth *truth;
  switch (answer->claim) {
  case NQ_CLAIM_UNSATISFIABLE:
    truth = truth_of(j);
    if (truth && truth->status == 20) {
      say(j, NQ_VERDICT_CORRECT, "status", answer->claim_line,
          "UNSATISFIABLE, and the verifier finds no solution", NULL);
    } else if (truth && truth->status == 10) {
      witness_text(truth, j->instance->n, example, sizeof example);
      snprintf(text, sizeof text, "UNSATISFIABLE claimed, but the instance has a solution%s",
               example);
      say(j, NQ_VERDICT_WRONG_STATUS, "status", answer->claim_line, text, NULL);
    } else {
      say(j, NQ_VERDICT_UNVERIFIED, "status", answer->claim_line,
          "UNSATISFIABLE claimed; the verifier cannot decide this instance", NULL);
    }
    break;
  case NQ_CLAIM_SATISFIABLE:
    truth = truth_of(j);
    if (truth && truth->status == 20)
      say(j, NQ_VERDICT_WRONG_STATUS, "status", answer->claim_line,
          "SATISFIABLE claimed, but the instance has no solution", NULL);
    else if (!answer->has_count)
      say_full(j, NQ_VERDICT_INVALID_MODEL, "status", answer->claim_line,
               "SATISFIABLE claimed without a model (no 'v' lines)", NULL, 1);
    break;
  case NQ_CLAIM_UNKNOWN:
    if (!answer->has_count)
      say(j, NQ_VERDICT_UNKNOWN, "status", answer->claim_line, "the solver answered UNKNOWN", NULL);
    break;
  case NQ_CLAIM_NONE:
    if (!answer->has_count)
      say(j, NQ_VERDICT_UNKNOWN, "status", 0, "no answer (no status line, model or count)", NULL);
    break;
  }
}

nq_status nq_answer_judge(const nq_instance *instance, const char *path, const nq_answer *answer,
                          nq_truth_source truth, void *truth_context,
                          void (*on_verdict)(void *context, const nq_verdict *verdict),
                          void *verdict_context, char *error, size_t error_size) {
  judge j = {instance, answer, truth, truth_context, NULL, 0, on_verdict, verdict_context};
  if (answer->conflicting_claims) {
    say(&j, NQ_VERDICT_WRONG_STATUS, "status", answer->conflict_line,
        "the answer claims two different results", NULL);
    return NQ_OK;
  }
  if (answer->model_count) {
    char(*violation)[160] = calloc(answer->model_count, sizeof *violation);
    if (!violation) {
      snprintf(error, error_size, "out of memory");
      return NQ_ERR_MEMORY;
    }
    evaluation state = {answer, violation, 0};
    nq_formula_visitor visitor = {&state, evaluate_clause, evaluate_constraint, NULL};
    nq_status status = nq_instance_scan(path, &visitor, error, error_size);
    if (status == NQ_OK)
      judge_models(&j, violation);
    free(violation);
    if (status != NQ_OK)
      return status;
  } else {
    judge_claim(&j);
  }
  if (answer->has_count)
    judge_count(&j);
  return NQ_OK;
}
