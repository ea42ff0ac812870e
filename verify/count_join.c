/* count_join.c - the join counting method (issue 12): half-boards joined
 * per column set, counting one representative per symmetry class.
 *
 * The idea (not the code) follows Evgeny Kluev's N-Queens-Count-Sol (MIT,
 * 2022), which joins partial solutions of board quarters, and the older
 * deepgreen NQueens pages (http://deepgreen.game.coocan.jp/NQueens/): cut
 * the board between rows h-1 and h (h = ceil(n/2)), fill both halves on their
 * own, and count the pairs that fit together. This version is simpler than
 * Kluev's quarters; see docs/count-join.md for the method and its limits.
 *
 *   Job: the queen of row 0 at column a, and a run of column sets C (the h
 *   columns the top half uses, a in C). For each C the worker enumerates
 *   the top halves on C and the bottom halves on the other columns, each
 *   reduced to one 64-bit mask of the diagonals that cross the cut (only
 *   those can clash across it), and counts the (top, bottom) pairs whose
 *   masks are disjoint.
 *
 *   Classes: a solution is counted only when it is the lexicographically
 *   smallest of its eight images. An image's row 0 holds p[0], n-1-p[0],
 *   p[n-1], n-1-p[n-1], q[0], n-1-q[0], q[n-1] or n-1-q[n-1] (p the
 *   columns by row, q its inverse), so the enumeration keeps only halves
 *   where none of these is below a. When none equals a either (the common
 *   case) the solution is its class's representative and the class has 8
 *   members: those pairs are counted in bulk. Halves that make a tie go
 *   through a full comparison of the eight images (which also finds the
 *   symmetric solutions, classes of 2 and 4). With a = 0 the only tie is
 *   the transpose, decided by p[1] < q[1], which stays in the bulk loop as
 *   a one-byte key compare.
 *
 * Every class is counted once, in the job holding its representative, so
 * the jobs' count2/count4/count8 add up to A000170 and A002562 exactly. */
#include <stdlib.h>
#include <string.h>

#include "count_method.h"

/* Masks: 2(n-1) diagonal bits, then n/2 rule bits; a half's rows in 5
 * bits each: n <= 24 fits 64. */
enum { JOIN_MAX_N = NQ_COUNT_JOIN_MAX_N };
#ifndef JOIN_SINGLE_MAX
#define JOIN_SINGLE_MAX 1
#endif
enum { JOIN_MIN_N = 4, JOIN_JOBS_TARGET = 256, JOIN_STOP_EVERY = 64 };

typedef struct join_job {
  uint32_t first; /* colex rank of the job's first column set */
  uint32_t count; /* column sets in the job */
  double weight;  /* cost guess: row-0 columns the tops may use, summed */
} join_job;

typedef struct join_shared {
  int n, h, last_a;
  int fused; /* 1: the fused join; 0: list both halves, then pair them */
  size_t (*filter)(const uint64_t *, const uint32_t *, size_t, uint64_t, uint64_t *, uint32_t *);
  int rule_shift;   /* first mask bit after the diagonals: 2(n-1) */
  int order[64];    /* the diagonal bits to split on, most often set first */
  int order_size;
  uint64_t cut[32][32]; /* cut_bits(n, h, r, c) */
  size_t jobs;
  join_job *job;
} join_shared;

/* One half's entries. `tag` is the row-0 column a for a top, the largest a
 * a bottom may meet for a bottom; `key` the transpose key (a = 0). */
typedef struct half_list {
  size_t size, cap;
  uint64_t *mask;
  uint8_t *key, *tag;
  uint64_t *rows; /* the columns by row, 5 bits each, first row lowest */
} half_list;

typedef struct join_worker {
  half_list top, bottom, sorted;
  /* Scratch for the bulk join: masks with the pairing rule folded in. */
  uint64_t *tops, *bottoms;
  size_t tops_cap, bottoms_cap;
  /* The fused join: per bottom row, the tops still fitting (mask, index). */
  uint64_t *keep_mask;
  uint32_t *keep_index;
  size_t keep_cap; /* entries per row */
  size_t from[34]; /* sorted bottoms with tag >= v start at 0 and end at from[v] */
} join_worker;

/* Enumeration state for one half. */
typedef struct half_search {
  int n, h, a, first_row, rows, is_top;
  uint32_t allowed[32]; /* columns row r may use */
  uint32_t cols;        /* the half's column set: each used exactly once */
  const uint64_t (*cut)[32]; /* cut_bits by row and column */
  uint8_t pos[32];      /* column by row (absolute rows) */
  int row_of[3];        /* rows of the queens in columns 0, 1, n-1 while placed */
  half_list *list;
  int failed;
} half_search;
/* The largest row-0 column of a representative: a < n-1-a, and for odd n
 * the middle column is out (p[n-1] would have to share it). */
static int last_row0_column(int n) { return (n - 2) / 2; }

static uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t r = 1;
  for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
  return r;
}

