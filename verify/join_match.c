/* join_match.c - disjoint pairs of two mask lists (see join_match.h).
 *
 * Ideas: bit slicing (store the patterns transposed, one word per bit, so
 * one AND tests many patterns) and grouping by a few bits ("sieve") are the
 * structure of Evgeny Kluev's N-Queens-Count-Sol matcher (MIT, 2022); the
 * table of ANDs of 5 bits' words is the "method of four Russians"
 * (Arlazarov et al., 1970). The code is written here for AVX-512. */
#include "join_match.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define JOIN_MATCH_X86 1
#endif

enum {
  TABLE_BITS = 5,         /* mask bits per table: 32 ANDs of their words */
  BLOCK = 512,            /* patterns per 512-bit word */
  MAX_CUT = 3,            /* cut bits: up to 8 groups */
  MIN_SLICED_ITEMS = 16,  /* below these sizes the pair loop is cheaper */
  MIN_SLICED_PATTERNS = 256,
  ITEM_TILE = 4096,       /* items per pass over the blocks: their offsets
                             stay in the core's L2 cache */
  MAX_CHUNKS = 13
};

struct join_matcher {
  int bits;
  uint64_t cut; /* up to MAX_CUT bits to group by, used as the lists grow */
  int sliced;
  uint64_t *patterns; /* grouped, compressed, padded to whole blocks */
  size_t patterns_cap;
  uint32_t *offsets; /* per item, the byte offset of each chunk's row */
  size_t offsets_cap;
  void *slices; /* per block of patterns, one 512-bit word per mask bit */
  size_t slices_cap; /* in 64-byte words */
  void *table; /* chunks x 32 rows of 64 bytes */
};

static uint64_t count_plain(const uint64_t *items, size_t items_size, const uint64_t *patterns,
                            size_t patterns_size) {
  uint64_t total = 0;
  for (size_t i = 0; i < items_size; i++) {
    uint64_t x = items[i], c = 0;
    for (size_t j = 0; j < patterns_size; j++) c += (x & patterns[j]) == 0;
    total += c;
  }
  return total;
}

join_matcher *join_matcher_create(int bits, uint64_t cut) {
  /* Own cache lines (see join_worker_create). */
  size_t bytes = (sizeof(join_matcher) + 127) / 128 * 128;
  join_matcher *m = aligned_alloc(128, bytes);
  if (!m) return NULL;
  memset(m, 0, bytes);
  uint64_t all = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  m->bits = bits;
  m->cut = cut & all;
  while (__builtin_popcountll(m->cut) > MAX_CUT) m->cut &= m->cut - 1;
#ifdef JOIN_MATCH_X86
  m->sliced = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
              __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("bmi2") &&
              (bits + TABLE_BITS - 1) / TABLE_BITS <= MAX_CHUNKS;
  if (m->sliced) {
    m->table = aligned_alloc(64, (size_t)MAX_CHUNKS * (1u << TABLE_BITS) * 64);
    if (!m->table) m->sliced = 0;
  }
#endif
  return m;
}

void join_matcher_free(join_matcher *m) {
  if (!m) return;
  free(m->patterns);
  free(m->offsets);
  free(m->slices);
  free(m->table);
  free(m);
}

int join_matcher_sliced(const join_matcher *m) { return m->sliced; }
void join_matcher_force_plain(join_matcher *m) { m->sliced = 0; }

/* How one call splits the mask bits: grouped (cut) and tabled (keep). */
typedef struct match_shape {
  uint64_t cut, keep;
  int cut_bits, bits, chunks; /* bits: tabled bits */
} match_shape;

/* Fewer groups for short lists: a group pads to whole blocks of 512, so
 * each should hold a couple of blocks. */
static match_shape shape_for(const join_matcher *m, size_t patterns_size) {
  int want = patterns_size < 2048 ? 0 : patterns_size < 4096 ? 1 : patterns_size < 8192 ? 2 : 3;
  match_shape sh = {0};
  for (uint64_t rest = m->cut; rest && sh.cut_bits < want; rest &= rest - 1, sh.cut_bits++)
    sh.cut |= rest & -rest;
  uint64_t all = m->bits >= 64 ? ~0ull : (1ull << m->bits) - 1;
  sh.keep = all & ~sh.cut;
  sh.bits = m->bits - sh.cut_bits;
  sh.chunks = (sh.bits + TABLE_BITS - 1) / TABLE_BITS;
  if (sh.chunks < 1) sh.chunks = 1;
  return sh;
}

#ifdef JOIN_MATCH_X86
#define SLICED_TARGET __attribute__((target("avx512f,avx512bw,avx512vpopcntdq,bmi2")))

