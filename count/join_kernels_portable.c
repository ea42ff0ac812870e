/* join_kernels_portable.c - the join's inner loops in plain C (see
 * join_kernels.h): the same bit slicing as the vector levels, a 64-byte row
 * being four pairs of 64-bit words in GCC's generic 128-bit vectors, and
 * the compiler's popcount. No x86 intrinsics, so it builds for any 64-bit
 * processor (aarch64 included, where the pairs are NEON registers and
 * NEON's CNT, the one intrinsic used, counts a row's bits). On
 * x86-64 the counting loop is compiled twice, for x86-64-v2 processors
 * (POPCNT, PEXTRQ) and for the rest, and the loader picks one (GCC's
 * target_clones). */
#include "join_kernels.h"

enum { ROW_WORDS = 8, ROW_PAIRS = 4 }; /* 64-bit words, word pairs in a 64-byte row */

/* Two 64-bit words that the compiler keeps in one 128-bit register where
 * the processor has them (SSE2 on every x86-64, NEON on aarch64) and in
 * two words elsewhere: GCC's generic vectors, no intrinsics; element 0 is
 * the word at the lower address. Rows are read and written as four of
 * them through row_pair, which may alias the words of the table and the
 * slices and is 16-byte aligned (rows are 64-byte aligned), so a load
 * folds into the AND that uses it. Half the loads of 64-bit words: the
 * counting loop waits for little else. */
typedef uint64_t word_pair __attribute__((vector_size(16)));
typedef uint64_t row_pair __attribute__((vector_size(16), may_alias));

/* One round of the transpose below: swaps the upper right and lower left
 * width x width sub-squares of every 2width x 2width square on the
 * diagonal; `mask` has the low `width` bits of every 2width-bit field. A
 * constant width (the call is inlined) makes the shifts immediate. */
__attribute__((always_inline)) static inline void swap_round(word_pair square[64], const int width,
                                                             const uint64_t mask) {
  for (int base = 0; base < 64; base += 2 * width)
    for (int k = base; k < base + width; k++) {
      word_pair t = ((square[k] >> width) ^ square[k + width]) & mask;
      square[k] ^= t << width;
      square[k + width] ^= t;
    }
}

/* Transposes two 64 x 64 bit squares at once, one in each element (6
 * rounds of swaps of ever smaller sub-squares, Warren's Hacker's Delight
 * 7-3), so a block costs 4 x 6 x 32 pair swaps instead of 512 x bits bit
 * moves. */
static void transpose64_pairs(word_pair square[64]) {
  swap_round(square, 32, 0x00000000ffffffffull);
  swap_round(square, 16, 0x0000ffff0000ffffull);
  swap_round(square, 8, 0x00ff00ff00ff00ffull);
  swap_round(square, 4, 0x0f0f0f0f0f0f0f0full);
  swap_round(square, 2, 0x3333333333333333ull);
  swap_round(square, 1, 0x5555555555555555ull);
}

/* Slice k, word q, bit u: pattern 64q + u lacks bit k. */
static void build_slices(int bits, const uint64_t *block, void *slices) {
  row_pair *slice = slices;
  for (int p = 0; p < ROW_PAIRS; p++) {
    /* Row u of the squares is the complement of patterns 128p + u (left)
     * and 128p + 64 + u (right); after the transpose row k holds bit k of
     * each square's patterns, pattern u at bit u: words 2p and 2p + 1 of
     * slice k. */
    const uint64_t *left = block + p * 128, *right = left + 64;
    word_pair square[64];
    for (int u = 0; u < 64; u++)
      square[u] = (word_pair){~left[u], ~right[u]};
    transpose64_pairs(square);
    for (int k = 0; k < bits; k++)
      slice[k * ROW_PAIRS + p] = square[k];
  }
}

static void build_table(int bits, const join_chunks *ck, const void *slices, size_t valid_count,
                        void *table) {
  const row_pair *slice = slices;
  row_pair *row = table;
  uint64_t exist[ROW_WORDS]; /* the patterns that exist */
  for (int q = 0; q < ROW_WORDS; q++) {
    size_t base = (size_t)q * 64;
    exist[q] = base + 64 <= valid_count ? ~0ull
               : base >= valid_count    ? 0
                                        : (1ull << (valid_count - base)) - 1;
  }
  for (int c = 0; c < ck->count; c++) {
    row_pair *rows = row + (size_t)ck->row[c] * ROW_PAIRS;
    for (int p = 0; p < ROW_PAIRS; p++)
      rows[p] = (word_pair){exist[2 * p], exist[2 * p + 1]};
    for (unsigned v = 1; v < (1u << ck->width[c]); v++) {
      unsigned low = v & -v;
      int k = ck->first[c] + __builtin_ctz(low);
      const row_pair *from = rows + (size_t)(v ^ low) * ROW_PAIRS;
      row_pair *to = rows + (size_t)v * ROW_PAIRS;
      if (k < bits)
        for (int p = 0; p < ROW_PAIRS; p++)
          to[p] = from[p] & slice[k * ROW_PAIRS + p];
      else
        for (int p = 0; p < ROW_PAIRS; p++)
          to[p] = from[p];
    }
  }
}

