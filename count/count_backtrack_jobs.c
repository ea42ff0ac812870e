/* The class counter (count_classes.c has the method: Takahashi's canonical
 * boards, Richards' bitboards) as a job list for the driver count_plan.c:
 * phase one enumerates every legal prefix of the first rows (the same row
 * filters as the search, so every job starts from a state the search itself
 * would reach); a job is one prefix, searched below by a kernel
 * (count_kernel_bitwise.c or count_kernel_simd.c).
 *
 * The list does not depend on the kernel or the machine, so parts counted
 * on different machines (with or without AVX-512) add up: prefixes stop at
 * row 3, 4 or 5 as N grows (split_row_for), which keeps each job well under
 * a second up to N = 21 or so and the vector kernel within its 16 lanes. Boards of fewer than six
 * rows are one job that enumerates them. */
#include <stdlib.h>
#include <string.h>

#include "class_search.h"
#include "count_method.h"
#include "grow.h"

#define PREFIX_ROWS_MAX 5

typedef struct prefix_job {
  uint8_t shape_index;
  uint8_t row; /* first row left to fill */
  uint32_t left, down, right;
  uint32_t prefix[PREFIX_ROWS_MAX];
} prefix_job;

typedef struct backtrack_shared {
  int n;
  nq_count_kernel kernel; /* ROWS or VECTOR (AUTO resolved) */
  int split_row;
  prefix_job *jobs;
  size_t size, capacity;
  class_shape shapes[2 * NQ_COUNT_MAX_N];
  int shape_count;
  int failed;
} backtrack_shared;

/* Rows fixed by the prefixes. Fewer, longer jobs run faster (3 rather than
 * 4 saved 4 % at N = 17, bench/README.md); more, shorter ones keep a stop
 * within a second and shares even. 3 up to N = 17 (jobs of milliseconds),
 * 4 for 18 and 19, 5 from 20. */
static int split_row_for(int n) { return n <= 17 ? 3 : n < 20 ? 4 : PREFIX_ROWS_MAX; }

/* The squares of row `row` a representative may use (see count_classes.c). */
static uint32_t side_row_filter(const class_shape *form, int row, uint32_t free_squares,
                                uint32_t down) {
  if (row < form->bound1)
    return free_squares & ~form->side_mask;
  if (row == form->bound2) {
    uint32_t edges_taken = down & form->side_mask;
    if (!edges_taken)
      return 0;
    if (edges_taken != form->side_mask)
      return free_squares & form->side_mask;
  }
  return free_squares;
}

static uint32_t corner_row_filter(const class_shape *form, int row, uint32_t free_squares) {
  return row < form->bound1 ? free_squares & ~UINT32_C(2) : free_squares;
}

static uint32_t row_filter(const class_shape *form, int row, uint32_t free_squares, uint32_t down) {
  return form->corner ? corner_row_filter(form, row, free_squares)
                      : side_row_filter(form, row, free_squares, down);
}

static void add_job(backtrack_shared *list, const class_search *state, int row, uint32_t left,
                    uint32_t down, uint32_t right) {
  if (list->failed)
    return;
  if (list->size == list->capacity) {
    prefix_job *grown =
        grow_array(list->jobs, &list->capacity, list->capacity + 1, sizeof *grown, 256);
    if (!grown) {
      list->failed = 1;
      return;
    }
    list->jobs = grown;
  }
  prefix_job *added = &list->jobs[list->size++];
  memset(added, 0, sizeof *added);
  added->shape_index = (uint8_t)(list->shape_count - 1);
  added->row = (uint8_t)row;
  added->left = left, added->down = down, added->right = right;
  memcpy(added->prefix, state->board, (size_t)row * sizeof *added->prefix);
}