/* The items of one group against one block's tables: `chunks` loads and
 * ANDs and a popcount per item. A constant `chunks` lets the compiler
 * unroll the inner loop (see the switch in count_block). */
__attribute__((always_inline)) SLICED_TARGET static inline __m512i
items_against_block(const char *table, const uint32_t *offsets, size_t items, const int chunks,
                    __m512i count) {
  for (size_t i = 0; i < items; i++) {
    const uint32_t *o = offsets + i * (size_t)chunks;
    __m512i acc = _mm512_load_si512(table + o[0]);
    for (int c = 1; c < chunks; c++) acc = _mm512_and_si512(acc, _mm512_load_si512(table + o[c]));
    count = _mm512_add_epi64(count, _mm512_popcnt_epi64(acc));
  }
  return count;
}

SLICED_TARGET static __m512i count_block(const char *table, const uint32_t *offsets,
                                         size_t items, int chunks, __m512i count) {
  switch (chunks) {
#define CHUNKS_CASE(k) \
  case k: return items_against_block(table, offsets, items, k, count);
    CHUNKS_CASE(1) CHUNKS_CASE(2) CHUNKS_CASE(3) CHUNKS_CASE(4) CHUNKS_CASE(5) CHUNKS_CASE(6)
    CHUNKS_CASE(7) CHUNKS_CASE(8) CHUNKS_CASE(9) CHUNKS_CASE(10) CHUNKS_CASE(11)
    CHUNKS_CASE(12) CHUNKS_CASE(13)
#undef CHUNKS_CASE
  }
  return count;
}

/* The slices of one block of 512 (compressed) patterns: word k has bit j
 * set when pattern j lacks mask bit k. */
SLICED_TARGET static void build_slices(int bits, const uint64_t *block, __m512i *slice) {
  for (int q = 0; q < 8; q++) {
    __m512i v[8];
    for (int u = 0; u < 8; u++) v[u] = _mm512_load_si512(block + q * 64 + u * 8);
    for (int k = 0; k < bits; k++) {
      __m512i bit = _mm512_set1_epi64((long long)(1ull << k));
      uint64_t word = 0;
      for (int u = 0; u < 8; u++) word |= (uint64_t)_mm512_testn_epi64_mask(v[u], bit) << (8 * u);
      ((uint64_t *)&slice[k])[q] = word;
    }
  }
}

/* Table row (c, v) of a block: the AND of the slices of the bits set in v
 * (chunk c's 5 bits), starting from the patterns that exist. */
SLICED_TARGET static void build_table(const match_shape *shape, const __m512i *slice,
                                      size_t valid_count, __m512i *table) {
  int bits = shape->bits;
  uint64_t valid[8];
  for (int q = 0; q < 8; q++) {
    size_t base = (size_t)q * 64;
    valid[q] = base + 64 <= valid_count ? ~0ull
               : base >= valid_count    ? 0
                                        : (1ull << (valid_count - base)) - 1;
  }
  __m512i exist = _mm512_loadu_si512(valid);
  for (int c = 0; c < shape->chunks; c++) {
    __m512i *row = table + ((size_t)c << TABLE_BITS);
    row[0] = exist;
    for (unsigned v = 1; v < (1u << TABLE_BITS); v++) {
      unsigned low = v & -v;
      int k = c * TABLE_BITS + __builtin_ctz(low);
      row[v] = k < bits ? _mm512_and_si512(row[v ^ low], slice[k]) : row[v ^ low];
    }
  }
}

