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
 * search places 2.3 times fewer queens at the same speed per queen. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nqsat/verify.h"

/* Rows fixed by phase one: enough jobs to balance two or more threads
 * (thousands for n >= 14), few enough to build in microseconds. */
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
static void classify(search *state) {
  const uint32_t *board = state->board;
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

/* The rows below the split. Iterative, with the attack masks of each row
 * on an explicit stack: no call per node, and the counters stay in
 * registers. A queen is kept only if the next row still has a square the
 * representative may use, which saves the push and pop for most dead ends;
 * the last row is never pushed (it holds at most one square). */
static void corner_search(search *state, int row, uint32_t left, uint32_t down, uint32_t right) {
  const uint32_t all = state->all;
  const int last_row = state->last_row, first_row = row;
  /* Rows above bound1 keep column 1 free (see corner_row_filter). */
  const int filtered_below = state->form.bound1;
  uint32_t lefts[NQ_VERIFY_MAX_N], downs[NQ_VERIFY_MAX_N], rights[NQ_VERIFY_MAX_N],
      frees[NQ_VERIFY_MAX_N];
  uint64_t nodes = 0, found = 0;
  /* Squares each row may use at all, for the look-ahead: a queen is dropped
   * at once if the row two below is already fully attacked (a three-row
   * look-ahead and an early check of the edge columns cut more nodes but
   * cost as much time as they saved, measured at N = 16). */
  uint32_t usable[NQ_VERIFY_MAX_N];
  for (int r = 0; r <= last_row; r++)
    usable[r] = r < filtered_below ? all & ~UINT32_C(2) : all;
  lefts[row] = left, downs[row] = down, rights[row] = right;
  frees[row] = corner_row_filter(state, row, all & ~(left | down | right));
  for (;;) {
    uint32_t free_squares = frees[row];
    if (!free_squares) {
      if (row == first_row)
        break;
      row--;
      continue;
    }
    uint32_t bit = free_squares & (0u - free_squares);
    frees[row] = free_squares ^ bit;
    nodes++;
    uint32_t next_left = (lefts[row] | bit) << 1, next_down = downs[row] | bit,
             next_right = (rights[row] | bit) >> 1;
    uint32_t next_free = all & ~(next_left | next_down | next_right);
    if (row + 1 == last_row) {
      if (next_free)
        nodes++, found++;
      continue;
    }
    if (row + 1 < filtered_below)
      next_free &= ~UINT32_C(2);
    if (!next_free || !(usable[row + 2] & ~((next_left << 1) | next_down | (next_right >> 1))))
      continue;
    row++;
    lefts[row] = next_left, downs[row] = next_down, rights[row] = next_right;
    frees[row] = next_free;
  }
  state->nodes += nodes;
  state->count8 += found;
}

static void side_search(search *state, int row, uint32_t left, uint32_t down, uint32_t right) {
  const uint32_t all = state->all, side_mask = state->form.side_mask,
                 last_mask = state->form.last_mask;
  const int last_row = state->last_row, first_row = row, bound1 = state->form.bound1,
            bound2 = state->form.bound2;
  uint32_t *board = state->board;
  uint32_t lefts[NQ_VERIFY_MAX_N], downs[NQ_VERIFY_MAX_N], rights[NQ_VERIFY_MAX_N],
      frees[NQ_VERIFY_MAX_N];
  uint64_t nodes = 0;
  /* As in corner_search; row bound2 counts as unrestricted here (a weaker
   * but still sound look-ahead). */
  uint32_t usable[NQ_VERIFY_MAX_N];
  for (int r = 0; r <= last_row; r++)
    usable[r] = r < bound1 ? all & ~side_mask : r == last_row ? all & ~last_mask : all;
  lefts[row] = left, downs[row] = down, rights[row] = right;
  frees[row] = side_row_filter(state, row, all & ~(left | down | right), down);
  for (;;) {
    uint32_t free_squares = frees[row];
    if (!free_squares) {
      if (row == first_row)
        break;
      row--;
      continue;
    }
    uint32_t bit = free_squares & (0u - free_squares);
    frees[row] = free_squares ^ bit;
    nodes++;
    board[row] = bit;
    uint32_t next_left = (lefts[row] | bit) << 1, next_down = downs[row] | bit,
             next_right = (rights[row] | bit) >> 1;
    uint32_t next_free = all & ~(next_left | next_down | next_right);
    if (row + 1 == last_row) {
      if (next_free && !(next_free & last_mask)) {
        nodes++;
        board[last_row] = next_free;
        classify(state);
      }
      continue;
    }
    if (row + 1 < bound1) {
      next_free &= ~side_mask;
    } else if (row + 1 == bound2) {
      uint32_t edges_taken = next_down & side_mask;
      if (!edges_taken)
        continue;
      if (edges_taken != side_mask)
        next_free &= side_mask;
    }
    if (!next_free || !(usable[row + 2] & ~((next_left << 1) | next_down | (next_right >> 1))))
      continue;
    row++;
    lefts[row] = next_left, downs[row] = next_down, rights[row] = next_right;
    frees[row] = next_free;
  }
  state->nodes += nodes;
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

/* Enumerates prefixes down to SPLIT_ROW with the same row filters as the
 * search, so every job starts from a state the search itself would reach. */
static void split(job_list *list, search *state, int row, uint32_t left, uint32_t down,
                  uint32_t right) {
  if (row == SPLIT_ROW) {
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
