/* count_join.c - the join counting method (issue 12): half-boards joined
 * per column set, counting one representative per symmetry class.
 *
 * The idea (not the code) follows Evgeny Kluev's N-Queens-Count-Sol (MIT,
 * 2022), which joins partial solutions of board quarters, and the older
 * deepgreen NQueens pages (http://deepgreen.game.coocan.jp/NQueens/): cut
 * the board between rows h-1 and h (h = n/2), fill both halves on their
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

enum { JOIN_MIN_N = 4, JOIN_CHUNKS_PER_ROW0 = 24, JOIN_STOP_EVERY = 64 };

typedef struct join_job {
  uint8_t a;          /* column of the queen in row 0 */
  uint32_t first;     /* colex rank of the first column set of the job */
  uint32_t count;     /* column sets in the job */
} join_job;

typedef struct join_shared {
  int n, h;
  size_t jobs;
  join_job *job;
} join_shared;

/* One half's entries, split into plain ones (no tie) and tie ones. */
typedef struct half_list {
  size_t size, cap;
  uint64_t *mask;
  uint8_t *key;
  uint8_t *rows; /* the columns by row, `width` bytes per entry */
  int width;
} half_list;

typedef struct join_worker {
  half_list top_plain, top_tie, bottom_plain, bottom_tie;
} join_worker;

/* Enumeration state for one half. */
typedef struct half_search {
  int n, h, a, first_row, rows;
  uint32_t allowed[32]; /* columns row r may use */
  uint8_t pos[32];      /* column by row (absolute rows) */
  int is_top;
  const join_shared *shared;
  join_worker *worker;
  uint32_t col1_in_top; /* a = 0: column 1 belongs to the top half */
  int failed;
} half_search;

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

/* The column set C: the (h-1)-subset `rest` of the n-1 columns other than
 * a, with a put back in. */
static uint32_t with_column(uint32_t rest, int a) {
  uint32_t below = rest & ((1u << a) - 1u);
  return below | ((rest >> a) << (a + 1)) | (1u << a);
}

static int list_push(half_list *list, uint64_t mask, uint8_t key, const uint8_t *rows) {
  if (list->size == list->cap) {
    size_t cap = list->cap ? list->cap * 2 : 1024;
    uint64_t *m = realloc(list->mask, cap * sizeof *m);
    if (m) list->mask = m;
    uint8_t *k = realloc(list->key, cap);
    if (k) list->key = k;
    uint8_t *r = realloc(list->rows, cap * (size_t)list->width);
    if (r) list->rows = r;
    if (!m || !k || !r) return -1;
    list->cap = cap;
  }
  list->mask[list->size] = mask;
  list->key[list->size] = key;
  memcpy(list->rows + list->size * (size_t)list->width, rows, (size_t)list->width);
  list->size++;
  return 0;
}

