/* Counting by symmetry class, after Koichiro Takahashi ("Takaken", 2003,
 * "N-Queens problem" pages): the search visits only boards that can be the
 * canonical representative of their class (the first row's queen nearest a
 * corner, with extra restrictions on the rows near the edges), and each
 * board found is classified by comparing it with its own rotations:
 *   C2: unchanged by a quarter turn   (class of 2 boards)
 *   C4: unchanged by a half turn only (class of 4)
 *   C8: no rotational symmetry        (class of 8)
 * so that total = 2*C2 + 4*C4 + 8*C8 and fundamental = C2 + C4 + C8.
 * Two cases: a queen in the top-left corner (no other board of its class
 * can be smaller, and it is never symmetric, so it counts 8), and row 0's
 * queen at column bound1 in 1..(n-3)/2 with the four edges restricted.
 *
 * Rows are bit sets: bit c is column c; `left`/`right` carry the diagonal
 * attacks one row down (M. Richards' bitboard formulation, 1997).
 *
 * Work is split in two phases (as GPU and cluster counters do, e.g. the Q27
 * project): phase one enumerates every legal prefix of the first few rows
 * into a job list; phase two hands jobs to worker threads from a shared
 * atomic index, so a thread that drew small jobs simply takes more. Each job
 * keeps its own counts, and the sums do not depend on who ran what.
 * Measured against the plain mirror-symmetry counter (bench/count.sh), the
 * search places 3.9 times fewer queens (N = 16; the last two rows counted
 * as two queens a board) at about 1.3 times the cost per queen. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nqsat/verify.h"

/* Rows fixed by phase one: enough jobs to balance two or more threads
 * (thousands for n >= 14), few enough to build in microseconds. Small
 * boards stop at row n-3, as the search needs a row above the last two. */
#define SPLIT_ROW 4

typedef struct shape {
  int corner; /* 1: queen in the top-left corner */
  int bound1, bound2;
  uint32_t side_mask; /* the two edge columns */
  uint32_t last_mask; /* columns forbidden in the last row */
  uint32_t end_bit;   /* last-row column of a half-turn-symmetric board */
} shape;

typedef struct job {
  int shape_index;
  int row; /* first row left to fill */
  uint32_t left, down, right;
  uint32_t prefix[SPLIT_ROW];
} job;

typedef struct search {
  int n, last_row;
  uint32_t all, top_bit;
  shape form;
  uint32_t board[NQ_VERIFY_MAX_N];
  uint64_t count2, count4, count8, nodes;
} search;

/* Compares the finished board with its quarter, half and three-quarter
 * turns (Takahashi's check): returns early when a rotation is smaller, as
 * then another board of the class is the representative. Rows are compared
 * as column bits, with row 0 fixed, exactly as the search orders them. */
static __attribute__((noinline)) void classify(search *state, const uint32_t *board) {
  const int last = state->last_row;
  const uint32_t top_bit = state->top_bit;
  int own, you;
  if (board[state->form.bound2] == 1) {
    uint32_t pattern = 2;
    for (own = 1; own <= last; own++, pattern <<= 1) {
      uint32_t bit = 1;
      for (you = last; board[you] != pattern && board[own] >= bit; you--)
        bit <<= 1;
      if (board[own] > bit)
        return;
      if (board[own] < bit)
        break;
    }
    if (own > last) {
      state->count2++;
      return;
    }
  }
  if (board[last] == state->form.end_bit) {
    for (you = last - 1, own = 1; own <= last; own++, you--) {
      uint32_t bit = 1;
      for (uint32_t pattern = top_bit; pattern != board[you] && board[own] >= bit; pattern >>= 1)
        bit <<= 1;
      if (board[own] > bit)
        return;
      if (board[own] < bit)
        break;
    }
    if (own > last) {
      state->count4++;
      return;
    }
  }
  if (board[state->form.bound1] == top_bit) {
    uint32_t pattern = top_bit >> 1;
    for (own = 1; own <= last; own++, pattern >>= 1) {
      uint32_t bit = 1;
      for (you = 0; board[you] != pattern && board[own] >= bit; you++)
        bit <<= 1;
      if (board[own] > bit)
        return;
      if (board[own] < bit)
        break;
    }
  }
  state->count8++;
}

