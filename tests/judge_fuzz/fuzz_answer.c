/* Answers, their mutations and their truth for the judge fuzzer (see
 * fuzz_answer.h). */
#include "fuzz_answer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const mutation_names[MUTATION_KINDS] = {
    "none",     "drop",         "duplicate",     "partial-copy", "outside-projection",
    "flip",     "both-values",  "count-edit",    "count-add",    "end-add",
    "end-move", "extra-clause", "forged-header", "reorder",      "gzip"};
static const char *const style_names[STYLE_COUNT] = {"competition", "minisat", "picosat-all",
                                                     "nqsat-all",   "mc",      "mcc"};

const char *fuzz_mutation_name(fuzz_mutation mutation) { return mutation_names[mutation]; }
const char *fuzz_style_name(fuzz_style style) { return style_names[style]; }

static int is_list(fuzz_style style) {
  return style == STYLE_PICOSAT_ALL || style == STYLE_NQSAT_ALL;
}
static int is_single(fuzz_style style) {
  return style == STYLE_COMPETITION || style == STYLE_MINISAT;
}
static int is_count(fuzz_style style) { return style == STYLE_MC || style == STYLE_MCC; }

int fuzz_style_fits(fuzz_style style, const fuzz_formula *formula) {
  if (style == STYLE_PICOSAT_ALL)
    return !formula->has_projection && formula->model_count <= FUZZ_MAX_MODELS;
  if (style == STYLE_NQSAT_ALL)
    return formula->projected_count <= FUZZ_MAX_MODELS;
  return 1;
}

static uint64_t need_mask(const fuzz_formula *formula) { return formula->projection; }

static fuzz_model full_model(uint64_t values, const fuzz_formula *formula) {
  fuzz_model model = {values, fuzz_all_variables(formula->variables), 0, 0};
  return model;
}

void fuzz_answer_right(fuzz_answer *answer, fuzz_style style, const fuzz_formula *formula,
                       fuzz_rng *rng) {
  memset(answer, 0, sizeof *answer);
  answer->style = style;
  answer->satisfiable = formula->projected_count > 0;
  if (is_single(style) && formula->model_count) {
    answer->models[0] = full_model(formula->models[fuzz_below(rng, formula->model_count)], formula);
    if (fuzz_below(rng, 2))
      answer->models[0].given = formula->occurring; /* as solvers print it */
    answer->model_count = 1;
  } else if (style == STYLE_PICOSAT_ALL) {
    for (size_t i = 0; i < formula->model_count; i++)
      answer->models[answer->model_count++] = full_model(formula->models[i], formula);
  } else if (style == STYLE_NQSAT_ALL) {
    /* One witness per projected model, picked at random among its
     * extensions: walk the models from a random start. */
    size_t start = formula->model_count ? fuzz_below(rng, formula->model_count) : 0;
    for (size_t k = 0; k < formula->model_count; k++) {
      uint64_t values = formula->models[(start + k) % formula->model_count];
      int seen = 0;
      for (int m = 0; m < answer->model_count && !seen; m++)
        seen = ((answer->models[m].values ^ values) & formula->projection) == 0;
      if (!seen)
        answer->models[answer->model_count++] = full_model(values, formula);
    }
  }
  snprintf(answer->count, sizeof answer->count, "%llu",
           (unsigned long long)(is_list(style) ? (uint64_t)answer->model_count
                                               : formula->projected_count));
  answer->end_at = answer->model_count;
}

/* ---- the truth ---- */

/* A model must give every projected variable that occurs in a clause
 * (one that occurs in none takes either value: solvers leave it out) and
 * satisfy every clause. 1 right, 0 wrong, -1 undecided here (a variable
 * outside the projection left out: never made by a mutation). */
static int model_is_right(const fuzz_model *model, const fuzz_formula *formula) {
  if (model->both)
    return 0;
  uint64_t need = need_mask(formula) & formula->occurring;
  if ((model->given & need) != need)
    return 0; /* partial on the projection */
  if ((model->given & formula->occurring) != formula->occurring)
    return -1;
  return fuzz_formula_satisfies(formula, model->values);
}

