/* What the verifier knows about an instance (see nqsat/instance.h):
 * plain boards from the construction, the class counter and the OEIS table;
 * partial boards from the completion counter. */
#include <stdlib.h>
#include <string.h>

#include "nqsat/instance.h"

/* Above this N the class counter takes more than a few hundredths of a
 * second on one thread, so the table alone answers (it was checked once
 * against the counter in the unit tests up to N = 16). */
enum { COUNTER_MAX_N = 14 };

static nq_status plain_truth(const nq_instance *instance, nq_instance_truth *truth) {
  int n = instance->n;
  if (nq_verify_construct_solution(n, truth->witness) == 0) {
    char why[200];
    int valid = n <= 4000 ? nq_verify_check_placement(truth->witness, n, why, sizeof why)
                          : nq_verify_check_placement_linear(truth->witness, n, why, sizeof why);
    if (valid == 1) {
      truth->witness_known = 1;
      truth->status = 10;
    }
  } else {
    truth->status = 20; /* no board of 2 or 3 rows holds non-attacking queens */
    truth->models_exact = truth->unique_known = 1;
  }
  uint64_t total, fundamental;
  if (nq_verify_known_count(n, &total, &fundamental) != 0)
    return NQ_OK; /* beyond the table: the count stays unknown */
  if (n <= COUNTER_MAX_N) {
    nq_count_classes_result counts;
    nq_status status = nq_count_classes(n, 1, &counts);
    if (status != NQ_OK)
      return status;
    if (counts.total != total || counts.fundamental != fundamental)
      return NQ_ERR_SOLVER; /* the counter and OEIS disagree: a bug to report */
    truth->nodes = counts.nodes;
  }
  truth->models = total;
  truth->unique = fundamental;
  truth->models_exact = truth->unique_known = 1;
  if (total == 0)
    truth->status = 20;
  return NQ_OK;
}

nq_status nq_instance_compute_truth(const nq_instance *instance, uint64_t node_limit,
                                    const volatile sig_atomic_t *stop, nq_instance_truth *truth) {
  memset(truth, 0, sizeof *truth);
  truth->witness = malloc((size_t)instance->n * sizeof *truth->witness);
  if (!truth->witness)
    return NQ_ERR_MEMORY;
  if (!instance->placed_count && !instance->blocked_count)
    return plain_truth(instance, truth);
  if (instance->n > NQ_VERIFY_COMPLETION_MAX_N)
    return NQ_OK; /* unknown */
  nq_completion_problem problem = {instance->n,
                                   instance->placed,
                                   instance->placed_count,
                                   instance->blocked,
                                   instance->blocked_count,
                                   node_limit,
                                   0,
                                   stop};
  nq_completion_result result;
  nq_status status = nq_verify_count_completions(&problem, truth->witness, &result);
  truth->nodes = result.nodes;
  if (result.decided)
    truth->status = result.satisfiable ? 10 : 20;
  truth->witness_known = result.satisfiable;
  truth->models_exact = result.exact;
  truth->models = result.count;
  return status;
}

void nq_instance_truth_clear(nq_instance_truth *truth) {
  free(truth->witness);
  free(truth->models_digits);
  memset(truth, 0, sizeof *truth);
}
