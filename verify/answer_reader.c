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
#include <zlib.h>

#include "board_text.h"
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
  int open;                 /* a model is being read into open_bits */
  unsigned char *open_bits; /* its packed values (nq_answer_model_bytes) */
  char open_problem[120];
  int open_style; /* 'd' DIMACS literals, 'p' PB literals */
  long open_line;
  int after_minisat_sat; /* bare literals follow */
  /* "c free" lines read for the next model: answer->free_variables from
   * pending_first on; pending_line 0 when there are none. */
  size_t pending_first;
  long pending_line;
  /* Labelled boards: the column header's line and width (0: none open),
   * whether its rows are being read, the line ending the last one. A lone
   * "1" is a count unless a labelled row follows (the header of N = 1):
   * its line waits in lone_one_line. */
  long header_line;
  int header_width, labelled;
  long labelled_end_line, lone_one_line;
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
  if (answer) {
    answer->variables = variables;
    answer->unlisted_unused = -1;
  }
  return answer;
}

void nq_answer_free(nq_answer *answer) {
  if (!answer)
    return;
  for (size_t i = 0; i < answer->model_count; i++)
    free(answer->models[i].problem);
  free(answer->models);
  free(answer->model_bits);
  free(answer->free_variables);
  free(answer->cubes);
  free(answer->model_cube);
  free(answer->model_compact);
  free(answer->board_columns);
  free(answer->board_lines);
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

static uint32_t side_value(const uint32_t *array, size_t capacity, size_t model) {
  return array && model < capacity ? array[model] : 0;
}

int nq_answer_is_cube(const nq_answer *answer, size_t model) {
  return side_value(answer->model_cube, answer->model_cube_capacity, model) != 0;
}

nq_answer_cube nq_answer_cube_of(const nq_answer *answer, size_t model) {
  uint32_t cube = side_value(answer->model_cube, answer->model_cube_capacity, model);
  return cube ? answer->cubes[cube - 1] : (nq_answer_cube){0, 0, 0};
}

size_t nq_answer_compact_length(const nq_answer *answer, size_t model) {
  return side_value(answer->model_compact, answer->model_compact_capacity, model);
}

/* Sets a model's entry in an array beside the models, growing it (zero
 * filled) to the models' capacity. Returns -1 when out of memory. */
static int set_side(uint32_t **array, size_t *capacity, size_t wanted, size_t model,
                    uint32_t value) {
  if (model >= *capacity) {
    uint32_t *grown = realloc(*array, wanted * sizeof *grown);
    if (!grown)
      return -1;
    memset(grown + *capacity, 0, (wanted - *capacity) * sizeof *grown);
    *array = grown;
    *capacity = wanted;
  }
  (*array)[model] = value;
  return 0;
}

size_t nq_answer_model_bytes(const nq_answer *answer) { return (size_t)answer->variables / 4 + 1; }

const unsigned char *nq_answer_model_bits(const nq_answer *answer, size_t model) {
  return answer->model_bits + model * nq_answer_model_bytes(answer);
}

/* The four values a packed byte holds (pair 0: -1, 1: 0, 3: 1; 2 is never
 * written): one table for a single value and for unpacking a model, a
 * copy of four bytes per byte. */
#define PAIR_VALUE(pair) ((pair) == 0 ? -1 : (pair) >> 1)
#define BYTE_VALUES(b)                                                                             \
  {                                                                                                \
    PAIR_VALUE((b)&3), PAIR_VALUE((b) >> 2 & 3), PAIR_VALUE((b) >> 4 & 3),                         \
        PAIR_VALUE((b) >> 6 & 3)                                                                   \
  }
#define BYTES_4(b) BYTE_VALUES(b), BYTE_VALUES((b) + 1), BYTE_VALUES((b) + 2), BYTE_VALUES((b) + 3)
#define BYTES_16(b) BYTES_4(b), BYTES_4((b) + 4), BYTES_4((b) + 8), BYTES_4((b) + 12)
#define BYTES_64(b) BYTES_16(b), BYTES_16((b) + 16), BYTES_16((b) + 32), BYTES_16((b) + 48)
static const signed char byte_values[256][4] = {BYTES_64(0), BYTES_64(64), BYTES_64(128),
                                                BYTES_64(192)};

int nq_answer_value(const nq_answer *answer, size_t model, int64_t variable) {
  return byte_values[nq_answer_model_bits(answer, model)[variable / 4]][variable % 4];
}

void nq_answer_values(const nq_answer *answer, size_t model, signed char *values) {
  const unsigned char *bits = nq_answer_model_bits(answer, model);
  size_t whole = ((size_t)answer->variables + 1) / 4; /* bytes whose 4 values all fit */
  for (size_t i = 0; i < whole; i++)
    memcpy(values + 4 * i, byte_values[bits[i]], 4);
  for (size_t v = 4 * whole; v <= (size_t)answer->variables; v++)
    values[v] = byte_values[bits[v / 4]][v % 4];
  values[0] = -1;
}

static nq_status open_model(answer_parser *p, int style) {
  size_t size = nq_answer_model_bytes(p->answer);
  if (!p->open_bits && !(p->open_bits = malloc(size)))
    return fail(p, "out of memory for a model of %" PRId64 " variables", p->answer->variables);
  memset(p->open_bits, 0, size);
  p->open = 1;
  p->open_problem[0] = '\0';
  const char *form = p->answer->count.form;
  if (form && !p->answer->model_after_count_line &&
      (!strcmp(form, "s SOLUTIONS") || !strncmp(form, "c K models", 10)))
    p->answer->model_after_count_line = p->line;
  p->open_style = style;
  p->open_line = p->line;
  return NQ_OK;
}

static nq_status close_model(answer_parser *p) {
  nq_answer *answer = p->answer;
  /* Doubling: 365,596 models grown one by one moved the array each time. */
  size_t bytes = nq_answer_model_bytes(answer);
  p->open = 0;
  if (answer->model_count == answer->model_capacity) {
    nq_answer_model *grown = grow_array(answer->models, &answer->model_capacity,
                                        answer->model_count + 1, sizeof *answer->models, 16);
    if (!grown)
      return fail(p, "out of memory");
    answer->models = grown;
  }
  if (answer->model_count == answer->bits_capacity) {
    unsigned char *grown =
        grow_array(answer->model_bits, &answer->bits_capacity, answer->model_count + 1, bytes, 16);
    if (!grown)
      return fail(p, "out of memory");
    answer->model_bits = grown;
  }
  char *problem = NULL;
  if (p->open_problem[0] && !(problem = strdup(p->open_problem)))
    return fail(p, "out of memory");
  /* A cube's free variables are given no value, each named once. */
  for (size_t i = p->pending_first; p->pending_line && !problem && i < answer->free_used; i++) {
    int variable = answer->free_variables[i];
    char text[160] = "";
    if (variable < 1 || variable > answer->variables)
      snprintf(text, sizeof text, "'c free' (line %ld) names %d, no variable of the instance",
               p->pending_line, variable);
    else if (p->open_bits[variable / 4] >> (2 * (variable % 4)) & 1)
      snprintf(text, sizeof text,
               "variable %d is named free (line %ld) and given a value in the model", variable,
               p->pending_line);
    for (size_t k = p->pending_first; !text[0] && k < i; k++)
      if (answer->free_variables[k] == variable)
        snprintf(text, sizeof text, "variable %d is named free twice (line %ld)", variable,
                 p->pending_line);
    if (text[0] && !(problem = strdup(text)))
      return fail(p, "out of memory");
  }
  memcpy(answer->model_bits + answer->model_count * bytes, p->open_bits, bytes);
  nq_answer_model *model = &answer->models[answer->model_count++];
  model->line = p->line;
  model->problem = problem;
  if (p->pending_line) {
    if (answer->cube_count == answer->cube_capacity) {
      nq_answer_cube *grown = grow_array(answer->cubes, &answer->cube_capacity,
                                         answer->cube_count + 1, sizeof *grown, 16);
      if (!grown || answer->cube_count >= UINT32_MAX)
        return fail(p, "out of memory");
      answer->cubes = grown;
    }
    answer->cubes[answer->cube_count++] =
        (nq_answer_cube){p->pending_first, answer->free_used - p->pending_first, p->pending_line};
    if (set_side(&answer->model_cube, &answer->model_cube_capacity, answer->model_capacity,
                 answer->model_count - 1, (uint32_t)answer->cube_count))
      return fail(p, "out of memory");
  }
  p->pending_line = 0;
  p->pending_first = answer->free_used;
  return NQ_OK;
}

/* "c free V V ..." (nqsat solve --all --partial): the next model is a
 * cube, these variables free in it. Long lists continue on more lines. */
static nq_status read_free_line(answer_parser *p, const char *cursor) {
  nq_answer *answer = p->answer;
  if (p->open)
    return fail(p, "'c free' inside a model (before its terminating 0)");
  if (!p->pending_line) {
    p->pending_line = p->line;
    p->pending_first = answer->free_used;
  }
  for (;;) {
    while (isspace((unsigned char)*cursor))
      cursor++;
    if (!*cursor)
      return NQ_OK;
    char *end;
    long value = strtol(cursor, &end, 10);
    if (end == cursor || (*end && !isspace((unsigned char)*end)) || value < 1 || value > INT32_MAX)
      return fail(p, "'c free' names something that is no variable");
    if (answer->free_used == answer->free_capacity) {
      int *grown = grow_array(answer->free_variables, &answer->free_capacity, answer->free_used + 1,
                              sizeof *grown, 64);
      if (!grown)
        return fail(p, "out of memory");
      answer->free_variables = grown;
    }
    answer->free_variables[answer->free_used++] = (int)value;
    cursor = end;
  }
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
  unsigned char pair = literal > 0 ? 3 : 1, *byte = &p->open_bits[variable / 4];
  int shift = 2 * (int)(variable % 4);
  int given = *byte >> shift & 3;
  if (given && given != pair && !*p->open_problem)
    snprintf(p->open_problem, sizeof p->open_problem,
             "variable %" PRId64 " is given both values (line %ld)", variable, p->line);
  *byte = (unsigned char)((*byte & ~(3 << shift)) | pair << shift);
}

/* isspace() in the C locale, without the locale lookup: the "v" lines of
 * an enumeration are hundreds of megabytes. */
static int is_blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int is_digit(char c) { return c >= '0' && c <= '9'; }

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
  if (!is_digit(*p))
    return -1;
  int64_t value = 0;
  for (; is_digit(*p); p++)
    if ((value = value * 10 + (*p - '0')) > INT32_MAX)
      return -1;
  if (*p && !is_blank(*p))
    return -1;
  *literal = negative ? -value : value;
  *cursor = p;
  return 0;
}

