/* Reading a solver's answer (see nqsat/answer.h for the forms accepted).
 * Sources: the SAT competition output rules ("s" and "v" lines, exit codes
 * 10/20), O. Roussel and V. Manquinho's PB competition rules ("v x1 -x2"),
 * MiniSat's result file, and the Model Counting Competition output formats
 * of 2020 ("s mc K") and 2021-2024 ("c s exact arb int K"); count lines
 * are recognised by count_claim.c, shared with the solution reader. */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "count_claim.h"
#include "grow.h"
#include "nqsat/answer.h"
#include "parse_error.h"

typedef struct answer_parser {
  nq_answer *answer;
  const char *name;
  long line;
  char *error;
  size_t error_size;
  signed char *open_values; /* the model being read, or NULL */
  char open_problem[120];
  int open_style; /* 'd' DIMACS literals, 'p' PB literals */
  long open_line;
  int after_minisat_sat; /* bare literals follow */
} answer_parser;

static nq_status fail(answer_parser *p, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  nq_status status = parse_error_at(p->error, p->error_size, p->name, p->line, format, arguments);
  va_end(arguments);
  return status;
}

nq_answer *nq_answer_new(int64_t variables) {
  if (variables < 0 || variables > INT32_MAX)
    return NULL;
  nq_answer *answer = calloc(1, sizeof *answer);
  if (answer)
    answer->variables = variables;
  return answer;
}

void nq_answer_free(nq_answer *answer) {
  if (!answer)
    return;
  for (size_t i = 0; i < answer->model_count; i++)
    free(answer->models[i].values);
  free(answer->models);
  nq_count_claim_clear(&answer->count);
  free(answer);
}

static void set_claim(answer_parser *p, nq_claim claim) {
  nq_answer *answer = p->answer;
  if (answer->claim != NQ_CLAIM_NONE && answer->claim != claim && !answer->conflicting_claims) {
    answer->conflicting_claims = 1;
    answer->conflict_line = p->line;
  }
  if (answer->claim == NQ_CLAIM_NONE) {
    answer->claim = claim;
    answer->claim_line = p->line;
  }
}

static nq_status open_model(answer_parser *p, int style) {
  size_t size = (size_t)p->answer->variables + 1;
  p->open_values = malloc(size);
  if (!p->open_values)
    return fail(p, "out of memory for a model of %" PRId64 " variables", p->answer->variables);
  memset(p->open_values, -1, size);
  p->open_problem[0] = '\0';
  p->open_style = style;
  p->open_line = p->line;
  return NQ_OK;
}

static nq_status close_model(answer_parser *p) {
  nq_answer *answer = p->answer;
  /* Doubling: 365,596 models grown one by one moved the array each time. */
  nq_answer_model *grown = answer->models;
  if (answer->model_count == answer->model_capacity)
    grown = grow_array(answer->models, &answer->model_capacity, answer->model_count + 1,
                       sizeof *answer->models, 16);
  if (!grown) {
    free(p->open_values);
    p->open_values = NULL;
    return fail(p, "out of memory");
  }
  answer->models = grown;
  nq_answer_model *model = &answer->models[answer->model_count++];
  model->values = p->open_values;
  model->line = p->line;
  memcpy(model->problem, p->open_problem, sizeof model->problem);
  p->open_values = NULL;
  return NQ_OK;
}

static void set_literal(answer_parser *p, int64_t literal) {
  int64_t variable = literal < 0 ? -literal : literal;
  if (variable > p->answer->variables) {
    if (!*p->open_problem)
      snprintf(p->open_problem, sizeof p->open_problem,
               "literal %" PRId64 " (line %ld) names no variable of the instance (1..%" PRId64 ")",
               literal, p->line, p->answer->variables);
    return;
  }
  signed char value = literal > 0;
  if (p->open_values[variable] >= 0 && p->open_values[variable] != value && !*p->open_problem)
    snprintf(p->open_problem, sizeof p->open_problem,
             "variable %" PRId64 " is given both values (line %ld)", variable, p->line);
  p->open_values[variable] = value;
}

