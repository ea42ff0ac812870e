/* Streaming the clauses of a DIMACS file or the constraints of an OPB file
 * to a visitor: the verifier's own reading of the formula (DIMACS as in the
 * 1993 DIMACS Challenge description; OPB as in Roussel and Manquinho's PB
 * competition format, linear constraints only). */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "line_reader.h"
#include "nqsat/instance.h"
#include "parse_error.h"
#include "problem_line.h"

typedef struct body_scanner {
  const char *path;
  line_reader *lines;
  const nq_formula_visitor *visitor;
  char *error;
  size_t error_size;
  int opb;
  int header_seen;
  int64_t variables, declared;
  int64_t items; /* clauses or constraints read */
  /* the clause or constraint being read */
  int *literals;
  nq_pb_term *terms;
  size_t count, capacity;
  long item_line;
  /* OPB state inside a constraint */
  int64_t coefficient;
  int have_coefficient;
  char relation[8];
  int64_t bound;
  int have_bound;
  int objective;
  char token_text[PARSE_ERROR_TOKEN_SIZE];
} body_scanner;

static nq_status fail(body_scanner *s, long line, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  nq_status status = parse_error_at(s->error, s->error_size, s->path, line, format, arguments);
  va_end(arguments);
  return status;
}

static long here(body_scanner *s) { return line_reader_line(s->lines); }

static int grow(body_scanner *s) {
  if (s->count < s->capacity)
    return 0;
  /* Both arrays grow to the same capacity; s->capacity changes only when
   * both have it. */
  size_t literal_capacity = s->capacity, term_capacity = s->capacity;
  int *literals = grow_array(s->literals, &literal_capacity, s->count + 1, sizeof *literals, 64);
  if (!literals)
    return -1;
  s->literals = literals;
  nq_pb_term *terms = grow_array(s->terms, &term_capacity, s->count + 1, sizeof *terms, 64);
  if (!terms)
    return -1;
  s->terms = terms;
  s->capacity = term_capacity;
  return 0;
}

/* A signed decimal integer of at most 18 digits at *cursor; advances. */
static int read_integer(const char **cursor, int64_t *value) {
  const char *p = *cursor;
  int negative = 0;
  if (*p == '+' || *p == '-')
    negative = *p++ == '-';
  if (!isdigit((unsigned char)*p))
    return -1;
  int64_t result = 0;
  int digits = 0;
  for (; isdigit((unsigned char)*p); p++)
    if (++digits > 18)
      return -1;
    else
      result = result * 10 + (*p - '0');
  *value = negative ? -result : result;
  *cursor = p;
  return 0;
}

static nq_status cnf_header(body_scanner *s, const char *line) {
  if (s->header_seen)
    return fail(s, here(s), "a second 'p' line");
  switch (problem_line_read_cnf(line, &s->variables, &s->declared)) {
  case PROBLEM_LINE_MALFORMED: return fail(s, here(s), "expected 'p cnf VARIABLES CLAUSES'");
  case PROBLEM_LINE_TRAILING_TEXT:
    return fail(s, here(s), "unexpected text after 'p cnf VARIABLES CLAUSES'");
  case PROBLEM_LINE_OK: break;
  }
  s->header_seen = 1;
  return NQ_OK;
}

static nq_status cnf_line(body_scanner *s, const char *line) {
  const char *cursor = line;
  for (;;) {
    while (*cursor == ' ' || *cursor == '\t')
      cursor++;
    if (!*cursor)
      return NQ_OK;
    int64_t literal;
    const char *token = cursor;
    if (read_integer(&cursor, &literal) || (*cursor && !isspace((unsigned char)*cursor)))
      return fail(s, here(s), "'%s' is not a literal",
                  parse_error_token(s->token_text, sizeof s->token_text, token));
    if (!s->header_seen)
      return fail(s, here(s), "a clause before the 'p cnf' line");
    if (literal == 0) {
      if (++s->items > s->declared)
        return fail(s, here(s), "more clauses than the %" PRId64 " declared", s->declared);
      if (s->visitor->clause && s->visitor->clause(s->visitor->context, s->literals, s->count))
        return NQ_ERR_STOPPED;
      s->count = 0;
      continue;
    }
    if (literal > s->variables || -literal > s->variables)
      return fail(s, here(s), "literal %" PRId64 " exceeds the %" PRId64 " declared variables",
                  literal, s->variables);
    if (!s->count)
      s->item_line = here(s);
    if (grow(s))
      return fail(s, here(s), "out of memory");
    s->literals[s->count++] = (int)literal;
  }
}

static nq_status finish_constraint(body_scanner *s) {
  if (s->have_coefficient)
    return fail(s, here(s), "a coefficient without its variable");
  if (!s->objective && (!*s->relation || !s->have_bound))
    return fail(s, here(s), "a constraint without a relation and bound before ';'");
  if (!s->objective && ++s->items > s->declared)
    return fail(s, here(s), "more constraints than the %" PRId64 " declared", s->declared);
  if (s->visitor->constraint &&
      s->visitor->constraint(s->visitor->context, s->terms, s->count, s->relation, s->bound))
    return NQ_ERR_STOPPED;
  s->count = 0;
  s->relation[0] = '\0';
  s->have_bound = s->have_coefficient = s->objective = 0;
  s->bound = 0;
  return NQ_OK;
}

