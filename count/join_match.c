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
  MAX_CUT = 6,           /* cut bits: up to 64 groups */
  MAX_CANDIDATES = 16,   /* candidate cut bits weighed per call */
  SAMPLE = 128,          /* masks of each list sampled to weigh them */
  CALL_COST = 16,        /* a count_block call's own work, in rows loaded */
  MIN_GROUPED = 2048,    /* patterns below this: one group (a couple of blocks) */
  MIN_SLICED_ITEMS = 16, /* below these sizes the pair loop is cheaper */
  MIN_SLICED_PATTERNS = 256,
  ITEM_TILE = 16384 /* items per pass over the blocks: their offsets
                       (384 KiB at 6 chunks) stay in the core's L2
                       cache; a tile builds each block's table once:
                       4096 built twice as many at N = 21 as 8192,
                       which took 1.01x the time of 16384 (65536:
                       no faster) */
};

/* A permutation of some bits of a mask, done a byte at a time: the OR of
 * one table entry per byte. Built in 256 steps a byte, it pays for itself
 * on a few thousand masks (against a shift and mask per moved bit). */
typedef struct bit_map {
  int bytes; /* 0: no table, the map keeps the bits of `keep` in place */
  uint64_t keep;
  uint64_t table[8][256];
} bit_map;

static void bit_map_keep(bit_map *map, uint64_t keep) { map->bytes = 0, map->keep = keep; }

/* The map that moves bit p to bit to[p] and drops it when to[p] < 0, for
 * p < bits. */
static void bit_map_build(bit_map *map, const int *to, int bits) {
  map->bytes = (bits + 7) / 8;
  for (int b = 0; b < map->bytes; b++) {
    uint64_t *t = map->table[b];
    t[0] = 0;
    for (unsigned v = 1; v < 256; v++) {
      unsigned low = v & -v;
      int p = 8 * b + __builtin_ctz(low);
      uint64_t moved = p < bits && to[p] >= 0 ? 1ull << to[p] : 0;
      t[v] = t[v ^ low] | moved;
    }
  }
}

static inline uint64_t bit_map_apply(const bit_map *map, uint64_t x) {
  if (!map->bytes)
    return x & map->keep;
  uint64_t y = 0;
  for (int b = 0; b < map->bytes; b++)
    y |= map->table[b][x >> (8 * b) & 255];
  return y;
}

/* BMI2's PEXT (the bits of x under `mask`, closed up in their order: what
 * a bit map keeping those bits gives, in one instruction) and PDEP (x's
 * bits spread to the places of `mask`'s bits). Only the matchers of a level
 * whose processors all run them fast call them (fast_pext). */
#ifdef JOIN_KERNELS_X86
static inline uint64_t pext(uint64_t x, uint64_t mask) {
  __asm__("pextq %2, %1, %0" : "=r"(x) : "r"(x), "rm"(mask));
  return x;
}
static inline uint64_t pdep(uint64_t x, uint64_t mask) {
  __asm__("pdepq %2, %1, %0" : "=r"(x) : "r"(x), "rm"(mask));
  return x;
}
#else /* never called: fast_pext is 0 */
static inline uint64_t pext(uint64_t x, uint64_t mask) { return x & mask; }
static inline uint64_t pdep(uint64_t x, uint64_t mask) { return x & mask; }
#endif

struct join_matcher {
  int bits;
  uint64_t cut; /* candidate bits to group by (see shape_for) */
  int sliced;
  const join_kernels *kernels;
  uint64_t *patterns; /* grouped, compressed, padded to whole blocks */
  size_t patterns_cap;
  uint32_t *offsets; /* per item, the byte offset of each chunk's row */
  size_t offsets_cap;
  void *slices;         /* per block of patterns, one 64-byte row per mask bit */
  size_t slices_cap;    /* in 64-byte rows */
  void *table;          /* chunks x 32 rows of 64 bytes */
  unsigned char *codes; /* per item, then per pattern: its group by all the weighed cut bits */
  size_t codes_cap;
  /* A call's grouping (see shape_for): a mask's group and its tabled
   * bits, by PEXT (fast_pext) or else by byte tables. With PEXT the weighed
   * cut bits come out in the order of their places, and group_order puts
   * them in the order of their weights, as the byte table does. */
  int fast_pext;
  uint64_t group_bits, kept_bits;
  unsigned char group_order[1 << MAX_CUT];
  bit_map group_map, kept_map;
  int last_cut_bits;
};

