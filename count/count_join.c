/* count_join.c - the join counting method: the board cut into
 * four quarters, each quarter's partial placements listed once, halves
 * formed from quarter pairs by the rows they use, and the pairs of halves
 * that fit counted by a bit-sliced matcher. docs/count-join.md has the
 * method, its memory and its measurements.
 *
 * Ideas: Evgeny Kluev's N-Queens-Count-Sol (MIT, 2022) joins quarters into
 * halves grouped by occupied rows and counts the fitting halves with a
 * transposed-bits matcher; the deepgreen NQueens pages
 * (http://deepgreen.game.coocan.jp/NQueens/) are the older source of
 * counting by parts. The classes come from Burnside's lemma instead of a
 * representative test: the join counts solutions (by symmetry weights) and
 * a separate search counts the half- and quarter-turn symmetric ones.
 *
 *   Cut the columns into a left half [0, a) and a right half [n - a, n),
 *   a = n / 2, and the rows into a top [0, a) and a bottom [a, n). For odd
 *   n the middle column a is apart: its queen's row m is chosen first, and
 *   both halves are kept clear of its diagonals. A left half is a placement
 *   of a queens, one per left column, on a rows set S; the right half then
 *   uses the other rows (but m). The two fit when no diagonal crossing from
 *   one half to the other holds a queen of each: 2(n-1) bits for even n,
 *   2(n-2) for odd n, one word.
 *
 *   Symmetry: turning the board upside down maps (m, S) to (n-1-m, rev S);
 *   the left-right mirror maps S to the other rows (but m). So each class
 *   of up to four is counted once, times its size.
 *
 *   Classes of solutions: a job counts, per S, the fitting pairs minus the
 *   half-turn symmetric ones (which it recognises: the right half is the
 *   left half turned), into count1 (classes of 8); the last job counts the
 *   half- and quarter-turn solutions apart (join_symmetric.c) into count2
 *   and count4. So A000170 = 2*count2 + 4*count4 + count1 and A002562 =
 *   count2 + count4 + count1/8 over all jobs. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "count_method.h"
#include "grow.h"
#include "join_match.h"
#include "join_quarters.h"
#include "join_symmetric.h"

enum {
  JOIN_MIN_N = 4,   /* below: the answers are known (only n = 1 has one) */
  JOIN_RUNS = 1024, /* runs of rows sets, one job each */
  TOP_LEFT = 0,
  BOTTOM_LEFT = 1,
  TOP_RIGHT = 2,
  BOTTOM_RIGHT = 3
};

typedef struct join_shared {
  int n, a, gap; /* a columns a half and rows in the top; gap = n % 2, the middle column */
  join_quarter quarter[4];
  int cross_bits;              /* diagonals crossing from half to half, each way: n - 1 - gap */
  uint64_t cross_mask;         /* cross_bits low bits */
  const join_kernels *kernels; /* the instruction-set level's inner loops */
  int plain;                   /* NQSAT_JOIN_PLAIN set: pairs of halves one by one (tests) */
  uint32_t *sets;              /* canonical left rows sets */
  uint8_t *middle;             /* with odd n, the middle column's queen row for each */
  uint8_t *weight;             /* each one's class size */
  size_t set_count;
  size_t runs; /* job j < runs: the j-th of `runs` equal runs of sets; then one symmetric job */
  size_t jobs;
  /* The quarters are built by join_prepare, once, on the run's threads. */
  pthread_mutex_t prepare_lock;
  atomic_int prepared; /* 0: not yet; 1: built; -1: out of memory */
} join_shared;

/* One half per entry: its frame word (both quarters' diagonals) and the
 * diagonals crossing the cut. */
typedef struct half_list {
  uint64_t *full, *cross;
  size_t size, cap;
} half_list;

typedef struct join_worker {
  half_list left_all; /* the left halves on left_rows, before the middle queen's filter */
  uint32_t left_rows;
  int left_ready;
  half_list left, right;
  join_matcher *matcher;
} join_worker;

/* ---- rows sets ------------------------------------------------------- */

