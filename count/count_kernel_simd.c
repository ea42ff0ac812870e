/* The class counter's vector kernel (count_classes.c has the method and
 * the split; count_kernel_bitwise.c the portable kernel it must agree with).
 *
 * Same boards, same classes, another order: instead of filling the rows
 * top to bottom, it always fills next the row with the fewest free squares
 * (the "most constrained variable" rule of constraint programming: Haralick
 * and Elliott, "Increasing tree search efficiency for constraint
 * satisfaction problems", Artificial Intelligence 14, 1980), and abandons a
 * board as soon as any row left, or any column left, has no free square.
 * Counted by the benchmark (bench/README.md), that places about 2.4 times
 * fewer queens than the row-by-row kernel with its three-row look-ahead.
 * Choosing needs every row's free squares after each queen, which is what
 * makes it slow in scalar code; here they are one 512-bit register, one
 * 32-bit lane per row left, so a queen costs a handful of vector
 * instructions: its attacks on every row at once (shifts by each row's
 * distance), a population count per lane, and one horizontal minimum over
 * (count, lane) keys. Needs AVX-512F and AVX-512 VPOPCNTDQ (checked at run
 * time) and at most 16 rows below the split, so boards of up to 20 rows;
 * otherwise count_classes.c uses the portable kernel. */
#include <string.h>

#include "class_search.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_VECTOR_KERNEL 1
#include <immintrin.h>
#endif

/* Rows below the split: one 32-bit lane each of one 512-bit register. */
#define LANES 16
_Static_assert(NQ_COUNT_VECTOR_MAX_N - CLASS_SPLIT_ROW <= LANES, "rows left must fit the lanes");

/* Jobs start at row 3 where the rows left fit the lanes: the kernel gains
 * from choosing its rows early (4% faster at N = 16 than from row 4). */
int nq_count_vector_split_row(int n) { return n - LANES > 3 ? n - LANES : 3; }

int nq_count_vector_supported(int n) {
#ifdef HAVE_VECTOR_KERNEL
  return n >= 6 && n <= NQ_COUNT_VECTOR_MAX_N && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512vpopcntdq");
#else
  (void)n;
  return 0;
#endif
}

#ifdef HAVE_VECTOR_KERNEL

#define VECTOR_TARGET __attribute__((target("avx512f,avx512vpopcntdq")))

/* The smallest of 16 keys below 2^16 (lanes holding 0xFFFFFFFF stand for
 * "no key"): narrowed to 16 bits, the two halves folded, then PHMINPOSUW,
 * which finds the minimum of eight in one instruction; measured faster
 * than a tree of 32-bit minimums. */
VECTOR_TARGET static inline uint32_t smallest_key(__m512i keys) {
  __m256i narrow = _mm512_cvtepi32_epi16(keys);
  __m128i folded =
      _mm_min_epu16(_mm256_castsi256_si128(narrow), _mm256_extracti128_si256(narrow, 1));
  return (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(folded)) & 0xFFFF;
}

/* The columns row `row` may use in this shape whatever is attacked (the
 * representative's rules, stated for any order of the rows): column 1 free
 * above bound1 in the corner case; in the side case both edge columns free
 * above bound1 and below bound2, and the last row within bound1..bound2 of
 * the edges. The portable kernel states the rule below bound2 as "row
 * bound2 leaves both edge columns taken", which accepts the same boards. */
static uint32_t usable_columns(const class_search *state, int row) {
  const class_shape *form = &state->form;
  if (form->corner)
    return row < form->bound1 ? state->all & ~UINT32_C(2) : state->all;
  uint32_t usable = state->all;
  if (row < form->bound1 || row > form->bound2)
    usable &= ~form->side_mask;
  if (row == state->last_row)
    usable &= ~form->last_mask;
  return usable;
}

/* Lanes in order of preference when rows tie on their count: the row in
 * the middle of those left first, then outwards (measured: 9% fewer queens
 * than top first at N = 16; keys compare the count, then the lane). */
