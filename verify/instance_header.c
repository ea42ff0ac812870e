/* Reading what an nqsat instance says about itself: the header comment
 * lines listed in nqsat/instance.h, up to the first clause or constraint. */
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

typedef struct square_list {
  nq_verify_square *items;
  int count;
  size_t capacity;
} square_list;

typedef struct header_parser {
  const char *path;
  line_reader *lines;
  char *error;
  size_t error_size;
  nq_instance *instance;
  int n_seen, problem_seen;
  long n_line, problem_line;
  char model_word[32], csp_word[32]; /* "c model: WORD", "c csp: WORD" */
  long model_line;
  char variables_text[160]; /* "c variables: ...", the numbering stated */
  long variables_line;
  int *map_pairs; /* ORIG NEW ORIG NEW ... as read */
  size_t map_count, map_capacity;
  long map_line;
  square_list placed, blocked;
  long squares_line;
} header_parser;

static nq_status fail_at(header_parser *p, long line, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  nq_status status = parse_error_at(p->error, p->error_size, p->path, line, format, arguments);
  va_end(arguments);
  return status;
}

/* At the line just read. */
static nq_status fail(header_parser *p, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  nq_status status = parse_error_at(p->error, p->error_size, p->path, line_reader_line(p->lines),
                                    format, arguments);
  va_end(arguments);
  return status;
}

static int at_end(const char *p) {
  while (*p == ' ' || *p == '\t')
    p++;
  return *p == '\0';
}

static int starts(const char *text, const char *prefix) {
  return strncmp(text, prefix, strlen(prefix)) == 0;
}

static int push_square(square_list *list, nq_verify_square square) {
  if ((size_t)list->count == list->capacity) {
    nq_verify_square *grown =
        grow_array(list->items, &list->capacity, list->capacity + 1, sizeof *grown, 16);
    if (!grown)
      return -1;
    list->items = grown;
  }
  list->items[list->count++] = square;
  return 0;
}

/* "r,c r,c ..." (1-based) after the label's colon. */
static nq_status read_squares(header_parser *p, const char *cursor, square_list *list) {
  if (!p->squares_line)
    p->squares_line = line_reader_line(p->lines);
  while (!at_end(cursor)) {
    int64_t row, column;
    if (problem_line_read_number(&cursor, NQ_INSTANCE_MAX_N, &row) || *cursor++ != ',' ||
        problem_line_read_number(&cursor, NQ_INSTANCE_MAX_N, &column) || row < 1 || column < 1)
      return fail(p, "expected squares 'ROW,COLUMN' (from 1) in '%.60s'", cursor);
    if (push_square(list, (nq_verify_square){(int)row - 1, (int)column - 1}))
      return fail(p, "out of memory");
  }
  return NQ_OK;
}

static nq_status read_map(header_parser *p, const char *cursor) {
  if (!p->map_line)
    p->map_line = line_reader_line(p->lines);
  while (!at_end(cursor)) {
    int64_t value;
    if (problem_line_read_number(&cursor, INT32_MAX, &value) || value < 1)
      return fail(p, "'c nqsat map' expects positive variable numbers");
    if (p->map_count == p->map_capacity) {
      int *grown =
          grow_array(p->map_pairs, &p->map_capacity, p->map_capacity + 1, sizeof *grown, 256);
      if (!grown)
        return fail(p, "out of memory");
      p->map_pairs = grown;
    }
    p->map_pairs[p->map_count++] = (int)value;
  }
  return NQ_OK;
}

static char *copy_text(const char *text) {
  while (*text == ' ')
    text++;
  size_t length = strlen(text);
  char *copy = malloc(length + 1);
  if (copy)
    memcpy(copy, text, length + 1);
  return copy;
}

/* One comment line's meaning; `text` is after the comment character and
 * one blank. Unknown comments are ignored. */
/* "c p show V... 0" (MCC 2021-2024) or "c ind V... 0" (sharpSAT, d4):
 * variables of the projection, checked against the problem line later. */
