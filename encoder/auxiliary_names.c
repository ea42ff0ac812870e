/* What each auxiliary variable means (auxiliary_names.h), and
 * nq_encoder_name_auxiliaries, which generates the formula only to hear
 * them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxiliary_names.h"
#include "formula.h"
#include "grow.h"

/* Squares listed in full up to this many; longer lines (N > 16) list the
 * first three and the last. */
enum { SQUARES_LISTED = 16 };

int auxiliary_names_comment(void *context, const char *text) {
  auxiliary_names *names = context;
  size_t length = strcspn(text, ":");
  if (length >= sizeof names->line)
    length = sizeof names->line - 1;
  memcpy(names->line, text, length);
  names->line[length] = '\0';
  names->line_first = 0;
  names->named = 0;
  names->covered_count = 0;
  return names->comment ? names->comment(names->comment_context, text) : 0;
}

static int add_covered(auxiliary_names *names, int variable) {
  if (names->covered_count == names->covered_capacity) {
    int *grown = grow_array(names->covered, &names->covered_capacity, names->covered_count + 1,
                            sizeof *grown, 64);
    if (!grown)
      return -1;
    names->covered = grown;
  }
  names->covered[names->covered_count++] = variable;
  return 0;
}

/* Appends to names->text; -1 when memory runs out. */
static int append(auxiliary_names *names, size_t *length, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static int append(auxiliary_names *names, size_t *length, const char *format, ...) {
  for (;;) {
    va_list arguments;
    va_start(arguments, format);
    size_t room = names->text_capacity - *length;
    int written = vsnprintf(names->text ? names->text + *length : NULL, room, format, arguments);
    va_end(arguments);
    if (written < 0)
      return -1;
    if ((size_t)written < room) {
      *length += (size_t)written;
      return 0;
    }
    char *grown =
        grow_array(names->text, &names->text_capacity, *length + (size_t)written + 1, 1, 256);
    if (!grown)
      return -1;
    names->text = grown;
  }
}

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int square(auxiliary_names *names, size_t *length, int variable, const char *before) {
  return append(names, length, "%s(%d,%d)", before, (variable - 1) / names->n + 1,
                (variable - 1) % names->n + 1);
}

int auxiliary_names_name(void *context, const auxiliary_meaning *meaning) {
  auxiliary_names *names = context;
  int queens = names->n * names->n;
  if (!names->named)
    names->line_first = meaning->variable;
  /* The squares this auxiliary covers: its inputs', followed back. */
  size_t start = names->covered_count;
  for (int i = 0; i < meaning->count; i++) {
    int input = meaning->inputs[i], k = input - names->line_first;
    if (input <= queens) {
      if (add_covered(names, input))
        return -1;
    } else if (k >= 0 && k < names->named) {
      for (size_t j = names->run_start[k]; j < names->run_start[k + 1]; j++)
        if (add_covered(names, names->covered[j]))
          return -1;
    }
  }
  size_t end = names->covered_count;
  qsort(names->covered + start, end - start, sizeof *names->covered, compare_ints);
  if (meaning->variable == names->line_first + names->named) {
    if ((size_t)names->named + 2 > names->run_capacity) {
      size_t *grown = grow_array(names->run_start, &names->run_capacity, (size_t)names->named + 2,
                                 sizeof *grown, 64);
      if (!grown)
        return -1;
      names->run_start = grown;
    }
    names->run_start[names->named] = start;
    names->run_start[++names->named] = end;
  }
  /* "SYMBOL of LINE: PHRASE; true if a queen is on one of SQUARES" */
  const char *colon = strchr(meaning->text, ':');
  size_t symbol_length = colon ? (size_t)(colon - meaning->text) : strlen(meaning->text);
  if (symbol_length >= sizeof names->symbol)
    symbol_length = sizeof names->symbol - 1;
  memcpy(names->symbol, meaning->text, symbol_length);
  names->symbol[symbol_length] = '\0';
  const char *phrase = colon ? colon + 1 + strspn(colon + 1, " ") : "";
  size_t length = 0;
  size_t count = end - start;
  const char *before_squares = count == 1 ? "" : meaning->negated ? "any of " : "one of ";
  int failed = append(names, &length, "%s of %s: %s; true %s %s on %s", names->symbol, names->line,
                      phrase, meaning->exact ? "exactly when" : "if",
                      meaning->negated ? "no queen is" : "a queen is", before_squares);
  for (size_t j = 0; j < count && !failed; j++) {
    if (count > SQUARES_LISTED && j == 3) {
      failed = append(names, &length, ", ...");
      j = count - 1;
    }
    failed = square(names, &length, names->covered[start + j], j ? ", " : "");
  }
  if (!failed && count > SQUARES_LISTED)
    failed = append(names, &length, " (%zu squares)", count);
  if (failed)
    return -1;
  nq_auxiliary auxiliary = {
      meaning->variable, names->symbol,  names->line,      phrase,     names->covered + start,
      (int)count,        meaning->exact, meaning->negated, names->text};
  return names->on_name(names->context, &auxiliary);
}

void auxiliary_names_free(auxiliary_names *names) {
  free(names->covered);
  free(names->run_start);
  free(names->text);
}

static int ignore_clause(void *context, const int *literals, size_t count) {
  (void)context;
  (void)literals;
  (void)count;
  return 0;
}

nq_status nq_encoder_name_auxiliaries(const nq_encoding *encoding,
                                      int (*on_name)(void *context, const nq_auxiliary *auxiliary),
                                      void *context) {
  nq_encoding explained = *encoding;
  explained.explain = 1; /* the comments name the lines */
  auxiliary_names names = {.n = encoding->n, .on_name = on_name, .context = context};
  nq_clause_sink sink = {NULL, ignore_clause};
  nq_status status =
      generate_formula(&explained, &sink, auxiliary_names_comment, auxiliary_names_name, &names);
  auxiliary_names_free(&names);
  return status;
}
