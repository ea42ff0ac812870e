/* Known N-Queens counts, from the On-Line Encyclopedia of Integer Sequences:
 *   A000170  https://oeis.org/A000170  number of solutions on an n x n board
 *   A002562  https://oeis.org/A002562  solutions counted once per symmetry
 *            class (rotations and reflections)
 * Values for n = 1..27; n = 27 was computed by the Q27 project (TU Dresden,
 * Preusser & Engelhardt, 2016). */
#include "nqsat/oeis_counts.h"

static const uint64_t all_solutions[NQ_COUNT_OEIS_MAX_N + 1] = {
    0, /* unused: boards start at n = 1 */
    1ULL,
    0ULL,
    0ULL,
    2ULL,
    10ULL,
    4ULL,
    40ULL,
    92ULL,
    352ULL,
    724ULL,
    2680ULL,
    14200ULL,
    73712ULL,
    365596ULL,
    2279184ULL,
    14772512ULL,
    95815104ULL,
    666090624ULL,
    4968057848ULL,
    39029188884ULL,
    314666222712ULL,
    2691008701644ULL,
    24233937684440ULL,
    227514171973736ULL,
    2207893435808352ULL,
    22317699616364044ULL,
    234907967154122528ULL};

static const uint64_t fundamental_solutions[NQ_COUNT_OEIS_MAX_N + 1] = {0, /* unused */
                                                                        1ULL,
                                                                        0ULL,
                                                                        0ULL,
                                                                        1ULL,
                                                                        2ULL,
                                                                        1ULL,
                                                                        6ULL,
                                                                        12ULL,
                                                                        46ULL,
                                                                        92ULL,
                                                                        341ULL,
                                                                        1787ULL,
                                                                        9233ULL,
                                                                        45752ULL,
                                                                        285053ULL,
                                                                        1846955ULL,
                                                                        11977939ULL,
                                                                        83263591ULL,
                                                                        621012754ULL,
                                                                        4878666808ULL,
                                                                        39333324973ULL,
                                                                        336376244042ULL,
                                                                        3029242658210ULL,
                                                                        28439272956934ULL,
                                                                        275986683743434ULL,
                                                                        2789712466510289ULL,
                                                                        29363495934315694ULL};

int nq_count_oeis(int n, uint64_t *total, uint64_t *fundamental) {
  if (n < 1 || n > NQ_COUNT_OEIS_MAX_N)
    return -1;
  if (total)
    *total = all_solutions[n];
  if (fundamental)
    *fundamental = fundamental_solutions[n];
  return 0;
}