static void split(backtrack_shared *list, class_search *state, int row, uint32_t left,
                  uint32_t down, uint32_t right) {
  /* Jobs start above the last two rows, which the search fills at once. */
  if (row == list->split_row || row == state->n - 3) {
    add_job(list, state, row, left, down, right);
    return;
  }
  uint32_t free_squares = row_filter(&state->form, row, state->all & ~(left | down | right), down);
  while (free_squares) {
    uint32_t bit = free_squares & (0u - free_squares);
    free_squares ^= bit;
    state->board[row] = bit;
    split(list, state, row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
  }
}

static void build_jobs(backtrack_shared *list, int n) {
  class_search state = {.n = n, .last_row = n - 1, .top_bit = UINT32_C(1) << (n - 1)};
  state.all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
  state.board[0] = 1;
  for (int bound1 = 2; bound1 < n - 1; bound1++) {
    state.form = (class_shape){.corner = 1, .bound1 = bound1};
    list->shapes[list->shape_count++] = state.form;
    uint32_t bit = UINT32_C(1) << bound1;
    state.board[1] = bit;
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
    split(list, &state, 1, bit << 1, bit, bit >> 1);
    last_mask |= last_mask >> 1 | last_mask << 1;
    end_bit >>= 1;
  }
}

static uint64_t backtrack_memory(int n, int threads) {
  (void)threads;
  /* Prefixes: at most n^split_row / 8 (the filters and attacks remove far
   * more), plus the driver's weights and order (24 bytes a job). */
  uint64_t jobs = 1;
  for (int row = 0; row < split_row_for(n); row++)
    jobs *= (uint64_t)n;
  return jobs / 8 * (sizeof(prefix_job) + 24) + (1u << 20);
}

static nq_status backtrack_create(int n, nq_count_kernel kernel, nq_count_isa isa, void **shared,
                                  size_t *jobs) {
  *shared = NULL, *jobs = 0;
  /* The vector kernel is the AVX-512 level: below it AUTO means rows (a
   * kernel asked for by name is the caller's choice). */
  if (kernel == NQ_COUNT_KERNEL_AUTO && isa != NQ_COUNT_ISA_AVX512)
    kernel = NQ_COUNT_KERNEL_ROWS;
  if (n < 1 || n > NQ_COUNT_MAX_N || !nq_count_kernel_available(kernel, n))
    return NQ_ERR_ARGUMENT;
  backtrack_shared *list = calloc(1, sizeof *list);
  if (!list)
    return NQ_ERR_MEMORY;
  list->n = n;
  list->kernel = kernel != NQ_COUNT_KERNEL_AUTO ? kernel
                 : nq_count_vector_supported(n) ? NQ_COUNT_KERNEL_VECTOR
                                                : NQ_COUNT_KERNEL_ROWS;
  list->split_row = split_row_for(n);
  if (n >= 6) {
    build_jobs(list, n);
    if (list->failed) {
      free(list->jobs);
      free(list);
      return NQ_ERR_MEMORY;
    }
  }
  *shared = list;
  *jobs = n < 6 ? 1 : list->size;
  return NQ_OK;
}

static void backtrack_destroy(void *shared) {
  backtrack_shared *list = shared;
  if (list)
    free(list->jobs);
  free(list);
}

static size_t backtrack_describe(const void *shared, size_t job, unsigned char bytes[64]) {
  const backtrack_shared *list = shared;
  if (list->n < 6) {
    bytes[0] = (unsigned char)list->n;
    return 1;
  }
  const prefix_job *task = &list->jobs[job];
  size_t size = 0;
  bytes[size++] = task->shape_index;
  bytes[size++] = task->row;
  uint32_t words[3 + PREFIX_ROWS_MAX];
  words[0] = task->left, words[1] = task->down, words[2] = task->right;
  for (int row = 0; row < task->row; row++)
    words[3 + row] = task->prefix[row];
  for (int i = 0; i < 3 + task->row; i++)
    for (int b = 0; b < 4; b++)
      bytes[size++] = (unsigned char)(words[i] >> (8 * b));
  return size;
}

/* A cost guess: the queens of the two rows below the prefix (row filters
 * applied). The subtree below grows with them, and the two rows are cheap
 * to look at; parts and the estimate only need a rough order. */
static double backtrack_weight(const void *shared, size_t job) {
  const backtrack_shared *list = shared;
  if (list->n < 6)
    return 1.0;
  const prefix_job *task = &list->jobs[job];
  const class_shape *form = &list->shapes[task->shape_index];
  uint32_t all = list->n == 32 ? UINT32_MAX : (UINT32_C(1) << list->n) - 1;
  int row = task->row;
  uint32_t first =
      row_filter(form, row, all & ~(task->left | task->down | task->right), task->down);
  double weight = 1.0;
  while (first) {
    uint32_t bit = first & (0u - first);
    first ^= bit;
    uint32_t left = (task->left | bit) << 1, down = task->down | bit,
             right = (task->right | bit) >> 1;
    uint32_t second = row_filter(form, row + 1, all & ~(left | down | right), down);
    weight += 1.0 + __builtin_popcount(second);
  }
  return weight;
}

static nq_status backtrack_worker_create(const void *shared, void **worker) {
  (void)shared;
  *worker = NULL;
  return NQ_OK;
}

static void backtrack_worker_destroy(void *worker) { (void)worker; }

/* Boards too small for the class search's two cases (n < 6): every board
 * is placed row by row, and each that is its own class representative
 * (the smallest of its 8 images, compared row by row) is counted by its
 * class size. At most 10 boards, so nothing here needs to be fast. */
static void image_of(const int *columns, int n, int symmetry, int *image) {
  for (int row = 0; row < n; row++) {
    int r = row, c = columns[row];
    if (symmetry & 1) /* mirror left-right */
      c = n - 1 - c;
    if (symmetry & 2) /* mirror top-bottom */
      r = n - 1 - r;
    if (symmetry & 4) { /* transpose */
      int t = r;
      r = c, c = t;
    }
    image[r] = c;
  }
}

static void tally_small_board(const int *columns, int n, nq_count_tally *tally) {
  int images[8][8];
  int distinct = 0;
  for (int symmetry = 0; symmetry < 8; symmetry++) {
    image_of(columns, n, symmetry, images[symmetry]);
    if (memcmp(images[symmetry], columns, (size_t)n * sizeof *columns) < 0)
      return; /* a smaller image represents the class */
    int seen = 0;
    for (int other = 0; other < symmetry && !seen; other++)
      seen = !memcmp(images[other], images[symmetry], (size_t)n * sizeof *columns);
    distinct += !seen;
  }
  if (distinct <= 2)
    tally->count2++; /* n = 1: a class of one, see nq_count_tally_total */
  else if (distinct == 4)
    tally->count4++;
  else
    tally->count8++;
}

static void place_small(int n, int row, int *columns, uint32_t down, uint32_t left, uint32_t right,
                        nq_count_tally *tally) {
  if (row == n) {
    tally_small_board(columns, n, tally);
    return;
  }
  for (int column = 0; column < n; column++) {
    uint32_t bit = UINT32_C(1) << column;
    if ((down | left | right) & bit)
      continue;
    tally->work++;
    columns[row] = column;
    place_small(n, row + 1, columns, down | bit, (left | bit) << 1, (right | bit) >> 1, tally);
  }
}

static nq_status backtrack_run_job(const void *shared, void *worker, size_t job,
                                   const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  (void)worker;
  const backtrack_shared *list = shared;
  if (stop && *stop)
    return NQ_ERR_INTERRUPTED;
  if (list->n < 6) {
    int columns[8] = {0};
    place_small(list->n, 0, columns, 0, 0, 0, tally);
    return NQ_OK;
  }
  const prefix_job *task = &list->jobs[job];
  int n = list->n;
  class_search state = {.n = n, .last_row = n - 1, .top_bit = UINT32_C(1) << (n - 1)};
  state.all = n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
  state.form = list->shapes[task->shape_index];
  state.stop = stop; /* both kernels poll it every few milliseconds */
  memcpy(state.board, task->prefix, (size_t)task->row * sizeof *task->prefix);
  if (list->kernel == NQ_COUNT_KERNEL_VECTOR)
    nq_count_search_vector(&state, task->row, task->left, task->down, task->right);
  else
    nq_count_search_rows(&state, task->row, task->left, task->down, task->right);
  if (state.stopped)
    return NQ_ERR_INTERRUPTED;
  tally->count2 += state.count2, tally->count4 += state.count4, tally->count8 += state.count8;
  tally->work += state.nodes;
  return NQ_OK;
}

static uint64_t next_random(uint64_t *state) {
  /* xorshift64 (Marsaglia 2003) */
  uint64_t x = *state;
  x ^= x << 13, x ^= x >> 7, x ^= x << 17;
  return *state = x;
}

/* Knuth's estimator ("Estimating the efficiency of backtrack programs",
 * Math. Comp. 29, 1975): one random descent from the job's prefix, each
 * level's choices multiplied up, estimates the number of queens the search
 * below places without bias; the mean over `probes` descents is returned.
 * It counts the plain row-by-row tree (row filters applied); the kernels
 * prune more, which --estimate absorbs by calibrating seconds per
 * estimated queen on a size it can time. */
static double backtrack_estimate(const void *shared, size_t job, int probes,
                                 uint64_t *random_state) {
  const backtrack_shared *list = shared;
  if (list->n < 6)
    return 1.0;
  const prefix_job *task = &list->jobs[job];
  const class_shape *form = &list->shapes[task->shape_index];
  uint32_t all = list->n == 32 ? UINT32_MAX : (UINT32_C(1) << list->n) - 1;
  double sum = 0.0;
  for (int probe = 0; probe < probes; probe++) {
    uint32_t left = task->left, down = task->down, right = task->right;
    double paths = 1.0;
    for (int row = task->row; row < list->n; row++) {
      uint32_t free_squares = row_filter(form, row, all & ~(left | down | right), down);
      int choices = __builtin_popcount(free_squares);
      if (!choices)
        break;
      paths *= choices;
      sum += paths;
      int pick = (int)(next_random(random_state) % (uint64_t)choices);
      while (pick--)
        free_squares &= free_squares - 1;
      uint32_t bit = free_squares & (0u - free_squares);
      left = (left | bit) << 1, down |= bit, right = (right | bit) >> 1;
    }
  }
  return sum / probes;
}

static const char *backtrack_kernel_name(const void *shared) {
  const backtrack_shared *list = shared;
  if (list->n < 6)
    return "none (small board: enumerated)";
  return list->kernel == NQ_COUNT_KERNEL_VECTOR ? "vector" : "rows";
}

const count_method_ops nq_count_backtrack_ops = {
    .name = "backtrack",
    .memory_estimate = backtrack_memory,
    .create = backtrack_create,
    .destroy = backtrack_destroy,
    .describe_job = backtrack_describe,
    .job_weight = backtrack_weight,
    .worker_create = backtrack_worker_create,
    .worker_destroy = backtrack_worker_destroy,
    .run_job = backtrack_run_job,
    .estimate_job_work = backtrack_estimate,
    .kernel_name = backtrack_kernel_name,
};