/* A literal token: DIMACS "-12" or PB "x12", "-x12", "~x12". Returns 0 and
 * the signed variable; -1 when malformed or larger than 2^31-1. */
static int parse_literal(const char **cursor, int pb, int64_t *literal) {
  const char *p = *cursor;
  int negative = 0;
  if (*p == '-' || (pb && *p == '~')) {
    negative = 1;
    p++;
  } else if (*p == '+') {
    p++;
  }
  if (pb && *p++ != 'x')
    return -1;
  if (!isdigit((unsigned char)*p))
    return -1;
  int64_t value = 0;
  for (; isdigit((unsigned char)*p); p++)
    if ((value = value * 10 + (*p - '0')) > INT32_MAX)
      return -1;
  if (*p && !isspace((unsigned char)*p))
    return -1;
  *literal = negative ? -value : value;
  *cursor = p;
  return 0;
}

static void token_text(const char *token, char *out, size_t size) {
  size_t i = 0;
  for (; token[i] && !isspace((unsigned char)token[i]) && i + 1 < size && i < 20; i++)
    out[i] = isprint((unsigned char)token[i]) ? token[i] : '?';
  out[i] = '\0';
}

/* The literals of one "v" line (or a bare MiniSat line). */
static nq_status read_literals(answer_parser *p, const char *cursor) {
  for (;;) {
    while (isspace((unsigned char)*cursor))
      cursor++;
    if (!*cursor)
      return NQ_OK;
    int pb = *cursor == 'x' || *cursor == '~' || (*cursor == '-' && cursor[1] == 'x');
    if (!p->open_values) {
      nq_status status = open_model(p, pb ? 'p' : 'd');
      if (status != NQ_OK)
        return status;
    }
    const char *token = cursor;
    int64_t literal;
    if (parse_literal(&cursor, p->open_style == 'p', &literal)) {
      char shown[24];
      token_text(token, shown, sizeof shown);
      return fail(p, "'%s' is not a literal", shown);
    }
    if (literal == 0 && p->open_style == 'd') {
      nq_status status = close_model(p);
      if (status != NQ_OK)
        return status;
      while (isspace((unsigned char)*cursor))
        cursor++;
      if (*cursor) {
        char shown[24];
        token_text(cursor, shown, sizeof shown);
        return fail(p, "text after the terminating 0: '%s'", shown);
      }
      p->after_minisat_sat = 0;
      return NQ_OK;
    }
    set_literal(p, literal);
  }
}

static int word_is(const char *text, const char *word) {
  size_t length = strlen(word);
  return !strncmp(text, word, length) && (!text[length] || isspace((unsigned char)text[length]));
}

/* MCC 2021-2024 answer lines: "c s type mc", "c s log10-estimate X" and
 * the count lines (count_claim.c); other comments are ignored. */
static nq_status read_comment(answer_parser *p, const char *text) {
  nq_answer *answer = p->answer;
  const char *rest = text + 1;
  while (isspace((unsigned char)*rest))
    rest++;
  if (!strncmp(rest, "s type ", 7)) {
    rest += 7;
    while (isspace((unsigned char)*rest))
      rest++;
    size_t length = strcspn(rest, " \t");
    if (!answer->type_line && length < sizeof answer->count_type) {
      memcpy(answer->count_type, rest, length);
      answer->count_type[length] = '\0';
      answer->type_line = p->line;
    }
    return NQ_OK;
  }
  if (!strncmp(rest, "s log10-estimate ", 17)) {
    rest += 17;
    while (isspace((unsigned char)*rest))
      rest++;
    if (!answer->has_estimate) {
      char *end;
      answer->log10_estimate = strtod(rest, &end);
      answer->has_estimate = end != rest ? 1 : -1; /* -1: not a number */
      answer->estimate_line = p->line;
      token_text(rest, answer->estimate_text, sizeof answer->estimate_text);
    }
    return NQ_OK;
  }
  if (count_claim_read_line(&answer->count, text, p->line) < 0)
    return fail(p, "out of memory");
  return NQ_OK;
}

