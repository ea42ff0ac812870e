/* `nqsat verify`'s table (verify_table.h): the stages of every row in one
 * queue, taken in order by worker slots, rows checked and printed in order.
 *
 * Why a queue over (N, stage) rather than one stage at a time: each SAT
 * stage splits its enumeration into sub-problems on threads, but the native
 * solver is one thread and every split enumeration ends in a tail where
 * fewer sub-problems than threads are left; run one after another, those
 * leave a processor idle then (a few percent of `verify 14`, measured in
 * bench/README.md). With two stages in flight, the second one's threads
 * fill the first one's gaps.
 *
 * Results do not depend on the schedule: each stage fills its own record,
 * the comparisons run once a row is complete, on the printing thread. To
 * bound memory, no stage of row r + 2 starts before row r is printed, so
 * solution sets (kept for N <= VERIFY_SET_COMPARISON_MAX_N) exist for at
 * most two rows at a time. */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "processors.h"
#include "verify_sources.h"
#include "verify_table.h"

/* Stage numbers within a row; SAT stages follow, one per encoding. */
enum { STAGE_NATIVE = 0, STAGE_CLASSES = 1, STAGE_FIRST_SAT = 2 };
enum { WAITING = 0, RUNNING = 1, DONE = 2 };
enum { MAX_SLOTS = 2 };

typedef struct table_row {
  int n;
  int stages_left;
  int state[STAGE_FIRST_SAT + NQ_AMO_COUNT]; /* WAITING, RUNNING, DONE */
  double started[STAGE_FIRST_SAT + NQ_AMO_COUNT];
  verify_collector native;
  nq_status native_status;
  nq_count_classes_result classes;
  nq_status classes_status;
  verify_collector sat[NQ_AMO_COUNT];
  nq_enumeration result[NQ_AMO_COUNT];
  nq_status sat_status[NQ_AMO_COUNT];
} table_row;

typedef struct table {
  const verify_run *run;
  int stages; /* per row */
  int row_count;
  table_row *rows;
  int width; /* of each count column */
  verify_progress progress;

  pthread_mutex_t lock; /* guards the fields below and rows' state */
  pthread_cond_t changed;
  int next_task; /* row * stages + stage */
  int printed;   /* rows printed so far */
} table;

int verify_table_slots(int plain, int threads) {
  if (plain)
    return 1;
  return (threads > 0 ? threads : online_processors(0)) > 1 ? MAX_SLOTS : 1;
}

static const char *stage_name(const table *t, int stage) {
  if (stage == STAGE_NATIVE)
    return "native";
  if (stage == STAGE_CLASSES)
    return "class counter";
  return nq_amo_name(t->run->encodings[stage - STAGE_FIRST_SAT]);
}

static void run_stage(const table *t, table_row *row, int stage) {
  const verify_run *run = t->run;
  int n = row->n;
  if (stage == STAGE_NATIVE) {
    row->native_status = verify_source_native(n, &row->native);
  } else if (stage == STAGE_CLASSES) {
    /* The fast class counter is a second native opinion, by another method. */
    row->classes_status = nq_count_classes(n, run->threads, &row->classes);
  } else {
    int e = stage - STAGE_FIRST_SAT;
    nq_encoding encoding = {.n = n, .amo = run->encodings[e]};
    row->sat_status[e] =
        verify_source_sat(&encoding, run->plain, run->threads, &row->sat[e], &row->result[e]);
  }
}

/* The progress line for one stage of `row`. Lock held: the line is drawn by
 * the printing thread and by workers as they start a stage, never between
 * clearing it and printing a row. */
static void show_stage(const table *t, const table_row *row, int stage) {
  uint64_t solutions = 0;
  if (stage == STAGE_NATIVE)
    solutions = atomic_load_explicit(&row->native.seen, memory_order_relaxed);
  else if (stage >= STAGE_FIRST_SAT)
    solutions = atomic_load_explicit(&row->sat[stage - STAGE_FIRST_SAT].seen, memory_order_relaxed);
  verify_progress_show(&t->progress, row->n, stage_name(t, stage), stage + 1, t->stages, solutions,
                       clock_seconds(CLOCK_MONOTONIC) - row->started[stage]);
}

/* The line for the first stage of `row` still running. Lock held. */
static void show_progress(const table *t, const table_row *row) {
  for (int stage = 0; stage < t->stages; stage++) {
    if (row->state[stage] == RUNNING) {
      show_stage(t, row, stage);
      return;
    }
  }
}

static void *worker(void *context) {
  table *t = context;
  pthread_mutex_lock(&t->lock);
  for (;;) {
    int task_count = t->row_count * t->stages;
    while (t->next_task < task_count && t->next_task / t->stages >= t->printed + 2)
      pthread_cond_wait(&t->changed, &t->lock);
    if (t->next_task >= task_count)
      break;
    int task = t->next_task++;
    table_row *row = &t->rows[task / t->stages];
    int stage = task % t->stages;
    row->state[stage] = RUNNING;
    row->started[stage] = clock_seconds(CLOCK_MONOTONIC);
    if (task / t->stages == t->printed)
      show_stage(t, row, stage);
    pthread_mutex_unlock(&t->lock);
    run_stage(t, row, stage);
    pthread_mutex_lock(&t->lock);
    row->state[stage] = DONE;
    row->stages_left--;
    pthread_cond_broadcast(&t->changed);
  }
  pthread_mutex_unlock(&t->lock);
  return NULL;
}

