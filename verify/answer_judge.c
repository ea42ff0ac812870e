/* The verifier's verdicts on a solver's answer (see nqsat/answer.h). A
 * model must be a solution of the N-Queens instance (decoded by
 * nq_instance_decode_board, checked by the rules and the placed and blocked
 * squares) and a model of the file (every clause or constraint satisfied,
 * as the SAT competition's checker demands); status claims and counts are
 * compared with the verifier's own search. A list of models is also a set:
 * a model listed twice is wrong (a hash set of assignments finds it), and
 * a count closing the list must be the number of distinct models. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "answer_shape.h"
#include "count_float.h"
#include "key_set.h"
#include "model_evaluation.h"
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

typedef struct judge {
  const nq_instance *instance;
  const nq_answer *answer;
  nq_truth_source truth_source;
  void *truth_context;
  const nq_instance_truth *truth;
  int truth_asked;
  void (*on_verdict)(void *, const nq_verdict *);
  void *verdict_context;
  uint64_t distinct_models;  /* models listed, each assignment once */
  uint64_t distinct_boards;  /* boards of the correct models, each once */
  key_set *boards;           /* those boards (2 bytes a row), kept to name a missing one */
  int repeats;               /* models listed again */
  answer_shape shape;        /* what a listed model must give, and what tells two apart */
  char *listed_total;        /* the models the distinct listed ones stand for, in decimal */
  int total_unknown;         /* overlapping cubes: no exact total */
  uint64_t printed_distinct; /* printed boards, each once */
} judge;

static const nq_instance_truth *truth_of(judge *j) {
  if (!j->truth_asked) {
    j->truth_asked = 1;
    j->truth = j->truth_source ? j->truth_source(j->truth_context) : NULL;
  }
  return j->truth;
}

/* The truth's exact count in decimal (in `buffer` when it is a 64-bit
 * number), or NULL when the count is unknown. */
static const char *truth_digits(const nq_instance_truth *truth, char *buffer, size_t size) {
  if (!truth)
    return NULL;
  if (truth->models_digits)
    return truth->models_digits;
  if (!truth->models_exact)
    return NULL;
  snprintf(buffer, size, "%" PRIu64, truth->models);
  return buffer;
}

/* Why the count is unknown, for a verdict: the truth source's reason, or
 * the verifier's limits. */
static const char *unknown_reason(const nq_instance_truth *truth) {
  return truth && truth->unknown_why[0] ? truth->unknown_why : "beyond the verifier's limits";
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

static void board_key(const int *columns, int n, unsigned char *key) {
  for (int row = 0; row < n; row++) {
    key[2 * row] = (unsigned char)(columns[row] & 0xff);
    key[2 * row + 1] = (unsigned char)(columns[row] >> 8);
  }
}

/* Adds the board of a correct model to the set of boards found. */
static int add_board(key_set *boards, const int *columns, int n, unsigned char *key, long line) {
  board_key(columns, n, key);
  return key_set_add(boards, key, line, NULL);
}

/* How many models ahead the set's slot is fetched (a few hundred
 * nanoseconds of decoding and checking per model hide the miss). */
enum { PREFETCH_AHEAD = 4 };

/* Boards printed as rows (nqsat solve FILE --board): each must be a
 * solution of the proven N-Queens instance, and stands for one model of
 * its projection on the queens. */
static nq_status judge_printed_boards(judge *j, key_set *boards, unsigned char *key,
                                      power_sum *total) {
  const nq_answer *answer = j->answer;
  int n = j->instance->n;
  char why[300], subject[32];
  for (size_t b = 0; b < answer->board_count; b++) {
    const int *columns = answer->board_columns + b * (size_t)answer->board_n;
    long line = answer->board_lines[b];
    snprintf(subject, sizeof subject, "board %zu", b + 1);
    if (!n) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, line,
          "a printed board, but the file is not proven to be N-Queens: only models are judged",
          NULL);
      continue;
    }
    if (answer->board_n != n) {
      snprintf(why, sizeof why, "a board of %d rows for N = %d", answer->board_n, n);
      say(j, NQ_VERDICT_INVALID_MODEL, subject, line, why, NULL);
      continue;
    }
    if (!nq_instance_check_board(j->instance, columns, why, sizeof why)) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, line, why, columns);
      continue;
    }
    long first_line = 0;
    board_key(columns, n, key);
    int added = key_set_add(boards, key, line, &first_line);
    if (added < 0)
      return NQ_ERR_MEMORY;
    if (!added) {
      snprintf(why, sizeof why, "listed twice: the same board as the one ending at line %ld",
               first_line);
      say(j, NQ_VERDICT_WRONG_COUNT, subject, line, why, NULL);
      continue;
    }
    j->printed_distinct++;
    if (power_sum_add(total, 0))
      return NQ_ERR_MEMORY;
    say(j, NQ_VERDICT_CORRECT, subject, line, "a solution of the instance", columns);
  }
  return NQ_OK;
}