/* Lines are read into a buffer with this many readable bytes after every
 * line's end, so quick_literal may load a whole word past it. */
enum { LINE_PAD = 8 };

/* The common tokens of an enumeration's "v" lines, read without detours
 * (they are most of a big answer's bytes): DIMACS literals of up to 7
 * digits, separated by spaces, naming declared variables given no other
 * value before. Returns the cursor at the first token it does not take
 * (the closing 0, a tab, a repeat, an error, the end of the line), which
 * the general path then reads and reports.
 * The digits are found and converted eight bytes at a time (SWAR), as in
 * the blog post "Faster Integer Parsing" (kholdstare, 2020) and D. Lemire's
 * notes on it: a byte is a digit when neither byte - '0' borrows nor
 * byte + 0x46 reaches 0x80; a borrow or carry only ever moves to higher
 * bytes, so the lowest flagged byte is the first non-digit. */
static const char *quick_literals(answer_parser *p, const char *cursor) {
  unsigned char *bits = p->open_bits;
  const uint64_t variables = (uint64_t)p->answer->variables;
  for (;;) {
    while (*cursor == ' ')
      cursor++;
    int negative = *cursor == '-';
    const char *digits = cursor + negative;
    uint64_t word;
    memcpy(&word, digits, sizeof word); /* LINE_PAD bytes follow the line */
    uint64_t values = word - 0x3030303030303030u;
    uint64_t non_digits = (values | (word + 0x4646464646464646u)) & 0x8080808080808080u;
    if (!non_digits)
      return cursor; /* 8 digits or more */
    unsigned length = (unsigned)__builtin_ctzll(non_digits) / 8;
    char after = digits[length];
    if (length == 0 || (after != ' ' && after != '\0'))
      return cursor;
    /* The digits moved to the top bytes (leading zeros below), then pairs,
     * quadruples and the eight combined with three multiplications. */
    values <<= 8 * (8 - length);
    values = values * 10 + (values >> 8);
    values = ((values & 0x000000FF000000FFu) * (100 + (1000000ull << 32)) +
              ((values >> 16) & 0x000000FF000000FFu) * (1 + (10000ull << 32))) >>
             32;
    if (values - 1 >= variables) /* 0, or no variable of the instance */
      return cursor;
    unsigned char *byte = &bits[values >> 2];
    unsigned shift = (unsigned)(values & 3) * 2, pair = negative ? 1u : 3u;
    unsigned given = *byte >> shift & 3u;
    if (given && given != pair)
      return cursor;
    *byte = (unsigned char)(*byte | pair << shift);
    cursor = digits + length;
  }
}

