/* The rows model's exact size in closed form: per row, the encoding's
 * domain clauses; per pair of rows at distance d (there are n - d such
 * pairs), either the encoding's own pair size (support) or one conflict
 * clause per forbidden pair of values: (a, a) for every a, (a, a + d) and
 * (a, a - d) where they fit, n + 2(n - d) clauses. A conflict clause is
 * "q_r != a" joined to "q_s != b", so its length is the sum of the two
 * exclusion lengths; summed over the forbidden pairs that is
 * 2S + 2(P(n - d) + S - P(d)), where S sums the exclusion length over all
 * values and P(k) over the values below k. O(n) arithmetic; checked
 * against the generator by tests/test_encoder_sizes.c. */
#include <limits.h>

#include "csp.h"

static void add_times(amo_size *total, amo_size part, int64_t times) {
  total->auxiliaries += times * part.auxiliaries;
  total->clauses += times * part.clauses;
  total->literals += times * part.literals;
}

nq_status measure_rows_formula(const nq_encoding *encoding, nq_formula_size *size) {
  const csp_scheme *scheme = csp_scheme_of(encoding->csp);
  int64_t n = encoding->n;
  amo_size total = {0, 0, 0};
  for (int i = 0; i < encoding->placed_count; i++) {
    int64_t length = scheme->exclude_length(n, encoding->placed[i].column);
    add_times(&total, (amo_size){0, 1, 1}, length); /* one unit per literal */
  }
  for (int i = 0; i < encoding->blocked_count; i++)
    add_times(&total, (amo_size){0, 1, scheme->exclude_length(n, encoding->blocked[i].column)}, 1);
  add_times(&total, scheme->domain_size(n), n);
  int64_t all = 0; /* S */
  for (int64_t value = 0; value < n; value++)
    all += scheme->exclude_length(n, value);
  /* below_d = P(d), below_far = P(n - d), updated as d grows. */
  int64_t below_d = n > 1 ? scheme->exclude_length(n, 0) : 0;
  int64_t below_far = n > 1 ? all - scheme->exclude_length(n, n - 1) : 0;
  for (int64_t distance = 1; distance < n; distance++) {
    if (scheme->pair_size) {
      add_times(&total, scheme->pair_size(n, distance), n - distance);
    } else {
      amo_size pair = {0, n + 2 * (n - distance), 2 * all + 2 * (below_far + all - below_d)};
      add_times(&total, pair, n - distance);
    }
    below_d += scheme->exclude_length(n, distance);
    below_far -= scheme->exclude_length(n, n - distance - 1);
  }
  size->variables = n * scheme->width((int)n);
  size->clauses = total.clauses;
  size->literals = total.literals;
  return size->variables > INT_MAX ? NQ_ERR_ARGUMENT : NQ_OK;
}