int fuzz_answer_is_right(const fuzz_answer *answer, const fuzz_formula *formula) {
  if (answer->extra_end || answer->contradiction || answer->extra_count[0])
    return 0;
  for (int m = 0; m < answer->model_count; m++) {
    int right = model_is_right(&answer->models[m], formula);
    if (right <= 0)
      return right;
    for (int other = 0; other < m; other++)
      if (((answer->models[m].values ^ answer->models[other].values) & formula->projection) == 0)
        return 0; /* the same model twice on the projection */
  }
  char truth[32];
  snprintf(truth, sizeof truth, "%llu", (unsigned long long)formula->projected_count);
  int satisfiable = formula->projected_count > 0;
  if (answer->satisfiable != satisfiable)
    return 0;
  if (is_single(answer->style))
    return answer->model_count == (satisfiable ? 1 : 0);
  if (is_list(answer->style))
    return answer->end_at == answer->model_count && !strcmp(answer->count, truth) &&
           (uint64_t)answer->model_count == formula->projected_count;
  return !strcmp(answer->count, truth) && answer->model_count == 0;
}

/* ---- mutations ---- */

static int random_variable_in(uint64_t mask, fuzz_rng *rng) {
  int candidates[64], count = 0;
  for (int v = 0; v < 64; v++)
    if ((mask >> v) & 1)
      candidates[count++] = v + 1;
  return count ? candidates[fuzz_below(rng, (uint64_t)count)] : 0;
}

static void insert_model(fuzz_answer *answer, const fuzz_model *model, fuzz_rng *rng) {
  int at = (int)fuzz_below(rng, (uint64_t)answer->model_count + 1);
  memmove(&answer->models[at + 1], &answer->models[at],
          (size_t)(answer->model_count - at) * sizeof *answer->models);
  answer->models[at] = *model;
  answer->model_count++;
  answer->end_at = answer->model_count;
}

static void add_to_count(fuzz_answer *answer, int delta) {
  unsigned long long value = strtoull(answer->count, NULL, 10);
  snprintf(answer->count, sizeof answer->count, "%llu", value + (unsigned long long)delta);
}

/* A wrong count: +1, -1, doubled plus one, or past 2^64. */
static void wrong_count(char *text, size_t size, uint64_t truth, fuzz_rng *rng) {
  switch (fuzz_below(rng, 4)) {
  case 0: snprintf(text, size, "%llu", (unsigned long long)truth + 1); break;
  case 1: snprintf(text, size, "%llu", (unsigned long long)(truth ? truth - 1 : 2)); break;
  case 2: snprintf(text, size, "%llu", (unsigned long long)truth * 2 + 1); break;
  default: {
    /* truth + 2^64, in decimal: 18446744073709551616 + truth (truth < 10^6). */
    unsigned long long low = 709551616ull + truth;
    snprintf(text, size, "18446744073%09llu", low % 1000000000ull);
    if (low >= 1000000000ull)
      snprintf(text, size, "18446744074%09llu", low % 1000000000ull);
  }
  }
}

