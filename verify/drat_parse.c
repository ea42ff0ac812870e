/* DRAT in its two spellings. Text: "l1 l2 ... 0" adds a lemma, "d l1 ... 0"
 * deletes a clause, 'c' lines are comments. Binary: 'a' (0x61) or 'd'
 * (0x64), then each literal as a variable-length number of 2 * var + sign
 * (7 bits a byte, low first, high bit set when more follow), then 0. */
#include <limits.h>
#include <stdlib.h>

#include "drat_parse.h"
#include "grow.h"
#include "proof_tokens.h"

int drat_looks_binary(const char *bytes, size_t size) {
  /* A proof opening with a comment may hold letters in its first line. */
  int comment = size >= 2 && bytes[0] == 'c' && bytes[1] == ' ';
  for (size_t at = 0; at < size && at < 12; at++) {
    unsigned char byte = (unsigned char)bytes[at];
    int text = (byte >= '0' && byte <= '9') || byte == '-' || byte == 'd' || byte == 'c' ||
               byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r' ||
               (comment && byte >= 'A' && byte <= 'z');
    if (!text)
      return 1;
  }
  return 0;
}

static int push_step(drat_steps *steps, size_t clause, int64_t where, int deletion) {
  if (steps->count == steps->capacity) {
    drat_step *grown =
        grow_array(steps->steps, &steps->capacity, steps->count + 1, sizeof *grown, 1024);
    if (!grown)
      return -1;
    steps->steps = grown;
  }
  steps->steps[steps->count++] = (drat_step){clause, where, deletion};
  return 0;
}

static nq_status parse_binary(const char *bytes, size_t size, const char *name,
                              proof_clauses *clauses, drat_steps *steps, char *error,
                              size_t error_size) {
  size_t at = 0;
  while (at < size) {
    size_t step_start = at;
    unsigned char kind = (unsigned char)bytes[at++];
    if (kind != 'a' && kind != 'd')
      return proof_parse_error(error, error_size, name, -1 - (int64_t)step_start,
                               "expected 'a' or 'd' (0x61, 0x64), found 0x%02x", kind);
    for (;;) {
      uint64_t number = 0;
      int shift = 0;
      for (;;) {
        if (at >= size)
          return proof_parse_error(error, error_size, name, -1 - (int64_t)step_start,
                                   "the step is cut short (the file ends inside it)");
        unsigned char byte = (unsigned char)bytes[at++];
        if (shift > 35)
          return proof_parse_error(error, error_size, name, -1 - (int64_t)step_start,
                                   "a literal's number is too long");
        number |= (uint64_t)(byte & 0x7f) << shift;
        shift += 7;
        if (!(byte & 0x80))
          break;
      }
      if (number == 0)
        break;
      uint64_t variable = number >> 1;
      if (variable == 0 || variable > PROOF_MAX_VARIABLE)
        return proof_parse_error(error, error_size, name, -1 - (int64_t)step_start,
                                 "literal number %llu is out of range", (unsigned long long)number);
      int literal = (number & 1) ? -(int)variable : (int)variable;
      if (proof_clauses_push(clauses, literal))
        return NQ_ERR_MEMORY;
    }
    if (proof_clauses_close(clauses) ||
        push_step(steps, clauses->count - 1, (int64_t)step_start, kind == 'd'))
      return NQ_ERR_MEMORY;
  }
  return NQ_OK;
}

static nq_status parse_text(const char *bytes, size_t size, const char *name,
                            proof_clauses *clauses, drat_steps *steps, char *error,
                            size_t error_size) {
  proof_tokens tokens = {bytes, size, 0, 1};
  int64_t step_line = 0;
  int in_step = 0, deletion = 0, next;
  /* 'c' starts a comment only between steps. */
  while ((next = proof_tokens_skip(&tokens, !in_step)) >= 0) {
    int64_t line = tokens.line;
    if (next == 'd' && !in_step) {
      in_step = 1;
      deletion = 1;
      step_line = line;
      tokens.at++;
      if (tokens.at < size && bytes[tokens.at] != ' ' && bytes[tokens.at] != '\t')
        return proof_parse_error(error, error_size, name, line, "expected a blank after 'd'");
      continue;
    }
    int negative = next == '-';
    int64_t variable;
    int read = proof_tokens_integer(&tokens, PROOF_MAX_VARIABLE, &variable);
    if (read != PROOF_TOKEN_OK) {
      size_t at = read == PROOF_TOKEN_NONE ? tokens.at + (size_t)negative : tokens.at;
      unsigned char shown = at < size ? (unsigned char)bytes[at] : ' ';
      shown = shown >= ' ' && shown < 127 ? shown : '?';
      if (read == PROOF_TOKEN_LARGE)
        return proof_parse_error(error, error_size, name, line,
                                 "a variable beyond the checker's limit %d", PROOF_MAX_VARIABLE);
      return proof_parse_error(error, error_size, name, line,
                               read == PROOF_TOKEN_NONE ? "expected a literal, found '%c'"
                                                        : "a literal runs into '%c'",
                               shown);
    }
    if (!in_step) {
      in_step = 1;
      deletion = 0;
      step_line = line;
    }
    if (variable == 0) {
      if (negative)
        return proof_parse_error(error, error_size, name, line, "'-0' is not a literal");
      if (proof_clauses_close(clauses) || push_step(steps, clauses->count - 1, step_line, deletion))
        return NQ_ERR_MEMORY;
      in_step = 0;
      continue;
    }
    if (proof_clauses_push(clauses, (int)variable))
      return NQ_ERR_MEMORY;
  }
  if (in_step)
    return proof_parse_error(error, error_size, name, step_line, "the last step does not end in 0");
  return NQ_OK;
}

nq_status drat_parse(const char *bytes, size_t size, const char *name, proof_clauses *clauses,
                     drat_steps *steps, char *error, size_t error_size) {
  steps->binary = drat_looks_binary(bytes, size);
  return steps->binary ? parse_binary(bytes, size, name, clauses, steps, error, error_size)
                       : parse_text(bytes, size, name, clauses, steps, error, error_size);
}

void drat_steps_free(drat_steps *steps) {
  free(steps->steps);
  steps->steps = NULL;
  steps->count = steps->capacity = 0;
}
