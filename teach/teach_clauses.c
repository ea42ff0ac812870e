/* The clauses of every encoding for the page's N, written into the page's
 * data so that its scripts can list a square's clauses, unit-propagate a
 * position and replay the SAT solver's search on them. Everything comes
 * from the encoder: the clauses (nq_encoder_generate_explained), the
 * sentence before each group of them (the --explain comments), what each
 * variable means (nq_encoder_variable_meaning) and how "no queen here"
 * reads as a clause (nq_encoder_square_clause). An auxiliary variable is
 * named after the group of clauses that first uses it.
 *
 * Per encoding, in JSON (numbers in flat arrays, so that N = 12's eleven
 * formulas stay a few hundred kilobytes):
 *   {"option": "--amo seq", "model": "matrix" | "rows", "variables": V,
 *    "names": [meaning of 1, 2, ... up to the last non-auxiliary variable],
 *    "groups": ["row 1: at least one queen", ...],
 *    "groupStart": [index of each group's first clause],
 *    "clauses": [literals, 0 after each clause],
 *    "aux": [group of each auxiliary variable, in number order],
 *    "squares": [literals of "no queen on (r, c)", 0 after each square,
 *                row by row],
 *    "sat": the SAT solver's search (write_sat_trace)} */
#include <stdio.h>
#include <stdlib.h>

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
  int pass;                /* 0: groups, 1: group starts, 2: clauses */
  size_t clauses, groups;  /* so far in this pass */
  size_t items;            /* written into the current list */
  int first_auxiliary;     /* variables from here on are auxiliary */
  int *group_of_auxiliary; /* pass 2: first group using each, -1 before */
  int variables;
} formula_writer;

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
    for (size_t i = 0; i < count; i++) {
      int variable = abs(literals[i]);
      list_number(w, literals[i]);
      if (variable >= w->first_auxiliary && variable <= w->variables &&
          w->group_of_auxiliary[variable - w->first_auxiliary] < 0)
        w->group_of_auxiliary[variable - w->first_auxiliary] = (int)w->groups - 1;
    }
    list_number(w, 0);
  }
  w->clauses++;
  return w->out->status != NQ_OK;
}

/* The SAT solver's search on this formula (teach_dpll.c), up to its first
 * solution or a number of events: 8000 (every encoding's first solution
 * up to N = 10), 1200 at N = 11 and 12 (500 with learning), whose pages
 * already carry millions of backtracking steps and must stay under 4 MB.
 * "sat" (DPLL) and "cdcl" (with clause learning): {"events": [...], "decisions": D,
 * "propagations": P, "conflicts": C, "learned": L, "complete": 0|1,
 * "solved": 0|1}. */
static nq_status write_sat_trace(markup_writer *out, const nq_encoding *encoding,
                                 int first_auxiliary, int learn) {
  teach_sat_trace trace;
  nq_status status = teach_sat_record(encoding, first_auxiliary, learn,
                                       encoding->n <= 10 ? 8000 : learn ? 500 : 1200, &trace);
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

static nq_status write_formula(markup_writer *out, const nq_encoding *encoding, const char *option) {
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
  formula_writer w = {out, 0, 0, 0, 0, first_auxiliary, NULL, variables};
  if (variables >= first_auxiliary) {
    w.group_of_auxiliary = malloc((size_t)(variables - first_auxiliary + 1) * sizeof(int));
    if (!w.group_of_auxiliary)
      return NQ_ERR_MEMORY;
    for (int v = first_auxiliary; v <= variables; v++)
      w.group_of_auxiliary[v - first_auxiliary] = -1;
  }
  nq_clause_sink sink = {&w, on_clause};
  static const char *const lists[] = {"groups", "groupStart", "clauses"};
  for (w.pass = 0; w.pass < 3 && status == NQ_OK; w.pass++) {
    w.clauses = w.groups = w.items = 0;
    markup_printf(out, ",\"%s\":[", lists[w.pass]);
    status = nq_encoder_generate_explained(encoding, &sink, on_group);
    markup_put(out, "]");
  }
  markup_put(out, ",\"aux\":[");
  w.items = 0;
  for (int v = first_auxiliary; v <= variables; v++)
    list_number(&w, w.group_of_auxiliary[v - first_auxiliary]);
  markup_put(out, "],\"squares\":[");
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
  free(w.group_of_auxiliary);
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
