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

int proof_clauses_push(proof_clauses *clauses, int literal) {
  if (clauses->literal_count == clauses->literal_capacity) {
    int *grown = grow_array(clauses->literals, &clauses->literal_capacity,
                            clauses->literal_count + 1, sizeof *grown, 4096);
    if (!grown)
      return -1;
    clauses->literals = grown;
  }
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

/* One decimal integer at bytes[*at] (optional '-'); 0 when it is not one or
 * does not fit in an int. */
static int read_integer(const char *bytes, size_t size, size_t *at, long long *value) {
  size_t position = *at;
  int negative = 0;
  if (position < size && bytes[position] == '-') {
    negative = 1;
    position++;
  }
  if (position >= size || bytes[position] < '0' || bytes[position] > '9')
    return 0;
  long long magnitude = 0;
  while (position < size && bytes[position] >= '0' && bytes[position] <= '9') {
    magnitude = magnitude * 10 + (bytes[position] - '0');
    if (magnitude > INT_MAX)
      return 0;
    position++;
  }
  if (position < size && bytes[position] != ' ' && bytes[position] != '\t' &&
      bytes[position] != '\n' && bytes[position] != '\r')
    return 0;
  *value = negative ? -magnitude : magnitude;
  *at = position;
  return 1;
}

nq_status proof_parse_dimacs(const char *bytes, size_t size, const char *name,
                             proof_clauses *clauses, char *error, size_t error_size) {
  long line = 1;
  size_t at = 0;
  long long declared_variables = -1, declared_clauses = -1;
  size_t open_literals = 0;
  while (at < size) {
    char byte = bytes[at];
    if (byte == '\n') {
      line++;
      at++;
      continue;
    }
    if (byte == ' ' || byte == '\t' || byte == '\r') {
      at++;
      continue;
    }
    if (byte == 'c' || (byte == '%' && declared_variables >= 0)) {
      /* Comments, and SATLIB's "%" end marker with whatever follows it. */
      if (byte == '%')
        break;
      while (at < size && bytes[at] != '\n')
        at++;
      continue;
    }
    if (byte == 'p') {
      if (declared_variables >= 0)
        return proof_parse_error(error, error_size, name, line, "a second 'p' line");
      if (size - at < 5 || strncmp(bytes + at, "p cnf", 5))
        return proof_parse_error(error, error_size, name, line,
                                 "expected 'p cnf VARIABLES CLAUSES'");
      at += 5;
      while (at < size && (bytes[at] == ' ' || bytes[at] == '\t'))
        at++;
      if (!read_integer(bytes, size, &at, &declared_variables) || declared_variables < 0)
        return proof_parse_error(error, error_size, name, line, "expected the number of variables");
      while (at < size && (bytes[at] == ' ' || bytes[at] == '\t'))
        at++;
      if (!read_integer(bytes, size, &at, &declared_clauses) || declared_clauses < 0)
        return proof_parse_error(error, error_size, name, line, "expected the number of clauses");
      if (declared_variables > PROOF_MAX_VARIABLE)
        return proof_parse_error(error, error_size, name, line,
                                 "%lld variables exceed the checker's limit %d", declared_variables,
                                 PROOF_MAX_VARIABLE);
      continue;
    }
    if (declared_variables < 0)
      return proof_parse_error(error, error_size, name, line, "a clause before the 'p cnf' line");
    long long literal;
    if (!read_integer(bytes, size, &at, &literal))
      return proof_parse_error(error, error_size, name, line, "expected a literal, found '%c'",
                               byte >= ' ' && byte < 127 ? byte : '?');
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
                               literal, declared_variables);
    if (proof_clauses_push(clauses, (int)literal))
      return NQ_ERR_MEMORY;
    open_literals++;
  }
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
