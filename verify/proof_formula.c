/* The proof checkers' input: files read whole (zlib passes plain files
 * through), the flat clause array, and the DIMACS formula. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "grow.h"
#include "proof_formula.h"
#include "proof_tokens.h"

nq_status proof_read_file(const char *path, char **bytes, size_t *size, char *error,
                          size_t error_size) {
  *bytes = NULL;
  *size = 0;
  gzFile file = gzopen(path, "rb");
  if (!file) {
    snprintf(error, error_size, "%s: %s", path, errno ? strerror(errno) : "cannot open");
    return NQ_ERR_IO;
  }
  gzbuffer(file, 1 << 17);
  size_t capacity = 0, used = 0;
  char *buffer = NULL;
  for (;;) {
    if (capacity - used < (1 << 16)) {
      char *grown = grow_array(buffer, &capacity, used + (1 << 16) + 1, 1, 1 << 20);
      if (!grown) {
        free(buffer);
        gzclose(file);
        snprintf(error, error_size, "%s: out of memory", path);
        return NQ_ERR_MEMORY;
      }
      buffer = grown;
    }
    int got = gzread(file, buffer + used, (unsigned)(capacity - used - 1));
    if (got < 0) {
      int code;
      const char *why = gzerror(file, &code);
      snprintf(error, error_size, "%s: %s", path,
               code == Z_ERRNO ? strerror(errno) : (why ? why : "read error"));
      free(buffer);
      gzclose(file);
      return NQ_ERR_IO;
    }
    if (got == 0)
      break;
    used += (size_t)got;
  }
  gzclose(file);
  if (!buffer && !(buffer = malloc(1))) {
    snprintf(error, error_size, "%s: out of memory", path);
    return NQ_ERR_MEMORY;
  }
  buffer[used] = '\0';
  *bytes = buffer;
  *size = used;
  return NQ_OK;
}

int proof_clauses_init(proof_clauses *clauses) {
  memset(clauses, 0, sizeof *clauses);
  clauses->start = grow_array(NULL, &clauses->start_capacity, 1, sizeof *clauses->start, 1024);
  if (!clauses->start)
    return -1;
  clauses->start[0] = 0;
  return 0;
}

int proof_clauses_reserve(proof_clauses *clauses, size_t literals) {
  if (literals <= clauses->literal_capacity)
    return 0;
  int *grown =
      grow_array(clauses->literals, &clauses->literal_capacity, literals, sizeof *grown, 4096);
  if (!grown)
    return -1;
  clauses->literals = grown;
  return 0;
}

int proof_clauses_push(proof_clauses *clauses, int literal) {
  if (proof_clauses_reserve(clauses, clauses->literal_count + 1))
    return -1;
  clauses->literals[clauses->literal_count++] = literal;
  int variable = literal < 0 ? -literal : literal;
  if (variable > clauses->max_variable)
    clauses->max_variable = variable;
  return 0;
}

int proof_clauses_close(proof_clauses *clauses) {
  if (clauses->count + 2 > clauses->start_capacity) {
    size_t *grown = grow_array(clauses->start, &clauses->start_capacity, clauses->count + 2,
                               sizeof *grown, 1024);
    if (!grown)
      return -1;
    clauses->start = grown;
  }
  clauses->start[++clauses->count] = clauses->literal_count;
  return 0;
}

int proof_push_int(int **items, size_t *count, size_t *capacity, int value) {
  if (*count == *capacity) {
    int *grown = grow_array(*items, capacity, *count + 1, sizeof *grown, 256);
    if (!grown)
      return -1;
    *items = grown;
  }
  (*items)[(*count)++] = value;
  return 0;
}

int proof_push_int64(int64_t **items, size_t *count, size_t *capacity, int64_t value) {
  if (*count == *capacity) {
    int64_t *grown = grow_array(*items, capacity, *count + 1, sizeof *grown, 256);
    if (!grown)
      return -1;
    *items = grown;
  }
  (*items)[(*count)++] = value;
  return 0;
}

void proof_clauses_free(proof_clauses *clauses) {
  free(clauses->literals);
  free(clauses->start);
  memset(clauses, 0, sizeof *clauses);
}

nq_status proof_parse_error(char *error, size_t error_size, const char *name, int64_t line,
                            const char *format, ...) {
  if (!error || !error_size)
    return NQ_ERR_PARSE;
  int used = line >= 0
                 ? snprintf(error, error_size, "%s:%lld: ", name, (long long)line)
                 : snprintf(error, error_size, "%s: byte %lld: ", name, (long long)(-1 - line));
  if (used >= 0 && (size_t)used < error_size) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error + used, error_size - (size_t)used, format, arguments);
    va_end(arguments);
  }
  return NQ_ERR_PARSE;
}

/* One count of the 'p cnf' line: 1 read, 0 not a number that fits. */
static int read_count(proof_tokens *tokens, long long *value) {
  int64_t read;
  proof_tokens_skip_blanks(tokens);
  if (proof_tokens_integer(tokens, INT_MAX, &read) != PROOF_TOKEN_OK || read < 0)
    return 0;
  *value = read;
  return 1;
}

