/* Private to verify/: sets of squares of a board up to 16 x 16, one bit a
 * square (row-major), for the domination and colouring searches, and the
 * queen graph's closed neighbourhoods built from nq_chess_queens_attack. */
#ifndef NQSAT_VERIFY_CHESS_SQUARE_SET_H
#define NQSAT_VERIFY_CHESS_SQUARE_SET_H

#include <stdint.h>

enum { SQUARE_SET_WORDS = 4, SQUARE_SET_MAX = 64 * SQUARE_SET_WORDS };

typedef struct square_set {
  uint64_t words[SQUARE_SET_WORDS];
} square_set;

static inline void square_set_add(square_set *set, int square) {
  set->words[square >> 6] |= (uint64_t)1 << (square & 63);
}

static inline int square_set_has(const square_set *set, int square) {
  return (int)((set->words[square >> 6] >> (square & 63)) & 1);
}

static inline int square_set_size(const square_set *set) {
  int size = 0;
  for (int i = 0; i < SQUARE_SET_WORDS; i++)
    size += __builtin_popcountll(set->words[i]);
  return size;
}

static inline int square_set_empty(const square_set *set) {
  uint64_t any = 0;
  for (int i = 0; i < SQUARE_SET_WORDS; i++)
    any |= set->words[i];
  return any == 0;
}

/* |a & b|. */
static inline int square_set_common(const square_set *a, const square_set *b) {
  int size = 0;
  for (int i = 0; i < SQUARE_SET_WORDS; i++)
    size += __builtin_popcountll(a->words[i] & b->words[i]);
  return size;
}

static inline square_set square_set_minus(const square_set *a, const square_set *b) {
  square_set result;
  for (int i = 0; i < SQUARE_SET_WORDS; i++)
    result.words[i] = a->words[i] & ~b->words[i];
  return result;
}

/* Fills closed[s] (room for n*n) with s and every square a queen on s
 * attacks; n*n <= SQUARE_SET_MAX. */
void queen_neighbourhoods(int n, square_set *closed);

#endif
