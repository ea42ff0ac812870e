/* The Global Benchmark Database's instance hash, computed from the
 * verifier's own reading of the formula (see nqsat/instance.h for the
 * normal form; it follows gbdc's GBDHash.h, M. Iser). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "nqsat/instance.h"
#include "nqsat/md5.h"

typedef struct hash_state {
  nq_md5 md5;
  int clauses_so_far;
} hash_state;

static void put(hash_state *state, const char *text) {
  nq_md5_update(&state->md5, text, strlen(text));
}

static int hash_clause(void *context, const int *literals, size_t count) {
  hash_state *state = context;
  char number[24];
  if (state->clauses_so_far++)
    put(state, " ");
  for (size_t i = 0; i < count; i++) {
    snprintf(number, sizeof number, "%d ", literals[i]);
    put(state, number);
  }
  put(state, "0");
  return 0;
}

static int hash_constraint(void *context, const nq_pb_term *terms, size_t count,
                           const char *relation, int64_t bound) {
  hash_state *state = context;
  char number[48];
  int objective = relation[0] == 'm';
  if (objective)
    put(state, relation);
  for (size_t i = 0; i < count; i++) {
    /* gbdc writes objective terms with a blank before each token and
     * constraint terms with a blank after each. */
    if (objective)
      snprintf(number, sizeof number, " %" PRId64 " %sx%d", terms[i].coefficient,
               terms[i].negated ? "~" : "", terms[i].variable);
    else
      snprintf(number, sizeof number, "%" PRId64 " %sx%d ", terms[i].coefficient,
               terms[i].negated ? "~" : "", terms[i].variable);
    put(state, number);
  }
  if (objective) {
    put(state, ";");
    return 0;
  }
  snprintf(number, sizeof number, "%s %" PRId64 ";", relation, bound);
  put(state, number);
  return 0;
}

nq_status nq_instance_gbd_hash(const char *path, const volatile sig_atomic_t *stop, char hash[33],
                               char *error, size_t error_size) {
  hash_state state;
  nq_md5_init(&state.md5);
  state.clauses_so_far = 0;
  nq_formula_visitor visitor = {&state, hash_clause, hash_constraint, stop};
  nq_status status = nq_instance_scan(path, &visitor, error, error_size);
  nq_md5_final_hex(&state.md5, hash);
  return status;
}