static uint64_t count_plain(const uint64_t *items, size_t items_size, const uint64_t *patterns,
                            size_t patterns_size) {
  uint64_t total = 0;
  for (size_t i = 0; i < items_size; i++) {
    uint64_t x = items[i], c = 0;
    for (size_t j = 0; j < patterns_size; j++)
      c += (x & patterns[j]) == 0;
    total += c;
  }
  return total;
}

join_matcher *join_matcher_create(int bits, uint64_t cut, const join_kernels *kernels) {
  /* Own cache lines (see join_worker_create). */
  size_t bytes = (sizeof(join_matcher) + 127) / 128 * 128;
  join_matcher *m = aligned_alloc(128, bytes);
  if (!m)
    return NULL;
  memset(m, 0, bytes);
  uint64_t all = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  m->bits = bits;
  m->cut = cut & all;
  while (__builtin_popcountll(m->cut) > MAX_CANDIDATES)
    m->cut &= m->cut - 1;
  m->kernels = kernels;
  m->sliced = kernels != NULL;
  /* PEXT takes a cycle on Intel's processors since Haswell and on AMD's
   * since Zen 3, but tens on Zen 1 and 2, which have AVX2 and not AVX-512:
   * so only the avx512 level uses it. */
  m->fast_pext = kernels && kernels->isa == NQ_COUNT_ISA_AVX512;
  if (m->sliced) {
    m->table = aligned_alloc(64, 2 * (size_t)JOIN_MAX_TABLE_ROWS * 64);
    if (!m->table)
      m->sliced = 0;
  }
  return m;
}

void join_matcher_free(join_matcher *m) {
  if (!m)
    return;
  free(m->patterns);
  free(m->offsets);
  free(m->slices);
  free(m->table);
  free(m->codes);
  free(m);
}

int join_matcher_sliced(const join_matcher *m) { return m->sliced; }
int join_matcher_last_cut_bits(const join_matcher *m) { return m->last_cut_bits; }
void join_matcher_force_plain(join_matcher *m) { m->sliced = 0; }

/* How one call splits the mask bits: grouped (cut, at positions cut_at,
 * group bit i being mask bit cut_at[i]) and tabled (the others, closed
 * up). */
typedef struct match_shape {
  int cut_at[MAX_CUT];
  int cut_bits, bits; /* bits: tabled bits */
  join_chunks chunks;
} match_shape;

/* The chunks of `tabled_bits` bits (see join_chunks): of 5 bits, but when
 * the last one would hold at most JOIN_MAX_WIDE bits, it goes and its
 * bits widen as many chunks before it (from 3 chunks on: a smaller call's
 * tables are a larger share of its work). At N = 21 the tabled bits are
 * 32 or 33, 6 chunks where 7 were: 0.92x the jobs' time with up to 2 or
 * 3 wide chunks, 1.01-1.02x more with any number (every chunk 6 bits: the
 * tables no longer fit the L1 cache beside the offsets). */
static join_chunks chunks_for(int tabled_bits) {
  join_chunks ck = {0};
  ck.count = (tabled_bits + JOIN_TABLE_BITS - 1) / JOIN_TABLE_BITS;
  if (ck.count < 1)
    ck.count = 1;
  int wide = 0;
  if (ck.count >= 3) {
    int last = tabled_bits - JOIN_TABLE_BITS * (ck.count - 1);
    if (last <= JOIN_MAX_WIDE && last < ck.count)
      ck.count--, wide = last;
  }
  int first = 0;
  for (int c = 0; c < ck.count; c++) {
    ck.width[c] = JOIN_TABLE_BITS + (c >= ck.count - wide);
    ck.first[c] = first, ck.row[c] = ck.rows;
    first += ck.width[c], ck.rows += 1 << ck.width[c];
  }
  return ck;
}

/* How often each candidate bit is set in an evenly spread sample of the
 * list (at most SAMPLE masks), into count[]. */