static nq_status read_projection(header_parser *p, const char *cursor) {
  nq_instance *instance = p->instance;
  if (*cursor && *cursor != ' ' && *cursor != '\t')
    return NQ_OK; /* another comment ("c indeed ...") */
  if (!instance->projection_line)
    instance->projection_line = line_reader_line(p->lines);
  for (;;) {
    while (*cursor == ' ' || *cursor == '\t')
      cursor++;
    if (!*cursor)
      return NQ_OK;
    int64_t value;
    if (problem_line_read_number(&cursor, INT32_MAX, &value))
      return fail(p, "a projection line ('c p show' / 'c ind') holds a token that is no variable");
    if (value == 0)
      return at_end(cursor) ? NQ_OK : fail(p, "text after the 0 closing a projection line");
    if (instance->projection_count == instance->projection_capacity) {
      int *grown = grow_array(instance->projection, &instance->projection_capacity,
                              instance->projection_count + 1, sizeof *grown, 64);
      if (!grown)
        return fail(p, "out of memory");
      instance->projection = grown;
    }
    instance->projection[instance->projection_count++] = (int)value;
  }
}

static nq_status read_comment(header_parser *p, const char *text) {
  nq_instance *instance = p->instance;
  int64_t value;
  if (starts(text, "N:")) {
    const char *cursor = text + 2;
    if (problem_line_read_number(&cursor, NQ_INSTANCE_MAX_N, &value) || value < 1 ||
        !at_end(cursor))
      return fail(p, "'N:' expects a board size in 1..%d", NQ_INSTANCE_MAX_N);
    if (p->n_seen && instance->n != (int)value)
      return fail(p, "a second 'N:' line says %" PRId64 ", the first %d", value, instance->n);
    instance->n = (int)value;
    p->n_seen = 1;
    p->n_line = line_reader_line(p->lines);
  } else if (starts(text, "nqsat map ")) {
    return read_map(p, text + strlen("nqsat map "));
  } else if (starts(text, "placed queens (row,column from 1):")) {
    return read_squares(p, text + strlen("placed queens (row,column from 1):"), &p->placed);
  } else if (starts(text, "random queens (row,column from 1):")) {
    return read_squares(p, text + strlen("random queens (row,column from 1):"), &p->placed);
  } else if (starts(text, "blocked squares (row,column from 1):")) {
    return read_squares(p, text + strlen("blocked squares (row,column from 1):"), &p->blocked);
  } else if (starts(text, "random queen (seed ")) {
    /* OPB: "random queen (seed S): row R, column C" */
    const char *cursor = strstr(text, "): row ");
    int64_t row, column;
    if (!cursor)
      return fail(p, "malformed 'random queen' line");
    cursor += strlen("): row ");
    if (problem_line_read_number(&cursor, NQ_INSTANCE_MAX_N, &row) ||
        strncmp(cursor, ", column ", 9) ||
        (cursor += 9, problem_line_read_number(&cursor, NQ_INSTANCE_MAX_N, &column)) || row < 1 ||
        column < 1)
      return fail(p, "malformed 'random queen' line");
    if (!p->squares_line)
      p->squares_line = line_reader_line(p->lines);
    if (push_square(&p->placed, (nq_verify_square){(int)row - 1, (int)column - 1}))
      return fail(p, "out of memory");
  } else if (instance->format == NQ_INSTANCE_CNF &&
             (starts(text, "p show") || starts(text, "ind"))) {
    return read_projection(p, text + (text[0] == 'p' ? 6 : 3));
  } else if (starts(text, "models: parsimonious")) {
    instance->parsimonious = 1;
  } else if (starts(text, "t ")) {
    const char *type = text + 2;
    while (*type == ' ')
      type++;
    if (strlen(type) >= sizeof instance->count_type)
      return fail(p, "unknown problem type 'c t %.20s'", type);
    strcpy(instance->count_type, type);
  } else if (starts(text, "model:") || starts(text, "csp:")) {
    /* The rows model's words (nqsat encode --model rows): the first word
     * after the colon names it; the rest of the line is for people. */
    int is_model = text[0] == 'm';
    const char *word = text + strlen(is_model ? "model:" : "csp:");
    char *into = is_model ? p->model_word : p->csp_word;
    while (*word == ' ')
      word++;
    size_t length = strcspn(word, " \t");
    if (!length || length >= sizeof p->model_word)
      return fail(p, "'%s' expects a word", is_model ? "model:" : "csp:");
    memcpy(into, word, length);
    into[length] = '\0';
    if (is_model)
      p->model_line = line_reader_line(p->lines);
  } else if (starts(text, "variables:") && !p->variables_line) {
    snprintf(p->variables_text, sizeof p->variables_text, "%s", text + strlen("variables:"));
    p->variables_line = line_reader_line(p->lines);
  } else if (starts(text, "nqsat model:")) {
    const char *name = text + strlen("nqsat model:");
    while (*name == ' ')
      name++;
    if (!*name || strlen(name) >= sizeof instance->model)
      return fail(p, "'nqsat model:' expects a short name");
    strcpy(instance->model, name);
  } else if (starts(text, "encoding:") && !instance->encoding) {
    if (!(instance->encoding = copy_text(text + strlen("encoding:"))))
      return fail(p, "out of memory");
  } else if (starts(text, "command:") && !instance->command) {
    if (!(instance->command = copy_text(text + strlen("command:"))))
      return fail(p, "out of memory");
  }
  return NQ_OK;
}

