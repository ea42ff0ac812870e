/* Solution sets: compare two enumerations as sets, not just by size, so a
 * solver that finds one board twice and misses another is caught. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/verify.h"

struct nq_solution_set {
  int n;
  size_t size;
  size_t capacity;
  int *placements; /* size * n columns, row-major */
};

nq_solution_set *nq_solution_set_new(int n) {
  if (n < 1)
    return NULL;
  nq_solution_set *set = calloc(1, sizeof *set);
  if (set)
    set->n = n;
  return set;
}

void nq_solution_set_free(nq_solution_set *set) {
  if (!set)
    return;
  free(set->placements);
  free(set);
}

nq_status nq_solution_set_add(nq_solution_set *set, const int *columns) {
  if (set->size == set->capacity) {
    size_t capacity = set->capacity ? 2 * set->capacity : 64;
    int *grown = realloc(set->placements, capacity * (size_t)set->n * sizeof *grown);
    if (!grown)
      return NQ_ERR_MEMORY;
    set->placements = grown;
    set->capacity = capacity;
  }
  memcpy(set->placements + set->size * (size_t)set->n, columns, (size_t)set->n * sizeof *columns);
  set->size++;
  return NQ_OK;
}

size_t nq_solution_set_size(const nq_solution_set *set) { return set->size; }

/* qsort has no context argument, so each element carries n with its row
 * rather than reading it from a file-level global. */
typedef struct keyed_row {
  const int *columns;
  int n;
} keyed_row;

static int compare_rows(const void *a, const void *b) {
  const keyed_row *first = a, *second = b;
  for (int i = 0; i < first->n; i++)
    if (first->columns[i] != second->columns[i])
      return first->columns[i] < second->columns[i] ? -1 : 1;
  return 0;
}

static keyed_row *sorted_rows(const nq_solution_set *set) {
  keyed_row *rows = malloc((set->size ? set->size : 1) * sizeof *rows);
  if (!rows)
    return NULL;
  for (size_t i = 0; i < set->size; i++)
    rows[i] = (keyed_row){set->placements + i * (size_t)set->n, set->n};
  qsort(rows, set->size, sizeof *rows, compare_rows);
  return rows;
}

static void describe_placement(char *out, size_t out_size, const int *columns, int n) {
  size_t used = 0;
  for (int i = 0; i < n && used + 1 < out_size; i++) {
    int written = snprintf(out + used, out_size - used, i ? " %d" : "%d", columns[i] + 1);
    if (written < 0)
      break;
    used += (size_t)written;
  }
}

static int find_duplicate(const keyed_row *rows, size_t size, const char *name, char *why,
                          size_t why_size) {
  for (size_t i = 1; i < size; i++) {
    if (compare_rows(&rows[i - 1], &rows[i]) == 0) {
      char placement[256];
      describe_placement(placement, sizeof placement, rows[i].columns, rows[i].n);
      if (why)
        snprintf(why, why_size, "%s lists [%s] twice", name, placement);
      return 1;
    }
  }
  return 0;
}

int nq_solution_set_equal(nq_solution_set *first, const char *first_name,
                          nq_solution_set *second, const char *second_name, char *why,
                          size_t why_size) {
  if (first->n != second->n) {
    if (why)
      snprintf(why, why_size, "%s is for N = %d, %s for N = %d", first_name, first->n,
               second_name, second->n);
    return 0;
  }
  keyed_row *a = sorted_rows(first), *b = sorted_rows(second);
  int equal = 0;
  if (!a || !b) {
    if (why)
      snprintf(why, why_size, "out of memory comparing solution sets");
  } else if (!find_duplicate(a, first->size, first_name, why, why_size) &&
             !find_duplicate(b, second->size, second_name, why, why_size)) {
    size_t i = 0, j = 0;
    equal = 1;
    while (equal && (i < first->size || j < second->size)) {
      int order = i == first->size ? 1 : j == second->size ? -1 : compare_rows(&a[i], &b[j]);
      if (order == 0) {
        i++, j++;
        continue;
      }
      char placement[256];
      const keyed_row *extra = order < 0 ? &a[i] : &b[j];
      describe_placement(placement, sizeof placement, extra->columns, extra->n);
      if (why)
        snprintf(why, why_size, "[%s] found by %s but not by %s", placement,
                 order < 0 ? first_name : second_name, order < 0 ? second_name : first_name);
      equal = 0;
    }
  }
  free(a);
  free(b);
  return equal;
}
