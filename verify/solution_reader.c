/* Reading solutions that other programs wrote: vector lines, competition
 * "v" lines, MiniSat result files, MiniZinc output and printed boards,
 * labelled or not. See
 * nq_verify_read_solutions() and nq_verify_read_solutions_as(). */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "board_text.h"
#include "count_claim.h"
#include "grow.h"
#include "nqsat/verify.h"
#include "parse_error.h"

typedef struct reader {
  const char *name;
  int n;
  long line;
  char *error;
  size_t error_size;
  nq_verify_numbering numbering;
  int64_t board_variables; /* the numbering's variables, 1..board_variables */
  /* With a renaming: original[v] is the numbering's variable that file
   * variable v stands for (0: none), for v in 1..largest_renamed. */
  int *original;
  int largest_renamed;
  unsigned char *queen_true; /* [1..board_variables]: true in the model being read */
  /* The entries of queen_true set so far, so that clearing after a model
   * costs what the model set, not n*n bytes (2 GB at the largest n, for a
   * model line as short as "0"). `touched_lost`: a push failed, clear all. */
  int *touched;
  size_t touched_count, touched_capacity;
  int touched_lost;
  int model_open; /* literals seen, terminating 0 not yet */
  int pb_model;   /* the open model uses PB literals ("x3", "-x4"): it ends
                     with its last "v" line, there is no terminating 0 */
  long model_first_line;
  int *columns;
  nq_verify_claims *claims; /* NULL: claims are not wanted */
  /* Every file variable the open model gives a value (1 true, 2 false),
   * grown to the largest seen, so a variable given both values is found
   * whatever it stands for; cleared through `given_touched`. */
  unsigned char *given;
  size_t given_size;
  /* Variables from DENSE_GIVEN up keep their value in a hash table instead
   * (key 0: free slot), so that a model naming variable 2,000,000,000
   * costs one slot, not 2 GB. */
  long long *sparse_keys;
  unsigned char *sparse_values;
  size_t sparse_capacity, sparse_count;
  int *given_touched;
  size_t given_touched_count, given_touched_capacity;
  char model_problem[160]; /* the open model's first problem, or "" */
  int board_rows;          /* rows of a printed board read so far */
  long board_first_line;
  int labelled;           /* the open board has a column header and row numbers */
  long labelled_end_line; /* the line ending the last labelled board, or 0 */
  /* The line after the current one, read ahead to tell a column header
   * ("1 2 3 4") from a vector line: a header has a labelled row below. */
  char *peeked;
  size_t peeked_capacity;
  ssize_t peeked_length;
  int has_peeked;
} reader;

static nq_status parse_error(reader *state, const char *format, ...) {
  if (state->error && state->error_size) {
    int used = snprintf(state->error, state->error_size, "%s:%ld: ", state->name, state->line);
    if (used >= 0 && (size_t)used < state->error_size) {
      va_list arguments;
      va_start(arguments, format);
      vsnprintf(state->error + used, state->error_size - (size_t)used, format, arguments);
      va_end(arguments);
    }
  }
  return NQ_ERR_PARSE;
}

/* Parses one integer token at *cursor; returns 0, or -1 when the token is
 * not a decimal integer that fits an int. Leaves *cursor after the token. */
static int next_integer(const char **cursor, long long *value, const char **token) {
  const char *p = *cursor;
  while (*p == ' ' || *p == '\t' || *p == '\r')
    p++;
  *token = p;
  if (!*p)
    return 1; /* end of line */
  const char *start = p;
  if (*p == '-' || *p == '+')
    p++;
  if (*p < '0' || *p > '9')
    return -1;
  long long magnitude = 0;
  while (*p >= '0' && *p <= '9') {
    if (magnitude <= (long long)INT_MAX + 1)
      magnitude = magnitude * 10 + (*p - '0');
    p++;
  }
  if (*p && *p != ' ' && *p != '\t' && *p != '\r')
    return -1;
  *value = *start == '-' ? -magnitude : magnitude;
  *cursor = p;
  return 0;
}