static nq_status read_problem_line(header_parser *p, const char *line) {
  int64_t variables, clauses;
  switch (problem_line_read_cnf(line, &variables, &clauses)) {
  case PROBLEM_LINE_MALFORMED: return fail(p, "expected 'p cnf VARIABLES CLAUSES'");
  case PROBLEM_LINE_TRAILING_TEXT:
    return fail(p, "unexpected text after 'p cnf %" PRId64 " %" PRId64 "'", variables, clauses);
  case PROBLEM_LINE_OK: break;
  }
  p->instance->variables = variables;
  p->instance->clauses = clauses;
  p->problem_seen = 1;
  p->problem_line = line_reader_line(p->lines);
  return NQ_OK;
}

/* "* #variable= V #constraint= C" */
static nq_status read_opb_size(header_parser *p, const char *text) {
  int64_t variables, constraints;
  if (!starts(text, "#variable=") ||
      problem_line_read_opb(text, &variables, &constraints) != PROBLEM_LINE_OK)
    return fail(p, "expected '* #variable= V #constraint= C' as the first line");
  p->instance->variables = variables;
  p->instance->clauses = constraints;
  p->problem_seen = 1;
  p->problem_line = line_reader_line(p->lines);
  return NQ_OK;
}

/* After the header: "c p show" / "c ind" lines among the clauses. */
static nq_status read_body_projection(header_parser *p) {
  char *line;
  size_t length;
  int result;
  nq_status status = NQ_OK;
  while (status == NQ_OK && (result = line_reader_next(p->lines, &line, &length)) == 1) {
    const char *text = line;
    while (*text == ' ' || *text == '\t')
      text++;
    if (*text != 'c')
      continue;
    text++;
    while (*text == ' ' || *text == '\t')
      text++;
    if (starts(text, "p show") || starts(text, "ind"))
      status = read_projection(p, text + (text[0] == 'p' ? 6 : 3));
  }
  if (status == NQ_OK && result < 0)
    return fail(p, "%s", line_reader_problem(p->lines));
  return status;
}

static nq_status read_lines(header_parser *p) {
  char *line;
  size_t length;
  int result, first = 1;
  nq_status status = NQ_OK;
  while (status == NQ_OK && (result = line_reader_next(p->lines, &line, &length)) == 1) {
    const char *text = line;
    while (*text == ' ' || *text == '\t')
      text++;
    if (!*text)
      continue;
    if (first) {
      first = 0;
      p->instance->format = *text == '*' ? NQ_INSTANCE_OPB : NQ_INSTANCE_CNF;
      if (p->instance->format == NQ_INSTANCE_OPB) {
        text++;
        while (*text == ' ')
          text++;
        status = read_opb_size(p, text);
        continue;
      }
    }
    if (p->instance->format == NQ_INSTANCE_OPB) {
      if (*text != '*')
        return NQ_OK; /* the first constraint */
      text++;
      while (*text == ' ')
        text++;
      status = read_comment(p, text);
    } else if (*text == 'c') {
      text++;
      while (*text == ' ' || *text == '\t')
        text++;
      status = read_comment(p, text);
    } else if (*text == 'p') {
      if (p->problem_seen)
        return fail(p, "a second 'p' line");
      status = read_problem_line(p, text);
    } else {
      /* The first clause: the header ends, but a projection line may
       * come anywhere in the file (the MCC format), as the solver's
       * reader takes it too; the rest is read for those lines alone. */
      return read_body_projection(p);
    }
  }
  if (status == NQ_OK && result < 0)
    return fail(p, "%s", line_reader_problem(p->lines));
  return status;
}

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* The map must send the numbering's variables (the queen variables
 * 1..n^2, or the rows model's) one to one onto variables of the file. */
