/* The direct encoding of the rows model (T. Walsh, "SAT v CSP", CP 2000;
 * de Kleer 1989): a Boolean x(r,v) per value, "q_r = v", an at-least-one
 * clause and pairwise at-most-one clauses per row, and one binary conflict
 * clause (not x(r,a) or not x(s,b)) per forbidden pair of values of two
 * rows. Unit propagation on it does forward checking (Walsh; Genisson and
 * Jegou 1996): a queen placed removes the values it attacks from every
 * other row, but a value whose supports have all gone stays.
 *
 * x(r,v) = r*n + v + 1 is the matrix model's queen variable of square
 * (r, v), and the clauses are those of the matrix model with pairwise
 * at-most-one: a row's at-least-one and at-most-one are the same, and the
 * conflicts of two rows are the column and diagonal pairs. */
#include <stdio.h>
#include <stdlib.h>

#include "csp.h"

static int direct_width(int n) { return n; }

void csp_direct_domain(clause_emitter *emitter, int n, int row) {
  int *values = scratch_ints(emitter, (size_t)n);
  if (!values)
    return;
  for (int v = 0; v < n; v++)
    values[v] = csp_variable(n, row, v);
  emit_clause(emitter, values, (size_t)n);
  amo_pairwise(emitter, values, n);
  free(values);
}

amo_size csp_direct_domain_size(int64_t n) {
  amo_size size = amo_pairwise_size(NULL, n);
  size.clauses += 1;
  size.literals += n;
  return size;
}

int csp_direct_exclude(int n, int row, int value, int *literals) {
  literals[0] = -csp_variable(n, row, value);
  return 1;
}

int64_t csp_direct_exclude_length(int64_t n, int64_t value) {
  (void)n;
  (void)value;
  return 1;
}

void csp_direct_explain_domain(char *text, size_t size, int n, int row) {
  snprintf(text, size, "q_%d takes exactly one of 1..%d: x(%d,1) | ... | x(%d,%d), then no two",
           row + 1, n, row + 1, row + 1, n);
}

const csp_scheme csp_direct_scheme = {
    NQ_CSP_DIRECT,
    "direct",
    "Walsh, CP 2000",
    direct_width,
    csp_direct_domain,
    csp_direct_domain_size,
    csp_direct_exclude,
    csp_direct_exclude_length,
    NULL,
    NULL,
    csp_direct_explain_domain,
};