/* The literals of one "v" line (or a bare MiniSat line). */
static nq_status read_literals(answer_parser *p, const char *cursor) {
  for (;;) {
    if (p->open && p->open_style == 'd')
      cursor = quick_literals(p, cursor);
    while (is_blank(*cursor))
      cursor++;
    if (!*cursor)
      return NQ_OK;
    int pb = *cursor == 'x' || *cursor == '~' || (*cursor == '-' && cursor[1] == 'x');
    if (!p->open) {
      nq_status status = open_model(p, pb ? 'p' : 'd');
      if (status != NQ_OK)
        return status;
    }
    const char *token = cursor;
    int64_t literal;
    if (parse_literal(&cursor, p->open_style == 'p', &literal)) {
      char shown[PARSE_ERROR_TOKEN_SIZE];
      return fail(p, "'%s' is not a literal", parse_error_token(shown, sizeof shown, token));
    }
    if (literal == 0 && p->open_style == 'd') {
      nq_status status = close_model(p);
      if (status != NQ_OK)
        return status;
      while (isspace((unsigned char)*cursor))
        cursor++;
      if (*cursor) {
        char shown[PARSE_ERROR_TOKEN_SIZE];
        return fail(p, "text after the terminating 0: '%s'",
                    parse_error_token(shown, sizeof shown, cursor));
      }
      return NQ_OK;
    }
    set_literal(p, literal);
  }
}