static void list_free(half_list *list) {
  free(list->mask), free(list->key), free(list->rows);
  memset(list, 0, sizeof *list);
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

/* A finished half: its mask, tie flag and key, into the worker's lists. */
static void half_leaf(half_search *s) {
  int n = s->n, h = s->h, a = s->a;
  uint64_t mask = 0;
  int row_of[32];
  for (int c = 0; c < n; c++) row_of[c] = -1;
  for (int r = s->first_row; r < s->first_row + s->rows; r++) {
    mask |= cut_bits(n, h, r, s->pos[r]);
    row_of[s->pos[r]] = r;
  }
  uint8_t key;
  int tie = 0;
  if (s->is_top) {
    if (a == 0) {
      /* Transpose tie: the representative has p[1] < q[1]. */
      if (s->col1_in_top) {
        if (!(s->pos[1] < row_of[1])) return;
        key = 0;
      } else {
        key = s->pos[1];
      }
    } else {
      key = 0;
      tie = s->pos[a] == 0 || s->pos[a] == n - 1; /* q[0] or q[n-1] = a */
    }
  } else {
    if (a == 0) {
      key = s->col1_in_top ? 255 : (uint8_t)row_of[1];
    } else {
      key = 1;
      int last = s->pos[n - 1], mirror = n - 1 - a;
      tie = last == a || last == mirror || s->pos[mirror] == 0 || s->pos[mirror] == n - 1;
    }
  }
  half_list *list = s->is_top ? (tie ? &s->worker->top_tie : &s->worker->top_plain)
                              : (tie ? &s->worker->bottom_tie : &s->worker->bottom_plain);
  if (list_push(list, mask, key, s->pos + s->first_row) != 0) s->failed = 1;
}

/* Rows first_row.. of one half; the usual three bit boards. */
static void half_fill(half_search *s, int r, uint32_t used, uint32_t down_left,
                      uint32_t down_right) {
  if (r == s->first_row + s->rows) {
    half_leaf(s);
    return;
  }
  uint32_t free_cols = s->allowed[r] & ~(used | down_left | down_right);
  while (free_cols) {
    uint32_t bit = free_cols & (0u - free_cols);
    free_cols ^= bit;
    s->pos[r] = (uint8_t)__builtin_ctz(bit);
    half_fill(s, r + 1, used | bit, (down_left | bit) >> 1, (down_right | bit) << 1);
  }
}

/* Fills both halves for row-0 column a and top columns `top_cols`. */
static int fill_halves(const join_shared *sh, join_worker *w, int a, uint32_t top_cols) {
  int n = sh->n, h = sh->h;
  uint32_t all = (n == 32) ? 0xffffffffu : ((1u << n) - 1u);
  uint32_t edges = 1u | (1u << (n - 1));
  half_search s;
  memset(&s, 0, sizeof s);
  s.n = n, s.h = h, s.a = a, s.shared = sh, s.worker = w;
  s.col1_in_top = (top_cols >> 1) & 1u;
  /* Top: rows 0..h-1; q[0], q[n-1] >= a, so the edge columns stay empty
   * above row a. */
  s.is_top = 1, s.first_row = 0, s.rows = h;
  for (int r = 0; r < h; r++) s.allowed[r] = top_cols & (r < a ? ~edges : all);
  s.allowed[0] = 1u << a;
  w->top_plain.size = w->top_tie.size = 0;
  half_fill(&s, 0, 0, 0, 0);
  if (s.failed) return -1;
  if (w->top_plain.size + w->top_tie.size == 0) {
    w->bottom_plain.size = w->bottom_tie.size = 0;
    return 0;
  }
  /* Bottom: rows h..n-1 on the other columns; the edge columns stay empty
   * below row n-1-a and p[n-1] lies in a..n-1-a. */
  uint32_t bottom_cols = all & ~top_cols;
  s.is_top = 0, s.first_row = h, s.rows = n - h;
  for (int r = h; r < n; r++) s.allowed[r] = bottom_cols & (r > n - 1 - a ? ~edges : all);
  uint32_t middle = 0;
  for (int c = a; c <= n - 1 - a; c++) middle |= 1u << c;
  s.allowed[n - 1] &= middle;
  w->bottom_plain.size = w->bottom_tie.size = 0;
  half_fill(&s, h, 0, 0, 0);
  return s.failed ? -1 : 0;
}

/* Pairs of plain halves with disjoint masks: each a class of 8. */
static uint64_t count_plain(const half_list *top, const half_list *bottom, int keyed, size_t i0,
                            size_t i1) {
  uint64_t found = 0;
  const uint64_t *bm = bottom->mask;
  const uint8_t *bk = bottom->key;
  size_t nb = bottom->size;
  for (size_t i = i0; i < i1; i++) {
    uint64_t m = top->mask[i];
    uint32_t hits = 0;
    if (keyed) {
      uint8_t k = top->key[i];
      for (size_t j = 0; j < nb; j++) hits += ((m & bm[j]) == 0) & (bk[j] > k);
    } else {
      for (size_t j = 0; j < nb; j++) hits += (m & bm[j]) == 0;
    }
    found += hits;
  }
  return found;
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

/* Pairs where either half makes a tie: compared one by one. */
static void count_ties(const join_shared *sh, const half_list *top, const half_list *bottom,
                       nq_count_tally *tally) {
  int n = sh->n, h = sh->h;
  uint8_t p[32];
  for (size_t i = 0; i < top->size; i++) {
    uint64_t m = top->mask[i];
    for (size_t j = 0; j < bottom->size; j++) {
      if (m & bottom->mask[j]) continue;
      memcpy(p, top->rows + i * (size_t)top->width, (size_t)h);
      memcpy(p + h, bottom->rows + j * (size_t)bottom->width, (size_t)(n - h));
      count_if_representative(p, n, tally);
    }
  }
  tally->work += (uint64_t)top->size * bottom->size;
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
  int n = sh->n, h = sh->h, a = job->a;
  uint32_t rest = colex_unrank(job->first, n - 1, h - 1);
  for (uint32_t k = 0; k < job->count; k++, rest = next_same_bits(rest)) {
    if (stop && *stop) return NQ_ERR_INTERRUPTED;
    if (fill_halves(sh, w, a, with_column(rest, a)) != 0) return NQ_ERR_MEMORY;
    half_list *tp = &w->top_plain, *bp = &w->bottom_plain;
    for (size_t i = 0; i < tp->size; i += JOIN_STOP_EVERY) {
      if (stop && *stop) return NQ_ERR_INTERRUPTED;
      size_t end = i + JOIN_STOP_EVERY < tp->size ? i + JOIN_STOP_EVERY : tp->size;
      tally->count8 += count_plain(tp, bp, a == 0, i, end);
    }
    tally->work += (uint64_t)tp->size * bp->size;
    if (a > 0) {
      count_ties(sh, &w->top_tie, bp, tally);
      count_ties(sh, &w->top_tie, &w->bottom_tie, tally);
      count_ties(sh, tp, &w->bottom_tie, tally);
    }
  }
  return NQ_OK;
}

/* The largest row-0 column of a representative: a < n-1-a, and for odd n
 * the middle column is out (p[n-1] would have to share it). */
static int last_row0_column(int n) { return (n - 2) / 2; }

static nq_status join_create(int n, nq_verify_kernel kernel, void **shared_out, size_t *jobs) {
  (void)kernel; /* one kernel: the bulk loop is plain C the compiler vectorises */
  *shared_out = NULL, *jobs = 0;
  if (n < 1 || n > NQ_VERIFY_MAX_N - 1) return NQ_ERR_ARGUMENT; /* masks: 2(n-1) <= 62 bits */
  join_shared *sh = calloc(1, sizeof *sh);
  if (!sh) return NQ_ERR_MEMORY;
  sh->n = n, sh->h = n / 2;
  if (n < JOIN_MIN_N) {
    sh->jobs = 1;
    *shared_out = sh, *jobs = 1;
    return NQ_OK;
  }
  uint64_t sets = binomial(n - 1, sh->h - 1);
  uint64_t chunks = sets < JOIN_CHUNKS_PER_ROW0 ? sets : JOIN_CHUNKS_PER_ROW0;
  int last = last_row0_column(n);
  sh->job = calloc((size_t)(chunks * (uint64_t)(last + 1)), sizeof *sh->job);
  if (!sh->job) {
    free(sh);
    return NQ_ERR_MEMORY;
  }
  for (int a = 0; a <= last; a++)
    for (uint64_t c = 0; c < chunks; c++) {
      uint64_t lo = sets * c / chunks, hi = sets * (c + 1) / chunks;
      join_job *job = &sh->job[sh->jobs++];
      job->a = (uint8_t)a, job->first = (uint32_t)lo, job->count = (uint32_t)(hi - lo);
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
  if (sh->n < JOIN_MIN_N || index >= sh->jobs) {
    bytes[0] = (unsigned char)sh->n;
    return 1;
  }
  const join_job *job = &sh->job[index];
  bytes[0] = (unsigned char)sh->n, bytes[1] = job->a;
  for (int i = 0; i < 4; i++) {
    bytes[2 + i] = (unsigned char)(job->first >> (8 * i));
    bytes[6 + i] = (unsigned char)(job->count >> (8 * i));
  }
  return 10;
}

/* Cost guess: halves with the row-0 queen near the edge meet more bottoms
 * (the edge rules cut fewer), so weight by the free span n-2a. */
static double join_weight(const void *shared, size_t index) {
  const join_shared *sh = shared;
  if (sh->n < JOIN_MIN_N || index >= sh->jobs) return 1.0;
  const join_job *job = &sh->job[index];
  double span = (double)(sh->n - 2 * job->a);
  return (double)job->count * span * span;
}

static nq_status join_worker_create(const void *shared, void **worker_out) {
  const join_shared *sh = shared;
  join_worker *w = calloc(1, sizeof *w);
  if (!w) return NQ_ERR_MEMORY;
  w->top_plain.width = w->top_tie.width = sh->h > 0 ? sh->h : 1;
  w->bottom_plain.width = w->bottom_tie.width = sh->n - sh->h > 0 ? sh->n - sh->h : 1;
  *worker_out = w;
  return NQ_OK;
}

static void join_worker_destroy(void *worker) {
  join_worker *w = worker;
  if (!w) return;
  list_free(&w->top_plain), list_free(&w->top_tie);
  list_free(&w->bottom_plain), list_free(&w->bottom_tie);
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
  if (n < 0) n = 0;
  if (n <= 21) group = largest_group[n];
  else group = largest_group[21] << (2 * (n - 21));
  uint64_t entry = 8 + 1 + (uint64_t)(n - n / 2);
  uint64_t per_worker = 2 * 2 * group * entry; /* top and bottom lists, doubling slack */
  uint64_t workers = threads > 0 ? (uint64_t)threads : 1;
  uint64_t jobs = (uint64_t)JOIN_CHUNKS_PER_ROW0 * (uint64_t)(n / 2 + 1) * sizeof(join_job);
  return workers * per_worker + jobs + 4096;
}

/* AUTO: the join wins from this n on (bench/README.md, measured). */
int nq_count_join_preferred(int n) { return n >= 99 && n <= NQ_VERIFY_MAX_N - 1; }

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
