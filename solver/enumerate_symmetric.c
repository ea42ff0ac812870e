/* Fast N-Queens enumeration with PicoSAT: blocking clauses remain the
 * mechanism, but the search is split so no solver carries many of them,
 * and each orbit under the board's 8 symmetries is found once.
 *
 * Symmetry. Every image of a solution has, as its first row, one of the
 * four edges of the board read from one of its ends; each edge holds
 * exactly one queen, so the first-row columns of the 8 images are the 8
 * "edge distances" {c, n-1-c} of the queens in the top and bottom rows and
 * {r, n-1-r} of the queens in the left and right columns, the same set for
 * the whole orbit. The orbit's canonical representative (lexicographically
 * smallest image) therefore has its row-0 queen at a = the smallest edge
 * distance, so only prefixes whose edge squares are no nearer than a to a
 * corner are planned (the idea behind the classic corner pruning of
 * symmetric backtracking counters, e.g. Somers' and Takaken's).
 *
 * Splitting. Sub-problems fix the first `depth` rows (unit clauses in a
 * PicoSAT instance of their own), so each carries only its own blocking
 * clauses, and run in parallel, one instance per thread at a time
 * (PicoSAT instances share nothing). An orbit is owned by the sub-problem
 * whose prefix its canonical representative has. A solution x with prefix
 * p belongs to an orbit owned there exactly when no image g(x) has a
 * first `depth` rows lexicographically smaller than p (x is an image, so
 * the smallest image's prefix is at most p; equal unless some image's is
 * smaller). Each sub-problem adds that as clauses (add_ownership_clauses,
 * a few hundred short ones, which include the corner units), so PicoSAT
 * never finds a solution the sub-problem would have to throw away: before
 * them, a fifth of the solutions found at N = 13 belonged to other
 * sub-problems, each a search of its own. When a sub-problem finds a
 * solution it computes the orbit (size 1, 2, 4 or 8), counts it and, when
 * asked, keeps every image, and blocks every image that lies in its own
 * space (those with its prefix), so it meets each orbit once. The owner
 * cannot miss its orbit: the canonical representative satisfies the
 * owner's clauses and is only blocked once a member of the orbit was found
 * there. So every orbit is counted exactly once; the tests check the
 * totals against OEIS A000170 and the orbit counts against A002562 for
 * N = 1..12.
 *
 * Determinism: each sub-problem's search depends only on its clauses, and
 * results are reported in sub-problem order, so the output is the same for
 * any number of threads. Debian's libpicosat has no writable globals (8
 * bytes each of .data and .bss), so instances in different threads are
 * independent. */
#include <picosat/picosat.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board_symmetry.h"
#include "clock.h"
#include "grow.h"
#include "processors.h"
#include "search_clock.h"

enum { MAX_DEPTH = 4 };

typedef struct subproblem {
  int prefix[MAX_DEPTH];
  int *kept; /* solutions to report, n ints each */
  size_t kept_count, kept_capacity;
  int done; /* PART_*, written under the search's lock */
} subproblem;

enum { PART_WAITING = 0, PART_COMPLETE = 1, PART_STOPPED = 2 };

typedef struct int_list {
  int *items;
  size_t count, capacity;
} int_list;

typedef struct search {
  int n, depth, variables;
  int_list clauses; /* the formula, each clause ended by 0 */
  int *preimages;   /* [8][n][n], see preimage() */
  subproblem *parts;
  size_t part_count;
  int keep_solutions;
  uint64_t max_solutions;
  nq_solution_fn on_solution;
  void *context;
  search_clock clock;

  pthread_mutex_t lock; /* guards everything below */
  pthread_cond_t changed;
  size_t next_part, next_to_report;
  int workers_running;
  uint64_t reported;
  nq_status status;    /* first failure, or NQ_ERR_INTERRUPTED / NQ_ERR_STOPPED */
  atomic_int stop;     /* read by workers without the lock */
  atomic_ullong found; /* solutions so far, for progress */
  atomic_ullong fundamental;
} search;