static void sample_bits(const uint64_t *list, size_t size, const int *at, int candidates,
                        unsigned count[]) {
  size_t step = size > SAMPLE ? size / SAMPLE : 1;
  for (size_t j = 0; j < size && j / step < SAMPLE; j += step)
    for (int i = 0; i < candidates; i++)
      count[i] += (unsigned)(list[j] >> at[i] & 1);
}

/* The work of matching by the first g cut bits, in loads of 64-byte rows:
 * every item against every block of a group it can fit (a row a chunk),
 * plus per block its slices (about `bits` rows' work) and a table for each
 * tile of items (its rows). item_groups / pattern_groups
 * count the masks per group of all the shape's cut bits; each call of the
 * kernel (an item group against a block) costs CALL_COST more. */
static double shape_cost(int g, int all_cut, int bits, const size_t *item_groups,
                         const size_t *pattern_groups, size_t items_size) {
  double items[1 << MAX_CUT] = {0}, nonempty[1 << MAX_CUT] = {0};
  size_t patterns[1 << MAX_CUT] = {0};
  unsigned low = (1u << g) - 1;
  for (unsigned x = 0; x < 1u << all_cut; x++) {
    items[x & low] += (double)item_groups[x];
    patterns[x & low] += pattern_groups[x];
  }
  for (unsigned x = 0; x <= low; x++)
    nonempty[x] = items[x] > 0;
  /* items[s] becomes the items of the groups within s (a sum over
   * subsets, g passes): the items that can fit group y are items[~y];
   * likewise the item groups that can, each a count_block call a block. */
  for (int i = 0; i < g; i++)
    for (unsigned s = 0; s <= low; s++)
      if (s >> i & 1) {
        items[s] += items[s ^ (1u << i)];
        nonempty[s] += nonempty[s ^ (1u << i)];
      }
  double pairs = 0, blocks = 0, calls = 0;
  for (unsigned y = 0; y <= low; y++) {
    /* A tail of up to half a block is counted in half the time
     * (count_block), but weighed here as a whole one: weighed at half,
     * the choice took more groups, each with its slices and tables, and
     * N = 19 took 1.07x the time. */
    double group_blocks = (double)((patterns[y] + JOIN_BLOCK - 1) / JOIN_BLOCK);
    pairs += items[low ^ y] * group_blocks;
    calls += nonempty[low ^ y] * group_blocks;
    blocks += group_blocks;
  }
  join_chunks ck = chunks_for(bits - g);
  double tiles = (double)((items_size + ITEM_TILE - 1) / ITEM_TILE);
  return ck.count * pairs + CALL_COST * calls + blocks * ((bits - g) + (double)ck.rows * tiles);
}

static inline unsigned group_of(const join_matcher *m, uint64_t x, const int fast_pext) {
  if (fast_pext)
    return m->group_order[pext(x, m->group_bits)];
  return (unsigned)bit_map_apply(&m->group_map, x);
}

static inline uint64_t kept_of(const join_matcher *m, uint64_t x, const int fast_pext) {
  return fast_pext ? pext(x, m->kept_bits) : bit_map_apply(&m->kept_map, x);
}

/* Each mask's group into codes[], the masks per group into groups[]. Four
 * counts per group, by turns: one would make consecutive masks of a group
 * wait on each other's increment. */
__attribute__((always_inline)) static inline void
group_codes_with(const join_matcher *m, const uint64_t *list, size_t size, unsigned char *codes,
                 size_t *groups, const int fast_pext) {
  size_t count[4][1 << MAX_CUT] = {{0}};
  size_t i = 0;
  for (; i + 4 <= size; i += 4)
    for (int u = 0; u < 4; u++) {
      unsigned code = group_of(m, list[i + u], fast_pext);
      codes[i + u] = (unsigned char)code;
      count[u][code]++;
    }
  for (; i < size; i++) {
    unsigned code = group_of(m, list[i], fast_pext);
    codes[i] = (unsigned char)code;
    count[0][code]++;
  }
  for (int x = 0; x < 1 << MAX_CUT; x++)
    groups[x] = count[0][x] + count[1][x] + count[2][x] + count[3][x];
}

