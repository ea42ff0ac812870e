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
 *
 * Below the split, one of two kernels searches: count_rows.c fills the
 * rows top to bottom (portable C); count_vector.c fills the row with the
 * fewest free squares first (AVX-512, where the processor has it). The
 * shape rules and the classification (class_classify.c) are the same, so
 * they must agree on every count, which the tests check against OEIS for
 * both. Measured against the plain mirror-symmetry counter
 * (bench/count.sh, bench/README.md) at N = 16: the row kernel places 3.9
 * times fewer queens at about 1.3 times the cost per queen, the vector
 * kernel 2.4 times fewer again at about 1.9 times the row kernel's cost. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "class_search.h"

typedef struct job {
  int shape_index;
  int row; /* first row left to fill */
  uint32_t left, down, right;
  uint32_t prefix[CLASS_SPLIT_ROW];
} job;

/* The squares of row `row` a representative may use, given what is
 * attacked: rows above bound1 avoid both edge columns, row bound2 must use
 * an edge column unless both are already taken. */
static inline uint32_t side_row_filter(const class_search *state, int row, uint32_t free_squares,
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
static inline uint32_t corner_row_filter(const class_search *state, int row,
                                         uint32_t free_squares) {
  return row < state->form.bound1 ? free_squares & ~UINT32_C(2) : free_squares;
}

/* ---- phase one: the job list ---------------------------------------------- */

typedef struct job_list {
  job *jobs;
  size_t size, capacity;
  class_shape shapes[2 * NQ_VERIFY_MAX_N];
  int shape_count;
  uint64_t nodes; /* queens placed while building the prefixes */
  int split_row;
  int failed;
} job_list;

static void add_job(job_list *list, const class_search *state, int row, uint32_t left,
                    uint32_t down, uint32_t right) {
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

/* Enumerates prefixes down to list->split_row (at most row n-3) with the same row filters as the
 * search, so every job starts from a state the search itself would reach. */
static void split(job_list *list, class_search *state, int row, uint32_t left, uint32_t down,
                  uint32_t right) {
  /* Jobs start above the last two rows, which the search fills at once. */
  if (row == list->split_row || row == state->n - 3) {
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

static void build_jobs(job_list *list, int n, int split_row) {
  list->split_row = split_row;
  class_search state = {.n = n, .last_row = n - 1, .top_bit = UINT32_C(1) << (n - 1)};
  state.all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
  state.board[0] = 1;
  for (int bound1 = 2; bound1 < n - 1; bound1++) {
    state.form = (class_shape){.corner = 1, .bound1 = bound1};
    list->shapes[list->shape_count++] = state.form;
    uint32_t bit = UINT32_C(1) << bound1;
    state.board[1] = bit;
    list->nodes += 2;
    split(list, &state, 2, (2 | bit) << 1, 1 | bit, bit >> 1);
  }
  uint32_t last_mask = state.top_bit | 1, end_bit = state.top_bit >> 1;
  for (int bound1 = 1, bound2 = n - 2; bound1 < bound2; bound1++, bound2--) {
    state.form = (class_shape){.bound1 = bound1,
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
  nq_verify_kernel kernel; /* ROWS or VECTOR */
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
  class_search state = {.n = n, .last_row = n - 1, .top_bit = UINT32_C(1) << (n - 1)};
  state.all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
  for (;;) {
    size_t index = atomic_fetch_add(&self->work->next_job, 1);
    if (index >= list->size)
      break;
    const job *task = &list->jobs[index];
    state.form = list->shapes[task->shape_index];
    memcpy(state.board, task->prefix, sizeof task->prefix);
    if (self->work->kernel == NQ_VERIFY_KERNEL_VECTOR)
      nq_verify_search_vector(&state, task->row, task->left, task->down, task->right);
    else
      nq_verify_search_rows(&state, task->row, task->left, task->down, task->right);
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

int nq_verify_kernel_available(nq_verify_kernel kernel, int n) {
  if (n < 1 || n > NQ_VERIFY_MAX_N)
    return 0;
  switch (kernel) {
  case NQ_VERIFY_KERNEL_AUTO:
  case NQ_VERIFY_KERNEL_ROWS: return 1;
  case NQ_VERIFY_KERNEL_VECTOR: return n < 6 || nq_verify_vector_supported(n);
  }
  return 0;
}

nq_status nq_verify_count_classes(int n, int threads, nq_verify_counts *counts) {
  return nq_verify_count_classes_with(n, threads, NQ_VERIFY_KERNEL_AUTO, counts);
}

nq_status nq_verify_count_classes_with(int n, int threads, nq_verify_kernel kernel,
                                       nq_verify_counts *counts) {
  if (n < 1 || n > NQ_VERIFY_MAX_N || threads < 0 || threads > NQ_VERIFY_MAX_THREADS ||
      !nq_verify_kernel_available(kernel, n))
    return NQ_ERR_ARGUMENT;
  if (kernel == NQ_VERIFY_KERNEL_AUTO)
    kernel = nq_verify_vector_supported(n) ? NQ_VERIFY_KERNEL_VECTOR : NQ_VERIFY_KERNEL_ROWS;
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
  counts->kernel = kernel;
  job_list list = {0};
  build_jobs(&list, n,
             kernel == NQ_VERIFY_KERNEL_VECTOR ? nq_verify_vector_split_row(n) : CLASS_SPLIT_ROW);
  if (list.failed) {
    free(list.jobs);
    return NQ_ERR_MEMORY;
  }
  shared_work work = {.list = &list, .n = n, .kernel = kernel};
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
