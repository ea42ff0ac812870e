/* count/join_symmetric.h - internal to count/: the solutions a quarter
 * turn or a half turn leaves unchanged, counted by their own search.
 *
 * The join method counts totals with symmetry weights and cannot tell a
 * solution's class; these two numbers give the classes of 2 and 4 (a class
 * of 2 is a quarter-turn solution and its mirror image, a class of 4 is
 * half-turn symmetric without the quarter turn):
 *   count2 = quarter / 2,   count4 = (half - quarter) / 4
 * and every other solution is in a class of 8. */
#ifndef NQSAT_JOIN_SYMMETRIC_H
#define NQSAT_JOIN_SYMMETRIC_H
#include <signal.h>
#include <stdint.h>

/* For 4 <= n <= 24: *half = solutions equal to their half-turn image,
 * *quarter = solutions equal to their quarter-turn image. Returns 0, or -1
 * when *stop (may be NULL) was set during the search. */
int join_count_symmetric(int n, const volatile sig_atomic_t *stop, uint64_t *half,
                         uint64_t *quarter);
#endif
