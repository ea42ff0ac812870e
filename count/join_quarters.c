/* join_quarters.c - all partial placements of a board quarter, bucketed by
 * the rows and columns they use (see join_quarters.h).
 *
 * The same depth-first search runs twice: first it counts the entries of
 * every (rows, columns) key, then it writes each entry straight into its
 * bucket. No sort and no second copy, so the peak is the table itself (8
 * bytes an entry plus 4 per key): 66.8 million entries for an 11 x 11
 * quarter at n = 21, 22. */
#include "join_quarters.h"

#include <stdlib.h>

/* Entries of an r x c quarter (r, c <= 12), counted by this search (the
 * number of sets of non-attacking queens on an r x c board, the empty set
 * included); the table is symmetric in r and c. */
uint64_t join_quarter_entries(int rows, int cols) {
  static const uint64_t square[13] = {1,     2,      5,      18,      87,       462,      2635,
                                      16870, 118969, 915442, 7535369, 66807234, 633443407};
  static const uint64_t oblong[13] = {
      /* (k+1) x k */ 2, 3,        9,         37, 185, 1039, 6335, 42807, 316395,
      2524999,           21637115, 198770307, 0};
  if (rows < cols) {
    int t = rows;
    rows = cols, cols = t;
  }
  if (cols < 0 || rows > 12)
    return 0;
  if (rows == cols)
    return square[rows];
  if (rows == cols + 1)
    return oblong[cols];
  return 0;
}

static inline uint64_t frame_bits(const join_frame *f, int r, int c) {
  return (1ull << (r + c - f->anti_base)) |
         (1ull << (f->diag_field + r - c + f->n - 1 - f->diag_base));
}

typedef struct quarter_search {
  join_quarter *q;
  int writing; /* 0: count entries per key into first[key + 1]; 1: place them */
  uint32_t width_mask;
  const volatile sig_atomic_t *stop;
  int stopped;
} quarter_search;

/* Row by row, each row empty or holding one queen. `mask` is the entry's
 * frame word; `rising` marks the diagonals again as c - r + row1 (bit c - r
 * + row1), so a row's attacked columns are one shift of either word. */
static void search(quarter_search *s, int r, uint32_t rows, uint32_t cols, uint64_t mask,
                   uint64_t rising) {
  join_quarter *q = s->q;
  if (r == q->row1) {
    size_t key = join_quarter_key(q, rows, cols);
    if (s->writing)
      q->mask[q->first[key]++] = mask;
    else
      q->first[key + 1]++;
    return;
  }
  if (r < q->row0 + 3 && s->stop && *s->stop)
    s->stopped = 1;
  if (s->stopped)
    return;
  search(s, r + 1, rows, cols, mask, rising); /* row r stays empty */
  const join_frame *f = &q->frame;
  uint32_t attacked = cols | (uint32_t)(mask >> (r + q->col0 - f->anti_base)) |
                      (uint32_t)(rising >> (q->row1 - r + q->col0));
  for (uint32_t open = s->width_mask & ~attacked; open; open &= open - 1) {
    int c = q->col0 + __builtin_ctz(open);
    search(s, r + 1, rows | 1u << (r - q->row0), cols | 1u << (c - q->col0),
           mask | frame_bits(f, r, c), rising | 1ull << (c - r + q->row1));
  }
}

int join_quarter_build(join_quarter *q, join_frame frame, int row0, int row1, int col0, int col1,
                       const volatile sig_atomic_t *stop) {
  *q = (join_quarter){.row0 = row0, .row1 = row1, .col0 = col0, .col1 = col1, .frame = frame};
  size_t keys = (size_t)1 << ((row1 - row0) + (col1 - col0));
  q->first = calloc(keys + 1, sizeof *q->first);
  if (!q->first)
    return -1;
  quarter_search s = {q, 0, (1u << (col1 - col0)) - 1, stop, 0};
  search(&s, row0, 0, 0, 0, 0);
  if (s.stopped) {
    join_quarter_free(q);
    return -2;
  }
  for (size_t k = 0; k < keys; k++)
    q->first[k + 1] += q->first[k];
  q->size = q->first[keys];
  q->mask = malloc((q->size ? q->size : 1) * sizeof *q->mask);
  if (!q->mask) {
    join_quarter_free(q);
    return -1;
  }
  /* Place: first[key] walks to the end of its bucket, which is where the
   * next bucket starts; shifting the array back restores the starts. */
  s.writing = 1;
  search(&s, row0, 0, 0, 0, 0);
  if (s.stopped) {
    join_quarter_free(q);
    return -2;
  }
  for (size_t k = keys; k > 0; k--)
    q->first[k] = q->first[k - 1];
  q->first[0] = 0;
  return 0;
}

void join_quarter_free(join_quarter *q) {
  free(q->mask);
  free(q->first);
  q->mask = NULL, q->first = NULL, q->size = 0;
}
