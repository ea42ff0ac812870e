/* The DIMACS reader and CNF enumeration.
 *  - fixtures in DIR/valid (EXPECTED: sizes, projection, satisfiability) and
 *    DIR/malformed (EXPECTED: the line and text of each error), read both
 *    from the file and from memory;
 *  - gzip in memory: whole, truncated, corrupt, and with trailing garbage;
 *  - nqsat header lines and the shuffle map;
 *  - projected model counts against a brute-force count over every
 *    assignment of small random formulas (fixed seed).
 * usage: test_solver_cnf DATA_DIR */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "check.h"
#include "nqsat/cnf.h"
#include "nqsat/solver.h"

static char *slurp(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  char *data = NULL;
  size_t used = 0, capacity = 0;
  for (;;) {
    if (used == capacity) {
      capacity = capacity ? 2 * capacity : 4096;
      data = realloc(data, capacity);
    }
    size_t got = fread(data + used, 1, capacity - used, file);
    used += got;
    if (!got)
      break;
  }
  fclose(file);
  *size = used;
  return data;
}

/* The model must satisfy every clause. */
static int check_model(void *context, const signed char *compact, const int *file_variables,
                       int count) {
  const nq_cnf *cnf = context;
  int variables = cnf->max_variable;
  signed char *values = calloc((size_t)variables + 1, 1);
  for (int i = 1; i <= count; i++)
    values[file_variables[i]] = compact[i];
  int clause_true = 0;
  for (size_t i = 0; i < cnf->literal_count; i++) {
    int literal = cnf->literals[i];
    if (!literal) {
      CHECK(clause_true, "model violates the clause ending at literal %zu", i);
      clause_true = 0;
    } else if (abs(literal) <= variables) {
      clause_true |= literal > 0 ? values[literal] : !values[-literal];
    }
  }
  free(values);
  return 0;
}

static int satisfiable(const nq_cnf *cnf) {
  nq_enumeration result;
  CHECK(nq_solver_enumerate_cnf(cnf, 1, NULL, check_model, (void *)cnf, &result) == NQ_OK, "solve");
  return result.solutions > 0;
}

static void valid_fixtures(const char *dir) {
  char path[1024], name[256];
  snprintf(path, sizeof path, "%s/valid/EXPECTED", dir);
  FILE *table = fopen(path, "r");
  CHECK(table != NULL, "%s", path);
  if (!table)
    return;
  char line[512];
  int files = 0;
  while (fgets(line, sizeof line, table)) {
    long variables, clauses, literals, projection;
    int sat;
    if (line[0] == '#' || sscanf(line, "%255s %ld %ld %ld %ld %d", name, &variables, &clauses,
                                 &literals, &projection, &sat) != 6)
      continue;
    files++;
    snprintf(path, sizeof path, "%s/valid/%s", dir, name);
    size_t size;
    char *data = slurp(path, &size);
    for (int from_memory = 0; from_memory < 2; from_memory++) {
      nq_cnf *cnf = NULL;
      char error[512] = "";
      nq_status status = from_memory
                             ? nq_cnf_read_memory(data, size, name, &cnf, error, sizeof error)
                             : nq_cnf_read_path(path, &cnf, error, sizeof error);
      CHECK(status == NQ_OK, "%s (memory %d): %s", name, from_memory, error);
      if (!cnf)
        continue;
      long nonzero = 0;
      for (size_t i = 0; i < cnf->literal_count; i++)
        nonzero += cnf->literals[i] != 0;
      CHECK(cnf->variables == variables, "%s: %d variables", name, cnf->variables);
      CHECK(cnf->clause_count == clauses, "%s: %lld clauses", name, (long long)cnf->clause_count);
      CHECK(nonzero == literals, "%s: %ld literals", name, nonzero);
      CHECK(projection < 0 ? !cnf->has_projection
                           : cnf->has_projection && (long)cnf->projection_count == projection,
            "%s: projection %d/%zu", name, cnf->has_projection, cnf->projection_count);
      CHECK(satisfiable(cnf) == sat, "%s: satisfiable should be %d", name, sat);
      nq_cnf_free(cnf);
    }
    free(data);
  }
  fclose(table);
  CHECK(files >= 9, "only %d valid fixtures", files);
}