static int word_is(const char *text, const char *word) {
  size_t length = strlen(word);
  return !strncmp(text, word, length) && (!text[length] || isspace((unsigned char)text[length]));
}

/* Splits `text` into at most `max` blank-separated words (pointers into
 * `copy`, a copy of text); returns how many there are, max + 1 when more. */
static size_t split_words(const char *text, char *copy, size_t copy_size, char **words,
                          size_t max) {
  snprintf(copy, copy_size, "%s", text);
  size_t count = 0;
  char *cursor = copy;
  for (;;) {
    cursor += strspn(cursor, " \t");
    if (!*cursor)
      return count;
    if (count == max)
      return max + 1;
    words[count++] = cursor;
    cursor += strcspn(cursor, " \t");
    if (*cursor)
      *cursor++ = '\0';
  }
}

static int one_of(const char *word, const char *const *choices) {
  for (; *choices; choices++)
    if (!strcmp(word, *choices))
      return 1;
  return 0;
}

/* The Model Counting Competition 2021-2024 answer lines, "c s ...":
 *   c s type mc|pmc|wmc|pwmc
 *   c s log10-estimate X
 *   c s exact|approx PRECISION NOTATION X
 * with PRECISION double, quadruple, mpfr or arb and NOTATION int, float,
 * prec-sci or log10 (docs/verifier.md). "c s exact ... int K" is a count
 * (count_claim.c); the others are kept for the judge. Any other "c s"
 * line is an error. */
static nq_status read_mcc_line(answer_parser *p, const char *text, const char *rest) {
  static const char *const types[] = {"mc", "pmc", "wmc", "pwmc", NULL};
  static const char *const precisions[] = {"double", "quadruple", "mpfr", "arb", NULL};
  static const char *const notations[] = {"int", "float", "prec-sci", "log10", NULL};
  nq_answer *answer = p->answer;
  char copy[256], *words[5];
  size_t count = split_words(rest, copy, sizeof copy, words, 4);
  if (count == 2 && !strcmp(words[0], "type")) {
    if (!one_of(words[1], types)) {
      char shown[24];
      parse_error_excerpt(shown, sizeof shown, words[1]);
      return fail(p, "'c s type %s' is no count type (mc, pmc, wmc, pwmc)", shown);
    }
    if (answer->type_line && strcmp(answer->count_type, words[1]))
      return fail(p, "a second count type '%s' (line %ld says '%s')", words[1], answer->type_line,
                  answer->count_type);
    if (!answer->type_line) {
      strcpy(answer->count_type, words[1]);
      answer->type_line = p->line;
    }
    return NQ_OK;
  }
  if (count == 2 && !strcmp(words[0], "log10-estimate")) {
    if (!answer->has_estimate) {
      char *end;
      answer->log10_estimate = strtod(words[1], &end);
      answer->has_estimate = end != words[1] && !*end ? 1 : -1; /* -1: not a number */
      answer->estimate_line = p->line;
      parse_error_token(answer->estimate_text, sizeof answer->estimate_text, words[1]);
    }
    return NQ_OK;
  }
  int approximate = count == 4 && !strcmp(words[0], "approx");
  if (count == 4 && (approximate || !strcmp(words[0], "exact")) && one_of(words[1], precisions) &&
      one_of(words[2], notations)) {
    if (!approximate && !strcmp(words[2], "int")) {
      if (count_claim_read_line(&answer->count, text, p->line) < 0)
        return fail(p, "out of memory");
      return NQ_OK;
    }
    char shown[24];
    parse_error_excerpt(shown, sizeof shown, words[3]);
    if (strspn(words[3], "0123456789+-.eE") != strlen(words[3]))
      return fail(p, "the count '%s' is no number in %s notation", shown, words[2]);
    if (strlen(words[3]) >= sizeof answer->float_count.text)
      return fail(p, "the count '%s' is too long for a %s count", shown, words[1]);
    if (!answer->float_count.line) {
      answer->float_count.line = p->line;
      answer->float_count.approximate = approximate;
      strcpy(answer->float_count.precision, words[1]);
      strcpy(answer->float_count.notation, words[2]);
      strcpy(answer->float_count.text, words[3]);
    } else if (!answer->float_count.second_line && strcmp(answer->float_count.text, words[3])) {
      answer->float_count.second_line = p->line;
      strcpy(answer->float_count.second_text, words[3]);
    }
    return NQ_OK;
  }
  char shown[64];
  parse_error_excerpt(shown, sizeof shown, text);
  return fail(p,
              "'%s' is not a Model Counting Competition line this reader knows (c s type, "
              "c s log10-estimate, c s exact|approx PRECISION NOTATION X; see docs/verifier.md)",
              shown);
}