static void order_lanes(int first_row, int lanes, int *lane_row) {
  int middle = first_row + lanes / 2, lane = 0;
  for (int offset = 0; lane < lanes; offset++) {
    if (middle + offset < first_row + lanes)
      lane_row[lane++] = middle + offset;
    if (offset > 0 && middle - offset >= first_row && lane < lanes)
      lane_row[lane++] = middle - offset;
  }
}

/* The last two rows (lanes `open`, their free squares in `masks`, the two
 * columns left in `unused`) completed at once, without a push: the two
 * columns in either order, if each row has its square free and the two
 * queens are not on a diagonal. Returns the nodes count with the queens
 * placed. */
static inline __attribute__((always_inline)) uint64_t
finish_pair(class_search *state, uint32_t *board, const int *lane_row, const uint32_t *masks,
            uint32_t open, uint32_t unused, uint64_t nodes, uint64_t *found, const int corner) {
  int first = __builtin_ctz(open);
  uint32_t first_mask = masks[first];
  int second = __builtin_ctz(open & (open - 1));
  uint32_t second_mask = masks[second];
  uint32_t low = unused & (0u - unused), high = unused ^ low;
  int apart = lane_row[second] - lane_row[first];
  apart = apart < 0 ? -apart : apart;
  if (high == low << apart)
    return nodes; /* the two columns left are on a diagonal of the two rows */
  int low_first = (first_mask & low) && (second_mask & high);
  int high_first = (first_mask & high) && (second_mask & low);
  nodes += 2 * (uint64_t)(low_first + high_first);
  if (corner) {
    *found += (uint64_t)(low_first + high_first);
  } else if (low_first | high_first) {
    if (low_first) {
      board[lane_row[first]] = low, board[lane_row[second]] = high;
      nq_count_classify(state, board);
    }
    if (high_first) {
      board[lane_row[first]] = high, board[lane_row[second]] = low;
      nq_count_classify(state, board);
    }
  }
  return nodes;
}

/* `corner` is a constant in each inlined copy, as in the portable kernel:
 * the corner case keeps no board and counts every board found 8 times. The
 * row being filled (its lane, the squares left to try, every row's free
 * squares) stays in registers and is pushed only when the search goes
 * down. */