/* Cubes stand for 2^k models each only when no two share one: a cube is
 * compared with every other distinct model listed (no projected variable
 * given opposite values means a shared model). Beyond this many pairs the
 * total is left unknown rather than taking minutes. */
enum { CUBE_PAIRS_MAX = 50000000 };

static void judge_cube_overlaps(judge *j, const size_t *distinct, size_t count) {
  const nq_answer *answer = j->answer;
  size_t cubes = 0;
  for (size_t i = 0; i < count; i++)
    cubes += (size_t)nq_answer_is_cube(answer, distinct[i]);
  if ((double)cubes * (double)count > CUBE_PAIRS_MAX) {
    j->total_unknown = 1;
    return;
  }
  char text[300], subject[32];
  for (size_t i = 0; i < count; i++) {
    size_t a = distinct[i];
    if (!nq_answer_is_cube(answer, a))
      continue;
    for (size_t k = 0; k < count; k++) {
      size_t b = distinct[k];
      if (b == a || (nq_answer_is_cube(answer, b) && b < a))
        continue; /* two cubes: compared once */
      if (answer_shape_overlap(&j->shape, answer, a, b)) {
        snprintf(subject, sizeof subject, "model %zu", (b > a ? b : a) + 1);
        snprintf(text, sizeof text,
                 "the cube ending at line %ld and the %s ending at line %ld share a model: "
                 "counted twice",
                 answer->models[a].line, nq_answer_is_cube(answer, b) ? "cube" : "model",
                 answer->models[b].line);
        say(j, NQ_VERDICT_WRONG_COUNT, subject, answer->models[b > a ? b : a].line, text, NULL);
        j->repeats++;
        j->total_unknown = 1;
        return;
      }
    }
  }
}

/* Models are keyed by their packed values (two bits a variable: given,
 * true), so models that differ in any value, or in leaving one out, differ
 * as keys. */