static int is_true(void *context, int variable) {
  return ((const unsigned char *)context)[variable];
}

static void remember_touched(reader *state, int variable) {
  if (state->touched_lost)
    return;
  if (state->touched_count == state->touched_capacity) {
    int *grown = grow_array(state->touched, &state->touched_capacity, state->touched_count + 1,
                            sizeof *grown, 256);
    if (!grown) {
      state->touched_lost = 1;
      return;
    }
    state->touched = grown;
  }
  state->touched[state->touched_count++] = variable;
}

enum { DENSE_GIVEN = 1 << 22 };

static size_t sparse_home(long long variable, size_t capacity) {
  return (size_t)(((unsigned long long)variable * 0x9E3779B97F4A7C15ull) >> 20) & (capacity - 1);
}

/* The value slot of `variable` (>= DENSE_GIVEN) in the hash table, added
 * as 0 when absent; NULL when out of memory. */
static unsigned char *sparse_slot(reader *state, long long variable) {
  if ((state->sparse_count + 1) * 2 > state->sparse_capacity) {
    size_t capacity = state->sparse_capacity ? state->sparse_capacity * 2 : 64;
    long long *keys = calloc(capacity, sizeof *keys);
    unsigned char *values = calloc(capacity, 1);
    if (!keys || !values) {
      free(keys);
      free(values);
      return NULL;
    }
    for (size_t i = 0; i < state->sparse_capacity; i++) {
      if (!state->sparse_keys[i])
        continue;
      size_t slot = sparse_home(state->sparse_keys[i], capacity);
      while (keys[slot])
        slot = (slot + 1) & (capacity - 1);
      keys[slot] = state->sparse_keys[i];
      values[slot] = state->sparse_values[i];
    }
    free(state->sparse_keys);
    free(state->sparse_values);
    state->sparse_keys = keys;
    state->sparse_values = values;
    state->sparse_capacity = capacity;
  }
  size_t slot = sparse_home(variable, state->sparse_capacity);
  while (state->sparse_keys[slot] && state->sparse_keys[slot] != variable)
    slot = (slot + 1) & (state->sparse_capacity - 1);
  if (!state->sparse_keys[slot]) {
    state->sparse_keys[slot] = variable;
    state->sparse_values[slot] = 0;
    state->sparse_count++;
  }
  return &state->sparse_values[slot];
}

/* Records that the open model gives file variable `variable` the value
 * `positive`; a second, different value is the model's problem. Returns
 * -1 when out of memory. */
static int give_value(reader *state, long long variable, int positive) {
  if (variable >= DENSE_GIVEN) {
    unsigned char *slot = sparse_slot(state, variable);
    if (!slot)
      return -1;
    if (*slot && *slot != (positive ? 1 : 2) && !state->model_problem[0])
      snprintf(state->model_problem, sizeof state->model_problem,
               "variable %lld is given both values (line %ld)", variable, state->line);
    if (!*slot)
      *slot = positive ? 1 : 2;
    return 0;
  }
  if ((size_t)variable >= state->given_size) {
    size_t size = state->given_size ? state->given_size : 1024;
    while (size <= (size_t)variable)
      size *= 2;
    unsigned char *grown = realloc(state->given, size);
    if (!grown)
      return -1;
    memset(grown + state->given_size, 0, size - state->given_size);
    state->given = grown;
    state->given_size = size;
  }
  unsigned char value = positive ? 1 : 2, *slot = &state->given[variable];
  if (*slot == value)
    return 0;
  if (*slot) {
    if (!state->model_problem[0])
      snprintf(state->model_problem, sizeof state->model_problem,
               "variable %lld is given both values (line %ld)", variable, state->line);
    return 0;
  }
  if (state->given_touched_count == state->given_touched_capacity) {
    int *grown = grow_array(state->given_touched, &state->given_touched_capacity,
                            state->given_touched_count + 1, sizeof *grown, 256);
    if (!grown)
      return -1;
    state->given_touched = grown;
  }
  state->given_touched[state->given_touched_count++] = (int)variable;
  *slot = value;
  return 0;
}

static void note_solution(reader *state);

