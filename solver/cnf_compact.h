/* Private to solver/: a DIMACS formula renumbered so that only the
 * variables that occur in a clause exist.
 *
 * Why: PicoSAT sizes its tables by the largest variable index, so a file
 * declaring `p cnf 2147483647 1` would cost gigabytes for one clause. The
 * compact formula numbers the occurring variables 1..variables in the
 * order of their file numbers, so models map back by file_variable[].
 * A projected variable that no clause mentions takes either value in
 * every model: it is not enumerated but counted (unused_projected), so
 * `p cnf 1000 1` / `1 0` costs one SAT call, not 2^999. */
#ifndef NQSAT_CNF_COMPACT_H
#define NQSAT_CNF_COMPACT_H

#include <stddef.h>

#include "nqsat/cnf.h"
#include "nqsat/status.h"

typedef struct cnf_compact {
  int variables;        /* occurring variables, numbered 1..variables */
  int *file_variable;   /* [variables + 1]: the file's number of each */
  int *literals;        /* clauses in compact numbering, each ended by 0 */
  size_t literal_count; /* entries, the 0s included */
  size_t clause_count;
  unsigned char *projected; /* [variables + 1]: 1 = projection variable */
  int *projection;          /* the projected compact variables, ascending */
  int projection_count;
  /* Projected variables (every declared one without a projection line)
   * that no clause mentions: each doubles the model count. */
  int unused_projected;
} cnf_compact;

/* NQ_ERR_ARGUMENT for a literal or projection variable outside
 * 1..cnf->max_variable (nothing PicoSAT could abort on gets through). */
nq_status cnf_compact_build(const nq_cnf *cnf, cnf_compact *compact);
void cnf_compact_free(cnf_compact *compact);

#endif
