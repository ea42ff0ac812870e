/* The clause emitter (clause_emitter.h): the first failure, of the sink or
 * of memory, sticks, and everything after it is skipped, so generators
 * need not check after every clause. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "clause_emitter.h"

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

void emit_ternary(clause_emitter *emitter, int first, int second, int third) {
  int literals[3] = {first, second, third};
  emit_clause(emitter, literals, 3);
}

int fresh_variable(clause_emitter *emitter) { return emitter->next_variable++; }

int *scratch_ints(clause_emitter *emitter, size_t count) {
  int *memory = malloc(count * sizeof *memory);
  if (!memory && emitter->status == NQ_OK)
    emitter->status = NQ_ERR_MEMORY;
  return memory;
}

enum { TEXT_SIZE = 160 };

/* Formats a listener's text when there is a listener and nothing failed;
 * returns whether it did. */
static int formatted(const clause_emitter *emitter, int listening, char *text, const char *format,
                     va_list arguments) {
  if (!listening || emitter->status != NQ_OK)
    return 0;
  vsnprintf(text, TEXT_SIZE, format, arguments);
  return 1;
}

void emit_explanation(clause_emitter *emitter, const char *format, ...) {
  char text[TEXT_SIZE];
  va_list arguments;
  va_start(arguments, format);
  int ready = formatted(emitter, emitter->comment != NULL, text, format, arguments);
  va_end(arguments);
  if (ready && emitter->comment(emitter->comment_context, text))
    emitter->status = NQ_ERR_STOPPED;
}

void name_auxiliary(clause_emitter *emitter, int variable, const int *inputs, int count,
                    int negated, int exact, const char *format, ...) {
  char text[TEXT_SIZE];
  va_list arguments;
  va_start(arguments, format);
  int ready = formatted(emitter, emitter->name != NULL, text, format, arguments);
  va_end(arguments);
  auxiliary_meaning meaning = {variable, text, inputs, count, negated, exact};
  if (ready && emitter->name(emitter->comment_context, &meaning))
    emitter->status = NQ_ERR_STOPPED;
}