/* The `rank`-th k-subset of {0..m-1} in colex order, as a bit mask. */
static uint32_t colex_unrank(uint64_t rank, int m, int k) {
  uint32_t set = 0;
  for (int j = k; j >= 1; j--) {
    int e = j - 1;
    while (e + 1 < m && binomial(e + 1, j) <= rank) e++;
    rank -= binomial(e, j);
    set |= 1u << e;
    m = e;
  }
  return set;
}

/* Next set with the same number of bits (Gosper's hack). */
static uint32_t next_same_bits(uint32_t x) {
  uint32_t low = x & (0u - x), ripple = x + low;
  return ripple | (((x ^ ripple) >> 2) / low);
}

/* The diagonals of queen (r, c) that cross the cut, as bits of one mask:
 * c - r + h - 1 in 0..n-2 (down-right lines), c + r - h in 0..n-2
 * (down-left lines, shifted by n-1). Lines outside these windows never
 * meet a square of the other half. */
static uint64_t cut_bits(int n, int h, int r, int c) {
  uint64_t bits = 0;
  int d = c - r + h - 1, s = c + r - h;
  if (d >= 0 && d <= n - 2) bits |= 1ull << d;
  if (s >= 0 && s <= n - 2) bits |= 1ull << (n - 1 + s);
  return bits;
}

static int list_push(half_list *list, uint64_t mask, uint8_t key, uint8_t tag, uint64_t rows) {
  if (list->size == list->cap) {
    size_t cap = list->cap ? list->cap * 2 : 1024;
    uint64_t *m = realloc(list->mask, cap * sizeof *m);
    if (m) list->mask = m;
    uint8_t *k = realloc(list->key, cap);
    if (k) list->key = k;
    uint8_t *t = realloc(list->tag, cap);
    if (t) list->tag = t;
    uint64_t *r = realloc(list->rows, cap * sizeof *r);
    if (r) list->rows = r;
    if (!m || !k || !t || !r) return -1;
    list->cap = cap;
  }
  size_t i = list->size++;
  list->mask[i] = mask, list->key[i] = key, list->tag[i] = tag, list->rows[i] = rows;
  return 0;
}

static void list_free(half_list *list) {
  free(list->mask), free(list->key), free(list->tag), free(list->rows);
  memset(list, 0, sizeof *list);
}

static int imin(int x, int y) { return x < y ? x : y; }

/* A finished half: its mask, key and tag into the list.
 * Top (row-0 queen at a): a = 0 keeps only p[1] < q[1] when column 1 is
 * on top, else keys p[1]; tag = a, plus 128 when q[0] or q[n-1] is a (a
 * tie). Bottom: key q[1] (255 when column 1 is on top); tag = the largest
 * a it can meet: every image's row-0 value p[n-1], n-1-p[n-1], n-1-q[0],
 * n-1-q[n-1] that lies in this half must be at least a, and a tie when
 * equal. */
static void half_leaf(half_search *s, uint32_t used, uint64_t mask, uint64_t rows) {
  int n = s->n, h = s->h;
  int row0 = (used & 1u) ? s->row_of[0] : -1, row1 = (used & 2u) ? s->row_of[1] : -1;
  int row_last = (used >> (n - 1)) & 1u ? s->row_of[2] : -1;
  uint8_t key, tag;
  if (s->is_top) {
    int a = s->a;
    if (a == 0 && row1 >= 0) {
      if (!(s->pos[1] < row1)) return;
      key = 0;
    } else {
      key = s->pos[1];
    }
    tag = (uint8_t)a;
    if (a > 0 && (row0 == a || row_last == a)) tag |= 128;
  } else {
    key = row1 >= 0 ? (uint8_t)(row1 - h) : 255;
    int last = s->pos[n - 1], most = imin(last, n - 1 - last);
    if (row0 >= 0) most = imin(most, n - 1 - row0);
    if (row_last >= 0) most = imin(most, n - 1 - row_last);
    tag = (uint8_t)most;
  }
  if (list_push(s->list, mask, key, tag, rows) != 0) s->failed = 1;
}

/* Rows first_row.. of one half; the usual three bit boards. */
static void half_fill(half_search *s, int r, uint32_t used, uint32_t down_left,
                      uint32_t down_right, uint64_t mask, uint64_t rows) {
  int shift = 5 * (r - s->first_row);
  if (r == s->first_row + s->rows - 1) {
    /* The last row: the one column left, if its square is free. */
    uint32_t bit = s->cols & ~used & s->allowed[r] & ~(down_left | down_right);
    if (!bit) return;
    int c = __builtin_ctz(bit);
    s->pos[r] = (uint8_t)c;
    if (c <= 1) s->row_of[c] = r;
    else if (c == s->n - 1) s->row_of[2] = r;
    half_leaf(s, used | bit, mask | s->cut[r][c], rows | (uint64_t)c << shift);
    return;
  }
  uint32_t free_cols = s->allowed[r] & ~(used | down_left | down_right);
  while (free_cols) {
    uint32_t bit = free_cols & (0u - free_cols);
    free_cols ^= bit;
    int c = __builtin_ctz(bit);
    s->pos[r] = (uint8_t)c;
    if (c <= 1) s->row_of[c] = r;
    else if (c == s->n - 1) s->row_of[2] = r;
    half_fill(s, r + 1, used | bit, (down_left | bit) >> 1, (down_right | bit) << 1,
              mask | s->cut[r][c], rows | (uint64_t)c << shift);
  }
}

