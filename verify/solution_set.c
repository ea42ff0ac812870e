/* Solution sets: compare two enumerations as sets, not just by size, so a
 * solver that finds one board twice and misses another is caught. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "nqsat/verify.h"

/* A placement is kept in n bytes, one column per row (boards up to
 * NQ_SOLUTION_SET_MAX_N), and the sets are sorted in place: 365,596
 * solutions of N = 14 take 5.1 MB a set, where ints and a row index took
 * 4n + 16 bytes a solution. Byte order is column order, so memcmp sorts. */
struct nq_solution_set {
  int n;
  size_t size;
  size_t capacity;
  unsigned char *placements; /* size * n columns, row-major */
};

nq_solution_set *nq_solution_set_new(int n) {
  if (n < 1 || n > NQ_SOLUTION_SET_MAX_N)
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
  size_t n = (size_t)set->n;
  if (set->size == set->capacity) {
    unsigned char *grown = grow_array(set->placements, &set->capacity, set->size + 1, n, 64);
    if (!grown)
      return NQ_ERR_MEMORY;
    set->placements = grown;
  }
  unsigned char *row = set->placements + set->size * n;
  for (size_t i = 0; i < n; i++)
    row[i] = (unsigned char)columns[i];
  set->size++;
  return NQ_OK;
}

size_t nq_solution_set_size(const nq_solution_set *set) { return set->size; }

static unsigned char *row_at(const nq_solution_set *set, size_t i) {
  return set->placements + i * (size_t)set->n;
}

static int compare_rows(const nq_solution_set *set, size_t i, size_t j) {
  return memcmp(row_at(set, i), row_at(set, j), (size_t)set->n);
}

static void swap_rows(nq_solution_set *set, size_t i, size_t j) {
  unsigned char *a = row_at(set, i), *b = row_at(set, j);
  for (int k = 0; k < set->n; k++) {
    unsigned char t = a[k];
    a[k] = b[k];
    b[k] = t;
  }
}

static void sift_down(nq_solution_set *set, size_t root, size_t size) {
  for (size_t child; (child = 2 * root + 1) < size; root = child) {
    if (child + 1 < size && compare_rows(set, child, child + 1) < 0)
      child++;
    if (compare_rows(set, root, child) >= 0)
      return;
    swap_rows(set, root, child);
  }
}

/* Heapsort in place: no memory beyond the set, O(size log size). */
static void sort_rows(nq_solution_set *set) {
  for (size_t i = set->size / 2; i-- > 0;)
    sift_down(set, i, set->size);
  for (size_t end = set->size; end > 1; end--) {
    swap_rows(set, 0, end - 1);
    sift_down(set, 0, end - 1);
  }
}

static void describe_placement(char *out, size_t out_size, const unsigned char *columns, int n) {
  size_t used = 0;
  for (int i = 0; i < n && used + 1 < out_size; i++) {
    int written = snprintf(out + used, out_size - used, i ? " %d" : "%d", columns[i] + 1);
    if (written < 0)
      break;
    used += (size_t)written;
  }
}

static int find_duplicate(const nq_solution_set *set, const char *name, char *why,
                          size_t why_size) {
  for (size_t i = 1; i < set->size; i++) {
    if (compare_rows(set, i - 1, i) == 0) {
      char placement[256];
      describe_placement(placement, sizeof placement, row_at(set, i), set->n);
      if (why)
        snprintf(why, why_size, "%s lists [%s] twice", name, placement);
      return 1;
    }
  }
  return 0;
}

int nq_solution_set_equal(nq_solution_set *first, const char *first_name, nq_solution_set *second,
                          const char *second_name, char *why, size_t why_size) {
  if (first->n != second->n) {
    if (why)
      snprintf(why, why_size, "%s is for N = %d, %s for N = %d", first_name, first->n, second_name,
               second->n);
    return 0;
  }
  sort_rows(first);
  sort_rows(second);
  if (find_duplicate(first, first_name, why, why_size) ||
      find_duplicate(second, second_name, why, why_size))
    return 0;
  size_t i = 0, j = 0, n = (size_t)first->n;
  while (i < first->size || j < second->size) {
    int order = i == first->size    ? 1
                : j == second->size ? -1
                                    : memcmp(row_at(first, i), row_at(second, j), n);
    if (order == 0) {
      i++, j++;
      continue;
    }
    char placement[256];
    const unsigned char *extra = order < 0 ? row_at(first, i) : row_at(second, j);
    describe_placement(placement, sizeof placement, extra, first->n);
    if (why)
      snprintf(why, why_size, "[%s] found by %s but not by %s", placement,
               order < 0 ? first_name : second_name, order < 0 ? second_name : first_name);
    return 0;
  }
  return 1;
}
