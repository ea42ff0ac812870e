/* The open-addressing table of clause_pair_map.h: linear probing, grown
 * to keep it at most half full. */
#include "clause_pair_map.h"

#include <stdlib.h>

static uint64_t pair_key(int a, int b) {
  uint64_t low = (uint64_t)(unsigned)(a < b ? a : b), high = (uint64_t)(unsigned)(a < b ? b : a);
  return (high << 32 | low) + 1; /* never 0 */
}

static size_t slot_of(uint64_t key, size_t capacity) {
  return (size_t)((key * 0x9e3779b97f4a7c15u) >> 32) & (capacity - 1);
}

static int grow(clause_pair_map *map) {
  size_t capacity = map->capacity ? 2 * map->capacity : 1024;
  uint64_t *keys = calloc(capacity, sizeof *keys);
  int *ids = malloc(capacity * sizeof *ids);
  if (!keys || !ids) {
    free(keys);
    free(ids);
    return -1;
  }
  for (size_t i = 0; i < map->capacity; i++) {
    if (!map->keys[i])
      continue;
    size_t slot = slot_of(map->keys[i], capacity);
    while (keys[slot])
      slot = (slot + 1) & (capacity - 1);
    keys[slot] = map->keys[i];
    ids[slot] = map->ids[i];
  }
  free(map->keys);
  free(map->ids);
  map->keys = keys;
  map->ids = ids;
  map->capacity = capacity;
  return 0;
}

int clause_pair_map_put(clause_pair_map *map, int a, int b, int id) {
  if (2 * (map->count + 1) > map->capacity && grow(map))
    return -1;
  uint64_t key = pair_key(a, b);
  size_t slot = slot_of(key, map->capacity);
  while (map->keys[slot]) {
    if (map->keys[slot] == key)
      return 0;
    slot = (slot + 1) & (map->capacity - 1);
  }
  map->keys[slot] = key;
  map->ids[slot] = id;
  map->count++;
  return 0;
}

int clause_pair_map_get(const clause_pair_map *map, int a, int b) {
  if (!map->capacity)
    return 0;
  uint64_t key = pair_key(a, b);
  for (size_t slot = slot_of(key, map->capacity); map->keys[slot];
       slot = (slot + 1) & (map->capacity - 1))
    if (map->keys[slot] == key)
      return map->ids[slot];
  return 0;
}

void clause_pair_map_free(clause_pair_map *map) {
  free(map->keys);
  free(map->ids);
  map->keys = NULL;
  map->ids = NULL;
  map->capacity = map->count = 0;
}
