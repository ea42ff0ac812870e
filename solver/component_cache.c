/* The cache of component counts (see component_cache.h): chained hash
 * buckets over an array of entries, a byte count of what is held,
 * eviction by age and size when a bound is set, and a log of stores in
 * order so the entries of an unsatisfiable branch can be taken back. */
#include "component_cache.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "invariant.h"

typedef struct cache_entry {
  uint64_t hash;
  uint64_t last_used; /* the cache's clock at the last find or store */
  uint64_t stored;    /* the cache's store count when it was stored */
  int *key;           /* NULL: the slot is free */
  int length;
  int next; /* next entry of the bucket, or the next free slot; -1 ends */
  mpz_t count;
} cache_entry;

/* One store, in store order: the slot and the entry's `stored` then (a
 * slot evicted and reused since holds another number). */
typedef struct store_record {
  uint64_t stored;
  int slot;
} store_record;

struct component_cache {
  cache_entry *entries;
  store_record *log;
  size_t log_size, log_capacity;
  uint64_t stores;
  size_t capacity;
  int used, free_slot;
  int *buckets;          /* [bucket_count]: first entry or -1 */
  uint64_t bucket_count; /* a power of two */
  uint64_t clock;
  uint64_t bytes, peak_bytes, byte_bound, evictions;
};

/* What a block of `size` bytes takes from the C library's heap: a header
 * of 8 bytes, rounded up to 16, at least 32 (glibc's chunks; others are
 * close). Counting it keeps the process, not just the payload, within the
 * bound: a key of 30 ints is 120 bytes asked, 128 taken. */
static uint64_t heap_block(uint64_t size) {
  uint64_t block = (size + 8 + 15) & ~(uint64_t)15;
  return block < 32 ? 32 : block;
}

/* An entry's share of the memory: its key and count (each a block of
 * its own), and its slot, log record and bucket twice over, since those
 * arrays grow by doubling and may be half empty. */
static uint64_t held_bytes(int length, size_t limbs) {
  return 2 * (sizeof(cache_entry) + sizeof(store_record) + sizeof(int)) +
         heap_block((uint64_t)length * sizeof(int)) +
         heap_block((uint64_t)limbs * sizeof(mp_limb_t));
}

static uint64_t entry_bytes(const cache_entry *entry) {
  return held_bytes(entry->length, mpz_size(entry->count));
}

uint64_t component_cache_hash(const int *key, int length) {
  uint64_t hash = 0x9e3779b97f4a7c15u ^ (uint64_t)length;
  for (int i = 0; i < length; i++) {
    hash ^= (uint32_t)key[i];
    hash *= 0xff51afd7ed558ccdu;
    hash ^= hash >> 32;
  }
  return hash;
}

component_cache *component_cache_new(uint64_t byte_bound) {
  component_cache *cache = calloc(1, sizeof *cache);
  if (!cache)
    return NULL;
  cache->bucket_count = 1024;
  cache->buckets = malloc(cache->bucket_count * sizeof *cache->buckets);
  if (!cache->buckets) {
    free(cache);
    return NULL;
  }
  memset(cache->buckets, -1, cache->bucket_count * sizeof *cache->buckets);
  cache->free_slot = -1;
  cache->byte_bound = byte_bound;
  cache->bytes = cache->bucket_count * sizeof *cache->buckets;
  return cache;
}

void component_cache_free(component_cache *cache) {
  if (!cache)
    return;
  for (int i = 0; i < cache->used; i++)
    if (cache->entries[i].key) {
      free(cache->entries[i].key);
      mpz_clear(cache->entries[i].count);
    }
  free(cache->entries);
  free(cache->log);
  free(cache->buckets);
  free(cache);
}

static void relink_buckets(component_cache *cache) {
  memset(cache->buckets, -1, cache->bucket_count * sizeof *cache->buckets);
  for (int i = 0; i < cache->used; i++) {
    cache_entry *entry = &cache->entries[i];
    if (!entry->key)
      continue;
    uint64_t bucket = entry->hash & (cache->bucket_count - 1);
    entry->next = cache->buckets[bucket];
    cache->buckets[bucket] = i;
  }
}

