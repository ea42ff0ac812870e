/* The support encoding of the rows model (S. Kasif, "On the parallel
 * complexity of discrete relaxation in constraint satisfaction networks",
 * AIJ 45, 1990; I. P. Gent, "Arc consistency in SAT", ECAI 2002): the
 * direct encoding's variables and row clauses, but between two rows,
 * instead of a conflict per forbidden pair, one support clause per value
 * and direction: x(r,a) -> OR of x(s,b) over the values b of row s
 * compatible with q_r = a. Unit propagation on it enforces arc
 * consistency: a value whose every support is gone is removed, which the
 * conflict clauses of the direct encoding cannot see. */
#include <stdio.h>
#include <stdlib.h>

#include "csp.h"

static int support_width(int n) { return n; }

/* The clauses "x(from, a) -> some compatible x(to, b)" for every a. */
static void supports_towards(clause_emitter *emitter, int n, int from, int to, int distance,
                             int *clause) {
  for (int a = 0; a < n; a++) {
    int length = 0;
    clause[length++] = -csp_variable(n, from, a);
    for (int b = 0; b < n; b++)
      if (!csp_conflict(a, b, distance))
        clause[length++] = csp_variable(n, to, b);
    emit_clause(emitter, clause, (size_t)length);
  }
}

static void support_pair(clause_emitter *emitter, int n, int row, int other) {
  int *clause = scratch_ints(emitter, (size_t)n + 1);
  if (!clause)
    return;
  /* csp_conflict is symmetric in its two values, so one test serves both
   * directions. */
  supports_towards(emitter, n, row, other, other - row, clause);
  supports_towards(emitter, n, other, row, other - row, clause);
  free(clause);
}

/* Row s has n - 1 - [a + d < n] - [a >= d] supports for q_r = a, so one
 * direction's clauses hold n^2 - 2(n - d) literals in all. */
static amo_size support_pair_size(int64_t n, int64_t distance) {
  return (amo_size){0, 2 * n, 2 * (n * n - 2 * (n - distance))};
}

static void support_explain_domain(char *text, size_t size, int n, int row) {
  csp_direct_explain_domain(text, size, n, row);
}

const csp_scheme csp_support_scheme = {
    NQ_CSP_SUPPORT,
    "support",
    "Kasif 1990; Gent, ECAI 2002",
    support_width,
    csp_direct_domain,
    csp_direct_domain_size,
    csp_direct_exclude,
    csp_direct_exclude_length,
    support_pair,
    support_pair_size,
    support_explain_domain,
};
