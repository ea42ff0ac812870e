/* The cache of component counts (see component_cache.h): chained hash
 * buckets over an array of entries, a byte count of what is held,
 * eviction by age and size when a bound is set, and a log of stores in
 * order so the entries of an unsatisfiable branch can be taken back.
 *
 * Keys are held packed (pack_key): each int as a varint of its
 * difference from the int before. A key's variables ascend, and so do
 * its clause ids, so most differences fit a byte: the cache holds about
 * three times the entries a key of plain ints would let it hold in the
 * same memory, as sharpSAT packs its keys for the same reason. */
#include "component_cache.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "invariant.h"

typedef struct cache_entry {
  uint64_t hash;
  uint64_t last_used; /* the cache's clock at the last find or store */
  uint64_t stored;    /* the cache's store count when it was stored */
  unsigned char *key; /* packed (pack_key); NULL: the slot is free */
  uint32_t bytes;     /* of the packed key */
  int next;           /* next entry of the bucket, or the next free slot; -1 ends */
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
  unsigned char *packed; /* the key being found or stored, packed */
  size_t packed_capacity;
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

/* An entry's share of the memory: its packed key and count (each a block
 * of its own), and its slot, log record and bucket twice over, since those
 * arrays grow by doubling and may be half empty. */
static uint64_t held_bytes(size_t key_bytes, size_t limbs) {
  return 2 * (sizeof(cache_entry) + sizeof(store_record) + sizeof(int)) +
         heap_block((uint64_t)key_bytes) + heap_block((uint64_t)limbs * sizeof(mp_limb_t));
}

static uint64_t entry_bytes(const cache_entry *entry) {
  return held_bytes(entry->bytes, mpz_size(entry->count));
}

/* The most bytes pack_key writes for one int: a difference of two ints
 * needs 33 bits with its sign, 7 a byte. */
enum { PACKED_INT_BYTES = 5 };

/* Writes `key` packed into cache->packed: each int's difference from
 * the previous one (the first's from 0), sign folded into the lowest bit
 * (zigzag), as a varint of 7 bits a byte, low bits first, the high bit
 * set on every byte but the last. Returns the bytes written, 0 when out
 * of memory (a key has at least one int, so never 0 otherwise). */
static size_t pack_key(component_cache *cache, const int *key, int length) {
  size_t most = (size_t)length * PACKED_INT_BYTES;
  if (most > cache->packed_capacity) {
    unsigned char *grown =
        grow_array(cache->packed, &cache->packed_capacity, most, sizeof *grown, 256);
    if (!grown)
      return 0;
    cache->packed = grown;
  }
  unsigned char *out = cache->packed;
  size_t bytes = 0;
  int64_t previous = 0;
  for (int i = 0; i < length; i++) {
    int64_t difference = (int64_t)key[i] - previous;
    previous = key[i];
    uint64_t folded =
        difference >= 0 ? (uint64_t)difference << 1 : ((uint64_t)-difference << 1) - 1;
    while (folded >= 0x80) {
      out[bytes++] = (unsigned char)(folded | 0x80);
      folded >>= 7;
    }
    out[bytes++] = (unsigned char)folded;
  }
  return bytes;
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
  free(cache->packed);
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
 * a canonical key (its variable count, the variables ascending, the ids
 * of clauses with a false literal ascending), a count (no sign), in the
 * bucket of its hash, and its bytes counted in those held. The hash is
 * the caller's: any hash gives right answers (the bucket only finds the
 * entry), which tests/test_component_cache.c relies on to force
 * collisions. */
static void check_entry(const component_cache *cache, int slot) {
  if (!NQ_CHECKING_INVARIANTS)
    return;
  const cache_entry *entry = &cache->entries[slot];
  NQ_INVARIANT(entry->key && entry->bytes >= 1 && !(entry->key[entry->bytes - 1] & 0x80));
  int *key = malloc(entry->bytes * sizeof *key); /* at least a byte an int */
  NQ_INVARIANT(key);
  int length = 0;
  int64_t previous = 0;
  for (uint32_t at = 0; at < entry->bytes; length++) {
    uint64_t folded = 0;
    for (int shift = 0;; shift += 7) {
      NQ_INVARIANT(shift < 7 * PACKED_INT_BYTES);
      folded |= (uint64_t)(entry->key[at] & 0x7f) << shift;
      if (!(entry->key[at++] & 0x80))
        break;
    }
    int64_t difference = folded & 1 ? -(int64_t)((folded + 1) >> 1) : (int64_t)(folded >> 1);
    previous += difference;
    NQ_INVARIANT(previous >= INT32_MIN && previous <= INT32_MAX);
    key[length] = (int)previous;
  }
  int variables = key[0];
  NQ_INVARIANT(variables >= 0 && 1 + variables <= length);
  for (int i = 2; i < length; i++)
    if (i != 1 + variables) /* the first clause id follows the last variable */
      NQ_INVARIANT(key[i - 1] < key[i]);
  free(key);
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
  size_t bytes = 0;
  for (int i = cache->buckets[hash & (cache->bucket_count - 1)]; i >= 0;
       i = cache->entries[i].next) {
    cache_entry *entry = &cache->entries[i];
    if (entry->hash != hash)
      continue;
    if (!bytes && !(bytes = pack_key(cache, key, length)))
      return 0; /* out of memory: a miss, still correct */
    if (entry->bytes == bytes && !memcmp(entry->key, cache->packed, bytes)) {
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
  size_t bytes = pack_key(cache, key, length);
  if (!bytes || bytes > UINT32_MAX)
    return NQ_ERR_MEMORY;
  uint64_t needed = held_bytes(bytes, mpz_size(count));
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
  unsigned char *copy = malloc(bytes);
  if (!copy)
    return NQ_ERR_MEMORY;
  int slot = take_slot(cache);
  if (slot < 0) {
    free(copy);
    return NQ_ERR_MEMORY;
  }
  cache_entry *entry = &cache->entries[slot];
  memcpy(copy, cache->packed, bytes);
  entry->key = copy;
  entry->bytes = (uint32_t)bytes;
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