/* Fills the tops on `top_cols` (every row-0 column a <= last_a, in order). */
static int fill_tops(const join_shared *sh, join_worker *w, uint32_t top_cols) {
  int n = sh->n, h = sh->h;
  uint32_t all = (n == 32) ? 0xffffffffu : ((1u << n) - 1u);
  uint32_t edges = 1u | (1u << (n - 1));
  half_search s;
  memset(&s, 0, sizeof s);
  s.n = n, s.h = h, s.is_top = 1, s.first_row = 0, s.rows = h, s.list = &w->top;
  s.cut = sh->cut, s.cols = top_cols;
  w->top.size = 0, w->bottom.size = 0, w->sorted.size = 0;
  for (int a = 0; a <= sh->last_a; a++) {
    if (!((top_cols >> a) & 1u)) continue;
    /* q[0], q[n-1] >= a: the edge columns stay empty above row a. */
    for (int r = 0; r < h; r++) s.allowed[r] = top_cols & (r < a ? ~edges : all);
    s.allowed[0] = 1u << a;
    s.a = a;
    half_fill(&s, 0, 0, 0, 0, 0, 0);
    if (s.failed) return -1;
  }
  return 0;
}

/* Fills the tops (fill_tops) and, when there are any, the bottoms on the
 * other columns, sorted by tag, largest first. */
static int fill_halves(const join_shared *sh, join_worker *w, uint32_t top_cols) {
  int n = sh->n, h = sh->h;
  uint32_t all = (n == 32) ? 0xffffffffu : ((1u << n) - 1u);
  uint32_t edges = 1u | (1u << (n - 1));
  if (fill_tops(sh, w, top_cols) != 0) return -1;
  if (w->top.size == 0) return 0;
  half_search s;
  memset(&s, 0, sizeof s);
  s.n = n, s.h = h, s.cut = sh->cut;
  /* Bottoms only for the smallest a of these tops: edge columns empty
   * below row n-1-a, p[n-1] in a..n-1-a (a tag of at least a). */
  int least = 127;
  for (size_t i = 0; i < w->top.size; i++) least = imin(least, w->top.tag[i] & 127);
  s.is_top = 0, s.first_row = h, s.rows = n - h, s.list = &w->bottom;
  s.cols = all & ~top_cols;
  for (int r = h; r < n; r++) s.allowed[r] = s.cols & (r > n - 1 - least ? ~edges : all);
  uint32_t middle = 0;
  for (int c = least; c <= n - 1 - least; c++) middle |= 1u << c;
  s.allowed[n - 1] &= middle;
  half_fill(&s, h, 0, 0, 0, 0, 0);
  if (s.failed) return -1;
  /* Counting sort by tag, descending: bottoms a top with row-0 column a
   * may meet are a prefix. */
  size_t count[34] = {0};
  half_list *b = &w->bottom, *o = &w->sorted;
  int top_tag = sh->last_a + 1;
  for (size_t j = 0; j < b->size; j++) count[imin(b->tag[j], top_tag)]++;
  size_t at = 0;
  for (int v = top_tag; v >= 0; v--) {
    size_t c = count[v];
    count[v] = at;
    at += c;
    w->from[v] = at;
  }
  while (o->cap < b->size)
    if (list_push(o, 0, 0, 0, 0) != 0) return -1;
  o->size = b->size;
  for (size_t j = 0; j < b->size; j++) {
    size_t k = count[imin(b->tag[j], top_tag)]++;
    o->mask[k] = b->mask[j], o->key[k] = b->key[j], o->tag[k] = b->tag[j];
    o->rows[k] = b->rows[j];
  }
  return 0;
}

/* Bottoms [0, end) whose mask is disjoint from m. The compiler vectorises
 * the loop; the clones pick the widest registers the processor has. */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__) && !defined(NQSAT_NO_CLONES)
#define JOIN_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define JOIN_CLONES
#endif
JOIN_CLONES static uint64_t count_disjoint(uint64_t m, const uint64_t *bm, size_t end) {
  uint64_t hits = 0;
  for (size_t j = 0; j < end; j++) hits += (m & bm[j]) == 0;
  return hits;
}

/* The image of p under symmetry g (0..7) into img. */
static void image_of(const uint8_t *p, int n, int g, uint8_t *img) {
  for (int r = 0; r < n; r++) {
    int c = p[r], r2, c2;
    switch (g) {
    case 0: r2 = r, c2 = c; break;
    case 1: r2 = r, c2 = n - 1 - c; break;
    case 2: r2 = n - 1 - r, c2 = c; break;
    case 3: r2 = n - 1 - r, c2 = n - 1 - c; break;
    case 4: r2 = c, c2 = r; break;
    case 5: r2 = c, c2 = n - 1 - r; break;
    case 6: r2 = n - 1 - c, c2 = r; break;
    default: r2 = n - 1 - c, c2 = n - 1 - r; break;
    }
    img[r2] = (uint8_t)c2;
  }
}

