/* The two searches of the teaching page, recorded from the verifier's
 * traced searches (nq_verify_trace, nq_verify_trace_forward), so that the
 * page replays exactly what `nqsat trace` prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/verify.h"
#include "teach.h"

static int append_step(teach_search *search, char code) {
  if (search->step_count + 1 >= search->step_capacity) {
    size_t capacity = search->step_capacity ? 2 * search->step_capacity : 4096;
    char *grown = realloc(search->steps, capacity);
    if (!grown)
      return -1;
    search->steps = grown;
    search->step_capacity = capacity;
  }
  search->steps[search->step_count++] = code;
  search->steps[search->step_count] = '\0';
  return 0;
}

static int append_solution(teach_search *search, const int *row_of_column) {
  int n = search->n;
  if (search->solution_count == search->solution_capacity) {
    size_t capacity = search->solution_capacity ? 2 * search->solution_capacity : 64;
    int *grown = realloc(search->solutions, capacity * (size_t)n * sizeof *grown);
    if (!grown)
      return -1;
    search->solutions = grown;
    search->solution_capacity = capacity;
  }
  int *columns = search->solutions + search->solution_count++ * (size_t)n;
  for (int column = 0; column < n; column++)
    columns[row_of_column[column]] = column;
  return 0;
}

static int record_step(void *context, const nq_trace_step *step) {
  teach_search *search = context;
  switch (step->event) {
  case NQ_TRACE_PLACE:
    search->nodes++;
    return append_step(search, (char)('a' + step->row));
  case NQ_TRACE_WIPE_OUT:
    /* Marks the placement just recorded: its queen found a column ahead
     * empty. */
    search->wipe_outs++;
    search->steps[search->step_count - 1] += 'm' - 'a';
    return 0;
  case NQ_TRACE_REMOVE: return append_step(search, (char)('A' + step->row));
  case NQ_TRACE_SOLUTION: return append_solution(search, step->row_of_column);
  default: return 0;
  }
}

nq_status teach_search_record(int n, int forward, teach_search *search) {
  memset(search, 0, sizeof *search);
  search->n = n;
  if (n < 1 || n > TEACH_MAX_N)
    return NQ_ERR_ARGUMENT;
  nq_status status = forward ? nq_verify_trace_forward(n, record_step, search)
                             : nq_verify_trace(n, record_step, search);
  /* The only reason to stop is a failed allocation. */
  return status == NQ_ERR_STOPPED ? NQ_ERR_MEMORY : status;
}

void teach_search_free(teach_search *search) {
  free(search->steps);
  free(search->solutions);
  memset(search, 0, sizeof *search);
}

/* qsort has no context: each key carries its board. */
typedef struct keyed {
  const int *canonical;
  int n;
  size_t index;
} keyed;

static int compare_keyed(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  int order = memcmp(x->canonical, y->canonical, (size_t)x->n * sizeof(int));
  if (order)
    return order;
  return (x->index > y->index) - (x->index < y->index);
}

static int compare_first(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  return (x->index > y->index) - (x->index < y->index);
}

int teach_classes(int n, const int *solutions, size_t count, int *class_of, int *class_size) {
  size_t room = count ? count : 1;
  int *canonical = malloc(room * (size_t)n * sizeof *canonical);
  int *size_of = malloc(room * sizeof *size_of); /* class size, per solution */
  int *number = malloc(room * sizeof *number);   /* sorted group -> class number */
  keyed *keys = malloc(room * sizeof *keys);
  keyed *firsts = malloc(room * sizeof *firsts);
  int classes = -1;
  if (!canonical || !size_of || !number || !keys || !firsts)
    goto done;
  for (size_t i = 0; i < count; i++) {
    size_of[i] = nq_verify_canonical(solutions + i * (size_t)n, n, canonical + i * (size_t)n);
    if (size_of[i] < 1)
      goto done;
    keys[i] = (keyed){canonical + i * (size_t)n, n, i};
  }
  /* Group equal canonical forms (sorted; within a group by index, so its
   * first solution comes first), then number the groups in the order of
   * their first solutions. class_of holds the sorted group until then. */
  qsort(keys, count, sizeof *keys, compare_keyed);
  size_t groups = 0;
  for (size_t i = 0; i < count; i++) {
    if (!i || memcmp(keys[i - 1].canonical, keys[i].canonical, (size_t)n * sizeof(int)))
      firsts[groups++] = (keyed){NULL, n, keys[i].index};
    class_of[keys[i].index] = (int)groups - 1;
  }
  qsort(firsts, groups, sizeof *firsts, compare_first);
  for (size_t g = 0; g < groups; g++) {
    number[class_of[firsts[g].index]] = (int)g + 1;
    class_size[g] = size_of[firsts[g].index];
  }
  for (size_t i = 0; i < count; i++)
    class_of[i] = number[class_of[i]];
  classes = (int)groups;
done:
  free(canonical);
  free(size_of);
  free(number);
  free(keys);
  free(firsts);
  return classes;
}
