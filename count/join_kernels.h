/* count/join_kernels.h - internal to count/: the join method's inner
 * loops for one instruction-set level (nq_count_isa), chosen at run time so
 * one binary runs on every x86-64 and builds for any 64-bit processor.
 *
 * Every level computes the same thing in the same layout, so their results
 * are equal bit for bit; only the instructions differ:
 *   avx512   - 512-bit registers, VPOPCNTQ, compress-stores (join_kernels_avx512.c)
 *   avx2     - 256-bit registers, BMI2, POPCNT (join_kernels_avx2.c)
 *   portable - pairs of 64-bit words in the compiler's generic 128-bit
 *              vectors and its popcount, no x86 intrinsics (on aarch64
 *              NEON's CNT counts the rows) (join_kernels_portable.c)
 *
 * The matcher's layout (join_match.c): patterns come in blocks of
 * JOIN_BLOCK; a block's slices are one 64-byte row per mask bit (bit j of
 * slice k set when pattern j lacks bit k); a block's table holds, for each
 * chunk of JOIN_TABLE_BITS mask bits (up to JOIN_MAX_WIDE chunks of a
 * call may take one bit more: join_chunks), 2^width rows of 64 bytes (row
 * v: the AND of the slices of the chunk's bits set in v, starting from the
 * patterns that exist). Rows are 64-byte aligned. */
#ifndef NQSAT_JOIN_KERNELS_H
#define NQSAT_JOIN_KERNELS_H
#include <stddef.h>
#include <stdint.h>

#include "nqsat/count_plan.h"

enum {
  JOIN_BLOCK = 512,      /* patterns per block: one 64-byte row per mask bit */
  JOIN_HALF_BLOCK = 256, /* a block whose patterns fit in half a row (count_block) */
  JOIN_TABLE_BITS = 5,   /* mask bits per table: 32 ANDs of their slices */
  JOIN_MAX_CHUNKS = 13,  /* 64 bits in chunks of 5 */
  JOIN_MAX_WIDE = 3,     /* chunks of JOIN_TABLE_BITS + 1 bits (join_chunks) */
  /* A block's table at most: 32 rows a chunk, 64 a wide one. */
  JOIN_MAX_TABLE_ROWS = (JOIN_MAX_CHUNKS + JOIN_MAX_WIDE) << JOIN_TABLE_BITS
};

/* CASE(k) for every chunk count k = 1..JOIN_MAX_CHUNKS: the hot loops
 * switch on `chunks` into a call with a constant k, which the compiler
 * unrolls (the loads of one item then issue together).
 *   switch (chunks) {
 *   #define CASE(k) case k: return loop(..., k);
 *     JOIN_EACH_CHUNK_COUNT(CASE)
 *   #undef CASE
 *   } */
/* Kept as written: clang-format 14 moves these line breaks on every run. */
/* clang-format off */
#define JOIN_EACH_CHUNK_COUNT(CASE)                                                                \
  CASE(1) CASE(2) CASE(3) CASE(4) CASE(5) CASE(6) CASE(7) CASE(8) CASE(9) CASE(10) CASE(11)        \
  CASE(12) CASE(13)
/* clang-format on */
_Static_assert(JOIN_MAX_CHUNKS == 13, "JOIN_EACH_CHUNK_COUNT lists 1..JOIN_MAX_CHUNKS");

/* How one call cuts its tabled bits into chunks: JOIN_TABLE_BITS bits
 * each, but the last few (up to JOIN_MAX_WIDE) may take one bit more, so
 * that 31 to 33 bits take 6 chunks, not 7: an item then loads one row
 * less per block, for 32 more rows a wide chunk in each block's table.
 * Chunk c is `width[c]` bits from tabled bit first[c]; its rows start at
 * row[c] of a block's table, which has `rows` rows. */
typedef struct join_chunks {
  int count, rows;
  int width[JOIN_MAX_CHUNKS], first[JOIN_MAX_CHUNKS], row[JOIN_MAX_CHUNKS];
} join_chunks;

/* Bytes from one block's table to the next one's (count_block). */
static inline size_t join_table_bytes(const join_chunks *ck) { return (size_t)ck->rows * 64; }

/* How a half's crossing diagonals are cut out of its frame word: anti-
 * diagonals at `anti`, diagonals at `diag`, `bits` of each (mask). */
typedef struct join_crossing {
  int anti, diag, bits;
  uint64_t mask;
} join_crossing;

typedef struct join_kernels {
  nq_count_isa isa;
  /* The slices of one block of JOIN_BLOCK patterns (bits < 64 used). */
  void (*build_slices)(int bits, const uint64_t *block, void *slices);
  /* The table of one block from its slices: the chunks `ck` over `bits`
   * tabled bits; patterns from valid_count on do not exist. */
  void (*build_table)(int bits, const join_chunks *ck, const void *slices, size_t valid_count,
                      void *table);
  /* The sum over `items` items of the patterns of `tables` blocks (1 or
   * 2) that fit each: item i's row in chunk c starts at byte
   * offsets[i * chunks + c] of each block's table, the second table
   * table_bytes after the first (an item's offsets, loaded once, serve
   * both). With last_half set, the last block's
   * patterns all lie in its first JOIN_HALF_BLOCK (a group's short tail),
   * so only the first half of its rows need be read: a level may read
   * them whole (the rest is zero), the count is the same. */
  uint64_t (*count_block)(const void *table, size_t table_bytes, const uint32_t *offsets,
                          size_t items, int chunks, int tables, int last_half);
  /* Writes x | y for every y of bottom[0, count) disjoint from x, packed
   * from out[0]; returns how many. out has room for count + 8 words. */
  size_t (*join_pairs)(uint64_t x, const uint64_t *bottom, size_t count, uint64_t *out);
  /* Keeps the words of in[0, size) disjoint from `attacked` (0: all), into
   * full[] with their crossing diagonals in cross[]; returns how many. in
   * may be full; full and cross have room for size + 8 words. */
  size_t (*crossings)(const join_crossing *c, const uint64_t *in, size_t size, uint64_t attacked,
                      uint64_t *full, uint64_t *cross);
} join_kernels;

extern const join_kernels join_kernels_portable;
#if defined(__x86_64__) && defined(__GNUC__)
#define JOIN_KERNELS_X86 1
extern const join_kernels join_kernels_avx2;
extern const join_kernels join_kernels_avx512;
#endif

/* The kernels of a level this processor has (AUTO: the fastest it has);
 * NULL when it lacks the level. */
const join_kernels *join_kernels_for(nq_count_isa isa);
#endif