int fuzz_mutate(fuzz_answer *answer, fuzz_formula *formula, fuzz_mutation mutation, fuzz_rng *rng) {
  int models = answer->model_count;
  int pick = models ? (int)fuzz_below(rng, (uint64_t)models) : 0;
  uint64_t outside = fuzz_all_variables(formula->variables) & ~formula->projection;
  switch (mutation) {
  case MUTATION_NONE: return 1;
  case MUTATION_DROP:
    if (!models || is_count(answer->style))
      return 0;
    memmove(&answer->models[pick], &answer->models[pick + 1],
            (size_t)(models - pick - 1) * sizeof *answer->models);
    answer->model_count--;
    answer->end_at = answer->model_count;
    if (is_list(answer->style) && fuzz_below(rng, 2))
      add_to_count(answer, -1); /* the count agrees with the shorter list */
    return 1;
  case MUTATION_DUPLICATE:
  case MUTATION_PARTIAL_COPY:
  case MUTATION_OUTSIDE_PROJECTION: {
    if (!models || answer->model_count >= FUZZ_MAX_MODELS)
      return 0;
    fuzz_model copy = answer->models[pick];
    if (mutation == MUTATION_PARTIAL_COPY) {
      int variable = random_variable_in(need_mask(formula) & formula->occurring, rng);
      if (!variable)
        return 0;
      copy.given &= ~(1ull << (variable - 1));
    } else if (mutation == MUTATION_OUTSIDE_PROJECTION) {
      if (!formula->has_projection || !outside)
        return 0;
      copy.values ^= 1ull << (random_variable_in(outside, rng) - 1);
    }
    if (mutation != MUTATION_DUPLICATE && is_single(answer->style)) {
      answer->models[pick] = copy; /* one model: changed, not added */
      return 1;
    }
    insert_model(answer, &copy, rng);
    if (is_list(answer->style) && fuzz_below(rng, 2))
      add_to_count(answer, 1);
    return 1;
  }
  case MUTATION_FLIP:
  case MUTATION_BOTH_VALUES: {
    if (!models)
      return 0;
    fuzz_model *model = &answer->models[pick];
    int variable = random_variable_in(model->given, rng);
    if (!variable)
      return 0;
    if (mutation == MUTATION_FLIP)
      model->values ^= 1ull << (variable - 1);
    else
      model->both |= 1ull << (variable - 1);
    return 1;
  }
  case MUTATION_COUNT_EDIT:
    if (is_single(answer->style))
      return 0;
    wrong_count(answer->count, sizeof answer->count, strtoull(answer->count, NULL, 10), rng);
    return 1;
  case MUTATION_COUNT_ADD:
    wrong_count(answer->extra_count, sizeof answer->extra_count, formula->projected_count, rng);
    return 1;
  case MUTATION_END_ADD:
    /* A status line against the claim where there is no closing line to
     * repeat (one model, nqsat's UNSATISFIABLE list). */
    if (is_single(answer->style) ||
        (answer->style == STYLE_NQSAT_ALL && !answer->satisfiable && !strcmp(answer->count, "0")))
      answer->contradiction = 1;
    else
      answer->extra_end = 1;
    return 1;
  case MUTATION_END_MOVE:
    if (!is_list(answer->style) || !models)
      return 0;
    answer->end_at = pick;
    return 1;
  case MUTATION_EXTRA_CLAUSE: {
    /* A clause one model falsifies: the negation of 1..3 of its values. */
    uint64_t values = models                 ? answer->models[pick].values
                      : formula->model_count ? formula->models[0]
                                             : fuzz_next(rng);
    int clause[3], size = 1 + (int)fuzz_below(rng, 3);
    for (int k = 0; k < size; k++) {
      int variable = 1 + (int)fuzz_below(rng, (uint64_t)formula->variables);
      clause[k] = ((values >> (variable - 1)) & 1) ? -variable : variable;
    }
    fuzz_formula_add_clause(formula, clause, size);
    return 1;
  }
  case MUTATION_FORGED_HEADER:
    if (formula->queens_n)
      return 0;
    fuzz_formula_set_header(formula,
                            "c t mc\nc generator: nqsat 0.1.0\nc problem: 4-queens\nc N: 4\n"
                            "c encoding: at-most-one pairwise\n"
                            "c models: parsimonious, exactly one model per board\n"
                            "c command: nqsat encode 4\n");
    if (is_count(answer->style) && fuzz_below(rng, 2))
      snprintf(answer->count, sizeof answer->count, "2"); /* 4-Queens' count */
    return 1;
  case MUTATION_REORDER:
    if (!models)
      return 0;
    for (int m = models - 1; m > 0; m--) {
      int other = (int)fuzz_below(rng, (uint64_t)m + 1);
      fuzz_model swap = answer->models[m];
      answer->models[m] = answer->models[other];
      answer->models[other] = swap;
    }
    for (int m = 0; m < models; m++)
      answer->models[m].reversed = (int)fuzz_below(rng, 2);
    return 1;
  case MUTATION_GZIP: return 1; /* the caller compresses the text */
  case MUTATION_KINDS: break;
  }
  return 0;
}

/* ---- text ---- */

typedef struct text_buffer {
  char *data;
  size_t length, capacity;
} text_buffer;

