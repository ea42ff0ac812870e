/* 2-product at-most-one: J. Chen, "A New SAT Encoding of the At-Most-One
 * Constraint", Tenth Workshop on Constraint Modelling and Reformulation
 * (ModRef), 2010.
 *
 * The n variables are laid out row by row in a grid of q = ceil(n/p)
 * columns, p = ceil(sqrt(n)), using r = ceil(n/q) rows. Row variable u_i and
 * column variable v_j: the variable in cell (i,j) implies u_i and v_j, and
 * at most one u and at most one v are true, each recursively by the same
 * encoding (pairwise once at most 4 remain). Two true inputs differ in row
 * or column, so one of the recursive constraints fails. r + q ~ 2 sqrt(n)
 * auxiliaries and 2n + O(sqrt(n)) clauses per level: the smallest clause
 * count of the classic encodings, about 2n + 4 sqrt(n).
 *
 * Parsimonious: u_i -> (some variable in row i), v_j -> (some variable in
 * column j) make u and v the disjunctions they stand for. */
#include <stdlib.h>

#include "amo.h"

enum { PAIRWISE_UP_TO = 4 };

static int64_t ceil_sqrt(int64_t n) {
  int64_t root = 1;
  while (root * root < n)
    root++;
  return root;
}

static void grid_shape(int64_t count, int64_t *rows, int64_t *columns) {
  int64_t p = ceil_sqrt(count);
  *columns = (count + p - 1) / p;
  *rows = (count + *columns - 1) / *columns;
}

static void amo_product(clause_emitter *emitter, const int *variables, int count) {
  if (count <= PAIRWISE_UP_TO) {
    amo_pairwise(emitter, variables, count);
    return;
  }
  int64_t rows64, columns64;
  grid_shape(count, &rows64, &columns64);
  int rows = (int)rows64, columns = (int)columns64;
  /* u, v, and one clause of up to max(rows, columns) + 1 literals. */
  int *u = scratch_ints(emitter, (size_t)rows + (size_t)columns + (size_t)rows + columns + 1);
  if (!u)
    return;
  int *v = u + rows, *clause = v + columns;
  int parsimonious = emitter->encoding->parsimonious;
  for (int i = 0; i < rows; i++) {
    u[i] = fresh_variable(emitter);
    int first = i * columns, size = count - first < columns ? count - first : columns;
    name_auxiliary(emitter, u[i], variables + first, size, 0, parsimonious,
                   "u(%d): some queen in row %d of the %dx%d grid", i + 1, i + 1, rows, columns);
  }
  for (int j = 0; j < columns; j++) {
    v[j] = fresh_variable(emitter);
    int size = 0;
    for (int k = j; k < count; k += columns)
      clause[size++] = variables[k];
    name_auxiliary(emitter, v[j], clause, size, 0, parsimonious,
                   "v(%d): some queen in column %d of the %dx%d grid", j + 1, j + 1, rows, columns);
  }
  for (int k = 0; k < count; k++) {
    emit_binary(emitter, -variables[k], u[k / columns]);
    emit_binary(emitter, -variables[k], v[k % columns]);
  }
  if (emitter->encoding->parsimonious) {
    for (int i = 0; i < rows; i++) {
      size_t length = 0;
      clause[length++] = -u[i];
      for (int k = i * columns; k < count && k < (i + 1) * columns; k++)
        clause[length++] = variables[k];
      emit_clause(emitter, clause, length);
    }
    for (int j = 0; j < columns; j++) {
      size_t length = 0;
      clause[length++] = -v[j];
      for (int k = j; k < count; k += columns)
        clause[length++] = variables[k];
      emit_clause(emitter, clause, length);
    }
  }
  amo_product(emitter, u, rows);
  amo_product(emitter, v, columns);
  free(u);
}

static amo_size amo_product_size(const nq_encoding *encoding, int64_t count) {
  if (count <= PAIRWISE_UP_TO)
    return amo_pairwise_size(encoding, count);
  int64_t rows, columns;
  grid_shape(count, &rows, &columns);
  amo_size size = {rows + columns, 2 * count, 4 * count};
  if (encoding->parsimonious) {
    /* Every variable appears once in a row clause and once in a column
     * clause, each clause also holding its -u or -v. */
    size.clauses += rows + columns;
    size.literals += 2 * count + rows + columns;
  }
  amo_size row_part = amo_product_size(encoding, rows);
  amo_size column_part = amo_product_size(encoding, columns);
  amo_size_add(&size, &row_part);
  amo_size_add(&size, &column_part);
  return size;
}

const amo_scheme amo_product_scheme = {NQ_AMO_PRODUCT,   "product", amo_product,
                                       amo_product_size, 0,         "Chen's 2-product encoding"};
