/* Private to solver/: the 8 symmetries of the square board (the dihedral
 * group D4) acting on placements given as columns[row], 0-based. */
#ifndef NQSAT_BOARD_SYMMETRY_H
#define NQSAT_BOARD_SYMMETRY_H

enum { BOARD_SYMMETRIES = 8 };

/* The square (*image_row, *image_column) that symmetry `which` moves the
 * square (row, column) of an n x n board to. */
void board_symmetry_square(int which, int n, int row, int column, int *image_row,
                           int *image_column);

/* Writes the image of `columns` under symmetry `which` (0 = identity) into
 * `image`. Works for any placement with one queen per row and column. */
void board_symmetry_apply(int which, const int *columns, int n, int *image);

/* Writes the distinct images of `columns` (itself included) into
 * `images` (room for 8 * n ints), the lexicographically smallest (the
 * orbit's canonical representative) first; returns how many (1, 2, 4 or 8:
 * the orbit size). */
int board_symmetry_orbit(const int *columns, int n, int *images);

#endif