static void group_codes(const join_matcher *m, const uint64_t *list, size_t size,
                        unsigned char *codes, size_t *groups) {
  if (m->fast_pext)
    group_codes_with(m, list, size, codes, groups, 1);
  else
    group_codes_with(m, list, size, codes, groups, 0);
}

/* The call's grouping: the candidate bits weighed by how often both lists
 * hold them (an item and a pattern meet only when their groups share no
 * bit, so a bit both hold often prunes most), the best MAX_CUT of them
 * kept in that order, and as many of those as make the estimated work
 * least (more groups prune more pairs, but each pads to whole blocks).
 * codes[] gets each item's and then each pattern's group by all the
 * weighed bits (its group: the low cut_bits bits), item_groups /
 * pattern_groups the masks per group. */
static match_shape shape_for(join_matcher *m, const uint64_t *items, size_t items_size,
                             const uint64_t *patterns, size_t patterns_size, unsigned char *codes,
                             size_t *item_groups, size_t *pattern_groups) {
  match_shape sh = {0};
  int at[MAX_CANDIDATES] = {0}, candidates = 0;
  for (uint64_t rest = m->cut; rest && patterns_size >= MIN_GROUPED; rest &= rest - 1)
    at[candidates++] = __builtin_ctzll(rest);
  unsigned in_items[MAX_CANDIDATES] = {0}, in_patterns[MAX_CANDIDATES] = {0};
  sample_bits(items, items_size, at, candidates, in_items);
  sample_bits(patterns, patterns_size, at, candidates, in_patterns);
  double score[MAX_CANDIDATES];
  for (int i = 0; i < candidates; i++)
    score[i] = (double)in_items[i] * in_patterns[i];
  /* The best first (stable: equal scores keep the lower bit first). */
  for (int i = 1; i < candidates; i++)
    for (int j = i; j > 0 && score[j] > score[j - 1]; j--) {
      double s = score[j];
      int a = at[j];
      score[j] = score[j - 1], at[j] = at[j - 1];
      score[j - 1] = s, at[j - 1] = a;
    }
  sh.cut_bits = candidates < MAX_CUT ? candidates : MAX_CUT;
  memcpy(sh.cut_at, at, (size_t)sh.cut_bits * sizeof *at);
  /* Group bit i is mask bit cut_at[i]: PEXT gives the bits in the order
   * of their places, group_order reorders; the byte table moves each bit
   * to its place at once. Either way every level groups alike. */
  int to[64];
  for (int p = 0; p < 64; p++)
    to[p] = -1;
  for (int i = 0; i < sh.cut_bits; i++)
    to[sh.cut_at[i]] = i;
  m->group_bits = 0;
  for (int i = 0; i < sh.cut_bits; i++)
    m->group_bits |= 1ull << sh.cut_at[i];
  if (m->fast_pext)
    for (unsigned v = 0; v < 1u << sh.cut_bits; v++) {
      unsigned code = 0;
      for (int i = 0; i < sh.cut_bits; i++)
        code |= (unsigned)(pext(1ull << sh.cut_at[i], m->group_bits) & v ? 1 : 0) << i;
      m->group_order[v] = (unsigned char)code;
    }
  else if (sh.cut_bits)
    bit_map_build(&m->group_map, to, m->bits);
  else
    bit_map_keep(&m->group_map, 0);
  group_codes(m, items, items_size, codes, item_groups);
  group_codes(m, patterns, patterns_size, codes + items_size, pattern_groups);
  int best = 0;
  double least = 0;
  for (int g = 0; g <= sh.cut_bits; g++) {
    double cost = shape_cost(g, sh.cut_bits, m->bits, item_groups, pattern_groups, items_size);
    if (g == 0 || cost < least)
      best = g, least = cost;
  }
  /* Fold the counts onto the first `best` bits. */
  unsigned low = (1u << best) - 1;
  for (unsigned x = 1u << sh.cut_bits; x-- > 0;)
    if (x & ~low) {
      item_groups[x & low] += item_groups[x], item_groups[x] = 0;
      pattern_groups[x & low] += pattern_groups[x], pattern_groups[x] = 0;
    }
  sh.cut_bits = best;
  sh.bits = m->bits - best;
  sh.chunks = chunks_for(sh.bits);
  /* The tabled bits: the others, closed up (PEXT by the kept bits). */
  m->kept_bits = m->bits >= 64 ? ~0ull : (1ull << m->bits) - 1;
  for (int i = 0; i < best; i++)
    m->kept_bits &= ~(1ull << sh.cut_at[i]);
  if (!best || m->fast_pext) {
    bit_map_keep(&m->kept_map, m->kept_bits);
    return sh;
  }
  for (int p = 0, kept = 0; p < m->bits; p++) {
    int cut = 0;
    for (int i = 0; i < best; i++)
      cut |= sh.cut_at[i] == p;
    to[p] = cut ? -1 : kept++;
  }
  bit_map_build(&m->kept_map, to, m->bits);
  return sh;
}

