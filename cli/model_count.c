/* Exact DIMACS model counts by the model-counting convention (see
 * model_count.h). */
#include "model_count.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void model_count_init(model_count *count) {
  mpz_init(count->mantissa);
  count->power = 0;
}

void model_count_clear(model_count *count) { mpz_clear(count->mantissa); }

/* The solver's two-word count, high * 2^64 + low, without assuming how
 * wide GMP's unsigned long is. */
static void set_two_words(mpz_t count, uint64_t high, uint64_t low) {
  uint64_t words[2] = {low, high};
  mpz_import(count, 2, -1, sizeof words[0], 0, 0, words);
}

void model_count_of(model_count *count, const nq_enumeration *result, const nq_cnf_report *report,
                    count_kind kind, int symmetry_on) {
  count->power = 0;
  if (kind == COUNT_ORBITS) {
    set_two_words(count->mantissa, result->fundamental_high, result->fundamental);
    if (symmetry_on)
      mpz_mul_ui(count->mantissa, count->mantissa, (unsigned long)report->unused_projected + 1);
    else
      count->power = (uint64_t)report->unused_projected;
    return;
  }
  set_two_words(count->mantissa, result->solutions_high, result->solutions);
  if (kind == COUNT_MODELS)
    count->power = (uint64_t)report->unused_projected;
}

int model_count_compare_ui(const model_count *count, unsigned long value) {
  if (count->power == 0 || mpz_sgn(count->mantissa) == 0)
    return mpz_cmp_ui(count->mantissa, value);
  if (count->power >= 64)
    return 1; /* a positive mantissa times 2^64 or more */
  mpz_t whole;
  mpz_init(whole);
  mpz_mul_2exp(whole, count->mantissa, (mp_bitcnt_t)count->power);
  int order = mpz_cmp_ui(whole, value);
  mpz_clear(whole);
  return order;
}

double model_count_log10(const model_count *count) {
  /* mantissa = fraction * 2^exponent with fraction in [0.5, 1): no
   * overflow for counts far beyond a double's range. */
  signed long exponent = 0;
  double fraction = mpz_get_d_2exp(&exponent, count->mantissa);
  return log10(fraction) + ((double)exponent + (double)count->power) * log10(2.0);
}

/* Margin around the double estimate of the digits: beyond it the
 * decimal is never made; within it, it is made and measured. */
enum { DIGITS_MARGIN = 2 };

/* The count in decimal (caller frees), or NULL when it has more than
 * `max_digits` digits (or memory runs out). */
static char *decimal_within(const model_count *count, uint64_t max_digits) {
  if (mpz_sgn(count->mantissa) > 0 &&
      model_count_log10(count) + 1 > (double)max_digits + DIGITS_MARGIN)
    return NULL;
  mpz_t whole;
  mpz_init(whole);
  mpz_mul_2exp(whole, count->mantissa, (mp_bitcnt_t)count->power);
  char *text = mpz_get_str(NULL, 10, whole);
  mpz_clear(whole);
  if (text && strlen(text) > max_digits) {
    free(text);
    text = NULL;
  }
  return text;
}

int model_count_fits_digits(const model_count *count, uint64_t max_digits) {
  char *text = decimal_within(count, max_digits);
  free(text);
  return text != NULL;
}

/* "M*2^K" with M odd; "2^K" when M is 1. */
static void print_power_form(FILE *out, const model_count *count) {
  mpz_t odd;
  mpz_init(odd);
  mp_bitcnt_t twos = mpz_scan1(count->mantissa, 0);
  mpz_tdiv_q_2exp(odd, count->mantissa, twos);
  if (mpz_cmp_ui(odd, 1) != 0) {
    mpz_out_str(out, 10, odd);
    fputc('*', out);
  }
  fprintf(out, "2^%llu", (unsigned long long)(count->power + twos));
  mpz_clear(odd);
}

int model_count_print(FILE *out, const model_count *count, uint64_t max_digits) {
  char *text = decimal_within(count, max_digits);
  if (text) {
    fputs(text, out);
    free(text);
    return 0;
  }
  print_power_form(out, count);
  return 1;
}

void model_count_print_mcc(FILE *out, const model_count *count, int projected,
                           uint64_t max_digits) {
  int satisfiable = mpz_sgn(count->mantissa) > 0;
  fprintf(out, "s %s\n", satisfiable ? "SATISFIABLE" : "UNSATISFIABLE");
  fprintf(out, "c s type %s\n", projected ? "pmc" : "mc");
  if (satisfiable)
    fprintf(out, "c s log10-estimate %.15g\n", model_count_log10(count));
  else
    fprintf(out, "c s log10-estimate -inf\n");
  char *text = decimal_within(count, max_digits);
  if (text) {
    fprintf(out, "c s exact arb int %s\n", text);
    free(text);
  } else {
    fprintf(out, "c o exact count ");
    print_power_form(out, count);
    fprintf(out, " (more than %llu digits; --exact-digits prints them)\n",
            (unsigned long long)max_digits);
  }
}