/* Doubling the buckets when entries outnumber them keeps chains short. */
static void grow_buckets(component_cache *cache) {
  uint64_t wanted = cache->bucket_count * 2;
  int *buckets = realloc(cache->buckets, wanted * sizeof *buckets);
  if (!buckets)
    return; /* longer chains, still correct */
  cache->bytes += (wanted - cache->bucket_count) * sizeof *buckets;
  cache->buckets = buckets;
  cache->bucket_count = wanted;
  relink_buckets(cache);
}

typedef struct eviction_order {
  uint64_t last_used, bytes;
  int index;
} eviction_order;

/* Oldest first; among equally old, the larger first. */
static int compare_eviction(const void *a, const void *b) {
  const eviction_order *x = a, *y = b;
  if (x->last_used != y->last_used)
    return x->last_used < y->last_used ? -1 : 1;
  return (x->bytes < y->bytes) - (x->bytes > y->bytes);
}

static void release_entry(component_cache *cache, int index) {
  cache_entry *entry = &cache->entries[index];
  cache->bytes -= entry_bytes(entry);
  free(entry->key);
  mpz_clear(entry->count);
  entry->key = NULL;
  entry->next = cache->free_slot;
  cache->free_slot = index;
}

/* Keeps the log to the entries still held, so it grows with the cache. */
static void prune_log(component_cache *cache) {
  size_t kept = 0;
  for (size_t i = 0; i < cache->log_size; i++) {
    const cache_entry *entry = &cache->entries[cache->log[i].slot];
    if (entry->key && entry->stored == cache->log[i].stored)
      cache->log[kept++] = cache->log[i];
  }
  cache->log_size = kept;
}

static void evict_to(component_cache *cache, uint64_t target) {
  int held = 0;
  for (int i = 0; i < cache->used; i++)
    held += cache->entries[i].key != NULL;
  eviction_order *order = malloc((size_t)(held ? held : 1) * sizeof *order);
  if (!order) {
    /* No room to sort: evict in slot order, still honouring the bound. */
    for (int i = 0; i < cache->used && cache->bytes > target; i++)
      if (cache->entries[i].key) {
        release_entry(cache, i);
        cache->evictions++;
      }
  } else {
    int k = 0;
    for (int i = 0; i < cache->used; i++)
      if (cache->entries[i].key)
        order[k++] =
            (eviction_order){cache->entries[i].last_used, entry_bytes(&cache->entries[i]), i};
    qsort(order, (size_t)k, sizeof *order, compare_eviction);
    for (int i = 0; i < k && cache->bytes > target; i++) {
      release_entry(cache, order[i].index);
      cache->evictions++;
    }
    free(order);
  }
  relink_buckets(cache);
  prune_log(cache);
}

uint64_t component_cache_store_count(const component_cache *cache) { return cache->stores; }

void component_cache_forget_since(component_cache *cache, uint64_t store_count) {
  while (cache->log_size && cache->log[cache->log_size - 1].stored > store_count) {
    store_record record = cache->log[--cache->log_size];
    cache_entry *entry = &cache->entries[record.slot];
    if (!entry->key || entry->stored != record.stored)
      continue; /* evicted already */
    int *link = &cache->buckets[entry->hash & (cache->bucket_count - 1)];
    while (*link != record.slot)
      link = &cache->entries[*link].next;
    *link = entry->next;
    release_entry(cache, record.slot);
  }
}

/* An entry as stored (the sanitizer build; common/internal/invariant.h):
 * a canonical key (its variable count, the variables ascending, the
 * clause ids ascending), its hash, a count (no sign), in its
 * bucket, and its bytes counted in those held. */