static nq_status judge_models(judge *j, char **violation) {
  const nq_answer *answer = j->answer;
  int n = j->instance->n;
  size_t model_key_size = nq_answer_model_bytes(answer);
  unsigned char *key_buffer = malloc(model_key_size);
  /* The distinct models' indexes, kept only for comparing cubes. */
  size_t *distinct = answer->free_used ? malloc(answer->model_count * sizeof *distinct) : NULL;
  size_t distinct_count = 0, cubes = 0;
  power_sum total = {NULL, 0};
  uint64_t plain_models = 0;
  int *columns = malloc((size_t)(n ? n : 1) * sizeof *columns);
  unsigned char *key = malloc(2 * (size_t)(n ? n : 1));
  signed char *values = malloc((size_t)answer->variables + 1);
  key_set *models = key_set_new(model_key_size), *boards = key_set_new(2 * (size_t)(n ? n : 1));
  if (!columns || !key || !values || !models || !boards || !key_buffer ||
      (answer->free_used && !distinct)) {
    free(key_buffer);
    free(distinct);
    free(columns);
    free(key);
    free(values);
    key_set_free(models);
    key_set_free(boards);
    return NQ_ERR_MEMORY;
  }
  /* Reserved (not needed) room: a list too big for it is still judged. */
  (void)key_set_reserve(models, answer->model_count);
  (void)key_set_reserve(boards, answer->model_count);
  nq_status status = NQ_OK;
  char text[400], why[300], subject[32];
  for (size_t m = 0; m < answer->model_count && status == NQ_OK; m++) {
    const nq_answer_model *model = &answer->models[m];
    snprintf(subject, sizeof subject, "model %zu", m + 1);
    if (answer->claim == NQ_CLAIM_UNSATISFIABLE) {
      snprintf(text, sizeof text, "UNSATISFIABLE claimed (line %ld) next to a model",
               answer->claim_line);
      say(j, NQ_VERDICT_WRONG_STATUS, subject, model->line, text, NULL);
      continue;
    }
    long first_line = 0;
    if (m + PREFETCH_AHEAD < answer->model_count && !j->shape.key_mask)
      key_set_prefetch(models, nq_answer_model_bits(answer, m + PREFETCH_AHEAD));
    int added = key_set_add(models, answer_shape_key(&j->shape, answer, m, key_buffer), model->line,
                            &first_line);
    if (added < 0) {
      status = NQ_ERR_MEMORY;
      break;
    }
    if (!added) {
      j->repeats++;
      snprintf(text, sizeof text,
               "listed twice: the same assignment%s as the model ending at line %ld",
               j->shape.key_mask ? " of the projection" : "", first_line);
      say(j, NQ_VERDICT_WRONG_COUNT, subject, model->line, text, NULL);
      continue;
    }
    /* Only a model of the right shape stands for models: a partial one
     * adds nothing to the total its count line is held to. */
    int shaped = !model->problem && answer_shape_check(&j->shape, answer, m, why, sizeof why);
    if (shaped) {
      if (distinct)
        distinct[distinct_count++] = m;
      cubes += (size_t)nq_answer_is_cube(answer, m);
      uint64_t weight = answer_shape_weight(&j->shape, answer, m);
      if (weight == 0) {
        plain_models++; /* added at once below: most models stand for one */
      } else if (power_sum_add(&total, weight)) {
        status = NQ_ERR_MEMORY;
        break;
      }
    }
    if (n)
      nq_answer_values(answer, m, values);
    nq_model model_values = {values, answer->variables};
    char shape_why[300];
    if (!shaped)
      snprintf(shape_why, sizeof shape_why, "%s", why);
    if (model->problem) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, model->problem, NULL);
    } else if (n == 0) {
      /* A formula without a board: the formula alone judges. */
      say(j, violation[m] || !shaped ? NQ_VERDICT_INVALID_MODEL : NQ_VERDICT_CORRECT, subject,
          model->line,
          violation[m] ? violation[m]
          : !shaped    ? shape_why
                       : "a model of the file",
          NULL);
    } else if (nq_instance_decode_board(j->instance, &model_values, columns, why, sizeof why)) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, why, NULL);
    } else if (!nq_instance_check_board(j->instance, columns, why, sizeof why)) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, why, columns);
    } else if (violation[m]) {
      snprintf(text, sizeof text, "the board is a solution, but %s", violation[m]);
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, text, columns);
    } else if (!shaped) {
      say(j, NQ_VERDICT_INVALID_MODEL, subject, model->line, shape_why, columns);
    } else {
      if (add_board(boards, columns, n, key, model->line) < 0)
        status = NQ_ERR_MEMORY;
      say(j, NQ_VERDICT_CORRECT, subject, model->line, "a solution, and a model of the file",
          columns);
    }
  }
  for (int bit = 0; status == NQ_OK && bit < 64; bit++)
    if (plain_models >> bit & 1 && power_sum_add(&total, (uint64_t)bit))
      status = NQ_ERR_MEMORY;
  if (status == NQ_OK && answer->board_count)
    status = judge_printed_boards(j, boards, key, &total);
  j->distinct_models = key_set_size(models) + j->printed_distinct;
  j->distinct_boards = key_set_size(boards);
  j->boards = boards;
  if (status == NQ_OK && cubes)
    judge_cube_overlaps(j, distinct, distinct_count);
  if (status == NQ_OK && !(j->listed_total = power_sum_digits(&total)))
    status = NQ_ERR_MEMORY;
  power_sum_clear(&total);
  free(key_buffer);
  free(distinct);
  free(columns);
  free(key);
  free(values);
  key_set_free(models);
  return status;
}

/* Names the first board of plain N-Queens (no placed or blocked square)
 * that the list's models miss, found by the verifier's own enumeration:
 * ", e.g. 1 5 8 6 3 7 2 4 is missing", or "" beyond N = 13. */
typedef struct missing_search {
  const key_set *boards;
  unsigned char *key;
  char *out;
  size_t size;
} missing_search;

static int find_missing(void *context, const int *columns, int n) {
  missing_search *search = context;
  board_key(columns, n, search->key);
  if (search->boards && key_set_contains(search->boards, search->key))
    return 0; /* (no set: no model was listed, every board is missing) */
  int used = snprintf(search->out, search->size, " (missing, e.g.");
  for (int row = 0; row < n && used > 0 && (size_t)used < search->size; row++)
    used += snprintf(search->out + used, search->size - (size_t)used, " %d", columns[row] + 1);
  if (used > 0 && (size_t)used < search->size)
    snprintf(search->out + used, search->size - (size_t)used, ")");
  return 1;
}

static void name_missing_board(const judge *j, char *out, size_t size) {
  out[0] = '\0';
  const nq_instance *instance = j->instance;
  if (instance->placed_count || instance->blocked_count ||
      instance->n > NQ_VERIFY_SET_COMPARED_MAX_N)
    return;
  unsigned char key[2 * NQ_VERIFY_SET_COMPARED_MAX_N];
  missing_search search = {j->boards, key, out, size};
  nq_verify_enumerate(instance->n, find_missing, &search);
}

/* The count a list of models closes with ("s SOLUTIONS K", "c K models"):
 * the number of distinct models listed, and a complete list covers every
 * board. */