static nq_status apply_map(header_parser *p) {
  nq_instance *instance = p->instance;
  int64_t queens = nq_verify_numbering_variables(instance->numbering, instance->n);
  for (int64_t v = 0; v < queens; v++)
    instance->queen_variable[v] = (int)(v + 1);
  if (!p->map_count)
    return NQ_OK;
  instance->shuffled = 1;
  if (p->map_count % 2 || (int64_t)p->map_count / 2 != queens)
    return fail_at(p, p->map_line,
                   "the 'c nqsat map' lines give %zu numbers; %" PRId64
                   " pairs (one per queen variable) expected",
                   p->map_count, queens);
  unsigned char *seen = calloc((size_t)queens, 1);
  int *targets = malloc((size_t)queens * sizeof *targets);
  nq_status status = NQ_OK;
  if (!seen || !targets)
    status = fail_at(p, p->map_line, "out of memory");
  for (size_t i = 0; status == NQ_OK && i < p->map_count; i += 2) {
    int original = p->map_pairs[i], renamed = p->map_pairs[i + 1];
    if (original > queens || seen[original - 1])
      status = fail_at(p, p->map_line, "'c nqsat map' entry %d is not a queen variable or repeats",
                       original);
    else if (renamed > instance->variables)
      status = fail_at(p, p->map_line,
                       "'c nqsat map' sends %d to %d, beyond the %" PRId64 " variables of the file",
                       original, renamed, instance->variables);
    else {
      seen[original - 1] = 1;
      instance->queen_variable[original - 1] = renamed;
      targets[i / 2] = renamed;
    }
  }
  if (status == NQ_OK) {
    /* Distinct targets: sorted, neighbours differ (memory stays O(n^2)
     * whatever number of variables the file declares). */
    qsort(targets, (size_t)queens, sizeof *targets, compare_ints);
    for (int64_t i = 1; status == NQ_OK && i < queens; i++)
      if (targets[i] == targets[i - 1])
        status =
            fail_at(p, p->map_line, "'c nqsat map' sends two queens to variable %d", targets[i]);
  }
  free(seen);
  free(targets);
  return status;
}

static nq_status check_squares(header_parser *p, const square_list *list) {
  for (int i = 0; i < list->count; i++)
    if (list->items[i].row >= p->instance->n || list->items[i].column >= p->instance->n)
      return fail_at(p, p->squares_line, "square %d,%d is off the %dx%d board",
                     list->items[i].row + 1, list->items[i].column + 1, p->instance->n,
                     p->instance->n);
  return NQ_OK;
}

