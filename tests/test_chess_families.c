/* The verifier's chessboard families (nqsat/chess.h) against OEIS terms
 * typed from the OEIS, against brute force written here from the
 * definitions, and every witness (dominating set, colouring) checked square
 * by square. `test_chess_families quick` runs in seconds; `slow` adds the
 * larger terms (toroidal and super-queens to N = 17, domination to
 * N = 12, chromatic numbers to N = 9). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/chess.h"

/* OEIS A051906, n = 1..17: n non-attacking queens on the n x n torus. */
static const uint64_t toroidal_oeis[] = {1, 0,  0, 0,    10, 0, 28, 0,     0,
                                         0, 88, 0, 4524, 0,  0, 0,  140692};
/* OEIS A051223, n = 1..17: n non-attacking super-queens. */
static const uint64_t superqueens_oeis[] = {1, 0,  0,   0,    0,    0,     0,      0,      0,
                                            4, 44, 156, 1876, 5180, 32516, 202900, 1330622};
/* OEIS A075458, n = 1..12: domination number of the queen graph. */
static const int domination_oeis[] = {1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6};
/* Independent domination number of the n x n queen graph, n = 1..12: OEIS
 * A075324, read off the square boards of OEIS A299029 (the rectangular
 * boards' triangle, Bozoki et al.). */
static const int independent_oeis[] = {1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7};
/* OEIS A088202, n = 1..9: chromatic number of the queen graph. */
static const int chromatic_oeis[] = {1, 4, 5, 5, 5, 7, 7, 9, 10};

/* ---- the definitions, written again here ---------------------------------- */

static int queens_attack(int n, int a, int b) {
  int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
  return a != b && (dr == 0 || dc == 0 || dr == dc);
}

static int torus_attack(int n, int a, int b) {
  int r1 = a / n, c1 = a % n, r2 = b / n, c2 = b % n;
  int difference = ((r1 - c1) - (r2 - c2) + 4 * n) % n, sum = ((r1 + c1) - (r2 + c2) + 4 * n) % n;
  return a != b && (r1 == r2 || c1 == c2 || difference == 0 || sum == 0);
}