/* Reports the model read so far; returns the callback's verdict. */
static int finish_model(reader *state, nq_verify_read_fn on_solution, void *context) {
  char problem[200];
  int decoded = nq_verify_decode_numbered(state->n, state->numbering, is_true, state->queen_true,
                                          state->columns, problem, sizeof problem);
  if (state->model_problem[0]) {
    decoded = -1;
    snprintf(problem, sizeof problem, "%s", state->model_problem);
  }
  for (size_t i = 0; i < state->given_touched_count; i++)
    state->given[state->given_touched[i]] = 0;
  state->given_touched_count = 0;
  if (state->sparse_count) {
    memset(state->sparse_keys, 0, state->sparse_capacity * sizeof *state->sparse_keys);
    state->sparse_count = 0;
  }
  state->model_problem[0] = '\0';
  if (state->touched_lost)
    memset(state->queen_true, 0, (size_t)state->board_variables + 1);
  else
    for (size_t i = 0; i < state->touched_count; i++)
      state->queen_true[state->touched[i]] = 0;
  state->touched_count = 0;
  state->touched_lost = 0;
  note_solution(state);
  state->model_open = 0;
  state->pb_model = 0;
  return on_solution(context, decoded == 0 ? state->columns : NULL, state->n, state->line,
                     decoded == 0 ? NULL : problem);
}

/* Adds the literals of one model line; returns 1 when the model ended
 * (terminating 0 seen), 0 when it continues, or a parse error. */
static int read_model_literals(reader *state, const char *cursor, nq_status *status) {
  long long value;
  const char *token;
  char shown[PARSE_ERROR_TOKEN_SIZE];
  int result;
  for (;;) {
    /* PB competition literals: "x3", "-x3", "~x3" (minisat+, clasp on OPB). */
    while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r')
      cursor++;
    const char *letter = cursor + (*cursor == '-' || *cursor == '~');
    int pb_literal = *letter == 'x' && letter[1] >= '0' && letter[1] <= '9';
    if (pb_literal) {
      const char *digits = letter + 1;
      result = next_integer(&digits, &value, &token);
      token = cursor;
      if (result != 0 || value < 1) {
        result = -1;
        break;
      }
      if (cursor != letter)
        value = -value;
      cursor = digits;
      if (!state->model_open)
        state->pb_model = 1;
    } else if ((result = next_integer(&cursor, &value, &token)) != 0) {
      break;
    }
    if (value > INT_MAX || value < -(long long)INT_MAX) {
      *status = parse_error(state, "literal %s is out of range",
                            parse_error_token(shown, sizeof shown, token));
      return -1;
    }
    if (value == 0) {
      while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r')
        cursor++;
      if (*cursor) {
        *status = parse_error(state, "text after the terminating 0: '%s'",
                              parse_error_token(shown, sizeof shown, cursor));
        return -1;
      }
      return 1;
    }
    if (!state->model_open)
      state->model_first_line = state->line;
    state->model_open = 1;
    if (give_value(state, value < 0 ? -value : value, value > 0)) {
      *status = NQ_ERR_MEMORY;
      return -1;
    }
    int variable = 0;
    if (value > 0 && state->original)
      variable = value <= state->largest_renamed ? state->original[value] : 0;
    else if (value > 0 && value <= state->board_variables)
      variable = (int)value;
    if (variable && !state->queen_true[variable]) {
      state->queen_true[variable] = 1;
      remember_touched(state, variable);
    }
  }
  if (result < 0) {
    *status =
        parse_error(state, "'%s' is not a literal", parse_error_token(shown, sizeof shown, token));
    return -1;
  }
  return 0;
}