static int reserve(void **buffer, size_t *cap, size_t need, size_t unit, int aligned) {
  if (need <= *cap)
    return 0;
  free(*buffer);
  *cap = need + need / 4 + 64;
  *buffer = aligned ? aligned_alloc(64, *cap * unit) : malloc(*cap * unit);
  if (*buffer)
    return 0;
  *cap = 0;
  return -1;
}

/* Each item's table offsets, a row per chunk, at its place among its
 * group's items. A constant `chunks` (see the switch in count_sliced)
 * unrolls the loop: at N = 21 this runs on every item of every rows set. */
__attribute__((always_inline)) static inline void
item_offsets(join_matcher *m, const join_chunks *ck, const uint64_t *items, size_t items_size,
             const unsigned char *codes, unsigned low_groups, size_t *fill, const int chunks,
             const int fast_pext) {
  /* With PDEP, two chunks' offsets at once: their bits go to bits 6 and
   * up of each 32-bit half (times 64), plus the chunks' first rows. */
  uint64_t fields[JOIN_MAX_CHUNKS], rows[JOIN_MAX_CHUNKS], low[JOIN_MAX_CHUNKS];
  for (int c = 0; c < chunks; c++) {
    low[c] = (1u << ck->width[c]) - 1;
    rows[c] = (uint64_t)ck->row[c] * 64;
  }
  for (int c = 0; c + 2 <= chunks; c += 2) {
    fields[c] = (low[c] << 6) | (low[c + 1] << 38);
    rows[c] |= rows[c + 1] << 32;
  }
  for (size_t i = 0; i < items_size; i++) {
    uint64_t x = kept_of(m, items[i], fast_pext);
    uint32_t *o = m->offsets + fill[codes[i] & low_groups]++ * (size_t)chunks;
    int c = 0;
    if (fast_pext)
      for (; c + 2 <= chunks; c += 2) {
        uint64_t pair = pdep(x >> ck->first[c], fields[c]) + rows[c];
        memcpy(o + c, &pair, sizeof pair);
      }
    for (; c < chunks; c++)
      o[c] = (uint32_t)((uint64_t)ck->row[c] * 64 + ((x >> ck->first[c]) & low[c]) * 64);
  }
}