/* The squares of row `row` a representative may use, given what is
 * attacked: rows above bound1 avoid both edge columns, row bound2 must use
 * an edge column unless both are already taken. */
static inline uint32_t side_row_filter(const search *state, int row, uint32_t free_squares,
                                       uint32_t down) {
  if (row < state->form.bound1)
    return free_squares & ~state->form.side_mask;
  if (row == state->form.bound2) {
    uint32_t edges_taken = down & state->form.side_mask;
    if (!edges_taken)
      return 0;
    if (edges_taken != state->form.side_mask)
      return free_squares & state->form.side_mask;
  }
  return free_squares;
}

/* Corner case: column 1 stays free above bound1 (otherwise the transposed
 * board, with the same corner queen, would be smaller). */
static inline uint32_t corner_row_filter(const search *state, int row, uint32_t free_squares) {
  return row < state->form.bound1 ? free_squares & ~UINT32_C(2) : free_squares;
}

/* ---- phase two's search ----------------------------------------------------
 * The rows below the split, as a loop with an explicit stack: the row being
 * filled keeps its attack masks and free squares in registers, and they are
 * pushed only when the search goes one row down. A row's queens that would
 * leave the next row fully attacked are removed once per row
 * (adjacent_killers), and a queen is pushed only if its next row keeps a
 * usable square and the row two below it a free one: most dead ends cost no
 * push and pop, and few cost a branch. A row whose squares are all tried
 * returns straight to the nearest row above with squares left (the rows in
 * between are done), chosen without a branch when the search goes down. The
 * row rules become a mask per row (`usable`), so the loop branches only on
 * the rows that have a rule of their own (bound2) and on reaching the last
 * two rows, which are filled at once (pair_completions). Measured
 * (bench/README.md): a queen costs about 50 instructions and well under one
 * mispredicted branch, and the time goes mostly to those mispredictions, so
 * what paid was removing unpredictable branches cheaply (the variants tried,
 * kept or not, are listed there). */

/* The last two rows at once: after n-2 queens exactly two columns are
 * empty (`rest`), so the two rows hold at most two completions, found by
 * comparing masks instead of placing queens. `upper`: the squares row n-2
 * may use; `lower`: those row n-1 may use, given the rows above n-2.
 * Returns the columns of row n-2 that complete a board. */
static inline uint32_t pair_completions(uint32_t rest, uint32_t upper, uint32_t lower) {
  if (rest & (rest << 1))
    return 0; /* adjacent columns: the two queens would attack */
  /* a completion: a column of `upper` whose partner column is in `lower` */
  uint32_t partner = (lower == rest || !lower) ? lower : rest ^ lower;
  return upper & partner;
}

/* Row bound2's rule (side case): an edge column, unless both are taken. */
static inline uint32_t bound2_filter(uint32_t free_squares, uint32_t down, uint32_t side_mask) {
  uint32_t edges_taken = down & side_mask;
  if (!edges_taken)
    return 0;
  return edges_taken != side_mask ? free_squares & side_mask : free_squares;
}

/* Side case: classifies the boards completed by the columns `pairs` of
 * row n-2 (out of line: rare, and it would crowd the search's registers). */
static __attribute__((noinline)) uint64_t classify_pairs(search *state, uint32_t *board,
                                                         uint32_t pairs, uint32_t rest,
                                                         uint64_t nodes) {
  const int pair_row = state->last_row - 1;
  while (pairs) {
    uint32_t pair_bit = pairs & (0u - pairs);
    pairs ^= pair_bit;
    nodes += 2;
    board[pair_row] = pair_bit;
    board[pair_row + 1] = rest ^ pair_bit;
    classify(state, board);
  }
  return nodes;
}

/* The columns b of a row whose queen would leave the next row with no free
 * square, given `base`, that row's free squares before the queen: those
 * whose three-column window {b-1, b, b+1} holds all of `base` (all columns
 * if `base` is empty). Such b lie in the windows of both the lowest and
 * the highest square of `base`, and every b there qualifies, as the other
 * squares lie between. Computed once per row, so the search does not
 * place those queens at all: fewer queens and, above all, fewer
 * mispredicted branches than testing each queen's next row. */
