/* A list of solutions as a set (see nq_solution_tally_new): each board is
 * packed into one byte per row (two beyond 256 columns) and kept in a hash
 * set, so a repeat is named when it arrives and the verifier's own
 * solutions are looked up one by one, in time linear in the list. */
#include <stdlib.h>
#include <string.h>

#include "key_set.h"
#include "nqsat/verify.h"

struct nq_solution_tally {
  int n;
  size_t key_size;
  unsigned char *key; /* scratch: the board being added or looked up */
  key_set *boards;
};

nq_solution_tally *nq_solution_tally_new(int n) {
  if (n < 1 || n > 46340)
    return NULL;
  nq_solution_tally *tally = calloc(1, sizeof *tally);
  if (!tally)
    return NULL;
  tally->n = n;
  tally->key_size = (size_t)n * (n <= 256 ? 1 : 2);
  tally->key = malloc(tally->key_size);
  tally->boards = key_set_new(tally->key_size);
  if (!tally->key || !tally->boards) {
    nq_solution_tally_free(tally);
    return NULL;
  }
  return tally;
}

void nq_solution_tally_free(nq_solution_tally *tally) {
  if (!tally)
    return;
  key_set_free(tally->boards);
  free(tally->key);
  free(tally);
}

static void pack(const nq_solution_tally *tally, const int *columns) {
  for (int row = 0; row < tally->n; row++) {
    if (tally->n <= 256) {
      tally->key[row] = (unsigned char)columns[row];
    } else {
      tally->key[2 * row] = (unsigned char)(columns[row] & 0xff);
      tally->key[2 * row + 1] = (unsigned char)(columns[row] >> 8);
    }
  }
}

int nq_solution_tally_add(nq_solution_tally *tally, const int *columns, long line,
                          long *first_line) {
  pack(tally, columns);
  return key_set_add(tally->boards, tally->key, line, first_line);
}

uint64_t nq_solution_tally_distinct(const nq_solution_tally *tally) {
  return key_set_size(tally->boards);
}

typedef struct lookup {
  const nq_solution_tally *tally;
  nq_completeness *result;
  uint64_t enumerated;
} lookup;

static int look_up(void *context, const int *columns, int n) {
  lookup *state = context;
  state->enumerated++;
  pack(state->tally, columns);
  if (key_set_contains(state->tally->boards, state->tally->key))
    return 0;
  nq_completeness *result = state->result;
  result->missing++;
  if (result->shown < NQ_VERIFY_MISSING_SHOWN)
    memcpy(result->missing_examples[result->shown++], columns, (size_t)n * sizeof *columns);
  return 0;
}

nq_status nq_solution_tally_compare(const nq_solution_tally *tally, nq_completeness *result) {
  memset(result, 0, sizeof *result);
  int n = tally->n;
  uint64_t known;
  int in_table = nq_verify_known_count(n, &known, NULL) == 0;
  if (n <= NQ_VERIFY_SET_COMPARED_MAX_N) {
    lookup state = {tally, result, 0};
    nq_status status = nq_verify_enumerate(n, look_up, &state);
    if (status != NQ_OK)
      return status;
    if (in_table && state.enumerated != known)
      return NQ_ERR_SOLVER;
    result->compared_by_set = result->counted = 1;
    result->expected = state.enumerated;
  } else if (n <= NQ_VERIFY_TALLY_COUNTED_MAX_N) {
    nq_count_classes_result counts;
    nq_status status = nq_count_classes(n, 1, &counts);
    if (status != NQ_OK)
      return status;
    if (in_table && counts.total != known)
      return NQ_ERR_SOLVER;
    result->counted = 1;
    result->expected = counts.total;
  } else if (in_table) {
    result->expected = known;
  } else {
    return NQ_OK; /* beyond the table: completeness cannot be judged */
  }
  result->known = 1;
  if (!result->compared_by_set) {
    /* Only valid boards are added, so the tally is a subset of the
     * verifier's set and the difference is what is missing. */
    uint64_t distinct = key_set_size(tally->boards);
    result->missing = result->expected > distinct ? result->expected - distinct : 0;
  }
  return NQ_OK;
}
