/* Symmetry classes of a list of solutions (nq_verify_group_classes): each
 * solution's smallest image, the list sorted by it, equal images one class.
 * `nqsat show --unique` prints the classes; the teaching page colours the
 * solutions by them. */
#include <stdlib.h>
#include <string.h>

#include "nqsat/verify.h"

/* qsort has no context: each key carries its image and n. */
typedef struct keyed_image {
  const int *image;
  int n;
  size_t index;
} keyed_image;

static int compare_images(const void *a, const void *b) {
  const keyed_image *x = a, *y = b;
  for (int i = 0; i < x->n; i++)
    if (x->image[i] != y->image[i])
      return x->image[i] < y->image[i] ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

int nq_verify_group_classes(int n, const int *solutions, size_t count, int *class_of,
                            int *class_size, int *seen, int *canonical) {
  size_t room = count ? count : 1;
  int *images = malloc(room * (size_t)n * sizeof *images);
  int *size_of = malloc(room * sizeof *size_of); /* class size, per solution */
  keyed_image *keys = malloc(room * sizeof *keys);
  int classes = -1;
  if (!images || !size_of || !keys)
    goto done;
  for (size_t i = 0; i < count; i++) {
    size_of[i] = nq_verify_canonical(solutions + i * (size_t)n, n, images + i * (size_t)n);
    if (size_of[i] < 1)
      goto done;
    keys[i] = (keyed_image){images + i * (size_t)n, n, i};
  }
  qsort(keys, count, sizeof *keys, compare_images);
  size_t groups = 0;
  for (size_t i = 0; i < count; i++) {
    int new_class = !i || memcmp(keys[i - 1].image, keys[i].image, (size_t)n * sizeof(int));
    if (new_class) {
      class_size[groups] = size_of[keys[i].index];
      if (seen)
        seen[groups] = 0;
      if (canonical)
        memcpy(canonical + groups * (size_t)n, keys[i].image, (size_t)n * sizeof(int));
      groups++;
    }
    class_of[keys[i].index] = (int)groups - 1;
    if (seen)
      seen[groups - 1]++;
  }
  classes = (int)groups;
done:
  free(images);
  free(size_of);
  free(keys);
  return classes;
}
