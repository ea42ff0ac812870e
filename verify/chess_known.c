/* The chessboard families' terms as the OEIS lists them, typed from the
 * OEIS entries (verified against the native searches by
 * tests/test_chess_families.c where they reach). */
#include <stddef.h>

#include "nqsat/chess.h"

/* clang-format off */
/* A051906: n non-attacking queens on the n x n torus, n = 1..34. */
static const uint64_t toroidal[] = {
    1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692, 0, 820496, 0, 0, 0, 128850048,
    0, 1957725000, 0, 0, 0, UINT64_C(605917055356), 0, UINT64_C(13404947681712), 0, 0, 0};
/* A051223: n non-attacking super-queens, n = 1..26. */
static const uint64_t superqueens[] = {
    1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516, 202900, 1330622, 8924976, 64492432,
    495864256, UINT64_C(3977841852), UINT64_C(34092182276), UINT64_C(306819842212),
    UINT64_C(2883202816808), UINT64_C(28144109776812), UINT64_C(286022102245804)};
/* A075458: domination number of the queen graph, n = 1..25. */
static const uint64_t domination[] = {1, 1, 1, 2, 3, 3,  4,  5,  5,  5,  5,  6, 7,
                                      8, 9, 9, 9, 9, 10, 11, 11, 12, 12, 13, 13};
/* A075324: independent domination number, n = 1..14 (the square boards of
 * A299029). */
static const uint64_t independent[] = {1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7, 7, 8};
/* A088202: chromatic number of the queen graph, n = 1..26. */
static const uint64_t chromatic[] = {1,  4,  5,  5,  5,  7,  7,  9,  10, 11, 11, 12, 13,
                                     14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26};

/* clang-format on */

typedef struct known_table {
  const char *sequence;
  const uint64_t *terms;
  int count;
} known_table;

#define TABLE(name, terms)                                                                         \
  { name, terms, (int)(sizeof terms / sizeof terms[0]) }

static const known_table tables[NQ_CHESS_FAMILY_COUNT] = {
    [NQ_CHESS_TOROIDAL] = TABLE("A051906", toroidal),
    [NQ_CHESS_SUPERQUEENS] = TABLE("A051223", superqueens),
    [NQ_CHESS_DOMINATION] = TABLE("A075458", domination),
    [NQ_CHESS_INDEPENDENT_DOMINATION] = TABLE("A075324", independent),
    [NQ_CHESS_CHROMATIC] = TABLE("A088202", chromatic),
};

int nq_chess_known(nq_chess_family family, int n, uint64_t *value, const char **sequence) {
  if ((int)family < 0 || family >= NQ_CHESS_FAMILY_COUNT)
    return -1;
  const known_table *table = &tables[family];
  if (sequence)
    *sequence = table->sequence;
  if (n < 1 || n > table->count)
    return -1;
  *value = table->terms[n - 1];
  return 0;
}