/* The MCC 2021-2024 "c s" lines (read_mcc_line), nqsat's own notes and
 * the count lines (count_claim.c); other comments are ignored. */
static nq_status read_comment(answer_parser *p, const char *text) {
  nq_answer *answer = p->answer;
  const char *rest = text + 1;
  while (isspace((unsigned char)*rest))
    rest++;
  if (word_is(rest, "s"))
    return read_mcc_line(p, text, rest + 1);
  if (!strncmp(rest, "free", 4) && (!rest[4] || isspace((unsigned char)rest[4])))
    return read_free_line(p, rest + 4);
  if (!strncmp(rest, "compact:", 8)) {
    if (!answer->compact_line)
      answer->compact_line = p->line;
    return NQ_OK;
  }
  long long unused = 0;
  int used = 0;
  if (sscanf(rest, "%lld projected variable%n", &unused, &used) == 1 && used > 0 &&
      strstr(rest, "in no clause: not listed")) {
    if (answer->unlisted_line && answer->unlisted_unused != unused)
      return fail(p,
                  "a second note of unlisted variables, saying %lld (the first, line %ld, "
                  "says %" PRId64 ")",
                  unused, answer->unlisted_line, answer->unlisted_unused);
    answer->unlisted_unused = unused;
    answer->unlisted_line = p->line;
    return NQ_OK;
  }
  if (count_claim_read_line(&answer->count, text, p->line) < 0)
    return fail(p, "out of memory");
  return NQ_OK;
}

/* MiniSat's standard output besides its result: its statistics table
 * ("|..." rows, "===...===" rules), "LABEL : value" lines ("restarts : 1",
 * "CPU time : 0.1 s"), its warnings and "Solved by ..." notes. */
static int is_minisat_statistics(const char *text) {
  if (text[0] == '|' || text[0] == '=')
    return 1;
  if (!strncmp(text, "WARNING:", 8) || !strncmp(text, "Solved by ", 10) ||
      !strncmp(text, "*** INTERRUPTED ***", 19))
    return 1;
  const char *p = text;
  while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == ' ')
    p++;
  return p > text && *p == ':' && isalpha((unsigned char)text[0]);
}

/* A line of nothing but a whole number: nqsat solve FILE --count's answer. */
static int is_bare_count(const char *text) {
  return is_digit(*text) && text[strspn(text, "0123456789")] == '\0';
}

/* A line of DIMACS literals ending in 0 (a model without "v"). */
static int is_literal_line(const char *text) {
  size_t length = strlen(text);
  return strspn(text, "-0123456789 \t") == length && length >= 1 && text[length - 1] == '0' &&
         (length == 1 || is_blank(text[length - 2]));
}

static nq_status not_understood(answer_parser *p, const char *text) {
  /* Numbers that begin "1 2" and then leave the sequence are a labelled
   * board's column header gone wrong more likely than anything else. */
  int wrong_at;
  long long wrong;
  if (board_text_only_numbers(text) && !board_text_header_width(text, &wrong_at, &wrong) &&
      wrong_at >= 3)
    return fail(p, "column header: %lld where column %d was expected", wrong, wrong_at);
  char shown[48];
  parse_error_excerpt(shown, sizeof shown, text);
  return fail(p,
              "'%s' is not a line of any answer format this reader knows (see "
              "docs/verifier.md)",
              shown);
}

/* A compact line: '1' true, '0' false, '-' free (a cube), one character
 * per variable that occurs, read here as variables 1, 2, ... */
static nq_status read_compact(answer_parser *p, const char *text) {
  nq_answer *answer = p->answer;
  size_t length = strlen(text);
  nq_status status = open_model(p, 'c');
  if (status != NQ_OK)
    return status;
  for (size_t i = 0; i < length; i++) {
    int64_t position = (int64_t)i + 1;
    if (position > answer->variables) {
      snprintf(p->open_problem, sizeof p->open_problem,
               "a compact line of %zu characters, but the instance declares %" PRId64 " variables",
               length, answer->variables);
      break;
    }
    if (text[i] != '-') {
      set_literal(p, text[i] == '1' ? position : -position);
      continue;
    }
    if (!p->pending_line) {
      p->pending_line = p->line;
      p->pending_first = answer->free_used;
    }
    if (answer->free_used == answer->free_capacity) {
      int *grown = grow_array(answer->free_variables, &answer->free_capacity, answer->free_used + 1,
                              sizeof *grown, 64);
      if (!grown)
        return fail(p, "out of memory");
      answer->free_variables = grown;
    }
    answer->free_variables[answer->free_used++] = (int)position;
  }
  status = close_model(p);
  if (status == NQ_OK) {
    if (set_side(&answer->model_compact, &answer->model_compact_capacity, answer->model_capacity,
                 answer->model_count - 1, (uint32_t)length))
      return fail(p, "out of memory");
    answer->compact_models++;
  }
  return status;
}