static int add_to_list(void *context, const int *literals, size_t count) {
  int_list *list = context;
  if (list->count + count + 1 > list->capacity) {
    int *items =
        grow_array(list->items, &list->capacity, list->count + count + 1, sizeof *items, 4096);
    if (!items)
      return 1;
    list->items = items;
  }
  memcpy(list->items + list->count, literals, count * sizeof *literals);
  list->count += count;
  list->items[list->count++] = 0;
  return 0;
}

static int queen(const search *s, int row, int column) { return row * s->n + column + 1; }

static int attacks(const int *prefix, int row, int column) {
  for (int earlier = 0; earlier < row; earlier++) {
    int distance = row - earlier, shift = column - prefix[earlier];
    if (shift == 0 || shift == distance || shift == -distance)
      return 1;
  }
  return 0;
}

/* An edge square nearer than `a` to a corner (see the file comment). */
static int near_corner(int n, int a, int distance) { return distance < a || distance > n - 1 - a; }

static int prefix_possible(const search *s, const int *prefix) {
  int a = prefix[0], n = s->n;
  for (int row = 0; row < s->depth; row++) {
    if (attacks(prefix, row, prefix[row]))
      return 0;
    int on_side = prefix[row] == 0 || prefix[row] == n - 1;
    if (on_side && near_corner(n, a, row))
      return 0;
    if (row == n - 1 && near_corner(n, a, prefix[row]))
      return 0;
  }
  return 1;
}

static nq_status plan_parts(search *s) {
  int n = s->n;
  size_t capacity = 1;
  for (int row = 0; row < s->depth; row++)
    capacity *= (size_t)n;
  s->parts = calloc(capacity, sizeof *s->parts);
  if (!s->parts)
    return NQ_ERR_MEMORY;
  int prefix[MAX_DEPTH] = {0};
  for (size_t code = 0; code < capacity; code++) {
    size_t rest = code;
    for (int row = s->depth - 1; row >= 0; row--) {
      prefix[row] = (int)(rest % (size_t)n);
      rest /= (size_t)n;
    }
    /* a <= n-1-a: otherwise the mirror image has a smaller first row. */
    if (2 * prefix[0] > n - 1 || !prefix_possible(s, prefix))
      continue;
    memcpy(s->parts[s->part_count++].prefix, prefix, sizeof prefix);
  }
  return NQ_OK;
}

static int keep(subproblem *part, const int *columns, int n) {
  if (part->kept_count == part->kept_capacity) {
    int *kept = grow_array(part->kept, &part->kept_capacity, part->kept_count + 1,
                           (size_t)n * sizeof *kept, 64);
    if (!kept)
      return -1;
    part->kept = kept;
  }
  memcpy(part->kept + part->kept_count++ * (size_t)n, columns, (size_t)n * sizeof *columns);
  return 0;
}

static void set_status(search *s, nq_status status) {
  pthread_mutex_lock(&s->lock);
  if (s->status == NQ_OK)
    s->status = status;
  pthread_mutex_unlock(&s->lock);
  atomic_store(&s->stop, 1);
}

static void report_part(search *s, subproblem *part);

static int has_prefix(const search *s, const int *columns, const int *prefix) {
  for (int row = 0; row < s->depth; row++)
    if (columns[row] != prefix[row])
      return 0;
  return 1;
}

static int stop_hook(void *state) {
  search *s = state;
  return atomic_load(&s->stop) || search_clock_expired(&s->clock);
}

/* The variable of the square that symmetry `which` moves to (row, column). */
static int preimage(const search *s, int which, int row, int column) {
  return s->preimages[((size_t)which * (size_t)s->n + (size_t)row) * (size_t)s->n + (size_t)column];
}

