/* The float and approximate count lines of the Model Counting Competition
 * 2021-2024, judged against an exact count. Counts are compared in long
 * double (64-bit mantissa: exact below 2^64) while they fit, else by
 * their log10. */
#include "count_float.h"

#include "nqsat/verify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A decimal "D[.D][e[+-]D]" with no sign (a count is not negative):
 * its value, its log10 and the power of ten of its last written digit.
 * Returns 0 when `text` is no such number. */
static int parse_decimal(const char *text, long double *value, double *log10_value,
                         long *last_digit) {
  const char *p = text;
  size_t whole = strspn(p, "0123456789");
  p += whole;
  size_t fraction = 0;
  if (*p == '.') {
    fraction = strspn(p + 1, "0123456789");
    p += 1 + fraction;
  }
  if (whole + fraction == 0)
    return 0;
  long exponent = 0;
  if (*p == 'e' || *p == 'E') {
    const char *e = p + 1;
    if (*e == '+' || *e == '-')
      e++;
    size_t digits = strspn(e, "0123456789");
    if (!digits || digits > 9)
      return 0;
    exponent = strtol(p + 1, NULL, 10);
    p = e + digits;
  }
  if (*p)
    return 0;
  *last_digit = exponent - (long)fraction;
  char *end;
  *value = strtold(text, &end);
  /* log10 from the mantissa and the exponent apart: the value itself may
   * be beyond the range of a long double. */
  char mantissa[64];
  size_t length = (size_t)(p - text);
  const char *e = strpbrk(text, "eE");
  if (e)
    length = (size_t)(e - text);
  if (length >= sizeof mantissa)
    length = sizeof mantissa - 1;
  memcpy(mantissa, text, length);
  mantissa[length] = '\0';
  double m = strtod(mantissa, NULL);
  *log10_value = m > 0 ? log10(m) + (double)exponent : -INFINITY;
  return 1;
}

int count_float_agrees(const char *digits, const char *text, const char *precision,
                       const char *notation, int approximate, char *band, size_t band_size) {
  double exact_log10 = nq_count_log10(digits);
  if (!strcmp(notation, "log10")) {
    char *end;
    double claimed = strtod(text, &end);
    if (end == text || *end)
      return -1;
    snprintf(band, band_size, "log10 within %g of %.4f", COUNT_FLOAT_LOG10_TOLERANCE, exact_log10);
    if (isinf(exact_log10))
      return 0;
    return fabs(claimed - exact_log10) <= COUNT_FLOAT_LOG10_TOLERANCE;
  }
  long double value;
  double claimed_log10;
  long last_digit;
  if (!parse_decimal(text, &value, &claimed_log10, &last_digit))
    return -1;
  if (!strcmp(notation, "int") && last_digit != 0)
    return -1; /* "int" with a point or an exponent */
  if (approximate) {
    snprintf(band, band_size, "the count / %.1f to the count * %.1f", 1 + COUNT_FLOAT_EPSILON,
             1 + COUNT_FLOAT_EPSILON);
    if (isinf(exact_log10) || isinf(claimed_log10))
      return isinf(exact_log10) && isinf(claimed_log10);
    return fabs(claimed_log10 - exact_log10) <= log10(1 + COUNT_FLOAT_EPSILON) + 1e-12;
  }
  long double relative = !strcmp(precision, "double") ? ldexpl(1.0L, -52) : 0.0L;
  snprintf(band, band_size, "the count rounded to the digits written%s",
           relative > 0 ? ", or within 2^-52 of it (a double's rounding)" : "");
  if (strlen(digits) < 4900) {
    long double count = strtold(digits, NULL);
    long double half_unit = 0.5L * powl(10.0L, (long double)last_digit);
    long double allowed = half_unit > relative * count ? half_unit : relative * count;
    return fabsl(value - count) <= allowed;
  }
  /* Beyond a long double: by log10, to a double's precision. */
  double allowed_log10 = log10(1 + fmax((double)relative, 1e-12));
  return fabs(claimed_log10 - exact_log10) <= allowed_log10;
}