/* The rows set of the board turned upside down: bit i to bit n-1-i. */
static uint32_t reverse_rows(uint32_t s, int n) {
  s = ((s >> 1) & 0x55555555u) | ((s & 0x55555555u) << 1);
  s = ((s >> 2) & 0x33333333u) | ((s & 0x33333333u) << 2);
  s = ((s >> 4) & 0x0f0f0f0fu) | ((s & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(s) >> (32 - n);
}

/* Next larger number with the same bits (Gosper's hack, the division by
 * the lowest bit done as a shift). */
static uint32_t next_same_bits(uint32_t x) {
  uint32_t ripple = x + (x & -x);
  return ripple | ((x ^ ripple) >> (2 + __builtin_ctz(x)));
}

/* The class of (m, S) under the mirrors that keep the halves apart, and
 * whether it is the least member (by m, then S). For even n there is no
 * middle column: m is 0 throughout and S's complement is all other rows. */
static int canonical(uint32_t s, int m, int n, int *size) {
  uint32_t all = (1u << n) - 1, middle = n % 2 ? 1u << m : 0;
  uint32_t other = all ^ s ^ middle;
  int flip = n % 2 ? n - 1 - m : m;
  uint64_t members[4] = {(uint64_t)m << n | s, (uint64_t)m << n | other,
                         (uint64_t)flip << n | reverse_rows(s, n),
                         (uint64_t)flip << n | reverse_rows(other, n)};
  int distinct = 0, least = 1;
  for (int i = 0; i < 4; i++) {
    int seen = 0;
    for (int j = 0; j < i; j++)
      seen |= members[j] == members[i];
    distinct += !seen;
    least &= members[i] >= members[0];
  }
  *size = distinct;
  return least;
}

/* 1 when a left half on S and its half-turn image (with the centre queen
 * for odd n) can make a solution: the image's rows are the other rows. */
static int half_turn_possible(uint32_t s, int m, int n, int a) {
  uint32_t all = (1u << n) - 1, rev = reverse_rows(s, n);
  if (n % 2 == 0)
    return rev == (all ^ s);
  uint32_t centre = 1u << a;
  return m == a && rev == ((all ^ s) & ~centre);
}

/* The diagonals of a queen at (r, c) in a frame, where the frame has them
 * (a half's queens can meet only those). */
static uint64_t frame_attack(const join_frame *f, int r, int c) {
  int anti = r + c - f->anti_base, diag = r - c + f->n - 1 - f->diag_base;
  uint64_t bits = 0;
  if (anti >= 0 && anti < f->diag_field)
    bits |= 1ull << anti;
  if (diag >= 0 && diag < f->diag_field)
    bits |= 1ull << (f->diag_field + diag);
  return bits;
}

/* ---- halves ---------------------------------------------------------- */

/* Room for `need` halves and 8 more: the kernels may store whole vectors
 * past the last half they keep (join_kernels.h). */
static int list_reserve(half_list *list, size_t need) {
  need += 8;
  if (need <= list->cap)
    return 0;
  /* Both arrays grow to the same capacity; list->cap changes only when
   * both have it. */
  size_t full_cap = list->cap, cross_cap = list->cap;
  uint64_t *full = grow_array(list->full, &full_cap, need, sizeof *full, 1024);
  if (!full)
    return -1;
  list->full = full;
  uint64_t *cross = grow_array(list->cross, &cross_cap, need, sizeof *cross, 1024);
  if (!cross)
    return -1;
  list->cross = cross, list->cap = cross_cap;
  return 0;
}

/* All halves on `rows` (absolute) from a top and a bottom quarter: for
 * each columns set C of the top's rows, the top entries on C meet the
 * bottom entries on the half's other columns. Then each half's crossing
 * diagonals, (n - 1) anti-diagonal bits and (n - 1) diagonal bits. */
static int assemble_halves(const join_shared *sh, const join_quarter *top,
                           const join_quarter *bottom, uint32_t rows, uint64_t attacked,
                           half_list *out) {
  int width = top->col1 - top->col0;
  uint32_t top_rows = rows & ((1u << sh->a) - 1), bottom_rows = rows >> sh->a;
  uint32_t cols_all = (1u << width) - 1;
  int k = __builtin_popcount(top_rows);
  out->size = 0;
  if (k > width || __builtin_popcount(bottom_rows) != width - k)
    return 0;
  uint32_t cols = k ? (1u << k) - 1 : 0;
  for (;;) {
    size_t t0 = top->first[join_quarter_key(top, top_rows, cols)];
    size_t t1 = top->first[join_quarter_key(top, top_rows, cols) + 1];
    size_t b0 = bottom->first[join_quarter_key(bottom, bottom_rows, cols_all ^ cols)];
    size_t b1 = bottom->first[join_quarter_key(bottom, bottom_rows, cols_all ^ cols) + 1];
    if (t0 < t1 && b0 < b1) {
      for (size_t t = t0; t < t1; t++) {
        /* The middle column's queen (odd n) attacks this top: none of its
         * halves can be. Otherwise its bits join the top's, so bottoms it
         * attacks drop out too (and are cleared below). */
        if (top->mask[t] & attacked)
          continue;
        uint64_t x = top->mask[t] | attacked;
        /* Room for every bottom entry of this top (only those that fit
         * stay), so the list never grows past twice its final size plus a
         * bucket. */
        if (list_reserve(out, out->size + (b1 - b0)))
          return -1;
        out->size += sh->kernels->join_pairs(x, bottom->mask + b0, b1 - b0, out->full + out->size);
      }
    }
    if (k == 0)
      break;
    cols = next_same_bits(cols);
    if (cols > cols_all)
      break;
  }
  /* The middle queen's bits went in only to drop the bottoms it attacks. */
  if (attacked)
    for (size_t i = 0; i < out->size; i++)
      out->full[i] &= ~attacked;
  return 0;
}

/* Keeps the halves the middle queen does not attack (attacked = 0: all),
 * from `in` to `out`, with their crossing diagonals. Crossing
 * anti-diagonals start at the right half's first column's r + c = n - a
 * (row 0), crossing diagonals at the left half's last column's
 * r - c + n - 1 = n - a (row 0). `in` may be `out`. */
static int crossings(const join_shared *sh, const join_frame *f, const half_list *in,
                     uint64_t attacked, half_list *out) {
  if (in != out && list_reserve(out, in->size))
    return -1;
  join_crossing c = {(sh->n - sh->a) - f->anti_base, f->diag_field + (sh->n - sh->a) - f->diag_base,
                     sh->cross_bits, sh->cross_mask};
  out->size = sh->kernels->crossings(&c, in->full, in->size, attacked, out->full, out->cross);
  return 0;
}

static uint64_t reverse_bits(uint64_t x, int width) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  x = __builtin_bswap64(x);
  return x >> (64 - width);
}

/* Left halves whose half-turn image (plus the centre queen for odd n)
 * completes them: those pairs are the half-turn symmetric solutions the
 * matcher counted among the others. */
static uint64_t half_turn_pairs(const join_shared *sh, const half_list *left) {
  const join_frame *f = &sh->quarter[TOP_LEFT].frame;
  int n = sh->n, width = 2 * n - 1;
  uint64_t field = (1ull << f->diag_field) - 1, centre = 1ull << (n - 1), found = 0;
  for (size_t i = 0; i < left->size; i++) {
    uint64_t w = left->full[i];
    uint64_t anti = (w & field) << f->anti_base, diag = (w >> f->diag_field) << f->diag_base;
    if (n % 2 && ((anti | diag) & centre))
      continue;
    found += !(anti & reverse_bits(anti, width)) && !(diag & reverse_bits(diag, width));
  }
  return found;
}

static nq_status count_rows_set(const join_shared *sh, join_worker *w, size_t index,
                                nq_count_tally *tally) {
  uint32_t s = sh->sets[index], all = (1u << sh->n) - 1;
  int m = sh->middle[index];
  uint32_t other = all ^ s ^ (sh->gap ? 1u << m : 0);
  uint64_t left_attacked = 0, right_attacked = 0;
  if (sh->gap) {
    left_attacked = frame_attack(&sh->quarter[TOP_LEFT].frame, m, sh->a);
    right_attacked = frame_attack(&sh->quarter[TOP_RIGHT].frame, m, sh->a);
  }
  /* The rows sets come ordered by S, then m: the left halves on S serve
   * every middle row, each keeping those its queen leaves alone. */
  if (!w->left_ready || w->left_rows != s) {
    w->left_ready = 0;
    if (assemble_halves(sh, &sh->quarter[TOP_LEFT], &sh->quarter[BOTTOM_LEFT], s, 0, &w->left_all))
      return NQ_ERR_MEMORY;
    w->left_rows = s, w->left_ready = 1;
  }
  if (crossings(sh, &sh->quarter[TOP_LEFT].frame, &w->left_all, left_attacked, &w->left) ||
      assemble_halves(sh, &sh->quarter[TOP_RIGHT], &sh->quarter[BOTTOM_RIGHT], other,
                      right_attacked, &w->right) ||
      crossings(sh, &sh->quarter[TOP_RIGHT].frame, &w->right, 0, &w->right))
    return NQ_ERR_MEMORY;
  const half_list *items = w->left.size <= w->right.size ? &w->left : &w->right;
  const half_list *patterns = items == &w->left ? &w->right : &w->left;
  uint64_t fits =
      join_match_count(w->matcher, items->cross, items->size, patterns->cross, patterns->size);
  if (fits == UINT64_MAX)
    return NQ_ERR_MEMORY;
  if (half_turn_possible(s, m, sh->n, sh->a))
    fits -= half_turn_pairs(sh, &w->left);
  tally->count1 += sh->weight[index] * fits;
  tally->work += (uint64_t)w->left.size * w->right.size;
  return NQ_OK;
}

/* ---- the shared tables ------------------------------------------------ */

typedef struct quarter_tasks {
  join_shared *sh;
  const volatile sig_atomic_t *stop;
  atomic_int next;   /* the next quarter to build */
  atomic_int failed; /* 0, or the first failure: -1 memory, -2 stopped */
} quarter_tasks;

/* Builds quarters until none is left (several threads share the four). */
static void *build_quarters_worker(void *arg) {
  quarter_tasks *tasks = arg;
  join_shared *sh = tasks->sh;
  int n = sh->n, a = sh->a, r = n - a; /* r: the right half's first column */
  /* Left frame: anti-diagonals 0..n+a-2, diagonals n-a..2n-2; right frame:
   * anti-diagonals r..2n-2, diagonals 0..2n-2-r. */
  join_frame left = {n, 0, n - a, n + a - 1}, right = {n, r, 0, 2 * n - 1 - r};
  for (int i; (i = atomic_fetch_add(&tasks->next, 1)) < 4;) {
    /* The largest (bottom right) first: it is the critical path. */
    static const int order[4] = {BOTTOM_RIGHT, BOTTOM_LEFT, TOP_RIGHT, TOP_LEFT};
    int q = order[i], right_side = q == TOP_RIGHT || q == BOTTOM_RIGHT;
    int bottom = q == BOTTOM_LEFT || q == BOTTOM_RIGHT;
    int failed =
        join_quarter_build(&sh->quarter[q], right_side ? right : left, bottom ? a : 0,
                           bottom ? n : a, right_side ? r : 0, right_side ? n : a, tasks->stop);
    if (failed) {
      int none = 0;
      atomic_compare_exchange_strong(&tasks->failed, &none, failed);
    }
  }
  return NULL;
}

/* The four quarters on up to `threads` threads (they are independent).
 * Stopped, it leaves them unbuilt (a later call starts again). */
static nq_status join_prepare(void *shared, int threads, const volatile sig_atomic_t *stop) {
  join_shared *sh = shared;
  if (sh->n < JOIN_MIN_N || atomic_load(&sh->prepared) == 1)
    return NQ_OK;
  nq_status status = NQ_OK;
  pthread_mutex_lock(&sh->prepare_lock);
  if (atomic_load(&sh->prepared) == 0) {
    quarter_tasks tasks = {.sh = sh, .stop = stop};
    atomic_init(&tasks.next, 0);
    atomic_init(&tasks.failed, 0);
    pthread_t thread[3];
    int started = 0;
    for (int i = 0; i < 3 && i < threads - 1; i++)
      if (pthread_create(&thread[i], NULL, build_quarters_worker, &tasks) == 0)
        started++;
    build_quarters_worker(&tasks);
    for (int i = 0; i < started; i++)
      pthread_join(thread[i], NULL);
    int failed = atomic_load(&tasks.failed);
    if (failed)
      for (int q = 0; q < 4; q++)
        join_quarter_free(&sh->quarter[q]);
    if (failed == -2)
      status = NQ_ERR_INTERRUPTED;
    else
      atomic_store(&sh->prepared, failed ? -1 : 1);
  }
  if (status == NQ_OK && atomic_load(&sh->prepared) != 1)
    status = NQ_ERR_MEMORY;
  pthread_mutex_unlock(&sh->prepare_lock);
  return status;
}

/* ---- the method's operations ---------------------------------------- */

static nq_status join_run_job(const void *shared_v, void *worker_v, size_t job,
                              const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  const join_shared *sh = shared_v;
  join_worker *w = worker_v;
  if (job >= sh->jobs)
    return NQ_ERR_ARGUMENT;
  if (sh->n < JOIN_MIN_N) {
    if (sh->n == 1)
      tally->count2 += 1; /* a class of one, see nq_count_tally_total */
    return NQ_OK;
  }
  if (job == sh->runs) {
    uint64_t half, quarter;
    /* Needs no quarters: a part holding only this job never builds them. */
    if (join_count_symmetric(sh->n, stop, &half, &quarter))
      return NQ_ERR_INTERRUPTED;
    tally->count2 += quarter / 2, tally->count4 += (half - quarter) / 4;
    return NQ_OK;
  }
  if (atomic_load(&sh->prepared) != 1) {
    nq_status prepared = join_prepare((void *)sh, 1, stop);
    if (prepared != NQ_OK)
      return prepared;
  }
  size_t first = sh->set_count * job / sh->runs, end = sh->set_count * (job + 1) / sh->runs;
  for (size_t i = first; i < end; i++) {
    if (stop && *stop)
      return NQ_ERR_INTERRUPTED;
    nq_status status = count_rows_set(sh, w, i, tally);
    if (status != NQ_OK)
      return status;
  }
  return NQ_OK;
}

static void join_destroy(void *shared) {
  join_shared *sh = shared;
  if (!sh)
    return;
  for (int i = 0; i < 4; i++)
    join_quarter_free(&sh->quarter[i]);
  pthread_mutex_destroy(&sh->prepare_lock);
  free(sh->sets);
  free(sh->middle);
  free(sh->weight);
  free(sh);
}

static uint64_t binomial(int n, int k) {
  uint64_t r = 1;
  for (int i = 1; i <= k; i++)
    r = r * (uint64_t)(n - k + i) / (uint64_t)i;
  return r;
}

static nq_status join_create(int n, nq_count_kernel kernel, nq_count_isa isa, void **shared_out,
                             size_t *jobs) {
  (void)kernel; /* the backtracking kernels; the join's are the level's */
  *shared_out = NULL, *jobs = 0;
  const join_kernels *kernels = join_kernels_for(isa);
  if (n < 1 || n > NQ_COUNT_JOIN_MAX_N || !kernels)
    return NQ_ERR_ARGUMENT;
  join_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return NQ_ERR_MEMORY;
  sh->n = n, sh->a = n / 2, sh->gap = n % 2;
  sh->kernels = kernels;
  pthread_mutex_init(&sh->prepare_lock, NULL);
  atomic_init(&sh->prepared, 0);
  if (n < JOIN_MIN_N) {
    sh->jobs = 1;
    *shared_out = sh, *jobs = 1;
    return NQ_OK;
  }
  sh->plain = getenv("NQSAT_JOIN_PLAIN") != NULL;
  sh->cross_bits = n - 1 - sh->gap;
  sh->cross_mask = (1ull << sh->cross_bits) - 1;
  /* Canonical (middle row, rows set) pairs, ordered by S, then m. */
  int middles = sh->gap ? n : 1;
  size_t total = (size_t)binomial(n - sh->gap, sh->a) * (size_t)middles;
  sh->sets = malloc(total * sizeof *sh->sets);
  sh->middle = malloc(total);
  sh->weight = malloc(total);
  if (!sh->sets || !sh->middle || !sh->weight) {
    join_destroy(sh);
    return NQ_ERR_MEMORY;
  }
  uint32_t all = (1u << n) - 1;
  for (uint32_t s = (1u << sh->a) - 1; s <= all; s = next_same_bits(s))
    for (int m = 0; m < middles; m++) {
      int size;
      if (sh->gap && (s >> m & 1))
        continue;
      if (!canonical(s, m, n, &size))
        continue;
      sh->sets[sh->set_count] = s, sh->middle[sh->set_count] = (uint8_t)m;
      sh->weight[sh->set_count++] = (uint8_t)size;
    }
  sh->runs = sh->set_count < JOIN_RUNS ? sh->set_count : JOIN_RUNS;
  sh->jobs = sh->runs + 1;
  *shared_out = sh, *jobs = sh->jobs;
  return NQ_OK;
}

static size_t join_describe(const void *shared, size_t job, unsigned char bytes[64]) {
  const join_shared *sh = shared;
  /* n, the runs and the job: the rows sets of a run follow from them. */
  bytes[0] = (unsigned char)sh->n;
  for (int i = 0; i < 4; i++) {
    bytes[1 + i] = (unsigned char)(sh->runs >> (8 * i));
    bytes[5 + i] = (unsigned char)(job >> (8 * i));
  }
  return 9;
}

/* Cost guesses, for the driver's largest-first order: the symmetric job
 * first (it needs no tables and would otherwise end a run alone: 90 ms at
 * N = 18, a run takes 1-5 ms), then the runs from the last, which hold the
 * rows sets with more rows at the bottom and cost more (measured at N = 17
 * and 18: about 5x from the first runs to the last). */
static double join_weight(const void *shared, size_t job) {
  const join_shared *sh = shared;
  if (sh->n < JOIN_MIN_N)
    return 1.0;
  if (job == sh->runs)
    return 3.0;
  return 1.0 + (double)job / (double)(sh->runs ? sh->runs : 1);
}

static nq_status join_worker_create(const void *shared, void **worker_out) {
  const join_shared *sh = shared;
  /* Own cache lines: the list sizes change all the time, and a line shared
   * with another thread's worker would bounce between the cores. */
  size_t bytes = (sizeof(join_worker) + 127) / 128 * 128;
  join_worker *w = aligned_alloc(128, bytes);
  if (!w)
    return NQ_ERR_MEMORY;
  memset(w, 0, bytes);
  if (sh->n >= JOIN_MIN_N) {
    /* Candidates to group by: the crossing diagonals nearest the two
     * longest, which halves hold most often (the matcher weighs them on
     * each pair of lists and picks). */
    int n = sh->n, k = sh->cross_bits;
    int longest_anti = (n - 1) - (n - sh->a), longest_diag = k + (n - 1) - (n - sh->a);
    uint64_t cut = 0;
    for (int j = -3; j <= 3; j++) {
      if (longest_anti + j >= 0 && longest_anti + j < k)
        cut |= 1ull << (longest_anti + j);
      if (longest_diag + j >= k && longest_diag + j < 2 * k)
        cut |= 1ull << (longest_diag + j);
    }
    w->matcher = join_matcher_create(2 * k, cut, sh->kernels);
    if (!w->matcher) {
      free(w);
      return NQ_ERR_MEMORY;
    }
    if (sh->plain)
      join_matcher_force_plain(w->matcher);
  }
  *worker_out = w;
  return NQ_OK;
}

static void join_worker_destroy(void *worker) {
  join_worker *w = worker;
  if (!w)
    return;
  free(w->left_all.full), free(w->left_all.cross);
  free(w->left.full), free(w->left.cross), free(w->right.full), free(w->right.cross);
  join_matcher_free(w->matcher);
  free(w);
}

/* Peak bytes: the four quarter tables (8 bytes an entry, 4 a key), the rows
 * sets, and per worker the two half lists (16 bytes a half, doubled for
 * growth) and the matcher's copy. The largest half list by n was measured
 * (docs/count-join.md) and is bounded above here. */
static uint64_t join_memory(int n, int threads) {
  if (n < 1 || n > NQ_COUNT_JOIN_MAX_N)
    return 0;
  if (n < JOIN_MIN_N)
    return 4096;
  int a = n / 2, b = n - a;
  uint64_t quarters = 0;
  int dims[4][2] = {{a, a}, {b, a}, {a, a}, {b, a}};
  for (int i = 0; i < 4; i++)
    quarters += 8 * join_quarter_entries(dims[i][0], dims[i][1]) +
                4 * ((1ull << (dims[i][0] + dims[i][1])) + 1);
  uint64_t sets = 6 * binomial(n - n % 2, a) * (uint64_t)(n % 2 ? n : 1);
  /* A bound on one rows set's halves: 1/25 of a b x b quarter (measured
   * for n = 14..20, the largest list is 1/30 to 1/84 of it). Three lists
   * (the left halves before and after the middle queen's filter, the right
   * halves) of 16 bytes a half, doubling as they grow, and the matcher's
   * copy of the larger (8 bytes a half, padded), its slices (up to 6), the
   * smaller's table offsets (4 bytes a chunk, at most 8 chunks) and each
   * half's group (a byte); its two blocks' tables and its two byte maps (120 KiB). */
  uint64_t half = join_quarter_entries(b, b) / 25 + 4096;
  uint64_t per_worker = 3 * 2 * 16 * half + 16 * half + 42 * half + (120 << 10);
  uint64_t workers = threads > 0 ? (uint64_t)threads : 1;
  return quarters + sets + workers * per_worker + (1 << 20);
}

/* AUTO: the join where it costs less CPU time in all than backtracking,
 * counting that each of `parts` processes builds the quarter tables again.
 * The costs are one thread's CPU seconds measured with bench/count.sh on
 * the project's machine (AMD EPYC, AVX-512; docs/count-join.md), both
 * methods growing about 8x an n beyond the table; only their ratio matters
 * here. Without AVX-512 both slow down alike (the join's AVX2 and portable
 * kernels, backtracking's rows kernel: 2-3x), so the same rule holds. */
int nq_count_join_preferred(int n, size_t parts) {
  /* n = 13..20: backtrack, the join's whole run, and what a process of the
   * join costs before its jobs (`--part 1/1025`: start-up and tables). */
  static const double backtrack[] = {0.006, 0.03, 0.18, 1.1, 6.2, 44, 330, 3600};
  static const double join[] = {0.004, 0.012, 0.08, 0.115, 0.7, 2.4, 21, 169};
  static const double tables[] = {0.005, 0.01, 0.01, 0.02, 0.06, 0.17, 0.41, 1.5};
  if (n < NQ_COUNT_JOIN_AUTO_MIN_N || n > NQ_COUNT_JOIN_MAX_N)
    return 0;
  int i = (n < 20 ? n : 20) - 13;
  double grow = 1.0;
  for (int k = 20; k < n; k++)
    grow *= 8.0;
  double join_cost = (join[i] + (double)(parts - 1) * tables[i]) * grow;
  return join_cost < backtrack[i] * grow;
}

const count_method_ops nq_count_join_ops = {
    .name = "join",
    .memory_estimate = join_memory,
    .create = join_create,
    .prepare = join_prepare,
    .destroy = join_destroy,
    .describe_job = join_describe,
    .job_weight = join_weight,
    .worker_create = join_worker_create,
    .worker_destroy = join_worker_destroy,
    .run_job = join_run_job,
};