/* A vector line: exactly n columns, each 1..n. */
static nq_status read_vector(reader *state, const char *cursor) {
  long long value;
  const char *token;
  char shown[PARSE_ERROR_TOKEN_SIZE];
  int count = 0, result;
  while ((result = next_integer(&cursor, &value, &token)) == 0) {
    if (count == state->n)
      return parse_error(state, "more than %d columns on a solution line", state->n);
    if (value < 1 || value > state->n)
      return parse_error(state, "column %s is outside 1..%d",
                         parse_error_token(shown, sizeof shown, token), state->n);
    state->columns[count++] = (int)value - 1;
  }
  if (result < 0)
    return parse_error(state, "'%s' is not a column number",
                       parse_error_token(shown, sizeof shown, token));
  if (count != state->n)
    return parse_error(state, "%d columns on a solution line, expected %d", count, state->n);
  return NQ_OK;
}

/* MiniZinc's "q = [c1, c2, ...];" (also "q = array1d(1..n, [...]);"):
 * exactly n columns, each 1..n. */
static nq_status read_minizinc_array(reader *state, const char *cursor) {
  char shown[PARSE_ERROR_TOKEN_SIZE];
  cursor = strchr(cursor, '=') + 1;
  while (*cursor == ' ' || *cursor == '\t')
    cursor++;
  const char *open = strchr(cursor, '[');
  const char *close = open ? strchr(open, ']') : NULL;
  if (!open || !close || (open != cursor && strncmp(cursor, "array1d(", 8) != 0))
    return parse_error(state, "'%s' is not a MiniZinc array of columns (q = [c1, ...];)",
                       parse_error_token(shown, sizeof shown, cursor));
  int count = 0;
  for (const char *p = open + 1; p < close;) {
    while (*p == ' ' || *p == '\t')
      p++;
    if (p == close)
      break;
    char *end;
    long value = strtol(p, &end, 10);
    if (end == p || (*end != ',' && *end != ']' && *end != ' ' && *end != '\t'))
      return parse_error(state, "'%s' is not a column number",
                         parse_error_token(shown, sizeof shown, p));
    if (count == state->n)
      return parse_error(state, "more than %d columns in a MiniZinc array", state->n);
    if (value < 1 || value > state->n)
      return parse_error(state, "column %ld is outside 1..%d", value, state->n);
    state->columns[count++] = (int)value - 1;
    p = end;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p == ',')
      p++;
  }
  if (count != state->n)
    return parse_error(state, "%d columns in a MiniZinc array, expected %d", count, state->n);
  return NQ_OK;
}

/* MiniZinc's separator lines: "----------" after each solution,
 * "==========" when the search is complete. */
static int is_line_of(const char *line, const char *character) {
  size_t length = strlen(line);
  return length >= 5 && strspn(line, character) == length;
}

/* "q = ..." (blanks allowed around "="). */
static int is_minizinc_assignment(const char *line) {
  if (line[0] != 'q')
    return 0;
  line++;
  while (*line == ' ' || *line == '\t')
    line++;
  return *line == '=';
}

/* Whether a line of numbers is a model (MiniSat style) rather than a vector:
 * columns are 1..n, so a 0 or a negative number can only be a literal. */
static int looks_like_model(const char *line) {
  for (const char *p = line; *p; p++) {
    if (*p == '-')
      return 1;
    if (*p == '0' && (p == line || p[-1] == ' ' || p[-1] == '\t') &&
        (!p[1] || p[1] == ' ' || p[1] == '\t' || p[1] == '\r'))
      return 1;
  }
  return 0;
}

/* Where solutions stand against the ends of the search. */
static void note_solution(reader *state) {
  nq_verify_claims *claims = state->claims;
  if (!claims)
    return;
  if (!claims->first_solution_line)
    claims->first_solution_line = state->line;
  if (claims->end_line && !claims->solution_after_end_line)
    claims->solution_after_end_line = state->line;
}

/* An end of the search ("UNSAT", "==========", "=====UNKNOWN=====", ...);
 * `unsatisfiable`, `unknown`: what it claims besides. */
static void note_end(reader *state, const char *text, int unsatisfiable, int unknown) {
  nq_verify_claims *claims = state->claims;
  if (!claims)
    return;
  if (!claims->end_line) {
    claims->end_line = state->line;
    parse_error_excerpt(claims->end_text, sizeof claims->end_text, text);
  } else if (!claims->second_end_line) {
    claims->second_end_line = state->line;
    parse_error_excerpt(claims->second_end_text, sizeof claims->second_end_text, text);
  }
  if (unsatisfiable && !claims->unsatisfiable_line)
    claims->unsatisfiable_line = state->line;
  if (unknown && !claims->unknown_line)
    claims->unknown_line = state->line;
}