/* Adds p's class to the tally when p is its smallest image. */
static void count_if_representative(const uint8_t *p, int n, nq_count_tally *tally) {
  uint8_t img[32];
  int same = 1;
  for (int g = 1; g < 8; g++) {
    image_of(p, n, g, img);
    int cmp = memcmp(img, p, (size_t)n);
    if (cmp < 0) return;
    same += cmp == 0;
  }
  if (same == 1) tally->count8++;
  else if (same == 2) tally->count4++;
  else tally->count2++;
}

/* Top i against bottoms [j0, j1), one by one, through the full
 * comparison of images. */
static void count_ties(const join_shared *sh, const join_worker *w, size_t i, size_t j0,
                       size_t j1, nq_count_tally *tally) {
  int n = sh->n, h = sh->h;
  const half_list *top = &w->top, *bottom = &w->sorted;
  uint64_t m = top->mask[i];
  uint8_t p[32];
  for (int r = 0; r < h; r++) p[r] = (uint8_t)((top->rows[i] >> (5 * r)) & 31u);
  for (size_t j = j0; j < j1; j++) {
    if (m & bottom->mask[j]) continue;
    for (int r = h; r < n; r++) p[r] = (uint8_t)((bottom->rows[j] >> (5 * (r - h))) & 31u);
    count_if_representative(p, n, tally);
  }
}

/* Counts pairs (t, b) with t & b == 0, t in tops, b in bottoms: split both
 * on one bit at a time (tops without it meet every bottom; tops with it
 * only the bottoms without it), then compare what is left pair by pair.
 * The classic partition for set-disjointness joins; both arrays are
 * reordered in place. */
static uint64_t join_disjoint(uint64_t *t, size_t nt, uint64_t *b, size_t nb, const int *bits,
                              int nbits) {
  if (nt == 0 || nb == 0) return 0;
  if (nbits == 0 || nt <= 4 || nb <= 32 || nt * nb <= 2048) {
    uint64_t hits = 0;
    for (size_t i = 0; i < nt; i++) hits += count_disjoint(t[i], b, nb);
    return hits;
  }
  uint64_t bit = 1ull << bits[0];
  size_t t0 = 0, b0 = 0;
  for (size_t i = 0; i < nt; i++)
    if (!(t[i] & bit)) {
      uint64_t x = t[i];
      t[i] = t[t0], t[t0++] = x;
    }
  for (size_t j = 0; j < nb; j++)
    if (!(b[j] & bit)) {
      uint64_t x = b[j];
      b[j] = b[b0], b[b0++] = x;
    }
  /* Tops with the bit against bottoms without it first: the second call
   * reorders all bottoms. */
  uint64_t hits = join_disjoint(t + t0, nt - t0, b, b0, bits + 1, nbits - 1);
  return hits + join_disjoint(t, t0, b, nb, bits + 1, nbits - 1);
}

static int grow(uint64_t **array, size_t *cap, size_t need) {
  if (need <= *cap) return 0;
  uint64_t *p = realloc(*array, need * sizeof *p);
  if (!p) return -1;
  *array = p, *cap = need;
  return 0;
}

/* Top i against sorted bottoms [j0, j1) through the full comparison of
 * images, skipping runs of 256 with no disjoint pair (most of them). */
static void count_tie_run(const join_shared *sh, const join_worker *w, size_t i, size_t j0,
                          size_t j1, nq_count_tally *tally) {
  const uint64_t *bm = w->sorted.mask;
  for (size_t j = j0; j < j1; j += 256) {
    size_t end = j + 256 < j1 ? j + 256 : j1;
    if (count_disjoint(w->top.mask[i], bm + j, end - j) != 0) count_ties(sh, w, i, j, end, tally);
  }
  tally->work += j1 - j0;
}

/* All pairs of one column set. Pairs of plain halves (no tie) go to the
 * bulk join, as masks that also carry the pairing rule: for a top with
 * row-0 column a > 0, bit rule+a, against bottoms with bits rule+v for
 * every v >= their tag (they meet only a < tag); for a = 0, the transpose
 * key: bit rule+p[1]-h (when p[1] >= h) against bits rule+v for v >=
 * q[1]-h (they meet only p[1] < q[1]). Pairs with a tie are compared one
 * by one. */