nq_status proof_parse_dimacs(const char *bytes, size_t size, const char *name,
                             proof_clauses *clauses, char *error, size_t error_size) {
  proof_tokens tokens = {bytes, size, 0, 1};
  long long declared_variables = -1, declared_clauses = -1;
  size_t open_literals = 0;
  int next;
  while ((next = proof_tokens_skip(&tokens, 1)) >= 0) {
    int64_t line = tokens.line;
    /* SATLIB's "%" end marker, with whatever follows it. */
    if (next == '%' && declared_variables >= 0)
      break;
    if (next == 'p') {
      if (declared_variables >= 0)
        return proof_parse_error(error, error_size, name, line, "a second 'p' line");
      if (size - tokens.at < 5 || strncmp(bytes + tokens.at, "p cnf", 5))
        return proof_parse_error(error, error_size, name, line,
                                 "expected 'p cnf VARIABLES CLAUSES'");
      tokens.at += 5;
      if (!read_count(&tokens, &declared_variables))
        return proof_parse_error(error, error_size, name, line, "expected the number of variables");
      if (!read_count(&tokens, &declared_clauses))
        return proof_parse_error(error, error_size, name, line, "expected the number of clauses");
      if (declared_variables > PROOF_MAX_VARIABLE)
        return proof_parse_error(error, error_size, name, line,
                                 "%lld variables exceed the checker's limit %d", declared_variables,
                                 PROOF_MAX_VARIABLE);
      continue;
    }
    if (declared_variables < 0)
      return proof_parse_error(error, error_size, name, line, "a clause before the 'p cnf' line");
    int64_t literal;
    if (proof_tokens_integer(&tokens, INT_MAX, &literal) != PROOF_TOKEN_OK)
      return proof_parse_error(error, error_size, name, line, "expected a literal, found '%c'",
                               next >= ' ' && next < 127 ? next : '?');
    if (literal == 0) {
      if ((long long)clauses->count >= declared_clauses)
        return proof_parse_error(error, error_size, name, line,
                                 "more clauses than the %lld the header declares",
                                 declared_clauses);
      if (proof_clauses_close(clauses))
        return NQ_ERR_MEMORY;
      open_literals = 0;
      continue;
    }
    if (literal > declared_variables || -literal > declared_variables)
      return proof_parse_error(error, error_size, name, line,
                               "literal %lld exceeds the %lld variables the header declares",
                               (long long)literal, declared_variables);
    if (proof_clauses_push(clauses, (int)literal))
      return NQ_ERR_MEMORY;
    open_literals++;
  }
  int64_t line = tokens.line;
  if (declared_variables < 0)
    return proof_parse_error(error, error_size, name, line, "no 'p cnf' line");
  if (open_literals)
    return proof_parse_error(error, error_size, name, line, "the last clause does not end in 0");
  if ((long long)clauses->count != declared_clauses)
    return proof_parse_error(error, error_size, name, line,
                             "%zu clauses where the header declares %lld", clauses->count,
                             declared_clauses);
  if (clauses->max_variable < declared_variables)
    clauses->max_variable = (int)declared_variables;
  return NQ_OK;
}