static int word_at(const char *text, const char *word) {
  size_t length = strlen(word);
  return !strncmp(text, word, length) &&
         (!text[length] || text[length] == ' ' || text[length] == '\t');
}

/* An "s" line: a status, or a count (recorded by count_claim.c). */
static nq_status read_status_line(reader *state, const char *cursor) {
  char shown[PARSE_ERROR_TOKEN_SIZE];
  const char *what = cursor + 1;
  while (*what == ' ' || *what == '\t')
    what++;
  if (cursor[1] != ' ' && cursor[1] != '\t')
    return parse_error(state, "'%s' is neither a status line nor a solution",
                       parse_error_token(shown, sizeof shown, cursor));
  if (word_at(what, "SATISFIABLE") || word_at(what, "OPTIMUM") || word_at(what, "SOLUTIONS") ||
      word_at(what, "mc") || word_at(what, "pmc"))
    return NQ_OK;
  if (word_at(what, "UNSATISFIABLE")) {
    if (state->claims && !state->claims->unsatisfiable_line)
      state->claims->unsatisfiable_line = state->line;
    return NQ_OK;
  }
  if (word_at(what, "UNKNOWN") || word_at(what, "INDETERMINATE") || word_at(what, "UNSUPPORTED")) {
    if (state->claims && !state->claims->unknown_line)
      state->claims->unknown_line = state->line;
    return NQ_OK;
  }
  return parse_error(state, "'s %s' is not a status line this reader knows",
                     parse_error_token(shown, sizeof shown, what));
}

/* A row of an unlabelled board (as other tools print them): n tokens "."
 * or "Q" one space apart. Returns the queen's column, -1 when the line is no
 * board row, -2 when it is one without exactly one queen. */
static int board_row(const reader *state, const char *line) {
  int column = -1, tokens = 0;
  for (const char *p = line;; p += 2) {
    if (*p != '.' && *p != 'Q')
      return -1;
    if (*p == 'Q')
      column = column == -1 ? tokens : -3;
    tokens++;
    if (!p[1])
      break;
    if (p[1] != ' ')
      return -1;
  }
  if (tokens != state->n)
    return -1;
  return column < 0 ? -2 : column;
}

/* Drops the newline and trailing blanks or CR (files from Windows tools:
 * "SAT\r" is SAT); returns the new length. */
static ssize_t trim_line(char *text, ssize_t length) {
  if (length && text[length - 1] == '\n')
    text[--length] = '\0';
  while (length &&
         (text[length - 1] == '\r' || text[length - 1] == ' ' || text[length - 1] == '\t'))
    text[--length] = '\0';
  return length;
}

/* The next line into *text: the one read ahead, if any, else from input. */
static ssize_t fetch_line(reader *state, FILE *input, char **text, size_t *capacity) {
  if (!state->has_peeked)
    return getline(text, capacity, input);
  char *swapped = *text;
  size_t swapped_capacity = *capacity;
  *text = state->peeked;
  *capacity = state->peeked_capacity;
  state->peeked = swapped;
  state->peeked_capacity = swapped_capacity;
  state->has_peeked = 0;
  return state->peeked_length;
}

/* Whether the line after the current one is a labelled board row (it is
 * kept for the next fetch_line either way). */
static int labelled_row_follows(reader *state, FILE *input) {
  if (!state->has_peeked) {
    state->peeked_length = getline(&state->peeked, &state->peeked_capacity, input);
    if (state->peeked_length < 0)
      return 0;
    state->peeked_length = trim_line(state->peeked, state->peeked_length);
    state->has_peeked = 1;
  }
  const char *p = state->peeked;
  while (*p == ' ' || *p == '\t')
    p++;
  long long label;
  int squares;
  return board_text_labelled_row(p, &label, &squares) != -1;
}