static nq_status join_column_set(const join_shared *sh, join_worker *w,
                                 const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  const half_list *top = &w->top, *bottom = &w->sorted;
  int rule = sh->rule_shift, h = sh->h, n = sh->n;
  if (grow(&w->tops, &w->tops_cap, top->size) != 0 ||
      grow(&w->bottoms, &w->bottoms_cap, bottom->size) != 0)
    return NQ_ERR_MEMORY;
  for (int corner = 1; corner >= 0; corner--) {
    size_t nt = 0;
    for (size_t i = 0; i < top->size; i++) {
      int a = top->tag[i] & 127, tie = top->tag[i] >> 7;
      if ((a == 0) != corner || tie) continue;
      uint64_t m = top->mask[i];
      if (a > 0) m |= 1ull << (rule + a);
      else if (top->key[i] >= h) m |= 1ull << (rule + top->key[i] - h);
      w->tops[nt++] = m;
    }
    if (nt == 0) continue;
    for (size_t j = 0; j < bottom->size; j++) {
      int from = corner ? bottom->key[j] : bottom->tag[j];
      int width = corner ? n - h : sh->last_a + 1;
      uint64_t m = bottom->mask[j];
      for (int v = from; v < width; v++) m |= 1ull << (rule + v);
      w->bottoms[j] = m;
    }
    if (stop && *stop) return NQ_ERR_INTERRUPTED;
    tally->count8 += join_disjoint(w->tops, nt, w->bottoms, bottom->size, sh->order, sh->order_size);
    tally->work += (uint64_t)nt * bottom->size;
  }
  for (size_t i = 0; i < top->size; i++) {
    if (i % JOIN_STOP_EVERY == 0 && stop && *stop) return NQ_ERR_INTERRUPTED;
    int a = top->tag[i] & 127, tie = top->tag[i] >> 7;
    if (a == 0) continue;
    if (!tie) count_tie_run(sh, w, i, w->from[a + 1], w->from[a], tally);
    else count_tie_run(sh, w, i, 0, w->from[a], tally);
  }
  return NQ_OK;
}

/* Keeps the tops (mask, index) whose mask avoids `cut`; returns how many. */
typedef size_t (*join_filter_fn)(const uint64_t *mask, const uint32_t *index, size_t live,
                                 uint64_t cut, uint64_t *kept_mask, uint32_t *kept_index);

static size_t filter_plain(const uint64_t *mask, const uint32_t *index, size_t live, uint64_t cut,
                           uint64_t *kept_mask, uint32_t *kept_index) {
  size_t kept = 0;
  for (size_t k = 0; k < live; k++) {
    kept_mask[kept] = mask[k], kept_index[kept] = index[k];
    kept += (mask[k] & cut) == 0;
  }
  return kept;
}

#if defined(__GNUC__) && defined(__x86_64__) && !defined(NQSAT_NO_CLONES)
#include <immintrin.h>
#define JOIN_HAVE_AVX512 1
/* The same, eight tops at a time: one test and two compressing stores. */
__attribute__((target("avx512f,avx512vl"))) static size_t
filter_avx512(const uint64_t *mask, const uint32_t *index, size_t live, uint64_t cut,
              uint64_t *kept_mask, uint32_t *kept_index) {
  size_t kept = 0, k = 0;
  __m512i c = _mm512_set1_epi64((long long)cut);
  for (; k + 8 <= live; k += 8) {
    __m512i m = _mm512_loadu_si512((const void *)(mask + k));
    __mmask8 fit = _mm512_testn_epi64_mask(m, c);
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(index + k));
    /* Compress in registers, store all eight lanes (the buffers have
     * room): a compressing store to memory is slow on some processors. */
    _mm512_storeu_si512((void *)(kept_mask + kept), _mm512_maskz_compress_epi64(fit, m));
    _mm256_storeu_si256((__m256i *)(void *)(kept_index + kept),
                        _mm256_maskz_compress_epi32(fit, x));
    kept += (size_t)__builtin_popcount(fit);
  }
  return kept + filter_plain(mask + k, index + k, live - k, cut, kept_mask + kept,
                             kept_index + kept);
}
#endif

/* ---- The fused join ------------------------------------------------------
 * Instead of listing the bottoms and then pairing them, fill the bottom
 * rows one queen at a time while keeping only the tops whose masks avoid
 * every diagonal placed so far: a branch where no top is left is cut, and
 * the tops left at a full bottom are exactly its partners. */
typedef struct fuse_state {
  const join_shared *sh;
  join_worker *w;
  nq_count_tally *tally;
  const volatile sig_atomic_t *stop;
  uint32_t allowed[32], cols;
  uint8_t pos[32];
  int row_of[3]; /* rows of the queens in columns 0, 1, n-1 while placed */
  int interrupted;
} fuse_state;

/* A full bottom and its `live` partners at level `depth`: the pairing
 * rules (see half_leaf) decide each pair. */