static nq_status read_instance(const char *path, int board_required, nq_instance **result,
                               char *error, size_t error_size) {
  *result = NULL;
  header_parser p;
  memset(&p, 0, sizeof p);
  p.path = path;
  p.error = error;
  p.error_size = error_size;
  nq_status status = line_reader_open(path, &p.lines, error, error_size);
  if (status != NQ_OK)
    return status;
  nq_instance *instance = calloc(1, sizeof *instance);
  p.instance = instance;
  if (!instance) {
    line_reader_close(p.lines);
    snprintf(error, error_size, "%s: out of memory", path);
    return NQ_ERR_MEMORY;
  }
  strcpy(instance->model, "queens");
  status = read_lines(&p);
  if (status == NQ_OK && !p.problem_seen)
    status = fail_at(&p, line_reader_line(p.lines) ? line_reader_line(p.lines) : 1,
                     "no 'p cnf' line (or OPB '* #variable=' line): not a CNF or OPB file");
  if (status == NQ_OK && !p.n_seen && board_required)
    status = fail_at(&p, 1, "no 'N:' header line: not an nqsat instance");
  if (status == NQ_OK && !p.n_seen && (p.map_count || p.placed.count || p.blocked.count))
    status = fail_at(&p, 1, "a variable map or squares without an 'N:' header line");
  if (status == NQ_OK && p.model_line) {
    if (nq_verify_numbering_from_words(p.model_word, p.csp_word[0] ? p.csp_word : NULL,
                                       &instance->numbering))
      status = fail_at(&p, p.model_line,
                       "'c model: %s' with 'c csp: %s': a model this verifier does not know "
                       "(matrix; rows with direct, support, order or log)",
                       p.model_word, p.csp_word[0] ? p.csp_word : "(none)");
    else if (instance->numbering != NQ_VERIFY_MATRIX)
      snprintf(instance->model, sizeof instance->model, "rows %.20s", p.csp_word);
  }
  /* The header's own statement of the numbering must be the one derived
   * from its model words, or its board is not believed. */
  if (status == NQ_OK && p.n_seen && p.variables_line &&
      nq_verify_numbering_statement(p.variables_text, instance->n, instance->numbering) == 0)
    status = fail_at(&p, p.variables_line,
                     "'variables:' states another numbering than the %s model's at N = %d",
                     instance->model, instance->n);
  int64_t board_variables = nq_verify_numbering_variables(instance->numbering, instance->n);
  if (status == NQ_OK && board_variables > instance->variables)
    status = fail_at(&p, p.problem_line,
                     "%" PRId64 " variables cannot hold the %" PRId64 " %s variables of N = %d",
                     instance->variables, board_variables,
                     instance->numbering == NQ_VERIFY_MATRIX ? "queen" : "rows-model", instance->n);
  if (status == NQ_OK) {
    instance->queen_variable =
        malloc((size_t)(board_variables ? board_variables : 1) * sizeof(int));
    status = instance->queen_variable ? apply_map(&p) : fail_at(&p, 1, "out of memory");
  }
  for (size_t i = 0; status == NQ_OK && i < instance->projection_count; i++)
    if (instance->projection[i] > instance->variables)
      status = fail_at(&p, instance->projection_line,
                       "projection variable %d is beyond the %" PRId64 " declared",
                       instance->projection[i], instance->variables);
  if (status == NQ_OK)
    status = check_squares(&p, &p.placed);
  if (status == NQ_OK)
    status = check_squares(&p, &p.blocked);
  if (status == NQ_ERR_PARSE && !board_required && p.n_seen && p.problem_seen) {
    /* A formula's comments are not believed: board lines that do not fit
     * its problem line leave a plain formula, and say why. */
    snprintf(instance->board_note, sizeof instance->board_note, "%s", error);
    nq_instance_forget_board(instance);
    p.placed.count = p.blocked.count = 0;
    status = NQ_OK;
  }
  line_reader_close(p.lines);
  free(p.map_pairs);
  instance->placed = p.placed.items;
  instance->placed_count = p.placed.count;
  instance->blocked = p.blocked.items;
  instance->blocked_count = p.blocked.count;
  if (status != NQ_OK) {
    nq_instance_free(instance);
    return status;
  }
  *result = instance;
  return NQ_OK;
}

nq_status nq_instance_read(const char *path, nq_instance **result, char *error, size_t error_size) {
  return read_instance(path, 1, result, error, error_size);
}

nq_status nq_instance_read_formula(const char *path, nq_instance **result, char *error,
                                   size_t error_size) {
  return read_instance(path, 0, result, error, error_size);
}

void nq_instance_free(nq_instance *instance) {
  if (!instance)
    return;
  free(instance->queen_variable);
  free(instance->placed);
  free(instance->blocked);
  free(instance->encoding);
  free(instance->command);
  free(instance->projection);
  free(instance);
}

void nq_instance_forget_board(nq_instance *instance) {
  instance->n = 0;
  instance->numbering = NQ_VERIFY_MATRIX;
  instance->shuffled = 0;
  instance->placed_count = 0;
  instance->blocked_count = 0;
  instance->parsimonious = 0;
  strcpy(instance->model, "queens");
}