static void append(text_buffer *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

#include <stdarg.h>
static void append(text_buffer *text, const char *format, ...) {
  for (;;) {
    va_list arguments;
    va_start(arguments, format);
    size_t room = text->capacity - text->length;
    int written = vsnprintf(text->data + text->length, room, format, arguments);
    va_end(arguments);
    if (written >= 0 && (size_t)written < room) {
      text->length += (size_t)written;
      return;
    }
    text->capacity = text->capacity * 2 + (size_t)written + 64;
    text->data = realloc(text->data, text->capacity);
    if (!text->data) {
      fprintf(stderr, "judge_fuzz: out of memory\n");
      exit(2);
    }
  }
}

static void append_literals(text_buffer *text, const fuzz_model *model, int variables) {
  for (int k = 0; k < variables; k++) {
    int v = model->reversed ? variables - k : k + 1;
    uint64_t bit = 1ull << (v - 1);
    if (model->given & bit)
      append(text, " %s%d", (model->values & bit) ? "" : "-", v);
    if (model->both & bit)
      append(text, " %s%d", (model->values & bit) ? "-" : "", v);
  }
  append(text, " 0\n");
}

static void append_closing(text_buffer *text, const fuzz_answer *answer, int projected) {
  switch (answer->style) {
  case STYLE_PICOSAT_ALL: append(text, "s SOLUTIONS %s\n", answer->count); break;
  case STYLE_NQSAT_ALL: append(text, "c %s models\n", answer->count); break;
  case STYLE_MC: append(text, "s %s %s\n", projected ? "pmc" : "mc", answer->count); break;
  case STYLE_MCC: append(text, "c s exact arb int %s\n", answer->count); break;
  default: break;
  }
}

char *fuzz_answer_text(const fuzz_answer *answer, const fuzz_formula *formula) {
  text_buffer text = {NULL, 0, 0};
  append(&text, "c judge_fuzz answer (%s)\n", fuzz_style_name(answer->style));
  int variables = formula->variables;
  int projected = formula->has_projection;
  switch (answer->style) {
  case STYLE_COMPETITION:
  case STYLE_MINISAT: {
    int minisat = answer->style == STYLE_MINISAT;
    append(&text, "%s\n",
           answer->satisfiable ? (minisat ? "SAT" : "s SATISFIABLE")
                               : (minisat ? "UNSAT" : "s UNSATISFIABLE"));
    for (int m = 0; m < answer->model_count; m++) {
      if (!minisat)
        append(&text, "v");
      append_literals(&text, &answer->models[m], variables);
    }
    break;
  }
  case STYLE_PICOSAT_ALL:
  case STYLE_NQSAT_ALL:
    if (answer->style == STYLE_NQSAT_ALL || !answer->satisfiable)
      append(&text, "%s\n", answer->satisfiable ? "s SATISFIABLE" : "s UNSATISFIABLE");
    for (int m = 0; m < answer->model_count; m++) {
      if (m == answer->end_at)
        append_closing(&text, answer, projected);
      if (answer->style == STYLE_PICOSAT_ALL)
        append(&text, "s SATISFIABLE\n");
      append(&text, "v");
      append_literals(&text, &answer->models[m], variables);
    }
    if (answer->end_at == answer->model_count &&
        (answer->satisfiable || answer->style == STYLE_PICOSAT_ALL || strcmp(answer->count, "0")))
      append_closing(&text, answer, projected);
    break;
  case STYLE_MC: append_closing(&text, answer, projected); break;
  case STYLE_MCC: {
    double count = strtod(answer->count, NULL);
    append(&text, "s %s\nc s type %s\n", count > 0 ? "SATISFIABLE" : "UNSATISFIABLE",
           projected ? "pmc" : "mc");
    if (count > 0)
      append(&text, "c s log10-estimate %.15g\n", log10(count));
    else
      append(&text, "c s log10-estimate -inf\n");
    /* The count again as a floating-point counter writes it, all its
     * digits held (counts here are below 2^53). */
    append(&text, "c s exact double prec-sci %.15e\n", count);
    append_closing(&text, answer, projected);
    break;
  }
  case STYLE_COUNT: break;
  }
  if (answer->contradiction)
    append(&text, "%s\n",
           answer->satisfiable ? (answer->style == STYLE_MINISAT ? "UNSAT" : "s UNSATISFIABLE")
                               : "s SATISFIABLE");
  if (answer->extra_end)
    append_closing(&text, answer, projected);
  /* Another count line: for the MCC style in the float form, so that a
   * float claim against the exact one beside it is tried too. */
  if (answer->extra_count[0] && answer->style == STYLE_MCC)
    append(&text, "c s exact double float %s.0\n", answer->extra_count);
  else if (answer->extra_count[0])
    append(&text, "c s exact arb int %s\n", answer->extra_count);
  return text.data;
}
