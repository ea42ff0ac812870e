/* join_kernels_avx2.c - the join's inner loops with AVX2, BMI2 and POPCNT
 * (x86-64-v3; see join_kernels.h). A 64-byte row is two 256-bit registers.
 * AVX2 has no vector popcount: each row's bytes are counted with a nibble
 * table (VPSHUFB, Mula's method), summed as bytes over a few items and
 * widened with VPSADBW. It has no compress-store either: a 16-entry table
 * of VPERMD orders packs the kept words of four. */
#include "join_kernels.h"

#ifdef JOIN_KERNELS_X86
#include <immintrin.h>
#include <string.h>

#define AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))

enum { ROW_WORDS = 8 };

/* Slice k, word q: bit k of patterns 64q .. 64q + 63, complemented. Bit k
 * is moved to each word's sign and gathered four at a time (VMOVMSKPD). */
AVX2_TARGET static void build_slices(int bits, const uint64_t *block, void *slices) {
  uint64_t *slice = slices;
  for (int q = 0; q < ROW_WORDS; q++) {
    __m256i v[16];
    for (int u = 0; u < 16; u++)
      v[u] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(block + q * 64 + u * 4)),
                              _mm256_set1_epi64x(-1));
    for (int k = 0; k < bits; k++) {
      __m128i shift = _mm_cvtsi32_si128(63 - k);
      uint64_t word = 0;
      for (int u = 0; u < 16; u++)
        word |= (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_sll_epi64(v[u], shift)))
                << (4 * u);
      slice[k * ROW_WORDS + q] = word;
    }
  }
}

AVX2_TARGET static void build_table(int bits, const join_chunks *ck, const void *slices,
                                    size_t valid_count, void *table) {
  const __m256i *slice = slices;
  __m256i *row = table;
  uint64_t valid[ROW_WORDS];
  for (int q = 0; q < ROW_WORDS; q++) {
    size_t base = (size_t)q * 64;
    valid[q] = base + 64 <= valid_count ? ~0ull
               : base >= valid_count    ? 0
                                        : (1ull << (valid_count - base)) - 1;
  }
  __m256i exist0 = _mm256_loadu_si256((const __m256i *)valid);
  __m256i exist1 = _mm256_loadu_si256((const __m256i *)(valid + 4));
  for (int c = 0; c < ck->count; c++) {
    __m256i *rows = row + (size_t)ck->row[c] * 2;
    rows[0] = exist0, rows[1] = exist1;
    for (unsigned v = 1; v < (1u << ck->width[c]); v++) {
      unsigned low = v & -v;
      int k = ck->first[c] + __builtin_ctz(low);
      const __m256i *from = rows + (size_t)(v ^ low) * 2;
      if (k < bits) {
        rows[v * 2] = _mm256_and_si256(from[0], slice[k * 2]);
        rows[v * 2 + 1] = _mm256_and_si256(from[1], slice[k * 2 + 1]);
      } else {
        rows[v * 2] = from[0], rows[v * 2 + 1] = from[1];
      }
    }
  }
}

/* Set bits per byte of x (0..8). */
AVX2_TARGET static inline __m256i byte_counts(__m256i x) {
  const __m256i nibble = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
                                          2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i low = _mm256_set1_epi8(0x0f);
  __m256i lo = _mm256_shuffle_epi8(nibble, _mm256_and_si256(x, low));
  __m256i hi = _mm256_shuffle_epi8(nibble, _mm256_and_si256(_mm256_srli_epi16(x, 4), low));
  return _mm256_add_epi8(lo, hi);
}

enum { ITEMS_PER_FLUSH = 15 }; /* an item adds up to 16 to a byte: 15 x 16 < 256 */

/* A constant `chunks` and `halves` (2: whole rows, 1: only their first
 * 256 patterns, a group's short tail) let the compiler unroll the loop. */