static void malformed_fixtures(const char *dir) {
  char path[1024], name[256], expected[1100], text[256];
  snprintf(path, sizeof path, "%s/malformed/EXPECTED", dir);
  FILE *table = fopen(path, "r");
  CHECK(table != NULL, "%s", path);
  if (!table)
    return;
  char line[512];
  int files = 0;
  while (fgets(line, sizeof line, table)) {
    long line_number;
    int consumed = 0;
    if (line[0] == '#' || sscanf(line, "%255s %ld %n", name, &line_number, &consumed) != 2)
      continue;
    snprintf(text, sizeof text, "%s", line + consumed);
    text[strcspn(text, "\n")] = '\0';
    files++;
    snprintf(path, sizeof path, "%s/malformed/%s", dir, name);
    size_t size;
    char *data = slurp(path, &size);
    for (int from_memory = 0; from_memory < 2; from_memory++) {
      nq_cnf *cnf = NULL;
      char error[512] = "";
      const char *shown = from_memory ? name : path;
      nq_status status = from_memory
                             ? nq_cnf_read_memory(data, size, name, &cnf, error, sizeof error)
                             : nq_cnf_read_path(path, &cnf, error, sizeof error);
      snprintf(expected, sizeof expected, "%s:%ld: ", shown, line_number);
      CHECK(status == NQ_ERR_PARSE && cnf == NULL, "%s accepted", name);
      CHECK(!strncmp(error, expected, strlen(expected)) && strstr(error, text),
            "%s: error '%s', expected '%s%s'", name, error, expected, text);
    }
    free(data);
  }
  fclose(table);
  CHECK(files >= 20, "only %d malformed fixtures", files);
}

/* gzip-compresses `text` in memory (deflate with the gzip wrapper). */
static unsigned char *gzip_text(const char *text, size_t *size) {
  z_stream z;
  memset(&z, 0, sizeof z);
  deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  size_t capacity = deflateBound(&z, strlen(text)) + 64;
  unsigned char *out = malloc(capacity);
  z.next_in = (unsigned char *)text;
  z.avail_in = (uInt)strlen(text);
  z.next_out = out;
  z.avail_out = (uInt)capacity;
  deflate(&z, Z_FINISH);
  *size = capacity - z.avail_out;
  deflateEnd(&z);
  return out;
}

static void gzip_in_memory(void) {
  const char *text = "c compressed\np cnf 3 2\n1 2 0\n-1 3 0\n";
  size_t size;
  unsigned char *packed = gzip_text(text, &size);
  nq_cnf *cnf = NULL;
  char error[512] = "";
  CHECK(nq_cnf_read_memory(packed, size, "x.cnf", &cnf, error, sizeof error) == NQ_OK, "%s", error);
  CHECK(cnf && cnf->clause_count == 2 && cnf->literal_count == 6, "gzip content");
  nq_cnf_free(cnf);

  /* Two members, as `cat a.gz b.gz` makes: read as one text. */
  size_t first_size, second_size;
  unsigned char *first = gzip_text("p cnf 2 2\n1 0\n", &first_size);
  unsigned char *second = gzip_text("2 0\n", &second_size);
  unsigned char *both = malloc(first_size + second_size + 1);
  memcpy(both, first, first_size);
  memcpy(both + first_size, second, second_size);
  CHECK(nq_cnf_read_memory(both, first_size + second_size, "two", &cnf, error, sizeof error) ==
            NQ_OK,
        "two members: %s", error);
  nq_cnf_free(cnf);
  both[first_size + second_size] = 'x';
  CHECK(nq_cnf_read_memory(both, first_size + second_size + 1, "tail", &cnf, error, sizeof error) ==
                NQ_ERR_PARSE &&
            strstr(error, "after the end of the gzip stream"),
        "trailing garbage: %s", error);
  free(first);
  free(second);
  free(both);

  for (size_t cut = 2; cut < size; cut += 3) {
    cnf = NULL;
    CHECK(nq_cnf_read_memory(packed, cut, "cut.gz", &cnf, error, sizeof error) == NQ_ERR_PARSE &&
              cnf == NULL,
          "truncated at %zu accepted", cut);
  }
  CHECK(strstr(error, "gzip") != NULL, "truncation message: %s", error);
  packed[size / 2] ^= 0x55;
  packed[size / 2 + 1] ^= 0x55;
  CHECK(nq_cnf_read_memory(packed, size, "bad.gz", &cnf, error, sizeof error) == NQ_ERR_PARSE,
        "corrupt gzip accepted");
  free(packed);
}

static void nqsat_header(void) {
  const char *plain = "c generator: nqsat 0.1.0\nc N: 2\np cnf 4 1\n1 0\n";
  nq_cnf *cnf = NULL;
  char error[512] = "";
  CHECK(nq_cnf_read_memory(plain, strlen(plain), "p", &cnf, error, sizeof error) == NQ_OK, "%s",
        error);
  CHECK(cnf && cnf->queens_n == 2 && cnf->queen_variables[3] == 4, "identity map");
  nq_cnf_free(cnf);
  const char *shuffled =
      "c generator: nqsat 0.1.0\nc N: 2\nc nqsat map 1 4 4 1\nc nqsat map 2 3 3 2\np cnf 5 0\n";
  CHECK(nq_cnf_read_memory(shuffled, strlen(shuffled), "s", &cnf, error, sizeof error) == NQ_OK,
        "%s", error);
  CHECK(cnf && cnf->queen_variables[0] == 4 && cnf->queen_variables[1] == 3 &&
            cnf->queen_variables[2] == 2 && cnf->queen_variables[3] == 1,
        "shuffled map");
  nq_cnf_free(cnf);
  const char *clash = "c generator: nqsat 0.1.0\nc N: 2\nc nqsat map 1 2\np cnf 4 0\n";
  CHECK(nq_cnf_read_memory(clash, strlen(clash), "c", &cnf, error, sizeof error) == NQ_ERR_PARSE &&
            strstr(error, "c:3: "),
        "map giving one variable to two queens: %s", error);
  const char *foreign = "c N: 3\np cnf 9 0\n"; /* no generator line: not ours */
  CHECK(nq_cnf_read_memory(foreign, strlen(foreign), "f", &cnf, error, sizeof error) == NQ_OK &&
            cnf->queens_n == 0,
        "foreign N line");
  nq_cnf_free(cnf);
}