static int super_attack(int n, int a, int b) {
  int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
  return queens_attack(n, a, b) || (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

/* Every permutation (one queen a row and a column), each pair checked. */
static uint64_t brute_count(int n, int (*attack)(int, int, int), int *columns, int row) {
  if (row == n)
    return 1;
  uint64_t count = 0;
  for (int column = 0; column < n; column++) {
    int fine = 1;
    for (int earlier = 0; earlier < row && fine; earlier++)
      fine = !attack(n, earlier * n + columns[earlier], row * n + column);
    if (!fine)
      continue;
    columns[row] = column;
    count += brute_count(n, attack, columns, row + 1);
  }
  return count;
}

static int dominates(int n, const int *squares, int count) {
  for (int square = 0; square < n * n; square++) {
    int covered = 0;
    for (int i = 0; i < count && !covered; i++)
      covered = squares[i] == square || queens_attack(n, squares[i], square);
    if (!covered)
      return 0;
  }
  return 1;
}

static int independent(int n, const int *squares, int count) {
  for (int i = 0; i < count; i++)
    for (int j = i + 1; j < count; j++)
      if (squares[i] == squares[j] || queens_attack(n, squares[i], squares[j]))
        return 0;
  return 1;
}

/* Every set of `count` squares in increasing order. */
static int brute_dominate(int n, int count, int want_independent, int *squares, int depth,
                          int from) {
  if (depth == count)
    return dominates(n, squares, count) && (!want_independent || independent(n, squares, count));
  for (int square = from; square < n * n; square++) {
    squares[depth] = square;
    if (brute_dominate(n, count, want_independent, squares, depth + 1, square + 1))
      return 1;
  }
  return 0;
}

static int brute_domination_number(int n, int want_independent) {
  int squares[16];
  for (int count = 1;; count++)
    if (brute_dominate(n, count, want_independent, squares, 0, 0))
      return count;
}

static int proper(int n, const int *colour, int colours) {
  for (int a = 0; a < n * n; a++) {
    if (colour[a] < 0 || colour[a] >= colours)
      return 0;
    for (int b = a + 1; b < n * n; b++)
      if (queens_attack(n, a, b) && colour[a] == colour[b])
        return 0;
  }
  return 1;
}

/* Plain backtracking over squares in row-major order, a new colour only
 * as the next unused one. */
static int brute_colourable(int n, int colours, int *colour, int square, int used) {
  if (square == n * n)
    return 1;
  for (int c = 0; c < colours && c <= used; c++) {
    int fine = 1;
    for (int earlier = 0; earlier < square && fine; earlier++)
      fine = !(colour[earlier] == c && queens_attack(n, earlier, square));
    if (!fine)
      continue;
    colour[square] = c;
    if (brute_colourable(n, colours, colour, square + 1, c == used ? used + 1 : used))
      return 1;
  }
  return 0;
}

/* ---- the checks ------------------------------------------------------------ */

static void check_attacks(void) {
  for (int n = 1; n <= 7; n++)
    for (int a = 0; a < n * n; a++)
      for (int b = 0; b < n * n; b++) {
        CHECK(nq_chess_queens_attack(n, a, b) == queens_attack(n, a, b), "n=%d %d %d", n, a, b);
        CHECK(nq_chess_toroidal_attack(n, a, b) == torus_attack(n, a, b), "n=%d %d %d", n, a, b);
        CHECK(nq_chess_superqueens_attack(n, a, b) == super_attack(n, a, b), "n=%d %d %d", n, a, b);
      }
}

static void check_counts(int largest, int brute_largest) {
  int columns[32];
  for (int n = 1; n <= largest; n++)
    for (int threads = 1; threads <= 2; threads++) {
      uint64_t toroidal = 0, super = 0;
      CHECK(nq_chess_count_toroidal(n, threads, &toroidal) == NQ_OK, "n=%d", n);
      CHECK(nq_chess_count_superqueens(n, threads, &super) == NQ_OK, "n=%d", n);
      CHECK(toroidal == toroidal_oeis[n - 1], "toroidal n=%d: %llu, A051906 says %llu", n,
            (unsigned long long)toroidal, (unsigned long long)toroidal_oeis[n - 1]);
      CHECK(super == superqueens_oeis[n - 1], "super n=%d: %llu, A051223 says %llu", n,
            (unsigned long long)super, (unsigned long long)superqueens_oeis[n - 1]);
      if (n <= brute_largest && threads == 1) {
        CHECK(toroidal == brute_count(n, torus_attack, columns, 0), "toroidal n=%d", n);
        CHECK(super == brute_count(n, super_attack, columns, 0), "super n=%d", n);
      }
    }
  uint64_t unused;
  CHECK(nq_chess_count_toroidal(0, 1, &unused) == NQ_ERR_ARGUMENT, "n=0");
  CHECK(nq_chess_count_superqueens(33, 1, &unused) == NQ_ERR_ARGUMENT, "n=33");
  CHECK(nq_chess_count_toroidal(5, 0, &unused) == NQ_ERR_ARGUMENT, "no thread");
}

static void check_domination(int largest, int brute_largest) {
  int squares[NQ_CHESS_MAX_GRAPH_N * NQ_CHESS_MAX_GRAPH_N];
  for (int kind = 0; kind < 2; kind++)
    for (int n = 1; n <= largest; n++) {
      const int *oeis = kind ? independent_oeis : domination_oeis;
      int number = 0;
      CHECK(nq_chess_domination_number(n, kind, &number, squares) == NQ_OK, "n=%d", n);
      CHECK(number == oeis[n - 1], "%s n=%d: %d, OEIS says %d", kind ? "independent" : "plain", n,
            number, oeis[n - 1]);
      CHECK(dominates(n, squares, number), "n=%d: the set found does not dominate", n);
      CHECK(!kind || independent(n, squares, number), "n=%d: queens attack each other", n);
      int found = 1;
      CHECK(nq_chess_dominate(n, number - 1, kind, &found, squares) == NQ_OK && !found,
            "n=%d: %d queens should not dominate", n, number - 1);
      if (n <= brute_largest)
        CHECK(number == brute_domination_number(n, kind), "n=%d: brute force disagrees", n);
    }
  /* Five queens dominate 8 x 8 (A075458), four do not; no set of one
   * square dominates 4 x 4. */
  int found = 0;
  CHECK(nq_chess_dominate(8, 5, 0, &found, squares) == NQ_OK && found, "8x8 with 5");
  CHECK(found && dominates(8, squares, 5), "8x8 witness");
  CHECK(nq_chess_dominate(17, 5, 0, &found, squares) == NQ_ERR_ARGUMENT, "n=17");
}

static void check_colouring(int largest, int brute_largest) {
  int colour[NQ_CHESS_MAX_GRAPH_N * NQ_CHESS_MAX_GRAPH_N], brute[64];
  for (int n = 1; n <= largest; n++) {
    int number = 0;
    CHECK(nq_chess_chromatic_number(n, &number, colour) == NQ_OK, "n=%d", n);
    CHECK(number == chromatic_oeis[n - 1], "n=%d: %d colours, A088202 says %d", n, number,
          chromatic_oeis[n - 1]);
    CHECK(proper(n, colour, number), "n=%d: the colouring is not proper", n);
    int found = 1;
    CHECK(nq_chess_colourable(n, number - 1, &found, colour) == NQ_OK && !found,
          "n=%d: %d colours should not do", n, number - 1);
    if (n <= brute_largest) {
      CHECK(brute_colourable(n, number, brute, 0, 0), "n=%d: brute force finds none", n);
      CHECK(!brute_colourable(n, number - 1, brute, 0, 0), "n=%d: brute force finds %d", n,
            number - 1);
    }
  }
}

int main(int argc, char **argv) {
  int slow = argc > 1 && strcmp(argv[1], "slow") == 0;
  check_attacks();
  check_counts(slow ? 17 : 13, 9);
  check_domination(slow ? 12 : 8, 5);
  check_colouring(slow ? 9 : 7, 4);
  return check_report(slow ? "test_chess_families slow" : "test_chess_families");
}
