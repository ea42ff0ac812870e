/* join_match.c - disjoint pairs of two mask lists (see join_match.h).
 *
 * Ideas: bit slicing (store the patterns transposed, one word per bit, so
 * one AND tests many patterns) and grouping by a few bits ("sieve") are the
 * structure of Evgeny Kluev's N-Queens-Count-Sol matcher (MIT, 2022); the
 * table of ANDs of 5 bits' words is the "method of four Russians"
 * (Arlazarov et al., 1970). This file groups and lays out the lists; the
 * instructions that slice, table and count are one level's kernels
 * (join_kernels.h), so every level runs the same steps on the same data. */
#include "join_match.h"

#include <stdlib.h>
#include <string.h>

enum {
  MAX_CUT = 3,            /* cut bits: up to 8 groups */
  MIN_SLICED_ITEMS = 16,  /* below these sizes the pair loop is cheaper */
  MIN_SLICED_PATTERNS = 256,
  ITEM_TILE = 4096        /* items per pass over the blocks: their offsets
                             stay in the core's L2 cache */
};

struct join_matcher {
  int bits;
  uint64_t cut; /* up to MAX_CUT bits to group by, used as the lists grow */
  int sliced;
  const join_kernels *kernels;
  uint64_t *patterns; /* grouped, compressed, padded to whole blocks */
  size_t patterns_cap;
  uint32_t *offsets; /* per item, the byte offset of each chunk's row */
  size_t offsets_cap;
  void *slices; /* per block of patterns, one 64-byte row per mask bit */
  size_t slices_cap; /* in 64-byte rows */
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

join_matcher *join_matcher_create(int bits, uint64_t cut, const join_kernels *kernels) {
  /* Own cache lines (see join_worker_create). */
  size_t bytes = (sizeof(join_matcher) + 127) / 128 * 128;
  join_matcher *m = aligned_alloc(128, bytes);
  if (!m) return NULL;
  memset(m, 0, bytes);
  uint64_t all = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  m->bits = bits;
  m->cut = cut & all;
  while (__builtin_popcountll(m->cut) > MAX_CUT) m->cut &= m->cut - 1;
  m->kernels = kernels;
  m->sliced = kernels != NULL;
  if (m->sliced) {
    m->table = aligned_alloc(64, (size_t)JOIN_MAX_CHUNKS * (1u << JOIN_TABLE_BITS) * 64);
    if (!m->table) m->sliced = 0;
  }
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

/* How one call splits the mask bits: grouped (cut, at positions cut_at)
 * and tabled (the others, closed up). */
typedef struct match_shape {
  uint64_t cut;
  int cut_at[MAX_CUT];
  int cut_bits, bits, chunks; /* bits: tabled bits */
} match_shape;

/* Fewer groups for short lists: a group pads to whole blocks of 512, so
 * each should hold a couple of blocks. */
static match_shape shape_for(const join_matcher *m, size_t patterns_size) {
  int want = patterns_size < 2048 ? 0 : patterns_size < 4096 ? 1 : patterns_size < 8192 ? 2 : 3;
  match_shape sh = {0};
  for (uint64_t rest = m->cut; rest && sh.cut_bits < want; rest &= rest - 1, sh.cut_bits++) {
    sh.cut |= rest & -rest;
    sh.cut_at[sh.cut_bits] = __builtin_ctzll(rest);
  }
  sh.bits = m->bits - sh.cut_bits;
  sh.chunks = (sh.bits + JOIN_TABLE_BITS - 1) / JOIN_TABLE_BITS;
  if (sh.chunks < 1) sh.chunks = 1;
  return sh;
}

/* The group of x: its cut bits, lowest first (what PEXT by the cut gives;
 * done by hand so that every level groups alike, without BMI2). */
static inline unsigned group_of(const match_shape *sh, uint64_t x) {
  unsigned g = 0;
  for (int i = 0; i < sh->cut_bits; i++) g |= (unsigned)(x >> sh->cut_at[i] & 1) << i;
  return g;
}

/* x without its cut bits, the others closed up (PEXT by the kept bits):
 * the highest cut bit first, so the lower positions stay valid. */
static inline uint64_t kept_bits(const match_shape *sh, uint64_t x) {
  for (int i = sh->cut_bits - 1; i >= 0; i--) {
    int at = sh->cut_at[i];
    uint64_t below = (1ull << at) - 1;
    x = (x & below) | ((x >> (at + 1)) << at);
  }
  return sh->bits >= 64 ? x : x & ((1ull << sh->bits) - 1);
}

static int reserve(void **buffer, size_t *cap, size_t need, size_t unit, int aligned) {
  if (need <= *cap) return 0;
  free(*buffer);
  *cap = need + need / 4 + 64;
  *buffer = aligned ? aligned_alloc(64, *cap * unit) : malloc(*cap * unit);
  if (*buffer) return 0;
  *cap = 0;
  return -1;
}

static uint64_t count_sliced(join_matcher *m, const uint64_t *items, size_t items_size,
                             const uint64_t *patterns, size_t patterns_size) {
  const join_kernels *k = m->kernels;
  const match_shape shape = shape_for(m, patterns_size);
  const int groups = 1 << shape.cut_bits, chunks = shape.chunks;
  /* Patterns by group, each group padded to whole blocks with all-ones
   * masks (they fit no item with any kept bit; `valid` drops them). */
  size_t count[8] = {0}, start[9], end[8], fill[8];
  for (size_t j = 0; j < patterns_size; j++) count[group_of(&shape, patterns[j])]++;
  size_t total = 0;
  for (int g = 0; g < groups; g++) {
    start[g] = total, end[g] = total + count[g];
    total += (count[g] + JOIN_BLOCK - 1) / JOIN_BLOCK * JOIN_BLOCK;
  }
  void *buffer = m->patterns;
  if (reserve(&buffer, &m->patterns_cap, total + JOIN_BLOCK, sizeof *m->patterns, 1))
    return m->patterns = NULL, UINT64_MAX;
  m->patterns = buffer;
  for (int g = 0; g < groups; g++) fill[g] = start[g];
  for (size_t j = 0; j < patterns_size; j++)
    m->patterns[fill[group_of(&shape, patterns[j])]++] = kept_bits(&shape, patterns[j]);
  for (int g = 0; g < groups; g++) {
    size_t padded = (end[g] + JOIN_BLOCK - 1) / JOIN_BLOCK * JOIN_BLOCK;
    for (size_t j = end[g]; j < padded; j++) m->patterns[j] = ~0ull;
  }
  /* Items by group, each reduced to its chunks' table offsets. */
  size_t item_count[8] = {0}, item_start[9], item_fill[8];
  for (size_t i = 0; i < items_size; i++) item_count[group_of(&shape, items[i])]++;
  item_start[0] = 0;
  for (int g = 0; g < groups; g++) item_start[g + 1] = item_start[g] + item_count[g];
  buffer = m->offsets;
  if (reserve(&buffer, &m->offsets_cap, items_size * (size_t)chunks, sizeof *m->offsets, 0))
    return m->offsets = NULL, UINT64_MAX;
  m->offsets = buffer;
  for (int g = 0; g < groups; g++) item_fill[g] = item_start[g];
  const uint64_t low = (1u << JOIN_TABLE_BITS) - 1;
  for (size_t i = 0; i < items_size; i++) {
    uint64_t x = kept_bits(&shape, items[i]);
    uint32_t *o = m->offsets + item_fill[group_of(&shape, items[i])]++ * (size_t)chunks;
    for (int c = 0; c < chunks; c++)
      o[c] = (uint32_t)((((uint64_t)c << JOIN_TABLE_BITS) + ((x >> (c * JOIN_TABLE_BITS)) & low)) *
                        64);
  }
  /* Every block's slices once. */
  const int bits = shape.bits;
  size_t blocks = total / JOIN_BLOCK;
  buffer = m->slices;
  if (reserve(&buffer, &m->slices_cap, blocks * (size_t)bits + 1, 64, 1))
    return m->slices = NULL, UINT64_MAX;
  m->slices = buffer;
  char *slices = m->slices;
  for (size_t b = 0; b < blocks; b++)
    k->build_slices(bits, m->patterns + b * JOIN_BLOCK, slices + b * (size_t)bits * 64);
  /* A tile of items (sorted by group) at a time; each block's table is
   * built once per tile from its slices (a few hundred ANDs), and every
   * group of the tile that can fit the block's group runs against it. */
  uint64_t sum = 0;
  for (size_t lo = 0; lo < items_size; lo += ITEM_TILE) {
    size_t hi = items_size - lo < ITEM_TILE ? items_size : lo + ITEM_TILE;
    for (int y = 0; y < groups; y++) {
      int useful = 0;
      for (int x = 0; x < groups; x++)
        useful |= !(x & y) && item_start[x] < hi && item_start[x + 1] > lo;
      if (!useful) continue;
      for (size_t p = start[y]; p < end[y]; p += JOIN_BLOCK) {
        k->build_table(bits, chunks, slices + (p / JOIN_BLOCK) * (size_t)bits * 64, end[y] - p,
                       m->table);
        for (int x = 0; x < groups; x++) {
          size_t from = item_start[x] > lo ? item_start[x] : lo;
          size_t to = item_start[x + 1] < hi ? item_start[x + 1] : hi;
          if ((x & y) || from >= to) continue;
          sum += k->count_block(m->table, m->offsets + from * (size_t)chunks, to - from, chunks);
        }
      }
    }
  }
  return sum;
}

uint64_t join_match_count(join_matcher *m, const uint64_t *items, size_t items_size,
                          const uint64_t *patterns, size_t patterns_size) {
  if (m->sliced && items_size >= MIN_SLICED_ITEMS && patterns_size >= MIN_SLICED_PATTERNS)
    return count_sliced(m, items, items_size, patterns, patterns_size);
  return count_plain(items, items_size, patterns, patterns_size);
}