/* Clauses that leave exactly the solutions this sub-problem owns (see the
 * file comment): for every symmetry g other than the identity, g(x)'s
 * first `depth` rows are not lexicographically smaller than `prefix`.
 * Level k says: if g(x) agrees with the prefix on rows 0..k-1, its row-k
 * queen is not left of prefix[k]; each such clause is the negated
 * agreement (k squares of x, known through g) or one square left of
 * prefix[k] not taken. */
static void add_ownership_clauses(const search *s, PicoSAT *picosat, const int *prefix) {
  for (int which = 1; which < BOARD_SYMMETRIES; which++)
    for (int level = 0; level < s->depth; level++)
      for (int column = 0; column < prefix[level]; column++) {
        for (int row = 0; row < level; row++)
          picosat_add(picosat, -preimage(s, which, row, prefix[row]));
        picosat_add(picosat, -preimage(s, which, level, column));
        picosat_add(picosat, 0);
      }
}

/* Fills s->preimages (see preimage()); 0, or -1 without memory. */
static int plan_preimages(search *s) {
  int n = s->n;
  s->preimages = malloc((size_t)BOARD_SYMMETRIES * (size_t)n * (size_t)n * sizeof *s->preimages);
  if (!s->preimages)
    return -1;
  for (int which = 0; which < BOARD_SYMMETRIES; which++)
    for (int row = 0; row < n; row++)
      for (int column = 0; column < n; column++) {
        int image_row, image_column;
        board_symmetry_square(which, n, row, column, &image_row, &image_column);
        s->preimages[((size_t)which * (size_t)n + (size_t)image_row) * (size_t)n +
                     (size_t)image_column] = queen(s, row, column);
      }
  return 0;
}

/* Solves one sub-problem; returns 1 when it ran to the end, 0 when stopped. */
static int solve_part(search *s, subproblem *part) {
  int n = s->n, complete = 0;
  PicoSAT *picosat = picosat_init();
  int *columns = malloc((size_t)n * sizeof *columns);
  int *images = malloc((size_t)BOARD_SYMMETRIES * (size_t)n * sizeof *images);
  if (!picosat || !columns || !images) {
    set_status(s, NQ_ERR_MEMORY);
    goto done;
  }
  picosat_set_interrupt(picosat, s, stop_hook);
  picosat_adjust(picosat, s->variables);
  for (size_t i = 0; i < s->clauses.count; i++)
    picosat_add(picosat, s->clauses.items[i]);
  for (int row = 0; row < s->depth; row++) {
    picosat_add(picosat, queen(s, row, part->prefix[row]));
    picosat_add(picosat, 0);
  }
  add_ownership_clauses(s, picosat, part->prefix);
  for (;;) {
    if (atomic_load(&s->stop))
      break;
    if (search_clock_expired(&s->clock)) {
      set_status(s, NQ_ERR_INTERRUPTED);
      break;
    }
    int answer = search_clock_sat(picosat, stop_hook, s);
    if (answer == PICOSAT_UNSATISFIABLE) {
      complete = 1;
      break;
    }
    if (answer != PICOSAT_SATISFIABLE) {
      /* Stopped by another thread (--max reached, a failure) is no failure
       * of this one; a time limit or interrupt flag is reported. */
      if (search_clock_expired(&s->clock))
        set_status(s, NQ_ERR_INTERRUPTED);
      else if (!atomic_load(&s->stop))
        set_status(s, NQ_ERR_SOLVER);
      break;
    }
    for (int row = 0; row < n; row++) {
      int queens = 0;
      for (int column = 0; column < n; column++)
        if (picosat_deref(picosat, queen(s, row, column)) > 0)
          columns[row] = column, queens++;
      if (queens != 1) {
        set_status(s, NQ_ERR_SOLVER); /* the formula failed to force one queen per row */
        goto done;
      }
    }
    int orbit = board_symmetry_orbit(columns, n, images);
    if (!has_prefix(s, images, part->prefix)) {
      /* The ownership clauses admit only owned orbits: another
       * sub-problem's would mean they are wrong, so say so rather than
       * count on. */
      set_status(s, NQ_ERR_SOLVER);
      goto done;
    }
    atomic_fetch_add(&s->found, (unsigned long long)orbit);
    atomic_fetch_add(&s->fundamental, 1ull);
    for (int i = 0; s->keep_solutions && i < orbit; i++)
      if (keep(part, images + (size_t)i * (size_t)n, n)) {
        set_status(s, NQ_ERR_MEMORY);
        goto done;
      }
    if (s->keep_solutions) {
      /* The sub-problem next in line streams its solutions as it finds
       * them: a huge one (large N, --max K) must not hold output back. */
      pthread_mutex_lock(&s->lock);
      if (s->next_to_report < s->part_count && &s->parts[s->next_to_report] == part)
        report_part(s, part);
      pthread_mutex_unlock(&s->lock);
    }
    /* The prefix rows are fixed by unit clauses, so the blocking clause
     * needs only the other rows' queens. */
    for (int i = 0; i < orbit; i++) {
      const int *image = images + (size_t)i * (size_t)n;
      if (!has_prefix(s, image, part->prefix))
        continue;
      for (int row = s->depth; row < n; row++)
        picosat_add(picosat, -queen(s, row, image[row]));
      picosat_add(picosat, 0);
    }
  }
done:
  free(columns);
  free(images);
  if (picosat)
    picosat_reset(picosat);
  return complete;
}