static void judge_listed_count(judge *j) {
  const nq_answer *answer = j->answer;
  const nq_count_claim *claim = &answer->count;
  char text[400];
  const char *listed = j->listed_total ? j->listed_total : "0";
  if (j->total_unknown) {
    snprintf(text, sizeof text,
             "%s models claimed ('%s'); not checked: the listed cubes could not be told apart",
             claim->text, claim->form);
    say(j, NQ_VERDICT_UNVERIFIED, "count", claim->line, text, NULL);
    return;
  }
  /* "(M listed over the variables that occur)": a cube of k free variables
   * lists 2^k of them (solve --all --partial). */
  uint64_t listed_models = 0;
  for (size_t m = 0; m < answer->model_count && listed_models <= UINT64_MAX / 2; m++) {
    size_t free_count = nq_answer_is_cube(answer, m) ? nq_answer_cube_of(answer, m).free_count : 0;
    listed_models += free_count < 63 ? UINT64_C(1) << free_count : UINT64_MAX / 2;
  }
  if (claim->listed > 0 && (uint64_t)claim->listed != listed_models) {
    snprintf(text, sizeof text, "%" PRId64 " models listed claimed, but %" PRIu64 " are listed",
             claim->listed, listed_models);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->line, text, NULL);
    return;
  }
  if (strcmp(claim->digits, listed) != 0) {
    if (nq_count_compare(listed, j->distinct_models) == 0)
      snprintf(text, sizeof text, "%s models claimed ('%s'), but %" PRIu64 " distinct listed",
               claim->text, claim->form, j->distinct_models);
    else
      snprintf(text, sizeof text,
               "%s models claimed ('%s'), but the %" PRIu64 " distinct listed stand for %.60s%s",
               claim->text, claim->form, j->distinct_models, listed,
               strlen(listed) > 60 ? "..." : "");
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->line, text, NULL);
    return;
  }
  if (claim->incomplete) {
    snprintf(text, sizeof text,
             "%s models listed, as claimed; the list says it is incomplete, so no "
             "completeness is claimed",
             claim->text);
    say(j, NQ_VERDICT_CORRECT, "count", claim->line, text, NULL);
    return;
  }
  const nq_instance_truth *truth = truth_of(j);
  char buffer[24];
  const char *known = truth_digits(truth, buffer, sizeof buffer);
  if (!known) {
    snprintf(text, sizeof text,
             "%s distinct models listed, as claimed; whether every %s is among them was not "
             "checked: the instance's count is unknown (%s)",
             claim->text, j->instance->n ? "board" : "model", unknown_reason(truth));
    say(j, NQ_VERDICT_UNVERIFIED, "count", claim->line, text, NULL);
  } else if (j->instance->n == 0) {
    /* No board: the distinct models listed against the formula's count. */
    int complete = strcmp(known, listed) == 0;
    if (complete)
      snprintf(text, sizeof text, "%s distinct models listed, as claimed, and nqsat counts %s",
               claim->text, known);
    else
      snprintf(text, sizeof text,
               "the list claims to be complete ('%s %s'), but the formula has %s models",
               claim->form, claim->text, known);
    say(j, complete ? NQ_VERDICT_CORRECT : NQ_VERDICT_WRONG_COUNT, "count", claim->line, text,
        NULL);
  } else if (j->distinct_boards < truth->models) {
    char missing[200];
    name_missing_board(j, missing, sizeof missing);
    snprintf(text, sizeof text,
             "the list claims to be complete ('%s %s'), but its models hold %" PRIu64
             " of the %" PRIu64 " boards%s",
             claim->form, claim->text, j->distinct_boards, truth->models, missing);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->line, text, NULL);
  } else {
    snprintf(text, sizeof text,
             "%s distinct models listed, as claimed, holding all %" PRIu64 " boards", claim->text,
             truth->models);
    say(j, NQ_VERDICT_CORRECT, "count", claim->line, text, NULL);
  }
}

/* The count type an answer reports: "c s type", else its "s mc"/"s pmc"
 * line, else "". */
static const char *answer_type(const nq_answer *answer) {
  if (answer->count_type[0])
    return answer->count_type;
  if (answer->count.form && !strcmp(answer->count.form, "s mc"))
    return "mc";
  if (answer->count.form && !strcmp(answer->count.form, "s pmc"))
    return "pmc";
  return "";
}

