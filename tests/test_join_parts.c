/* test_join_parts.c - the pieces of the join counting method, each against
 * an independent computation:
 *   - join_match_count (bit-sliced at every instruction-set level this
 *     processor has, and pair by pair) against a plain double loop written
 *     here, on random masks of many sizes and densities, and on long
 *     lists whose candidate cut bits are often set, so that the matcher
 *     groups them by several of those bits;
 *   - each level's half-forming kernels (join_pairs, crossings) against
 *     loops written here;
 *   - quarter tables against brute force over every subset of a small
 *     board's cells, and against join_quarter_entries;
 *   - the half- and quarter-turn counts against the classes of 2 and 4 the
 *     backtracking class counter finds (n = 4..15). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "../count/join_match.h"
#include "../count/join_quarters.h"
#include "../count/join_symmetric.h"
#include "check.h"
#include "nqsat/count_plan.h"

static uint64_t random_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_random(void) {
  random_state ^= random_state << 13, random_state ^= random_state >> 7;
  random_state ^= random_state << 17;
  return random_state;
}

/* A mask of `bits` bits, each set with probability about ones/16. */
static uint64_t random_mask(int bits, int ones) {
  uint64_t m = 0;
  for (int b = 0; b < bits; b++)
    if ((int)(next_random() % 16) < ones)
      m |= 1ull << b;
  return m;
}

static uint64_t brute_pairs(const uint64_t *x, size_t nx, const uint64_t *y, size_t ny) {
  uint64_t total = 0;
  for (size_t i = 0; i < nx; i++)
    for (size_t j = 0; j < ny; j++)
      total += (x[i] & y[j]) == 0;
  return total;
}

/* The levels to test: every one this processor has; the others are named
 * as skipped once. */
static int levels(const join_kernels *out[3]) {
  static const nq_count_isa all[] = {NQ_COUNT_ISA_PORTABLE, NQ_COUNT_ISA_AVX2, NQ_COUNT_ISA_AVX512};
  static int told;
  int count = 0;
  for (int i = 0; i < 3; i++) {
    const join_kernels *k = join_kernels_for(all[i]);
    if (k)
      out[count++] = k;
    else if (!told)
      printf("test_join_parts: %s skipped: this processor lacks it\n", nq_count_isa_name(all[i]));
  }
  told = 1;
  return count;
}

static void test_matcher(const join_kernels *kernels) {
  /* Pattern sizes (every other one) whose last block is a half, a whole
   * one, whole and half together (513), two whole and a half (1100). */
  static const size_t sizes[] = {0, 1, 15, 16, 255, 256, 511, 512, 513, 600, 1100, 1500, 3000};
  static const int bit_counts[] = {6, 20, 34, 42, 64};
  enum { MAX = 3000 };
  uint64_t *x = malloc(MAX * sizeof *x), *y = malloc(MAX * sizeof *y);
  CHECK(x && y, "memory");
  if (!x || !y)
    return;
  for (size_t b = 0; b < sizeof bit_counts / sizeof *bit_counts; b++) {
    int bits = bit_counts[b];
    /* Cut bits anywhere in the mask, including none. */
    uint64_t cuts[3] = {0, 1ull << (bits / 2) | 1ull << (bits - 1), 7ull << (bits / 3)};
    for (int c = 0; c < 3; c++) {
      join_matcher *sliced = join_matcher_create(bits, cuts[c], kernels);
      join_matcher *plain = join_matcher_create(bits, cuts[c], kernels);
      CHECK(sliced && plain, "memory");
      if (!sliced || !plain)
        continue;
      join_matcher_force_plain(plain);
      for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (size_t j = 0; j < sizeof sizes / sizeof *sizes; j += 2) {
          size_t nx = sizes[i], ny = sizes[j];
          /* Sparse masks so that many pairs fit; some all-zero items. */
          int ones = 1 + (int)(next_random() % 3);
          for (size_t k = 0; k < nx; k++)
            x[k] = k % 97 == 5 ? 0 : random_mask(bits, ones);
          for (size_t k = 0; k < ny; k++)
            y[k] = random_mask(bits, ones);
          uint64_t expected = brute_pairs(x, nx, y, ny);
          CHECK(join_match_count(sliced, x, nx, y, ny) == expected,
                "%s bits=%d cut=%d sizes %zu x %zu (sliced=%d)", nq_count_isa_name(kernels->isa),
                bits, c, nx, ny, join_matcher_sliced(sliced));
          CHECK(join_match_count(plain, x, nx, y, ny) == expected, "plain bits=%d sizes %zu x %zu",
                bits, nx, ny);
        }
      join_matcher_free(sliced);
      join_matcher_free(plain);
    }
  }
  free(x);
  free(y);
}

