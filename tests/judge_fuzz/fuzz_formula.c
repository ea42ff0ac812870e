/* Formulas and their truth for the judge fuzzer (see fuzz_formula.h). */
#include "fuzz_formula.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t fuzz_next(fuzz_rng *rng) {
  /* splitmix64 (Steele, Lea, Flood 2014). */
  uint64_t z = (rng->state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t fuzz_below(fuzz_rng *rng, uint64_t bound) { return fuzz_next(rng) % bound; }

uint64_t fuzz_all_variables(int variables) {
  return variables >= 64 ? ~0ull : (1ull << variables) - 1;
}

static void *checked(void *memory) {
  if (!memory) {
    fprintf(stderr, "judge_fuzz: out of memory\n");
    exit(2);
  }
  return memory;
}

int fuzz_formula_satisfies(const fuzz_formula *formula, uint64_t assignment) {
  int satisfied = 0;
  for (size_t i = 0; i < formula->literal_count; i++) {
    int literal = formula->literals[i];
    if (literal == 0) {
      if (!satisfied)
        return 0;
      satisfied = 0;
      continue;
    }
    int variable = literal > 0 ? literal : -literal;
    int value = (int)((assignment >> (variable - 1)) & 1);
    satisfied |= value == (literal > 0);
  }
  return 1;
}

static int compare_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

void fuzz_formula_find_occurring(fuzz_formula *formula) {
  formula->occurring = 0;
  for (size_t i = 0; i < formula->literal_count; i++)
    if (formula->literals[i])
      formula->occurring |= 1ull << (abs(formula->literals[i]) - 1);
}

/* Distinct models on the projection. */
static void count_projected(fuzz_formula *formula) {
  fuzz_formula_find_occurring(formula);
  uint64_t *keys = checked(malloc((formula->model_count + 1) * sizeof *keys));
  for (size_t i = 0; i < formula->model_count; i++)
    keys[i] = formula->models[i] & formula->projection;
  qsort(keys, formula->model_count, sizeof *keys, compare_u64);
  uint64_t distinct = 0;
  for (size_t i = 0; i < formula->model_count; i++)
    distinct += i == 0 || keys[i] != keys[i - 1];
  formula->projected_count = distinct;
  free(keys);
}

static void brute_force(fuzz_formula *formula) {
  uint64_t total = 1ull << formula->variables;
  formula->models = checked(malloc(total * sizeof *formula->models));
  formula->model_count = 0;
  for (uint64_t assignment = 0; assignment < total; assignment++)
    if (fuzz_formula_satisfies(formula, assignment))
      formula->models[formula->model_count++] = assignment;
  count_projected(formula);
}

void fuzz_formula_random(fuzz_formula *formula, fuzz_rng *rng) {
  memset(formula, 0, sizeof *formula);
  int variables = 3 + (int)fuzz_below(rng, 10);
  /* Variables past `used` occur in no clause half the time. */
  int used = fuzz_below(rng, 2) ? variables - 1 - (int)fuzz_below(rng, 2) : variables;
  int clauses = used / 2 + (int)fuzz_below(rng, (uint64_t)(2 * used));
  formula->variables = variables;
  formula->clause_count = clauses;
  formula->literals = checked(malloc((size_t)clauses * 4 * sizeof *formula->literals));
  for (int c = 0; c < clauses; c++) {
    int size = 1 + (int)fuzz_below(rng, 3);
    if (size == 1 && fuzz_below(rng, 3))
      size = 2; /* few units: they leave few models */
    for (int k = 0; k < size; k++) {
      int variable = 1 + (int)fuzz_below(rng, (uint64_t)used);
      formula->literals[formula->literal_count++] = fuzz_below(rng, 2) ? variable : -variable;
    }
    formula->literals[formula->literal_count++] = 0;
  }
  formula->projection = fuzz_all_variables(variables);
  if (fuzz_below(rng, 2)) {
    formula->has_projection = 1;
    formula->projection = 0;
    while (!formula->projection)
      formula->projection = fuzz_next(rng) & fuzz_all_variables(variables);
  }
  formula->header = checked(calloc(1, 1));
  brute_force(formula);
}

/* Boards by placing queens row by row: an independent count. */
static void place(fuzz_formula *formula, int n, int row, int *columns) {
  if (row == n) {
    uint64_t assignment = 0;
    for (int r = 0; r < n; r++)
      assignment |= 1ull << (r * n + columns[r]);
    formula->models[formula->model_count++] = assignment;
    return;
  }
  for (int c = 0; c < n; c++) {
    int free_square = 1;
    for (int r = 0; r < row && free_square; r++)
      free_square = columns[r] != c && abs(columns[r] - c) != row - r;
    if (free_square) {
      columns[row] = c;
      place(formula, n, row + 1, columns);
    }
  }
}

int fuzz_formula_queens(fuzz_formula *formula, const char *text, int n) {
  /* A000170(4..7), typed in from OEIS. */
  static const uint64_t oeis[] = {0, 1, 0, 0, 2, 10, 4, 40};
  memset(formula, 0, sizeof *formula);
  const char *header_line = strstr(text, "p cnf ");
  if (!header_line || n < 4 || n > 7)
    return fprintf(stderr, "judge_fuzz: no 'p cnf' in nqsat encode %d\n", n), -1;
  formula->header = checked(malloc((size_t)(header_line - text) + 1));
  memcpy(formula->header, text, (size_t)(header_line - text));
  formula->header[header_line - text] = 0;
  int variables = 0, clauses = 0;
  if (sscanf(header_line, "p cnf %d %d", &variables, &clauses) != 2 || variables != n * n)
    return fprintf(stderr, "judge_fuzz: nqsat encode %d: %d variables\n", n, variables), -1;
  formula->variables = variables;
  formula->clause_count = clauses;
  formula->queens_n = n;
  size_t capacity = 1024;
  formula->literals = checked(malloc(capacity * sizeof *formula->literals));
  const char *line = strchr(header_line, '\n');
  while (line && *++line) {
    const char *line_end = strchr(line, '\n');
    if (!line_end)
      line_end = line + strlen(line);
    if (*line != 'c') {
      const char *at = line;
      char *end;
      while (at < line_end) {
        long literal = strtol(at, &end, 10);
        if (end == at || end > line_end)
          break;
        if (formula->literal_count == capacity)
          formula->literals =
              checked(realloc(formula->literals, (capacity *= 2) * sizeof *formula->literals));
        formula->literals[formula->literal_count++] = (int)literal;
        at = end;
      }
    }
    line = *line_end ? line_end : NULL;
  }
  formula->has_projection = 0;
  formula->projection = fuzz_all_variables(variables);
  formula->models = checked(malloc(1024 * sizeof *formula->models));
  int columns[8];
  place(formula, n, 0, columns);
  if (formula->model_count != oeis[n])
    return fprintf(stderr, "judge_fuzz: %zu boards of %d, OEIS says %llu\n", formula->model_count,
                   n, (unsigned long long)oeis[n]),
           -1;
  for (size_t i = 0; i < formula->model_count; i++)
    if (!fuzz_formula_satisfies(formula, formula->models[i]))
      return fprintf(stderr, "judge_fuzz: a board of %d falsifies nqsat encode %d\n", n, n), -1;
  count_projected(formula);
  return 0;
}

void fuzz_formula_add_clause(fuzz_formula *formula, const int *clause, int size) {
  formula->literals = checked(realloc(
      formula->literals, (formula->literal_count + (size_t)size + 1) * sizeof *formula->literals));
  for (int k = 0; k < size; k++)
    formula->literals[formula->literal_count++] = clause[k];
  formula->literals[formula->literal_count++] = 0;
  formula->clause_count++;
  size_t kept = 0;
  for (size_t i = 0; i < formula->model_count; i++)
    if (fuzz_formula_satisfies(formula, formula->models[i]))
      formula->models[kept++] = formula->models[i];
  formula->model_count = kept;
  count_projected(formula);
}

void fuzz_formula_set_header(fuzz_formula *formula, const char *header) {
  free(formula->header);
  formula->header = checked(strdup(header));
}

char *fuzz_formula_text(const fuzz_formula *formula) {
  size_t size = strlen(formula->header) + 64 + formula->literal_count * 4 + 4 * 64;
  char *text = checked(malloc(size));
  size_t at = (size_t)snprintf(text, size, "%s", formula->header);
  if (formula->has_projection) {
    at += (size_t)snprintf(text + at, size - at, "c p show");
    for (int v = 1; v <= formula->variables; v++)
      if ((formula->projection >> (v - 1)) & 1)
        at += (size_t)snprintf(text + at, size - at, " %d", v);
    at += (size_t)snprintf(text + at, size - at, " 0\n");
  }
  at += (size_t)snprintf(text + at, size - at, "p cnf %d %d\n", formula->variables,
                         formula->clause_count);
  for (size_t i = 0; i < formula->literal_count; i++)
    at += (size_t)snprintf(text + at, size - at, formula->literals[i] ? "%d " : "0\n",
                           formula->literals[i]);
  return text;
}

void fuzz_formula_copy(fuzz_formula *copy, const fuzz_formula *formula) {
  *copy = *formula;
  copy->literals = checked(malloc((formula->literal_count + 1) * sizeof *copy->literals));
  memcpy(copy->literals, formula->literals, formula->literal_count * sizeof *copy->literals);
  copy->models = checked(malloc((formula->model_count + 1) * sizeof *copy->models));
  memcpy(copy->models, formula->models, formula->model_count * sizeof *copy->models);
  copy->header = checked(strdup(formula->header));
}

void fuzz_formula_free(fuzz_formula *formula) {
  free(formula->literals);
  free(formula->models);
  free(formula->header);
  memset(formula, 0, sizeof *formula);
}
