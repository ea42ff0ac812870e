/* join_kernels_avx512.c - the join's inner loops with AVX-512 (F, BW,
 * VPOPCNTDQ, VL) and BMI2 (see join_kernels.h): a 64-byte row is one register,
 * counted by VPOPCNTQ; halves are packed by compressing in a register and
 * storing all eight words (the lists have room for 8 more): AMD's Zen 4
 * runs VPCOMPRESSQ to memory as microcode, tens of cycles a store, and
 * that store was most of the half forming's time at N = 21. */
#include "join_kernels.h"

#ifdef JOIN_KERNELS_X86
#include <immintrin.h>

#define AVX512_TARGET                                                                              \
  __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,bmi,bmi2,popcnt")))

/* 64 patterns at a time are transposed to bytes (bytes[b], byte i: byte b
 * of pattern i), so that one byte test gives a slice's 64 bits (a test
 * per 8 patterns and bit before). The transpose: in each 128-bit lane
 * PSHUFB puts the lane's two patterns' bytes side by side (word b: both
 * patterns' byte b); three rounds then merge the eight registers two at a
 * time, each halving the bytes a register holds and doubling its patterns
 * (round 1 by words, VPERMT2W; rounds 2 and 3 move whole 128-bit pieces),
 * so that word 4u + l of bytes[b] ends as byte b of patterns 8u + 2l and
 * 8u + 2l + 1. */
static const uint16_t round1[2][32] = {
    {0, 8,  16, 24, 32, 40, 48, 56, 1, 9,  17, 25, 33, 41, 49, 57,
     2, 10, 18, 26, 34, 42, 50, 58, 3, 11, 19, 27, 35, 43, 51, 59},
    {4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61,
     6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63}};
static const uint64_t round2[2][8] = {{0, 1, 8, 9, 2, 3, 10, 11}, {4, 5, 12, 13, 6, 7, 14, 15}};
static const uint64_t round3[2][8] = {{0, 1, 2, 3, 8, 9, 10, 11}, {4, 5, 6, 7, 12, 13, 14, 15}};