/* Long lists (thousands of masks) where the candidate cut bits are set
 * half the time and the others seldom, as in the join's half lists: the
 * matcher then groups by several of the candidates (up to 6, 64 groups of
 * uneven sizes, padded to whole blocks). Checked against the double loop,
 * and that the grouping was in use. */
static void test_matcher_groups(const join_kernels *kernels) {
  static const size_t item_sizes[] = {16, 700, 3000, 6000};
  static const size_t pattern_sizes[] = {2048, 5000, 9000};
  static const int bit_counts[] = {30, 38, 42, 64};
  enum { MAX = 9000 };
  uint64_t *x = malloc(MAX * sizeof *x), *y = malloc(MAX * sizeof *y);
  CHECK(x && y, "memory");
  if (!x || !y)
    return;
  int most_cut_bits = 0;
  for (size_t b = 0; b < sizeof bit_counts / sizeof *bit_counts; b++) {
    int bits = bit_counts[b];
    uint64_t candidates = 0xffffull << (bits / 2 - 8);
    join_matcher *m = join_matcher_create(bits, candidates, kernels);
    CHECK(m != NULL, "memory");
    if (!m)
      continue;
    for (size_t i = 0; i < sizeof item_sizes / sizeof *item_sizes; i++)
      for (size_t j = 0; j < sizeof pattern_sizes / sizeof *pattern_sizes; j++) {
        size_t nx = item_sizes[i], ny = pattern_sizes[j];
        /* Candidate bits set with probability 1/4 to 1/2 (some never),
         * the rest 1/16. */
        for (size_t k = 0; k < nx; k++)
          x[k] = (random_mask(bits, 1) & ~candidates) |
                 (random_mask(bits, 4 + (int)(k % 5)) & candidates & ~(3ull << (bits / 2)));
        for (size_t k = 0; k < ny; k++)
          y[k] = (random_mask(bits, 1) & ~candidates) | (random_mask(bits, 8) & candidates);
        uint64_t expected = brute_pairs(x, nx, y, ny);
        CHECK(join_match_count(m, x, nx, y, ny) == expected, "%s bits=%d grouped sizes %zu x %zu",
              nq_count_isa_name(kernels->isa), bits, nx, ny);
        int used = join_matcher_last_cut_bits(m);
        if (used > most_cut_bits)
          most_cut_bits = used;
      }
    join_matcher_free(m);
  }
  CHECK(most_cut_bits >= 4, "%s: the long lists were grouped by at most %d bits",
        nq_count_isa_name(kernels->isa), most_cut_bits);
  free(x);
  free(y);
}

/* join_pairs and crossings of one level against the plain definitions, on
 * random words of every length 0..40 (the vector kernels' tails). The
 * output buffers have the 8 words of room the kernels may write past what
 * they keep. */
static void test_forming(const join_kernels *kernels) {
  enum { MAX = 40 };
  const char *isa = nq_count_isa_name(kernels->isa);
  uint64_t in[MAX], out[MAX + 8], full[MAX + 8], cross[MAX + 8];
  for (size_t count = 0; count <= MAX; count++) {
    for (int trial = 0; trial < 20; trial++) {
      uint64_t x = random_mask(64, 2);
      for (size_t i = 0; i < count; i++)
        in[i] = random_mask(64, 2);
      size_t got = kernels->join_pairs(x, in, count, out), expected = 0;
      int same = 1;
      for (size_t i = 0; i < count; i++)
        if (!(x & in[i]))
          same &= expected < got && out[expected++] == (x | in[i]);
      CHECK(got == expected && same, "%s join_pairs, %zu words", isa, count);
      join_crossing c = {3 + trial % 5, 30 + trial % 7, 10 + trial % 11, 0};
      c.mask = (1ull << c.bits) - 1;
      uint64_t attacked = trial % 4 ? random_mask(64, 1) : 0;
      got = kernels->crossings(&c, in, count, attacked, full, cross), expected = 0, same = 1;
      for (size_t i = 0; i < count; i++) {
        if (in[i] & attacked)
          continue;
        uint64_t want = ((in[i] >> c.anti) & c.mask) | (((in[i] >> c.diag) & c.mask) << c.bits);
        same &= expected < got && full[expected] == in[i] && cross[expected] == want;
        expected++;
      }
      CHECK(got == expected && same, "%s crossings, %zu words", isa, count);
      /* In place (in == full), as the join calls it for the right halves. */
      uint64_t copy[MAX + 8];
      for (size_t i = 0; i < count; i++)
        copy[i] = in[i];
      got = kernels->crossings(&c, copy, count, attacked, copy, cross);
      CHECK(got == expected, "%s crossings in place, %zu words", isa, count);
      for (size_t i = 0, k = 0; i < count; i++)
        if (!(in[i] & attacked)) {
          CHECK(copy[k] == in[i], "%s crossings in place, %zu words", isa, count);
          k++;
        }
    }
  }
}