/* Checks one encoding's SAT solutions against the native set and the known
 * counts; returns 1 when all agree, else 0 with `why` set. */
static int check_sat(const verify_run *run, nq_amo amo, const verify_collector *sat,
                     nq_status status, const nq_enumeration *result, nq_solution_set *native_set,
                     uint64_t known, uint64_t known_unique, char *why, size_t why_size) {
  const char *name = nq_amo_name(amo);
  char difference[400];
  if (status != NQ_OK || sat->status != NQ_OK) {
    snprintf(why, why_size, "SAT (%s): %s", name,
             nq_strerror(status != NQ_OK ? status : sat->status));
  } else if (sat->invalid) {
    snprintf(why, why_size, "SAT (%s): %" PRIu64 " invalid solutions, first: %s", name,
             sat->invalid, sat->first_invalid);
  } else if (sat->count != known) {
    snprintf(why, why_size, "SAT (%s) counts %" PRIu64 ", OEIS A000170 says %" PRIu64, name,
             sat->count, known);
  } else if (native_set && !nq_solution_set_equal(sat->set, "SAT", native_set, "native", difference,
                                                  sizeof difference)) {
    snprintf(why, why_size, "SAT (%s): %s", name, difference);
  } else if (sat->unique != known_unique) {
    snprintf(why, why_size,
             "SAT (%s) solutions fall into %" PRIu64 " classes, OEIS A002562 says %" PRIu64, name,
             sat->unique, known_unique);
  } else if (!run->plain && result->fundamental != sat->unique) {
    /* The solver's own orbit count, a third opinion on the classes. */
    snprintf(why, why_size,
             "SAT (%s) solver counted %" PRIu64 " orbits, its solutions fall into %" PRIu64
             " classes",
             name, result->fundamental, sat->unique);
  } else {
    return 1;
  }
  return 0;
}

/* Checks the native stages of a finished row; 1 when they agree with OEIS. */
static int check_native(const table_row *row, uint64_t known, uint64_t known_unique, char *why,
                        size_t why_size) {
  const verify_collector *native = &row->native;
  const nq_count_classes_result *classes = &row->classes;
  if (row->native_status != NQ_OK || native->status != NQ_OK) {
    snprintf(why, why_size, "native solver: %s",
             nq_strerror(row->native_status != NQ_OK ? row->native_status : native->status));
  } else if (native->count != known) {
    snprintf(why, why_size, "native solver counts %" PRIu64 ", OEIS A000170 says %" PRIu64,
             native->count, known);
  } else if (row->classes_status != NQ_OK) {
    snprintf(why, why_size, "native class counter: %s", nq_strerror(row->classes_status));
  } else if (classes->total != known || classes->fundamental != known_unique) {
    snprintf(why, why_size,
             "native class counter: %" PRIu64 " solutions, %" PRIu64
             " fundamental; OEIS A000170/A002562 say %" PRIu64 ", %" PRIu64,
             classes->total, classes->fundamental, known, known_unique);
  } else if (native->unique != known_unique) {
    snprintf(why, why_size,
             "native enumeration has %" PRIu64 " classes, OEIS A002562 says %" PRIu64,
             native->unique, known_unique);
  } else {
    return 1;
  }
  return 0;
}

/* Compares a finished row and frees its sets; 1 when it agrees, else 0
 * with the first disagreement in `why`. */
static int check_row(const table *t, table_row *row, char *why, size_t why_size) {
  const verify_run *run = t->run;
  int n = row->n;
  uint64_t known = 0, known_unique = 0;
  nq_verify_known_count(n, &known, &known_unique);
  int agrees = check_native(row, known, known_unique, why, why_size);
  for (int e = 0; e < run->encoding_count && agrees; e++)
    agrees = check_sat(run, run->encodings[e], &row->sat[e], row->sat_status[e], &row->result[e],
                       row->native.set, known, known_unique, why, why_size);
  for (int e = 0; e < run->encoding_count; e++) {
    nq_solution_set_free(row->sat[e].set);
    row->sat[e].set = NULL;
  }
  nq_solution_set_free(row->native.set);
  row->native.set = NULL;
  return agrees;
}