/* Reports and forgets the solutions `part` has kept; with the lock held,
 * by the thread that owns `part` or after it finished. */
static void report_part(search *s, subproblem *part) {
  for (size_t i = 0; s->on_solution && i < part->kept_count; i++) {
    if (s->max_solutions && s->reported >= s->max_solutions)
      break;
    s->reported++;
    if (s->on_solution(s->context, part->kept + i * (size_t)s->n, s->n)) {
      if (s->status == NQ_OK)
        s->status = NQ_ERR_STOPPED;
      atomic_store(&s->stop, 1);
      break;
    }
  }
  part->kept_count = 0;
  if (s->max_solutions && s->reported >= s->max_solutions)
    atomic_store(&s->stop, 1);
}

/* Reports finished sub-problems in order, up to the first one still
 * waiting or running (or all of them when `finishing`). Lock held. */
static void report_ready(search *s, int finishing) {
  while (s->next_to_report < s->part_count) {
    subproblem *part = &s->parts[s->next_to_report];
    if (part->done == PART_WAITING && !finishing)
      return;
    report_part(s, part);
    free(part->kept);
    part->kept = NULL;
    s->next_to_report++;
  }
}

static void *worker(void *context) {
  search *s = context;
  for (;;) {
    pthread_mutex_lock(&s->lock);
    size_t index = s->next_part++;
    pthread_mutex_unlock(&s->lock);
    if (index >= s->part_count || atomic_load(&s->stop))
      break;
    int complete = solve_part(s, &s->parts[index]);
    pthread_mutex_lock(&s->lock);
    s->parts[index].done = complete ? PART_COMPLETE : PART_STOPPED;
    report_ready(s, 0);
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
  }
  pthread_mutex_lock(&s->lock);
  s->workers_running--;
  pthread_cond_broadcast(&s->changed);
  pthread_mutex_unlock(&s->lock);
  return NULL;
}

/* Rows fixed per sub-problem: deeper means more, smaller sub-problems with
 * fewer blocking clauses each, but more solver instances to build.
 * Measured on this machine (user time, pairwise): N = 12 best at 3 rows,
 * N = 13 and 14 at 4 rows (14: 12 s against 23 s for 3 rows). Large
 * boards use fewer rows so the n^depth candidate prefixes stay few. */
static int choose_depth(int n) {
  if (n <= 6)
    return 1;
  if (n <= 11)
    return 2;
  if (n <= 12)
    return 3;
  if (n <= 24)
    return 4;
  return n <= 60 ? 3 : 2;
}

int nq_solver_split_rows(int n) { return choose_depth(n); }

