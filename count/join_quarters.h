/* count/join_quarters.h - internal to count/: every partial placement of
 * one quarter of the board, indexed by the rows and columns it uses, for
 * the join counting method (count/count_join.c).
 *
 * A quarter is a rectangle of rows [row0, row1) and columns [col0, col1).
 * Its entries are all sets of mutually non-attacking queens in it (empty
 * included), at most one per row and column. Each entry is a single 64-bit
 * word: the diagonals its queens hold, in the frame of the half board the
 * quarter belongs to (see join_frame), so two quarters of the same half fit
 * exactly when their words are disjoint, and a half's word is the OR of its
 * quarters' words. */
#ifndef NQSAT_JOIN_QUARTERS_H
#define NQSAT_JOIN_QUARTERS_H
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

/* Where a half board keeps its diagonals in one word: the anti-diagonal
 * (r + c) at bit r + c - anti_base, the diagonal (r - c + n - 1) at bit
 * diag_field + r - c + n - 1 - diag_base. Two fields of `diag_field` bits;
 * 2 * diag_field <= 64 holds for n <= NQ_COUNT_JOIN_MAX_N. */
typedef struct join_frame {
  int n;
  int anti_base, diag_base, diag_field;
} join_frame;

typedef struct join_quarter {
  int row0, row1, col0, col1;
  join_frame frame;
  uint64_t *mask;  /* entries grouped by (rows, columns) */
  uint32_t *first; /* first[key] .. first[key + 1]: the entries of key */
  size_t size;     /* entries */
} join_quarter;

/* Bucket key of a rows set and a columns set, both relative to the
 * quarter's first row and column. */
static inline size_t join_quarter_key(const join_quarter *q, uint32_t rows, uint32_t cols) {
  return ((size_t)rows << (q->col1 - q->col0)) | cols;
}

/* Number of entries of a rows x cols quarter without building it (a table
 * for the sizes the method uses; 0 when unknown), for memory estimates. */
uint64_t join_quarter_entries(int rows, int cols);

/* Fills q (two passes of the same search: count per key, then place).
 * Returns 0; -1 when memory runs out; -2 when *stop (may be NULL) was set
 * (looked at a few thousand times a pass); q is left empty on failure. */
int join_quarter_build(join_quarter *q, join_frame frame, int row0, int row1, int col0, int col1,
                       const volatile sig_atomic_t *stop);
void join_quarter_free(join_quarter *q);
#endif