/* An unlabelled board row: "." and "Q" one space apart. Returns its length in
 * squares and the queen's column (-1 none, -2 more than one), or 0 when
 * the line is no board row. */
static int board_row(const char *text, int *column) {
  int squares = 0;
  *column = -1;
  for (const char *c = text;; c += 2) {
    if (*c != '.' && *c != 'Q')
      return 0;
    if (*c == 'Q')
      *column = *column == -1 ? squares : -2;
    squares++;
    if (!c[1])
      return squares;
    if (c[1] != ' ' || squares > NQ_INSTANCE_MAX_N)
      return 0;
  }
}

static nq_status read_board_row(answer_parser *p, int squares, int column) {
  nq_answer *answer = p->answer;
  if (column < 0)
    return fail(p, "a board row with %s queen", column == -1 ? "no" : "more than one");
  if (answer->board_n && squares != answer->board_n)
    return fail(p, "a board row of %d squares after boards of %d", squares, answer->board_n);
  answer->board_n = squares;
  if (!answer->board_rows) {
    answer->board_first_line = p->line;
    if (answer->board_count == answer->board_capacity) {
      size_t capacity = answer->board_capacity;
      long *lines =
          grow_array(answer->board_lines, &capacity, answer->board_count + 1, sizeof *lines, 16);
      if (!lines)
        return fail(p, "out of memory");
      answer->board_lines = lines;
      capacity = answer->board_capacity;
      int *columns = grow_array(answer->board_columns, &capacity, answer->board_count + 1,
                                (size_t)squares * sizeof *columns, 16);
      if (!columns)
        return fail(p, "out of memory");
      answer->board_columns = columns;
      answer->board_capacity = capacity;
    }
  }
  answer->board_columns[answer->board_count * (size_t)squares + (size_t)answer->board_rows++] =
      column;
  if (answer->board_rows == squares) {
    answer->board_lines[answer->board_count++] = p->line;
    answer->board_rows = 0;
  }
  return NQ_OK;
}

/* A lone "1" held back as a possible header, read as the count it is. */
static nq_status settle_lone_one(answer_parser *p) {
  if (!p->lone_one_line)
    return NQ_OK;
  int claimed = count_claim_read_bare(&p->answer->count, "1", p->lone_one_line);
  p->lone_one_line = 0;
  return claimed < 0 ? fail(p, "out of memory") : NQ_OK;
}

/* A row led by its number; `column` is board_text_labelled_row()'s. */
static nq_status read_labelled_row(answer_parser *p, int column, long long label, int squares) {
  nq_answer *answer = p->answer;
  if (!p->labelled && p->header_width && p->header_line == p->line - 1) {
    p->labelled = 1;
  } else if (!p->labelled) {
    if (answer->board_rows)
      return fail(p,
                  "row number %lld on row %d of a board whose rows above have none "
                  "(label every row or none)",
                  label, answer->board_rows + 1);
    if (p->labelled_end_line && p->labelled_end_line == p->line - 1)
      return fail(p, "row labelled %lld below a complete board of %d rows", label, answer->board_n);
    return fail(p, "a labelled board row without the column header above it");
  }
  if (label != answer->board_rows + 1)
    return fail(p, "row labelled %lld where row %d was expected", label, answer->board_rows + 1);
  if (squares != p->header_width)
    return fail(p, "row %lld has %d squares, the column header numbers %d", label, squares,
                p->header_width);
  nq_status status = read_board_row(p, squares, column < -1 ? column + 1 : column);
  if (status != NQ_OK)
    return status;
  if (answer->board_rows == 1)
    answer->board_first_line = p->header_line;
  if (!answer->board_rows) {
    p->labelled = 0;
    p->header_width = 0;
    p->labelled_end_line = p->line;
  }
  return NQ_OK;
}