nq_status nq_solver_enumerate_symmetric(const nq_encoding *encoding, uint64_t max_solutions,
                                        const nq_solver_control *control,
                                        nq_solution_fn on_solution, void *context,
                                        nq_enumeration *result) {
  nq_enumeration local;
  if (!result)
    result = &local;
  memset(result, 0, sizeof *result);
  if (!encoding || encoding->n < 1 || encoding->n > NQ_SOLVER_MAX_N)
    return NQ_ERR_ARGUMENT;
  search *s = calloc(1, sizeof *s);
  if (!s)
    return NQ_ERR_MEMORY;
  s->n = encoding->n;
  s->depth = choose_depth(s->n);
  s->keep_solutions = on_solution != NULL;
  s->max_solutions = max_solutions;
  s->on_solution = on_solution;
  s->context = context;
  search_clock_start(&s->clock, control);
  nq_formula_size size;
  nq_clause_sink sink = {&s->clauses, add_to_list};
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status == NQ_OK)
    status = nq_encoder_generate(encoding, &sink);
  if (status == NQ_ERR_STOPPED) /* add_to_list ran out of memory */
    status = NQ_ERR_MEMORY;
  if (status == NQ_OK)
    status = plan_parts(s);
  if (status == NQ_OK && plan_preimages(s))
    status = NQ_ERR_MEMORY;
  if (status != NQ_OK) {
    free(s->preimages);
    free(s->clauses.items);
    free(s->parts);
    free(s);
    return status;
  }
  s->variables = (int)size.variables;

  int threads = control && control->threads > 0 ? control->threads : online_processors(0);
  if ((size_t)threads > s->part_count)
    threads = s->part_count ? (int)s->part_count : 1;
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->changed, NULL);
  pthread_t *ids = calloc((size_t)threads, sizeof *ids);
  int started = 0;
  pthread_mutex_lock(&s->lock);
  for (; ids && started < threads; started++) {
    s->workers_running++;
    if (pthread_create(&ids[started], NULL, worker, s) != 0) {
      s->workers_running--;
      break;
    }
  }
  if (started == 0) {
    /* No thread could start: search on this one. */
    pthread_mutex_unlock(&s->lock);
    s->workers_running++;
    worker(s);
    pthread_mutex_lock(&s->lock);
  }
  double next_progress = 0.5;
  while (s->workers_running > 0) {
    struct timespec wake = clock_deadline_in(CLOCK_REALTIME, 100);
    pthread_cond_timedwait(&s->changed, &s->lock, &wake);
    double elapsed = search_clock_elapsed(&s->clock);
    if (control && control->progress && elapsed >= next_progress) {
      pthread_mutex_unlock(&s->lock);
      control->progress(control->progress_context, atomic_load(&s->found), elapsed);
      pthread_mutex_lock(&s->lock);
      next_progress = elapsed + 0.5;
    }
  }
  pthread_mutex_unlock(&s->lock);
  for (int i = 0; i < started; i++)
    pthread_join(ids[i], NULL);
  free(ids);

  /* Whatever the stop left unreported (partial sub-problems included), in
   * order, so the printed solutions match the count. */
  pthread_mutex_lock(&s->lock);
  report_ready(s, 1);
  pthread_mutex_unlock(&s->lock);
  int complete = 1;
  for (size_t i = 0; i < s->part_count; i++)
    complete &= s->parts[i].done == PART_COMPLETE;
  result->solutions = atomic_load(&s->found);
  result->fundamental = atomic_load(&s->fundamental);
  status = s->status;
  if (on_solution) {
    result->solutions = s->reported;
    if (max_solutions && s->reported >= max_solutions && status == NQ_OK)
      complete = 1;
  }
  result->complete = complete && (status == NQ_OK);
  if (status == NQ_OK && !result->complete)
    status = NQ_ERR_INTERRUPTED;
  pthread_cond_destroy(&s->changed);
  pthread_mutex_destroy(&s->lock);
  free(s->preimages);
  free(s->clauses.items);
  free(s->parts);
  free(s);
  return status;
}
