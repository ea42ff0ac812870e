/* The teaching search of the seeds' notebook (LP1 assignment "N-Queens
 * using backtracking", 2020): queens column by column, rows top to bottom,
 * with one lookup table for rows and one per diagonal direction, index
 * row + column and row - column + n - 1. Deliberately the textbook form, not
 * the bit tricks of the counter: it is what the trace explains. */
#include "nqsat/verify.h"

typedef struct tracer {
  int n;
  int row_of_column[NQ_VERIFY_MAX_N];
  unsigned char row_taken[NQ_VERIFY_MAX_N];
  unsigned char sum_taken[2 * NQ_VERIFY_MAX_N - 1];
  unsigned char difference_taken[2 * NQ_VERIFY_MAX_N - 1];
  uint64_t calls, solutions;
  int placed;
  nq_verify_trace_fn on_step;
  void *context;
  int stopped;
} tracer;

static int report(tracer *state, nq_trace_event event, int row, int column) {
  nq_trace_step step = {.event = event,
                        .call = state->calls,
                        .solution = state->solutions,
                        .placed = state->placed,
                        .row = row,
                        .column = column,
                        .row_of_column = state->row_of_column};
  if (!state->stopped && state->on_step(state->context, &step))
    state->stopped = 1;
  return state->stopped;
}

static void set_square(tracer *state, int row, int column, int taken) {
  int n = state->n;
  state->row_taken[row] = (unsigned char)taken;
  state->sum_taken[row + column] = (unsigned char)taken;
  state->difference_taken[row - column + n - 1] = (unsigned char)taken;
  state->row_of_column[column] = taken ? row : -1;
  state->placed += taken ? 1 : -1;
}

static void search_column(tracer *state, int column) {
  int n = state->n;
  state->calls++;
  if (report(state, NQ_TRACE_CALL, -1, column))
    return;
  if (column == n) {
    state->solutions++;
    report(state, NQ_TRACE_SOLUTION, -1, column);
    return;
  }
  int any = 0;
  for (int row = 0; row < n && !state->stopped; row++) {
    if (state->row_taken[row] || state->sum_taken[row + column] ||
        state->difference_taken[row - column + n - 1])
      continue;
    any = 1;
    set_square(state, row, column, 1);
    if (report(state, NQ_TRACE_PLACE, row, column))
      return;
    search_column(state, column + 1);
    if (state->stopped)
      return;
    set_square(state, row, column, 0);
    if (report(state, NQ_TRACE_REMOVE, row, column))
      return;
  }
  if (!state->stopped)
    report(state, NQ_TRACE_DEAD_END, any ? n : -1, column);
}

nq_status nq_verify_trace(int n, nq_verify_trace_fn on_step, void *context) {
  if (n < 1 || n > NQ_VERIFY_MAX_N || !on_step)
    return NQ_ERR_ARGUMENT;
  tracer state = {.n = n, .on_step = on_step, .context = context};
  for (int column = 0; column < n; column++)
    state.row_of_column[column] = -1;
  search_column(&state, 0);
  return state.stopped ? NQ_ERR_STOPPED : NQ_OK;
}