/* A model counter's count, against the truth (the number of boards). */
static void judge_counted(judge *j) {
  const nq_answer *answer = j->answer;
  const nq_count_claim *claim = &answer->count;
  const char *digits = claim->digits, *type = answer_type(answer);
  char text[400], buffer[24];
  const nq_instance_truth *truth = truth_of(j);
  if (!strcmp(j->instance->count_type, "pmc") && !strcmp(type, "mc") &&
      !j->instance->parsimonious) {
    /* The boards are the models projected on the queens; a count over every
     * variable also counts the free auxiliary ones (unless the header says
     * there is one model per board). */
    snprintf(text, sizeof text,
             "%s models over all variables ('c s type mc'); the instance asks for the count "
             "projected on its queens (c t pmc), which is what the verifier knows",
             claim->text);
    say(j, NQ_VERDICT_UNVERIFIED, "count", claim->line, text, NULL);
  } else if (truth_digits(truth, buffer, sizeof buffer)) {
    const char *known = truth_digits(truth, buffer, sizeof buffer);
    const char *counter = j->instance->n ? "the verifier counts" : "nqsat counts";
    int right = !strcmp(digits, known);
    if (claim->incomplete) {
      /* A count cut short claims only that many models at least. */
      size_t claimed_length = strlen(digits), known_length = strlen(known);
      int at_most = claimed_length != known_length ? claimed_length < known_length
                                                   : strcmp(digits, known) <= 0;
      snprintf(text, sizeof text,
               "%s models found before the count was cut short (a lower bound; no count is "
               "claimed), %s %.200s%s",
               claim->text, counter, known, strlen(known) > 200 ? "..." : "");
      say(j, at_most ? NQ_VERDICT_CORRECT : NQ_VERDICT_WRONG_COUNT, "count", claim->line, text,
          NULL);
      return;
    }
    if (right)
      snprintf(text, sizeof text, "%s models, as %s", claim->text, counter);
    else
      snprintf(text, sizeof text, "%s models claimed, %s %.200s%s", claim->text, counter, known,
               strlen(known) > 200 ? "..." : "");
    say(j, right ? NQ_VERDICT_CORRECT : NQ_VERDICT_WRONG_COUNT, "count", claim->line, text, NULL);
  } else if (truth && truth->status == 20) {
    int right = !strcmp(digits, "0");
    snprintf(text, sizeof text, "%s models%s; the instance has none", claim->text,
             claim->incomplete ? " found before the count was cut short" : "");
    say(j, right ? NQ_VERDICT_CORRECT : NQ_VERDICT_WRONG_COUNT, "count", claim->line, text, NULL);
  } else if (claim->incomplete) {
    snprintf(text, sizeof text,
             "%s models found before the count was cut short (a lower bound); not checked: the "
             "count is unknown (%s)",
             claim->text, unknown_reason(truth));
    say(j, NQ_VERDICT_UNVERIFIED, "count", claim->line, text, NULL);
  } else if (truth && truth->status == 10 && !strcmp(digits, "0")) {
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->line,
        "0 models claimed, but the instance has a solution", NULL);
  } else {
    snprintf(text, sizeof text, "%s models; not checked: the count is unknown (%s)", claim->text,
             unknown_reason(truth));
    say(j, NQ_VERDICT_UNVERIFIED, "count", claim->line, text, NULL);
  }
}

/* How far a log10-estimate may be from the exact count's log10: the
 * competition prints it rounded; 0.01 is 2.3 % of the count. */
static const double ESTIMATE_TOLERANCE = 0.01;

static int estimate_agrees(double estimate, double exact) {
  if (isinf(exact))
    return isinf(estimate) && estimate < 0;
  return fabs(estimate - exact) <= ESTIMATE_TOLERANCE;
}

/* "c s log10-estimate X" must agree with the exact count beside it, or
 * with the verifier's count when the answer gives no exact one. */
static void judge_estimate(judge *j) {
  const nq_answer *answer = j->answer;
  char text[400], exact_text[32];
  if (answer->has_estimate < 0) {
    snprintf(text, sizeof text, "log10-estimate '%s' is not a number", answer->estimate_text);
    say(j, NQ_VERDICT_WRONG_COUNT, "estimate", answer->estimate_line, text, NULL);
    return;
  }
  const char *digits = answer->count.digits;
  if (!digits) {
    const nq_instance_truth *truth = truth_of(j);
    digits = truth_digits(truth, exact_text, sizeof exact_text);
    if (!digits) {
      snprintf(text, sizeof text, "not checked: the count is unknown (%s)", unknown_reason(truth));
      say(j, NQ_VERDICT_UNVERIFIED, "estimate", answer->estimate_line, text, NULL);
      return;
    }
  }
  double exact = nq_count_log10(digits);
  if (estimate_agrees(answer->log10_estimate, exact)) {
    snprintf(text, sizeof text, "log10-estimate %s agrees with the count %.200s%s",
             answer->estimate_text, digits, strlen(digits) > 200 ? "..." : "");
    say(j, NQ_VERDICT_CORRECT, "estimate", answer->estimate_line, text, NULL);
  } else {
    snprintf(text, sizeof text, "log10-estimate %s, but the count %.200s%s has log10 %.4f",
             answer->estimate_text, digits, strlen(digits) > 200 ? "..." : "", exact);
    say(j, NQ_VERDICT_WRONG_COUNT, "estimate", answer->estimate_line, text, NULL);
  }
}