#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>

/* NEON's CNT counts the bits of every byte of a register at once: the
 * row's four registers' byte counts (at most 32 a byte) are summed and
 * added across in one ADDLV, where the compiler's popcount moved each word
 * to a register of its own and counted it alone. */
static inline uint8x16_t byte_counts(word_pair p) {
  return vcntq_u8(vreinterpretq_u8_u64((uint64x2_t)p));
}

static inline uint64_t popcount_row(word_pair a0, word_pair a1, word_pair a2, word_pair a3) {
  return vaddlvq_u8(vaddq_u8(vaddq_u8(byte_counts(a0), byte_counts(a1)),
                             vaddq_u8(byte_counts(a2), byte_counts(a3))));
}
#else
static inline uint64_t popcount_pair(word_pair p) {
  return (uint64_t)(__builtin_popcountll(p[0]) + __builtin_popcountll(p[1]));
}

static inline uint64_t popcount_row(word_pair a0, word_pair a1, word_pair a2, word_pair a3) {
  return popcount_pair(a0) + popcount_pair(a1) + popcount_pair(a2) + popcount_pair(a3);
}
#endif

/* A constant `chunks` and `halves` (2: whole rows; 1: their first 256
 * patterns) let the compiler unroll the loads (see count_block).
 * A row is four word pairs held in four registers: half the loads of eight
 * 64-bit words, and the loads are what this loop waits for (seven chunks
 * of eight words per item at N = 18 kept the load ports busy while the
 * ALUs idled). Through an array the compiler copied rows to the stack and
 * read them back in pieces, a store-forwarding stall per word. */
__attribute__((always_inline)) static inline uint64_t
items_against_block(const unsigned char *table, const uint32_t *offsets, size_t items,
                    const int chunks, const int halves) {
  uint64_t total = 0;
  for (size_t i = 0; i < items; i++) {
    const uint32_t *o = offsets + i * (size_t)chunks;
    const row_pair *r = (const row_pair *)(const void *)(table + o[0]);
    word_pair a0 = r[0], a1 = r[1], a2 = {0, 0}, a3 = {0, 0};
    if (halves == 2)
      a2 = r[2], a3 = r[3];
    for (int c = 1; c < chunks; c++) {
      r = (const row_pair *)(const void *)(table + o[c]);
      a0 &= r[0], a1 &= r[1];
      if (halves == 2)
        a2 &= r[2], a3 &= r[3];
    }
    total += popcount_row(a0, a1, a2, a3);
  }
  return total;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&                             \
    !defined(__SANITIZE_ADDRESS__)
#define POPCNT_CLONES __attribute__((target_clones("arch=x86-64-v2", "default")))
#else
#define POPCNT_CLONES
#endif

/* `half`: only the rows' first 256 patterns exist (a group's short tail):
 * two word pairs a row, not four. */
POPCNT_CLONES static uint64_t count_one_block(const void *table, const uint32_t *offsets,
                                              size_t items, int chunks, int half) {
  switch (chunks) {
    // clang-format off
#define CHUNKS_CASE(k) \
  case k: \
    return half ? items_against_block(table, offsets, items, k, 1) \
                : items_against_block(table, offsets, items, k, 2);
    JOIN_EACH_CHUNK_COUNT(CHUNKS_CASE)
#undef CHUNKS_CASE
    // clang-format on
  }
  return 0;
}

/* Two blocks one after the other: a row is four registers already. */
static uint64_t count_block(const void *table, size_t table_bytes, const uint32_t *offsets,
                            size_t items, int chunks, int tables, int last_half) {
  uint64_t sum = 0;
  for (int t = 0; t < tables; t++)
    sum += count_one_block((const unsigned char *)table + t * table_bytes, offsets, items, chunks,
                           last_half && t == tables - 1);
  return sum;
}

/* Stores every candidate and advances only past those that fit: no branch
 * to mispredict (half the candidates fit, at random). Each word is read
 * once into a local: read twice, the second read came after the store,
 * which the compiler had to assume might have changed it. */
static size_t join_pairs(uint64_t x, const uint64_t *bottom, size_t count, uint64_t *out) {
  size_t k = 0;
  for (size_t i = 0; i < count; i++) {
    uint64_t y = bottom[i];
    out[k] = x | y;
    k += (x & y) == 0;
  }
  return k;
}

/* The cut's fields are copied to locals for the same reason: the stores
 * might otherwise have changed *c, which was read again every word. */
static size_t crossings(const join_crossing *c, const uint64_t *in, size_t size, uint64_t attacked,
                        uint64_t *full, uint64_t *cross) {
  const int anti = c->anti, diag = c->diag, bits = c->bits;
  const uint64_t mask = c->mask;
  size_t k = 0;
  for (size_t i = 0; i < size; i++) {
    uint64_t w = in[i];
    full[k] = w;
    cross[k] = ((w >> anti) & mask) | (((w >> diag) & mask) << bits);
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