/* A column header above a labelled row: exactly "1 2 ... n". */
static nq_status read_column_header(reader *state, const char *cursor) {
  int wrong_at;
  long long wrong;
  int width = board_text_header_width(cursor, &wrong_at, &wrong);
  if (!width)
    return parse_error(state, "column header: %lld where column %d was expected", wrong, wrong_at);
  if (width != state->n)
    return parse_error(state, "column header numbers %d columns, a board of N = %d has %d", width,
                       state->n, state->n);
  state->labelled = 1;
  state->board_rows = 0;
  state->board_first_line = state->line;
  return NQ_OK;
}

/* One labelled row; `column` is board_text_labelled_row()'s answer. Returns
 * NQ_OK with *complete set when the row ends its board. */
static nq_status read_labelled_row(reader *state, int column, long long label, int squares,
                                   int *complete) {
  *complete = 0;
  if (!state->labelled) {
    if (state->board_rows)
      return parse_error(state,
                         "row number %lld on row %d of a board whose rows above have none "
                         "(label every row or none)",
                         label, state->board_rows + 1);
    if (state->labelled_end_line && state->labelled_end_line == state->line - 1)
      return parse_error(state, "row labelled %lld below a complete board of %d rows", label,
                         state->n);
    return parse_error(state, "a labelled board row without the column header above it");
  }
  if (label != state->board_rows + 1)
    return parse_error(state, "row labelled %lld where row %d was expected", label,
                       state->board_rows + 1);
  if (squares != state->n)
    return parse_error(state, "row %lld has %d squares, the column header numbers %d", label,
                       squares, state->n);
  if (column < 0)
    return parse_error(state, "a board row without exactly one queen");
  state->columns[state->board_rows++] = column;
  if (state->board_rows == state->n) {
    state->board_rows = 0;
    state->labelled = 0;
    state->labelled_end_line = state->line;
    *complete = 1;
  }
  return NQ_OK;
}

