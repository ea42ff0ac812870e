/* Private to encoder/: the rows model's CSP-to-SAT encodings.
 *
 * The rows model has one integer q_r in 0..n-1 (0-based here; 1..N for the
 * user) per row and, between every two rows r < s at distance d = s - r,
 * the binary constraint "q_s is none of q_r, q_r + d, q_r - d". Each
 * encoding says how a row's values are represented (its variables and the
 * clauses that make every assignment of them one value) and how to write
 * "q_r != v" as a clause; the constraint between two rows is then one
 * conflict clause per forbidden pair of values (direct, order, log), or
 * support clauses (support). As with amo.h, every generator has a
 * closed-form size beside it, and tests/test_encoder_sizes.c checks that
 * they agree. */
#ifndef NQSAT_ENCODER_CSP_H
#define NQSAT_ENCODER_CSP_H

#include "amo.h"

typedef struct csp_scheme {
  nq_csp csp;
  const char *name;
  const char *source; /* for the header and --explain */
  /* Variables per row, for n >= 1. */
  int (*width)(int n);
  /* The clauses that make every assignment of row `row`'s variables one
   * value of 0..n-1, and their size for one row. */
  void (*domain)(clause_emitter *emitter, int n, int row);
  amo_size (*domain_size)(int64_t n);
  /* Writes the literals of the clause "q_row != value" into `literals`
   * (room for 32) and returns how many; its length alone, in closed form. */
  int (*exclude)(int n, int row, int value, int *literals);
  int64_t (*exclude_length)(int64_t n, int64_t value);
  /* The constraint between rows `row` < `other`: NULL means one conflict
   * clause per forbidden pair of values (rows_formula.c). */
  void (*pair)(clause_emitter *emitter, int n, int row, int other);
  amo_size (*pair_size)(int64_t n, int64_t distance);
  /* --explain: what one row's domain clauses say, in the integer model's
   * words, for row `row` (1-based in the text); empty when the row has no
   * domain clauses. */
  void (*explain_domain)(char *text, size_t size, int n, int row);
} csp_scheme;

/* The scheme of `csp` (csp_registry.c), or NULL when there is none. */
const csp_scheme *csp_scheme_of(nq_csp csp);

extern const csp_scheme csp_direct_scheme;
extern const csp_scheme csp_support_scheme;
extern const csp_scheme csp_order_scheme;
extern const csp_scheme csp_log_scheme;

/* The variable of row `row`, index `k` (both 0-based). */
static inline int csp_variable(int width, int row, int k) { return row * width + k + 1; }

/* The direct encoding's value variables and domain, which support shares. */
void csp_direct_domain(clause_emitter *emitter, int n, int row);
amo_size csp_direct_domain_size(int64_t n);
int csp_direct_exclude(int n, int row, int value, int *literals);
int64_t csp_direct_exclude_length(int64_t n, int64_t value);
void csp_direct_explain_domain(char *text, size_t size, int n, int row);

/* 1 when rows at distance d > 0 forbid q_r = a together with q_s = b. */
static inline int csp_conflict(int a, int b, int distance) {
  return a == b || b == a + distance || b == a - distance;
}

/* nq_encoder_generate and nq_encoder_measure for the rows model. */
nq_status generate_rows_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                                comment_fn comment, void *comment_context);
nq_status measure_rows_formula(const nq_encoding *encoding, nq_formula_size *size);

#endif
