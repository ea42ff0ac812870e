/* The clauses of every encoding for the page's N, written into the page's
 * data so that its scripts can list a square's clauses, unit-propagate a
 * position and replay the SAT solver's search on them. Everything comes
 * from the encoder: the clauses (nq_encoder_generate_explained), the
 * sentence before each group of them (the --explain comments), what each
 * variable means (nq_encoder_variable_meaning) and how "no queen here"
 * reads as a clause (nq_encoder_square_clause), and what each auxiliary
 * variable stands for (nq_encoder_name_auxiliaries).
 *
 * Per encoding, in JSON (numbers in flat arrays, so that N = 12's eleven
 * formulas stay a few hundred kilobytes):
 *   {"option": "--amo seq", "model": "matrix" | "rows", "variables": V,
 *    "names": [meaning of 1, 2, ... up to the last non-auxiliary variable],
 *    "groups": ["row 1: at least one queen", ...],
 *    "groupStart": [index of each group's first clause],
 *    "clauses": [literals, 0 after each clause],
 *    "auxWords": ["s(3): some queen among the first 3 squares", ...],
 *    "auxLines": ["row 2", ...],
 *    "aux": [per auxiliary variable, in number order: its words and line
 *            (indexes into the two lists, which hold each text once),
 *            exact + 2 * negated, the number of squares, their queen
 *            variables] (nq_auxiliary in nqsat/encoder.h; the page words
 *            it as `nqsat encode --explain` does),
 *    "squares": [literals of "no queen on (r, c)", 0 after each square,
 *                row by row],
 *    "sat": the SAT solver's search (write_sat_trace)} */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

#include "nqsat/encoder.h"
#include "teach.h"

/* A JSON string inside <script type="application/json">: '<' escaped too,
 * so that no "</script>" can end the element. */
static void json_string(markup_writer *out, const char *text) {
  markup_put(out, "\"");
  for (const char *c = text; *c; c++) {
    if (*c == '"' || *c == '\\')
      markup_printf(out, "\\%c", *c);
    else if (*c == '<' || (unsigned char)*c < 0x20)
      markup_printf(out, "\\u%04x", (unsigned char)*c);
    else
      markup_write(out, c, 1);
  }
  markup_put(out, "\"");
}

typedef struct formula_writer {
  markup_writer *out;
  int pass;               /* 0: groups, 1: group starts, 2: clauses */
  size_t clauses, groups; /* so far in this pass */
  size_t items;           /* written into the current list */
} formula_writer;

/* The auxiliaries' meanings, each text kept once. */
typedef struct text_list {
  char **texts;
  size_t count, capacity;
} text_list;

typedef struct auxiliary_table {
  text_list words, lines;
  int *numbers; /* as "aux" in the page's data */
  size_t number_count, number_capacity;
  int next_variable; /* the auxiliary expected next */
  int failed;
} auxiliary_table;

/* A number of a list, after a comma unless it is the first. */
static void list_number(formula_writer *w, long long value) {
  markup_printf(w->out, w->items++ ? ",%lld" : "%lld", value);
}

static int on_group(void *context, const char *text) {
  formula_writer *w = context;
  if (w->pass == 0) {
    markup_put(w->out, w->items++ ? "," : "");
    json_string(w->out, text);
  } else if (w->pass == 1)
    list_number(w, (long long)w->clauses);
  w->groups++;
  return w->out->status != NQ_OK;
}

static int on_clause(void *context, const int *literals, size_t count) {
  formula_writer *w = context;
  if (w->pass == 2) {
    for (size_t i = 0; i < count; i++)
      list_number(w, literals[i]);
    list_number(w, 0);
  }
  w->clauses++;
  return w->out->status != NQ_OK;
}

/* The index of `text` in `list`, added if it is new; -1 without memory. */
static int text_index(text_list *list, const char *text) {
  for (size_t i = 0; i < list->count; i++)
    if (!strcmp(list->texts[i], text))
      return (int)i;
  if (list->count == list->capacity) {
    char **grown = grow_array(list->texts, &list->capacity, list->count + 1, sizeof *grown, 16);
    if (!grown)
      return -1;
    list->texts = grown;
  }
  char *copy = malloc(strlen(text) + 1);
  if (!copy)
    return -1;
  list->texts[list->count] = strcpy(copy, text);
  return (int)list->count++;
}

static int add_number(auxiliary_table *table, int value) {
  if (table->number_count == table->number_capacity) {
    int *grown = grow_array(table->numbers, &table->number_capacity, table->number_count + 1,
                            sizeof *grown, 256);
    if (!grown)
      return -1;
    table->numbers = grown;
  }
  table->numbers[table->number_count++] = value;
  return 0;
}

static int on_auxiliary(void *context, const nq_auxiliary *auxiliary) {
  auxiliary_table *table = context;
  char words[160];
  snprintf(words, sizeof words, "%s: %s", auxiliary->symbol, auxiliary->phrase);
  int word = text_index(&table->words, words), line = text_index(&table->lines, auxiliary->line);
  /* The page numbers auxiliaries by their place in the list. */
  table->failed = word < 0 || line < 0 || auxiliary->variable != table->next_variable++ ||
                  add_number(table, word) || add_number(table, line) ||
                  add_number(table, auxiliary->exact + 2 * auxiliary->negated) ||
                  add_number(table, auxiliary->square_count);
  for (int i = 0; i < auxiliary->square_count && !table->failed; i++)
    table->failed = add_number(table, auxiliary->squares[i]);
  return table->failed;
}

static void write_texts(markup_writer *out, const text_list *list) {
  for (size_t i = 0; i < list->count; i++) {
    markup_put(out, i ? "," : "");
    json_string(out, list->texts[i]);
  }
}