AVX512_TARGET static void build_slices(int bits, const uint64_t *block, void *slices) {
  const __m512i pair_bytes =
      _mm512_broadcast_i32x4(_mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
  __m512i index[3][2];
  for (int part = 0; part < 2; part++) {
    index[0][part] = _mm512_loadu_si512(round1[part]);
    index[1][part] = _mm512_loadu_si512(round2[part]);
    index[2][part] = _mm512_loadu_si512(round3[part]);
  }
  uint64_t *slice = slices; /* slice k, patterns 64q..64q+63: word 8k + q */
  for (int q = 0; q < 8; q++) {
    __m512i v[8], w[8];
    for (int u = 0; u < 8; u++)
      v[u] = _mm512_shuffle_epi8(_mm512_load_si512(block + q * 64 + u * 8), pair_bytes);
    /* Round r merges registers `span` apart: out of it, register
     * 2 span g + 2 h + part holds for the patterns of its group g the bytes
     * that `part` and h (the part of the round before) select. */
    for (int r = 0, span = 1; r < 3; r++, span *= 2) {
      for (int g = 0; g < 8 / (2 * span); g++)
        for (int h = 0; h < span; h++)
          for (int part = 0; part < 2; part++) {
            __m512i a = v[g * 2 * span + h], b = v[g * 2 * span + span + h];
            w[g * 2 * span + h * 2 + part] = r == 0
                                                 ? _mm512_permutex2var_epi16(a, index[r][part], b)
                                                 : _mm512_permutex2var_epi64(a, index[r][part], b);
          }
      for (int u = 0; u < 8; u++)
        v[u] = w[u];
    }
    for (int k = 0; k < bits; k++)
      slice[8 * k + q] = _mm512_testn_epi8_mask(v[k >> 3], _mm512_set1_epi8((char)(1 << (k & 7))));
  }
}

AVX512_TARGET static void build_table(int bits, const join_chunks *ck, const void *slices,
                                      size_t valid_count, void *table_v) {
  const __m512i *slice = slices;
  __m512i *table = table_v;
  uint64_t valid[8];
  for (int q = 0; q < 8; q++) {
    size_t base = (size_t)q * 64;
    valid[q] = base + 64 <= valid_count ? ~0ull
               : base >= valid_count    ? 0
                                        : (1ull << (valid_count - base)) - 1;
  }
  __m512i exist = _mm512_loadu_si512(valid);
  for (int c = 0; c < ck->count; c++) {
    __m512i *row = table + ck->row[c];
    row[0] = exist;
    for (unsigned v = 1; v < (1u << ck->width[c]); v++) {
      unsigned low = v & -v;
      int k = ck->first[c] + __builtin_ctz(low);
      row[v] = k < bits ? _mm512_and_si512(row[v ^ low], slice[k]) : row[v ^ low];
    }
  }
}

/* Constant `chunks`, `full` and `half` let the compiler unroll the inner
 * loop (see the switch in count_block). An item's offsets are loaded once
 * for every block: the loop is loads, a scalar one per chunk for the
 * offset and a vector one per chunk and block. `full` blocks are read
 * whole, then `half` (0 or 1) more of which only the first 256 patterns
 * exist: its rows are read in 256-bit halves, which take half the load
 * slots (Zen 4 splits a 512-bit load in two), so a group's short tail
 * costs half a block. */
__attribute__((always_inline)) AVX512_TARGET static inline __m512i
items_against_blocks(const char *table, size_t table_bytes, const uint32_t *offsets, size_t items,
                     const int chunks, const int full, const int half, __m512i count) {
  const char *second = table + table_bytes;
  const char *halved = table + (size_t)full * table_bytes;
  __m256i half_count = _mm256_setzero_si256();
  for (size_t i = 0; i < items; i++) {
    const uint32_t *o = offsets + i * (size_t)chunks;
    __m512i acc = _mm512_setzero_si512(), acc2 = acc;
    __m256i low = _mm256_setzero_si256();
    if (full >= 1)
      acc = _mm512_load_si512(table + o[0]);
    if (full == 2)
      acc2 = _mm512_load_si512(second + o[0]);
    if (half)
      low = _mm256_load_si256((const __m256i *)(halved + o[0]));
    for (int c = 1; c < chunks; c++) {
      if (full >= 1)
        acc = _mm512_and_si512(acc, _mm512_load_si512(table + o[c]));
      if (full == 2)
        acc2 = _mm512_and_si512(acc2, _mm512_load_si512(second + o[c]));
      if (half)
        low = _mm256_and_si256(low, _mm256_load_si256((const __m256i *)(halved + o[c])));
    }
    if (full >= 1)
      count = _mm512_add_epi64(count, _mm512_popcnt_epi64(acc));
    if (full == 2)
      count = _mm512_add_epi64(count, _mm512_popcnt_epi64(acc2));
    if (half)
      half_count = _mm256_add_epi64(half_count, _mm256_popcnt_epi64(low));
  }
  return half ? _mm512_add_epi64(count, _mm512_zextsi256_si512(half_count)) : count;
}

AVX512_TARGET static uint64_t count_block(const void *table, size_t table_bytes,
                                          const uint32_t *offsets, size_t items, int chunks,
                                          int tables, int last_half) {
  __m512i count = _mm512_setzero_si512();
  int half = last_half != 0, full = tables - half;
  switch (chunks) {
    /* k chunks, f whole blocks, then h half blocks */
#define COUNT(k, f, h) items_against_blocks(table, table_bytes, offsets, items, k, f, h, count)
#define CHUNKS_CASE(k)                                                                             \
  case k:                                                                                          \
    count = full == 2 ? COUNT(k, 2, 0)                                                             \
            : !half   ? COUNT(k, 1, 0)                                                             \
            : full    ? COUNT(k, 1, 1)                                                             \
                      : COUNT(k, 0, 1);                                                               \
    break;
    JOIN_EACH_CHUNK_COUNT(CHUNKS_CASE)
#undef CHUNKS_CASE
#undef COUNT
  }
  return (uint64_t)_mm512_reduce_add_epi64(count);
}

AVX512_TARGET static size_t join_pairs(uint64_t x, const uint64_t *bottom, size_t count,
                                       uint64_t *out) {
  __m512i vx = _mm512_set1_epi64((long long)x);
  size_t k = 0;
  for (size_t i = 0; i < count; i += 8) {
    __mmask8 in = count - i >= 8 ? 0xff : (__mmask8)((1u << (count - i)) - 1);
    __m512i y = _mm512_maskz_loadu_epi64(in, bottom + i);
    __mmask8 fit = _mm512_mask_testn_epi64_mask(in, y, vx);
    _mm512_storeu_si512(out + k, _mm512_maskz_compress_epi64(fit, _mm512_or_si512(y, vx)));
    k += (size_t)__builtin_popcount(fit);
  }
  return k;
}

AVX512_TARGET static size_t crossings(const join_crossing *c, const uint64_t *in, size_t size,
                                      uint64_t attacked, uint64_t *full, uint64_t *cross) {
  __m512i att = _mm512_set1_epi64((long long)attacked), m = _mm512_set1_epi64((long long)c->mask);
  size_t k = 0;
  for (size_t i = 0; i < size; i += 8) {
    __mmask8 in_range = size - i >= 8 ? 0xff : (__mmask8)((1u << (size - i)) - 1);
    __m512i w = _mm512_maskz_loadu_epi64(in_range, in + i);
    __mmask8 keep = _mm512_mask_testn_epi64_mask(in_range, w, att);
    __m512i anti = _mm512_and_si512(_mm512_srl_epi64(w, _mm_cvtsi32_si128(c->anti)), m);
    __m512i diag = _mm512_and_si512(_mm512_srl_epi64(w, _mm_cvtsi32_si128(c->diag)), m);
    __m512i x = _mm512_or_si512(anti, _mm512_sll_epi64(diag, _mm_cvtsi32_si128(c->bits)));
    _mm512_storeu_si512(full + k, _mm512_maskz_compress_epi64(keep, w));
    _mm512_storeu_si512(cross + k, _mm512_maskz_compress_epi64(keep, x));
    k += (size_t)__builtin_popcount(keep);
  }
  return k;
}

const join_kernels join_kernels_avx512 = {
    .isa = NQ_COUNT_ISA_AVX512,
    .build_slices = build_slices,
    .build_table = build_table,
    .count_block = count_block,
    .join_pairs = join_pairs,
    .crossings = crossings,
};
#endif