static void fuse_leaf(fuse_state *f, uint32_t used, size_t live, int depth) {
  const join_shared *sh = f->sh;
  const join_worker *w = f->w;
  int n = sh->n, h = sh->h;
  int row0 = (used & 1u) ? f->row_of[0] : -1, row1 = (used & 2u) ? f->row_of[1] : 255;
  int row_last = (used >> (n - 1)) & 1u ? f->row_of[2] : -1;
  int last = f->pos[n - 1], tag = imin(last, n - 1 - last);
  if (row0 >= 0) tag = imin(tag, n - 1 - row0);
  if (row_last >= 0) tag = imin(tag, n - 1 - row_last);
  const uint32_t *index = f->w->keep_index + (size_t)depth * w->keep_cap;
  uint8_t p[32];
  for (size_t k = 0; k < live; k++) {
    uint32_t i = index[k];
    int a = w->top.tag[i] & 127, tie = w->top.tag[i] >> 7;
    if (a == 0) {
      f->tally->count8 += w->top.key[i] < row1; /* p[1] < q[1] */
    } else if (!tie && a < tag) {
      f->tally->count8++;
    } else if (a <= tag) {
      for (int r = 0; r < h; r++) p[r] = (uint8_t)((w->top.rows[i] >> (5 * r)) & 31u);
      for (int r = h; r < n; r++) p[r] = f->pos[r];
      count_if_representative(p, n, f->tally);
    }
  }
}

/* One top left: its diagonals become bitboards of the bottom search (the
 * down-right lines shift left each row, the down-left ones right, as a
 * queen's own), so the rest is plain backtracking, without lists. */
static void fuse_single(fuse_state *f, int r, uint32_t used, uint32_t down_left,
                        uint32_t down_right) {
  int n = f->sh->n;
  if (r == n) {
    fuse_leaf(f, used, 1, n - f->sh->h);
    return;
  }
  uint32_t free_cols = f->allowed[r] & f->cols & ~(used | down_left | down_right);
  f->tally->work++;
  while (free_cols) {
    uint32_t bit = free_cols & (0u - free_cols);
    free_cols ^= bit;
    int c = __builtin_ctz(bit);
    f->pos[r] = (uint8_t)c;
    if (c <= 1) f->row_of[c] = r;
    else if (c == n - 1) f->row_of[2] = r;
    fuse_single(f, r + 1, used | bit, (down_left | bit) >> 1, (down_right | bit) << 1);
  }
}

static void fuse_fill(fuse_state *f, int r, uint32_t used, uint32_t down_left,
                      uint32_t down_right, size_t live) {
  const join_shared *sh = f->sh;
  join_worker *w = f->w;
  int n = sh->n, depth = r - sh->h;
  if (r == n) {
    fuse_leaf(f, used, live, depth);
    return;
  }
  if (depth <= 3 && f->stop && *f->stop) {
    f->interrupted = 1;
    return;
  }
  uint32_t free_cols = f->allowed[r] & ~(used | down_left | down_right);
  if (r == n - 1) free_cols &= f->cols & ~used; /* the one column left */
  const uint64_t *pm = w->keep_mask + (size_t)depth * w->keep_cap;
  const uint32_t *pi = w->keep_index + (size_t)depth * w->keep_cap;
  uint64_t *cm = w->keep_mask + (size_t)(depth + 1) * w->keep_cap;
  uint32_t *ci = w->keep_index + (size_t)(depth + 1) * w->keep_cap;
  while (free_cols && !f->interrupted) {
    uint32_t bit = free_cols & (0u - free_cols);
    free_cols ^= bit;
    int c = __builtin_ctz(bit);
    uint64_t cut = sh->cut[r][c];
    uint32_t last = 0;
    if (r == n - 2) {
      /* The last row's square is fixed by the column left: filter the
       * tops once for both queens and go straight to the full bottom. */
      last = f->cols & ~(used | bit) & f->allowed[n - 1] &
             ~(((down_left | bit) >> 1) | ((down_right | bit) << 1));
      if (!last) continue;
      cut |= sh->cut[n - 1][__builtin_ctz(last)];
    }
    size_t kept = sh->filter(pm, pi, live, cut, cm, ci);
    f->tally->work += live;
    if (kept == 0) continue;
    f->pos[r] = (uint8_t)c;
    if (c <= 1) f->row_of[c] = r;
    else if (c == n - 1) f->row_of[2] = r;
    if (last) {
      int lc = __builtin_ctz(last);
      f->pos[n - 1] = (uint8_t)lc;
      if (lc <= 1) f->row_of[lc] = n - 1;
      else if (lc == n - 1) f->row_of[2] = n - 1;
      fuse_leaf(f, used | bit | last, kept, depth + 1);
      continue;
    }
    uint32_t next_left = (down_left | bit) >> 1, next_right = (down_right | bit) << 1;
    if (kept <= JOIN_SINGLE_MAX) {
      /* At row r+1 a top's down-right line x sits in column
       * x + r+1 - h + 1, its down-left line y in column y - (r+1 - h). */
      int h = sh->h, step = r + 1 - h;
      for (size_t k = 0; k < kept; k++) {
        uint64_t m = cm[k], lines = m & ((1ull << (n - 1)) - 1u);
        uint64_t anti = (m >> (n - 1)) & ((1ull << (n - 1)) - 1u);
        w->keep_index[(size_t)(n - h) * w->keep_cap] = ci[k];
        fuse_single(f, r + 1, used | bit, next_left | (uint32_t)(anti >> step),
                    next_right | (uint32_t)(lines << (step + 1)));
      }
      continue;
    }
    fuse_fill(f, r + 1, used | bit, next_left, next_right, kept);
  }
}