static nq_status read_line(answer_parser *p, char *text) {
  /* A PB model ends at the first line that is not a "v" line. */
  int is_v = text[0] == 'v' && (!text[1] || isspace((unsigned char)text[1]));
  if (p->open_values && p->open_style == 'p' && !is_v) {
    nq_status status = close_model(p);
    if (status != NQ_OK)
      return status;
  }
  if (is_v)
    return read_literals(p, text + 1);
  if (text[0] == 's' && isspace((unsigned char)text[1])) {
    const char *what = text + 2;
    while (isspace((unsigned char)*what))
      what++;
    if (word_is(what, "SATISFIABLE") || word_is(what, "OPTIMUM"))
      set_claim(p, NQ_CLAIM_SATISFIABLE);
    else if (word_is(what, "UNSATISFIABLE"))
      set_claim(p, NQ_CLAIM_UNSATISFIABLE);
    else if (word_is(what, "UNKNOWN") || word_is(what, "UNSUPPORTED") ||
             word_is(what, "INDETERMINATE"))
      set_claim(p, NQ_CLAIM_UNKNOWN);
    else if (count_claim_read_line(&p->answer->count, text, p->line) < 0)
      return fail(p, "out of memory");
    return NQ_OK;
  }
  if (text[0] == 'c' && isspace((unsigned char)text[1]))
    return read_comment(p, text);
  if (!strcmp(text, "SAT")) {
    set_claim(p, NQ_CLAIM_SATISFIABLE);
    p->after_minisat_sat = 1;
  } else if (!strcmp(text, "UNSAT") || !strcmp(text, "UNSATISFIABLE")) {
    set_claim(p, NQ_CLAIM_UNSATISFIABLE);
  } else if (!strcmp(text, "SATISFIABLE")) {
    set_claim(p, NQ_CLAIM_SATISFIABLE);
  } else if (!strcmp(text, "INDET") || !strcmp(text, "INDETERMINATE")) {
    set_claim(p, NQ_CLAIM_UNKNOWN);
  } else if (p->after_minisat_sat || (p->open_values && p->open_style == 'd')) {
    return read_literals(p, text);
  }
  return NQ_OK;
}

nq_status nq_answer_read(nq_answer *answer, FILE *input, const char *name, char *error,
                         size_t error_size) {
  answer_parser p;
  memset(&p, 0, sizeof p);
  p.answer = answer;
  p.name = name;
  p.error = error;
  p.error_size = error_size;
  answer->name = name;
  char *text = NULL;
  size_t capacity = 0;
  ssize_t length;
  nq_status status = NQ_OK;
  while (status == NQ_OK && (length = getline(&text, &capacity, input)) >= 0) {
    p.line++;
    if (memchr(text, '\0', (size_t)length)) {
      status = fail(&p, "NUL byte in the answer");
      break;
    }
    while (length && isspace((unsigned char)text[length - 1]))
      text[--length] = '\0';
    char *start = text;
    while (isspace((unsigned char)*start))
      start++;
    if (*start)
      status = read_line(&p, start);
  }
  if (status == NQ_OK && ferror(input))
    status = NQ_ERR_IO;
  if (status == NQ_OK && p.open_values) {
    if (p.open_style == 'p') {
      status = close_model(&p);
    } else {
      p.line = p.open_line;
      status = fail(&p, "model starting here is cut off before its terminating 0");
    }
  }
  if (status == NQ_ERR_IO)
    snprintf(error, error_size, "%s: read error", name);
  free(p.open_values);
  free(text);
  return status;
}