static inline uint32_t adjacent_killers(uint32_t base) {
  uint32_t low = base & (0u - base);
  uint32_t high = UINT32_C(1) << (31 - __builtin_clz(base | 1));
  uint32_t killers = (low | low << 1 | low >> 1) & (high | high << 1 | high >> 1);
  return base ? killers : UINT32_MAX;
}

/* `corner` is a constant in each inlined copy: the corner case has no
 * bound2 rule, stores no board and counts every board 8 times. Everything
 * the loop needs besides the current row's masks lives in arrays indexed by
 * row (in this frame), so that the masks, the row and the counters fit the
 * registers. */
static inline __attribute__((always_inline)) void search_rows(search *state, long row,
                                                                uint32_t left, uint32_t down,
                                                                uint32_t right, const int corner) {
  const long first_row = row, pair_row = state->last_row - 1;
  uint32_t usable[NQ_VERIFY_MAX_N + 4], board[NQ_VERIFY_MAX_N];
  uint32_t lefts[NQ_VERIFY_MAX_N], downs[NQ_VERIFY_MAX_N], rights[NQ_VERIFY_MAX_N],
      frees[NQ_VERIFY_MAX_N];
  uint64_t nodes = 0, found = 0;
  for (int r = 0; r <= state->last_row; r++) {
    usable[r] = r >= state->form.bound1 ? state->all
                : corner               ? state->all & ~UINT32_C(2)
                                       : state->all & ~state->form.side_mask;
  }
  if (!corner) /* the last row's rule, for the look-ahead */
    usable[state->last_row] &= ~state->form.last_mask;
  /* Defined past the last row too, so that no look-ahead can read an
   * unset mask (and, measured, the loop runs 2% faster this way: code
   * placement). */
  for (int r = state->n; r < state->n + 3; r++)
    usable[r] = UINT32_MAX;
  memcpy(board, state->board, sizeof board);
  uint32_t free_squares = usable[row] & ~(left | down | right);
  if (!corner && row == state->form.bound2)
    free_squares = bound2_filter(free_squares, down, state->form.side_mask);
  free_squares &= ~adjacent_killers(usable[row + 1] & ~((left << 1) | down | (right >> 1)));
  /* back[r]: the row to resume when row r is done, the nearest row above
   * with squares left to try (rows already exhausted are skipped at once). */
  long back[NQ_VERIFY_MAX_N + 1];
  const long first_special =
      !corner && state->form.bound2 < pair_row ? state->form.bound2 : pair_row;
  back[row] = first_row - 1;
  for (;;) {
    if (!free_squares) {
      row = back[row];
      if (row < first_row)
        break;
      free_squares = frees[row], left = lefts[row], down = downs[row], right = rights[row];
    }
    uint32_t bit = free_squares & (0u - free_squares);
    free_squares ^= bit;
    nodes++;
    if (!corner)
      board[row] = bit;
    uint32_t next_left = (left | bit) << 1, next_down = down | bit,
             next_right = (right | bit) >> 1;
    uint32_t next_free = usable[row + 1] & ~(next_left | next_down | next_right);
    if (row + 1 >= first_special) {
      if (!corner && row + 1 == state->form.bound2)
        next_free = bound2_filter(next_free, next_down, state->form.side_mask);
      if (row + 1 == pair_row) {
        uint32_t rest = state->all & ~next_down;
        uint32_t lower = rest & ~((next_left << 1) | (next_right >> 1));
        uint32_t pairs = pair_completions(rest, next_free,
                                          corner ? lower : lower & ~state->form.last_mask);
        if (corner) {
          found += (pairs != 0) + ((pairs & (pairs - 1)) != 0);
          continue;
        }
        if (pairs)
          nodes = classify_pairs(state, board, pairs, rest, nodes);
        continue;
      }
    }
    uint32_t after_next = usable[row + 2] & ~((next_left << 1) | next_down | (next_right >> 1));
    uint32_t third = usable[row + 3] & ~((next_left << 2) | next_down | (next_right >> 2));
    next_free &= ~adjacent_killers(after_next);
    if (!((next_free != 0) & (third != 0)))
      continue;
    frees[row] = free_squares, lefts[row] = left, downs[row] = down, rights[row] = right;
    long more = -(long)(free_squares != 0); /* all ones if this row has more */
    back[row + 1] = (row & more) | (back[row] & ~more); /* no branch: unpredictable */
    row++;
    free_squares = next_free, left = next_left, down = next_down, right = next_right;
  }
  state->nodes += nodes + 2 * found;
  state->count8 += found;
}

