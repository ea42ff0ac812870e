/* What the encoder says its variables mean (nq_encoder_variable_meaning)
 * and how it writes "no queen on this square" (nq_encoder_square_clause),
 * the two things `nqsat teach` builds its clause board on, checked against
 * the numbering nqsat/encoder.h documents, typed in here: for every value
 * q of a row, the assignment that numbering gives the row's variables
 * (x(r,v) = [q = v]; order p(r,a) = [q <= a + 1]; log bit k of q) must
 * falsify the square clause of (row, q) and satisfy the clause of every
 * other square of the row, and leave the other rows' squares alone. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/encoder.h"

enum { MAX_N = 12 };

/* The value of variable v when row `row` holds q (0-based) and every
 * other row is unset (0); 1 true, -1 false. */
static int documented_value(nq_csp csp, int n, int width, int row, int q, int v) {
  if ((v - 1) / width != row)
    return 0;
  int k = (v - 1) % width;
  switch (csp) {
  case NQ_CSP_ORDER: return q <= k ? 1 : -1;
  case NQ_CSP_LOG: return (q >> k) & 1 ? 1 : -1;
  default: (void)n; return q == k ? 1 : -1;
  }
}

static void check_rows_model(nq_csp csp, int n) {
  nq_encoding encoding = {.n = n, .model = NQ_MODEL_ROWS, .csp = csp};
  int width = nq_csp_row_width(csp, n);
  char text[160];
  for (int v = 1; v <= n * width; v++)
    CHECK(!nq_encoder_variable_meaning(&encoding, v, text, sizeof text) && text[0],
          "%s n=%d: variable %d has no meaning", nq_csp_name(csp), n, v);
  CHECK(nq_encoder_variable_meaning(&encoding, n * width + 1, text, sizeof text) == -1,
        "%s n=%d: a variable past the last has a meaning", nq_csp_name(csp), n);
  for (int row = 0; row < n; row++)
    for (int q = 0; q < n; q++)
      for (int column = 0; column < n; column++) {
        int literals[32], count = nq_encoder_square_clause(&encoding, row, column, literals);
        int satisfied = 0, unset = 0;
        for (int i = 0; i < count; i++) {
          int value = documented_value(csp, n, width, row, q, abs(literals[i])) *
                      (literals[i] > 0 ? 1 : -1);
          satisfied |= value > 0;
          unset |= value == 0;
        }
        /* At N = 1 order and log have no variable: q = 1 always holds,
         * and "no queen here" is the empty clause. */
        CHECK(!unset && (count > 0 || n == 1), "%s n=%d: square (%d,%d) mentions other rows",
              nq_csp_name(csp), n, row + 1, column + 1);
        CHECK(satisfied == (column != q),
              "%s n=%d: row %d holding %d: the clause of column %d is %s", nq_csp_name(csp), n,
              row + 1, q + 1, column + 1, satisfied ? "true" : "false");
      }
}

static void check_matrix_model(nq_amo amo, int n) {
  nq_encoding encoding = {.n = n, .amo = amo};
  nq_formula_size size;
  CHECK(nq_encoder_measure(&encoding, &size) == NQ_OK, "n=%d: measure", n);
  char text[160], expected[64];
  for (int v = 1; v <= (int)size.variables; v++) {
    int known = !nq_encoder_variable_meaning(&encoding, v, text, sizeof text);
    CHECK(known == (v <= n * n), "%s n=%d: variable %d %s", nq_amo_name(amo), n, v,
          known ? "named, but auxiliary" : "not named, but a queen");
    if (known && v <= n * n) {
      snprintf(expected, sizeof expected, "x(%d,%d): ", (v - 1) / n + 1, (v - 1) % n + 1);
      CHECK(!strncmp(text, expected, strlen(expected)), "%s: variable %d is '%s'", nq_amo_name(amo),
            v, text);
    }
  }
  for (int row = 0; row < n; row++)
    for (int column = 0; column < n; column++) {
      int literals[32], count = nq_encoder_square_clause(&encoding, row, column, literals);
      CHECK(count == 1 && literals[0] == -(row * n + column + 1), "n=%d: square (%d,%d)", n,
            row + 1, column + 1);
    }
}

int main(void) {
  for (int n = 1; n <= MAX_N; n++) {
    for (int csp = 0; csp < NQ_CSP_COUNT; csp++)
      check_rows_model((nq_csp)csp, n);
    for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
      check_matrix_model((nq_amo)amo, n);
  }
  return check_report("test_encoder_meaning");
}
