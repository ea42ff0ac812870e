/* nqsat/chess.h - the verifier's ground truth for the chessboard families
 * beyond N-Queens: toroidal queens, super-queens, queen domination
 * (plain and independent) and colouring of the queen graph.
 *
 * Every answer comes from a native search written here, never from a SAT
 * solver. Squares are numbered as everywhere in nqsat: row r, column c
 * (0-based) is square r*n + c. Two squares of the queen graph are adjacent
 * when they share a row, a column or a diagonal. Ownership: every pointer
 * passed in is borrowed for the call. */
#ifndef NQSAT_CHESS_H
#define NQSAT_CHESS_H

#include <stdint.h>

#include "nqsat/status.h"

/* Largest board the counters take (one bit per column in 32 bits). */
#define NQ_CHESS_MAX_COUNT_N 32
/* Largest board the domination and colouring searches take. */
#define NQ_CHESS_MAX_GRAPH_N 16

/* Number of ways to place n non-attacking queens on the n x n torus
 * (diagonals wrap around; OEIS A051906), with `threads` >= 1 threads.
 * NQ_ERR_ARGUMENT outside 1..NQ_CHESS_MAX_COUNT_N. */
nq_status nq_chess_count_toroidal(int n, int threads, uint64_t *count);

/* Number of ways to place n non-attacking super-queens (queen and knight
 * moves) on the n x n board (OEIS A051223). */
nq_status nq_chess_count_superqueens(int n, int threads, uint64_t *count);

/* Whether `count` queens can dominate the n x n board (every square
 * occupied or attacked), with `independent` no two attacking each other.
 * Sets *found to 1 and writes the squares to squares[0..count-1] (room for
 * `count`), or sets *found to 0 after an exhaustive search. */
nq_status nq_chess_dominate(int n, int count, int independent, int *found, int *squares);

/* The domination number (OEIS A075458; independent: A075324): the least k
 * for which nq_chess_dominate finds a set, which is proved minimal by the
 * failed search for k - 1. `squares` has room for n*n entries. */
nq_status nq_chess_domination_number(int n, int independent, int *number, int *squares);

/* Whether the n x n queen graph has a proper colouring with `colours`
 * colours: sets *found, and when found writes colour[square] in
 * 0..colours-1 (room for n*n). Exhaustive when *found is 0. */
nq_status nq_chess_colourable(int n, int colours, int *found, int *colour);

/* The chromatic number (OEIS A088202): the least k that is colourable,
 * with k - 1 refuted by the search. */
nq_status nq_chess_chromatic_number(int n, int *number, int *colour);

/* Whether squares a and b (0-based, row-major) of the n x n board attack
 * each other as queens, as toroidal queens, or as super-queens. */
int nq_chess_queens_attack(int n, int a, int b);
int nq_chess_toroidal_attack(int n, int a, int b);
int nq_chess_superqueens_attack(int n, int a, int b);

/* What the OEIS knows. */
typedef enum nq_chess_family {
  NQ_CHESS_TOROIDAL = 0,               /* A051906 */
  NQ_CHESS_SUPERQUEENS = 1,            /* A051223 */
  NQ_CHESS_DOMINATION = 2,             /* A075458 */
  NQ_CHESS_INDEPENDENT_DOMINATION = 3, /* A075324 */
  NQ_CHESS_CHROMATIC = 4,              /* A088202 */
  NQ_CHESS_FAMILY_COUNT
} nq_chess_family;

/* Sets *sequence (when not NULL) to the family's OEIS number ("A051906")
 * and returns 0 with *value = a(n) when the table has the term, else -1. */
int nq_chess_known(nq_chess_family family, int n, uint64_t *value, const char **sequence);

#endif