/* One column set by the fused join: tops listed, bottoms filled against
 * them. */
static nq_status fuse_column_set(const join_shared *sh, join_worker *w, uint32_t top_cols,
                                 const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  int n = sh->n, h = sh->h;
  if (fill_tops(sh, w, top_cols) != 0) return NQ_ERR_MEMORY;
  size_t nt = w->top.size;
  if (nt == 0) return NQ_OK;
  if (nt > w->keep_cap) {
    size_t levels = (size_t)(n - h + 1), cap = nt * 2 + 8; /* 8: whole-vector stores */
    uint64_t *m = realloc(w->keep_mask, levels * cap * sizeof *m);
    if (m) w->keep_mask = m;
    uint32_t *x = realloc(w->keep_index, levels * cap * sizeof *x);
    if (x) w->keep_index = x;
    if (!m || !x) return NQ_ERR_MEMORY;
    w->keep_cap = cap;
  }
  int least = 127;
  for (size_t i = 0; i < nt; i++) {
    w->keep_mask[i] = w->top.mask[i], w->keep_index[i] = (uint32_t)i;
    least = imin(least, w->top.tag[i] & 127);
  }
  fuse_state f;
  memset(&f, 0, sizeof f);
  f.sh = sh, f.w = w, f.tally = tally, f.stop = stop;
  uint32_t all = (n == 32) ? 0xffffffffu : ((1u << n) - 1u);
  uint32_t edges = 1u | (1u << (n - 1)), middle = 0;
  f.cols = all & ~top_cols;
  for (int r = h; r < n; r++) f.allowed[r] = f.cols & (r > n - 1 - least ? ~edges : all);
  for (int c = least; c <= n - 1 - least; c++) middle |= 1u << c;
  f.allowed[n - 1] &= middle;
  fuse_fill(&f, h, 0, 0, 0, nt);
  return f.interrupted ? NQ_ERR_INTERRUPTED : NQ_OK;
}

/* Boards below JOIN_MIN_N: only n = 1 has a solution, a class of one
 * (kept in count2, see nq_count_tally_total). */
static void count_small(int n, nq_count_tally *tally) {
  if (n == 1) tally->count2 += 1;
}

static nq_status join_run_job(const void *shared_v, void *worker_v, size_t index,
                              const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  const join_shared *sh = shared_v;
  join_worker *w = worker_v;
  if (index >= sh->jobs) return NQ_ERR_ARGUMENT;
  if (sh->n < JOIN_MIN_N) {
    count_small(sh->n, tally);
    return NQ_OK;
  }
  const join_job *job = &sh->job[index];
  uint32_t cols = colex_unrank(job->first, sh->n, sh->h);
  for (uint32_t k = 0; k < job->count; k++, cols = next_same_bits(cols)) {
    if (stop && *stop) return NQ_ERR_INTERRUPTED;
    nq_status status;
    if (sh->fused) {
      status = fuse_column_set(sh, w, cols, stop, tally);
    } else {
      if (fill_halves(sh, w, cols) != 0) return NQ_ERR_MEMORY;
      status = join_column_set(sh, w, stop, tally);
    }
    if (status != NQ_OK) return status;
  }
  return NQ_OK;
}

static nq_status join_create(int n, nq_verify_kernel kernel, void **shared_out, size_t *jobs) {
  (void)kernel; /* one kernel: the bulk loop is plain C the compiler vectorises */
  *shared_out = NULL, *jobs = 0;
  if (n < 1 || n > JOIN_MAX_N) return NQ_ERR_ARGUMENT;
  join_shared *sh = calloc(1, sizeof *sh);
  if (!sh) return NQ_ERR_MEMORY;
  /* Odd n: the top is the larger half, so the fused join searches the
   * smaller one (1.3-1.4x faster at N = 15, 17 than the other way). */
  sh->n = n, sh->h = (n + 1) / 2, sh->last_a = last_row0_column(n);
  sh->fused = getenv("NQSAT_JOIN_LISTS") == NULL;
  sh->filter = filter_plain;
#ifdef JOIN_HAVE_AVX512
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl"))
    sh->filter = filter_avx512;
#endif
  sh->rule_shift = 2 * (n - 1);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) sh->cut[r][c] = cut_bits(n, sh->h, r, c);
  /* Split on the diagonals nearest the middle of the cut first: every row
   * of both halves can reach them, so both sides hold them most often. */
  for (int k = 0; k < n - 1; k++) {
    int x = (n - 2) / 2 + ((k & 1) ? (k + 1) / 2 : -(k / 2));
    if (x < 0 || x > n - 2) continue;
    sh->order[sh->order_size++] = x;
    sh->order[sh->order_size++] = n - 1 + x;
  }
  if (n < JOIN_MIN_N) {
    sh->jobs = 1;
    *shared_out = sh, *jobs = 1;
    return NQ_OK;
  }
  /* Jobs: runs of consecutive column sets (colex ranks). */
  uint64_t sets = binomial(n, sh->h);
  uint64_t chunks = sets < JOIN_JOBS_TARGET ? sets : JOIN_JOBS_TARGET;
  sh->job = calloc((size_t)chunks, sizeof *sh->job);
  if (!sh->job) {
    free(sh);
    return NQ_ERR_MEMORY;
  }
  for (uint64_t c = 0; c < chunks; c++) {
    uint64_t lo = sets * c / chunks, hi = sets * (c + 1) / chunks;
    join_job *job = &sh->job[sh->jobs++];
    job->first = (uint32_t)lo, job->count = (uint32_t)(hi - lo);
    /* Each column set costs about as many top lists as it has columns
     * that can hold row 0's queen (0..last_a). */
    uint32_t low = (1u << (sh->last_a + 1)) - 1u, cols = colex_unrank(lo, n, sh->h);
    for (uint64_t k = lo; k < hi; k++, cols = next_same_bits(cols))
      job->weight += (double)__builtin_popcount(cols & low);
  }
  *shared_out = sh, *jobs = sh->jobs;
  return NQ_OK;
}

