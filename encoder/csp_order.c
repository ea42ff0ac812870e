/* The order encoding of the rows model (J. M. Crawford and A. B. Baker,
 * "Experimental results on the application of satisfiability algorithms
 * to scheduling problems", AAAI 1994; N. Tamura, A. Taga, S. Kitagawa and
 * M. Banbara, "Compiling finite linear CSP into SAT", Constraints 14,
 * 2009): a Boolean p(r,a) per bound, "q_r <= a" (0-based a = 0..n-2;
 * q_r <= n-1 always holds, so it has no variable), and the ladder
 * p(r,a) -> p(r,a+1), which makes every assignment one value: q_r is the
 * smallest a with p(r,a), or n-1. "q_r = v" is p(r,v) and not p(r,v-1),
 * so a forbidden pair of values becomes one clause of at most four order
 * literals:  not p(r,a) | p(r,a-1) | not p(s,b) | p(s,b-1).
 *
 * The constraint is not linear, so Tamura et al.'s translation of linear
 * comparisons does not apply directly; the conflict clauses are what the
 * order encoding gives any extensional binary constraint. Unit propagation
 * then only moves bounds: a value attacked by a placed queen is removed
 * when it is the smallest or largest value left of its row, and a hole in
 * the middle of a row's interval cannot be expressed by order literals. */
#include <stdio.h>

#include "csp.h"

static int order_width(int n) { return n - 1; }

static void order_domain(clause_emitter *emitter, int n, int row) {
  int width = n - 1;
  for (int a = 0; a + 1 < width; a++)
    emit_binary(emitter, -csp_variable(width, row, a), csp_variable(width, row, a + 1));
}

static amo_size order_domain_size(int64_t n) {
  int64_t ladder = n > 2 ? n - 2 : 0;
  return (amo_size){0, ladder, 2 * ladder};
}

static int order_exclude(int n, int row, int value, int *literals) {
  int width = n - 1, length = 0;
  if (value < n - 1)
    literals[length++] = -csp_variable(width, row, value);
  if (value > 0)
    literals[length++] = csp_variable(width, row, value - 1);
  return length;
}

static int64_t order_exclude_length(int64_t n, int64_t value) {
  return (value < n - 1) + (value > 0);
}

static void order_explain_domain(char *text, size_t size, int n, int row) {
  if (n > 2)
    snprintf(text, size, "q_%d: the ladder q_%d <= a -> q_%d <= a+1, a = 1..%d", row + 1, row + 1,
             row + 1, n - 2);
  else
    text[0] = '\0';
}

const csp_scheme csp_order_scheme = {
    NQ_CSP_ORDER,
    "order",
    "Crawford & Baker 1994; Tamura et al., Constraints 2009",
    order_width,
    order_domain,
    order_domain_size,
    order_exclude,
    order_exclude_length,
    NULL,
    NULL,
    order_explain_domain,
};