/* Prints a checked row (over the progress line). Lock held. */
static void print_row(const table *t, const table_row *row, int agrees) {
  const verify_run *run = t->run;
  int n = row->n, width = t->width;
  uint64_t known = 0, known_unique = 0;
  nq_verify_known_count(n, &known, &known_unique);
  verify_progress_clear(&t->progress);
  printf("%3d %*" PRIu64 " %*" PRIu64, n, width, known, width, row->native.count);
  for (int e = 0; e < run->encoding_count; e++)
    printf(" %*" PRIu64, width, row->sat[e].count);
  printf(" %*" PRIu64 " %*" PRIu64, width, known_unique, width, row->classes.fundamental);
  for (int e = 0; e < run->encoding_count; e++)
    printf(" %*" PRIu64, width, row->sat[e].unique);
  printf("  %-6s %s\n", n <= VERIFY_SET_COMPARISON_MAX_N ? "sets" : "counts",
         agrees ? "ok" : "DISAGREE");
  fflush(stdout);
}

static void print_header(const table *t) {
  const verify_run *run = t->run;
  int width = t->width;
  printf("%3s %*s %*s", "N", width, "OEIS", width, "native");
  for (int e = 0; e < run->encoding_count; e++)
    printf(" %*s", width, nq_amo_name(run->encodings[e]));
  printf(" %*s %*s", width, "OEIS-u", width, "native-u");
  for (int e = 0; e < run->encoding_count; e++) {
    char label[32];
    snprintf(label, sizeof label, "%.*s-u", width - 2, nq_amo_name(run->encodings[e]));
    printf(" %*s", width, label);
  }
  printf("  %-6s %s\n", "check", "result");
  fflush(stdout);
}

/* Columns as wide as the largest count, and at least as the labels
 * ("commander" = 9; class labels are cut to fit, "command-u"). */
static int column_width(int last) {
  uint64_t largest = 0;
  nq_verify_known_count(last, &largest, NULL);
  int width = 9;
  for (int digits = 1; largest >= 10; largest /= 10)
    if (++digits > width)
      width = digits;
  return width;
}

/* Sets up the rows: sets for the sizes compared in full, the test hook. */
static int prepare_rows(table *t, int first) {
  const verify_run *run = t->run;
  for (int r = 0; r < t->row_count; r++) {
    table_row *row = &t->rows[r];
    int n = first + r, keep_sets = n <= VERIFY_SET_COMPARISON_MAX_N;
    row->n = n;
    row->stages_left = t->stages;
    if (keep_sets && !(row->native.set = nq_solution_set_new(n)))
      return -1;
    for (int e = 0; e < run->encoding_count; e++) {
      if (keep_sets && !(row->sat[e].set = nq_solution_set_new(n)))
        return -1;
      row->sat[e].wrong_image = !run->plain && n == run->wrong_image_n;
    }
  }
  return 0;
}

static void free_rows(table *t) {
  for (int r = 0; r < t->row_count; r++) {
    nq_solution_set_free(t->rows[r].native.set);
    for (int e = 0; e < t->run->encoding_count; e++)
      nq_solution_set_free(t->rows[r].sat[e].set);
  }
  free(t->rows);
}

/* Waits for each row in order, printing it when complete. Lock held. */
static int print_rows(table *t) {
  int failures = 0;
  for (int r = 0; r < t->row_count; r++) {
    table_row *row = &t->rows[r];
    while (row->stages_left > 0) {
      struct timespec wake = clock_deadline_in(CLOCK_REALTIME, 500);
      pthread_cond_timedwait(&t->changed, &t->lock, &wake);
      if (row->stages_left > 0)
        show_progress(t, row);
    }
    pthread_mutex_unlock(&t->lock);
    char why[512];
    int agrees = check_row(t, row, why, sizeof why);
    pthread_mutex_lock(&t->lock);
    print_row(t, row, agrees);
    if (!agrees) {
      failures++;
      fprintf(stderr, "nqsat verify: N = %d: %s\n", row->n, why);
    }
    t->printed = r + 1;
    pthread_cond_broadcast(&t->changed);
  }
  return failures;
}

int verify_table_print(const verify_run *run, int first, int last) {
  table t = {
      .run = run,
      .stages = STAGE_FIRST_SAT + run->encoding_count,
      .row_count = last - first + 1,
      .width = column_width(last),
      .progress = {.shown = run->show_progress, .run_start = clock_seconds(CLOCK_MONOTONIC)}};
  print_header(&t);
  t.rows = calloc((size_t)t.row_count, sizeof *t.rows);
  if (!t.rows || prepare_rows(&t, first)) {
    if (t.rows)
      free_rows(&t);
    return -1;
  }
  pthread_mutex_init(&t.lock, NULL);
  pthread_cond_init(&t.changed, NULL);
  int slots = verify_table_slots(run->plain, run->threads), started = 0;
  pthread_t workers[MAX_SLOTS];
  for (; started < slots; started++)
    if (pthread_create(&workers[started], NULL, worker, &t) != 0)
      break;
  int failures = -1;
  if (started > 0) {
    pthread_mutex_lock(&t.lock);
    failures = print_rows(&t);
    pthread_mutex_unlock(&t.lock);
  }
  for (int i = 0; i < started; i++)
    pthread_join(workers[i], NULL);
  pthread_cond_destroy(&t.changed);
  pthread_mutex_destroy(&t.lock);
  free_rows(&t);
  return failures;
}
