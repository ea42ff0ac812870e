/* Who attacks whom on the chessboard families' boards, square by square:
 * the definitions the searches and the tests are checked against. */
#include <stdlib.h>

#include "chess_square_set.h"
#include "nqsat/chess.h"

static int on_board(int n, int square) { return n >= 1 && square >= 0 && square < n * n; }

int nq_chess_queens_attack(int n, int a, int b) {
  if (!on_board(n, a) || !on_board(n, b) || a == b)
    return 0;
  int row_a = a / n, column_a = a % n, row_b = b / n, column_b = b % n;
  return row_a == row_b || column_a == column_b || abs(row_a - row_b) == abs(column_a - column_b);
}

int nq_chess_toroidal_attack(int n, int a, int b) {
  if (!on_board(n, a) || !on_board(n, b) || a == b)
    return 0;
  int row_a = a / n, column_a = a % n, row_b = b / n, column_b = b % n;
  /* On the torus both diagonal families are the residues of r - c and
   * r + c modulo n. */
  return row_a == row_b || column_a == column_b ||
         ((row_a - column_a) - (row_b - column_b)) % n == 0 ||
         ((row_a + column_a) - (row_b + column_b)) % n == 0;
}

int nq_chess_superqueens_attack(int n, int a, int b) {
  if (nq_chess_queens_attack(n, a, b))
    return 1;
  if (!on_board(n, a) || !on_board(n, b))
    return 0;
  int rows = abs(a / n - b / n), columns = abs(a % n - b % n);
  return (rows == 1 && columns == 2) || (rows == 2 && columns == 1);
}

void queen_neighbourhoods(int n, square_set *closed) {
  for (int a = 0; a < n * n; a++) {
    closed[a] = (square_set){{0}};
    square_set_add(&closed[a], a);
    for (int b = 0; b < n * n; b++)
      if (nq_chess_queens_attack(n, a, b))
        square_set_add(&closed[a], b);
  }
}