/* Projected counts against brute force, on random small formulas. */
static unsigned long long rng_state = 42;
static unsigned next_random(void) {
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)(rng_state >> 33);
}

static void projected_counts(void) {
  enum { VARIABLES = 10 };
  for (int round = 0; round < 60; round++) {
    char text[8192];
    int clauses = 5 + (int)(next_random() % 30);
    int projection[VARIABLES], projected = 0, declared = round % 3 != 0;
    size_t used = 0;
    if (declared) {
      used += (size_t)snprintf(text + used, sizeof text - used, "c ind");
      for (int v = 1; v <= VARIABLES; v++)
        if (next_random() % 2) {
          projection[projected++] = v;
          used += (size_t)snprintf(text + used, sizeof text - used, " %d", v);
        }
      used += (size_t)snprintf(text + used, sizeof text - used, " 0\n");
    }
    used += (size_t)snprintf(text + used, sizeof text - used, "p cnf %d %d\n", VARIABLES, clauses);
    int formula[64][4];
    for (int c = 0; c < clauses; c++) {
      for (int k = 0; k < 3; k++) {
        int v = 1 + (int)(next_random() % VARIABLES);
        formula[c][k] = next_random() % 2 ? v : -v;
        used += (size_t)snprintf(text + used, sizeof text - used, "%d ", formula[c][k]);
      }
      used += (size_t)snprintf(text + used, sizeof text - used, "0\n");
    }
    /* No projection line: every declared variable, by the model-counting
     * convention (one that no clause mentions doubles the count). */
    if (!declared)
      for (int v = 1; v <= VARIABLES; v++)
        projection[projected++] = v;
    int unused = 0;
    for (int i = 0; i < projected; i++) {
      int occurs = 0;
      for (int c = 0; c < clauses && !occurs; c++)
        for (int k = 0; k < 3; k++)
          occurs |= abs(formula[c][k]) == projection[i];
      unused += !occurs;
    }
    /* Brute force: the distinct projections of satisfying assignments. */
    static unsigned char seen[1 << VARIABLES];
    memset(seen, 0, sizeof seen);
    unsigned long long expected = 0;
    for (unsigned assignment = 0; assignment < (1u << VARIABLES); assignment++) {
      int ok = 1;
      for (int c = 0; c < clauses && ok; c++) {
        int clause_true = 0;
        for (int k = 0; k < 3; k++) {
          int v = abs(formula[c][k]);
          int value = (assignment >> (v - 1)) & 1;
          clause_true |= formula[c][k] > 0 ? value : !value;
        }
        ok = clause_true;
      }
      if (!ok)
        continue;
      unsigned key = 0;
      for (int i = 0; i < projected; i++)
        key |= ((assignment >> (projection[i] - 1)) & 1u) << i;
      if (!seen[key]++)
        expected++;
    }
    nq_cnf *cnf = NULL;
    char error[512] = "";
    CHECK(nq_cnf_read_memory(text, used, "random", &cnf, error, sizeof error) == NQ_OK, "%s",
          error);
    if (!cnf)
      continue;
    /* The enumeration counts over the variables in clauses; the report
     * names the projected ones left out, each doubling the count. */
    nq_cnf_plan *plan = NULL;
    nq_cnf_report report;
    nq_enumeration result = {0};
    CHECK(nq_cnf_plan_make(cnf, NULL, NULL, &plan, &report) == NQ_OK, "round %d", round);
    CHECK(plan && nq_cnf_plan_enumerate(plan, 0, NULL, NULL, NULL, &result) == NQ_OK &&
              result.complete && !result.solutions_high,
          "round %d", round);
    nq_cnf_plan_free(plan);
    CHECK(report.unused_projected == unused, "round %d: %d unused projected, expected %d", round,
          report.unused_projected, unused);
    CHECK(result.solutions << report.unused_projected == expected,
          "round %d: %llu models * 2^%d, brute force %llu", round,
          (unsigned long long)result.solutions, report.unused_projected, expected);
    nq_cnf_free(cnf);
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
    return 2;
  }
  valid_fixtures(argv[1]);
  malformed_fixtures(argv[1]);
  gzip_in_memory();
  nqsat_header();
  projected_counts();
  return check_report("test_solver_cnf");
}
