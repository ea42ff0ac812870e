/* The DIMACS CNF reader: a streaming tokenizer over byte_stream, so no line
 * is ever held whole. Format: the DIMACS challenge description
 * ("Satisfiability Suggested Format", 1993) as used by the SAT competitions;
 * the '%' end marker is SATLIB's (Hoos & Stuetzle 2000), whose uniform
 * random 3-SAT files end in "%\n0\n".
 *
 * Why validate everything here: PicoSAT aborts the process on a literal it
 * does not expect, so nothing unchecked may reach it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "byte_stream.h"
#include "grow.h"
#include "nqsat/cnf.h"

enum { WORD_SIZE = 32, TOKEN_SHOWN = 24 };
/* Board sizes past this cannot number their queens in an int. */
enum { LARGEST_QUEENS_N = 46340 };

typedef struct int_vector {
  int *items;
  size_t count, capacity;
} int_vector;

typedef struct parser {
  byte_stream *in;
  const char *name;
  char *error;
  size_t error_size;
  int c;             /* current byte, BYTE_END or BYTE_ERROR */
  long line;         /* line of `c` */
  long content_line; /* line of the last non-blank byte */
  int failed;
  nq_cnf *cnf;
  int_vector literals;
  int header_seen;
  int64_t declared_variables, declared_clauses, clauses_read;
  int clause_open;
  int_vector projection;
  int projection_declared;
  int largest_projected;
  long largest_projected_line;
  int generator_nqsat;
  int64_t queens_n;
  long queens_n_line;
  int_vector map; /* ORIG, NEW pairs */
  long map_line;
  char model[WORD_SIZE], csp[WORD_SIZE]; /* "c model:" and "c csp:" words */
  long model_line, csp_line;
  int any_byte;
  const volatile sig_atomic_t *stop; /* polled every STOP_POLL tokens; may be NULL */
  int stopped;
} parser;

/* Tokens between looks at the stop flag: a millisecond or two of reading. */
enum { STOP_POLL = 1 << 14 };

/* Copies `text` into `out`, each control byte written as \xNN, so a
 * message stays one printable line whatever bytes the input held. */
static void copy_printable(char *out, size_t out_size, const char *text) {
  size_t used = 0;
  for (; *text && used + 1 < out_size; text++) {
    unsigned char byte = (unsigned char)*text;
    if (byte >= 0x20 && byte != 0x7f) {
      out[used++] = (char)byte;
    } else if (used + 4 < out_size) {
      snprintf(out + used, out_size - used, "\\x%02x", byte);
      used += 4;
    } else {
      break;
    }
  }
  out[used] = '\0';
}

static int fail(parser *p, long line, const char *format, ...) {
  if (p->failed)
    return -1;
  p->failed = 1;
  if (p->error && p->error_size) {
    char message[512];
    int used = snprintf(message, sizeof message, "%s:%ld: ", p->name, line);
    if (used >= 0 && (size_t)used < sizeof message) {
      va_list arguments;
      va_start(arguments, format);
      vsnprintf(message + used, sizeof message - (size_t)used, format, arguments);
      va_end(arguments);
    }
    copy_printable(p->error, p->error_size, message);
  }
  return -1;
}

static int push(parser *p, int_vector *vector, int value) {
  if (vector->count == vector->capacity) {
    int *items =
        grow_array(vector->items, &vector->capacity, vector->count + 1, sizeof *items, 1024);
    if (!items) {
      p->failed = 1;
      if (p->error && p->error_size)
        snprintf(p->error, p->error_size, "%s: out of memory", p->name);
      return -1;
    }
    vector->items = items;
  }
  vector->items[vector->count++] = value;
  return 0;
}

/* Ends the reading on the caller's stop flag (NQ_ERR_INTERRUPTED). */
static int stop_reading(parser *p) {
  p->stopped = p->failed = 1;
  if (p->error && p->error_size)
    snprintf(p->error, p->error_size, "%s: stopped while reading (line %ld)", p->name, p->line);
  return -1;
}

