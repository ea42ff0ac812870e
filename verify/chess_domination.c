/* Queen domination, plain (OEIS A075458) and independent (A075324): can k
 * queens occupy or attack every square?
 *
 * Branch on the undominated square with the fewest squares left that could
 * dominate it: one of them must hold a queen. Candidates are tried in turn,
 * and each one tried is barred from the later branches, so no set is
 * searched twice. A node is cut when the k largest gains (squares a new
 * queen would newly dominate) cannot cover what is left, the bound of
 * Kearse & Gibbons, "Computational methods and new results for chessboard
 * problems", Australas. J. Combin. 23 (2001). Independent sets only take
 * queens on squares nothing attacks yet. */
#include <stdlib.h>

#include "chess_square_set.h"
#include "nqsat/chess.h"

typedef struct domination {
  int squares;
  int independent;
  square_set closed[SQUARE_SET_MAX];
  int *chosen;
} domination;

/* Whether the `left` largest gains among the allowed squares reach
 * `needed`. */
static int gains_can_cover(const domination *search, const square_set *undominated,
                           const square_set *allowed, int left, int needed) {
  int best[NQ_CHESS_MAX_GRAPH_N * NQ_CHESS_MAX_GRAPH_N] = {0};
  int kept = 0;
  for (int square = 0; square < search->squares; square++) {
    if (!square_set_has(allowed, square))
      continue;
    int gain = square_set_common(&search->closed[square], undominated);
    if (kept == left && gain <= best[kept - 1])
      continue;
    int at = kept < left ? kept++ : kept - 1;
    while (at > 0 && best[at - 1] < gain) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = gain;
  }
  int total = 0;
  for (int i = 0; i < kept; i++)
    total += best[i];
  return total >= needed;
}

static int dominate(domination *search, square_set undominated, square_set allowed, int left,
                    int depth) {
  if (square_set_empty(&undominated))
    return 1;
  if (left == 0)
    return 0;
  if (search->independent)
    for (int i = 0; i < SQUARE_SET_WORDS; i++)
      allowed.words[i] &= undominated.words[i];
  if (!gains_can_cover(search, &undominated, &allowed, left, square_set_size(&undominated)))
    return 0;
  int target = -1, fewest = search->squares + 1;
  for (int square = 0; square < search->squares; square++) {
    if (!square_set_has(&undominated, square))
      continue;
    int options = square_set_common(&search->closed[square], &allowed);
    if (options < fewest) {
      fewest = options;
      target = square;
      if (options == 0)
        return 0;
    }
  }
  /* The candidates, most newly dominated squares first. */
  int candidates[4 * NQ_CHESS_MAX_GRAPH_N], gains[4 * NQ_CHESS_MAX_GRAPH_N], count = 0;
  for (int square = 0; square < search->squares; square++) {
    if (!square_set_has(&search->closed[target], square) || !square_set_has(&allowed, square))
      continue;
    int gain = square_set_common(&search->closed[square], &undominated), at = count++;
    while (at > 0 && gains[at - 1] < gain) {
      gains[at] = gains[at - 1];
      candidates[at] = candidates[at - 1];
      at--;
    }
    gains[at] = gain;
    candidates[at] = square;
  }
  for (int i = 0; i < count; i++) {
    int queen = candidates[i];
    search->chosen[depth] = queen;
    square_set rest = square_set_minus(&undominated, &search->closed[queen]);
    if (dominate(search, rest, allowed, left - 1, depth + 1))
      return 1;
    allowed.words[queen >> 6] &= ~((uint64_t)1 << (queen & 63));
  }
  return 0;
}

nq_status nq_chess_dominate(int n, int count, int independent, int *found, int *squares) {
  if (n < 1 || n > NQ_CHESS_MAX_GRAPH_N || count < 0 || count > n * n)
    return NQ_ERR_ARGUMENT;
  domination *search = malloc(sizeof *search);
  if (!search)
    return NQ_ERR_MEMORY;
  search->squares = n * n;
  search->independent = independent;
  search->chosen = squares;
  queen_neighbourhoods(n, search->closed);
  square_set everything = {{0}};
  for (int square = 0; square < n * n; square++)
    square_set_add(&everything, square);
  *found = dominate(search, everything, everything, count, 0);
  free(search);
  return NQ_OK;
}

nq_status nq_chess_domination_number(int n, int independent, int *number, int *squares) {
  for (int count = 1; count <= n; count++) {
    int found = 0;
    nq_status status = nq_chess_dominate(n, count, independent, &found, squares);
    if (status != NQ_OK)
      return status;
    if (found) {
      *number = count;
      return NQ_OK;
    }
  }
  /* Not reached: a maximal set of non-attacking queens dominates and holds
   * at most n queens (one a row). */
  return NQ_ERR_SOLVER;
}