static __attribute__((noinline)) void corner_search(search *state, int row, uint32_t left, uint32_t down, uint32_t right) {
  search_rows(state, row, left, down, right, 1);
}

static __attribute__((noinline)) void side_search(search *state, int row, uint32_t left, uint32_t down, uint32_t right) {
  search_rows(state, row, left, down, right, 0);
}

/* ---- phase one: the job list ---------------------------------------------- */

typedef struct job_list {
  job *jobs;
  size_t size, capacity;
  shape shapes[2 * NQ_VERIFY_MAX_N];
  int shape_count;
  uint64_t nodes; /* queens placed while building the prefixes */
  int failed;
} job_list;

static void add_job(job_list *list, const search *state, int row, uint32_t left, uint32_t down,
                    uint32_t right) {
  if (list->failed)
    return;
  if (list->size == list->capacity) {
    size_t capacity = list->capacity ? 2 * list->capacity : 256;
    job *grown = realloc(list->jobs, capacity * sizeof *grown);
    if (!grown) {
      list->failed = 1;
      return;
    }
    list->jobs = grown;
    list->capacity = capacity;
  }
  job *added = &list->jobs[list->size++];
  added->shape_index = list->shape_count - 1;
  added->row = row;
  added->left = left, added->down = down, added->right = right;
  memcpy(added->prefix, state->board, sizeof added->prefix);
}

/* Enumerates prefixes down to SPLIT_ROW (row n-3 for n < 7) with the same row filters as the
 * search, so every job starts from a state the search itself would reach. */
