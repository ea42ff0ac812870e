/* A hash set of byte strings with open addressing (linear probing). Keys
 * live one after another in one growing block and the table holds their
 * numbers, so growing the table rehashes numbers, not keys, and a key costs
 * its bytes, its line and two table slots. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "key_set.h"

typedef struct key_entry {
  uint64_t hash;
  long line;
} key_entry;

struct key_set {
  size_t key_size;
  size_t count;
  size_t key_capacity, entry_capacity; /* keys and entries allocated */
  unsigned char *keys;                 /* count * key_size bytes */
  key_entry *entries; /* per key: its hash (growing needs no rehash of the bytes), its line */
  size_t *slots;      /* key number + 1; 0 is an empty slot */
  size_t slot_count;  /* a power of two, at least twice `count` */
};

/* FNV-1a over 8-byte words, then a final mix: fast, and the keys (columns,
 * model bits) are not chosen by an adversary. */
static uint64_t hash_bytes(const unsigned char *key, size_t size) {
  uint64_t hash = 0xcbf29ce484222325u;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    memcpy(&word, key + i, 8);
    hash = (hash ^ word) * 0x100000001b3u;
    hash ^= hash >> 29;
  }
  for (; i < size; i++)
    hash = (hash ^ key[i]) * 0x100000001b3u;
  hash ^= hash >> 33;
  hash *= 0xff51afd7ed558ccdu;
  hash ^= hash >> 33;
  return hash;
}

key_set *key_set_new(size_t key_size) {
  if (key_size == 0)
    return NULL;
  key_set *set = calloc(1, sizeof *set);
  if (set)
    set->key_size = key_size;
  return set;
}

void key_set_free(key_set *set) {
  if (!set)
    return;
  free(set->keys);
  free(set->entries);
  free(set->slots);
  free(set);
}

size_t key_set_size(const key_set *set) { return set->count; }

/* The slot holding `key`, or the empty slot where it would go. */
static size_t find_slot(const key_set *set, const unsigned char *key, uint64_t hash) {
  size_t mask = set->slot_count - 1;
  for (size_t slot = (size_t)hash & mask;; slot = (slot + 1) & mask) {
    size_t number = set->slots[slot];
    if (!number)
      return slot;
    number--;
    if (set->entries[number].hash == hash &&
        !memcmp(set->keys + number * set->key_size, key, set->key_size))
      return slot;
  }
}

/* Rehashes into a table of at least `wanted` slots (a power of two). */
static int resize_table(key_set *set, size_t wanted) {
  size_t slot_count = set->slot_count ? set->slot_count : 1024;
  while (slot_count < wanted)
    slot_count *= 2;
  size_t *slots = calloc(slot_count, sizeof *slots);
  if (!slots)
    return -1;
  for (size_t number = 0; number < set->count; number++) {
    size_t slot = (size_t)set->entries[number].hash & (slot_count - 1);
    while (slots[slot])
      slot = (slot + 1) & (slot_count - 1);
    slots[slot] = number + 1;
  }
  free(set->slots);
  set->slots = slots;
  set->slot_count = slot_count;
  return 0;
}

static int grow_table(key_set *set) {
  return resize_table(set, set->slot_count ? 2 * set->slot_count : 1024);
}

/* Room for at least `wanted` keys. */
static int resize_keys(key_set *set, size_t wanted) {
  unsigned char *keys = grow_array(set->keys, &set->key_capacity, wanted, set->key_size, 256);
  if (!keys)
    return -1;
  set->keys = keys;
  key_entry *entries = grow_array(set->entries, &set->entry_capacity, wanted, sizeof *entries, 256);
  if (!entries)
    return -1;
  set->entries = entries;
  return 0;
}

int key_set_reserve(key_set *set, size_t count) {
  if (count > SIZE_MAX / 4)
    return -1;
  if (2 * count > set->slot_count && resize_table(set, 2 * count))
    return -1;
  if ((count > set->key_capacity || count > set->entry_capacity) && resize_keys(set, count))
    return -1;
  return 0;
}

void key_set_prefetch(const key_set *set, const void *key) {
  if (set->slot_count)
    __builtin_prefetch(&set->slots[hash_bytes(key, set->key_size) & (set->slot_count - 1)]);
}

int key_set_contains(const key_set *set, const void *key) {
  if (!set->slot_count)
    return 0;
  return set->slots[find_slot(set, key, hash_bytes(key, set->key_size))] != 0;
}

int key_set_add(key_set *set, const void *key, long line, long *first_line) {
  if (2 * (set->count + 1) > set->slot_count && grow_table(set))
    return -1;
  uint64_t hash = hash_bytes(key, set->key_size);
  size_t slot = find_slot(set, key, hash);
  if (set->slots[slot]) {
    if (first_line)
      *first_line = set->entries[set->slots[slot] - 1].line;
    return 0;
  }
  if ((set->count == set->key_capacity || set->count == set->entry_capacity) &&
      resize_keys(set, set->count + 1))
    return -1;
  memcpy(set->keys + set->count * set->key_size, key, set->key_size);
  set->entries[set->count] = (key_entry){hash, line};
  set->slots[slot] = ++set->count;
  return 1;
}
