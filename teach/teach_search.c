/* The two searches of the teaching page, recorded from the verifier's
 * traced searches (nq_verify_trace, nq_verify_trace_forward), so that the
 * page replays exactly what `nqsat trace` prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "nqsat/verify.h"
#include "teach.h"

static int append_step(teach_search *search, char code) {
  if (search->step_count + 1 >= search->step_capacity) {
    char *grown =
        grow_array(search->steps, &search->step_capacity, search->step_count + 2, 1, 4096);
    if (!grown)
      return -1;
    search->steps = grown;
  }
  search->steps[search->step_count++] = code;
  search->steps[search->step_count] = '\0';
  return 0;
}

static int append_solution(teach_search *search, const int *row_of_column) {
  int n = search->n;
  if (search->solution_count == search->solution_capacity) {
    int *grown = grow_array(search->solutions, &search->solution_capacity,
                            search->solution_capacity + 1, (size_t)n * sizeof *grown, 64);
    if (!grown)
      return -1;
    search->solutions = grown;
  }
  int *columns = search->solutions + search->solution_count++ * (size_t)n;
  for (int column = 0; column < n; column++)
    columns[row_of_column[column]] = column;
  return 0;
}

static int record_step(void *context, const nq_trace_step *step) {
  teach_search *search = context;
  switch (step->event) {
  case NQ_TRACE_PLACE: search->nodes++; return append_step(search, (char)('a' + step->row));
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

int teach_classes(int n, const int *solutions, size_t count, int *class_of, int *class_size) {
  size_t room = count ? count : 1;
  int *sorted_size = malloc(room * sizeof *sorted_size);
  int *number = malloc(room * sizeof *number); /* class by smallest image -> page number */
  int classes = -1;
  if (sorted_size && number)
    classes = nq_verify_group_classes(n, solutions, count, class_of, sorted_size, NULL, NULL);
  if (classes >= 0) {
    /* The page numbers classes from 1 in the order the search finds them. */
    for (int c = 0; c < classes; c++)
      number[c] = 0;
    int next = 0;
    for (size_t i = 0; i < count; i++) {
      int c = class_of[i];
      if (!number[c]) {
        number[c] = ++next;
        class_size[next - 1] = sorted_size[c];
      }
      class_of[i] = number[c];
    }
  }
  free(sorted_size);
  free(number);
  return classes;
}