static void check_entry(const component_cache *cache, int slot) {
  if (!NQ_CHECKING_INVARIANTS)
    return;
  const cache_entry *entry = &cache->entries[slot];
  NQ_INVARIANT(entry->key && entry->length >= 1);
  int variables = entry->key[0];
  NQ_INVARIANT(variables >= 0 && 1 + variables <= entry->length);
  for (int i = 2; i < entry->length; i++)
    if (i != 1 + variables) /* the first clause id follows the last variable */
      NQ_INVARIANT(entry->key[i - 1] < entry->key[i]);
  NQ_INVARIANT(entry->hash == component_cache_hash(entry->key, entry->length));
  NQ_INVARIANT(mpz_sgn(entry->count) >= 0);
  int found = 0;
  for (int i = cache->buckets[entry->hash & (cache->bucket_count - 1)]; i >= 0 && !found;
       i = cache->entries[i].next)
    found = i == slot;
  NQ_INVARIANT(found);
  NQ_INVARIANT(cache->bytes >= entry_bytes(entry));
}

int component_cache_find(component_cache *cache, const int *key, int length, uint64_t hash,
                         mpz_t count) {
  for (int i = cache->buckets[hash & (cache->bucket_count - 1)]; i >= 0;
       i = cache->entries[i].next) {
    cache_entry *entry = &cache->entries[i];
    if (entry->hash == hash && entry->length == length &&
        !memcmp(entry->key, key, (size_t)length * sizeof *key)) {
      entry->last_used = ++cache->clock;
      mpz_set(count, entry->count);
      check_entry(cache, i);
      return 1;
    }
  }
  return 0;
}

static int take_slot(component_cache *cache) {
  if (cache->free_slot >= 0) {
    int slot = cache->free_slot;
    cache->free_slot = cache->entries[slot].next;
    return slot;
  }
  if ((size_t)cache->used == cache->capacity) {
    if (cache->used == INT32_MAX)
      return -1;
    cache_entry *entries =
        grow_array(cache->entries, &cache->capacity, (size_t)cache->used + 1, sizeof *entries, 256);
    if (!entries)
      return -1;
    cache->entries = entries;
  }
  return cache->used++;
}

nq_status component_cache_store(component_cache *cache, const int *key, int length, uint64_t hash,
                                const mpz_t count) {
  uint64_t needed = held_bytes(length, mpz_size(count));
  if (cache->byte_bound) {
    if (needed * 2 > cache->byte_bound)
      return NQ_OK; /* never fits: not cached */
    if (cache->bytes + needed > cache->byte_bound)
      evict_to(cache, cache->byte_bound / 2);
  }
  if (cache->log_size == cache->log_capacity) {
    store_record *log =
        grow_array(cache->log, &cache->log_capacity, cache->log_size + 1, sizeof *log, 256);
    if (!log)
      return NQ_ERR_MEMORY;
    cache->log = log;
  }
  int *copy = malloc((size_t)length * sizeof *copy);
  if (!copy)
    return NQ_ERR_MEMORY;
  int slot = take_slot(cache);
  if (slot < 0) {
    free(copy);
    return NQ_ERR_MEMORY;
  }
  cache_entry *entry = &cache->entries[slot];
  memcpy(copy, key, (size_t)length * sizeof *key);
  entry->key = copy;
  entry->length = length;
  entry->hash = hash;
  entry->last_used = ++cache->clock;
  entry->stored = ++cache->stores;
  cache->log[cache->log_size++] = (store_record){entry->stored, slot};
  mpz_init_set(entry->count, count);
  uint64_t bucket = hash & (cache->bucket_count - 1);
  entry->next = cache->buckets[bucket];
  cache->buckets[bucket] = slot;
  cache->bytes += entry_bytes(entry);
  if (cache->bytes > cache->peak_bytes)
    cache->peak_bytes = cache->bytes;
  check_entry(cache, slot);
  if ((uint64_t)cache->used > cache->bucket_count &&
      (!cache->byte_bound ||
       cache->bytes + cache->bucket_count * sizeof(int) * 2 < cache->byte_bound))
    grow_buckets(cache);
  return NQ_OK;
}

void component_cache_read_stats(const component_cache *cache, component_cache_stats *stats) {
  stats->entries = 0;
  for (int i = 0; i < cache->used; i++)
    stats->entries += cache->entries[i].key != NULL;
  stats->peak_bytes = cache->peak_bytes;
  stats->evictions = cache->evictions;
}
