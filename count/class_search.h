/* class_search.h - internal to count/: what the class counter's phases
 * share (count_classes.c splits the work and runs the threads; the kernels
 * search below the split). Not part of the public interface.
 *
 * The search visits only boards that can represent their symmetry class
 * (Takahashi's method, see count_classes.c); the rules that make that so
 * are the same for every kernel and are kept here as data (`class_shape`);
 * each kernel applies them in the form its search order needs. */
#ifndef NQSAT_CLASS_SEARCH_H
#define NQSAT_CLASS_SEARCH_H

#include <signal.h>
#include <stdint.h>

#include "nqsat/count_classes.h"

/* Rows fixed by phase one (the job split): enough jobs to balance two or
 * more threads (thousands for n >= 14), few enough to build in
 * microseconds. The vector kernel may ask for fewer (see
 * nq_count_vector_split_row), never more. */
#define CLASS_SPLIT_ROW 4

typedef struct class_shape {
  int corner; /* 1: queen in the top-left corner */
  int bound1, bound2;
  uint32_t side_mask; /* the two edge columns */
  uint32_t last_mask; /* columns forbidden in the last row */
  uint32_t end_bit;   /* last-row column of a half-turn-symmetric board */
} class_shape;

/* One worker's search: the board so far (`board[row]` = the queen's column
 * bit) and the class counts of the boards it found. */
typedef struct class_search {
  int n, last_row;
  uint32_t all, top_bit;
  class_shape form;
  uint32_t board[NQ_COUNT_MAX_N];
  uint64_t count2, count4, count8, nodes;
  /* The kernels poll *stop (when not NULL) now and then, and set
   * `stopped` when it gave up: the counts are then partial. */
  const volatile sig_atomic_t *stop;
  int stopped;
} class_search;

/* Classifies a finished side-case board (class of 2, 4 or 8, or not the
 * representative of its class) and adds it to the counts. */
void nq_count_classify(class_search *state, const uint32_t *board);

/* The kernels: count the completions of the board whose rows above `row`
 * are in state->board, with the attack masks of row `row` given, adding to
 * state's counts and nodes. Both need 6 <= n and row <= n - 3. */
void nq_count_search_rows(class_search *state, int row, uint32_t left, uint32_t down,
                          uint32_t right);
/* 1 if this processor runs the vector kernel and it handles boards of n
 * rows; 0 otherwise. */
int nq_count_vector_supported(int n);
/* The row where the vector kernel wants its jobs to start (3..CLASS_SPLIT_ROW). */
int nq_count_vector_split_row(int n);
void nq_count_search_vector(class_search *state, int row, uint32_t left, uint32_t down,
                            uint32_t right);

#endif