static nq_status read_lines(reader *state, FILE *input, nq_verify_read_fn on_solution,
                            void *context) {
  char *text = NULL;
  size_t capacity = 0;
  ssize_t length;
  int after_minisat_sat = 0;
  nq_status status = NQ_OK;
  while (status == NQ_OK && (length = fetch_line(state, input, &text, &capacity)) >= 0) {
    state->line++;
    if (memchr(text, '\0', (size_t)length)) {
      status = parse_error(state, "NUL byte in text input");
      break;
    }
    length = trim_line(text, length);
    const char *cursor = text;
    while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r')
      cursor++;
    int is_v_line = cursor[0] == 'v' && (cursor[1] == ' ' || cursor[1] == '\t' || !cursor[1]);
    /* A PB model has no terminating 0: it ends with its last "v" line. */
    if (state->pb_model && state->model_open && !is_v_line &&
        finish_model(state, on_solution, context))
      break;
    if (state->claims && (*cursor == 'c' || *cursor == 's')) {
      int claimed = count_claim_read_line(&state->claims->count, cursor, state->line);
      if (claimed < 0) {
        status = NQ_ERR_MEMORY;
        break;
      }
      /* A count closing the list ends the search too. */
      if (claimed && (word_at(cursor, "s") ? strstr(cursor, "SOLUTIONS") != NULL
                                           : strstr(cursor, "model") != NULL))
        note_end(state, cursor, 0, 0);
      /* The competition's "c s" lines claim something: a whole count is
       * read above and the model-counting types hold for any N-Queens
       * file; a float, log10 or approximate count is judged by
       * check --instance, never skipped here. */
      const char *after_c = cursor + 1;
      while (*after_c == ' ' || *after_c == '\t')
        after_c++;
      if (!claimed && word_at(cursor, "c") && word_at(after_c, "s") &&
          !(!strncmp(after_c, "s type ", 7) &&
            (!strcmp(after_c + 7, "mc") || !strcmp(after_c + 7, "pmc")))) {
        char shown[64];
        parse_error_excerpt(shown, sizeof shown, cursor);
        status = parse_error(state,
                             "'%s': check N reads whole counts only ('c s exact ... int K'); "
                             "judge this line with check --instance FILE",
                             shown);
        break;
      }
    }
    /* A labelled board (nqsat show, check, solve --board): a column header
     * "1 2 ... n", then n rows each led by its number from 1. */
    long long label;
    int squares;
    int labelled_column =
        *cursor >= '0' && *cursor <= '9' ? board_text_labelled_row(cursor, &label, &squares) : -1;
    if (labelled_column != -1) {
      int complete;
      status = read_labelled_row(state, labelled_column, label, squares, &complete);
      if (status == NQ_OK && complete) {
        note_solution(state);
        if (on_solution(context, state->columns, state->n, state->line, NULL))
          break;
      }
      continue;
    }
    if (!state->board_rows && !state->model_open && !after_minisat_sat &&
        board_text_only_numbers(cursor) && labelled_row_follows(state, input)) {
      status = read_column_header(state, cursor);
      continue;
    }
    /* An unlabelled board: n rows, then the solution. */
    int row = *cursor == '.' || *cursor == 'Q' ? board_row(state, cursor) : -1;
    if (row != -1 && state->labelled) {
      status =
          parse_error(state, "row %d of a labelled board has no row number", state->board_rows + 1);
      break;
    }
    if (row == -2) {
      status = parse_error(state, "a board row without exactly one queen");
      break;
    }
    if (row >= 0) {
      if (!state->board_rows)
        state->board_first_line = state->line;
      state->columns[state->board_rows++] = row;
      if (state->board_rows == state->n) {
        state->board_rows = 0;
        note_solution(state);
        if (on_solution(context, state->columns, state->n, state->line, NULL))
          break;
      }
      continue;
    }
    if (state->board_rows) {
      state->line = state->board_first_line;
      status = parse_error(state, "a board starting here has %d of its %d rows", state->board_rows,
                           state->n);
      break;
    }
    /* Comments: DIMACS "c", MiniZinc's "%" (its statistics), "#". */
    if (!*cursor || *cursor == 'c' || *cursor == '#' || *cursor == '%')
      continue;
    /* nqsat solve N --count's count (n > 1): a whole number, "M*2^K",
     * each optionally followed by "(incomplete: REASON)", a lower bound;
     * read as check --instance reads it (count_claim.c). */
    if (state->n > 1 && state->claims && *cursor >= '0' && *cursor <= '9') {
      int claimed = count_claim_read_bare(&state->claims->count, cursor, state->line);
      if (claimed < 0) {
        status = NQ_ERR_MEMORY;
        break;
      }
      if (claimed)
        continue;
    }
    if (*cursor == 's') {
      status = read_status_line(state, cursor);
      continue;
    }
    /* Ends of the search: noted, and reading goes on, so that a solution
     * or a second end after one is seen. */
    if (!strcmp(cursor, "UNSAT") || !strcmp(cursor, "UNSATISFIABLE")) {
      note_end(state, cursor, 1, 0);
      continue;
    }
    if (!strcmp(cursor, "INDET") || !strcmp(cursor, "INDETERMINATE")) {
      note_end(state, cursor, 0, 1);
      continue;
    }
    if (is_line_of(cursor, "=")) {
      if (state->claims && !state->claims->complete_line)
        state->claims->complete_line = state->line;
      note_end(state, cursor, 0, 0);
      continue;
    }
    if (is_line_of(cursor, "-"))
      continue;
    /* "=====UNSATISFIABLE=====", "=====UNKNOWN=====", "=====ERROR=====". */
    if (!strncmp(cursor, "=====", 5)) {
      note_end(state, cursor, strstr(cursor, "=====UNSATISFIABLE=====") == cursor,
               strstr(cursor, "=====UNSATISFIABLE=====") != cursor);
      continue;
    }
    if (is_minizinc_assignment(cursor)) {
      status = read_minizinc_array(state, cursor);
      if (status == NQ_OK) {
        note_solution(state);
        if (on_solution(context, state->columns, state->n, state->line, NULL))
          break;
      }
      continue;
    }
    if (!strcmp(cursor, "SAT")) {
      after_minisat_sat = 1;
      continue;
    }
    if (is_v_line || after_minisat_sat || state->model_open || looks_like_model(cursor)) {
      int ended = read_model_literals(state, is_v_line ? cursor + 1 : cursor, &status);
      if (ended == 1 && finish_model(state, on_solution, context))
        break;
      if (ended == 1)
        after_minisat_sat = 0;
      continue;
    }
    status = read_vector(state, cursor);
    if (status == NQ_OK) {
      note_solution(state);
      if (on_solution(context, state->columns, state->n, state->line, NULL))
        break;
    }
  }
  if (status == NQ_OK && ferror(input))
    status = parse_error(state, "read error");
  if (status == NQ_OK && state->board_rows) {
    state->line = state->board_first_line;
    status = parse_error(state, "a board starting here has %d of its %d rows", state->board_rows,
                         state->n);
  }
  if (status == NQ_OK && state->model_open && state->pb_model)
    finish_model(state, on_solution, context);
  if (status == NQ_OK && state->model_open) {
    state->line = state->model_first_line;
    status = parse_error(state, "model starting here is cut off before its terminating 0");
  }
  free(text);
  free(state->peeked);
  return status;
}