static void split(job_list *list, search *state, int row, uint32_t left, uint32_t down,
                  uint32_t right) {
  /* Jobs start above the last two rows, which the search fills at once. */
  if (row == SPLIT_ROW || row == state->n - 3) {
    add_job(list, state, row, left, down, right);
    return;
  }
  uint32_t free_squares = state->all & ~(left | down | right);
  free_squares = state->form.corner ? corner_row_filter(state, row, free_squares)
                                    : side_row_filter(state, row, free_squares, down);
  while (free_squares) {
    uint32_t bit = free_squares & (0u - free_squares);
    free_squares ^= bit;
    list->nodes++;
    state->board[row] = bit;
    split(list, state, row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
  }
}

static void build_jobs(job_list *list, int n) {
  search state = {.n = n, .last_row = n - 1, .top_bit = UINT32_C(1) << (n - 1)};
  state.all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
  state.board[0] = 1;
  for (int bound1 = 2; bound1 < n - 1; bound1++) {
    state.form = (shape){.corner = 1, .bound1 = bound1};
    list->shapes[list->shape_count++] = state.form;
    uint32_t bit = UINT32_C(1) << bound1;
    state.board[1] = bit;
    list->nodes += 2;
    split(list, &state, 2, (2 | bit) << 1, 1 | bit, bit >> 1);
  }
  uint32_t last_mask = state.top_bit | 1, end_bit = state.top_bit >> 1;
  for (int bound1 = 1, bound2 = n - 2; bound1 < bound2; bound1++, bound2--) {
    state.form = (shape){.bound1 = bound1,
                         .bound2 = bound2,
                         .side_mask = state.top_bit | 1,
                         .last_mask = last_mask,
                         .end_bit = end_bit};
    list->shapes[list->shape_count++] = state.form;
    uint32_t bit = UINT32_C(1) << bound1;
    state.board[0] = bit;
    list->nodes++;
    split(list, &state, 1, bit << 1, bit, bit >> 1);
    last_mask |= last_mask >> 1 | last_mask << 1;
    end_bit >>= 1;
  }
}

/* ---- phase two: the workers ----------------------------------------------- */

typedef struct shared_work {
  const job_list *list;
  int n;
  atomic_size_t next_job;
} shared_work;

typedef struct worker {
  shared_work *work;
  pthread_t thread;
  uint64_t count2, count4, count8, nodes;
} worker;

static void *run_worker(void *argument) {
  worker *self = argument;
  const job_list *list = self->work->list;
  int n = self->work->n;
  search state = {.n = n, .last_row = n - 1, .top_bit = UINT32_C(1) << (n - 1)};
  state.all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
  for (;;) {
    size_t index = atomic_fetch_add(&self->work->next_job, 1);
    if (index >= list->size)
      break;
    const job *task = &list->jobs[index];
    state.form = list->shapes[task->shape_index];
    memcpy(state.board, task->prefix, sizeof task->prefix);
    if (state.form.corner)
      corner_search(&state, task->row, task->left, task->down, task->right);
    else
      side_search(&state, task->row, task->left, task->down, task->right);
  }
  self->count2 = state.count2, self->count4 = state.count4, self->count8 = state.count8;
  self->nodes = state.nodes;
  return NULL;
}

/* Boards too small for the two cases above (n < 6: the edge restrictions
 * assume a board of at least six rows, and the job split four rows):
 * enumerate and keep the boards that are their own class representative. */
typedef struct small_tally {
  uint64_t total, fundamental;
  int failed;
} small_tally;

static int tally_small(void *context, const int *columns, int n) {
  small_tally *tally = context;
  int canonical[NQ_VERIFY_MAX_N];
  int size = nq_verify_canonical(columns, n, canonical);
  if (size < 0) {
    tally->failed = 1;
    return 1;
  }
  tally->total++;
  if (!memcmp(canonical, columns, (size_t)n * sizeof *columns))
    tally->fundamental++;
  return 0;
}

nq_status nq_verify_count_classes(int n, int threads, nq_verify_counts *counts) {
  if (n < 1 || n > NQ_VERIFY_MAX_N || threads < 0 || threads > NQ_VERIFY_MAX_THREADS)
    return NQ_ERR_ARGUMENT;
  if (threads == 0) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    threads = online < 1 ? 1 : online > NQ_VERIFY_MAX_THREADS ? NQ_VERIFY_MAX_THREADS : (int)online;
  }
  *counts = (nq_verify_counts){0};
  if (n < 6) {
    small_tally tally = {0};
    nq_status status = nq_verify_enumerate(n, tally_small, &tally);
    if (tally.failed)
      return NQ_ERR_MEMORY;
    if (status != NQ_OK)
      return status;
    counts->total = tally.total, counts->fundamental = tally.fundamental;
    return NQ_OK;
  }
  job_list list = {0};
  build_jobs(&list, n);
  if (list.failed) {
    free(list.jobs);
    return NQ_ERR_MEMORY;
  }
  shared_work work = {.list = &list, .n = n};
  atomic_init(&work.next_job, 0);
  worker *workers = calloc((size_t)threads, sizeof *workers);
  if (!workers) {
    free(list.jobs);
    return NQ_ERR_MEMORY;
  }
  /* The calling thread is worker 0; if a thread cannot be started, the
   * others take its share (the job index is shared), so the count stays
   * right, only slower. */
  int started = 1;
  for (int i = 0; i < threads; i++)
    workers[i].work = &work;
  for (int i = 1; i < threads; i++) {
    if (pthread_create(&workers[i].thread, NULL, run_worker, &workers[i]) != 0)
      break;
    started++;
  }
  run_worker(&workers[0]);
  uint64_t count2 = 0, count4 = 0, count8 = 0, nodes = list.nodes;
  for (int i = 0; i < started; i++) {
    if (i > 0)
      pthread_join(workers[i].thread, NULL);
    count2 += workers[i].count2, count4 += workers[i].count4, count8 += workers[i].count8;
    nodes += workers[i].nodes;
  }
  free(workers);
  free(list.jobs);
  counts->total = 2 * count2 + 4 * count4 + 8 * count8;
  counts->fundamental = count2 + count4 + count8;
  counts->nodes = nodes;
  return NQ_OK;
}
