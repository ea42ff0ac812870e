/* The log encoding of the rows model (K. Iwama and S. Miyazaki,
 * "SAT-variable complexity of hard combinatorial problems", IFIP 1994;
 * also Walsh, CP 2000): q_r in binary, ceil(log2 n) Booleans per row, bit
 * k of weight 2^k, and one clause per bit pattern >= n excluding it. "q_r
 * != v" is the clause that is false exactly on v's bit pattern, so a
 * forbidden pair of values is one clause over both rows' bits. The fewest
 * variables of the four, and the weakest propagation: a clause about q_s
 * becomes unit only when all but one of row s's bits are fixed. */
#include <stdio.h>

#include "csp.h"

static int log_width(int n) { return bits_for(n); }

static int log_exclude(int n, int row, int value, int *literals) {
  int width = bits_for(n);
  for (int k = 0; k < width; k++) {
    int variable = csp_variable(width, row, k);
    literals[k] = (value >> k) & 1 ? -variable : variable;
  }
  return width;
}

static int64_t log_exclude_length(int64_t n, int64_t value) {
  (void)value;
  return bits_for(n);
}

static void log_domain(clause_emitter *emitter, int n, int row) {
  int literals[32];
  int width = bits_for(n);
  for (int value = n; value < (1 << width); value++) {
    log_exclude(n, row, value, literals);
    emit_clause(emitter, literals, (size_t)width);
  }
}

static amo_size log_domain_size(int64_t n) {
  int64_t width = bits_for(n), unused = ((int64_t)1 << width) - n;
  return (amo_size){0, unused, unused * width};
}

static void log_explain_domain(char *text, size_t size, int n, int row) {
  int width = bits_for(n);
  if ((1 << width) > n)
    snprintf(text, size, "q_%d <= %d: the bit patterns of %d..%d excluded", row + 1, n, n + 1,
             1 << width);
  else
    text[0] = '\0';
}

const csp_scheme csp_log_scheme = {
    NQ_CSP_LOG,         "log",       "Iwama & Miyazaki 1994", log_width, log_domain,
    log_domain_size,    log_exclude, log_exclude_length,      NULL,      NULL,
    log_explain_domain,
};
