/* Exact DIMACS model counts by the model-counting convention (see
 * model_count.h). */
#include "model_count.h"

#include <math.h>

/* The solver's two-word count, high * 2^64 + low, without assuming how
 * wide GMP's unsigned long is. */
static void set_two_words(mpz_t count, uint64_t high, uint64_t low) {
  uint64_t words[2] = {low, high};
  mpz_import(count, 2, -1, sizeof words[0], 0, 0, words);
}

void model_count_of(mpz_t count, const nq_enumeration *result, const nq_cnf_report *report,
                    count_kind kind, int symmetry_on) {
  if (kind == COUNT_ORBITS) {
    set_two_words(count, result->fundamental_high, result->fundamental);
    if (symmetry_on)
      mpz_mul_ui(count, count, (unsigned long)report->unused_projected + 1);
    else
      mpz_mul_2exp(count, count, (mp_bitcnt_t)report->unused_projected);
    return;
  }
  set_two_words(count, result->solutions_high, result->solutions);
  if (kind == COUNT_MODELS)
    mpz_mul_2exp(count, count, (mp_bitcnt_t)report->unused_projected);
}

double model_count_log10(const mpz_t count) {
  /* count = mantissa * 2^exponent with mantissa in [0.5, 1): no overflow
   * for counts far beyond a double's range. */
  signed long exponent = 0;
  double mantissa = mpz_get_d_2exp(&exponent, count);
  return log10(mantissa) + (double)exponent * log10(2.0);
}

void model_count_print(FILE *out, const mpz_t count) { mpz_out_str(out, 10, count); }

void model_count_print_mcc(FILE *out, const mpz_t count, int projected) {
  int satisfiable = mpz_sgn(count) > 0;
  fprintf(out, "s %s\n", satisfiable ? "SATISFIABLE" : "UNSATISFIABLE");
  fprintf(out, "c s type %s\n", projected ? "pmc" : "mc");
  if (satisfiable)
    fprintf(out, "c s log10-estimate %.15g\n", model_count_log10(count));
  else
    fprintf(out, "c s log10-estimate -inf\n");
  fprintf(out, "c s exact arb int ");
  model_count_print(out, count);
  fputc('\n', out);
}