/* "c s exact ... float|prec-sci|log10 X" and "c s approx ... X"
 * (count_float.c): against the exact count the answer claims beside it
 * (both lines named when they disagree), else against the verifier's. */
static void judge_float_count(judge *j) {
  const nq_answer *answer = j->answer;
  const char *what = answer->float_count.approximate ? "approximate count" : "float count";
  char text[600], band[120], exact_text[32];
  long line = answer->float_count.line;
  if (answer->float_count.second_line) {
    snprintf(text, sizeof text, "%s %s at line %ld, but %s at line %ld", what,
             answer->float_count.text, line, answer->float_count.second_text,
             answer->float_count.second_line);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", answer->float_count.second_line, text, NULL);
    return;
  }
  const nq_count_claim *claim = &answer->count;
  const char *digits = claim->line && claim->digits && !claim->incomplete ? claim->digits : NULL;
  const nq_instance_truth *truth = NULL;
  if (!digits) {
    truth = truth_of(j);
    digits = truth_digits(truth, exact_text, sizeof exact_text);
    if (!digits && truth && truth->status == 20)
      digits = "0";
  }
  if (!digits) {
    snprintf(text, sizeof text, "%s %s; not checked: the count is unknown (%s)", what,
             answer->float_count.text, unknown_reason(truth));
    say(j, NQ_VERDICT_UNVERIFIED, "count", line, text, NULL);
    return;
  }
  int agrees = count_float_agrees(digits, answer->float_count.text, answer->float_count.precision,
                                  answer->float_count.notation, answer->float_count.approximate,
                                  band, sizeof band);
  char against[64] = "", where[4] = "";
  if (truth)
    snprintf(against, sizeof against, "%s",
             j->instance->n ? "the verifier counts" : "nqsat counts");
  else
    snprintf(against, sizeof against, "the count claimed at line %ld, which is", claim->line);
  if (agrees < 0) {
    snprintf(text, sizeof text, "%s '%s' is not a number in the notation %s", what,
             answer->float_count.text, answer->float_count.notation);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", line, text, NULL);
  } else if (agrees) {
    snprintf(text, sizeof text, "%s %s agrees with %s%s, %.200s%s (accepted: %s)%s", what,
             answer->float_count.text, against, where, digits, strlen(digits) > 200 ? "..." : "",
             band, answer->float_count.approximate ? "; an approximation, not an exact claim" : "");
    say(j, NQ_VERDICT_CORRECT, "count", line, text, NULL);
  } else {
    snprintf(text, sizeof text, "%s %s claimed, but %s%s %.200s%s (accepted: %s)", what,
             answer->float_count.text, against, where, digits, strlen(digits) > 200 ? "..." : "",
             band);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", line, text, NULL);
  }
}

/* "c s type": the type the formula's "c t" line names, else a count over
 * a projection (pmc) exactly when the formula declares one ("c p show" /
 * "c ind"); weighted types for an unweighted formula are wrong. Plain
 * CNFs only: nqsat's N-Queens encodings are judged by the type in
 * judge_counted. */
static void judge_type(judge *j) {
  const nq_answer *answer = j->answer;
  const char *type = answer->count_type;
  int projected = j->instance->projection_line != 0;
  char text[300];
  if (!strcmp(type, "wmc") || !strcmp(type, "pwmc")) {
    snprintf(text, sizeof text, "'c s type %s' is a weighted count; the formula has no weights",
             type);
    say(j, NQ_VERDICT_WRONG_COUNT, "type", answer->type_line, text, NULL);
  } else if (j->instance->count_type[0] && !strcmp(type, j->instance->count_type)) {
    return;
  } else if (projected && strcmp(type, "pmc")) {
    snprintf(text, sizeof text,
             "'c s type %s', but the formula declares a projection (line %ld): its count is pmc",
             type, j->instance->projection_line);
    say(j, NQ_VERDICT_WRONG_COUNT, "type", answer->type_line, text, NULL);
  } else if (!projected && strcmp(type, "mc")) {
    snprintf(text, sizeof text,
             "'c s type %s', but the formula declares no projection ('c p show'): its count is mc",
             type);
    say(j, NQ_VERDICT_WRONG_COUNT, "type", answer->type_line, text, NULL);
  }
}