static uint64_t count_sliced(join_matcher *m, const uint64_t *items, size_t items_size,
                             const uint64_t *patterns, size_t patterns_size) {
  const join_kernels *k = m->kernels;
  void *buffer = m->codes;
  if (reserve(&buffer, &m->codes_cap, items_size + patterns_size, 1, 0))
    return m->codes = NULL, UINT64_MAX;
  m->codes = buffer;
  size_t count[1 << MAX_CUT], item_count[1 << MAX_CUT];
  const match_shape shape =
      shape_for(m, items, items_size, patterns, patterns_size, m->codes, item_count, count);
  m->last_cut_bits = shape.cut_bits;
  const int groups = 1 << shape.cut_bits, chunks = shape.chunks.count;
  const size_t table_bytes = join_table_bytes(&shape.chunks);
  const unsigned low_groups = (unsigned)groups - 1;
  const unsigned char *item_codes = m->codes, *pattern_codes = m->codes + items_size;
  /* Patterns by group, each group padded to whole blocks with all-ones
   * masks (they fit no item with any kept bit; `valid` drops them). */
  size_t start[1 << MAX_CUT], end[1 << MAX_CUT], fill[1 << MAX_CUT];
  size_t total = 0;
  for (int g = 0; g < groups; g++) {
    start[g] = total, end[g] = total + count[g];
    total += (count[g] + JOIN_BLOCK - 1) / JOIN_BLOCK * JOIN_BLOCK;
  }
  buffer = m->patterns;
  if (reserve(&buffer, &m->patterns_cap, total + JOIN_BLOCK, sizeof *m->patterns, 1))
    return m->patterns = NULL, UINT64_MAX;
  m->patterns = buffer;
  for (int g = 0; g < groups; g++)
    fill[g] = start[g];
  if (m->fast_pext)
    for (size_t j = 0; j < patterns_size; j++)
      m->patterns[fill[pattern_codes[j] & low_groups]++] = kept_of(m, patterns[j], 1);
  else
    for (size_t j = 0; j < patterns_size; j++)
      m->patterns[fill[pattern_codes[j] & low_groups]++] = kept_of(m, patterns[j], 0);
  for (int g = 0; g < groups; g++) {
    size_t padded = (end[g] + JOIN_BLOCK - 1) / JOIN_BLOCK * JOIN_BLOCK;
    for (size_t j = end[g]; j < padded; j++)
      m->patterns[j] = ~0ull;
  }
  /* Items by group, each reduced to its chunks' table offsets. */
  size_t item_start[(1 << MAX_CUT) + 1], item_fill[1 << MAX_CUT];
  item_start[0] = 0;
  for (int g = 0; g < groups; g++)
    item_start[g + 1] = item_start[g] + item_count[g];
  buffer = m->offsets;
  if (reserve(&buffer, &m->offsets_cap, items_size * (size_t)chunks, sizeof *m->offsets, 0))
    return m->offsets = NULL, UINT64_MAX;
  m->offsets = buffer;
  for (int g = 0; g < groups; g++)
    item_fill[g] = item_start[g];
  switch (chunks) {
#define CHUNKS_CASE(k)                                                                             \
  case k:                                                                                          \
    if (m->fast_pext)                                                                              \
      item_offsets(m, &shape.chunks, items, items_size, item_codes, low_groups, item_fill, k, 1);  \
    else                                                                                           \
      item_offsets(m, &shape.chunks, items, items_size, item_codes, low_groups, item_fill, k, 0);  \
    break;
    JOIN_EACH_CHUNK_COUNT(CHUNKS_CASE)
#undef CHUNKS_CASE
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
   * group of the tile that can fit the block's group runs against it, two
   * blocks of a group at a time (an item's offsets then serve both). */
  uint64_t sum = 0;
  for (size_t lo = 0; lo < items_size; lo += ITEM_TILE) {
    size_t hi = items_size - lo < ITEM_TILE ? items_size : lo + ITEM_TILE;
    for (int y = 0; y < groups; y++) {
      int useful = 0;
      for (int x = 0; x < groups; x++)
        useful |= !(x & y) && item_start[x] < hi && item_start[x + 1] > lo;
      if (!useful)
        continue;
      for (size_t p = start[y]; p < end[y]; p += 2 * JOIN_BLOCK) {
        int tables = end[y] - p > JOIN_BLOCK ? 2 : 1;
        int last_half = end[y] - p - (size_t)(tables - 1) * JOIN_BLOCK <= JOIN_HALF_BLOCK;
        for (int t = 0; t < tables; t++) {
          size_t block = p + (size_t)t * JOIN_BLOCK;
          k->build_table(bits, &shape.chunks, slices + (block / JOIN_BLOCK) * (size_t)bits * 64,
                         end[y] - block, (char *)m->table + t * table_bytes);
        }
        for (int x = 0; x < groups; x++) {
          size_t from = item_start[x] > lo ? item_start[x] : lo;
          size_t to = item_start[x + 1] < hi ? item_start[x + 1] : hi;
          if ((x & y) || from >= to)
            continue;
          sum += k->count_block(m->table, table_bytes, m->offsets + from * (size_t)chunks,
                                to - from, chunks, tables, last_half);
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
