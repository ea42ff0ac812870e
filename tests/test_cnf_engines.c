/* solve FILE's two engines against each other and against brute force.
 * For every .cnf file of the directories given: the projected model count
 * by brute force over the occurring variables when there are at most 22
 * of them (the projection set as the solver takes it: the declared one,
 * else every variable that occurs), by the all-solutions engine with
 * symmetry on and off, split and not, on 1, 2 and 7 threads, and by the
 * PicoSAT engine; all must agree, and every model listed by the
 * all-solutions engine must satisfy every clause.
 * usage: test_cnf_engines DIR... */
#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/cnf.h"
#include "nqsat/solver.h"

enum { BRUTE_MAX = 22 };

typedef struct occurring {
  int count;
  int *variable; /* [count]: file variables, ascending */
  int *index;    /* [max_variable + 1]: position in variable[], -1 */
} occurring;

static void find_occurring(const nq_cnf *cnf, occurring *o) {
  o->index = malloc(((size_t)cnf->max_variable + 1) * sizeof *o->index);
  o->variable = malloc(((size_t)cnf->max_variable + 1) * sizeof *o->variable);
  unsigned char *used = calloc((size_t)cnf->max_variable + 1, 1);
  for (size_t i = 0; i < cnf->literal_count; i++)
    used[abs(cnf->literals[i])] = 1;
  for (size_t i = 0; i < cnf->projection_count; i++)
    used[cnf->projection[i]] = 1;
  used[0] = 0;
  o->count = 0;
  for (int v = 0; v <= cnf->max_variable; v++) {
    o->index[v] = used[v] ? o->count : -1;
    if (used[v])
      o->variable[o->count++] = v;
  }
  free(used);
}

/* Projected models by trying every assignment of the occurring variables. */
static uint64_t brute_force(const nq_cnf *cnf, const occurring *o) {
  uint32_t projection = 0;
  if (cnf->projection_count)
    for (size_t i = 0; i < cnf->projection_count; i++)
      projection |= 1u << o->index[cnf->projection[i]];
  else
    projection = o->count == 32 ? UINT32_MAX : (1u << o->count) - 1;
  unsigned char *seen = calloc((size_t)1 << o->count, 1);
  uint64_t count = 0;
  for (uint32_t bits = 0; bits < (1u << o->count); bits++) {
    int ok = 1, clause_true = 0;
    for (size_t i = 0; i < cnf->literal_count && ok; i++) {
      int l = cnf->literals[i];
      if (l == 0) {
        ok = clause_true;
        clause_true = 0;
      } else if ((((bits >> o->index[abs(l)]) & 1) != 0) == (l > 0)) {
        clause_true = 1;
      }
    }
    /* A flag, not a counter: a byte counter wraps after 256 satisfying
     * assignments with the same projection and would count it again. */
    if (ok && !seen[bits & projection]) {
      seen[bits & projection] = 1;
      count++;
    }
  }
  free(seen);
  return count;
}

typedef struct listed {
  const nq_cnf *cnf;
  int *index_of; /* file variable -> position in the model, 0 none */
  uint64_t bad;
} listed;

static int check_model(void *context, const signed char *values, const int *file_variables,
                       int count) {
  listed *l = context;
  for (int i = 1; i <= count; i++)
    l->index_of[file_variables[i]] = i;
  int clause_true = 0;
  for (size_t i = 0; i < l->cnf->literal_count; i++) {
    int lit = l->cnf->literals[i];
    if (lit == 0) {
      l->bad += !clause_true;
      clause_true = 0;
    } else if ((values[l->index_of[abs(lit)]] > 0) == (lit > 0)) {
      clause_true = 1;
    }
  }
  return 0;
}

static uint64_t count_with(const nq_cnf *cnf, int engine, int symmetry, int split, int threads,
                           int listing, uint64_t *bad) {
  nq_cnf_options options = {0};
  options.engine = engine;
  options.no_symmetry = !symmetry;
  options.no_split = !split;
  options.listing = listing;
  nq_solver_control control = {0};
  control.threads = threads;
  nq_cnf_plan *plan = NULL;
  if (nq_cnf_plan_make(cnf, &options, &control, &plan, NULL) != NQ_OK)
    return UINT64_MAX;
  listed l = {cnf, calloc((size_t)cnf->max_variable + 1, sizeof(int)), 0};
  nq_enumeration result = {0};
  nq_status status =
      nq_cnf_plan_enumerate(plan, 0, &control, listing ? check_model : NULL, &l, &result);
  nq_cnf_plan_free(plan);
  free(l.index_of);
  if (bad)
    *bad = l.bad;
  return status == NQ_OK && result.complete ? result.solutions : UINT64_MAX;
}

static void check_file(const char *path) {
  nq_cnf *cnf = NULL;
  char error[512];
  if (nq_cnf_read_path(path, &cnf, error, sizeof error) != NQ_OK)
    return; /* malformed fixtures are another test's */
  occurring o;
  find_occurring(cnf, &o);
  uint64_t picosat = count_with(cnf, NQ_CNF_ENGINE_PICOSAT, 1, 1, 2, 0, NULL);
  uint64_t expected = picosat;
  if (o.count <= BRUTE_MAX) {
    expected = brute_force(cnf, &o);
    CHECK(picosat == expected, "%s: picosat %llu, brute force %llu", path,
          (unsigned long long)picosat, (unsigned long long)expected);
  }
  static const int modes[][4] = {/* symmetry, split, threads, listing */
                                 {1, 1, 1, 0}, {1, 1, 2, 0}, {1, 1, 7, 0}, {0, 1, 2, 0},
                                 {0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 2, 1}, {1, 1, 7, 1}};
  for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
    uint64_t bad = 0;
    uint64_t native = count_with(cnf, NQ_CNF_ENGINE_NATIVE, modes[m][0], modes[m][1], modes[m][2],
                                 modes[m][3], &bad);
    CHECK(native == expected,
          "%s (symmetry %d split %d threads %d listing %d): %llu models, %llu expected", path,
          modes[m][0], modes[m][1], modes[m][2], modes[m][3], (unsigned long long)native,
          (unsigned long long)expected);
    CHECK(bad == 0, "%s: %llu listed models falsify a clause", path, (unsigned long long)bad);
  }
  free(o.index);
  free(o.variable);
  nq_cnf_free(cnf);
}

int main(int argc, char **argv) {
  int files = 0;
  for (int a = 1; a < argc; a++) {
    DIR *dir = opendir(argv[a]);
    CHECK(dir != NULL, "cannot open %s", argv[a]);
    if (!dir)
      continue;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
      size_t length = strlen(entry->d_name);
      if (length < 4 || strcmp(entry->d_name + length - 4, ".cnf"))
        continue;
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", argv[a], entry->d_name);
      check_file(path);
      files++;
    }
    closedir(dir);
  }
  CHECK(files > 0, "no .cnf files");
  printf("%d files\n", files);
  return check_report("cnf_engines");
}