static void judge_count(judge *j) {
  const nq_answer *answer = j->answer;
  const nq_count_claim *claim = &answer->count;
  char text[300];
  if (claim->conflict_line) {
    snprintf(text, sizeof text, "a second, different count (the first at line %ld)", claim->line);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->conflict_line, text, NULL);
  } else if (claim->repeat_line) {
    snprintf(text, sizeof text, "the list is closed twice (the first '%s' at line %ld)",
             claim->form, claim->line);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->repeat_line, text, NULL);
  } else if (answer->model_after_count_line) {
    snprintf(text, sizeof text, "a model at line %ld after the count closing the list (line %ld)",
             answer->model_after_count_line, claim->line);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", answer->model_after_count_line, text, NULL);
  } else if (!claim->digits) {
    snprintf(text, sizeof text, "the count '%s' is not a whole number", claim->text);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->line, text, NULL);
  } else if (answer->claim == NQ_CLAIM_UNSATISFIABLE && strcmp(claim->digits, "0")) {
    snprintf(text, sizeof text, "UNSATISFIABLE (line %ld) with a count of %s", answer->claim_line,
             claim->text);
    say(j, NQ_VERDICT_WRONG_COUNT, "count", claim->line, text, NULL);
  } else if (answer->model_count || answer->board_count || !strcmp(claim->form, "s SOLUTIONS") ||
             !strncmp(claim->form, "c K models", 10)) {
    /* These forms close a list of models, even an empty one. */
    judge_listed_count(j);
  } else {
    judge_counted(j);
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
          j->instance->n ? "UNSATISFIABLE, and the verifier finds no solution"
                         : "UNSATISFIABLE, and nqsat counts no model",
          NULL);
    } else if (truth && truth->status == 10) {
      witness_text(truth, j->instance->n, example, sizeof example);
      snprintf(text, sizeof text, "UNSATISFIABLE claimed, but the instance has a solution%s",
               example);
      say(j, NQ_VERDICT_WRONG_STATUS, "status", answer->claim_line, text, NULL);
    } else {
      snprintf(text, sizeof text, "UNSATISFIABLE claimed; not checked: %s", unknown_reason(truth));
      say(j, NQ_VERDICT_UNVERIFIED, "status", answer->claim_line, text, NULL);
    }
    break;
  case NQ_CLAIM_SATISFIABLE:
    truth = truth_of(j);
    if (truth && truth->status == 20)
      say(j, NQ_VERDICT_WRONG_STATUS, "status", answer->claim_line,
          "SATISFIABLE claimed, but the instance has no solution", NULL);
    else if (!answer->count.line && !answer->has_estimate && !answer->float_count.line)
      say_full(j, NQ_VERDICT_INVALID_MODEL, "status", answer->claim_line,
               "SATISFIABLE claimed without a model (no 'v' lines)", NULL, 1);
    break;
  case NQ_CLAIM_UNKNOWN:
    if (!answer->count.line)
      say(j, NQ_VERDICT_UNKNOWN, "status", answer->claim_line, "the solver answered UNKNOWN", NULL);
    break;
  case NQ_CLAIM_NONE:
    if (!answer->count.line && !answer->has_estimate && !answer->float_count.line)
      say(j, NQ_VERDICT_UNKNOWN, "status", 0, "no answer (no status line, model or count)", NULL);
    break;
  }
}

/* Compact models (read as variables 1..k) placed on the k variables that
 * occur in the formula, ascending, in a copy of the answer whose arrays
 * the caller frees with unplace_compact. A line of another length is the
 * model's problem. */
static nq_status place_compact(const char *path, const nq_answer *answer, nq_answer *placed,
                               char *error, size_t error_size) {
  *placed = *answer;
  placed->models = NULL;
  placed->model_bits = NULL;
  placed->free_variables = NULL;
  nq_answer scan = *answer;
  scan.model_count = 0;
  size_t bytes = nq_answer_model_bytes(answer), models = answer->model_count;
  unsigned char *occurs = calloc((size_t)answer->variables + 1, 1);
  int *occurring = malloc(((size_t)answer->variables + 1) * sizeof *occurring);
  placed->models = malloc((models ? models : 1) * sizeof *placed->models);
  placed->model_bits = calloc(models ? models : 1, bytes);
  placed->free_variables = malloc((answer->free_used ? answer->free_used : 1) * sizeof(int));
  nq_status status = NQ_ERR_MEMORY;
  if (occurs && occurring && placed->models && placed->model_bits && placed->free_variables)
    status = evaluate_models_marking(path, &scan, NULL, occurs, error, error_size);
  size_t k = 0;
  for (int64_t v = 1; status == NQ_OK && v <= answer->variables; v++)
    if (occurs[v])
      occurring[k++] = (int)v;
  if (status == NQ_OK) {
    memcpy(placed->models, answer->models, models * sizeof *placed->models);
    memcpy(placed->model_bits, answer->model_bits, models * bytes);
    if (answer->free_used)
      memcpy(placed->free_variables, answer->free_variables, answer->free_used * sizeof(int));
  }
  for (size_t m = 0; status == NQ_OK && m < models; m++) {
    nq_answer_model *model = &placed->models[m];
    model->problem = NULL; /* the copy owns its problems */
    const char *own = answer->models[m].problem;
    char text[200] = "";
    if (own)
      snprintf(text, sizeof text, "%s", own);
    size_t compact = nq_answer_compact_length(answer, m);
    if (!text[0] && compact && compact != k)
      snprintf(text, sizeof text,
               "a compact line of %zu characters, but %zu variables occur in the formula", compact,
               k);
    if (text[0] && !(model->problem = strdup(text)))
      status = NQ_ERR_MEMORY;
    if (!compact || text[0])
      continue;
    const unsigned char *from = nq_answer_model_bits(answer, m);
    unsigned char *to = placed->model_bits + m * bytes;
    memset(to, 0, bytes);
    for (size_t i = 1; i <= k; i++) {
      unsigned pair = from[i / 4] >> (2 * (i % 4)) & 3u;
      int v = occurring[i - 1];
      to[v / 4] |= (unsigned char)(pair << (2 * (v % 4)));
    }
    nq_answer_cube cube = nq_answer_cube_of(answer, m);
    for (size_t f = 0; f < cube.free_count; f++) {
      int *free_variable = &placed->free_variables[cube.free_first + f];
      *free_variable = occurring[*free_variable - 1];
    }
  }
  free(occurs);
  free(occurring);
  if (status == NQ_ERR_MEMORY)
    snprintf(error, error_size, "out of memory");
  return status;
}

