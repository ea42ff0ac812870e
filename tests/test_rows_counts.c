/* The rows model end to end, for every CSP encoding: written as DIMACS
 * (plain and shuffled), read back by the solver's reader, every model
 * enumerated by PicoSAT over the projection the header declares, and each
 * model decoded twice, by the solver (nq_cnf_decode_board, what `solve
 * FILE --board` prints) and by the verifier (nq_verify_decode_numbered
 * with the numbering named by the header's words, which this test reads
 * itself). The two boards must be equal and valid, the counts equal
 * A000170 (typed in below) for N = 1..LAST, the sets equal the native
 * solver's for N <= 8, and completion instances have exactly the native
 * solutions that honour their squares.
 * usage: test_rows_counts DIRECTORY LAST_N */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/cnf.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"

static const uint64_t oeis_a000170[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

typedef struct run {
  const nq_cnf *cnf;
  nq_verify_numbering numbering;
  const int *renamed; /* [variables of the numbering]: file variable, or NULL */
  const signed char *values;
  int variables;
  nq_solution_set *found;
  const nq_encoding *encoding;
  uint64_t models, bad;
  const char *label;
} run;

static int verifier_true(void *context, int variable) {
  const run *r = context;
  int in_file = r->renamed ? r->renamed[variable - 1] : variable;
  return in_file <= r->variables && r->values[in_file] == 1;
}

static int honours(const nq_encoding *e, const int *columns) {
  for (int i = 0; i < e->placed_count; i++)
    if (columns[e->placed[i].row] != e->placed[i].column)
      return 0;
  for (int i = 0; i < e->blocked_count; i++)
    if (columns[e->blocked[i].row] == e->blocked[i].column)
      return 0;
  return 1;
}

static int on_model(void *context, const signed char *compact, const int *file_variables,
                    int count) {
  run *r = context;
  static signed char values[1 << 16];
  int variables = r->cnf->max_variable;
  memset(values, 0, (size_t)variables + 1);
  for (int i = 1; i <= count; i++)
    values[file_variables[i]] = compact[i];
  int n = r->cnf->queens_n, solver_board[32], verifier_board[32];
  char why[200] = "";
  r->models++;
  r->values = values;
  r->variables = variables;
  int solver_ok = nq_cnf_decode_board(r->cnf, values, variables, solver_board, why, sizeof why);
  int verifier_ok =
      nq_verify_decode_numbered(n, r->numbering, verifier_true, r, verifier_board, why, sizeof why);
  if (solver_ok || verifier_ok || memcmp(solver_board, verifier_board, (size_t)n * sizeof(int)) ||
      !nq_verify_check_placement(verifier_board, n, why, sizeof why) ||
      !honours(r->encoding, verifier_board)) {
    if (!r->bad)
      CHECK(0, "%s n=%d: model %" PRIu64 " decodes badly (%s)", r->label, n, r->models, why);
    r->bad++;
    return 0;
  }
  nq_solution_set_add(r->found, verifier_board);
  return 0;
}

/* The header words and the map lines, read here without the solver. */
typedef struct header {
  char model[32], csp[32];
  int *renamed;
  int renamed_count;
} header;

static void read_header(const char *path, header *h, int count) {
  memset(h, 0, sizeof *h);
  FILE *file = fopen(path, "r");
  char line[4096];
  while (file && fgets(line, sizeof line, file) && line[0] == 'c') {
    sscanf(line, "c model: %31s", h->model);
    sscanf(line, "c csp: %31s", h->csp);
    if (!strncmp(line, "c nqsat map ", 12)) {
      if (!h->renamed) {
        h->renamed = calloc((size_t)count, sizeof(int));
        h->renamed_count = count;
      }
      char *p = line + 12;
      int original, renamed, used;
      while (sscanf(p, "%d %d%n", &original, &renamed, &used) == 2) {
        if (original >= 1 && original <= count)
          h->renamed[original - 1] = renamed;
        p += used;
      }
    }
  }
  if (file)
    fclose(file);
}

static int add_native(void *context, const int *columns, int n) {
  run *r = context;
  (void)n;
  if (honours(r->encoding, columns))
    nq_solution_set_add(r->found, columns);
  return 0;
}

static void check_instance(const char *directory, const nq_encoding *e, int shuffled) {
  char path[512], error[512], label[64];
  snprintf(label, sizeof label, "%s%s", nq_csp_name(e->csp), shuffled ? " shuffled" : "");
  snprintf(path, sizeof path, "%s/rows_%s_%d_%d.cnf", directory, nq_csp_name(e->csp), e->n,
           shuffled);
  nq_output *output;
  CHECK(nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, sizeof error) == NQ_OK, "%s",
        error);
  nq_status status = shuffled ? nq_encoder_write_shuffled_dimacs(e, NULL, 7, output)
                              : nq_encoder_write_dimacs(e, NULL, output);
  CHECK(status == NQ_OK && nq_output_commit(output, error, sizeof error) == NQ_OK,
        "%s n=%d: cannot write %s", label, e->n, path);
  nq_cnf *cnf = NULL;
  CHECK(nq_cnf_read_path(path, &cnf, error, sizeof error) == NQ_OK, "%s", error);
  if (!cnf)
    return;
  header h;
  int count = e->n * nq_csp_row_width(e->csp, e->n);
  read_header(path, &h, count);
  run r = {.cnf = cnf, .renamed = h.renamed, .encoding = e, .label = label};
  CHECK(nq_verify_numbering_from_words(h.model, h.csp, &r.numbering) == 0,
        "%s n=%d: header words '%s' '%s' unknown to the verifier", label, e->n, h.model, h.csp);
  CHECK(cnf->queens_n == e->n && cnf->rows_variables, "%s n=%d: the reader missed the rows model",
        label, e->n);
  CHECK(cnf->projection_count == (size_t)count, "%s n=%d: projection of %zu variables, expected %d",
        label, e->n, cnf->projection_count, count);
  r.found = nq_solution_set_new(e->n);
  nq_enumeration result;
  CHECK(nq_solver_enumerate_cnf(cnf, 0, NULL, on_model, &r, &result) == NQ_OK, "%s n=%d", label,
        e->n);
  uint64_t expected = 0;
  nq_solution_set *native = nq_solution_set_new(e->n);
  if (e->placed_count || e->blocked_count || e->n <= 8) {
    run collect = {.encoding = e, .found = native};
    nq_verify_enumerate(e->n, add_native, &collect);
    expected = nq_solution_set_size(native);
    char why[300];
    CHECK(nq_solution_set_equal(r.found, label, native, "native", why, sizeof why), "n=%d: %s",
          e->n, why);
  }
  if (!e->placed_count && !e->blocked_count)
    expected = oeis_a000170[e->n];
  CHECK(r.models == expected && r.bad == 0,
        "%s n=%d: %" PRIu64 " models (%" PRIu64 " bad), expected %" PRIu64, label, e->n, r.models,
        r.bad, expected);
  nq_solution_set_free(native);
  nq_solution_set_free(r.found);
  free(h.renamed);
  nq_cnf_free(cnf);
  remove(path);
}

int main(int argc, char **argv) {
  const char *directory = argc > 1 ? argv[1] : ".";
  int last = argc > 2 ? atoi(argv[2]) : 10;
  nq_square placed[1] = {{1, 2}}, blocked[2] = {{0, 0}, {4, 6}};
  for (int csp = 0; csp < NQ_CSP_COUNT; csp++) {
    for (int n = 1; n <= last; n++) {
      nq_encoding e = {.n = n, .model = NQ_MODEL_ROWS, .csp = (nq_csp)csp};
      check_instance(directory, &e, 0);
      if (n == 6 || n == 8)
        check_instance(directory, &e, 1);
    }
    nq_encoding completion = {.n = 8,
                              .model = NQ_MODEL_ROWS,
                              .csp = (nq_csp)csp,
                              .placed = placed,
                              .placed_count = 1,
                              .blocked = blocked,
                              .blocked_count = 2};
    check_instance(directory, &completion, 0);
  }
  return check_report("test_rows_counts");
}
