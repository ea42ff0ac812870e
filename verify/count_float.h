/* Private to verify/: judging the Model Counting Competition's count
 * lines that are not whole numbers ("c s exact double prec-sci X", "c s
 * approx ... X", "c s exact ... log10 X") against an exact count. */
#ifndef NQSAT_VERIFY_COUNT_FLOAT_H
#define NQSAT_VERIFY_COUNT_FLOAT_H

#include <stddef.h>

/* The approximate counters' tolerance: a claim C of the count T is right
 * when T / (1 + EPSILON) <= C <= T * (1 + EPSILON); 0.8 is ApproxMC's
 * default and the competition's approximate setting. */
#define COUNT_FLOAT_EPSILON 0.8

/* How far a log10 claim may be from the count's log10 (0.01 is 2.3 % of
 * the count), as for "c s log10-estimate". */
#define COUNT_FLOAT_LOG10_TOLERANCE 0.01

/* Whether the exact count `digits` (a whole number in decimal) agrees
 * with the claim `text` written in `notation` ("int", "float",
 * "prec-sci", "log10") at `precision` ("double", "quadruple", "mpfr",
 * "arb"), exact or `approximate`: 1 when it does, 0 when not, -1 when
 * `text` is no number of that notation. An exact float claim is right
 * when the count rounds to it at the precision it is written in (half a
 * unit of its last digit) or, for "double", within the double's rounding
 * (2^-52 of the count). `band` receives the range accepted, for
 * messages. */
int count_float_agrees(const char *digits, const char *text, const char *precision,
                       const char *notation, int approximate, char *band, size_t band_size);

#endif