static void unplace_compact(nq_answer *placed) {
  for (size_t m = 0; placed->models && m < placed->model_count; m++)
    free(placed->models[m].problem);
  free(placed->models);
  free(placed->model_bits);
  free(placed->free_variables);
}

static nq_status judge_answer(const nq_instance *instance, const char *path,
                              const nq_answer *answer, nq_truth_source truth, void *truth_context,
                              void (*on_verdict)(void *context, const nq_verdict *verdict),
                              void *verdict_context, char *error, size_t error_size);

nq_status nq_answer_judge(const nq_instance *instance, const char *path, const nq_answer *answer,
                          nq_truth_source truth, void *truth_context,
                          void (*on_verdict)(void *context, const nq_verdict *verdict),
                          void *verdict_context, char *error, size_t error_size) {
  if (!answer->compact_models)
    return judge_answer(instance, path, answer, truth, truth_context, on_verdict, verdict_context,
                        error, error_size);
  nq_answer placed;
  nq_status status = place_compact(path, answer, &placed, error, error_size);
  if (status == NQ_OK)
    status = judge_answer(instance, path, &placed, truth, truth_context, on_verdict,
                          verdict_context, error, error_size);
  unplace_compact(&placed);
  return status;
}

static nq_status judge_answer(const nq_instance *instance, const char *path,
                              const nq_answer *answer, nq_truth_source truth, void *truth_context,
                              void (*on_verdict)(void *context, const nq_verdict *verdict),
                              void *verdict_context, char *error, size_t error_size) {
  judge j = {.instance = instance,
             .answer = answer,
             .truth_source = truth,
             .truth_context = truth_context,
             .on_verdict = on_verdict,
             .verdict_context = verdict_context};
  if (answer->conflicting_claims) {
    say(&j, NQ_VERDICT_WRONG_STATUS, "status", answer->conflict_line,
        "the answer claims two different results", NULL);
    return NQ_OK;
  }
  if (answer->model_count || answer->board_count) {
    char **violation = calloc(answer->model_count ? answer->model_count : 1, sizeof *violation);
    if (!violation) {
      snprintf(error, error_size, "out of memory");
      return NQ_ERR_MEMORY;
    }
    unsigned char *occurs = calloc((size_t)answer->variables + 1, 1);
    nq_status status =
        occurs ? evaluate_models_marking(path, answer, violation, occurs, error, error_size)
               : NQ_ERR_MEMORY;
    if (status == NQ_OK && answer_shape_init(&j.shape, instance, answer, occurs))
      status = NQ_ERR_MEMORY;
    free(occurs);
    if (status == NQ_OK)
      status = judge_models(&j, violation);
    for (size_t m = 0; m < answer->model_count; m++)
      free(violation[m]);
    free(violation);
    if (status == NQ_ERR_MEMORY)
      snprintf(error, error_size, "out of memory");
    if (status != NQ_OK) {
      key_set_free(j.boards);
      answer_shape_clear(&j.shape);
      free(j.listed_total);
      return status;
    }
  } else {
    judge_claim(&j);
  }
  if (answer->count.line)
    judge_count(&j);
  if (answer->has_estimate)
    judge_estimate(&j);
  if (answer->float_count.line)
    judge_float_count(&j);
  if (answer->type_line && !instance->n)
    judge_type(&j);
  key_set_free(j.boards);
  answer_shape_clear(&j.shape);
  free(j.listed_total);
  return NQ_OK;
}