static void join_destroy(void *shared) {
  join_shared *sh = shared;
  if (!sh) return;
  free(sh->job);
  free(sh);
}

static size_t join_describe(const void *shared, size_t index, unsigned char bytes[64]) {
  const join_shared *sh = shared;
  bytes[0] = (unsigned char)sh->n;
  if (sh->n < JOIN_MIN_N || index >= sh->jobs) return 1;
  const join_job *job = &sh->job[index];
  for (int i = 0; i < 4; i++) {
    bytes[1 + i] = (unsigned char)(job->first >> (8 * i));
    bytes[5 + i] = (unsigned char)(job->count >> (8 * i));
  }
  return 9;
}

/* Cost guess: the row-0 columns the job's column sets offer (see
 * join_create); a rough guide for the driver's largest-first order. */
static double join_weight(const void *shared, size_t index) {
  const join_shared *sh = shared;
  if (sh->n < JOIN_MIN_N || index >= sh->jobs) return 1.0;
  return sh->job[index].weight > 0 ? sh->job[index].weight : 1.0;
}

static nq_status join_worker_create(const void *shared, void **worker_out) {
  (void)shared;
  join_worker *w = calloc(1, sizeof *w);
  if (!w) return NQ_ERR_MEMORY;
  *worker_out = w;
  return NQ_OK;
}

static void join_worker_destroy(void *worker) {
  join_worker *w = worker;
  if (!w) return;
  list_free(&w->top), list_free(&w->bottom), list_free(&w->sorted);
  free(w->tops), free(w->bottoms), free(w->keep_mask), free(w->keep_index);
  free(w);
}

/* Peak bytes: per worker, the largest group of halves for one column set
 * (measured for n <= 21 and bounded above; each entry holds an 8-byte mask,
 * a key byte and its rows), doubled for the lists' growth; plus the job
 * list. See docs/count-join.md. */
static uint64_t join_memory(int n, int threads) {
  /* Largest bottom group (the larger half) by n, measured, times 2 for margin. */
  static const uint64_t largest_group[] = {
      /* n = 0..15 */ 64, 64, 64, 64, 64, 64, 64, 64, 64, 256, 256, 1024, 1024, 4096, 4096, 16384,
      /* 16..21 */ 16384, 65536, 65536, 262144, 262144, 1048576};
  uint64_t group;
  if (n < 1 || n > JOIN_MAX_N) return 0; /* refused by create() instead */
  if (n <= 21) group = largest_group[n];
  else group = largest_group[21] << (2 * (n - 21));
  uint64_t entry = 8 + 1 + (uint64_t)(n - n / 2);
  uint64_t per_worker = 2 * 2 * group * entry; /* top and bottom lists, doubling slack */
  uint64_t workers = threads > 0 ? (uint64_t)threads : 1;
  uint64_t jobs = (uint64_t)JOIN_JOBS_TARGET * sizeof(join_job);
  return workers * per_worker + jobs + 4096;
}

/* AUTO: never, on this version. Measured in the same runs (bench/count.sh,
 * bench/README.md), the join takes 1.3-2x the CPU time of the backtracking
 * class counter at N = 16, 17 (and 3-8x Kluev's); AUTO keeps backtrack
 * until a join wins a measured N. */
int nq_count_join_preferred(int n) {
  (void)n;
  return 0;
}

const count_method_ops nq_count_join_ops = {
    .name = "join",
    .memory_estimate = join_memory,
    .create = join_create,
    .destroy = join_destroy,
    .describe_job = join_describe,
    .job_weight = join_weight,
    .worker_create = join_worker_create,
    .worker_destroy = join_worker_destroy,
    .run_job = join_run_job,
};