SLICED_TARGET static uint64_t count_sliced(join_matcher *m, const uint64_t *items,
                                           size_t items_size, const uint64_t *patterns,
                                           size_t patterns_size) {
  const match_shape shape = shape_for(m, patterns_size);
  const int groups = 1 << shape.cut_bits, chunks = shape.chunks;
  const uint64_t cut = shape.cut, keep = shape.keep;
  /* Patterns by group, each group padded to whole blocks with all-ones
   * masks (they fit no item with any kept bit; `valid` drops them). */
  size_t count[8] = {0}, start[9], end[8], fill[8];
  for (size_t j = 0; j < patterns_size; j++) count[_pext_u64(patterns[j], cut)]++;
  size_t total = 0;
  for (int g = 0; g < groups; g++) {
    start[g] = total, end[g] = total + count[g];
    total += (count[g] + BLOCK - 1) / BLOCK * BLOCK;
  }
  if (total > m->patterns_cap) {
    free(m->patterns);
    m->patterns_cap = total + total / 4 + BLOCK;
    m->patterns = aligned_alloc(64, m->patterns_cap * sizeof *m->patterns);
    if (!m->patterns) {
      m->patterns_cap = 0;
      return UINT64_MAX;
    }
  }
  for (int g = 0; g < groups; g++) fill[g] = start[g];
  for (size_t j = 0; j < patterns_size; j++)
    m->patterns[fill[_pext_u64(patterns[j], cut)]++] = _pext_u64(patterns[j], keep);
  for (int g = 0; g < groups; g++) {
    size_t padded = (end[g] + BLOCK - 1) / BLOCK * BLOCK;
    for (size_t j = end[g]; j < padded; j++) m->patterns[j] = ~0ull;
  }
  /* Items by group, each reduced to its chunks' table offsets. */
  size_t item_count[8] = {0}, item_start[9], item_fill[8];
  for (size_t i = 0; i < items_size; i++) item_count[_pext_u64(items[i], cut)]++;
  item_start[0] = 0;
  for (int g = 0; g < groups; g++) item_start[g + 1] = item_start[g] + item_count[g];
  size_t need = items_size * (size_t)chunks;
  if (need > m->offsets_cap) {
    free(m->offsets);
    m->offsets_cap = need + need / 4 + 64;
    m->offsets = malloc(m->offsets_cap * sizeof *m->offsets);
    if (!m->offsets) {
      m->offsets_cap = 0;
      return UINT64_MAX;
    }
  }
  for (int g = 0; g < groups; g++) item_fill[g] = item_start[g];
  const uint64_t low = (1u << TABLE_BITS) - 1;
  for (size_t i = 0; i < items_size; i++) {
    uint64_t x = _pext_u64(items[i], keep);
    uint32_t *o = m->offsets + item_fill[_pext_u64(items[i], cut)]++ * (size_t)chunks;
    for (int c = 0; c < chunks; c++)
      o[c] = (uint32_t)((((uint64_t)c << TABLE_BITS) + ((x >> (c * TABLE_BITS)) & low)) * 64);
  }
  /* Every block's slices once; then, a tile of items at a time, each
   * block's table is rebuilt from them (a few hundred ANDs) and the tile's
   * items of each group that can fit run against it. */
  const int bits = shape.bits;
  size_t blocks = total / BLOCK, slices_need = blocks * (size_t)bits;
  if (slices_need > m->slices_cap) {
    free(m->slices);
    m->slices_cap = slices_need + slices_need / 4 + 64;
    m->slices = aligned_alloc(64, m->slices_cap * 64);
    if (!m->slices) {
      m->slices_cap = 0;
      return UINT64_MAX;
    }
  }
  __m512i *slices = m->slices;
  for (size_t k = 0; k < blocks; k++)
    build_slices(bits, m->patterns + k * BLOCK, slices + k * (size_t)bits);
  /* A tile of items (sorted by group) at a time; each block's table is
   * built once per tile from its slices, and every group of the tile that
   * can fit the block's group runs against it. */
  __m512i sum = _mm512_setzero_si512();
  __m512i *table = m->table;
  for (size_t lo = 0; lo < items_size; lo += ITEM_TILE) {
    size_t hi = items_size - lo < ITEM_TILE ? items_size : lo + ITEM_TILE;
    for (int y = 0; y < groups; y++) {
      int useful = 0;
      for (int x = 0; x < groups; x++)
        useful |= !(x & y) && item_start[x] < hi && item_start[x + 1] > lo;
      if (!useful) continue;
      for (size_t p = start[y]; p < end[y]; p += BLOCK) {
        build_table(&shape, slices + (p / BLOCK) * (size_t)bits, end[y] - p, table);
        for (int x = 0; x < groups; x++) {
          size_t from = item_start[x] > lo ? item_start[x] : lo;
          size_t to = item_start[x + 1] < hi ? item_start[x + 1] : hi;
          if ((x & y) || from >= to) continue;
          sum = count_block((const char *)table, m->offsets + from * (size_t)chunks, to - from,
                            chunks, sum);
        }
      }
    }
  }
  return (uint64_t)_mm512_reduce_add_epi64(sum);
}
#endif

uint64_t join_match_count(join_matcher *m, const uint64_t *items, size_t items_size,
                          const uint64_t *patterns, size_t patterns_size) {
#ifdef JOIN_MATCH_X86
  if (m->sliced && items_size >= MIN_SLICED_ITEMS && patterns_size >= MIN_SLICED_PATTERNS)
    return count_sliced(m, items, items_size, patterns, patterns_size);
#endif
  return count_plain(items, items_size, patterns, patterns_size);
}