__attribute__((always_inline)) AVX2_TARGET static inline uint64_t
items_against_block(const char *table, const uint32_t *offsets, size_t items, const int chunks,
                    const int halves) {
  __m256i total = _mm256_setzero_si256();
  for (size_t i = 0; i < items;) {
    size_t stop = items - i < ITEMS_PER_FLUSH ? items : i + ITEMS_PER_FLUSH;
    __m256i bytes = _mm256_setzero_si256();
    for (; i < stop; i++) {
      const uint32_t *o = offsets + i * (size_t)chunks;
      const __m256i *r = (const __m256i *)(table + o[0]);
      __m256i a0 = _mm256_load_si256(r), a1 = halves == 2 ? _mm256_load_si256(r + 1) : a0;
      for (int c = 1; c < chunks; c++) {
        r = (const __m256i *)(table + o[c]);
        a0 = _mm256_and_si256(a0, _mm256_load_si256(r));
        if (halves == 2)
          a1 = _mm256_and_si256(a1, _mm256_load_si256(r + 1));
      }
      bytes = _mm256_add_epi8(bytes, halves == 2 ? _mm256_add_epi8(byte_counts(a0), byte_counts(a1))
                                                 : byte_counts(a0));
    }
    total = _mm256_add_epi64(total, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
  }
  uint64_t lanes[4];
  _mm256_storeu_si256((__m256i *)lanes, total);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

AVX2_TARGET static uint64_t count_one_block(const void *table, const uint32_t *offsets,
                                            size_t items, int chunks, int half) {
  switch (chunks) {
#define CHUNKS_CASE(k)                                                                             \
  case k:                                                                                          \
    return half ? items_against_block(table, offsets, items, k, 1)                                 \
                : items_against_block(table, offsets, items, k, 2);
    JOIN_EACH_CHUNK_COUNT(CHUNKS_CASE)
#undef CHUNKS_CASE
  }
  return 0;
}

/* Two blocks one after the other: with two rows a table in registers, a
 * second block's accumulators would not fit beside them. */
AVX2_TARGET static uint64_t count_block(const void *table, size_t table_bytes,
                                        const uint32_t *offsets, size_t items, int chunks,
                                        int tables, int last_half) {
  uint64_t sum = 0;
  for (int t = 0; t < tables; t++)
    sum += count_one_block((const char *)table + t * table_bytes, offsets, items, chunks,
                           last_half && t == tables - 1);
  return sum;
}

/* VPERMD orders that move the kept 64-bit lanes of four (mask bit i: lane
 * i kept) to the front, in order. */
static const int32_t pack_order[16][8] = {
    {0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}, {2, 3, 0, 1, 4, 5, 6, 7},
    {0, 1, 2, 3, 4, 5, 6, 7}, {4, 5, 0, 1, 2, 3, 6, 7}, {0, 1, 4, 5, 2, 3, 6, 7},
    {2, 3, 4, 5, 0, 1, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}, {6, 7, 0, 1, 2, 3, 4, 5},
    {0, 1, 6, 7, 2, 3, 4, 5}, {2, 3, 6, 7, 0, 1, 4, 5}, {0, 1, 2, 3, 6, 7, 4, 5},
    {4, 5, 6, 7, 0, 1, 2, 3}, {0, 1, 4, 5, 6, 7, 2, 3}, {2, 3, 4, 5, 6, 7, 0, 1},
    {0, 1, 2, 3, 4, 5, 6, 7}};

AVX2_TARGET static inline __m256i pack(__m256i x, int keep) {
  return _mm256_permutevar8x32_epi32(x, _mm256_loadu_si256((const __m256i *)pack_order[keep]));
}

/* Four candidates at a time; the tail (fewer than four) one by one. */
AVX2_TARGET static size_t join_pairs(uint64_t x, const uint64_t *bottom, size_t count,
                                     uint64_t *out) {
  __m256i vx = _mm256_set1_epi64x((long long)x), zero = _mm256_setzero_si256();
  size_t k = 0, i = 0;
  for (; i + 4 <= count; i += 4) {
    __m256i y = _mm256_loadu_si256((const __m256i *)(bottom + i));
    __m256i fit = _mm256_cmpeq_epi64(_mm256_and_si256(y, vx), zero);
    int keep = _mm256_movemask_pd(_mm256_castsi256_pd(fit));
    _mm256_storeu_si256((__m256i *)(out + k), pack(_mm256_or_si256(y, vx), keep));
    k += (size_t)__builtin_popcount((unsigned)keep);
  }
  for (; i < count; i++) {
    out[k] = x | bottom[i];
    k += (x & bottom[i]) == 0;
  }
  return k;
}

AVX2_TARGET static size_t crossings(const join_crossing *c, const uint64_t *in, size_t size,
                                    uint64_t attacked, uint64_t *full, uint64_t *cross) {
  __m256i att = _mm256_set1_epi64x((long long)attacked), zero = _mm256_setzero_si256();
  __m256i mask = _mm256_set1_epi64x((long long)c->mask);
  __m128i anti = _mm_cvtsi32_si128(c->anti), diag = _mm_cvtsi32_si128(c->diag);
  __m128i bits = _mm_cvtsi32_si128(c->bits);
  size_t k = 0, i = 0;
  for (; i + 4 <= size; i += 4) {
    __m256i w = _mm256_loadu_si256((const __m256i *)(in + i));
    int keep =
        _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(w, att), zero)));
    __m256i x =
        _mm256_or_si256(_mm256_and_si256(_mm256_srl_epi64(w, anti), mask),
                        _mm256_sll_epi64(_mm256_and_si256(_mm256_srl_epi64(w, diag), mask), bits));
    _mm256_storeu_si256((__m256i *)(full + k), pack(w, keep));
    _mm256_storeu_si256((__m256i *)(cross + k), pack(x, keep));
    k += (size_t)__builtin_popcount((unsigned)keep);
  }
  for (; i < size; i++) {
    uint64_t w = in[i];
    full[k] = w;
    cross[k] = ((w >> c->anti) & c->mask) | (((w >> c->diag) & c->mask) << c->bits);
    k += (w & attacked) == 0;
  }
  return k;
}

const join_kernels join_kernels_avx2 = {
    .isa = NQ_COUNT_ISA_AVX2,
    .build_slices = build_slices,
    .build_table = build_table,
    .count_block = count_block,
    .join_pairs = join_pairs,
    .crossings = crossings,
};
#endif
