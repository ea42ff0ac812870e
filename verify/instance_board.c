/* From a solver's model to a board, and whether the board solves the
 * instance: the one place that knows how an instance's variables encode
 * queens. */
#include <stdio.h>
#include <string.h>

#include "nqsat/instance.h"

/* "queens": variable queen_variable[r*n + c] is the queen at (r, c). */
static int decode_queens(const nq_instance *instance, const nq_model *model, int *columns,
                         char *why, size_t why_size) {
  int n = instance->n;
  for (int row = 0; row < n; row++) {
    columns[row] = -1;
    for (int column = 0; column < n; column++) {
      int variable = instance->queen_variable[row * n + column];
      if (variable > model->variables || model->values[variable] != 1)
        continue;
      if (columns[row] >= 0) {
        snprintf(why, why_size, "row %d has queens in columns %d and %d", row + 1, columns[row] + 1,
                 column + 1);
        return -1;
      }
      columns[row] = column;
    }
    if (columns[row] < 0) {
      snprintf(why, why_size, "row %d has no queen", row + 1);
      return -1;
    }
  }
  return 0;
}

/* The rows model: variable k + 1 of the numbering is the file's
 * queen_variable[k] (renamed by a map or not). */
typedef struct numbered_model {
  const nq_instance *instance;
  const nq_model *model;
} numbered_model;

static int numbered_true(void *context, int variable) {
  const numbered_model *m = context;
  int in_file = m->instance->queen_variable[variable - 1];
  return in_file <= m->model->variables && m->model->values[in_file] == 1;
}

int nq_instance_decode_board(const nq_instance *instance, const nq_model *model, int *columns,
                             char *why, size_t why_size) {
  if (instance->numbering != NQ_VERIFY_MATRIX) {
    numbered_model numbered = {instance, model};
    return nq_verify_decode_numbered(instance->n, instance->numbering, numbered_true, &numbered,
                                     columns, why, why_size);
  }
  if (!strcmp(instance->model, "queens"))
    return decode_queens(instance, model, columns, why, why_size);
  snprintf(why, why_size,
           "the instance uses the variable model '%s', which this verifier "
           "cannot decode",
           instance->model);
  return -1;
}

int nq_instance_check_board(const nq_instance *instance, const int *columns, char *why,
                            size_t why_size) {
  int n = instance->n;
  /* The pairwise checker is the plain reading of the rules; past a few
   * thousand rows its N^2/2 pairs take too long, and the linear checker
   * (different code, same contract) takes over. */
  int valid = n <= 4000 ? nq_verify_check_placement(columns, n, why, why_size)
                        : nq_verify_check_placement_linear(columns, n, why, why_size);
  if (valid != 1) {
    if (valid < 0)
      snprintf(why, why_size, "out of memory checking the board");
    return 0;
  }
  for (int i = 0; i < instance->placed_count; i++) {
    nq_verify_square queen = instance->placed[i];
    if (columns[queen.row] != queen.column) {
      snprintf(why, why_size,
               "the placed queen at row %d, column %d is missing (row %d has its queen in "
               "column %d)",
               queen.row + 1, queen.column + 1, queen.row + 1, columns[queen.row] + 1);
      return 0;
    }
  }
  for (int i = 0; i < instance->blocked_count; i++) {
    nq_verify_square square = instance->blocked[i];
    if (columns[square.row] == square.column) {
      snprintf(why, why_size, "a queen stands on the blocked square row %d, column %d",
               square.row + 1, square.column + 1);
      return 0;
    }
  }
  return 1;
}

int nq_verify_construct_solution(int n, int *columns) {
  if (n == 2 || n == 3 || n < 1)
    return -1;
  /* The rows take the even columns first, then the odd ones (1-based);
   * for n = 6k+2 and 6k+3 a few are moved so that no diagonal repeats. */
  int row = 0, remainder = n % 6;
  if (remainder == 3) {
    for (int column = 4; column <= n; column += 2)
      columns[row++] = column - 1;
    columns[row++] = 2 - 1;
    for (int column = 5; column <= n; column += 2)
      columns[row++] = column - 1;
    columns[row++] = 1 - 1;
    columns[row++] = 3 - 1;
  } else {
    for (int column = 2; column <= n; column += 2)
      columns[row++] = column - 1;
    if (remainder == 2) {
      columns[row++] = 3 - 1;
      columns[row++] = 1 - 1;
      for (int column = 7; column <= n; column += 2)
        columns[row++] = column - 1;
      columns[row++] = 5 - 1;
    } else {
      for (int column = 1; column <= n; column += 2)
        columns[row++] = column - 1;
    }
  }
  return row == n ? 0 : -1;
}