nq_status nq_verify_read_solutions(FILE *input, const char *name, int n,
                                   nq_verify_read_fn on_solution, void *context, char *error,
                                   size_t error_size) {
  return nq_verify_read_solutions_as(input, name, n, NULL, on_solution, context, error, error_size);
}

/* original[] from a renaming; -1 when it is no one-to-one map. */
static int invert_renaming(reader *state, const int *renamed) {
  int largest = 0;
  for (int64_t k = 0; k < state->board_variables; k++) {
    if (renamed[k] < 1)
      return -1;
    if (renamed[k] > largest)
      largest = renamed[k];
  }
  state->original = calloc((size_t)largest + 1, sizeof *state->original);
  if (!state->original)
    return -2;
  state->largest_renamed = largest;
  for (int64_t k = 0; k < state->board_variables; k++) {
    if (state->original[renamed[k]])
      return -1;
    state->original[renamed[k]] = (int)k + 1;
  }
  return 0;
}

nq_status nq_verify_read_solutions_as(FILE *input, const char *name, int n,
                                      const nq_verify_model_format *format,
                                      nq_verify_read_fn on_solution, void *context, char *error,
                                      size_t error_size) {
  return nq_verify_read_answer(input, name, n, format, on_solution, context, NULL, error,
                               error_size);
}

nq_status nq_verify_read_answer(FILE *input, const char *name, int n,
                                const nq_verify_model_format *format, nq_verify_read_fn on_solution,
                                void *context, nq_verify_claims *claims, char *error,
                                size_t error_size) {
  if (claims)
    memset(claims, 0, sizeof *claims);
  if (n < 1 || n > 46340)
    return NQ_ERR_ARGUMENT;
  reader state = {.name = name, .n = n, .error = error, .error_size = error_size, .claims = claims};
  state.numbering = format ? format->numbering : NQ_VERIFY_MATRIX;
  if ((int)state.numbering < NQ_VERIFY_MATRIX || state.numbering > NQ_VERIFY_ROWS_LOG)
    return NQ_ERR_ARGUMENT;
  state.board_variables = nq_verify_numbering_variables(state.numbering, n);
  nq_status status = NQ_ERR_MEMORY;
  int inverted = format && format->renamed ? invert_renaming(&state, format->renamed) : 0;
  if (inverted == -1) {
    free(state.original);
    return NQ_ERR_ARGUMENT;
  }
  state.queen_true = calloc((size_t)state.board_variables + 1, 1);
  state.columns = malloc((size_t)n * sizeof *state.columns);
  if (inverted == 0 && state.queen_true && state.columns)
    status = read_lines(&state, input, on_solution, context);
  free(state.original);
  free(state.queen_true);
  free(state.touched);
  free(state.columns);
  free(state.given);
  free(state.sparse_keys);
  free(state.sparse_values);
  free(state.given_touched);
  return status;
}
