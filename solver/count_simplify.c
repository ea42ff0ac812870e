/* The component counter's preprocessing as a formula of its own, for the
 * other counting engines (see nqsat/component_count.h). */
#include <stdlib.h>
#include <string.h>

#include "cnf_compact.h"
#include "count_preprocess.h"
#include "nqsat/component_count.h"
#include "search_clock.h"

static nq_status simplify(const nq_cnf *cnf, const search_clock *clock, nq_cnf **simplified,
                          uint64_t *doubling, nq_simplify_stats *stats);

nq_status nq_cnf_count_simplify(const nq_cnf *cnf, nq_cnf **simplified, uint64_t *doubling) {
  return simplify(cnf, NULL, simplified, doubling, NULL);
}

nq_status nq_cnf_count_simplify_deep(const nq_cnf *cnf, const nq_solver_control *control,
                                     nq_cnf **simplified, uint64_t *doubling,
                                     nq_simplify_stats *stats) {
  search_clock clock;
  search_clock_start(&clock, control);
  return simplify(cnf, &clock, simplified, doubling, stats);
}

static nq_status simplify(const nq_cnf *cnf, const search_clock *clock, nq_cnf **simplified,
                          uint64_t *doubling, nq_simplify_stats *stats) {
  *simplified = NULL;
  *doubling = 0;
  cnf_compact compact, out;
  nq_status status = cnf_compact_build(cnf, &compact);
  if (status != NQ_OK)
    return status;
  count_preprocess_stats done = {0};
  int result = count_preprocess_with_oracle(&compact, &out, &done, clock);
  if (stats)
    *stats = (nq_simplify_stats){done.backbone, done.strengthened, done.redundant, done.simplicial,
                                 done.oracle_seconds};
  *doubling = (uint64_t)compact.unused_projected;
  cnf_compact_free(&compact);
  if (result <= 0)
    return result < 0 ? NQ_ERR_MEMORY : NQ_OK;
  nq_cnf *made = calloc(1, sizeof *made);
  if (made) {
    made->literals = malloc((out.literal_count ? out.literal_count : 1) * sizeof *made->literals);
    made->projection = malloc(((size_t)out.projection_count + 1) * sizeof *made->projection);
  }
  if (!made || !made->literals || !made->projection) {
    nq_cnf_free(made);
    cnf_compact_free(&out);
    return NQ_ERR_MEMORY;
  }
  /* Every kept variable is declared: one left in no clause still counts
   * (doubles) by the convention, as it does in the compact formula. */
  made->variables = made->max_variable = out.variables;
  made->clause_count = (int64_t)out.clause_count;
  memcpy(made->literals, out.literals, out.literal_count * sizeof *made->literals);
  made->literal_count = out.literal_count;
  made->has_projection = cnf->has_projection;
  if (cnf->has_projection) {
    memcpy(made->projection, out.projection,
           (size_t)out.projection_count * sizeof *made->projection);
    made->projection_count = (size_t)out.projection_count;
  }
  cnf_compact_free(&out);
  *simplified = made;
  return NQ_OK;
}