static nq_status read_line(answer_parser *p, char *text) {
  long long label;
  int labelled_squares;
  int labelled_column =
      is_digit(*text) ? board_text_labelled_row(text, &label, &labelled_squares) : -1;
  if (labelled_column != -1 && p->lone_one_line == p->line - 1 && labelled_squares == 1) {
    p->header_width = 1; /* the lone "1" above was N = 1's header */
    p->header_line = p->lone_one_line;
    p->lone_one_line = 0;
  }
  nq_status settled = settle_lone_one(p);
  if (settled != NQ_OK)
    return settled;
  if (labelled_column != -1)
    return read_labelled_row(p, labelled_column, label, labelled_squares);
  if (p->header_width && !p->labelled) {
    p->line = p->header_line;
    return fail(p, "a column header with no labelled board row below it");
  }
  int column, squares = text[0] == '.' || text[0] == 'Q' ? board_row(text, &column) : 0;
  if (squares && p->labelled)
    return fail(p, "row %d of a labelled board has no row number", p->answer->board_rows + 1);
  if (squares)
    return read_board_row(p, squares, column);
  if (p->answer->board_rows) {
    p->line = p->answer->board_first_line;
    return fail(p, "a board starting here has %d of its %d rows", p->answer->board_rows,
                p->answer->board_n);
  }
  /* A PB model ends at the first line that is not a "v" line. */
  int is_v = text[0] == 'v' && (!text[1] || isspace((unsigned char)text[1]));
  if (p->open && p->open_style == 'p' && !is_v) {
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
    else {
      int claimed = count_claim_read_line(&p->answer->count, text, p->line);
      if (claimed < 0)
        return fail(p, "out of memory");
      if (!claimed)
        return not_understood(p, text);
    }
    return NQ_OK;
  }
  if (text[0] == 'c' && (!text[1] || isspace((unsigned char)text[1])))
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
  } else if (p->answer->compact_line && !p->open && text[strspn(text, "01-")] == '\0') {
    return read_compact(p, text);
  } else if (!p->open && !p->after_minisat_sat && !strcmp(text, "1")) {
    p->lone_one_line = p->line; /* a count of 1, or N = 1's column header */
  } else if (!p->open && !p->after_minisat_sat && board_text_only_numbers(text) &&
             !is_literal_line(text) && !is_bare_count(text) &&
             (p->header_width = board_text_header_width(text, &(int){0}, &(long long){0}))) {
    p->header_line = p->line; /* "1 2 ... k": a labelled board's column header */
  } else if ((p->open && p->open_style == 'd') ||
             (is_literal_line(text) && (p->after_minisat_sat || !is_bare_count(text)))) {
    /* (after MiniSat's "SAT" a lone "0" is an empty model, not a count;
     * its statistics may follow the result when both go to one stream) */
    return read_literals(p, text);
  } else if (is_digit(*text)) {
    int claimed = count_claim_read_bare(&p->answer->count, text, p->line);
    if (claimed < 0)
      return fail(p, "out of memory");
    if (!claimed)
      return not_understood(p, text);
  } else if (!is_minisat_statistics(text)) {
    return not_understood(p, text);
  }
  return NQ_OK;
}

/* The answer's text is read in blocks and split into lines in place:
 * getline() through stdio's small buffer copied every byte once more and
 * made a system call every few kilobytes, which for an enumeration's
 * hundreds of megabytes of "v" lines was a third of the reading time. */
enum { READ_BLOCK = 1 << 20 };

typedef struct block_lines {
  FILE *input;
  char *buffer;
  size_t capacity, used, start;
  int at_end;
  /* The input's first block, read to tell gzip (1f 8b) from text; a gzip
   * answer is inflated from it and what follows. */
  unsigned char *raw;
  size_t raw_used, raw_start;
  int checked;
  z_stream *z;
  int z_state; /* 0 inflating, 1 a member ended, -1 corrupt or cut off */
} block_lines;

enum { RAW_BLOCK = 1 << 16 };

static size_t fill_raw(block_lines *b) {
  b->raw_start = 0;
  b->raw_used = fread(b->raw, 1, RAW_BLOCK, b->input);
  return b->raw_used;
}

/* Up to `room` bytes of the answer's text into `into`; 0 at its end. */
static size_t read_more(block_lines *b, char *into, size_t room) {
  if (!b->checked) {
    b->checked = 1;
    if (!(b->raw = malloc(RAW_BLOCK))) {
      b->z_state = -2;
      return 0;
    }
    fill_raw(b);
    if (b->raw_used >= 2 && b->raw[0] == 0x1f && b->raw[1] == 0x8b) {
      b->z = calloc(1, sizeof *b->z);
      if (!b->z || inflateInit2(b->z, 15 + 16) != Z_OK) {
        b->z_state = -2;
        return 0;
      }
    }
  }
  if (!b->z) {
    if (b->raw_start < b->raw_used) {
      size_t n = b->raw_used - b->raw_start < room ? b->raw_used - b->raw_start : room;
      memcpy(into, b->raw + b->raw_start, n);
      b->raw_start += n;
      return n;
    }
    return fread(into, 1, room, b->input);
  }
  z_stream *z = b->z;
  z->next_out = (unsigned char *)into;
  z->avail_out = (unsigned)(room < UINT32_MAX ? room : UINT32_MAX);
  unsigned wanted = z->avail_out;
  while (z->avail_out == wanted && b->z_state >= 0) {
    if (!z->avail_in) {
      if (b->raw_start >= b->raw_used && !fill_raw(b)) {
        if (b->z_state != 1)
          b->z_state = -1; /* the stream stops inside a member */
        break;
      }
      z->next_in = b->raw + b->raw_start;
      z->avail_in = (unsigned)(b->raw_used - b->raw_start);
      b->raw_start = b->raw_used;
    }
    if (b->z_state == 1) { /* another member follows (gzip files may be concatenated) */
      inflateReset(z);
      b->z_state = 0;
    }
    int result = inflate(z, Z_NO_FLUSH);
    if (result == Z_STREAM_END)
      b->z_state = 1;
    else if (result != Z_OK && result != Z_BUF_ERROR)
      b->z_state = -1;
  }
  return wanted - z->avail_out;
}