static void free_texts(text_list *list) {
  for (size_t i = 0; i < list->count; i++)
    free(list->texts[i]);
  free(list->texts);
}

/* "auxWords", "auxLines" and "aux" (above). */
static nq_status write_auxiliaries(markup_writer *out, const nq_encoding *encoding,
                                   int first_auxiliary) {
  auxiliary_table table = {.next_variable = first_auxiliary};
  nq_status status = nq_encoder_name_auxiliaries(encoding, on_auxiliary, &table);
  if (table.failed)
    status = NQ_ERR_MEMORY;
  if (status == NQ_OK) {
    markup_put(out, ",\"auxWords\":[");
    write_texts(out, &table.words);
    markup_put(out, "],\"auxLines\":[");
    write_texts(out, &table.lines);
    markup_put(out, "],\"aux\":[");
    for (size_t i = 0; i < table.number_count; i++)
      markup_printf(out, i ? ",%d" : "%d", table.numbers[i]);
    markup_put(out, "]");
  }
  free_texts(&table.words);
  free_texts(&table.lines);
  free(table.numbers);
  return status;
}

/* The SAT solver's search on this formula (teach_dpll.c), up to its first
 * solution: every encoding's, with and without learning, within 20,000
 * steps up to N = 12 (the searches add 530 kB to the N = 12 page, whose
 * backtracking steps are packed to make room), so the cap of a million
 * only guards against the unforeseen.
 * "sat" (DPLL) and "cdcl" (with clause learning): {"events": [...], "decisions": D,
 * "propagations": P, "conflicts": C, "learned": L, "complete": 0|1,
 * "solved": 0|1}. */
static nq_status write_sat_trace(markup_writer *out, const nq_encoding *encoding,
                                 int first_auxiliary, int learn) {
  teach_sat_trace trace;
  nq_status status = teach_sat_record(encoding, first_auxiliary, learn, 1000000, &trace);
  if (status == NQ_OK) {
    markup_printf(out, ",\"%s\":{\"events\":[", learn ? "cdcl" : "sat");
    for (size_t i = 0; i < trace.event_count; i++)
      markup_printf(out, i ? ",%d" : "%d", trace.events[i]);
    markup_printf(out,
                  "],\"decisions\":%llu,\"propagations\":%llu,\"conflicts\":%llu,"
                  "\"learned\":%llu,\"complete\":%d,\"solved\":%d}",
                  (unsigned long long)trace.decisions, (unsigned long long)trace.propagations,
                  (unsigned long long)trace.conflicts, (unsigned long long)trace.learned,
                  trace.complete, trace.solved);
  }
  teach_sat_free(&trace);
  return status;
}

static nq_status write_formula(markup_writer *out, const nq_encoding *encoding,
                               const char *option) {
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  int n = encoding->n, variables = (int)size.variables, first_auxiliary = 1;
  char text[160];
  markup_put(out, "{\"option\":");
  json_string(out, option);
  markup_printf(out, ",\"model\":\"%s\",\"variables\":%d,\"names\":[",
                encoding->model == NQ_MODEL_ROWS ? "rows" : "matrix", variables);
  for (; first_auxiliary <= variables &&
         !nq_encoder_variable_meaning(encoding, first_auxiliary, text, sizeof text);
       first_auxiliary++) {
    markup_put(out, first_auxiliary > 1 ? "," : "");
    json_string(out, text);
  }
  markup_put(out, "]");
  formula_writer w = {out, 0, 0, 0, 0};
  nq_clause_sink sink = {&w, on_clause};
  static const char *const lists[] = {"groups", "groupStart", "clauses"};
  for (w.pass = 0; w.pass < 3 && status == NQ_OK; w.pass++) {
    w.clauses = w.groups = w.items = 0;
    markup_printf(out, ",\"%s\":[", lists[w.pass]);
    status = nq_encoder_generate_explained(encoding, &sink, on_group);
    markup_put(out, "]");
  }
  if (status == NQ_OK)
    status = write_auxiliaries(out, encoding, first_auxiliary);
  markup_put(out, ",\"squares\":[");
  w.items = 0;
  for (int row = 0; row < n; row++)
    for (int column = 0; column < n; column++) {
      int literals[32];
      int count = nq_encoder_square_clause(encoding, row, column, literals);
      for (int i = 0; i < count; i++)
        list_number(&w, literals[i]);
      list_number(&w, 0);
    }
  markup_put(out, "]");
  if (status == NQ_OK)
    status = write_sat_trace(out, encoding, first_auxiliary, 0);
  if (status == NQ_OK)
    status = write_sat_trace(out, encoding, first_auxiliary, 1);
  markup_put(out, "}");
  if (status == NQ_ERR_STOPPED)
    status = out->status != NQ_OK ? out->status : NQ_ERR_MEMORY;
  return status;
}

nq_status teach_write_formulas(markup_writer *out, int n) {
  char option[48];
  nq_status status = NQ_OK;
  markup_put(out, "[");
  for (int amo = 0; amo < NQ_AMO_COUNT && status == NQ_OK; amo++) {
    nq_encoding encoding = {.n = n, .amo = (nq_amo)amo};
    snprintf(option, sizeof option, "--amo %s", nq_amo_name((nq_amo)amo));
    status = write_formula(out, &encoding, option);
    markup_put(out, ",");
  }
  for (int csp = 0; csp < NQ_CSP_COUNT && status == NQ_OK; csp++) {
    nq_encoding encoding = {.n = n, .model = NQ_MODEL_ROWS, .csp = (nq_csp)csp};
    snprintf(option, sizeof option, "--csp %s", nq_csp_name((nq_csp)csp));
    status = write_formula(out, &encoding, option);
    markup_put(out, csp + 1 < NQ_CSP_COUNT ? "," : "");
  }
  markup_put(out, "]");
  return status;
}
