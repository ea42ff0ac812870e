/* Growing an array by doubling, with the size arithmetic checked once.
 *
 *   if (list->count == list->capacity) {
 *     item *grown = grow_array(list->items, &list->capacity, list->count + 1,
 *                              sizeof *grown, 64);
 *     if (!grown)
 *       return -1;               // out of memory: list->items still valid
 *     list->items = grown;
 *   }
 *
 * Header-only (static inline), so every part, the installed libraries too,
 * can use it without exporting a symbol. */
#ifndef NQSAT_GROW_H
#define NQSAT_GROW_H

#include <stdint.h>
#include <stdlib.h>

/* Returns `items` reallocated to hold at least `needed` elements of `size`
 * bytes (the capacity doubled from `initial` until it does) and sets
 * *capacity; NULL when memory runs out or the size overflows, with `items`
 * and *capacity unchanged. */
static inline void *grow_array(void *items, size_t *capacity, size_t needed, size_t size,
                               size_t initial) {
  size_t grown = *capacity ? *capacity : (initial ? initial : 1);
  while (grown < needed) {
    if (grown > SIZE_MAX / 2)
      return NULL;
    grown *= 2;
  }
  if (size && grown > SIZE_MAX / size)
    return NULL;
  void *moved = realloc(items, grown * size);
  if (moved)
    *capacity = grown;
  return moved;
}

#endif