static nq_status opb_line(body_scanner *s, const char *line) {
  const char *cursor = line;
  for (;;) {
    while (*cursor == ' ' || *cursor == '\t')
      cursor++;
    if (!*cursor)
      return NQ_OK;
    const char *token = cursor;
    if (*cursor == ';') {
      cursor++;
      nq_status status = finish_constraint(s);
      if (status != NQ_OK)
        return status;
      continue;
    }
    if (!s->count && !*s->relation && !s->have_coefficient &&
        (!strncmp(cursor, "min:", 4) || !strncmp(cursor, "max:", 4))) {
      memcpy(s->relation, cursor, 4);
      s->relation[4] = '\0';
      s->objective = 1;
      cursor += 4;
      continue;
    }
    if (*cursor == '>' || *cursor == '<' || *cursor == '=') {
      if (*s->relation || s->objective)
        return fail(s, here(s), "a second relation '%s'",
                    parse_error_token(s->token_text, sizeof s->token_text, token));
      size_t length = cursor[1] == '=' && *cursor != '=' ? 2 : 1;
      memcpy(s->relation, cursor, length);
      s->relation[length] = '\0';
      cursor += length;
      continue;
    }
    if (*cursor == 'x' || *cursor == '~') {
      int negated = *cursor == '~';
      cursor += negated;
      int64_t variable;
      if (*cursor++ != 'x' || read_integer(&cursor, &variable) || variable < 1)
        return fail(s, here(s), "'%s' is not a variable",
                    parse_error_token(s->token_text, sizeof s->token_text, token));
      if (variable > s->variables)
        return fail(s, here(s), "variable x%" PRId64 " exceeds the %" PRId64 " declared", variable,
                    s->variables);
      if (!s->have_coefficient)
        return fail(s, here(s),
                    "variable '%s' without a coefficient (products are not "
                    "supported)",
                    parse_error_token(s->token_text, sizeof s->token_text, token));
      if (grow(s))
        return fail(s, here(s), "out of memory");
      if (!s->count)
        s->item_line = here(s);
      s->terms[s->count++] = (nq_pb_term){s->coefficient, (int)variable, negated};
      s->have_coefficient = 0;
      continue;
    }
    int64_t number;
    if (read_integer(&cursor, &number) ||
        (*cursor && !isspace((unsigned char)*cursor) && *cursor != ';'))
      return fail(s, here(s), "'%s' is not a coefficient, variable or relation",
                  parse_error_token(s->token_text, sizeof s->token_text, token));
    if (*s->relation && !s->objective) {
      if (s->have_bound)
        return fail(s, here(s), "a second bound '%s'",
                    parse_error_token(s->token_text, sizeof s->token_text, token));
      s->bound = number;
      s->have_bound = 1;
    } else {
      if (s->have_coefficient)
        return fail(s, here(s), "two coefficients in a row");
      s->coefficient = number;
      s->have_coefficient = 1;
    }
  }
}

static nq_status opb_header(body_scanner *s, const char *line) {
  if (problem_line_read_opb(line, &s->variables, &s->declared) != PROBLEM_LINE_OK)
    return fail(s, here(s), "expected '* #variable= V #constraint= C' as the first line");
  s->header_seen = 1;
  return NQ_OK;
}

static nq_status scan_lines(body_scanner *s) {
  char *line;
  size_t length;
  int result, first = 1;
  nq_status status = NQ_OK;
  while (status == NQ_OK && (result = line_reader_next(s->lines, &line, &length)) == 1) {
    if (s->visitor->stop && (line_reader_line(s->lines) & 4095) == 0 && *s->visitor->stop)
      return NQ_ERR_INTERRUPTED;
    const char *text = line;
    while (*text == ' ' || *text == '\t')
      text++;
    if (!*text)
      continue;
    if (first) {
      first = 0;
      s->opb = *text == '*';
      if (s->opb) {
        status = opb_header(s, text);
        continue;
      }
    }
    if (s->opb)
      status = *text == '*' ? NQ_OK : opb_line(s, text);
    else if (*text == 'c')
      continue;
    else if (*text == 'p')
      status = cnf_header(s, text);
    else if (*text == '%' && s->header_seen)
      break; /* SATLIB's end marker */
    else
      status = cnf_line(s, text);
  }
  if (status != NQ_OK)
    return status;
  if (result < 0)
    return fail(s, here(s), "%s", line_reader_problem(s->lines));
  if (!s->header_seen)
    return fail(s, 1, s->opb ? "no '* #variable=' line" : "no 'p cnf' line");
  if (s->count || s->have_coefficient || *s->relation)
    return fail(s, s->item_line,
                s->opb ? "the last constraint lacks its ';'"
                       : "the last clause is not terminated by 0");
  if (s->items != s->declared)
    return fail(s, here(s), "%" PRId64 " %s declared, %" PRId64 " found", s->declared,
                s->opb ? "constraints" : "clauses", s->items);
  return NQ_OK;
}

nq_status nq_instance_scan(const char *path, const nq_formula_visitor *visitor, char *error,
                           size_t error_size) {
  body_scanner s;
  memset(&s, 0, sizeof s);
  s.path = path;
  s.visitor = visitor;
  s.error = error;
  s.error_size = error_size;
  nq_status status = line_reader_open(path, &s.lines, error, error_size);
  if (status != NQ_OK)
    return status;
  status = scan_lines(&s);
  line_reader_close(s.lines);
  free(s.literals);
  free(s.terms);
  return status;
}
