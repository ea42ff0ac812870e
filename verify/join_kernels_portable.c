/* join_kernels_portable.c - the join's inner loops in plain C (see
 * join_kernels.h): the same bit slicing as the vector levels, a 64-byte row
 * being eight 64-bit words, and the compiler's popcount. No intrinsics, so
 * it builds for any 64-bit processor (aarch64 included). On x86-64 the
 * counting loop is compiled twice, for processors with POPCNT (x86-64-v2)
 * and without, and the loader picks one (GCC's target_clones). */
#include <string.h>

#include "join_kernels.h"

enum { ROW_WORDS = 8 }; /* 64-bit words in a 64-byte row */

/* Slice k, word q, bit u: pattern 64q + u lacks bit k. Transposes one
 * 64 x 64 bit square at a time (6 rounds of swaps of ever smaller
 * sub-squares, Warren's Hacker's Delight 7-3), so a block costs
 * 8 x 6 x 32 swaps instead of 512 x bits bit moves. */
static void transpose64(uint64_t square[64]) {
  uint64_t mask = 0x00000000ffffffffull;
  for (int width = 32; width; width >>= 1, mask ^= mask << width)
    for (int k = 0; k < 64; k = (k + width + 1) & ~width) {
      uint64_t t = ((square[k] >> width) ^ square[k + width]) & mask;
      square[k] ^= t << width;
      square[k + width] ^= t;
    }
}

static void build_slices(int bits, const uint64_t *block, void *slices) {
  uint64_t *slice = slices;
  for (int q = 0; q < ROW_WORDS; q++) {
    /* Row u of the square is pattern u's complement; after the transpose
     * row k holds bit k of every pattern, pattern u at bit u. */
    uint64_t square[64];
    for (int u = 0; u < 64; u++) square[u] = ~block[q * 64 + u];
    transpose64(square);
    for (int k = 0; k < bits; k++) slice[k * ROW_WORDS + q] = square[k];
  }
}

static void build_table(int bits, int chunks, const void *slices, size_t valid_count,
                        void *table) {
  const uint64_t *slice = slices;
  uint64_t *row = table;
  for (int q = 0; q < ROW_WORDS; q++) {
    size_t base = (size_t)q * 64;
    row[q] = base + 64 <= valid_count ? ~0ull
             : base >= valid_count    ? 0
                                      : (1ull << (valid_count - base)) - 1;
  }
  for (int c = 0; c < chunks; c++) {
    uint64_t *rows = row + (size_t)c * (1u << JOIN_TABLE_BITS) * ROW_WORDS;
    if (c) memcpy(rows, row, ROW_WORDS * sizeof *row);
    for (unsigned v = 1; v < (1u << JOIN_TABLE_BITS); v++) {
      unsigned low = v & -v;
      int k = c * JOIN_TABLE_BITS + __builtin_ctz(low);
      const uint64_t *from = rows + (size_t)(v ^ low) * ROW_WORDS;
      uint64_t *to = rows + (size_t)v * ROW_WORDS;
      for (int q = 0; q < ROW_WORDS; q++)
        to[q] = k < bits ? from[q] & slice[k * ROW_WORDS + q] : from[q];
    }
  }
}

/* Two 64-bit words that the compiler keeps in one 128-bit register where
 * the processor has them (SSE2 on every x86-64, NEON on aarch64) and in
 * two words elsewhere: GCC's generic vectors, no intrinsics. Loaded with
 * memcpy, which compiles to one aligned load and aliases anything. */
typedef uint64_t word_pair __attribute__((vector_size(16)));
enum { ROW_PAIRS = ROW_WORDS / 2 };

static inline word_pair load_pair(const unsigned char *at) {
  word_pair p;
  memcpy(&p, at, sizeof p);
  return p;
}

static inline uint64_t popcount_pair(word_pair p) {
  return (uint64_t)(__builtin_popcountll(p[0]) + __builtin_popcountll(p[1]));
}

/* A constant `chunks` lets the compiler unroll the loads (see count_block).
 * A row is four word pairs held in four registers: half the loads of eight
 * 64-bit words, and the loads are what this loop waits for (seven chunks
 * of eight words per item at N = 18 kept the load ports busy while the
 * ALUs idled). Through an array the compiler copied rows to the stack and
 * read them back in pieces, a store-forwarding stall per word. */
__attribute__((always_inline)) static inline uint64_t
items_against_block(const unsigned char *table, const uint32_t *offsets, size_t items,
                    const int chunks) {
  uint64_t total = 0;
  for (size_t i = 0; i < items; i++) {
    const uint32_t *o = offsets + i * (size_t)chunks;
    const unsigned char *r = table + o[0];
    word_pair a0 = load_pair(r), a1 = load_pair(r + 16), a2 = load_pair(r + 32),
              a3 = load_pair(r + 48);
    for (int c = 1; c < chunks; c++) {
      r = table + o[c];
      a0 &= load_pair(r), a1 &= load_pair(r + 16);
      a2 &= load_pair(r + 32), a3 &= load_pair(r + 48);
    }
    total += popcount_pair(a0) + popcount_pair(a1) + popcount_pair(a2) + popcount_pair(a3);
  }
  return total;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define POPCNT_CLONES __attribute__((target_clones("arch=x86-64-v2", "default")))
#else
#define POPCNT_CLONES
#endif

POPCNT_CLONES static uint64_t count_block(const void *table, const uint32_t *offsets,
                                          size_t items, int chunks) {
  switch (chunks) {
#define CHUNKS_CASE(k) \
  case k: return items_against_block(table, offsets, items, k);
    CHUNKS_CASE(1) CHUNKS_CASE(2) CHUNKS_CASE(3) CHUNKS_CASE(4) CHUNKS_CASE(5) CHUNKS_CASE(6)
    CHUNKS_CASE(7) CHUNKS_CASE(8) CHUNKS_CASE(9) CHUNKS_CASE(10) CHUNKS_CASE(11)
    CHUNKS_CASE(12) CHUNKS_CASE(13)
#undef CHUNKS_CASE
  }
  return 0;
}

/* Stores every candidate and advances only past those that fit: no branch
 * to mispredict (half the candidates fit, at random). */
static size_t join_pairs(uint64_t x, const uint64_t *bottom, size_t count, uint64_t *out) {
  size_t k = 0;
  for (size_t i = 0; i < count; i++) {
    out[k] = x | bottom[i];
    k += (x & bottom[i]) == 0;
  }
  return k;
}

static size_t crossings(const join_crossing *c, const uint64_t *in, size_t size,
                        uint64_t attacked, uint64_t *full, uint64_t *cross) {
  size_t k = 0;
  for (size_t i = 0; i < size; i++) {
    uint64_t w = in[i];
    full[k] = w;
    cross[k] = ((w >> c->anti) & c->mask) | (((w >> c->diag) & c->mask) << c->bits);
    k += (w & attacked) == 0;
  }
  return k;
}

const join_kernels join_kernels_portable = {
    .isa = NQ_COUNT_ISA_PORTABLE,
    .build_slices = build_slices,
    .build_table = build_table,
    .count_block = count_block,
    .join_pairs = join_pairs,
    .crossings = crossings,
};
