/* The teaching search with forward checking (Haralick and Elliott, AIJ
 * 1980), the second search the teaching page steps through: the same
 * columns left to right and rows top to bottom as trace.c, but every
 * column to the right keeps the set of rows no placed queen attacks. A
 * queen removes the rows it attacks from those sets; when a set becomes
 * empty the queen cannot be part of a solution and is taken back at once,
 * where plain backtracking would only find out columns later. Written
 * apart from trace.c (sets per column instead of lookup tables per line)
 * so the two can be compared. */
#include <string.h>

#include "nqsat/verify.h"

typedef struct forward_tracer {
  int n;
  int row_of_column[NQ_VERIFY_MAX_N];
  uint32_t free_rows[NQ_VERIFY_MAX_N];
  uint64_t calls, solutions;
  int placed;
  nq_verify_trace_fn on_step;
  void *context;
  int stopped;
} forward_tracer;

static int report(forward_tracer *state, nq_trace_event event, int row, int column) {
  nq_trace_step step = {.event = event,
                        .call = state->calls,
                        .solution = state->solutions,
                        .placed = state->placed,
                        .row = row,
                        .column = column,
                        .row_of_column = state->row_of_column,
                        .free_rows = state->free_rows};
  if (!state->stopped && state->on_step(state->context, &step))
    state->stopped = 1;
  return state->stopped;
}

/* Removes from every later column the rows a queen at (row, column)
 * attacks; returns the first column left empty, or -1. */
static int prune(forward_tracer *state, int row, int column) {
  int wiped = -1;
  for (int later = column + 1; later < state->n; later++) {
    int distance = later - column;
    uint32_t attacked = 1u << row;
    if (row + distance < state->n)
      attacked |= 1u << (row + distance);
    if (row - distance >= 0)
      attacked |= 1u << (row - distance);
    state->free_rows[later] &= ~attacked;
    if (!state->free_rows[later] && wiped < 0)
      wiped = later;
  }
  return wiped;
}

static void search(forward_tracer *state, int column) {
  int n = state->n;
  state->calls++;
  if (report(state, NQ_TRACE_CALL, -1, column))
    return;
  if (column == n) {
    state->solutions++;
    report(state, NQ_TRACE_SOLUTION, -1, column);
    return;
  }
  uint32_t saved[NQ_VERIFY_MAX_N];
  memcpy(saved, state->free_rows, sizeof saved);
  uint32_t candidates = state->free_rows[column];
  for (int row = 0; row < n && !state->stopped; row++) {
    if (!(candidates >> row & 1))
      continue;
    state->row_of_column[column] = row;
    state->free_rows[column] = 1u << row;
    state->placed++;
    int wiped = prune(state, row, column);
    if (report(state, NQ_TRACE_PLACE, row, column))
      return;
    if (wiped >= 0) {
      if (report(state, NQ_TRACE_WIPE_OUT, -1, wiped))
        return;
    } else {
      search(state, column + 1);
      if (state->stopped)
        return;
    }
    memcpy(state->free_rows, saved, sizeof saved);
    state->row_of_column[column] = -1;
    state->placed--;
    if (report(state, NQ_TRACE_REMOVE, row, column))
      return;
  }
  if (!state->stopped)
    report(state, NQ_TRACE_DEAD_END, candidates ? n : -1, column);
}

nq_status nq_verify_trace_forward(int n, nq_verify_trace_fn on_step, void *context) {
  if (n < 1 || n > NQ_VERIFY_MAX_N || !on_step)
    return NQ_ERR_ARGUMENT;
  forward_tracer state = {.n = n, .on_step = on_step, .context = context};
  uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
  for (int column = 0; column < n; column++) {
    state.row_of_column[column] = -1;
    state.free_rows[column] = all;
  }
  search(&state, 0);
  return state.stopped ? NQ_ERR_STOPPED : NQ_OK;
}