/* The next line (NUL terminated, without its newline) and its length;
 * returns 1, 0 at the end of the input, -1 when out of memory. */
static int next_line(block_lines *b, char **line, size_t *length) {
  for (;;) {
    char *from = b->buffer + b->start;
    char *newline = b->start < b->used ? memchr(from, '\n', b->used - b->start) : NULL;
    if (newline || (b->at_end && b->start < b->used)) {
      char *end = newline ? newline : b->buffer + b->used;
      *end = '\0';
      *line = from;
      *length = (size_t)(end - from);
      b->start = (size_t)(end - b->buffer) + 1;
      return 1;
    }
    if (b->at_end)
      return 0;
    /* Keep the unfinished line, at the front, and read more after it. */
    if (b->start < b->used)
      memmove(b->buffer, from, b->used - b->start);
    b->used -= b->start;
    b->start = 0;
    if (b->used == b->capacity) {
      size_t wanted = b->capacity ? 2 * b->capacity : READ_BLOCK;
      char *grown = realloc(b->buffer, wanted + 1 + LINE_PAD); /* the last NUL, the pad */
      if (!grown)
        return -1;
      b->buffer = grown;
      b->capacity = wanted;
    }
    size_t got = read_more(b, b->buffer + b->used, b->capacity - b->used);
    b->used += got;
    memset(b->buffer + b->used, 0, 1 + LINE_PAD); /* defined bytes for quick_literal */
    if (got == 0)
      b->at_end = 1;
  }
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
  block_lines lines = {.input = input};
  char *text;
  size_t length;
  int got;
  nq_status status = NQ_OK;
  while (status == NQ_OK && (got = next_line(&lines, &text, &length)) > 0) {
    p.line++;
    if (lines.z_state == -1)
      break; /* a cut or corrupt gzip stream: reported below, not its torn lines */
    if (memchr(text, '\0', length)) {
      status = fail(&p, "NUL byte in the answer");
      break;
    }
    while (length && is_blank(text[length - 1]))
      text[--length] = '\0';
    char *start = text;
    while (is_blank(*start))
      start++;
    if (*start)
      status = read_line(&p, start);
    else if (answer->compact_line && !p.open)
      status = read_compact(&p, start); /* a model over no variable: none occurs */
  }
  if (status == NQ_OK && got < 0)
    status = fail(&p, "out of memory");
  if (status == NQ_OK && lines.z_state == -2)
    status = fail(&p, "out of memory");
  if (status == NQ_OK && lines.z_state == -1)
    status = fail(&p, "the gzip-compressed answer is corrupt or cut off");
  if (status == NQ_OK && ferror(input))
    status = NQ_ERR_IO;
  if (status == NQ_OK)
    status = settle_lone_one(&p);
  if (status == NQ_OK && p.header_width && !p.labelled) {
    p.line = p.header_line;
    status = fail(&p, "a column header with no labelled board row below it");
  }
  if (status == NQ_OK && answer->board_rows) {
    p.line = answer->board_first_line;
    status = fail(&p, "a board starting here has %d of its %d rows", answer->board_rows,
                  answer->board_n);
  }
  if (status == NQ_OK && p.pending_line && !p.open) {
    p.line = p.pending_line;
    status = fail(&p, "'c free' line with no model after it");
  }
  if (status == NQ_OK && p.open) {
    if (p.open_style == 'p') {
      status = close_model(&p);
    } else {
      p.line = p.open_line;
      status = fail(&p, "model starting here is cut off before its terminating 0");
    }
  }
  if (status == NQ_ERR_IO)
    snprintf(error, error_size, "%s: read error", name);
  free(p.open_bits);
  free(lines.buffer);
  free(lines.raw);
  if (lines.z) {
    inflateEnd(lines.z);
    free(lines.z);
  }
  return status;
}