/* Sets of non-attacking queens on an r x c board, by trying every subset
 * of its cells. */
static uint64_t brute_quarter(int rows, int cols) {
  int cells = rows * cols;
  uint64_t count = 0;
  for (uint32_t set = 0; set < (1u << cells); set++) {
    int ok = 1;
    for (int i = 0; i < cells && ok; i++)
      for (int j = i + 1; j < cells && ok; j++) {
        if (!(set >> i & 1) || !(set >> j & 1))
          continue;
        int ri = i / cols, ci = i % cols, rj = j / cols, cj = j % cols;
        if (ri == rj || ci == cj || ri + ci == rj + cj || ri - ci == rj - cj)
          ok = 0;
      }
    count += ok;
  }
  return count;
}

static void test_quarters(void) {
  for (int rows = 1; rows <= 4; rows++)
    for (int cols = rows - 1 > 0 ? rows - 1 : 1; cols <= rows; cols++) {
      /* Placed anywhere on a larger board: the count does not depend on it. */
      int n = 2 * rows + 1;
      join_frame frame = {n, 0, 0, 2 * n - 1};
      join_quarter q;
      CHECK(join_quarter_build(&q, frame, 1, 1 + rows, n - cols, n, NULL) == 0, "build");
      uint64_t brute = brute_quarter(rows, cols);
      CHECK(q.size == brute, "%dx%d: %zu entries, brute force %" PRIu64, rows, cols, q.size, brute);
      CHECK(join_quarter_entries(rows, cols) == brute, "%dx%d table", rows, cols);
      CHECK(join_quarter_entries(cols, rows) == brute, "%dx%d table", cols, rows);
      /* Every bucket's entries use exactly its rows and columns: the
       * bucket of no queens holds one entry (the empty set). */
      CHECK(q.first[1] - q.first[0] == 1 && q.mask[0] == 0, "%dx%d empty set", rows, cols);
      join_quarter_free(&q);
    }
  /* Larger sizes: the table against a build (two different searches). */
  for (int k = 5; k <= 8; k++) {
    join_frame frame = {2 * k, 0, 0, 31};
    join_quarter q;
    CHECK(join_quarter_build(&q, frame, 0, k, 0, k, NULL) == 0, "build");
    CHECK(q.size == join_quarter_entries(k, k), "%dx%d", k, k);
    join_quarter_free(&q);
  }
  volatile sig_atomic_t stop = 1;
  join_quarter q;
  CHECK(join_quarter_build(&q, (join_frame){16, 0, 0, 31}, 0, 8, 0, 8, &stop) == -2,
        "a set stop flag stops the build");
  CHECK(q.mask == NULL && q.size == 0, "and leaves the quarter empty");
}

static void test_symmetric(void) {
  for (int n = 4; n <= 15; n++) {
    uint64_t half = 0, quarter = 0;
    CHECK(join_count_symmetric(n, NULL, &half, &quarter) == 0, "n=%d", n);
    nq_count_plan *plan = NULL;
    nq_count_tally t = {0};
    CHECK(nq_count_plan_create(n, NQ_COUNT_METHOD_BACKTRACK, NQ_COUNT_KERNEL_AUTO, &plan) == NQ_OK,
          "n=%d", n);
    CHECK(nq_count_plan_run(plan, 0, nq_count_plan_jobs(plan), 2, NULL, &t) == NQ_OK, "n=%d", n);
    nq_count_plan_free(plan);
    CHECK(quarter % 2 == 0 && (half - quarter) % 4 == 0, "n=%d", n);
    CHECK(quarter / 2 == t.count2 && (half - quarter) / 4 == t.count4,
          "n=%d: half %" PRIu64 " quarter %" PRIu64 ", backtrack c2 %" PRIu64 " c4 %" PRIu64, n,
          half, quarter, t.count2, t.count4);
  }
  volatile sig_atomic_t stop = 1;
  uint64_t half, quarter;
  CHECK(join_count_symmetric(12, &stop, &half, &quarter) == -1, "a set stop flag stops");
}

int main(void) {
  const join_kernels *kernels[3];
  for (int i = 0, count = levels(kernels); i < count; i++) {
    test_matcher(kernels[i]);
    test_matcher_groups(kernels[i]);
    test_forming(kernels[i]);
  }
  test_quarters();
  test_symmetric();
  return check_report("test_join_parts");
}