/* Moves to the next byte; -1 on a stream error, a stop or a NUL byte. */
static int advance(parser *p) {
  if (p->c == '\n')
    p->line++;
  p->c = byte_stream_get(p->in);
  if (p->c == BYTE_ERROR && p->in->stopped)
    return stop_reading(p);
  if (p->c == BYTE_ERROR)
    return fail(p, p->line, "%s", p->in->problem);
  if (p->c == 0)
    return fail(p, p->line, "NUL byte in the input (not a text file?)");
  if (p->c >= 0)
    p->any_byte = 1;
  return 0;
}

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
static int is_space(int c) { return is_blank(c) || c == '\n'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

static int skip_blanks(parser *p) {
  while (is_blank(p->c))
    if (advance(p))
      return -1;
  return 0;
}

static int skip_line(parser *p) {
  while (p->c != '\n' && p->c != BYTE_END)
    if (advance(p))
      return -1;
  return 0;
}

/* Reads the rest of a token into `shown` (truncated, "..." appended). */
static int read_token(parser *p, char *shown, size_t length) {
  while (p->c >= 0 && !is_space(p->c)) {
    if (length < TOKEN_SHOWN)
      shown[length] = (char)p->c;
    length++;
    if (advance(p))
      return -1;
  }
  if (length > TOKEN_SHOWN)
    memcpy(shown + TOKEN_SHOWN - 3, "...", 3), length = TOKEN_SHOWN;
  shown[length] = '\0';
  return 0;
}

/* Reads a blank-delimited word of the current line into `word` (empty at
 * the end of the line; cut to WORD_SIZE - 1 bytes). */
static int read_word(parser *p, char word[WORD_SIZE]) {
  if (skip_blanks(p))
    return -1;
  size_t length = 0;
  while (p->c >= 0 && !is_space(p->c)) {
    if (length + 1 < WORD_SIZE)
      word[length++] = (char)p->c;
    if (advance(p))
      return -1;
  }
  word[length] = '\0';
  return 0;
}

/* Reads an integer token at `c`. *value saturates past INT64 range at
 * +-(INT_MAX + 1LL) * 2, enough to tell "too large" apart. Returns 0, or -1
 * after reporting "'TOKEN' is not a number" (`what` names the context).
 * With `comment_may_follow`, a 'c' right after the digits ends the number
 * and starts a comment ("1 2 0c note"), as CaDiCaL and kissat read it. */
static int read_integer(parser *p, int64_t *value, char shown[TOKEN_SHOWN + 1], const char *what,
                        int comment_may_follow) {
  size_t length = 0;
  int negative = 0;
  if (p->c == '-' || p->c == '+') {
    negative = p->c == '-';
    shown[length++] = (char)p->c;
    if (advance(p))
      return -1;
  }
  if (!is_digit(p->c)) {
    long line = p->line;
    if (read_token(p, shown, length))
      return -1;
    return fail(p, line, "'%s' is not a number%s", shown, what);
  }
  int64_t magnitude = 0;
  while (is_digit(p->c)) {
    if (magnitude <= (int64_t)INT_MAX * 4)
      magnitude = magnitude * 10 + (p->c - '0');
    if (length < TOKEN_SHOWN)
      shown[length] = (char)p->c;
    length++;
    if (advance(p))
      return -1;
  }
  if (p->c >= 0 && !is_space(p->c) && !(comment_may_follow && p->c == 'c')) {
    long line = p->line;
    if (read_token(p, shown, length))
      return -1;
    return fail(p, line, "'%s' is not a number%s", shown, what);
  }
  if (length > TOKEN_SHOWN)
    memcpy(shown + TOKEN_SHOWN - 3, "...", 3), length = TOKEN_SHOWN;
  shown[length] = '\0';
  *value = negative ? -magnitude : magnitude;
  return 0;
}

/* "c ind 1 2 3 0" / "c p show 1 2 3 0": variables up to 0 or the line end. */
static int read_projection(parser *p) {
  p->projection_declared = 1;
  for (;;) {
    if (skip_blanks(p))
      return -1;
    if (p->c == '\n' || p->c == BYTE_END)
      return 0;
    int64_t variable;
    char shown[TOKEN_SHOWN + 1];
    if (read_integer(p, &variable, shown, " (in a projection line)", 0))
      return -1;
    if (variable == 0)
      return skip_line(p);
    if (variable < 0 || variable > INT_MAX)
      return fail(p, p->line, "projection variable %s is not a variable", shown);
    if (variable > p->largest_projected) {
      p->largest_projected = (int)variable;
      p->largest_projected_line = p->line;
    }
    if (push(p, &p->projection, (int)variable))
      return -1;
  }
}

static int read_map(parser *p) {
  if (!p->map_line)
    p->map_line = p->line;
  for (;;) {
    if (skip_blanks(p))
      return -1;
    if (p->c == '\n' || p->c == BYTE_END)
      return 0;
    int64_t variable;
    char shown[TOKEN_SHOWN + 1];
    if (read_integer(p, &variable, shown, " (in a 'c nqsat map' line)", 0))
      return -1;
    if (variable < 1 || variable > INT_MAX)
      return fail(p, p->line, "'c nqsat map' entry %s is not a variable", shown);
    if (push(p, &p->map, (int)variable))
      return -1;
  }
}

static int read_comment(parser *p) {
  if (advance(p)) /* past the 'c' */
    return -1;
  char word[WORD_SIZE], second[WORD_SIZE];
  if (read_word(p, word))
    return -1;
  if (!strcmp(word, "ind"))
    return read_projection(p);
  if (!strcmp(word, "p")) {
    if (read_word(p, second))
      return -1;
    if (!strcmp(second, "show"))
      return read_projection(p);
  } else if (!strcmp(word, "generator:")) {
    if (read_word(p, second))
      return -1;
    if (!strcmp(second, "nqsat"))
      p->generator_nqsat = 1;
  } else if (!strcmp(word, "N:")) {
    if (skip_blanks(p))
      return -1;
    int64_t n;
    char shown[TOKEN_SHOWN + 1];
    if (is_digit(p->c)) {
      if (read_integer(p, &n, shown, " (board size in 'c N:')", 0))
        return -1;
      p->queens_n = n;
      p->queens_n_line = p->line;
    }
  } else if (!strcmp(word, "model:") || !strcmp(word, "csp:")) {
    int is_model = word[0] == 'm';
    if (read_word(p, is_model ? p->model : p->csp))
      return -1;
    *(is_model ? &p->model_line : &p->csp_line) = p->line;
  } else if (!strcmp(word, "nqsat")) {
    if (read_word(p, second))
      return -1;
    if (!strcmp(second, "map"))
      return read_map(p);
  }
  return skip_line(p);
}

/* A header count: a whole number in 0..limit. */
static int parse_count(parser *p, const char *word, int64_t limit, const char *what,
                       int64_t *count) {
  const char *digit = word;
  if (*word == '-' && is_digit((unsigned char)word[1]))
    return fail(p, p->line, "the %s count %s is negative", what, word);
  if (*digit == '+')
    digit++;
  if (!*digit)
    return fail(p, p->line, "the 'p cnf' line lacks the %s count", what);
  int64_t value = 0;
  for (; *digit; digit++) {
    if (!is_digit((unsigned char)*digit))
      return fail(p, p->line, "the %s count '%s' is not a number", what, word);
    if (value > limit)
      break;
    value = value * 10 + (*digit - '0');
  }
  if (value > limit || strlen(word) >= WORD_SIZE - 1)
    return fail(p, p->line, "the %s count %s is too large (at most %lld)", what, word,
                (long long)limit);
  *count = value;
  return 0;
}

static int read_header(parser *p) {
  long line = p->line;
  if (p->header_seen)
    return fail(p, line, "a second 'p' line");
  if (advance(p)) /* past the 'p' */
    return -1;
  if (!is_blank(p->c))
    return fail(p, line, "expected 'p cnf VARIABLES CLAUSES'");
  char format[WORD_SIZE], variables[WORD_SIZE], clauses[WORD_SIZE], extra[WORD_SIZE];
  if (read_word(p, format))
    return -1;
  if (strcmp(format, "cnf"))
    return fail(p, line, "unsupported format '%s' (only 'p cnf' is read)", format);
  if (read_word(p, variables) || read_word(p, clauses) || read_word(p, extra))
    return -1;
  if (parse_count(p, variables, INT_MAX, "variable", &p->declared_variables) ||
      parse_count(p, clauses, INT64_MAX / 16, "clause", &p->declared_clauses))
    return -1;
  if (*extra)
    return fail(p, line, "unexpected '%s' after 'p cnf %s %s'", extra, variables, clauses);
  p->header_seen = 1;
  return 0;
}

static int read_literal(parser *p) {
  long line = p->line;
  int64_t literal;
  char shown[TOKEN_SHOWN + 1];
  if (read_integer(p, &literal, shown, "", 1))
    return -1;
  if (!p->header_seen)
    return fail(p, line, "clause before the 'p cnf' header (missing header?)");
  if (literal == 0) {
    if (!p->clause_open && p->clauses_read == p->declared_clauses)
      return fail(p, line, "more clauses than the %lld the header declares",
                  (long long)p->declared_clauses);
    p->clause_open = 0;
    p->clauses_read++;
    return push(p, &p->literals, 0);
  }
  int64_t variable = literal < 0 ? -literal : literal;
  if (variable > INT_MAX)
    return fail(p, line, "literal %s is out of range (variables are at most %d)", shown, INT_MAX);
  if (variable > p->declared_variables)
    return fail(p, line, "literal %s exceeds the %lld variables the header declares", shown,
                (long long)p->declared_variables);
  if (!p->clause_open && p->clauses_read == p->declared_clauses)
    return fail(p, line, "more clauses than the %lld the header declares",
                (long long)p->declared_clauses);
  p->clause_open = 1;
  if (variable > p->cnf->max_variable)
    p->cnf->max_variable = (int)variable;
  return push(p, &p->literals, (int)literal);
}

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Projection, board size and map, checked against the header. */
static int finish(parser *p) {
  nq_cnf *cnf = p->cnf;
  if (p->largest_projected > p->declared_variables)
    return fail(p, p->largest_projected_line,
                "projection variable %d exceeds the %lld variables the header declares",
                p->largest_projected, (long long)p->declared_variables);
  if (p->projection.count) {
    qsort(p->projection.items, p->projection.count, sizeof(int), compare_ints);
    size_t unique = 0;
    for (size_t i = 0; i < p->projection.count; i++)
      if (!unique || p->projection.items[unique - 1] != p->projection.items[i])
        p->projection.items[unique++] = p->projection.items[i];
    p->projection.count = unique;
    if (p->largest_projected > cnf->max_variable)
      cnf->max_variable = p->largest_projected;
  }
  cnf->projection = p->projection.items;
  cnf->projection_count = p->projection.count;
  p->projection.items = NULL;

  if (p->map.count && !(p->generator_nqsat && p->queens_n))
    return fail(p, p->map_line, "'c nqsat map' in a file without 'c generator: nqsat' and 'c N:'");
  if (!p->generator_nqsat || !p->queens_n)
    return 0;
  int64_t n = p->queens_n;
  if (n > LARGEST_QUEENS_N)
    return fail(p, p->queens_n_line, "'c N: %lld' is too large a board", (long long)n);
  /* The variables a model is read from: the N^2 queens of the matrix
   * model, or the rows model's value variables (nqsat/encoder.h). */
  int rows = 0, width = (int)n;
  if (p->model_line && !strcmp(p->model, "rows")) {
    nq_csp csp;
    if (!p->csp_line)
      return fail(p, p->model_line, "'c model: rows' without a 'c csp:' line naming the encoding");
    if (nq_csp_from_name(p->csp, &csp))
      return fail(p, p->csp_line, "unknown encoding '%s' in 'c csp:' (direct, support, order, log)",
                  p->csp);
    rows = 1;
    width = nq_csp_row_width(csp, (int)n);
    cnf->rows_csp = (int)csp;
  } else if (p->model_line && strcmp(p->model, "matrix")) {
    return fail(p, p->model_line, "unknown model '%s' in 'c model:' (matrix, rows)", p->model);
  }
  int64_t count = n * width;
  if (count > p->declared_variables)
    return fail(p, p->queens_n_line, "'c N: %lld' needs %lld %s variables, the header has %lld",
                (long long)n, (long long)count, rows ? "rows-model" : "queen",
                (long long)p->declared_variables);
  if (p->map.count % 2)
    return fail(p, p->map_line, "'c nqsat map' needs ORIG NEW pairs, found an odd count");
  int *numbered = malloc((size_t)(count ? count : 1) * sizeof(int));
  unsigned char *used = calloc((size_t)p->declared_variables + 1, 1);
  if (!numbered || !used) {
    free(numbered);
    free(used);
    return fail(p, p->map_line, "out of memory");
  }
  *(rows ? &cnf->rows_variables : &cnf->queen_variables) = numbered;
  for (int64_t k = 0; k < count; k++)
    numbered[k] = (int)k + 1;
  for (size_t i = 0; i < p->map.count; i += 2) {
    int original = p->map.items[i], renamed = p->map.items[i + 1];
    if (original > count || renamed > p->declared_variables) {
      free(used);
      return fail(p, p->map_line, "'c nqsat map' pair %d %d is outside the %lld %s variables",
                  original, renamed, (long long)count, rows ? "rows-model" : "queen");
    }
    numbered[original - 1] = renamed;
  }
  for (int64_t k = 0; k < count; k++) {
    int variable = numbered[k];
    if (used[variable]++) {
      free(used);
      return fail(p, p->map_line, "'c nqsat map' gives variable %d to two %s", variable,
                  rows ? "rows-model variables" : "queens");
    }
  }
  free(used);
  cnf->queens_n = (int)n;
  cnf->rows_width = rows ? width : 0;
  return 0;
}

static nq_status parse(byte_stream *in, const char *name, const volatile sig_atomic_t *stop,
                       nq_cnf **result, char *error, size_t error_size) {
  *result = NULL;
  parser p = {
      .in = in, .name = name, .error = error, .error_size = error_size, .line = 1, .stop = stop};
  unsigned tokens = 0;
  p.cnf = calloc(1, sizeof *p.cnf);
  if (!p.cnf) {
    snprintf(error, error_size, "%s: out of memory", name);
    return NQ_ERR_MEMORY;
  }
  p.c = '\0';
  if (advance(&p) == 0) {
    for (;;) {
      while (is_space(p.c))
        if (advance(&p))
          break;
      if (p.failed || p.c == BYTE_END)
        break;
      if (p.stop && !(++tokens % STOP_POLL) && *p.stop) {
        stop_reading(&p);
        break;
      }
      p.content_line = p.line;
      int result;
      if (p.c == 'c')
        result = read_comment(&p);
      else if (p.c == 'p')
        result = read_header(&p);
      else if (p.c == '%' && p.header_seen)
        break; /* SATLIB's end marker: the rest is not part of the formula */
      else
        result = read_literal(&p);
      if (result)
        break;
    }
  }
  if (!p.failed) {
    if (!p.any_byte)
      fail(&p, 1, "empty input (no 'p cnf' header)");
    else if (!p.header_seen)
      fail(&p, p.content_line, "missing 'p cnf VARIABLES CLAUSES' header");
    else if (p.clause_open)
      fail(&p, p.content_line, "the last clause is not terminated by 0");
    else if (p.clauses_read != p.declared_clauses)
      fail(&p, p.content_line, "the header declares %lld clauses, the file has %lld",
           (long long)p.declared_clauses, (long long)p.clauses_read);
    else
      finish(&p);
  }
  p.cnf->variables = (int)p.declared_variables;
  p.cnf->clause_count = p.clauses_read;
  p.cnf->literals = p.literals.items;
  p.cnf->literal_count = p.literals.count;
  p.cnf->has_projection = p.projection_declared;
  free(p.projection.items);
  free(p.map.items);
  if (p.failed) {
    nq_cnf_free(p.cnf);
    return p.stopped ? NQ_ERR_INTERRUPTED : in->io_errno ? NQ_ERR_IO : NQ_ERR_PARSE;
  }
  *result = p.cnf;
  return NQ_OK;
}

nq_status nq_cnf_read_memory(const void *data, size_t size, const char *name, nq_cnf **cnf,
                             char *error, size_t error_size) {
  byte_stream in;
  if (byte_stream_open_memory(&in, data, size)) {
    snprintf(error, error_size, "%s: out of memory", name);
    return NQ_ERR_MEMORY;
  }
  nq_status status = parse(&in, name, NULL, cnf, error, error_size);
  byte_stream_close(&in);
  return status;
}

nq_status nq_cnf_read_path(const char *path, nq_cnf **cnf, char *error, size_t error_size) {
  return nq_cnf_read_path_until(path, NULL, cnf, error, error_size);
}

nq_status nq_cnf_read_path_until(const char *path, const volatile sig_atomic_t *stop, nq_cnf **cnf,
                                 char *error, size_t error_size) {
  *cnf = NULL;
  int from_stdin = !strcmp(path, "-");
  const char *name = from_stdin ? "<stdin>" : path;
  int fd = from_stdin ? STDIN_FILENO : open(path, O_RDONLY);
  if (fd < 0) {
    snprintf(error, error_size, "%s: %s", name, strerror(errno));
    return NQ_ERR_IO;
  }
  struct stat info;
  if (fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    snprintf(error, error_size, "%s: is a directory, not a DIMACS file", name);
    if (!from_stdin)
      close(fd);
    return NQ_ERR_IO;
  }
  byte_stream in;
  nq_status status;
  if (byte_stream_open_fd(&in, fd)) {
    snprintf(error, error_size, "%s: out of memory", name);
    status = NQ_ERR_MEMORY;
  } else {
    in.stop = stop;
    status = parse(&in, name, stop, cnf, error, error_size);
    byte_stream_close(&in);
  }
  if (!from_stdin)
    close(fd);
  return status;
}

void nq_cnf_free(nq_cnf *cnf) {
  if (!cnf)
    return;
  free(cnf->literals);
  free(cnf->projection);
  free(cnf->queen_variables);
  free(cnf->rows_variables);
  free(cnf);
}