VECTOR_TARGET static inline __attribute__((always_inline)) void
search_vector(class_search *state, int first_row, uint32_t left, uint32_t down, uint32_t right,
              const int corner) {
  const int lanes = state->n - first_row;
  int lane_row[LANES];
  order_lanes(first_row, lanes, lane_row);
  /* Each lane's free squares, and its distance in rows to every lane:
   * a queen attacks a row d rows away at its own column shifted by d
   * either way. Unused lanes stay empty and are never opened. */
  uint32_t initial[LANES] = {0}, distance_table[LANES][LANES] = {{0}};
  for (int lane = 0; lane < lanes; lane++) {
    int row = lane_row[lane], below = row - first_row;
    initial[lane] = usable_columns(state, row) & ~((left << below) | down | (right >> below));
    for (int other = 0; other < lanes; other++) {
      int apart = lane_row[other] - row;
      distance_table[lane][other] = (uint32_t)(apart < 0 ? -apart : apart);
    }
  }
  __m512i distances[LANES];
  for (int lane = 0; lane < LANES; lane++)
    distances[lane] = _mm512_loadu_si512(distance_table[lane]);
  const __m512i lane_ids = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i no_key = _mm512_set1_epi32(-1);
  const uint32_t all = state->all;
  uint32_t board[NQ_COUNT_MAX_N];
  memcpy(board, state->board, sizeof board);
  uint64_t nodes = 0, found = 0;

  __m512i free_rows = _mm512_loadu_si512(initial);
  uint32_t open = (UINT32_C(1) << lanes) - 1;
  uint32_t key = smallest_key(_mm512_mask_or_epi32(
      no_key, (__mmask16)open, _mm512_slli_epi32(_mm512_popcnt_epi32(free_rows), 4), lane_ids));
  if (!(key >> 4))
    return; /* a row with no free square */
  int lane = (int)(key & 15);
  uint32_t columns = down, to_try = initial[lane];
  open &= ~(UINT32_C(1) << lane);

  /* The stack: one entry per row filled below the split. */
  __m512i saved_rows[LANES];
  uint32_t saved_open[LANES], saved_columns[LANES], saved_to_try[LANES];
  int saved_lane[LANES], depth = 0;
  for (;;) {
    if (!to_try) {
      if (!depth)
        break;
      /* A stop request, as in the row kernel (count_kernel_bitwise.c). */
      if (__builtin_expect(!(nodes & 0xffff), 0) && state->stop && *state->stop) {
        state->stopped = 1;
        break;
      }
      depth--;
      free_rows = saved_rows[depth], open = saved_open[depth], columns = saved_columns[depth];
      to_try = saved_to_try[depth], lane = saved_lane[depth];
      continue;
    }
    uint32_t bit = to_try & (0u - to_try);
    to_try ^= bit;
    nodes++;
    if (!corner)
      board[lane_row[lane]] = bit;
    __m512i queen = _mm512_set1_epi32((int)bit);
    __m512i attacked = _mm512_ternarylogic_epi32(queen, _mm512_sllv_epi32(queen, distances[lane]),
                                                 _mm512_srlv_epi32(queen, distances[lane]), 0xFE);
    __m512i next_rows = _mm512_andnot_si512(attacked, free_rows);
    uint32_t unused = all & ~(columns | bit);
    /* `open` always holds two rows or more: jobs start with three rows
     * left or more, and a row is pushed only with three left after it. */
    uint32_t after_next = open & (open - 1);
    if (!(after_next & (after_next - 1))) { /* two rows left */
      uint32_t masks[LANES];
      _mm512_storeu_si512(masks, next_rows);
      nodes = finish_pair(state, board, lane_row, masks, open, unused, nodes, &found, corner);
      continue;
    }
    uint32_t next_key = smallest_key(_mm512_mask_or_epi32(
        no_key, (__mmask16)open, _mm512_slli_epi32(_mm512_popcnt_epi32(next_rows), 4), lane_ids));
    /* every column left must keep a free square in some row left */
    uint32_t reachable = (uint32_t)_mm512_mask_reduce_or_epi32((__mmask16)open, next_rows);
    if (!(next_key >> 4) || (reachable & unused) != unused)
      continue;
    saved_rows[depth] = free_rows, saved_open[depth] = open, saved_columns[depth] = columns;
    saved_to_try[depth] = to_try, saved_lane[depth] = lane;
    depth++;
    free_rows = next_rows, columns |= bit;
    lane = (int)(next_key & 15);
    open &= ~(UINT32_C(1) << lane);
    to_try = (uint32_t)_mm_cvtsi128_si32(
        _mm512_castsi512_si128(_mm512_permutexvar_epi32(_mm512_set1_epi32(lane), next_rows)));
  }
  state->nodes += nodes;
  state->count8 += found;
}

VECTOR_TARGET static __attribute__((noinline)) void
corner_vector(class_search *state, int row, uint32_t left, uint32_t down, uint32_t right) {
  search_vector(state, row, left, down, right, 1);
}

VECTOR_TARGET static __attribute__((noinline)) void
side_vector(class_search *state, int row, uint32_t left, uint32_t down, uint32_t right) {
  search_vector(state, row, left, down, right, 0);
}

void nq_count_search_vector(class_search *state, int row, uint32_t left, uint32_t down,
                            uint32_t right) {
  if (state->form.corner)
    corner_vector(state, row, left, down, right);
  else
    side_vector(state, row, left, down, right);
}

#else /* no vector kernel on this platform: never called */

void nq_count_search_vector(class_search *state, int row, uint32_t left, uint32_t down,
                            uint32_t right) {
  nq_count_search_rows(state, row, left, down, right);
}

#endif
