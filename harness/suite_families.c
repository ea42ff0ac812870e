/* The chessboard families in a suite (`nqsat suite --families`): each
 * instance written by `nqsat encode N --problem ...` in-process, read back
 * as a formula (the families have no board for the N-Queens verifier),
 * hashed, and given the ground truth of the verifier's native searches
 * (nqsat/chess.h): the model count of toroidal and super-queens, and for
 * colouring and domination the status at K = the proved optimum (SAT) and
 * K - 1 (UNSAT). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_errors.h"
#include "interrupt.h"
#include "nqsat/chess.h"
#include "nqsat/instance.h"
#include "quote.h"
#include "suite_families.h"

typedef struct family_instance {
  nq_problem problem;
  int n;
  int k; /* 0 for the counting families */
  int status;
  int models_known;
  uint64_t models;
} family_instance;

static int write_family_instance(const suite_request *request, const family_instance *plan,
                                 nq_amo amo, manifest_rows *rows) {
  char n_text[16], problem_text[48], file[128];
  snprintf(n_text, sizeof n_text, "%d", plan->n);
  if (plan->k)
    snprintf(problem_text, sizeof problem_text, "%s:%d", nq_problem_name(plan->problem), plan->k);
  else
    snprintf(problem_text, sizeof problem_text, "%s", nq_problem_name(plan->problem));
  snprintf(file, sizeof file, "%s-n%d%s%.0d-%s.cnf%s", nq_problem_name(plan->problem), plan->n,
           plan->k ? "-k" : "", plan->k, nq_amo_name(amo), request->gzip ? ".gz" : "");
  char *argv[] = {"encode", n_text, "--problem", problem_text, "--amo", (char *)nq_amo_name(amo),
                  "-o",     file,   NULL};
  int argc = 8;
  char *command = quote_command_line("nqsat", argc, argv);
  if (!command)
    return runtime_error("suite", "out of memory");
  int code = request->encode_command(argc, argv);
  if (code == NQ_EXIT_INTERRUPTED || interrupt_requested()) {
    free(command);
    return NQ_EXIT_INTERRUPTED;
  }
  if (code != NQ_EXIT_OK) {
    free(command);
    return runtime_error("suite", "writing %s/%s failed", request->directory, file);
  }
  manifest_row row;
  memset(&row, 0, sizeof row);
  char error[600];
  nq_instance *instance = NULL;
  nq_status status = nq_instance_read_formula(file, &instance, error, sizeof error);
  if (status == NQ_OK)
    status = nq_instance_gbd_hash(file, NULL, row.hash, error, sizeof error);
  if (status != NQ_OK) {
    free(command);
    nq_instance_free(instance);
    return runtime_error("suite", "reading back %s/%s: %s", request->directory, file, error);
  }
  snprintf(row.file, sizeof row.file, "%s", file);
  row.n = plan->n;
  snprintf(row.encoding, sizeof row.encoding, "%s", nq_amo_name(amo));
  char options[64];
  snprintf(options, sizeof options, "--problem %s", problem_text);
  row.options = strdup(options);
  row.command = command;
  row.variables = instance->variables;
  row.clauses = instance->clauses;
  row.status = plan->status;
  row.models_known = plan->models_known;
  row.models = plan->models;
  nq_instance_free(instance);
  if (!row.options || manifest_rows_add(rows, &row)) {
    free(row.options);
    free(row.command);
    return runtime_error("suite", "out of memory");
  }
  return 0;
}

/* The instances: counting families where the count is non-zero, and each
 * optimisation family at its optimum and one below. */
static int plan_families(family_instance *plans, int capacity) {
  static const int toroidal_sizes[] = {5, 7, 11, 13};
  static const int super_sizes[] = {10, 11, 12};
  static const int colour_sizes[] = {5, 6, 7};
  static const int domination_sizes[] = {6, 7, 8};
  int count = 0;
  for (size_t i = 0; i < sizeof toroidal_sizes / sizeof *toroidal_sizes && count < capacity; i++) {
    family_instance *plan = &plans[count++];
    *plan = (family_instance){NQ_PROBLEM_TOROIDAL, toroidal_sizes[i], 0, 10, 1, 0};
    if (nq_chess_count_toroidal(plan->n, 2, &plan->models) != NQ_OK)
      return -1;
    plan->status = plan->models ? 10 : 20;
  }
  for (size_t i = 0; i < sizeof super_sizes / sizeof *super_sizes && count < capacity; i++) {
    family_instance *plan = &plans[count++];
    *plan = (family_instance){NQ_PROBLEM_SUPER, super_sizes[i], 0, 10, 1, 0};
    if (nq_chess_count_superqueens(plan->n, 2, &plan->models) != NQ_OK)
      return -1;
    plan->status = plan->models ? 10 : 20;
  }
  int squares[NQ_CHESS_MAX_GRAPH_N * NQ_CHESS_MAX_GRAPH_N];
  for (int kind = 0; kind < 3; kind++) {
    const int *sizes = kind == 0 ? colour_sizes : domination_sizes;
    nq_problem problem = kind == 0   ? NQ_PROBLEM_COLOUR
                         : kind == 1 ? NQ_PROBLEM_DOMINATE
                                     : NQ_PROBLEM_DOMINATE_INDEPENDENT;
    for (int i = 0; i < 3 && count + 2 <= capacity; i++) {
      int optimum = 0;
      nq_status status = kind == 0
                             ? nq_chess_chromatic_number(sizes[i], &optimum, squares)
                             : nq_chess_domination_number(sizes[i], kind == 2, &optimum, squares);
      if (status != NQ_OK)
        return -1;
      plans[count++] = (family_instance){problem, sizes[i], optimum, 10, 0, 0};
      plans[count++] = (family_instance){problem, sizes[i], optimum - 1, 20, 1, 0};
    }
  }
  return count;
}

int suite_write_families(const suite_request *request, manifest_rows *rows, int *written) {
  family_instance plans[64];
  int count = plan_families(plans, 64);
  if (count < 0)
    return runtime_error("suite", "a native search for the families failed");
  for (int e = 0; e < request->encoding_count; e++)
    for (int i = 0; i < count; i++) {
      int code = write_family_instance(request, &plans[i], request->encodings[e], rows);
      if (code)
        return code;
      (*written)++;
    }
  return 0;
}
